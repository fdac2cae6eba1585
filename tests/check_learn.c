/*
 * check_learn.c - the lessons on screen, driven through a
 * pseudo-terminal: `bigchess --learn` opens the list, a lesson is solved
 * by typing its moves (the computer answers with the lesson's reply), the
 * success text shows, the progress file in the state folder lists the
 * lesson, and a new run marks it solved.  Wrong moves get a reason.
 *
 * The moves and replies come from the lesson files and the rules (a rook
 * ladder: the first rook cuts the king off on the last rank, the king
 * steps aside, the other rook mates on the last rank), not from the
 * program's output.  Each test has its own XDG_STATE_HOME.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <sys/wait.h>
#include <unistd.h>

#include "../src/app/lessons.h"
#include "pty_board.h"

enum { ROWS = 24, COLS = 80 };

static void
start_sized(struct pty *p, int rows, const struct state *s,
    const char *const args[])
{
	start_in(p, rows, COLS, s, args);
}

static void
start(struct pty *p, const struct state *s, const char *const args[])
{
	start_sized(p, ROWS, s, args);
}

/* The progress file's text ("" if there is none). */
static void
read_progress(const struct state *s, char *buf, size_t size)
{
	char path[128];
	FILE *f;
	size_t n = 0;

	snprintf(path, sizeof path, "%s/bigchess/lessons-done", s->home);
	f = fopen(path, "r");
	if (f) {
		n = fread(buf, 1, size - 1, f);
		fclose(f);
	}
	buf[n] = '\0';
}

/* Presses Down `n` times in the list, then Enter; waits for `title`. */
static void
open_lesson(struct pty *p, int n, const char *title)
{
	for (int i = 0; i < n; i++)
		pty_key(p, VTERM_KEY_DOWN);
	pty_send(p, ENTER);
	WAIT_FOR(p, title);
	WAIT_FOR(p, "H hint");
}

/* Types `move` at the ':' prompt. */
static void
type_move(struct pty *p, const char *move)
{
	pty_send(p, ":");
	pty_send(p, move);
	pty_send(p, ENTER);
}

/*
 * One lesson per variant with a two-move line, opened three ways: the
 * list of all variants (then Left/Right to the variant), --learn V and
 * --learn=V.
 */
static const struct {
	const char *args[3];
	int variant_steps;   /* Right presses in the list of all variants */
	const char *variant; /* the list's heading */
	int index;           /* the lesson's place in its list, from 0 */
	const char *title, *name;
	const char *moves[3]; /* player, computer (first listed line), player */
	const char *success; /* the start of the lesson's success text */
} cases[] = {
	{ { "--learn", "chad", NULL }, 0, "Chad", 8,
	    "Freeling's diagram", "chad/09-freeling-wall-rook",
	    { "Rxh9=Q+", "Kj10", "Qi9" }, "Freeling's own" },
	{ { "--learn=grand", NULL, NULL }, 0, "Grand Chess", 14,
	    "The ladder: mate in two", "grand/15-rook-ladder",
	    { "Rb9", "Kd10", "Ra10" }, "Mate in two" },
	{ { "--learn", NULL, NULL }, 1, "Hadean Chess", 17,
	    "The ladder: mate in two", "hadean/18-rook-ladder",
	    { "Rb11", "Ke12", "Ra12" }, "Mate in two" },
	/* HexChad's lesson on the hexagonal board (the names come from
	 * its file; the moves are checked by hand there). */
	{ { "--learn", "hexchad", NULL }, 0, "HexChad", 8,
	    "The promotion sacrifice", "hexchad/09-promotion-sacrifice",
	    { "Rk10=Q+", "Kxk10", "Ri10=Q" }, "Freeling's promotion" },
};

