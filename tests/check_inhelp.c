/*
 * check_inhelp.c - help inside the game: the rules key (R) and the
 * piece-info key (i), driven through a pseudo-terminal like check_ui.c,
 * and the built-in rules texts themselves.
 *
 * The squares a piece may reach are counted by hand from the rules
 * (../shared/rules), never taken from the program's output.
 */
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>
#include <signal.h>
#include <sys/stat.h>
#include <sys/wait.h>
#include <unistd.h>

#include "bigchess/bigchess.h"
#include "pty_board.h"
#include "test_util.h"
#include "../src/ui/rules_text.h"

enum { MAX_ARGS = 16 };

static void
start(struct pty *p, const char *const args[], const char *const env[])
{
	const char *argv[MAX_ARGS + 6] = { "--ascii", "--white", "human",
		"--black", "human" };
	int n = 5;

	for (int i = 0; args[i] && n < MAX_ARGS; i++)
		argv[n++] = args[i];
	argv[n] = NULL;
	start_bigchess(p, 24, 80, argv, env);
}

static uint32_t
char_at(const struct pty *p, int row, int col)
{
	uint32_t ch = pty_cell(p, row, col).chars[0];

	return ch ? ch : ' ';
}

/*
 * The squares marked as reachable, as "a5 b5 ..." (rank by rank from 1,
 * files from a): an empty one shows '*' in its centre, an occupied one
 * '*' either side of its piece.
 */
static void
marked(const struct pty *p, int files, int ranks, char *out, size_t size)
{
	size_t len = 0;

	out[0] = '\0';
	for (int r = 1; r <= ranks; r++)
		for (int f = 0; f < files; f++) {
			int row = rank_row(p, r), col = file_col(p, 'a' + f);

			if (row < 0 || col < 0)
				continue;
			if (char_at(p, row, col) == '*' ||
			    (char_at(p, row, col - 1) == '*' &&
			    char_at(p, row, col + 1) == '*'))
				len += (size_t)snprintf(out + len, size - len,
				    "%s%c%d", len ? " " : "", 'a' + f, r);
		}
}

/* Waits for the marked squares to be exactly `want` (same order). */
static bool
wait_marked(struct pty *p, int files, int ranks, const char *want,
    char *got, size_t size)
{
	for (int i = 0; i < WAIT_MS / 50; i++) {
		marked(p, files, ranks, got, size);
		if (strcmp(got, want) == 0)
			return true;
		pty_pump(p, 50);
	}
	return false;
}

#define ASSERT_MARKED(p, files, ranks, want) \
	do { \
		char got_[1024]; \
		ck_assert_msg(wait_marked((p), (files), (ranks), (want), \
		    got_, sizeof got_), "marked: %s\nwanted: %s\n%s", got_, \
		    (want), pty_dump(p)); \
	} while (0)

/*
 * A Grand Chess chancellor on e5, White's king on e1, Black's on a10.
 * Rook lines: e6-e10 (5), e4-e2 (3; e1 is its own king), a5-d5 (4),
 * f5-j5 (5); knight leaps c4 g4 d3 f3 c6 g6 d7 f7 (8): 25 squares.  On an
 * empty board e1 joins them: 26.
 */
