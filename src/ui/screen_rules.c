/*
 * screen_rules.c - the rules key (R): the variant's manual page through
 * the app's man(1) seam, or, when that cannot show it, the built-in rules
 * text (rules_text.h) on a screen of its own that scrolls.
 */
#include <stdio.h>
#include <string.h>

#include "rules_text.h"
#include "scroll.h"
#include "terminal.h"
#include "ui_state.h"
#include "wrap.h"

enum { RULES_MIN_COLS = 40, RULES_MIN_ROWS = 8 };

/*
 * The rules key's own state, here and not in struct ui: one terminal, so
 * one rules screen, and no other file needs it.
 */
static struct {
	const char *text; /* this variant's, lines ending in '\n' */
	int top;          /* first wrapped line shown */
	char page[32];    /* the manual page to show ("bigchess-grand") */
} view;

static const char *
rules_text_of(const bc_variant *v)
{
	for (int i = 0; i < rules_text_count; i++)
		if (strcmp(rules_texts[i].variant, bc_variant_key(v)) == 0)
			return rules_texts[i].text;
	return NULL;
}

/* Opens the built-in rules text of the variant being played. */
static int
show_text(struct ui *ui)
{
	const bc_variant *v = ui->play.variant;

	view.text = rules_text_of(v);
	if (!view.text) {
		ui_error(ui, "No rules text for %s.", bc_variant_name(v));
		return UI_DRAW | UI_BEEP;
	}
	ui_push(ui, &screen_rules);
	return UI_DRAW;
}

/*
 * The rules key: the manual page if man(1) has it (the main loop then
 * hands it the terminal, see rules_manual), else the built-in text.
 */
int
rules_show(struct ui *ui)
{
	/* Restricted mode starts no program, whatever the app gave us. */
	const struct ui_manual *m = ui->opts->restricted ? NULL
	    : ui->opts->manual;

	snprintf(view.page, sizeof view.page, "bigchess-%s",
	    bc_variant_key(ui->play.variant));
	if (m && m->has(m->ctx, view.page))
		return UI_DRAW | UI_MANUAL;
	return show_text(ui);
}

/*
 * Leaves curses, shows view.page through the app's man(1) and comes
 * back to the same screen, drawn anew; the built-in text if man failed.
 */
int
rules_manual(struct ui *ui)
{
	const struct ui_manual *m = ui->opts->restricted ? NULL
	    : ui->opts->manual;
	int rc;

	if (!m)
		return show_text(ui);
	term_suspend();
	rc = m->show(m->ctx, view.page);
	term_resume();
	ui_relayout(ui);
	if (rc != 0)
		return show_text(ui);
	ui_say(ui, "Back from the manual page %s(6).", view.page);
	return UI_DRAW;
}

static int
text_width(const struct ui *ui)
{
	return ui->cols - 2;
}

static int
text_rows(const struct ui *ui)
{
	return ui->rows - 2;
}

/*
 * Wrapped line `n` of the text at `width` columns (wrap.c): its start
 * and length.  Returns false past the end.
 */
static bool
wrapped(const char *text, int width, int n, const char **start, int *len)
{
	const char *s = *text ? text : NULL;

	for (int i = 0; s; i++) {
		const char *next;
		size_t l = wrap_next(s, width, &next);

		if (i == n) {
			*start = s;
			*len = (int)l;
			return true;
		}
		s = next;
	}
	return false;
}

static int
line_count(const struct ui *ui)
{
	const char *start;
	int len, n = 0;

	while (wrapped(view.text, text_width(ui), n, &start, &len))
		n++;
	return n;
}

static void
rules_draw(const struct ui *ui)
{
	int rows = text_rows(ui), total = line_count(ui);
	char title[96], buf[512];

	snprintf(title, sizeof title, "%s %s the rules (built-in text)",
	    bc_variant_name(ui->play.variant), ui->glyphs->dash);
	term_put(0, 1, ui_style(ui, ROLE_TITLE), title, ui->cols - 2);
	for (int i = 0; i < rows; i++) {
		const char *start;
		int len;

		if (!wrapped(view.text, text_width(ui), view.top + i,
		    &start, &len))
			break;
		snprintf(buf, sizeof buf, "%.*s", len, start);
		term_put(i + 1, 1, ui_style(ui, ROLE_TEXT), buf, text_width(ui));
	}
	term_fill(ui->rows - 1, 0, ui->cols, ui_style(ui, ROLE_HINT));
	snprintf(buf, sizeof buf, "%s  lines %d-%d of %d",
	    "Up/Down/PgUp/PgDn scroll   q or Esc: back to the game",
	    total ? view.top + 1 : 0,
	    view.top + rows < total ? view.top + rows : total, total);
	term_put(ui->rows - 1, 0, ui_style(ui, ROLE_HINT), buf, ui->cols);
}

static void
scroll_to(struct ui *ui, int top)
{
	view.top = scroll_clamp(top, line_count(ui), text_rows(ui));
}

static void
rules_enter(struct ui *ui)
{
	(void)ui;
	view.top = 0;
}

static int
rules_key(struct ui *ui, int key)
{
	int page = text_rows(ui) - 1;

	switch (key) {
	case TK_UP:
	case 'k':
		scroll_to(ui, view.top - 1);
		break;
	case TK_DOWN:
	case 'j':
	case TK_ENTER:
		scroll_to(ui, view.top + 1);
		break;
	case TK_PGUP:
	case 'b':
		scroll_to(ui, view.top - page);
		break;
	case TK_PGDN:
	case ' ':
		scroll_to(ui, view.top + page);
		break;
	case TK_HOME:
	case 'g':
		scroll_to(ui, 0);
		break;
	case TK_END:
	case 'G':
		scroll_to(ui, line_count(ui));
		break;
	case 'q':
	case 'Q':
	case 'R':
	case 0x1b:
		ui_pop(ui);
		break;
	default:
		return UI_DRAW | UI_BEEP;
	}
	return UI_DRAW;
}

static void
rules_resize(struct ui *ui)
{
	if (ui->need_rows < RULES_MIN_ROWS)
		ui->need_rows = RULES_MIN_ROWS;
	if (ui->need_cols < RULES_MIN_COLS)
		ui->need_cols = RULES_MIN_COLS;
	scroll_to(ui, view.top);
}

const struct screen screen_rules = {
	.name = "rules",
	.enter = rules_enter,
	.draw = rules_draw,
	.key = rules_key,
	.resize = rules_resize,
};
