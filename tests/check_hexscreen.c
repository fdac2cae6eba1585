/*
 * check_hexscreen.c - HexChad's hexagonal board on the screen (src/ui/
 * hex_layout.c and its use in board_view.c, board_input.c, play.c),
 * driven through a pseudo-terminal: the start position, castles and
 * walls in ASCII, monochrome and colour, the cursor along the six edge
 * directions, moves by cursor, mouse and typing, the too-small screen, a
 * game to mate and HexChad on the new-game screen.
 *
 * Cells are found as a player reads the board, never from our layout
 * code: each file is a screen row with its letter on the left (on the
 * right with Black at the bottom), its cells follow in rank order one
 * step apart, and the step is the spacing of the rank numbers under
 * file a.  Which ranks a file has comes from shared/rules/hexchad.md
 * (the cells with |file - rank| <= 6).
 */
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "pty_board.h"

enum { FILES = 13, RADIUS = 6 };

/* The board is left of the panel: the columns before the panel, by the
 * README's sizes (60x18 with one-character cells, 89x18 with three,
 * 118x33 with five by two rows; the panel takes 28 and a gap). */
static int BOARD_COLS = 31;

/* hexchad.md §3: the start position. */
static const char *const white_castle[] = { "c3", "c4", "c5", "d3", "d5",
	"e3", "e4", "e5" };
static const char *const black_castle[] = { "i9", "i10", "i11", "j9",
	"j11", "k9", "k10", "k11" };
/* hexchad.md §2: the walls. */
static const char *const walls[] = { "b2", "b3", "b4", "b5", "c2", "d2",
	"e2", "c6", "d6", "e6", "f3", "f4", "f5", "f6", "h8", "h9", "h10",
	"h11", "i8", "j8", "k8", "i12", "j12", "k12", "l9", "l10", "l11",
	"l12" };
/* A position with the castles nearly empty: the mate of hexchad.md §7
 * a move early (White's rook j8 takes the rook j10 and promotes). */
static const char mate_fen[] =
    "7/8/6k2/6r3/11/6R1R3/13/12/11/3K6/9/8/7 w - - 0 1";

/* The column of the first (or, flipped, the last) character of row
 * `row` left of the panel, and that character. */
static int
end_token(const struct pty *p, int row, bool flipped, char *ch)
{
	char buf[512];
	int col = -1;

	pty_row(p, row, buf);
	for (int c = 0; c < BOARD_COLS && buf[c]; c++)
		if (buf[c] != ' ') {
			col = c;
			if (!flipped)
				break;
		}
	if (col >= 0)
		*ch = buf[col];
	return col;
}

/* The screen row of file letter `file` and the letter's column. */
static int
file_row(const struct pty *p, char file, bool flipped, int *col)
{
	for (int r = 1; r < p->rows - 2; r++) {
		char ch;
		int c = end_token(p, r, flipped, &ch);

		if (c >= 0 && ch == file) {
			*col = c;
			return r;
		}
	}
	return -1;
}

/* The step from one cell to the next in a row: the distance of the rank
 * numbers 1 and 2, which stand alone in one row. */
static int
cell_step(const struct pty *p)
{
	char buf[512];

	for (int r = 1; r < p->rows - 2; r++) {
		char *one, *two;

		pty_row(p, r, buf);
		buf[BOARD_COLS] = '\0';
		if ((one = strstr(buf, " 1 ")) && (two = strstr(buf, " 2 ")) &&
		    !strpbrk(buf, ".:=[]"))
			return (int)(two > one ? two - one : one - two);
	}
	return -1;
}

/* Where cell `name` is on the screen; fails the test if it is not. */
static void
hex_at(struct pty *p, const char *name, bool flipped, int *row, int *col)
{
	int file = name[0] - 'a', rank = atoi(name + 1) - 1;
	int first = file > RADIUS ? file - RADIUS : 0, step = -1, lc = -1;

	*row = -1;
	for (int i = 0; i < WAIT_MS / 20 && (*row < 0 || step <= 0); i++) {
		*row = file_row(p, name[0], flipped, &lc);
		step = cell_step(p);
		if (*row < 0 || step <= 0)
			pty_pump(p, 20);
	}
	ck_assert_msg(*row >= 0 && step > 0, "no file %c or rank labels:\n%s",
	    name[0], pty_dump(p));
	*col = lc + (flipped ? -1 : 1) * step * (rank - first + 1);
}

