/*
 * check_hexchad.c - HexChad, rule by rule, against shared/rules/hexchad.md.
 *
 * Positions are written as piece lists ("Kd4 Rc3 rk11": upper case White,
 * lower case Black) and turned into FEN here, by the rules file's own
 * description (rank r lists only its cells, the cells with |file - rank|
 * <= 6), so that a typo in a hand-written FEN cannot hide a wrong
 * expectation.  Every expected value is quoted from hexchad.md or counted
 * by hand; the count is spelt out next to each row.
 *
 * Most tables are checked twice: as written, and turned half round with
 * the colours swapped (hexchad.md: "The board is symmetric under the half
 * turn: c3 <-> k11"), which also tests Black's rays: on hexagons they are
 * White's turned half round, not mirrored.
 *
 * Destination sets are compared as text ("b3x c1 c2 ..."; an x marks a
 * capture) in board order, so a failure names the cells that differ.
 */
#include <stdio.h>
#include <string.h>

#include "test_util.h"

enum { SIDE = 13, SET_TEXT_MAX = 1024, PIECES_MAX = 256 };

static const bc_variant *
hexchad(void)
{
	const bc_variant *v = bc_variant_find("hexchad");

	ck_assert_ptr_nonnull(v);
	return v;
}

/* hexchad.md section 1: a name is a cell exactly when |x - y| <= 6. */
static bool
is_cell(int file, int rank)
{
	return file >= 0 && file < SIDE && rank >= 0 && rank < SIDE &&
	    abs(file - rank) <= 6;
}

/* Parses a cell name at *p ("k11"), advancing *p past it; fails the test
 * on anything that is not a cell of the board. */
static void
parse_cell(const char **p, int *file, int *rank)
{
	char *end;
	long r;

	*file = **p - 'a';
	r = strtol(*p + 1, &end, 10);
	ck_assert_msg(end != *p + 1 && is_cell(*file, (int)r - 1),
	    "not a cell: '%s'", *p);
	*rank = (int)r - 1;
	*p = end;
}

/* The FEN of the pieces in `pieces` followed by `tail`. */
static void
build_fen(char *buf, size_t size, const char *pieces, const char *tail)
{
	char board[SIDE][SIDE];
	const char *p = pieces;
	size_t n = 0;

	memset(board, 0, sizeof board);
	while (*p) {
		int file, rank;
		char letter;

		if (*p == ' ') {
			p++;
			continue;
		}
		letter = *p++;
		parse_cell(&p, &file, &rank);
		ck_assert_msg(!board[rank][file], "two pieces on one cell in "
		    "'%s'", pieces);
		board[rank][file] = letter;
	}
	for (int rank = SIDE - 1; rank >= 0; rank--) {
		int empty = 0;

		for (int file = 0; file < SIDE; file++) {
			if (!is_cell(file, rank))
				continue;
			if (!board[rank][file]) {
				empty++;
				continue;
			}
			if (empty)
				n += (size_t)snprintf(buf + n, size - n, "%d",
				    empty);
			empty = 0;
			n += (size_t)snprintf(buf + n, size - n, "%c",
			    board[rank][file]);
		}
		if (empty)
			n += (size_t)snprintf(buf + n, size - n, "%d", empty);
		if (rank > 0)
			n += (size_t)snprintf(buf + n, size - n, "/");
	}
	snprintf(buf + n, size - n, " %s", tail);
	ck_assert_uint_lt(strlen(buf), size - 1);
}

/* The piece list turned half round, (x, y) -> (12 - x, 12 - y), colours
 * swapped. */
static void
turn_pieces(const char *pieces, char *out, size_t size)
{
	const char *p = pieces;
	size_t n = 0;

	out[0] = '\0';
	while (*p) {
		int file, rank;
		char letter;

		if (*p == ' ') {
			p++;
			continue;
		}
		letter = *p++;
		letter = letter >= 'a' && letter <= 'z'
		    ? (char)(letter - 'a' + 'A')
		    : (char)(letter - 'A' + 'a');
		parse_cell(&p, &file, &rank);
		n += (size_t)snprintf(out + n, size - n, "%s%c%c%d",
		    n ? " " : "", letter, 'a' + (SIDE - 1 - file), SIDE - rank);
		ck_assert_uint_lt(n, size);
	}
}

/* Loads `pieces` with `side` ('w' or 'b') to move, turned if asked. */
static void
load(bc_position *pos, const char *pieces, char side, bool turn)
{
	char fen[BC_FEN_MAX], list[PIECES_MAX], tail[16];

	if (turn)
		turn_pieces(pieces, list, sizeof list);
	else
		snprintf(list, sizeof list, "%s", pieces);
	snprintf(tail, sizeof tail, "%c - - 0 1",
	    turn ? (side == 'w' ? 'b' : 'w') : side);
	build_fen(fen, sizeof fen, list, tail);
	LOAD_FEN(pos, "hexchad", fen);
}

/* Writes marks ([rank][file]: 1 a move, 2 a capture) as text. */
static void
marks_to_text(char marks[SIDE][SIDE], char *out, size_t size)
{
	size_t n = 0;

	out[0] = '\0';
	for (int rank = 0; rank < SIDE; rank++)
		for (int file = 0; file < SIDE; file++)
			if (marks[rank][file]) {
				n += (size_t)snprintf(out + n, size - n,
				    "%s%c%d%s", n ? " " : "", 'a' + file,
				    rank + 1, marks[rank][file] == 2 ? "x" : "");
				ck_assert_uint_lt(n, size);
			}
}

/* Reads a hand-written set into marks, turned if asked; returns how many
 * cells it names (a cell named twice is a typo and fails). */
