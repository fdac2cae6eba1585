/*
 * fuzz_session.h - what the protocol targets (fuzz_uci.c, fuzz_xboard.c)
 * share: the input is a session of lines, edited line by line so that no
 * run thinks for long, then fed to the protocol loop through fmemopen,
 * its answers going to /dev/null.  NUL bytes become spaces, as the loops'
 * tokenizers would stop at them.
 */
#ifndef BIGCHESS_FUZZ_SESSION_H
#define BIGCHESS_FUZZ_SESSION_H

#include <stdbool.h>

#include "bigchess/bigchess.h"
#include "fuzz.h"

enum { FUZZ_SESSION_MAX_INPUT = 4000 };

/*
 * Writes line `line` (`n` bytes, no newline) as it is to be played into
 * `out`, which has room for n + FUZZ_SESSION_EXTRA bytes, and returns its
 * length; or returns (size_t)-1 to drop the line.
 */
enum { FUZZ_SESSION_EXTRA = 32 };
typedef size_t (*fuzz_line_edit)(const char *line, size_t n, char *out);

/* A protocol loop: uci_run, xboard_run. */
typedef int (*fuzz_protocol_run)(FILE *in, FILE *out, const bc_variant *v,
    int level);

/* The first word of `line` (of `len` bytes, no newline) is `word`. */
static inline bool
fuzz_first_word_is(const char *line, size_t len, const char *word)
{
	static const char delims[] = " \t\r";
	size_t i = 0, n = strlen(word);

	while (i < len && strchr(delims, line[i]))
		i++;
	return len - i >= n && memcmp(line + i, word, n) == 0 &&
	    (len - i == n || strchr(delims, line[i + n]));
}

/* The session to play: `data` edited line by line, NUL-terminated. */
static inline char *
fuzz_session_rewrite(const uint8_t *data, size_t size, fuzz_line_edit edit,
    size_t *out_len)
{
	size_t lines = 1, len = 0;
	char *in = fuzz_string(data, size), *out;

	if (!in)
		return NULL;
	for (size_t i = 0; i < size; i++) {
		if (in[i] == '\0')
			in[i] = ' ';
		else if (in[i] == '\n')
			lines++;
	}
	out = malloc(size + lines * (FUZZ_SESSION_EXTRA + 1) + 1);
	if (!out) {
		free(in);
		return NULL;
	}
	for (char *line = in; line < in + size;) {
		char *nl = memchr(line, '\n', (size_t)(in + size - line));
		size_t n = nl ? (size_t)(nl - line) : (size_t)(in + size - line);
		size_t got = edit(line, n, out + len);

		if (got != (size_t)-1) {
			len += got;
			out[len++] = '\n';
		}
		line += n + 1;
	}
	out[len] = '\0';
	free(in);
	*out_len = len;
	return out;
}

/* Plays the session in `data` through `run` at level 1, in Grand Chess;
 * the loop must end with status 0. */
static inline int
fuzz_session(const uint8_t *data, size_t size, fuzz_line_edit edit,
    fuzz_protocol_run run)
{
	static FILE *sink;
	char *text;
	size_t len;
	FILE *in;

	if (size == 0 || size > FUZZ_SESSION_MAX_INPUT)
		return 0;
	if (!sink && !(sink = fopen("/dev/null", "w")))
		abort();
	text = fuzz_session_rewrite(data, size, edit, &len);
	if (!text)
		return 0;
	in = len ? fmemopen(text, len, "r") : NULL;
	if (in) {
		FUZZ_ASSERT(run(in, sink, bc_variant_get(BC_VARIANT_GRAND), 1) ==
		    0);
		fclose(in);
	}
	free(text);
	return 0;
}

#endif
