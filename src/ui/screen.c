/*
 * screen.c - the screen stack, the status-line message and the styles:
 * the services every screen uses, kept apart from the main loop (ui.c)
 * so that they call nothing above them.
 */
#include <stdarg.h>
#include <stdio.h>

#include "terminal.h"
#include "ui_state.h"

const struct screen *
ui_top(const struct ui *ui)
{
	return ui->stack[ui->depth - 1];
}

void
ui_push(struct ui *ui, const struct screen *s)
{
	if (ui->depth == UI_DEPTH)
		return;
	ui->stack[ui->depth++] = s;
	if (s->enter)
		s->enter(ui);
	ui_relayout(ui);
}

void
ui_pop(struct ui *ui)
{
	if (ui->depth > 1)
		ui->depth--;
	ui_relayout(ui);
}

void
ui_relayout(struct ui *ui)
{
	term_size(&ui->rows, &ui->cols);
	ui->need_rows = ui->need_cols = 0;
	for (int i = 0; i < ui->depth; i++)
		if (ui->stack[i]->resize)
			ui->stack[i]->resize(ui);
}

static void vsay(struct ui *ui, bool error, const char *fmt, va_list ap)
    __attribute__((format(printf, 3, 0)));

static void
vsay(struct ui *ui, bool error, const char *fmt, va_list ap)
{
	vsnprintf(ui->message, sizeof ui->message, fmt, ap);
	ui->message_is_error = error;
}

void
ui_say(struct ui *ui, const char *fmt, ...)
{
	va_list ap;

	va_start(ap, fmt);
	vsay(ui, false, fmt, ap);
	va_end(ap);
}

void
ui_error(struct ui *ui, const char *fmt, ...)
{
	va_list ap;

	va_start(ap, fmt);
	vsay(ui, true, fmt, ap);
	va_end(ap);
}

struct term_style
ui_style(const struct ui *ui, enum role r)
{
	return ui->theme->role[r];
}

bool
ui_path_allowed(struct ui *ui, const char *what)
{
	if (!ui->opts->restricted)
		return true;
	ui_error(ui, "%s: not here (restricted mode: files stay in the "
	    "game's own folder).", what);
	return false;
}

bool
ui_first_game(const struct ui *ui, bc_variant_id variant)
{
	const struct ui_options *o = ui->opts;

	return o->finished && (int)variant >= 0 &&
	    (int)variant < bc_variant_count() && !o->finished[variant];
}

void
ui_game_finished(struct ui *ui, bc_variant_id variant)
{
	const struct ui_options *o = ui->opts;

	if (o->finished && (int)variant >= 0 &&
	    (int)variant < bc_variant_count())
		o->finished[variant] = true;
}
