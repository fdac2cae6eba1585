/*
 * search.c - iterative deepening over a principal-variation alpha-beta
 * search with a quiescence search at the leaves.
 *
 * Outline.  search_run deepens one ply at a time (with an aspiration
 * window once the score settles) until the depth, node or time limit or a
 * stop request ends it; the best move of the last finished iteration, or
 * a better one found by the unfinished iteration, is the answer.  Each
 * node (pvs) tries, in order: draw and mate-distance checks, the
 * transposition table, static pruning when far above beta (reverse
 * futility, bolder when the static evaluation improves on two plies
 * before) or far below alpha (razoring), a null move, a
 * singular-extension test of the hash move, then the moves from a staged
 * picker: the hash move before any generation, tactics that do not lose
 * material (by victim, attacker and capture history), killers and the
 * counter move, quiet moves by the butterfly and continuation histories,
 * and last the tactics that a static exchange evaluation (see) expects to
 * lose (near the horizon, those losing much are not searched at all).
 * Late quiet moves near the horizon are pruned (more of them when not
 * improving), so are quiet moves too far below alpha for the depth
 * their reduction would leave them (a ply less when not improving),
 * and outside Chad quiet moves that the exchange evaluation expects to
 * lose material; the others are searched with a depth reduced by their
 * rank (at the root too, a little less) and with a null window, and
 * searched again when they surprise.  Checks are extended.  The
 * quiescence search (qsearch) looks at captures and promotions, and in
 * Chad at moves entering the enemy castle (they promote or threaten
 * mate), until the position is quiet; it skips those probable losses,
 * and shares the transposition table (as depth 0): a stored bound cuts,
 * and a stored static evaluation stands in for a fresh one (a node that
 * a fresh one ends at once, by standing pat or reverse futility, leaves
 * it there with the bound it proves).  Where a
 * stored score's bound says the truth lies beyond the static
 * evaluation, the pruning and the capture search's standing score go
 * by that score instead.
 *
 * Node counts are exact: a node is counted when pvs or qsearch is entered
 * below the root, so a node limit stops the search after exactly that many
 * nodes, and a fixed-depth search visits the same nodes every time.
 */
#include <string.h>
#include <time.h>
#ifdef SEARCH_STATS
#include <inttypes.h>
#include <stdio.h>
#endif

#include "search.h"

enum {
	CHECK_EVERY = 256,      /* nodes between looks at the clock and flag */
	ASPIRATION = 35,
	DELTA_MARGIN = 200,
	HISTORY_MAX = 16000,
	HISTORY_BONUS_MAX = 2400,
	CAPTURE_HISTORY_DIV = 8, /* its weight beside the victim's value */
	SCORE_HASH = 1 << 30,
	SCORE_TACTICAL = 1 << 28,
	SCORE_KILLER = 1 << 27,
	QS_CHECK_PLIES = 3, /* evasions searched in the first qsearch plies */
	SEE_KING = 30000,   /* the king's worth in an exchange */
	SEE_ATTACKERS = 32, /* attackers looked at per capture */
	SEE_DEPTH = 40,     /* captures in one exchange */
	SEE_PRUNE_DEPTH = 3, /* losing tactics skipped this near the horizon */
	SEE_PRUNE_MARGIN = 100, /* ... if they lose this much per ply */
	SEE_QUIET_DEPTH = 6, /* quiet moves that lose material skipped this
	                      * near the horizon ... */
	SEE_QUIET_MARGIN = 60, /* ... if they lose this much per ply */
	SEE_CHECK_DEPTH = 8, /* checks that lose material skipped this near
	                      * the horizon (eval_params: see_check_margin) */
	RFP_DEPTH = 6,      /* reverse futility this near the horizon */
	RFP_MARGIN = 85,    /* ... if this far above beta per ply */
	RAZOR_DEPTH = 2,
	RAZOR_MARGIN = 250,
	LMP_DEPTH = 4,      /* late-move pruning */
	FUTILITY_DEPTH = 6, /* futility pruning, by the depth LMR would leave */
	FUTILITY_MARGIN = 100, /* a ply of the reduced depth */
	SE_DEPTH = 8,       /* singular extension from this depth */
	SE_MARGIN = 2,      /* ... for moves this far below, per ply */
	ROOT_FULL_MOVES = 4, /* root moves searched to the full depth first */
	QUIETS_SELECTED = 1 /* quiet moves picked one by one, before a sort */
};

int64_t
search_now_ns(void)
{
	struct timespec ts;

	clock_gettime(CLOCK_MONOTONIC, &ts);
	return (int64_t)ts.tv_sec * 1000000000 + ts.tv_nsec;
}

static int64_t
elapsed_ms(const struct search *s)
{
	return (search_now_ns() - s->start_ns) / 1000000;
}

/* Whether `limit_ms` of the time that counts against the limits has
 * passed: none while pondering, and after a ponderhit only the time
 * since it (the clock of the side to move runs from then). */
static bool
time_over(const struct search *s, int64_t limit_ms)
{
	int64_t from = s->start_ns;

	if (s->pondering) {
		int64_t hit;

		if (atomic_load(s->pondering))
			return false;
		hit = atomic_load(s->ponderhit_ns);
		if (hit > from)
			from = hit;
	}
	return (search_now_ns() - from) / 1000000 >= limit_ms;
}

/* Natural logarithm, roughly (the mantissa's log2 taken as linear): enough
 * for a table of reductions, and no libm. */
static double
rough_log(int x)
{
	double y = x;
	int n = 0;

	while (y >= 2) {
		y /= 2;
		n++;
	}
	return (n + (y - 1)) * 0.6931;
}

void
search_clear(struct search *s)
{
	memset(s->history, 0, sizeof s->history);
	memset(s->counter, 0, sizeof s->counter);
	memset(s->capture_history, 0, sizeof s->capture_history);
	memset(s->cont, 0, s->cont_used * sizeof s->cont[0]);
	for (int i = 0; i <= MAX_PLY; i++)
		s->ply[i].killers[0] = s->ply[i].killers[1] = BC_MOVE_NONE;
	/* Reductions grow with the depth left and the move's rank. */
	for (int d = 0; d < MAX_PLY; d++)
		for (int i = 0; i < LMR_MOVES; i++)
			s->lmr[d][i] = (uint8_t)(d && i
			    ? 0.6 + rough_log(d) * rough_log(i) / 2.2
			    : 0);
}

/* xorshift64*: the engine's own random numbers, for weak levels. */
static uint64_t
next_random(uint64_t *state)
{
	*state ^= *state >> 12;
	*state ^= *state << 25;
	*state ^= *state >> 27;
	return *state * 0x2545f4914f6cdd1dULL;
}

/* Counts a node; true when the search must stop now. */
static bool
count_node(struct search *s)
{
	if (s->stopped)
		return true;
	s->nodes++;
	if (s->limits.nodes && s->nodes >= s->limits.nodes)
		s->stopped = true;
	if (s->nodes % CHECK_EVERY == 0) {
		if (s->limits.helper && s->helper_nodes)
			atomic_fetch_add_explicit(s->helper_nodes, CHECK_EVERY,
			    memory_order_relaxed);
		if (atomic_load_explicit(s->stop, memory_order_relaxed) ||
		    (s->limits.hard_ms && time_over(s, s->limits.hard_ms)))
			s->stopped = true;
	}
	return s->stopped;
}

static int
score_to_tt(int score, int ply)
{
	if (score >= SCORE_MATE_MIN)
		return score + ply;
	if (score <= -SCORE_MATE_MIN)
		return score - ply;
	return score;
}

static int
score_from_tt(int score, int ply)
{
	if (score >= SCORE_MATE_MIN)
		return score - ply;
	if (score <= -SCORE_MATE_MIN)
		return score + ply;
	return score;
}

/* The static evaluation `eval`, or the table's score where its bound
 * says the truth lies beyond it: a searched guess, better to prune by. */
static int
refined_eval(const struct tt_entry *entry, int eval, int ply)
{
	int score = score_from_tt(entry->score, ply);

	if (score > -SCORE_MATE_MIN && score < SCORE_MATE_MIN &&
	    (entry->bound & (score > eval ? TT_LOWER : TT_UPPER)))
		return score;
	return eval;
}

