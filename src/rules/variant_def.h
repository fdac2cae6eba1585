/*
 * variant_def.h - how a variant is described as data (internal to rules).
 *
 * A piece is a list of rays in White's view; Black mirrors them rank-wise.
 * A ray is a step (df, dr) repeated up to `range` times (0 = to the edge)
 * over empty squares.  Leapers are rays of range 1 with a long step: the
 * padded mailbox makes the squares in between irrelevant.  Everything that
 * is not a ray is a flag here or a named hook in the variant.
 */
#ifndef BIGCHESS_VARIANT_DEF_H
#define BIGCHESS_VARIANT_DEF_H

#include <stdbool.h>
#include <stdint.h>

#include "bigchess/position.h"
#include "bigchess/variant.h"

enum {
	MAX_RAYS = 16,
	MAX_ATTACK_DIRS = 96,
	LINE_SPAN = BC_MAX_FILES - 1,
	LINE_WIDTH = 2 * LINE_SPAN + 1,
	CHECK_DIR_MANY = 0xff
};

enum ray_flag {
	RAY_MOVE = 1 << 0,    /* may go to an empty square */
	RAY_CAPTURE = 1 << 1, /* may capture an enemy piece */
	/*
	 * A flyer of range 3 (Hadean E and M): s1 and s2 always, s3 only if s1
	 * and s2 are both empty or both occupied.  Jumped pieces stay.
	 */
	RAY_FLY = 1 << 2,
	/*
	 * A pawn's long move: slides like RAY_MOVE but yields only its second
	 * and later squares (the first is the ordinary step), and leaves
	 * en-passant squares behind for a BC_PIECE_EN_PASSANT piece.
	 */
	RAY_LONG = 1 << 3,
	/*
	 * A flying ninja of range 3 (hadean-ninja G and T): s1, s2 and s3
	 * whatever stands between, taking every enemy piece it passes over
	 * (BC_MOVE_PASSING).
	 */
	RAY_NINJA = 1 << 4,
	RAY_ANY = RAY_MOVE | RAY_CAPTURE
};

struct ray {
	int8_t df, dr;
	uint8_t range;
	uint8_t flags;
	/* Relative ranks (1 = own first rank) where the ray may start; 0 = any. */
	uint8_t from_min, from_max;
	/* The furthest relative rank the ray may reach; 0 = any. */
	uint8_t to_max;
};

/* The public bc_piece_flag bits, by their library names.  A pawn is
 * never on its own first or last rank.  BC_PIECE_MINOR is not written
 * here but derived from the variant's minor_letters. */
enum piece_flag {
	PIECE_ROYAL = BC_PIECE_ROYAL,
	PIECE_PAWN = BC_PIECE_PAWN,
	PIECE_EN_PASSANT = BC_PIECE_EN_PASSANT,
	PIECE_PROMOTES = BC_PIECE_PROMOTES,
	PIECE_CONFINED = BC_PIECE_CONFINED
};

struct piece_def {
	char letter; /* White's letter; Black's is the lower case */
	const char *name;
	const char *betza;
	const char *moves; /* how it moves, for help screens: a sentence
	                    * in the words of the variant's manual page */
	unsigned flags;
	struct ray rays[MAX_RAYS]; /* ended by an all-zero ray */
};

enum promo_rule {
	PROMO_ANY,      /* to any listed type */
	PROMO_ONLY_LOST /* to a listed type the side has fewer of than at start */
};

enum castling_rule {
	CASTLING_NONE,
	/* Hadean: the king goes 1..d-1 squares toward a rook d squares away. */
	CASTLING_FLEXIBLE
};

struct rect {
	uint8_t file_min, rank_min, file_max, rank_max; /* from 0 */
};

/* The files a rank has, from 0: first..last. */
struct rank_span {
	uint8_t first, last;
};

/* A step (df, dr) between two cells that share an edge. */
struct step {
	int8_t df, dr;
};

struct variant_def;

