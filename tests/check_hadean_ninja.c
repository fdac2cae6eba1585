/*
 * check_hadean_ninja.c - Hadean Chess with the flying ninja pieces
 * (variant hadean-ninja) against shared/rules/hadean.md, section "Option:
 * flying ninja pieces".
 *
 * No other program plays the option, so every expected value is quoted
 * from that section (the start perft, the guard on f6, the guard on d5,
 * the warrior on a5, the SAN Gxg8) or counted by hand, written out beside
 * each row.  The one table that is not written out, every arrangement of
 * empty, own and enemy on s1, s2 and s3, is derived from the rule's two
 * sentences by a loop here, never from the library: a flying ninja stops
 * on any of the three squares that is not its own side's, and takes the
 * enemy pieces on the squares it passed over and the one it stops on.
 *
 * Positions are piece lists ("Ka1 Tc8 kl12": letter, square; upper case
 * White) turned into a FEN here, so a reader sees every piece at once.
 *
 * The screen case drives the real program in a pseudo-terminal (as
 * check_ui.c): the pieces a flying ninja would take are marked x x
 * before the move, and named with it.
 */
#include <stdio.h>
#include <string.h>

#include "pty_board.h"
#include "test_util.h"

enum { LIST_MAX = 1024 };

static const char key[] = "hadean-ninja";

/* Writes the FEN of the pieces `pieces` with fields `rest` ("w - -"). */
static void
fen_of_pieces(char *out, size_t size, const char *pieces, const char *rest)
{
	char board[12][12];
	char copy[512];
	size_t len = 0;

	memset(board, 0, sizeof board);
	ck_assert_uint_lt(strlen(pieces), sizeof copy);
	strcpy(copy, pieces);
	for (char *w = strtok(copy, " "); w; w = strtok(NULL, " ")) {
		int file = w[1] - 'a', rank = atoi(w + 2) - 1;

		ck_assert_msg(file >= 0 && file < 12 && rank >= 0 && rank < 12,
		    "bad token %s", w);
		ck_assert_msg(!board[rank][file], "%s given twice", w);
		board[rank][file] = w[0];
	}
	for (int r = 11; r >= 0; r--) {
		int run = 0;

		for (int f = 0; f < 12; f++) {
			if (!board[r][f]) {
				run++;
				continue;
			}
			if (run)
				len += (size_t)snprintf(out + len, size - len,
				    "%d", run);
			run = 0;
			out[len++] = board[r][f];
		}
		if (run)
			len += (size_t)snprintf(out + len, size - len, "%d",
			    run);
		if (r)
			out[len++] = '/';
	}
	snprintf(out + len, size - len, " %s 0 1", rest);
}

static void
setup(bc_position *pos, const char *pieces, const char *rest)
{
	char fen[BC_FEN_MAX];

	fen_of_pieces(fen, sizeof fen, pieces, rest);
	LOAD_FEN(pos, key, fen);
}

/* The destinations of the legal moves from `from`, as "b5 c5 ..." in the
 * order of the files and ranks (a1 b1 ... a2 ...), for comparison. */
static void
destinations(const bc_position *pos, const char *from, char *out,
    size_t size)
{
	bc_move_list *list = new_move_list();
	bool to[BC_CELLS] = { false };
	size_t len = 0;

	bc_movegen_legal(pos, list);
	for (int i = 0; i < list->count; i++)
		if (BC_MOVE_FROM(list->moves[i]) == square_of(from))
			to[BC_MOVE_TO(list->moves[i])] = true;
	free(list);
	out[0] = '\0';
	for (int r = 0; r < 12; r++)
		for (int f = 0; f < 12; f++)
			if (to[BC_SQUARE(f, r)])
				len += (size_t)snprintf(out + len, size - len,
				    "%s%c%d", len ? " " : "", 'a' + f, r + 1);
}

/* The same order for a list written by hand. */
static void
in_board_order(const char *squares, char *out, size_t size)
{
	bool on[BC_CELLS] = { false };
	char copy[LIST_MAX];
	size_t len = 0;

	strcpy(copy, squares);
	for (char *w = strtok(copy, " "); w; w = strtok(NULL, " "))
		on[square_of(w)] = true;
	out[0] = '\0';
	for (int r = 0; r < 12; r++)
		for (int f = 0; f < 12; f++)
			if (on[BC_SQUARE(f, r)])
				len += (size_t)snprintf(out + len, size - len,
				    "%s%c%d", len ? " " : "", 'a' + f, r + 1);
}

static bc_move
parse(const bc_position *pos, const char *text)
{
	bc_error err;
	bc_move m = BC_MOVE_NONE;

	ck_assert_msg(bc_move_parse(pos, text, &m, &err) == BC_OK,
	    "%s: %s", text, err.message);
	return m;
}