/* Captures, promotions and, in Chad, entries into the enemy castle. */
static bool
is_tactical(const struct search *s, bc_move m)
{
	int kind = BC_MOVE_KIND(m);
	unsigned castle;

	if (kind == BC_MOVE_CAPTURE || kind == BC_MOVE_EN_PASSANT ||
	    kind == BC_MOVE_PASSING || BC_MOVE_PROMO(m))
		return true;
	if (!s->tables->params->castles)
		return false;
	castle = s->pos.side == BC_WHITE ? BC_REGION_CASTLE_BLACK
	                                 : BC_REGION_CASTLE_WHITE;
	return (s->tables->region[BC_MOVE_TO(m)] & castle) != 0;
}

/* The worth of everything `m` takes: a flying ninja's pieces taken in
 * passing count with the one on its landing square. */
static int
victim_value(const struct search *s, bc_move m)
{
	const bc_position *pos = &s->pos;
	bc_square taken[BC_MAX_CAPTURES];
	int n = bc_move_captures(pos, m, taken, BC_MAX_CAPTURES), value = 0;

	for (int i = 0; i < n; i++)
		value += eval_value(s->tables, BC_PIECE_TYPE(pos->board[taken[i]]));
	if (BC_MOVE_PROMO(m))
		value += eval_value(s->tables, BC_MOVE_PROMO(m)) -
		    eval_value(s->tables,
		        BC_PIECE_TYPE(pos->board[BC_MOVE_FROM(m)]));
	return value;
}

static int
mover_value(const struct search *s, bc_move m)
{
	return eval_value(s->tables,
	    BC_PIECE_TYPE(s->pos.board[BC_MOVE_FROM(m)]));
}

/* Worth of a piece in an exchange: the king last of all, and at a price
 * no capture repays. */
static int
exchange_value(const struct search *s, bc_piece p)
{
	int type = BC_PIECE_TYPE(p);

	return s->tables->flags[type] & EVAL_KING ? SEE_KING
	                                          : eval_value(s->tables, type);
}

/*
 * Static exchange evaluation, as a test: whether what move `m` wins for
 * the mover falls short of `threshold` if both sides then take turns
 * capturing on its target square, each with its least valuable piece that
 * may capture there (by the variant's rules, bc_board_attackers), and
 * each free to stop.  Pieces behind the ones that capture join in; pins,
 * checks and promotions after the first move are ignored.  Works on a
 * copy of the board.
 *
 * As Stockfish's see_ge, the exchange is played only until its answer is
 * sure: `swap` is what the side that just took must keep for the test to
 * go its way, and `below` whether the test goes against the mover with
 * the last capture standing.  The same answer as playing every capture
 * and going back through them, each side taking only if it gains, in
 * fewer scans for attackers: most exchanges are settled by their first
 * one or two captures.  `victim` is victim_value(s, m), which the caller
 * may have at hand (see_below finds it).
 */
static bool
see_below_taking(const struct search *s, bc_move m, int victim, int threshold)
{
	const bc_position *pos = &s->pos;
	uint8_t board[BC_CELLS];
	bc_square att[SEE_ATTACKERS];
	int to = BC_MOVE_TO(m), from = BC_MOVE_FROM(m), side = !pos->side;
	int swap = victim - threshold;
	bc_square taken[BC_MAX_CAPTURES];
	int n_taken;
	bool below = false;

	/* Below even if nothing takes back; not even if the mover is
	 * lost for nothing. */
	if (swap < 0)
		return true;
	memcpy(board, pos->board, sizeof board);
	board[to] = BC_MOVE_PROMO(m)
	    ? BC_PIECE(pos->side, BC_MOVE_PROMO(m))
	    : board[from];
	board[from] = BC_EMPTY;
	swap = exchange_value(s, board[to]) - swap;
	if (swap <= 0)
		return false;
	/* The en-passant victim and the pieces taken in passing leave the
	 * board, so the pieces behind them may join the exchange. */
	n_taken = bc_move_captures(pos, m, taken, BC_MAX_CAPTURES);
	for (int i = 0; i < n_taken; i++)
		if (taken[i] != to)
			board[taken[i]] = BC_EMPTY;
	for (int d = 1; d < SEE_DEPTH; d++) {
		int n = bc_board_attackers(pos->variant, board, to, side, att,
		    SEE_ATTACKERS);
		int best = 0, best_value;

		if (n > SEE_ATTACKERS)
			n = SEE_ATTACKERS;
		if (n == 0)
			break;
		best_value = exchange_value(s, board[att[0]]);
		for (int i = 1; i < n; i++) {
			int value = exchange_value(s, board[att[i]]);

			if (value < best_value) {
				best = i;
				best_value = value;
			}
		}
		below = !below;
		swap = best_value - swap;
		/* This capture settles the test for its side even if the
		 * piece that took is lost in turn. */
		if (swap < (int)!below)
			break;
		board[to] = board[att[best]];
		board[att[best]] = BC_EMPTY;
		side = !side;
	}
	return below;
}

static bool
see_below(const struct search *s, bc_move m, int threshold)
{
	return see_below_taking(s, m, victim_value(s, m), threshold);
}

/*
 * The order of a tactical move: by most valuable victim and least
 * valuable attacker, after the quiet moves if it probably loses
 * material, that is if it puts a piece worth more than it takes where
 * the exchange goes against it.  Not in Chad: there, with the exchange
 * test, 200 games at equal nodes came out even (+9 +-45 Elo) while a
 * fixed-depth search took 41 % more nodes.
 */
static int
tactic_score(const struct search *s, bc_move m)
{
	int victim = victim_value(s, m), mover = mover_value(s, m);
	bool bad = !s->tables->params->castles && mover > victim &&
	    see_below_taking(s, m, victim, 0);

	return (bad ? -SCORE_KILLER : SCORE_TACTICAL) + victim * 16 -
	    mover / 16;
}

/* Orders the moves at `ply`: hash move, tactics (tactic_score), killers,
 * history; the tactics that probably lose come last. */
static void
score_moves(struct search *s, int ply, bc_move hash_move)
{
	struct search_ply *sp = &s->ply[ply];
	int us = s->pos.side;

	for (int i = 0; i < sp->list.count; i++) {
		bc_move m = sp->list.moves[i];
		int score;

		if (m == hash_move)
			score = SCORE_HASH;
		else if (is_tactical(s, m))
			score = tactic_score(s, m);
		else if (m == sp->killers[0])
			score = SCORE_KILLER + 1;
		else if (m == sp->killers[1])
			score = SCORE_KILLER;
		else
			score = s->history[us][BC_PIECE_TYPE(
			    s->pos.board[BC_MOVE_FROM(m)])][BC_MOVE_TO(m)];
		sp->scores[i] = score;
	}
}

/* Moves the best-scored move from `from` on to `from` and returns it. */
static bc_move
pick_move(struct search_ply *sp, int from)
{
	int best = from;
	bc_move m;
	int score;

	for (int i = from + 1; i < sp->list.count; i++)
		if (sp->scores[i] > sp->scores[best])
			best = i;
	m = sp->list.moves[best];
	score = sp->scores[best];
	sp->list.moves[best] = sp->list.moves[from];
	sp->scores[best] = sp->scores[from];
	sp->list.moves[from] = m;
	sp->scores[from] = score;
	return m;
}

/* Lays the continuation history out for the variant of `pos` (cleared
 * when the variant changes); off for a variant with more (type, square)
 * pairs than the table holds (none registered). */
static void
cont_setup(struct search *s, const bc_position *pos)
{
	const bc_variant *v = pos->variant;
	int files = bc_variant_files(v), ranks = bc_variant_ranks(v);
	int types = s->tables->type_count;

	if (v == s->cont_variant)
		return;
	memset(s->cont, 0, s->cont_used * sizeof s->cont[0]);
	s->cont_variant = v;
	s->cont_squares = files * ranks;
	s->cont_ps = types * files * ranks <= CONT_PS ? types * files * ranks
	                                             : 0;
	s->cont_used = (size_t)CONT_BACK * (size_t)s->cont_ps *
	    (size_t)s->cont_ps;
	for (int r = 0; r < ranks; r++)
		for (int f = 0; f < files; f++) {
			s->cont_square[BC_WHITE][BC_SQUARE(f, r)] = r * files + f;
			s->cont_square[BC_BLACK][BC_SQUARE(f, r)] =
			    (ranks - 1 - r) * files + f;
		}
}

