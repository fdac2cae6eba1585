/*
 * check_grand.c - the rules of Grand Chess (shared/rules/grand.md) on
 * hand-built positions: the pieces on the 10x10 board, pawns and en
 * passant, promotion to lost types only, SAN of promotions, how a game
 * ends, and the FENs that Grand Chess must refuse.
 *
 * Every expected value is a hand count or a sentence of the rules; each
 * table row names which.  Destination sets are compared as sorted words
 * ("e10q" is a move to e10 promoting to a queen), so a failure shows
 * exactly which squares differ.
 */
#include <ctype.h>
#include <stdio.h>
#include <string.h>

#include "test_util.h"

enum {
	WORDS_MAX = 160,
	WORD_LEN = 8,
	WORDS_TEXT = WORDS_MAX * WORD_LEN
};

static const bc_variant *
grand(void)
{
	const bc_variant *v = bc_variant_find("grand");

	ck_assert_ptr_nonnull(v);
	return v;
}

static int
compare_words(const void *a, const void *b)
{
	return strcmp(a, b);
}

/* Writes the words in `words` sorted into `out`, one space apart. */
static void
join_sorted(char words[][WORD_LEN], int n, char *out, size_t size)
{
	size_t len = 0;

	qsort(words, (size_t)n, WORD_LEN, compare_words);
	out[0] = '\0';
	for (int i = 0; i < n; i++) {
		len += (size_t)snprintf(out + len, size - len, "%s%s",
		    i ? " " : "", words[i]);
		ck_assert_uint_lt(len, size);
	}
}

/* Sorts the space-separated words of `in` into `out`. */
static void
sort_words(const char *in, char *out, size_t size)
{
	char words[WORDS_MAX][WORD_LEN];
	int n = 0;

	for (const char *p = in; *p;) {
		size_t k = 0;

		if (*p == ' ') {
			p++;
			continue;
		}
		ck_assert_int_lt(n, WORDS_MAX);
		while (*p && *p != ' ') {
			ck_assert_uint_lt(k + 1, WORD_LEN);
			words[n][k++] = *p++;
		}
		words[n++][k] = '\0';
	}
	join_sorted(words, n, out, size);
}

/* "e10" for the square, then the promotion letter in lower case, if any. */
static void
move_word(const bc_position *pos, bc_move m, char *buf, size_t size)
{
	int to = BC_MOVE_TO(m), promo = BC_MOVE_PROMO(m);
	int n = snprintf(buf, size, "%c%d", 'a' + BC_FILE(to),
	    BC_RANK(to) + 1);

	if (promo)
		snprintf(buf + n, size - (size_t)n, "%c",
		    tolower((unsigned char)bc_variant_piece_letter(
		        pos->variant, promo)));
}

/* The sorted words of the legal moves of the piece on `from`. */
static void
dests_text(const bc_position *pos, bc_square from, char *out, size_t size)
{
	char words[WORDS_MAX][WORD_LEN];
	bc_move_list *list = new_move_list();
	int n = 0;

	bc_movegen_legal(pos, list);
	for (int i = 0; i < list->count; i++) {
		if (BC_MOVE_FROM(list->moves[i]) != from)
			continue;
		ck_assert_int_lt(n, WORDS_MAX);
		move_word(pos, list->moves[i], words[n++], WORD_LEN);
	}
	free(list);
	join_sorted(words, n, out, size);
}

/*
 * Checks that the piece on `from`, which must belong to the side to move,
 * has exactly the legal destinations `expected` (words in any order).
 */
static void
expect_dests(const bc_position *pos, const char *from, const char *expected,
    const char *source)
{
	char got[WORDS_TEXT], want[WORDS_TEXT], fen[BC_FEN_MAX];
	bc_square sq = square_of(from);
	bc_piece p = bc_position_piece_at(pos, BC_FILE(sq), BC_RANK(sq));

	bc_position_to_fen(pos, fen, sizeof fen);
	ck_assert_msg(p != BC_EMPTY && p != BC_OFFBOARD &&
	    BC_PIECE_COLOR(p) == pos->side,
	    "%s: no piece of the side to move on %s in %s", source, from, fen);
	dests_text(pos, sq, got, sizeof got);
	sort_words(expected, want, sizeof want);
	ck_assert_msg(strcmp(got, want) == 0,
	    "%s: %s in %s goes to {%s}, expected {%s}", source, from, fen, got,
	    want);
}

static void
check_dests(const char *fen, const char *from, const char *expected,
    const char *source)
{
	bc_position pos;

	LOAD_FEN(&pos, "grand", fen);
	expect_dests(&pos, from, expected, source);
}

/* Reads a square like "e10" at *p and advances *p past it. */
static bc_square
scan_square(const char **p)
{
	char *end;
	int file = **p - 'a';
	long rank = strtol(*p + 1, &end, 10);

	ck_assert_msg(file >= 0 && file < 10 && rank >= 1 && rank <= 10,
	    "bad square in test text %s", *p);
	*p = end;
	return BC_SQUARE(file, (int)rank - 1);
}

/*
 * The legal move that coordinate text `coord` ("e9e10c") names, matched
 * on from, to and promotion by the test itself; fails if there is none.
 */
static bc_move
find_move(const bc_position *pos, const char *coord)
{
	const char *p = coord;
	bc_square from = scan_square(&p), to = scan_square(&p);
	int promo = *p ? bc_variant_piece_type(pos->variant, *p) : 0;
	bc_move_list *list = new_move_list();
	bc_move found = BC_MOVE_NONE;

	ck_assert_msg(!*p || promo, "bad promotion in test text %s", coord);
	bc_movegen_legal(pos, list);
	for (int i = 0; i < list->count; i++) {
		bc_move m = list->moves[i];

		if (BC_MOVE_FROM(m) == from && BC_MOVE_TO(m) == to &&
		    BC_MOVE_PROMO(m) == promo) {
			ck_assert_msg(found == BC_MOVE_NONE,
			    "%s is listed twice", coord);
			found = m;
		}
	}
	free(list);
	ck_assert_msg(found != BC_MOVE_NONE, "%s is not a legal move", coord);
	return found;
}

static void
play(bc_position *pos, const char *coord)
{
	bc_undo undo;

	bc_position_make(pos, find_move(pos, coord), &undo);
}

static void
expect_fen(const bc_position *pos, const char *expected, const char *source)
{
	char fen[BC_FEN_MAX];

	bc_position_to_fen(pos, fen, sizeof fen);
	ck_assert_msg(strcmp(fen, expected) == 0, "%s: FEN %s, expected %s",
	    source, fen, expected);
}

/* ---- The pieces ---- */

/*
 * Destination sets, all hand counted.  A chancellor is rook + knight, an
 * archbishop bishop + knight (grand.md "Pieces and start"); the board ends
 * at file j and rank 10.  The kings are placed off every line of the piece
 * under test, and the side not to move is never in check.
 */