static char
hex_char(struct pty *p, const char *name, bool flipped)
{
	int row, col;
	uint32_t ch;

	hex_at(p, name, flipped, &row, &col);
	ch = pty_cell(p, row, col).chars[0];
	return ch == 0 ? ' ' : ch < 0x80 ? (char)ch : '?';
}

static bool
wait_hex(struct pty *p, const char *name, char ch)
{
	for (int i = 0; i < WAIT_MS / 20; i++) {
		if (hex_char(p, name, false) == ch)
			return true;
		pty_pump(p, 20);
	}
	return false;
}

#define ASSERT_HEX(p, name, ch) \
	ck_assert_msg(wait_hex((p), (name), (ch)), \
	    "expected '%c' on %s, found '%c'; screen:\n%s", (ch), (name), \
	    hex_char((p), (name), false), pty_dump(p))

/* The cell between the cursor's brackets, by name; "" if none. */
static const char *
cursor_cell(struct pty *p, bool flipped, int *row, int *col)
{
	static char name[16];
	char buf[512];

	name[0] = '\0';
	for (int r = 1; r < p->rows - 2; r++) {
		char *b;
		int lc = 0; /* set by file_row when it finds the row */

		pty_row(p, r, buf);
		buf[BOARD_COLS] = '\0';
		if (!(b = strchr(buf, '[')) || b[2] != ']')
			continue;
		*row = r;
		*col = (int)(b - buf) + 1;
		for (char f = 'a'; f < 'a' + FILES; f++) {
			int step = cell_step(p), first = f - 'a' > RADIUS
			    ? f - 'a' - RADIUS : 0;

			if (file_row(p, f, flipped, &lc) != r || step <= 0)
				continue;
			snprintf(name, sizeof name, "%c%d", f, first +
			    (flipped ? lc - *col : *col - lc) / step);
		}
	}
	return name;
}

/* Sends `key` and waits until the cursor is on `want`. */
static void
cursor_to(struct pty *p, const char *key, const char *want, bool flipped)
{
	int row, col;

	pty_send(p, key);
	for (int i = 0; i < WAIT_MS / 20; i++) {
		if (strcmp(cursor_cell(p, flipped, &row, &col), want) == 0)
			return;
		pty_pump(p, 20);
	}
	ck_assert_msg(0, "after '%s' the cursor is on '%s', not %s:\n%s", key,
	    cursor_cell(p, flipped, &row, &col), want, pty_dump(p));
}

static void
start_hex(struct pty *p, int rows, int cols, const char *fen, bool ascii,
    bool color)
{
	const char *args[12];
	int n = 0;

	args[n++] = "--variant";
	args[n++] = "hexchad";
	args[n++] = "--black";
	args[n++] = "human";
	if (fen) {
		args[n++] = "--fen";
		args[n++] = fen;
	}
	if (ascii)
		args[n++] = "--ascii";
	if (!color)
		args[n++] = "--no-color";
	args[n] = NULL;
	BOARD_COLS = cols >= 118 && rows >= 33 ? 89 : cols >= 89 ? 60 : 31;
	start_bigchess(p, rows, cols, args, NULL);
	WAIT_GAME(p);
}

/* Every one of the 127 cells shows something, and the start position
 * is hexchad.md's: kings d4 and j10, rooks on the other castle cells,
 * the walls and the field empty. */
START_TEST(test_start_position)
{
	struct pty p;
	int shown = 0;

	start_hex(&p, 24, 80, NULL, true, true);
	ASSERT_HEX(&p, "d4", 'K');
	ASSERT_HEX(&p, "j10", 'k');
	for (size_t i = 0; i < 8; i++) {
		ASSERT_HEX(&p, white_castle[i], 'R');
		ASSERT_HEX(&p, black_castle[i], 'r');
	}
	for (size_t i = 0; i < sizeof walls / sizeof walls[0]; i++)
		ASSERT_HEX(&p, walls[i], '=');
	ASSERT_HEX(&p, "a1", '.');
	ASSERT_HEX(&p, "g7", '.');
	ASSERT_HEX(&p, "m13", '.');
	ASSERT_HEX(&p, "g1", '.');
	ASSERT_HEX(&p, "a7", '.');
	for (int f = 0; f < FILES; f++)
		for (int r = 0; r < FILES; r++) {
			char name[16];

			if (abs(f - r) > RADIUS)
				continue;
			snprintf(name, sizeof name, "%c%d", 'a' + f, r + 1);
			shown += strchr(".:=KRkr", hex_char(&p, name, false))
			    != NULL;
		}
	ck_assert_int_eq(shown, 127);
	pty_close(&p);
}
END_TEST

