/*
 * terminal.c - curses, behind terminal.h.
 *
 * Drawing goes to curses' virtual screen; term_refresh sends only the
 * cells that differ from what the terminal shows, which keeps a move to a
 * few hundred bytes over a slow link.  Nothing here forces a full repaint
 * (no clear(), no redrawwin()), except coming back from another program
 * (term_resume), which may have left anything on the screen.
 *
 * The size curses uses is capped at TERM_MAX_COLS x TERM_MAX_ROWS, since
 * curses keeps every cell of the screen in memory (three times over), and
 * a client reports whatever size it likes.  So curses never learns a size
 * by itself: SIGWINCH is ours (curses leaves a signal alone that already
 * has a handler), a resize is read with TIOCGWINSZ, capped and passed to
 * resizeterm, and at start the capped size reaches newterm through LINES
 * and COLUMNS, which curses prefers to the ioctl.
 */
#include <curses.h>
#include <term.h>

#include <errno.h>
#include <limits.h>
#include <langinfo.h>
#include <poll.h>
#include <locale.h>
#include <signal.h>
#include <sys/ioctl.h>
#include <sys/select.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "bigchess/text.h"
#include "terminal.h"

enum { ESC_DELAY_MS = 25, MAX_PAIRS = 128 };

/*
 * The colour pairs handed out so far, and the signal mask from before
 * term_open.  Curses keeps its own global state; this only mirrors it,
 * and lives exactly as long as curses does.
 */
static struct {
	bool open;
	bool utf8; /* else text is drawn in ASCII only */
	sigset_t old_mask;
	int colors;
	bool button1_down; /* its press was reported, its release not yet */
	int npairs;
	short fg[MAX_PAIRS], bg[MAX_PAIRS];
} term;

/* Set by SIGWINCH, which only ever arrives while term_key waits. */
static volatile sig_atomic_t winch_pending;

static void
on_winch(int sig)
{
	(void)sig;
	winch_pending = 1;
}

static int
cap(int n, int max)
{
	return n > max ? max : n;
}

/* The window size the kernel has for the terminal, or false. */
static bool
kernel_size(int *rows, int *cols)
{
	struct winsize ws;

	if (ioctl(STDOUT_FILENO, TIOCGWINSZ, &ws) != 0 &&
	    ioctl(STDIN_FILENO, TIOCGWINSZ, &ws) != 0)
		return false;
	*rows = ws.ws_row;
	*cols = ws.ws_col;
	return true;
}

/* A positive number in environment variable `name`, or `fallback`. */
static int
env_number(const char *name, int fallback)
{
	const char *s = getenv(name);
	char *end;
	long n;

	if (!s || !*s)
		return fallback;
	n = strtol(s, &end, 10);
	return *end || n <= 0 ? fallback : n > INT_MAX ? INT_MAX : (int)n;
}

/* An environment variable's value kept to be put back, or its absence. */
struct saved_env {
	const char *name;
	char *value; /* a copy; NULL: it was not set */
	bool changed;
};

static void
set_env_number(struct saved_env *e, const char *name, int n)
{
	const char *old = getenv(name);
	char text[16];

	e->name = name;
	e->value = old ? strdup(old) : NULL;
	e->changed = !old || e->value;
	if (!e->changed)
		return; /* no memory to keep the old value: leave it */
	snprintf(text, sizeof text, "%d", n);
	setenv(name, text, 1);
}

static void
restore_env(struct saved_env *e)
{
	if (!e->changed)
		return;
	if (e->value)
		setenv(e->name, e->value, 1);
	else
		unsetenv(e->name);
	free(e->value);
	e->changed = false;
}

/*
 * Handles SIGWINCH before curses starts, so that curses does not, and
 * tells newterm a capped size where the terminal reports a larger one
 * (LINES and COLUMNS, which the caller restores after newterm; programs
 * the game starts must see the user's own).  As curses would, LINES and
 * COLUMNS already set win over the ioctl.
 */
