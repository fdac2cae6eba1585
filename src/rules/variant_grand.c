/*
 * variant_grand.c - Grand Chess (Christian Freeling, 1984) as data.
 * Authority: shared/rules/grand.md.
 */
#include "rays.h"

const struct variant_def grand_def = {
	.id = BC_VARIANT_GRAND,
	.key = "grand",
	.name = "Grand Chess",
	.files = 10,
	.ranks = 10,
	.start_fen = "r8r/1nbqkcabn1/pppppppppp/10/10/10/10/PPPPPPPPPP/"
	             "1NBQKCABN1/R8R w - - 0 1",
	.type_count = 8,
	.pieces = {
		[1] = { 'K', "king", "K", "one step in any direction",
		    PIECE_ROYAL, { WAZIR, FERZ } },
		[2] = { 'Q', "queen", "Q", "slides any distance along ranks, "
		    "files and diagonals", 0, { ROOK, BISHOP } },
		[3] = { 'R', "rook", "R", "slides any distance along ranks and "
		    "files", 0, { ROOK } },
		[4] = { 'B', "bishop", "B", "slides any distance along "
		    "diagonals", 0, { BISHOP } },
		[5] = { 'N', "knight", "N", "leaps two squares one way and one "
		    "the other, over anything", 0, { KNIGHT } },
		[6] = { 'P', "pawn", "fmWfceFifmnD", "steps forward (two from its "
		    "start rank), takes diagonally forward; on its last three "
		    "ranks it may become a piece its side has lost",
		        PIECE_PAWN | PIECE_EN_PASSANT | PIECE_PROMOTES, {
			RAY(0, 1, 1, RAY_MOVE),
			/* The double step, from the third rank only. */
			{ 0, 1, 2, RAY_MOVE | RAY_LONG, 3, 3, 0 },
			PAWN_CAPTURES } },
		[7] = { 'C', "chancellor", "RN", "moves as a rook or leaps as a "
		    "knight", 0, { ROOK, KNIGHT } },
		[8] = { 'A', "archbishop", "BN", "moves as a bishop or leaps as "
		    "a knight", 0, { BISHOP, KNIGHT } },
	},
	.promo_letters = "QCARBN",
	.promo_rule = PROMO_ONLY_LOST,
	.promo_first_rank = 8,
	.castling = CASTLING_NONE,
	.fifty_move_rule = true,
	.minor_letters = "BN",
};
