/*
 * check_engine.c - the engine: mates found, legal answers everywhere,
 * limits and stop requests honoured, repetitions seen, evaluation
 * symmetric between the colours.
 *
 * Mates are checked by this file's own exhaustive search over the rules
 * library's legal moves (mates_in, forces_mate), never by the engine: a
 * position is first shown to have a mate in N and none shorter, and the
 * engine's move is then shown to force it.  Searches are bounded by depth
 * or nodes, never by time, so the results do not depend on the machine.
 */
#include <ctype.h>
#include <limits.h>
#include <stdatomic.h>
#include <stdio.h>
#include <string.h>
#include <time.h>

#include "../src/engine/engine.h"
#include "test_util.h"

enum { NODE_BUDGET = 600 };

static bool
is_legal(const bc_position *pos, bc_move m)
{
	bc_move_list *list = new_move_list();
	bool found = false;

	bc_movegen_legal(pos, list);
	for (int i = 0; i < list->count; i++)
		if (list->moves[i] == m)
			found = true;
	free(list);
	return found;
}

static bool
is_mated(const bc_position *pos)
{
	bc_move_list *list = new_move_list();
	bool mated;

	bc_movegen_legal(pos, list);
	mated = list->count == 0 && bc_position_in_check(pos);
	free(list);
	return mated;
}

static bool mates_in(bc_position *pos, int n);

/* Does `m` force mate within `n` moves of the side to move in `pos`? */
static bool
forces_mate(bc_position *pos, bc_move m, int n)
{
	bc_move_list *replies = new_move_list();
	bc_undo undo;
	bool forced;

	bc_position_make(pos, m, &undo);
	bc_movegen_legal(pos, replies);
	if (replies->count == 0) {
		forced = bc_position_in_check(pos);
	} else {
		forced = n > 1;
		for (int i = 0; i < replies->count && forced; i++) {
			bc_undo reply_undo;

			bc_position_make(pos, replies->moves[i], &reply_undo);
			forced = mates_in(pos, n - 1);
			bc_position_unmake(pos, &reply_undo);
		}
	}
	bc_position_unmake(pos, &undo);
	free(replies);
	return forced;
}

/* Can the side to move force mate within `n` moves? */
static bool
mates_in(bc_position *pos, int n)
{
	bc_move_list *list = new_move_list();
	bool found = false;

	bc_movegen_legal(pos, list);
	for (int i = 0; i < list->count && !found; i++)
		found = forces_mate(pos, list->moves[i], n);
	free(list);
	return found;
}

static struct engine *
new_engine(void)
{
	struct engine *eng = engine_new(4);

	ck_assert_ptr_nonnull(eng);
	engine_set_level(eng, ENGINE_LEVEL_MAX);
	return eng;
}

static bc_move
search_depth(struct engine *eng, const bc_position *pos, int depth,
    struct engine_report *result)
{
	struct engine_limits limits = ENGINE_LIMITS_INIT;

	limits.depth = depth;
	return engine_search(eng, pos, NULL, 0, &limits, NULL, NULL, result);
}

static bc_move
search_nodes(struct engine *eng, const bc_position *pos, uint64_t nodes,
    struct engine_report *result)
{
	struct engine_limits limits = ENGINE_LIMITS_INIT;

	limits.nodes = nodes;
	return engine_search(eng, pos, NULL, 0, &limits, NULL, NULL, result);
}

/* ------------------------------------------------------------------ */
/* Mates                                                               */
/* ------------------------------------------------------------------ */

struct mate_case {
	const char *variant;
	const char *fen;
	int moves;             /* mate in this many */
	const char *expected;  /* space-separated allowed answers, or NULL */
	const char *source;
};

static const struct mate_case mates[] = {
	/* Back-rank mates: the king is walled in by its own pawns. */
	{ "grand", "4k5/3ppp4/10/10/10/10/10/10/4K5/R9 w - - 0 1", 1,
	  "a1a10", "own: Ra10#" },
	{ "hadean", "6k5/5ppp4/12/12/12/12/12/12/12/12/12/R5K5 w - - 0 1", 1,
	  "a1a12", "own: Ra12#" },
	/* chad.md, Freeling's diagram after 1.Rxh9=Q+ Kj10: mate now. */
	{ "chad", "12/12/9k2/3R3Q4/12/12/12/12/2RKR7/12/4q7/12 w - - 0 2", 1,
	  NULL, "chad.md Freeling diagram, after 1.Rxh9=Q+ Kj10" },
	/* Two rooks: one cuts the king off, the other mates. */
	{ "grand", "4k5/10/R9/1R8/10/10/10/10/10/K9 w - - 0 1", 2, NULL,
	  "own: rook roller" },
	{ "hadean", "6k5/12/R11/1R10/12/12/12/12/12/12/12/6K5 w - - 0 1", 2,
	  NULL, "own: rook roller" },
	/* Two rooks from afar: 1.Ra8 (the king kept on ranks 9 and 10),
	 * then a check on the 9th and mate on the 10th; the table's
	 * exhaustive search proves it mate in three and no shorter, and
	 * the search must see it at depth 7 whatever it prunes. */
	{ "grand", "10/4k5/10/10/10/10/R9/9R/10/K9 w - - 0 1", 3, NULL,
	  "own: rook roller from the 4th and 3rd ranks" },
	/* chad.md: "Mate in two, with the unique key 1.Rxh9=Q+". */
	{ "chad", "12/12/12/3R3rk3/12/7R4/12/12/2RKR7/12/4q7/12 w - - 0 1", 2,
	  "h7h9q", "chad.md Freeling diagram, White" },
	/* chad.md: "The lone queen mates in two: 1...Qd2+ or 1...Qd1+". */
	{ "chad", "12/12/12/3R3rk3/12/7R4/12/12/2RKR7/12/4q7/12 b - - 0 1", 2,
	  "e2d2 e2d1", "chad.md Freeling diagram, Black" },
};

