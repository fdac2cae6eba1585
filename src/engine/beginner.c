/*
 * beginner.c - level 1: a beginner who looks one move ahead.
 *
 * Each legal move is made and the position after it scored: the
 * evaluation's view of it, less the most the opponent could then win
 * with one capture (a piece taken for nothing, or a piece worth more
 * than the one that takes it if we could take back), and a move after
 * which the opponent mates at once is the worst of all.  That is what a
 * person new to the game looks at, and what it does not look at is as
 * much the point: no replies to the replies, and on purpose, with seeded
 * chances, a capture or mate it could make and, on a careless turn, the
 * replies altogether.
 */
#include <string.h>

#include "beginner.h"
#include "search.h"

/* A score above every evaluation: a mate the beginner sees. */
enum { BEGINNER_MATE = SCORE_MATE - 1, PER_MILLE = 1000 };

/* True with a chance of `per_mille` in a thousand. */
static bool
chance(uint64_t *rng, int per_mille)
{
	return per_mille > 0 &&
	    (int)(bc_random_next(rng) % PER_MILLE) < per_mille;
}

/* The material move `m` of `pos` wins at once: what it takes, and what
 * a promotion adds to the pawn. */
static int
move_gain(const struct eval_tables *t, const bc_position *pos, bc_move m)
{
	bc_square taken[BC_MAX_CAPTURES];
	int n = bc_move_captures(pos, m, taken, BC_MAX_CAPTURES);
	int gain = 0;

	for (int i = 0; i < n; i++)
		gain += eval_value(t, BC_PIECE_TYPE(pos->board[taken[i]]));
	if (BC_MOVE_PROMO(m))
		gain += eval_value(t, BC_MOVE_PROMO(m)) -
		    eval_value(t, BC_PIECE_TYPE(pos->board[BC_MOVE_FROM(m)]));
	return gain;
}

/*
 * The most the side to move in `pos` wins with one of its `replies`: a
 * capture of a piece that cannot be taken back wins the piece, one that
 * can wins the difference, if the taker is worth less.  Pins and what
 * stands behind are not seen: one move deep, as a beginner looks.
 */
static int
best_threat(const struct eval_tables *t, const bc_position *pos,
    const bc_move_list *replies)
{
	int best = 0;

	for (int i = 0; i < replies->count; i++) {
		bc_move m = replies->moves[i];
		bc_square guard[1];
		int gain = move_gain(t, pos, m);
		int taker = BC_PIECE_TYPE(pos->board[BC_MOVE_FROM(m)]);

		if (gain <= best)
			continue;
		if (taker != t->royal_type &&
		    bc_position_attackers(pos, (bc_square)BC_MOVE_TO(m),
		        !pos->side, guard, 1) > 0)
			gain -= eval_value(t, BC_MOVE_PROMO(m) ? BC_MOVE_PROMO(m)
			                                       : taker);
		if (gain > best)
			best = gain;
	}
	return best;
}

bc_move
beginner_move(struct beginner *b, struct eval *e, const bc_position *pos,
    const struct beginner_rules *rules, uint64_t budget, uint64_t *rng,
    struct engine_report *out)
{
	const struct eval_tables *t = eval_tables_of(e, pos);
	int64_t start = search_now_ns();
	/* One chance a turn: this turn it does not look at the replies. */
	bool careless = chance(rng, rules->careless);
	bc_move best = BC_MOVE_NONE, overlooked = BC_MOVE_NONE;
	int best_score = -SCORE_INF;
	bool best_mate = false;
	uint64_t nodes = 0;

	memset(out, 0, sizeof *out);
	bc_movegen_legal(pos, &b->mine);
	for (int i = 0; i < b->mine.count; i++) {
		bc_move m = b->mine.moves[i];
		bc_position after = *pos;
		bc_undo undo;
		int gain = move_gain(t, pos, m), score;
		bool mate;
		/* Drawn for every move, so that the chances of one move do
		 * not depend on whether another one captures. */
		bool missed = chance(rng, rules->miss);
		int noise = rules->noise > 0
		    ? (int)(bc_random_next(rng) %
		          (uint64_t)(2 * rules->noise + 1)) - rules->noise
		    : 0;

		if (budget && nodes >= budget)
			break;
		/* A capture or promotion overlooked is a move the beginner
		 * does not think of, so it is not played (unless it is the
		 * only kind there is). */
		if (missed && gain > 0) {
			if (!overlooked)
				overlooked = m;
			continue;
		}
		bc_position_make(&after, m, &undo);
		nodes++;
		bc_movegen_legal(&after, &b->replies);
		mate = b->replies.count == 0 && bc_position_in_check(&after);
		if (mate && missed) {
			if (!overlooked)
				overlooked = m;
			continue;
		}
		if (mate) {
			score = BEGINNER_MATE;
		} else {
			score = b->replies.count == 0 ? 0
			    : -eval_position(e, &after, -SCORE_INF, SCORE_INF);
			/* A reply that mates, looked for within the
			 * budget (past it, none is seen). */
			if (!careless && bc_mate_among(&after, &b->replies,
			        &b->scratch, budget, &nodes, NULL) ==
			        BC_MATE_FOUND)
				score = -BEGINNER_MATE;
			else if (!careless)
				score -= best_threat(t, &after, &b->replies);
			score += noise;
		}
		if (best == BC_MOVE_NONE || score > best_score) {
			best = m;
			best_score = score;
			best_mate = mate;
		}
	}
	if (!best && overlooked) {
		best = overlooked;
		best_score = 0;
	}
	out->best = best;
	out->depth = out->seldepth = best ? 1 : 0;
	out->score = best ? best_score : 0;
	out->mate = best_mate ? 1 : 0;
	out->nodes = nodes;
	out->time_ms = (search_now_ns() - start) / 1000000;
	if (out->time_ms > 0)
		out->nps = nodes * 1000 / (uint64_t)out->time_ms;
	if (best) {
		out->pv_length = 1;
		out->pv[0] = best;
		out->multipv = 1;
		out->lines[0].score = out->score;
		out->lines[0].mate = out->mate;
		out->lines[0].pv_length = 1;
		out->lines[0].pv[0] = best;
	}
	return best;
}
