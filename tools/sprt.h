/*
 * sprt.h - the sequential probability ratio test of engine matches
 * (build/arena; tools/match does the same sums in Python).
 *
 * H0: the first player is ELO0 stronger; H1: ELO1 stronger, in logistic
 * Elo (a score s is worth -400 log10(1/s - 1)).  The log-likelihood ratio
 * is the generalised SPRT's normal approximation over the trinomial model
 * (each game a win, draw or loss, counted alone, not in pairs), as in
 * fishtest and cutechess: with n games, mean score s and per-game score
 * variance v, and s0, s1 the scores of ELO0 and ELO1,
 *
 *	LLR = n (s1 - s0) (2 s - s0 - s1) / (2 v).
 *
 * Until there has been at least one win, one draw and one loss the ratio
 * is taken as 0 (no decision): the variance of fewer kinds of result is
 * no estimate, as cutechess has it.
 *
 * H1 is accepted when LLR >= ln((1 - beta) / alpha), H0 when LLR <=
 * ln(beta / (1 - alpha)); alpha and beta are the false-positive and
 * false-negative rates.
 */
#ifndef BIGCHESS_TOOLS_SPRT_H
#define BIGCHESS_TOOLS_SPRT_H

#include <stdbool.h>
#include <stdio.h>

struct sprt {
	double elo0, elo1;
	double alpha, beta;
};

#define SPRT_INIT { 0, 10, 0.05, 0.05 }

enum sprt_verdict { SPRT_CONTINUE, SPRT_H0, SPRT_H1 };

/* ELO0 < ELO1 and alpha and beta in (0, 0.5). */
bool sprt_valid(const struct sprt *t);

/* The log-likelihood ratio of these counts (0: see above). */
double sprt_llr(const struct sprt *t, int wins, int draws, int losses);
double sprt_lower(const struct sprt *t);
double sprt_upper(const struct sprt *t);

/* Prints "LLR x (lower, upper) for Elo ELO0 to ELO1: VERDICT" and returns
 * the verdict. */
int sprt_print(const struct sprt *t, int wins, int draws, int losses,
    FILE *out);

#endif
