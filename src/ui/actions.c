/*
 * actions.c - what the named commands do to the game.  Keys, mouse
 * clicks, the ':' prompt and dialogs all end up here; nothing here draws.
 */
#include <ctype.h>
#include <stdio.h>
#include <string.h>

#include "board_input.h"
#include "ui_state.h"

static const char *const side_name[2] = { "White", "Black" };

/* Opens the game-over dialog once, when the game has just ended. */
int
actions_game_changed(struct ui *ui)
{
	char text[DIALOG_TEXT];

	if (!play_over(&ui->play) || ui->play.announced)
		return UI_DRAW;
	ui->play.announced = true;
	if (!ui->began_over)
		ui_game_finished(ui, bc_variant_id_of(ui->play.variant));
	play_result_text(&ui->play, text, sizeof text);
	ui->depth = 1;
	dialog_open(ui, DIALOG_GAME_OVER, "Game over", text);
	dialog_add(ui, 'n', "New game", ACT_NEW, 0);
	dialog_add(ui, 'l', "Look at the finished game", ACT_LOOK, 0);
	dialog_add(ui, 'r', "Review its moves (, . < >)", ACT_REVIEW, 0);
	dialog_add(ui, 'q', "Quit", ACT_QUIT, 0);
	return UI_DRAW;
}

int
actions_push(struct ui *ui, bc_move m)
{
	char san[BC_MOVE_TEXT_MAX], took[96] = "";
	bc_square taken[BC_MAX_CAPTURES];
	bc_position before = *play_position(&ui->play);
	bool person = ui->play.players[play_side(&ui->play)] == PLAYER_HUMAN;
	int rc, n, flags;

	/* In a game room the person's move goes to the room, which plays
	 * it and reports it back (remote.c plays the reports). */
	if (ui->opts->remote)
		return remote_push(ui, m);
	if (redo_guard_asks(ui, m))
		return UI_DRAW;
	assist_cancel(ui);
	piece_info_clear(ui);
	ui->refusal[0] = '\0';
	bc_move_to_san(play_position(&ui->play), m, san, sizeof san);
	n = bc_move_captures(play_position(&ui->play), m, taken,
	    BC_MAX_CAPTURES);
	if (BC_MOVE_KIND(m) == BC_MOVE_PASSING) {
		char list[48];

		/* One move, several pieces: name them all. */
		play_squares_text(taken, n, list, sizeof list);
		snprintf(took, sizeof took, ", which takes %d (%s)", n, list);
	}
	rc = play_push(&ui->play, m, ui->now);
	if (rc != BC_OK) {
		ui_error(ui, "Cannot play %s: %s", san, bc_strerror(rc));
		return UI_DRAW | UI_BEEP;
	}
	ui_say(ui, "%s played %s%s%s.", side_name[!play_side(&ui->play)], san,
	    took, ui->play.reviewing ? " in the game (> shows it)" : "");
	flags = actions_game_changed(ui);
	/* The one place a person's move is looked at by the coach. */
	if (person)
		flags |= coach_after_move(ui, &before, m);
	return flags;
}

/* The game's board: a review asks to take back first, a game over
 * takes no move. */
static struct play *
game_play(struct ui *ui)
{
	return &ui->play;
}

static int
game_guard(struct ui *ui)
{
	if (ui->play.reviewing)
		return review_ask(ui, BC_MOVE_NONE);
	if (play_over(&ui->play)) {
		ui_error(ui, "The game is over: n starts a new one.");
		return UI_DRAW;
	}
	return -1;
}

/*
 * A refused move: the sentence on the status line, and whole in the
 * panel (panel.c) when the line is too short for it or says less.  A
 * refused pick-up keeps the game's short line and leaves the reason to
 * the panel.
 */
static int
game_refuse(struct ui *ui, enum board_refusal kind, const char *what,
    const char *why)
{
	const struct play *p = &ui->play;
	const bc_position *pos = play_position(p);
	bc_square sq = BC_SQUARE(p->cursor_file, p->cursor_rank);
	bc_piece piece = pos->board[sq];
	char at[8];

	snprintf(ui->refusal, sizeof ui->refusal, "%s", why);
	if (kind == BOARD_TYPED && why[0])
		ui_error(ui, "%s. %s", what, why);
	else if (kind == BOARD_TYPED)
		ui_error(ui, "%s", what);
	else if (kind == BOARD_DROP)
		ui_error(ui, "%s", why);
	else if (piece == BC_EMPTY || BC_PIECE_COLOR(piece) != pos->side) {
		/* The line says it all: nothing for the panel. */
		ui->refusal[0] = '\0';
		bc_square_to_text(sq, at, sizeof at);
		ui_error(ui, "Pick up a piece of %s's (%s is %s).",
		    side_name[pos->side], at,
		    piece == BC_EMPTY ? "empty" : "the other side's");
	} else {
		bc_square_to_text(sq, at, sizeof at);
		ui_error(ui, "The %s on %s has no legal move.",
		    bc_variant_piece_name(p->variant, BC_PIECE_TYPE(piece)), at);
	}
	return kind == BOARD_PICK ? UI_DRAW : UI_DRAW | UI_BEEP;
}

