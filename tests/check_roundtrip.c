/*
 * check_roundtrip.c - the save reader accepts everything the writer
 * writes (no game is lost): every field of the autosave of
 * src/app/savegame.c (players, level, clock settings and time left, start
 * FEN, moves, result) written, read back and compared, over a table of
 * games and the extremes of each field; a long game; and the PGN tag
 * writer and reader with odd player names.  Through the real binary: the
 * game's clock stops growing at the cap, and a broken autosave set aside
 * never overwrites an older one.
 *
 * Reproduced first: a clock grown by increments past the reader's bound
 * (31 days here) used to be written as it stood, and the autosave then
 * read as "bad BigchessWhiteClock tag" and was set aside as broken.  Now
 * the clock stops growing at UI_CLOCK_MAX_MS (100 hours, the most
 * --clock allows) and the writer never writes more.  The expected values
 * are the inputs, or the caps spelt out here (100 h = 360,000,000 ms,
 * 1 h = 3,600,000 ms), never the writer's output; the moves are legal
 * by shared/rules (grand.md, chad.md, hadean.md), named by the tests'
 * own move names.
 */
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "../src/app/savegame.h"
#include "pty_board.h"

enum { CAP_MS = 360000000, INCREMENT_CAP_MS = 3600000 };

static const int64_t month_ms = 31LL * 24 * 3600 * 1000;

static const struct row {
	const char *what;
	const char *variant;
	const char *fen;         /* NULL: the start position */
	const char *moves[8];
	bool computer[2];
	int level;
	int64_t base, increment, left[2];           /* written */
	int64_t want_base, want_increment, want_left[2]; /* read back */
} rows[] = {
	{ "grand, no moves, no clock", "grand", NULL, { NULL },
	    { false, true }, 7, 0, 0, { 0, 0 }, 0, 0, { 0, 0 } },
	{ "chad, rook moves, 5+0", "chad", NULL,
	    { "e5e8", "h10h12", NULL }, { true, false }, 1,
	    300000, 0, { 299001, 300000 }, 300000, 0, { 299001, 300000 } },
	{ "hadean, long pawn steps, fractional seconds", "hadean", NULL,
	    { "e3e6", "a10a9", "e6e7", NULL }, { true, true }, 10,
	    90500, 500, { 1, 0 }, 90500, 500, { 1, 0 } },
	{ "grand from a FEN, 1 ms clock", "grand",
	    "r8r/1Nb1kcabn1/p2p1pp1p1/10/4p1qp1p/10/10/1PPPPPPPPP/"
	    "1NBQKCAB2/R8R b - - 0 7", { "a8a7", NULL }, { false, false }, 5,
	    1, 1, { 1, 1 }, 1, 1, { 1, 1 } },
	{ "the caps themselves", "grand", NULL, { "e3e4", NULL },
	    { false, false }, 2, CAP_MS, INCREMENT_CAP_MS, { CAP_MS, 0 },
	    CAP_MS, INCREMENT_CAP_MS, { CAP_MS, 0 } },
	{ "a clock grown for a month (the bug)", "grand", NULL,
	    { "e3e4", "e8e7", NULL }, { false, true }, 7, 600000, 3600000,
	    { month_ms, 5000 }, 600000, 3600000, { CAP_MS, 5000 } },
	{ "everything past the caps", "chad", NULL, { NULL },
	    { false, false }, 3, INT64_MAX, INT64_MAX, { INT64_MAX, -5 },
	    CAP_MS, INCREMENT_CAP_MS, { CAP_MS, 0 } },
};

static bc_game *
game_of(const struct row *r)
{
	bc_game *g;
	bc_error err;

	ck_assert_int_eq(bc_game_new(&g, bc_variant_find(r->variant), r->fen,
	    &err), BC_OK);
	for (int i = 0; r->moves[i]; i++)
		test_play(g, r->moves[i]);
	return g;
}

/* The two games have the same start, moves and position. */
static void
assert_same_game(const bc_game *want, const bc_game *got)
{
	char a[512], b[512];

	ck_assert_ptr_eq(bc_game_variant(want), bc_game_variant(got));
	ck_assert_int_eq(bc_game_length(want), bc_game_length(got));
	for (int i = 0; i < bc_game_length(want); i++)
		ck_assert_int_eq(bc_game_move(want, i), bc_game_move(got, i));
	bc_position_to_fen(bc_game_start(want), a, sizeof a);
	bc_position_to_fen(bc_game_start(got), b, sizeof b);
	ck_assert_str_eq(a, b);
	bc_position_to_fen(bc_game_position(want), a, sizeof a);
	bc_position_to_fen(bc_game_position(got), b, sizeof b);
	ck_assert_str_eq(a, b);
}

