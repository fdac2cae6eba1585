/*
 * room_server.c - a game room inside the host's process.
 *
 * The server holds the one true game.  Peers (the host's own connection,
 * the guest, watchers, and short-lived --rooms queries) send requests;
 * the server checks each against the game and the rules library and
 * tells everyone the outcome, so every screen shows the same game.  A
 * peer that says anything out of the protocol is sent one "error" line
 * and dropped; the game and the other peers go on untouched.
 *
 * Clocks run only while both players are connected: when the guest's
 * connection drops, the clock stops, and a guest who comes back (within
 * config.wait_ms) finds the game and the clocks where they were.
 */
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/socket.h>
#include <time.h>
#include <unistd.h>

#include "report.h"
#include "room_proto.h"
#include "room_record.h"
#include "room_server.h"
#include "room_sock.h"
#include "savegame.h"
#include "ui/clock.h"

enum { ROLE_NONE = -1, LINES_PER_STEP = 64, SAVE_CHAT_MS = 1000 };

struct peer {
	int fd;                    /* -1: a free slot */
	int role;                  /* enum room_role, or ROLE_NONE */
	bool closing;              /* flush what is queued, then close */
	bool is_host;              /* the host's own end */
	uid_t uid;
	char login[ROOM_LOGIN_MAX + 1];
	int64_t since;             /* ms: connected, or started closing */
	struct room_in in;
	struct room_rate rate;
	char *out;                 /* queued output */
	size_t out_len, out_cap;
};

struct room_server {
	struct room_config cfg;
	char path[4200];
	char name[ROOM_NAME_MAX + 1];
	char save_dir[SAVEGAME_PATH_MAX];
	char host_login[ROOM_LOGIN_MAX + 1];
	char guest_login[ROOM_LOGIN_MAX + 1]; /* "": no guest yet */
	int listen_fd;
	bc_game *game;
	struct chess_clock clock;
	int offer_from[2];        /* [offer]: who offered, or -1 */
	int64_t guest_left_at;    /* ms when the guest left, or -1 */
	const char *closed_why;   /* NULL: open */
	struct peer peers[ROOM_PEERS_MAX];
	/* The last chat lines, for those who join later (send_game) and
	 * for the room's record. */
	struct room_chat chat;
	/* Chat is saved with the game at most once a second (SAVE_CHAT_MS),
	 * so that many peers talking cannot make the host's loop wait on
	 * the disk: a line said sooner waits for the next save. */
	bool chat_unsaved;
	int64_t saved_at;         /* ms of the last save */
};

static int
player_colour(const struct room_server *s, const struct peer *p)
{
	if (p->role == ROLE_HOST)
		return s->cfg.host_colour;
	if (p->role == ROLE_GUEST)
		return !s->cfg.host_colour;
	return ROOM_NO_COLOUR;
}

static struct peer *
find_role(struct room_server *s, int role)
{
	for (int i = 0; i < ROOM_PEERS_MAX; i++)
		if (s->peers[i].fd >= 0 && !s->peers[i].closing &&
		    s->peers[i].role == role)
			return &s->peers[i];
	return NULL;
}

static bool
game_over(const struct room_server *s)
{
	return bc_game_result(s->game, NULL) != BC_RESULT_NONE;
}

static void
drop(struct peer *p)
{
	if (p->fd >= 0)
		close(p->fd);
	free(p->out);
	memset(p, 0, sizeof *p);
	p->fd = -1;
	p->role = ROLE_NONE;
}

/*
 * A peer that has stopped reading (or that we have no memory for) is
 * cut off rather than allowed to hold the host's memory: what is queued
 * goes, and the next write_peer closes it the way any leaving is.
 */
static void
cut_off(struct peer *p)
{
	p->out_len = 0;
	p->closing = true;
}

/* Queues `len` bytes for `p`.  The host's own end is never cut off: it
 * is read by this process's own loop. */
static void
queue(struct peer *p, const char *buf, size_t len)
{
	if (p->fd < 0 || p->closing)
		return;
	if (p->out_len + len > ROOM_OUT_MAX && !p->is_host) {
		cut_off(p);
		return;
	}
	if (p->out_len + len > p->out_cap) {
		size_t cap = p->out_cap ? p->out_cap : 4096;
		char *n;

		while (cap < p->out_len + len)
			cap *= 2;
		n = realloc(p->out, cap);
		if (!n) {
			cut_off(p);
			return;
		}
		p->out = n;
		p->out_cap = cap;
	}
	memcpy(p->out + p->out_len, buf, len);
	p->out_len += len;
}

