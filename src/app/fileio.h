/*
 * fileio.h - reading a whole file into memory, for the app's readers of
 * PGN files (records.c: --load and --print) and of its own save files
 * (savegame.c).
 */
#ifndef BIGCHESS_FILEIO_H
#define BIGCHESS_FILEIO_H

#include <stddef.h>

/* Room enough for any message of fileio_read with a long path. */
enum { FILEIO_ERROR_MAX = 4096 + 128 };

/*
 * Reads all of `path`, at most `max` bytes, into a new buffer with a NUL
 * after its `*len` bytes; free it.  Only a regular file is read, and a
 * symbolic link is not followed.  On failure returns NULL with one of
 * these in `err` (errsize bytes, no trailing newline) and errno set:
 *
 *   "cannot open PATH: REASON"                 errno from open (ENOENT
 *                                              if the file is missing)
 *   "cannot open PATH: it is a symbolic link; name the file itself"
 *                                              ELOOP
 *   "cannot open PATH: it is KIND, not a regular file"
 *                                              EINVAL; KIND is "a folder",
 *                                              "a pipe (FIFO)", "a device",
 *                                              "a socket"
 *   "cannot read PATH: REASON"                 errno from the read
 *   "PATH is too large (the limit is N MiB)"   EFBIG; N KiB when `max`
 *                                              is not a whole MiB
 *   "out of memory"                            ENOMEM
 */
char *fileio_read(const char *path, size_t max, size_t *len, char *err,
    size_t errsize);

/*
 * The same for the file open as `fd` (called `path` in messages), which
 * it closes in every case: for a caller that opened it with care (no
 * symbolic link followed, a regular file: savegame.c).
 */
char *fileio_read_fd(int fd, const char *path, size_t max, size_t *len,
    char *err, size_t errsize);

#endif
