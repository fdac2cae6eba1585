/*
 * notation.c - coordinate notation and SAN.
 *
 * Castling has its own names (O-O-n toward the king-side rook, O-O-O-n
 * toward the queen-side rook, n = squares the king moves) because a king
 * step and a castle may share their from- and to-squares.  A castle of
 * two or more squares may also be written as the king's move ("Kj1").
 */
#include <ctype.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "bigchess/movegen.h"
#include "bigchess/notation.h"
#include "internal.h"

size_t
bc_square_to_text(bc_square sq, char *buf, size_t size)
{
	return (size_t)snprintf(
	    buf, size, "%c%d", 'a' + BC_FILE(sq), BC_RANK(sq) + 1);
}

/* Castling toward higher files is toward the king-side rook (file l). */
static size_t
castle_text(bc_move m, char *buf, size_t size)
{
	int from = BC_MOVE_FROM(m), to = BC_MOVE_TO(m);
	int n = abs(to - from);

	return (size_t)snprintf(
	    buf, size, "%s-%d", to > from ? "O-O" : "O-O-O", n);
}

size_t
bc_move_to_coord(const bc_position *pos, bc_move m, char *buf, size_t size)
{
	char from[4], to[4];
	int promo = BC_MOVE_PROMO(m);

	if (BC_MOVE_KIND(m) == BC_MOVE_CASTLE)
		return castle_text(m, buf, size);
	bc_square_to_text(BC_MOVE_FROM(m), from, sizeof from);
	bc_square_to_text(BC_MOVE_TO(m), to, sizeof to);
	if (!promo)
		return (size_t)snprintf(buf, size, "%s%s", from, to);
	return (size_t)snprintf(buf, size, "%s%s%c", from, to,
	    tolower((unsigned char)pos->variant->def->pieces[promo].letter));
}

static bool
is_pawn_letter(const bc_variant *v, int type)
{
	return v->def->pieces[type].letter == 'P';
}

/* "+" if `m` gives check, "#" if mate, "" otherwise. */
static const char *
check_suffix(const bc_position *pos, bc_move m)
{
	bc_position after = *pos;
	bc_move_list *replies;
	bc_undo undo;
	const char *suffix = "";

	bc_position_make(&after, m, &undo);
	if (!bc_position_in_check(&after))
		return "";
	replies = malloc(sizeof *replies);
	if (!replies)
		return "+";
	bc_movegen_legal(&after, replies);
	suffix = replies->count ? "+" : "#";
	free(replies);
	return suffix;
}

size_t
bc_move_to_san(const bc_position *pos, bc_move m, char *buf, size_t size)
{
	const bc_variant *v = pos->variant;
	int from = BC_MOVE_FROM(m), to = BC_MOVE_TO(m);
	int type = BC_PIECE_TYPE(pos->board[from]);
	int kind = BC_MOVE_KIND(m), promo = BC_MOVE_PROMO(m);
	bool capture = kind == BC_MOVE_CAPTURE ||
	    kind == BC_MOVE_EN_PASSANT || kind == BC_MOVE_PASSING;
	char out[BC_MOVE_TEXT_MAX], dest[4];
	size_t n = 0;

	if (kind == BC_MOVE_CASTLE) {
		n = castle_text(m, out, sizeof out);
	} else {
		bc_square_to_text(to, dest, sizeof dest);
		if (is_pawn_letter(v, type)) {
			if (capture)
				out[n++] = (char)('a' + BC_FILE(from));
		} else {
			bool same_file = false, same_rank = false,
			     other = false;
			bc_move_list *list = malloc(sizeof *list);

			out[n++] = v->def->pieces[type].letter;
			if (list) {
				bc_movegen_legal(pos, list);
				for (int i = 0; i < list->count; i++) {
					bc_move o = list->moves[i];
					int of = BC_MOVE_FROM(o);

					if (of == from || BC_MOVE_TO(o) != to ||
					    BC_MOVE_KIND(o) == BC_MOVE_CASTLE ||
					    BC_PIECE_TYPE(pos->board[of]) !=
					        type)
						continue;
					other = true;
					same_file |=
					    BC_FILE(of) == BC_FILE(from);
					same_rank |=
					    BC_RANK(of) == BC_RANK(from);
				}
				free(list);
			}
			if (other && (!same_file || same_rank))
				out[n++] = (char)('a' + BC_FILE(from));
			if (other && same_file)
				n += (size_t)sprintf(
				    out + n, "%d", BC_RANK(from) + 1);
		}
		if (capture)
			out[n++] = 'x';
		n += (size_t)sprintf(out + n, "%s", dest);
		if (promo) {
			out[n++] = '=';
			out[n++] = v->def->pieces[promo].letter;
		}
		out[n] = '\0';
	}
	n += (size_t)sprintf(out + n, "%s", check_suffix(pos, m));
	if (size)
		snprintf(buf, size, "%s", out);
	return n;
}

