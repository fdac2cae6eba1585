/*
 * fileio.c - reading a whole file into memory (see fileio.h).
 *
 * Only a regular file is read.  The open does not follow a symbolic link
 * and does not wait (O_NONBLOCK: a FIFO without a writer would block the
 * open itself), and fstat on the open descriptor decides, so nothing can
 * swap the file between the check and the read.  A FIFO, a device such as
 * /dev/zero or /dev/tty, a directory or a socket gets an error at once
 * instead of a hang or an endless read.
 */
#include <errno.h>
#include <fcntl.h>
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "fileio.h"

/* The first buffer when the size is not known; it doubles as needed. */
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

/* What a file of mode `mode` is, for the message that refuses it. */
static const char *
kind_of(mode_t mode)
{
	if (S_ISDIR(mode))
		return "a folder";
	if (S_ISFIFO(mode))
		return "a pipe (FIFO)";
	if (S_ISCHR(mode) || S_ISBLK(mode))
		return "a device";
	if (S_ISSOCK(mode))
		return "a socket";
	return "a special file";
}

static char *
fail_too_large(const char *path, size_t max, char *err, size_t errsize)
{
	if (max % (1 << 20) == 0)
		snprintf(err, errsize, "%s is too large (the limit is %zu MiB)",
		    path, max >> 20);
	else
		snprintf(err, errsize, "%s is too large (the limit is %zu KiB)",
		    path, max >> 10);
	errno = EFBIG;
	return NULL;
}

char *
fileio_read(const char *path, size_t max, size_t *len, char *err,
    size_t errsize)
{
	int fd = open(path, O_RDONLY | O_NONBLOCK | O_NOFOLLOW | O_CLOEXEC);

	*len = 0;
	if (fd < 0) {
		int error = errno;
		struct stat lst;

		/* O_NOFOLLOW fails with ELOOP on a link: say so plainly. */
		if (error == ELOOP && lstat(path, &lst) == 0 &&
		    S_ISLNK(lst.st_mode)) {
			snprintf(err, errsize, "cannot open %s: it is a "
			    "symbolic link; name the file itself", path);
			errno = ELOOP;
			return NULL;
		}
		return fail_io("open", path, error, err, errsize);
	}
	return fileio_read_fd(fd, path, max, len, err, errsize);
}

char *
fileio_read_fd(int fd, const char *path, size_t max, size_t *len, char *err,
    size_t errsize)
{
	struct stat st;
	char *data = NULL;
	size_t cap = 0;
	ssize_t n;

	*len = 0;
	if (fstat(fd, &st) != 0) {
		int error = errno;

		close(fd);
		return fail_io("read", path, error, err, errsize);
	}
	if (!S_ISREG(st.st_mode)) {
		close(fd);
		snprintf(err, errsize, "cannot open %s: it is %s, not a "
		    "regular file", path, kind_of(st.st_mode));
		errno = EINVAL;
		return NULL;
	}
	if (st.st_size > 0 && (unsigned long long)st.st_size > max) {
		close(fd);
		return fail_too_large(path, max, err, errsize);
	}
	/* Up to one byte past `max`, which tells a file that grew too
	 * long while it was read. */
	while (*len <= max) {
		if (*len == cap) {
			size_t want = cap ? cap * 2 : st.st_size > 0 ?
			    (size_t)st.st_size + 1 : FIRST_CHUNK;
			char *grown;

			if (want > max + 1)
				want = max + 1;
			if (!(grown = realloc(data, want + 1))) {
				close(fd);
				free(data);
				snprintf(err, errsize, "out of memory");
				errno = ENOMEM;
				return NULL;
			}
			data = grown;
			cap = want;
		}
		n = read(fd, data + *len, cap - *len);
		if (n == 0)
			break;
		if (n < 0 && errno == EINTR)
			continue;
		if (n < 0) {
			int error = errno;

			close(fd);
			free(data);
			return fail_io("read", path, error, err, errsize);
		}
		*len += (size_t)n;
	}
	close(fd);
	if (*len > max) {
		free(data);
		return fail_too_large(path, max, err, errsize);
	}
	data[*len] = '\0';
	return data;
}