static void
game_picked(struct ui *ui, bc_square sq)
{
	char at[8];

	bc_square_to_text(sq, at, sizeof at);
	ui_say(ui, "%s on %s: Enter on a marked square moves it; Esc puts "
	    "it back.", bc_variant_piece_name(ui->play.variant,
	    BC_PIECE_TYPE(play_position(&ui->play)->board[sq])), at);
	ui->message[0] = (char)toupper((unsigned char)ui->message[0]);
}

static const struct board_client game_board = {
	.play = game_play,
	.guard = game_guard,
	.push = actions_push,
	.refuse = game_refuse,
	.picked = game_picked,
};

int
actions_try_moves(struct ui *ui, bc_square from, bc_square to)
{
	return board_input_drop(ui, &game_board, from, to);
}

int
actions_typed(struct ui *ui, const char *line)
{
	return board_input_typed(ui, &game_board, line);
}

/* The computer's side when it plays one side against a person, or -1. */
static int
lone_computer(const struct ui *ui)
{
	const struct play *p = &ui->play;

	if (!ui->opts->engine ||
	    p->players[BC_WHITE] == p->players[BC_BLACK])
		return -1;
	return p->players[BC_WHITE] == PLAYER_COMPUTER ? BC_WHITE : BC_BLACK;
}

/* The computer accepts a draw when it stands at least this much worse. */
enum { DRAW_ACCEPT_CP = -50 };

/*
 * A person offers the computer a draw.  It judges by its latest search
 * (of its own move, or of a hint), seen from its side: it accepts when it
 * stands DRAW_ACCEPT_CP or more worse, and plays on when it is level,
 * better or has not searched this game yet.
 */
static int
offer_draw(struct ui *ui, int computer)
{
	const struct ui_engine *e = ui->opts->engine;
	struct ui_engine_info in;
	int score;

	if (!e->info || !e->info(e->ctx, &in)) {
		ui_say(ui, "The computer declines the draw: it has not weighed "
		    "the position yet.");
		return UI_DRAW;
	}
	score = in.mate ? (in.mate > 0 ? 1 : -1) * 100000 : in.score;
	if (in.side != computer)
		score = -score;
	if (score > DRAW_ACCEPT_CP) {
		ui_say(ui, "The computer declines the draw and plays on.");
		return UI_DRAW;
	}
	play_agree_draw(&ui->play, ui->now);
	return actions_game_changed(ui);
}

/* True if the computer is to move and a person plays the other side. */
static bool
against_computer(const struct ui *ui)
{
	const struct play *p = &ui->play;
	int side = play_side(p);

	return ui->opts->engine && p->players[side] == PLAYER_COMPUTER &&
	    p->players[!side] == PLAYER_HUMAN;
}

static int
undo_redo(struct ui *ui, bool redo)
{
	int rc;

	assist_cancel(ui);
	piece_info_clear(ui);
	ui->redo_agreed = false; /* a coach's take-back no longer alone */
	rc = redo ? play_redo(&ui->play, ui->now)
	          : play_undo(&ui->play, ui->now);
	if (rc == BC_ENOTFOUND) {
		ui_error(ui, redo ? "Nothing to redo." : "Nothing to take back.");
		return UI_DRAW;
	}
	if (rc == BC_EGAMEOVER) {
		ui_error(ui, "The game is over; it cannot be taken back.");
		return UI_DRAW;
	}
	if (rc != BC_OK) {
		ui_error(ui, "%s", bc_strerror(rc));
		return UI_DRAW;
	}
	/* Against the computer, its reply goes (and comes back) with the
	 * person's move, or it would play again at once. */
	if (against_computer(ui) && (redo ? play_redo(&ui->play, ui->now)
	    : play_undo(&ui->play, ui->now)) == BC_OK) {
		ui_say(ui, redo ? "Replayed 2 moves; %s to move." : "Taken "
		    "back 2 moves: %s to move; r replays them.",
		    side_name[play_side(&ui->play)]);
		return actions_game_changed(ui);
	}
	ui_say(ui, redo ? "Move replayed; %s to move." : "Move taken back; "
	    "%s to move.", side_name[play_side(&ui->play)]);
	return actions_game_changed(ui);
}

