/*
 * explain.h - why a move is refused: the rule it breaks, with the
 * squares and pieces involved, and a sentence that says it.
 *
 * The game and the lessons ask the same questions (a piece dropped on a
 * square, a move typed), so the answers come from one place, next to the
 * rules they explain.  Nothing here changes a position.
 */
#ifndef BIGCHESS_EXPLAIN_H
#define BIGCHESS_EXPLAIN_H

#include <stddef.h>

#include "position.h"

enum bc_refusal_code {
	BC_REFUSE_NONE = 0,        /* the move is legal */
	BC_REFUSE_NO_PIECE,        /* nothing stands on `from` */
	BC_REFUSE_NOT_YOURS,       /* `piece` is the other side's */
	BC_REFUSE_NO_SUCH_PIECE,   /* typed: the side has no `piece` that
	                            * fits the text */
	BC_REFUSE_NONE_REACHES,    /* typed: none of its `piece`s goes to
	                            * `to` by its moves */
	BC_REFUSE_OWN_PIECE,       /* `target`, on `to`, is the mover's own */
	BC_REFUSE_NOT_THAT_WAY,    /* `piece` does not move from `from` to
	                            * `to` */
	BC_REFUSE_BLOCKED,         /* `by`, on `by_sq`, stands in the way */
	BC_REFUSE_MOVE_ONLY,       /* goes that way only to an empty square */
	BC_REFUSE_CAPTURE_ONLY,    /* goes that way only to capture */
	BC_REFUSE_CAPTURE_RANKS,   /* captures that way only from its
	                            * relative ranks rank_min..rank_max (a
	                            * Hadean ninja pawn: the enemy half) */
	BC_REFUSE_CAPTURE_RULE,    /* the variant's capture rule (Chad's
	                            * rooks and queens: wall and castle) */
	BC_REFUSE_CONFINED,        /* `to` is outside the piece's castle
	                            * (Chad's king) */
	BC_REFUSE_FLY_ONE_BETWEEN, /* a flyer's third square with exactly
	                            * one piece (`by`, on `by_sq`) between */
	BC_REFUSE_NO_PROMOTION,    /* a promotion asked for where the move
	                            * does not promote */
	BC_REFUSE_PROMO_TYPE,      /* `promo` is no type the piece may become */
	BC_REFUSE_PROMO_UNLOST,    /* `promo` is not a type the side has lost
	                            * (Grand), and the side still has `count`
	                            * of it */
	BC_REFUSE_PROMO_NONE,      /* the move must promote, and the side has
	                            * lost no type to promote to (Grand) */
	BC_REFUSE_PINNED,          /* the move would open a line from `by` on
	                            * `by_sq` to the mover's king */
	BC_REFUSE_KING_ATTACKED,   /* the king would stand attacked by `by` */
	BC_REFUSE_STILL_CHECK,     /* the side is in check, and after the
	                            * move `by` still gives it */
	BC_REFUSE_NO_CASTLING,     /* the variant has no castling */
	BC_REFUSE_CASTLE_TOO_FAR,  /* the king castles fewer than `count`
	                            * squares toward this rook */
	BC_REFUSE_CASTLE_KING_MOVED, /* the king has moved */
	BC_REFUSE_CASTLE_ROOK_MOVED, /* the rook of that side (`square`) has
	                              * moved or been taken */
	BC_REFUSE_CASTLE_BETWEEN,  /* `by`, on `by_sq`, stands between king
	                            * and rook */
	BC_REFUSE_CASTLE_IN_CHECK, /* the king is in check from `by` */
	BC_REFUSE_CASTLE_THROUGH,  /* the king would pass `square`, which
	                            * `by` attacks */
	BC_REFUSE_CASTLE_INTO,     /* the king would land on `to`, attacked
	                            * by `by` */
	BC_REFUSE_NO_MOVE,         /* a pick-up: the piece has no move at
	                            * all, every way blocked */
	BC_REFUSE_CASTLE_WRITTEN   /* typed: the king's move from `from` to
	                            * `to` is castling, written O-O-n or
	                            * O-O-O-n (`castle`: +n or -n) */
};

/* What bc_move_explain found: the code and what it is about. */
typedef struct bc_refusal {
	enum bc_refusal_code code;
	bc_square from, to;  /* the move asked about (0 when not known) */
	bc_piece piece;      /* the piece on `from`, or the one typed */
	bc_piece target;     /* what stands on `to` */
	int promo;           /* the promotion asked for, or 0 */
	bc_square by_sq;     /* the pinning, checking or blocking piece's */
	bc_piece by;         /* ... and that piece */
	bc_square square;    /* castling: the square passed, the rook's */
	int castle;          /* castling asked: +n king side, -n queen side */
	int count;           /* see the codes */
	int rank_min, rank_max;
} bc_refusal;

/*
 * Says why move `m` (its from- and to-square; its promotion type, or 0
 * for any; kind BC_MOVE_CASTLE to ask about castling even where a king
 * step shares the squares) cannot be played in `pos`, into *out.  A king
 * move of two or more squares along its first rank from its castling
 * square is taken as castling.  Returns BC_OK with out->code
 * BC_REFUSE_NONE when such a legal move exists, BC_OK with another code
 * when not, or BC_EINVALID when a square is not on the board.  Allocates
 * nothing; reentrant.
 */
int bc_move_explain(const bc_position *pos, bc_move m, bc_refusal *out);

/*
 * Why the side to move cannot pick up the piece on `sq` for any move,
 * into *out with `to` 0: BC_REFUSE_NO_PIECE, NOT_YOURS, NO_MOVE, or the
 * reason its first move is illegal (PINNED, STILL_CHECK, KING_ATTACKED);
 * BC_REFUSE_NONE if it has a legal move.  Returns BC_OK, or BC_EINVALID
 * for a square off the board.
 */
int bc_piece_explain(const bc_position *pos, bc_square sq, bc_refusal *out);

/*
 * The same for a move typed as `text` (SAN or coordinates, as
 * bc_move_parse reads it).  When the text names no start square, the
 * answer is about the piece nearest to going: one that could go but is
 * pinned, then one a rule of the variant stops, then one blocked, before
 * "none of them goes there".  Returns BC_OK, or BC_ESYNTAX (with `err`,
 * if not NULL) for text that is no move at all.
 */
int bc_move_explain_text(const bc_position *pos, const char *text,
    bc_refusal *out, bc_error *err);

/*
 * Writes one sentence saying `r` about `pos` into `buf` of `size` bytes
 * ("The knight on e2 is pinned by the rook on e8: moving it would leave
 * your king on e1 in check."), NUL-terminated; "" for BC_REFUSE_NONE.
 * Returns the length it needed, like snprintf.
 */
size_t bc_refusal_text(const bc_position *pos, const bc_refusal *r,
    char *buf, size_t size);

#endif
