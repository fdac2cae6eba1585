/*
 * room_client.c - a connection to a game room, seen from the UI.
 *
 * The client keeps its own copy of the game (`mirror`): every move the
 * room reports is parsed against it and must be legal there, so a
 * broken or hostile host cannot make the screen show an impossible
 * game; the UI's game follows the events in the same order and stays
 * equal to it.  Anything out of the protocol ends the connection with
 * an event that says why; it never ends the program.
 */
#include <errno.h>
#include <stdarg.h>
#include <poll.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/socket.h>
#include <time.h>
#include <unistd.h>

#include "room_client.h"
#include "room_proto.h"
#include "room_sock.h"

/* The queue holds what the handshake brings before the UI reads any of
 * it: the whole chat backlog, and room to spare for the offers, the
 * result, the guest's presence and the watchers. */
enum { QUEUE_MAX = ROOM_CHAT_BACKLOG + 16, CLIENT_OUT_MAX = 64 << 10 };

struct room_client {
	struct ui_remote seam;
	struct room_server *server;  /* the host's own room, or NULL */
	int fd;                      /* -1 once closed */
	char room[ROOM_NAME_MAX + 1];
	bc_game *mirror;
	struct room_joined joined;
	struct room_in in;
	char rbuf[4096];
	size_t rlen, rpos;
	char out[CLIENT_OUT_MAX];
	size_t out_len;
	struct ui_remote_event queue[QUEUE_MAX];
	int queued;
	bool closed_told;            /* the CLOSED event was given */
	bool server_close_told;
	char why[UI_REMOTE_TEXT];    /* why it closed */
};

static int64_t
now_ms(void)
{
	struct timespec ts;

	clock_gettime(CLOCK_MONOTONIC, &ts);
	return (int64_t)ts.tv_sec * 1000 + ts.tv_nsec / 1000000;
}

static void close_with(struct room_client *c, const char *fmt, ...)
    __attribute__((format(printf, 2, 3)));

static void
close_with(struct room_client *c, const char *fmt, ...)
{
	va_list ap;

	if (c->fd >= 0) {
		close(c->fd);
		c->fd = -1;
		va_start(ap, fmt);
		vsnprintf(c->why, sizeof c->why, fmt, ap);
		va_end(ap);
	}
}

static void
flush(struct room_client *c)
{
	while (c->fd >= 0 && c->out_len > 0) {
		ssize_t n = send(c->fd, c->out, c->out_len, MSG_NOSIGNAL);

		if (n < 0) {
			if (errno == EAGAIN || errno == EINTR)
				return;
			close_with(c, "The connection to the room was lost "
			    "(%s).", strerror(errno));
			return;
		}
		memmove(c->out, c->out + n, c->out_len - (size_t)n);
		c->out_len -= (size_t)n;
	}
}

static void
send_msg(struct room_client *c, const struct room_msg *m)
{
	char line[ROOM_LINE_MAX + 2];
	int n = room_format(m, line, sizeof line);

	if (c->fd < 0 || n <= 0)
		return;
	if (c->out_len + (size_t)n > sizeof c->out) {
		close_with(c, "The room does not read what we send.");
		return;
	}
	memcpy(c->out + c->out_len, line, (size_t)n);
	c->out_len += (size_t)n;
	flush(c);
}

/* The next whole line into c->in: 1, 0 if none yet, -1 if closed. */
static int
next_line(struct room_client *c)
{
	room_in_next(&c->in);
	for (;;) {
		if (c->rpos < c->rlen) {
			c->rpos += room_in_feed(&c->in, c->rbuf + c->rpos,
			    c->rlen - c->rpos);
			if (c->in.too_long) {
				close_with(c, "The room sent a line that is too "
				    "long.");
				return -1;
			}
			if (room_in_line(&c->in))
				return 1;
			continue;
		}
		if (c->fd < 0)
			return -1;
		{
			ssize_t n = read(c->fd, c->rbuf, sizeof c->rbuf);

			if (n == 0) {
				close_with(c, "The connection to the room was "
				    "lost.");
				return -1;
			}
			if (n < 0)
				return errno == EAGAIN || errno == EINTR ? 0
				    : (close_with(c, "The connection to the room "
				    "was lost (%s).", strerror(errno)), -1);
			c->rlen = (size_t)n;
			c->rpos = 0;
		}
	}
}

