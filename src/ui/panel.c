/*
 * panel.c - the side panel: whose move, check or result, both players
 * with their clocks, captured pieces, and the numbered move list.
 */
#include <stdio.h>
#include <string.h>

#include "terminal.h"
#include "ui_state.h"
#include "wrap.h"

static const char *const side_name[2] = { "White", "Black" };
static const char *const kind_name[PLAYER_KIND_COUNT] = { "human",
	"computer" };

enum { LIST_HEAD_ROWS = 9 }; /* panel rows above the move list */

static void
draw_player(const struct ui *ui, int y, int side)
{
	const struct layout *l = &ui->layout;
	const struct play *p = &ui->play;
	struct term_style st = ui_style(ui, ROLE_TEXT);
	char line[64], time[16];

	/* In a room the players are named by their logins. */
	if (!remote_player_line(ui, side, line, sizeof line))
		snprintf(line, sizeof line, "%s (%s)", side_name[side],
		    kind_name[p->players[side]]);
	if (side == play_side(p) && !play_over(p))
		st = ui_style(ui, ROLE_TITLE);
	term_put(y, l->panel_x, st, line, l->panel_w);
	if (!p->clock.enabled)
		return;
	{
		int64_t left = clock_left(&p->clock, side, ui->now);
		enum role r = p->clock.running == side ? ROLE_CLOCK_RUNNING
		                                      : ROLE_TEXT;
		int w;

		if (p->clock.running == side && left < 10000)
			r = ROLE_CLOCK_LOW;
		clock_format(left, time, sizeof time);
		snprintf(line, sizeof line, " %7s ", time);
		/* Nine cells end where the panel's text does; the longest
		 * time, "100:00:00" (the cap), starts further left. */
		w = strlen(time) > 8 ? (int)strlen(time) + 1 : 9;
		term_put(y, l->panel_x + l->panel_w - 1 - w, ui_style(ui, r),
		    line, w);
	}
}

/* "White took: p p n" - the pieces of `lost` colour captured so far. */
static void
draw_captured(const struct ui *ui, int y, int lost)
{
	const struct layout *l = &ui->layout;
	const struct play *p = &ui->play;
	char line[128];
	int len = snprintf(line, sizeof line, "%s took:", side_name[!lost]);
	const int *captured = p->reviewing ? p->review_captured[lost]
	                                   : p->captured[lost];

	for (int t = 1; t <= bc_variant_piece_types(p->variant); t++)
		for (int n = 0; n < captured[t]; n++) {
			char text[8];

			glyphs_piece(ui->glyphs, p->variant,
			    BC_PIECE(lost, t), ui->symbols, text);
			if (len + 8 < (int)sizeof line)
				len += snprintf(line + len, sizeof line - len,
				    " %s", text);
		}
	term_put(y, l->panel_x, ui_style(ui, ROLE_TEXT), line, l->panel_w);
}

/* The analysis's rows above the move list (analysis_view.c), leaving
 * the list its heading and a line. */
static int
analysis_rows(const struct ui *ui)
{
	return analysis_panel_rows(ui, ui->layout.panel_h - LIST_HEAD_ROWS -
	    assist_panel_rows(ui) - 1);
}

/* The evaluation graph's rows at the panel's foot, below the list. */
static int
graph_rows(const struct ui *ui)
{
	return analysis_graph_rows(ui, ui->layout.panel_h - LIST_HEAD_ROWS -
	    assist_panel_rows(ui) - analysis_rows(ui) - 1);
}

/* The move-list lines: number, White's move, Black's move. */
static int
list_lines(const struct play *p, int *offset)
{
	const bc_position *start = bc_game_start(p->game);

	*offset = start->side == BC_BLACK;
	return (bc_game_length(p->game) + *offset + 1) / 2;
}

int
panel_list_rows(const struct ui *ui, int *total)
{
	int offset;
	int rows = ui->layout.panel_h - LIST_HEAD_ROWS - assist_panel_rows(ui);

	rows -= analysis_rows(ui) + graph_rows(ui);
	*total = list_lines(&ui->play, &offset);
	return rows > 0 ? rows : 0;
}

/*
 * The first move-list line shown: the last lines, less the scroll; while
 * reviewing, the line of the reviewed move is always in view.
 */
static int
list_first(const struct ui *ui, int rows, int total, int offset)
{
	const struct play *p = &ui->play;
	int first = total - rows - p->list_scroll;

	if (p->reviewing && p->review_ply > 0) {
		int line = (p->review_ply - 1 + offset) / 2;

		if (line < first)
			first = line;
		if (line >= first + rows)
			first = line - rows + 1;
	}
	return first < 0 ? 0 : first;
}

/* The row of the move-list heading. */
static int
list_y(const struct ui *ui)
{
	return ui->layout.panel_y + LIST_HEAD_ROWS - 1 + assist_panel_rows(ui) +
	    analysis_rows(ui);
}

/* The width of the move numbers' column: "999." or wider. */
static int
number_width(const struct play *p, int total)
{
	char num[16];

	return snprintf(num, sizeof num, "%3d.",
	    (int)bc_game_start(p->game)->fullmove + total - 1);
}

/*
 * The plies played up to the move shown at (y, x) in the move list, or
 * -1 if there is none there.
 */
int
panel_ply_at(const struct ui *ui, int y, int x)
{
	const struct layout *l = &ui->layout;
	const struct play *p = &ui->play;
	int offset, total = list_lines(p, &offset);
	int rows = panel_list_rows(ui, &total);
	int line = y - list_y(ui) - 1, c, ply;
	int nw = number_width(p, total);

	if (line < 0 || line >= rows || x < l->panel_x + nw ||
	    x >= l->panel_x + nw + 20)
		return -1;
	c = x >= l->panel_x + nw + 10;
	line += list_first(ui, rows, total, offset);
	ply = line * 2 + c - offset;
	if (line >= total || ply < 0 || ply >= bc_game_length(p->game))
		return -1;
	return ply + 1;
}