/* Start perft: hadean.md, "Option: flying ninja pieces". */
START_TEST(test_start_perft)
{
	static const uint64_t nodes[] = { 44, 1936, 90644 };
	bc_position pos;

	bc_position_start(&pos, bc_variant_find(key));
	for (int d = 1; d <= 3; d++)
		ck_assert_uint_eq(bc_perft(&pos, d), nodes[d - 1]);
}
END_TEST

/* The start position of the rules: G on d1 and i1, T on c1 and j1. */
START_TEST(test_start_and_names)
{
	const bc_variant *v = bc_variant_find(key);
	char fen[BC_FEN_MAX];
	bc_position pos;

	ck_assert_ptr_nonnull(v);
	ck_assert_ptr_eq(bc_variant_find("Hadean Chess (flying ninjas)"), v);
	ck_assert_str_eq(bc_variant_name(v), "Hadean Chess (flying ninjas)");
	bc_position_start(&pos, v);
	bc_position_to_fen(&pos, fen, sizeof fen);
	ck_assert_str_eq(fen, "rztgfqkwgtsr/jjjjjbbjjjjj/pppppppppppp/12/12/"
	    "12/12/12/12/PPPPPPPPPPPP/JJJJJBBJJJJJ/RZTGFQKWGTSR w KQkq - 0 1");
	ck_assert_int_eq(bc_variant_piece_letter(v,
	    BC_PIECE_TYPE(pos.board[square_of("d1")])), 'G');
	ck_assert_int_eq(bc_variant_piece_letter(v,
	    BC_PIECE_TYPE(pos.board[square_of("j12")])), 'T');
	/* There are no flyers E and M in this variant. */
	ck_assert_int_eq(bc_variant_piece_type(v, 'E'), 0);
	ck_assert_int_eq(bc_variant_piece_type(v, 'M'), 0);
	ck_assert_str_eq(bc_variant_piece_name(v, bc_variant_piece_type(v,
	    'G')), "flying ninja guard");
	ck_assert_str_eq(bc_variant_piece_name(v, bc_variant_piece_type(v,
	    'T')), "flying ninja warrior");
}
END_TEST

static const struct dest_case {
	const char *source;
	const char *pieces;
	const char *from;
	const char *expected;
} dest_cases[] = {
	/* hadean.md: "a guard alone on f6 (kings a1, l11) has 12 moves". */
	{ "hadean.md: guard alone on f6", "Ka1 kl11 Gf6", "f6",
	  "g7 h8 i9 e7 d8 c9 g5 h4 i3 e5 d4 c3" },
	/* hadean.md: guard d5, white pawn e6, black pawn f7, g8 empty:
	 * f7 (taking it), g8 (taking f7 in passing); 11 in all. */
	{ "hadean.md: guard d5, Pe6, pf7", "Ka1 kl11 Gd5 Pe6 pf7", "d5",
	  "f7 g8 c6 b7 a8 e4 f3 g2 c4 b3 a2" },
	/* hadean.md: warrior a5, black pawns b5 and c5: 9 moves. */
	{ "hadean.md: warrior a5, pb5, pc5", "Ka1 kl11 Ta5 pb5 pc5", "a5",
	  "b5 c5 d5 a6 a7 a8 a4 a3 a2" },
	/* Hand count: a warrior alone in the open, three on each line. */
	{ "hand: warrior alone on f6", "Ka1 kl11 Tf6", "f6",
	  "f7 f8 f9 f5 f4 f3 g6 h6 i6 e6 d6 c6" },
	/* Corners: one diagonal, two lines. */
	{ "hand: guard in the corner a1", "Kl1 kl11 Ga1", "a1", "b2 c3 d4" },
	{ "hand: warrior in the corner l12", "Ka1 kc9 Tl12", "l12",
	  "k12 j12 i12 l11 l10 l9" },
	/* Edges and near edges: lines cut short by the board's edge. */
	{ "hand: guard on b2", "Kl1 kl11 Gb2", "b2", "c3 d4 e5 a3 c1 a1" },
	{ "hand: guard on k11", "Ka1 kg1 Gk11", "k11", "l12 j12 l10 j10 i9 h8" },
	{ "hand: warrior on a6 (left edge)", "Kl1 kl11 Ta6", "a6",
	  "a7 a8 a9 a5 a4 a3 b6 c6 d6" },
	{ "hand: warrior on h1 (bottom edge)", "Ka12 kl11 Th1", "h1",
	  "h2 h3 h4 i1 j1 k1 g1 f1 e1" },
	/* Over its own king: the warrior passes it (hadean.md: "It passes
	 * over pieces of either colour"); b1 is the king's. */
	{ "hand: warrior a1 over its own king b1", "Kb1 kl11 Ta1", "a1",
	  "c1 d1 a2 a3 a4" },
	/* Hemmed in by its own pieces on every s1 and s2: it flies over
	 * them to s3 only. */
	{ "hand: guard f6 ringed twice by own pawns",
	  "Ka1 kl11 Gf6 Pe5 Pg5 Pe7 Pg7 Pd4 Ph4 Pd8 Ph8", "f6",
	  "c3 i3 c9 i9" },
	/* Its own pieces on every s3 too: no move. */
	{ "hand: warrior f6 walled in by own pawns",
	  "Ka1 kl11 Tf6 Pf7 Pf8 Pf9 Pf5 Pf4 Pf3 Pg6 Ph6 Pi6 Pe6 Pd6 Pc6",
	  "f6", "" },
};

