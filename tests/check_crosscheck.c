/*
 * check_crosscheck.c - Grand Chess perft against Fairy-Stockfish.
 *
 * Fairy-Stockfish (Debian package fairy-stockfish, UCI) is the oracle:
 * grand.md takes its reference numbers from it and from Sjaak II.  The
 * corpus is not hand-picked: deterministic random playouts (a fixed-seed
 * PRNG) from the start position, biased towards pawn advances, captures
 * and promotions, and a position is kept when it shows a feature we want
 * covered (check, en passant, optional and forced promotion, promotion
 * limited to the lost types, a pawn entering the zone or standing on the
 * 9th rank with nothing to promote to, and such a pawn giving check).  A
 * separate test asserts, from Fairy-Stockfish's own move lists, that each
 * feature is still there, so a change to the playouts cannot quietly lose
 * it.  Each position is compared at perft depth 3, and by its root move
 * list; a mismatch is explained by divides that descend to the position
 * where the two move lists differ.
 *
 * The engine runs as a child process (fork and execv, no shell) on two
 * pipes, once per test.  Every reply is awaited with poll() and a deadline,
 * so a dead or silent engine fails the test instead of hanging it, and the
 * child is stopped and reaped before any assertion.  A missing engine is a
 * failure that says how to install it.  $BC_FAIRY_STOCKFISH names another
 * binary; $BC_CROSSCHECK_VERBOSE prints each position and its counts.
 *
 * Conventions of Fairy-Stockfish 11.1 for grand, found by experiment: the
 * 10th rank is written "10" (j1j10); moves are coordinates with a lower
 * case promotion letter (i8h9n, e9e10q; c = chancellor, a = archbishop);
 * the FEN en-passant field is the square passed over, as in chess (d7
 * after d8d6), and a field naming a square where no capture is possible
 * is ignored.  `go perft N` prints one "move: count" line per legal move,
 * then "Nodes searched: N", and no timing.  `d` prints "Checkers: ..."
 * with the squares of the pieces giving check.
 */
#include <ctype.h>
#include <errno.h>
#include <fcntl.h>
#include <inttypes.h>
#include <poll.h>
#include <signal.h>
#include <stdarg.h>
#include <stdio.h>
#include <string.h>
#include <sys/types.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>

#include "test_util.h"

enum {
	ENGINE_BUF = 1 << 16,
	ENGINE_LINE_MAX = 1024,
	ENGINE_REPLY_MS = 60000, /* the longest wait for any one reply */
	ENGINE_QUIT_MS = 2000,   /* grace time after "quit" before SIGKILL */
	REPORT_MAX = 3000, /* Check's messages are limited to 4 KiB */
	EXPLAIN_MAX = 2,   /* mismatches explained by divides */
	DIFFS_SHOWN = 8,   /* differing moves listed per divide */
	MOVE_TEXT = 12,
	GRAND_SIZE = 10,
	CORPUS_FEATURE_SLOTS = 40, /* positions kept for their features */
	CORPUS_GENERAL_SLOTS = 12, /* positions kept at fixed plies */
	CORPUS_MAX = CORPUS_FEATURE_SLOTS + CORPUS_GENERAL_SLOTS,
	CORPUS_MIN = 40,
	FEATURE_QUOTA = 6,   /* positions wanted per feature */
	FEATURE_MIN = 3,     /* positions required per feature */
	PLAYOUTS_MAX = 400,
	PLAYOUT_PLIES = 240,
	PERFT_DEPTH = 3
};

/* ------------------------------------------------------------------ */
/* Fairy-Stockfish as a child process                                  */
/* ------------------------------------------------------------------ */

struct engine {
	pid_t pid;
	int to_fd;   /* the engine's stdin */
	int from_fd; /* the engine's stdout and stderr */
	bool eof;
	size_t len;
	char buf[ENGINE_BUF];
	char last[ENGINE_LINE_MAX]; /* the last line read, for messages */
	char error[ENGINE_LINE_MAX * 2]; /* why the engine failed, or "" */
	struct sigaction old_pipe;
};

static void
appendf(char *buf, size_t size, const char *fmt, ...)
    __attribute__((format(printf, 3, 4)));

/* Appends to the NUL-terminated text in `buf`; "..." marks a cut. */
static void
appendf(char *buf, size_t size, const char *fmt, ...)
{
	size_t len = strlen(buf);
	va_list ap;
	int n;

	if (len + 1 >= size)
		return;
	va_start(ap, fmt);
	n = vsnprintf(buf + len, size - len, fmt, ap);
	va_end(ap);
	if (n >= 0 && (size_t)n >= size - len && size > 4)
		memcpy(buf + size - 4, "...", 4);
}

/* The variant (no ck_assert here: Check records every passing assertion,
 * which in the playout loops would cost millions of writes). */
static const bc_variant *
grand(void)
{
	return bc_variant_get(BC_VARIANT_GRAND);
}

/* Finds the engine: $BC_FAIRY_STOCKFISH, else fairy-stockfish in $PATH
 * or in /usr/games (where Debian puts it, often not in $PATH). */
static bool
engine_find(char *path, size_t size)
{
	const char *env = getenv("BC_FAIRY_STOCKFISH");
	const char *dirs = getenv("PATH");
	char list[4096];

	if (env && *env) {
		snprintf(path, size, "%s", env);
		return access(path, X_OK) == 0;
	}
	snprintf(list, sizeof list, "%s:/usr/games:/usr/local/games",
	    dirs ? dirs : "/usr/bin:/bin");
	for (char *dir = list, *end; dir; dir = end) {
		end = strchr(dir, ':');
		if (end)
			*end++ = '\0';
		if (snprintf(path, size, "%s/fairy-stockfish",
		    *dir ? dir : ".") >= (int)size)
			continue;
		if (access(path, X_OK) == 0)
			return true;
	}
	return false;
}

