/*
 * check_save.c - the autosave and history files (src/app/savegame.c).
 *
 * Sources: README's "Files" (tags: TimeControl, BigchessPlayers,
 * BigchessLevel, BigchessWhiteClock/BlackClock in ms; files: autosave.pgn
 * in $XDG_STATE_HOME/bigchess, finished games in history/; folder mode
 * 0700; a good save is never replaced by a bad one) and the PGN standard
 * 9.6.1 for TimeControl ("seconds+increment").  Games are played with the
 * rules library and compared with themselves after the round trip.
 */
#include <errno.h>
#include <dirent.h>
#include <stdio.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "../src/app/savegame.h"
#include "pty_board.h"

static struct ui_saved
saved_of(const bc_game *g)
{
	struct ui_saved s;

	memset(&s, 0, sizeof s);
	s.game = g;
	s.computer[BC_BLACK] = true;
	s.clock_base_ms = 300000;
	s.clock_increment_ms = 3000;
	s.clock_left_ms[BC_WHITE] = 290000;
	s.clock_left_ms[BC_BLACK] = 295500;
	return s;
}

/* A new empty folder; its path in `buf`. */
static void
temp_dir(char *buf, size_t size)
{
	snprintf(buf, size, "/tmp/bigchess-save-XXXXXX");
	ck_assert_ptr_nonnull(mkdtemp(buf));
}

static void
write_text(const char *path, const char *text, size_t len)
{
	FILE *f = fopen(path, "wb");

	ck_assert_ptr_nonnull(f);
	ck_assert_uint_eq(fwrite(text, 1, len, f), len);
	ck_assert_int_eq(fclose(f), 0);
}

static int
count_files(const char *dir)
{
	DIR *d = opendir(dir);
	struct dirent *e;
	int n = 0;

	if (!d)
		return -1;
	while ((e = readdir(d)))
		n += e->d_name[0] != '.' || (strcmp(e->d_name, ".") &&
		    strcmp(e->d_name, ".."));
	closedir(d);
	return n;
}

static void
fen_of(const bc_game *g, char *buf)
{
	bc_position_to_fen(bc_game_position(g), buf, BC_FEN_MAX);
}

START_TEST(test_format_tags)
{
	const char *moves[] = { "e5", "e6", NULL };
	bc_game *g = test_game_with("grand", moves);
	struct ui_saved s = saved_of(g);
	char *text;

	ck_assert_int_eq(savegame_format(&s, 5, &text), BC_OK);
	ck_assert_ptr_nonnull(strstr(text, "[Variant \"Grand Chess\"]"));
	ck_assert_ptr_nonnull(strstr(text, "[TimeControl \"300+3\"]"));
	ck_assert_ptr_nonnull(strstr(text,
	    "[BigchessPlayers \"human computer\"]"));
	ck_assert_ptr_nonnull(strstr(text, "[BigchessLevel \"5\"]"));
	ck_assert_ptr_nonnull(strstr(text, "[BigchessWhiteClock \"290000\"]"));
	ck_assert_ptr_nonnull(strstr(text, "[BigchessBlackClock \"295500\"]"));
	ck_assert_ptr_nonnull(strstr(text, "[Result \"*\"]"));
	ck_assert_ptr_nonnull(strstr(text, "1. e5 e6"));
	free(text);
	bc_game_free(g);
}
END_TEST

