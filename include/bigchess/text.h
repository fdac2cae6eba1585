/*
 * text.h - making text from outside (a file, a peer, the user) safe to
 * print on a terminal or draw with curses.
 *
 * A terminal obeys control characters: ESC ] 0 ; ... BEL in a player's
 * name retitles the window, ESC [ 2 J clears it, and a C1 character
 * (U+0080-U+009F, also as UTF-8) does the same on many terminals.  Every
 * piece of such text that bigchess shows goes through bc_text_sanitise
 * first, which escapes those characters visibly and keeps printable
 * UTF-8.  Pure string work: no I/O, no locale.
 */
#ifndef BIGCHESS_TEXT_H
#define BIGCHESS_TEXT_H

#include <stddef.h>

enum bc_text_flags {
	BC_TEXT_LINES = 1 << 0, /* keep newline and tab: text of many lines */
	BC_TEXT_ASCII = 1 << 1  /* escape every non-ASCII character too, for
	                         * a terminal that is not UTF-8 */
};

/*
 * Longest escape of one character ("\U0010ffff"), for callers that size
 * buffers: the result of n input bytes is at most n * BC_TEXT_GROWTH.
 */
enum { BC_TEXT_GROWTH = 10 };

/*
 * Copies the `len` bytes of `src` into `dst` (`size` bytes) with these
 * escaped, and NUL-terminates it when `size` > 0:
 *
 *   newline, tab, return        \n \t \r (with BC_TEXT_LINES, newline
 *                               and tab are kept; a return never is, as
 *                               it lets text overwrite its line)
 *   other C0 controls, DEL      \x1b \x7f (and NUL as \x00)
 *   C1 controls U+0080-U+009F   \u009b (as UTF-8 C2 80..C2 9F)
 *   bidirectional overrides     \u202e (U+202A-U+202E, U+2066-U+2069:
 *                               they reorder the rest of the line)
 *   bytes that are not UTF-8    \xff (each byte of a bad, overlong or
 *                               cut sequence, a surrogate, > U+10FFFF)
 *   with BC_TEXT_ASCII, any     \u00e9, \U0001f600
 *   other non-ASCII character
 *
 * Everything else, printable ASCII and UTF-8, is copied as it is; the
 * backslash is not escaped, so sanitised text sanitises to itself.
 * Returns the length of the whole result (without the NUL), as snprintf
 * does; when that is `size` or more, `dst` holds the longest prefix of
 * whole characters and escapes that fits (`dst` may be NULL when `size`
 * is 0, to measure).
 */
size_t bc_text_sanitise(char *dst, size_t size, const char *src, size_t len,
    unsigned flags);

#endif
