/*
 * check_xboard.c - transcripts of `bigchess --xboard`, the real binary
 * ($BIGCHESS) driven through two pipes as XBoard drives it.
 *
 * Every reply is awaited with poll() and a deadline, so a silent or dead
 * program fails the test instead of hanging it.  The engine's moves are
 * read back with XBoard's conventions, written out here on their own
 * (ranks from 0 on a board of exactly 10 ranks, from 1 otherwise; a
 * one-square castle as the king onto its rook), and checked legal with
 * the rules library in this process.
 */
#include <dirent.h>
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

#include "pipe_child.h"
#include "pty_board.h"

/* The names this file uses for the shared pipe harness. */
#define xb_child pipe_child
#define xb_open() pipe_open("--xboard")
#define xb_send pipe_send
#define xb_read_line pipe_read_line
#define xb_next pipe_next
#define xb_expect pipe_expect
#define xb_close pipe_close
#define now_ms pipe_now_ms
#define REPLY_MS pipe_reply_ms()

/* The handshake XBoard does, up to "feature done=1". */
static void
xb_handshake(struct xb_child *c)
{
	xb_send(c, "xboard");
	xb_send(c, "protover 2");
	xb_expect(c, "feature done=1");
}

/* Square `sq` as XBoard writes it on a board of `ranks` ranks. */
static void
xb_square(int ranks, bc_square sq, char *buf, size_t size)
{
	snprintf(buf, size, "%c%d", 'a' + BC_FILE(sq),
	    BC_RANK(sq) + (ranks == 10 ? 0 : 1));
}

/* Whether `m` is a Grand pawn's move onto its 8th or 9th rank that does
 * not promote: XBoard 4.9.1 would take it for a promotion in
 * coordinates, so it is written in SAN (test_grand_pawn_stays). */
static bool
stays_pawn_in_zone(const bc_position *pos, bc_move m)
{
	int rank = BC_RANK(BC_MOVE_TO(m));
	int type = BC_PIECE_TYPE(pos->board[BC_MOVE_FROM(m)]);

	if (strcmp(bc_variant_key(pos->variant), "grand") != 0 ||
	    BC_MOVE_PROMO(m) ||
	    !(bc_variant_piece_flags(pos->variant, type) & BC_PIECE_PAWN))
		return false;
	return pos->side == BC_WHITE ? rank == 7 || rank == 8
	                             : rank == 1 || rank == 2;
}

/* Legal move `m` of `pos` as XBoard writes it. */
static void
xb_move(const bc_position *pos, bc_move m, char *buf, size_t size)
{
	int ranks = bc_variant_ranks(pos->variant);
	bc_square to = BC_MOVE_TO(m);
	char a[16], b[16];

	if (BC_MOVE_KIND(m) == BC_MOVE_CASTLE &&
	    abs(BC_MOVE_TO(m) - BC_MOVE_FROM(m)) == 1) {
		int step = to - BC_MOVE_FROM(m);

		while (pos->board[to] == BC_EMPTY)
			to += step;
	}
	xb_square(ranks, BC_MOVE_FROM(m), a, sizeof a);
	xb_square(ranks, to, b, sizeof b);
	if (stays_pawn_in_zone(pos, m) && a[0] == b[0])
		snprintf(buf, size, "%s", b); /* SAN: a push */
	else if (stays_pawn_in_zone(pos, m))
		snprintf(buf, size, "%cx%s", a[0], b); /* a capture */
	else if (BC_MOVE_PROMO(m))
		snprintf(buf, size, "%s%s%c", a, b,
		    bc_variant_piece_letter(pos->variant, BC_MOVE_PROMO(m)) -
		        'A' + 'a');
	else
		snprintf(buf, size, "%s%s", a, b);
}

/*
 * Whether XBoard is offered `v`: not a hexagonal board (XBoard draws
 * none), and no piece that takes what it passes over (hadean.md's flying
 * ninjas: XBoard's board would keep the pieces taken).
 */
static bool
xb_offered(const bc_variant *v)
{
	if (bc_variant_has_missing_cells(v))
		return false;
	for (int t = 1; t <= bc_variant_piece_types(v); t++)
		if (bc_variant_piece_flags(v, t) & BC_PIECE_TAKES_PASSED)
			return false;
	return true;
}

/* The legal move of `pos` that XBoard text `text` names, or none. */
static bc_move
xb_legal(const bc_position *pos, const char *text)
{
	bc_move_list list;

	bc_movegen_legal(pos, &list);
	for (int i = 0; i < list.count; i++) {
		char t[32];

		xb_move(pos, list.moves[i], t, sizeof t);
		if (strcmp(t, text) == 0)
			return list.moves[i];
	}
	return BC_MOVE_NONE;
}

/* Reads "move X", checks X legal in `pos` and plays it there. */
static void
expect_engine_move(struct xb_child *c, bc_position *pos)
{
	const char *line = xb_expect(c, "move ");
	char text[32] = "";
	bc_move m;
	bc_undo undo;

	ck_assert_int_eq(sscanf(line, "move %31s", text), 1);
	m = xb_legal(pos, text);
	ck_assert_msg(m != BC_MOVE_NONE, "engine move '%s' is not legal", text);
	bc_position_make(pos, m, &undo);
}

START_TEST(test_features)
{
	struct xb_child *c = xb_open();
	static const char *const wanted[] = {
		"setboard=1", "usermove=1", "ping=1", "san=0", "sigint=0",
		"sigterm=0", "colors=0", "analyze=1", "highlight=1",
		"memory=1", "smp=1", "playother=1"
	};
	char all[4096] = "", variants[256] = "";
	bool done = false;

	xb_send(c, "xboard");
	xb_send(c, "protover 2");
	while (!done) {
		const char *line = xb_next(c);

		ck_assert_msg(strncmp(line, "feature ", 8) == 0,
		    "not a feature line: '%s'", line);
		strncat(all, line, sizeof all - strlen(all) - 2);
		strcat(all, " ");
		done = strcmp(line, "feature done=1") == 0;
	}
	for (size_t i = 0; i < sizeof wanted / sizeof wanted[0]; i++)
		ck_assert_msg(strstr(all, wanted[i]), "no %s in: %s", wanted[i],
		    all);
	ck_assert(strstr(all, "myname=\"bigchess"));
	ck_assert(strstr(all, "option=\"Level -spin"));
	ck_assert(strstr(all, "option=\"Hash -spin"));
	ck_assert(strstr(all, "option=\"MultiPV -spin 1 1 16\""));
	/* The variant list is the registry's, in its order, without the
	 * ones XBoard cannot play (xb_offered). */
	strcpy(variants, "variants=\"");
	for (int i = 0, n = 0; i < bc_variant_count(); i++) {
		if (!xb_offered(bc_variant_at(i)))
			continue;
		if (n++)
			strcat(variants, ",");
		strcat(variants, bc_variant_key(bc_variant_at(i)));
	}
	strcat(variants, "\"");
	ck_assert_msg(strstr(all, variants), "no %s in: %s", variants, all);
	ck_assert(strstr(all, "feature done=0"));
	xb_send(c, "quit");
	ck_assert_int_eq(xb_close(c), 0);
}
END_TEST