static void
send_msg(struct peer *p, const struct room_msg *m)
{
	char line[ROOM_LINE_MAX + 2];
	int n = room_format(m, line, sizeof line);

	if (n > 0)
		queue(p, line, (size_t)n);
}

/* To everyone who has said hello (queries excepted). */
static void
broadcast(struct room_server *s, const struct room_msg *m)
{
	for (int i = 0; i < ROOM_PEERS_MAX; i++) {
		struct peer *p = &s->peers[i];

		if (p->fd >= 0 && p->role != ROLE_NONE &&
		    p->role != ROLE_QUERY)
			send_msg(p, m);
	}
}

/* Sends `p` one error line and closes it once that is written. */
static void
refuse(struct peer *p, const char *why, int64_t now)
{
	struct room_msg m = { .kind = RM_ERROR };

	snprintf(m.text, sizeof m.text, "%.*s", ROOM_TEXT_MAX, why);
	send_msg(p, &m);
	p->closing = true;
	p->since = now;
}

static void
clock_msg(const struct room_server *s, struct room_msg *m, int64_t now)
{
	m->ms[BC_WHITE] = clock_left(&s->clock, BC_WHITE, now);
	m->ms[BC_BLACK] = clock_left(&s->clock, BC_BLACK, now);
}

static int
watcher_count(const struct room_server *s)
{
	int n = 0;

	for (int i = 0; i < ROOM_PEERS_MAX; i++)
		n += s->peers[i].fd >= 0 && !s->peers[i].closing &&
		    s->peers[i].role == ROLE_WATCHER;
	return n;
}

static void
tell_watchers(struct room_server *s)
{
	struct room_msg m = { .kind = RM_WATCHERS };

	m.count = watcher_count(s);
	broadcast(s, &m);
}

/* The clock runs for the side to move while both players are here. */
static void
run_clock(struct room_server *s, int64_t now)
{
	bool both = find_role(s, ROLE_HOST) && find_role(s, ROLE_GUEST);

	if (!s->clock.enabled)
		return;
	if (both && !game_over(s)) {
		int side = bc_game_position(s->game)->side;

		if (s->clock.running != side)
			clock_start(&s->clock, side, now);
	} else if (s->clock.running >= 0) {
		clock_stop(&s->clock, now);
	}
}

/*
 * Keeps the room's game in the host's state folder after every change,
 * so that --host NAME --resume opens it again: an unfinished game only
 * (a finished one is in both players' own history).  The guest's side
 * is marked as the computer's in BigchessPlayers, which is how the
 * record says who the host is; the room's tags add whose the guest's
 * seat is and the chat (room_record.h).
 */
static void
save(struct room_server *s, int64_t now)
{
	struct ui_saved sv = { 0 };
	char file[ROOM_NAME_MAX + 16], err[256], path[sizeof s->save_dir +
	    ROOM_NAME_MAX + 16];
	char *text;

	s->chat_unsaved = false;
	s->saved_at = now;
	if (!s->save_dir[0])
		return;
	snprintf(file, sizeof file, "room-%s.pgn", s->name);
	if (game_over(s) || bc_game_length(s->game) == 0) {
		snprintf(path, sizeof path, "%s/%s", s->save_dir, file);
		if (game_over(s))
			unlink(path);
		return;
	}
	sv.game = s->game;
	sv.computer[!s->cfg.host_colour] = true;
	sv.clock_base_ms = s->cfg.base_ms;
	sv.clock_increment_ms = s->cfg.inc_ms;
	sv.clock_left_ms[BC_WHITE] = clock_left(&s->clock, BC_WHITE, now);
	sv.clock_left_ms[BC_BLACK] = clock_left(&s->clock, BC_BLACK, now);
	sv.level = 1;
	if (room_record_format(&sv, s->guest_login, &s->chat, &text) != BC_OK)
		return;
	/* A failure here costs only the room's --resume; the host's own
	 * autosave (its screen's) still has the game. */
	if (savegame_write_file(s->save_dir, file, text, strlen(text), err,
	    sizeof err) != 0)
		report_error("the room's game is not saved: %s", err);
	free(text);
}

