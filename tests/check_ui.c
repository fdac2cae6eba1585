/*
 * check_ui.c - the interactive game, driven through a pseudo-terminal.
 *
 * Each test starts the real binary ($BIGCHESS) in a pty of a given size,
 * sends keys, and reads the screen back through libvterm (pty_harness.c).
 * Squares are found on screen by their coordinates (the rank numbers on
 * the left, the file letters below), not by our layout code, so a test
 * reads the board the way a player does.  Expected positions and results
 * come from the rules (../shared/rules), never from the program's output.
 */
#include <signal.h>
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <termios.h>
#include <unistd.h>

#include "pty_board.h"

enum { MAX_ARGS = 16 };

static void
start(struct pty *p, int rows, int cols, const char *const args[],
    const char *const env[])
{
	const char *argv[MAX_ARGS + 5];
	bool to_game = false, players = false;
	int n = 0;

	for (int i = 0; args && args[i] && n < MAX_ARGS; i++) {
		to_game |= !strcmp(args[i], "--variant") || !strcmp(args[i], "--fen");
		players |= !strcmp(args[i], "--white") || !strcmp(args[i], "--black");
		argv[n++] = args[i];
	}
	/* Tests that go straight to a game play both sides themselves unless
	 * they name the players (the default is against the computer). */
	if (to_game && !players) {
		argv[n++] = "--white";
		argv[n++] = "human";
		argv[n++] = "--black";
		argv[n++] = "human";
	}
	argv[n] = NULL;
	start_bigchess(p, rows, cols, argv, env);
}

/* Waits for the character `dx` columns right of square `sq`'s centre. */
static bool
wait_mark(struct pty *p, const char *sq, int dx, uint32_t ch)
{
	int row, col;

	for (int i = 0; i < WAIT_MS / 20; i++) {
		square_at(p, sq, &row, &col);
		if (pty_cell(p, row, col + dx).chars[0] == ch)
			return true;
		pty_pump(p, 20);
	}
	return false;
}

#define ASSERT_MARK(p, sq, dx, ch) \
	ck_assert_msg(wait_mark((p), (sq), (dx), (ch)), \
	    "no '%c' at %+d from %s; screen:\n%s", (ch), (dx), (sq), \
	    pty_dump(p))

static bool
same_bg(VTermScreenCell a, VTermScreenCell b)
{
	return vterm_color_is_equal(&a.bg, &b.bg);
}

/* Test rows: the start screen of each variant at 80x24. */
static const struct {
	const char *key, *name;
	int ranks;
	const char *pieces; /* square=letter pairs from the start FENs */
} starts[] = {
	{ "grand", "Grand Chess", 10,
	    "a1=R j1=R b2=N e2=K f2=C g2=A e3=P a10=r e9=k f9=c j8=p" },
	{ "chad", "Chad", 12,
	    "d4=K c3=R e5=R i9=k h8=r j10=r a1=  c2=  f6=  " },
	{ "hadean", "Hadean Chess", 12,
	    "a1=R b1=Z c1=M d1=E e1=F f1=Q g1=K h1=W k1=S a2=J f2=B a3=P "
	    "g12=k b12=z a11=j a10=p" },
};

START_TEST(test_start_screen)
{
	struct pty p;
	const char *args[] = { "--variant", starts[_i].key, NULL };
	char buf[512];

	start(&p, 24, 80, args, NULL);
	WAIT_GAME(&p);
	WAIT_FOR(&p, starts[_i].name);
	WAIT_FOR(&p, "White (human)");
	WAIT_FOR(&p, "Black (human)");
	WAIT_FOR(&p, "Moves");
	ck_assert_msg(rank_row(&p, starts[_i].ranks) == 2 &&
	    rank_row(&p, 1) == starts[_i].ranks + 1,
	    "ranks not where expected:\n%s", pty_dump(&p));
	ck_assert_int_ge(file_col(&p, starts[_i].ranks == 10 ? 'j' : 'l'),
	    0);
	for (const char *s = starts[_i].pieces; *s;) {
		char sq[4] = { 0 };
		int n = 0;

		while (*s != '=')
			sq[n++] = *s++;
		ASSERT_PIECE(&p, sq, s[1]);
		s += 2;
		while (*s == ' ')
			s++;
	}
	/* The hint line is generated from the key table. */
	pty_row(&p, 23, buf);
	ck_assert_msg(strstr(buf, "u undo") && strstr(buf, "? help") &&
	    strstr(buf, "q quit"), "hint line: %s", buf);
	pty_close(&p);
}
END_TEST

