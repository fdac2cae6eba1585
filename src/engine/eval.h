/*
 * eval.h - static evaluation (internal to the engine).
 *
 * The numbers live in eval_params.c, one table per variant keyed by its
 * id and by piece letter; eval_init derives per-cell tables from them
 * once per engine, for every variant of the rules library's registry, and
 * says of each variant whether its table is complete.  What the rules
 * decide (which pieces are pawns, the king or minor, promotion, the
 * 100-ply rule) is asked of the rules library, never written here.
 * eval.c scores what all variants share (material, piece squares,
 * mobility, king safety, pawns); eval_chad.c adds Chad's castle warfare.
 */
#ifndef BIGCHESS_ENGINE_EVAL_H
#define BIGCHESS_ENGINE_EVAL_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "bigchess/bigchess.h"

/* The first three are the rules' (BC_PIECE_PAWN, BC_PIECE_ROYAL,
 * BC_PIECE_MINOR), filled in by eval_init; only EVAL_PAIR is the
 * evaluation's own and written in the tables. */
enum eval_piece_flag {
	EVAL_PAWN = 1 << 0,  /* structure, passers, promotion */
	EVAL_KING = 1 << 1,  /* the royal piece */
	EVAL_MINOR = 1 << 2, /* alone with the king it cannot mate */
	EVAL_PAIR = 1 << 3,  /* two of them earn the pair bonus */
	EVAL_FILES = 1 << 4  /* a file without own pawns earns a bonus */
};

/* One piece type's numbers; centipawns unless said otherwise. */
struct eval_piece {
	char letter;
	int16_t value;    /* material, in the middle game */
	int8_t mobility;  /* per pseudo-legal move, in the middle game */
	int8_t center;    /* per ring nearer the centre, in the middle game */
	int8_t attack;    /* king-attack units per move into the king's zone */
	uint8_t flags;    /* EVAL_PAIR, EVAL_FILES or 0 */
	const char *why;  /* the reason for these numbers */
	/* The ending's numbers, as differences from the middle game's
	 * (value and mobility) or from half of it (center): 0 for a table
	 * that does not tell them apart. */
	int16_t eg_value;
	int8_t eg_mobility, eg_center;
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
	/* Per pawn with an own pawn beside it or diagonally behind it, per
	 * rank from its side's edge (a pawn on its third rank counts 2). */
	int connected_mg, connected_eg;
	int shelter;         /* per own pawn in front of the king */
	int king_rank_mg;    /* per rank the king has left its first two */
	int king_center_eg;  /* per ring nearer the centre, in the ending */
	/* Where pawns promote only to lost types (Grand), passers are worth
	 * `no_promo_percent` of normal when nothing is available. */
	int no_promo_percent;
	/* King danger: units * units * king_danger_mul / 64 in the middle
	 * game, at most king_danger_max; a table that leaves them 0 gets 16
	 * and 600, the numbers they were before they were data. */
	int king_danger_mul, king_danger_max;
	/* King-attack units for each type of ours (not pawn or king) that
	 * could move to an empty square from which it would check, one no
	 * enemy piece or pawn reaches (a safe check), added to the units
	 * before king danger squares them. */
	int safe_check;
	/* The ending's complexity (Stockfish's "initiative"): per pawn and
	 * per passer, pawns on both wings, per file the kings stand further
	 * apart than ranks (outflanking), no pieces but pawns, and a
	 * constant, summed; added to the ending's score in the leader's
	 * favour, but never more than takes its lead to 0. */
	int cx_pawn, cx_passer, cx_flanks, cx_outflank, cx_pawns_only,
	    cx_base;
	/* The ending's score times (scale_base + scale_pawn x the leader's
	 * pawns) / 64, at most 1, unless the other side has only its king
	 * and the leader a piece that mates it alone: few pawns, few
	 * winning chances.  0 and 0: not scaled. */
	int scale_base, scale_pawn;
	/* Threats, per enemy piece (not the king) that our pseudo-legal
	 * moves attack: its cheapest attacker a pawn (threat_pawn) or else
	 * worth less than it (threat_lesser), or else nothing of theirs
	 * guards it (hanging). */
	int threat_pawn, threat_lesser, hanging;
	/* An EVAL_FILES piece on a file without pawns (open_file) or
	 * without own pawns (half_open_file); the ending gets half. */
	int open_file, half_open_file;
	/* Passers, scaled by rank as passed_mg/eg are: the square in front
	 * empty (passed_free, ending), guarded by an own pawn
	 * (passed_protected), and in the ending per square of the enemy
	 * king's distance from that square and less per square of our
	 * own king's. */
	int passed_free, passed_protected, passed_king_far, passed_king_near;
	/* Passers, scaled by rank, middle game and ending alike: the square
	 * in front empty and no enemy piece reaching it (passed_safe), and
	 * besides every square on to the last rank out of the enemy's
	 * reach and free of its pieces (passed_path). */
	int passed_safe, passed_path;
	/* Mobility counts only the moves to squares no enemy pawn attacks:
	 * a piece driven off by a pawn has not the use of them. */
	bool safe_mobility;
	/* Space, in the middle game: per square of the centre files from
	 * our second rank to the middle that no own pawn stands on and no
	 * enemy pawn attacks (twice if it is one or two squares behind an
	 * own pawn and no enemy piece reaches it), times (our pieces - 1)
	 * squared, over 256: room to bring the pieces behind the pawns. */
	int space;
	/* Chad's castles and walls. */
	bool castles;
	int wall_rook, corner_rook, wall_control, castle_queen,
	    undefended_square, castle_defender;
	/* The search's, not the evaluation's: near the horizon a check
	 * that loses more than this by exchange, per ply of depth left,
	 * is pruned; at 0 no check is. */
	int see_check_margin;
	/* Not written in the tables: eval_init copies the rules' answer
	 * (bc_variant_fifty_move_rule) into its own copy of the table. */
	bool fifty_move_rule;
};

