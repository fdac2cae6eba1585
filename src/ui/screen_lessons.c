/*
 * screen_lessons.c - the lesson list: the lessons of one variant at a
 * time, each marked when solved, and the lesson help screen.  The lessons
 * come from the app through opts->lessons; nothing here reads a file.
 */
#include <stdio.h>
#include <string.h>

#include "board_input.h"
#include "lesson.h"
#include "lesson_keys.h"
#include "terminal.h"
#include "ui_state.h"

enum { LIST_TOP = 4, LIST_MIN_COLS = 60, LIST_MIN_ROWS = 10 };

/*
 * The list's own state, here and not in struct ui: one terminal, so one
 * list (screen_lesson.c has the lesson on screen).
 */
static struct lesson_list {
	bool one;                  /* only the lessons of `variant` */
	bc_variant_id variant;     /* the list shown */
	int sel;                   /* the lesson chosen in the list */
	int help_top;              /* the lesson help's first line shown */
} list;

static const struct ui_lessons *
lessons(const struct ui *ui)
{
	return ui->opts->lessons;
}

static bc_variant_id
variant_of(const struct ui *ui, int i)
{
	const bc_variant *v = bc_variant_find(lessons(ui)->lesson[i].variant);

	return bc_variant_id_of(v ? v : bc_variant_default());
}

/* The lessons of `variant`: the first index; *count of them. */
static int
range(const struct ui *ui, bc_variant_id variant, int *count)
{
	int first = -1;

	*count = 0;
	for (int i = 0; lessons(ui) && i < lessons(ui)->count; i++) {
		if (variant_of(ui, i) != variant)
			continue;
		if (first < 0)
			first = i;
		(*count)++;
	}
	return first < 0 ? 0 : first;
}

/* True if variant `v` has lessons; the list shows only those. */
static bool
has_lessons(const struct ui *ui, const bc_variant *v)
{
	int n;

	range(ui, bc_variant_id_of(v), &n);
	return n > 0;
}

void
lessons_follow(struct ui *ui, int i)
{
	const bc_variant *v = bc_variant_find(lessons(ui)->lesson[i].variant);

	list.sel = i;
	if (v)
		list.variant = bc_variant_id_of(v);
}

bool
lessons_one_variant(void)
{
	return list.one;
}

void
lessons_open(struct ui *ui, bc_variant_id variant, bool one)
{
	struct lesson_list *l = &list;
	int n;

	if (!lessons(ui) || lessons(ui)->count == 0) {
		ui_error(ui, "There are no lessons in this build.");
		return;
	}
	/* A variant without lessons (the registry suite lets none through)
	 * opens the list at the first variant that has some. */
	range(ui, variant, &n);
	if (n == 0 && one) {
		ui_error(ui, "There are no %s lessons yet.",
		    bc_variant_name(bc_variant_get(variant)));
		return;
	}
	for (int i = 0; n == 0 && i < bc_variant_count(); i++) {
		variant = bc_variant_id_of(bc_variant_at(i));
		range(ui, variant, &n);
	}
	l->one = one;
	l->variant = variant;
	l->sel = range(ui, variant, &n);
	ui_push(ui, &screen_lessons);
	if (lessons(ui)->warning)
		ui_error(ui, "%s", lessons(ui)->warning);
}