/* The continuation index of `side`'s piece of `type` arriving on `to`. */
static int
cont_index(const struct search *s, int side, int type, int to)
{
	return (type - 1) * s->cont_squares + s->cont_square[side][to];
}

/* The entry of quiet move `m` (piece `type`) after the move `back` + 1
 * plies before `ply`, or NULL if there is none. */
static int16_t *
cont_entry(struct search *s, int ply, int back, int type, bc_move m)
{
	int prev;

	if (!s->cont_ps || ply < back + 1 ||
	    (prev = s->ply[ply - back - 1].cont_ps) < 0)
		return NULL;
	return &s->cont[((size_t)back * (size_t)s->cont_ps + (size_t)prev) *
	    (size_t)s->cont_ps +
	    (size_t)cont_index(s, s->pos.side, type, BC_MOVE_TO(m))];
}

/* What the histories say of quiet move `m` at `ply`. */
static int
quiet_score(struct search *s, int ply, bc_move m)
{
	int type = BC_PIECE_TYPE(s->pos.board[BC_MOVE_FROM(m)]);
	int score = s->history[s->pos.side][type][BC_MOVE_TO(m)];

	for (int back = 0; back < CONT_BACK; back++) {
		const int16_t *c = cont_entry(s, ply, back, type, m);

		if (c)
			score += *c;
	}
	return score;
}

/* The piece a capture's history is kept by: the one taken on the
 * landing square, else the first taken (en passant, in passing). */
static int
victim_type(const struct search *s, bc_move m)
{
	bc_square taken[BC_MAX_CAPTURES];
	int to = BC_MOVE_TO(m);

	if (s->pos.board[to] != BC_EMPTY ||
	    bc_move_captures(&s->pos, m, taken, 1) == 0)
		return BC_PIECE_TYPE(s->pos.board[to]);
	return BC_PIECE_TYPE(s->pos.board[taken[0]]);
}

static int16_t *
capture_entry(struct search *s, bc_move m)
{
	return &s->capture_history[s->pos.side]
	    [BC_PIECE_TYPE(s->pos.board[BC_MOVE_FROM(m)])][BC_MOVE_TO(m)]
	    [victim_type(s, m)];
}

/* The counter move of the move that led to `ply`, or none. */
static bc_move
counter_move(const struct search *s, int ply)
{
	bc_move prev = ply > 0 ? s->ply[ply - 1].move : BC_MOVE_NONE;

	if (!prev)
		return BC_MOVE_NONE;
	return s->counter[s->pos.board[BC_MOVE_TO(prev)] &
	    (2 * BC_BLACK_BIT - 1)][BC_MOVE_TO(prev)];
}

/*
 * The staged move picker.  It gives the hash move before generating
 * anything (a cut-off by it spares the generation), then generates the
 * pseudo-legal moves once and hands them out stage by stage, each stage
 * by a partial selection sort: tactics that do not lose material (by
 * victim, then attacker), the killers and the counter move, the quiet
 * moves by history (scored only when the tactics did not cut off), and
 * the losing tactics.  Each move comes once; legality is the caller's.
 */
static void
picker_init(struct search *s, int ply, bc_move hash_move, bool have_list)
{
	struct picker *pk = &s->ply[ply].picker;
	struct search_ply *sp = &s->ply[ply];
	bc_move counter = counter_move(s, ply);

	pk->stage = PICK_HASH;
	pk->last_stage = PICK_HASH;
	pk->hash_move = hash_move;
	pk->have_list = have_list;
	pk->quiets_scored = false;
	pk->quiets_picked = 0;
	pk->specials = 0;
	for (int i = 0; i < 3; i++) {
		bc_move m = i < 2 ? sp->killers[i] : counter;

		if (m && m != hash_move &&
		    (pk->specials < 1 || pk->special[0] != m) &&
		    (pk->specials < 2 || pk->special[1] != m))
			pk->special[pk->specials++] = m;
	}
}

/* Generates (unless done) and puts the tactics first, scored; drops the
 * hash move, which came already. */
static void
picker_generate(struct search *s, int ply)
{
	struct search_ply *sp = &s->ply[ply];
	struct picker *pk = &sp->picker;
	int n = 0, tactics = 0;

	if (!pk->have_list)
		bc_movegen_pseudo(&s->pos, &sp->list);
	/* A stable partition, the quiet moves parked in the scores: each
	 * kind keeps the generator's order, which breaks the ties. */
	for (int i = 0; i < sp->list.count; i++) {
		bc_move m = sp->list.moves[i];

		if (m == pk->hash_move)
			continue;
		if (is_tactical(s, m))
			sp->list.moves[tactics++] = m;
		else
			sp->scores[n++] = (int)m;
	}
	for (int i = 0; i < n; i++)
		sp->list.moves[tactics + i] = (bc_move)sp->scores[i];
	n += tactics;
	for (int i = 0; i < tactics; i++) {
		bc_move m = sp->list.moves[i];

		sp->scores[i] = tactic_score(s, m) +
		    *capture_entry(s, m) / CAPTURE_HISTORY_DIV;
	}
	sp->list.count = n;
	pk->tactics = tactics;
	pk->next = 0;
	pk->next_quiet = tactics;
}

/* The best-scored move of [from, to) goes to `from`; returns its score. */
static int
select_best(struct search_ply *sp, int from, int to)
{
	int best = from, score;
	bc_move m;

	for (int i = from + 1; i < to; i++)
		if (sp->scores[i] > sp->scores[best])
			best = i;
	m = sp->list.moves[best];
	score = sp->scores[best];
	/* Shifted, not swapped: the others keep their order. */
	memmove(&sp->list.moves[from + 1], &sp->list.moves[from],
	    (size_t)(best - from) * sizeof m);
	memmove(&sp->scores[from + 1], &sp->scores[from],
	    (size_t)(best - from) * sizeof score);
	sp->list.moves[from] = m;
	sp->scores[from] = score;
	return score;
}

/* Sorts the moves from `from` on by score, best first, keeping the order
 * of equals: the order select_best would give them in, one by one, in
 * n log n (bottom-up merges through s's scratch). */
static void
sort_quiets(struct search *s, struct search_ply *sp, int from)
{
	int n = sp->list.count - from;
	bc_move *moves = sp->list.moves + from, *m2 = s->sort_moves;
	int *scores = sp->scores + from, *s2 = s->sort_scores;

	for (int width = 1; width < n; width *= 2) {
		for (int lo = 0; lo < n; lo += 2 * width) {
			int mid = lo + width < n ? lo + width : n;
			int hi = lo + 2 * width < n ? lo + 2 * width : n;
			int i = lo, j = mid, k = lo;

			while (i < mid || j < hi) {
				int from_left = j >= hi ||
				    (i < mid && scores[i] >= scores[j]);
				int at = from_left ? i++ : j++;

				m2[k] = moves[at];
				s2[k++] = scores[at];
			}
		}
		memcpy(moves, m2, (size_t)n * sizeof *moves);
		memcpy(scores, s2, (size_t)n * sizeof *scores);
	}
}

