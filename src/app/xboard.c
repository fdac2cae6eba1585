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
 * Pondering ("hard"): once the engine has moved, a third thread, the
 * ponderer, collects that search and starts one on the position after
 * the reply the engine expects (the second move of its line), with the
 * engine's ponder limits (engine.h), because the main thread sits in a
 * read of the GUI's next line.  If that reply comes, the search goes on
 * (engine_ponderhit: the clock counts from then); any other command
 * that touches the game stops it first, like any search.
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
#include <time.h>

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

static void say(struct xb *x, const char *fmt, ...)
    __attribute__((format(printf, 2, 3)));
static void maybe_think(struct xb *x);

/* Milliseconds of CLOCK_MONOTONIC. */
static int64_t
now_ms(void)
{
	struct timespec ts;

	clock_gettime(CLOCK_MONOTONIC, &ts);
	return (int64_t)ts.tv_sec * 1000 + ts.tv_nsec / 1000000;
}

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

/*
 * One line of engine-intf's thinking output: ply score time nodes, then
 * the optional selective depth and speed, and since those are there a
 * tab before the pv.  A ponder search's line starts with the reply it
 * ponders on (engine-intf: the line holds the hint move unless "Hint:"
 * said it first).  Written as it is (say() would escape the tab): it
 * holds only numbers and our own move texts.
 */
static void
post_line(struct xb *x, const struct engine_report *r, int score, int mate,
    const bc_move *line, int length)
{
	char pv[3000] = "";
	bc_position pos = *r->root;
	size_t len = 0;

	if (x->pondering) {
		bc_position before = *bc_game_position(x->game);

		xb_move_text(&before, x->ponder_move, pv, sizeof pv);
		len = strlen(pv);
	}
	for (int i = 0; i < length; i++) {
		char text[XB_MOVE_TEXT];
		bc_undo undo;

		xb_move_text(&pos, line[i], text, sizeof text);
		if (len + strlen(text) + 2 >= sizeof pv)
			break;
		len += (size_t)snprintf(pv + len, sizeof pv - len,
		    "%s%s", len ? " " : "", text);
		bc_position_make(&pos, line[i], &undo);
	}
	if (mate > 0)
		score = XB_MATE_SCORE + mate;
	else if (mate < 0)
		score = -XB_MATE_SCORE + mate;
	fprintf(x->out, "%d %d %" PRId64 " %" PRIu64 " %d %" PRIu64 "\t%s\n",
	    r->depth, score, r->time_ms / 10, r->nodes, r->seldepth,
	    r->time_ms > 0 ? r->nodes * 1000 / (uint64_t)r->time_ms : 0, pv);
	fflush(x->out);
}

/* Plays the finished search's move and, when pondering is on, leaves
 * the reply it expects to the ponderer; the caller holds x->lock. */
static void
play_move(struct xb *x, const struct engine_report *r)
{
	char text[XB_MOVE_TEXT];

	xb_move_text(r->root, r->best, text, sizeof text);
	if (bc_game_push(x->game, r->best) != BC_OK)
		return;
	x->game_serial++;
	say(x, "move %s", text);
	claim_result(x);
	/* The clock the engine will have when the reply comes: what it
	 * had, less this search, plus the increment, plus a new period
	 * when this move ends one. */
	x->after_own_ms = ENGINE_NO_CLOCK;
	if (x->think_own_ms >= 0) {
		x->after_own_ms = x->think_own_ms -
		    (now_ms() - x->think_from_ms) + x->inc_ms;
		if (x->think_to_go == 1)
			x->after_own_ms += x->base_ms;
		if (x->after_own_ms < 0)
			x->after_own_ms = 0;
	}
	if (x->ponder_on && r->ponder &&
	    bc_game_result(x->game, NULL) == BC_RESULT_NONE) {
		x->ponder_due = true;
		x->ponder_move = r->ponder;
		x->ponder_serial = x->game_serial;
		x->moved_id = x->search_id;
		pthread_cond_broadcast(&x->changed);
	}
}

/* Thinking output and, at the end of a search, the engine's move; on the
 * search thread. */
