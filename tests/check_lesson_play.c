/*
 * check_lesson_play.c - the lesson logic without a screen: which player
 * moves a lesson accepts after which moves so far and which reply the
 * computer plays (src/ui/lesson_play.c), word wrapping (src/ui/wrap.c),
 * and the progress file (src/app/learn.c).  The reasons given for illegal
 * moves are the rules library's (tests/check_explain.c).
 *
 * The lessons here are written for the tests; what is legal, check or
 * mate in them is worked out from the rules (../shared/rules), in the
 * comments beside each position.
 */
#include <stdio.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "../src/app/learn.h"
#include "../src/app/lessons.h"
#include "../src/ui/lesson_play.h"
#include "../src/ui/wrap.h"
#include "pty_harness.h"
#include "test_util.h"

/*
 * Grand Chess, the rook ladder: White's rooks a8 and b1, king e1;
 * Black's king e10 alone.  Rb9 or Ra9 shuts the king on rank 10; it can
 * only step to d10 or f10 (e9, d9, f9 are on the 9th rank); then the
 * other rook mates on rank 10.  The lines list both king moves.
 */
static const char ladder[] =
    "variant: grand\n"
    "title: Ladder\n"
    "fen: 4k5/10/R9/10/10/10/10/10/10/1R2K5 w - - 0 1\n"
    "goal: mate\n"
    "solution: Rb9 Kd10 Ra10#\n"
    "solution: Rb9 Kf10 Ra10#\n"
    "solution: Ra9 Kd10 Rb10#\n"
    "solution: Ra9 Kf10 Rb10#\n"
    "hint: one\n"
    "\n"
    "Text.\n";

/*
 * Grand Chess: the e9 pawn promotes on e10.  Black's king h10 is walled
 * in by its pawns g9 h9 i9; a queen, chancellor or rook on e10 checks
 * along the 10th rank and covers f10, g10 and i10 (beyond the king), so
 * each mates.  Only the queen is listed: the rook must still count as a
 * mate, a knight (no check) must not.
 */
static const char promote[] =
    "variant: grand\n"
    "title: Promote\n"
    "fen: 7k2/4P1ppp1/10/10/10/10/10/10/4K5/10 w - - 0 1\n"
    "goal: mate\n"
    "solution: e10=Q#\n"
    "\n"
    "Text.\n";

static struct lesson *
parse(const char *text)
{
	static struct lesson l;
	bc_error err;

	ck_assert_msg(lesson_parse(text, strlen(text), &l, &err) == BC_OK,
	    "%s", err.message);
	return &l;
}

/* Plays `names` (blank-separated, SAN) from the lesson's FEN into
 * moves[]; returns how many. */
static int
play(const struct lesson *l, const char *names, bc_move *moves,
    bc_position *pos)
{
	char buf[256], *save = NULL;
	int n = 0;

	LOAD_FEN(pos, l->variant, l->fen);
	snprintf(buf, sizeof buf, "%s", names);
	for (char *t = strtok_r(buf, " ", &save); t;
	     t = strtok_r(NULL, " ", &save)) {
		bc_undo u;

		ck_assert_int_eq(bc_move_parse(pos, t, &moves[n], NULL), BC_OK);
		bc_position_make(pos, moves[n], &u);
		n++;
	}
	return n;
}

static bc_move
move_in(const bc_position *pos, const char *san)
{
	bc_move m;

	ck_assert_int_eq(bc_move_parse(pos, san, &m, NULL), BC_OK);
	return m;
}

/* Table: after `before`, the player's `move` gets `verdict` and, on the
 * line, the computer's `reply`. */
