/*
 * attack.c - is a square attacked?  Scans outward from the target along
 * each reverse attack direction the variant's pieces have, so the cost is
 * the number of distinct directions, not the number of enemy pieces.
 * The same scans also list the pieces that could capture on a square, for
 * static exchange evaluation.
 */
#include "internal.h"

/* Could the piece `p` on `sq` attack `target` along direction `a`?  Inline:
 * the scans ask it of every first piece they meet, most of them the edge
 * or a piece of the other colour, which the first test turns away. */
static inline bool
attacker_fits(const bc_variant *v, const struct attack_dir *a, bc_piece p,
    int sq, int target, int by, uint16_t types)
{
	int type = BC_PIECE_TYPE(p);

	if (p == BC_EMPTY || p == BC_OFFBOARD || BC_PIECE_COLOR(p) != by ||
	    !((types >> type) & 1))
		return false;
	if (!in_rank_window(v->rel_rank[by][sq], a->from_min, a->from_max))
		return false;
	/* A confined piece (Chad's king) reaches only its own castle. */
	return !is_confined(v, type) || in_own_castle(v, by, target);
}

/* A flyer hits s1 and s2 always, s3 over two empties or two pieces;
 * returns the cell of the flyer that hits `target`, or 0. */
static int
fly_attack(const bc_variant *v, const struct attack_dir *a,
    const uint8_t *board, int target, int by, uint16_t types)
{
	int s1 = target + a->step, s2 = s1 + a->step, s3 = s2 + a->step;
	bc_piece p1 = board[s1];

	if (p1 == BC_OFFBOARD)
		return 0;
	if (attacker_fits(v, a, p1, s1, target, by, types))
		return s1;
	if (board[s2] == BC_OFFBOARD)
		return 0;
	if (attacker_fits(v, a, board[s2], s2, target, by, types))
		return s2;
	if (board[s3] == BC_OFFBOARD ||
	    (p1 == BC_EMPTY) != (board[s2] == BC_EMPTY))
		return 0;
	return attacker_fits(v, a, board[s3], s3, target, by, types) ? s3 : 0;
}

/* A flying ninja hits s1, s2 and s3 whatever stands between: the cell
 * of the one that attacks `target`, or 0. */
static int
ninja_attack(const bc_variant *v, const struct attack_dir *a,
    const uint8_t *board, int target, int by, uint16_t types)
{
	int sq = target;

	for (int k = 0; k < 3; k++) {
		sq += a->step;
		if (board[sq] == BC_OFFBOARD)
			return 0;
		if (attacker_fits(v, a, board[sq], sq, target, by, types))
			return sq;
	}
	return 0;
}

/* The cell of a piece of `types` that attacks `target` along direction
 * `a`, or 0. */
static inline int
dir_attack(const bc_variant *v, const struct attack_dir *a,
    const uint8_t *board, int target, int by, unsigned types)
{
	uint16_t near = a->near_types & types;
	uint16_t far = a->far_types & types;
	int sq = target + a->step;

	if (!(near | far))
		return 0;
	if (a->fly == FLY_NINJA)
		return ninja_attack(v, a, board, target, by, far);
	if (a->fly)
		return fly_attack(v, a, board, target, by, far);
	/* Only the first piece (or edge) along the line can attack. */
	if (board[sq] != BC_EMPTY)
		return attacker_fits(v, a, board[sq], sq, target, by,
		    near | far) ? sq : 0;
	if (!far)
		return 0;
	do
		sq += a->step;
	while (board[sq] == BC_EMPTY);
	return attacker_fits(v, a, board[sq], sq, target, by, far) ? sq : 0;
}

int
attack_board_square(const bc_variant *v, const uint8_t *board, int target,
    int by, unsigned types)
{
	const struct attack_dir *a = v->attack[by];
	const struct attack_dir *end = a + v->attack_count[by];

	for (; a < end; a++) {
		int from = dir_attack(v, a, board, target, by, types);

		if (from)
			return from;
	}
	return 0;
}

bool
attack_board_along(const bc_variant *v, const uint8_t *board, int target,
    int by, int df, int dr)
{
	const struct attack_dir *a = v->attack[by];
	const struct attack_dir *end = a + v->attack_count[by];

	for (; a < end; a++) {
		/* Only the directions that reach beyond their first square
		 * can see through a cell further along. */
		if (!a->far_types || a->df * dr != a->dr * df ||
		    a->df * df + a->dr * dr <= 0)
			continue;
		if (dir_attack(v, a, board, target, by, ALL_TYPES))
			return true;
	}
	return false;
}