static void
send_result(struct room_server *s, struct peer *to)
{
	struct room_msg m = { .kind = RM_RESULT };
	bc_reason reason;
	bc_result r = bc_game_result(s->game, &reason);

	if (r == BC_RESULT_NONE)
		return;
	switch (reason) {
	case BC_REASON_RESIGNATION:
		m.end = END_RESIGNATION;
		break;
	case BC_REASON_AGREEMENT:
		m.end = END_AGREEMENT;
		break;
	case BC_REASON_TIME:
		m.end = END_TIME;
		break;
	default:
		return; /* the rules decided: every peer sees it itself */
	}
	/* The colour that lost, or none for a draw. */
	m.colour = r == BC_RESULT_DRAW ? ROOM_NO_COLOUR
	    : r == BC_RESULT_WHITE_WINS ? BC_BLACK : BC_WHITE;
	if (to)
		send_msg(to, &m);
	else
		broadcast(s, &m);
}

/* The whole game for a peer that has just joined. */
static void
send_game(struct room_server *s, struct peer *p, int64_t now)
{
	struct room_msg m = { .kind = RM_WELCOME, .version = ROOM_VERSION };
	bc_position pos;
	int n = bc_game_length(s->game);

	m.role = (enum room_role)p->role;
	m.colour = player_colour(s, p);
	snprintf(m.name, sizeof m.name, "%s", s->host_login);
	send_msg(p, &m);
	memset(&m, 0, sizeof m);
	m.kind = RM_GAME;
	snprintf(m.variant, sizeof m.variant, "%s",
	    bc_variant_key(bc_game_variant(s->game)));
	m.ms[0] = s->cfg.base_ms;
	m.ms[1] = s->cfg.inc_ms;
	m.colour = s->cfg.host_colour;
	send_msg(p, &m);
	memset(&m, 0, sizeof m);
	m.kind = RM_START;
	bc_position_to_fen(bc_game_start(s->game), m.text, sizeof m.text);
	send_msg(p, &m);
	for (int i = 0; i < n && p->fd >= 0; i++) {
		memset(&m, 0, sizeof m);
		m.kind = RM_PLAYED;
		bc_game_position_at(s->game, i, &pos);
		bc_move_to_coord(&pos, bc_game_move(s->game, i), m.move,
		    sizeof m.move);
		send_msg(p, &m);
	}
	memset(&m, 0, sizeof m);
	m.kind = RM_CLOCK;
	clock_msg(s, &m, now);
	send_msg(p, &m);
	send_result(s, p);
	for (int o = 0; o < 2; o++) {
		if (s->offer_from[o] < 0)
			continue;
		memset(&m, 0, sizeof m);
		m.kind = RM_OFFERED;
		m.offer = o;
		m.colour = s->offer_from[o];
		send_msg(p, &m);
	}
	if (s->guest_login[0]) {
		memset(&m, 0, sizeof m);
		m.kind = RM_PEER;
		m.here = find_role(s, ROLE_GUEST) != NULL;
		snprintf(m.name, sizeof m.name, "%s", s->guest_login);
		send_msg(p, &m);
	}
	memset(&m, 0, sizeof m);
	m.kind = RM_WATCHERS;
	m.count = watcher_count(s);
	send_msg(p, &m);
	for (int i = 0; i < s->chat.count && p->fd >= 0; i++) {
		const struct room_said *c = room_chat_at(&s->chat, i);

		memset(&m, 0, sizeof m);
		m.kind = RM_SAID;
		snprintf(m.name, sizeof m.name, "%s", c->login);
		snprintf(m.text, sizeof m.text, "%s", c->text);
		send_msg(p, &m);
	}
	memset(&m, 0, sizeof m);
	m.kind = RM_SYNCED;
	send_msg(p, &m);
}

