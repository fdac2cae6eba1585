/*
 * check_hadean.c - Hadean Chess rules against shared/rules/hadean.md.
 *
 * No other program plays Hadean Chess, so every expected value here is
 * either quoted from hadean.md (the inventor's examples, the 44 start
 * moves, the castling table) or counted by hand; each table row says which,
 * and the hand counts are written out beside the rows.
 *
 * Positions are written as piece lists ("Kg1 Ra1 kb12": letter, square;
 * upper case White) that build_fen turns into a FEN, so that a reader can
 * see every piece of a position at a glance.  Move sets are compared as
 * sorted, space-separated words, so a failure shows exactly which squares
 * differ.
 *
 * Squares are (file, rank) with a = file 1; "s1, s2, s3" are the first three
 * squares of a flyer's direction, as in hadean.md.
 */
#include <ctype.h>
#include <stdio.h>
#include <string.h>

#include "test_util.h"

enum { TEXT_MAX = 4096, WORDS_MAX = 512 };

/*
 * Writes into `out` the Hadean FEN with the pieces of `pieces` (tokens like
 * "Kg1", "pb10", separated by spaces) and the side, castling and en-passant
 * fields `rest` ("w KQ -"), clocks "0 1".
 */
static void
build_fen(char *out, size_t size, const char *pieces, const char *rest)
{
	char board[12][12];
	const char *p = pieces;
	size_t len = 0;

	memset(board, 0, sizeof board);
	while (*p) {
		char *end;
		int file;
		long rank;

		if (*p == ' ') {
			p++;
			continue;
		}
		file = p[1] - 'a';
		rank = strtol(p + 2, &end, 10);
		ck_assert_msg(file >= 0 && file < 12 && rank >= 1 &&
		    rank <= 12 && end != p + 2, "bad token in \"%s\"", pieces);
		ck_assert_msg(board[rank - 1][file] == 0,
		    "square given twice in \"%s\"", pieces);
		board[rank - 1][file] = p[0];
		p = end;
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
			len += (size_t)snprintf(out + len, size - len, "%c",
			    board[r][f]);
		}
		if (run)
			len += (size_t)snprintf(out + len, size - len, "%d",
			    run);
		if (r)
			len += (size_t)snprintf(out + len, size - len, "/");
	}
	len += (size_t)snprintf(out + len, size - len, " %s 0 1", rest);
	ck_assert_uint_lt(len, size);
}

/* Loads the Hadean position of `pieces` and `rest` (see build_fen). */
static void
setup(bc_position *pos, const char *pieces, const char *rest)
{
	char fen[BC_FEN_MAX];

	build_fen(fen, sizeof fen, pieces, rest);
	LOAD_FEN(pos, "hadean", fen);
}

static int
compare_words(const void *a, const void *b)
{
	return strcmp(*(char *const *)a, *(char *const *)b);
}

/* Writes the space-separated words of `text` into `out`, sorted. */
static void
sorted_words(const char *text, char *out, size_t size)
{
	char copy[TEXT_MAX];
	char *words[WORDS_MAX];
	int n = 0;
	size_t len = 0;

	ck_assert_uint_lt(strlen(text), sizeof copy);
	strcpy(copy, text);
	for (char *w = strtok(copy, " "); w; w = strtok(NULL, " ")) {
		ck_assert_int_lt(n, WORDS_MAX);
		words[n++] = w;
	}
	qsort(words, (size_t)n, sizeof words[0], compare_words);
	out[0] = '\0';
	for (int i = 0; i < n; i++)
		len += (size_t)snprintf(out + len, size - len, "%s%s",
		    i ? " " : "", words[i]);
	ck_assert_uint_lt(len, size);
}

/*
 * Writes the legal moves of `pos` that start on `from` (every legal move if
 * `from` is NULL) into `out`, sorted: as destination squares if `dest_only`,
 * else in coordinate notation.
 */
static void
legal_moves_text(const bc_position *pos, const char *from, bool dest_only,
    char *out, size_t size)
{
	bc_move_list *list = new_move_list();
	char raw[TEXT_MAX];
	size_t len = 0;

	raw[0] = '\0';
	bc_movegen_legal(pos, list);
	for (int i = 0; i < list->count; i++) {
		bc_move m = list->moves[i];
		char word[BC_MOVE_TEXT_MAX];

		if (from && BC_MOVE_FROM(m) != square_of(from))
			continue;
		if (dest_only)
			bc_square_to_text(BC_MOVE_TO(m), word, sizeof word);
		else
			bc_move_to_coord(pos, m, word, sizeof word);
		len += (size_t)snprintf(raw + len, sizeof raw - len, "%s%s",
		    len ? " " : "", word);
		ck_assert_uint_lt(len, sizeof raw);
	}
	free(list);
	sorted_words(raw, out, size);
}

/* Fails unless the word sets `got` (already sorted) and `expected` agree. */
static void
assert_same_set(const char *got, const char *expected, const char *what)
{
	char want[TEXT_MAX];

	sorted_words(expected, want, sizeof want);
	ck_assert_msg(strcmp(got, want) == 0, "%s:\n  got      [%s]\n"
	    "  expected [%s]", what, got, want);
}

/* The legal move that `text` names; fails the test if there is none. */
static bc_move
parse_move(const bc_position *pos, const char *text)
{
	bc_error err;
	bc_move m = BC_MOVE_NONE;
	int rc = bc_move_parse(pos, text, &m, &err);

	ck_assert_msg(rc == BC_OK, "move %s: %s", text, err.message);
	return m;
}

/* Plays the move that `text` names. */
static void
play(bc_position *pos, const char *text)
{
	bc_undo undo;

	bc_position_make(pos, parse_move(pos, text), &undo);
}

/* Writes field `index` (0 = placement) of the FEN of `pos` into `out`. */
static void
fen_field(const bc_position *pos, int index, char *out, size_t size)
{
	char fen[BC_FEN_MAX];
	const char *p = fen;

	bc_position_to_fen(pos, fen, sizeof fen);
	for (int i = 0; i < index; i++) {
		p = strchr(p, ' ');
		ck_assert_msg(p != NULL, "FEN %s has no field %d", fen, index);
		p++;
	}
	snprintf(out, size, "%.*s", (int)strcspn(p, " "), p);
}

/* The piece on the square named `name`. */
static bc_piece
piece_on(const bc_position *pos, const char *name)
{
	bc_square sq = square_of(name);

	return bc_position_piece_at(pos, BC_FILE(sq), BC_RANK(sq));
}

/* The piece code of `letter` (upper case White, lower case Black). */
static bc_piece
piece_of(char letter)
{
	const bc_variant *v = bc_variant_find("hadean");
	int type = bc_variant_piece_type(v, letter);

	ck_assert_int_gt(type, 0);
	return BC_PIECE(letter >= 'a' ? BC_BLACK : BC_WHITE, type);
}

/* Fails unless square `name` holds `letter` ('.' for empty). */
static void
assert_piece(const bc_position *pos, const char *name, char letter)
{
	bc_piece want = letter == '.' ? BC_EMPTY : piece_of(letter);

	ck_assert_msg(piece_on(pos, name) == want,
	    "%s holds piece code %d, expected '%c' (code %d)", name,
	    piece_on(pos, name), letter, want);
}

/* ------------------------------------------------------------------ */
/* Destination sets: one piece's legal destinations in a position.     */

struct dest_case {
	const char *source; /* where the expected set comes from */
	const char *pieces;
	const char *rest;
	const char *from;
	const char *expect; /* destination squares, any order */
};

/*
 * Kings are put where they neither block nor are attacked by the piece
 * under test: each row's count assumes that, and the note says why.
 */
