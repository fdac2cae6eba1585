/*
 * check_eval_terms.c - the evaluation's terms for Grand Chess (issue #13:
 * king danger and safe checks, the ending's complexity and scale,
 * threats, rook-like pieces on open files, passers' extras and their
 * way, safe mobility, space, a piece's own numbers in the ending,
 * connected pawns), each counted by hand on a position of its own, and
 * the squares safe mobility takes pawns (Grand's and Hadean's) to
 * attack.
 *
 * The tests score with a table of their own, not Grand's (which the
 * tuner changes): round values, no mobility, centre or pawn terms, so a
 * position's score is its material plus the one term under test.  Each
 * test scores the position twice, the term at two settings, and the
 * difference is what the hand count says.  Terms of the middle game and
 * the ending alike move the score by exactly their sum; a middle-game
 * term is scaled by the phase, npm * 256 / (2 * 4800) with this table's
 * start material 4800 (2 x 300 + 2 x 300 + 2 x 500 + 800 + 800 + 1000),
 * and the ending's share by what remains, so those allow 1 for rounding.
 * The geometry (zones, captures, pawns' diagonals) is the rules'
 * (shared/rules/grand.md), counted on the board by hand below.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "../src/engine/eval.h"
#include "test_util.h"

enum { WIDE = 30000 };

static const struct eval_params base = {
	.variant = BC_VARIANT_GRAND,
	.pieces = {
		{ 'P', 100, 0, 0, 0, 0, "test" },
		{ 'N', 300, 0, 0, 10, 0, "test" },
		{ 'B', 300, 0, 0, 0, 0, "test" },
		{ 'R', 500, 0, 0, 0, EVAL_FILES, "test" },
		{ 'A', 800, 0, 0, 0, 0, "test" },
		{ 'C', 800, 0, 0, 0, EVAL_FILES, "test" },
		{ 'Q', 1000, 0, 0, 0, EVAL_FILES, "test" },
		{ 'K', 0, 0, 0, 0, 0, "test" },
	},
	.piece_count = 8,
	.no_promo_percent = 100,
};

/* The score of `fen` for the side to move with table `p`. */
static int
score(const struct eval_params *p, const char *fen)
{
	const bc_variant *v = bc_variant_find("grand");
	struct eval e;
	bc_position pos;
	int s;

	LOAD_FEN(&pos, "grand", fen);
	memset(&e, 0, sizeof e);
	ck_assert(eval_init(&e));
	ck_assert(eval_tables_init(&e.tables[bc_variant_id_of(v)], v, p));
	s = eval_position(&e, &pos, -WIDE, WIDE);
	eval_free(&e);
	return s;
}

#define ASSERT_NEAR(got, want) \
	ck_assert_msg(abs((got) - (want)) <= 1, "%d, not %d", (got), (want))

/*
 * Black's king on j10 has the zone i8-j10 (the files next to it and two
 * ranks toward White; the k-file is off the board).  White's knight h7
 * jumps to i9 and j8 in it, the knight g8 to i9 (its h10 is outside the
 * zone's files, i7 below its ranks): 3 moves of 2 attackers, each move
 * 10 units, so 30 units and 900 squared.  Black has only its king, which
 * carries no units, so White's king is not in danger.  Phase: two knights,
 * 600 * 256 / 9600 = 16.
 */
static const char danger_fen[] =
    "9k/10/6N3/7N2/10/10/10/10/10/K9 w - - 0 1";

START_TEST(test_king_danger)
{
	struct eval_params a = base, b = base;

	/* 900 * 64 / 64 = 900 against 900 * 640 / 64 = 9000: 8100 in the
	 * middle game, 8100 * 16 / 256 = 506.25. */
	a.king_danger_mul = 64;
	a.king_danger_max = 20000;
	b.king_danger_mul = 640;
	b.king_danger_max = 20000;
	ASSERT_NEAR(score(&b, danger_fen) - score(&a, danger_fen), 506);
	/* The cap: 900 held to 100, 800 less, 50 after the phase. */
	b = a;
	b.king_danger_max = 100;
	ASSERT_NEAR(score(&b, danger_fen) - score(&a, danger_fen), -50);
	/* Black to move: the same danger counts against the side to move. */
	b = a;
	b.king_danger_mul = 640;
	ASSERT_NEAR(score(&b, "9k/10/6N3/7N2/10/10/10/10/10/K9 b - - 0 1") -
	    score(&a, "9k/10/6N3/7N2/10/10/10/10/10/K9 b - - 0 1"), -506);
	/* One attacker alone (the knight h7, 2 moves) is no attack. */
	ck_assert_int_eq(score(&b, "9k/10/10/7N2/10/10/10/10/10/K9 w - - 0 1") -
	    score(&a, "9k/10/10/7N2/10/10/10/10/10/K9 w - - 0 1"), 0);
}
END_TEST

