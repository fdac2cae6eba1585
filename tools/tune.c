/*
 * tune.c - build/tune, the Texel tuner's command line (see tune.h).
 */
#include <errno.h>
#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "tune.h"

static const char usage[] =
    "usage: tune gen --variant V --games N --nodes N --out FILE [--seed S]\n"
    "                [--random-plies N] [--skip-plies N] [--verbose]\n"
    "       tune fit --variant V [--passes N] [--limit N] [--holdout P]\n"
    "                [--threads N] [--only NAMES] [--quiet] FILE\n";

static int
bad_usage(const char *why, const char *what)
{
	if (why)
		fprintf(stderr, "tune: %s%s%s\n", why, what ? ": " : "",
		    what ? what : "");
	fputs(usage, stderr);
	return 2;
}

/* A whole number in [min, max], else false. */
static bool
number(const char *text, unsigned long long min, unsigned long long max,
    unsigned long long *out)
{
	char *end;

	if (!text || *text < '0' || *text > '9')
		return false;
	errno = 0;
	*out = strtoull(text, &end, 10);
	return !*end && !errno && *out >= min && *out <= max;
}

int
main(int argc, char **argv)
{
	struct tune_gen_options g = { NULL, 0, 0, 1, 6, 10, false, NULL };
	struct tune_fit_options f = { NULL, 30, 0, 0, 1, NULL, NULL, false };
	bool gen;

	if (argc < 2)
		return bad_usage(NULL, NULL);
	if (!strcmp(argv[1], "gen"))
		gen = true;
	else if (!strcmp(argv[1], "fit"))
		gen = false;
	else
		return bad_usage("unknown command", argv[1]);
	for (int i = 2; i < argc; i++) {
		const char *opt = argv[i], *arg = i + 1 < argc ? argv[i + 1] : NULL;
		unsigned long long n = 0;

		if (!strcmp(opt, "--variant")) {
			const bc_variant *v = arg ? bc_variant_find(arg) : NULL;

			if (!v)
				return bad_usage("unknown variant", arg);
			g.variant = f.variant = v;
			i++;
		} else if (gen && !strcmp(opt, "--verbose")) {
			g.verbose = true;
		} else if (gen && !strcmp(opt, "--out")) {
			if (!arg)
				return bad_usage("--out wants a file", NULL);
			g.out = arg;
			i++;
		} else if (gen && !strcmp(opt, "--games")) {
			if (!number(arg, 1, INT_MAX, &n))
				return bad_usage("--games wants 1 or more", arg);
			g.games = (int)n;
			i++;
		} else if (gen && !strcmp(opt, "--nodes")) {
			if (!number(arg, 1, 1000000000, &n))
				return bad_usage("--nodes wants 1 to 10^9", arg);
			g.nodes = n;
			i++;
		} else if (gen && !strcmp(opt, "--seed")) {
			if (!number(arg, 0, UINT64_MAX, &n))
				return bad_usage("--seed wants a number", arg);
			g.seed = n;
			i++;
		} else if (gen && (!strcmp(opt, "--random-plies") ||
		               !strcmp(opt, "--skip-plies"))) {
			if (!number(arg, 0, 200, &n))
				return bad_usage("plies: 0 to 200", arg);
			*(opt[2] == 'r' ? &g.random_plies : &g.skip_plies) = (int)n;
			i++;
		} else if (!gen && !strcmp(opt, "--passes")) {
			if (!number(arg, 0, 1000, &n))
				return bad_usage("--passes wants 0 to 1000", arg);
			f.passes = (int)n;
			i++;
		} else if (!gen && !strcmp(opt, "--limit")) {
			if (!number(arg, 1, LONG_MAX, &n))
				return bad_usage("--limit wants 1 or more", arg);
			f.limit = (long)n;
			i++;
		} else if (!gen && !strcmp(opt, "--holdout")) {
			if (!number(arg, 1, 50, &n))
				return bad_usage("--holdout wants 1 to 50 "
				    "(percent)", arg);
			f.holdout = (int)n;
			i++;
		} else if (!gen && !strcmp(opt, "--threads")) {
			if (!number(arg, 1, TUNE_MAX_THREADS, &n))
				return bad_usage("--threads wants 1 to 64", arg);
			f.threads = (int)n;
			i++;
		} else if (!gen && !strcmp(opt, "--only")) {
			if (!arg || !*arg)
				return bad_usage("--only wants names, comma "
				    "separated", NULL);
			f.only = arg;
			i++;
		} else if (!gen && !strcmp(opt, "--quiet")) {
			f.quiet = true;
		} else if (!gen && opt[0] != '-' && !f.file) {
			f.file = opt;
		} else {
			return bad_usage("unknown or repeated argument", opt);
		}
	}
	if (gen) {
		if (!g.variant || !g.games || !g.nodes || !g.out)
			return bad_usage("gen wants --variant, --games, --nodes "
			    "and --out", NULL);
		return tune_gen(&g);
	}
	if (!f.variant || !f.file)
		return bad_usage("fit wants --variant and a data file", NULL);
	return tune_fit(&f);
}
