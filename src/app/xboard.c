/*
 * xboard.c - the Chess Engine Communication Protocol (CECP, "the XBoard
 * protocol"), version 2 with XBoard 4.8's extensions, on standard input
 * and output.
 *
 * The main thread reads commands and keeps the game (a bc_game, so undo,
 * repetitions and results are the rules library's); a search runs in the
 * engine's own thread (engine_start).  One lock guards the game and the
 * output: the main thread holds it while it handles a command, the search
 * thread while it posts thinking or plays its move.  A command that
 * changes the game first stops any search and waits for it, with the lock
 * let go, and a search stopped that way plays nothing.
 *
 * How squares, moves and boards are written for XBoard is
 * xboard_board.c's job.
 *
 * Bad input gets one "Error (...): ..." line and is otherwise ignored; a
 * line holds at most XB_LINE_MAX bytes, and numbers are capped before any
 * arithmetic.
 */
#include <errno.h>
#include <inttypes.h>
#include <pthread.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

#include "engine/engine.h"
#include "protocol.h"
#include "report.h"
#include "xboard.h"
#include "xboard_board.h"

enum {
	XB_LINE_MAX = 1 << 16,
	XB_WORDS_MAX = 64,
	/* The search that answers "hint". */
	XB_HINT_NODES = 20000,
	/* Mate scores as XBoard reads them: 100000 + N for mate in N. */
	XB_MATE_SCORE = 100000
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

static void say(struct xb *x, const char *fmt, ...)
    __attribute__((format(printf, 2, 3)));

/*
 * Writes one line of the protocol; the caller holds x->lock.  It may quote
 * what the GUI sent: control characters are escaped (bigchess/text.h), so
 * a peer can neither reach the terminal of a person trying the mode by
 * hand nor split the reply into two lines.
 */
static void
say(struct xb *x, const char *fmt, ...)
{
	va_list ap;
	char *line;

	va_start(ap, fmt);
	line = report_vformat(0, fmt, ap);
	va_end(ap);
	fputs(line ? line : "Error (out of memory): a reply", x->out);
	fputc('\n', x->out);
	fflush(x->out);
	free(line);
}

/* say() for xb_describe_variant. */
static void
say_line(void *arg, const char *text)
{
	say(arg, "%s", text);
}

/* Says "RESULT {reason}" once when the game has ended. */
static void
claim_result(struct xb *x)
{
	bc_reason reason;
	bc_result r = bc_game_result(x->game, &reason);
	const char *winner = r == BC_RESULT_WHITE_WINS ? "White" : "Black";
	char why[64];

	if (r == BC_RESULT_NONE || x->result_said)
		return;
	x->result_said = true;
	switch (reason) {
	case BC_REASON_CHECKMATE:
		snprintf(why, sizeof why, "%s mates", winner);
		break;
	case BC_REASON_STALEMATE:
		if (r == BC_RESULT_DRAW)
			snprintf(why, sizeof why, "Stalemate");
		else
			snprintf(why, sizeof why, "%s wins by stalemate",
			    winner);
		break;
	case BC_REASON_REPETITION:
		snprintf(why, sizeof why, "Draw by repetition");
		break;
	case BC_REASON_FIFTY_MOVES:
		snprintf(why, sizeof why, "Draw by the 100-ply rule");
		break;
	case BC_REASON_MATERIAL:
		snprintf(why, sizeof why, "Draw by insufficient material");
		break;
	default:
		snprintf(why, sizeof why, "%s", bc_reason_text(reason));
		break;
	}
	say(x, "%s {%s}", bc_result_text(r), why);
}

/* Thinking output and, at the end of a search, the engine's move; on the
 * search thread. */
static void
on_report(const struct engine_report *r, void *arg)
{
	struct xb *x = arg;

	pthread_mutex_lock(&x->lock);
	if (!r->final) {
		char pv[3000] = "";
		bc_position pos = *r->root;
		size_t len = 0;
		int score = r->score;

		x->stat_depth = r->depth;
		x->stat_ms = r->time_ms;
		x->stat_nodes = r->nodes;
		for (int i = 0; i < r->pv_length; i++) {
			char text[XB_MOVE_TEXT];
			bc_undo undo;

			xb_move_text(&pos, r->pv[i], text, sizeof text);
			if (len + strlen(text) + 2 >= sizeof pv)
				break;
			len += (size_t)snprintf(pv + len, sizeof pv - len,
			    "%s%s", len ? " " : "", text);
			bc_position_make(&pos, r->pv[i], &undo);
		}
		if (r->mate > 0)
			score = XB_MATE_SCORE + r->mate;
		else if (r->mate < 0)
			score = -XB_MATE_SCORE + r->mate;
		/* engine-intf's thinking output: ply score time nodes,
		 * then the optional selective depth and speed, and since
		 * those are there a tab before the pv.  Written as it is
		 * (say() would escape the tab): it holds only numbers and
		 * our own move texts. */
		if ((x->post || x->analyzing) && !x->hinting) {
			fprintf(x->out, "%d %d %" PRId64 " %" PRIu64 " %d %"
			    PRIu64 "\t%s\n", r->depth, score, r->time_ms / 10,
			    r->nodes, r->seldepth, r->time_ms > 0 ?
			    r->nodes * 1000 / (uint64_t)r->time_ms : 0, pv);
			fflush(x->out);
		}
	} else if (x->hinting) {
		char text[XB_MOVE_TEXT];

		if (r->best) {
			xb_move_text(r->root, r->best, text, sizeof text);
			say(x, "Hint: %s", text);
		}
	} else if (!x->discard && !x->analyzing && r->best) {
		char text[XB_MOVE_TEXT];

		xb_move_text(r->root, r->best, text, sizeof text);
		if (bc_game_push(x->game, r->best) == BC_OK) {
			say(x, "move %s", text);
			claim_result(x);
		}
	}
	pthread_mutex_unlock(&x->lock);
}

/* Stops any search (its move, if `discard`, is not played) and collects
 * it; the caller holds x->lock, which is let go meanwhile. */
static void
halt(struct xb *x, bool discard)
{
	if (!x->started)
		return;
	x->discard = discard;
	pthread_mutex_unlock(&x->lock);
	if (discard)
		engine_stop(x->eng);
	engine_wait(x->eng, NULL);
	pthread_mutex_lock(&x->lock);
	x->started = false;
	x->discard = false;
}

/* Starts a search of the current position: the engine's move, or with
 * x->analyzing an endless analysis. */
static void
think(struct xb *x)
{
	const bc_position *pos = bc_game_position(x->game);
	struct engine_limits limits = ENGINE_LIMITS_INIT;
	int count, rc;

	halt(x, true);
	if (bc_game_result(x->game, NULL) != BC_RESULT_NONE) {
		claim_result(x);
		return;
	}
	if (x->hinting) {
		/* A quick search for "hint", of a fixed size: the same hint
		 * on any machine, in a moment on any. */
		limits.nodes = XB_HINT_NODES;
	} else if (x->analyzing) {
		limits.infinite = true;
	} else {
		int me = pos->side;

		if (x->sd)
			limits.depth = x->sd;
		if (x->st_ms) {
			limits.movetime_ms = x->st_ms;
		} else if (x->clock_known || x->base_ms) {
			limits.clock_ms[me] =
			    x->clock_known ? x->own_ms : x->base_ms;
			limits.clock_ms[!me] =
			    x->clock_known ? x->opp_ms : x->base_ms;
			limits.inc_ms[0] = limits.inc_ms[1] = x->inc_ms;
			if (x->mps)
				limits.moves_to_go = x->mps -
				    (int)((pos->fullmove - 1) % (unsigned)x->mps);
		}
	}
	if (x->cores) {
		if (engine_set_threads(x->eng, x->cores) != BC_OK)
			say(x, "Error (out of memory): cores %d", x->cores);
		x->cores = 0;
	}
	count = engine_game_history(x->game, x->history);
	rc = engine_start(x->eng, pos, x->history, count, &limits, on_report,
	    x);
	if (rc != BC_OK) {
		say(x, "Error (cannot search): %s", bc_strerror(rc));
		return;
	}
	x->started = true;
}

/* Thinks if it is the engine's turn. */
static void
maybe_think(struct xb *x)
{
	if (x->analyzing || (!x->force &&
	    bc_game_position(x->game)->side == x->engine_side))
		think(x);
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
			say(x, "Error (out of memory): setboard");
		else
			say(x, "tellusererror Illegal position: %s",
			    err.message);
		return false;
	}
	bc_game_free(x->game);
	x->game = g;
	x->variant = v;
	x->result_said = false;
	x->lifted = 0;
	return true;
}

