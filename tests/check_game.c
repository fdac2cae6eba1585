/*
 * check_game.c - bc_game: history, undo and redo, and how a game ends
 * (shared/rules/README.md "Game end" and each variant file's "Game end").
 *
 * Moves are named in this file's own coordinate spelling (move_name), so
 * the game logic is tested apart from the notation code.
 */
#include <ctype.h>
#include <stdio.h>
#include <string.h>

#include "test_util.h"

#define GRAND_START \
	"r8r/1nbqkcabn1/pppppppppp/10/10/10/10/PPPPPPPPPP/1NBQKCABN1/R8R " \
	"w - - 0 1"
#define CHAD_START \
	"12/12/7rrr2/7rkr2/7rrr2/12/12/2RRR7/2RKR7/2RRR7/12/12 w - - 0 1"

static bc_game *
new_game(const char *variant, const char *fen)
{
	bc_game *g = NULL;
	bc_error err;
	int rc = bc_game_new(&g, bc_variant_find(variant), fen, &err);

	ck_assert_msg(rc == BC_OK, "%s: %s", fen ? fen : "start", err.message);
	ck_assert_ptr_nonnull(g);
	return g;
}

static void
assert_result(const bc_game *g, bc_result want, bc_reason want_reason,
    const char *when)
{
	bc_reason reason;
	bc_result r = bc_game_result(g, &reason);

	ck_assert_msg(r == want && reason == want_reason,
	    "%s: result %s (%s), expected %s (%s)", when, bc_result_text(r),
	    bc_reason_text(reason), bc_result_text(want),
	    bc_reason_text(want_reason));
	ck_assert_int_eq(bc_game_result(g, NULL), want);
}

/* ---- History ---- */

START_TEST(test_game_push_undo_redo)
{
	bc_game *g = new_game("grand", NULL);
	bc_position start = *bc_game_position(g), after_e5;
	bc_move e5 = test_find_move(bc_game_position(g), "e3e5"), d4 = test_find_move(bc_game_position(g), "d3d4");

	ck_assert(!bc_game_from_fen(g));
	ck_assert(bc_position_equal(bc_game_start(g), &start));
	ck_assert_int_eq(bc_game_length(g), 0);
	ck_assert_int_eq(bc_game_redo_count(g), 0);
	ck_assert_int_eq(bc_game_undo(g), BC_ENOTFOUND);
	ck_assert_int_eq(bc_game_redo(g), BC_ENOTFOUND);

	ck_assert_int_eq(bc_game_push(g, e5), BC_OK);
	ck_assert_int_eq(bc_game_length(g), 1);
	ck_assert_uint_eq(bc_game_move(g, 0), e5);
	ck_assert_uint_eq(bc_game_move(g, 1), BC_MOVE_NONE);
	ck_assert_uint_eq(bc_game_move(g, -1), BC_MOVE_NONE);
	after_e5 = *bc_game_position(g);
	ck_assert_int_eq(after_e5.side, BC_BLACK);
	ck_assert_int_eq(bc_position_piece_at(&after_e5, 4, 4),
	    BC_PIECE(BC_WHITE, bc_variant_piece_type(bc_game_variant(g), 'P')));
	ck_assert_int_eq(bc_position_piece_at(&after_e5, 4, 2), BC_EMPTY);
	/* The start position is kept. */
	ck_assert(bc_position_equal(bc_game_start(g), &start));

	ck_assert_int_eq(bc_game_undo(g), BC_OK);
	ck_assert_int_eq(bc_game_length(g), 0);
	ck_assert_int_eq(bc_game_redo_count(g), 1);
	ck_assert(bc_position_equal(bc_game_position(g), &start));

	ck_assert_int_eq(bc_game_redo(g), BC_OK);
	ck_assert_int_eq(bc_game_length(g), 1);
	ck_assert_int_eq(bc_game_redo_count(g), 0);
	ck_assert(bc_position_equal(bc_game_position(g), &after_e5));
	ck_assert_int_eq(bc_game_redo(g), BC_ENOTFOUND);

	/* Undo, then a different move: the redo list is gone. */
	ck_assert_int_eq(bc_game_undo(g), BC_OK);
	ck_assert_int_eq(bc_game_redo_count(g), 1);
	ck_assert_int_eq(bc_game_push(g, d4), BC_OK);
	ck_assert_int_eq(bc_game_redo_count(g), 0);
	ck_assert_int_eq(bc_game_redo(g), BC_ENOTFOUND);
	ck_assert_int_eq(bc_game_length(g), 1);
	ck_assert_uint_eq(bc_game_move(g, 0), d4);

	/* Several undos and redos in a row, by text. */
	ck_assert_int_eq(bc_game_push_text(g, "e8e6", NULL), BC_OK);
	ck_assert_int_eq(bc_game_push_text(g, "Nc4", NULL), BC_OK);
	ck_assert_int_eq(bc_game_length(g), 3);
	for (int i = 0; i < 3; i++)
		ck_assert_int_eq(bc_game_undo(g), BC_OK);
	ck_assert(bc_position_equal(bc_game_position(g), &start));
	ck_assert_int_eq(bc_game_redo_count(g), 3);
	ck_assert_int_eq(bc_game_redo(g), BC_OK);
	ck_assert_uint_eq(bc_game_move(g, 0), d4);
	ck_assert_int_eq(bc_game_redo(g), BC_OK);
	ck_assert_int_eq(bc_game_redo(g), BC_OK);
	ck_assert_int_eq(bc_game_length(g), 3);
	ck_assert_int_eq(bc_game_redo_count(g), 0);
	assert_result(g, BC_RESULT_NONE, BC_REASON_NONE, "after 3 moves");
	bc_game_free(g);
}
END_TEST

