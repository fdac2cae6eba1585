/*
 * check_board_input.c - src/ui/board_input.c: moving pieces on the
 * board and the reason a refused move gets, first without a terminal
 * (tests/fake_ui.c), then through the real binary in a pseudo-terminal:
 * a pinned piece, a Chad capture outside the castle, a Grand promotion
 * to a type not lost (and one with nothing lost), a Hadean flyer with one
 * piece between, a castling through an attacked square - each by the
 * cursor (a click, or Enter and the cursor keys) and typed at ':'.
 *
 * The positions are those of tests/check_explain.c, worked out by hand
 * from shared/rules (grand.md, chad.md, hadean.md); the sentences are
 * the ones bigchess(6) promises.  The terminal is 220 columns wide so
 * that the status line holds a whole sentence; the 80-column test reads
 * it from the panel.
 */
#include <stdio.h>
#include <string.h>

#include "fake_ui.h"
#include "pty_board.h"
#include "ui/board_input.h"

/* Grand: king e1, rook e2, black rook e8, black king j10: the rook may
 * go along the e-file only. */
#define G_PIN "9k/10/4r5/10/10/10/10/10/4R5/4K5 w - - 0 1"
#define PIN_TEXT "The rook on e2 is pinned by the rook on e8: moving it " \
	"to f2 would leave your king in check."
/* Grand: pawn e9; White has its queen (d1) and has lost the rest. */
#define G_UNLOST "k9/4P5/10/10/10/10/10/10/10/3QK5 w - - 0 1"
#define UNLOST_TEXT "The pawn on e9 cannot become a queen: it may become " \
	"only a piece its side has lost, and White still has its queen."
/* Grand: pawn e9 and every White piece of the start. */
#define G_NONE_LOST "7k2/4P5/10/10/10/10/10/10/1NBQKCABN1/R8R w - - 0 1"
#define NONE_LOST_TEXT "The pawn on e9 cannot go to e10: it would have " \
	"to promote there, and White has lost no piece to promote to."
/* Chad: white rook a7, black rook g7 (no wall), kings d4 and i9. */
#define C_OPEN "12/12/12/8k3/12/R5r5/12/12/3K8/12/12/12 w - - 0 1"
#define CHAD_TEXT "The rook on a7 cannot take on g7: in Chad, rooks and " \
	"queens take only from the enemy wall into the enemy castle, or " \
	"from their own castle onto their own wall."
/* Hadean: warmachine d5, wazir-knight c5, black queen a5. */
#define H_FLY "6k5/12/12/12/12/12/12/q1WM8/12/12/12/6K5 w - - 0 1"
#define FLY_TEXT "The flying warmachine on d5 cannot fly to a5: a third " \
	"square needs two pieces or none between, and only the " \
	"wazir-knight on c5 is between."
/* Hadean: king g1, rook l1 (right K), a black rook h8 covering h1. */
#define H_THROUGH "6k5/12/12/12/7r4/12/12/12/12/12/12/6K4R w K - 0 1"
#define THROUGH_TEXT "White cannot castle O-O-2: the king would pass h1, " \
	"which the rook on h8 attacks."

static struct ui_options opts;

/* A unit-suite game from `fen` (no game is in progress yet, so without
 * a question): :fen asks the main loop to start it, done here. */
static struct ui *
game_at(const char *key, const char *fen)
{
	struct ui *ui = fake_ui_new(&opts, key);

	ck_assert_int_eq(actions_fen(ui, fen), UI_START_GAME);
	actions_start_game(ui, &ui->start_setup);
	ck_assert_int_eq(bc_game_length(ui->play.game), 0);
	return ui;
}

static void
cursor_to(struct ui *ui, const char *square)
{
	bc_square sq = square_of(square);

	ui->play.cursor_file = BC_FILE(sq);
	ui->play.cursor_rank = BC_RANK(sq);
}

/* Enter on e2, then on f2: the pinned rook stays, the reason shown. */
START_TEST(test_unit_drop_refused)
{
	struct ui *ui = game_at("grand", G_PIN);

	cursor_to(ui, "e2");
	ck_assert_int_eq(actions_run(ui, CMD_SELECT), UI_DRAW);
	ck_assert_int_eq(ui->play.selected, square_of("e2"));
	cursor_to(ui, "f2");
	ck_assert_int_eq(actions_run(ui, CMD_SELECT), UI_DRAW | UI_BEEP);
	ck_assert_str_eq(ui->message, PIN_TEXT);
	ck_assert(ui->message_is_error);
	ck_assert_str_eq(ui->refusal, PIN_TEXT);
	/* Still picked up, nothing played. */
	ck_assert_int_eq(ui->play.selected, square_of("e2"));
	ck_assert_int_eq(bc_game_length(ui->play.game), 0);
	/* The next command forgets the reason. */
	actions_run(ui, CMD_CANCEL);
	ck_assert_str_eq(ui->refusal, "");
	ck_assert_int_eq(ui->play.selected, 0);
	fake_ui_free(ui);
}
END_TEST