START_TEST(test_solve_lesson)
{
	struct state s;
	struct pty p;
	char text[4096], answer[64];

	state_new(&s);
	start(&p, &s, cases[_i].args);
	WAIT_FOR(&p, "lessons");
	WAIT_FOR(&p, "Enter open");
	for (int i = 0; i < cases[_i].variant_steps; i++)
		pty_key(&p, VTERM_KEY_RIGHT);
	WAIT_ROW(&p, cases[_i].variant, "");
	WAIT_FOR(&p, "0 of");
	open_lesson(&p, cases[_i].index, cases[_i].title);
	WAIT_FOR(&p, "give checkmate in 2");
	type_move(&p, cases[_i].moves[0]);
	snprintf(answer, sizeof answer, "answered %s", cases[_i].moves[1]);
	WAIT_FOR(&p, answer);
	type_move(&p, cases[_i].moves[2]);
	WAIT_FOR(&p, "Solved!");
	WAIT_FOR(&p, cases[_i].success);
	read_progress(&s, text, sizeof text);
	ck_assert_msg(strstr(text, cases[_i].name) != NULL,
	    "the progress file does not list %s: '%s'", cases[_i].name, text);
	pty_send(&p, "q");
	WAIT_ROW(&p, "[x]", cases[_i].title);
	WAIT_FOR(&p, "1 of");
	pty_send(&p, "q");
	expect_clean_exit(&p, &s);
}
END_TEST

/* Wrong moves: legal but beside the point, illegal by the cursor, and
 * the other side's piece; each is explained and the position stays. */
START_TEST(test_wrong_moves)
{
	const char *args[] = { "--learn", "grand", NULL };
	struct state s;
	struct pty p;

	state_new(&s);
	start(&p, &s, args);
	WAIT_FOR(&p, "Enter open");
	open_lesson(&p, 14, "The ladder: mate in two");
	/* Rc8 is legal but does not cut the king off. */
	type_move(&p, "Rc8");
	WAIT_FOR(&p, "Rc8 is legal, but not the move");
	WAIT_FOR(&p, "Hint: Two rooks");
	/* The cursor starts on White's king (e1): two squares up is not a
	 * king's move. */
	pty_send(&p, ENTER);
	WAIT_FOR(&p, "Esc puts it back");
	pty_key(&p, VTERM_KEY_UP);
	pty_key(&p, VTERM_KEY_UP);
	pty_send(&p, ENTER);
	WAIT_FOR(&p, "cannot move to e3");
	pty_send(&p, ESC);
	WAIT_FOR(&p, "Put back");
	/* The black king on e10. */
	for (int i = 0; i < 7; i++)
		pty_key(&p, VTERM_KEY_UP);
	pty_send(&p, ENTER);
	WAIT_FOR(&p, "is not your piece");
	/* Nonsense at the prompt: the rules library's reason. */
	type_move(&p, "Zz9");
	WAIT_FOR(&p, "'Z' is not a piece of Grand Chess");
	/* A king steps one square. */
	type_move(&p, "Ke3");
	WAIT_FOR(&p, "No king of yours can");
	/* H goes through the hints and then names the move. */
	pty_send(&p, "HHH");
	WAIT_FOR(&p, "the move is Rb9");
	/* The lesson still goes on from its start. */
	type_move(&p, "Rb9");
	WAIT_FOR(&p, "answered Kd10");
	pty_send(&p, "r");
	WAIT_FOR(&p, "starts again");
	pty_send(&p, "q");
	WAIT_FOR(&p, "0 of 15 solved");
	pty_send(&p, "q");
	expect_clean_exit(&p, &s);
}
END_TEST

/*
 * Every lesson of a variant, one after another with n: the player's moves
 * of each lesson's first line are typed (the first alternative of each),
 * the computer's replies are the line's, and each lesson ends solved.
 * The moves come from the lesson files themselves.
 */
static const char *const all_variants[] = { "chad", "grand", "hadean" };

