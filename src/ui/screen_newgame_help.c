/*
 * screen_newgame_help.c - `?` on the new-game screen: what its lines
 * mean, its keys, and a line about each variant, made from the
 * registry's data (board size, pieces, castles, castling), so a new
 * variant is described without a word written here.  It scrolls when the
 * terminal is short.
 */
#include <stdio.h>
#include <string.h>

#include "scroll.h"
#include "terminal.h"
#include "ui_state.h"
#include "wrap.h"

enum { ITEM_MAX = 512, NG_HELP_MIN_COLS = 40, NG_HELP_MIN_ROWS = 8 };

/* The first line shown: this screen's own state (one terminal, one
 * such screen), not struct ui's. */
static int ng_help_top;

static const char *const fixed_before[] = {
	"#The new-game screen",
	"It sets up a game; Enter starts it.",
	"",
	"#Lines",
	"Variant: the game (see below).",
	"White, Black: a person (human: at this keyboard) or the computer.",
	"Computer level: how well the computer plays, 1 (weakest) to 10 "
	"(strongest, thinking longest).",
	"Minutes each: the clock, minutes for each side (no clock: "
	"untimed); the side whose time runs out loses.",
	"Increment (s): seconds each side gets after each of its moves.",
	"Board: which side is at the bottom.",
	"Turn board: turn the board to the side to move after every move "
	"(two people at one keyboard).",
	"Your colour (only for bigchess --host NAME, which shows no "
	"computer lines): the side you play in the room - White, Black or "
	"random; Enter opens the room, and the opponent types bigchess "
	"--join NAME.",
	"",
	"#Keys",
	"Up/Down (k, j, Tab): choose a line.  Left/Right (h, l, Space): "
	"change it.",
	"Digits type the minutes or the increment; Backspace takes one back.",
	"Enter: start the game.  L: lessons on the rules and pieces.  Esc "
	"or q: back to the game (before one: quit).  ?: this help.",
	"J: Join a game - the open game rooms (as bigchess --rooms lists "
	"them), read again every 2 seconds and by r; Up/Down choose one, "
	"Enter joins it as the opponent, w watches it, Esc comes back.",
	"",
	"#Variants",
};

static const char *const fixed_after[] = {
	"",
	"These choices are kept for the next game; the settings file "
	"~/.config/bigchess/config (man bigchess) can set them first.",
};

enum {
	N_BEFORE = sizeof fixed_before / sizeof fixed_before[0],
	N_AFTER = sizeof fixed_after / sizeof fixed_after[0]
};

/* One line about variant `v`: its board, its pieces, what is special. */
static void
describe(const bc_variant *v, char *buf, size_t size)
{
	const char *castling = bc_variant_castling_text(v);
	size_t n;

	n = (size_t)snprintf(buf, size, "%s (%dx%d): ", bc_variant_name(v),
	    bc_variant_files(v), bc_variant_ranks(v));
	for (int t = 1; t <= bc_variant_piece_types(v) && n < size; t++)
		n += (size_t)snprintf(buf + n, size - n, "%s%s", t > 1 ? ", "
		    : "", bc_variant_piece_name(v, t));
	if (n < size && bc_variant_has_regions(v))
		n += (size_t)snprintf(buf + n, size - n, "; castles and walls "
		    "(R in the game explains them)");
	if (n < size)
		snprintf(buf + n, size - n, "%s%s.", castling ? "; castling: "
		    : "; no castling", castling ? castling : "");
}

/* Item `i` into `buf` (a heading starts with '#'); false past the end. */
static bool
item(int i, char *buf, size_t size)
{
	if (i < N_BEFORE) {
		snprintf(buf, size, "%s", fixed_before[i]);
		return true;
	}
	i -= N_BEFORE;
	if (i < bc_variant_count()) {
		describe(bc_variant_at(i), buf, size);
		return true;
	}
	i -= bc_variant_count();
	if (i < N_AFTER) {
		snprintf(buf, size, "%s", fixed_after[i]);
		return true;
	}
	return false;
}

static int
width(const struct ui *ui)
{
	return ui->cols - 4 > 10 ? ui->cols - 4 : 10;
}

/* Screen line `i`: the items wrapped; false past the end. */
static bool
line_at(const struct ui *ui, int i, char *text, size_t size, bool *heading)
{
	char buf[ITEM_MAX];

	for (int j = 0; item(j, buf, sizeof buf); j++) {
		const char *s = buf, *next;

		*heading = buf[0] == '#';
		if (*heading)
			s++;
		if (!*s) {
			if (i-- == 0) {
				text[0] = '\0';
				return true;
			}
			continue;
		}
		for (; s; s = next) {
			size_t len = wrap_next(s, width(ui), &next);

			if (i-- == 0) {
				snprintf(text, size, "%.*s", (int)len, s);
				return true;
			}
		}
	}
	return false;
}

static int
count(const struct ui *ui)
{
	char t[ITEM_MAX];
	bool h;
	int n = 0;

	while (line_at(ui, n, t, sizeof t, &h))
		n++;
	return n;
}

static int
rows(const struct ui *ui)
{
	return ui->rows - 1;
}

static void
ng_help_draw(const struct ui *ui)
{
	int shown = rows(ui), total = count(ui);
	char text[ITEM_MAX];
	bool heading;

	for (int i = 0; i < shown; i++) {
		if (!line_at(ui, ng_help_top + i, text, sizeof text, &heading))
			break;
		term_put(i, heading ? 1 : 3, ui_style(ui, heading ?
		    ROLE_HEADING : ROLE_TEXT), text, ui->cols - 3);
	}
	term_fill(ui->rows - 1, 0, ui->cols, ui_style(ui, ROLE_HINT));
	term_put(ui->rows - 1, 0, ui_style(ui, ROLE_HINT), total > shown ?
	    "Up/Down/PgUp/PgDn scroll   Esc, q or ? closes the help"
	    : "Esc, q or ? closes the help", ui->cols);
}

static void
ng_help_enter(struct ui *ui)
{
	(void)ui;
	ng_help_top = 0;
}

static int
ng_help_key(struct ui *ui, int key)
{
	if (!scroll_key(&ng_help_top, key, count(ui), rows(ui)))
		ui_pop(ui);
	return UI_DRAW;
}

static void
ng_help_resize(struct ui *ui)
{
	if (ui->need_rows < NG_HELP_MIN_ROWS)
		ui->need_rows = NG_HELP_MIN_ROWS;
	if (ui->need_cols < NG_HELP_MIN_COLS)
		ui->need_cols = NG_HELP_MIN_COLS;
	ng_help_top = scroll_clamp(ng_help_top, count(ui), rows(ui));
}

const struct screen screen_newgame_help = {
	.name = "new-game help",
	.enter = ng_help_enter,
	.draw = ng_help_draw,
	.key = ng_help_key,
	.resize = ng_help_resize,
};