/* "variant chad" and "variant hadean" give a setup line that describes
 * our start position; Grand Chess, which XBoard knows, gives none. */
START_TEST(test_setup_lines)
{
	struct xb_child *c = xb_open();

	xb_handshake(c);
	for (int i = 0; i < bc_variant_count(); i++) {
		const bc_variant *v = bc_variant_at(i);
		char table[128], size[32], want_size[32];
		const char *line, *fen;
		bc_position got, start;

		xb_send(c, "variant %s", bc_variant_key(v));
		xb_send(c, "ping %d", i);
		line = xb_next(c);
		if (!xb_offered(v)) {
			char error[64];

			snprintf(error, sizeof error,
			    "Error (unsupported variant): %s", bc_variant_key(v));
			ck_assert_str_eq(line, error);
			xb_expect(c, "pong ");
			continue;
		}
		if (bc_variant_id_of(v) == BC_VARIANT_GRAND) {
			char pong[32];

			snprintf(pong, sizeof pong, "pong %d", i);
			ck_assert_str_eq(line, pong);
			continue;
		}
		ck_assert_msg(sscanf(line, "setup (%127[^)]) %31s", table,
		                  size) == 2, "bad setup line '%s'", line);
		snprintf(want_size, sizeof want_size, "%dx%d+0_fairy",
		    bc_variant_files(v), bc_variant_ranks(v));
		ck_assert_str_eq(size, want_size);
		fen = strstr(line, "_fairy ") + 7;
		ck_assert_str_eq(fen, bc_variant_start_fen(v));
		ck_assert_int_eq(bc_position_from_fen(&got, v, fen, NULL), BC_OK);
		bc_position_start(&start, v);
		ck_assert(bc_position_equal(&got, &start));
		/* Every piece letter once in each half, white then black,
		 * the king last (XBoard's rule for the table). */
		{
			size_t n = strlen(table) / 2;

			ck_assert_uint_eq(strlen(table), 2 * n);
			ck_assert_int_eq(table[n - 1], 'K');
			ck_assert_int_eq(table[2 * n - 1], 'k');
			for (int t = 1; t <= bc_variant_piece_types(v); t++) {
				char up = bc_variant_piece_letter(v, t);
				char *at = strchr(table, up);

				ck_assert_msg(at && at < table + n, "no %c in %s",
				    up, table);
				ck_assert_int_eq(table[n + (size_t)(at - table)],
				    up - 'A' + 'a');
				ck_assert_ptr_null(memchr(at + 1, up,
				    n - (size_t)(at - table) - 1));
			}
		}
		xb_expect(c, "pong ");
	}
	xb_send(c, "quit");
	ck_assert_int_eq(xb_close(c), 0);
}
END_TEST

/* A few moves of each variant: ours from the rules library, the engine's
 * checked legal. */
/*
 * XBoard checks every move against the moves it believes a piece image
 * has, so a variant it does not know comes with a "piece" line for each
 * piece that moves otherwise (engine-intf, "piece ID PIECEDESC", in
 * XBoard's reading of Betza: a letter is a leap whatever stands between,
 * Z the (2,3) zebra, G the (3,3) and H the (3,0) leap).  Expected from
 * the rules files: chad.md's king steps or leaps as a knight; hadean.md's
 * ferz- and wazir-knights and -sorcerers, and its flyers of range 3 that
 * may pass over pieces (each of their squares as a leap).  Grand Chess is
 * XBoard's own, so it gets neither setup nor piece lines.
 */
START_TEST(test_piece_lines)
{
	static const struct {
		const char *variant;
		const char *want[8];
	} cases[] = {
		{ "chad", { "piece K& KN", NULL } },
		{ "hadean", { "piece F& FN", "piece W& WN", "piece S& FZ",
		    "piece Z& WZ", "piece E& FAG", "piece M& WDH", NULL } },
	};
	struct xb_child *c = xb_open();

	xb_handshake(c);
	xb_send(c, "variant grand");
	xb_send(c, "ping 1");
	ck_assert_str_eq(xb_next(c), "pong 1");
	for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++) {
		char got[4096] = "";

		xb_send(c, "variant %s", cases[i].variant);
		xb_send(c, "ping 2");
		ck_assert(strncmp(xb_next(c), "setup (", 7) == 0);
		while (strcmp(xb_next(c), "pong 2") != 0) {
			ck_assert_msg(strncmp(c->line, "piece ", 6) == 0,
			    "not a piece line: %s", c->line);
			ck_assert(strlen(got) + strlen(c->line) + 2 < sizeof got);
			strcat(got, c->line);
			strcat(got, "|");
		}
		for (int k = 0; cases[i].want[k]; k++) {
			char want[64];

			snprintf(want, sizeof want, "%s|", cases[i].want[k]);
			ck_assert_msg(strstr(got, want), "%s: no '%s' in %s",
			    cases[i].variant, cases[i].want[k], got);
		}
	}
	xb_send(c, "quit");
	ck_assert_int_eq(xb_close(c), 0);
}
END_TEST

START_TEST(test_game_each_variant)
{
	for (int i = 0; i < bc_variant_count(); i++) {
		const bc_variant *v = bc_variant_at(i);
		struct xb_child *c;
		bc_position pos;

		if (!xb_offered(v))
			continue;
		c = xb_open();

		xb_handshake(c);
		xb_send(c, "new");
		xb_send(c, "variant %s", bc_variant_key(v));
		xb_send(c, "sd 2");
		xb_send(c, "post");
		bc_position_start(&pos, v);
		for (int ply = 0; ply < 3; ply++) {
			bc_move_list list;
			char text[32];
			bc_undo undo;

			bc_movegen_legal(&pos, &list);
			ck_assert_int_gt(list.count, 0);
			xb_move(&pos, list.moves[list.count / 2], text,
			    sizeof text);
			bc_position_make(&pos, list.moves[list.count / 2], &undo);
			xb_send(c, "usermove %s", text);
			expect_engine_move(c, &pos);
		}
		xb_send(c, "quit");
		ck_assert_int_eq(xb_close(c), 0);
	}
}
END_TEST

/* Grand's ranks as XBoard counts them, from 0: our e3-e4 is "e2e3". */
START_TEST(test_grand_ranks)
{
	struct xb_child *c = xb_open();

	xb_handshake(c);
	xb_send(c, "new");
	xb_send(c, "variant grand");
	xb_send(c, "force");
	/* Counted from 1 this would be our pawn's e3-e4; from 0 it is
	 * e4-e5, where no piece stands. */
	xb_send(c, "usermove e3e4");
	ck_assert_str_eq(xb_next(c), "Illegal move: e3e4");
	/* Our e3-e4 (from 1: a king blocked by its own pawn), then Black's
	 * e8-e7 (from 1: e7-e6, two empty squares). */
	xb_send(c, "usermove e2e3");
	xb_send(c, "usermove e7e6");
	xb_send(c, "ping 1");
	ck_assert_str_eq(xb_next(c), "pong 1");
	xb_send(c, "quit");
	ck_assert_int_eq(xb_close(c), 0);
}
END_TEST

