/*
 * fen.c - reading and writing FEN, with strict validation: every problem
 * gets a status code, the byte offset where it was found and a message.
 */
#include <ctype.h>
#include <stdarg.h>
#include <stdio.h>
#include <string.h>

#include "internal.h"

struct reader {
	const char *text;
	const char *at;
	bc_error *err;
};

static int fail(struct reader *rd, int code, const char *where,
    const char *fmt, ...) __attribute__((format(printf, 4, 5)));

static int
fail(struct reader *rd, int code, const char *where, const char *fmt, ...)
{
	va_list ap;

	if (rd->err) {
		rd->err->code = code;
		rd->err->offset = (size_t)(where - rd->text);
		va_start(ap, fmt);
		vsnprintf(rd->err->message, sizeof rd->err->message, fmt, ap);
		va_end(ap);
		error_clean(rd->err);
	}
	return code;
}

static void
skip_spaces(struct reader *rd)
{
	while (*rd->at == ' ' || *rd->at == '\t')
		rd->at++;
}

/* Parses a decimal number of at most `digits` digits. */
static bool
read_number(struct reader *rd, long *out, int digits)
{
	long n = 0;
	int count = 0;

	while (isdigit((unsigned char)*rd->at)) {
		if (++count > digits)
			return false;
		n = n * 10 + (*rd->at++ - '0');
	}
	*out = n;
	return count > 0;
}

/* A rank's name in messages: "rank 8 (b8-m8)" on a board whose ranks
 * differ in width, else "rank 8". */
static const char *
rank_label(const bc_variant *v, int rank, char *buf, size_t size)
{
	int first = bc_variant_rank_first_file(v, rank);
	int width = bc_variant_rank_width(v, rank);

	if (bc_variant_has_missing_cells(v))
		snprintf(buf, size, "rank %d (%c%d-%c%d)", rank + 1, 'a' + first,
		    rank + 1, 'a' + first + width - 1, rank + 1);
	else
		snprintf(buf, size, "rank %d", rank + 1);
	return buf;
}

/*
 * Each rank lists its cells in file order, from its first file: on most
 * boards every file, on HexChad's only the cells the rank has.
 */
static int
read_placement(struct reader *rd, bc_position *pos)
{
	const bc_variant *v = pos->variant;
	const struct variant_def *d = v->def;
	int rank = d->ranks - 1, file = 0;
	int width = bc_variant_rank_width(v, rank);
	char label[64];

	for (;; rd->at++) {
		unsigned char c = (unsigned char)*rd->at;

		if (isdigit(c)) {
			const char *start = rd->at;
			long run;

			if (c == '0')
				return fail(rd, BC_ESYNTAX, start,
				    "a run of empty squares cannot start with "
				    "0");
			if (!read_number(rd, &run, 2) || file + run > width)
				return fail(rd, BC_EINVALID, start,
				    "%s has more than %d squares",
				    rank_label(v, rank, label, sizeof label),
				    width);
			file += (int)run;
			rd->at--;
		} else if (c == '/' || c == ' ' || c == '\0') {
			if (file != width)
				return fail(rd, BC_EINVALID, rd->at,
				    "%s has %d squares, not %d",
				    rank_label(v, rank, label, sizeof label),
				    file, width);
			if (c != '/')
				break;
			if (rank == 0)
				return fail(rd, BC_EINVALID, rd->at,
				    "more than %d ranks", d->ranks);
			rank--;
			file = 0;
			width = bc_variant_rank_width(v, rank);
		} else if (c < 128 && v->type_of_letter[c]) {
			int color = isupper(c) ? BC_WHITE : BC_BLACK;
			int sq = BC_SQUARE(
			    bc_variant_rank_first_file(v, rank) + file, rank);

			if (file >= width)
				return fail(rd, BC_EINVALID, rd->at,
				    "%s has more than %d squares",
				    rank_label(v, rank, label, sizeof label),
				    width);
			if (pos->piece_count[color] >= v->max_pieces)
				return fail(rd, BC_EINVALID, rd->at,
				    "%s has more than the %d pieces of the "
				    "start",
				    color == BC_WHITE ? "White" : "Black",
				    v->max_pieces);
			position_put(
			    pos, sq, BC_PIECE(color, v->type_of_letter[c]));
			file++;
		} else {
			return fail(rd, BC_ESYNTAX, rd->at,
			    isprint(c) ? "'%c' is not a piece of %s"
			               : "byte 0x%02x is not a piece of %s",
			    c, d->name);
		}
	}
	if (rank != 0)
		return fail(rd, BC_EINVALID, rd->at, "%d ranks, not %d",
		    d->ranks - rank, d->ranks);
	return BC_OK;
}

