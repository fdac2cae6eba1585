/*
 * check_term.c - the real binary on unusual terminals: no TERM, sizes
 * from 1x1 to 500x200, 8 and 256 colours, a C locale, and mouse buttons
 * it does not use.  check_ui.c has the ordinary terminal (TERM=dumb and
 * unknown types, monochrome, --ascii, resizing to one small and one
 * large size); this file adds what it lacks.
 */
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/wait.h>
#include <unistd.h>

#include "pty_board.h"

/* Starts a hot-seat game of `variant`, with one `extra` option or NULL. */
static void
start(struct pty *p, int rows, int cols, const char *variant,
    const char *extra, const char *const env[])
{
	const char *const args[] = { "--variant", variant, "--white",
		"human", "--black", "human", extra, NULL };

	start_bigchess(p, rows, cols, args, env);
}

/*
 * The columns between files a and b on the row of file letters (the
 * width of a square), or -1 while no row shows all `nfiles` letters.
 */
static int
cell_width(const struct pty *p, int nfiles)
{
	char *buf = malloc((size_t)p->cols + 1);
	int width = -1;

	for (int r = 0; buf && r < p->rows && width < 0; r++) {
		int n = 0, a = -1, b = -1;

		pty_row(p, r, buf);
		for (int c = 0; c < p->cols; c++) {
			if (buf[c] == ' ')
				continue;
			if (buf[c] != 'a' + n)
				break;
			if (n == 0)
				a = c;
			if (n == 1)
				b = c;
			n++;
		}
		if (n == nfiles)
			width = b - a;
	}
	free(buf);
	return width;
}

static int
wait_cell_width(struct pty *p, int nfiles, int want)
{
	int w = -1;

	for (int i = 0; i < WAIT_MS / 50 && w != want; i++) {
		w = cell_width(p, nfiles);
		if (w != want)
			pty_pump(p, 50);
	}
	return w;
}

/* The program must still run: it answers a resize. */
static void
assert_alive(struct pty *p)
{
	ck_assert_msg(waitpid(p->pid, &p->status, WNOHANG) == 0,
	    "the program died: status %#x\n%s", p->status, p->log);
}

/* TERM unset: one line on stderr, exit 1 (check_ui has dumb and unknown). */
START_TEST(test_term_unset)
{
	static const char *const env[] = { "TERM=", NULL };
	struct pty p;

	start(&p, 24, 80, "grand", NULL, env);
	expect_exit(&p, 1);
	ck_assert_msg(p.log && strstr(p.log, "TERM is not set"), "output: %s",
	    p.log ? p.log : "");
	ck_assert(strchr(p.log, '\n') == strrchr(p.log, '\n'));
	ck_assert(strstr(p.log, "\033[?1049h") == NULL);
	pty_close(&p);
}
END_TEST

/*
 * Terminal sizes.  What a game needs: a title row, the ranks, the frame
 * (2), the file letters, the status and hint lines; across, the rank
 * labels (3), 3 columns a file, the frame (2), a gap and the 28-column
 * panel.  Grand Chess (10x10): 64x16; Chad and Hadean (12x12): 70x18.
 * Squares grow to 5x2 and 7x3 characters when there is room: 7 wide needs
 * 3 + 84 + 31 = 118 columns and 1 + 36 + 5 = 42 rows on 12x12.
 */
static const struct {
	int rows, cols;
	bool fits;  /* for Chad */
	int width;  /* of a square, when it fits */
} sizes[] = {
	{ 1, 1, false, 0 },
	{ 2, 3, false, 0 },
	{ 3, 80, false, 0 },
	{ 24, 10, false, 0 },
	{ 17, 70, false, 0 },
	{ 18, 69, false, 0 },
	{ 18, 70, true, 3 },
	{ 24, 80, true, 3 },
	{ 41, 200, true, 5 },
	{ 42, 118, true, 7 },
	{ 200, 500, true, 7 },
	{ 80, 1, false, 0 },
	{ 1, 500, false, 0 },
};

enum { NSIZES = sizeof sizes / sizeof sizes[0] };