START_TEST(test_game_rejects_illegal)
{
	bc_game *g = new_game("grand", NULL);
	bc_position start = *bc_game_position(g);
	bc_error err;
	/* Grand pawns move at most two squares (grand.md). */
	bc_move e6 = BC_MOVE_MAKE(square_of("e3"), square_of("e6"), 0,
	    BC_MOVE_LONG);
	bc_move_list *list = new_move_list();

	ck_assert_int_eq(bc_game_push(g, e6), BC_EILLEGAL);
	ck_assert_int_eq(bc_game_push(g, BC_MOVE_NONE), BC_EILLEGAL);
	/* The right squares with the wrong kind is not the legal move. */
	ck_assert_int_eq(bc_game_push(g, BC_MOVE_MAKE(square_of("e3"),
	                                     square_of("e5"), 0,
	                                     BC_MOVE_CAPTURE)),
	    BC_EILLEGAL);
	ck_assert_int_eq(bc_game_push_text(g, "e6", &err), BC_EILLEGAL);
	ck_assert_str_ne(err.message, "");
	ck_assert_int_eq(bc_game_push_text(g, "nonsense", &err), BC_ESYNTAX);
	ck_assert_str_ne(err.message, "");
	ck_assert_int_eq(bc_game_length(g), 0);
	ck_assert(bc_position_equal(bc_game_position(g), &start));
	/* The Grand start has 65 moves (grand.md, perft 1). */
	bc_game_legal_moves(g, list);
	ck_assert_int_eq(list->count, 65);
	free(list);
	bc_game_free(g);
}
END_TEST

START_TEST(test_game_new_bad_fen)
{
	bc_game *g = NULL;
	bc_error err;
	int rc = bc_game_new(&g, bc_variant_find("grand"), "4k5/10 w - - 0 1",
	    &err);

	ck_assert_int_lt(rc, 0);
	ck_assert_int_eq(err.code, rc);
	ck_assert_str_ne(err.message, "");
	bc_game_free(g); /* NULL or whatever was made: must not leak */
}
END_TEST

/* ---- Checkmate and stalemate ---- */

START_TEST(test_game_checkmate_ends_game)
{
	/* Grand: Qe1-e10 mates the king a10 (b10-d10 covered by the queen,
	 * a9 and b9 by the king b8). */
	bc_game *g = new_game("grand",
	    "k9/10/1K8/10/10/10/10/10/10/4Q5 w - - 0 1");
	bc_move_list *list = new_move_list();
	bc_error err;

	ck_assert(bc_game_from_fen(g));
	assert_result(g, BC_RESULT_NONE, BC_REASON_NONE, "before Qe10");
	test_play(g, "e1e10");
	assert_result(g, BC_RESULT_WHITE_WINS, BC_REASON_CHECKMATE, "Qe10#");
	bc_game_legal_moves(g, list);
	ck_assert_int_eq(list->count, 0);
	/* Nothing can be played once the game is over. */
	ck_assert_int_eq(bc_game_push(g, BC_MOVE_MAKE(square_of("a10"),
	                                     square_of("b10"), 0,
	                                     BC_MOVE_NORMAL)),
	    BC_EGAMEOVER);
	ck_assert_int_eq(bc_game_push_text(g, "Kb10", &err), BC_EGAMEOVER);
	ck_assert_str_ne(err.message, "");
	ck_assert_int_eq(bc_game_length(g), 1);
	/* Taking the mate back reopens the game. */
	ck_assert_int_eq(bc_game_undo(g), BC_OK);
	assert_result(g, BC_RESULT_NONE, BC_REASON_NONE, "after undo");
	bc_game_legal_moves(g, list);
	ck_assert_int_gt(list->count, 0);
	ck_assert_int_eq(bc_game_redo(g), BC_OK);
	assert_result(g, BC_RESULT_WHITE_WINS, BC_REASON_CHECKMATE, "redo");
	free(list);
	bc_game_free(g);
}
END_TEST

struct start_result {
	const char *why, *variant, *fen;
	bc_result result;
	bc_reason reason;
};