/* Each row through the real file: savegame_write, savegame_read. */
START_TEST(test_fields_round_trip)
{
	const struct row *r = &rows[_i];
	char dir[] = "/tmp/bigchess-roundtrip-XXXXXX", path[128];
	char err[SAVEGAME_PATH_MAX + 256];
	struct ui_saved s;
	struct savegame got;
	bc_game *g = game_of(r);

	ck_assert_ptr_nonnull(mkdtemp(dir));
	memset(&s, 0, sizeof s);
	s.game = g;
	s.computer[0] = r->computer[0];
	s.computer[1] = r->computer[1];
	s.clock_base_ms = r->base;
	s.clock_increment_ms = r->increment;
	s.clock_left_ms[0] = r->left[0];
	s.clock_left_ms[1] = r->left[1];
	s.first = true;
	ck_assert_msg(savegame_write(dir, &s, r->level, err, sizeof err) == 0,
	    "%s: %s", r->what, err);
	savegame_autosave_path(dir, path, sizeof path);
	ck_assert_msg(savegame_read(path, SAVEGAME_AUTOSAVE_MAX, 1, NULL, &got,
	    err, sizeof err) == 0, "%s: %s\n%s", r->what, err,
	    read_file(path));
	assert_same_game(g, got.game);
	ck_assert(got.has_players);
	ck_assert(!got.finished);
	ck_assert_int_eq(got.ui.computer[0], r->computer[0]);
	ck_assert_int_eq(got.ui.computer[1], r->computer[1]);
	ck_assert_int_eq(got.level, r->level);
	ck_assert_msg(got.ui.clock_base_ms == r->want_base, "%s: base %lld",
	    r->what, (long long)got.ui.clock_base_ms);
	if (r->want_base) {
		ck_assert_int_eq(got.ui.clock_increment_ms, r->want_increment);
		ck_assert_int_eq(got.ui.clock_left_ms[0], r->want_left[0]);
		ck_assert_int_eq(got.ui.clock_left_ms[1], r->want_left[1]);
	}
	savegame_free(&got);
	bc_game_free(g);
	pty_remove_tree(dir);
}
END_TEST

/*
 * A finished game (it goes to history/, so through format and parse):
 * each way to end one keeps its result.
 */
START_TEST(test_results_round_trip)
{
	static const char *const want[] = { "0-1", "1-0", "1/2-1/2" };
	struct ui_saved s;
	struct savegame got;
	char err[256], *text;
	bc_game *g = test_game_with("grand", NULL);

	test_play(g, "e3e4");
	if (_i == 0)
		bc_game_resign(g, BC_WHITE);
	else if (_i == 1)
		bc_game_lose_on_time(g, BC_BLACK);
	else
		bc_game_agree_draw(g);
	memset(&s, 0, sizeof s);
	s.game = g;
	ck_assert_int_eq(savegame_format(&s, 4, &text), BC_OK);
	ck_assert_msg(savegame_parse(text, strlen(text), 1, NULL, &got, err,
	    sizeof err) == 0, "%s\n%s", err, text);
	ck_assert(got.finished);
	ck_assert_ptr_nonnull(strstr(text, want[_i]));
	ck_assert_int_eq(bc_game_length(got.game), 1);
	savegame_free(&got);
	free(text);
	bc_game_free(g);
}
END_TEST

/*
 * A long game: 3,000 plies of Chad (it has no 100-ply rule, chad.md),
 * random legal moves from a fixed seed (captures only when nothing else
 * is left), any move that would end the game taken back (and in a dead
 * end the move before it).  The moves read back are the moves played.
 */
