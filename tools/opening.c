/*
 * opening.c - random openings without a mate in one (opening.h).
 */
#include "opening.h"

bool
opening_mate_in_one(bc_game *g, bc_move_list *list)
{
	bool found = false;

	bc_game_legal_moves(g, list);
	for (int i = 0; i < list->count && !found; i++) {
		bc_reason reason;

		bc_game_push(g, list->moves[i]);
		found = bc_game_result(g, &reason) != BC_RESULT_NONE &&
		    reason == BC_REASON_CHECKMATE;
		bc_game_undo(g);
	}
	return found;
}

void
opening_random(bc_game *g, int plies, uint64_t *rng, bc_move_list *list,
    bc_move_list *scratch)
{
	for (int i = 0; i < plies; i++) {
		bc_game_legal_moves(g, list);
		if (!list->count)
			return;
		for (int tries = 0; tries < 64; tries++) {
			bc_game_push(g, list->moves[bc_random_next(rng) %
			    (uint64_t)list->count]);
			if (!opening_mate_in_one(g, scratch))
				break;
			bc_game_undo(g);
		}
	}
}