START_TEST(test_info_chancellor)
{
	const char *args[] = { "--variant", "grand", "--fen",
		"k9/10/10/10/10/4C5/10/10/10/4K5 w - - 0 1", NULL };
	struct pty p;

	start(&p, args, NULL);
	WAIT_GAME(&p);
	pty_send(&p, "kkkki"); /* the cursor starts on the king, e1 */
	WAIT_FOR(&p, "White Chancellor (C) on e5: 25 squares now");
	WAIT_FOR(&p, "moves as a rook or leaps as a knight");
	ASSERT_MARKED(&p, 10, 10, "e2 d3 e3 f3 c4 e4 g4 a5 b5 c5 d5 f5 g5 h5 "
	    "i5 j5 c6 e6 g6 d7 e7 f7 e8 e9 e10");
	/* Again: the board otherwise empty; the kings are not shown. */
	pty_send(&p, "i");
	WAIT_FOR(&p, "26 squares on an empty board");
	ASSERT_MARKED(&p, 10, 10, "e1 e2 d3 e3 f3 c4 e4 g4 a5 b5 c5 d5 f5 g5 "
	    "h5 i5 j5 c6 e6 g6 d7 e7 f7 e8 e9 e10");
	ASSERT_PIECE(&p, "a10", ' ');
	/* A third time clears it, and the kings are back. */
	pty_send(&p, "i");
	WAIT_FOR(&p, "Piece info cleared");
	ASSERT_MARKED(&p, 10, 10, "");
	ASSERT_PIECE(&p, "a10", 'k');
	ASSERT_PIECE(&p, "e1", 'K');
	/* An empty square says so. */
	pty_send(&p, "li");
	WAIT_FOR(&p, "f5 is empty");
	/* The other side's piece: Black's king on a10 reaches a9 b9 b10. */
	pty_send(&p, "hhhhhkkkkki");
	WAIT_FOR(&p, "Black King (K) on a10: 3 squares");
	ASSERT_MARKED(&p, 10, 10, "a9 b9 b10");
	/* Esc clears it; so does a move. */
	pty_send(&p, "\033");
	WAIT_FOR(&p, "Piece info cleared");
	ASSERT_MARKED(&p, 10, 10, "");
	pty_send(&p, "i");
	WAIT_FOR(&p, "Black King (K) on a10");
	pty_send(&p, ":e5e8" ENTER);
	WAIT_FOR(&p, "White played Ce8");
	ASSERT_MARKED(&p, 10, 10, "");
	pty_close(&p);
}
END_TEST

/*
 * A queen in the corner, a1, sees the three other corners: no corner is
 * left for the enemy king on the empty board, which must go elsewhere
 * without blocking.  Now (White's king on e1, Black's on e10): b1-d1,
 * a2-a10, b2-j10: 21.  Alone: b1-j1 too: 27.
 */
START_TEST(test_info_corner_queen)
{
	const char *args[] = { "--variant", "grand", "--fen",
		"4k5/10/10/10/10/10/10/10/10/Q3K5 w - - 0 1", NULL };
	struct pty p;

	start(&p, args, NULL);
	WAIT_GAME(&p);
	pty_send(&p, "hhhhi");
	WAIT_FOR(&p, "White Queen (Q) on a1: 21 squares now");
	ASSERT_MARKED(&p, 10, 10, "b1 c1 d1 a2 b2 a3 c3 a4 d4 a5 e5 a6 f6 "
	    "a7 g7 a8 h8 a9 i9 a10 j10");
	pty_send(&p, "i");
	WAIT_FOR(&p, "27 squares on an empty board");
	ASSERT_MARKED(&p, 10, 10, "b1 c1 d1 e1 f1 g1 h1 i1 j1 a2 b2 a3 c3 a4 "
	    "d4 a5 e5 a6 f6 a7 g7 a8 h8 a9 i9 a10 j10");
	pty_close(&p);
}
END_TEST

/*
 * The inventor's example of a Hadean flyer: a warmachine on d5, a piece
 * on c5, b5 empty, a queen on a5.  It takes on c5 and goes to b5 (over
 * c5), but not to a5 (one piece on the two squares before it).  Up, right
 * and down it slides three: d6 d7 d8, e5 f5 g5, d4 d3 d2.  11 squares.
 */
START_TEST(test_info_flyer)
{
	const char *args[] = { "--variant", "hadean", "--fen",
		"6k5/12/12/12/12/12/12/q1fM8/12/12/12/6K5 w - - 0 1", NULL };
	struct pty p;

	start(&p, args, NULL);
	WAIT_GAME(&p);
	pty_send(&p, "hhhkkkki");
	WAIT_FOR(&p, "White Flying Warmachine (M) on d5: 11 squares");
	ASSERT_MARKED(&p, 12, 12, "d2 d3 d4 b5 c5 e5 f5 g5 d6 d7 d8");
	/* Alone on the board: three squares each way from d5: 12. */
	pty_send(&p, "i");
	WAIT_FOR(&p, "12 squares on an empty board");
	ASSERT_MARKED(&p, 12, 12, "d2 d3 d4 a5 b5 c5 e5 f5 g5 d6 d7 d8");
	pty_close(&p);
}
END_TEST

