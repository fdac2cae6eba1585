/*
 * xboard.c - the Chess Engine Communication Protocol (CECP, "the XBoard
 * protocol"), version 2 with XBoard 4.8's extensions, on standard input
 * and output: the commands.
 *
 * The searches they start, and the threads and the lock that keep them
 * apart, are xboard_search.c's; how squares, moves and boards are
 * written for XBoard is xboard_board.c's.
 *
 * Bad input gets one "Error (...): ..." line and is otherwise ignored; a
 * line holds at most XB_LINE_MAX bytes, and numbers are capped before any
 * arithmetic.
 */
#include <errno.h>
#include <inttypes.h>
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

#include "engine/engine.h"
#include "protocol.h"
#include "xboard.h"
#include "xboard_board.h"
#include "xboard_search.h"

/* xb_say() for xb_describe_variant. */
static void
say_line(void *arg, const char *text)
{
	xb_say(arg, "%s", text);
}

/* Replaces the game by a new one of `v` from `fen` (NULL: the start). */
static bool
new_game(struct xb *x, const bc_variant *v, const char *fen)
{
	bc_game *g;
	bc_error err;
	int rc = bc_game_new(&g, v, fen, &err);

	if (rc != BC_OK) {
		if (rc == BC_ENOMEM)
			xb_say(x, "Error (out of memory): setboard");
		else
			xb_say(x, "tellusererror Illegal position: %s",
			    err.message);
		return false;
	}
	bc_game_free(x->game);
	x->game = g;
	x->game_serial++;
	x->variant = v;
	x->result_said = false;
	x->lifted = 0;
	return true;
}

/*
 * Why XBoard cannot play `v` with us, or NULL: the engine's reason, a
 * board XBoard cannot draw (HexChad's hexagons), or a piece that takes
 * what it passes over (hadean-ninja's flying ninjas), which XBoard's
 * board would keep.  CECP can say a move of legs, each leg's end a kill
 * square ("a5b5,b5d5": a5 to d5 taking b5), and XBoard 4.9.1 takes one
 * such from an engine; but a ninja passing two enemies needs three legs,
 * and XBoard 4.9.1 reads an engine's three legs as the first one alone
 * (tried: "a2a3,a3a4,a4a5" went into its saved game as a3xa4-a3).  So
 * XBoard is not offered the variant, rather than shown a board that goes
 * wrong after such a capture.
 */
static const char *
xboard_problem(const struct xb *x, const bc_variant *v)
{
	const char *why = engine_variant_problem(x->eng, v);

	if (!why && bc_variant_has_missing_cells(v))
		why = "XBoard has no hexagonal boards (the variant's board "
		      "is one)";
	for (int t = 1; !why && t <= bc_variant_piece_types(v); t++)
		if (bc_variant_piece_flags(v, t) & BC_PIECE_TAKES_PASSED)
			why = "XBoard cannot remove the pieces a move passes "
			      "over (the variant has such a piece)";
	return why;
}

static void
cmd_protover(struct xb *x)
{
	char variants[256] = "";
	size_t len = 0;

	for (int i = 0; i < bc_variant_count(); i++) {
		const bc_variant *v = bc_variant_at(i);

		if (!xboard_problem(x, v) && len < sizeof variants)
			len += (size_t)snprintf(variants + len,
			    sizeof variants - len, "%s%s", len ? "," : "",
			    bc_variant_key(v));
	}
	xb_say(x, "feature done=0");
	xb_say(x, "feature myname=\"bigchess %s\"", BIGCHESS_VERSION);
	xb_say(x, "feature variants=\"%s\"", variants);
	xb_say(x, "feature setboard=1 usermove=1 ping=1 playother=1 san=0 "
	       "time=1 draw=0 sigint=0 sigterm=0 reuse=1 colors=0 analyze=1 "
	       "highlight=1 memory=1 smp=1 exclude=0 pause=0 nps=0 debug=0");
	xb_say(x, "feature option=\"Level -spin %d %d %d\"", engine_level(x->eng),
	    ENGINE_LEVEL_MIN, ENGINE_LEVEL_MAX);
	xb_say(x, "feature option=\"Hash -spin %d %d %d\"", ENGINE_HASH_DEFAULT_MB,
	    ENGINE_HASH_MIN_MB, ENGINE_HASH_MAX_MB);
	/* XBoard's name: its analysis window offers "fewer / more". */
	xb_say(x, "feature option=\"MultiPV -spin %d %d %d\"", x->multipv,
	    ENGINE_MULTIPV_MIN, ENGINE_MULTIPV_MAX);
	xb_say(x, "feature done=1");
}

