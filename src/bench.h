/*
 * bench.h - the --bench mode: a fixed search over built-in positions.
 */
#ifndef BIGCHESS_BENCH_H
#define BIGCHESS_BENCH_H

#include "bigchess/bigchess.h"

/*
 * Searches every built-in position of variant `only` (NULL: of all
 * variants) to its fixed depth and prints one line per position, then
 * "Nodes searched: N" (the same on every run and machine) and
 * "Nodes/second: N" as the last two lines.  Returns the exit status.
 */
int bench_run(const bc_variant *only);

#endif
