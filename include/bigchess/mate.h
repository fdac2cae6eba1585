/*
 * mate.h - mates found with the rules alone: at once, and in two.
 *
 * No evaluation and no engine, so an answer depends only on the
 * position and on a budget of moves made, never on the machine's speed.
 * The coach asks whether a move allows a mate in one or two, the move
 * describer whether a move stops a mate, the engine's beginner levels
 * whether a reply mates, the match tools whether an opening lets a side
 * mate at once.  Nothing is allocated.
 */
#ifndef BIGCHESS_MATE_H
#define BIGCHESS_MATE_H

#include <stdint.h>

#include "movegen.h"

typedef enum bc_mate_answer {
	BC_MATE_NONE,    /* no mate (within the moves asked about) */
	BC_MATE_FOUND,   /* a mate */
	BC_MATE_UNKNOWN  /* the budget ran out first */
} bc_mate_answer;

/*
 * Whether one of `moves` (legal moves of `pos`, by the side to move)
 * mates at once; only a move that gives check has its replies generated,
 * into `scratch`.  Each move made adds one to *nodes; a move that would
 * take *nodes past `budget` (0: no limit) is not made, and the answer is
 * BC_MATE_UNKNOWN.  With BC_MATE_FOUND the mating move goes to *mate
 * (may be NULL).  `pos` is made and unmade, and restored on return.
 */
bc_mate_answer bc_mate_among(bc_position *pos, const bc_move_list *moves,
    bc_move_list *scratch, uint64_t budget, uint64_t *nodes, bc_move *mate);

/* Whether the side to move in `pos` mates at once; the move to *mate
 * (may be NULL). */
bool bc_mate_in_one(const bc_position *pos, bc_move *mate);

/*
 * Whether the side to move in `pos` can mate within two of its moves
 * whatever the other side replies: a first move after which every legal
 * reply allows a mate at once (or which mates itself).  `budget` counts
 * the moves made on the way (0: no limit); when it runs out the answer
 * is BC_MATE_UNKNOWN.  With BC_MATE_FOUND, the first move goes to
 * *first (may be NULL).  The moves made go to *nodes (may be NULL).
 */
bc_mate_answer bc_mate_in_two(const bc_position *pos, uint64_t budget,
    bc_move *first, uint64_t *nodes);

#endif