static const struct dest_case piece_cases[] = {
	/* King: one step in each of 8 directions. */
	{ "hand count: king in the open, its 8 neighbours",
	  "Kf6 kl12", "w - -", "f6", "e5 e6 e7 f5 f7 g5 g6 g7" },
	{ "hand count: king in the corner a1",
	  "Ka1 kl12", "w - -", "a1", "a2 b1 b2" },
	{ "hand count: king on the a-file edge",
	  "Ka6 kl12", "w - -", "a6", "a5 a7 b5 b6 b7" },
	/* e6 J and f7 P are friends; g5 p is captured (nothing guards
	 * it: the pawn on g5 guards f4/h4); the rook e12 covers e11..e7
	 * (stopped by J e6), so e7 is excluded but e5 is not. */
	{ "hand count: king among pieces, e7 attacked by re12",
	  "Kf6 Je6 Pf7 pg5 re12 ka12", "w - -", "f6",
	  "e5 f5 g5 g6 g7" },

	/* Queen f6: rank 6 (11), file f (11), diagonal a1-l12 without f6
	 * (11), anti-diagonal a11-k1 without f6 (10) = 43.  Ka2 and kl10
	 * stand on none of these lines. */
	{ "hand count: queen in the open, 11+11+11+10 = 43",
	  "Qf6 Ka2 kl10", "w - -", "f6",
	  "a6 b6 c6 d6 e6 g6 h6 i6 j6 k6 l6 "
	  "f1 f2 f3 f4 f5 f7 f8 f9 f10 f11 f12 "
	  "a1 b2 c3 d4 e5 g7 h8 i9 j10 k11 l12 "
	  "a11 b10 c9 d8 e7 g5 h4 i3 j2 k1" },
	/* Queen a1: rank 1, file a, diagonal to l12: 11 each. */
	{ "hand count: queen in the corner, 3 x 11 = 33",
	  "Qa1 Kc2 kl11", "w - -", "a1",
	  "b1 c1 d1 e1 f1 g1 h1 i1 j1 k1 l1 "
	  "a2 a3 a4 a5 a6 a7 a8 a9 a10 a11 a12 "
	  "b2 c3 d4 e5 f6 g7 h8 i9 j10 k11 l12" },
	/* Queen a6: file a (11), rank 6 (11), b7..g12 (6), b5..f1 (5). */
	{ "hand count: queen on the edge, 11+11+6+5 = 33",
	  "Qa6 Kl1 kl12", "w - -", "a6",
	  "a1 a2 a3 a4 a5 a7 a8 a9 a10 a11 a12 "
	  "b6 c6 d6 e6 f6 g6 h6 i6 j6 k6 l6 "
	  "b7 c8 d9 e10 f11 g12 b5 c4 d3 e2 f1" },
	/* Up: f7 (J f8 friend).  Right: g6, h6 capture.  Down-left: e5,
	 * d4 capture.  Up-right: g7 h8 (P i9 friend).  The other four
	 * rays run to the edge: e7..a11, f5..f1, e6..a6, g5..k1 (5 each)
	 * = 1+2+2+2+20 = 27. */
	{ "hand count: queen among pieces, 27",
	  "Qf6 Jf8 ph6 pd4 Pi9 Kl1 ka12", "w - -", "f6",
	  "f7 g6 h6 e5 d4 g7 h8 e7 d8 c9 b10 a11 f5 f4 f3 f2 f1 "
	  "e6 d6 c6 b6 a6 g5 h4 i3 j2 k1" },

	{ "hand count: rook in the open, 11+11 = 22",
	  "Rf6 Ka1 kl12", "w - -", "f6",
	  "a6 b6 c6 d6 e6 g6 h6 i6 j6 k6 l6 "
	  "f1 f2 f3 f4 f5 f7 f8 f9 f10 f11 f12" },
	{ "hand count: rook in the corner l1, 11+11 = 22",
	  "Rl1 Ka3 ka12", "w - -", "l1",
	  "a1 b1 c1 d1 e1 f1 g1 h1 i1 j1 k1 "
	  "l2 l3 l4 l5 l6 l7 l8 l9 l10 l11 l12" },
	{ "hand count: rook on the edge a6, 11+11 = 22",
	  "Ra6 Kl1 kl12", "w - -", "a6",
	  "a1 a2 a3 a4 a5 a7 a8 a9 a10 a11 a12 "
	  "b6 c6 d6 e6 f6 g6 h6 i6 j6 k6 l6" },
	/* Up f7 f8 (J f9); down f5, f4 capture; left e6 d6 (P c6);
	 * right g6 h6 i6, j6 capture: 2+2+2+4 = 10. */
	{ "hand count: rook among pieces, 10",
	  "Rf6 Jf9 pf4 Pc6 pj6 Ka1 kl12", "w - -", "f6",
	  "f7 f8 f5 f4 e6 d6 g6 h6 i6 j6" },

	/* Bishop f6: a1-l12 diagonal 11, a11-k1 anti-diagonal 10. */
	{ "hand count: bishop in the open, 11+10 = 21",
	  "Bf6 Ka2 kl10", "w - -", "f6",
	  "a1 b2 c3 d4 e5 g7 h8 i9 j10 k11 l12 "
	  "a11 b10 c9 d8 e7 g5 h4 i3 j2 k1" },
	{ "hand count: bishop in the corner l1, k2..a12 = 11",
	  "Bl1 Ka1 kl12", "w - -", "l1",
	  "k2 j3 i4 h5 g6 f7 e8 d9 c10 b11 a12" },
	{ "hand count: bishop on the edge a6, 6+5 = 11",
	  "Ba6 Kl1 kl12", "w - -", "a6",
	  "b7 c8 d9 e10 f11 g12 b5 c4 d3 e2 f1" },
	/* Up-right g7 (J h8); up-left e7 d8, c9 capture; down-right
	 * g5..k1 (5); down-left e5 d4 (P c3): 1+3+5+2 = 11.  The rook c9
	 * covers the c-file down to c3 and rank 9, not Ka3. */
	{ "hand count: bishop among pieces, 11",
	  "Bf6 Jh8 rc9 Pc3 Ka3 kl11", "w - -", "f6",
	  "g7 e7 d8 c9 g5 h4 i3 j2 k1 e5 d4" },

	/* Ferz-knight: ferz e5 e7 g5 g7 + knight d5 d7 e4 e8 g4 g8 h5
	 * h7 = 12 (hadean.md: 12 targets). */
	{ "hadean.md: ferz-knight has 12 targets in the open",
	  "Ff6 Ka1 kl12", "w - -", "f6",
	  "e5 e7 g5 g7 d5 d7 e4 e8 g4 g8 h5 h7" },
	{ "hand count: ferz-knight in the corner: b2 + b3 c2",
	  "Fa1 Kl1 kl12", "w - -", "a1", "b2 b3 c2" },
	{ "hand count: ferz-knight on the edge: b5 b7 + b4 b8 c5 c7",
	  "Fa6 Kl1 kl12", "w - -", "a6", "b5 b7 b4 b8 c5 c7" },
	/* Friends on g7 (ferz) and d7 (knight) are excluded; enemies on
	 * e5 and h7 are captured; the ring e6 g6 f5 f7 does not stop the
	 * leaps.  12 - 2 = 10. */
	{ "hand count: ferz-knight among pieces, 10",
	  "Ff6 Je6 Jg6 Jg7 Pf5 Pf7 Pd7 pe5 ph7 Ka1 kl12", "w - -", "f6",
	  "e5 e7 g5 d5 e4 e8 g4 g8 h5 h7" },

	/* Wazir-knight: wazir e6 g6 f5 f7 + the 8 knight squares. */
	{ "hadean.md: wazir-knight has 12 targets in the open",
	  "Wf6 Ka1 kl12", "w - -", "f6",
	  "e6 g6 f5 f7 d5 d7 e4 e8 g4 g8 h5 h7" },
	{ "hand count: wazir-knight in the corner: a2 b1 + b3 c2",
	  "Wa1 Kl1 kl12", "w - -", "a1", "a2 b1 b3 c2" },
	/* f12: wazir e12 g12 f11; knight (+-1,-2) e10 g10, (+-2,-1)
	 * d11 h11. */
	{ "hand count: wazir-knight on the top edge, 7",
	  "Wf12 Ka1 kl6", "w - -", "f12", "e12 g12 f11 d11 h11 e10 g10" },
	/* Friend J f7 (wazir) and P d5 (knight) excluded; enemies e6 and
	 * h7 captured: 10. */
	{ "hand count: wazir-knight among pieces, 10",
	  "Wf6 Jf7 pe6 Pd5 ph7 Ka1 kl12", "w - -", "f6",
	  "e6 g6 f5 d7 e4 e8 g4 g8 h5 h7" },

	/* Ferz-sorcerer: ferz e5 e7 g5 g7 + zebra (2,3) from f6: h9 h3
	 * d9 d3, (3,2): i8 i4 c8 c4 = 12. */
	{ "hadean.md: ferz-sorcerer has 12 targets in the open",
	  "Sf6 Ka1 kl12", "w - -", "f6",
	  "e5 e7 g5 g7 h9 h3 d9 d3 i8 i4 c8 c4" },
	{ "hand count: ferz-sorcerer in the corner: b2 + c4 d3",
	  "Sa1 Kl1 kl12", "w - -", "a1", "b2 c4 d3" },
	{ "hand count: ferz-sorcerer on the edge: b5 b7 + c9 c3 d8 d4",
	  "Sa6 Kl1 kl12", "w - -", "a6", "b5 b7 c9 c3 d8 d4" },
	/* Friends on e7 (ferz) and d9 (zebra) excluded; enemies g5 and
	 * i4 captured; the surrounding pieces do not stop the leap: 10. */
	{ "hand count: ferz-sorcerer among pieces, 10",
	  "Sf6 Je6 Jg6 Jf5 Pf7 Je7 Pd9 pg5 pi4 Ka1 kl12", "w - -", "f6",
	  "e5 g5 g7 h9 h3 d3 i8 i4 c8 c4" },

	{ "hadean.md: wazir-sorcerer has 12 targets in the open",
	  "Zf6 Ka1 kl12", "w - -", "f6",
	  "e6 g6 f5 f7 h9 h3 d9 d3 i8 i4 c8 c4" },
	/* l12: wazir k12 l11; zebra (-2,-3) j9, (-3,-2) i10. */
	{ "hand count: wazir-sorcerer in the corner l12: 4",
	  "Zl12 Ka1 ka12", "w - -", "l12", "k12 l11 j9 i10" },
	{ "hand count: wazir-sorcerer on the edge: a5 a7 b6 + c9 c3 d8 d4",
	  "Za6 Kl1 kl12", "w - -", "a6", "a5 a7 b6 c9 c3 d8 d4" },
	/* Friend J e6 (wazir) and P i8 (zebra) excluded; enemies f7 and
	 * c4 captured: 10. */
	{ "hand count: wazir-sorcerer among pieces, 10",
	  "Zf6 pf7 Je6 pc4 Pi8 Ka1 kl12", "w - -", "f6",
	  "f7 g6 f5 h9 h3 d9 d3 i4 c8 c4" },

	/* Flying elephant: three squares along each diagonal. */
	{ "hadean.md flyer rule: elephant in the open, 4 x 3 = 12",
	  "Ef6 Ka2 kl10", "w - -", "f6",
	  "g7 h8 i9 e7 d8 c9 g5 h4 i3 e5 d4 c3" },
	{ "hadean.md flyer rule: elephant in the corner l1",
	  "El1 Ka1 kl12", "w - -", "l1", "k2 j3 i4" },
	/* s1 b2 and s2 c3 both occupied: a jump over two to d4 only. */
	{ "hadean.md flyer rule: elephant a1 jumps two friends to d4",
	  "Ea1 Jb2 Pc3 Kl1 kl12", "w - -", "a1", "d4" },
	/* Up-right: s1 b7 friend, s2 c8 enemy (capture), s3 d9 (two
	 * jumped).  Down-right: s1 b5 enemy (capture), s2 c4 (jumps one),
	 * s3 d3 never (exactly one piece on s1/s2). */
	{ "hadean.md flyer rule: elephant on the edge among pieces",
	  "Ea6 Jb7 pc8 pb5 Kl1 kl12", "w - -", "a6", "c8 d9 b5 c4" },
	/* Up-right g7 friend, h8 empty: h8, not i9 (one piece on s1/s2).
	 * Up-left e7 empty, d8 enemy: e7 d8, not c9 (one piece).
	 * Down-right g5 enemy, h4 friend, i3 enemy: g5 and i3 (two
	 * jumped), not h4.  Down-left e5 d4 c3, not b2 (range 3). */
	{ "hadean.md flyer rule: elephant among pieces, each case",
	  "Ef6 Jg7 pd8 pg5 Ph4 pi3 Kl1 ka12", "w - -", "f6",
	  "h8 e7 d8 g5 i3 e5 d4 c3" },

	/* Flying warmachine: three squares along each orthogonal. */
	{ "hadean.md flyer rule: warmachine in the open, 4 x 3 = 12",
	  "Mf6 Ka1 kl12", "w - -", "f6",
	  "f7 f8 f9 f5 f4 f3 g6 h6 i6 e6 d6 c6" },
	/* As c1-c4 at the start: up a2 a3 occupied, a4; right b1 c1 d1. */
	{ "hadean.md flyer rule: warmachine a1 jumps two friends to a4",
	  "Ma1 Ja2 Pa3 Kl1 kl12", "w - -", "a1", "a4 b1 c1 d1" },
	/* Right: b6 c6 slide, d6 friend excluded; up/down three each. */
	{ "hadean.md flyer rule: warmachine on the edge",
	  "Ma6 Pd6 Kl1 kl12", "w - -", "a6",
	  "a7 a8 a9 a5 a4 a3 b6 c6" },
	/* Up: f7 enemy (capture), f8 (one jumped), not f9 (one piece).
	 * Down: f5 friend, f4 enemy (capture over one), f3 friend.
	 * Right: g6, h6 friend, not i6 (one piece).  Left: e6 d6, c6
	 * friend. */
	{ "hadean.md flyer rule: warmachine among pieces, each case",
	  "Mf6 pf7 Jf5 pf4 Pf3 Jh6 Pc6 Ka1 kl12", "w - -", "f6",
	  "f7 f8 f4 g6 e6 d6" },
	/* The inventor's diagram: c5 capture, b5, not a5 (one piece on
	 * s1/s2); e5 f5 g5 all captured (g5 over two); d6-d8, d4-d2. */
	{ "hadean.md: the inventor's warmachine diagram",
	  "Md5 wc5 qa5 pe5 pf5 pg5 Kl1 kl12", "w - -", "d5",
	  "c5 b5 e5 f5 g5 d6 d7 d8 d4 d3 d2" },
	/* The same diagram with colours and ranks mirrored (5 -> 8),
	 * Black to move: d9-d11 up, d7-d5 down. */
	{ "hadean.md: the inventor's diagram mirrored for Black",
	  "md8 Wc8 Qa8 Pe8 Pf8 Pg8 kl12 Kl1", "b - -", "d8",
	  "c8 b8 e8 f8 g8 d9 d10 d11 d7 d6 d5" },
};

