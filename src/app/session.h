/*
 * session.h - one interactive session per save slot of the state folder,
 * so that two bigchess games started with one HOME never write over each
 * other's autosave (app layer).
 *
 * Slot 1 is autosave.pgn, guarded by the lock file "lock"; slot N (2 to
 * SESSION_SLOTS) is autosave-N.pgn with "lock-N".  A session holds an
 * flock(2) on its slot's lock file for as long as it runs: the lock is
 * the flock, never the file's existence, so a crash leaves nothing
 * stale.  The file also says who holds it (pid, terminal, since when),
 * for the message another session shows.
 */
#ifndef BIGCHESS_SESSION_H
#define BIGCHESS_SESSION_H

#include <stdbool.h>
#include <stddef.h>

#include "savegame.h"

enum {
	SESSION_SLOTS = 9,
	SESSION_NOTE_MAX = 320
};

struct session {
	int fd;                  /* the held lock file, or -1 */
	int slot;                /* 1 to SESSION_SLOTS; 0: none free */
	char autosave[SAVEGAME_NAME_MAX]; /* this slot's autosave */
	/* Who holds slot 1 when this session is not in it ("pid 123 on
	 * /dev/pts/4 since 19:02"), else "". */
	char holder[160];
	/* For the status line at start: why this session saves where it
	 * does, or "". */
	char note[SESSION_NOTE_MAX];
};

/*
 * Takes the first free slot of state folder `dir` (made if missing) and
 * holds it until session_close.  Then, if that slot has no autosave, it
 * adopts the unfinished game of a free higher slot (left by a second
 * session of an earlier day), else the note names such a game if there
 * is one; and, if no other session is running, it
 * removes the atomic writer's temp files (.save-*) that a killed session
 * left in `dir` and its history/.  Returns 0 (s->slot 0 when every slot
 * is taken: nothing may be saved), or -1 with a one-line reason in `err`
 * when the lock file cannot be made or locked (an unwritable folder, a
 * filesystem without locks): then the session has slot 1 unlocked, and
 * s->note says so.
 */
int session_open(struct session *s, const char *dir, char *err,
    size_t errsize);

/* Lets the slot go (the process's exit would too). */
void session_close(struct session *s);

#endif
