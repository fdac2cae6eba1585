/*
 * check_piece_info.c - the piece-info key (i) on the game screen: the
 * piece's name and the squares it may reach, driven through a
 * pseudo-terminal like check_ui.c.
 *
 * The squares a piece may reach are counted by hand from the rules
 * (../shared/rules), never taken from the program's output.
 */
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>
#include <signal.h>
#include <sys/stat.h>
#include <sys/wait.h>
#include <unistd.h>

#include "bigchess/bigchess.h"
#include "pty_board.h"
#include "test_util.h"

enum { MAX_ARGS = 16 };

static void
start(struct pty *p, const char *const args[], const char *const env[])
{
	const char *argv[MAX_ARGS + 6] = { "--ascii", "--white", "human",
		"--black", "human" };
	int n = 5;

	for (int i = 0; args[i] && n < MAX_ARGS; i++)
		argv[n++] = args[i];
	argv[n] = NULL;
	start_bigchess(p, 24, 80, argv, env);
}

static uint32_t
char_at(const struct pty *p, int row, int col)
{
	uint32_t ch = pty_cell(p, row, col).chars[0];

	return ch ? ch : ' ';
}

/*
 * The squares marked as reachable, as "a5 b5 ..." (rank by rank from 1,
 * files from a): an empty one shows '*' in its centre, an occupied one
 * '*' either side of its piece.
 */
static void
marked(const struct pty *p, int files, int ranks, char *out, size_t size)
{
	size_t len = 0;

	out[0] = '\0';
	for (int r = 1; r <= ranks; r++)
		for (int f = 0; f < files; f++) {
			int row = rank_row(p, r), col = file_col(p, 'a' + f);

			if (row < 0 || col < 0)
				continue;
			if (char_at(p, row, col) == '*' ||
			    (char_at(p, row, col - 1) == '*' &&
			    char_at(p, row, col + 1) == '*'))
				len += (size_t)snprintf(out + len, size - len,
				    "%s%c%d", len ? " " : "", 'a' + f, r);
		}
}

/* Waits for the marked squares to be exactly `want` (same order). */
static bool
wait_marked(struct pty *p, int files, int ranks, const char *want,
    char *got, size_t size)
{
	for (int i = 0; i < WAIT_MS / 50; i++) {
		marked(p, files, ranks, got, size);
		if (strcmp(got, want) == 0)
			return true;
		pty_pump(p, 50);
	}
	return false;
}

#define ASSERT_MARKED(p, files, ranks, want) \
	do { \
		char got_[1024]; \
		ck_assert_msg(wait_marked((p), (files), (ranks), (want), \
		    got_, sizeof got_), "marked: %s\nwanted: %s\n%s", got_, \
		    (want), pty_dump(p)); \
	} while (0)

/*
 * A Grand Chess chancellor on e5, White's king on e1, Black's on a10.
 * Rook lines: e6-e10 (5), e4-e2 (3; e1 is its own king), a5-d5 (4),
 * f5-j5 (5); knight leaps c4 g4 d3 f3 c6 g6 d7 f7 (8): 25 squares.  On an
 * empty board e1 joins them: 26.
 */
START_TEST(test_info_chancellor)
{
	const char *args[] = { "--variant", "grand", "--fen",
		"k9/10/10/10/10/4C5/10/10/10/4K5 w - - 0 1", NULL };
	struct pty p;

	start(&p, args, NULL);
	WAIT_GAME(&p);
	pty_send(&p, "kkkki"); /* the cursor starts on the king, e1 */
	WAIT_FOR(&p, "White Chancellor (C) on e5: 25 squares now");
	WAIT_FOR(&p, "moves as a rook or leaps as a knight");
	ASSERT_MARKED(&p, 10, 10, "e2 d3 e3 f3 c4 e4 g4 a5 b5 c5 d5 f5 g5 h5 "
	    "i5 j5 c6 e6 g6 d7 e7 f7 e8 e9 e10");
	/* Again: the board otherwise empty; the kings are not shown. */
	pty_send(&p, "i");
	WAIT_FOR(&p, "26 squares on an empty board");
	ASSERT_MARKED(&p, 10, 10, "e1 e2 d3 e3 f3 c4 e4 g4 a5 b5 c5 d5 f5 g5 "
	    "h5 i5 j5 c6 e6 g6 d7 e7 f7 e8 e9 e10");
	ASSERT_PIECE(&p, "a10", ' ');
	/* A third time clears it, and the kings are back. */
	pty_send(&p, "i");
	WAIT_FOR(&p, "Piece info cleared");
	ASSERT_MARKED(&p, 10, 10, "");
	ASSERT_PIECE(&p, "a10", 'k');
	ASSERT_PIECE(&p, "e1", 'K');
	/* An empty square says so. */
	pty_send(&p, "li");
	WAIT_FOR(&p, "f5 is empty");
	/* The other side's piece: Black's king on a10 reaches a9 b9 b10. */
	pty_send(&p, "hhhhhkkkkki");
	WAIT_FOR(&p, "Black King (K) on a10: 3 squares");
	ASSERT_MARKED(&p, 10, 10, "a9 b9 b10");
	/* Esc clears it; so does a move. */
	pty_send(&p, "\033");
	WAIT_FOR(&p, "Piece info cleared");
	ASSERT_MARKED(&p, 10, 10, "");
	pty_send(&p, "i");
	WAIT_FOR(&p, "Black King (K) on a10");
	pty_send(&p, ":e5e8" ENTER);
	WAIT_FOR(&p, "White played Ce8");
	ASSERT_MARKED(&p, 10, 10, "");
	pty_close(&p);
}
END_TEST