static int
scroll(struct ui *ui, int by)
{
	int total, rows = panel_list_rows(ui, &total);
	int max = total > rows ? total - rows : 0;

	ui->play.list_scroll += by;
	if (ui->play.list_scroll > max)
		ui->play.list_scroll = max;
	if (ui->play.list_scroll < 0)
		ui->play.list_scroll = 0;
	return UI_DRAW;
}

static bool
in_progress(const struct ui *ui)
{
	return ui->playing && !play_over(&ui->play) &&
	    bc_game_length(ui->play.game) > 0;
}

static int
ask(struct ui *ui, enum dialog_kind kind, const char *title,
    const char *text)
{
	dialog_open(ui, kind, title, text);
	dialog_add(ui, 'y', "Yes", ACT_YES, 0);
	dialog_add(ui, 'n', "No", ACT_NO, 0);
	dialog_select(ui, 1);
	return UI_DRAW;
}

/*
 * ":fen": the FEN of the position in the status line; when it is too
 * long for the line, a box shows it whole, wrapped between ranks.
 */
static int
show_fen(struct ui *ui)
{
	char fen[BC_FEN_MAX];

	bc_position_to_fen(play_view(&ui->play), fen, sizeof fen);
	ui_say(ui, "FEN: %s", fen);
	if ((int)strlen(ui->message) > ui->cols) {
		dialog_open(ui, DIALOG_FEN, "FEN", fen);
		dialog_add(ui, 'o', "OK", ACT_NO, 0);
	}
	return UI_DRAW;
}

/*
 * ":fen FEN": a new game from `fen` in this variant, with these players
 * and clock, once confirmed if a game is in progress: UI_START_GAME asks
 * the main loop for it.  A bad FEN changes nothing.
 */
int
actions_fen(struct ui *ui, const char *fen)
{
	struct play *p = &ui->play;
	struct play_setup s;
	bc_position pos;
	bc_error err;

	if (remote_refuses_fen(ui))
		return UI_DRAW;
	if (bc_position_from_fen(&pos, p->variant, fen, &err) != BC_OK) {
		ui_error(ui, "Bad FEN at byte %zu: %s", err.offset + 1,
		    err.message);
		return UI_DRAW | UI_BEEP;
	}
	if (fen != ui->fen && in_progress(ui)) {
		snprintf(ui->fen, sizeof ui->fen, "%s", fen);
		return ask(ui, DIALOG_FEN_NEW, "New game", "Leave this game "
		    "and start from the FEN?");
	}
	memset(&s, 0, sizeof s);
	s.variant = bc_variant_id_of(p->variant);
	s.fen = fen;
	s.players[BC_WHITE] = p->players[BC_WHITE];
	s.players[BC_BLACK] = p->players[BC_BLACK];
	s.clock_base = p->clock_base;
	s.clock_increment = p->clock.increment;
	s.black_at_bottom = p->black_at_bottom;
	s.autoflip = p->autoflip;
	/* The main loop starts it; the typed line is gone by then. */
	if (fen != ui->fen)
		snprintf(ui->fen, sizeof ui->fen, "%s", fen);
	s.fen = ui->fen;
	ui->start_setup = s;
	return UI_START_GAME;
}