START_TEST(test_every_lesson)
{
	char arg[32], text[8192], want[64];
	const char *args[] = { arg, NULL };
	struct state s;
	struct pty p;
	int solved = 0;

	snprintf(arg, sizeof arg, "--learn=%s", all_variants[_i]);
	state_new(&s);
	start(&p, &s, args);
	WAIT_FOR(&p, "Enter open");
	pty_send(&p, ENTER);
	for (int f = 0; f < lesson_file_count; f++) {
		static struct lesson l;
		const char *t = lesson_files[f].text;
		const struct lesson_line *line;

		ck_assert_int_eq(lesson_parse(t, strlen(t), &l, NULL), BC_OK);
		if (strcmp(l.variant, all_variants[_i]))
			continue;
		if (solved)
			pty_send(&p, "n");
		WAIT_FOR(&p, l.title);
		line = &l.line[0];
		for (int k = 0; k < line->ply_count; k += 2) {
			type_move(&p, line->ply[k].alt[0]);
			if (k + 1 == line->ply_count)
				break;
			/* The reply as the file spells it, without + or #. */
			snprintf(want, sizeof want, "answered %s",
			    line->ply[k + 1].alt[0]);
			want[strcspn(want, "+#")] = '\0';
			WAIT_FOR(&p, want);
		}
		WAIT_FOR(&p, "Solved!");
		solved++;
	}
	ck_assert_int_ge(solved, 10);
	read_progress(&s, text, sizeof text);
	for (int f = 0; f < lesson_file_count; f++) {
		char name[64];

		if (strncmp(lesson_files[f].name, all_variants[_i],
		    strlen(all_variants[_i])) ||
		    lesson_files[f].name[strlen(all_variants[_i])] != '/')
			continue;
		snprintf(name, sizeof name, "%s", lesson_files[f].name);
		name[strlen(name) - 4] = '\0'; /* ".txt" */
		ck_assert_msg(strstr(text, name), "%s not in '%s'", name, text);
	}
	pty_send(&p, "q");
	snprintf(want, sizeof want, "%d of %d solved", solved, solved);
	WAIT_FOR(&p, want);
	pty_send(&p, "q");
	expect_clean_exit(&p, &s);
}
END_TEST

/* A promotion by the cursor asks which piece, as in a game; each of the
 * nine promotes (Hadean Chess), so the lesson is solved. */
START_TEST(test_promotion_chooser)
{
	const char *args[] = { "--learn=hadean", NULL };
	struct state s;
	struct pty p;

	state_new(&s);
	start(&p, &s, args);
	WAIT_FOR(&p, "Enter open");
	open_lesson(&p, 9, "Nine promotions");
	/* From White's king on l1 to the pawn on e11. */
	for (int i = 0; i < 7; i++)
		pty_key(&p, VTERM_KEY_LEFT);
	for (int i = 0; i < 10; i++)
		pty_key(&p, VTERM_KEY_UP);
	pty_send(&p, ENTER);
	WAIT_FOR(&p, "The pawn on e11");
	pty_key(&p, VTERM_KEY_UP);
	pty_send(&p, ENTER);
	WAIT_FOR(&p, "Promotion");
	WAIT_FOR(&p, "elephant (e12=E)");
	pty_send(&p, "e");
	WAIT_FOR(&p, "Solved!");
	pty_send(&p, "qq");
	expect_clean_exit(&p, &s);
}
END_TEST

/* On a short terminal the explanation scrolls: the Chad board takes 18
 * rows, and the longest Chad text does not fit beside it in 19. */