/* Typed: the parser's line, then the reason. */
START_TEST(test_unit_typed_refused)
{
	struct ui *ui = game_at("grand", G_PIN);

	ck_assert_int_eq(game_line(ui, "Rf2"), UI_DRAW | UI_BEEP);
	ck_assert_str_eq(ui->message, "Rf2 is not a legal move here. "
	    PIN_TEXT);
	ck_assert_str_eq(ui->refusal, PIN_TEXT);
	/* A move number before the move, as copied from a record. */
	ck_assert_int_eq(game_line(ui, "1. Kf1"), UI_DRAW);
	ck_assert_int_eq(bc_game_length(ui->play.game), 1);
	ck_assert_str_eq(ui->refusal, "");
	fake_ui_free(ui);
}
END_TEST

/*
 * The promotion chooser offers only the types White has lost (not the
 * queen); a typed queen is refused with the reason.
 */
START_TEST(test_unit_promotion)
{
	struct ui *ui = game_at("grand", G_UNLOST);
	const struct dialog *d = dialog_current(ui);

	ck_assert_int_eq(actions_try_moves(ui, square_of("e9"),
	    square_of("e10")), UI_DRAW);
	ck_assert_ptr_eq(ui_top(ui), &screen_dialog);
	ck_assert_str_eq(d->title, "Promotion");
	/* Chancellor, archbishop, rook, bishop, knight (grand.md). */
	ck_assert_int_eq(d->count, 5);
	for (int i = 0; i < d->count; i++)
		ck_assert(strncmp(d->items[i].label, "Queen", 5) != 0);
	ui_pop(ui);
	ck_assert_int_eq(game_line(ui, "e10=Q"), UI_DRAW | UI_BEEP);
	ck_assert_str_eq(ui->refusal, UNLOST_TEXT);
	fake_ui_free(ui);
}
END_TEST

/* Picking up: the game's short line, the reason for the panel. */
START_TEST(test_unit_pick)
{
	struct ui *ui = game_at("grand",
	    "4k5/10/10/10/10/10/4r5/10/4B5/4K5 w - - 0 1");

	cursor_to(ui, "e2");
	ck_assert_int_eq(actions_run(ui, CMD_SELECT), UI_DRAW);
	ck_assert_str_eq(ui->message, "The bishop on e2 has no legal move.");
	ck_assert_str_eq(ui->refusal, "The bishop on e2 is pinned by the "
	    "rook on e4: each of its moves would leave your king in check.");
	ck_assert_int_eq(ui->play.selected, 0);
	fake_ui_free(ui);
}
END_TEST

/* The board's commands: one list, the ones lessons and the game share. */
START_TEST(test_unit_commands)
{
	static const enum command want[] = { CMD_UP, CMD_DOWN, CMD_LEFT,
		CMD_RIGHT, CMD_UP_LEFT, CMD_UP_RIGHT, CMD_DOWN_LEFT,
		CMD_DOWN_RIGHT, CMD_SELECT, CMD_CANCEL, CMD_PROMPT, CMD_FLIP };
	int n = 0;

	while (board_command(n) != CMD_NONE) {
		ck_assert_int_lt(n, (int)(sizeof want / sizeof want[0]));
		ck_assert_int_eq(board_command(n), want[n]);
		ck_assert(board_is_command(want[n]));
		n++;
	}
	ck_assert_int_eq(n, (int)(sizeof want / sizeof want[0]));
	ck_assert(!board_is_command(CMD_UNDO));
	ck_assert(!board_is_command(CMD_HINT));
}
END_TEST

/* ---- Through the real program ---- */

enum { ROWS = 40, WIDE = 220 };

static void
start_at(struct pty *p, int cols, const char *variant, const char *fen)
{
	const char *args[] = { "--variant", variant, "--black", "human",
		"--fen", fen, NULL };

	start_bigchess(p, ROWS, cols, args, NULL);
	WAIT_GAME(p);
}

static void
type_line(struct pty *p, const char *line)
{
	pty_send(p, ":");
	pty_send(p, line);
	pty_send(p, ENTER);
}

/*
 * One refusal by the cursor (`from` then `to` clicked) and by the line
 * typed, each with `text` on the status line; the board is unchanged.
 */
static void
refused(const char *variant, const char *fen, const char *from,
    const char *to, char piece, const char *typed, const char *text)
{
	char line[512];
	struct pty p;

	start_at(&p, WIDE, variant, fen);
	click_square(&p, from);
	WAIT_FOR(&p, "Enter on a marked square moves it");
	click_square(&p, to);
	WAIT_FOR(&p, text);
	ASSERT_PIECE(&p, from, piece);
	pty_send(&p, ESC);
	WAIT_FOR(&p, "Put back.");
	snprintf(line, sizeof line, "%s is not a legal move here. %s", typed,
	    text);
	type_line(&p, typed);
	WAIT_FOR(&p, line);
	ASSERT_PIECE(&p, from, piece);
	ck_assert(pty_find(&p, "White to move", NULL, NULL));
	pty_send(&p, "q");
	expect_exit(&p, 0);
	pty_close(&p);
}

