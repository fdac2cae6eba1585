/*
 * check_autosave.c - src/ui/autosave.c without a terminal: when the game
 * is handed to the store (ui_store.save), with what, and what the status
 * line says when the store fails.  The store is a fake that records each
 * call; the expected counts follow the rule in autosave.c's contract (a
 * save after every change of the game, none for a new game until it
 * changes, one more on the way out for the clocks), counted by hand.
 */
#include <check.h>
#include <stdio.h>
#include <string.h>

#include "fake_ui.h"
#include "test_util.h"

struct fake_store {
	int saves;
	bool fail;            /* make every save fail */
	struct ui_saved last; /* the latest call's argument */
	int last_plies;       /* the game's length at that call */
};

static int
fake_save(void *ctx, const struct ui_saved *s, char *err, size_t errsize)
{
	struct fake_store *fs = ctx;

	fs->saves++;
	fs->last = *s;
	fs->last_plies = bc_game_length(s->game);
	if (fs->fail) {
		snprintf(err, errsize, "disk full");
		return -1;
	}
	return 0;
}

/* A new game, seen once by autosave_check as the main loop does before
 * every key: from then on a change is saved. */
static struct ui *
new_game(const struct ui_options *o)
{
	struct ui *ui = fake_ui_new(o, "grand");

	ck_assert_int_eq(autosave_check(ui), 0);
	return ui;
}

static struct fake_store store;
static struct ui_store seam = { .ctx = &store, .save = fake_save };
static struct ui_options opts;

static void
setup(void)
{
	memset(&store, 0, sizeof store);
	memset(&opts, 0, sizeof opts);
	opts.store = &seam;
}

/* No store: nothing to do, ever. */
START_TEST(test_no_store)
{
	struct ui *ui;

	opts.store = NULL;
	ui = fake_ui_new(&opts, "grand");
	fake_ui_play(ui, "e3e4");
	ck_assert_int_eq(autosave_check(ui), 0);
	autosave_final(ui);
	ck_assert_int_eq(store.saves, 0);
	fake_ui_free(ui);
}
END_TEST

/* A new game is not saved until it changes; then once per change. */
START_TEST(test_save_per_change)
{
	struct ui *ui = fake_ui_new(&opts, "grand");

	ck_assert_int_eq(autosave_check(ui), 0);
	ck_assert_int_eq(store.saves, 0);
	ck_assert_int_eq(autosave_check(ui), 0);
	ck_assert_int_eq(store.saves, 0);

	fake_ui_play(ui, "e3e4");
	ck_assert_int_eq(autosave_check(ui), 0);
	ck_assert_int_eq(store.saves, 1);
	ck_assert_int_eq(store.last_plies, 1);
	/* The first save of this game: an older autosave is kept. */
	ck_assert(store.last.first);
	ck_assert(!store.last.computer[BC_WHITE]);
	ck_assert(!store.last.computer[BC_BLACK]);
	ck_assert_int_eq(store.last.clock_base_ms, 0);
	ck_assert_int_eq(store.last.level, 1);

	/* Nothing changed: no save. */
	ck_assert_int_eq(autosave_check(ui), 0);
	ck_assert_int_eq(store.saves, 1);

	fake_ui_play(ui, "e8e7");
	ck_assert_int_eq(autosave_check(ui), 0);
	ck_assert_int_eq(store.saves, 2);
	ck_assert_int_eq(store.last_plies, 2);
	ck_assert(!store.last.first);

	/* An undo is a change too. */
	ck_assert_int_eq(play_undo(&ui->play, ui->now), BC_OK);
	ck_assert_int_eq(autosave_check(ui), 0);
	ck_assert_int_eq(store.saves, 3);
	ck_assert_int_eq(store.last_plies, 1);
	fake_ui_free(ui);
}
END_TEST

/* On the way out: one more save of a live game, for its clocks. */
START_TEST(test_final_saves_live_game)
{
	struct ui *ui = new_game(&opts);

	fake_ui_play(ui, "e3e4");
	autosave_check(ui);
	ck_assert_int_eq(store.saves, 1);
	autosave_final(ui);
	ck_assert_int_eq(store.saves, 2);
	ck_assert_int_eq(store.last_plies, 1);
	fake_ui_free(ui);
}
END_TEST

/* A game never changed is never saved, not even on the way out. */
START_TEST(test_final_unchanged_game)
{
	struct ui *ui = fake_ui_new(&opts, "grand");

	autosave_check(ui);
	autosave_final(ui);
	ck_assert_int_eq(store.saves, 0);
	fake_ui_free(ui);
}
END_TEST

/* A finished game is saved once with its result, not again on exit. */
START_TEST(test_final_finished_game)
{
	struct ui *ui = new_game(&opts);

	fake_ui_play(ui, "e3e4");
	autosave_check(ui);
	play_resign(&ui->play, ui->now);
	autosave_check(ui);
	ck_assert_int_eq(store.saves, 2);
	autosave_final(ui);
	ck_assert_int_eq(store.saves, 2);
	fake_ui_free(ui);
}
END_TEST

/* A failing store: said once on the status line, the game goes on. */
START_TEST(test_failure_said_once)
{
	struct ui *ui = new_game(&opts);

	store.fail = true;
	fake_ui_play(ui, "e3e4");
	ui->message[0] = '\0';
	ck_assert_int_eq(autosave_check(ui), UI_DRAW);
	ck_assert_str_eq(ui->message, "Not saved: disk full");
	ck_assert(ui->message_is_error);
	ck_assert(ui->save_failing);

	ui->message[0] = '\0';
	fake_ui_play(ui, "e8e7");
	ck_assert_int_eq(autosave_check(ui), 0);
	ck_assert_int_eq(store.saves, 2);
	ck_assert_str_eq(ui->message, "");

	/* The disk is back: saved, and failing again would be said. */
	store.fail = false;
	fake_ui_play(ui, "f3f4");
	ck_assert_int_eq(autosave_check(ui), 0);
	ck_assert_int_eq(store.saves, 3);
	ck_assert(!ui->save_failing);
	fake_ui_free(ui);
}
END_TEST

Suite *
autosave_suite(void)
{
	Suite *s = suite_create("autosave");
	TCase *tc = tcase_create("autosave");

	tcase_add_checked_fixture(tc, setup, NULL);
	tcase_add_test(tc, test_no_store);
	tcase_add_test(tc, test_save_per_change);
	tcase_add_test(tc, test_final_saves_live_game);
	tcase_add_test(tc, test_final_unchanged_game);
	tcase_add_test(tc, test_final_finished_game);
	tcase_add_test(tc, test_failure_said_once);
	suite_add_tcase(s, tc);
	return s;
}
