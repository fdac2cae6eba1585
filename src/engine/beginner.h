/*
 * beginner.h - level 1's player (internal to the engine): a beginner who
 * looks one move ahead, not a search.
 *
 * For each of its moves the beginner sees what the move takes and what
 * the opponent could then take back or take elsewhere, and plays the
 * move that looks best, with a seeded random bonus among moves that look
 * alike.  Like a person new to the game, it overlooks things on purpose,
 * with seeded probabilities: a capture (or a mate) it could make, and on
 * some turns the opponent's replies altogether.  So it takes a free piece
 * most of the time, not always, and when it pays attention it never
 * leaves a piece where it is taken for nothing.
 */
#ifndef BIGCHESS_ENGINE_BEGINNER_H
#define BIGCHESS_ENGINE_BEGINNER_H

#include <stdint.h>

#include "bigchess/bigchess.h"
#include "engine.h"
#include "eval.h"

/* How careless a beginner is: each in per mille. */
struct beginner_rules {
	int miss;     /* a capture, promotion or mate it does not see */
	int careless; /* a turn it does not look at the replies at all */
	int noise;    /* +- centipawns of random bonus per move */
};

/* The beginner's scratch space, made once (no allocation per move). */
struct beginner {
	bc_move_list mine;
	bc_move_list replies;
	bc_move_list scratch;
};

/*
 * Chooses a move of `pos` by `rules`, drawing its chances from `*rng`
 * (bc_random_next), and fills `out` as a search of depth 1 would: the
 * move, its score for the side to move, and the positions it looked at
 * as nodes, at most `budget` of them (0: no budget); a move not looked
 * at when the budget ran out is not played.  BC_MOVE_NONE without a
 * legal move.  Reentrant for distinct `b` and `e`.
 */
bc_move beginner_move(struct beginner *b, struct eval *e,
    const bc_position *pos, const struct beginner_rules *rules,
    uint64_t budget, uint64_t *rng, struct engine_report *out);

#endif
