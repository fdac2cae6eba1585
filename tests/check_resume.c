/*
 * check_resume.c - never losing a game: the autosave, --resume, a hung-up
 * terminal, bad or unwritable state folders, and --load FILE, driven
 * through a pseudo-terminal (pty_harness.c) like check_ui.c.
 *
 * Each test points XDG_STATE_HOME at its own temp folder.  The moves are
 * legal by the rules (grand.md: pawns start on the third rank and step one
 * or two; chad.md: the rook on e5 slides), never taken from our output.
 */
#include <dirent.h>
#include <signal.h>
#include <stdbool.h>
#include <stdio.h>
#include <sys/stat.h>
#include <stdlib.h>
#include <string.h>
#include <sys/wait.h>
#include <unistd.h>

#include "pty_board.h"

static void
start(struct pty *p, const struct state *s, const char *const args[])
{
	start_in(p, 30, 100, s, args);
}

/* The integer value of PGN tag `name` in `text`, or -1. */
static long
tag_number(const char *text, const char *name)
{
	char key[64];
	const char *at;

	snprintf(key, sizeof key, "[%s \"", name);
	at = strstr(text, key);
	return at ? strtol(at + strlen(key), NULL, 10) : -1;
}

/* Hangs up the terminal as a dropped connection does. */
static void
hang_up(struct pty *p)
{
	close(p->fd);
	p->fd = -1;
	ck_assert_msg(pty_wait_exit(p, WAIT_MS), "still running after the "
	    "hang-up");
}

/* Two moves, a hang-up, and --resume: the same game with its clocks. */
START_TEST(test_hangup_resume)
{
	const char *args[] = { "--variant", "grand", "--white", "human",
		"--black", "human", "--clock", "5", NULL };
	const char *resume[] = { "--resume", NULL };
	struct state s;
	struct pty p;
	const char *text;
	long white, black, saved;
	char shown[32];

	state_new(&s);
	start(&p, &s, args);
	WAIT_FOR(&p, "White to move");
	pty_send(&p, ":e5" ENTER);
	WAIT_FOR(&p, "Black to move");
	pty_send(&p, ":e6" ENTER);
	WAIT_FOR(&p, "White to move");
	/* Saved after the move, before it was drawn: White's time then. */
	saved = tag_number(read_file(s.save), "BigchessWhiteClock");
	black = tag_number(read_file(s.save), "BigchessBlackClock");
	ck_assert_msg(saved > 200000 && saved < 300000, "white %ld", saved);
	/* Let White's clock run over a second more: wait for a m:ss two
	 * seconds below (clock.c rounds down), one Black's stopped clock
	 * does not show. */
	for (long ms = saved - 2000;; ms -= 1000) {
		snprintf(shown, sizeof shown, "%ld:%02ld", ms / 60000,
		    ms / 1000 % 60);
		if (ms / 1000 != black / 1000)
			break;
	}
	WAIT_FOR(&p, shown);
	hang_up(&p);
	ck_assert(!p.altscreen || WIFSIGNALED(p.status));
	pty_close(&p);

	text = read_file(s.save);
	ck_assert_ptr_nonnull(strstr(text, "1. e5 e6"));
	ck_assert_ptr_nonnull(strstr(text, "[TimeControl \"300+0\"]"));
	/* Both clocks ran a little, neither ran out. */
	/* Saved once more on the way out, with the clock as it stood. */
	white = tag_number(text, "BigchessWhiteClock");
	ck_assert_msg(white > 200000 && white <= saved - 1000,
	    "white %ld, %ld at the last move", white, saved);
	ck_assert_int_eq(tag_number(text, "BigchessBlackClock"), black);

	start(&p, &s, resume);
	WAIT_FOR(&p, "White to move");
	WAIT_ROW(&p, "1. e5", "e6");
	WAIT_FOR(&p, "4:");
	/* The game goes on from there. */
	pty_send(&p, ":Nc4" ENTER);
	WAIT_FOR(&p, "2. Nc4");
	pty_send(&p, "q");
	pty_close(&p);
	ck_assert_ptr_nonnull(strstr(read_file(s.save), "2. Nc4"));
	pty_remove_tree(s.home);
}
END_TEST