START_TEST(test_round_trip)
{
	const char *moves[] = { "e5", "e6", "Nc4", NULL };
	bc_game *g = test_game_with("grand", moves);
	struct ui_saved s = saved_of(g);
	struct savegame back;
	char *text, err[256], want[BC_FEN_MAX], got[BC_FEN_MAX];

	ck_assert_int_eq(savegame_format(&s, 5, &text), BC_OK);
	ck_assert_int_eq(savegame_parse(text, strlen(text), 1, NULL, &back,
	    err, sizeof err), 0);
	fen_of(g, want);
	fen_of(back.game, got);
	ck_assert_str_eq(got, want);
	ck_assert_int_eq(bc_game_length(back.game), 3);
	for (int i = 0; i < 3; i++)
		ck_assert_uint_eq(bc_game_move(back.game, i), bc_game_move(g, i));
	ck_assert(back.ui.game == back.game);
	ck_assert(!back.ui.computer[BC_WHITE]);
	ck_assert(back.ui.computer[BC_BLACK]);
	ck_assert(back.has_players);
	ck_assert_int_eq(back.level, 5);
	ck_assert_int_eq(back.ui.clock_base_ms, 300000);
	ck_assert_int_eq(back.ui.clock_increment_ms, 3000);
	ck_assert_int_eq(back.ui.clock_left_ms[BC_WHITE], 290000);
	ck_assert_int_eq(back.ui.clock_left_ms[BC_BLACK], 295500);
	ck_assert(!back.finished);
	savegame_free(&back);
	free(text);
	bc_game_free(g);
}
END_TEST

/* Half a minute per side: TimeControl in seconds takes decimals. */
START_TEST(test_fractional_clock)
{
	bc_game *g = test_game_with("grand", NULL);
	struct ui_saved s = saved_of(g);
	struct savegame back;
	char *text, err[256];

	s.clock_base_ms = 30000;
	s.clock_increment_ms = 500;
	ck_assert_int_eq(savegame_format(&s, 7, &text), BC_OK);
	ck_assert_ptr_nonnull(strstr(text, "[TimeControl \"30+0.500\"]"));
	ck_assert_int_eq(savegame_parse(text, strlen(text), 1, NULL, &back,
	    err, sizeof err), 0);
	ck_assert_int_eq(back.ui.clock_increment_ms, 500);
	savegame_free(&back);
	free(text);
	bc_game_free(g);
}
END_TEST

START_TEST(test_no_clock)
{
	bc_game *g = test_game_with("grand", NULL);
	struct ui_saved s = saved_of(g);
	struct savegame back;
	char *text, err[256];

	s.clock_base_ms = 0;
	ck_assert_int_eq(savegame_format(&s, 7, &text), BC_OK);
	ck_assert_ptr_nonnull(strstr(text, "[TimeControl \"-\"]"));
	ck_assert_ptr_null(strstr(text, "BigchessWhiteClock"));
	ck_assert_int_eq(savegame_parse(text, strlen(text), 1, NULL, &back,
	    err, sizeof err), 0);
	ck_assert_int_eq(back.ui.clock_base_ms, 0);
	savegame_free(&back);
	free(text);
	bc_game_free(g);
}
END_TEST

START_TEST(test_write_atomic)
{
	const char *moves[] = { "e5", NULL };
	bc_game *g = test_game_with("grand", moves);
	struct ui_saved s = saved_of(g);
	struct savegame back;
	char tmp[64], dir[128], path[256], err[256];
	struct stat st;

	temp_dir(tmp, sizeof tmp);
	/* Missing parents are made too. */
	snprintf(dir, sizeof dir, "%s/state/bigchess", tmp);
	ck_assert_int_eq(savegame_write(dir, &s, 7, err, sizeof err), 0);
	ck_assert_int_eq(stat(dir, &st), 0);
	ck_assert_int_eq(st.st_mode & 0777, 0700);
	/* Only the autosave: no temp file is left behind. */
	ck_assert_int_eq(count_files(dir), 1);
	snprintf(path, sizeof path, "%s/autosave.pgn", dir);
	ck_assert_int_eq(savegame_read(path, SAVEGAME_AUTOSAVE_MAX, 1, NULL,
	    &back, err, sizeof err), 0);
	ck_assert_int_eq(bc_game_length(back.game), 1);
	savegame_free(&back);
	/* A second save replaces the first. */
	ck_assert_int_eq(bc_game_push_text(g, "e6", NULL), BC_OK);
	ck_assert_int_eq(savegame_write(dir, &s, 7, err, sizeof err), 0);
	ck_assert_int_eq(count_files(dir), 1);
	ck_assert_int_eq(savegame_read(path, SAVEGAME_AUTOSAVE_MAX, 1, NULL,
	    &back, err, sizeof err), 0);
	ck_assert_int_eq(bc_game_length(back.game), 2);
	savegame_free(&back);
	bc_game_free(g);
	pty_remove_tree(tmp);
}
END_TEST