/* Seconds, perhaps with a fraction ("0.5"), or minutes:seconds when
 * `minutes` ("5", "0:30"), as milliseconds from 0 to XB_TIME_MAX_MS. */
static bool
parse_time(const char *text, bool minutes, int64_t *ms)
{
	char *end;
	double a, b = 0;

	errno = 0;
	a = strtod(text, &end);
	if (errno || end == text || !(a >= 0))
		return false;
	if (minutes && *end == ':') {
		const char *s = end + 1;

		b = strtod(s, &end);
		if (errno || end == s || !(b >= 0))
			return false;
	}
	if (*end)
		return false;
	a = minutes ? a * 60000.0 + b * 1000.0 : a * 1000.0;
	*ms = a > (double)XB_TIME_MAX_MS ? XB_TIME_MAX_MS : (int64_t)a;
	return true;
}

static void
cmd_level(struct xb *x, char **tok, int n)
{
	long long mps;
	int64_t base, inc;

	if (n != 4 || !protocol_parse_number(tok[1], 0, 100000, &mps) ||
	    !parse_time(tok[2], true, &base) || !parse_time(tok[3], false, &inc)) {
		xb_say(x, "Error (level wants MPS BASE INC): level");
		return;
	}
	x->mps = (int)mps;
	x->base_ms = base;
	x->inc_ms = inc;
	x->st_ms = 0;
	x->clock_known = false;
}

/* "time N" and "otim N": a clock in centiseconds, possibly negative. */
static void
cmd_clock(struct xb *x, char **tok, int n, bool own)
{
	char *end;
	long long cs;

	errno = 0;
	cs = n == 2 ? strtoll(tok[1], &end, 10) : 0;
	if (n != 2 || end == tok[1] || *end || errno) {
		xb_say(x, "Error (wants centiseconds): %s", tok[0]);
		return;
	}
	if (cs < 0)
		cs = 0;
	if (cs > XB_TIME_MAX_MS / 10)
		cs = XB_TIME_MAX_MS / 10;
	if (own)
		x->own_ms = cs * 10;
	else
		x->opp_ms = cs * 10;
	x->clock_known = true;
}

static void
set_hash(struct xb *x, const char *text, const char *cmd)
{
	long long mb;

	if (!protocol_parse_number(text, 0, 1LL << 40, &mb)) {
		xb_say(x, "Error (wants megabytes): %s", cmd);
		return;
	}
	if (mb < ENGINE_HASH_MIN_MB)
		mb = ENGINE_HASH_MIN_MB;
	if (mb > ENGINE_HASH_MAX_MB)
		mb = ENGINE_HASH_MAX_MB;
	if (engine_set_hash(x->eng, (size_t)mb) != BC_OK)
		xb_say(x, "Error (out of memory): %s %lld", cmd, mb);
}

