/*
 * glyphs.h - what the board is drawn with: pieces, empty squares and the
 * text markers that make highlights visible without colour.
 */
#ifndef BIGCHESS_UI_GLYPHS_H
#define BIGCHESS_UI_GLYPHS_H

#include <stdbool.h>

#include "bigchess/bigchess.h"

/* A marker: the characters left and right of a square's centre. */
struct mark {
	char left, right;
};

struct glyphs {
	bool utf8;
	/* The centre of an empty square, by the square's kind. */
	const char *empty_light, *empty_dark;
	const char *empty_field, *empty_castle, *empty_wall;
	const char *dest;  /* centre of an empty legal destination */
	struct mark cursor, selected, capture, check, suggested;
	struct mark taken; /* taken by the move to the cursor's square */
	const char *lines[6]; /* box drawing, as term_box wants */
	const char *dash;  /* for messages: "-" or an em dash */
	const char *dot;   /* separator in the hint line */
};

/*
 * The glyph set for a terminal: `utf8` if the locale is UTF-8 and ASCII
 * was not forced; `color` if squares are coloured (then empty squares
 * need no pattern).
 */
const struct glyphs *glyphs_for(bool utf8, bool color);

/*
 * Writes the text for piece `p` of variant `v` into `buf`: its letter,
 * upper case for White, or with `symbols` (UTF-8 only) a chess symbol for
 * K Q R B N P.  Returns buf.
 */
const char *glyphs_piece(const struct glyphs *g, const bc_variant *v,
    bc_piece p, bool symbols, char buf[8]);

#endif
