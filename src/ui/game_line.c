/*
 * game_line.c - what a line typed at the prompt over the game does: a
 * move in SAN or coordinates, or a command word from the command table
 * (":resign", ":flip", ...), ":fen FEN", ":goto N", ":save FILE" or
 * ":analyse" (also ":analyze").
 */
#include <stdio.h>
#include <string.h>

#include "board_input.h"
#include "ui_state.h"

/* Runs the typed line; the prompt is already closed. */
int
game_line(struct ui *ui, const char *line)
{
	enum command cmd = keys_command_by_word(line);
	int rc;

	if (!*line)
		return UI_DRAW;
	ui->refusal[0] = '\0';
	/* A command with a path: save FILE, or save alone. */
	if (strncmp(line, "save", 4) == 0 && (line[4] == ' ' || !line[4]))
		return game_save(ui, line + 4);
	if (analysis_line(ui, line, &rc))
		return rc;
	if (cmd != CMD_NONE)
		return actions_run(ui, cmd);
	if (strncmp(line, "fen ", 4) == 0) {
		const char *fen = line + 4;

		while (*fen == ' ')
			fen++;
		return actions_fen(ui, fen);
	}
	if (strncmp(line, "say", 3) == 0 && (line[3] == ' ' || !line[3]))
		return remote_say(ui, line + 3);
	if (strncmp(line, "goto", 4) == 0 && (line[4] == ' ' || !line[4]))
		return review_goto(ui, line + 4);
	line = board_move_text(line);
	if (ui->play.reviewing)
		return review_typed(ui, line);
	if (play_over(&ui->play)) {
		ui_error(ui, "The game is over: n starts a new one.");
		return UI_DRAW;
	}
	return actions_typed(ui, line);
}
