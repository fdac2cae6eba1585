/*
 * search.h - the search proper (internal to the engine): its state, which
 * the engine allocates once, and the limits the engine derives from the
 * caller's limits and the level.
 */
#ifndef BIGCHESS_ENGINE_SEARCH_H
#define BIGCHESS_ENGINE_SEARCH_H

#include <stdatomic.h>
#include <stdbool.h>
#include <stdint.h>

#include "engine.h"
#include "eval.h"
#include "tt.h"

enum {
	MAX_PLY = 96,
	SCORE_INF = 32500,
	SCORE_MATE = 32000,
	/* Scores beyond this are mates: SCORE_MATE - plies to the mate. */
	SCORE_MATE_MIN = SCORE_MATE - 2 * MAX_PLY,
	QUIETS_MAX = 64,
	LMR_MOVES = 64,
	/* Continuation history: by the (piece type, square) of a move one
	 * or two plies back and of the move now, squares seen from the
	 * mover's side; up to CONT_PS (type, square) pairs, as many as the
	 * largest registered variant has (Hadean's 12 types on 144
	 * squares; HexChad has 3 on its 13x13 rectangle, Grand 8 on 100).
	 * The search suite checks every variant fits. */
	CONT_PS = 12 * 144,
	CONT_BACK = 2
};

/* The limits of one search, all decided before it starts. */
struct search_limits {
	int depth;          /* the deepest iteration */
	uint64_t nodes;     /* 0: none */
	int64_t soft_ms;    /* start no new iteration after this; 0: none */
	int64_t hard_ms;    /* stop here whatever; 0: none */
	bool scale_soft;    /* stretch soft_ms by the search's stability */
	int64_t start_ns;   /* when the clock started; 0: at search_run */
	int noise;          /* random root bonus up to this (weak levels) */
	bool quiesce;       /* search captures at the leaves */
	bool infinite;      /* ignore mates found: go on until stopped */
	bool easy_move;     /* with a single legal move, answer at once */
	bool keep_age;      /* the caller started the table's new search */
	int helper;         /* 0: the main thread; n: lazy SMP helper n */
	int multipv;        /* root lines, 1 .. ENGINE_MULTIPV_MAX */
};

/* The stages of the move picker (search.c), in the order they come. */
enum pick_stage {
	PICK_HASH,           /* the hash move, before any generation */
	PICK_GENERATE,       /* generate; score the tactics */
	PICK_GOOD_TACTICS,   /* by victim, then attacker */
	PICK_KILLERS,        /* the two killers and the counter move */
	PICK_QUIETS,         /* by history */
	PICK_BAD_TACTICS,    /* those the exchange evaluation says lose */
	PICK_DONE
};

/* The move picker's state at one ply: the list holds the tactics at
 * [0, tactics) and the quiet moves after them. */
struct picker {
	int stage;
	int last_stage;      /* the stage of the move returned last */
	bc_move hash_move;
	bc_move special[3];  /* killers and counter move, still to try */
	int specials;
	int next;            /* the next tactic */
	int tactics;
	int next_quiet;
	int quiets_picked;   /* by selection; the rest are then sorted */
	bool have_list;      /* the list is generated already */
	bool quiets_scored;
};

/*
 * Counters for studying the search (nodes per depth, move ordering,
 * pruning), kept only in a build with -DSEARCH_STATS, which prints them
 * to stderr after each iteration; in other builds STAT is nothing and
 * the search pays nothing for them.
 */
struct search_stats {
	uint64_t qnodes;        /* nodes that were qsearch's */
	uint64_t cut_nodes;     /* pvs nodes that failed high on a move */
	uint64_t first_cuts;    /* ... on the first move searched */
	uint64_t tt_probes, tt_hits, tt_cuts;
	uint64_t aspiration_researches;
	uint64_t pvs_researches; /* null window beaten: full window again */
	uint64_t lmr_researches; /* reduced search beaten: full depth */
	uint64_t null_tries, null_cuts;
	uint64_t check_extensions, horizon_check_extensions;
	uint64_t rfp_cuts, razor_cuts, se_extensions, se_cuts;
	uint64_t qs_check_nodes; /* qsearch nodes in check (evasions) */
	uint64_t lmr_tries;      /* moves searched reduced */
	uint64_t all_nodes, all_moves; /* nodes that failed low; their moves */
	uint64_t pruned;         /* moves pruned (late, futile, losing) */
};

