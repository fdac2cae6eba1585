/*
 * monkey.c - random keys for the real binary in a pseudo-terminal.
 *
 *   monkey [-n KEYS] [-s SEED] [-v VARIANT] [-m MODE] [-t HANG_MS] BIGCHESS
 *
 * For each variant (every one BIGCHESS --list-variants names, or only -v)
 * and each mode
 * (hot-seat, computer: a human against the computer at level 1, or only
 * -m), starts BIGCHESS in a pty (tests/pty_harness.c) and sends KEYS
 * (default 10000) random keystrokes: the keys of src/ui/keys.c, cursor
 * and function-key escape sequences, partial and invalid escape
 * sequences, mouse reports, random bytes, UTF-8 garbage, long pastes
 * into the ':' prompt (garbage, near-valid moves and FENs, command
 * words), window resizes down to 1x1 and up to 200x500 (and sometimes
 * a report of up to 65535x65535, of which 1000x500 is used), and now and
 * then q, Esc or a new game.  A keystroke is one such event.
 *
 * The program starts in a 24x80 xterm-256color UTF-8 terminal; three
 * starts in ten (the first and each restart) get another one: TERM=xterm
 * (8 colours), vt220 (no colour, no alternate screen, no mouse),
 * screen-256color, LC_ALL=C, NO_COLOR=1, --ascii, or --no-color.
 *
 * The keys go in bursts.  After each burst the program must answer within
 * HANG_MS (default 20000): the harness resizes the window to a size too
 * small for every screen, with a size of its own, and waits for the
 * too-small screen to say "(now COLSxROWS)".  The program may quit on
 * its own (q y, :quit): then it must have exited 0 with the terminal
 * restored, and starts again.  At the end the harness quits it (Esc, q,
 * y) and checks the same: exit status 0, the alternate screen left
 * (rmcup seen, libvterm back on the normal screen), echo and canonical
 * input back on, and no sanitizer report anywhere in its output.
 *
 * Each run draws from its own generator, seeded from SEED, the variant
 * and the mode, so `-s SEED -v VARIANT -m MODE` repeats one run's keys.
 * The seed is printed first; with no -s it comes from the clock.
 *
 * A mouse report's start ("ESC [ <", or X10's "ESC [ M") is always
 * followed by its end, at once or after a pause: curses reads the rest
 * of a report with blocking reads, so a report cut short would hold the
 * program until more bytes come (a terminal always sends the whole
 * report), and a resize probe just then would call that a hang.  Other
 * bytes that happen to make such a start are changed ('<' to '>', 'M'
 * to 'L').
 *
 * Left out of the random bytes: ^C ^\ ^Z (the terminal turns them into
 * signals; check_ui tests the signals) and ^S ^Q (flow control: ^S would
 * stop the program's output until a ^Q, as on any terminal).
 *
 * Exit status: 0 if every run passed, 1 on a crash, hang, bad exit or
 * unrestored terminal (with the screen, the last keys and how to repeat
 * it), 2 on bad usage.
 */
#include <errno.h>
#include <inttypes.h>
#include <signal.h>
#include <stdarg.h>
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/wait.h>
#include <termios.h>
#include <time.h>
#include <unistd.h>

#include "pty_harness.h"

enum { TAIL = 400, PASTE_MAX = 3000, VARIANTS_MAX = 32, KEY_MAX = 32 };

static const char *const modes[] = { "hot-seat", "computer" };

/* The run's generator (xorshift64*) and what it has done so far. */
struct run {
	uint64_t rng;
	const char *bin, *variant, *mode;
	struct pty p;
	int rows, cols;     /* the window the bursts go to */
	long keys, bytes, resizes, restarts, probes, pastes;
	char tail[TAIL];    /* the last bytes sent, as a ring */
	size_t tail_len;
	int hang_ms;
	char why[256];      /* why the run failed */
	bool mouse;         /* sending a mouse report */
	int setup;          /* the program's terminal: setups[setup] */
};

static uint64_t
next(struct run *r)
{
	r->rng ^= r->rng >> 12;
	r->rng ^= r->rng << 25;
	r->rng ^= r->rng >> 27;
	return r->rng * 0x2545F4914F6CDD1DULL;
}

