/*
 * check_invariants.c - properties that must hold in every position, checked
 * over corpora of positions built by deterministic random playouts.
 *
 * For each variant the corpus holds every position of a fixed set of
 * random games from the start position (some games biased toward pawn
 * moves, promotions, en passant, castling and captures) plus the extra
 * positions of shared/rules/<variant>.md and short playouts from them.
 * Over the corpus we check:
 *   - make/unmake restores the position exactly, the incremental hash
 *     equals the hash computed from scratch, and the board after make is
 *     what the rules say (our own move application);
 *   - legality against an attack detector written here from the rules
 *     text, independent of src/rules: legal moves leave the king safe,
 *     rejected pseudo-legal moves leave it attacked, castling and en
 *     passant sets match the rules' conditions, in-check agrees;
 *   - the rules' count of each piece's moves (bc_movegen_count) against
 *     the pseudo-legal list, for both sides;
 *   - SAN and coordinate text round trips, and the check suffix;
 *   - FEN round trips;
 *   - colour-flip symmetry of perft (mirror for Grand and Hadean, half
 *     turn for Chad), the flipped FEN built here from the board.
 * The corpus itself is checked for coverage (promotions, en passant,
 * castling, captures, checks), so it cannot silently lose them.
 *
 * BC_INVARIANTS_VERBOSE=1 prints the corpus sizes and coverage counts.
 */
#include <ctype.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "test_util.h"

/*
 * Under CK_FORK, Check logs every passing ck_assert with a system call.
 * The corpus loops check millions of facts, so they use EXPECT, which
 * calls ck_assert_msg only when the fact is false.
 */
#define EXPECT(cond, ...) \
	do { \
		if (!(cond)) \
			ck_assert_msg((cond), __VA_ARGS__); \
	} while (0)

/* ------------------------------------------------------------------ */
/* A small deterministic PRNG (xorshift64*), fixed seeds per variant.  */

static uint64_t
rng_next(uint64_t *state)
{
	uint64_t x = *state;

	x ^= x >> 12;
	x ^= x << 25;
	x ^= x >> 27;
	*state = x;
	return x * 0x2545F4914F6CDD1DULL;
}

static int
rng_below(uint64_t *state, int n)
{
	return (int)((rng_next(state) >> 33) % (uint64_t)n);
}

/* ------------------------------------------------------------------ */
/* Variant facts, from shared/rules/<variant>.md rather than src/rules. */

struct vinfo {
	const bc_variant *v;
	bc_variant_id id;
	const char *key;
	int files, ranks;
	char letter[BC_MAX_TYPES]; /* upper-case letter of each type */
};

static struct vinfo
vinfo_of(bc_variant_id id)
{
	struct vinfo vi;

	memset(&vi, 0, sizeof vi);
	vi.v = bc_variant_get(id);
	ck_assert_ptr_nonnull(vi.v);
	vi.id = id;
	vi.key = bc_variant_key(vi.v);
	/* grand.md: 10x10; chad.md, hadean.md: 12x12; hexchad.md: a 13x13
	 * grid of which the cells with |file - rank| <= 6 exist. */
	vi.files = vi.ranks = id == BC_VARIANT_GRAND ? 10
	    : id == BC_VARIANT_HEXCHAD ? 13 : 12;
	ck_assert_int_eq(bc_variant_files(vi.v), vi.files);
	ck_assert_int_eq(bc_variant_ranks(vi.v), vi.ranks);
	for (int t = 1; t <= bc_variant_piece_types(vi.v); t++) {
		ck_assert_int_lt(t, BC_MAX_TYPES);
		vi.letter[t] = bc_variant_piece_letter(vi.v, t);
	}
	return vi;
}

static bool
is_piece(bc_piece p)
{
	return p != BC_EMPTY && p != BC_OFFBOARD;
}

static char
letter_at(const struct vinfo *vi, const uint8_t *board, int f, int r)
{
	bc_piece p = board[BC_SQUARE(f, r)];

	return is_piece(p) ? vi->letter[BC_PIECE_TYPE(p)] : 0;
}

static bool
on_board(const struct vinfo *vi, int f, int r)
{
	return f >= 0 && f < vi->files && r >= 0 && r < vi->ranks &&
	    (vi->id != BC_VARIANT_HEXCHAD || abs(f - r) <= 6);
}

static int
sign(int x)
{
	return (x > 0) - (x < 0);
}

/* White's pawns move toward higher ranks. */
static int
forward(int color)
{
	return color == BC_WHITE ? 1 : -1;
}

/* chad.md: White's castle c3-e5, Black's h8-j10. */
static bool
chad_in_castle(int color, int f, int r)
{
	int lo = color == BC_WHITE ? 2 : 7;

	return f >= lo && f <= lo + 2 && r >= lo && r <= lo + 2;
}

/* hexchad.md: White's castle c3-e5 (files c-e, ranks 3-5), Black's
 * i9-k11. */
static bool
hexchad_in_castle(int color, int f, int r)
{
	int lo = color == BC_WHITE ? 2 : 8;

	return f >= lo && f <= lo + 2 && r >= lo && r <= lo + 2;
}

/* hadean.md: a ninja pawn's upper half is White's ranks 7-12, Black's 6-1. */
static bool
ninja_upper_half(int color, int r)
{
	return color == BC_WHITE ? r >= 6 : r <= 5;
}

/* ------------------------------------------------------------------ */
/* An attack detector of our own, per the rules text.                  */

/* Are the squares strictly between (f, r) and (tf, tr) empty?  The two
 * must lie on one line. */
static bool
between_empty(const uint8_t *board, int f, int r, int tf, int tr)
{
	int sf = sign(tf - f), sr = sign(tr - r);

	for (f += sf, r += sr; f != tf || r != tr; f += sf, r += sr)
		if (board[BC_SQUARE(f, r)] != BC_EMPTY)
			return false;
	return true;
}

/*
 * hadean.md, flyers: s1 and s2 always; s3 only if s1 and s2 are both empty
 * or both occupied.  Range 3.
 */
static bool
flyer_reaches(const uint8_t *board, int f, int r, int tf, int tr)
{
	int dist = abs(tf - f) > abs(tr - r) ? abs(tf - f) : abs(tr - r);
	int sf = sign(tf - f), sr = sign(tr - r);
	bool e1, e2;

	if (dist > 3)
		return false;
	if (dist < 3)
		return true;
	e1 = board[BC_SQUARE(f + sf, r + sr)] == BC_EMPTY;
	e2 = board[BC_SQUARE(f + 2 * sf, r + 2 * sr)] == BC_EMPTY;
	return e1 == e2;
}

/*
 * hexchad.md, section 4: is (dx, dy) a whole number of steps along one of
 * the 6 edge directions (rook and queen) or, with `vertex`, also one of
 * the 6 vertex directions (queen), with every cell between empty?  A
 * vertex line passes between cells: only the cells on it block it.
 */
static bool
hex_line(const uint8_t *board, int f, int r, int dx, int dy, bool vertex)
{
	int sf, sr, n;

	if (dx == 0 && dy == 0)
		return false;
	if (dx == 0 || dy == 0 || dx == dy) {
		n = abs(dx) > abs(dy) ? abs(dx) : abs(dy);
	} else if (vertex && dx == -dy) {
		n = abs(dx);
	} else if (vertex && dx == 2 * dy) {
		n = abs(dy);
	} else if (vertex && dy == 2 * dx) {
		n = abs(dx);
	} else {
		return false;
	}
	sf = dx / n;
	sr = dy / n;
	for (int k = 1; k < n; k++)
		if (board[BC_SQUARE(f + k * sf, r + k * sr)] != BC_EMPTY)
			return false;
	return true;
}

/* hadean.md, flying ninjas: any of the first three squares of a line,
 * whatever stands between. */
static bool
ninja_reaches(int f, int r, int tf, int tr)
{
	return abs(tf - f) <= 3 && abs(tr - r) <= 3;
}

/* Does the piece `letter` of `color` on (f, r) attack (tf, tr)? */
static bool
piece_attacks(const struct vinfo *vi, const uint8_t *board, char letter,
    int color, int f, int r, int tf, int tr)
{
	int dx = tf - f, dy = tr - r, ax = abs(dx), ay = abs(dy);
	bool orth = (dx == 0) != (dy == 0), diag = ax == ay && ax > 0;
	bool rook = orth && between_empty(board, f, r, tf, tr);
	bool bishop = diag && between_empty(board, f, r, tf, tr);
	bool king = ax <= 1 && ay <= 1 && ax + ay > 0;
	bool wazir = ax + ay == 1, ferz = ax == 1 && ay == 1;
	bool knight = (ax == 1 && ay == 2) || (ax == 2 && ay == 1);
	bool zebra = (ax == 2 && ay == 3) || (ax == 3 && ay == 2);
	bool pawn = dy == forward(color) && ax == 1;

	switch (vi->id) {
	case BC_VARIANT_GRAND: /* grand.md, "Pieces and start" */
		switch (letter) {
		case 'K': return king;
		case 'Q': return rook || bishop;
		case 'R': return rook;
		case 'B': return bishop;
		case 'N': return knight;
		case 'P': return pawn;
		case 'C': return rook || knight;
		case 'A': return bishop || knight;
		default: break;
		}
		break;
	case BC_VARIANT_CHAD:
		/* chad.md, "Check is line of sight", whatever the capture
		 * rules; the king only reaches its own castle. */
		switch (letter) {
		case 'K': return (king || knight) &&
			    chad_in_castle(color, tf, tr);
		case 'R': return rook;
		case 'Q': return rook || bishop;
		default: break;
		}
		break;
	case BC_VARIANT_HEXCHAD:
		/* hexchad.md, section 5: the king's 16 offsets are a chess
		 * king's and a knight's, inside its castle; check is line of
		 * sight along the rook's 6 and the queen's 12 lines. */
		switch (letter) {
		case 'K': return (king || knight) &&
			    hexchad_in_castle(color, tf, tr);
		case 'R': return hex_line(board, f, r, dx, dy, false);
		case 'Q': return hex_line(board, f, r, dx, dy, true);
		default: break;
		}
		break;
	case BC_VARIANT_HADEAN: /* hadean.md, "Pieces" */
	case BC_VARIANT_HADEAN_NINJA: /* and "Option: flying ninja pieces" */
		switch (letter) {
		case 'K': return king;
		case 'Q': return rook || bishop;
		case 'R': return rook;
		case 'B': return bishop;
		case 'P': return pawn;
		case 'J': return pawn || (dy == 0 && ax == 1 &&
			    ninja_upper_half(color, r));
		case 'E': return diag && flyer_reaches(board, f, r, tf, tr);
		case 'M': return orth && flyer_reaches(board, f, r, tf, tr);
		case 'G': return diag && ninja_reaches(f, r, tf, tr);
		case 'T': return orth && ninja_reaches(f, r, tf, tr);
		case 'F': return ferz || knight;
		case 'W': return wazir || knight;
		case 'S': return ferz || zebra;
		case 'Z': return wazir || zebra;
		default: break;
		}
		break;
	default:
		break;
	}
	ck_abort_msg("%s: unknown piece letter %c", vi->key, letter);
	return false;
}