/* "option NAME=VALUE" with the engine at rest (while_settled). */
static void
set_option(struct xb *x, const char *value, const char *name)
{
	long long number;

	if (strcasecmp(name, "Hash") == 0) {
		set_hash(x, value, "option Hash");
	} else if (strcasecmp(name, "Level") == 0) {
		if (protocol_parse_number(value, ENGINE_LEVEL_MIN,
		        ENGINE_LEVEL_MAX, &number))
			engine_set_level(x->eng, (int)number);
		else
			xb_say(x, "Error (Level wants %d to %d): %.40s",
			    ENGINE_LEVEL_MIN, ENGINE_LEVEL_MAX, value);
	} else if (strcasecmp(name, "MultiPV") == 0) {
		if (protocol_parse_number(value, ENGINE_MULTIPV_MIN,
		        ENGINE_MULTIPV_MAX, &number))
			x->multipv = (int)number;
		else
			xb_say(x, "Error (MultiPV wants %d to %d): %.40s",
			    ENGINE_MULTIPV_MIN, ENGINE_MULTIPV_MAX, value);
	} else {
		xb_say(x, "Error (unknown option): %.100s", name);
	}
}

/*
 * Runs `set(x, value, name)` with no search running, as the engine's
 * setters require: a ponder search stops, a search for the engine's move
 * moves now (engine-intf allows a move on any command, the command
 * handled right after it), and analysis stops and begins again after it,
 * so that a new MultiPV shows at once.
 */
static void
while_settled(struct xb *x, void (*set)(struct xb *, const char *,
                                 const char *), const char *value,
    const char *name)
{
	bool analysis = x->started && x->analyzing;

	if (x->started && !x->pondering && !x->analyzing && !x->hinting)
		engine_stop(x->eng);
	xb_halt(x, x->pondering || x->analyzing);
	set(x, value, name);
	if (analysis && x->analyzing)
		xb_think(x);
}

/* option NAME=VALUE */
static void
cmd_option(struct xb *x, char **tok, int n)
{
	char *eq = n == 2 ? strchr(tok[1], '=') : NULL;

	if (!eq) {
		xb_say(x, "Error (option wants NAME=VALUE): option");
		return;
	}
	*eq = '\0';
	while_settled(x, set_option, eq + 1, tok[1]);
}

static void
cmd_variant(struct xb *x, char **tok, int n)
{
	const bc_variant *v = n == 2 ? bc_variant_find(tok[1]) : NULL;

	if (!v || xboard_problem(x, v)) {
		xb_say(x, "Error (unsupported variant): %.100s",
		    n >= 2 ? tok[1] : "");
		return;
	}
	if (new_game(x, v, NULL))
		xb_describe_variant(v, say_line, x);
}

/* "setboard FEN", its ranks in our numbering. */
static void
cmd_setboard(struct xb *x, char **tok, int n)
{
	char fen[BC_FEN_MAX * 2];

	if (n < 2) {
		xb_say(x, "tellusererror Illegal position: no FEN");
		return;
	}
	if (!xb_fen_from_xboard(x->variant, tok + 1, n - 1, fen, sizeof fen)) {
		xb_say(x, "tellusererror Illegal position: FEN too long");
		return;
	}
	new_game(x, x->variant, fen);
}

static void
cmd_usermove(struct xb *x, const char *text)
{
	bc_move m;

	if (x->pondering && xb_move_parse(bc_game_position(x->game), text,
	                        &m) == BC_OK && xb_ponder_hit(x, m))
		return;
	xb_halt(x, true);
	if (bc_game_result(x->game, NULL) != BC_RESULT_NONE ||
	    xb_move_parse(bc_game_position(x->game), text, &m) != BC_OK ||
	    bc_game_push(x->game, m) != BC_OK) {
		xb_say(x, "Illegal move: %.100s", text);
		return;
	}
	x->game_serial++;
	x->lifted = 0;
	xb_claim_result(x);
	xb_maybe_think(x);
}

static void
cmd_undo(struct xb *x, int plies)
{
	xb_halt(x, true);
	for (int i = 0; i < plies; i++) {
		x->game_serial++;
		if (bc_game_undo(x->game) != BC_OK) {
			xb_say(x, "Error (no move to take back): %s",
			    plies == 1 ? "undo" : "remove");
			break;
		}
	}
	x->result_said = false;
	if (x->analyzing)
		xb_think(x);
}

