/*
 * board_input.c - picking up and putting down pieces, for the game and
 * the lessons alike (board_input.h).  Every rule question, and every
 * reason a move is refused, goes to the rules library.
 */
#include <ctype.h>
#include <stdio.h>
#include <string.h>

#include "board_input.h"
#include "hex_layout.h"

/* The board's commands, in help order; the keys are keys.c's. */
static const enum command commands[] = { CMD_UP, CMD_DOWN, CMD_LEFT,
	CMD_RIGHT, CMD_UP_LEFT, CMD_UP_RIGHT, CMD_DOWN_LEFT, CMD_DOWN_RIGHT,
	CMD_SELECT, CMD_CANCEL, CMD_PROMPT, CMD_FLIP };

enum { NCOMMANDS = sizeof commands / sizeof commands[0] };

enum command
board_command(int i)
{
	return i >= 0 && i < NCOMMANDS ? commands[i] : CMD_NONE;
}

bool
board_is_command(enum command cmd)
{
	for (int i = 0; i < NCOMMANDS; i++)
		if (commands[i] == cmd)
			return true;
	return false;
}

void
board_choice_label(const struct play *p, bc_move m, int i, char *buf,
    size_t size, int *key)
{
	const bc_variant *v = p->variant;
	const bc_position *pos = play_position(p);
	char san[BC_MOVE_TEXT_MAX];
	int promo = BC_MOVE_PROMO(m);

	(void)i; /* keys by kind of move, not by place */
	bc_move_to_san(pos, m, san, sizeof san);
	if (promo) {
		*key = tolower((unsigned char)bc_variant_piece_letter(v, promo));
		snprintf(buf, size, "%s (%s)", bc_variant_piece_name(v, promo),
		    san);
		buf[0] = (char)toupper((unsigned char)buf[0]);
	} else if (BC_MOVE_KIND(m) == BC_MOVE_CASTLE) {
		*key = 'c';
		snprintf(buf, size, "Castle (%s)", san);
	} else {
		bc_piece piece = pos->board[BC_MOVE_FROM(m)];
		unsigned flags = bc_variant_piece_flags(v, BC_PIECE_TYPE(piece));

		*key = flags & BC_PIECE_PAWN ? 'p' : 'k';
		snprintf(buf, size, "%s (%s)", flags & BC_PIECE_PAWN
		    ? "Stay a pawn" : flags & BC_PIECE_ROYAL ? "King step"
		    : "Plain move", san);
	}
}

void
board_why_no_pick(const bc_position *pos, bc_square sq, char *buf,
    size_t size)
{
	bc_refusal r;

	if (size)
		buf[0] = '\0';
	if (bc_piece_explain(pos, sq, &r) == BC_OK)
		bc_refusal_text(pos, &r, buf, size);
}

int
board_input_drop(struct ui *ui, const struct board_client *c,
    bc_square from, bc_square to)
{
	struct play *p = c->play(ui);
	bc_move moves[DIALOG_ITEMS_MAX];
	int n = play_moves_between(p, from, to, moves, DIALOG_ITEMS_MAX);
	char why[LEARN_NOTE_MAX] = "";
	bc_refusal r;

	if (n == 1)
		return c->push(ui, moves[0]);
	if (n > 1)
		return dialog_choose_move(ui, p, moves, n, board_choice_label);
	if (bc_move_explain(play_position(p), BC_MOVE_MAKE(from, to, 0, 0),
	    &r) == BC_OK)
		bc_refusal_text(play_position(p), &r, why, sizeof why);
	if (!why[0])
		snprintf(why, sizeof why, "That move is not legal.");
	return c->refuse(ui, BOARD_DROP, NULL, why);
}

/* Enter on the cursor's square: pick up, put down, or put back. */
static int
select_square(struct ui *ui, const struct board_client *c)
{
	struct play *p = c->play(ui);
	bc_square sq = BC_SQUARE(p->cursor_file, p->cursor_rank);
	const bc_position *pos = play_position(p);
	char why[LEARN_NOTE_MAX], at[8];
	int flags;

	if ((flags = c->guard(ui)) >= 0)
		return flags;
	if (p->selected == sq) {
		p->selected = 0;
		ui_say(ui, "Put back.");
		return UI_DRAW;
	}
	if (play_drops_on(p, sq))
		return board_input_drop(ui, c, p->selected, sq);
	if (!play_can_move_from(p, sq)) {
		board_why_no_pick(pos, sq, why, sizeof why);
		if (!why[0])
			snprintf(why, sizeof why, "That piece cannot move.");
		return c->refuse(ui, BOARD_PICK, NULL, why);
	}
	p->selected = sq;
	if (c->picked) {
		c->picked(ui, sq);
		return UI_DRAW;
	}
	bc_square_to_text(sq, at, sizeof at);
	ui_say(ui, "The %s on %s: Enter on a marked square moves it; Esc "
	    "puts it back.", bc_variant_piece_name(p->variant,
	    BC_PIECE_TYPE(pos->board[sq])), at);
	return UI_DRAW;
}

