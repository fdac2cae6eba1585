/*
 * check_review.c - stepping back and forward through a game (, . < >),
 * taking back to the reviewed position, and the list of games that
 * --load FILE shows when FILE holds several, driven through a
 * pseudo-terminal (pty_harness.c) like check_ui.c.
 *
 * The positions are worked out by hand from the moves and grand.md's
 * start position (r8r/1nbqkcabn1/pppppppppp/10/10/10/10/PPPPPPPPPP/
 * 1NBQKCABN1/R8R: pawns on ranks 3 and 8, knights on b2 and i2, b9, i9).
 */
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <sys/wait.h>
#include <unistd.h>

#include "pty_board.h"

static void
start(struct pty *p, const struct state *s, const char *const args[])
{
	start_in(p, 30, 100, s, args);
}

static const char *const hot_seat[] = { "--variant", "grand", "--white",
	"human", "--black", "human", "--ascii", NULL };

/* Plays 1. e5 e6 2. Nc4 d6 (pawns from e3, e8, d8; the knight from b2). */
static void
play_four(struct pty *p)
{
	WAIT_FOR(p, "White to move");
	pty_send(p, ":e5" ENTER);
	WAIT_FOR(p, "Black to move");
	pty_send(p, ":e6" ENTER);
	WAIT_FOR(p, "White to move");
	pty_send(p, ":Nc4" ENTER);
	WAIT_FOR(p, "Black to move");
	pty_send(p, ":d6" ENTER);
	WAIT_ROW(p, "2. Nc4", "d6");
	ASSERT_PIECE(p, "d6", 'p');
}

/*
 * , steps back: the board shows the earlier position and the list marks
 * the move; the game and its autosave keep all four moves; . and >
 * step forward to the game again.
 */
START_TEST(test_step_back_and_forth)
{
	struct state s;
	struct pty p;

	state_new(&s);
	start(&p, &s, hot_seat);
	play_four(&p);
	ck_assert_ptr_nonnull(strstr(read_file(s.save), "2. Nc4 d6 *"));

	pty_send(&p, ",");
	WAIT_FOR(&p, "Reviewing 2.Nc4 (3 of 4)");
	ASSERT_PIECE(&p, "d8", 'p');   /* d6 not played yet */
	ASSERT_PIECE(&p, "d6", ' ');
	ASSERT_PIECE(&p, "c4", 'N');
	WAIT_ROW(&p, "2.>Nc4", "d6");  /* the list still has all moves */

	pty_send(&p, ",,");
	WAIT_FOR(&p, "Reviewing 1.e5 (1 of 4)");
	ASSERT_PIECE(&p, "b2", 'N');   /* the knight is home */
	ASSERT_PIECE(&p, "c4", ' ');
	ASSERT_PIECE(&p, "e8", 'p');
	ASSERT_PIECE(&p, "e5", 'P');
	WAIT_ROW(&p, "1.>e5", "e6");

	/* The FEN of the reviewed position, by hand. */
	pty_send(&p, ":fen" ENTER);
	WAIT_FOR(&p, "FEN: r8r/1nbqkcabn1/pppppppppp/10/10/4P5/10/"
	    "PPPP1PPPPP/1NBQKCABN1/R8R b ");

	pty_send(&p, "<");
	WAIT_FOR(&p, "Reviewing the start (0 of 4)");
	ASSERT_PIECE(&p, "e3", 'P');
	ASSERT_PIECE(&p, "e5", ' ');
	pty_send(&p, ",");
	WAIT_FOR(&p, "This is the start of the game.");

	/* Nothing of this reached the game or the disk. */
	ck_assert_ptr_nonnull(strstr(read_file(s.save), "2. Nc4 d6 *"));

	pty_send(&p, "...");
	WAIT_FOR(&p, "Reviewing 2.Nc4 (3 of 4)");
	ASSERT_PIECE(&p, "c4", 'N');
	ASSERT_PIECE(&p, "d6", ' ');
	pty_send(&p, ".");
	WAIT_FOR(&p, "Back to the game: White to move.");
	ASSERT_PIECE(&p, "d6", 'p');

	pty_send(&p, ":goto 1..." ENTER);
	WAIT_FOR(&p, "Reviewing 1...e6 (2 of 4)");
	ASSERT_PIECE(&p, "e6", 'p');
	ASSERT_PIECE(&p, "c4", ' ');
	pty_send(&p, ">");
	WAIT_FOR(&p, "Back to the game: White to move.");
	ASSERT_PIECE(&p, "c4", 'N');
	pty_send(&p, ":goto 7" ENTER);
	WAIT_FOR(&p, "There is no move 7 in this game.");

	/* The live game goes on: a move is played from its position. */
	pty_send(&p, ":f5" ENTER);
	WAIT_ROW(&p, "3. f5", "");
	ck_assert_ptr_nonnull(strstr(read_file(s.save), "2. Nc4 d6 3. f5 *"));
	pty_close(&p);
	pty_remove_tree(s.home);
}
END_TEST