static const struct {
	const char *before, *move;
	enum lesson_verdict verdict;
	const char *reply;
} ladder_rows[] = {
	{ "", "Rb9", LESSON_ON_LINE, "Kd10" },  /* first matching line */
	{ "", "Ra9", LESSON_ON_LINE, "Kd10" },
	{ "", "Rc8", LESSON_WRONG, NULL },      /* legal, not on a line */
	{ "", "Ke2", LESSON_WRONG, NULL },
	{ "Rb9 Kd10", "Ra10", LESSON_SOLVED, NULL },
	{ "Rb9 Kf10", "Ra10", LESSON_SOLVED, NULL },
	{ "Ra9 Kf10", "Rb10", LESSON_SOLVED, NULL },
	/* Checks, but the rook left the 9th rank: the king escapes. */
	{ "Ra9 Kf10", "Ra10", LESSON_WRONG, NULL },
	{ "Rb9 Kd10", "Rb10", LESSON_WRONG, NULL },
	{ "Rc8 Kd10", "Rb10", LESSON_WRONG, NULL }, /* off every line */
};

START_TEST(test_ladder)
{
	const struct lesson *l = parse(ladder);
	bc_move moves[LESSON_PLIES_MAX], reply = 0;
	bc_position pos;
	int n = play(l, ladder_rows[_i].before, moves, &pos);
	bc_move m = move_in(&pos, ladder_rows[_i].move);
	enum lesson_verdict v = lesson_judge(l, moves, n, m, &reply);

	ck_assert_msg(v == ladder_rows[_i].verdict, "%s then %s: verdict %d",
	    ladder_rows[_i].before, ladder_rows[_i].move, (int)v);
	if (ladder_rows[_i].reply) {
		bc_undo u;

		bc_position_make(&pos, m, &u);
		ck_assert_uint_eq(reply, move_in(&pos, ladder_rows[_i].reply));
	}
}
END_TEST

START_TEST(test_next_move)
{
	const struct lesson *l = parse(ladder);
	bc_move moves[LESSON_PLIES_MAX];
	bc_position pos;
	char buf[BC_MOVE_TEXT_MAX];
	int n;

	ck_assert(lesson_next_move(l, moves, 0, buf, sizeof buf));
	ck_assert_str_eq(buf, "Rb9");
	n = play(l, "Ra9 Kf10", moves, &pos);
	ck_assert(lesson_next_move(l, moves, n, buf, sizeof buf));
	ck_assert_str_eq(buf, "Rb10#");
	n = play(l, "Rc8 Kd10", moves, &pos);
	ck_assert(!lesson_next_move(l, moves, n, buf, sizeof buf));
}
END_TEST

START_TEST(test_unlisted_mate)
{
	const struct lesson *l = parse(promote);
	bc_move moves[1], reply;
	bc_position pos;

	LOAD_FEN(&pos, "grand", l->fen);
	ck_assert_int_eq(lesson_judge(l, moves, 0, move_in(&pos, "e10=Q"),
	    &reply), LESSON_SOLVED);
	ck_assert_int_eq(lesson_judge(l, moves, 0, move_in(&pos, "e10=R"),
	    &reply), LESSON_SOLVED);
	ck_assert_int_eq(lesson_judge(l, moves, 0, move_in(&pos, "e10=N"),
	    &reply), LESSON_WRONG);
	ck_assert_int_eq(lesson_judge(l, moves, 0, move_in(&pos, "Kd2"),
	    &reply), LESSON_WRONG);
	/* Not a legal move at all. */
	ck_assert_int_eq(lesson_judge(l, moves, 0, 0, &reply), LESSON_WRONG);
}
END_TEST

START_TEST(test_task_text)
{
	char buf[128];

	lesson_task_text(parse(ladder), buf, sizeof buf);
	ck_assert_str_eq(buf, "White to move: give checkmate in 2 moves.");
	lesson_task_text(parse(promote), buf, sizeof buf);
	ck_assert_str_eq(buf, "White to move: give checkmate in 1 move.");
}
END_TEST

