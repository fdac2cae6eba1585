/*
 * analysis.c - running the analysis and the review's evaluation graph.
 *
 * Both use the seam's analysis engine (ui.h), which is not the computer
 * player's, and only one search at a time: the graph's quick searches
 * (a fixed number of nodes each, for the page of moves the graph shows)
 * come first, then the analysis of the position on the board, which goes
 * on until that position changes or the analysis is turned off.  While
 * the computer player or a hint thinks, neither runs, so two searches
 * never share the machine: the panel shows the computer player's own
 * search instead (its depth, score and line, from the seam's info), or
 * that it is paused for a hint; once the computer has moved, the
 * analysis starts on the new position.
 *
 * The analysis follows whatever the board shows: each tick compares the
 * position's hash with the one searched, so stepping through the game,
 * a FEN typed or a game loaded all restart it.  Its report is read at
 * most every ANALYSIS_POLL_MS and the panel redrawn only when the text
 * changed, which keeps a slow link quiet.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

#include "analysis.h"
#include "ui_state.h"

enum {
	ANALYSIS_POLL_MS = 250,
	GRAPH_NODES = 3000,       /* per position of the graph */
	ANALYSIS_HISTORY = 1024   /* earlier positions passed, at most */
};

static const struct ui_engine *
seam(const struct ui *ui)
{
	const struct ui_engine *e = ui->opts->engine;

	return e && e->analyse && e->analysis && e->analyse_stop ? e : NULL;
}

/* True while the computer player thinks, or is about to: its move is
 * due and the main loop starts its search at the next tick (so that an
 * analysis started now would only be stopped again). */
static bool
computer_turn(const struct ui *ui)
{
	return ui->engine_busy || (ui->playing && !play_over(&ui->play) &&
	    ui->play.players[play_side(&ui->play)] == PLAYER_COMPUTER &&
	    !coach_holding(ui) && !ui->opts->remote);
}

/* True while the computer player's or a hint's search runs. */
static bool
engine_taken(const struct ui *ui)
{
	return computer_turn(ui) || ui->assist.hint_busy;
}

static void
stop_live(struct ui *ui)
{
	const struct ui_engine *e = seam(ui);

	if (e && ui->analysis.running)
		e->analyse_stop(e->ctx);
	ui->analysis.running = false;
}

static void
stop_graph(struct ui *ui)
{
	const struct ui_engine *e = seam(ui);

	if (e && ui->analysis.graph_busy)
		e->analyse_stop(e->ctx);
	ui->analysis.graph_busy = false;
}

static int
analysis_off(struct ui *ui, const char *why)
{
	struct analysis *a = &ui->analysis;

	stop_live(ui);
	a->on = false;
	a->have = false;
	a->paused = false;
	if (why)
		ui_say(ui, "%s", why);
	return UI_DRAW;
}

int
analysis_toggle(struct ui *ui)
{
	struct analysis *a = &ui->analysis;

	if (a->on)
		return analysis_off(ui, "Analysis off.");
	if (!seam(ui)) {
		ui_error(ui, "There is no computer to analyse with.");
		return UI_DRAW;
	}
	a->on = true;
	a->have = false;
	a->no_moves = false;
	a->hash = 0;
	ui_say(ui, "Analysis on: , and . step through the game; any other "
	    "key stops it.");
	return analysis_tick(ui) | UI_DRAW;
}

/* The commands that only look around keep the analysis going. */
static bool
keeps(enum command cmd)
{
	switch (cmd) {
	case CMD_UP:
	case CMD_DOWN:
	case CMD_LEFT:
	case CMD_RIGHT:
	case CMD_UP_LEFT:
	case CMD_UP_RIGHT:
	case CMD_DOWN_LEFT:
	case CMD_DOWN_RIGHT:
	case CMD_PROMPT:
	case CMD_FLIP:
	case CMD_SCROLL_UP:
	case CMD_SCROLL_DOWN:
	case CMD_REVIEW_BACK:
	case CMD_REVIEW_FORWARD:
	case CMD_REVIEW_FIRST:
	case CMD_REVIEW_LIVE:
		return true;
	default:
		return false;
	}
}

int
analysis_before_key(struct ui *ui, enum command cmd)
{
	if (!ui->analysis.on || keeps(cmd))
		return 0;
	return analysis_off(ui, "Analysis stopped.");
}

