/*
 * fuzz_uci.c - the UCI command loop (src/uci.c).  The input is a UCI
 * session, fed to uci_run through fmemopen; the answers go to /dev/null.
 *
 * Two edits keep each run short, since a search may otherwise think for
 * hours ("go depth 64", "go movetime 99999999"): every "go" line gets
 * " 0 nodes 2000" appended (the 0 feeds a parameter left without its
 * number, the nodes limit is then the last word), and "setoption" lines
 * naming Hash with a number of three or more digits are dropped, so no
 * table grows past 99 MB.  NUL bytes become spaces, as uci_run's tokenizer
 * would stop at them and miss the appended limit.  An infinite search is
 * stopped by the next command or the end of the input (uci.c's
 * finish_search).
 */
#include <ctype.h>
#include <string.h>
#include <strings.h>

#include "../../src/app/uci.h"
#include "fuzz.h"

enum { MAX_INPUT = 4000 };

static const char go_suffix[] = " 0 nodes 2000";
static const char delims[] = " \t\r";

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

static bool
big_hash(const char *line, size_t len)
{
	bool named = false;
	size_t digits = 0, most = 0;

	for (size_t i = 0; i < len; i++) {
		if (i + 4 <= len && strncasecmp(line + i, "hash", 4) == 0)
			named = true;
		digits = isdigit((unsigned char)line[i]) ? digits + 1 : 0;
		if (digits > most)
			most = digits;
	}
	return named && most >= 3;
}

/* The session to play: `data` with the edits above, NUL-terminated. */
static char *
rewrite(const uint8_t *data, size_t size, size_t *out_len)
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
	out = malloc(size + lines * sizeof go_suffix + 1);
	if (!out) {
		free(in);
		return NULL;
	}
	for (char *line = in; line < in + size;) {
		char *nl = memchr(line, '\n', (size_t)(in + size - line));
		size_t n = nl ? (size_t)(nl - line) : (size_t)(in + size - line);

		if (!(first_word_is(line, n, "setoption") && big_hash(line, n))) {
			memcpy(out + len, line, n);
			len += n;
			if (first_word_is(line, n, "go")) {
				memcpy(out + len, go_suffix, sizeof go_suffix - 1);
				len += sizeof go_suffix - 1;
			}
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
		FUZZ_ASSERT(uci_run(in, sink, bc_variant_get(BC_VARIANT_GRAND),
		                1) == 0);
		fclose(in);
	}
	free(text);
	return 0;
}