/* The next move to try at `ply`, or none when all were given. */
static bc_move
picker_next(struct search *s, int ply)
{
	struct search_ply *sp = &s->ply[ply];
	struct picker *pk = &sp->picker;

	for (;;) {
		pk->last_stage = pk->stage;
		switch (pk->stage) {
		case PICK_HASH:
			pk->stage = PICK_GENERATE;
			if (pk->hash_move &&
			    bc_movegen_is_pseudo(&s->pos, pk->hash_move))
				return pk->hash_move;
			pk->hash_move = BC_MOVE_NONE;
			break;
		case PICK_GENERATE:
			picker_generate(s, ply);
			pk->stage = PICK_GOOD_TACTICS;
			break;
		case PICK_GOOD_TACTICS:
			if (pk->next < pk->tactics &&
			    select_best(sp, pk->next, pk->tactics) >= 0)
				return sp->list.moves[pk->next++];
			pk->stage = PICK_KILLERS;
			break;
		case PICK_KILLERS:
			while (pk->specials > 0) {
				bc_move m = pk->special[0];

				pk->specials--;
				memmove(pk->special, pk->special + 1,
				    (size_t)pk->specials * sizeof m);
				/* Found among the quiet moves: so it is a
				 * pseudo-legal quiet move here. */
				for (int i = pk->next_quiet; i < sp->list.count;
				    i++)
					if (sp->list.moves[i] == m) {
						memmove(&sp->list.moves[
						    pk->next_quiet + 1],
						    &sp->list.moves[pk->next_quiet],
						    (size_t)(i - pk->next_quiet) *
						    sizeof m);
						sp->list.moves[pk->next_quiet++] = m;
						return m;
					}
			}
			pk->stage = PICK_QUIETS;
			break;
		case PICK_QUIETS:
			if (!pk->quiets_scored) {
				for (int i = pk->next_quiet; i < sp->list.count;
				    i++)
					sp->scores[i] = quiet_score(s, ply,
					    sp->list.moves[i]);
				pk->quiets_scored = true;
			}
			if (pk->next_quiet < sp->list.count) {
				/* Most cut-offs come among the first quiet
				 * moves; a node that goes on wants them all. */
				if (pk->quiets_picked < QUIETS_SELECTED)
					select_best(sp, pk->next_quiet,
					    sp->list.count);
				else if (pk->quiets_picked == QUIETS_SELECTED)
					sort_quiets(s, sp, pk->next_quiet);
				pk->quiets_picked++;
				return sp->list.moves[pk->next_quiet++];
			}
			pk->stage = PICK_BAD_TACTICS;
			break;
		case PICK_BAD_TACTICS:
			if (pk->next < pk->tactics) {
				select_best(sp, pk->next, pk->tactics);
				return sp->list.moves[pk->next++];
			}
			pk->stage = PICK_DONE;
			break;
		default:
			return BC_MOVE_NONE;
		}
	}
}

int
search_picker_moves(struct search *s, const bc_position *pos, int ply,
    bc_move hash_move, bc_move *out)
{
	int n = 0;

	s->pos = *pos;
	s->tables = eval_tables_of(s->eval, pos);
	cont_setup(s, pos);
	picker_init(s, ply, hash_move, false);
	for (bc_move m; n <= BC_MAX_MOVES &&
	    (m = picker_next(s, ply)) != BC_MOVE_NONE;)
		out[n++] = m;
	return n;
}

/* Plays `m` at `ply`.  When `may_check` is false (the rules have ruled
 * out a check: bc_movegen_may_check), the child's in_check_at knows it
 * without a look. */
static void
make(struct search *s, int ply, bc_move m, bool may_check)
{
	struct search_ply *child = &s->ply[ply + 1];

	s->ply[ply].move = m;
	bc_position_make(&s->pos, m, &s->ply[ply].undo);
	if (!may_check) {
		child->check_key = s->pos.hash;
		child->checked = false;
	}
	s->ply[ply].cont_ps = s->cont_ps
	    ? cont_index(s, !s->pos.side,
	          BC_PIECE_TYPE(s->pos.board[BC_MOVE_TO(m)]), BC_MOVE_TO(m))
	    : -1;
	s->keys[s->base + ply + 1] = s->pos.hash;
	s->rep_start[ply + 1] = bc_position_irreversible(&s->pos,
	    &s->ply[ply].undo) ? s->base + ply + 1 : s->rep_start[ply];
}

/* Whether the side to move at `ply` is in check, remembered for the
 * position there: a node's move that gives check is looked at once, by
 * the node and by the child that answers it. */
static bool
in_check_at(struct search *s, int ply)
{
	struct search_ply *sp = &s->ply[ply];

	if (sp->check_key != s->pos.hash) {
		sp->check_key = s->pos.hash;
		sp->checked = bc_position_in_check(&s->pos);
	}
	return sp->checked;
}

static void
unmake(struct search *s, int ply)
{
	bc_position_unmake(&s->pos, &s->ply[ply].undo);
}

/* Repetition (of a game position or one on the path), or what the rules
 * call a draw by itself: the 100-ply rule or material that cannot mate.
 * A mate given on the 100th ply wins (the rules look for mate first), so
 * a king in check there is a draw only if it has a move; the test uses
 * the node's move list, not generated yet. */
static bool
is_draw(struct search *s, int ply)
{
	const bc_position *pos = &s->pos;
	int here = s->base + ply;
	int oldest = s->rep_start[ply];
	bc_reason rule = bc_position_rule_draw(pos);

	if (rule == BC_REASON_FIFTY_MOVES && in_check_at(s, ply)) {
		bc_movegen_legal(pos, &s->ply[ply].list);
		return s->ply[ply].list.count > 0;
	}
	if (rule != BC_REASON_NONE)
		return true;
	for (int i = here - 4; i >= oldest; i -= 2)
		if (s->keys[i] == pos->hash)
			return true;
	return false;
}

static int
evaluate(struct search *s, int alpha, int beta)
{
	return eval_position(s->eval, &s->pos, alpha, beta);
}

/* The evaluation just made may have generated the side to move's
 * pseudo-legal moves: copies them to `list` if so. */
static bool
take_eval_moves(const struct search *s, bc_move_list *list)
{
	const bc_move_list *ours = &s->eval->scratch[s->pos.side];

	if (!s->eval->have_moves)
		return false;
	memcpy(list->moves, ours->moves,
	    (size_t)ours->count * sizeof ours->moves[0]);
	list->count = ours->count;
	return true;
}

/* Does the side to move have something besides pawns and the king?  If
 * not, passing may be better than any move, and the null move lies. */
static bool
has_pieces(const struct search *s)
{
	const bc_position *pos = &s->pos;
	int us = pos->side;

	for (int t = 1; t <= s->tables->type_count; t++)
		if (pos->type_count[us][t] &&
		    !(s->tables->flags[t] & (EVAL_PAWN | EVAL_KING)))
			return true;
	return false;
}

static void
update_pv(struct search *s, int ply, bc_move m)
{
	struct search_ply *sp = &s->ply[ply], *next = &s->ply[ply + 1];

	sp->pv[0] = m;
	memcpy(sp->pv + 1, next->pv, (size_t)next->pv_length * sizeof m);
	sp->pv_length = next->pv_length + 1;
}

/* Gravity: entries saturate toward +-HISTORY_MAX, and a bonus against
 * the trend moves them more than one along it. */
static void
gravity(int16_t *h, int delta)
{
	*h = (int16_t)(*h + delta - *h * (delta < 0 ? -delta : delta) /
	    HISTORY_MAX);
}

/*
 * After a cut-off by `best` at `ply`: it becomes a killer and the
 * counter move (if quiet), and gains in the histories, while the moves
 * of its kind searched before it, which failed, lose as much: quiet
 * moves in the butterfly and continuation histories, captures in the
 * capture history (they lose after a quiet cut-off too).
 */
static void
update_history(struct search *s, int ply, bc_move best, int depth,
    int quiet_count, int capture_count, bool quiet)
{
	struct search_ply *sp = &s->ply[ply];
	int us = s->pos.side;
	int bonus = 16 * depth * depth + 128 * (depth - 1);

	if (bonus > HISTORY_BONUS_MAX)
		bonus = HISTORY_BONUS_MAX;
	if (quiet) {
		if (sp->killers[0] != best) {
			sp->killers[1] = sp->killers[0];
			sp->killers[0] = best;
		}
		if (ply > 0 && s->ply[ply - 1].move) {
			int to = BC_MOVE_TO(s->ply[ply - 1].move);

			s->counter[s->pos.board[to] & (2 * BC_BLACK_BIT - 1)]
			    [to] = best;
		}
		for (int i = 0; i < quiet_count; i++) {
			bc_move m = s->quiets[ply][i];
			int type = BC_PIECE_TYPE(s->pos.board[BC_MOVE_FROM(m)]);
			int delta = m == best ? bonus : -bonus;

			gravity(&s->history[us][type][BC_MOVE_TO(m)], delta);
			for (int back = 0; back < CONT_BACK; back++) {
				int16_t *c = cont_entry(s, ply, back, type, m);

				if (c)
					gravity(c, delta);
			}
		}
	}
	for (int i = 0; i < capture_count; i++) {
		bc_move m = s->captures[ply][i];

		gravity(capture_entry(s, m), m == best ? bonus : -bonus);
	}
}

