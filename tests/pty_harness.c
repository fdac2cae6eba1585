/*
 * pty_harness.c - a program in a pseudo-terminal, its screen in libvterm.
 */
/* nftw(3) is an XSI function. */
/* A feature-test macro is the application's to define. */
/* NOLINTNEXTLINE(bugprone-reserved-identifier,cert-dcl37-c,cert-dcl51-cpp) */
#define _XOPEN_SOURCE 700

#include <errno.h>
#include <fcntl.h>
#include <ftw.h>
#include <poll.h>
#include <pty.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/ioctl.h>
#include <sys/resource.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>

#include "pty_harness.h"

static int64_t
now_ms(void)
{
	struct timespec ts;

	clock_gettime(CLOCK_MONOTONIC, &ts);
	return (int64_t)ts.tv_sec * 1000 + ts.tv_nsec / 1000000;
}

static int
clamp(int v, int lo, int hi)
{
	return v < lo ? lo : v > hi ? hi : v;
}

/*
 * The screen model's width for a terminal `cols` wide: at least two
 * columns.  libvterm 0.1.4 writes through a null pointer when a
 * double-width character comes to a one-column screen (the monkey's
 * pastes have them); the program is still told the real width.
 */
static int
model_cols(int cols)
{
	return cols < 2 ? 2 : cols;
}

static int
on_termprop(VTermProp prop, VTermValue *val, void *user)
{
	struct pty *p = user;

	if (prop == VTERM_PROP_ALTSCREEN)
		p->altscreen = val->boolean;
	return 1;
}

/* Answers the program's terminal queries, as a real terminal would. */
static void
on_output(const char *s, size_t len, void *user)
{
	struct pty *p = user;

	while (len > 0) {
		ssize_t n = write(p->fd, s, len);

		if (n <= 0)
			break;
		s += n;
		len -= (size_t)n;
	}
}

static const VTermScreenCallbacks screen_callbacks = {
	.settermprop = on_termprop,
};

static void
child_env(const char *state_dir, const char *const env[])
{
	if (state_dir[0])
		setenv("XDG_STATE_HOME", state_dir, 1);
	setenv("TERM", "xterm-256color", 1);
	setenv("LC_ALL", "C.UTF-8", 1);
	unsetenv("NO_COLOR");
	unsetenv("LINES");
	unsetenv("COLUMNS");
	for (int i = 0; env && env[i]; i++) {
		const char *eq = strchr(env[i], '=');
		char name[64];

		if (!eq || (size_t)(eq - env[i]) >= sizeof name)
			continue;
		memcpy(name, env[i], (size_t)(eq - env[i]));
		name[eq - env[i]] = '\0';
		if (eq[1])
			setenv(name, eq + 1, 1);
		else
			unsetenv(name);
	}
}

/*
 * True when this program is built with AddressSanitizer (the tests and
 * the program under test are built alike): its shadow memory needs far
 * more address space than any limit a test would set.
 */
static bool
sanitized(void)
{
#if defined(__SANITIZE_ADDRESS__)
	return true;
#elif defined(__has_feature)
#if __has_feature(address_sanitizer)
	return true;
#else
	return false;
#endif
#else
	return false;
#endif
}

bool
pty_can_limit_memory(void)
{
	return !sanitized();
}

int
pty_spawn(struct pty *p, int rows, int cols, const char *const argv[],
    const char *const env[])
{
	return pty_spawn_opts(p, rows, cols, argv, env, NULL);
}

