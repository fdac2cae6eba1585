/*
 * room_record.h - the room's own record in the host's state folder
 * (room-NAME.pgn): the game as the autosave keeps it, and what only the
 * room needs for --host NAME --resume: the login that held the guest's
 * seat (BigchessRoomGuest) and the chat backlog (BigchessRoomChat tags,
 * one a line, oldest first).  Tags, so that the record stays a PGN game
 * any reader can open; its moves are the game's alone.
 */
#ifndef BIGCHESS_ROOM_RECORD_H
#define BIGCHESS_ROOM_RECORD_H

#include <stddef.h>

#include "room_proto.h"
#include "room_server.h"
#include "room_sock.h"
#include "savegame.h"

/* The last chat lines, oldest first from `first`, a ring. */
struct room_chat {
	struct room_said {
		char login[ROOM_LOGIN_MAX + 1];
		char text[ROOM_TEXT_MAX + 1];
	} line[ROOM_CHAT_BACKLOG];
	int first, count;
};

/* Adds a line, dropping the oldest when the backlog is full.  `login`
 * and `text` are cut to their bounds. */
void room_chat_add(struct room_chat *c, const char *login,
    const char *text);

/* Line `i` (0: the oldest kept). */
const struct room_said *room_chat_at(const struct room_chat *c, int i);

/*
 * Writes the game `sv` as savegame_format does, with the guest's login
 * (NULL or "": none) and the chat `c` (may be NULL) as tags, into a new
 * string in *out (free it).  Returns BC_OK or BC_ENOMEM.
 */
int room_record_format(const struct ui_saved *sv, const char *guest,
    const struct room_chat *c, char **out);

/*
 * Reads file `file` of state folder `dir` as savegame_read_autosave_as
 * does into `g`, and its room tags: the guest's login into `guest` (""
 * if none, or not a login) and the chat into `c`.  A chat line that is
 * not one the protocol could have carried is left out; of more than
 * ROOM_CHAT_BACKLOG, the newest are kept.  Returns what
 * savegame_read_autosave_as returns (0, 1: no such file, -1 with `err`).
 */
int room_record_read(const char *dir, const char *file, struct savegame *g,
    char *guest, size_t guestsize, struct room_chat *c, char *err,
    size_t errsize);

#endif
