/*
 * engine.c - the engine's handle: levels, time allocation, and searching
 * in a thread of its own.
 *
 * A level is a row of data: how deep, how many nodes, and how noisy.
 * Levels are node budgets, not times, so that a level plays the same on
 * a slow shared host as on a fast one, and so that tools/ladder can
 * measure each one in Elo with games that do not depend on the load;
 * the Elo column is that measurement (see README, "Levels").  Levels 1
 * and 2 do not search: they are beginners who look one move ahead and
 * overlook things on purpose, with seeded chances (beginner.c).  From
 * level 3 up a level searches, the weaker ones shallowly and with a
 * seeded random bonus to each root move (so they choose plausible but
 * imperfect moves).  Without explicit limits (the curses game) a level
 * searches its budget, with a time cap in case the host is very slow.
 */
#include <pthread.h>
#include <stdatomic.h>
#include <stdlib.h>
#include <string.h>

#include "beginner.h"
#include "engine.h"
#include "eval.h"
#include "search.h"
#include "tt.h"

struct level {
	int depth;          /* deepest iteration */
	uint64_t nodes;     /* the node budget of one move */
	int noise;          /* +- centipawns at the root */
	bool quiesce;       /* capture search at the leaves */
	bool beginner;      /* no search: beginner.c's one-move look */
	int miss;           /* beginner: per mille, a capture not seen */
	int careless;       /* beginner: per mille, a turn not looking at
	                     * the replies */
	int elo;            /* measured by tools/ladder, random mover = 0;
	                     * 0: not measured (only at the top) */
};

/* Levels 1 and 2 are beginners (beginner.c), level 1 the more careless;
 * from level 3 up a search, shallow and noisy at first, then ever more
 * nodes.  Measured in 2,186 games, each is 200 to 450 Elo above the one
 * below (README, "Levels"); the steps of the top three have error bars of
 * 115 to 160. */
static const struct level levels[ENGINE_LEVEL_MAX] = {
	/* 1: overlooks a capture in seven, the replies on a turn in four.
	 * The beginners' budget counts every move made, the replies looked
	 * through for a mate too: at most 9,874 in a game of each variant
	 * (level 1 against itself), so it is a cap, seldom reached. */
	{ .depth = 1, .nodes = 30000, .noise = 40, .beginner = true,
	  .miss = 150, .careless = 250, .elo = 1030 },
	/* 2: a capture in 25, the replies on a turn in 12 */
	{ .depth = 1, .nodes = 30000, .noise = 40, .beginner = true,
	  .miss = 40, .careless = 80, .elo = 1290 },
	/* 3: one ply and the exchanges after it */
	{ .depth = 1, .nodes = 3000, .noise = 150, .quiesce = true,
	  .elo = 1640 },
	/* 4: two plies */
	{ .depth = 2, .nodes = 8000, .noise = 160, .quiesce = true,
	  .elo = 1970 },
	/* 5: three */
	{ .depth = 3, .nodes = 5000, .noise = 100, .quiesce = true,
	  .elo = 2260 },
	{ .depth = MAX_PLY - 1, .nodes = 5000, .noise = 60, .quiesce = true,
	  .elo = 2590 },
	/* 7: the default */
	{ .depth = MAX_PLY - 1, .nodes = 10000, .noise = 30, .quiesce = true,
	  .elo = 3040 },
	{ .depth = MAX_PLY - 1, .nodes = 25000, .quiesce = true,
	  .elo = 3400 },
	{ .depth = MAX_PLY - 1, .nodes = 60000, .quiesce = true,
	  .elo = 3650 },
	{ .depth = MAX_PLY - 1, .nodes = 150000, .quiesce = true,
	  .elo = 3850 },
};

/* A level's search in the curses game stops here even when its nodes
 * are not spent, so that a very slow host still answers in time. */
enum { LEVEL_CAP_MS = 10000 };

/* Never plan to use the last moments of a clock. */
/* Without "movestogo", plan as if this many moves were left; more is
 * taken as this many. */