START_TEST(test_illegal_and_garbage)
{
	struct xb_child *c = xb_open();
	static char big[70000];

	xb_handshake(c);
	xb_send(c, "new");
	xb_send(c, "force");
	xb_send(c, "usermove a1a1");
	ck_assert_str_eq(xb_next(c), "Illegal move: a1a1");
	xb_send(c, "usermove zz99");
	ck_assert_str_eq(xb_next(c), "Illegal move: zz99");
	xb_send(c, "usermove");
	ck_assert(strncmp(xb_next(c), "Error (", 7) == 0);
	xb_send(c, "frobnicate 1 2 3");
	ck_assert_str_eq(xb_next(c), "Error (unknown command): frobnicate");
	xb_send(c, "\x1b[2J");
	ck_assert_str_eq(xb_next(c), "Error (unknown command): \\x1b[2J");
	xb_send(c, "level x y z");
	ck_assert(strncmp(xb_next(c), "Error (", 7) == 0);
	xb_send(c, "sd -4");
	ck_assert(strncmp(xb_next(c), "Error (", 7) == 0);
	xb_send(c, "time lots");
	ck_assert(strncmp(xb_next(c), "Error (", 7) == 0);
	xb_send(c, "variant shogi");
	ck_assert(strncmp(xb_next(c), "Error (unsupported variant)", 27) == 0);
	xb_send(c, "option Colour=red");
	ck_assert(strncmp(xb_next(c), "Error (unknown option)", 22) == 0);
	xb_send(c, "lift q77");
	ck_assert(strncmp(xb_next(c), "Error (", 7) == 0);
	memset(big, 'x', sizeof big - 1);
	big[sizeof big - 1] = '\n';
	ck_assert_int_eq(write(c->to_fd, big, sizeof big), (ssize_t)sizeof big);
	ck_assert(strncmp(xb_next(c), "Error (line longer", 18) == 0);
	xb_send(c, "setboard not/a/fen w - - 0 1");
	ck_assert(strncmp(xb_next(c), "tellusererror Illegal position", 30) ==
	    0);
	xb_send(c, "setboard");
	ck_assert(strncmp(xb_next(c), "tellusererror Illegal position", 30) ==
	    0);
	/* Still alive, and the game still at the start. */
	xb_send(c, "ping 9");
	ck_assert_str_eq(xb_next(c), "pong 9");
	xb_send(c, "usermove e2e3");
	xb_send(c, "ping 10");
	ck_assert_str_eq(xb_next(c), "pong 10");
	xb_send(c, "quit");
	ck_assert_int_eq(xb_close(c), 0);
}
END_TEST

/* undo takes one ply back, remove two: the same moves are legal again. */
START_TEST(test_undo_remove)
{
	struct xb_child *c = xb_open();

	xb_handshake(c);
	xb_send(c, "new");
	xb_send(c, "force");
	xb_send(c, "usermove e2e3");
	xb_send(c, "usermove e7e6");
	xb_send(c, "undo");
	xb_send(c, "usermove e7e6");
	xb_send(c, "remove");
	xb_send(c, "usermove e2e3");
	xb_send(c, "usermove e7e6");
	xb_send(c, "ping 1");
	/* Any "Illegal move" would come before the pong. */
	ck_assert_str_eq(xb_next(c), "pong 1");
	xb_send(c, "remove");
	xb_send(c, "remove");
	ck_assert(strncmp(xb_next(c), "Error (no move to take back)", 28) == 0);
	xb_send(c, "quit");
	ck_assert_int_eq(xb_close(c), 0);
}
END_TEST

/* The engine claims the result of its mating move (Grand: queen from
 * h8 to a8 or b8... whichever it finds, checked mate here). */
START_TEST(test_mate_claimed)
{
	struct xb_child *c = xb_open();
	const char *fen = "k9/2K7/7Q2/10/10/10/10/10/10/10 w - - 0 1";
	bc_game *g;

	ck_assert_int_eq(bc_game_new(&g, bc_variant_get(BC_VARIANT_GRAND), fen,
	                     NULL), BC_OK);
	xb_handshake(c);
	xb_send(c, "new");
	xb_send(c, "variant grand");
	xb_send(c, "force");
	xb_send(c, "setboard %s", fen);
	xb_send(c, "sd 3");
	xb_send(c, "go");
	{
		const char *line = xb_expect(c, "move ");
		char text[32];
		bc_move m;

		ck_assert_int_eq(sscanf(line, "move %31s", text), 1);
		m = xb_legal(bc_game_position(g), text);
		ck_assert_msg(m != BC_MOVE_NONE, "'%s' not legal", text);
		ck_assert_int_eq(bc_game_push(g, m), BC_OK);
		ck_assert_int_eq(bc_game_result(g, NULL), BC_RESULT_WHITE_WINS);
	}
	ck_assert_str_eq(xb_next(c), "1-0 {White mates}");
	bc_game_free(g);
	xb_send(c, "quit");
	ck_assert_int_eq(xb_close(c), 0);
}
END_TEST

/* A user move that stalemates is claimed too (Grand: the king on a10
 * with the white king on c9 and a queen to go to b8). */
START_TEST(test_stalemate_claimed)
{
	struct xb_child *c = xb_open();

	xb_handshake(c);
	xb_send(c, "new");
	xb_send(c, "variant grand");
	xb_send(c, "force");
	xb_send(c, "setboard k9/10/2K7/1Q8/10/10/10/10/10/10 w - - 0 1");
	/* Our b7-b8 is XBoard's b6b7: then a10 has no move and no check
	 * (a9, b9 and b10 are all covered). */
	xb_send(c, "usermove b6b7");
	ck_assert_str_eq(xb_next(c), "1/2-1/2 {Stalemate}");
	xb_send(c, "quit");
	ck_assert_int_eq(xb_close(c), 0);
}
END_TEST

/* Knights out and back twice: the start position for the third time,
 * a draw by repetition (grand.md), claimed after the user's move. */
START_TEST(test_repetition_claimed)
{
	static const char *const plies[] = {
		"b1a3", "b8a6", "a3b1", "a6b8", "b1a3", "b8a6", "a3b1"
	};
	struct xb_child *c = xb_open();

	xb_handshake(c);
	xb_send(c, "new");
	xb_send(c, "variant grand");
	xb_send(c, "force");
	for (size_t i = 0; i < sizeof plies / sizeof plies[0]; i++)
		xb_send(c, "usermove %s", plies[i]);
	xb_send(c, "ping 1");
	ck_assert_str_eq(xb_next(c), "pong 1");
	xb_send(c, "usermove a6b8");
	ck_assert_str_eq(xb_next(c), "1/2-1/2 {Draw by repetition}");
	xb_send(c, "quit");
	ck_assert_int_eq(xb_close(c), 0);
}
END_TEST

