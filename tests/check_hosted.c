/*
 * check_hosted.c - safe to host: restricted mode and the
 * idle timeout, driven through a pseudo-terminal like check_ui.c.
 *
 * Restricted mode must start no program: a fake man first in PATH and
 * PAGER, MANPAGER, LESS, EDITOR and VISUAL set to commands that would
 * leave a marker file; the rules key must show the built-in text, no
 * marker may appear, and the game must go on.  Each test gives the game
 * its own settings file (--config) whose state-dir keeps the files in
 * the test's folder, as restricted mode ignores XDG_STATE_HOME.
 */
#include <pwd.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <time.h>
#include <unistd.h>

#include "pty_board.h"
#include "test_util.h"

static int64_t
now_ms(void)
{
	struct timespec ts;

	clock_gettime(CLOCK_MONOTONIC, &ts);
	return (int64_t)ts.tv_sec * 1000 + ts.tv_nsec / 1000000;
}

/* A test's folder: a fake man, markers, settings and a state folder. */
struct host {
	char dir[64];
	char config[128];     /* the settings file, for --config */
	char state[256];      /* where state-dir puts this user's files */
	char save[320];       /* the autosave in it */
	char path_env[256];   /* PATH=<dir>/bin:/usr/bin:/bin */
	char pager_env[5][256];
};

static void
host_new(struct host *h, const char *extra_settings)
{
	static const char *const names[] = { "PAGER", "MANPAGER", "LESS",
		"EDITOR", "VISUAL" };
	struct passwd *pw = getpwuid(getuid());
	char dir[] = "/tmp/bigchess-host-XXXXXX";
	char bin[128], man[160], text[512];

	ck_assert_ptr_nonnull(pw);
	/* Built in `dir` first: GCC's -Wrestrict cannot tell one member of
	 * *h from another. */
	ck_assert_ptr_nonnull(mkdtemp(dir));
	snprintf(bin, sizeof bin, "%s/bin", dir);
	ck_assert_int_eq(mkdir(bin, 0700), 0);
	/* man, asked anything (even -w), leaves a marker. */
	snprintf(man, sizeof man, "%s/man", bin);
	snprintf(text, sizeof text, "#!/bin/sh\ntouch %s/MARKER-man\n"
	    "exit 0\n", dir);
	write_file(man, text);
	ck_assert_int_eq(chmod(man, 0755), 0);
	snprintf(h->path_env, sizeof h->path_env, "PATH=%s:/usr/bin:/bin",
	    bin);
	for (int i = 0; i < 5; i++)
		snprintf(h->pager_env[i], sizeof h->pager_env[i],
		    "%s=sh -c 'touch %s/MARKER-%s'", names[i], dir, names[i]);
	snprintf(h->config, sizeof h->config, "%s/config", dir);
	snprintf(text, sizeof text, "# test host\nstate-dir = %s/state/%%u\n"
	    "%s", dir, extra_settings);
	write_file(h->config, text);
	snprintf(h->state, sizeof h->state, "%s/state/%s", dir, pw->pw_name);
	snprintf(h->save, sizeof h->save, "%s/state/%s/autosave.pgn", dir,
	    pw->pw_name);
	snprintf(h->dir, sizeof h->dir, "%s", dir);
}

/* No marker file: nothing was started. */
static void
assert_no_marker(const struct host *h)
{
	static const char *const names[] = { "man", "PAGER", "MANPAGER",
		"LESS", "EDITOR", "VISUAL" };
	char path[128];

	for (int i = 0; i < 6; i++) {
		snprintf(path, sizeof path, "%s/MARKER-%s", h->dir, names[i]);
		ck_assert_msg(access(path, F_OK) != 0, "%s was run",
		    names[i]);
	}
}

/*
 * R in restricted mode: the built-in text, not man, whichever way the
 * mode is asked for: --restricted, BIGCHESS_RESTRICTED=1, or
 * `restricted = yes` in the administrator's settings.
 */
