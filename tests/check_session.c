/*
 * check_session.c - two sessions on one state folder (no game is
 * lost), with two real bigchess processes in two
 * pseudo-terminals sharing one XDG_STATE_HOME.
 *
 * Before the session lock, both saved to autosave.pgn in turn, and the
 * game of the one that quit first was lost (reproduced by hand: A plays
 * 1. e4 e7, B plays 1. b4, both quit; the folder held only B's 1. b4 and
 * A's 1. e4 in history/).  Now the second session saves apart, says who
 * holds the first slot, and a killed session leaves no stale lock.  The
 * moves are Grand Chess pawn steps from the third rank (grand.md); the
 * expected files are what the moves typed here make, spelt by hand.
 */
#include <dirent.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <sys/wait.h>
#include <unistd.h>

#include "pty_board.h"

static const char *const hot_seat[] = { "--variant", "grand", "--white",
	"human", "--black", "human", NULL };

static void
start(struct pty *p, const struct state *s, const char *const args[])
{
	start_in(p, 30, 150, s, args);
}

/* `name` in the program's folder of `s`. */
static const char *
in_dir(const struct state *s, const char *name)
{
	static char path[256];

	snprintf(path, sizeof path, "%s/%s", s->dir, name);
	return path;
}

static bool
exists(const char *path)
{
	struct stat st;

	return lstat(path, &st) == 0;
}

/* The number of files in `dir`'s history/ (0 if there is none). */
static int
history_count(const struct state *s)
{
	DIR *d = opendir(in_dir(s, "history"));
	struct dirent *e;
	int n = 0;

	if (!d)
		return 0;
	while ((e = readdir(d)))
		n += e->d_name[0] != '.';
	closedir(d);
	return n;
}

static void
quit(struct pty *p)
{
	pty_send(p, "q");
	WAIT_FOR(p, "Leave this game");
	pty_send(p, "y");
	expect_exit(p, 0);
}

/*
 * The case that lost a game: two hot-seat sessions on one folder, moves
 * in both, the first quits, then the second.  Each game is in its own
 * file, whole, and nothing went to history.
 */
START_TEST(test_two_sessions)
{
	struct state s;
	struct pty a, b;
	char pid[32];

	state_new(&s);
	start(&a, &s, hot_seat);
	WAIT_FOR(&a, "White to move");
	pty_send(&a, ":e4" ENTER);
	WAIT_FOR(&a, "Black to move");
	ck_assert_ptr_nonnull(strstr(read_file(s.save), "1. e4 *"));

	start(&b, &s, hot_seat);
	WAIT_FOR(&b, "White to move");
	/* It says who has the first slot, and where it saves instead. */
	snprintf(pid, sizeof pid, "pid %d", (int)a.pid);
	WAIT_FOR(&b, pid);
	WAIT_FOR(&b, "this one saves in autosave-2.pgn");
	pty_send(&b, ":b4" ENTER);
	WAIT_FOR(&b, "Black to move");
	pty_send(&a, ":e7" ENTER);
	WAIT_FOR(&a, "White to move");

	quit(&a);
	pty_close(&a);
	quit(&b);
	pty_close(&b);
	ck_assert_ptr_nonnull(strstr(read_file(s.save), "1. e4 e7 *"));
	ck_assert_ptr_nonnull(strstr(read_file(in_dir(&s, "autosave-2.pgn")),
	    "1. b4 *"));
	ck_assert_int_eq(history_count(&s), 0);
	pty_remove_tree(s.home);
}
END_TEST

/*
 * A killed session (SIGKILL: no handler runs) leaves no stale lock: the
 * next one takes the first slot, says nothing of another session, and
 * offers the killed one's game.
 */