static void
answer_query(struct room_server *s, struct peer *p, int64_t now)
{
	struct room_msg m = { .kind = RM_ROOM };

	snprintf(m.name, sizeof m.name, "%s", s->host_login);
	snprintf(m.variant, sizeof m.variant, "%s",
	    bc_variant_key(bc_game_variant(s->game)));
	m.ms[0] = s->cfg.base_ms;
	m.ms[1] = s->cfg.inc_ms;
	m.count = bc_game_length(s->game);
	m.state = game_over(s) ? STATE_OVER : find_role(s, ROLE_GUEST)
	    ? STATE_PLAYING : STATE_WAITING;
	m.watchers = watcher_count(s);
	send_msg(p, &m);
	p->closing = true;
	p->since = now;
}

/* The guest came or went: the clocks stopped or started, as they
 * stand now. */
static void
peer_news(struct room_server *s, bool here, int64_t now)
{
	struct room_msg m = { .kind = RM_PEER };

	m.here = here;
	snprintf(m.name, sizeof m.name, "%s", s->guest_login);
	broadcast(s, &m);
	memset(&m, 0, sizeof m);
	m.kind = RM_CLOCK;
	clock_msg(s, &m, now);
	broadcast(s, &m);
}

static void
hello(struct room_server *s, struct peer *p, const struct room_msg *m,
    int64_t now)
{
	char why[ROOM_TEXT_MAX + 1];

	if (m->version != ROOM_VERSION) {
		snprintf(why, sizeof why, "this room speaks version %d of "
		    "the protocol, not %d", ROOM_VERSION, m->version);
		refuse(p, why, now);
		return;
	}
	if ((m->role == ROLE_HOST) != p->is_host) {
		refuse(p, "only the host's own process is the host", now);
		return;
	}
	if (m->role == ROLE_QUERY) {
		p->role = ROLE_QUERY;
		answer_query(s, p, now);
		return;
	}
	if (m->role == ROLE_GUEST) {
		if (find_role(s, ROLE_GUEST)) {
			snprintf(why, sizeof why, "the room has its opponent "
			    "(%s) already; --watch %s watches", s->guest_login,
			    s->name);
			refuse(p, why, now);
			return;
		}
		/* The seat is the login's that played the game so far (a
		 * login is a uid, from SO_PEERCRED), also after the host's
		 * --resume, which read it from the record. */
		if (s->guest_login[0] && strcmp(p->login, s->guest_login) &&
		    bc_game_length(s->game) > 0 && !game_over(s)) {
			snprintf(why, sizeof why, "the room keeps the "
			    "opponent's seat for %s, who played this game; "
			    "--watch %s watches (the host can free the seat "
			    "with --open-seat)", s->guest_login, s->name);
			refuse(p, why, now);
			return;
		}
		snprintf(s->guest_login, sizeof s->guest_login, "%s",
		    p->login);
		s->guest_left_at = -1;
	}
	p->role = m->role;
	send_game(s, p, now);
	if (p->role == ROLE_GUEST) {
		run_clock(s, now);
		peer_news(s, true, now);
		/* The record names whose the seat is now (a freed seat's new
		 * guest), for the next --resume. */
		save(s, now);
	} else if (p->role == ROLE_WATCHER) {
		tell_watchers(s);
	}
}

static void
moved(struct room_server *s, const char *coord, int64_t now)
{
	struct room_msg m = { .kind = RM_MOVED };

	snprintf(m.move, sizeof m.move, "%.12s", coord);
	clock_msg(s, &m, now);
	broadcast(s, &m);
}

static void
clear_offers(struct room_server *s)
{
	s->offer_from[OFFER_DRAW] = -1;
	s->offer_from[OFFER_TAKEBACK] = -1;
}

static void
move(struct room_server *s, struct peer *p, const struct room_msg *m,
    int64_t now)
{
	const bc_position *pos = bc_game_position(s->game);
	char coord[BC_MOVE_TEXT_MAX], why[160];
	int colour = player_colour(s, p);
	bc_move mv;

	if (colour == ROOM_NO_COLOUR) {
		refuse(p, "a watcher cannot move", now);
		return;
	}
	/* A move that crossed the end of the game (a flag, a resignation)
	 * on the way is no offence: it just comes too late. */
	if (game_over(s))
		return;
	if (pos->side != colour) {
		refuse(p, "a move out of turn", now);
		return;
	}
	if (bc_move_parse(pos, m->move, &mv, NULL) != BC_OK ||
	    (bc_move_to_coord(pos, mv, coord, sizeof coord),
	    strcmp(coord, m->move) != 0)) {
		snprintf(why, sizeof why, "an illegal move (%s)", m->move);
		refuse(p, why, now);
		return;
	}
	if (s->clock.enabled && clock_flagged(&s->clock, now))
		return; /* room_server_step ends the game on time */
	if (bc_game_push(s->game, mv) != BC_OK)
		return;
	if (s->clock.enabled) {
		if (s->clock.running == colour)
			clock_moved(&s->clock, colour, now);
		else
			clock_set_left(&s->clock, colour,
			    clock_left(&s->clock, colour, now) +
			    s->clock.increment);
	}
	clear_offers(s);
	moved(s, coord, now);
	run_clock(s, now);
	save(s, now);
}

