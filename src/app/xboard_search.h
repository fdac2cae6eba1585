/*
 * xboard_search.h - the searches of the XBoard mode (xboard.c): the
 * engine's move, analysis, "hint" and pondering, and the session that
 * they and the protocol's commands share.
 *
 * The main thread reads commands and keeps the game (a bc_game, so undo,
 * repetitions and results are the rules library's); a search runs in the
 * engine's own thread (engine_start).  One lock, x->lock, guards the
 * session and the output: the main thread holds it while it handles a
 * command, the search thread while it posts thinking or plays its move,
 * the ponderer while it starts a ponder search.  Every function here
 * wants it held.
 */
#ifndef BIGCHESS_XBOARD_SEARCH_H
#define BIGCHESS_XBOARD_SEARCH_H

#include <pthread.h>
#include <stdbool.h>
#include <stdint.h>
#include <stdio.h>

#include "bigchess/bigchess.h"
#include "engine/engine.h"

enum {
	XB_LINE_MAX = 1 << 16,
	XB_WORDS_MAX = 64,
	/* The search that answers "hint". */
	XB_HINT_NODES = 20000,
	/* Mate scores as XBoard reads them: 100000 + N for mate in N. */
	XB_MATE_SCORE = 100000,
	/* How far the clock XBoard sends with a ponder hit may fall below
	 * the one the ponder search planned with (its estimate of the
	 * engine's clock after its move) before the search is begun again
	 * with the true clock, in milliseconds: the pipe's delay and
	 * XBoard's centiseconds. */
	XB_PONDER_SLACK_MS = 100
};

/* The longest time accepted anywhere (about 11 days), in milliseconds. */
#define XB_TIME_MAX_MS 1000000000LL

struct xb {
	FILE *out;
	pthread_mutex_t lock;
	struct engine *eng;
	const bc_variant *first_variant; /* what "new" goes back to */
	const bc_variant *variant;
	bc_game *game;
	int engine_side;        /* the side the engine plays */
	bool force;             /* play neither side */
	bool post;              /* thinking output */
	bool analyzing;         /* analyze mode: search, never move */
	bool started;           /* a search was started and not collected */
	bool discard;           /* the running search must not move */
	bool result_said;       /* RESULT sent for the current game end */
	bool hinting;           /* the running search answers "hint" */
	bool collecting;        /* a thread waits for the search, unlocked */
	unsigned search_id;     /* counts the searches started */
	unsigned game_serial;   /* counts the changes of the game */
	int multipv;            /* the lines analyze mode shows */
	/* Pondering.  The ponderer thread waits on `changed` (which also
	 * tells that a search was collected). */
	bool ponder_on;         /* "hard" */
	bool pondering;         /* the running search ponders */
	bool ponder_due;        /* the engine moved: the ponderer's turn */
	bool ponder_starting;   /* the ponderer is at it */
	unsigned ponder_serial; /* the game's serial after that move */
	unsigned moved_id;      /* the search that made that move */
	bc_move ponder_move;    /* the reply expected to it */
	int64_t think_own_ms;   /* the own clock the search planned with */
	int64_t think_from_ms;  /* when its time began to count */
	int think_to_go;        /* its moves to the time control */
	int64_t after_own_ms;   /* the own clock after its move, estimated */
	int64_t ponder_own_ms;  /* the clock the ponder search planned with */
	bool ponderer_quit;
	bool ponderer_started;
	pthread_t ponderer;
	pthread_cond_t changed;
	int cores;              /* "cores N" for the next search (0: none) */
	bool quit;
	/* Time control: "level", "st", "sd", "time", "otim". */
	int mps;
	int64_t base_ms, inc_ms, st_ms;
	int sd;
	int64_t own_ms, opp_ms;
	bool clock_known;
	/* The piece picked up by "lift", for "put" (0: none). */
	bc_square lifted;
	/* The last thinking report, for "." in analyze mode. */
	int stat_depth;
	int64_t stat_ms;
	uint64_t stat_nodes;
	uint64_t history[ENGINE_MAX_HISTORY];
	char line[XB_LINE_MAX + 1];
};

/* Milliseconds of CLOCK_MONOTONIC. */
int64_t xb_now_ms(void);

/* Writes one line of the protocol, control characters escaped. */
void xb_say(struct xb *x, const char *fmt, ...)
    __attribute__((format(printf, 2, 3)));

/* Says "RESULT {reason}" once when the game has ended. */
void xb_claim_result(struct xb *x);

/* Stops any search and collects it, x->lock let go meanwhile; with
 * `discard` (and always for a ponder search) its move is not played. */
void xb_halt(struct xb *x, bool discard);

/* Starts a search of the current position (xb_halt first): the engine's
 * move, "hint"'s with x->hinting, an endless one with x->analyzing. */
void xb_think(struct xb *x);

/* xb_think if it is the engine's turn (or it analyzes). */
void xb_maybe_think(struct xb *x);

/* Starts the ponder search that the engine's last move left due, if
 * nothing has changed since. */
void xb_ponder_start(struct xb *x);

/* The ponderer thread: `arg` is the session.  It ends once
 * x->ponderer_quit is set and x->changed signalled. */
void *xb_ponderer_main(void *arg);

/* The opponent's move `m`, come while the engine ponders: true when it
 * was the reply pondered on, and is played, the ponder search going on
 * as the search for the engine's reply; false for another move (the
 * caller stops the search and goes on as for any move). */
bool xb_ponder_hit(struct xb *x, bc_move m);

#endif
