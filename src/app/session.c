/*
 * session.c - the session lock on the state folder (see session.h).
 *
 * Today's autosave has one name, so two sessions on one folder used to
 * take turns overwriting it, and the game of the one that quit first was
 * lost.  Each session now takes a slot with flock(LOCK_EX | LOCK_NB) on
 * its lock file and saves only to that slot's autosave.  The lock file
 * is never removed: removing it would let a third session lock a new
 * file while a second still holds the old one.
 */
#include <dirent.h>
#include <errno.h>
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/file.h>
#include <sys/stat.h>
#include <time.h>
#include <unistd.h>

#include "session.h"

/* The name of slot `slot`'s lock file or (autosave) autosave. */
static void
slot_name(int slot, bool autosave, char *buf, size_t size)
{
	if (slot == 1)
		snprintf(buf, size, "%s", autosave ? "autosave.pgn" : "lock");
	else
		snprintf(buf, size, autosave ? "autosave-%d.pgn" : "lock-%d",
		    slot);
}

/* Opens slot `slot`'s lock file in `dir`, made if `create`; -1 if not. */
static int
open_lock(const char *dir, int slot, bool create)
{
	char name[SAVEGAME_NAME_MAX], path[SAVEGAME_PATH_MAX + 40];

	slot_name(slot, false, name, sizeof name);
	snprintf(path, sizeof path, "%s/%s", dir, name);
	return open(path, O_RDWR | O_CLOEXEC | O_NOFOLLOW |
	    (create ? O_CREAT : 0), 0600);
}

/* Records in the held lock file who holds it: pid, terminal, time. */
static void
write_holder(int fd)
{
	const char *tty = ttyname(STDIN_FILENO);
	char line[128];
	int n;

	n = snprintf(line, sizeof line, "%ld %s %lld\n", (long)getpid(),
	    tty ? tty : "-", (long long)time(NULL));
	if (n > 0 && (size_t)n < sizeof line && ftruncate(fd, 0) == 0 &&
	    pwrite(fd, line, (size_t)n, 0) != n &&
	    ftruncate(fd, 0) != 0)
		return; /* better nothing than half; nothing more to try */
}

/*
 * Says who holds the lock file `fd` ("pid 123 on /dev/pts/4 since
 * 19:02"), from what its holder wrote; "another session" if it wrote
 * nothing readable yet.  Only digits and a plain terminal name are
 * taken from the file.
 */
static void
read_holder(int fd, char *buf, size_t size)
{
	char line[128], tty[64], since[32], *p, *end;
	long pid;
	long long t;
	ssize_t n = pread(fd, line, sizeof line - 1, 0);
	struct tm tm, today;
	time_t when, now = time(NULL);
	size_t len;

	snprintf(buf, size, "another session");
	if (n <= 0)
		return;
	line[n] = '\0';
	/* "PID TTY TIME\n", as write_holder puts it. */
	errno = 0;
	pid = strtol(line, &end, 10);
	if (errno || end == line || *end != ' ' || pid <= 0)
		return;
	p = end + 1;
	len = strcspn(p, " ");
	if (!len || len >= sizeof tty || p[len] != ' ')
		return;
	memcpy(tty, p, len);
	tty[len] = '\0';
	p += len + 1;
	t = strtoll(p, &end, 10);
	if (errno || end == p || (*end != '\n' && *end != '\0'))
		return;
	for (p = tty; *p; p++)
		if (!strchr("abcdefghijklmnopqrstuvwxyz"
		    "ABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789/._-", *p))
			*p = '?';
	when = (time_t)t;
	since[0] = '\0';
	if (localtime_r(&when, &tm) && localtime_r(&now, &today))
		strftime(since, sizeof since, tm.tm_yday == today.tm_yday &&
		    tm.tm_year == today.tm_year ? " since %H:%M"
		    : " since %Y-%m-%d %H:%M", &tm);
	if (strcmp(tty, "-"))
		snprintf(buf, size, "pid %ld on %s%s", pid, tty, since);
	else
		snprintf(buf, size, "pid %ld%s", pid, since);
}

/* True if a session other than slot `mine`'s holds a slot of `dir`. */
static bool
others_running(const char *dir, int mine)
{
	bool running = false;

	for (int slot = 1; slot <= SESSION_SLOTS && !running; slot++) {
		int fd;

		if (slot == mine || (fd = open_lock(dir, slot, false)) < 0)
			continue;
		running = flock(fd, LOCK_SH | LOCK_NB) != 0;
		close(fd);
	}
	return running;
}

/* True if `name` is one of write_atomic's mkstemp names, ".save-XXXXXX". */
static bool
temp_name(const char *name)
{
	static const char prefix[] = ".save-";
	const char *rest = name + sizeof prefix - 1;

	if (strncmp(name, prefix, sizeof prefix - 1) != 0 ||
	    strlen(rest) != 6)
		return false;
	for (const char *p = rest; *p; p++)
		if (!strchr("abcdefghijklmnopqrstuvwxyz"
		    "ABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789", *p))
			return false;
	return true;
}

static bool
older(const struct timespec *a, const struct timespec *b)
{
	return a->tv_sec < b->tv_sec ||
	    (a->tv_sec == b->tv_sec && a->tv_nsec < b->tv_nsec);
}

/*
 * Removes the writer's temp files (.save-*: regular files of ours, made
 * before `start`) from `folder`.  With no other session running and this
 * one just started, such a file is what a killed session left behind.
 */