START_TEST(test_checkered_colors)
{
	struct pty p;
	const char *args[] = { "--variant", _i ? "hadean" : "grand", NULL };
	VTermScreenCell white, black;

	start(&p, 24, 80, args, NULL);
	WAIT_GAME(&p);
	white = square_cell(&p, "a1");
	black = square_cell(&p, _i ? "a12" : "a10");
	/* a1 is dark, b1 light, b2 dark (as on any chessboard). */
	ck_assert(!same_bg(square_cell(&p, "a1"), square_cell(&p, "b1")));
	ck_assert(same_bg(square_cell(&p, "a1"), square_cell(&p, "b2")));
	ck_assert(same_bg(square_cell(&p, "b1"), square_cell(&p, "c2")));
	ck_assert(!VTERM_COLOR_IS_DEFAULT_BG(&white.bg));
	/* White and Black pieces differ in colour, not only in case. */
	ck_assert(!vterm_color_is_equal(&white.fg, &black.fg));
	ck_assert(white.attrs.bold);
	pty_close(&p);
}
END_TEST

START_TEST(test_chad_zones)
{
	struct pty p;
	const char *args[] = { "--variant", "chad", NULL };
	VTermScreenCell field, castle, wall;

	start(&p, 24, 80, args, NULL);
	WAIT_GAME(&p);
	field = square_cell(&p, "a1");
	castle = square_cell(&p, "c3");
	wall = square_cell(&p, "c2");
	/* chad.md: castles c3-e5 and h8-j10, walls around them but not
	 * their corners (b2, f6 are not wall); no light and dark squares. */
	ck_assert(!same_bg(field, castle));
	ck_assert(!same_bg(field, wall));
	ck_assert(!same_bg(castle, wall));
	ck_assert(same_bg(field, square_cell(&p, "b1")));
	ck_assert(same_bg(field, square_cell(&p, "b2")));
	ck_assert(same_bg(field, square_cell(&p, "f6")));
	ck_assert(same_bg(wall, square_cell(&p, "b4")));
	ck_assert(same_bg(wall, square_cell(&p, "i11")));
	ck_assert(same_bg(wall, square_cell(&p, "g9")));
	ck_assert(same_bg(castle, square_cell(&p, "j10")));
	ck_assert(same_bg(castle, square_cell(&p, "e5")));
	pty_close(&p);
}
END_TEST

START_TEST(test_against_the_computer)
{
	struct pty p;
	const char *args[] = { "--variant", "grand", "--black", "computer",
		"--level", "1", NULL };

	start(&p, 24, 80, args, NULL);
	WAIT_GAME(&p);
	WAIT_FOR(&p, "against the computer");
	pty_send(&p, ":e5" ENTER);
	/* The computer answers on its own; then it is White's turn again. */
	WAIT_FOR(&p, "Black played");
	WAIT_FOR(&p, "White to move");
	WAIT_ROW(&p, "1. e5", " ");
	ASSERT_PIECE(&p, "e5", 'P');
	pty_send(&p, "q");
	pty_close(&p);
}
END_TEST

START_TEST(test_computer_against_computer)
{
	struct pty p;
	const char *args[] = { "--variant", "chad", "--white", "computer",
		"--black", "computer", "--level", "1", NULL };

	start(&p, 24, 80, args, NULL);
	/* Nobody types: both sides move by themselves, move after move. */
	WAIT_FOR(&p, "1. R");
	WAIT_FOR(&p, "2. R");
	WAIT_FOR(&p, "3. ");
	pty_close(&p);
}
END_TEST

START_TEST(test_new_game_screen)
{
	struct pty p;

	start(&p, 24, 80, NULL, NULL);
	WAIT_FOR(&p, "new game");
	WAIT_FOR(&p, "Grand Chess");
	/* The defaults: a person plays White against the computer. */
	WAIT_ROW(&p, "White", "< human >");
	WAIT_ROW(&p, "Black", "< computer >");
	/* Left on the variant line goes to Chad, Right twice to Hadean. */
	pty_key(&p, VTERM_KEY_LEFT);
	WAIT_FOR(&p, "< Chad >");
	pty_key(&p, VTERM_KEY_RIGHT);
	pty_key(&p, VTERM_KEY_RIGHT);
	WAIT_FOR(&p, "< Hadean Chess >");
	pty_send(&p, ENTER);
	WAIT_GAME(&p);
	WAIT_FOR(&p, "Hadean Chess");
	ASSERT_PIECE(&p, "b1", 'Z');
	pty_close(&p);
}
END_TEST

START_TEST(test_move_by_cursor)
{
	struct pty p;
	const char *args[] = { "--variant", "grand", NULL };

	start(&p, 24, 80, args, NULL);
	WAIT_GAME(&p);
	/* The cursor starts on the king (e2); up to e3, pick up the pawn. */
	pty_send(&p, "k" ENTER);
	WAIT_FOR(&p, "Pawn on e3:");
	/* Its destinations e4 and e5 are marked; e6 is not. */
	ck_assert_uint_eq(square_cell(&p, "e4").chars[0], 0x2022);
	ck_assert_uint_eq(square_cell(&p, "e5").chars[0], 0x2022);
	ASSERT_PIECE(&p, "e6", ' ');
	ck_assert(!same_bg(square_cell(&p, "e5"), square_cell(&p, "c5")));
	/* The cursor [ ] moves on; the picked-up pawn is marked < >. */
	pty_send(&p, "k");
	ASSERT_MARK(&p, "e3", -1, '<');
	ASSERT_MARK(&p, "e3", 1, '>');
	ASSERT_MARK(&p, "e4", -1, '[');
	pty_send(&p, "k" ENTER);
	WAIT_FOR(&p, "Black to move");
	WAIT_FOR(&p, "1. e5");
	ASSERT_PIECE(&p, "e5", 'P');
	ASSERT_PIECE(&p, "e3", ' ');
	/* The last move stays highlighted (e3 differs from its twin g3). */
	ck_assert(!same_bg(square_cell(&p, "e3"), square_cell(&p, "g3")));
	/* Diagonal with the shifted roguelike key: e5 to d6... a pick of an
	 * empty square says what to do instead of failing silently. */
	pty_send(&p, "Y" ENTER);
	WAIT_FOR(&p, "Pick up a piece of Black's");
	pty_close(&p);
}
END_TEST

