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
 * the new-game screen offers only human players; hurry, hint and info may
 * be NULL.
 */
struct ui_engine_info;

struct ui_engine {
	void *ctx;
	/* Starts thinking about the current position of `game` (its earlier
	 * positions count for repetitions). */
	int (*start)(void *ctx, const bc_game *game);
	/* BC_OK with the move once decided; BC_ENOTFOUND while thinking. */
	int (*poll)(void *ctx, bc_move *out);
	/* Stops thinking (an undo, a new game, quit). */
	void (*stop)(void *ctx);
	/* Asks the search to finish now; poll then gives its best move so
	 * far at once ("move now"). */
	void (*hurry)(void *ctx);
	/* Like start, but a short search at full strength for a hint to a
	 * person; poll gives its move. */
	int (*hint)(void *ctx, const bc_game *game);
	/* Copies the latest progress of the current (or last) search into
	 * `out`; false if it has not reported yet.  Safe while it runs. */
	bool (*info)(void *ctx, struct ui_engine_info *out);
};

enum { UI_ENGINE_PV_MAX = 16 };

/* A search's progress, for the thinking display. */
struct ui_engine_info {
	int depth;    /* completed iterations */
	int score;    /* centipawns, the searched side's view */
	int mate;     /* 0, or mate in N moves (N < 0: mated) */
	uint64_t nodes;
	int pv_length;
	bc_move pv[UI_ENGINE_PV_MAX]; /* from the searched position */
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