/* "lift" on a Grand knight at the start: its targets counted by hand
 * (b2 -> a4, c4, d1; d3 holds its own pawn). */
START_TEST(test_highlight_grand_knight)
{
	struct xb_child *c = xb_open();

	xb_handshake(c);
	xb_send(c, "new");
	xb_send(c, "variant grand");
	xb_send(c, "lift b1");
	ck_assert_str_eq(xb_next(c),
	    "highlight 10/10/10/10/10/10/Y1Y7/10/10/3Y6");
	xb_send(c, "put b1");
	xb_send(c, "quit");
	ck_assert_int_eq(xb_close(c), 0);
}
END_TEST

/*
 * A Grand pawn on e9 with every other white piece lost (grand.md: it may
 * become any type its side has lost, and must on the 10th rank): e10 is
 * marked magenta, a choice, and "put" there offers queen, chancellor,
 * archbishop, rook, bishop and knight, without the pawn itself.  The move
 * needs its letter.
 */
START_TEST(test_grand_promotion_choice)
{
	struct xb_child *c = xb_open();
	const char *line;

	xb_handshake(c);
	xb_send(c, "new");
	xb_send(c, "variant grand");
	xb_send(c, "force");
	xb_send(c, "setboard k9/4P5/10/10/10/10/10/10/10/K9 w - - 0 1");
	xb_send(c, "lift e8");
	ck_assert_str_eq(xb_next(c),
	    "highlight 4M5/10/10/10/10/10/10/10/10/10");
	xb_send(c, "put e9");
	line = xb_next(c);
	ck_assert_msg(strncmp(line, "choice ", 7) == 0, "got '%s'", line);
	ck_assert_uint_eq(strlen(line + 7), 6);
	for (const char *t = "QCARBN"; *t; t++)
		ck_assert_msg(strchr(line + 7, *t), "no %c in '%s'", *t, line);
	xb_send(c, "usermove e8e9");
	ck_assert_str_eq(xb_next(c), "Illegal move: e8e9");
	xb_send(c, "usermove e8e9c");
	xb_send(c, "ping 1");
	ck_assert_str_eq(xb_next(c), "pong 1");
	/* Black's choice too is in capitals (engine-intf: "The IDs in that
	 * string should be given as capitals irrespective of color"). */
	xb_send(c, "setboard k9/10/10/10/10/10/10/10/4p5/K9 b - - 0 1");
	xb_send(c, "lift e1");
	ck_assert_str_eq(xb_next(c),
	    "highlight 10/10/10/10/10/10/10/10/10/4M5");
	xb_send(c, "put e0");
	ck_assert_str_eq(xb_next(c), "choice QCARBN");
	xb_send(c, "quit");
	ck_assert_int_eq(xb_close(c), 0);
}
END_TEST

/*
 * A Grand pawn that stays a pawn on its 8th or 9th rank (grand.md: it
 * may promote only to a type its side has lost, and White here has lost
 * none) goes to XBoard in SAN: XBoard 4.9.1 takes such a move in
 * coordinates for a promotion and makes it a queen's, but reads the SAN
 * as the pawn's move (moves.c, Disambiguate).  Positions by hand:
 *  - White's king on j10 is checked by the knight on i8; its neighbours
 *    are its own, nothing else reaches i8, and a knight's check cannot be
 *    blocked: h7xi8 is the one legal move (XBoard's ranks: "hxi7").
 *  - Black's king on j10 is shut in by its knight and bishop and the pawn
 *    on h8 closes the long diagonal: i8-i9, guarded by the knight on g8,
 *    is the one mate in one (XBoard's "i8").
 *  - The first, Black's way round: h4xi3 ("hxi2").
 */
START_TEST(test_grand_pawn_stays)
{
	static const struct {
		const char *fen, *move;
	} cases[] = {
		{ "8RK/4k3BN/8n1/7P2/10/10/10/10/10/QCARBN4 w - - 0 1",
		    "move hxi7" },
		{ "8nk/9b/6NpP1/10/10/10/10/10/10/RNBQKCABR1 w - - 0 1",
		    "move i8" },
		{ "qcarbn4/10/10/10/10/10/7p2/8N1/4K3bn/8rk b - - 0 1",
		    "move hxi2" },
	};

	for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++) {
		struct xb_child *c = xb_open();

		xb_handshake(c);
		xb_send(c, "new");
		xb_send(c, "variant grand");
		xb_send(c, "force");
		xb_send(c, "setboard %s", cases[i].fen);
		xb_send(c, "sd 3");
		xb_send(c, "go");
		ck_assert_str_eq(xb_expect(c, "move "), cases[i].move);
		xb_send(c, "quit");
		ck_assert_int_eq(xb_close(c), 0);
	}
}
END_TEST

/*
 * A Chad rook on the enemy wall (chad.md: captures only from the enemy
 * wall into the enemy castle): from g9 it slides to a9-f9, g10-g12 and
 * g1-g8, 17 squares, and takes the rook on h9 inside Black's castle, one
 * capture (becoming a queen there, the only choice).
 */
START_TEST(test_highlight_chad_wall)
{
	struct xb_child *c = xb_open();

	xb_handshake(c);
	xb_send(c, "new");
	xb_send(c, "variant chad");
	xb_expect(c, "setup ");
	xb_send(c, "force");
	xb_send(c, "setboard 12/12/12/6Rrk3/12/12/12/12/3K8/12/12/12 w - - 0 1");
	xb_send(c, "lift g9");
	ck_assert_str_eq(xb_expect(c, "highlight "),
	    "highlight 6Y5/6Y5/6Y5/YYYYYY1R4/6Y5/6Y5/6Y5/6Y5/6Y5/6Y5/6Y5/"
	    "6Y5");
	/* XBoard sends the capture without a letter or with 'q'. */
	xb_send(c, "usermove g9h9");
	xb_send(c, "ping 1");
	ck_assert_str_eq(xb_next(c), "pong 1");
	xb_send(c, "quit");
	ck_assert_int_eq(xb_close(c), 0);
}
END_TEST

/*
 * Hadean castling as XBoard sends it (hadean.md's table): the king moves
 * two or more squares for O-O-2 and up; O-O-1, which shares its squares
 * with a king step, is the king onto its rook.  After g1l1 the rook
 * stands on g1 (it can go up the g-file); after the step g1h1 it does
 * not.
 */
