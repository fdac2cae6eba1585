/*
 * check_attackers.c - bc_position_attackers and bc_board_attackers: which
 * pieces could capture on a square, in each variant.
 *
 * Positions are written as piece lists ("Kd4 Rc3 rb3": upper case White,
 * lower case Black) and turned into FEN here.  Every expected set is
 * counted by hand from the rules in shared/rules/; the reason for each
 * square (or for leaving one out) is spelt out next to the row.  Sets are compared
 * as sorted text ("b5 c4 d4"), so a failure names the squares that differ.
 */
#include <stdio.h>
#include <string.h>

#include "test_util.h"

enum { TEXT_MAX = 512, OUT_MAX = 64 };

/* The FEN of the pieces in `list` on a board `side` squares wide, White
 * to move, no rights. */
static void
fen_of(const char *list, int side, char *fen, size_t size)
{
	char board[12][12] = { { 0 } };
	size_t n = 0;

	for (const char *p = list; *p;) {
		char *end;
		int file, rank;

		if (*p == ' ') {
			p++;
			continue;
		}
		file = p[1] - 'a';
		rank = (int)strtol(p + 2, &end, 10) - 1;
		ck_assert_msg(file >= 0 && file < side && rank >= 0 &&
		        rank < side && !board[rank][file],
		    "bad piece in '%s'", p);
		board[rank][file] = *p;
		p = end;
	}
	for (int r = side - 1; r >= 0; r--) {
		int empty = 0;

		for (int f = 0; f < side; f++) {
			if (!board[r][f]) {
				empty++;
				continue;
			}
			if (empty)
				n += (size_t)snprintf(fen + n, size - n, "%d",
				    empty);
			empty = 0;
			n += (size_t)snprintf(fen + n, size - n, "%c",
			    board[r][f]);
		}
		if (empty)
			n += (size_t)snprintf(fen + n, size - n, "%d", empty);
		if (r)
			n += (size_t)snprintf(fen + n, size - n, "/");
	}
	snprintf(fen + n, size - n, " w - - 0 1");
}

static void
load(bc_position *pos, const char *key, const char *list)
{
	char fen[BC_FEN_MAX];
	const bc_variant *v = bc_variant_find(key);

	ck_assert_ptr_nonnull(v);
	fen_of(list, bc_variant_files(v), fen, sizeof fen);
	LOAD_FEN(pos, key, fen);
}

static int
cmp_square(const void *a, const void *b)
{
	int x = *(const bc_square *)a, y = *(const bc_square *)b;
	int fx = BC_FILE(x), fy = BC_FILE(y);

	return fx != fy ? fx - fy : BC_RANK(x) - BC_RANK(y);
}

static int
cmp_text(const void *a, const void *b)
{
	return strcmp(a, b);
}

/* The sorted names of `n` squares. */
static void
set_text(bc_square *sq, int n, char *buf, size_t size)
{
	size_t len = 0;

	buf[0] = '\0';
	qsort(sq, (size_t)n, sizeof *sq, cmp_square);
	for (int i = 0; i < n; i++)
		len += (size_t)snprintf(buf + len, size - len, "%s%c%d",
		    i ? " " : "", 'a' + BC_FILE(sq[i]), BC_RANK(sq[i]) + 1);
}

/* Checks the attackers of `target` by `by` on `board` against `want`. */
static void
expect_board(const bc_position *pos, const uint8_t *board,
    const char *target, int by, const char *want)
{
	bc_square out[OUT_MAX];
	char got[TEXT_MAX];
	int n = bc_board_attackers(pos->variant, board, square_of(target), by,
	    out, OUT_MAX);

	ck_assert_int_le(n, OUT_MAX);
	set_text(out, n, got, sizeof got);
	ck_assert_msg(strcmp(got, want) == 0, "%s by %s: got '%s', want '%s'",
	    target, by ? "black" : "white", got, want);
}

static void
expect(const bc_position *pos, const char *target, int by, const char *want)
{
	bc_square out[OUT_MAX];
	char got[TEXT_MAX];
	int n = bc_position_attackers(pos, square_of(target), by, out,
	    OUT_MAX);

	set_text(out, n, got, sizeof got);
	ck_assert_msg(strcmp(got, want) == 0, "%s by %s: got '%s', want '%s'",
	    target, by ? "black" : "white", got, want);
	expect_board(pos, pos->board, target, by, want);
}

/*
 * Grand (grand.md: pieces as in chess, chancellor R+N, archbishop B+N,
 * pawns capture one square diagonally forward).  Target e5, a black pawn.
 */
