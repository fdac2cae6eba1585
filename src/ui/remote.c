/*
 * remote.c - a game room on the game screen: the other player is a
 * person at another terminal, reached through opts->remote (ui.h).
 *
 * The room is the authority.  The person's move is checked here with the
 * rules library as always, then sent, and the board changes only when
 * the room reports it played (an event), like the opponent's moves; so
 * every screen in the room shows the same game, and the clocks are set
 * from the room's at every move.  Undo, draw and resign become requests
 * to the opponent, and the status line always says whose move it is and
 * whether the opponent is connected.
 */
#include <stdio.h>
#include <string.h>

#include "terminal.h"
#include "ui_state.h"

static const char *const side_name[2] = { "White", "Black" };
static const char *const offer_name[2] = { "a draw", "a take-back" };

static const struct ui_remote *
seam(const struct ui *ui)
{
	return ui->opts->remote;
}

static bool
watching(const struct ui *ui)
{
	return seam(ui)->colour == UI_REMOTE_WATCHING;
}

/* Is the other player there?  For a watcher: both players. */
static bool
opponent_here(const struct ui *ui)
{
	if (ui->room.closed)
		return false;
	return seam(ui)->host || watching(ui) ? ui->room.guest_here : true;
}

/* The clock runs while both players are in the room. */
static void
follow_presence(struct ui *ui)
{
	struct chess_clock *c = &ui->play.clock;
	int side = play_side(&ui->play);

	if (!c->enabled)
		return;
	if (opponent_here(ui) && !play_over(&ui->play)) {
		if (c->running != side)
			clock_start(c, side, ui->now);
	} else if (c->running >= 0) {
		clock_stop(c, ui->now);
	}
}

static void
set_clocks(struct ui *ui, const int64_t *ms)
{
	struct chess_clock *c = &ui->play.clock;

	if (!c->enabled)
		return;
	clock_set_left(c, BC_WHITE, ms[BC_WHITE]);
	clock_set_left(c, BC_BLACK, ms[BC_BLACK]);
	c->since = ui->now;
	follow_presence(ui);
}

static void
chat_add(struct ui *ui, const char *who, const char *text)
{
	struct room_view *r = &ui->room;
	char raw[ROOM_CHAT_TEXT];

	if (r->chat_count == ROOM_CHAT_LINES) {
		memmove(r->chat[0], r->chat[1], sizeof r->chat[0] *
		    (ROOM_CHAT_LINES - 1));
		r->chat_count--;
	}
	snprintf(raw, sizeof raw, "%s: %s", who, text);
	/* The text came from another person: shown, never obeyed. */
	bc_text_sanitise(r->chat[r->chat_count], sizeof r->chat[0], raw,
	    strlen(raw), ui->ascii ? BC_TEXT_ASCII : 0);
	r->chat_count++;
}

void
remote_start(struct ui *ui)
{
	struct room_view *r = &ui->room;

	memset(r, 0, sizeof *r);
	r->offer_open = -1;
	if (!seam(ui)->host && seam(ui)->host_login)
		snprintf(r->opponent, sizeof r->opponent, "%s",
		    seam(ui)->host_login);
	if (!ui->playing)
		return;
	ui->play.players[BC_WHITE] = PLAYER_HUMAN;
	ui->play.players[BC_BLACK] = PLAYER_HUMAN;
	ui->play.autoflip = false;
	if (!watching(ui))
		ui->play.black_at_bottom = seam(ui)->colour == BC_BLACK;
	follow_presence(ui);
	if (seam(ui)->host && seam(ui)->join_command)
		ui_say(ui, "Room %s is open: the opponent types  %s",
		    seam(ui)->room_name, seam(ui)->join_command);
	else if (watching(ui))
		ui_say(ui, "Watching room %s.", seam(ui)->room_name);
	else
		ui_say(ui, "In room %s you play %s against %s.", seam(ui)->room_name,
		    side_name[seam(ui)->colour], r->opponent[0] ? r->opponent
		    : "the host");
}

