/*
 * tune_descent.c - tune fit: the logistic scale K, then coordinate
 * descent over every number of a variant's evaluation table.
 *
 * Each trial table is made ready by the engine's own eval_tables_init and
 * every sample is scored by eval_position with a window so wide that the
 * lazy shortcut never applies, so the loss is exactly that of the engine
 * with those numbers.  The descent moves one number at a time by its
 * step, up or down, and keeps going while the loss falls; a number whose
 * step fails is tried with half the step next pass.  A number that does
 * not change the loss at all on its first try in either direction (the
 * castle terms of a variant without castles, pawn terms without pawns)
 * is left alone from then on.  The descent ends when a pass with every
 * step at 1 changes nothing, or after --passes passes, or on SIGINT or
 * SIGTERM (after the number being tried), with the table as it stands.
 *
 * With --holdout P the file's last P % of positions are not fitted: K
 * and the descent see only the rest, and after each pass the loss on
 * the held-out part is measured.  A table that fits its own data better
 * but predicts other games worse has learnt those games, not chess, so
 * the descent stops at the first pass whose held-out loss does not fall
 * and keeps the table of the pass before.  The held-out part is the
 * file's tail, not a random draw: tune gen writes a game's positions
 * together and they share its result, so positions drawn from the same
 * games as the fitted ones would rise and fall with them.
 *
 * With --threads N each loss is computed by N threads, each scoring a
 * slice of the samples with its own copy of the evaluation's scratch
 * (the tables, read only, are shared); every evaluation lands in its
 * sample's slot and the sum is taken in order afterwards, so the fit is
 * the same number for number whatever N is.
 */
#include <errno.h>
#include <math.h>
#include <pthread.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "engine/eval.h"
#include "engine/search.h"
#include "tune.h"
#include "tune_params.h"

enum { MAX_RUN = 16 };

/* Set by SIGINT or SIGTERM: stop after the current number and print the
 * table as it stands (a long fit on a busy machine can be cut short
 * without losing it). */
static volatile sig_atomic_t interrupted;

static void
on_signal(int sig)
{
	(void)sig;
	interrupted = 1;
}

struct fit;

/* One thread's slice of the samples, and its evaluation scratch. */
struct slice {
	struct fit *fit;
	struct eval eval;
	size_t from, to;
};

struct fit {
	const bc_variant *v;
	struct eval eval;
	struct tune_sample *samples;
	int *evals;
	float *results;
	size_t n;         /* fitted: the first n samples */
	size_t held;      /* held out: the next `held` */
	double k;
	long evaluations; /* loss computations */
	int threads;
	struct slice *slices; /* one a thread */
};

/* Scores the slice's samples into fit->evals, White's view. */
static void *
score_slice(void *arg)
{
	struct slice *sl = arg;

	for (size_t i = sl->from; i < sl->to; i++) {
		const bc_position *pos = &sl->fit->samples[i].pos;
		int s = eval_position(&sl->eval, pos, -SCORE_INF, SCORE_INF);

		sl->fit->evals[i] = pos->side == BC_WHITE ? s : -s;
	}
	return NULL;
}

/* The loss of table `p` over samples `from` to `from + count`. */
static double
loss_over(struct fit *fit, const struct eval_params *p, size_t from,
    size_t count)
{
	struct eval_tables *t = &fit->eval.tables[bc_variant_id_of(fit->v)];
	pthread_t tid[TUNE_MAX_THREADS];
	bool started[TUNE_MAX_THREADS] = { false };
	int n = fit->threads;

	if (!eval_tables_init(t, fit->v, p)) {
		fprintf(stderr, "tune: %s\n", t->problem);
		exit(1);
	}
	for (int i = 0; i < n; i++) {
		struct slice *sl = &fit->slices[i];

		/* The scratch is the thread's own; the tables pointer is
		 * the shared, ready one. */
		sl->eval = fit->eval;
		sl->fit = fit;
		sl->from = from + count * (size_t)i / (size_t)n;
		sl->to = from + count * (size_t)(i + 1) / (size_t)n;
	}
	/* Slice 0 here; one whose thread cannot start is scored here too. */
	for (int i = 1; i < n; i++)
		started[i] = !pthread_create(&tid[i], NULL, score_slice,
		    &fit->slices[i]);
	score_slice(&fit->slices[0]);
	for (int i = 1; i < n; i++) {
		if (started[i])
			pthread_join(tid[i], NULL);
		else
			score_slice(&fit->slices[i]);
	}
	return tune_loss(fit->evals + from, fit->results + from, count,
	    fit->k);
}

/* The loss of table `p` over the fitted samples. */
static double
loss_of(struct fit *fit, const struct eval_params *p)
{
	fit->evaluations++;
	return loss_over(fit, p, 0, fit->n);
}

