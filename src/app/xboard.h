/*
 * xboard.h - the --xboard mode: the engine speaking the Chess Engine
 * Communication Protocol (CECP, protocol version 2 with XBoard 4.8's
 * extensions) on standard input and output, for XBoard and WinBoard.
 */
#ifndef BIGCHESS_XBOARD_H
#define BIGCHESS_XBOARD_H

#include <stdio.h>

#include "bigchess/bigchess.h"

/*
 * Reads CECP commands from `in` and answers on `out` until "quit" or the
 * end of the input, starting with variant `v` at engine level `level`.
 * Returns the exit status: 0, or 1 if the engine could not be made.
 */
int xboard_run(FILE *in, FILE *out, const bc_variant *v, int level);

#endif