static void
remove_temps(const char *folder, const struct timespec *start)
{
	DIR *d = opendir(folder);
	struct dirent *e;
	int fd;

	if (!d)
		return;
	fd = dirfd(d);
	while ((e = readdir(d))) {
		struct stat st;

		if (!temp_name(e->d_name) ||
		    fstatat(fd, e->d_name, &st, AT_SYMLINK_NOFOLLOW) != 0)
			continue;
		if (S_ISREG(st.st_mode) && st.st_uid == geteuid() &&
		    older(&st.st_mtim, start))
			unlinkat(fd, e->d_name, 0);
	}
	closedir(d);
}

/*
 * Gives slot `mine`, which has no autosave, the unfinished game of a
 * free higher slot: a second session's game of an earlier day would be
 * stranded otherwise.  The other slot is locked while its file moves.
 */
static void
adopt(const char *dir, int mine)
{
	char name[SAVEGAME_NAME_MAX], path[SAVEGAME_PATH_MAX + 40];
	char from[SAVEGAME_PATH_MAX + 40];

	slot_name(mine, true, name, sizeof name);
	snprintf(path, sizeof path, "%s/%s", dir, name);
	if (access(path, F_OK) == 0 || errno != ENOENT)
		return;
	for (int slot = mine + 1; slot <= SESSION_SLOTS; slot++) {
		bool moved = false;
		int fd;

		slot_name(slot, true, name, sizeof name);
		snprintf(from, sizeof from, "%s/%s", dir, name);
		if (access(from, F_OK) != 0 ||
		    (fd = open_lock(dir, slot, true)) < 0)
			continue;
		/* link, unlike rename, never replaces a file. */
		if (flock(fd, LOCK_EX | LOCK_NB) == 0)
			moved = link(from, path) == 0 && unlink(from) == 0;
		close(fd);
		if (moved)
			return;
	}
}

/*
 * The autosave of a free slot above `mine` that holds a game (a second
 * session's, left from earlier), into `name`; false if there is none.
 */
static bool
waiting(const char *dir, int mine, char *name, size_t size)
{
	char path[SAVEGAME_PATH_MAX + 40];

	for (int slot = mine + 1; slot <= SESSION_SLOTS; slot++) {
		int fd;
		bool free_slot = true;

		slot_name(slot, true, name, size);
		snprintf(path, sizeof path, "%s/%s", dir, name);
		if (access(path, F_OK) != 0)
			continue;
		if ((fd = open_lock(dir, slot, false)) >= 0) {
			free_slot = flock(fd, LOCK_SH | LOCK_NB) == 0;
			close(fd);
		}
		if (free_slot)
			return true;
	}
	return false;
}

/* Without a lock, the session saves in slot 1 as before locks were. */
static int
unlocked(struct session *s, const char *err)
{
	s->slot = 1;
	snprintf(s->note, sizeof s->note, "No session lock (%s): another "
	    "bigchess on this folder could save over this game.", err);
	return -1;
}

int
session_open(struct session *s, const char *dir, char *err,
    size_t errsize)
{
	char holder[sizeof s->holder];
	struct stat st;

	memset(s, 0, sizeof *s);
	s->fd = -1;
	slot_name(1, true, s->autosave, sizeof s->autosave);
	if (savegame_make_dir(dir, err, errsize) != 0)
		return unlocked(s, err);
	for (int slot = 1; slot <= SESSION_SLOTS; slot++) {
		int fd = open_lock(dir, slot, true);

		if (fd < 0) {
			snprintf(err, errsize, "cannot make a lock file in "
			    "%s: %s", dir, strerror(errno));
			return unlocked(s, err);
		}
		if (flock(fd, LOCK_EX | LOCK_NB) == 0) {
			s->fd = fd;
			s->slot = slot;
			break;
		}
		if (errno != EWOULDBLOCK) {
			snprintf(err, errsize, "cannot lock %s: %s", dir,
			    strerror(errno));
			close(fd);
			return unlocked(s, err);
		}
		if (slot == 1) {
			read_holder(fd, holder, sizeof holder);
			snprintf(s->holder, sizeof s->holder, "%s", holder);
		}
		close(fd);
	}
	if (!s->slot) {
		snprintf(s->note, sizeof s->note, "This game is not saved: "
		    "all %d save slots of the state folder are in use "
		    "(autosave.pgn by %s).", SESSION_SLOTS, s->holder);
		return 0;
	}
	write_holder(s->fd);
	slot_name(s->slot, true, s->autosave, sizeof s->autosave);
	if (s->slot > 1)
		snprintf(s->note, sizeof s->note, "Another bigchess (%s) "
		    "saves in autosave.pgn; this one saves in %s.", s->holder,
		    s->autosave);
	adopt(dir, s->slot);
	{
		char other[SAVEGAME_NAME_MAX];

		if (!s->note[0] && waiting(dir, s->slot, other, sizeof other))
			snprintf(s->note, sizeof s->note, "Another unfinished "
			    "game is kept in %s; a later start offers it once "
			    "the game in %s is finished or replaced.", other,
			    s->autosave);
	}
	/* The lock file's new time is this session's start, by the same
	 * clock as the temp files' times. */
	if (fstat(s->fd, &st) == 0 && !others_running(dir, s->slot)) {
		char history[SAVEGAME_PATH_MAX + 16];

		remove_temps(dir, &st.st_mtim);
		snprintf(history, sizeof history, "%s/history", dir);
		remove_temps(history, &st.st_mtim);
	}
	return 0;
}

void
session_close(struct session *s)
{
	if (s->fd >= 0)
		close(s->fd);
	s->fd = -1;
}