static bool
listed(const char *list, const char *name)
{
	size_t len = strlen(name);

	for (const char *p = list; (p = strstr(p, name)); p += len)
		if ((p == list || p[-1] == ' ') && (p[len] == '\0' || p[len] == ' '))
			return true;
	return false;
}

START_TEST(test_mate)
{
	const struct mate_case *mc = &mates[_i];
	struct engine *eng = new_engine();
	struct engine_report result;
	bc_position pos;
	bc_move m;
	char name[16];

	LOAD_FEN(&pos, mc->variant, mc->fen);
	/* The position is what the table says, by exhaustive search. */
	ck_assert_msg(mates_in(&pos, mc->moves), "%s: no mate in %d",
	    mc->source, mc->moves);
	if (mc->moves > 1)
		ck_assert_msg(!mates_in(&pos, mc->moves - 1),
		    "%s: a shorter mate exists", mc->source);

	m = search_depth(eng, &pos, 2 * mc->moves + 1, &result);
	ck_assert_msg(m != BC_MOVE_NONE, "%s: no move", mc->source);
	test_move_name(&pos, m, name, sizeof name);
	ck_assert_msg(forces_mate(&pos, m, mc->moves),
	    "%s: %s does not mate in %d", mc->source, name, mc->moves);
	if (mc->expected)
		ck_assert_msg(listed(mc->expected, name), "%s: %s, expected %s",
		    mc->source, name, mc->expected);
	ck_assert_int_eq(result.mate, mc->moves);
	engine_free(eng);
}
END_TEST

/* chad.md's mate and stalemate: no move to give, and no crash. */
START_TEST(test_no_moves)
{
	static const char *const fens[] = {
		"8r3/12/7r4/8kQ2/12/4rr3R2/4R2R4/4K7/4RRr5/12/12/9r2 b - - 0 1",
		"12/12/8k3/6R5/12/7R4/3R1R6/3K8/4R7/12/12/9R2 b - - 0 1",
	};
	struct engine *eng = new_engine();
	struct engine_report result;
	bc_position pos;

	for (size_t i = 0; i < sizeof fens / sizeof fens[0]; i++) {
		LOAD_FEN(&pos, "chad", fens[i]);
		/* The first is mate, the second stalemate. */
		ck_assert(is_mated(&pos) == (i == 0));
		ck_assert_uint_eq(search_depth(eng, &pos, 3, &result),
		    BC_MOVE_NONE);
		ck_assert_uint_eq(search_nodes(eng, &pos, 10, &result),
		    BC_MOVE_NONE);
	}
	engine_free(eng);
}
END_TEST

/* ------------------------------------------------------------------ */
/* Legal moves from random playouts, at several levels                 */
/* ------------------------------------------------------------------ */

static const char *const variant_keys[] = { "grand", "chad", "hadean" };

START_TEST(test_random_positions_legal)
{
	static const int levels[] = { 1, 3, 6, 10 };
	const bc_variant *v = bc_variant_find(variant_keys[_i]);
	struct engine *eng = new_engine();
	bc_move_list *list = new_move_list();
	uint64_t seed = 20240601 + (uint64_t)_i;
	int checked = 0;

	for (int game = 0; game < 4; game++) {
		bc_position pos;

		bc_position_start(&pos, v);
		for (int ply = 0; ply < 120; ply++) {
			bc_undo undo;

			bc_movegen_legal(&pos, list);
			if (ply % 9 == 4 || list->count == 0) {
				int level = levels[(ply / 9 + game) % 4];
				struct engine_report result;
				bc_move m;

				engine_set_level(eng, level);
				engine_set_seed(eng, seed + (uint64_t)ply);
				m = search_nodes(eng, &pos, NODE_BUDGET, &result);
				if (list->count == 0) {
					ck_assert_uint_eq(m, BC_MOVE_NONE);
					break;
				}
				ck_assert_msg(is_legal(&pos, m),
				    "%s game %d ply %d level %d: illegal move",
				    variant_keys[_i], game, ply, level);
				ck_assert_uint_le(result.nodes, NODE_BUDGET);
				checked++;
			}
			bc_position_make(&pos,
			    list->moves[bc_random_next(&seed) %
			        (uint64_t)list->count], &undo);
		}
	}
	ck_assert_int_ge(checked, 20);
	free(list);
	engine_free(eng);
}
END_TEST

/* ------------------------------------------------------------------ */
/* Limits and stopping                                                 */
/* ------------------------------------------------------------------ */

