/*
 * pipe_child.c - a program driven through two pipes (see pipe_child.h).
 */
#include <poll.h>
#include <signal.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>

#include "pipe_child.h"
#include "pty_board.h"

int64_t
pipe_now_ms(void)
{
	struct timespec ts;

	clock_gettime(CLOCK_MONOTONIC, &ts);
	return (int64_t)ts.tv_sec * 1000 + ts.tv_nsec / 1000000;
}

int64_t
pipe_reply_ms(void)
{
	const char *env = getenv("BC_REPLY_MS");
	long long ms = env ? atoll(env) : 0;

	return ms > 0 ? ms : PIPE_REPLY_MS_DEFAULT;
}

struct pipe_child *
pipe_open(const char *option)
{
	const char *bin = bigchess_bin();
	struct pipe_child *c = calloc(1, sizeof *c);
	int in[2], out[2];

	ck_assert_ptr_nonnull(c);
	ck_assert_msg(access(bin, X_OK) == 0, "no program at %s ($BIGCHESS)",
	    bin);
	ck_assert_int_eq(pipe(in), 0);
	ck_assert_int_eq(pipe(out), 0);
	signal(SIGPIPE, SIG_IGN);
	c->pid = fork();
	ck_assert_int_ge(c->pid, 0);
	if (c->pid == 0) {
		dup2(in[0], STDIN_FILENO);
		dup2(out[1], STDOUT_FILENO);
		dup2(out[1], STDERR_FILENO);
		close(in[0]);
		close(in[1]);
		close(out[0]);
		close(out[1]);
		execl(bin, bin, option, (char *)NULL);
		_exit(127);
	}
	close(in[0]);
	close(out[1]);
	c->to_fd = in[1];
	c->from_fd = out[0];
	return c;
}

void
pipe_send(struct pipe_child *c, const char *fmt, ...)
{
	char text[PIPE_LINE_MAX];
	va_list ap;
	int n;

	va_start(ap, fmt);
	n = vsnprintf(text, sizeof text - 1, fmt, ap);
	va_end(ap);
	ck_assert(n >= 0 && n < (int)sizeof text - 1);
	text[n++] = '\n';
	ck_assert_int_eq(write(c->to_fd, text, (size_t)n), n);
}

bool
pipe_read_line(struct pipe_child *c, int64_t deadline)
{
	for (;;) {
		char *nl = memchr(c->buf, '\n', c->len);
		struct pollfd pfd = { c->from_fd, POLLIN, 0 };
		int64_t left = deadline - pipe_now_ms();
		ssize_t got;

		if (nl) {
			size_t n = (size_t)(nl - c->buf);

			if (n >= sizeof c->line)
				n = sizeof c->line - 1;
			memcpy(c->line, c->buf, n);
			c->line[n] = '\0';
			c->len -= (size_t)(nl - c->buf) + 1;
			memmove(c->buf, nl + 1, c->len);
			return true;
		}
		if (left <= 0 || c->len == sizeof c->buf)
			return false;
		if (poll(&pfd, 1, (int)left) <= 0)
			continue;
		got = read(c->from_fd, c->buf + c->len, sizeof c->buf - c->len);
		if (got <= 0)
			return false;
		c->len += (size_t)got;
	}
}

const char *
pipe_next(struct pipe_child *c)
{
	ck_assert_msg(pipe_read_line(c, pipe_now_ms() + pipe_reply_ms()),
	    "no reply (last: '%s')", c->line);
	return c->line;
}

const char *
pipe_expect(struct pipe_child *c, const char *prefix)
{
	int64_t deadline = pipe_now_ms() + pipe_reply_ms();

	while (pipe_read_line(c, deadline))
		if (strncmp(c->line, prefix, strlen(prefix)) == 0)
			return c->line;
	ck_abort_msg("no line starting '%s' (last: '%s')", prefix, c->line);
	return NULL;
}

int
pipe_close(struct pipe_child *c)
{
	int64_t deadline = pipe_now_ms() + pipe_reply_ms();
	int status = -1;

	close(c->to_fd);
	while (pipe_now_ms() < deadline) {
		if (waitpid(c->pid, &status, WNOHANG) == c->pid)
			break;
		/* Drain its output so that it never blocks on a full pipe. */
		pipe_read_line(c, pipe_now_ms() + 50);
	}
	if (waitpid(c->pid, &status, WNOHANG) == 0) {
		kill(c->pid, SIGKILL);
		waitpid(c->pid, &status, 0);
		status = -1;
	}
	close(c->from_fd);
	free(c);
	return status;
}
