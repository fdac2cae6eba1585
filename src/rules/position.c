/*
 * position.c - the board and its bookkeeping: piece lists, type counts,
 * the incremental Zobrist hash, and making and unmaking moves.
 *
 * Make/unmake keeps the piece lists in exactly the order they had, so that
 * move generation after an unmake is the same as before the make: search
 * and benchmarks stay deterministic.
 */
#include <stdlib.h>
#include <string.h>

#include "internal.h"

void
position_clear(bc_position *pos, const bc_variant *v)
{
	memset(pos, 0, sizeof *pos);
	pos->variant = v;
	memset(pos->board, BC_OFFBOARD, sizeof pos->board);
	/* Missing cells (HexChad's) stay sentinels, like the edge. */
	for (int sq = 0; sq < BC_CELLS; sq++)
		if (v->rel_rank[BC_WHITE][sq])
			pos->board[sq] = BC_EMPTY;
	pos->fullmove = 1;
}

static void
list_add(bc_position *pos, int color, int sq)
{
	pos->list_index[sq] = pos->piece_count[color];
	pos->piece_list[color][pos->piece_count[color]++] = (uint16_t)sq;
}

/* Removes `sq` from its list; returns the index it had. */
static int
list_remove(bc_position *pos, int color, int sq)
{
	int index = pos->list_index[sq];
	int last = pos->piece_list[color][--pos->piece_count[color]];

	pos->piece_list[color][index] = (uint16_t)last;
	pos->list_index[last] = (uint8_t)index;
	return index;
}

/* Undoes list_remove exactly: `sq` returns to `index`. */
static void
list_restore(bc_position *pos, int color, int sq, int index)
{
	int moved = pos->piece_list[color][index];

	pos->piece_list[color][pos->piece_count[color]++] = (uint16_t)moved;
	pos->list_index[moved] = (uint8_t)(pos->piece_count[color] - 1);
	pos->piece_list[color][index] = (uint16_t)sq;
	pos->list_index[sq] = (uint8_t)index;
}

static void
list_move(bc_position *pos, int color, int from, int to)
{
	int index = pos->list_index[from];

	pos->piece_list[color][index] = (uint16_t)to;
	pos->list_index[to] = (uint8_t)index;
}

void
position_put(bc_position *pos, int sq, bc_piece p)
{
	int color = BC_PIECE_COLOR(p), type = BC_PIECE_TYPE(p);

	pos->board[sq] = p;
	list_add(pos, color, sq);
	pos->type_count[color][type]++;
	if (type == pos->variant->royal_type)
		pos->king[color] = (uint16_t)sq;
	pos->hash ^= pos->variant->zobrist[p][sq];
}

void
bc_position_start(bc_position *pos, const bc_variant *v)
{
	/* The built-in start FENs are tested; this cannot fail. */
	(void)bc_position_from_fen(pos, v, v->def->start_fen, NULL);
}

bc_piece
bc_position_piece_at(const bc_position *pos, int file, int rank)
{
	if (!bc_variant_cell_exists(pos->variant, file, rank))
		return BC_OFFBOARD;
	return pos->board[BC_SQUARE(file, rank)];
}

static uint64_t
en_passant_hash(const bc_position *pos)
{
	uint64_t h = 0;

	for (int i = 0; i < pos->ep_count; i++)
		h ^= pos->variant->zobrist[BC_EMPTY][pos->ep_square[i]];
	return h;
}

uint64_t
bc_position_compute_hash(const bc_position *pos)
{
	const bc_variant *v = pos->variant;
	uint64_t h = 0;

	for (int sq = 0; sq < BC_CELLS; sq++)
		if (pos->board[sq] != BC_EMPTY && pos->board[sq] != BC_OFFBOARD)
			h ^= v->zobrist[pos->board[sq]][sq];
	if (pos->side == BC_BLACK)
		h ^= v->zobrist_side;
	h ^= v->zobrist_castling[pos->castling];
	return h ^ en_passant_hash(pos);
}

void
position_set_en_passant(bc_position *pos, int victim, int first, int last)
{
	const bc_variant *v = pos->variant;
	int step = first < last ? BC_STRIDE : -BC_STRIDE;
	unsigned takers = 0;

	pos->hash ^= en_passant_hash(pos);
	pos->ep_count = 0;
	pos->ep_victim = 0;
	for (int t = 1; t <= v->def->type_count; t++)
		if (v->def->pieces[t].flags & PIECE_EN_PASSANT)
			takers |= 1u << t;
	if (victim) {
		for (int sq = first;; sq += step) {
			if (attack_board(v, pos->board, sq,
			        !BC_PIECE_COLOR(pos->board[victim]), takers))
				pos->ep_square[pos->ep_count++] = (uint16_t)sq;
			if (sq == last)
				break;
		}
		if (pos->ep_count)
			pos->ep_victim = (uint16_t)victim;
	}
	pos->hash ^= en_passant_hash(pos);
}