START_TEST(test_node_limit_exact)
{
	static const uint64_t budgets[] = { 1, 37, 2500 };
	const bc_variant *v = bc_variant_find(variant_keys[_i]);
	struct engine *eng = new_engine();
	bc_position pos;

	bc_position_start(&pos, v);
	for (size_t i = 0; i < sizeof budgets / sizeof budgets[0]; i++) {
		struct engine_report result;
		bc_move m = search_nodes(eng, &pos, budgets[i], &result);

		/* The start positions need far more nodes than these. */
		ck_assert_uint_eq(result.nodes, budgets[i]);
		ck_assert(is_legal(&pos, m));
	}
	engine_free(eng);
}
END_TEST

START_TEST(test_deterministic)
{
	const bc_variant *v = bc_variant_find(variant_keys[_i]);
	struct engine *a = new_engine(), *b = new_engine();
	struct engine_report ra, rb, rc;
	bc_position pos;

	bc_position_start(&pos, v);
	search_depth(a, &pos, 4, &ra);
	search_depth(b, &pos, 4, &rb);
	ck_assert_uint_eq(ra.best, rb.best);
	ck_assert_uint_eq(ra.nodes, rb.nodes);
	ck_assert_int_eq(ra.score, rb.score);
	ck_assert_int_eq(ra.depth, 4);
	/* A new game forgets what the first search learnt. */
	engine_new_game(a);
	search_depth(a, &pos, 4, &rc);
	ck_assert_uint_eq(rc.nodes, ra.nodes);
	ck_assert_uint_eq(rc.best, ra.best);
	engine_free(a);
	engine_free(b);
}
END_TEST

struct stop_probe {
	struct engine *eng;
	int reports;
	int last_depth;
	int stop_at;
};

static void
stop_on_report(const struct engine_report *r, void *arg)
{
	struct stop_probe *p = arg;

	p->reports++;
	p->last_depth = r->depth;
	if (r->depth == p->stop_at)
		engine_stop(p->eng);
}

/* A stop request from the report callback ends the search at once. */
START_TEST(test_stop_from_report)
{
	struct engine *eng = new_engine();
	struct engine_limits limits = ENGINE_LIMITS_INIT;
	struct engine_report result;
	struct stop_probe probe = { eng, 0, 0, 3 };
	bc_position pos;
	bc_move m;

	bc_position_start(&pos, bc_variant_find("grand"));
	limits.infinite = true;
	m = engine_search(eng, &pos, NULL, 0, &limits, stop_on_report, &probe,
	    &result);
	ck_assert(is_legal(&pos, m));
	ck_assert_int_eq(probe.reports, 3);
	ck_assert_int_eq(probe.last_depth, 3);
	ck_assert_int_eq(result.depth, 3);
	engine_free(eng);
}
END_TEST

static void
count_report(const struct engine_report *r, void *arg)
{
	int *finals = arg;

	if (r->final)
		(*finals)++;
}

/* A search in the engine's thread ends when told, with a legal move and
 * one final report; a stop sent at once after the start is not lost. */
START_TEST(test_stop_thread)
{
	struct engine *eng = new_engine();
	struct engine_limits limits = ENGINE_LIMITS_INIT;
	struct engine_report result;
	bc_position pos;
	int finals = 0;

	bc_position_start(&pos, bc_variant_find("hadean"));
	limits.infinite = true;
	for (int round = 0; round < 3; round++) {
		ck_assert_int_eq(engine_start(eng, &pos, NULL, 0, &limits,
		                     count_report, &finals),
		    BC_OK);
		/* Only one search at a time. */
		ck_assert_int_ne(engine_start(eng, &pos, NULL, 0, &limits, NULL,
		                     NULL),
		    BC_OK);
		engine_stop(eng);
		engine_wait(eng, &result);
		ck_assert(engine_done(eng));
		ck_assert(is_legal(&pos, result.best));
		ck_assert_int_eq(finals, round + 1);
	}
	/* Nothing running: waiting returns at once with no move. */
	ck_assert_uint_eq(engine_wait(eng, NULL), BC_MOVE_NONE);
	/* Freeing a running engine stops it first. */
	ck_assert_int_eq(engine_start(eng, &pos, NULL, 0, &limits, NULL, NULL),
	    BC_OK);
	engine_free(eng);
}
END_TEST

/* ------------------------------------------------------------------ */
/* Repetition                                                          */
/* ------------------------------------------------------------------ */

/*
 * Draws by repetition the engine sees only through the game's history.
 * White, lost otherwise, has been shuffling one piece against Black's
 * queen; playing the first shuffle again repeats the position after it,
 * so the engine takes the draw (score 0).
 * - Grand: Ra1-a2-a1 against Qd8-d7-d8, then Ra2 again; Black's pawns
 *   i8 and j8 make the lead clear (with no pawns the ending's scale
 *   would count the queen against the rook as drawish).
 * - Hadean: the ninja pawn's sideways steps e3-f3-e3 against Ql6-l7-l6.
 *   Those steps reset the halfmove clock but can be stepped back, so the
 *   repetition scan must not stop at the clock's reset.
 */