/* Why XBoard cannot play `v` with us, or NULL: the engine's reason, or
 * a board XBoard cannot draw (HexChad's hexagons). */
static const char *
xboard_problem(const struct xb *x, const bc_variant *v)
{
	const char *why = engine_variant_problem(x->eng, v);

	if (!why && bc_variant_has_missing_cells(v))
		why = "XBoard has no hexagonal boards (the variant's board "
		      "is one)";
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
	say(x, "feature done=0");
	say(x, "feature myname=\"bigchess %s\"", BIGCHESS_VERSION);
	say(x, "feature variants=\"%s\"", variants);
	say(x, "feature setboard=1 usermove=1 ping=1 playother=1 san=0 "
	       "time=1 draw=0 sigint=0 sigterm=0 reuse=1 colors=0 analyze=1 "
	       "highlight=1 memory=1 smp=1 exclude=0 pause=0 nps=0 debug=0");
	say(x, "feature option=\"Level -spin %d %d %d\"", engine_level(x->eng),
	    ENGINE_LEVEL_MIN, ENGINE_LEVEL_MAX);
	say(x, "feature option=\"Hash -spin %d %d %d\"", ENGINE_HASH_DEFAULT_MB,
	    ENGINE_HASH_MIN_MB, ENGINE_HASH_MAX_MB);
	say(x, "feature done=1");
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
		say(x, "Error (level wants MPS BASE INC): level");
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
		say(x, "Error (wants centiseconds): %s", tok[0]);
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
		say(x, "Error (wants megabytes): %s", cmd);
		return;
	}
	if (mb < ENGINE_HASH_MIN_MB)
		mb = ENGINE_HASH_MIN_MB;
	if (mb > ENGINE_HASH_MAX_MB)
		mb = ENGINE_HASH_MAX_MB;
	if (engine_set_hash(x->eng, (size_t)mb) != BC_OK)
		say(x, "Error (out of memory): %s %lld", cmd, mb);
}