START_TEST(test_hadean_castling)
{
	const char *fen = "r5k4r/12/12/12/12/12/12/12/12/12/12/R5K4R w KQkq - 0 1";
	struct xb_child *c = xb_open();

	xb_handshake(c);
	xb_send(c, "new");
	xb_send(c, "variant hadean");
	xb_expect(c, "setup ");
	xb_send(c, "force");
	xb_send(c, "setboard %s", fen);
	xb_send(c, "lift g1");
	/* Steps f1 f2 g2 h2 h1; castles b1..e1 (O-O-O-5..2) and i1..k1
	 * (O-O-2..4) as the king's square, a1 and l1 for the one-square
	 * castles: on rank 1 every square but g1. */
	ck_assert_str_eq(xb_expect(c, "highlight "),
	    "highlight 12/12/12/12/12/12/12/12/12/12/5YYY4/YYYYYY1YYYYY");
	xb_send(c, "usermove g1l1");
	/* The rook now on g1 checks the king on g12, which steps aside. */
	xb_send(c, "usermove a12a11");
	ck_assert_str_eq(xb_next(c), "Illegal move: a12a11");
	xb_send(c, "usermove g12f12");
	xb_send(c, "usermove g1g5");
	xb_send(c, "ping 1");
	ck_assert_str_eq(xb_next(c), "pong 1");
	xb_send(c, "setboard %s", fen);
	xb_send(c, "usermove g1h1");
	xb_send(c, "usermove g12f12");
	xb_send(c, "usermove g1g5");
	ck_assert_str_eq(xb_next(c), "Illegal move: g1g5");
	xb_send(c, "setboard %s", fen);
	xb_send(c, "usermove g1j1"); /* O-O-3: king j1, rook i1 */
	xb_send(c, "usermove g12f12");
	xb_send(c, "usermove i1i5");
	xb_send(c, "ping 2");
	ck_assert_str_eq(xb_next(c), "pong 2");
	xb_send(c, "quit");
	ck_assert_int_eq(xb_close(c), 0);
}
END_TEST

/* "ping" is answered in order, after the replies to what came before. */
START_TEST(test_ping_order)
{
	struct xb_child *c = xb_open();

	xb_handshake(c);
	xb_send(c, "ping 1");
	xb_send(c, "new");
	xb_send(c, "variant hadean");
	xb_send(c, "ping 2");
	xb_send(c, "usermove a1a1");
	xb_send(c, "ping 3");
	ck_assert_str_eq(xb_next(c), "pong 1");
	ck_assert(strncmp(xb_next(c), "setup (", 7) == 0);
	while (strncmp(xb_next(c), "piece ", 6) == 0)
		continue;
	ck_assert_str_eq(c->line, "pong 2");
	ck_assert_str_eq(xb_next(c), "Illegal move: a1a1");
	ck_assert_str_eq(xb_next(c), "pong 3");
	xb_send(c, "quit");
	ck_assert_int_eq(xb_close(c), 0);
}
END_TEST

/* analyze posts thinking until "exit"; "." gets a stat01 line; "?"
 * makes a long search move at once. */
START_TEST(test_analyze_and_move_now)
{
	struct xb_child *c = xb_open();
	bc_position pos;
	int ply, score, cs;
	unsigned long long nodes;

	xb_handshake(c);
	xb_send(c, "new");
	xb_send(c, "variant chad");
	xb_send(c, "force");
	xb_send(c, "analyze");
	ck_assert_int_eq(sscanf(xb_expect(c, "1 "), "%d %d %d %llu", &ply,
	                     &score, &cs, &nodes), 4);
	ck_assert_int_eq(ply, 1);
	xb_send(c, ".");
	xb_expect(c, "stat01: ");
	xb_send(c, "exit");
	xb_send(c, "ping 5");
	xb_expect(c, "pong 5");
	xb_send(c, "st 1000");
	xb_send(c, "go");
	xb_send(c, "?");
	bc_position_start(&pos, bc_variant_get(BC_VARIANT_CHAD));
	expect_engine_move(c, &pos);
	xb_send(c, "quit");
	ck_assert_int_eq(xb_close(c), 0);
}
END_TEST

/* Clock commands, then "playother": the engine moves for Black after
 * the user's move for White. */
START_TEST(test_clock_playother)
{
	struct xb_child *c = xb_open();
	bc_position pos;
	bc_undo undo;

	xb_handshake(c);
	xb_send(c, "new");
	xb_send(c, "variant grand");
	xb_send(c, "force");
	xb_send(c, "level 40 0:30 1");
	xb_send(c, "time 3000");
	xb_send(c, "otim 3000");
	xb_send(c, "memory 8");
	xb_send(c, "option Level=2");
	xb_send(c, "playother");
	xb_send(c, "usermove e2e3");
	bc_position_start(&pos, bc_variant_get(BC_VARIANT_GRAND));
	bc_position_make(&pos, xb_legal(&pos, "e2e3"), &undo);
	expect_engine_move(c, &pos);
	xb_send(c, "quit");
	ck_assert_int_eq(xb_close(c), 0);
}
END_TEST

/*
 * engine-intf: "hint" is answered "Hint: xxx" with a suggested move, or
 * ignored when there is none; "bk" with lines that each start with a
 * blank, then an empty line; "hard" and "easy" (pondering) and "cores N"
 * need no answer.  The hint is checked legal with the rules library.
 */
START_TEST(test_hint_bk_cores)
{
	/* Black's king on a10, White's queen on b9 guarded by the king on
	 * c9: Black is mated. */
	static const char *const mated =
	    "k9/1QK7/10/10/10/10/10/10/10/10 b - - 0 1";
	struct xb_child *c = xb_open();
	bc_position pos;
	const char *line;
	char text[32];

	xb_handshake(c);
	xb_send(c, "new");
	xb_send(c, "variant grand");
	xb_send(c, "force");
	xb_send(c, "hint");
	line = xb_expect(c, "Hint: ");
	ck_assert_int_eq(sscanf(line, "Hint: %31s", text), 1);
	bc_position_start(&pos, bc_variant_find("grand"));
	ck_assert_msg(xb_legal(&pos, text) != BC_MOVE_NONE,
	    "hint '%s' is not legal", text);
	xb_send(c, "bk");
	line = xb_next(c);
	ck_assert_msg(line[0] == ' ' || line[0] == '\t', "bk line '%s'", line);
	ck_assert_str_eq(xb_next(c), "");
	xb_send(c, "hard");
	xb_send(c, "easy");
	xb_send(c, "cores 2");
	xb_send(c, "ping 1");
	ck_assert_str_eq(xb_next(c), "pong 1");
	xb_send(c, "cores many");
	ck_assert(strncmp(xb_next(c), "Error (", 7) == 0);
	/* With two threads the engine still plays a legal move. */
	xb_send(c, "sd 3");
	xb_send(c, "go");
	expect_engine_move(c, &pos);
	/* No move to suggest once the game is over: no hint, the ping
	 * answered next. */
	xb_send(c, "force");
	xb_send(c, "setboard %s", mated);
	xb_send(c, "ping 2");
	xb_expect(c, "pong 2");
	xb_send(c, "hint");
	xb_send(c, "ping 3");
	ck_assert_str_eq(xb_next(c), "pong 3");
	xb_send(c, "quit");
	ck_assert_int_eq(xb_close(c), 0);
}
END_TEST