static const struct repetition_case {
	const char *variant, *fen, *moves[4], *draw;
} repetition_cases[] = {
	{ "grand", "4k5/10/3q4pp/10/10/10/10/10/4K5/R9 w - - 0 1",
	    { "a1a2", "d8d7", "a2a1", "d7d8" }, "a1a2" },
	{ "hadean", "11k/12/12/12/12/12/11q/12/12/4J7/12/K11 w - - 0 1",
	    { "e3f3", "l6l7", "f3e3", "l7l6" }, "e3f3" },
};

START_TEST(test_repetition_draw)
{
	const struct repetition_case *c = &repetition_cases[_i];
	struct engine *eng = new_engine();
	struct engine_report result;
	struct engine_limits limits = ENGINE_LIMITS_INIT;
	bc_game *g = NULL;
	char name[16];
	bc_move m;

	ck_assert_int_eq(bc_game_new(&g, bc_variant_find(c->variant), c->fen,
	    NULL), BC_OK);
	limits.depth = 4;
	/* Without history: clearly lost. */
	engine_search(eng, bc_game_position(g), NULL, 0, &limits, NULL, NULL,
	    &result);
	ck_assert_int_lt(result.score, -300);

	for (int i = 0; i < 4; i++)
		test_play(g, c->moves[i]);
	engine_new_game(eng);
	m = engine_search_game(eng, g, &limits, NULL, NULL, &result);
	test_move_name(bc_game_position(g), m, name, sizeof name);
	ck_assert_str_eq(name, c->draw);
	ck_assert_int_eq(result.score, 0);
	bc_game_free(g);
	engine_free(eng);
}
END_TEST

/* ------------------------------------------------------------------ */
/* Evaluation                                                          */
/* ------------------------------------------------------------------ */

/*
 * The FEN of `fen`'s position with the colours exchanged: ranks mirrored
 * (Grand, Hadean) or the board turned half round (Chad, whose castles are
 * half-turn images), case swapped, the other side to move.  Only for FENs
 * without an en-passant square.
 */
static void
flip_fen(const char *fen, bool half_turn, char *out, size_t size)
{
	char grid[12][13], field[4][32];
	int ranks = 0, files = 0, len = 0;
	const char *p = fen;

	memset(grid, 0, sizeof grid);
	for (int f = 0;; p++) {
		if (isdigit((unsigned char)*p)) {
			int n = atoi(p);

			while (n--)
				grid[ranks][f++] = '.';
			while (isdigit((unsigned char)p[1]))
				p++;
		} else if (*p == '/' || *p == ' ') {
			files = f;
			f = 0;
			ranks++;
			if (*p == ' ')
				break;
		} else {
			grid[ranks][f++] = *p;
		}
	}
	ck_assert_int_eq(sscanf(p + 1, "%31s %31s %31s %31s", field[0],
	                     field[1], field[2], field[3]),
	    4);
	for (int r = 0; r < ranks; r++) {
		int empty = 0;
		const char *row = grid[ranks - 1 - r];

		for (int f = 0; f < files; f++) {
			char c = row[half_turn ? files - 1 - f : f];

			if (c == '.') {
				empty++;
				continue;
			}
			if (empty)
				len += snprintf(out + len, size - (size_t)len, "%d",
				    empty);
			empty = 0;
			out[len++] = (char)(isupper((unsigned char)c)
			        ? tolower((unsigned char)c)
			        : toupper((unsigned char)c));
		}
		if (empty)
			len += snprintf(out + len, size - (size_t)len, "%d", empty);
		out[len++] = r + 1 < ranks ? '/' : ' ';
	}
	out[len++] = field[0][0] == 'w' ? 'b' : 'w';
	out[len++] = ' ';
	if (strcmp(field[1], "-") == 0) {
		out[len++] = '-';
	} else {
		/* KQkq order: Black's rights become White's. */
		static const char order[] = "KQkq";

		for (int i = 0; i < 4; i++) {
			char want = order[(i + 2) % 4];

			if (strchr(field[1], want))
				out[len++] = order[i];
		}
	}
	ck_assert_str_eq(field[2], "-");
	snprintf(out + len, size - (size_t)len, " - 0 1");
}

START_TEST(test_eval_symmetric)
{
	const bc_variant *v = bc_variant_find(variant_keys[_i]);
	bool half_turn = strcmp(variant_keys[_i], "chad") == 0;
	struct engine *eng = new_engine();
	bc_move_list *list = new_move_list();
	uint64_t seed = 77 + (uint64_t)_i;
	int compared = 0;

	for (int game = 0; game < 6; game++) {
		bc_position pos;

		bc_position_start(&pos, v);
		for (int ply = 0; ply < 90; ply++) {
			char fen[BC_FEN_MAX], flipped[BC_FEN_MAX];
			bc_position image;
			bc_undo undo;

			bc_movegen_legal(&pos, list);
			if (list->count == 0)
				break;
			if (ply % 6 == 0 && !pos.ep_count) {
				bc_position_to_fen(&pos, fen, sizeof fen);
				flip_fen(fen, half_turn, flipped, sizeof flipped);
				LOAD_FEN(&image, variant_keys[_i], flipped);
				ck_assert_msg(engine_evaluate(eng, &pos) ==
				        engine_evaluate(eng, &image),
				    "%s: %d but %s: %d", fen,
				    engine_evaluate(eng, &pos), flipped,
				    engine_evaluate(eng, &image));
				compared++;
			}
			bc_position_make(&pos,
			    list->moves[bc_random_next(&seed) %
			        (uint64_t)list->count], &undo);
		}
	}
	ck_assert_int_ge(compared, 30);
	free(list);
	engine_free(eng);
}
END_TEST