/* The opponent's offer, to answer with y or n. */
static int
ask_offer(struct ui *ui, int offer)
{
	char text[DIALOG_TEXT];

	ui->room.offer_open = offer;
	snprintf(text, sizeof text, "%s asks for %s.", ui->room.opponent[0]
	    ? ui->room.opponent : "The opponent", offer_name[offer]);
	/* Over whatever was open: an answer is wanted now. */
	ui->depth = 1;
	dialog_open(ui, offer == UI_OFFER_DRAW ? DIALOG_ROOM_DRAW
	    : DIALOG_ROOM_TAKEBACK, "The opponent asks", text);
	dialog_add(ui, 'y', "Yes", ACT_YES, 0);
	dialog_add(ui, 'n', "No", ACT_NO, 0);
	dialog_select(ui, 1);
	return UI_DRAW;
}

static int
result(struct ui *ui, const struct ui_remote_event *ev)
{
	bc_game *g = ui->play.game;

	if (play_over(&ui->play))
		return UI_DRAW;
	if (ev->end == UI_END_AGREEMENT)
		bc_game_agree_draw(g);
	else if (ev->colour > BC_BLACK)
		return UI_DRAW;
	else if (ev->end == UI_END_TIME)
		bc_game_lose_on_time(g, ev->colour);
	else
		bc_game_resign(g, ev->colour);
	play_settle(&ui->play, ui->now);
	ui->message[0] = '\0';
	return UI_DRAW | UI_CHANGED; /* the loop announces the end */
}

/*
 * Plays a move the room reports, as actions_push plays one of the
 * person's (but not through it: actions.c comes here for the person's
 * moves, and the two files stay apart).
 */
static int
played(struct ui *ui, bc_move m)
{
	char san[BC_MOVE_TEXT_MAX];
	int rc;

	piece_info_clear(ui);
	bc_move_to_san(play_position(&ui->play), m, san, sizeof san);
	rc = play_push(&ui->play, m, ui->now);
	if (rc != BC_OK) {
		ui_error(ui, "Cannot play %s: %s", san, bc_strerror(rc));
		return UI_DRAW | UI_BEEP;
	}
	ui->play.selected = 0;
	ui_say(ui, "%s played %s%s.", side_name[!play_side(&ui->play)], san,
	    ui->play.reviewing ? " in the game (> shows it)" : "");
	return UI_DRAW | UI_CHANGED;
}