static const char grand_list[] =
    "Pd4 Pf4 Pe4 Nc4 Rb5 Ra5 Bb8 Bh2 Qe9 Ce1 Cd7 Ag4 Kf6 kj10 rf10 pe5";

START_TEST(test_grand_attackers)
{
	bc_position pos;

	load(&pos, "grand", grand_list);
	/*
	 * d4, f4: pawns, diagonally forward.  c4: knight (2,1).  b5: rook,
	 * c5 d5 empty.  b8: bishop over c7 d6.  e9: queen down the file over
	 * e8 e7 e6.  d7: chancellor's knight leap (1,2).  g4: archbishop's
	 * knight leap (2,1).  f6: king, next to it.  Not e4 (a pawn takes
	 * diagonally), a5 (behind b5), h2 (f4 blocks), e1 (e4 blocks).
	 */
	expect(&pos, "e5", BC_WHITE, "b5 b8 c4 d4 d7 e9 f4 f6 g4");
	/* f4: only the pawn e5 (Black's forward is down); rf10 is stopped
	 * by the king on f6. */
	expect(&pos, "f4", BC_BLACK, "e5");
	/* f10: only the queen e9, a diagonal step; the king f6 is four
	 * squares away. */
	expect(&pos, "f10", BC_WHITE, "e9");
}
END_TEST

START_TEST(test_grand_pieces_revealed)
{
	bc_position pos;
	uint8_t board[BC_CELLS];

	load(&pos, "grand", grand_list);
	memcpy(board, pos.board, sizeof board);
	/* Take f4 and b5 off: the bishop h2 (over g3 f4) and the rook a5
	 * (over b5 c5 d5) now see e5. */
	board[square_of("f4")] = BC_EMPTY;
	board[square_of("b5")] = BC_EMPTY;
	expect_board(&pos, board, "e5", BC_WHITE, "a5 b8 c4 d4 d7 e9 f6 g4 h2");
	/* And e4 gone: the chancellor e1 up the file over e2 e3 e4. */
	board[square_of("e4")] = BC_EMPTY;
	expect_board(&pos, board, "e5", BC_WHITE,
	    "a5 b8 c4 d4 d7 e1 e9 f6 g4 h2");
}
END_TEST

START_TEST(test_grand_max_and_bad_square)
{
	bc_position pos;
	bc_square out[3];
	int n;

	load(&pos, "grand", grand_list);
	n = bc_position_attackers(&pos, square_of("e5"), BC_WHITE, out, 3);
	ck_assert_int_eq(n, 9); /* the nine of test_grand_attackers */
	for (int i = 0; i < 3; i++)
		ck_assert(out[i] == square_of("b5") || out[i] == square_of("b8") ||
		    out[i] == square_of("c4") || out[i] == square_of("d4") ||
		    out[i] == square_of("d7") || out[i] == square_of("e9") ||
		    out[i] == square_of("f4") || out[i] == square_of("f6") ||
		    out[i] == square_of("g4"));
	ck_assert(out[0] != out[1] && out[1] != out[2] && out[0] != out[2]);
	ck_assert_int_eq(
	    bc_position_attackers(&pos, square_of("e5"), BC_WHITE, NULL, 0), 9);
	/* Off the board (file k of a 10-file board, a sentinel; cell 0;
	 * out of range): none. */
	ck_assert_int_eq(bc_position_attackers(&pos, BC_SQUARE(10, 4),
	                     BC_WHITE, out, 3), 0);
	ck_assert_int_eq(bc_position_attackers(&pos, 0, BC_WHITE, out, 3), 0);
	ck_assert_int_eq(
	    bc_position_attackers(&pos, BC_CELLS, BC_WHITE, out, 3), 0);
}
END_TEST

/*
 * bc_board_check_squares, counted by hand on grand.md's moves: the black
 * king b2, a black pawn b5 and a white pawn d4 in the way.  Each square
 * is listed with the letters (in the order PNBRACQK) of the white types
 * that would attack b2 from it: the king and every slider next to it,
 * sliders further along the empty lines, the pawn from the two squares
 * diagonally below, the knight-movers (N, A, C) a leap away.
 */
