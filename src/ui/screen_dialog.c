/*
 * screen_dialog.c - a small box of choices over the game: the promotion
 * and castling chooser, yes/no questions, and the game-over choices.
 * Each choice has a hot key; arrows and Enter work too.
 */
#include <ctype.h>
#include <stdio.h>
#include <string.h>

#include "terminal.h"
#include "ui_state.h"

/*
 * The dialog shown: its own state, here and not in struct ui.  There is
 * one terminal, so one dialog at a time; the code that asks fills it in
 * through dialog_open, dialog_add and dialog_select.
 */
static struct dialog dialog;

const struct dialog *
dialog_current(const struct ui *ui)
{
	(void)ui;
	return &dialog;
}

bool
dialog_showing(const struct ui *ui, enum dialog_kind kind)
{
	return ui_top(ui) == &screen_dialog && dialog.kind == kind;
}

void
dialog_select(struct ui *ui, int i)
{
	(void)ui;
	if (i >= 0 && i < dialog.count)
		dialog.sel = i;
}

void
dialog_open(struct ui *ui, enum dialog_kind kind, const char *title,
    const char *text)
{
	struct dialog *d = &dialog;

	memset(d, 0, sizeof *d);
	d->kind = kind;
	snprintf(d->title, sizeof d->title, "%s", title);
	snprintf(d->text, sizeof d->text, "%s", text ? text : "");
	ui_push(ui, &screen_dialog);
}

void
dialog_add(struct ui *ui, int key, const char *label,
    enum dialog_action action, bc_move move)
{
	struct dialog *d = &dialog;
	struct dialog_item *it;

	if (d->count == DIALOG_ITEMS_MAX)
		return;
	it = &d->items[d->count++];
	it->key = key;
	snprintf(it->label, sizeof it->label, "%s", label);
	it->action = action;
	it->move = move;
	ui_relayout(ui);
}

/* The width the text wraps at on this terminal. */
static int
wrap_width(const struct ui *ui)
{
	int w = ui->cols - 8;

	return w < 20 ? 20 : w > DIALOG_TEXT ? DIALOG_TEXT : w;
}

/*
 * The length of the text line starting at `s`, at most `wrap` columns:
 * a long line breaks after its last '/' or ' ' (a FEN breaks between
 * ranks), or at `wrap` if it has none.
 */
static int
line_length(const char *s, int wrap)
{
	int n = (int)strlen(s);

	if (n <= wrap)
		return n;
	for (int i = wrap; i > 0; i--)
		if (s[i - 1] == '/' || s[i - 1] == ' ')
			return i;
	return wrap;
}

/* The number of lines the text takes, and the widest in *width. */
static int
text_lines(const struct ui *ui, int *width)
{
	const char *s = dialog.text;
	int n = 0, wrap = wrap_width(ui);

	*width = 0;
	while (*s) {
		int len = line_length(s, wrap);

		if (len > *width)
			*width = len;
		s += len;
		n++;
	}
	return n;
}

static int
dialog_width(const struct ui *ui)
{
	const struct dialog *d = &dialog;
	int w = (int)strlen(d->title) + 4, tw;

	text_lines(ui, &tw);
	if (tw + 4 > w)
		w = tw + 4;
	for (int i = 0; i < d->count; i++)
		if ((int)strlen(d->items[i].label) + 10 > w)
			w = (int)strlen(d->items[i].label) + 10;
	return w;
}

static int
dialog_height(const struct ui *ui)
{
	int tw, n = text_lines(ui, &tw);

	return dialog.count + (n ? n + 3 : 2) + 1;
}

/* True if the box at (y, x), h x w, covers a cell of the move `m` or
 * the king it checks (the mated one). */
static bool
covers_move(const struct ui *ui, bc_move m, int y, int x, int h, int w)
{
	const struct layout *l = &ui->layout;
	const bc_position *pos = play_view(&ui->play);
	bc_square sq[3] = { BC_MOVE_FROM(m), BC_MOVE_TO(m), 0 };

	if (bc_position_in_check(pos))
		sq[2] = pos->king[pos->side];
	for (int i = 0; i < 3 && sq[i]; i++) {
		int cy, cx;

		layout_cell(l, play_bottom(&ui->play), BC_FILE(sq[i]),
		    BC_RANK(sq[i]), &cy, &cx);
		if (cy < y + h && cy + l->cell_h > y && cx < x + w &&
		    cx + l->cell_w > x)
			return true;
	}
	return false;
}

/*
 * Where the box goes: in the middle, but the game-over box keeps the
 * last move (the mate) in sight: beside the board where there is room,
 * else above or below the move.
 */
static void
place(const struct ui *ui, int h, int w, int *y, int *x)
{
	const struct layout *l = &ui->layout;
	bc_move last;
	int right = l->frame_x + l->frame_w;
	int tries[3][2];

	*y = (ui->rows - h) / 2;
	*x = (ui->cols - w) / 2;
	if (dialog.kind != DIALOG_GAME_OVER || !ui->playing ||
	    (last = play_view_last_move(&ui->play)) == BC_MOVE_NONE ||
	    !covers_move(ui, last, *y, *x, h, w))
		return;
	tries[0][0] = *y;
	tries[0][1] = ui->cols - w > right ? right + (ui->cols - right - w) / 2
	    : -1;
	tries[1][0] = l->frame_y + 1;
	tries[1][1] = *x;
	tries[2][0] = l->frame_y + l->frame_h - 1 - h;
	tries[2][1] = *x;
	for (int i = 0; i < 3; i++)
		if (tries[i][0] >= 0 && tries[i][1] >= 0 &&
		    tries[i][0] + h <= ui->rows &&
		    !covers_move(ui, last, tries[i][0], tries[i][1], h, w)) {
			*y = tries[i][0];
			*x = tries[i][1];
			return;
		}
}