static int
event(struct ui *ui, const struct ui_remote_event *ev)
{
	struct room_view *r = &ui->room;
	int flags = UI_DRAW;

	switch (ev->kind) {
	case UI_REMOTE_MOVED:
		r->move_sent = false;
		flags = played(ui, ev->move);
		r->offer_sent[0] = r->offer_sent[1] = false;
		if (r->offer_open >= 0 &&
		    (dialog_showing(ui, DIALOG_ROOM_DRAW) ||
		    dialog_showing(ui, DIALOG_ROOM_TAKEBACK)))
			ui_pop(ui);
		r->offer_open = -1;
		set_clocks(ui, ev->clock_ms);
		return flags | UI_CHANGED;
	case UI_REMOTE_SAID:
		chat_add(ui, ev->who, ev->text);
		/* The backlog goes to the panel only: the status line keeps
		 * saying where we are. */
		if (!ev->earlier)
			ui_say(ui, "%s", r->chat[r->chat_count - 1]);
		return UI_DRAW;
	case UI_REMOTE_OFFERED:
		if (!watching(ui) && ev->colour != seam(ui)->colour &&
		    ev->offer >= 0 && ev->offer <= UI_OFFER_TAKEBACK)
			return ask_offer(ui, ev->offer);
		if (ev->colour <= BC_BLACK && ev->offer >= 0 &&
		    ev->offer <= UI_OFFER_TAKEBACK)
			ui_say(ui, "%s asks for %s.", side_name[ev->colour],
			    offer_name[ev->offer]);
		return UI_DRAW;
	case UI_REMOTE_DECLINED:
		if (ev->offer < 0 || ev->offer > UI_OFFER_TAKEBACK ||
		    ev->colour > BC_BLACK)
			return UI_DRAW;
		r->offer_sent[ev->offer] = false;
		if (ev->colour == seam(ui)->colour)
			ui_say(ui, "The opponent said no to %s.",
			    offer_name[ev->offer]);
		else
			ui_say(ui, "%s's request for %s was declined.",
			    side_name[ev->colour], offer_name[ev->offer]);
		if (r->offer_open == ev->offer && ui_top(ui) == &screen_dialog)
			ui_pop(ui);
		if (r->offer_open == ev->offer)
			r->offer_open = -1;
		return UI_DRAW;
	case UI_REMOTE_TAKEBACK:
		r->offer_sent[UI_OFFER_TAKEBACK] = false;
		r->offer_open = -1;
		if (ev->count < bc_game_length(ui->play.game))
			play_undo_to(&ui->play, (int)ev->count, ui->now);
		set_clocks(ui, ev->clock_ms);
		ui_say(ui, "Taken back: %s to move.",
		    side_name[play_side(&ui->play)]);
		return UI_DRAW | UI_CHANGED;
	case UI_REMOTE_RESULT:
		return result(ui, ev);
	case UI_REMOTE_PEER:
		r->guest_here = ev->here;
		snprintf(r->guest, sizeof r->guest, "%s", ev->who);
		if (seam(ui)->host)
			snprintf(r->opponent, sizeof r->opponent, "%s", ev->who);
		follow_presence(ui);
		if (seam(ui)->colour == UI_REMOTE_WATCHING || seam(ui)->host)
			ui_say(ui, ev->here ? "%s is in the room." : "%s has "
			    "left the room; the clocks wait for them.", ev->who);
		return UI_DRAW;
	case UI_REMOTE_WATCHERS:
		r->watchers = (int)ev->count;
		return UI_DRAW;
	case UI_REMOTE_CLOCK:
		set_clocks(ui, ev->clock_ms);
		return UI_DRAW;
	case UI_REMOTE_CLOSED:
		r->closed = true;
		snprintf(r->closed_why, sizeof r->closed_why, "%s", ev->text);
		follow_presence(ui);
		ui_error(ui, "%s", ev->text);
		return UI_DRAW;
	case UI_REMOTE_NONE:
		break;
	}
	return 0;
}

int
remote_tick(struct ui *ui)
{
	struct ui_remote_event ev;
	int flags = 0;

	if (!seam(ui) || !ui->playing)
		return 0;
	/* Enough for a burst, and the keys still get their turn. */
	for (int i = 0; i < 64; i++) {
		seam(ui)->poll(seam(ui)->ctx, ui->now, &ev);
		if (ev.kind == UI_REMOTE_NONE)
			break;
		flags |= event(ui, &ev);
	}
	return flags;
}

int
remote_wait(struct ui *ui, int ms)
{
	struct ui_remote_fd fds[TERM_WATCH_MAX];
	struct term_fd tf[TERM_WATCH_MAX];
	int n, t;

	if (!seam(ui))
		return ms;
	n = seam(ui)->fds(seam(ui)->ctx, fds, TERM_WATCH_MAX);
	for (int i = 0; i < n; i++) {
		tf[i].fd = fds[i].fd;
		tf[i].write = fds[i].write;
	}
	term_watch(tf, n);
	t = seam(ui)->timeout(seam(ui)->ctx, ui->now);
	if (t >= 0 && (ms < 0 || t < ms))
		ms = t;
	return ms;
}

/* Why the person cannot move now, or NULL. */
static const char *
cannot_move(const struct ui *ui)
{
	if (watching(ui))
		return "You are watching this game.";
	if (ui->room.closed)
		return "The room is closed: no more moves.";
	if (play_side(&ui->play) != seam(ui)->colour)
		return "It is the opponent's move.";
	if (ui->room.move_sent)
		return "Your move is on its way to the room.";
	return NULL;
}

int
remote_push(struct ui *ui, bc_move m)
{
	const char *why = cannot_move(ui);

	ui->play.selected = 0;
	if (why) {
		ui_error(ui, "%s", why);
		return UI_DRAW | UI_BEEP;
	}
	ui->room.move_sent = true;
	seam(ui)->move(seam(ui)->ctx, ui->play.game, m);
	return UI_DRAW;
}

