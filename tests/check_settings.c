/*
 * check_settings.c - the settings files (src/app/config.c) and the bounded
 * history folder (src/app/history.c, through src/app/savegame.c).
 *
 * Source: README's "Settings" ("key = value" lines, # comments, an unknown key or
 * bad value a one-line warning naming file:line; the administrator's
 * file may set restricted, idle, history-keep and state-dir, the
 * person's only the others; a game without a move is not archived; only
 * the newest N history games are kept, by file name, and only our own
 * files).  Expected values are counted by hand from the test's own
 * files.
 */
#include <dirent.h>
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "../src/app/config.h"
#include "../src/app/history.h"
#include "../src/app/savegame.h"
#include "pty_board.h"

/* The warnings config_parse wrote, in a buffer the next call reuses. */
static char warnings[4096];

static int
parse(struct config *c, const char *text, enum config_owner owner)
{
	FILE *f = fmemopen(warnings, sizeof warnings, "w");
	int n;

	ck_assert_ptr_nonnull(f);
	n = config_parse(c, text, strlen(text), "test.conf", owner, f);
	fclose(f);
	return n;
}

START_TEST(test_config_good)
{
	struct config c;

	config_defaults(&c);
	ck_assert(!c.restricted);
	ck_assert_int_eq(c.idle_ms, 0);
	ck_assert_int_eq(c.history_keep, 1000);
	ck_assert_str_eq(c.state_dir, "");
	ck_assert_int_eq(parse(&c, "# the host's settings\n"
	    "\n"
	    "restricted = yes   # a comment after a value\n"
	    "  idle=0.5\n"
	    "history-keep =\t20\r\n"
	    "state-dir = /var/games/bigchess/%u\n", CONFIG_SYSTEM), 0);
	ck_assert_str_eq(warnings, "");
	ck_assert(c.restricted);
	ck_assert_int_eq(c.idle_ms, 30000);        /* 0.5 min */
	ck_assert_int_eq(c.history_keep, 20);
	ck_assert_str_eq(c.state_dir, "/var/games/bigchess/%u");
	/* Once on, restricted mode stays on. */
	ck_assert_int_eq(parse(&c, "restricted = no\n", CONFIG_SYSTEM), 0);
	ck_assert(c.restricted);
}
END_TEST

START_TEST(test_config_bad_lines)
{
	char longline[CONFIG_LINE_MAX + 20];
	struct config c;

	config_defaults(&c);
	/* Line by line: 1 unknown, 2 bad number, 3 no '=', 4 good, 5 bad
	 * bool, 6 relative state-dir, 7 comment, 8 negative keep. */
	ck_assert_int_eq(parse(&c, "flavour = blue\n"
	    "idle = soon\n"
	    "just words\n"
	    "idle = 3\n"
	    "restricted = perhaps\n"
	    "state-dir = games/%u\n"
	    "# history-keep = 5\n"
	    "history-keep = -1\n", CONFIG_SYSTEM), 6);
	ck_assert_ptr_nonnull(strstr(warnings,
	    "bigchess: test.conf:1: unknown setting (line ignored)\n"));
	ck_assert_ptr_nonnull(strstr(warnings,
	    "test.conf:2: bad value for 'idle'"));
	ck_assert_ptr_nonnull(strstr(warnings,
	    "test.conf:3: not a 'key = value' line"));
	ck_assert_ptr_nonnull(strstr(warnings,
	    "test.conf:5: bad value for 'restricted'"));
	ck_assert_ptr_nonnull(strstr(warnings,
	    "test.conf:6: bad value for 'state-dir'"));
	ck_assert_ptr_nonnull(strstr(warnings,
	    "test.conf:8: bad value for 'history-keep'"));
	ck_assert_ptr_null(strstr(warnings, ":4:"));
	ck_assert_ptr_null(strstr(warnings, ":7:"));
	ck_assert_int_eq(c.idle_ms, 180000);
	ck_assert(!c.restricted);
	ck_assert_int_eq(c.history_keep, 1000);
	/* A line longer than the limit, then a good one. */
	memset(longline, 'x', sizeof longline);
	memcpy(longline, "idle = 1", 8);
	longline[sizeof longline - 1] = '\0';
	{
		char text[sizeof longline + 32];

		snprintf(text, sizeof text, "%s\nidle = 2\n", longline);
		ck_assert_int_eq(parse(&c, text, CONFIG_SYSTEM), 1);
	}
	ck_assert_ptr_nonnull(strstr(warnings, "test.conf:1: line too long"));
	ck_assert_int_eq(c.idle_ms, 120000);
	/* Nothing of the file's text is echoed: no escape reaches stderr. */
	ck_assert_int_eq(parse(&c, "\033]0;owned\007 = 1\n", CONFIG_SYSTEM),
	    1);
	ck_assert_ptr_null(strchr(warnings, '\033'));
}
END_TEST