START_TEST(test_destinations)
{
	const struct dest_case *c = &dest_cases[_i];
	char got[LIST_MAX], want[LIST_MAX];
	bc_position pos;

	setup(&pos, c->pieces, "w - -");
	destinations(&pos, c->from, got, sizeof got);
	in_board_order(c->expected, want, sizeof want);
	ck_assert_msg(!strcmp(got, want), "%s:\n  got      [%s]\n"
	    "  expected [%s]", c->source, got, want);
}
END_TEST

/* The squares of `m`'s captures, sorted by cell. */
static int
captured_cells(const bc_position *pos, bc_move m, bc_square *out)
{
	int n = bc_move_captures(pos, m, out, BC_MAX_CAPTURES);

	for (int i = 1; i < n; i++)
		for (int j = i; j > 0 && out[j] < out[j - 1]; j--) {
			bc_square t = out[j];

			out[j] = out[j - 1];
			out[j - 1] = t;
		}
	return n;
}

/*
 * Every arrangement of empty (0), own (1) and enemy (2) on s1, s2, s3, for
 * a warrior on a5 flying east (b5 c5 d5) and a guard on a5 flying
 * north-east (b6 c7 d8); own pieces are white pawns, enemy black pawns.
 * The rule: it may stop on each s_k not own; that move takes the enemy
 * pieces on s1..s_k.  Made and unmade, the position is restored exactly.
 */
START_TEST(test_every_arrangement)
{
	static const char *const lines[2][4] = {
		{ "Ta5", "b5", "c5", "d5" },
		{ "Ga5", "b6", "c7", "d8" },
	};
	const char *const *line = lines[_i];
	const char *from = "a5";

	for (int code = 0; code < 27; code++) {
		int what[3] = { code % 3, code / 3 % 3, code / 9 };
		char pieces[128];
		bc_position pos;
		bc_move_list *list = new_move_list();
		int stops = 0, listed = 0;

		snprintf(pieces, sizeof pieces, "Ka1 kl11 %s", line[0]);
		for (int k = 0; k < 3; k++)
			if (what[k])
				snprintf(pieces + strlen(pieces),
				    sizeof pieces - strlen(pieces), " %c%s",
				    what[k] == 1 ? 'P' : 'p', line[k + 1]);
		setup(&pos, pieces, "w - -");
		bc_movegen_legal(&pos, list);
		for (int k = 0; k < 3; k++) {
			bc_square to = square_of(line[k + 1]);
			bc_square want[3], got[BC_MAX_CAPTURES];
			int n_want = 0, n_got;
			bc_move m = BC_MOVE_NONE;
			bc_position work = pos;
			bc_undo undo;

			for (int i = 0; i < list->count; i++)
				if (BC_MOVE_FROM(list->moves[i]) ==
				        square_of(from) &&
				    BC_MOVE_TO(list->moves[i]) == to)
					m = list->moves[i];
			if (what[k] == 1) {
				ck_assert_msg(m == BC_MOVE_NONE,
				    "%s: stops on its own piece on %s", pieces,
				    line[k + 1]);
				continue;
			}
			stops++;
			ck_assert_msg(m != BC_MOVE_NONE, "%s: no move to %s",
			    pieces, line[k + 1]);
			for (int j = 0; j <= k; j++)
				if (what[j] == 2)
					want[n_want++] = square_of(line[j + 1]);
			n_got = captured_cells(&pos, m, got);
			ck_assert_msg(n_got == n_want, "%s: to %s takes %d, "
			    "expected %d", pieces, line[k + 1], n_got, n_want);
			for (int j = 0; j < n_want; j++)
				ck_assert_int_eq(got[j], want[j]);
			bc_position_make(&work, m, &undo);
			for (int j = 0; j < 3; j++) {
				bc_piece p = work.board[square_of(line[j + 1])];

				if (j < k && what[j] == 2)
					ck_assert_msg(p == BC_EMPTY,
					    "%s: %s not taken", pieces,
					    line[j + 1]);
				if (what[j] == 1)
					ck_assert_msg(p == BC_PIECE(BC_WHITE,
					    bc_variant_piece_type(pos.variant,
					        'P')), "%s: own %s touched",
					    pieces, line[j + 1]);
			}
			ck_assert_uint_eq(work.hash,
			    bc_position_compute_hash(&work));
			ck_assert_int_eq(work.halfmove, n_want ? 0 : 1);
			ck_assert_int_eq(work.type_count[BC_BLACK]
			    [bc_variant_piece_type(pos.variant, 'P')] +
			    n_want, pos.type_count[BC_BLACK]
			    [bc_variant_piece_type(pos.variant, 'P')]);
			bc_position_unmake(&work, &undo);
			ck_assert(bc_position_equal(&work, &pos));
			ck_assert(!memcmp(work.piece_list, pos.piece_list,
			    sizeof pos.piece_list));
		}
		for (int i = 0; i < list->count; i++)
			listed += BC_MOVE_FROM(list->moves[i]) ==
			    square_of(from);
		/* The other lines from a5 (the other three directions of
		 * the piece) are empty: 3 + 3 + 0 for the warrior (west is
		 * off the board), 3 + 0 + 0 for the guard's NW, SE, SW
		 * (only SE: b4 c3 d2). */
		ck_assert_int_eq(listed, stops + (_i == 0 ? 6 : 3));
		free(list);
	}
}
END_TEST