/* Positions that are over (or not) as soon as they are set up. */
static const struct start_result start_results[] = {
	/* chad.md, "Positions with no legal move". */
	{ "chad.md checkmate", "chad",
	  "8r3/12/7r4/8kQ2/12/4rr3R2/4R2R4/4K7/4RRr5/12/12/9r2 b - - 0 1",
	  BC_RESULT_WHITE_WINS, BC_REASON_CHECKMATE },
	{ "chad.md stalemate, a draw", "chad",
	  "12/12/8k3/6R5/12/7R4/3R1R6/3K8/4R7/12/12/9R2 b - - 0 1",
	  BC_RESULT_DRAW, BC_REASON_STALEMATE },
	/* Grand: Black a10 hemmed in by the queen b8 (a9 b9 b10): no move,
	 * no check. */
	{ "Grand stalemate", "grand",
	  "k9/10/1Q8/10/10/10/10/10/10/9K b - - 0 1", BC_RESULT_DRAW,
	  BC_REASON_STALEMATE },
	/* Grand, White to move: the queen e1 checks a1 along rank 1 (b1-d1
	 * empty); b1 is on its line, a2 and b2 are covered by the king b3. */
	{ "Grand, White mated", "grand",
	  "10/10/10/10/10/10/10/1k8/10/K3q5 w - - 0 1", BC_RESULT_BLACK_WINS,
	  BC_REASON_CHECKMATE },
};

START_TEST(test_game_over_from_fen)
{
	const struct start_result *t = &start_results[_i];
	bc_game *g = new_game(t->variant, t->fen);
	bc_move_list *list = new_move_list();

	assert_result(g, t->result, t->reason, t->why);
	bc_game_legal_moves(g, list);
	ck_assert_int_eq(list->count, 0);
	free(list);
	bc_game_free(g);
}
END_TEST

/* ---- Repetition ---- */

/* README: "a position occurring the third time ... is a draw". */
START_TEST(test_game_threefold_repetition)
{
	static const char *const shuffle[] = { "b2a4", "b9a7", "a4b2",
		"a7b9" };
	bc_game *g = new_game("grand", NULL);

	/* The start position occurs after plies 0, 4 and 8. */
	for (int ply = 0; ply < 8; ply++) {
		test_play(g, shuffle[ply % 4]);
		if (ply < 7)
			assert_result(g, BC_RESULT_NONE, BC_REASON_NONE,
			    ply == 3 ? "second occurrence" : "shuffling");
	}
	assert_result(g, BC_RESULT_DRAW, BC_REASON_REPETITION,
	    "third occurrence");
	ck_assert_int_eq(bc_game_push(g, test_find_move(bc_game_position(g), "b2a4")), BC_EGAMEOVER);
	ck_assert_int_eq(bc_game_undo(g), BC_OK);
	assert_result(g, BC_RESULT_NONE, BC_REASON_NONE, "undone");
	bc_game_free(g);
}
END_TEST

/*
 * README: repetition compares "placement, side to move, castling and
 * en-passant rights".  grand.md's position where Black just played e8-e6
 * and the pawn f6 may take on e7: after a knight shuffle the placement
 * returns (plies 4 and 8) but the e.p. right does not, so at ply 8 the
 * start placement has occurred three times, the position only twice.
 * The first real third occurrence is the position after ply 1 (Na4),
 * again after plies 5 and 9.
 */
START_TEST(test_game_repetition_needs_same_en_passant)
{
	static const char *const shuffle[] = { "b2a4", "b9a7", "a4b2",
		"a7b9" };
	bc_game *g = new_game("grand",
	    "r8r/1nbqkcabn1/ppp2ppppp/3p6/4pP4/10/10/PPPPP1PPPP/1NBQKCABN1/"
	    "R8R w - e7 0 3");

	ck_assert_int_eq(bc_game_position(g)->ep_count, 1);
	for (int ply = 1; ply <= 8; ply++) {
		test_play(g, shuffle[(ply - 1) % 4]);
		assert_result(g, BC_RESULT_NONE, BC_REASON_NONE,
		    ply == 8 ? "ply 8: the start placement a third time"
		             : "shuffling");
	}
	test_play(g, shuffle[0]);
	assert_result(g, BC_RESULT_DRAW, BC_REASON_REPETITION, "ply 9");
	bc_game_free(g);
}
END_TEST

