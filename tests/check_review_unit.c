/*
 * check_review_unit.c - src/ui/review.c without a terminal: stepping
 * through a game's moves, ":goto", taking back to the reviewed position
 * and the question a move while reviewing asks.  The games are three
 * plies of Grand Chess from its start (1. e4 e7 2. f4, pawns from the
 * third rank, grand.md); the expected plies, move names and counts are
 * worked out by hand from those moves.  The pty suite "review" drives the
 * same through the real binary.
 */
#include <check.h>
#include <string.h>

#include "fake_ui.h"
#include "test_util.h"

static struct ui_options opts;

static struct ui *
three_plies(void)
{
	struct ui *ui = fake_ui_new(&opts, "grand");

	fake_ui_play(ui, "e3e4");
	fake_ui_play(ui, "e8e7");
	fake_ui_play(ui, "f3f4");
	ck_assert_int_eq(bc_game_length(ui->play.game), 3);
	return ui;
}

static void
status_is(const struct ui *ui, const char *want)
{
	char buf[256];

	review_status(ui, buf, sizeof buf);
	ck_assert_str_eq(buf, want);
}

START_TEST(test_no_moves)
{
	struct ui *ui = fake_ui_new(&opts, "grand");

	ck_assert_int_eq(review_run(ui, CMD_REVIEW_BACK), UI_DRAW);
	ck_assert_str_eq(ui->message, "No move has been played yet.");
	ck_assert(ui->message_is_error);
	ck_assert(!ui->play.reviewing);
	fake_ui_free(ui);
}
END_TEST

START_TEST(test_step_back_and_on)
{
	struct ui *ui = three_plies();

	ck_assert_int_eq(review_run(ui, CMD_REVIEW_BACK), UI_DRAW);
	ck_assert(ui->play.reviewing);
	ck_assert_int_eq(ui->play.review_ply, 2);
	ck_assert_str_eq(ui->message, "");
	status_is(ui, "Reviewing 1...e7 (2 of 3): , . step, > returns, u "
	    "takes back to here.");
	review_run(ui, CMD_REVIEW_BACK);
	status_is(ui, "Reviewing 1.e4 (1 of 3): , . step, > returns, u "
	    "takes back to here.");
	review_run(ui, CMD_REVIEW_FIRST);
	ck_assert_int_eq(ui->play.review_ply, 0);
	status_is(ui, "Reviewing the start (0 of 3): . steps on, > returns, "
	    "u takes back to here.");
	review_run(ui, CMD_REVIEW_BACK);
	ck_assert_str_eq(ui->message, "This is the start of the game.");
	ck_assert_int_eq(ui->play.review_ply, 0);
	/* Three steps on from the start is the live game, Black to move. */
	review_run(ui, CMD_REVIEW_FORWARD);
	review_run(ui, CMD_REVIEW_FORWARD);
	ck_assert(ui->play.reviewing);
	review_run(ui, CMD_REVIEW_FORWARD);
	ck_assert(!ui->play.reviewing);
	ck_assert_str_eq(ui->message, "Back to the game: Black to move.");
	ck_assert(!ui->message_is_error);
	/* The game itself is untouched. */
	ck_assert_int_eq(bc_game_length(ui->play.game), 3);
	fake_ui_free(ui);
}
END_TEST

START_TEST(test_goto)
{
	struct ui *ui = three_plies();

	/* Move 1... is Black's first: ply 2. */
	review_goto(ui, " 1...");
	ck_assert(ui->play.reviewing);
	ck_assert_int_eq(ui->play.review_ply, 2);
	review_goto(ui, "1");
	ck_assert_int_eq(ui->play.review_ply, 1);
	review_goto(ui, "0");
	ck_assert_int_eq(ui->play.review_ply, 0);
	review_goto(ui, "4");
	ck_assert_str_eq(ui->message, "There is no move 4 in this game.");
	ck_assert_int_eq(ui->play.review_ply, 0);
	review_goto(ui, "2...");
	ck_assert_str_eq(ui->message, "There is no move 2... in this game.");
	review_goto(ui, "x");
	ck_assert_str_eq(ui->message, "goto wants a move number: goto 12, "
	    "or goto 12... for Black's move.");
	/* 2. f4 is the last move: the live position. */
	review_goto(ui, "2");
	ck_assert(!ui->play.reviewing);
	ck_assert_str_eq(ui->message, "Back to the game: Black to move.");
	fake_ui_free(ui);
}
END_TEST

