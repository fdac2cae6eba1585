/*
 * lessons.h - the lessons of issue #8: short positions with a task, read
 * from the plain-text format of assets/lessons/README.
 *
 * The files are embedded in the binary at build time (tools/embed-lessons
 * writes them into a generated C file as lesson_files[]).  lesson_parse
 * turns one file's text into a struct lesson; it does no I/O and knows no
 * rules: whether the FEN and moves are legal is the rules library's
 * business (tests/check_lessons.c checks every lesson with it).
 */
#ifndef BIGCHESS_LESSONS_H
#define BIGCHESS_LESSONS_H

#include <stddef.h>

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

/* One embedded file: its name under assets/lessons ("chad/03-x.txt"). */
struct lesson_file {
	const char *name;
	const char *text;
};

/* The embedded lesson files, sorted by name (generated at build time). */
extern const struct lesson_file lesson_files[];
extern const int lesson_file_count;

/*
 * Parses the lesson in `text` (`len` bytes) into *out.  Returns BC_OK, or
 * BC_ESYNTAX / BC_ERANGE with `err` (if not NULL) giving the byte offset
 * and a message that names the line ("line 4: unknown key 'titel'").
 */
int lesson_parse(const char *text, size_t len, struct lesson *out,
    bc_error *err);

/* The goal's name in the file format ("mate"), or NULL. */
const char *lesson_goal_name(enum lesson_goal goal);

#endif