/* A number in [lo, hi]. */
static int
range(struct run *r, int lo, int hi)
{
	return lo + (int)(next(r) % (uint64_t)(hi - lo + 1));
}

static bool
chance(struct run *r, int percent)
{
	return range(r, 1, 100) <= percent;
}

static uint64_t
mix(uint64_t h, const char *s)
{
	while (*s)
		h = (h ^ (unsigned char)*s++) * 0x100000001b3ULL;
	return h;
}

static int64_t
now_ms(void)
{
	struct timespec ts;

	clock_gettime(CLOCK_MONOTONIC, &ts);
	return (int64_t)ts.tv_sec * 1000 + ts.tv_nsec / 1000000;
}

/* The last byte sent, `back` bytes back (0 if none). */
static char
sent(const struct run *r, size_t back)
{
	return r->tail_len > back ? r->tail[(r->tail_len - 1 - back) % TAIL]
	                          : 0;
}

/*
 * Sends `len` bytes (NULs included) and remembers them.  Unless
 * r->mouse is set, a '<' or 'M' that would start a mouse report ("ESC [
 * <", "ESC [ M") goes as '>' or 'L' (see the header).
 */
static void
send_bytes(struct run *r, const char *bytes, size_t len)
{
	char *s = malloc(len + 1);
	size_t i = 0;

	if (!s)
		return;
	memcpy(s, bytes, len);
	for (size_t k = 0; k < len && !r->mouse; k++) {
		char b1 = k >= 1 ? s[k - 1] : sent(r, 0);
		char b2 = k >= 2 ? s[k - 2] : sent(r, 1 - k);

		if (b1 == '[' && b2 == '\033' && (s[k] == '<' || s[k] == 'M'))
			s[k] = s[k] == '<' ? '>' : 'L';
	}

	while (i < len) {
		size_t n = strnlen(s + i, len - i);

		if (n > 0) {
			char *chunk = strndup(s + i, n);

			if (chunk)
				pty_send(&r->p, chunk);
			free(chunk);
		}
		i += n;
		if (i < len) {
			/* pty_send stops at a NUL; a NUL goes alone. */
			while (write(r->p.fd, "", 1) < 0 && errno == EAGAIN)
				pty_pump(&r->p, 10);
			i++;
		}
	}
	for (i = 0; i < len; i++)
		r->tail[r->tail_len++ % TAIL] = s[i];
	r->bytes += (long)len;
	free(s);
}

static void
send_str(struct run *r, const char *s)
{
	send_bytes(r, s, strlen(s));
}

/* The keys of src/ui/keys.c (as bytes; q and n, which leave the game,
 * come in the rarer group of keystroke()), and keys the screens use. */
static const char *const plain_keys[] = {
	"k", "j", "h", "l", "Y", "U", "B", "N", "\r", " ", "\033", ":", "u",
	"r", "\022", "f", "a", "[", "]", "H", "m", "T", "?",
	/* dialogs and the new-game form */
	"y", "1", "2", "3", "4", "5", "9", "c", "s", "\t", "\177", "\b",
	"\025", "\n",
};

/* Cursor, keypad and function keys in both cursor modes, with modifiers. */
static const char *const escape_keys[] = {
	"\033[A", "\033[B", "\033[C", "\033[D", "\033OA", "\033OB", "\033OC",
	"\033OD", "\033[H", "\033[F", "\033OH", "\033OF", "\033[1~", "\033[4~",
	"\033[5~", "\033[6~", "\033[2~", "\033[3~", "\033OP", "\033OQ",
	"\033OR", "\033OS", "\033[15~", "\033[17~", "\033[18~", "\033[19~",
	"\033[20~", "\033[21~", "\033[23~", "\033[24~", "\033[Z", "\033Ow",
	"\033Oy", "\033Oq", "\033Os", "\033Ou", "\033OM", "\033[1;5A",
	"\033[1;2B", "\033[1;3C", "\033[1;5D", "\033[5;5~", "\033[3;2~",
	"\033[E", "\033[G", "\033Oj", "\033Ok",
};