static int
parse_set(const char *text, char marks[SIDE][SIDE], bool turn)
{
	const char *p = text;
	int count = 0;

	memset(marks, 0, sizeof(char[SIDE][SIDE]));
	while (*p) {
		int file, rank;

		if (*p == ' ') {
			p++;
			continue;
		}
		parse_cell(&p, &file, &rank);
		if (turn) {
			file = SIDE - 1 - file;
			rank = SIDE - 1 - rank;
		}
		ck_assert_msg(!marks[rank][file], "'%s' names a cell twice",
		    text);
		marks[rank][file] = 1;
		if (*p == 'x') {
			marks[rank][file] = 2;
			p++;
		}
		count++;
	}
	return count;
}

/* The legal destinations of the piece on (file, rank) as text; checks
 * that a move is a capture exactly when its target is occupied, and that
 * a rook's move promotes exactly when it ends in the enemy castle. */
static void
dest_text(const bc_position *pos, int file, int rank, char *out, size_t size)
{
	bc_move_list *list = new_move_list();
	bc_square from = BC_SQUARE(file, rank);
	char marks[SIDE][SIDE];
	int us = pos->side, enemy_lo = us == BC_WHITE ? 8 : 2;
	bool rook = bc_variant_piece_letter(hexchad(),
	    BC_PIECE_TYPE(bc_position_piece_at(pos, file, rank))) == 'R';

	memset(marks, 0, sizeof marks);
	bc_movegen_legal(pos, list);
	for (int i = 0; i < list->count; i++) {
		bc_move m = list->moves[i];
		int tf = BC_FILE(BC_MOVE_TO(m)), tr = BC_RANK(BC_MOVE_TO(m));
		bool occupied = bc_position_piece_at(pos, tf, tr) != BC_EMPTY;
		bool in_enemy = tf >= enemy_lo && tf <= enemy_lo + 2 &&
		    tr >= enemy_lo && tr <= enemy_lo + 2;

		if (BC_MOVE_FROM(m) != from)
			continue;
		ck_assert_msg(!marks[tr][tf], "two moves to %c%d", 'a' + tf,
		    tr + 1);
		ck_assert_int_eq(occupied, BC_MOVE_KIND(m) == BC_MOVE_CAPTURE);
		/* hexchad.md 5: a rook ending in the enemy castle becomes a
		 * queen at once; nothing else promotes. */
		ck_assert_msg((BC_MOVE_PROMO(m) != 0) == (rook && in_enemy),
		    "move to %c%d: promotion %d", 'a' + tf, tr + 1,
		    BC_MOVE_PROMO(m));
		marks[tr][tf] = occupied ? 2 : 1;
	}
	free(list);
	marks_to_text(marks, out, size);
}

/* Compares the destinations of the piece on `from` with `expected`. */
static void
check_dests(const bc_position *pos, const char *from, const char *expected,
    int count, bool turn, const char *what)
{
	char want_marks[SIDE][SIDE], want[SET_TEXT_MAX], got[SET_TEXT_MAX];
	const char *p = from;
	int file, rank;

	ck_assert_msg(parse_set(expected, want_marks, turn) == count,
	    "%s: the list '%s' does not hold %d cells", what, expected, count);
	marks_to_text(want_marks, want, sizeof want);
	parse_cell(&p, &file, &rank);
	if (turn) {
		file = SIDE - 1 - file;
		rank = SIDE - 1 - rank;
	}
	dest_text(pos, file, rank, got, sizeof got);
	ck_assert_msg(strcmp(got, want) == 0,
	    "%s%s, piece on %c%d:\n  got      [%s]\n  expected [%s]", what,
	    turn ? " (turned)" : "", 'a' + file, rank + 1, got, want);
}

static int
legal_count(const bc_position *pos)
{
	bc_move_list *list = new_move_list();
	int n;

	bc_movegen_legal(pos, list);
	n = list->count;
	free(list);
	return n;
}

/* The cell named `name`, turned half round if asked. */
static bc_square
cell(const char *name, bool turn)
{
	const char *p = name;
	int file, rank;

	parse_cell(&p, &file, &rank);
	return turn ? BC_SQUARE(SIDE - 1 - file, SIDE - 1 - rank)
	            : BC_SQUARE(file, rank);
}

/* ------------------------------------------------------------------ */
/* The board.                                                          */

/* hexchad.md 1: 127 cells; rank r has 13 - |r - 7| of them, from file a
 * on ranks 1-7 and from b..g on ranks 8-13; a8-f13 and h1-m6 are missing
 * and off the board like the edge. */
START_TEST(test_cells)
{
	static const int width[SIDE] = { 7, 8, 9, 10, 11, 12, 13, 12, 11, 10,
		9, 8, 7 };
	const bc_variant *v = hexchad();
	bc_position pos;
	int total = 0;

	ck_assert_int_eq(bc_variant_files(v), 13);
	ck_assert_int_eq(bc_variant_ranks(v), 13);
	ck_assert(bc_variant_has_missing_cells(v));
	ck_assert(!bc_variant_has_missing_cells(bc_variant_find("chad")));
	bc_position_start(&pos, v);
	for (int r = 0; r < SIDE; r++) {
		int n = 0;

		for (int f = 0; f < SIDE; f++) {
			bool exists = is_cell(f, r);

			ck_assert_int_eq(bc_variant_cell_exists(v, f, r),
			    exists);
			ck_assert_int_eq(
			    bc_position_piece_at(&pos, f, r) == BC_OFFBOARD,
			    !exists);
			n += exists;
		}
		ck_assert_int_eq(n, width[r]);
		ck_assert_int_eq(bc_variant_rank_width(v, r), width[r]);
		ck_assert_int_eq(bc_variant_rank_first_file(v, r),
		    r < 7 ? 0 : r - 6);
		total += n;
	}
	ck_assert_int_eq(total, 127);
	/* The six corners and the centre. */
	ck_assert(bc_variant_cell_exists(v, 0, 0));   /* a1 */
	ck_assert(bc_variant_cell_exists(v, 6, 0));   /* g1 */
	ck_assert(bc_variant_cell_exists(v, 0, 6));   /* a7 */
	ck_assert(bc_variant_cell_exists(v, 12, 6));  /* m7 */
	ck_assert(bc_variant_cell_exists(v, 6, 12));  /* g13 */
	ck_assert(bc_variant_cell_exists(v, 12, 12)); /* m13 */
	ck_assert(!bc_variant_cell_exists(v, 7, 0));  /* h1 */
	ck_assert(!bc_variant_cell_exists(v, 0, 7));  /* a8 */
	ck_assert(!bc_variant_cell_exists(v, 13, 6));
	ck_assert(!bc_variant_cell_exists(v, -1, 0));
}
END_TEST

