/*
 * check_notation.c - SAN and coordinate notation, written and read
 * (shared/rules/README.md "Coordinate moves" and "SAN"; hadean.md for
 * castling names; chad.md for the automatic promotion).
 *
 * Moves are named in the tables by this file's own spelling (see
 * move_name), built from the move's fields and the rules' conventions, so
 * no expected value comes from the notation code under test.  Every
 * position was set up by hand; the comment on each says why the expected
 * text is what it is.
 */
#include <ctype.h>
#include <stdio.h>
#include <string.h>

#include "test_util.h"

/* ---- Positions (each FEN counted square by square) ---- */

/* Start positions, from the rules files. */
#define GRAND_START \
	"r8r/1nbqkcabn1/pppppppppp/10/10/10/10/PPPPPPPPPP/1NBQKCABN1/R8R " \
	"w - - 0 1"
#define CHAD_START \
	"12/12/7rrr2/7rkr2/7rrr2/12/12/2RRR7/2RKR7/2RRR7/12/12 w - - 0 1"
#define HADEAN_START \
	"rzmefqkwemsr/jjjjjbbjjjjj/pppppppppppp/12/12/12/12/12/12/" \
	"PPPPPPPPPPPP/JJJJJBBJJJJJ/RZMEFQKWEMSR w KQkq - 0 1"
/* Grand: white pawn e5, black pawn d6; kings e10, e1. */
#define G_PAWNS "4k5/10/10/10/3p6/4P5/10/10/10/4K5 w - - 0 1"
/* Grand: Black just played d8-d6 past the white pawn on e6. */
#define G_EP "4k5/10/10/10/3pP5/10/10/10/10/4K5 w - d7 0 1"
/* Grand: rooks a1 and j1 (rank 1 otherwise empty), kings e10, e2. */
#define G_ROOKS_FILE "4k5/10/10/10/10/10/10/10/4K5/R8R w - - 0 1"
/* Grand: rooks a1 and a5, kings e10, e1. */
#define G_ROOKS_RANK "4k5/10/10/10/10/R9/10/10/10/R3K5 w - - 0 1"
/* Grand: knights b2 and f2, kings e10, e1. */
#define G_KNIGHTS "4k5/10/10/10/10/10/10/10/1N3N4/4K5 w - - 0 1"
/* Grand: knights c4 and e4; e4 is pinned by the rook e9 to the king e1. */
#define G_PIN "9k/4r5/10/10/10/10/2N1N5/10/10/4K5 w - - 0 1"
/* Grand: white rook a1, black rook a5 to capture; kings e10, e1. */
#define G_CAPTURE "4k5/10/10/10/10/r9/10/10/10/R3K5 w - - 0 1"
/* Grand: pawn e9, White has lost every piece type; black king a7. */
#define G_PROMO "10/4P5/10/k9/10/10/10/10/10/4K5 w - - 0 1"
/* Grand: pawn e9 beside the black king e10 and rook d10. */
#define G_PROMO_CAPTURE "3rk5/4P5/10/10/10/10/10/10/10/4K5 w - - 0 1"
/* Grand: pawn e7, one step from its 8th rank (optional promotion). */
#define G_PROMO_OPTIONAL "4k5/10/10/4P5/10/10/10/10/10/4K5 w - - 0 1"
/* Grand: pawn a9 (for the README's "a9a10q"). */
#define G_A9 "4k5/P9/10/10/10/10/10/10/10/4K5 w - - 0 1"
/* Grand: black king a10, white king b8, queen e1. */
#define G_MATE "k9/10/1K8/10/10/10/10/10/10/4Q5 w - - 0 1"
/* Hadean: queens b2, b6, f2 all reach d4 diagonally; kings i12, l2. */
#define H_QUEENS "8k3/12/12/12/12/12/1Q10/12/12/12/1Q3Q5K/12 w - - 0 1"
/* Hadean: king g1, rooks a1 and l1, rank 1 otherwise empty; king g12. */
#define H_CASTLE "6k5/12/12/12/12/12/12/12/12/12/12/R5K4R w KQ - 0 1"
/* chad.md: Freeling's diagram. */
#define C_FREELING_W "12/12/12/3R3rk3/12/7R4/12/12/2RKR7/12/4q7/12 w - - 0 1"
#define C_FREELING_B "12/12/12/3R3rk3/12/7R4/12/12/2RKR7/12/4q7/12 b - - 0 1"

/* ---- Writing moves ---- */

struct written {
	const char *variant, *fen;
	const char *move; /* move_name spelling */
	const char *san;  /* expected SAN */
	const char *coord; /* expected coordinate text */
};

