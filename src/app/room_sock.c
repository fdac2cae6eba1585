/*
 * room_sock.c - the rooms' sockets.  SO_PEERCRED, which names the user
 * at the other end of a Unix socket as the kernel knows it, is a Linux
 * extension: hence _GNU_SOURCE, here only.
 */
#define _GNU_SOURCE /* NOLINT(bugprone-reserved-identifier,cert-dcl37-c,cert-dcl51-cpp) */
#include <errno.h>
#include <fcntl.h>
#include <pwd.h>
#include <stdio.h>
#include <string.h>
#include <sys/socket.h>
#include <sys/stat.h>
#include <sys/un.h>
#include <unistd.h>

#include "room_sock.h"

bool
room_sock_nonblock(int fd)
{
	int fl = fcntl(fd, F_GETFL);

	return fl >= 0 && fcntl(fd, F_SETFL, fl | O_NONBLOCK) == 0 &&
	    fcntl(fd, F_SETFD, FD_CLOEXEC) == 0;
}

static bool
address(struct sockaddr_un *sa, const char *path, char *err, size_t errsize)
{
	memset(sa, 0, sizeof *sa);
	sa->sun_family = AF_UNIX;
	if (strlen(path) >= sizeof sa->sun_path) {
		snprintf(err, errsize, "the socket path %s is too long for "
		    "a Unix socket (%zu bytes at most)", path,
		    sizeof sa->sun_path - 1);
		return false;
	}
	memcpy(sa->sun_path, path, strlen(path) + 1);
	return true;
}

int
room_sock_connect(const char *path, char *err, size_t errsize)
{
	struct sockaddr_un sa;
	int fd;

	if (!address(&sa, path, err, errsize))
		return -1;
	fd = socket(AF_UNIX, SOCK_STREAM | SOCK_CLOEXEC, 0);
	if (fd < 0) {
		snprintf(err, errsize, "cannot make a socket: %s",
		    strerror(errno));
		return -1;
	}
	if (connect(fd, (struct sockaddr *)&sa, sizeof sa) != 0) {
		int e = errno;

		close(fd);
		errno = e;
		snprintf(err, errsize, "%s", e == ENOENT || e == ECONNREFUSED
		    ? "no such room is open" : strerror(e));
		return -1;
	}
	return fd;
}

int
room_sock_listen(const char *path, bool shared, bool *busy, char *err,
    size_t errsize)
{
	struct sockaddr_un sa;
	struct stat st;
	mode_t old;
	int fd, rc;

	*busy = false;
	if (!address(&sa, path, err, errsize))
		return -1;
	if (lstat(path, &st) == 0) {
		int probe;

		if (!S_ISSOCK(st.st_mode)) {
			snprintf(err, errsize, "%s is there and is not a "
			    "room's socket", path);
			return -1;
		}
		probe = room_sock_connect(path, err, errsize);
		if (probe >= 0) {
			close(probe);
			*busy = true;
			snprintf(err, errsize, "a room of that name is open "
			    "already");
			return -1;
		}
		/* Left by a room whose process died: nobody answers. */
		unlink(path);
	}
	fd = socket(AF_UNIX, SOCK_STREAM | SOCK_CLOEXEC, 0);
	if (fd < 0) {
		snprintf(err, errsize, "cannot make a socket: %s",
		    strerror(errno));
		return -1;
	}
	/* The mode is set as it is made: no moment with more rights. */
	old = umask(shared ? 0117 : 0177);
	rc = bind(fd, (struct sockaddr *)&sa, sizeof sa);
	umask(old);
	if (rc != 0 || listen(fd, 16) != 0 || !room_sock_nonblock(fd)) {
		snprintf(err, errsize, "cannot open the room's socket %s: %s",
		    path, strerror(errno));
		close(fd);
		return -1;
	}
	return fd;
}

bool
room_sock_peer_uid(int fd, uid_t *uid)
{
	struct ucred cr;
	socklen_t len = sizeof cr;

	if (getsockopt(fd, SOL_SOCKET, SO_PEERCRED, &cr, &len) != 0 ||
	    len != sizeof cr)
		return false;
	*uid = cr.uid;
	return true;
}

void
room_sock_login(uid_t uid, char *buf, size_t size)
{
	struct passwd pw, *res = NULL;
	char tmp[1024];
	size_t n = 0;

	if (getpwuid_r(uid, &pw, tmp, sizeof tmp, &res) == 0 && res &&
	    res->pw_name) {
		const char *p = res->pw_name;

		for (; *p && n + 1 < size && n < ROOM_LOGIN_MAX; p++) {
			char c = *p;

			if (!((c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z')
			    || (c >= '0' && c <= '9') || c == '.' || c == '-'
			    || c == '_'))
				break;
			buf[n++] = c;
		}
		if (!*p && n > 0) {
			buf[n] = '\0';
			return;
		}
	}
	snprintf(buf, size, "uid%lu", (unsigned long)uid);
}