static void
on_report(const struct engine_report *r, void *arg)
{
	struct xb *x = arg;

	pthread_mutex_lock(&x->lock);
	if (!r->final) {
		x->stat_depth = r->depth;
		x->stat_ms = r->time_ms;
		x->stat_nodes = r->nodes;
		if ((x->post || x->analyzing) && !x->hinting) {
			/* Analysis shows every line asked for (XBoard
			 * sorts the lines of one depth by score). */
			int lines = x->analyzing && r->multipv > 1 ?
			    r->multipv : 0;

			if (!lines)
				post_line(x, r, r->score, r->mate, r->pv,
				    r->pv_length);
			for (int i = 0; i < lines; i++)
				post_line(x, r, r->lines[i].score,
				    r->lines[i].mate, r->lines[i].pv,
				    r->lines[i].pv_length);
		}
	} else if (x->hinting) {
		char text[XB_MOVE_TEXT];

		if (r->best) {
			xb_move_text(r->root, r->best, text, sizeof text);
			say(x, "Hint: %s", text);
		}
	} else if (!x->discard && !x->analyzing && !x->pondering && r->best) {
		play_move(x, r);
	}
	pthread_mutex_unlock(&x->lock);
}

/*
 * Stops any search (its move, if `discard`, is not played; a ponder
 * search is always stopped and never moves) and collects it; the caller
 * holds x->lock, which is let go meanwhile.  Only one thread collects a
 * search: another that comes meanwhile waits for it, then for any search
 * started after it (a ponder search the ponderer started).
 */
static void
halt(struct xb *x, bool discard)
{
	while (x->started) {
		if (discard || x->pondering)
			engine_stop(x->eng);
		if (x->collecting) {
			pthread_cond_wait(&x->changed, &x->lock);
			continue;
		}
		x->collecting = true;
		if (discard || x->pondering)
			x->discard = true;
		pthread_mutex_unlock(&x->lock);
		engine_wait(x->eng, NULL);
		pthread_mutex_lock(&x->lock);
		x->started = false;
		x->pondering = false;
		x->collecting = false;
		x->discard = false;
		pthread_cond_broadcast(&x->changed);
	}
}

/* The limits of a search for the engine's move in `pos`, with its own
 * clock at `own_ms` (ENGINE_NO_CLOCK: the one XBoard sent last). */
static void
move_limits(const struct xb *x, const bc_position *pos, int64_t own_ms,
    struct engine_limits *limits)
{
	int me = pos->side;

	if (x->sd)
		limits->depth = x->sd;
	if (x->st_ms) {
		limits->movetime_ms = x->st_ms;
	} else if (x->clock_known || x->base_ms) {
		limits->clock_ms[me] = x->clock_known ? x->own_ms : x->base_ms;
		limits->clock_ms[!me] = x->clock_known ? x->opp_ms : x->base_ms;
		if (own_ms >= 0)
			limits->clock_ms[me] = own_ms;
		limits->inc_ms[0] = limits->inc_ms[1] = x->inc_ms;
		if (x->mps)
			limits->moves_to_go = x->mps -
			    (int)((pos->fullmove - 1) % (unsigned)x->mps);
	}
}

/* Applies a "cores" that came since the last search. */
static void
apply_cores(struct xb *x)
{
	if (x->cores) {
		if (engine_set_threads(x->eng, x->cores) != BC_OK)
			say(x, "Error (out of memory): cores %d", x->cores);
		x->cores = 0;
	}
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
		move_limits(x, pos, ENGINE_NO_CLOCK, &limits);
	}
	x->think_own_ms = limits.clock_ms[pos->side];
	x->think_to_go = limits.moves_to_go;
	x->think_from_ms = now_ms();
	apply_cores(x);
	/* MultiPV is analysis's: a game's move is one line's search. */
	engine_set_multipv(x->eng, x->analyzing ? x->multipv : 1);
	count = engine_game_history(x->game, x->history);
	rc = engine_start(x->eng, pos, x->history, count, &limits, on_report,
	    x);
	if (rc != BC_OK) {
		say(x, "Error (cannot search): %s", bc_strerror(rc));
		return;
	}
	x->started = true;
	x->search_id++;
}