/* SIGTERM leaves the game saved too, with the terminal restored. */
START_TEST(test_sigterm_saves)
{
	const char *args[] = { "--variant", "chad", "--white", "human",
		"--black", "human", NULL };
	struct state s;
	struct pty p;

	state_new(&s);
	start(&p, &s, args);
	WAIT_FOR(&p, "White to move");
	pty_send(&p, ":e5e6" ENTER);
	WAIT_FOR(&p, "Black to move");
	kill(p.pid, SIGTERM);
	ck_assert(pty_wait_exit(&p, WAIT_MS));
	ck_assert(WIFSIGNALED(p.status) && WTERMSIG(p.status) == SIGTERM);
	ck_assert(!p.altscreen);
	pty_close(&p);
	ck_assert_ptr_nonnull(strstr(read_file(s.save), "[Variant \"Chad\"]"));
	pty_remove_tree(s.home);
}
END_TEST

/* An undo is saved at once, and so is the redo. */
START_TEST(test_undo_saves)
{
	const char *args[] = { "--variant", "grand", "--white", "human",
		"--black", "human", NULL };
	struct state s;
	struct pty p;

	state_new(&s);
	start(&p, &s, args);
	WAIT_FOR(&p, "White to move");
	pty_send(&p, ":e5" ENTER);
	WAIT_FOR(&p, "Black to move");
	pty_send(&p, ":e6" ENTER);
	WAIT_FOR(&p, "White to move");
	ck_assert_ptr_nonnull(strstr(read_file(s.save), "1. e5 e6 *"));
	/* The save comes before the screen shows the change. */
	pty_send(&p, "u");
	WAIT_FOR(&p, "Move taken back");
	ck_assert_ptr_nonnull(strstr(read_file(s.save), "1. e5 *"));
	pty_send(&p, "r");
	WAIT_FOR(&p, "Move replayed");
	ck_assert_ptr_nonnull(strstr(read_file(s.save), "1. e5 e6 *"));
	pty_close(&p);
	pty_remove_tree(s.home);
}
END_TEST

static const char saved_game[] =
    "[Event \"bigchess game\"]\n[Site \"?\"]\n[Date \"2026.11.29\"]\n"
    "[Round \"-\"]\n[White \"Player\"]\n[Black \"Player\"]\n"
    "[Result \"*\"]\n[Variant \"Grand Chess\"]\n[TimeControl \"600+0\"]\n"
    "[BigchessPlayers \"human human\"]\n[BigchessLevel \"3\"]\n"
    "[BigchessWhiteClock \"400000\"]\n[BigchessBlackClock \"123000\"]\n"
    "\n1. e5 e6 2. Nc4 *\n";

/* Started with no options, the program offers the unfinished game. */
START_TEST(test_offer_resume)
{
	struct state s;
	struct pty p;

	state_new(&s);
	ck_assert_int_eq(mkdir(s.dir, 0700), 0);
	write_file(s.save, saved_game);
	start(&p, &s, NULL);
	WAIT_FOR(&p, "An unfinished game");
	/* After 1. e5 e6 2. Nc4 it is Black's turn in move 2. */
	WAIT_FOR(&p, "Grand Chess at move 2, Black to move.");
	pty_send(&p, "r");
	WAIT_FOR(&p, "Black to move");
	WAIT_ROW(&p, "1. e5", "e6");
	WAIT_FOR(&p, "2. Nc4");
	/* Black, to move, has 123 s (2:03) and it runs: 2:0x. */
	WAIT_FOR(&p, "2:0");
	/* White's 400 s stand still: 6:40. */
	WAIT_FOR(&p, "6:40");
	pty_send(&p, "q");
	pty_close(&p);
	pty_remove_tree(s.home);
}
END_TEST