static const struct written writes[] = {
	/* Pawn pushes from the Grand start: one or two squares from rank 3. */
	{ "grand", GRAND_START, "e3e4", "e4", "e3e4" },
	{ "grand", GRAND_START, "e3e5", "e5", "e3e5" },
	/* Knight b2-c4: the other knight (i2) cannot reach c4. */
	{ "grand", GRAND_START, "b2c4", "Nc4", "b2c4" },
	/* Chancellor f2-e4 by its knight leap; nothing else reaches e4
	 * (Nb2 no, Ag2's leaps are e1 e3 f4 h4 i1 i3). */
	{ "grand", GRAND_START, "f2e4", "Ce4", "f2e4" },
	/* Archbishop g2-f4 by its knight leap; Cf2 is blocked by f3. */
	{ "grand", GRAND_START, "g2f4", "Af4", "g2f4" },
	/* Pawn capture: file of departure, x, square. */
	{ "grand", G_PAWNS, "e5d6", "exd6", "e5d6" },
	{ "grand", G_PAWNS, "e5e6", "e6", "e5e6" },
	/* En passant is written like any pawn capture. */
	{ "grand", G_EP, "e6d7", "exd7", "e6d7" },
	/* Two rooks on rank 1 reach e1 and d1: file disambiguation. */
	{ "grand", G_ROOKS_FILE, "a1e1", "Rae1", "a1e1" },
	{ "grand", G_ROOKS_FILE, "j1e1", "Rje1", "j1e1" },
	{ "grand", G_ROOKS_FILE, "a1d1", "Rad1", "a1d1" },
	/* Only Ra1 reaches a5; Ra10 checks along rank 10 (b10-d10 empty),
	 * the king escapes to d9, e9 or f9. */
	{ "grand", G_ROOKS_FILE, "a1a5", "Ra5", "a1a5" },
	{ "grand", G_ROOKS_FILE, "a1a10", "Ra10+", "a1a10" },
	{ "grand", G_ROOKS_FILE, "j1j10", "Rj10+", "j1j10" },
	/* Two rooks on the a-file reach a3: rank disambiguation. */
	{ "grand", G_ROOKS_RANK, "a1a3", "R1a3", "a1a3" },
	{ "grand", G_ROOKS_RANK, "a5a3", "R5a3", "a5a3" },
	/* Re5 sees e10 up the empty e-file. */
	{ "grand", G_ROOKS_RANK, "a5e5", "Re5+", "a5e5" },
	/* Two knights reach d3; only the b2 knight reaches a4. */
	{ "grand", G_KNIGHTS, "b2d3", "Nbd3", "b2d3" },
	{ "grand", G_KNIGHTS, "f2d3", "Nfd3", "f2d3" },
	{ "grand", G_KNIGHTS, "b2a4", "Na4", "b2a4" },
	/* Both knights attack d6 but Ne4 is pinned: no disambiguation. */
	{ "grand", G_PIN, "c4d6", "Nd6", "c4d6" },
	{ "grand", G_CAPTURE, "a1a5", "Rxa5", "a1a5" },
	/* Promotion on the 10th rank; no new piece sees a7 (Q: rank 10,
	 * e-file, d9-a6 diagonal; C and A: leaps c9 d8 f8 g9). */
	{ "grand", G_PROMO, "e9e10q", "e10=Q", "e9e10q" },
	{ "grand", G_PROMO, "e9e10c", "e10=C", "e9e10c" },
	{ "grand", G_PROMO, "e9e10a", "e10=A", "e9e10a" },
	{ "grand", G_PROMO, "e9e10n", "e10=N", "e9e10n" },
	/* Capturing promotion next to the king; d10 is unprotected. */
	{ "grand", G_PROMO_CAPTURE, "e9d10q", "exd10=Q+", "e9d10q" },
	/* grand.md: on the 8th rank the pawn may stay a pawn; the queen
	 * on e8 sees e10 past the empty e9, the knight does not. */
	{ "grand", G_PROMO_OPTIONAL, "e7e8", "e8", "e7e8" },
	{ "grand", G_PROMO_OPTIONAL, "e7e8q", "e8=Q+", "e7e8q" },
	{ "grand", G_PROMO_OPTIONAL, "e7e8n", "e8=N", "e7e8n" },
	{ "grand", G_A9, "a9a10q", "a10=Q+", "a9a10q" },
	/* Qe10: b10-d10 covered by the queen, a9 b9 by the king b8: mate.
	 * Qa1: the a-file; b10 is free, so only check. */
	{ "grand", G_MATE, "e1e10", "Qe10#", "e1e10" },
	{ "grand", G_MATE, "e1a1", "Qa1+", "e1a1" },
	/* Three queens reach d4 (c3, c5, e3 empty).  Qb2 shares a file
	 * with Qb6 and a rank with Qf2: both; Qb6 shares a file: rank;
	 * Qf2 shares neither with Qb6: file. */
	{ "hadean", H_QUEENS, "b2d4", "Qb2d4", "b2d4" },
	{ "hadean", H_QUEENS, "b6d4", "Q6d4", "b6d4" },
	{ "hadean", H_QUEENS, "f2d4", "Qfd4", "f2d4" },
	/* hadean.md's list of first moves, one per piece kind. */
	{ "hadean", HADEAN_START, "b1d4", "Zd4", "b1d4" },
	{ "hadean", HADEAN_START, "c1c4", "Mc4", "c1c4" },
	{ "hadean", HADEAN_START, "j1j4", "Mj4", "j1j4" },
	{ "hadean", HADEAN_START, "d1a4", "Ea4", "d1a4" },
	{ "hadean", HADEAN_START, "d1g4", "Eg4", "d1g4" },
	{ "hadean", HADEAN_START, "i1f4", "Ef4", "i1f4" },
	{ "hadean", HADEAN_START, "i1l4", "El4", "i1l4" },
	{ "hadean", HADEAN_START, "k1i4", "Si4", "k1i4" },
	{ "hadean", HADEAN_START, "a3a6", "a6", "a3a6" },
	/* hadean.md's castling table.  The rook lands on g1 after O-O-1 and
	 * O-O-O-1 and sees the king g12 up the empty g-file: check. */
	{ "hadean", H_CASTLE, "O-O-1", "O-O-1+", "O-O-1" },
	{ "hadean", H_CASTLE, "O-O-2", "O-O-2", "O-O-2" },
	{ "hadean", H_CASTLE, "O-O-3", "O-O-3", "O-O-3" },
	{ "hadean", H_CASTLE, "O-O-4", "O-O-4", "O-O-4" },
	{ "hadean", H_CASTLE, "O-O-O-1", "O-O-O-1+", "O-O-O-1" },
	{ "hadean", H_CASTLE, "O-O-O-2", "O-O-O-2", "O-O-O-2" },
	{ "hadean", H_CASTLE, "O-O-O-3", "O-O-O-3", "O-O-O-3" },
	{ "hadean", H_CASTLE, "O-O-O-5", "O-O-O-5", "O-O-O-5" },
	/* The king step g1-h1 is a different move from O-O-1. */
	{ "hadean", H_CASTLE, "g1h1", "Kh1", "g1h1" },
	{ "hadean", H_CASTLE, "g1f1", "Kf1", "g1f1" },
	/* chad.md: "1.Rxh9=Q+" and the coordinate "h7h9q"; "e4e2". */
	{ "chad", C_FREELING_W, "h7h9q", "Rxh9=Q+", "h7h9q" },
	{ "chad", C_FREELING_W, "e4e2", "Rxe2", "e4e2" },
	/* h7-h8 ends in the black castle: automatic queen, which sees i9
	 * diagonally; the king can take it (nothing sees h8): check. */
	{ "chad", C_FREELING_W, "h7h8q", "Rh8=Q+", "h7h8q" },
	/* chad.md: "1...Qd2+ or 1...Qd1+". */
	{ "chad", C_FREELING_B, "e2d2", "Qd2+", "e2d2" },
	{ "chad", C_FREELING_B, "e2d1", "Qd1+", "e2d1" },
	/* Chad start: only Rc3 reaches c2, only Rd5 reaches d6. */
	{ "chad", CHAD_START, "c3c2", "Rc2", "c3c2" },
	{ "chad", CHAD_START, "d5d6", "Rd6", "d5d6" },
};