/* `text`, a move in coordinate notation, as a move of the mirror. */
static bool
mirror_move(struct room_client *c, const char *text, bc_move *out)
{
	const bc_position *pos = bc_game_position(c->mirror);
	char coord[BC_MOVE_TEXT_MAX];

	if (bc_game_result(c->mirror, NULL) != BC_RESULT_NONE ||
	    bc_move_parse(pos, text, out, NULL) != BC_OK)
		return false;
	bc_move_to_coord(pos, *out, coord, sizeof coord);
	return strcmp(coord, text) == 0;
}

static void
apply_result(bc_game *g, const struct room_msg *m)
{
	if (m->end == END_AGREEMENT)
		bc_game_agree_draw(g);
	else if (m->end == END_TIME && m->colour < ROOM_NO_COLOUR)
		bc_game_lose_on_time(g, m->colour);
	else if (m->colour < ROOM_NO_COLOUR)
		bc_game_resign(g, m->colour);
}

/*
 * One line of the room after the handshake, as an event (kind NONE for
 * none).  A line the room should not send closes the connection.
 */
static void
event_of(struct room_client *c, struct ui_remote_event *ev)
{
	struct room_msg m;
	char err[160];

	memset(ev, 0, sizeof *ev);
	if (room_parse(c->in.line, c->in.len, &m, err, sizeof err) != 0) {
		close_with(c, "The room sent a bad line (%s).", err);
		return;
	}
	switch (m.kind) {
	case RM_MOVED:
		if (!mirror_move(c, m.move, &ev->move)) {
			close_with(c, "The room sent an illegal move (%s).",
			    m.move);
			return;
		}
		bc_game_push(c->mirror, ev->move);
		ev->kind = UI_REMOTE_MOVED;
		ev->clock_ms[0] = m.ms[0];
		ev->clock_ms[1] = m.ms[1];
		return;
	case RM_SAID:
		ev->kind = UI_REMOTE_SAID;
		snprintf(ev->who, sizeof ev->who, "%s", m.name);
		snprintf(ev->text, sizeof ev->text, "%.200s", m.text);
		return;
	case RM_OFFERED:
	case RM_DECLINED:
		ev->kind = m.kind == RM_OFFERED ? UI_REMOTE_OFFERED
		    : UI_REMOTE_DECLINED;
		ev->offer = m.offer;
		ev->colour = m.colour;
		return;
	case RM_TAKEBACK:
		if (m.count > bc_game_length(c->mirror)) {
			close_with(c, "The room sent a bad take-back.");
			return;
		}
		while (bc_game_length(c->mirror) > m.count)
			bc_game_undo(c->mirror);
		ev->kind = UI_REMOTE_TAKEBACK;
		ev->count = m.count;
		ev->clock_ms[0] = m.ms[0];
		ev->clock_ms[1] = m.ms[1];
		return;
	case RM_RESULT:
		if (bc_game_result(c->mirror, NULL) != BC_RESULT_NONE)
			return;
		apply_result(c->mirror, &m);
		ev->kind = UI_REMOTE_RESULT;
		ev->end = m.end;
		ev->colour = m.colour;
		return;
	case RM_PEER:
		ev->kind = UI_REMOTE_PEER;
		ev->here = m.here;
		snprintf(ev->who, sizeof ev->who, "%s", m.name);
		return;
	case RM_WATCHERS:
		ev->kind = UI_REMOTE_WATCHERS;
		ev->count = m.count;
		return;
	case RM_CLOCK:
		ev->kind = UI_REMOTE_CLOCK;
		ev->clock_ms[0] = m.ms[0];
		ev->clock_ms[1] = m.ms[1];
		return;
	case RM_ERROR:
		close_with(c, "The room closed our connection: %.200s.", m.text);
		return;
	case RM_BYE:
		close_with(c, "The room has closed: %.200s.", m.text);
		return;
	default:
		close_with(c, "The room sent a '%.40s' out of place.",
		    c->in.line);
		return;
	}
}

static void
enqueue(struct room_client *c, const struct ui_remote_event *ev)
{
	if (c->queued < QUEUE_MAX)
		c->queue[c->queued++] = *ev;
}

