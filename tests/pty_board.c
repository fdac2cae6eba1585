/*
 * pty_board.c - what the pseudo-terminal tests of the real program share:
 * starting it, waiting for screen text, finding squares on the board.
 */
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <sys/wait.h>
#include <unistd.h>

#include "pty_board.h"

/* ROW_MAX holds a row of the widest screen the program draws
 * (TERM_MAX_COLS, 1000) and its NUL. */
enum { MAX_ARGS = 24, ROW_MAX = 1024 };

const char *
bigchess_bin(void)
{
	static char path[4096];
	const char *env = getenv("BIGCHESS");
	ssize_t n;
	char *slash;

	if (env && *env)
		return env;
	n = readlink("/proc/self/exe", path, sizeof path - 16);
	ck_assert_msg(n > 0, "cannot find the test binary: %s",
	    strerror(errno));
	path[n] = '\0';
	slash = strrchr(path, '/');
	ck_assert_ptr_nonnull(slash);
	snprintf(slash + 1, sizeof path - (size_t)(slash + 1 - path),
	    "bigchess");
	return path;
}

void
start_bigchess(struct pty *p, int rows, int cols, const char *const args[],
    const char *const env[])
{
	start_bigchess_opts(p, rows, cols, args, env, NULL);
}

void
start_bigchess_opts(struct pty *p, int rows, int cols,
    const char *const args[], const char *const env[],
    const struct pty_spawn_opts *o)
{
	const char *argv[MAX_ARGS + 2];
	int n = 0;

	argv[n++] = bigchess_bin();
	for (int i = 0; args && args[i]; i++) {
		ck_assert_msg(n <= MAX_ARGS, "too many arguments");
		argv[n++] = args[i];
	}
	argv[n] = NULL;
	ck_assert_int_eq(access(argv[0], X_OK), 0);
	ck_assert_int_eq(pty_spawn_opts(p, rows, cols, argv, env, o), 0);
}

void
state_new(struct state *s)
{
	snprintf(s->home, sizeof s->home, "/tmp/bigchess-state-XXXXXX");
	ck_assert_ptr_nonnull(mkdtemp(s->home));
	snprintf(s->env, sizeof s->env, "XDG_STATE_HOME=%s", s->home);
	snprintf(s->dir, sizeof s->dir, "%s/bigchess", s->home);
	snprintf(s->save, sizeof s->save, "%s/autosave.pgn", s->dir);
}

void
start_in(struct pty *p, int rows, int cols, const struct state *s,
    const char *const args[])
{
	const char *env[] = { s->env, NULL };

	start_bigchess(p, rows, cols, args, env);
}

void
write_file(const char *path, const char *text)
{
	FILE *f = fopen(path, "wb");

	ck_assert_msg(f != NULL, "cannot write %s", path);
	ck_assert_int_ge(fputs(text, f), 0);
	ck_assert_int_eq(fclose(f), 0);
}

char *
read_file(const char *path)
{
	static char buf[1 << 16];
	FILE *f = fopen(path, "rb");
	size_t n;

	ck_assert_msg(f != NULL, "cannot open %s", path);
	n = fread(buf, 1, sizeof buf - 1, f);
	buf[n] = '\0';
	fclose(f);
	return buf;
}

int
run_bigchess(const char *const args[], char *out, size_t size)
{
	const char *argv[MAX_ARGS + 2];
	int fds[2], status, n = 0;
	size_t len = 0;
	ssize_t got;
	pid_t pid;

	argv[n++] = bigchess_bin();
	for (int i = 0; args[i]; i++) {
		ck_assert_msg(n <= MAX_ARGS, "too many arguments");
		argv[n++] = args[i];
	}
	argv[n] = NULL;
	ck_assert_msg(access(argv[0], X_OK) == 0, "%s is not there: build it "
	    "or set BIGCHESS", argv[0]);
	ck_assert_int_eq(pipe(fds), 0);
	pid = fork();
	ck_assert_int_ge(pid, 0);
	if (pid == 0) {
		char *copy[MAX_ARGS + 2];

		dup2(fds[1], 1);
		dup2(fds[1], 2);
		close(fds[0]);
		close(fds[1]);
		for (int i = 0; i <= n; i++)
			copy[i] = argv[i] ? strdup(argv[i]) : NULL;
		execv(copy[0], copy);
		_exit(127);
	}
	close(fds[1]);
	while (len + 1 < size &&
	    (got = read(fds[0], out + len, size - 1 - len)) > 0)
		len += (size_t)got;
	out[len] = '\0';
	close(fds[0]);
	ck_assert_int_eq(waitpid(pid, &status, 0), pid);
	ck_assert(WIFEXITED(status));
	return WEXITSTATUS(status);
}