START_TEST(test_notation_write)
{
	const struct written *t = &writes[_i];
	bc_position pos, before;
	bc_move m;
	char buf[BC_MOVE_TEXT_MAX];
	size_t len;

	LOAD_FEN(&pos, t->variant, t->fen);
	before = pos;
	m = test_find_move(&pos, t->move);
	ck_assert_msg(m != BC_MOVE_NONE, "%s: %s is not legal", t->fen,
	    t->move);
	len = bc_move_to_san(&pos, m, buf, sizeof buf);
	ck_assert_msg(strcmp(buf, t->san) == 0,
	    "%s: %s written \"%s\", not \"%s\"", t->fen, t->move, buf, t->san);
	ck_assert_uint_eq(len, strlen(t->san));
	len = bc_move_to_coord(&pos, m, buf, sizeof buf);
	ck_assert_msg(strcmp(buf, t->coord) == 0,
	    "%s: %s coordinate \"%s\", not \"%s\"", t->fen, t->move, buf,
	    t->coord);
	ck_assert_uint_eq(len, strlen(t->coord));
	ck_assert_msg(bc_position_equal(&pos, &before),
	    "writing a move changed the position");
}
END_TEST

/* ---- Reading moves ---- */

struct read_ok {
	const char *variant, *fen;
	const char *text; /* what a user types */
	const char *move; /* the move meant, move_name spelling */
};

