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
		[1] = { 'K', "king", "K", 0, PIECE_ROYAL, { WAZIR, FERZ } },
		[2] = { 'Q', "queen", "Q", 950, 0, { ROOK, BISHOP } },
		[3] = { 'R', "rook", "R", 500, 0, { ROOK } },
		[4] = { 'B', "bishop", "B", 325, 0, { BISHOP } },
		[5] = { 'N', "knight", "N", 300, 0, { KNIGHT } },
		[6] = { 'P', "pawn", "fmWfceFifmnD", 100,
		        PIECE_PAWN | PIECE_EN_PASSANT | PIECE_PROMOTES, {
			RAY(0, 1, 1, RAY_MOVE),
			/* The double step, from the third rank only. */
			{ 0, 1, 2, RAY_MOVE | RAY_LONG, 3, 3, 0 },
			PAWN_CAPTURES } },
		[7] = { 'C', "chancellor", "RN", 875, 0, { ROOK, KNIGHT } },
		[8] = { 'A', "archbishop", "BN", 825, 0, { BISHOP, KNIGHT } },
	},
	.promo_letters = "QCARBN",
	.promo_rule = PROMO_ONLY_LOST,
	.promo_first_rank = 8,
	.castling = CASTLING_NONE,
	.fifty_move_rule = true,
	.minor_letters = "BN",
};
