/*
 * lesson.h - a lesson as the UI is handed it: a position, a task, the
 * lines that solve it, hints and an explanation (the format is in
 * assets/lessons/README).  The app parses the files (src/app/lessons.c); the
 * UI shows and plays them (lesson_play.c, screen_lesson*.c).  This header
 * is plain data, so both layers can share it.
 */
#ifndef BIGCHESS_UI_LESSON_H
#define BIGCHESS_UI_LESSON_H

#include "bigchess/bigchess.h"

enum {
	LESSON_KEY_MAX = 16,
	LESSON_TITLE_MAX = 80,
	LESSON_LINES_MAX = 6,
	LESSON_PLIES_MAX = 12,
	LESSON_ALTS_MAX = 10,
	LESSON_HINTS_MAX = 4,
	LESSON_HINT_MAX = 240,
	LESSON_TEXT_MAX = 3000
};

/* What the player must achieve; see assets/lessons/README. */
enum lesson_goal {
	LESSON_GOAL_NONE = 0,
	LESSON_GOAL_MOVE,     /* play one of the listed lines */
	LESSON_GOAL_CAPTURE,  /* ... whose last player move captures */
	LESSON_GOAL_PROMOTE,  /* ... whose last player move promotes */
	LESSON_GOAL_CHECK,    /* ... whose last player move gives check */
	LESSON_GOAL_MATE      /* ... that ends in checkmate */
};

/* One ply: the player's move (one of several accepted spellings of
 * different moves) or the computer's reply (exactly one). */
struct lesson_ply {
	int alt_count;
	char alt[LESSON_ALTS_MAX][BC_MOVE_TEXT_MAX];
};

/* A solution line: player, computer, player, ... ending on the player. */
struct lesson_line {
	int ply_count;
	struct lesson_ply ply[LESSON_PLIES_MAX];
};

struct lesson {
	char variant[LESSON_KEY_MAX]; /* "grand", "chad" or "hadean" */
	char title[LESSON_TITLE_MAX];
	char fen[BC_FEN_MAX];
	enum lesson_goal goal;
	int line_count;
	struct lesson_line line[LESSON_LINES_MAX];
	int hint_count;
	char hint[LESSON_HINTS_MAX][LESSON_HINT_MAX];
	char success[LESSON_HINT_MAX]; /* said when solved; may be empty */
	/* The explanation: paragraphs separated by "\n\n", each one line. */
	char text[LESSON_TEXT_MAX];
};

#endif
