/*
 * check_ladder.c - the levels' table (src/engine/engine.c) and level 1's
 * beginner (src/engine/beginner.c): the beginner blunders sometimes, on
 * purpose, but never plays at random; every level keeps to its node
 * budget; the Elo column rises with the level.
 *
 * The positions are Grand Chess ones whose facts were worked out by
 * hand from grand.md (a knight leaps (1,2), a pawn takes one square
 * diagonally forward).  The counts expected come from the beginner's
 * chances as the level table states them (a capture overlooked 150 times
 * in a thousand, a careless turn 250 times) and the binomial
 * distribution, not from a run of the program: over N seeds a count of
 * probability p is N p give or take 3.9 standard deviations (sqrt(N p
 * (1 - p))), which a correct beginner leaves once in 10,000 runs.
 */
#include <math.h>

#include "engine/engine.h"
#include "test_util.h"

enum { SEEDS = 200 };

/* test_budgets plays every level up to this one in every variant. */
enum { TOP_FROM = 7 };

/* Level 1's chances, per mille, as the table says (engine.c). */
enum { MISS = 150, CARELESS = 250 };

/* The bounds that a count of probability `per_mille` over SEEDS tries
 * stays within but once in 10,000 runs. */
static void
binomial_bounds(int per_mille, int *lo, int *hi)
{
	double p = per_mille / 1000.0;
	double mean = SEEDS * p, sd = sqrt(SEEDS * p * (1 - p));

	*lo = (int)floor(mean - 3.9 * sd);
	*hi = (int)ceil(mean + 3.9 * sd);
}

/* Level 1's move in `pos` with seed `seed`, at the level's own limits
 * (what the arena and the game play it at). */
static bc_move
level1_move(struct engine *eng, const bc_position *pos, uint64_t seed)
{
	struct engine_limits limits;
	struct engine_report r;
	bc_move m;

	engine_set_level(eng, 1);
	engine_level_limits(1, &limits);
	engine_set_seed(eng, seed);
	m = engine_search(eng, pos, NULL, 0, &limits, NULL, NULL, &r);
	ck_assert_uint_eq(r.best, m);
	ck_assert_int_eq(r.depth, 1);
	ck_assert_uint_le(r.nodes, limits.nodes);
	return m;
}

static bc_move
parse(const bc_position *pos, const char *text)
{
	bc_move m;

	ck_assert_int_eq(bc_move_parse(pos, text, &m, NULL), BC_OK);
	return m;
}

/*
 * A free queen: the black queen on e6 is guarded by nothing and only the
 * knight on d4 reaches it (d4-e6 is a (1,2) leap); nothing else of
 * White's captures anything.  The beginner takes it unless it overlooks
 * the capture (150 in 1000): so most times, not all.  A random mover
 * would take it once in its 11 moves (the king's a2, b1, b2 and the
 * knight's eight), about 18 times in 200: far below the bound.
 */
START_TEST(test_free_queen)
{
	struct engine *eng = engine_new(ENGINE_HASH_MIN_MB);
	bc_position pos;
	bc_move take;
	int taken = 0, lo, hi;

	ck_assert_ptr_nonnull(eng);
	LOAD_FEN(&pos, "grand", "9k/10/10/10/4q5/10/3N6/10/10/K9 w - - 0 1");
	take = parse(&pos, "d4e6");
	for (uint64_t seed = 1; seed <= SEEDS; seed++)
		taken += level1_move(eng, &pos, seed) == take;
	binomial_bounds(1000 - MISS, &lo, &hi);
	ck_assert_msg(taken >= lo && taken <= hi && taken < SEEDS,
	    "took the free queen %d times in %d (want %d to %d)", taken,
	    SEEDS, lo, hi);
	engine_free(eng);
}
END_TEST

/*
 * A queen attacked (the black king on i10 is off its lines): the black
 * pawn on d6 attacks the white queen on e5
 * (and c5); the pawn on c7 guards d6, so Qxd6 loses the queen to cxd6
 * for a pawn.  Paying attention (three turns in four), the beginner
 * never leaves the queen where a pawn takes it; on a careless turn it
 * may (grabbing the pawn is the obvious blunder).  So the queen is lost
 * at most as often as a careless turn comes, and sometimes.
 */