START_TEST(test_move_by_text)
{
	struct pty p;
	const char *args[] = { "--variant", "grand", NULL };

	start(&p, 24, 80, args, NULL);
	WAIT_GAME(&p);
	pty_send(&p, ":e5" ENTER);
	WAIT_FOR(&p, "Black to move");
	pty_send(&p, ":e8e6" ENTER);
	WAIT_FOR(&p, "White to move");
	WAIT_ROW(&p, "1. e5", "e6");
	pty_send(&p, ":Nc4" ENTER);
	WAIT_FOR(&p, "2. Nc4");
	ASSERT_PIECE(&p, "c4", 'N');
	ASSERT_PIECE(&p, "e6", 'p');
	ASSERT_PIECE(&p, "e8", ' ');
	pty_close(&p);
}
END_TEST

START_TEST(test_illegal_move)
{
	struct pty p;
	const char *args[] = { "--variant", "grand", NULL };

	start(&p, 24, 80, args, NULL);
	WAIT_GAME(&p);
	/* A pawn on e3 moves one or two squares (grand.md), not three. */
	pty_send(&p, ":e3e6" ENTER);
	WAIT_FOR(&p, "e3e6 is not a legal move here");
	pty_send(&p, ":Qz9" ENTER);
	WAIT_FOR(&p, "not a move");
	/* Dropping a picked-up pawn on a square it cannot reach. */
	pty_send(&p, "k" ENTER "kkk" ENTER);
	WAIT_FOR(&p, "cannot go to e6");
	ck_assert(pty_find(&p, "White to move", NULL, NULL));
	ASSERT_PIECE(&p, "e3", 'P');
	pty_close(&p);
}
END_TEST

START_TEST(test_undo_redo)
{
	struct pty p;
	const char *args[] = { "--variant", "chad", NULL };

	start(&p, 24, 80, args, NULL);
	WAIT_GAME(&p);
	pty_send(&p, ":c3a3" ENTER);
	WAIT_FOR(&p, "Black to move");
	ASSERT_PIECE(&p, "a3", 'R');
	pty_send(&p, "u");
	WAIT_FOR(&p, "Move taken back");
	WAIT_FOR(&p, "White to move");
	ASSERT_PIECE(&p, "a3", ' ');
	ASSERT_PIECE(&p, "c3", 'R');
	ck_assert(!pty_find(&p, "1. Ra3", NULL, NULL));
	pty_send(&p, "r");
	WAIT_FOR(&p, "Move replayed");
	WAIT_FOR(&p, "1. Ra3");
	ASSERT_PIECE(&p, "a3", 'R');
	pty_send(&p, "\022"); /* Ctrl-R with nothing to redo */
	WAIT_FOR(&p, "Nothing to redo");
	pty_send(&p, "uu");
	WAIT_FOR(&p, "Nothing to take back");
	pty_close(&p);
}
END_TEST

/* The chooser lists its items one per line; counts those on screen. */
static int
count_on_screen(const struct pty *p, const char *const names[])
{
	int n = 0;

	for (int i = 0; names[i]; i++)
		n += pty_find(p, names[i], NULL, NULL);
	return n;
}

START_TEST(test_grand_promotion)
{
	/* grand.md: a pawn reaching rank 8 may promote to a type its side
	 * has lost, or stay a pawn.  White has only king and pawn: every
	 * type (queen, chancellor, archbishop, rook, bishop, knight). */
	static const char *const all[] = { "Queen (e8=Q)", "Chancellor",
		"Archbishop", "Rook (e8=R)", "Bishop (e8=B)", "Knight (e8=N)",
		"Stay a pawn (e8)", NULL };
	struct pty p;
	const char *args[] = { "--fen", "k9/10/10/4P5/10/10/10/10/10/4K5 w"
		" - - 0 1", NULL };

	start(&p, 24, 80, args, NULL);
	WAIT_GAME(&p);
	/* The cursor starts on the king, e1: up to e7, pick up, drop on e8. */
	pty_send(&p, "kkkkkk" ENTER "k" ENTER);
	WAIT_FOR(&p, "Promotion");
	WAIT_FOR(&p, "Knight (e8=N)");
	ck_assert_int_eq(count_on_screen(&p, all), 7);
	pty_send(&p, "p");
	WAIT_FOR(&p, "1. e8");
	ASSERT_PIECE(&p, "e8", 'P');
	pty_send(&p, ":Kb10" ENTER);
	WAIT_FOR(&p, "Kb10");
	/* White's cursor is where White left it, on e8: pick up, drop on
	 * e9, and choose the queen by its letter. */
	pty_send(&p, ENTER "k" ENTER);
	WAIT_FOR(&p, "Promotion");
	pty_send(&p, "q");
	WAIT_GONE(&p, "Promotion");
	WAIT_FOR(&p, "2. e9=Q");
	ASSERT_PIECE(&p, "e9", 'Q');
	pty_close(&p);
}
END_TEST