static void
list_draw(const struct ui *ui)
{
	const struct lesson_list *l = &list;
	const struct ui_lessons *ls = lessons(ui);
	struct term_style st = ui_style(ui, ROLE_TEXT);
	int n, first = range(ui, l->variant, &n), done = 0, x = 2;
	int rows = ui->rows - 2 - LIST_TOP, top = 0;
	char line[128];

	snprintf(line, sizeof line, "bigchess %s lessons", ui->glyphs->dash);
	term_put(0, 1, ui_style(ui, ROLE_TITLE), line, ui->cols - 2);
	for (int v = 0; v < bc_variant_count(); v++) {
		bool here = bc_variant_id_of(bc_variant_at(v)) == l->variant;

		if ((l->one && !here) || !has_lessons(ui, bc_variant_at(v)))
			continue;
		snprintf(line, sizeof line, " %s ",
		    bc_variant_name(bc_variant_at(v)));
		x += term_put(1, x, ui_style(ui, here ? ROLE_DIALOG_SEL
		    : ROLE_TEXT), line, ui->cols - x) + 2;
	}
	for (int i = first; i < first + n; i++)
		done += ls->done[i];
	snprintf(line, sizeof line, "%d of %d solved%s", done, n,
	    l->one ? "" : "   (Left/Right: another variant)");
	term_put(2, 2, ui_style(ui, ROLE_HEADING), line, ui->cols - 3);
	if (l->sel - first >= rows)
		top = l->sel - first - rows + 1;
	for (int r = 0; r < rows && top + r < n; r++) {
		int i = first + top + r;
		struct term_style s = i == l->sel ? ui_style(ui,
		    ROLE_DIALOG_SEL) : st;

		snprintf(line, sizeof line, " %s %2d  %s ", ls->done[i] ? "[x]"
		    : "[ ]", top + r + 1, ls->lesson[i].title);
		term_put(LIST_TOP + r, 2, s, line, ui->cols - 3);
	}
	if (ui->message[0])
		term_put(ui->rows - 2, 0, ui_style(ui, ui->message_is_error ?
		    ROLE_ERROR : ROLE_STATUS), ui->message, ui->cols);
	term_fill(ui->rows - 1, 0, ui->cols, ui_style(ui, ROLE_HINT));
	/* With one variant asked for, Left/Right have nothing to show. */
	term_put(ui->rows - 1, 0, ui_style(ui, ROLE_HINT), l->one ? "Enter "
	    "open  Up/Down choose  q back  ? help" :
	    lesson_keys_hint(LESSON_KEYS_LIST), ui->cols);
}

static void
switch_variant(struct ui *ui, int dir)
{
	struct lesson_list *l = &list;
	int v, n = bc_variant_count();

	if (l->one) {
		ui_say(ui, "Only the %s lessons were asked for.",
		    bc_variant_name(bc_variant_get(l->variant)));
		return;
	}
	v = bc_variant_index(bc_variant_get(l->variant));
	/* Past the variants that have no lessons yet. */
	for (int i = 0; i < n; i++) {
		v = (v + n + dir) % n;
		if (has_lessons(ui, bc_variant_at(v)))
			break;
	}
	l->variant = bc_variant_id_of(bc_variant_at(v));
	l->sel = range(ui, l->variant, &n);
}

static int
list_key(struct ui *ui, int key)
{
	struct lesson_list *l = &list;
	int n, first = range(ui, l->variant, &n);

	switch (lesson_keys_lookup(LESSON_KEYS_LIST, key)) {
	case LC_LIST_UP:
		if (l->sel > first)
			l->sel--;
		return UI_DRAW;
	case LC_LIST_DOWN:
		if (l->sel < first + n - 1)
			l->sel++;
		return UI_DRAW;
	case LC_LIST_FIRST:
		l->sel = first;
		return UI_DRAW;
	case LC_LIST_LAST:
		if (n > 0)
			l->sel = first + n - 1;
		return UI_DRAW;
	case LC_VARIANT_PREV:
		switch_variant(ui, -1);
		return UI_DRAW;
	case LC_VARIANT_NEXT:
		switch_variant(ui, 1);
		return UI_DRAW;
	case LC_OPEN:
		if (n > 0) {
			lesson_open(ui, l->sel);
		}
		return UI_DRAW;
	case LC_BACK:
		if (ui->depth == 1)
			return UI_QUIT;
		ui_pop(ui);
		return UI_DRAW;
	case LC_HELP:
		ui_push(ui, &screen_lesson_help);
		return UI_DRAW;
	default:
		ui_error(ui, "That key does nothing here: ? shows every key.");
		return UI_DRAW | UI_BEEP;
	}
}