/* Same placement with the other side to move is another position. */
START_TEST(test_game_repetition_needs_same_side)
{
	/*
	 * Grand: White's rook goes a1-a2-a3-a1 (3 plies of White's), Black's
	 * j10-j9-j10 (2), so the pair of rooks is back on a1/j10 after ply 5
	 * with Black to move and after ply 12 with White to move.  Written
	 * as (white rook, black rook, side) after each ply:
	 *   0 a1 j10 W   1 a2 j10 B   2 a2 j9 W    3 a3 j9 B    4 a3 j10 W
	 *   5 a1 j10 B   6 a1 j9 W    7 a2 j9 B    8 a2 j10 W   9 a3 j10 B
	 *  10 a3 j9 W   11 a1 j9 B   12 a1 j10 W
	 * The placement a1/j10 occurs three times, the position (with the
	 * side to move) only twice; every other placement at most twice.
	 * A second cycle repeats each of plies 1-11 once more, and the start
	 * a third time at ply 24.
	 */
	static const char *const cycle[] = { "a1a2", "j10j9", "a2a3", "j9j10",
		"a3a1", "j10j9", "a1a2", "j9j10", "a2a3", "j10j9", "a3a1",
		"j9j10" };
	bc_game *g = new_game("grand",
	    "9r/10/10/10/4k5/10/10/10/10/R3K5 w - - 0 1");

	for (int ply = 0; ply < 12; ply++) {
		test_play(g, cycle[ply]);
		if (ply < 11)
			assert_result(g, BC_RESULT_NONE, BC_REASON_NONE,
			    "cycling");
	}
	assert_result(g, BC_RESULT_NONE, BC_REASON_NONE, "ply 12");
	for (int ply = 12; ply < 24; ply++) {
		if (ply > 12)
			assert_result(g, BC_RESULT_NONE, BC_REASON_NONE,
			    "second cycle");
		test_play(g, cycle[ply % 12]);
	}
	assert_result(g, BC_RESULT_DRAW, BC_REASON_REPETITION, "ply 24");
	bc_game_free(g);
}
END_TEST

/* ---- The 100-ply rule ---- */

struct fifty {
	const char *why, *variant, *fen;
	const char *moves[3]; /* played in turn */
	bc_result result;
	bc_reason reason;
};

static const struct fifty fifties[] = {
	/* grand.md: "the 50-move (100-ply) rule ... draws". */
	{ "Grand: clock 99, a quiet rook move", "grand",
	  "4k5/10/10/10/10/10/10/10/10/R3K5 w - - 99 80", { "a1a2" },
	  BC_RESULT_DRAW, BC_REASON_FIFTY_MOVES },
	{ "Grand: clock 98, two quiet moves", "grand",
	  "4k5/10/10/10/10/10/10/10/10/R3K5 w - - 98 80",
	  { "a1a2", "e10e9" }, BC_RESULT_DRAW, BC_REASON_FIFTY_MOVES },
	{ "Grand: clock 98, one quiet move is 99", "grand",
	  "4k5/10/10/10/10/10/10/10/10/R3K5 w - - 98 80", { "a1a2" },
	  BC_RESULT_NONE, BC_REASON_NONE },
	{ "Grand: clock 99, a pawn move resets it", "grand",
	  "4k5/10/10/10/10/10/4P5/10/10/R3K5 w - - 99 80", { "e4e5" },
	  BC_RESULT_NONE, BC_REASON_NONE },
	{ "Grand: clock 99, a capture resets it", "grand",
	  "4k5/10/10/10/10/10/10/p9/10/R3K5 w - - 99 80", { "a1a3" },
	  BC_RESULT_NONE, BC_REASON_NONE },
	/* Checkmate on the 100th ply is checkmate (Qe1-e10#, as above). */
	{ "Grand: mate on the 100th ply", "grand",
	  "k9/10/1K8/10/10/10/10/10/10/4Q5 w - - 99 80", { "e1e10" },
	  BC_RESULT_WHITE_WINS, BC_REASON_CHECKMATE },
	/* hadean.md: "the 100-ply rule (no capture and no move of a pawn or
	 * ninja pawn) draw". */
	{ "Hadean: clock 99, a quiet rook move", "hadean",
	  "6k5/12/12/12/12/12/12/12/12/12/12/R5K5 w - - 99 80", { "a1a2" },
	  BC_RESULT_DRAW, BC_REASON_FIFTY_MOVES },
	{ "Hadean: clock 99, a ninja pawn move resets it", "hadean",
	  "6k5/12/12/12/12/12/12/12/12/12/4J7/R5K5 w - - 99 80", { "e2e3" },
	  BC_RESULT_NONE, BC_REASON_NONE },
	{ "Hadean: clock 99, a pawn move resets it", "hadean",
	  "6k5/12/12/12/12/12/12/12/4P7/12/12/R5K5 w - - 99 80", { "e4e5" },
	  BC_RESULT_NONE, BC_REASON_NONE },
	{ "Hadean: clock 99, a capture resets it", "hadean",
	  "6k5/12/12/12/12/12/12/12/12/w11/12/R5K5 w - - 99 80", { "a1a3" },
	  BC_RESULT_NONE, BC_REASON_NONE },
	/* chad.md: "No 50-move (100-ply) rule". */
	{ "Chad: clock 99, a quiet rook move", "chad",
	  "12/12/7rrr2/7rkr2/7rrr2/12/12/2RRR7/2RKR7/2RRR7/12/12 w - - 99 50",
	  { "c3c2" }, BC_RESULT_NONE, BC_REASON_NONE },
	{ "Chad: clock 300", "chad",
	  "12/12/7rrr2/7rkr2/7rrr2/12/12/2RRR7/2RKR7/2RRR7/12/12 w - - 300 200",
	  { "c3c2", "h8h7" }, BC_RESULT_NONE, BC_REASON_NONE },
};

