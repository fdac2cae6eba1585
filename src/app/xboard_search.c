/*
 * xboard_search.c - the searches of the XBoard mode: the engine's move,
 * analysis, "hint", pondering, and the thinking output and moves they
 * send (the session and its lock: xboard_search.h).
 *
 * A command that changes the game first stops any search and waits for
 * it, with the lock let go, and a search stopped that way plays nothing.
 *
 * Pondering ("hard"): once the engine has moved, a third thread, the
 * ponderer, collects that search and starts one on the position after
 * the reply the engine expects (the second move of its line), with the
 * engine's ponder limits (engine.h), because the main thread sits in a
 * read of the GUI's next line.  If that reply comes, the search goes on
 * (engine_ponderhit: the clock counts from then); any other command
 * that touches the game stops it first, like any search.
 */
#include <inttypes.h>
#include <stdarg.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "report.h"
#include "xboard_board.h"
#include "xboard_search.h"

/* Milliseconds of CLOCK_MONOTONIC. */
int64_t
xb_now_ms(void)
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
void
xb_say(struct xb *x, const char *fmt, ...)
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

/* Says "RESULT {reason}" once when the game has ended. */
void
xb_claim_result(struct xb *x)
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
	xb_say(x, "%s {%s}", bc_result_text(r), why);
}

/*
 * One line of engine-intf's thinking output: ply score time nodes, then
 * the optional selective depth and speed, and since those are there a
 * tab before the pv.  A ponder search's line starts with the reply it
 * ponders on (engine-intf: the line holds the hint move unless "Hint:"
 * said it first).  Written as it is (xb_say() would escape the tab): it
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
		xb_move_text(bc_game_position(x->game), x->ponder_move, pv,
		    sizeof pv);
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
	xb_say(x, "move %s", text);
	xb_claim_result(x);
	/* The clock the engine will have when the reply comes: what it
	 * had, less this search, plus the increment, plus a new period
	 * when this move ends one. */
	x->after_own_ms = ENGINE_NO_CLOCK;
	if (x->think_own_ms >= 0) {
		x->after_own_ms = x->think_own_ms -
		    (xb_now_ms() - x->think_from_ms) + x->inc_ms;
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
			xb_say(x, "Hint: %s", text);
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
void
xb_halt(struct xb *x, bool discard)
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
		limits->movetime_deadline = true;
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
			xb_say(x, "Error (out of memory): cores %d", x->cores);
		x->cores = 0;
	}
}

/* Starts a search of the current position: the engine's move, or with
 * x->analyzing an endless analysis. */
void
xb_think(struct xb *x)
{
	const bc_position *pos = bc_game_position(x->game);
	struct engine_limits limits = ENGINE_LIMITS_INIT;
	int count, rc;

	xb_halt(x, true);
	if (bc_game_result(x->game, NULL) != BC_RESULT_NONE) {
		xb_claim_result(x);
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
	x->think_from_ms = xb_now_ms();
	apply_cores(x);
	/* MultiPV is analysis's: a game's move is one line's search. */
	engine_set_multipv(x->eng, x->analyzing ? x->multipv : 1);
	count = engine_game_history(x->game, x->history);
	rc = engine_start(x->eng, pos, x->history, count, &limits, on_report,
	    x);
	if (rc != BC_OK) {
		xb_say(x, "Error (cannot search): %s", bc_strerror(rc));
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
void
xb_ponder_start(struct xb *x)
{
	struct engine_limits limits = ENGINE_LIMITS_INIT;
	bc_move_list list;
	bc_position pos;
	bc_undo undo;
	int count, rc;

	if (x->game_serial != x->ponder_serial ||
	    (x->started && x->search_id != x->moved_id))
		return;
	xb_halt(x, false);
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

/* The ponderer thread: starts each ponder search (see xb_ponder_start). */
void *
xb_ponderer_main(void *arg)
{
	struct xb *x = arg;

	pthread_mutex_lock(&x->lock);
	while (!x->ponderer_quit) {
		if (!x->ponder_due) {
			pthread_cond_wait(&x->changed, &x->lock);
			continue;
		}
		x->ponder_due = false;
		x->ponder_starting = true;
		xb_ponder_start(x);
		x->ponder_starting = false;
		pthread_cond_broadcast(&x->changed);
	}
	pthread_mutex_unlock(&x->lock);
	return NULL;
}

/* The opponent's move `m` came while the engine pondered: on the move
 * it expected, the ponder search becomes the search for the engine's
 * reply, from now on counted against the clock.  False when it was
 * another move (the caller stops the search and starts one). */
bool
xb_ponder_hit(struct xb *x, bc_move m)
{
	/* A clock well below the estimate the search planned with (or a
	 * new period far above it): search again with the true one. */
	bool restart = x->clock_known && x->ponder_own_ms >= 0 &&
	    (x->own_ms + XB_PONDER_SLACK_MS < x->ponder_own_ms ||
	     x->own_ms > 2 * x->ponder_own_ms + XB_PONDER_SLACK_MS);

	if (!x->pondering || m != x->ponder_move)
		return false;
	/* Halted while still pondering, so that the lines it prints as it
	 * stops start with the reply, as every ponder line does. */
	if (restart)
		xb_halt(x, true);
	if (bc_game_push(x->game, m) != BC_OK)
		return false;
	x->game_serial++;
	x->lifted = 0;
	x->pondering = false;
	xb_claim_result(x);
	if (restart || bc_game_result(x->game, NULL) != BC_RESULT_NONE) {
		xb_halt(x, true);
		xb_maybe_think(x);
		return true;
	}
	engine_ponderhit(x->eng);
	x->think_from_ms = xb_now_ms();
	return true;
}

/* Thinks if it is the engine's turn. */
void
xb_maybe_think(struct xb *x)
{
	if (x->analyzing || (!x->force &&
	    bc_game_position(x->game)->side == x->engine_side))
		xb_think(x);
}
