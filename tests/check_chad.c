/*
 * check_chad.c - Chad, rule by rule, against shared/rules/chad.md.
 *
 * Positions are written as piece lists ("Kd4 Rc3 rb3 ki9": upper case
 * White, lower case Black) and turned into FEN here, so that a typo in a
 * hand-written FEN cannot hide a wrong expectation.  Every expected value
 * is either quoted from chad.md or counted by hand; the count is spelt out
 * next to each row.
 *
 * Most tables are checked twice: as written, and turned half round with
 * the colours swapped.  chad.md: "The board is symmetric under a half turn
 * (c3 <-> j10)" - castles, walls and the start position map onto each
 * other, so every hand count holds for the mirrored position too.
 *
 * Destination sets are compared as text ("b3x c1 c2 ..."; an x marks a
 * capture) in board order, so a failure names the squares that differ.
 */
#include <stdio.h>
#include <string.h>

#include "test_util.h"

enum { SIDE = 12, SET_TEXT_MAX = 1024, PIECES_MAX = 256 };

static const bc_variant *
chad(void)
{
	const bc_variant *v = bc_variant_find("chad");

	ck_assert_ptr_nonnull(v);
	return v;
}

/* The square name of (file, rank), both from 0. */
static void
square_name(int file, int rank, char *buf, size_t size)
{
	snprintf(buf, size, "%c%d", 'a' + file, rank + 1);
}

/*
 * Parses a square name at *p ("c12"), advancing *p past it; fails the test
 * on anything that is not a square of the 12x12 board.
 */
static void
parse_square(const char **p, int *file, int *rank)
{
	char *end;
	long r;

	*file = **p - 'a';
	ck_assert_msg(*file >= 0 && *file < SIDE, "bad file in '%s'", *p);
	r = strtol(*p + 1, &end, 10);
	ck_assert_msg(end != *p + 1 && r >= 1 && r <= SIDE, "bad rank in '%s'",
	    *p);
	*rank = (int)r - 1;
	*p = end;
}

/*
 * Writes the FEN of the pieces in `pieces` ("Kd4 Rc3 qb2") followed by
 * `tail` (e.g. "w - - 0 1") into buf.
 */
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
		parse_square(&p, &file, &rank);
		ck_assert_msg(board[rank][file] == 0,
		    "two pieces on one square in '%s'", pieces);
		board[rank][file] = letter;
	}
	for (int rank = SIDE - 1; rank >= 0; rank--) {
		int empty = 0;

		for (int file = 0; file < SIDE; file++) {
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

/* The piece list `pieces` turned half round, colours swapped. */
static void
mirror_pieces(const char *pieces, char *out, size_t size)
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
		if (letter >= 'a' && letter <= 'z')
			letter = (char)(letter - 'a' + 'A');
		else
			letter = (char)(letter - 'A' + 'a');
		parse_square(&p, &file, &rank);
		n += (size_t)snprintf(out + n, size - n, "%s%c%c%d",
		    n ? " " : "", letter, 'a' + (SIDE - 1 - file),
		    SIDE - rank);
		ck_assert_uint_lt(n, size);
	}
}

/* Loads `pieces` with `side` ('w' or 'b') to move, optionally mirrored. */
static void
load_pieces(bc_position *pos, const char *pieces, char side, bool mirror)
{
	char fen[BC_FEN_MAX], list[PIECES_MAX], tail[16];
	char mover = side;

	if (mirror) {
		mirror_pieces(pieces, list, sizeof list);
		mover = side == 'w' ? 'b' : 'w';
	} else {
		snprintf(list, sizeof list, "%s", pieces);
	}
	snprintf(tail, sizeof tail, "%c - - 0 1", mover);
	build_fen(fen, sizeof fen, list, tail);
	LOAD_FEN(pos, "chad", fen);
}

/* Loads `pieces` followed by the FEN fields `tail`. */
static void
load_pieces_tail(bc_position *pos, const char *pieces, const char *tail)
{
	char fen[BC_FEN_MAX];

	build_fen(fen, sizeof fen, pieces, tail);
	LOAD_FEN(pos, "chad", fen);
}

/*
 * Marks: 0 none, 1 a plain move there, 2 a capture there; indexed
 * [rank][file].  Writes them as "c1 b3x ..." in board order (rank 1 first,
 * files a to l).
 */
static void
marks_to_text(char marks[SIDE][SIDE], char *out, size_t size)
{
	size_t n = 0;

	out[0] = '\0';
	for (int rank = 0; rank < SIDE; rank++)
		for (int file = 0; file < SIDE; file++) {
			char name[16];

			if (!marks[rank][file])
				continue;
			square_name(file, rank, name, sizeof name);
			n += (size_t)snprintf(out + n, size - n, "%s%s%s",
			    n ? " " : "", name,
			    marks[rank][file] == 2 ? "x" : "");
			ck_assert_uint_lt(n, size);
		}
}

/*
 * Reads a hand-written set ("c5x d3 e4") into marks, mirrored if asked,
 * and returns how many squares it names.  A square named twice fails the
 * test: that is a typo in the table.
 */