/*
 * Chad's start: the king on d4 is walled in by its own rooks (no move);
 * alone in its castle it steps to the 8 squares round d4, and its
 * knight's leaps all land outside the castle.  The rook on c3 goes down
 * to c2 and c1 and left to b3 and a3: 4 squares; alone, the whole c-file
 * and 3rd rank: 22.
 */
START_TEST(test_info_chad)
{
	const char *args[] = { "--variant", "chad", NULL };
	struct pty p;

	start(&p, args, NULL);
	WAIT_GAME(&p);
	pty_send(&p, "i");
	WAIT_FOR(&p, "White King (K) on d4: 0 squares now");
	WAIT_FOR(&p, "never out of its castle");
	ASSERT_MARKED(&p, 12, 12, "");
	pty_send(&p, "i");
	WAIT_FOR(&p, "8 squares on an empty board");
	ASSERT_MARKED(&p, 12, 12, "c3 d3 e3 c4 e4 c5 d5 e5");
	pty_send(&p, "Bi");
	WAIT_FOR(&p, "White Rook (R) on c3: 4 squares now");
	ASSERT_MARKED(&p, 12, 12, "c1 c2 a3 b3");
	pty_send(&p, "i");
	WAIT_FOR(&p, "22 squares on an empty board");
	ASSERT_MARKED(&p, 12, 12, "c1 c2 a3 b3 d3 e3 f3 g3 h3 i3 j3 k3 l3 "
	    "c4 c5 c6 c7 c8 c9 c10 c11 c12");
	pty_close(&p);
}
END_TEST

/* A game with one move played, e3-e5, in `variant`, waiting. */
static void
start_with_move(struct pty *p, const char *const env[])
{
	const char *args[] = { "--variant", "grand", NULL };

	start(p, args, env);
	WAIT_GAME(p);
	pty_send(p, ":e3e5" ENTER);
	WAIT_FOR(p, "1. e5");
	WAIT_FOR(p, "Black to move");
}

/* The game screen as it was: the move, the pawn, the side to move. */
static void
assert_same_game(struct pty *p)
{
	WAIT_GAME(p);
	WAIT_FOR(p, "1. e5");
	WAIT_FOR(p, "Black to move");
	ASSERT_PIECE(p, "e5", 'P');
	ASSERT_PIECE(p, "e3", ' ');
	ASSERT_PIECE(p, "a10", 'r');
}

/* The built-in text: forced, or because man(1) is missing (then asked
 * for by its word at the ':' prompt). */
START_TEST(test_rules_builtin)
{
	const char *forced[] = { "BIGCHESS_NO_MAN=1", NULL };
	const char *no_man[] = { "PATH=/nonexistent-bigchess-path", NULL };
	struct pty p;

	start_with_move(&p, _i == 0 ? forced : no_man);
	pty_send(&p, _i == 0 ? "R" : ":rules" ENTER); /* key, prompt word */
	WAIT_FOR(&p, "Grand Chess - the rules (built-in text)");
	WAIT_FOR(&p, "chancellor");
	WAIT_GONE(&p, "q quit");
	/* It scrolls: the first line goes, and comes back. */
	pty_send(&p, "j");
	WAIT_FOR(&p, "lines 2-");
	pty_send(&p, "k");
	WAIT_FOR(&p, "lines 1-");
	pty_send(&p, "q");
	assert_same_game(&p);
	pty_close(&p);
}
END_TEST

/*
 * With man(1) there, R leaves curses, runs it and comes back: a fake man
 * first in PATH answers -w, then, like a pager, takes the alternate
 * screen, clears it, shows a marker and waits for Enter.  The game must
 * then be drawn again in full, and go on after a Ctrl-C in the pager;
 * in the second run the pager also stops itself, as for a Ctrl-Z.
 */
/* True once process `pid` is stopped (state T in /proc). */
static bool
wait_stopped(struct pty *p, pid_t pid)
{
	char path[64], buf[256], *s;

	snprintf(path, sizeof path, "/proc/%d/stat", (int)pid);
	for (int i = 0; i < WAIT_MS / 20; i++) {
		FILE *f = fopen(path, "r");
		size_t n = f ? fread(buf, 1, sizeof buf - 1, f) : 0;

		if (f)
			fclose(f);
		buf[n] = '\0';
		if ((s = strrchr(buf, ')')) && s[1] == ' ' && s[2] == 'T')
			return true;
		pty_pump(p, 20);
	}
	return false;
}

