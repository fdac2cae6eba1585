/*
 * game_line.c - what a line typed at the prompt over the game does: a
 * move in SAN or coordinates, or a command word from the command table
 * (":resign", ":flip", ...), ":fen FEN", ":goto N" or ":analyse" (also
 * ":analyze").
 */
#include <ctype.h>
#include <stdio.h>
#include <string.h>

#include "ui_state.h"

/*
 * True if `line` is ambiguous only in what a pawn promotes to ("e10" or
 * "e9e10" when it must promote): then every reading joins the same two
 * squares, returned in *from and *to, and the chooser can ask.
 */
static bool
promotion_squares(const struct ui *ui, const char *line, bc_square *from,
    bc_square *to)
{
	const bc_variant *v = ui->play.variant;
	bool found = false;

	for (int t = 1; t <= bc_variant_piece_types(v); t++) {
		char text[PROMPT_MAX + 8];
		bc_move m;

		snprintf(text, sizeof text, "%s=%c", line,
		    bc_variant_piece_letter(v, t));
		if (bc_move_parse(play_position(&ui->play), text, &m, NULL) !=
		    BC_OK)
			continue;
		if (found && (BC_MOVE_FROM(m) != *from || BC_MOVE_TO(m) != *to))
			return false;
		*from = BC_MOVE_FROM(m);
		*to = BC_MOVE_TO(m);
		found = true;
	}
	return found;
}

/*
 * Chess castling (O-O, O-O-O) typed where it means nothing: a variant
 * has no castling (Grand Chess, Chad), or its castling says how far the
 * king goes (Hadean), as the rules library writes it.  Says so and
 * returns true; false for any other line.
 */
static bool
castling_help(struct ui *ui, const char *line)
{
	const char *castling = bc_variant_castling_text(ui->play.variant);
	char t[16];
	size_t n = 0;

	/* O-O or O-O-O (or with zeros), then only + # ! ?. */
	if (strlen(line) >= sizeof t)
		return false;
	for (; line[n]; n++)
		t[n] = line[n] == '0' ? 'O' : line[n];
	t[n] = '\0';
	while (n > 0 && strchr("+#!?", t[n - 1]))
		t[--n] = '\0';
	if (strcmp(t, "O-O") != 0 && strcmp(t, "O-O-O") != 0)
		return false;
	if (castling)
		ui_error(ui, "Castling names the king's distance: %s.",
		    castling);
	else
		ui_error(ui, "There is no castling in %s.",
		    bc_variant_name(ui->play.variant));
	return true;
}

/* "12. Nf3" or "12...Nf3", as copied from a record: skips the number. */
static const char *
skip_move_number(const char *s)
{
	const char *p = s;

	while (isdigit((unsigned char)*p))
		p++;
	if (p == s || *p != '.')
		return s;
	while (*p == '.')
		p++;
	while (*p == ' ')
		p++;
	return *p ? p : s;
}

/* Runs the typed line; the prompt is already closed. */
int
game_line(struct ui *ui, const char *line)
{
	enum command cmd = keys_command_by_word(line);
	bc_error err;
	bc_move m;
	int rc;

	if (!*line)
		return UI_DRAW;
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
	if (strncmp(line, "goto", 4) == 0 && (line[4] == ' ' || !line[4]))
		return review_goto(ui, line + 4);
	line = skip_move_number(line);
	if (ui->play.reviewing)
		return review_typed(ui, line);
	if (play_over(&ui->play)) {
		ui_error(ui, "The game is over: n starts a new one.");
		return UI_DRAW;
	}
	rc = bc_move_parse(play_position(&ui->play), line, &m, &err);
	if (rc == BC_EAMBIGUOUS) {
		bc_square from, to;

		if (promotion_squares(ui, line, &from, &to))
			return actions_try_moves(ui, from, to);
	}
	if (rc != BC_OK) {
		if (!castling_help(ui, line))
			ui_error(ui, "%s", err.message);
		return UI_DRAW | UI_BEEP;
	}
	ui->play.selected = 0;
	return actions_push(ui, m);
}