/*
 * hadean.md: "A move is legal only if the mover's king is not attacked
 * after the whole move, with every captured piece removed".  White Ke1,
 * black Re12 and pe6 (the only piece on the e-file between): the warrior
 * d6 taking e6 in passing (to f6 or g6) opens the file, so those are
 * illegal; stopping on e6 keeps it shut.  Hand count: d7 d8 d9, d5 d4
 * d3, c6 b6 a6, e6 = 10.
 */
START_TEST(test_passing_exposes_own_king)
{
	bc_position pos;
	char got[LIST_MAX], want[LIST_MAX];

	setup(&pos, "Ke1 Td6 re12 pe6 kl12", "w - -");
	ck_assert(!bc_position_in_check(&pos));
	destinations(&pos, "d6", got, sizeof got);
	in_board_order("d7 d8 d9 d5 d4 d3 c6 b6 a6 e6", want, sizeof want);
	ck_assert_str_eq(got, want);
}
END_TEST

/*
 * White Ke1 in check from the black rook e8: the warrior c8 may take it
 * by landing on e8 or in passing (c8-f8); no other warrior move helps.
 */
START_TEST(test_passing_removes_checker)
{
	bc_position pos;
	char got[LIST_MAX];

	setup(&pos, "Ke1 Tc8 re8 kl12", "w - -");
	ck_assert(bc_position_in_check(&pos));
	destinations(&pos, "c8", got, sizeof got);
	ck_assert_str_eq(got, "e8 f8");
	ck_assert_int_eq(BC_MOVE_KIND(parse(&pos, "c8f8")), BC_MOVE_PASSING);
	ck_assert_int_eq(BC_MOVE_KIND(parse(&pos, "c8e8")), BC_MOVE_CAPTURE);
}
END_TEST

/*
 * hadean.md: "A flying ninja attacks all three squares of each of its
 * lines, whatever stands between".  Black king e4; the white warrior e1
 * with a white pawn e2 and a black pawn e3 between gives check; so does
 * a guard h7 over g6 and f5.  A warrior e1 with the king on e5 (four
 * away) does not.
 */
START_TEST(test_check_through_pieces)
{
	bc_position pos;
	bc_square att[8];

	setup(&pos, "Ka1 Te1 Pe2 pe3 ke4", "b - -");
	ck_assert(bc_position_in_check(&pos));
	ck_assert_int_eq(bc_position_attackers(&pos, square_of("e4"),
	    BC_WHITE, att, 8), 1);
	ck_assert_int_eq(att[0], square_of("e1"));
	setup(&pos, "Ka1 Gh7 Pg6 pf5 ke4", "b - -");
	ck_assert(bc_position_in_check(&pos));
	setup(&pos, "Ka1 Te1 ke5", "b - -");
	ck_assert(!bc_position_in_check(&pos));
	ck_assert(!bc_position_attacked(&pos, square_of("e5"), BC_WHITE));
	ck_assert(bc_position_attacked(&pos, square_of("e4"), BC_WHITE));
	/* White to move with Black in check is no position. */
	{
		bc_error err;
		char fen[BC_FEN_MAX];

		fen_of_pieces(fen, sizeof fen, "Ka1 Te1 Pe2 pe3 ke4", "w - -");
		ck_assert_int_ne(bc_position_from_fen(&pos,
		    bc_variant_find(key), fen, &err), BC_OK);
	}
}
END_TEST

/* hadean.md: "Pawns and ninja pawns promote to any of Q R B G T F W S Z
 * (there are no E or M in this variant)": 9 moves e11-e12. */
