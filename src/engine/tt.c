/*
 * tt.c - the transposition table.
 */
#include <stdlib.h>
#include <string.h>

#include "tt.h"

enum { BUCKET = 4 };

bool
tt_resize(struct tt *tt, size_t mb)
{
	size_t bytes = mb * 1024 * 1024, buckets = 1;
	struct tt_entry *entries;

	while (buckets * 2 * BUCKET * sizeof *entries <= bytes)
		buckets *= 2;
	entries = calloc(buckets * BUCKET, sizeof *entries);
	if (!entries)
		return false;
	free(tt->entries);
	tt->entries = entries;
	tt->buckets = buckets;
	tt->age = 0;
	return true;
}

void
tt_free(struct tt *tt)
{
	free(tt->entries);
	tt->entries = NULL;
	tt->buckets = 0;
}

void
tt_clear(struct tt *tt)
{
	memset(tt->entries, 0, tt->buckets * BUCKET * sizeof *tt->entries);
	tt->age = 0;
}

void
tt_new_search(struct tt *tt)
{
	tt->age++;
}

static struct tt_entry *
bucket_of(const struct tt *tt, uint64_t key)
{
	return &tt->entries[(key & (tt->buckets - 1)) * BUCKET];
}

bool
tt_probe(const struct tt *tt, uint64_t key, struct tt_entry *out)
{
	const struct tt_entry *e = bucket_of(tt, key);
	uint32_t check = (uint32_t)(key >> 32);

	for (int i = 0; i < BUCKET; i++)
		if (e[i].bound != TT_NONE && e[i].key == check) {
			*out = e[i];
			return true;
		}
	return false;
}

void
tt_store(struct tt *tt, uint64_t key, bc_move move, int score, int eval,
    int depth, int bound)
{
	struct tt_entry *e = bucket_of(tt, key), *victim = NULL;
	uint32_t check = (uint32_t)(key >> 32);
	int worst = 0;

	for (int i = 0; i < BUCKET; i++) {
		int worth;

		if (e[i].bound == TT_NONE || e[i].key == check) {
			victim = &e[i];
			break;
		}
		/* Old entries count as shallow. */
		worth = e[i].depth - (e[i].age != tt->age ? 8 : 0);
		if (!victim || worth < worst) {
			victim = &e[i];
			worst = worth;
		}
	}
	if (victim->bound != TT_NONE && victim->key == check) {
		/* Keep a deeper result of the same position, but its move
		 * only if this search found none. */
		if (bound != TT_EXACT && depth < victim->depth - 2 &&
		    victim->age == tt->age) {
			if (move && !victim->move)
				victim->move = move;
			return;
		}
		if (!move)
			move = victim->move;
	}
	victim->key = check;
	victim->move = move;
	victim->score = (int16_t)score;
	victim->eval = (int16_t)eval;
	victim->depth = (int8_t)(depth < 0 ? 0 : depth > 127 ? 127 : depth);
	victim->bound = (uint8_t)bound;
	victim->age = tt->age;
}
