/*
 * ui.h - the interactive curses game: what the app hands over and gets
 * back.  The app (src/main.c) parses options, owns signals and the
 * environment; the UI owns the terminal while it runs.
 */
#ifndef BIGCHESS_UI_H
#define BIGCHESS_UI_H

#include <signal.h>
#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "bigchess/bigchess.h"

/*
 * The seam for a computer player: the UI asks for a move in the current
 * position and polls for the answer between keys, so the screen stays
 * live while it thinks.  NULL in ui_options means there is no engine, and
 * the new-game screen offers only human players.
 */
struct ui_engine {
	void *ctx;
	/* Starts thinking about `pos` (the game's current position). */
	int (*start)(void *ctx, const bc_position *pos);
	/* BC_OK with the move once decided; BC_ENOTFOUND while thinking. */
	int (*poll)(void *ctx, bc_move *out);
	/* Stops thinking (an undo, a new game, quit). */
	void (*stop)(void *ctx);
};

struct ui_options {
	bool skip_setup;           /* start the game at once */
	bc_variant_id variant;
	const char *fen;           /* NULL: the start position */
	bool computer[2];          /* White, Black is the computer */
	int64_t clock_base_ms;     /* 0: no clock */
	int64_t clock_increment_ms;
	bool ascii;                /* ASCII pieces and borders */
	bool color;                /* false: monochrome */
	bool symbols;              /* chess symbols for K Q R B N P */
	const struct ui_engine *engine; /* NULL: none yet */
	/* Set by the app's signal handler: leave at once. */
	volatile sig_atomic_t *signal_flag;
};

/*
 * Runs the interactive game until the user quits or a signal is flagged,
 * and restores the terminal in every case.  Returns 0 on a normal quit,
 * -1 with a one-line reason in `err` if the terminal cannot be used.
 */
int ui_run(const struct ui_options *opts, char *err, size_t errsize);

#endif
