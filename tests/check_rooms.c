/*
 * check_rooms.c - game rooms (issue #15) through the real program: a
 * host, a guest and a watcher, each a bigchess in a pseudo-terminal of
 * its own, and a fake peer (this test, on the room's socket) that sends
 * what no bigchess would.
 *
 * Every process has its own state folder; they share a rooms folder,
 * a private XDG_RUNTIME_DIR made for the test.  While one screen is
 * awaited the others are read too (wait_in), so that no program stalls
 * on a full terminal while the test waits for it to move.
 *
 * The mating moves are the lessons' solutions (assets/lessons, each
 * proved by the lessons suite with the rules library); the positions
 * are the lessons' FENs.  The opening moves are Grand Chess pawn steps
 * from the third rank and knight jumps (grand.md).
 *
 * _GNU_SOURCE: setresuid and setgroups, for a child that becomes one of
 * the test's users (test_two_users).
 */
#define _GNU_SOURCE /* NOLINT(bugprone-reserved-identifier,cert-dcl37-c,cert-dcl51-cpp) */
#include <dirent.h>
#include <errno.h>
#include <fcntl.h>
#include <grp.h>
#include <poll.h>
#include <pwd.h>
#include <signal.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/socket.h>
#include <sys/stat.h>
#include <sys/un.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>

#include "pty_board.h"

enum { ROWS = 40, COLS = 150, LIVE_MAX = 4 };

static char rooms_home[64];
static struct pty *live[LIVE_MAX];

static void
rooms_setup(void)
{
	snprintf(rooms_home, sizeof rooms_home, "/tmp/bigchess-rooms-XXXXXX");
	ck_assert_ptr_nonnull(mkdtemp(rooms_home));
	ck_assert_int_eq(setenv("XDG_RUNTIME_DIR", rooms_home, 1), 0);
	unsetenv("BIGCHESS_ROOMS");
	memset(live, 0, sizeof live);
}

static void
rooms_teardown(void)
{
	pty_remove_tree(rooms_home);
}

static void
track(struct pty *p)
{
	for (int i = 0; i < LIVE_MAX; i++)
		if (!live[i]) {
			live[i] = p;
			return;
		}
	ck_abort_msg("too many programs");
}

static void
untrack(struct pty *p)
{
	for (int i = 0; i < LIVE_MAX; i++)
		if (live[i] == p)
			live[i] = NULL;
}

static int64_t
now_ms(void)
{
	struct timespec ts;

	clock_gettime(CLOCK_MONOTONIC, &ts);
	return (int64_t)ts.tv_sec * 1000 + ts.tv_nsec / 1000000;
}

/* Reads every program's output until `text` shows on `p`. */
static bool
wait_in(struct pty *p, const char *text, int ms)
{
	int64_t end = now_ms() + ms;

	while (now_ms() < end) {
		for (int i = 0; i < LIVE_MAX; i++)
			if (live[i] && live[i] != p)
				pty_pump(live[i], 0);
		if (pty_find(p, text, NULL, NULL))
			return true;
		pty_pump(p, 20);
	}
	return pty_find(p, text, NULL, NULL);
}

#define SEE_MS(p, text, ms) \
	ck_assert_msg(wait_in((p), (text), (ms)), \
	    "'%s' never appeared; screen:\n%s", (text), pty_dump(p))
#define SEE(p, text) SEE_MS((p), (text), WAIT_MS)

static void
start(struct pty *p, const char *const args[], const struct state *s)
{
	if (s)
		start_in(p, ROWS, COLS, s, args);
	else
		start_bigchess(p, ROWS, COLS, args, NULL);
	track(p);
	SEE(p, "q quit");
}

static void
stop(struct pty *p)
{
	untrack(p);
	pty_close(p);
}

/* Types a move (or any line) at the ':' prompt. */
static void
type_line(struct pty *p, const char *line)
{
	char keys[256];

	snprintf(keys, sizeof keys, ":%s" ENTER, line);
	pty_send(p, keys);
}

/* Leaves a room's game: q, and yes if it asks. */
static void
leave(struct pty *p)
{
	pty_send(p, "q");
	for (int64_t end = now_ms() + WAIT_MS; now_ms() < end;) {
		if (pty_find(p, "Leave this game", NULL, NULL))
			pty_send(p, "y");
		if (pty_wait_exit(p, 50))
			break;
		for (int i = 0; i < LIVE_MAX; i++)
			if (live[i] && live[i] != p)
				pty_pump(live[i], 0);
	}
	ck_assert_msg(p->exited, "did not leave; screen:\n%s", pty_dump(p));
	ck_assert_msg(WIFEXITED(p->status) && WEXITSTATUS(p->status) == 0,
	    "left with status %d; screen:\n%s", p->status, pty_dump(p));
	stop(p);
}

static void
room_path(const char *name, char *buf, size_t size)
{
	snprintf(buf, size, "%s/bigchess/%s", rooms_home, name);
}

/* The clock shown after "White: " or "Black: " on the panel's row. */
static void
clock_of(struct pty *p, const char *side, char *out, size_t size)
{
	char row[COLS + 1], *end;
	int r;

	ck_assert_msg(pty_find(p, side, &r, NULL), "no %s row", side);
	pty_row(p, r, row);
	end = row + strlen(row);
	while (end > row && end[-1] == ' ')
		*--end = '\0';
	while (end > row && end[-1] != ' ')
		end--;
	snprintf(out, size, "%s", end);
}

/* The autosave in the program's own state folder (pty_spawn's). */
static const char *
autosave_of(const struct pty *p)
{
	static char path[160];

	snprintf(path, sizeof path, "%s/bigchess/autosave.pgn", p->state_dir);
	return path;
}

/* A fake peer: this test on the room's socket. */
static int
fake_connect(const char *name)
{
	struct sockaddr_un sa = { .sun_family = AF_UNIX };
	int fd = socket(AF_UNIX, SOCK_STREAM, 0);

	ck_assert_int_ge(fd, 0);
	room_path(name, sa.sun_path, sizeof sa.sun_path);
	ck_assert_msg(connect(fd, (struct sockaddr *)&sa, sizeof sa) == 0,
	    "cannot connect: %s", strerror(errno));
	return fd;
}

static void
fake_send(int fd, const char *data, size_t len)
{
	while (len > 0) {
		ssize_t n = send(fd, data, len, MSG_NOSIGNAL);

		if (n < 0 && errno == EINTR)
			continue;
		if (n < 0)
			return; /* dropped already: the reply says why */
		data += n;
		len -= (size_t)n;
	}
}

/*
 * Reads what the room sends until `needle` has come (true), the room
 * has closed the connection (*eof), or WAIT_MS passed.  The programs'
 * screens are read meanwhile.
 */
static bool
fake_read(int fd, const char *needle, bool *eof, char *buf, size_t size)
{
	size_t len = strlen(buf);
	int64_t end = now_ms() + WAIT_MS;

	*eof = false;
	while (now_ms() < end) {
		struct pollfd p = { .fd = fd, .events = POLLIN };

		if (needle && strstr(buf, needle))
			return true;
		for (int i = 0; i < LIVE_MAX; i++)
			if (live[i])
				pty_pump(live[i], 0);
		if (poll(&p, 1, 20) > 0) {
			ssize_t n = read(fd, buf + len, size - 1 - len);

			if (n <= 0) {
				*eof = true;
				break;
			}
			len += (size_t)n;
			buf[len] = '\0';
			if (len + 1 >= size) {
				/* Keep the end: that is where news is. */
				memmove(buf, buf + len / 2, len - len / 2 + 1);
				len -= len / 2;
			}
		}
	}
	return needle && strstr(buf, needle);
}

/* Sends `data`; the room answers "error ..." and closes. */
static void
fake_refused(int fd, const char *data, size_t len, const char *why)
{
	static char buf[1 << 16];
	bool eof;

	buf[0] = '\0';
	fake_send(fd, data, len);
	ck_assert_msg(fake_read(fd, "error ", &eof, buf, sizeof buf),
	    "no error line for '%.40s': %s", data, buf);
	ck_assert_msg(strstr(buf, why), "'%s' not in: %s", why, buf);
	fake_read(fd, NULL, &eof, buf, sizeof buf);
	ck_assert_msg(eof, "the room kept a peer that sent '%.40s'", data);
	close(fd);
}

/* A fake peer that has said hello as `role` and read the game. */
static int
fake_join(const char *name, const char *role)
{
	static char buf[1 << 16];
	char hello[64];
	bool eof;
	int fd = fake_connect(name);

	snprintf(hello, sizeof hello, "hello 1 %s\n", role);
	fake_send(fd, hello, strlen(hello));
	buf[0] = '\0';
	ck_assert_msg(fake_read(fd, "synced\n", &eof, buf, sizeof buf),
	    "no game for the fake %s: %s", role, buf);
	return fd;
}

/* One mate per variant: host (Black) and guest (White) from the
 * lesson's position, the guest mates, all three see it. */