static const struct read_ok reads[] = {
	/* Every SAN and coordinate text of the writing table reads back. */
	{ "grand", GRAND_START, "e4", "e3e4" },
	{ "grand", GRAND_START, "e5", "e3e5" },
	{ "grand", GRAND_START, "e3e5", "e3e5" },
	/* README: coordinate moves; the dash is the common long form. */
	{ "grand", GRAND_START, "e3-e5", "e3e5" },
	{ "grand", GRAND_START, "Nc4", "b2c4" },
	{ "grand", GRAND_START, "Ce4", "f2e4" },
	{ "grand", GRAND_START, "Af4", "g2f4" },
	/* README: "Readers accept missing or extra +/#/x"; notation.h adds
	 * the annotations ! and ?. */
	{ "grand", GRAND_START, "Nxc4", "b2c4" },
	{ "grand", GRAND_START, "Nc4+", "b2c4" },
	{ "grand", GRAND_START, "Nc4#", "b2c4" },
	{ "grand", GRAND_START, "Nc4!?", "b2c4" },
	{ "grand", GRAND_START, "e4!", "e3e4" },
	{ "grand", GRAND_START, "e5??", "e3e5" },
	{ "grand", GRAND_START, "  e4  ", "e3e4" },
	{ "grand", G_PAWNS, "exd6", "e5d6" },
	{ "grand", G_PAWNS, "ed6", "e5d6" },
	{ "grand", G_PAWNS, "e5d6", "e5d6" },
	{ "grand", G_EP, "exd7", "e6d7" },
	{ "grand", G_EP, "e6d7", "e6d7" },
	{ "grand", G_ROOKS_FILE, "Rae1", "a1e1" },
	{ "grand", G_ROOKS_FILE, "Rje1", "j1e1" },
	{ "grand", G_ROOKS_FILE, "Ra10+", "a1a10" },
	{ "grand", G_ROOKS_FILE, "Ra10", "a1a10" },
	{ "grand", G_ROOKS_FILE, "Ra10#", "a1a10" },
	{ "grand", G_ROOKS_FILE, "a1a10", "a1a10" },
	{ "grand", G_ROOKS_RANK, "R1a3", "a1a3" },
	{ "grand", G_ROOKS_RANK, "R5a3", "a5a3" },
	{ "grand", G_ROOKS_RANK, "Re5", "a5e5" },
	{ "grand", G_KNIGHTS, "Nbd3", "b2d3" },
	{ "grand", G_KNIGHTS, "Nfd3", "f2d3" },
	{ "grand", G_KNIGHTS, "Nfxd3", "f2d3" },
	{ "grand", G_PIN, "Nd6", "c4d6" },
	{ "grand", G_CAPTURE, "Rxa5", "a1a5" },
	{ "grand", G_CAPTURE, "Ra5", "a1a5" },
	{ "grand", G_PROMO, "e10=Q", "e9e10q" },
	{ "grand", G_PROMO, "e10Q", "e9e10q" },
	{ "grand", G_PROMO, "e10=C", "e9e10c" },
	{ "grand", G_PROMO, "e10=N!", "e9e10n" },
	{ "grand", G_PROMO, "e9e10q", "e9e10q" },
	{ "grand", G_PROMO, "e9e10a", "e9e10a" },
	{ "grand", G_PROMO_CAPTURE, "exd10=Q+", "e9d10q" },
	{ "grand", G_PROMO_CAPTURE, "exd10Q", "e9d10q" },
	{ "grand", G_PROMO_CAPTURE, "e9d10q", "e9d10q" },
	/* No "=X": the pawn stays a pawn on its 8th rank (grand.md). */
	{ "grand", G_PROMO_OPTIONAL, "e8", "e7e8" },
	{ "grand", G_PROMO_OPTIONAL, "e7e8", "e7e8" },
	{ "grand", G_PROMO_OPTIONAL, "e8=Q+", "e7e8q" },
	{ "grand", G_PROMO_OPTIONAL, "e8=Q", "e7e8q" },
	{ "grand", G_A9, "a9a10q", "a9a10q" },
	{ "grand", G_A9, "a10=Q+", "a9a10q" },
	{ "grand", G_MATE, "Qe10#", "e1e10" },
	{ "grand", G_MATE, "Qe10", "e1e10" },
	{ "grand", G_MATE, "Qe10+", "e1e10" },
	{ "grand", G_MATE, "Qa1+", "e1a1" },
	{ "hadean", H_QUEENS, "Qb2d4", "b2d4" },
	{ "hadean", H_QUEENS, "Q6d4", "b6d4" },
	{ "hadean", H_QUEENS, "Qfd4", "f2d4" },
	{ "hadean", H_QUEENS, "Qf2d4", "f2d4" },
	{ "hadean", H_QUEENS, "b6d4", "b6d4" },
	{ "hadean", HADEAN_START, "Zd4", "b1d4" },
	{ "hadean", HADEAN_START, "Mc4", "c1c4" },
	{ "hadean", HADEAN_START, "Eg4", "d1g4" },
	{ "hadean", HADEAN_START, "Si4", "k1i4" },
	{ "hadean", HADEAN_START, "a6", "a3a6" },
	{ "hadean", HADEAN_START, "a3a6", "a3a6" },
	{ "hadean", H_CASTLE, "O-O-1", "O-O-1" },
	{ "hadean", H_CASTLE, "O-O-1+", "O-O-1" },
	{ "hadean", H_CASTLE, "O-O-2", "O-O-2" },
	{ "hadean", H_CASTLE, "O-O-4", "O-O-4" },
	{ "hadean", H_CASTLE, "O-O-O-1", "O-O-O-1" },
	{ "hadean", H_CASTLE, "O-O-O-3", "O-O-O-3" },
	{ "hadean", H_CASTLE, "O-O-O-5", "O-O-O-5" },
	/* hadean.md: "O-O-1: a king step g1-h1 is a different move"; README:
	 * castling is written O-O-n "since a king step and a short castle
	 * can share from- and to-squares".  So Kh1 and g1h1 are the step. */
	{ "hadean", H_CASTLE, "Kh1", "g1h1" },
	{ "hadean", H_CASTLE, "g1h1", "g1h1" },
	{ "hadean", H_CASTLE, "Kf1", "g1f1" },
	{ "hadean", H_CASTLE, "g1f1", "g1f1" },
	/* XBoard 4.9.1 saves Hadean's O-O-3 as "Kj1": a king's move of two
	 * or more squares can only be a castle (hadean.md's table: the king
	 * to i1 j1 k1, or e1 d1 c1 b1). */
	{ "hadean", H_CASTLE, "Ki1", "O-O-2" },
	{ "hadean", H_CASTLE, "Kj1", "O-O-3" },
	{ "hadean", H_CASTLE, "Kk1", "O-O-4" },
	{ "hadean", H_CASTLE, "Kb1", "O-O-O-5" },
	{ "chad", C_FREELING_W, "Rxh9=Q+", "h7h9q" },
	{ "chad", C_FREELING_W, "Rxh9=Q", "h7h9q" },
	{ "chad", C_FREELING_W, "Rxh9Q", "h7h9q" },
	{ "chad", C_FREELING_W, "Rh9=Q", "h7h9q" },
	{ "chad", C_FREELING_W, "h7h9q", "h7h9q" },
	/* The promotion is automatic (chad.md), so leaving it out is no
	 * ambiguity. */
	{ "chad", C_FREELING_W, "Rxh9", "h7h9q" },
	{ "chad", C_FREELING_W, "Rxe2", "e4e2" },
	{ "chad", C_FREELING_W, "e4e2", "e4e2" },
	{ "chad", C_FREELING_W, "Rh8=Q+", "h7h8q" },
	{ "chad", C_FREELING_B, "Qd2+", "e2d2" },
	{ "chad", C_FREELING_B, "Qd1", "e2d1" },
	{ "chad", CHAD_START, "Rc2", "c3c2" },
	{ "chad", CHAD_START, "c3-c2", "c3c2" },
};