enum { DEFAULT_MOVES_TO_GO = 35, MAX_MOVES_TO_GO = 1000 };

/* A lazy SMP helper: a search of its own (and an evaluation, whose
 * scratch space is per thread) on the engine's table. */
struct helper {
	struct search *search;
	struct eval *eval;
	pthread_t thread;
	const bc_position *pos;
	const uint64_t *history;
	int count;
	struct engine_report result;
};

struct engine {
	int level;
	struct level lv;     /* the level's row, or one between two rows */
	bool limit_strength; /* cap even explicit searches at level 10 */
	int threads;
	struct helper *helpers; /* threads - 1 of them */
	atomic_bool helper_stop; /* set when the main search is over */
	_Atomic uint64_t helper_nodes; /* searched by the helpers */
	uint64_t seed;
	int64_t overhead_ms; /* kept back on a clock per move */
	int multipv;         /* root lines searched */
	bool analysis;       /* full strength whatever the level */
	/* While a search engine_start runs ponders, and when the
	 * ponderhit came (0: none yet). */
	atomic_bool pondering;
	_Atomic int64_t ponderhit_ns;
	struct tt tt;
	struct eval *eval;
	struct search *search;
	struct beginner *beginner; /* level 1's scratch space */
	atomic_bool stop;

	/* engine_start's thread and its copies of the arguments. */
	pthread_t thread;
	bool running;
	atomic_bool done;
	pthread_mutex_t lock;
	pthread_cond_t stopped; /* signalled by engine_stop */
	bc_position job_pos;
	uint64_t job_history[ENGINE_MAX_HISTORY];
	int job_count;
	struct engine_limits job_limits;
	int64_t job_start_ns; /* when engine_start was called */
	engine_report_fn *job_report;
	void *job_arg;
	struct engine_report job_result;
	int start_error; /* of the last failed pthread_create, or 0 */
};

struct engine *
engine_new(size_t hash_mb)
{
	struct engine *eng = calloc(1, sizeof *eng);

	if (!eng)
		return NULL;
	eng->eval = calloc(1, sizeof *eng->eval);
	eng->search = calloc(1, sizeof *eng->search);
	eng->beginner = calloc(1, sizeof *eng->beginner);
	if (!eng->eval || !eng->search || !eng->beginner ||
	    !eval_init(eng->eval) ||
	    pthread_mutex_init(&eng->lock, NULL) != 0)
		goto fail;
	if (pthread_cond_init(&eng->stopped, NULL) != 0) {
		pthread_mutex_destroy(&eng->lock);
		goto fail;
	}
	if (hash_mb < ENGINE_HASH_MIN_MB)
		hash_mb = ENGINE_HASH_MIN_MB;
	if (hash_mb > ENGINE_HASH_MAX_MB)
		hash_mb = ENGINE_HASH_MAX_MB;
	if (!tt_resize(&eng->tt, hash_mb)) {
		pthread_cond_destroy(&eng->stopped);
		pthread_mutex_destroy(&eng->lock);
		goto fail;
	}
	engine_set_level(eng, ENGINE_LEVEL_DEFAULT);
	eng->overhead_ms = ENGINE_OVERHEAD_DEFAULT_MS;
	eng->threads = 1;
	eng->multipv = ENGINE_MULTIPV_DEFAULT;
	atomic_init(&eng->pondering, false);
	atomic_init(&eng->ponderhit_ns, 0);
	atomic_init(&eng->helper_stop, false);
	atomic_init(&eng->helper_nodes, 0);
	atomic_init(&eng->stop, false);
	atomic_init(&eng->done, true);
	eng->search->tt = &eng->tt;
	eng->search->eval = eng->eval;
	eng->search->stop = &eng->stop;
	engine_set_seed(eng, 0x6269676368657373ULL);
	search_clear(eng->search);
	return eng;
fail:
	eval_free(eng->eval);
	free(eng->eval);
	free(eng->search);
	free(eng->beginner);
	free(eng);
	return NULL;
}

