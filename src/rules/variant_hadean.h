/*
 * variant_hadean.h - what Hadean Chess and its option with the flying
 * ninja pieces share (internal to rules): every piece but the two flyers,
 * and the rules around them.  Authority: shared/rules/hadean.md.
 */
#ifndef BIGCHESS_VARIANT_HADEAN_H
#define BIGCHESS_VARIANT_HADEAN_H

#include "rays.h"

/*
 * The pieces of both games but types 7 and 8 (the flyers of the one, the
 * flying ninjas of the other), as designated initialisers of
 * variant_def.pieces.
 */
#define HADEAN_COMMON_PIECES \
	[1] = { 'K', "king", "K", "one step in any direction; castles " \
	    "1-4 squares toward the l-file rook or 1-5 toward the a-file " \
	    "rook", PIECE_ROYAL, { WAZIR, FERZ } }, \
	[2] = { 'Q', "queen", "Q", "slides any distance along ranks, " \
	    "files and diagonals", 0, { ROOK, BISHOP } }, \
	[3] = { 'R', "rook", "R", "slides any distance along ranks and " \
	    "files", 0, { ROOK } }, \
	[4] = { 'B', "bishop", "B", "slides any distance along " \
	    "diagonals", 0, { BISHOP } }, \
	[5] = { 'P', "pawn", "fmWfmW2fmW3fcF", "steps forward, 2 or 3 at " \
	    "once while it stays within its 6th rank; takes diagonally " \
	    "forward, and en passant; promotes on the last rank", \
	        PIECE_PAWN | PIECE_EN_PASSANT | PIECE_PROMOTES, { \
		RAY(0, 1, 1, RAY_MOVE), \
		/* Two or three squares, never past the 6th rank. */ \
		{ 0, 1, 3, RAY_MOVE | RAY_LONG, 0, 0, 6 }, \
		PAWN_CAPTURES } }, \
	[6] = { 'J', "ninja pawn", "fsmWfmRfcF", "steps forward or " \
	    "sideways; in its own half runs forward up to its 6th rank; " \
	    "takes diagonally forward, in the enemy half also sideways; " \
	    "promotes on the last rank", \
	        PIECE_PAWN | PIECE_PROMOTES, { \
		RAY(0, 1, 1, RAY_MOVE), \
		RAY(1, 0, 1, RAY_MOVE), RAY(-1, 0, 1, RAY_MOVE), \
		/* Any distance forward inside its own half. */ \
		{ 0, 1, 0, RAY_MOVE | RAY_LONG, 0, 0, 6 }, \
		PAWN_CAPTURES, \
		/* Sideways captures in the enemy half. */ \
		{ 1, 0, 1, RAY_CAPTURE, 7, 12, 0 }, \
		{ -1, 0, 1, RAY_CAPTURE, 7, 12, 0 } } }, \
	[9] = { 'F', "ferz-knight", "FN", "one diagonal step, or a " \
	    "knight's leap", 0, { FERZ, KNIGHT } }, \
	[10] = { 'W', "wazir-knight", "WN", "one step along a rank or " \
	    "file, or a knight's leap", 0, \
	         { WAZIR, KNIGHT } }, \
	[11] = { 'S', "ferz-sorcerer", "FZ", "one diagonal step, or a " \
	    "zebra's leap (three squares one way, two the other)", 0, \
	         { FERZ, ZEBRA } }, \
	[12] = { 'Z', "wazir-sorcerer", "WZ", "one step along a rank or " \
	    "file, or a zebra's leap (three squares one way, two the " \
	    "other)", 0, \
	         { WAZIR, ZEBRA } }

/* The rules of both games besides the pieces and the promotion list. */
#define HADEAN_COMMON_RULES \
	.files = 12, \
	.ranks = 12, \
	.type_count = 12, \
	.promo_rule = PROMO_ANY, \
	.promo_first_rank = 0, \
	.castling = CASTLING_FLEXIBLE, \
	.castle_king_file = 6,          /* g */ \
	.castle_rook_file = { 11, 0 }, /* l, a */ \
	.fifty_move_rule = true, \
	.minor_letters = "B"

#endif
