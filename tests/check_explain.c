/*
 * check_explain.c - why a move is refused (bc_move_explain,
 * bc_move_explain_text, bc_refusal_text), every reason in the variant
 * whose rule it is.
 *
 * Every position was set up by hand from the rules files (shared/rules:
 * grand.md, chad.md, hadean.md); the comment on each row says which rule
 * refuses the move and which piece does it, counted on the board by hand.
 * The sentences are the ones bigchess(6) promises; the squares and pieces
 * in them come from those hand counts.  A last test asks every from-to
 * pair of a few positions and checks "refused" against the move
 * generator, the one judge of legality.
 */
#include <stdio.h>
#include <string.h>

#include "test_util.h"

/* Grand: king e1, knight e2, black rook e8 (the e-file), black king j10. */
#define G_PIN "9k/10/4r5/10/10/10/10/10/4N5/4K5 w - - 0 1"
/* Grand: king e1, black rook d8 covering the d-file. */
#define G_KING "9k/10/3r6/10/10/10/10/10/10/4K5 w - - 0 1"
/* Grand: king e1 in check from the rook e8; knight b1. */
#define G_CHECK "9k/10/4r5/10/10/10/10/10/10/1N2K5 w - - 0 1"
/* Grand: pawns e4 (white) and e5 (black) face to face. */
#define G_PAWNS "9k/10/10/10/10/4p5/4P5/10/10/4K5 w - - 0 1"
/* Grand: pawn e9; White has its queen (d1), lost everything else. */
#define G_UNLOST "k9/4P5/10/10/10/10/10/10/10/3QK5 w - - 0 1"
/* Grand: pawn e9 and every White piece of the start still there; the
 * black king h10 out of their lines. */
#define G_NONE_LOST "7k2/4P5/10/10/10/10/10/10/1NBQKCABN1/R8R w - - 0 1"
/* Grand: rook e2 pinned by the rook e8; rook a5 elsewhere. */
#define G_ROOKS "9k/10/4r5/10/10/R9/10/10/4R5/4K5 w - - 0 1"
/* Grand: king e1, rook e2, a black rook e4 pins it; black king e10. */
#define G_PIN_ROOK "4k5/10/10/10/10/10/4r5/10/4R5/4K5 w - - 0 1"
#define GRAND_START \
	"r8r/1nbqkcabn1/pppppppppp/10/10/10/10/PPPPPPPPPP/1NBQKCABN1/R8R " \
	"w - - 0 1"
/* Chad: white king d4 (castle centre), rook a7; black rook g7 (not on a
 * wall: Black's wall is g8-g10, h7-j7, k8-k10, h11-j11), king i9. */
#define C_OPEN "12/12/12/8k3/12/R5r5/12/12/3K8/12/12/12 w - - 0 1"
/* Chad: white rook h7 on Black's wall, black rook h8 in its castle. */
#define C_WALL "12/12/12/8k3/7r4/7R4/12/12/3K8/12/12/12 w - - 0 1"
/* Hadean: warmachine d5, wazir-knight c5, b5 empty, black queen a5 (the
 * inventor's diagram in hadean.md). */
#define H_FLY "6k5/12/12/12/12/12/12/q1WM8/12/12/12/6K5 w - - 0 1"
/* Hadean: ninja pawn d4 beside a black pawn e4 (its own half); another
 * ninja pawn d7 beside a black pawn e7 (the enemy half). */
#define H_NINJA "6k5/12/12/12/12/3Jp7/12/12/3Jp7/12/12/6K5 w - - 0 1"
/* Hadean: king g1, rook l1 (right K); a black rook h8 covers h1. */
#define H_THROUGH "6k5/12/12/12/7r4/12/12/12/12/12/12/6K4R w K - 0 1"
/* Hadean: the black rook g8 checks the king g1. */
#define H_IN_CHECK "6k5/12/12/12/6r5/12/12/12/12/12/12/6K4R w K - 0 1"
/* Hadean: king g1, rooks a1 and l1, but only the a1 rook's right. */
#define H_ROOK_MOVED "6k5/12/12/12/12/12/12/12/12/12/12/R5K4R w Q - 0 1"
/* Hadean: the king g1 with a rook l1 and no rights at all. */
#define H_NO_RIGHTS "6k5/12/12/12/12/12/12/12/12/12/12/6K4R w - - 0 1"
#define HADEAN_START \
	"rzmefqkwemsr/jjjjjbbjjjjj/pppppppppppp/12/12/12/12/12/12/" \
	"PPPPPPPPPPPP/JJJJJBBJJJJJ/RZMEFQKWEMSR w KQkq - 0 1"