START_TEST(test_grand_check_squares)
{
	static const char *const want =
	    "a1:PBAQK a2:RCQK a3:BAQK a4:NAC b1:RCQK b3:RCQK b4:RCQ "
	    "c1:PBAQK c2:RCQK c3:BAQK c4:NAC d1:NAC d2:RCQ d3:NAC e2:RCQ "
	    "f2:RCQ g2:RCQ h2:RCQ i2:RCQ j2:RCQ";
	static const char order[] = "PNBRACQK";
	bc_position pos;
	bc_square out[OUT_MAX];
	uint16_t types[OUT_MAX];
	char text[OUT_MAX][16], got[TEXT_MAX];
	size_t len = 0;
	int n;

	load(&pos, "grand", "kb2 pb5 Pd4 Kj10");
	n = bc_board_check_squares(pos.variant, pos.board, square_of("b2"),
	    BC_WHITE, out, types, OUT_MAX);
	ck_assert_int_eq(n, 20);
	for (int i = 0; i < n; i++) {
		size_t at = (size_t)snprintf(text[i], sizeof text[i], "%c%d:",
		    'a' + BC_FILE(out[i]), BC_RANK(out[i]) + 1);

		for (const char *c = order; *c; c++) {
			int t = bc_variant_piece_type(pos.variant, *c);

			if ((types[i] >> t) & 1)
				text[i][at++] = *c;
		}
		text[i][at] = '\0';
	}
	qsort(text, (size_t)n, sizeof text[0], cmp_text);
	for (int i = 0; i < n; i++)
		len += (size_t)snprintf(got + len, sizeof got - len, "%s%.15s",
		    i ? " " : "", text[i]);
	ck_assert_msg(strcmp(got, want) == 0, "got '%s'", got);
	/* `max` bounds what is stored, not the count. */
	ck_assert_int_eq(bc_board_check_squares(pos.variant, pos.board,
	                     square_of("b2"), BC_WHITE, out, types, 3), 20);
	ck_assert_int_eq(bc_board_check_squares(pos.variant, pos.board, 0,
	                     BC_WHITE, out, types, OUT_MAX), 0);
}
END_TEST

/*
 * Chad (chad.md): Black's castle h8-j10, its wall g8 g9 g10, k8 k9 k10,
 * h7 i7 j7, h11 i11 j11.  A rook or queen captures only from the enemy
 * wall into the enemy castle, or from its own castle onto its own wall;
 * the king never captures on the wall.
 */
START_TEST(test_chad_attackers)
{
	bc_position pos;

	load(&pos, "chad", "Kd4 Ri11 Qk9 Rg9 Ri2 kh8 ri9");
	/*
	 * i9, in Black's castle: i11 (wall, over i10), k9 (wall, over j9),
	 * g9 (wall, over h9).  Not i2: it sees i9 over i3..i8, but from
	 * outside the wall it may not capture.
	 */
	expect(&pos, "i9", BC_WHITE, "g9 i11 k9");
	ck_assert(bc_position_attacked(&pos, square_of("i9"), BC_WHITE));
	/*
	 * g9, on Black's wall: the rook i9 from inside its own castle over
	 * h9.  Not the king h8, next to it: it never captures on the wall.
	 */
	expect(&pos, "g9", BC_BLACK, "i9");
	/* i11, Black's wall: the rook i9 is stopped by nothing on i10, so
	 * it captures from its castle onto its wall. */
	expect(&pos, "i11", BC_BLACK, "i9");
	/* i2, outside every region: no black piece may capture there, though
	 * the rook i9 sees it down the empty file. */
	expect(&pos, "i2", BC_BLACK, "");
	ck_assert(bc_position_attacked(&pos, square_of("i2"), BC_BLACK));
}
END_TEST

START_TEST(test_chad_king_inside_castle)
{
	bc_position pos;

	/* e5, in White's castle: the king d4 (ferz step).  Not the rook c5:
	 * inside its own castle it may take only on its own wall. */
	load(&pos, "chad", "Kd4 Rc5 qe5 kh8");
	expect(&pos, "e5", BC_WHITE, "d4");
	/* e4: the king c3 by a knight leap (2,1), both in the castle. */
	load(&pos, "chad", "Kc3 qe4 kh8");
	expect(&pos, "e4", BC_WHITE, "c3");
	/* e6, White's wall, next to the king e5: the king never captures
	 * on the wall. */
	load(&pos, "chad", "Ke5 qe6 kh8");
	expect(&pos, "e6", BC_WHITE, "");
	/* c6, White's wall: the rook c4 from its castle over c5; not the
	 * king d4, whose knight leap (-1,2) would end on the wall. */
	load(&pos, "chad", "Kd4 Rc4 qc6 kh8");
	expect(&pos, "c6", BC_WHITE, "c4");
}
END_TEST

/*
 * Hadean (hadean.md): flying elephant E and warmachine M go up to three
 * squares (diagonally, orthogonally), to the second over anything, to the
 * third only over two empty squares or two pieces; S adds the zebra (3,2)
 * to the ferz, Z to the wazir, F the knight to the ferz; pawns P and
 * ninja pawns J capture diagonally forward, ninja pawns also sideways in
 * the enemy half (ranks 7-12 for White).
 */