/* More material is better: a side a rook up is ahead (every variant). */
START_TEST(test_eval_material)
{
	static const struct {
		const char *variant, *fen;
	} rows[] = {
		{ "grand", "4k5/10/10/10/10/10/10/10/4K5/R9 w - - 0 1" },
		{ "hadean", "6k5/12/12/12/12/12/12/12/12/12/12/R5K5 w - - 0 1" },
		{ "chad", "12/12/8k3/12/12/12/12/12/3K8/12/12/R11 w - - 0 1" },
	};
	struct engine *eng = new_engine();

	for (size_t i = 0; i < sizeof rows / sizeof rows[0]; i++) {
		bc_position pos;

		LOAD_FEN(&pos, rows[i].variant, rows[i].fen);
		ck_assert_int_gt(engine_evaluate(eng, &pos), 300);
	}
	engine_free(eng);
}
END_TEST

/* The null move passes the turn and comes back exactly. */
START_TEST(test_null_move)
{
	static const char *const fens[] = {
		/* grand.md: White may take e8-e6 en passant on e7. */
		"r8r/1nbqkcabn1/ppp2ppppp/3p6/4pP4/10/10/PPPPP1PPPP/1NBQKCABN1/"
		"R8R w - e7 0 3",
		"rzmefqkwemsr/jjjjjbbjjjjj/pppppppppppp/12/12/12/12/12/12/"
		"PPPPPPPPPPPP/JJJJJBBJJJJJ/RZMEFQKWEMSR w KQkq - 0 1",
	};
	static const char *const keys[] = { "grand", "hadean" };

	for (int i = 0; i < 2; i++) {
		bc_position pos, before;
		bc_undo undo;

		LOAD_FEN(&pos, keys[i], fens[i]);
		before = pos;
		bc_position_make_null(&pos, &undo);
		ck_assert_int_eq(before.ep_count, i == 0 ? 1 : 0);
		ck_assert_int_eq(pos.side, !before.side);
		ck_assert_int_eq(pos.ep_count, 0);
		ck_assert_uint_eq(pos.hash, bc_position_compute_hash(&pos));
		ck_assert_uint_ne(pos.hash, before.hash);
		bc_position_unmake_null(&pos, &undo);
		ck_assert(bc_position_equal(&pos, &before));
	}
}
END_TEST

/* Weak levels vary their choice with the seed; full strength does not. */
START_TEST(test_levels)
{
	struct engine *eng = new_engine();
	bc_position pos;
	bc_move first = BC_MOVE_NONE;
	bool varied = false;

	bc_position_start(&pos, bc_variant_find("grand"));
	for (uint64_t seed = 1; seed <= 8; seed++) {
		struct engine_report result;
		bc_move m;

		engine_set_level(eng, 1);
		engine_set_seed(eng, seed);
		m = search_nodes(eng, &pos, 2000, &result);
		ck_assert(is_legal(&pos, m));
		if (seed == 1)
			first = m;
		else if (m != first)
			varied = true;
	}
	ck_assert(varied);
	first = BC_MOVE_NONE;
	for (uint64_t seed = 1; seed <= 4; seed++) {
		struct engine_report result;
		bc_move m;

		engine_set_level(eng, 10);
		engine_set_seed(eng, seed);
		engine_new_game(eng);
		m = search_depth(eng, &pos, 3, &result);
		if (seed == 1)
			first = m;
		ck_assert_uint_eq(m, first);
	}
	engine_set_level(eng, 0);
	ck_assert_int_eq(engine_level(eng), ENGINE_LEVEL_MIN);
	engine_set_level(eng, 99);
	ck_assert_int_eq(engine_level(eng), ENGINE_LEVEL_MAX);
	ck_assert_int_eq(engine_set_hash(eng, 2), BC_OK);
	engine_free(eng);
}
END_TEST

/*
 * Clock limits from any caller, however extreme, are clamped by the
 * engine (UBSan sees any overflow in the ASan build): the node limit
 * still decides, to the node, and the move is legal.
 */
START_TEST(test_clock_extremes)
{
	static const struct {
		int64_t clock, inc;
		int to_go;
	} cases[] = {
		{ INT64_MAX, INT64_MAX, 0 },
		{ INT64_MAX, INT64_MAX, INT_MAX },
		{ INT64_MAX, INT64_MIN, INT_MIN },
		{ INT64_MAX - 1, 0, 1 },
		{ 0, INT64_MAX, 1 },
		{ INT64_MIN, INT64_MAX, 0 },
	};
	struct engine *eng = new_engine();
	bc_position pos;

	engine_set_move_overhead(eng, INT64_MAX);
	ck_assert_int_eq(engine_move_overhead(eng), ENGINE_OVERHEAD_MAX_MS);
	engine_set_move_overhead(eng, INT64_MIN);
	ck_assert_int_eq(engine_move_overhead(eng), ENGINE_OVERHEAD_MIN_MS);
	bc_position_start(&pos, bc_variant_find("grand"));
	for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++) {
		struct engine_limits limits = ENGINE_LIMITS_INIT;
		struct engine_report result;
		bc_move m;

		limits.nodes = 2000;
		limits.clock_ms[0] = limits.clock_ms[1] = cases[i].clock;
		limits.inc_ms[0] = limits.inc_ms[1] = cases[i].inc;
		limits.moves_to_go = cases[i].to_go;
		m = engine_search(eng, &pos, NULL, 0, &limits, NULL, NULL,
		    &result);
		ck_assert(is_legal(&pos, m));
		/* A clock of 0 leaves a hard limit of 1 ms: fewer nodes. */
		if (cases[i].clock > 0)
			ck_assert_uint_eq(result.nodes, 2000);
		else
			ck_assert_uint_le(result.nodes, 2000);
	}
	engine_free(eng);
}
END_TEST