/* option NAME=VALUE */
static void
cmd_option(struct xb *x, char **tok, int n)
{
	char *eq = n == 2 ? strchr(tok[1], '=') : NULL;
	long long level;

	if (!eq) {
		say(x, "Error (option wants NAME=VALUE): option");
		return;
	}
	*eq = '\0';
	if (strcasecmp(tok[1], "Hash") == 0) {
		set_hash(x, eq + 1, "option Hash");
	} else if (strcasecmp(tok[1], "Level") == 0) {
		if (protocol_parse_number(eq + 1, ENGINE_LEVEL_MIN,
		        ENGINE_LEVEL_MAX, &level))
			engine_set_level(x->eng, (int)level);
		else
			say(x, "Error (Level wants %d to %d): %.40s",
			    ENGINE_LEVEL_MIN, ENGINE_LEVEL_MAX, eq + 1);
	} else {
		say(x, "Error (unknown option): %.100s", tok[1]);
	}
}

static void
cmd_variant(struct xb *x, char **tok, int n)
{
	const bc_variant *v = n == 2 ? bc_variant_find(tok[1]) : NULL;

	if (!v || xboard_problem(x, v)) {
		say(x, "Error (unsupported variant): %.100s",
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
		say(x, "tellusererror Illegal position: no FEN");
		return;
	}
	if (!xb_fen_from_xboard(x->variant, tok + 1, n - 1, fen, sizeof fen)) {
		say(x, "tellusererror Illegal position: FEN too long");
		return;
	}
	new_game(x, x->variant, fen);
}

static void
cmd_usermove(struct xb *x, const char *text)
{
	bc_move m;

	halt(x, true);
	if (bc_game_result(x->game, NULL) != BC_RESULT_NONE ||
	    xb_move_parse(bc_game_position(x->game), text, &m) != BC_OK ||
	    bc_game_push(x->game, m) != BC_OK) {
		say(x, "Illegal move: %.100s", text);
		return;
	}
	x->lifted = 0;
	claim_result(x);
	maybe_think(x);
}

static void
cmd_undo(struct xb *x, int plies)
{
	halt(x, true);
	for (int i = 0; i < plies; i++) {
		if (bc_game_undo(x->game) != BC_OK) {
			say(x, "Error (no move to take back): %s",
			    plies == 1 ? "undo" : "remove");
			break;
		}
	}
	x->result_said = false;
	if (x->analyzing)
		think(x);
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
		say(x, "Error (not a square): lift");
		return;
	}
	x->lifted = from;
	xb_highlight(bc_game_position(x->game), from, board);
	say(x, "highlight %s", board);
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
		say(x, "Error (not a square): put");
		return;
	}
	if (xb_choice(bc_game_position(x->game), x->lifted, to, choice) > 1)
		say(x, "choice %s", choice);
	x->lifted = 0;
}