/* "lift SQUARE": the legal targets of the piece there, as a highlight
 * board. */
static void
cmd_lift(struct xb *x, char **tok, int n)
{
	const char *p = n == 2 ? tok[1] : "";
	bc_square from = xb_square_parse(x->variant, &p);
	char board[XB_BOARD_TEXT];

	if (!from || *p) {
		xb_say(x, "Error (not a square): lift");
		return;
	}
	x->lifted = from;
	xb_highlight(bc_game_position(x->game), from, board);
	xb_say(x, "highlight %s", board);
}

/* "put SQUARE": where the lifted piece would promote, the types it may
 * choose ("choice"), its own letter first where it may stay as it is. */
static void
cmd_put(struct xb *x, char **tok, int n)
{
	const char *p = n == 2 ? tok[1] : "";
	bc_square to = xb_square_parse(x->variant, &p);
	char choice[BC_MAX_TYPES + 1];

	if (!to) {
		xb_say(x, "Error (not a square): put");
		return;
	}
	if (xb_choice(bc_game_position(x->game), x->lifted, to, choice) > 1)
		xb_say(x, "choice %s", choice);
	x->lifted = 0;
}

/* "hint": the move a quick search suggests for the side to move, when
 * the engine is not thinking already and the game goes on (else, as
 * engine-intf allows, nothing). */
static void
cmd_hint(struct xb *x)
{
	char text[XB_MOVE_TEXT];

	/* Pondering, the engine has its guess already. */
	if (x->pondering) {
		xb_move_text(bc_game_position(x->game), x->ponder_move, text,
		    sizeof text);
		xb_say(x, "Hint: %s", text);
		return;
	}
	if (x->started || bc_game_result(x->game, NULL) != BC_RESULT_NONE)
		return;
	x->hinting = true;
	xb_think(x);
	xb_halt(x, false);
	x->hinting = false;
}

/* "cores N": the search threads, from the next search on. */
static void
cmd_cores(struct xb *x, char **tok, int n)
{
	long long cores;

	if (n != 2 || !protocol_parse_number(tok[1], 1, 1 << 20, &cores)) {
		xb_say(x, "Error (cores wants a number): cores");
		return;
	}
	x->cores = cores > ENGINE_THREADS_MAX ? ENGINE_THREADS_MAX
	                                      : (int)cores;
}

static void
cmd_new(struct xb *x)
{
	xb_halt(x, true);
	x->analyzing = false;
	if (!new_game(x, x->first_variant, NULL))
		return;
	x->force = false;
	x->engine_side = BC_BLACK;
	x->sd = 0;
	x->clock_known = false;
	engine_new_game(x->eng);
}

/* Commands that need nothing from the engine, or whose information it
 * does not use. */
static const char *const ignored[] = {
	"xboard", "accepted", "rejected", "random", "computer", "name",
	"ics", "egtpath", "draw", "hover", "nps", NULL
};