START_TEST(test_notation_read)
{
	const struct read_ok *t = &reads[_i];
	bc_position pos;
	bc_move m = BC_MOVE_NONE, want;
	bc_error err;
	char got[32];
	int rc;

	LOAD_FEN(&pos, t->variant, t->fen);
	want = test_find_move(&pos, t->move);
	ck_assert_msg(want != BC_MOVE_NONE, "%s: %s is not legal", t->fen,
	    t->move);
	rc = bc_move_parse(&pos, t->text, &m, &err);
	ck_assert_msg(rc == BC_OK, "%s: \"%s\": status %d (%s: %s)", t->fen,
	    t->text, rc, bc_strerror(rc), err.message);
	test_move_name(&pos, m, got, sizeof got);
	ck_assert_msg(m == want, "%s: \"%s\" read as %s, not %s", t->fen,
	    t->text, got, t->move);
}
END_TEST

struct read_bad {
	const char *variant, *fen;
	const char *text;
	int code;
	const char *why;
};

static const struct read_bad bad_reads[] = {
	{ "grand", GRAND_START, "", BC_ESYNTAX, "empty" },
	{ "grand", GRAND_START, "   ", BC_ESYNTAX, "spaces only" },
	{ "grand", GRAND_START, "\t\n", BC_ESYNTAX, "whitespace only" },
	{ "grand", GRAND_START, "hello", BC_ESYNTAX, "garbage" },
	/* A from-rank too long for an int once read as R1a3 (2^32 + 1). */
	{ "grand", G_ROOKS_RANK, "R4294967297a3", BC_ESYNTAX, "rank 2^32+1" },
	{ "grand", G_ROOKS_RANK, "R99999999999a3", BC_ESYNTAX, "11 digits" },
	{ "grand", GRAND_START, "!!", BC_ESYNTAX, "annotation only" },
	{ "grand", GRAND_START, "e", BC_ESYNTAX, "a file alone" },
	{ "grand", GRAND_START, "N", BC_ESYNTAX, "a piece letter alone" },
	{ "grand", GRAND_START, "Xe4", BC_ESYNTAX, "no piece X" },
	{ "grand", GRAND_START, "Je4", BC_ESYNTAX, "no ninja pawn in Grand" },
	{ "hadean", HADEAN_START, "Nc4", BC_ESYNTAX, "no knight in Hadean" },
	{ "chad", CHAD_START, "Bf6", BC_ESYNTAX, "no bishop in Chad" },
	{ "grand", GRAND_START, "z9", BC_ESYNTAX, "no file z" },
	{ "grand", GRAND_START, "k4", BC_ESYNTAX, "no file k on 10 files" },
	{ "grand", GRAND_START, "a11", BC_ESYNTAX, "no rank 11 on 10 ranks" },
	{ "grand", GRAND_START, "a0", BC_ESYNTAX, "no rank 0" },
	{ "hadean", HADEAN_START, "a13", BC_ESYNTAX, "no rank 13 on 12" },
	{ "hadean", HADEAN_START, "m1m2", BC_ESYNTAX, "no file m on 12" },
	{ "grand", GRAND_START, "Nz9", BC_ESYNTAX, "piece to no square" },
	{ "grand", GRAND_START, "e3e11", BC_ESYNTAX, "to no square" },
	{ "grand", GRAND_START, "e3e4z", BC_ESYNTAX, "promotion to no piece" },
	/* Well formed, not legal. */
	{ "grand", GRAND_START, "e3e6", BC_EILLEGAL, "Grand pawns: 1 or 2" },
	{ "grand", GRAND_START, "e6", BC_EILLEGAL, "no pawn reaches e6" },
	{ "grand", GRAND_START, "Ke3", BC_EILLEGAL, "own pawn on e3" },
	{ "grand", GRAND_START, "Qd5", BC_EILLEGAL, "queen is blocked" },
	{ "grand", GRAND_START, "exd4", BC_EILLEGAL, "nothing to take" },
	{ "grand", GRAND_START, "e3e4q", BC_EILLEGAL, "no promotion there" },
	{ "grand", GRAND_START, "O-O-2", BC_EILLEGAL, "no castling in Grand" },
	{ "hadean", HADEAN_START, "a3a7", BC_EILLEGAL, "past the 6th rank" },
	{ "hadean", H_CASTLE, "Kl1", BC_EILLEGAL, "the king onto its rook" },
	{ "hadean", H_CASTLE, "Kgj1", BC_EILLEGAL, "a castle named a step" },
	{ "hadean", HADEAN_START, "O-O-2", BC_EILLEGAL, "pieces in the way" },
	{ "grand", G_PIN, "Ned6", BC_EILLEGAL, "pinned knight" },
	{ "hadean", H_QUEENS, "Qf6d4", BC_EILLEGAL, "no queen on f6" },
	{ "hadean", H_CASTLE, "O-O-5", BC_EILLEGAL, "the rook is 5 away" },
	{ "hadean", H_CASTLE, "O-O-O-6", BC_EILLEGAL, "the rook is 6 away" },
	{ "chad", C_FREELING_B, "h9h7", BC_EILLEGAL,
	  "chad.md: h9 is pinned by Rd9" },
	/* Under-disambiguated. */
	{ "grand", G_ROOKS_FILE, "Re1", BC_EAMBIGUOUS, "Ra1 or Rj1" },
	{ "grand", G_ROOKS_FILE, "R1e1", BC_EAMBIGUOUS, "both on rank 1" },
	{ "grand", G_ROOKS_RANK, "Ra3", BC_EAMBIGUOUS, "Ra1 or Ra5" },
	{ "grand", G_ROOKS_RANK, "Raa3", BC_EAMBIGUOUS, "both on the a-file" },
	{ "grand", G_KNIGHTS, "Nd3", BC_EAMBIGUOUS, "Nb2 or Nf2" },
	{ "grand", G_KNIGHTS, "N2d3", BC_EAMBIGUOUS, "both on rank 2" },
	{ "hadean", H_QUEENS, "Qd4", BC_EAMBIGUOUS, "three queens" },
	{ "hadean", H_QUEENS, "Qbd4", BC_EAMBIGUOUS, "Qb2 or Qb6" },
	{ "hadean", H_QUEENS, "Q2d4", BC_EAMBIGUOUS, "Qb2 or Qf2" },
	/* Six promotion choices and no way to stay a pawn on rank 10. */
	{ "grand", G_PROMO, "e10", BC_EAMBIGUOUS, "promote to what?" },
};

