/*
 * mate_search.c - a forced mate in two for the side to move, found with
 * the rules library's moves alone.
 *
 * A mate in two is a first move after which every legal reply leaves a
 * mate at once.  Most first moves fail at their first reply (nothing
 * mates after it), so the search is about the square of the number of
 * moves, not its cube: some ten thousand moves made in a position of a
 * hundred.  Two things keep it there.  The reply that refuted the last
 * first move is tried first against the next (it usually refutes that
 * one too), and of the moves that might mate at once only those that
 * give check have their replies generated: no other move can mate.  One position is made and
 * unmade throughout, with a move list per ply, so nothing is allocated.
 */
#include <stdbool.h>

#include "mate_search.h"

struct mate_search {
	uint64_t nodes, budget;
	bc_move_list lists[4]; /* one per ply: ours, theirs, ours, theirs */
};

/* One more move made, or false when the budget is spent. */
static bool
spend(struct mate_search *s)
{
	return ++s->nodes <= s->budget;
}

/*
 * Whether the side to move in `pos` mates at once: MATE_FOUND,
 * MATE_NONE, or MATE_UNKNOWN when the budget ran out.  `pos` is
 * restored before it returns.
 */
static enum mate_answer
mate_at_once(struct mate_search *s, bc_position *pos)
{
	bc_move_list *moves = &s->lists[2], *replies = &s->lists[3];

	bc_movegen_legal(pos, moves);
	for (int i = 0; i < moves->count; i++) {
		bool mate = false;
		bc_undo undo;

		if (!spend(s))
			return MATE_UNKNOWN;
		bc_position_make(pos, moves->moves[i], &undo);
		if (bc_position_in_check(pos)) {
			bc_movegen_legal(pos, replies);
			mate = replies->count == 0;
		}
		bc_position_unmake(pos, &undo);
		if (mate)
			return MATE_FOUND;
	}
	return MATE_NONE;
}

/* Moves `m` to the front of `list` if it is there. */
static void
first_if_there(bc_move_list *list, bc_move m)
{
	for (int i = 1; i < list->count; i++)
		if (list->moves[i] == m) {
			list->moves[i] = list->moves[0];
			list->moves[0] = m;
			return;
		}
}

/*
 * Whether every reply to the first move just made in `pos` (the
 * defender to move) allows a mate at once; the reply that escapes goes
 * to *escape.  Stalemate escapes; no reply in check is mate already.
 */
static enum mate_answer
all_replies_lose(struct mate_search *s, bc_position *pos, bc_move *escape)
{
	bc_move_list *replies = &s->lists[1];

	bc_movegen_legal(pos, replies);
	if (replies->count == 0)
		return bc_position_in_check(pos) ? MATE_FOUND : MATE_NONE;
	first_if_there(replies, *escape);
	for (int i = 0; i < replies->count; i++) {
		enum mate_answer a;
		bc_undo undo;

		if (!spend(s))
			return MATE_UNKNOWN;
		bc_position_make(pos, replies->moves[i], &undo);
		a = mate_at_once(s, pos);
		bc_position_unmake(pos, &undo);
		if (a == MATE_UNKNOWN)
			return a;
		if (a == MATE_NONE) {
			*escape = replies->moves[i];
			return MATE_NONE;
		}
	}
	return MATE_FOUND;
}

enum mate_answer
mate_in_two(const bc_position *root, uint64_t budget, bc_move *first,
    uint64_t *nodes)
{
	struct mate_search s;
	bc_position pos = *root;
	bc_move_list *moves = &s.lists[0];
	enum mate_answer answer = MATE_NONE;
	bc_move escape = 0;

	s.nodes = 0;
	s.budget = budget;
	bc_movegen_legal(&pos, moves);
	for (int i = 0; i < moves->count && answer == MATE_NONE; i++) {
		bc_undo undo;

		if (!spend(&s)) {
			answer = MATE_UNKNOWN;
			break;
		}
		bc_position_make(&pos, moves->moves[i], &undo);
		answer = all_replies_lose(&s, &pos, &escape);
		bc_position_unmake(&pos, &undo);
		if (answer == MATE_FOUND && first)
			*first = moves->moves[i];
	}
	if (nodes)
		*nodes = s.nodes;
	return answer;
}