/* The loss of table `p` over the held-out samples. */
static double
held_loss(struct fit *fit, const struct eval_params *p)
{
	return loss_over(fit, p, fit->n, fit->held);
}

/*
 * Moves parameter `t` of `p` by `dir` steps of `step` while the loss
 * falls (at most MAX_RUN times); returns the loss of what it keeps, and
 * sets *first to the loss of the first try.
 */
static double
run(struct fit *fit, struct eval_params *p, const struct tune_param *t,
    int step, int dir, double best, double *first)
{
	for (int i = 0; i < MAX_RUN; i++) {
		int old = tune_param_get(p, t);
		double l;

		tune_param_set(p, t, old + dir * step);
		if (tune_param_get(p, t) == old) {
			/* At its bound: nothing to try. */
			if (!i)
				*first = best;
			break;
		}
		l = loss_of(fit, p);
		if (!i)
			*first = l;
		if (l >= best) {
			tune_param_set(p, t, old);
			break;
		}
		best = l;
	}
	return best;
}

static void
fit_free(struct fit *fit)
{
	eval_free(&fit->eval);
	free(fit->samples);
	free(fit->evals);
	free(fit->results);
	free(fit->slices);
}

/* True if `name` is one of the comma-separated names of `list`. */
static bool
listed(const char *list, const char *name)
{
	size_t len = strlen(name);

	for (const char *c = list; *c; ) {
		const char *end = strchr(c, ',');
		size_t n = end ? (size_t)(end - c) : strlen(c);

		if (n == len && !strncmp(c, name, n))
			return true;
		c += n + (end ? 1 : 0);
	}
	return false;
}

/* With --only: marks the numbers not named as fixed; false (after a
 * message) if a name is none of the table's. */
static bool
pick_only(const char *only, const struct tune_param *list, int count,
    bool *fixed)
{
	char name[sizeof list[0].name];

	for (int i = 0; i < count; i++)
		fixed[i] = !listed(only, list[i].name);
	for (const char *c = only; *c; ) {
		const char *end = strchr(c, ',');
		size_t n = end ? (size_t)(end - c) : strlen(c);
		bool found = false;

		snprintf(name, sizeof name, "%.*s", (int)n, c);
		for (int i = 0; i < count; i++)
			found = found || !strcmp(list[i].name, name);
		if (!found) {
			fprintf(stderr, "tune: --only: no number \"%s\" in "
			    "the table\n", name);
			return false;
		}
		c += n + (end ? 1 : 0);
	}
	return true;
}

/* --quiet: the quiet samples of the `n` read; -1 after a message. */
static long
keep_quiet(const struct tune_fit_options *o, struct tune_sample *samples,
    long n)
{
	struct tune_quiet *q = tune_quiet_new();
	long kept;

	if (!q) {
		fputs("tune: out of memory\n", stderr);
		free(samples);
		return -1;
	}
	kept = tune_quiet_filter(q, samples, n);
	tune_quiet_free(q);
	printf("%s: %ld of %ld positions quiet\n", o->file, kept, n);
	if (!kept) {
		fprintf(stderr, "tune: %s: no quiet positions\n", o->file);
		free(samples);
		return -1;
	}
	return kept;
}