static void
say(struct room_server *s, struct peer *p, const struct room_msg *m,
    int64_t now)
{
	struct room_msg out = { .kind = RM_SAID };

	snprintf(out.name, sizeof out.name, "%s", p->login);
	snprintf(out.text, sizeof out.text, "%s", m->text);
	broadcast(s, &out);
	/* Kept for whoever joins later, and in the record for a resumed
	 * room's; the oldest line makes room. */
	room_chat_add(&s->chat, p->login, m->text);
	if (now - s->saved_at >= SAVE_CHAT_MS)
		save(s, now);
	else
		s->chat_unsaved = true;
}

/* Plies a take-back removes for `colour`: back to its last move. */
static int
takeback_plies(const struct room_server *s, int colour)
{
	int n = bc_game_length(s->game);
	int plies = bc_game_position(s->game)->side == colour ? 2 : 1;

	return plies <= n ? plies : 0;
}

static void
offer(struct room_server *s, struct peer *p, const struct room_msg *m,
    int64_t now)
{
	struct room_msg out = { .kind = RM_OFFERED };
	int colour = player_colour(s, p);

	if (colour == ROOM_NO_COLOUR) {
		refuse(p, "a watcher cannot offer anything", now);
		return;
	}
	if (game_over(s) || s->offer_from[m->offer] >= 0)
		return;
	if (m->offer == OFFER_TAKEBACK && !takeback_plies(s, colour))
		return;
	s->offer_from[m->offer] = colour;
	out.offer = m->offer;
	out.colour = colour;
	broadcast(s, &out);
}

static void
answer(struct room_server *s, struct peer *p, const struct room_msg *m,
    int64_t now)
{
	struct room_msg out = { 0 };
	int colour = player_colour(s, p), o;

	if (colour == ROOM_NO_COLOUR) {
		refuse(p, "a watcher cannot answer an offer", now);
		return;
	}
	/* The offer the other side made, the take-back first. */
	for (o = OFFER_TAKEBACK; o >= OFFER_DRAW; o--)
		if (s->offer_from[o] == !colour)
			break;
	if (o < 0 || game_over(s))
		return; /* withdrawn by a move meanwhile: nothing to answer */
	s->offer_from[o] = -1;
	if (!m->yes) {
		out.kind = RM_DECLINED;
		out.offer = o;
		out.colour = !colour;
		broadcast(s, &out);
		return;
	}
	if (o == OFFER_DRAW) {
		clock_stop(&s->clock, now);
		bc_game_agree_draw(s->game);
		send_result(s, NULL);
		save(s, now);
		return;
	}
	for (int n = takeback_plies(s, !colour); n > 0; n--)
		bc_game_undo(s->game);
	clear_offers(s);
	out.kind = RM_TAKEBACK;
	out.count = bc_game_length(s->game);
	clock_msg(s, &out, now);
	broadcast(s, &out);
	if (s->clock.running >= 0)
		clock_stop(&s->clock, now);
	run_clock(s, now);
	save(s, now);
}

static void
resign(struct room_server *s, struct peer *p, int64_t now)
{
	int colour = player_colour(s, p);

	if (colour == ROOM_NO_COLOUR) {
		refuse(p, "a watcher cannot resign", now);
		return;
	}
	if (game_over(s))
		return;
	clock_stop(&s->clock, now);
	bc_game_resign(s->game, colour);
	clear_offers(s);
	send_result(s, NULL);
	save(s, now);
}

