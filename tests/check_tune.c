/*
 * check_tune.c - the Texel tuner's parts without an engine (tools/tune.h):
 * the logistic loss, the fit of its scale K, and the data file's lines.
 *
 * Expected values are worked by hand.  The loss: sigmoid(0) = 1/2, so
 * results 1 and 0 at evaluation 0 each miss by 1/2, a mean square of
 * 1/4; sigmoid(ln 3) = 3/4.  The fit: four positions at +100 of which
 * three were won and one lost, and their mirror at -100 (one won, three
 * lost).  A prediction q for a group of results with mean m has the mean
 * square error (q - m)^2 + the results' own variance, so the loss is
 * least when sigmoid(100 K) = 3/4 and sigmoid(-100 K) = 1/4 - both at
 * K = ln 3 / 100 = 0.010986123 - and there it is the variance alone,
 * (3 (1/4)^2 + (3/4)^2) / 4 = 3/16 = 0.1875.  The FEN is Grand Chess's
 * start from shared/rules/grand.md, Chad's from chad.md.
 *
 * The hold-out (tune fit --holdout) is tested on data made to disagree:
 * see test_holdout_stops.
 */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "../tools/tune.h"
#include "engine/eval.h"
#include "../tools/tune_params.h"
#include "test_util.h"

static const char grand_start[] =
    "r8r/1nbqkcabn1/pppppppppp/10/10/10/10/PPPPPPPPPP/1NBQKCABN1/R8R "
    "w - - 0 1";

START_TEST(test_loss)
{
	const int evals[] = { 0, 0 };
	const float results[] = { 1, 0 };
	const int lead[] = { 100 };
	const float won[] = { 1 };

	ck_assert_double_eq_tol(tune_loss(evals, results, 2, 0.01), 0.25,
	    1e-12);
	/* (1 - 3/4)^2 */
	ck_assert_double_eq_tol(tune_loss(lead, won, 1, log(3.0) / 100),
	    0.0625, 1e-12);
	ck_assert_double_eq(tune_loss(lead, won, 0, 1), 0);
	ck_assert_double_eq_tol(tune_sigmoid(log(3.0)), 0.75, 1e-12);
}
END_TEST

START_TEST(test_fit_k)
{
	const int evals[] = { 100, 100, 100, 100, -100, -100, -100, -100 };
	const float results[] = { 1, 1, 1, 0, 0, 0, 0, 1 };
	double k = tune_fit_k(evals, results, 8);

	ck_assert_double_eq_tol(k, 0.010986123, 1e-7);
	ck_assert_double_eq_tol(tune_loss(evals, results, 8, k), 0.1875, 1e-9);
}
END_TEST

/* A win for every evaluation above 0, a loss for every one below: the
 * steeper the curve, the smaller the loss, so the fit runs to the top of
 * its range, 1. */
START_TEST(test_fit_k_separable)
{
	const int evals[] = { 50, -50 };
	const float results[] = { 1, 0 };

	ck_assert_double_ge(tune_fit_k(evals, results, 2), 0.99);
}
END_TEST

/* Good lines: the text before and after Grand's start FEN, and the
 * result read.  The last three are expected results, as tools/label
 * writes an engine's verdict. */
static const struct {
	const char *before, *after;
	double result;
} good[] = {
	{ "", " ; 1-0\n", 1 },
	{ "  ", " ; 1/2-1/2  \r\n", 0.5 },
	{ "", " ; 0-1", 0 },
	{ "", " ; 0.25\n", 0.25 },
	{ "", " ; 1\n", 1 },
	{ "", " ; .5\n", 0.5 },
};