START_TEST(test_game_hundred_plies)
{
	const struct fifty *t = &fifties[_i];
	bc_game *g = new_game(t->variant, t->fen);

	assert_result(g, BC_RESULT_NONE, BC_REASON_NONE, "before");
	for (int i = 0; i < 3 && t->moves[i]; i++)
		test_play(g, t->moves[i]);
	assert_result(g, t->result, t->reason, t->why);
	bc_game_free(g);
}
END_TEST

/* ---- Insufficient material ---- */

static const struct start_result materials[] = {
	/* grand.md: "Insufficient material (automatic draw): K v K, K+B v K,
	 * K+N v K."  Anything else plays on. */
	{ "Grand K v K", "grand", "4k5/10/10/10/10/10/10/10/10/4K5 w - - 0 1",
	  BC_RESULT_DRAW, BC_REASON_MATERIAL },
	{ "Grand K+B v K", "grand",
	  "4k5/10/10/10/10/10/10/10/10/2B1K5 w - - 0 1", BC_RESULT_DRAW,
	  BC_REASON_MATERIAL },
	{ "Grand K v K+B", "grand",
	  "2b1k5/10/10/10/10/10/10/10/10/4K5 w - - 0 1", BC_RESULT_DRAW,
	  BC_REASON_MATERIAL },
	{ "Grand K+N v K", "grand",
	  "4k5/10/10/10/10/10/10/10/10/1N2K5 w - - 0 1", BC_RESULT_DRAW,
	  BC_REASON_MATERIAL },
	{ "Grand K v K+N", "grand",
	  "1n2k5/10/10/10/10/10/10/10/10/4K5 b - - 0 1", BC_RESULT_DRAW,
	  BC_REASON_MATERIAL },
	{ "Grand K+R v K", "grand",
	  "4k5/10/10/10/10/10/10/10/10/R3K5 w - - 0 1", BC_RESULT_NONE,
	  BC_REASON_NONE },
	{ "Grand K+P v K", "grand",
	  "4k5/10/10/10/10/10/4P5/10/10/4K5 w - - 0 1", BC_RESULT_NONE,
	  BC_REASON_NONE },
	{ "Grand K+A v K", "grand",
	  "4k5/10/10/10/10/10/10/10/10/A3K5 w - - 0 1", BC_RESULT_NONE,
	  BC_REASON_NONE },
	{ "Grand K+C v K", "grand",
	  "4k5/10/10/10/10/10/10/10/10/C3K5 w - - 0 1", BC_RESULT_NONE,
	  BC_REASON_NONE },
	{ "Grand K+N+N v K (not listed)", "grand",
	  "4k5/10/10/10/10/10/10/10/10/1N2K1N3 w - - 0 1", BC_RESULT_NONE,
	  BC_REASON_NONE },
	{ "Grand K+B v K+N (not listed)", "grand",
	  "1n2k5/10/10/10/10/10/10/10/10/2B1K5 w - - 0 1", BC_RESULT_NONE,
	  BC_REASON_NONE },
	/* chad.md: "only king against king ... is an automatic draw". */
	{ "Chad K v K", "chad",
	  "12/12/12/8k3/12/12/12/12/3K8/12/12/12 w - - 0 1",
	  BC_RESULT_DRAW, BC_REASON_MATERIAL },
	{ "Chad K+R v K", "chad",
	  "12/12/12/8k3/12/12/12/12/3K8/2R9/12/12 w - - 0 1", BC_RESULT_NONE,
	  BC_REASON_NONE },
	{ "Chad K v K+Q", "chad",
	  "12/12/12/8k3/12/12/12/12/3K8/12/12/11q w - - 0 1", BC_RESULT_NONE,
	  BC_REASON_NONE },
	/* hadean.md: "insufficient material (automatic draw) only for K v K
	 * and K+B v K". */
	{ "Hadean K v K", "hadean",
	  "6k5/12/12/12/12/12/12/12/12/12/12/6K5 w - - 0 1", BC_RESULT_DRAW,
	  BC_REASON_MATERIAL },
	{ "Hadean K+B v K", "hadean",
	  "6k5/12/12/12/12/12/12/12/12/12/12/2B3K5 w - - 0 1", BC_RESULT_DRAW,
	  BC_REASON_MATERIAL },
	{ "Hadean K v K+B", "hadean",
	  "2b3k5/12/12/12/12/12/12/12/12/12/12/6K5 w - - 0 1", BC_RESULT_DRAW,
	  BC_REASON_MATERIAL },
	{ "Hadean K+E v K (not listed)", "hadean",
	  "6k5/12/12/12/12/12/12/12/12/12/12/2E3K5 w - - 0 1", BC_RESULT_NONE,
	  BC_REASON_NONE },
	{ "Hadean K+F v K", "hadean",
	  "6k5/12/12/12/12/12/12/12/12/12/12/2F3K5 w - - 0 1", BC_RESULT_NONE,
	  BC_REASON_NONE },
	{ "Hadean K+S v K", "hadean",
	  "6k5/12/12/12/12/12/12/12/12/12/12/2S3K5 w - - 0 1", BC_RESULT_NONE,
	  BC_REASON_NONE },
	{ "Hadean K+P v K", "hadean",
	  "6k5/12/12/12/12/12/12/12/4P7/12/12/6K5 w - - 0 1", BC_RESULT_NONE,
	  BC_REASON_NONE },
	{ "Hadean K+J v K", "hadean",
	  "6k5/12/12/12/12/12/12/12/12/12/4J7/6K5 w - - 0 1", BC_RESULT_NONE,
	  BC_REASON_NONE },
};