/* hexchad.md 2, verbatim. */
static const char *const castle_cells[2] = {
	"c3 c4 c5 d3 d4 d5 e3 e4 e5",
	"i9 i10 i11 j9 j10 j11 k9 k10 k11",
};
static const char *const wall_cells[2] = {
	"b2 b3 b4 b5 c2 d2 e2 c6 d6 e6 f3 f4 f5 f6",
	"h8 h9 h10 h11 i8 j8 k8 i12 j12 k12 l9 l10 l11 l12",
};

START_TEST(test_regions)
{
	const bc_variant *v = hexchad();
	static const unsigned castle_bit[2] = { BC_REGION_CASTLE_WHITE,
		BC_REGION_CASTLE_BLACK };
	static const unsigned wall_bit[2] = { BC_REGION_WALL_WHITE,
		BC_REGION_WALL_BLACK };

	ck_assert(bc_variant_has_regions(v));
	for (int c = 0; c < 2; c++) {
		char castle[SIDE][SIDE], wall[SIDE][SIDE];

		ck_assert_int_eq(parse_set(castle_cells[c], castle, false), 9);
		ck_assert_int_eq(parse_set(wall_cells[c], wall, false), 14);
		for (int r = 0; r < SIDE; r++)
			for (int f = 0; f < SIDE; f++) {
				unsigned got = bc_variant_region(v, f, r);

				ck_assert_msg(!!(got & castle_bit[c]) ==
				        !!castle[r][f] &&
				        !!(got & wall_bit[c]) == !!wall[r][f],
				    "%c%d: regions %#x", 'a' + f, r + 1, got);
			}
	}
}
END_TEST

/* ------------------------------------------------------------------ */
/* The start.                                                          */

static const char start_fen[] =
    "7/8/4rrr2/5rkr2/6rrr2/12/13/12/2RRR6/2RKR5/2RRR4/8/7 w - - 0 1";

/* hexchad.md 3: the start FEN, and the pieces it names cell by cell. */
START_TEST(test_start_position)
{
	bc_position pos, built;
	char fen[BC_FEN_MAX], mine[BC_FEN_MAX];

	bc_position_start(&pos, hexchad());
	bc_position_to_fen(&pos, fen, sizeof fen);
	ck_assert_str_eq(fen, start_fen);
	ck_assert_str_eq(bc_variant_start_fen(hexchad()), start_fen);
	build_fen(mine, sizeof mine, "Kd4 Rc3 Rc4 Rc5 Rd3 Rd5 Re3 Re4 Re5 "
	    "kj10 ri9 ri10 ri11 rj9 rj11 rk9 rk10 rk11", "w - - 0 1");
	ck_assert_str_eq(mine, start_fen);
	LOAD_FEN(&built, "hexchad", mine);
	ck_assert(bc_position_equal(&pos, &built));
	ck_assert_str_eq(bc_variant_name(hexchad()), "HexChad");
	ck_assert_ptr_eq(bc_variant_find("HexChad"), hexchad());
}
END_TEST

/* hexchad.md 7: the 61 depth-1 moves, checked by hand piece by piece; the
 * king has none.  Turned half round: Black's 61 at the start. */
static const struct {
	const char *from, *to;
	int count;
} start_moves[] = {
	{ "c3", "a1 a3 b2 b3 c1 c2", 6 },
	{ "c4", "a2 a4 b3 b4", 4 },
	{ "c5", "a3 a5 b4 b5 c6 c7 c8 c9 d6 e7 f8 g9 h10", 13 },
	{ "d3", "b1 c2 d1 d2", 4 },
	{ "d4", "", 0 },
	{ "d5", "d6 d7 d8 d9 d10 e6 f7 g8 h9", 9 },
	{ "e3", "c1 d2 e1 e2 f3 f4 g3 g5 h3 h6 i3 i7 j8", 13 },
	{ "e4", "f4 f5 g4 g6 h4 h7 i4 i8 j4", 9 },
	{ "e5", "f6 g7 h8", 3 }, /* pinned between d4 and i9 */
};

START_TEST(test_start_moves)
{
	for (int turn = 0; turn < 2; turn++) {
		bc_position pos;
		int total = 0;

		LOAD_FEN(&pos, "hexchad", start_fen);
		if (turn) {
			bc_position other;

			ck_assert_int_eq(bc_position_other_side(&pos, &other),
			    BC_OK);
			pos = other;
		}
		for (size_t i = 0; i < sizeof start_moves / sizeof
		    start_moves[0]; i++) {
			check_dests(&pos, start_moves[i].from, start_moves[i].to,
			    start_moves[i].count, turn, "start");
			total += start_moves[i].count;
		}
		ck_assert_int_eq(total, 61);
		ck_assert_int_eq(legal_count(&pos), 61);
	}
}
END_TEST

