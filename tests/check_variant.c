/*
 * check_variant.c - the variant registry and what the rules library says
 * about pieces: flags, move texts, promotion, castling text, regions, a
 * piece's reach on an empty board, the side-flipped position, and the
 * random numbers of the Zobrist keys.
 *
 * Expected values come from the rules files in shared/rules (named in each
 * row) and from counting squares by hand, never from the code under test.
 */
#include <stdio.h>
#include <string.h>

#include "test_util.h"

/* The registry lists every variant of DESIGN.md ("Variant keys"), by
 * key; the default is Grand Chess (README, --variant). */
START_TEST(test_registry_order)
{
	static const char *const keys[] = { "chad", "grand", "hadean",
		"hadean-ninja", "hexchad" };
	bool id_seen[8] = { false };

	ck_assert_int_eq(bc_variant_count(), 5);
	for (int i = 0; i < 5; i++) {
		const bc_variant *v = bc_variant_at(i);
		int id;

		ck_assert_ptr_nonnull(v);
		ck_assert_str_eq(bc_variant_key(v), keys[i]);
		ck_assert_int_eq(bc_variant_index(v), i);
		ck_assert_ptr_eq(bc_variant_find(keys[i]), v);
		id = (int)bc_variant_id_of(v);
		ck_assert_msg(id >= 0 && id < bc_variant_count() && !id_seen[id],
		    "%s: id %d is not a dense index", keys[i], id);
		id_seen[id] = true;
	}
	ck_assert_ptr_null(bc_variant_at(-1));
	ck_assert_ptr_null(bc_variant_at(5));
	ck_assert_str_eq(bc_variant_name(bc_variant_default()), "Grand Chess");
}
END_TEST

START_TEST(test_registry_list_keys)
{
	char buf[64], tiny[8];
	size_t n = bc_variant_list_keys(buf, sizeof buf, "or");

	ck_assert_str_eq(buf, "chad, grand, hadean, hadean-ninja or hexchad");
	ck_assert_uint_eq(n,
	    strlen("chad, grand, hadean, hadean-ninja or hexchad"));
	/* Truncated like snprintf, the length still the whole. */
	n = bc_variant_list_keys(tiny, sizeof tiny, "and");
	ck_assert_uint_eq(n,
	    strlen("chad, grand, hadean, hadean-ninja and hexchad"));
	ck_assert_str_eq(tiny, "chad, g");
}
END_TEST

static unsigned
flags_of(const char *variant, char letter)
{
	const bc_variant *v = bc_variant_find(variant);

	return bc_variant_piece_flags(v, bc_variant_piece_type(v, letter));
}

/* Flags by the rules files: pawns (the 100-ply rule counts their moves),
 * en passant, promotion, the royal piece, Chad's confined king, and the
 * minor pieces of "insufficient material". */
START_TEST(test_piece_flags)
{
	static const struct {
		const char *variant;
		char letter;
		unsigned want;
		const char *source;
	} rows[] = {
		{ "grand", 'K', BC_PIECE_ROYAL, "grand.md" },
		{ "grand", 'P', BC_PIECE_PAWN | BC_PIECE_EN_PASSANT |
		    BC_PIECE_PROMOTES, "grand.md: promotion, en passant" },
		{ "grand", 'N', BC_PIECE_MINOR, "grand.md: K+N v K" },
		{ "grand", 'B', BC_PIECE_MINOR, "grand.md: K+B v K" },
		{ "grand", 'R', 0, "grand.md" },
		{ "grand", 'A', 0, "grand.md" },
		{ "chad", 'K', BC_PIECE_ROYAL | BC_PIECE_CONFINED,
		  "chad.md: it never leaves its castle" },
		{ "chad", 'R', BC_PIECE_PROMOTES, "chad.md: promotion" },
		{ "chad", 'Q', 0, "chad.md: queens never revert" },
		{ "hadean", 'P', BC_PIECE_PAWN | BC_PIECE_EN_PASSANT |
		    BC_PIECE_PROMOTES, "hadean.md: pawn" },
		{ "hadean", 'J', BC_PIECE_PAWN | BC_PIECE_PROMOTES,
		  "hadean.md: ninja pawns never capture en passant" },
		{ "hadean", 'B', BC_PIECE_MINOR, "hadean.md: K+B v K" },
		{ "hadean", 'E', 0, "hadean.md" },
		{ "hadean", 'K', BC_PIECE_ROYAL, "hadean.md" },
		{ "hadean-ninja", 'G', BC_PIECE_TAKES_PASSED,
		  "hadean.md: flying ninjas capture any enemy pieces they "
		  "jump over" },
		{ "hadean-ninja", 'T', BC_PIECE_TAKES_PASSED, "hadean.md" },
		{ "hadean", 'M', 0, "hadean.md: jumped pieces are unaffected" },
	};

	for (size_t i = 0; i < sizeof rows / sizeof rows[0]; i++)
		ck_assert_msg(flags_of(rows[i].variant, rows[i].letter) ==
		        rows[i].want, "%s %c: flags %#x, want %#x (%s)",
		    rows[i].variant, rows[i].letter,
		    flags_of(rows[i].variant, rows[i].letter), rows[i].want,
		    rows[i].source);
	ck_assert_uint_eq(bc_variant_piece_flags(bc_variant_find("grand"), 0),
	    0);
	ck_assert_uint_eq(bc_variant_piece_flags(bc_variant_find("grand"), 9),
	    0);
}
END_TEST