static void
prepare_size(struct saved_env env[2])
{
	struct sigaction sa;
	int rows = 0, cols = 0;

	memset(&sa, 0, sizeof sa);
	sa.sa_handler = on_winch;
	sigemptyset(&sa.sa_mask);
	sigaction(SIGWINCH, &sa, NULL);
	winch_pending = 0;
	memset(env, 0, 2 * sizeof env[0]);
	kernel_size(&rows, &cols);
	rows = env_number("LINES", rows);
	cols = env_number("COLUMNS", cols);
	if (rows > TERM_MAX_ROWS || cols > TERM_MAX_COLS) {
		set_env_number(&env[0], "LINES", cap(rows, TERM_MAX_ROWS));
		set_env_number(&env[1], "COLUMNS", cap(cols, TERM_MAX_COLS));
	}
}

/*
 * True if there is memory for curses' screens at `rows` x `cols`: its
 * three full-screen windows (stdscr, curscr, newscr) of one cchar_t a
 * cell.  Asking first spares curses a failure half-way through a resize.
 */
static bool
room_for(int rows, int cols)
{
	size_t cells = (size_t)rows * (size_t)cols;
	/* Volatile: a compiler may drop a malloc whose block is unused and
	 * take it to have succeeded. */
	void *volatile p = malloc(3 * cells * sizeof(cchar_t) + (64 << 10));
	bool ok = p != NULL;

	free(p);
	return ok;
}

/*
 * After a SIGWINCH: takes the terminal's new size, capped.  If curses
 * cannot have the memory for it, the screen keeps its old size.  A
 * resizeterm that fails may have resized some of curses' windows and not
 * others, and then takes the old size for no change at all: each window
 * is put back by itself.  Returns true when the screen must be drawn
 * again.
 */
static bool
apply_size(void)
{
	int rows, cols, old_rows, old_cols;

	getmaxyx(stdscr, old_rows, old_cols);
	if (!kernel_size(&rows, &cols) || rows <= 0 || cols <= 0)
		return false;
	rows = cap(rows, TERM_MAX_ROWS);
	cols = cap(cols, TERM_MAX_COLS);
	if ((rows != old_rows || cols != old_cols) &&
	    (!room_for(rows, cols) || resizeterm(rows, cols) == ERR)) {
		wresize(stdscr, old_rows, old_cols);
		wresize(curscr, old_rows, old_cols);
		wresize(newscr, old_rows, old_cols);
	}
	/* Even at the same capped size the terminal may have redrawn or
	 * reflowed what it showed: paint it all again. */
	clearok(curscr, TRUE);
	return true;
}

static bool
has_string_cap(const char *name)
{
	char *s = tigetstr(name);

	/* (char *)-1 is tigetstr(3)'s "not a string capability". */
	/* NOLINTNEXTLINE(performance-no-int-to-ptr) */
	return s != NULL && s != (char *)-1 && *s;
}

/* Fails with a reason unless TERM names a terminal curses can drive. */
static int
check_terminal(char *err, size_t errsize)
{
	const char *name = getenv("TERM");
	int rc;

	if (!name || !*name) {
		snprintf(err, errsize, "TERM is not set; the interactive game "
		    "needs a terminal type such as xterm-256color");
		return -1;
	}
	if (setupterm(NULL, STDOUT_FILENO, &rc) != OK) {
		if (rc == 0)
			snprintf(err, errsize, "unknown terminal type '%s' (no "
			    "terminfo entry); try TERM=xterm-256color", name);
		else
			snprintf(err, errsize, "cannot read the terminfo "
			    "database for terminal type '%s'", name);
		return -1;
	}
	if (!has_string_cap("cup") || !has_string_cap("clear")) {
		snprintf(err, errsize, "terminal type '%s' cannot move the "
		    "cursor; the interactive game needs a full-screen terminal",
		    name);
		del_curterm(cur_term);
		return -1;
	}
	del_curterm(cur_term);
	return 0;
}

/*
 * The signals that matter to a curses program (the app's quit signals,
 * window size, suspend) are blocked except while term_key waits, and
 * pselect unblocks them atomically.  So a signal is never caught between
 * the loop's last look at its flags and the wait, where it would only be
 * noticed at the next key press.
 */