void
castle_rook_squares(const bc_position *pos, bc_move m, int *from, int *to)
{
	const struct variant_def *d = pos->variant->def;
	int king_from = BC_MOVE_FROM(m), king_to = BC_MOVE_TO(m);
	int dir = king_to > king_from ? 1 : -1;
	int rook_file = d->castle_rook_file[dir > 0 ? 0 : 1];

	*from = BC_SQUARE(rook_file, BC_RANK(king_from));
	*to = king_to - dir;
}

/* Saves in `undo` what unmaking `m` (a null move if none) restores. */
int
passed_squares(int from, int to, int out[2])
{
	int df = BC_FILE(to) - BC_FILE(from), dr = BC_RANK(to) - BC_RANK(from);
	int dist = abs(df) > abs(dr) ? abs(df) : abs(dr);
	int step = (df > 0) - (df < 0) + ((dr > 0) - (dr < 0)) * BC_STRIDE;
	int n = 0;

	for (int k = 1; k < dist && n < 2; k++)
		out[n++] = from + k * step;
	return n;
}

int
bc_move_captures(const bc_position *pos, bc_move m, bc_square *out, int max)
{
	int from = BC_MOVE_FROM(m), to = BC_MOVE_TO(m), kind = BC_MOVE_KIND(m);
	int cells[BC_MAX_CAPTURES], n = 0, us;

	if (from <= 0 || from >= BC_CELLS || to <= 0 || to >= BC_CELLS ||
	    kind == BC_MOVE_CASTLE)
		return 0;
	us = BC_PIECE_COLOR(pos->board[from]);
	if (kind == BC_MOVE_PASSING) {
		int passed[2], count = passed_squares(from, to, passed);

		for (int k = 0; k < count; k++)
			if (passed[k] > 0 && passed[k] < BC_CELLS &&
			    is_enemy(pos->board[passed[k]], us))
				cells[n++] = passed[k];
	}
	if (kind == BC_MOVE_EN_PASSANT && pos->ep_victim)
		cells[n++] = pos->ep_victim;
	else if (is_enemy(pos->board[to], us))
		cells[n++] = to;
	for (int i = 0; i < n && i < max; i++)
		out[i] = cells[i];
	return n;
}

/* Takes the enemy pieces a flying ninja passes over from `from` to `to`,
 * saving them in `undo`; returns the castling rights their squares held. */
static uint8_t
take_passed(bc_position *pos, int from, int to, bc_undo *undo)
{
	const bc_variant *v = pos->variant;
	int sq[2], n = passed_squares(from, to, sq), them = !pos->side;
	uint8_t lost = 0;

	for (int k = 0; k < n; k++) {
		bc_piece p = pos->board[sq[k]];

		if (!is_enemy(p, pos->side))
			continue;
		undo->passed[k] = p;
		undo->passed_index[k] = (uint8_t)list_remove(pos, them, sq[k]);
		pos->type_count[them][BC_PIECE_TYPE(p)]--;
		pos->board[sq[k]] = BC_EMPTY;
		pos->hash ^= v->zobrist[p][sq[k]];
		pos->halfmove = 0;
		lost |= v->castle_mask[sq[k]];
	}
	return lost;
}

/* Puts back what take_passed took, in the reverse order, so that the
 * piece list is as it was. */
static void
restore_passed(bc_position *pos, int from, int to, const bc_undo *undo)
{
	int sq[2], n = passed_squares(from, to, sq), them = !pos->side;

	for (int k = n - 1; k >= 0; k--) {
		bc_piece p = undo->passed[k];

		if (p == BC_EMPTY)
			continue;
		pos->board[sq[k]] = p;
		list_restore(pos, them, sq[k], undo->passed_index[k]);
		pos->type_count[them][BC_PIECE_TYPE(p)]++;
	}
}