static int
request(struct ui *ui, int offer)
{
	const char *why = watching(ui) ? "You are watching this game."
	    : ui->room.closed ? "The room is closed." : NULL;

	if (!why && play_over(&ui->play))
		why = "The game is over.";
	if (!why && offer == UI_OFFER_TAKEBACK) {
		int n = bc_game_length(ui->play.game);
		bool mine = play_side(&ui->play) != seam(ui)->colour;

		if (n < (mine ? 1 : 2))
			why = "You have no move to take back.";
	}
	if (!why && ui->room.offer_sent[offer])
		why = "You have asked already; the opponent has not answered.";
	if (why) {
		ui_error(ui, "%s", why);
		return UI_DRAW;
	}
	ui->room.offer_sent[offer] = true;
	seam(ui)->offer(seam(ui)->ctx, offer);
	ui_say(ui, "You ask for %s; waiting for the opponent's answer.",
	    offer_name[offer]);
	return UI_DRAW;
}

bool
remote_command(struct ui *ui, enum command cmd, int *flags)
{
	if (!seam(ui))
		return false;
	*flags = UI_DRAW;
	switch (cmd) {
	case CMD_UNDO:
		if (ui->play.reviewing)
			return false;
		*flags = request(ui, UI_OFFER_TAKEBACK);
		return true;
	case CMD_DRAW:
		*flags = request(ui, UI_OFFER_DRAW);
		return true;
	case CMD_RESIGN:
		if (watching(ui) || ui->room.closed || play_over(&ui->play)) {
			ui_error(ui, "%s", watching(ui) ? "You are watching "
			    "this game." : "There is nothing to resign.");
			return true;
		}
		return false; /* the usual question; remote_answer sends it */
	case CMD_REDO:
		ui_error(ui, "In a room, a move taken back stays taken back.");
		return true;
	case CMD_HINT:
	case CMD_MOVE_NOW:
	case CMD_THINKING:
		ui_error(ui, "No help from the computer in a game room.");
		return true;
	case CMD_NEW:
		ui_error(ui, "A room plays one game: q leaves it.");
		return true;
	case CMD_SAY:
		prompt_open(ui, "say ");
		return true;
	default:
		return false;
	}
}

bool
remote_answer(struct ui *ui, const struct dialog_answer *a, int *flags)
{
	if (!seam(ui))
		return false;
	*flags = UI_DRAW;
	switch (a->kind) {
	case DIALOG_ROOM_DRAW:
	case DIALOG_ROOM_TAKEBACK:
		if (ui->room.offer_open >= 0 && !ui->room.closed)
			seam(ui)->answer(seam(ui)->ctx, a->action == ACT_YES);
		ui->room.offer_open = -1;
		return true;
	case DIALOG_RESIGN:
		if (a->action == ACT_YES && !ui->room.closed &&
		    !play_over(&ui->play))
			seam(ui)->resign(seam(ui)->ctx);
		return true;
	case DIALOG_TAKE_BACK:
		ui_error(ui, "In a room, u asks the opponent to take back "
		    "your last move.");
		return true;
	case DIALOG_FEN_NEW:
		return true;
	case DIALOG_GAME_OVER:
		if (a->action == ACT_NEW) {
			ui_error(ui, "A room plays one game: q leaves it.");
			return true;
		}
		return false;
	default:
		return false;
	}
}

int
remote_say(struct ui *ui, const char *text)
{
	while (*text == ' ')
		text++;
	if (!seam(ui)) {
		ui_error(ui, ":say is for game rooms (bigchess --host NAME).");
		return UI_DRAW;
	}
	if (!*text) {
		ui_error(ui, "Say what? :say TEXT sends a line of chat.");
		return UI_DRAW;
	}
	if (ui->room.closed) {
		ui_error(ui, "The room is closed: nobody hears it.");
		return UI_DRAW;
	}
	if (strlen(text) > UI_REMOTE_SAY_MAX) {
		ui_error(ui, "Too long: a line of chat has %d bytes at most.",
		    UI_REMOTE_SAY_MAX);
		return UI_DRAW;
	}
	seam(ui)->say(seam(ui)->ctx, text);
	return UI_DRAW;
}