START_TEST(test_promotions)
{
	bc_position pos;
	bc_move_list *list = new_move_list();
	char letters[16] = "";
	int n = 0;

	setup(&pos, "Ka1 Pe11 kl10", "w - -");
	bc_movegen_legal(&pos, list);
	for (int i = 0; i < list->count; i++)
		if (BC_MOVE_FROM(list->moves[i]) == square_of("e11")) {
			ck_assert_int_eq(BC_MOVE_TO(list->moves[i]),
			    square_of("e12"));
			ck_assert_int_ne(BC_MOVE_PROMO(list->moves[i]), 0);
			letters[n++] = bc_variant_piece_letter(pos.variant,
			    BC_MOVE_PROMO(list->moves[i]));
		}
	ck_assert_int_eq(n, 9);
	for (const char *c = "QRBGTFWSZ"; *c; c++)
		ck_assert_msg(strchr(letters, *c), "no promotion to %c", *c);
	/* The promoted piece is a guard. */
	{
		bc_undo undo;
		bc_move m = parse(&pos, "e12=G");

		bc_position_make(&pos, m, &undo);
		ck_assert_int_eq(bc_variant_piece_letter(pos.variant,
		    BC_PIECE_TYPE(pos.board[square_of("e12")])), 'G');
	}
	/* A ninja pawn to a warrior. */
	setup(&pos, "Ka1 Jc11 kl10", "w - -");
	ck_assert_int_eq(bc_variant_piece_letter(pos.variant,
	    BC_MOVE_PROMO(parse(&pos, "c11c12t"))), 'T');
	free(list);
}
END_TEST

/* hadean.md: SAN writes x when the move captures anything: Gxg8. */
static const struct san_case {
	const char *pieces, *coord, *san;
} san_cases[] = {
	{ "Ka1 kl11 Gd5 Pe6 pf7", "d5g8", "Gxg8" },
	{ "Ka1 kl11 Gd5 Pe6 pf7", "d5f7", "Gxf7" },
	{ "Ka1 kl11 Gd5 Pe6 pf7", "d5c6", "Gc6" },
	{ "Ka1 kl11 Ta5 pb5 pc5", "a5b5", "Txb5" },
	{ "Ka1 kl11 Ta5 pb5 pc5", "a5c5", "Txc5" },
	{ "Ka1 kl11 Ta5 pb5 pc5", "a5d5", "Txd5" },
	/* Over its own pawn to an empty square: no capture. */
	{ "Ka1 kl11 Ta5 Pb5", "a5c5", "Tc5" },
	/* Taking a pawn in passing next to the king: check. */
	{ "Ka1 kj12 Th9 pi9", "h9j9", "Txj9+" },
	/* Two warriors reach c5: disambiguated by file. */
	{ "Ka1 kl11 Ta5 Tf5 pb5", "a5c5", "Taxc5" },
};

START_TEST(test_san)
{
	const struct san_case *c = &san_cases[_i];
	char text[BC_MOVE_TEXT_MAX];
	bc_position pos;
	bc_move m;

	setup(&pos, c->pieces, "w - -");
	m = parse(&pos, c->coord);
	bc_move_to_san(&pos, m, text, sizeof text);
	ck_assert_str_eq(text, c->san);
	ck_assert_uint_eq(parse(&pos, c->san), m);
	bc_move_to_coord(&pos, m, text, sizeof text);
	ck_assert_str_eq(text, c->coord);
}
END_TEST

/* The 100-ply rule: hadean.md "Any capture, in passing or not, resets
 * the 100-ply count". */
START_TEST(test_hundred_plies)
{
	bc_game *g;
	bc_reason why;
	char fen[BC_FEN_MAX];

	/* Clock 99; the warrior takes b5 in passing (a5-c5). */
	fen_of_pieces(fen, sizeof fen, "Ka1 kl11 Ta5 pb5 pk8", "w - -");
	strcpy(strrchr(fen, ' ') - 2, " 99 80");
	ck_assert_int_eq(bc_game_new(&g, bc_variant_find(key), fen, NULL),
	    BC_OK);
	test_play(g, "a5c5");
	ck_assert_int_eq(bc_game_position(g)->halfmove, 0);
	ck_assert_int_eq(bc_game_result(g, &why), BC_RESULT_NONE);
	bc_game_free(g);
	/* Clock 99; the warrior flies over b5 being its own: no capture,
	 * the 100th ply draws. */
	fen_of_pieces(fen, sizeof fen, "Ka1 kl11 Ta5 Pb5 pk8", "w - -");
	strcpy(strrchr(fen, ' ') - 2, " 99 80");
	ck_assert_int_eq(bc_game_new(&g, bc_variant_find(key), fen, NULL),
	    BC_OK);
	test_play(g, "a5c5");
	ck_assert_int_eq(bc_game_result(g, &why), BC_RESULT_DRAW);
	ck_assert_int_eq(why, BC_REASON_FIFTY_MOVES);
	bc_game_free(g);
}
END_TEST