/* The castles (empty castle cells ':') and walls ('=') by their own
 * characters in ASCII and in monochrome, and by colour too. */
static void
castles_drawn(bool ascii, bool color)
{
	static const char *const empty_castle[] = { "c3", "c4", "c5", "d3",
		"d5", "e3", "e4", "e5", "i9", "i10", "i11", "j9", "j11", "k9",
		"k10" };
	struct pty p;

	start_hex(&p, 24, 80, mate_fen, ascii, color);
	ASSERT_HEX(&p, "d4", 'K');
	ASSERT_HEX(&p, "k11", 'k');
	ASSERT_HEX(&p, "j10", 'r');
	ASSERT_HEX(&p, "h8", 'R');
	ASSERT_HEX(&p, "j8", 'R');
	for (size_t i = 0; i < sizeof empty_castle / sizeof *empty_castle;
	     i++)
		ASSERT_HEX(&p, empty_castle[i], ':');
	for (size_t i = 0; i < sizeof walls / sizeof walls[0]; i++)
		if (strcmp(walls[i], "h8") != 0 && strcmp(walls[i], "j8") != 0)
			ASSERT_HEX(&p, walls[i], '=');
	ASSERT_HEX(&p, "g7", '.');
	if (color) {
		int r1, c1, r2, c2, r3, c3;
		VTermScreenCell castle, wall, field;

		hex_at(&p, "c3", false, &r1, &c1);
		hex_at(&p, "b2", false, &r2, &c2);
		hex_at(&p, "g7", false, &r3, &c3);
		castle = pty_cell(&p, r1, c1);
		wall = pty_cell(&p, r2, c2);
		field = pty_cell(&p, r3, c3);
		ck_assert(!vterm_color_is_equal(&castle.bg, &wall.bg));
		ck_assert(!vterm_color_is_equal(&castle.bg, &field.bg));
		ck_assert(!vterm_color_is_equal(&wall.bg, &field.bg));
	}
	pty_close(&p);
}

START_TEST(test_castles_ascii_mono)
{
	castles_drawn(true, false);
}
END_TEST

START_TEST(test_castles_utf8_mono)
{
	castles_drawn(false, false);
}
END_TEST

START_TEST(test_castles_color)
{
	castles_drawn(true, true);
}
END_TEST

/*
 * From White's king on d4 (where the cursor starts) each key reaches the
 * edge neighbour hexchad.md §4 puts in its screen direction, the opposite
 * key comes back, and the cursor moves on the screen the way the key
 * says: left and right a whole step along the row, the slanted keys
 * half a step into the row above or below.
 */
START_TEST(test_cursor_six_directions)
{
	static const struct {
		const char *key, *back, *cell;
		int drow, dhalf; /* on screen, in half steps */
	} moves[] = {
		{ "h", "l", "d3", 0, -2 }, { "l", "h", "d5", 0, 2 },
		{ "Y", "N", "e4", -1, -1 }, { "U", "B", "e5", -1, 1 },
		{ "B", "U", "c3", 1, -1 }, { "N", "Y", "c4", 1, 1 },
	};
	struct pty p;
	int row0, col0, row, col, step;

	start_hex(&p, 24, 80, NULL, true, false);
	cursor_to(&p, "", "d4", false);
	cursor_cell(&p, false, &row0, &col0);
	step = cell_step(&p);
	for (size_t i = 0; i < sizeof moves / sizeof moves[0]; i++) {
		cursor_to(&p, moves[i].key, moves[i].cell, false);
		cursor_cell(&p, false, &row, &col);
		ck_assert_int_eq(row - row0, moves[i].drow);
		ck_assert_int_eq(2 * (col - col0), moves[i].dhalf * step);
		cursor_to(&p, moves[i].back, "d4", false);
	}
	/* Up twice: up-left then up-right, to f5 straight above (the
	 * (2,1) vertex line); Down twice comes back. */
	cursor_to(&p, "k", "e4", false);
	cursor_to(&p, "k", "f5", false);
	cursor_cell(&p, false, &row, &col);
	ck_assert_int_eq(row, row0 - 2);
	ck_assert_int_eq(col, col0);
	cursor_to(&p, "j", "e4", false);
	cursor_to(&p, "j", "d4", false);
	/* At the edge a key does nothing: a1 has no cell left of it. */
	for (int i = 0; i < 3; i++)
		cursor_to(&p, "B", i == 0 ? "c3" : i == 1 ? "b2" : "a1", false);
	cursor_to(&p, "h", "a1", false);
	cursor_to(&p, "B", "a1", false);
	/* With Black at the bottom the screen directions turn with the
	 * board: a1 is the top cell, so up-right leaves it, and down-right,
	 * down-left and left go to b1, c2 and c3 (the half turn of the
	 * directions above). */
	pty_send(&p, "f");
	WAIT_FOR(&p, "Black is at the bottom");
	cursor_to(&p, "U", "a1", true);
	cursor_to(&p, "N", "b1", true);
	cursor_to(&p, "B", "c2", true);
	cursor_to(&p, "h", "c3", true);
	pty_close(&p);
}
END_TEST