START_TEST(test_parse_good)
{
	const bc_variant *v = bc_variant_find("grand");
	struct tune_sample s;
	bc_position start;
	char line[512], why[256];

	bc_position_start(&start, v);
	for (size_t i = 0; i < sizeof good / sizeof good[0]; i++) {
		snprintf(line, sizeof line, "%s%s%s", good[i].before,
		    grand_start, good[i].after);
		ck_assert_msg(tune_parse_line(line, v, &s, why, sizeof why),
		    "%s: %s", line, why);
		ck_assert(bc_position_equal(&s.pos, &start));
		ck_assert_double_eq(s.result, good[i].result);
	}
	ck_assert_str_eq(tune_result_text(1), "1-0");
	ck_assert_str_eq(tune_result_text(0.5), "1/2-1/2");
	ck_assert_str_eq(tune_result_text(0), "0-1");
}
END_TEST

/* Garbage, each with the words its reason must contain. */
static const struct {
	const char *line;
	const char *why;
} garbage[] = {
	{ "", "no \" ; \"" },
	{ "garbage\n", "no \" ; \"" },
	{ " ; 1-0\n", "no FEN" },
	{ "GRAND ; 2-0\n", "\"2-0\" is not 1-0, 0-1, 1/2-1/2 or a number" },
	{ "GRAND ; 1.5\n", "\"1.5\" is not" },
	{ "GRAND ; -0.5\n", "\"-0.5\" is not" },
	{ "GRAND ; 0.5x\n", "\"0.5x\" is not" },
	{ "GRAND ; nan\n", "\"nan\" is not" },
	{ "GRAND ; 0.5 1\n", "is not" },
	{ "GRAND ; 1-0 1-0\n", "is not 1-0" },
	{ "GRAND ; \n", "\"\" is not" },
	{ "GRAND ;1-0\n", "no \" ; \"" },
	{ "r8r/10/10 w - - 0 1 ; 1-0\n", "bad FEN" },
	{ "xyz ; 1/2-1/2\n", "bad FEN" },
	/* Chad's start (shared/rules/chad.md) is no Grand Chess position. */
	{ "12/12/7rrr2/7rkr2/7rrr2/12/12/2RRR7/2RKR7/2RRR7/12/12 w - - 0 1 "
	  "; 1-0\n", "bad FEN" },
};

/* The row's line with GRAND standing for Grand Chess's start. */
static void
garbage_line(int i, char *buf, size_t size)
{
	const char *g = strstr(garbage[i].line, "GRAND");

	if (!g)
		snprintf(buf, size, "%s", garbage[i].line);
	else
		snprintf(buf, size, "%s%s", grand_start, g + 5);
}

START_TEST(test_parse_garbage)
{
	const bc_variant *v = bc_variant_find("grand");
	struct tune_sample s;
	char line[512], why[256] = "";

	garbage_line(_i, line, sizeof line);
	ck_assert_msg(!tune_parse_line(line, v, &s, why, sizeof why),
	    "accepted: %s", line);
	ck_assert_msg(strstr(why, garbage[_i].why), "%s: %s", line, why);
	ck_assert_ptr_null(strchr(why, '\n'));
}
END_TEST

/* Runs tune_read on `text`; returns its count and puts what it printed on
 * standard error into `err`. */
static long
read_text(const char *text, char *err, size_t size)
{
	FILE *f = tmpfile(), *e = tmpfile();
	struct tune_sample *s = NULL;
	int saved = dup(STDERR_FILENO);
	long n;
	size_t got;

	ck_assert(f && e && saved >= 0);
	fputs(text, f);
	rewind(f);
	fflush(stderr);
	ck_assert_int_ge(dup2(fileno(e), STDERR_FILENO), 0);
	n = tune_read(f, "data.txt", bc_variant_find("grand"), &s);
	fflush(stderr);
	dup2(saved, STDERR_FILENO);
	close(saved);
	rewind(e);
	got = fread(err, 1, size - 1, e);
	err[got] = '\0';
	if (n < 0)
		ck_assert_ptr_null(s);
	free(s);
	fclose(f);
	fclose(e);
	return n;
}