/* A node that a new full evaluation ends at once (the capture search
 * standing pat at beta, reverse futility) keeps it in the table with the
 * lower bound that a capture search there proves (depth 0): the next
 * visit reads it instead of evaluating again.  Called only where the
 * table had nothing: an entry there may know more. */
static void
keep_eval(struct search *s, int score, int eval, int ply)
{
	tt_store(s->tt, s->pos.hash, BC_MOVE_NONE, score_to_tt(score, ply),
	    eval, 0, TT_LOWER);
}

static int
qsearch(struct search *s, int alpha, int beta, int ply, int qply)
{
	bc_position *pos = &s->pos;
	struct search_ply *sp = &s->ply[ply];
	bool checked, in_check, pv_node = beta - alpha > 1, tt_hit = false;
	struct tt_entry entry = { 0 };
	int best, stand = 0, old_alpha = alpha, stand_eval = TT_EVAL_NONE;
	bc_move best_move = BC_MOVE_NONE;

	sp->pv_length = 0;
	if (count_node(s))
		return 0;
	STAT(s, qnodes);
	if (ply > s->seldepth)
		s->seldepth = ply;
	if (ply >= MAX_PLY)
		return evaluate(s, alpha, beta);
	/* Any result in the table is at least as deep as this search. */
	if (s->limits.quiesce)
		tt_hit = tt_probe(s->tt, pos->hash, &entry);
	if (!pv_node && tt_hit) {
		int score = score_from_tt(entry.score, ply);

		if (entry.bound == TT_EXACT ||
		    (entry.bound == TT_LOWER && score >= beta) ||
		    (entry.bound == TT_UPPER && score <= alpha))
			return score;
	}
	/* Deep in the capture search a check is answered by the static
	 * score: in Chad, where checks are lines of sight, chains of checks
	 * and evasions would otherwise never end.  Not from the first ply:
	 * that won every self-play match but lost more to Fairy-Stockfish
	 * at Skill Level 10 (+4 =1 -35 against +10 =1 -29;
	 * tools/strength-log.txt). */
	checked = in_check_at(s, ply);
	in_check = checked && qply < QS_CHECK_PLIES;
	if (in_check) {
		STAT(s, qs_check_nodes);
		bc_movegen_pseudo(pos, &sp->list);
		best = -SCORE_MATE + ply; /* unless an evasion is found */
	} else {
		/* The table's evaluation spares most of a new one, all
		 * but the moves. */
		bool have_list = false;

		if (tt_hit && entry.eval != TT_EVAL_NONE) {
			stand = stand_eval = entry.eval;
		} else {
			stand = evaluate(s, alpha, beta);
			have_list = take_eval_moves(s, &sp->list);
			if (have_list)
				stand_eval = stand;
		}
		if (tt_hit)
			stand = refined_eval(&entry, stand, ply);
		/* In check (deep down) the standing score proves nothing. */
		if (stand >= beta && s->limits.quiesce && !tt_hit &&
		    stand_eval != TT_EVAL_NONE && !checked)
			keep_eval(s, stand, stand_eval, ply);
		if (stand >= beta || !s->limits.quiesce)
			return stand;
		if (stand > alpha)
			alpha = stand;
		best = stand;
		if (!have_list)
			bc_movegen_pseudo(pos, &sp->list);
		/* Keep only the tactical moves. */
		{
			int n = 0;

			for (int i = 0; i < sp->list.count; i++)
				if (is_tactical(s, sp->list.moves[i]))
					sp->list.moves[n++] = sp->list.moves[i];
			sp->list.count = n;
		}
	}
	score_moves(s, ply, BC_MOVE_NONE);
	for (int i = 0; i < sp->list.count; i++) {
		bc_move m = pick_move(sp, i);
		int score;

		if (!in_check) {
			/* The probable losses come last, scored below 0
			 * (score_moves): none of them is searched. */
			if (sp->scores[i] < 0)
				break;
			/* Delta pruning: even winning this cannot reach alpha. */
			if (stand + victim_value(s, m) + DELTA_MARGIN <= alpha)
				continue;
		}
		if (!bc_movegen_is_legal_fast(pos, m, checked))
			continue;
		make(s, ply, m, bc_movegen_may_check(pos, m));
		score = -qsearch(s, -beta, -alpha, ply + 1, qply + 1);
		unmake(s, ply);
		if (s->stopped)
			return 0;
		if (score > best) {
			best = score;
			if (score > alpha) {
				alpha = score;
				best_move = m;
				update_pv(s, ply, m);
				if (score >= beta)
					break;
			}
		}
	}
	if (s->limits.quiesce)
		tt_store(s->tt, pos->hash, best_move, score_to_tt(best, ply),
		    stand_eval, 0,
		    best >= beta ? TT_LOWER
		                 : best > old_alpha ? TT_EXACT : TT_UPPER);
	return best;
}

static int
reduction(const struct search *s, int depth, int index)
{
	if (depth >= MAX_PLY)
		depth = MAX_PLY - 1;
	if (index >= LMR_MOVES)
		index = LMR_MOVES - 1;
	return s->lmr[depth][index];
}