static int64_t
now_ms(void)
{
	struct timespec ts;

	clock_gettime(CLOCK_MONOTONIC, &ts);
	return (int64_t)ts.tv_sec * 1000 + ts.tv_nsec / 1000000;
}

/* Starts `path` on two pipes.  On failure fills e->error. */
static bool
engine_spawn(struct engine *e, const char *path)
{
	int in[2], out[2];
	struct sigaction ignore;

	if (pipe(in) != 0) {
		snprintf(e->error, sizeof e->error, "pipe: %s",
		    strerror(errno));
		return false;
	}
	if (pipe(out) != 0) {
		snprintf(e->error, sizeof e->error, "pipe: %s",
		    strerror(errno));
		close(in[0]);
		close(in[1]);
		return false;
	}
	e->pid = fork();
	if (e->pid < 0) {
		snprintf(e->error, sizeof e->error, "fork: %s",
		    strerror(errno));
		close(in[0]);
		close(in[1]);
		close(out[0]);
		close(out[1]);
		return false;
	}
	if (e->pid == 0) {
		char *argv[2];
		static const char failed[] = "exec of fairy-stockfish failed\n";

		/* execv does not write its arguments. */
		/* NOLINTNEXTLINE(performance-no-int-to-ptr) */
		argv[0] = (char *)(uintptr_t)path;
		argv[1] = NULL;
		dup2(in[0], STDIN_FILENO);
		dup2(out[1], STDOUT_FILENO);
		dup2(out[1], STDERR_FILENO);
		close(in[0]);
		close(in[1]);
		close(out[0]);
		close(out[1]);
		execv(path, argv);
		if (write(STDOUT_FILENO, failed, sizeof failed - 1) < 0)
			_exit(126);
		_exit(127);
	}
	close(in[0]);
	close(out[1]);
	e->to_fd = in[1];
	e->from_fd = out[0];
	fcntl(e->to_fd, F_SETFD, FD_CLOEXEC);
	fcntl(e->from_fd, F_SETFD, FD_CLOEXEC);
	/* A write to an engine that died must fail with EPIPE, not kill us. */
	memset(&ignore, 0, sizeof ignore);
	ignore.sa_handler = SIG_IGN;
	sigemptyset(&ignore.sa_mask);
	sigaction(SIGPIPE, &ignore, &e->old_pipe);
	return true;
}

static bool
engine_send(struct engine *e, const char *fmt, ...)
    __attribute__((format(printf, 2, 3)));

/* Sends one command line. */
static bool
engine_send(struct engine *e, const char *fmt, ...)
{
	char line[ENGINE_LINE_MAX];
	size_t len, done = 0;
	va_list ap;

	va_start(ap, fmt);
	vsnprintf(line, sizeof line - 1, fmt, ap);
	va_end(ap);
	len = strlen(line);
	line[len++] = '\n';
	while (done < len) {
		ssize_t n = write(e->to_fd, line + done, len - done);

		if (n < 0 && errno == EINTR)
			continue;
		if (n <= 0) {
			snprintf(e->error, sizeof e->error,
			    "writing to fairy-stockfish: %s", strerror(errno));
			return false;
		}
		done += (size_t)n;
	}
	return true;
}

/*
 * Reads one line (without its newline) into `line`, waiting at most until
 * `deadline` (now_ms() time).  Returns false, with e->error set, at end of
 * output, on a time-out or on a read error.
 */
static bool
engine_read_line(struct engine *e, char *line, size_t size, int64_t deadline)
{
	for (;;) {
		char *nl = memchr(e->buf, '\n', e->len);
		struct pollfd pfd = { .fd = e->from_fd, .events = POLLIN };
		int64_t left;
		ssize_t n;
		int rc;

		if (nl || e->len == sizeof e->buf || (e->eof && e->len)) {
			size_t take = nl ? (size_t)(nl - e->buf) : e->len;
			size_t used = nl ? take + 1 : take;
			size_t copy = take < size - 1 ? take : size - 1;

			memcpy(line, e->buf, copy);
			line[copy] = '\0';
			if (copy && line[copy - 1] == '\r')
				line[copy - 1] = '\0';
			memmove(e->buf, e->buf + used, e->len - used);
			e->len -= used;
			snprintf(e->last, sizeof e->last, "%s", line);
			return true;
		}
		if (e->eof) {
			snprintf(e->error, sizeof e->error,
			    "fairy-stockfish closed its output (last line: "
			    "\"%s\")", e->last);
			return false;
		}
		left = deadline - now_ms();
		if (left <= 0) {
			snprintf(e->error, sizeof e->error,
			    "fairy-stockfish did not answer in time (last "
			    "line: \"%s\")", e->last);
			return false;
		}
		rc = poll(&pfd, 1, (int)left);
		if (rc < 0 && errno == EINTR)
			continue;
		if (rc < 0) {
			snprintf(e->error, sizeof e->error, "poll: %s",
			    strerror(errno));
			return false;
		}
		if (rc == 0)
			continue; /* the deadline check above reports it */
		n = read(e->from_fd, e->buf + e->len, sizeof e->buf - e->len);
		if (n < 0 && errno == EINTR)
			continue;
		if (n < 0) {
			snprintf(e->error, sizeof e->error, "read: %s",
			    strerror(errno));
			return false;
		}
		if (n == 0)
			e->eof = true;
		e->len += (size_t)n;
	}
}

