/*
 * room_proto.h - the game rooms' line protocol (bigchess-room(5)): one
 * message a line, words separated by one space, version 1.  Parsing and
 * formatting only, with the line assembler and the rate limit that every
 * peer's input goes through; no sockets, no curses.  The rules library
 * judges a move's legality later: here a move is only well-formed text.
 */
#ifndef BIGCHESS_ROOM_PROTO_H
#define BIGCHESS_ROOM_PROTO_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

enum {
	ROOM_VERSION = 1,
	ROOM_LINE_MAX = 1024,   /* bytes of a line, without its newline */
	ROOM_TEXT_MAX = 200,    /* bytes of a chat line */
	ROOM_NAME_MAX = 32,     /* a room's or a login's name */
	ROOM_MOVE_MAX = 12,     /* a move in coordinate text */
	ROOM_FEN_MAX = 512,
	/* The rate limit: a burst of ROOM_RATE_BURST lines, then one every
	 * ROOM_RATE_MS; a person never types that fast. */
	ROOM_RATE_BURST = 30,
	ROOM_RATE_MS = 100
};

enum room_kind {
	/* From a peer to the host. */
	RM_HELLO,     /* hello VERSION ROLE */
	RM_MOVE,      /* move COORD */
	RM_SAY,       /* say TEXT */
	RM_OFFER,     /* offer draw|takeback */
	RM_ANSWER,    /* answer yes|no */
	RM_RESIGN,    /* resign */
	/* From the host to a peer. */
	RM_WELCOME,   /* welcome VERSION ROLE COLOUR HOST */
	RM_GAME,      /* game VARIANT BASE_MS INC_MS HOST_COLOUR */
	RM_START,     /* start FEN */
	RM_PLAYED,    /* m COORD: a move of the game so far */
	RM_CLOCK,     /* clock WHITE_MS BLACK_MS */
	RM_SYNCED,    /* synced: the whole game has been sent */
	RM_MOVED,     /* moved COORD WHITE_MS BLACK_MS */
	RM_SAID,      /* said LOGIN TEXT */
	RM_OFFERED,   /* offered draw|takeback COLOUR */
	RM_DECLINED,  /* declined draw|takeback COLOUR */
	RM_TAKEBACK,  /* takeback PLIES WHITE_MS BLACK_MS */
	RM_RESULT,    /* result resignation|agreement|time COLOUR */
	RM_PEER,      /* peer here|gone LOGIN: the guest came or went */
	RM_WATCHERS,  /* watchers N */
	RM_ROOM,      /* room HOST VARIANT BASE INC MOVES STATE WATCHERS */
	/* Either way. */
	RM_ERROR,     /* error TEXT: the sender closes the connection */
	RM_BYE,       /* bye TEXT: the sender leaves */
	RM_KIND_COUNT
};

enum room_role { ROLE_HOST, ROLE_GUEST, ROLE_WATCHER, ROLE_QUERY,
	ROLE_COUNT };
enum room_offer { OFFER_DRAW, OFFER_TAKEBACK };
enum room_end { END_RESIGNATION, END_AGREEMENT, END_TIME };
enum room_state { STATE_WAITING, STATE_PLAYING, STATE_OVER };

/* A colour in a message: BC_WHITE, BC_BLACK, or ROOM_NO_COLOUR. */
enum { ROOM_NO_COLOUR = 2 };

struct room_msg {
	enum room_kind kind;
	int version;
	enum room_role role;
	int colour;                 /* a player's colour, or the host's */
	int offer;                  /* enum room_offer */
	bool yes;
	int end;                    /* enum room_end */
	int state;                  /* enum room_state */
	bool here;
	int64_t ms[2];              /* clocks (White, Black) or base, inc */
	int64_t count;              /* plies, moves, watchers */
	int64_t watchers;           /* of a room's listing */
	char name[ROOM_NAME_MAX + 1];  /* room, login, host */
	char variant[ROOM_NAME_MAX + 1];
	char move[ROOM_MOVE_MAX + 1];
	char text[ROOM_FEN_MAX + 1];   /* chat, a FEN, a reason */
};

/*
 * Parses one line (without its newline) of `len` bytes into *out.
 * Returns 0, or -1 with a one-line reason in `err` (which names the
 * problem, not the bytes: they may be anything).
 */
int room_parse(const char *line, size_t len, struct room_msg *out,
    char *err, size_t errsize);

/*
 * Writes message `m` as one line with its newline into `buf`; returns
 * its length, or -1 if a field is out of its grammar or it does not fit.
 * What room_format writes, room_parse reads back the same.
 */
int room_format(const struct room_msg *m, char *buf, size_t size);

/* The words of the protocol, for messages and formatting. */
const char *room_role_name(int role);
const char *room_colour_name(int colour);

/* True if `name` is a room's name: letters, digits, - and _, 1-32. */
bool room_name_valid(const char *name);

/* True if `text` is chat the protocol carries: 1-ROOM_TEXT_MAX bytes,
 * none of them a control character. */
bool room_text_valid(const char *text);

/*
 * Gathers a peer's bytes into lines.  room_in_feed takes up to `n` bytes
 * from `data` and returns how many it took; a whole line is then in
 * `line` (room_in_line is true) until room_in_next drops it.  A line
 * longer than ROOM_LINE_MAX sets `too_long`, for which the connection
 * is closed.
 */
struct room_in {
	char line[ROOM_LINE_MAX + 1];
	size_t len;
	bool complete, too_long;
};

size_t room_in_feed(struct room_in *in, const char *data, size_t n);
bool room_in_line(const struct room_in *in);
void room_in_next(struct room_in *in);

/* The rate limit of one peer: a token bucket (see ROOM_RATE_*). */
struct room_rate {
	int tokens;
	int64_t last;     /* ms when the last token was added */
};

void room_rate_init(struct room_rate *r, int64_t now);
/* Takes one token at `now` (ms); false when the peer sends too fast. */
bool room_rate_take(struct room_rate *r, int64_t now);

#endif