static const struct dest_row {
	const char *fen, *from, *dests, *source;
} piece_rows[] = {
	{ "k9/10/10/10/10/4C5/10/10/10/K9 w - - 0 1", "e5",
	  "e1 e2 e3 e4 e6 e7 e8 e9 e10 a5 b5 c5 d5 f5 g5 h5 i5 j5 "
	  "d7 f7 c6 g6 c4 g4 d3 f3",
	  "hand count: chancellor e5 open, rook 9+9, knight 8 = 26" },
	{ "9C/10/10/4k5/10/10/10/10/10/K9 w - - 0 1", "j10",
	  "a10 b10 c10 d10 e10 f10 g10 h10 i10 "
	  "j1 j2 j3 j4 j5 j6 j7 j8 j9 h9 i8",
	  "hand count: chancellor j10 corner, rook 9+9, knight h9 i8 = 20" },
	{ "9k/10/10/10/10/C9/10/10/10/9K w - - 0 1", "a5",
	  "a1 a2 a3 a4 a6 a7 a8 a9 a10 b5 c5 d5 e5 f5 g5 h5 i5 j5 "
	  "b7 c6 c4 b3",
	  "hand count: chancellor a5 edge, rook 9+9, knight 4 = 22" },
	{ "9k/10/10/4P5/6n3/1r2C5/10/5P4/10/K9 w - - 0 1", "e5",
	  "e6 e4 e3 e2 e1 d5 c5 b5 f5 g5 h5 i5 j5 d7 f7 c6 g6 c4 g4 d3",
	  "hand count: chancellor e5, own pawn e7 stops at e6, takes rook "
	  "b5 (not a5), takes knight g6, own pawn f3 not = 20" },
	{ "9k/10/10/10/10/4K5/10/10/10/c9 b - - 0 1", "a1",
	  "a2 a3 a4 a5 a6 a7 a8 a9 a10 b1 c1 d1 e1 f1 g1 h1 i1 j1 b3 c2",
	  "hand count: black chancellor a1 corner, rook 9+9, knight 2 = 20" },
	{ "10/10/10/10/10/K3A4k/10/10/10/10 w - - 0 1", "e5",
	  "f6 g7 h8 i9 j10 d6 c7 b8 a9 d4 c3 b2 a1 f4 g3 h2 i1 "
	  "d7 f7 c6 g6 c4 g4 d3 f3",
	  "hand count: archbishop e5 open, bishop 5+4+4+4, knight 8 = 25" },
	{ "k9/10/10/10/10/10/10/10/10/A8K w - - 0 1", "a1",
	  "b2 c3 d4 e5 f6 g7 h8 i9 j10 b3 c2",
	  "hand count: archbishop a1 corner, diagonal 9, knight b3 c2 = 11" },
	{ "k9/10/10/10/10/9A/10/10/10/K9 w - - 0 1", "j5",
	  "i6 h7 g8 f9 e10 i4 h3 g2 f1 h6 h4 i7 i3",
	  "hand count: archbishop j5 edge, bishop 5+4, knight 4 = 13" },
	{ "10/10/10/3p2P3/10/K3A4k/2N7/10/1b8/10 w - - 0 1", "e5",
	  "f6 d6 c7 b8 a9 d4 c3 b2 f4 g3 h2 i1 d7 f7 c6 g6 g4 d3 f3",
	  "hand count: archbishop e5, own pawn g7 stops at f6, takes bishop "
	  "b2 (not a1), takes pawn d7, own knight c4 not = 19" },
	{ "k8N/10/10/10/10/10/10/10/10/K9 w - - 0 1", "j10", "h9 i8",
	  "hand count: knight j10 corner" },
	{ "k9/8N1/10/10/10/10/10/10/10/K9 w - - 0 1", "i9", "g10 g8 h7 j7",
	  "hand count: knight i9, next to the corner" },
	{ "k9/10/10/10/10/9N/10/10/10/K9 w - - 0 1", "j5", "h6 h4 i7 i3",
	  "hand count: knight j5 edge" },
	{ "k8B/10/10/10/10/10/10/10/10/9K w - - 0 1", "j10",
	  "i9 h8 g7 f6 e5 d4 c3 b2 a1",
	  "hand count: bishop j10 corner, the long diagonal" },
	{ "9R/10/10/4k5/10/10/10/10/10/K9 w - - 0 1", "j10",
	  "a10 b10 c10 d10 e10 f10 g10 h10 i10 "
	  "j1 j2 j3 j4 j5 j6 j7 j8 j9",
	  "hand count: rook j10 corner, 9+9" },
	{ "10/10/4k5/10/10/2K7/10/10/10/9Q w - - 0 1", "j1",
	  "a1 b1 c1 d1 e1 f1 g1 h1 i1 j2 j3 j4 j5 j6 j7 j8 j9 j10 "
	  "i2 h3 g4 f5 e6 d7 c8 b9 a10",
	  "hand count: queen j1 corner, 9+9+9 = 27" },
	{ "10/9k/10/10/10/4Q5/10/10/10/1K8 w - - 0 1", "e5",
	  "e1 e2 e3 e4 e6 e7 e8 e9 e10 a5 b5 c5 d5 f5 g5 h5 i5 j5 "
	  "f6 g7 h8 i9 j10 d6 c7 b8 a9 d4 c3 b2 a1 f4 g3 h2 i1",
	  "hand count: queen e5 open, 18 + 17 = 35" },
	{ "9K/10/10/10/10/10/10/10/10/k9 w - - 0 1", "j10", "i10 i9 j9",
	  "hand count: king j10 corner" },
	{ "k9/10/10/10/10/9K/10/10/10/10 w - - 0 1", "j5",
	  "i6 i5 i4 j6 j4", "hand count: king j5 edge" },
	{ "k9/10/10/10/10/4K5/10/10/10/10 w - - 0 1", "e5",
	  "d6 e6 f6 d5 f5 d4 e4 f4", "hand count: king e5 open" },
};

START_TEST(test_grand_piece_dests)
{
	const struct dest_row *row = &piece_rows[_i];

	check_dests(row->fen, row->from, row->dests, row->source);
}
END_TEST

/* ---- Pawns ---- */

#define GRAND_START_BLACK \
	"r8r/1nbqkcabn1/pppppppppp/10/10/10/10/PPPPPPPPPP/1NBQKCABN1/R8R " \
	"b - - 0 1"

/*
 * grand.md: "Pawns move one square forward, or two from their start rank
 * (3 for White, 8 for Black) through an empty square; capture diagonally
 * forward".  Sets hand counted.
 */