START_TEST(test_grand_promotion_lost_types_only)
{
	/* With its queen on the board, White may not promote to a queen. */
	static const char *const others[] = { "Chancellor", "Archbishop",
		"Rook (e8=R)", "Bishop (e8=B)", "Knight (e8=N)",
		"Stay a pawn (e8)", NULL };
	struct pty p;
	const char *args[] = { "--fen", "k9/10/10/4P5/10/10/10/10/10/3QK5 w"
		" - - 0 1", NULL };

	start(&p, 24, 80, args, NULL);
	WAIT_GAME(&p);
	pty_send(&p, ":e7e8=C" ENTER);
	WAIT_FOR(&p, "1. e8=C");
	pty_send(&p, "u");
	WAIT_FOR(&p, "Move taken back");
	/* After the undo the cursor is on the pawn taken back, on e7. */
	pty_send(&p, ENTER "k" ENTER);
	WAIT_FOR(&p, "Stay a pawn");
	WAIT_FOR(&p, "Knight (e8=N)");
	ck_assert_int_eq(count_on_screen(&p, others), 6);
	ck_assert(!pty_find(&p, "Queen", NULL, NULL));
	/* Esc closes the chooser without moving. */
	pty_send(&p, ESC);
	WAIT_GONE(&p, "Stay a pawn");
	ASSERT_PIECE(&p, "e7", 'P');
	ck_assert(pty_find(&p, "White to move", NULL, NULL));
	pty_close(&p);
}
END_TEST

START_TEST(test_typed_promotion_asks)
{
	/* grand.md: on its 10th rank a pawn must promote.  Typed without a
	 * piece, the move opens the chooser: the six lost types, and no
	 * "stay a pawn".  (Queen, chancellor and rook give check on e10.) */
	static const char *const types[] = { "Queen (e10=Q", "Chancellor",
		"Archbishop", "Rook (e10=R", "Bishop (e10=B)", "Knight (e10=N)",
		NULL };
	struct pty p;
	const char *args[] = { "--fen", "k9/4P5/10/10/10/10/10/10/10/4K5 w"
		" - - 0 1", NULL };

	start(&p, 24, 80, args, NULL);
	WAIT_GAME(&p);
	pty_send(&p, ":e10" ENTER);
	WAIT_FOR(&p, "Promotion");
	WAIT_FOR(&p, "Knight (e10=N)");
	ck_assert_int_eq(count_on_screen(&p, types), 6);
	ck_assert(!pty_find(&p, "Stay a pawn", NULL, NULL));
	/* Arrows and Enter choose too: down twice from the first item. */
	pty_key(&p, VTERM_KEY_DOWN);
	pty_key(&p, VTERM_KEY_DOWN);
	pty_send(&p, ENTER);
	WAIT_GONE(&p, "Promotion");
	WAIT_FOR(&p, "1. e10=");
	ck_assert(square_char(&p, "e10") != 'P');
	pty_close(&p);
}
END_TEST

/* The number of screen rows that contain `text`. */
static int
rows_with(const struct pty *p, const char *text)
{
	char buf[512];
	int n = 0;

	for (int r = 0; r < p->rows; r++)
		n += strstr(pty_row(p, r, buf), text) != NULL;
	return n;
}

START_TEST(test_hadean_promotion)
{
	/* hadean.md: a pawn promotes on its last rank, mandatorily, to any of
	 * Q R B E M F W S Z: nine choices. */
	static const char *const names[] = { "Queen", "Rook", "Bishop",
		"Flying elephant", "Flying warmachine", "Ferz-knight",
		"Wazir-knight", "Ferz-sorcerer", "Wazir-sorcerer", NULL };
	struct pty p;
	const char *args[] = { "--variant", "hadean", "--fen",
		"k11/4P7/12/12/12/12/12/12/12/12/12/6K5 w - - 0 1", NULL };

	start(&p, 24, 80, args, NULL);
	WAIT_GAME(&p);
	pty_send(&p, ":e12" ENTER);
	WAIT_FOR(&p, "Promotion");
	WAIT_FOR(&p, "(e12=Z");
	ck_assert_int_eq(rows_with(&p, "(e12="), 9);
	for (int i = 0; names[i]; i++)
		ck_assert_msg(pty_find(&p, names[i], NULL, NULL), "no %s:\n%s",
		    names[i], pty_dump(&p));
	pty_send(&p, "m");
	WAIT_FOR(&p, "1. e12=M");
	ASSERT_PIECE(&p, "e12", 'M');
	pty_close(&p);
}
END_TEST

