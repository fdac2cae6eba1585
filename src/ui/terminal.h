/*
 * terminal.h - the only door to curses.  Every other UI file draws and reads
 * keys through these few calls, so the rest of the UI never includes
 * <curses.h> and could move to another terminal library.
 *
 * Styles are plain values (foreground, background, attribute flags); the
 * colour pairs curses needs are allocated here, on first use.
 */
#ifndef BIGCHESS_UI_TERMINAL_H
#define BIGCHESS_UI_TERMINAL_H

#include <stdbool.h>
#include <stddef.h>

/*
 * The largest screen used, whatever size the terminal reports: beyond it
 * a client could make curses allocate gigabytes (its screens hold every
 * cell, three times over), and no board needs more.
 */
enum { TERM_MAX_ROWS = 500, TERM_MAX_COLS = 1000 };

/* Colours: the eight ANSI ones, 8..255 for 256-colour terminals. */
enum {
	TERM_DEFAULT = -1,
	TERM_BLACK = 0,
	TERM_RED,
	TERM_GREEN,
	TERM_YELLOW,
	TERM_BLUE,
	TERM_MAGENTA,
	TERM_CYAN,
	TERM_WHITE
};

enum term_attr {
	TERM_BOLD = 1 << 0,
	TERM_REVERSE = 1 << 1,
	TERM_UNDERLINE = 1 << 2,
	TERM_DIM = 1 << 3
};

struct term_style {
	short fg, bg;
	unsigned attrs; /* enum term_attr flags */
};

/* Keys beyond the byte range that term_key can return. */
enum term_key {
	TK_NONE = -1, /* the timeout passed, a signal interrupted, or a
		       * mouse report other than a first-button press */
	TK_BASE = 0x110000,
	TK_UP,
	TK_DOWN,
	TK_LEFT,
	TK_RIGHT,
	TK_HOME,
	TK_END,
	TK_PGUP,
	TK_PGDN,
	TK_A1, /* keypad corners: upper left, upper right, lower left, ... */
	TK_A3,
	TK_C1,
	TK_C3,
	TK_B2,
	TK_F1,
	TK_ENTER,
	TK_BACKSPACE,
	TK_DELETE,
	TK_RESIZE,
	TK_MOUSE, /* a press of the first mouse button */
	TK_HANGUP, /* the terminal is gone */
	TK_OTHER  /* a function key we do not use */
};

/* What term_open found out about the terminal. */
struct term_caps {
	bool utf8;  /* the locale's character set is UTF-8 */
	int colors; /* 0 when colour is off or unsupported */
};

/*
 * Checks that standard output is a terminal curses can drive, then starts
 * curses (cbreak, no echo, keypad, mouse clicks, short ESCDELAY).  With
 * `want_color` false, colour is never used.  Returns 0, or -1 with a
 * one-line reason in `err`.
 */
int term_open(bool want_color, struct term_caps *caps, char *err,
    size_t errsize);

/* Restores the terminal; harmless if it is not open. */
void term_close(void);

/*
 * Hands the terminal back as it was before curses (for another program,
 * such as man(1)), and takes it again: term_resume repaints the whole
 * screen on the next term_refresh.  Signals stay blocked in between.
 */
void term_suspend(void);
void term_resume(void);

/* The terminal's size now. */
void term_size(int *rows, int *cols);

/* Clears the whole virtual screen (only changes reach the terminal). */
void term_erase(void);

/*
 * Writes UTF-8 `text` at (y, x) in `style`, cut to `width` columns (or to
 * the screen edge if `width` is negative).  Returns the columns written.
 */
int term_put(int y, int x, struct term_style style, const char *text,
    int width);

/* Fills `width` columns from (y, x) with blanks in `style`. */
void term_fill(int y, int x, int width, struct term_style style);

/*
 * Line drawing with the given characters (UTF-8 or ASCII): `box` holds
 * horizontal, vertical, and the corners upper left, upper right, lower
 * left, lower right.  No alternate character set is involved.
 */
void term_box(int y, int x, int h, int w, struct term_style style,
    const char *const box[6]);

/* Shows the cursor at (y, x), or hides it when `visible` is false. */
void term_cursor(bool visible, int y, int x);

/* Sends the changes since the last call to the terminal. */
void term_refresh(void);

/*
 * Waits up to `timeout_ms` (negative: forever) for a key.  Returns a byte
 * (0..255), a TK_ value, or TK_NONE on timeout or interruption.  For
 * TK_MOUSE (a press of the first button), *y and *x say where.
 */
int term_key(int timeout_ms, int *y, int *x);

/*
 * Descriptors that also end term_key's wait (a game room's sockets):
 * it then returns TK_NONE, as when its time is up.  `write` waits for
 * room to write instead of for input.  A new call replaces the list.
 */
enum { TERM_WATCH_MAX = 80 };

struct term_fd {
	int fd;
	bool write;
};

void term_watch(const struct term_fd *fds, int n);

/* True if keys are waiting to be read (typed ahead, or a paste). */
bool term_typeahead(void);

void term_beep(void);

#endif
