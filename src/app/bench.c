/*
 * bench.c - the --bench mode: the engine searches a fixed set of positions
 * to a fixed depth, on a new engine state for each, so the node count is
 * a signature of the search (it changes exactly when the search or the
 * evaluation does) and the speed is comparable between builds.
 */
#include <inttypes.h>
#include <stdio.h>
#include <time.h>

#include "bench.h"
#include "engine/engine.h"

struct bench_position {
	bc_variant_id variant;
	const char *fen; /* NULL: the start position */
};

/* Depth per variant: a few seconds in all on a small machine. */
static const int bench_depth[BC_VARIANT_COUNT] = {
	[BC_VARIANT_GRAND] = 8,
	[BC_VARIANT_CHAD] = 7,
	[BC_VARIANT_HADEAN] = 7,
	[BC_VARIANT_HEXCHAD] = 7,
	[BC_VARIANT_HADEAN_NINJA] = 7,
};

/* Start positions, and middle games and endings from engine self-play
 * and from the rules files' examples. */
static const struct bench_position positions[] = {
	{ BC_VARIANT_GRAND, NULL },
	{ BC_VARIANT_GRAND, "r8r/2bqkc4/ppp2p1ppp/2nppbpn2/10/Q9/2PPN1PN2/"
	                    "PP2PP1PPP/2B1KC1B2/R8R w - - 2 11" },
	{ BC_VARIANT_GRAND, "r8r/4k5/pb1q2cppp/3p1bpn2/2p1ppN3/7Q2/1CPPN1P3/"
	                    "PP2PP1PPP/2B1K5/R8R w - - 2 21" },
	{ BC_VARIANT_GRAND, "r4k3r/10/pb1q4pp/3p6/2p1p5/4P2b2/1CPP1P4/"
	                    "PP6PP/2B1K5/R8R w - - 0 31" },
	{ BC_VARIANT_GRAND, "6r2r/2b1k5/p8p/3p6/2p1p3p1/4P5/1PPP1PbqP1/"
	                    "P2C5P/2BK1R4/R9 w - - 3 37" },
	{ BC_VARIANT_CHAD, NULL },
	{ BC_VARIANT_CHAD, "12/6r5/2r6r2/4R2rkr2/2R5r3/6R3R1/5r6/3R8/3KR7/"
	                   "1R1R8/1r10/12 b - - 15 8" },
	{ BC_VARIANT_CHAD, "12/7R4/1r7r2/5r2kr2/2R3r1r3/7R4/12/3R8/3KR7/"
	                   "1R1R8/1r10/12 b - - 5 13" },
	/* chad.md: Freeling's diagram, White mates in two. */
	{ BC_VARIANT_CHAD,
	  "12/12/12/3R3rk3/12/7R4/12/12/2RKR7/12/4q7/12 w - - 0 1" },
	{ BC_VARIANT_HADEAN, NULL },
	{ BC_VARIANT_HADEAN, "r1m1fqkw3r/jjjjjbbjjjjj/ppppppp1pppp/6e2m2/"
	                     "4e7/6P5/6p5/12/5EE1BM2/PPPPPPP1PPPP/JJJJJB1JJJJJ/"
	                     "R1M1FQKW3R w KQkq - 1 11" },
	{ BC_VARIANT_HADEAN, "r5kw3r/jjjjjb1jjjjj/ppppppp2ppp/2m2fe2m2/12/"
	                     "3P2PJp3/e3P1p2b2/12/2M2EE1B1M1/PPPF1PP1PPPP/"
	                     "JJJJJB1J1JJJ/R5KW3R w KQkq - 3 21" },
	{ BC_VARIANT_HEXCHAD, NULL },
	{ BC_VARIANT_HEXCHAD, "7/8/4rrr2/6kr2/8r2/4R1r5/5r7/5R1R4/3R7/"
	                      "2RKR1r3/2R2R3/8/7 w - - 8 5" },
	{ BC_VARIANT_HEXCHAD, "7/8/4rrr2/7r2/7kr2/4R1r5/6R6/3r3R4/3R7/"
	                      "2R3r3/2RK1R3/8/7 w - - 0 8" },
	/* hexchad.md: position C, a wall rook against a defender. */
	{ BC_VARIANT_HEXCHAD,
	  "7/8/6k2/10/5Rr4/12/13/12/11/10/3K5/8/7 b - - 0 1" },
	/* The two Hadean middle games with flying ninjas for the flyers:
	 * guards and warriors that can take in passing. */
	{ BC_VARIANT_HADEAN_NINJA, NULL },
	{ BC_VARIANT_HADEAN_NINJA, "r1t1fqkw3r/jjjjjbbjjjjj/ppppppp1pppp/"
	                           "6g2t2/4g7/6P5/6p5/12/5GG1BT2/"
	                           "PPPPPPP1PPPP/JJJJJB1JJJJJ/R1T1FQKW3R "
	                           "w KQkq - 1 11" },
	{ BC_VARIANT_HADEAN_NINJA, "r5kw3r/jjjjjb1jjjjj/ppppppp2ppp/"
	                           "2t2fg2t2/12/3P2PJp3/g3P1p2b2/12/"
	                           "2T2GG1B1T1/PPPF1PP1PPPP/JJJJJB1J1JJJ/"
	                           "R5KW3R w KQkq - 3 21" },
};

