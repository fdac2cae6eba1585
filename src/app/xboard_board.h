/*
 * xboard_board.h - our board as XBoard names it: squares, moves, the
 * "setup" and "piece" lines that describe a variant XBoard does not know,
 * and the "highlight" and "choice" answers to a lifted piece.
 */
#ifndef BIGCHESS_XBOARD_BOARD_H
#define BIGCHESS_XBOARD_BOARD_H

#include <stdbool.h>
#include <stddef.h>

#include "bigchess/bigchess.h"

/* Room for a move, a square or a line built here. */
enum {
	XB_MOVE_TEXT = 32,
	XB_BOARD_TEXT = BC_MAX_RANKS * (BC_MAX_FILES + 1) + 1,
	XB_DESCRIBE_LINE = BC_FEN_MAX + 128
};

/* Square `sq` as XBoard names it ("e9" for our e10 on a 10-rank board). */
void xb_square_text(const bc_variant *v, bc_square sq, char *buf,
    size_t size);

/* Reads a square as XBoard names it from `*s`, moving `*s` past it.
 * Returns the square, or 0 if the text is not one of the board. */
bc_square xb_square_parse(const bc_variant *v, const char **s);

/* Legal move `m` of `pos` as XBoard writes it ("e8e9q" in Grand), or
 * for a Grand pawn that stays a pawn on its 8th or 9th rank as XBoard
 * reads it right, in SAN ("hxi7"). */
void xb_move_text(const bc_position *pos, bc_move m, char *buf, size_t size);

/*
 * Finds the legal move that `text` names: XBoard's coordinates (a
 * promotion as a letter after the squares, "=" allowed before it), or
 * else our own notation (O-O-2, SAN).  BC_OK with *out, or an error.
 */
int xb_move_parse(const bc_position *pos, const char *text, bc_move *out);

/*
 * Calls `line` with each line that tells XBoard what variant `v` is: none
 * for a board XBoard has built in, else "setup" (size, piece images,
 * start) and a "piece" line for each piece, so that XBoard's own move
 * checking allows every legal move.
 */
void xb_describe_variant(const bc_variant *v,
    void (*line)(void *arg, const char *text), void *arg);

/* The highlight board of the piece on `from` in `pos` (XB_BOARD_TEXT
 * bytes): magenta where a move needs a choice, red for captures, yellow
 * for the other targets. */
void xb_highlight(const bc_position *pos, bc_square from, char *buf);

/* The letters (capitals, as "choice" wants) that the piece on `from` may
 * become on `to`, into `buf` (BC_MAX_TYPES + 1 bytes); returns how many. */
int xb_choice(const bc_position *pos, bc_square from, bc_square to,
    char *buf);

/*
 * The FEN that "setboard" sends (words `tok[0..n-1]`) in our numbering:
 * on a 10-rank board the en-passant square's rank is one more.  False if
 * it does not fit in `size` bytes.
 */
bool xb_fen_from_xboard(const bc_variant *v, char **tok, int n, char *fen,
    size_t size);

#endif