/* Is (tf, tr) attacked by any piece of `by`?  Walks over every piece. */
static bool
my_attacked(const struct vinfo *vi, const uint8_t *board, int tf, int tr,
    int by)
{
	for (int r = 0; r < vi->ranks; r++)
		for (int f = 0; f < vi->files; f++) {
			bc_piece p = board[BC_SQUARE(f, r)];

			if (is_piece(p) && BC_PIECE_COLOR(p) == by &&
			    piece_attacks(vi, board,
			        vi->letter[BC_PIECE_TYPE(p)], by, f, r, tf, tr))
				return true;
		}
	return false;
}

/* The square of `color`'s king, found by looking at the board. */
static int
my_king(const struct vinfo *vi, const uint8_t *board, int color)
{
	int found = 0, sq = 0;

	for (int r = 0; r < vi->ranks; r++)
		for (int f = 0; f < vi->files; f++) {
			bc_piece p = board[BC_SQUARE(f, r)];

			if (is_piece(p) && BC_PIECE_COLOR(p) == color &&
			    vi->letter[BC_PIECE_TYPE(p)] == 'K') {
				found++;
				sq = BC_SQUARE(f, r);
			}
		}
	EXPECT(found == 1, "%d kings of colour %d", found, color);
	return sq;
}

static bool
my_king_attacked(const struct vinfo *vi, const uint8_t *board, int color)
{
	int k = my_king(vi, board, color);

	return my_attacked(vi, board, BC_FILE(k), BC_RANK(k), !color);
}

/*
 * hadean.md, flying ninjas: the enemy pieces a flying ninja's move `m`
 * passes over (the squares strictly between from and to); their cells in
 * `out`, returns how many.  0 for any other piece.
 */
static int
my_passed(const struct vinfo *vi, const uint8_t *board, bc_move m, int *out)
{
	int from = BC_MOVE_FROM(m), to = BC_MOVE_TO(m), n = 0;
	int f = BC_FILE(from), r = BC_RANK(from);
	int sf = sign(BC_FILE(to) - f), sr = sign(BC_RANK(to) - r);
	char l = is_piece(board[from]) ? vi->letter[BC_PIECE_TYPE(board[from])]
	                               : 0;
	int us = BC_PIECE_COLOR(board[from]);

	if (vi->id != BC_VARIANT_HADEAN_NINJA || (l != 'G' && l != 'T'))
		return 0;
	for (f += sf, r += sr; f != BC_FILE(to) || r != BC_RANK(to);
	     f += sf, r += sr) {
		bc_piece p = board[BC_SQUARE(f, r)];

		if (is_piece(p) && BC_PIECE_COLOR(p) != us)
			out[n++] = BC_SQUARE(f, r);
	}
	return n;
}

/*
 * Plays `m` on a copy of the board as the rules describe it: the piece
 * goes from -> to (promoted if the move says so); en passant removes the
 * first piece beyond the target square in the direction the victim moved
 * (README.md, FEN field 4); castling puts the rook from the a- or l-file
 * corner next to the king on the other side (hadean.md).
 */
static void
my_apply(const struct vinfo *vi, const bc_position *pos, bc_move m,
    uint8_t *board)
{
	int from = BC_MOVE_FROM(m), to = BC_MOVE_TO(m);
	bc_piece piece = pos->board[from];
	int us = BC_PIECE_COLOR(piece);

	memcpy(board, pos->board, BC_CELLS);
	EXPECT(is_piece(piece), "no piece on the from-square");
	if (BC_MOVE_KIND(m) == BC_MOVE_EN_PASSANT) {
		int f = BC_FILE(to), r = BC_RANK(to) - forward(us);

		while (on_board(vi, f, r) && board[BC_SQUARE(f, r)] == BC_EMPTY)
			r -= forward(us);
		EXPECT(on_board(vi, f, r) &&
		        letter_at(vi, board, f, r) == 'P' &&
		        BC_PIECE_COLOR(board[BC_SQUARE(f, r)]) != us,
		    "no enemy pawn to take en passant");
		board[BC_SQUARE(f, r)] = BC_EMPTY;
	}
	{
		int passed[2], n = my_passed(vi, board, m, passed);

		for (int k = 0; k < n; k++)
			board[passed[k]] = BC_EMPTY;
	}
	board[from] = BC_EMPTY;
	if (BC_MOVE_KIND(m) == BC_MOVE_CASTLE) {
		/* The rook may land on the king's old square (O-O-1). */
		int dir = sign(BC_FILE(to) - BC_FILE(from));
		int rank = BC_RANK(from);
		int rook_from = BC_SQUARE(dir > 0 ? vi->files - 1 : 0, rank);

		EXPECT(vi->letter[BC_PIECE_TYPE(piece)] == 'K' &&
		        letter_at(vi, board, BC_FILE(rook_from), rank) == 'R',
		    "castling without king and rook");
		board[to - dir] = board[rook_from];
		board[rook_from] = BC_EMPTY;
	}
	board[to] = BC_MOVE_PROMO(m) ? BC_PIECE(us, BC_MOVE_PROMO(m)) : piece;
}

/* ------------------------------------------------------------------ */
/* Sanity of the detector itself, on cases stated in the rules text.   */

struct detector_case {
	const char *source;
	const char *variant;
	const char *fen;
	const char *target;
	int by;
	bool attacked;
};

static const struct detector_case detector_cases[] = {
	/* hadean.md: warmachine d5, a piece on c5, b5 empty, queen a5: it
	 * may capture on c5 and go to b5, but not take the queen on a5. */
	{ "hadean.md: flyer diagram", "hadean",
	  "6k5/12/12/12/12/12/12/q1rM8/12/12/12/6K5 w - - 0 1", "c5", 0, true },
	{ "hadean.md: flyer diagram", "hadean",
	  "6k5/12/12/12/12/12/12/q1rM8/12/12/12/6K5 w - - 0 1", "b5", 0, true },
	{ "hadean.md: flyer diagram", "hadean",
	  "6k5/12/12/12/12/12/12/q1rM8/12/12/12/6K5 w - - 0 1", "a5", 0,
	  false },
	/* hadean.md: pawns on e5, f5, g5 - it may capture any of the three. */
	{ "hadean.md: flyer diagram", "hadean",
	  "6k5/12/12/12/12/12/12/3Mppp5/12/12/12/6K5 w - - 0 1", "g5", 0,
	  true },
	/* hadean.md: a ninja pawn captures sideways only in its upper half:
	 * White J on e7 (rank 7, upper) hits d7; White J on e6 does not hit
	 * d6 (lower half) but does hit d7 (diagonal forward). */
	{ "hadean.md: ninja pawn", "hadean",
	  "6k5/12/12/12/12/4J7/12/12/12/12/12/6K5 w - - 0 1", "d7", 0, true },
	{ "hadean.md: ninja pawn", "hadean",
	  "6k5/12/12/12/12/12/4J7/12/12/12/12/6K5 w - - 0 1", "d6", 0, false },
	{ "hadean.md: ninja pawn", "hadean",
	  "6k5/12/12/12/12/12/4J7/12/12/12/12/6K5 w - - 0 1", "d7", 0, true },
	/* chad.md, Freeling's diagram: Rd9 sees h9 along rank 9 (it could
	 * never capture there) - so i9 is not seen (h9 blocks) but after
	 * 1.Rxh9=Q the king cannot recapture. */
	{ "chad.md: Freeling's diagram", "chad",
	  "12/12/12/3R3rk3/12/7R4/12/12/2RKR7/12/4q7/12 w - - 0 1", "h9", 0,
	  true },
	{ "chad.md: Freeling's diagram", "chad",
	  "12/12/12/3R3rk3/12/7R4/12/12/2RKR7/12/4q7/12 w - - 0 1", "i9", 0,
	  false },
	/* chad.md: Black's queen e2 sees d1 diagonally, d2 orthogonally. */
	{ "chad.md: Freeling's diagram", "chad",
	  "12/12/12/3R3rk3/12/7R4/12/12/2RKR7/12/4q7/12 w - - 0 1", "d1", 1,
	  true },
	/* grand.md: a pawn on the 9th rank attacks the 10th. */
	{ "grand.md: promotion", "grand",
	  "4k5/3P6/10/10/10/10/10/10/5K4/10 b - - 0 1", "e10", 0, true },
	/* grand.md: the chancellor on e5 leaps to f7, not f6. */
	{ "grand.md: chancellor = rook + knight", "grand",
	  "k9/10/10/10/10/4C5/10/10/5K4/10 w - - 0 1", "f7", 0, true },
	{ "grand.md: chancellor = rook + knight", "grand",
	  "k9/10/10/10/10/4C5/10/10/5K4/10 w - - 0 1", "f6", 0, false },
};