static void
block_signals(void)
{
	sigset_t set;

	sigemptyset(&set);
	sigaddset(&set, SIGINT);
	sigaddset(&set, SIGTERM);
	sigaddset(&set, SIGHUP);
	sigaddset(&set, SIGQUIT);
	sigaddset(&set, SIGWINCH);
	sigaddset(&set, SIGTSTP);
	sigprocmask(SIG_BLOCK, &set, &term.old_mask);
}

/* Other descriptors the wait also ends for (term_watch). */
static struct term_fd watched[TERM_WATCH_MAX];
static int watched_count;

void
term_watch(const struct term_fd *fds, int n)
{
	watched_count = 0;
	for (int i = 0; i < n && watched_count < TERM_WATCH_MAX; i++)
		if (fds[i].fd >= 0 && fds[i].fd < FD_SETSIZE)
			watched[watched_count++] = fds[i];
}

/*
 * Waits until input is ready, `ms` pass (negative: forever), a watched
 * descriptor is ready or a signal arrives.  Returns true if the
 * terminal's input is ready.
 */
static bool
wait_input(int ms)
{
	struct timespec ts = { ms / 1000, (long)(ms % 1000) * 1000000L };
	sigset_t none;
	fd_set fds, out;
	int top = STDIN_FILENO;

	sigemptyset(&none);
	FD_ZERO(&fds);
	FD_ZERO(&out);
	FD_SET(STDIN_FILENO, &fds);
	for (int i = 0; i < watched_count; i++) {
		FD_SET(watched[i].fd, watched[i].write ? &out : &fds);
		if (watched[i].fd > top)
			top = watched[i].fd;
	}
	return pselect(top + 1, &fds, &out, NULL, ms < 0 ? NULL : &ts,
	    &none) > 0 && FD_ISSET(STDIN_FILENO, &fds);
}

/* True if the terminal has hung up (a dropped connection, a closed
 * window), so that waiting for keys would spin. */
static bool
hung_up(void)
{
	struct pollfd pfd = { .fd = STDIN_FILENO, .events = POLLIN };

	return poll(&pfd, 1, 0) > 0 &&
	    (pfd.revents & (POLLHUP | POLLERR | POLLNVAL));
}

bool
term_typeahead(void)
{
	struct pollfd pfd = { .fd = STDIN_FILENO, .events = POLLIN };

	return poll(&pfd, 1, 0) > 0 && (pfd.revents & POLLIN) &&
	    !(pfd.revents & (POLLHUP | POLLERR | POLLNVAL));
}

int
term_open(bool want_color, struct term_caps *caps, char *err,
    size_t errsize)
{
	const char *codeset;
	struct saved_env env[2];
	SCREEN *screen;

	setlocale(LC_CTYPE, "");
	codeset = nl_langinfo(CODESET);
	caps->utf8 = codeset && (strcmp(codeset, "UTF-8") == 0 ||
	    strcmp(codeset, "utf8") == 0);
	term.utf8 = caps->utf8;
	if (check_terminal(err, errsize) != 0)
		return -1;
	/* Before SIGWINCH is ours: a resize while curses starts stays
	 * pending until term_key's first wait, not caught before it. */
	block_signals();
	prepare_size(env);
	errno = 0;
	screen = newterm(NULL, stdout, stdin);
	if (!screen && errno == ENOMEM)
		snprintf(err, errsize, "cannot start curses on this terminal: "
		    "out of memory");
	else if (!screen)
		snprintf(err, errsize, "cannot start curses on this terminal");
	restore_env(&env[0]);
	restore_env(&env[1]);
	if (!screen) {
		signal(SIGWINCH, SIG_DFL);
		sigprocmask(SIG_SETMASK, &term.old_mask, NULL);
		return -1;
	}
	term.open = true;
	term.npairs = 0;
	cbreak();
	noecho();
	nonl();
	keypad(stdscr, TRUE);
	set_escdelay(ESC_DELAY_MS);
	curs_set(0);
	/* Every mouse event: curses reads on, blocking in read() with the
	 * signals blocked, after an event outside the mask (a release after
	 * its press, another button), so a click froze the game (no resize,
	 * no clock, no computer move) until the next key.  term_key keeps
	 * the first button's presses. */
	mousemask(ALL_MOUSE_EVENTS, NULL);
	mouseinterval(0);
	term.colors = 0;
	if (want_color && has_colors() && start_color() == OK) {
		use_default_colors();
		term.colors = COLORS >= 256 ? 256 : COLORS >= 8 ? 8 : 0;
	}
	caps->colors = term.colors;
	return 0;
}

