/*
 * position.h - a position of any variant: board, side to move, rights,
 * clocks and Zobrist hash; FEN reading and writing; making and unmaking
 * moves.
 *
 * Board layout.  All variants share one padded mailbox of 21 rows of 16
 * cells.  Square (file f, rank r), both from 0, is cell (r + 4) * 16 + f.
 * Files 13..15 of every row and four rows above and below the board are
 * off-board sentinels, so a leap of up to three squares in each direction
 * from any board square lands on a sentinel rather than wrapping round or
 * leaving the array (a leap three files left from file a ends in the
 * previous row, hence the fourth row).  On a smaller board the unused
 * files and ranks are sentinels too, and so are the cells a board lacks
 * (HexChad's two corner triangles of its 13x13 grid):
 * bc_variant_cell_exists says which.
 *
 * A bc_position is a plain value: copy it freely.  Its fields are the
 * library's; read them through the functions below.
 */
#ifndef BIGCHESS_POSITION_H
#define BIGCHESS_POSITION_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "error.h"
#include "variant.h"

enum {
	BC_STRIDE = 16,
	BC_PAD_RANKS = 4,
	BC_CELLS = (13 + 2 * BC_PAD_RANKS) * BC_STRIDE,
	BC_MAX_FILES = 13,
	BC_MAX_RANKS = 13,
	BC_MAX_SIDE_PIECES = 64,
	BC_MAX_TYPES = 16,
	BC_FEN_MAX = 256
};

enum bc_color { BC_WHITE = 0, BC_BLACK = 1 };

/* A cell index into the padded mailbox; 0 is never a board square. */
typedef int bc_square;
#define BC_SQUARE(file, rank) (((rank) + BC_PAD_RANKS) * BC_STRIDE + (file))
#define BC_FILE(sq) ((sq) % BC_STRIDE)
#define BC_RANK(sq) ((sq) / BC_STRIDE - BC_PAD_RANKS)

/*
 * A piece code: the type (1..15) in the low four bits, the colour in bit 4.
 * 0 is an empty square, BC_OFFBOARD a sentinel.
 */
typedef uint8_t bc_piece;
enum {
	BC_EMPTY = 0,
	BC_TYPE_MASK = 0x0f,
	BC_BLACK_BIT = 0x10,
	BC_OFFBOARD = 0x20
};
#define BC_PIECE(color, type) ((bc_piece)((type) | ((color) << 4)))
#define BC_PIECE_TYPE(p) ((p)&BC_TYPE_MASK)
#define BC_PIECE_COLOR(p) (((p) >> 4) & 1)

/*
 * A move in 32 bits: from-cell (bits 0-8), to-cell (9-17), promotion type
 * (18-21, 0 for none) and kind (22-24).  For castling, from and to are the
 * king's squares.  0 is no move.
 */
typedef uint32_t bc_move;
enum bc_move_kind {
	BC_MOVE_NORMAL = 0,
	BC_MOVE_CAPTURE = 1,
	BC_MOVE_EN_PASSANT = 2,
	BC_MOVE_CASTLE = 3,
	BC_MOVE_LONG = 4, /* a pawn's move of two or more squares */
	/*
	 * A flying ninja's move (hadean-ninja) that takes the enemy pieces
	 * on the squares it passes over, and one on its landing square if
	 * there is one: several pieces in one move (bc_move_captures).
	 */
	BC_MOVE_PASSING = 5
};
#define BC_MOVE_NONE ((bc_move)0)
#define BC_MOVE_MAKE(from, to, promo, kind) \
	((bc_move)(from) | (bc_move)(to) << 9 | (bc_move)(promo) << 18 | \
	    (bc_move)(kind) << 22)
#define BC_MOVE_FROM(m) ((int)((m)&0x1ff))
#define BC_MOVE_TO(m) ((int)(((m) >> 9) & 0x1ff))
#define BC_MOVE_PROMO(m) ((int)(((m) >> 18) & 0xf))
#define BC_MOVE_KIND(m) ((int)(((m) >> 22) & 0x7))