START_TEST(test_finished_goes_to_history)
{
	const char *moves[] = { "e5", NULL };
	bc_game *g = test_game_with("grand", moves);
	struct ui_saved s = saved_of(g);
	char dir[64], path[600], hist[256], err[256];
	DIR *d;
	struct dirent *e;
	int found = 0;

	temp_dir(dir, sizeof dir);
	ck_assert_int_eq(savegame_write(dir, &s, 7, err, sizeof err), 0);
	/* Black to move resigns: White wins, 1-0. */
	bc_game_resign(g, BC_BLACK);
	ck_assert_int_eq(savegame_write(dir, &s, 7, err, sizeof err), 0);
	snprintf(path, sizeof path, "%s/autosave.pgn", dir);
	ck_assert_int_eq(access(path, F_OK), -1);
	snprintf(hist, sizeof hist, "%s/history", dir);
	d = opendir(hist);
	ck_assert_ptr_nonnull(d);
	while ((e = readdir(d))) {
		size_t n = strlen(e->d_name);

		if (e->d_name[0] == '.')
			continue;
		ck_assert(n > 4 && !strcmp(e->d_name + n - 4, ".pgn"));
		snprintf(path, sizeof path, "%s/%s", hist, e->d_name);
		ck_assert_ptr_nonnull(strstr(read_file(path),
		    "[Result \"1-0\"]"));
		found++;
	}
	closedir(d);
	ck_assert_int_eq(found, 1);
	bc_game_free(g);
	pty_remove_tree(dir);
}
END_TEST

/* A new game's first save keeps the older game in history. */
START_TEST(test_first_save_keeps_old)
{
	const char *old_moves[] = { "e5", "e6", NULL };
	bc_game *old = test_game_with("grand", old_moves);
	bc_game *g = test_game_with("grand", NULL);
	struct ui_saved s = saved_of(old);
	char dir[64], hist[128], err[256];

	temp_dir(dir, sizeof dir);
	ck_assert_int_eq(savegame_write(dir, &s, 7, err, sizeof err), 0);
	ck_assert_int_eq(bc_game_push_text(g, "Nc4", NULL), BC_OK);
	s = saved_of(g);
	s.first = true;
	ck_assert_int_eq(savegame_write(dir, &s, 7, err, sizeof err), 0);
	snprintf(hist, sizeof hist, "%s/history", dir);
	ck_assert_int_eq(count_files(hist), 1);
	bc_game_free(old);
	bc_game_free(g);
	pty_remove_tree(dir);
}
END_TEST

/* Even an autosave that is not a game is kept, moved as it is. */
START_TEST(test_first_save_keeps_anything)
{
	bc_game *g = test_game_with("grand", NULL);
	struct ui_saved s = saved_of(g);
	char dir[64], path[128], hist[128], err[256];
	struct dirent *e;
	DIR *d;

	temp_dir(dir, sizeof dir);
	snprintf(path, sizeof path, "%s/autosave.pgn", dir);
	write_text(path, "\x01 not a game", 13);
	s.first = true;
	ck_assert_int_eq(savegame_write(dir, &s, 7, err, sizeof err), 0);
	ck_assert_ptr_nonnull(strstr(read_file(path), "[Variant \"Grand"));
	snprintf(hist, sizeof hist, "%s/history", dir);
	ck_assert_int_eq(count_files(hist), 1);
	d = opendir(hist);
	ck_assert_ptr_nonnull(d);
	while ((e = readdir(d)))
		if (e->d_name[0] != '.') {
			char f[400];

			snprintf(f, sizeof f, "%s/%s", hist, e->d_name);
			ck_assert_str_eq(read_file(f), "\x01 not a game");
		}
	closedir(d);
	bc_game_free(g);
	pty_remove_tree(dir);
}
END_TEST