/* One line from `p`. */
static void
line(struct room_server *s, struct peer *p, int64_t now)
{
	struct room_msg m;
	char err[160], why[200];

	if (!p->is_host && !room_rate_take(&p->rate, now)) {
		refuse(p, "too many lines too fast", now);
		return;
	}
	if (room_parse(p->in.line, p->in.len, &m, err, sizeof err) != 0) {
		snprintf(why, sizeof why, "bad line: %s", err);
		refuse(p, why, now);
		return;
	}
	if (p->role == ROLE_NONE) {
		if (m.kind == RM_HELLO)
			hello(s, p, &m, now);
		else
			refuse(p, "hello first", now);
		return;
	}
	switch (m.kind) {
	case RM_MOVE:
		move(s, p, &m, now);
		break;
	case RM_SAY:
		say(s, p, &m, now);
		break;
	case RM_OFFER:
		offer(s, p, &m, now);
		break;
	case RM_ANSWER:
		answer(s, p, &m, now);
		break;
	case RM_RESIGN:
		resign(s, p, now);
		break;
	case RM_BYE:
		p->closing = true;
		p->since = now;
		break;
	default:
		refuse(p, "a message that only the host sends", now);
		break;
	}
}

/* A peer has gone: what that means for the room. */
static void
left(struct room_server *s, struct peer *p, int64_t now)
{
	int role = p->role;

	drop(p);
	if (role == ROLE_GUEST) {
		s->guest_left_at = now;
		run_clock(s, now);
		peer_news(s, false, now);
		save(s, now);
	} else if (role == ROLE_WATCHER) {
		tell_watchers(s);
	}
}

static void
read_peer(struct room_server *s, struct peer *p, int64_t now)
{
	char buf[4096];
	ssize_t n = read(p->fd, buf, sizeof buf);
	size_t at = 0;

	if (n == 0 || (n < 0 && errno != EAGAIN && errno != EINTR)) {
		left(s, p, now);
		return;
	}
	if (p->closing) /* what it says now is not heard */
		return;
	while (n > 0 && at < (size_t)n && p->fd >= 0 && !p->closing) {
		at += room_in_feed(&p->in, buf + at, (size_t)n - at);
		if (p->in.too_long) {
			refuse(p, "a line longer than 1024 bytes", now);
			return;
		}
		if (room_in_line(&p->in)) {
			line(s, p, now);
			room_in_next(&p->in);
		}
	}
}

static void
write_peer(struct room_server *s, struct peer *p, int64_t now)
{
	while (p->out_len > 0) {
		ssize_t n = send(p->fd, p->out, p->out_len, MSG_NOSIGNAL);

		if (n < 0) {
			if (errno == EAGAIN || errno == EINTR)
				return;
			left(s, p, now);
			return;
		}
		memmove(p->out, p->out + n, p->out_len - (size_t)n);
		p->out_len -= (size_t)n;
	}
	if (p->closing)
		left(s, p, now);
}

static int
add_peer(struct room_server *s, int fd, bool is_host, int64_t now)
{
	for (int i = 0; i < ROOM_PEERS_MAX; i++) {
		struct peer *p = &s->peers[i];

		if (p->fd >= 0)
			continue;
		memset(p, 0, sizeof *p);
		p->fd = fd;
		p->role = ROLE_NONE;
		p->is_host = is_host;
		p->since = now;
		if (!room_sock_peer_uid(fd, &p->uid))
			p->uid = (uid_t)-1;
		room_sock_login(p->uid, p->login, sizeof p->login);
		room_rate_init(&p->rate, now);
		return 0;
	}
	return -1;
}

static void
accept_peers(struct room_server *s, int64_t now)
{
	for (;;) {
		int fd = accept(s->listen_fd, NULL, NULL);

		if (fd < 0)
			return;
		if (!room_sock_nonblock(fd) || add_peer(s, fd, false, now)) {
			static const char full[] =
			    "error the room is full\n";

			send(fd, full, sizeof full - 1,
			    MSG_NOSIGNAL | MSG_DONTWAIT);
			close(fd);
		}
	}
}

