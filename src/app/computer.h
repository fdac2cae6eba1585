/*
 * computer.h - the engine as the curses game's computer player: glue
 * between the UI's struct ui_engine seam and src/engine (app layer, so
 * that the UI and the engine stay independent of each other).
 */
#ifndef BIGCHESS_COMPUTER_H
#define BIGCHESS_COMPUTER_H

#include <pthread.h>

#include "engine/engine.h"
#include "ui/ui.h"

struct computer {
	struct engine *engine;
	struct ui_engine seam; /* what the UI calls; ctx points here */
	int hint_level;        /* the level to restore after a hint, or 0 */
	/* The latest report, written on the search thread. */
	pthread_mutex_t lock;
	bool have_info;
	struct ui_engine_info info;
	uint64_t history[ENGINE_MAX_HISTORY];
	char failure[128];     /* why the last start failed */
	/* The analysis engine (made at the first analysis) and its
	 * latest report, under `lock` too. */
	struct engine *analyst;
	bool have_analysis;
	struct ui_analysis_info analysis;
};

/*
 * Makes the computer player at `level` (1-10).  Returns 0, or -1 when out
 * of memory.  Free it with computer_free.
 */
int computer_init(struct computer *c, int level);
void computer_free(struct computer *c);

/* The level a hint searches at when the computer plays at `level`: that
 * level or stronger, never weaker. */
int computer_hint_level(int level);

#endif
