/*
 * clock.c - the chess clock.
 */
#include <stdio.h>

#include "clock.h"
#include "ui.h"

/* `ms` within 0 and `max`. */
static int64_t
bound(int64_t ms, int64_t max)
{
	return ms < 0 ? 0 : ms > max ? max : ms;
}

void
clock_setup(struct chess_clock *c, int64_t base, int64_t increment)
{
	c->enabled = base > 0;
	c->increment = bound(increment, UI_INCREMENT_MAX_MS);
	c->left[0] = c->left[1] = bound(base, UI_CLOCK_MAX_MS);
	c->running = -1;
	c->since = 0;
}

void
clock_stop(struct chess_clock *c, int64_t now)
{
	if (!c->enabled || c->running < 0)
		return;
	c->left[c->running] = clock_left(c, c->running, now);
	c->running = -1;
}

void
clock_start(struct chess_clock *c, int side, int64_t now)
{
	if (!c->enabled)
		return;
	clock_stop(c, now);
	c->running = side;
	c->since = now;
}

void
clock_moved(struct chess_clock *c, int side, int64_t now)
{
	if (!c->enabled)
		return;
	clock_stop(c, now);
	/* Increments stop at the cap: a clock that grew without bound
	 * would one day be more than a save file may say. */
	c->left[side] = bound(c->left[side] + c->increment, UI_CLOCK_MAX_MS);
	c->running = !side;
	c->since = now;
}

void
clock_set_left(struct chess_clock *c, int side, int64_t ms)
{
	c->left[side] = bound(ms, UI_CLOCK_MAX_MS);
}

int64_t
clock_left(const struct chess_clock *c, int side, int64_t now)
{
	int64_t left = c->left[side];

	if (c->running == side)
		left -= now - c->since;
	return left > 0 ? left : 0;
}

bool
clock_flagged(const struct chess_clock *c, int64_t now)
{
	return c->enabled && c->running >= 0 &&
	    clock_left(c, c->running, now) == 0;
}

void
clock_format(int64_t ms, char *buf, int size)
{
	long long s = (long long)(ms / 1000);

	if (ms < 10000)
		snprintf(buf, (size_t)size, "%lld.%lld", s,
		    (long long)(ms % 1000 / 100));
	else if (s >= 3600)
		snprintf(buf, (size_t)size, "%lld:%02lld:%02lld", s / 3600,
		    s / 60 % 60, s % 60);
	else
		snprintf(buf, (size_t)size, "%lld:%02lld", s / 60, s % 60);
}
