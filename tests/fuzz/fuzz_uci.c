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
 * finish_search).  The session loop is fuzz_session.h's.
 */
#include <ctype.h>
#include <strings.h>

#include "../../src/app/uci.h"
#include "fuzz_session.h"

static const char go_suffix[] = " 0 nodes 2000";
_Static_assert(sizeof go_suffix - 1 <= FUZZ_SESSION_EXTRA,
    "the suffix fits in what an edit may add");

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

static size_t
edit(const char *line, size_t n, char *out)
{
	if (fuzz_first_word_is(line, n, "setoption") && big_hash(line, n))
		return (size_t)-1;
	memcpy(out, line, n);
	if (fuzz_first_word_is(line, n, "go")) {
		memcpy(out + n, go_suffix, sizeof go_suffix - 1);
		n += sizeof go_suffix - 1;
	}
	return n;
}

int
LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	return fuzz_session(data, size, edit, uci_run);
}
