/*
 * screen_help.c - every key and prompt command, generated from the
 * command table; it scrolls when the terminal is short.
 */
#include <stdio.h>
#include <string.h>

#include "scroll.h"
#include "terminal.h"
#include "ui_state.h"
#include "wrap.h"

enum { KEY_COL = 2, HELP_COL = 24, HELP_MIN_COLS = 60, HELP_MIN_ROWS = 10 };

/*
 * The help's own state, kept here and not in struct ui: there is one
 * terminal, so one help screen, and no other file needs its place.
 */
static int help_top;    /* first help line shown */

/*
 * Item `i` of the help text into `key` and `text`: the heading, the keys,
 * the prompt commands.  Returns false past the end.
 */
static bool
help_item(int i, char *key, size_t ksize, char *text, size_t tsize,
    bool *heading)
{
	const struct command_info *c;
	int n = 0;

	*heading = false;
	key[0] = text[0] = '\0';
	if (i == n++) {
		snprintf(text, tsize, "Keys");
		*heading = true;
		return true;
	}
	for (int j = 0; (c = commands_get(j)); j++) {
		char names[64];

		if (!keys_names(c->id, 4, names, sizeof names))
			continue;
		if (i == n++) {
			snprintf(key, ksize, "%s", names);
			snprintf(text, tsize, "%s", c->help);
			return true;
		}
	}
	if (i == n++)
		return true;
	if (i == n++) {
		snprintf(text, tsize, "At the ':' prompt");
		*heading = true;
		return true;
	}
	if (i == n++) {
		snprintf(key, ksize, "a move");
		snprintf(text, tsize, "SAN (Nf3, exd6, Rd9=Q, O-O-2) or "
		    "coordinates (a9a10q)");
		return true;
	}
	for (int j = 0; (c = commands_get(j)); j++) {
		if (!c->word)
			continue;
		if (i == n++) {
			snprintf(key, ksize, "%s", c->word);
			snprintf(text, tsize, "%s", c->help);
			return true;
		}
	}
	if (i == n++)
		return true;
	if (i == n++) {
		snprintf(text, tsize, "A mouse click picks up and puts down "
		    "where the terminal reports clicks.");
		return true;
	}
	if (i == n++) {
		snprintf(text, tsize, "Lessons: L on the new-game screen, or "
		    "bigchess --learn.  Everything else: man bigchess.");
		return true;
	}
	if (i == n++) {
		/* The hex board has six edge directions (hex_layout.h). */
		snprintf(text, tsize, "HexChad: Left/Right along a row, Y U B "
		    "N (keypad 7 9 1 3) to the slanted cells, Up/Down zigzag "
		    "up or down.");
		return true;
	}
	return false;
}

/* The width of the text column; a narrow help wraps its lines. */
static int
text_width(const struct ui *ui)
{
	return ui->cols - HELP_COL > 1 ? ui->cols - HELP_COL : 1;
}

/*
 * Screen line `i` of the help: the items with their text wrapped to the
 * screen's width, the key on an item's first line only.  Returns false
 * past the end.
 */
static bool
help_line(const struct ui *ui, int i, char *key, size_t ksize, char *text,
    size_t tsize, bool *heading)
{
	char item[128];

	for (int j = 0; help_item(j, key, ksize, item, sizeof item, heading);
	    j++) {
		const char *s = item, *next;
		size_t len;

		if (*heading) {
			if (i-- > 0)
				continue;
			snprintf(text, tsize, "%s", item);
			return true;
		}
		for (;;) {
			len = wrap_next(s, text_width(ui), &next);
			if (i-- == 0) {
				snprintf(text, tsize, "%.*s", (int)len, s);
				if (s != item)
					key[0] = '\0';
				return true;
			}
			if (!next)
				break;
			s = next;
		}
	}
	return false;
}

static int
help_count(const struct ui *ui)
{
	char k[64], t[128];
	bool h;
	int n = 0;

	while (help_line(ui, n, k, sizeof k, t, sizeof t, &h))
		n++;
	return n;
}

static int
help_rows(const struct ui *ui)
{
	return ui->rows - 3;
}

static void
help_draw(const struct ui *ui)
{
	struct term_style st = ui_style(ui, ROLE_TEXT);
	int rows = help_rows(ui), total = help_count(ui);
	char key[64], text[128], title[96];
	bool heading;

	snprintf(title, sizeof title, "bigchess %s help", ui->glyphs->dash);
	term_put(0, 1, ui_style(ui, ROLE_TITLE), title, ui->cols - 2);
	for (int i = 0; i < rows; i++) {
		if (!help_line(ui, help_top + i, key, sizeof key, text,
		    sizeof text, &heading))
			break;
		if (heading) {
			term_put(i + 1, 1, ui_style(ui, ROLE_HEADING), text,
			    ui->cols - 2);
			continue;
		}
		term_put(i + 1, KEY_COL, ui_style(ui, ROLE_TITLE), key,
		    HELP_COL - KEY_COL - 1);
		term_put(i + 1, HELP_COL, st, text, ui->cols - HELP_COL);
	}
	term_fill(ui->rows - 1, 0, ui->cols, ui_style(ui, ROLE_HINT));
	term_put(ui->rows - 1, 0, ui_style(ui, ROLE_HINT), total > rows ?
	    "Up/Down/PgUp/PgDn scroll   Esc, q or ? closes the help"
	    : "Esc, q or ? closes the help", ui->cols);
}

static void
help_enter(struct ui *ui)
{
	(void)ui;
	help_top = 0;
}

static int
help_key(struct ui *ui, int key)
{
	if (!scroll_key(&help_top, key, help_count(ui), help_rows(ui)))
		ui_pop(ui);
	return UI_DRAW;
}

static void
help_resize(struct ui *ui)
{
	if (ui->need_rows < HELP_MIN_ROWS)
		ui->need_rows = HELP_MIN_ROWS;
	if (ui->need_cols < HELP_MIN_COLS)
		ui->need_cols = HELP_MIN_COLS;
	help_top = scroll_clamp(help_top, help_count(ui), help_rows(ui));
}

const struct screen screen_help = {
	.name = "help",
	.enter = help_enter,
	.draw = help_draw,
	.key = help_key,
	.resize = help_resize,
};