START_TEST(test_game_material_from_fen)
{
	const struct start_result *t = &materials[_i];
	bc_game *g = new_game(t->variant, t->fen);

	assert_result(g, t->result, t->reason, t->why);
	bc_game_free(g);
}
END_TEST

/* The same draws reached by a capture during the game. */
START_TEST(test_game_material_by_capture)
{
	static const struct {
		const char *why, *variant, *fen, *move;
	} captures[] = {
		/* The king e1 takes the checking rook d1, which nothing
		 * guards: K v K+R becomes K v K. */
		{ "Grand Kxd1", "grand",
		  "4k5/10/10/10/10/10/10/10/10/3rK5 w - - 0 1", "e1d1" },
		/* Bishop c1 takes the rook h6 (c1-d2-e3-f4-g5-h6): K+B v K. */
		{ "Hadean Bxh6", "hadean",
		  "6k5/12/12/12/12/12/7r4/12/12/12/12/2B3K5 w - - 0 1",
		  "c1h6" },
	};

	for (size_t i = 0; i < sizeof captures / sizeof captures[0]; i++) {
		bc_game *g = new_game(captures[i].variant, captures[i].fen);

		assert_result(g, BC_RESULT_NONE, BC_REASON_NONE,
		    captures[i].why);
		test_play(g, captures[i].move);
		assert_result(g, BC_RESULT_DRAW, BC_REASON_MATERIAL,
		    captures[i].why);
		ck_assert_int_eq(bc_game_push(g, BC_MOVE_NONE), BC_EGAMEOVER);
		bc_game_free(g);
	}
}
END_TEST

/* ---- Resignation, agreement, time ---- */

START_TEST(test_game_resign_agree_time)
{
	static const struct {
		int action; /* 0 resign, 1 lose on time, 2 agree a draw */
		int color;
		bc_result result;
		bc_reason reason;
	} cases[] = {
		{ 0, BC_WHITE, BC_RESULT_BLACK_WINS, BC_REASON_RESIGNATION },
		{ 0, BC_BLACK, BC_RESULT_WHITE_WINS, BC_REASON_RESIGNATION },
		{ 1, BC_WHITE, BC_RESULT_BLACK_WINS, BC_REASON_TIME },
		{ 1, BC_BLACK, BC_RESULT_WHITE_WINS, BC_REASON_TIME },
		{ 2, BC_WHITE, BC_RESULT_DRAW, BC_REASON_AGREEMENT },
	};

	for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++) {
		bc_game *g = new_game("chad", NULL);
		bc_move_list *list = new_move_list();
		bc_error err;

		/* Any side may resign or run out of time, on move or not. */
		test_play(g, "c3c2");
		if (cases[i].action == 0)
			bc_game_resign(g, cases[i].color);
		else if (cases[i].action == 1)
			bc_game_lose_on_time(g, cases[i].color);
		else
			bc_game_agree_draw(g);
		assert_result(g, cases[i].result, cases[i].reason, "ended");
		bc_game_legal_moves(g, list);
		ck_assert_int_eq(list->count, 0);
		ck_assert_int_eq(bc_game_push_text(g, "h8h7", &err),
		    BC_EGAMEOVER);
		ck_assert_int_eq(bc_game_length(g), 1);
		free(list);
		bc_game_free(g);
	}
}
END_TEST

/* ---- Texts ---- */

START_TEST(test_game_result_text)
{
	/* game.h: "1-0", "0-1", "1/2-1/2" or "*". */
	ck_assert_str_eq(bc_result_text(BC_RESULT_WHITE_WINS), "1-0");
	ck_assert_str_eq(bc_result_text(BC_RESULT_BLACK_WINS), "0-1");
	ck_assert_str_eq(bc_result_text(BC_RESULT_DRAW), "1/2-1/2");
	ck_assert_str_eq(bc_result_text(BC_RESULT_NONE), "*");
}
END_TEST