/* "hint": the move a quick search suggests for the side to move, when
 * the engine is not thinking already and the game goes on (else, as
 * engine-intf allows, nothing). */
static void
cmd_hint(struct xb *x)
{
	if (x->started || bc_game_result(x->game, NULL) != BC_RESULT_NONE)
		return;
	x->hinting = true;
	think(x);
	halt(x, false);
	x->hinting = false;
}

/* "cores N": the search threads, from the next search on. */
static void
cmd_cores(struct xb *x, char **tok, int n)
{
	long long cores;

	if (n != 2 || !protocol_parse_number(tok[1], 1, 1 << 20, &cores)) {
		say(x, "Error (cores wants a number): cores");
		return;
	}
	x->cores = cores > ENGINE_THREADS_MAX ? ENGINE_THREADS_MAX
	                                      : (int)cores;
}

static void
cmd_new(struct xb *x)
{
	halt(x, true);
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
	"ics", "egtpath", "draw", "hover", "nps",
	/* Pondering: bigchess does not think on the opponent's time. */
	"hard", "easy", NULL
};

static void
dispatch(struct xb *x, char **tok, int n)
{
	const char *cmd = tok[0];
	long long number;

	for (int i = 0; ignored[i]; i++)
		if (strcmp(cmd, ignored[i]) == 0)
			return;
	if (strcmp(cmd, "protover") == 0) {
		cmd_protover(x);
	} else if (strcmp(cmd, "new") == 0) {
		cmd_new(x);
	} else if (strcmp(cmd, "variant") == 0) {
		halt(x, true);
		cmd_variant(x, tok, n);
	} else if (strcmp(cmd, "force") == 0 || strcmp(cmd, "result") == 0) {
		/* After a result the engine waits for "new" or "setboard". */
		halt(x, true);
		x->force = true;
	} else if (strcmp(cmd, "go") == 0) {
		x->force = false;
		x->analyzing = false;
		x->engine_side = bc_game_position(x->game)->side;
		think(x);
	} else if (strcmp(cmd, "playother") == 0) {
		halt(x, true);
		x->force = false;
		x->engine_side = !bc_game_position(x->game)->side;
	} else if (strcmp(cmd, "usermove") == 0) {
		if (n == 2)
			cmd_usermove(x, tok[1]);
		else
			say(x, "Error (usermove wants one move): usermove");
	} else if (strcmp(cmd, "setboard") == 0) {
		halt(x, true);
		cmd_setboard(x, tok, n);
		if (x->analyzing)
			think(x);
	} else if (strcmp(cmd, "undo") == 0) {
		cmd_undo(x, 1);
	} else if (strcmp(cmd, "remove") == 0) {
		cmd_undo(x, 2);
	} else if (strcmp(cmd, "ping") == 0) {
		say(x, "pong %s", n >= 2 ? tok[1] : "");
	} else if (strcmp(cmd, "level") == 0) {
		cmd_level(x, tok, n);
	} else if (strcmp(cmd, "st") == 0) {
		int64_t ms;

		if (n == 2 && parse_time(tok[1], false, &ms))
			x->st_ms = ms ? ms : 1;
		else
			say(x, "Error (st wants seconds): st");
	} else if (strcmp(cmd, "sd") == 0) {
		if (n == 2 && protocol_parse_number(tok[1], 1, 1000, &number))
			x->sd = number > ENGINE_MAX_DEPTH ? ENGINE_MAX_DEPTH
			                                  : (int)number;
		else
			say(x, "Error (sd wants a depth): sd");
	} else if (strcmp(cmd, "time") == 0) {
		cmd_clock(x, tok, n, true);
	} else if (strcmp(cmd, "otim") == 0) {
		cmd_clock(x, tok, n, false);
	} else if (strcmp(cmd, "?") == 0) {
		if (x->started && !x->analyzing)
			engine_stop(x->eng);
	} else if (strcmp(cmd, "memory") == 0) {
		if (n == 2)
			set_hash(x, tok[1], "memory");
		else
			say(x, "Error (memory wants megabytes): memory");
	} else if (strcmp(cmd, "option") == 0) {
		cmd_option(x, tok, n);
	} else if (strcmp(cmd, "post") == 0) {
		x->post = true;
	} else if (strcmp(cmd, "nopost") == 0) {
		x->post = false;
	} else if (strcmp(cmd, "analyze") == 0) {
		x->analyzing = true;
		think(x);
	} else if (strcmp(cmd, "exit") == 0) {
		halt(x, true);
		x->analyzing = false;
	} else if (strcmp(cmd, ".") == 0) {
		bc_move_list list;

		bc_game_legal_moves(x->game, &list);
		if (x->analyzing)
			say(x, "stat01: %" PRId64 " %" PRIu64 " %d %d %d",
			    x->stat_ms / 10, x->stat_nodes, x->stat_depth,
			    list.count, list.count);
	} else if (strcmp(cmd, "hint") == 0) {
		cmd_hint(x);
	} else if (strcmp(cmd, "bk") == 0) {
		/* engine-intf: lines that start with a blank, then an empty
		 * one; bigchess has no opening book. */
		say(x, " bigchess has no opening book");
		say(x, "%s", "");
	} else if (strcmp(cmd, "cores") == 0) {
		cmd_cores(x, tok, n);
	} else if (strcmp(cmd, "lift") == 0) {
		cmd_lift(x, tok, n);
	} else if (strcmp(cmd, "put") == 0) {
		cmd_put(x, tok, n);
	} else if (strcmp(cmd, "quit") == 0) {
		halt(x, true);
		x->quit = true;
	} else {
		bc_move m;

		/* A bare move, as protocol version 1 sends them. */
		if (n == 1 && xb_move_parse(bc_game_position(x->game), cmd,
		                  &m) == BC_OK)
			cmd_usermove(x, cmd);
		else
			say(x, "Error (unknown command): %.100s", cmd);
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
	if (xboard_problem(x, v)) {
		fprintf(stderr, "bigchess: %s\n", xboard_problem(x, v));
		engine_free(x->eng);
		pthread_mutex_destroy(&x->lock);
		free(x);
		return 1;
	}
	x->out = out;
	x->first_variant = v;
	x->engine_side = BC_BLACK;
	engine_set_level(x->eng, level);
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
			say(x, "Error (line longer than %d bytes): ignored",
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
	/* The GUI has gone: nobody is left to hear a move. */
	pthread_mutex_lock(&x->lock);
	halt(x, true);
	pthread_mutex_unlock(&x->lock);
	engine_free(x->eng);
	bc_game_free(x->game);
	pthread_mutex_destroy(&x->lock);
	free(x);
	return 0;
}