/* Wrapping: widths, paragraphs, long words. */
START_TEST(test_wrap)
{
	const char *text = "one two three\n\nfour", *s = text, *next;
	size_t len;

	len = wrap_next(s, 8, &next);
	ck_assert_uint_eq(len, 7); /* "one two" */
	ck_assert_str_eq(next, "three\n\nfour");
	len = wrap_next(next, 8, &next);
	ck_assert_uint_eq(len, 5);
	len = wrap_next(next, 8, &next);
	ck_assert_uint_eq(len, 0); /* the blank line between paragraphs */
	len = wrap_next(next, 8, &next);
	ck_assert_uint_eq(len, 4);
	ck_assert_ptr_null(next);
	ck_assert_int_eq(wrap_count(text, 8), 4);
	ck_assert_int_eq(wrap_count("abcdefghij", 4), 3);
	ck_assert_int_eq(wrap_count("abc", 80), 1);
	/* Every embedded lesson's text wraps into lines that fit. */
	for (int i = 0; i < lesson_file_count; i++) {
		const struct lesson *l = parse(lesson_files[i].text);

		for (s = l->text; s; s = next)
			ck_assert_uint_le(wrap_next(s, 38, &next), 38);
		for (int h = 0; h < l->hint_count; h++)
			ck_assert_int_le(wrap_count(l->hint[h], 38), 8);
	}
}
END_TEST

START_TEST(test_progress_parse)
{
	const char *names[] = { "grand/01-a", "grand/02-b", "chad/01-c" };
	bool done[3] = { false, false, false };
	static const char text[] = "# comment\n\xff\xfe garbage\0\n"
	    "grand/01-a\r\ngrand/02\n chad/01-c\ngrand/02-bx\n";

	learn_progress_parse(text, sizeof text - 1, names, 3, done);
	ck_assert(done[0]);
	ck_assert(!done[1]);
	ck_assert(!done[2]);
	learn_progress_parse("chad/01-c", 9, names, 3, done);
	ck_assert(done[2]);
}
END_TEST

START_TEST(test_progress_file)
{
	char dir[64], sub[128], err[256], path[160], text[512];
	struct learn_store st;
	int grand15 = -1;
	FILE *f;
	size_t n;

	snprintf(dir, sizeof dir, "/tmp/bigchess-progress-XXXXXX");
	ck_assert_ptr_nonnull(mkdtemp(dir));
	snprintf(sub, sizeof sub, "%s/state", dir);
	ck_assert_int_eq(learn_init(&st, sub), 0);
	ck_assert_int_eq(st.count, lesson_file_count);
	for (int i = 0; i < st.count; i++) {
		ck_assert(!st.done[i]);
		if (strcmp(st.name[i], "grand/15-rook-ladder") == 0)
			grand15 = i;
	}
	ck_assert_int_ge(grand15, 0);
	ck_assert_int_eq(learn_solve(&st, grand15, err, sizeof err), 0);
	learn_free(&st);
	snprintf(path, sizeof path, "%s/lessons-done", sub);
	f = fopen(path, "r");
	ck_assert_ptr_nonnull(f);
	n = fread(text, 1, sizeof text - 1, f);
	text[n] = '\0';
	fclose(f);
	ck_assert_msg(strstr(text, "\ngrand/15-rook-ladder\n"), "%s", text);
	ck_assert_int_eq(learn_init(&st, sub), 0);
	ck_assert(st.done[grand15]);
	ck_assert(!st.done[0]);
	learn_free(&st);
	/* A state folder that is a file: solving fails with a reason, and
	 * the lesson still counts. */
	ck_assert_int_eq(learn_init(&st, path), 0);
	ck_assert_int_eq(learn_solve(&st, 0, err, sizeof err), -1);
	ck_assert(err[0] != '\0');
	ck_assert(st.done[0]);
	learn_free(&st);
	pty_remove_tree(dir);
}
END_TEST

Suite *
lesson_play_suite(void)
{
	Suite *s = suite_create("lesson_play");
	TCase *tc = tcase_create("core");

	tcase_add_loop_test(tc, test_ladder, 0,
	    (int)(sizeof ladder_rows / sizeof ladder_rows[0]));
	tcase_add_test(tc, test_next_move);
	tcase_add_test(tc, test_unlisted_mate);
	tcase_add_test(tc, test_task_text);
	tcase_add_test(tc, test_wrap);
	tcase_add_test(tc, test_progress_parse);
	tcase_add_test(tc, test_progress_file);
	suite_add_tcase(s, tc);
	return s;
}
