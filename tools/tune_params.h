/*
 * tune_params.h - the numbers of one variant's struct eval_params as a
 * flat list the tuner can move one at a time, and the table printed back
 * as C.
 */
#ifndef BIGCHESS_TOOLS_TUNE_PARAMS_H
#define BIGCHESS_TOOLS_TUNE_PARAMS_H

#include <stdio.h>

#include "engine/eval.h"

/* Seven columns a piece row, and room for the scalars. */
enum { TUNE_MAX_PARAMS = 7 * BC_MAX_TYPES + 64 };

/* One number of the table: a piece row's column or a scalar field. */
struct tune_param {
	char name[32];
	int row;        /* piece row, or -1 for a scalar */
	int column;     /* enum tune_column for a row */
	size_t offset;  /* a scalar: offsetof(struct eval_params, ...) */
	int min, max;   /* what the field's type and meaning allow */
	int step;       /* the first step of the descent */
};

/*
 * Lists the numbers of `p` into `out` (TUNE_MAX_PARAMS of them at most);
 * returns how many.  The first row's value is the unit of the scale (the
 * pawn; Chad's rook) and is left out: the search's margins are counted
 * in it.  So is a royal piece's value, which cancels out, and so are the
 * numbers that count nowhere (tune_params.c, tunable).
 */
int tune_params_list(const struct eval_params *p, struct tune_param *out);

int tune_param_get(const struct eval_params *p, const struct tune_param *t);
void tune_param_set(struct eval_params *p, const struct tune_param *t,
    int value);

/* Prints `p` as eval_params.c's initialiser of variant `v`. */
void tune_params_print(FILE *f, const bc_variant *v,
    const struct eval_params *p);

#endif