static const char *const bad_escapes[] = {
	"\033[", "\033O", "\033[1;", "\033[999999999999999999A",
	"\033]0;title\007", "\033]52;c;AAAA\033\\",
	"\033P1$r\033\\", "\033[?1049h", "\033[6n", "\033[c", "\033\033",
	"\033\033[A", "\033[[A", "\033[1;99X", "\033[;;;;;;;;;;;;;;;;;;;;;;~",
	"\033[200~", "\033[201~", "\033[I", "\033[O", "\033N", "\033c",
};

static const char *const words[] = {
	"undo", "redo", "flip", "autoflip", "resign", "draw", "hint", "now",
	"thinking", "fen", "help", "new", "quit", "quitt", "UNDO", " undo ",
};

static const char *const fens[] = {
	"r8r/1nbqkcabn1/pppppppppp/10/10/10/10/PPPPPPPPPP/1NBQKCABN1/R8R "
	"w - - 0 1",
	"12/12/7rrr2/7rkr2/7rrr2/12/12/2RRR7/2RKR7/2RRR7/12/12 w - - 0 1",
	"rzmefqkwemsr/jjjjjbbjjjjj/pppppppppppp/12/12/12/12/12/12/"
	"PPPPPPPPPPPP/JJJJJBBJJJJJ/RZMEFQKWEMSR w KQkq - 0 1",
	"7/8/4rrr2/5rkr2/6rrr2/12/13/12/2RRR6/2RKR5/2RRR4/8/7 w - - 0 1",
};

static void
add_char(char *buf, size_t *len, size_t cap, char c)
{
	if (*len + 1 < cap)
		buf[(*len)++] = c;
}

static void
add_str(char *buf, size_t *len, size_t cap, const char *s)
{
	while (*s)
		add_char(buf, len, cap, *s++);
}

/* A random byte the terminal passes on as a key (see the header). */
static char
random_byte(struct run *r)
{
	for (;;) {
		int b = range(r, 1, 255);

		if (b != 0x03 && b != 0x1c && b != 0x1a && b != 0x13 &&
		    b != 0x11)
			return (char)b;
	}
}

/* A square's name on a board of up to 12x12, sometimes off it. */
static void
add_square(struct run *r, char *buf, size_t *len, size_t cap)
{
	char sq[8];

	snprintf(sq, sizeof sq, "%c%d", 'a' + range(r, 0, 12),
	    range(r, 0, 13));
	add_str(buf, len, cap, sq);
}

/* A move in SAN or coordinates, often legal-looking, often not. */
static void
add_move(struct run *r, char *buf, size_t *len, size_t cap)
{
	static const char pieces[] = "KQRBNPCAZMEFWSJ";

	switch (range(r, 0, 5)) {
	case 0:
		add_square(r, buf, len, cap);
		break;
	case 1:
		add_char(buf, len, cap, pieces[range(r, 0, 14)]);
		if (chance(r, 30))
			add_char(buf, len, cap, 'x');
		add_square(r, buf, len, cap);
		break;
	case 2:
		add_square(r, buf, len, cap);
		add_square(r, buf, len, cap);
		break;
	case 3:
		add_square(r, buf, len, cap);
		add_char(buf, len, cap, '=');
		add_char(buf, len, cap, pieces[range(r, 0, 14)]);
		break;
	case 4:
		add_str(buf, len, cap, chance(r, 50) ? "O-O" : "O-O-O");
		break;
	default:
		add_square(r, buf, len, cap);
		add_char(buf, len, cap, "-x+#!?"[range(r, 0, 5)]);
		add_square(r, buf, len, cap);
		break;
	}
}

/* A FEN of one of the variants with a few random changes. */
static void
add_fen(struct run *r, char *buf, size_t *len, size_t cap)
{
	const char *fen = fens[range(r, 0,
	    (int)(sizeof fens / sizeof fens[0]) - 1)];
	size_t start = *len, n;
	int edits = range(r, 0, 4);

	add_str(buf, len, cap, fen);
	n = *len - start;
	for (int i = 0; i < edits && n > 0; i++) {
		size_t at = start + (size_t)range(r, 0, (int)n - 1);

		switch (range(r, 0, 2)) {
		case 0: /* a different character */
			buf[at] = "kKqQrRpP0123456789/ -wb"[range(r, 0, 22)];
			break;
		case 1: /* cut short */
			*len = at;
			n = at - start;
			break;
		default: /* a long run of something */
			for (int k = range(r, 1, 200); k > 0; k--)
				add_char(buf, len, cap, "1/9p "[range(r, 0, 4)]);
			break;
		}
	}
}