/* Threefold repetition with warriors flying back and forth; a passing
 * capture is irreversible, so it starts the count afresh. */
START_TEST(test_repetition)
{
	bc_game *g;
	bc_reason why;
	char fen[BC_FEN_MAX];
	static const char *const cycle[] = { "a5d5", "l8i8", "d5a5", "i8l8" };
	bc_ply ply;

	/* Each warrior flies over its own pawn: nothing is taken. */
	fen_of_pieces(fen, sizeof fen, "Ka1 Ta5 Pb5 kl11 tl8 pk8", "w - -");
	ck_assert_int_eq(bc_game_new(&g, bc_variant_find(key), fen, NULL),
	    BC_OK);
	for (int i = 0; i < 8; i++) {
		ck_assert_int_eq(bc_game_result(g, &why), BC_RESULT_NONE);
		test_play(g, cycle[i % 4]);
	}
	/* The start position after plies 0, 4 and 8: three times. */
	ck_assert_int_eq(bc_game_result(g, &why), BC_RESULT_DRAW);
	ck_assert_int_eq(why, BC_REASON_REPETITION);
	bc_game_free(g);
	/* a5-d5 over black pawns b5 and c5 takes both in passing: an
	 * irreversible move, kept in the game's record with what it took. */
	fen_of_pieces(fen, sizeof fen, "Ka1 Ta5 pb5 pc5 kl11", "w - -");
	ck_assert_int_eq(bc_game_new(&g, bc_variant_find(key), fen, NULL),
	    BC_OK);
	test_play(g, "a5d5");
	ck_assert_int_eq(bc_game_ply(g, 0, &ply), BC_OK);
	ck_assert(ply.irreversible);
	ck_assert_int_eq(ply.captured, BC_EMPTY);
	ck_assert_int_eq(BC_PIECE_COLOR(ply.passed[0]), BC_BLACK);
	ck_assert_int_eq(BC_PIECE_COLOR(ply.passed[1]), BC_BLACK);
	ck_assert_int_ne(ply.passed[0], BC_EMPTY);
	ck_assert_int_ne(ply.passed[1], BC_EMPTY);
	ck_assert_str_eq(ply.san, "Txd5");
	/* Undo puts both pawns back. */
	ck_assert_int_eq(bc_game_undo(g), BC_OK);
	ck_assert_int_ne(bc_game_position(g)->board[square_of("b5")],
	    BC_EMPTY);
	ck_assert_int_ne(bc_game_position(g)->board[square_of("c5")],
	    BC_EMPTY);
	bc_game_free(g);
}
END_TEST

/* bc_move_captures for the other kinds: an en-passant capture takes the
 * pawn that moved (hadean.md: after a3-a6 the pawn b5 takes on a4), a
 * capture its landing square's piece, a quiet move nothing. */
START_TEST(test_captures_other_kinds)
{
	bc_position pos;
	bc_square sq[BC_MAX_CAPTURES];

	LOAD_FEN(&pos, "hadean",
	    "6k5/12/12/12/12/12/Pp10/1p10/12/12/12/6K5 b - a4a5 0 7");
	ck_assert_int_eq(bc_move_captures(&pos, parse(&pos, "b5a4"), sq,
	    BC_MAX_CAPTURES), 1);
	ck_assert_int_eq(sq[0], square_of("a6"));
	ck_assert_int_eq(bc_move_captures(&pos, parse(&pos, "g12f12"), sq,
	    BC_MAX_CAPTURES), 0);
	setup(&pos, "Ka1 kl11 Gd5 Pe6 pf7", "w - -");
	ck_assert_int_eq(bc_move_captures(&pos, parse(&pos, "d5f7"), sq,
	    BC_MAX_CAPTURES), 1);
	ck_assert_int_eq(sq[0], square_of("f7"));
	/* Asked for fewer, it still says how many. */
	setup(&pos, "Ka1 kl11 Ta5 pb5 pc5 pd5", "w - -");
	ck_assert_int_eq(bc_move_captures(&pos, parse(&pos, "a5d5"), sq, 1),
	    3);
	ck_assert_int_eq(sq[0], square_of("b5"));
}
END_TEST

/* hadean.md: insufficient material only for K v K and K+B v K; a guard
 * (bound to one colour, as a bishop) can still mate, so it is no draw. */
START_TEST(test_material)
{
	static const struct {
		const char *pieces;
		bc_reason reason;
	} rows[] = {
		{ "Kg1 kg12", BC_REASON_MATERIAL },
		{ "Kg1 Bf1 kg12", BC_REASON_MATERIAL },
		{ "Kg1 Gf1 kg12", BC_REASON_NONE },
		{ "Kg1 Tf1 kg12", BC_REASON_NONE },
	};

	for (size_t i = 0; i < sizeof rows / sizeof rows[0]; i++) {
		bc_position pos;

		setup(&pos, rows[i].pieces, "w - -");
		ck_assert_int_eq(bc_position_rule_draw(&pos), rows[i].reason);
	}
}
END_TEST

