/*
 * check_game_screen.c - what a player meets on the screens around a
 * game (src/ui/screen_game.c, screen_newgame.c, screen_help.c,
 * screen_prompt.c, screen_small.c, screen_lesson.c): undo and
 * resign against the computer, the help's wrapping, typed moves and
 * commands, the board's side, the new-game and too-small screens,
 * driven through a pseudo-terminal.
 */
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "pty_harness.h"
#include "test_util.h"

enum { WAIT_MS = 8000, MAX_ARGS = 16 };

#define ENTER "\r"

static void
start(struct pty *p, int rows, int cols, const char *const args[])
{
	const char *argv[MAX_ARGS + 2];
	const char *bin = getenv("BIGCHESS");
	int n = 0;

	argv[n++] = bin && *bin ? bin : "build/bigchess";
	for (int i = 0; args[i] && n < MAX_ARGS; i++)
		argv[n++] = args[i];
	argv[n] = NULL;
	ck_assert_int_eq(access(argv[0], X_OK), 0);
	ck_assert_int_eq(pty_spawn(p, rows, cols, argv, NULL), 0);
}

#define WAIT_FOR(p, text) \
	ck_assert_msg(pty_wait_text((p), (text), WAIT_MS), \
	    "'%s' never appeared; screen:\n%s", (text), pty_dump(p))
#define WAIT_GAME(p) \
	do { \
		WAIT_FOR((p), "to move"); \
		WAIT_FOR((p), "q quit"); \
	} while (0)

/*
 * Against the computer, u after its reply takes back both its move and
 * the person's, so that the person is to move again; otherwise the
 * computer would answer again at once and undo could never reach the
 * person's own move.  r replays both.
 */
START_TEST(test_undo_against_computer)
{
	struct pty p;
	const char *args[] = { "--variant", "grand", "--level", "1", NULL };

	start(&p, 24, 80, args);
	WAIT_GAME(&p);
	pty_send(&p, ":e5" ENTER);
	WAIT_FOR(&p, "Black played");
	WAIT_FOR(&p, "White to move");
	pty_send(&p, "u");
	WAIT_FOR(&p, "Taken back 2 moves: White to move");
	ck_assert_msg(!pty_find(&p, "1. e5", NULL, NULL), "%s", pty_dump(&p));
	pty_send(&p, "r");
	WAIT_FOR(&p, "Replayed 2 moves; White to move");
	WAIT_FOR(&p, "1. e5");
	pty_send(&p, "q");
	pty_close(&p);
}
END_TEST

/*
 * The help wraps what does not fit beside the keys: at 80 columns the
 * end of the mouse line was cut off.  A tall terminal shows the whole
 * help on one page.
 */
START_TEST(test_help_wraps)
{
	struct pty p;
	const char *args[] = { "--variant", "grand", "--white", "human",
		"--black", "human", NULL };

	start(&p, 100, 80, args);
	WAIT_GAME(&p);
	pty_send(&p, "?");
	WAIT_FOR(&p, "At the ':' prompt");
	WAIT_FOR(&p, "(a9a10q)");
	WAIT_FOR(&p, "reports clicks.");
	WAIT_FOR(&p, "bigchess --learn.");   /* where the lessons are */
	pty_send(&p, "q");
	WAIT_GAME(&p);
	pty_send(&p, "q");
	pty_close(&p);
}
END_TEST

/*
 * A pawn that must promote (grand.md: on the tenth rank), typed in
 * coordinates without the piece, gets the chooser as the SAN "e10"
 * does (checked, not a bug: kept as coverage).
 */
START_TEST(test_typed_coordinates_promotion_asks)
{
	struct pty p;
	const char *args[] = { "--fen", "k9/4P5/10/10/10/10/10/10/10/5K4 w"
		" - - 0 1", "--white", "human", "--black", "human", NULL };

	start(&p, 24, 80, args);
	WAIT_GAME(&p);
	pty_send(&p, ":e9e10" ENTER);
	WAIT_FOR(&p, "Promotion");
	WAIT_FOR(&p, "Queen (e10=Q");
	pty_send(&p, "q");
	WAIT_FOR(&p, "White played e10=Q");
	pty_send(&p, "q");
	pty_close(&p);
}
END_TEST

