/*
 * clock.h - a chess clock: time left per side, an increment, and which
 * side's time is running.  Times are milliseconds; `now` comes from the
 * caller (a monotonic clock), so the clock itself is pure arithmetic.
 */
#ifndef BIGCHESS_UI_CLOCK_H
#define BIGCHESS_UI_CLOCK_H

#include <stdbool.h>
#include <stdint.h>

struct chess_clock {
	bool enabled;
	int64_t increment;
	int64_t left[2];  /* at the start of the running period */
	int running;      /* the side whose time runs, or -1 */
	int64_t since;    /* when the running period began */
};

/* Sets both sides to `base` ms with `increment` ms per move; stopped.
 * A zero `base` disables the clock.  Times over UI_CLOCK_MAX_MS and
 * increments over UI_INCREMENT_MAX_MS (ui.h) are cut to them. */
void clock_setup(struct chess_clock *c, int64_t base, int64_t increment);

/* Starts `side`'s time (stopping the other's without increment). */
void clock_start(struct chess_clock *c, int side, int64_t now);

/* Stops the clock, charging the running side. */
void clock_stop(struct chess_clock *c, int64_t now);

/* `side` has moved: charge it, add the increment, start the other. */
void clock_moved(struct chess_clock *c, int side, int64_t now);

/* Sets the time `side` has left (a resumed game's), cut to the cap. */
void clock_set_left(struct chess_clock *c, int side, int64_t ms);

/* The time `side` has left at `now` (never below zero). */
int64_t clock_left(const struct chess_clock *c, int side, int64_t now);

/* True if the running side's time is up. */
bool clock_flagged(const struct chess_clock *c, int64_t now);

/* Formats `ms` as "m:ss", "h:mm:ss", or "s.t" under ten seconds. */
void clock_format(int64_t ms, char *buf, int size);

#endif