/* A rook moved by cursor along the vertical line, e5 to h8 over the
 * wall f6 and the centre g7 (hexchad.md §7's divide lists e5h8). */
START_TEST(test_move_by_cursor)
{
	struct pty p;

	start_hex(&p, 24, 80, NULL, true, false);
	cursor_to(&p, "U", "e5", false);
	pty_send(&p, ENTER);
	WAIT_FOR(&p, "Rook on e5");
	cursor_to(&p, "U", "f6", false);
	cursor_to(&p, "U", "g7", false);
	cursor_to(&p, "U", "h8", false);
	pty_send(&p, ENTER);
	WAIT_FOR(&p, "Black to move");
	ASSERT_HEX(&p, "h8", 'R');
	ASSERT_HEX(&p, "e5", ':');
	pty_close(&p);
}
END_TEST

/* A rook moved by two clicks, c5 up its file to c9 (c6 is wall, c7 to
 * c9 field: every cell of file c is on the (0,1) line). */
START_TEST(test_move_by_mouse)
{
	struct pty p;
	int row, col;

	start_hex(&p, 24, 80, NULL, true, false);
	hex_at(&p, "c5", false, &row, &col);
	click(&p, row, col);
	WAIT_FOR(&p, "Rook on c5");
	hex_at(&p, "c9", false, &row, &col);
	click(&p, row, col);
	WAIT_FOR(&p, "Black to move");
	ASSERT_HEX(&p, "c9", 'R');
	ASSERT_HEX(&p, "c5", ':');
	/* A click between two cells, or on a label, picks nothing. */
	hex_at(&p, "i9", false, &row, &col);
	click(&p, row, col - 1);
	click(&p, row, col);
	WAIT_FOR(&p, "Rook on i9");
	pty_close(&p);
}
END_TEST

/* Bigger terminals get bigger cells: three characters a cell (the
 * rank numbers 4 apart), then five by two rows (6 apart, files two rows
 * apart), and the position is read the same way. */
START_TEST(test_bigger_cells)
{
	static const struct {
		int rows, cols, step, file_rows;
	} sizes[] = { { 18, 89, 4, 1 }, { 33, 118, 6, 2 }, { 24, 88, 2, 1 } };

	for (size_t i = 0; i < sizeof sizes / sizeof sizes[0]; i++) {
		struct pty p;
		int rd, re, col;

		start_hex(&p, sizes[i].rows, sizes[i].cols, NULL, true, false);
		ASSERT_HEX(&p, "d4", 'K');
		ASSERT_HEX(&p, "j10", 'k');
		ASSERT_HEX(&p, "b2", '=');
		ck_assert_int_eq(cell_step(&p), sizes[i].step);
		hex_at(&p, "d4", false, &rd, &col);
		hex_at(&p, "e4", false, &re, &col);
		ck_assert_int_eq(rd - re, sizes[i].file_rows);
		/* A click anywhere on a wide cell is on that cell: the
		 * right edge of c5, then the left edge of c9. */
		if (sizes[i].step > 2) {
			int row, c;

			hex_at(&p, "c5", false, &row, &c);
			click(&p, row, c + sizes[i].step / 2 - 1);
			WAIT_FOR(&p, "Rook on c5");
			hex_at(&p, "c9", false, &row, &c);
			click(&p, row, c - sizes[i].step / 2 + 1);
			WAIT_FOR(&p, "Black to move");
			ASSERT_HEX(&p, "c9", 'R');
		}
		pty_close(&p);
	}
}
END_TEST