START_TEST(test_long_game_round_trip)
{
	char dir[] = "/tmp/bigchess-roundtrip-XXXXXX", path[128], err[512];
	bc_move_list *list = new_move_list();
	bc_game *g = test_game_with("chad", NULL);
	struct ui_saved s;
	struct savegame got;
	uint32_t seed = 16;

	ck_assert_ptr_nonnull(mkdtemp(dir));
	while (bc_game_length(g) < 3000) {
		bool played = false;

		int start;

		bc_movegen_legal(bc_game_position(g), list);
		ck_assert_int_gt(list->count, 0);
		seed = seed * 1103515245u + 12345u;
		start = (int)((seed >> 8) % (uint32_t)list->count);
		/* Pass 0: no capture (the game stays long); 1: any move. */
		for (int pass = 0; pass < 2 && !played; pass++) {
			for (int k = 0; k < list->count && !played; k++) {
				bc_move m = list->moves[(start + k) %
				    list->count];

				if (pass == 0 &&
				    BC_MOVE_KIND(m) == BC_MOVE_CAPTURE)
					continue;
				ck_assert_int_eq(bc_game_push(g, m), BC_OK);
				played = bc_game_result(g, NULL) ==
				    BC_RESULT_NONE;
				if (!played)
					ck_assert_int_eq(bc_game_undo(g),
					    BC_OK);
			}
		}
		/* A dead end (one reply, and it ends the game): back one
		 * ply more, and the next seed goes another way. */
		if (!played)
			ck_assert_int_eq(bc_game_undo(g), BC_OK);
	}
	memset(&s, 0, sizeof s);
	s.game = g;
	s.clock_base_ms = 60000;
	s.clock_left_ms[0] = s.clock_left_ms[1] = 1234;
	s.first = true;
	ck_assert_int_eq(savegame_write(dir, &s, 9, err, sizeof err), 0);
	savegame_autosave_path(dir, path, sizeof path);
	ck_assert_msg(savegame_read(path, SAVEGAME_AUTOSAVE_MAX, 1, NULL, &got,
	    err, sizeof err) == 0, "%s", err);
	assert_same_game(g, got.game);
	ck_assert_int_eq(got.ui.clock_left_ms[1], 1234);
	savegame_free(&got);
	bc_game_free(g);
	free(list);
	pty_remove_tree(dir);
}
END_TEST

/*
 * Player names in the tag writer and reader: quotes and backslashes
 * escaped and back, UTF-8 byte for byte, control characters written as
 * visible escapes (a tag is one line of printing characters; the escapes
 * are bc_text_sanitise's: \t, \n, \r, \x1b, \x07), and a name as long
 * as the reader takes (4095 bytes).
 */
START_TEST(test_odd_names_round_trip)
{
	static char longest[4096];
	static const struct {
		const char *name, *want;
	} names[] = {
		{ "say \"hi\"", "say \"hi\"" },
		{ "back\\slash\\", "back\\slash\\" },
		{ "\"\\\"", "\"\\\"" },
		{ "Stra\xc3\x9f" "e \xe7\x8e\x8b \xf0\x9f\x98\x80",
		    "Stra\xc3\x9f" "e \xe7\x8e\x8b \xf0\x9f\x98\x80" },
		{ "tab\there\nnew\rline\x1b]0;x\x07",
		    "tab\\there\\nnew\\rline\\x1b]0;x\\x07" },
		{ "]", "]" },
		{ longest, longest },
	};
	bc_game *g = test_game_with("grand", NULL);

	memset(longest, 'n', sizeof longest - 1);
	test_play(g, "e3e4");
	for (size_t i = 0; i < sizeof names / sizeof names[0]; i++) {
		static char value[4096];
		char white[] = "White", black[] = "Black";
		bc_pgn_tag tags[2] = { { white, value }, { black, value } };
		bc_pgn_game back;
		bc_error err;
		char *text;

		snprintf(value, sizeof value, "%s", names[i].name);
		ck_assert_int_eq(bc_pgn_write(g, tags, 2, &text), BC_OK);
		ck_assert_msg(bc_pgn_read_nth(text, strlen(text), NULL, 1, &back,
		    &err) == BC_OK, "name %zu: %s", i, err.message);
		ck_assert_str_eq(bc_pgn_tag_value(&back, "White"),
		    names[i].want);
		ck_assert_str_eq(bc_pgn_tag_value(&back, "Black"),
		    names[i].want);
		ck_assert_int_eq(bc_game_length(back.game), 1);
		bc_pgn_game_free(&back);
		free(text);
	}
	bc_game_free(g);
}
END_TEST

/*
 * In the game: 100 hours and an hour a move (the most --clock allows).
 * After White's first move its clock would be past 100 hours; it shows
 * and saves exactly 100 hours.
 */
START_TEST(test_clock_capped_in_game)
{
	const char *args[] = { "--variant", "grand", "--white", "human",
		"--black", "human", "--clock", "6000+3600", NULL };
	struct state s;
	struct pty p;
	const char *text;

	state_new(&s);
	start_in(&p, 30, 150, &s, args);
	WAIT_FOR(&p, "White to move");
	pty_send(&p, ":e4" ENTER);
	WAIT_FOR(&p, "Black to move");
	text = read_file(s.save);
	ck_assert_msg(strstr(text, "[BigchessWhiteClock \"360000000\"]"), "%s",
	    text);
	ck_assert_ptr_nonnull(strstr(text, "[TimeControl \"360000+3600\"]"));
	WAIT_FOR(&p, "100:00:00");
	pty_send(&p, "q");
	WAIT_FOR(&p, "Leave this game");
	pty_send(&p, "y");
	expect_clean_exit(&p, &s);
}
END_TEST

