/*
 * check_search.c - the search's parts: the staged move picker, and
 * fixed-depth searches that repeat exactly.
 *
 * The picker is checked against the rules library's own move lists (not
 * against anything the engine computes): over the positions of
 * tests/data/perft-*.epd and short random playouts from them, with a
 * hash move and killers drawn from the position's moves and from other
 * positions, it must give every pseudo-legal move exactly once and
 * nothing else (so, after the legality test, exactly bc_movegen_legal's
 * set), the hash move first when it is a move here, and the killers
 * right after the tactics that do not lose material.
 */
#include <stdint.h>
#include <stdio.h>
#include <string.h>

#include "../src/engine/engine.h"
#include "../src/engine/search.h"
#include "test_util.h"

enum { PLAYOUT_PLIES = 24, PLAYOUTS = 6, MAX_CORPUS = 512 };

static const char *const epd_files[][2] = {
	{ "grand", "perft-grand.epd" },
	{ "chad", "perft-chad.epd" },
	{ "hadean", "perft-hadean.epd" },
	{ "hadean-ninja", "perft-hadean-ninja.epd" },
	{ "hexchad", "perft-hexchad.epd" },
};

/* The FENs of one epd file, then positions of random playouts from each;
 * returns how many went into `out`. */
static int
load_corpus(const char *variant, const char *file, bc_position *out, int max)
{
	char path[512], line[1024];
	const char *dir = getenv("BC_TEST_DATA");
	bc_move_list *list = new_move_list();
	uint64_t rng = 0x5eed;
	int count = 0, fens;
	FILE *f;

	snprintf(path, sizeof path, "%s/%s", dir ? dir : "tests/data", file);
	f = fopen(path, "r");
	ck_assert_msg(f != NULL, "cannot open %s", path);
	while (count < max && fgets(line, sizeof line, f)) {
		char *end = strchr(line, ';');

		if (line[0] == '#' || !end)
			continue;
		*end = '\0';
		LOAD_FEN(&out[count], variant, line);
		count++;
	}
	fclose(f);
	fens = count;
	for (int i = 0; i < fens; i++)
		for (int k = 0; k < PLAYOUTS; k++) {
			bc_position pos = out[i];

			for (int ply = 0; ply < PLAYOUT_PLIES && count < max;
			    ply++) {
				bc_undo undo;

				bc_movegen_legal(&pos, list);
				if (!list->count)
					break;
				bc_position_make(&pos, list->moves[bc_random_next(&rng)
				    % (uint64_t)list->count], &undo);
				out[count++] = pos;
			}
		}
	free(list);
	return count;
}

static bool
in_list(const bc_move_list *list, bc_move m)
{
	for (int i = 0; i < list->count; i++)
		if (list->moves[i] == m)
			return true;
	return false;
}

/* Captures (a flying ninja's in passing too) and promotions, and in Chad
 * and HexChad the moves into the enemy castle (chad.md: White's castle is
 * c3-e5, Black's h8-j10; hexchad.md: c3-e5 and i9-k11), which promote or
 * threaten to: what the engine tries before quiet moves. */
static bool
tactical(const bc_position *pos, bc_move m)
{
	int f = BC_FILE(BC_MOVE_TO(m)), r = BC_RANK(BC_MOVE_TO(m));
	unsigned castle = pos->side == BC_WHITE ? BC_REGION_CASTLE_BLACK
	                                        : BC_REGION_CASTLE_WHITE;

	if (BC_MOVE_KIND(m) == BC_MOVE_CAPTURE ||
	    BC_MOVE_KIND(m) == BC_MOVE_EN_PASSANT ||
	    BC_MOVE_KIND(m) == BC_MOVE_PASSING || BC_MOVE_PROMO(m))
		return true;
	/* Chad's and HexChad's enemy castle, as the rules name it. */
	return (bc_variant_region(pos->variant, f, r) & castle) != 0;
}