bool
analysis_line(struct ui *ui, const char *line, int *flags)
{
	enum command cmd;

	if (strcasecmp(line, "analyse") == 0 ||
	    strcasecmp(line, "analyze") == 0) {
		*flags = analysis_toggle(ui);
		return true;
	}
	if (!ui->analysis.on)
		return false;
	cmd = keys_command_by_word(line);
	if ((cmd != CMD_NONE && keeps(cmd)) || strncmp(line, "fen", 3) == 0 ||
	    strncmp(line, "goto", 4) == 0)
		return false;
	analysis_off(ui, "Analysis stopped.");
	return false;
}

/* The hashes of the positions before ply `ply` of `g` since its last
 * irreversible move (the latest ANALYSIS_HISTORY of them). */
static int
history_at(const bc_game *g, int ply, uint64_t *out)
{
	int first = 0, n = 0;
	bc_ply p;

	for (int i = ply - 1; i >= 0; i--) {
		bc_game_ply(g, i, &p);
		if (p.irreversible) {
			first = i + 1;
			break;
		}
	}
	if (ply - first > ANALYSIS_HISTORY)
		first = ply - ANALYSIS_HISTORY;
	for (int i = first; i < ply; i++) {
		bc_game_ply(g, i, &p);
		out[n++] = p.hash_before;
	}
	return n;
}

/* The hash of the position after `ply` moves of `g`. */
static uint64_t
hash_at(const bc_game *g, int ply)
{
	bc_ply p;

	if (ply >= bc_game_length(g))
		return bc_game_position(g)->hash;
	bc_game_ply(g, ply, &p);
	return p.hash_before;
}

static bool
legal_in(const bc_position *pos, bc_move m)
{
	bc_move_list list;

	bc_movegen_legal(pos, &list);
	for (int i = 0; i < list.count; i++)
		if (list.moves[i] == m)
			return true;
	return false;
}

/* "+0.35" or "#3" (White mates in 3) or "#-3": White's view. */
static int
format_score(int score, int mate, char *buf, size_t size)
{
	int cp = score < 0 ? -score : score;

	if (mate)
		return snprintf(buf, size, "#%d", mate);
	return snprintf(buf, size, "%s%d.%02d", score < 0 ? "-" : "+",
	    cp / 100, cp % 100);
}

/* One line of the report as the panel shows it: the score, then the
 * moves in SAN with their numbers ("+0.35 12.Nf3 Nf6 13.Bc4"). */
static void
format_line(const bc_position *root, const struct ui_analysis_line *l,
    int side, char *buf, size_t size)
{
	bc_position pos = *root;
	int sign = side == BC_WHITE ? 1 : -1;
	size_t len = (size_t)format_score(sign * l->score, sign * l->mate, buf,
	    size);

	for (int i = 0; i < l->pv_length && len + BC_MOVE_TEXT_MAX + 16 <
	    size; i++) {
		char san[BC_MOVE_TEXT_MAX];
		bc_undo undo;

		if (!legal_in(&pos, l->pv[i]))
			break;
		bc_move_to_san(&pos, l->pv[i], san, sizeof san);
		if (pos.side == BC_WHITE)
			len += (size_t)snprintf(buf + len, size - len, " %lu.%s",
			    (unsigned long)pos.fullmove, san);
		else if (i == 0)
			len += (size_t)snprintf(buf + len, size - len,
			    " %lu...%s", (unsigned long)pos.fullmove, san);
		else
			len += (size_t)snprintf(buf + len, size - len, " %s",
			    san);
		bc_position_make(&pos, l->pv[i], &undo);
	}
}

/* Reads the analysis's report into the panel's text; UI_DRAW if it
 * changed. */
