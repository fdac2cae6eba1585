/*
 * check_ui_engine.c - the computer's help in the curses game, driven
 * through a pseudo-terminal like check_ui.c: "move now" (m), hints (H)
 * and the thinking display (T).
 *
 * Moves read off the screen are checked against the rules library: a
 * hint or an expected move must be one of the legal moves that
 * bc_movegen_legal lists for the position, written by bc_move_to_san.
 * Timing is never asserted as speed; waits are bounded polls, and a
 * bound that a level-10 search (12 s a move) would overrun shows that
 * the search was cut short.
 */
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "pty_board.h"

enum {
	ROWS = 30,
	COLS = 100,
	/* Well below level 10's 12 s, well above a stopped search's reply. */
	MOVE_NOW_MS = 3000,
	MAX_ARGS = 16
};

static void
start(struct pty *p, const char *const args[])
{
	start_bigchess(p, ROWS, COLS, args, NULL);
}

/* True if `san` is how bc_move_to_san writes a legal move of `pos`; the
 * move in *out. */
static bool
legal_san(const bc_position *pos, const char *san, bc_move *out)
{
	bc_move_list *list = new_move_list();
	bool found = false;

	bc_movegen_legal(pos, list);
	for (int i = 0; i < list->count && !found; i++) {
		char text[BC_MOVE_TEXT_MAX];

		bc_move_to_san(pos, list->moves[i], text, sizeof text);
		if (strcmp(text, san) == 0) {
			found = true;
			if (out)
				*out = list->moves[i];
		}
	}
	free(list);
	return found;
}

/* Plays SAN `san` on `pos`, which it must be legal in. */
static void
play_san(bc_position *pos, const char *san)
{
	bc_move m;
	bc_undo undo;

	ck_assert_msg(legal_san(pos, san, &m), "%s is not legal", san);
	bc_position_make(pos, m, &undo);
}

/*
 * Waits for `before` X `after` on the status line and copies X into
 * `out`.  The line is read again once the program has gone quiet, so
 * that a frame caught half drawn is never taken for the message.
 */
static void
read_status(struct pty *p, const char *before, const char *after,
    char *out, size_t size)
{
	char row[COLS + 1];

	for (int i = 0; i < WAIT_MS / 20; i++) {
		const char *at, *end;

		pty_pump(p, 20);
		if (!strstr(pty_row(p, ROWS - 2, row), before))
			continue;
		pty_settle(p, 100, 1000);
		at = strstr(pty_row(p, ROWS - 2, row), before);
		end = at ? strstr(at + strlen(before), after) : NULL;
		if (!end)
			continue;
		at += strlen(before);
		ck_assert_uint_lt((size_t)(end - at), size);
		memcpy(out, at, (size_t)(end - at));
		out[end - at] = '\0';
		return;
	}
	ck_abort_msg("no '%s' on the status line:\n%s", before, pty_dump(p));
}

/* Waits for "Hint: X (" on the status line and copies X into `san`. */
static void
read_hint(struct pty *p, char *san, size_t size)
{
	read_status(p, "Hint: ", " (", san, size);
}

/* The characters either side of square `sq`'s centre, as "[]" or "++". */
static void
marks_of(struct pty *p, bc_square sq, char out[3])
{
	char name[16];
	int row, col;

	snprintf(name, sizeof name, "%c%d", 'a' + BC_FILE(sq),
	    BC_RANK(sq) + 1);
	square_at(p, name, &row, &col);
	for (int i = 0; i < 2; i++) {
		uint32_t ch = pty_cell(p, row, col + (i ? 1 : -1)).chars[0];

		out[i] = ch == 0 ? ' ' : ch < 0x80 ? (char)ch : '?';
	}
	out[2] = '\0';
}