/*
 * May piece `type` of `color` capture from `from` to `to`?  A variant hook
 * for capture rules that rays cannot express (Chad).  Squares are cells.
 */
typedef bool (*capture_hook)(
    const struct bc_variant *v, int color, int type, int from, int to);

struct variant_def {
	bc_variant_id id;
	const char *key;
	const char *name;
	uint8_t files, ranks;
	/*
	 * A board with missing cells (HexChad's hexagon on a 13x13 grid):
	 * the span of each rank, from rank 1 up.  NULL: every rank has
	 * every file.  Missing cells are sentinels, so they stop rays and
	 * leaps as the edge does.
	 */
	const struct rank_span *rank_spans;
	/*
	 * True if Black's rays are White's turned by a half turn (df and dr
	 * both negated) rather than mirrored rank-wise: a hex board's
	 * directions are not symmetric under the mirror.
	 */
	bool rays_half_turn;
	const char *start_fen;
	uint8_t type_count;                    /* pieces[1..type_count] */
	struct piece_def pieces[BC_MAX_TYPES]; /* index 0 unused */

	/* Promotion: letters it may become, and where. */
	const char *promo_letters;
	enum promo_rule promo_rule;
	uint8_t promo_first_rank;   /* relative rank where optional promotion
	                           * starts; forced on the last rank */
	bool promo_in_enemy_castle; /* Chad: forced, inside the enemy castle */

	enum castling_rule castling;
	uint8_t castle_king_file;
	uint8_t castle_rook_file[2]; /* [0] king side, [1] queen side */

	/* Chad's castles (White's; Black's is the half-turn image). */
	bool has_castles;
	struct rect castle;
	/*
	 * The wall is every cell outside the castle that shares an edge with
	 * it: the cells one of these steps away.  No steps: the four
	 * orthogonal ones of a square board.
	 */
	uint8_t wall_step_count;
	struct step wall_steps[8];
	/* True if a FEN may not show a promoting piece where it must already
	 * have promoted (HexChad: a rook inside the enemy castle). */
	bool fen_rejects_unpromoted;

	capture_hook can_capture;
	/* What can_capture allows, for a refused capture's explanation:
	 * words that finish "In Chad, ..." without the full stop. */
	const char *capture_text;

	bool fifty_move_rule;
	/* Types that, alone with the king against a bare king, cannot mate. */
	const char *minor_letters;
};

/* How an attack direction reaches its three squares, if it flies. */
enum fly_mode {
	FLY_NONE = 0,
	FLY_JUMP = 1, /* RAY_FLY: s3 over two empties or two pieces */
	FLY_NINJA = 2 /* RAY_NINJA: s1, s2, s3 whatever stands between */
};

/* One direction in which pieces attack, for reverse scans from a target. */
struct attack_dir {
	int16_t step; /* from the target toward a possible attacker */
	int8_t df, dr; /* the same step in files and ranks */
	uint8_t fly;  /* enum fly_mode */
	uint8_t from_min, from_max; /* attacker's relative rank window */
	uint16_t near_types;        /* bit t: type t attacks from one step */
	uint16_t far_types;         /* bit t: type t attacks from any distance
	                             * (or, for flyers, up to three) */
};

/*
 * One ray of one piece type as the generator walks it (movegen.c), for
 * one colour: the ray's own fields with its step as a cell offset and its
 * range made explicit, and what its piece adds, in one record.
 */
struct gen_ray {
	int16_t step;  /* as a cell offset */
	uint8_t range; /* at most this many steps: BC_MAX_RANKS to the edge */
	uint8_t flags; /* enum ray_flag */
	uint8_t from_min, from_max, to_max; /* as in struct ray */
	uint8_t piece_flags; /* its piece's enum piece_flag */
	uint8_t walk;        /* enum gen_walk: how the generator walks it */
};