void
term_close(void)
{
	if (!term.open)
		return;
	term.open = false;
	curs_set(1);
	endwin();
	sigprocmask(SIG_SETMASK, &term.old_mask, NULL);
	signal(SIGWINCH, SIG_DFL);
}

void
term_suspend(void)
{
	if (!term.open)
		return;
	def_prog_mode();
	curs_set(1);
	endwin();
	fflush(stdout);
}

void
term_resume(void)
{
	if (!term.open)
		return;
	reset_prog_mode();
	curs_set(0);
	clearok(curscr, TRUE);
	refresh();
}

void
term_size(int *rows, int *cols)
{
	getmaxyx(stdscr, *rows, *cols);
}

void
term_erase(void)
{
	erase();
}

/* The colour pair for (fg, bg), allocated on first use; 0 if none. */
static int
pair_of(short fg, short bg)
{
	if (term.colors == 0 || (fg == TERM_DEFAULT && bg == TERM_DEFAULT))
		return 0;
	for (int i = 0; i < term.npairs; i++)
		if (term.fg[i] == fg && term.bg[i] == bg)
			return i + 1;
	if (term.npairs + 1 >= MAX_PAIRS || term.npairs + 1 >= COLOR_PAIRS)
		return 0;
	term.fg[term.npairs] = fg;
	term.bg[term.npairs] = bg;
	term.npairs++;
	init_pair((short)term.npairs, fg, bg);
	return term.npairs;
}

static attr_t
attr_of(struct term_style style)
{
	attr_t a = (attr_t)COLOR_PAIR(pair_of(style.fg, style.bg));

	if (style.attrs & TERM_BOLD)
		a |= A_BOLD;
	if (style.attrs & TERM_REVERSE)
		a |= A_REVERSE;
	if (style.attrs & TERM_UNDERLINE)
		a |= A_UNDERLINE;
	if (style.attrs & TERM_DIM)
		a |= A_DIM;
	return a;
}

/*
 * The number of bytes of UTF-8 `text` that fill at most `cols` columns,
 * counting each character as one column (the UI uses no wide ones).
 */
static int
bytes_for_columns(const char *text, int cols, int *used)
{
	int n = 0, c = 0;

	while (text[n] && c < cols) {
		n++;
		while ((text[n] & 0xc0) == 0x80)
			n++;
		c++;
	}
	*used = c;
	return n;
}

/*
 * Every string reaches the screen here, so this is where text from a file
 * or a peer (a player's name in a record, a message quoting a tag) has its
 * control characters escaped (bigchess/text.h): curses would pass some to
 * the terminal, and a C1 or ESC sequence can retitle or clear it.  A
 * terminal that is not UTF-8 gets ASCII only, since there the bytes of
 * UTF-8 may be C1 controls.
 */
int
term_put(int y, int x, struct term_style style, const char *text,
    int width)
{
	char small[1024], *clean = small, *big = NULL;
	unsigned flags = term.utf8 ? 0 : BC_TEXT_ASCII;
	size_t len = strlen(text), n;
	int rows, cols, used, bytes;

	getmaxyx(stdscr, rows, cols);
	if (y < 0 || y >= rows || x < 0 || x >= cols)
		return 0;
	if (width < 0 || width > cols - x)
		width = cols - x;
	n = bc_text_sanitise(small, sizeof small, text, len, flags);
	/* More than fits is rare (a long line on a wide screen); without
	 * the memory, what fits is drawn. */
	if (n >= sizeof small && (big = malloc(n + 1))) {
		bc_text_sanitise(big, n + 1, text, len, flags);
		clean = big;
	}
	bytes = bytes_for_columns(clean, width, &used);
	attrset(attr_of(style));
	mvaddnstr(y, x, clean, bytes);
	attrset(A_NORMAL);
	free(big);
	return used;
}