/*
 * Thinking output as engine-intf's "Thinking Output" section defines it:
 * "ply score time nodes pv", here with the optional selective depth and
 * speed, so a tab before the pv.  Each pv is legal move after move, the
 * plies rise, the nodes never fall.
 */
START_TEST(test_thinking_format)
{
	struct xb_child *c = xb_open();
	bc_position pos;
	int last_ply = 0, lines = 0;
	long long last_nodes = 0;

	xb_handshake(c);
	xb_send(c, "new");
	xb_send(c, "variant grand");
	xb_send(c, "post");
	xb_send(c, "sd 4");
	xb_send(c, "go");
	bc_position_start(&pos, bc_variant_find("grand"));
	for (;;) {
		const char *line = xb_next(c);
		int ply, score, seldepth, used = 0;
		long long cs, nodes, nps;
		const char *tab = strchr(line, '\t');
		bc_position p = pos;
		char text[32];

		if (strncmp(line, "move ", 5) == 0)
			break;
		ck_assert_msg(sscanf(line, "%d %d %lld %lld %d %lld%n", &ply,
		    &score, &cs, &nodes, &seldepth, &nps, &used) == 6,
		    "thinking line '%s'", line);
		ck_assert_msg(tab == line + used, "no tab before the pv: '%s'",
		    line);
		ck_assert_int_gt(ply, last_ply);
		ck_assert_int_ge(seldepth, 1);
		ck_assert(cs >= 0 && nps >= 0);
		ck_assert(nodes >= last_nodes);
		last_ply = ply;
		last_nodes = nodes;
		lines++;
		for (const char *w = tab + 1; sscanf(w, "%31s", text) == 1;
		     w = strchr(w, ' ') ? strchr(w, ' ') + 1 : w + strlen(w)) {
			bc_move m = xb_legal(&p, text);
			bc_undo undo;

			ck_assert_msg(m != BC_MOVE_NONE, "pv move '%s' in '%s'",
			    text, line);
			bc_position_make(&p, m, &undo);
		}
	}
	ck_assert_int_eq(last_ply, 4);
	ck_assert_int_ge(lines, 4);
	xb_send(c, "quit");
	ck_assert_int_eq(xb_close(c), 0);
}
END_TEST

/* The threads of process `pid` now (the entries of /proc/PID/task). */
static int
threads_of(pid_t pid)
{
	char path[64];
	DIR *d;
	struct dirent *e;
	int n = 0;

	snprintf(path, sizeof path, "/proc/%ld/task", (long)pid);
	d = opendir(path);
	ck_assert_msg(d != NULL, "cannot read %s", path);
	while ((e = readdir(d)) != NULL)
		if (e->d_name[0] != '.')
			n++;
	closedir(d);
	return n;
}

/*
 * The threads of `pid` once they are `want`, or after 2 s whatever they
 * are then: a thread that has finished its work may take a moment to
 * leave /proc (the search that made the engine's move, ending as the
 * ponder search starts), so the count is polled, not read once.
 */
static int
threads_become(pid_t pid, int want)
{
	struct timespec pause = { 0, 5 * 1000 * 1000 };
	int n = threads_of(pid);

	for (int i = 0; i < 400 && n != want; i++) {
		nanosleep(&pause, NULL);
		n = threads_of(pid);
	}
	return n;
}

/* More plies than any search posts (the engine's ENGINE_MAX_DEPTH). */
enum { XB_PLIES = 65 };

/* A thinking line's ply, centiseconds and first pv move (into `first`,
 * of 32 bytes or more); false for any other line. */
static bool
thinking_line(const char *line, int *ply, long long *cs, char *first,
    size_t size)
{
	const char *tab = strchr(line, '\t');
	int score;
	long long nodes;

	ck_assert_uint_ge(size, 32);
	if (!tab || sscanf(line, "%d %d %lld %lld", ply, &score, cs,
	                &nodes) != 4)
		return false;
	first[0] = '\0';
	return sscanf(tab + 1, "%31s", first) == 1;
}

/*
 * Starts a pondering engine: Grand Chess, "hard", "post", level 10 (so
 * that time and not the level's node budget bounds its searches), and
 * `st` seconds a move; the engine plays White's first move, which is
 * checked legal and made in `pos`.  The reply it expects (asked with
 * "hint", which engine-intf answers with the move the engine would
 * suggest: pondering, the one it ponders on) goes to `reply`, checked
 * legal in `pos`; then a thinking line of the ponder search is awaited,
 * whose pv starts with that reply (engine-intf: a ponder line holds the
 * hint move), of at least `cs` centiseconds; its ply goes to *ply, and
 * to *idle_threads the number of the program's threads before any
 * search.
 */
static struct xb_child *
start_pondering(const char *st, long long cs, bc_position *pos,
    char *reply, size_t size, int *ply, int *idle_threads)
{
	struct xb_child *c = xb_open();
	long long used = -1;
	char first[32];
	int n;

	xb_handshake(c);
	/* The threads of the engine at rest, no search running. */
	*idle_threads = threads_of(c->pid);
	xb_send(c, "new");
	xb_send(c, "variant grand");
	xb_send(c, "hard");
	xb_send(c, "post");
	xb_send(c, "option Level=10");
	xb_send(c, "st %s", st);
	xb_send(c, "go");
	bc_position_start(pos, bc_variant_find("grand"));
	expect_engine_move(c, pos);
	xb_send(c, "hint");
	ck_assert_int_eq(sscanf(xb_expect(c, "Hint: "), "Hint: %31s", first),
	    1);
	ck_assert_msg(xb_legal(pos, first) != BC_MOVE_NONE,
	    "the reply pondered on, '%s', is not legal", first);
	snprintf(reply, size, "%s", first);
	while (used < cs) {
		const char *line = xb_next(c);

		ck_assert_msg(thinking_line(line, &n, &used, first,
		    sizeof first), "not a thinking line: '%s'", line);
		ck_assert_msg(strcmp(first, reply) == 0,
		    "ponder line without the reply '%s': '%s'", reply, line);
		*ply = n;
	}
	return c;
}

/*
 * The reply the engine expected comes (a ponder hit): the search goes on
 * - its next line is deeper than the ponder search's last - and its move
 * comes once "st 1" has passed since the hit, not since pondering began
 * over 1.5 s before (then it would come at once); the move is legal.
 */
