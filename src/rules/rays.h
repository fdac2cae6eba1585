/*
 * rays.h - building blocks for piece definitions (internal to rules).
 */
#ifndef BIGCHESS_RAYS_H
#define BIGCHESS_RAYS_H

#include "variant_def.h"

/* A ray usable from anywhere: step (df, dr), `range` times (0 = unlimited). */
#define RAY(df, dr, range, flags) \
	{ \
		(df), (dr), (range), (flags), 0, 0, 0 \
	}

/* Orthogonal and diagonal rays of the same range and flags. */
#define ORTHOGONAL(range, flags) \
	RAY(1, 0, range, flags), RAY(-1, 0, range, flags), \
	    RAY(0, 1, range, flags), RAY(0, -1, range, flags)
#define DIAGONAL(range, flags) \
	RAY(1, 1, range, flags), RAY(-1, 1, range, flags), \
	    RAY(1, -1, range, flags), RAY(-1, -1, range, flags)

/* The eight leaps of an (a, b) leaper: (1, 2) knight, (2, 3) zebra. */
#define LEAPS(a, b) \
	RAY(a, b, 1, RAY_ANY), RAY(b, a, 1, RAY_ANY), \
	    RAY(-(a), b, 1, RAY_ANY), RAY(-(b), a, 1, RAY_ANY), \
	    RAY(a, -(b), 1, RAY_ANY), RAY(b, -(a), 1, RAY_ANY), \
	    RAY(-(a), -(b), 1, RAY_ANY), RAY(-(b), -(a), 1, RAY_ANY)

#define ROOK ORTHOGONAL(0, RAY_ANY)
#define BISHOP DIAGONAL(0, RAY_ANY)
#define WAZIR ORTHOGONAL(1, RAY_ANY)
#define FERZ DIAGONAL(1, RAY_ANY)
#define KNIGHT LEAPS(1, 2)
#define ZEBRA LEAPS(2, 3)

/* A pawn's diagonal-forward captures. */
#define PAWN_CAPTURES RAY(1, 1, 1, RAY_CAPTURE), RAY(-1, 1, 1, RAY_CAPTURE)

#endif