/* The person's file may not set what keeps a host safe. */
START_TEST(test_config_user_limits)
{
	struct config c;

	config_defaults(&c);
	ck_assert_int_eq(parse(&c, "restricted = yes\n"
	    "state-dir = /tmp/elsewhere\n"
	    "idle = 10\n"
	    "history-keep = 0\n", CONFIG_USER), 2);
	ck_assert_ptr_nonnull(strstr(warnings, "test.conf:1: only the "
	    "administrator's file may set 'restricted'"));
	ck_assert_ptr_nonnull(strstr(warnings, "test.conf:2: only the "
	    "administrator's file may set 'state-dir'"));
	ck_assert(!c.restricted);
	ck_assert_str_eq(c.state_dir, "");
	ck_assert_int_eq(c.idle_ms, 600000);
	ck_assert_int_eq(c.history_keep, 0);
}
END_TEST

START_TEST(test_config_values)
{
	int64_t ms;
	int keep;
	char buf[64];

	ck_assert(config_parse_idle("0", &ms) && ms == 0);
	ck_assert(config_parse_idle("0.05", &ms) && ms == 3000);
	ck_assert(config_parse_idle("10080", &ms) && ms == 604800000);
	ck_assert(!config_parse_idle("10081", &ms));   /* over a week */
	ck_assert(!config_parse_idle("-1", &ms));
	ck_assert(!config_parse_idle("1x", &ms));
	ck_assert(!config_parse_idle("", &ms));
	ck_assert(!config_parse_idle("nan", &ms));
	ck_assert(!config_parse_idle("inf", &ms));
	ck_assert(config_parse_keep("0", &keep) && keep == 0);
	ck_assert(config_parse_keep("1000000", &keep) && keep == 1000000);
	ck_assert(!config_parse_keep("1000001", &keep));
	ck_assert(!config_parse_keep("2.5", &keep));
	ck_assert(config_expand_dir("/var/games/%u/x", "ann", buf,
	    sizeof buf));
	ck_assert_str_eq(buf, "/var/games/ann/x");
	ck_assert(config_expand_dir("/a/100%%", "ann", buf, sizeof buf));
	ck_assert_str_eq(buf, "/a/100%");
	ck_assert(!config_expand_dir("rel/%u", "ann", buf, sizeof buf));
	ck_assert(!config_expand_dir("/a/%u", "..", buf, sizeof buf));
	ck_assert(!config_expand_dir("/a/%u", "a/b", buf, sizeof buf));
	ck_assert(!config_expand_dir("/a/%x", "ann", buf, sizeof buf));
	ck_assert(!config_expand_dir("/a/%u", "ann", buf, 6));
}
END_TEST

/* A settings file that is a FIFO or a folder is refused, never waited
 * on; a missing one is no warning. */
START_TEST(test_config_not_regular)
{
	char dir[] = "/tmp/bigchess-conf-XXXXXX", fifo[64], missing[64];
	struct config c;
	FILE *f;

	ck_assert_ptr_nonnull(mkdtemp(dir));
	snprintf(fifo, sizeof fifo, "%s/fifo", dir);
	snprintf(missing, sizeof missing, "%s/none", dir);
	ck_assert_int_eq(mkfifo(fifo, 0600), 0);
	config_defaults(&c);
	f = fmemopen(warnings, sizeof warnings, "w");
	ck_assert_int_eq(config_read(&c, fifo, CONFIG_SYSTEM, f), 1);
	fclose(f);
	ck_assert_ptr_nonnull(strstr(warnings, "is not a regular file"));
	f = fmemopen(warnings, sizeof warnings, "w");
	ck_assert_int_eq(config_read(&c, dir, CONFIG_SYSTEM, f), 1);
	ck_assert_int_eq(config_read(&c, missing, CONFIG_SYSTEM, f), 0);
	fclose(f);
	pty_remove_tree(dir);
}
END_TEST

