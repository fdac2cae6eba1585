/*
 * check_ui_fen.c - ":fen" in the interactive game, through a pty: the
 * FEN of the position shown, a game started from a typed FEN, and a bad
 * FEN refused.  Expected FENs are derived by hand from the rules.
 */
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "pty_board.h"

static void
start(struct pty *p, int rows, int cols)
{
	const char *const args[] = { "--variant", "grand", "--white",
		"human", "--black", "human", NULL };

	start_bigchess(p, rows, cols, args, NULL);
}

/* After 1.e5 (e3e5): no black pawn stands next to e5, so no e.p. */
static const char after_e5[] = "FEN: r8r/1nbqkcabn1/pppppppppp/10/10/"
    "4P5/10/PPPP1PPPPP/1NBQKCABN1/R8R b - - 0 1";

/* Kings on e10 and e1, a black queen on d5, a white pawn on e3. */
static const char built[] = "4k5/10/10/10/10/3q6/10/4P5/10/4K5 b - - 0 1";

START_TEST(test_fen_shows_position)
{
	struct pty p;

	start(&p, 24, 80);
	WAIT_FOR(&p, "q quit");
	pty_send(&p, ":e3e5\r");
	WAIT_FOR(&p, "White played e5");
	pty_send(&p, ":fen\r");
	WAIT_FOR(&p, after_e5);
	pty_close(&p);
}
END_TEST

START_TEST(test_fen_long_opens_box)
{
	struct pty p;

	/* 79 columns of "FEN: ..." do not fit in 70: cut, and a box. */
	start(&p, 30, 70);
	WAIT_FOR(&p, "? help");
	pty_send(&p, ":e3e5\r");
	WAIT_FOR(&p, "White played e5");
	pty_send(&p, ":fen\r");
	WAIT_FOR(&p, "FEN: r8r/1nbqkcabn1/pppppppppp/10/10/4P5/10/PPPP1"
	    "PPPPP/1NBQKCABN1/R...");
	/* The box (62 columns of text) breaks after the last rank's '/'. */
	WAIT_FOR(&p, " r8r/1nbqkcabn1/pppppppppp/10/10/4P5/10/PPPP1PPPPP/"
	    "1NBQKCABN1/ ");
	WAIT_FOR(&p, " R8R b - - 0 1 ");
	pty_send(&p, "\033");
	ck_assert_msg(pty_wait_gone(&p, "R8R b - - 0 1", WAIT_MS),
	    "the box stayed:\n%s", pty_dump(&p));
	pty_close(&p);
}
END_TEST

START_TEST(test_fen_sets_position)
{
	struct pty p;
	char cmd[128];

	start(&p, 24, 80);
	WAIT_FOR(&p, "q quit");
	pty_send(&p, ":e3e5\r");
	WAIT_FOR(&p, "White played e5");
	snprintf(cmd, sizeof cmd, ":fen %s\r", built);
	pty_send(&p, cmd);
	WAIT_FOR(&p, "Leave this game and start from the FEN?");
	pty_send(&p, "y");
	WAIT_FOR(&p, "Black to move");
	ASSERT_PIECE(&p, "e10", 'k');
	ASSERT_PIECE(&p, "d5", 'q');
	ASSERT_PIECE(&p, "e3", 'P');
	ASSERT_PIECE(&p, "e1", 'K');
	ASSERT_PIECE(&p, "e5", ' ');
	ASSERT_PIECE(&p, "a1", ' ');
	pty_send(&p, ":fen\r");
	WAIT_FOR(&p, built);
	pty_close(&p);
}
END_TEST

START_TEST(test_fen_bad_changes_nothing)
{
	struct pty p;

	start(&p, 24, 80);
	WAIT_FOR(&p, "q quit");
	pty_send(&p, ":e3e5\r");
	WAIT_FOR(&p, "White played e5");
	/* 'z' is no Grand Chess piece; it is byte 18 of the FEN. */
	pty_send(&p, ":fen 4k5/10/10/10/10/3z6/10/4P5/10/4K5 b - - 0 1\r");
	WAIT_FOR(&p, "Bad FEN at byte 18");
	ck_assert_msg(!pty_find(&p, "Leave this game", NULL, NULL),
	    "asked about a bad FEN:\n%s", pty_dump(&p));
	ASSERT_PIECE(&p, "e5", 'P');
	ASSERT_PIECE(&p, "e3", ' ');
	ASSERT_PIECE(&p, "a10", 'r');
	pty_send(&p, ":fen\r");
	WAIT_FOR(&p, after_e5);
	pty_close(&p);
}
END_TEST

Suite *
ui_fen_suite(void)
{
	Suite *s = suite_create("ui_fen");
	TCase *tc = tcase_create("fen");

	tcase_set_timeout(tc, 60);
	tcase_add_test(tc, test_fen_shows_position);
	tcase_add_test(tc, test_fen_long_opens_box);
	tcase_add_test(tc, test_fen_sets_position);
	tcase_add_test(tc, test_fen_bad_changes_nothing);
	suite_add_tcase(s, tc);
	return s;
}