START_TEST(test_read_file)
{
	char text[2048], err[512];

	snprintf(text, sizeof text, "# a comment\n%s ; 1-0\n\n%s ; 0-1\n",
	    grand_start, grand_start);
	ck_assert_int_eq(read_text(text, err, sizeof err), 2);
	ck_assert_str_eq(err, "");
	/* The bad line is named by number, after a good one. */
	snprintf(text, sizeof text, "%s ; 1-0\n%s ; 1-1\n", grand_start,
	    grand_start);
	ck_assert_int_eq(read_text(text, err, sizeof err), -1);
	ck_assert_str_eq(err, "tune: data.txt:2: the result \"1-1\" is not "
	    "1-0, 0-1, 1/2-1/2 or a number from 0 to 1\n");
	/* tune gen's header names the variant: Chad's data is refused
	 * before its first position. */
	snprintf(text, sizeof text, "# build/tune gen --variant chad --games "
	    "1\n%s ; 1-0\n", grand_start);
	ck_assert_int_eq(read_text(text, err, sizeof err), -1);
	ck_assert_str_eq(err, "tune: data.txt:1: the data is of chad, not "
	    "grand\n");
	snprintf(text, sizeof text, "# build/tune gen --variant grand --games "
	    "1\n%s ; 1-0\n", grand_start);
	ck_assert_int_eq(read_text(text, err, sizeof err), 1);
	ck_assert_int_eq(read_text("# only a comment\n", err, sizeof err), -1);
	ck_assert_str_eq(err, "tune: data.txt: no positions\n");
	ck_assert_int_eq(read_text("", err, sizeof err), -1);
	ck_assert_str_eq(err, "tune: data.txt: no positions\n");
}
END_TEST

/* A line longer than the reader's buffer is refused, not split in two. */
START_TEST(test_read_long_line)
{
	char *text = malloc(5000), err[512];

	ck_assert_ptr_nonnull(text);
	memset(text, 'x', 4000);
	strcpy(text + 4000, " ; 1-0\n");
	ck_assert_int_eq(read_text(text, err, sizeof err), -1);
	ck_assert_msg(strstr(err, "tune: data.txt:1: line longer than"), "%s",
	    err);
	free(text);
}
END_TEST

/*
 * Grand Chess's start without Black's knight on b9, and without Black's
 * rook on a10: White is a knight up in the first, a rook up in the
 * second, so any sane table evaluates the first lower.
 */
static const char knight_up[] =
    "r8r/2bqkcabn1/pppppppppp/10/10/10/10/PPPPPPPPPP/1NBQKCABN1/R8R "
    "w - - 0 1";
static const char rook_up[] =
    "9r/1nbqkcabn1/pppppppppp/10/10/10/10/PPPPPPPPPP/1NBQKCABN1/R8R "
    "w - - 0 1";

/* Appends ten lines of `fen`, `wins` of them won by White, the rest lost. */
static void
put_games(FILE *f, const char *fen, int wins)
{
	for (int i = 0; i < 10; i++)
		fprintf(f, "%s ; %s\n", fen, i < wins ? "1-0" : "0-1");
}

/*
 * Runs tune_fit --variant grand --passes 5 --holdout 50 on the lines
 * `put_games` writes for the win counts given (the first two fitted, the
 * last two held out) and returns what it printed (free with free()).
 */
static char *
fit_text_threads(int knight_wins, int rook_wins, int held_knight,
    int held_rook, int threads)
{
	char data[] = "/tmp/bc-tune-XXXXXX";
	int fd = mkstemp(data), saved = dup(STDOUT_FILENO);
	FILE *f = fd >= 0 ? fdopen(fd, "w") : NULL, *out = tmpfile();
	struct tune_fit_options o = { bc_variant_find("grand"), 5, 0, 50,
	    threads, NULL, data, false };
	char *text = malloc(65536);
	size_t got;
	int rc;

	ck_assert(f && out && text && saved >= 0);
	put_games(f, knight_up, knight_wins);
	put_games(f, rook_up, rook_wins);
	put_games(f, knight_up, held_knight);
	put_games(f, rook_up, held_rook);
	ck_assert_int_eq(fclose(f), 0);
	fflush(stdout);
	ck_assert_int_ge(dup2(fileno(out), STDOUT_FILENO), 0);
	rc = tune_fit(&o);
	fflush(stdout);
	dup2(saved, STDOUT_FILENO);
	close(saved);
	unlink(data);
	ck_assert_int_eq(rc, 0);
	rewind(out);
	got = fread(text, 1, 65535, out);
	text[got] = '\0';
	fclose(out);
	return text;
}