START_TEST(test_invariants_detector_cases)
{
	const struct detector_case *c = &detector_cases[_i];
	const bc_variant *v = bc_variant_find(c->variant);
	struct vinfo vi = vinfo_of(bc_variant_id_of(v));
	bc_position pos;
	int sq = square_of(c->target);

	LOAD_FEN(&pos, c->variant, c->fen);
	ck_assert_msg(my_attacked(&vi, pos.board, BC_FILE(sq), BC_RANK(sq),
	                  c->by) == c->attacked,
	    "%s: %s attacked by %s in %s: expected %d", c->source, c->target,
	    c->by ? "Black" : "White", c->fen, c->attacked);
	/* The library agrees on these too. */
	ck_assert_msg(bc_position_attacked(&pos, sq, c->by) == c->attacked,
	    "%s: library says %s attacked = %d", c->source, c->target,
	    !c->attacked);
}
END_TEST

/* ------------------------------------------------------------------ */
/* The corpus.                                                         */

enum {
	GAMES = 30,
	GAME_PLIES = 120,
	EXTRA_PLIES = 40 /* one game from each position of the rules files */
};

/* How a playout picks its moves.  All but BIAS_NONE also take special
 * moves (promotion, en passant, castling, Chad captures) when offered,
 * three times in four. */
enum bias {
	BIAS_NONE,    /* uniformly random */
	BIAS_PAWNS,   /* mostly pawn moves, forward ones first */
	BIAS_DEVELOP, /* pieces off the back rank (Chad: rooks forward) */
	BIAS_CHECKS,  /* mostly moves that give check */
	BIAS_KINDS
};

struct coverage {
	int positions, from_start, from_extra;
	int in_check, no_moves;
	/* Positions with at least one legal move of the kind. */
	int legal_promo, legal_ep, legal_ep_double, legal_castle,
	    legal_capture;
	/* Moves of the kind played in the playouts. */
	int played_promo, played_ep, played_castle, played_capture;
	/* Flying ninjas: moves taking in passing, offered and played. */
	int legal_passing, played_passing, played_passing_two;
};

/* What a corpus position offers, for sampling. */
enum {
	OFFERS_PROMO = 1 << 0,
	OFFERS_EP = 1 << 1,
	OFFERS_CASTLE = 1 << 2
};

struct corpus {
	struct vinfo vi;
	bc_position *pos;
	uint8_t *offers; /* OFFERS_* of each position */
	int count, cap;
	struct coverage cov;
};

/* Extra positions of the rules files, with "- - 0 1" completed. */
static const struct {
	bc_variant_id id;
	const char *source;
	const char *fen;
} extra_fens[] = {
	{ BC_VARIANT_GRAND, "grand.md: more positions",
	  "r8r/1nbqkcabn1/ppp2ppppp/3p6/4pP4/10/10/PPPPP1PPPP/1NBQKCABN1/R8R "
	  "w - e7 0 3" },
	{ BC_VARIANT_GRAND, "grand.md: more positions",
	  "r8r/1nbqkcab2/ppppppppP1/10/10/10/10/PPPPPPPP2/1NBQKCAB2/R8R "
	  "w - - 0 1" },
	{ BC_VARIANT_GRAND, "grand.md: more positions",
	  "r8r/1nbqkcab2/pppppppp1P/8P1/10/10/10/PPPPPPP3/1NBQKCAB2/R8R "
	  "w - - 0 1" },
	{ BC_VARIANT_GRAND, "grand.md: more positions",
	  "4k5/10/10/1P8/10/10/10/10/5K4/10 w - - 0 1" },
	{ BC_VARIANT_CHAD, "chad.md: other positions",
	  "2R6r2/12/1r5kr3/3r2R2r2/1r2R6r/12/12/3R5R1R/3K2R5/1R10/2r9/12 "
	  "b - - 0 1" },
	{ BC_VARIANT_CHAD, "chad.md: other positions",
	  "4R5r1/5r6/11R/7r1k2/2R1r7/10r1/12/3K1R6/3R8/7Rr3/10R1/2r9 "
	  "b - - 0 1" },
	{ BC_VARIANT_CHAD, "chad.md: other positions",
	  "R4r6/7r4/5r3k2/9Q2/R11/5r6/12/12/2K9/3R8/12/4R7 b - - 0 1" },
	{ BC_VARIANT_CHAD, "chad.md: stalemate",
	  "12/12/8k3/6R5/12/7R4/3R1R6/3K8/4R7/12/12/9R2 b - - 0 1" },
	{ BC_VARIANT_CHAD, "chad.md: checkmate",
	  "8r3/12/7r4/8kQ2/12/4rr3R2/4R2R4/4K7/4RRr5/12/12/9r2 b - - 0 1" },
	{ BC_VARIANT_CHAD, "chad.md: Freeling's diagram, White",
	  "12/12/12/3R3rk3/12/7R4/12/12/2RKR7/12/4q7/12 w - - 0 1" },
	{ BC_VARIANT_CHAD, "chad.md: Freeling's diagram, Black",
	  "12/12/12/3R3rk3/12/7R4/12/12/2RKR7/12/4q7/12 b - - 0 1" },
	{ BC_VARIANT_HEXCHAD, "hexchad.md: A",
	  "7/8/9/7k2/11/12/6R6/12/11/10/3K5/8/7 w - - 0 1" },
	{ BC_VARIANT_HEXCHAD, "hexchad.md: B",
	  "7/8/9/7k2/11/12/6Q6/12/11/10/3K5/8/7 w - - 0 1" },
	{ BC_VARIANT_HEXCHAD, "hexchad.md: C",
	  "7/8/6k2/10/5Rr4/12/13/12/11/10/3K5/8/7 w - - 0 1" },
	{ BC_VARIANT_HEXCHAD, "hexchad.md: C, Black to move",
	  "7/8/6k2/10/5Rr4/12/13/12/11/10/3K5/8/7 b - - 0 1" },
	{ BC_VARIANT_HEXCHAD, "hexchad.md: checkmate",
	  "7/8/6k2/6Q3/11/6R5/13/12/11/3K6/9/8/7 b - - 0 1" },
	{ BC_VARIANT_HEXCHAD, "hexchad.md: stalemate",
	  "7/8/6k2/R9/1R9/12/13/12/11/3K5R/9/8/7 b - - 0 1" },
	/* hadean.md gives no position besides the start; its option with
	 * the flying ninjas three hand-counted ones. */
	{ BC_VARIANT_HADEAN_NINJA, "hadean.md: a guard alone on f6",
	  "12/11k/12/12/12/12/5G6/12/12/12/12/K11 w - - 0 1" },
	{ BC_VARIANT_HADEAN_NINJA, "hadean.md: guard d5, pawns e6 and f7",
	  "12/11k/12/12/12/5p6/4P7/3G8/12/12/12/K11 w - - 0 1" },
	{ BC_VARIANT_HADEAN_NINJA, "hadean.md: warrior a5, pawns b5, c5",
	  "12/11k/12/12/12/12/12/Tpp9/12/12/12/K11 w - - 0 1" },
};

static void
corpus_add(struct corpus *c, const bc_position *pos)
{
	if (c->count == c->cap) {
		c->cap = c->cap ? 2 * c->cap : 1024;
		c->pos = realloc(c->pos, (size_t)c->cap * sizeof *c->pos);
		c->offers = realloc(c->offers, (size_t)c->cap);
		EXPECT(c->pos != NULL && c->offers != NULL, "out of memory");
	}
	c->offers[c->count] = 0;
	c->pos[c->count++] = *pos;
}

static bool
is_special(const struct vinfo *vi, bc_move m)
{
	int kind = BC_MOVE_KIND(m);

	return BC_MOVE_PROMO(m) || kind == BC_MOVE_EN_PASSANT ||
	    kind == BC_MOVE_CASTLE ||
	    ((vi->id == BC_VARIANT_CHAD || vi->id == BC_VARIANT_HEXCHAD) &&
	        kind == BC_MOVE_CAPTURE);
}

/* A pawn or ninja pawn move that goes forward. */
static bool
is_pawn_move(const struct vinfo *vi, const bc_position *pos, bc_move m)
{
	char l = vi->letter[BC_PIECE_TYPE(pos->board[BC_MOVE_FROM(m)])];

	return (l == 'P' || l == 'J') && BC_RANK(BC_MOVE_TO(m)) !=
	    BC_RANK(BC_MOVE_FROM(m));
}

static bool
gives_check(const struct vinfo *vi, const bc_position *pos, bc_move m)
{
	uint8_t board[BC_CELLS];

	my_apply(vi, pos, m, board);
	return my_king_attacked(vi, board, !pos->side);
}

/* A move of a piece other than king and rook from its own first rank
 * (clears the way for Hadean castling); in Chad, a rook move toward the
 * enemy castle region (rank-wise). */