/* How the generator walks a ray, from the cheapest. */
enum gen_walk {
	/* Moves and takes alike, from any rank to any rank, for a piece
	 * that neither promotes, nor is confined, nor takes en passant: a
	 * short loop, with no other rule to ask on the way. */
	WALK_PLAIN,
	/* One step from any rank to any rank, by a piece not confined: a
	 * pawn's step or capture, promoting or taking en passant perhaps. */
	WALK_STEP,
	WALK_FULL /* every rule asked on every square */
};

/* A variant: its data plus tables derived from it once. */
struct bc_variant {
	const struct variant_def *def;
	struct gen_ray gen_ray[2][BC_MAX_TYPES][MAX_RAYS]; /* by colour */
	uint8_t rel_rank[2][BC_CELLS];     /* 1-based, 0 off the board */
	/* line[line_index(df, dr)] is 1 if a slider could attack along the
	 * line from a king to a piece (df, dr) away: moving that piece may
	 * expose the king. */
	uint8_t line[LINE_WIDTH * LINE_WIDTH];
	uint8_t region[BC_CELLS];          /* enum bc_region bits */
	uint8_t promo_zone[2][BC_CELLS];   /* enum promo_zone */
	uint8_t promo_types[BC_MAX_TYPES]; /* 0-terminated */
	uint8_t royal_type;
	uint8_t ray_count[BC_MAX_TYPES];
	uint8_t start_count[BC_MAX_TYPES]; /* each side's, from the start FEN */
	uint8_t max_pieces;                /* per side: the start total */
	bool has_flyers;
	uint8_t type_of_letter[128];
	uint16_t minor_types; /* bit t: type t is a lone minor */
	char castling_text[48]; /* "" without castling */
	uint16_t confined_types;
	int attack_count[2];
	struct attack_dir attack[2][MAX_ATTACK_DIRS]; /* by attacker colour */
	/* check_dir[colour][type][line_index(df, dr)]: the direction (its
	 * index in attack[colour], plus 1) along which a piece of that
	 * colour and type standing (df, dr) from a king attacks it, if
	 * nothing stands between; 0 if it never does from there,
	 * CHECK_DIR_MANY if more than one direction or a flyer's may. */
	uint8_t check_dir[2][BC_MAX_TYPES][LINE_WIDTH * LINE_WIDTH];
	uint8_t castle_mask[BC_CELLS]; /* rights lost when a piece leaves or
	                                * lands on a cell */
	uint64_t zobrist[32][BC_CELLS];
	uint64_t zobrist_side;
	uint64_t zobrist_castling[16];
};

enum promo_zone { ZONE_NONE = 0, ZONE_OPTIONAL = 1, ZONE_FORCED = 2 };

extern const struct variant_def grand_def;
extern const struct variant_def chad_def;
extern const struct variant_def hadean_def;
extern const struct variant_def hexchad_def;
extern const struct variant_def hadean_ninja_def;

/* Chad's capture rule (variant_chad.c), shared by HexChad. */
bool chad_can_capture(
    const struct bc_variant *v, int color, int type, int from, int to);

static inline const struct piece_def *
piece_def_of(const bc_variant *v, int type)
{
	return &v->def->pieces[type];
}

/* The index of an offset of (df, dr) files and ranks, each within
 * LINE_SPAN, in v->line and v->check_dir. */
static inline int
line_index(int df, int dr)
{
	return (dr + LINE_SPAN) * LINE_WIDTH + df + LINE_SPAN;
}

/* Whether relative rank `rel` (1-based) lies in a ray's window of
 * ranks, `min` to `max`; a `min` of 0 is no window. */
static inline bool
in_rank_window(int rel, int min, int max)
{
	return !min || (rel >= min && rel <= max);
}

static inline bool
is_confined(const bc_variant *v, int type)
{
	return (v->confined_types >> type) & 1;
}

/* True if cell `sq` lies in `color`'s own castle (Chad). */
static inline bool
in_own_castle(const bc_variant *v, int color, int sq)
{
	return v->region[sq] &
	    (color == BC_WHITE ? BC_REGION_CASTLE_WHITE
	                       : BC_REGION_CASTLE_BLACK);
}

#endif
