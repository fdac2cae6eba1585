/*
 * eval.h - static evaluation (internal to the engine).
 *
 * The numbers live in eval_params.c, one table per variant keyed by piece
 * letter; eval_init derives per-cell tables from them once per engine.
 * eval.c scores what all variants share (material, piece squares,
 * mobility, king safety, pawns); eval_chad.c adds Chad's castle warfare.
 */
#ifndef BIGCHESS_ENGINE_EVAL_H
#define BIGCHESS_ENGINE_EVAL_H

#include <stdint.h>

#include "bigchess/bigchess.h"

enum eval_piece_flag {
	EVAL_PAWN = 1 << 0,  /* structure, passers, promotion */
	EVAL_KING = 1 << 1,  /* the royal piece */
	EVAL_MINOR = 1 << 2, /* alone with the king it cannot mate */
	EVAL_PAIR = 1 << 3   /* two of them earn the pair bonus */
};

/* One piece type's numbers; centipawns unless said otherwise. */
struct eval_piece {
	char letter;
	int16_t value;    /* material, middle game and ending alike */
	int8_t mobility;  /* per pseudo-legal move */
	int8_t center;    /* per ring nearer the centre */
	int8_t attack;    /* king-attack units per move into the king's zone */
	uint8_t flags;    /* enum eval_piece_flag */
	const char *why;  /* the reason for these numbers */
};

struct eval_params {
	bc_variant_id variant;
	struct eval_piece pieces[BC_MAX_TYPES];
	int piece_count;
	int tempo;           /* for the side to move */
	int pair_bonus;      /* two EVAL_PAIR pieces (bishops) */
	int passed_mg, passed_eg; /* a passer on the rank before promotion */
	int advance_eg;      /* per rank a pawn has advanced, in the ending */
	int doubled, isolated; /* penalties per pawn */
	int shelter;         /* per own pawn in front of the king */
	int king_rank_mg;    /* per rank the king has left its first two */
	int king_center_eg;  /* per ring nearer the centre, in the ending */
	/* Pawns promote only to lost types (Grand): passers are worth
	 * `no_promo_percent` of normal when nothing is available. */
	bool promo_only_lost;
	int no_promo_percent;
	/* Chad's castles and walls. */
	bool castles;
	int wall_rook, corner_rook, wall_control, castle_queen,
	    undefended_square, castle_defender;
	bool fifty_move_rule;
};

extern const struct eval_params eval_grand_params;
extern const struct eval_params eval_chad_params;
extern const struct eval_params eval_hadean_params;

/* What eval_init derives for one variant. */
struct eval_tables {
	const bc_variant *variant;
	const struct eval_params *params;
	int type_count;
	int royal_type;
	int16_t value[BC_MAX_TYPES];
	int8_t mobility[BC_MAX_TYPES];
	int8_t attack[BC_MAX_TYPES];
	uint8_t flags[BC_MAX_TYPES];
	int start_count[BC_MAX_TYPES];   /* each side's, at the start */
	int start_material;              /* each side's non-pawn material */
	uint8_t promo_types[BC_MAX_TYPES]; /* 0-terminated */
	/* Piece-square values [colour][type][cell], middle game and ending. */
	int16_t pst_mg[2][BC_MAX_TYPES][BC_CELLS];
	int16_t pst_eg[2][BC_MAX_TYPES][BC_CELLS];
	uint8_t rel_rank[2][BC_CELLS];   /* 1-based from each side; 0 off */
	uint8_t region[BC_CELLS];        /* enum bc_region bits */
	int files, ranks;
};

struct eval {
	struct eval_tables tables[BC_VARIANT_COUNT];
	bc_move_list scratch[2];  /* each side's pseudo-legal moves */
	uint32_t stamp[BC_CELLS]; /* distinct attackers, by generation */
	uint32_t generation;
	/* After eval_position: true if scratch[side to move] holds the
	 * pseudo-legal moves of the position evaluated (not when lazy). */
	bool have_moves;
};

/* Fills the tables of every variant.  Returns false if a variant has a
 * piece letter the parameters do not cover (a programming error). */
bool eval_init(struct eval *e);

/* The tables of `pos`'s variant. */
const struct eval_tables *eval_tables_of(const struct eval *e,
    const bc_position *pos);

/*
 * Scores `pos` for the side to move.  When the cheap part of the score
 * (material, squares, pawns) is more than a margin outside (alpha, beta)
 * it is returned alone.
 */
int eval_position(struct eval *e, const bc_position *pos, int alpha,
    int beta);

/* Material of one piece type (for move ordering and pruning). */
static inline int
eval_value(const struct eval_tables *t, int type)
{
	return t->value[type];
}

/* Chad's terms for side `us` (eval_chad.c): middle-game centipawns. */
int eval_chad(const struct eval_tables *t, const bc_position *pos, int us,
    const bc_move_list *ours);

#endif
