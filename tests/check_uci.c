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

#include "engine/engine.h"
#include "pipe_child.h"
#include "pty_board.h"

/* The names this file uses for the shared pipe harness. */
#define uci_child pipe_child
#define uci_open() pipe_open("--uci")
#define uci_send pipe_send
#define uci_read_line pipe_read_line
#define uci_expect pipe_expect
#define uci_close pipe_close
#define now_ms pipe_now_ms
#define REPLY_MS pipe_reply_ms()
#define LINE_MAX_LEN PIPE_LINE_MAX

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
 * has, measured from outside (pipes and all), give or take SCHED_MS.
 */
/*
 * Move Overhead is the time a GUI keeps back for the trip of each move;
 * here the trip is a pipe to a process on a test machine that may be
 * running a dozen other jobs on two cores, where a reply can wait 50 ms
 * or more to be scheduled.  The clock tests keep 150 ms back, as a
 * person would for a slow link: what they check is that the planning
 * never spends more than the clock less that overhead.
 */
static void
set_test_overhead(struct uci_child *c)
{
	uci_send(c, "setoption name Move Overhead value 150");
}

/*
 * On a 50 ms clock the engine answers after its first iteration, and
 * what is left to measure is how long the test machine takes to run two
 * processes and a pipe: under make check's parallel parts, or a dozen
 * other jobs on two cores, that alone took up to 70 ms here.  So a reply
 * may come that much past the clock; an engine that did not plan by the
 * clock (a second on a 50 ms clock) still fails.
 */
enum { SCHED_MS = 250 };