/* hexchad.md 7: the divide at depth 3. */
static const struct {
	const char *move;
	uint64_t nodes;
} divide3[] = {
	{ "c3a1", 4607 }, { "c3a3", 4180 }, { "c3b2", 4729 }, { "c3b3", 4119 },
	{ "c3c1", 4180 }, { "c3c2", 4119 }, { "c4a2", 4664 }, { "c4a4", 4835 },
	{ "c4b3", 4178 }, { "c4b4", 4296 }, { "c5a3", 4234 }, { "c5a5", 4421 },
	{ "c5b4", 4180 }, { "c5b5", 4483 }, { "c5c6", 4699 }, { "c5c7", 4761 },
	{ "c5c8", 4703 }, { "c5c9", 4361 }, { "c5d6", 4397 }, { "c5e7", 4726 },
	{ "c5f8", 4919 }, { "c5g9", 4575 }, { "c5h10", 3895 },
	{ "d3b1", 4664 }, { "d3c2", 4178 }, { "d3d1", 4835 }, { "d3d2", 4296 },
	{ "d5d10", 4001 }, { "d5d6", 4322 }, { "d5d7", 4958 },
	{ "d5d8", 4847 }, { "d5d9", 4472 }, { "d5e6", 4319 }, { "d5f7", 4679 },
	{ "d5g8", 4652 }, { "d5h9", 4432 }, { "e3c1", 4234 }, { "e3d2", 4180 },
	{ "e3e1", 4421 }, { "e3e2", 4483 }, { "e3f3", 4699 }, { "e3f4", 4397 },
	{ "e3g3", 4761 }, { "e3g5", 4726 }, { "e3h3", 4703 }, { "e3h6", 4919 },
	{ "e3i3", 4361 }, { "e3i7", 4575 }, { "e3j8", 3895 }, { "e4f4", 4322 },
	{ "e4f5", 4319 }, { "e4g4", 4958 }, { "e4g6", 4679 }, { "e4h4", 4847 },
	{ "e4h7", 4652 }, { "e4i4", 4472 }, { "e4i8", 4432 }, { "e4j4", 4001 },
	{ "e5f6", 4471 }, { "e5g7", 4397 }, { "e5h8", 4382 },
};

START_TEST(test_start_divide)
{
	bc_position pos;
	uint64_t sum = 0;

	ck_assert_uint_eq(sizeof divide3 / sizeof divide3[0], 61);
	bc_position_start(&pos, hexchad());
	for (size_t i = 0; i < sizeof divide3 / sizeof divide3[0]; i++) {
		bc_move m = test_find_move(&pos, divide3[i].move);
		bc_undo undo;
		uint64_t n;

		ck_assert_msg(m != BC_MOVE_NONE, "no move %s", divide3[i].move);
		bc_position_make(&pos, m, &undo);
		n = bc_perft(&pos, 2);
		bc_position_unmake(&pos, &undo);
		ck_assert_msg(n == divide3[i].nodes, "%s: %llu, expected %llu",
		    divide3[i].move, (unsigned long long)n,
		    (unsigned long long)divide3[i].nodes);
		sum += n;
	}
	ck_assert_uint_eq(sum, 273202);
}
END_TEST

/* ------------------------------------------------------------------ */
/* Each direction from edge and corner cells, counted by hand.          */

/*
 * Each row: the pieces, the piece looked at, its destinations, the total
 * of legal moves.  The kings stand off every line, so nothing is pinned
 * and no move is a check evasion.
 */
static const struct {
	const char *pieces, *from, *to;
	int count, total;
	const char *why;
} reach[] = {
	/* Rook on the bottom corner a1: up the vertical line b2..m13 (12,
	 * through both castles: i9 j10 k11 promote), along rank 1 b1..g1
	 * (6), up file a a2..a7 (6): 24; the king on side cell c4 has 7
	 * (all castle cells but e4): 31. */
	{ "Ra1 Kc4 kk10", "a1",
	  "b2 c3 d4 e5 f6 g7 h8 i9 j10 k11 l12 m13 b1 c1 d1 e1 f1 g1 "
	  "a2 a3 a4 a5 a6 a7", 24, 31, "rook a1" },
	/* Rook on the edge cell a4: vertical b5..j13 (9), rank 4 b4..j4
	 * (9, rank 4 ends at j), file a: a5 a6 a7 and a3 a2 a1 (6): 24;
	 * the king on side cell d3 has 7 (all but d5): 31. */
	{ "Ra4 Kd3 kj10", "a4",
	  "b5 c6 d7 e8 f9 g10 h11 i12 j13 b4 c4 d4 e4 f4 g4 h4 i4 j4 "
	  "a5 a6 a7 a3 a2 a1", 24, 31, "rook a4" },
	/* Rook on the left corner g1: (1,1) h2 i3 j4 k5 l6 m7 (6), (-1,0)
	 * f1..a1 (6), (0,1) g2..g13 (12); (1,0) h1 is missing: 24; the
	 * king on corner c3 has 5 (c4 d3 d4 d5 e4): 29. */
	{ "Rg1 Kc3 kk10", "g1",
	  "h2 i3 j4 k5 l6 m7 a1 b1 c1 d1 e1 f1 g2 g3 g4 g5 g6 g7 g8 g9 g10 "
	  "g11 g12 g13", 24, 29, "rook g1" },
	/* Queen on g1: the rook's 24 plus the vertex lines (-1,1) f2 e3
	 * d4 c5 b6 a7 (6) and (1,2) h3 i5 j7 k9 l11 m13 (6); (1,-1),
	 * (2,1) (i2 is missing) and the others leave the board: 36; the
	 * king on c3 has 5: 41. */
	{ "Qg1 Kc3 kj10", "g1",
	  "h2 i3 j4 k5 l6 m7 a1 b1 c1 d1 e1 f1 g2 g3 g4 g5 g6 g7 g8 g9 g10 "
	  "g11 g12 g13 f2 e3 d4 c5 b6 a7 h3 i5 j7 k9 l11 m13", 36, 41,
	  "queen g1" },
	/* Queen on the right corner a7 (x=0, y=6): (1,1) b8..g13 (6),
	 * (1,0) b7..m7 (12), (0,-1) a6..a1 (6); (0,1) a8 missing; vertex
	 * (1,-1) b6 c5 d4 e3 f2 g1 (6), (2,1) c8 e9 g10 i11 k12 m13 (6),
	 * (1,2) none (b9 is missing): 36; the king on corner e5 has 5
	 * (c4 d3 d4 d5 e4): 41. */
	{ "Qa7 Ke5 kk9", "a7",
	  "b8 c9 d10 e11 f12 g13 b7 c7 d7 e7 f7 g7 h7 i7 j7 k7 l7 m7 a6 a5 "
	  "a4 a3 a2 a1 b6 c5 d4 e3 f2 g1 c8 e9 g10 i11 k12 m13", 36, 41,
	  "queen a7" },
	/* Queen on the top corner m13 (12,12): (-1,-1) l12..a1 (12),
	 * (-1,0) l13..g13 (6), (0,-1) m12..m7 (6); vertex (-2,-1) k12 i11
	 * g10 e9 c8 a7 (6), (-1,-2) l11 k9 j7 i5 h3 g1 (6); (1,-1) and
	 * (-1,1) leave the board: 36.  The White king on d5 (side) has 7;
	 * the vertical line passes j10 and d4: Black's king sits on k10.
	 * White to move: 36 + 7 = 43. */
	{ "Qm13 Kd5 kk10", "m13",
	  "l12 k11 j10 i9 h8 g7 f6 e5 d4 c3 b2 a1 l13 k13 j13 i13 h13 g13 "
	  "m12 m11 m10 m9 m8 m7 k12 i11 g10 e9 c8 a7 l11 k9 j7 i5 h3 g1",
	  36, 43, "queen m13" },
};

