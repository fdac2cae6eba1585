/*
 * tune_quiet.c - which positions are quiet enough to train on: no
 * capture or promotion sequence from them gains over the static
 * evaluation (tune.h).
 */
#include <stdlib.h>

#include "bigchess/bigchess.h"
#include "engine/eval.h"
#include "engine/search.h"
#include "tune.h"

enum { QS_DEPTH = 8 };

/* The quiescence search's scratch: a move list per ply. */
struct tune_quiet {
	struct eval eval;
	bc_move_list lists[QS_DEPTH + 1];
	int keys[BC_MAX_MOVES];
};

/* The captures and promotions of list `l` first, the most valuable
 * victim first; returns how many there are. */
static int
order_tactical(struct tune_quiet *q, const bc_position *pos, bc_move_list *l)
{
	const struct eval_tables *t = eval_tables_of(&q->eval, pos);
	int n = 0;

	for (int i = 0; i < l->count; i++) {
		bc_move m = l->moves[i];
		bc_square taken[BC_MAX_CAPTURES];
		int k = bc_move_captures(pos, m, taken, BC_MAX_CAPTURES), key = 0;

		if (!k && !BC_MOVE_PROMO(m))
			continue;
		for (int j = 0; j < k; j++)
			key += eval_value(t, BC_PIECE_TYPE(pos->board[taken[j]]));
		if (BC_MOVE_PROMO(m))
			key += eval_value(t, BC_MOVE_PROMO(m));
		/* Insertion: the lists are short. */
		int j = n;
		while (j > 0 && q->keys[j - 1] < key) {
			l->moves[j] = l->moves[j - 1];
			q->keys[j] = q->keys[j - 1];
			j--;
		}
		l->moves[j] = m;
		q->keys[j] = key;
		n++;
	}
	return n;
}

/* A fail-soft quiescence search over captures and promotions. */
static int
qsearch(struct tune_quiet *q, const bc_position *pos, int alpha, int beta,
    int ply)
{
	int best = eval_position(&q->eval, pos, -SCORE_INF, SCORE_INF), n;
	bc_move_list *l = &q->lists[ply];

	if (best >= beta || ply >= QS_DEPTH)
		return best;
	if (best > alpha)
		alpha = best;
	bc_movegen_legal(pos, l);
	n = order_tactical(q, pos, l);
	for (int i = 0; i < n; i++) {
		bc_position next = *pos;
		bc_undo undo;
		int score;

		bc_position_make(&next, l->moves[i], &undo);
		score = -qsearch(q, &next, -beta, -alpha, ply + 1);
		if (score > best) {
			best = score;
			if (score > alpha)
				alpha = score;
			if (score >= beta)
				break;
		}
	}
	return best;
}

/* A null window just above the static evaluation fails low. */
bool
tune_quiet_is(struct tune_quiet *q, const bc_position *pos)
{
	int stand = eval_position(&q->eval, pos, -SCORE_INF, SCORE_INF);

	return qsearch(q, pos, stand, stand + 1, 0) <= stand;
}

struct tune_quiet *
tune_quiet_new(void)
{
	struct tune_quiet *q = calloc(1, sizeof *q);

	if (q && !eval_init(&q->eval)) {
		free(q);
		return NULL;
	}
	return q;
}

void
tune_quiet_free(struct tune_quiet *q)
{
	if (!q)
		return;
	eval_free(&q->eval);
	free(q);
}

long
tune_quiet_filter(struct tune_quiet *q, struct tune_sample *s, long n)
{
	long kept = 0;

	for (long i = 0; i < n; i++)
		if (!bc_position_in_check(&s[i].pos) &&
		    tune_quiet_is(q, &s[i].pos))
			s[kept++] = s[i];
	return kept;
}
