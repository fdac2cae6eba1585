/*
 * review.c - stepping through the moves of the game without losing it.
 *
 * While reviewing, the board shows the position after an earlier move
 * (play_review) and the move list marks that move; the game itself goes
 * on untouched: its clocks run, the computer thinks about the live
 * position and may move, and the autosave keeps saving the live game.
 * u takes the game back to the reviewed position (the moves taken back
 * stay for redo), and a move made while reviewing asks to do so first.
 */
#include <ctype.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "ui_state.h"

static const char *const side_name[2] = { "White", "Black" };

/* "12...Nc6" for the move that led to ply `ply` (from 1). */
static void
move_name(const struct play *p, int ply, char *buf, size_t size)
{
	const bc_position *start = bc_game_start(p->game);
	int offset = start->side == BC_BLACK;
	int number = (int)start->fullmove + (ply - 1 + offset) / 2;
	bool black = (ply - 1 + offset) % 2 == 1;

	snprintf(buf, size, "%d.%s%s", number, black ? ".." : "",
	    p->san[ply - 1]);
}

void
review_status(const struct ui *ui, char *buf, size_t size)
{
	const struct play *p = &ui->play;
	int n = bc_game_length(p->game);
	char name[BC_MOVE_TEXT_MAX + 16];

	if (p->review_ply == 0) {
		snprintf(buf, size, "Reviewing the start (0 of %d): . steps "
		    "on, > returns, u takes back to here.", n);
		return;
	}
	move_name(p, p->review_ply, name, sizeof name);
	snprintf(buf, size, "Reviewing %s (%d of %d): , . step, > returns, "
	    "u takes back to here.", name, p->review_ply, n);
}

/* Shows ply `ply`, or the live position; says where the board is. */
int
review_show(struct ui *ui, int ply)
{
	struct play *p = &ui->play;
	bool was = p->reviewing;

	play_review(p, ply);
	if (p->reviewing) {
		ui->message[0] = '\0'; /* the status line says it */
		return UI_DRAW;
	}
	if (!was) {
		ui_say(ui, "This is the game's position; , steps back.");
		return UI_DRAW;
	}
	if (play_over(p))
		ui_say(ui, "Back to the end of the game.");
	else
		ui_say(ui, "Back to the game: %s to move.",
		    side_name[play_side(p)]);
	return UI_DRAW;
}

int
review_run(struct ui *ui, enum command cmd)
{
	struct play *p = &ui->play;
	int n = bc_game_length(p->game), at = play_view_ply(p);

	if (n == 0) {
		ui_error(ui, "No move has been played yet.");
		return UI_DRAW;
	}
	switch (cmd) {
	case CMD_REVIEW_BACK:
		if (at == 0) {
			ui_error(ui, "This is the start of the game.");
			return UI_DRAW;
		}
		return review_show(ui, at - 1);
	case CMD_REVIEW_FORWARD:
		return review_show(ui, at + 1);
	case CMD_REVIEW_FIRST:
		return review_show(ui, 0);
	default:
		return review_show(ui, n);
	}
}

/*
 * ":goto N" shows the position after White's move N, ":goto N..." after
 * Black's, ":goto 0" the start.
 */
int
review_goto(struct ui *ui, const char *arg)
{
	const struct play *p = &ui->play;
	const bc_position *start = bc_game_start(p->game);
	int offset = start->side == BC_BLACK, n = bc_game_length(p->game);
	char *end;
	long number = strtol(arg, &end, 10);
	bool black = strcmp(end, "...") == 0;
	long ply;

	if (end == arg || (*end && !black) || number < 0) {
		ui_error(ui, "goto wants a move number: goto 12, or goto 12... "
		    "for Black's move.");
		return UI_DRAW;
	}
	ply = number == 0 ? 0 : (number - (long)start->fullmove) * 2 -
	    offset + 1 + black;
	if (n == 0 || ply < 0 || ply > n) {
		ui_error(ui, "There is no move %ld%s in this game.", number,
		    black ? "..." : "");
		return UI_DRAW;
	}
	return review_show(ui, (int)ply);
}

/*
 * Makes the reviewed position the game's: every later move is taken back
 * (r replays them one by one).  The cursor stays where it is if
 * `keep_cursor`.
 */
int
review_take_back(struct ui *ui, bool keep_cursor)
{
	struct play *p = &ui->play;
	int ply = p->review_ply, n = bc_game_length(p->game);
	int file = p->cursor_file, rank = p->cursor_rank, rc;
	bc_reason reason;

	assist_cancel(ui);
	rc = play_undo_to(p, ply, ui->now);
	if (rc == BC_EGAMEOVER) {
		bc_game_result(p->game, &reason);
		ui_error(ui, "The game ended by %s; it cannot be taken back.",
		    bc_reason_text(reason));
		return UI_DRAW;
	}
	if (rc != BC_OK) {
		ui_error(ui, "%s", bc_strerror(rc));
		return UI_DRAW;
	}
	if (keep_cursor) {
		p->cursor_file = file;
		p->cursor_rank = rank;
	}
	ui_say(ui, "Taken back %d move%s: %s to move; r replays them.",
	    n - ply, n - ply == 1 ? "" : "s", side_name[play_side(p)]);
	return UI_DRAW | UI_CHANGED;
}

/*
 * A move made while reviewing: asks to take the game back to the shown
 * position first.  `m` is the move to play then, or BC_MOVE_NONE to pick
 * up the piece under the cursor.
 */
int
review_ask(struct ui *ui, bc_move m)
{
	const struct play *p = &ui->play;
	char text[DIALOG_TEXT], label[DIALOG_TEXT];
	char san[BC_MOVE_TEXT_MAX];
	int later = bc_game_length(p->game) - p->review_ply;

	snprintf(text, sizeof text, "You are reviewing. Take back the %d "
	    "later move%s (r replays them)?", later, later == 1 ? "" : "s");
	dialog_open(ui, DIALOG_TAKE_BACK, "Take back to here", text);
	if (m) {
		bc_move_to_san(&p->review_pos, m, san, sizeof san);
		snprintf(label, sizeof label, "Yes, and play %s", san);
	} else {
		snprintf(label, sizeof label, "Yes, and pick up the piece");
	}
	dialog_add(ui, 'y', label, ACT_YES, m);
	dialog_add(ui, 'n', "No, go on reviewing", ACT_NO, 0);
	dialog_add(ui, '>', "No, back to the game", ACT_LIVE, 0);
	dialog_select(ui, 1);
	return UI_DRAW;
}

/* A typed move while reviewing: a move of the shown position asks. */
int
review_typed(struct ui *ui, const char *line)
{
	const bc_position *pos = &ui->play.review_pos;
	bc_refusal r;
	bc_error err;
	bc_move m;
	int rc = bc_move_parse(pos, line, &m, &err);

	if (rc != BC_OK) {
		/* An illegal move in the shown position: why, as in the game. */
		ui->refusal[0] = '\0';
		if (rc == BC_EILLEGAL &&
		    bc_move_explain_text(pos, line, &r, NULL) == BC_OK)
			bc_refusal_text(pos, &r, ui->refusal,
			    sizeof ui->refusal);
		ui_error(ui, "Reviewing: %s%s%s (> returns to the game).",
		    err.message, ui->refusal[0] ? ". " : "", ui->refusal);
		return UI_DRAW | UI_BEEP;
	}
	return review_ask(ui, m);
}