/* --- The history folder. --- */

static void
touch(const char *dir, const char *name)
{
	char path[256];

	snprintf(path, sizeof path, "%s/%s", dir, name);
	write_file(path, "x\n");
}

static bool
exists(const char *dir, const char *name)
{
	char path[256];

	snprintf(path, sizeof path, "%s/%s", dir, name);
	return access(path, F_OK) == 0;
}

static int
count_entries(const char *dir)
{
	DIR *d = opendir(dir);
	struct dirent *e;
	int n = 0;

	if (!d)
		return -1;
	while ((e = readdir(d)))
		n += strcmp(e->d_name, ".") && strcmp(e->d_name, "..");
	closedir(d);
	return n;
}

START_TEST(test_history_names)
{
	ck_assert(history_is_ours("20261201-190000.pgn"));
	ck_assert(history_is_ours("20261201-190000-2.pgn"));
	ck_assert(history_is_ours("20261201-190000-99.pgn"));
	ck_assert(!history_is_ours("20261201-190000-1.pgn"));
	ck_assert(!history_is_ours("20261201-190000-100.pgn"));
	ck_assert(!history_is_ours("20261201-190000-02.pgn"));
	ck_assert(!history_is_ours("20261201-190000.pgn.bak"));
	ck_assert(!history_is_ours("20261201190000.pgn"));
	ck_assert(!history_is_ours("my-game.pgn"));
	ck_assert(!history_is_ours(".save-abc123"));
	ck_assert(!history_is_ours("2026120a-190000.pgn"));
}
END_TEST

/*
 * Keep 3 of six of ours, by name: the order is 2025..., 20260101-000000,
 * -2, -10 (a number, after -2), 20261130-..., 20261201-...; the newest
 * three are -10, 20261130 and 20261201.  The other files stay.
 */
START_TEST(test_history_prune)
{
	char dir[] = "/tmp/bigchess-hist-XXXXXX", sub[64];
	static const char *const ours[] = { "20261201-120000.pgn",
		"20250615-080000.pgn", "20260101-000000-10.pgn",
		"20260101-000000.pgn", "20261130-235959.pgn",
		"20260101-000000-2.pgn" };

	ck_assert_ptr_nonnull(mkdtemp(dir));
	for (size_t i = 0; i < sizeof ours / sizeof ours[0]; i++)
		touch(dir, ours[i]);
	touch(dir, "notes.txt");
	touch(dir, "favourite.pgn");
	touch(dir, "20200101-000000.pgn.keep");
	snprintf(sub, sizeof sub, "%s/20190101-000000.pgn", dir);
	ck_assert_int_eq(mkdir(sub, 0700), 0); /* a folder is never ours */
	ck_assert_int_eq(history_prune(dir, 3), 3);
	ck_assert(exists(dir, "20261201-120000.pgn"));
	ck_assert(exists(dir, "20261130-235959.pgn"));
	ck_assert(exists(dir, "20260101-000000-10.pgn"));
	ck_assert(!exists(dir, "20260101-000000-2.pgn"));
	ck_assert(!exists(dir, "20260101-000000.pgn"));
	ck_assert(!exists(dir, "20250615-080000.pgn"));
	ck_assert(exists(dir, "notes.txt"));
	ck_assert(exists(dir, "favourite.pgn"));
	ck_assert(exists(dir, "20200101-000000.pgn.keep"));
	ck_assert(exists(dir, "20190101-000000.pgn"));
	ck_assert_int_eq(count_entries(dir), 7);
	/* Within the limit: nothing goes.  A missing folder: nothing. */
	ck_assert_int_eq(history_prune(dir, 3), 0);
	ck_assert_int_eq(history_prune("/nonexistent-bigchess-dir", 3), 0);
	pty_remove_tree(dir);
}
END_TEST

static struct ui_saved
saved(const bc_game *g)
{
	struct ui_saved s;

	memset(&s, 0, sizeof s);
	s.game = g;
	s.computer[BC_BLACK] = true;
	return s;
}

/* A finished game goes to history, and the folder is pruned to N: two
 * old games of ours and one new one, keep 2: the oldest goes. */
