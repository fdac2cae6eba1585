/*
 * variant_hadean.c - Hadean Chess (Charles Daniel, 2008) as data.
 * Authority: shared/rules/hadean.md.
 */
#include "variant_hadean.h"

/* Flyers: range 3, jumping one piece to s2 or two pieces to s3. */
#define FLY_ORTHOGONAL ORTHOGONAL(3, RAY_ANY | RAY_FLY)
#define FLY_DIAGONAL DIAGONAL(3, RAY_ANY | RAY_FLY)

const struct variant_def hadean_def = {
	.id = BC_VARIANT_HADEAN,
	.key = "hadean",
	.name = "Hadean Chess",
	.start_fen = "rzmefqkwemsr/jjjjjbbjjjjj/pppppppppppp/12/12/12/12/12/12/"
	             "PPPPPPPPPPPP/JJJJJBBJJJJJ/RZMEFQKWEMSR w KQkq - 0 1",
	.pieces = {
		HADEAN_COMMON_PIECES,
		[7] = { 'E', "flying elephant", "FjAjB3", "flies 1-3 squares "
		    "diagonally: the 2nd over anything, the 3rd over two pieces "
		    "or none", 0,
		        { FLY_DIAGONAL } },
		[8] = { 'M', "flying warmachine", "WjDjR3", "flies 1-3 squares "
		    "along ranks and files: the 2nd over anything, the 3rd over "
		    "two pieces or none", 0,
		        { FLY_ORTHOGONAL } },
	},
	.promo_letters = "QRBEMFWSZ",
	HADEAN_COMMON_RULES,
};