/* Files that are not a saved game, each with words its message names. */
static const struct {
	const char *what, *text, *words;
	size_t len; /* 0: strlen(text) */
} bad_files[] = {
	{ "empty", "", "no game", 0 },
	{ "blank", "\n\n  \n", "no game", 0 },
	{ "cut short",
	    "[Event \"bigchess game\"]\n[Variant \"Grand Chess\"]\n"
	    "[BigchessPlayers \"human human\"]\n\n1. e5 e6 2. N", "cut short", 0 },
	{ "wrong variant", "[Variant \"Standard\"]\n[BigchessPlayers "
	    "\"human human\"]\n\n1. e4 *\n", "Standard", 0 },
	{ "no variant", "[Event \"x\"]\n\n1. e5 *\n", "Variant", 0 },
	{ "illegal move", "[Variant \"Grand Chess\"]\n\n1. e3e7 *\n", "e3e7", 0 },
	{ "bad clock", "[Variant \"Grand Chess\"]\n[TimeControl \"300+0\"]\n"
	    "[BigchessWhiteClock \"-5\"]\n\n1. e5 *\n", "BigchessWhiteClock", 0 },
	{ "bad players", "[Variant \"Grand Chess\"]\n[BigchessPlayers "
	    "\"alien human\"]\n\n*\n", "BigchessPlayers", 0 },
	{ "binary", "\x7f" "ELF\x02\x01\x01\x00\x00\x00", "", 10 },
};

START_TEST(test_bad_file)
{
	char dir[64], path[128], err[512];
	struct savegame g;

	temp_dir(dir, sizeof dir);
	snprintf(path, sizeof path, "%s/autosave.pgn", dir);
	write_text(path, bad_files[_i].text, bad_files[_i].len ?
	    bad_files[_i].len : strlen(bad_files[_i].text));
	err[0] = '\0';
	ck_assert_int_eq(savegame_read(path, SAVEGAME_AUTOSAVE_MAX, 1, NULL,
	    &g, err, sizeof err), -1);
	ck_assert_ptr_null(g.game);
	ck_assert_msg(err[0] && strstr(err, bad_files[_i].words),
	    "%s: message '%s'", bad_files[_i].what, err);
	pty_remove_tree(dir);
}
END_TEST

/* One byte over the limit is too large; the limit itself is not. */
START_TEST(test_huge_file)
{
	char dir[64], path[128], err[512];
	struct savegame g;
	size_t n = SAVEGAME_AUTOSAVE_MAX + 1;
	char *text = malloc(n);

	ck_assert_ptr_nonnull(text);
	memset(text, ' ', n);
	temp_dir(dir, sizeof dir);
	snprintf(path, sizeof path, "%s/autosave.pgn", dir);
	write_text(path, text, n);
	ck_assert_int_eq(savegame_read(path, SAVEGAME_AUTOSAVE_MAX, 1, NULL,
	    &g, err, sizeof err), -1);
	ck_assert_msg(strstr(err, "too large (the limit is 4 MiB)"), "%s", err);
	write_text(path, text, n - 1);
	free(text);
	ck_assert_int_eq(savegame_read(path, SAVEGAME_AUTOSAVE_MAX, 1, NULL,
	    &g, err, sizeof err), -1);
	ck_assert_msg(!strstr(err, "too large"), "%s", err);
	pty_remove_tree(dir);
}
END_TEST

START_TEST(test_missing_file)
{
	struct savegame g;
	char err[256];

	ck_assert_int_eq(savegame_read("/tmp/bigchess-no-such-dir/a.pgn",
	    SAVEGAME_AUTOSAVE_MAX, 1, NULL, &g, err, sizeof err), 1);
}
END_TEST