/*
 * Safe checks.  Black's king j10 alone; White's knight g7, rook a1 and
 * king b3.  The knight checks from h9 or i8, the rook from a10 (up the
 * a-file, b10-i10 empty) or j1 (along the first rank, j2-j9 empty); the
 * black king reaches only i10, i9 and j9.  So two types check safely:
 * with no units for moves into the zone, 2 x safe_check units and 2
 * attackers.  With safe_check 20 and king_danger_mul 64, 40 units give
 * 1600; phase 800 * 256 / 9600 = 21, so 1600 * 21 / 256 = 131.25.
 * Black's rook h8 then reaches h9 and i8 (up its file, along its rank),
 * and j8 but not j1: only the rook's check is safe, one attacker, no
 * danger.  Black's king is White's only target: Black's rook checks the
 * king b3 from h3 safely, but alone.
 */
START_TEST(test_safe_checks)
{
	static const char safe[] = "9k/10/10/6N3/10/10/10/1K8/10/R9 w - - 0 1";
	static const char guarded[] =
	    "9k/10/7r2/6N3/10/10/10/1K8/10/R9 w - - 0 1";
	struct eval_params a = base, b;

	a.pieces[1].attack = 0; /* the knight's moves into the zone */
	a.king_danger_mul = 64;
	a.king_danger_max = 20000;
	b = a;
	b.safe_check = 20;
	ASSERT_NEAR(score(&b, safe) - score(&a, safe), 131);
	ck_assert_int_eq(score(&b, guarded) - score(&a, guarded), 0);
	/* A pawn's guard counts too.  White's pawn a5 shuts the rook out
	 * of a10, so only j1 is left it: safe, 131 as before, until
	 * Black's pawn i2, which takes on j1 (and h1) diagonally, guards
	 * it. */
	ASSERT_NEAR(score(&b, "9k/10/10/6N3/10/P9/10/1K8/10/R9 w - - 0 1") -
	    score(&a, "9k/10/10/6N3/10/P9/10/1K8/10/R9 w - - 0 1"), 131);
	ck_assert_int_eq(
	    score(&b, "9k/10/10/6N3/10/P9/10/1K8/8p1/R9 w - - 0 1") -
	    score(&a, "9k/10/10/6N3/10/P9/10/1K8/8p1/R9 w - - 0 1"), 0);
}
END_TEST

/*
 * The ending's complexity.  White: king a1, pawns a3, b3 and i3; Black:
 * king j10.  No pieces, so the phase is 0 and the score is the ending's:
 * 3 pawns, 300.  Counted: 3 pawns, 3 passers (Black has no pawns), both
 * wings (files a-e and f-j: a, b and i), the kings 9 files and 9 ranks
 * apart (outflanking 9 - 9 = 0), nothing but pawns.  With these weights:
 * 3 x 10 + 3 x 5 + 20 + 0 + 40 - 100 = 5, for White who leads.
 */
static void
with_complexity(struct eval_params *p)
{
	p->cx_pawn = 10;
	p->cx_passer = 5;
	p->cx_flanks = 20;
	p->cx_outflank = 3;
	p->cx_pawns_only = 40;
	p->cx_base = -100;
}

static const char complexity_fen[] =
    "9k/10/10/10/10/10/10/PP6P1/10/K9 w - - 0 1";