START_TEST(test_reach)
{
	for (int turn = 0; turn < 2; turn++)
		for (size_t i = 0; i < sizeof reach / sizeof reach[0]; i++) {
			bc_position pos;

			load(&pos, reach[i].pieces, 'w', turn);
			check_dests(&pos, reach[i].from, reach[i].to,
			    reach[i].count, turn, reach[i].why);
			ck_assert_msg(legal_count(&pos) == reach[i].total,
			    "%s%s: %d legal moves, expected %d", reach[i].why,
			    turn ? " (turned)" : "", legal_count(&pos),
			    reach[i].total);
		}
}
END_TEST

/* hexchad.md 5: on an empty castle the king has 8 moves from the centre,
 * 7 from a side cell (all but the opposite side cell) and 5 from a
 * corner (all but the other three corners). */
START_TEST(test_king_in_each_castle_cell)
{
	static const struct {
		const char *cell, *to;
		int count;
	} kings[] = {
		{ "d4", "c3 c4 c5 d3 d5 e3 e4 e5", 8 },
		{ "c4", "c3 c5 d3 d4 d5 e3 e5", 7 },
		{ "e4", "c3 c5 d3 d4 d5 e3 e5", 7 },
		{ "d3", "c3 c4 c5 d4 e3 e4 e5", 7 },
		{ "d5", "c3 c4 c5 d4 e3 e4 e5", 7 },
		{ "c3", "c4 d3 d4 d5 e4", 5 },
		{ "e5", "c4 d3 d4 d5 e4", 5 },
		{ "c5", "c4 d3 d4 d5 e4", 5 },
		{ "e3", "c4 d3 d4 d5 e4", 5 },
	};

	for (int turn = 0; turn < 2; turn++)
		for (size_t i = 0; i < sizeof kings / sizeof kings[0]; i++) {
			char pieces[32];
			bc_position pos;

			/* Black's king on k9, a corner off every line of
			 * White's castle that could matter: kings never
			 * give check. */
			snprintf(pieces, sizeof pieces, "K%s kk9",
			    kings[i].cell);
			load(&pos, pieces, 'w', turn);
			check_dests(&pos, kings[i].cell, kings[i].to,
			    kings[i].count, turn, "king");
			ck_assert_int_eq(legal_count(&pos), kings[i].count);
		}
}
END_TEST

/* ------------------------------------------------------------------ */
/* Captures, allowed and refused.                                      */

static const struct {
	const char *pieces;
	char side;
	const char *from, *to;
	bool legal;
	const char *why;
} captures[] = {
	/* hexchad.md 7, C: the wall rook h9 takes into the castle (and
	 * promotes); the defender i9 takes onto its own wall. */
	{ "Kd3 Rh9 kk11 ri9", 'w', "h9", "i9", true, "wall to castle" },
	{ "Kd3 Rh9 kk11 ri9", 'b', "i9", "h9", true, "castle to own wall" },
	/* g9 is not on Black's wall: the same line, no capture. */
	{ "Kd3 Rg9 kk11 ri9", 'w', "g9", "i9", false, "not from the wall" },
	/* A wall rook on h9 may not take a rook on h10: the wall, not
	 * the castle. */
	{ "Kd3 Rh9 kk11 rh10", 'w', "h9", "h10", false, "wall to wall" },
	/* A defender in the castle may not take beyond its wall: i9 sees
	 * g9 over an empty h9, but g9 is not Black's wall. */
	{ "Kd3 Rg9 kk11 ri9", 'b', "i9", "g9", false,
	  "castle past the wall" },
	/* A queen inside the enemy castle takes nothing (j10 shields the
	 * king on k11 from it): only the king can take it, as from j10
	 * next to it (hexchad.md 5). */
	{ "Kd3 Qi9 kk11 rj10", 'w', "i9", "j10", false,
	  "queen in the enemy castle" },
	{ "Kd3 Qi9 kj10", 'b', "j10", "i9", true, "king takes the queen" },
	/* The king never captures on its wall (b2 is White's). */
	{ "Kc3 qb2 kk10", 'w', "c3", "b2", false, "king onto the wall" },
	/* A defender on c3 takes the queen on its own wall b2, the queen
	 * that pins it. */
	{ "Kd4 Rc3 qb2 kk10", 'w', "c3", "b2", true,
	  "defender onto the wall" },
	/* A wall rook of White (l12) takes a queen in Black's castle. */
	{ "Kc4 Rl12 qk11 kj9", 'w', "l12", "k11", true, "wall rook, queen" },
	/* Rooks and queens in the open block one another. */
	{ "Kd4 Rg7 rg8 kk10", 'w', "g7", "g8", false, "in the open" },
	{ "Kd4 Rg7 rg8 kk10", 'b', "g8", "g7", false, "in the open" },
};

