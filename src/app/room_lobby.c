/*
 * room_lobby.c - the rooms of the new-game screen: opening the room that
 * --host NAME named with the game chosen there, and listing and joining
 * the open rooms ("Join a game").
 */
#include <stdio.h>
#include <string.h>

#include "room_dir.h"
#include "room_lobby.h"
#include "room_proto.h"

/* Opens or joins the room `o` says, and hands the UI its seam. */
static int
enter(struct room_lobby *l, const struct room_options *o,
    struct ui_options *u, const struct ui_remote **remote,
    const struct ui_saved **game, char *err, size_t errsize)
{
	if (l->open) {
		snprintf(err, errsize, "this bigchess is in room %s already",
		    l->session.name);
		return -1;
	}
	if (room_session_open(&l->session, o, u, err, errsize) != 0)
		return -1;
	l->open = true;
	*remote = u->remote;
	*game = u->resume;
	return 0;
}

static int
lobby_host(void *ctx, bc_variant_id variant, int64_t base_ms,
    int64_t inc_ms, int colour, const struct ui_remote **remote,
    const struct ui_saved **game, char *err, size_t errsize)
{
	struct room_lobby *l = ctx;
	struct room_options o = l->opts;
	struct ui_options u = *l->ui;

	if (!o.name || o.mode != ROOM_HOST) {
		snprintf(err, errsize, "no room to open");
		return -1;
	}
	o.variant = bc_variant_get(variant);
	o.fen = NULL;
	o.resume = false;
	o.side = colour == BC_BLACK ? BC_BLACK : colour == UI_SIDE_RANDOM
	    ? ROOM_SIDE_RANDOM : BC_WHITE;
	u.clock_base_ms = base_ms;
	u.clock_increment_ms = inc_ms;
	return enter(l, &o, &u, remote, game, err, errsize);
}

static int
lobby_scan(void *ctx, struct ui_room_entry *out, int max, char *err,
    size_t errsize)
{
	struct room_lobby *l = ctx;
	struct room_listing rooms[UI_ROOMS_MAX];
	char dir[ROOM_DIR_MAX];
	bool shared;
	int n;

	if (room_dir_find(dir, sizeof dir, l->opts.setting, false, &shared,
	    err, errsize) != 0)
		return -1;
	if (max > UI_ROOMS_MAX)
		max = UI_ROOMS_MAX;
	n = room_dir_scan(dir, rooms, max);
	for (int i = 0; i < n; i++) {
		memset(&out[i], 0, sizeof out[i]);
		snprintf(out[i].name, sizeof out[i].name, "%.39s",
		    rooms[i].name);
		snprintf(out[i].host, sizeof out[i].host, "%.39s",
		    rooms[i].host);
		snprintf(out[i].variant, sizeof out[i].variant, "%.39s",
		    rooms[i].variant);
		out[i].base_ms = rooms[i].base_ms;
		out[i].inc_ms = rooms[i].inc_ms;
		out[i].moves = rooms[i].moves;
		out[i].watchers = rooms[i].watchers;
		out[i].playing = rooms[i].state != STATE_WAITING;
	}
	return n;
}

static int
lobby_join(void *ctx, const char *name, bool watch,
    const struct ui_remote **remote, const struct ui_saved **game,
    char *err, size_t errsize)
{
	struct room_lobby *l = ctx;
	struct room_options o = l->opts;
	struct ui_options u = *l->ui;

	if (!room_name_valid(name)) {
		snprintf(err, errsize, "no room is called that");
		return -1;
	}
	o.mode = watch ? ROOM_WATCH : ROOM_JOIN;
	o.name = name;
	o.variant = NULL;
	o.fen = NULL;
	o.resume = false;
	return enter(l, &o, &u, remote, game, err, errsize);
}

void
room_lobby_init(struct room_lobby *l, const struct room_options *o,
    const struct ui_options *u)
{
	memset(l, 0, sizeof *l);
	l->opts = *o;
	l->ui = u;
	l->seam.ctx = l;
	l->seam.host_name = o->mode == ROOM_HOST ? o->name : NULL;
	l->seam.host_side = o->side == BC_BLACK ? BC_BLACK
	    : o->side == ROOM_SIDE_RANDOM ? UI_SIDE_RANDOM : BC_WHITE;
	l->seam.host = lobby_host;
	l->seam.scan = lobby_scan;
	l->seam.join = lobby_join;
}

void
room_lobby_close(struct room_lobby *l)
{
	if (l->open)
		room_session_close(&l->session);
	l->open = false;
}