START_TEST(test_complexity)
{
	struct eval_params a = base;

	ck_assert_int_eq(score(&base, complexity_fen), 300);
	with_complexity(&a);
	ck_assert_int_eq(score(&a, complexity_fen), 305);
	/* Black to move: the leader is still White. */
	ck_assert_int_eq(score(&a,
	    "9k/10/10/10/10/10/10/PP6P1/10/K9 b - - 0 1"), -305);
	/* Black's king on j2 instead: 9 files and 1 rank apart, 8 more
	 * outflanking units, 24 more. */
	ck_assert_int_eq(score(&a,
	    "10/10/10/10/10/10/10/PP6P1/9k/K9 w - - 0 1"), 329);
	/* The pawn i3 on d3 instead: one wing, 20 less. */
	ck_assert_int_eq(score(&a,
	    "9k/10/10/10/10/10/10/PP1P6/10/K9 w - - 0 1"), 285);
	/* A complexity below the lead's negative takes it to 0, no
	 * further. */
	a.cx_base = -1000;
	ck_assert_int_eq(score(&a, complexity_fen), 0);
	/* Level material (a pawn each): nobody leads, nothing is added. */
	a.cx_base = 100;
	ck_assert_int_eq(score(&a, "9k/10/p9/10/10/10/10/P9/10/K9 w - - 0 1"),
	    0);
}
END_TEST

/* The ending's scale: the leader's pawns.  complexity_fen's White leads
 * by 300 with 3 pawns (pawns do not mate alone, so Black's bare king is
 * no exception): 16 + 3 x 8 = 40, so 300 x 40 / 64 = 187.5. */
START_TEST(test_ending_scale)
{
	struct eval_params a = base;

	a.scale_base = 16;
	a.scale_pawn = 8;
	ck_assert_int_eq(score(&a, complexity_fen), 187);
	/* Black to move: White still leads, by the same 3 pawns. */
	ck_assert_int_eq(score(&a,
	    "9k/10/10/10/10/10/10/PP6P1/10/K9 b - - 0 1"), -187);
	/* Black's 2 pawns against White's 3 (the lead 100): White's pawns
	 * still count, not Black's (16 + 2 x 8 would give 50). */
	ck_assert_int_eq(score(&a,
	    "9k/p9/1p8/10/10/10/10/PP6P1/10/K9 w - - 0 1"), 62);
	/* A rook mates the bare king alone: no scale, 800.  With a black
	 * pawn the king is not bare: 700 in the middle game, 700 x 40 / 64
	 * = 437 in the ending; the phase 500 x 256 / 9600 = 13, so
	 * (700 x 13 + 437 x 243) / 256 = 450.3. */
	ck_assert_int_eq(score(&a,
	    "9k/10/10/10/10/10/10/PP6P1/10/K7R1 w - - 0 1"), 800);
	ck_assert_int_eq(score(&a,
	    "9k/p9/10/10/10/10/10/PP6P1/10/K7R1 w - - 0 1"), 450);
	/* 6 pawns: 16 + 48 = 64, the whole score. */
	ck_assert_int_eq(score(&a,
	    "9k/10/10/10/10/10/10/PPPPPP4/10/K9 w - - 0 1"), 600);
	/* Complexity first, then the scale: 305 x 40 / 64 = 190.6. */
	with_complexity(&a);
	ck_assert_int_eq(score(&a, complexity_fen), 190);
}
END_TEST

/*
 * White: pawns e4 and f5, knights b4 and g6, rook j1, king a1.  Black:
 * rook d5, knight j5, bishop a6, chancellor h8, pawn b7, king j10.
 * The pawn e4 takes on d5 (the rook, which the knight b4 also attacks):
 * a pawn's threat.  The knight g6 jumps to h8 (the chancellor, worth more):
 * a lesser piece's threat.  The rook j1 goes up to j5 (the knight, worth
 * less than the rook; nothing of Black's reaches j5: the rook d5 stops at
 * f5, the chancellor's jumps are i6, j7, g6, f7, f9, g10, i10, j9): hanging.
 * The knight b4 also jumps to a6 (the bishop: as much as the knight, and
 * guarded by the pawn b7's diagonal a6): nothing.
 * Black attacks only f5 (rook d5: worth more, and e4 guards f5) and g6
 * (the chancellor's jump: worth more, f5 guards g6): nothing.
 */
static const char threat_fen[] =
    "9k/10/7c2/1p8/b5N3/3r1P3n/1N2P5/10/10/K8R w - - 0 1";
static const char threat_fen_black[] =
    "9k/10/7c2/1p8/b5N3/3r1P3n/1N2P5/10/10/K8R b - - 0 1";