/* ---- Parsing ---- */


static int parse_fail(bc_error *err, int code, size_t offset,
    const char *fmt, ...) __attribute__((format(printf, 4, 5)));

static int
parse_fail(bc_error *err, int code, size_t offset, const char *fmt, ...)
{
	va_list ap;

	if (err) {
		err->code = code;
		err->offset = offset;
		va_start(ap, fmt);
		vsnprintf(err->message, sizeof err->message, fmt, ap);
		va_end(ap);
		error_clean(err);
	}
	return code;
}

/* Reads a square such as "a10" at s; returns its length, or 0. */
static int
scan_square(const bc_variant *v, const char *s, int *sq)
{
	int file = s[0] - 'a', rank = 0, len = 1;

	if (file < 0 || file >= v->def->files || !isdigit((unsigned char)s[1]))
		return 0;
	while (len < 3 && isdigit((unsigned char)s[len]))
		rank = rank * 10 + (s[len++] - '0');
	if (isdigit((unsigned char)s[len]) || rank < 1 ||
	    rank > v->def->ranks || !bc_variant_cell_exists(v, file, rank - 1))
		return 0;
	*sq = BC_SQUARE(file, rank - 1);
	return len;
}

/* "O-O-2", "0-0-0-3": castling; returns true and sets p->castle. */
static bool
scan_castle(const char *s, struct move_pattern *p)
{
	int o = 0;

	for (;;) {
		if (*s != 'O' && *s != 'o' && *s != '0')
			return false;
		o++;
		s++;
		if (*s != '-')
			return false;
		s++;
		if (isdigit((unsigned char)*s) && *s != '0')
			break;
	}
	if (o != 2 && o != 3)
		return false;
	if (s[1] != '\0')
		return false;
	p->castle = (o == 2 ? 1 : -1) * (*s - '0');
	return true;
}

static int
promo_type(const bc_variant *v, char c)
{
	int t = bc_variant_piece_type(v, c);

	return t && !is_pawn_letter(v, t) ? t : 0;
}

/* Reads coordinate or SAN text into a pattern.  Returns BC_OK or error. */
int
move_scan(const bc_variant *v, const char *text, size_t len,
    struct move_pattern *p, bc_error *err)
{
	char s[BC_MOVE_TEXT_MAX + 8] = "";
	size_t n = 0;
	int sq, k, end;