START_TEST(test_killed_session_no_stale_lock)
{
	struct state s;
	struct pty a, b;

	state_new(&s);
	start(&a, &s, hot_seat);
	WAIT_FOR(&a, "White to move");
	pty_send(&a, ":e4" ENTER);
	WAIT_FOR(&a, "Black to move");
	kill(a.pid, SIGKILL);
	ck_assert(pty_wait_exit(&a, WAIT_MS));
	pty_close(&a);
	ck_assert(exists(in_dir(&s, "lock")));

	start(&b, &s, NULL);
	WAIT_FOR(&b, "An unfinished game");
	ck_assert_ptr_null(strstr(pty_dump(&b), "Another bigchess"));
	pty_send(&b, "r");
	WAIT_FOR(&b, "Black to move");
	WAIT_FOR(&b, "1. e4");
	pty_send(&b, ":e7" ENTER);
	WAIT_FOR(&b, "White to move");
	quit(&b);
	pty_close(&b);
	ck_assert_ptr_nonnull(strstr(read_file(s.save), "1. e4 e7 *"));
	ck_assert(!exists(in_dir(&s, "autosave-2.pgn")));
	pty_remove_tree(s.home);
}
END_TEST

/*
 * --resume while another session plays the game in autosave.pgn: it
 * cannot be resumed twice, and the one line on stderr says whose it is.
 */
START_TEST(test_resume_while_in_use)
{
	const char *resume[] = { "--resume", NULL };
	struct state s;
	struct pty a, b;
	char pid[32];

	state_new(&s);
	start(&a, &s, hot_seat);
	WAIT_FOR(&a, "White to move");
	pty_send(&a, ":e4" ENTER);
	WAIT_FOR(&a, "Black to move");

	start(&b, &s, resume);
	expect_exit(&b, 1);
	snprintf(pid, sizeof pid, "pid %d", (int)a.pid);
	ck_assert_msg(strstr(b.log, "no unfinished game to resume") &&
	    strstr(b.log, "another session's") && strstr(b.log, pid),
	    "%s", b.log);
	pty_close(&b);
	/* The first session is untouched and goes on. */
	pty_send(&a, ":e7" ENTER);
	WAIT_FOR(&a, "White to move");
	quit(&a);
	pty_close(&a);
	ck_assert_ptr_nonnull(strstr(read_file(s.save), "1. e4 e7 *"));
	pty_remove_tree(s.home);
}
END_TEST

/*
 * A second session's unfinished game of an earlier day is not stranded:
 * a session alone on the folder, with no autosave of its own, takes it
 * over and --resume goes on with it.
 */
START_TEST(test_adopts_second_slot)
{
	static const char game[] =
	    "[Event \"bigchess game\"]\n[Variant \"Grand Chess\"]\n"
	    "[BigchessPlayers \"human human\"]\n\n1. b4 *\n";
	const char *resume[] = { "--resume", NULL };
	struct state s;
	struct pty p;

	state_new(&s);
	ck_assert_int_eq(mkdir(s.dir, 0700), 0);
	write_file(in_dir(&s, "autosave-2.pgn"), game);
	start(&p, &s, resume);
	WAIT_FOR(&p, "Black to move");
	WAIT_FOR(&p, "1. b4");
	ck_assert(!exists(in_dir(&s, "autosave-2.pgn")));
	pty_send(&p, ":b7" ENTER);
	WAIT_FOR(&p, "White to move");
	quit(&p);
	pty_close(&p);
	ck_assert_ptr_nonnull(strstr(read_file(s.save), "1. b4 b7 *"));
	pty_remove_tree(s.home);
}
END_TEST

/*
 * The atomic writer's temp files that a killed session left (.save-*)
 * go at the start of a session alone on the folder, in it and in
 * history/; other files stay.  While another session runs they stay,
 * for they may be its save in progress.
 */
