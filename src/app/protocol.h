/*
 * protocol.h - what the engine protocols (uci.c, xboard.c) share: reading
 * a bounded line from the GUI and reading a number of it.
 */
#ifndef BIGCHESS_PROTOCOL_H
#define BIGCHESS_PROTOCOL_H

#include <stdbool.h>
#include <stddef.h>
#include <stdio.h>

/*
 * Reads the next line of `in` into `buf` (which holds `max` + 1 bytes),
 * without its newline.  Returns 1 for a line, 0 at the end of the input,
 * and -1 for a line longer than `max` bytes: what did not fit is read and
 * dropped up to the newline, so the next call starts on the next line.
 */
int protocol_read_line(FILE *in, char *buf, size_t max);

/* `text` as a whole number from `min` to `max` into *out, or false. */
bool protocol_parse_number(const char *text, long long min, long long max,
    long long *out);

#endif