START_TEST(test_restricted_rules)
{
	struct host h = { .dir = "" };
	struct pty p;
	char state_env[128];
	const char *args[] = { "--ascii", "--white", "human", "--black",
		"human", "--config", h.config, _i == 0 ? "--restricted" : NULL,
		NULL };
	const char *env[] = { h.path_env, h.pager_env[0], h.pager_env[1],
		h.pager_env[2], h.pager_env[3], h.pager_env[4], state_env,
		_i == 1 ? "BIGCHESS_RESTRICTED=1" : NULL, NULL };

	host_new(&h, _i == 2 ? "restricted = yes\n" : "");
	/* The environment's state folder is not used. */
	snprintf(state_env, sizeof state_env, "XDG_STATE_HOME=%s/xdg", h.dir);
	start_bigchess(&p, 24, 80, args, env);
	WAIT_GAME(&p);
	pty_send(&p, ":e5" ENTER);
	WAIT_FOR(&p, "White played e5");
	pty_send(&p, "R");
	WAIT_FOR(&p, "Grand Chess - the rules (built-in text)");
	pty_send(&p, "q");
	WAIT_GAME(&p);
	pty_send(&p, ":rules" ENTER);
	WAIT_FOR(&p, "Grand Chess - the rules (built-in text)");
	pty_send(&p, "q");
	WAIT_GAME(&p);
	/* The game goes on. */
	pty_send(&p, ":e6" ENTER);
	WAIT_FOR(&p, "Black played e6");
	pty_send(&p, "q");
	WAIT_FOR(&p, "Leave this game");
	pty_send(&p, "y");
	expect_exit(&p, 0);
	pty_close(&p);
	assert_no_marker(&h);
	ck_assert_ptr_nonnull(strstr(read_file(h.save), "1. e5 e6 *"));
	{
		char xdg[128];

		snprintf(xdg, sizeof xdg, "%s/xdg", h.dir);
		ck_assert_msg(access(xdg, F_OK) != 0,
		    "XDG_STATE_HOME was used in restricted mode");
	}
	pty_remove_tree(h.dir);
}
END_TEST

/* Without restricted mode the same settings file's state-dir is used
 * too, and the fake man is asked (the control for the test above). */
START_TEST(test_unrestricted_uses_man)
{
	struct host h;
	struct pty p;
	char path[128];
	const char *args[] = { "--ascii", "--white", "human", "--black",
		"human", "--config", h.config, NULL };
	const char *env[] = { h.path_env, NULL };

	host_new(&h, "");
	start_bigchess(&p, 24, 80, args, env);
	WAIT_GAME(&p);
	pty_send(&p, "R");
	/* The fake man says it has the page, then shows nothing. */
	WAIT_FOR(&p, "Back from the manual page bigchess-grand(6)");
	pty_send(&p, "q");
	expect_exit(&p, 0);
	pty_close(&p);
	snprintf(path, sizeof path, "%s/MARKER-man", h.dir);
	ck_assert_int_eq(access(path, F_OK), 0);
	pty_remove_tree(h.dir);
}
END_TEST

/* A TERM that is a path is not handed to curses in restricted mode. */
START_TEST(test_restricted_term_path)
{
	struct host h = { .dir = "" };
	struct pty p;
	const char *args[] = { "--restricted", "--config", h.config, NULL };
	const char *env[] = { "TERM=../../../tmp/x", NULL };

	host_new(&h, "");
	start_bigchess(&p, 24, 80, args, env);
	expect_exit(&p, 1);
	ck_assert_msg(strstr(p.log, "bigchess: TERM is not a terminal name; "
	    "ignored in restricted mode"), "log: %s", p.log);
	pty_close(&p);
	pty_remove_tree(h.dir);
}
END_TEST

/* The BigchessBlackClock tag of `text`, or -1. */
static long
black_clock(const char *text)
{
	const char *tag = strstr(text, "[BigchessBlackClock \"");

	return tag ? strtol(tag + 21, NULL, 10) : -1;
}

/*
 * --idle 0.05 is 3 s.  A hot-seat game with a 10-minute clock: 1. e5,
 * then a key a second for four seconds keeps it open; three seconds after
 * the last key it saves and ends, saying so on stderr after leaving
 * curses.  Black's clock ran from the move to the end: at least the
 * 3 s of idling (so at most 597000 ms are left, give or take the clock's
 * rounding), and no more than the test saw pass.
 */