/*
 * u while reviewing takes the game back to the shown position (the
 * autosave follows), r replays, and a new move plays on from there.
 */
START_TEST(test_take_back_to_here)
{
	struct state s;
	struct pty p;

	state_new(&s);
	start(&p, &s, hot_seat);
	play_four(&p);
	pty_send(&p, ",,");
	WAIT_FOR(&p, "Reviewing 1...e6 (2 of 4)");
	pty_send(&p, "u");
	WAIT_FOR(&p, "Taken back 2 moves: White to move; r replays them.");
	ASSERT_PIECE(&p, "b2", 'N');
	ASSERT_PIECE(&p, "d8", 'p');
	ck_assert_ptr_nonnull(strstr(read_file(s.save), "1. e5 e6 *"));
	pty_send(&p, "r");
	WAIT_FOR(&p, "Move replayed");
	ASSERT_PIECE(&p, "c4", 'N');
	ASSERT_PIECE(&p, "d8", 'p');
	ck_assert_ptr_nonnull(strstr(read_file(s.save), "1. e5 e6 2. Nc4 *"));

	/* A typed move while reviewing asks first; yes plays it there. */
	pty_send(&p, ",");
	WAIT_FOR(&p, "Reviewing 1...e6 (2 of 3)");
	pty_send(&p, ":Na4" ENTER);
	WAIT_FOR(&p, "Take back to here");
	WAIT_FOR(&p, "Yes, and play Na4");
	pty_send(&p, "y");
	WAIT_ROW(&p, "2. Na4", "");
	ASSERT_PIECE(&p, "a4", 'N');
	ASSERT_PIECE(&p, "c4", ' ');
	ck_assert_ptr_nonnull(strstr(read_file(s.save), "1. e5 e6 2. Na4 *"));

	/* Enter on the board while reviewing asks too; n keeps reviewing. */
	pty_send(&p, ",");
	WAIT_FOR(&p, "Reviewing 1...e6 (2 of 3)");
	pty_send(&p, ENTER);
	WAIT_FOR(&p, "Yes, and pick up the piece");
	pty_send(&p, "n");
	WAIT_FOR(&p, "Reviewing 1...e6 (2 of 3)");
	ASSERT_PIECE(&p, "a4", ' ');
	pty_send(&p, ESC);
	WAIT_FOR(&p, "Back to the game: Black to move.");
	ASSERT_PIECE(&p, "a4", 'N');
	pty_close(&p);
	pty_remove_tree(s.home);
}
END_TEST

/*
 * A game opened with --load: review steps through it; once resigned, it
 * is still reviewed but cannot be taken back.
 */