/*
 * Lazy SMP in-process (what ThreadSanitizer watches in make tsan): with
 * two and three threads every search of each variant's start position
 * and of the positions after it gives a legal move, a threaded search
 * started and stopped gives one too, and back at one thread a new
 * engine and a reused one (after engine_new_game) search the same nodes.
 */
START_TEST(test_threads_engine)
{
	struct engine *eng = new_engine();
	struct engine *fresh = new_engine();
	struct engine_limits limits = ENGINE_LIMITS_INIT;
	struct engine_report result, again;

	ck_assert_int_eq(engine_set_threads(eng, 0), BC_OK);
	ck_assert_int_eq(engine_threads(eng), ENGINE_THREADS_MIN);
	for (int threads = 2; threads <= 3; threads++) {
		ck_assert_int_eq(engine_set_threads(eng, threads), BC_OK);
		ck_assert_int_eq(engine_threads(eng), threads);
		for (size_t k = 0; k < 3; k++) {
			bc_position pos;
			bc_move m;
			bc_undo undo;

			bc_position_start(&pos,
			    bc_variant_find(variant_keys[k]));
			for (int ply = 0; ply < 4; ply++) {
				m = search_depth(eng, &pos, 4, &result);
				ck_assert(is_legal(&pos, m));
				bc_position_make(&pos, m, &undo);
			}
			limits.infinite = true;
			ck_assert_int_eq(engine_start(eng, &pos, NULL, 0,
			                     &limits, NULL, NULL),
			    BC_OK);
			engine_stop(eng);
			ck_assert(is_legal(&pos, engine_wait(eng, &result)));
		}
	}
	{
		bc_position pos;

		bc_position_start(&pos, bc_variant_find("grand"));
		ck_assert_int_eq(engine_set_threads(eng, 1), BC_OK);
		engine_new_game(eng);
		search_depth(eng, &pos, 5, &result);
		search_depth(fresh, &pos, 5, &again);
		ck_assert_uint_eq(result.nodes, again.nodes);
		ck_assert_uint_eq(result.best, again.best);
	}
	engine_free(fresh);
	/* Freeing an engine with helpers mid-search stops them first. */
	ck_assert_int_eq(engine_set_threads(eng, 2), BC_OK);
	{
		bc_position pos;

		bc_position_start(&pos, bc_variant_find("chad"));
		ck_assert_int_eq(engine_start(eng, &pos, NULL, 0, &limits,
		                     NULL, NULL),
		    BC_OK);
	}
	engine_free(eng);
}
END_TEST

/* ------------------------------------------------------------------ */
/* MultiPV and pondering                                               */
/* ------------------------------------------------------------------ */

/*
 * MultiPV 1 is the plain search: the same move, score, pv and node
 * count as an engine never told, in each variant.  MultiPV 3 gives three
 * lines with different legal first moves, scores not increasing, and is
 * deterministic: a new engine repeats lines and nodes exactly.
 */
START_TEST(test_multipv_engine)
{
	for (int v = 0; v < bc_variant_count(); v++) {
		struct engine *a = new_engine(), *b = new_engine();
		struct engine_report ra, rb;
		bc_position pos;

		bc_position_start(&pos, bc_variant_at(v));
		engine_set_multipv(b, 1);
		search_depth(a, &pos, 5, &ra);
		search_depth(b, &pos, 5, &rb);
		ck_assert_int_eq(ra.best, rb.best);
		ck_assert_int_eq(ra.score, rb.score);
		ck_assert_uint_eq(ra.nodes, rb.nodes);
		ck_assert_int_eq(ra.multipv, 1);
		ck_assert_int_eq(ra.lines[0].pv[0], ra.best);
		engine_free(a);
		engine_free(b);

		a = new_engine();
		b = new_engine();
		engine_set_multipv(a, 3);
		engine_set_multipv(b, 3);
		search_depth(a, &pos, 5, &ra);
		search_depth(b, &pos, 5, &rb);
		ck_assert_int_eq(ra.multipv, 3);
		ck_assert_uint_eq(ra.nodes, rb.nodes);
		ck_assert_int_eq(ra.best, ra.lines[0].pv[0]);
		ck_assert_int_eq(ra.score, ra.lines[0].score);
		for (int i = 0; i < 3; i++) {
			ck_assert_int_eq(ra.lines[i].score, rb.lines[i].score);
			ck_assert_int_eq(ra.lines[i].pv_length,
			    rb.lines[i].pv_length);
			ck_assert(memcmp(ra.lines[i].pv, rb.lines[i].pv,
			    (size_t)ra.lines[i].pv_length *
			    sizeof ra.lines[i].pv[0]) == 0);
			ck_assert(is_legal(&pos, ra.lines[i].pv[0]));
			for (int j = 0; j < i; j++)
				ck_assert_int_ne(ra.lines[i].pv[0],
				    ra.lines[j].pv[0]);
			if (i > 0)
				ck_assert_int_le(ra.lines[i].score,
				    ra.lines[i - 1].score);
		}
		engine_free(a);
		engine_free(b);
	}
}
END_TEST