/*
 * A file from elsewhere with 20 days a side (the reader takes up to a
 * month): loaded, its clocks are cut to 100 hours, shown and saved so.
 */
START_TEST(test_loaded_clock_capped)
{
	static const char game[] =
	    "[Variant \"Grand Chess\"]\n[TimeControl \"1728000+7200\"]\n"
	    "[BigchessPlayers \"human human\"]\n"
	    "[BigchessWhiteClock \"1728000000\"]\n"
	    "[BigchessBlackClock \"100000\"]\n\n1. e4 *\n";
	const char *args[] = { "--load", NULL, NULL };
	char file[160];
	struct state s;
	struct pty p;
	const char *text;

	state_new(&s);
	snprintf(file, sizeof file, "%s/long.pgn", s.home);
	write_file(file, game);
	args[1] = file;
	start_in(&p, 30, 150, &s, args);
	WAIT_FOR(&p, "Black to move");
	WAIT_FOR(&p, "100:00:00");
	pty_send(&p, ":e7" ENTER);
	WAIT_FOR(&p, "White to move");
	text = read_file(s.save);
	ck_assert_msg(strstr(text, "[TimeControl \"360000+3600\"]") &&
	    strstr(text, "[BigchessWhiteClock \"360000000\"]"), "%s", text);
	pty_send(&p, "q");
	WAIT_FOR(&p, "Leave this game");
	pty_send(&p, "y");
	expect_clean_exit(&p, &s);
}
END_TEST

/* Writes a broken autosave and starts the game, which must say it could
 * not be read and `say`. */
static void
start_with_broken(const struct state *s, const char *text, const char *say)
{
	struct pty p;

	write_file(s->save, text);
	start_in(&p, 30, 150, s, NULL);
	WAIT_FOR(&p, "could not be read");
	WAIT_FOR(&p, say);
	pty_send(&p, "q");
	expect_exit(&p, 0);
	pty_close(&p);
}

/*
 * Three broken autosaves in turn: .bad, then .bad.1, then .bad.2, each
 * keeping its own text.  With all ten names taken, the broken file stays
 * as it is.
 */
START_TEST(test_bad_never_overwritten)
{
	static const char *const broken[] = { "[Variant \"Nope\"]\n\n*\n",
		"[Variant \"Grand Chess\"]\n\n1. zz9 *\n",
		"[Variant \"Chad\"]\n[BigchessLevel \"99\"]\n\n*\n" };
	char path[256];
	struct state s;

	state_new(&s);
	ck_assert_int_eq(mkdir(s.dir, 0700), 0);
	start_with_broken(&s, broken[0], "autosave.pgn.bad.");
	start_with_broken(&s, broken[1], "autosave.pgn.bad.1.");
	start_with_broken(&s, broken[2], "autosave.pgn.bad.2.");
	snprintf(path, sizeof path, "%s.bad", s.save);
	ck_assert_str_eq(read_file(path), broken[0]);
	snprintf(path, sizeof path, "%s.bad.1", s.save);
	ck_assert_str_eq(read_file(path), broken[1]);
	snprintf(path, sizeof path, "%s.bad.2", s.save);
	ck_assert_str_eq(read_file(path), broken[2]);

	for (int i = 3; i <= 9; i++) {
		snprintf(path, sizeof path, "%s.bad.%d", s.save, i);
		write_file(path, "old\n");
	}
	start_with_broken(&s, broken[1], "stays as");
	ck_assert_str_eq(read_file(s.save), broken[1]);
	snprintf(path, sizeof path, "%s.bad.9", s.save);
	ck_assert_str_eq(read_file(path), "old\n");
	snprintf(path, sizeof path, "%s.bad.10", s.save);
	ck_assert_int_ne(access(path, F_OK), 0);
	pty_remove_tree(s.home);
}
END_TEST

Suite *
roundtrip_suite(void)
{
	Suite *s = suite_create("roundtrip");
	TCase *tc = tcase_create("core");

	tcase_set_timeout(tc, 60);
	tcase_add_loop_test(tc, test_fields_round_trip, 0,
	    (int)(sizeof rows / sizeof rows[0]));
	tcase_add_loop_test(tc, test_results_round_trip, 0, 3);
	tcase_add_test(tc, test_long_game_round_trip);
	tcase_add_test(tc, test_odd_names_round_trip);
	tcase_add_test(tc, test_clock_capped_in_game);
	tcase_add_test(tc, test_loaded_clock_capped);
	tcase_add_test(tc, test_bad_never_overwritten);
	suite_add_tcase(s, tc);
	return s;
}