static int
poll_live(struct ui *ui)
{
	const struct ui_engine *e = seam(ui);
	struct analysis *a = &ui->analysis;
	const bc_position *root = play_view(&ui->play);
	struct ui_analysis_info in;
	char text[UI_ANALYSIS_LINES][ANALYSIS_TEXT];
	int sign;

	a->polled = ui->now;
	if (!e->analysis(e->ctx, &in) || in.lines < 1)
		return 0;
	for (int i = 0; i < in.lines; i++)
		format_line(root, &in.line[i], in.side, text[i],
		    sizeof text[i]);
	if (a->have && a->depth == in.depth && a->lines == in.lines &&
	    memcmp(a->text, text, sizeof text[0] * (size_t)in.lines) == 0)
		return 0;
	sign = in.side == BC_WHITE ? 1 : -1;
	a->have = true;
	a->depth = in.depth;
	a->score = sign * in.line[0].score;
	a->mate = sign * in.line[0].mate;
	a->lines = in.lines;
	memcpy(a->text, text, sizeof text[0] * (size_t)in.lines);
	return UI_DRAW;
}

/* While the computer player thinks: its own search's latest report
 * into the panel's first line; UI_DRAW if it changed. */
static int
poll_computer(struct ui *ui)
{
	const struct ui_engine *e = ui->opts->engine;
	struct analysis *a = &ui->analysis;
	const bc_position *root = play_position(&ui->play);
	struct ui_engine_info in;
	struct ui_analysis_line l;
	char text[ANALYSIS_TEXT];
	int sign;

	a->polled = ui->now;
	if (!e->info || !e->info(e->ctx, &in) || in.side != root->side ||
	    in.pv_length < 1 || !legal_in(root, in.pv[0]))
		return 0;
	l.score = in.score;
	l.mate = in.mate;
	l.pv_length = in.pv_length;
	memcpy(l.pv, in.pv, sizeof l.pv);
	format_line(root, &l, in.side, text, sizeof text);
	if (a->have && a->depth == in.depth && a->lines == 1 &&
	    strcmp(a->text[0], text) == 0)
		return 0;
	sign = in.side == BC_WHITE ? 1 : -1;
	a->have = true;
	a->depth = in.depth;
	a->score = sign * in.score;
	a->mate = sign * in.mate;
	a->lines = 1;
	memcpy(a->text[0], text, sizeof text);
	return UI_DRAW;
}

/* Starts the analysis of the position on the board. */
static int
start_live(struct ui *ui)
{
	const struct ui_engine *e = seam(ui);
	struct analysis *a = &ui->analysis;
	const bc_position *pos = play_view(&ui->play);
	uint64_t history[ANALYSIS_HISTORY];
	bc_move_list list;
	int count = history_at(ui->play.game, play_view_ply(&ui->play),
	    history);

	a->hash = pos->hash;
	a->have = false;
	a->polled = ui->now;
	bc_movegen_legal(pos, &list);
	a->no_moves = list.count == 0;
	if (a->no_moves)
		return UI_DRAW;
	if (e->analyse(e->ctx, pos, history, count, UI_ANALYSIS_LINES, 0) !=
	    BC_OK)
		return analysis_off(ui, "The analysis cannot start: no thread "
		    "for its search.");
	a->running = true;
	return UI_DRAW;
}

bool
analysis_graph_shown(const struct ui *ui)
{
	return ui->playing && ui->play.reviewing && seam(ui) != NULL &&
	    bc_game_length(ui->play.game) > 0;
}

void
analysis_graph_window(const struct ui *ui, int width, int *first,
    int *count)
{
	int length = bc_game_length(ui->play.game);
	int at = ui->play.review_ply > 0 ? ui->play.review_ply : 1;

	if (width < 1)
		width = 1;
	*first = (at - 1) / width * width + 1;
	*count = length - *first + 1 < width ? length - *first + 1 : width;
}

/* Room for a mark per position of the game; false if there is none. */
static bool
graph_room(struct analysis *a, int plies)
{
	struct graph_mark *grown;
	int size = a->marks_size ? a->marks_size : 64;

	if (plies < a->marks_size)
		return true;
	while (size <= plies)
		size *= 2;
	grown = realloc(a->marks, (size_t)size * sizeof *grown);
	if (!grown)
		return false;
	memset(grown + a->marks_size, 0,
	    (size_t)(size - a->marks_size) * sizeof *grown);
	a->marks = grown;
	a->marks_size = size;
	return true;
}