/*
 * The ponderer's work once the engine has moved: collects that search
 * and, if nothing has changed meanwhile and the expected reply is legal
 * and leaves a game to play, starts a ponder search of the position after
 * it.  Its clock is the engine's after its move, estimated (XBoard tells
 * it only with the reply).  The caller holds x->lock.
 */
static void
ponder_start(struct xb *x)
{
	struct engine_limits limits = ENGINE_LIMITS_INIT;
	bc_move_list list;
	bc_position pos;
	bc_undo undo;
	int count, rc;

	if (x->game_serial != x->ponder_serial ||
	    (x->started && x->search_id != x->moved_id))
		return;
	halt(x, false);
	if (x->started || x->ponderer_quit || x->quit || !x->ponder_on ||
	    x->force || x->analyzing || x->game_serial != x->ponder_serial ||
	    bc_game_result(x->game, NULL) != BC_RESULT_NONE)
		return;
	pos = *bc_game_position(x->game);
	if (pos.side == x->engine_side ||
	    !bc_movegen_is_pseudo(&pos, x->ponder_move) ||
	    !bc_movegen_is_legal(&pos, x->ponder_move))
		return;
	count = engine_game_history(x->game, x->history);
	bc_position_make(&pos, x->ponder_move, &undo);
	bc_movegen_legal(&pos, &list);
	if (list.count == 0)
		return;
	/* The position the reply leaves joins the history. */
	if (count == ENGINE_MAX_HISTORY) {
		memmove(x->history, x->history + 1,
		    (ENGINE_MAX_HISTORY - 1) * sizeof x->history[0]);
		count--;
	}
	x->history[count++] = bc_game_position(x->game)->hash;
	move_limits(x, &pos, x->after_own_ms, &limits);
	limits.ponder = true;
	x->think_own_ms = limits.clock_ms[pos.side];
	x->think_to_go = limits.moves_to_go;
	x->ponder_own_ms = x->think_own_ms;
	apply_cores(x);
	engine_set_multipv(x->eng, 1);
	rc = engine_start(x->eng, &pos, x->history, count, &limits, on_report,
	    x);
	if (rc != BC_OK)
		return;
	x->started = true;
	x->pondering = true;
	x->search_id++;
}

/* The ponderer thread: starts each ponder search (see ponder_start). */
static void *
ponderer_main(void *arg)
{
	struct xb *x = arg;

	pthread_mutex_lock(&x->lock);
	while (!x->ponderer_quit) {
		if (!x->ponder_due) {
			pthread_cond_wait(&x->changed, &x->lock);
			continue;
		}
		x->ponder_due = false;
		ponder_start(x);
	}
	pthread_mutex_unlock(&x->lock);
	return NULL;
}

/* The opponent's move `m` came while the engine pondered: on the move
 * it expected, the ponder search becomes the search for the engine's
 * reply, from now on counted against the clock.  False when it was
 * another move (the caller stops the search and starts one). */
static bool
ponder_hit(struct xb *x, bc_move m)
{
	if (!x->pondering || m != x->ponder_move ||
	    bc_game_push(x->game, m) != BC_OK)
		return false;
	x->game_serial++;
	x->lifted = 0;
	x->pondering = false;
	claim_result(x);
	/* A clock well below the estimate the search planned with (or a
	 * new period far above it): search again with the true one. */
	if (bc_game_result(x->game, NULL) != BC_RESULT_NONE ||
	    (x->clock_known && x->ponder_own_ms >= 0 &&
	     (x->own_ms + XB_PONDER_SLACK_MS < x->ponder_own_ms ||
	      x->own_ms > 2 * x->ponder_own_ms + XB_PONDER_SLACK_MS))) {
		halt(x, true);
		maybe_think(x);
		return true;
	}
	engine_ponderhit(x->eng);
	x->think_from_ms = now_ms();
	return true;
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
	/* XBoard's name: its analysis window offers "fewer / more". */
	say(x, "feature option=\"MultiPV -spin %d %d %d\"", x->multipv,
	    ENGINE_MULTIPV_MIN, ENGINE_MULTIPV_MAX);
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
			say(x, "Error (Level wants %d to %d): %.40s",
			    ENGINE_LEVEL_MIN, ENGINE_LEVEL_MAX, value);
	} else if (strcasecmp(name, "MultiPV") == 0) {
		if (protocol_parse_number(value, ENGINE_MULTIPV_MIN,
		        ENGINE_MULTIPV_MAX, &number))
			x->multipv = (int)number;
		else
			say(x, "Error (MultiPV wants %d to %d): %.40s",
			    ENGINE_MULTIPV_MIN, ENGINE_MULTIPV_MAX, value);
	} else {
		say(x, "Error (unknown option): %.100s", name);
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
	halt(x, x->pondering || x->analyzing);
	set(x, value, name);
	if (analysis && x->analyzing)
		think(x);
}

