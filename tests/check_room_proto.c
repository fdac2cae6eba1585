/*
 * check_room_proto.c - the game rooms' line protocol (room_proto.c):
 * every message of bigchess-room(5) read and written back, and garbage
 * of every kind refused with a reason.  The expected fields are those
 * the man page's grammar gives for each line, written out by hand.
 */
#include <check.h>
#include <stdio.h>
#include <string.h>

#include "app/room_proto.h"
#include "test_util.h"

static int
parse(const char *line, struct room_msg *m)
{
	char err[160];

	return room_parse(line, strlen(line), m, err, sizeof err);
}

/* Each good line: read, then written back byte for byte. */
static const char *const good[] = {
	"hello 1 guest",
	"hello 1 watcher",
	"hello 1 query",
	"move e3e5",
	"move a9a10q",
	"move O-O-2",
	"say hello there, how are you?",
	"say caf\xc3\xa9",
	"offer draw",
	"offer takeback",
	"answer yes",
	"answer no",
	"resign",
	"welcome 1 guest black alice",
	"welcome 1 watcher none bob.smith",
	"game grand 300000 3000 white",
	"start rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1",
	"m e3e5",
	"clock 300000 298500",
	"synced",
	"moved e3e5 301200 300000",
	"said alice good luck",
	"offered draw white",
	"declined takeback black",
	"takeback 4 120000 110000",
	"result resignation black",
	"result agreement none",
	"result time white",
	"peer here alice",
	"peer gone alice",
	"watchers 3",
	"room alice grand 300000 3000 12 playing 2",
	"error a line longer than 1024 bytes",
	"bye the host left",
};

START_TEST(test_good_lines)
{
	const char *line = good[_i];
	struct room_msg m;
	char out[ROOM_LINE_MAX + 2], want[ROOM_LINE_MAX + 2];

	ck_assert_msg(parse(line, &m) == 0, "refused: %s", line);
	snprintf(want, sizeof want, "%s\n", line);
	ck_assert_int_eq(room_format(&m, out, sizeof out), (int)strlen(want));
	ck_assert_str_eq(out, want);
}
END_TEST

/* The fields of a few lines, as the grammar says. */
START_TEST(test_fields)
{
	struct room_msg m;

	ck_assert_int_eq(parse("moved e3e5 301200 300000", &m), 0);
	ck_assert_int_eq(m.kind, RM_MOVED);
	ck_assert_str_eq(m.move, "e3e5");
	ck_assert_int_eq(m.ms[0], 301200);
	ck_assert_int_eq(m.ms[1], 300000);
	ck_assert_int_eq(parse("hello 1 guest", &m), 0);
	ck_assert_int_eq(m.kind, RM_HELLO);
	ck_assert_int_eq(m.version, 1);
	ck_assert_int_eq(m.role, ROLE_GUEST);
	ck_assert_int_eq(parse("result time white", &m), 0);
	ck_assert_int_eq(m.end, END_TIME);
	ck_assert_int_eq(m.colour, 0);
	ck_assert_int_eq(parse("say  two  spaces ", &m), 0);
	ck_assert_str_eq(m.text, " two  spaces ");
	ck_assert_int_eq(parse("room bob hadean 0 0 0 waiting 0", &m), 0);
	ck_assert_str_eq(m.name, "bob");
	ck_assert_str_eq(m.variant, "hadean");
	ck_assert_int_eq(m.state, STATE_WAITING);
}
END_TEST

/* Each bad line, and why it is bad. */
static const char *const bad[] = {
	"",                          /* no message */
	"HELLO 1 guest",             /* words are lower case */
	"hello",                     /* too few words */
	"hello 1",
	"hello 1 guest extra",       /* too many */
	"hello 0 guest",             /* versions start at 1 */
	"hello 01 guest",            /* no leading zeros */
	"hello -1 guest",
	"hello 1 king",              /* no such role */
	"hello  1 guest",            /* two spaces */
	" hello 1 guest",
	"hello 1 guest ",
	"move",
	"move e",                    /* a move has two bytes at least */
	"move e3e5e3e5e3e5e",        /* at most 12 */
	"move e3;e5",                /* letters, digits and - only */
	"move e3 e5",
	"say",
	"say ",                      /* chat is not empty */
	"say bell\a",                /* no control characters */
	"say esc\x1b[2J",
	"say del\x7f",
	"offer tea",
	"answer maybe",
	"resign now",
	"clock 1 2 3",
	"clock 360000001 0",         /* past the 100-hour cap */
	"clock 99999999999 0",
	"clock 1.5 2",
	"moved e3e5 1",
	"game grand 300000 3000 none", /* the host has a colour */
	"game gr@nd 1 1 white",
	"watchers many",
	"welcome 1 guest blue alice",
	"said a/b hi",               /* a login is a name */
	"peer maybe alice",
	"room alice grand 1 1 1 dancing 0",
	"start \xc3\xa9",            /* a FEN is ASCII */
	"\xff\xfe",
};

START_TEST(test_bad_lines)
{
	const char *line = bad[_i];
	struct room_msg m;
	char err[160] = "";

	ck_assert_msg(room_parse(line, strlen(line), &m, err, sizeof err) ==
	    -1, "accepted: %s", line);
	ck_assert_msg(err[0] != '\0', "no reason for: %s", line);
	ck_assert_ptr_null(strchr(err, '\n'));
}
END_TEST