START_TEST(test_ponder_hit)
{
	bc_position pos;
	char reply[32], first[32];
	int ply, next_ply = 0;
	long long cs;
	int64_t sent, took;
	int idle;
	struct xb_child *c = start_pondering("1", 150, &pos, reply,
	    sizeof reply, &ply, &idle);
	bc_undo undo;

	xb_send(c, "time 6000");
	xb_send(c, "otim 6000");
	xb_send(c, "usermove %s", reply);
	sent = now_ms();
	bc_position_make(&pos, xb_legal(&pos, reply), &undo);
	for (;;) {
		const char *line = xb_next(c);

		if (strncmp(line, "move ", 5) == 0)
			break;
		ck_assert_msg(thinking_line(line, &next_ply, &cs, first,
		    sizeof first), "not a thinking line: '%s'", line);
		ck_assert_msg(next_ply > ply, "after the hit ply %d, pondering "
		    "reached %d: '%s'", next_ply, ply, c->line);
		ply = next_ply;
	}
	took = now_ms() - sent;
	/* Back to the move line for expect_engine_move. */
	{
		bc_move m;
		char text[32];

		ck_assert_int_eq(sscanf(c->line, "move %31s", text), 1);
		m = xb_legal(&pos, text);
		ck_assert_msg(m != BC_MOVE_NONE, "move '%s' not legal", text);
	}
	ck_assert_msg(took >= 900, "moved %lld ms after the hit",
	    (long long)took);
	ck_assert_msg(took <= 1000 + 5000, "moved %lld ms after the hit",
	    (long long)took);
	xb_send(c, "quit");
	ck_assert_int_eq(xb_close(c), 0);
}
END_TEST

/*
 * A ponder hit whose clock, as XBoard sends it with the reply, is far
 * below what the ponder search planned with (its estimate of the
 * engine's clock after its move: about a minute here, the reply comes
 * with 2 s): the search begins again with the true clock, from ply 1,
 * and moves legally.
 */
START_TEST(test_ponder_hit_short_clock)
{
	struct xb_child *c = xb_open();
	bc_position pos;
	char reply[32], first[32];
	int ply;
	long long cs;
	bc_undo undo;

	xb_handshake(c);
	xb_send(c, "new");
	xb_send(c, "variant grand");
	xb_send(c, "hard");
	xb_send(c, "post");
	xb_send(c, "option Level=10");
	xb_send(c, "level 40 1 0");
	xb_send(c, "time 6000");
	xb_send(c, "otim 6000");
	xb_send(c, "go");
	bc_position_start(&pos, bc_variant_find("grand"));
	expect_engine_move(c, &pos);
	xb_send(c, "hint");
	ck_assert_int_eq(sscanf(xb_expect(c, "Hint: "), "Hint: %31s", reply),
	    1);
	ck_assert(xb_legal(&pos, reply) != BC_MOVE_NONE);
	/* A line of the ponder search first, so that it has begun. */
	ck_assert_msg(thinking_line(xb_next(c), &ply, &cs, first,
	    sizeof first) && strcmp(first, reply) == 0,
	    "not a ponder line: '%s'", c->line);
	bc_position_make(&pos, xb_legal(&pos, reply), &undo);
	xb_send(c, "time 200");
	xb_send(c, "otim 6000");
	xb_send(c, "usermove %s", reply);
	/* Lines of the ponder search may still come (they start with the
	 * reply); then the new search's, from ply 1. */
	for (bool fresh = false;;) {
		const char *line = xb_next(c);
		char text[32];

		if (strncmp(line, "move ", 5) == 0) {
			ck_assert_msg(fresh, "no search from ply 1 before '%s'",
			    line);
			ck_assert_int_eq(sscanf(line, "move %31s", text), 1);
			ck_assert_msg(xb_legal(&pos, text) != BC_MOVE_NONE,
			    "move '%s' not legal", text);
			break;
		}
		ck_assert_msg(thinking_line(line, &ply, &cs, first,
		    sizeof first), "not a thinking line: '%s'", line);
		if (strcmp(first, reply) != 0 && !fresh) {
			ck_assert_msg(ply == 1, "the search went on at ply "
			    "%d: '%s'", ply, line);
			fresh = true;
		}
	}
	xb_send(c, "quit");
	ck_assert_int_eq(xb_close(c), 0);
}
END_TEST

/* Another reply than the one pondered on: the ponder search stops, and
 * the engine answers the move played with a legal move of its own, from
 * a new search of the new position (from ply 1; none of its lines starts
 * with the reply pondered on, whose square is not the engine's now). */
START_TEST(test_ponder_miss)
{
	bc_position pos;
	char reply[32], other[32] = "", first[32];
	int ply, idle;
	long long cs;
	struct xb_child *c = start_pondering("0.5", 0, &pos, reply,
	    sizeof reply, &ply, &idle);
	bc_move_list list;
	bc_undo undo;

	bc_movegen_legal(&pos, &list);
	for (int i = 0; i < list.count && !other[0]; i++) {
		xb_move(&pos, list.moves[i], other, sizeof other);
		if (strcmp(other, reply) == 0)
			other[0] = '\0';
		else
			bc_position_make(&pos, list.moves[i], &undo);
	}
	ck_assert(other[0]);
	xb_send(c, "usermove %s", other);
	for (bool fresh = false;;) {
		const char *line = xb_next(c);

		if (strncmp(line, "move ", 5) == 0)
			break;
		ck_assert_msg(thinking_line(line, &ply, &cs, first,
		    sizeof first), "not a thinking line: '%s'", line);
		/* Ponder lines sent before the move was read may come
		 * first; none after the new search's first. */
		if (strcmp(first, reply) != 0) {
			ck_assert_msg(fresh || ply == 1, "the search after %s "
			    "began at ply %d", other, ply);
			fresh = true;
		} else {
			ck_assert_msg(!fresh, "pondering went on after %s: "
			    "'%s'", other, line);
		}
	}
	{
		char text[32];

		ck_assert_int_eq(sscanf(c->line, "move %31s", text), 1);
		ck_assert_msg(xb_legal(&pos, text) != BC_MOVE_NONE,
		    "move '%s' not legal after %s", text, other);
	}
	xb_send(c, "quit");
	ck_assert_int_eq(xb_close(c), 0);
}
END_TEST

/*
 * Each command that ends pondering (engine-intf's and the list,
 * and the ones that start another search) stops the ponder search before
 * the next command is read: by its ping's pong the search has stopped
 * and its thread goes (the program comes back to as many threads as
 * before any search; pondering, one more), and the next line is the next
 * ping's pong, with no thinking line between.  Then the engine
 * still plays a new game.
 */
static const char *const ponder_stoppers[] = {
	"easy", "force", "new", "undo", "remove", "?", "result 1-0 {test}",
	"setboard k9/10/1K8/10/10/10/10/10/10/1Q8 w - - 0 1",
	"variant chad", "playother", "analyze"
};

START_TEST(test_ponder_stopped)
{
	const char *cmd = ponder_stoppers[_i];
	bc_position pos;
	char reply[32];
	int ply, idle;
	struct xb_child *c = start_pondering("0.3", 0, &pos, reply,
	    sizeof reply, &ply, &idle);

	/* Pondering, the search has a thread of its own. */
	ck_assert_int_eq(threads_become(c->pid, idle + 1), idle + 1);
	xb_send(c, "%s", cmd);
	if (strcmp(cmd, "analyze") == 0)
		xb_send(c, "exit");
	xb_send(c, "ping 1");
	xb_expect(c, "pong 1");
	ck_assert_msg(threads_become(c->pid, idle) == idle, "after '%s' %d "
	    "threads, %d at rest", cmd, threads_of(c->pid), idle);
	xb_send(c, "ping 2");
	ck_assert_msg(strcmp(xb_next(c), "pong 2") == 0,
	    "after '%s' and its pong: '%s'", cmd, c->line);
	/* So "?" made no move either: it is not the engine's turn. */
	xb_send(c, "new");
	xb_send(c, "sd 2");
	xb_send(c, "go");
	bc_position_start(&pos, bc_variant_find("grand"));
	expect_engine_move(c, &pos);
	xb_send(c, "quit");
	ck_assert_int_eq(xb_close(c), 0);
}
END_TEST