int
actions_run(struct ui *ui, enum command cmd)
{
	struct play *p = &ui->play;
	char text[DIALOG_TEXT];
	int dx, dy, flags;

	if (remote_command(ui, cmd, &flags))
		return flags;
	if (keys_direction(cmd, &dx, &dy))
		return board_input_run(ui, &game_board, cmd);
	/* A refusal stays shown while the cursor moves, until the next
	 * command. */
	ui->refusal[0] = '\0';
	switch (cmd) {
	case CMD_SELECT:
		piece_info_clear(ui);
		return board_input_run(ui, &game_board, cmd);
	case CMD_CANCEL:
		if (p->reviewing)
			return review_run(ui, CMD_REVIEW_LIVE);
		if (p->selected)
			ui_say(ui, "Put back.");
		else if (ui->info.on)
			ui_say(ui, "Piece info cleared.");
		p->selected = 0;
		piece_info_clear(ui);
		return UI_DRAW;
	case CMD_PROMPT:
		return board_input_run(ui, &game_board, cmd);
	case CMD_UNDO:
		if (p->reviewing)
			return review_take_back(ui, false);
		return undo_redo(ui, false);
	case CMD_REDO:
		return undo_redo(ui, true);
	case CMD_FLIP:
		return board_input_run(ui, &game_board, cmd);
	case CMD_AUTOFLIP:
		p->autoflip = !p->autoflip;
		ui_say(ui, "Automatic flip is %s.", p->autoflip ? "on: the side "
		    "to move is at the bottom" : "off");
		return UI_DRAW;
	case CMD_SCROLL_UP:
		return scroll(ui, 5);
	case CMD_SCROLL_DOWN:
		return scroll(ui, -5);
	case CMD_REVIEW_BACK:
	case CMD_REVIEW_FORWARD:
	case CMD_REVIEW_FIRST:
	case CMD_REVIEW_LIVE:
		return review_run(ui, cmd);
	case CMD_RESIGN:
		if (play_over(p))
			break;
		snprintf(text, sizeof text, "Does %s resign?",
		    side_name[play_resigner(p)]);
		return ask(ui, DIALOG_RESIGN, "Resign", text);
	case CMD_DRAW:
		if (play_over(p))
			break;
		if (lone_computer(ui) >= 0)
			return offer_draw(ui, lone_computer(ui));
		return ask(ui, DIALOG_DRAW, "Draw", "Do both players agree "
		    "a draw?");
	case CMD_HINT:
	case CMD_THREATS:
	case CMD_MOVE_NOW:
	case CMD_THINKING:
		return assist_run(ui, cmd);
	case CMD_FEN:
		return show_fen(ui);
	case CMD_INFO:
		return piece_info_run(ui);
	case CMD_RULES:
		return rules_show(ui);
	case CMD_NEW:
		return UI_DRAW | UI_NEW_GAME;
	case CMD_HELP:
		ui_push(ui, &screen_help);
		return UI_DRAW;
	case CMD_QUIT:
		if (!in_progress(ui))
			return UI_QUIT;
		return ask(ui, DIALOG_QUIT, "Quit", "Leave this game and quit "
		    "bigchess?");
	default:
		ui_error(ui, "That key does nothing here: ? shows every key.");
		return UI_DRAW;
	}
	ui_error(ui, "The game is over: n starts a new one.");
	return UI_DRAW;
}

int
actions_click(struct ui *ui, int y, int x)
{
	int ply;

	if ((ply = panel_ply_at(ui, y, x)) >= 0)
		return review_show(ui, ply);
	ui->refusal[0] = '\0';
	piece_info_clear(ui);
	return board_input_click(ui, &game_board, &ui->layout, y, x);
}

/* The take-back dialog's yes: take back, then play the move or pick up. */
static int
take_back_confirmed(struct ui *ui, bc_move m)
{
	int flags = review_take_back(ui, m == BC_MOVE_NONE);

	if (ui->play.reviewing || ui->message_is_error)
		return flags;
	if (m) {
		/* "Yes, and play it" has said the moves may go. */
		ui->redo_agreed = true;
		return flags | actions_push(ui, m);
	}
	return flags | actions_run(ui, CMD_SELECT);
}

/*
 * A dialog's answer over the game or the new-game screen (their
 * `answer` hook): what the item picked in it asks for.
 */
int
actions_answer(struct ui *ui, const struct dialog_answer *a)
{
	int flags;

	if (remote_answer(ui, a, &flags))
		return flags;
	if (a->kind == DIALOG_OVERWRITE)
		return game_save_answer(ui, a);
	if (a->kind == DIALOG_DROP_REDO && a->action != ACT_YES) {
		redo_guard_declined(ui);
		return UI_DRAW;
	}
	if (a->kind == DIALOG_DROP_REDO) {
		ui->redo_agreed = true;
		return actions_push(ui, a->move);
	}
	switch (a->action) {
	case ACT_MOVE:
		return actions_push(ui, a->move);
	case ACT_NO:
		return UI_DRAW;
	case ACT_NEW:
		return UI_DRAW | UI_NEW_GAME;
	case ACT_LOOK:
		ui_say(ui, "The game is over: , steps back through it, n: new "
		    "game, q: quit.");
		return UI_DRAW;
	case ACT_LIVE:
		return review_run(ui, CMD_REVIEW_LIVE);
	case ACT_REVIEW:
		return review_run(ui, CMD_REVIEW_BACK);
	case ACT_QUIT:
		return UI_QUIT;
	case ACT_RESUME: /* only over the new-game screen */
		return UI_DRAW;
	case ACT_YES:
		break;
	}
	switch (a->kind) {
	case DIALOG_QUIT:
		return UI_QUIT;
	case DIALOG_RESIGN:
		play_resign(&ui->play, ui->now);
		return actions_game_changed(ui);
	case DIALOG_DRAW:
		play_agree_draw(&ui->play, ui->now);
		return actions_game_changed(ui);
	case DIALOG_FEN_NEW:
		return actions_fen(ui, ui->fen);
	case DIALOG_TAKE_BACK:
		return take_back_confirmed(ui, a->move);
	case DIALOG_COACH:
		return coach_take_back(ui);
	default:
		return UI_DRAW;
	}
}
