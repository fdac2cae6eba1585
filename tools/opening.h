/*
 * opening.h - random openings for the tools that play games (arena,
 * tune gen): the same seed gives the same moves on every machine, and no
 * opening hands a side a mate in one.
 */
#ifndef BIGCHESS_TOOLS_OPENING_H
#define BIGCHESS_TOOLS_OPENING_H

#include <stdbool.h>
#include <stdint.h>

#include "bigchess/bigchess.h"

/* Plays `plies` random legal moves from `*rng` on `g` (fewer if the game
 * ends); a ply that leaves the other side a mate in one is drawn again,
 * up to 64 times (HexChad has 752 mates at ply 3).  `list` is the
 * caller's, so that nothing is allocated per game. */
void opening_random(bc_game *g, int plies, uint64_t *rng,
    bc_move_list *list);

#endif