START_TEST(test_picker_each_move_once)
{
	struct search *s = calloc(1, sizeof *s);
	struct eval *e = calloc(1, sizeof *e);
	bc_position *corpus = malloc(MAX_CORPUS * sizeof *corpus);
	bc_move_list *pseudo = new_move_list(), *legal = new_move_list();
	bc_move *got = malloc((BC_MAX_MOVES + 1) * sizeof *got);
	uint64_t rng = 0xfeed;
	int n, hash_first = 0, killers_seen = 0, positions;

	ck_assert(s && e && corpus && got && eval_init(e));
	s->eval = e;
	positions = load_corpus(epd_files[_i][0], epd_files[_i][1], corpus,
	    MAX_CORPUS);
	ck_assert_int_gt(positions, 20);
	for (int p = 0; p < positions; p++) {
		const bc_position *pos = &corpus[p];
		const bc_position *other = &corpus[(p + 5) % positions];
		bc_move hash, quiet = BC_MOVE_NONE;
		int legal_found = 0, killer_at = -1;

		bc_movegen_legal(pos, legal);
		bc_movegen_pseudo(pos, pseudo);
		if (!pseudo->count)
			continue;
		/* A hash move from here, or (every third) from elsewhere. */
		hash = pseudo->moves[bc_random_next(&rng) % (uint64_t)pseudo->count];
		if (p % 3 == 0) {
			bc_movegen_pseudo(other, legal);
			if (legal->count)
				hash = legal->moves[0];
			bc_movegen_legal(pos, legal);
		}
		for (int i = 0; i < pseudo->count; i++)
			if (!tactical(pos, pseudo->moves[i]) &&
			    pseudo->moves[i] != hash)
				quiet = pseudo->moves[i];
		s->ply[1].killers[0] = quiet;
		s->ply[1].killers[1] = hash ^ (bc_move)1 << 9; /* forged */
		s->ply[0].move = BC_MOVE_NONE;

		n = search_picker_moves(s, pos, 1, hash, got);
		ck_assert_int_eq(n, pseudo->count);
		for (int i = 0; i < n; i++) {
			REQUIRE(in_list(pseudo, got[i]),
			    "position %d: move %d is no move here", p, i);
			for (int j = 0; j < i; j++)
				REQUIRE(got[j] != got[i],
				    "position %d: move %d given twice", p, i);
			if (bc_movegen_is_legal(pos, got[i])) {
				REQUIRE(in_list(legal, got[i]),
				    "position %d: move %d legal, not listed",
				    p, i);
				legal_found++;
			}
			if (quiet && got[i] == quiet)
				killer_at = i;
		}
		ck_assert_int_eq(legal_found, legal->count);
		if (in_list(pseudo, hash)) {
			ck_assert_uint_eq(got[0], hash);
			hash_first++;
		}
		/* Between the hash move and the quiet killer come only
		 * tactics. */
		if (killer_at >= 0) {
			for (int i = got[0] == hash ? 1 : 0; i < killer_at; i++)
				REQUIRE(tactical(pos, got[i]),
				    "position %d: quiet move %d before the "
				    "killer", p, i);
			killers_seen++;
		}
	}
	ck_assert_int_gt(hash_first, 0);
	ck_assert_int_gt(killers_seen, 0);
	free(got);
	free(pseudo);
	free(legal);
	free(corpus);
	eval_free(e);
	free(e);
	free(s);
}
END_TEST

/* A fixed-depth search with one thread repeats exactly: the same best
 * move, score and node count from two engines, and again after a new
 * game, on the first positions of each epd file. */
START_TEST(test_fixed_depth_repeats)
{
	bc_position *corpus = malloc(MAX_CORPUS * sizeof *corpus);
	int positions = load_corpus(epd_files[_i][0], epd_files[_i][1], corpus,
	    MAX_CORPUS);

	for (int p = 0; p < positions && p < 3; p++) {
		struct engine *a = engine_new(4), *b = engine_new(4);
		struct engine_limits limits = ENGINE_LIMITS_INIT;
		struct engine_report ra, rb, rc;

		ck_assert(a && b);
		limits.depth = 6;
		engine_search(a, &corpus[p], NULL, 0, &limits, NULL, NULL, &ra);
		engine_search(b, &corpus[p], NULL, 0, &limits, NULL, NULL, &rb);
		engine_new_game(a);
		engine_search(a, &corpus[p], NULL, 0, &limits, NULL, NULL, &rc);
		/* Shallower only when it found a mate. */
		ck_assert(ra.depth == 6 || ra.mate != 0);
		ck_assert_int_eq(ra.depth, rb.depth);
		ck_assert_int_eq(ra.depth, rc.depth);
		ck_assert_uint_eq(ra.best, rb.best);
		ck_assert_int_eq(ra.score, rb.score);
		ck_assert_uint_eq(ra.nodes, rb.nodes);
		ck_assert_uint_eq(ra.best, rc.best);
		ck_assert_int_eq(ra.score, rc.score);
		ck_assert_uint_eq(ra.nodes, rc.nodes);
		ck_assert_uint_gt(ra.nodes, 100);
		engine_free(a);
		engine_free(b);
	}
	free(corpus);
}
END_TEST

