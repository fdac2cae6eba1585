/*
 * room_client.h - one side's connection to a game room: the host's own,
 * the guest's or a watcher's.  It says hello, reads the whole game the
 * room sends, and then is the UI's remote-player seam (struct
 * ui_remote): it turns the room's lines into events, each checked
 * against its own copy of the game with the rules library, and the
 * person's moves, chat and offers into lines.  For the host it also
 * runs the room's server in the same loop.
 */
#ifndef BIGCHESS_ROOM_CLIENT_H
#define BIGCHESS_ROOM_CLIENT_H

#include <stddef.h>
#include <stdint.h>

#include "bigchess/bigchess.h"
#include "room_server.h"
#include "ui/ui.h"

enum { ROOM_HANDSHAKE_MS = 5000 };

struct room_client;

/* What the room said when we joined. */
struct room_joined {
	const bc_game *game;       /* owned by the client */
	int colour;                /* ours, or UI_REMOTE_WATCHING */
	int host_colour;
	int64_t base_ms, inc_ms;
	int64_t left_ms[2];
	char host[48];
};

/*
 * Says hello on `fd` (connected to the room; the client owns it from
 * here) as `role` (enum room_role) and reads the room's game, for at
 * most ROOM_HANDSHAKE_MS.  `server` is the host's own room, which the
 * client runs and frees from now on, or NULL.  Returns 0 with *out and
 * *joined filled, or -1 with a one-line reason (such as the room's
 * refusal) in `err`.
 */
int room_client_open(struct room_client **out, struct room_joined *joined,
    int fd, int role, struct room_server *server, const char *room,
    char *err, size_t errsize);

/* The seam for ui_options.remote; valid while the client lives. */
const struct ui_remote *room_client_seam(struct room_client *c);

/* Closes the connection (and the host's room, telling its peers
 * `why`). */
void room_client_free(struct room_client *c, const char *why);

#endif
