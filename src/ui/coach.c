/*
 * coach.c - the coach: after a person's move, a look at what the move
 * allows, and an offer to take it back.
 *
 * It warns of four blunders, found from the rules library alone, so
 * that the warning comes at once and never depends on the machine: a
 * mate in one allowed; a forced mate in two allowed (bc_mate_in_two,
 * within a node budget: past it the coach says nothing rather than
 * keep the person waiting); a piece the opponent can now take where nothing
 * of ours can take back (and could not be taken so before the move: the
 * coach speaks of what the move did, not of old troubles); a promotion
 * that the opponent can now make, on a square we do not guard.  While
 * its question is open the computer waits (ui.c asks coach_holding).
 */
#include <stdio.h>
#include <string.h>

#include "move_words.h"
#include "ui_state.h"

static const char *const side_name[2] = { "White", "Black" };

bool
coach_on(const struct ui *ui)
{
	const struct ui_options *o = ui->opts;

	if (o->coach == UI_COACH_ON)
		return true;
	if (o->coach == UI_COACH_OFF)
		return false;
	/* By default it helps a person new to the variant against the
	 * computer; two people at one keyboard play unprompted. */
	if (ui->play.players[BC_WHITE] != PLAYER_COMPUTER &&
	    ui->play.players[BC_BLACK] != PLAYER_COMPUTER)
		return false;
	return ui->first_game;
}

bool
coach_holding(const struct ui *ui)
{
	return dialog_showing(ui, DIALOG_COACH);
}

/* True if `m`, a move of `pos`, captures a piece (not the king) that
 * nothing can take back on its square. */
static bool
free_capture(const bc_position *pos, bc_move m)
{
	int to = BC_MOVE_TO(m);
	bc_position after = *pos;
	bc_undo undo;

	if (BC_MOVE_KIND(m) != BC_MOVE_CAPTURE ||
	    (bc_variant_piece_flags(pos->variant,
	        BC_PIECE_TYPE(pos->board[to])) & BC_PIECE_ROYAL))
		return false;
	bc_position_make(&after, m, &undo);
	return !bc_position_attacked(&after, (bc_square)to, after.side);
}

/* True if the side to move in `pos` can take the piece on `sq` so. */
static bool
loose(const bc_position *pos, int sq)
{
	bc_move_list list;

	bc_movegen_legal(pos, &list);
	for (int i = 0; i < list.count; i++)
		if (BC_MOVE_TO(list.moves[i]) == sq &&
		    free_capture(pos, list.moves[i]))
			return true;
	return false;
}

/*
 * A free capture for the side to move in `pos` (after the person's move
 * `m` from `before`) of a piece that was not loose before it, were the
 * opponent to move then; its square, or -1, and the capture in *out.
 */
static int
new_loose(const bc_position *pos, const bc_position *before, bc_move m,
    bc_move *out)
{
	bc_position passed;
	bool have_passed = bc_position_other_side(before, &passed) == BC_OK;
	bc_move_list list;

	bc_movegen_legal(pos, &list);
	for (int i = 0; i < list.count; i++) {
		int to = BC_MOVE_TO(list.moves[i]);
		/* The moved piece counts from its old square. */
		int was = to == BC_MOVE_TO(m) ? BC_MOVE_FROM(m) : to;

		if (!free_capture(pos, list.moves[i]))
			continue;
		if (have_passed && loose(&passed, was))
			continue;
		*out = list.moves[i];
		return to;
	}
	return -1;
}

/* A promotion of the side to move in `pos` on a square the other side
 * does not guard afterwards; true with it in *out. */
static bool
free_promotion(const bc_position *pos, bc_move *out)
{
	bc_move_list list;

	bc_movegen_legal(pos, &list);
	for (int i = 0; i < list.count; i++) {
		bc_position after = *pos;
		bc_undo undo;

		if (!BC_MOVE_PROMO(list.moves[i]))
			continue;
		bc_position_make(&after, list.moves[i], &undo);
		if (!bc_position_attacked(&after,
		    (bc_square)BC_MOVE_TO(list.moves[i]), after.side)) {
			*out = list.moves[i];
			return true;
		}
	}
	return false;
}

/* The square's name, "e5". */
static void
square_name(int sq, char *buf, size_t size)
{
	snprintf(buf, size, "%c%d", 'a' + BC_FILE(sq), BC_RANK(sq) + 1);
}

/*
 * What the move `m` just played from `before` allows, in one sentence
 * into `buf`; false if nothing.
 */
static bool
blunder(const struct ui *ui, const bc_position *before, bc_move m,
    char *buf, size_t size)
{
	const bc_position *pos = play_position(&ui->play);
	const char *them = side_name[pos->side];
	char san[BC_MOVE_TEXT_MAX], where[16];
	bc_position passed;
	bc_move reply, old_promotion;
	int sq;

	if (bc_mate_in_one(pos, &reply)) {
		bc_move_to_san(pos, reply, san, sizeof san);
		snprintf(buf, size, "That lets %s mate at once (%s).", them,
		    san);
		return true;
	}
	if (bc_mate_in_two(pos, COACH_MATE_NODES, &reply, NULL) ==
	    BC_MATE_FOUND) {
		bc_move_to_san(pos, reply, san, sizeof san);
		snprintf(buf, size, "That allows %s a mate in two, starting "
		    "with %s.", them, san);
		return true;
	}
	sq = new_loose(pos, before, m, &reply);
	if (sq >= 0) {
		bc_move_to_san(pos, reply, san, sizeof san);
		square_name(sq, where, sizeof where);
		snprintf(buf, size, "That leaves the %s on %s unguarded: %s can "
		    "take it (%s).", bc_variant_piece_name(pos->variant,
		    BC_PIECE_TYPE(pos->board[sq])), where, them, san);
		return true;
	}
	if (free_promotion(pos, &reply) &&
	    !(bc_position_other_side(before, &passed) == BC_OK &&
	      free_promotion(&passed, &old_promotion))) {
		bc_move_to_san(pos, reply, san, sizeof san);
		snprintf(buf, size, "That lets %s promote (%s).", them, san);
		return true;
	}
	return false;
}

int
coach_after_move(struct ui *ui, const bc_position *before, bc_move m)
{
	char text[DIALOG_TEXT * 3];

	if (!coach_on(ui) || play_over(&ui->play) || ui->play.reviewing ||
	    !blunder(ui, before, m, text, sizeof text))
		return 0;
	snprintf(text + strlen(text), sizeof text - strlen(text), " Take "
	    "the move back?");
	dialog_open(ui, DIALOG_COACH, "Coach", text);
	dialog_add(ui, 'y', "Yes, take it back", ACT_YES, 0);
	dialog_add(ui, 'n', "No, play on", ACT_NO, 0);
	return UI_DRAW;
}

int
coach_take_back(struct ui *ui)
{
	if (play_undo(&ui->play, ui->now) != BC_OK) {
		ui_error(ui, "The move cannot be taken back.");
		return UI_DRAW;
	}
	/* The person took the blunder back to play something else: the
	 * next move replaces it without the redo question. */
	ui->redo_agreed = true;
	ui_say(ui, "Move taken back; %s to move.",
	    side_name[play_side(&ui->play)]);
	return UI_DRAW;
}