/* option NAME=VALUE */
static void
cmd_option(struct xb *x, char **tok, int n)
{
	char *eq = n == 2 ? strchr(tok[1], '=') : NULL;

	if (!eq) {
		say(x, "Error (option wants NAME=VALUE): option");
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

	if (x->pondering && xb_move_parse(bc_game_position(x->game), text,
	                        &m) == BC_OK && ponder_hit(x, m))
		return;
	halt(x, true);
	if (bc_game_result(x->game, NULL) != BC_RESULT_NONE ||
	    xb_move_parse(bc_game_position(x->game), text, &m) != BC_OK ||
	    bc_game_push(x->game, m) != BC_OK) {
		say(x, "Illegal move: %.100s", text);
		return;
	}
	x->game_serial++;
	x->lifted = 0;
	claim_result(x);
	maybe_think(x);
}

static void
cmd_undo(struct xb *x, int plies)
{
	halt(x, true);
	for (int i = 0; i < plies; i++) {
		x->game_serial++;
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
	char text[XB_MOVE_TEXT];

	/* Pondering, the engine has its guess already. */
	if (x->pondering) {
		xb_move_text(bc_game_position(x->game), x->ponder_move, text,
		    sizeof text);
		say(x, "Hint: %s", text);
		return;
	}
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
	"ics", "egtpath", "draw", "hover", "nps", NULL
};

static void
dispatch(struct xb *x, char **tok, int n)
{
	const char *cmd = tok[0];
	long long number;

	/* A command that comes before the ponderer has begun to ponder on
	 * the engine's last move finds it pondering, as it would a moment
	 * later: the main thread does the ponderer's work first. */
	if (x->ponder_due) {
		x->ponder_due = false;
		ponder_start(x);
	}
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
		/* Move now; but a ponder search has no move to make, it is
		 * the opponent's turn: it only stops. */
		if (x->pondering)
			halt(x, true);
		else if (x->started && !x->analyzing)
			engine_stop(x->eng);
	} else if (strcmp(cmd, "hard") == 0) {
		/* From the engine's next move on. */
		x->ponder_on = true;
	} else if (strcmp(cmd, "easy") == 0) {
		x->ponder_on = false;
		if (x->pondering)
			halt(x, true);
	} else if (strcmp(cmd, "memory") == 0) {
		if (n == 2)
			while_settled(x, set_hash, tok[1], "memory");
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
	    ponderer_main, x) == 0;
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
	/* The GUI has gone: nobody is left to hear a move.  The ponderer
	 * goes first, so that it starts nothing more. */
	pthread_mutex_lock(&x->lock);
	x->ponderer_quit = true;
	pthread_cond_broadcast(&x->changed);
	halt(x, true);
	pthread_mutex_unlock(&x->lock);
	if (x->ponderer_started)
		pthread_join(x->ponderer, NULL);
	pthread_mutex_lock(&x->lock);
	halt(x, true);
	pthread_mutex_unlock(&x->lock);
	engine_free(x->eng);
	bc_game_free(x->game);
	pthread_cond_destroy(&x->changed);
	pthread_mutex_destroy(&x->lock);
	free(x);
	return 0;
}