struct row {
	const char *variant, *fen;
	const char *move;  /* "e2c3" (a drop, from and to), else typed */
	bool typed;
	enum bc_refusal_code code;
	const char *by;    /* the square of r.by_sq, or NULL for none */
	const char *text;  /* the whole sentence */
};

static const struct row rows[] = {
	/* The knight e2 stands between the rook e8 and the king e1. */
	{ "grand", G_PIN, "e2c3", false, BC_REFUSE_PINNED, "e8",
	    "The knight on e2 is pinned by the rook on e8: moving it to c3 "
	    "would leave your king in check." },
	{ "grand", G_PIN, "Nc3", true, BC_REFUSE_PINNED, "e8",
	    "The knight on e2 is pinned by the rook on e8: moving it to c3 "
	    "would leave your king in check." },
	/* d2 is on the rook d8's file. */
	{ "grand", G_KING, "e1d2", false, BC_REFUSE_KING_ATTACKED, "d8",
	    "The king on e1 cannot go to d2: the rook on d8 would give check "
	    "there." },
	/* The knight b1 to c3 does not cover the e-file. */
	{ "grand", G_CHECK, "b1c3", false, BC_REFUSE_STILL_CHECK, "e8",
	    "The knight on b1 to c3 leaves your king in check from the rook "
	    "on e8." },
	/* A pawn takes only diagonally and steps only to an empty square. */
	{ "grand", G_PAWNS, "e4e5", false, BC_REFUSE_MOVE_ONLY, NULL,
	    "The pawn on e4 cannot take on e5: it goes that way only to an "
	    "empty square." },
	{ "grand", G_PAWNS, "e4d5", false, BC_REFUSE_CAPTURE_ONLY, NULL,
	    "The pawn on e4 cannot go to d5: it goes that way only to "
	    "capture." },
	/* grand.md: promotion only to a type the side has lost. */
	{ "grand", G_UNLOST, "e9e10q", false, BC_REFUSE_PROMO_UNLOST, NULL,
	    "The pawn on e9 cannot become a queen: it may become only a "
	    "piece its side has lost, and White still has its queen." },
	{ "grand", G_UNLOST, "e10=Q", true, BC_REFUSE_PROMO_UNLOST, NULL,
	    "The pawn on e9 cannot become a queen: it may become only a "
	    "piece its side has lost, and White still has its queen." },
	{ "grand", G_UNLOST, "e9e10k", false, BC_REFUSE_PROMO_TYPE, NULL,
	    "The pawn on e9 cannot become a king." },
	{ "grand", G_UNLOST, "e9e10c", false, BC_REFUSE_NONE, NULL, "" },
	/* grand.md: with nothing lost the pawn may not reach rank 10. */
	{ "grand", G_NONE_LOST, "e9e10", false, BC_REFUSE_PROMO_NONE, NULL,
	    "The pawn on e9 cannot go to e10: it would have to promote "
	    "there, and White has lost no piece to promote to." },
	{ "grand", G_NONE_LOST, "e10", true, BC_REFUSE_PROMO_NONE, NULL,
	    "The pawn on e9 cannot go to e10: it would have to promote "
	    "there, and White has lost no piece to promote to." },
	/* Typed SAN that names no start square: the nearest candidate. */
	{ "grand", G_ROOKS, "Rf2", true, BC_REFUSE_PINNED, "e8",
	    "The rook on e2 is pinned by the rook on e8: moving it to f2 "
	    "would leave your king in check." },
	{ "grand", G_ROOKS, "Rb3", true, BC_REFUSE_NONE_REACHES, NULL,
	    "No rook of yours can go to b3 (a rook: slides any distance along "
	    "ranks and files)." },
	{ "grand", G_ROOKS, "Qd4", true, BC_REFUSE_NO_SUCH_PIECE, NULL,
	    "White has no queen that could go to d4." },
	{ "grand", G_ROOKS, "a5a1", false, BC_REFUSE_NONE, NULL, "" },
	/* Sideways the pinned rook would open the e-file; diagonally a
	 * rook never moves; along the file it takes the pinner. */
	{ "grand", G_PIN_ROOK, "Ra2", true, BC_REFUSE_PINNED, "e4",
	    "The rook on e2 is pinned by the rook on e4: moving it to a2 "
	    "would leave your king in check." },
	{ "grand", G_PIN_ROOK, "e2a2", true, BC_REFUSE_PINNED, "e4",
	    "The rook on e2 is pinned by the rook on e4: moving it to a2 "
	    "would leave your king in check." },
	{ "grand", G_PIN_ROOK, "e2f3", false, BC_REFUSE_NOT_THAT_WAY, NULL,
	    "The rook on e2 cannot go to f3: it cannot move to f3 from e2 (a "
	    "rook: slides any distance along ranks and files)." },
	{ "grand", G_PIN_ROOK, "Rf3", true, BC_REFUSE_NONE_REACHES, NULL,
	    "No rook of yours can go to f3 (a rook: slides any distance "
	    "along ranks and files)." },
	{ "grand", G_PIN_ROOK, "e1e2", false, BC_REFUSE_OWN_PIECE, NULL,
	    "The king on e1 cannot go to e2: your own rook stands there." },
	{ "grand", G_PIN_ROOK, "e4e5", true, BC_REFUSE_NOT_YOURS, NULL,
	    "The rook on e4 is not your piece: it is Black's, and White is "
	    "to move." },
	{ "grand", G_PIN_ROOK, "e2e4", false, BC_REFUSE_NONE, NULL, "" },
	/* The start: rank 2 holds the pieces, rank 3 the pawns. */
	{ "grand", GRAND_START, "a1a3", false, BC_REFUSE_OWN_PIECE, NULL,
	    "The rook on a1 cannot go to a3: your own pawn stands there." },
	{ "grand", GRAND_START, "a1a5", false, BC_REFUSE_BLOCKED, "a3",
	    "The rook on a1 cannot go to a5: the pawn on a3 is in the way." },
	{ "grand", GRAND_START, "b2b4", false, BC_REFUSE_NOT_THAT_WAY, NULL,
	    "The knight on b2 cannot go to b4: it cannot move to b4 from b2 "
	    "(a knight: leaps two squares one way and one the other, over "
	    "anything)." },
	{ "grand", GRAND_START, "e5e6", false, BC_REFUSE_NO_PIECE, NULL,
	    "There is no piece on e5." },
	{ "grand", GRAND_START, "e8e7", false, BC_REFUSE_NOT_YOURS, NULL,
	    "The pawn on e8 is not your piece: it is Black's, and White is to "
	    "move." },
	{ "grand", GRAND_START, "e3e4q", false, BC_REFUSE_NO_PROMOTION, NULL,
	    "The pawn on e3 does not promote on e4." },
	{ "grand", GRAND_START, "e3e5", false, BC_REFUSE_NONE, NULL, "" },
	{ "grand", GRAND_START, "O-O-2", true, BC_REFUSE_NO_CASTLING, NULL,
	    "There is no castling in Grand Chess." },
	/* chad.md: captures only from the enemy wall into the enemy castle
	 * (or from the own castle onto the own wall); the king never leaves
	 * its castle. */
	{ "chad", C_OPEN, "a7g7", false, BC_REFUSE_CAPTURE_RULE, NULL,
	    "The rook on a7 cannot take on g7: in Chad, rooks and queens take "
	    "only from the enemy wall into the enemy castle, or from their "
	    "own castle onto their own wall." },
	{ "chad", C_OPEN, "Rxg7", true, BC_REFUSE_CAPTURE_RULE, NULL,
	    "The rook on a7 cannot take on g7: in Chad, rooks and queens take "
	    "only from the enemy wall into the enemy castle, or from their "
	    "own castle onto their own wall." },
	{ "chad", C_OPEN, "a7f7", false, BC_REFUSE_NONE, NULL, "" },
	/* b5 (a knight's leap) and d6 (a step) are White's wall. */
	{ "chad", C_OPEN, "d4b5", false, BC_REFUSE_CONFINED, NULL,
	    "The king on d4 cannot go to b5: it never leaves its castle." },
	{ "chad", C_OPEN, "d4d6", false, BC_REFUSE_NOT_THAT_WAY, NULL,
	    "The king on d4 cannot go to d6: it cannot move to d6 from d4 (a "
	    "king: one step in any direction or a knight's leap, never out of "
	    "its castle)." },
	{ "chad", C_OPEN, "d4d5", false, BC_REFUSE_NONE, NULL, "" },
	{ "chad", C_WALL, "h7h8", false, BC_REFUSE_NONE, NULL, "" },
	/* hadean.md: a flyer's third square needs s1 and s2 both empty or
	 * both occupied; the wazir-knight c5 is alone between. */
	{ "hadean", H_FLY, "d5a5", false, BC_REFUSE_FLY_ONE_BETWEEN, "c5",
	    "The flying warmachine on d5 cannot fly to a5: a third square "
	    "needs two pieces or none between, and only the wazir-knight on "
	    "c5 is between." },
	{ "hadean", H_FLY, "Mxa5", true, BC_REFUSE_FLY_ONE_BETWEEN, "c5",
	    "The flying warmachine on d5 cannot fly to a5: a third square "
	    "needs two pieces or none between, and only the wazir-knight on "
	    "c5 is between." },
	{ "hadean", H_FLY, "d5b5", false, BC_REFUSE_NONE, NULL, "" },
	/* hadean.md: a ninja pawn captures sideways only in its upper half
	 * (ranks 7-12 for White). */
	{ "hadean", H_NINJA, "d4e4", false, BC_REFUSE_CAPTURE_RANKS, NULL,
	    "The ninja pawn on d4 cannot take on e4: it captures that way "
	    "only on its 7th to 12th ranks (the enemy half), never in its own "
	    "half." },
	{ "hadean", H_NINJA, "d7e7", false, BC_REFUSE_NONE, NULL, "" },
	/* hadean.md castling: no square passed or landed on attacked, not
	 * in check, nothing between, king and rook unmoved. */
	{ "hadean", H_THROUGH, "O-O-2", true, BC_REFUSE_CASTLE_THROUGH, "h8",
	    "White cannot castle O-O-2: the king would pass h1, which the "
	    "rook on h8 attacks." },
	{ "hadean", H_THROUGH, "g1i1", false, BC_REFUSE_CASTLE_THROUGH, "h8",
	    "White cannot castle O-O-2: the king would pass h1, which the "
	    "rook on h8 attacks." },
	{ "hadean", H_THROUGH, "O-O-1", true, BC_REFUSE_CASTLE_INTO, "h8",
	    "White cannot castle O-O-1: the king would land on h1, in check "
	    "from the rook on h8." },
	{ "hadean", H_THROUGH, "O-O-5", true, BC_REFUSE_CASTLE_TOO_FAR, NULL,
	    "White cannot castle O-O-5: the king castles 1 to 4 squares "
	    "toward the rook on l1." },
	{ "hadean", H_IN_CHECK, "O-O-2", true, BC_REFUSE_CASTLE_IN_CHECK,
	    "g8", "White cannot castle O-O-2 out of check (from the rook on "
	    "g8)." },
	{ "hadean", H_ROOK_MOVED, "O-O-2", true, BC_REFUSE_CASTLE_ROOK_MOVED,
	    NULL, "White cannot castle O-O-2: the rook on l1 has moved (or "
	    "been taken)." },
	{ "hadean", H_ROOK_MOVED, "O-O-O-2", true, BC_REFUSE_NONE, NULL, "" },
	{ "hadean", H_NO_RIGHTS, "O-O-2", true, BC_REFUSE_CASTLE_KING_MOVED,
	    NULL, "White cannot castle O-O-2: the king has moved." },
	/* hadean.md: castling is named O-O-n / O-O-O-n, never by the king's
	 * squares (a king step may share them). */
	{ "hadean", H_ROOK_MOVED, "Kd1", true, BC_REFUSE_CASTLE_WRITTEN, NULL,
	    "The king's move from g1 to d1 is castling, written O-O-O-3." },
	{ "hadean", H_ROOK_MOVED, "g1d1", true, BC_REFUSE_CASTLE_WRITTEN,
	    NULL, "The king's move from g1 to d1 is castling, written "
	    "O-O-O-3." },
	{ "hadean", HADEAN_START, "O-O-2", true, BC_REFUSE_CASTLE_BETWEEN,
	    "h1", "White cannot castle O-O-2: the wazir-knight on h1 stands "
	    "between the king and the rook." },
};