int
board_input_run(struct ui *ui, const struct board_client *c,
    enum command cmd)
{
	struct play *p = c->play(ui);
	int dx, dy;

	if (keys_direction(cmd, &dx, &dy)) {
		play_move_cursor(p, dx, dy);
		return UI_DRAW;
	}
	switch (cmd) {
	case CMD_SELECT:
		return select_square(ui, c);
	case CMD_CANCEL:
		if (p->selected)
			ui_say(ui, "Put back.");
		p->selected = 0;
		return UI_DRAW;
	case CMD_PROMPT:
		ui_push(ui, &screen_prompt);
		return UI_DRAW;
	case CMD_FLIP:
		p->black_at_bottom = play_bottom(p) == BC_WHITE;
		p->autoflip = false;
		ui_say(ui, "%s is at the bottom.", play_bottom(p) == BC_WHITE
		    ? "White" : "Black");
		return UI_DRAW;
	default:
		return UI_DRAW;
	}
}

int
board_input_click(struct ui *ui, const struct board_client *c,
    const struct layout *l, int y, int x)
{
	struct play *p = c->play(ui);
	int file, rank;

	if (l->hex ? !hex_layout_cell_at(l, p->variant, play_bottom(p), y, x,
	    &file, &rank) : !layout_square_at(l, play_bottom(p), y, x, &file,
	    &rank))
		return 0;
	p->cursor_file = file;
	p->cursor_rank = rank;
	return select_square(ui, c);
}

/*
 * True if `line` is ambiguous only in what a pawn promotes to ("e10" or
 * "e9e10" when it must promote): then every reading joins the same two
 * squares, returned in *from and *to, and the chooser can ask.
 */
static bool
promotion_squares(const struct play *p, const char *line, bc_square *from,
    bc_square *to)
{
	const bc_variant *v = p->variant;
	bool found = false;

	for (int t = 1; t <= bc_variant_piece_types(v); t++) {
		char text[PROMPT_MAX + 8];
		bc_move m;

		snprintf(text, sizeof text, "%s=%c", line,
		    bc_variant_piece_letter(v, t));
		if (bc_move_parse(play_position(p), text, &m, NULL) != BC_OK)
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
 * king goes (Hadean), as the rules library writes it.  The sentence goes
 * into `buf`; false for any other line.
 */
static bool
castling_help(const bc_variant *v, const char *line, char *buf,
    size_t size)
{
	const char *castling = bc_variant_castling_text(v);
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
		snprintf(buf, size, "Castling names the king's distance: %s.",
		    castling);
	else
		snprintf(buf, size, "There is no castling in %s.",
		    bc_variant_name(v));
	return true;
}

const char *
board_move_text(const char *s)
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

int
board_input_typed(struct ui *ui, const struct board_client *c,
    const char *line)
{
	struct play *p = c->play(ui);
	const bc_position *pos = play_position(p);
	char why[LEARN_NOTE_MAX] = "";
	bc_refusal r;
	bc_error err;
	bc_move m;
	int rc;

	line = board_move_text(line);
	rc = bc_move_parse(pos, line, &m, &err);
	if (rc == BC_OK) {
		p->selected = 0;
		return c->push(ui, m);
	}
	if (rc == BC_EAMBIGUOUS) {
		bc_square from, to;

		if (promotion_squares(p, line, &from, &to))
			return board_input_drop(ui, c, from, to);
	}
	if (rc == BC_ESYNTAX && castling_help(p->variant, line, why,
	    sizeof why))
		return c->refuse(ui, BOARD_TYPED, why, "");
	if (rc == BC_EILLEGAL &&
	    bc_move_explain_text(pos, line, &r, NULL) == BC_OK)
		bc_refusal_text(pos, &r, why, sizeof why);
	return c->refuse(ui, BOARD_TYPED, err.message, why);
}