static const struct {
	const char *variant, *fen, *mate;
	const char *lesson;
} mates[] = {
	{ "chad", "12/12/12/8k3/12/12/12/12/3K8/12/7R1R2/R11 w - - 0 1",
	  "Ri1#", "chad/08-three-files" },
	{ "grand", "6k3/5ppp2/10/10/10/10/10/10/4K5/R9 w - - 0 1",
	  "Ra10#", "grand/11-back-rank" },
	{ "hadean", "11k/10pp/12/12/12/12/12/12/12/12/12/R5K5 w - - 0 1",
	  "Ra12#", "hadean/16-rook-mate" },
};

START_TEST(test_mate)
{
	const char *const host_args[] = { "--host", "mate", "--variant",
		mates[_i].variant, "--side", "black", "--fen", mates[_i].fen,
		NULL };
	const char *const join[] = { "--join", "mate", NULL };
	const char *const watch[] = { "--watch", "mate", NULL };
	struct pty h, g, w;

	start(&h, host_args, NULL);
	SEE(&h, "bigchess --join mate");
	start(&g, join, NULL);
	SEE(&g, "you play White");
	SEE(&h, "is in the room");
	start(&w, watch, NULL);
	SEE(&w, "Room mate, 1 watching");
	SEE(&h, "1 watching");
	type_line(&g, mates[_i].mate);
	SEE(&g, "White wins (1-0) by checkmate");
	SEE(&h, "White wins (1-0) by checkmate");
	SEE(&w, "White wins (1-0) by checkmate");
	leave(&w);
	leave(&g);
	leave(&h);
}
END_TEST

/*
 * Whole games from the opening position to mate, one per variant, with
 * the square each side's pieces end on that the watcher must show.
 *
 * Grand Chess, 23 plies: White (the host) played Fairy-Stockfish 11.1's
 * best move at depth 10 and Black (the guest) its worst at depth 1;
 * Fairy-Stockfish says of the final position "score mate 0, bestmove
 * (none)": mated.  The SAN is written by hand from grand.md's start (the
 * pieces: b2 N, c2 B, d2 Q, e2 K, f2 C, g2 A, h2 B, i2 N, and Black's on
 * rank 9).  10. Cxc9 checks along rank 9 (d9 and e9 are empty by then);
 * 12. Cxi9 checks g8 as a knight and covers f9, g9, h9 (the rook's line)
 * and h7 (the knight's), and Bc10 sees f7 through d9 and e8.
 *
 * Chad, 5 plies, checked by hand against chad.md: after 1. Rc7 Ra9
 * 2. Rk5 Kh9, 3. Re9 (up the e-file, emptied by e5's move) checks h9
 * along rank 9; the king's only empty castle square, i9, is on the same
 * line; no black piece may capture on e9 (no castle or wall of either
 * side there), and none can reach f9 or g9 to block (a9's rook stops at
 * d9, and no other black rook stands on the f or g file or rank 9 with
 * a clear way).
 *
 * Hadean Chess, 11 plies, worked out by hand from hadean.md: Black's
 * king on g12 stands among its own pieces (f12 Q, h12 W, f11 and g11 B,
 * h11 J), so a knight's leap that checks it mates if nothing takes the
 * checker.  i11 is such a square, and nothing of Black's covers it: the
 * ninja pawns beside it capture only diagonally forward in their own
 * half, the pawns and bishops look down and away, W h12 leaps to f11,
 * g10, i10 and j11, S k12 reaches j11, l11, i9 and h10, the elephants'
 * diagonals and the warmachines' lines miss it.  White's W (h1) walks
 * there by knight's leaps, i3 j5 i7 j9, once the i-pawn has moved
 * (i3-i6), while Black moves far pawns that touch none of it.  The same
 * line mates with the flying ninjas (hadean-ninja): the guards on d12
 * and i12 move and attack on diagonals (i12's are h11-g10-f9 and
 * j11-k10-l9), the warriors on c12 and j12 on the file and the rank.
 *
 * HexChad, 3 plies: hexchad.md's own example of the mates at ply 3,
 * "1. d5h9 i10h10 2. h9i10q#": the rook promotes on i10, next to j10,
 * and c4 covers it by line of sight.  Black's move is R10h10 in SAN:
 * i11's rook reaches h10 too, one edge step down (-1,-1).
 */
struct whole_game {
	const char *variant, *tag;
	const char *const *coord, *const *san;
	int plies;
	struct { const char *sq; char ch; } last[4];
};

static const char *const grand_coord[] = {
	"d3d4", "g9h7", "c2h7", "g8g7", "h7f9", "d9e10", "f9e10", "h9g10",
	"e10c8", "a10c10", "c8b9", "j10j9", "b9c10", "e8e6", "f2e4", "e9f9",
	"e4c5", "i9j7", "c5c9", "f9g8", "c9j9", "j7i9", "j9i9",
};
static const char *const grand_san[] = {
	"d4", "Ah7", "Bxh7", "g7", "Bxf9", "Qe10", "Bxe10", "Bg10",
	"Bxc8", "Rc10", "Bxb9", "Rj9", "Bxc10", "e6", "Ce4", "Kf9",
	"Cc5", "Nj7", "Cxc9+", "Kg8", "Cxj9", "Ni9", "Cxi9#",
};
static const char *const chad_coord[] = {
	"c5c7", "h9a9", "e5k5", "i9h9", "e4e9",
};
static const char *const chad_san[] = {
	"Rc7", "Ra9", "Rk5", "Kh9", "Re9#",
};
static const char *const hadean_coord[] = {
	"i3i6", "a10a7", "h1i3", "b10b7", "i3j5", "c10c7", "j5i7", "k10k7",
	"i7j9", "l10l7", "j9i11",
};
static const char *const hadean_san[] = {
	"i6", "a7", "Wi3", "b7", "Wj5", "c7", "Wi7", "k7", "Wj9", "l7",
	"Wxi11#",
};
#define ninja_coord hadean_coord
#define ninja_san hadean_san
static const char *const hexchad_coord[] = { "d5h9", "i10h10", "h9i10q" };
static const char *const hexchad_san[] = { "Rh9", "R10h10", "Ri10=Q#" };