/* Every piece of every variant says how it moves; no type, no text. */
START_TEST(test_piece_moves_text)
{
	for (int i = 0; i < bc_variant_count(); i++) {
		const bc_variant *v = bc_variant_at(i);

		for (int t = 1; t <= bc_variant_piece_types(v); t++)
			ck_assert_msg(strlen(bc_variant_piece_moves(v, t)) > 10,
			    "%s %c has no move text", bc_variant_key(v),
			    bc_variant_piece_letter(v, t));
		ck_assert_str_eq(bc_variant_piece_moves(v, 0), "");
		ck_assert_str_eq(bc_variant_piece_moves(v,
		    bc_variant_piece_types(v) + 1), "");
	}
	ck_assert_str_eq(bc_variant_piece_moves(bc_variant_find("grand"),
	    bc_variant_piece_type(bc_variant_find("grand"), 'R')),
	    "slides any distance along ranks and files");
}
END_TEST

/* The promotion types as a sorted string of letters. */
static void
promotion_letters(const bc_variant *v, char *buf)
{
	const uint8_t *t = bc_variant_promotion_types(v);
	int n = 0;

	for (; *t; t++)
		buf[n++] = bc_variant_piece_letter(v, *t);
	buf[n] = '\0';
	for (int i = 1; i < n; i++)
		for (int j = i; j > 0 && buf[j - 1] > buf[j]; j--) {
			char c = buf[j];

			buf[j] = buf[j - 1];
			buf[j - 1] = c;
		}
}

START_TEST(test_promotion_types)
{
	char buf[BC_MAX_TYPES + 1];

	/* grand.md: queen, chancellor, archbishop, rook, bishop, knight. */
	promotion_letters(bc_variant_find("grand"), buf);
	ck_assert_str_eq(buf, "ABCNQR");
	/* chad.md: a rook becomes a queen; nothing else promotes. */
	promotion_letters(bc_variant_find("chad"), buf);
	ck_assert_str_eq(buf, "Q");
	/* hadean.md: any of Q R B E M F W S Z. */
	promotion_letters(bc_variant_find("hadean"), buf);
	ck_assert_str_eq(buf, "BEFMQRSWZ");
}
END_TEST

/* grand.md: only a type the side now has fewer of than at the start. */
START_TEST(test_promotion_only_lost)
{
	const bc_variant *g = bc_variant_find("grand");
	int q = bc_variant_piece_type(g, 'Q'), c = bc_variant_piece_type(g, 'C');
	int k = bc_variant_piece_type(g, 'K');
	bc_position pos;

	bc_position_start(&pos, g);
	ck_assert(!bc_position_may_promote_to(&pos, BC_WHITE, q));
	ck_assert(!bc_position_can_promote(&pos, BC_WHITE));
	/* The start without White's queen (d2): only a queen is lost. */
	LOAD_FEN(&pos, "grand", "r8r/1nbqkcabn1/pppppppppp/10/10/10/10/"
	    "PPPPPPPPPP/1NB1KCABN1/R8R w - - 0 1");
	ck_assert(bc_position_may_promote_to(&pos, BC_WHITE, q));
	ck_assert(!bc_position_may_promote_to(&pos, BC_WHITE, c));
	ck_assert(!bc_position_may_promote_to(&pos, BC_WHITE, k));
	ck_assert(bc_position_can_promote(&pos, BC_WHITE));
	ck_assert(!bc_position_can_promote(&pos, BC_BLACK));
}
END_TEST