void
term_fill(int y, int x, int width, struct term_style style)
{
	int rows, cols;

	getmaxyx(stdscr, rows, cols);
	if (y < 0 || y >= rows || x < 0 || x >= cols)
		return;
	if (width > cols - x)
		width = cols - x;
	if (width > 0)
		mvhline(y, x, ' ' | attr_of(style), width);
}

void
term_box(int y, int x, int h, int w, struct term_style style,
    const char *const box[6])
{
	if (h < 2 || w < 2)
		return;
	for (int i = 1; i < w - 1; i++) {
		term_put(y, x + i, style, box[0], 1);
		term_put(y + h - 1, x + i, style, box[0], 1);
	}
	for (int i = 1; i < h - 1; i++) {
		term_put(y + i, x, style, box[1], 1);
		term_put(y + i, x + w - 1, style, box[1], 1);
	}
	term_put(y, x, style, box[2], 1);
	term_put(y, x + w - 1, style, box[3], 1);
	term_put(y + h - 1, x, style, box[4], 1);
	term_put(y + h - 1, x + w - 1, style, box[5], 1);
}

void
term_cursor(bool visible, int y, int x)
{
	if (visible) {
		move(y, x);
		curs_set(1);
	} else {
		curs_set(0);
	}
}

void
term_refresh(void)
{
	refresh();
}

/*
 * True if `bstate` is a press of the first button.  A press and its
 * release read together come as a click, or as the release alone.
 */
static bool
mouse_press(mmask_t bstate)
{
	bool down = term.button1_down;

	if (bstate & BUTTON1_PRESSED) {
		term.button1_down = true;
		return true;
	}
	if (bstate & (BUTTON1_CLICKED | BUTTON1_DOUBLE_CLICKED |
	    BUTTON1_TRIPLE_CLICKED)) {
		term.button1_down = false;
		return true;
	}
	if (bstate & BUTTON1_RELEASED) {
		term.button1_down = false;
		return !down;
	}
	return false;
}

int
term_key(int timeout_ms, int *y, int *x)
{
	MEVENT ev;
	int ch;

	/* Keys already read ahead come first; otherwise wait, then read
	 * without blocking (curses still waits ESCDELAY inside a sequence). */
	timeout(0);
	ch = getch();
	if (ch == ERR && timeout_ms != 0) {
		bool ready = wait_input(timeout_ms);

		if (winch_pending) {
			winch_pending = 0;
			if (apply_size())
				return TK_RESIZE;
		}
		ch = getch();
		if (ch == ERR && ready && hung_up())
			return TK_HANGUP;
	}
	switch (ch) {
	case ERR:
		return TK_NONE;
	case KEY_UP:
		return TK_UP;
	case KEY_DOWN:
		return TK_DOWN;
	case KEY_LEFT:
		return TK_LEFT;
	case KEY_RIGHT:
		return TK_RIGHT;
	case KEY_HOME:
		return TK_HOME;
	case KEY_END:
		return TK_END;
	case KEY_PPAGE:
		return TK_PGUP;
	case KEY_NPAGE:
		return TK_PGDN;
	case KEY_A1:
		return TK_A1;
	case KEY_A3:
		return TK_A3;
	case KEY_C1:
		return TK_C1;
	case KEY_C3:
		return TK_C3;
	case KEY_B2:
		return TK_B2;
	case KEY_F(1):
		return TK_F1;
	case KEY_ENTER:
	case '\r':
	case '\n':
		return TK_ENTER;
	case KEY_BACKSPACE:
	case 127:
	case 8:
		return TK_BACKSPACE;
	case KEY_DC:
		return TK_DELETE;
	case KEY_RESIZE:
		return TK_RESIZE;
	case KEY_MOUSE:
		if (getmouse(&ev) == OK && mouse_press(ev.bstate)) {
			*y = ev.y;
			*x = ev.x;
			return TK_MOUSE;
		}
		return TK_NONE; /* other buttons, releases: nothing */
	default:
		return ch >= 0 && ch < 256 ? ch : TK_OTHER;
	}
}

void
term_beep(void)
{
	beep();
}