static void
draw_moves(const struct ui *ui, int y)
{
	const struct layout *l = &ui->layout;
	const struct play *p = &ui->play;
	int offset, total = list_lines(p, &offset);
	int rows = panel_list_rows(ui, &total);
	int first = list_first(ui, rows, total, offset);
	int last_ply = bc_game_length(p->game) - 1;
	int shown = p->reviewing ? p->review_ply - 1 : -1;
	int number0 = (int)bc_game_start(p->game)->fullmove;
	int nw = number_width(p, total);
	char num[16];

	term_put(y, l->panel_x, ui_style(ui, ROLE_HEADING),
	    p->reviewing ? "Moves (reviewing: > returns)"
	    : p->list_scroll ? "Moves (scrolled back: ] returns)" : "Moves",
	    l->panel_w);
	for (int i = 0; i < rows && first + i < total; i++) {
		int line = first + i, yy = y + 1 + i;

		snprintf(num, sizeof num, "%*d.", nw - 1, number0 + line);
		term_put(yy, l->panel_x, ui_style(ui, ROLE_COORD), num, nw);
		for (int c = 0; c < 2; c++) {
			int ply = line * 2 + c - offset;
			struct term_style st = ui_style(ui, ply == shown
			    ? ROLE_DIALOG_SEL : ply == last_ply ? ROLE_TITLE
			    : ROLE_TEXT);

			if (ply < 0) {
				term_put(yy, l->panel_x + nw + 1, st, "...", 3);
				continue;
			}
			if (ply > last_ply)
				break;
			term_put(yy, l->panel_x + nw + 1 + c * 10, st,
			    p->san[ply], 9);
			if (ply == shown)
				term_put(yy, l->panel_x + nw + c * 10,
				    ui_style(ui, ROLE_TITLE), ">", 1);
		}
	}
}

/*
 * A refused move's reason, whole, where the move list goes, while the
 * status line does not show it whole.  Returns false if there is none.
 */
static bool
draw_refusal(const struct ui *ui, int y)
{
	const struct layout *l = &ui->layout;
	const char *s = ui->refusal;
	int end = l->panel_y + l->panel_h;

	if (!s[0] || ((int)strlen(ui->message) <= ui->cols &&
	    strstr(ui->message, s)))
		return false;
	term_put(y++, l->panel_x, ui_style(ui, ROLE_HEADING), "Not legal:",
	    l->panel_w);
	while (s && *s && y < end) {
		const char *next;
		size_t len = wrap_next(s, l->panel_w - 1, &next);
		char line[LEARN_NOTE_MAX];

		if (len >= sizeof line)
			len = sizeof line - 1;
		memcpy(line, s, len);
		line[len] = '\0';
		term_put(y++, l->panel_x, ui_style(ui, ROLE_ERROR), line,
		    l->panel_w);
		s = next;
	}
	return true;
}

void
panel_draw(const struct ui *ui)
{
	const struct layout *l = &ui->layout;
	const struct play *p = &ui->play;
	const bc_position *pos = play_position(p);
	int y = l->panel_y;
	char line[128];

	if (p->reviewing) {
		snprintf(line, sizeof line, "Reviewing: %d of %d moves",
		    p->review_ply, bc_game_length(p->game));
		term_put(y, l->panel_x, ui_style(ui, ROLE_ERROR), line,
		    l->panel_w);
		if (play_over(p))
			snprintf(line, sizeof line, "The game is over.");
		else
			snprintf(line, sizeof line, "In the game, %s to move.",
			    side_name[pos->side]);
		term_put(y + 1, l->panel_x, ui_style(ui, ROLE_TEXT), line,
		    l->panel_w);
	} else if (play_over(p)) {
		play_result_text(p, line, sizeof line);
		term_put(y, l->panel_x, ui_style(ui, ROLE_ERROR), "Game over",
		    l->panel_w);
		term_put(y + 1, l->panel_x, ui_style(ui, ROLE_TEXT), line,
		    l->panel_w);
	} else {
		snprintf(line, sizeof line, "%s to move", side_name[pos->side]);
		term_put(y, l->panel_x, ui_style(ui, ROLE_TITLE), line,
		    l->panel_w);
		if (bc_position_in_check(pos))
			term_put(y + 1, l->panel_x, ui_style(ui, ROLE_ERROR),
			    "Check!", l->panel_w);
	}
	draw_player(ui, y + 3, BC_WHITE);
	draw_player(ui, y + 4, BC_BLACK);
	draw_captured(ui, y + 6, BC_BLACK);
	draw_captured(ui, y + 7, BC_WHITE);
	assist_panel_draw(ui, y + LIST_HEAD_ROWS - 1);
	y += LIST_HEAD_ROWS - 1 + assist_panel_rows(ui);
	analysis_panel_draw(ui, y, analysis_rows(ui));
	y += analysis_rows(ui);
	analysis_graph_draw(ui, l->panel_y + l->panel_h - graph_rows(ui),
	    graph_rows(ui));
	/* The piece-info key's piece takes the move list's place. */
	if (ui->info.on)
		piece_info_panel_draw(ui, y,
		    l->panel_y + l->panel_h - graph_rows(ui) - y);
	else if (!draw_refusal(ui, y))
		draw_moves(ui, y);
}