/* What the screen must show at sizes[i] (Chad). */
static void
check_size(struct pty *p, int i)
{
	char now[32];

	snprintf(now, sizeof now, "(now %dx%d)", sizes[i].cols,
	    sizes[i].rows);
	if (sizes[i].fits) {
		WAIT_GONE(p, "too small");
		ck_assert_msg(wait_cell_width(p, 12, sizes[i].width) ==
		    sizes[i].width, "at %dx%d squares are not %d wide:\n%s",
		    sizes[i].cols, sizes[i].rows, sizes[i].width, pty_dump(p));
		WAIT_FOR(p, "to move");
	} else if (sizes[i].cols >= 40 && sizes[i].rows >= 2) {
		/* Room for the whole message: what it needs, what it has. */
		WAIT_FOR(p, now);
		WAIT_FOR(p, "need 70x18");
		ck_assert(!pty_find(p, "to move", NULL, NULL));
	} else {
		/* Too small even for the message: it only has to live. */
		pty_settle(p, 100, 1000);
		assert_alive(p);
	}
}

/* Starts at each size. */
START_TEST(test_start_at_size)
{
	struct pty p;

	start(&p, sizes[_i].rows, sizes[_i].cols, "chad", NULL, NULL);
	check_size(&p, _i);
	/* Then a normal size shows the game. */
	pty_resize(&p, 24, 80);
	WAIT_FOR(&p, "White to move");
	assert_alive(&p);
	pty_close(&p);
}
END_TEST

/* Resizes through every size, up and down, in one game. */
START_TEST(test_resize_through_sizes)
{
	struct pty p;

	start(&p, 24, 80, "chad", NULL, NULL);
	WAIT_FOR(&p, "White to move");
	for (int i = 0; i < NSIZES; i++) {
		pty_resize(&p, sizes[i].rows, sizes[i].cols);
		check_size(&p, i);
	}
	for (int i = NSIZES - 1; i >= 0; i--) {
		pty_resize(&p, sizes[i].rows, sizes[i].cols);
		check_size(&p, i);
	}
	/* The game goes on: the rook on d5 leaves White's castle. */
	pty_resize(&p, 24, 80);
	WAIT_FOR(&p, "q quit");
	pty_send(&p, ":Rd8\r");
	WAIT_FOR(&p, "1. Rd8");
	pty_close(&p);
}
END_TEST

/* Grand Chess is smaller: 64x16. */
START_TEST(test_grand_needs)
{
	struct pty p;

	start(&p, 15, 64, "grand", NULL, NULL);
	WAIT_FOR(&p, "need 64x16");
	pty_resize(&p, 16, 63);
	WAIT_FOR(&p, "(now 63x16)");
	WAIT_FOR(&p, "need 64x16");
	pty_resize(&p, 16, 64);
	WAIT_GONE(&p, "too small");
	WAIT_FOR(&p, "White to move");
	ck_assert_int_eq(wait_cell_width(&p, 10, 3), 3);
	pty_close(&p);
}
END_TEST

/* The palette index of a cell's background, or -1 if it is not one. */
static int
bg_index(VTermScreenCell cell)
{
	if (VTERM_COLOR_IS_DEFAULT_BG(&cell.bg) ||
	    !VTERM_COLOR_IS_INDEXED(&cell.bg))
		return -1;
	return cell.bg.indexed.idx;
}

/*
 * The backgrounds of the start screen's cells: how many cells use a
 * palette colour at all, and the highest index used.
 */
static void
scan_colours(const struct pty *p, int *coloured, int *highest)
{
	*coloured = 0;
	*highest = -1;
	for (int r = 0; r < p->rows; r++)
		for (int c = 0; c < p->cols; c++) {
			int i = bg_index(pty_cell(p, r, c));

			if (i >= 0)
				(*coloured)++;
			if (i > *highest)
				*highest = i;
		}
}

/*
 * TERM=xterm has 8 colours: the board is coloured with the first 8
 * only.  TERM=xterm-256color: colours past the first 16.
 */
START_TEST(test_colour_depth)
{
	static const char *const env8[] = { "TERM=xterm", NULL };
	static const char *const env256[] = { "TERM=xterm-256color", NULL };
	struct pty p;
	int coloured, highest;

	start(&p, 24, 80, "grand", NULL, _i ? env256 : env8);
	WAIT_FOR(&p, "White to move");
	WAIT_FOR(&p, "q quit");
	scan_colours(&p, &coloured, &highest);
	/* 10x10 squares, 3 cells each, all coloured. */
	ck_assert_msg(coloured >= 300, "%d coloured cells", coloured);
	if (_i == 0)
		ck_assert_msg(highest < 8, "colour %d on an 8-colour terminal",
		    highest);
	else
		ck_assert_msg(highest >= 16, "no colour past 16 (highest %d)",
		    highest);
	pty_close(&p);
}
END_TEST

