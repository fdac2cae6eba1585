/*
 * computer.c - the engine behind the UI's computer player.
 *
 * The UI starts a search when the computer is to move, polls between
 * keys, and stops it on undo, new game or quit; the engine thinks in its
 * own thread, for as long as its level says.  A hint for a person is a
 * search of the same engine at the computer's level or above (at least
 * HINT_MIN_LEVEL), never weaker than the opponent it helps against.  Each iteration's
 * report is copied under a lock, for the UI's thinking display.
 *
 * Analysis has an engine of its own (made when first asked for), at full
 * strength (engine_set_analysis) with MultiPV, so that its table and
 * lines never disturb the computer player's; the UI runs one of the two
 * at a time.
 */
#include <stdio.h>
#include <string.h>

#include "computer.h"

/* The weakest level a hint searches at: above the default, and free of
 * the weak levels' noise. */
enum { HINT_MIN_LEVEL = 8 };

int
computer_hint_level(int level)
{
	return level > HINT_MIN_LEVEL ? level : HINT_MIN_LEVEL;
}

/* Called on the search thread after each iteration. */
static void
computer_report(const struct engine_report *r, void *arg)
{
	struct computer *c = arg;
	struct ui_engine_info *in = &c->info;

	pthread_mutex_lock(&c->lock);
	in->depth = r->depth;
	in->score = r->score;
	in->mate = r->mate;
	in->nodes = r->nodes;
	in->pv_length = r->pv_length < UI_ENGINE_PV_MAX ? r->pv_length
	                                                : UI_ENGINE_PV_MAX;
	memcpy(in->pv, r->pv, (size_t)in->pv_length * sizeof in->pv[0]);
	c->have_info = r->depth > 0;
	pthread_mutex_unlock(&c->lock);
}

static int
begin(struct computer *c, const bc_game *g,
    const struct engine_limits *limits)
{
	int count = engine_game_history(g, c->history);

	pthread_mutex_lock(&c->lock);
	c->have_info = false;
	c->info.side = bc_game_position(g)->side;
	pthread_mutex_unlock(&c->lock);
	return engine_start(c->engine, bc_game_position(g), c->history, count,
	    limits, computer_report, c);
}

/* After a search has been waited for: back to the player's own level. */
static void
end_hint(struct computer *c)
{
	if (c->hint_level) {
		engine_set_level(c->engine, c->hint_level);
		c->hint_level = 0;
	}
}

static int
computer_start(void *ctx, const bc_game *g)
{
	struct engine_limits limits = ENGINE_LIMITS_INIT;

	return begin(ctx, g, &limits);
}

/* Only between searches: the UI stops any search before a new game. */
static void
computer_set_level(void *ctx, int level)
{
	struct computer *c = ctx;

	engine_set_level(c->engine, level);
}

static int
computer_hint(void *ctx, const bc_game *g)
{
	struct computer *c = ctx;
	struct engine_limits limits = ENGINE_LIMITS_INIT;
	int level = engine_level(c->engine), rc;

	/* No limits of its own: the hint level's node budget. */
	engine_set_level(c->engine, computer_hint_level(level));
	rc = begin(c, g, &limits);
	if (rc == BC_OK)
		c->hint_level = level;
	else
		engine_set_level(c->engine, level);
	return rc;
}

/* The opponent's best move were it to move: the hint's search on the
 * position with the sides swapped (no history: a null move breaks any
 * repetition). */
static int
computer_threat(void *ctx, const bc_game *g)
{
	struct computer *c = ctx;
	struct engine_limits limits = ENGINE_LIMITS_INIT;
	int level = engine_level(c->engine), rc;
	bc_position swapped;

	if (bc_position_other_side(bc_game_position(g), &swapped) != BC_OK)
		return BC_EINVALID;
	pthread_mutex_lock(&c->lock);
	c->have_info = false;
	c->info.side = swapped.side;
	pthread_mutex_unlock(&c->lock);
	engine_set_level(c->engine, computer_hint_level(level));
	rc = engine_start(c->engine, &swapped, NULL, 0, &limits,
	    computer_report, c);
	if (rc == BC_OK)
		c->hint_level = level;
	else
		engine_set_level(c->engine, level);
	return rc;
}

static int
computer_poll(void *ctx, bc_move *out)
{
	struct computer *c = ctx;

	if (!engine_done(c->engine))
		return BC_ENOTFOUND;
	*out = engine_wait(c->engine, NULL);
	end_hint(c);
	return *out != BC_MOVE_NONE ? BC_OK : BC_ENOTFOUND;
}

static void
computer_stop(void *ctx)
{
	struct computer *c = ctx;

	engine_stop(c->engine);
	engine_wait(c->engine, NULL);
	end_hint(c);
}

static void
computer_hurry(void *ctx)
{
	struct computer *c = ctx;

	engine_stop(c->engine);
}