START_TEST(test_captures)
{
	for (int turn = 0; turn < 2; turn++)
		for (size_t i = 0; i < sizeof captures / sizeof captures[0];
		     i++) {
			bc_position pos;
			bc_square from = cell(captures[i].from, turn);
			bc_square to = cell(captures[i].to, turn);
			bc_move_list *list = new_move_list();
			bool found = false;

			load(&pos, captures[i].pieces, captures[i].side, turn);
			ck_assert_int_eq(BC_PIECE_COLOR(pos.board[from]),
			    pos.side);
			bc_movegen_legal(&pos, list);
			for (int k = 0; k < list->count; k++)
				if (BC_MOVE_FROM(list->moves[k]) == from &&
				    BC_MOVE_TO(list->moves[k]) == to) {
					found = true;
					ck_assert_int_eq(
					    BC_MOVE_KIND(list->moves[k]),
					    BC_MOVE_CAPTURE);
				}
			free(list);
			ck_assert_msg(found == captures[i].legal,
			    "%s%s: %s-%s %s", captures[i].why,
			    turn ? " (turned)" : "", captures[i].from,
			    captures[i].to, found ? "allowed" : "refused");
		}
}
END_TEST

/* hexchad.md 5: "Check is line of sight": through walls, and by a piece
 * that could never capture there. */
START_TEST(test_check_through_walls)
{
	for (int turn = 0; turn < 2; turn++) {
		bc_position pos;
		bc_square out[8];

		/* The rook g7 sees d4 along the vertical line over e5 and
		 * the wall cell f6; it could never take there. */
		load(&pos, "Kd4 rg7 kk10", 'w', turn);
		ck_assert(bc_position_in_check(&pos));
		ck_assert_int_eq(bc_position_attackers(&pos, cell("d4", turn),
		    turn ? BC_WHITE : BC_BLACK, out, 8), 0);
		/* Along the check line, forward or back, stays in check; d5
		 * is off all three of g7's lines. */
		ck_assert_int_eq(test_find_move(&pos, turn ? "j10i9" : "d4e5"),
		    BC_MOVE_NONE);
		ck_assert_int_eq(test_find_move(&pos, turn ? "j10k11" : "d4c3"),
		    BC_MOVE_NONE);
		ck_assert_int_ne(test_find_move(&pos, turn ? "j10j9" : "d4d5"),
		    BC_MOVE_NONE);
		/* A queen's vertex line: g6 to e5 is one (-2,-1) step;
		 * h7 to d5 is two of them over f6, White's wall, and a rook
		 * on f6 blocks it. */
		load(&pos, "Ke5 qg6 kk10", 'w', turn);
		ck_assert(bc_position_in_check(&pos));
		load(&pos, "Kd5 qh7 kk10", 'w', turn);
		ck_assert(bc_position_in_check(&pos));
		load(&pos, "Kd5 qh7 Rf6 kk10", 'w', turn);
		ck_assert(!bc_position_in_check(&pos));
		/* A rook does not check along a vertex line. */
		load(&pos, "Kd5 rh7 kk10", 'w', turn);
		ck_assert(!bc_position_in_check(&pos));
		/* Kings never give check: j10 sees d4 along the vertical. */
		load(&pos, "Kd4 kj10", 'w', turn);
		ck_assert(!bc_position_in_check(&pos));
	}
}
END_TEST

/* ------------------------------------------------------------------ */
/* Game end and notation.                                              */

/* hexchad.md 7 and 6: the mate and the stalemate; bare kings; no
 * 100-ply rule. */
START_TEST(test_game_end)
{
	static const struct {
		const char *fen;
		bc_result result;
		bc_reason reason;
	} ends[] = {
		{ "7/8/6k2/6Q3/11/6R5/13/12/11/3K6/9/8/7 b - - 0 1",
		  BC_RESULT_WHITE_WINS, BC_REASON_CHECKMATE },
		{ "7/8/6k2/R9/1R9/12/13/12/11/3K5R/9/8/7 b - - 0 1",
		  BC_RESULT_DRAW, BC_REASON_STALEMATE },
		{ "7/8/9/7k2/11/12/13/12/11/10/3K5/8/7 w - - 0 1",
		  BC_RESULT_DRAW, BC_REASON_MATERIAL },
		/* 150 plies without a capture: still going. */
		{ "7/8/9/7k2/11/12/6R6/12/11/10/3K5/8/7 w - - 150 90",
		  BC_RESULT_NONE, BC_REASON_NONE },
	};

	ck_assert(!bc_variant_fifty_move_rule(hexchad()));
	for (size_t i = 0; i < sizeof ends / sizeof ends[0]; i++) {
		bc_game *g;
		bc_error err;
		bc_reason reason;

		ck_assert_int_eq(bc_game_new(&g, hexchad(), ends[i].fen, &err),
		    BC_OK);
		ck_assert_int_eq(bc_game_result(g, &reason), ends[i].result);
		ck_assert_int_eq(reason, ends[i].reason);
		bc_game_free(g);
	}
}
END_TEST