/* The first ply of the graph's window still without its mark, or 0. */
static int
graph_next(const struct ui *ui)
{
	const struct analysis *a = &ui->analysis;
	int first, count;

	if (!analysis_graph_shown(ui) || a->graph_failed)
		return 0;
	analysis_graph_window(ui, ui->layout.panel_w, &first, &count);
	for (int p = first; p < first + count; p++)
		if (p >= a->marks_size || !a->marks[p].have ||
		    a->marks[p].hash != hash_at(ui->play.game, p))
			return p;
	return 0;
}

/* The graph's search has ended: its mark. */
static void
graph_collect(struct ui *ui)
{
	const struct ui_engine *e = seam(ui);
	struct analysis *a = &ui->analysis;
	struct ui_analysis_info in;
	struct graph_mark *m;
	bool have = e->analysis(e->ctx, &in);

	e->analyse_stop(e->ctx);
	a->graph_busy = false;
	if (a->graph_ply >= a->marks_size)
		return;
	m = &a->marks[a->graph_ply];
	m->hash = a->graph_hash;
	m->have = true;
	m->score = m->mate = 0;
	if (have && in.lines > 0) {
		int sign = in.side == BC_WHITE ? 1 : -1;

		m->score = sign * in.line[0].score;
		m->mate = sign * in.line[0].mate;
	} else {
		bc_position pos;

		/* No move to search: mate (the side to move lost) or
		 * stalemate. */
		if (bc_game_position_at(ui->play.game, a->graph_ply, &pos) ==
		    BC_OK && bc_position_in_check(&pos))
			m->mate = pos.side == BC_WHITE ? -1 : 1;
	}
}

/* Starts the quick search of the graph's mark for `ply`. */
static int
graph_start(struct ui *ui, int ply)
{
	const struct ui_engine *e = seam(ui);
	struct analysis *a = &ui->analysis;
	bc_position pos;

	if (!graph_room(a, bc_game_length(ui->play.game)) ||
	    bc_game_position_at(ui->play.game, ply, &pos) != BC_OK)
		return 0;
	a->graph_ply = ply;
	a->graph_hash = pos.hash;
	if (e->analyse(e->ctx, &pos, NULL, 0, 1, GRAPH_NODES) != BC_OK) {
		/* Said in the graph's heading, not retried on every tick. */
		a->graph_failed = true;
		return UI_DRAW;
	}
	a->graph_busy = true;
	return 0;
}

int
analysis_tick(struct ui *ui)
{
	const struct ui_engine *e = seam(ui);
	struct analysis *a = &ui->analysis;
	/* A hint's search is short and the person's: the panel waits. */
	bool paused = a->on && ui->assist.hint_busy;
	bool computer = a->on && !paused && computer_turn(ui);
	int flags = 0, next;

	if (!e || !ui->playing) {
		if (a->on)
			flags |= analysis_off(ui, NULL);
		return flags;
	}
	if (paused != a->paused || computer != a->computer) {
		a->paused = paused;
		a->computer = computer;
		/* What the panel showed was another search's. */
		a->have = false;
		a->hash = 0;
		a->polled = 0; /* the computer's first report at once */
		flags |= UI_DRAW;
	}
	if (engine_taken(ui)) {
		stop_graph(ui);
		stop_live(ui);
		if (computer && ui->now - a->polled >= ANALYSIS_POLL_MS)
			flags |= poll_computer(ui);
		return flags;
	}
	if (a->graph_busy) {
		struct ui_analysis_info in;

		e->analysis(e->ctx, &in);
		if (!in.done)
			return flags;
		graph_collect(ui);
		flags |= UI_DRAW;
	}
	next = graph_next(ui);
	if (next) {
		stop_live(ui);
		return flags | graph_start(ui, next);
	}
	if (!a->on)
		return flags;
	if (play_view(&ui->play)->hash != a->hash ||
	    (!a->running && !a->no_moves)) {
		stop_live(ui);
		return flags | start_live(ui);
	}
	if (a->running && ui->now - a->polled >= ANALYSIS_POLL_MS)
		flags |= poll_live(ui);
	return flags;
}

bool
analysis_waiting(const struct ui *ui)
{
	return ui->analysis.on || ui->analysis.graph_busy || graph_next(ui);
}

void
analysis_close(struct ui *ui)
{
	stop_graph(ui);
	stop_live(ui);
	ui->analysis.on = false;
	free(ui->analysis.marks);
	ui->analysis.marks = NULL;
	ui->analysis.marks_size = 0;
}