/* Declining the offer: a new game; its first move keeps the old one. */
START_TEST(test_decline_keeps_old)
{
	struct state s;
	struct pty p;
	char hist[256];
	DIR *d;
	struct dirent *e;
	int n = 0;

	state_new(&s);
	ck_assert_int_eq(mkdir(s.dir, 0700), 0);
	write_file(s.save, saved_game);
	start(&p, &s, NULL);
	WAIT_FOR(&p, "An unfinished game");
	pty_send(&p, "n");
	WAIT_FOR(&p, "new game");
	/* White (human) against the computer, the default. */
	pty_send(&p, ENTER);
	WAIT_FOR(&p, "White to move");
	pty_send(&p, ":e5" ENTER);
	WAIT_FOR(&p, "1. e5");
	pty_send(&p, "q");
	pty_close(&p);
	snprintf(hist, sizeof hist, "%s/history", s.dir);
	d = opendir(hist);
	ck_assert_ptr_nonnull(d);
	while ((e = readdir(d)))
		if (e->d_name[0] != '.') {
			char f[512];

			snprintf(f, sizeof f, "%s/%s", hist, e->d_name);
			ck_assert_ptr_nonnull(strstr(read_file(f), "2. Nc4"));
			n++;
		}
	closedir(d);
	ck_assert_int_eq(n, 1);
	pty_remove_tree(s.home);
}
END_TEST

/* A state folder that cannot be written: a warning, and play goes on. */
START_TEST(test_unwritable_state)
{
	const char *args[] = { "--variant", "grand", "--white", "human",
		"--black", "human", NULL };
	struct state s;
	struct pty p;

	state_new(&s);
	/* A file where the folder should be stops even root. */
	write_file(s.dir, "not a folder\n");
	start(&p, &s, args);
	WAIT_FOR(&p, "White to move");
	pty_send(&p, ":e5" ENTER);
	WAIT_FOR(&p, "Not saved");
	pty_send(&p, ":e6" ENTER);
	WAIT_FOR(&p, "White to move");
	WAIT_ROW(&p, "1. e5", "e6");
	pty_send(&p, "q");
	WAIT_FOR(&p, "Leave this game");
	pty_send(&p, "y");
	expect_exit(&p, 0);
	ck_assert_str_eq(read_file(s.dir), "not a folder\n");
	pty_close(&p);
	pty_remove_tree(s.home);
}
END_TEST

/* The computer's level chosen on the new-game screen is the one used and
 * saved with the game. */
START_TEST(test_level_from_new_game_screen)
{
	struct state s;
	struct pty p;

	state_new(&s);
	start(&p, &s, NULL);
	WAIT_FOR(&p, "Computer level");
	/* A first game of Grand Chess (no history): level 2. */
	WAIT_FOR(&p, "< 2 - about");
	/* Variant, White, Black, then the level: down three lines. */
	pty_key(&p, VTERM_KEY_DOWN);
	pty_key(&p, VTERM_KEY_DOWN);
	pty_key(&p, VTERM_KEY_DOWN);
	pty_key(&p, VTERM_KEY_RIGHT);
	pty_key(&p, VTERM_KEY_RIGHT);
	pty_key(&p, VTERM_KEY_RIGHT);
	WAIT_FOR(&p, "< 5 - about");
	pty_send(&p, ENTER);
	WAIT_FOR(&p, "White to move");
	pty_send(&p, ":e5" ENTER);
	WAIT_FOR(&p, "Black played");
	ck_assert_int_eq(tag_number(read_file(s.save), "BigchessLevel"), 5);
	pty_close(&p);
}
END_TEST

/* A broken autosave: a message, a new game, and the file kept aside. */
static const char *const broken[] = {
	"\x01\x02garbage\xff\n",
	"[Variant \"Grand Chess\"]\n[BigchessPlayers \"human human\"]\n\n1. e5 e",
	"[Variant \"Shogi\"]\n[BigchessPlayers \"human human\"]\n\n1. P7f *\n",
	"",
};

START_TEST(test_broken_autosave)
{
	struct state s;
	struct pty p;
	char bad[300];

	state_new(&s);
	ck_assert_int_eq(mkdir(s.dir, 0700), 0);
	write_file(s.save, broken[_i]);
	start(&p, &s, NULL);
	WAIT_FOR(&p, "could not be read");
	WAIT_FOR(&p, "new game");
	pty_send(&p, ENTER);
	WAIT_FOR(&p, "White to move");
	pty_send(&p, "q");
	pty_close(&p);
	snprintf(bad, sizeof bad, "%s.bad", s.save);
	ck_assert_str_eq(read_file(bad), broken[_i]);
	pty_remove_tree(s.home);
}
END_TEST

/* --resume with nothing saved: one line on stderr, exit status 1. */
START_TEST(test_resume_nothing)
{
	const char *args[] = { "--resume", NULL };
	struct state s;
	struct pty p;

	state_new(&s);
	start(&p, &s, args);
	expect_exit(&p, 1);
	ck_assert_msg(strstr(p.log, "no unfinished game"), "%s", p.log);
	pty_close(&p);
	pty_remove_tree(s.home);
}
END_TEST

