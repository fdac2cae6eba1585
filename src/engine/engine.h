/*
 * engine.h - the computer opponent: a search over the rules library's
 * positions, for the UI, the UCI mode and the benchmarks.
 *
 * An engine is an opaque handle made once per game (or per UCI session):
 * it owns its transposition table, history tables and random-number
 * generator, so several engines may search at once in different threads.
 * It does no I/O and allocates nothing while searching.
 *
 * A search is synchronous (engine_search) or runs in a thread the engine
 * starts (engine_start, then engine_done / engine_wait).  engine_stop may
 * be called from any thread at any time; the search then returns the best
 * move found so far.  Searches limited only by depth or nodes are
 * deterministic: the same calls on a new engine give the same moves and
 * node counts.
 *
 * Scores are in centipawns from the side to move's point of view.
 */
#ifndef BIGCHESS_ENGINE_H
#define BIGCHESS_ENGINE_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "bigchess/bigchess.h"

enum {
	ENGINE_LEVEL_MIN = 1,
	ENGINE_LEVEL_MAX = 10,
	ENGINE_LEVEL_DEFAULT = 7, /* 20,000 nodes a move */
	ENGINE_MAX_DEPTH = 64,
	ENGINE_MAX_PV = 64,
	ENGINE_HASH_MIN_MB = 1,
	ENGINE_HASH_MAX_MB = 4096,
	ENGINE_HASH_DEFAULT_MB = 16,
	/* The time kept back on a clock for each move's delivery (UCI
	 * "Move Overhead"): the pipe, the GUI, the network. */
	ENGINE_OVERHEAD_MIN_MS = 0,
	ENGINE_OVERHEAD_MAX_MS = 5000,
	ENGINE_OVERHEAD_DEFAULT_MS = 30,
	/* Search threads (UCI "Threads"): lazy SMP over a shared table. */
	ENGINE_THREADS_MIN = 1,
	ENGINE_THREADS_MAX = 64,
	ENGINE_THREADS_DEFAULT = 1,
	/* Game history kept for repetition detection (the latest plies). */
	ENGINE_MAX_HISTORY = 1024,
	/* Root lines searched and reported at once (UCI "MultiPV"). */
	ENGINE_MULTIPV_MIN = 1,
	ENGINE_MULTIPV_MAX = 16,
	ENGINE_MULTIPV_DEFAULT = 1
};

/* What bounds a search.  Zero (or ENGINE_NO_CLOCK) means "no such limit";
 * with no limit at all, the engine's level decides how long to think. */
struct engine_limits {
	int depth;           /* plies */
	uint64_t nodes;      /* stop after exactly this many nodes */
	int64_t movetime_ms; /* think this long */
	int64_t clock_ms[2]; /* time left on each side's clock, or -1 */
	int64_t inc_ms[2];   /* increment per move */
	int moves_to_go;     /* moves until the next time control, or 0 */
	bool infinite;       /* until engine_stop, however deep */
	/* Pondering (engine_start only): no limit of time counts, and no
	 * final report comes, until engine_ponderhit; then the limits above
	 * hold, their time counted from the ponderhit. */
	bool ponder;
	/* The movetime is a deadline the answer must meet (CECP's st, which
	 * XBoard flags), so the move overhead comes off it; otherwise it is
	 * searched in full, as UCI's "go movetime" asks and Stockfish does. */
	bool movetime_deadline;
};

#define ENGINE_NO_CLOCK ((int64_t)-1)
#define ENGINE_LIMITS_INIT \
	{ 0, 0, 0, { ENGINE_NO_CLOCK, ENGINE_NO_CLOCK }, { 0, 0 }, 0, false, \
	    false, false }

/* One root line of a search: a move, the score of playing it, and the
 * principal variation it starts. */
struct engine_line {
	int score;           /* centipawns, side to move's view */
	int mate;            /* 0, or mate in N moves (N < 0: mated) */
	int pv_length;
	bc_move pv[ENGINE_MAX_PV];
};

