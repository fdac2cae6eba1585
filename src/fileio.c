/*
 * fileio.c - reading a whole file into memory (see fileio.h).
 */
#include <errno.h>
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "fileio.h"

/* The first buffer; it doubles as the file turns out longer. */
enum { FIRST_CHUNK = 64 << 10 };

/* Fails with "cannot open/read PATH: REASON" and errno `error`. */
static char *
fail_io(const char *what, const char *path, int error, char *err,
    size_t errsize)
{
	snprintf(err, errsize, "cannot %s %s: %s", what, path,
	    strerror(error));
	errno = error;
	return NULL;
}

/* Reads all of `f` (named `path`) as fileio_read says, and closes it. */
static char *
read_stream(FILE *f, const char *path, size_t max, size_t *len, char *err,
    size_t errsize)
{
	char *data = NULL;
	size_t cap = 0, n;
	int error = 0;
	bool read_failed;

	/* Up to one byte past `max`, which tells a file that is too long. */
	do {
		if (*len == cap) {
			size_t want = cap ? cap * 2 : FIRST_CHUNK;
			char *grown;

			if (want > max + 1)
				want = max + 1;
			if (!(grown = realloc(data, want + 1))) {
				fclose(f);
				free(data);
				snprintf(err, errsize, "out of memory");
				errno = ENOMEM;
				return NULL;
			}
			data = grown;
			cap = want;
		}
		errno = 0;
		n = fread(data + *len, 1, cap - *len, f);
		error = errno;
		*len += n;
	} while (n > 0 && *len <= max);
	read_failed = ferror(f) != 0;
	fclose(f);
	if (read_failed || *len > max) {
		free(data);
		if (read_failed)
			return fail_io("read", path, error ? error : EIO, err,
			    errsize);
		if (max % (1 << 20) == 0)
			snprintf(err, errsize, "%s is too large (the limit is "
			    "%zu MiB)", path, max >> 20);
		else
			snprintf(err, errsize, "%s is too large (the limit is "
			    "%zu KiB)", path, max >> 10);
		errno = EFBIG;
		return NULL;
	}
	data[*len] = '\0';
	return data;
}

char *
fileio_read(const char *path, size_t max, size_t *len, char *err,
    size_t errsize)
{
	FILE *f = fopen(path, "rb");

	*len = 0;
	if (!f)
		return fail_io("open", path, errno, err, errsize);
	return read_stream(f, path, max, len, err, errsize);
}

char *
fileio_read_fd(int fd, const char *path, size_t max, size_t *len, char *err,
    size_t errsize)
{
	FILE *f = fdopen(fd, "rb");

	*len = 0;
	if (!f) {
		int error = errno;

		close(fd);
		return fail_io("read", path, error, err, errsize);
	}
	return read_stream(f, path, max, len, err, errsize);
}