const char *
engine_variant_problem(const struct engine *eng, const bc_variant *v)
{
	return eval_problem(eng->eval, v);
}

static void
free_helpers(struct helper *helpers, int count)
{
	if (!helpers)
		return;
	for (int i = 0; i < count; i++) {
		eval_free(helpers[i].eval);
		free(helpers[i].eval);
		free(helpers[i].search);
	}
	free(helpers);
}

void
engine_free(struct engine *eng)
{
	if (!eng)
		return;
	if (eng->running) {
		engine_stop(eng);
		engine_wait(eng, NULL);
	}
	free_helpers(eng->helpers, eng->threads - 1);
	tt_free(&eng->tt);
	pthread_cond_destroy(&eng->stopped);
	pthread_mutex_destroy(&eng->lock);
	eval_free(eng->eval);
	free(eng->eval);
	free(eng->search);
	free(eng->beginner);
	free(eng);
}

int
engine_set_hash(struct engine *eng, size_t hash_mb)
{
	if (hash_mb < ENGINE_HASH_MIN_MB)
		hash_mb = ENGINE_HASH_MIN_MB;
	if (hash_mb > ENGINE_HASH_MAX_MB)
		hash_mb = ENGINE_HASH_MAX_MB;
	return tt_resize(&eng->tt, hash_mb) ? BC_OK : BC_ENOMEM;
}

void
engine_set_level(struct engine *eng, int level)
{
	if (level < ENGINE_LEVEL_MIN)
		level = ENGINE_LEVEL_MIN;
	if (level > ENGINE_LEVEL_MAX)
		level = ENGINE_LEVEL_MAX;
	eng->level = level;
	eng->lv = levels[level - 1];
}

int
engine_level_measured(void)
{
	int top = ENGINE_LEVEL_MIN;

	while (top < ENGINE_LEVEL_MAX && levels[top].elo > 0)
		top++;
	return top;
}

int
engine_level_elo(int level)
{
	if (level < ENGINE_LEVEL_MIN)
		level = ENGINE_LEVEL_MIN;
	if (level > ENGINE_LEVEL_MAX)
		level = ENGINE_LEVEL_MAX;
	return levels[level - 1].elo;
}

void
engine_level_limits(int level, struct engine_limits *out)
{
	const struct level *lv;

	if (level < ENGINE_LEVEL_MIN)
		level = ENGINE_LEVEL_MIN;
	if (level > ENGINE_LEVEL_MAX)
		level = ENGINE_LEVEL_MAX;
	lv = &levels[level - 1];
	*out = (struct engine_limits)ENGINE_LIMITS_INIT;
	out->depth = lv->depth;
	out->nodes = lv->nodes;
}

/*
 * Between two rows of the ladder, by Elo: budget, noise and depth
 * linearly between the two levels' values, so that strength grows
 * smoothly with the Elo asked.
 */
void
engine_set_elo(struct engine *eng, int elo)
{
	const struct level *lo, *hi;
	int top = engine_level_measured();
	double t;
	int i;

	if (elo <= levels[0].elo) {
		engine_set_level(eng, ENGINE_LEVEL_MIN);
		return;
	}
	if (elo >= levels[top - 1].elo) {
		engine_set_level(eng, top);
		return;
	}
	for (i = 1; i < top - 1 && levels[i].elo < elo; i++)
		continue;
	lo = &levels[i - 1];
	hi = &levels[i];
	t = (double)(elo - lo->elo) / (double)(hi->elo - lo->elo);
	eng->level = t < 0.5 ? i : i + 1;
	eng->lv = t < 0.5 ? *lo : *hi;
	eng->lv.elo = elo;
	eng->lv.nodes = (uint64_t)((double)lo->nodes +
	    ((double)hi->nodes - (double)lo->nodes) * t + 0.5);
	eng->lv.noise = (int)(lo->noise + (hi->noise - lo->noise) * t + 0.5);
	eng->lv.miss = (int)(lo->miss + (hi->miss - lo->miss) * t + 0.5);
	eng->lv.careless = (int)(lo->careless +
	    (hi->careless - lo->careless) * t + 0.5);
	eng->lv.depth = (int)(lo->depth + (hi->depth - lo->depth) * t + 0.5);
}

