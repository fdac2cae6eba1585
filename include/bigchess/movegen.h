/*
 * movegen.h - legal move generation and perft.
 *
 * Move lists are owned by the caller; generation never allocates.
 */
#ifndef BIGCHESS_MOVEGEN_H
#define BIGCHESS_MOVEGEN_H

#include <stdint.h>

#include "position.h"

enum { BC_MAX_MOVES = 2048 };

typedef struct bc_move_list {
	int count;
	bc_move moves[BC_MAX_MOVES];
} bc_move_list;

/* Fills `list` with every legal move in `pos`. */
void bc_movegen_legal(const bc_position *pos, bc_move_list *list);

/*
 * Fills `list` with the pseudo-legal moves of `pos`: those that obey the
 * pieces' movement but may leave the mover's king in check.
 */
void bc_movegen_pseudo(const bc_position *pos, bc_move_list *list);

/*
 * How many pseudo-legal moves each piece of one side has, and how much
 * weight of a zone (the squares round the enemy king, say) they land on:
 * moves[i] and zone_moves[i] are those of the piece on
 * pos->piece_list[color][i], for i below count.  Each move counts as
 * bc_movegen_pseudo lists it, so a promotion counts once per piece it
 * may become and castling counts as a move of the king.
 */
typedef struct bc_move_counts {
	int count;
	uint16_t moves[BC_MAX_SIDE_PIECES];
	uint16_t zone_moves[BC_MAX_SIDE_PIECES];
} bc_move_counts;

/*
 * Counts the moves of `color` in `pos` into `counts`, without listing
 * them: for the side to move, exactly the moves of bc_movegen_pseudo;
 * for the other side, the moves it would have if it were to move, less
 * castling and en passant (rights that belong to a turn).  `zone` (NULL:
 * none) has BC_CELLS bytes, each cell's weight (0 outside the zone), and
 * a piece's zone_moves is the sum of the weights of its moves' landing
 * squares (with weights 1, the moves into the zone; with weights in
 * separate bits, a count for each of several zones); `reached` (NULL:
 * none) has BC_CELLS cells, and on the landing square of every move the
 * bit of the piece that moves, 1 << marks[its type] (marks 0..15; marks
 * NULL: bit 0), is set; the rest is left as it was.  So with a mark for
 * each type, each square holds the set of types that reach it, and with
 * marks that rank the types, its highest bit is the highest-ranked (an
 * enemy piece there: its most wanted attacker).  Allocates nothing.
 */
void bc_movegen_count(const bc_position *pos, int color, const uint8_t *zone,
    uint16_t *reached, const uint8_t *marks, bc_move_counts *counts);

/*
 * bc_movegen_pseudo and bc_movegen_count for the side to move in one
 * pass: fills `list` as the one and `counts` (with `zone`, `reached` and
 * `marks`) as the other would, for a caller that wants both (the
 * evaluation, whose list the search then reuses).
 */
void bc_movegen_pseudo_counted(const bc_position *pos, bc_move_list *list,
    const uint8_t *zone, uint16_t *reached, const uint8_t *marks,
    bc_move_counts *counts);

/*
 * True if `m` is one of the moves bc_movegen_pseudo would give in `pos`
 * (any value of `m`, e.g. a remembered move from another position, is
 * safe to ask about): it generates only the moves of the piece on the
 * move's start square.
 */
bool bc_movegen_is_pseudo(const bc_position *pos, bc_move m);

/* True if pseudo-legal move `m` does not leave the mover's king in check. */
bool bc_movegen_is_legal(const bc_position *pos, bc_move m);

/*
 * The same answer as bc_movegen_is_legal, but faster for a caller that
 * knows whether the side to move is in check (`in_check` must equal
 * bc_position_in_check(pos)): most moves then need no test.
 */
bool bc_movegen_is_legal_fast(const bc_position *pos, bc_move m,
    bool in_check);

/*
 * False if pseudo-legal move `m` surely does not give check, judged from
 * where its squares lie against the enemy king (no board is copied);
 * true if it may.  A search prunes quiet moves that give no check
 * without making them.
 */
bool bc_movegen_may_check(const bc_position *pos, bc_move m);

/*
 * True if pseudo-legal move `m` gives check: the piece it moves attacks
 * the enemy king from its landing square, or its start square opens a
 * line to it (or, for castling, en passant, a promotion or a capture in
 * passing, any piece does once the move is played).  Exact, on a copy
 * of the board, cheaper than making the move: the search prunes the
 * moves that give no check without making them.
 */
bool bc_movegen_gives_check(const bc_position *pos, bc_move m);

/*
 * The squares `piece` (a colour and a type of `v`) could move to from
 * `sq` on an otherwise empty board, by its own rules: its rays, their
 * rank windows, a Chad king's castle; no captures, since nothing stands
 * anywhere to take, and no castling, since no rook does.  Stores the first
 * `max` distinct squares in `out` (in no order) and returns how many there
 * are, which may be more than `max`; BC_EINVALID if `sq` is not a square
 * of `v` or `piece` not one of its pieces.  (A rook on a1 of a 12x12 board
 * reaches 22.)  Reentrant; allocates nothing.
 */
int bc_piece_reach(const bc_variant *v, bc_piece piece, bc_square sq,
    bc_square *out, int max);

/* The number of legal-move paths of length `depth` from `pos`.  `pos` is
 * used as scratch space and restored before returning. */
uint64_t bc_perft(bc_position *pos, int depth);

#endif
