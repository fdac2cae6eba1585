/*
 * screen_records.c - the games of a PGN file given to --load without
 * --game: one line each (number, players, event and date, result,
 * variant, moves), Up/Down/PgUp/PgDn/Home/End to choose, Enter to open
 * the game at its end, q or Esc to leave.  A game that cannot be read is
 * listed with its error and does not open.  The app reads the file
 * (opts->records); this screen only shows and asks.
 */
#include <stdio.h>
#include <string.h>

#include "terminal.h"
#include "ui_state.h"

enum { TOP = 3, BOTTOM = 3, FIXED_W = 6 + 3 + 8 + 13 + 5 };

/*
 * The list's own state, here and not in struct ui: one terminal, so one
 * list, and no other file needs it.
 */
static struct {
	int sel;   /* the game chosen, from 0 */
	int top;   /* the first game shown */
} list;

static const struct ui_records *
records(const struct ui *ui)
{
	return ui->opts->records;
}

static int
list_rows(const struct ui *ui)
{
	int rows = ui->rows - TOP - BOTTOM;

	return rows > 1 ? rows : 1;
}

/* Keeps the chosen line in view. */
static void
follow(struct ui *ui)
{
	int rows = list_rows(ui);

	if (list.sel < list.top)
		list.top = list.sel;
	if (list.sel >= list.top + rows)
		list.top = list.sel - rows + 1;
	if (list.top < 0)
		list.top = 0;
}

static void
records_enter(struct ui *ui)
{
	(void)ui;
	list.sel = list.top = 0;
}

/* "Event, Date" without the PGN's unknowns ("?", "????.??.??"). */
static void
event_text(const struct ui_record *r, char *buf, size_t size)
{
	bool event = r->event[0] && strcmp(r->event, "?");
	bool date = r->date[0] && !strchr(r->date, '?');

	snprintf(buf, size, "%s%s%s", event ? r->event : "",
	    event && date ? ", " : "", date ? r->date : "");
}

static const char *
name_or(const char *name)
{
	return name[0] && strcmp(name, "?") ? name : "-";
}

static void
records_draw(const struct ui *ui)
{
	const struct ui_records *rs = records(ui);
	int avail = ui->cols - FIXED_W, rows = list_rows(ui);
	int w = avail / 4, ew;
	char line[512], title[256], event[2 * UI_RECORD_NAME + 4];

	if (w > UI_RECORD_NAME)
		w = UI_RECORD_NAME;
	if (w < 8)
		w = 8;
	ew = avail - 2 * w;
	if (ew > 2 * UI_RECORD_NAME + 2)
		ew = 2 * UI_RECORD_NAME + 2;
	if (ew < 8)
		ew = 8;
	if (rs->more)
		snprintf(title, sizeof title, "bigchess %s %s: showing the "
		    "first %d games (--game N opens any)", ui->glyphs->dash,
		    rs->name, rs->count);
	else
		snprintf(title, sizeof title, "bigchess %s %d games in %s",
		    ui->glyphs->dash, rs->count, rs->name);
	term_put(0, 1, ui_style(ui, ROLE_TITLE), title, ui->cols - 2);
	snprintf(line, sizeof line, "%4s  %-*.*s %-*.*s %-*.*s %-7s %-12s %5s",
	    "#", w, w, "White", w, w, "Black", ew, ew, "Event, date", "Result",
	    "Variant", "Moves");
	term_put(2, 0, ui_style(ui, ROLE_HEADING), line, ui->cols);
	for (int i = 0; i < rows && list.top + i < rs->count; i++) {
		int n = list.top + i;
		const struct ui_record *r = &rs->games[n];
		struct term_style st = ui_style(ui, n == list.sel
		    ? ROLE_DIALOG_SEL : r->error[0] ? ROLE_ERROR : ROLE_TEXT);

		if (r->error[0]) {
			snprintf(line, sizeof line, "%4d  cannot be read: %s",
			    n + 1, r->error);
		} else {
			event_text(r, event, sizeof event);
			snprintf(line, sizeof line, "%4d  %-*.*s %-*.*s %-*.*s "
			    "%-7s %-12s %5d", n + 1, w, w, name_or(r->white), w,
			    w, name_or(r->black), ew, ew, event, r->result,
			    r->variant, (r->plies + 1) / 2);
		}
		term_fill(TOP + i, 0, ui->cols, st);
		term_put(TOP + i, 0, st, line, ui->cols);
	}
	if (ui->message[0]) {
		statusbar_draw(ui);
	} else {
		const struct ui_record *r = &rs->games[list.sel];

		int n = list.sel + 1;

		if (r->error[0])
			snprintf(line, sizeof line, "Game %d cannot be read: "
			    "%s", n, r->error);
		else
			snprintf(line, sizeof line, "Game %d: Enter opens it "
			    "at its end (, steps back through it).", n);
		term_put(ui->rows - 2, 0, ui_style(ui, r->error[0] ?
		    ROLE_ERROR : ROLE_STATUS), line, ui->cols);
	}
	term_fill(ui->rows - 1, 0, ui->cols, ui_style(ui, ROLE_HINT));
	term_put(ui->rows - 1, 0, ui_style(ui, ROLE_HINT),
	    "Up/Down choose  Enter open  q quit", ui->cols);
}

/* Opens the chosen game, or says why it cannot be. */
static int
open_game(struct ui *ui)
{
	const struct ui_records *rs = records(ui);
	const struct ui_record *r = &rs->games[list.sel];
	const struct ui_saved *saved;
	char err[256];
	int flags;

	if (r->error[0]) {
		ui_error(ui, "Game %d cannot be read: %s", list.sel + 1,
		    r->error);
		return UI_DRAW | UI_BEEP;
	}
	if (rs->load(rs->ctx, list.sel + 1, &saved, err,
	    sizeof err) != 0) {
		ui_error(ui, "Cannot open game %d: %s", list.sel + 1,
		    err);
		return UI_DRAW | UI_BEEP;
	}
	flags = game_start_saved(ui, saved, false);
	if (ui->playing && !ui->message_is_error)
		ui_say(ui, "Game %d of %s: %s to move; , steps back through "
		    "it.", list.sel + 1, rs->name,
		    play_side(&ui->play) ? "Black" : "White");
	return flags;
}

static int
records_key(struct ui *ui, int key)
{
	int count = records(ui)->count, page = list_rows(ui);

	switch (key) {
	case TK_UP:
	case 'k':
		list.sel--;
		break;
	case TK_DOWN:
	case 'j':
		list.sel++;
		break;
	case TK_PGUP:
		list.sel -= page;
		break;
	case TK_PGDN:
		list.sel += page;
		break;
	case TK_HOME:
		list.sel = 0;
		break;
	case TK_END:
		list.sel = count - 1;
		break;
	case TK_ENTER:
	case ' ':
		return open_game(ui);
	case 0x1b:
	case 'q':
		return UI_QUIT;
	default:
		ui_error(ui, "Up and Down choose a game, Enter opens it, q "
		    "quits.");
		return UI_DRAW;
	}
	if (list.sel < 0)
		list.sel = 0;
	if (list.sel >= count)
		list.sel = count - 1;
	follow(ui);
	return UI_DRAW;
}

static void
records_resize(struct ui *ui)
{
	if (ui->need_rows < TOP + BOTTOM + 3)
		ui->need_rows = TOP + BOTTOM + 3;
	if (ui->need_cols < 60)
		ui->need_cols = 60;
	follow(ui);
}

const struct screen screen_records = {
	.name = "records",
	.enter = records_enter,
	.draw = records_draw,
	.key = records_key,
	.resize = records_resize,
};