static int
check_pieces(struct reader *rd, bc_position *pos, const char *field)
{
	const bc_variant *v = pos->variant;
	const struct variant_def *d = v->def;

	for (int color = 0; color < 2; color++) {
		const char *side = color == BC_WHITE ? "White" : "Black";

		if (pos->type_count[color][v->royal_type] != 1)
			return fail(rd, BC_EINVALID, field,
			    "%s has %d kings, not one", side,
			    pos->type_count[color][v->royal_type]);
		for (int i = 0; i < pos->piece_count[color]; i++) {
			int sq = pos->piece_list[color][i];
			int type = BC_PIECE_TYPE(pos->board[sq]);
			int rel = v->rel_rank[color][sq];

			if ((d->pieces[type].flags & PIECE_PAWN) &&
			    (rel == 1 || rel == d->ranks))
				return fail(rd, BC_EINVALID, field,
				    "%s %s on %c%d, its own %s rank", side,
				    d->pieces[type].name, 'a' + BC_FILE(sq),
				    BC_RANK(sq) + 1,
				    rel == 1 ? "first" : "last");
			if (is_confined(v, type) &&
			    !in_own_castle(v, color, sq))
				return fail(rd, BC_EINVALID, field,
				    "%s %s on %c%d is outside its castle", side,
				    d->pieces[type].name, 'a' + BC_FILE(sq),
				    BC_RANK(sq) + 1);
			if (d->fen_rejects_unpromoted &&
			    (d->pieces[type].flags & PIECE_PROMOTES) &&
			    v->promo_zone[color][sq] == ZONE_FORCED)
				return fail(rd, BC_EINVALID, field,
				    "%s %s on %c%d would have promoted: it "
				    "stands inside the enemy castle",
				    side, d->pieces[type].name,
				    'a' + BC_FILE(sq), BC_RANK(sq) + 1);
		}
	}
	return BC_OK;
}

static int
read_castling(struct reader *rd, bc_position *pos)
{
	const bc_variant *v = pos->variant;
	const struct variant_def *d = v->def;
	static const char letters[] = "KQkq";

	if (*rd->at == '-') {
		rd->at++;
		return BC_OK;
	}
	if (d->castling == CASTLING_NONE)
		return fail(rd, BC_EINVALID, rd->at,
		    "%s has no castling; the field must be '-'", d->name);
	while (*rd->at && *rd->at != ' ' && *rd->at != '\t') {
		const char *p = strchr(letters, *rd->at);
		int bit, color, wing, rank;
		bc_piece king, rook;

		if (!p)
			return fail(rd, BC_ESYNTAX, rd->at,
			    "castling rights are K, Q, k, q or -");
		bit = 1 << (p - letters);
		if (pos->castling & bit)
			return fail(rd, BC_ESYNTAX, rd->at,
			    "castling right '%c' given twice", *rd->at);
		color = bit >= BC_CASTLE_BK ? BC_BLACK : BC_WHITE;
		wing = (bit == BC_CASTLE_WQ || bit == BC_CASTLE_BQ);
		rank = color == BC_WHITE ? 0 : d->ranks - 1;
		king = pos->board[BC_SQUARE(d->castle_king_file, rank)];
		rook = pos->board[BC_SQUARE(d->castle_rook_file[wing], rank)];
		if (king != BC_PIECE(color, v->royal_type) ||
		    rook != BC_PIECE(color, v->type_of_letter['R']))
			return fail(rd, BC_EINVALID, rd->at,
			    "castling right '%c' needs the king on %c%d and a "
			    "rook on %c%d",
			    *rd->at, 'a' + d->castle_king_file, rank + 1,
			    'a' + d->castle_rook_file[wing], rank + 1);
		pos->castling |= (uint8_t)bit;
		rd->at++;
	}
	pos->hash ^= v->zobrist_castling[pos->castling];
	return BC_OK;
}

static int
read_square(struct reader *rd, const bc_variant *v, int *sq)
{
	const char *start = rd->at;
	int file = *rd->at - 'a';
	long rank;

	if (file < 0 || file >= v->def->files)
		return fail(rd, BC_ESYNTAX, start, "expected a square");
	rd->at++;
	if (!read_number(rd, &rank, 2) || rank < 1 || rank > v->def->ranks ||
	    !bc_variant_cell_exists(v, file, (int)rank - 1))
		return fail(rd, BC_ESYNTAX, start, "expected a square");
	*sq = BC_SQUARE(file, (int)rank - 1);
	return BC_OK;
}