/* Reads "e2c3" or "e9e10q" by hand: two squares and a letter. */
static bc_move
drop_of(const bc_position *pos, const char *s)
{
	int f1 = s[0] - 'a', r1 = 0, f2, r2 = 0, promo = 0;

	s++;
	while (*s >= '0' && *s <= '9')
		r1 = r1 * 10 + *s++ - '0';
	f2 = *s++ - 'a';
	while (*s >= '0' && *s <= '9')
		r2 = r2 * 10 + *s++ - '0';
	if (*s)
		promo = bc_variant_piece_type(pos->variant, *s);
	return BC_MOVE_MAKE(BC_SQUARE(f1, r1 - 1), BC_SQUARE(f2, r2 - 1),
	    promo, 0);
}

START_TEST(test_reasons)
{
	const struct row *w = &rows[_i];
	bc_position pos;
	bc_refusal r;
	char text[400];

	LOAD_FEN(&pos, w->variant, w->fen);
	if (w->typed)
		ck_assert_int_eq(bc_move_explain_text(&pos, w->move, &r, NULL),
		    BC_OK);
	else
		ck_assert_int_eq(bc_move_explain(&pos, drop_of(&pos, w->move),
		    &r), BC_OK);
	ck_assert_msg(r.code == w->code, "%s %s: code %d, not %d", w->variant,
	    w->move, r.code, w->code);
	if (w->by)
		ck_assert_msg(r.by_sq == square_of(w->by) && r.by != BC_EMPTY,
		    "%s %s: not by %s", w->variant, w->move, w->by);
	bc_refusal_text(&pos, &r, text, sizeof text);
	ck_assert_str_eq(text, w->text);
}
END_TEST