START_TEST(test_notation_read_errors)
{
	const struct read_bad *t = &bad_reads[_i];
	bc_position pos;
	bc_move m = BC_MOVE_NONE;
	bc_error err;
	int rc;

	LOAD_FEN(&pos, t->variant, t->fen);
	memset(&err, 0x5a, sizeof err);
	rc = bc_move_parse(&pos, t->text, &m, &err);
	ck_assert_msg(rc == t->code,
	    "%s: \"%s\" (%s): status %d (%s), expected %d (%s)",
	    t->fen, t->text, t->why, rc, bc_strerror(rc), t->code,
	    bc_strerror(t->code));
	ck_assert_int_eq(err.code, rc);
	ck_assert_msg(memchr(err.message, '\0', sizeof err.message) != NULL,
	    "message not NUL-terminated");
	ck_assert_msg(err.message[0] != '\0', "\"%s\": empty message",
	    t->text);
	/* The error details are optional. */
	ck_assert_int_eq(bc_move_parse(&pos, t->text, &m, NULL), t->code);
}
END_TEST

/* An illegal coordinate move says what the text itself shows is wrong:
 * no piece on its start square, or the other side's (Grand's start: e5
 * is empty, e8 holds a black pawn; grand.md). */
static const struct {
	const char *text, *says;
} illegal_reasons[] = {
	{ "e5e6", "e5e6: there is no piece on e5" },
	{ "e8e7", "e8e7: the piece on e8 is Black's" },
	{ "e3e6", "e3e6 is not a legal move here" },
};