/* Below the hex board's minimum the too-small screen; grown, the game. */
START_TEST(test_too_small)
{
	struct pty p;
	const char *args[] = { "--variant", "hexchad", "--black", "human",
		"--ascii", NULL };

	BOARD_COLS = 31;
	start_bigchess(&p, 12, 40, args, NULL);
	WAIT_FOR(&p, "Terminal too small");
	WAIT_FOR(&p, "need 60x18");
	pty_resize(&p, 24, 80);
	WAIT_GAME(&p);
	ASSERT_HEX(&p, "d4", 'K');
	pty_close(&p);
}
END_TEST

/*
 * A game to mate: White's rook on the enemy wall j8 takes the rook on
 * j10 inside Black's castle (hexchad.md §5, case 1) and promotes; the
 * queen on j10 is covered by h8 through i9 (§7's checkmate position).
 */
START_TEST(test_mate)
{
	struct pty p;

	start_hex(&p, 24, 80, mate_fen, true, false);
	pty_send(&p, ":j8j10" ENTER);
	WAIT_FOR(&p, "by checkmate");
	ASSERT_HEX(&p, "j10", 'Q');
	ASSERT_HEX(&p, "j8", '=');
	pty_close(&p);
}
END_TEST

/*
 * A whole game from the start, two people at one keyboard: hexchad.md
 * section 6's mate on the third ply, 1. d5h9 i10h10 2. h9i10q, the new
 * queen on i10 covered by c4 up the vertical line over the emptied d5
 * and h9.  In ASCII and monochrome, so the castle and wall cells left
 * empty show ':' and '='.
 */
START_TEST(test_mate_from_start)
{
	struct pty p;

	start_hex(&p, 24, 80, NULL, true, false);
	ASSERT_HEX(&p, "d5", 'R');
	pty_send(&p, ":d5h9" ENTER);
	ASSERT_HEX(&p, "h9", 'R');
	ASSERT_HEX(&p, "d5", ':');
	pty_send(&p, ":i10h10" ENTER);
	ASSERT_HEX(&p, "h10", 'r');
	pty_send(&p, ":h9i10q" ENTER);
	WAIT_FOR(&p, "by checkmate");
	ASSERT_HEX(&p, "i10", 'Q');
	ASSERT_HEX(&p, "h9", '=');
	ASSERT_HEX(&p, "j10", 'k');
	pty_close(&p);
}
END_TEST

/* HexChad is offered on the new-game screen and starts from there. */
START_TEST(test_new_game_screen)
{
	struct pty p;
	struct state s;
	const char *args[] = { "--ascii", NULL };

	state_new(&s);
	BOARD_COLS = 31;
	start_in(&p, 24, 80, &s, args);
	WAIT_FOR(&p, "new game");
	for (int i = 0; i < 8 && !pty_find(&p, "< HexChad >", &(int){ 0 },
	    &(int){ 0 }); i++) {
		pty_key(&p, VTERM_KEY_RIGHT);
		pty_settle(&p, 50, 500);
	}
	WAIT_FOR(&p, "< HexChad >");
	pty_send(&p, ENTER);
	WAIT_GAME(&p);
	WAIT_FOR(&p, "HexChad");
	ASSERT_HEX(&p, "d4", 'K');
	ASSERT_HEX(&p, "j10", 'k');
	pty_send(&p, "q");
	pty_close(&p);
	pty_remove_tree(s.home);
}
END_TEST

Suite *
hexscreen_suite(void)
{
	Suite *s = suite_create("hexscreen");
	TCase *tc = tcase_create("core");

	tcase_set_timeout(tc, 120);
	tcase_add_test(tc, test_start_position);
	tcase_add_test(tc, test_castles_ascii_mono);
	tcase_add_test(tc, test_castles_utf8_mono);
	tcase_add_test(tc, test_castles_color);
	tcase_add_test(tc, test_cursor_six_directions);
	tcase_add_test(tc, test_move_by_cursor);
	tcase_add_test(tc, test_move_by_mouse);
	tcase_add_test(tc, test_bigger_cells);
	tcase_add_test(tc, test_too_small);
	tcase_add_test(tc, test_mate);
	tcase_add_test(tc, test_mate_from_start);
	tcase_add_test(tc, test_new_game_screen);
	suite_add_tcase(s, tc);
	return s;
}