static void
dispatch(struct xb *x, char **tok, int n)
{
	const char *cmd = tok[0];
	long long number;

	/* A command that comes before the ponderer has begun to ponder on
	 * the engine's last move finds it pondering, as it would a moment
	 * later: the main thread waits for the ponderer's work, or does it
	 * first. */
	while (x->ponder_starting)
		pthread_cond_wait(&x->changed, &x->lock);
	if (x->ponder_due) {
		x->ponder_due = false;
		xb_ponder_start(x);
	}
	for (int i = 0; ignored[i]; i++)
		if (strcmp(cmd, ignored[i]) == 0)
			return;
	if (strcmp(cmd, "protover") == 0) {
		cmd_protover(x);
	} else if (strcmp(cmd, "new") == 0) {
		cmd_new(x);
	} else if (strcmp(cmd, "variant") == 0) {
		xb_halt(x, true);
		cmd_variant(x, tok, n);
	} else if (strcmp(cmd, "force") == 0 || strcmp(cmd, "result") == 0) {
		/* After a result the engine waits for "new" or "setboard". */
		xb_halt(x, true);
		x->force = true;
	} else if (strcmp(cmd, "go") == 0) {
		x->force = false;
		x->analyzing = false;
		x->engine_side = bc_game_position(x->game)->side;
		xb_think(x);
	} else if (strcmp(cmd, "playother") == 0) {
		xb_halt(x, true);
		x->force = false;
		x->engine_side = !bc_game_position(x->game)->side;
	} else if (strcmp(cmd, "usermove") == 0) {
		if (n == 2)
			cmd_usermove(x, tok[1]);
		else
			xb_say(x, "Error (usermove wants one move): usermove");
	} else if (strcmp(cmd, "setboard") == 0) {
		xb_halt(x, true);
		cmd_setboard(x, tok, n);
		if (x->analyzing)
			xb_think(x);
	} else if (strcmp(cmd, "undo") == 0) {
		cmd_undo(x, 1);
	} else if (strcmp(cmd, "remove") == 0) {
		cmd_undo(x, 2);
	} else if (strcmp(cmd, "ping") == 0) {
		xb_say(x, "pong %s", n >= 2 ? tok[1] : "");
	} else if (strcmp(cmd, "level") == 0) {
		cmd_level(x, tok, n);
	} else if (strcmp(cmd, "st") == 0) {
		int64_t ms;

		if (n == 2 && parse_time(tok[1], false, &ms))
			x->st_ms = ms ? ms : 1;
		else
			xb_say(x, "Error (st wants seconds): st");
	} else if (strcmp(cmd, "sd") == 0) {
		if (n == 2 && protocol_parse_number(tok[1], 1, 1000, &number))
			x->sd = number > ENGINE_MAX_DEPTH ? ENGINE_MAX_DEPTH
			                                  : (int)number;
		else
			xb_say(x, "Error (sd wants a depth): sd");
	} else if (strcmp(cmd, "time") == 0) {
		cmd_clock(x, tok, n, true);
	} else if (strcmp(cmd, "otim") == 0) {
		cmd_clock(x, tok, n, false);
	} else if (strcmp(cmd, "?") == 0) {
		/* Move now; but a ponder search has no move to make, it is
		 * the opponent's turn: it only stops. */
		if (x->pondering)
			xb_halt(x, true);
		else if (x->started && !x->analyzing)
			engine_stop(x->eng);
	} else if (strcmp(cmd, "hard") == 0) {
		/* From the engine's next move on. */
		x->ponder_on = true;
	} else if (strcmp(cmd, "easy") == 0) {
		x->ponder_on = false;
		if (x->pondering)
			xb_halt(x, true);
	} else if (strcmp(cmd, "memory") == 0) {
		if (n == 2)
			while_settled(x, set_hash, tok[1], "memory");
		else
			xb_say(x, "Error (memory wants megabytes): memory");
	} else if (strcmp(cmd, "option") == 0) {
		cmd_option(x, tok, n);
	} else if (strcmp(cmd, "post") == 0) {
		x->post = true;
	} else if (strcmp(cmd, "nopost") == 0) {
		x->post = false;
	} else if (strcmp(cmd, "analyze") == 0) {
		x->analyzing = true;
		xb_think(x);
	} else if (strcmp(cmd, "exit") == 0) {
		xb_halt(x, true);
		x->analyzing = false;
	} else if (strcmp(cmd, ".") == 0) {
		bc_move_list list;

		bc_game_legal_moves(x->game, &list);
		if (x->analyzing)
			xb_say(x, "stat01: %" PRId64 " %" PRIu64 " %d %d %d",
			    x->stat_ms / 10, x->stat_nodes, x->stat_depth,
			    list.count, list.count);
	} else if (strcmp(cmd, "hint") == 0) {
		cmd_hint(x);
	} else if (strcmp(cmd, "bk") == 0) {
		/* engine-intf: lines that start with a blank, then an empty
		 * one; bigchess has no opening book. */
		xb_say(x, " bigchess has no opening book");
		xb_say(x, "%s", "");
	} else if (strcmp(cmd, "cores") == 0) {
		cmd_cores(x, tok, n);
	} else if (strcmp(cmd, "lift") == 0) {
		cmd_lift(x, tok, n);
	} else if (strcmp(cmd, "put") == 0) {
		cmd_put(x, tok, n);
	} else if (strcmp(cmd, "quit") == 0) {
		xb_halt(x, true);
		x->quit = true;
	} else {
		bc_move m;

		/* A bare move, as protocol version 1 sends them. */
		if (n == 1 && xb_move_parse(bc_game_position(x->game), cmd,
		                  &m) == BC_OK)
			cmd_usermove(x, cmd);
		else
			xb_say(x, "Error (unknown command): %.100s", cmd);
	}
}