static const char hadean_list[] =
    "Kl1 Pf4 Pf5 Mf3 Jg5 Ei3 Eh8 Sc4 Zi8 Fe4 Wd6 Mc6 Jd7 Jb6 Jl6 "
    "kl12 bf6 pg7 ph6 ej8 pc7 pk6";

START_TEST(test_hadean_attackers)
{
	bc_position pos;

	load(&pos, "hadean", hadean_list);
	/*
	 * f6: f3 (M over two pieces f4 f5), g5 (J, diagonally forward), h8
	 * (E to its second square, over g7), c4 (S's zebra, 3 files 2
	 * ranks), i8 (Z's zebra), e4 (F's knight leap).  Not i3 (E: h4
	 * empty, g5 not - one of each), c6 (M: d6 full, e6 empty), f4 f5
	 * (pawns take diagonally), d6 (W: no wazir step or knight leap).
	 */
	expect(&pos, "f6", BC_WHITE, "c4 e4 f3 g5 h8 i8");
	/* c7: d7 (J sideways on the 7th rank, the enemy half), b6 (J
	 * diagonally forward), c6 (M, one step).  Not d6 (W: no diagonal
	 * step). */
	expect(&pos, "c7", BC_WHITE, "b6 c6 d7");
	/* k6: the ninja l6 stands in its own half (6th rank): no sideways
	 * capture.  Nothing else reaches it. */
	expect(&pos, "k6", BC_WHITE, "");
	/* g5: the bishop f6 (diagonal step) and the pawn h6 (Black's forward
	 * is down).  Not the elephant j8: i7 empty, h6 full. */
	expect(&pos, "g5", BC_BLACK, "f6 h6");
}
END_TEST

START_TEST(test_hadean_flyer_revealed_and_hidden)
{
	bc_position pos;
	uint8_t board[BC_CELLS];

	load(&pos, "hadean", hadean_list);
	memcpy(board, pos.board, sizeof board);
	/* Take f5 away: the M f3 now has f4 full, f5 empty - it no longer
	 * reaches f6.  A removal can hide a flyer's attack. */
	board[square_of("f5")] = BC_EMPTY;
	expect_board(&pos, board, "f6", BC_WHITE, "c4 e4 g5 h8 i8");
	/* Take g5 away too: the E i3 now flies over two empties h4 g5. */
	board[square_of("g5")] = BC_EMPTY;
	expect_board(&pos, board, "f6", BC_WHITE, "c4 e4 h8 i3 i8");
	/* And d6: the M c6 over d6 e6, both empty. */
	board[square_of("d6")] = BC_EMPTY;
	expect_board(&pos, board, "f6", BC_WHITE, "c4 c6 e4 h8 i3 i8");
}
END_TEST

/* Without a capture hook, "some piece could capture on sq" is exactly
 * "sq is attacked": checked on every square of two busy positions. */
START_TEST(test_attackers_agree_with_attacked)
{
	static const char *const keys[] = { "grand", "hadean" };
	const char *lists[] = { grand_list, hadean_list };

	for (size_t c = 0; c < 2; c++) {
		bc_position pos;
		const bc_variant *v = bc_variant_find(keys[c]);
		int side = bc_variant_files(v);

		for (int start = 0; start < 2; start++) {
			if (start)
				bc_position_start(&pos, v);
			else
				load(&pos, keys[c], lists[c]);
			for (int r = 0; r < side; r++)
				for (int f = 0; f < side; f++)
					for (int by = 0; by < 2; by++) {
						bc_square sq = BC_SQUARE(f, r);
						int n = bc_position_attackers(
						    &pos, sq, by, NULL, 0);

						ck_assert_int_eq(n > 0,
						    bc_position_attacked(
						        &pos, sq, by));
					}
		}
	}
}
END_TEST

Suite *
attackers_suite(void)
{
	Suite *s = suite_create("attackers");
	TCase *tc = tcase_create("attackers");

	tcase_add_test(tc, test_grand_attackers);
	tcase_add_test(tc, test_grand_pieces_revealed);
	tcase_add_test(tc, test_grand_max_and_bad_square);
	tcase_add_test(tc, test_grand_check_squares);
	tcase_add_test(tc, test_chad_attackers);
	tcase_add_test(tc, test_chad_king_inside_castle);
	tcase_add_test(tc, test_hadean_attackers);
	tcase_add_test(tc, test_hadean_flyer_revealed_and_hidden);
	tcase_add_test(tc, test_attackers_agree_with_attacked);
	suite_add_tcase(s, tc);
	return s;
}