/* hexchad.md 6: "1. d5h9 i10h10 2. h9i10q#", a mate at ply 3, by
 * coordinates, with the SAN of each move and the queen on i10 covered by
 * line of sight from c4. */
START_TEST(test_fast_mate_and_san)
{
	static const char *const moves[] = { "d5h9", "i10h10", "h9i10q" };
	bc_game *g;
	bc_error err;
	bc_reason reason;

	ck_assert_int_eq(bc_game_new(&g, hexchad(), NULL, &err), BC_OK);
	for (int i = 0; i < 3; i++) {
		const bc_position *pos = bc_game_position(g);
		char text[BC_MOVE_TEXT_MAX];
		bc_move m = test_find_move(pos, moves[i]);

		ck_assert_msg(m != BC_MOVE_NONE, "no move %s", moves[i]);
		/* The SAN reads back as the same move. */
		bc_move_to_san(pos, m, text, sizeof text);
		ck_assert_int_eq(bc_game_push_text(g, text, &err), BC_OK);
		ck_assert_uint_eq(bc_game_move(g, i), m);
		if (i == 2)
			ck_assert_str_eq(text + strlen(text) - 3, "=Q#");
	}
	ck_assert_int_eq(bc_game_result(g, &reason), BC_RESULT_WHITE_WINS);
	ck_assert_int_eq(reason, BC_REASON_CHECKMATE);
	bc_game_free(g);
}
END_TEST

/* Moves to cells the board lacks are refused with an error, never
 * matched; SAN names the cells as hexchad.md does. */
START_TEST(test_notation)
{
	bc_position pos;
	bc_move m;
	bc_error err;
	char text[BC_MOVE_TEXT_MAX];

	/* Position C: the wall rook's capture promotes and mates (the
	 * queen on i9 sees k11 over j10, and k10 j11 j9 i10 round it;
	 * the king cannot reach i9). */
	LOAD_FEN(&pos, "hexchad",
	    "7/8/6k2/10/5Rr4/12/13/12/11/10/3K5/8/7 w - - 0 1");
	ck_assert_int_eq(bc_move_parse(&pos, "h9i9q", &m, &err), BC_OK);
	bc_move_to_san(&pos, m, text, sizeof text);
	ck_assert_str_eq(text, "Rxi9=Q#");
	bc_move_to_coord(&pos, m, text, sizeof text);
	ck_assert_str_eq(text, "h9i9q");
	ck_assert_int_eq(bc_move_parse(&pos, "Rxi9=Q", &m, &err), BC_OK);
	ck_assert_int_eq(BC_MOVE_TO(m), square_of("i9"));
	/* h1 and a8 are not cells; m13 is one, out of the rook's reach. */
	ck_assert_int_ne(bc_move_parse(&pos, "h9h1", &m, &err), BC_OK);
	ck_assert_int_ne(bc_move_parse(&pos, "Ra8", &m, &err), BC_OK);
	ck_assert_int_ne(bc_move_parse(&pos, "h9m13", &m, &err), BC_OK);
	ck_assert_int_eq(bc_move_parse(&pos, "h9l13", &m, &err), BC_OK);
	/* A start that is not a cell (j3: |9 - 2| > 6) is a syntax error
	 * that names it, also where the text could be read as SAN. */
	ck_assert_int_eq(bc_move_parse(&pos, "j3j5", &m, &err), BC_ESYNTAX);
	ck_assert_str_eq(err.message, "j3 is not a cell of the board");
}
END_TEST

/* PGN: Variant "HexChad", written and read back. */
START_TEST(test_pgn)
{
	static const char *const moves[] = { "d5h9", "i10h10", "h9i10q",
		NULL };
	char *text = NULL;
	bc_game *g;
	bc_pgn_game back;
	bc_error err;
	size_t offset = 0;

	g = test_game_with("hexchad", NULL);
	for (int i = 0; moves[i]; i++)
		test_play(g, moves[i]);
	ck_assert_int_eq(bc_pgn_write(g, NULL, 0, &text), BC_OK);
	ck_assert_ptr_nonnull(strstr(text, "[Variant \"HexChad\"]"));
	ck_assert_ptr_nonnull(strstr(text, "1-0"));
	ck_assert_int_eq(bc_pgn_read(text, strlen(text), &offset, NULL, 1,
	    &back, &err), BC_OK);
	ck_assert_ptr_eq(bc_game_variant(back.game), hexchad());
	ck_assert_int_eq(bc_game_length(back.game), 3);
	for (int i = 0; i < 3; i++)
		ck_assert_uint_eq(bc_game_move(back.game, i),
		    bc_game_move(g, i));
	bc_pgn_game_free(&back);
	free(text);
	bc_game_free(g);
}
END_TEST

/* ------------------------------------------------------------------ */
/* FEN rejections (hexchad.md 3).                                      */