static const struct dest_row pawn_rows[] = {
	{ "r8r/1nbqkcabn1/pppppppppp/10/10/10/10/PPPPPPPPPP/1NBQKCABN1/R8R "
	  "w - - 0 1", "e3", "e4 e5", "grand.md: two from rank 3" },
	{ "r8r/1nbqkcabn1/pppppppppp/10/10/10/10/PPPPPPPPPP/1NBQKCABN1/R8R "
	  "w - - 0 1", "a3", "a4 a5", "grand.md: two from rank 3, a-file" },
	{ "r8r/1nbqkcabn1/pppppppppp/10/10/10/10/PPPPPPPPPP/1NBQKCABN1/R8R "
	  "w - - 0 1", "j3", "j4 j5", "grand.md: two from rank 3, j-file" },
	{ GRAND_START_BLACK, "e8", "e7 e6", "grand.md: Black two from rank 8" },
	{ "9k/10/10/10/10/10/10/10/3P6/K9 w - - 0 1", "d2", "d3",
	  "grand.md: no double step from rank 2" },
	{ "9k/10/10/10/10/10/3P6/10/10/K9 w - - 0 1", "d4", "d5",
	  "grand.md: no double step from rank 4" },
	{ "9k/10/10/10/10/10/4n5/4P5/10/K9 w - - 0 1", "e3", "",
	  "grand.md: the double step needs e4 empty; e4 blocked" },
	{ "9k/10/10/10/10/4n5/10/4P5/10/K9 w - - 0 1", "e3", "e4",
	  "hand count: e5 occupied by an enemy, no capture straight ahead" },
	{ "9k/10/10/10/10/4N5/10/4P5/10/K9 w - - 0 1", "e3", "e4",
	  "hand count: e5 occupied by an own knight" },
	{ "9k/10/10/10/10/3n1n4/4P5/10/10/K9 w - - 0 1", "e4", "e5 d5 f5",
	  "grand.md: captures diagonally forward, both sides" },
	{ "9k/10/10/10/10/5N4/3nPb4/3r1n4/10/K9 w - - 0 1", "e4", "e5",
	  "hand count: no sideways or backward capture, own piece on f5" },
	{ "9k/10/10/10/10/1n6n1/P8P/10/10/K9 w - - 0 1", "a4", "a5 b5",
	  "hand count: a-file pawn captures only toward b" },
	{ "9k/10/10/10/10/1n6n1/P8P/10/10/K9 w - - 0 1", "j4", "j5 i5",
	  "hand count: j-file pawn captures only toward i, no wrap" },
	{ "9k/4p5/10/10/10/10/10/10/10/K9 b - - 0 1", "e9", "e8",
	  "grand.md: Black has no double step from rank 9" },
	{ "9k/10/10/4p5/10/10/10/10/10/K9 b - - 0 1", "e7", "e6",
	  "grand.md: Black has no double step from rank 7" },
	{ "9k/10/4p5/4N5/10/10/10/10/10/K9 b - - 0 1", "e8", "",
	  "grand.md: Black's double step needs e7 empty; e7 blocked" },
	{ "9k/10/4p5/10/4N5/10/10/10/10/K9 b - - 0 1", "e8", "e7",
	  "hand count: e6 occupied, Black's double step blocked" },
	{ "9k/10/10/4p5/3N1N4/10/10/10/10/K9 b - - 0 1", "e7", "e6 d6 f6",
	  "grand.md: Black captures diagonally forward (down)" },
};

START_TEST(test_grand_pawn_dests)
{
	const struct dest_row *row = &pawn_rows[_i];

	check_dests(row->fen, row->from, row->dests, row->source);
}
END_TEST

/*
 * White e3-e5 next to a black pawn on d5: the FEN names e4, and Black may
 * take d5xe4 en passant, removing the pawn on e5 (grand.md: "en passant as
 * in chess"; README: the field is the square skipped).
 */
START_TEST(test_grand_en_passant_black_takes)
{
	bc_position pos, before;
	bc_undo undo;
	bc_move m;

	LOAD_FEN(&pos, "grand", "4k5/10/10/10/10/3p6/10/4P5/10/4K5 w - - 0 1");
	m = find_move(&pos, "e3e5");
	ck_assert_int_eq(BC_MOVE_KIND(m), BC_MOVE_LONG);
	bc_position_make(&pos, m, &undo);
	expect_fen(&pos, "4k5/10/10/10/10/3pP5/10/10/10/4K5 b - e4 0 1",
	    "after e3-e5 the skipped e4 is written");
	expect_dests(&pos, "d5", "d4 e4", "hand count: d5 may take e4 e.p.");
	m = find_move(&pos, "d5e4");
	ck_assert_int_eq(BC_MOVE_KIND(m), BC_MOVE_EN_PASSANT);
	before = pos;
	bc_position_make(&pos, m, &undo);
	expect_fen(&pos, "4k5/10/10/10/10/10/4p5/10/10/4K5 w - - 0 2",
	    "d5xe4 e.p. removes the pawn on e5");
	bc_position_unmake(&pos, &undo);
	ck_assert(bc_position_equal(&pos, &before));
}
END_TEST

/* The same for Black: e8-e6 next to a white pawn on d6; d6xe7 e.p. */
START_TEST(test_grand_en_passant_white_takes)
{
	bc_position pos;
	bc_move m;

	LOAD_FEN(&pos, "grand", "4k5/10/4p5/10/3P6/10/10/10/10/4K5 b - - 0 1");
	expect_dests(&pos, "e8", "e7 e6", "grand.md: two from rank 8");
	m = find_move(&pos, "e8e6");
	ck_assert_int_eq(BC_MOVE_KIND(m), BC_MOVE_LONG);
	play(&pos, "e8e6");
	expect_fen(&pos, "4k5/10/10/10/3Pp5/10/10/10/10/4K5 w - e7 0 2",
	    "after e8-e6 the skipped e7 is written");
	expect_dests(&pos, "d6", "d7 e7", "hand count: d6 may take e7 e.p.");
	m = find_move(&pos, "d6e7");
	ck_assert_int_eq(BC_MOVE_KIND(m), BC_MOVE_EN_PASSANT);
	play(&pos, "d6e7");
	expect_fen(&pos, "4k5/10/10/4P5/10/10/10/10/10/4K5 b - - 0 2",
	    "d6xe7 e.p. removes the pawn on e6");
}
END_TEST

/* En passant is possible on the very next ply only (as in chess). */
START_TEST(test_grand_en_passant_one_ply)
{
	bc_position pos;

	LOAD_FEN(&pos, "grand", "4k5/10/10/10/10/3p6/10/4P5/10/4K5 w - - 0 1");
	play(&pos, "e3e5");
	play(&pos, "e10d10");
	play(&pos, "e1d1");
	expect_fen(&pos, "3k6/10/10/10/10/3pP5/10/10/10/3K6 b - - 2 2",
	    "the en-passant right is gone after two king moves");
	expect_dests(&pos, "d5", "d4", "hand count: no e.p. a ply late");
}
END_TEST

