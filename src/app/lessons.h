/*
 * lessons.h - the lessons: short positions with a task, read
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
#include "ui/lesson.h"

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
