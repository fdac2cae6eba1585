/*
 * analysis_view.c - the analysis and the evaluation graph in the side
 * panel, above the move list.
 *
 *   Analysis, depth 14: +0.35          (or "White mates in 3"; while the
 *                                      computer thinks, "Computer's
 *                                      search, depth 9" and its line)
 *   W ##########---------- B           the bar: White's share from the left
 *   +0.35 12.Nf3 Nf6 13.Bc4 ...        the best three lines, White's view
 *   +0.20 12.Bc4 ...
 *   -0.10 12.h4 ...
 *   (the move list)
 *   Evaluation by move:                (in review, at the panel's foot)
 *   __.-~=++*#                         one mark per move, higher: White
 *
 * Every figure is from White's side, and the bar and the graph use
 * characters that differ in shape (# and -, blocks of eight heights, or
 * _ . - ~ = + * # in ASCII), so they read the same without colour.
 */
#include <stdio.h>
#include <string.h>

#include "analysis.h"
#include "terminal.h"
#include "ui_state.h"

enum {
	ANALYSIS_ROWS = 2 + UI_ANALYSIS_LINES, /* heading, bar, lines */
	GRAPH_ROWS = 2,                        /* heading, marks */
	GRAPH_LEVELS = 8,
	SCALE_CP = 300  /* a score of this is three quarters of the way */
};

static const char *const levels_utf8[GRAPH_LEVELS] = {
	"\u2581", "\u2582", "\u2583", "\u2584", "\u2585", "\u2586", "\u2587",
	"\u2588"
};
static const char *const levels_ascii[GRAPH_LEVELS] = {
	"_", ".", "-", "~", "=", "+", "*", "#"
};

static int
fit(int rows, int room)
{
	if (room < 0)
		room = 0;
	return rows < room ? rows : room;
}

int
analysis_panel_rows(const struct ui *ui, int room)
{
	return fit(ui->analysis.on ? ANALYSIS_ROWS : 0, room);
}

int
analysis_graph_rows(const struct ui *ui, int room)
{
	return fit(analysis_graph_shown(ui) ? GRAPH_ROWS : 0, room);
}

/* White's share of the bar or of a mark's height: 0 (Black wins) to
 * 1000 (White wins), 500 when even. */
static int
share(int score, int mate)
{
	int cp = score < 0 ? -score : score;

	if (mate)
		return mate > 0 ? 1000 : 0;
	/* x / (|x| + k): smooth, and never quite all of it. */
	cp = (int)((long)cp * 500 / (cp + SCALE_CP));
	return score < 0 ? 500 - cp : 500 + cp;
}

static void
draw_heading(const struct ui *ui, int y)
{
	const struct layout *l = &ui->layout;
	const struct analysis *a = &ui->analysis;
	char line[96];
	int cp = a->score < 0 ? -a->score : a->score;

	if (a->paused)
		snprintf(line, sizeof line, "Analysis paused for the hint");
	else if (a->computer && !a->have)
		snprintf(line, sizeof line, "The computer thinks...");
	else if (a->computer && a->mate)
		snprintf(line, sizeof line, "Computer's search, depth %d: %s "
		    "mates in %d", a->depth, a->mate > 0 ? "White" : "Black",
		    a->mate > 0 ? a->mate : -a->mate);
	else if (a->computer)
		snprintf(line, sizeof line, "Computer's search, depth %d: "
		    "%s%d.%02d", a->depth, a->score < 0 ? "-" : "+", cp / 100,
		    cp % 100);
	else if (a->no_moves)
		snprintf(line, sizeof line, "Analysis: no legal move here");
	else if (!a->have)
		snprintf(line, sizeof line, "Analysis: thinking...");
	else if (a->mate)
		snprintf(line, sizeof line, "Analysis, depth %d: %s mates in "
		    "%d", a->depth, a->mate > 0 ? "White" : "Black",
		    a->mate > 0 ? a->mate : -a->mate);
	else
		snprintf(line, sizeof line, "Analysis, depth %d: %s%d.%02d",
		    a->depth, a->score < 0 ? "-" : "+", cp / 100, cp % 100);
	term_put(y, l->panel_x, ui_style(ui, ROLE_HEADING), line, l->panel_w);
}

static void
draw_bar(const struct ui *ui, int y)
{
	const struct layout *l = &ui->layout;
	const struct analysis *a = &ui->analysis;
	struct term_style st = ui_style(ui, ROLE_TEXT);
	const char *white = ui->ascii ? "#" : "\u2588";
	const char *black = ui->ascii ? "-" : "\u2591";
	int width = l->panel_w - 5, filled, x = l->panel_x;

	if (width < 4 || !a->have || a->paused)
		return;
	filled = (share(a->score, a->mate) * width + 500) / 1000;
	x += term_put(y, x, st, "W ", 2);
	for (int i = 0; i < width; i++)
		x += term_put(y, x, st, i < filled ? white : black, 1);
	term_put(y, x, st, " B", 2);
}

/* The number of the move that ply `ply` (from 1) plays. */
static int
move_number(const struct ui *ui, int ply)
{
	const bc_position *start = bc_game_start(ui->play.game);

	return (int)start->fullmove + (ply - 1 + (start->side == BC_BLACK)) / 2;
}

void
analysis_graph_draw(const struct ui *ui, int y, int rows)
{
	const struct layout *l = &ui->layout;
	const struct analysis *a = &ui->analysis;
	const char *const *scale = ui->ascii ? levels_ascii : levels_utf8;
	int first, count, missing = 0;
	char head[96];

	if (rows < 1 || !analysis_graph_shown(ui))
		return;
	analysis_graph_window(ui, l->panel_w, &first, &count);
	for (int p = first; p < first + count; p++)
		missing += p >= a->marks_size || !a->marks[p].have;
	if (a->graph_failed)
		snprintf(head, sizeof head, "No evaluation graph: the "
		    "computer cannot think");
	else if (missing)
		snprintf(head, sizeof head, "Evaluation by move (%d to go):",
		    missing);
	else if (count < bc_game_length(ui->play.game))
		snprintf(head, sizeof head, "Evaluation, moves %d-%d:",
		    move_number(ui, first), move_number(ui, first + count - 1));
	else
		snprintf(head, sizeof head, "Evaluation by move:");
	term_put(y, l->panel_x, ui_style(ui, ROLE_HEADING), head, l->panel_w);
	if (rows < 2)
		return;
	for (int i = 0; i < count; i++) {
		int p = first + i;
		const struct graph_mark *m = p < a->marks_size ? &a->marks[p]
		                                               : NULL;
		struct term_style st = ui_style(ui, p == ui->play.review_ply
		    ? ROLE_DIALOG_SEL : ROLE_TEXT);
		const char *mark = " ";

		if (m && m->have) {
			int level = share(m->score, m->mate) * GRAPH_LEVELS /
			    1001;

			mark = scale[level];
		}
		term_put(y + 1, l->panel_x + i, st, mark, 1);
	}
}

void
analysis_panel_draw(const struct ui *ui, int y, int rows)
{
	const struct layout *l = &ui->layout;
	const struct analysis *a = &ui->analysis;

	if (!a->on || rows < 1)
		return;
	draw_heading(ui, y);
	if (rows > 1)
		draw_bar(ui, y + 1);
	for (int i = 0; i < UI_ANALYSIS_LINES && 2 + i < rows; i++)
		if (a->have && !a->paused && i < a->lines)
			term_put(y + 2 + i, l->panel_x, ui_style(ui, ROLE_TEXT),
			    a->text[i], l->panel_w);
}
