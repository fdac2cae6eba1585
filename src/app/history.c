/*
 * history.c - pruning the history folder, and which variants it holds a
 * finished game of (a first game of a variant is made gentle).
 *
 * Files are ordered by their names, which the writer (savegame.c) makes
 * from the local time the game ended: the stamp sorts as text, and the
 * -N of a second game in the same second sorts as a number after the
 * plain name.  Modification times are not used: a copied or touched file
 * keeps its place.  Files are removed through the folder's descriptor,
 * so a folder renamed meanwhile cannot redirect the removal.
 */
#include <dirent.h>
#include <errno.h>
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "history.h"

enum {
	STAMP_LEN = 15, /* YYYYMMDD-HHMMSS */
	HEAD_MAX = 8192 /* bytes of a file read for its tags */
};

struct entry {
	char name[STAMP_LEN + 8];
	int n;           /* 1, or the N of -N */
};

/* Parses `name`; the N of -N (1 without), or 0 if it is not ours. */
static int
parse_name(const char *name)
{
	const char *p = name;
	int n = 1;

	for (int i = 0; i < STAMP_LEN; i++, p++)
		if (i == 8 ? *p != '-' : (*p < '0' || *p > '9'))
			return 0;
	if (*p == '-') {
		p++;
		/* The writer numbers from 2 to 99. */
		if (p[0] < '1' || p[0] > '9')
			return 0;
		n = p[0] - '0';
		p++;
		if (*p >= '0' && *p <= '9')
			n = n * 10 + (*p++ - '0');
		if (n < 2)
			return 0;
	}
	return strcmp(p, ".pgn") == 0 ? n : 0;
}

bool
history_is_ours(const char *name)
{
	return parse_name(name) > 0;
}

static int
older(const void *a, const void *b)
{
	const struct entry *x = a, *y = b;
	int c = memcmp(x->name, y->name, STAMP_LEN);

	return c ? c : (x->n > y->n) - (x->n < y->n);
}

int
history_prune(const char *folder, int keep)
{
	struct entry *list = NULL;
	size_t count = 0, room = 0;
	struct dirent *e;
	int removed = 0;
	DIR *d;

	if (keep < 0)
		keep = 0;
	d = opendir(folder);
	if (!d)
		return errno == ENOENT ? 0 : -1;
	while ((e = readdir(d))) {
		int n = parse_name(e->d_name);

		if (!n)
			continue;
		if (count == room) {
			size_t more = room ? room * 2 : 256;
			struct entry *grown = realloc(list,
			    more * sizeof *list);

			/* Out of memory: prune what we have seen. */
			if (!grown)
				break;
			list = grown;
			room = more;
		}
		/* parse_name took only names that fit. */
		memcpy(list[count].name, e->d_name, strlen(e->d_name) + 1);
		list[count].n = n;
		count++;
	}
	if (list && count > (size_t)keep) {
		qsort(list, count, sizeof *list, older);
		for (size_t i = 0; i < count - (size_t)keep; i++)
			if (unlinkat(dirfd(d), list[i].name, 0) == 0)
				removed++;
	}
	free(list);
	closedir(d);
	return removed;
}

/* The value of tag `name` in the PGN head `text` into `out`; false if
 * it has none. */
static bool
tag_value(const char *text, const char *name, char *out, size_t size)
{
	char key[32];
	const char *p, *end;

	snprintf(key, sizeof key, "[%s \"", name);
	p = strstr(text, key);
	if (!p)
		return false;
	p += strlen(key);
	end = strchr(p, '"');
	if (!end || (size_t)(end - p) >= size)
		return false;
	memcpy(out, p, (size_t)(end - p));
	out[end - p] = '\0';
	return true;
}

int
history_finished(const char *folder, bool *finished)
{
	char *head = malloc(HEAD_MAX + 1);
	struct dirent *e;
	int files = 0;
	DIR *d;

	if (!head)
		return -1;
	d = opendir(folder);
	if (!d) {
		free(head);
		return errno == ENOENT ? 0 : -1;
	}
	while ((e = readdir(d))) {
		char variant[64], result[16];
		const bc_variant *v;
		struct stat st;
		ssize_t got;
		int fd;

		if (!parse_name(e->d_name))
			continue;
		fd = openat(dirfd(d), e->d_name, O_RDONLY | O_NOFOLLOW |
		    O_NONBLOCK | O_CLOEXEC);
		if (fd < 0)
			continue;
		if (fstat(fd, &st) != 0 || !S_ISREG(st.st_mode)) {
			close(fd);
			continue;
		}
		got = read(fd, head, HEAD_MAX);
		close(fd);
		if (got <= 0)
			continue;
		head[got] = '\0';
		files++;
		/* A game without a Variant tag is of no variant we know. */
		if (tag_value(head, "Variant", variant, sizeof variant) &&
		    tag_value(head, "Result", result, sizeof result) &&
		    strcmp(result, "*") != 0 && (v = bc_variant_find(variant)))
			finished[bc_variant_id_of(v)] = true;
	}
	closedir(d);
	free(head);
	return files;
}