/* Both squares of `m` get + + (or the cursor's [ ], which wins). */
static void
assert_hint_marked(struct pty *p, bc_move m)
{
	bc_square sq[2] = { BC_MOVE_FROM(m), BC_MOVE_TO(m) };
	int plus = 0;

	pty_settle(p, 50, 1000);
	for (int i = 0; i < 2; i++) {
		char marks[3];

		marks_of(p, sq[i], marks);
		ck_assert_msg(!strcmp(marks, "++") || !strcmp(marks, "[]"),
		    "square %d shows '%s':\n%s", i, marks, pty_dump(p));
		plus += !strcmp(marks, "++");
	}
	ck_assert_msg(plus > 0, "no + + on the board:\n%s", pty_dump(p));
}

static void
assert_unmarked(struct pty *p, bc_move m)
{
	bc_square sq[2] = { BC_MOVE_FROM(m), BC_MOVE_TO(m) };

	pty_settle(p, 50, 1000);
	for (int i = 0; i < 2; i++) {
		char marks[3];

		marks_of(p, sq[i], marks);
		ck_assert_msg(strcmp(marks, "++") != 0, "square %d still "
		    "marked:\n%s", i, pty_dump(p));
	}
}

/*
 * Level 10 thinks 12 s a move; after m it must answer at once.  Before,
 * m with nobody thinking only says so.
 */
START_TEST(test_move_now)
{
	struct pty p;
	const char *args[] = { "--variant", "grand", "--white", "human",
		"--black", "computer", "--level", "10", NULL };

	start(&p, args);
	WAIT_GAME(&p);
	pty_send(&p, "m");
	WAIT_FOR(&p, "The computer is not thinking.");
	pty_send(&p, ":e5" ENTER);
	WAIT_FOR(&p, "Black to move");
	WAIT_FOR(&p, "White played e5.");
	ck_assert_msg(!pty_find(&p, "Black played", NULL, NULL),
	    "answered before m:\n%s", pty_dump(&p));
	pty_send(&p, "m");
	WAIT_FOR_MS(&p, "Black played", MOVE_NOW_MS);
	WAIT_FOR(&p, "White to move");
	pty_send(&p, "q");
	pty_close(&p);
}
END_TEST

/*
 * :draw against the computer: it judges by its latest search.  Black (the
 * computer) a queen up declines, a queen down accepts; before it has
 * searched at all it declines.  Kings e2 and e10, the queen on d7: no
 * check either way, and Kf2 is legal.
 */
static const struct {
	const char *fen, *answer;
} draw_offers[] = {
	{ "4k5/10/10/3q6/10/10/10/10/4K5/10 w - - 0 1",
	    "The computer declines the draw and plays on." },
	{ "4k5/10/10/3Q6/10/10/10/10/4K5/10 w - - 0 1",
	    "Draw (1/2-1/2) by agreement." },
};

START_TEST(test_draw_offer)
{
	struct pty p;
	const char *args[] = { "--variant", "grand", "--white", "human",
		"--black", "computer", "--level", "3", "--fen",
		draw_offers[_i].fen, NULL };

	start(&p, args);
	WAIT_GAME(&p);
	pty_send(&p, ":draw" ENTER);
	WAIT_FOR(&p, "it has not weighed the position yet");
	pty_send(&p, ":Kf2" ENTER);
	WAIT_FOR(&p, "Black played");
	WAIT_FOR(&p, "White to move");
	pty_send(&p, ":draw" ENTER);
	WAIT_FOR(&p, draw_offers[_i].answer);
	pty_send(&p, "q");
	pty_close(&p);
}
END_TEST

/* Copies the move X of "Black played X." on the status line into `san`. */
static void
read_black_move(struct pty *p, char *san, size_t size)
{
	read_status(p, "Black played ", ".", san, size);
}

/*
 * Taking back the move the computer is thinking about stops its search:
 * after another move it thinks about the new position, and m gets a
 * legal answer to that one at once.
 */