/*
 * Sets up case `c` and compares the legal moves from c->from with c->expect:
 * destination squares only (`squares_only`) or whole coordinate moves.
 */
static void
check_dest_case(const struct dest_case *c, bool squares_only)
{
	bc_position pos;
	char got[TEXT_MAX], what[512];

	setup(&pos, c->pieces, c->rest);
	legal_moves_text(&pos, c->from, squares_only, got, sizeof got);
	snprintf(what, sizeof what, "%s [%s %s, from %s]", c->source,
	    c->pieces, c->rest, c->from ? c->from : "any square");
	assert_same_set(got, c->expect, what);
}

START_TEST(test_hadean_piece_destinations)
{
	check_dest_case(&piece_cases[_i], true);
}
END_TEST

/* Jumped pieces, of either colour, are unaffected (hadean.md). */
START_TEST(test_hadean_flyer_jump_leaves_pieces)
{
	bc_position pos;

	/* Inventor's diagram: the warmachine takes g5 over e5 and f5. */
	setup(&pos, "Md5 wc5 qa5 pe5 pf5 pg5 Kl1 kl12", "w - -");
	ck_assert_int_eq(BC_MOVE_KIND(parse_move(&pos, "d5g5")),
	    BC_MOVE_CAPTURE);
	play(&pos, "d5g5");
	assert_piece(&pos, "d5", '.');
	assert_piece(&pos, "e5", 'p');
	assert_piece(&pos, "f5", 'p');
	assert_piece(&pos, "g5", 'M');
	assert_piece(&pos, "c5", 'w');

	/* The elephant takes i3 over g5 (enemy) and h4 (friend). */
	setup(&pos, "Ef6 Jg7 pd8 pg5 Ph4 pi3 Kl1 ka12", "w - -");
	play(&pos, "f6i3");
	assert_piece(&pos, "f6", '.');
	assert_piece(&pos, "g5", 'p');
	assert_piece(&pos, "h4", 'P');
	assert_piece(&pos, "i3", 'E');

	/* A move to s2 over one piece: the elephant f6-h8 over J g7. */
	setup(&pos, "Ef6 Jg7 pd8 pg5 Ph4 pi3 Kl1 ka12", "w - -");
	play(&pos, "f6h8");
	assert_piece(&pos, "g7", 'J');
	assert_piece(&pos, "h8", 'E');
}
END_TEST

/* ------------------------------------------------------------------ */
/* The start position.                                                 */

