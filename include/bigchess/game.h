/*
 * game.h - a game: a start position, the moves played, a redo list, and
 * the result with its reason (checkmate, stalemate, repetition, the
 * 100-ply rule, insufficient material, resignation, agreement, time).
 */
#ifndef BIGCHESS_GAME_H
#define BIGCHESS_GAME_H

#include "error.h"
#include "movegen.h"
#include "notation.h"
#include "position.h"

typedef struct bc_game bc_game;

typedef enum bc_result {
	BC_RESULT_NONE = 0, /* still going */
	BC_RESULT_WHITE_WINS,
	BC_RESULT_BLACK_WINS,
	BC_RESULT_DRAW
} bc_result;

typedef enum bc_reason {
	BC_REASON_NONE = 0,
	BC_REASON_CHECKMATE,
	BC_REASON_STALEMATE,
	BC_REASON_REPETITION,
	BC_REASON_FIFTY_MOVES,
	BC_REASON_MATERIAL,
	BC_REASON_RESIGNATION,
	BC_REASON_AGREEMENT,
	BC_REASON_TIME
} bc_reason;

/*
 * The draw that the rules declare in `pos` by itself, whatever the moves
 * before it: BC_REASON_MATERIAL when neither side can mate (two bare
 * kings, or a king and one BC_PIECE_MINOR piece against a bare king),
 * else BC_REASON_FIFTY_MOVES after 100 plies without a capture or a pawn
 * move where the variant has that rule, else BC_REASON_NONE.  It does not
 * look for mate: a move that mates on the 100th ply wins, so a caller
 * with legal moves at hand asks about mate first.  Repetition needs the
 * game; bc_game_result gives all of it.
 */
bc_reason bc_position_rule_draw(const bc_position *pos);

/* One ply of a game's history, as bc_game_ply reports it. */
typedef struct bc_ply {
	bc_move move;
	bc_piece moved;        /* the piece that moved, before promotion */
	bc_piece captured;     /* BC_EMPTY if none (en passant included) */
	bc_piece passed[2];    /* taken in passing by a flying ninja
	                        * (BC_MOVE_PASSING), BC_EMPTY if none */
	uint64_t hash_before;  /* the hash of the position before the move */
	bool irreversible;     /* see bc_position_irreversible */
	char san[BC_MOVE_TEXT_MAX]; /* the move in SAN, from the position
	                             * before it */
} bc_ply;

/*
 * Creates a game of `v` from `fen` (NULL: the start position) in *out.
 * Returns BC_OK, or a FEN error (see bc_position_from_fen) or BC_ENOMEM.
 * The caller frees the game with bc_game_free.
 */
int bc_game_new(
    bc_game **out, const bc_variant *v, const char *fen, bc_error *err);

/* Frees `g`; NULL is allowed. */
void bc_game_free(bc_game *g);

const bc_variant *bc_game_variant(const bc_game *g);
/* The current position and the start position; owned by the game. */
const bc_position *bc_game_position(const bc_game *g);
const bc_position *bc_game_start(const bc_game *g);
/* True if the game started from a FEN rather than the start position. */
bool bc_game_from_fen(const bc_game *g);

/* Number of moves played, and the i-th (from 0). */
int bc_game_length(const bc_game *g);
bc_move bc_game_move(const bc_game *g, int i);

/*
 * Fills `out` with ply `i` (from 0) of the game as played, from what the
 * game kept when the move was made (no replay).  BC_OK, or BC_ERANGE if
 * `i` is not below bc_game_length(g).
 */
int bc_game_ply(const bc_game *g, int i, bc_ply *out);

/*
 * Fills `out` with the position before ply `ply` (0: the start position;
 * bc_game_length(g): the current one), by taking moves back from the
 * current position with the undo records the game keeps.  BC_OK, or
 * BC_ERANGE if `ply` is outside 0 .. bc_game_length(g).
 */
int bc_game_position_at(const bc_game *g, int ply, bc_position *out);

/*
 * The first ply whose position can still recur: the one after the last
 * irreversible move, or 0.  The positions before plies
 * bc_game_repeat_start(g) .. bc_game_length(g) - 1 (their hash_before)
 * are all a repetition test has to look at.
 */
int bc_game_repeat_start(const bc_game *g);

/* Fills `list` with the legal moves now (empty once the game is over). */
void bc_game_legal_moves(const bc_game *g, bc_move_list *list);

/*
 * Plays `m`, which must be legal: returns BC_OK, BC_EILLEGAL, BC_EGAMEOVER
 * or BC_ENOMEM.  Playing a move clears the redo list.
 */
int bc_game_push(bc_game *g, bc_move m);

/* Parses `text` (SAN or coordinate) and plays it. */
int bc_game_push_text(bc_game *g, const char *text, bc_error *err);

/* Takes back the last move (BC_ENOTFOUND if none); it can be redone. */
int bc_game_undo(bc_game *g);
/* Replays the last undone move (BC_ENOTFOUND if none). */
int bc_game_redo(bc_game *g);
int bc_game_redo_count(const bc_game *g);

/* The result so far, and why (either pointer may be NULL). */
bc_result bc_game_result(const bc_game *g, bc_reason *reason);

/* Ends the game: `color` resigns, loses on time, or both agree a draw. */
void bc_game_resign(bc_game *g, int color);
void bc_game_lose_on_time(bc_game *g, int color);
void bc_game_agree_draw(bc_game *g);

/* "1-0", "0-1", "1/2-1/2" or "*". */
const char *bc_result_text(bc_result r);
/* A short phrase for `reason`, e.g. "checkmate". */
const char *bc_reason_text(bc_reason reason);

#endif