/* Reads lines until one starts with `prefix`; that line is left in
 * `line`. */
static bool
engine_expect(struct engine *e, const char *prefix, char *line, size_t size)
{
	int64_t deadline = now_ms() + ENGINE_REPLY_MS;

	do {
		if (!engine_read_line(e, line, size, deadline)) {
			appendf(e->error, sizeof e->error,
			    " waiting for \"%s\"", prefix);
			return false;
		}
	} while (strncmp(line, prefix, strlen(prefix)) != 0);
	return true;
}

/* Stops and reaps the engine: "quit", then SIGKILL if it lingers. */
static void
engine_stop(struct engine *e)
{
	int64_t deadline = now_ms() + ENGINE_QUIT_MS;
	struct timespec pause = { 0, 10 * 1000 * 1000 };
	pid_t done = 0;

	if (e->pid <= 0)
		return;
	engine_send(e, "quit");
	close(e->to_fd);
	while ((done = waitpid(e->pid, NULL, WNOHANG)) == 0 &&
	    now_ms() < deadline)
		nanosleep(&pause, NULL);
	if (done == 0) {
		kill(e->pid, SIGKILL);
		waitpid(e->pid, NULL, 0);
	}
	close(e->from_fd);
	sigaction(SIGPIPE, &e->old_pipe, NULL);
	e->pid = 0;
}

/*
 * Starts Fairy-Stockfish and sets it to Grand Chess.  A missing engine is a
 * failure, not a skip: the crosscheck is part of the test suite.
 */
static struct engine *
engine_open(void)
{
	struct engine *e = calloc(1, sizeof *e);
	char path[1024], line[ENGINE_LINE_MAX], why[2048];
	int64_t deadline = now_ms() + ENGINE_REPLY_MS;
	bool has_grand = false;

	ck_assert_ptr_nonnull(e);
	ck_assert_ptr_nonnull(grand());
	if (!engine_find(path, sizeof path)) {
		free(e);
		ck_abort_msg("fairy-stockfish not found (looked in "
		    "$BC_FAIRY_STOCKFISH, $PATH and /usr/games): install it "
		    "with 'apt-get install fairy-stockfish' (CI installs it "
		    "via .ci/run)");
	}
	if (!engine_spawn(e, path) || !engine_send(e, "uci"))
		goto fail;
	do {
		if (!engine_read_line(e, line, sizeof line, deadline))
			goto fail;
		if (strncmp(line, "option name UCI_Variant ", 24) == 0 &&
		    strstr(line, " var grand"))
			has_grand = true;
	} while (strcmp(line, "uciok") != 0);
	if (!has_grand) {
		snprintf(e->error, sizeof e->error,
		    "this fairy-stockfish does not offer UCI_Variant grand");
		goto fail;
	}
	if (!engine_send(e, "setoption name UCI_Variant value grand") ||
	    !engine_send(e, "isready") ||
	    !engine_expect(e, "readyok", line, sizeof line))
		goto fail;
	return e;
fail:
	/* Stop the child before failing: a failed assertion ends us. */
	snprintf(why, sizeof why, "%.300s: %.1500s", path, e->error);
	engine_stop(e);
	free(e);
	ck_abort_msg("%s", why);
	return NULL;
}

static void
engine_close(struct engine *e)
{
	engine_stop(e);
	free(e);
}

/* ------------------------------------------------------------------ */
/* Moves and divides                                                   */
/* ------------------------------------------------------------------ */

/* A root divide: each legal move in Fairy-Stockfish's notation, with the
 * number of leaves below it. */
struct divide {
	int count;
	uint64_t total;
	char move[BC_MAX_MOVES][MOVE_TEXT];
	uint64_t nodes[BC_MAX_MOVES];
};

/* A move as fields: squares from 0, promotion letter (lower case) or 0. */
struct move_fields {
	int from_file, from_rank, to_file, to_rank;
	char promo;
};

/*
 * Writes our move `m` in Fairy-Stockfish's notation.  It happens to equal
 * our coordinate notation for Grand Chess, but it is built here from the
 * move's fields so that the test does not rest on bc_move_to_coord.
 */
static void
move_to_fsf(bc_move m, char *buf, size_t size)
{
	int from = BC_MOVE_FROM(m), to = BC_MOVE_TO(m);
	int promo = BC_MOVE_PROMO(m);
	char letter[2] = { 0, 0 };

	if (promo)
		letter[0] = (char)tolower(
		    (unsigned char)bc_variant_piece_letter(grand(), promo));
	snprintf(buf, size, "%c%d%c%d%s", 'a' + BC_FILE(from),
	    BC_RANK(from) + 1, 'a' + BC_FILE(to), BC_RANK(to) + 1, letter);
}

/* Parses a move in Fairy-Stockfish's notation ("e9e10q"). */
static bool
move_fields_parse(const char *text, struct move_fields *f)
{
	char promo = 0;
	char ff, tf;
	int fr, tr, used = 0;

	if (sscanf(text, "%c%d%c%d%n", &ff, &fr, &tf, &tr, &used) != 4)
		return false;
	if (text[used] && islower((unsigned char)text[used]))
		promo = text[used++];
	if (text[used] || ff < 'a' || ff >= 'a' + GRAND_SIZE || tf < 'a' ||
	    tf >= 'a' + GRAND_SIZE || fr < 1 || fr > GRAND_SIZE || tr < 1 ||
	    tr > GRAND_SIZE)
		return false;
	f->from_file = ff - 'a';
	f->from_rank = fr - 1;
	f->to_file = tf - 'a';
	f->to_rank = tr - 1;
	f->promo = promo;
	return true;
}

