/*
 * random.h - the rules library's random numbers: SplitMix64, a fixed,
 * well-mixed sequence from any 64-bit seed.  The Zobrist keys come from
 * it; tools and tests use it for playouts and openings that repeat on
 * every machine.
 */
#ifndef BIGCHESS_RANDOM_H
#define BIGCHESS_RANDOM_H

#include <stdint.h>

/* The next number after `*state`, which it advances. */
uint64_t bc_random_next(uint64_t *state);

#endif
