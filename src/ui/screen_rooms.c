/*
 * screen_rooms.c - the game rooms of the new-game screen: "Join a game"
 * (J) lists the open rooms as --rooms does, Up/Down and Enter join one
 * as the opponent, w watches it, r (and every ROOMS_REFRESH_MS) reads
 * the list again, Esc goes back; and Enter on the new-game screen of
 * --host NAME opens that room with the game chosen there.  The app
 * opens and joins the rooms (opts->rooms); this screen only shows and
 * asks, and then plays the room's game as --join would.
 */
#include <stdio.h>
#include <string.h>

#include "clock.h"
#include "terminal.h"
#include "ui_state.h"

enum { TOP = 4 };

/*
 * "Join a game": the open rooms as last scanned.  The list's own state,
 * here and not in struct ui: one terminal, so one list, and no other
 * file needs it.
 */
struct room_list {
	struct ui_room_entry room[UI_ROOMS_MAX];
	int count, sel;
	int64_t scanned;           /* ms: when */
	char why[256];             /* why the folder cannot be read, or "" */
};

static struct room_list room_list;

static const struct ui_rooms *
rooms(const struct ui *ui)
{
	return ui->opts->rooms;
}

/* Plays the room's game from here on, as if the program had been
 * started with --host or --join: no computer, the built-in rules. */
static int
play_room(struct ui *ui, const struct ui_remote *remote,
    const struct ui_saved *game)
{
	int flags;

	assist_cancel(ui);
	ui->opts_own.remote = remote;
	ui->opts_own.resume = game;
	ui->opts_own.resume_ask = false;
	ui->opts_own.resume_live = false;
	ui->opts_own.engine = NULL;
	ui->opts_own.manual = NULL;
	flags = game_resume(ui);
	if (ui->playing)
		remote_start(ui);
	return flags | UI_DRAW;
}

int
rooms_host(struct ui *ui, int colour)
{
	const struct ui_remote *remote;
	const struct ui_saved *game;
	char err[512];

	if (rooms(ui)->host(rooms(ui)->ctx, ui->setup.variant,
	    ui->setup.clock_base, ui->setup.clock_increment, colour,
	    &remote, &game, err, sizeof err) != 0) {
		ui_error(ui, "Cannot open room %s: %s", rooms(ui)->host_name,
		    err);
		return UI_DRAW;
	}
	return play_room(ui, remote, game);
}

static void
scan(struct ui *ui)
{
	struct room_list *l = &room_list;
	char err[256] = "";
	int n;

	n = rooms(ui)->scan(rooms(ui)->ctx, l->room, UI_ROOMS_MAX, err,
	    sizeof err);
	l->count = n > 0 ? n : 0;
	snprintf(l->why, sizeof l->why, "%s", n < 0 ? err : "");
	if (l->sel >= l->count)
		l->sel = l->count > 0 ? l->count - 1 : 0;
	l->scanned = ui->now;
}

int
rooms_tick(struct ui *ui)
{
	if (ui->depth == 0 || ui_top(ui) != &screen_rooms ||
	    ui->now - room_list.scanned < ROOMS_REFRESH_MS)
		return 0;
	scan(ui);
	return UI_DRAW;
}

int
rooms_wait(const struct ui *ui, int ms)
{
	int64_t left;

	if (ui->depth == 0 || ui_top(ui) != &screen_rooms)
		return ms;
	left = room_list.scanned + ROOMS_REFRESH_MS - ui->now;
	if (left < 0)
		left = 0;
	return ms < 0 || left < ms ? (int)left : ms;
}

static void
rooms_enter(struct ui *ui)
{
	room_list.sel = 0;
	scan(ui);
}

