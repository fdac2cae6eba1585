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
	LINE = BUCKET * sizeof(struct tt_slot),
	AGE_WEIGHT = 4
};

_Static_assert(sizeof(struct tt_slot) * BUCKET == 64,
    "a bucket is one cache line");
_Static_assert(sizeof(bc_move) == 4, "a move is 32 bits of the data word");

/*
 * Puts a table of `buckets` zeroed buckets in place of the old one,
 * aligned to cache lines.  From calloc, not aligned_alloc and memset:
 * a large block is the system's fresh zeroed pages, touched only when
 * the search first writes to them, so an engine starts at once whatever
 * its size.  Filling 16 MB at every start took 4,600 page faults and
 * some 55 ms, most of what `bigchess --uci` spent before its first
 * command.  False: no memory, and the old table is kept.
 */
static bool
allocate(struct tt *tt, size_t buckets)
{
	char *block = calloc(buckets * LINE + LINE - 1, 1);
	uintptr_t at;

	if (!block)
		return false;
	/* The first cache line's start in the block, as an offset. */
	at = ((uintptr_t)block + LINE - 1) & ~(uintptr_t)(LINE - 1);
	free(tt->block);
	tt->block = block;
	tt->entries = (struct tt_slot *)(block + (at - (uintptr_t)block));
	tt->buckets = buckets;
	tt->age = 0;
	return true;
}

/*
 * Exactly as many buckets as fit in `mb` megabytes (not a power of two:
 * the key picks its bucket by a multiply and shift), so the table is the
 * size asked for, less under one bucket.
 */
bool
tt_resize(struct tt *tt, size_t mb)
{
	size_t buckets = mb * 1024 * 1024 / LINE;

	return allocate(tt, buckets < 1 ? 1 : buckets);
}

size_t
tt_bytes(const struct tt *tt)
{
	return tt->buckets * LINE;
}

void
tt_free(struct tt *tt)
{
	free(tt->block);
	tt->block = NULL;
	tt->entries = NULL;
	tt->buckets = 0;
}

void
tt_clear(struct tt *tt)
{
	/* Wiped in place, every page touched: a new game's table is
	 * wanted at once, and a GUI sends ucinewgame before any clock
	 * runs, so the first moves do not pay its page faults. */
	memset(tt->entries, 0, tt->buckets * LINE);
	tt->age = 0;
}

void
tt_new_search(struct tt *tt)
{
	tt->age++;
}

static struct tt_slot *
bucket_of(const struct tt *tt, uint64_t key)
{
	/* The low half of the key scaled to [0, buckets); the high half
	 * is the check. */
	return &tt->entries[(size_t)(((key & 0xffffffffu) *
	    (uint64_t)tt->buckets) >> 32) * BUCKET];
}

/* Reads slot `e` into *out (a torn slot gives a key that will not match). */
static void
load(const struct tt_slot *e, struct tt_entry *out)
{
	uint64_t data = atomic_load_explicit(&e->data, memory_order_relaxed);
	uint64_t head = atomic_load_explicit(&e->check,
	    memory_order_relaxed) ^ data;

	out->key = (uint32_t)head;
	out->depth = (int8_t)(uint8_t)(head >> 32);
	out->bound = (uint8_t)(head >> 40);
	out->age = (uint8_t)(head >> 48);
	out->pad = 0;
	out->move = (bc_move)(uint32_t)data;
	out->score = (int16_t)(uint16_t)(data >> 32);
	out->eval = (int16_t)(uint16_t)(data >> 48);
}

static void
save(struct tt_slot *e, const struct tt_entry *in)
{
	uint64_t head = (uint64_t)in->key |
	    (uint64_t)(uint8_t)in->depth << 32 |
	    (uint64_t)in->bound << 40 | (uint64_t)in->age << 48;
	uint64_t data = (uint64_t)(uint32_t)in->move |
	    (uint64_t)(uint16_t)in->score << 32 |
	    (uint64_t)(uint16_t)in->eval << 48;

	atomic_store_explicit(&e->check, head ^ data, memory_order_relaxed);
	atomic_store_explicit(&e->data, data, memory_order_relaxed);
}

int
tt_hashfull(const struct tt *tt)
{
	size_t slots = tt->buckets * BUCKET, used = 0;

	/* The first thousand entries stand for all: the index spreads the
	 * keys evenly over the buckets. */
	if (slots > 1000)
		slots = 1000;
	for (size_t i = 0; i < slots; i++) {
		struct tt_entry e;

		load(&tt->entries[i], &e);
		if (e.bound != TT_NONE && e.age == tt->age)
			used++;
	}
	return slots ? (int)(used * 1000 / slots) : 0;
}

bool
tt_probe(const struct tt *tt, uint64_t key, struct tt_entry *out)
{
	const struct tt_slot *e = bucket_of(tt, key);
	uint32_t check = (uint32_t)(key >> 32);

	for (int i = 0; i < BUCKET; i++) {
		load(&e[i], out);
		if (out->bound != TT_NONE && out->key == check)
			return true;
	}
	return false;
}

void
tt_store(struct tt *tt, uint64_t key, bc_move move, int score, int eval,
    int depth, int bound)
{
	struct tt_slot *e = bucket_of(tt, key);
	struct tt_entry slot[BUCKET], *victim = NULL;
	uint32_t check = (uint32_t)(key >> 32);
	int worst = 0, at = 0;

	for (int i = 0; i < BUCKET; i++) {
		int worth;

		load(&e[i], &slot[i]);
		if (slot[i].bound == TT_NONE || slot[i].key == check) {
			victim = &slot[i];
			at = i;
			break;
		}
		/* By depth, and entries of earlier searches count as
		 * shallower the older they are (ages wrap at 256). */
		worth = slot[i].depth - AGE_WEIGHT *
		    (int)(uint8_t)(tt->age - slot[i].age);
		if (!victim || worth < worst) {
			victim = &slot[i];
			at = i;
			worst = worth;
		}
	}
	if (victim->bound != TT_NONE && victim->key == check) {
		/* Keep a deeper result of the same position, but its move
		 * only if this search found none. */
		if (bound != TT_EXACT && depth < victim->depth - 2 &&
		    victim->age == tt->age) {
			if (move && !victim->move) {
				victim->move = move;
				save(&e[at], victim);
			}
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
	save(&e[at], victim);
}
