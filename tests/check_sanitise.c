/*
 * check_sanitise.c - nothing from a file reaches the terminal raw: the
 * real program, given files whose tags hold terminal commands, shows them
 * as visible escapes (bigchess/text.h) in its error messages, its PGN
 * output and the records list.
 *
 * The hostile text is an xterm "set window title" command (OSC 0:
 * ESC ] 0 ; TEXT BEL, from ECMA-48 and xterm's ctlseqs) and the C1
 * control CSI (U+009B, UTF-8 C2 9B); what they must become is written
 * by hand from text.h's table.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

#include "pty_board.h"

#define TITLE "\033]0;PWNED\007"
#define TITLE_SHOWN "\\x1b]0;PWNED\\x07"
#define CSI "\302\233"
#define CSI_SHOWN "\\u009b"

/* True if `len` bytes of `s` hold `what` (which may not be a C string's
 * worth: the log has NULs of its own). */
static bool
holds(const char *s, size_t len, const char *what)
{
	size_t n = strlen(what);

	for (size_t i = 0; i + n <= len; i++)
		if (memcmp(s + i, what, n) == 0)
			return true;
	return false;
}

/* Fails if `text` has a control byte other than newline, or a C1. */
static void
assert_no_controls(const char *text, const char *what)
{
	for (const unsigned char *p = (const unsigned char *)text; *p; p++) {
		ck_assert_msg(*p >= 0x20 || *p == '\n', "%s: raw byte 0x%02x "
		    "in:\n%s", what, *p, text);
		ck_assert_msg(*p != 0x7f, "%s: raw DEL in:\n%s", what, text);
		ck_assert_msg(!(p[0] == 0xc2 && p[1] >= 0x80 && p[1] <= 0x9f),
		    "%s: raw C1 in:\n%s", what, text);
	}
}

/*
 * --resume of an autosave whose tag holds the title command: the error
 * quotes the tag with the command escaped, and the terminal receives no
 * ESC at all (curses never starts).  Before the fix this retitled the
 * terminal.
 */
START_TEST(test_resume_error)
{
	static const char save[] =
	    "[Event \"bigchess game\"]\n[Variant \"Grand Chess\"]\n"
	    "[BigchessPlayers \"human " TITLE CSI " computer\"]\n\n1. e5 *\n";
	const char *args[] = { "--resume", NULL };
	struct state s;
	struct pty p;

	state_new(&s);
	ck_assert_int_eq(mkdir(s.dir, 0700), 0);
	write_file(s.save, save);
	start_in(&p, 24, 200, &s, args);
	expect_exit(&p, 1);
	ck_assert_msg(holds(p.log, p.log_len, "bad BigchessPlayers tag"),
	    "%s", p.log);
	ck_assert_msg(holds(p.log, p.log_len, TITLE_SHOWN CSI_SHOWN),
	    "%s", p.log);
	ck_assert_msg(!holds(p.log, p.log_len, "\033"), "an ESC reached "
	    "the terminal: %s", p.log);
	ck_assert_msg(!holds(p.log, p.log_len, "\007"), "%s", p.log);
	ck_assert_msg(!holds(p.log, p.log_len, CSI), "%s", p.log);
	pty_close(&p);
	pty_remove_tree(s.home);
}
END_TEST

/* A TERM holding the command: the message naming it shows it escaped
 * (it comes from the UI, through the app's error line). */
START_TEST(test_term_error)
{
	const char *env[] = { "TERM=x" TITLE, NULL };
	struct pty p;

	start_bigchess(&p, 24, 200, NULL, env);
	expect_exit(&p, 1);
	ck_assert_msg(holds(p.log, p.log_len, "terminal type 'x" TITLE_SHOWN
	    "'"), "%s", p.log);
	ck_assert_msg(!holds(p.log, p.log_len, "\033"), "an ESC reached "
	    "the terminal: %s", p.log);
	pty_close(&p);
}
END_TEST

/* Errors without a terminal: each quotes its hostile input escaped. */
static const struct {
	const char *what;
	const char *file; /* written to FILE, which args[1] names */
	const char *args[6];
	int status;
	const char *shown;
} errors[] = {
	{ "--print of a game whose Variant tag is a command",
	    "[Variant \"" TITLE "\"]\n\n1. e5 *\n",
	    { "--load", "FILE", "--print", "fen", NULL }, 1,
	    "variant \"" TITLE_SHOWN "\" is not" },
	{ "--load of a file whose name holds a command", NULL,
	    { "--load", "/nonexistent/" TITLE ".pgn", "--print", "fen",
	      NULL }, 1, "/nonexistent/" TITLE_SHOWN ".pgn" },
	{ "--variant quoted by the usage error", NULL,
	    { "--variant", TITLE, NULL }, 2, "'" TITLE_SHOWN "'" },
	{ "an unknown option", NULL, { "--" TITLE, NULL }, 2,
	    "'--" TITLE_SHOWN "'" },
	{ "--white quoted", NULL, { "--white", "x" CSI "y", NULL }, 2,
	    "'x" CSI_SHOWN "y'" },
	{ "a FEN piece that is a control", NULL,
	    { "--perft", "1", "--fen", "\033", NULL }, 1, "bad FEN at byte 1" },
};