START_TEST(test_threats)
{
	struct eval_params a = base;
	int zero = score(&base, threat_fen);

	a.threat_pawn = 1000;
	ASSERT_NEAR(score(&a, threat_fen) - zero, 1000);
	ASSERT_NEAR(score(&a, threat_fen_black) - score(&base,
	    threat_fen_black), -1000);
	a = base;
	a.threat_lesser = 1000;
	ASSERT_NEAR(score(&a, threat_fen) - zero, 1000);
	a = base;
	a.hanging = 1000;
	ASSERT_NEAR(score(&a, threat_fen) - zero, 1000);
	/* All three at once, with different weights: 1 of each. */
	a.threat_pawn = 300;
	a.threat_lesser = 200;
	a.hanging = 100;
	ASSERT_NEAR(score(&a, threat_fen) - zero, 600);
	/* The king alone takes only what nothing guards: the knight b2,
	 * then with the pawn c3 guarding it. */
	a = base;
	a.hanging = 1000;
	ASSERT_NEAR(score(&a, "9k/10/10/10/10/10/10/10/1n8/K9 w - - 0 1") -
	    score(&base, "9k/10/10/10/10/10/10/10/1n8/K9 w - - 0 1"), 1000);
	ASSERT_NEAR(score(&a, "9k/10/10/10/10/10/10/2p7/1n8/K9 w - - 0 1") -
	    score(&base, "9k/10/10/10/10/10/10/2p7/1n8/K9 w - - 0 1"), 0);
}
END_TEST

/*
 * White: rook b1 (the b-file has no pawn: open), chancellor c1 and queen
 * d1 (only Black's pawns c7 and d7 on their files: half-open), rook f1
 * (its own pawn f2: neither), king a1 (not a rook-like piece).  Black:
 * rook e10 (White's pawn e3 only: half-open), king j10.  So open files
 * 1 - 0, half-open 2 - 1.  Phase: 500 + 800 + 1000 + 500 + 500 = 3300,
 * 3300 * 256 / 9600 = 88; a bonus of 1000 (500 in the ending) is
 * (1000 * 88 + 500 * 168) / 256 = 671.875.
 */
static const char files_fen[] =
    "4r4k/10/10/2pp6/10/10/10/4P5/5P4/KRCQ1R4 w - - 0 1";

START_TEST(test_open_files)
{
	struct eval_params a = base;
	int zero = score(&base, files_fen);

	a.open_file = 1000;
	ASSERT_NEAR(score(&a, files_fen) - zero, 672);
	a = base;
	a.half_open_file = 1000;
	ASSERT_NEAR(score(&a, files_fen) - zero, 672);
	/* Without the flag a rook is only material. */
	a.pieces[3].flags = 0;
	a.pieces[5].flags = 0;
	a.pieces[6].flags = 0;
	ASSERT_NEAR(score(&a, files_fen) - zero, 0);
}
END_TEST

/*
 * The passer's way.  White's passer e7 (rank 7: 25 of 49, as in
 * passer_fen) with the enemy king in the corner j10, whose moves reach
 * i9, i10 and j9 only: e8, e9 and e10 are empty and out of its reach, so
 * both terms count, 4900 * 25 / 49 = 2500 each.  A knight on g10 reaches
 * e9 (and f8, h8, i9): e8 stays safe, the path does not.  A bishop on
 * e10 reaches neither e8 nor e9 but stands on the path.  A rook on e10
 * reaches e9 and e8: neither counts.  Each term counts in the middle
 * game and the ending alike, so the phase a piece brings changes nothing
 * but rounding.
 */
START_TEST(test_passer_ways)
{
	static const char *const fens[] = {
		"9k/10/10/4P5/10/10/10/10/10/K9 w - - 0 1",
		"6n2k/10/10/4P5/10/10/10/10/10/K9 w - - 0 1",
		"4b4k/10/10/4P5/10/10/10/10/10/K9 w - - 0 1",
		"4r4k/10/10/4P5/10/10/10/10/10/K9 w - - 0 1",
	};
	static const int safe[] = { 2500, 2500, 2500, 0 };
	static const int path[] = { 2500, 0, 0, 0 };

	for (int i = 0; i < 4; i++) {
		struct eval_params a = base;
		int zero = score(&base, fens[i]);

		a.passed_safe = 4900;
		ASSERT_NEAR(score(&a, fens[i]) - zero, safe[i]);
		a = base;
		a.passed_path = 4900;
		ASSERT_NEAR(score(&a, fens[i]) - zero, path[i]);
	}
}
END_TEST

