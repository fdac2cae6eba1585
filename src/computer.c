/*
 * computer.c - the engine behind the UI's computer player.
 *
 * The UI starts a search when the computer is to move, polls between
 * keys, and stops it on undo, new game or quit; the engine thinks in its
 * own thread, for as long as its level says.
 */
#include "computer.h"

static int
computer_start(void *ctx, const bc_position *pos)
{
	struct computer *c = ctx;
	struct engine_limits limits = ENGINE_LIMITS_INIT;

	return engine_start(c->engine, pos, NULL, 0, &limits, NULL, NULL);
}

static int
computer_poll(void *ctx, bc_move *out)
{
	struct computer *c = ctx;

	if (!engine_done(c->engine))
		return BC_ENOTFOUND;
	*out = engine_wait(c->engine, NULL);
	return *out != BC_MOVE_NONE ? BC_OK : BC_ENOTFOUND;
}

static void
computer_stop(void *ctx)
{
	struct computer *c = ctx;

	engine_stop(c->engine);
	engine_wait(c->engine, NULL);
}

int
computer_init(struct computer *c, int level)
{
	c->engine = engine_new(ENGINE_HASH_DEFAULT_MB);
	if (!c->engine)
		return -1;
	engine_set_level(c->engine, level);
	c->seam.ctx = c;
	c->seam.start = computer_start;
	c->seam.poll = computer_poll;
	c->seam.stop = computer_stop;
	return 0;
}

void
computer_free(struct computer *c)
{
	engine_free(c->engine);
	c->engine = NULL;
}