/* FEN with G and T: read, written back the same; E and M are no pieces
 * here, G and T none in Hadean Chess. */
START_TEST(test_fen)
{
	static const char fen[] =
	    "r5k4r/12/12/12/3t8/12/4G7/12/12/12/12/R5K4R w KQkq - 4 9";
	char out[BC_FEN_MAX];
	bc_position pos;
	bc_error err;

	LOAD_FEN(&pos, key, fen);
	bc_position_to_fen(&pos, out, sizeof out);
	ck_assert_str_eq(out, fen);
	ck_assert_int_ne(bc_position_from_fen(&pos, bc_variant_find(key),
	    "6k5/12/12/12/3e8/12/12/12/12/12/12/6K5 w - - 0 1", &err), BC_OK);
	ck_assert_int_ne(bc_position_from_fen(&pos, bc_variant_find("hadean"),
	    fen, &err), BC_OK);
}
END_TEST

/* PGN: the Variant tag "Hadean Chess (flying ninjas)" written and read
 * back, with moves that take in passing. */
START_TEST(test_pgn_round_trip)
{
	/* From the start: 1. c6 c7 2. Tc4 (over its ninja pawn c2) Tc9
	 * (over c11) 3. Txc7 (over c5 and its own pawn c6). */
	static const char *const moves[] = { "c3c6", "c10c7", "c1c4", "c12c9",
		"c4c7", NULL };
	bc_game *g = test_game_with(key, moves);
	char *text = NULL;
	bc_pgn_game read;
	bc_error err;
	size_t offset = 0;

	ck_assert_int_eq(bc_pgn_write(g, NULL, 0, &text), BC_OK);
	ck_assert_msg(strstr(text, "[Variant \"Hadean Chess (flying "
	    "ninjas)\"]"), "%s", text);
	/* c4-c7 flies over c5 (empty) and c6 (own pawn) onto the black
	 * pawn c7: a capture on the landing square. */
	ck_assert_msg(strstr(text, "Txc7"), "%s", text);
	ck_assert_int_eq(bc_pgn_read(text, strlen(text), &offset, NULL, 1,
	    &read, &err), BC_OK);
	ck_assert_ptr_eq(bc_game_variant(read.game), bc_variant_find(key));
	ck_assert_int_eq(bc_game_length(read.game), 5);
	ck_assert(bc_position_equal(bc_game_position(read.game),
	    bc_game_position(g)));
	bc_pgn_game_free(&read);
	free(text);
	bc_game_free(g);
}
END_TEST

/* A PGN game from a FEN with a double capture in passing. */
START_TEST(test_pgn_passing)
{
	static const char pgn[] =
	    "[Variant \"Hadean Chess (flying ninjas)\"]\n"
	    "[SetUp \"1\"]\n"
	    "[FEN \"12/11k/12/12/12/12/12/Tpp9/12/12/12/K11 w - - 0 1\"]\n"
	    "\n1. Txd5 *\n";
	bc_pgn_game read;
	bc_error err;
	size_t offset = 0;
	const bc_position *pos;

	ck_assert_int_eq(bc_pgn_read(pgn, strlen(pgn), &offset, NULL, 1,
	    &read, &err), BC_OK);
	pos = bc_game_position(read.game);
	ck_assert_int_eq(pos->board[square_of("b5")], BC_EMPTY);
	ck_assert_int_eq(pos->board[square_of("c5")], BC_EMPTY);
	ck_assert_int_ne(pos->board[square_of("d5")], BC_EMPTY);
	ck_assert_int_eq(pos->piece_count[BC_BLACK], 1);
	bc_pgn_game_free(&read);
}
END_TEST

/* The character `dx` columns right of square `name`'s centre. */
static uint32_t
beside(struct pty *p, const char *name, int dx)
{
	int row, col;
	uint32_t ch;

	square_at(p, name, &row, &col);
	ch = pty_cell(p, row, col + dx).chars[0];
	return ch ? ch : ' ';
}

/* Waits until square `name` shows marker `c` on both sides. */
static bool
wait_marker(struct pty *p, const char *name, char c)
{
	for (int i = 0; i < WAIT_MS / 50; i++) {
		if (beside(p, name, -1) == (uint32_t)c &&
		    beside(p, name, 1) == (uint32_t)c)
			return true;
		pty_pump(p, 50);
	}
	return false;
}

#define ASSERT_MARKER(p, sq, c) \
	ck_assert_msg(wait_marker((p), (sq), (c)), "no %c %c on %s:\n%s", \
	    (c), (c), (sq), pty_dump(p))

/*
 * hadean.md's warrior on a5 with black pawns b5 and c5: lifted, with the
 * cursor on c5 the pawn b5 is marked x x (c5 is under the cursor) and
 * the status line names both; on d5 both pawns are marked.  The empty
 * d5 is marked as a capture (* *) once the cursor leaves it.  Played,
 * the message names what the move took, and both pawns are gone.
 */