/*
 * Connected pawns, with only kings and pawns (phase 0: the ending alone).
 * White's e5 and f5 stand side by side (each connected), and d4, behind
 * e5 on the diagonal, has nothing beside or diagonally behind it (not
 * connected itself).  Black's b6 has a7 diagonally behind it (toward
 * Black's side); a7 has nothing.  Ranks from each side's edge, less one:
 * e5 and f5 4 each (8), b6 (rank 5 from Black) 4.  So White nets 4 units.
 */
static const char connected_fen[] =
    "9k/10/10/p9/1p8/4PP4/3P6/10/10/K9 w - - 0 1";

START_TEST(test_connected)
{
	struct eval_params a = base;
	int zero = score(&base, connected_fen);

	a.connected_eg = 100;
	ck_assert_int_eq(score(&a, connected_fen) - zero, 400);
	/* The middle game's number has no weight at phase 0. */
	a = base;
	a.connected_mg = 100;
	ck_assert_int_eq(score(&a, connected_fen) - zero, 0);
}
END_TEST

/*
 * The ending's own numbers for a piece.  White's knight e5 against a bare
 * king: phase 300 * 256 / 9600 = 8, so the ending weighs 248 / 256.  On
 * the empty 10x10 board the knight has its 8 moves, and e5 is 4 rings in
 * from the edge (files and ranks 0-9, e = 4: 9 - |2 * 4 - 9| = 8,
 * halved).  Each number moves only the ending's share:
 *   eg_value 1000:     1000 * 248 / 256 = 968.75
 *   eg_mobility 10:    8 moves * 10 * 248 / 256 = 77.5
 *   eg_center 10:      4 rings * 10 * 248 / 256 = 38.75
 * and the middle game's numbers are the ending's too unless told apart:
 *   mobility 10:       80, whole.
 */
static const char ending_fen[] =
    "9k/10/10/10/10/4N5/10/10/10/K9 w - - 0 1";

START_TEST(test_ending_numbers)
{
	struct eval_params a = base;
	int zero = score(&base, ending_fen);

	a.pieces[1].eg_value = 1000;
	ASSERT_NEAR(score(&a, ending_fen) - zero, 969);
	a = base;
	a.pieces[1].eg_mobility = 10;
	ASSERT_NEAR(score(&a, ending_fen) - zero, 78);
	a = base;
	a.pieces[1].eg_center = 10;
	ASSERT_NEAR(score(&a, ending_fen) - zero, 39);
	a = base;
	a.pieces[1].mobility = 10;
	ck_assert_int_eq(score(&a, ending_fen) - zero, 80);
	/* The middle game's mobility and an ending's difference that
	 * cancels it: only the middle game's share is left, 80 * 8 / 256. */
	a.pieces[1].eg_mobility = -10;
	ASSERT_NEAR(score(&a, ending_fen) - zero, 3);
}
END_TEST

/*
 * Only kings and pawns, so the phase is 0 and the ending counts alone.
 * White's passers e7 (rank 7 from White: (7 - 2)^2 = 25 of 49, the scale
 * of rank 9's full bonus) and d6 (16 of 49), which guards e7 on its
 * diagonal; Black's passer a4 (rank 7 from Black: 25 of 49).  Every
 * square in front is empty.  Kings a1 and j10.
 *   free:      4900 * (25 + 16) / 49 - 4900 * 25 / 49 = 4100 - 2500
 *   protected: e7 only, 4900 * 25 / 49 = 2500
 *   far king:  49 per square from the enemy king to the square in
 *              front: e8 from j10 5, d7 from j10 6, a3 from a1 2:
 *              5 * 25 + 6 * 16 - 2 * 25 = 171
 *   near king: 49 per square of one's own king: e8 from a1 7, d7 from
 *              a1 6, a3 from j10 9: -(7 * 25 + 6 * 16) + 9 * 25 = -46
 */
static const char passer_fen[] =
    "9k/10/10/4P5/3P6/10/p9/10/10/K9 w - - 0 1";