START_TEST(test_hadean_castling_chooser)
{
	/* hadean.md: O-O-1 takes the king g1-h1 and the rook to g1; the king
	 * step g1-h1 shares both squares, so dropping on h1 asks. */
	struct pty p;
	const char *args[] = { "--variant", "hadean", "--fen",
		"r5k4r/12/12/12/12/12/12/12/12/12/12/R5K4R w KQkq - 0 1",
		NULL };

	start(&p, 24, 80, args, NULL);
	WAIT_GAME(&p);
	pty_send(&p, ENTER "l" ENTER);
	WAIT_FOR(&p, "Which move?");
	/* The rook on g1 then checks the king on g12. */
	WAIT_FOR(&p, "Castle (O-O-1+)");
	WAIT_FOR(&p, "King step (Kh1)");
	pty_send(&p, "c");
	WAIT_FOR(&p, "1. O-O-1");
	ASSERT_PIECE(&p, "h1", 'K');
	ASSERT_PIECE(&p, "g1", 'R');
	ASSERT_PIECE(&p, "l1", ' ');
	pty_close(&p);
}
END_TEST

START_TEST(test_chad_promotes_without_asking)
{
	/* chad.md: a rook ending on a square of the enemy castle becomes a
	 * queen at once; there is nothing to choose. */
	struct pty p;
	const char *args[] = { "--variant", "chad", "--fen",
		"12/12/12/7rk3/12/12/12/2R9/2RKR7/12/12/12 w - - 0 1", NULL };

	start(&p, 24, 80, args, NULL);
	WAIT_GAME(&p);
	pty_send(&p, ":c5c8" ENTER);
	WAIT_FOR(&p, "Black to move");
	ck_assert(!pty_find(&p, "Promotion", NULL, NULL));
	pty_close(&p);
}
END_TEST

START_TEST(test_checkmate)
{
	/* Black king a10, White king a8 guards a9 and b9; the rook from j1
	 * to j10 attacks the whole rank 10: mate (grand.md: as in chess). */
	struct pty p;
	const char *args[] = { "--fen", "k9/10/K9/10/10/10/10/10/10/9R w - - "
		"0 1", NULL };

	start(&p, 24, 80, args, NULL);
	WAIT_GAME(&p);
	/* 1. Rj9 leaves the black king only b10 (a9 and b9 are covered). */
	pty_send(&p, ":Rj9" ENTER);
	WAIT_FOR(&p, "Black to move");
	pty_send(&p, ":Kb10" ENTER);
	WAIT_ROW(&p, "1. Rj9", "Kb10");
	/* Take both back, then the mate. */
	pty_send(&p, "uu");
	WAIT_GONE(&p, "Rj9");
	ASSERT_PIECE(&p, "j1", 'R');
	pty_send(&p, ":Rj10" ENTER);
	/* It drops the two moves taken back: asked first. */
	WAIT_FOR(&p, "Moves taken back");
	pty_send(&p, "y");
	WAIT_FOR(&p, "Game over");
	WAIT_FOR(&p, "White wins (1-0) by checkmate.");
	pty_send(&p, "l");
	WAIT_GONE(&p, "Look at the finished game");
	WAIT_FOR(&p, "1. Rj10#");
	ASSERT_PIECE(&p, "j10", 'R');
	/* The checkmated king is marked (once the cursor, which Black left
	 * on its king, moves away). */
	pty_send(&p, "l");
	ASSERT_MARK(&p, "a10", -1, '!');
	/* A finished game quits without asking. */
	pty_send(&p, "q");
	expect_exit(&p, 0);
	pty_close(&p);
}
END_TEST

START_TEST(test_resign_and_draw)
{
	struct pty p;
	const char *args[] = { "--variant", "grand", "--white", "human",
		"--black", "human", NULL };

	start(&p, 24, 80, args, NULL);
	WAIT_GAME(&p);
	pty_send(&p, ":draw" ENTER);
	WAIT_FOR(&p, "agree a draw?");
	pty_send(&p, "n");
	WAIT_GONE(&p, "agree a draw?");
	pty_send(&p, ":resign" ENTER);
	WAIT_FOR(&p, "Does White resign?");
	pty_send(&p, "y");
	WAIT_FOR(&p, "Black wins (0-1) by resignation.");
	pty_send(&p, ESC);
	WAIT_GONE(&p, "Look at the finished game");
	/* Resignation is final: no taking back. */
	pty_send(&p, ":e5" ENTER);
	WAIT_FOR(&p, "The game is over");
	pty_send(&p, "n");
	WAIT_FOR(&p, "new game");
	pty_send(&p, ENTER);
	WAIT_FOR(&p, "White to move");
	pty_send(&p, ":draw" ENTER "y");
	WAIT_FOR(&p, "Draw (1/2-1/2) by agreement.");
	pty_close(&p);
}
END_TEST

