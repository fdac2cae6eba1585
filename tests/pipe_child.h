/*
 * pipe_child.h - the real binary ($BIGCHESS) started with one option
 * (--uci, --xboard) and driven through two pipes, as a GUI drives it: send
 * a line, read a line with a deadline, wait for a line with a prefix.
 * Used by check_uci.c and check_xboard.c.
 *
 * Every reply is awaited with poll() and a deadline, so a silent or dead
 * program fails the test instead of hanging it; the deadlines are only
 * safety nets, never what a test measures.
 */
#ifndef BIGCHESS_PIPE_CHILD_H
#define BIGCHESS_PIPE_CHILD_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include <sys/types.h>

enum {
	PIPE_REPLY_MS_DEFAULT = 30000, /* the longest wait for any one line */
	PIPE_LINE_MAX = 8192,
	PIPE_BUF_SIZE = 1 << 16
};

struct pipe_child {
	pid_t pid;
	int to_fd, from_fd;
	size_t len;
	char buf[PIPE_BUF_SIZE];
	char line[PIPE_LINE_MAX]; /* the line read last */
};

/* Milliseconds of CLOCK_MONOTONIC. */
int64_t pipe_now_ms(void);

/* The safety net per line: $BC_REPLY_MS (make tsan: its binary is some
 * ten times slower), else PIPE_REPLY_MS_DEFAULT. */
int64_t pipe_reply_ms(void);

/* Starts $BIGCHESS with `option`, its standard error on the pipe too;
 * fails the test if it cannot. */
struct pipe_child *pipe_open(const char *option);

/* Sends one line (a newline is added). */
void pipe_send(struct pipe_child *c, const char *fmt, ...)
    __attribute__((format(printf, 2, 3)));

/* The next line into c->line; false at end of output or the deadline. */
bool pipe_read_line(struct pipe_child *c, int64_t deadline);

/* The next line, whatever it is; fails on the deadline. */
const char *pipe_next(struct pipe_child *c);

/* Reads lines until one starts with `prefix`; fails on the deadline. */
const char *pipe_expect(struct pipe_child *c, const char *prefix);

/* Closes the input and waits for the program to exit, reading what it
 * writes meanwhile; its wait status, or -1 if it had to be killed. */
int pipe_close(struct pipe_child *c);

#endif
