/*
 * glyphs.c - the glyph tables.  Markers are ASCII everywhere, so that a
 * screen reader, a monochrome terminal and a test all see the same thing.
 */
#include <ctype.h>
#include <string.h>

#include "glyphs.h"

#define ASCII_LINES .lines = { "-", "|", "+", "+", "+", "+" }
#define UTF8_LINES .lines = { "\u2500", "\u2502", "\u250c", "\u2510", \
	"\u2514", "\u2518" }

#define MARKS \
	.cursor = { '[', ']' }, .selected = { '<', '>' }, \
	.capture = { '*', '*' }, .check = { '!', '!' }, \
	.suggested = { '+', '+' }, .taken = { 'x', 'x' }

/* Plain ASCII marks Chad's castles and walls with characters even in
 * colour: --ascii is also for terminals whose colours do not show. */
static const struct glyphs ascii_color = {
	.utf8 = false,
	.empty_light = " ", .empty_dark = " ",
	.empty_field = " ", .empty_castle = ".", .empty_wall = "=",
	.dest = "*", MARKS, ASCII_LINES, .dash = "-", .dot = "|",
};

static const struct glyphs ascii_mono = {
	.utf8 = false,
	.empty_light = " ", .empty_dark = ".",
	.empty_field = " ", .empty_castle = ".", .empty_wall = "=",
	.dest = "*", MARKS, ASCII_LINES, .dash = "-", .dot = "|",
};

static const struct glyphs utf8_color = {
	.utf8 = true,
	.empty_light = " ", .empty_dark = " ",
	.empty_field = " ", .empty_castle = " ", .empty_wall = " ",
	.dest = "\u2022", MARKS, UTF8_LINES, .dash = "\u2014", .dot = "\u00b7",
};

static const struct glyphs utf8_mono = {
	.utf8 = true,
	.empty_light = " ", .empty_dark = "\u00b7",
	.empty_field = " ", .empty_castle = "\u00b7", .empty_wall = "=",
	.dest = "\u2022", MARKS, UTF8_LINES, .dash = "\u2014", .dot = "\u00b7",
};

const struct glyphs *
glyphs_for(bool utf8, bool color)
{
	if (utf8)
		return color ? &utf8_color : &utf8_mono;
	return color ? &ascii_color : &ascii_mono;
}

/* Chess symbols, white then black, for the letters "KQRBNP". */
static const char chess_letters[] = "KQRBNP";
static const char *const chess_symbols[2][6] = {
	{ "\u2654", "\u2655", "\u2656", "\u2657", "\u2658", "\u2659" },
	{ "\u265a", "\u265b", "\u265c", "\u265d", "\u265e", "\u265f" },
};

const char *
glyphs_piece(const struct glyphs *g, const bc_variant *v, bc_piece p,
    bool symbols, char buf[8])
{
	char letter = bc_variant_piece_letter(v, BC_PIECE_TYPE(p));
	int color = BC_PIECE_COLOR(p);
	const char *at;

	if (symbols && g->utf8 && letter &&
	    (at = strchr(chess_letters, letter)) != NULL) {
		strcpy(buf, chess_symbols[color][at - chess_letters]);
		return buf;
	}
	buf[0] = (char)(color == BC_WHITE ? toupper((unsigned char)letter)
	                                  : tolower((unsigned char)letter));
	buf[1] = '\0';
	return buf;
}
