/*
 * scroll.h - scrolling a column of text lines taller than the screen:
 * the keys every help screen shares (Up/Down or k/j a line, PgUp and
 * PgDn or Space a page), kept within the text.
 */
#ifndef BIGCHESS_UI_SCROLL_H
#define BIGCHESS_UI_SCROLL_H

#include <stdbool.h>

/*
 * `top` (the first line shown) kept where a page of `shown` lines out of
 * `total` still ends at or before the last line, and at 0 or more.
 */
int scroll_clamp(int top, int total, int shown);

/*
 * Moves *top for a scrolling key and returns true; returns false,
 * leaving *top alone, for any other key (which a help screen takes as
 * "close").  A key that would scroll past either end stops there.
 */
bool scroll_key(int *top, int key, int total, int shown);

#endif