/*
 * Could the pawn on `victim` just have made a long move that skipped every
 * listed square?  Some origin behind the squares must fit its long ray.
 */
static bool
long_move_fits(const bc_position *pos, int victim, int step, int farthest)
{
	const bc_variant *v = pos->variant;
	int color = BC_PIECE_COLOR(pos->board[victim]);
	int type = BC_PIECE_TYPE(pos->board[victim]);
	const struct piece_def *pd = &v->def->pieces[type];

	for (int i = 0; i < v->ray_count[type]; i++) {
		const struct ray *r = &pd->rays[i];
		int range = r->range ? r->range : BC_MAX_RANKS;

		if (!(r->flags & RAY_LONG))
			continue;
		for (int n = 2; n <= range; n++) {
			int origin = victim - n * step, rel;

			if (pos->board[origin] != BC_EMPTY)
				break;
			rel = v->rel_rank[color][origin];
			if ((origin - farthest) * step >= 0)
				continue; /* the squares must lie past the origin */
			if (in_rank_window(rel, r->from_min, r->from_max) &&
			    (!r->to_max ||
			        v->rel_rank[color][victim] <= r->to_max))
				return true;
		}
	}
	return false;
}

static int
read_en_passant(struct reader *rd, bc_position *pos)
{
	const bc_variant *v = pos->variant;
	int squares[BC_MAX_RANKS], count = 0;
	int mover = !pos->side;
	int step = mover == BC_WHITE ? BC_STRIDE : -BC_STRIDE;
	const char *start = rd->at;
	int victim, farthest, last;
	bc_piece p;

	if (*rd->at == '-') {
		rd->at++;
		return BC_OK;
	}
	while (*rd->at && *rd->at != ' ' && *rd->at != '\t') {
		int sq = 0, rc;

		if (count == BC_MAX_RANKS)
			return fail(rd, BC_EINVALID, rd->at,
			    "too many en-passant squares");
		if ((rc = read_square(rd, v, &sq)) != BC_OK)
			return rc;
		if (count && (sq != squares[count - 1] + step))
			return fail(rd, BC_EINVALID, start,
			    "en-passant squares must follow each other in the "
			    "direction the pawn moved");
		squares[count++] = sq;
	}
	if (count == 0)
		return fail(rd, BC_ESYNTAX, start, "expected '-' or squares");
	farthest = squares[0];
	last = squares[count - 1];
	for (int i = 0; i < count; i++)
		if (pos->board[squares[i]] != BC_EMPTY)
			return fail(rd, BC_EINVALID, start,
			    "en-passant square %c%d is not empty",
			    'a' + BC_FILE(squares[i]), BC_RANK(squares[i]) + 1);
	for (victim = last + step; pos->board[victim] == BC_EMPTY;
	     victim += step)
		;
	p = pos->board[victim];
	if (p == BC_OFFBOARD || BC_PIECE_COLOR(p) != mover ||
	    !(v->def->pieces[BC_PIECE_TYPE(p)].flags & PIECE_EN_PASSANT) ||
	    !long_move_fits(pos, victim, step, farthest))
		return fail(rd, BC_EINVALID, start,
		    "no %s pawn can just have skipped %.*s",
		    mover == BC_WHITE ? "White" : "Black",
		    (int)(rd->at - start), start);
	position_set_en_passant(pos, victim, farthest, last);
	return BC_OK;
}