static bool
is_develop_move(const struct vinfo *vi, const bc_position *pos, bc_move m)
{
	int from = BC_MOVE_FROM(m), to = BC_MOVE_TO(m);
	char l = vi->letter[BC_PIECE_TYPE(pos->board[from])];
	int home = pos->side == BC_WHITE ? 0 : vi->ranks - 1;

	if (vi->id == BC_VARIANT_CHAD || vi->id == BC_VARIANT_HEXCHAD)
		return l != 'K' && (BC_RANK(to) - BC_RANK(from)) *
		    forward(pos->side) > 0;
	return BC_RANK(from) == home && l != 'K' && l != 'R';
}

/* Picks a move of `list` by the playout's bias. */
static bc_move
pick_move(const struct vinfo *vi, const bc_position *pos,
    const bc_move_list *list, enum bias bias, uint64_t *rng)
{
	bc_move chosen[BC_MAX_MOVES];
	int n = 0;

	if (bias != BIAS_NONE && rng_below(rng, 4) != 0) {
		for (int i = 0; i < list->count; i++)
			if (is_special(vi, list->moves[i]))
				chosen[n++] = list->moves[i];
		if (n)
			return chosen[rng_below(rng, n)];
	}
	if (bias != BIAS_NONE && rng_below(rng, 4) != 0) {
		for (int i = 0; i < list->count; i++)
			if (bias == BIAS_PAWNS
			        ? is_pawn_move(vi, pos, list->moves[i])
			        : bias == BIAS_DEVELOP
			        ? is_develop_move(vi, pos, list->moves[i])
			        : gives_check(vi, pos, list->moves[i]))
				chosen[n++] = list->moves[i];
		/* Half the time push the most advanced pawn, so that some
		 * pawn gets to promote. */
		if (n && bias == BIAS_PAWNS && rng_below(rng, 2)) {
			int best = 0, best_rank = -1;

			for (int i = 0; i < n; i++) {
				int r = BC_RANK(BC_MOVE_TO(chosen[i]));
				int rel = pos->side == BC_WHITE
				    ? r : vi->ranks - 1 - r;

				if (rel > best_rank) {
					best = i;
					best_rank = rel;
				}
			}
			return chosen[best];
		}
		if (n)
			return chosen[rng_below(rng, n)];
	}
	return list->moves[rng_below(rng, list->count)];
}

static void
count_legal(struct corpus *c, const bc_position *pos,
    const bc_move_list *list)
{
	bool promo = false, ep = false, castle = false, capture = false;
	bool passing = false;

	for (int i = 0; i < list->count; i++) {
		int kind = BC_MOVE_KIND(list->moves[i]);

		promo |= BC_MOVE_PROMO(list->moves[i]) != 0;
		ep |= kind == BC_MOVE_EN_PASSANT;
		castle |= kind == BC_MOVE_CASTLE;
		capture |= kind == BC_MOVE_CAPTURE;
		passing |= kind == BC_MOVE_PASSING;
	}
	c->offers[c->count - 1] = (uint8_t)((promo ? OFFERS_PROMO : 0) |
	    (ep ? OFFERS_EP : 0) | (castle ? OFFERS_CASTLE : 0));
	c->cov.legal_promo += promo;
	c->cov.legal_ep += ep;
	c->cov.legal_ep_double += ep && pos->ep_count == 2;
	c->cov.legal_castle += castle;
	c->cov.legal_capture += capture;
	c->cov.legal_passing += passing;
	c->cov.in_check += bc_position_in_check(pos);
	c->cov.no_moves += list->count == 0;
}

/* One random game of up to `plies` plies from `start`; keeps every
 * position, the last one included. */
static void
playout(struct corpus *c, const bc_position *start, int plies,
    enum bias bias, uint64_t *rng, bc_move_list *list)
{
	bc_position pos = *start;

	for (int ply = 0; ply <= plies; ply++) {
		bc_undo undo;
		bc_move m;
		int kind;

		corpus_add(c, &pos);
		bc_movegen_legal(&pos, list);
		count_legal(c, &pos, list);
		if (list->count == 0 || ply == plies)
			break;
		m = pick_move(&c->vi, &pos, list, bias, rng);
		kind = BC_MOVE_KIND(m);
		c->cov.played_promo += BC_MOVE_PROMO(m) != 0;
		c->cov.played_ep += kind == BC_MOVE_EN_PASSANT;
		c->cov.played_castle += kind == BC_MOVE_CASTLE;
		c->cov.played_capture += kind == BC_MOVE_CAPTURE;
		if (kind == BC_MOVE_PASSING) {
			int passed[2];

			c->cov.played_passing++;
			c->cov.played_passing_two +=
			    my_passed(&c->vi, pos.board, m, passed) == 2;
		}
		bc_position_make(&pos, m, &undo);
	}
}

/* Builds the corpus of variant `id`; same every run (fixed seeds). */
static void
corpus_build(struct corpus *c, bc_variant_id id)
{
	bc_move_list *list = new_move_list();
	uint64_t rng = 0x9E3779B97F4A7C15ULL ^
	    ((uint64_t)id + 1) * 0x1234567ULL;
	bc_position start;

	memset(c, 0, sizeof *c);
	c->vi = vinfo_of(id);
	bc_position_start(&start, c->vi.v);
	for (int g = 0; g < GAMES; g++)
		playout(c, &start, GAME_PLIES, (enum bias)(g % BIAS_KINDS),
		    &rng, list);
	c->cov.from_start = c->count;
	for (size_t i = 0; i < sizeof extra_fens / sizeof extra_fens[0]; i++) {
		if (extra_fens[i].id != id)
			continue;
		LOAD_FEN(&start, c->vi.key, extra_fens[i].fen);
		playout(c, &start, EXTRA_PLIES, BIAS_PAWNS, &rng, list);
	}
	c->cov.from_extra = c->count - c->cov.from_start;
	c->cov.positions = c->count;
	free(list);
}

static void
corpus_free(struct corpus *c)
{
	free(c->pos);
	free(c->offers);
	c->pos = NULL;
	c->offers = NULL;
	c->count = c->cap = 0;
}

START_TEST(test_invariants_corpus_coverage)
{
	struct corpus c;

	corpus_build(&c, (bc_variant_id)_i);
	if (getenv("BC_INVARIANTS_VERBOSE"))
		fprintf(stderr,
		    "%s: %d positions (%d from start, %d from rules FENs); "
		    "in check %d, no moves %d; positions offering promotion "
		    "%d, en passant %d (two squares %d), castling %d, "
		    "capture %d; played promotion %d, en passant %d, "
		    "castling %d, capture %d\n",
		    c.vi.key, c.cov.positions, c.cov.from_start,
		    c.cov.from_extra, c.cov.in_check, c.cov.no_moves,
		    c.cov.legal_promo, c.cov.legal_ep, c.cov.legal_ep_double,
		    c.cov.legal_castle, c.cov.legal_capture,
		    c.cov.played_promo, c.cov.played_ep, c.cov.played_castle,
		    c.cov.played_capture);
	ck_assert_int_ge(c.cov.from_start, GAMES * 20);
	ck_assert_int_gt(c.cov.in_check, 0);
	switch (_i) {
	case BC_VARIANT_GRAND:
		ck_assert_int_gt(c.cov.legal_promo, 0);
		ck_assert_int_gt(c.cov.played_promo, 0);
		ck_assert_int_gt(c.cov.legal_ep, 0);
		ck_assert_int_gt(c.cov.played_ep, 0);
		ck_assert_int_gt(c.cov.played_capture, 0);
		break;
	case BC_VARIANT_CHAD:
	case BC_VARIANT_HEXCHAD:
		ck_assert_int_gt(c.cov.legal_capture, 0);
		ck_assert_int_gt(c.cov.played_capture, 0);
		ck_assert_int_gt(c.cov.legal_promo, 0);
		ck_assert_int_gt(c.cov.played_promo, 0);
		ck_assert_int_eq(c.cov.legal_ep + c.cov.legal_castle, 0);
		break;
	case BC_VARIANT_HADEAN:
		ck_assert_int_gt(c.cov.legal_promo, 0);
		ck_assert_int_gt(c.cov.played_promo, 0);
		ck_assert_int_gt(c.cov.legal_ep, 0);
		ck_assert_int_gt(c.cov.played_ep, 0);
		ck_assert_int_gt(c.cov.legal_castle, 0);
		ck_assert_int_gt(c.cov.played_castle, 0);
		ck_assert_int_gt(c.cov.played_capture, 0);
		break;
	case BC_VARIANT_HADEAN_NINJA:
		ck_assert_int_gt(c.cov.legal_promo, 0);
		ck_assert_int_gt(c.cov.legal_ep, 0);
		ck_assert_int_gt(c.cov.legal_castle, 0);
		ck_assert_int_gt(c.cov.played_capture, 0);
		ck_assert_int_gt(c.cov.legal_passing, 0);
		ck_assert_int_gt(c.cov.played_passing, 0);
		ck_assert_int_gt(c.cov.played_passing_two, 0);
		break;
	default:
		ck_abort();
	}
	corpus_free(&c);
}
END_TEST

/* ------------------------------------------------------------------ */
/* Helpers over move lists and positions.                              */

static int
cmp_move(const void *a, const void *b)
{
	bc_move x = *(const bc_move *)a, y = *(const bc_move *)b;

	return (x > y) - (x < y);
}

/* Sorts `list` in place; fails on a duplicate. */
static void
sort_unique(bc_move_list *list, const char *fen)
{
	qsort(list->moves, (size_t)list->count, sizeof list->moves[0],
	    cmp_move);
	for (int i = 1; i < list->count; i++)
		EXPECT(list->moves[i] != list->moves[i - 1],
		    "%s: move listed twice (%#x)", fen,
		    (unsigned)list->moves[i]);
}