/* hadean.md and chad.md: promotion to any listed type, lost or not. */
START_TEST(test_promotion_any)
{
	const bc_variant *h = bc_variant_find("hadean");
	const bc_variant *ch = bc_variant_find("chad");
	bc_position pos;

	bc_position_start(&pos, h);
	ck_assert(bc_position_may_promote_to(&pos, BC_BLACK,
	    bc_variant_piece_type(h, 'Q')));
	ck_assert(bc_position_may_promote_to(&pos, BC_WHITE,
	    bc_variant_piece_type(h, 'Z')));
	ck_assert(!bc_position_may_promote_to(&pos, BC_WHITE,
	    bc_variant_piece_type(h, 'J')));
	ck_assert(!bc_position_may_promote_to(&pos, BC_WHITE,
	    bc_variant_piece_type(h, 'K')));
	ck_assert(bc_position_can_promote(&pos, BC_WHITE));
	bc_position_start(&pos, ch);
	ck_assert(bc_position_may_promote_to(&pos, BC_WHITE,
	    bc_variant_piece_type(ch, 'Q')));
	ck_assert(!bc_position_may_promote_to(&pos, BC_WHITE,
	    bc_variant_piece_type(ch, 'R')));
}
END_TEST

/* The rules files' "Game end", castling and board sections. */
START_TEST(test_variant_rules)
{
	const bc_variant *g = bc_variant_find("grand");
	const bc_variant *c = bc_variant_find("chad");
	const bc_variant *h = bc_variant_find("hadean");

	ck_assert(bc_variant_fifty_move_rule(g));
	ck_assert(bc_variant_fifty_move_rule(h));
	ck_assert(!bc_variant_fifty_move_rule(c));
	/* hadean.md's table: O-O-1..4 toward l1, O-O-O-1..5 toward a1. */
	ck_assert_str_eq(bc_variant_castling_text(h),
	    "O-O-1 to O-O-4, O-O-O-1 to O-O-O-5");
	ck_assert_ptr_null(bc_variant_castling_text(g));
	ck_assert_ptr_null(bc_variant_castling_text(c));
	/* ... and the notation agrees with the text: with nothing between
	 * king and rooks, O-O-4 and O-O-O-5 are moves, one more is not. */
	{
		static const struct {
			const char *text;
			bool legal;
		} rows[] = {
			{ "O-O-1", true }, { "O-O-4", true },
			{ "O-O-O-1", true }, { "O-O-O-5", true },
			{ "O-O-5", false }, { "O-O-O-6", false },
		};
		bc_position pos;
		bc_move m;

		LOAD_FEN(&pos, "hadean", "r5k4r/12/12/12/12/12/12/12/12/12/12/"
		    "R5K4R w KQkq - 0 1");
		for (size_t i = 0; i < sizeof rows / sizeof rows[0]; i++) {
			int rc = bc_move_parse(&pos, rows[i].text, &m, NULL);

			ck_assert_msg((rc == BC_OK) == rows[i].legal,
			    "%s: %d", rows[i].text, rc);
		}
	}
	/* chad.md: castles and walls, no light and dark squares. */
	ck_assert(bc_variant_has_regions(c));
	ck_assert(!bc_variant_has_regions(g));
	ck_assert(!bc_variant_has_regions(h));
}
END_TEST

/* How many squares `letter` of `color` reaches from `at` alone. */
static int
reach(const char *variant, char letter, int color, const char *at)
{
	const bc_variant *v = bc_variant_find(variant);
	bc_square out[BC_CELLS];
	int type = bc_variant_piece_type(v, letter);

	ck_assert_int_ne(type, 0);
	return bc_piece_reach(v, BC_PIECE(color, type), square_of(at), out,
	    BC_CELLS);
}