START_TEST(test_undo_stops_thinking)
{
	struct pty p;
	const char *args[] = { "--variant", "grand", "--white", "human",
		"--black", "computer", "--level", "10", NULL };
	const bc_variant *v = bc_variant_find("grand");
	bc_position pos;
	char san[BC_MOVE_TEXT_MAX];

	ck_assert_ptr_nonnull(v);
	bc_position_start(&pos, v);
	start(&p, args);
	WAIT_GAME(&p);
	pty_send(&p, ":e5" ENTER);
	WAIT_FOR(&p, "White played e5.");
	pty_send(&p, "u");
	WAIT_FOR(&p, "Move taken back; White to move.");
	pty_send(&p, ":b5" ENTER);
	/* It drops the move taken back: asked first (redo_guard.c). */
	WAIT_FOR(&p, "Moves taken back");
	pty_send(&p, "y");
	WAIT_FOR(&p, "White played b5.");
	play_san(&pos, "b5");
	pty_send(&p, "m");
	read_black_move(&p, san, sizeof san);
	ck_assert_msg(legal_san(&pos, san, NULL), "Black played %s, not a "
	    "legal answer to b5:\n%s", san, pty_dump(&p));
	pty_send(&p, "q");
	pty_close(&p);
}
END_TEST

/*
 * A hint is a legal SAN move of the position, marked on the board; an
 * undo and a move both take it away.
 */
START_TEST(test_hint)
{
	struct pty p;
	const char *args[] = { "--variant", "hadean", "--white", "human",
		"--black", "human", NULL };
	const bc_variant *v = bc_variant_find("hadean");
	bc_position pos;
	char san[BC_MOVE_TEXT_MAX];
	bc_move m;

	ck_assert_ptr_nonnull(v);
	bc_position_start(&pos, v);
	start(&p, args);
	WAIT_GAME(&p);
	pty_send(&p, ":e5" ENTER);
	WAIT_FOR(&p, "White played e5.");
	play_san(&pos, "e5");

	pty_send(&p, "H");
	read_hint(&p, san, sizeof san);
	ck_assert_msg(legal_san(&pos, san, &m), "hint '%s' is not a legal "
	    "move for Black", san);
	assert_hint_marked(&p, m);

	/* Taking back White's move cancels the hint. */
	pty_send(&p, "u");
	WAIT_FOR(&p, "Move taken back");
	WAIT_GONE(&p, "Hint:");
	assert_unmarked(&p, m);
	bc_position_start(&pos, v);

	/* White asks; playing the hint cancels it too. */
	pty_send(&p, "H");
	read_hint(&p, san, sizeof san);
	ck_assert_msg(legal_san(&pos, san, &m), "hint '%s' is not a legal "
	    "move for White", san);
	assert_hint_marked(&p, m);
	pty_send(&p, ":");
	pty_send(&p, san);
	pty_send(&p, ENTER);
	WAIT_FOR(&p, "Moves taken back");
	pty_send(&p, "y");
	WAIT_FOR(&p, "White played");
	WAIT_GONE(&p, "Hint:");
	assert_unmarked(&p, m);
	pty_send(&p, "q");
	pty_close(&p);
}
END_TEST

/*
 * Grand Chess, White to move: Rc10 is the only mate (the b9 rook holds
 * rank 9, c10 checks along rank 10, nothing can take or block).  The
 * hint finds it.
 */
START_TEST(test_hint_finds_mate)
{
	struct pty p;
	const char *fen = "9k/1R8/10/10/10/10/10/10/10/K1R7 w - - 0 1";
	const char *args[] = { "--variant", "grand", "--fen", fen,
		"--white", "human", "--black", "human", NULL };
	char san[BC_MOVE_TEXT_MAX];

	start(&p, args);
	WAIT_GAME(&p);
	pty_send(&p, "H");
	read_hint(&p, san, sizeof san);
	ck_assert_str_eq(san, "Rc10#");
	/* The help screen lists the new keys, from the key table. */
	pty_send(&p, "?");
	WAIT_FOR(&p, "ask the computer for a move");
	WAIT_FOR(&p, "its best move so far at once");
	WAIT_FOR(&p, "show the search: depth");
	pty_send(&p, "q");
	pty_close(&p);
}
END_TEST