static int
parse_set(const char *text, char marks[SIDE][SIDE], bool mirror)
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
		parse_square(&p, &file, &rank);
		if (mirror) {
			file = SIDE - 1 - file;
			rank = SIDE - 1 - rank;
		}
		ck_assert_msg(!marks[rank][file], "'%s' names a square twice",
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

/*
 * The legal destinations of the piece on (file, rank) as text.  Also
 * checks that a move is a capture (kind BC_MOVE_CAPTURE) exactly when its
 * target square is occupied, and that no destination appears twice.
 */
static void
dest_text(const bc_position *pos, int file, int rank, char *out,
    size_t size)
{
	bc_move_list *list = new_move_list();
	bc_square from = BC_SQUARE(file, rank);
	char marks[SIDE][SIDE];

	memset(marks, 0, sizeof marks);
	bc_movegen_legal(pos, list);
	for (int i = 0; i < list->count; i++) {
		bc_move m = list->moves[i];
		bc_square to = BC_MOVE_TO(m);
		int tf = BC_FILE(to), tr = BC_RANK(to);
		bool occupied = bc_position_piece_at(pos, tf, tr) != BC_EMPTY;

		if (BC_MOVE_FROM(m) != from)
			continue;
		ck_assert_msg(!marks[tr][tf], "two moves %c%d-%c%d", 'a' + file,
		    rank + 1, 'a' + tf, tr + 1);
		ck_assert_msg(occupied == (BC_MOVE_KIND(m) == BC_MOVE_CAPTURE),
		    "move %c%d-%c%d: kind %d, target %s", 'a' + file, rank + 1,
		    'a' + tf, tr + 1, BC_MOVE_KIND(m),
		    occupied ? "occupied" : "empty");
		marks[tr][tf] = occupied ? 2 : 1;
	}
	free(list);
	marks_to_text(marks, out, size);
}

/* Compares the destinations of the piece on `from` with `expected`. */
static void
check_dests(const bc_position *pos, const char *from, const char *expected,
    int count, bool mirror, const char *what)
{
	char want_marks[SIDE][SIDE];
	char want[SET_TEXT_MAX], got[SET_TEXT_MAX];
	const char *p = from;
	int file, rank;

	ck_assert_msg(parse_set(expected, want_marks, mirror) == count,
	    "%s: the table's list '%s' does not hold %d squares", what,
	    expected, count);
	marks_to_text(want_marks, want, sizeof want);
	parse_square(&p, &file, &rank);
	if (mirror) {
		file = SIDE - 1 - file;
		rank = SIDE - 1 - rank;
	}
	dest_text(pos, file, rank, got, sizeof got);
	ck_assert_msg(strcmp(got, want) == 0,
	    "%s%s, piece on %c%d:\n  got      [%s]\n  expected [%s]", what,
	    mirror ? " (mirrored)" : "", 'a' + file, rank + 1, got, want);
}

/* The legal move of `pos` from `from` to `to` (must exist). */
static bc_move
find_move(const bc_position *pos, const char *from, const char *to)
{
	bc_move_list *list = new_move_list();
	bc_move found = BC_MOVE_NONE;

	bc_movegen_legal(pos, list);
	for (int i = 0; i < list->count; i++)
		if (BC_MOVE_FROM(list->moves[i]) == square_of(from) &&
		    BC_MOVE_TO(list->moves[i]) == square_of(to))
			found = list->moves[i];
	free(list);
	ck_assert_msg(found != BC_MOVE_NONE, "no legal move %s-%s", from, to);
	return found;
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

static int
type_of(char letter)
{
	int t = bc_variant_piece_type(chad(), letter);

	ck_assert_int_gt(t, 0);
	return t;
}

/* ------------------------------------------------------------------ */
/* Board regions. */

/* chad.md, "Board regions", verbatim lists. */
static const char white_castle[] = "c3 d3 e3 c4 d4 e4 c5 d5 e5";
static const char black_castle[] = "h8 i8 j8 h9 i9 j9 h10 i10 j10";
static const char white_wall[] = "c2 d2 e2 c6 d6 e6 b3 b4 b5 f3 f4 f5";
static const char black_wall[] = "h7 i7 j7 h11 i11 j11 g8 g9 g10 k8 k9 k10";

START_TEST(test_chad_regions_every_square)
{
	static const struct {
		const char *squares;
		unsigned flag;
		int count;
	} regions[] = {
		{ white_castle, BC_REGION_CASTLE_WHITE, 9 },
		{ black_castle, BC_REGION_CASTLE_BLACK, 9 },
		{ white_wall, BC_REGION_WALL_WHITE, 12 },
		{ black_wall, BC_REGION_WALL_BLACK, 12 },
	};
	unsigned want[SIDE][SIDE];
	int marked = 0;

	memset(want, 0, sizeof want);
	for (size_t i = 0; i < sizeof regions / sizeof regions[0]; i++) {
		char marks[SIDE][SIDE];

		ck_assert_int_eq(parse_set(regions[i].squares, marks, false),
		    regions[i].count);
		for (int r = 0; r < SIDE; r++)
			for (int f = 0; f < SIDE; f++)
				if (marks[r][f]) {
					ck_assert_uint_eq(want[r][f], 0);
					want[r][f] = regions[i].flag;
					marked++;
				}
	}
	ck_assert_int_eq(marked, 42);
	/* All 144 squares: castle, wall or neither, nothing else. */
	for (int r = 0; r < SIDE; r++)
		for (int f = 0; f < SIDE; f++)
			ck_assert_msg(bc_variant_region(chad(), f, r) ==
			        want[r][f],
			    "region of %c%d: got %#x, expected %#x (chad.md)",
			    'a' + f, r + 1, bc_variant_region(chad(), f, r),
			    want[r][f]);
}
END_TEST

START_TEST(test_chad_regions_ring_corners_are_not_wall)
{
	/* chad.md: "b2 f2 b6 f6 and g7 k7 g11 k11 are not wall". */
	static const char *const corners[] = {
		"b2", "f2", "b6", "f6", "g7", "k7", "g11", "k11"
	};

	for (size_t i = 0; i < sizeof corners / sizeof corners[0]; i++) {
		bc_square sq = square_of(corners[i]);

		ck_assert_msg(bc_variant_region(chad(), BC_FILE(sq),
		                  BC_RANK(sq)) == 0,
		    "%s is a ring corner, not castle or wall", corners[i]);
	}
}
END_TEST

/* ------------------------------------------------------------------ */
/* Destination sets, table-driven; each row is also run mirrored. */

struct dest_case {
	const char *pieces;
	char side;
	const char *from;
	int count;
	const char *expected;
	const char *source;
};

/*
 * The king alone in its castle, from each of the nine squares.  Quiet
 * rooks on l1 and a12 see only rank 1, file l, rank 12 and file a, which
 * touch no castle.  Destinations = king steps + knight leaps that stay in
 * the 3x3 castle c3-e5 (chad.md: "it must land inside its own castle").
 * Knight leaps inside a 3x3 box: a corner reaches the two far edge
 * middles (c3: d5 e4), an edge middle the two far corners (d3: c5 e5),
 * the centre none.
 */
static const struct dest_case king_cases[] = {
	{ "Kc3 Rl1 ra12 ki9", 'w', "c3", 5, "c4 d3 d4 d5 e4",
	    "hand count: steps c4 d3 d4, leaps d5 e4" },
	{ "Kd3 Rl1 ra12 ki9", 'w', "d3", 7, "c3 e3 c4 d4 e4 c5 e5",
	    "hand count: steps c3 e3 c4 d4 e4, leaps c5 e5" },
	{ "Ke3 Rl1 ra12 ki9", 'w', "e3", 5, "d3 d4 e4 c4 d5",
	    "hand count: steps d3 d4 e4, leaps c4 d5" },
	{ "Kc4 Rl1 ra12 ki9", 'w', "c4", 7, "c3 d3 d4 c5 d5 e3 e5",
	    "hand count: steps c3 d3 d4 c5 d5, leaps e3 e5" },
	{ "Kd4 Rl1 ra12 ki9", 'w', "d4", 8, "c3 d3 e3 c4 e4 c5 d5 e5",
	    "hand count: all eight steps, no leap stays inside" },
	{ "Ke4 Rl1 ra12 ki9", 'w', "e4", 7, "d3 e3 d4 d5 e5 c3 c5",
	    "hand count: steps d3 e3 d4 d5 e5, leaps c3 c5" },
	{ "Kc5 Rl1 ra12 ki9", 'w', "c5", 5, "c4 d4 d5 d3 e4",
	    "hand count: steps c4 d4 d5, leaps d3 e4" },
	{ "Kd5 Rl1 ra12 ki9", 'w', "d5", 7, "c4 d4 e4 c5 e5 c3 e3",
	    "hand count: steps c4 d4 e4 c5 e5 (c6 d6 e6 are wall), "
	    "leaps c3 e3" },
	{ "Ke5 Rl1 ra12 ki9", 'w', "e5", 5, "d4 e4 d5 c4 d3",
	    "hand count: steps d4 e4 d5, leaps c4 d3" },
};

static const struct dest_case dest_cases[] = {
	/* King captures and "never into check". */
	{ "Kd4 qc5 ki9", 'w', "d4", 3, "c5x d3 e4",
	    "hand count: Qc5 (in White's castle; it can never capture, yet "
	    "it checks) sees file c (c3 c4), rank 5 (d5 e5) and the diagonal "
	    "through d4 to e3; Kxc5 is safe" },
	{ "Kd4 qc5 rc12 ki9", 'w', "d4", 2, "d3 e4",
	    "hand count: as above, but Rc12 looks down file c through the "
	    "wall c6 to c5, so Kxc5 would step into check" },
	{ "Kd5 rd6 ki9", 'w', "d5", 6, "c3 e3 c4 e4 c5 e5",
	    "hand count: Rd6 on White's wall checks; the king may not "
	    "capture on the wall (d6), d4 stays on file d" },
	/*
	 * A black queen in White's castle between a wall rook and a castle
	 * rook: nobody may capture except the king.
	 */
	{ "Kd5 Rb3 Rd3 qc3 ki9", 'w', "b3", 12,
	    "a3 b1 b2 b4 b5 b6 b7 b8 b9 b10 b11 b12",
	    "hand count: Rb3 on its own wall may not take Qc3" },
	{ "Kd5 Rb3 Rd3 qc3 ki9", 'w', "d3", 11,
	    "e3 f3 g3 h3 i3 j3 k3 l3 d4 d2 d1",
	    "hand count: Rd3 in its own castle may not take Qc3 (not on the "
	    "wall); d5 is its own king" },
	{ "Kd5 Rb3 Rd3 qc3 ki9", 'w', "d5", 3, "c3x e3 e4",
	    "hand count: Kxc3 by a knight leap; c4 c5 (file c), d4 e5 "
	    "(diagonal) are seen by Qc3; e3 is shielded by Rd3" },
	{ "Kd5 Rb3 Rd3 qc3 ki9", 'b', "c3", 22,
	    "c1 c2 c4 c5 c6 c7 c8 c9 c10 c11 c12 d4 e5 f6 g7 h8 b4 a5 b2 a1 "
	    "d2 e1",
	    "hand count: a queen inside the enemy castle cannot capture: "
	    "b3 and d3 block it" },
	/* Rule 1 (enemy wall -> enemy castle) and rule 2 (castle -> wall). */
	{ "Kd4 Rc3 rb3 ki9", 'w', "c3", 21,
	    "b3x d3 e3 f3 g3 h3 i3 j3 k3 l3 c1 c2 c4 c5 c6 c7 c8 c9 c10 c11 "
	    "c12",
	    "chad.md rule 2: Rc3 in its castle takes b3 on its wall" },
	{ "Kd4 Rc3 rb3 ki9", 'b', "b3", 13,
	    "a3 c3x b1 b2 b4 b5 b6 b7 b8 b9 b10 b11 b12",
	    "chad.md rule 1: Rb3 on the enemy wall takes c3 in the castle" },
	{ "Kd4 Rc3 ra3 ki9", 'b', "a3", 12,
	    "b3 a1 a2 a4 a5 a6 a7 a8 a9 a10 a11 a12",
	    "hand count: Ra3 is beside the wall, not on it: no capture" },
	{ "Kd4 Rc3 ra3 ki9", 'w', "c3", 21,
	    "b3 d3 e3 f3 g3 h3 i3 j3 k3 l3 c1 c2 c4 c5 c6 c7 c8 c9 c10 c11 "
	    "c12",
	    "hand count: a3 is not on White's wall, so Rc3 cannot take it" },
	/* Captures at a distance, and lines blocked by pieces. */
	{ "Kd5 Rc3 Rd3 Re4 rf3 rf4 ki9", 'b', "f3", 10,
	    "e3 d3x g3 h3 i3 j3 k3 l3 f2 f1",
	    "hand count: Rf3 (wall) takes d3 across the empty e3; c3 is "
	    "behind d3; f4 is its own rook" },
	{ "Kd5 Rc3 Rd3 Re4 rf3 rf4 ki9", 'b', "f4", 15,
	    "e4x g4 h4 i4 j4 k4 l4 f5 f6 f7 f8 f9 f10 f11 f12",
	    "hand count: Rf4 (wall) takes e4; d4 is behind it" },
	{ "Kd5 Rc3 Rd3 Re4 rf3 rf4 ki9", 'w', "c3", 13,
	    "b3 a3 c4 c5 c6 c7 c8 c9 c10 c11 c12 c2 c1",
	    "hand count: Rd3 blocks the way to f3" },
	{ "Kd5 Rc3 Rd3 Re4 rf3 rf4 ki9", 'w', "d3", 5, "e3 f3x d4 d2 d1",
	    "hand count: rule 2 across the empty e3" },
	{ "Kd5 Rc3 Rd3 Re4 rf3 rf4 ki9", 'w', "e4", 16,
	    "f4x d4 c4 b4 a4 e5 e6 e7 e8 e9 e10 e11 e12 e3 e2 e1",
	    "hand count: rule 2, Re4 takes f4" },
	/* Ring corners are not wall. */
	{ "Kd4 Rc3 qb2 ki9", 'w', "c3", 0, "",
	    "hand count: Rc3 is pinned on the diagonal b2-c3-d4 and may not "
	    "take Qb2 (b2 is a ring corner, not wall)" },
	{ "Kd4 Rc3 qb2 ki9", 'w', "d4", 7, "d3 e3 c4 e4 c5 d5 e5",
	    "hand count: Qb2's diagonal to e5 is blocked by Rc3" },
	{ "Kd4 Rc3 qb2 ki9", 'b', "b2", 25,
	    "a2 c2 d2 e2 f2 g2 h2 i2 j2 k2 l2 b1 b3 b4 b5 b6 b7 b8 b9 b10 b11 "
	    "b12 a1 a3 c1",
	    "hand count: a queen on the ring corner b2 may not take c3" },
	{ "Kd4 Re2 Rf3 rf2 ki9", 'b', "f2", 7, "g2 h2 i2 j2 k2 l2 f1",
	    "hand count: a rook on the ring corner f2 takes neither e2 nor "
	    "f3 (both wall, neither castle)" },
	{ "Kd4 Re2 Rf3 rf2 ki9", 'w', "e2", 15,
	    "d2 c2 b2 a2 e3 e4 e5 e6 e7 e8 e9 e10 e11 e12 e1",
	    "hand count: Re2 on its own wall may not take f2" },
	{ "Kd4 Re2 Rf3 rf2 ki9", 'w', "f3", 20,
	    "f4 f5 f6 f7 f8 f9 f10 f11 f12 e3 d3 c3 b3 a3 g3 h3 i3 j3 k3 l3",
	    "hand count: Rf3 on its own wall may not take f2" },
	/* A queen in its own castle: rule 2 orthogonally and diagonally. */
	{ "Ke4 Qc3 rb2 rb3 rd2 rh8 ki9", 'w', "c3", 28,
	    "b3x d3 e3 f3 g3 h3 i3 j3 k3 l3 c4 c5 c6 c7 c8 c9 c10 c11 c12 c2 "
	    "c1 d4 e5 f6 g7 b4 a5 d2x",
	    "hand count: Qc3 takes b3 and d2 (own wall), not b2 (corner) "
	    "nor h8 (it is not on Black's wall)" },
	/* Check through a wall by a piece that could never capture there. */
	{ "Kd4 rd12 Rl1 ki9", 'w', "d4", 6, "c3 c4 c5 e3 e4 e5",
	    "hand count: Rd12 checks down file d through the wall d6; d3 "
	    "and d5 stay on the file" },
	/* chad.md: Freeling's diagram, Black to move: Rh9 pinned by Rd9. */
	{ "Kd4 Rc4 Re4 Rd9 Rh7 ki9 rh9 qe2", 'b', "h9", 3, "e9 f9 g9",
	    "chad.md: h9h7 is illegal (pin); hand count: only along rank 9, "
	    "Rd9 cannot be taken (d9 is not on Black's wall)" },
};

static void
run_dest_case(const struct dest_case *c, bool mirror)
{
	bc_position pos;

	load_pieces(&pos, c->pieces, c->side, mirror);
	check_dests(&pos, c->from, c->expected, c->count, mirror, c->source);
}

START_TEST(test_chad_king_every_castle_square)
{
	run_dest_case(&king_cases[_i], false);
	run_dest_case(&king_cases[_i], true);
}
END_TEST

START_TEST(test_chad_dest_sets)
{
	run_dest_case(&dest_cases[_i], false);
	run_dest_case(&dest_cases[_i], true);
}
END_TEST

START_TEST(test_chad_start_king_has_no_move)
{
	bc_position pos;

	/* chad.md, "Reference numbers": the king has no move; 54 rook moves. */
	LOAD_FEN(&pos, "chad", bc_variant_start_fen(chad()));
	check_dests(&pos, "d4", "", 0, false, "chad.md: start position");
	ck_assert_int_eq(legal_count(&pos), 54);
}
END_TEST

/* ------------------------------------------------------------------ */
/* Freeling's diagram. */

static const char freeling_white[] =
    "12/12/12/3R3rk3/12/7R4/12/12/2RKR7/12/4q7/12 w - - 0 1";
static const char freeling_black[] =
    "12/12/12/3R3rk3/12/7R4/12/12/2RKR7/12/4q7/12 b - - 0 1";

static int
cmp_text(const void *a, const void *b)
{
	return strcmp((const char *)a, (const char *)b);
}

START_TEST(test_chad_freeling_white_to_move)
{
	bc_move_list *list = new_move_list();
	char captures[8][BC_MOVE_TEXT_MAX];
	int ncap = 0;
	bc_position pos;

	LOAD_FEN(&pos, "chad", freeling_white);
	bc_movegen_legal(&pos, list);
	/* chad.md: 66 legal moves, the only captures e4e2 and h7h9q. */
	ck_assert_int_eq(list->count, 66);
	for (int i = 0; i < list->count; i++) {
		bc_move m = list->moves[i];

		if (BC_MOVE_KIND(m) != BC_MOVE_CAPTURE)
			continue;
		ck_assert_int_lt(ncap, 8);
		bc_move_to_coord(&pos, m, captures[ncap], BC_MOVE_TEXT_MAX);
		ncap++;
	}
	free(list);
	qsort(captures, (size_t)ncap, sizeof captures[0], cmp_text);
	ck_assert_int_eq(ncap, 2);
	ck_assert_str_eq(captures[0], "e4e2");
	ck_assert_str_eq(captures[1], "h7h9q");
}
END_TEST

START_TEST(test_chad_freeling_black_to_move)
{
	bc_position pos;
	bc_move m;
	int rc;

	LOAD_FEN(&pos, "chad", freeling_black);
	/* chad.md: 34 legal moves; h9h7 is illegal (Rd9 pins h9). */
	ck_assert_int_eq(legal_count(&pos), 34);
	rc = bc_move_parse(&pos, "h9h7", &m, NULL);
	ck_assert_int_eq(rc, BC_EILLEGAL);
}
END_TEST

START_TEST(test_chad_freeling_key_move)
{
	char coord[BC_MOVE_TEXT_MAX], san[BC_MOVE_TEXT_MAX];
	bc_position pos;
	bc_undo undo;
	bc_move m;

	LOAD_FEN(&pos, "chad", freeling_white);
	m = find_move(&pos, "h7", "h9");
	bc_move_to_coord(&pos, m, coord, sizeof coord);
	bc_move_to_san(&pos, m, san, sizeof san);
	/* chad.md: "the unique key 1.Rxh9=Q+" (coordinate form h7h9q). */
	ck_assert_str_eq(coord, "h7h9q");
	ck_assert_str_eq(san, "Rxh9=Q+");
	ck_assert_int_eq(BC_MOVE_PROMO(m), type_of('Q'));
	bc_position_make(&pos, m, &undo);
	ck_assert_uint_eq(bc_position_piece_at(&pos, 7, 8),
	    BC_PIECE(BC_WHITE, type_of('Q')));
	ck_assert(bc_position_in_check(&pos));
	/*
	 * chad.md: "the king cannot recapture (Rd9 sees h9, though it could
	 * never capture there), so 1...Kj10 or 1...Kj8".  Hand count: h8 h10
	 * (file h), i8 i10 (diagonals), j9 (rank 9) are seen by Qh9; Qe2
	 * cannot reach h9; so only the king moves, to j8 or j10.
	 */
	check_dests(&pos, "i9", "j8 j10", 2, false, "chad.md: after Rxh9=Q+");
	ck_assert_int_eq(legal_count(&pos), 2);
}
END_TEST

/* ------------------------------------------------------------------ */
/* Check: line of sight. */

static const struct {
	const char *pieces;
	bool check;
	const char *source;
} check_cases[] = {
	{ "Kd4 rd12 ki9", true,
	    "chad.md: walls do not block lines; Rd12 could not capture" },
	{ "Kd4 qd12 ki9", true, "chad.md: queen down file d through d6" },
	{ "Kd4 qd12 Rd6 ki9", false,
	    "chad.md: pieces block; Rd6 (a White rook) stands in the line" },
	{ "Kd4 qa1 ki9", true,
	    "chad.md: queen on the diagonal a1-b2-c3-d4, through a ring "
	    "corner, though it could never capture" },
	{ "Kd4 qa1 Rb2 ki9", false, "chad.md: a White rook on b2 blocks" },
	{ "Kd4 qb2 Rc3 ki9", false,
	    "chad.md: Rc3 blocks the queen although neither may capture "
	    "the other" },
	{ "Kd4 qc5 ki9", true,
	    "chad.md: a queen inside the enemy castle checks, though it may "
	    "never capture" },
	{ "Kd4 qf6 ki9", true,
	    "chad.md: queen on the ring corner f6, diagonal f6-e5-d4" },
	{ "Kd4 ra4 Rb4 ki9", false,
	    "chad.md: a White rook on its wall blocks Ra4" },
};

START_TEST(test_chad_check_line_of_sight)
{
	bc_position pos;

	for (int mirror = 0; mirror < 2; mirror++) {
		load_pieces(&pos, check_cases[_i].pieces, 'w', mirror);
		ck_assert_msg(bc_position_in_check(&pos) ==
		        check_cases[_i].check,
		    "%s%s: in check should be %d", check_cases[_i].source,
		    mirror ? " (mirrored)" : "", check_cases[_i].check);
	}
}
END_TEST

START_TEST(test_chad_check_only_king_moves)
{
	bc_position pos;

	/*
	 * Hand count: Rd12 checks d4 through the wall; Rl1 can neither
	 * block (d5-d11) nor take d12, so only the six king moves off file d
	 * are legal.
	 */
	for (int mirror = 0; mirror < 2; mirror++) {
		load_pieces(&pos, "Kd4 rd12 Rl1 ki9", 'w', mirror);
		ck_assert(bc_position_in_check(&pos));
		ck_assert_int_eq(legal_count(&pos), 6);
	}
}
END_TEST

/* ------------------------------------------------------------------ */
/* Automatic promotion. */

START_TEST(test_chad_promotion_by_move)
{
	static const struct {
		const char *to;
		const char *coord;
		bool promotes;
	} rows[] = {
		/* chad.md: a rook "whose move ends on a square of the enemy
		 * castle becomes a queen"; h7 and h11 are wall, h12 beyond. */
		{ "h7", "h2h7", false },
		{ "h8", "h2h8q", true },
		{ "h9", "h2h9q", true },
		{ "h10", "h2h10q", true },
		{ "h11", "h2h11", false },
		{ "h12", "h2h12", false },
	};
	bc_position pos;

	/* Black Ki10 and Ra12 stay off file h below h12. */
	load_pieces_tail(&pos, "Kd4 Rh2 ki10 ra12", "w - - 10 1");
	for (size_t i = 0; i < sizeof rows / sizeof rows[0]; i++) {
		char coord[BC_MOVE_TEXT_MAX];
		bc_position after = pos;
		bc_move m = find_move(&pos, "h2", rows[i].to);
		bc_square to = square_of(rows[i].to);
		bc_undo undo;

		bc_move_to_coord(&pos, m, coord, sizeof coord);
		ck_assert_str_eq(coord, rows[i].coord);
		ck_assert_int_eq(BC_MOVE_PROMO(m),
		    rows[i].promotes ? type_of('Q') : 0);
		bc_position_make(&after, m, &undo);
		ck_assert_uint_eq(bc_position_piece_at(&after, BC_FILE(to),
		                      BC_RANK(to)),
		    BC_PIECE(BC_WHITE, type_of(rows[i].promotes ? 'Q' : 'R')));
		/* chad.md: the halfmove field counts plies since the last
		 * capture or promotion. */
		ck_assert_int_eq(after.halfmove, rows[i].promotes ? 0 : 11);
	}
}
END_TEST

START_TEST(test_chad_promotion_san)
{
	char san[BC_MOVE_TEXT_MAX];
	bc_position pos;
	bc_move m;

	/*
	 * Black Ki10, White Rh2: Rh8=Q does not check (h8-i10 is no line),
	 * and no other White piece reaches h8, so the SAN is exactly Rh8=Q.
	 */
	load_pieces_tail(&pos, "Kd4 Rh2 ki10 ra12", "w - - 0 1");
	m = find_move(&pos, "h2", "h8");
	bc_move_to_san(&pos, m, san, sizeof san);
	ck_assert_str_eq(san, "Rh8=Q");
}
END_TEST

START_TEST(test_chad_promotion_by_capture)
{
	char coord[BC_MOVE_TEXT_MAX], san[BC_MOVE_TEXT_MAX];
	bc_position pos;
	bc_undo undo;
	bc_move m;

	/*
	 * Black Rb3 (White's wall) takes Rc3 and becomes a queen; the queen
	 * on c3 checks Kd4, which can take it back: Rxc3=Q+.
	 */
	load_pieces(&pos, "Kd4 Rc3 rb3 ki9", 'b', false);
	m = find_move(&pos, "b3", "c3");
	bc_move_to_coord(&pos, m, coord, sizeof coord);
	bc_move_to_san(&pos, m, san, sizeof san);
	ck_assert_str_eq(coord, "b3c3q");
	ck_assert_ptr_nonnull(strstr(san, "=Q"));
	ck_assert_str_eq(san, "Rxc3=Q+");
	bc_position_make(&pos, m, &undo);
	ck_assert_uint_eq(bc_position_piece_at(&pos, 2, 2),
	    BC_PIECE(BC_BLACK, type_of('Q')));
	ck_assert(bc_position_in_check(&pos));
}
END_TEST

/* ------------------------------------------------------------------ */
/* Game end (bc_game). */

static void
expect_result(const char *fen, bc_result want, bc_reason want_reason)
{
	bc_game *g = NULL;
	bc_error err;
	bc_reason reason;
	int rc = bc_game_new(&g, chad(), fen, &err);

	ck_assert_msg(rc == BC_OK, "%s: %s", fen, err.message);
	ck_assert_msg(bc_game_result(g, &reason) == want && reason ==
	        want_reason,
	    "%s: result %d reason %d, expected %d %d", fen,
	    bc_game_result(g, NULL), reason, want, want_reason);
	bc_game_free(g);
}

START_TEST(test_chad_game_stalemate_is_draw)
{
	/* chad.md: stalemate position; "We rule it a draw". */
	expect_result("12/12/8k3/6R5/12/7R4/3R1R6/3K8/4R7/12/12/9R2 b - - 0 1",
	    BC_RESULT_DRAW, BC_REASON_STALEMATE);
}
END_TEST

START_TEST(test_chad_game_checkmate)
{
	/* chad.md: checkmate position, Black to move is mated. */
	expect_result("8r3/12/7r4/8kQ2/12/4rr3R2/4R2R4/4K7/4RRr5/12/12/9r2 "
	    "b - - 0 1", BC_RESULT_WHITE_WINS, BC_REASON_CHECKMATE);
}
END_TEST

START_TEST(test_chad_game_king_against_king)
{
	/* chad.md: only king against king is an automatic draw. */
	expect_result("12/12/12/8k3/12/12/12/12/3K8/12/12/12 w - - 0 1",
	    BC_RESULT_DRAW, BC_REASON_MATERIAL);
	expect_result("12/12/12/8k3/12/12/12/12/3K8/12/12/12 b - - 0 1",
	    BC_RESULT_DRAW, BC_REASON_MATERIAL);
	/* A lone rook or queen is enough material to go on. */
	expect_result("12/12/12/8k3/12/12/12/12/3K8/12/12/R11 w - - 0 1",
	    BC_RESULT_NONE, BC_REASON_NONE);
}
END_TEST

START_TEST(test_chad_game_capture_leaves_bare_kings)
{
	bc_game *g = NULL;
	bc_error err;
	bc_reason reason;
	char fen[BC_FEN_MAX];

	/* Kd4 takes the last Black piece, the queen on c5 (see the dest
	 * table): king against king, a draw. */
	build_fen(fen, sizeof fen, "Kd4 qc5 ki9", "w - - 0 1");
	ck_assert_int_eq(bc_game_new(&g, chad(), fen, &err), BC_OK);
	ck_assert_int_eq(bc_game_result(g, NULL), BC_RESULT_NONE);
	ck_assert_int_eq(bc_game_push_text(g, "d4c5", &err), BC_OK);
	ck_assert_int_eq(bc_game_result(g, &reason), BC_RESULT_DRAW);
	ck_assert_int_eq(reason, BC_REASON_MATERIAL);
	bc_game_free(g);
}
END_TEST

START_TEST(test_chad_game_no_fifty_move_rule)
{
	bc_game *g = NULL;
	bc_error err;
	char fen[BC_FEN_MAX];

	/* chad.md: "No 50-move (100-ply) rule"; the halfmove field is still
	 * read and written. */
	build_fen(fen, sizeof fen, "Kd4 Rl1 ra12 ki9", "w - - 150 100");
	ck_assert_int_eq(bc_game_new(&g, chad(), fen, &err), BC_OK);
	ck_assert_int_eq(bc_game_result(g, NULL), BC_RESULT_NONE);
	ck_assert_int_eq(bc_game_push_text(g, "l1l2", &err), BC_OK);
	ck_assert_int_eq(bc_game_result(g, NULL), BC_RESULT_NONE);
	bc_position_to_fen(bc_game_position(g), fen, sizeof fen);
	ck_assert_msg(strlen(fen) > 8 &&
	        strcmp(fen + strlen(fen) - 8, " 151 100") == 0,
	    "FEN after one quiet move: %s", fen);
	ck_assert_int_eq(bc_game_push_text(g, "a12a11", &err), BC_OK);
	ck_assert_int_eq(bc_game_result(g, NULL), BC_RESULT_NONE);
	bc_game_free(g);
}
END_TEST

/* ------------------------------------------------------------------ */
/* FEN: what Chad positions may not contain. */

static const struct {
	const char *fen;
	const char *why;
} bad_fens[] = {
	{ "12/12/12/8k3/12/12/12/12/12/12/3K8/12 w - - 0 1",
	    "White king on d2, its own wall" },
	{ "12/12/12/8k3/12/12/12/12/12/12/12/K11 w - - 0 1",
	    "White king on a1" },
	{ "12/12/12/8k3/12/12/3K8/12/12/12/12/12 w - - 0 1",
	    "White king on d6, its own wall" },
	{ "12/12/12/12/12/8k3/12/12/3K8/12/12/12 w - - 0 1",
	    "Black king on i7, its own wall" },
	{ "12/12/12/12/12/12/12/3k8/3K8/12/12/12 w - - 0 1",
	    "Black king on d5, inside White's castle" },
	{ "12/12/12/8K3/12/12/12/12/3k8/12/12/12 w - - 0 1",
	    "kings in each other's castles" },
	{ "12/12/7rrr2/7rkr2/7rrr2/12/12/2RRR7/2RKR7/2RRR7/12/12 w KQkq - 0 1",
	    "castling rights KQkq" },
	{ "12/12/7rrr2/7rkr2/7rrr2/12/12/2RRR7/2RKR7/2RRR7/12/12 w K - 0 1",
	    "castling right K" },
	{ "12/12/7rrr2/7rkr2/7rrr2/12/12/2RRR7/2RKR7/2RRR7/12/12 w - e6 0 1",
	    "an en-passant square" },
	{ "12/12/7rrr2/7rkr2/7rrr2/12/12/2RRR7/2RKR7/2RRR7/12/12 b - d7 0 1",
	    "an en-passant square, Black to move" },
	{ "12/12/7rrr2/7rkr2/7rrr2/12/12/2RRR7/2RKN7/2RRR7/12/12 w - - 0 1",
	    "letter N" },
	{ "12/12/7rrr2/7rkr2/7rrr2/12/12/2RRR7/2PKR7/2RRR7/12/12 w - - 0 1",
	    "letter P" },
	{ "12/12/7rrr2/7rkr2/7rrr2/12/12/2RRR7/2RKB7/2RRR7/12/12 w - - 0 1",
	    "letter B" },
	{ "12/12/7rrr2/7nkr2/7rrr2/12/12/2RRR7/2RKR7/2RRR7/12/12 w - - 0 1",
	    "letter n" },
	{ "12/12/7rrr2/7rkr2/7rrp2/12/12/2RRR7/2RKR7/2RRR7/12/12 w - - 0 1",
	    "letter p" },
};

START_TEST(test_chad_fen_rejected)
{
	bc_position pos;
	bc_error err;
	int rc;

	rc = bc_position_from_fen(&pos, chad(), bad_fens[_i].fen, &err);
	ck_assert_msg(rc == BC_ESYNTAX || rc == BC_EINVALID,
	    "should be rejected (%s): %s, got %d", bad_fens[_i].why,
	    bad_fens[_i].fen, rc);
}
END_TEST

START_TEST(test_chad_fen_accepted)
{
	bc_position pos;
	char fen[BC_FEN_MAX];

	/* Controls for the rejections: the king on d3 or d5 (castle). */
	LOAD_FEN(&pos, "chad", "12/12/12/8k3/12/12/12/12/12/3K8/12/12 "
	    "w - - 0 1");
	LOAD_FEN(&pos, "chad", "12/12/12/8k3/12/12/12/3K8/12/12/12/12 "
	    "w - - 0 1");
	/* chad.md: the start FEN; queens (Q) are allowed anywhere. */
	LOAD_FEN(&pos, "chad", "12/12/7rrr2/7rkr2/7rrr2/12/12/2RRR7/2RKR7/"
	    "2RRR7/12/12 w - - 0 1");
	ck_assert_str_eq(bc_variant_start_fen(chad()), "12/12/7rrr2/7rkr2/"
	    "7rrr2/12/12/2RRR7/2RKR7/2RRR7/12/12 w - - 0 1");
	LOAD_FEN(&pos, "chad", "12/12/12/8k3/12/Q11/12/12/3K8/2q9/12/12 "
	    "w - - 0 1");
	bc_position_to_fen(&pos, fen, sizeof fen);
	ck_assert_str_eq(fen, "12/12/12/8k3/12/Q11/12/12/3K8/2q9/12/12 "
	    "w - - 0 1");
}
END_TEST

Suite *
chad_suite(void)
{
	Suite *s = suite_create("chad");
	TCase *regions = tcase_create("regions");
	TCase *moves = tcase_create("moves");
	TCase *freeling = tcase_create("freeling");
	TCase *check = tcase_create("check");
	TCase *promotion = tcase_create("promotion");
	TCase *game = tcase_create("game");
	TCase *fen = tcase_create("fen");

	tcase_add_test(regions, test_chad_regions_every_square);
	tcase_add_test(regions, test_chad_regions_ring_corners_are_not_wall);
	suite_add_tcase(s, regions);

	tcase_add_loop_test(moves, test_chad_king_every_castle_square, 0,
	    (int)(sizeof king_cases / sizeof king_cases[0]));
	tcase_add_loop_test(moves, test_chad_dest_sets, 0,
	    (int)(sizeof dest_cases / sizeof dest_cases[0]));
	tcase_add_test(moves, test_chad_start_king_has_no_move);
	suite_add_tcase(s, moves);

	tcase_add_test(freeling, test_chad_freeling_white_to_move);
	tcase_add_test(freeling, test_chad_freeling_black_to_move);
	tcase_add_test(freeling, test_chad_freeling_key_move);
	suite_add_tcase(s, freeling);

	tcase_add_loop_test(check, test_chad_check_line_of_sight, 0,
	    (int)(sizeof check_cases / sizeof check_cases[0]));
	tcase_add_test(check, test_chad_check_only_king_moves);
	suite_add_tcase(s, check);

	tcase_add_test(promotion, test_chad_promotion_by_move);
	tcase_add_test(promotion, test_chad_promotion_san);
	tcase_add_test(promotion, test_chad_promotion_by_capture);
	suite_add_tcase(s, promotion);

	tcase_add_test(game, test_chad_game_stalemate_is_draw);
	tcase_add_test(game, test_chad_game_checkmate);
	tcase_add_test(game, test_chad_game_king_against_king);
	tcase_add_test(game, test_chad_game_capture_leaves_bare_kings);
	tcase_add_test(game, test_chad_game_no_fifty_move_rule);
	suite_add_tcase(s, game);

	tcase_add_loop_test(fen, test_chad_fen_rejected, 0,
	    (int)(sizeof bad_fens / sizeof bad_fens[0]));
	tcase_add_test(fen, test_chad_fen_accepted);
	suite_add_tcase(s, fen);
	return s;
}