START_TEST(test_passers)
{
	struct eval_params a = base;
	int zero = score(&base, passer_fen);

	a.passed_free = 4900;
	ck_assert_int_eq(score(&a, passer_fen) - zero, 1600);
	a = base;
	a.passed_protected = 4900;
	ck_assert_int_eq(score(&a, passer_fen) - zero, 2500);
	a = base;
	a.passed_king_far = 49;
	ck_assert_int_eq(score(&a, passer_fen) - zero, 171);
	a = base;
	a.passed_king_near = 49;
	ck_assert_int_eq(score(&a, passer_fen) - zero, -46);
	/* A blocked passer is not free: a black knight on e8 in front of
	 * e7 leaves d6's 1600 against a4's 2500.  The knight is material,
	 * so the phase is 300 * 256 / 9600 = 8 and the ending counts
	 * 248 / 256 of it: -900 * 248 / 256 = -871.875. */
	a = base;
	a.passed_free = 4900;
	ASSERT_NEAR(score(&a, "9k/10/4n5/4P5/3P6/10/p9/10/10/K9 w - - 0 1") -
	        score(&base, "9k/10/4n5/4P5/3P6/10/p9/10/10/K9 w - - 0 1"),
	    -872);
}
END_TEST

/*
 * Safe mobility.  White's knight e5 has 8 moves (d7 f7 c6 g6 c4 g4 d3
 * f3); Black's pawns take diagonally toward rank 1, so d5 attacks c4 and
 * e4, h7 attacks g6 and i6: two of the knight's squares.  At 10 a move
 * that is 80 without safe mobility and 60 with it, in the middle game and
 * the ending alike; every other piece here has no mobility weight.
 */
static const char safe_fen[] =
    "9k/10/10/7p2/10/3pN5/10/10/10/K9 w - - 0 1";

START_TEST(test_safe_mobility)
{
	struct eval_params a = base, b;

	a.pieces[1].mobility = 10;
	b = a;
	b.safe_mobility = true;
	ck_assert_int_eq(score(&a, safe_fen) - score(&base, safe_fen), 80);
	ck_assert_int_eq(score(&b, safe_fen) - score(&base, safe_fen), 60);
}
END_TEST

/*
 * Space: each side's squares on the files c-h from its second rank to
 * the middle (White's ranks 2-5, Black's 9-6), 24 of them.  White (king
 * a1, rook b1, pawns d4 e4): its own pawns take 2, Black's pawn e6 attacks
 * d5 and f5, so 20 count once; d2, d3, e2 and e3 are one or two squares
 * behind a pawn and nothing of Black's reaches them (the rook i10 runs
 * down the i-file and along the tenth rank, the king j10 to i9 and j9,
 * the pawn e6 to e5), so they count twice: 24 units, 4 pieces, weight
 * 3 * 3.  Black (king j10, rook i10, pawn e6): its pawn takes e6, White's
 * pawns attack only the fifth rank, and e7 and e8 are behind e6 where
 * nothing of White's lands (the rook b1 runs up the b-file and along the
 * first rank, the pawns to d5 and e5): 23 + 2 = 25 units, 3 pieces, weight
 * 2 * 2.  At space 2560: 24 * 9 * 10 = 2160 against 25 * 4 * 10 = 1000,
 * 1160 in the middle game; phase 1000 * 256 / 9600 = 26: 117.8.
 */
static const char space_fen[] = "8rk/10/10/10/4p5/10/3PP5/10/10/KR8 w - - 0 1";
static const char space_fen_black[] =
    "8rk/10/10/10/4p5/10/3PP5/10/10/KR8 b - - 0 1";