/* The flag, and the peers that have had their time. */
static void
timers(struct room_server *s, int64_t now)
{
	if (s->clock.enabled && s->clock.running >= 0 && !game_over(s) &&
	    clock_flagged(&s->clock, now)) {
		int side = s->clock.running;

		clock_stop(&s->clock, now);
		bc_game_lose_on_time(s->game, side);
		clear_offers(s);
		send_result(s, NULL);
		save(s, now);
	}
	if (s->chat_unsaved && now - s->saved_at >= SAVE_CHAT_MS)
		save(s, now);
	for (int i = 0; i < ROOM_PEERS_MAX; i++) {
		struct peer *p = &s->peers[i];

		if (p->fd < 0)
			continue;
		if (p->role == ROLE_NONE && !p->closing &&
		    now - p->since > ROOM_HELLO_MS)
			refuse(p, "no hello in time", now);
		else if (p->closing && now - p->since > ROOM_HELLO_MS)
			left(s, p, now);
	}
	if (!s->closed_why && s->guest_left_at >= 0 && s->cfg.wait_ms > 0 &&
	    now - s->guest_left_at >= s->cfg.wait_ms && !game_over(s)) {
		s->closed_why = "the opponent did not come back in time; "
		    "bigchess --resume --host opens the room again";
		close(s->listen_fd);
		s->listen_fd = -1;
		unlink(s->path);
	}
}

int
room_server_fds(const struct room_server *s, struct pollfd *out, int max)
{
	int n = 0;

	if (s->listen_fd >= 0 && n < max)
		out[n++] = (struct pollfd){ .fd = s->listen_fd,
			.events = POLLIN };
	for (int i = 0; i < ROOM_PEERS_MAX && n < max; i++) {
		const struct peer *p = &s->peers[i];

		if (p->fd >= 0)
			out[n++] = (struct pollfd){ .fd = p->fd,
				.events = (short)(POLLIN |
				    (p->out_len ? POLLOUT : 0)) };
	}
	return n;
}

int
room_server_timeout(const struct room_server *s, int64_t now)
{
	int64_t t = -1;

	if (s->clock.enabled && s->clock.running >= 0) {
		t = clock_left(&s->clock, s->clock.running, now);
		if (t < 0)
			t = 0;
	}
	for (int i = 0; i < ROOM_PEERS_MAX; i++)
		if (s->peers[i].fd >= 0 && (s->peers[i].role == ROLE_NONE ||
		    s->peers[i].closing)) {
			int64_t d = s->peers[i].since + ROOM_HELLO_MS + 1 - now;

			if (d < 0)
				d = 0;
			if (t < 0 || d < t)
				t = d;
		}
	if (s->chat_unsaved) {
		int64_t d = s->saved_at + SAVE_CHAT_MS - now;

		if (d < 0)
			d = 0;
		if (t < 0 || d < t)
			t = d;
	}
	if (s->guest_left_at >= 0 && s->cfg.wait_ms > 0 && !s->closed_why) {
		int64_t d = s->guest_left_at + s->cfg.wait_ms - now;

		if (d < 0)
			d = 0;
		if (t < 0 || d < t)
			t = d;
	}
	return t > 1000 ? 1000 : (int)t;
}

void
room_server_step(struct room_server *s, int64_t now)
{
	struct pollfd fds[ROOM_PEERS_MAX + 1];
	int n;

	if (s->listen_fd >= 0)
		accept_peers(s, now);
	n = room_server_fds(s, fds, ROOM_PEERS_MAX + 1);
	if (n > 0 && poll(fds, (nfds_t)n, 0) > 0) {
		for (int i = 0; i < ROOM_PEERS_MAX; i++) {
			struct peer *p = &s->peers[i];

			for (int k = 0; k < n && p->fd >= 0; k++) {
				if (fds[k].fd != p->fd)
					continue;
				if (fds[k].revents & (POLLIN | POLLHUP |
				    POLLERR))
					read_peer(s, p, now);
				break;
			}
		}
	}
	timers(s, now);
	for (int i = 0; i < ROOM_PEERS_MAX; i++)
		if (s->peers[i].fd >= 0)
			write_peer(s, &s->peers[i], now);
}

bool
room_server_closed(const struct room_server *s, const char **why)
{
	if (why)
		*why = s->closed_why;
	return s->closed_why != NULL;
}