/* A single step onto the fifth rank gives no en-passant right. */
START_TEST(test_grand_en_passant_not_after_single_step)
{
	bc_position pos;

	LOAD_FEN(&pos, "grand", "4k5/10/10/10/10/3p6/4P5/10/10/4K5 w - - 0 1");
	play(&pos, "e4e5");
	expect_fen(&pos, "4k5/10/10/10/10/3pP5/10/10/10/4K5 b - - 0 1",
	    "a single step writes no en-passant square");
	expect_dests(&pos, "d5", "d4", "hand count: no e.p. after e4-e5");
}
END_TEST

/*
 * The en-passant field read: grand.md's reference position after ...e8-e6
 * (field e7) lets f6 take on e7; the same placement with '-' does not.
 */
START_TEST(test_grand_en_passant_fen_read)
{
	static const char *with_ep = "r8r/1nbqkcabn1/ppp2ppppp/3p6/4pP4/10/"
	    "10/PPPPP1PPPP/1NBQKCABN1/R8R w - e7 0 3";
	static const char *without = "r8r/1nbqkcabn1/ppp2ppppp/3p6/4pP4/10/"
	    "10/PPPPP1PPPP/1NBQKCABN1/R8R w - - 0 3";
	bc_position pos;

	LOAD_FEN(&pos, "grand", with_ep);
	expect_fen(&pos, with_ep, "grand.md reference FEN written back");
	expect_dests(&pos, "f6", "f7 e7", "hand count: f7 push, e7 e.p.");
	play(&pos, "f6e7");
	ck_assert_int_eq(bc_position_piece_at(&pos, 4, 5), BC_EMPTY);
	LOAD_FEN(&pos, "grand", without);
	expect_dests(&pos, "f6", "f7", "hand count: no e.p. without field");
}
END_TEST

/* ---- Promotion ---- */

/*
 * A side's pieces (White's ranks 2 and 1; Black uses the same files on
 * ranks 9 and 10) and the types it has lost against the start (grand.md:
 * "queen 1, chancellor 1, archbishop 1, rook 2, bishop 2, knight 2").  No
 * piece here attacks the enemy king (h10 or h1).
 */
static const struct army {
	const char *rank2, *rank1, *lost, *source;
} armies[] = {
	{ "4K5", "10", "QCARBN", "hand count: king alone, all lost" },
	{ "1NBQKCAB2", "R8R", "N", "hand count: lost one knight (i2)" },
	{ "1N2KCABN1", "R9", "QRB",
	  "hand count: lost queen, bishop c2, rook j1" },
	{ "1NBQK2BN1", "R8R", "CA", "hand count: lost chancellor, archbishop" },
	{ "1NBQKCABN1", "R8R", "", "hand count: nothing lost" },
};

enum { PAWN_SPOTS = 4 };

static void
lower_copy(const char *in, char *out, size_t size)
{
	size_t i;

	for (i = 0; in[i] && i + 1 < size; i++)
		out[i] = (char)tolower((unsigned char)in[i]);
	out[i] = '\0';
}

/*
 * Row _i: army _i / 4; spot _i % 4 is a white pawn on e9 (to the 10th:
 * must promote), on e8 (to the 9th: may), a black pawn on e2 (must) or
 * on e3 (may).  Expected: one move per lost type, plus staying a pawn
 * where promotion is optional (grand.md "Promotion").
 */
START_TEST(test_grand_promotion_choices)
{
	const struct army *a = &armies[_i / PAWN_SPOTS];
	int spot = _i % PAWN_SPOTS;
	char fen[BC_FEN_MAX], r9[16], r10[16], expected[WORDS_TEXT];
	const char *from, *to;
	size_t n = 0;
	bool optional = spot == 1 || spot == 3;

	lower_copy(a->rank2, r9, sizeof r9);
	lower_copy(a->rank1, r10, sizeof r10);
	switch (spot) {
	case 0:
		snprintf(fen, sizeof fen, "7k2/4P5/10/10/10/10/10/10/%s/%s "
		    "w - - 0 1", a->rank2, a->rank1);
		from = "e9", to = "e10";
		break;
	case 1:
		snprintf(fen, sizeof fen, "7k2/10/4P5/10/10/10/10/10/%s/%s "
		    "w - - 0 1", a->rank2, a->rank1);
		from = "e8", to = "e9";
		break;
	case 2:
		snprintf(fen, sizeof fen, "%s/%s/10/10/10/10/10/10/4p5/7K2 "
		    "b - - 0 1", r10, r9);
		from = "e2", to = "e1";
		break;
	default:
		snprintf(fen, sizeof fen, "%s/%s/10/10/10/10/10/4p5/10/7K2 "
		    "b - - 0 1", r10, r9);
		from = "e3", to = "e2";
		break;
	}
	expected[0] = '\0';
	if (optional)
		n += (size_t)snprintf(expected + n, sizeof expected - n, "%s",
		    to);
	for (const char *t = a->lost; *t; t++)
		n += (size_t)snprintf(expected + n, sizeof expected - n,
		    " %s%c", to, tolower((unsigned char)*t));
	check_dests(fen, from, expected, a->source);
}
END_TEST

/* Promotion by capture, hand counted: push and capture, each per type. */
static const struct dest_row capture_promo_rows[] = {
	{ "3r3k2/4P5/10/10/10/10/10/10/4K5/10 w - - 0 1", "e9",
	  "e10q e10c e10a e10r e10b e10n d10q d10c d10a d10r d10b d10n",
	  "grand.md: must promote on the 10th, by push or capture; all lost" },
	{ "3r3k2/4P5/10/10/10/10/10/10/1NBQKCAB2/R8R w - - 0 1", "e9",
	  "e10n d10n", "grand.md: only the lost knight, push or capture" },
	{ "3r3k2/4P5/10/10/10/10/10/10/1NBQKCABN1/R8R w - - 0 1", "e9", "",
	  "grand.md: nothing lost, so no push or capture to the 10th" },
	{ "7k2/3r6/4P5/10/10/10/10/10/4K5/10 w - - 0 1", "e8",
	  "e9 e9q e9c e9a e9r e9b e9n d9 d9q d9c d9a d9r d9b d9n",
	  "grand.md: optional on the 9th, by push or capture" },
	{ "10/4k5/10/10/10/10/10/10/4p5/3R3K2 b - - 0 1", "e2",
	  "e1q e1c e1a e1r e1b e1n d1q d1c d1a d1r d1b d1n",
	  "grand.md: Black must promote on rank 1, push or capture" },
	{ "r8r/1nbqkcabn1/1ppppppppp/10/10/10/10/10/4p5/3R2K3 b - - 0 1", "e2",
	  "", "grand.md: Black lost nothing, no push or capture to rank 1" },
};

START_TEST(test_grand_promotion_captures)
{
	const struct dest_row *row = &capture_promo_rows[_i];

	check_dests(row->fen, row->from, row->dests, row->source);
}
END_TEST

