/*
 * variant.h - the games bigchess plays, as immutable descriptors, and the
 * registry that lists them.
 *
 * A variant is looked up once and then only read: the descriptor lives for
 * the whole program and is safe to share between threads.  Everything
 * above the rules library that lists variants (menus, option parsing,
 * protocols, help text) loops over bc_variant_count() and bc_variant_at()
 * rather than naming them, so a new variant is one descriptor.
 */
#ifndef BIGCHESS_VARIANT_H
#define BIGCHESS_VARIANT_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

typedef enum bc_variant_id {
	BC_VARIANT_GRAND = 0,
	BC_VARIANT_CHAD = 1,
	BC_VARIANT_HADEAN = 2,
	BC_VARIANT_HEXCHAD = 3,
	BC_VARIANT_HADEAN_NINJA = 4,
	BC_VARIANT_COUNT
} bc_variant_id;

typedef struct bc_variant bc_variant;

/* Returns the descriptor of variant `id`, or NULL if `id` is out of range. */
const bc_variant *bc_variant_get(bc_variant_id id);

/*
 * The registry: bc_variant_count() variants, the i-th (from 0) by
 * bc_variant_at(i) in the order lists show them (by key), or NULL when `i`
 * is out of range.  bc_variant_id_of(v) is a dense index below
 * bc_variant_count(), for tables kept per variant.
 */
int bc_variant_count(void);
const bc_variant *bc_variant_at(int i);
/* The place of `v` in that order: bc_variant_at(bc_variant_index(v)) is
 * `v`. */
int bc_variant_index(const bc_variant *v);

/* The variant a game is of when nothing says otherwise (Grand Chess). */
const bc_variant *bc_variant_default(void);

/*
 * Writes the registry's keys into `buf` of `size` bytes as a list for a
 * message, in bc_variant_at order, the last two joined by `last` ("or":
 * "chad, grand or hadean"), NUL-terminated.  Returns the length it needed,
 * like snprintf.
 */
size_t bc_variant_list_keys(char *buf, size_t size, const char *last);

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
/* How the piece moves, one sentence without its full stop for help
 * screens ("slides any distance along ranks and files"); "" if `type` is
 * not a piece of `v`. */
const char *bc_variant_piece_moves(const bc_variant *v, int type);
/* The piece type written with `letter` (either case), or 0. */
int bc_variant_piece_type(const bc_variant *v, char letter);

/* What the rules say about a piece type, as bc_variant_piece_flags bits. */
enum bc_piece_flag {
	BC_PIECE_ROYAL = 1 << 0,      /* the king: must not be left in check */
	BC_PIECE_PAWN = 1 << 1,       /* its moves reset the halfmove clock */
	BC_PIECE_EN_PASSANT = 1 << 2, /* takes and is taken en passant */
	BC_PIECE_PROMOTES = 1 << 3,   /* promotes in the variant's zone */
	BC_PIECE_CONFINED = 1 << 4,   /* never leaves its castle (Chad king) */
	BC_PIECE_MINOR = 1 << 5,      /* with its king against a bare king it
	                               * cannot mate: a draw by material */
	BC_PIECE_TAKES_PASSED = 1 << 6 /* takes the enemy pieces it passes
	                               * over (BC_MOVE_PASSING: a flying
	                               * ninja) */
};

/* The bc_piece_flag bits of `type`; 0 if it is not a piece of `v`. */
unsigned bc_variant_piece_flags(const bc_variant *v, int type);

/*
 * The types a promoting piece may become, 0-terminated, in the order the
 * rules list them.  Whether one is available in a position is
 * bc_position_may_promote_to's answer (Grand: only a type its side has
 * lost).
 */
const uint8_t *bc_variant_promotion_types(const bc_variant *v);

/* True if the variant draws after 100 plies without a capture or a pawn
 * move (Grand and Hadean; not Chad). */
bool bc_variant_fifty_move_rule(const bc_variant *v);

/*
 * How castling is written, for a player who typed chess castling where it
 * means something else ("O-O-1 to O-O-4, O-O-O-1 to O-O-O-5" in Hadean,
 * where the king goes 1..d-1 squares toward a rook d squares away); NULL
 * if the variant has no castling.
 */
const char *bc_variant_castling_text(const bc_variant *v);

/* Board regions that the UI draws (Chad's castles and walls). */
enum bc_region {
	BC_REGION_CASTLE_WHITE = 1 << 0,
	BC_REGION_CASTLE_BLACK = 1 << 1,
	BC_REGION_WALL_WHITE = 1 << 2,
	BC_REGION_WALL_BLACK = 1 << 3
};

/* The bc_region flags of square (file, rank), both counted from 0. */
unsigned bc_variant_region(const bc_variant *v, int file, int rank);

/*
 * True if cell (file, rank), both from 0, is a cell of the board.  Most
 * boards are full rectangles; HexChad's 127 hexagons are the cells of its
 * 13x13 grid with |file - rank| <= 6.
 */
bool bc_variant_cell_exists(const bc_variant *v, int file, int rank);

/* True if some cells of the files x ranks grid do not exist (HexChad). */
bool bc_variant_has_missing_cells(const bc_variant *v);

/* The first file (from 0) of rank `rank` (from 0), and how many cells the
 * rank has; -1 and 0 for a rank that is not on the board.  A FEN lists
 * only these cells. */
int bc_variant_rank_first_file(const bc_variant *v, int rank);
int bc_variant_rank_width(const bc_variant *v, int rank);

/* True if the variant has regions to draw (castles and walls) rather than
 * a checkered board. */
bool bc_variant_has_regions(const bc_variant *v);

#endif