static int
pvs(struct search *s, int depth, int alpha, int beta, int ply, bool null_ok)
{
	bc_position *pos = &s->pos;
	struct search_ply *sp = &s->ply[ply];
	bool pv_node = beta - alpha > 1;
	bool in_check, tt_hit, have_list = false, full_eval = false, improving;
	bool singular = false;
	struct tt_entry entry;
	bc_move hash_move = BC_MOVE_NONE, best_move = BC_MOVE_NONE;
	int best = -SCORE_INF, static_eval = -SCORE_INF, old_alpha = alpha;
	int eval, searched = 0, legal = 0, quiet_count = 0, capture_count = 0;

	/* Step 1. Extend checks; at the horizon, resolve captures. */
	in_check = in_check_at(s, ply);
	if (in_check && ply < 2 * s->root_depth) {
#ifdef SEARCH_STATS
		if (depth <= 0)
			STAT(s, horizon_check_extensions);
#endif
		STAT(s, check_extensions);
		depth++;
	}
	if (depth <= 0)
		return qsearch(s, alpha, beta, ply, 0);

	/* Step 2. Count the node; draws; mate-distance pruning. */
	sp->pv_length = 0;
	if (count_node(s))
		return 0;
	if (ply > s->seldepth)
		s->seldepth = ply;
	if (is_draw(s, ply))
		return 0;
	if (ply >= MAX_PLY - 1)
		return in_check ? 0 : evaluate(s, alpha, beta);
	if (alpha < -SCORE_MATE + ply)
		alpha = -SCORE_MATE + ply;
	if (beta > SCORE_MATE - ply - 1)
		beta = SCORE_MATE - ply - 1;
	if (alpha >= beta)
		return alpha;

	/* Step 3. The transposition table. */
	tt_hit = tt_probe(s->tt, pos->hash, &entry);
	STAT(s, tt_probes);
	if (tt_hit) {
		int score = score_from_tt(entry.score, ply);

		STAT(s, tt_hits);
		hash_move = entry.move;
		if (!pv_node && !sp->excluded && entry.depth >= depth &&
		    (entry.bound == TT_EXACT ||
		        (entry.bound == TT_LOWER && score >= beta) ||
		        (entry.bound == TT_UPPER && score <= alpha))) {
			STAT(s, tt_cuts);
			return score;
		}
	}

	/* Step 4. Static evaluation, for the pruning below; "improving"
	 * when it is better than two plies ago, when the pruning below
	 * holds back. */
	if (!in_check) {
		if (tt_hit && entry.eval != TT_EVAL_NONE) {
			static_eval = entry.eval;
		} else {
			/* Lazy: a score far outside the window is exact
			 * enough for the pruning below, but not kept. */
			static_eval = evaluate(s, alpha, beta);
			have_list = take_eval_moves(s, &sp->list);
			full_eval = have_list;
		}
	}

	sp->static_eval = static_eval;
	improving = !in_check && ply >= 2 &&
	    static_eval > s->ply[ply - 2].static_eval;
	/* The pruning below goes by `eval`; "improving" by the static
	 * evaluation alone. */
	eval = !in_check && tt_hit && !sp->excluded
	    ? refined_eval(&entry, static_eval, ply)
	    : static_eval;

	/* Step 5. Reverse futility: far above beta near the horizon. */
	if (!pv_node && !in_check && depth <= RFP_DEPTH &&
	    eval - RFP_MARGIN * (depth - improving) >= beta &&
	    beta > -SCORE_MATE_MIN && beta < SCORE_MATE_MIN) {
		STAT(s, rfp_cuts);
		if (full_eval && !tt_hit)
			keep_eval(s, eval, static_eval, ply);
		return eval;
	}

	/* Step 5b. Razoring: far below alpha at the horizon, only captures
	 * could save it; when they do not, believe them. */
	if (!pv_node && !in_check && depth <= RAZOR_DEPTH &&
	    eval + RAZOR_MARGIN * depth <= alpha &&
	    alpha > -SCORE_MATE_MIN) {
		int score = qsearch(s, alpha, alpha + 1, ply, 0);

		if (s->stopped)
			return 0;
		if (score <= alpha) {
			STAT(s, razor_cuts);
			return score;
		}
		/* The capture search at this ply kept only its tactical
		 * moves in this ply's list: the evaluation's list is gone. */
		have_list = false;
	}

	/* Step 6. Null move: if passing still holds beta, so will a move. */
	if (!pv_node && !in_check && null_ok && !sp->excluded && depth >= 3 &&
	    eval >= beta && beta < SCORE_MATE_MIN && has_pieces(s)) {
		int r = 3 + depth / 6, score;

		STAT(s, null_tries);
		sp->move = BC_MOVE_NONE;
		sp->cont_ps = -1;
		bc_position_make_null(pos, &sp->undo);
		s->keys[s->base + ply + 1] = pos->hash;
		s->rep_start[ply + 1] = s->base + ply + 1;
		score = -pvs(s, depth - 1 - r, -beta, -beta + 1, ply + 1, false);
		bc_position_unmake_null(pos, &sp->undo);
		if (s->stopped)
			return 0;
		if (score >= beta) {
			STAT(s, null_cuts);
			return score >= SCORE_MATE_MIN ? beta : score;
		}
	}

	/* Step 7. No hash move deep down: search a little shallower. */
	if (!hash_move && depth >= 6)
		depth--;

	/* Step 7b. Singular extension: when the hash move's lower bound is
	 * deep enough and every other move falls well short of it in a
	 * search of half the depth, the hash move is the only one, and is
	 * searched a ply deeper.  When even the others reach beta, more
	 * than one move holds and the node is cut at once.  (That search
	 * uses this ply's move list, so the moves are generated anew.) */
	if (ply > 0 && depth >= SE_DEPTH && hash_move && !sp->excluded &&
	    tt_hit && entry.depth >= depth - 3 && (entry.bound & TT_LOWER) &&
	    score_from_tt(entry.score, ply) > -SCORE_MATE_MIN &&
	    score_from_tt(entry.score, ply) < SCORE_MATE_MIN &&
	    bc_movegen_is_pseudo(pos, hash_move) &&
	    bc_movegen_is_legal(pos, hash_move)) {
		int singular_beta = score_from_tt(entry.score, ply) -
		    SE_MARGIN * depth;
		int score;

		sp->excluded = hash_move;
		score = pvs(s, (depth - 1) / 2, singular_beta - 1, singular_beta,
		    ply, false);
		sp->excluded = BC_MOVE_NONE;
		sp->pv_length = 0;
		have_list = false;
		if (s->stopped)
			return 0;
		if (score < singular_beta) {
			STAT(s, se_extensions);
			singular = true;
		} else if (singular_beta >= beta) {
			STAT(s, se_cuts);
			return singular_beta;
		}
	}

	/* Step 8. The moves, pseudo-legal, from the staged picker: each is
	 * tested when its turn comes, so a cut-off spares the tests (and
	 * perhaps the generation) of the rest. */
	picker_init(s, ply, hash_move, have_list);
	for (bc_move m; (m = picker_next(s, ply)) != BC_MOVE_NONE;) {
		bool quiet = !is_tactical(s, m), may_check, gives_check;
		bool killer = sp->picker.last_stage == PICK_KILLERS;
		bool prunable = false, check_test = false;
		int new_depth = depth - 1, r = 0, cut, score;

		if (m == sp->excluded)
			continue;
		if (singular && m == hash_move)
			new_depth++;
		if (!bc_movegen_is_legal_fast(pos, m, in_check))
			continue;
		legal++;
		/* The late-move reduction by depth and rank alone: Step 10
		 * starts from it, and Step 9's futility looks through it. */
		cut = depth >= 3 ? reduction(s, depth, searched) : 0;

		/* Step 9. Near the horizon, unless the move gives check,
		 * prune late quiet moves (fewer when not improving), quiet
		 * moves that even a gain of the futility margin would leave
		 * below alpha (margin and reach go by the depth the move
		 * would keep after its late-move reduction, Stockfish's
		 * lmrDepth: a late move is pruned from further away), and
		 * moves that lose more material than the depth left can
		 * win back: a quiet move that puts a piece where it is
		 * lost, or a tactic ordered last.  The exchanges
		 * are evaluated only for the moves the cheaper tests keep,
		 * and for quiet moves not in Chad (with them, 244 games at
		 * 10000 nodes there came out +73 =86 -85).  A check is
		 * pruned only when it loses material by exchange, as
		 * Stockfish prunes checks, and only where the variant's
		 * table says so: Grand's queens, marshals and cardinals give
		 * many checks, most of them sacrifices, and every check
		 * searched is extended.  Whether a move gives check
		 * the rules tell without making it (bc_movegen_gives_check):
		 * a pruned move is never made. */
		if (!pv_node && !in_check && best > -SCORE_MATE_MIN) {
			/* As Stockfish's reduction(improving, ...): a ply
			 * less when not improving, for a move reduced more
			 * than one. */
			int lmr_depth = new_depth - cut - (!improving && cut > 1);
			bool late, futile;

			if (lmr_depth < 0)
				lmr_depth = 0;
			late = depth <= LMP_DEPTH &&
			    searched >= (4 + depth * depth * 3) / (2 - improving);
			futile = searched > 0 && lmr_depth < FUTILITY_DEPTH &&
			    eval + FUTILITY_MARGIN * (lmr_depth + 1) <= alpha;
			if (quiet && (late || futile))
				prunable = true;
			else if (quiet && searched > 0 &&
			    depth <= SEE_QUIET_DEPTH && !s->tables->params->castles)
				prunable = see_below(s, m,
				    -SEE_QUIET_MARGIN * depth);
			else if (!quiet && depth <= SEE_PRUNE_DEPTH &&
			    sp->picker.last_stage == PICK_BAD_TACTICS)
				prunable = see_below(s, m,
				    -SEE_PRUNE_MARGIN * depth);
			check_test = searched > 0 && depth <= SEE_CHECK_DEPTH &&
			    s->tables->params->see_check_margin > 0;
		}
		may_check = bc_movegen_may_check(pos, m);
		if (prunable || check_test) {
			bool checks = may_check && bc_movegen_gives_check(pos, m);

			if (checks ? check_test && see_below(s, m,
			                 -s->tables->params->see_check_margin *
			                     depth)
			           : prunable) {
				STAT(s, pruned);
				continue;
			}
		}
		make(s, ply, m, may_check);
		gives_check = in_check_at(s, ply + 1);

		/* Step 10. Late-move reductions, then the null window. */
		if (depth >= 3 && searched >= (pv_node ? 4 : 2) && quiet &&
		    !in_check && !gives_check) {
			r = cut;
			if (pv_node || killer)
				r--;
			if (r < 0)
				r = 0;
			if (r > new_depth - 1)
				r = new_depth - 1;
#ifdef SEARCH_STATS
			if (r > 0)
				STAT(s, lmr_tries);
#endif
		}
		if (searched == 0) {
			score = -pvs(s, new_depth, -beta, -alpha, ply + 1, true);
		} else {
			score = -pvs(s, new_depth - r, -alpha - 1, -alpha, ply + 1,
			    true);
			if (score > alpha && r > 0) {
				STAT(s, lmr_researches);
				score = -pvs(s, new_depth, -alpha - 1, -alpha,
				    ply + 1, true);
			}
			if (score > alpha && score < beta) {
				STAT(s, pvs_researches);
				score = -pvs(s, new_depth, -beta, -alpha, ply + 1,
				    true);
			}
		}
		unmake(s, ply);
		if (s->stopped)
			return 0;
		searched++;
		if (quiet && quiet_count < QUIETS_MAX)
			s->quiets[ply][quiet_count++] = m;
		else if (!quiet && capture_count < QUIETS_MAX)
			s->captures[ply][capture_count++] = m;

		if (score > best) {
			best = score;
			best_move = m;
			if (score > alpha) {
				alpha = score;
				update_pv(s, ply, m);
				if (score >= beta) {
					STAT(s, cut_nodes);
#ifdef SEARCH_STATS
					if (searched == 1)
						STAT(s, first_cuts);
#endif
					update_history(s, ply, m, depth,
					    quiet_count, capture_count, quiet);
					break;
				}
			}
		}
	}
	if (!legal)
		/* Without the excluded move: no other holds alpha. */
		return sp->excluded ? alpha : in_check ? -SCORE_MATE + ply : 0;
	if (sp->excluded)
		/* Not this node's whole result: not for the table. */
		return searched ? best : alpha;
	if (!searched)
		/* Every move was pruned: the position is no better than
		 * alpha as far as we can tell. */
		return alpha;

#ifdef SEARCH_STATS
	if (best < beta && alpha == old_alpha) {
		STAT(s, all_nodes);
		s->stats.all_moves += (uint64_t)searched;
	}
#endif
	/* Step 11. Remember what we learnt. */
	tt_store(s->tt, pos->hash, best_move, score_to_tt(best, ply),
	    full_eval ? static_eval : tt_hit ? entry.eval : TT_EVAL_NONE, depth,
	    best >= beta ? TT_LOWER
	                 : alpha > old_alpha ? TT_EXACT : TT_UPPER);
	return best;
}