/* Picking up a piece with no legal move (bc_piece_explain). */
static const struct {
	const char *variant, *fen, *square;
	enum bc_refusal_code code;
	const char *text;
} picks[] = {
	/* The rook e4 pins the bishop e2: a bishop never moves on a file. */
	{ "grand", "4k5/10/10/10/10/10/4r5/10/4B5/4K5 w - - 0 1", "e2",
	    BC_REFUSE_PINNED, "The bishop on e2 is pinned by the rook on e4: "
	    "each of its moves would leave your king in check." },
	/* a3, c3 and d2 leave the e-file open. */
	{ "grand", G_CHECK, "b1", BC_REFUSE_STILL_CHECK, "Your king is in "
	    "check from the rook on e8, and no move of the knight on b1 gets "
	    "it out." },
	/* chad.md: at the start the king has no move (its castle is full). */
	{ "chad", "12/12/7rrr2/7rkr2/7rrr2/12/12/2RRR7/2RKR7/2RRR7/12/12 w - - "
	    "0 1", "d4", BC_REFUSE_NO_MOVE,
	    "The king on d4 has no move here: it is blocked." },
	{ "grand", GRAND_START, "e5", BC_REFUSE_NO_PIECE,
	    "There is no piece on e5." },
	/* The pawn e9 could only step to e10, with nothing to become. */
	{ "grand", G_NONE_LOST, "e9", BC_REFUSE_PROMO_NONE,
	    "The pawn on e9 cannot go to e10: it would have to promote "
	    "there, and White has lost no piece to promote to." },
	{ "grand", GRAND_START, "b2", BC_REFUSE_NONE, "" },
};

