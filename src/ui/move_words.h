/*
 * move_words.h - a few words on what a move does (for the hint and the
 * threats key): "gives mate", "stops a mate", "wins a rook", "promotes to
 * a queen", "saves the knight".  Facts from the rules library only: no
 * piece values, no search.
 */
#ifndef BIGCHESS_UI_MOVE_WORDS_H
#define BIGCHESS_UI_MOVE_WORDS_H

#include <stddef.h>

#include "bigchess/bigchess.h"

/*
 * Writes into `buf` what legal move `m` of `pos` does, the most telling
 * first (mate, a mate stopped, a capture the opponent cannot answer on
 * that square, a promotion, a piece taken out of attack, a capture, a
 * check), at most two of them joined by "and"; "" if none applies.
 * Returns the length written.
 */
size_t move_words(const bc_position *pos, bc_move m, char *buf,
    size_t size);

#endif