/* The root: every legal move from `first` on (those before it are the
 * lines found already in this iteration), each with its random bonus at
 * weak levels.  The best goes to `first`.  After the first few, quiet
 * moves that give no check are searched a little shallower (a ply less
 * than a PV node's reduction below, since the root's moves all matter),
 * and again at the full depth if they beat the best: without this every
 * root move (44 to 65 in the start positions) got the full depth. */
static int
search_root(struct search *s, int depth, int alpha, int beta, int first,
    bool *improved)
{
	struct search_ply *sp = &s->ply[0];
	int best = -SCORE_INF;

	for (int i = first; i < sp->list.count; i++) {
		bc_move m = sp->list.moves[i];
		int noise = s->root_noise[i], score;
		int a = alpha - noise, b = beta - noise;
		bool quiet = !is_tactical(s, m);

		make(s, 0, m, true);
		if (i == first) {
			score = -pvs(s, depth - 1, -b, -a, 1, true);
		} else {
			int r = 0;

			if (depth >= 3 && i - first >= ROOT_FULL_MOVES && quiet &&
			    !in_check_at(s, 1)) {
				r = reduction(s, depth, i - first) - 1;
				if (r < 0)
					r = 0;
				if (r > depth - 2)
					r = depth - 2;
			}
			score = -pvs(s, depth - 1 - r, -a - 1, -a, 1, true);
			if (r > 0 && score > a)
				score = -pvs(s, depth - 1, -a - 1, -a, 1, true);
			if (score > a && score < b)
				score = -pvs(s, depth - 1, -b, -a, 1, true);
		}
		unmake(s, 0);
		if (s->stopped)
			break;
		score += noise;
		if (score > best)
			best = score;
		if (score > alpha) {
			*improved = true;
			update_pv(s, 0, m);
			/* The best move goes first next time. */
			memmove(&sp->list.moves[first + 1], &sp->list.moves[first],
			    (size_t)(i - first) * sizeof m);
			memmove(&s->root_noise[first + 1], &s->root_noise[first],
			    (size_t)(i - first) * sizeof noise);
			sp->list.moves[first] = m;
			s->root_noise[first] = noise;
			alpha = score;
			if (score >= beta)
				break;
		}
	}
	return best;
}

static int
mate_of(int score)
{
	if (score >= SCORE_MATE_MIN)
		return (SCORE_MATE - score + 1) / 2;
	if (score <= -SCORE_MATE_MIN)
		return -(SCORE_MATE + score) / 2;
	return 0;
}

/* Keeps the root's principal variation and `score` as line `index`. */
static void
keep_line(struct search *s, int index, int score)
{
	const struct search_ply *sp = &s->ply[0];
	struct engine_line *l = &s->lines[index];

	l->score = score;
	l->mate = mate_of(score);
	l->pv_length = sp->pv_length < ENGINE_MAX_PV ? sp->pv_length
	                                             : ENGINE_MAX_PV;
	memcpy(l->pv, sp->pv, (size_t)l->pv_length * sizeof l->pv[0]);
}

/* Orders the first `n` lines by score, best first (stably, so that equal
 * scores keep the order they were found in), and the root moves and
 * their bonuses with them, so that the next iteration tries them so. */
static void
sort_lines(struct search *s, int n)
{
	struct search_ply *sp = &s->ply[0];

	for (int i = 1; i < n; i++) {
		struct engine_line line = s->lines[i];
		bc_move m = sp->list.moves[i];
		int noise = s->root_noise[i], j = i;

		for (; j > 0 && s->lines[j - 1].score < line.score; j--) {
			s->lines[j] = s->lines[j - 1];
			sp->list.moves[j] = sp->list.moves[j - 1];
			s->root_noise[j] = s->root_noise[j - 1];
		}
		s->lines[j] = line;
		sp->list.moves[j] = m;
		s->root_noise[j] = noise;
	}
}

/* The nodes of this search and, in the main thread, of its helpers. */
static uint64_t
all_nodes(const struct search *s)
{
	if (s->limits.helper || !s->helper_nodes)
		return s->nodes;
	return s->nodes + atomic_load_explicit(s->helper_nodes,
	    memory_order_relaxed);
}

static void
fill_report(const struct search *s, struct engine_report *r, int depth)
{
	const struct engine_line *l = &s->lines[0];
	int64_t ms = elapsed_ms(s);
	uint64_t nodes = all_nodes(s);

	r->root = &s->pos;
	r->depth = depth;
	r->seldepth = s->seldepth;
	r->score = l->score;
	r->mate = l->mate;
	r->nodes = nodes;
	r->time_ms = ms;
	r->nps = ms > 0 ? nodes * 1000 / (uint64_t)ms : nodes;
	r->hashfull = tt_hashfull(s->tt);
	r->pv_length = l->pv_length;
	memcpy(r->pv, l->pv, (size_t)r->pv_length * sizeof r->pv[0]);
	if (r->pv_length)
		r->best = r->pv[0];
	r->ponder = r->pv_length > 1 ? r->pv[1] : BC_MOVE_NONE;
	r->multipv = s->line_count;
	for (int i = 0; i < s->line_count; i++)
		r->lines[i] = s->lines[i];
}

/*
 * The soft limit for the next iteration on a clock: 3/4 of the planned
 * one when the best move has been the same for a while, up to 3/2 when
 * it changed in the last iterations, and more when the score dropped by
 * `drop` centipawns since the last iteration (up to +1 at 100); never
 * past the hard limit.
 */
static int64_t
scaled_soft(const struct search *s, int instability, int drop)
{
	int64_t scale = 750 + (int64_t)instability * 3 / 8;
	int64_t soft;

	if (drop > 0)
		scale += (int64_t)(drop > 100 ? 100 : drop) * 10;
	soft = s->limits.soft_ms * scale / 1000;
	if (soft < 1)
		soft = 1;
	return s->limits.hard_ms && soft > s->limits.hard_ms
	    ? s->limits.hard_ms : soft;
}