/* The line `m` of the handshake; false (with `err`) to give up. */
static bool
handshake_line(struct room_client *c, const struct room_msg *m,
    bool *synced, char *err, size_t errsize)
{
	struct ui_remote_event ev;
	bc_error be;
	bc_move mv;

	switch (m->kind) {
	case RM_WELCOME:
		c->joined.colour = m->colour == ROOM_NO_COLOUR
		    ? UI_REMOTE_WATCHING : m->colour;
		snprintf(c->joined.host, sizeof c->joined.host, "%s", m->name);
		return true;
	case RM_GAME: {
		const bc_variant *v = bc_variant_find(m->variant);

		if (!v) {
			snprintf(err, errsize, "the room plays a variant this "
			    "bigchess does not know (%s)", m->variant);
			return false;
		}
		c->joined.host_colour = m->colour;
		c->joined.base_ms = m->ms[0];
		c->joined.inc_ms = m->ms[1];
		bc_game_free(c->mirror);
		c->mirror = NULL;
		if (bc_game_new(&c->mirror, v, NULL, &be) != BC_OK) {
			snprintf(err, errsize, "out of memory");
			return false;
		}
		return true;
	}
	case RM_START: {
		const bc_variant *v = c->mirror ? bc_game_variant(c->mirror)
		    : NULL;

		if (!v) {
			snprintf(err, errsize, "the room sent no game");
			return false;
		}
		bc_game_free(c->mirror);
		c->mirror = NULL;
		if (bc_game_new(&c->mirror, v, m->text, &be) != BC_OK) {
			snprintf(err, errsize, "the room sent a bad FEN (%s)",
			    be.message);
			return false;
		}
		return true;
	}
	case RM_PLAYED:
		if (!c->mirror || !mirror_move(c, m->move, &mv)) {
			snprintf(err, errsize, "the room sent an illegal move "
			    "(%s)", m->move);
			return false;
		}
		bc_game_push(c->mirror, mv);
		return true;
	case RM_CLOCK:
		c->joined.left_ms[0] = m->ms[0];
		c->joined.left_ms[1] = m->ms[1];
		return true;
	case RM_SYNCED:
		if (!c->mirror) {
			snprintf(err, errsize, "the room sent no game");
			return false;
		}
		*synced = true;
		return true;
	case RM_ERROR:
		snprintf(err, errsize, "the room says: %.200s", m->text);
		return false;
	case RM_BYE:
		snprintf(err, errsize, "the room has closed: %.200s", m->text);
		return false;
	default:
		if (!c->mirror) {
			snprintf(err, errsize, "the room sent a '%.40s' "
			    "before its game", c->in.line);
			return false;
		}
		/* A result, an offer, the guest's presence, watchers: the
		 * UI hears them as events once the game is on screen. */
		event_of(c, &ev);
		if (c->fd < 0) {
			snprintf(err, errsize, "%s", c->why);
			return false;
		}
		/* Chat before `synced` was said before we came. */
		ev.earlier = ev.kind == UI_REMOTE_SAID;
		if (ev.kind != UI_REMOTE_NONE)
			enqueue(c, &ev);
		return true;
	}
}

static int
handshake(struct room_client *c, int role, char *err, size_t errsize)
{
	struct room_msg m = { .kind = RM_HELLO, .version = ROOM_VERSION };
	int64_t deadline = now_ms() + ROOM_HANDSHAKE_MS;
	bool synced = false;

	m.role = (enum room_role)role;
	send_msg(c, &m);
	while (!synced) {
		int64_t now = now_ms();
		int rc;

		if (now >= deadline) {
			snprintf(err, errsize, "the room did not answer in %d "
			    "seconds", ROOM_HANDSHAKE_MS / 1000);
			return -1;
		}
		if (c->server)
			room_server_step(c->server, now);
		flush(c);
		rc = next_line(c);
		if (rc < 0) {
			snprintf(err, errsize, "%s", c->why);
			return -1;
		}
		if (rc == 0) {
			struct pollfd p = { .fd = c->fd, .events = POLLIN };

			poll(&p, 1, c->server ? 5 : 100);
			continue;
		}
		if (room_parse(c->in.line, c->in.len, &m, err, errsize) != 0)
			return -1;
		if (!handshake_line(c, &m, &synced, err, errsize))
			return -1;
	}
	return 0;
}

static int
seam_fds(void *ctx, struct ui_remote_fd *out, int max)
{
	struct room_client *c = ctx;
	int n = 0;

	if (c->fd >= 0 && n < max)
		out[n++] = (struct ui_remote_fd){ .fd = c->fd };
	if (c->fd >= 0 && c->out_len && n < max)
		out[n++] = (struct ui_remote_fd){ .fd = c->fd, .write = true };
	if (c->server) {
		struct pollfd p[ROOM_PEERS_MAX + 1];
		int k = room_server_fds(c->server, p, ROOM_PEERS_MAX + 1);

		for (int i = 0; i < k; i++) {
			if (n < max)
				out[n++] = (struct ui_remote_fd){ .fd = p[i].fd };
			if ((p[i].events & POLLOUT) && n < max)
				out[n++] = (struct ui_remote_fd){ .fd = p[i].fd,
					.write = true };
		}
	}
	return n;
}