/* Counted by hand on an empty board of the variant's size. */
START_TEST(test_piece_reach)
{
	static const struct {
		const char *variant;
		char letter;
		int color;
		const char *at;
		int want;
		const char *why;
	} rows[] = {
		{ "hadean", 'R', BC_WHITE, "a1", 22, "11 up, 11 across" },
		{ "grand", 'R', BC_WHITE, "a1", 18, "9 up, 9 across" },
		{ "grand", 'N', BC_WHITE, "a1", 2, "b3, c2" },
		{ "grand", 'Q', BC_WHITE, "d4", 33,
		  "18 on rank and file; diagonals 6 + 3 + 3 + 3" },
		{ "grand", 'C', BC_WHITE, "e5", 26, "18 + 8 leaps" },
		{ "grand", 'P', BC_WHITE, "e3", 2, "grand.md: e4, e5" },
		{ "grand", 'P', BC_WHITE, "e4", 1, "e5" },
		{ "grand", 'P', BC_BLACK, "e8", 2, "e7, e6" },
		{ "grand", 'P', BC_WHITE, "e9", 1,
		  "e10 (promotion, one square)" },
		{ "chad", 'K', BC_WHITE, "d4", 8,
		  "chad.md: 8 steps inside c3-e5, every leap leaves it" },
		{ "chad", 'K', BC_WHITE, "c3", 5, "c4 d3 d4, leaps d5 e4" },
		{ "chad", 'K', BC_BLACK, "i9", 8, "Black's castle h8-j10" },
		{ "chad", 'R', BC_WHITE, "c3", 22, "a rook on 12x12" },
		{ "hadean", 'E', BC_WHITE, "f6", 12,
		  "hadean.md: 1-3 squares on each diagonal" },
		{ "hadean", 'M', BC_WHITE, "a1", 6, "3 up, 3 across" },
		{ "hadean", 'S', BC_WHITE, "f6", 12, "4 steps + 8 zebra leaps" },
		{ "hadean", 'P', BC_WHITE, "e3", 3,
		  "hadean.md: 1, 2 or 3 from the start rank" },
		{ "hadean", 'P', BC_WHITE, "e4", 2, "1 or 2 from the 4th" },
		{ "hadean", 'P', BC_WHITE, "e5", 1, "1 from the 5th" },
		{ "hadean", 'P', BC_BLACK, "e10", 3, "e9, e8, e7" },
		{ "hadean", 'J', BC_WHITE, "c2", 6,
		  "hadean.md: c3-c6, and b2, d2" },
		{ "hadean", 'J', BC_WHITE, "c7", 3, "c8, b7, d7" },
		{ "hadean", 'K', BC_WHITE, "g1", 5,
		  "no rook, no castling: f1 h1 f2 g2 h2" },
	};

	for (size_t i = 0; i < sizeof rows / sizeof rows[0]; i++) {
		int got = reach(rows[i].variant, rows[i].letter,
		    rows[i].color, rows[i].at);

		ck_assert_msg(got == rows[i].want, "%s %c on %s: %d, want %d (%s)",
		    rows[i].variant, rows[i].letter, rows[i].at, got,
		    rows[i].want, rows[i].why);
	}
}
END_TEST

START_TEST(test_piece_reach_squares_and_errors)
{
	const bc_variant *g = bc_variant_find("grand");
	bc_piece knight = BC_PIECE(BC_WHITE, bc_variant_piece_type(g, 'N'));
	bc_square out[4] = { 0 };
	bc_square rook_out[5];
	int n = bc_piece_reach(g, knight, square_of("a1"), out, 4);

	ck_assert_int_eq(n, 2);
	ck_assert((out[0] == square_of("b3") && out[1] == square_of("c2")) ||
	    (out[0] == square_of("c2") && out[1] == square_of("b3")));
	/* More squares than room: the count is still the whole. */
	n = bc_piece_reach(bc_variant_find("hadean"), BC_PIECE(BC_WHITE,
	    bc_variant_piece_type(bc_variant_find("hadean"), 'R')),
	    square_of("a1"), rook_out, 5);
	ck_assert_int_eq(n, 22);
	/* k1 is off a 10x10 board; type 9 is no Grand piece. */
	ck_assert_int_eq(bc_piece_reach(g, knight, square_of("k1"), out, 4),
	    BC_EINVALID);
	ck_assert_int_eq(bc_piece_reach(g, BC_PIECE(BC_WHITE, 9),
	    square_of("a1"), out, 4), BC_EINVALID);
	ck_assert_int_eq(bc_piece_reach(g, knight, 0, out, 4), BC_EINVALID);
}
END_TEST

