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
 * spaces (fuzz_session.h).  An analysis (endless) is stopped by the next command or by the
 * end of the input.
 */
#include "../../src/app/xboard.h"
#include "fuzz_session.h"

static const char *const dropped[] = {
	"level", "st", "sd", "time", "otim", "option", "memory", NULL
};

static size_t
edit(const char *line, size_t n, char *out)
{
	for (int i = 0; dropped[i]; i++)
		if (fuzz_first_word_is(line, n, dropped[i]))
			return (size_t)-1;
	memcpy(out, line, n);
	return n;
}

int
LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	return fuzz_session(data, size, edit, xboard_run);
}