START_TEST(test_clock_flag_fall)
{
	/* 0.02 minutes = 1.2 s for each side; White's time runs first. */
	struct pty p;
	const char *args[] = { "--variant", "grand", "--clock", "0.02+1",
		NULL };

	start(&p, 24, 80, args, NULL);
	WAIT_GAME(&p);
	WAIT_FOR(&p, "Black wins (0-1) by time.");
	/* White's clock is down to zero; Black's never ran. */
	WAIT_ROW(&p, "White (human)", "0.0");
	WAIT_ROW(&p, "Black (human)", "1.2");
	pty_close(&p);
}
END_TEST

/* Waits until rank `low` is shown below rank `high` on screen. */
static bool
wait_below(struct pty *p, int low, int high)
{
	for (int i = 0; i < WAIT_MS / 20; i++) {
		int a = rank_row(p, low), b = rank_row(p, high);

		if (a >= 0 && b >= 0 && a > b)
			return true;
		pty_pump(p, 20);
	}
	return false;
}

START_TEST(test_flip)
{
	struct pty p;
	const char *args[] = { "--variant", "grand", NULL };

	start(&p, 24, 80, args, NULL);
	WAIT_GAME(&p);
	ck_assert(wait_below(&p, 1, 10));
	pty_send(&p, "f");
	WAIT_FOR(&p, "Black is at the bottom.");
	ck_assert_msg(wait_below(&p, 10, 1), "%s", pty_dump(&p));
	ck_assert_int_lt(file_col(&p, 'j'), file_col(&p, 'a'));
	/* Up is up on the screen: from e2 towards rank 1 now. */
	pty_send(&p, "k" ENTER);
	WAIT_FOR(&p, "Pick up a piece of White's (e1 is empty).");
	pty_send(&p, ":flip" ENTER);
	WAIT_FOR(&p, "White is at the bottom.");
	ck_assert(wait_below(&p, 1, 10));
	/* With automatic flip the side to move is at the bottom. */
	pty_send(&p, "a");
	WAIT_FOR(&p, "Automatic flip is on");
	pty_send(&p, ":e5" ENTER);
	WAIT_FOR(&p, "Black to move");
	ck_assert_msg(wait_below(&p, 10, 1), "%s", pty_dump(&p));
	pty_send(&p, ":e6" ENTER);
	WAIT_FOR(&p, "White to move");
	ck_assert(wait_below(&p, 1, 10));
	pty_close(&p);
}
END_TEST

START_TEST(test_new_game_from_game)
{
	struct pty p;
	const char *args[] = { "--variant", "grand", NULL };

	start(&p, 24, 80, args, NULL);
	WAIT_GAME(&p);
	pty_send(&p, ":e5" ENTER);
	WAIT_FOR(&p, "1. e5");
	/* n opens the new-game screen on this game's variant; Esc goes
	 * back to the game as it was. */
	pty_send(&p, "n");
	WAIT_FOR(&p, "< Grand Chess >");
	pty_send(&p, ESC);
	WAIT_FOR(&p, "1. e5");
	WAIT_FOR(&p, "Black to move");
	/* A new Chad game with a 3-minute clock. */
	pty_send(&p, "n");
	WAIT_FOR(&p, "< Grand Chess >");
	pty_key(&p, VTERM_KEY_LEFT);
	WAIT_FOR(&p, "< Chad >");
	/* Down past White, Black and the computer's level to the minutes. */
	pty_send(&p, "jjjj3");
	WAIT_FOR(&p, "< 3 >");
	pty_send(&p, ENTER);
	WAIT_GAME(&p);
	WAIT_FOR(&p, "Chad");
	/* Black's clock: White's runs from the start, and on a busy
	 * machine it has ticked below 3:00 before the screen is read. */
	WAIT_ROW(&p, "Black (human)", "3:00");
	ck_assert(!pty_find(&p, "1. e5", NULL, NULL));
	pty_close(&p);
}
END_TEST

START_TEST(test_resize)
{
	struct pty p;
	const char *args[] = { "--variant", "chad", NULL };
	int a, b;

	start(&p, 24, 80, args, NULL);
	WAIT_GAME(&p);
	pty_resize(&p, 14, 50);
	/* Chad: 12 ranks + frame + letters + title + 2 lines; 3 + 36 + 2 +
	 * 1 + a 28-column panel. */
	WAIT_FOR(&p, "Terminal too small");
	WAIT_FOR(&p, "need 70x18");
	pty_send(&p, ":");
	pty_resize(&p, 24, 80);
	WAIT_GONE(&p, "too small");
	WAIT_FOR(&p, "White to move");
	/* A large terminal gets larger cells. */
	pty_resize(&p, 45, 130);
	for (int i = 0; i < WAIT_MS / 50; i++) {
		a = file_col(&p, 'a');
		b = file_col(&p, 'b');
		if (a >= 0 && b - a >= 5)
			break;
		pty_pump(&p, 50);
	}
	ck_assert_msg(b - a >= 5, "cells not wider: a at %d, b at %d\n%s", a,
	    b, pty_dump(&p));
	ASSERT_PIECE(&p, "d4", 'K');
	pty_close(&p);
}
END_TEST

