/*
 * eval_chad.c - Chad's own evaluation terms: the war for the castles.
 *
 * In Chad only the castle matters: rooks and queens capture only from the
 * enemy wall into the enemy castle (or from their own castle onto their
 * own wall), a rook that enters the enemy castle becomes a queen, and
 * there only the king can take it.  So an attack is measured by how much
 * of the enemy wall we stand on or can reach, the rooks diagonally next to
 * the castle's corners (each covers two wall segments and cannot be
 * taken), queens already inside, and above all castle squares we can
 * reach that the enemy king cannot: there a new queen is safe.
 * Defence is the mirror image, scored when the other side is evaluated,
 * plus rooks that stay inside their own castle to guard its wall.
 */
#include "eval.h"

static const int king_leaps[][2] = {
	{ 1, 0 }, { -1, 0 }, { 0, 1 }, { 0, -1 },
	{ 1, 1 }, { 1, -1 }, { -1, 1 }, { -1, -1 },
	{ 1, 2 }, { 2, 1 }, { -1, 2 }, { -2, 1 },
	{ 1, -2 }, { 2, -1 }, { -1, -2 }, { -2, -1 },
};

/* Can the king on `king` step or leap to `sq`? */
static bool
king_reaches(int king, int sq)
{
	int df = BC_FILE(sq) - BC_FILE(king), dr = BC_RANK(sq) - BC_RANK(king);

	for (size_t i = 0; i < sizeof king_leaps / sizeof king_leaps[0]; i++)
		if (king_leaps[i][0] == df && king_leaps[i][1] == dr)
			return true;
	return false;
}

/* Diagonally next to a corner of the castle `castle_bit`, outside it. */
static bool
castle_corner(const struct eval_tables *t, int cell, unsigned castle_bit,
    unsigned wall_bit)
{
	static const int diagonals[] = {
		BC_STRIDE + 1, BC_STRIDE - 1, -BC_STRIDE + 1, -BC_STRIDE - 1
	};

	if (t->region[cell] & (castle_bit | wall_bit))
		return false;
	for (int i = 0; i < 4; i++) {
		int next = cell + diagonals[i];

		if (next >= 0 && next < BC_CELLS && (t->region[next] & castle_bit))
			return true;
	}
	return false;
}

int
eval_chad(const struct eval_tables *t, const bc_position *pos, int us,
    const uint16_t *reached)
{
	const struct eval_params *p = t->params;
	int them = !us, their_king = pos->king[them];
	unsigned own_castle = us == BC_WHITE ? BC_REGION_CASTLE_WHITE
	                                     : BC_REGION_CASTLE_BLACK;
	unsigned their_castle = us == BC_WHITE ? BC_REGION_CASTLE_BLACK
	                                       : BC_REGION_CASTLE_WHITE;
	unsigned their_wall = us == BC_WHITE ? BC_REGION_WALL_BLACK
	                                     : BC_REGION_WALL_WHITE;
	int score = 0;

	for (int i = 0; i < pos->piece_count[us]; i++) {
		int cell = pos->piece_list[us][i];
		int type = BC_PIECE_TYPE(pos->board[cell]);

		if (t->flags[type] & EVAL_KING)
			continue;
		if (t->region[cell] & their_wall)
			score += p->wall_rook;
		else if (castle_corner(t, cell, their_castle, their_wall))
			score += p->corner_rook;
		if (t->region[cell] & their_castle)
			score += p->castle_queen;
		if (t->region[cell] & own_castle)
			score += p->castle_defender;
	}

	for (int to = 0; to < BC_CELLS; to++) {
		if (!reached[to] ||
		    !(t->region[to] & (their_wall | their_castle)))
			continue;
		if (t->region[to] & their_wall)
			score += p->wall_control;
		else if (to != their_king && !king_reaches(their_king, to))
			score += p->undefended_square;
	}
	return score;
}