START_TEST(test_nul_and_length)
{
	static char line[ROOM_LINE_MAX + 2];
	struct room_msg m;
	char err[160];

	ck_assert_int_eq(room_parse("say a\0b", 7, &m, err, sizeof err), -1);
	memset(line, 'a', sizeof line);
	line[0] = 's';
	line[1] = 'a';
	line[2] = 'y';
	line[3] = ' ';
	/* A chat line of 201 bytes is over ROOM_TEXT_MAX (200). */
	ck_assert_int_eq(room_parse(line, 4 + 201, &m, err, sizeof err), -1);
	ck_assert_int_eq(room_parse(line, 4 + 200, &m, err, sizeof err), 0);
	ck_assert_int_eq(room_parse(line, ROOM_LINE_MAX + 1, &m, err,
	    sizeof err), -1);
	ck_assert_ptr_nonnull(strstr(err, "1024"));
}
END_TEST

/* room_format refuses what room_parse would refuse. */
START_TEST(test_format_refuses)
{
	struct room_msg m = { .kind = RM_SAY };
	char out[64];

	snprintf(m.text, sizeof m.text, "bad\nline");
	ck_assert_int_eq(room_format(&m, out, sizeof out), -1);
	m.kind = RM_MOVE;
	snprintf(m.move, sizeof m.move, "e3 e5");
	ck_assert_int_eq(room_format(&m, out, sizeof out), -1);
	m.kind = RM_SAY;
	snprintf(m.text, sizeof m.text, "%s", "fine");
	ck_assert_int_eq(room_format(&m, out, 6), -1); /* "say fine\n" */
	ck_assert_int_eq(room_format(&m, out, sizeof out), 9);
}
END_TEST

/* Lines split anywhere come out whole; CR LF ends a line too. */
START_TEST(test_line_assembly)
{
	static const char data[] = "hel" "lo 1 gu" "est\r\nsay hi\nmo";
	struct room_in in = { 0 };
	size_t at = 0, n = sizeof data - 1;

	at += room_in_feed(&in, data, 3);
	ck_assert(!room_in_line(&in));
	at += room_in_feed(&in, data + at, n - at);
	ck_assert(room_in_line(&in));
	ck_assert_str_eq(in.line, "hello 1 guest");
	room_in_next(&in);
	at += room_in_feed(&in, data + at, n - at);
	ck_assert_str_eq(in.line, "say hi");
	room_in_next(&in);
	at += room_in_feed(&in, data + at, n - at);
	ck_assert_uint_eq(at, n);
	ck_assert(!room_in_line(&in));
}
END_TEST

START_TEST(test_line_too_long)
{
	static char data[ROOM_LINE_MAX + 10];
	struct room_in in = { 0 };
	size_t took;

	memset(data, 'x', sizeof data);
	took = room_in_feed(&in, data, sizeof data);
	ck_assert(in.too_long);
	ck_assert_uint_eq(took, ROOM_LINE_MAX);
	ck_assert_uint_eq(room_in_feed(&in, data, sizeof data), 0);
}
END_TEST

/* A burst of 30 lines, then one every 100 ms (ROOM_RATE_*). */
START_TEST(test_rate)
{
	struct room_rate r;
	int n = 0;

	room_rate_init(&r, 1000);
	while (room_rate_take(&r, 1000))
		n++;
	ck_assert_int_eq(n, 30);
	ck_assert(!room_rate_take(&r, 1099));
	ck_assert(room_rate_take(&r, 1100));
	ck_assert(!room_rate_take(&r, 1100));
	/* A quiet minute refills the bucket, but no more than the burst. */
	n = 0;
	while (room_rate_take(&r, 61100))
		n++;
	ck_assert_int_eq(n, 30);
}
END_TEST

START_TEST(test_names)
{
	ck_assert(room_name_valid("game-1_B"));
	ck_assert(room_name_valid("abcdefghijklmnopqrstuvwxyz012345"));
	ck_assert(!room_name_valid("abcdefghijklmnopqrstuvwxyz0123456"));
	ck_assert(!room_name_valid(""));
	ck_assert(!room_name_valid("../etc"));
	ck_assert(!room_name_valid("a b"));
	ck_assert(!room_name_valid("a.b"));
}
END_TEST

Suite *
room_proto_suite(void)
{
	Suite *s = suite_create("room_proto");
	TCase *core = tcase_create("core");
	TCase *errors = tcase_create("errors");

	tcase_add_loop_test(core, test_good_lines, 0,
	    (int)(sizeof good / sizeof good[0]));
	tcase_add_test(core, test_fields);
	tcase_add_test(core, test_line_assembly);
	tcase_add_test(core, test_rate);
	tcase_add_test(core, test_names);
	tcase_add_loop_test(errors, test_bad_lines, 0,
	    (int)(sizeof bad / sizeof bad[0]));
	tcase_add_test(errors, test_nul_and_length);
	tcase_add_test(errors, test_format_refuses);
	tcase_add_test(errors, test_line_too_long);
	suite_add_tcase(s, core);
	suite_add_tcase(s, errors);
	return s;
}