/*
 * Waits for the thinking display's heading `what` ("Thinking: depth")
 * with a legal move of `pos` first on the line below it, and copies that
 * move into `san`.  The display changes while the search goes on, so a
 * line caught half drawn is read again rather than taken.
 */
static void
read_thinking(struct pty *p, const char *what, const bc_position *pos,
    char *san, size_t size)
{
	char row[COLS + 1];

	for (int i = 0; i < WAIT_MS / 20; i++) {
		int r, c;

		if (pty_find(p, what, &r, &c) && r + 1 < p->rows) {
			const char *at = strstr(pty_row(p, r + 1, row) + c,
			    ": ");
			size_t n;

			if (at) {
				at += 2;
				n = strcspn(at, " ");
				if (n > 0 && n < size) {
					memcpy(san, at, n);
					san[n] = '\0';
					if (legal_san(pos, san, NULL))
						return;
				}
			}
		}
		pty_pump(p, 20);
	}
	ck_abort_msg("no '%s' with a legal move first:\n%s", what,
	    pty_dump(p));
}

/*
 * Off by default; T shows depth and the expected moves in SAN, the first
 * a legal move of the searched position; after the move it stays as the
 * last search; T again hides it.
 */
START_TEST(test_thinking_display)
{
	struct pty p;
	const char *args[] = { "--variant", "chad", "--white", "human",
		"--black", "computer", "--level", "10", NULL };
	const bc_variant *v = bc_variant_find("chad");
	bc_position pos;
	bc_move_list *list = new_move_list();
	char san[BC_MOVE_TEXT_MAX], first[BC_MOVE_TEXT_MAX], text[64];

	ck_assert_ptr_nonnull(v);
	bc_position_start(&pos, v);
	bc_movegen_legal(&pos, list);
	ck_assert_int_gt(list->count, 0);
	bc_move_to_san(&pos, list->moves[0], first, sizeof first);
	free(list);
	start(&p, args);
	WAIT_GAME(&p);
	snprintf(text, sizeof text, ":%s" ENTER, first);
	pty_send(&p, text);
	snprintf(text, sizeof text, "White played %s.", first);
	WAIT_FOR(&p, text);
	play_san(&pos, first);
	WAIT_FOR(&p, "Black to move");
	ck_assert_msg(!pty_find(&p, "depth", NULL, NULL),
	    "the display is on by default:\n%s", pty_dump(&p));

	pty_send(&p, "T");
	WAIT_FOR(&p, "The thinking display is on.");
	read_thinking(&p, "Thinking: depth", &pos, san, sizeof san);

	pty_send(&p, "m");
	WAIT_FOR_MS(&p, "Black played", MOVE_NOW_MS);
	read_thinking(&p, "Last search: depth", &pos, san, sizeof san);
	pty_send(&p, "T");
	WAIT_FOR(&p, "The thinking display is off.");
	WAIT_GONE(&p, "depth");
	pty_send(&p, "q");
	pty_close(&p);
}
END_TEST

Suite *
ui_engine_suite(void)
{
	Suite *s = suite_create("ui_engine");
	TCase *tc = tcase_create("assist");

	tcase_set_timeout(tc, 30);
	tcase_add_test(tc, test_move_now);
	tcase_add_loop_test(tc, test_draw_offer, 0,
	    sizeof draw_offers / sizeof draw_offers[0]);
	tcase_add_test(tc, test_undo_stops_thinking);
	tcase_add_test(tc, test_hint);
	tcase_add_test(tc, test_hint_finds_mate);
	tcase_add_test(tc, test_thinking_display);
	suite_add_tcase(s, tc);
	return s;
}