bool
attack_board(const bc_variant *v, const uint8_t *board, int target, int by,
    unsigned types)
{
	return attack_board_square(v, board, target, by, types) != 0;
}

/* Could the piece on `sq` capture on `target` under the variant's rules? */
static inline bool
capturer_fits(const bc_variant *v, const struct attack_dir *a,
    const uint8_t *board, int sq, int target, int by, uint16_t types)
{
	if (!attacker_fits(v, a, board[sq], sq, target, by, types))
		return false;
	return !v->def->can_capture ||
	    v->def->can_capture(v, by, BC_PIECE_TYPE(board[sq]), sq, target);
}

/* Stores `sq` as the n-th attacker unless it is already listed; returns
 * the new count. */
static int
add_attacker(int sq, bc_square *out, int max, int n)
{
	for (int i = 0; i < n && i < max; i++)
		if (out[i] == sq)
			return n;
	if (n < max)
		out[n] = sq;
	return n + 1;
}

/* The attack directions of colour `by` toward `target`, ending at *end;
 * none (*end the start) if `target` is not a board square. */
static const struct attack_dir *
directions(const bc_variant *v, const uint8_t *board, bc_square target,
    int by, const struct attack_dir **end)
{
	const struct attack_dir *a = v->attack[by & 1];

	*end = a;
	if (target >= 0 && target < BC_CELLS && board[target] != BC_OFFBOARD)
		*end = a + v->attack_count[by & 1];
	return a;
}

int
bc_board_attackers(const bc_variant *v, const uint8_t *board,
    bc_square target, int by, bc_square *out, int max)
{
	const struct attack_dir *end;
	int n = 0;

	by &= 1;
	for (const struct attack_dir *a = directions(v, board, target, by,
	         &end);
	     a < end; a++) {
		uint16_t near = a->near_types, far = a->far_types;
		int s1 = target + a->step, sq = s1;

		if (a->fly) {
			/* s1 and s2 always, s3 over two empties or two
			 * pieces, or whatever stands between for a flying
			 * ninja (the padding keeps s3 inside the array). */
			for (int k = 1; k <= 3; k++, sq += a->step) {
				if (board[sq] == BC_OFFBOARD)
					break;
				if (k == 3 && a->fly == FLY_JUMP &&
				    (board[s1] == BC_EMPTY) !=
				        (board[s1 + a->step] == BC_EMPTY))
					break;
				if (capturer_fits(
				        v, a, board, sq, target, by, far))
					n = add_attacker(sq, out, max, n);
			}
			continue;
		}
		/* Only the first piece along the line can capture: past
		 * an empty first square, only a far-reaching one. */
		if (board[sq] == BC_EMPTY) {
			if (!far)
				continue;
			do
				sq += a->step;
			while (board[sq] == BC_EMPTY);
			near = 0;
		}
		if (capturer_fits(v, a, board, sq, target, by, near | far))
			n = add_attacker(sq, out, max, n);
	}
	return n;
}

int
bc_board_check_squares(const bc_variant *v, const uint8_t *board,
    bc_square target, int by, bc_square *out, uint16_t *types, int max)
{
	const struct attack_dir *end;
	int n = 0;

	for (const struct attack_dir *a = directions(v, board, target, by,
	         &end);
	     a < end; a++) {
		uint16_t fits = a->near_types | a->far_types;
		int sq = target + a->step;

		if (a->fly || a->from_min)
			continue;
		/* Past the first square only a far-reaching type attacks. */
		for (; board[sq] == BC_EMPTY && fits;
		     sq += a->step, fits = a->far_types) {
			if (n < max) {
				out[n] = sq;
				types[n] = fits;
			}
			n++;
		}
	}
	return n;
}

int
bc_position_attackers(const bc_position *pos, bc_square sq, int by,
    bc_square *out, int max)
{
	return bc_board_attackers(pos->variant, pos->board, sq, by, out, max);
}

bool
bc_position_attacked(const bc_position *pos, bc_square sq, int by)
{
	if (sq < 0 || sq >= BC_CELLS || pos->board[sq] == BC_OFFBOARD)
		return false;
	return attack_board(pos->variant, pos->board, sq, by & 1, ALL_TYPES);
}

bool
bc_position_in_check(const bc_position *pos)
{
	return attack_board(pos->variant, pos->board, pos->king[pos->side],
	    !pos->side, ALL_TYPES);
}