START_TEST(test_clock_small)
{
	static const int64_t clocks[] = { 1000, 300, 50 };
	static const int64_t incs[] = { 0, 10 };
	static const char *const lines[] = {
		"", " moves g3g4", " moves g3g4 g8g7", " moves b2c4 b9c7 c4d6",
	};
	struct uci_child *c = uci_open();

	set_test_overhead(c);
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
				ck_assert_msg(used <= clocks[t] + SCHED_MS,
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
	set_test_overhead(c);
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
		ck_assert_msg(used < clock[side] + SCHED_MS, "ply %d: %lld ms "
		    "used, %lld ms on the clock", ply, (long long)used,
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
		    BASE_MS + (int64_t)moves[side] * INC_MS + SCHED_MS,
		    "side %d used %lld ms in %d moves", side,
		    (long long)used_sum[side], moves[side]);
	free(line);
	uci_send(c, "quit");
	ck_assert_int_eq(uci_close(c), 0);
}
END_TEST

/*
 * The deepest iteration and the most nodes that the "info" lines of one
 * search report, up to its bestmove.
 */
static void
search_extent(struct uci_child *c, const char *go, int *depth,
    long *nodes)
{
	int64_t deadline = now_ms() + REPLY_MS;

	*depth = 0;
	*nodes = 0;
	uci_send(c, "%s", go);
	while (uci_read_line(c, deadline)) {
		const char *p;

		if (strncmp(c->line, "bestmove ", 9) == 0)
			return;
		if (strncmp(c->line, "info depth ", 11) == 0 &&
		    atoi(c->line + 11) > *depth)
			*depth = atoi(c->line + 11);
		if ((p = strstr(c->line, " nodes ")) && atol(p + 7) > *nodes)
			*nodes = atol(p + 7);
	}
	ck_abort_msg("no bestmove after '%s'", go);
}

/*
 * UCI_LimitStrength and UCI_Elo: offered with the ladder's range (level
 * 1's Elo to the highest measured level's); with the limit on, UCI_Elo
 * of level 1 searches one ply whatever the time given, the top Elo stays
 * within that level's node budget, an Elo between the two highest
 * measured levels between their searches; with it off, the Level option
 * governs again; bad values refused.
 */
START_TEST(test_limit_strength)
{
	struct uci_child *c = uci_open();
	struct engine_limits l9, ltop;
	int lo = engine_level_elo(ENGINE_LEVEL_MIN);
	int top = engine_level_measured();
	int hi = engine_level_elo(top);
	/* The two highest measured levels (tools/ladder). */
	int e8 = engine_level_elo(top - 1), e9 = engine_level_elo(top);
	char want[128];
	int depth;
	long nodes;

	engine_level_limits(top, &l9);
	engine_level_limits(top, &ltop);
	ck_assert(lo < e8 && e8 < e9 && e9 == hi);
	uci_send(c, "uci");
	ck_assert_str_eq(uci_expect(c, "option name UCI_LimitStrength"),
	    "option name UCI_LimitStrength type check default false");
	snprintf(want, sizeof want, "option name UCI_Elo type spin default %d "
	    "min %d max %d", engine_level_elo(ENGINE_LEVEL_DEFAULT), lo, hi);
	ck_assert_str_eq(uci_expect(c, "option name UCI_Elo"), want);
	uci_expect(c, "uciok");
	uci_send(c, "position startpos");

	uci_send(c, "setoption name UCI_LimitStrength value true");
	uci_send(c, "setoption name UCI_Elo value %d", lo);
	search_extent(c, "go movetime 60000", &depth, &nodes);
	ck_assert_int_eq(depth, 1);

	uci_send(c, "setoption name UCI_Elo value %d", hi);
	search_extent(c, "go movetime 60000", &depth, &nodes);
	ck_assert_int_gt(depth, 1);
	ck_assert_int_le(nodes, (long)ltop.nodes);

	/* Between the two: within the upper one's budget (the engine
	 * suite levels checks the budget lies between the two). */
	uci_send(c, "setoption name UCI_Elo value %d", (e8 + e9) / 2);
	search_extent(c, "go movetime 60000", &depth, &nodes);
	ck_assert_int_gt(nodes, 0);
	ck_assert_int_le(nodes, (long)l9.nodes);

	/* Off: the Level option governs again (level 1: one ply), not the
	 * Elo (the last one asked for searched deeper). */
	uci_send(c, "setoption name UCI_LimitStrength value false");
	uci_send(c, "setoption name Level value 1");
	search_extent(c, "go movetime 60000", &depth, &nodes);
	ck_assert_int_eq(depth, 1);

	uci_send(c, "setoption name UCI_Elo value %d", hi + 1);
	snprintf(want, sizeof want, "UCI_Elo wants %d to %d", lo, hi);
	ck_assert_ptr_nonnull(strstr(uci_expect(c, "info string error"),
	    want));
	uci_send(c, "setoption name UCI_LimitStrength value maybe");
	ck_assert_ptr_nonnull(strstr(uci_expect(c, "info string error"),
	    "UCI_LimitStrength wants true or false"));
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

/* A score of an info line in centipawns, mates beyond every score. */
static int
info_score(const char *line)
{
	const char *cp = strstr(line, " score cp ");
	const char *mate = strstr(line, " score mate ");
	int n = 0;

	if (cp)
		ck_assert_int_eq(sscanf(cp, " score cp %d", &n), 1);
	else if (mate && sscanf(mate, " score mate %d", &n) == 1)
		return n > 0 ? 100000 - n : -100000 - n;
	else
		ck_abort_msg("no score in '%s'", line);
	return n;
}

/* The number after ` word ` in `line`; fails if there is none. */
static long long
info_number(const char *line, const char *word)
{
	char key[64];
	const char *at;
	long long n;

	snprintf(key, sizeof key, " %s ", word);
	at = strstr(line, key);
	ck_assert_msg(at != NULL, "no '%s' in '%s'", word, line);
	ck_assert_int_eq(sscanf(at + strlen(key), "%lld", &n), 1);
	return n;
}

/*
 * Reads the info lines of a search up to its bestmove; keeps those of
 * depth `depth` by their multipv (1 .. `max`) in lines[], and returns
 * how many of them came.  A multipv line twice at that depth fails.
 */
static int
collect_lines(struct uci_child *c, int depth, char lines[][LINE_MAX_LEN],
    int max)
{
	int64_t deadline = now_ms() + REPLY_MS;
	int got = 0;

	for (int i = 0; i < max; i++)
		lines[i][0] = '\0';
	while (uci_read_line(c, deadline)) {
		long long k;

		if (strncmp(c->line, "bestmove ", 9) == 0)
			return got;
		if (strncmp(c->line, "info depth ", 11) != 0 ||
		    info_number(c->line, "depth") != depth)
			continue;
		k = info_number(c->line, "multipv");
		ck_assert_msg(k >= 1 && k <= max, "multipv %lld out of 1..%d",
		    k, max);
		ck_assert_msg(lines[k - 1][0] == '\0', "multipv %lld twice", k);
		snprintf(lines[k - 1], LINE_MAX_LEN, "%s", c->line);
		got++;
	}
	ck_abort_msg("no bestmove (last: '%s')", c->line);
	return got;
}

/* Every move of the pv of `line` is legal, played from `root`; the
 * first into `first`. */
static void
expect_legal_pv(const bc_position *root, const char *line, char *first,
    size_t size)
{
	char text[LINE_MAX_LEN], *word, *save = NULL;
	bc_position pos = *root;
	int n = 0;

	ck_assert_ptr_nonnull(strstr(line, " pv "));
	snprintf(text, sizeof text, "%s", strstr(line, " pv ") + 4);
	for (word = strtok_r(text, " ", &save); word;
	    word = strtok_r(NULL, " ", &save)) {
		bc_move m = parse_move(&pos, word);
		bc_undo undo;

		ck_assert_msg(m != BC_MOVE_NONE, "pv move '%s' not legal in "
		    "'%s'", word, line);
		if (n++ == 0)
			snprintf(first, size, "%s", word);
		bc_position_make(&pos, m, &undo);
	}
	ck_assert_int_gt(n, 0);
}

/*
 * MultiPV 3 from Grand's start: at the last depth three lines, multipv
 * 1, 2 and 3, whose first moves differ, whose pvs are legal, and whose
 * scores do not increase.  Then a position with exactly three legal
 * moves (the white king on a1 beside a rook's c-file; Fairy-Stockfish's
 * "go perft 1" counts 3: a1a2, a1b1, a1b2): MultiPV 5 gives three lines,
 * one for each move.  A bad count is refused.
 */
START_TEST(test_multipv)
{
	static const char fen[] = "2r6k/10/10/10/10/10/10/10/10/K9 w - - 0 1";
	static const char *const kings[] = { "a1a2", "a1b1", "a1b2" };
	char (*lines)[LINE_MAX_LEN] = calloc(5, LINE_MAX_LEN);
	struct uci_child *c = uci_open();
	char first[3][32];
	bc_position pos;

	ck_assert_ptr_nonnull(lines);
	uci_send(c, "uci");
	ck_assert_ptr_nonnull(strstr(uci_expect(c, "option name MultiPV"),
	    "type spin default 1 min 1 max 16"));
	uci_expect(c, "uciok");
	uci_send(c, "setoption name MultiPV value 0");
	ck_assert_ptr_nonnull(strstr(uci_expect(c, "info string error"),
	    "MultiPV wants 1 to 16"));
	bc_position_start(&pos, bc_variant_find("grand"));
	uci_send(c, "setoption name MultiPV value 3");
	uci_send(c, "position startpos");
	uci_send(c, "go depth 5");
	ck_assert_int_eq(collect_lines(c, 5, lines, 3), 3);
	for (int i = 0; i < 3; i++) {
		expect_legal_pv(&pos, lines[i], first[i], sizeof first[i]);
		for (int j = 0; j < i; j++)
			ck_assert_str_ne(first[i], first[j]);
		if (i > 0)
			ck_assert_int_le(info_score(lines[i]),
			    info_score(lines[i - 1]));
	}

	LOAD_FEN(&pos, "grand", fen);
	uci_send(c, "setoption name MultiPV value 5");
	uci_send(c, "position fen %s", fen);
	uci_send(c, "go depth 3");
	ck_assert_int_eq(collect_lines(c, 3, lines, 5), 3);
	for (int k = 0; k < 3; k++) {
		int found = 0;

		for (int i = 0; i < 3; i++) {
			expect_legal_pv(&pos, lines[i], first[i],
			    sizeof first[i]);
			found += strcmp(first[i], kings[k]) == 0;
		}
		ck_assert_msg(found == 1, "%s in %d lines", kings[k], found);
	}
	uci_send(c, "quit");
	free(lines);
	ck_assert_int_eq(uci_close(c), 0);
}
END_TEST

/*
 * The info fields: depth, seldepth, multipv, score, nodes, nps,
 * hashfull (per mille, 0 to 1000) and time on every line, with nps the
 * nodes over the time when the time is not 0.
 */
START_TEST(test_info_fields)
{
	struct uci_child *c = uci_open();
	int64_t deadline = now_ms() + REPLY_MS;
	int lines = 0;

	uci_send(c, "position startpos");
	uci_send(c, "go depth 6");
	while (uci_read_line(c, deadline) &&
	    strncmp(c->line, "bestmove ", 9) != 0) {
		long long nodes, ms, nps, hashfull;

		if (strncmp(c->line, "info depth ", 11) != 0)
			continue;
		lines++;
		ck_assert_int_ge(info_number(c->line, "seldepth"), 1);
		ck_assert_int_eq(info_number(c->line, "multipv"), 1);
		(void)info_score(c->line);
		nodes = info_number(c->line, "nodes");
		nps = info_number(c->line, "nps");
		ms = info_number(c->line, "time");
		hashfull = info_number(c->line, "hashfull");
		ck_assert(hashfull >= 0 && hashfull <= 1000);
		if (ms > 0)
			ck_assert_int_eq(nps, nodes * 1000 / ms);
	}
	ck_assert_msg(strncmp(c->line, "bestmove ", 9) == 0, "no bestmove");
	ck_assert_int_eq(lines, 6);
	uci_send(c, "quit");
	ck_assert_int_eq(uci_close(c), 0);
}
END_TEST

/* Reads up to "readyok", failing if a bestmove comes first. */
static void
expect_ready_without_bestmove(struct uci_child *c)
{
	int64_t deadline = now_ms() + REPLY_MS;

	uci_send(c, "isready");
	while (uci_read_line(c, deadline)) {
		ck_assert_msg(strncmp(c->line, "bestmove", 8) != 0,
		    "'%s' while pondering", c->line);
		if (strcmp(c->line, "readyok") == 0)
			return;
	}
	ck_abort_msg("no readyok (last: '%s')", c->line);
}

/*
 * Pondering: "go ponder depth 2" finishes its depth but holds the
 * bestmove until "ponderhit", which then gives it (and "bestmove X
 * ponder Y" has Y legal after X); "go ponder movetime 1" is not ended by
 * its time while pondering; "stop" during pondering gives a legal
 * bestmove at once; "ponderhit" with nothing pondered is an error.
 */
START_TEST(test_ponder)
{
	struct uci_child *c = uci_open();
	char move[32] = "", reply[32] = "";
	bc_position pos;
	bc_undo undo;

	uci_send(c, "uci");
	ck_assert_ptr_nonnull(uci_expect(c,
	    "option name Ponder type check default false"));
	uci_expect(c, "uciok");
	uci_send(c, "setoption name Ponder value true");
	bc_position_start(&pos, bc_variant_find("grand"));
	uci_send(c, "position startpos");
	uci_send(c, "go ponder depth 2");
	uci_expect(c, "info depth 2 ");
	expect_ready_without_bestmove(c);
	uci_send(c, "ponderhit");
	uci_expect(c, "bestmove ");
	ck_assert_int_eq(sscanf(c->line, "bestmove %31s ponder %31s", move,
	    reply), 2);
	ck_assert_msg(parse_move(&pos, move) != BC_MOVE_NONE, "%s", move);
	bc_position_make(&pos, parse_move(&pos, move), &undo);
	ck_assert_msg(parse_move(&pos, reply) != BC_MOVE_NONE, "%s", reply);

	bc_position_start(&pos, bc_variant_find("grand"));
	uci_send(c, "go ponder movetime 1");
	uci_expect(c, "info depth 3 ");
	expect_ready_without_bestmove(c);
	uci_send(c, "stop");
	expect_legal_bestmove(c, &pos, NULL, 0);

	uci_send(c, "go ponder wtime 60000 btime 60000");
	uci_expect(c, "info depth 2 ");
	uci_send(c, "ponderhit");
	expect_legal_bestmove(c, &pos, NULL, 0);

	uci_send(c, "ponderhit");
	ck_assert_ptr_nonnull(strstr(uci_expect(c, "info string error"),
	    "not pondering"));
	uci_send(c, "quit");
	ck_assert_int_eq(uci_close(c), 0);
}
END_TEST

/*
 * UCI_AnalyseMode: Level 1 alone does not search to depth 4 even when
 * asked; with analysis on it does (full strength).  A value that is not
 * true or false is refused.
 */
START_TEST(test_analyse_mode)
{
	struct uci_child *c = uci_open();
	int64_t deadline;
	long long deepest = 0;

	uci_send(c, "setoption name Level value 1");
	uci_send(c, "position startpos");
	uci_send(c, "go depth 4");
	deadline = now_ms() + REPLY_MS;
	while (uci_read_line(c, deadline) &&
	    strncmp(c->line, "bestmove ", 9) != 0)
		if (strncmp(c->line, "info depth ", 11) == 0)
			deepest = info_number(c->line, "depth");
	ck_assert_int_lt(deepest, 4);
	uci_send(c, "setoption name UCI_AnalyseMode value yes");
	ck_assert_ptr_nonnull(strstr(uci_expect(c, "info string error"),
	    "UCI_AnalyseMode wants true or false"));
	uci_send(c, "setoption name UCI_AnalyseMode value true");
	uci_send(c, "go depth 4");
	uci_expect(c, "info depth 4 ");
	uci_expect(c, "bestmove ");
	uci_send(c, "quit");
	ck_assert_int_eq(uci_close(c), 0);
}
END_TEST

/*
 * Setting UCI_Variant answers as Fairy-Stockfish does, for UCI2WB:
 * "info string variant NAME files F ranks R pocket 0 template fairy
 * startpos FEN", with the size and the start FEN of the rules files
 * (shared/rules/chad.md, grand.md, hadean.md), which the rules library
 * reads as its own start position.
 */
START_TEST(test_variant_info)
{
	static const struct {
		const char *key;
		int files, ranks;
		const char *fen;
	} want[] = {
		{ "chad", 12, 12, "12/12/7rrr2/7rkr2/7rrr2/12/12/2RRR7/2RKR7/"
		                  "2RRR7/12/12 w - - 0 1" },
		{ "grand", 10, 10, "r8r/1nbqkcabn1/pppppppppp/10/10/10/10/"
		                   "PPPPPPPPPP/1NBQKCABN1/R8R w - - 0 1" },
		{ "hadean", 12, 12, "rzmefqkwemsr/jjjjjbbjjjjj/pppppppppppp/12/"
		                    "12/12/12/12/12/PPPPPPPPPPPP/JJJJJBBJJJJJ/"
		                    "RZMEFQKWEMSR w KQkq - 0 1" },
	};
	struct uci_child *c = uci_open();

	for (size_t i = 0; i < sizeof want / sizeof want[0]; i++) {
		char name[32], template[32];
		int files, ranks, pocket, at = 0;
		bc_position pos, start;
		const char *line;

		uci_send(c, "setoption name UCI_Variant value %s", want[i].key);
		line = uci_expect(c, "info string variant ");
		ck_assert_int_eq(sscanf(line, "info string variant %31s files "
		    "%d ranks %d pocket %d template %31s startpos %n", name,
		    &files, &ranks, &pocket, template, &at), 5);
		ck_assert_int_gt(at, 0);
		ck_assert_str_eq(name, want[i].key);
		ck_assert_int_eq(files, want[i].files);
		ck_assert_int_eq(ranks, want[i].ranks);
		ck_assert_int_eq(pocket, 0);
		ck_assert_str_eq(template, "fairy");
		ck_assert_str_eq(line + at, want[i].fen);
		LOAD_FEN(&pos, want[i].key, line + at);
		bc_position_start(&start, bc_variant_find(want[i].key));
		ck_assert_uint_eq(pos.hash, start.hash);
	}
	uci_send(c, "quit");
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
	tcase_add_test(tc, test_limit_strength);
	tcase_add_test(tc, test_multipv);
	tcase_add_test(tc, test_info_fields);
	tcase_add_test(tc, test_ponder);
	tcase_add_test(tc, test_analyse_mode);
	tcase_add_test(tc, test_variant_info);
	suite_add_tcase(s, tc);
	return s;
}