START_TEST(test_rules_man)
{
	char dir[] = "/tmp/bigchess-man-XXXXXX", path[128], env_path[256];
	const char *env[] = { env_path, _i ? "FAKE_MAN_STOP=1" : NULL, NULL };
	struct pty p;
	FILE *f;

	ck_assert_ptr_nonnull(mkdtemp(dir));
	snprintf(path, sizeof path, "%s/man", dir);
	f = fopen(path, "w");
	ck_assert_ptr_nonnull(f);
	fputs("#!/bin/sh\n"
	      "[ \"$1\" = -w ] && exit 0\n"
	      "trap '' INT\n"
	      "printf '\\033[?1049h\\033[2J\\033[HFAKE-MAN %s\\n' \"$*\"\n"
	      "[ -n \"$FAKE_MAN_STOP\" ] && kill -STOP $$\n"
	      "read line\n"
	      "printf '\\033[?1049l'\n", f);
	fclose(f);
	chmod(path, 0755);
	snprintf(env_path, sizeof env_path, "PATH=%s:/usr/bin:/bin", dir);
	start_with_move(&p, env);
	pty_send(&p, "R");
	WAIT_FOR(&p, "FAKE-MAN bigchess-grand");
	WAIT_GONE(&p, "q quit");
	if (_i) {
		/* The pager stopped itself, as for a Ctrl-Z (SIGSTOP here:
		 * the pty's process group has no shell, so a SIGTSTP would not
		 * stop it).  The game stops too, so a shell would see the whole
		 * job stopped; a SIGCONT to the job (fg) wakes both. */
		ck_assert_msg(wait_stopped(&p, p.pid), "the game did not stop");
		kill(-p.pid, SIGCONT);
	}
	/* A Ctrl-C is the pager's (this one ignores it), not the game's. */
	pty_send(&p, "\003" ENTER);
	WAIT_FOR(&p, "Back from the manual page bigchess-grand(6)");
	assert_same_game(&p);
	pty_send(&p, "?");
	WAIT_FOR(&p, "bigchess - help");
	ck_assert(!p.exited);
	pty_close(&p);
	pty_remove_tree(dir);
}
END_TEST

/* The pid in file `path`, once it is there; -1 if it never is. */
static pid_t
wait_pid_file(struct pty *p, const char *path)
{
	for (int i = 0; i < WAIT_MS / 20; i++) {
		FILE *f = fopen(path, "r");
		int pid = 0;

		if (f) {
			int n = fscanf(f, "%d", &pid);

			fclose(f);
			if (n == 1 && pid > 0)
				return pid;
		}
		pty_pump(p, 20);
	}
	return -1;
}

/* True once process `pid` is gone (or a zombie nobody reaped yet). */
static bool
wait_dead(struct pty *p, pid_t pid)
{
	char path[64], buf[256], *s;

	snprintf(path, sizeof path, "/proc/%d/stat", (int)pid);
	for (int i = 0; i < WAIT_MS / 20; i++) {
		FILE *f = fopen(path, "r");
		size_t n = f ? fread(buf, 1, sizeof buf - 1, f) : 0;

		if (!f)
			return true;
		fclose(f);
		buf[n] = '\0';
		if ((s = strrchr(buf, ')')) && s[1] == ' ' && s[2] == 'Z')
			return true;
		pty_pump(p, 20);
	}
	return false;
}

/*
 * SIGTERM (or SIGHUP, or a SIGQUIT from outside) while the manual is
 * open ends the game and the manual both: a fake man starts a fake pager, a child
 * process that waits for a line from the terminal, as less does.  The
 * game must end by the signal, with the move saved, and neither man nor
 * its pager may be left running on the terminal.
 */
