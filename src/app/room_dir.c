/*
 * room_dir.c - the rooms folder and what its sockets say.
 */
#include <dirent.h>
#include <errno.h>
#include <poll.h>
#include <stdlib.h>
#include <string.h>
#include <sys/socket.h>
#include <sys/stat.h>
#include <time.h>
#include <unistd.h>

#include "room_dir.h"
#include "room_proto.h"
#include "room_sock.h"
#include "ui/clock.h"

enum { QUERY_MS = 1000, LIST_MAX = 256 };

/* A private folder: ours, a real folder, closed to everyone else. */
static int
check_private(const char *dir, bool make, char *err, size_t errsize)
{
	struct stat st;

	if (make && mkdir(dir, 0700) != 0 && errno != EEXIST) {
		snprintf(err, errsize, "cannot make the rooms folder %s: %s",
		    dir, strerror(errno));
		return -1;
	}
	if (lstat(dir, &st) != 0) {
		if (errno == ENOENT)
			snprintf(err, errsize, "there is no rooms folder %s "
			    "yet", dir);
		else
			snprintf(err, errsize, "no rooms folder %s: %s", dir,
			    strerror(errno));
		return -1;
	}
	if (!S_ISDIR(st.st_mode) || st.st_uid != getuid() ||
	    (st.st_mode & 077)) {
		snprintf(err, errsize, "the rooms folder %s is not used: it "
		    "must be a folder of our own that nobody else can open "
		    "(mode 0700), not a link", dir);
		return -1;
	}
	return 0;
}

/* A shared folder: a real folder that not everyone can write to. */
static int
check_shared(const char *dir, char *err, size_t errsize)
{
	struct stat st;

	if (stat(dir, &st) != 0) {
		snprintf(err, errsize, "no rooms folder %s: %s", dir,
		    strerror(errno));
		return -1;
	}
	if (!S_ISDIR(st.st_mode) || (st.st_mode & S_IWOTH)) {
		snprintf(err, errsize, "the rooms folder %s is not used: it "
		    "must be a folder that only its group can write to "
		    "(chmod 2770)", dir);
		return -1;
	}
	return 0;
}

int
room_dir_find(char *buf, size_t size, const char *setting, bool make,
    bool *shared, char *err, size_t errsize)
{
	const char *env = getenv("BIGCHESS_ROOMS");
	const char *run = getenv("XDG_RUNTIME_DIR");
	int n;

	*shared = true;
	if ((env && *env) || (setting && *setting)) {
		const char *d = env && *env ? env : setting;

		if (d[0] != '/') {
			snprintf(err, errsize, "the rooms folder must be an "
			    "absolute path, not %s", d);
			return -1;
		}
		if (strlen(d) >= size) {
			snprintf(err, errsize, "the rooms folder's path is too "
			    "long");
			return -1;
		}
		snprintf(buf, size, "%s", d);
		return check_shared(buf, err, errsize);
	}
	*shared = false;
	if (run && run[0] == '/') {
		n = snprintf(buf, size, "%s/bigchess", run);
	} else {
		char login[ROOM_LOGIN_MAX + 1];

		room_sock_login(getuid(), login, sizeof login);
		n = snprintf(buf, size, "/tmp/bigchess-%s", login);
	}
	if (n < 0 || (size_t)n >= size) {
		snprintf(err, errsize, "the rooms folder's path is too long");
		return -1;
	}
	return check_private(buf, make, err, errsize);
}

bool
room_dir_path(const char *dir, const char *name, char *buf, size_t size)
{
	int n = snprintf(buf, size, "%s/%s", dir, name);

	return n > 0 && (size_t)n < size;
}

static int64_t
now_ms(void)
{
	struct timespec ts;

	clock_gettime(CLOCK_MONOTONIC, &ts);
	return (int64_t)ts.tv_sec * 1000 + ts.tv_nsec / 1000000;
}

