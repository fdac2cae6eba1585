/*
 * room_dir.h - the folder the game rooms' sockets live in, and the
 * --rooms listing of it.
 *
 * $BIGCHESS_ROOMS, else the `rooms` setting, else $XDG_RUNTIME_DIR/
 * bigchess, else /tmp/bigchess-LOGIN.  The last two are private (made
 * 0700, and refused unless they are our own folder, not a link, and
 * closed to others); the first two are a folder that an administrator
 * shares among a group (chmod 2770), where the sockets are made
 * group-writable.  In restricted mode the environment is gone, so the
 * folder comes from the administrator's settings or is private.
 */
#ifndef BIGCHESS_ROOM_DIR_H
#define BIGCHESS_ROOM_DIR_H

#include <stdbool.h>
#include <stddef.h>
#include <stdio.h>

enum { ROOM_DIR_MAX = 4096 };

/*
 * The rooms folder into `buf`, with `setting` the `rooms` setting (""
 * if unset); `shared` says which kind it is.  With `make`, a private
 * folder that is missing is made.  Returns 0, or -1 with a one-line
 * reason in `err` (the folder is not safe to use, or cannot be made).
 */
int room_dir_find(char *buf, size_t size, const char *setting,
    bool make, bool *shared, char *err, size_t errsize);

/* The socket path of room `name` in `dir` into `buf`; false if it is
 * too long. */
bool room_dir_path(const char *dir, const char *name, char *buf,
    size_t size);

/*
 * --rooms: asks every room's socket in `dir` what it holds and prints
 * one line for each that answers to `out` (a header first; "No open
 * rooms in DIR." if none).  Returns 0, or -1 with a reason in `err`.
 */
int room_dir_list(const char *dir, FILE *out, char *err, size_t errsize);

/* One answering room for a list (the new-game screen's "Join a game"). */
struct room_listing {
	char name[40];
	char host[40];
	char variant[40];
	long long base_ms, inc_ms, moves, watchers;
	int state;       /* enum room_state */
};

/* Up to `max` rooms of `dir` into `out`; returns how many (0 on any
 * error).  Every socket is asked at once and given a second in all to
 * answer, so one that never does delays the listing by that second
 * only, however many there are. */
int room_dir_scan(const char *dir, struct room_listing *out, int max);

#endif
