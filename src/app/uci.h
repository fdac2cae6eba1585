/*
 * uci.h - the --uci mode: the engine speaking the Universal Chess
 * Interface on standard input and output.
 */
#ifndef BIGCHESS_UCI_H
#define BIGCHESS_UCI_H

#include <stdio.h>

#include "bigchess/bigchess.h"

/*
 * Reads UCI commands from `in` and answers on `out` until "quit" or the
 * end of the input, starting with variant `v` at engine level `level`.
 * Returns the exit status: 0, or 1 if the engine could not be made.
 */
int uci_run(FILE *in, FILE *out, const bc_variant *v, int level);

#endif