static int
seam_timeout(void *ctx, int64_t now)
{
	struct room_client *c = ctx;

	(void)now;
	if (c->queued || c->rpos < c->rlen)
		return 0;
	return c->server ? room_server_timeout(c->server, now_ms()) : -1;
}

static void
seam_poll(void *ctx, int64_t now, struct ui_remote_event *ev)
{
	struct room_client *c = ctx;
	const char *why;

	(void)now;
	memset(ev, 0, sizeof *ev);
	if (c->queued) {
		*ev = c->queue[0];
		memmove(c->queue, c->queue + 1, (size_t)(c->queued - 1) *
		    sizeof *c->queue);
		c->queued--;
		return;
	}
	if (c->server) {
		room_server_step(c->server, now_ms());
		if (room_server_closed(c->server, &why) &&
		    !c->server_close_told) {
			c->server_close_told = true;
			ev->kind = UI_REMOTE_CLOSED;
			snprintf(ev->text, sizeof ev->text, "The room is "
			    "closed: %s.", why);
			return;
		}
	}
	flush(c);
	while (ev->kind == UI_REMOTE_NONE) {
		int rc = next_line(c);

		if (rc == 0)
			return;
		if (rc > 0)
			event_of(c, ev);
		if (c->fd < 0) {
			if (!c->closed_told) {
				c->closed_told = true;
				ev->kind = UI_REMOTE_CLOSED;
				snprintf(ev->text, sizeof ev->text, "%s",
				    c->why);
			}
			return;
		}
	}
}

static void
seam_move(void *ctx, const bc_game *game, bc_move mv)
{
	struct room_client *c = ctx;
	struct room_msg m = { .kind = RM_MOVE };

	bc_move_to_coord(bc_game_position(game), mv, m.move, sizeof m.move);
	send_msg(c, &m);
}

static void
seam_say(void *ctx, const char *text)
{
	struct room_client *c = ctx;
	struct room_msg m = { .kind = RM_SAY };

	snprintf(m.text, sizeof m.text, "%.*s", ROOM_TEXT_MAX, text);
	send_msg(c, &m);
}

static void
seam_offer(void *ctx, int offer)
{
	struct room_client *c = ctx;
	struct room_msg m = { .kind = RM_OFFER, .offer = offer };

	send_msg(c, &m);
}

static void
seam_answer(void *ctx, bool yes)
{
	struct room_client *c = ctx;
	struct room_msg m = { .kind = RM_ANSWER, .yes = yes };

	send_msg(c, &m);
}

static void
seam_resign(void *ctx)
{
	struct room_client *c = ctx;
	struct room_msg m = { .kind = RM_RESIGN };

	send_msg(c, &m);
}

int
room_client_open(struct room_client **out, struct room_joined *joined,
    int fd, int role, struct room_server *server, const char *room,
    char *err, size_t errsize)
{
	struct room_client *c = calloc(1, sizeof *c);

	if (!c) {
		close(fd);
		room_server_free(server, NULL);
		snprintf(err, errsize, "out of memory");
		return -1;
	}
	c->fd = fd;
	c->server = server;
	snprintf(c->room, sizeof c->room, "%s", room);
	if (!room_sock_nonblock(fd) ||
	    handshake(c, role, err, errsize) != 0) {
		room_client_free(c, NULL);
		return -1;
	}
	c->joined.game = c->mirror;
	*joined = c->joined;
	c->seam = (struct ui_remote){
		.ctx = c,
		.colour = c->joined.colour,
		.room_name = c->room,
		.host = server != NULL,
		.fds = seam_fds,
		.timeout = seam_timeout,
		.poll = seam_poll,
		.move = seam_move,
		.say = seam_say,
		.offer = seam_offer,
		.answer = seam_answer,
		.resign = seam_resign,
	};
	*out = c;
	return 0;
}

const struct ui_remote *
room_client_seam(struct room_client *c)
{
	return &c->seam;
}

void
room_client_free(struct room_client *c, const char *why)
{
	if (!c)
		return;
	if (c->fd >= 0 && !c->server) {
		struct room_msg m = { .kind = RM_BYE };

		snprintf(m.text, sizeof m.text, "leaving");
		send_msg(c, &m);
	}
	if (c->fd >= 0)
		close(c->fd);
	room_server_free(c->server, why);
	bc_game_free(c->mirror);
	free(c);
}
