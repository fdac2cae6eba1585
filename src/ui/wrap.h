/*
 * wrap.h - breaking text into lines of a given width for the screen, at
 * blanks where it can.  Widths are in columns: one per UTF-8 character.
 */
#ifndef BIGCHESS_UI_WRAP_H
#define BIGCHESS_UI_WRAP_H

#include <stddef.h>

/*
 * The first line of `text` at most `width` columns wide: returns its
 * length in bytes and sets *next to where the following line starts, or
 * to NULL after the last line.  A newline ends a line, so "\n\n" leaves
 * an empty line between paragraphs; a word longer than `width` is cut.
 */
size_t wrap_next(const char *text, int width, const char **next);

/* The number of lines `text` takes at `width` columns. */
int wrap_count(const char *text, int width);

#endif