START_TEST(test_space)
{
	struct eval_params a = base;

	a.space = 2560;
	ASSERT_NEAR(score(&a, space_fen) - score(&base, space_fen), 118);
	ASSERT_NEAR(score(&a, space_fen_black) - score(&base, space_fen_black),
	    -118);
	/* Black's pawn a step back on e7 attacks d6 and f6, outside
	 * White's squares: White 22 + 4 = 26 units, 2340; Black's pawn
	 * now takes e7, e6 counts, and e8 and e9 are behind it: 23 + 2 =
	 * 25, 1000.  1340 * 26 / 256 = 136.1. */
	ASSERT_NEAR(score(&a, "8rk/10/10/4p5/10/10/3PP5/10/10/KR8 w - - 0 1") -
	    score(&base, "8rk/10/10/4p5/10/10/3PP5/10/10/KR8 w - - 0 1"), 136);
	/* Black's rook on a3 instead (White's king on c1, out of its
	 * way) reaches d3 and e3 along the third rank: they count once,
	 * White 22 units, 1980 against 1000; 980 * 26 / 256 = 99.5. */
	ASSERT_NEAR(score(&a, "9k/10/10/10/4p5/10/3PP5/r9/10/1RK7 w - - 0 1") -
	    score(&base, "9k/10/10/10/4p5/10/3PP5/r9/10/1RK7 w - - 0 1"), 99);
}
END_TEST

/* The squares each pawn attacks, as safe mobility reads them, for the
 * pawn `letter` of `color` on `square` of `variant`, sorted, against
 * `want` (shared/rules/: Grand's pawns take one diagonal step forward;
 * Hadean's too, and its ninja pawns also sideways in their upper half,
 * White's ranks 7-12, Black's 6-1). */
static void
expect_hits(const char *variant, char letter, int color, const char *square,
    const char *want)
{
	const bc_variant *v = bc_variant_find(variant);
	const struct eval_params *table = v ? eval_params_of(bc_variant_id_of(v))
	                                    : NULL;
	struct eval_tables *t = calloc(1, sizeof *t);
	struct eval_params p;
	char got[64] = "";
	int cell = BC_SQUARE(square[0] - 'a', atoi(square + 1) - 1);
	int slot, sorted[EVAL_PAWN_HITS], n = 0;

	ck_assert(v && table && t);
	p = *table;
	p.safe_mobility = true;
	ck_assert(eval_tables_init(t, v, &p));
	slot = t->pawn_slot[bc_variant_piece_type(v, letter)];
	ck_assert_int_ge(slot, 0);
	for (int k = 0; k < EVAL_PAWN_HITS && t->pawn_hits[slot][color][cell][k];
	     k++) {
		int h = t->pawn_hits[slot][color][cell][k], j = n++;

		while (j > 0 && sorted[j - 1] > h) {
			sorted[j] = sorted[j - 1];
			j--;
		}
		sorted[j] = h;
	}
	for (int k = 0; k < n; k++)
		snprintf(got + strlen(got), sizeof got - strlen(got), "%s%c%d",
		    k ? " " : "", 'a' + BC_FILE(sorted[k]),
		    BC_RANK(sorted[k]) + 1);
	ck_assert_msg(!strcmp(got, want), "%s %c of %d on %s: %s, not %s",
	    variant, letter, color, square, got, want);
	free(t);
}

START_TEST(test_pawn_hits)
{
	expect_hits("grand", 'P', BC_WHITE, "e3", "d4 f4");
	expect_hits("grand", 'P', BC_BLACK, "e8", "d7 f7");
	expect_hits("grand", 'P', BC_WHITE, "a5", "b6");
	expect_hits("hadean", 'P', BC_WHITE, "e4", "d5 f5");
	expect_hits("hadean", 'J', BC_WHITE, "e4", "d5 f5");
	expect_hits("hadean", 'J', BC_WHITE, "e8", "d8 f8 d9 f9");
	expect_hits("hadean", 'J', BC_BLACK, "e5", "d4 f4 d5 f5");
	expect_hits("hadean", 'J', BC_BLACK, "l9", "k8");
}
END_TEST

Suite *
eval_terms_suite(void)
{
	Suite *s = suite_create("eval_terms");
	TCase *tc = tcase_create("core");

	tcase_add_test(tc, test_king_danger);
	tcase_add_test(tc, test_safe_checks);
	tcase_add_test(tc, test_threats);
	tcase_add_test(tc, test_complexity);
	tcase_add_test(tc, test_ending_scale);
	tcase_add_test(tc, test_open_files);
	tcase_add_test(tc, test_passers);
	tcase_add_test(tc, test_ending_numbers);
	tcase_add_test(tc, test_connected);
	tcase_add_test(tc, test_passer_ways);
	tcase_add_test(tc, test_safe_mobility);
	tcase_add_test(tc, test_space);
	tcase_add_test(tc, test_pawn_hits);
	suite_add_tcase(s, tc);
	return s;
}