START_TEST(test_picks)
{
	bc_position pos;
	bc_refusal r;
	char text[400];

	LOAD_FEN(&pos, picks[_i].variant, picks[_i].fen);
	ck_assert_int_eq(bc_piece_explain(&pos, square_of(picks[_i].square),
	    &r), BC_OK);
	ck_assert_int_eq(r.code, picks[_i].code);
	bc_refusal_text(&pos, &r, text, sizeof text);
	ck_assert_str_eq(text, picks[_i].text);
}
END_TEST

/* Text that is no move at all is a syntax error, with the parser's
 * message; a square off the board is BC_EINVALID. */
START_TEST(test_bad_input)
{
	bc_position pos;
	bc_refusal r;
	bc_error err;

	LOAD_FEN(&pos, "grand", GRAND_START);
	ck_assert_int_eq(bc_move_explain_text(&pos, "hello", &r, &err),
	    BC_ESYNTAX);
	ck_assert(err.message[0] != '\0');
	ck_assert_int_eq(bc_move_explain_text(&pos, "", &r, &err),
	    BC_ESYNTAX);
	ck_assert_int_eq(bc_move_explain(&pos, BC_MOVE_MAKE(BC_SQUARE(10, 0),
	    BC_SQUARE(0, 0), 0, 0), &r), BC_EINVALID);
	ck_assert_int_eq(bc_move_explain(&pos, BC_MOVE_MAKE(BC_SQUARE(0, 0),
	    BC_SQUARE(0, 11), 0, 0), &r), BC_EINVALID);
}
END_TEST

