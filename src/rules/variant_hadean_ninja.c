/*
 * variant_hadean_ninja.c - Hadean Chess with the inventor's optional
 * flying ninja pieces, which replace the flyers: the guard G on the
 * diagonals, the warrior T on the ranks and files.  Each stops on any of
 * the first three squares of a line whatever stands before it, and takes
 * every enemy piece it passes over as well as one on its landing square
 * (RAY_NINJA, BC_MOVE_PASSING).  Everything else is Hadean Chess.
 * Authority: shared/rules/hadean.md, "Option: flying ninja pieces".
 */
#include "variant_hadean.h"

#define NINJA_ORTHOGONAL ORTHOGONAL(3, RAY_ANY | RAY_NINJA)
#define NINJA_DIAGONAL DIAGONAL(3, RAY_ANY | RAY_NINJA)

const struct variant_def hadean_ninja_def = {
	.id = BC_VARIANT_HADEAN_NINJA,
	.key = "hadean-ninja",
	.name = "Hadean Chess (flying ninjas)",
	.start_fen = "rztgfqkwgtsr/jjjjjbbjjjjj/pppppppppppp/12/12/12/12/12/12/"
	             "PPPPPPPPPPPP/JJJJJBBJJJJJ/RZTGFQKWGTSR w KQkq - 0 1",
	.pieces = {
		HADEAN_COMMON_PIECES,
		[7] = { 'G', "flying ninja guard", "FAG", "flies 1-3 squares diagonally over anything, and "
		    "takes every enemy piece it passes over as well as one on "
		    "the square it stops on", 0,
		        { NINJA_DIAGONAL } },
		[8] = { 'T', "flying ninja warrior", "WDH", "flies 1-3 squares along ranks and files over "
		    "anything, and takes every enemy piece it passes over as "
		    "well as one on the square it stops on", 0,
		        { NINJA_ORTHOGONAL } },
	},
	.promo_letters = "QRBGTFWSZ",
	HADEAN_COMMON_RULES,
};