/*
 * A C locale has no UTF-8: the board falls back to ASCII by itself, with
 * the pieces and every label intact.
 */
START_TEST(test_c_locale)
{
	static const char *const env_all[] = { "LC_ALL=C", NULL };
	static const char *const env_lang[] = { "LC_ALL=", "LC_CTYPE=",
		"LANG=C", NULL };
	struct pty p;

	start(&p, 24, 80, "grand", NULL, _i ? env_lang : env_all);
	WAIT_FOR(&p, "White to move");
	WAIT_FOR(&p, "q quit");
	for (int r = 0; r < p.rows; r++)
		for (int c = 0; c < p.cols; c++)
			ck_assert_msg(pty_cell(&p, r, c).chars[0] < 0x80,
			    "non-ASCII at %d,%d:\n%s", r, c, pty_dump(&p));
	WAIT_FOR(&p, "+------");
	WAIT_FOR(&p, "Grand Chess");
	/* Rank 1 of the start position: R . . . . . . . . R; rank 2:
	 * . N B Q K C A B N . (the rules' start FEN). */
	ck_assert_msg(cell_width(&p, 10) == 3, "%s", pty_dump(&p));
	for (int f = 0; f < 10; f++) {
		char sq[4] = { (char)('a' + f), '2', '\0' };

		ASSERT_PIECE(&p, sq, " NBQKCABN "[f]);
		sq[1] = '3';
		ASSERT_PIECE(&p, sq, 'P');
		sq[1] = '8';
		ASSERT_PIECE(&p, sq, 'p');
	}
	ASSERT_PIECE(&p, "a1", 'R');
	ASSERT_PIECE(&p, "j10", 'r');
	pty_send(&p, ":e5\r");
	WAIT_FOR(&p, "1. e5");
	pty_close(&p);
}
END_TEST

/*
 * The right and middle buttons, the wheel and releases do nothing, and
 * say nothing.  They once froze the game: curses read on after a report
 * it was not asked for, and the program sat in read() (no resize, no
 * clock, no computer move) until the next key.
 */
START_TEST(test_other_mouse_buttons)
{
	static const char *const reports[] = {
		"\033[<2;10;10M", "\033[<1;10;10M", "\033[<64;10;10M",
		"\033[<2;10;10m", "\033[<0;10;10m",
	};
	struct pty p;
	char now[32];

	start(&p, 24, 80, "grand", NULL, NULL);
	WAIT_FOR(&p, "White to move");
	WAIT_FOR(&p, "q quit");
	for (size_t i = 0; i < sizeof reports / sizeof reports[0]; i++) {
		pty_send(&p, reports[i]);
		/* The next thing it hears is a resize, not a key. */
		snprintf(now, sizeof now, "(now %dx%d)", 50 + (int)i, 8);
		pty_resize(&p, 8, 50 + (int)i);
		ck_assert_msg(pty_wait_text(&p, now, WAIT_MS),
		    "no answer to a resize after report %zu:\n%s", i,
		    pty_dump(&p));
		pty_resize(&p, 24, 80);
		WAIT_GONE(&p, "too small");
		WAIT_FOR(&p, "White to move");
		ck_assert_msg(!pty_find(&p, "does nothing", NULL, NULL),
		    "report %zu:\n%s", i, pty_dump(&p));
	}
	pty_close(&p);
}
END_TEST

/* Against the computer, a right click while it thinks must not hold
 * back its move. */
START_TEST(test_right_click_while_computer_thinks)
{
	const char *const args[] = { "--variant", "grand", "--level", "1",
		NULL };
	struct pty p;

	start_bigchess(&p, 24, 80, args, NULL);
	WAIT_FOR(&p, "White to move");
	pty_send(&p, ":e5\r\033[<2;10;10M");
	WAIT_FOR(&p, "1. e5");
	/* Black's reply comes with no further key. */
	WAIT_FOR(&p, "White to move");
	pty_close(&p);
}
END_TEST

/* An SGR mouse report of the first button at screen (row, col). */
static void
mouse_report(struct pty *p, int row, int col, char press_or_release)
{
	char seq[64];

	snprintf(seq, sizeof seq, "\033[<0;%d;%d%c", col + 1, row + 1,
	    press_or_release);
	pty_send(p, seq);
}

/*
 * A click as a hand makes it: the release comes a moment after the
 * press.  The release once held the program in read() until the next
 * key, so the computer's reply to a move made with the mouse did not
 * show.
 */