void
engine_set_limit_strength(struct engine *eng, bool on)
{
	eng->limit_strength = on;
}

int
engine_set_threads(struct engine *eng, int threads)
{
	struct helper *helpers = NULL;
	int count;

	if (threads < ENGINE_THREADS_MIN)
		threads = ENGINE_THREADS_MIN;
	if (threads > ENGINE_THREADS_MAX)
		threads = ENGINE_THREADS_MAX;
	count = threads - 1;
	if (count && !(helpers = calloc((size_t)count, sizeof *helpers)))
		return BC_ENOMEM;
	for (int i = 0; i < count; i++) {
		struct helper *h = &helpers[i];

		h->eval = calloc(1, sizeof *h->eval);
		h->search = calloc(1, sizeof *h->search);
		if (!h->eval || !h->search || !eval_init(h->eval)) {
			free_helpers(helpers, i + 1);
			return BC_ENOMEM;
		}
		h->search->tt = &eng->tt;
		h->search->eval = h->eval;
		h->search->stop = &eng->helper_stop;
		h->search->rng = 0x9e3779b97f4a7c15ULL + (uint64_t)i;
		search_clear(h->search);
	}
	free_helpers(eng->helpers, eng->threads - 1);
	eng->helpers = helpers;
	eng->threads = threads;
	return BC_OK;
}

int
engine_threads(const struct engine *eng)
{
	return eng->threads;
}

void
engine_set_multipv(struct engine *eng, int lines)
{
	if (lines < ENGINE_MULTIPV_MIN)
		lines = ENGINE_MULTIPV_MIN;
	if (lines > ENGINE_MULTIPV_MAX)
		lines = ENGINE_MULTIPV_MAX;
	eng->multipv = lines;
}

int
engine_multipv(const struct engine *eng)
{
	return eng->multipv;
}

void
engine_set_analysis(struct engine *eng, bool on)
{
	eng->analysis = on;
}

void
engine_ponderhit(struct engine *eng)
{
	pthread_mutex_lock(&eng->lock);
	if (atomic_load(&eng->pondering)) {
		atomic_store(&eng->ponderhit_ns, search_now_ns());
		atomic_store(&eng->pondering, false);
	}
	pthread_cond_broadcast(&eng->stopped);
	pthread_mutex_unlock(&eng->lock);
}

void
engine_set_move_overhead(struct engine *eng, int64_t ms)
{
	if (ms < ENGINE_OVERHEAD_MIN_MS)
		ms = ENGINE_OVERHEAD_MIN_MS;
	if (ms > ENGINE_OVERHEAD_MAX_MS)
		ms = ENGINE_OVERHEAD_MAX_MS;
	eng->overhead_ms = ms;
}

int64_t
engine_move_overhead(const struct engine *eng)
{
	return eng->overhead_ms;
}

int
engine_level(const struct engine *eng)
{
	return eng->level;
}

void
engine_set_seed(struct engine *eng, uint64_t seed)
{
	eng->seed = seed;
	/* xorshift must not start from zero. */
	eng->search->rng = seed ? seed : 0x9e3779b97f4a7c15ULL;
}

void
engine_new_game(struct engine *eng)
{
	tt_clear(&eng->tt);
	search_clear(eng->search);
	for (int i = 0; i < eng->threads - 1; i++)
		search_clear(eng->helpers[i].search);
	engine_set_seed(eng, eng->seed);
}

/* Caps plan() puts on what any caller gives it, so that no sum or
 * product below can overflow: 2^40 ms is about 35 years. */
#define TIME_CAP_MS ((int64_t)1 << 40)

static int64_t
clamp_time(int64_t ms)
{
	return ms < 0 ? 0 : ms > TIME_CAP_MS ? TIME_CAP_MS : ms;
}