/* --load FILE --game 2 opens that game at its end, ready to go on. */
START_TEST(test_load_file)
{
	static const char two_games[] =
	    "[Variant \"Chad\"]\n\n1. e5e6 *\n\n"
	    "[Variant \"Grand Chess\"]\n\n1. e5 e6 2. Nc4 d6 *\n";
	const char *args[] = { "--load", NULL, "--game", "2", "--white",
		"human", "--black", "human", NULL };
	struct state s;
	struct pty p;
	char path[256];

	state_new(&s);
	snprintf(path, sizeof path, "%s/games.pgn", s.home);
	write_file(path, two_games);
	args[1] = path;
	start(&p, &s, args);
	WAIT_FOR(&p, "White to move");
	WAIT_ROW(&p, "2. Nc4", "d6");
	pty_send(&p, ":f5" ENTER);
	WAIT_FOR(&p, "3. f5");
	pty_send(&p, "q");
	pty_close(&p);
	/* The file itself is left alone. */
	ck_assert_str_eq(read_file(path), two_games);
	pty_remove_tree(s.home);
}
END_TEST

START_TEST(test_load_bad_file)
{
	const char *args[] = { "--load", NULL, NULL };
	struct state s;
	struct pty p;
	char path[256];

	state_new(&s);
	snprintf(path, sizeof path, "%s/bad.pgn", s.home);
	write_file(path, "[Variant \"Grand Chess\"]\n\n1. e3e9 *\n");
	args[1] = path;
	start(&p, &s, args);
	expect_exit(&p, 1);
	ck_assert_msg(strstr(p.log, "e3e9"), "%s", p.log);
	pty_close(&p);
	pty_remove_tree(s.home);
}
END_TEST

/*
 * --load takes only a regular file: a FIFO (which had no writer and hung
 * the old fopen forever), a device, a folder and a symbolic link each get
 * a one-line error at once and exit status 1.
 */
static const struct {
	const char *file; /* in the state folder; NULL: `path` as it is */
	const char *path;
	const char *message;
} not_regular[] = {
	{ "fifo.pgn", NULL, "it is a pipe (FIFO), not a regular file" },
	{ NULL, "/dev/zero", "it is a device, not a regular file" },
	{ "folder.pgn", NULL, "it is a folder, not a regular file" },
	{ "link.pgn", NULL, "it is a symbolic link; name the file itself" },
};

START_TEST(test_load_not_regular)
{
	const char *args[] = { "--load", NULL, NULL };
	struct state s;
	struct pty p;
	char path[256], good[256];

	state_new(&s);
	if (not_regular[_i].file)
		snprintf(path, sizeof path, "%s/%s", s.home,
		    not_regular[_i].file);
	else
		snprintf(path, sizeof path, "%s", not_regular[_i].path);
	switch (_i) {
	case 0:
		ck_assert_int_eq(mkfifo(path, 0600), 0);
		break;
	case 2:
		ck_assert_int_eq(mkdir(path, 0700), 0);
		break;
	case 3:
		snprintf(good, sizeof good, "%s/good.pgn", s.home);
		write_file(good, "[Variant \"Grand Chess\"]\n\n1. e5 *\n");
		ck_assert_int_eq(symlink(good, path), 0);
		break;
	default:
		break;
	}
	args[1] = path;
	start_in(&p, 30, 200, &s, args);
	WAIT_FOR(&p, not_regular[_i].message);
	expect_exit(&p, 1);
	pty_close(&p);
	pty_remove_tree(s.home);
}
END_TEST

/* A file over the 64 MiB limit is refused before it is read. */
START_TEST(test_load_too_large)
{
	const char *args[] = { "--load", NULL, NULL };
	struct state s;
	struct pty p;
	char path[256];
	FILE *f;

	state_new(&s);
	snprintf(path, sizeof path, "%s/big.pgn", s.home);
	f = fopen(path, "wb");
	ck_assert_ptr_nonnull(f);
	ck_assert_int_eq(ftruncate(fileno(f), (64 << 20) + 1), 0);
	ck_assert_int_eq(fclose(f), 0);
	args[1] = path;
	start_in(&p, 30, 200, &s, args);
	WAIT_FOR(&p, "is too large (the limit is 64 MiB)");
	expect_exit(&p, 1);
	pty_close(&p);
	pty_remove_tree(s.home);
}
END_TEST