START_TEST(test_queen_attacked)
{
	struct engine *eng = engine_new(ENGINE_HASH_MIN_MB);
	bc_position pos;
	int lost = 0, lo, hi;

	ck_assert_ptr_nonnull(eng);
	LOAD_FEN(&pos, "grand",
	    "8k1/10/10/2p7/3p6/4Q5/10/10/10/K9 w - - 0 1");
	for (uint64_t seed = 1; seed <= SEEDS; seed++) {
		bc_position after = pos;
		bc_undo undo;
		bc_move m = level1_move(eng, &pos, seed);
		bc_square at;

		/* Where the queen stands after the move, and whether a
		 * black piece can take it there. */
		bc_position_make(&after, m, &undo);
		at = (bc_square)(BC_MOVE_FROM(m) == square_of("e5")
		    ? BC_MOVE_TO(m) : square_of("e5"));
		lost += bc_position_attacked(&after, at, BC_BLACK);
	}
	binomial_bounds(CARELESS, &lo, &hi);
	ck_assert_msg(lost > 0 && lost <= hi,
	    "left the queen to be taken %d times in %d (want 1 to %d)", lost,
	    SEEDS, hi);
	engine_free(eng);
}
END_TEST

/* Seeded plies from the start of `v`, so that the budgets are checked
 * in the middle of a game as well. */
static void
played_out(bc_position *pos, const bc_variant *v, int plies, uint64_t *rng)
{
	bc_move_list *list = new_move_list();

	bc_position_start(pos, v);
	for (int i = 0; i < plies; i++) {
		bc_undo undo;

		bc_movegen_legal(pos, list);
		if (!list->count)
			break;
		*rng = *rng * 6364136223846793005ULL + 1442695040888963407ULL;
		bc_position_make(pos, list->moves[(*rng >> 33) %
		    (uint64_t)list->count], &undo);
	}
	free(list);
}

/*
 * Each level up to 7 in each variant, and one of 8 to 10 in turn: its
 * own limits (engine_level_limits, what tools/ladder measures) and, for
 * levels 1 to 3, a search without limits (the curses game) keep to the
 * level's node budget and depth and give a legal move; every level is
 * measured and the Elo rises with the level.
 */
START_TEST(test_budgets)
{
	struct engine *eng = engine_new(ENGINE_HASH_MIN_MB);
	bc_move_list *legal = new_move_list();
	uint64_t rng = 20261202 + (uint64_t)_i;
	const bc_variant *v = bc_variant_at(_i);
	bc_position pos;

	ck_assert_ptr_nonnull(eng);
	ck_assert_int_eq(engine_level_measured(), ENGINE_LEVEL_MAX);
	for (int level = ENGINE_LEVEL_MIN; level <= ENGINE_LEVEL_MAX; level++) {
		struct engine_limits limits;

		engine_level_limits(level, &limits);
		ck_assert_uint_gt(limits.nodes, 0);
		ck_assert_int_ge(limits.depth, 1);
		if (level > ENGINE_LEVEL_MIN)
			ck_assert_int_gt(engine_level_elo(level),
			    engine_level_elo(level - 1));
	}
	played_out(&pos, v, 8, &rng);
	bc_movegen_legal(&pos, legal);
	ck_assert_int_gt(legal->count, 0);
	for (int level = ENGINE_LEVEL_MIN; level <= ENGINE_LEVEL_MAX;
	    level++) {
		struct engine_limits limits;
		struct engine_report r;
		bc_move m;
		bool found = false;

		/* Levels 8 to 10 (nine tenths of the nodes) in turns, one
		 * a variant: each is played in some variant, and the
		 * suite stays quick under ASan. */
		if (level > TOP_FROM &&
		    level != TOP_FROM + 1 + _i % (ENGINE_LEVEL_MAX - TOP_FROM))
			continue;
		engine_set_level(eng, level);
		engine_new_game(eng);
		engine_level_limits(level, &limits);
		m = engine_search(eng, &pos, NULL, 0, &limits, NULL, NULL, &r);
		ck_assert_msg(r.nodes > 0 && r.nodes <= limits.nodes,
		    "%s level %d: %llu nodes of %llu", bc_variant_key(v),
		    level, (unsigned long long)r.nodes,
		    (unsigned long long)limits.nodes);
		ck_assert_int_le(r.depth, limits.depth);
		for (int k = 0; k < legal->count; k++)
			found |= legal->moves[k] == m;
		ck_assert_msg(found, "%s level %d: not a legal move",
		    bc_variant_key(v), level);
		/* Without limits: the level's budget all the same (the
		 * beginners' and the first search's; above, the same
		 * plan() decides, and a search costs more). */
		if (level <= 3) {
			engine_search(eng, &pos, NULL, 0, NULL, NULL, NULL,
			    &r);
			ck_assert_uint_le(r.nodes, limits.nodes);
		}
	}
	free(legal);
	engine_free(eng);
}
END_TEST

Suite *
ladder_suite(void)
{
	Suite *s = suite_create("ladder");
	TCase *tc = tcase_create("core");

	tcase_add_test(tc, test_free_queen);
	tcase_add_test(tc, test_queen_attacked);
	tcase_add_loop_test(tc, test_budgets, 0, bc_variant_count());
	tcase_set_timeout(tc, 120);
	suite_add_tcase(s, tc);
	return s;
}