/*
 * grand.md: "a type regained by an earlier promotion counts as present".
 * White has lost one knight; e9-e10=N regains it, after which the pawn on
 * c8 may only step to c9 as a pawn.
 */
START_TEST(test_grand_promotion_regained_type)
{
	bc_position pos;

	LOAD_FEN(&pos, "grand",
	    "7k2/4P5/2P7/10/10/10/10/10/1NBQKCAB2/R8R w - - 0 1");
	expect_dests(&pos, "e9", "e10n", "hand count: only the knight");
	expect_dests(&pos, "c8", "c9 c9n", "hand count: stay or knight");
	play(&pos, "e9e10n");
	ck_assert_int_eq(bc_position_piece_at(&pos, 4, 9),
	    BC_PIECE(BC_WHITE, bc_variant_piece_type(grand(), 'N')));
	play(&pos, "h10h9");
	expect_dests(&pos, "c8", "c9", "grand.md: the knight is back");
}
END_TEST

/* Promotions made and unmade: the new piece, the clocks, the FEN. */
START_TEST(test_grand_promotion_make)
{
	bc_position pos, before;
	bc_undo undo;

	LOAD_FEN(&pos, "grand", "3r3k2/4P5/10/10/10/10/10/10/4K5/10 w - - 5 1");
	before = pos;
	bc_position_make(&pos, find_move(&pos, "e9d10a"), &undo);
	expect_fen(&pos, "3A3k2/10/10/10/10/10/10/10/4K5/10 b - - 0 1",
	    "exd10=A: an archbishop on d10, clock reset");
	bc_position_unmake(&pos, &undo);
	ck_assert(bc_position_equal(&pos, &before));
	play(&pos, "e9e10c");
	expect_fen(&pos, "3rC2k2/10/10/10/10/10/10/10/4K5/10 b - - 0 1",
	    "e10=C: a chancellor on e10");

	LOAD_FEN(&pos, "grand", "7k2/10/4P5/10/10/10/10/10/4K5/10 w - - 7 1");
	play(&pos, "e8e9");
	expect_fen(&pos, "7k2/4P5/10/10/10/10/10/10/4K5/10 b - - 0 1",
	    "e9 without promotion stays a pawn");

	LOAD_FEN(&pos, "grand", "10/4k5/10/10/10/10/10/10/4p5/3R3K2 b - - 3 7");
	play(&pos, "e2e1n");
	expect_fen(&pos, "10/4k5/10/10/10/10/10/10/10/3Rn2K2 w - - 0 8",
	    "Black e1=N");
}
END_TEST

/*
 * White has lost nothing, so the pawn on e9 can never move, yet it attacks
 * d10 and f10 (grand.md: "it still attacks the squares there and can give
 * check from the 9th rank").  The white pieces are walled in by their
 * pawns; only the rook a1 reaches up the a-file.
 */
START_TEST(test_grand_stuck_pawn_gives_check_white)
{
	bc_position pos;

	LOAD_FEN(&pos, "grand", "5k4/4P5/10/10/10/10/10/1PPPPPPPPP/"
	    "1NBQKCABN1/R8R b - - 0 1");
	ck_assert(bc_position_in_check(&pos));
	ck_assert(bc_position_attacked(&pos, square_of("f10"), BC_WHITE));
	ck_assert(bc_position_attacked(&pos, square_of("d10"), BC_WHITE));
	ck_assert(!bc_position_attacked(&pos, square_of("e10"), BC_WHITE));
	expect_dests(&pos, "f10", "e10 g10 e9 f9 g9",
	    "hand count: king leaves the pawn's check; e9 unguarded");

	LOAD_FEN(&pos, "grand", "6k3/4P5/10/10/10/10/10/1PPPPPPPPP/"
	    "1NBQKCABN1/R8R b - - 0 1");
	ck_assert(!bc_position_in_check(&pos));
	expect_dests(&pos, "g10", "h10 f9 g9 h9",
	    "hand count: f10 is attacked by the pawn on e9");

	LOAD_FEN(&pos, "grand", "3r2k3/4P5/10/10/10/10/10/1PPPPPPPPP/"
	    "1NBQKCABN1/R8R w - - 0 1");
	expect_dests(&pos, "e9", "", "grand.md: no push, no capture of d10");
}
END_TEST

/* The same with colours reversed: Black's stuck pawn on e2. */
START_TEST(test_grand_stuck_pawn_gives_check_black)
{
	bc_position pos;

	LOAD_FEN(&pos, "grand", "r8r/1nbqkcabn1/1ppppppppp/10/10/10/10/10/"
	    "4p5/5K4 w - - 0 1");
	ck_assert(bc_position_in_check(&pos));
	ck_assert(bc_position_attacked(&pos, square_of("f1"), BC_BLACK));
	ck_assert(bc_position_attacked(&pos, square_of("d1"), BC_BLACK));
	ck_assert(!bc_position_attacked(&pos, square_of("e1"), BC_BLACK));
	expect_dests(&pos, "f1", "e1 g1 e2 f2 g2",
	    "hand count: king leaves the pawn's check; e2 unguarded");

	LOAD_FEN(&pos, "grand", "r8r/1nbqkcabn1/1ppppppppp/10/10/10/10/10/"
	    "4p5/6K3 w - - 0 1");
	ck_assert(!bc_position_in_check(&pos));
	expect_dests(&pos, "g1", "h1 f2 g2 h2",
	    "hand count: f1 is attacked by the pawn on e2");
}
END_TEST

/* ---- Notation of promotions ---- */

#define SAN_WHITE "3r6/4P5/10/10/10/1k8/10/10/10/4K5 w - - 0 1"
#define SAN_BLACK "4k5/10/10/10/10/1K8/10/10/4p5/3R6 b - - 0 1"
#define ALONE_E8 "7k2/10/4P5/10/10/10/10/10/4K5/10 w - - 0 1"
#define ALONE_E9 "7k2/4P5/10/10/10/10/10/10/4K5/10 w - - 0 1"
#define ALONE_E3 "10/4k5/10/10/10/10/10/4p5/10/7K2 b - - 0 1"
#define LOST_N_E9 "7k2/4P5/10/10/10/10/10/10/1NBQKCAB2/R8R w - - 0 1"
#define NONE_E9 "7k2/4P5/10/10/10/10/10/10/1NBQKCABN1/R8R w - - 0 1"

/*
 * README "SAN": "=X for promotion", x for captures, + for check.  The
 * coordinate form is the README's too ("a9a10q").  Checks hand-worked: in
 * SAN_WHITE/SAN_BLACK no promoted piece reaches the king on b5/b6; in
 * ALONE_E9 a queen, rook or chancellor on e10 sees h10 along rank 10.
 */
