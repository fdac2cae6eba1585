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

/* True if the side to move in `g` can mate at once; `list` is scratch. */
bool opening_mate_in_one(bc_game *g, bc_move_list *list);

/* Plays `plies` random legal moves from `*rng` on `g` (fewer if the game
 * ends); a ply that leaves the other side a mate in one is drawn again,
 * up to 64 times (HexChad has 752 mates at ply 3).  `list` and
 * `scratch` are the caller's, so that nothing is allocated per game. */
void opening_random(bc_game *g, int plies, uint64_t *rng,
    bc_move_list *list, bc_move_list *scratch);

#endif