int
pty_spawn_opts(struct pty *p, int rows, int cols, const char *const argv[],
    const char *const env[], const struct pty_spawn_opts *o)
{
	struct winsize ws = { .ws_row = (unsigned short)rows,
		.ws_col = (unsigned short)cols };

	if (o && o->report_rows > 0 && o->report_cols > 0) {
		ws.ws_row = (unsigned short)o->report_rows;
		ws.ws_col = (unsigned short)o->report_cols;
	}

	memset(p, 0, sizeof *p);
	p->rows = rows;
	p->cols = model_cols(cols);
	snprintf(p->state_dir, sizeof p->state_dir, "/tmp/bigchess-pty-XXXXXX");
	if (!mkdtemp(p->state_dir))
		p->state_dir[0] = '\0';
	p->pid = forkpty(&p->fd, NULL, NULL, &ws);
	if (p->pid < 0)
		return -1;
	if (p->pid == 0) {
		char *av[64];
		size_t n = 0;

		while (n < 63 && argv[n])
			n++;
		if (n == 0)
			_exit(127);
		/* execv's prototype predates const; copy the pointers. */
		memcpy(av, argv, n * sizeof av[0]);
		av[n] = NULL;
		child_env(p->state_dir, env);
		if (o && o->as_limit > 0 && !sanitized()) {
			struct rlimit rl = { o->as_limit, o->as_limit };

			if (setrlimit(RLIMIT_AS, &rl) != 0)
				_exit(126);
		}
		execv(av[0], av);
		_exit(127);
	}
	fcntl(p->fd, F_SETFL, fcntl(p->fd, F_GETFL) | O_NONBLOCK);
	p->vt = vterm_new(rows, p->cols);
	vterm_set_utf8(p->vt, 1);
	vterm_output_set_callback(p->vt, on_output, p);
	p->screen = vterm_obtain_screen(p->vt);
	vterm_screen_set_callbacks(p->screen, &screen_callbacks, p);
	vterm_screen_enable_altscreen(p->screen, 1);
	vterm_screen_reset(p->screen, 1);
	return 0;
}

void
pty_send(struct pty *p, const char *keys)
{
	size_t len = strlen(keys);

	while (len > 0) {
		ssize_t n = write(p->fd, keys, len);

		if (n < 0 && errno == EAGAIN) {
			pty_pump(p, 10);
			continue;
		}
		if (n <= 0)
			break;
		keys += n;
		len -= (size_t)n;
	}
}

void
pty_key(struct pty *p, VTermKey key)
{
	vterm_keyboard_key(p->vt, key, VTERM_MOD_NONE);
}

static void
log_append(struct pty *p, const char *buf, size_t n)
{
	if (p->log_len + n + 1 > p->log_cap) {
		size_t cap = (p->log_cap + n + 1) * 2;
		char *grown = realloc(p->log, cap);

		if (!grown)
			return;
		p->log = grown;
		p->log_cap = cap;
	}
	memcpy(p->log + p->log_len, buf, n);
	p->log_len += n;
	p->log[p->log_len] = '\0';
}

bool
pty_pump(struct pty *p, int ms)
{
	struct pollfd pfd = { .fd = p->fd, .events = POLLIN };
	char buf[4096];
	bool got = false;

	if (p->eof)
		return false;
	if (poll(&pfd, 1, ms) <= 0)
		return false;
	for (;;) {
		ssize_t n = read(p->fd, buf, sizeof buf);

		if (n > 0) {
			log_append(p, buf, (size_t)n);
			vterm_input_write(p->vt, buf, (size_t)n);
			got = true;
			continue;
		}
		if (n < 0 && errno == EINTR)
			continue;
		if (n == 0 || (n < 0 && errno != EAGAIN))
			p->eof = true;
		break;
	}
	vterm_screen_flush_damage(p->screen);
	return got;
}

char *
pty_row(const struct pty *p, int row, char *buf)
{
	for (int c = 0; c < p->cols; c++) {
		VTermScreenCell cell = pty_cell(p, row, c);
		uint32_t ch = cell.chars[0];

		buf[c] = ch == 0 ? ' ' : ch < 0x80 ? (char)ch : '?';
	}
	buf[p->cols] = '\0';
	return buf;
}

bool
pty_find(const struct pty *p, const char *text, int *row, int *col)
{
	char *buf = malloc((size_t)p->cols + 1);
	bool found = false;

	for (int r = 0; buf && r < p->rows && !found; r++) {
		char *at = strstr(pty_row(p, r, buf), text);

		if (at) {
			found = true;
			if (row)
				*row = r;
			if (col)
				*col = (int)(at - buf);
		}
	}
	free(buf);
	return found;
}

const char *
pty_dump(const struct pty *p)
{
	/* Check refuses messages of 4 KiB and more; blank ends go. */
	static char screen[3600];
	char row[1024];
	size_t len = 0;

	for (int r = 0; r < p->rows && p->cols < (int)sizeof row; r++) {
		size_t n = strlen(pty_row(p, r, row));

		while (n > 0 && row[n - 1] == ' ')
			n--;
		if (len + n + 2 > sizeof screen)
			break;
		memcpy(screen + len, row, n);
		len += n;
		screen[len++] = '\n';
	}
	screen[len] = '\0';
	return screen;
}

VTermScreenCell
pty_cell(const struct pty *p, int row, int col)
{
	VTermScreenCell cell;
	VTermPos pos = { .row = row, .col = col };

	memset(&cell, 0, sizeof cell);
	vterm_screen_get_cell(p->screen, pos, &cell);
	return cell;
}

