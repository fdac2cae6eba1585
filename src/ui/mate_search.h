/*
 * mate_search.h - a forced mate in two, by the rules alone.
 *
 * The coach asks it after a person's move: can the opponent now force
 * mate in two?  It needs no engine, so the answer does not depend on a
 * search's evaluation or on the machine's speed, only on a node budget.
 */
#ifndef BIGCHESS_UI_MATE_SEARCH_H
#define BIGCHESS_UI_MATE_SEARCH_H

#include <stdint.h>

#include "bigchess/bigchess.h"

enum mate_answer {
	MATE_NONE,     /* no mate in two (nor in one) */
	MATE_FOUND,    /* a forced mate in two or fewer moves */
	MATE_UNKNOWN   /* the budget ran out first */
};

/*
 * The coach's budget, in moves made: about 0.2 s on a 2-core host at
 * load 21 (HexChad's slowest searches made 0.7 million moves a second,
 * Grand's 5 million on the average), six times what any position after a
 * move of the bench's middle games or of 30 random games needed (23,495
 * at most; README, the coach).
 */
enum { MATE_SEARCH_NODES = 150000 };

/*
 * Whether the side to move in `pos` can mate within two of its moves
 * whatever the other side replies: a first move after which every legal
 * reply allows a mate at once (or which mates itself).  `budget` counts
 * the moves made on the way; when it runs out the answer is
 * MATE_UNKNOWN.  With MATE_FOUND, the first move goes to *first (may be
 * NULL).  The moves made are counted into *nodes (may be NULL), for
 * measuring.  Allocates nothing; reentrant.
 */
enum mate_answer mate_in_two(const bc_position *pos, uint64_t budget,
    bc_move *first, uint64_t *nodes);

#endif