	memset(p, 0, sizeof *p);
	p->from_file = p->from_rank = -1;
	/* Keep what carries meaning; drop x, -, :, = and annotations. */
	for (size_t i = 0; i < len; i++) {
		char c = text[i];

		if (c == 'x' || c == ':' || c == '=' || c == '+' || c == '#' ||
		    c == '!' || c == '?' ||
		    (c == '-' && !strchr("Oo0", i ? text[i - 1] : 0)))
			continue;
		if (n + 1 >= sizeof s)
			return parse_fail(
			    err, BC_ESYNTAX, 0, "move text too long");
		s[n++] = c;
	}
	s[n] = '\0';
	if (scan_castle(s, p))
		return BC_OK;
	/* Coordinate notation: square, square, optional promotion letter. */
	if ((k = scan_square(v, s, &sq)) > 0) {
		int to, k2 = scan_square(v, s + k, &to);

		if (k2 > 0) {
			end = k + k2;
			p->from_file = BC_FILE(sq);
			p->from_rank = BC_RANK(sq);
			p->to = to;
			if (s[end] && !(p->promo = promo_type(v, s[end])))
				return parse_fail(err, BC_ESYNTAX, 0,
				    "'%c' is not a piece to promote to",
				    s[end]);
			if (s[end] && s[end + 1])
				return parse_fail(err, BC_ESYNTAX, 0,
				    "unexpected text after the move");
			return BC_OK;
		}
	}
	/* SAN: [piece] [file] [rank] square [promotion]. */
	k = 0;
	if (isupper((unsigned char)s[0])) {
		if (!(p->type = bc_variant_piece_type(v, s[0])))
			return parse_fail(err, BC_ESYNTAX, 0,
			    "'%c' is not a piece of %s", s[0], v->def->name);
		if (is_pawn_letter(v, p->type)) {
			p->type = 0;
			p->pawn_only = true;
		}
		k = 1;
	} else {
		p->pawn_only = true;
	}
	end = (int)n;
	if (end > k && isalpha((unsigned char)s[end - 1])) {
		if (!(p->promo = promo_type(v, s[end - 1])))
			return parse_fail(err, BC_ESYNTAX, 0,
			    "'%c' is not a piece to promote to", s[end - 1]);
		end--;
	}
	/* The destination is the last square: letter and one or two digits. */
	for (int start = end - 3; start <= end - 2; start++) {
		if (start < k)
			continue;
		if (scan_square(v, s + start, &sq) == end - start) {
			p->to = sq;
			for (int i = k; i < start; i++) {
				if (isdigit((unsigned char)s[i])) {
					int rank = s[i] - '0';

					/* No atoi: a long run of digits must
					 * not overflow. */
					while (i + 1 < start &&
					    isdigit((unsigned char)s[i + 1])) {
						i++;
						if (rank <= v->def->ranks)
							rank = rank * 10 +
							    (s[i] - '0');
					}
					if (p->from_rank >= 0 || rank < 1 ||
					    rank > v->def->ranks)
						goto bad;
					p->from_rank = rank - 1;
				} else if (s[i] >= 'a' &&
				    s[i] < 'a' + v->def->files &&
				    p->from_file < 0) {
					p->from_file = s[i] - 'a';
				} else {
					goto bad;
				}
			}
			/* A start named in full must be a cell of the board
			 * (HexChad's "j3j5": j3 is not one). */
			if (p->from_file >= 0 && p->from_rank >= 0 &&
			    !bc_variant_cell_exists(v, p->from_file,
			    p->from_rank))
				return parse_fail(err, BC_ESYNTAX, 0,
				    "%c%d is not a cell of the board",
				    'a' + p->from_file, p->from_rank + 1);
			return BC_OK;
		}
	}
bad:
	return parse_fail(
	    err, BC_ESYNTAX, 0, "'%.*s' is not a move", (int)len, text);
}

static bool
matches(const bc_position *pos, const struct move_pattern *p, bc_move m)
{
	const bc_variant *v = pos->variant;
	int from = BC_MOVE_FROM(m), to = BC_MOVE_TO(m);
	int type = BC_PIECE_TYPE(pos->board[from]);

	if (p->castle) {
		int n = abs(to - from) * (to > from ? 1 : -1);

		return BC_MOVE_KIND(m) == BC_MOVE_CASTLE && n == p->castle;
	}
	/* Castling is named O-O-n; other text means other moves, except
	 * that a king's move of two or more squares, which no king step
	 * is, may name the castle that takes the king there ("Kj1" for
	 * O-O-3, as XBoard writes Hadean castling in its saved games). */
	if (BC_MOVE_KIND(m) == BC_MOVE_CASTLE)
		return to == p->to && p->type == type && !p->pawn_only &&
		    abs(BC_FILE(to) - BC_FILE(from)) >= 2 &&
		    p->from_file < 0 && p->from_rank < 0;
	if (to != p->to)
		return false;
	if (p->type && type != p->type)
		return false;
	if (p->pawn_only && !is_pawn_letter(v, type))
		return false;
	if (p->from_file >= 0 && BC_FILE(from) != p->from_file)
		return false;
	if (p->from_rank >= 0 && BC_RANK(from) != p->from_rank)
		return false;
	return true;
}