/* Asks the room at `path` what it holds; false if it does not say. */
static bool
query(const char *path, struct room_listing *out)
{
	static const char hello[] = "hello 1 query\n";
	struct room_in in = { 0 };
	struct room_msg m;
	char err[200], buf[512];
	int64_t deadline = now_ms() + QUERY_MS;
	int fd = room_sock_connect(path, err, sizeof err);

	if (fd < 0)
		return false;
	if (!room_sock_nonblock(fd) || send(fd, hello, sizeof hello - 1,
	    MSG_NOSIGNAL) != (ssize_t)(sizeof hello - 1)) {
		close(fd);
		return false;
	}
	while (!room_in_line(&in) && !in.too_long) {
		struct pollfd p = { .fd = fd, .events = POLLIN };
		int64_t left = deadline - now_ms();
		ssize_t n;
		size_t at = 0;

		if (left <= 0 || poll(&p, 1, (int)left) <= 0)
			break;
		n = read(fd, buf, sizeof buf);
		if (n <= 0)
			break;
		while (at < (size_t)n && !room_in_line(&in) && !in.too_long)
			at += room_in_feed(&in, buf + at, (size_t)n - at);
	}
	close(fd);
	if (!room_in_line(&in) || room_parse(in.line, in.len, &m, err,
	    sizeof err) != 0 || m.kind != RM_ROOM)
		return false;
	snprintf(out->host, sizeof out->host, "%s", m.name);
	snprintf(out->variant, sizeof out->variant, "%s", m.variant);
	out->base_ms = m.ms[0];
	out->inc_ms = m.ms[1];
	out->moves = m.count;
	out->watchers = m.watchers;
	out->state = m.state;
	return true;
}

static int
by_name(const void *a, const void *b)
{
	return strcmp(((const struct room_listing *)a)->name,
	    ((const struct room_listing *)b)->name);
}

int
room_dir_scan(const char *dir, struct room_listing *out, int max)
{
	DIR *d = opendir(dir);
	struct dirent *e;
	int n = 0;

	if (!d)
		return 0;
	while (n < max && (e = readdir(d))) {
		char path[ROOM_DIR_MAX + 64];
		struct stat st;

		if (!room_name_valid(e->d_name) ||
		    !room_dir_path(dir, e->d_name, path, sizeof path) ||
		    lstat(path, &st) != 0 || !S_ISSOCK(st.st_mode))
			continue;
		memset(&out[n], 0, sizeof out[n]);
		snprintf(out[n].name, sizeof out[n].name, "%.32s", e->d_name);
		if (query(path, &out[n]))
			n++;
	}
	closedir(d);
	qsort(out, (size_t)n, sizeof *out, by_name);
	return n;
}

static const char *const state_text[] = { "waiting", "playing", "over" };

int
room_dir_list(const char *dir, FILE *out, char *err, size_t errsize)
{
	struct room_listing *rooms = calloc(LIST_MAX, sizeof *rooms);
	int n;

	if (!rooms) {
		snprintf(err, errsize, "out of memory");
		return -1;
	}
	n = room_dir_scan(dir, rooms, LIST_MAX);
	if (n == 0) {
		fprintf(out, "No open rooms in %s.\n", dir);
		free(rooms);
		return 0;
	}
	fprintf(out, "%-20s %-16s %-8s %-10s %5s  %-8s %s\n", "ROOM", "HOST",
	    "VARIANT", "CLOCK", "MOVES", "STATE", "WATCHERS");
	for (int i = 0; i < n; i++) {
		char clock[64], t[16];

		if (rooms[i].base_ms > 0) {
			clock_format(rooms[i].base_ms, t, sizeof t);
			snprintf(clock, sizeof clock, "%s+%lld", t,
			    rooms[i].inc_ms / 1000);
		} else {
			snprintf(clock, sizeof clock, "none");
		}
		fprintf(out, "%-20s %-16s %-8s %-10s %5lld  %-8s %lld\n",
		    rooms[i].name, rooms[i].host, rooms[i].variant, clock,
		    (rooms[i].moves + 1) / 2, state_text[rooms[i].state],
		    rooms[i].watchers);
	}
	free(rooms);
	return 0;
}