static char *
fit_text(int knight_wins, int rook_wins, int held_knight, int held_rook)
{
	return fit_text_threads(knight_wins, rook_wins, held_knight,
	    held_rook, 1);
}

/* Grand Chess's table as tune fit prints it, from eval_params.c. */
static char *
grand_table_text(void)
{
	const struct eval_params *p = eval_params_of(BC_VARIANT_GRAND);
	FILE *f = tmpfile();
	char *text = malloc(65536);
	size_t got;

	ck_assert(p && f && text);
	tune_params_print(f, bc_variant_find("grand"), p);
	rewind(f);
	got = fread(text, 1, 65535, f);
	text[got] = '\0';
	fclose(f);
	return text;
}

/* The number after `label` in `text`. */
static double
number_after(const char *text, const char *label)
{
	const char *at = strstr(text, label);

	ck_assert_msg(at, "no \"%s\" in:\n%.2000s", label, text);
	return strtod(at + strlen(label), NULL);
}

/*
 * Fitted: the knight-up position won 9 of 10, the rook-up one 6 of 10,
 * so the fit must evaluate the knight up higher than it does.  Held
 * out: the reverse, 6 and 9.  With q and r the predictions for the two,
 * the fitted loss is (q - .9)^2 + (r - .6)^2 and the held-out one
 * (q - .6)^2 + (r - .9)^2 (each plus the results' own variance, the
 * same in both); the difference, held out less fitted, is .6 (q - r)
 * less a constant, so every step that raises q over r as the fit wants
 * raises the held-out loss.  The first pass must therefore be refused,
 * and the table printed is eval_params.c's own, with the loss it had.
 */
START_TEST(test_holdout_stops)
{
	char *text = fit_text(9, 6, 6, 9), *table = grand_table_text();

	ck_assert_msg(strstr(text, "grand: 20 positions from "), "%.2000s", text);
	ck_assert_msg(strstr(text, "held out: 20 positions (the file's last "
	    "50 %)"), "%.2000s", text);
	ck_assert_msg(strstr(text, "the held-out loss did not fall in pass "
	    "1: the table of pass 0 is kept\n"), "%.2000s", text);
	ck_assert_msg(strstr(text, table), "not the original table:\n%.2000s",
	    text);
	ck_assert_double_eq(number_after(text, "loss after: "),
	    number_after(text, "loss before: "));
	ck_assert_double_eq(number_after(text, "held-out loss after: "),
	    number_after(text, "held-out loss before: "));
	ck_assert_double_lt(number_after(text, "pass 1: loss "),
	    number_after(text, "loss before: "));
	free(text);
	free(table);
}
END_TEST

/* The printed table keeps the numbers the fit does not touch: pasted
 * into eval_params.c it must not drop the search's check margin. */
START_TEST(test_table_keeps_unfitted)
{
	const struct eval_params *p = eval_params_of(BC_VARIANT_GRAND);
	char *table = grand_table_text();

	ck_assert_int_gt(p->see_check_margin, 0);
	ck_assert_int_eq((int)number_after(table, ".see_check_margin = "),
	    p->see_check_margin);
	ck_assert_msg(strstr(table, ".safe_mobility = true,\n"), "%.2000s",
	    table);
	free(table);
}
END_TEST

/*
 * Held out: the same games as fitted, so the held-out loss is the
 * fitted loss in every pass and falls with it: the fit goes on past
 * pass 1, changes the table, and ends with both losses equal and lower.
 */