START_TEST(test_review_loaded_game)
{
	static const char game[] =
	    "[Variant \"Grand Chess\"]\n[Result \"0-1\"]\n\n"
	    "1. e5 e6 2. Nc4 d6 0-1\n";
	const char *args[] = { "--load", NULL, "--white", "human", "--black",
		"human", "--ascii", NULL };
	struct state s;
	struct pty p;
	char path[256];

	state_new(&s);
	snprintf(path, sizeof path, "%s/one.pgn", s.home);
	write_file(path, game);
	args[1] = path;
	start(&p, &s, args);
	WAIT_ROW(&p, "2. Nc4", "d6");
	pty_send(&p, "<");
	WAIT_FOR(&p, "Reviewing the start (0 of 4)");
	ASSERT_PIECE(&p, "d8", 'p');
	ASSERT_PIECE(&p, "b2", 'N');
	pty_send(&p, ".");
	WAIT_FOR(&p, "Reviewing 1.e5 (1 of 4)");
	ASSERT_PIECE(&p, "e5", 'P');
	ASSERT_PIECE(&p, "e8", 'p');
	pty_send(&p, ">");
	ASSERT_PIECE(&p, "d6", 'p');
	pty_send(&p, ":resign" ENTER);
	WAIT_FOR(&p, "Does White resign?");
	pty_send(&p, "y");
	/* The game-over dialog's r starts the review at the last move but
	 * one. */
	WAIT_FOR(&p, "Review its moves");
	pty_send(&p, "r");
	WAIT_FOR(&p, "Reviewing 2.Nc4 (3 of 4)");
	ASSERT_PIECE(&p, "d8", 'p');
	pty_send(&p, "u");
	WAIT_FOR(&p, "cannot be taken back");
	ASSERT_PIECE(&p, "d8", 'p');
	pty_send(&p, ".");
	WAIT_FOR(&p, "Back to the end of the game.");
	ASSERT_PIECE(&p, "d6", 'p');
	pty_close(&p);
	pty_remove_tree(s.home);
}
END_TEST

/* A click on a move in the move list shows the position after it. */
START_TEST(test_click_move_list)
{
	struct state s;
	struct pty p;
	int row, col;

	state_new(&s);
	start(&p, &s, hot_seat);
	play_four(&p);
	ck_assert(pty_find(&p, "1. e5", &row, &col));
	click(&p, row, col + 3 + 10);   /* on e6, the next column */
	WAIT_FOR(&p, "Reviewing 1...e6 (2 of 4)");
	ASSERT_PIECE(&p, "e6", 'p');
	ASSERT_PIECE(&p, "b2", 'N');
	WAIT_ROW(&p, "1. e5", ">e6");
	click(&p, row + 1, col + 3);    /* on 2. Nc4 */
	WAIT_FOR(&p, "Reviewing 2.Nc4 (3 of 4)");
	ASSERT_PIECE(&p, "c4", 'N');
	ASSERT_PIECE(&p, "d8", 'p');
	pty_close(&p);
	pty_remove_tree(s.home);
}
END_TEST

/*
 * The computer plays on in the game while the board stays on the
 * position reviewed.  ":e5", Enter and "<" come in one write, so the
 * review starts before the computer can answer (it starts thinking only
 * between keys); its answer then joins the game, not the board.
 */
START_TEST(test_computer_plays_while_reviewing)
{
	static const char *const home[] = { "a8p", "b8p", "c8p", "d8p",
		"e8p", "f8p", "g8p", "h8p", "i8p", "j8p", "b9n", "i9n", "c9b",
		"h9b", "d9q", "e9k", "f9c", "g9a", "e3P", "e5 " };
	const char *args[] = { "--variant", "grand", "--white", "human",
		"--black", "computer", "--level", "2", "--ascii", NULL };
	struct state s;
	struct pty p;

	state_new(&s);
	start(&p, &s, args);
	WAIT_FOR(&p, "White to move");
	pty_send(&p, ":e5" ENTER "<");
	WAIT_FOR(&p, "Reviewing: 0 of 2 moves");
	WAIT_FOR(&p, "in the game (> shows it)");
	for (size_t i = 0; i < sizeof home / sizeof home[0]; i++) {
		char sq[3] = { home[i][0], home[i][1], '\0' };

		ASSERT_PIECE(&p, sq, home[i][2]);
	}
	/* The autosave has the computer's answer too. */
	ck_assert_ptr_nonnull(strstr(read_file(s.save), "1. e5 "));
	ck_assert_ptr_null(strstr(read_file(s.save), "1. e5 *"));
	pty_send(&p, ">");
	WAIT_FOR(&p, "Back to the game: White to move.");
	ASSERT_PIECE(&p, "e5", 'P');
	pty_close(&p);
	pty_remove_tree(s.home);
}
END_TEST