/* UTF-8: valid characters (wide ones too) and broken sequences. */
static void
add_utf8(struct run *r, char *buf, size_t *len, size_t cap)
{
	static const char *const bits[] = {
		"\xc3\xa9", "\xe2\x99\x94", "\xe2\x99\x9f", "\xf0\x9f\x98\x80",
		"\xe6\xbc\xa2", "\xef\xbc\xa1", "\xcc\x81", "\xe2\x80\x8b",
		"\xc0\xaf", "\xe0\x80\xaf", "\xed\xa0\x80", "\xf4\x90\x80\x80",
		"\x80", "\xbf", "\xc3", "\xe2\x99", "\xf0\x9f\x98", "\xfe",
		"\xff", "\xef\xbb\xbf",
	};

	for (int i = range(r, 1, 6); i > 0; i--)
		add_str(buf, len, cap, bits[range(r, 0,
		    (int)(sizeof bits / sizeof bits[0]) - 1)]);
}

static void
paste(struct run *r)
{
	static char buf[PASTE_MAX + 64];
	size_t len = 0, cap = sizeof buf;

	add_char(buf, &len, cap, ':');
	switch (range(r, 0, 6)) {
	case 0: /* printable garbage, up to past the prompt's length */
		for (int i = range(r, 1, PASTE_MAX); i > 0; i--)
			add_char(buf, &len, cap, (char)range(r, 0x20, 0x7e));
		break;
	case 1: /* any bytes */
		for (int i = range(r, 1, 300); i > 0; i--)
			add_char(buf, &len, cap, random_byte(r));
		break;
	case 2:
	case 3:
		add_move(r, buf, &len, cap);
		break;
	case 4:
		add_str(buf, &len, cap, words[range(r, 0,
		    (int)(sizeof words / sizeof words[0]) - 1)]);
		break;
	case 5:
		add_str(buf, &len, cap, "fen ");
		add_fen(r, buf, &len, cap);
		break;
	default:
		add_utf8(r, buf, &len, cap);
		add_move(r, buf, &len, cap);
		break;
	}
	if (chance(r, 80))
		add_char(buf, &len, cap, '\r');
	r->pastes++;
	send_bytes(r, buf, len);
}

static void
mouse(struct run *r)
{
	char seq[64];
	int x = chance(r, 90) ? range(r, 1, r->cols + 2) : range(r, 0, 99999);
	int y = chance(r, 90) ? range(r, 1, r->rows + 2) : range(r, 0, 99999);
	static const int buttons[] = { 0, 0, 0, 1, 2, 3, 32, 35, 64, 65, 8, 16 };
	int b = buttons[range(r, 0, 11)];

	if (chance(r, 75)) {
		snprintf(seq, sizeof seq, "\033[<%d;%d;%d%c", b, x, y,
		    chance(r, 50) ? 'M' : 'm');
		send_str(r, seq);
	} else {
		/* X10: three bytes, 32 plus the button, column and row. */
		seq[0] = '\033';
		seq[1] = '[';
		seq[2] = 'M';
		seq[3] = (char)(32 + (b & 0x63));
		seq[4] = (char)range(r, 33, 255);
		seq[5] = (char)range(r, 33, 255);
		send_bytes(r, seq, 6);
	}
}

/* A new window size: mostly ordinary, sometimes tiny or very large. */
static void
resize(struct run *r)
{
	int k = range(r, 0, 99);

	if (k < 60) {
		r->rows = range(r, 20, 60);
		r->cols = range(r, 60, 200);
	} else if (k < 90) {
		r->rows = range(r, 1, 20);
		r->cols = range(r, 1, 80);
	} else if (k < 97) {
		r->rows = range(r, 60, 200);
		r->cols = range(r, 200, 500);
	} else {
		/* Beyond the 1000x500 the program uses (terminal.h): the
		 * model is the capped size, the report is what a hostile
		 * client might claim. */
		int rows = range(r, 400, 65535), cols = range(r, 900, 65535);

		r->rows = rows < 500 ? rows : 500;
		r->cols = cols < 1000 ? cols : 1000;
		pty_resize_model(&r->p, r->rows, r->cols);
		pty_report_size(&r->p, rows, cols);
		r->resizes++;
		return;
	}
	pty_resize(&r->p, r->rows, r->cols);
	r->resizes++;
}

