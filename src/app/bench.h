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
 * "Nodes/second: N" as the last two lines.  A variant the engine cannot
 * play (engine_variant_problem) is skipped with that message on standard
 * error, and the exit status is then 1 (the node count is no longer the
 * signature); otherwise 0.
 */
int bench_run(const bc_variant *only);

/*
 * NULL if the built-in positions cover variant `v` (at least one, and a
 * depth to search them to), else a one-line reason naming it.
 */
const char *bench_problem(const bc_variant *v);

#endif