static bool
in_sorted(const bc_move_list *list, bc_move m)
{
	return bsearch(&m, list->moves, (size_t)list->count,
	           sizeof list->moves[0], cmp_move) != NULL;
}

static const char *
fen_of(const bc_position *pos, char *buf)
{
	bc_position_to_fen(pos, buf, BC_FEN_MAX);
	return buf;
}

static const char *
coord_of(const bc_position *pos, bc_move m, char *buf)
{
	bc_move_to_coord(pos, m, buf, BC_MOVE_TEXT_MAX);
	return buf;
}

/* A position and the move just made from it (or none), described only
 * when a check fails. */
struct context {
	const bc_position *pos;
	bc_move m;
	char text[BC_FEN_MAX + BC_MOVE_TEXT_MAX + 8];
};

static const char *
describe(struct context *ctx)
{
	char fen[BC_FEN_MAX], move[BC_MOVE_TEXT_MAX];

	fen_of(ctx->pos, fen);
	if (ctx->m == BC_MOVE_NONE)
		snprintf(ctx->text, sizeof ctx->text, "%s", fen);
	else
		snprintf(ctx->text, sizeof ctx->text, "%s after %s", fen,
		    coord_of(ctx->pos, ctx->m, move));
	return ctx->text;
}

/*
 * The incremental bookkeeping agrees with the board: king squares, type
 * counts, piece lists, and the hash recomputed from scratch.
 */
static void
check_bookkeeping(const struct vinfo *vi, const bc_position *pos,
    struct context *what)
{
	int counts[2][BC_MAX_TYPES] = { { 0 } }, total[2] = { 0, 0 };
	bool listed[BC_CELLS] = { false };

	for (int r = 0; r < vi->ranks; r++)
		for (int f = 0; f < vi->files; f++) {
			bc_piece p = pos->board[BC_SQUARE(f, r)];

			if (!is_piece(p))
				continue;
			counts[BC_PIECE_COLOR(p)][BC_PIECE_TYPE(p)]++;
			total[BC_PIECE_COLOR(p)]++;
		}
	for (int c = 0; c < 2; c++) {
		EXPECT(pos->king[c] == my_king(vi, pos->board, c),
		    "%s: king square of %d", describe(what), c);
		for (int t = 0; t < BC_MAX_TYPES; t++)
			EXPECT(counts[c][t] == pos->type_count[c][t],
			    "%s: count of type %d of %d: %d, board has %d",
			    describe(what), t, c, pos->type_count[c][t],
			    counts[c][t]);
		EXPECT(pos->piece_count[c] == total[c],
		    "%s: piece count of %d: %d, board has %d",
		    describe(what), c, pos->piece_count[c], total[c]);
		for (int i = 0; i < pos->piece_count[c]; i++) {
			int sq = pos->piece_list[c][i];

			EXPECT(is_piece(pos->board[sq]) &&
			        BC_PIECE_COLOR(pos->board[sq]) == c &&
			        !listed[sq] && pos->list_index[sq] == i,
			    "%s: piece list %d entry %d", describe(what), c, i);
			listed[sq] = true;
		}
	}
	EXPECT(pos->hash == bc_position_compute_hash(pos),
	    "%s: incremental hash differs from computed hash", describe(what));
}

/* Every field that make/unmake must restore, compared byte for byte. */
static void
check_restored(const bc_position *a, const bc_position *b,
    struct context *what)
{
	EXPECT(!memcmp(a->board, b->board, sizeof a->board),
	    "%s: board", describe(what));
	EXPECT(a->side == b->side, "%s: side", describe(what));
	EXPECT(a->castling == b->castling, "%s: castling", describe(what));
	EXPECT(a->ep_count == b->ep_count &&
	        !memcmp(a->ep_square, b->ep_square, sizeof a->ep_square) &&
	        a->ep_victim == b->ep_victim,
	    "%s: en passant", describe(what));
	EXPECT(a->halfmove == b->halfmove && a->fullmove == b->fullmove,
	    "%s: clocks", describe(what));
	EXPECT(a->hash == b->hash, "%s: hash", describe(what));
	EXPECT(!memcmp(a->king, b->king, sizeof a->king),
	    "%s: king squares", describe(what));
	EXPECT(!memcmp(a->type_count, b->type_count,
	                  sizeof a->type_count),
	    "%s: type counts", describe(what));
	EXPECT(!memcmp(a->piece_count, b->piece_count,
	                  sizeof a->piece_count),
	    "%s: piece counts", describe(what));
	for (int c = 0; c < 2; c++)
		EXPECT(!memcmp(a->piece_list[c], b->piece_list[c],
		           a->piece_count[c] * sizeof a->piece_list[c][0]),
		    "%s: piece list order of %d", describe(what), c);
	EXPECT(bc_position_equal(a, b), "%s: bc_position_equal",
	    describe(what));
}

/* hadean.md: castling rights lost when a piece leaves or lands on the
 * king's or a rook's start square. */
static unsigned
rights_touched(const struct vinfo *vi, int sq)
{
	int top = vi->ranks - 1;

	if (sq == BC_SQUARE(6, 0))
		return BC_CASTLE_WK | BC_CASTLE_WQ;
	if (sq == BC_SQUARE(6, top))
		return BC_CASTLE_BK | BC_CASTLE_BQ;
	if (sq == BC_SQUARE(11, 0))
		return BC_CASTLE_WK;
	if (sq == BC_SQUARE(0, 0))
		return BC_CASTLE_WQ;
	if (sq == BC_SQUARE(11, top))
		return BC_CASTLE_BK;
	if (sq == BC_SQUARE(0, top))
		return BC_CASTLE_BQ;
	return 0;
}

/*
 * After a pawn's long move `m` (from `before`), the legal en-passant
 * captures of `after` must be exactly those the rules allow: an enemy
 * pawn (not a ninja pawn) diagonally behind a skipped square, whose
 * capture does not leave its own king attacked (by our detector).
 */
static void
check_en_passant_after(const struct vinfo *vi, const bc_position *before,
    bc_move m, const bc_position *after, bc_move_list *list)
{
	int us = before->side, them = !us, fwd = forward(us);
	int from = BC_MOVE_FROM(m), to = BC_MOVE_TO(m);
	bool long_pawn = BC_MOVE_KIND(m) == BC_MOVE_LONG &&
	    vi->letter[BC_PIECE_TYPE(before->board[from])] == 'P';
	bc_move expected[8];
	int n_expected = 0, n_got = 0;
	char fen[BC_FEN_MAX], text[BC_MOVE_TEXT_MAX];

	if (!long_pawn) {
		EXPECT(after->ep_count == 0,
		    "%s after %s: en-passant squares after a move that is not "
		    "a pawn's long move", fen_of(before, fen),
		    coord_of(before, m, text));
		return;
	}
	EXPECT(abs(BC_RANK(to) - BC_RANK(from)) >= 2, "short long move");
	for (int r = BC_RANK(from) + fwd; r != BC_RANK(to); r += fwd)
		for (int df = -1; df <= 1; df += 2) {
			int cf = BC_FILE(from) + df, cr = r + fwd;
			uint8_t board[BC_CELLS];
			bc_move ep;

			if (!on_board(vi, cf, cr) ||
			    letter_at(vi, after->board, cf, cr) != 'P' ||
			    BC_PIECE_COLOR(after->board[BC_SQUARE(cf, cr)]) !=
			        them)
				continue;
			ep = BC_MOVE_MAKE(BC_SQUARE(cf, cr),
			    BC_SQUARE(BC_FILE(from), r), 0, BC_MOVE_EN_PASSANT);
			my_apply(vi, after, ep, board);
			EXPECT(board[to] == BC_EMPTY,
			    "en passant left the pawn");
			if (!my_king_attacked(vi, board, them))
				expected[n_expected++] = ep;
		}
	bc_movegen_legal(after, list);
	for (int i = 0; i < list->count; i++) {
		bc_move e = list->moves[i];
		bool found = false;

		if (BC_MOVE_KIND(e) != BC_MOVE_EN_PASSANT)
			continue;
		n_got++;
		for (int j = 0; j < n_expected; j++)
			found |= expected[j] == e;
		EXPECT(found, "%s after %s: unexpected en passant %s",
		    fen_of(before, fen), coord_of(before, m, text),
		    coord_of(after, e, text));
	}
	EXPECT(n_got == n_expected,
	    "%s after %s: %d en-passant captures, expected %d",
	    fen_of(before, fen), coord_of(before, m, text), n_got, n_expected);
}

/* ------------------------------------------------------------------ */
/* 1, 2: make/unmake restores; the hash stays right; make is correct.  */