START_TEST(test_idle_game)
{
	struct host h;
	struct pty p;
	const char *args[] = { "--ascii", "--white", "human", "--black",
		"human", "--clock", "10", "--idle", "0.05", "--config",
		h.config, NULL };
	int64_t sent, last = 0, seen;
	long black;

	host_new(&h, "");
	start_bigchess(&p, 24, 80, args, NULL);
	WAIT_GAME(&p);
	sent = now_ms();
	pty_send(&p, ":e5" ENTER);
	WAIT_FOR(&p, "White played e5");
	for (int i = 1; i <= 4; i++) {
		while (now_ms() < sent + i * 1000 && !p.exited)
			if (!pty_pump(&p, 50))
				pty_wait_exit(&p, 0);
		ck_assert_msg(!p.exited, "ended %d s after the move, with "
		    "keys each second", i);
		pty_send(&p, "h"); /* a cursor move */
		last = now_ms();
	}
	expect_exit(&p, 0);
	seen = now_ms();
	ck_assert_msg(seen - last >= 2900, "ended %lld ms after the last "
	    "key", (long long)(seen - last));
	ck_assert_msg(strstr(p.log, "bigchess: no key for 0.05 minutes: the "
	    "game is saved; bigchess --resume goes on with it"),
	    "no message; log: %s", p.log);
	/* The message comes after curses left the alternate screen. */
	ck_assert(!p.altscreen);
	ck_assert_ptr_nonnull(strstr(read_file(h.save), "1. e5 *"));
	black = black_clock(read_file(h.save));
	ck_assert_msg(black > 0 && black <= 600000 - 7000 + 100 &&
	    black >= 600000 - (seen - sent) - 100, "Black's clock %ld after "
	    "%lld ms", black, (long long)(seen - sent));
	pty_close(&p);
	/* Resumed, Black's clock goes on from the saved value: M:SS of
	 * it, or the second below once it has ticked. */
	{
		const char *again[] = { "--ascii", "--resume", "--config",
			h.config, NULL };
		char want[2][16];
		bool found = false;

		for (int i = 0; i < 2; i++) {
			long sec = black / 1000 - i;

			snprintf(want[i], sizeof want[i], "%ld:%02ld", sec / 60,
			    sec % 60);
		}
		start_bigchess(&p, 24, 80, again, NULL);
		WAIT_FOR(&p, "Black to move");
		for (int i = 0; i < WAIT_MS / 50 && !found; i++) {
			found = pty_find(&p, want[0], NULL, NULL) ||
			    pty_find(&p, want[1], NULL, NULL);
			if (!found)
				pty_pump(&p, 50);
		}
		ck_assert_msg(found, "resumed without %s or %s:\n%s", want[0],
		    want[1], pty_dump(&p));
		pty_close(&p);
	}
	pty_remove_tree(h.dir);
}
END_TEST

/*
 * Other screens end too, and so does a game of the computer against
 * itself: 0 the computer against itself (its moves are saved), 1 the
 * new-game screen, 2 the lessons, 3 the built-in rules text in
 * restricted mode, opened from a game with a move.
 */
START_TEST(test_idle_screens)
{
	static const char *const want[] = {
		"no key for 0.05 minutes: the game is saved",
		"no key for 0.05 minutes: leaving",
		"no key for 0.05 minutes: leaving",
		"no key for 0.05 minutes: the game is saved",
	};
	struct host h;
	struct pty p;
	const char *watch[] = { "--ascii", "--white", "computer", "--black",
		"computer", "--level", "1", "--idle", "0.05", "--config",
		h.config, NULL };
	const char *setup[] = { "--ascii", "--idle", "0.05", "--config",
		h.config, NULL };
	const char *learn[] = { "--ascii", "--learn", "grand", "--idle",
		"0.05", "--config", h.config, NULL };
	const char *rules[] = { "--ascii", "--white", "human", "--black",
		"human", "--restricted", "--idle", "0.05", "--config",
		h.config, NULL };
	const char *const *args[] = { watch, setup, learn, rules };

	host_new(&h, "");
	start_bigchess(&p, 24, 80, args[_i], NULL);
	if (_i == 0) {
		WAIT_FOR(&p, "Black played");
	} else if (_i == 3) {
		WAIT_GAME(&p);
		pty_send(&p, ":e5" ENTER);
		WAIT_FOR(&p, "White played e5");
		pty_send(&p, "R");
		WAIT_FOR(&p, "(built-in text)");
	}
	expect_exit(&p, 0);
	ck_assert_msg(strstr(p.log, want[_i]), "no '%s'; log end: %s",
	    want[_i], p.log_len > 300 ? p.log + p.log_len - 300 : p.log);
	/* The computer's moves, or the person's. */
	if (_i == 0)
		ck_assert_ptr_nonnull(strstr(read_file(h.save), "\n1. "));
	if (_i == 3)
		ck_assert_ptr_nonnull(strstr(read_file(h.save), "1. e5 *"));
	pty_close(&p);
	pty_remove_tree(h.dir);
}
END_TEST

Suite *
hosted_suite(void)
{
	Suite *s = suite_create("hosted");
	TCase *tc = tcase_create("hosted");

	tcase_set_timeout(tc, 60);
	tcase_add_loop_test(tc, test_restricted_rules, 0, 3);
	tcase_add_test(tc, test_unrestricted_uses_man);
	tcase_add_test(tc, test_restricted_term_path);
	tcase_add_test(tc, test_idle_game);
	tcase_add_loop_test(tc, test_idle_screens, 0, 4);
	suite_add_tcase(s, tc);
	return s;
}