START_TEST(test_notation_illegal_reason)
{
	bc_position pos;
	bc_move m;
	bc_error err;

	LOAD_FEN(&pos, "grand", GRAND_START);
	ck_assert_int_eq(bc_move_parse(&pos, illegal_reasons[_i].text, &m,
	    &err), BC_EILLEGAL);
	ck_assert_str_eq(err.message, illegal_reasons[_i].says);
}
END_TEST

/* Long input: rejected cleanly, whatever it repeats. */
START_TEST(test_notation_read_long)
{
	static const char *const fills[] = { "a", "e3e5", "Nc4", "+", " x" };
	char text[1001];
	bc_position pos;

	LOAD_FEN(&pos, "grand", GRAND_START);
	for (size_t k = 0; k < sizeof fills / sizeof fills[0]; k++) {
		size_t step = strlen(fills[k]);
		bc_move m;
		bc_error err;
		int rc;

		for (size_t n = 0; n < 1000; n++)
			text[n] = fills[k][n % step];
		text[1000] = '\0';
		rc = bc_move_parse(&pos, text, &m, &err);
		ck_assert_msg(rc == BC_ESYNTAX,
		    "1000 chars of \"%s\": status %d", fills[k], rc);
		ck_assert_int_eq(err.code, rc);
		ck_assert_str_ne(err.message, "");
	}
}
END_TEST

/*
 * Every legal move of these positions, written in SAN and in coordinates,
 * reads back as itself, and no two moves share a text.
 */