static bool
square_on(const bc_variant *v, int sq)
{
	return BC_RANK(sq) >= 0 && BC_RANK(sq) < bc_variant_ranks(v) &&
	    BC_FILE(sq) < bc_variant_files(v);
}

/*
 * Every from-to pair of each position: refused exactly when the move
 * generator has no legal move between the two squares, and a refusal
 * always has a sentence.
 */
START_TEST(test_agrees_with_movegen)
{
	static const struct {
		const char *variant, *fen;
	} positions[] = {
		{ "grand", GRAND_START }, { "grand", G_PIN },
		{ "grand", G_UNLOST }, { "grand", G_NONE_LOST },
		{ "chad", C_OPEN }, { "chad", C_WALL },
		{ "chad", "12/12/7rrr2/7rkr2/7rrr2/12/12/2RRR7/2RKR7/2RRR7/"
		    "12/12 w - - 0 1" },
		{ "hadean", HADEAN_START }, { "hadean", H_FLY },
		{ "hadean", H_NINJA }, { "hadean", H_THROUGH },
	};
	bc_move_list *list = new_move_list();

	for (size_t k = 0; k < sizeof positions / sizeof positions[0]; k++) {
		const bc_variant *v = bc_variant_find(positions[k].variant);
		bc_position pos;

		LOAD_FEN(&pos, positions[k].variant, positions[k].fen);
		bc_movegen_legal(&pos, list);
		for (int a = 0; a < BC_CELLS; a++)
			for (int b = 0; b < BC_CELLS; b++) {
				bc_refusal r;
				bool legal = false;
				char text[400];

				if (!square_on(v, a) || !square_on(v, b))
					continue;
				for (int i = 0; i < list->count; i++)
					legal |= BC_MOVE_FROM(list->moves[i])
					    == a && BC_MOVE_TO(list->moves[i])
					    == b;
				REQUIRE(bc_move_explain(&pos,
				    BC_MOVE_MAKE(a, b, 0, 0), &r) == BC_OK,
				    "%s %d-%d: not explained",
				    positions[k].fen, a, b);
				REQUIRE((r.code == BC_REFUSE_NONE) == legal,
				    "%s %d-%d: code %d, legal %d",
				    positions[k].fen, a, b, r.code, legal);
				bc_refusal_text(&pos, &r, text, sizeof text);
				REQUIRE(legal || text[0] != '\0',
				    "%s %d-%d: refused without a text",
				    positions[k].fen, a, b);
			}
	}
	free(list);
}
END_TEST

Suite *
explain_suite(void)
{
	Suite *s = suite_create("explain");
	TCase *tc = tcase_create("core");

	tcase_add_loop_test(tc, test_reasons, 0, sizeof rows / sizeof rows[0]);
	tcase_add_loop_test(tc, test_picks, 0, sizeof picks / sizeof picks[0]);
	tcase_add_test(tc, test_bad_input);
	tcase_add_test(tc, test_agrees_with_movegen);
	tcase_set_timeout(tc, 60);
	suite_add_tcase(s, tc);
	return s;
}