/* A search's progress after each completed iteration, and its result. */
struct engine_report {
	const bc_position *root; /* the searched position (during callbacks) */
	bc_move best;            /* BC_MOVE_NONE: no legal move */
	bc_move ponder;          /* the expected reply, or BC_MOVE_NONE */
	int depth;               /* completed iterations */
	int seldepth;            /* the deepest ply reached */
	int score;               /* centipawns, side to move's view */
	int mate;                /* 0, or mate in N moves (N < 0: mated) */
	uint64_t nodes;
	int64_t time_ms;
	int pv_length;
	bc_move pv[ENGINE_MAX_PV];
	/* The best `multipv` root lines (engine_set_multipv), best first,
	 * scores not increasing; lines[0] is the line of best, score, mate
	 * and pv above.  Fewer when the position has fewer legal moves. */
	int multipv;
	struct engine_line lines[ENGINE_MULTIPV_MAX];
	int hashfull;   /* the table's entries of this search, per mille */
	uint64_t nps;   /* nodes a second so far */
	bool final; /* the last report of a search that engine_start ran */
};

/* Called on the searching thread; `report` is valid only during the call. */
typedef void engine_report_fn(const struct engine_report *report,
    void *arg);

struct engine;

/*
 * Makes an engine with a transposition table of `hash_mb` megabytes
 * (clamped to ENGINE_HASH_MIN_MB .. ENGINE_HASH_MAX_MB), at
 * ENGINE_LEVEL_DEFAULT.  Returns NULL when out of memory (only; a variant
 * the engine cannot play is engine_variant_problem's to say).  Free it
 * with engine_free.
 */
struct engine *engine_new(size_t hash_mb);

/*
 * NULL if the engine plays `v`, else a one-line reason naming the variant
 * (its evaluation table is missing or incomplete).  Such a variant is
 * only switched off: engine_search gives BC_MOVE_NONE and engine_start
 * BC_EINVALID for its positions, and every other variant plays on.
 */
const char *engine_variant_problem(const struct engine *eng,
    const bc_variant *v);

/* Stops and waits for any search, then frees `eng`; NULL is allowed. */
void engine_free(struct engine *eng);

/* Resizes the table (clearing it).  BC_OK or BC_ENOMEM (the old table
 * stays).  Not during a search. */
int engine_set_hash(struct engine *eng, size_t hash_mb);

/*
 * Sets the move overhead in milliseconds (clamped to
 * ENGINE_OVERHEAD_MIN_MS .. ENGINE_OVERHEAD_MAX_MS).  With a clock, a
 * search never plans past the time left minus this: its hard limit is
 * at most that, and the search is aborted there.  A movetime that is a
 * deadline (engine_limits.movetime_deadline) is cut by as much (to 1 ms
 * at least), so that the answer arrives within it.
 * Not during a search.
 */
void engine_set_move_overhead(struct engine *eng, int64_t ms);
int64_t engine_move_overhead(const struct engine *eng);

/*
 * Sets the number of search threads (clamped to ENGINE_THREADS_MIN ..
 * ENGINE_THREADS_MAX).  Helpers search the same root at staggered depths
 * and share only the transposition table and the stop request; the
 * calling (or engine_start) thread alone reports and chooses the move,
 * from its own search.  With one thread, depth and node limited searches
 * stay deterministic; with more they are not.  BC_OK, or BC_ENOMEM (the
 * old count stays).  Not during a search.
 */
int engine_set_threads(struct engine *eng, int threads);
int engine_threads(const struct engine *eng);

/*
 * Sets how many root lines a search finds and reports (clamped to
 * ENGINE_MULTIPV_MIN .. ENGINE_MULTIPV_MAX): each iteration searches the
 * best move, then the best of the others, and so on, each line with its
 * own aspiration window.  One line is the plain search.  Not during a
 * search.
 */
void engine_set_multipv(struct engine *eng, int lines);
int engine_multipv(const struct engine *eng);

/*
 * Analysis (UCI_AnalyseMode, the game's analysis): the level's depth
 * cap and random bonus are not used, so every level searches at full
 * strength and the scores are honest.  Not during a search.
 */
void engine_set_analysis(struct engine *eng, bool on);

/* Ends the pondering of the search engine_start runs (if it ponders):
 * its limits count from now.  Any thread; returns at once. */
void engine_ponderhit(struct engine *eng);