static const struct {
	const char *variant, *fen;
} all_moves[] = {
	{ "grand", GRAND_START },
	{ "grand", G_EP },
	{ "grand", G_ROOKS_FILE },
	{ "grand", G_ROOKS_RANK },
	{ "grand", G_KNIGHTS },
	{ "grand", G_PIN },
	{ "grand", G_PROMO },
	{ "grand", G_PROMO_CAPTURE },
	{ "grand", G_PROMO_OPTIONAL },
	{ "grand", G_MATE },
	{ "hadean", HADEAN_START },
	{ "hadean", H_QUEENS },
	{ "chad", CHAD_START },
	{ "chad", C_FREELING_W },
	{ "chad", C_FREELING_B },
};

START_TEST(test_notation_all_moves_read_back)
{
	bc_position pos;
	bc_move_list *list = new_move_list();
	static char san[BC_MAX_MOVES][BC_MOVE_TEXT_MAX];
	static char coord[BC_MAX_MOVES][BC_MOVE_TEXT_MAX];

	LOAD_FEN(&pos, all_moves[_i].variant, all_moves[_i].fen);
	bc_movegen_legal(&pos, list);
	ck_assert_int_gt(list->count, 0);
	for (int i = 0; i < list->count; i++) {
		bc_move m = list->moves[i], back = BC_MOVE_NONE;
		bc_error err;
		int rc;

		bc_move_to_san(&pos, m, san[i], sizeof san[i]);
		bc_move_to_coord(&pos, m, coord[i], sizeof coord[i]);
		rc = bc_move_parse(&pos, san[i], &back, &err);
		ck_assert_msg(rc == BC_OK && back == m,
		    "SAN \"%s\" reads back as status %d (%s)", san[i], rc,
		    rc ? err.message : "another move");
		rc = bc_move_parse(&pos, coord[i], &back, &err);
		ck_assert_msg(rc == BC_OK && back == m,
		    "\"%s\" reads back as status %d (%s)", coord[i], rc,
		    rc ? err.message : "another move");
		for (int j = 0; j < i; j++) {
			ck_assert_str_ne(san[i], san[j]);
			ck_assert_str_ne(coord[i], coord[j]);
		}
	}
	free(list);
}
END_TEST

/* Squares as text, README: "a1", "j10", "l12". */
START_TEST(test_notation_square_text)
{
	static const char *const names[] = { "a1", "j10", "l12", "a12", "l1",
		"e4" };
	char buf[8];

	for (size_t i = 0; i < sizeof names / sizeof names[0]; i++) {
		size_t len = bc_square_to_text(square_of(names[i]), buf,
		    sizeof buf);

		ck_assert_str_eq(buf, names[i]);
		ck_assert_uint_eq(len, strlen(names[i]));
	}
}
END_TEST

/* Like snprintf: the length needed, and a NUL-terminated prefix. */
START_TEST(test_notation_small_buffer)
{
	bc_position pos;
	bc_move m;
	char small[4];

	LOAD_FEN(&pos, "chad", C_FREELING_W);
	m = test_find_move(&pos, "h7h9q");
	ck_assert_uint_eq(bc_move_to_san(&pos, m, small, sizeof small),
	    strlen("Rxh9=Q+"));
	ck_assert_str_eq(small, "Rxh");
	ck_assert_uint_eq(bc_move_to_coord(&pos, m, small, sizeof small),
	    strlen("h7h9q"));
	ck_assert_str_eq(small, "h7h");
}
END_TEST

Suite *
notation_suite(void)
{
	Suite *s = suite_create("notation");
	TCase *core = tcase_create("core");
	TCase *errors = tcase_create("errors");

	tcase_add_loop_test(core, test_notation_write, 0,
	    (int)(sizeof writes / sizeof writes[0]));
	tcase_add_loop_test(core, test_notation_read, 0,
	    (int)(sizeof reads / sizeof reads[0]));
	tcase_add_loop_test(core, test_notation_all_moves_read_back, 0,
	    (int)(sizeof all_moves / sizeof all_moves[0]));
	tcase_add_test(core, test_notation_square_text);
	tcase_add_test(core, test_notation_small_buffer);
	tcase_add_loop_test(errors, test_notation_read_errors, 0,
	    (int)(sizeof bad_reads / sizeof bad_reads[0]));
	tcase_add_test(errors, test_notation_read_long);
	tcase_add_loop_test(errors, test_notation_illegal_reason, 0,
	    sizeof illegal_reasons / sizeof illegal_reasons[0]);
	suite_add_tcase(s, core);
	suite_add_tcase(s, errors);
	return s;
}
