/*
 * check_analysis.c - the game's analysis (:analyse, A) and the review's
 * evaluation graph, through the real binary in a pseudo-terminal of
 * 80x24, the size the issue asks it to fit.
 *
 * The positions are made by hand, and the expected moves counted by
 * hand from the rules (shared/rules/grand.md): in the Grand Chess
 * ending below, after 1...Kj10 White's rook on a9 holds the ninth rank,
 * so Rb10 is mate (i10 is the rook's, i9 and j9 the other's) and the
 * only one (Ra10+ frees the ninth rank, Rj1+ leaves i10, Rj9+ is taken).
 * Black to move at the start has two moves, Kh10 and Kj10 (the ninth
 * rank is the rook's), and both lose to Rb10# (after Kh10 the rook on
 * b10 holds g10 and, behind the king, i10), so the two score alike and
 * either may come first.
 */
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "pty_board.h"

enum { ROWS = 24, COLS = 80 };

static const char ending[] = "8k1/R9/10/10/10/10/10/10/10/KR8 b - - 0 1";

/* Hot-seat from `fen` in Grand Chess, so that no computer player
 * thinks. */
static void
start(struct pty *p, const char *fen)
{
	const char *args[] = { "--variant", "grand", "--fen", fen,
		"--black", "human", "--ascii", NULL };

	start_bigchess(p, ROWS, COLS, args, NULL);
	WAIT_GAME(p);
}

/* Types `line` at the ':' prompt. */
static void
type_line(struct pty *p, const char *line)
{
	pty_send(p, ":");
	WAIT_FOR(p, ":");
	pty_send(p, line);
	pty_send(p, "\r");
}

/*
 * Waits until the analysis shows depth `depth` or more with `n` lines
 * under its bar, the first starting (after its score) with `first`;
 * copies the rows into `lines`.
 */
static void
wait_lines(struct pty *p, int depth, const char *first,
    char lines[3][COLS + 1], int n)
{
	for (int i = 0; i < WAIT_MS / 20; i++) {
		int r, c, d = 0;
		char row[COLS + 1];

		if (pty_find(p, "Analysis, depth ", &r, &c) && r + 4 < p->rows &&
		    sscanf(pty_row(p, r, row) + c, "Analysis, depth %d", &d) ==
		    1 && d >= depth) {
			bool good = true;

			for (int k = 0; k < n; k++) {
				char *text = pty_row(p, r + 2 + k, lines[k]) + c;

				memmove(lines[k], text, strlen(text) + 1);
				text = lines[k];
				/* A score, then the moves. */
				good = good && (text[0] == '+' || text[0] == '-' ||
				    text[0] == '#') && strchr(text, ' ');
			}
			if (good && strncmp(strchr(lines[0], ' ') + 1, first,
			    strlen(first)) == 0)
				return;
		}
		pty_pump(p, 20);
	}
	ck_abort_msg("no analysis at depth %d starting '%s':\n%s", depth,
	    first, pty_dump(p));
}

/*
 * The analysis finds the mate: after 1...Kj10, A shows depth, "White
 * mates in 1", the bar, and three lines, the first the mating move (the
 * only mate, counted by hand above) with the mate score.  The lines
 * differ in their first moves.  Stepping back in review (,) changes the
 * position and with it the lines, to Black's two moves; stepping forward
 * (.) brings the mate back; a key
 * that does not look around (x) stops it, and its panel goes.
 */
START_TEST(test_analysis_follows_review)
{
	struct pty p;
	char lines[3][COLS + 1];

	start(&p, ending);
	type_line(&p, "Kj10");
	WAIT_FOR(&p, "Kj10");
	pty_send(&p, "A");
	WAIT_FOR(&p, "Analysis on");
	wait_lines(&p, 2, "2.Rb10#", lines, 3);
	ck_assert_msg(strncmp(lines[0], "#1 ", 3) == 0, "%s", lines[0]);
	WAIT_FOR(&p, "White mates in 1");
	WAIT_FOR(&p, "W ####");
	for (int i = 0; i < 3; i++)
		for (int j = 0; j < i; j++)
			ck_assert_str_ne(strchr(lines[i], ' '),
			    strchr(lines[j], ' '));

	pty_send(&p, ",");
	WAIT_FOR(&p, "Reviewing: 0 of 1");
	wait_lines(&p, 2, "1...K", lines, 2);
	{
		const char *a = strchr(lines[0], ' ') + 1;
		const char *b = strchr(lines[1], ' ') + 1;

		ck_assert_msg((!strncmp(a, "1...Kh10", 8) &&
		    !strncmp(b, "1...Kj10", 8)) ||
		    (!strncmp(a, "1...Kj10", 8) && !strncmp(b, "1...Kh10", 8)),
		    "lines: %s / %s", lines[0], lines[1]);
	}
	pty_send(&p, ".");
	wait_lines(&p, 2, "2.Rb10#", lines, 3);

	pty_send(&p, "x");
	WAIT_FOR(&p, "Analysis stopped.");
	WAIT_GONE(&p, "Analysis, depth");
	pty_send(&p, "q");
	pty_close(&p);
}
END_TEST

/* :analyze (and :analyse) at the prompt turns it on and off; the help
 * lists its key. */
