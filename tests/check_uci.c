/*
 * check_uci.c - transcripts of `bigchess --uci`, the real binary ($BIGCHESS)
 * driven through two pipes.
 *
 * Every reply is awaited with poll() and a deadline, so a silent or dead
 * program fails the test instead of hanging it; the deadlines are only
 * safety nets, never what a test measures.  Moves the program answers
 * are checked for legality with the rules library in this process.
 */
#include <errno.h>
#include <fcntl.h>
#include <poll.h>
#include <signal.h>
#include <stdarg.h>
#include <stdio.h>
#include <string.h>
#include <sys/types.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>

#include "pty_board.h"

enum {
	REPLY_MS_DEFAULT = 30000, /* the longest wait for any one line */
	LINE_MAX_LEN = 8192,
	BUF_SIZE = 1 << 16
};

struct uci_child {
	pid_t pid;
	int to_fd, from_fd;
	size_t len;
	char buf[BUF_SIZE];
	char line[LINE_MAX_LEN];
};

static int64_t
now_ms(void)
{
	struct timespec ts;

	clock_gettime(CLOCK_MONOTONIC, &ts);
	return (int64_t)ts.tv_sec * 1000 + ts.tv_nsec / 1000000;
}

/* The safety net per line: $BC_REPLY_MS (make tsan: its binary is some
 * ten times slower), else REPLY_MS_DEFAULT. */
static int64_t
reply_ms(void)
{
	const char *env = getenv("BC_REPLY_MS");
	long long ms = env ? atoll(env) : 0;

	return ms > 0 ? ms : REPLY_MS_DEFAULT;
}

#define REPLY_MS reply_ms()

static struct uci_child *
uci_open(void)
{
	const char *bin = bigchess_bin();
	struct uci_child *c = calloc(1, sizeof *c);
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
		execl(bin, bin, "--uci", (char *)NULL);
		_exit(127);
	}
	close(in[0]);
	close(out[1]);
	c->to_fd = in[1];
	c->from_fd = out[0];
	return c;
}

static void uci_send(struct uci_child *c, const char *fmt, ...)
    __attribute__((format(printf, 2, 3)));

static void
uci_send(struct uci_child *c, const char *fmt, ...)
{
	char text[LINE_MAX_LEN];
	va_list ap;
	int n;

	va_start(ap, fmt);
	n = vsnprintf(text, sizeof text - 1, fmt, ap);
	va_end(ap);
	ck_assert(n >= 0 && n < (int)sizeof text - 1);
	text[n++] = '\n';
	ck_assert_int_eq(write(c->to_fd, text, (size_t)n), n);
}

