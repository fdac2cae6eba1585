/*
 * lesson_play.h - the rules of a lesson, apart from any screen: which of
 * the player's moves a lesson accepts after the moves so far, which reply
 * the computer then plays, and why a move the player tried is illegal.
 * Every rule question goes to the rules library; nothing here draws, so
 * tests call it directly (tests/check_lesson_play.c).
 */
#ifndef BIGCHESS_UI_LESSON_PLAY_H
#define BIGCHESS_UI_LESSON_PLAY_H

#include <stdbool.h>
#include <stddef.h>

#include "bigchess/bigchess.h"
#include "lesson.h"

enum lesson_verdict {
	LESSON_WRONG,    /* legal, but on none of the lines (or illegal) */
	LESSON_ON_LINE,  /* right so far: the computer replies */
	LESSON_SOLVED    /* the line ends here: the lesson is solved */
};

/*
 * Judges the player's move `m` after `moves[0 .. n)`, the moves played so
 * far from the lesson's FEN (the player's and the computer's in turn, so
 * `n` is even).  A move is on a line when every earlier move matches the
 * line ply by ply (any alternative of a player's ply) and `m` is one of
 * the alternatives of ply n.  LESSON_ON_LINE puts the computer's reply of
 * the first such line in *reply; LESSON_SOLVED says the line ends with
 * `m`.  In a mate lesson an unlisted move that mates at once solves it
 * too.  An illegal `m`, or moves that are not a prefix of any line, are
 * LESSON_WRONG.
 */
enum lesson_verdict lesson_judge(const struct lesson *l,
    const bc_move *moves, int n, bc_move m, bc_move *reply);

/*
 * The player's next move on the first line that matches `moves[0 .. n)`,
 * in SAN as the lesson spells it, into `buf`; false if no line goes on.
 */
bool lesson_next_move(const struct lesson *l, const bc_move *moves, int n,
    char *buf, size_t size);

/*
 * Why the side to move in `pos` cannot pick up the piece on `sq`, as one
 * sentence in `buf` ("The rook on e3 is not yours: you play White.");
 * false (and `buf` untouched) if it has a legal move.
 */
bool lesson_why_no_pick(const bc_position *pos, bc_square sq, char *buf,
    size_t size);

/*
 * Why no legal move takes the piece on `from` to `to` in `pos`, as one
 * sentence in `buf`: it does not move that way, or the move would leave
 * the king in check.  Returns false if such a move is legal.
 */
bool lesson_why_illegal(const bc_position *pos, bc_square from,
    bc_square to, char *buf, size_t size);

/*
 * Why the move typed as `text` (SAN or coordinates, which the rules
 * library found illegal) cannot be played in `pos`, as one sentence in
 * `buf`: for the piece that would make it, as lesson_why_illegal says, or
 * that no such piece of the side to move reaches the square.  Returns
 * false if `text` names no square of the board.
 */
bool lesson_why_typed(const bc_position *pos, const char *text, char *buf,
    size_t size);

/* What the goal asks of the side to move, as a sentence ("White to move:
 * give checkmate."), into `buf`. */
void lesson_task_text(const struct lesson *l, char *buf, size_t size);

#endif