START_TEST(test_fen_rejections)
{
	static const struct {
		const char *fen, *words;
	} bad[] = {
		/* Rank 1 has 7 cells, not 8. */
		{ "7/8/4rrr2/5rkr2/6rrr2/12/13/12/2RRR6/2RKR5/2RRR4/8/8 "
		  "w - - 0 1", "rank 1 (a1-g1) has more than 7" },
		/* Rank 7 has 13 cells, not 12. */
		{ "7/8/4rrr2/5rkr2/6rrr2/12/12/12/2RRR6/2RKR5/2RRR4/8/7 "
		  "w - - 0 1", "rank 7 (a7-m7) has 12 squares, not 13" },
		/* Rank 13 has 7 (g13-m13). */
		{ "8/8/4rrr2/5rkr2/6rrr2/12/13/12/2RRR6/2RKR5/2RRR4/8/7 "
		  "w - - 0 1", "rank 13 (g13-m13) has more than 7" },
		/* 12 ranks: rank 1 left out. */
		{ "7/8/4rrr2/5rkr2/6rrr2/12/13/12/2RRR6/2RKR5/2RRR4/8 "
		  "w - - 0 1", "12 ranks, not 13" },
		/* The White king on f6, outside its castle. */
		{ "7/8/4rrr2/5rkr2/6rrr2/12/5K7/12/2RRR6/2R1R5/2RRR4/8/7 "
		  "w - - 0 1", "outside its castle" },
		/* A White rook (e3's) inside Black's castle on j9: it would
		 * have promoted. */
		{ "7/8/4rrr2/5rkr2/6rRr2/12/13/12/2RRR6/2RKR5/2RR5/8/7 "
		  "w - - 0 1", "would have promoted" },
		/* White to move while Black's king on k10 is in check from
		 * the rook on k5 up file k (k6-k9 empty). */
		{ "7/8/9/7k2/11/12/13/12/10R/10/3K5/8/7 w - - 0 1",
		  "side not to move is in check" },
		/* Black to move while White's king on c3 is in check from
		 * the queen on g7 over f6, e5 and d4. */
		{ "7/8/9/7k2/11/12/6q6/12/11/10/2K6/8/7 b - - 0 1",
		  "side not to move is in check" },
		{ "7/8/4rrr2/5rkr2/6rrr2/12/13/12/2RRR6/2RKR5/2RRR4/8/7 "
		  "w KQ - 0 1", "no castling" },
	};

	for (size_t i = 0; i < sizeof bad / sizeof bad[0]; i++) {
		bc_position pos;
		bc_error err;

		ck_assert_int_ne(bc_position_from_fen(&pos, hexchad(),
		    bad[i].fen, &err), BC_OK);
		ck_assert_msg(strstr(err.message, bad[i].words),
		    "%s: message '%s' lacks '%s'", bad[i].fen, err.message,
		    bad[i].words);
	}
}
END_TEST

/* ------------------------------------------------------------------ */
/* Attackers against the move generator.                               */

/*
 * bc_position_attackers (what SEE uses) lists exactly the pieces of
 * `by` with a pseudo-legal capture on a cell that holds an enemy piece:
 * checked on every cell, for both sides, over random games from the
 * start and from the rules file's positions (a fixed-seed generator).
 */
START_TEST(test_attackers_match_captures)
{
	static const char *const starts[] = { start_fen,
		"7/8/6k2/10/5Rr4/12/13/12/11/10/3K5/8/7 w - - 0 1",
		"7/8/9/7k2/11/12/6Q6/12/11/10/3K5/8/7 w - - 0 1" };
	bc_move_list *list = new_move_list();
	uint64_t seed = 0x2545f4914f6cdd1dULL;
	int checked = 0, found = 0;

	for (int game = 0; game < 24; game++) {
		bc_position pos;

		LOAD_FEN(&pos, "hexchad", starts[game % 3]);
		for (int ply = 0; ply < 80; ply++) {
			for (int by = 0; by < 2; by++) {
				bc_position side = pos;

				if (by != pos.side &&
				    bc_position_other_side(&pos, &side) != BC_OK)
					continue;
				bc_movegen_pseudo(&side, list);
				for (int r = 0; r < SIDE; r++)
					for (int f = 0; f < SIDE; f++) {
						bc_square sq = BC_SQUARE(f, r);
						bc_square out[32];
						int n, want = 0;
						bc_piece p = pos.board[sq];

						if (!is_cell(f, r) ||
						    p == BC_EMPTY ||
						    BC_PIECE_COLOR(p) == by)
							continue;
						/* One move per capturer: a
						 * rook's promotion is forced
						 * and single. */
						for (int k = 0; k < list->count;
						     k++)
							want += BC_MOVE_TO(
							    list->moves[k]) == sq;
						n = bc_position_attackers(&pos,
						    sq, by, out, 32);
						ck_assert_int_eq(n, want);
						for (int a = 0; a < n; a++) {
							bool seen = false;

							for (int k = 0;
							     k < list->count;
							     k++)
								seen |= BC_MOVE_FROM(
								    list->moves[k]) ==
								        out[a] &&
								    BC_MOVE_TO(
								        list->moves[k]) ==
								        sq;
							ck_assert(seen);
						}
						found += n;
						checked++;
					}
			}
			bc_movegen_legal(&pos, list);
			if (list->count == 0)
				break;
			{
				bc_undo undo;

				seed ^= seed << 13;
				seed ^= seed >> 7;
				seed ^= seed << 17;
				bc_position_make(&pos,
				    list->moves[seed % (uint64_t)list->count],
				    &undo);
			}
		}
	}
	free(list);
	ck_assert_int_gt(checked, 1000);
	ck_assert_int_gt(found, 0);
}
END_TEST

Suite *
hexchad_suite(void)
{
	Suite *s = suite_create("hexchad");
	TCase *tc = tcase_create("rules");

	tcase_set_timeout(tc, 120);
	tcase_add_test(tc, test_cells);
	tcase_add_test(tc, test_regions);
	tcase_add_test(tc, test_start_position);
	tcase_add_test(tc, test_start_moves);
	tcase_add_test(tc, test_start_divide);
	tcase_add_test(tc, test_reach);
	tcase_add_test(tc, test_king_in_each_castle_cell);
	tcase_add_test(tc, test_captures);
	tcase_add_test(tc, test_check_through_walls);
	tcase_add_test(tc, test_game_end);
	tcase_add_test(tc, test_fast_mate_and_san);
	tcase_add_test(tc, test_notation);
	tcase_add_test(tc, test_pgn);
	tcase_add_test(tc, test_fen_rejections);
	tcase_add_test(tc, test_attackers_match_captures);
	suite_add_tcase(s, tc);
	return s;
}