/* The next line into c->line; false at end of output or the deadline. */
static bool
uci_read_line(struct uci_child *c, int64_t deadline)
{
	for (;;) {
		char *nl = memchr(c->buf, '\n', c->len);
		struct pollfd pfd = { c->from_fd, POLLIN, 0 };
		int64_t left = deadline - now_ms();
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

/* Reads lines until one starts with `prefix`; fails on the deadline. */
static const char *
uci_expect(struct uci_child *c, const char *prefix)
{
	int64_t deadline = now_ms() + REPLY_MS;

	while (uci_read_line(c, deadline))
		if (strncmp(c->line, prefix, strlen(prefix)) == 0)
			return c->line;
	ck_abort_msg("no line starting '%s' (last: '%s')", prefix, c->line);
	return NULL;
}

/* Closes the input and waits for the program to exit; its status. */
static int
uci_close(struct uci_child *c)
{
	int64_t deadline = now_ms() + REPLY_MS;
	int status = -1;

	close(c->to_fd);
	while (now_ms() < deadline) {
		pid_t r = waitpid(c->pid, &status, WNOHANG);

		if (r == c->pid)
			break;
		/* Drain its output so that it never blocks on a full pipe. */
		if (!uci_read_line(c, now_ms() + 50))
			continue;
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

/* The move `text` in `pos` (coordinate notation), or BC_MOVE_NONE. */
static bc_move
parse_move(const bc_position *pos, const char *text)
{
	bc_move m;

	return bc_move_parse(pos, text, &m, NULL) == BC_OK ? m : BC_MOVE_NONE;
}

/* The best move of a "bestmove X ..." line, checked legal in `pos`. */
static void
expect_legal_bestmove(struct uci_child *c, const bc_position *pos,
    char *move, size_t size)
{
	const char *line = uci_expect(c, "bestmove ");
	char text[32] = "";

	ck_assert_int_eq(sscanf(line, "bestmove %31s", text), 1);
	ck_assert_msg(parse_move(pos, text) != BC_MOVE_NONE,
	    "bestmove '%s' is not legal", text);
	if (move)
		snprintf(move, size, "%s", text);
}

START_TEST(test_handshake)
{
	struct uci_child *c = uci_open();

	uci_send(c, "uci");
	ck_assert_ptr_nonnull(uci_expect(c, "id name bigchess"));
	ck_assert(strstr(uci_expect(c, "option name UCI_Variant"), "var chad"));
	ck_assert_ptr_nonnull(uci_expect(c, "option name Hash type spin"));
	ck_assert_ptr_nonnull(uci_expect(c, "option name Level type spin"));
	uci_expect(c, "uciok");
	uci_send(c, "isready");
	uci_expect(c, "readyok");
	uci_send(c, "quit");
	ck_assert_int_eq(uci_close(c), 0);
}
END_TEST

/* A game in progress, from the start with moves: Grand is the default. */
START_TEST(test_grand_position_moves)
{
	struct uci_child *c = uci_open();
	bc_position pos;
	const char *line;
	bc_undo undo;

	bc_position_start(&pos, bc_variant_find("grand"));
	uci_send(c, "setoption name UCI_Variant value grand");
	uci_send(c, "ucinewgame");
	uci_send(c, "position startpos moves e3e5 f8f6 e5f6");
	uci_send(c, "go depth 3");
	line = uci_expect(c, "info depth 1 ");
	ck_assert(strstr(line, " score cp ") || strstr(line, " score mate "));
	ck_assert(strstr(line, " nodes ") && strstr(line, " pv "));
	uci_expect(c, "info depth 3 ");
	bc_position_make(&pos, parse_move(&pos, "e3e5"), &undo);
	bc_position_make(&pos, parse_move(&pos, "f8f6"), &undo);
	bc_position_make(&pos, parse_move(&pos, "e5f6"), &undo);
	expect_legal_bestmove(c, &pos, NULL, 0);
	uci_send(c, "quit");
	ck_assert_int_eq(uci_close(c), 0);
}
END_TEST

/*
 * Grand promotions in Fairy-Stockfish's spelling: the 10th rank is "10"
 * and the piece a lower-case letter.  White has lost its queen, so e9e10q
 * is legal; afterwards Black's pawn on d2 has its own promotion to find.
 */
START_TEST(test_grand_promotion)
{
	static const char fen[] =
	    "7k2/4P5/10/10/10/10/10/10/3p6/K9 w - - 0 1";
	struct uci_child *c = uci_open();
	bc_position pos;
	char move[32];
	bc_undo undo;

	LOAD_FEN(&pos, "grand", fen);
	uci_send(c, "position fen %s", fen);
	uci_send(c, "go depth 4");
	expect_legal_bestmove(c, &pos, move, sizeof move);
	/* Promoting at once wins most: a queen (or as strong a piece). */
	ck_assert_msg(strncmp(move, "e9e10", 5) == 0 && strlen(move) == 6,
	    "expected a promotion on e10, got %s", move);

	uci_send(c, "position fen %s moves e9e10q", fen);
	bc_position_make(&pos, parse_move(&pos, "e9e10q"), &undo);
	ck_assert_int_eq(bc_position_piece_at(&pos, 4, 9),
	    BC_PIECE(BC_WHITE, bc_variant_piece_type(pos.variant, 'Q')));
	uci_send(c, "go nodes 3000");
	expect_legal_bestmove(c, &pos, NULL, 0);
	uci_send(c, "quit");
	ck_assert_int_eq(uci_close(c), 0);
}
END_TEST

START_TEST(test_other_variants)
{
	static const char *const keys[] = { "chad", "hadean",
		"hadean-ninja" };

	for (int i = 0; i < 3; i++) {
		struct uci_child *c = uci_open();
		bc_position pos;

		bc_position_start(&pos, bc_variant_find(keys[i]));
		uci_send(c, "setoption name UCI_Variant value %s", keys[i]);
		uci_send(c, "position startpos");
		uci_send(c, "go nodes 2000");
		expect_legal_bestmove(c, &pos, NULL, 0);
		uci_send(c, "quit");
		ck_assert_int_eq(uci_close(c), 0);
	}
}
END_TEST

/* "go infinite" runs until "stop"; "isready" is answered meanwhile. */
START_TEST(test_infinite_stop)
{
	struct uci_child *c = uci_open();
	bc_position pos;

	bc_position_start(&pos, bc_variant_find("grand"));
	uci_send(c, "position startpos");
	uci_send(c, "go infinite");
	uci_expect(c, "info depth 2 ");
	uci_send(c, "isready");
	uci_expect(c, "readyok");
	uci_send(c, "stop");
	expect_legal_bestmove(c, &pos, NULL, 0);
	/* And once more, stopped before it has reported anything. */
	uci_send(c, "go infinite");
	uci_send(c, "stop");
	expect_legal_bestmove(c, &pos, NULL, 0);
	uci_send(c, "quit");
	ck_assert_int_eq(uci_close(c), 0);
}
END_TEST

/* A node limit holds: no report counts more nodes than allowed. */
START_TEST(test_go_nodes)
{
	struct uci_child *c = uci_open();
	int64_t deadline = now_ms() + REPLY_MS;
	bc_position pos;
	bool reported = false;

	bc_position_start(&pos, bc_variant_find("grand"));
	uci_send(c, "position startpos");
	uci_send(c, "go nodes 5000");
	while (uci_read_line(c, deadline)) {
		const char *p = strstr(c->line, " nodes ");

		if (strncmp(c->line, "bestmove ", 9) == 0)
			break;
		if (p) {
			ck_assert_int_le(atol(p + 7), 5000);
			reported = true;
		}
	}
	ck_assert(reported);
	ck_assert_msg(strncmp(c->line, "bestmove ", 9) == 0, "no bestmove");
	uci_send(c, "quit");
	ck_assert_int_eq(uci_close(c), 0);
}
END_TEST

/* Nonsense never kills it: each bad line gets an info string. */
START_TEST(test_bad_input)
{
	static const char *const bad[] = {
		"frobnicate",
		"position",
		"position fen garbage",
		"position startpos moves e3e9",
		"position startpos nonsense",
		"setoption name UCI_Variant value shogi",
		"setoption name Hash value -5",
		"setoption name Level value 11",
		"setoption name NoSuchOption value 1",
		"go depth many",
		"go sideways",
	};
	struct uci_child *c = uci_open();
	char long_line[6000];
	bc_position pos;

	for (size_t i = 0; i < sizeof bad / sizeof bad[0]; i++) {
		uci_send(c, "%s", bad[i]);
		ck_assert_ptr_nonnull(uci_expect(c, "info string error"));
		if (strncmp(bad[i], "go", 2) == 0)
			uci_send(c, "stop");
	}
	memset(long_line, 'x', sizeof long_line - 1);
	long_line[sizeof long_line - 1] = '\0';
	uci_send(c, "%s", long_line);
	uci_expect(c, "info string error");
	uci_send(c, "%s", "");
	uci_send(c, "isready");
	uci_expect(c, "readyok");
	/* The position before the bad move stands; the rest still works. */
	bc_position_start(&pos, bc_variant_find("grand"));
	uci_send(c, "position startpos");
	uci_send(c, "go depth 2");
	expect_legal_bestmove(c, &pos, NULL, 0);
	uci_send(c, "quit");
	ck_assert_int_eq(uci_close(c), 0);
}
END_TEST

/* At the end of its input it finishes the search, answers, and exits. */
START_TEST(test_end_of_input)
{
	struct uci_child *c = uci_open();
	bc_position pos;

	bc_position_start(&pos, bc_variant_find("hadean"));
	uci_send(c, "setoption name UCI_Variant value hadean");
	uci_send(c, "position startpos");
	uci_send(c, "go depth 3");
	close(c->to_fd);
	c->to_fd = open("/dev/null", O_WRONLY);
	expect_legal_bestmove(c, &pos, NULL, 0);
	ck_assert_int_eq(uci_close(c), 0);
}
END_TEST

/*
 * A bad line is quoted back with its control characters escaped
 * (bigchess/text.h): a GUI's stray ESC or C1 never reaches the terminal
 * of a person typing to --uci.
 */
START_TEST(test_bad_input_escaped)
{
	static const struct {
		const char *line, *shown;
	} rows[] = {
		{ "bogus\033]0;PWNED\007", "'bogus\\x1b]0;PWNED\\x07'" },
		{ "bogus\302\233" "2J", "'bogus\\u009b2J'" },
		{ "position fen \033[2J", "bad FEN '\\x1b[2J'" },
		{ "setoption name UCI_Variant value \033c",
		    "unknown variant '\\x1bc'" },
	};
	struct uci_child *c = uci_open();

	for (size_t i = 0; i < sizeof rows / sizeof rows[0]; i++) {
		const char *line;

		uci_send(c, "%s", rows[i].line);
		line = uci_expect(c, "info string error");
		ck_assert_msg(strstr(line, rows[i].shown), "'%s' not in '%s'",
		    rows[i].shown, line);
		for (const unsigned char *p = (const unsigned char *)line; *p;
		    p++)
			ck_assert_msg(*p >= 0x20 && *p != 0x7f &&
			        !(*p == 0xc2 && p[1] >= 0x80 && p[1] <= 0x9f),
			    "raw byte 0x%02x in '%s'", *p, line);
	}
	uci_send(c, "isready");
	uci_expect(c, "readyok");
	uci_send(c, "quit");
	ck_assert_int_eq(uci_close(c), 0);
}
END_TEST

/* Writes `len` bytes of `data` to the program, however long. */
static void
uci_write(struct uci_child *c, const char *data, size_t len)
{
	while (len > 0) {
		ssize_t n = write(c->to_fd, data, len);

		ck_assert_msg(n > 0, "write to the program failed");
		data += n;
		len -= (size_t)n;
	}
}

/* Reads lines up to one starting with `prefix`; fails if a line before it
 * starts with `unwanted`. */
static const char *
uci_expect_without(struct uci_child *c, const char *prefix,
    const char *unwanted)
{
	int64_t deadline = now_ms() + REPLY_MS;

	while (uci_read_line(c, deadline)) {
		if (strncmp(c->line, prefix, strlen(prefix)) == 0)
			return c->line;
		ck_assert_msg(strncmp(c->line, unwanted, strlen(unwanted)) != 0,
		    "unexpected '%s' before '%s'", c->line, prefix);
	}
	ck_abort_msg("no line starting '%s' (last: '%s')", prefix, c->line);
	return NULL;
}

/*
 * Numbers beyond any sense are capped before the engine computes with
 * them (an increment of INT64_MAX was a signed overflow in the time
 * plan, which the UBSan build aborts on), and an overdrawn clock counts
 * as zero: each of these is a search that answers a legal move, with no
 * error.  Negative depths and words that are not numbers are refused.
 */
START_TEST(test_go_numbers_capped)
{
	static const char *const capped[] = {
		"go wtime 1000 winc 9223372036854775807",
		"go btime 1000 binc 9223372036854775807 wtime 1000 winc 5",
		"go wtime 9223372036854775807 btime 9223372036854775807 "
		"winc 9223372036854775807 binc 9223372036854775807 "
		"movestogo 1",
		"go wtime 99999999999999999999999999 movestogo "
		"99999999999999999999 nodes 3000",
		"go wtime -500 btime -500 winc -1 binc -1",
		"go wtime -9223372036854775808 winc -99999999999999999999",
		"go depth 99999999999999999999 nodes 3000",
		"go mate 99999999999 nodes 3000",
		"go movetime 99999999999999999999 nodes 3000",
		"go nodes 99999999999999999999999 depth 2",
	};
	static const char *const refused[] = {
		"go depth -3",
		"go nodes -1",
		"go movetime -10",
		"go movestogo -2",
		"go wtime 12abc",
	};
	struct uci_child *c = uci_open();
	bc_position pos;

	bc_position_start(&pos, bc_variant_find("grand"));
	for (size_t i = 0; i < sizeof capped / sizeof capped[0]; i++) {
		char move[32];

		uci_send(c, "position startpos");
		uci_send(c, "%s", capped[i]);
		uci_expect_without(c, "info depth", "info string error");
		uci_send(c, "stop");
		expect_legal_bestmove(c, &pos, move, sizeof move);
	}
	for (size_t i = 0; i < sizeof refused / sizeof refused[0]; i++) {
		uci_send(c, "%s nodes 2000", refused[i]);
		ck_assert_ptr_nonnull(strstr(uci_expect(c, "info string error"),
		    "wants a number"));
		expect_legal_bestmove(c, &pos, NULL, 0);
	}
	/* Hash sizes beyond any number are refused, not wrapped. */
	uci_send(c, "setoption name Hash value 99999999999999999999999");
	ck_assert_ptr_nonnull(strstr(uci_expect(c, "info string error"),
	    "Hash wants 1 to 4096"));
	uci_send(c, "setoption name Hash value -9223372036854775809");
	ck_assert_ptr_nonnull(strstr(uci_expect(c, "info string error"),
	    "Hash wants 1 to 4096"));
	uci_send(c, "quit");
	ck_assert_int_eq(uci_close(c), 0);
}
END_TEST

/*
 * A "position" of 5000 plies is played in full.  The moves are knights
 * going out and back (b2d1 b9d10 d1b2 d10b9, by hand from the Grand Chess
 * start position in rules/grand.md), so after 5000 plies, a multiple of
 * four, it is the start position with White to move.  The old reader
 * stopped at 4096 words, 4093 moves: Black to move, and a black answer.
 */
START_TEST(test_long_position)
{
	static const char *const cycle[] = { "b2d1", "b9d10", "d1b2", "d10b9" };
	enum { PLIES = 5000 };
	struct uci_child *c = uci_open();
	size_t size = 64 + PLIES * 8, len;
	char *line = malloc(size);
	bc_position pos;

	ck_assert_ptr_nonnull(line);
	len = (size_t)snprintf(line, size, "position startpos moves");
	for (int i = 0; i < PLIES; i++)
		len += (size_t)snprintf(line + len, size - len, " %s",
		    cycle[i % 4]);
	len += (size_t)snprintf(line + len, size - len, "\n");
	uci_write(c, line, len);
	uci_send(c, "go depth 2");
	bc_position_start(&pos, bc_variant_find("grand"));
	expect_legal_bestmove(c, &pos, NULL, 0);
	/* And one ply more: Black's answer. */
	line[len - 1] = '\0';
	uci_write(c, line, len - 1);
	uci_write(c, " b2d1\n", 6);
	uci_send(c, "go depth 2");
	{
		bc_move m;
		bc_undo undo;

		ck_assert_int_eq(bc_move_parse(&pos, "b2d1", &m, NULL), BC_OK);
		bc_position_make(&pos, m, &undo);
	}
	expect_legal_bestmove(c, &pos, NULL, 0);
	free(line);
	uci_send(c, "quit");
	ck_assert_int_eq(uci_close(c), 0);
}
END_TEST

/* Appends `s` and its NUL at buf[*len]. */
static void
put(char *buf, size_t *len, const char *s)
{
	size_t n = strlen(s);

	memcpy(buf + *len, s, n + 1);
	*len += n;
}

/*
 * A line longer than the limit (1 MiB, README) is refused whole: the
 * position it would set is not set, and the line after it, sent in the
 * same write, is read as a line of its own.
 */
START_TEST(test_line_limit)
{
	enum { LIMIT = 1 << 20 };
	static const char head[] = "position startpos moves";
	struct uci_child *c = uci_open();
	size_t size = LIMIT + 64, len = 0;
	char *line = malloc(size);
	bc_position pos;
	bc_move m;
	bc_undo undo;

	ck_assert_ptr_nonnull(line);
	uci_send(c, "position startpos moves b2d1");
	put(line, &len, head);
	/* Moves that would be legal, to one byte past the limit. */
	while (len <= LIMIT)
		put(line, &len, " b9d10 d1b2 d10b9 b2d1");
	put(line, &len, "\nisready\n");
	uci_write(c, line, len);
	ck_assert_ptr_nonnull(strstr(uci_expect(c, "info string error"),
	    "line longer than 1048576 bytes"));
	uci_expect(c, "readyok");
	/* Still Black to move, after b2d1 alone. */
	bc_position_start(&pos, bc_variant_find("grand"));
	ck_assert_int_eq(bc_move_parse(&pos, "b2d1", &m, NULL), BC_OK);
	bc_position_make(&pos, m, &undo);
	uci_send(c, "go depth 2");
	expect_legal_bestmove(c, &pos, NULL, 0);
	/* A line just under the limit is read. */
	len = 0;
	put(line, &len, head);
	while (len + 22 + 12 < LIMIT)
		put(line, &len, " b2d1 b9d10 d1b2 d10b9");
	put(line, &len, "\n");
	uci_write(c, line, len);
	uci_send(c, "go depth 2");
	bc_position_start(&pos, bc_variant_find("grand"));
	expect_legal_bestmove(c, &pos, NULL, 0);
	free(line);
	uci_send(c, "quit");
	ck_assert_int_eq(uci_close(c), 0);
}
END_TEST

/* Sends "go" with clocks (once the position sent before is taken) and
 * waits for the legal bestmove; how long that took from "go" in
 * milliseconds, measured here on the monotonic clock. */
static int64_t
timed_go(struct uci_child *c, const bc_position *pos, char *move,
    size_t size, const char *fmt, ...) __attribute__((format(printf, 5, 6)));

static int64_t
timed_go(struct uci_child *c, const bc_position *pos, char *move,
    size_t size, const char *fmt, ...)
{
	char text[LINE_MAX_LEN];
	va_list ap;
	int64_t start;

	va_start(ap, fmt);
	vsnprintf(text, sizeof text, fmt, ap);
	va_end(ap);
	/* The clock runs from "go": the position is read first. */
	uci_send(c, "isready");
	uci_expect(c, "readyok");
	start = now_ms();
	uci_send(c, "%s", text);
	expect_legal_bestmove(c, pos, move, size);
	return now_ms() - start;
}

/*
 * Small clocks, with and without increment, for both sides and from
 * several positions: the answer always comes within the time the clock
 * has, measured from outside (pipes and all).
 */
START_TEST(test_clock_small)
{
	static const int64_t clocks[] = { 1000, 300, 50 };
	static const int64_t incs[] = { 0, 10 };
	static const char *const lines[] = {
		"", " moves g3g4", " moves g3g4 g8g7", " moves b2c4 b9c7 c4d6",
	};
	struct uci_child *c = uci_open();

	for (size_t l = 0; l < sizeof lines / sizeof lines[0]; l++) {
		bc_position pos;
		char words[64];
		char *save = NULL;

		bc_position_start(&pos, bc_variant_find("grand"));
		snprintf(words, sizeof words, "%s", lines[l]);
		for (char *w = strtok_r(words, " ", &save); w;
		    w = strtok_r(NULL, " ", &save)) {
			bc_undo undo;

			if (strcmp(w, "moves") == 0)
				continue;
			ck_assert(parse_move(&pos, w) != BC_MOVE_NONE);
			bc_position_make(&pos, parse_move(&pos, w), &undo);
		}
		for (size_t t = 0; t < sizeof clocks / sizeof clocks[0]; t++)
			for (size_t i = 0; i < sizeof incs / sizeof incs[0];
			    i++) {
				int64_t used;

				uci_send(c, "position startpos%s", lines[l]);
				used = timed_go(c, &pos, NULL, 0,
				    "go wtime %lld btime %lld winc %lld "
				    "binc %lld", (long long)clocks[t],
				    (long long)clocks[t], (long long)incs[i],
				    (long long)incs[i]);
				ck_assert_msg(used <= clocks[t],
				    "%lld ms used of a %lld ms clock "
				    "(+%lld)%s", (long long)used,
				    (long long)clocks[t], (long long)incs[i],
				    lines[l]);
			}
	}
	uci_send(c, "quit");
	ck_assert_int_eq(uci_close(c), 0);
}
END_TEST

/*
 * One legal move (the white king on a1 can only go to a2: the rook on
 * b10 holds b1 and b2) is answered after the first iteration, even with
 * ten minutes on the clock: exactly one "info depth" line comes first.
 */
START_TEST(test_clock_forced)
{
	static const char fen[] = "1r7k/10/10/10/10/10/10/10/10/K9 w - - 0 1";
	struct uci_child *c = uci_open();
	bc_move_list list;
	bc_position pos;
	int depths = 0;

	LOAD_FEN(&pos, "grand", fen);
	bc_movegen_legal(&pos, &list);
	ck_assert_int_eq(list.count, 1);
	uci_send(c, "position fen %s", fen);
	uci_send(c, "go wtime 600000 btime 600000 winc 1000 binc 1000");
	for (;;) {
		const char *line = uci_expect(c, "");

		if (strncmp(line, "info depth ", 11) == 0) {
			ck_assert_int_eq(atoi(line + 11), 1);
			depths++;
		} else if (strncmp(line, "bestmove ", 9) == 0) {
			ck_assert_str_eq(line, "bestmove a1a2");
			break;
		}
	}
	ck_assert_int_eq(depths, 1);
	uci_send(c, "quit");
	ck_assert_int_eq(uci_close(c), 0);
}
END_TEST

/*
 * A game of 60 moves each at 2 s + 20 ms, the engine against itself,
 * with the clocks kept here: no side ever uses more than its clock has,
 * so neither flags, and what each used in all is within its base time
 * plus the increments it got.
 */
START_TEST(test_clock_game)
{
	enum { BASE_MS = 2000, INC_MS = 20, MOVES = 60 };
	struct uci_child *c = uci_open();
	int64_t clock[2] = { BASE_MS, BASE_MS }, used_sum[2] = { 0, 0 };
	int moves[2] = { 0, 0 };
	char *line = calloc(1, LINE_MAX_LEN);
	size_t len;
	bc_position pos;

	ck_assert_ptr_nonnull(line);
	bc_position_start(&pos, bc_variant_find("grand"));
	len = (size_t)snprintf(line, LINE_MAX_LEN, "position startpos moves");
	for (int ply = 0; ply < 2 * MOVES; ply++) {
		int side = ply % 2;
		bc_move_list list;
		char move[32];
		int64_t used;
		bc_undo undo;

		bc_movegen_legal(&pos, &list);
		if (list.count == 0)
			break;
		uci_send(c, "%s", line);
		used = timed_go(c, &pos, move, sizeof move,
		    "go wtime %lld btime %lld winc %d binc %d",
		    (long long)clock[0], (long long)clock[1], INC_MS, INC_MS);
		ck_assert_msg(used < clock[side], "ply %d: %lld ms used, "
		    "%lld ms on the clock", ply, (long long)used,
		    (long long)clock[side]);
		clock[side] += INC_MS - used;
		used_sum[side] += used;
		moves[side]++;
		bc_position_make(&pos, parse_move(&pos, move), &undo);
		ck_assert(len + strlen(move) + 2 < LINE_MAX_LEN);
		len += (size_t)snprintf(line + len, LINE_MAX_LEN - len, " %s",
		    move);
	}
	for (int side = 0; side < 2; side++)
		ck_assert_msg(used_sum[side] <=
		    BASE_MS + (int64_t)moves[side] * INC_MS,
		    "side %d used %lld ms in %d moves", side,
		    (long long)used_sum[side], moves[side]);
	free(line);
	uci_send(c, "quit");
	ck_assert_int_eq(uci_close(c), 0);
}
END_TEST

/* Move Overhead is offered, taken in its range and refused outside it. */
START_TEST(test_move_overhead_option)
{
	struct uci_child *c = uci_open();
	bc_position pos;

	bc_position_start(&pos, bc_variant_find("grand"));
	uci_send(c, "uci");
	ck_assert_ptr_nonnull(strstr(uci_expect(c, "option name Move Overhead"),
	    "type spin default 30 min 0 max 5000"));
	uci_expect(c, "uciok");
	uci_send(c, "setoption name Move Overhead value 5001");
	ck_assert_ptr_nonnull(strstr(uci_expect(c, "info string error"),
	    "Move Overhead wants 0 to 5000"));
	/* The whole clock kept back: the move still comes, within it. */
	uci_send(c, "setoption name Move Overhead value 5000");
	uci_send(c, "position startpos");
	ck_assert(timed_go(c, &pos, NULL, 0, "go wtime 1000 btime 1000") <=
	    1000);
	uci_send(c, "setoption name Move Overhead value 0");
	ck_assert(timed_go(c, &pos, NULL, 0, "go wtime 300 btime 300") <= 300);
	uci_send(c, "quit");
	ck_assert_int_eq(uci_close(c), 0);
}
END_TEST

/*
 * Threads 2 (and 3, and back to 1 and 2 between searches): every answer
 * of many short searches, by time and by depth, in the positions of a
 * game played on, is legal in the rules library's eyes; a bad count is
 * refused; "quit" in the middle of an infinite search with helpers ends
 * the program cleanly (status 0).
 */
START_TEST(test_threads)
{
	static const int counts[] = { 2, 3, 1, 2 };
	struct uci_child *c = uci_open();
	char *line = calloc(1, LINE_MAX_LEN);
	size_t len;
	bc_position pos;
	int ply = 0;

	ck_assert_ptr_nonnull(line);
	uci_send(c, "uci");
	ck_assert_ptr_nonnull(strstr(uci_expect(c, "option name Threads"),
	    "type spin default 1 min 1 max 64"));
	uci_expect(c, "uciok");
	uci_send(c, "setoption name Threads value 0");
	ck_assert_ptr_nonnull(strstr(uci_expect(c, "info string error"),
	    "Threads wants 1 to 64"));
	bc_position_start(&pos, bc_variant_find("grand"));
	len = (size_t)snprintf(line, LINE_MAX_LEN, "position startpos moves");
	for (size_t k = 0; k < sizeof counts / sizeof counts[0]; k++) {
		uci_send(c, "setoption name Threads value %d", counts[k]);
		for (int i = 0; i < 12; i++, ply++) {
			bc_move_list list;
			char move[32];
			bc_undo undo;

			bc_movegen_legal(&pos, &list);
			if (list.count == 0)
				break;
			uci_send(c, "%s", line);
			if (i % 3 == 2)
				uci_send(c, "go depth %d", 2 + i % 4);
			else
				uci_send(c, "go movetime %d", 5 + 10 * (i % 3));
			expect_legal_bestmove(c, &pos, move, sizeof move);
			bc_position_make(&pos, parse_move(&pos, move), &undo);
			ck_assert(len + strlen(move) + 2 < LINE_MAX_LEN);
			len += (size_t)snprintf(line + len, LINE_MAX_LEN - len,
			    " %s", move);
		}
	}
	ck_assert_int_gt(ply, 20);
	uci_send(c, "setoption name Threads value 2");
	uci_send(c, "position startpos");
	uci_send(c, "go infinite");
	uci_expect(c, "info depth");
	uci_send(c, "quit");
	free(line);
	ck_assert_int_eq(uci_close(c), 0);
}
END_TEST

Suite *
uci_suite(void)
{
	Suite *s = suite_create("uci");
	TCase *tc = tcase_create("transcripts");

	tcase_set_timeout(tc, 120);
	tcase_add_test(tc, test_handshake);
	tcase_add_test(tc, test_grand_position_moves);
	tcase_add_test(tc, test_grand_promotion);
	tcase_add_test(tc, test_other_variants);
	tcase_add_test(tc, test_infinite_stop);
	tcase_add_test(tc, test_go_nodes);
	tcase_add_test(tc, test_bad_input);
	tcase_add_test(tc, test_end_of_input);
	tcase_add_test(tc, test_bad_input_escaped);
	tcase_add_test(tc, test_go_numbers_capped);
	tcase_add_test(tc, test_long_position);
	tcase_add_test(tc, test_line_limit);
	tcase_add_test(tc, test_clock_small);
	tcase_add_test(tc, test_clock_forced);
	tcase_add_test(tc, test_clock_game);
	tcase_add_test(tc, test_move_overhead_option);
	tcase_add_test(tc, test_threads);
	suite_add_tcase(s, tc);
	return s;
}