/* Castling-right bits, as in the FEN field KQkq. */
enum { BC_CASTLE_WK = 1, BC_CASTLE_WQ = 2, BC_CASTLE_BK = 4, BC_CASTLE_BQ = 8 };

typedef struct bc_position {
	const bc_variant *variant;
	uint8_t board[BC_CELLS];
	uint8_t side;     /* BC_WHITE or BC_BLACK to move */
	uint8_t castling; /* BC_CASTLE_* bits */
	uint8_t ep_count; /* en-passant target squares, 0..2 */
	uint16_t ep_square[2];
	uint16_t ep_victim; /* the pawn that may be taken en passant */
	uint16_t king[2];
	uint16_t halfmove;
	uint32_t fullmove;
	uint64_t hash;
	/* Piece lists: the cells of each side's pieces, in no order. */
	uint8_t piece_count[2];
	uint16_t piece_list[2][BC_MAX_SIDE_PIECES];
	uint8_t list_index[BC_CELLS];
	uint8_t type_count[2][BC_MAX_TYPES];
} bc_position;

/* What bc_position_make saves so that bc_position_unmake can restore. */
typedef struct bc_undo {
	bc_move move;
	uint8_t moved;          /* the piece that moved, before promotion */
	uint8_t captured;       /* BC_EMPTY if none */
	uint8_t captured_index; /* its place in its side's piece list */
	/* BC_MOVE_PASSING: the pieces taken on the squares passed over, the
	 * nearest first (BC_EMPTY where there was none), and their places
	 * in their side's piece list. */
	uint8_t passed[2];
	uint8_t passed_index[2];
	uint8_t castling;
	uint8_t ep_count;
	uint16_t ep_square[2];
	uint16_t ep_victim;
	uint16_t halfmove;
	uint64_t hash;
} bc_undo;

/* Sets `pos` to the start position of `v`. */
void bc_position_start(bc_position *pos, const bc_variant *v);

/*
 * Reads `fen` as a position of `v` into `pos`.  Returns BC_OK, or
 * BC_ESYNTAX / BC_EINVALID / BC_ERANGE with `err` (if not NULL) naming the
 * problem and its byte offset; `pos` is then unspecified.  The last two
 * fields (halfmove clock and fullmove number) may be omitted.
 */
int bc_position_from_fen(
    bc_position *pos, const bc_variant *v, const char *fen, bc_error *err);

/*
 * Writes the FEN of `pos` into `buf` of `size` bytes, NUL-terminated.
 * Returns the length it needed (like snprintf); BC_FEN_MAX always suffices.
 */
size_t bc_position_to_fen(const bc_position *pos, char *buf, size_t size);

/* The piece on (file, rank), BC_EMPTY, or BC_OFFBOARD off the board. */
bc_piece bc_position_piece_at(const bc_position *pos, int file, int rank);

/* True if the side to move is in check. */
bool bc_position_in_check(const bc_position *pos);

/* True if `sq` is attacked by a piece of `by` (check semantics). */
bool bc_position_attacked(const bc_position *pos, bc_square sq, int by);

/*
 * The pieces of colour `by` that could capture an enemy piece standing on
 * `sq`, by the variant's capture rules (Chad's rook and queen only between
 * wall and castle, its king only inside its castle; Hadean flyers by their
 * jumping rule; pawns by their rank windows), pins and en passant aside.
 * Stores the first `max` of their cells in `out` (in no order) and returns
 * how many there are, which may be more than `max`.  Whatever stands on
 * `sq` itself does not matter.
 *
 * bc_board_attackers does the same on `board`, a board of BC_CELLS cells
 * laid out as bc_position's (a copy of pos->board with pieces moved or
 * taken off, say), so that a static exchange can look again after each
 * capture and see the pieces behind.  Both are reentrant and allocate
 * nothing.
 */
