/*
 * variant_hexchad.c - HexChad (Christian Freeling), Chad on 127 hexagons,
 * as data.  Authority: shared/rules/hexchad.md.
 *
 * Cells are named on Freeling's axial scheme: file x (a..m) and rank y
 * (1..13) with |x - y| <= 6, so the board is a 13x13 grid with two
 * corner triangles missing.  In (file, rank) steps the six edge
 * directions are (1,1), (1,0), (0,1) and their opposites, and the six
 * vertex ones (1,-1), (2,1), (1,2) and theirs.  The castles are Chad's
 * 3x3 boxes at the same place, the king's 16 offsets are exactly a chess
 * king's and a knight's, and the capture rule is Chad's, so only the
 * rays, the missing cells and the wall (every cell sharing an edge with
 * the castle: two more than on the square board) are new.
 */
#include "rays.h"

/* The six edge directions and the six vertex ones. */
#define HEX_EDGE(range) \
	RAY(1, 1, range, RAY_ANY), RAY(-1, -1, range, RAY_ANY), \
	    RAY(1, 0, range, RAY_ANY), RAY(-1, 0, range, RAY_ANY), \
	    RAY(0, 1, range, RAY_ANY), RAY(0, -1, range, RAY_ANY)
#define HEX_VERTEX(range) \
	RAY(1, -1, range, RAY_ANY), RAY(-1, 1, range, RAY_ANY), \
	    RAY(2, 1, range, RAY_ANY), RAY(-2, -1, range, RAY_ANY), \
	    RAY(1, 2, range, RAY_ANY), RAY(-1, -2, range, RAY_ANY)

/* Rank r (from 0) runs from file max(0, r - 6) to min(12, r + 6). */
static const struct rank_span hexchad_spans[13] = {
	{ 0, 6 }, { 0, 7 }, { 0, 8 }, { 0, 9 }, { 0, 10 }, { 0, 11 },
	{ 0, 12 }, { 1, 12 }, { 2, 12 }, { 3, 12 }, { 4, 12 }, { 5, 12 },
	{ 6, 12 },
};

const struct variant_def hexchad_def = {
	.id = BC_VARIANT_HEXCHAD,
	.key = "hexchad",
	.name = "HexChad",
	.files = 13,
	.ranks = 13,
	.rank_spans = hexchad_spans,
	/* The board's symmetry is the half turn (x, y) -> (12-x, 12-y). */
	.rays_half_turn = true,
	.start_fen = "7/8/4rrr2/5rkr2/6rrr2/12/13/12/2RRR6/2RKR5/2RRR4/8/7 "
	             "w - - 0 1",
	.type_count = 3,
	.pieces = {
		[1] = { 'K', "king", "KN", "one step to any of the 12 nearest "
		    "cells or one of the 4 knight's leaps that stay in the "
		    "castle, never out of its castle",
		    PIECE_ROYAL | PIECE_CONFINED,
		        { WAZIR, FERZ, KNIGHT } },
		[2] = { 'R', "rook", "hex R", "slides along the 6 lines "
		    "through the cell's edges; takes only from the enemy wall "
		    "into the enemy castle, or from its castle onto its own "
		    "wall; becomes a queen in the enemy castle",
		    PIECE_PROMOTES, { HEX_EDGE(0) } },
		[3] = { 'Q', "queen", "hex Q", "slides along all 12 lines, "
		    "through the cell's edges and its corners; takes only from "
		    "the enemy wall into the enemy castle, or from its castle "
		    "onto its own wall", 0, { HEX_EDGE(0), HEX_VERTEX(0) } },
	},
	.promo_letters = "Q",
	.promo_rule = PROMO_ANY,
	.promo_in_enemy_castle = true,
	.castling = CASTLING_NONE,
	.has_castles = true,
	.castle = { 2, 2, 4, 4 }, /* c3-e5 */
	.wall_step_count = 6,
	.wall_steps = { { 1, 1 }, { -1, -1 }, { 1, 0 }, { -1, 0 }, { 0, 1 },
	    { 0, -1 } },
	.fen_rejects_unpromoted = true,
	.can_capture = chad_can_capture,
	.fifty_move_rule = false,
	.minor_letters = "",
};