/* One keystroke. */
static void
keystroke(struct run *r)
{
	int k = range(r, 0, 999);
	char buf[64];
	size_t len = 0;

	if (k < 400) {
		send_str(r, plain_keys[range(r, 0,
		    (int)(sizeof plain_keys / sizeof plain_keys[0]) - 1)]);
	} else if (k < 560) {
		send_str(r, escape_keys[range(r, 0,
		    (int)(sizeof escape_keys / sizeof escape_keys[0]) - 1)]);
	} else if (k < 620) {
		send_str(r, bad_escapes[range(r, 0,
		    (int)(sizeof bad_escapes / sizeof bad_escapes[0]) - 1)]);
	} else if (k < 650) {
		/* A CSI sequence with random parameters and final byte;
		 * send_bytes changes one that would start a mouse report
		 * (see the note at the top).  The first parameter is never
		 * '<', as before that guard, so a seed keeps its keys. */
		char final = (char)range(r, 0x40, 0x7e);
		int params = range(r, 0, 12);

		add_str(buf, &len, sizeof buf, "\033[");
		for (int i = 0; i < params; i++)
			add_char(buf, &len, sizeof buf, i ?
			    "0123456789;<=>?"[range(r, 0, 14)] :
			    "0123456789;=>?"[range(r, 0, 13)]);
		add_char(buf, &len, sizeof buf, final);
		send_bytes(r, buf, len);
	} else if (k < 690) {
		r->mouse = true;
		mouse(r);
		r->mouse = false;
	} else if (k < 700) {
		/* A report split in two writes, as over a slow link. */
		size_t cut;

		add_str(buf, &len, sizeof buf, chance(r, 50) ? "\033[<0;" :
		    "\033[<");
		cut = len;
		add_str(buf, &len, sizeof buf, chance(r, 50) ? "12;7M" :
		    "0;3;4m");
		cut = (size_t)range(r, 1, (int)cut);
		r->mouse = true;
		send_bytes(r, buf, cut);
		pty_pump(&r->p, 30);
		send_bytes(r, buf + cut, len - cut);
		r->mouse = false;
	} else if (k < 780) {
		send_bytes(r, (char[]){ (char)range(r, 0x20, 0x7e) }, 1);
	} else if (k < 830) {
		for (int i = range(r, 1, 8); i > 0; i--)
			add_char(buf, &len, sizeof buf, random_byte(r));
		send_bytes(r, buf, len);
	} else if (k < 870) {
		add_utf8(r, buf, &len, sizeof buf);
		send_bytes(r, buf, len);
	} else if (k < 930) {
		paste(r);
	} else if (k < 970) {
		resize(r);
	} else if (k < 985) {
		send_str(r, plain_keys[range(r, 0, 22)]);
	} else {
		static const char *const leave[] = { "q", "q", "qy", "\033",
			"\033\033\033", "n", "n\r", ":new\r", "ny", "\r\r" };

		send_str(r, leave[range(r, 0, 9)]);
	}
	r->keys++;
}

/* Fails the run with a reason. */
static bool fail(struct run *r, const char *fmt, ...)
    __attribute__((format(printf, 2, 3)));

static bool
fail(struct run *r, const char *fmt, ...)
{
	va_list ap;

	va_start(ap, fmt);
	vsnprintf(r->why, sizeof r->why, fmt, ap);
	va_end(ap);
	return false;
}

static const char *const sanitizer_marks[] = {
	"AddressSanitizer", "LeakSanitizer", "runtime error:",
	"UndefinedBehaviorSanitizer",
};