/* `count` copies of an empty game, 15 bytes each, in a new string. */
static char *
empty_games(size_t count)
{
	static const char game[] = "[Event \"?\"]\n\n*\n";
	size_t n = sizeof game - 1;
	char *text = malloc(count * n + 1);

	ck_assert_ptr_nonnull(text);
	for (size_t i = 0; i < count; i++)
		memcpy(text + i * n, game, n);
	text[count * n] = '\0';
	return text;
}

/*
 * The list of games stops at 10,000 (README) and says so; a file of
 * exactly 10,000 lists them all.
 */
static const struct {
	size_t games;
	const char *title;
} list_bound[] = {
	{ 10000, "10000 games in" },
	{ 10001, "showing the first 10000 games" },
};

START_TEST(test_load_list_bound)
{
	const char *args[] = { "--load", NULL, "--variant", "grand", NULL };
	char *text = empty_games(list_bound[_i].games);
	struct state s;
	struct pty p;
	char path[256];

	state_new(&s);
	snprintf(path, sizeof path, "%s/many.pgn", s.home);
	write_file(path, text);
	free(text);
	args[1] = path;
	start_in(&p, 30, 200, &s, args);
	WAIT_FOR(&p, list_bound[_i].title);
	pty_key(&p, VTERM_KEY_END);
	WAIT_ROW(&p, "10000  -", "Grand Chess");
	{
		int row, col;

		ck_assert(!pty_find(&p, "10001 ", &row, &col));
	}
	pty_send(&p, "q");
	expect_clean_exit(&p, &s);
}
END_TEST

/*
 * 60 MiB of empty games (4,194,304 of them) is listed within a 512 MiB
 * address space; the old reader described every game and grew past
 * 1.6 GB.  (No limit in a sanitizer build, see pty_can_limit_memory.)
 */
START_TEST(test_load_many_empty_games)
{
	const char *args[] = { "--load", NULL, "--variant", "grand", NULL };
	struct pty_spawn_opts o = { 0, 0, (size_t)512 << 20 };
	char *text = empty_games(((size_t)60 << 20) / 15);
	const char *env[2] = { NULL, NULL };
	struct state s;
	struct pty p;
	char path[256];

	state_new(&s);
	env[0] = s.env;
	snprintf(path, sizeof path, "%s/empty.pgn", s.home);
	write_file(path, text);
	free(text);
	args[1] = path;
	start_bigchess_opts(&p, 30, 200, args, env, &o);
	WAIT_FOR(&p, "showing the first 10000 games");
	pty_send(&p, ENTER);
	WAIT_FOR(&p, "White to move");
	pty_send(&p, "q");
	expect_clean_exit(&p, &s);
}
END_TEST

Suite *
resume_suite(void)
{
	Suite *s = suite_create("resume");
	TCase *tc = tcase_create("resume");

	tcase_set_timeout(tc, 60);
	tcase_add_test(tc, test_hangup_resume);
	tcase_add_test(tc, test_sigterm_saves);
	tcase_add_test(tc, test_undo_saves);
	tcase_add_test(tc, test_offer_resume);
	tcase_add_test(tc, test_decline_keeps_old);
	tcase_add_test(tc, test_unwritable_state);
	tcase_add_loop_test(tc, test_broken_autosave, 0,
	    (int)(sizeof broken / sizeof broken[0]));
	tcase_add_test(tc, test_resume_nothing);
	tcase_add_test(tc, test_load_file);
	tcase_add_test(tc, test_load_bad_file);
	tcase_add_loop_test(tc, test_load_not_regular, 0,
	    (int)(sizeof not_regular / sizeof not_regular[0]));
	tcase_add_test(tc, test_load_too_large);
	tcase_add_loop_test(tc, test_load_list_bound, 0,
	    (int)(sizeof list_bound / sizeof list_bound[0]));
	tcase_add_test(tc, test_load_many_empty_games);
	tcase_add_test(tc, test_level_from_new_game_screen);
	suite_add_tcase(s, tc);
	return s;
}
