/*
 * screen_game.c - the game screen: title, board, side panel, status and
 * hint lines.  Keys go through the key table to named commands.
 */
#include <stdio.h>

#include "hex_layout.h"
#include "terminal.h"
#include "ui_state.h"

static void
game_draw(const struct ui *ui)
{
	const struct play *p = &ui->play;
	char title[128];
	int people = (p->players[0] == PLAYER_HUMAN) +
	    (p->players[1] == PLAYER_HUMAN);
	const char *mode = people == 2 ? "two players (hot-seat)"
	    : people == 1 ? "against the computer"
	    : "the computer against itself";
	char room[64];

	if (ui->opts->remote) {
		snprintf(room, sizeof room, "game room %s",
		    ui->opts->remote->room_name);
		mode = room;
	}
	snprintf(title, sizeof title, "bigchess %s %s %s %s",
	    ui->glyphs->dash, bc_variant_name(p->variant), ui->glyphs->dash,
	    mode);
	term_put(0, 1, ui_style(ui, ROLE_TITLE), title, ui->cols - 2);
	board_view_draw(ui);
	panel_draw(ui);
	statusbar_draw(ui);
}

static int
game_key(struct ui *ui, int key)
{
	enum command cmd = keys_lookup(key);
	int flags;

	/* The analysis's own key, and the keys that stop it: a key of no
	 * command does only that. */
	if (cmd == CMD_ANALYSE)
		return analysis_toggle(ui);
	flags = analysis_before_key(ui, cmd);
	if (flags && cmd == CMD_NONE)
		return flags;
	return flags | actions_run(ui, cmd);
}

static void
game_resize(struct ui *ui)
{
	const bc_variant *v = ui->play.variant;

	if (bc_variant_has_missing_cells(v))
		hex_layout_compute(&ui->layout, v, ui->rows, ui->cols);
	else
		layout_compute(&ui->layout, bc_variant_files(v),
		    bc_variant_ranks(v), ui->rows, ui->cols);
	if (ui->need_rows < ui->layout.min_rows)
		ui->need_rows = ui->layout.min_rows;
	if (ui->need_cols < ui->layout.min_cols)
		ui->need_cols = ui->layout.min_cols;
}

const struct screen screen_game = {
	.name = "game",
	.draw = game_draw,
	.key = game_key,
	.resize = game_resize,
	.click = actions_click,
	.line = game_line,
	.answer = actions_answer,
};
