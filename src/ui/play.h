/*
 * play.h - the game being played on screen: the rules library's game plus
 * what the screen needs around it (legal moves now, the move list in SAN,
 * captured pieces, cursor, picked-up piece, players, clock, orientation).
 * Nothing here draws; every rule question goes to the rules library.
 */
#ifndef BIGCHESS_UI_PLAY_H
#define BIGCHESS_UI_PLAY_H

#include <stdbool.h>
#include <stdint.h>

#include "bigchess/bigchess.h"
#include "clock.h"

enum player_kind { PLAYER_HUMAN, PLAYER_COMPUTER, PLAYER_KIND_COUNT };

/* How a game is set up: what the new-game screen and the options fill. */
struct play_setup {
	bc_variant_id variant;
	const char *fen;                /* NULL: the start position */
	enum player_kind players[2];
	int64_t clock_base;             /* ms; 0: no clock */
	int64_t clock_increment;        /* ms */
	bool black_at_bottom;
	bool autoflip;                  /* turn to the side to move */
	int level;                      /* the computer's level, 1-10 */
};

struct play {
	bc_game *game;
	const bc_variant *variant;
	bc_move_list *legal;            /* the legal moves now */
	char (*san)[BC_MOVE_TEXT_MAX];  /* the moves played, in SAN */
	int san_capacity;
	int captured[2][BC_MAX_TYPES];  /* pieces of colour c taken so far */
	int cursor_file, cursor_rank;
	int side_cursor[2][2];          /* where each side left it */
	bc_square selected;             /* the picked-up piece, or 0 */
	enum player_kind players[2];
	bool black_at_bottom, autoflip;
	struct chess_clock clock;
	int64_t clock_base;             /* ms, as set up; 0: no clock */
	int list_scroll;                /* move-list lines scrolled back */
	bool announced;                 /* the game-over dialog was shown */
	/* Review: the board shows the position after the first review_ply
	 * moves instead of the live one; the game itself is untouched. */
	bool reviewing;
	int review_ply;
	bc_position review_pos;
	int review_captured[2][BC_MAX_TYPES];
	/* The tags of the record the game was read from (play_keep_tags),
	 * for its saves; owned, NULL for a game begun here. */
	bc_pgn_tag *tags;
	int tag_count;
};

/*
 * Starts a game as `setup` says, at time `now` (ms).  Returns BC_OK or a
 * rules-library error (a bad FEN, with `err` filled; BC_ENOMEM).  On
 * success `p` owns a game; free it with play_free.
 */
int play_start(struct play *p, const struct play_setup *setup, int64_t now,
    bc_error *err);

/*
 * Starts a game as `setup` says and replays the moves of `game` on it
 * (setup->fen is ignored: the game's own start counts), with the clocks
 * at `left` ms (NULL: full time).  Returns like play_start.
 */
int play_resume(struct play *p, const struct play_setup *setup,
    const bc_game *game, const int64_t *left, int64_t now, bc_error *err);

/*
 * Keeps a copy of `tags` (`count` of them, those of the record the game
 * was read from) with the game, for its saves.  Returns BC_OK or
 * BC_ENOMEM (then none are kept).
 */
int play_keep_tags(struct play *p, const bc_pgn_tag *tags, int count);

void play_free(struct play *p);

const bc_position *play_position(const struct play *p);
int play_side(const struct play *p);
bool play_over(const struct play *p);

/* The colour shown at the bottom of the board now. */
int play_bottom(const struct play *p);

/*
 * Moves the cursor by (dx, dy) in screen directions (right and up are
 * positive), as the board is shown now; a step off the board does not
 * move it.
 */
void play_move_cursor(struct play *p, int dx, int dy);

/* The move played last, or BC_MOVE_NONE. */
bc_move play_last_move(const struct play *p);

/*
 * Fills `out` (up to `max`) with the legal moves from `from` to `to`;
 * returns how many there are.
 */
int play_moves_between(const struct play *p, bc_square from, bc_square to,
    bc_move *out, int max);

/* True if the picked-up piece may go to `sq`. */
bool play_is_destination(const struct play *p, bc_square sq);

/*
 * The squares of the pieces the picked-up piece would take by going to
 * `to` (a flying ninja's taken in passing too, bc_move_captures), the
 * first `max` in `out`; returns how many, 0 if it cannot go there.
 */
int play_takes(const struct play *p, bc_square to, bc_square *out, int max);

/*
 * True if the piece on `sq` would be taken by moving the picked-up piece
 * to the square under the cursor: what the board marks before the move.
 */
bool play_is_taken(const struct play *p, bc_square sq);

/* Writes "b5, c5" for the `n` squares `sq` into `buf`. */
void play_squares_text(const bc_square *sq, int n, char *buf, size_t size);

/*
 * True if a piece is picked up and Enter on `sq` puts it down there (an
 * empty square, the other side's piece, or a square it may go to)
 * rather than picking up another piece.
 */
bool play_drops_on(const struct play *p, bc_square sq);

/* True if the side to move has a legal move from `sq`. */
bool play_can_move_from(const struct play *p, bc_square sq);

/*
 * Plays legal move `m` at time `now`: the clock switches, the cursor
 * stays on the destination.  Returns BC_OK or a rules-library error.
 */
int play_push(struct play *p, bc_move m, int64_t now);

/* Takes back or replays a move; BC_ENOTFOUND if there is none. */
int play_undo(struct play *p, int64_t now);
int play_redo(struct play *p, int64_t now);

/*
 * Takes back every move after the first `ply` (the redo list keeps them)
 * and stops any review.  Returns BC_OK, BC_ENOTFOUND if there is nothing
 * to take back, or BC_EGAMEOVER for a game that is final.
 */
int play_undo_to(struct play *p, int ply, int64_t now);

/*
 * Review: shows the position after the first `ply` moves (clamped to the
 * game); the game's own length, or more, ends the review.
 */
void play_review(struct play *p, int ply);

/* The position on the board: the reviewed one, or the live one. */
const bc_position *play_view(const struct play *p);

/* The moves played up to the position on the board. */
int play_view_ply(const struct play *p);

/* The move that led to the position on the board, or BC_MOVE_NONE. */
bc_move play_view_last_move(const struct play *p);

/*
 * Who resigns: the person playing the computer, even while it thinks;
 * else the side to move.
 */
int play_resigner(const struct play *p);

/* Ends the game: resignation (play_resigner), agreement, time. */
void play_resign(struct play *p, int64_t now);
void play_agree_draw(struct play *p, int64_t now);
void play_flag(struct play *p, int64_t now);

/* After the game was ended on its bc_game directly (a game room's
 * result): the clock stops and the legal moves follow. */
void play_settle(struct play *p, int64_t now);

/*
 * Writes one sentence about the result ("White wins by checkmate.") into
 * `buf`; empty while the game goes on.
 */
void play_result_text(const struct play *p, char *buf, int size);

#endif
