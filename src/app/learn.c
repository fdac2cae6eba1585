/*
 * learn.c - the lessons for the UI, and the player's progress on disk.
 *
 * The progress file is rewritten whole after each solved lesson, through
 * savegame_write_file (temp file, fsync, rename), so a crash leaves the
 * old list or the new one, never half of one.  Reading it trusts nothing:
 * a line counts only if it is exactly the name of one of our lessons.
 */
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "learn.h"
#include "lessons.h"

static const char progress_head[] = "# bigchess: the lessons solved\n";

void
learn_progress_parse(const char *text, size_t len, const char *const *name,
    int count, bool *done)
{
	size_t pos = 0;

	while (pos < len) {
		size_t end = pos, e;

		while (end < len && text[end] != '\n')
			end++;
		e = end;
		while (e > pos && (text[e - 1] == '\r' || text[e - 1] == ' ' ||
		    text[e - 1] == '\t'))
			e--;
		for (int i = 0; i < count; i++)
			if (strlen(name[i]) == e - pos &&
			    memcmp(name[i], text + pos, e - pos) == 0)
				done[i] = true;
		pos = end + 1;
	}
}

/* Reads the progress file, if any, into st->done. */
static void
read_progress(struct learn_store *st)
{
	char path[SAVEGAME_PATH_MAX + 32];
	char *text;
	size_t len;
	FILE *f;
	char err[SAVEGAME_PATH_MAX + 100];
	int fd;

	snprintf(path, sizeof path, "%s/%s", st->dir, LEARN_PROGRESS_FILE);
	/* Never through a link, and only from a folder of our own. */
	fd = savegame_open(st->dir, LEARN_PROGRESS_FILE, err, sizeof err);
	if (fd < 0 || !(f = fdopen(fd, "rb"))) {
		if (fd >= 0) {
			snprintf(st->warning, sizeof st->warning, "Cannot read "
			    "%s: %s; solved lessons are not remembered.", path,
			    strerror(errno));
			close(fd);
		} else if (errno != ENOENT) {
			snprintf(st->warning, sizeof st->warning, "Cannot "
			    "read the solved lessons: %s.", err);
		}
		return;
	}
	text = malloc(LEARN_FILE_MAX);
	if (text) {
		len = fread(text, 1, LEARN_FILE_MAX, f);
		learn_progress_parse(text, len, st->name, st->count, st->done);
		free(text);
	}
	fclose(f);
}

static int
seam_solve(void *ctx, int i, char *err, size_t errsize)
{
	return learn_solve(ctx, i, err, errsize);
}

int
learn_init(struct learn_store *st, const char *dir)
{
	char err[256];
	int n = 0;

	memset(st, 0, sizeof *st);
	st->lesson = calloc((size_t)lesson_file_count + 1, sizeof *st->lesson);
	st->name_buf = calloc((size_t)lesson_file_count + 1,
	    sizeof *st->name_buf);
	st->name = calloc((size_t)lesson_file_count + 1, sizeof *st->name);
	st->done = calloc((size_t)lesson_file_count + 1, sizeof *st->done);
	if (!st->lesson || !st->name_buf || !st->name || !st->done) {
		learn_free(st);
		return -1;
	}
	for (int i = 0; i < lesson_file_count; i++) {
		const char *text = lesson_files[i].text;
		const char *fname = lesson_files[i].name;
		size_t len = strlen(fname);

		if (lesson_parse(text, strlen(text), &st->lesson[n], NULL) !=
		    BC_OK || len >= LEARN_NAME_MAX)
			continue;
		if (len > 4 && strcmp(fname + len - 4, ".txt") == 0)
			len -= 4;
		memcpy(st->name_buf[n], fname, len);
		st->name_buf[n][len] = '\0';
		st->name[n] = st->name_buf[n];
		n++;
	}
	st->count = n;
	if (dir) {
		snprintf(st->dir, sizeof st->dir, "%s", dir);
		st->have_dir = true;
	} else {
		st->have_dir = savegame_dir(st->dir, sizeof st->dir, err,
		    sizeof err) == 0;
		if (!st->have_dir)
			snprintf(st->warning, sizeof st->warning, "Solved "
			    "lessons are not remembered: %s.", err);
	}
	if (st->have_dir)
		read_progress(st);
	st->seam.ctx = st;
	st->seam.count = st->count;
	st->seam.lesson = st->lesson;
	st->seam.name = st->name;
	st->seam.done = st->done;
	st->seam.solve = seam_solve;
	st->seam.warning = st->warning[0] ? st->warning : NULL;
	return 0;
}

void
learn_free(struct learn_store *st)
{
	free(st->lesson);
	free(st->name_buf);
	free(st->name);
	free(st->done);
	memset(st, 0, sizeof *st);
}

int
learn_solve(struct learn_store *st, int i, char *err, size_t errsize)
{
	size_t size = sizeof progress_head, len;
	char *text;
	int rc;

	if (i < 0 || i >= st->count) {
		snprintf(err, errsize, "no such lesson");
		return -1;
	}
	st->done[i] = true;
	if (!st->have_dir) {
		snprintf(err, errsize, "there is no state folder (set HOME or "
		    "XDG_STATE_HOME)");
		return -1;
	}
	for (int k = 0; k < st->count; k++)
		size += strlen(st->name[k]) + 1;
	text = malloc(size);
	if (!text) {
		snprintf(err, errsize, "out of memory");
		return -1;
	}
	len = (size_t)snprintf(text, size, "%s", progress_head);
	for (int k = 0; k < st->count; k++)
		if (st->done[k])
			len += (size_t)snprintf(text + len, size - len, "%s\n",
			    st->name[k]);
	rc = savegame_write_file(st->dir, LEARN_PROGRESS_FILE, text, len, err,
	    errsize);
	free(text);
	return rc;
}