/* True if the program exited cleanly, with the terminal restored. */
static bool
check_exit(struct run *r)
{
	struct termios t;
	const char *enter, *leave;
	char status[64];

	for (size_t i = 0; i < sizeof sanitizer_marks / sizeof *sanitizer_marks;
	     i++)
		if (r->p.log && strstr(r->p.log, sanitizer_marks[i]))
			return fail(r, "sanitizer report (%s)",
			    sanitizer_marks[i]);
	if (!WIFEXITED(r->p.status) || WEXITSTATUS(r->p.status) != 0) {
		if (WIFSIGNALED(r->p.status))
			snprintf(status, sizeof status, "killed by signal %d",
			    WTERMSIG(r->p.status));
		else
			snprintf(status, sizeof status, "exit status %d",
			    WEXITSTATUS(r->p.status));
		return fail(r, "abnormal exit: %s", status);
	}
	if (r->p.altscreen)
		return fail(r, "%s", "still on the alternate screen after exit");
	enter = r->p.log ? r->p.log : "";
	leave = NULL;
	for (const char *s = enter; (s = strstr(s, "\033[?1049l")); s++)
		leave = s;
	for (const char *s = enter; (s = strstr(s, "\033[?1049h")); s++)
		enter = s;
	/* Terminals without an alternate screen (vt220) have no smcup. */
	if (strstr(r->p.log ? r->p.log : "", "\033[?1049h") &&
	    (!leave || leave < enter))
		return fail(r, "%s", "no rmcup after the last smcup");
	if (tcgetattr(r->p.fd, &t) != 0 || !(t.c_lflag & ECHO) ||
	    !(t.c_lflag & ICANON))
		return fail(r, "%s", "echo or canonical input left off");
	return true;
}

/* Terminals and options a (re)start may get: mostly the default. */
static const struct {
	const char *env[3];
	const char *option;
} setups[] = {
	{ { NULL }, NULL },
	{ { "TERM=xterm", NULL }, NULL },
	{ { "TERM=vt220", NULL }, NULL },
	{ { "TERM=screen-256color", NULL }, NULL },
	{ { "LC_ALL=C", NULL }, NULL },
	{ { "NO_COLOR=1", NULL }, NULL },
	{ { NULL }, "--ascii" },
	{ { "TERM=xterm", "LC_ALL=C" }, "--no-color" },
};

static bool
spawn(struct run *r)
{
	int k = chance(r, 70) ? 0 : range(r, 1,
	    (int)(sizeof setups / sizeof setups[0]) - 1);
	const char *argv[] = { r->bin, "--variant", r->variant, "--white",
		"human", "--black", strcmp(r->mode, "computer") ? "human" :
		"computer", "--level", "1", setups[k].option, NULL };

	r->setup = k;
	r->rows = 24;
	r->cols = 80;
	if (pty_spawn(&r->p, r->rows, r->cols, argv, setups[k].env) != 0)
		return fail(r, "cannot start %s", r->bin);
	if (!pty_wait_text(&r->p, "to move", r->hang_ms))
		return fail(r, "%s", "the game never started");
	return true;
}

/* True if the program has exited (and reaps it). */
static bool
exited(struct run *r)
{
	/* Once it closed the terminal it is on its way out. */
	if (r->p.eof && !r->p.exited)
		pty_wait_exit(&r->p, r->hang_ms);
	if (!r->p.exited && waitpid(r->p.pid, &r->p.status, WNOHANG) ==
	    r->p.pid) {
		r->p.exited = true;
		while (pty_pump(&r->p, 0))
			;
	}
	return r->p.exited;
}

/*
 * The program must answer a resize to a size too small for every screen
 * (6 to 8 rows) by saying that size.
 */
static bool
probe(struct run *r)
{
	char text[64];
	int rows = 6 + (int)(r->probes % 3), cols = 40 + (int)(r->probes % 37);

	if (rows == r->rows && cols == r->cols)
		cols++;
	r->probes++;
	pty_resize(&r->p, rows, cols);
	snprintf(text, sizeof text, "(now %dx%d)", cols, rows);
	if (!pty_wait_text(&r->p, text, r->hang_ms)) {
		if (exited(r))
			return true; /* check_exit says why */
		return fail(r, "no answer to a resize (hang): '%s' never "
		    "appeared", text);
	}
	pty_resize(&r->p, r->rows, r->cols);
	return true;
}