/* Our divide of `pos` at `depth`, moves in Fairy-Stockfish's notation. */
static void
our_divide(bc_position *pos, int depth, struct divide *d)
{
	bc_move_list *list = new_move_list();
	bc_undo undo;

	bc_movegen_legal(pos, list);
	d->count = list->count;
	d->total = 0;
	for (int i = 0; i < list->count; i++) {
		move_to_fsf(list->moves[i], d->move[i], MOVE_TEXT);
		bc_position_make(pos, list->moves[i], &undo);
		d->nodes[i] = bc_perft(pos, depth - 1);
		bc_position_unmake(pos, &undo);
		d->total += d->nodes[i];
	}
	free(list);
}

/* Parses a "move: count" line of `go perft`. */
static bool
parse_divide_line(const char *line, char *move, uint64_t *nodes)
{
	const char *colon = strchr(line, ':');
	size_t len = colon ? (size_t)(colon - line) : 0;
	struct move_fields f;

	if (!colon || len == 0 || len >= MOVE_TEXT)
		return false;
	memcpy(move, line, len);
	move[len] = '\0';
	if (!move_fields_parse(move, &f))
		return false;
	return sscanf(colon + 1, " %" SCNu64, nodes) == 1;
}

/* Sets the engine's position: "position fen". */
static bool
fsf_position(struct engine *e, const char *fen)
{
	char line[ENGINE_LINE_MAX];

	/* isready first, so no stale output of an earlier command remains. */
	return engine_send(e, "isready") &&
	    engine_expect(e, "readyok", line, sizeof line) &&
	    engine_send(e, "position fen %s", fen);
}

/* Fairy-Stockfish's divide of `fen` at `depth` into `d`. */
static bool
fsf_divide(struct engine *e, const char *fen, int depth, struct divide *d)
{
	char line[ENGINE_LINE_MAX];
	int64_t deadline = now_ms() + ENGINE_REPLY_MS;

	d->count = 0;
	d->total = 0;
	if (!fsf_position(e, fen) || !engine_send(e, "go perft %d", depth))
		return false;
	for (;;) {
		char move[MOVE_TEXT];
		uint64_t nodes;

		if (!engine_read_line(e, line, sizeof line, deadline))
			return false;
		if (strncmp(line, "Nodes searched: ", 16) == 0) {
			uint64_t sum = 0;

			if (sscanf(line + 16, "%" SCNu64, &d->total) != 1)
				break;
			for (int i = 0; i < d->count; i++)
				sum += d->nodes[i];
			if (sum != d->total)
				break;
			return true;
		}
		if (!parse_divide_line(line, move, &nodes))
			continue;
		if (d->count == BC_MAX_MOVES)
			break;
		memcpy(d->move[d->count], move, MOVE_TEXT);
		d->nodes[d->count++] = nodes;
	}
	snprintf(e->error, sizeof e->error,
	    "unexpected perft output of fairy-stockfish for %s: \"%s\"", fen,
	    line);
	return false;
}

/* Whether Fairy-Stockfish's "d" shows the side to move in check. */
static bool
fsf_in_check(struct engine *e, const char *fen, bool *in_check)
{
	char line[ENGINE_LINE_MAX];

	if (!fsf_position(e, fen) || !engine_send(e, "d") ||
	    !engine_expect(e, "Checkers:", line, sizeof line))
		return false;
	*in_check = strspn(line + 9, " ") != strlen(line + 9);
	return true;
}

static int
divide_find(const struct divide *d, const char *move)
{
	for (int i = 0; i < d->count; i++)
		if (strcmp(d->move[i], move) == 0)
			return i;
	return -1;
}

/*
 * Writes the differences of two divides into `report` (with `names_only`,
 * only moves that one side lacks), the first DIFFS_SHOWN of them; returns
 * in *descend a move that both sides have but count differently (or -1).
 * Returns the number of differences.
 */
static int
divide_compare(const struct divide *ours, const struct divide *theirs,
    bool names_only, char *report, size_t size, int *descend)
{
	int diffs = 0;

	*descend = -1;
	for (int i = 0; i < theirs->count; i++) {
		int j = divide_find(ours, theirs->move[i]);

		if (j < 0 && diffs++ < DIFFS_SHOWN)
			appendf(report, size, " %s only fsf (%" PRIu64 ");",
			    theirs->move[i], theirs->nodes[i]);
		if (j < 0 || names_only || ours->nodes[j] == theirs->nodes[i])
			continue;
		if (diffs++ < DIFFS_SHOWN)
			appendf(report, size,
			    " %s ours %" PRIu64 " fsf %" PRIu64 ";",
			    theirs->move[i], ours->nodes[j], theirs->nodes[i]);
		if (*descend < 0)
			*descend = j;
	}
	for (int j = 0; j < ours->count; j++)
		if (divide_find(theirs, ours->move[j]) < 0 &&
		    diffs++ < DIFFS_SHOWN)
			appendf(report, size, " %s only ours (%" PRIu64 ");",
			    ours->move[j], ours->nodes[j]);
	if (diffs > DIFFS_SHOWN)
		appendf(report, size, " and %d more;", diffs - DIFFS_SHOWN);
	return diffs;
}