static const struct san_row {
	const char *fen, *coord, *san, *source;
} san_rows[] = {
	{ SAN_WHITE, "e9e10q", "e10=Q", "README SAN" },
	{ SAN_WHITE, "e9e10c", "e10=C", "README SAN" },
	{ SAN_WHITE, "e9e10a", "e10=A", "README SAN" },
	{ SAN_WHITE, "e9e10n", "e10=N", "README SAN" },
	{ SAN_WHITE, "e9d10q", "exd10=Q", "README SAN, capture" },
	{ SAN_WHITE, "e9d10c", "exd10=C", "README SAN, capture" },
	{ SAN_WHITE, "e9d10r", "exd10=R", "README SAN, capture" },
	{ ALONE_E8, "e8e9", "e9", "README SAN: staying a pawn" },
	{ ALONE_E8, "e8e9q", "e9=Q", "README SAN: optional promotion" },
	{ ALONE_E8, "e8e9c", "e9=C", "README SAN: optional promotion" },
	{ ALONE_E9, "e9e10q", "e10=Q+", "hand: check along rank 10" },
	{ ALONE_E9, "e9e10c", "e10=C+", "hand: check along rank 10" },
	{ ALONE_E9, "e9e10r", "e10=R+", "hand: check along rank 10" },
	{ ALONE_E9, "e9e10a", "e10=A", "hand: no check" },
	{ ALONE_E9, "e9e10b", "e10=B", "hand: no check" },
	{ SAN_BLACK, "e2e1q", "e1=Q", "README SAN, Black" },
	{ SAN_BLACK, "e2e1c", "e1=C", "README SAN, Black" },
	{ SAN_BLACK, "e2d1q", "exd1=Q", "README SAN, Black capture" },
	{ SAN_BLACK, "e2d1a", "exd1=A", "README SAN, Black capture" },
};

START_TEST(test_grand_promotion_san)
{
	const struct san_row *row = &san_rows[_i];
	char buf[BC_MOVE_TEXT_MAX];
	bc_position pos;
	bc_move m;

	LOAD_FEN(&pos, "grand", row->fen);
	m = find_move(&pos, row->coord);
	bc_move_to_san(&pos, m, buf, sizeof buf);
	ck_assert_msg(strcmp(buf, row->san) == 0, "%s: %s in %s is %s, "
	    "expected %s", row->source, row->coord, row->fen, buf, row->san);
	bc_move_to_coord(&pos, m, buf, sizeof buf);
	ck_assert_msg(strcmp(buf, row->coord) == 0,
	    "coordinate text %s, expected %s", buf, row->coord);
}
END_TEST

/*
 * Reading promotions.  With several promotion choices and no letter the
 * text names several legal moves (error.h: BC_EAMBIGUOUS); on the 8th/9th
 * rank a plain "e9" names the one move that stays a pawn; with a single
 * choice "e10" names one legal move.  A type the side still has is not a
 * legal promotion (grand.md), nor is a king.
 */
static const struct parse_row {
	const char *fen, *text;
	int rc;
	const char *coord, *source;
} parse_rows[] = {
	{ SAN_WHITE, "e10", BC_EAMBIGUOUS, NULL, "six choices" },
	{ SAN_WHITE, "exd10", BC_EAMBIGUOUS, NULL, "six choices" },
	{ SAN_WHITE, "e9e10", BC_EAMBIGUOUS, NULL, "six choices" },
	{ SAN_WHITE, "e10=C", BC_OK, "e9e10c", "chancellor named" },
	{ SAN_WHITE, "e10=Q", BC_OK, "e9e10q", "queen named" },
	{ SAN_WHITE, "e10C", BC_OK, "e9e10c", "notation.h: = may be left out" },
	{ SAN_WHITE, "exd10=A", BC_OK, "e9d10a", "capture, archbishop" },
	{ SAN_WHITE, "e9d10n", BC_OK, "e9d10n", "coordinate promotion" },
	{ SAN_WHITE, "e10=K", BC_EILLEGAL, NULL, "no promotion to king" },
	{ ALONE_E8, "e9", BC_OK, "e8e9", "9th rank: e9 stays a pawn" },
	{ ALONE_E8, "e8e9", BC_OK, "e8e9", "9th rank: e8e9 stays a pawn" },
	{ ALONE_E8, "e9=Q", BC_OK, "e8e9q", "9th rank: optional queen" },
	{ ALONE_E8, "e9=N", BC_OK, "e8e9n", "9th rank: optional knight" },
	{ LOST_N_E9, "e10", BC_OK, "e9e10n", "the only choice is a knight" },
	{ LOST_N_E9, "e10=N", BC_OK, "e9e10n", "the only choice is a knight" },
	{ LOST_N_E9, "e10=Q", BC_EILLEGAL, NULL, "the queen is present" },
	{ NONE_E9, "e10", BC_EILLEGAL, NULL, "nothing lost: no e10" },
	{ NONE_E9, "e10=Q", BC_EILLEGAL, NULL, "nothing lost: no e10=Q" },
	{ SAN_BLACK, "e1", BC_EAMBIGUOUS, NULL, "Black, six choices" },
	{ SAN_BLACK, "e1=C", BC_OK, "e2e1c", "Black, chancellor named" },
	{ SAN_BLACK, "exd1=Q", BC_OK, "e2d1q", "Black capture, queen" },
	{ ALONE_E3, "e2", BC_OK, "e3e2", "Black 2nd rank: stays a pawn" },
	{ ALONE_E3, "e2=R", BC_OK, "e3e2r", "Black 2nd rank: optional rook" },
};

START_TEST(test_grand_promotion_parse)
{
	const struct parse_row *row = &parse_rows[_i];
	bc_position pos;
	bc_error err;
	bc_move m = BC_MOVE_NONE;
	int rc;

	LOAD_FEN(&pos, "grand", row->fen);
	rc = bc_move_parse(&pos, row->text, &m, &err);
	ck_assert_msg(rc == row->rc, "%s: \"%s\" in %s gave %d (%s), "
	    "expected %d", row->source, row->text, row->fen, rc,
	    rc ? err.message : "ok", row->rc);
	if (row->coord)
		ck_assert_msg(m == find_move(&pos, row->coord),
		    "%s: \"%s\" is not %s", row->source, row->text, row->coord);
	else
		ck_assert_str_ne(err.message, "");
}
END_TEST

/* ---- Game end ---- */

static bc_game *
new_game(const char *fen)
{
	bc_game *g = NULL;
	bc_error err;
	int rc = bc_game_new(&g, grand(), fen, &err);

	ck_assert_msg(rc == BC_OK, "game from %s: %s", fen, err.message);
	return g;
}

static void
push(bc_game *g, const char *text)
{
	bc_error err;
	int rc = bc_game_push_text(g, text, &err);

	ck_assert_msg(rc == BC_OK, "%s: %s", text, rc ? err.message : "");
}