START_TEST(test_hadean_start_moves)
{
	/* hadean.md, "Start FEN" and "The 44 first moves, counted by hand":
	 * 36 pawn moves (each of a3..l3 one, two or three squares); Z b1-d4;
	 * M c1-c4, j1-j4; E d1-a4, d1-g4, i1-f4, i1-l4; S k1-i4. */
	static const char start_fen[] =
	    "rzmefqkwemsr/jjjjjbbjjjjj/pppppppppppp/12/12/12/12/12/12/"
	    "PPPPPPPPPPPP/JJJJJBBJJJJJ/RZMEFQKWEMSR w KQkq - 0 1";
	static const char expect[] =
	    "a3a4 a3a5 a3a6 b3b4 b3b5 b3b6 c3c4 c3c5 c3c6 "
	    "d3d4 d3d5 d3d6 e3e4 e3e5 e3e6 f3f4 f3f5 f3f6 "
	    "g3g4 g3g5 g3g6 h3h4 h3h5 h3h6 i3i4 i3i5 i3i6 "
	    "j3j4 j3j5 j3j6 k3k4 k3k5 k3k6 l3l4 l3l5 l3l6 "
	    "b1d4 c1c4 j1j4 d1a4 d1g4 i1f4 i1l4 k1i4";
	const bc_variant *v = bc_variant_find("hadean");
	bc_position pos;
	char got[TEXT_MAX], want[TEXT_MAX];
	int words = 0;

	ck_assert_ptr_nonnull(v);
	ck_assert_str_eq(bc_variant_start_fen(v), start_fen);
	LOAD_FEN(&pos, "hadean", start_fen);
	legal_moves_text(&pos, NULL, false, got, sizeof got);
	assert_same_set(got, expect, "hadean.md: the 44 start moves");
	sorted_words(expect, want, sizeof want);
	for (const char *p = want; *p; p++)
		words += *p == ' ';
	ck_assert_int_eq(words + 1, 44);
}
END_TEST

/* ------------------------------------------------------------------ */
/* Pawns and ninja pawns.                                              */

static const struct dest_case pawn_cases[] = {
	/* hadean.md: from the start rank 1, 2 or 3 squares; from the 4th
	 * rank 1 or 2; from the 5th on 1 (never past the 6th rank). */
	{ "hadean.md: pawn on rank 3 moves 1, 2 or 3",
	  "Pc3 Kl1 kl12", "w - -", "c3", "c4 c5 c6" },
	{ "hadean.md: pawn on rank 4 moves 1 or 2",
	  "Pd4 Kl1 kl12", "w - -", "d4", "d5 d6" },
	{ "hadean.md: pawn on rank 5 moves 1",
	  "Pe5 Kl1 kl12", "w - -", "e5", "e6" },
	{ "hadean.md: pawn on rank 6 moves 1",
	  "Pf6 Kl1 kl12", "w - -", "f6", "f7" },
	{ "hadean.md: pawn on rank 10 moves 1, no promotion before rank 12",
	  "Pc10 Kl1 kl10", "w - -", "c10", "c11" },
	{ "hadean.md: long move stops before a piece on c5",
	  "Pc3 pc5 Kl1 kl12", "w - -", "c3", "c4" },
	{ "hadean.md: long move stops before a friend on c6",
	  "Pc3 Jc6 Kl1 kl12", "w - -", "c3", "c4 c5" },
	{ "hadean.md: pawn blocked on c4 cannot move or jump",
	  "Pc3 pc4 Kl1 kl12", "w - -", "c3", "" },
	{ "hadean.md: long move from rank 4 stops before a friend on d6",
	  "Pd4 Jd6 Kl1 kl12", "w - -", "d4", "d5" },
	{ "hadean.md: pawn captures diagonally forward on both sides",
	  "Pg3 pf4 ph4 Kl1 kl12", "w - -", "g3", "g4 g5 g6 f4 h4" },
	{ "hadean.md: pawn never captures straight ahead",
	  "Pd4 pd5 pe5 Kl1 kl12", "w - -", "d4", "e5" },
	/* Black mirrored: its start rank 10, 4th rank 9, 5th rank 8. */
	{ "hadean.md: black pawn on rank 10 moves 1, 2 or 3",
	  "pc10 Kl1 kl12", "b - -", "c10", "c9 c8 c7" },
	{ "hadean.md: black pawn on rank 9 moves 1 or 2",
	  "pd9 Kl1 kl12", "b - -", "d9", "d8 d7" },
	{ "hadean.md: black pawn on rank 8 moves 1",
	  "pe8 Kl1 kl12", "b - -", "e8", "e7" },
	{ "hadean.md: black pawn on rank 7 moves 1",
	  "pf7 Kl1 kl12", "b - -", "f7", "f6" },
	{ "hadean.md: black pawn blocked on g8, captures f9 and h9",
	  "pg10 Pf9 Ph9 Jg8 Kl1 kl12", "b - -", "g10", "g9 f9 h9" },

	/* Ninja pawns: White's lower half is ranks 1-6. */
	{ "hadean.md: ninja c2 steps sideways, runs forward up to c6",
	  "Jc2 Kl1 kl12", "w - -", "c2", "c3 c4 c5 c6 b2 d2" },
	/* Forward stops before c5 (no forward capture); b2 holds an enemy
	 * but sideways captures need the upper half; d3 is a diagonal
	 * capture; d2 a sideways step. */
	{ "hadean.md: ninja c2 among pieces in its lower half",
	  "Jc2 pc5 pb2 pd3 Kl1 kl12", "w - -", "c2", "c3 c4 d2 d3" },
	{ "hadean.md: ninja on the a-file edge",
	  "Ja2 Kl1 kl12", "w - -", "a2", "a3 a4 a5 a6 b2" },
	{ "hadean.md: ninja c3 runs up to c6",
	  "Jc3 Kl1 kl12", "w - -", "c3", "c4 c5 c6 b3 d3" },
	{ "hadean.md: ninja e5 one forward (up to the 6th rank)",
	  "Je5 Kl1 kl12", "w - -", "e5", "e6 d5 f5" },
	{ "hadean.md: ninja e6 steps forward into the upper half",
	  "Je6 Kl1 kl12", "w - -", "e6", "e7 d6 f6" },
	/* Rank 6 is still the lower half: no sideways captures of d6/f6;
	 * the diagonal capture d7 works everywhere. */
	{ "hadean.md: ninja on rank 6 cannot capture sideways",
	  "Je6 pd6 pf6 pd7 Kl1 kl12", "w - -", "e6", "e7 d7" },
	{ "hadean.md: ninja e8 in the upper half steps only one forward",
	  "Je8 Kl1 kl12", "w - -", "e8", "e9 d8 f8" },
	{ "hadean.md: ninja on rank 7 (upper half) captures sideways",
	  "Je7 pd7 pf7 Kl1 kl12", "w - -", "e7", "e8 d7 f7" },
	/* e9 enemy blocks (no forward capture); d8 enemy: sideways capture
	 * (upper half); f8 friend; d9 empty (no diagonal move); f9 enemy:
	 * diagonal capture. */
	{ "hadean.md: ninja e8 among pieces in its upper half",
	  "Je8 pe9 pd8 pf9 Pf8 Kl1 kl12", "w - -", "e8", "d8 f9" },
	/* Black: lower half ranks 12-7, its 6th rank is rank 7. */
	{ "hadean.md: black ninja c11 runs down to c7",
	  "jc11 Kl1 kl12", "b - -", "c11", "c10 c9 c8 c7 b11 d11" },
	{ "hadean.md: black ninja on rank 6 (upper half) captures sideways",
	  "je6 Pd6 Pf6 Kl1 kl12", "b - -", "e6", "e5 d6 f6" },
	{ "hadean.md: black ninja on rank 7 (lower half) cannot",
	  "je7 Pd7 Pf7 Pf6 Kl1 kl12", "b - -", "e7", "e6 f6" },
};

START_TEST(test_hadean_pawn_destinations)
{
	check_dest_case(&pawn_cases[_i], true);
}
END_TEST

/* A pawn's move of two or more squares is of kind LONG (position.h). */
START_TEST(test_hadean_pawn_move_kinds)
{
	bc_position pos;

	setup(&pos, "Pc3 Kl1 kl12", "w - -");
	ck_assert_int_eq(BC_MOVE_KIND(parse_move(&pos, "c3c4")),
	    BC_MOVE_NORMAL);
	ck_assert_int_eq(BC_MOVE_KIND(parse_move(&pos, "c3c5")),
	    BC_MOVE_LONG);
	ck_assert_int_eq(BC_MOVE_KIND(parse_move(&pos, "c3c6")),
	    BC_MOVE_LONG);
}
END_TEST

/* ------------------------------------------------------------------ */
/* En passant.                                                         */