START_TEST(test_analysis_prompt)
{
	struct pty p;
	char lines[3][COLS + 1];

	start(&p, "9k/R9/10/10/10/10/10/10/10/KR8 w - - 0 1");
	type_line(&p, "analyze");
	wait_lines(&p, 1, "1.Rb10#", lines, 3);
	type_line(&p, "analyse");
	WAIT_FOR(&p, "Analysis off.");
	WAIT_GONE(&p, "Analysis, depth");
	pty_send(&p, "?");
	WAIT_FOR(&p, "Esc, q or ? closes the help");
	pty_key(&p, VTERM_KEY_PAGEDOWN);
	WAIT_FOR(&p, "A                     analyse (on/off): score");
	pty_send(&p, "q");
	pty_close(&p);
}
END_TEST

/* True if the two cells are drawn alike (attributes and colours). */
static bool
same_look(const struct pty *p, int r1, int c1, int r2, int c2)
{
	VTermScreenCell a = pty_cell(p, r1, c1), b = pty_cell(p, r2, c2);

	return a.attrs.reverse == b.attrs.reverse &&
	    a.attrs.bold == b.attrs.bold &&
	    vterm_color_is_equal(&a.fg, &b.fg) &&
	    vterm_color_is_equal(&a.bg, &b.bg);
}

/*
 * In review the graph has one mark per move: five moves played, five
 * marks, each the highest of the ASCII scale (#), since White is two
 * rooks up; the mark of the move shown is highlighted.
 */
START_TEST(test_graph)
{
	static const char *const moves[] = { "Kh10", "Ka2", "Kg10", "Ka3",
		"Kf10" };
	struct pty p;
	char row[COLS + 1];
	int r, c, marks = 0;

	start(&p, ending);
	for (size_t i = 0; i < sizeof moves / sizeof moves[0]; i++) {
		type_line(&p, moves[i]);
		WAIT_FOR(&p, moves[i]);
	}
	pty_send(&p, ",");
	WAIT_FOR(&p, "Reviewing: 4 of 5");
	WAIT_FOR(&p, "Evaluation by move:");
	ck_assert(pty_find(&p, "Evaluation by move:", &r, &c));
	pty_row(&p, r + 1, row);
	for (int x = c; row[x]; x++) {
		if (row[x] == ' ')
			break;
		ck_assert_msg(row[x] == '#', "mark '%c' in '%s'", row[x], row);
		marks++;
	}
	ck_assert_int_eq(marks, 5);
	ck_assert_msg(!same_look(&p, r + 1, c + 3, r + 1, c + 2),
	    "the shown move's mark is not highlighted");
	/* Live again: no graph. */
	pty_send(&p, ">");
	WAIT_GONE(&p, "Evaluation by move");
	pty_send(&p, "q");
	pty_close(&p);
}
END_TEST

/*
 * While the computer thinks, the panel shows its own search: the person
 * plays a4 in a Hadean Chess middle game (the bench's, bench.c: the
 * slowest of them to search) against the computer at level 10 (150,000
 * nodes: one to four seconds here) and turns the analysis on at once.  Until Black has moved, the panel's
 * heading is the computer's search with a depth, and under it a line:
 * a score, then Black's moves from 11... on.  Once Black has played,
 * the analysis of the new position comes back, three lines of White's
 * from 12. on.  (The computer's search is the only one meanwhile: the
 * seam runs one analysis at a time, and analysis.c stops it first.)
 */
START_TEST(test_analysis_shows_computer)
{
	const char *args[] = { "--variant", "hadean", "--level", "10", "--fen",
		"r1m1fqkw3r/jjjjjbbjjjjj/ppppppp1pppp/6e2m2/4e7/6P5/6p5/12/"
		"5EE1BM2/PPPPPPP1PPPP/JJJJJB1JJJJJ/R1M1FQKW3R w KQkq - 1 11",
		"--ascii", NULL };
	char lines[3][COLS + 1], row[COLS + 1];
	struct pty p;
	bool seen = false;

	start_bigchess(&p, ROWS, COLS, args, NULL);
	WAIT_GAME(&p);
	/* The move and the key in one write: A comes before the computer
	 * has moved. */
	pty_send(&p, ":a3a4" ENTER "A");
	for (int i = 0; i < WAIT_MS / 10 && !seen; i++) {
		int r, c, d = 0;
		char *text;

		if (pty_find(&p, "Computer's search, depth ", &r, &c) &&
		    r + 2 < p.rows && sscanf(pty_row(&p, r, row) + c,
		    "Computer's search, depth %d", &d) == 1 && d >= 1) {
			text = pty_row(&p, r + 2, row) + c;
			/* A score, then Black's move of move 11. */
			seen = (text[0] == '+' || text[0] == '-' ||
			    text[0] == '#') && strstr(text, " 11...");
			ck_assert_msg(!seen || !pty_find(&p, "Black played",
			    NULL, NULL), "%s", pty_dump(&p));
		}
		if (!seen)
			pty_pump(&p, 10);
	}
	ck_assert_msg(seen, "no search of the computer's shown:\n%s",
	    pty_dump(&p));
	/* The curses game stops a search at 10 s however slow the host
	 * (README, Levels): under the sanitizers on a busy host it may. */
	WAIT_FOR_MS(&p, "Black played", 30000);
	wait_lines(&p, 1, "12.", lines, 3);
	WAIT_GONE(&p, "Computer's search");
	pty_send(&p, "q");
	pty_close(&p);
}
END_TEST

Suite *
analysis_suite(void)
{
	Suite *s = suite_create("analysis");
	TCase *tc = tcase_create("analysis");

	tcase_set_timeout(tc, 60);
	tcase_add_test(tc, test_analysis_follows_review);
	tcase_add_test(tc, test_analysis_prompt);
	tcase_add_test(tc, test_graph);
	tcase_add_test(tc, test_analysis_shows_computer);
	suite_add_tcase(s, tc);
	return s;
}