/*
 * The time of one move on a clock.  The share is this move's part of
 * what is left (after the move overhead) plus most of the increment that
 * comes back after it.  The search starts no iteration past soft (which
 * it stretches or shrinks by how stable its answer is, up to hard) and
 * is aborted at hard, which is never more than half of what is left (3/4
 * on the last move before a time control), so the clock keeps the
 * overhead and more.
 */
static void
plan_clock(const struct engine *eng, const struct engine_limits *in, int us,
    struct search_limits *out)
{
	int64_t left = clamp_time(in->clock_ms[us]) - eng->overhead_ms;
	int64_t inc = clamp_time(in->inc_ms[us]);
	int64_t to_go = in->moves_to_go > 0 ? in->moves_to_go
	                                    : DEFAULT_MOVES_TO_GO;
	int64_t cap, share;

	if (to_go > MAX_MOVES_TO_GO)
		to_go = MAX_MOVES_TO_GO;
	if (left < 1)
		left = 1;
	cap = to_go == 1 ? left * 3 / 4 : left / 2;
	if (cap < 1)
		cap = 1;
	share = left / to_go + inc * 3 / 4;
	if (share > cap)
		share = cap;
	if (share < 1)
		share = 1;
	out->soft_ms = share * 6 / 10 > 0 ? share * 6 / 10 : 1;
	out->hard_ms = share * 5 < cap ? share * 5 : cap;
	out->scale_soft = true;
	out->easy_move = true;
}

/* Turns the caller's limits and the level into the search's limits;
 * `start_ns` is when the caller asked, from which the clock runs. */
static void
plan(const struct engine *eng, const bc_position *pos,
    const struct engine_limits *in, int64_t start_ns,
    struct search_limits *out)
{
	const struct level *lv = &eng->lv;
	int us = pos->side ? 1 : 0;

	memset(out, 0, sizeof *out);
	out->start_ns = start_ns;
	out->depth = lv->depth;
	out->noise = lv->noise;
	out->quiesce = lv->quiesce;
	out->multipv = eng->multipv;
	if (eng->analysis) {
		/* Analysis wants the truth, not the level's weakness. */
		out->depth = MAX_PLY - 1;
		out->noise = 0;
		out->quiesce = true;
	}
	if (in->depth > 0 && in->depth < out->depth)
		out->depth = in->depth;
	out->nodes = in->nodes;
	/* Below level 10 the level's budget caps a search bounded by time
	 * (a clock, movetime); told to limit its strength (UCI), any
	 * search.  A depth or node count asked for is the caller's own
	 * measure, an infinite search is analysis, and level 10 under a
	 * protocol's own limits is the engine at full strength. */
	if (!in->infinite && (eng->limit_strength ||
	        (eng->level < ENGINE_LEVEL_MAX && in->depth <= 0 &&
	         in->nodes == 0)) &&
	    (out->nodes == 0 || lv->nodes < out->nodes))
		out->nodes = lv->nodes;
	if (in->infinite) {
		out->infinite = true;
	} else if (in->movetime_ms > 0) {
		/* The overhead is the time the answer takes to reach the
		 * other side: kept back from a deadline as from a clock. */
		int64_t ms = clamp_time(in->movetime_ms) -
		    (in->movetime_deadline ? eng->overhead_ms : 0);

		out->soft_ms = out->hard_ms = ms < 1 ? 1 : ms;
	} else if (in->clock_ms[us] >= 0) {
		plan_clock(eng, in, us, out);
	} else if (in->depth <= 0 && in->nodes == 0) {
		/* No limits at all: the level's own budget, capped in time. */
		out->nodes = lv->nodes;
		out->hard_ms = LEVEL_CAP_MS;
		out->easy_move = true;
	}
	if (out->depth > MAX_PLY - 1)
		out->depth = MAX_PLY - 1;
	if (out->depth < 1)
		out->depth = 1;
}

static void *
helper_main(void *arg)
{
	struct helper *h = arg;

	search_run(h->search, h->pos, h->history, h->count, NULL, NULL,
	    &h->result);
	return NULL;
}