#define GAME(v, tag, name, ...) { v, tag, name##_coord, name##_san, \
	(int)(sizeof name##_coord / sizeof name##_coord[0]), { __VA_ARGS__ } }
static const struct whole_game whole_games[] = {
	GAME("grand", "Grand Chess", grand, { "i9", 'C' }, { "g8", 'k' },
	    { "c10", 'B' }, { "e9", ' ' }),
	GAME("chad", "Chad", chad, { "e9", 'R' }, { "h9", 'k' },
	    { "a9", 'r' }, { "e4", ' ' }),
	GAME("hadean", "Hadean Chess", hadean, { "i11", 'W' },
	    { "g12", 'k' }, { "a7", 'p' }, { "h1", ' ' }),
	GAME("hadean-ninja", "Hadean Chess (flying ninjas)", ninja,
	    { "i11", 'W' }, { "g12", 'k' }, { "l7", 'p' }, { "i3", ' ' }),
	/* pty_board.c finds the squares of square boards only: HexChad's
	 * final position is checked through the move list (and the cells
	 * by the hexscreen suite). */
	GAME("hexchad", "HexChad", hexchad, { NULL, 0 }),
};
#undef GAME
#undef ninja_coord
#undef ninja_san

/* The only file in `dir` (a history folder), in a new string. */
static char *
only_file_in(const char *dir)
{
	char path[512], *text = NULL;
	struct dirent *e;
	DIR *d = opendir(dir);
	int n = 0;

	ck_assert_msg(d != NULL, "no folder %s", dir);
	while ((e = readdir(d)))
		if (e->d_name[0] != '.') {
			snprintf(path, sizeof path, "%s/%s", dir, e->d_name);
			free(text);
			text = slurp(path);
			n++;
		}
	closedir(d);
	ck_assert_msg(n == 1, "%d files in %s", n, dir);
	ck_assert_ptr_nonnull(text);
	return text;
}

/* `pgn`'s movetext has the whole game `w`: each move numbered, in
 * order, whatever the line breaks. */
static void
assert_whole_game(const struct whole_game *w, char *pgn)
{
	char want[1024] = "", flat[8192], tag[64];
	size_t n = 0;
	bool space = false;

	for (int i = 0; i < w->plies; i++) {
		char part[32];

		if (i % 2 == 0)
			snprintf(part, sizeof part, "%s%d. %s", i ? " " : "",
			    i / 2 + 1, w->san[i]);
		else
			snprintf(part, sizeof part, " %s", w->san[i]);
		strncat(want, part, sizeof want - strlen(want) - 1);
	}
	strncat(want, " 1-0", sizeof want - strlen(want) - 1);
	for (const char *p = pgn; *p && n + 1 < sizeof flat; p++) {
		if (*p == '\n' || *p == ' ') {
			space = true;
			continue;
		}
		if (space && n > 0)
			flat[n++] = ' ';
		space = false;
		flat[n++] = *p;
	}
	flat[n] = '\0';
	ck_assert_msg(strstr(flat, want), "the record lacks\n%s\nin\n%s",
	    want, pgn);
	ck_assert_ptr_nonnull(strstr(pgn, "[Result \"1-0\"]"));
	snprintf(tag, sizeof tag, "[Variant \"%s\"]", w->tag);
	ck_assert_msg(strstr(pgn, tag), "no %s in\n%s", tag, pgn);
	free(pgn);
}

/*
 * A whole game between two real processes over the room's socket, from
 * the opening position to mate, with a watcher: every move reaches the
 * other side, all three see the mate and the final position, and both
 * players' records (their history folders) hold every move.
 */
START_TEST(test_whole_game)
{
	const struct whole_game *wg = &whole_games[_i];
	const char *const host_args[] = { "--host", "whole", "--variant",
		wg->variant, NULL };
	const char *const join[] = { "--join", "whole", NULL };
	const char *const watch[] = { "--watch", "whole", NULL };
	struct state hs, gs;
	struct pty h, g, w;
	char dir[160], row[16];

	state_new(&hs);
	state_new(&gs);
	start(&h, host_args, &hs);
	start(&g, join, &gs);
	SEE(&g, "you play Black");
	SEE(&h, "is in the room");
	start(&w, watch, NULL);
	SEE(&h, "1 watching");
	for (int i = 0; i < wg->plies; i++) {
		struct pty *mover = i % 2 ? &g : &h, *other = i % 2 ? &h : &g;
		char news[64];

		snprintf(news, sizeof news, "%s played %s",
		    i % 2 ? "Black" : "White", wg->san[i]);
		type_line(mover, wg->coord[i]);
		SEE(other, news);
		SEE(mover, news);
	}
	SEE(&h, "White wins (1-0) by checkmate");
	SEE(&g, "White wins (1-0) by checkmate");
	SEE(&w, "White wins (1-0) by checkmate");
	/* The watcher's board is the final one. */
	for (int i = 0; i < 4 && wg->last[i].sq; i++)
		ASSERT_PIECE(&w, wg->last[i].sq, wg->last[i].ch);
	/* The game-over box may cover the move list: l looks at the
	 * finished game. */
	pty_send(&w, "l");
	WAIT_GONE(&w, "Look at the finished game");
	snprintf(row, sizeof row, "%d.", (wg->plies + 1) / 2);
	WAIT_ROW(&w, row, wg->san[wg->plies - 1]);
	leave(&w);
	leave(&g);
	leave(&h);
	snprintf(dir, sizeof dir, "%s/history", hs.dir);
	assert_whole_game(wg, only_file_in(dir));
	snprintf(dir, sizeof dir, "%s/history", gs.dir);
	assert_whole_game(wg, only_file_in(dir));
	pty_remove_tree(hs.home);
	pty_remove_tree(gs.home);
}
END_TEST

/* Moves, clocks and chat reach both players and the watcher. */
START_TEST(test_moves_clocks_chat)
{
	const char *const host_args[] = { "--host", "r2", "--variant",
		"grand", "--clock", "5+60", NULL };
	const char *const join[] = { "--join", "r2", NULL };
	const char *const watch[] = { "--watch", "r2", NULL };
	struct pty h, g, w;
	char c1[16], c2[16];

	start(&h, host_args, NULL);
	start(&g, join, NULL);
	start(&w, watch, NULL);
	SEE(&h, "is in the room");
	SEE(&g, "In room r2 you play Black against");
	/* A key clears the news: the status line says whose move it is
	 * and whether the opponent is there. */
	pty_send(&h, "kj");
	pty_send(&g, "kj");
	SEE(&h, "Your move; the opponent is connected");
	SEE(&g, "The opponent's move; the opponent is connected");
	SEE(&h, "Opponent root: connected");
	/* The guest cannot move for White. */
	type_line(&g, "e3e5");
	SEE(&g, "It is the opponent's move.");
	type_line(&h, "e3e5");
	SEE(&g, "White played e5");
	SEE(&w, "White played e5");
	pty_send(&g, "kj");
	SEE(&g, "Your move; the opponent is connected");
	/* Black's time runs on every screen: it falls below 5:00. */
	SEE(&g, "4:59");
	SEE(&w, "4:59");
	type_line(&g, "i9h7");
	SEE(&h, "Black played Nh7");
	SEE(&w, "Black played Nh7");
	/* White got 60 seconds for its move, which took it less than ten:
	 * 5:5x, the same on both players' screens (it is not running). */
	clock_of(&g, "White: ", c1, sizeof c1);
	clock_of(&w, "White: ", c2, sizeof c2);
	ck_assert_str_eq(c1, c2);
	ck_assert_msg(strlen(c1) == 4 && c1[0] == '5' && c1[2] == '5',
	    "White's clock after +60: %s", c1);
	SEE(&g, "Black played Nh7");
	/* Each player's own autosave has the game, as the room told it. */
	ck_assert_ptr_nonnull(strstr(read_file(autosave_of(&g)),
	    "1. e5 Nh7"));
	ck_assert_ptr_nonnull(strstr(read_file(autosave_of(&h)),
	    "1. e5 Nh7"));
	pty_send(&g, "c");
	SEE(&g, ":say ");
	pty_send(&g, "good luck" ENTER);
	SEE(&h, ": good luck");
	SEE(&w, ": good luck");
	type_line(&w, "say from the gallery");
	SEE(&h, ": from the gallery");
	SEE(&g, ": from the gallery");
	leave(&w);
	leave(&g);
	leave(&h);
}
END_TEST

/* The guest killed mid-game joins again: the same position, move list
 * and clocks (which stood still while it was away). */
START_TEST(test_guest_killed)
{
	const char *const host_args[] = { "--host", "r3", "--variant",
		"grand", "--clock", "10", NULL };
	const char *const join[] = { "--join", "r3", NULL };
	struct pty h, g;
	char before[16], after[16];

	start(&h, host_args, NULL);
	start(&g, join, NULL);
	type_line(&h, "e3e5");
	SEE(&g, "White played e5");
	type_line(&g, "e8e6");
	SEE(&h, "Black played e6");
	type_line(&h, "d3d4");
	SEE(&g, "White played d4");
	kill(g.pid, SIGKILL);
	ck_assert(pty_wait_exit(&g, WAIT_MS));
	stop(&g);
	SEE(&h, "has left the room");
	SEE(&h, "Opponent root: not connected");
	pty_send(&h, "kj");
	SEE(&h, "the opponent is not connected");
	clock_of(&h, "White: ", before, sizeof before);
	start(&g, join, NULL);
	SEE(&g, "you play Black");
	WAIT_ROW(&g, "1.", "e6");
	WAIT_ROW(&g, "2.", "d4");
	ASSERT_PIECE(&g, "d4", 'P');
	ASSERT_PIECE(&g, "e6", 'p');
	clock_of(&g, "White: ", after, sizeof after);
	ck_assert_str_eq(before, after);
	SEE(&h, "is in the room");
	type_line(&g, "d8d6");
	SEE(&h, "Black played d6");
	leave(&g);
	leave(&h);
}
END_TEST

/* The host killed: the guest is told; the host's --resume opens the
 * room again, and the guest's --join goes on with the game. */
START_TEST(test_host_killed)
{
	const char *const host_args[] = { "--host", "r4", "--variant",
		"grand", NULL };
	const char *const resume[] = { "--host", "r4", "--resume", NULL };
	const char *const join[] = { "--join", "r4", NULL };
	struct state s;
	struct pty h, g;

	state_new(&s);
	start(&h, host_args, &s);
	start(&g, join, NULL);
	type_line(&h, "e3e5");
	SEE(&g, "White played e5");
	type_line(&g, "e8e6");
	SEE(&h, "Black played e6");
	kill(h.pid, SIGKILL);
	ck_assert(pty_wait_exit(&h, WAIT_MS));
	stop(&h);
	SEE(&g, "connection to the room was lost");
	start(&h, resume, &s);
	WAIT_ROW(&h, "1.", "e6");
	leave(&g);
	start(&g, join, NULL);
	WAIT_ROW(&g, "1.", "e6");
	SEE(&h, "is in the room");
	type_line(&h, "d3d4");
	SEE(&g, "White played d4");
	leave(&g);
	leave(&h);
	pty_remove_tree(s.home);
}
END_TEST

/* A draw offer declined, then one accepted; a take-back granted. */
START_TEST(test_offers)
{
	const char *const host_args[] = { "--host", "r5", "--variant",
		"grand", NULL };
	const char *const join[] = { "--join", "r5", NULL };
	struct pty h, g;

	start(&h, host_args, NULL);
	start(&g, join, NULL);
	type_line(&h, "e3e5");
	SEE(&g, "White played e5");
	pty_send(&g, "u");
	SEE(&g, "You have no move to take back.");
	type_line(&g, "e8e6");
	SEE(&h, "Black played e6");
	/* The guest's move is its own once the room says it was played. */
	SEE(&g, "Black played e6");
	/* Black asks to take back e6; White says yes. */
	pty_send(&g, "u");
	SEE(&h, "asks for a take-back");
	pty_send(&h, "y");
	SEE(&g, "Taken back: Black to move");
	SEE(&h, "Taken back: Black to move");
	ASSERT_PIECE(&g, "e8", 'p');
	type_line(&g, "d8d6");
	SEE(&h, "Black played d6");
	type_line(&h, "draw");
	SEE(&g, "asks for a draw");
	pty_send(&g, "n");
	SEE(&h, "The opponent said no to a draw.");
	/* The first question's box must be gone from the guest's screen
	 * before the second is looked for, or its y answers nothing. */
	WAIT_GONE(&g, "The opponent asks");
	type_line(&h, "draw");
	SEE(&g, "The opponent asks");
	SEE(&g, "asks for a draw");
	pty_send(&g, "y");
	SEE(&h, "Draw (1/2-1/2) by agreement");
	SEE(&g, "Draw (1/2-1/2) by agreement");
	leave(&g);
	leave(&h);
}
END_TEST

/* A flag falls: the room says so on every screen. */
START_TEST(test_flag)
{
	const char *const host_args[] = { "--host", "r6", "--variant",
		"grand", "--clock", "0.05", NULL };
	const char *const join[] = { "--join", "r6", NULL };
	const char *const watch[] = { "--watch", "r6", NULL };
	struct pty h, g, w;

	start(&h, host_args, NULL);
	start(&w, watch, NULL);
	/* No clock runs before the opponent is there: 3 s stay 3 s. */
	SEE(&h, "3.0 ");
	start(&g, join, NULL);
	SEE_MS(&h, "Black wins (0-1) by time", 15000);
	SEE(&g, "Black wins (0-1) by time");
	SEE(&w, "Black wins (0-1) by time");
	leave(&w);
	leave(&g);
	leave(&h);
}
END_TEST

/*
 * A fake peer: garbage, a long line, illegal moves, moves out of turn, a
 * watcher's move, a false host and a flood each end that connection with
 * a reason, and the game, the host and the watcher go on as before.
 */
START_TEST(test_fake_peer)
{
	const char *const host_args[] = { "--host", "r7", "--variant",
		"grand", NULL };
	const char *const watch[] = { "--watch", "r7", NULL };
	static char big[5000], flood[64 * 10 + 1];
	static char buf[1 << 16];
	struct pty h, w;
	bool eof;
	int fd;

	start(&h, host_args, NULL);
	start(&w, watch, NULL);
	fake_refused(fake_connect("r7"), "\x01\x02junk\n", 7, "bad line");
	fake_refused(fake_connect("r7"), "move e3e5\n", 10, "hello first");
	fake_refused(fake_connect("r7"), "hello 1 host\n", 13,
	    "only the host");
	fake_refused(fake_connect("r7"), "hello 2 guest\n", 14, "version");
	memset(big, 'a', sizeof big);
	fake_refused(fake_connect("r7"), big, sizeof big, "longer than 1024");
	/* The fake is the guest (Black). */
	fd = fake_join("r7", "guest");
	SEE(&h, "is in the room");
	fake_refused(fd, "move e8e6\n", 10, "out of turn");
	type_line(&h, "e3e5");
	SEE(&w, "White played e5");
	fd = fake_join("r7", "guest");
	fake_refused(fd, "move e8e4\n", 10, "illegal move");
	fd = fake_join("r7", "guest");
	/* Nh7 (i9h7) is legal, but the protocol wants coordinates. */
	fake_refused(fd, "move Nh7\n", 9, "illegal move");
	fd = fake_join("r7", "guest");
	buf[0] = '\0';
	fake_send(fd, "move e8e6\n", 10);
	ck_assert(fake_read(fd, "moved e8e6", &eof, buf, sizeof buf));
	SEE(&h, "Black played e6");
	fake_refused(fd, "move d8d6\n", 10, "out of turn");
	fd = fake_join("r7", "watcher");
	fake_refused(fd, "move d3d4\n", 10, "a watcher cannot move");
	fd = fake_join("r7", "guest");
	/* 64 lines at once, past the burst of 30 (ROOM_RATE_BURST). */
	for (size_t i = 0; i < 64; i++)
		snprintf(flood + i * 10, 11, "say flood\n");
	fake_refused(fd, flood, 64 * 10, "too many lines too fast");
	/* The game is as it was: two moves, White to move; it goes on. */
	WAIT_ROW(&h, "1.", "e6");
	ck_assert(!find_row(&h, "2.", ""));
	pty_send(&h, "kj");
	SEE(&h, "Your move");
	type_line(&h, "d3d4");
	SEE(&w, "White played d4");
	leave(&w);
	leave(&h);
}
END_TEST

/*
 * The game screen's other tools work in a room: the guest moves by
 * mouse, the host steps back through the game with , and forward with .
 * while the guest moves (the new move comes when the host is back at
 * the end), :fen shows the position (written by hand from grand.md's
 * start after 1. e5 e6), the guest's :save writes the game to a file,
 * and the guest's resignation ends it on all three screens.
 */
START_TEST(test_room_tools)
{
	const char *const host_args[] = { "--host", "tl", "--variant",
		"grand", NULL };
	const char *const join[] = { "--join", "tl", NULL };
	const char *const watch[] = { "--watch", "tl", NULL };
	struct pty h, g, w;
	char line[200], path[160];

	start(&h, host_args, NULL);
	start(&g, join, NULL);
	start(&w, watch, NULL);
	SEE(&h, "1 watching");
	type_line(&h, "e3e5");
	SEE(&g, "White played e5");
	/* Black's e-pawn two squares on, by mouse: the board is turned
	 * for Black, which click_square reads from the labels. */
	click_square(&g, "e8");
	SEE(&g, "on e8");
	click_square(&g, "e6");
	SEE(&g, "Black played e6");
	SEE(&h, "Black played e6");
	SEE(&w, "Black played e6");
	type_line(&h, "fen");
	SEE(&h, "FEN: r8r/1nbqkcabn1/pppp1ppppp/10/4p5/4P5/10/PPPP1PPPPP/"
	    "1NBQKCABN1/R8R w");
	/* Review: one move back shows e8's pawn home again. */
	pty_send(&h, ",");
	ASSERT_PIECE(&h, "e8", 'p');
	ASSERT_PIECE(&h, "e6", ' ');
	pty_send(&h, ".");
	ASSERT_PIECE(&h, "e6", 'p');
	type_line(&h, "d3d4");
	SEE(&g, "White played d4");
	pty_send(&g, ",,");
	ASSERT_PIECE(&g, "e8", 'p');
	ASSERT_PIECE(&g, "d3", 'P');
	type_line(&h, "say while you look back");
	SEE(&g, ": while you look back");
	pty_send(&g, "..");
	ASSERT_PIECE(&g, "d4", 'P');
	snprintf(path, sizeof path, "%s/tl.pgn", rooms_home);
	snprintf(line, sizeof line, "save %s", path);
	type_line(&g, line);
	SEE(&g, "Game saved to");
	ck_assert_ptr_nonnull(strstr(read_file(path), "1. e5 e6 2. d4"));
	type_line(&g, "resign");
	SEE(&g, "Resign");
	pty_send(&g, "y");
	SEE(&h, "White wins (1-0) by resignation");
	SEE(&g, "White wins (1-0) by resignation");
	SEE(&w, "White wins (1-0) by resignation");
	leave(&w);
	leave(&g);
	leave(&h);
}
END_TEST

/* --rooms lists the rooms, with their host, variant and state. */
START_TEST(test_list)
{
	const char *const host_args[] = { "--host", "listed", "--variant",
		"hadean", "--clock", "3+2", NULL };
	const char *const list[] = { "--rooms", NULL };
	static char out[4096];
	int64_t t0, took;
	int silent[4];
	struct pty h;

	ck_assert_int_eq(run_bigchess(list, out, sizeof out), 0);
	ck_assert_ptr_nonnull(strstr(out, "No open rooms"));
	start(&h, host_args, NULL);
	ck_assert_int_eq(run_bigchess(list, out, sizeof out), 0);
	ck_assert_msg(strstr(out, "listed") && strstr(out, "hadean") &&
	    strstr(out, "3:00+2") && strstr(out, "waiting"), "%s", out);
	/*
	 * Four sockets that take a connection and never answer (anyone who
	 * may write in a shared folder can make them): the room is listed
	 * still, they are not, and the listing waits for them once (one
	 * second, room_dir.c), not once each.  Asked one after another they
	 * took four seconds; three is the bound, for a busy machine.
	 */
	for (int i = 0; i < 4; i++) {
		struct sockaddr_un sa = { .sun_family = AF_UNIX };
		char name[24];

		silent[i] = socket(AF_UNIX, SOCK_STREAM, 0);
		ck_assert_int_ge(silent[i], 0);
		snprintf(name, sizeof name, "silent%d", i);
		room_path(name, sa.sun_path, sizeof sa.sun_path);
		ck_assert_int_eq(bind(silent[i], (struct sockaddr *)&sa,
		    sizeof sa), 0);
		ck_assert_int_eq(listen(silent[i], 4), 0);
	}
	t0 = now_ms();
	ck_assert_int_eq(run_bigchess(list, out, sizeof out), 0);
	took = now_ms() - t0;
	ck_assert_msg(strstr(out, "listed") && !strstr(out, "silent"), "%s",
	    out);
	ck_assert_msg(took < 3000, "--rooms took %lld ms with four silent "
	    "sockets", (long long)took);
	for (int i = 0; i < 4; i++)
		close(silent[i]);
	leave(&h);
	ck_assert_int_eq(run_bigchess(list, out, sizeof out), 0);
	ck_assert_ptr_nonnull(strstr(out, "No open rooms"));
}
END_TEST

/* Starts bigchess with `args`, which must end at once with status 1
 * and the one line `why` (on the terminal: it wants one first). */
static void
refused(const char *const args[], const char *why)
{
	struct pty p;

	start_bigchess(&p, ROWS, COLS, args, NULL);
	track(&p);
	SEE(&p, why);
	expect_exit(&p, 1);
	stop(&p);
}

/* Two rooms of one name: the second is refused; a third person cannot
 * take the guest's seat; a room that is not there cannot be joined. */
START_TEST(test_refusals)
{
	const char *const host_args[] = { "--host", "r8", "--variant",
		"grand", NULL };
	const char *const join[] = { "--join", "r8", NULL };
	const char *const none[] = { "--join", "nosuch", NULL };
	struct pty h, g;

	refused(none, "cannot join room nosuch: there is no rooms folder");
	start(&h, host_args, NULL);
	refused(none, "cannot join room nosuch");
	refused(host_args, "a room of that name is open already");
	start(&g, join, NULL);
	refused(join, "--watch r8 watches");
	/* The host leaves: the guest is told, and can only leave. */
	leave(&h);
	SEE(&g, "The room has closed: the host has left.");
	SEE(&g, "The room is closed.");
	leave(&g);
}
END_TEST

/* --wait: a guest who does not come back in time closes the room, and
 * the host's --resume opens it again with the game. */
START_TEST(test_wait)
{
	const char *const host_args[] = { "--host", "r9", "--variant",
		"grand", "--wait", "0.02", NULL };
	const char *const resume[] = { "--host", "r9", "--resume", NULL };
	const char *const join[] = { "--join", "r9", NULL };
	struct state s;
	struct pty h, g;

	state_new(&s);
	start(&h, host_args, &s);
	start(&g, join, NULL);
	type_line(&h, "e3e5");
	SEE(&g, "White played e5");
	kill(g.pid, SIGKILL);
	ck_assert(pty_wait_exit(&g, WAIT_MS));
	stop(&g);
	/* 0.02 minutes: 1.2 seconds. */
	SEE(&h, "did not come back in time");
	refused(join, "cannot join room r9");
	leave(&h);
	start(&h, resume, &s);
	WAIT_ROW(&h, "1.", "e5");
	start(&g, join, NULL);
	WAIT_ROW(&g, "1.", "e5");
	type_line(&g, "e8e6");
	SEE(&h, "Black played e6");
	leave(&g);
	leave(&h);
	pty_remove_tree(s.home);
}
END_TEST

/* Our login, as the room names us (SO_PEERCRED, then the passwd entry). */
static const char *
my_login(void)
{
	const struct passwd *pw = getpwuid(getuid());

	ck_assert_ptr_nonnull(pw);
	return pw->pw_name;
}

/* A program on its new-game screen (no game started yet). */
static void
start_screen(struct pty *p, const char *const args[], const char *marker)
{
	start_bigchess(p, ROWS, COLS, args, NULL);
	track(p);
	SEE(p, marker);
}

/*
 * --host NAME without --variant: the new-game screen chooses the game
 * (only what a room has: no computer lines), Chad and Black; the guest
 * sees Chad with the host as Black, and both panels name the players.
 * The registry lists Chad just before Grand (variant.c), so Left from
 * the default Grand is Chad.
 */
START_TEST(test_host_screen)
{
	const char *const host_args[] = { "--host", "ng", NULL };
	const char *const join[] = { "--join", "ng", NULL };
	char white[64], black[64];
	struct pty h, g;

	start_screen(&h, host_args, "game room ng");
	SEE(&h, "bigchess --join ng");
	SEE(&h, "Your colour");
	SEE(&h, "< White >");
	ck_assert_msg(!pty_find(&h, "Computer level", NULL, NULL) &&
	    !pty_find(&h, "Turn board", NULL, NULL), "computer lines in a "
	    "room:\n%s", pty_dump(&h));
	SEE(&h, "< Grand Chess >");
	pty_send(&h, "h");
	SEE(&h, "< Chad >");
	pty_send(&h, "j");
	pty_send(&h, "l");
	SEE(&h, "< Black >");
	pty_send(&h, ENTER);
	SEE(&h, "q quit");
	SEE(&h, "Room ng: you are Black");
	start(&g, join, NULL);
	SEE(&g, "game room ng");
	SEE(&g, "Chad");
	SEE(&g, "you play White");
	snprintf(white, sizeof white, "White: %s", my_login());
	snprintf(black, sizeof black, "Black: %s", my_login());
	SEE(&g, white);
	SEE(&g, black);
	SEE(&h, white);
	SEE(&h, black);
	ck_assert_msg(!pty_find(&g, "(human)", NULL, NULL), "the panel "
	    "names no login:\n%s", pty_dump(&g));
	/* White is the guest's: the rook on e5, the corner of White's
	 * castle in chad.md's start FEN, steps out; the host sees it. */
	type_line(&g, "e5e6");
	SEE(&h, "White played Re6");
	leave(&g);
	leave(&h);
}
END_TEST

/* --side and --clock without --variant fill in the screen's lines; Esc
 * there leaves without a room ever opening. */
START_TEST(test_host_screen_given)
{
	const char *const host_args[] = { "--host", "sd", "--side", "black",
		"--clock", "5+3", NULL };
	char path[200];
	struct stat st;
	struct pty h;

	start_screen(&h, host_args, "game room sd");
	SEE(&h, "< Black >");
	SEE(&h, "< 5 >");
	SEE(&h, "< 3 >");
	room_path("sd", path, sizeof path);
	ck_assert_msg(lstat(path, &st) != 0, "room sd is open before Enter");
	pty_send(&h, "\x1b");
	untrack(&h);
	expect_exit(&h, 0);
	pty_close(&h);
	ck_assert_msg(lstat(path, &st) != 0, "room sd was opened");
}
END_TEST

/*
 * J on the new-game screen of a plain bigchess lists the open rooms:
 * none at first, then (read again on its own) the room a host opens;
 * Enter joins it as the opponent.
 */
START_TEST(test_join_screen)
{
	const char *const none[] = { NULL };
	const char *const host_args[] = { "--host", "jn", "--variant",
		"hadean", NULL };
	struct pty h, g;

	start_screen(&g, none, "J: Join a game");
	pty_send(&g, "J");
	SEE(&g, "Join a game");
	SEE(&g, "No open rooms (there is no rooms folder");
	start(&h, host_args, NULL);
	SEE_MS(&g, "waiting", 3 * WAIT_MS);
	SEE(&g, "jn");
	SEE(&g, "hadean");
	pty_send(&g, ENTER);
	SEE(&g, "q quit");
	SEE(&g, "you play Black");
	SEE(&g, "Hadean");
	SEE(&h, "is in the room");
	/* The host's pawn on e3 one square on (hadean.md). */
	type_line(&h, "e3e4");
	SEE(&g, "White played e4");
	leave(&g);
	leave(&h);
}
END_TEST

/* Chat said before a guest or a watcher came is shown to them. */
START_TEST(test_chat_backlog)
{
	const char *const host_args[] = { "--host", "cb", "--variant",
		"grand", NULL };
	const char *const join[] = { "--join", "cb", NULL };
	const char *const watch[] = { "--watch", "cb", NULL };
	const char *const none[] = { NULL };
	struct pty h, g, w, w2;

	start(&h, host_args, NULL);
	type_line(&h, "say before anyone came");
	SEE(&h, "before anyone came");
	start(&g, join, NULL);
	SEE(&g, "before anyone came");
	/* The backlog is in the panel; the status line still says where
	 * the guest is. */
	SEE(&g, "you play Black");
	type_line(&g, "say the guest speaks");
	SEE(&h, "the guest speaks");
	start(&w, watch, NULL);
	SEE(&w, "before anyone came");
	SEE(&w, "the guest speaks");
	/* A second watcher comes through J and w on the new-game screen. */
	start_screen(&w2, none, "J: Join a game");
	pty_send(&w2, "J");
	SEE(&w2, "playing");
	SEE(&w2, "cb");
	pty_send(&w2, "w");
	SEE(&w2, "Room cb, 2 watching");
	SEE(&w2, "before anyone came");
	SEE(&w2, "the guest speaks");
	SEE(&h, "2 watching");
	leave(&w2);
	leave(&w);
	leave(&g);
	leave(&h);
}
END_TEST

/* The room's rate limit: one line every 100 ms after a burst of 30
 * (bigchess-room(5)). */
enum { ROOM_RATE_MS = 100 };

/* Lets `ms` pass, reading every screen meanwhile: not a wait for the
 * programs (that is wait_in's) but the pace of a peer that keeps to
 * the room's rate limit. */
static void
pace(int ms)
{
	int64_t end = now_ms() + ms;

	while (now_ms() < end)
		for (int i = 0; i < LIVE_MAX; i++)
			if (live[i])
				pty_pump(live[i], 5);
}

/* Waits until the file `path` holds `text`, reading the programs'
 * screens meanwhile. */
static bool
wait_file(const char *path, const char *text)
{
	for (int64_t end = now_ms() + WAIT_MS; now_ms() < end; pace(20)) {
		char *data = slurp(path);
		bool found = data && strstr(data, text);

		free(data);
		if (found)
			return true;
	}
	return false;
}

/* The said lines in what a fake peer read, counted; the first and the
 * last texts go to `first` and `last`. */
static int
said_lines(const char *buf, char *first, char *last, size_t size)
{
	int n = 0;

	first[0] = last[0] = '\0';
	for (const char *p = buf; (p = strstr(p, "said ")); p++) {
		const char *text, *end;

		if (p != buf && p[-1] != '\n')
			continue;
		text = strchr(p + 5, ' ');
		end = strchr(p, '\n');
		if (!text || !end || text > end)
			continue;
		snprintf(n ? last : first, size, "%.*s", (int)(end - text - 1),
		    text + 1);
		if (!n)
			snprintf(last, size, "%s", first);
		n++;
	}
	return n;
}

/*
 * The chat is kept with the room's game: after the host's process is
 * killed and --resume opens the room again, the host, the guest coming
 * back and a new watcher see what was said, quotes and backslashes as
 * typed; of 55 lines the room keeps the newest 50 (ROOM_CHAT_BACKLOG,
 * bigchess-room(5)), in order.
 */
START_TEST(test_resume_chat)
{
	const char *const host_args[] = { "--host", "rc", "--variant",
		"grand", NULL };
	const char *const resume[] = { "--host", "rc", "--resume", NULL };
	const char *const join[] = { "--join", "rc", NULL };
	const char *const watch[] = { "--watch", "rc", NULL };
	static char buf[1 << 16];
	char first[64], last[64], record[160];
	struct state s;
	struct pty h, g, w;
	bool eof;
	int fd;

	state_new(&s);
	start(&h, host_args, &s);
	start(&g, join, NULL);
	type_line(&h, "e3e5");
	SEE(&g, "White played e5");
	type_line(&g, "say he said \"hi\" \\o/");
	SEE(&h, ": he said \"hi\" \\o/");
	type_line(&h, "say the host answers");
	SEE(&g, ": the host answers");
	/* The room saves its chat within a second (bigchess(6)): the
	 * record says so before the host is killed. */
	snprintf(record, sizeof record, "%s/room-rc.pgn", s.dir);
	ck_assert_msg(wait_file(record, "the host answers"), "the chat is "
	    "not in the record:\n%s", read_file(record));
	kill(h.pid, SIGKILL);
	ck_assert(pty_wait_exit(&h, WAIT_MS));
	stop(&h);
	SEE(&g, "connection to the room was lost");
	leave(&g);
	start(&h, resume, &s);
	WAIT_ROW(&h, "1.", "e5");
	SEE(&h, ": he said \"hi\" \\o/");
	SEE(&h, ": the host answers");
	start(&g, join, NULL);
	SEE(&g, "you play Black");
	SEE(&g, ": he said \"hi\" \\o/");
	SEE(&g, ": the host answers");
	start(&w, watch, NULL);
	SEE(&w, ": the host answers");
	leave(&w);
	/* 55 more lines, from a fake watcher, at a pace the rate limit
	 * lets through; then the host is killed once more. */
	fd = fake_join("rc", "watcher");
	for (int i = 1; i <= 55; i++) {
		char line[32];

		snprintf(line, sizeof line, "say line %02d\n", i);
		fake_send(fd, line, strlen(line));
		snprintf(line, sizeof line, ": line %02d", i);
		SEE(&h, line);
		pace(ROOM_RATE_MS + 10);
	}
	close(fd);
	leave(&g);
	ck_assert(wait_file(record, "line 55"));
	kill(h.pid, SIGKILL);
	ck_assert(pty_wait_exit(&h, WAIT_MS));
	stop(&h);
	start(&h, resume, &s);
	WAIT_ROW(&h, "1.", "e5");
	SEE(&h, ": line 55");
	fd = fake_connect("rc");
	fake_send(fd, "hello 1 watcher\n", 16);
	buf[0] = '\0';
	ck_assert(fake_read(fd, "synced\n", &eof, buf, sizeof buf));
	ck_assert_int_eq(said_lines(buf, first, last, sizeof first), 50);
	ck_assert_str_eq(first, "line 06");
	ck_assert_str_eq(last, "line 55");
	close(fd);
	leave(&h);
	pty_remove_tree(s.home);
}
END_TEST

/*
 * A room's record written by hand, as a host's state folder would hold
 * it: Grand Chess, the host White, 1. e5 e6 played, the guest's seat
 * held by "someone-else", and chat: one good line, one with an escape
 * sequence (ESC ] 0 ; ... BEL, a window title) and one with a login no
 * system has, which the room must not replay.
 */
static void
write_record(const struct state *s, const char *room)
{
	char path[256];

	ck_assert_int_eq(mkdir(s->dir, 0700), 0);
	snprintf(path, sizeof path, "%s/room-%s.pgn", s->dir, room);
	write_file(path,
	    "[Event \"bigchess game\"]\n"
	    "[Site \"?\"]\n"
	    "[Date \"2026.12.01\"]\n"
	    "[Round \"-\"]\n"
	    "[White \"host\"]\n"
	    "[Black \"bigchess level 1\"]\n"
	    "[Result \"*\"]\n"
	    "[Variant \"Grand Chess\"]\n"
	    "[TimeControl \"-\"]\n"
	    "[BigchessPlayers \"human computer\"]\n"
	    "[BigchessLevel \"1\"]\n"
	    "[BigchessRoomGuest \"someone-else\"]\n"
	    "[BigchessRoomChat \"someone-else see you tomorrow\"]\n"
	    "[BigchessRoomChat \"someone-else \x1b]0;pwned\x07\"]\n"
	    "[BigchessRoomChat \"no*such-login sneaky\"]\n"
	    "\n"
	    "1. e5 e6 *\n");
}

/*
 * After --host --resume the guest's seat is the login's that held it:
 * anyone else is told so (and that they may watch), watching works, and
 * the host's --open-seat lets anyone take it.  The record's chat is
 * replayed, without the lines that are not chat.
 */
START_TEST(test_resume_seat)
{
	const char *const resume[] = { "--host", "sb", "--resume", NULL };
	const char *const open[] = { "--host", "sb", "--resume",
		"--open-seat", NULL };
	const char *const join[] = { "--join", "sb", NULL };
	const char *const watch[] = { "--watch", "sb", NULL };
	char who[128];
	struct state s;
	struct pty h, g, w;

	state_new(&s);
	write_record(&s, "sb");
	start(&h, resume, &s);
	WAIT_ROW(&h, "1.", "e6");
	SEE(&h, "someone-else: see you tomorrow");
	SEE(&h, "Opponent someone-else: not connected");
	refused(join, "keeps the opponent's seat for someone-else, who "
	    "played this game; --watch sb watches");
	start(&w, watch, NULL);
	WAIT_ROW(&w, "1.", "e6");
	SEE(&w, "someone-else: see you tomorrow");
	ck_assert_msg(!pty_find(&w, "pwned", NULL, NULL) &&
	    !pty_find(&h, "pwned", NULL, NULL) &&
	    !pty_find(&w, "sneaky", NULL, NULL), "a bad chat line was "
	    "replayed:\n%s", pty_dump(&w));
	leave(&w);
	leave(&h);
	start(&h, open, &s);
	WAIT_ROW(&h, "1.", "e6");
	start(&g, join, NULL);
	SEE(&g, "you play Black");
	SEE(&h, "is in the room");
	type_line(&h, "d3d4");
	SEE(&g, "White played d4");
	leave(&g);
	leave(&h);
	/* The seat is the new guest's now, kept in the record: a plain
	 * --resume lets this login in again. */
	start(&h, resume, &s);
	WAIT_ROW(&h, "2.", "d4");
	snprintf(who, sizeof who, "Opponent %s: not connected", my_login());
	SEE(&h, who);
	start(&g, join, NULL);
	SEE(&g, "you play Black");
	type_line(&g, "d8d6");
	SEE(&h, "Black played d6");
	leave(&g);
	leave(&h);
	pty_remove_tree(s.home);
}
END_TEST

/*
 * Two Unix users in a shared rooms folder, for real: the folder made as
 * README's "Game rooms" and bigchess(6) tell the administrator (a group,
 * mode 2770), users made for the test with useradd and the programs run
 * as them through setpriv.  Only root can do that; elsewhere the test
 * says it is skipped, and under CI=true (which runs as root) not being
 * root is a failure, as a skip is in tests/ssh.sh.
 *
 * The users are named for this process (bcr<pid>a ...), so the normal
 * and the sanitizer builds' runs, side by side, never meet; users of a
 * run that was killed before it could remove them are removed at the
 * start of the next (their process is gone).
 */
enum { USERS = 4 };

struct user {
	char name[24];
	uid_t uid;
	gid_t gid;
	char home[256];   /* HOME, XDG_STATE_HOME: theirs, mode 0700 */
	char env[3][300];
};

static char users_base[64], users_group[24], users_bin[128];
static char users_rooms[96];
static char users_error[256]; /* why the users could not be made */
static struct user users[USERS];
static bool users_made;

/* Runs the program `path` with the arguments after it (NULL ends
 * them), its output to /dev/null; its exit status, or -1. */
static int
run_quiet(const char *path, ...)
{
	const char *argv[16];
	va_list ap;
	int n = 0, st;
	pid_t pid;

	argv[n++] = path;
	va_start(ap, path);
	while (n < 15 && (argv[n] = va_arg(ap, const char *)))
		n++;
	va_end(ap);
	argv[n] = NULL;
	pid = fork();
	if (pid < 0)
		return -1;
	if (pid == 0) {
		int fd = open("/dev/null", O_WRONLY);
		char *av[16];

		if (fd >= 0) {
			dup2(fd, 1);
			dup2(fd, 2);
		}
		/* execv's prototype predates const; copy the pointers. */
		memcpy(av, argv, (size_t)(n + 1) * sizeof av[0]);
		execv(path, av);
		_exit(127);
	}
	if (waitpid(pid, &st, 0) != pid)
		return -1;
	return WIFEXITED(st) ? WEXITSTATUS(st) : -1;
}

/* Copies the file `from` to a new file `to` of mode `mode`. */
static bool
copy_file(const char *from, const char *to, mode_t mode)
{
	char buf[65536];
	int in = open(from, O_RDONLY), out;
	ssize_t n;
	bool ok = true;

	if (in < 0)
		return false;
	out = open(to, O_WRONLY | O_CREAT | O_EXCL, mode);
	if (out < 0) {
		close(in);
		return false;
	}
	while ((n = read(in, buf, sizeof buf)) > 0)
		if (write(out, buf, (size_t)n) != n)
			ok = false;
	close(in);
	return close(out) == 0 && ok && n == 0 && chmod(to, mode) == 0;
}

/*
 * Removes the test users and the group of pid `pid`'s run.  userdel
 * refuses a user with a process still running: after a failed test its
 * programs see their terminal close (SIGHUP) and end on their own, so
 * each is tried again for a few seconds.
 */
static void
users_remove(long pid)
{
	char group[32];

	for (int i = 0; i < USERS; i++) {
		char name[32];

		snprintf(name, sizeof name, "bcr%ld%c", pid, 'a' + i);
		for (int tries = 0; tries < 50 && getpwnam(name); tries++) {
			struct timespec t = { 0, 100 * 1000000L };

			if (run_quiet("/usr/sbin/userdel", name,
			    (const char *)NULL) == 0)
				break;
			nanosleep(&t, NULL);
		}
	}
	snprintf(group, sizeof group, "bcr%ldg", pid);
	run_quiet("/usr/sbin/groupdel", group, (const char *)NULL);
}

/* What runs that were killed left: users bcr<pid>a of no live pid. */
static void
users_remove_stale(void)
{
	FILE *f = fopen("/etc/passwd", "r");
	char line[512];

	if (!f)
		return;
	while (fgets(line, sizeof line, f)) {
		char *end;
		long pid;

		if (strncmp(line, "bcr", 3) != 0)
			continue;
		pid = strtol(line + 3, &end, 10);
		if (end != line + 3 && *end == 'a' && end[1] == ':' &&
		    pid > 0 && kill((pid_t)pid, 0) != 0 && errno == ESRCH)
			users_remove(pid);
	}
	fclose(f);
}

/*
 * Makes, in the runner's own process (an unchecked fixture, whose
 * teardown runs however the test ends): users a, b, d in a new group
 * and c outside it (in "users"), each with a home and state folder of
 * their own (mode 0700); a copy of the program they may all run (the
 * build's folder may be closed to them); and the shared rooms folder as
 * the administrator's recipe makes it: mkdir, chgrp, chmod 2770.  Not
 * as root, nothing: the test says why it skips.
 */
static void
users_setup(void)
{
	long pid = (long)getpid();
	const struct group *gr;
	char *bin;

	users_error[0] = '\0';
	if (geteuid() != 0)
		return;
	if (access("/usr/sbin/useradd", X_OK) != 0 ||
	    access("/usr/sbin/userdel", X_OK) != 0 ||
	    access("/usr/sbin/groupadd", X_OK) != 0 ||
	    access("/usr/sbin/groupdel", X_OK) != 0 ||
	    access("/usr/bin/setpriv", X_OK) != 0) {
		snprintf(users_error, sizeof users_error, "root without "
		    "useradd (passwd) or setpriv (util-linux)");
		return;
	}
	users_remove_stale();
	snprintf(users_base, sizeof users_base, "/tmp/bigchess-users-XXXXXX");
	if (!mkdtemp(users_base) || chmod(users_base, 0755) != 0) {
		snprintf(users_error, sizeof users_error, "cannot make %s",
		    users_base);
		users_base[0] = '\0';
		return;
	}
	bin = realpath(bigchess_bin(), NULL);
	snprintf(users_bin, sizeof users_bin, "%s/bigchess", users_base);
	if (!bin || !copy_file(bin, users_bin, 0755)) {
		snprintf(users_error, sizeof users_error, "cannot copy the "
		    "program to %s", users_bin);
		free(bin);
		return;
	}
	free(bin);
	snprintf(users_group, sizeof users_group, "bcr%ldg", pid);
	users_made = true;
	if (run_quiet("/usr/sbin/groupadd", users_group,
	    (const char *)NULL) != 0 ||
	    !(gr = getgrnam(users_group))) {
		snprintf(users_error, sizeof users_error, "groupadd %s failed",
		    users_group);
		return;
	}
	snprintf(users_rooms, sizeof users_rooms, "%s/rooms", users_base);
	if (mkdir(users_rooms, 0700) != 0 ||
	    chown(users_rooms, 0, gr->gr_gid) != 0 ||
	    chmod(users_rooms, 02770) != 0) {
		snprintf(users_error, sizeof users_error, "cannot make the "
		    "rooms folder %s", users_rooms);
		return;
	}
	for (int i = 0; i < USERS; i++) {
		struct user *u = &users[i];
		const struct passwd *pw;
		char name[sizeof u->name], home[sizeof u->home];

		snprintf(name, sizeof name, "bcr%ld%c", pid, 'a' + i);
		memcpy(u->name, name, sizeof name);
		if (run_quiet("/usr/sbin/useradd", "-M", "-N", "-g", i == 2 ?
		    "users" : users_group, "-s", "/bin/sh", name,
		    (const char *)NULL) != 0 ||
		    !(pw = getpwnam(name))) {
			snprintf(users_error, sizeof users_error,
			    "useradd %.23s failed", name);
			return;
		}
		u->uid = pw->pw_uid;
		u->gid = pw->pw_gid;
		/* Built in locals first: GCC's -Wrestrict cannot tell one
		 * member of users[i] from another. */
		snprintf(home, sizeof home, "%.64s/%.23s", users_base, name);
		if (mkdir(home, 0700) != 0 ||
		    chown(home, pw->pw_uid, pw->pw_gid) != 0) {
			snprintf(users_error, sizeof users_error, "cannot make "
			    "the home of %.23s", name);
			return;
		}
		memcpy(u->home, home, sizeof home);
		snprintf(u->env[0], sizeof u->env[0], "HOME=%s", home);
		snprintf(u->env[1], sizeof u->env[1], "XDG_STATE_HOME=%s",
		    home);
		snprintf(u->env[2], sizeof u->env[2], "BIGCHESS_ROOMS=%s",
		    users_rooms);
	}
}

static void
users_teardown(void)
{
	if (users_made)
		users_remove((long)getpid());
	users_made = false;
	if (users_base[0])
		pty_remove_tree(users_base);
	users_base[0] = '\0';
}

/* bigchess with `args` as user `u`, in a terminal of its own. */
static void
start_as(struct pty *p, const struct user *u, const char *const args[],
    const char *marker)
{
	const char *argv[16], *env[] = { u->env[0], u->env[1], u->env[2],
		"XDG_RUNTIME_DIR=", "XDG_CONFIG_HOME=", NULL };
	char reuid[32], regid[32];
	int n = 0;

	snprintf(reuid, sizeof reuid, "--reuid=%lu", (unsigned long)u->uid);
	snprintf(regid, sizeof regid, "--regid=%lu", (unsigned long)u->gid);
	argv[n++] = "/usr/bin/setpriv";
	argv[n++] = reuid;
	argv[n++] = regid;
	argv[n++] = "--init-groups";
	argv[n++] = users_bin;
	for (int i = 0; args[i]; i++)
		argv[n++] = args[i];
	argv[n] = NULL;
	ck_assert_int_eq(pty_spawn(p, ROWS, COLS, argv, env), 0);
	track(p);
	SEE(p, marker);
}

/* Whether user `u` can open `path` for reading (in a child that has
 * become `u`); errno's value in *why when not. */
static bool
can_read_as(const struct user *u, const char *path, int *why)
{
	int st;
	pid_t pid = fork();

	ck_assert_int_ge(pid, 0);
	if (pid == 0) {
		int fd;

		if (setgroups(0, NULL) != 0 || setresgid(u->gid, u->gid,
		    u->gid) != 0 || setresuid(u->uid, u->uid, u->uid) != 0)
			_exit(100);
		fd = open(path, O_RDONLY);
		_exit(fd >= 0 ? 0 : errno > 0 && errno < 100 ? errno : 99);
	}
	ck_assert_int_eq(waitpid(pid, &st, 0), pid);
	ck_assert(WIFEXITED(st) && WEXITSTATUS(st) != 100);
	*why = WEXITSTATUS(st);
	return WEXITSTATUS(st) == 0;
}

/* Whether user `u` can connect to the socket `path`. */
static bool
can_connect_as(const struct user *u, const char *path, int *why)
{
	int st;
	pid_t pid;

	ck_assert_uint_lt(strlen(path),
	    sizeof ((struct sockaddr_un *)0)->sun_path);
	pid = fork();

	ck_assert_int_ge(pid, 0);
	if (pid == 0) {
		struct sockaddr_un sa = { .sun_family = AF_UNIX };
		int fd;

		if (setgroups(0, NULL) != 0 || setresgid(u->gid, u->gid,
		    u->gid) != 0 || setresuid(u->uid, u->uid, u->uid) != 0)
			_exit(100);
		memcpy(sa.sun_path, path, strlen(path) + 1);
		fd = socket(AF_UNIX, SOCK_STREAM, 0);
		if (fd < 0)
			_exit(99);
		_exit(connect(fd, (struct sockaddr *)&sa, sizeof sa) == 0 ? 0
		    : errno > 0 && errno < 100 ? errno : 99);
	}
	ck_assert_int_eq(waitpid(pid, &st, 0), pid);
	ck_assert(WIFEXITED(st) && WEXITSTATUS(st) != 100);
	*why = WEXITSTATUS(st);
	return WEXITSTATUS(st) == 0;
}

/* Starts bigchess as `u`, which must end with status 1 and `why`. */
static void
refused_as(const struct user *u, const char *const args[], const char *why)
{
	struct pty p;

	start_as(&p, u, args, why);
	expect_exit(&p, 1);
	stop(&p);
}

/*
 * Users a (the host) and b (the guest), both in the group, play through
 * the shared folder; c, outside the group, cannot even connect; d, in
 * the group, may watch but not take b's seat while b is away.  The
 * socket is a's, of the folder's group, mode 0660; neither player can
 * read the other's state folder (the autosaves, the room's record).
 */
START_TEST(test_two_users)
{
	const char *const host_args[] = { "--host", "duo", "--variant",
		"grand", NULL };
	const char *const join[] = { "--join", "duo", NULL };
	const char *const watch[] = { "--watch", "duo", NULL };
	const char *ci = getenv("CI");
	char sock[128], path[320], text[128];
	const struct group *gr;
	struct pty h, g, w;
	struct stat st;
	int why;

	if (geteuid() != 0) {
		ck_assert_msg(!ci || strcmp(ci, "true") != 0, "two users in a "
		    "shared rooms folder need root to make the users, and "
		    "CI=true runs as root: this run is not");
		fprintf(stderr, "rooms: test_two_users SKIPPED: not root (it "
		    "makes users with useradd)\n");
		return;
	}
	ck_assert_msg(!users_error[0], "%s", users_error);
	gr = getgrnam(users_group);
	ck_assert_ptr_nonnull(gr);
	start_as(&h, &users[0], host_args, "q quit");
	SEE(&h, "bigchess --join duo");
	start_as(&g, &users[1], join, "q quit");
	SEE(&g, "you play Black");
	SEE(&h, "is in the room");
	snprintf(text, sizeof text, "White: %s", users[0].name);
	SEE(&g, text);
	SEE(&h, text);
	snprintf(text, sizeof text, "Black: %s", users[1].name);
	SEE(&g, text);
	SEE(&h, text);
	type_line(&h, "e3e5");
	SEE(&g, "White played e5");
	type_line(&g, "e8e6");
	SEE(&h, "Black played e6");
	type_line(&g, "say hello across users");
	snprintf(text, sizeof text, "%s: hello across users", users[1].name);
	SEE(&h, text);

	/* The socket: a's, the folder's group (setgid), rw for both. */
	snprintf(sock, sizeof sock, "%s/duo", users_rooms);
	ck_assert_int_eq(lstat(sock, &st), 0);
	ck_assert(S_ISSOCK(st.st_mode));
	ck_assert_uint_eq(st.st_uid, users[0].uid);
	ck_assert_uint_eq(st.st_gid, gr->gr_gid);
	ck_assert_msg((st.st_mode & 07777) == 0660, "socket mode %o",
	    (unsigned)(st.st_mode & 07777));
	/* c is outside the group: no way in, with a clear line. */
	ck_assert(!can_connect_as(&users[2], sock, &why));
	ck_assert_int_eq(why, EACCES);
	start_as(&w, &users[2], watch, "cannot watch room duo");
	SEE(&w, "Permission denied");
	SEE(&w, "ask the administrator");
	expect_exit(&w, 1);
	stop(&w);
	/* Each player's files are closed to the other. */
	snprintf(path, sizeof path, "%s/bigchess/autosave.pgn",
	    users[0].home);
	ck_assert_int_eq(access(path, R_OK), 0);
	ck_assert(!can_read_as(&users[1], path, &why));
	ck_assert_int_eq(why, EACCES);
	snprintf(path, sizeof path, "%s/bigchess/room-duo.pgn",
	    users[0].home);
	ck_assert_int_eq(access(path, R_OK), 0);
	ck_assert(!can_read_as(&users[1], path, &why));
	snprintf(path, sizeof path, "%s/bigchess/autosave.pgn",
	    users[1].home);
	ck_assert_int_eq(access(path, R_OK), 0);
	ck_assert(!can_read_as(&users[0], path, &why));
	ck_assert_int_eq(why, EACCES);

	/* b's connection drops: d may watch, not take the seat; b comes
	 * back to the same game. */
	kill(g.pid, SIGKILL);
	ck_assert(pty_wait_exit(&g, WAIT_MS));
	stop(&g);
	SEE(&h, "has left the room");
	snprintf(text, sizeof text, "keeps the opponent's seat for %s",
	    users[1].name);
	refused_as(&users[3], join, text);
	start_as(&w, &users[3], watch, "q quit");
	WAIT_ROW(&w, "1.", "e6");
	SEE(&w, "hello across users");
	start_as(&g, &users[1], join, "q quit");
	SEE(&g, "you play Black");
	WAIT_ROW(&g, "1.", "e6");
	type_line(&h, "d3d4");
	SEE(&g, "White played d4");
	SEE(&w, "White played d4");
	leave(&w);
	leave(&g);
	leave(&h);
}
END_TEST

Suite *
rooms_suite(void)
{
	Suite *s = suite_create("rooms");
	TCase *play = tcase_create("play");
	TCase *peers = tcase_create("peers");
	TCase *users_tc;

	tcase_add_checked_fixture(play, rooms_setup, rooms_teardown);
	tcase_add_checked_fixture(peers, rooms_setup, rooms_teardown);
	tcase_set_timeout(play, 120);
	tcase_set_timeout(peers, 120);
	tcase_add_loop_test(play, test_mate, 0,
	    (int)(sizeof mates / sizeof mates[0]));
	tcase_add_loop_test(play, test_whole_game, 0,
	    (int)(sizeof whole_games / sizeof whole_games[0]));
	tcase_add_test(play, test_moves_clocks_chat);
	tcase_add_test(play, test_room_tools);
	tcase_add_test(play, test_offers);
	tcase_add_test(play, test_flag);
	tcase_add_test(peers, test_guest_killed);
	tcase_add_test(peers, test_host_killed);
	tcase_add_test(peers, test_fake_peer);
	tcase_add_test(peers, test_list);
	tcase_add_test(peers, test_refusals);
	tcase_add_test(peers, test_wait);
	tcase_add_test(peers, test_host_screen);
	tcase_add_test(peers, test_host_screen_given);
	tcase_add_test(peers, test_join_screen);
	tcase_add_test(peers, test_chat_backlog);
	tcase_add_test(peers, test_resume_chat);
	tcase_add_test(peers, test_resume_seat);
	users_tc = tcase_create("users");
	tcase_add_unchecked_fixture(users_tc, users_setup, users_teardown);
	tcase_add_checked_fixture(users_tc, rooms_setup, rooms_teardown);
	tcase_set_timeout(users_tc, 120);
	tcase_add_test(users_tc, test_two_users);
	suite_add_tcase(s, play);
	suite_add_tcase(s, peers);
	suite_add_tcase(s, users_tc);
	return s;
}