static void
expect_result(const bc_game *g, bc_result result, bc_reason reason,
    const char *source)
{
	bc_reason got_reason;
	bc_result got = bc_game_result(g, &got_reason);

	ck_assert_msg(got == result && got_reason == reason,
	    "%s: result %s (%s), expected %s (%s)", source,
	    bc_result_text(got), bc_reason_text(got_reason),
	    bc_result_text(result), bc_reason_text(reason));
}

/*
 * Rh10#: the rook checks a10 along rank 10, the king on b8 covers a9 and
 * b9, the rook b10 (hand worked).  Mirrored for Black with Rh1#.
 */
START_TEST(test_grand_checkmate)
{
	bc_game *g = new_game("k9/10/1K8/10/10/10/10/10/10/7R2 w - - 0 1");
	bc_move_list *list = new_move_list();
	bc_error err;

	push(g, "Rh10");
	expect_result(g, BC_RESULT_WHITE_WINS, BC_REASON_CHECKMATE,
	    "grand.md: checkmate wins");
	bc_game_legal_moves(g, list);
	ck_assert_int_eq(list->count, 0);
	ck_assert_int_eq(bc_game_push_text(g, "Ka9", &err), BC_EGAMEOVER);
	bc_game_free(g);

	g = new_game("7r2/10/10/10/10/10/10/1k8/10/K9 b - - 0 1");
	push(g, "Rh1");
	expect_result(g, BC_RESULT_BLACK_WINS, BC_REASON_CHECKMATE,
	    "grand.md: checkmate wins (Black)");
	bc_game_free(g);
	free(list);
}
END_TEST

/* Rb2: the king on a10 has a9, b9 (king a8) and b10 (rook) covered and is
 * not in check (hand worked). */
START_TEST(test_grand_stalemate)
{
	bc_game *g = new_game("k9/10/K9/10/10/10/10/10/7R2/10 w - - 0 1");

	push(g, "Rb2");
	expect_result(g, BC_RESULT_DRAW, BC_REASON_STALEMATE,
	    "grand.md: stalemate is a draw");
	bc_game_free(g);
}
END_TEST

/* grand.md: "the 50-move (100-ply) rule" draws, as in chess. */
START_TEST(test_grand_hundred_ply_rule)
{
	bc_game *g = new_game("k9/10/10/10/10/10/10/10/10/4K4R w - - 98 80");

	push(g, "Ke2");
	expect_result(g, BC_RESULT_NONE, BC_REASON_NONE, "99 plies");
	push(g, "Ka9");
	expect_result(g, BC_RESULT_DRAW, BC_REASON_FIFTY_MOVES, "100 plies");
	bc_game_free(g);

	/* A capture or a pawn move on the 100th ply resets the count. */
	g = new_game("k9/10/10/10/10/9n/10/10/10/4K4R w - - 99 80");
	push(g, "Rxj5");
	expect_result(g, BC_RESULT_NONE, BC_REASON_NONE, "capture resets");
	bc_game_free(g);
	g = new_game("k9/10/10/10/10/10/10/4P5/10/4K4R w - - 99 80");
	push(g, "e4");
	expect_result(g, BC_RESULT_NONE, BC_REASON_NONE, "pawn move resets");
	bc_game_free(g);

	/* Mate on the 100th ply is mate (FIDE Laws 9.6.2, "as in chess"). */
	g = new_game("k9/10/1K8/10/10/10/10/10/10/7R2 w - - 99 80");
	push(g, "Rh10");
	expect_result(g, BC_RESULT_WHITE_WINS, BC_REASON_CHECKMATE,
	    "checkmate beats the 100-ply rule");
	bc_game_free(g);
}
END_TEST

/*
 * grand.md: "Insufficient material (automatic draw): K v K, K+B v K, K+N v
 * K" -- those three only, for either colour.  Bishops of opposite colours
 * where two appear (a1 dark: f1 and b10 differ), so no row is a dead
 * position that the list leaves out.
 */
static const struct material_row {
	const char *fen;
	bool draw;
	const char *source;
} material_rows[] = {
	{ "k9/10/10/10/10/10/10/10/10/4K5 w - - 0 1", true, "K v K" },
	{ "k9/10/10/10/10/10/10/10/10/4KB4 w - - 0 1", true, "K+B v K" },
	{ "k9/10/10/10/10/10/10/10/10/4KN4 w - - 0 1", true, "K+N v K" },
	{ "kb8/10/10/10/10/10/10/10/10/4K5 w - - 0 1", true, "K v K+B" },
	{ "kn8/10/10/10/10/10/10/10/10/4K5 w - - 0 1", true, "K v K+N" },
	{ "k9/10/10/10/10/10/10/10/10/4KR4 w - - 0 1", false, "K+R v K" },
	{ "k9/10/10/10/10/10/10/4P5/10/4K5 w - - 0 1", false, "K+P v K" },
	{ "k9/10/10/10/10/10/10/10/10/4KQ4 w - - 0 1", false, "K+Q v K" },
	{ "k9/10/10/10/10/10/10/10/10/4KC4 w - - 0 1", false, "K+C v K" },
	{ "k9/10/10/10/10/10/10/10/10/4KA4 w - - 0 1", false, "K+A v K" },
	{ "kb8/10/10/10/10/10/10/10/10/4KB4 w - - 0 1", false, "K+B v K+B" },
	{ "kn8/10/10/10/10/10/10/10/10/4KN4 w - - 0 1", false, "K+N v K+N" },
	{ "kn8/10/10/10/10/10/10/10/10/4KB4 w - - 0 1", false, "K+B v K+N" },
	{ "k9/10/10/10/10/10/10/10/10/3NKN4 w - - 0 1", false, "K+N+N v K" },
	{ "k9/10/10/10/10/10/10/10/10/3BK1B3 w - - 0 1", false, "K+B+B v K" },
};

START_TEST(test_grand_material_at_start)
{
	const struct material_row *row = &material_rows[_i];
	bc_game *g = new_game(row->fen);

	if (row->draw)
		expect_result(g, BC_RESULT_DRAW, BC_REASON_MATERIAL, row->source);
	else
		expect_result(g, BC_RESULT_NONE, BC_REASON_NONE, row->source);
	bc_game_free(g);
}
END_TEST

/* The same reached by a capture. */
static const struct capture_row {
	const char *fen, *move;
	bool draw;
	const char *source;
} material_capture_rows[] = {
	{ "k9/10/10/10/10/10/10/10/4r5/4K5 w - - 0 1", "Kxe2", true,
	  "leaves K v K" },
	{ "k9/10/10/10/10/10/10/3r6/10/4KB4 w - - 0 1", "Bxd3", true,
	  "leaves K+B v K" },
	{ "k9/10/10/10/10/10/10/6r3/10/4KN4 w - - 0 1", "Nxg3", true,
	  "leaves K+N v K" },
	{ "k9/10/10/10/10/9n/10/10/10/4K4R w - - 0 1", "Rxj5", false,
	  "leaves K+R v K" },
	{ "k9/10/10/10/10/3n6/4P5/10/10/4K5 w - - 0 1", "exd5", false,
	  "leaves K+P v K" },
	{ "kb8/10/10/10/10/10/10/3r6/10/4KB4 w - - 0 1", "Bxd3", false,
	  "leaves K+B v K+B (opposite colours)" },
};