/*
 * The search of eng->search->limits (planned already), on this thread,
 * with the helpers searching alongside until it is over.  A helper that
 * cannot be started is done without.
 */
static void
run(struct engine *eng, const bc_position *pos, const uint64_t *history,
    int count, engine_report_fn *report, void *arg,
    struct engine_report *result)
{
	struct search_limits *lead = &eng->search->limits;
	int started = 0;

	/* Level 1 looks one move ahead and does not search, unless for
	 * analysis (its full strength) or an infinite search. */
	if (eng->lv.beginner && !eng->analysis && !lead->infinite) {
		struct beginner_rules rules = {
			eng->lv.miss, eng->lv.careless, eng->lv.noise
		};

		beginner_move(eng->beginner, eng->eval, pos, &rules,
		    lead->nodes, &eng->search->rng, result);
		result->root = pos;
		if (report && result->best)
			report(result, arg);
		return;
	}

	/* Before any helper exists: they all read the table's age. */
	tt_new_search(&eng->tt);
	lead->keep_age = true;
	atomic_store(&eng->helper_stop, false);
	atomic_store(&eng->helper_nodes, 0);
	eng->search->helper_nodes = eng->threads > 1 ? &eng->helper_nodes
	                                             : NULL;
	for (int i = 0; i < eng->threads - 1; i++) {
		struct helper *h = &eng->helpers[i];
		struct search_limits *l = &h->search->limits;

		/* Until the main search is over, whatever its limits. */
		*l = *lead;
		l->soft_ms = l->hard_ms = 0;
		l->nodes = 0;
		l->noise = 0;
		l->infinite = true;
		l->easy_move = false;
		l->depth = MAX_PLY - 1;
		l->helper = i + 1;
		h->search->helper_nodes = &eng->helper_nodes;
		h->pos = pos;
		h->history = history;
		h->count = count;
		if (pthread_create(&h->thread, NULL, helper_main, h) != 0)
			break;
		started++;
	}
	search_run(eng->search, pos, history, count, report, arg, result);
	atomic_store(&eng->helper_stop, true);
	for (int i = 0; i < started; i++)
		pthread_join(eng->helpers[i].thread, NULL);
	/* The helpers' last nodes are in now: the answer counts them. */
	if (started) {
		result->nodes = eng->search->nodes +
		    atomic_load(&eng->helper_nodes);
		if (result->time_ms > 0)
			result->nps = result->nodes * 1000 /
			    (uint64_t)result->time_ms;
	}
}

bc_move
engine_search(struct engine *eng, const bc_position *pos,
    const uint64_t *history, int count, const struct engine_limits *limits,
    engine_report_fn *report, void *arg, struct engine_report *result)
{
	struct engine_limits none = ENGINE_LIMITS_INIT;
	struct engine_report local;
	int64_t start_ns = search_now_ns();

	atomic_store(&eng->stop, false);
	eng->search->pondering = NULL;
	if (!limits)
		limits = &none;
	if (!result)
		result = &local;
	if (engine_variant_problem(eng, pos->variant)) {
		memset(result, 0, sizeof *result);
		return BC_MOVE_NONE;
	}
	plan(eng, pos, limits, start_ns, &eng->search->limits);
	run(eng, pos, history, history ? count : 0, report, arg, result);
	return result->best;
}

int
engine_game_history(const bc_game *g, uint64_t *history)
{
	int length = bc_game_length(g), count = 0;
	int first = bc_game_repeat_start(g);

	/* Nothing before an irreversible move can recur; of the rest, the
	 * latest ENGINE_MAX_HISTORY. */
	if (length - first > ENGINE_MAX_HISTORY)
		first = length - ENGINE_MAX_HISTORY;
	for (int i = first; i < length; i++) {
		bc_ply ply;

		bc_game_ply(g, i, &ply);
		history[count++] = ply.hash_before;
	}
	return count;
}

bc_move
engine_search_game(struct engine *eng, const bc_game *g,
    const struct engine_limits *limits, engine_report_fn *report, void *arg,
    struct engine_report *result)
{
	uint64_t *history = malloc(ENGINE_MAX_HISTORY * sizeof *history);
	int count = history ? engine_game_history(g, history) : 0;
	bc_move best;