/* ":goto" alone explains itself, as ":goto x" does. */
START_TEST(test_goto_without_number)
{
	struct pty p;
	const char *args[] = { "--variant", "grand", "--white", "human",
		"--black", "human", NULL };

	start(&p, 24, 80, args);
	WAIT_GAME(&p);
	pty_send(&p, ":e5" ENTER);
	WAIT_FOR(&p, "White played e5");
	pty_send(&p, ":goto" ENTER);
	WAIT_FOR(&p, "goto wants a move number");
	pty_send(&p, "q");
	pty_close(&p);
}
END_TEST

/*
 * Before the first game, Esc on the new-game screen quits (man page:
 * "or quits, before the first game"), and its key line says so.
 */
START_TEST(test_newgame_esc_quits_at_start)
{
	struct pty p;
	const char *args[] = { NULL };

	start(&p, 24, 80, args);
	WAIT_FOR(&p, "new game");
	WAIT_FOR(&p, "Esc: quit");
	ck_assert(!pty_find(&p, "Esc: back", NULL, NULL));
	pty_send(&p, "\033");
	ck_assert_msg(pty_wait_exit(&p, WAIT_MS), "Esc did not quit:\n%s",
	    pty_dump(&p));
	pty_close(&p);
}
END_TEST

/* The lesson help names ? and F1 once per part, not again on a blank. */
START_TEST(test_lesson_help_lists_help_key_once)
{
	struct pty p;
	const char *args[] = { "--learn", "grand", NULL };
	char buf[512];
	int n = 0;

	start(&p, 40, 80, args);
	WAIT_FOR(&p, "solved");
	pty_send(&p, "?");
	WAIT_FOR(&p, "lesson keys");
	WAIT_FOR(&p, "In a lesson");
	for (int r = 0; r < p.rows; r++)
		n += strstr(pty_row(&p, r, buf), "? F1") != NULL;
	/* Once in the list's keys, once in the lesson's. */
	ck_assert_msg(n == 2, "? F1 on %d rows:\n%s", n, pty_dump(&p));
	pty_send(&p, "x");
	WAIT_FOR(&p, "solved");
	pty_send(&p, "q");
	pty_close(&p);
}
END_TEST

/* The title names the match: no person plays the computer here. */
START_TEST(test_title_computer_against_itself)
{
	struct pty p;
	const char *args[] = { "--variant", "chad", "--white", "computer",
		"--black", "computer", "--level", "1", NULL };

	start(&p, 24, 80, args);
	WAIT_FOR(&p, "the computer against itself");
	ck_assert(!pty_find(&p, "against the computer", NULL, NULL));
	pty_close(&p);
}
END_TEST

/*
 * A terminal too small for the game must not trap the player: q quits,
 * and the game is kept in the autosave.
 */
START_TEST(test_q_quits_when_too_small)
{
	struct pty p;
	const char *args[] = { "--variant", "grand", "--white", "human",
		"--black", "human", NULL };
	char path[128], text[4096];
	size_t n;
	FILE *f;

	start(&p, 24, 80, args);
	WAIT_GAME(&p);
	pty_send(&p, ":e5" ENTER);
	WAIT_FOR(&p, "White played e5");
	pty_resize(&p, 10, 40);
	WAIT_FOR(&p, "too small");
	WAIT_FOR(&p, "q quits");
	pty_send(&p, "q");
	ck_assert_msg(pty_wait_exit(&p, WAIT_MS), "q did not quit:\n%s",
	    pty_dump(&p));
	snprintf(path, sizeof path, "%s/bigchess/autosave.pgn", p.state_dir);
	f = fopen(path, "r");
	ck_assert_msg(f != NULL, "no %s", path);
	n = fread(text, 1, sizeof text - 1, f);
	fclose(f);
	text[n] = '\0';
	ck_assert_msg(strstr(text, "1. e5 *") != NULL, "%s", text);
	pty_close(&p);
}
END_TEST

/* A game opened with --load is "loaded", not "resumed" (no autosave). */
START_TEST(test_load_says_loaded)
{
	static const char pgn[] = "[Event \"x\"]\n[Variant \"Grand Chess\"]\n"
	    "[Result \"*\"]\n\n1. e5 e6 *\n";
	struct pty p;
	char path[] = "/tmp/bigchess-qa-XXXXXX";
	const char *args[] = { "--load", path, NULL };
	int fd = mkstemp(path);

	ck_assert_int_ge(fd, 0);
	ck_assert_int_eq(write(fd, pgn, sizeof pgn - 1), (int)sizeof pgn - 1);
	close(fd);
	start(&p, 24, 80, args);
	WAIT_FOR(&p, "Game loaded at move 2: White to move.");
	pty_close(&p);
	unlink(path);
}
END_TEST