START_TEST(test_grand_material_by_capture)
{
	const struct capture_row *row = &material_capture_rows[_i];
	bc_game *g = new_game(row->fen);

	expect_result(g, BC_RESULT_NONE, BC_REASON_NONE, "before the capture");
	push(g, row->move);
	if (row->draw)
		expect_result(g, BC_RESULT_DRAW, BC_REASON_MATERIAL, row->source);
	else
		expect_result(g, BC_RESULT_NONE, BC_REASON_NONE, row->source);
	bc_game_free(g);
}
END_TEST

/* ---- FEN ---- */

#define START_PLACEMENT \
	"r8r/1nbqkcabn1/pppppppppp/10/10/10/10/PPPPPPPPPP/1NBQKCABN1/R8R"

/*
 * FENs Grand Chess must refuse (README "FEN": pawns on their own first or
 * last rank, impossible castling rights or en-passant squares; grand.md:
 * "The castling field of a FEN is always -"; and more than the start's 20
 * pieces of a side, which no Grand move can bring about, since a
 * promotion only replaces a pawn).
 */
static const char *const bad_fens[] = {
	START_PLACEMENT " w KQkq - 0 1",
	START_PLACEMENT " w K - 0 1",
	START_PLACEMENT " w q - 0 1",
	START_PLACEMENT " b Kk - 0 1",
	/* White pawn on rank 1, on rank 10; Black pawn on rank 10, rank 1. */
	"k9/10/10/10/10/10/10/10/10/P3K5 w - - 0 1",
	"k8P/10/10/10/10/10/10/10/10/4K5 w - - 0 1",
	"k8p/10/10/10/10/10/10/10/10/4K5 w - - 0 1",
	"k9/10/10/10/10/10/10/10/10/p3K5 w - - 0 1",
	/* 21 pieces: an extra white knight, black knight, white pawn. */
	"r8r/1nbqkcabn1/pppppppppp/10/10/4N5/10/PPPPPPPPPP/1NBQKCABN1/R8R "
	"w - - 0 1",
	"r8r/1nbqkcabn1/pppppppppp/10/4n5/10/10/PPPPPPPPPP/1NBQKCABN1/R8R "
	"w - - 0 1",
	"r8r/1nbqkcabn1/pppppppppp/10/10/10/4P5/PPPPPPPPPP/1NBQKCABN1/R8R "
	"w - - 0 1",
	/* e5 skipped by a pawn now on e6: e4-e6 is no Grand double step. */
	"4k5/10/10/10/4P5/10/10/10/10/4K5 b - e5 0 1",
	/* e4 skipped, but it is White to move, so White did not just move. */
	"4k5/10/10/10/10/4P5/10/10/10/4K5 w - e4 0 1",
	/* e4 skipped, but no pawn stands beyond it on e5. */
	"4k5/10/10/10/10/4N5/10/10/10/4K5 b - e4 0 1",
};

START_TEST(test_grand_fen_rejected)
{
	bc_position pos;
	bc_error err;
	int rc;

	memset(&err, 0, sizeof err);
	rc = bc_position_from_fen(&pos, grand(), bad_fens[_i], &err);
	ck_assert_msg(rc != BC_OK, "accepted %s", bad_fens[_i]);
	ck_assert_msg(err.message[0] != '\0', "no message for %s",
	    bad_fens[_i]);
}
END_TEST

/* Controls for the above: the nearest legal FENs are read. */
static const char *const good_fens[] = {
	START_PLACEMENT " w - - 0 1",
	/* Pawns on rank 2 and 9, White and Black. */
	"k9/4P1p3/10/10/10/10/10/10/P5p3/4K5 w - - 0 1",
	/* e4 written back because d5 can take there (README "FEN" 4). */
	"4k5/10/10/10/10/3pP5/10/10/10/4K5 b - e4 0 1",
	"r8r/1nbqkcabn1/ppp2ppppp/3p6/4pP4/10/10/PPPPP1PPPP/1NBQKCABN1/R8R "
	"w - e7 0 3",
};

START_TEST(test_grand_fen_accepted)
{
	bc_position pos;

	LOAD_FEN(&pos, "grand", good_fens[_i]);
	expect_fen(&pos, good_fens[_i], "written back as read");
}
END_TEST

#define LOOP(tc, test, table) \
	tcase_add_loop_test((tc), (test), 0, \
	    (int)(sizeof(table) / sizeof((table)[0])))

Suite *
grand_suite(void)
{
	Suite *s = suite_create("grand");
	TCase *pieces = tcase_create("pieces");
	TCase *pawns = tcase_create("pawns");
	TCase *promo = tcase_create("promotion");
	TCase *notation = tcase_create("notation");
	TCase *game = tcase_create("game");
	TCase *fen = tcase_create("fen");

	LOOP(pieces, test_grand_piece_dests, piece_rows);
	suite_add_tcase(s, pieces);

	LOOP(pawns, test_grand_pawn_dests, pawn_rows);
	tcase_add_test(pawns, test_grand_en_passant_black_takes);
	tcase_add_test(pawns, test_grand_en_passant_white_takes);
	tcase_add_test(pawns, test_grand_en_passant_one_ply);
	tcase_add_test(pawns, test_grand_en_passant_not_after_single_step);
	tcase_add_test(pawns, test_grand_en_passant_fen_read);
	suite_add_tcase(s, pawns);

	tcase_add_loop_test(promo, test_grand_promotion_choices, 0,
	    (int)(sizeof armies / sizeof armies[0]) * PAWN_SPOTS);
	LOOP(promo, test_grand_promotion_captures, capture_promo_rows);
	tcase_add_test(promo, test_grand_promotion_regained_type);
	tcase_add_test(promo, test_grand_promotion_make);
	tcase_add_test(promo, test_grand_stuck_pawn_gives_check_white);
	tcase_add_test(promo, test_grand_stuck_pawn_gives_check_black);
	suite_add_tcase(s, promo);

	LOOP(notation, test_grand_promotion_san, san_rows);
	LOOP(notation, test_grand_promotion_parse, parse_rows);
	suite_add_tcase(s, notation);

	tcase_add_test(game, test_grand_checkmate);
	tcase_add_test(game, test_grand_stalemate);
	tcase_add_test(game, test_grand_hundred_ply_rule);
	LOOP(game, test_grand_material_at_start, material_rows);
	LOOP(game, test_grand_material_by_capture, material_capture_rows);
	suite_add_tcase(s, game);

	LOOP(fen, test_grand_fen_rejected, bad_fens);
	LOOP(fen, test_grand_fen_accepted, good_fens);
	suite_add_tcase(s, fen);
	return s;
}