START_TEST(test_ascii_mode)
{
	struct pty p;
	const char *args[] = { "--variant", "hadean", "--ascii", NULL };

	start(&p, 24, 80, args, NULL);
	WAIT_GAME(&p);
	WAIT_FOR(&p, "+------");
	for (int r = 0; r < p.rows; r++)
		for (int c = 0; c < p.cols; c++)
			ck_assert_msg(pty_cell(&p, r, c).chars[0] < 0x80,
			    "non-ASCII at %d,%d:\n%s", r, c, pty_dump(&p));
	ASSERT_MARK(&p, "g1", -1, '[');
	ASSERT_MARK(&p, "g1", 1, ']');
	pty_send(&p, "k" ENTER);
	WAIT_FOR(&p, "The bishop on g2 has no legal move.");
	pty_send(&p, "k" ENTER "kk" ENTER);
	WAIT_FOR(&p, "1. g5");
	ASSERT_PIECE(&p, "g5", 'P');
	pty_close(&p);
}
END_TEST

START_TEST(test_monochrome)
{
	static const char *const env_no_color[] = { "NO_COLOR=1", NULL };
	struct pty p;
	const char *args[] = { "--variant", "grand", _i ? "--no-color" : NULL,
		NULL };
	int row, col;

	start(&p, 24, 80, args, _i ? NULL : env_no_color);
	WAIT_GAME(&p);
	for (char f = 'a'; f <= 'j'; f++)
		for (int r = 1; r <= 10; r++) {
			char sq[16];
			VTermScreenCell cell;

			snprintf(sq, sizeof sq, "%c%d", f, r);
			cell = square_cell(&p, sq);
			ck_assert_msg(VTERM_COLOR_IS_DEFAULT_BG(&cell.bg),
			    "colour on %s", sq);
		}
	/* Light and dark squares differ by their empty-square pattern. */
	ck_assert(square_char(&p, "a5") != square_char(&p, "b5"));
	/* The cursor: markers and reverse video. */
	square_at(&p, "e2", &row, &col);
	ck_assert_uint_eq(pty_cell(&p, row, col - 1).chars[0], '[');
	ck_assert(pty_cell(&p, row, col).attrs.reverse);
	/* White is bold, Black is not. */
	ck_assert(square_cell(&p, "a1").attrs.bold);
	ck_assert(!square_cell(&p, "a10").attrs.bold);
	/* Destinations still show, and the last move is underlined. */
	pty_send(&p, "k" ENTER);
	WAIT_FOR(&p, "Pawn on e3:");
	ck_assert_uint_eq(square_cell(&p, "e5").chars[0], 0x2022);
	pty_send(&p, "kk" ENTER);
	WAIT_FOR(&p, "Black to move");
	ck_assert(square_cell(&p, "e3").attrs.underline);
	pty_close(&p);
}
END_TEST

START_TEST(test_help_screen)
{
	struct pty p;
	const char *args[] = { "--variant", "grand", NULL };

	start(&p, 24, 80, args, NULL);
	WAIT_GAME(&p);
	pty_send(&p, "?");
	WAIT_FOR(&p, "take back the last move");
	WAIT_FOR(&p, "Up k");
	/* Page down to the end (the last page is never scrolled past):
	 * the list ends with q. */
	pty_key(&p, VTERM_KEY_PAGEDOWN);
	pty_key(&p, VTERM_KEY_PAGEDOWN);
	WAIT_FOR(&p, "leave bigchess (asks during a game)");
	pty_send(&p, "q");
	WAIT_FOR(&p, "White to move");
	/* The help's q closed the help, not the program. */
	ck_assert(!p.exited);
	pty_close(&p);
}
END_TEST

START_TEST(test_quit_restores_terminal)
{
	struct pty p;
	const char *args[] = { "--variant", "grand", NULL };
	struct termios t;

	start(&p, 24, 80, args, NULL);
	WAIT_GAME(&p);
	ck_assert(p.altscreen);
	pty_send(&p, ":e5" ENTER);
	WAIT_FOR(&p, "Black to move");
	pty_send(&p, "q");
	WAIT_FOR(&p, "Leave this game");
	pty_send(&p, "n");
	WAIT_GONE(&p, "Leave this game");
	pty_send(&p, "q");
	WAIT_FOR(&p, "Leave this game");
	pty_send(&p, "y");
	expect_exit(&p, 0);
	ck_assert(!p.altscreen);
	ck_assert(strstr(p.log, "\033[?1049l") != NULL);
	ck_assert_int_eq(tcgetattr(p.fd, &t), 0);
	ck_assert(t.c_lflag & ECHO);
	ck_assert(t.c_lflag & ICANON);
	pty_close(&p);
}
END_TEST

