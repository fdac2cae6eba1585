/*
 * random.c - SplitMix64 (Steele, Lea and Flood, 2014): one addition and
 * two multiply-xorshift rounds per number; every seed gives a full
 * sequence, so no seed is bad.
 */
#include "bigchess/random.h"

uint64_t
bc_random_next(uint64_t *state)
{
	uint64_t z = (*state += 0x9e3779b97f4a7c15ULL);

	z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9ULL;
	z = (z ^ (z >> 27)) * 0x94d049bb133111ebULL;
	return z ^ (z >> 31);
}