struct ep_case {
	const char *source;
	const char *pieces;
	const char *rest;
	const char *long_move; /* the two- or three-square move */
	const char *ep_field;  /* FEN en-passant field after it */
	const char *capture;   /* an en-passant capture then legal */
	const char *victim;    /* the square it empties */
	const char *landing;   /* where the capturing pawn lands */
	char capturer;
	const char *others;    /* all legal moves of the capturing pawn */
};

static const struct ep_case ep_cases[] = {
	/* a3-a6 skips a4 and a5; both b5 and b6 can capture, so a writer
	 * can omit neither square.  b5: b4 or a4 e.p. */
	{ "hadean.md: a3-a6, b5 takes on a4",
	  "Pa3 pb5 pb6 Kh1 kh12", "w - -", "a3a6", "a4a5",
	  "b5a4", "a6", "a4", 'p', "b5b4 b5a4" },
	/* b6: b5 is its own pawn; only a5 e.p. */
	{ "hadean.md: a3-a6, b6 takes on a5",
	  "Pa3 pb5 pb6 Kh1 kh12", "w - -", "a3a6", "a4a5",
	  "b6a5", "a6", "a5", 'p', "b6a5" },
	{ "hadean.md: two squares from the start rank, c3-c5",
	  "Pc3 pd5 Kh1 kh12", "w - -", "c3c5", "c4",
	  "d5c4", "c5", "c4", 'p', "d5d4 d5c4" },
	/* f6 is Black's 7th rank: one step f5, or e5 e.p. */
	{ "hadean.md: two squares from the 4th rank, e4-e6",
	  "Pe4 pf6 Kh1 kh12", "w - -", "e4e6", "e5",
	  "f6e5", "e6", "e5", 'p', "f6f5 f6e5" },
	/* Black j10-j7 skips j9 then j8. */
	{ "hadean.md mirrored: j10-j7, i8 takes on j9",
	  "pj10 Pi8 Pk7 Kh1 kh12", "b - -", "j10j7", "j9j8",
	  "i8j9", "j7", "j9", 'P', "i8i9 i8j9" },
	{ "hadean.md mirrored: j10-j7, k7 takes on j8",
	  "pj10 Pi8 Pk7 Kh1 kh12", "b - -", "j10j7", "j9j8",
	  "k7j8", "j7", "j8", 'P', "k7k8 k7j8" },
	/* g9 is Black's 4th rank. */
	{ "hadean.md mirrored: two squares from the 4th rank, g9-g7",
	  "pg9 Ph7 Kh1 kh12", "b - -", "g9g7", "g8",
	  "h7g8", "g7", "g8", 'P', "h7h8 h7g8" },
};

START_TEST(test_hadean_en_passant)
{
	const struct ep_case *c = &ep_cases[_i];
	bc_position pos, after;
	char field[64], got[TEXT_MAX], from[4];
	bc_move m;

	setup(&pos, c->pieces, c->rest);
	ck_assert_int_eq(BC_MOVE_KIND(parse_move(&pos, c->long_move)),
	    BC_MOVE_LONG);
	play(&pos, c->long_move);
	fen_field(&pos, 3, field, sizeof field);
	ck_assert_msg(strcmp(field, c->ep_field) == 0,
	    "%s: en-passant field \"%s\", expected \"%s\"", c->source, field,
	    c->ep_field);

	snprintf(from, sizeof from, "%.*s", c->capture[2] >= 'a' ? 2 : 3,
	    c->capture);
	legal_moves_text(&pos, from, false, got, sizeof got);
	assert_same_set(got, c->others, c->source);

	m = parse_move(&pos, c->capture);
	ck_assert_int_eq(BC_MOVE_KIND(m), BC_MOVE_EN_PASSANT);
	after = pos;
	play(&after, c->capture);
	assert_piece(&after, c->victim, '.');
	assert_piece(&after, from, '.');
	assert_piece(&after, c->landing, c->capturer);
}
END_TEST

/* The right lasts one ply: after any other reply it is gone. */
START_TEST(test_hadean_en_passant_one_ply)
{
	bc_position pos;
	char field[64], got[TEXT_MAX];

	setup(&pos, "Pa3 pb5 pb6 Kh1 kh12", "w - -");
	play(&pos, "a3a6");
	play(&pos, "h12h11");
	fen_field(&pos, 3, field, sizeof field);
	ck_assert_str_eq(field, "-");
	play(&pos, "h1h2");
	/* b5: only the push b4 (a4 is empty, no e.p. any more); b6: b5 is
	 * its own pawn and a5 is empty: no moves. */
	legal_moves_text(&pos, "b5", false, got, sizeof got);
	assert_same_set(got, "b5b4", "hand count: e.p. gone after a ply");
	legal_moves_text(&pos, "b6", false, got, sizeof got);
	assert_same_set(got, "", "hand count: e.p. gone after a ply");
}
END_TEST

/* Ninja pawns are never captured en passant and never capture so. */
START_TEST(test_hadean_en_passant_ninja)
{
	bc_position pos;
	char got[TEXT_MAX], field[64];

	/* J c2-c5 runs over c3 and c4: pawn d4 could reach c3, pawn b5
	 * c4, but neither may capture; both can only push. */
	setup(&pos, "Jc2 pd4 pb5 Kh1 kh12", "w - -");
	play(&pos, "c2c5");
	fen_field(&pos, 3, field, sizeof field);
	ck_assert_str_eq(field, "-");
	legal_moves_text(&pos, "d4", false, got, sizeof got);
	assert_same_set(got, "d4d3", "hadean.md: ninja not taken e.p.");
	legal_moves_text(&pos, "b5", false, got, sizeof got);
	assert_same_set(got, "b5b4", "hadean.md: ninja not taken e.p.");

	/* a3-a6: the black ninja b5 may not take on a4 (it steps b4, a5,
	 * c5); the pawn b6 still takes on a5. */
	setup(&pos, "Pa3 jb5 pb6 Kh1 kh12", "w - -");
	play(&pos, "a3a6");
	legal_moves_text(&pos, "b5", false, got, sizeof got);
	assert_same_set(got, "b5b4 b5a5 b5c5",
	    "hadean.md: ninja does not capture e.p.");
	legal_moves_text(&pos, "b6", false, got, sizeof got);
	assert_same_set(got, "b6a5", "hadean.md: pawn b6 takes on a5");
	/* Writers may omit a4, which no pawn can capture on. */
	fen_field(&pos, 3, field, sizeof field);
	ck_assert_msg(strcmp(field, "a4a5") == 0 || strcmp(field, "a5") == 0,
	    "en-passant field \"%s\", expected a4a5 or a5", field);
}
END_TEST

/* Reading the en-passant field, in full and listed only partly. */
struct ep_fen_case {
	const char *source;
	const char *pieces;
	const char *rest;
	const char *write_back; /* expected field written, or NULL */
	const char *capture;
	const char *victim;
};

static const struct ep_fen_case ep_fen_cases[] = {
	{ "rules/README.md: a4a5 after a3-a6, read and written back",
	  "Pa6 pb5 pb6 Kh1 kh12", "b - a4a5", "a4a5", "b5a4", "a6" },
	{ "rules/README.md: a4a5 read, the other capture",
	  "Pa6 pb5 pb6 Kh1 kh12", "b - a4a5", "a4a5", "b6a5", "a6" },
	/* Listed partly: the pawn is the first piece beyond a4 (a6). */
	{ "rules/README.md: a4 alone after a3-a6, the pawn is on a6",
	  "Pa6 pb5 Kh1 kh12", "b - a4", NULL, "b5a4", "a6" },
	{ "rules/README.md: a5 alone after a3-a6, the pawn is on a6",
	  "Pa6 pb6 Kh1 kh12", "b - a5", NULL, "b6a5", "a6" },
	{ "rules/README.md: j9j8 after j10-j7, read and written back",
	  "pj7 Pi8 Pk7 Kh1 kh12", "w - j9j8", "j9j8", "i8j9", "j7" },
	{ "rules/README.md: j8 alone after j10-j7, the pawn is on j7",
	  "pj7 Pk7 Kh1 kh12", "w - j8", NULL, "k7j8", "j7" },
};

START_TEST(test_hadean_en_passant_fen)
{
	const struct ep_fen_case *c = &ep_fen_cases[_i];
	bc_position pos;
	char field[64], from[4];
	bc_move m;

	setup(&pos, c->pieces, c->rest);
	if (c->write_back) {
		fen_field(&pos, 3, field, sizeof field);
		ck_assert_msg(strcmp(field, c->write_back) == 0,
		    "%s: wrote \"%s\"", c->source, field);
	}
	m = parse_move(&pos, c->capture);
	ck_assert_msg(BC_MOVE_KIND(m) == BC_MOVE_EN_PASSANT, "%s: kind %d",
	    c->source, BC_MOVE_KIND(m));
	snprintf(from, sizeof from, "%.2s", c->capture);
	play(&pos, c->capture);
	assert_piece(&pos, c->victim, '.');
	assert_piece(&pos, from, '.');
}
END_TEST

