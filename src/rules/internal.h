/*
 * internal.h - functions shared between the rules library's own files.
 */
#ifndef BIGCHESS_INTERNAL_H
#define BIGCHESS_INTERNAL_H

#include "bigchess/error.h"
#include "bigchess/movegen.h"
#include "bigchess/position.h"
#include "variant_def.h"

enum { ALL_TYPES = 0xffff };

/*
 * True if cell `target` of `board` is attacked by a piece of colour `by`
 * whose type is in the bit set `types`.  Attack means check: a line of
 * sight or a leap, whatever a capture there would be allowed to do.
 */
bool attack_board(const bc_variant *v, const uint8_t *board, int target, int by,
    unsigned types);

/*
 * attack_board with only the directions that point from `target` along
 * (df, dr), in files and ranks, or a multiple of it: enough to see
 * whether lifting a piece off a cell (df, dr) away opened a line.
 */
bool attack_board_along(const bc_variant *v, const uint8_t *board,
    int target, int by, int df, int dr);

/* The cell of one piece that attacks `target` as attack_board means it
 * (the first found), or 0 if none does: to name a checking piece. */
int attack_board_square(const bc_variant *v, const uint8_t *board,
    int target, int by, unsigned types);

/*
 * Escapes what the message of `err` quotes from the input (a control
 * character, bad UTF-8: text.h), so that every message the library gives
 * is safe to print as it is.
 */
void error_clean(bc_error *err);

/* Empties the position and sets it to variant `v`. */
void position_clear(bc_position *pos, const bc_variant *v);

/* Puts piece `p` on the empty cell `sq`, keeping lists, counts and hash. */
void position_put(bc_position *pos, int sq, bc_piece p);

/* The cell of the rook that castling move `m` moves, and where it lands. */
void castle_rook_squares(const bc_position *pos, bc_move m, int *from, int *to);

/* Recomputes which en-passant squares matter: those an enemy pawn could
 * take on.  Keeps the hash in step. */
void position_set_en_passant(bc_position *pos, int victim, int first, int last);

/* What a move's text says (notation.c): its piece, start, target,
 * promotion or castling, each as far as the text gives it. */
struct move_pattern {
	int type;       /* 0: any */
	int from_file;  /* -1: any */
	int from_rank;  /* -1: any */
	int to;         /* cell */
	int promo;      /* 0: none given */
	int castle;     /* 0: not castling; +n king-side, -n queen-side */
	bool pawn_only; /* no piece letter: a pawn */
};

/*
 * Reads the `len` bytes of `text` (SAN or coordinates, with x, =, + and
 * the like ignored) into *p.  Returns BC_OK or BC_ESYNTAX with `err`.
 */
int move_scan(const bc_variant *v, const char *text, size_t len,
    struct move_pattern *p, bc_error *err);

/*
 * The cells strictly between `from` and `to` on a line (at most two: a
 * flying ninja's s1, or s1 and s2), the nearest first, in `out`; returns
 * how many.
 */
int passed_squares(int from, int to, int out[2]);

static inline bool
is_enemy(bc_piece p, int us)
{
	return p != BC_EMPTY && p != BC_OFFBOARD && BC_PIECE_COLOR(p) != us;
}

#endif
