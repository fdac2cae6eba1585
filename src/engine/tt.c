/*
 * tt.c - the transposition table.
 */
#include <stdlib.h>
#include <string.h>

#include "tt.h"

/* Four 16-byte entries: a bucket is one 64-byte cache line.  An entry
 * loses AGE_WEIGHT plies of worth per search since it was stored. */
enum {
	BUCKET = 4,
	LINE = BUCKET * sizeof(struct tt_entry),
	AGE_WEIGHT = 4
};

_Static_assert(sizeof(struct tt_entry) * BUCKET == 64,
    "a bucket is one cache line");

/*
 * Exactly as many buckets as fit in `mb` megabytes (not a power of two:
 * the key picks its bucket by a multiply and shift), so the table is the
 * size asked for, less under one bucket; aligned to cache lines.
 */
bool
tt_resize(struct tt *tt, size_t mb)
{
	size_t buckets = mb * 1024 * 1024 / LINE;
	struct tt_entry *entries;

	if (buckets < 1)
		buckets = 1;
	entries = aligned_alloc(LINE, buckets * LINE);
	if (!entries)
		return false;
	memset(entries, 0, buckets * LINE);
	free(tt->entries);
	tt->entries = entries;
	tt->buckets = buckets;
	tt->age = 0;
	return true;
}

size_t
tt_bytes(const struct tt *tt)
{
	return tt->buckets * LINE;
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
	/* The low half of the key scaled to [0, buckets); the high half
	 * is the check. */
	return &tt->entries[(size_t)(((key & 0xffffffffu) *
	    (uint64_t)tt->buckets) >> 32) * BUCKET];
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
		/* By depth, and entries of earlier searches count as
		 * shallower the older they are (ages wrap at 256). */
		worth = e[i].depth - AGE_WEIGHT *
		    (int)(uint8_t)(tt->age - e[i].age);
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