START_TEST(test_hadean_en_passant_fen_rejects)
{
	bc_position pos;
	bc_error err;
	char fen[BC_FEN_MAX];

	/* a4a5 listed, but nothing stands beyond them on the a-file. */
	build_fen(fen, sizeof fen, "pb5 Kh1 kh12", "b - a4a5");
	ck_assert_int_ne(bc_position_from_fen(&pos, bc_variant_find("hadean"),
	    fen, &err), BC_OK);
}
END_TEST

/* ------------------------------------------------------------------ */
/* Promotion: last rank only, mandatory, nine choices.                 */

static const struct dest_case promo_cases[] = {
	{ "hadean.md: pawn push promotes to Q R B E M F W S Z only",
	  "Pc11 Kh1 kl10", "w - -", "c11",
	  "c11c12q c11c12r c11c12b c11c12e c11c12m c11c12f c11c12w "
	  "c11c12s c11c12z" },
	{ "hadean.md: pawn push and capture both promote, 9 + 9",
	  "Pc11 rd12 Kh1 kl10", "w - -", "c11",
	  "c11c12q c11c12r c11c12b c11c12e c11c12m c11c12f c11c12w "
	  "c11c12s c11c12z "
	  "c11d12q c11d12r c11d12b c11d12e c11d12m c11d12f c11d12w "
	  "c11d12s c11d12z" },
	/* e11: forward e12 and capture f12 promote (9 + 9); sideways
	 * steps d11 f11 stay on rank 11. */
	{ "hadean.md: ninja push and capture promote, 9 + 9 + 2",
	  "Je11 rf12 Kh1 kl10", "w - -", "e11",
	  "e11e12q e11e12r e11e12b e11e12e e11e12m e11e12f e11e12w "
	  "e11e12s e11e12z "
	  "e11f12q e11f12r e11f12b e11f12e e11f12m e11f12f e11f12w "
	  "e11f12s e11f12z e11d11 e11f11" },
	{ "hadean.md: black pawn push promotes on rank 1",
	  "pc2 Kh12 kl3", "b - -", "c2",
	  "c2c1q c2c1r c2c1b c2c1e c2c1m c2c1f c2c1w c2c1s c2c1z" },
	{ "hadean.md: black pawn push and capture promote",
	  "pc2 Rd1 Kh12 kl3", "b - -", "c2",
	  "c2c1q c2c1r c2c1b c2c1e c2c1m c2c1f c2c1w c2c1s c2c1z "
	  "c2d1q c2d1r c2d1b c2d1e c2d1m c2d1f c2d1w c2d1s c2d1z" },
	{ "hadean.md: black ninja push and capture promote",
	  "je2 Rf1 Kh12 kl3", "b - -", "e2",
	  "e2e1q e2e1r e2e1b e2e1e e2e1m e2e1f e2e1w e2e1s e2e1z "
	  "e2f1q e2f1r e2f1b e2f1e e2f1m e2f1f e2f1w e2f1s e2f1z "
	  "e2d2 e2f2" },
};

START_TEST(test_hadean_promotion_moves)
{
	check_dest_case(&promo_cases[_i], false);
}
END_TEST

/* Each promotion puts the chosen piece on the last rank. */
START_TEST(test_hadean_promotion_pieces)
{
	static const struct {
		const char *pieces, *rest, *move_prefix, *square;
		bool black;
	} cases[] = {
		{ "Pc11 rd12 Kh1 kl10", "w - -", "c11c12", "c12", false },
		{ "Pc11 rd12 Kh1 kl10", "w - -", "c11d12", "d12", false },
		{ "Je11 rf12 Kh1 kl10", "w - -", "e11e12", "e12", false },
		{ "Je11 rf12 Kh1 kl10", "w - -", "e11f12", "f12", false },
		{ "pc2 Rd1 Kh12 kl3", "b - -", "c2d1", "d1", true },
		{ "je2 Rf1 Kh12 kl3", "b - -", "e2e1", "e1", true },
	};
	static const char letters[] = "QRBEMFWSZ";

	for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++) {
		for (const char *l = letters; *l; l++) {
			bc_position pos;
			char text[16];
			char want = cases[i].black ? (char)(*l - 'A' + 'a') : *l;

			setup(&pos, cases[i].pieces, cases[i].rest);
			snprintf(text, sizeof text, "%s%c",
			    cases[i].move_prefix, *l - 'A' + 'a');
			play(&pos, text);
			assert_piece(&pos, cases[i].square, want);
		}
	}
}
END_TEST

/* ------------------------------------------------------------------ */
/* Flexible castling.                                                  */

/* The king's five steps from g1 on an otherwise empty first rank. */
#define W_STEPS "g1f1 g1h1 g1f2 g1g2 g1h2 "
#define W_SHORT "O-O-1 O-O-2 O-O-3 O-O-4 "
#define W_LONG "O-O-O-1 O-O-O-2 O-O-O-3 O-O-O-4 O-O-O-5 "
#define W_BASE "Kg1 Ra1 Rl1 kb12 "

static const struct dest_case castle_cases[] = {
	{ "hadean.md: all 9 castlings on an empty rank",
	  W_BASE, "w KQ -", "g1", W_STEPS W_SHORT W_LONG },
	{ "hadean.md: no K right, no short castling",
	  W_BASE, "w Q -", "g1", W_STEPS W_LONG },
	{ "hadean.md: no Q right, no long castling",
	  W_BASE, "w K -", "g1", W_STEPS W_SHORT },
	{ "hadean.md: no rights, no castling",
	  W_BASE, "w - -", "g1", W_STEPS },
	/* "every square between them is empty": a piece on i1 blocks all
	 * four short castlings, even O-O-1, which uses h1 and g1 only. */
	{ "hadean.md: a friend on i1 blocks every short castling",
	  W_BASE "Bi1", "w KQ -", "g1", W_STEPS W_LONG },
	/* The ferz-knight on k1 attacks j2 l2 i2 j3 l3: no king step. */
	{ "hadean.md: an enemy on k1 blocks every short castling",
	  W_BASE "fk1", "w KQ -", "g1", W_STEPS W_LONG },
	{ "hadean.md: a friend on b1 blocks every long castling",
	  W_BASE "Bb1", "w KQ -", "g1", W_STEPS W_SHORT },
	/* Check from g8: no castling; the king may step to f1 h1 f2 h2
	 * but not along the g-file to g2. */
	{ "hadean.md: no castling out of check",
	  W_BASE "rg8", "w KQ -", "g1", "g1f1 g1h1 g1f2 g1h2" },
	/* i1 attacked: O-O-1 (king to h1) stays; O-O-2 lands on i1;
	 * O-O-3 and O-O-4 cross it. */
	{ "hadean.md: an attacked crossed square i1",
	  W_BASE "ri8", "w KQ -", "g1", W_STEPS "O-O-1 " W_LONG },
	/* e1 attacked: O-O-O-1 (king to f1) stays; O-O-O-2 lands on e1;
	 * O-O-O-3..5 cross it. */
	{ "hadean.md: an attacked crossed square e1",
	  W_BASE "re8", "w KQ -", "g1", W_STEPS W_SHORT "O-O-O-1" },
	/* k1 attacked: only O-O-4 lands there; O-O-1..3 move the rook
	 * across k1, which is allowed. */
	{ "hadean.md: attacked landing k1; the rook may cross it",
	  W_BASE "rk8", "w KQ -", "g1",
	  W_STEPS "O-O-1 O-O-2 O-O-3 " W_LONG },
	/* b1 attacked: only O-O-O-5 lands there; the rook crosses b1 in
	 * O-O-O-1..4. */
	{ "hadean.md: attacked landing b1; the rook may cross it",
	  W_BASE "rb8", "w KQ -", "g1",
	  W_STEPS W_SHORT "O-O-O-1 O-O-O-2 O-O-O-3 O-O-O-4" },
	/* The rook itself attacked: only king squares count (hadean.md;
	 * as in standard chess). */
	{ "hadean.md: an attacked rook a1 may still castle",
	  W_BASE "ra8", "w KQ -", "g1", W_STEPS W_SHORT W_LONG },
	/* The warmachine h4 jumps P h3 and J h2 (two pieces) and so
	 * attacks h1: every short castling is blocked, the king step to h1
	 * too; h2 holds a friend. */
	{ "hadean.md flyer rule: h1 attacked by a warmachine over two",
	  W_BASE "mh4 Ph3 Jh2", "w KQ -", "g1",
	  "g1f1 g1f2 g1g2 " W_LONG },
	/* With only J h2 between (s1 h3 empty, s2 h2 occupied) the
	 * warmachine cannot reach h1: all castlings stand. */
	{ "hadean.md flyer rule: one piece between, h1 not attacked",
	  W_BASE "mh4 Jh2", "w KQ -", "g1",
	  "g1f1 g1h1 g1f2 g1g2 " W_SHORT W_LONG },
	/* Black likewise on rank 12. */
	{ "hadean.md: Black's 9 castlings on rank 12",
	  "kg12 ra12 rl12 Kb1", "b kq -", "g12",
	  "g12f12 g12h12 g12f11 g12g11 g12h11 " W_SHORT W_LONG },
	{ "hadean.md: Black, i12 attacked by a rook on i5",
	  "kg12 ra12 rl12 Kb1 Ri5", "b kq -", "g12",
	  "g12f12 g12h12 g12f11 g12g11 g12h11 O-O-1 " W_LONG },
};

