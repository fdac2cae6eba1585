/*
 * room_main.c - --host, --join, --watch and --rooms: where the rooms
 * folder is, opening the room or connecting to it, and handing the game
 * the room holds to the UI.
 */
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>

#include "report.h"
#include "room_dir.h"
#include "room_main.h"
#include "room_proto.h"
#include "room_record.h"
#include "room_sock.h"
#include "savegame.h"

static int64_t
now_ms(void)
{
	struct timespec ts;

	clock_gettime(CLOCK_MONOTONIC, &ts);
	return (int64_t)ts.tv_sec * 1000 + ts.tv_nsec / 1000000;
}

/* The host's game to go on with: the room's record in the state
 * folder (room_server.c's save), with whose the guest's seat is and the
 * chat so far. */
static int
read_record(const char *name, struct savegame *g, char *guest,
    size_t guestsize, struct room_chat *chat, char *err, size_t errsize)
{
	char dir[SAVEGAME_PATH_MAX], file[ROOM_NAME_MAX + 16];
	int rc;

	if (savegame_dir(dir, sizeof dir, err, errsize) != 0)
		return -1;
	snprintf(file, sizeof file, "room-%s.pgn", name);
	rc = room_record_read(dir, file, g, guest, guestsize, chat, err,
	    errsize);
	if (rc > 0)
		snprintf(err, errsize, "room %s has no unfinished game to "
		    "resume in %.300s", name, dir);
	return rc == 0 ? 0 : -1;
}

static int
open_host(struct room_session *rs, const struct room_options *o,
    const char *dir, bool shared, const struct ui_options *u, int *fd,
    struct room_server **server, char *err, size_t errsize)
{
	struct room_config c = { 0 };
	struct savegame g = { 0 };
	static struct room_chat chat;
	char state[SAVEGAME_PATH_MAX], serr[256], guest[ROOM_LOGIN_MAX + 1];
	int rc;

	c.dir = dir;
	c.name = o->name;
	c.variant = o->variant;
	c.fen = o->fen;
	c.base_ms = u->clock_base_ms;
	c.inc_ms = u->clock_increment_ms;
	c.host_colour = o->side == ROOM_SIDE_RANDOM
	    ? (int)(((unsigned)time(NULL) ^ (unsigned)getpid()) & 1)
	    : o->side;
	c.wait_ms = o->wait_ms;
	c.shared = shared;
	if (savegame_dir(state, sizeof state, serr, sizeof serr) == 0 &&
	    savegame_check_dir(state, serr, sizeof serr) >= 0)
		c.save_dir = state;
	if (o->resume) {
		if (read_record(o->name, &g, guest, sizeof guest, &chat, err,
		    errsize) != 0)
			return -1;
		/* The seat stays the login's that held it, unless the host
		 * frees it (--open-seat): that person may not come back. */
		c.guest_login = o->open_seat ? NULL : guest;
		c.chat = &chat;
		c.variant = bc_game_variant(g.game);
		c.resume = g.game;
		c.base_ms = g.ui.clock_base_ms;
		c.inc_ms = g.ui.clock_increment_ms;
		c.left_ms[0] = g.ui.clock_left_ms[0];
		c.left_ms[1] = g.ui.clock_left_ms[1];
		/* The record marks the guest's side as the computer's. */
		c.host_colour = g.ui.computer[BC_WHITE] ? BC_BLACK : BC_WHITE;
	}
	rc = room_server_open(server, fd, &c, now_ms(), err, errsize);
	if (o->resume)
		savegame_free(&g);
	snprintf(rs->join_command, sizeof rs->join_command,
	    "bigchess --join %s%s%s", o->name, shared ? "  (rooms folder " : "",
	    shared ? dir : "");
	if (shared)
		strncat(rs->join_command, ")", sizeof rs->join_command -
		    strlen(rs->join_command) - 1);
	return rc;
}

int
room_session_open(struct room_session *rs, const struct room_options *o,
    struct ui_options *u, char *err, size_t errsize)
{
	char dir[ROOM_DIR_MAX], path[ROOM_DIR_MAX + 64], why[512];
	struct room_server *server = NULL;
	struct room_joined j;
	bool shared;
	int fd;

	memset(rs, 0, sizeof *rs);
	snprintf(rs->name, sizeof rs->name, "%s", o->name);
	if (room_dir_find(dir, sizeof dir, o->setting, o->mode == ROOM_HOST,
	    &shared, why, sizeof why) != 0) {
		snprintf(err, errsize, "cannot %s room %s: %s", o->mode ==
		    ROOM_HOST ? "open" : o->mode == ROOM_JOIN ? "join"
		    : "watch", o->name, why);
		return -1;
	}
	if (!room_dir_path(dir, o->name, path, sizeof path)) {
		snprintf(err, errsize, "the room's path is too long");
		return -1;
	}
	if (o->mode == ROOM_HOST) {
		if (open_host(rs, o, dir, shared, u, &fd, &server, why,
		    sizeof why) != 0) {
			snprintf(err, errsize, "cannot open room %s: %s",
			    o->name, why);
			return -1;
		}
	} else if ((fd = room_sock_connect(path, why, sizeof why)) < 0) {
		/* In a shared folder that is the group's: say so, since
		 * "Permission denied" alone does not tell what to do. */
		bool group = shared && errno == EACCES;

		snprintf(err, errsize, "cannot %s room %s in %s: %s%s",
		    o->mode == ROOM_JOIN ? "join" : "watch", o->name, dir, why,
		    group ? " (a shared rooms folder is for its group: ask "
		    "the administrator to add you to it)" : "");
		return -1;
	}
	if (room_client_open(&rs->client, &j, fd, o->mode == ROOM_HOST
	    ? ROLE_HOST : o->mode == ROOM_JOIN ? ROLE_GUEST : ROLE_WATCHER,
	    server, o->name, why, sizeof why) != 0) {
		snprintf(err, errsize, "room %s: %s", o->name, why);
		return -1;
	}
	snprintf(rs->host_login, sizeof rs->host_login, "%s", j.host);
	rs->saved.game = j.game;
	rs->saved.clock_base_ms = j.base_ms;
	rs->saved.clock_increment_ms = j.inc_ms;
	rs->saved.clock_left_ms[0] = j.left_ms[0];
	rs->saved.clock_left_ms[1] = j.left_ms[1];
	rs->saved.level = u->level;
	rs->saved.first = true;
	rs->seam = *room_client_seam(rs->client);
	rs->seam.join_command = o->mode == ROOM_HOST ? rs->join_command
	    : NULL;
	rs->seam.host_login = rs->host_login;
	rs->seam.host_colour = j.host_colour;
	u->resume = &rs->saved;
	u->resume_ask = false;
	u->resume_live = false;
	u->skip_setup = true;
	u->remote = &rs->seam;
	return 0;
}

void
room_session_close(struct room_session *rs)
{
	room_client_free(rs->client, "the host has left");
	rs->client = NULL;
}

int
room_list_run(const char *setting)
{
	char dir[ROOM_DIR_MAX], err[512];
	bool shared;

	if (room_dir_find(dir, sizeof dir, setting, false, &shared, err,
	    sizeof err) != 0) {
		/* No folder yet: nobody has opened a room. */
		fprintf(stdout, "No open rooms (%s).\n", err);
		return 0;
	}
	if (room_dir_list(dir, stdout, err, sizeof err) != 0) {
		report_error("%s", err);
		return 1;
	}
	return 0;
}