START_TEST(test_holdout_agrees)
{
	char *text = fit_text(9, 6, 9, 6), *table = grand_table_text();
	double after = number_after(text, "loss after: ");

	ck_assert_msg(!strstr(text, "did not fall"), "%.2000s", text);
	ck_assert_msg(strstr(text, "pass 2: "), "%.2000s", text);
	ck_assert_msg(!strstr(text, table), "the table did not change:\n%.2000s",
	    text);
	ck_assert_double_lt(after, number_after(text, "loss before: "));
	ck_assert_double_eq(number_after(text, "held-out loss after: "),
	    after);
	free(text);
	free(table);
}
END_TEST

/* From `label` to the end of `text`. */
static const char *
from_label(const char *text, const char *label)
{
	const char *at = strstr(text, label);

	ck_assert_msg(at, "no \"%s\" in:\n%.2000s", label, text);
	return at;
}

/*
 * Three threads (20 positions: slices of 6, 7 and 7) fit exactly what
 * one does: the same losses and the same table, number for number.  Only
 * the CPU seconds of the pass lines may differ, so the text is compared
 * from "loss after:" on.
 */
START_TEST(test_threads_same)
{
	char *one = fit_text_threads(9, 6, 9, 6, 1);
	char *three = fit_text_threads(9, 6, 9, 6, 3);

	ck_assert_str_eq(from_label(three, "loss after: "),
	    from_label(one, "loss after: "));
	ck_assert_double_eq(number_after(three, "K = "),
	    number_after(one, "K = "));
	ck_assert_double_eq(number_after(three, "pass 1: loss "),
	    number_after(one, "pass 1: loss "));
	free(one);
	free(three);
}
END_TEST

/*
 * tune fit --quiet's filter (tune_quiet_filter), on three Grand Chess
 * positions by hand: the start (no capture at all: quiet), White's king
 * on e2 checked by a queen on e5 down the open file (in check), and
 * White's rook on e4 with Black's unguarded queen on e7 up the open file
 * (not in check: the queen's diagonal from e7 ends on j2 and the king is
 * on j1; not quiet: taking the queen wins it).  Only the first is kept.
 */
START_TEST(test_quiet_filter)
{
	static const char *fens[] = {
		grand_start,
		"4k5/10/10/10/10/4q5/10/10/4K5/10 w - - 0 1",
		"k9/10/10/4q5/10/10/4R5/10/10/9K w - - 0 1",
	};
	struct tune_sample samples[3];
	struct tune_quiet *q = tune_quiet_new();
	char why[128];

	ck_assert_ptr_nonnull(q);
	for (int i = 0; i < 3; i++) {
		char line[256];

		snprintf(line, sizeof line, "%s ; 1-0", fens[i]);
		ck_assert_msg(tune_parse_line(line, bc_variant_find("grand"),
		    &samples[i], why, sizeof why), "%s: %s", fens[i], why);
		samples[i].result = (float)i;
	}
	ck_assert(bc_position_in_check(&samples[1].pos));
	ck_assert(!bc_position_in_check(&samples[2].pos));
	ck_assert_int_eq(tune_quiet_filter(q, samples, 3), 1);
	ck_assert(samples[0].result == 0);
	tune_quiet_free(q);
}
END_TEST

Suite *
tune_suite(void)
{
	Suite *s = suite_create("tune");
	TCase *core = tcase_create("core");
	TCase *errors = tcase_create("errors");
	TCase *holdout = tcase_create("holdout");

	tcase_add_test(core, test_loss);
	tcase_add_test(core, test_fit_k);
	tcase_add_test(core, test_fit_k_separable);
	tcase_add_test(core, test_parse_good);
	tcase_add_test(core, test_read_file);
	tcase_add_test(core, test_quiet_filter);
	tcase_add_loop_test(errors, test_parse_garbage, 0,
	    (int)(sizeof garbage / sizeof garbage[0]));
	tcase_add_test(errors, test_read_long_line);
	tcase_add_test(holdout, test_holdout_stops);
	tcase_add_test(holdout, test_table_keeps_unfitted);
	tcase_add_test(holdout, test_holdout_agrees);
	tcase_add_test(holdout, test_threads_same);
	suite_add_tcase(s, core);
	suite_add_tcase(s, holdout);
	suite_add_tcase(s, errors);
	return s;
}