START_TEST(test_slow_click)
{
	const char *const args[] = { "--variant", "grand", "--level", "1",
		NULL };
	struct pty p;
	int row, col;

	start_bigchess(&p, 24, 80, args, NULL);
	WAIT_FOR(&p, "White to move");
	WAIT_FOR(&p, "q quit");
	square_at(&p, "f3", &row, &col);
	mouse_report(&p, row, col, 'M');
	WAIT_FOR(&p, "Pawn on f3:");
	mouse_report(&p, row, col, 'm');
	pty_settle(&p, 100, 1000);
	square_at(&p, "f5", &row, &col);
	mouse_report(&p, row, col, 'M');
	WAIT_FOR(&p, "1. f5");
	mouse_report(&p, row, col, 'm');
	/* Black's reply comes with no further key. */
	WAIT_FOR(&p, "White to move");
	ck_assert(!pty_find(&p, "does nothing", NULL, NULL));
	pty_close(&p);
}
END_TEST

/*
 * The size used is capped at 1000 columns and 500 rows (README), whatever
 * the terminal reports, at start and on a resize.  With too few rows or
 * columns for a board, the small-screen message names the size it uses:
 * the cap, not the report.  The screen model has only the capped size.
 */
static const struct {
	int rows, cols;             /* reported */
	int model_rows, model_cols; /* capped */
	const char *now;
} capped[] = {
	{ 10, 30000, 10, 1000, "(now 1000x10)" },
	{ 30000, 40, 500, 40, "(now 40x500)" },
	{ 10, 65535, 10, 1000, "(now 1000x10)" },
	{ 10, 1001, 10, 1000, "(now 1000x10)" },
	{ 10, 1000, 10, 1000, "(now 1000x10)" },
	{ 501, 50, 500, 50, "(now 50x500)" },
};

START_TEST(test_size_capped)
{
	struct pty_spawn_opts o = { capped[_i].rows, capped[_i].cols, 0 };
	const char *const args[] = { "--variant", "grand", "--white", "human",
		"--black", "human", NULL };
	struct pty p;

	start_bigchess_opts(&p, capped[_i].model_rows, capped[_i].model_cols,
	    args, NULL, &o);
	WAIT_FOR(&p, capped[_i].now);
	pty_resize(&p, 24, 80);
	WAIT_FOR(&p, "White to move");
	pty_resize_model(&p, capped[_i].model_rows, capped[_i].model_cols);
	pty_report_size(&p, capped[_i].rows, capped[_i].cols);
	WAIT_FOR(&p, capped[_i].now);
	assert_alive(&p);
	pty_close(&p);
}
END_TEST

/*
 * A terminal that reports 30000x30000, at start and in a resize, with the
 * program's address space limited to 256 MiB: curses' screens at that
 * size would need some 25 GB (and a resize crashed inside ncurses when
 * it could not have them).  Capped, the game draws, plays, and ends
 * cleanly.  (No limit in a sanitizer build, see pty_can_limit_memory.)
 */
START_TEST(test_huge_terminal)
{
	struct pty_spawn_opts o = { 30000, 30000, (size_t)256 << 20 };
	const char *const args[] = { "--variant", "grand", "--white", "human",
		"--black", "human", NULL };
	struct pty p;

	start_bigchess_opts(&p, 500, 1000, args, NULL, &o);
	WAIT_GAME(&p);
	pty_send(&p, ":e5\r");
	WAIT_FOR(&p, "1. e5");
	/* Too small, then huge again: the board comes back. */
	pty_resize(&p, 10, 80);
	WAIT_FOR(&p, "(now 80x10)");
	pty_resize_model(&p, 500, 1000);
	pty_report_size(&p, 30000, 30000);
	WAIT_GONE(&p, "too small");
	WAIT_GAME(&p);
	pty_send(&p, ":e6\r");
	WAIT_ROW(&p, "1. e5", "e6");
	pty_report_size(&p, 65535, 65535);
	pty_send(&p, ":f5\r");
	WAIT_FOR(&p, "2. f5");
	pty_send(&p, "q");
	WAIT_FOR(&p, "Leave this game");
	pty_send(&p, "y");
	expect_exit(&p, 0);
	pty_close(&p);
}
END_TEST