START_TEST(test_scroll)
{
	const char *args[] = { "--learn=chad", NULL };
	struct state s;
	struct pty p;

	state_new(&s);
	start_sized(&p, 19, &s, args);
	WAIT_FOR(&p, "Enter open");
	open_lesson(&p, 10, "The promotion sacrifice");
	WAIT_FOR(&p, "Here 1.Rh8=Q+");
	WAIT_FOR(&p, "(more: PgDn or ])");
	ck_assert(!pty_find(&p, "covers", NULL, NULL) ||
	    !pty_find(&p, "i10.", NULL, NULL));
	pty_send(&p, "]");
	WAIT_FOR(&p, "i10.");
	ck_assert(pty_wait_gone(&p, "(more: PgDn", WAIT_MS));
	pty_send(&p, "[");
	WAIT_FOR(&p, "Here 1.Rh8=Q+");
	pty_send(&p, "qq");
	expect_clean_exit(&p, &s);
}
END_TEST

/* The mouse picks up and puts down as in a game. */
START_TEST(test_mouse)
{
	const char *args[] = { "--learn=grand", NULL };
	struct state s;
	struct pty p;

	state_new(&s);
	start(&p, &s, args);
	WAIT_FOR(&p, "Enter open");
	open_lesson(&p, 14, "The ladder: mate in two");
	click_square(&p, "b1");
	WAIT_FOR(&p, "The rook on b1");
	click_square(&p, "b9");
	WAIT_FOR(&p, "answered Kd10");
	click_square(&p, "a8");
	WAIT_FOR(&p, "The rook on a8");
	click_square(&p, "a10");
	WAIT_FOR(&p, "Solved!");
	pty_send(&p, "qq");
	expect_clean_exit(&p, &s);
}
END_TEST

/* Solved lessons are remembered across runs; the list marks them. */
START_TEST(test_progress_survives)
{
	const char *args[] = { "--learn", "grand", NULL };
	struct state s;
	struct pty p;

	state_new(&s);
	start(&p, &s, args);
	WAIT_FOR(&p, "Enter open");
	open_lesson(&p, 14, "The ladder: mate in two");
	/* Ra9 by the cursor: from White's king (e1) to the rook on a8. */
	for (int i = 0; i < 4; i++)
		pty_key(&p, VTERM_KEY_LEFT);
	for (int i = 0; i < 7; i++)
		pty_key(&p, VTERM_KEY_UP);
	pty_send(&p, " ");
	WAIT_FOR(&p, "The rook on a8");
	pty_key(&p, VTERM_KEY_UP);
	pty_send(&p, " ");
	WAIT_FOR(&p, "answered Kd10");
	type_move(&p, "Rb10");
	WAIT_FOR(&p, "Solved!");
	pty_send(&p, "qq");
	expect_exit(&p, 0);
	pty_close(&p);

	start(&p, &s, args);
	WAIT_FOR(&p, "1 of 15 solved");
	WAIT_ROW(&p, "[x]", "The ladder: mate in two");
	/* The first lesson's row, unmarked, then no mark on it. */
	WAIT_ROW(&p, "[ ]", "The chancellor: rook and knight");
	ck_assert_msg(!find_row(&p, "[x]", "The chancellor"),
	    "a lesson not solved is marked:\n%s", pty_dump(&p));
	pty_send(&p, "q");
	expect_clean_exit(&p, &s);
}
END_TEST

/* A garbage progress file is ignored; an unwritable state folder only
 * means a warning, and the lesson is still solved. */