/* Hash really is the size asked for: the entries take the megabytes
 * asked, less under one 64-byte bucket, in whole cache lines; and what
 * is stored is found again, wherever its key puts it. */
START_TEST(test_tt_size)
{
	static const size_t sizes[] = { 1, 3, 5, 16, 100 };

	for (size_t i = 0; i < sizeof sizes / sizeof sizes[0]; i++) {
		struct tt tt = { 0 };
		size_t asked = sizes[i] * 1024 * 1024;
		uint64_t rng = 42;
		struct tt_entry e;

		ck_assert(tt_resize(&tt, sizes[i]));
		ck_assert_uint_le(tt_bytes(&tt), asked);
		ck_assert_uint_gt(tt_bytes(&tt), asked - 64);
		ck_assert_uint_eq((uintptr_t)tt.entries % 64, 0);
		for (int k = 0; k < 1000; k++) {
			uint64_t key = bc_random_next(&rng);

			tt_store(&tt, key, (bc_move)(k + 1), k, -k, 5, TT_EXACT);
			ck_assert(tt_probe(&tt, key, &e));
			ck_assert_uint_eq(e.move, (bc_move)(k + 1));
			ck_assert_int_eq(e.score, k);
			ck_assert_int_eq(e.eval, -k);
		}
		tt_free(&tt);
	}
}
END_TEST

/* A bucket keeps the deep entries of this search over older ones. */
START_TEST(test_tt_replacement)
{
	struct tt tt = { 0 };
	struct tt_entry e;
	/* One bucket only: every key shares it. */
	uint64_t keys[6] = { 1ULL << 32, 2ULL << 32, 3ULL << 32,
		4ULL << 32, 5ULL << 32, 6ULL << 32 };

	ck_assert(tt_resize(&tt, 0));
	ck_assert_uint_eq(tt_bytes(&tt), 64);
	for (int i = 0; i < 4; i++)
		tt_store(&tt, keys[i], (bc_move)1, 0, 0, 10 + i, TT_LOWER);
	/* A fifth of the same search pushes out the shallowest (10). */
	tt_store(&tt, keys[4], (bc_move)1, 0, 0, 3, TT_LOWER);
	ck_assert(!tt_probe(&tt, keys[0], &e));
	ck_assert(tt_probe(&tt, keys[4], &e));
	/* Three searches later each entry is worth its depth less 3 * 4:
	 * depth 3 (-9) goes first, then depth 11 (-1) before a depth 2
	 * entry of the new search (2). */
	for (int i = 0; i < 3; i++)
		tt_new_search(&tt);
	tt_store(&tt, keys[5], (bc_move)1, 0, 0, 2, TT_LOWER);
	ck_assert(!tt_probe(&tt, keys[4], &e));
	ck_assert(tt_probe(&tt, keys[1], &e));
	tt_store(&tt, keys[0], (bc_move)1, 0, 0, 1, TT_LOWER);
	ck_assert(!tt_probe(&tt, keys[1], &e));
	ck_assert(tt_probe(&tt, keys[5], &e));
	ck_assert(tt_probe(&tt, keys[0], &e));
	ck_assert(tt_probe(&tt, keys[3], &e));
	tt_free(&tt);
}
END_TEST

/* An entry's evaluation, checked against a fresh one: counts it in
 * `evals`, and in `kept` if it is a depth-0 lower bound without a move
 * (what a node that its evaluation ended at once leaves, and nothing
 * else: the capture search stores a lower bound with the move that
 * reached beta), whose score must then be that evaluation. */
static void
check_entry(struct eval *e, const struct tt *tt, const bc_position *pos,
    int *evals, int *kept)
{
	struct tt_entry entry;

	if (!tt_probe(tt, pos->hash, &entry) || entry.eval == TT_EVAL_NONE)
		return;
	ck_assert_int_eq(entry.eval,
	    eval_position(e, pos, -SCORE_INF, SCORE_INF));
	(*evals)++;
	if (entry.depth == 0 && entry.bound == TT_LOWER && !entry.move) {
		ck_assert_int_eq(entry.score, entry.eval);
		(*kept)++;
	}
}