START_TEST(test_hadean_castling_sets)
{
	check_dest_case(&castle_cases[_i], false);
}
END_TEST

/* hadean.md's castling table, for both colours. */
struct castle_row {
	const char *text;
	char king_to, rook_from, rook_to; /* files */
};

static const struct castle_row castle_table[] = {
	{ "O-O-1", 'h', 'l', 'g' },
	{ "O-O-2", 'i', 'l', 'h' },
	{ "O-O-3", 'j', 'l', 'i' },
	{ "O-O-4", 'k', 'l', 'j' },
	{ "O-O-O-1", 'f', 'a', 'g' },
	{ "O-O-O-2", 'e', 'a', 'f' },
	{ "O-O-O-3", 'd', 'a', 'e' },
	{ "O-O-O-4", 'c', 'a', 'd' },
	{ "O-O-O-5", 'b', 'a', 'c' },
};

START_TEST(test_hadean_castling_table)
{
	int n = (int)(sizeof castle_table / sizeof castle_table[0]);
	bool black = _i >= n;
	int rank = black ? 12 : 1;
	char king = black ? 'k' : 'K', rook = black ? 'r' : 'R';
	bc_position pos;
	char text[BC_MOVE_TEXT_MAX], sq[8], field[16];
	bc_move m;
	const struct castle_row *row;

	row = &castle_table[_i % n];
	if (black)
		setup(&pos, "kg12 ra12 rl12 Kb1", "b kq -");
	else
		setup(&pos, "Kg1 Ra1 Rl1 kb12", "w KQ -");
	m = parse_move(&pos, row->text);
	ck_assert_int_eq(BC_MOVE_KIND(m), BC_MOVE_CASTLE);
	snprintf(sq, sizeof sq, "g%d", rank);
	ck_assert_int_eq(BC_MOVE_FROM(m), square_of(sq));
	snprintf(sq, sizeof sq, "%c%d", row->king_to, rank);
	ck_assert_int_eq(BC_MOVE_TO(m), square_of(sq));
	bc_move_to_coord(&pos, m, text, sizeof text);
	ck_assert_str_eq(text, row->text);
	/* No check results: the other king is on the b-file, which no
	 * rook reaches. */
	bc_move_to_san(&pos, m, text, sizeof text);
	ck_assert_str_eq(text, row->text);

	play(&pos, row->text);
	/* The whole home rank: the king, the castled rook, the other
	 * rook on its home square, nothing else. */
	for (char f = 'a'; f <= 'l'; f++) {
		char want = '.';

		if (f == row->king_to)
			want = king;
		else if (f == row->rook_to)
			want = rook;
		else if ((f == 'a' || f == 'l') && f != row->rook_from)
			want = rook;
		snprintf(sq, sizeof sq, "%c%d", f, rank);
		assert_piece(&pos, sq, want);
	}
	fen_field(&pos, 2, field, sizeof field);
	ck_assert_str_eq(field, "-");
}
END_TEST

/*
 * The legal move from `from` to `to` of kind `kind` (squares by name);
 * fails unless there is exactly one.
 */
static bc_move
find_move(const bc_position *pos, const char *from, const char *to,
    int kind)
{
	bc_move_list *list = new_move_list();
	bc_move found = BC_MOVE_NONE;
	int count = 0;

	bc_movegen_legal(pos, list);
	for (int i = 0; i < list->count; i++) {
		bc_move m = list->moves[i];

		if (BC_MOVE_FROM(m) == square_of(from) &&
		    BC_MOVE_TO(m) == square_of(to) && BC_MOVE_KIND(m) == kind) {
			found = m;
			count++;
		}
	}
	free(list);
	ck_assert_msg(count == 1, "%d legal moves %s-%s of kind %d", count,
	    from, to, kind);
	return found;
}

/* O-O-1 (g1-h1) and the king step g1-h1 are different moves; likewise
 * O-O-O-1 and the step g1-f1 (hadean.md). */
START_TEST(test_hadean_castling_vs_king_step)
{
	static const struct {
		const char *to, *step_coord, *step_san, *castle;
		const char *rook_from, *rook_to;
	} cases[] = {
		{ "h1", "g1h1", "Kh1", "O-O-1", "l1", "g1" },
		{ "f1", "g1f1", "Kf1", "O-O-O-1", "a1", "g1" },
	};

	for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++) {
		bc_position pos, after;
		bc_move step, castle;
		bc_undo undo;
		char text[BC_MOVE_TEXT_MAX], field[16];

		setup(&pos, "Kg1 Ra1 Rl1 kb12", "w KQ -");
		step = find_move(&pos, "g1", cases[i].to, BC_MOVE_NORMAL);
		castle = find_move(&pos, "g1", cases[i].to, BC_MOVE_CASTLE);
		ck_assert_uint_ne(step, castle);
		bc_move_to_coord(&pos, step, text, sizeof text);
		ck_assert_str_eq(text, cases[i].step_coord);
		bc_move_to_san(&pos, step, text, sizeof text);
		ck_assert_str_eq(text, cases[i].step_san);
		bc_move_to_coord(&pos, castle, text, sizeof text);
		ck_assert_str_eq(text, cases[i].castle);
		ck_assert_uint_eq(parse_move(&pos, cases[i].castle), castle);

		/* The step leaves the rook home and loses both rights. */
		after = pos;
		bc_position_make(&after, step, &undo);
		assert_piece(&after, cases[i].to, 'K');
		assert_piece(&after, "g1", '.');
		assert_piece(&after, cases[i].rook_from, 'R');
		fen_field(&after, 2, field, sizeof field);
		ck_assert_str_eq(field, "-");

		/* The castling moves the rook next to the king. */
		after = pos;
		play(&after, cases[i].castle);
		assert_piece(&after, cases[i].to, 'K');
		assert_piece(&after, cases[i].rook_to, 'R');
		assert_piece(&after, cases[i].rook_from, '.');
	}
}
END_TEST

/*
 * Coordinate text "g1h1" and SAN "Kh1" name the king step: castling is
 * spelled "O-O-1" in both notations (hadean.md, rules/README.md).
 */
START_TEST(test_hadean_castling_step_parse)
{
	static const struct {
		const char *text, *to;
	} cases[] = {
		{ "g1h1", "h1" }, { "Kh1", "h1" },
		{ "g1f1", "f1" }, { "Kf1", "f1" },
	};

	for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++) {
		bc_position pos;
		bc_move m = BC_MOVE_NONE;
		bc_error err;
		int rc;

		setup(&pos, "Kg1 Ra1 Rl1 kb12", "w KQ -");
		rc = bc_move_parse(&pos, cases[i].text, &m, &err);
		ck_assert_msg(rc == BC_OK, "%s: %s", cases[i].text,
		    err.message);
		ck_assert_uint_eq(m,
		    find_move(&pos, "g1", cases[i].to, BC_MOVE_NORMAL));
	}
	/* And the castlings by name, for the record. */
	{
		bc_position pos;

		setup(&pos, "Kg1 Ra1 Rl1 kb12", "w KQ -");
		ck_assert_uint_eq(parse_move(&pos, "O-O-2"),
		    find_move(&pos, "g1", "i1", BC_MOVE_CASTLE));
		ck_assert_uint_eq(parse_move(&pos, "O-O-O-5"),
		    find_move(&pos, "g1", "b1", BC_MOVE_CASTLE));
	}
}
END_TEST