/* A folder that cannot be made: an error, and nothing else changes. */
START_TEST(test_unwritable)
{
	bc_game *g = test_game_with("grand", NULL);
	struct ui_saved s = saved_of(g);
	char tmp[64], dir[128], err[512];

	temp_dir(tmp, sizeof tmp);
	snprintf(dir, sizeof dir, "%s/bigchess", tmp);
	write_text(dir, "a file, not a folder\n", 21);
	err[0] = '\0';
	ck_assert_int_eq(savegame_write(dir, &s, 7, err, sizeof err), -1);
	ck_assert_msg(strstr(err, dir) != NULL, "message '%s'", err);
	ck_assert_str_eq(read_file(dir), "a file, not a folder\n");
	bc_game_free(g);
	pty_remove_tree(tmp);
}
END_TEST

/* When the history cannot be written, the autosave stays as it was. */
START_TEST(test_good_save_kept)
{
	const char *moves[] = { "e5", NULL };
	bc_game *g = test_game_with("grand", moves);
	struct ui_saved s = saved_of(g);
	char dir[64], path[128], hist[128], err[512], before[4096];

	temp_dir(dir, sizeof dir);
	ck_assert_int_eq(savegame_write(dir, &s, 7, err, sizeof err), 0);
	snprintf(path, sizeof path, "%s/autosave.pgn", dir);
	snprintf(before, sizeof before, "%s", read_file(path));
	snprintf(hist, sizeof hist, "%s/history", dir);
	write_text(hist, "in the way\n", 11);
	bc_game_resign(g, BC_BLACK);
	ck_assert_int_eq(savegame_write(dir, &s, 7, err, sizeof err), -1);
	ck_assert_str_eq(read_file(path), before);
	bc_game_free(g);
	pty_remove_tree(dir);
}
END_TEST

START_TEST(test_state_dir)
{
	char buf[256], err[256];

	setenv("XDG_STATE_HOME", "/srv/state", 1);
	ck_assert_int_eq(savegame_dir(buf, sizeof buf, err, sizeof err), 0);
	ck_assert_str_eq(buf, "/srv/state/bigchess");
	/* A relative XDG_STATE_HOME is invalid (XDG base directory spec). */
	setenv("XDG_STATE_HOME", "relative", 1);
	setenv("HOME", "/home/someone", 1);
	ck_assert_int_eq(savegame_dir(buf, sizeof buf, err, sizeof err), 0);
	ck_assert_str_eq(buf, "/home/someone/.local/state/bigchess");
	unsetenv("XDG_STATE_HOME");
	unsetenv("HOME");
	ck_assert_int_eq(savegame_dir(buf, sizeof buf, err, sizeof err), -1);
	ck_assert_ptr_nonnull(strstr(err, "HOME"));
}
END_TEST

Suite *
save_suite(void)
{
	Suite *s = suite_create("save");
	TCase *core = tcase_create("core");
	TCase *errors = tcase_create("errors");

	tcase_add_test(core, test_format_tags);
	tcase_add_test(core, test_round_trip);
	tcase_add_test(core, test_fractional_clock);
	tcase_add_test(core, test_no_clock);
	tcase_add_test(core, test_write_atomic);
	tcase_add_test(core, test_finished_goes_to_history);
	tcase_add_test(core, test_first_save_keeps_old);
	tcase_add_test(core, test_first_save_keeps_anything);
	tcase_add_test(core, test_state_dir);
	tcase_add_loop_test(errors, test_bad_file, 0,
	    (int)(sizeof bad_files / sizeof bad_files[0]));
	tcase_add_test(errors, test_huge_file);
	tcase_add_test(errors, test_missing_file);
	tcase_add_test(errors, test_unwritable);
	tcase_add_test(errors, test_good_save_kept);
	suite_add_tcase(s, core);
	suite_add_tcase(s, errors);
	return s;
}