START_TEST(test_stale_temps_removed)
{
	struct state s;
	struct pty a, b;
	char history[256], temp[300], other[300], keep[300], like[300];

	state_new(&s);
	ck_assert_int_eq(mkdir(s.dir, 0700), 0);
	snprintf(history, sizeof history, "%s", in_dir(&s, "history"));
	ck_assert_int_eq(mkdir(history, 0700), 0);
	snprintf(temp, sizeof temp, "%s", in_dir(&s, ".save-Ab12Cd"));
	snprintf(other, sizeof other, "%s/.save-Xy34Zw", history);
	snprintf(keep, sizeof keep, "%s", in_dir(&s, "notes.txt"));
	/* Not a name mkstemp gives (".save-" and six characters). */
	snprintf(like, sizeof like, "%s", in_dir(&s, ".save-my-notes"));
	write_file(temp, "[Event \"half");
	write_file(other, "[Event \"half");
	write_file(keep, "mine\n");
	write_file(like, "mine\n");

	start(&a, &s, hot_seat);
	WAIT_FOR(&a, "White to move");
	ck_assert(!exists(temp));
	ck_assert(!exists(other));
	ck_assert(exists(keep));
	ck_assert(exists(like));

	/* With `a` running, a second session leaves a temp file alone. */
	write_file(temp, "[Event \"half");
	start(&b, &s, hot_seat);
	WAIT_FOR(&b, "autosave-2.pgn");
	ck_assert(exists(temp));
	pty_send(&b, "q");
	expect_exit(&b, 0);
	pty_close(&b);
	pty_send(&a, "q");
	expect_exit(&a, 0);
	pty_close(&a);
	pty_remove_tree(s.home);
}
END_TEST

/*
 * Every slot taken (nine sessions): the tenth says its game is not
 * saved, and plays; it writes no file.
 */
START_TEST(test_all_slots_taken)
{
	struct state s;
	struct pty p[10];
	char name[32];

	state_new(&s);
	for (int i = 0; i < 9; i++) {
		start(&p[i], &s, hot_seat);
		WAIT_FOR(&p[i], "White to move");
	}
	start(&p[9], &s, hot_seat);
	WAIT_FOR(&p[9], "This game is not saved");
	pty_send(&p[9], ":e4" ENTER);
	WAIT_FOR(&p[9], "Black to move");
	for (int i = 0; i < 10; i++) {
		pty_send(&p[i], "q");
		if (i == 9)
			WAIT_FOR(&p[i], "Leave this game");
		if (i == 9)
			pty_send(&p[i], "y");
		expect_exit(&p[i], 0);
		pty_close(&p[i]);
	}
	/* Nobody moved in slots 1-9, and slot 10 does not exist. */
	for (int i = 1; i <= 10; i++) {
		if (i == 1)
			snprintf(name, sizeof name, "autosave.pgn");
		else
			snprintf(name, sizeof name, "autosave-%d.pgn", i);
		ck_assert_msg(!exists(in_dir(&s, name)), "%s", name);
	}
	ck_assert(!exists(in_dir(&s, "lock-10")));
	pty_remove_tree(s.home);
}
END_TEST

/*
 * Both slots hold a game and no session runs: the first slot's game is
 * offered, and the status line names the other, which stays.
 */
START_TEST(test_names_waiting_game)
{
	static const char first[] =
	    "[Event \"bigchess game\"]\n[Variant \"Grand Chess\"]\n"
	    "[BigchessPlayers \"human human\"]\n\n1. e4 *\n";
	static const char second[] =
	    "[Event \"bigchess game\"]\n[Variant \"Grand Chess\"]\n"
	    "[BigchessPlayers \"human human\"]\n\n1. b4 *\n";
	struct state s;
	struct pty p;

	state_new(&s);
	ck_assert_int_eq(mkdir(s.dir, 0700), 0);
	write_file(s.save, first);
	write_file(in_dir(&s, "autosave-2.pgn"), second);
	start(&p, &s, NULL);
	WAIT_FOR(&p, "An unfinished game");
	WAIT_FOR(&p, "kept in autosave-2.pgn");
	pty_send(&p, "r");
	WAIT_FOR(&p, "1. e4");
	quit(&p);
	pty_close(&p);
	ck_assert_str_eq(read_file(in_dir(&s, "autosave-2.pgn")), second);
	pty_remove_tree(s.home);
}
END_TEST

Suite *
session_suite(void)
{
	Suite *s = suite_create("session");
	TCase *tc = tcase_create("core");

	tcase_set_timeout(tc, 120);
	tcase_add_test(tc, test_two_sessions);
	tcase_add_test(tc, test_killed_session_no_stale_lock);
	tcase_add_test(tc, test_resume_while_in_use);
	tcase_add_test(tc, test_adopts_second_slot);
	tcase_add_test(tc, test_stale_temps_removed);
	tcase_add_test(tc, test_all_slots_taken);
	tcase_add_test(tc, test_names_waiting_game);
	suite_add_tcase(s, tc);
	return s;
}