static const char *
computer_failure(void *ctx)
{
	struct computer *c = ctx;
	int error = engine_start_error(c->engine);

	if (error)
		snprintf(c->failure, sizeof c->failure, "no thread can be "
		    "started for it (%s)", strerror(error));
	else
		snprintf(c->failure, sizeof c->failure, "its search did not "
		    "start");
	return c->failure;
}

static bool
computer_info(void *ctx, struct ui_engine_info *out)
{
	struct computer *c = ctx;
	bool have;

	pthread_mutex_lock(&c->lock);
	have = c->have_info;
	if (have)
		*out = c->info;
	pthread_mutex_unlock(&c->lock);
	return have;
}

static const char *
computer_problem(void *ctx, const bc_variant *v)
{
	struct computer *c = ctx;

	return engine_variant_problem(c->engine, v);
}

static int
computer_level_elo(void *ctx, int level)
{
	(void)ctx;
	return engine_level_elo(level);
}

/* Called on the analysis thread after each iteration and at the end. */
static void
analysis_report(const struct engine_report *r, void *arg)
{
	struct computer *c = arg;
	struct ui_analysis_info *a = &c->analysis;

	pthread_mutex_lock(&c->lock);
	if (r->depth > 0) {
		a->depth = r->depth;
		a->nodes = r->nodes;
		a->lines = r->multipv < UI_ANALYSIS_LINES ? r->multipv
		                                          : UI_ANALYSIS_LINES;
		for (int i = 0; i < a->lines; i++) {
			const struct engine_line *from = &r->lines[i];
			struct ui_analysis_line *to = &a->line[i];

			to->score = from->score;
			to->mate = from->mate;
			to->pv_length = from->pv_length < UI_ENGINE_PV_MAX
			    ? from->pv_length : UI_ENGINE_PV_MAX;
			memcpy(to->pv, from->pv,
			    (size_t)to->pv_length * sizeof to->pv[0]);
		}
		c->have_analysis = true;
	}
	if (r->final)
		a->done = true;
	pthread_mutex_unlock(&c->lock);
}

static int
computer_analyse(void *ctx, const bc_position *pos, const uint64_t *history,
    int count, int lines, uint64_t nodes)
{
	struct computer *c = ctx;
	struct engine_limits limits = ENGINE_LIMITS_INIT;

	if (!c->analyst) {
		c->analyst = engine_new(ENGINE_HASH_DEFAULT_MB);
		if (!c->analyst)
			return BC_ENOMEM;
		engine_set_level(c->analyst, ENGINE_LEVEL_MAX);
		engine_set_analysis(c->analyst, true);
	}
	if (nodes)
		limits.nodes = nodes;
	else
		limits.infinite = true;
	engine_set_multipv(c->analyst, lines);
	pthread_mutex_lock(&c->lock);
	c->have_analysis = false;
	memset(&c->analysis, 0, sizeof c->analysis);
	c->analysis.side = pos->side;
	pthread_mutex_unlock(&c->lock);
	return engine_start(c->analyst, pos, history, count, &limits,
	    analysis_report, c);
}

static bool
computer_analysis(void *ctx, struct ui_analysis_info *out)
{
	struct computer *c = ctx;
	bool have;

	pthread_mutex_lock(&c->lock);
	have = c->have_analysis;
	*out = c->analysis;
	pthread_mutex_unlock(&c->lock);
	return have;
}

static void
computer_analyse_stop(void *ctx)
{
	struct computer *c = ctx;

	if (!c->analyst)
		return;
	engine_stop(c->analyst);
	engine_wait(c->analyst, NULL);
}

int
computer_init(struct computer *c, int level)
{
	memset(c, 0, sizeof *c);
	c->engine = engine_new(ENGINE_HASH_DEFAULT_MB);
	if (!c->engine)
		return -1;
	if (pthread_mutex_init(&c->lock, NULL) != 0) {
		engine_free(c->engine);
		c->engine = NULL;
		return -1;
	}
	engine_set_level(c->engine, level);
	c->seam.ctx = c;
	c->seam.start = computer_start;
	c->seam.set_level = computer_set_level;
	c->seam.poll = computer_poll;
	c->seam.stop = computer_stop;
	c->seam.hurry = computer_hurry;
	c->seam.hint = computer_hint;
	c->seam.threat = computer_threat;
	c->seam.info = computer_info;
	c->seam.failure = computer_failure;
	c->seam.problem = computer_problem;
	c->seam.level_elo = computer_level_elo;
	c->seam.analyse = computer_analyse;
	c->seam.analysis = computer_analysis;
	c->seam.analyse_stop = computer_analyse_stop;
	return 0;
}

void
computer_free(struct computer *c)
{
	if (!c->engine)
		return;
	engine_free(c->analyst);
	c->analyst = NULL;
	engine_free(c->engine);
	c->engine = NULL;
	pthread_mutex_destroy(&c->lock);
}
