/*
 * sprt.c - the sequential probability ratio test (see sprt.h).
 */
#include <math.h>

#include "sprt.h"

static double
score_of(double elo)
{
	return 1 / (1 + pow(10, -elo / 400));
}

bool
sprt_valid(const struct sprt *t)
{
	return t->elo0 < t->elo1 && t->alpha > 0 && t->alpha < 0.5 &&
	    t->beta > 0 && t->beta < 0.5;
}

double
sprt_llr(const struct sprt *t, int wins, int draws, int losses)
{
	double w = wins, d = draws, l = losses, n, s, v, s0, s1;

	/* Until each result has occurred the variance says nothing (a
	 * first loss would "prove" H0), so there is no decision yet, as in
	 * cutechess. */
	if (wins <= 0 || draws <= 0 || losses <= 0)
		return 0;
	n = w + d + l;
	s = (w + d / 2) / n;
	v = (w * (1 - s) * (1 - s) + d * (0.5 - s) * (0.5 - s) +
	    l * s * s) / n;
	s0 = score_of(t->elo0);
	s1 = score_of(t->elo1);
	return n * (s1 - s0) * (2 * s - s0 - s1) / (2 * v);
}

double
sprt_lower(const struct sprt *t)
{
	return log(t->beta / (1 - t->alpha));
}

double
sprt_upper(const struct sprt *t)
{
	return log((1 - t->beta) / t->alpha);
}

int
sprt_print(const struct sprt *t, int wins, int draws, int losses,
    FILE *out)
{
	double llr = sprt_llr(t, wins, draws, losses);
	int verdict = llr >= sprt_upper(t) ? SPRT_H1
	    : llr <= sprt_lower(t) ? SPRT_H0 : SPRT_CONTINUE;

	fprintf(out, "LLR %.2f (%.2f, %.2f) for Elo %g to %g: %s\n",
	    fabs(llr) < 0.005 ? 0 : llr, sprt_lower(t), sprt_upper(t),
	    t->elo0, t->elo1,
	    verdict == SPRT_H1 ? "H1 accepted"
	    : verdict == SPRT_H0 ? "H0 accepted" : "continue");
	return verdict;
}