/*
 * After a mismatch: divides on both sides, then follows a move that the
 * two count differently down to the position where the move lists
 * themselves differ, writing each level into `report`.
 */
static void
explain_mismatch(struct engine *e, const char *fen, int depth, char *report,
    size_t size)
{
	struct divide *ours = malloc(sizeof *ours);
	struct divide *theirs = malloc(sizeof *theirs);
	bc_move_list *list = new_move_list();
	bc_position pos;
	char here[BC_FEN_MAX];

	ck_assert_ptr_nonnull(ours);
	ck_assert_ptr_nonnull(theirs);
	snprintf(here, sizeof here, "%s", fen);
	for (; depth >= 1; depth--) {
		int descend;
		bc_move next = BC_MOVE_NONE;
		bc_undo undo;

		if (bc_position_from_fen(&pos, grand(), here, NULL) != BC_OK)
			break;
		our_divide(&pos, depth, ours);
		if (!fsf_divide(e, here, depth, theirs)) {
			appendf(report, size, "\n  (divide failed: %s)",
			    e->error);
			break;
		}
		appendf(report, size, "\n  divide %d of %s:", depth, here);
		if (divide_compare(ours, theirs, false, report, size,
		    &descend) == 0 || descend < 0 || depth == 1)
			break;
		bc_movegen_legal(&pos, list);
		for (int i = 0; i < list->count; i++) {
			char text[MOVE_TEXT];

			move_to_fsf(list->moves[i], text, sizeof text);
			if (strcmp(text, ours->move[descend]) == 0)
				next = list->moves[i];
		}
		if (next == BC_MOVE_NONE)
			break;
		appendf(report, size, "\n  after %s:", ours->move[descend]);
		bc_position_make(&pos, next, &undo);
		bc_position_to_fen(&pos, here, sizeof here);
	}
	free(list);
	free(ours);
	free(theirs);
}

/* ------------------------------------------------------------------ */
/* The corpus: biased deterministic playouts                           */
/* ------------------------------------------------------------------ */

enum feature {
	FEAT_CHECK,          /* the side to move is in check */
	FEAT_EN_PASSANT,     /* an en-passant capture is among the moves */
	FEAT_PROMO_OPTIONAL, /* a promotion on the 8th or 9th rank */
	FEAT_PROMO_FORCED,   /* a promotion on the 10th rank */
	FEAT_PROMO_LIMITED,  /* a promotion while some types are not lost */
	FEAT_ZONE_NO_PROMO,  /* a pawn enters the 8th/9th rank, nothing lost */
	FEAT_NINTH_BARRED,   /* a 9th-rank pawn, nothing lost, 10th rank free */
	FEAT_NINTH_CHECK,    /* check by such a pawn */
	FEAT_COUNT
};

static const char *const feature_names[FEAT_COUNT] = {
	"check",
	"en passant",
	"optional promotion (8th/9th rank)",
	"forced promotion (10th rank)",
	"promotion limited to the lost types",
	"pawn entering the zone with nothing to promote to",
	"pawn on the 9th rank with nothing to promote to, 10th rank open",
	"check by a 9th-rank pawn with nothing to promote to",
};

/* grand.md: the start counts that limit promotion. */
static const struct {
	char letter;
	int count;
} promo_start[] = {
	{ 'Q', 1 }, { 'C', 1 }, { 'A', 1 }, { 'R', 2 }, { 'B', 2 }, { 'N', 2 },
};

enum { PROMO_TYPES = sizeof promo_start / sizeof promo_start[0] };

static char
letter_at(const bc_position *pos, int file, int rank, int *color)
{
	bc_piece p = bc_position_piece_at(pos, file, rank);

	if (p == BC_EMPTY || p == BC_OFFBOARD)
		return 0;
	*color = BC_PIECE_COLOR(p);
	return bc_variant_piece_letter(grand(), BC_PIECE_TYPE(p));
}

/* How many promotion types `color` has lost, counted on the board. */
static int
lost_types(const bc_position *pos, int color)
{
	int count[PROMO_TYPES] = { 0 }, lost = 0;

	for (int r = 0; r < GRAND_SIZE; r++)
		for (int f = 0; f < GRAND_SIZE; f++) {
			int c;
			char l = letter_at(pos, f, r, &c);

			for (int t = 0; l && c == color && t < PROMO_TYPES; t++)
				if (promo_start[t].letter == l)
					count[t]++;
		}
	for (int t = 0; t < PROMO_TYPES; t++)
		lost += count[t] < promo_start[t].count;
	return lost;
}

/* The rank counted from `color`'s side, from 0. */
static int
rel_rank(int color, int rank)
{
	return color == BC_WHITE ? rank : GRAND_SIZE - 1 - rank;
}

/*
 * The features (bits of enum feature) of `pos` with legal moves `moves`,
 * judged from the board and the move list alone, so that the same code
 * rates our move list and Fairy-Stockfish's.
 */