#ifdef SEARCH_STATS
static unsigned
per_mille(uint64_t part, uint64_t whole)
{
	return whole ? (unsigned)(part * 1000 / whole) : 0;
}

/* The counters after iteration `depth`, which took `nodes` nodes. */
static void
stats_print(const struct search *s, int depth, uint64_t nodes)
{
	const struct search_stats *st = &s->stats;

	fprintf(stderr, "stats depth %d seldepth %d nodes %" PRIu64
	    " iter %" PRIu64 " qs %u%% cuts %" PRIu64 " first %u%%"
	    " tt hit %u%% ttcut %" PRIu64 " asp %" PRIu64 " pvs %" PRIu64
	    " lmr %" PRIu64 " null %" PRIu64 "/%" PRIu64
	    " chk %" PRIu64 " (horizon %" PRIu64 ") qschk %" PRIu64
	    " rfp %" PRIu64 " razor %" PRIu64 " se %" PRIu64 "/%" PRIu64
	    " lmrtries %" PRIu64 " allnodes %" PRIu64 " moves/all %.1f"
	    " pruned %" PRIu64 "\n", depth, s->seldepth, s->nodes, nodes,
	    per_mille(st->qnodes, s->nodes) / 10, st->cut_nodes,
	    per_mille(st->first_cuts, st->cut_nodes) / 10,
	    per_mille(st->tt_hits, st->tt_probes) / 10, st->tt_cuts,
	    st->aspiration_researches, st->pvs_researches,
	    st->lmr_researches, st->null_cuts, st->null_tries,
	    st->check_extensions, st->horizon_check_extensions,
	    st->qs_check_nodes, st->rfp_cuts, st->razor_cuts,
	    st->se_extensions, st->se_cuts, st->lmr_tries, st->all_nodes,
	    st->all_nodes ? (double)st->all_moves / (double)st->all_nodes : 0.0,
	    st->pruned);
}
#endif

void
search_run(struct search *s, const bc_position *pos,
    const uint64_t *history, int count, engine_report_fn *report, void *arg,
    struct engine_report *result)
{
	struct search_ply *root = &s->ply[0];
	int score = 0, last_score = 0;
	int instability = 0; /* per mille: recent changes of the best move */
	int64_t soft_ms = s->limits.soft_ms;
	bc_move best_move;
#ifdef SEARCH_STATS
	uint64_t iter_start = 0;
#endif

	/* Step 1. Set up: position, history, counters, root moves. */
	s->start_ns = s->limits.start_ns ? s->limits.start_ns
	                                 : search_now_ns();
	s->pos = *pos;
	s->tables = eval_tables_of(s->eval, pos);
	cont_setup(s, pos);
	if (count > ENGINE_MAX_HISTORY) {
		history += count - ENGINE_MAX_HISTORY;
		count = ENGINE_MAX_HISTORY;
	}
	if (count > 0)
		memcpy(s->keys, history, (size_t)count * sizeof *history);
	s->base = count < 0 ? 0 : count;
	s->keys[s->base] = pos->hash;
	s->rep_start[0] = 0;
	s->nodes = 0;
	s->seldepth = 0;
	s->stopped = false;
	memset(&s->stats, 0, sizeof s->stats);
	root->pv_length = 0;
	if (!s->limits.keep_age)
		tt_new_search(s->tt);
	memset(result, 0, sizeof *result);
	result->root = &s->pos;

	bc_movegen_legal(&s->pos, &root->list);
	if (!root->list.count)
		return;
	root->static_eval = bc_position_in_check(&s->pos) ? -SCORE_INF
	    : evaluate(s, -SCORE_INF, SCORE_INF);
	{
		struct tt_entry entry;
		bc_move hash_move = BC_MOVE_NONE;

		if (tt_probe(s->tt, pos->hash, &entry))
			hash_move = entry.move;
		score_moves(s, 0, hash_move);
		for (int i = 0; i < root->list.count; i++)
			pick_move(root, i);
	}
	for (int i = 0; i < root->list.count; i++)
		s->root_noise[i] = s->limits.noise
		    ? (int)(next_random(&s->rng) %
		          (uint64_t)(2 * s->limits.noise + 1)) - s->limits.noise
		    : 0;
	best_move = root->list.moves[0];
	result->best = best_move;
	result->pv_length = 1;
	result->pv[0] = best_move;

	s->line_count = s->limits.multipv < 1 ? 1 : s->limits.multipv;
	if (s->line_count > ENGINE_MULTIPV_MAX)
		s->line_count = ENGINE_MULTIPV_MAX;
	if (s->line_count > root->list.count)
		s->line_count = root->list.count;
	for (int i = 0; i < s->line_count; i++) {
		s->lines[i].score = s->lines[i].mate = 0;
		s->lines[i].pv_length = 1;
		s->lines[i].pv[0] = root->list.moves[i];
	}
	result->multipv = 1;
	result->lines[0] = s->lines[0];

	/* Step 2. Deepen until a limit says stop.  Each iteration finds
	 * line 0, the best move, then (MultiPV) line 1, the best of the
	 * other moves, and so on; each line has an aspiration window
	 * around its own score of the last iteration. */
	/* Odd helpers (lazy SMP) start a ply deeper, so that the threads
	 * search different depths at once and fill the shared table with
	 * more than one of them. */
	for (int depth = 1 + (s->limits.helper & 1); depth <= s->limits.depth;
	    depth++) {
		bool improved = false;
		int line;

		s->root_depth = depth;
		for (line = 0; line < s->line_count; line++) {
			int alpha = -SCORE_INF, beta = SCORE_INF;
			int window = ASPIRATION;
			int centre = s->lines[line].score;

			if (depth >= 5 && centre > -SCORE_MATE_MIN &&
			    centre < SCORE_MATE_MIN) {
				alpha = centre - window;
				beta = centre + window;
			}
			for (;;) {
				if (line == 0)
					s->seldepth = 0;
				improved = false;
				score = search_root(s, depth, alpha, beta, line,
				    &improved);
				if (s->stopped)
					break;
				if (score <= alpha) {
					alpha = alpha - window < -SCORE_INF
					    ? -SCORE_INF : alpha - window;
				} else if (score >= beta) {
					beta = beta + window > SCORE_INF
					    ? SCORE_INF : beta + window;
				} else {
					break;
				}
				STAT(s, aspiration_researches);
				window *= 2;
			}
			if (s->stopped)
				break;
			keep_line(s, line, score);
		}
		if (s->stopped) {
			/* A move that the unfinished iteration found inside
			 * its window is at least as good as the last answer
			 * (the other lines stay those of the last one). */
			if (line == 0 && improved && depth > 1) {
				keep_line(s, 0, score);
				fill_report(s, result, depth - 1);
			}
			break;
		}
		sort_lines(s, s->line_count);
		score = s->lines[0].score;
		if (depth > 1) {
			instability = instability / 2 +
			    (s->lines[0].pv[0] != best_move ? 1000 : 0);
			if (s->limits.scale_soft)
				soft_ms = scaled_soft(s, instability,
				    last_score - score);
		}
		last_score = score;
		best_move = s->lines[0].pv[0];
		fill_report(s, result, depth);
#ifdef SEARCH_STATS
		if (!s->limits.helper)
			stats_print(s, depth, s->nodes - iter_start);
		iter_start = s->nodes;
#endif
		if (report)
			report(result, arg);

		/* Step 3. Time: is another iteration worth starting? */
		if (s->limits.easy_move && root->list.count == 1)
			break;
		if (!s->limits.infinite && result->mate &&
		    depth >= 2 * (result->mate > 0 ? result->mate
		                                   : -result->mate) + 2)
			break;
		if (soft_ms && time_over(s, soft_ms))
			break;
		if (s->limits.nodes && s->nodes >= s->limits.nodes)
			break;
	}
	if (!result->best)
		result->best = best_move;
	if (s->limits.helper && s->helper_nodes)
		atomic_fetch_add_explicit(s->helper_nodes,
		    s->nodes % CHECK_EVERY, memory_order_relaxed);
	result->nodes = all_nodes(s);
	result->time_ms = elapsed_ms(s);
	result->root = &s->pos;
}