START_TEST(test_history_kept_on_save)
{
	const char *moves[] = { "e5", NULL };
	char dir[] = "/tmp/bigchess-hist-XXXXXX", hist[64], err[256];
	bc_game *g = test_game_with("grand", moves);
	struct ui_saved s = saved(g);

	ck_assert_ptr_nonnull(mkdtemp(dir));
	snprintf(hist, sizeof hist, "%s/history", dir);
	ck_assert_int_eq(mkdir(hist, 0700), 0);
	touch(hist, "20000101-000000.pgn");
	touch(hist, "20000102-000000.pgn");
	touch(hist, "mine.pgn");
	savegame_keep_history(2);
	bc_game_resign(g, BC_BLACK);
	ck_assert_int_eq(savegame_write(dir, &s, 7, err, sizeof err), 0);
	ck_assert(!exists(hist, "20000101-000000.pgn"));
	ck_assert(exists(hist, "20000102-000000.pgn"));
	ck_assert(exists(hist, "mine.pgn"));
	ck_assert_int_eq(count_entries(hist), 3);
	/* Keep none: a finished game leaves no file, and old ones go. */
	savegame_keep_history(0);
	bc_game_free(g);
	g = test_game_with("grand", moves);
	s = saved(g);
	bc_game_resign(g, BC_WHITE);
	ck_assert_int_eq(savegame_write(dir, &s, 7, err, sizeof err), 0);
	ck_assert_int_eq(count_entries(hist), 1);
	ck_assert(exists(hist, "mine.pgn"));
	ck_assert(!exists(dir, "autosave.pgn"));
	savegame_keep_history(SAVEGAME_HISTORY_KEEP);
	bc_game_free(g);
	pty_remove_tree(dir);
}
END_TEST

/* A game without a move is not archived: neither a finished one nor an
 * unfinished autosave that a new game replaces. */
START_TEST(test_history_no_moveless)
{
	const char *moves[] = { "e5", NULL };
	char dir[] = "/tmp/bigchess-hist-XXXXXX", hist[64], save[64];
	char err[256];
	bc_game *empty = test_game_with("grand", NULL);
	bc_game *g = test_game_with("grand", moves);
	struct ui_saved s = saved(empty);

	ck_assert_ptr_nonnull(mkdtemp(dir));
	snprintf(hist, sizeof hist, "%s/history", dir);
	snprintf(save, sizeof save, "%s/autosave.pgn", dir);
	/* An autosave without a move (as after a move taken back)... */
	ck_assert_int_eq(savegame_write(dir, &s, 7, err, sizeof err), 0);
	ck_assert(exists(dir, "autosave.pgn"));
	/* ... replaced by a new game: removed, not archived. */
	s = saved(g);
	s.first = true;
	ck_assert_int_eq(savegame_write(dir, &s, 7, err, sizeof err), 0);
	ck_assert_int_le(count_entries(hist), 0);
	ck_assert_ptr_nonnull(strstr(read_file(save), "1. e5"));
	/* A game resigned before its first move: no history either. */
	bc_game_resign(empty, BC_WHITE);
	s = saved(empty);
	ck_assert_int_eq(savegame_archive(dir, err, sizeof err), 0);
	ck_assert_int_eq(count_entries(hist), 1); /* the e5 game */
	ck_assert_int_eq(savegame_write(dir, &s, 7, err, sizeof err), 0);
	ck_assert_int_eq(count_entries(hist), 1);
	bc_game_free(g);
	bc_game_free(empty);
	pty_remove_tree(dir);
}
END_TEST

Suite *
settings_suite(void)
{
	Suite *s = suite_create("settings");
	TCase *tc = tcase_create("config");
	TCase *th = tcase_create("history");

	tcase_add_test(tc, test_config_good);
	tcase_add_test(tc, test_config_bad_lines);
	tcase_add_test(tc, test_config_user_limits);
	tcase_add_test(tc, test_config_values);
	tcase_add_test(tc, test_config_not_regular);
	suite_add_tcase(s, tc);
	tcase_add_test(th, test_history_names);
	tcase_add_test(th, test_history_prune);
	tcase_add_test(th, test_history_kept_on_save);
	tcase_add_test(th, test_history_no_moveless);
	suite_add_tcase(s, th);
	return s;
}
