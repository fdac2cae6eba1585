/*
 * tune.h - the Texel tuner of the evaluation's numbers (build/tune; a
 * tool, not part of the program).
 *
 *   build/tune gen --variant V --games N --nodes N --out FILE [--seed S]
 *                  [--random-plies N] [--skip-plies N]
 *   build/tune fit --variant V [--passes N] [--limit N] [--holdout P]
 *                  [--threads N] [--only NAMES] [--quiet] FILE
 *
 * gen plays the engine against itself in-process at a fixed node budget
 * a move (so the data does not depend on the machine's load), from a few
 * random opening plies, and writes one line per quiet position: its FEN,
 * " ; " and the game's result from White's side (1-0, 0-1 or 1/2-1/2).
 * A result may also be a number from 0 to 1, White's expected score:
 * tools/label writes a stronger engine's verdict so.
 * fit reads such a file, fits the logistic scale K of
 * sigmoid(K * eval) to the results, and then moves every number of the
 * variant's table in src/engine/eval_params.c (one at a time, coordinate
 * descent) while the mean squared error of sigmoid(K * eval) against the
 * results falls.  The evaluation is the engine's own (eval_tables_init
 * on a changed table, then eval_position), so the fit is exact for it.
 * --holdout P keeps the file's last P % of positions out of the fit and
 * stops at the first pass that does not lower their loss.  --threads N
 * scores the positions in N threads, with the same result.  --quiet
 * first drops the positions that are in check or not quiet by the test
 * tune gen keeps them by (tune_quiet_is): for data from elsewhere, such
 * as tools/match --positions (games of other engines).
 *
 * The parts without an engine (the line parser, the loss and the fit of
 * K) are in tune_data.c and tune_fit.c, which suite "tune" tests.
 */
#ifndef BIGCHESS_TOOLS_TUNE_H
#define BIGCHESS_TOOLS_TUNE_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>

#include "bigchess/bigchess.h"

/* A training position and its game's result for White: 1, 0.5 or 0, or
 * an expected result between them (tools/label). */
struct tune_sample {
	bc_position pos;
	float result;
};

/* The text of a result for White: "1-0", "1/2-1/2" or "0-1". */
const char *tune_result_text(double result);

/*
 * Reads one data line, "FEN ; RESULT", as a position of `v`.  Leading and
 * trailing blanks and the line end are ignored.  Returns true and fills
 * `out`, or false with a one-line reason in `why` (of `size` bytes): no
 * " ; ", a result that is not 1-0, 0-1, 1/2-1/2 or a number from 0 to 1
 * (digits and a point only), or a FEN the rules
 * library refuses (its message).
 */
bool tune_parse_line(const char *line, const bc_variant *v,
    struct tune_sample *out, char *why, size_t size);

/*
 * Reads every line of `f` (named `name` in messages) into a new array
 * (*out, free with free()); blank lines and lines starting with '#' are
 * skipped.  Returns the count, or -1 after printing "tune: NAME:LINE:
 * reason" to standard error: a bad line, a line longer than the buffer,
 * tune gen's header line naming another variant, a read error, no
 * samples at all, or out of memory.
 */
long tune_read(FILE *f, const char *name, const bc_variant *v,
    struct tune_sample **out);

/* 1 / (1 + e^-x). */
double tune_sigmoid(double x);

/*
 * The mean squared error of sigmoid(k * eval[i]) against result[i] over
 * n samples (eval: centipawns, White's view).  0 for n = 0.
 */
double tune_loss(const int *eval, const float *result, size_t n, double k);

/*
 * The k > 0 that minimises tune_loss for these samples, to a relative
 * precision of about 1e-6, searched between 1e-6 and 1 (a golden-section
 * search over log k; the loss in k is unimodal for such data).  Where
 * the results rise with the evaluation without a limit (all wins
 * above, all losses below) the loss falls for ever, and the upper end
 * is returned.
 */
double tune_fit_k(const int *eval, const float *result, size_t n);

/*
 * The quiet test (tune_quiet.c): no capture or promotion sequence from
 * the position gains over its static evaluation, as a small quiescence
 * search of the engine's evaluation finds.  tune_quiet_new returns NULL
 * when out of memory.
 */
struct tune_quiet;
struct tune_quiet *tune_quiet_new(void);
void tune_quiet_free(struct tune_quiet *q);
bool tune_quiet_is(struct tune_quiet *q, const bc_position *pos);

/* Keeps, in order, the first `n` samples that are not in check and are
 * quiet; returns how many. */
long tune_quiet_filter(struct tune_quiet *q, struct tune_sample *s, long n);

/* What tune gen plays (tune_gen.c). */
struct tune_gen_options {
	const bc_variant *variant;
	int games;
	uint64_t nodes;       /* a move */
	uint64_t seed;
	int random_plies;     /* at the start of each game */
	int skip_plies;       /* not kept: the opening */
	bool verbose;         /* a line per game on standard error */
	const char *out;
};

/* Plays the games and writes the data file (atomically); 0, or 1 after a
 * message on standard error. */
int tune_gen(const struct tune_gen_options *o);

enum { TUNE_MAX_THREADS = 64 };

/* What tune fit does (tune_descent.c). */
struct tune_fit_options {
	const bc_variant *variant;
	int passes;           /* at most, of coordinate descent */
	long limit;           /* the file's first samples only; 0: all */
	int holdout;          /* percent of them held out (0-50) */
	int threads;          /* scoring them (1-TUNE_MAX_THREADS; 0: 1) */
	const char *only;     /* NULL, or the names (as fit prints them,
	                       * comma separated) of the only numbers to
	                       * move: the rest stay as they are */
	const char *file;
	bool quiet;           /* only the quiet positions (tune_quiet) */
};

/* Fits and prints the table; 0, or 1 after a message. */
int tune_fit(const struct tune_fit_options *o);

#endif