static unsigned
position_features(const bc_position *pos, const struct move_fields *moves,
    int n, bool in_check)
{
	int us = pos->side, lost = lost_types(pos, us);
	int forward = us == BC_WHITE ? 1 : -1;
	unsigned feats = in_check ? 1u << FEAT_CHECK : 0;

	for (int i = 0; i < n; i++) {
		const struct move_fields *m = &moves[i];
		int color = -1, to_color = -1, rel;
		int to = BC_SQUARE(m->to_file, m->to_rank);
		char piece = letter_at(pos, m->from_file, m->from_rank, &color);
		char target = letter_at(pos, m->to_file, m->to_rank, &to_color);

		if (piece != 'P' || color != us)
			continue;
		rel = rel_rank(us, m->to_rank);
		for (int k = 0; k < pos->ep_count; k++)
			if (m->from_file != m->to_file && !target &&
			    to == pos->ep_square[k])
				feats |= 1u << FEAT_EN_PASSANT;
		if (m->promo)
			feats |= 1u << (rel == GRAND_SIZE - 1 ?
			    FEAT_PROMO_FORCED : FEAT_PROMO_OPTIONAL);
		if (m->promo && lost < PROMO_TYPES)
			feats |= 1u << FEAT_PROMO_LIMITED;
		if (!m->promo && lost == 0 && (rel == 7 || rel == 8))
			feats |= 1u << FEAT_ZONE_NO_PROMO;
	}
	/* A 9th-rank pawn with nothing to promote to, and an empty square
	 * ahead or an enemy piece diagonally ahead on the 10th rank. */
	for (int f = 0; lost == 0 && f < GRAND_SIZE; f++) {
		int r = rel_rank(us, 8), color = -1;

		if (letter_at(pos, f, r, &color) != 'P' || color != us)
			continue;
		for (int df = -1; df <= 1; df++) {
			int c = -1;
			char l;

			if (f + df < 0 || f + df >= GRAND_SIZE)
				continue;
			l = letter_at(pos, f + df, r + forward, &c);
			if ((df == 0 && !l) || (df != 0 && l && c != us))
				feats |= 1u << FEAT_NINTH_BARRED;
		}
	}
	/* Check from a 9th-rank pawn of a side that has lost nothing: the
	 * pawn may not move to the 10th rank, yet attacks it. */
	for (int df = -1; in_check && df <= 1; df += 2) {
		int them = !us, color = -1;
		int kf = BC_FILE(pos->king[us]), kr = BC_RANK(pos->king[us]);

		if (rel_rank(them, kr) == GRAND_SIZE - 1 && kf + df >= 0 &&
		    kf + df < GRAND_SIZE && lost_types(pos, them) == 0 &&
		    letter_at(pos, kf + df, rel_rank(them, 8), &color) == 'P' &&
		    color == them)
			feats |= 1u << FEAT_NINTH_CHECK;
	}
	return feats;
}

/* Our legal moves as fields. */
static int
our_move_fields(const bc_move_list *list, struct move_fields *out)
{
	for (int i = 0; i < list->count; i++) {
		int promo = BC_MOVE_PROMO(list->moves[i]);

		out[i].from_file = BC_FILE(BC_MOVE_FROM(list->moves[i]));
		out[i].from_rank = BC_RANK(BC_MOVE_FROM(list->moves[i]));
		out[i].to_file = BC_FILE(BC_MOVE_TO(list->moves[i]));
		out[i].to_rank = BC_RANK(BC_MOVE_TO(list->moves[i]));
		out[i].promo = promo ? (char)tolower((unsigned char)
		    bc_variant_piece_letter(grand(), promo)) : 0;
	}
	return list->count;
}

/* Playout styles: weights for pawn moves, captures and promotions. */
static const struct {
	int pawn, capture, promote;
} styles[] = {
	{ 24, 4, 8 }, /* pawn race: pieces mostly stay home */
	{ 3, 12, 4 }, /* trades: pieces get lost, promotion becomes possible */
	{ 6, 6, 2 },  /* in between, promotions often declined */
};

enum { STYLES = sizeof styles / sizeof styles[0] };

/* Picks a move of `list` at random, weighted by the playout's style. */
static bc_move
pick_move(const bc_position *pos, const bc_move_list *list, int style,
    uint64_t *rng)
{
	uint64_t weight[BC_MAX_MOVES], sum = 0, x;

	for (int i = 0; i < list->count; i++) {
		bc_move m = list->moves[i];
		int kind = BC_MOVE_KIND(m), color = -1;
		char piece = letter_at(pos, BC_FILE(BC_MOVE_FROM(m)),
		    BC_RANK(BC_MOVE_FROM(m)), &color);

		weight[i] = 1;
		if (piece == 'P')
			weight[i] *= (uint64_t)styles[style].pawn;
		if (kind == BC_MOVE_CAPTURE || kind == BC_MOVE_EN_PASSANT)
			weight[i] *= (uint64_t)styles[style].capture;
		if (BC_MOVE_PROMO(m))
			weight[i] *= (uint64_t)styles[style].promote;
		sum += weight[i];
	}
	if (sum == 0)
		return 0; /* no legal move */
	x = bc_random_next(rng) % sum;
	for (int i = 0; i < list->count; i++) {
		if (x < weight[i])
			return list->moves[i];
		x -= weight[i];
	}
	return list->moves[list->count - 1];
}

struct corpus {
	int count;
	char fen[CORPUS_MAX][BC_FEN_MAX];
	unsigned features[CORPUS_MAX]; /* as our move lists rate them */
	int playouts;
};

static void
corpus_add(struct corpus *c, const bc_position *pos, unsigned feats)
{
	bc_position_to_fen(pos, c->fen[c->count], BC_FEN_MAX);
	c->features[c->count++] = feats;
}

/*
 * Plays biased random games from the start and keeps positions: one for
 * each feature still short of its quota (at most one per feature per
 * game), and one at a fixed ply from each of the first games.
 */
