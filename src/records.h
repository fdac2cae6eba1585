/*
 * records.h - the app's side of game records: reading PGN files.
 */
#ifndef BIGCHESS_RECORDS_H
#define BIGCHESS_RECORDS_H

#include "bigchess/bigchess.h"

enum print_what { PRINT_FEN, PRINT_PGN };

/*
 * Loads game `number` (from 1) of the PGN file `path` and prints its final
 * position's FEN or its normalised PGN on stdout.  Games without a Variant
 * tag are taken to be of `fallback`.  Returns the exit status: 0, or 1
 * after one line on stderr naming the problem.
 */
int records_print(const char *path, int number, enum print_what what,
    const bc_variant *fallback);

#endif