/*
 * Sets the strength, 1 (weakest) to 10 (clamped).  A level is a node
 * budget per move (with a depth and, up to level 7, random noise at the
 * root); levels 1 and 2 spend theirs looking one move ahead, as a
 * beginner does, not on a search (except in analysis).  The budget bounds a search without limits of its own (the
 * curses game) and, below level 10, one bounded only by time (a clock or
 * movetime); a depth or node count asked for is searched as asked, and
 * an infinite search is not bounded.  With engine_set_limit_strength on,
 * it bounds every search but an infinite one, at level 10 too.  The
 * level's depth and noise always hold.  Not during a search.
 */
void engine_set_level(struct engine *eng, int level);
int engine_level(const struct engine *eng);

/* The measured strength of `level` (clamped to 1..10) in Elo on the
 * ladder's scale (tools/ladder: the random mover is 0), increasing with
 * the level; 0 for a level not measured yet (only above all measured
 * ones: engine_level_measured is the highest measured). */
int engine_level_elo(int level);
int engine_level_measured(void);

/* Fills `out` with the depth and node budget that `level` (clamped)
 * searches a move with: what tools/ladder plays each level at. */
void engine_level_limits(int level, struct engine_limits *out);

/*
 * Sets a strength of `elo` on the ladder's scale (clamped to level 1's
 * and the highest measured level's): between two levels, budget, noise
 * and depth are
 * interpolated.  engine_level then gives the nearer level.  Not during
 * a search.
 */
void engine_set_elo(struct engine *eng, int elo);

/* With `on`, the level's budget bounds searches at level 10 too (UCI
 * UCI_LimitStrength). */
void engine_set_limit_strength(struct engine *eng, bool on);

/* Seeds the random choices of the weaker levels (deterministic per seed). */
void engine_set_seed(struct engine *eng, uint64_t seed);

/* Forgets everything learnt (table, move-ordering history): a new game. */
void engine_new_game(struct engine *eng);

/*
 * Searches `pos` within `limits` and fills `result` with the best move.
 * `history` holds the hashes (pos->hash) of the positions before `pos` in
 * the game since its last irreversible move (bc_position_irreversible),
 * oldest first, `count` of them (NULL and 0 if none); they make the
 * engine see repetitions, and each is compared at every node.  `report` (may be NULL) is called with
 * `arg` after each iteration.  Returns the best move, BC_MOVE_NONE if `pos`
 * has no legal move.  Clears any earlier stop request on entry.
 */
bc_move engine_search(struct engine *eng, const bc_position *pos,
    const uint64_t *history, int count, const struct engine_limits *limits,
    engine_report_fn *report, void *arg, struct engine_report *result);

/*
 * Fills `history` (ENGINE_MAX_HISTORY entries) with the hashes of game
 * `g`'s positions before its current one, since its last irreversible
 * move (the latest ENGINE_MAX_HISTORY of them), for engine_search; returns
 * how many.
 */
int engine_game_history(const bc_game *g, uint64_t *history);

/* engine_search on the current position of game `g`, its history included. */
bc_move engine_search_game(struct engine *eng, const bc_game *g,
    const struct engine_limits *limits, engine_report_fn *report, void *arg,
    struct engine_report *result);

/*
 * Starts engine_search in a new thread, on copies of `pos` and `history`.
 * `report` (may be NULL) is called on that thread after each iteration and
 * once more with the final result.  Returns BC_OK, or BC_ENOMEM if no
 * thread could be made (engine_start_error says why).  Only one search
 * per engine at a time.
 */
int engine_start(struct engine *eng, const bc_position *pos,
    const uint64_t *history, int count, const struct engine_limits *limits,
    engine_report_fn *report, void *arg);

/* The error number pthread_create gave the last engine_start that could
 * not make its thread (EAGAIN: a process or thread limit), or 0. */
int engine_start_error(const struct engine *eng);

/* Asks the running search (if any) to finish now.  Any thread; returns at
 * once.  A search that is stopped still gives a legal move. */
void engine_stop(struct engine *eng);

/* True when the search started by engine_start has finished (any thread). */
bool engine_done(const struct engine *eng);

/* Waits for the search started by engine_start and fills `result` (may be
 * NULL).  Returns its best move (BC_MOVE_NONE if nothing was started). */
bc_move engine_wait(struct engine *eng, struct engine_report *result);

/* The static evaluation of `pos` (centipawns, side to move), for tests and
 * tools; 0 for a variant the engine cannot play. */
int engine_evaluate(struct engine *eng, const bc_position *pos);

#endif