static const char three_games[] =
    "[Event \"Club match\"]\n[Date \"2026.11.01\"]\n[White \"Alice\"]\n"
    "[Black \"Bob\"]\n[Variant \"Chad\"]\n[Result \"*\"]\n\n1. e5e6 *\n\n"
    "[White \"Carol\"]\n[Black \"Dave\"]\n[Variant \"Grand Chess\"]\n"
    "[Result \"1/2-1/2\"]\n\n1. e5 e6 2. Nc4 d6 1/2-1/2\n\n"
    "[White \"Eve\"]\n[Variant \"Grand Chess\"]\n\n1. e3e9 *\n";

/*
 * --load FILE without --game, FILE holding three games: a list of them;
 * the bad third one shows its error and does not open; the second opens
 * with its moves, and review works on it.
 */
START_TEST(test_list_of_games)
{
	const char *args[] = { "--load", NULL, "--white", "human", "--black",
		"human", "--ascii", NULL };
	struct state s;
	struct pty p;
	char path[256];

	state_new(&s);
	snprintf(path, sizeof path, "%s/three.pgn", s.home);
	write_file(path, three_games);
	args[1] = path;
	start(&p, &s, args);
	WAIT_FOR(&p, "3 games in");
	WAIT_ROW(&p, "1  Alice", "Bob");
	WAIT_ROW(&p, "Club match, 2026.11.01", "Chad");
	WAIT_ROW(&p, "2  Carol", "Dave");
	WAIT_ROW(&p, "1/2-1/2", "Grand Chess");
	WAIT_ROW(&p, "3  cannot be read", "e3e9");
	pty_key(&p, VTERM_KEY_DOWN);
	pty_key(&p, VTERM_KEY_DOWN);
	WAIT_FOR(&p, "Game 3 cannot be read");
	pty_send(&p, ENTER);
	WAIT_FOR(&p, "3 games in");           /* still the list */
	pty_key(&p, VTERM_KEY_UP);
	WAIT_FOR(&p, "Game 2: Enter opens it");
	pty_send(&p, ENTER);
	WAIT_FOR(&p, "Game 2 of");
	WAIT_ROW(&p, "2. Nc4", "d6");
	ASSERT_PIECE(&p, "d6", 'p');
	pty_send(&p, ",");
	WAIT_FOR(&p, "Reviewing 2.Nc4 (3 of 4)");
	ASSERT_PIECE(&p, "d8", 'p');
	pty_close(&p);
	/* The file is left alone. */
	ck_assert_str_eq(read_file(path), three_games);
	pty_remove_tree(s.home);
}
END_TEST

/* q on the list leaves bigchess at once, with status 0. */
START_TEST(test_list_quit)
{
	const char *args[] = { "--load", NULL, NULL };
	struct state s;
	struct pty p;
	char path[256];

	state_new(&s);
	snprintf(path, sizeof path, "%s/three.pgn", s.home);
	write_file(path, three_games);
	args[1] = path;
	start(&p, &s, args);
	WAIT_FOR(&p, "3 games in");
	pty_send(&p, "q");
	expect_clean_exit(&p, &s);
}
END_TEST

Suite *
review_suite(void)
{
	Suite *s = suite_create("review");
	TCase *tc = tcase_create("review");

	tcase_set_timeout(tc, 60);
	tcase_add_test(tc, test_step_back_and_forth);
	tcase_add_test(tc, test_take_back_to_here);
	tcase_add_test(tc, test_review_loaded_game);
	tcase_add_test(tc, test_click_move_list);
	tcase_add_test(tc, test_computer_plays_while_reviewing);
	tcase_add_test(tc, test_list_of_games);
	tcase_add_test(tc, test_list_quit);
	suite_add_tcase(s, tc);
	return s;
}