static void
rooms_draw(const struct ui *ui)
{
	const struct room_list *l = &room_list;
	char line[320], clock[48], t[16];
	int rows = ui->rows - TOP - 3;

	snprintf(line, sizeof line, "bigchess %s Join a game", ui->glyphs->dash);
	term_put(0, 1, ui_style(ui, ROLE_TITLE), line, ui->cols - 2);
	term_put(1, 1, ui_style(ui, ROLE_TEXT), "The open rooms, read again "
	    "every 2 seconds:", ui->cols - 2);
	snprintf(line, sizeof line, "%-20s %-16s %-8s %-10s %5s  %-8s %s",
	    "ROOM", "HOST", "VARIANT", "CLOCK", "MOVES", "STATE", "WATCHERS");
	term_put(3, 1, ui_style(ui, ROLE_HEADING), line, ui->cols - 2);
	if (l->why[0]) {
		/* No folder yet is the usual case: nobody opened a room. */
		snprintf(line, sizeof line, "No open rooms (%s).", l->why);
		term_put(TOP, 1, ui_style(ui, ROLE_TEXT), line, ui->cols - 2);
	} else if (!l->count) {
		term_put(TOP, 1, ui_style(ui, ROLE_TEXT), "No open rooms: "
		    "someone opens one with bigchess --host NAME.",
		    ui->cols - 2);
	}
	for (int i = 0, first = l->sel >= rows ? l->sel - rows + 1 : 0;
	     i < rows && first + i < l->count; i++) {
		const struct ui_room_entry *r = &l->room[first + i];

		if (r->base_ms > 0) {
			clock_format(r->base_ms, t, sizeof t);
			snprintf(clock, sizeof clock, "%s+%lld", t,
			    r->inc_ms / 1000);
		} else {
			snprintf(clock, sizeof clock, "none");
		}
		snprintf(line, sizeof line, "%-20s %-16s %-8s %-10s %5lld  "
		    "%-8s %lld", r->name, r->host, r->variant, clock,
		    (r->moves + 1) / 2, r->playing ? "playing" : "waiting",
		    r->watchers);
		term_put(TOP + i, 1, ui_style(ui, first + i == l->sel
		    ? ROLE_DIALOG_SEL : ROLE_TEXT), line, ui->cols - 2);
	}
	term_put(ui->rows - 2, 1, ui_style(ui, ROLE_TEXT), "Enter: join  "
	    "w: watch  Up/Down: room  r: read again  Esc: back", ui->cols - 2);
	if (ui->message[0])
		term_put(ui->rows - 1, 0, ui_style(ui, ui->message_is_error
		    ? ROLE_ERROR : ROLE_STATUS), ui->message, ui->cols);
}

static int
join(struct ui *ui, bool watch)
{
	struct room_list *l = &room_list;
	const struct ui_remote *remote;
	const struct ui_saved *game;
	char err[512], name[40];

	if (!l->count)
		return UI_DRAW | UI_BEEP;
	snprintf(name, sizeof name, "%s", l->room[l->sel].name);
	if (rooms(ui)->join(rooms(ui)->ctx, name, watch, &remote, &game,
	    err, sizeof err) != 0) {
		ui_error(ui, "Cannot %s room %s: %s", watch ? "watch"
		    : "join", name, err);
		scan(ui);
		return UI_DRAW;
	}
	return play_room(ui, remote, game);
}

static int
rooms_key(struct ui *ui, int key)
{
	struct room_list *l = &room_list;

	switch (key) {
	case TK_UP:
	case 'k':
		if (l->sel > 0)
			l->sel--;
		break;
	case TK_DOWN:
	case 'j':
		if (l->sel + 1 < l->count)
			l->sel++;
		break;
	case 'r':
		scan(ui);
		break;
	case TK_ENTER:
		return join(ui, false);
	case 'w':
		return join(ui, true);
	case 0x1b:
	case 'q':
		ui_pop(ui);
		break;
	default:
		return UI_DRAW | UI_BEEP;
	}
	return UI_DRAW;
}

static void
rooms_resize(struct ui *ui)
{
	if (ui->need_rows < TOP + 4)
		ui->need_rows = TOP + 4;
	if (ui->need_cols < 40)
		ui->need_cols = 40;
}

const struct screen screen_rooms = {
	.name = "rooms",
	.enter = rooms_enter,
	.draw = rooms_draw,
	.key = rooms_key,
	.resize = rooms_resize,
};