START_TEST(test_take_back)
{
	struct ui *ui = three_plies();

	review_goto(ui, "1");
	ck_assert_int_eq(review_take_back(ui, false), UI_DRAW | UI_CHANGED);
	ck_assert(!ui->play.reviewing);
	ck_assert_int_eq(bc_game_length(ui->play.game), 1);
	ck_assert_int_eq(bc_game_redo_count(ui->play.game), 2);
	ck_assert_int_eq(play_side(&ui->play), BC_BLACK);
	ck_assert_str_eq(ui->message, "Taken back 2 moves: Black to move; "
	    "r replays them.");
	fake_ui_free(ui);
}
END_TEST

/* A move while reviewing asks first, over the game screen. */
START_TEST(test_ask)
{
	struct ui *ui = three_plies();
	const struct dialog *d = dialog_current(ui);

	review_goto(ui, "1");
	ck_assert_int_eq(review_ask(ui, BC_MOVE_NONE), UI_DRAW);
	ck_assert_ptr_eq(ui_top(ui), &screen_dialog);
	ck_assert_int_eq(d->kind, DIALOG_TAKE_BACK);
	ck_assert_str_eq(d->text, "You are reviewing. Take back the 2 "
	    "later moves (r replays them)?");
	ck_assert_int_eq(d->count, 3);
	ck_assert_int_eq(d->sel, 1);
	ck_assert_str_eq(d->items[0].label,
	    "Yes, and pick up the piece");
	ck_assert_int_eq(d->items[0].action, ACT_YES);
	ck_assert_int_eq(d->items[2].action, ACT_LIVE);
	ui_pop(ui);
	ck_assert_ptr_eq(ui_top(ui), &screen_game);

	/* Typed: a move of the shown position (after 1. e4, Black's). */
	ck_assert_int_eq(review_typed(ui, "e7"), UI_DRAW);
	ck_assert_ptr_eq(ui_top(ui), &screen_dialog);
	ck_assert_str_eq(d->items[0].label, "Yes, and play e7");
	ck_assert_int_eq(d->items[0].move,
	    test_find_move(&ui->play.review_pos, "e8e7"));
	ui_pop(ui);
	/* White's move is not one of it: said, and nothing opens. */
	ck_assert_int_eq(review_typed(ui, "f4") & UI_BEEP, UI_BEEP);
	ck_assert_ptr_eq(ui_top(ui), &screen_game);
	ck_assert(ui->message_is_error);
	ck_assert_int_eq(strncmp(ui->message, "Reviewing: ", 11), 0);
	/* Black's pawns step one or two from rank 8 (grand.md): none
	 * reaches f4, and the reason says so. */
	ck_assert_int_eq(strncmp(ui->refusal, "No pawn of yours can go to f4 "
	    "(a pawn: ", 38), 0);
	ck_assert(strstr(ui->message, ui->refusal));
	fake_ui_free(ui);
}
END_TEST

Suite *
review_unit_suite(void)
{
	Suite *s = suite_create("review_unit");
	TCase *tc = tcase_create("review_unit");

	tcase_add_test(tc, test_no_moves);
	tcase_add_test(tc, test_step_back_and_on);
	tcase_add_test(tc, test_goto);
	tcase_add_test(tc, test_take_back);
	tcase_add_test(tc, test_ask);
	suite_add_tcase(s, tc);
	return s;
}
