/*
 * tune_fit.c - the tuner's arithmetic: the logistic model of a game's
 * result from the evaluation, its mean squared error, and the scale K.
 */
#include <math.h>

#include "tune.h"

enum { GOLDEN_STEPS = 80 };

double
tune_sigmoid(double x)
{
	return 1 / (1 + exp(-x));
}

double
tune_loss(const int *eval, const float *result, size_t n, double k)
{
	double sum = 0;

	if (!n)
		return 0;
	for (size_t i = 0; i < n; i++) {
		double d = result[i] - tune_sigmoid(k * eval[i]);

		sum += d * d;
	}
	return sum / (double)n;
}

/*
 * A golden-section search over log k: K's useful range spans decades
 * (1e-3 for centipawns, 1e-1 for pawns), and the loss is unimodal in k
 * for any data with some wins above some losses.  80 steps shrink the
 * 6 decades to about 1e-16 of them.
 */
double
tune_fit_k(const int *eval, const float *result, size_t n)
{
	const double phi = (sqrt(5.0) - 1) / 2;
	double lo = log(1e-6), hi = log(1.0);
	double a = hi - phi * (hi - lo), b = lo + phi * (hi - lo);
	double fa = tune_loss(eval, result, n, exp(a));
	double fb = tune_loss(eval, result, n, exp(b));

	for (int i = 0; i < GOLDEN_STEPS; i++) {
		if (fa <= fb) {
			hi = b;
			b = a;
			fb = fa;
			a = hi - phi * (hi - lo);
			fa = tune_loss(eval, result, n, exp(a));
		} else {
			lo = a;
			a = b;
			fa = fb;
			b = lo + phi * (hi - lo);
			fb = tune_loss(eval, result, n, exp(b));
		}
	}
	return exp((lo + hi) / 2);
}