static struct corpus *
corpus_build(void)
{
	struct corpus *c = calloc(1, sizeof *c);
	bc_move_list *list = new_move_list();
	struct move_fields *fields = malloc(BC_MAX_MOVES * sizeof *fields);
	int have[FEAT_COUNT] = { 0 }, general = 0, featured = 0;

	ck_assert_ptr_nonnull(c);
	ck_assert_ptr_nonnull(fields);
	for (int p = 0; p < PLAYOUTS_MAX; p++) {
		uint64_t rng = 0x6772616e64ull * 1000003u + (uint64_t)p;
		int style = p % STYLES, sample_ply = 8 + 11 * p % 150;
		unsigned taken = 0, short_of = 0;
		bc_position pos;
		bc_undo undo;

		for (int f = 0; f < FEAT_COUNT; f++)
			if (have[f] < FEATURE_QUOTA)
				short_of |= 1u << f;
		if ((!short_of || featured == CORPUS_FEATURE_SLOTS) &&
		    general == CORPUS_GENERAL_SLOTS)
			break;
		c->playouts = p + 1;
		bc_position_start(&pos, grand());
		for (int ply = 0; ply < PLAYOUT_PLIES; ply++) {
			unsigned feats;
			int n;

			bc_movegen_legal(&pos, list);
			if (list->count == 0)
				break;
			n = our_move_fields(list, fields);
			feats = position_features(&pos, fields, n,
			    bc_position_in_check(&pos));
			if ((feats & short_of & ~taken) &&
			    featured < CORPUS_FEATURE_SLOTS) {
				corpus_add(c, &pos, feats);
				featured++;
				taken |= feats;
				for (int f = 0; f < FEAT_COUNT; f++)
					if (feats & 1u << f && ++have[f] >=
					    FEATURE_QUOTA)
						short_of &= ~(1u << f);
			} else if (ply == sample_ply &&
			    general < CORPUS_GENERAL_SLOTS) {
				corpus_add(c, &pos, feats);
				general++;
			}
			bc_position_make(&pos, pick_move(&pos, list, style,
			    &rng), &undo);
		}
	}
	free(fields);
	free(list);
	return c;
}

/* ------------------------------------------------------------------ */
/* Tests                                                               */
/* ------------------------------------------------------------------ */

/*
 * The oracle itself, against the numbers in grand.md (which come from
 * Fairy-Stockfish and Sjaak II): proves the pipe protocol, the variant
 * setting and the FEN conventions before the oracle judges anything.
 */
START_TEST(test_crosscheck_oracle_reference)
{
	static const struct {
		const char *fen;
		int depth;
		uint64_t nodes;
	} rows[] = {
		/* grand.md: start position, depths 1-3. */
		{ "r8r/1nbqkcabn1/pppppppppp/10/10/10/10/PPPPPPPPPP/1NBQKCABN1/"
		  "R8R w - - 0 1", 1, 65 },
		{ "r8r/1nbqkcabn1/pppppppppp/10/10/10/10/PPPPPPPPPP/1NBQKCABN1/"
		  "R8R w - - 0 1", 2, 4225 },
		{ "r8r/1nbqkcabn1/pppppppppp/10/10/10/10/PPPPPPPPPP/1NBQKCABN1/"
		  "R8R w - - 0 1", 3, 259514 },
		/* grand.md: "More positions" (en passant on e7). */
		{ "r8r/1nbqkcabn1/ppp2ppppp/3p6/4pP4/10/10/PPPPP1PPPP/"
		  "1NBQKCABN1/R8R w - e7 0 3", 2, 5768 },
		/* grand.md: the two 9th-rank promotion rows, and K+P v K. */
		{ "r8r/1nbqkcab2/ppppppppP1/10/10/10/10/PPPPPPPP2/1NBQKCAB2/"
		  "R8R w - - 0 1", 3, 334814 },
		{ "r8r/1nbqkcab2/pppppppp1P/8P1/10/10/10/PPPPPPP3/1NBQKCAB2/"
		  "R8R w - - 0 1", 3, 326688 },
		{ "4k5/10/10/1P8/10/10/10/10/5K4/10 w - - 0 1", 3, 1243 },
	};
	struct divide *d = malloc(sizeof *d);
	struct engine *e = engine_open();
	char report[REPORT_MAX] = "";
	int bad = 0;

	ck_assert_ptr_nonnull(d);
	for (size_t i = 0; i < sizeof rows / sizeof rows[0]; i++) {
		if (!fsf_divide(e, rows[i].fen, rows[i].depth, d)) {
			appendf(report, sizeof report, "\n%s", e->error);
			bad++;
			break;
		}
		if (d->total != rows[i].nodes) {
			appendf(report, sizeof report,
			    "\nfsf perft(%d) of %s: %" PRIu64
			    ", grand.md says %" PRIu64, rows[i].depth,
			    rows[i].fen, d->total, rows[i].nodes);
			bad++;
		}
	}
	engine_close(e);
	free(d);
	ck_assert_msg(bad == 0, "fairy-stockfish disagrees with grand.md:%s",
	    report);
}
END_TEST

/*
 * The corpus has every feature, judged from Fairy-Stockfish's move lists
 * (perft 1) and its "Checkers:" line, so the coverage claim does not rest
 * on our move generator.
 */
