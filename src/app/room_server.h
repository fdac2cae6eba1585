/*
 * room_server.h - a game room: the listening Unix socket, its peers and
 * the game, inside the host's process.  The server is the authority: it
 * checks every move with the rules library, runs both clocks and tells
 * every peer what happened (bigchess-room(5)).  It never blocks: the
 * host's main loop polls its descriptors (room_server_fds) and calls
 * room_server_step, which accepts, reads, writes and keeps the time.
 * A peer that breaks the protocol, sends too fast, or does not read
 * what it is sent is dropped with a reason, and nobody else notices.
 */
#ifndef BIGCHESS_ROOM_SERVER_H
#define BIGCHESS_ROOM_SERVER_H

#include <poll.h>
#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "bigchess/bigchess.h"

enum {
	ROOM_PEERS_MAX = 64,          /* host, guest and watchers */
	ROOM_OUT_MAX = 2 << 20,       /* bytes queued for one peer */
	ROOM_HELLO_MS = 10000,        /* to say hello after connecting */
	ROOM_WAIT_DEFAULT_MIN = 10,   /* --wait */
	ROOM_CHAT_BACKLOG = 50        /* chat lines sent to those joining */
};

struct room_server;
struct room_chat;

struct room_config {
	const char *dir;            /* the rooms folder */
	const char *name;           /* the room's name (room_name_valid) */
	const bc_variant *variant;
	const char *fen;            /* NULL: the start position */
	int64_t base_ms, inc_ms;    /* the clock; base 0: none */
	int host_colour;            /* BC_WHITE or BC_BLACK */
	const bc_game *resume;      /* a game to go on with, or NULL */
	int64_t left_ms[2];         /* its clocks, with `resume` */
	const char *guest_login;    /* with `resume`: the login whose seat
	                             * the guest's is (NULL or "": anyone's) */
	const struct room_chat *chat; /* with `resume`: the chat so far
	                             * (NULL: none) */
	int64_t wait_ms;            /* how long the room waits for a guest
	                             * who left; 0: for ever */
	const char *save_dir;       /* the state folder for the room's
	                             * record (NULL: none kept) */
	bool shared;                /* a folder for several users: the
	                             * socket is group-writable */
};

/*
 * Opens the room: the game, and the socket `name` in `dir`, which must
 * exist (room_dir_prepare).  A socket of that name that no process
 * answers any more is replaced; one that answers is an error ("a room
 * called NAME is open already").  On success *out owns the socket, and
 * *host_fd is the host's own end of a connection to it, which the host
 * talks to like any peer.  Returns 0, or -1 with a one-line reason.
 */
int room_server_open(struct room_server **out, int *host_fd,
    const struct room_config *c, int64_t now, char *err, size_t errsize);

/* The descriptors to wait on, with their events; returns how many
 * (at most `max`). */
int room_server_fds(const struct room_server *s, struct pollfd *out,
    int max);

/* Ms until the server has something to do on its own (a flag, a
 * peer's deadline), or -1 if nothing. */
int room_server_timeout(const struct room_server *s, int64_t now);

/* Does whatever can be done now without blocking. */
void room_server_step(struct room_server *s, int64_t now);

/* True once the room has closed itself (the guest did not come back
 * in time); `why` says why. */
bool room_server_closed(const struct room_server *s, const char **why);

/* Tells every peer `why` (bye), closes the room and frees it. */
void room_server_free(struct room_server *s, const char *why);

#endif