int
room_server_open(struct room_server **out, int *host_fd,
    const struct room_config *c, int64_t now, char *err, size_t errsize)
{
	struct room_server *s = calloc(1, sizeof *s);
	char fen[BC_FEN_MAX] = "";
	bc_error be;
	bool busy;
	int sv[2];

	if (!s) {
		snprintf(err, errsize, "out of memory");
		return -1;
	}
	s->cfg = *c;
	s->listen_fd = -1;
	s->guest_left_at = -1;
	clear_offers(s);
	for (int i = 0; i < ROOM_PEERS_MAX; i++) {
		s->peers[i].fd = -1;
		s->peers[i].role = ROLE_NONE;
	}
	snprintf(s->name, sizeof s->name, "%s", c->name);
	snprintf(s->path, sizeof s->path, "%s/%s", c->dir, c->name);
	if (c->save_dir)
		snprintf(s->save_dir, sizeof s->save_dir, "%s", c->save_dir);
	s->cfg.dir = NULL;
	s->cfg.name = NULL;
	s->cfg.fen = NULL;
	s->cfg.resume = NULL;
	s->cfg.save_dir = NULL;
	room_sock_login(getuid(), s->host_login, sizeof s->host_login);
	/* A resumed game is replayed from the record's own start, every
	 * move checked again on the way. */
	if (c->resume)
		bc_position_to_fen(bc_game_start(c->resume), fen, sizeof fen);
	if (bc_game_new(&s->game, c->variant, c->resume ? fen : c->fen, &be)
	    != BC_OK) {
		snprintf(err, errsize, "bad FEN at byte %zu: %s",
		    be.offset + 1, be.message);
		free(s);
		return -1;
	}
	for (int i = 0; c->resume && i < bc_game_length(c->resume); i++)
		if (bc_game_push(s->game, bc_game_move(c->resume, i)) != BC_OK) {
			snprintf(err, errsize, "the saved room's game has an "
			    "illegal move");
			bc_game_free(s->game);
			free(s);
			return -1;
		}
	if (c->resume && c->guest_login)
		snprintf(s->guest_login, sizeof s->guest_login, "%s",
		    c->guest_login);
	if (c->resume && c->chat)
		s->chat = *c->chat;
	s->cfg.guest_login = NULL;
	s->cfg.chat = NULL;
	clock_setup(&s->clock, c->base_ms, c->inc_ms);
	if (c->resume && c->base_ms > 0) {
		clock_set_left(&s->clock, BC_WHITE, c->left_ms[BC_WHITE]);
		clock_set_left(&s->clock, BC_BLACK, c->left_ms[BC_BLACK]);
	}
	s->listen_fd = room_sock_listen(s->path, c->shared, &busy, err,
	    errsize);
	if (s->listen_fd < 0) {
		bc_game_free(s->game);
		free(s);
		return -1;
	}
	if (socketpair(AF_UNIX, SOCK_STREAM | SOCK_CLOEXEC, 0, sv) != 0 ||
	    !room_sock_nonblock(sv[0]) || !room_sock_nonblock(sv[1]) ||
	    add_peer(s, sv[0], true, now) != 0) {
		snprintf(err, errsize, "cannot make the host's connection: %s",
		    strerror(errno));
		room_server_free(s, NULL);
		return -1;
	}
	*host_fd = sv[1];
	*out = s;
	return 0;
}

void
room_server_free(struct room_server *s, const char *why)
{
	struct room_msg m = { .kind = RM_BYE };

	if (!s)
		return;
	if (s->chat_unsaved) {
		struct timespec ts;

		clock_gettime(CLOCK_MONOTONIC, &ts);
		save(s, (int64_t)ts.tv_sec * 1000 + ts.tv_nsec / 1000000);
	}
	snprintf(m.text, sizeof m.text, "%s", why ? why : "the host left");
	for (int i = 0; i < ROOM_PEERS_MAX; i++) {
		struct peer *p = &s->peers[i];

		if (p->fd < 0)
			continue;
		if (p->role != ROLE_NONE && !p->is_host) {
			send_msg(p, &m);
			/* One try: a peer that does not read is not waited
			 * for on the way out. */
			if (p->fd >= 0 && p->out_len)
				(void)!send(p->fd, p->out, p->out_len,
				    MSG_NOSIGNAL | MSG_DONTWAIT);
		}
		drop(p);
	}
	if (s->listen_fd >= 0) {
		close(s->listen_fd);
		unlink(s->path);
	}
	bc_game_free(s->game);
	free(s);
}