/*
 * Lines where there are fewer moves: the white king beside a rook's
 * file has three moves (counted by hand, and by Fairy-Stockfish's perft
 * 1), so MultiPV 5 gives three lines.  In a mate in one whose mate is
 * the only one (Rb10: the a9 rook holds the ninth rank; counted by
 * hand), line 1 is that mate and no other line is a mate in one, as this
 * file's own search over the legal moves confirms.
 */
START_TEST(test_multipv_few_and_mate)
{
	struct engine *eng = new_engine();
	struct engine_report r;
	bc_position pos;

	engine_set_multipv(eng, 5);
	LOAD_FEN(&pos, "grand", "2r6k/10/10/10/10/10/10/10/10/K9 w - - 0 1");
	search_depth(eng, &pos, 3, &r);
	ck_assert_int_eq(r.multipv, 3);

	engine_set_multipv(eng, 3);
	LOAD_FEN(&pos, "grand", "9k/R9/10/10/10/10/10/10/10/KR8 w - - 0 1");
	search_depth(eng, &pos, 4, &r);
	ck_assert_int_eq(r.multipv, 3);
	ck_assert_int_eq(r.lines[0].mate, 1);
	ck_assert(forces_mate(&pos, r.lines[0].pv[0], 1));
	for (int i = 1; i < 3; i++) {
		ck_assert_int_ne(r.lines[i].mate, 1);
		ck_assert(!forces_mate(&pos, r.lines[i].pv[0], 1));
	}
	/* Out of range: clamped. */
	engine_set_multipv(eng, 0);
	ck_assert_int_eq(engine_multipv(eng), 1);
	engine_set_multipv(eng, 1000);
	ck_assert_int_eq(engine_multipv(eng), ENGINE_MULTIPV_MAX);
	engine_free(eng);
}
END_TEST

struct ponder_watch {
	atomic_int depth;    /* the deepest report so far */
	atomic_bool final;
};

static void
ponder_report(const struct engine_report *r, void *arg)
{
	struct ponder_watch *w = arg;

	if (r->final)
		atomic_store(&w->final, true);
	else
		atomic_store(&w->depth, r->depth);
}

/* Polls (1 ms steps, 10 s at most) until `w` reports depth `depth`. */
static void
wait_depth(struct ponder_watch *w, int depth)
{
	struct timespec ms = { 0, 1000000 };

	for (int i = 0; i < 10000 && atomic_load(&w->depth) < depth; i++)
		nanosleep(&ms, NULL);
	ck_assert_int_ge(atomic_load(&w->depth), depth);
}

/*
 * A pondering search finishes its depth but gives no final report, and
 * is not done, until engine_ponderhit; then it ends with a legal move.
 * Stopped while pondering, it ends at once with a legal move too.
 */
START_TEST(test_ponder_engine)
{
	struct engine *eng = new_engine();
	struct engine_limits limits = ENGINE_LIMITS_INIT;
	struct ponder_watch w;
	struct engine_report r;
	bc_position pos;

	bc_position_start(&pos, bc_variant_find("grand"));
	atomic_init(&w.depth, 0);
	atomic_init(&w.final, false);
	limits.depth = 2;
	limits.ponder = true;
	ck_assert_int_eq(engine_start(eng, &pos, NULL, 0, &limits,
	    ponder_report, &w), BC_OK);
	wait_depth(&w, 2);
	/* The search of depth 2 is over; it waits for the ponderhit. */
	ck_assert(!atomic_load(&w.final));
	ck_assert(!engine_done(eng));
	engine_ponderhit(eng);
	ck_assert(is_legal(&pos, engine_wait(eng, &r)));
	ck_assert(atomic_load(&w.final));

	atomic_store(&w.depth, 0);
	atomic_store(&w.final, false);
	limits.depth = 0;
	limits.movetime_ms = 1;
	ck_assert_int_eq(engine_start(eng, &pos, NULL, 0, &limits,
	    ponder_report, &w), BC_OK);
	wait_depth(&w, 3);
	ck_assert(!atomic_load(&w.final));
	engine_stop(eng);
	ck_assert(is_legal(&pos, engine_wait(eng, &r)));
	ck_assert(atomic_load(&w.final));
	engine_free(eng);
}
END_TEST

/* ------------------------------------------------------------------ */
/* Issue #13: the search's counts and limits                           */
/* ------------------------------------------------------------------ */

/*
 * A mate given on the 100th ply wins: the rules look for mate before the
 * 100-ply rule (grand.md: checkmate wins; game.c's result says so too,
 * checked here first).  White's Ra10 is the 100th ply without a capture
 * or pawn move and mates the king on j10 (i9 and j9 are the king's on
 * j8, the rank the rook's); every other move draws.
 */