START_TEST(test_signal_restores_terminal)
{
	static const int sigs[] = { SIGTERM, SIGHUP, SIGINT };
	struct pty p;
	const char *args[] = { "--variant", "chad", NULL };

	start(&p, 24, 80, args, NULL);
	WAIT_GAME(&p);
	kill(p.pid, sigs[_i]);
	ck_assert(pty_wait_exit(&p, WAIT_MS));
	ck_assert_msg(WIFSIGNALED(p.status) && WTERMSIG(p.status) == sigs[_i],
	    "status %#x", p.status);
	ck_assert(!p.altscreen);
	pty_close(&p);
}
END_TEST

START_TEST(test_bad_terminal)
{
	static const char *const env_dumb[] = { "TERM=dumb", NULL };
	static const char *const env_unknown[] = { "TERM=no-such-terminal",
		NULL };
	struct pty p;
	const char *args[] = { "--variant", "grand", NULL };

	start(&p, 24, 80, args, _i ? env_unknown : env_dumb);
	expect_exit(&p, 1);
	ck_assert_msg(strstr(p.log, _i ? "unknown terminal type" :
	    "cannot move the cursor"), "output: %s", p.log);
	ck_assert(strchr(p.log, '\n') == strrchr(p.log, '\n'));
	pty_close(&p);
}
END_TEST

START_TEST(test_mouse)
{
	struct pty p;
	const char *args[] = { "--variant", "grand", NULL };
	int row, col;

	start(&p, 24, 80, args, NULL);
	WAIT_GAME(&p);
	square_at(&p, "f3", &row, &col);
	click(&p, row, col);
	WAIT_FOR(&p, "Pawn on f3:");
	square_at(&p, "f5", &row, &col);
	click(&p, row, col);
	WAIT_FOR(&p, "1. f5");
	ASSERT_PIECE(&p, "f5", 'P');
	pty_close(&p);
}
END_TEST

START_TEST(test_bytes_per_move)
{
	struct pty p;
	const char *args[] = { "--variant", "chad", NULL };
	size_t before, pick, drop;

	start(&p, 24, 80, args, NULL);
	WAIT_GAME(&p);
	pty_send(&p, "k");
	pty_settle(&p, 150, WAIT_MS);
	before = p.log_len;
	pty_send(&p, ENTER "kkk");
	WAIT_FOR(&p, "piece on d5");
	pty_settle(&p, 150, WAIT_MS);
	pick = p.log_len - before;
	before = p.log_len;
	pty_send(&p, ENTER);
	WAIT_FOR(&p, "1. Rd8");
	pty_settle(&p, 150, WAIT_MS);
	drop = p.log_len - before;
	fprintf(stderr, "ui: picking up and moving the cursor wrote %zu "
	    "bytes, the move itself %zu bytes\n", pick, drop);
	ck_assert_uint_le(drop, 1024);
	ck_assert_uint_le(pick, 2048);
	pty_close(&p);
}
END_TEST

Suite *
ui_suite(void)
{
	Suite *s = suite_create("ui");
	TCase *tc = tcase_create("screens");
	TCase *play = tcase_create("play");
	TCase *term = tcase_create("terminal");

	tcase_set_timeout(tc, 30);
	tcase_set_timeout(play, 30);
	tcase_set_timeout(term, 30);
	tcase_add_loop_test(tc, test_start_screen, 0,
	    (int)(sizeof starts / sizeof starts[0]));
	tcase_add_loop_test(tc, test_checkered_colors, 0, 2);
	tcase_add_test(tc, test_chad_zones);
	tcase_add_test(tc, test_new_game_screen);
	tcase_add_test(tc, test_against_the_computer);
	tcase_add_test(tc, test_computer_against_computer);
	tcase_add_test(tc, test_help_screen);
	tcase_add_test(tc, test_ascii_mode);
	tcase_add_loop_test(tc, test_monochrome, 0, 2);
	tcase_add_test(play, test_move_by_cursor);
	tcase_add_test(play, test_move_by_text);
	tcase_add_test(play, test_illegal_move);
	tcase_add_test(play, test_undo_redo);
	tcase_add_test(play, test_grand_promotion);
	tcase_add_test(play, test_grand_promotion_lost_types_only);
	tcase_add_test(play, test_typed_promotion_asks);
	tcase_add_test(play, test_hadean_promotion);
	tcase_add_test(play, test_hadean_castling_chooser);
	tcase_add_test(play, test_chad_promotes_without_asking);
	tcase_add_test(play, test_checkmate);
	tcase_add_test(play, test_resign_and_draw);
	tcase_add_test(play, test_clock_flag_fall);
	tcase_add_test(play, test_mouse);
	tcase_add_test(play, test_flip);
	tcase_add_test(play, test_new_game_from_game);
	tcase_add_test(term, test_resize);
	tcase_add_test(term, test_quit_restores_terminal);
	tcase_add_loop_test(term, test_signal_restores_terminal, 0, 3);
	tcase_add_loop_test(term, test_bad_terminal, 0, 2);
	tcase_add_test(term, test_bytes_per_move);
	suite_add_tcase(s, tc);
	suite_add_tcase(s, play);
	suite_add_tcase(s, term);
	return s;
}
