/*
 * check_actions.c - src/ui/actions.c without a terminal: picking up and
 * dropping with the cursor, undo and redo, and what the commands and a
 * dialog's answers ask of the main loop (also :fen's new game), and the
 * level a first game of a variant starts at.  The game is Grand Chess from
 * its start (grand.md: pawns on the third rank may step two, e8 is a
 * Black pawn, e5 empty); the messages and counts are worked out by hand.
 */
#include <check.h>
#include <stdlib.h>
#include <string.h>

#include "fake_ui.h"
#include "test_util.h"

static struct ui_options opts;

static void
cursor_to(struct ui *ui, const char *square)
{
	bc_square sq = square_of(square);

	ui->play.cursor_file = BC_FILE(sq);
	ui->play.cursor_rank = BC_RANK(sq);
}

START_TEST(test_pick_up_and_put_back)
{
	struct ui *ui = fake_ui_new(&opts, "grand");

	cursor_to(ui, "e3");
	ck_assert_int_eq(actions_run(ui, CMD_SELECT), UI_DRAW);
	ck_assert_int_eq(ui->play.selected, square_of("e3"));
	ck_assert_str_eq(ui->message, "Pawn on e3: Enter on a marked square "
	    "moves it; Esc puts it back.");
	actions_run(ui, CMD_SELECT);
	ck_assert_int_eq(ui->play.selected, 0);
	ck_assert_str_eq(ui->message, "Put back.");
	fake_ui_free(ui);
}
END_TEST

START_TEST(test_wrong_pick)
{
	struct ui *ui = fake_ui_new(&opts, "grand");

	cursor_to(ui, "e5");
	actions_run(ui, CMD_SELECT);
	ck_assert_str_eq(ui->message, "Pick up a piece of White's (e5 is "
	    "empty).");
	ck_assert_str_eq(ui->refusal, "");
	ck_assert(ui->message_is_error);
	cursor_to(ui, "e8");
	actions_run(ui, CMD_SELECT);
	ck_assert_str_eq(ui->message, "Pick up a piece of White's (e8 is "
	    "the other side's).");
	ck_assert_str_eq(ui->refusal, "");
	ck_assert_int_eq(ui->play.selected, 0);
	fake_ui_free(ui);
}
END_TEST

START_TEST(test_drop_and_undo)
{
	struct ui *ui = fake_ui_new(&opts, "grand");

	cursor_to(ui, "e3");
	actions_run(ui, CMD_SELECT);
	cursor_to(ui, "e5");
	ck_assert_int_eq(actions_run(ui, CMD_SELECT), UI_DRAW);
	ck_assert_int_eq(bc_game_length(ui->play.game), 1);
	ck_assert_int_eq(ui->play.selected, 0);
	ck_assert_str_eq(ui->message, "White played e5.");
	/* Black's e8 pawn goes to e7 or e6, not e4. */
	ck_assert_int_eq(actions_try_moves(ui, square_of("e8"),
	    square_of("e4")), UI_DRAW | UI_BEEP);
	ck_assert_str_eq(ui->message, "The pawn on e8 cannot go to e4: it "
	    "cannot move to e4 from e8 (a pawn: steps forward (two from its "
	    "start rank), takes diagonally forward; on its last three ranks "
	    "it may become a piece its side has lost).");
	ck_assert_str_eq(ui->refusal, ui->message);
	ck_assert_int_eq(bc_game_length(ui->play.game), 1);

	actions_run(ui, CMD_UNDO);
	ck_assert_int_eq(bc_game_length(ui->play.game), 0);
	ck_assert_str_eq(ui->message, "Move taken back; White to move.");
	actions_run(ui, CMD_UNDO);
	ck_assert_str_eq(ui->message, "Nothing to take back.");
	actions_run(ui, CMD_REDO);
	ck_assert_int_eq(bc_game_length(ui->play.game), 1);
	ck_assert_str_eq(ui->message, "Move replayed; Black to move.");
	fake_ui_free(ui);
}
END_TEST

/* The new-game screen is the main loop's to open. */
START_TEST(test_new_is_a_request)
{
	struct ui *ui = fake_ui_new(&opts, "grand");

	ck_assert_int_eq(actions_run(ui, CMD_NEW), UI_DRAW | UI_NEW_GAME);
	ck_assert_ptr_eq(ui_top(ui), &screen_game);
	fake_ui_free(ui);
}
END_TEST

/*
 * :fen over a game in progress asks first; its yes asks the main loop to
 * start the game, which it does from a copy of the FEN (the typed line
 * is gone by then).  The FEN is Grand Chess's start (grand.md).
 */