/* What the table keeps of a depth-5 search's evaluations is each
 * position's own, as the evaluation gives it afresh, at every position
 * one and two plies from the root that has one; and nodes that their
 * evaluation ended at once (standing pat at beta, reverse futility)
 * left it there. */
START_TEST(test_table_keeps_evaluations)
{
	struct search *s = calloc(1, sizeof *s);
	struct eval *e = calloc(1, sizeof *e);
	bc_position *corpus = malloc(MAX_CORPUS * sizeof *corpus);
	bc_move_list *first = new_move_list(), *second = new_move_list();
	struct tt tt = { 0 };
	atomic_bool stop = false;
	int positions, evals = 0, kept = 0;

	ck_assert(s && e && corpus && eval_init(e) && tt_resize(&tt, 16));
	s->eval = e;
	s->tt = &tt;
	s->stop = &stop;
	positions = load_corpus(epd_files[_i][0], epd_files[_i][1], corpus,
	    MAX_CORPUS);
	for (int p = 0; p < positions && p < 2; p++) {
		bc_position pos = corpus[p];
		struct engine_report report;

		tt_clear(&tt);
		search_clear(s);
		memset(&s->limits, 0, sizeof s->limits);
		s->limits.depth = 5;
		s->limits.quiesce = true;
		s->limits.multipv = 1;
		search_run(s, &pos, NULL, 0, NULL, NULL, &report);
		bc_movegen_legal(&pos, first);
		for (int i = 0; i < first->count; i++) {
			bc_undo u1, u2;

			bc_position_make(&pos, first->moves[i], &u1);
			check_entry(e, &tt, &pos, &evals, &kept);
			bc_movegen_legal(&pos, second);
			for (int j = 0; j < second->count; j++) {
				bc_position_make(&pos, second->moves[j], &u2);
				check_entry(e, &tt, &pos, &evals, &kept);
				bc_position_unmake(&pos, &u2);
			}
			bc_position_unmake(&pos, &u1);
		}
	}
	ck_assert_int_gt(evals, 10);
	ck_assert_int_gt(kept, 0);
	tt_free(&tt);
	free(first);
	free(second);
	free(corpus);
	eval_free(e);
	free(e);
	free(s);
}
END_TEST

/* The continuation history is on for every registered variant: its
 * (type, square) pairs are the variant's piece types times the cells of
 * its rectangle, as the rules library counts them, and the table holds
 * both plies back of them. */
START_TEST(test_cont_every_variant)
{
	struct search *s = calloc(1, sizeof *s);
	struct eval *e = calloc(1, sizeof *e);
	bc_move *got = malloc((BC_MAX_MOVES + 1) * sizeof *got);

	ck_assert(s && e && got && eval_init(e));
	s->eval = e;
	ck_assert_int_ge(bc_variant_count(), 5);
	for (int i = 0; i < bc_variant_count(); i++) {
		const bc_variant *v = bc_variant_at(i);
		int pairs = bc_variant_piece_types(v) * bc_variant_files(v) *
		    bc_variant_ranks(v);
		bc_position pos;

		bc_position_start(&pos, v);
		ck_assert_int_gt(search_picker_moves(s, &pos, 1, BC_MOVE_NONE,
		    got), 0);
		ck_assert_msg(s->cont_ps == pairs, "%s: %d pairs, not %d",
		    bc_variant_key(v), s->cont_ps, pairs);
		ck_assert_uint_le(s->cont_used, sizeof s->cont /
		    sizeof s->cont[0]);
		ck_assert_uint_eq(s->cont_used,
		    (size_t)CONT_BACK * (size_t)pairs * (size_t)pairs);
	}
	free(got);
	eval_free(e);
	free(e);
	free(s);
}
END_TEST

Suite *
search_suite(void)
{
	Suite *s = suite_create("search");
	TCase *core = tcase_create("core");
	int files = (int)(sizeof epd_files / sizeof epd_files[0]);

	tcase_set_timeout(core, 120);
	tcase_add_loop_test(core, test_picker_each_move_once, 0, files);
	tcase_add_loop_test(core, test_fixed_depth_repeats, 0, files);
	tcase_add_test(core, test_tt_size);
	tcase_add_test(core, test_tt_replacement);
	tcase_add_test(core, test_cont_every_variant);
	tcase_add_loop_test(core, test_table_keeps_evaluations, 0, files);
	suite_add_tcase(s, core);
	return s;
}