int bc_position_attackers(const bc_position *pos, bc_square sq, int by,
    bc_square *out, int max);
int bc_board_attackers(const bc_variant *v, const uint8_t *board,
    bc_square sq, int by, bc_square *out, int max);

/*
 * The empty squares from which a piece of colour `by` would attack `sq`
 * (the enemy king's, say) on this board, along the straight directions
 * pieces attack by: each square's cell in `out` and, in `types`, bit t
 * set for every type t that would attack from there.  Flyers' jumps and
 * attacks bound to rank windows (pawns') are left out.  Stores the first
 * `max` and returns how many there are, which may be more than `max`.
 * Allocates nothing.
 */
int bc_board_check_squares(const bc_variant *v, const uint8_t *board,
    bc_square sq, int by, bc_square *out, uint16_t *types, int max);

/*
 * Makes the legal move `m` in `pos`, saving what unmake needs in `undo`.
 * `m` must come from bc_movegen_legal on this very position.
 */
void bc_position_make(bc_position *pos, bc_move m, bc_undo *undo);

/* Takes back the move that `undo` records, restoring `pos` exactly. */
void bc_position_unmake(bc_position *pos, const bc_undo *undo);

/*
 * The squares of the pieces that move `m` (pseudo-legal in `pos`) takes:
 * the landing square's piece, the en-passant victim, and for a flying
 * ninja (BC_MOVE_PASSING) every enemy piece on the squares it passes
 * over, the nearest first.  Stores the first `max` in `out` and returns
 * how many there are (at most BC_MAX_CAPTURES); 0 for a quiet move.
 */
enum { BC_MAX_CAPTURES = 3 };
int bc_move_captures(const bc_position *pos, bc_move m, bc_square *out,
    int max);

/*
 * True if the move that `undo` records, just made in `pos`, can never be
 * undone, so no position before it can recur: a capture, a promotion or a
 * pawn's step forward.  (A Hadean ninja pawn's sideways step resets the
 * halfmove clock but can be stepped back, so the clock is not the test.)
 * Repetition scans stop at such a move.
 */
bool bc_position_irreversible(const bc_position *pos, const bc_undo *undo);

/*
 * Passes the turn without moving (a search's "null move"; never legal in
 * play): the side to move changes, en-passant rights lapse, the hash stays
 * exact.  Must not be used when the side to move is in check.
 */
void bc_position_make_null(bc_position *pos, bc_undo *undo);

/* Takes back bc_position_make_null, restoring `pos` exactly. */
void bc_position_unmake_null(bc_position *pos, const bc_undo *undo);

/*
 * Copies `pos` to `out` with the other side to move, as if the side to
 * move had passed: en-passant rights lapse, castling rights and clocks
 * stay, the hash is exact, and every library function accepts the result
 * (to show the moves of the side not to move, say).  BC_EINVALID if the
 * side to move is in check, since the side that had just moved would then
 * be in check; `out` is then unspecified.
 */
int bc_position_other_side(const bc_position *pos, bc_position *out);

/*
 * True if a piece of `color` promoting now may become `type`: `type` is
 * one of bc_variant_promotion_types and, where the rules say so (Grand),
 * `color` has fewer of it than at the start.
 */
bool bc_position_may_promote_to(const bc_position *pos, int color, int type);

/* True if a piece of `color` promoting now has a type to become: always,
 * unless the rules allow only lost types (Grand) and none is lost. */
bool bc_position_can_promote(const bc_position *pos, int color);

/* The Zobrist hash of `pos` computed from scratch (the incremental one is
 * pos->hash; the two always agree). */
uint64_t bc_position_compute_hash(const bc_position *pos);

/* True if the two positions are the same in every field that matters for
 * play: placement, side, rights, en passant, clocks. */
bool bc_position_equal(const bc_position *a, const bc_position *b);

#endif
