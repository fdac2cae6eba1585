/*
 * room_lobby.h - the new-game screen's side of the game rooms (struct
 * ui_rooms): --host NAME without its game, whose game the screen
 * chooses, and "Join a game", which lists the open rooms and joins one.
 * The room is opened only when the person has chosen, and lives until
 * room_lobby_close.
 */
#ifndef BIGCHESS_ROOM_LOBBY_H
#define BIGCHESS_ROOM_LOBBY_H

#include <stdbool.h>

#include "room_main.h"
#include "ui/ui.h"

struct room_lobby {
	struct ui_rooms seam;
	struct room_options opts;  /* the room's name, folder setting, wait */
	const struct ui_options *ui; /* the level and clock it copies */
	struct room_session session;
	bool open;                 /* `session` holds a room */
};

/*
 * Prepares the seam: `o` with mode ROOM_HOST and a name hosts that room
 * once the screen has chosen its game; any other mode only joins.
 */
void room_lobby_init(struct room_lobby *l, const struct room_options *o,
    const struct ui_options *u);

/* Leaves the room it opened, if any. */
void room_lobby_close(struct room_lobby *l);

#endif
