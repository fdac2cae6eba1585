/*
 * room_main.h - the game-room modes of the program: --host, --join,
 * --watch (a room session that fills in the UI's options) and --rooms
 * (a listing on standard output).
 */
#ifndef BIGCHESS_ROOM_MAIN_H
#define BIGCHESS_ROOM_MAIN_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "bigchess/bigchess.h"
#include "room_client.h"
#include "ui/ui.h"

enum room_mode { ROOM_NONE, ROOM_HOST, ROOM_JOIN, ROOM_WATCH };

/* How the host's side is chosen (--side). */
enum { ROOM_SIDE_RANDOM = 2 };

struct room_options {
	enum room_mode mode;
	const char *name;         /* the room */
	const char *setting;      /* the `rooms` setting, "" if unset */
	const bc_variant *variant;
	const char *fen;
	int side;                 /* BC_WHITE, BC_BLACK, ROOM_SIDE_RANDOM */
	bool resume;              /* --host NAME --resume */
	bool open_seat;           /* --open-seat: with resume, anyone may
	                           * take the guest's seat */
	int64_t wait_ms;          /* --wait */
};

struct room_session {
	struct room_client *client;
	struct ui_saved saved;
	char join_command[4400];
	char host_login[48];
	char name[40];
	struct ui_remote seam;
};

/*
 * Opens the room (host) or connects to it, reads its game, and points
 * `u` at it: u->resume, u->remote, u->skip_setup.  Returns 0, or -1
 * with a one-line reason in `err`.
 */
int room_session_open(struct room_session *rs, const struct room_options *o,
    struct ui_options *u, char *err, size_t errsize);

/* Leaves the room (the host closes it, telling everyone). */
void room_session_close(struct room_session *rs);

/* --rooms: prints the open rooms; the exit status. */
int room_list_run(const char *setting);

#endif