START_TEST(test_fifty_move_mate)
{
	struct engine *eng = new_engine();
	struct engine_report result;
	bc_position pos;
	bc_game *g;
	bc_move mate;
	bc_reason reason;

	LOAD_FEN(&pos, "grand", "9k/10/9K/10/10/10/10/10/10/R9 w - - 99 60");
	ck_assert_int_eq(bc_move_parse(&pos, "a1a10", &mate, NULL), BC_OK);
	ck_assert_int_eq(bc_game_new(&g, pos.variant,
	    "9k/10/9K/10/10/10/10/10/10/R9 w - - 99 60", NULL), BC_OK);
	ck_assert_int_eq(bc_game_push(g, mate), BC_OK);
	ck_assert_int_eq(bc_game_position(g)->halfmove, 100);
	ck_assert(bc_game_result(g, &reason) == BC_RESULT_WHITE_WINS);
	ck_assert(reason == BC_REASON_CHECKMATE);
	bc_game_free(g);
	for (int depth = 1; depth <= 3; depth++) {
		ck_assert_uint_eq(search_depth(eng, &pos, depth, &result), mate);
		ck_assert_int_eq(result.mate, 1);
	}
	engine_free(eng);
}
END_TEST

/* The time a search of Grand's start position for `movetime_ms`, with a
 * move overhead of 4900 ms, takes; its move must be legal. */
static int64_t
movetime_search_ms(int64_t movetime_ms, bool deadline)
{
	struct engine *eng = new_engine();
	struct engine_limits limits = ENGINE_LIMITS_INIT;
	struct engine_report result;
	bc_position pos;
	bc_move m;

	bc_position_start(&pos, bc_variant_find("grand"));
	engine_set_move_overhead(eng, 4900);
	limits.movetime_ms = movetime_ms;
	limits.movetime_deadline = deadline;
	m = engine_search(eng, &pos, NULL, 0, &limits, NULL, NULL, &result);
	ck_assert(is_legal(&pos, m));
	engine_free(eng);
	return result.time_ms;
}

/* A movetime that is a deadline (CECP's st) is cut by the move
 * overhead: 5000 ms less 4900 leaves 100 ms, so the search ends long
 * before 4 s (without the cut it would run the full 5 s). */
START_TEST(test_movetime_overhead)
{
	ck_assert_int_lt(movetime_search_ms(5000, true), 4000);
}
END_TEST

/* UCI's movetime is searched in full, as the protocol says ("search
 * exactly x mseconds"): the overhead does not cut 300 ms to 1, and
 * nothing else in the start position stops the search early. */
START_TEST(test_movetime_exact)
{
	ck_assert_int_ge(movetime_search_ms(300, false), 300);
}
END_TEST

/*
 * The nodes reported count every thread's.  A node limit is the main
 * thread's (so that one thread stays exact), and a helper searches at
 * least until it next looks at the stop request, hundreds of nodes: with
 * two threads the count must pass the limit, with one equal it.
 */
START_TEST(test_threads_count_nodes)
{
	struct engine *eng = new_engine();
	struct engine_report result;
	bc_position pos;

	bc_position_start(&pos, bc_variant_find("grand"));
	search_nodes(eng, &pos, 20000, &result);
	ck_assert_uint_eq(result.nodes, 20000);
	ck_assert_int_eq(engine_set_threads(eng, 2), BC_OK);
	search_nodes(eng, &pos, 20000, &result);
	ck_assert_uint_gt(result.nodes, 20000);
	engine_free(eng);
}
END_TEST

Suite *
engine_suite(void)
{
	Suite *s = suite_create("engine");
	TCase *mate = tcase_create("mate");
	TCase *core = tcase_create("core");

	tcase_set_timeout(mate, 60);
	tcase_set_timeout(core, 60);
	tcase_add_loop_test(mate, test_mate, 0,
	    (int)(sizeof mates / sizeof mates[0]));
	tcase_add_test(mate, test_no_moves);
	tcase_add_loop_test(core, test_random_positions_legal, 0, 3);
	tcase_add_loop_test(core, test_node_limit_exact, 0, 3);
	tcase_add_loop_test(core, test_deterministic, 0, 3);
	tcase_add_test(core, test_stop_from_report);
	tcase_add_test(core, test_stop_thread);
	tcase_add_loop_test(core, test_repetition_draw, 0,
	    sizeof repetition_cases / sizeof repetition_cases[0]);
	tcase_add_loop_test(core, test_eval_symmetric, 0, 3);
	tcase_add_test(core, test_eval_material);
	tcase_add_test(core, test_null_move);
	tcase_add_test(core, test_levels);
	tcase_add_test(core, test_clock_extremes);
	tcase_add_test(core, test_threads_engine);
	tcase_add_test(core, test_multipv_engine);
	tcase_add_test(core, test_multipv_few_and_mate);
	tcase_add_test(core, test_ponder_engine);
	tcase_add_test(core, test_fifty_move_mate);
	tcase_add_test(core, test_movetime_overhead);
	tcase_add_test(core, test_movetime_exact);
	tcase_add_test(core, test_threads_count_nodes);
	suite_add_tcase(s, mate);
	suite_add_tcase(s, core);
	return s;
}