static void
check_make_unmake(const struct vinfo *vi, const bc_position *pos,
    bc_move_list *list, bc_move_list *scratch)
{
	struct context what = { pos, BC_MOVE_NONE, "" };

	check_bookkeeping(vi, pos, &what);
	bc_movegen_legal(pos, list);
	for (int i = 0; i < list->count; i++) {
		bc_move m = list->moves[i];
		int from = BC_MOVE_FROM(m), kind = BC_MOVE_KIND(m);
		char l = vi->letter[BC_PIECE_TYPE(pos->board[from])];
		int passed[2], n_passed = my_passed(vi, pos->board, m, passed);
		bool capture = kind == BC_MOVE_CAPTURE ||
		    kind == BC_MOVE_EN_PASSANT || n_passed > 0;
		bool resets = capture || BC_MOVE_PROMO(m) || l == 'P' ||
		    l == 'J';
		unsigned rights = pos->castling & ~(rights_touched(vi, from) |
		    rights_touched(vi, BC_MOVE_TO(m)));
		uint8_t board[BC_CELLS];
		bc_position work = *pos;
		bc_undo undo;

		/* A rook taken in passing on its start square loses its
		 * side the right to castle with it. */
		for (int k = 0; k < n_passed; k++)
			rights &= ~rights_touched(vi, passed[k]);
		EXPECT((kind == BC_MOVE_PASSING) == (n_passed > 0),
		    "%s: kind %d, %d pieces passed", describe(&what), kind,
		    n_passed);
		what.m = m;
		bc_position_make(&work, m, &undo);
		check_bookkeeping(vi, &work, &what);
		my_apply(vi, pos, m, board);
		EXPECT(!memcmp(board, work.board, sizeof board),
		    "%s: board differs from the rules' result",
		    describe(&what));
		EXPECT(work.side == !pos->side, "%s: side", describe(&what));
		EXPECT(work.castling == rights, "%s: castling %u, "
		    "expected %u", describe(&what), work.castling, rights);
		/* README.md: plies since the last capture, pawn move or
		 * promotion (chad.md: capture or promotion). */
		EXPECT(work.halfmove == (resets ? 0 : pos->halfmove + 1),
		    "%s: halfmove clock %d", describe(&what), work.halfmove);
		EXPECT(work.fullmove ==
		        pos->fullmove + (pos->side == BC_BLACK),
		    "%s: fullmove number", describe(&what));
		check_en_passant_after(vi, pos, m, &work, scratch);
		bc_position_unmake(&work, &undo);
		check_restored(&work, pos, &what);
	}
}

START_TEST(test_invariants_make_unmake)
{
	struct corpus c;
	bc_move_list *list = new_move_list(), *scratch = new_move_list();

	corpus_build(&c, (bc_variant_id)_i);
	for (int i = 0; i < c.count; i++)
		check_make_unmake(&c.vi, &c.pos[i], list, scratch);
	free(list);
	free(scratch);
	corpus_free(&c);
}
END_TEST

/* ------------------------------------------------------------------ */
/* 3: legality against our own detector.                               */

/*
 * hadean.md, flexible castling: the legal castles of `pos`, by the rules'
 * conditions checked with our detector.  Returns how many, in `out`.
 */
static int
my_castles(const struct vinfo *vi, const bc_position *pos, bc_move *out)
{
	int us = pos->side, rank = us == BC_WHITE ? 0 : vi->ranks - 1;
	int king = BC_SQUARE(6, rank), n = 0;
	unsigned wing_right[2] = {
		us == BC_WHITE ? BC_CASTLE_WK : BC_CASTLE_BK,
		us == BC_WHITE ? BC_CASTLE_WQ : BC_CASTLE_BQ
	};

	if ((vi->id != BC_VARIANT_HADEAN &&
	        vi->id != BC_VARIANT_HADEAN_NINJA) || !(pos->castling & (wing_right[0] |
	                                         wing_right[1])))
		return 0;
	EXPECT(letter_at(vi, pos->board, 6, rank) == 'K', "rights, no king");
	if (my_attacked(vi, pos->board, 6, rank, !us))
		return 0;
	for (int wing = 0; wing < 2; wing++) {
		int dir = wing == 0 ? 1 : -1, rook_file = wing == 0 ? 11 : 0;
		bool clear = true;

		if (!(pos->castling & wing_right[wing]))
			continue;
		EXPECT(letter_at(vi, pos->board, rook_file, rank) == 'R',
		    "rights, no rook");
		for (int f = 6 + dir; f != rook_file; f += dir)
			clear &= pos->board[BC_SQUARE(f, rank)] == BC_EMPTY;
		if (!clear)
			continue;
		/* The king goes n squares, 1 <= n < distance to the rook; it
		 * crosses 6+dir .. target-dir and lands on target. */
		for (int f = 6 + dir; f != rook_file; f += dir) {
			bc_move m = BC_MOVE_MAKE(king, BC_SQUARE(f, rank), 0,
			    BC_MOVE_CASTLE);
			uint8_t board[BC_CELLS];

			if (f != 6 + dir &&
			    my_attacked(vi, pos->board, f - dir, rank, !us))
				break;
			my_apply(vi, pos, m, board);
			if (!my_king_attacked(vi, board, us))
				out[n++] = m;
		}
	}
	return n;
}

static void
check_legality(const struct vinfo *vi, const bc_position *pos,
    bc_move_list *legal, bc_move_list *pseudo, int *rejected)
{
	char fen[BC_FEN_MAX], text[BC_MOVE_TEXT_MAX];
	bool in_check = my_king_attacked(vi, pos->board, pos->side);
	bc_move castles[32];
	int n_castles = 0, n_legal_castles = 0;

	fen_of(pos, fen);
	EXPECT(bc_position_in_check(pos) == in_check,
	    "%s: bc_position_in_check says %d", fen, !in_check);
	EXPECT(!my_king_attacked(vi, pos->board, !pos->side),
	    "%s: the side not to move is in check", fen);
	bc_movegen_legal(pos, legal);
	bc_movegen_pseudo(pos, pseudo);
	sort_unique(legal, fen);
	sort_unique(pseudo, fen);
	for (int i = 0; i < legal->count; i++)
		EXPECT(in_sorted(pseudo, legal->moves[i]),
		    "%s: legal move %s is not pseudo-legal", fen,
		    coord_of(pos, legal->moves[i], text));
	for (int i = 0; i < pseudo->count; i++) {
		bc_move m = pseudo->moves[i];
		uint8_t board[BC_CELLS];
		bool safe, listed = in_sorted(legal, m);

		my_apply(vi, pos, m, board);
		safe = !my_king_attacked(vi, board, pos->side);
		if (BC_MOVE_KIND(m) == BC_MOVE_CASTLE) {
			int from = BC_MOVE_FROM(m), to = BC_MOVE_TO(m);
			int dir = to > from ? 1 : -1;

			safe &= !in_check;
			for (int sq = from + dir; sq != to; sq += dir)
				safe &= !my_attacked(vi, pos->board,
				    BC_FILE(sq), BC_RANK(sq), !pos->side);
			n_legal_castles += listed;
		}
		EXPECT(listed == safe,
		    "%s: %s is %s, but it %s the king attacked", fen,
		    coord_of(pos, m, text), listed ? "legal" : "rejected",
		    safe ? "does not leave" : "leaves");
		EXPECT(bc_movegen_is_legal(pos, m) == listed,
		    "%s: bc_movegen_is_legal(%s) disagrees with the legal list",
		    fen, text);
		*rejected += !listed;
	}
	n_castles = my_castles(vi, pos, castles);
	EXPECT(n_castles == n_legal_castles,
	    "%s: %d legal castles, the rules give %d", fen, n_legal_castles,
	    n_castles);
	for (int i = 0; i < n_castles; i++)
		EXPECT(in_sorted(legal, castles[i]),
		    "%s: castle %s missing", fen,
		    coord_of(pos, castles[i], text));
}

START_TEST(test_invariants_legality)
{
	struct corpus c;
	bc_move_list *legal = new_move_list(), *pseudo = new_move_list();
	int rejected = 0;

	corpus_build(&c, (bc_variant_id)_i);
	for (int i = 0; i < c.count; i++)
		check_legality(&c.vi, &c.pos[i], legal, pseudo, &rejected);
	/* Some pseudo-legal moves must have been rejected, or the test of
	 * the rejection above proved nothing. */
	ck_assert_int_gt(rejected, 0);
	free(legal);
	free(pseudo);
	corpus_free(&c);
}
END_TEST

/*
 * bc_movegen_may_check never rules out a move that checks by our own
 * detector (gives_check), and rules out some moves: else it would spare
 * the search nothing.  bc_movegen_gives_check agrees with the detector
 * on every legal move.
 */
START_TEST(test_invariants_may_check)
{
	struct corpus c;
	bc_move_list *legal = new_move_list();
	int checks = 0, ruled_out = 0;
	char fen[BC_FEN_MAX], text[BC_MOVE_TEXT_MAX];

	corpus_build(&c, (bc_variant_id)_i);
	for (int i = 0; i < c.count; i++) {
		const bc_position *pos = &c.pos[i];

		bc_movegen_legal(pos, legal);
		for (int k = 0; k < legal->count; k++) {
			bc_move m = legal->moves[k];
			bool may = bc_movegen_may_check(pos, m);
			bool check = gives_check(&c.vi, pos, m);

			if (check) {
				checks++;
				ck_assert_msg(may, "%s: %s gives check, "
				    "bc_movegen_may_check says it cannot",
				    fen_of(pos, fen), coord_of(pos, m, text));
			}
			ck_assert_msg(bc_movegen_gives_check(pos, m) == check,
			    "%s: %s: bc_movegen_gives_check says %d",
			    fen_of(pos, fen), coord_of(pos, m, text), !check);
			ruled_out += !may;
		}
	}
	ck_assert_int_gt(checks, 0);
	ck_assert_int_gt(ruled_out, 0);
	free(legal);
	corpus_free(&c);
}
END_TEST

/*
 * bc_movegen_is_pseudo against the full pseudo-legal list: true for each
 * of its moves; for moves taken from a neighbouring corpus position, and
 * for this position's moves with the kind or promotion changed (the
 * forged moves a hash collision could bring), true exactly when the list
 * holds them.
 */