START_TEST(test_crosscheck_corpus_coverage)
{
	struct corpus *c = corpus_build();
	struct divide *d = malloc(sizeof *d);
	struct move_fields *fields = malloc(BC_MAX_MOVES * sizeof *fields);
	struct engine *e = engine_open();
	int have[FEAT_COUNT] = { 0 }, count, playouts;
	char report[REPORT_MAX] = "";
	bool ok = true;

	ck_assert_ptr_nonnull(d);
	ck_assert_ptr_nonnull(fields);
	for (int i = 0; ok && i < c->count; i++) {
		bc_position pos;
		bool in_check = false;
		unsigned feats;

		if (bc_position_from_fen(&pos, grand(), c->fen[i], NULL) !=
		    BC_OK) {
			appendf(report, sizeof report,
			    "our FEN does not read back: %s", c->fen[i]);
			ok = false;
			break;
		}
		if (!fsf_divide(e, c->fen[i], 1, d) ||
		    !fsf_in_check(e, c->fen[i], &in_check)) {
			appendf(report, sizeof report, "%s: %s", c->fen[i],
			    e->error);
			ok = false;
			break;
		}
		for (int k = 0; k < d->count; k++)
			move_fields_parse(d->move[k], &fields[k]);
		feats = position_features(&pos, fields, d->count, in_check);
		for (int f = 0; f < FEAT_COUNT; f++)
			have[f] += (feats >> f) & 1;
	}
	engine_close(e);
	free(fields);
	free(d);
	count = c->count;
	playouts = c->playouts;
	free(c);
	ck_assert_msg(ok, "%s", report);
	ck_assert_msg(count >= CORPUS_MIN,
	    "only %d positions in the corpus (from %d playouts)", count,
	    playouts);
	for (int f = 0; f < FEAT_COUNT; f++)
		if (have[f] < FEATURE_MIN)
			appendf(report, sizeof report, "\n  %s: %d (want %d)",
			    feature_names[f], have[f], FEATURE_MIN);
	ck_assert_msg(report[0] == '\0',
	    "corpus of %d positions lacks coverage:%s", count, report);
}
END_TEST

/*
 * Perft of every corpus position, ours against Fairy-Stockfish's, and the
 * root move lists as sets.  A mismatch is explained by divides.
 */
START_TEST(test_crosscheck_perft_corpus)
{
	struct corpus *c = corpus_build();
	struct divide *theirs = malloc(sizeof *theirs);
	struct divide *root = malloc(sizeof *root);
	struct engine *e = engine_open();
	bool verbose = getenv("BC_CROSSCHECK_VERBOSE") != NULL;
	char report[REPORT_MAX] = "";
	uint64_t compared = 0;
	int bad = 0, explained = 0, count;

	ck_assert_ptr_nonnull(theirs);
	ck_assert_ptr_nonnull(root);
	for (int i = 0; i < c->count; i++) {
		bc_position pos;
		uint64_t ours;
		bool fsf_check = false;
		char sets[REPORT_MAX / 2] = "";
		int unused;

		if (bc_position_from_fen(&pos, grand(), c->fen[i], NULL) !=
		    BC_OK) {
			appendf(report, sizeof report,
			    "\nour FEN does not read back: %s", c->fen[i]);
			bad++;
			continue;
		}
		ours = bc_perft(&pos, PERFT_DEPTH);
		if (!fsf_divide(e, c->fen[i], PERFT_DEPTH, theirs) ||
		    !fsf_in_check(e, c->fen[i], &fsf_check)) {
			appendf(report, sizeof report, "\n%s: %s", c->fen[i],
			    e->error);
			bad++;
			break;
		}
		if (verbose)
			fprintf(stderr, "crosscheck %2d %s perft %d: ours %"
			    PRIu64 " fsf %" PRIu64 " features %#x\n", i,
			    c->fen[i], PERFT_DEPTH, ours, theirs->total,
			    c->features[i]);
		compared += theirs->total;
		/* The root move lists must name the same moves even when the
		 * totals happen to agree. */
		our_divide(&pos, 1, root);
		if (divide_compare(root, theirs, true, sets, sizeof sets,
		    &unused) != 0) {
			appendf(report, sizeof report,
			    "\nroot moves of %s differ:%s", c->fen[i], sets);
			bad++;
		}
		if (ours != theirs->total) {
			appendf(report, sizeof report,
			    "\nperft(%d) of %s: ours %" PRIu64 ", fsf %" PRIu64,
			    PERFT_DEPTH, c->fen[i], ours, theirs->total);
			if (explained++ < EXPLAIN_MAX)
				explain_mismatch(e, c->fen[i], PERFT_DEPTH,
				    report, sizeof report);
			bad++;
		}
		if (bc_position_in_check(&pos) != fsf_check) {
			appendf(report, sizeof report,
			    "\n%s: in check: ours %d, fsf %d", c->fen[i],
			    bc_position_in_check(&pos), fsf_check);
			bad++;
		}
	}
	if (verbose)
		fprintf(stderr, "crosscheck: %d positions, depth %d, %" PRIu64
		    " nodes, %d playouts\n", c->count, PERFT_DEPTH, compared,
		    c->playouts);
	engine_close(e);
	count = c->count;
	free(root);
	free(theirs);
	free(c);
	ck_assert_msg(bad == 0, "%d disagreements with fairy-stockfish:%s",
	    bad, report);
	ck_assert_int_ge(count, CORPUS_MIN);
}
END_TEST

Suite *
crosscheck_suite(void)
{
	Suite *s = suite_create("crosscheck");
	TCase *tc = tcase_create("core");

	tcase_set_timeout(tc, 120);
	tcase_add_test(tc, test_crosscheck_oracle_reference);
	tcase_add_test(tc, test_crosscheck_corpus_coverage);
	tcase_add_test(tc, test_crosscheck_perft_corpus);
	suite_add_tcase(s, tc);
	return s;
}