/* Castling moves of the side to move, sorted coordinate text. */
static void
castles_text(const bc_position *pos, char *out, size_t size)
{
	bc_move_list *list = new_move_list();
	char raw[TEXT_MAX];
	size_t len = 0;

	raw[0] = '\0';
	bc_movegen_legal(pos, list);
	for (int i = 0; i < list->count; i++) {
		char word[BC_MOVE_TEXT_MAX];

		if (BC_MOVE_KIND(list->moves[i]) != BC_MOVE_CASTLE)
			continue;
		bc_move_to_coord(pos, list->moves[i], word, sizeof word);
		len += (size_t)snprintf(raw + len, sizeof raw - len, "%s%s",
		    len ? " " : "", word);
	}
	free(list);
	sorted_words(raw, out, size);
}

/* Rights lost by moving the king or a rook away and back, or by losing
 * the rook. */
START_TEST(test_hadean_castling_rights_lost)
{
	static const struct {
		const char *source, *pieces, *rest;
		const char *moves[4];
		const char *rights, *castles;
	} cases[] = {
		{ "hadean.md: the king has moved (g1-f1-g1)",
		  "Kg1 Ra1 Rl1 kb12", "w KQ -",
		  { "g1f1", "b12b11", "f1g1", "b11b12" }, "-", "" },
		{ "hadean.md: the rook l1 has moved (l1-l2-l1)",
		  "Kg1 Ra1 Rl1 kb12", "w KQ -",
		  { "l1l2", "b12b11", "l2l1", "b11b12" }, "Q", W_LONG },
		{ "hadean.md: the rook a1 has moved (a1-a2-a1)",
		  "Kg1 Ra1 Rl1 kb12", "w KQ -",
		  { "a1a2", "b12b11", "a2a1", "b11b12" }, "K", W_SHORT },
		/* The ferz-knight k3 takes l1 by a knight leap; from l1 it
		 * attacks k2 j2 k3, none of them on rank 1. */
		{ "hadean.md: the rook l1 is captured",
		  "Kg1 Ra1 Rl1 kb12 fk3", "b KQ -",
		  { "k3l1", NULL, NULL, NULL }, "Q", W_LONG },
	};

	for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++) {
		bc_position pos;
		char field[16], got[TEXT_MAX];

		setup(&pos, cases[i].pieces, cases[i].rest);
		for (int j = 0; j < 4 && cases[i].moves[j]; j++) {
			/* By squares and kind: "g1f1" is a plain king step
			 * here, never O-O-O-1 (parsing is tested apart). */
			char from[4], to[4];
			bc_undo undo;
			const char *t = cases[i].moves[j];
			int k = isdigit((unsigned char)t[2]) ? 3 : 2;

			snprintf(from, sizeof from, "%.*s", k, t);
			snprintf(to, sizeof to, "%s", t + k);
			bc_position_make(&pos, find_move(&pos, from, to,
			    BC_PIECE_TYPE(piece_on(&pos, to)) ?
			    BC_MOVE_CAPTURE : BC_MOVE_NORMAL), &undo);
		}
		fen_field(&pos, 2, field, sizeof field);
		ck_assert_msg(strcmp(field, cases[i].rights) == 0,
		    "%s: rights \"%s\"", cases[i].source, field);
		castles_text(&pos, got, sizeof got);
		assert_same_set(got, cases[i].castles, cases[i].source);
	}
}
END_TEST

/* A castling right needs the king and that rook on their home squares. */
START_TEST(test_hadean_castling_fen)
{
	static const struct {
		const char *pieces, *rest;
		bool ok;
	} cases[] = {
		{ "Kg1 Ra1 Rl1 kb12", "w KQ -", true },
		{ "Kg1 Rl1 kb12", "w K -", true },
		{ "kg12 ra12 rl12 Kb1", "b kq -", true },
		{ "Kf1 Ra1 Rl1 kb12", "w K -", false },  /* king on f1 */
		{ "Kh1 Ra1 Rl1 kb12", "w Q -", false },  /* king on h1 */
		{ "Kg1 Rb1 Rl1 kb12", "w Q -", false },  /* rook on b1 */
		{ "Kg1 Ra1 kb12", "w K -", false },      /* no rook l1 */
		{ "Kg1 Ra1 Rk1 kb12", "w K -", false },  /* rook on k1 */
		{ "Kg1 Ra1 rl1 kb12", "w K -", false },  /* enemy rook l1 */
		{ "kh12 ra12 rl12 Kb1", "b k -", false }, /* king on h12 */
		{ "kg12 rl12 Kb1", "b q -", false },      /* no rook a12 */
	};

	for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++) {
		bc_position pos;
		bc_error err;
		char fen[BC_FEN_MAX];
		int rc;

		build_fen(fen, sizeof fen, cases[i].pieces, cases[i].rest);
		err.message[0] = '\0';
		rc = bc_position_from_fen(&pos, bc_variant_find("hadean"), fen,
		    &err);
		if (cases[i].ok) {
			ck_assert_msg(rc == BC_OK, "%s rejected: %s", fen,
			    err.message);
		} else {
			ck_assert_msg(rc != BC_OK, "%s accepted", fen);
			ck_assert_msg(err.message[0] != '\0',
			    "%s: no message", fen);
		}
	}
}
END_TEST

/* build_fen itself, checked against the start FEN of hadean.md. */
START_TEST(test_hadean_build_fen)
{
	char fen[BC_FEN_MAX];

	build_fen(fen, sizeof fen,
	    "Ra1 Zb1 Mc1 Ed1 Fe1 Qf1 Kg1 Wh1 Ei1 Mj1 Sk1 Rl1 "
	    "Ja2 Jb2 Jc2 Jd2 Je2 Bf2 Bg2 Jh2 Ji2 Jj2 Jk2 Jl2 "
	    "Pa3 Pb3 Pc3 Pd3 Pe3 Pf3 Pg3 Ph3 Pi3 Pj3 Pk3 Pl3 "
	    "pa10 pb10 pc10 pd10 pe10 pf10 pg10 ph10 pi10 pj10 pk10 pl10 "
	    "ja11 jb11 jc11 jd11 je11 bf11 bg11 jh11 ji11 jj11 jk11 jl11 "
	    "ra12 zb12 mc12 ed12 fe12 qf12 kg12 wh12 ei12 mj12 sk12 rl12",
	    "w KQkq -");
	ck_assert_str_eq(fen,
	    "rzmefqkwemsr/jjjjjbbjjjjj/pppppppppppp/12/12/12/12/12/12/"
	    "PPPPPPPPPPPP/JJJJJBBJJJJJ/RZMEFQKWEMSR w KQkq - 0 1");
}
END_TEST

#define LOOP(tc, test, table) \
	tcase_add_loop_test((tc), (test), 0, \
	    (int)(sizeof(table) / sizeof((table)[0])))

Suite *
hadean_suite(void)
{
	Suite *s = suite_create("hadean");
	TCase *pieces = tcase_create("pieces");
	TCase *pawns = tcase_create("pawns");
	TCase *castling = tcase_create("castling");

	tcase_add_test(pieces, test_hadean_build_fen);
	LOOP(pieces, test_hadean_piece_destinations, piece_cases);
	tcase_add_test(pieces, test_hadean_flyer_jump_leaves_pieces);
	tcase_add_test(pieces, test_hadean_start_moves);
	suite_add_tcase(s, pieces);

	LOOP(pawns, test_hadean_pawn_destinations, pawn_cases);
	tcase_add_test(pawns, test_hadean_pawn_move_kinds);
	LOOP(pawns, test_hadean_en_passant, ep_cases);
	tcase_add_test(pawns, test_hadean_en_passant_one_ply);
	tcase_add_test(pawns, test_hadean_en_passant_ninja);
	LOOP(pawns, test_hadean_en_passant_fen, ep_fen_cases);
	tcase_add_test(pawns, test_hadean_en_passant_fen_rejects);
	LOOP(pawns, test_hadean_promotion_moves, promo_cases);
	tcase_add_test(pawns, test_hadean_promotion_pieces);
	suite_add_tcase(s, pawns);

	LOOP(castling, test_hadean_castling_sets, castle_cases);
	tcase_add_loop_test(castling, test_hadean_castling_table, 0,
	    2 * (int)(sizeof castle_table / sizeof castle_table[0]));
	tcase_add_test(castling, test_hadean_castling_vs_king_step);
	tcase_add_test(castling, test_hadean_castling_step_parse);
	tcase_add_test(castling, test_hadean_castling_rights_lost);
	tcase_add_test(castling, test_hadean_castling_fen);
	suite_add_tcase(s, castling);
	return s;
}
