/*
 * learn.h - the app's side of the lessons: the embedded lesson
 * files parsed for the UI (struct ui_lessons), and which lessons the
 * player has solved, kept in the state folder as the text file
 * lessons-done: one lesson name ("grand/01-chancellor") a line.  A
 * missing or garbled file means nothing solved yet; an unwritable folder
 * means the lessons go on without remembering.
 */
#ifndef BIGCHESS_LEARN_H
#define BIGCHESS_LEARN_H

#include <stdbool.h>
#include <stddef.h>

#include "savegame.h"
#include "ui/ui.h"

enum { LEARN_NAME_MAX = 64, LEARN_FILE_MAX = 1 << 20 };

#define LEARN_PROGRESS_FILE "lessons-done"

struct learn_store {
	int count;
	struct lesson *lesson;           /* [count] */
	char (*name_buf)[LEARN_NAME_MAX];
	const char **name;               /* [count], into name_buf */
	bool *done;                      /* [count] */
	bool have_dir;
	char dir[SAVEGAME_PATH_MAX];
	char warning[SAVEGAME_PATH_MAX + 200];
	struct ui_lessons seam;          /* what the UI gets; ctx: here */
};

/*
 * Parses every embedded lesson and reads the progress file from the state
 * folder (`dir`, or NULL: the usual one).  Returns 0, or -1 when out of
 * memory.  A lesson that does not parse is left out.  Free with
 * learn_free.
 */
int learn_init(struct learn_store *st, const char *dir);

void learn_free(struct learn_store *st);

/*
 * Marks in `done` the lessons of `name[0 .. count)` that `text` (the
 * progress file, `len` bytes, any bytes at all) lists.
 */
void learn_progress_parse(const char *text, size_t len,
    const char *const *name, int count, bool *done);

/* Marks lesson `i` solved and rewrites the progress file; 0, or -1 with
 * a reason in `err`. */
int learn_solve(struct learn_store *st, int i, char *err, size_t errsize);

#endif