static double
seconds_now(void)
{
	struct timespec ts;

	clock_gettime(CLOCK_MONOTONIC, &ts);
	return (double)ts.tv_sec + (double)ts.tv_nsec / 1e9;
}

const char *
bench_problem(const bc_variant *v)
{
	static _Thread_local char why[128];
	int id = (int)bc_variant_id_of(v), count = 0;

	for (size_t i = 0; i < sizeof positions / sizeof positions[0]; i++)
		count += (int)positions[i].variant == id;
	if (!count)
		snprintf(why, sizeof why, "no bench positions for %s",
		    bc_variant_name(v));
	else if (id < 0 || id >= BC_VARIANT_COUNT || !bench_depth[id])
		snprintf(why, sizeof why, "no bench depth for %s",
		    bc_variant_name(v));
	else
		return NULL;
	return why;
}

/* Says which variants of those asked for cannot be benched, and why;
 * returns how many. */
static int
skipped(const struct engine *eng, const bc_variant *only)
{
	int n = 0;

	for (int i = 0; i < bc_variant_count(); i++) {
		const bc_variant *v = bc_variant_at(i);
		const char *why = engine_variant_problem(eng, v);

		if (only && v != only)
			continue;
		if (!why)
			why = bench_problem(v);
		if (why) {
			fprintf(stderr, "bigchess: %s; skipped\n", why);
			n++;
		}
	}
	return n;
}

int
bench_run(const bc_variant *only)
{
	struct engine *eng = engine_new(ENGINE_HASH_DEFAULT_MB);
	uint64_t total = 0;
	double start = seconds_now(), elapsed;
	int n = 0, skips;

	if (!eng) {
		fputs("bigchess: out of memory\n", stderr);
		return 1;
	}
	skips = skipped(eng, only);
	engine_set_level(eng, ENGINE_LEVEL_MAX);
	for (size_t i = 0; i < sizeof positions / sizeof positions[0]; i++) {
		const struct bench_position *bp = &positions[i];
		const bc_variant *v = bc_variant_get(bp->variant);
		struct engine_limits limits = ENGINE_LIMITS_INIT;
		struct engine_report result;
		char text[BC_MOVE_TEXT_MAX] = "(none)";
		bc_position pos;
		bc_error err;

		if ((only && v != only) || engine_variant_problem(eng, v) ||
		    bench_problem(v))
			continue;
		if (!bp->fen)
			bc_position_start(&pos, v);
		else if (bc_position_from_fen(&pos, v, bp->fen, &err) != BC_OK) {
			fprintf(stderr, "bigchess: bench position %zu: %s\n", i + 1,
			    err.message);
			engine_free(eng);
			return 1;
		}
		engine_new_game(eng);
		limits.depth = bench_depth[bp->variant];
		engine_search(eng, &pos, NULL, 0, &limits, NULL, NULL, &result);
		if (result.best)
			bc_move_to_coord(&pos, result.best, text, sizeof text);
		printf("%-6s %2d: depth %d bestmove %-7s score %6d nodes %" PRIu64
		       "\n", bc_variant_key(v), ++n, result.depth, text,
		    result.score, result.nodes);
		fflush(stdout);
		total += result.nodes;
	}
	elapsed = seconds_now() - start;
	engine_free(eng);
	printf("\nNodes searched: %" PRIu64 "\n", total);
	printf("Nodes/second: %.0f\n",
	    elapsed > 0 ? (double)total / elapsed : 0.0);
	return skips ? 1 : 0;
}