bool
pty_wait_text(struct pty *p, const char *text, int ms)
{
	int64_t deadline = now_ms() + ms;

	for (;;) {
		int64_t left;

		if (pty_find(p, text, NULL, NULL)) {
			/* The rest of the frame is usually right behind. */
			pty_settle(p, 10, 200);
			return true;
		}
		left = deadline - now_ms();
		if (left <= 0 || p->eof)
			return pty_find(p, text, NULL, NULL);
		pty_pump(p, (int)(left < 50 ? left : 50));
	}
}

bool
pty_wait_gone(struct pty *p, const char *text, int ms)
{
	int64_t deadline = now_ms() + ms;

	for (;;) {
		int64_t left;

		if (!pty_find(p, text, NULL, NULL))
			return true;
		left = deadline - now_ms();
		if (left <= 0 || p->eof)
			return !pty_find(p, text, NULL, NULL);
		pty_pump(p, (int)(left < 50 ? left : 50));
	}
}

void
pty_settle(struct pty *p, int quiet_ms, int ms)
{
	int64_t deadline = now_ms() + ms;

	while (now_ms() < deadline && pty_pump(p, quiet_ms))
		;
}

void
pty_resize(struct pty *p, int rows, int cols)
{
	struct winsize ws = { .ws_row = (unsigned short)rows,
		.ws_col = (unsigned short)cols };

	pty_resize_model(p, rows, cols);
	ioctl(p->fd, TIOCSWINSZ, &ws);
}

void
pty_resize_model(struct pty *p, int rows, int cols)
{
	VTermPos at;
	char move[32];

	p->rows = rows;
	p->cols = model_cols(cols);
	vterm_set_size(p->vt, rows, p->cols);
	/* As xterm does on a resize, the scrolling region becomes the whole
	 * screen (cursor kept).  libvterm 0.1.4 keeps a region's top past
	 * a shrunk screen's bottom and then crashes (a negative memmove) on
	 * the next scroll; the monkey found it. */
	vterm_input_write(p->vt, "\0337\033[r\0338", 7);
	/* And as xterm does, the cursor stays on the screen.  libvterm
	 * 0.1.4, shrinking a screen whose lower lines are not blank, moves
	 * the lines and the cursor up by as many rows, to a negative row
	 * when the cursor was near the top; the next erase there writes
	 * through a null pointer (the monkey found that too). */
	vterm_state_get_cursorpos(vterm_obtain_state(p->vt), &at);
	if (at.row < 0 || at.row >= rows || at.col < 0 || at.col >= p->cols) {
		snprintf(move, sizeof move, "\033[%d;%dH",
		    clamp(at.row, 0, rows - 1) + 1,
		    clamp(at.col, 0, p->cols - 1) + 1);
		vterm_input_write(p->vt, move, strlen(move));
	}
}

void
pty_report_size(struct pty *p, int rows, int cols)
{
	struct winsize ws = { .ws_row = (unsigned short)rows,
		.ws_col = (unsigned short)cols };

	ioctl(p->fd, TIOCSWINSZ, &ws);
}

bool
pty_wait_exit(struct pty *p, int ms)
{
	int64_t deadline = now_ms() + ms;

	while (!p->exited) {
		pid_t r;

		pty_pump(p, 20);
		r = waitpid(p->pid, &p->status, WNOHANG);
		if (r == p->pid) {
			p->exited = true;
			while (pty_pump(p, 0))
				;
			break;
		}
		if (now_ms() >= deadline)
			break;
	}
	return p->exited;
}

static int
remove_entry(const char *path, const struct stat *st, int type,
    struct FTW *ftw)
{
	(void)st;
	(void)type;
	(void)ftw;
	remove(path);
	return 0;
}

void
pty_remove_tree(const char *path)
{
	nftw(path, remove_entry, 8, FTW_DEPTH | FTW_PHYS);
}

void
pty_close(struct pty *p)
{
	if (p->pid > 0 && !p->exited) {
		kill(p->pid, SIGKILL);
		waitpid(p->pid, &p->status, 0);
		p->exited = true;
	}
	if (p->fd > 0)
		close(p->fd);
	if (p->vt)
		vterm_free(p->vt);
	free(p->log);
	if (p->state_dir[0])
		pty_remove_tree(p->state_dir);
	memset(p, 0, sizeof *p);
}