START_TEST(test_pinned)
{
	refused("grand", G_PIN, "e2", "f2", 'R', "Rf2", PIN_TEXT);
}
END_TEST

START_TEST(test_chad_capture)
{
	refused("chad", C_OPEN, "a7", "g7", 'R', "Rxg7", CHAD_TEXT);
}
END_TEST

START_TEST(test_hadean_flyer)
{
	refused("hadean", H_FLY, "d5", "a5", 'M', "Mxa5", FLY_TEXT);
}
END_TEST

START_TEST(test_castling_through)
{
	refused("hadean", H_THROUGH, "g1", "i1", 'K', "O-O-2", THROUGH_TEXT);
}
END_TEST

/*
 * Nothing lost, so the pawn on e9 has no move at all: Enter on it says so
 * on the status line, and the panel says why; typed, the same reason.
 */
START_TEST(test_no_promotion_left)
{
	char line[512];
	struct pty p;

	start_at(&p, WIDE, "grand", G_NONE_LOST);
	click_square(&p, "e9");
	WAIT_FOR(&p, "The pawn on e9 has no legal move.");
	WAIT_FOR(&p, "Not legal:");
	WAIT_FOR(&p, NONE_LOST_TEXT);
	snprintf(line, sizeof line, "e9e10 is not a legal move here. %s",
	    NONE_LOST_TEXT);
	type_line(&p, "e9e10");
	WAIT_FOR(&p, line);
	ASSERT_PIECE(&p, "e9", 'P');
	pty_send(&p, "q");
	expect_exit(&p, 0);
	pty_close(&p);
}
END_TEST

/*
 * A Grand promotion to a type not lost: the cursor's chooser offers only
 * lost types; typed, the queen is refused with the reason.
 */
START_TEST(test_promotion_unlost)
{
	char line[512];
	struct pty p;

	start_at(&p, WIDE, "grand", G_UNLOST);
	click_square(&p, "e9");
	WAIT_FOR(&p, "Enter on a marked square moves it");
	click_square(&p, "e10");
	WAIT_FOR(&p, "Promotion");
	WAIT_FOR(&p, "Chancellor (e10=C");
	ck_assert(!pty_find(&p, "Queen (", NULL, NULL));
	pty_send(&p, ESC);
	WAIT_FOR(&p, "No move made");
	pty_send(&p, ESC);
	WAIT_FOR(&p, "Put back.");
	snprintf(line, sizeof line, "e10=Q is not a legal move here. %s",
	    UNLOST_TEXT);
	type_line(&p, "e10=Q");
	WAIT_FOR(&p, line);
	ASSERT_PIECE(&p, "e9", 'P');
	pty_send(&p, "q");
	expect_exit(&p, 0);
	pty_close(&p);
}
END_TEST

/*
 * With the cursor keys (no mouse): Enter on e2, then right to f2 and
 * Enter.  At 80 columns the sentence is cut on the status line, so the
 * panel shows it whole; the next command clears it.
 */
START_TEST(test_keys_and_panel)
{
	struct pty p;

	start_at(&p, 80, "grand", G_PIN);
	click_square(&p, "e2");
	WAIT_FOR(&p, "Enter on a marked square moves it");
	pty_send(&p, "l" ENTER);
	WAIT_FOR(&p, "The rook on e2 is pinned by the rook on e8");
	WAIT_FOR(&p, "Not legal:");
	WAIT_FOR(&p, "would leave your king in");
	pty_send(&p, ESC);
	WAIT_GONE(&p, "Not legal:");
	ASSERT_PIECE(&p, "e2", 'R');
	pty_send(&p, "q");
	expect_exit(&p, 0);
	pty_close(&p);
}
END_TEST

Suite *
board_input_suite(void)
{
	Suite *s = suite_create("board_input");
	TCase *unit = tcase_create("unit");
	TCase *pty = tcase_create("pty");

	tcase_add_test(unit, test_unit_drop_refused);
	tcase_add_test(unit, test_unit_typed_refused);
	tcase_add_test(unit, test_unit_promotion);
	tcase_add_test(unit, test_unit_pick);
	tcase_add_test(unit, test_unit_commands);
	suite_add_tcase(s, unit);
	tcase_add_test(pty, test_pinned);
	tcase_add_test(pty, test_chad_capture);
	tcase_add_test(pty, test_hadean_flyer);
	tcase_add_test(pty, test_castling_through);
	tcase_add_test(pty, test_no_promotion_left);
	tcase_add_test(pty, test_promotion_unlost);
	tcase_add_test(pty, test_keys_and_panel);
	tcase_set_timeout(pty, 60);
	suite_add_tcase(s, pty);
	return s;
}
