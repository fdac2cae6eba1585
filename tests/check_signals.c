/*
 * check_signals.c - signals that used to end a game badly (no
 * game is lost), through the real binary in a pseudo-terminal:
 *
 *   - a file-size limit (RLIMIT_FSIZE, as a host sets with ulimit -f):
 *     a save past it used to get SIGXFSZ, whose default action kills the
 *     game; now the write fails, the status line says "Not saved", and
 *     play goes on;
 *   - SIGQUIT (Ctrl-\ in the terminal, or kill -QUIT) used to kill the
 *     game at once, terminal left in curses mode and the clocks unsaved;
 *     now it saves and restores the terminal like SIGTERM, and ends by
 *     the signal without a core file.
 *
 * The moves are Grand Chess pawn steps (grand.md), the expected files
 * what they make, spelt by hand.
 */
/* WCOREDUMP is not POSIX. */
/* NOLINTNEXTLINE(bugprone-reserved-identifier,cert-dcl37-c,cert-dcl51-cpp) */
#define _DEFAULT_SOURCE
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/resource.h>
#include <sys/stat.h>
#include <sys/wait.h>
#include <unistd.h>

#include "pty_board.h"

/*
 * A limit of 0 bytes on any file the game writes, set in this process
 * around the fork so that the child has it from its first instruction
 * (setrlimit is inherited).  Nothing may be written here in between:
 * not even Check's checkpoints, so pty_spawn is called directly and
 * asserted after.  SIGXFSZ stays at its default action here, as the
 * child must not inherit an ignored one.
 */
START_TEST(test_file_size_limit)
{
	const char *argv[] = { bigchess_bin(), "--variant", "grand",
		"--white", "human", "--black", "human", NULL };
	struct rlimit old, none = { 0, 0 };
	struct state s;
	struct pty p;
	struct stat st;
	const char *env[2];
	int limited, spawned, restored;

	state_new(&s);
	env[0] = s.env;
	env[1] = NULL;
	ck_assert_int_eq(getrlimit(RLIMIT_FSIZE, &old), 0);
	none.rlim_max = old.rlim_max;
	ck_assert(signal(SIGXFSZ, SIG_DFL) != SIG_ERR);
	limited = setrlimit(RLIMIT_FSIZE, &none);
	spawned = pty_spawn(&p, 30, 150, argv, env);
	restored = setrlimit(RLIMIT_FSIZE, &old);
	ck_assert_int_eq(limited, 0);
	ck_assert_int_eq(spawned, 0);
	ck_assert_int_eq(restored, 0);

	WAIT_FOR(&p, "White to move");
	pty_send(&p, ":e4" ENTER);
	WAIT_FOR(&p, "Not saved");
	WAIT_FOR(&p, "File too large");
	/* The game goes on. */
	pty_send(&p, ":e7" ENTER);
	WAIT_FOR(&p, "White to move");
	WAIT_FOR(&p, "1. e4");
	ck_assert(!p.exited);
	pty_send(&p, "q");
	WAIT_FOR(&p, "Leave this game");
	pty_send(&p, "y");
	expect_exit(&p, 0);
	pty_close(&p);
	/* Nothing half-written took the autosave's place. */
	ck_assert(stat(s.save, &st) != 0);
	pty_remove_tree(s.home);
}
END_TEST

/* SIGQUIT saves the game with the clocks as they stand, like SIGTERM. */
START_TEST(test_sigquit_saves)
{
	const char *args[] = { "--variant", "grand", "--white", "human",
		"--black", "human", "--clock", "5", NULL };
	struct state s;
	struct pty p;
	const char *text;

	state_new(&s);
	start_in(&p, 30, 150, &s, args);
	WAIT_FOR(&p, "White to move");
	pty_send(&p, ":e4" ENTER);
	WAIT_FOR(&p, "Black to move");
	kill(p.pid, SIGQUIT);
	ck_assert(pty_wait_exit(&p, WAIT_MS));
	ck_assert_msg(WIFSIGNALED(p.status) && WTERMSIG(p.status) == SIGQUIT,
	    "status %#x", p.status);
	ck_assert(!WCOREDUMP(p.status));
	ck_assert(!p.altscreen);
	pty_close(&p);
	text = read_file(s.save);
	ck_assert_ptr_nonnull(strstr(text, "1. e4 *"));
	ck_assert_ptr_nonnull(strstr(text, "[BigchessBlackClock \""));
	pty_remove_tree(s.home);
}
END_TEST

/* Ctrl-\ at the terminal is SIGQUIT from the terminal driver. */
START_TEST(test_ctrl_backslash_saves)
{
	const char *args[] = { "--variant", "grand", "--white", "human",
		"--black", "human", NULL };
	struct state s;
	struct pty p;

	state_new(&s);
	start_in(&p, 30, 150, &s, args);
	WAIT_FOR(&p, "White to move");
	pty_send(&p, ":e4" ENTER);
	WAIT_FOR(&p, "Black to move");
	pty_send(&p, "\034");
	ck_assert(pty_wait_exit(&p, WAIT_MS));
	ck_assert_msg(WIFSIGNALED(p.status) && WTERMSIG(p.status) == SIGQUIT,
	    "status %#x", p.status);
	ck_assert(!p.altscreen);
	pty_close(&p);
	ck_assert_ptr_nonnull(strstr(read_file(s.save), "1. e4 *"));
	pty_remove_tree(s.home);
}
END_TEST

Suite *
signals_suite(void)
{
	Suite *s = suite_create("signals");
	TCase *tc = tcase_create("core");

	tcase_set_timeout(tc, 60);
	tcase_add_test(tc, test_file_size_limit);
	tcase_add_test(tc, test_sigquit_saves);
	tcase_add_test(tc, test_ctrl_backslash_saves);
	suite_add_tcase(s, tc);
	return s;
}