static void
save_undo(const bc_position *pos, bc_move m, bc_piece moved,
    bc_piece captured, bc_undo *undo)
{
	undo->move = m;
	undo->moved = moved;
	undo->captured = captured;
	undo->captured_index = 0;
	undo->passed[0] = undo->passed[1] = BC_EMPTY;
	undo->passed_index[0] = undo->passed_index[1] = 0;
	undo->castling = pos->castling;
	undo->ep_count = pos->ep_count;
	memcpy(undo->ep_square, pos->ep_square, sizeof undo->ep_square);
	undo->ep_victim = pos->ep_victim;
	undo->halfmove = pos->halfmove;
	undo->hash = pos->hash;
}

void
bc_position_make(bc_position *pos, bc_move m, bc_undo *undo)
{
	const bc_variant *v = pos->variant;
	int us = pos->side, from = BC_MOVE_FROM(m), to = BC_MOVE_TO(m);
	int kind = BC_MOVE_KIND(m), promo = BC_MOVE_PROMO(m);
	bc_piece piece = pos->board[from];
	int type = BC_PIECE_TYPE(piece);
	int victim_sq = kind == BC_MOVE_EN_PASSANT ? pos->ep_victim : to;
	uint8_t lost = 0;

	save_undo(pos, m, piece,
	    kind == BC_MOVE_CASTLE ? BC_EMPTY : pos->board[victim_sq], undo);

	if (pos->halfmove < UINT16_MAX)  /* stops there, never wraps */
		pos->halfmove++;
	if (undo->captured != BC_EMPTY) {
		int them = !us;

		undo->captured_index =
		    (uint8_t)list_remove(pos, them, victim_sq);
		pos->type_count[them][BC_PIECE_TYPE(undo->captured)]--;
		pos->board[victim_sq] = BC_EMPTY;
		pos->hash ^= v->zobrist[undo->captured][victim_sq];
		pos->halfmove = 0;
	}
	if (kind == BC_MOVE_PASSING)
		lost = take_passed(pos, from, to, undo);

	pos->board[from] = BC_EMPTY;
	pos->hash ^= v->zobrist[piece][from];
	list_move(pos, us, from, to);
	if (promo) {
		pos->type_count[us][type]--;
		pos->type_count[us][promo]++;
		piece = BC_PIECE(us, promo);
		pos->halfmove = 0;
	}
	pos->board[to] = piece;
	pos->hash ^= v->zobrist[piece][to];
	if (type == v->royal_type)
		pos->king[us] = (uint16_t)to;
	if (v->def->pieces[type].flags & PIECE_PAWN)
		pos->halfmove = 0;

	if (kind == BC_MOVE_CASTLE) {
		int rook_from, rook_to;
		bc_piece rook;

		castle_rook_squares(pos, m, &rook_from, &rook_to);
		rook = pos->board[rook_from];
		pos->board[rook_from] = BC_EMPTY;
		pos->board[rook_to] = rook;
		list_move(pos, us, rook_from, rook_to);
		pos->hash ^=
		    v->zobrist[rook][rook_from] ^ v->zobrist[rook][rook_to];
	}

	pos->hash ^= v->zobrist_castling[pos->castling];
	pos->castling &= (uint8_t) ~(v->castle_mask[from] | v->castle_mask[to] |
	    lost);
	pos->hash ^= v->zobrist_castling[pos->castling];

	if (kind == BC_MOVE_LONG &&
	    (v->def->pieces[type].flags & PIECE_EN_PASSANT)) {
		int step = to > from ? BC_STRIDE : -BC_STRIDE;

		position_set_en_passant(pos, to, from + step, to - step);
	} else if (pos->ep_count) {
		position_set_en_passant(pos, 0, 0, 0);
	}

	if (us == BC_BLACK)
		pos->fullmove++;
	pos->side = (uint8_t)!us;
	pos->hash ^= v->zobrist_side;
}

