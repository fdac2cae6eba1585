/*
 * tune_gen.c - the tuner's training data: self-play games of the engine
 * at a fixed node budget a move, each from a few random opening plies,
 * and the quiet positions of each game with its result.
 *
 * A position is kept when it tells the evaluation something about the
 * result: past the opening (--skip-plies), not in check, the search's
 * best move takes nothing and does not promote, no capture sequence from
 * it gains anything over the static evaluation (tune_quiet_is, a small
 * quiescence search: captures and promotions only), and the game is not
 * yet decided (the search saw no mate; from the first mate score on, the
 * rest of the game is mate distance, not evaluation).  Everything
 * depends only on the seed, the variant and the budget: the engine is
 * deterministic at fixed nodes, and the random plies come from the seed.
 */
#include <errno.h>
#include <inttypes.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>

#include "bigchess/bigchess.h"
#include "engine/engine.h"
#include "opening.h"
#include "tune.h"

enum { MAX_PLIES = 500 };

static bool
tactical(const bc_position *pos, bc_move m)
{
	bc_square taken[BC_MAX_CAPTURES];

	return BC_MOVE_PROMO(m) ||
	    bc_move_captures(pos, m, taken, BC_MAX_CAPTURES) > 0;
}

struct game_out {
	char (*fen)[BC_FEN_MAX];
	int count;
};

/* Plays one game; fills `out` with its kept positions and returns the
 * result for White (a game still going at MAX_PLIES is a draw). */
static double
play(const struct tune_gen_options *o, struct engine *eng, struct tune_quiet *q,
    uint64_t seed, struct game_out *out, bc_move_list *list, int *plies)
{
	struct engine_limits limits = ENGINE_LIMITS_INIT;
	uint64_t rng = seed;
	bool decided = false;
	bc_game *g;
	bc_result r;

	if (bc_game_new(&g, o->variant, NULL, NULL) != BC_OK) {
		fputs("tune: out of memory\n", stderr);
		exit(1);
	}
	limits.nodes = o->nodes;
	out->count = 0;
	opening_random(g, o->random_plies, &rng, list);
	engine_new_game(eng);
	while (bc_game_result(g, NULL) == BC_RESULT_NONE &&
	    bc_game_length(g) < MAX_PLIES) {
		bc_position before = *bc_game_position(g);
		struct engine_report rep;
		bc_move m = engine_search_game(eng, g, &limits, NULL, NULL, &rep);
		int ply = bc_game_length(g);

		if (m == BC_MOVE_NONE || bc_game_push(g, m) != BC_OK) {
			fputs("tune: the engine gave no legal move\n", stderr);
			exit(1);
		}
		if (rep.mate)
			decided = true;
		if (decided || ply < o->skip_plies ||
		    bc_position_in_check(&before) || tactical(&before, m) ||
		    !tune_quiet_is(q, &before))
			continue;
		bc_position_to_fen(&before, out->fen[out->count], BC_FEN_MAX);
		out->count++;
	}
	r = bc_game_result(g, NULL);
	*plies = bc_game_length(g);
	bc_game_free(g);
	return r == BC_RESULT_WHITE_WINS ? 1 : r == BC_RESULT_BLACK_WINS ? 0
	                                                                 : 0.5;
}

/* Plays the games into o->out with the scratch tune_gen made. */
static int
generate(const struct tune_gen_options *o, struct engine *eng,
    struct tune_quiet *q, bc_move_list *list, struct game_out *out)
{
	char tmp[4096];
	long kept = 0, draws = 0, wins = 0, losses = 0;
	clock_t cpu0 = clock();
	double cpu;
	FILE *f;

	if (engine_variant_problem(eng, o->variant)) {
		fprintf(stderr, "tune: %s\n",
		    engine_variant_problem(eng, o->variant));
		return 1;
	}
	engine_set_level(eng, ENGINE_LEVEL_MAX);
	/* Written beside the file and renamed at the end: an interrupted
	 * run leaves no half file under the name. */
	if ((size_t)snprintf(tmp, sizeof tmp, "%s.tmp", o->out) >= sizeof tmp ||
	    !(f = fopen(tmp, "w"))) {
		fprintf(stderr, "tune: cannot write %s: %s\n", o->out,
		    strerror(errno));
		return 1;
	}
	fprintf(f, "# build/tune gen --variant %s --games %d --nodes %" PRIu64
	    " --seed %" PRIu64 " --random-plies %d --skip-plies %d\n",
	    bc_variant_key(o->variant), o->games, o->nodes, o->seed,
	    o->random_plies, o->skip_plies);
	for (int i = 0; i < o->games; i++) {
		int plies;
		double r = play(o, eng, q, o->seed * 0x10001 + (uint64_t)i, out,
		    list, &plies);

		for (int k = 0; k < out->count; k++)
			fprintf(f, "%s ; %s\n", out->fen[k], tune_result_text(r));
		kept += out->count;
		wins += r == 1;
		losses += r == 0;
		draws += r == 0.5;
		if (o->verbose)
			fprintf(stderr, "game %d: %s, %d plies, %d positions "
			    "kept\n", i + 1, tune_result_text(r), plies,
			    out->count);
	}
	if (fflush(f) != 0 || ferror(f) || fsync(fileno(f)) != 0) {
		fprintf(stderr, "tune: cannot write %s: %s\n", o->out,
		    strerror(errno));
		fclose(f);
		unlink(tmp);
		return 1;
	}
	if (fclose(f) != 0 || rename(tmp, o->out) != 0) {
		fprintf(stderr, "tune: cannot write %s: %s\n", o->out,
		    strerror(errno));
		unlink(tmp);
		return 1;
	}
	cpu = (double)(clock() - cpu0) / CLOCKS_PER_SEC;
	printf("%s: %d games (White +%ld =%ld -%ld), %ld positions in %.0f "
	    "CPU seconds (%.0f positions a CPU minute)\n",
	    bc_variant_key(o->variant), o->games, wins, draws, losses, kept,
	    cpu, cpu > 0 ? kept * 60 / cpu : 0);
	return 0;
}

int
tune_gen(const struct tune_gen_options *o)
{
	struct engine *eng = engine_new(16);
	struct tune_quiet *q = tune_quiet_new();
	bc_move_list *list = malloc(sizeof *list);
	struct game_out out = { malloc(MAX_PLIES * sizeof *out.fen), 0 };
	int status = 1;

	if (!eng || !q || !list || !out.fen)
		fputs("tune: out of memory\n", stderr);
	else
		status = generate(o, eng, q, list, &out);
	engine_free(eng);
	tune_quiet_free(q);
	free(list);
	free(out.fen);
	return status;
}