/* Says why the move in `text` is not legal, as far as the text tells:
 * a square named as the start with no piece, or the other side's. */
static int
illegal(const bc_position *pos, const struct move_pattern *p, const char *text,
    size_t len, bc_error *err)
{
	if (p->from_file >= 0 && p->from_rank >= 0) {
		bc_square from = BC_SQUARE(p->from_file, p->from_rank);
		bc_piece piece = pos->board[from];
		char at[16];

		bc_square_to_text(from, at, sizeof at);
		if (piece == BC_EMPTY)
			return parse_fail(err, BC_EILLEGAL, 0,
			    "%.*s: there is no piece on %s", (int)len, text,
			    at);
		if (BC_PIECE_COLOR(piece) != pos->side)
			return parse_fail(err, BC_EILLEGAL, 0,
			    "%.*s: the piece on %s is %s's", (int)len, text, at,
			    pos->side == BC_WHITE ? "Black" : "White");
	}
	return parse_fail(err, BC_EILLEGAL, 0, "%.*s is not a legal move here",
	    (int)len, text);
}

int
bc_move_parse(
    const bc_position *pos, const char *text, bc_move *out, bc_error *err)
{
	const bc_variant *v = pos->variant;
	struct move_pattern p;
	bc_move_list *list;
	bc_move found[2] = { 0, 0 };
	int count = 0, rc;
	size_t len;

	if (err)
		memset(err, 0, sizeof *err);
	while (isspace((unsigned char)*text))
		text++;
	len = strlen(text);
	while (len && isspace((unsigned char)text[len - 1]))
		len--;
	if (!len)
		return parse_fail(err, BC_ESYNTAX, 0, "no move given");
	if (len > BC_MOVE_TEXT_MAX)
		return parse_fail(err, BC_ESYNTAX, 0, "move text too long");
	if ((rc = move_scan(v, text, len, &p, err)) != BC_OK)
		return rc;
	/* Coordinate squares name from and to exactly: a pawn or a piece. */
	if (p.from_file >= 0 && p.from_rank >= 0)
		p.pawn_only = false;
	if (!(list = malloc(sizeof *list)))
		return parse_fail(err, BC_ENOMEM, 0, "out of memory");
	bc_movegen_legal(pos, list);
	/*
	 * Match the promotion exactly when given.  When not, a plain move wins
	 * (Grand's optional promotion); failing that, a promotion with only
	 * one choice (Chad's automatic queen) is taken as meant.
	 */
	for (int pass = 0; pass < 2 && !count; pass++)
		for (int i = 0; i < list->count; i++) {
			bc_move m = list->moves[i];
			int promo = BC_MOVE_PROMO(m);

			if (!matches(pos, &p, m))
				continue;
			if (pass == 0 && promo != p.promo)
				continue;
			if (pass == 1 && (p.promo || !promo))
				continue;
			if (count < 2)
				found[count] = m;
			count++;
		}
	free(list);
	if (count == 1) {
		*out = found[0];
		return BC_OK;
	}
	if (count > 1 && BC_MOVE_PROMO(found[0]) && !p.promo &&
	    BC_MOVE_FROM(found[0]) == BC_MOVE_FROM(found[1]) &&
	    BC_MOVE_TO(found[0]) == BC_MOVE_TO(found[1]))
		return parse_fail(err, BC_EAMBIGUOUS, 0,
		    "%.*s: say what to promote to, e.g. =%c", (int)len, text,
		    v->def->pieces[BC_MOVE_PROMO(found[0])].letter);
	if (count > 1) {
		char a[BC_MOVE_TEXT_MAX], b[BC_MOVE_TEXT_MAX];

		bc_move_to_san(pos, found[0], a, sizeof a);
		bc_move_to_san(pos, found[1], b, sizeof b);
		return parse_fail(err, BC_EAMBIGUOUS, 0,
		    "%.*s is ambiguous: %s or %s", (int)len, text, a, b);
	}
	return illegal(pos, &p, text, len, err);
}
