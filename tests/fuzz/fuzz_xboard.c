/*
 * fuzz_xboard.c - the XBoard protocol loop (src/app/xboard.c).  The input
 * is a CECP session, fed to xboard_run through fmemopen; the answers go
 * to /dev/null.
 *
 * Edits keep each run short, since a search may otherwise think for
 * hours ("st 99999", "level 1 900 0"): lines starting with a word that
 * sets a time, a depth, the level or the table size (level, st, sd, time,
 * otim, option, memory) are dropped, and the session runs at level 1,
 * which thinks about a tenth of a second a move.  NUL bytes become
 * spaces.  An analysis (endless) is stopped by the next command or by the
 * end of the input.
 */
#include <string.h>

#include "../../src/app/xboard.h"
#include "fuzz.h"

enum { MAX_INPUT = 4000 };

static const char delims[] = " \t\r";
static const char *const dropped[] = {
	"level", "st", "sd", "time", "otim", "option", "memory", NULL
};

/* The first word of `line` (of `len` bytes, no newline) is `word`. */
static bool
first_word_is(const char *line, size_t len, const char *word)
{
	size_t i = 0, n = strlen(word);

	while (i < len && strchr(delims, line[i]))
		i++;
	return len - i >= n && memcmp(line + i, word, n) == 0 &&
	    (len - i == n || strchr(delims, line[i + n]));
}

/* The session to play: `data` with the edits above, NUL-terminated. */
static char *
rewrite(const uint8_t *data, size_t size, size_t *out_len)
{
	size_t len = 0;
	char *in = fuzz_string(data, size), *out;

	if (!in)
		return NULL;
	for (size_t i = 0; i < size; i++)
		if (in[i] == '\0')
			in[i] = ' ';
	out = malloc(size + 2);
	if (!out) {
		free(in);
		return NULL;
	}
	for (char *line = in; line < in + size;) {
		char *nl = memchr(line, '\n', (size_t)(in + size - line));
		size_t n = nl ? (size_t)(nl - line) : (size_t)(in + size - line);
		bool keep = true;

		for (int i = 0; dropped[i]; i++)
			if (first_word_is(line, n, dropped[i]))
				keep = false;
		if (keep) {
			memcpy(out + len, line, n);
			len += n;
			out[len++] = '\n';
		}
		line += n + 1;
	}
	out[len] = '\0';
	free(in);
	*out_len = len;
	return out;
}

int
LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	static FILE *sink;
	char *text;
	size_t len;
	FILE *in;

	if (size == 0 || size > MAX_INPUT)
		return 0;
	if (!sink && !(sink = fopen("/dev/null", "w")))
		abort();
	text = rewrite(data, size, &len);
	if (!text)
		return 0;
	in = len ? fmemopen(text, len, "r") : NULL;
	if (in) {
		FUZZ_ASSERT(xboard_run(in, sink, bc_variant_get(BC_VARIANT_GRAND),
		                1) == 0);
		fclose(in);
	}
	free(text);
	return 0;
}