/* Leaves the program the way a user would, from whatever it shows. */
static bool
quit(struct run *r)
{
	r->rows = 40;
	r->cols = 140;
	pty_resize(&r->p, r->rows, r->cols);
	for (int i = 0; i < 20 && !exited(r); i++) {
		pty_settle(&r->p, 50, 500);
		if (pty_find(&r->p, "Leave", NULL, NULL))
			pty_send(&r->p, "y");
		else
			pty_send(&r->p, i % 2 ? "q" : "\033");
		pty_wait_exit(&r->p, 300);
	}
	if (!pty_wait_exit(&r->p, r->hang_ms))
		return fail(r, "%s", "would not quit");
	return true;
}

static void
report_failure(struct run *r, uint64_t seed)
{
	size_t n = r->tail_len < TAIL ? r->tail_len : TAIL;
	size_t from = r->tail_len - n;
	const char *log = r->p.log ? r->p.log : "";
	size_t log_len = r->p.log_len;

	fprintf(stderr, "monkey: FAILED: %s %s after %ld keys: %s\n",
	    r->variant, r->mode, r->keys, r->why);
	fprintf(stderr, "monkey: terminal: %s %s %s\n",
	    setups[r->setup].env[0] ? setups[r->setup].env[0] : "(default)",
	    setups[r->setup].env[1] ? setups[r->setup].env[1] : "",
	    setups[r->setup].option ? setups[r->setup].option : "");
	fprintf(stderr, "monkey: repeat with: monkey -s %" PRIu64 " -v %s "
	    "-m %s -n %ld %s\n", seed, r->variant, r->mode, r->keys, r->bin);
	fprintf(stderr, "monkey: screen (%dx%d):\n%s\n", r->p.cols, r->p.rows,
	    pty_dump(&r->p));
	fprintf(stderr, "monkey: the last %zu bytes sent:\n", n);
	for (size_t i = 0; i < n; i++) {
		unsigned char c = (unsigned char)r->tail[(from + i) % TAIL];

		if (c >= 0x20 && c < 0x7f && c != '\\')
			fputc(c, stderr);
		else
			fprintf(stderr, "\\x%02x", c);
	}
	/* A sanitizer report is plain text at the end of the output; the
	 * escape sequences before it are shown, not obeyed. */
	fputs("\nmonkey: the program's last output:\n", stderr);
	for (size_t i = log_len > 6000 ? log_len - 6000 : 0; i < log_len; i++)
		if (log[i] == '\033')
			fputs("^[", stderr);
		else
			fputc(log[i], stderr);
	fputc('\n', stderr);
}

static bool
run_one(struct run *r, long nkeys)
{
	if (!spawn(r))
		return false;
	while (r->keys < nkeys) {
		int burst = range(r, 1, 60);

		for (int i = 0; i < burst && r->keys < nkeys; i++) {
			keystroke(r);
			/* Mostly at typing-robot speed; sometimes slow enough
			 * for a lone Esc to time out. */
			if (chance(r, 10))
				pty_pump(&r->p, chance(r, 30) ? 40 : 5);
			else
				pty_pump(&r->p, 0);
			if (exited(r))
				break;
		}
		if (!exited(r) && !probe(r))
			return false;
		if (exited(r)) {
			/* It quit (q y, :quit): cleanly, or it crashed. */
			if (!check_exit(r))
				return false;
			pty_close(&r->p);
			r->restarts++;
			if (!spawn(r))
				return false;
		}
	}
	if (!quit(r))
		return false;
	return check_exit(r);
}

/*
 * Fills `keys` with the variant keys `bin --list-variants` prints, one a
 * line, so that a new variant needs no edit here.  Returns their number,
 * or 0 (with a line on stderr) if the program could not say.
 */
static int
list_variants(const char *bin, char keys[][KEY_MAX], int max)
{
	int fd[2], n = 0, status;
	char line[256];
	pid_t pid;
	FILE *f;

	if (pipe(fd) != 0)
		return 0;
	pid = fork();
	if (pid < 0) {
		close(fd[0]);
		close(fd[1]);
		return 0;
	}
	if (pid == 0) {
		dup2(fd[1], STDOUT_FILENO);
		close(fd[0]);
		close(fd[1]);
		execl(bin, bin, "--list-variants", (char *)NULL);
		_exit(127);
	}
	close(fd[1]);
	f = fdopen(fd[0], "r");
	while (f && fgets(line, sizeof line, f)) {
		line[strcspn(line, "\n")] = '\0';
		if (n < max && line[0] && strlen(line) < KEY_MAX)
			strcpy(keys[n++], line);
	}
	if (f)
		fclose(f);
	else
		close(fd[0]);
	if (waitpid(pid, &status, 0) != pid || !WIFEXITED(status) ||
	    WEXITSTATUS(status) != 0 || n == 0) {
		fprintf(stderr, "monkey: %s --list-variants named no variant\n",
		    bin);
		return 0;
	}
	return n;
}