	best = engine_search(eng, bc_game_position(g), history, count, limits,
	    report, arg, result);
	free(history);
	return best;
}

static void *
job_main(void *arg)
{
	struct engine *eng = arg;
	struct search *s = eng->search;

	plan(eng, &eng->job_pos, &eng->job_limits, eng->job_start_ns,
	    &s->limits);
	s->pondering = eng->job_limits.ponder ? &eng->pondering : NULL;
	s->ponderhit_ns = &eng->ponderhit_ns;
	run(eng, &eng->job_pos, eng->job_history, eng->job_count,
	    eng->job_report, eng->job_arg, &eng->job_result);
	/* An infinite search answers only when told to stop, a pondering
	 * one not before the ponderhit (UCI). */
	pthread_mutex_lock(&eng->lock);
	while (!atomic_load(&eng->stop) && (eng->job_limits.infinite ||
	    atomic_load(&eng->pondering)))
		pthread_cond_wait(&eng->stopped, &eng->lock);
	atomic_store(&eng->pondering, false);
	pthread_mutex_unlock(&eng->lock);
	eng->job_result.final = true;
	eng->job_result.root = &eng->job_pos;
	if (eng->job_report)
		eng->job_report(&eng->job_result, eng->job_arg);
	atomic_store(&eng->done, true);
	return NULL;
}

int
engine_start(struct engine *eng, const bc_position *pos,
    const uint64_t *history, int count, const struct engine_limits *limits,
    engine_report_fn *report, void *arg)
{
	struct engine_limits none = ENGINE_LIMITS_INIT;

	if (eng->running || engine_variant_problem(eng, pos->variant))
		return BC_EINVALID;
	if (!history || count < 0)
		count = 0;
	if (count > ENGINE_MAX_HISTORY) {
		history += count - ENGINE_MAX_HISTORY;
		count = ENGINE_MAX_HISTORY;
	}
	eng->job_pos = *pos;
	if (count)
		memcpy(eng->job_history, history, (size_t)count * sizeof *history);
	eng->job_count = count;
	eng->job_limits = limits ? *limits : none;
	eng->job_start_ns = search_now_ns();
	eng->job_report = report;
	eng->job_arg = arg;
	/* Cleared here, before the thread exists, so that a stop sent at
	 * once after engine_start is never lost. */
	atomic_store(&eng->stop, false);
	atomic_store(&eng->done, false);
	atomic_store(&eng->ponderhit_ns, 0);
	atomic_store(&eng->pondering, eng->job_limits.ponder);
	eng->start_error = pthread_create(&eng->thread, NULL, job_main, eng);
	if (eng->start_error != 0) {
		atomic_store(&eng->pondering, false);
		atomic_store(&eng->done, true);
		return BC_ENOMEM;
	}
	eng->running = true;
	return BC_OK;
}

int
engine_start_error(const struct engine *eng)
{
	return eng->start_error;
}

void
engine_stop(struct engine *eng)
{
	pthread_mutex_lock(&eng->lock);
	atomic_store(&eng->stop, true);
	pthread_cond_broadcast(&eng->stopped);
	pthread_mutex_unlock(&eng->lock);
}

bool
engine_done(const struct engine *eng)
{
	return atomic_load(&eng->done);
}

bc_move
engine_wait(struct engine *eng, struct engine_report *result)
{
	if (!eng->running) {
		if (result)
			memset(result, 0, sizeof *result);
		return BC_MOVE_NONE;
	}
	pthread_join(eng->thread, NULL);
	eng->running = false;
	eng->job_result.root = &eng->job_pos;
	if (result)
		*result = eng->job_result;
	return eng->job_result.best;
}

int
engine_evaluate(struct engine *eng, const bc_position *pos)
{
	if (engine_variant_problem(eng, pos->variant))
		return 0;
	return eval_position(eng->eval, pos, -SCORE_INF, SCORE_INF);
}