int
tune_fit(const struct tune_fit_options *o)
{
	const struct eval_params *orig =
	    eval_params_of(bc_variant_id_of(o->variant));
	struct tune_param list[TUNE_MAX_PARAMS];
	int steps[TUNE_MAX_PARAMS];
	bool inert[TUNE_MAX_PARAMS] = { false };
	bool fixed[TUNE_MAX_PARAMS] = { false };
	struct eval_params p, kept;
	struct fit fit = { o->variant, { 0 }, NULL, NULL, NULL, 0, 0, 0, 0,
	    o->threads > 0 ? o->threads : 1, NULL };
	double before, loss, held_before = 0, held_best = 0;
	clock_t cpu0 = clock();
	int count, pass, kept_pass = 0;
	bool rose = false;
	long n;
	FILE *f;

	if (!orig) {
		fprintf(stderr, "tune: %s has no table in eval_params.c\n",
		    bc_variant_name(o->variant));
		return 1;
	}
	if (!(f = fopen(o->file, "r"))) {
		fprintf(stderr, "tune: cannot read %s: %s\n", o->file,
		    strerror(errno));
		return 1;
	}
	n = tune_read(f, o->file, o->variant, &fit.samples);
	fclose(f);
	if (n < 0)
		return 1;
	if (o->quiet && (n = keep_quiet(o, fit.samples, n)) < 0)
		return 1;
	if (o->limit && n > o->limit)
		n = o->limit;
	fit.held = (size_t)n * (size_t)o->holdout / 100;
	fit.n = (size_t)n - fit.held;
	if (o->holdout && (!fit.held || !fit.n)) {
		fprintf(stderr, "tune: %s: %ld positions are too few to hold "
		    "%d %% out\n", o->file, n, o->holdout);
		free(fit.samples);
		return 1;
	}
	fit.evals = malloc((size_t)n * sizeof *fit.evals);
	fit.results = malloc((size_t)n * sizeof *fit.results);
	fit.slices = calloc((size_t)fit.threads, sizeof *fit.slices);
	if (!fit.evals || !fit.results || !fit.slices ||
	    !eval_init(&fit.eval)) {
		fputs("tune: out of memory\n", stderr);
		free(fit.samples);
		free(fit.evals);
		free(fit.results);
		free(fit.slices);
		return 1;
	}
	for (long i = 0; i < n; i++)
		fit.results[i] = fit.samples[i].result;

	p = kept = *orig;
	fit.k = 1; /* any: the evaluations are what loss_of is for here */
	loss_of(&fit, &p);
	fit.k = tune_fit_k(fit.evals, fit.results, fit.n);
	before = loss = tune_loss(fit.evals, fit.results, fit.n, fit.k);
	printf("%s: %zu positions from %s\n", bc_variant_key(o->variant),
	    fit.n, o->file);
	if (fit.held) {
		held_before = held_best = held_loss(&fit, &p);
		printf("held out: %zu positions (the file's last %d %%)\n",
		    fit.held, o->holdout);
	}
	printf("K = %.8f (a 100 centipawn lead scores %.3f)\n", fit.k,
	    tune_sigmoid(100 * fit.k));
	printf("loss before: %.8f\n", before);
	if (fit.held)
		printf("held-out loss before: %.8f\n", held_before);
	fflush(stdout);

	signal(SIGINT, on_signal);
	signal(SIGTERM, on_signal);
	count = tune_params_list(&p, list);
	if (o->only && !pick_only(o->only, list, count, fixed)) {
		fit_free(&fit);
		return 1;
	}
	for (int i = 0; i < count; i++)
		steps[i] = list[i].step;
	for (pass = 1; pass <= o->passes; pass++) {
		int changed = 0;
		bool all_unit = true;

		for (int i = 0; i < count && !interrupted; i++) {
			const struct tune_param *t = &list[i];
			double up = loss, down = loss, l;

			if (inert[i] || fixed[i])
				continue;
			all_unit = all_unit && steps[i] == 1;
			l = run(&fit, &p, t, steps[i], 1, loss, &up);
			if (l >= loss)
				l = run(&fit, &p, t, steps[i], -1, loss, &down);
			if (l < loss) {
				changed++;
				loss = l;
				continue;
			}
			if (pass == 1 && up == loss && down == loss) {
				inert[i] = true;
				continue;
			}
			if (steps[i] > 1) {
				steps[i] /= 2;
				all_unit = false;
			}
		}
		printf("pass %d: loss %.8f, %d numbers changed, ", pass, loss,
		    changed);
		if (fit.held && changed) {
			double h = held_loss(&fit, &p);

			printf("held-out %.8f, ", h);
			if (h >= held_best) {
				rose = true;
			} else {
				held_best = h;
				kept = p;
				kept_pass = pass;
			}
		} else {
			kept = p;
			kept_pass = pass;
		}
		printf("%.0f CPU seconds\n",
		    (double)(clock() - cpu0) / CLOCKS_PER_SEC);
		fflush(stdout);
		if ((!changed && all_unit) || interrupted || rose)
			break;
	}
	if (interrupted)
		printf("interrupted in pass %d: the table as it stands\n", pass);
	if (rose)
		printf("the held-out loss did not fall in pass %d: the table "
		    "of pass %d is kept\n", pass, kept_pass);
	p = kept;
	/* Check the bookkeeping: the kept table really has the loss. */
	loss = loss_of(&fit, &p);
	printf("loss after: %.8f (before %.8f), %d passes, %ld loss "
	    "evaluations of %zu positions\n", loss, before,
	    pass > o->passes ? o->passes : pass, fit.evaluations, fit.n);
	if (fit.held)
		printf("held-out loss after: %.8f (before %.8f)\n",
		    held_loss(&fit, &p), held_before);
	for (int i = 0; i < count; i++) {
		int was = tune_param_get(orig, &list[i]);
		int now = tune_param_get(&p, &list[i]);

		if (inert[i])
			printf("  %-18s %5d (no effect on this data)\n",
			    list[i].name, was);
		else if (was != now)
			printf("  %-18s %5d -> %d\n", list[i].name, was, now);
	}
	tune_params_print(stdout, o->variant, &p);
	fit_free(&fit);
	return 0;
}