START_TEST(test_fen_is_a_request)
{
	static const char start[] = "r8r/1nbqkcabn1/pppppppppp/10/10/10/10/"
	    "PPPPPPPPPP/1NBQKCABN1/R8R w - - 0 1";
	struct ui *ui = fake_ui_new(&opts, "grand");
	struct dialog_answer yes = { DIALOG_FEN_NEW, ACT_YES, 0 };
	char typed[sizeof start], out[BC_FEN_MAX];
	const struct dialog *d = dialog_current(ui);

	fake_ui_play(ui, "e3e4");
	memcpy(typed, start, sizeof start);
	ck_assert_int_eq(actions_fen(ui, typed), UI_DRAW);
	ck_assert_ptr_eq(ui_top(ui), &screen_dialog);
	ck_assert_int_eq(d->kind, DIALOG_FEN_NEW);
	ui_pop(ui);
	memset(typed, 'x', sizeof typed - 1);
	ck_assert_int_eq(screen_game.answer(ui, &yes), UI_START_GAME);
	ck_assert_int_eq(bc_game_length(ui->play.game), 1);
	ck_assert_int_eq(actions_start_game(ui, &ui->start_setup),
	    UI_DRAW | UI_CHANGED);
	ck_assert_int_eq(bc_game_length(ui->play.game), 0);
	bc_position_to_fen(play_position(&ui->play), out, sizeof out);
	ck_assert_str_eq(out, start);
	fake_ui_free(ui);
}
END_TEST

/*
 * A first game of a variant is gentle (README, --level: default 7, but 2
 * for a first game of a variant, none of it finished in the history).
 * The app's table has an entry per registered variant, found at run
 * time; without one (no history) every variant counts as played.
 */
START_TEST(test_first_game_level)
{
	struct ui_options o = { .level = 7 };
	int n = bc_variant_count();
	bool *finished = calloc((size_t)n, sizeof *finished);
	bc_variant_id grand = bc_variant_id_of(bc_variant_find("grand"));
	bc_variant_id chad = bc_variant_id_of(bc_variant_find("chad"));
	bc_variant_id last = bc_variant_id_of(bc_variant_at(n - 1));
	struct ui *ui = fake_ui_new(&o, "grand");

	ck_assert_ptr_nonnull(finished);
	ck_assert_int_eq(newgame_default_level(ui, grand), 7);
	o.finished = finished;
	ck_assert_int_eq(newgame_default_level(ui, grand), 2);
	ck_assert_int_eq(newgame_default_level(ui, last), 2);
	finished[grand] = true;
	ck_assert_int_eq(newgame_default_level(ui, grand), 7);
	ck_assert_int_eq(newgame_default_level(ui, chad), 2);
	/* --level given: always that level. */
	o.level_given = true;
	ck_assert_int_eq(newgame_default_level(ui, chad), 7);
	fake_ui_free(ui);
	free(finished);
}
END_TEST

/* Resign: asked, answered yes over the game, then the game-over box. */
START_TEST(test_resign_answer)
{
	struct ui *ui = fake_ui_new(&opts, "grand");
	struct dialog_answer yes = { DIALOG_RESIGN, ACT_YES, 0 };
	const struct dialog *d = dialog_current(ui);

	fake_ui_play(ui, "e3e4");
	actions_run(ui, CMD_RESIGN);
	ck_assert_ptr_eq(ui_top(ui), &screen_dialog);
	ck_assert_str_eq(d->text, "Does Black resign?");
	ui_pop(ui);
	ck_assert_int_eq(screen_game.answer(ui, &yes), UI_DRAW);
	ck_assert(play_over(&ui->play));
	ck_assert_ptr_eq(ui_top(ui), &screen_dialog);
	ck_assert_int_eq(d->kind, DIALOG_GAME_OVER);
	ck_assert_int_eq(d->count, 4);
	/* Its "new game" item asks the loop for the new-game screen. */
	ui_pop(ui);
	{
		struct dialog_answer fresh = { DIALOG_GAME_OVER, ACT_NEW, 0 };

		ck_assert_int_eq(screen_game.answer(ui, &fresh),
		    UI_DRAW | UI_NEW_GAME);
	}
	fake_ui_free(ui);
}
END_TEST

/* A click off the board and the move list does nothing. */
START_TEST(test_click_outside)
{
	struct ui *ui = fake_ui_new(&opts, "grand");

	ck_assert_int_eq(screen_game.click(ui, 0, 0), 0);
	ck_assert_int_eq(ui->play.selected, 0);
	fake_ui_free(ui);
}
END_TEST

Suite *
actions_suite(void)
{
	Suite *s = suite_create("actions");
	TCase *tc = tcase_create("actions");

	tcase_add_test(tc, test_pick_up_and_put_back);
	tcase_add_test(tc, test_wrong_pick);
	tcase_add_test(tc, test_drop_and_undo);
	tcase_add_test(tc, test_new_is_a_request);
	tcase_add_test(tc, test_fen_is_a_request);
	tcase_add_test(tc, test_first_game_level);
	tcase_add_test(tc, test_resign_answer);
	tcase_add_test(tc, test_click_outside);
	suite_add_tcase(s, tc);
	return s;
}