static void
dialog_draw(const struct ui *ui)
{
	const struct dialog *d = &dialog;
	struct term_style st = ui_style(ui, ROLE_DIALOG);
	int w = dialog_width(ui), h = dialog_height(ui);
	int y, x, row;

	place(ui, h, w, &y, &x);

	for (int i = 0; i < h; i++)
		term_fill(y + i, x, w, st);
	term_box(y, x, h, w, st, ui->glyphs->lines);
	term_put(y, x + 2, ui_style(ui, ROLE_TITLE), d->title, w - 4);
	row = y + 1;
	if (d->text[0]) {
		const char *s = d->text;
		char line[BC_FEN_MAX];

		while (*s) {
			int len = line_length(s, wrap_width(ui));

			snprintf(line, sizeof line, "%.*s", len, s);
			term_put(++row, x + 2, st, line, w - 4);
			s += len;
		}
		row++;
	}
	row++;
	for (int i = 0; i < d->count; i++) {
		char line[DIALOG_TEXT + 8];
		struct term_style s = i == d->sel ? ui_style(ui, ROLE_DIALOG_SEL)
		                                  : st;

		snprintf(line, sizeof line, " %c  %s", d->items[i].key,
		    d->items[i].label);
		term_fill(row + i, x + 1, w - 2, s);
		term_put(row + i, x + 2, s, line, w - 4);
	}
}

/*
 * Closes the dialog and hands the item picked to the screen below it,
 * which knows what the answer means.
 */
static int
choose(struct ui *ui, int i)
{
	struct dialog_answer a = {
		.kind = dialog.kind,
		.action = dialog.items[i].action,
		.move = dialog.items[i].move,
	};
	const struct screen *below;

	ui_pop(ui);
	below = ui_top(ui);
	return below->answer ? below->answer(ui, &a) : UI_DRAW;
}

/*
 * Opens the chooser ("Promotion", else "Which move?") between the `n`
 * moves `moves` of `p` that all go from the same square to the same
 * square; `label` names each and picks its key.
 */
int
dialog_choose_move(struct ui *ui, const struct play *p,
    const bc_move *moves, int n, move_label_fn *label)
{
	char from_text[8], to_text[8];

	if (n > DIALOG_ITEMS_MAX)
		n = DIALOG_ITEMS_MAX;
	bc_square_to_text(BC_MOVE_FROM(moves[0]), from_text, sizeof from_text);
	bc_square_to_text(BC_MOVE_TO(moves[0]), to_text, sizeof to_text);
	dialog_open(ui, DIALOG_MOVE, BC_MOVE_PROMO(moves[n - 1]) ? "Promotion"
	    : "Which move?", NULL);
	snprintf(dialog.text, sizeof dialog.text, "%s to %s:",
	    from_text, to_text);
	for (int i = 0; i < n; i++) {
		char text[DIALOG_TEXT];
		int key;

		label(p, moves[i], i, text, sizeof text, &key);
		dialog_add(ui, key, text, ACT_MOVE, moves[i]);
	}
	return UI_DRAW;
}

static int
cancel(struct ui *ui)
{
	if (dialog.kind == DIALOG_GAME_OVER) {
		ui_pop(ui);
		ui_say(ui, "The game is over: , steps back through it, n: new "
		    "game, q: quit.");
		return UI_DRAW;
	}
	if (dialog.kind == DIALOG_MOVE)
		ui_say(ui, "No move made; the piece is still picked up.");
	ui_pop(ui);
	return UI_DRAW;
}

static int
dialog_key(struct ui *ui, int key)
{
	struct dialog *d = &dialog;

	switch (key) {
	case TK_UP:
		d->sel = (d->sel + d->count - 1) % d->count;
		return UI_DRAW;
	case TK_DOWN:
	case '\t':
		d->sel = (d->sel + 1) % d->count;
		return UI_DRAW;
	case TK_ENTER:
	case ' ':
		return choose(ui, d->sel);
	case 0x1b:
		return cancel(ui);
	default:
		break;
	}
	for (int i = 0; i < d->count; i++)
		if (key < 256 && tolower(key) == d->items[i].key)
			return choose(ui, i);
	if (key >= '1' && key <= '9' && key - '1' < d->count)
		return choose(ui, key - '1');
	return UI_DRAW | UI_BEEP;
}

static void
dialog_resize(struct ui *ui)
{
	int w = dialog_width(ui) + 2;
	int h = dialog_height(ui) + 2;

	if (ui->need_cols < w)
		ui->need_cols = w;
	if (ui->need_rows < h)
		ui->need_rows = h;
}

const struct screen screen_dialog = {
	.name = "dialog",
	.overlay = true,
	.draw = dialog_draw,
	.key = dialog_key,
	.resize = dialog_resize,
};