/*
 * A queen in the corner, a1, sees the three other corners: no corner is
 * left for the enemy king on the empty board, which must go elsewhere
 * without blocking.  Now (White's king on e1, Black's on e10): b1-d1,
 * a2-a10, b2-j10: 21.  Alone: b1-j1 too: 27.
 */
START_TEST(test_info_corner_queen)
{
	const char *args[] = { "--variant", "grand", "--fen",
		"4k5/10/10/10/10/10/10/10/10/Q3K5 w - - 0 1", NULL };
	struct pty p;

	start(&p, args, NULL);
	WAIT_GAME(&p);
	pty_send(&p, "hhhhi");
	WAIT_FOR(&p, "White Queen (Q) on a1: 21 squares now");
	ASSERT_MARKED(&p, 10, 10, "b1 c1 d1 a2 b2 a3 c3 a4 d4 a5 e5 a6 f6 "
	    "a7 g7 a8 h8 a9 i9 a10 j10");
	pty_send(&p, "i");
	WAIT_FOR(&p, "27 squares on an empty board");
	ASSERT_MARKED(&p, 10, 10, "b1 c1 d1 e1 f1 g1 h1 i1 j1 a2 b2 a3 c3 a4 "
	    "d4 a5 e5 a6 f6 a7 g7 a8 h8 a9 i9 a10 j10");
	pty_close(&p);
}
END_TEST

/*
 * The inventor's example of a Hadean flyer: a warmachine on d5, a piece
 * on c5, b5 empty, a queen on a5.  It takes on c5 and goes to b5 (over
 * c5), but not to a5 (one piece on the two squares before it).  Up, right
 * and down it slides three: d6 d7 d8, e5 f5 g5, d4 d3 d2.  11 squares.
 */
START_TEST(test_info_flyer)
{
	const char *args[] = { "--variant", "hadean", "--fen",
		"6k5/12/12/12/12/12/12/q1fM8/12/12/12/6K5 w - - 0 1", NULL };
	struct pty p;

	start(&p, args, NULL);
	WAIT_GAME(&p);
	pty_send(&p, "hhhkkkki");
	WAIT_FOR(&p, "White Flying Warmachine (M) on d5: 11 squares");
	ASSERT_MARKED(&p, 12, 12, "d2 d3 d4 b5 c5 e5 f5 g5 d6 d7 d8");
	/* Alone on the board: three squares each way from d5: 12. */
	pty_send(&p, "i");
	WAIT_FOR(&p, "12 squares on an empty board");
	ASSERT_MARKED(&p, 12, 12, "d2 d3 d4 a5 b5 c5 e5 f5 g5 d6 d7 d8");
	pty_close(&p);
}
END_TEST

/*
 * Chad's start: the king on d4 is walled in by its own rooks (no move);
 * alone in its castle it steps to the 8 squares round d4, and its
 * knight's leaps all land outside the castle.  The rook on c3 goes down
 * to c2 and c1 and left to b3 and a3: 4 squares; alone, the whole c-file
 * and 3rd rank: 22.
 */
START_TEST(test_info_chad)
{
	const char *args[] = { "--variant", "chad", NULL };
	struct pty p;

	start(&p, args, NULL);
	WAIT_GAME(&p);
	pty_send(&p, "i");
	WAIT_FOR(&p, "White King (K) on d4: 0 squares now");
	WAIT_FOR(&p, "never out of its castle");
	ASSERT_MARKED(&p, 12, 12, "");
	pty_send(&p, "i");
	WAIT_FOR(&p, "8 squares on an empty board");
	ASSERT_MARKED(&p, 12, 12, "c3 d3 e3 c4 e4 c5 d5 e5");
	pty_send(&p, "Bi");
	WAIT_FOR(&p, "White Rook (R) on c3: 4 squares now");
	ASSERT_MARKED(&p, 12, 12, "c1 c2 a3 b3");
	pty_send(&p, "i");
	WAIT_FOR(&p, "22 squares on an empty board");
	ASSERT_MARKED(&p, 12, 12, "c1 c2 a3 b3 d3 e3 f3 g3 h3 i3 j3 k3 l3 "
	    "c4 c5 c6 c7 c8 c9 c10 c11 c12");
	pty_close(&p);
}
END_TEST

Suite *
piece_info_suite(void)
{
	Suite *s = suite_create("piece_info");
	TCase *tc = tcase_create("piece_info");

	tcase_set_timeout(tc, 30);
	tcase_add_test(tc, test_info_chancellor);
	tcase_add_test(tc, test_info_corner_queen);
	tcase_add_test(tc, test_info_flyer);
	tcase_add_test(tc, test_info_chad);
	suite_add_tcase(s, tc);
	return s;
}
