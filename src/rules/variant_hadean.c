/*
 * variant_hadean.c - Hadean Chess (Charles Daniel, 2008) as data.
 * Authority: shared/rules/hadean.md.
 */
#include "rays.h"

/* Flyers: range 3, jumping one piece to s2 or two pieces to s3. */
#define FLY_ORTHOGONAL ORTHOGONAL(3, RAY_ANY | RAY_FLY)
#define FLY_DIAGONAL DIAGONAL(3, RAY_ANY | RAY_FLY)

const struct variant_def hadean_def = {
	.id = BC_VARIANT_HADEAN,
	.key = "hadean",
	.name = "Hadean Chess",
	.files = 12,
	.ranks = 12,
	.start_fen = "rzmefqkwemsr/jjjjjbbjjjjj/pppppppppppp/12/12/12/12/12/12/"
	             "PPPPPPPPPPPP/JJJJJBBJJJJJ/RZMEFQKWEMSR w KQkq - 0 1",
	.type_count = 12,
	.pieces = {
		[1] = { 'K', "king", "K", 0, PIECE_ROYAL, { WAZIR, FERZ } },
		[2] = { 'Q', "queen", "Q", 1000, 0, { ROOK, BISHOP } },
		[3] = { 'R', "rook", "R", 550, 0, { ROOK } },
		[4] = { 'B', "bishop", "B", 375, 0, { BISHOP } },
		[5] = { 'P', "pawn", "fmWfmW2fmW3fcF", 100,
		        PIECE_PAWN | PIECE_EN_PASSANT | PIECE_PROMOTES, {
			RAY(0, 1, 1, RAY_MOVE),
			/* Two or three squares, never past the 6th rank. */
			{ 0, 1, 3, RAY_MOVE | RAY_LONG, 0, 0, 6 },
			PAWN_CAPTURES } },
		[6] = { 'J', "ninja pawn", "fsmWfmRfcF", 125,
		        PIECE_PAWN | PIECE_PROMOTES, {
			RAY(0, 1, 1, RAY_MOVE),
			RAY(1, 0, 1, RAY_MOVE), RAY(-1, 0, 1, RAY_MOVE),
			/* Any distance forward inside its own half. */
			{ 0, 1, 0, RAY_MOVE | RAY_LONG, 0, 0, 6 },
			PAWN_CAPTURES,
			/* Sideways captures in the enemy half. */
			{ 1, 0, 1, RAY_CAPTURE, 7, 12, 0 },
			{ -1, 0, 1, RAY_CAPTURE, 7, 12, 0 } } },
		[7] = { 'E', "flying elephant", "FjAjB3", 300, 0,
		        { FLY_DIAGONAL } },
		[8] = { 'M', "flying warmachine", "WjDjR3", 375, 0,
		        { FLY_ORTHOGONAL } },
		[9] = { 'F', "ferz-knight", "FN", 325, 0, { FERZ, KNIGHT } },
		[10] = { 'W', "wazir-knight", "WN", 350, 0,
		         { WAZIR, KNIGHT } },
		[11] = { 'S', "ferz-sorcerer", "FZ", 300, 0,
		         { FERZ, ZEBRA } },
		[12] = { 'Z', "wazir-sorcerer", "WZ", 325, 0,
		         { WAZIR, ZEBRA } },
	},
	.promo_letters = "QRBEMFWSZ",
	.promo_rule = PROMO_ANY,
	.promo_first_rank = 0,
	.castling = CASTLING_FLEXIBLE,
	.castle_king_file = 6,          /* g */
	.castle_rook_file = { 11, 0 }, /* l, a */
	.fifty_move_rule = true,
	.minor_letters = "B",
};