char *
slurp(const char *path)
{
	FILE *f = fopen(path, "rb");
	char *buf;
	long n;

	if (!f)
		return NULL;
	ck_assert_int_eq(fseek(f, 0, SEEK_END), 0);
	n = ftell(f);
	ck_assert_int_ge(n, 0);
	rewind(f);
	buf = malloc((size_t)n + 1);
	ck_assert_ptr_nonnull(buf);
	ck_assert_uint_eq(fread(buf, 1, (size_t)n, f), (size_t)n);
	buf[n] = '\0';
	fclose(f);
	return buf;
}

bool
find_row(const struct pty *p, const char *a, const char *b)
{
	char buf[ROW_MAX];

	ck_assert_int_lt(p->cols, ROW_MAX);
	for (int r = 0; r < p->rows; r++) {
		char *at = strstr(pty_row(p, r, buf), a);

		if (at && strstr(at + strlen(a), b))
			return true;
	}
	return false;
}

bool
wait_row(struct pty *p, const char *a, const char *b)
{
	for (int tries = 0; tries < WAIT_MS / 50; tries++) {
		if (find_row(p, a, b))
			return true;
		pty_pump(p, 50);
	}
	return false;
}

void
expect_exit(struct pty *p, int status)
{
	ck_assert_msg(pty_wait_exit(p, WAIT_MS), "still running:\n%s",
	    pty_dump(p));
	ck_assert_msg(WIFEXITED(p->status) && WEXITSTATUS(p->status) == status,
	    "exit status %#x, expected exit(%d); screen:\n%s", p->status,
	    status, pty_dump(p));
}

void
expect_clean_exit(struct pty *p, const struct state *s)
{
	expect_exit(p, 0);
	pty_close(p);
	pty_remove_tree(s->home);
}

int
rank_row(const struct pty *p, int rank)
{
	char label[16], buf[ROW_MAX];

	ck_assert_int_lt(p->cols, ROW_MAX);
	snprintf(label, sizeof label, "%2d", rank);
	for (int r = 0; r < p->rows; r++)
		if (strncmp(pty_row(p, r, buf), label, 2) == 0 &&
		    buf[3] != ' ')
			return r;
	return -1;
}

int
file_col(const struct pty *p, char file)
{
	static const char *const rows_of_files[] = { "abcdefghij",
		"abcdefghijkl", "jihgfedcba", "lkjihgfedcba" };
	char buf[ROW_MAX];

	ck_assert_int_lt(p->cols, ROW_MAX);
	for (int r = 0; r < p->rows; r++) {
		char letters[32];
		int n = 0, col = -1;

		pty_row(p, r, buf);
		for (int c = 0; c < p->cols && n < 31; c++) {
			if (buf[c] == ' ')
				continue;
			/* A file letter stands alone; a word beside the
			 * board ends the row of letters. */
			if (buf[c] < 'a' || buf[c] > 'l' ||
			    (c + 1 < p->cols && buf[c + 1] != ' '))
				break;
			if (buf[c] == file)
				col = c;
			letters[n++] = buf[c];
		}
		letters[n] = '\0';
		if (col < 0)
			continue;
		for (size_t i = 0; i < sizeof rows_of_files /
		    sizeof rows_of_files[0]; i++)
			if (strcmp(letters, rows_of_files[i]) == 0)
				return col;
	}
	return -1;
}

void
square_at(struct pty *p, const char *name, int *row, int *col)
{
	for (int i = 0; i < WAIT_MS / 20; i++) {
		*row = rank_row(p, atoi(name + 1));
		*col = file_col(p, name[0]);
		if (*row >= 0 && *col >= 0)
			return;
		pty_pump(p, 20);
	}
	ck_abort_msg("square %s not on screen:\n%s", name, pty_dump(p));
}

VTermScreenCell
square_cell(struct pty *p, const char *name)
{
	int row, col;

	square_at(p, name, &row, &col);
	return pty_cell(p, row, col);
}

char
square_char(struct pty *p, const char *name)
{
	uint32_t ch = square_cell(p, name).chars[0];

	return ch == 0 ? ' ' : ch < 0x80 ? (char)ch : '?';
}

bool
wait_piece(struct pty *p, const char *sq, char ch)
{
	for (int i = 0; i < WAIT_MS / 20; i++) {
		if (square_char(p, sq) == ch)
			return true;
		pty_pump(p, 20);
	}
	return false;
}

void
click(struct pty *p, int row, int col)
{
	char seq[64];

	snprintf(seq, sizeof seq, "\033[<0;%d;%dM\033[<0;%d;%dm", col + 1,
	    row + 1, col + 1, row + 1);
	pty_send(p, seq);
}

void
click_square(struct pty *p, const char *name)
{
	int row, col;

	square_at(p, name, &row, &col);
	click(p, row, col);
}