START_TEST(test_screen_marks_taken)
{
	const char *args[] = { "--ascii", "--white", "human", "--black",
		"human", "--variant", "hadean-ninja", "--fen",
		"12/11k/12/12/12/12/12/Tpp9/12/12/12/K11 w - - 0 1", NULL };
	struct pty p;

	start_bigchess(&p, 24, 80, args, NULL);
	WAIT_GAME(&p);
	pty_send(&p, "kkkk" ENTER); /* the cursor starts on the king, a1 */
	WAIT_FOR(&p, "Flying ninja warrior on a5");
	pty_send(&p, "ll");
	WAIT_FOR(&p, "a5 to c5 takes 2 (b5, c5)");
	ASSERT_MARKER(&p, "b5", 'x');
	pty_send(&p, "l");
	WAIT_FOR(&p, "a5 to d5 takes 2 (b5, c5)");
	ASSERT_MARKER(&p, "b5", 'x');
	ASSERT_MARKER(&p, "c5", 'x');
	/* On a6 nothing is taken: no x, and d5 is a capture square. */
	pty_send(&p, "hhhk");
	WAIT_FOR(&p, "Moving the piece on a5: Enter on a marked square");
	ASSERT_MARKER(&p, "d5", '*');
	ASSERT_MARKER(&p, "b5", '*');
	ck_assert_uint_ne(beside(&p, "c5", -1), 'x');
	pty_send(&p, "jlll" ENTER);
	WAIT_FOR(&p, "White played Txd5, which takes 2 (b5, c5).");
	ASSERT_PIECE(&p, "b5", ' ');
	ASSERT_PIECE(&p, "c5", ' ');
	ASSERT_PIECE(&p, "d5", 'T');
	pty_close(&p);
}
END_TEST

/*
 * The piece-info key (i) on a guard: its name and the descriptor's
 * sentence, and the 12 squares of hadean.md's "a guard alone on f6".
 */
START_TEST(test_screen_piece_info)
{
	const char *args[] = { "--ascii", "--white", "human", "--black",
		"human", "--variant", "hadean-ninja", "--fen",
		"12/11k/12/12/12/12/5G6/12/12/12/12/K11 w - - 0 1", NULL };
	static const char *const reach[] = { "g7", "h8", "i9", "e7", "d8",
		"c9", "g5", "h4", "i3", "e5", "d4", "c3" };
	struct pty p;

	start_bigchess(&p, 24, 80, args, NULL);
	WAIT_GAME(&p);
	pty_send(&p, "lllllkkkkki"); /* from the king on a1 to f6 */
	WAIT_FOR(&p, "White Flying Ninja Guard (G) on f6: 12 squares");
	/* The panel wraps the sentence. */
	WAIT_FOR(&p, "flies 1-3 squares diagonally over");
	WAIT_FOR(&p, "anything, and takes every enemy piece");
	for (size_t i = 0; i < sizeof reach / sizeof reach[0]; i++)
		ck_assert_msg(square_char(&p, reach[i]) == '*',
		    "%s not marked:\n%s", reach[i], pty_dump(&p));
	pty_close(&p);
}
END_TEST

Suite *
hadean_ninja_suite(void)
{
	Suite *s = suite_create("hadean_ninja");
	TCase *tc = tcase_create("core"), *screen;

	tcase_set_timeout(tc, 30);
	tcase_add_test(tc, test_start_perft);
	tcase_add_test(tc, test_start_and_names);
	tcase_add_loop_test(tc, test_destinations, 0,
	    (int)(sizeof dest_cases / sizeof dest_cases[0]));
	tcase_add_loop_test(tc, test_every_arrangement, 0, 2);
	tcase_add_test(tc, test_passing_exposes_own_king);
	tcase_add_test(tc, test_passing_removes_checker);
	tcase_add_test(tc, test_check_through_pieces);
	tcase_add_test(tc, test_promotions);
	tcase_add_loop_test(tc, test_san, 0,
	    (int)(sizeof san_cases / sizeof san_cases[0]));
	tcase_add_test(tc, test_hundred_plies);
	tcase_add_test(tc, test_repetition);
	tcase_add_test(tc, test_captures_other_kinds);
	tcase_add_test(tc, test_material);
	tcase_add_test(tc, test_fen);
	tcase_add_test(tc, test_pgn_round_trip);
	tcase_add_test(tc, test_pgn_passing);
	suite_add_tcase(s, tc);
	screen = tcase_create("screen");
	tcase_set_timeout(screen, 30);
	tcase_add_test(screen, test_screen_marks_taken);
	tcase_add_test(screen, test_screen_piece_info);
	suite_add_tcase(s, screen);
	return s;
}