START_TEST(test_game_reason_text)
{
	/* game.h: "a short phrase for reason, e.g. "checkmate"".  Each
	 * phrase must say what happened: the key word, in any case. */
	static const struct {
		bc_reason reason;
		const char *words[3]; /* one of these must appear */
	} reasons[] = {
		{ BC_REASON_CHECKMATE, { "checkmate" } },
		{ BC_REASON_STALEMATE, { "stalemate" } },
		{ BC_REASON_REPETITION, { "repetition" } },
		{ BC_REASON_FIFTY_MOVES, { "100", "50", "fifty" } },
		{ BC_REASON_MATERIAL, { "material" } },
		{ BC_REASON_RESIGNATION, { "resign" } },
		{ BC_REASON_AGREEMENT, { "agree" } },
		{ BC_REASON_TIME, { "time" } },
	};
	size_t n = sizeof reasons / sizeof reasons[0];

	ck_assert_str_eq(bc_reason_text(BC_REASON_CHECKMATE), "checkmate");
	ck_assert_ptr_nonnull(bc_reason_text(BC_REASON_NONE));
	for (size_t i = 0; i < n; i++) {
		const char *text = bc_reason_text(reasons[i].reason);
		char lower[128];
		bool found = false;
		size_t k;

		ck_assert_ptr_nonnull(text);
		for (k = 0; text[k] && k + 1 < sizeof lower; k++)
			lower[k] = (char)tolower((unsigned char)text[k]);
		lower[k] = '\0';
		for (int w = 0; w < 3 && reasons[i].words[w]; w++)
			found |= strstr(lower, reasons[i].words[w]) != NULL;
		ck_assert_msg(found, "reason %d: \"%s\" does not say \"%s\"",
		    reasons[i].reason, text, reasons[i].words[0]);
		for (size_t j = 0; j < i; j++)
			ck_assert_str_ne(text,
			    bc_reason_text(reasons[j].reason));
	}
}
END_TEST

/* ---- Per-ply history ---- */

/* Grand: 1. e5 f6 2. exf6 Nc7, SAN by hand (grand.md letters). */
static const struct {
	const char *move, *san;
	char moved, captured; /* letters: upper White, lower Black */
	bool irreversible;
} grand_plies[] = {
	{ "e3e5", "e5", 'P', 0, true },
	{ "f8f6", "f6", 'p', 0, true },
	{ "e5f6", "exf6", 'P', 'p', true },
	{ "b9c7", "Nc7", 'n', 0, false },
};

static bc_piece
piece_of(const bc_variant *v, char letter)
{
	if (!letter)
		return BC_EMPTY;
	return BC_PIECE(islower((unsigned char)letter) ? BC_BLACK : BC_WHITE,
	    bc_variant_piece_type(v, letter));
}

START_TEST(test_game_ply_history)
{
	bc_game *g = new_game("grand", NULL);
	const bc_variant *v = bc_game_variant(g);
	enum { N = sizeof grand_plies / sizeof grand_plies[0] };
	bc_position before[N + 1];
	bc_ply ply;

	ck_assert_int_eq(bc_game_repeat_start(g), 0);
	for (int i = 0; i < N; i++) {
		before[i] = *bc_game_position(g);
		ck_assert_int_eq(bc_game_push(g, test_find_move(
		    bc_game_position(g), grand_plies[i].move)), BC_OK);
	}
	before[N] = *bc_game_position(g);
	for (int i = 0; i < N; i++) {
		ck_assert_int_eq(bc_game_ply(g, i, &ply), BC_OK);
		ck_assert_uint_eq(ply.move, bc_game_move(g, i));
		ck_assert_str_eq(ply.san, grand_plies[i].san);
		ck_assert_int_eq(ply.moved, piece_of(v, grand_plies[i].moved));
		ck_assert_int_eq(ply.captured,
		    piece_of(v, grand_plies[i].captured));
		ck_assert(ply.hash_before == before[i].hash);
		ck_assert_int_eq(ply.irreversible, grand_plies[i].irreversible);
	}
	ck_assert_int_eq(bc_game_ply(g, N, &ply), BC_ERANGE);
	ck_assert_int_eq(bc_game_ply(g, -1, &ply), BC_ERANGE);
	/* The last irreversible move is ply 2: from ply 3 on may recur. */
	ck_assert_int_eq(bc_game_repeat_start(g), 3);
	ck_assert_int_eq(bc_game_push(g, test_find_move(bc_game_position(g),
	    "b2c4")), BC_OK);
	ck_assert_int_eq(bc_game_repeat_start(g), 3);
	ck_assert_int_eq(bc_game_undo(g), BC_OK);
	ck_assert_int_eq(bc_game_undo(g), BC_OK);
	ck_assert_int_eq(bc_game_undo(g), BC_OK);
	ck_assert_int_eq(bc_game_repeat_start(g), 2);
	bc_game_free(g);
}
END_TEST

START_TEST(test_game_position_at)
{
	bc_game *g = new_game("grand", NULL);
	enum { N = sizeof grand_plies / sizeof grand_plies[0] };
	bc_position before[N + 1], at;

	for (int i = 0; i < N; i++) {
		before[i] = *bc_game_position(g);
		ck_assert_int_eq(bc_game_push(g, test_find_move(
		    bc_game_position(g), grand_plies[i].move)), BC_OK);
	}
	before[N] = *bc_game_position(g);
	for (int i = 0; i <= N; i++) {
		ck_assert_int_eq(bc_game_position_at(g, i, &at), BC_OK);
		ck_assert_msg(bc_position_equal(&at, &before[i]),
		    "position before ply %d differs", i);
	}
	ck_assert_int_eq(bc_game_position_at(g, -1, &at), BC_ERANGE);
	ck_assert_int_eq(bc_game_position_at(g, N + 1, &at), BC_ERANGE);
	/* The game itself is untouched. */
	ck_assert(bc_position_equal(bc_game_position(g), &before[N]));
	bc_game_free(g);
}
END_TEST