/* Prompt commands are words in any case: "Resign" is not a bad move. */
START_TEST(test_prompt_command_any_case)
{
	struct pty p;
	const char *args[] = { "--variant", "grand", "--white", "human",
		"--black", "human", NULL };

	start(&p, 24, 80, args);
	WAIT_GAME(&p);
	pty_send(&p, ":Resign" ENTER);
	WAIT_FOR(&p, "Does White resign?");
	pty_send(&p, "n");
	pty_send(&p, ":FLIP" ENTER);
	WAIT_FOR(&p, "Black is at the bottom.");
	pty_close(&p);
}
END_TEST

/*
 * When a flag falls with no key pressed, the status line gives the
 * result (as after a resignation), not the last message before it.
 */
START_TEST(test_flag_fall_status)
{
	struct pty p;
	const char *args[] = { "--variant", "grand", "--white", "human",
		"--black", "human", "--clock", "0.02", NULL };

	start(&p, 24, 80, args);
	WAIT_GAME(&p);
	WAIT_FOR(&p, "by time");
	WAIT_FOR(&p, "reviews, n: new game, q: quit.");
	pty_close(&p);
}
END_TEST

/*
 * Against the computer, :resign while it thinks is the person resigning,
 * not the person resigning for the computer (and so winning).
 */
START_TEST(test_resign_while_computer_thinks)
{
	struct pty p;
	const char *args[] = { "--variant", "grand", "--level", "10", NULL };

	start(&p, 24, 80, args);
	WAIT_GAME(&p);
	pty_send(&p, ":e5" ENTER);
	WAIT_FOR(&p, "White played e5");
	pty_send(&p, ":resign" ENTER);
	WAIT_FOR(&p, "Does White resign?");
	pty_send(&p, "y");
	WAIT_FOR(&p, "Black wins (0-1) by resignation");
	pty_close(&p);
}
END_TEST

/*
 * The new-game screen shows a long message whole, over several lines: a
 * broken autosave's ends by naming where the file was kept.
 */
START_TEST(test_newgame_long_message_wraps)
{
	struct pty p;
	char dir[] = "/tmp/bigchess-qa-XXXXXX", sub[64], path[96];
	char var[64];
	const char *env[] = { var, NULL };
	const char *argv[] = { getenv("BIGCHESS"), NULL };
	FILE *f;

	ck_assert_ptr_nonnull(argv[0]);
	ck_assert_ptr_nonnull(mkdtemp(dir));
	snprintf(sub, sizeof sub, "%s/bigchess", dir);
	ck_assert_int_eq(mkdir(sub, 0700), 0);
	snprintf(path, sizeof path, "%s/autosave.pgn", sub);
	f = fopen(path, "w");
	ck_assert_ptr_nonnull(f);
	fputs("this is not a PGN game [[[\n", f);
	fclose(f);
	snprintf(var, sizeof var, "XDG_STATE_HOME=%s", dir);
	ck_assert_int_eq(pty_spawn(&p, 24, 80, argv, env), 0);
	WAIT_FOR(&p, "new game");
	WAIT_FOR(&p, "could not be read");
	WAIT_FOR(&p, "kept as autosave.pgn.bad.");
	pty_close(&p);
	pty_remove_tree(dir);
}
END_TEST

/* The screen row labelled with rank `label` ("10", " 1"), or -1. */
static int
rank_row(const struct pty *p, const char *label)
{
	char buf[512];

	for (int r = 0; r < p->rows; r++)
		if (strncmp(pty_row(p, r, buf), label, 2) == 0 &&
		    buf[2] == ' ')
			return r;
	return -1;
}

/*
 * --white computer: the person plays Black, so Black's side of the board
 * (rank 10 in Grand Chess) is at the bottom, as with f.
 */
START_TEST(test_person_playing_black_at_bottom)
{
	struct pty p;
	const char *args[] = { "--variant", "grand", "--white", "computer",
		"--level", "1", NULL };
	int top, bottom;

	start(&p, 24, 80, args);
	WAIT_GAME(&p);
	top = rank_row(&p, " 1");
	bottom = rank_row(&p, "10");
	ck_assert_msg(top >= 0 && bottom > top, "rank 1 on row %d, rank 10 "
	    "on row %d:\n%s", top, bottom, pty_dump(&p));
	pty_close(&p);
}
END_TEST

/* On the new-game screen, choosing the computer for White turns the
 * board to Black, the person's side; the computer for Black turns it
 * back. */