int
xboard_run(FILE *in, FILE *out, const bc_variant *v, int level)
{
	struct xb *x = calloc(1, sizeof *x);
	int got;

	if (!x || !(x->eng = engine_new(ENGINE_HASH_DEFAULT_MB)) ||
	    pthread_mutex_init(&x->lock, NULL) != 0) {
		fputs("bigchess: out of memory\n", stderr);
		if (x)
			engine_free(x->eng);
		free(x);
		return 1;
	}
	if (xboard_problem(x, v) || pthread_cond_init(&x->changed, NULL)) {
		fprintf(stderr, "bigchess: %s\n", xboard_problem(x, v) ?
		    xboard_problem(x, v) : "out of memory");
		engine_free(x->eng);
		pthread_mutex_destroy(&x->lock);
		free(x);
		return 1;
	}
	x->out = out;
	x->first_variant = v;
	x->engine_side = BC_BLACK;
	x->multipv = ENGINE_MULTIPV_DEFAULT;
	x->think_own_ms = x->after_own_ms = ENGINE_NO_CLOCK;
	engine_set_level(x->eng, level);
	/* Without its thread the engine only never ponders. */
	x->ponderer_started = pthread_create(&x->ponderer, NULL,
	    xb_ponderer_main, x) == 0;
	pthread_mutex_lock(&x->lock);
	if (!new_game(x, v, NULL))
		x->quit = true;
	pthread_mutex_unlock(&x->lock);
	while (!x->quit &&
	    (got = protocol_read_line(in, x->line, XB_LINE_MAX)) != 0) {
		char *tok[XB_WORDS_MAX];
		int n = 0;

		pthread_mutex_lock(&x->lock);
		if (got < 0) {
			xb_say(x, "Error (line longer than %d bytes): ignored",
			    XB_LINE_MAX);
		} else {
			for (char *p = strtok(x->line, " \t\r"); p;
			     p = strtok(NULL, " \t\r"))
				if (n < XB_WORDS_MAX)
					tok[n++] = p;
			if (n > 0)
				dispatch(x, tok, n);
		}
		pthread_mutex_unlock(&x->lock);
	}
	/* The GUI has gone: nobody is left to hear a move.  The ponderer
	 * goes first, so that it starts nothing more. */
	pthread_mutex_lock(&x->lock);
	x->ponderer_quit = true;
	pthread_cond_broadcast(&x->changed);
	xb_halt(x, true);
	pthread_mutex_unlock(&x->lock);
	if (x->ponderer_started)
		pthread_join(x->ponderer, NULL);
	pthread_mutex_lock(&x->lock);
	xb_halt(x, true);
	pthread_mutex_unlock(&x->lock);
	engine_free(x->eng);
	bc_game_free(x->game);
	pthread_cond_destroy(&x->changed);
	pthread_mutex_destroy(&x->lock);
	free(x);
	return 0;
}