START_TEST(test_invariants_is_pseudo)
{
	struct corpus c;
	bc_move_list *pseudo = new_move_list(), *other = new_move_list();
	uint64_t seed = 0x9e3779b97f4a7c15ULL;
	int accepted = 0, refused = 0;

	corpus_build(&c, (bc_variant_id)_i);
	for (int i = 0; i < c.count; i++) {
		const bc_position *pos = &c.pos[i];
		char fen[BC_FEN_MAX];

		bc_movegen_pseudo(pos, pseudo);
		sort_unique(pseudo, fen_of(pos, fen));
		bc_movegen_pseudo(&c.pos[(i + 7) % c.count], other);
		for (int j = 0; j < pseudo->count; j++) {
			bc_move m = pseudo->moves[j];

			EXPECT(bc_movegen_is_pseudo(pos, m),
			    "%s: pseudo-legal move %d refused", fen, j);
			if (other->count + 3 > BC_MAX_MOVES)
				continue;
			/* Another kind, another promotion, and noise. */
			other->moves[other->count++] = m ^ (bc_move)1 << 22;
			other->moves[other->count++] = m ^ (bc_move)3 << 18;
			other->moves[other->count++] =
			    (bc_move)(rng_next(&seed) & 0x1ffffff);
		}
		for (int j = 0; j < other->count; j++) {
			bc_move m = other->moves[j];
			bool want = in_sorted(pseudo, m);

			EXPECT(bc_movegen_is_pseudo(pos, m) == want,
			    "%s: is_pseudo(%#x) is not %d", fen, (unsigned)m,
			    want);
			accepted += want;
			refused += !want;
		}
	}
	ck_assert_int_gt(accepted, 0);
	ck_assert_int_gt(refused, 0);
	free(pseudo);
	free(other);
	corpus_free(&c);
}
END_TEST

/*
 * bc_movegen_count against the pseudo-legal list: for both sides of every
 * corpus position, each piece's moves, the weights of a zone they land on
 * (the squares round the enemy king, and random cells), and the squares
 * reached, each with the bits of the marks (random, per type, 1..15) of
 * the pieces landing there; bc_movegen_pseudo_counted gives both at
 * once.  The side not to move is asked about as if it were to move,
 * without castling or en passant, so the list is generated for that
 * position.
 */
static void
check_counts(const bc_position *pos, int color, const uint8_t *zone,
    const uint8_t *marks, bc_move_list *list, const char *fen)
{
	bc_position asked = *pos;
	bc_move_counts counts;
	uint16_t reached[BC_CELLS], want_reached[BC_CELLS];
	int pieces = pos->piece_count[color];

	if (color != pos->side) {
		asked.side = (uint8_t)color;
		asked.ep_count = 0;
		asked.castling = 0;
	}
	bc_movegen_pseudo(&asked, list);
	memset(reached, 0, sizeof reached);
	memset(want_reached, 0, sizeof want_reached);
	bc_movegen_count(pos, color, zone, reached, marks, &counts);
	EXPECT(counts.count == pieces, "%s: %d pieces counted, not %d", fen,
	    counts.count, pieces);
	for (int i = 0; i < pieces && i < counts.count; i++) {
		int from = pos->piece_list[color][i], moves = 0, in_zone = 0;
		uint8_t mark = marks[BC_PIECE_TYPE(pos->board[from])];

		for (int j = 0; j < list->count; j++) {
			int to = BC_MOVE_TO(list->moves[j]);

			if (BC_MOVE_FROM(list->moves[j]) != from)
				continue;
			moves++;
			in_zone += zone[to];
			want_reached[to] |= (uint16_t)(1u << mark);
		}
		EXPECT(counts.moves[i] == moves && counts.zone_moves[i] ==
		    in_zone, "%s: side %d, piece on cell %d: %d moves, %d in "
		    "the zone, not %d and %d", fen, color, from,
		    counts.moves[i], counts.zone_moves[i], moves, in_zone);
	}
	EXPECT(!memcmp(reached, want_reached, sizeof reached),
	    "%s: side %d reaches other squares than its moves", fen, color);
	/* Without zone or marks the counts are the same. */
	{
		bc_move_counts bare;

		bc_movegen_count(pos, color, NULL, NULL, NULL, &bare);
		for (int i = 0; i < pieces; i++)
			EXPECT(bare.moves[i] == counts.moves[i] &&
			    bare.zone_moves[i] == 0,
			    "%s: counts without a zone differ", fen);
	}
	/* For the side to move, listing and counting at once gives the
	 * same list, in the same order, and the same counts. */
	if (color == pos->side) {
		bc_move_list *both = new_move_list();
		bc_move_counts with_list;
		uint16_t with_marks[BC_CELLS];

		memset(with_marks, 0, sizeof with_marks);
		bc_movegen_pseudo_counted(pos, both, zone, with_marks, marks,
		    &with_list);
		EXPECT(both->count == list->count && !memcmp(both->moves,
		    list->moves, (size_t)list->count * sizeof list->moves[0]),
		    "%s: the counted list differs from the pseudo-legal one",
		    fen);
		EXPECT(with_list.count == counts.count &&
		    !memcmp(with_list.moves, counts.moves,
		        (size_t)pieces * sizeof counts.moves[0]) &&
		    !memcmp(with_list.zone_moves, counts.zone_moves,
		        (size_t)pieces * sizeof counts.zone_moves[0]) &&
		    !memcmp(with_marks, reached, sizeof with_marks),
		    "%s: counts with the list differ", fen);
		free(both);
	}
}

START_TEST(test_invariants_move_counts)
{
	struct corpus c;
	bc_move_list *list = new_move_list();
	uint64_t seed = 0x2545f4914f6cdd1dULL;
	uint8_t zone[BC_CELLS], marks[BC_MAX_TYPES];

	corpus_build(&c, (bc_variant_id)_i);
	for (int i = 0; i < c.count; i++) {
		const bc_position *pos = &c.pos[i];
		char fen[BC_FEN_MAX];

		fen_of(pos, fen);
		for (int color = 0; color < 2; color++) {
			int king = pos->king[!color];

			/* Round the enemy king, and random cells of random
			 * weights (the counts add the weights up). */
			memset(zone, 0, sizeof zone);
			for (int dr = -2; dr <= 2; dr++)
				for (int df = -1; df <= 1; df++)
					zone[king + df + dr * BC_STRIDE] = 1;
			for (int k = 0; k < 24; k++)
				zone[rng_below(&seed, BC_CELLS)] =
				    (uint8_t)(1 + rng_below(&seed, 40));
			for (int t = 0; t < BC_MAX_TYPES; t++)
				marks[t] = (uint8_t)(1 + rng_below(&seed, 15));
			check_counts(pos, color, zone, marks, list, fen);
		}
	}
	free(list);
	corpus_free(&c);
}
END_TEST

/* ------------------------------------------------------------------ */
/* 4: SAN and coordinate round trips.                                  */

static void
check_notation(const struct vinfo *vi, const bc_position *pos,
    bc_move_list *list, bc_move_list *replies)
{
	char fen[BC_FEN_MAX], san[BC_MOVE_TEXT_MAX], coord[BC_MOVE_TEXT_MAX];

	bc_movegen_legal(pos, list);
	fen_of(pos, fen);
	for (int i = 0; i < list->count; i++) {
		bc_move m = list->moves[i], back = BC_MOVE_NONE;
		uint8_t board[BC_CELLS];
		bool check, mate = false;
		size_t len, san_len;
		char last;
		bc_error err;
		int rc;

		len = bc_move_to_san(pos, m, san, sizeof san);
		EXPECT(len > 0 && len < sizeof san && len == strlen(san),
		    "%s: SAN length %zu", fen, len);
		san_len = len;
		rc = bc_move_parse(pos, san, &back, &err);
		EXPECT(rc == BC_OK && back == m,
		    "%s: SAN %s (of %s) parses to %#x, rc %d (%s)", fen, san,
		    coord_of(pos, m, coord), (unsigned)back, rc,
		    rc ? err.message : "");
		len = bc_move_to_coord(pos, m, coord, sizeof coord);
		EXPECT(len > 0 && len < sizeof coord && len == strlen(coord),
		    "%s: coordinate length %zu", fen, len);
		back = BC_MOVE_NONE;
		rc = bc_move_parse(pos, coord, &back, &err);
		EXPECT(rc == BC_OK && back == m,
		    "%s: coordinate %s parses to %#x, rc %d (%s)", fen, coord,
		    (unsigned)back, rc, rc ? err.message : "");

		/* README.md, SAN: '+' for check, '#' for mate. */
		my_apply(vi, pos, m, board);
		check = my_king_attacked(vi, board, !pos->side);
		if (check) {
			bc_position after = *pos;
			bc_undo undo;

			bc_position_make(&after, m, &undo);
			bc_movegen_legal(&after, replies);
			mate = replies->count == 0;
		}
		last = san[san_len - 1];
		EXPECT(mate ? last == '#' : check ? last == '+'
		                                 : last != '+' && last != '#',
		    "%s: SAN %s, but check %d, mate %d", fen, san, check, mate);
		EXPECT(strchr(san, '+') == NULL || strchr(san, '+') ==
		        san + san_len - 1,
		    "%s: SAN %s has '+' inside", fen, san);
	}
}

/*
 * Formatting and parsing SAN costs several move generations per move, too
 * slow for the whole corpus under ASan.  We take every NOTATION_EVERY-th
 * position, every position that offers en passant or castling, and every
 * NOTATION_PROMO_EVERY-th one that offers a promotion (Chad has many).
 */
enum { NOTATION_EVERY = 24, NOTATION_PROMO_EVERY = 8 };