/* Draws by rule in a position alone, by each rules file's "Game end". */
static const struct {
	const char *variant, *fen;
	bc_reason want;
	const char *source;
} rule_draws[] = {
	{ "grand", "4k5/10/10/10/10/10/10/10/10/4K5 w - - 0 1",
	  BC_REASON_MATERIAL, "grand.md: K v K" },
	{ "grand", "4k5/10/10/10/10/10/10/10/10/3NK5 w - - 0 1",
	  BC_REASON_MATERIAL, "grand.md: K+N v K" },
	{ "grand", "4k5/10/10/10/10/10/10/10/10/3BK5 b - - 0 1",
	  BC_REASON_MATERIAL, "grand.md: K+B v K" },
	{ "grand", "3nk5/10/10/10/10/10/10/10/10/3NK5 w - - 0 1",
	  BC_REASON_NONE, "grand.md: K+N v K+N is not listed" },
	{ "grand", "4k5/10/10/10/10/10/10/10/10/3RK5 w - - 0 1",
	  BC_REASON_NONE, "a rook can mate" },
	{ "grand", "4k5/10/10/10/10/10/10/10/10/3RK5 w - - 99 80",
	  BC_REASON_NONE, "grand.md: 99 plies are not 100" },
	{ "grand", "4k5/10/10/10/10/10/10/10/10/3RK5 w - - 100 80",
	  BC_REASON_FIFTY_MOVES, "grand.md: the 100-ply rule" },
	{ "grand", "4k5/10/10/10/10/10/10/10/10/4K5 w - - 100 80",
	  BC_REASON_MATERIAL, "both: material is named first" },
	{ "chad", "12/12/12/8k3/12/12/12/12/3K8/12/12/12 w - - 0 1",
	  BC_REASON_MATERIAL, "chad.md: king against king" },
	{ "chad", "11r/12/12/8k3/12/12/12/12/3K8/12/12/R11 w - - 150 80",
	  BC_REASON_NONE, "chad.md: no 100-ply rule" },
	{ "hadean", "6k5/12/12/12/12/12/12/12/12/12/12/5BK5 w - - 0 1",
	  BC_REASON_MATERIAL, "hadean.md: K+B v K" },
	{ "hadean", "6k5/12/12/12/12/12/12/12/12/12/12/5EK5 w - - 0 1",
	  BC_REASON_NONE, "hadean.md: only K v K and K+B v K" },
	{ "hadean", "6k5/12/12/12/12/12/12/12/12/12/12/5RK5 w - - 100 80",
	  BC_REASON_FIFTY_MOVES, "hadean.md: the 100-ply rule" },
};

START_TEST(test_position_rule_draw)
{
	bc_position pos;

	LOAD_FEN(&pos, rule_draws[_i].variant, rule_draws[_i].fen);
	ck_assert_msg(bc_position_rule_draw(&pos) == rule_draws[_i].want,
	    "%s %s: %s, want %s (%s)", rule_draws[_i].variant,
	    rule_draws[_i].fen, bc_reason_text(bc_position_rule_draw(&pos)),
	    bc_reason_text(rule_draws[_i].want), rule_draws[_i].source);
}
END_TEST

Suite *
game_suite(void)
{
	Suite *s = suite_create("game");
	TCase *history = tcase_create("history");
	TCase *end = tcase_create("end");

	tcase_add_test(history, test_game_push_undo_redo);
	tcase_add_test(history, test_game_rejects_illegal);
	tcase_add_test(history, test_game_new_bad_fen);
	tcase_add_test(history, test_game_ply_history);
	tcase_add_test(history, test_game_position_at);
	tcase_add_loop_test(end, test_position_rule_draw, 0,
	    (int)(sizeof rule_draws / sizeof rule_draws[0]));
	tcase_add_test(end, test_game_checkmate_ends_game);
	tcase_add_loop_test(end, test_game_over_from_fen, 0,
	    (int)(sizeof start_results / sizeof start_results[0]));
	tcase_add_test(end, test_game_threefold_repetition);
	tcase_add_test(end, test_game_repetition_needs_same_en_passant);
	tcase_add_test(end, test_game_repetition_needs_same_side);
	tcase_add_loop_test(end, test_game_hundred_plies, 0,
	    (int)(sizeof fifties / sizeof fifties[0]));
	tcase_add_loop_test(end, test_game_material_from_fen, 0,
	    (int)(sizeof materials / sizeof materials[0]));
	tcase_add_test(end, test_game_material_by_capture);
	tcase_add_test(end, test_game_resign_agree_time);
	tcase_add_test(end, test_game_result_text);
	tcase_add_test(end, test_game_reason_text);
	suite_add_tcase(s, history);
	suite_add_tcase(s, end);
	return s;
}