#ifdef SEARCH_STATS
#define STAT(s, field) ((s)->stats.field++)
#else
#define STAT(s, field) ((void)0)
#endif

struct search_ply {
	bc_move_list list;
	int scores[BC_MAX_MOVES];
	bc_undo undo;
	bc_move killers[2];
	bc_move move;        /* the move made here (none: a null move) */
	int cont_ps;         /* its (type, square) index; -1: none */
	int static_eval;     /* of the position here; -SCORE_INF: in check */
	bc_move excluded;    /* the move a singular search leaves out */
	uint64_t check_key;  /* the hash of the position `checked` is of */
	bool checked;        /* its side to move in check (in_check_at) */
	struct picker picker;
	int pv_length;
	bc_move pv[MAX_PLY];
};

struct search {
	bc_position pos;
	struct tt *tt;
	struct eval *eval;
	const struct eval_tables *tables;
	atomic_bool *stop;
	struct search_limits limits;
	/* While *pondering (if not NULL) no time limit counts; after it,
	 * time counts from *ponderhit_ns when that is later than the
	 * start. */
	const atomic_bool *pondering;
	const _Atomic int64_t *ponderhit_ns;
	/* The root lines of the iteration under way (MultiPV), best
	 * first; a line's score also centres its next aspiration window. */
	struct engine_line lines[ENGINE_MULTIPV_MAX];
	int line_count;

	/* Hashes of the game before the root, then of the path searched:
	 * keys[base + ply] is the position at `ply`. */
	uint64_t keys[ENGINE_MAX_HISTORY + MAX_PLY + 1];
	int base;
	/* rep_start[ply]: the first index of keys whose position may recur
	 * at `ply` (after the last irreversible move or null move).  The
	 * caller's history starts after its last irreversible move. */
	int rep_start[MAX_PLY + 1];

	int16_t history[2][BC_MAX_TYPES][BC_CELLS];
	/* The quiet move that refuted each move last, by the piece that
	 * moved (colour and type) and its target. */
	bc_move counter[2 * BC_BLACK_BIT][BC_CELLS];
	/* Captures: by mover, target and victim. */
	int16_t capture_history[2][BC_MAX_TYPES][BC_CELLS][BC_MAX_TYPES];
	/* Continuation history, [back][earlier move][this move] packed
	 * by the variant's count of (type, square) indexes, cont_ps (0:
	 * off, the variant is too big); cont_used entries are in use. */
	int16_t cont[CONT_BACK * CONT_PS * CONT_PS];
	int cont_ps;
	int cont_squares;             /* the variant's squares */
	size_t cont_used;
	const bc_variant *cont_variant;
	int cont_square[2][BC_CELLS]; /* cell to the mover's square index */
	bc_move captures[MAX_PLY][QUIETS_MAX];
	uint8_t lmr[MAX_PLY][LMR_MOVES]; /* late-move reductions */
	struct search_ply ply[MAX_PLY + 1];
	bc_move quiets[MAX_PLY][QUIETS_MAX];

	int root_noise[BC_MAX_MOVES];
	/* The merge sort's other half (sort_quiets; one ply at a time). */
	bc_move sort_moves[BC_MAX_MOVES];
	int sort_scores[BC_MAX_MOVES];
	uint64_t rng;

	uint64_t nodes;
	struct search_stats stats;
	/* Lazy SMP: the helpers' nodes, which helpers add to as they go
	 * (each CHECK_EVERY nodes and at the end) and the main thread
	 * counts in its reports; NULL with one thread. */
	_Atomic uint64_t *helper_nodes;
	int root_depth;
	int seldepth;
	int64_t start_ns;
	bool stopped;
};

/* Clears the move-ordering history (a new game); fills fixed tables. */
void search_clear(struct search *s);

/*
 * Searches `pos` (with `count` earlier game positions in `history`) and
 * fills `result`.  `report` is called after each iteration.
 */
void search_run(struct search *s, const bc_position *pos,
    const uint64_t *history, int count, engine_report_fn *report, void *arg,
    struct engine_report *result);

/*
 * For tests: the moves the staged picker gives, in order, at `ply` (1 or
 * more; the killers and the previous move are those in s->ply) of `pos`
 * with `hash_move`, into `out` (room for BC_MAX_MOVES + 1).  Returns
 * their number.  Legality is not tested, as in the search.
 */
int search_picker_moves(struct search *s, const bc_position *pos, int ply,
    bc_move hash_move, bc_move *out);

/* Nanoseconds on the monotonic clock. */
int64_t search_now_ns(void);

#endif