static void
list_resize(struct ui *ui)
{
	if (ui->need_rows < LIST_MIN_ROWS)
		ui->need_rows = LIST_MIN_ROWS;
	if (ui->need_cols < LIST_MIN_COLS)
		ui->need_cols = LIST_MIN_COLS;
}

const struct screen screen_lessons = {
	.name = "lessons",
	.draw = list_draw,
	.key = list_key,
	.resize = list_resize,
};

/*
 * The lesson help: the list's keys, the lesson's keys, and the board's
 * commands (board_input.h), the same as in a game.
 */
static int
board_cmds(void)
{
	int n = 0;

	while (board_command(n) != CMD_NONE)
		n++;
	return n;
}

static const char *
command_help(enum command cmd)
{
	const struct command_info *c;

	for (int j = 0; (c = commands_get(j)); j++)
		if (c->id == cmd)
			return c->help;
	return "";
}

static bool
help_line(int i, char *key, size_t ksize, const char **text, bool *heading)
{
	static const char *const head[] = { "In the lesson list",
		"In a lesson", "On the lesson's board (as in a game)" };
	int n = 0;

	*heading = false;
	key[0] = '\0';
	for (int part = 0; part < 3; part++) {
		if (i == n++) {
			*text = head[part];
			*heading = true;
			return true;
		}
		if (part < 2) {
			int count = 0;

			while (lesson_keys_help(part == 0 ? LESSON_KEYS_LIST :
			    LESSON_KEYS_LESSON, count, key, ksize, text))
				count++;
			if (i < n + count)
				return lesson_keys_help(part == 0 ?
				    LESSON_KEYS_LIST : LESSON_KEYS_LESSON, i - n,
				    key, ksize, text);
			n += count;
		} else {
			if (i < n + board_cmds()) {
				keys_names(board_command(i - n), 4, key, ksize);
				*text = command_help(board_command(i - n));
				return true;
			}
			n += board_cmds();
		}
		if (i == n++) {
			/* Counting the keys above left their last names. */
			key[0] = '\0';
			*text = "";
			return true;
		}
	}
	return false;
}

static void
lesson_help_draw(const struct ui *ui)
{
	int rows = ui->rows - 3;
	char key[64], title[96];
	const char *text;
	bool heading;

	snprintf(title, sizeof title, "bigchess %s lesson keys",
	    ui->glyphs->dash);
	term_put(0, 1, ui_style(ui, ROLE_TITLE), title, ui->cols - 2);
	for (int i = 0; i < rows; i++) {
		if (!help_line(list.help_top + i, key, sizeof key, &text,
		    &heading))
			break;
		if (heading) {
			term_put(i + 1, 1, ui_style(ui, ROLE_HEADING), text,
			    ui->cols - 2);
			continue;
		}
		term_put(i + 1, 2, ui_style(ui, ROLE_TITLE), key, 21);
		term_put(i + 1, 24, ui_style(ui, ROLE_TEXT), text, ui->cols - 24);
	}
	term_fill(ui->rows - 1, 0, ui->cols, ui_style(ui, ROLE_HINT));
	term_put(ui->rows - 1, 0, ui_style(ui, ROLE_HINT),
	    "Up/Down scroll   any other key closes the help", ui->cols);
}

static int
lesson_help_key(struct ui *ui, int key)
{
	char k[64];
	const char *t;
	bool h;
	int total = 0;

	while (help_line(total, k, sizeof k, &t, &h))
		total++;
	if (key == TK_DOWN || key == 'j') {
		if (list.help_top < total - (ui->rows - 3))
			list.help_top++;
	} else if (key == TK_UP || key == 'k') {
		if (list.help_top > 0)
			list.help_top--;
	} else {
		ui_pop(ui);
	}
	return UI_DRAW;
}

static void
lesson_help_enter(struct ui *ui)
{
	(void)ui;
	list.help_top = 0;
}

const struct screen screen_lesson_help = {
	.name = "lesson help",
	.enter = lesson_help_enter,
	.draw = lesson_help_draw,
	.key = lesson_help_key,
	.resize = list_resize,
};