static void
usage(void)
{
	fputs("usage: monkey [-n KEYS] [-s SEED] [-v VARIANT] "
	    "[-m hot-seat|computer] [-t HANG_MS] BIGCHESS\n", stderr);
	exit(2);
}

int
main(int argc, char **argv)
{
	long nkeys = 10000;
	uint64_t seed = (uint64_t)time(NULL) ^ ((uint64_t)getpid() << 16);
	const char *only_variant = NULL, *only_mode = NULL;
	static char variants[VARIANTS_MAX][KEY_MAX];
	int hang_ms = 20000, opt, failures = 0, nvariants;
	long total_keys = 0, total_bytes = 0;
	int64_t t0 = now_ms();

	while ((opt = getopt(argc, argv, "n:s:v:m:t:")) != -1) {
		switch (opt) {
		case 'n':
			nkeys = strtol(optarg, NULL, 10);
			break;
		case 's':
			seed = strtoull(optarg, NULL, 10);
			break;
		case 'v':
			only_variant = optarg;
			break;
		case 'm':
			only_mode = optarg;
			break;
		case 't':
			hang_ms = atoi(optarg);
			break;
		default:
			usage();
		}
	}
	if (optind != argc - 1 || nkeys < 0 || hang_ms <= 0)
		usage();
	signal(SIGPIPE, SIG_IGN);
	nvariants = list_variants(argv[optind], variants, VARIANTS_MAX);
	if (nvariants == 0)
		return 1;
	for (int v = 0; only_variant && v <= nvariants; v++) {
		if (v == nvariants) {
			fprintf(stderr, "monkey: no variant %s\n", only_variant);
			return 2;
		}
		if (strcmp(only_variant, variants[v]) == 0)
			break;
	}
	printf("monkey: seed %" PRIu64 ", %ld keys per run, %s\n", seed, nkeys,
	    argv[optind]);
	fflush(stdout);
	for (int v = 0; v < nvariants; v++) {
		if (only_variant && strcmp(only_variant, variants[v]))
			continue;
		for (size_t m = 0; m < sizeof modes / sizeof *modes; m++) {
			struct run r;
			int64_t t = now_ms();
			double secs;

			if (only_mode && strcmp(only_mode, modes[m]))
				continue;
			memset(&r, 0, sizeof r);
			r.bin = argv[optind];
			r.variant = variants[v];
			r.mode = modes[m];
			r.hang_ms = hang_ms;
			r.rng = mix(mix(seed ^ 0x9E3779B97F4A7C15ULL,
			    r.variant), r.mode) | 1;
			if (!run_one(&r, nkeys)) {
				report_failure(&r, seed);
				failures++;
			}
			pty_close(&r.p);
			secs = (double)(now_ms() - t) / 1000.0;
			printf("monkey: %-6s %-8s %s: %ld keys (%ld bytes, %ld "
			    "pastes, %ld resizes, %ld probes, %ld restarts) in "
			    "%.1f s, %.0f keys/s\n", r.variant, r.mode,
			    r.why[0] ? "FAILED" : "ok", r.keys, r.bytes,
			    r.pastes, r.resizes, r.probes, r.restarts, secs,
			    secs > 0 ? (double)r.keys / secs : 0.0);
			fflush(stdout);
			total_keys += r.keys;
			total_bytes += r.bytes;
		}
	}
	printf("monkey: seed %" PRIu64 ": %ld keys, %ld bytes in %.1f s, %s\n",
	    seed, total_keys, total_bytes, (double)(now_ms() - t0) / 1000.0,
	    failures ? "FAILED" : "all ok");
	return failures ? 1 : 0;
}