/*
 * A resize curses has no memory for (the capped 1000x500 needs some 40
 * MB more than 80x24; the address space here is 36 MiB) keeps the old
 * size: the game goes on at 80x24 and ends cleanly.  Only where memory
 * can be limited: elsewhere the resize would succeed.
 */
START_TEST(test_resize_without_memory)
{
	struct pty_spawn_opts o = { 0, 0, (size_t)36 << 20 };
	const char *const args[] = { "--variant", "grand", "--white", "human",
		"--black", "human", NULL };
	struct pty p;

	if (!pty_can_limit_memory())
		return;
	start_bigchess_opts(&p, 24, 80, args, NULL, &o);
	WAIT_GAME(&p);
	pty_report_size(&p, 500, 1000);
	pty_send(&p, ":e5\r");
	WAIT_FOR(&p, "1. e5");
	WAIT_FOR(&p, "q quit");
	pty_send(&p, "q");
	WAIT_FOR(&p, "Leave this game");
	pty_send(&p, "y");
	expect_exit(&p, 0);
	pty_close(&p);
}
END_TEST

/*
 * The harness's own screen model (tests/pty_harness.c), as the monkey
 * drives it: the model shrinks before the program hears of it, and the
 * program's next bytes still assume the old size.  Five full rows, the
 * cursor home, then a 3-row model and an erase: libvterm 0.1.4 moved the
 * cursor to row -2 and crashed in the erase.  A terminal keeps the
 * cursor on the screen, so the text after the erase starts at the top.
 */
START_TEST(test_model_shrinks_under_cursor)
{
	const char *const argv[] = { "/bin/sh", "-c",
		"stty -echo; for r in 1 2 3 4 5; do printf '%080d' 0; done; "
		"printf '\\033[Hready'; read x; printf '\\033[Jdone'; read y",
		NULL };
	struct pty p;
	char row[24];
	int r = -1, c = -1;

	ck_assert_int_eq(pty_spawn(&p, 24, 80, argv, NULL), 0);
	WAIT_FOR(&p, "ready");
	pty_resize_model(&p, 3, 23);
	pty_send(&p, "\r");
	WAIT_FOR(&p, "done");
	ck_assert_msg(pty_find(&p, "done", &r, &c) && r == 0,
	    "'done' on row %d, not the top; top row '%s'", r,
	    pty_row(&p, 0, row));
	pty_close(&p);
}
END_TEST

/*
 * A double-width character on a one-column terminal (the monkey pastes
 * them, and resizes to one column): libvterm 0.1.4 crashed on it, so the
 * harness's model is two columns wide there.  The character fills the
 * top row and what follows goes below.
 */
START_TEST(test_model_one_column_wide_char)
{
	const char *const argv[] = { "/bin/sh", "-c",
		"stty -echo; printf '\\357\\274\\241ok'; read x", NULL };
	struct pty p;
	int r = -1, c = -1;

	ck_assert_int_eq(pty_spawn(&p, 20, 1, argv, NULL), 0);
	WAIT_FOR(&p, "ok");
	ck_assert_msg(pty_find(&p, "ok", &r, &c) && r == 1 && c == 0,
	    "'ok' at %d,%d, not below the wide character:\n%s", r, c,
	    pty_dump(&p));
	pty_close(&p);
}
END_TEST

Suite *
term_suite(void)
{
	Suite *s = suite_create("term");
	TCase *env = tcase_create("environment");
	TCase *size = tcase_create("sizes");

	tcase_set_timeout(env, 30);
	tcase_set_timeout(size, 60);
	tcase_add_test(env, test_term_unset);
	tcase_add_loop_test(env, test_colour_depth, 0, 2);
	tcase_add_loop_test(env, test_c_locale, 0, 2);
	tcase_add_test(env, test_other_mouse_buttons);
	tcase_add_test(env, test_right_click_while_computer_thinks);
	tcase_add_test(env, test_slow_click);
	tcase_add_loop_test(size, test_start_at_size, 0, NSIZES);
	tcase_add_test(size, test_resize_through_sizes);
	tcase_add_test(size, test_grand_needs);
	tcase_add_loop_test(size, test_size_capped, 0,
	    (int)(sizeof capped / sizeof capped[0]));
	tcase_add_test(size, test_huge_terminal);
	tcase_add_test(size, test_resize_without_memory);
	tcase_add_test(size, test_model_shrinks_under_cursor);
	tcase_add_test(size, test_model_one_column_wide_char);
	suite_add_tcase(s, env);
	suite_add_tcase(s, size);
	return s;
}
