/*
 * terminal.c - curses, behind terminal.h.
 *
 * Drawing goes to curses' virtual screen; term_refresh sends only the
 * cells that differ from what the terminal shows, which keeps a move to a
 * few hundred bytes over a slow link.  Nothing here forces a full repaint
 * (no clear(), no redrawwin()), except coming back from another program
 * (term_resume), which may have left anything on the screen.
 */
#include <curses.h>
#include <term.h>

#include <errno.h>
#include <langinfo.h>
#include <poll.h>
#include <locale.h>
#include <signal.h>
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

/*
 * Waits until input is ready, `ms` pass (negative: forever) or a signal
 * arrives.  Returns true if input is ready.
 */
static bool
wait_input(int ms)
{
	struct timespec ts = { ms / 1000, (long)(ms % 1000) * 1000000L };
	sigset_t none;
	fd_set fds;

	sigemptyset(&none);
	FD_ZERO(&fds);
	FD_SET(STDIN_FILENO, &fds);
	return pselect(STDIN_FILENO + 1, &fds, NULL, NULL, ms < 0 ? NULL : &ts,
	    &none) > 0;
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

	setlocale(LC_CTYPE, "");
	codeset = nl_langinfo(CODESET);
	caps->utf8 = codeset && (strcmp(codeset, "UTF-8") == 0 ||
	    strcmp(codeset, "utf8") == 0);
	term.utf8 = caps->utf8;
	if (check_terminal(err, errsize) != 0)
		return -1;
	if (!newterm(NULL, stdout, stdin)) {
		snprintf(err, errsize, "cannot start curses on this terminal");
		return -1;
	}
	term.open = true;
	term.npairs = 0;
	block_signals();
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