START_TEST(test_error_messages)
{
	char out[4096], path[128];
	const char *args[8];
	struct state s;
	int i = 0, status;

	state_new(&s);
	snprintf(path, sizeof path, "%s/game.pgn", s.home);
	if (errors[_i].file)
		write_file(path, errors[_i].file);
	for (; errors[_i].args[i]; i++)
		args[i] = strcmp(errors[_i].args[i], "FILE") ?
		    errors[_i].args[i] : path;
	args[i] = NULL;
	status = run_bigchess(args, out, sizeof out);
	ck_assert_msg(status == errors[_i].status, "%s: exit %d: %s",
	    errors[_i].what, status, out);
	ck_assert_msg(strstr(out, errors[_i].shown), "%s: '%s' not in: %s",
	    errors[_i].what, errors[_i].shown, out);
	assert_no_controls(out, errors[_i].what);
	pty_remove_tree(s.home);
}
END_TEST

/*
 * --print pgn stays valid PGN (a tag is one line of printing characters,
 * PGN 8.1.1) and shows the commands as text; the file it prints reads
 * back to the same visible text and prints the same again.
 */
START_TEST(test_print_pgn)
{
	static const char game[] =
	    "[Event \"tab\there\"]\n[White \"a" TITLE "b\"]\n"
	    "[Black \"c" CSI "d\"]\n[Variant \"Grand Chess\"]\n\n1. e5 e6 *\n";
	const char *args[] = { "--load", NULL, "--print", "pgn", NULL };
	char out[4096], again[4096], path[128];
	struct state s;

	state_new(&s);
	snprintf(path, sizeof path, "%s/game.pgn", s.home);
	write_file(path, game);
	args[1] = path;
	ck_assert_int_eq(run_bigchess(args, out, sizeof out), 0);
	assert_no_controls(out, "--print pgn");
	/* Inside a PGN string the backslash of each escape is doubled. */
	ck_assert_msg(strstr(out, "[White \"a\\\\x1b]0;PWNED\\\\x07b\"]\n"),
	    "%s", out);
	ck_assert_msg(strstr(out, "[Black \"c\\\\u009bd\"]\n"), "%s", out);
	ck_assert_msg(strstr(out, "[Event \"tab\\\\there\"]\n"), "%s", out);
	ck_assert_msg(strstr(out, "1. e5 e6 *"), "%s", out);
	/* Normalised once, it stays as it is. */
	write_file(path, out);
	ck_assert_int_eq(run_bigchess(args, again, sizeof again), 0);
	ck_assert_str_eq(again, out);
	pty_remove_tree(s.home);
}
END_TEST

/*
 * The records list (--load of a file of several games) shows the tags
 * with the commands as visible text, and none reaches the terminal.
 */
START_TEST(test_records_list)
{
	static const char games[] =
	    "[White \"" TITLE "Evil\"]\n[Black \"Bad" CSI "Guy\"]\n"
	    "[Variant \"Grand Chess\"]\n\n1. e5 *\n\n"
	    "[White \"Fine\"]\n[Event \"e" TITLE "\"]\n"
	    "[Variant \"Chad\"]\n\n1. e5e6 *\n";
	const char *args[] = { "--load", NULL, NULL };
	struct state s;
	struct pty p;
	char path[128];

	state_new(&s);
	snprintf(path, sizeof path, "%s/games.pgn", s.home);
	write_file(path, games);
	args[1] = path;
	start_in(&p, 30, 160, &s, args);
	WAIT_FOR(&p, "2 games in");
	WAIT_ROW(&p, TITLE_SHOWN "Evil", "Bad" CSI_SHOWN "Guy");
	WAIT_ROW(&p, "Fine", "e" TITLE_SHOWN);
	ck_assert_msg(!holds(p.log, p.log_len, "\033]"), "an OSC reached "
	    "the terminal");
	ck_assert_msg(!holds(p.log, p.log_len, "PWNED\007"), "a BEL");
	ck_assert_msg(!holds(p.log, p.log_len, CSI), "a C1 CSI");
	pty_send(&p, "q");
	expect_clean_exit(&p, &s);
}
END_TEST

Suite *
sanitise_suite(void)
{
	Suite *s = suite_create("sanitise");
	TCase *tc = tcase_create("sanitise");

	tcase_set_timeout(tc, 60);
	tcase_add_test(tc, test_resume_error);
	tcase_add_test(tc, test_term_error);
	tcase_add_loop_test(tc, test_error_messages, 0,
	    (int)(sizeof errors / sizeof errors[0]));
	tcase_add_test(tc, test_print_pgn);
	tcase_add_test(tc, test_records_list);
	suite_add_tcase(s, tc);
	return s;
}
