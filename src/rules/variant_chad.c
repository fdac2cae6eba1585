/*
 * variant_chad.c - Chad (Christian Freeling, 1979) as data, plus the one
 * rule data cannot say: when rooks and queens may capture.
 * Authority: shared/rules/chad.md.
 */
#include "rays.h"

/*
 * Rooks and queens capture only from the enemy wall into the enemy castle,
 * or from inside their own castle onto their own wall.  The king, confined
 * to its castle, takes anything there.
 */
bool
chad_can_capture(
    const struct bc_variant *v, int color, int type, int from, int to)
{
	unsigned own_castle =
	    color == BC_WHITE ? BC_REGION_CASTLE_WHITE : BC_REGION_CASTLE_BLACK;
	unsigned own_wall =
	    color == BC_WHITE ? BC_REGION_WALL_WHITE : BC_REGION_WALL_BLACK;
	unsigned enemy_castle =
	    color == BC_WHITE ? BC_REGION_CASTLE_BLACK : BC_REGION_CASTLE_WHITE;
	unsigned enemy_wall =
	    color == BC_WHITE ? BC_REGION_WALL_BLACK : BC_REGION_WALL_WHITE;

	if (v->def->pieces[type].flags & PIECE_ROYAL)
		return true;
	return ((v->region[from] & enemy_wall) &&
	           (v->region[to] & enemy_castle)) ||
	    ((v->region[from] & own_castle) && (v->region[to] & own_wall));
}

const struct variant_def chad_def = {
	.id = BC_VARIANT_CHAD,
	.key = "chad",
	.name = "Chad",
	.files = 12,
	.ranks = 12,
	.start_fen = "12/12/7rrr2/7rkr2/7rrr2/12/12/2RRR7/2RKR7/2RRR7/12/12 "
	             "w - - 0 1",
	.type_count = 3,
	.pieces = {
		[1] = { 'K', "king", "KN", "one step in any direction or a "
		    "knight's leap, never out of its castle",
		    PIECE_ROYAL | PIECE_CONFINED,
		        { WAZIR, FERZ, KNIGHT } },
		[2] = { 'R', "rook", "R", "slides along ranks and files; takes "
		    "only from the enemy wall into the enemy castle, or from its "
		    "castle onto its own wall; becomes a queen in the enemy "
		    "castle", PIECE_PROMOTES, { ROOK } },
		[3] = { 'Q', "queen", "Q", "slides along ranks, files and "
		    "diagonals; takes only from the enemy wall into the enemy "
		    "castle, or from its castle onto its own wall", 0, { ROOK, BISHOP } },
	},
	.promo_letters = "Q",
	.promo_rule = PROMO_ANY,
	.promo_in_enemy_castle = true,
	.castling = CASTLING_NONE,
	.has_castles = true,
	.castle = { 2, 2, 4, 4 }, /* c3-e5 */
	.can_capture = chad_can_capture,
	.capture_text = "rooks and queens take only from the enemy wall into "
	    "the enemy castle, or from their own castle onto their own wall",
	.fifty_move_rule = false,
	.minor_letters = "",
};