START_TEST(test_bad_state)
{
	const char *args[] = { "--learn=grand", NULL };
	struct state s;
	struct pty p;
	char path[128];
	FILE *f;

	state_new(&s);
	snprintf(path, sizeof path, "%s/bigchess", s.home);
	ck_assert_int_eq(mkdir(path, 0700), 0);
	snprintf(path, sizeof path, "%s/bigchess/lessons-done", s.home);
	f = fopen(path, "wb");
	ck_assert_ptr_nonnull(f);
	for (int i = 0; i < 5000; i++)
		fputc((i * 37 + 11) % 256, f);
	fputs("\ngrand/15-rook-ladde\n grand/01-chancellor\n", f);
	fclose(f);
	start(&p, &s, args);
	WAIT_FOR(&p, "0 of 15 solved");
	pty_send(&p, "q");
	expect_exit(&p, 0);
	pty_close(&p);

	/* Now the folder cannot be written. */
	snprintf(path, sizeof path, "%s/bigchess", s.home);
	ck_assert_int_eq(chmod(path, 0500), 0);
	if (access(path, W_OK) == 0) {
		/* root writes anyway: point the state folder at a file. */
		snprintf(s.env, sizeof s.env, "XDG_STATE_HOME=%s/bigchess/"
		    "lessons-done", s.home);
	}
	start(&p, &s, args);
	WAIT_FOR(&p, "Enter open");
	open_lesson(&p, 14, "The ladder: mate in two");
	type_move(&p, "Rb9");
	WAIT_FOR(&p, "answered Kd10");
	type_move(&p, "Ra10");
	WAIT_FOR(&p, "Solved!");
	WAIT_FOR(&p, "progress was not saved");
	pty_send(&p, "q");
	WAIT_FOR(&p, "1 of 15 solved");
	pty_send(&p, "q");
	expect_exit(&p, 0);
	pty_close(&p);
	chmod(path, 0700);
	pty_remove_tree(s.home);
}
END_TEST

/* The new-game screen's Learn entry opens the list; q comes back. */
START_TEST(test_from_new_game)
{
	const char *args[] = { NULL };
	struct state s;
	struct pty p;

	state_new(&s);
	start(&p, &s, args);
	WAIT_FOR(&p, "L: Learn");
	pty_send(&p, "L");
	WAIT_FOR(&p, "Enter open");
	WAIT_FOR(&p, "solved");
	pty_send(&p, "?");
	WAIT_FOR(&p, "lesson keys");
	WAIT_FOR(&p, "show the next hint");
	pty_send(&p, "x");
	WAIT_FOR(&p, "Enter open");
	pty_send(&p, "q");
	WAIT_FOR(&p, "L: Learn");
	pty_send(&p, "q");
	expect_clean_exit(&p, &s);
}
END_TEST

/* Home and End (and g, G) jump to the first and last lesson of the list:
 * Chad's are "The king lives in its castle" (01) and "A rook that watches
 * two walls" (12), the titles in assets/lessons/chad/. */
START_TEST(test_list_ends)
{
	const char *args[] = { "--learn", "chad", NULL };
	struct state s;
	struct pty p;

	state_new(&s);
	start(&p, &s, args);
	WAIT_FOR(&p, "Enter open");
	pty_send(&p, "\033OF"); /* End, in keypad mode */
	pty_send(&p, "\r");
	WAIT_FOR(&p, "Chad lesson 12: A rook that watches two walls");
	pty_send(&p, "q");
	WAIT_FOR(&p, "Enter open");
	pty_send(&p, "g\r");
	WAIT_FOR(&p, "Chad lesson 1: The king lives in its castle");
	pty_send(&p, "qG\r");
	WAIT_FOR(&p, "Chad lesson 12:");
	pty_send(&p, "qq");
	expect_clean_exit(&p, &s);
}
END_TEST

Suite *
learn_suite(void)
{
	Suite *s = suite_create("learn");
	TCase *tc = tcase_create("screens");

	tcase_set_timeout(tc, 60);
	tcase_add_loop_test(tc, test_solve_lesson, 0,
	    (int)(sizeof cases / sizeof cases[0]));
	tcase_add_test(tc, test_wrong_moves);
	tcase_add_test(tc, test_progress_survives);
	tcase_add_test(tc, test_promotion_chooser);
	tcase_add_test(tc, test_scroll);
	tcase_add_test(tc, test_mouse);
	tcase_add_loop_test(tc, test_every_lesson, 0,
	    (int)(sizeof all_variants / sizeof all_variants[0]));
	tcase_add_test(tc, test_bad_state);
	tcase_add_test(tc, test_from_new_game);
	tcase_add_test(tc, test_list_ends);
	suite_add_tcase(s, tc);
	return s;
}
