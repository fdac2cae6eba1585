/*
 * room_dir.c - the rooms folder and what its sockets say.
 */
#include <dirent.h>
#include <errno.h>
#include <poll.h>
#include <stdio.h>
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

/* One room being asked what it holds. */
struct asking {
	int fd;                  /* -1: answered, or given up */
	struct room_in in;
	bool answered;
};

/* Takes what `a` sent; true once it has said all it will. */
static bool
hear(struct asking *a, struct room_listing *out)
{
	char buf[512], err[200];
	struct room_msg m;
	ssize_t n = read(a->fd, buf, sizeof buf);
	size_t at = 0;

	if (n < 0 && (errno == EAGAIN || errno == EINTR))
		return false;
	while (n > 0 && at < (size_t)n && !room_in_line(&a->in) &&
	    !a->in.too_long)
		at += room_in_feed(&a->in, buf + at, (size_t)n - at);
	if (n > 0 && !room_in_line(&a->in) && !a->in.too_long)
		return false;
	if (room_in_line(&a->in) && room_parse(a->in.line, a->in.len, &m,
	    err, sizeof err) == 0 && m.kind == RM_ROOM) {
		snprintf(out->host, sizeof out->host, "%s", m.name);
		snprintf(out->variant, sizeof out->variant, "%s", m.variant);
		out->base_ms = m.ms[0];
		out->inc_ms = m.ms[1];
		out->moves = m.count;
		out->watchers = m.watchers;
		out->state = m.state;
		a->answered = true;
	}
	return true;
}

/*
 * Asks every room of `out[0..n)` (their paths in `paths`) at once, so
 * that a socket that takes the connection and never answers costs one
 * QUERY_MS however many there are, not one each.  Returns how many
 * answered; those come first in `out`, in their order.
 */
static int
ask_all(char (*paths)[ROOM_DIR_MAX + 64], struct room_listing *out, int n)
{
	static const char hello[] = "hello 1 query\n";
	struct asking *ask;
	struct pollfd *fds;
	int64_t deadline = now_ms() + QUERY_MS;
	int waiting = 0, kept = 0;

	if (n <= 0)
		return 0;
	ask = calloc((size_t)n, sizeof *ask);
	fds = calloc((size_t)n, sizeof *fds);
	if (!ask || !fds) {
		free(ask);
		free(fds);
		return 0;
	}
	for (int i = 0; i < n; i++) {
		char err[200];

		ask[i].fd = room_sock_connect(paths[i], err, sizeof err);
		if (ask[i].fd < 0)
			continue;
		if (!room_sock_nonblock(ask[i].fd) || send(ask[i].fd, hello,
		    sizeof hello - 1, MSG_NOSIGNAL) != (ssize_t)(sizeof hello
		    - 1)) {
			close(ask[i].fd);
			ask[i].fd = -1;
			continue;
		}
		waiting++;
	}
	while (waiting > 0) {
		int64_t left = deadline - now_ms();
		int k = 0;

		for (int i = 0; i < n; i++)
			if (ask[i].fd >= 0)
				fds[k++] = (struct pollfd){ .fd = ask[i].fd,
					.events = POLLIN };
		if (left <= 0 || poll(fds, (nfds_t)k, (int)left) <= 0)
			break;
		for (int i = 0, j = 0; i < n; i++) {
			if (ask[i].fd < 0)
				continue;
			if ((fds[j++].revents & (POLLIN | POLLHUP | POLLERR)) &&
			    hear(&ask[i], &out[i])) {
				close(ask[i].fd);
				ask[i].fd = -1;
				waiting--;
			}
		}
	}
	for (int i = 0; i < n; i++) {
		if (ask[i].fd >= 0)
			close(ask[i].fd);
		if (ask[i].answered)
			out[kept++] = out[i];
	}
	free(ask);
	free(fds);
	return kept;
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
	char (*paths)[ROOM_DIR_MAX + 64];
	DIR *d = opendir(dir);
	struct dirent *e;
	int n = 0;

	if (!d)
		return 0;
	paths = calloc((size_t)(max > 0 ? max : 1), sizeof *paths);
	if (!paths) {
		closedir(d);
		return 0;
	}
	while (n < max && (e = readdir(d))) {
		struct stat st;

		if (!room_name_valid(e->d_name) ||
		    !room_dir_path(dir, e->d_name, paths[n], sizeof paths[n]) ||
		    lstat(paths[n], &st) != 0 || !S_ISSOCK(st.st_mode))
			continue;
		memset(&out[n], 0, sizeof out[n]);
		snprintf(out[n].name, sizeof out[n].name, "%.32s", e->d_name);
		n++;
	}
	closedir(d);
	n = ask_all(paths, out, n);
	free(paths);
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
