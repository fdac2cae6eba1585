/*
 * room_sock.h - the Unix-domain sockets of the game rooms: listening,
 * connecting, the peer's user (SO_PEERCRED) and login name.  The rest of
 * the rooms code sees descriptors and these calls only.
 */
#ifndef BIGCHESS_ROOM_SOCK_H
#define BIGCHESS_ROOM_SOCK_H

#include <stdbool.h>
#include <stddef.h>
#include <sys/types.h>

/* A login name for the protocol: letters, digits, '.', '-', '_'. */
enum { ROOM_LOGIN_MAX = 32 };

/* Makes `fd` non-blocking and close-on-exec; false on failure. */
bool room_sock_nonblock(int fd);

/*
 * Listens on a new socket at `path` (mode 0600, or 0660 when `shared`).
 * A socket file there that nobody answers is replaced.  Returns the
 * descriptor, or -1 with a one-line reason in `err`; `busy` is set when
 * a live room answers at `path`.
 */
int room_sock_listen(const char *path, bool shared, bool *busy, char *err,
    size_t errsize);

/* Connects to the socket at `path` (blocking); -1 with a reason. */
int room_sock_connect(const char *path, char *err, size_t errsize);

/* The user at the other end of `fd`, or false. */
bool room_sock_peer_uid(int fd, uid_t *uid);

/* The login name of `uid`, made safe for the protocol (else "uidN"). */
void room_sock_login(uid_t uid, char *buf, size_t size);

#endif