START_TEST(test_rules_man_signal)
{
	char dir[] = "/tmp/bigchess-man-XXXXXX", path[128], env_path[256];
	char man_pid[128], pager_pid[128], save[160], script[1024];
	const char *env[] = { env_path, NULL };
	static const int sigs[] = { SIGTERM, SIGHUP, SIGQUIT };
	int sig = sigs[_i];
	pid_t man, pager;
	struct pty p;
	char *text;

	ck_assert_ptr_nonnull(mkdtemp(dir));
	snprintf(path, sizeof path, "%s/man", dir);
	snprintf(man_pid, sizeof man_pid, "%s/man.pid", dir);
	snprintf(pager_pid, sizeof pager_pid, "%s/pager.pid", dir);
	snprintf(script, sizeof script, "#!/bin/sh\n"
	    "[ \"$1\" = -w ] && exit 0\n"
	    "echo $$ >%s\n"
	    "printf '\\033[?1049h\\033[2J\\033[HFAKE-MAN %%s\\n' \"$*\"\n"
	    "sh -c 'echo $$ >%s; read line'\n"
	    "printf '\\033[?1049l'\n", man_pid, pager_pid);
	write_file(path, script);
	chmod(path, 0755);
	snprintf(env_path, sizeof env_path, "PATH=%s:/usr/bin:/bin", dir);
	start_with_move(&p, env);
	pty_send(&p, "R");
	WAIT_FOR(&p, "FAKE-MAN bigchess-grand");
	man = wait_pid_file(&p, man_pid);
	pager = wait_pid_file(&p, pager_pid);
	ck_assert_int_gt(man, 0);
	ck_assert_int_gt(pager, 0);
	kill(p.pid, sig);
	ck_assert_msg(pty_wait_exit(&p, WAIT_MS), "the game still runs "
	    "after signal %d in the manual:\n%s", sig, pty_dump(&p));
	ck_assert_msg(WIFSIGNALED(p.status) && WTERMSIG(p.status) == sig,
	    "status %#x, expected death by signal %d", p.status, sig);
	ck_assert_msg(wait_dead(&p, man), "man (%d) still runs", (int)man);
	ck_assert_msg(wait_dead(&p, pager), "the pager (%d) still runs",
	    (int)pager);
	snprintf(save, sizeof save, "%s/bigchess/autosave.pgn", p.state_dir);
	text = slurp(save);
	ck_assert_msg(text && strstr(text, "1. e5 *"), "autosave: %s",
	    text ? text : "(none)");
	free(text);
	pty_close(&p);
	pty_remove_tree(dir);
}
END_TEST

static bool
contains_nocase(const char *text, const char *word)
{
	for (const char *s = text; *s; s++)
		if (strncasecmp(s, word, strlen(word)) == 0)
			return true;
	return false;
}

/* Every variant has its text, naming every one of its pieces. */
START_TEST(test_rules_texts)
{
	for (int id = 0; id < BC_VARIANT_COUNT; id++) {
		const bc_variant *v = bc_variant_get((bc_variant_id)id);
		const char *text = NULL;

		for (int i = 0; i < rules_text_count; i++)
			if (strcmp(rules_texts[i].variant,
			    bc_variant_key(v)) == 0)
				text = rules_texts[i].text;
		ck_assert_msg(text != NULL, "no rules text for %s",
		    bc_variant_key(v));
		ck_assert_msg(contains_nocase(text, bc_variant_name(v)),
		    "the %s text does not name its variant",
		    bc_variant_key(v));
		for (int t = 1; t <= bc_variant_piece_types(v); t++) {
			const char *name = bc_variant_piece_name(v, t);

			ck_assert_msg(contains_nocase(text, name),
			    "the %s text never names the %s",
			    bc_variant_key(v), name);
		}
	}
	ck_assert_int_eq(rules_text_count, BC_VARIANT_COUNT);
}
END_TEST

Suite *
inhelp_suite(void)
{
	Suite *s = suite_create("inhelp");
	TCase *tc = tcase_create("inhelp");

	tcase_set_timeout(tc, 30);
	tcase_add_test(tc, test_rules_texts);
	tcase_add_test(tc, test_info_chancellor);
	tcase_add_test(tc, test_info_corner_queen);
	tcase_add_test(tc, test_info_flyer);
	tcase_add_test(tc, test_info_chad);
	tcase_add_loop_test(tc, test_rules_builtin, 0, 2);
	tcase_add_loop_test(tc, test_rules_man, 0, 2);
	tcase_add_loop_test(tc, test_rules_man_signal, 0, 3);
	suite_add_tcase(s, tc);
	return s;
}