/* "quit" while pondering: the program exits at once (its output ends
 * while its input is still open), with status 0 (under ASan also: no
 * leak). */
START_TEST(test_ponder_quit)
{
	bc_position pos;
	char reply[32];
	int ply, idle;
	struct xb_child *c = start_pondering("0.3", 0, &pos, reply,
	    sizeof reply, &ply, &idle);
	int64_t sent, deadline;

	xb_send(c, "quit");
	sent = now_ms();
	deadline = sent + REPLY_MS;
	while (xb_read_line(c, deadline))
		;
	ck_assert_msg(now_ms() < deadline, "still running after quit");
	ck_assert_msg(now_ms() - sent < 3000, "quit took %lld ms",
	    (long long)(now_ms() - sent));
	ck_assert_int_eq(xb_close(c), 0);
}
END_TEST

/*
 * "option MultiPV=3" (XBoard's name for its analysis window's "fewer /
 * more"): analysis posts three lines a ply, with three different first
 * moves, each pv legal; back to 1, one line a ply; out of range, an
 * error.  A game's search posts one line a ply whatever the setting.
 */
START_TEST(test_multipv_analyze)
{
	struct xb_child *c = xb_open();
	bc_position start;
	int counts[XB_PLIES] = { 0 };
	char firsts[4][3][32];
	int ply = 0, last = 0;
	long long cs;
	char first[32];

	xb_handshake(c);
	xb_send(c, "new");
	xb_send(c, "variant grand");
	xb_send(c, "force");
	xb_send(c, "option MultiPV=0");
	ck_assert(strncmp(xb_next(c), "Error (MultiPV", 14) == 0);
	xb_send(c, "option MultiPV=17");
	ck_assert(strncmp(xb_next(c), "Error (MultiPV", 14) == 0);
	xb_send(c, "option MultiPV=3");
	xb_send(c, "analyze");
	bc_position_start(&start, bc_variant_find("grand"));
	/* Until ply 3 is complete: three lines of plies 1, 2 and 3. */
	while (ply < 4) {
		const char *line = xb_next(c);
		const char *w = strchr(line, '\t');
		bc_position p = start;
		char text[32];

		ck_assert_msg(thinking_line(line, &ply, &cs, first,
		    sizeof first), "not a thinking line: '%s'", line);
		ck_assert_int_ge(ply, last);
		ck_assert_int_lt(ply, XB_PLIES);
		if (ply < 4) {
			ck_assert_msg(counts[ply] < 3, "a fourth line of ply "
			    "%d: '%s'", ply, line);
			for (int i = 0; i < counts[ply]; i++)
				ck_assert_msg(strcmp(firsts[ply][i], first),
				    "ply %d twice with %s", ply, first);
			strcpy(firsts[ply][counts[ply]++], first);
		}
		last = ply;
		for (w++; sscanf(w, "%31s", text) == 1;
		     w = strchr(w, ' ') ? strchr(w, ' ') + 1 : w + strlen(w)) {
			bc_move m = xb_legal(&p, text);
			bc_undo undo;

			ck_assert_msg(m != BC_MOVE_NONE, "pv move '%s' in '%s'",
			    text, line);
			bc_position_make(&p, m, &undo);
		}
	}
	for (int d = 1; d <= 3; d++)
		ck_assert_int_eq(counts[d], 3);
	/* Back to one line: the analysis begins again, a line a ply. */
	xb_send(c, "option MultiPV=1");
	xb_send(c, "ping 1");
	xb_expect(c, "pong 1");
	memset(counts, 0, sizeof counts);
	for (ply = 0; ply < 4;) {
		ck_assert_msg(thinking_line(xb_next(c), &ply, &cs, first,
		    sizeof first), "not a thinking line: '%s'", c->line);
		ck_assert_msg(++counts[ply] == 1, "ply %d twice: '%s'", ply,
		    c->line);
	}
	xb_send(c, "exit");
	/* A game's move: one line a ply with MultiPV 3. */
	xb_send(c, "option MultiPV=3");
	xb_send(c, "post");
	xb_send(c, "sd 3");
	xb_send(c, "go");
	memset(counts, 0, sizeof counts);
	for (;;) {
		const char *line = xb_next(c);

		if (strncmp(line, "move ", 5) == 0)
			break;
		if (strncmp(line, "pong", 4) == 0)
			continue;
		ck_assert_msg(thinking_line(line, &ply, &cs, first,
		    sizeof first), "not a thinking line: '%s'", line);
		ck_assert_msg(++counts[ply] == 1, "ply %d twice: '%s'", ply,
		    line);
	}
	xb_send(c, "quit");
	ck_assert_int_eq(xb_close(c), 0);
}
END_TEST

Suite *
xboard_suite(void)
{
	Suite *s = suite_create("xboard");
	TCase *tc = tcase_create("transcripts");

	tcase_set_timeout(tc, 120);
	tcase_add_test(tc, test_features);
	tcase_add_test(tc, test_setup_lines);
	tcase_add_test(tc, test_piece_lines);
	tcase_add_test(tc, test_game_each_variant);
	tcase_add_test(tc, test_grand_ranks);
	tcase_add_test(tc, test_illegal_and_garbage);
	tcase_add_test(tc, test_undo_remove);
	tcase_add_test(tc, test_mate_claimed);
	tcase_add_test(tc, test_stalemate_claimed);
	tcase_add_test(tc, test_repetition_claimed);
	tcase_add_test(tc, test_highlight_grand_knight);
	tcase_add_test(tc, test_highlight_chad_wall);
	tcase_add_test(tc, test_grand_promotion_choice);
	tcase_add_test(tc, test_grand_pawn_stays);
	tcase_add_test(tc, test_hadean_castling);
	tcase_add_test(tc, test_ping_order);
	tcase_add_test(tc, test_analyze_and_move_now);
	tcase_add_test(tc, test_clock_playother);
	tcase_add_test(tc, test_hint_bk_cores);
	tcase_add_test(tc, test_thinking_format);
	tcase_add_test(tc, test_ponder_hit);
	tcase_add_test(tc, test_ponder_hit_short_clock);
	tcase_add_test(tc, test_ponder_miss);
	tcase_add_loop_test(tc, test_ponder_stopped, 0,
	    (int)(sizeof ponder_stoppers / sizeof ponder_stoppers[0]));
	tcase_add_test(tc, test_ponder_quit);
	tcase_add_test(tc, test_multipv_analyze);
	suite_add_tcase(s, tc);
	return s;
}
