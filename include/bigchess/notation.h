/*
 * notation.h - moves as text: coordinate notation (e3e5, a9a10q, O-O-2)
 * and SAN (Nf3, exd6, Rd9=Q+, O-O-O-3), formatting and lenient parsing.
 */
#ifndef BIGCHESS_NOTATION_H
#define BIGCHESS_NOTATION_H

#include <stddef.h>

#include "error.h"
#include "position.h"

enum { BC_MOVE_TEXT_MAX = 24 };

/*
 * Writes legal move `m` of `pos` in coordinate notation into `buf` of
 * `size` bytes, NUL-terminated.  Returns the length it needed.
 */
size_t bc_move_to_coord(
    const bc_position *pos, bc_move m, char *buf, size_t size);

/*
 * Writes legal move `m` of `pos` in SAN, with the least disambiguation
 * needed and a + or # suffix.  Returns the length it needed.
 */
size_t bc_move_to_san(
    const bc_position *pos, bc_move m, char *buf, size_t size);

/*
 * Finds the legal move of `pos` that `text` names, in SAN or coordinate
 * notation, leniently: missing or extra x, +, #, !, ?, and = are accepted.
 * Returns BC_OK with the move in *out, or BC_ESYNTAX, BC_EILLEGAL or
 * BC_EAMBIGUOUS with `err` (if not NULL) saying why.
 */
int bc_move_parse(
    const bc_position *pos, const char *text, bc_move *out, bc_error *err);

/* Writes square (cell) `sq` as text, e.g. "a10"; returns the length. */
size_t bc_square_to_text(bc_square sq, char *buf, size_t size);

#endif
