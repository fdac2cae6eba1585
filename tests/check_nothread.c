/*
 * check_nothread.c - the computer cannot think (no game is
 * lost): bigchess-nothread, the program linked with every
 * pthread_create refused (tests/nothread.c), in a pseudo-terminal.
 *
 * Before, the game asked for the engine's thread again on every tick
 * (each ENGINE_TICK_MS) for as long as the computer was to move, and
 * nothing said why it never moved.  Now it says so once on the status
 * line ("The computer cannot think: ..."), stops asking, and the people
 * at the keyboard play both sides.  The attempts are counted through
 * BIGCHESS_THREAD_LOG, one line each.  The moves are Grand Chess pawn
 * steps (grand.md).
 */
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "pty_board.h"

/* bigchess-nothread beside the program under test. */
static const char *
nothread_bin(void)
{
	static char path[4096];
	const char *bin = bigchess_bin();
	const char *slash = strrchr(bin, '/');
	int dir = slash ? (int)(slash - bin) + 1 : 0;

	snprintf(path, sizeof path, "%.*sbigchess-nothread", dir, bin);
	ck_assert_msg(access(path, X_OK) == 0, "%s: %s (make builds it with "
	    "the tests)", path, strerror(errno));
	return path;
}

/* Lines in `path`: the thread attempts made. */
static int
attempts(const char *path)
{
	char *text = slurp(path);
	int n = 0;

	for (const char *p = text; p && (p = strchr(p, '\n')); p++)
		n++;
	free(text);
	return n;
}

static void
start(struct pty *p, const struct state *s, const char *log,
    const char *const args[])
{
	const char *argv[12];
	const char *env[3] = { s->env, log, NULL };
	int n = 0;

	argv[n++] = nothread_bin();
	for (int i = 0; args[i]; i++)
		argv[n++] = args[i];
	argv[n] = NULL;
	ck_assert_int_eq(pty_spawn(p, 30, 150, argv, env), 0);
}

/*
 * A person against the computer: the computer's move cannot start; the
 * message comes, the game turns hot-seat, and both sides can be played.
 * Through all that, and a second of waiting after, one attempt only.
 */
START_TEST(test_computer_cannot_think)
{
	const char *args[] = { "--variant", "grand", "--black", "computer",
		NULL };
	struct state s;
	struct pty p;
	char log[160], env[200];

	state_new(&s);
	snprintf(log, sizeof log, "%s/threads", s.home);
	snprintf(env, sizeof env, "BIGCHESS_THREAD_LOG=%s", log);
	start(&p, &s, env, args);
	WAIT_FOR(&p, "White to move");
	WAIT_FOR(&p, "against the computer");
	pty_send(&p, ":e4" ENTER);
	WAIT_FOR(&p, "The computer cannot think: no thread can be started");
	WAIT_FOR(&p, "both sides are played here now");
	WAIT_FOR(&p, "two players (hot-seat)");
	ck_assert_int_eq(attempts(log), 1);
	/* Black's move, by the person now. */
	pty_send(&p, ":e7" ENTER);
	WAIT_FOR(&p, "White to move");
	pty_send(&p, ":f4" ENTER);
	WAIT_FOR(&p, "Black to move");
	/* A second with Black to move and nothing asked for. */
	pty_settle(&p, 1000, 1500);
	ck_assert_int_eq(attempts(log), 1);
	ck_assert(!p.exited);
	pty_send(&p, "q");
	WAIT_FOR(&p, "Leave this game");
	pty_send(&p, "y");
	expect_exit(&p, 0);
	pty_close(&p);
	ck_assert_ptr_nonnull(strstr(read_file(s.save), "1. e4 e7 2. f4 *"));
	pty_remove_tree(s.home);
}
END_TEST

/* The computer playing White from the start; and a hint asked for. */
START_TEST(test_computer_first_and_hint)
{
	const char *args[] = { "--variant", "grand", "--white", "computer",
		NULL };
	struct state s;
	struct pty p;

	state_new(&s);
	start(&p, &s, "BIGCHESS_THREAD_LOG=", args);
	WAIT_FOR(&p, "The computer cannot think: no thread can be started");
	WAIT_FOR(&p, "White to move");
	pty_send(&p, ":e4" ENTER);
	WAIT_FOR(&p, "Black to move");
	pty_send(&p, "H");
	WAIT_FOR(&p, "The computer cannot think: no thread can be started");
	WAIT_GONE(&p, "both sides are played here now");
	pty_send(&p, ":e7" ENTER);
	WAIT_FOR(&p, "White to move");
	pty_send(&p, "q");
	WAIT_FOR(&p, "Leave this game");
	pty_send(&p, "y");
	expect_clean_exit(&p, &s);
}
END_TEST

/* The analysis and the review's graph cannot start their searches: each
 * says so once, and the game goes on. */
START_TEST(test_analysis_cannot_think)
{
	const char *args[] = { "--variant", "grand", "--black", "human",
		NULL };
	struct state s;
	struct pty p;
	char log[160], env[200];

	state_new(&s);
	snprintf(log, sizeof log, "%s/threads", s.home);
	snprintf(env, sizeof env, "BIGCHESS_THREAD_LOG=%s", log);
	start(&p, &s, env, args);
	WAIT_FOR(&p, "White to move");
	pty_send(&p, ":e4" ENTER);
	WAIT_FOR(&p, "Black to move");
	pty_send(&p, "A");
	WAIT_FOR(&p, "The analysis cannot start: no thread");
	ck_assert_int_eq(attempts(log), 1);
	pty_send(&p, ",");
	WAIT_FOR(&p, "No evaluation graph: the computer cannot think");
	ck_assert_int_eq(attempts(log), 2);
	pty_send(&p, ">");
	WAIT_FOR(&p, "Black to move");
	pty_send(&p, ":e7" ENTER);
	WAIT_FOR(&p, "White to move");
	ck_assert(!p.exited);
	pty_send(&p, "q");
	WAIT_FOR(&p, "Leave this game");
	pty_send(&p, "y");
	expect_exit(&p, 0);
	pty_close(&p);
	pty_remove_tree(s.home);
}
END_TEST

Suite *
nothread_suite(void)
{
	Suite *s = suite_create("nothread");
	TCase *tc = tcase_create("core");

	tcase_set_timeout(tc, 60);
	tcase_add_test(tc, test_computer_cannot_think);
	tcase_add_test(tc, test_computer_first_and_hint);
	tcase_add_test(tc, test_analysis_cannot_think);
	suite_add_tcase(s, tc);
	return s;
}
