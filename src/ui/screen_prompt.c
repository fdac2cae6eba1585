/*
 * screen_prompt.c - the ':' line: a move in SAN or coordinates, or a
 * command word from the command table (":resign", ":flip", ...).  A line
 * longer than PROMPT_MAX is refused whole with a message on Enter.
 */
#include <ctype.h>
#include <stdio.h>
#include <string.h>

#include "terminal.h"
#include "ui_state.h"

static void
prompt_enter(struct ui *ui)
{
	ui->prompt.len = 0;
	ui->prompt.text[0] = '\0';
	ui->prompt.overflow = false;
}

static void
prompt_draw(const struct ui *ui)
{
	struct term_style st = ui_style(ui, ROLE_STATUS);
	int y = ui->rows - 2, w, skip = ui->prompt.len - (ui->cols - 2);

	term_fill(y, 0, ui->cols, st);
	term_put(y, 0, ui_style(ui, ROLE_TITLE), ":", 1);
	/* A long line (a FEN) shows its end, where the typing is. */
	w = term_put(y, 1, st, ui->prompt.text + (skip > 0 ? skip : 0),
	    ui->cols - 2);
	term_cursor(true, y, 1 + w);
}

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
static int
submit(struct ui *ui, const char *line)
{
	enum command cmd = keys_command_by_word(line);
	bc_error err;
	bc_move m;
	int rc;

	if (!*line)
		return UI_DRAW;
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

static int
prompt_key(struct ui *ui, int key)
{
	struct prompt *p = &ui->prompt;
	char line[PROMPT_MAX + 1];
	char *s = line, *e;

	switch (key) {
	case 0x1b:
		ui_pop(ui);
		return UI_DRAW;
	case TK_ENTER:
		if (p->overflow) {
			/* Never run what is left of a line cut short. */
			ui_pop(ui);
			ui_error(ui, "Too long: the line holds at most %d "
			    "characters; nothing was done.", PROMPT_MAX);
			return UI_DRAW | UI_BEEP;
		}
		snprintf(line, sizeof line, "%s", p->text);
		while (isspace((unsigned char)*s))
			s++;
		e = s + strlen(s);
		while (e > s && isspace((unsigned char)e[-1]))
			*--e = '\0';
		ui_pop(ui);
		if (ui_top(ui) == &screen_lesson)
			return lesson_prompt(ui, s);
		return submit(ui, s);
	case TK_BACKSPACE:
		if (p->len == 0) {
			ui_pop(ui);
			return UI_DRAW;
		}
		p->text[--p->len] = '\0';
		p->overflow = p->overflow && p->len > 0;
		return UI_DRAW;
	case 0x15: /* Ctrl-U */
		p->len = 0;
		p->text[0] = '\0';
		p->overflow = false;
		return UI_DRAW;
	default:
		if (key >= 0x20 && key < 0x7f && p->len < PROMPT_MAX) {
			p->text[p->len++] = (char)key;
			p->text[p->len] = '\0';
			return UI_DRAW;
		}
		if (key >= 0x20 && key < 0x7f) {
			/* A full line: one beep, not one per key lost. */
			bool first = !p->overflow;

			p->overflow = true;
			return first ? UI_BEEP : 0;
		}
		return UI_BEEP;
	}
}

const struct screen screen_prompt = {
	.name = "prompt",
	.overlay = true,
	.enter = prompt_enter,
	.draw = prompt_draw,
	.key = prompt_key,
};
