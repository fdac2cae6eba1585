/*
 * tt.h - the transposition table (internal to the engine): what earlier
 * searches learnt about positions, keyed by the Zobrist hash.
 *
 * Sized once; probing and storing never allocate.  Buckets of four
 * entries share a cache line; a new entry replaces the same position, or
 * else the bucket's least worth: its depth, less some plies for each
 * search (generation) since it was stored.  Probing and storing may run
 * in several threads at once (tt_slot); resizing, clearing and
 * tt_new_search may not.
 */
#ifndef BIGCHESS_ENGINE_TT_H
#define BIGCHESS_ENGINE_TT_H

#include <stdatomic.h>
#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "bigchess/position.h"

enum tt_bound { TT_NONE = 0, TT_UPPER = 1, TT_LOWER = 2, TT_EXACT = 3 };

/* An entry's eval when it holds no static evaluation. */
enum { TT_EVAL_NONE = INT16_MIN };

struct tt_entry {
	uint32_t key;   /* the hash's upper half */
	bc_move move;
	int16_t score;
	int16_t eval;
	int8_t depth;
	uint8_t bound;  /* enum tt_bound */
	uint8_t age;
	uint8_t pad;
};

/* An entry as stored: two words written and read as relaxed atomics, so
 * that the search's threads share the table without a lock.  The first
 * word is the key half, depth, bound and age xored with the second (the
 * move, score and eval): an entry torn by two threads writing it at once
 * fails the key check and reads as no entry. */
struct tt_slot {
	_Atomic uint64_t check;
	_Atomic uint64_t data;
};

struct tt {
	struct tt_slot *entries; /* in block, on a cache line's start */
	char *block;
	size_t buckets;
	uint8_t age;
};

/* Allocates `mb` megabytes, less under one 64-byte bucket (at least one
 * bucket).  False: no memory, and `tt` is unchanged. */
bool tt_resize(struct tt *tt, size_t mb);
/* The bytes of entries allocated. */
size_t tt_bytes(const struct tt *tt);
void tt_free(struct tt *tt);
void tt_clear(struct tt *tt);
/* Marks the start of a new search: older entries are replaced first. */
void tt_new_search(struct tt *tt);

/* Per mille of a sample of the entries that the current search (age)
 * stored: UCI's hashfull. */
int tt_hashfull(const struct tt *tt);

/* Copies the entry of `key` into *out; false if there is none. */
bool tt_probe(const struct tt *tt, uint64_t key, struct tt_entry *out);
void tt_store(struct tt *tt, uint64_t key, bc_move move, int score, int eval,
    int depth, int bound);

#endif
