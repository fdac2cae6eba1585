/*
 * pty_harness.h - drives a program in a pseudo-terminal and keeps a
 * libvterm model of its screen, so tests can assert on every cell and
 * attribute the real program draws.
 *
 * Waiting is always by polling for an expected screen state with a
 * deadline, never by fixed sleeps.
 */
#ifndef BIGCHESS_PTY_HARNESS_H
#define BIGCHESS_PTY_HARNESS_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include <sys/types.h>
#include <vterm.h>

struct pty {
	pid_t pid;
	int fd; /* the master side */
	int rows, cols;
	VTerm *vt;
	VTermScreen *screen;
	bool altscreen; /* the program is on the alternate screen */
	bool eof;       /* the program closed the terminal */
	bool exited;
	int status;     /* from waitpid, once exited */
	char *log;      /* every byte the program wrote */
	char state_dir[64]; /* its own XDG_STATE_HOME, removed on close */
	size_t log_len, log_cap;
};

/*
 * Starts argv[0] with `argv` in a `rows` x `cols` pseudo-terminal.  The
 * environment is ours plus TERM=xterm-256color and LC_ALL=C.UTF-8, minus
 * NO_COLOR, with XDG_STATE_HOME set to a new empty folder (so saved
 * games never mix between tests or reach the user's), then the "NAME=value" strings of `env` (NULL-terminated, may
 * be NULL; "NAME=" with nothing after it unsets NAME).  Returns 0 or -1.
 */
int pty_spawn(struct pty *p, int rows, int cols, const char *const argv[],
    const char *const env[]);

/* What pty_spawn_opts adds to pty_spawn. */
struct pty_spawn_opts {
	/* The window size the program is told at start, when it differs
	 * from the screen model's (0: the same): sizes too large to
	 * model. */
	int report_rows, report_cols;
	/* The child's address-space limit (RLIMIT_AS) in bytes, 0 for none;
	 * not set in a sanitizer build (see pty_can_limit_memory). */
	size_t as_limit;
};

/* pty_spawn with the options in `o` (may be NULL). */
int pty_spawn_opts(struct pty *p, int rows, int cols, const char *const argv[],
    const char *const env[], const struct pty_spawn_opts *o);

/*
 * False when pty_spawn_opts cannot limit memory: in an AddressSanitizer
 * build, whose shadow memory needs more address space than any limit.
 */
bool pty_can_limit_memory(void);

/* Writes `keys` to the program's terminal. */
void pty_send(struct pty *p, const char *keys);

/*
 * Sends a special key as the terminal would in its current mode (arrows
 * are ESC O A in application-cursor mode, ESC [ A otherwise).
 */
void pty_key(struct pty *p, VTermKey key);

/* Reads what the program wrote for up to `ms`; false once nothing came. */
bool pty_pump(struct pty *p, int ms);

/*
 * Waits up to `ms` until `text` is somewhere on the screen, then reads
 * what follows right behind it (the rest of a frame).
 */
bool pty_wait_text(struct pty *p, const char *text, int ms);

/* Waits up to `ms` until `text` is nowhere on the screen. */
bool pty_wait_gone(struct pty *p, const char *text, int ms);

/* Reads until the program has been quiet for `quiet_ms` (at most `ms`). */
void pty_settle(struct pty *p, int quiet_ms, int ms);

/*
 * Row `row` of the screen as text, one byte per cell: ASCII as is, other
 * characters as '?'.  `buf` must hold cols + 1 bytes.
 */
char *pty_row(const struct pty *p, int row, char *buf);

/* True if `text` is on the screen; its position in *row, *col. */
bool pty_find(const struct pty *p, const char *text, int *row, int *col);

/* The whole screen as text, rows separated by newlines (for messages). */
const char *pty_dump(const struct pty *p);

/* The cell at (row, col). */
VTermScreenCell pty_cell(const struct pty *p, int row, int col);

/* Resizes the terminal, as a window manager would (SIGWINCH follows). */
void pty_resize(struct pty *p, int rows, int cols);

/* Resizes the screen model alone; the program is not told. */
void pty_resize_model(struct pty *p, int rows, int cols);

/*
 * Tells the program its terminal is `rows` x `cols` (the kernel's window
 * size, and so SIGWINCH) while the screen model keeps its size: a size
 * too large to model.
 */
void pty_report_size(struct pty *p, int rows, int cols);

/* Waits up to `ms` for the program to exit; true if it did. */
bool pty_wait_exit(struct pty *p, int ms);

/* Removes `path` and everything under it (test temp folders). */
void pty_remove_tree(const char *path);

/* Kills the program if it still runs and frees everything. */
void pty_close(struct pty *p);

#endif