/* The other side to move: en passant lapses, the hash stays exact, and
 * the FEN differs only in the side and en-passant fields. */
START_TEST(test_other_side)
{
	bc_position pos, other;
	char fen[BC_FEN_MAX];

	/* Grand after e3-e5: e4 is an en-passant square only if a black
	 * pawn could take there, so put one on d5 (grand.md). */
	LOAD_FEN(&pos, "grand", "r8r/1nbqkcabn1/ppp1pppppp/10/10/3pP5/10/"
	    "PPPP1PPPPP/1NBQKCABN1/R8R b - e4 0 3");
	ck_assert_int_eq(pos.ep_count, 1);
	ck_assert_int_eq(bc_position_other_side(&pos, &other), BC_OK);
	bc_position_to_fen(&other, fen, sizeof fen);
	ck_assert_str_eq(fen, "r8r/1nbqkcabn1/ppp1pppppp/10/10/3pP5/10/"
	    "PPPP1PPPPP/1NBQKCABN1/R8R w - - 0 3");
	ck_assert_int_eq(other.side, BC_WHITE);
	ck_assert(other.hash == bc_position_compute_hash(&other));
	ck_assert(other.hash != pos.hash);
	/* Hadean castling rights stay. */
	bc_position_start(&pos, bc_variant_find("hadean"));
	ck_assert_int_eq(bc_position_other_side(&pos, &other), BC_OK);
	bc_position_to_fen(&other, fen, sizeof fen);
	ck_assert_str_eq(fen, "rzmefqkwemsr/jjjjjbbjjjjj/pppppppppppp/12/12/"
	    "12/12/12/12/PPPPPPPPPPPP/JJJJJBBJJJJJ/RZMEFQKWEMSR b KQkq - 0 1");
	/* White in check: passing would leave White's king attacked. */
	LOAD_FEN(&pos, "grand", "4k5/10/10/10/10/10/10/4r5/10/4K5 w - - 0 1");
	ck_assert_int_eq(bc_position_other_side(&pos, &other), BC_EINVALID);
}
END_TEST

/* The random numbers behind the Zobrist keys are SplitMix64's: the first
 * five from seed 1234567 as Rosetta Code's "Pseudo-random
 * numbers/Splitmix64" task lists them. */
START_TEST(test_random_splitmix64)
{
	static const uint64_t want[] = { 6457827717110365317ULL,
		3203168211198807973ULL, 9817491932198370423ULL,
		4593380528125082431ULL, 16408922859458223821ULL };
	uint64_t state = 1234567;

	for (int i = 0; i < 5; i++)
		ck_assert_uint_eq(bc_random_next(&state), want[i]);
}
END_TEST

Suite *
variant_suite(void)
{
	Suite *s = suite_create("variant");
	TCase *registry = tcase_create("registry");
	TCase *pieces = tcase_create("pieces");

	tcase_add_test(registry, test_registry_order);
	tcase_add_test(registry, test_registry_list_keys);
	tcase_add_test(pieces, test_piece_flags);
	tcase_add_test(pieces, test_piece_moves_text);
	tcase_add_test(pieces, test_promotion_types);
	tcase_add_test(pieces, test_promotion_only_lost);
	tcase_add_test(pieces, test_promotion_any);
	tcase_add_test(pieces, test_variant_rules);
	tcase_add_test(pieces, test_piece_reach);
	tcase_add_test(pieces, test_piece_reach_squares_and_errors);
	tcase_add_test(pieces, test_other_side);
	tcase_add_test(registry, test_random_splitmix64);
	suite_add_tcase(s, registry);
	suite_add_tcase(s, pieces);
	return s;
}
