/*
 * variant.h - the three games bigchess plays, as immutable descriptors.
 *
 * A variant is looked up once and then only read: the descriptor lives for
 * the whole program and is safe to share between threads.
 */
#ifndef BIGCHESS_VARIANT_H
#define BIGCHESS_VARIANT_H

#include <stdbool.h>

typedef enum bc_variant_id {
	BC_VARIANT_GRAND = 0,
	BC_VARIANT_CHAD = 1,
	BC_VARIANT_HADEAN = 2,
	BC_VARIANT_COUNT
} bc_variant_id;

typedef struct bc_variant bc_variant;

/* Returns the descriptor of variant `id`, or NULL if `id` is out of range. */
const bc_variant *bc_variant_get(bc_variant_id id);

/*
 * Looks up a variant by name, case-insensitively: the short key ("grand",
 * "chad", "hadean") or the full name ("Grand Chess").  NULL if unknown.
 */
const bc_variant *bc_variant_find(const char *name);

bc_variant_id bc_variant_id_of(const bc_variant *v);
const char *bc_variant_key(const bc_variant *v);  /* "grand" */
const char *bc_variant_name(const bc_variant *v); /* "Grand Chess" */
const char *bc_variant_start_fen(const bc_variant *v);
int bc_variant_files(const bc_variant *v);
int bc_variant_ranks(const bc_variant *v);

/* Piece types are numbered 1 .. bc_variant_piece_types(v). */
int bc_variant_piece_types(const bc_variant *v);
char bc_variant_piece_letter(const bc_variant *v, int type); /* upper case */
const char *bc_variant_piece_name(const bc_variant *v, int type);
const char *bc_variant_piece_betza(const bc_variant *v, int type);
/* The piece type written with `letter` (either case), or 0. */
int bc_variant_piece_type(const bc_variant *v, char letter);

/* Board regions that the UI draws (Chad's castles and walls). */
enum bc_region {
	BC_REGION_CASTLE_WHITE = 1 << 0,
	BC_REGION_CASTLE_BLACK = 1 << 1,
	BC_REGION_WALL_WHITE = 1 << 2,
	BC_REGION_WALL_BLACK = 1 << 3
};

/* The bc_region flags of square (file, rank), both counted from 0. */
unsigned bc_variant_region(const bc_variant *v, int file, int rank);

#endif