START_TEST(test_newgame_players_turn_board)
{
	struct pty p;
	const char *args[] = { NULL };

	start(&p, 24, 80, args);
	WAIT_FOR(&p, "White at the bottom");
	pty_key(&p, VTERM_KEY_DOWN);
	pty_key(&p, VTERM_KEY_DOWN);
	pty_key(&p, VTERM_KEY_RIGHT); /* Black: human (hot-seat) */
	pty_key(&p, VTERM_KEY_UP);
	pty_key(&p, VTERM_KEY_RIGHT); /* White: computer */
	WAIT_FOR(&p, "Black at the bottom");
	pty_key(&p, VTERM_KEY_RIGHT); /* White: human (hot-seat) */
	pty_key(&p, VTERM_KEY_DOWN);
	pty_key(&p, VTERM_KEY_RIGHT); /* Black: computer */
	WAIT_FOR(&p, "White at the bottom");
	pty_close(&p);
}
END_TEST

/* --learn V lists one variant: its key line offers no Left/Right. */
START_TEST(test_one_variant_list_hint)
{
	struct pty p;
	const char *one[] = { "--learn", "grand", NULL };
	const char *all[] = { "--learn", NULL };

	start(&p, 24, 80, all);
	WAIT_FOR(&p, "Enter open");
	WAIT_FOR(&p, "Left/Right variant");
	pty_close(&p);
	start(&p, 24, 80, one);
	WAIT_FOR(&p, "Enter open");
	ck_assert_msg(!pty_find(&p, "Left/Right", NULL, NULL), "%s",
	    pty_dump(&p));
	pty_close(&p);
}
END_TEST

/*
 * Chess castling typed in these variants: Grand Chess has none
 * (grand.md), Hadean castling names the king's distance (hadean.md),
 * rather than "'O' is not a piece".
 */
START_TEST(test_chess_castling_explained)
{
	struct pty p;
	const char *grand[] = { "--variant", "grand", "--white", "human",
		"--black", "human", NULL };
	const char *hadean[] = { "--variant", "hadean", "--white", "human",
		"--black", "human", NULL };

	start(&p, 24, 80, grand);
	WAIT_GAME(&p);
	pty_send(&p, ":O-O" ENTER);
	WAIT_FOR(&p, "There is no castling in Grand Chess.");
	pty_close(&p);
	start(&p, 24, 80, hadean);
	WAIT_GAME(&p);
	pty_send(&p, ":0-0-0+" ENTER);
	WAIT_FOR(&p, "O-O-1 to O-O-4, O-O-O-1 to O-O-O-5.");
	pty_close(&p);
}
END_TEST

/* A move copied from a record with its number ("1. e5") is played. */
START_TEST(test_move_with_number)
{
	struct pty p;
	const char *args[] = { "--variant", "grand", "--white", "human",
		"--black", "human", NULL };

	start(&p, 24, 80, args);
	WAIT_GAME(&p);
	pty_send(&p, ":1. e5" ENTER);
	WAIT_FOR(&p, "White played e5.");
	pty_send(&p, ":1...e6" ENTER);
	WAIT_FOR(&p, "Black played e6.");
	pty_close(&p);
}
END_TEST

Suite *
game_screen_suite(void)
{
	Suite *s = suite_create("game_screen");
	TCase *tc = tcase_create("game_screen");

	tcase_set_timeout(tc, 60);
	tcase_add_test(tc, test_undo_against_computer);
	tcase_add_test(tc, test_help_wraps);
	tcase_add_test(tc, test_typed_coordinates_promotion_asks);
	tcase_add_test(tc, test_goto_without_number);
	tcase_add_test(tc, test_newgame_esc_quits_at_start);
	tcase_add_test(tc, test_lesson_help_lists_help_key_once);
	tcase_add_test(tc, test_title_computer_against_itself);
	tcase_add_test(tc, test_q_quits_when_too_small);
	tcase_add_test(tc, test_load_says_loaded);
	tcase_add_test(tc, test_prompt_command_any_case);
	tcase_add_test(tc, test_flag_fall_status);
	tcase_add_test(tc, test_resign_while_computer_thinks);
	tcase_add_test(tc, test_newgame_long_message_wraps);
	tcase_add_test(tc, test_person_playing_black_at_bottom);
	tcase_add_test(tc, test_newgame_players_turn_board);
	tcase_add_test(tc, test_one_variant_list_hint);
	tcase_add_test(tc, test_chess_castling_explained);
	tcase_add_test(tc, test_move_with_number);
	suite_add_tcase(s, tc);
	return s;
}