bool
remote_refuses_fen(struct ui *ui)
{
	if (!seam(ui))
		return false;
	ui_error(ui, "A room plays one game: :fen FEN cannot replace it.");
	return true;
}

void
remote_status(const struct ui *ui, char *buf, size_t size)
{
	const struct play *p = &ui->play;
	const char *other = opponent_here(ui) ? "connected" : "not connected";

	if (ui->room.closed) {
		snprintf(buf, size, "%s", ui->room.closed_why);
	} else if (watching(ui)) {
		snprintf(buf, size, "Watching room %s: %s to move; %s %s.",
		    seam(ui)->room_name, side_name[play_side(p)],
		    ui->room.guest[0] ? ui->room.guest : "the opponent",
		    ui->room.guest_here ? "is here" : "is not here");
	} else if (seam(ui)->host && !ui->room.guest[0]) {
		snprintf(buf, size, "%s to move; waiting for an opponent: "
		    "bigchess --join %s", side_name[play_side(p)],
		    seam(ui)->room_name);
	} else {
		snprintf(buf, size, "%s; the opponent is %s.",
		    play_side(p) == seam(ui)->colour ? "Your move"
		    : "The opponent's move", other);
	}
}

/* The panel's line for `side`'s player in a room: "White: alice". */
bool
remote_player_line(const struct ui *ui, int side, char *buf, size_t size)
{
	const char *who;

	if (!seam(ui) || side < BC_WHITE || side > BC_BLACK)
		return false;
	if (side == seam(ui)->host_colour)
		who = seam(ui)->host_login && seam(ui)->host_login[0]
		    ? seam(ui)->host_login : "the host";
	else
		who = ui->room.guest[0] ? ui->room.guest : "nobody yet";
	snprintf(buf, size, "%s: %s", side_name[side], who);
	return true;
}

int
remote_panel_rows(const struct ui *ui)
{
	int rows = ui->layout.panel_h / 3;

	if (!seam(ui))
		return 0;
	return rows < 4 ? 4 : rows > ROOM_CHAT_LINES + 2 ? ROOM_CHAT_LINES + 2
	    : rows;
}

void
remote_panel_draw(const struct ui *ui, int y)
{
	const struct layout *l = &ui->layout;
	const struct room_view *r = &ui->room;
	int rows = remote_panel_rows(ui), shown = rows - 2, first;
	char head[96], who[160];

	if (watching(ui))
		snprintf(head, sizeof head, "Room %s, %d watching",
		    seam(ui)->room_name, r->watchers);
	else
		snprintf(head, sizeof head, "Room %s: you are %s, %d watching",
		    seam(ui)->room_name, side_name[seam(ui)->colour], r->watchers);
	term_put(y, l->panel_x, ui_style(ui, ROLE_HEADING), head, l->panel_w);
	/* Who is there, whatever the status line shows. */
	if (r->closed)
		snprintf(who, sizeof who, "The room is closed.");
	else if (seam(ui)->host && !r->guest[0])
		snprintf(who, sizeof who, "Waiting: bigchess --join %s",
		    seam(ui)->room_name);
	else if (watching(ui))
		snprintf(who, sizeof who, "%s: %s", r->guest[0] ? r->guest
		    : "the opponent", r->guest_here ? "connected"
		    : "not connected");
	else
		snprintf(who, sizeof who, "Opponent%s%s: %s", r->opponent[0]
		    ? " " : "", r->opponent, opponent_here(ui) ? "connected"
		    : "not connected");
	term_put(y + 1, l->panel_x, ui_style(ui, opponent_here(ui) ||
	    watching(ui) ? ROLE_TEXT : ROLE_ERROR), who, l->panel_w);
	first = r->chat_count > shown ? r->chat_count - shown : 0;
	if (!r->chat_count)
		term_put(y + 2, l->panel_x, ui_style(ui, ROLE_HINT),
		    "c or :say TEXT chats", l->panel_w);
	for (int i = first; i < r->chat_count; i++)
		term_put(y + 2 + i - first, l->panel_x,
		    ui_style(ui, ROLE_TEXT), r->chat[i], l->panel_w);
}