int
bc_position_from_fen(
    bc_position *pos, const bc_variant *v, const char *fen, bc_error *err)
{
	struct reader rd = { fen, fen, err };
	const char *field;
	long n;
	int rc;

	if (err)
		memset(err, 0, sizeof *err);
	if (!v)
		return fail(&rd, BC_EVARIANT, fen, "no variant given");
	if (!fen)
		return fail(&rd, BC_ESYNTAX, fen, "no FEN given");
	position_clear(pos, v);
	skip_spaces(&rd);
	if (!*rd.at)
		return fail(&rd, BC_ESYNTAX, rd.at, "empty FEN");
	field = rd.at;
	if ((rc = read_placement(&rd, pos)) != BC_OK)
		return rc;
	if ((rc = check_pieces(&rd, pos, field)) != BC_OK)
		return rc;

	skip_spaces(&rd);
	if ((rd.at[0] != 'w' && rd.at[0] != 'b') ||
	    (rd.at[1] != ' ' && rd.at[1] != '\t' && rd.at[1] != '\0'))
		return fail(&rd, BC_ESYNTAX, rd.at,
		    "expected the side to move, 'w' or 'b'");
	pos->side = rd.at[0] == 'w' ? BC_WHITE : BC_BLACK;
	if (pos->side == BC_BLACK)
		pos->hash ^= v->zobrist_side;
	rd.at++;
	if (attack_board(
	        v, pos->board, pos->king[!pos->side], pos->side, ALL_TYPES))
		return fail(&rd, BC_EINVALID, field,
		    "the side not to move is in check");

	skip_spaces(&rd);
	if (!*rd.at)
		return fail(
		    &rd, BC_ESYNTAX, rd.at, "missing the castling field");
	if ((rc = read_castling(&rd, pos)) != BC_OK)
		return rc;
	skip_spaces(&rd);
	if (!*rd.at)
		return fail(
		    &rd, BC_ESYNTAX, rd.at, "missing the en-passant field");
	if ((rc = read_en_passant(&rd, pos)) != BC_OK)
		return rc;

	skip_spaces(&rd);
	if (!*rd.at)
		return BC_OK;
	field = rd.at;
	if (!isdigit((unsigned char)*rd.at))
		return fail(&rd, BC_ESYNTAX, field,
		    "the halfmove clock must be a number");
	/* Chad has no 100-ply rule: the clock may pass 9999 (our own
	 * writer prints what it holds, up to 65535). */
	if (!read_number(&rd, &n, 5) || n > UINT16_MAX)
		return fail(&rd, BC_ERANGE, field,
		    "the halfmove clock must be a number from 0 to 65535");
	pos->halfmove = (uint16_t)n;
	skip_spaces(&rd);
	field = rd.at;
	if (!isdigit((unsigned char)*rd.at))
		return fail(
		    &rd, BC_ESYNTAX, field, "the move number must be a number");
	if (!read_number(&rd, &n, 7) || n < 1 || n > 999999)
		return fail(&rd, BC_ERANGE, field,
		    "the move number must be a number from 1 to 999999");
	pos->fullmove = (uint32_t)n;
	skip_spaces(&rd);
	if (*rd.at)
		return fail(
		    &rd, BC_ESYNTAX, rd.at, "unexpected text after the FEN");
	return BC_OK;
}

size_t
bc_position_to_fen(const bc_position *pos, char *buf, size_t size)
{
	const bc_variant *v = pos->variant;
	const struct variant_def *d = v->def;
	char out[BC_FEN_MAX * 2];
	size_t n = 0;

	for (int r = d->ranks - 1; r >= 0; r--) {
		int empty = 0;

		for (int f = 0; f < d->files; f++) {
			bc_piece p = pos->board[BC_SQUARE(f, r)];

			if (p == BC_OFFBOARD)
				continue; /* a missing cell (HexChad) */
			if (p == BC_EMPTY) {
				empty++;
				continue;
			}
			if (empty)
				n += (size_t)sprintf(out + n, "%d", empty);
			empty = 0;
			out[n++] = BC_PIECE_COLOR(p) == BC_WHITE
			    ? d->pieces[BC_PIECE_TYPE(p)].letter
			    : (char)tolower(d->pieces[BC_PIECE_TYPE(p)].letter);
		}
		if (empty)
			n += (size_t)sprintf(out + n, "%d", empty);
		if (r)
			out[n++] = '/';
	}
	out[n++] = ' ';
	out[n++] = pos->side == BC_WHITE ? 'w' : 'b';
	out[n++] = ' ';
	if (!pos->castling)
		out[n++] = '-';
	for (int i = 0; i < 4; i++)
		if (pos->castling & (1 << i))
			out[n++] = "KQkq"[i];
	out[n++] = ' ';
	if (!pos->ep_count)
		out[n++] = '-';
	for (int i = 0; i < pos->ep_count; i++)
		n += (size_t)sprintf(out + n, "%c%d",
		    'a' + BC_FILE(pos->ep_square[i]),
		    BC_RANK(pos->ep_square[i]) + 1);
	n += (size_t)sprintf(out + n, " %u %lu", (unsigned)pos->halfmove,
	    (unsigned long)pos->fullmove);
	if (size)
		snprintf(buf, size, "%s", out);
	return n;
}
