/*
 * opening.c - random openings without a mate in one (opening.h).
 */
#include "opening.h"

void
opening_random(bc_game *g, int plies, uint64_t *rng, bc_move_list *list)
{
	for (int i = 0; i < plies; i++) {
		bc_game_legal_moves(g, list);
		if (!list->count)
			return;
		for (int tries = 0; tries < 64; tries++) {
			bc_game_push(g, list->moves[bc_random_next(rng) %
			    (uint64_t)list->count]);
			if (!bc_mate_in_one(bc_game_position(g), NULL))
				break;
			bc_game_undo(g);
		}
	}
}
