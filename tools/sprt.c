/*
 * sprt.c - the sequential probability ratio test (see sprt.h).
 */
#include <math.h>

#include "sprt.h"

/* The zero counts' stand-in when all games ended alike: the variance
 * would be zero, and a long run of wins should still decide. */
static const double REGULARISE = 1e-3;

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

	if (wins + draws + losses <= 0)
		return 0;
	if ((w > 0) + (d > 0) + (l > 0) < 2) {
		w = w > 0 ? w : REGULARISE;
		d = d > 0 ? d : REGULARISE;
		l = l > 0 ? l : REGULARISE;
	}
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