void
bc_position_unmake(bc_position *pos, const bc_undo *undo)
{
	bc_move m = undo->move;
	int them = pos->side, us = !them;
	int from = BC_MOVE_FROM(m), to = BC_MOVE_TO(m);
	int kind = BC_MOVE_KIND(m), promo = BC_MOVE_PROMO(m);
	bc_piece piece = pos->board[to];

	pos->side = (uint8_t)us;
	if (us == BC_BLACK)
		pos->fullmove--;

	if (kind == BC_MOVE_CASTLE) {
		int rook_from, rook_to;

		castle_rook_squares(pos, m, &rook_from, &rook_to);
		pos->board[rook_from] = pos->board[rook_to];
		pos->board[rook_to] = BC_EMPTY;
		list_move(pos, us, rook_to, rook_from);
	}
	if (promo) {
		int pawn_type = BC_PIECE_TYPE(undo->moved);

		pos->type_count[us][promo]--;
		pos->type_count[us][pawn_type]++;
		piece = undo->moved;
	}
	pos->board[to] = BC_EMPTY;
	pos->board[from] = piece;
	list_move(pos, us, to, from);
	if (BC_PIECE_TYPE(piece) == pos->variant->royal_type)
		pos->king[us] = (uint16_t)from;

	if (kind == BC_MOVE_PASSING)
		restore_passed(pos, from, to, undo);
	if (undo->captured != BC_EMPTY) {
		int victim_sq =
		    kind == BC_MOVE_EN_PASSANT ? undo->ep_victim : to;

		pos->board[victim_sq] = undo->captured;
		list_restore(pos, them, victim_sq, undo->captured_index);
		pos->type_count[them][BC_PIECE_TYPE(undo->captured)]++;
	}

	pos->castling = undo->castling;
	pos->ep_count = undo->ep_count;
	memcpy(pos->ep_square, undo->ep_square, sizeof pos->ep_square);
	pos->ep_victim = undo->ep_victim;
	pos->halfmove = undo->halfmove;
	pos->hash = undo->hash;
}

bool
bc_position_irreversible(const bc_position *pos, const bc_undo *undo)
{
	bc_move m = undo->move;

	return pos->halfmove == 0 && (undo->captured != BC_EMPTY ||
	    undo->passed[0] != BC_EMPTY || undo->passed[1] != BC_EMPTY ||
	    BC_MOVE_PROMO(m) || BC_RANK(BC_MOVE_FROM(m)) !=
	    BC_RANK(BC_MOVE_TO(m)));
}

void
bc_position_make_null(bc_position *pos, bc_undo *undo)
{
	save_undo(pos, BC_MOVE_NONE, BC_EMPTY, BC_EMPTY, undo);
	if (pos->ep_count)
		position_set_en_passant(pos, 0, 0, 0);
	if (pos->halfmove < UINT16_MAX)
		pos->halfmove++;
	if (pos->side == BC_BLACK)
		pos->fullmove++;
	pos->side = (uint8_t)!pos->side;
	pos->hash ^= pos->variant->zobrist_side;
}

void
bc_position_unmake_null(bc_position *pos, const bc_undo *undo)
{
	pos->side = (uint8_t)!pos->side;
	if (pos->side == BC_BLACK)
		pos->fullmove--;
	pos->ep_count = undo->ep_count;
	memcpy(pos->ep_square, undo->ep_square, sizeof pos->ep_square);
	pos->ep_victim = undo->ep_victim;
	pos->halfmove = undo->halfmove;
	pos->hash = undo->hash;
}

int
bc_position_other_side(const bc_position *pos, bc_position *out)
{
	bc_undo undo;

	if (bc_position_in_check(pos))
		return BC_EINVALID;
	*out = *pos;
	bc_position_make_null(out, &undo);
	/* A pass is no move: the clocks are the position's own. */
	out->halfmove = pos->halfmove;
	out->fullmove = pos->fullmove;
	return BC_OK;
}

bool
bc_position_may_promote_to(const bc_position *pos, int color, int type)
{
	const bc_variant *v = pos->variant;
	bool listed = false;

	for (const uint8_t *t = v->promo_types; *t; t++)
		if (*t == type)
			listed = true;
	if (!listed || (color != BC_WHITE && color != BC_BLACK))
		return false;
	return v->def->promo_rule != PROMO_ONLY_LOST ||
	    pos->type_count[color][type] < v->start_count[type];
}

bool
bc_position_can_promote(const bc_position *pos, int color)
{
	const bc_variant *v = pos->variant;

	if (v->def->promo_rule != PROMO_ONLY_LOST)
		return v->promo_types[0] != 0;
	for (const uint8_t *t = v->promo_types; *t; t++)
		if (pos->type_count[color][*t] < v->start_count[*t])
			return true;
	return false;
}

bool
bc_position_equal(const bc_position *a, const bc_position *b)
{
	return a->variant == b->variant &&
	    !memcmp(a->board, b->board, sizeof a->board) &&
	    a->side == b->side && a->castling == b->castling &&
	    a->ep_count == b->ep_count &&
	    !memcmp(a->ep_square, b->ep_square,
	        a->ep_count * sizeof a->ep_square[0]) &&
	    a->ep_victim == b->ep_victim && a->halfmove == b->halfmove &&
	    a->fullmove == b->fullmove && a->hash == b->hash &&
	    !memcmp(a->king, b->king, sizeof a->king) &&
	    !memcmp(a->type_count, b->type_count, sizeof a->type_count);
}
