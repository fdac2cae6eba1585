/*
 * pty_board.h - what the pseudo-terminal tests of the real program share
 * (check_ui.c, check_review.c, check_piece_info.c, check_learn.c,
 * check_ui_fen.c, check_ui_engine.c, check_resume.c, check_term.c,
 * check_survive.c): starting bigchess, waiting for screen text with a
 * failure message that shows the screen, finding a square on the board
 * the way a player does, and small file helpers (also used by
 * check_save.c and check_savefail.c).
 *
 * Squares are found from the board's own coordinates (the rank numbers
 * on the left, the row of file letters below), never from our layout
 * code.  Every wait polls with a deadline of WAIT_MS; no fixed sleeps.
 * The names are those the tests used before they moved here.
 */
#ifndef BIGCHESS_PTY_BOARD_H
#define BIGCHESS_PTY_BOARD_H

#include <stdbool.h>
#include <stdint.h>

#include "pty_harness.h"
#include "test_util.h"

/* How long any wait for the screen lasts before the test fails. */
enum { WAIT_MS = 8000 };

#define ENTER "\r"
#define ESC "\033"

/*
 * The program under test: $BIGCHESS (make test sets it), else the
 * bigchess next to the test binary.
 */
const char *bigchess_bin(void);

/*
 * Runs the program with `args` (NULL-terminated), no terminal, its
 * stdout and stderr into `out` (`size` bytes with the NUL); returns its
 * exit status and fails the test if it did not exit.
 */
int run_bigchess(const char *const args[], char *out, size_t size);

/*
 * Starts bigchess_bin() with `args` (NULL-terminated,
 * may be NULL) and `env` (as for pty_spawn) in a `rows` x `cols`
 * terminal; fails the test if the binary is missing or does not start.
 */
void start_bigchess(struct pty *p, int rows, int cols,
    const char *const args[], const char *const env[]);

/* start_bigchess with pty_spawn_opts' options `o`. */
void start_bigchess_opts(struct pty *p, int rows, int cols,
    const char *const args[], const char *const env[],
    const struct pty_spawn_opts *o);

/*
 * A state folder of the test's own (XDG_STATE_HOME), kept across runs
 * of the program, unlike the one pty_spawn makes for each run.  Remove
 * it with pty_remove_tree(s.home).
 */
struct state {
	char home[64];   /* the folder */
	char env[160];   /* "XDG_STATE_HOME=<home>", for pty_spawn's env */
	char dir[96];    /* <home>/bigchess, the program's folder in it */
	char save[128];  /* the autosave file in that */
};

/* Makes a new empty state folder; fails the test if it cannot. */
void state_new(struct state *s);

/* start_bigchess with `s` as the program's XDG_STATE_HOME. */
void start_in(struct pty *p, int rows, int cols, const struct state *s,
    const char *const args[]);

/* Writes `text` to `path`; fails the test if it cannot. */
void write_file(const char *path, const char *text);

/*
 * The text of `path` (up to 64 KiB) in a static buffer that the next
 * call reuses; fails the test if the file cannot be opened.
 */
char *read_file(const char *path);

/*
 * All of `path` in a new string (free it), however long; NULL if it
 * cannot be opened.
 */
char *slurp(const char *path);

#define WAIT_FOR_MS(p, text, ms) \
	ck_assert_msg(pty_wait_text((p), (text), (ms)), \
	    "'%s' never appeared; screen:\n%s", (text), pty_dump(p))
#define WAIT_FOR(p, text) WAIT_FOR_MS((p), (text), WAIT_MS)
#define WAIT_GONE(p, text) \
	ck_assert_msg(pty_wait_gone((p), (text), WAIT_MS), \
	    "'%s' never went away; screen:\n%s", (text), pty_dump(p))
/* The game screen is complete once its last line, the hints, is there. */
#define WAIT_GAME(p) \
	do { \
		WAIT_FOR((p), "to move"); \
		WAIT_FOR((p), "q quit"); \
	} while (0)

/* Waits until one screen row shows `a` and then `b` further right. */
bool wait_row(struct pty *p, const char *a, const char *b);

/*
 * Whether a row shows `a` and then `b` now, without waiting: for what
 * must not be there, checked once after waiting for what must.
 */
bool find_row(const struct pty *p, const char *a, const char *b);

#define WAIT_ROW(p, a, b) \
	ck_assert_msg(wait_row((p), (a), (b)), \
	    "no row with '%s' ... '%s':\n%s", (a), (b), pty_dump(p))

/* Waits until the program exits with exit(`status`); fails otherwise. */
void expect_exit(struct pty *p, int status);

/* The usual end of a test with a state folder: the program exits 0, the
 * pty is closed and the folder removed. */
void expect_clean_exit(struct pty *p, const struct state *s);

/*
 * The screen row showing rank `rank` (counted from 1), from its label
 * on the left; -1 if none.
 */
int rank_row(const struct pty *p, int rank);

/*
 * The screen column of file letter `file`, from a row that starts with
 * all the file letters of a 10- or 12-file board, each standing alone
 * (a to j or l, or the reverse when the board is flipped); -1 if none.
 */
int file_col(const struct pty *p, char file);

/*
 * Where square `name` ("e3") is on screen.  A redraw may be on its way
 * (curses writes top to bottom), so this waits for the coordinates and
 * fails the test if they never show.
 */
void square_at(struct pty *p, const char *name, int *row, int *col);

/* The cell in the centre of square `name`. */
VTermScreenCell square_cell(struct pty *p, const char *name);

/* The character on square `name`: ASCII, ' ' if empty, '?' for others. */
char square_char(struct pty *p, const char *name);

/* Waits until square `sq` shows `ch`. */
bool wait_piece(struct pty *p, const char *sq, char ch);

#define ASSERT_PIECE(p, sq, ch) \
	ck_assert_msg(wait_piece((p), (sq), (ch)), \
	    "expected '%c' on %s, found '%c'; screen:\n%s", (ch), (sq), \
	    square_char((p), (sq)), pty_dump(p))

/* An SGR mouse press and release at screen (row, col), 0-based. */
void click(struct pty *p, int row, int col);

/* A click on the centre of square `name`. */
void click_square(struct pty *p, const char *name);

#endif