START_TEST(test_invariants_notation)
{
	struct corpus c;
	bc_move_list *list = new_move_list(), *replies = new_move_list();
	int checked = 0, promos = 0;

	corpus_build(&c, (bc_variant_id)_i);
	for (int i = 0; i < c.count; i++) {
		bool promo = c.offers[i] & OFFERS_PROMO;

		if (i % NOTATION_EVERY == 0 ||
		    (c.offers[i] & (OFFERS_EP | OFFERS_CASTLE)) ||
		    (promo && promos++ % NOTATION_PROMO_EVERY == 0)) {
			check_notation(&c.vi, &c.pos[i], list, replies);
			checked++;
		}
	}
	ck_assert_int_gt(checked, c.count / NOTATION_EVERY);
	if (getenv("BC_INVARIANTS_VERBOSE"))
		fprintf(stderr, "%s: notation checked in %d positions\n",
		    c.vi.key, checked);
	free(list);
	free(replies);
	corpus_free(&c);
}
END_TEST

/* ------------------------------------------------------------------ */
/* 5: FEN round trip.                                                  */

START_TEST(test_invariants_fen_round_trip)
{
	struct corpus c;

	corpus_build(&c, (bc_variant_id)_i);
	for (int i = 0; i < c.count; i++) {
		const bc_position *pos = &c.pos[i];
		char fen[BC_FEN_MAX], again[BC_FEN_MAX];
		bc_position back;
		bc_error err;
		size_t len;
		int rc;

		len = bc_position_to_fen(pos, fen, sizeof fen);
		EXPECT(len < sizeof fen && len == strlen(fen), "FEN length %zu",
		    len);
		rc = bc_position_from_fen(&back, c.vi.v, fen, &err);
		EXPECT(rc == BC_OK, "%s does not read back: %s", fen,
		    err.message);
		bc_position_to_fen(&back, again, sizeof again);
		EXPECT(!strcmp(again, fen), "%s reads back as %s", fen, again);
		EXPECT(!memcmp(back.board, pos->board, sizeof back.board),
		    "%s: placement", fen);
		EXPECT(back.side == pos->side, "%s: side", fen);
		EXPECT(back.castling == pos->castling, "%s: rights", fen);
		EXPECT(back.ep_count == pos->ep_count &&
		        !memcmp(back.ep_square, pos->ep_square,
		            pos->ep_count * sizeof pos->ep_square[0]) &&
		        back.ep_victim == pos->ep_victim,
		    "%s: en passant", fen);
		EXPECT(back.halfmove == pos->halfmove &&
		        back.fullmove == pos->fullmove,
		    "%s: clocks", fen);
		EXPECT(back.hash == pos->hash, "%s: hash", fen);
		EXPECT(bc_position_equal(&back, pos),
		    "%s: bc_position_equal", fen);
	}
	corpus_free(&c);
}
END_TEST

/* ------------------------------------------------------------------ */
/* Colour-flip symmetry.                                               */

/*
 * Writes the FEN of `pos` with colours swapped and the board mirrored
 * rank-wise (Grand, Hadean: rank r -> ranks-1-r, same file) or turned by
 * a half turn (Chad: file f -> 11-f as well; chad.md: c3 <-> j10;
 * hexchad.md: c3 <-> k11, and a rank lists only its cells).
 * Built from the board here, not by the library's FEN writer.
 */
static void
flipped_fen(const struct vinfo *vi, const bc_position *pos, char *out,
    size_t size)
{
	bool turn = vi->id == BC_VARIANT_CHAD || vi->id == BC_VARIANT_HEXCHAD;
	char buf[BC_FEN_MAX * 2];
	size_t n = 0;
	unsigned rights = 0;

	for (int r = vi->ranks - 1; r >= 0; r--) {
		int empty = 0;

		for (int f = 0; f < vi->files; f++) {
			int sf = turn ? vi->files - 1 - f : f;
			int sr = vi->ranks - 1 - r;
			bc_piece p = pos->board[BC_SQUARE(sf, sr)];
			char l;

			if (!on_board(vi, f, r))
				continue;
			if (!is_piece(p)) {
				empty++;
				continue;
			}
			if (empty)
				n += (size_t)snprintf(buf + n, sizeof buf - n,
				    "%d", empty);
			empty = 0;
			l = vi->letter[BC_PIECE_TYPE(p)];
			/* The old Black is the new White: upper case. */
			buf[n++] = BC_PIECE_COLOR(p) == BC_BLACK
			    ? l : (char)tolower((unsigned char)l);
		}
		if (empty)
			n += (size_t)snprintf(buf + n, sizeof buf - n, "%d",
			    empty);
		buf[n++] = r ? '/' : ' ';
	}
	buf[n++] = pos->side == BC_WHITE ? 'b' : 'w';
	buf[n++] = ' ';
	if (pos->castling & BC_CASTLE_WK)
		rights |= BC_CASTLE_BK;
	if (pos->castling & BC_CASTLE_WQ)
		rights |= BC_CASTLE_BQ;
	if (pos->castling & BC_CASTLE_BK)
		rights |= BC_CASTLE_WK;
	if (pos->castling & BC_CASTLE_BQ)
		rights |= BC_CASTLE_WQ;
	if (!rights)
		buf[n++] = '-';
	if (rights & BC_CASTLE_WK)
		buf[n++] = 'K';
	if (rights & BC_CASTLE_WQ)
		buf[n++] = 'Q';
	if (rights & BC_CASTLE_BK)
		buf[n++] = 'k';
	if (rights & BC_CASTLE_BQ)
		buf[n++] = 'q';
	buf[n++] = ' ';
	if (!pos->ep_count)
		buf[n++] = '-';
	for (int i = 0; i < pos->ep_count; i++) {
		int f = BC_FILE(pos->ep_square[i]);
		int r = BC_RANK(pos->ep_square[i]);

		n += (size_t)snprintf(buf + n, sizeof buf - n, "%c%d",
		    'a' + (turn ? vi->files - 1 - f : f), vi->ranks - r);
	}
	snprintf(buf + n, sizeof buf - n, " %d %d", (int)pos->halfmove,
	    (int)pos->fullmove);
	ck_assert_uint_lt(strlen(buf), size);
	strcpy(out, buf);
}

enum {
	FLIP_SAMPLES = 40,  /* positions per variant at depth 2 */
	FLIP_DEEP_EVERY = 10 /* every 10th of them also at depth 3 */
};

START_TEST(test_invariants_colour_flip)
{
	struct corpus c;
	int step;

	corpus_build(&c, (bc_variant_id)_i);
	step = c.count / FLIP_SAMPLES;
	ck_assert_int_gt(step, 0);
	for (int s = 0; s < FLIP_SAMPLES; s++) {
		/* Spread the samples, and include the rules files' positions
		 * at the end of the corpus. */
		int i = s < FLIP_SAMPLES / 2
		    ? s * 2 * step : c.count - 1 - (s - FLIP_SAMPLES / 2);
		bc_position pos = c.pos[i], flip, twice;
		char fen[BC_FEN_MAX], ffen[BC_FEN_MAX], back[BC_FEN_MAX];
		int depth = s % FLIP_DEEP_EVERY == 0 ? 3 : 2;
		uint64_t a, b;
		bc_error err;
		int rc;

		fen_of(&pos, fen);
		flipped_fen(&c.vi, &pos, ffen, sizeof ffen);
		rc = bc_position_from_fen(&flip, c.vi.v, ffen, &err);
		EXPECT(rc == BC_OK, "flip of %s: %s does not read: %s",
		    fen, ffen, err.message);
		/* Flipping twice is the identity. */
		flipped_fen(&c.vi, &flip, back, sizeof back);
		rc = bc_position_from_fen(&twice, c.vi.v, back, &err);
		EXPECT(rc == BC_OK, "%s: %s", back, err.message);
		EXPECT(bc_position_equal(&twice, &pos),
		    "%s flipped twice is %s", fen, back);
		ck_assert_int_eq(bc_position_in_check(&flip),
		    bc_position_in_check(&pos));
		for (int d = 1; d <= depth; d++) {
			a = bc_perft(&pos, d);
			b = bc_perft(&flip, d);
			EXPECT(a == b,
			    "perft(%d) of %s is %llu, of its flip %s %llu", d,
			    fen, (unsigned long long)a, ffen,
			    (unsigned long long)b);
		}
	}
	corpus_free(&c);
}
END_TEST

Suite *
invariants_suite(void)
{
	Suite *s = suite_create("invariants");
	TCase *detector = tcase_create("detector");
	TCase *core = tcase_create("core");
	int variants = BC_VARIANT_COUNT;

	tcase_add_loop_test(detector, test_invariants_detector_cases, 0,
	    (int)(sizeof detector_cases / sizeof detector_cases[0]));
	suite_add_tcase(s, detector);

	tcase_set_timeout(core, 60);
	tcase_add_loop_test(core, test_invariants_corpus_coverage, 0, variants);
	tcase_add_loop_test(core, test_invariants_make_unmake, 0, variants);
	tcase_add_loop_test(core, test_invariants_legality, 0, variants);
	tcase_add_loop_test(core, test_invariants_may_check, 0, variants);
	tcase_add_loop_test(core, test_invariants_is_pseudo, 0, variants);
	tcase_add_loop_test(core, test_invariants_move_counts, 0, variants);
	tcase_add_loop_test(core, test_invariants_notation, 0, variants);
	tcase_add_loop_test(core, test_invariants_fen_round_trip, 0, variants);
	tcase_add_loop_test(core, test_invariants_colour_flip, 0, variants);
	suite_add_tcase(s, core);
	return s;
}
