/*
 * mate.c - mates at once and in two, with the rules' moves alone
 * (mate.h).
 *
 * A mate in two is a first move after which every legal reply leaves a
 * mate at once.  Most first moves fail at their first reply (nothing
 * mates after it), so the search is about the square of the number of
 * moves, not its cube: some ten thousand moves made in a position of a
 * hundred.  Two things keep it there.  The reply that refuted the last
 * first move is tried first against the next (it usually refutes that
 * one too), and of the moves that might mate at once only those that
 * give check have their replies generated: no other move can mate.  One
 * position is made and unmade throughout, with a move list per ply, so
 * nothing is allocated.
 */
#include "bigchess/mate.h"

/* One more move made, or false when the budget is spent. */
static bool
spend(uint64_t *nodes, uint64_t budget)
{
	if (budget && *nodes >= budget)
		return false;
	++*nodes;
	return true;
}

bc_mate_answer
bc_mate_among(bc_position *pos, const bc_move_list *moves,
    bc_move_list *scratch, uint64_t budget, uint64_t *nodes, bc_move *mate)
{
	for (int i = 0; i < moves->count; i++) {
		bool mated = false;
		bc_undo undo;

		if (!spend(nodes, budget))
			return BC_MATE_UNKNOWN;
		bc_position_make(pos, moves->moves[i], &undo);
		if (bc_position_in_check(pos)) {
			bc_movegen_legal(pos, scratch);
			mated = scratch->count == 0;
		}
		bc_position_unmake(pos, &undo);
		if (mated) {
			if (mate)
				*mate = moves->moves[i];
			return BC_MATE_FOUND;
		}
	}
	return BC_MATE_NONE;
}

bool
bc_mate_in_one(const bc_position *pos, bc_move *mate)
{
	bc_move_list moves, scratch;
	bc_position work = *pos;
	uint64_t nodes = 0;

	bc_movegen_legal(&work, &moves);
	return bc_mate_among(&work, &moves, &scratch, 0, &nodes, mate) ==
	    BC_MATE_FOUND;
}

struct mate_search {
	uint64_t nodes, budget;
	bc_move_list lists[4]; /* one per ply: ours, theirs, ours, theirs */
};

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
static bc_mate_answer
all_replies_lose(struct mate_search *s, bc_position *pos, bc_move *escape)
{
	bc_move_list *replies = &s->lists[1];

	bc_movegen_legal(pos, replies);
	if (replies->count == 0)
		return bc_position_in_check(pos) ? BC_MATE_FOUND : BC_MATE_NONE;
	first_if_there(replies, *escape);
	for (int i = 0; i < replies->count; i++) {
		bc_mate_answer a;
		bc_undo undo;

		if (!spend(&s->nodes, s->budget))
			return BC_MATE_UNKNOWN;
		bc_position_make(pos, replies->moves[i], &undo);
		bc_movegen_legal(pos, &s->lists[2]);
		a = bc_mate_among(pos, &s->lists[2], &s->lists[3], s->budget,
		    &s->nodes, NULL);
		bc_position_unmake(pos, &undo);
		if (a == BC_MATE_UNKNOWN)
			return a;
		if (a == BC_MATE_NONE) {
			*escape = replies->moves[i];
			return BC_MATE_NONE;
		}
	}
	return BC_MATE_FOUND;
}

bc_mate_answer
bc_mate_in_two(const bc_position *root, uint64_t budget, bc_move *first,
    uint64_t *nodes)
{
	struct mate_search s;
	bc_position pos = *root;
	bc_move_list *moves = &s.lists[0];
	bc_mate_answer answer = BC_MATE_NONE;
	bc_move escape = 0;

	s.nodes = 0;
	s.budget = budget;
	bc_movegen_legal(&pos, moves);
	for (int i = 0; i < moves->count && answer == BC_MATE_NONE; i++) {
		bc_undo undo;

		if (!spend(&s.nodes, s.budget)) {
			answer = BC_MATE_UNKNOWN;
			break;
		}
		bc_position_make(&pos, moves->moves[i], &undo);
		answer = all_replies_lose(&s, &pos, &escape);
		bc_position_unmake(&pos, &undo);
		if (answer == BC_MATE_FOUND && first)
			*first = moves->moves[i];
	}
	if (nodes)
		*nodes = s.nodes;
	return answer;
}
