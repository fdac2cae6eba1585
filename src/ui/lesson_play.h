/*
 * lesson_play.h - the rules of a lesson, apart from any screen: which of
 * the player's moves a lesson accepts after the moves so far, which reply
 * the computer then plays.  Why a move the player tried is illegal is
 * the rules library's answer (bigchess/explain.h, through board_input.c).
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

/* What the goal asks of the side to move, as a sentence ("White to move:
 * give checkmate."), into `buf`. */
void lesson_task_text(const struct lesson *l, char *buf, size_t size);

#endif
