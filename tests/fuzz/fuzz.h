/*
 * fuzz.h - what every fuzz harness in tests/fuzz/ shares.
 *
 * Each fuzz_<target>.c defines LLVMFuzzerTestOneInput.  Built with clang
 * and -fsanitize=fuzzer it is a libFuzzer target (make fuzz); linked with
 * replay.c it replays files, e.g. the seed corpus, with any compiler
 * (make test).  A broken invariant calls FUZZ_ASSERT, which aborts so
 * that both drivers report it.
 */
#ifndef BIGCHESS_FUZZ_H
#define BIGCHESS_FUZZ_H

#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

#define FUZZ_ASSERT(cond)                                              \
	do {                                                           \
		if (!(cond)) {                                         \
			fprintf(stderr, "%s:%d: invariant broken: %s\n", \
			    __FILE__, __LINE__, #cond);                \
			abort();                                       \
		}                                                      \
	} while (0)

/* A NUL-terminated copy of the input (NULs inside are kept), or NULL. */
static inline char *
fuzz_string(const uint8_t *data, size_t size)
{
	char *s = malloc(size + 1);

	if (s) {
		if (size)
			memcpy(s, data, size);
		s[size] = '\0';
	}
	return s;
}

#endif