/* Every variant's table, ended by NULL (eval_params.c). */
extern const struct eval_params *const eval_params_all[];

/* The table of variant `id` in eval_params_all, or NULL. */
const struct eval_params *eval_params_of(bc_variant_id id);

/* Pawn types (pawns, Hadean's ninja pawns) and the squares one attacks
 * (two diagonals, a ninja pawn's two sideways), as far as safe mobility
 * looks (a variant with more has no evaluation). */
enum { EVAL_PAWN_TYPES = 2, EVAL_PAWN_HITS = 4 };

/* The most space squares a side has: the centre files (all but two on
 * each side) of its half, on boards up to 13 ranks. */
enum { EVAL_SPACE_CELLS = 9 * 6 };

/* What eval_init derives for one variant. */
struct eval_tables {
	const bc_variant *variant;
	const struct eval_params *params; /* &rules_params, once ready */
	struct eval_params rules_params;  /* the table, completed from the
	                                   * rules */
	bool ready;                       /* false: this variant has no
	                                   * evaluation; problem says why */
	char problem[192];
	int type_count;
	int royal_type;
	uint16_t checker_types; /* bit t: type t is neither pawn nor king */
	int16_t value[BC_MAX_TYPES];
	int8_t mobility[BC_MAX_TYPES];
	int16_t mobility_eg[BC_MAX_TYPES];
	int8_t attack[BC_MAX_TYPES];
	uint8_t flags[BC_MAX_TYPES];
	int start_material;              /* each side's non-pawn material */
	/* Piece-square values [colour][type][cell], middle game and ending. */
	int16_t pst_mg[2][BC_MAX_TYPES][BC_CELLS];
	int16_t pst_eg[2][BC_MAX_TYPES][BC_CELLS];
	uint8_t rel_rank[2][BC_CELLS];   /* 1-based from each side; 0 off */
	uint8_t region[BC_CELLS];        /* enum bc_region bits */
	int files, ranks;
	/* With safe_mobility: the squares a pawn (an EVAL_PAWN type, by its
	 * slot) of each colour on each cell attacks, ended by 0 if fewer
	 * than EVAL_PAWN_HITS; slot -1: not a pawn. */
	int pawn_slot[BC_MAX_TYPES];
	uint16_t pawn_hits[EVAL_PAWN_TYPES][2][BC_CELLS][EVAL_PAWN_HITS];
	/* With space: each side's space squares (see space above). */
	uint16_t space_cells[2][EVAL_SPACE_CELLS];
	int space_count[2];
	/* Each type's mark for the rules' move counter (bc_movegen_count):
	 * the cheaper the higher (a pawn first among equals), the king
	 * lowest (1), so a reached square's highest bit is its cheapest
	 * attacker's mark; marked_type turns a mark back into the type. */
	uint8_t threat_mark[BC_MAX_TYPES];
	uint8_t marked_type[BC_MAX_TYPES + 1];
};

struct eval {
	/* By bc_variant_id_of, for every registered variant. */
	struct eval_tables *tables;
	int table_count;
	/* scratch[side to move]: its pseudo-legal moves, for the search
	 * (the other entry is unused: that side's are only counted). */
	bc_move_list scratch[2];
	bc_move_counts counts;     /* one side's moves, piece by piece */
	uint8_t zone[BC_CELLS];    /* the enemy king's zone; 0 between
	                            * calls */
	/* The squares each side reaches, each with the bit (1 << threat_mark)
	 * of every type that reaches it: the highest bit is the cheapest
	 * attacker's, 0 none. */
	uint16_t reached[2][BC_CELLS];
	/* With safe mobility or space: the cells each side's pawns attack
	 * (repeats and all), listed while counting the other side's moves;
	 * safe mobility marks them unsafe in zone, space in pawn_hit. */
	uint16_t pawn_hits[2][BC_MAX_SIDE_PIECES * EVAL_PAWN_HITS];
	int pawn_hit_count[2];
	uint8_t pawn_hit[BC_CELLS]; /* 0 between calls */
	/* After eval_position: true if scratch[side to move] holds the
	 * pseudo-legal moves of the position evaluated (not when lazy). */
	bool have_moves;
};

/*
 * Fills the tables of every registered variant.  A variant whose numbers
 * are missing or incomplete is only marked not ready, with the reason
 * (eval_problem); the others are unaffected.  Returns false only when out
 * of memory.  Free with eval_free.
 */
bool eval_init(struct eval *e);
void eval_free(struct eval *e);

/*
 * Derives `t` for variant `v` from table `p` (NULL: none).  True if
 * complete: a row for every piece letter of `v`, each exactly once, and
 * none for a letter `v` lacks; else false with t->problem saying what is
 * missing, naming the variant.
 */
bool eval_tables_init(struct eval_tables *t, const bc_variant *v,
    const struct eval_params *p);

/* NULL if the evaluation can score `v`, else a one-line reason naming the
 * variant. */
const char *eval_problem(const struct eval *e, const bc_variant *v);

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

/* Chad's terms for side `us` (eval_chad.c): middle-game centipawns.
 * `reached` marks (nonzero) the squares its pseudo-legal moves land on. */
int eval_chad(const struct eval_tables *t, const bc_position *pos, int us,
    const uint16_t *reached);

#endif
