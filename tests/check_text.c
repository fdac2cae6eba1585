/*
 * check_text.c - bc_text_sanitise: what may reach a terminal of text
 * from a file, a peer or the user.
 *
 * Each row is one class of byte or character.  The byte values are those
 * of ECMA-48 (C0 0x00-0x1F, DEL 0x7F, C1 0x80-0x9F), of RFC 3629 (what
 * is valid UTF-8: no overlong forms, no surrogates U+D800-U+DFFF,
 * nothing above U+10FFFF) and of Unicode's bidirectional controls
 * (UAX #9: U+202A-U+202E, U+2066-U+2069); the expected escapes are
 * written by hand from those values.
 */
#include <stdio.h>
#include <string.h>

#include "test_util.h"

static const struct {
	const char *what;
	const char *in;
	size_t len; /* 0: strlen(in) */
	unsigned flags;
	const char *out;
} rows[] = {
	{ "printable ASCII is kept", "Kasparov, G. [1-0] \\ \"x\"", 0, 0,
	    "Kasparov, G. [1-0] \\ \"x\"" },
	{ "ESC, the start of every sequence", "a\x1b[2Jb", 0, 0,
	    "a\\x1b[2Jb" },
	{ "an OSC title sequence with BEL", "\x1b]0;owned\x07", 0, 0,
	    "\\x1b]0;owned\\x07" },
	{ "NUL inside the text", "a\0b", 3, 0, "a\\x00b" },
	{ "C0: 0x01 and 0x1f", "\x01\x1f", 0, 0, "\\x01\\x1f" },
	{ "backspace", "ab\bc", 0, 0, "ab\\x08c" },
	{ "DEL", "x\x7fy", 0, 0, "x\\x7fy" },
	{ "newline, tab and return in one line", "a\nb\tc\rd", 0, 0,
	    "a\\nb\\tc\\rd" },
	{ "BC_TEXT_LINES keeps newline and tab", "a\nb\tc", 0,
	    BC_TEXT_LINES, "a\nb\tc" },
	{ "BC_TEXT_LINES still escapes a return", "ab\rc\n", 0,
	    BC_TEXT_LINES, "ab\\rc\n" },
	{ "C1 U+0080 as UTF-8", "\xc2\x80", 0, 0, "\\u0080" },
	{ "C1 CSI U+009B as UTF-8", "\xc2\x9b" "31m", 0, 0, "\\u009b31m" },
	{ "C1 U+009F as UTF-8", "\xc2\x9f", 0, 0, "\\u009f" },
	{ "U+00A0, the first after C1, is kept", "\xc2\xa0", 0, 0,
	    "\xc2\xa0" },
	{ "a raw C1 byte 0x9b is not UTF-8", "\x9b" "2J", 0, 0,
	    "\\x9b2J" },
	{ "two-byte UTF-8 is kept", "Ren\xc3\xa9", 0, 0, "Ren\xc3\xa9" },
	{ "three-byte UTF-8 is kept", "\xe2\x99\x94", 0, 0, "\xe2\x99\x94" },
	{ "four-byte UTF-8 is kept", "\xf0\x9f\x98\x80", 0, 0,
	    "\xf0\x9f\x98\x80" },
	{ "U+10FFFF, the last code point, is kept", "\xf4\x8f\xbf\xbf", 0,
	    0, "\xf4\x8f\xbf\xbf" },
	{ "above U+10FFFF", "\xf4\x90\x80\x80", 0, 0,
	    "\\xf4\\x90\\x80\\x80" },
	{ "a stray continuation byte", "a\x80z", 0, 0, "a\\x80z" },
	{ "0xff is never UTF-8", "\xff", 0, 0, "\\xff" },
	{ "an overlong '/' (C0 AF)", "\xc0\xaf", 0, 0, "\\xc0\\xaf" },
	{ "an overlong ESC (C1 9B)", "\xc1\x9b", 0, 0, "\\xc1\\x9b" },
	{ "an overlong three-byte form", "\xe0\x80\xaf", 0, 0,
	    "\\xe0\\x80\\xaf" },
	{ "a surrogate U+D800", "\xed\xa0\x80", 0, 0, "\\xed\\xa0\\x80" },
	{ "a sequence cut by the end", "ok\xe2\x99", 0, 0, "ok\\xe2\\x99" },
	{ "a sequence cut by ASCII", "\xe2" "a", 0, 0, "\\xe2a" },
	{ "right-to-left override U+202E", "ab\xe2\x80\xae" "cd", 0, 0,
	    "ab\\u202ecd" },
	{ "left-to-right embedding U+202A", "\xe2\x80\xaa", 0, 0,
	    "\\u202a" },
	{ "first strong isolate U+2068", "\xe2\x81\xa8", 0, 0, "\\u2068" },
	{ "U+2069, the last isolate", "\xe2\x81\xa9", 0, 0, "\\u2069" },
	{ "U+2070 is kept", "\xe2\x81\xb0", 0, 0, "\xe2\x81\xb0" },
	{ "BC_TEXT_ASCII escapes a BMP character", "Ren\xc3\xa9", 0,
	    BC_TEXT_ASCII, "Ren\\u00e9" },
	{ "BC_TEXT_ASCII escapes a supplementary one", "\xf0\x9f\x98\x80",
	    0, BC_TEXT_ASCII, "\\U0001f600" },
	{ "BC_TEXT_ASCII keeps ASCII", "e3e5", 0, BC_TEXT_ASCII, "e3e5" },
	{ "empty", "", 0, 0, "" },
};

START_TEST(test_sanitise_row)
{
	char out[128];
	size_t len = rows[_i].len ? rows[_i].len : strlen(rows[_i].in);
	size_t n = bc_text_sanitise(out, sizeof out, rows[_i].in, len,
	    rows[_i].flags);

	ck_assert_msg(strcmp(out, rows[_i].out) == 0, "%s: got '%s'",
	    rows[_i].what, out);
	ck_assert_uint_eq(n, strlen(rows[_i].out));
}
END_TEST

/* Whatever the input, the output holds no control byte and no C1, and
 * sanitising it again changes nothing. */
START_TEST(test_every_byte)
{
	char in[2], out[16], again[16];

	for (int b = 0; b < 256; b++) {
		in[0] = (char)b;
		bc_text_sanitise(out, sizeof out, in, 1, 0);
		for (const char *p = out; *p; p++)
			ck_assert_msg((unsigned char)*p >= 0x20 &&
			        (unsigned char)*p != 0x7f,
			    "byte 0x%02x gave a control byte", b);
		if (b >= 0x20 && b < 0x7f)
			ck_assert_msg(out[0] == b && out[1] == '\0',
			    "0x%02x changed", b);
		else if (b == '\t' || b == '\n' || b == '\r')
			ck_assert_msg(strlen(out) == 2 && out[0] == '\\',
			    "0x%02x gave '%s'", b, out);
		else
			ck_assert_msg(strlen(out) == 4 && out[0] == '\\' &&
			        out[1] == 'x',
			    "0x%02x gave '%s'", b, out);
		bc_text_sanitise(again, sizeof again, out, strlen(out), 0);
		ck_assert_str_eq(again, out);
	}
	/* Every C1 character as UTF-8, C2 80 to C2 9F. */
	for (int b = 0x80; b <= 0x9f; b++) {
		char c1[3] = { (char)0xc2, (char)b, 0 }, want[8];

		bc_text_sanitise(out, sizeof out, c1, 2, 0);
		snprintf(want, sizeof want, "\\u00%02x", b);
		ck_assert_str_eq(out, want);
	}
}
END_TEST

/* Too small a buffer: snprintf's return, and no cut escape or
 * character. */
START_TEST(test_truncation)
{
	char out[8];
	size_t n;

	/* "ab" (2) + "\x1b" (4) = 6; the \u009b after it does not fit. */
	n = bc_text_sanitise(out, sizeof out, "ab\x1b\xc2\x9b", 5, 0);
	ck_assert_uint_eq(n, 12);
	ck_assert_str_eq(out, "ab\\x1b");
	/* A UTF-8 character is kept whole or not at all. */
	n = bc_text_sanitise(out, 6, "abcd\xc3\xa9", 6, 0);
	ck_assert_uint_eq(n, 6);
	ck_assert_str_eq(out, "abcd");
	/* Nothing after a piece that did not fit, even a short one. */
	n = bc_text_sanitise(out, 5, "ab\x1b" "c", 4, 0);
	ck_assert_uint_eq(n, 7);
	ck_assert_str_eq(out, "ab");
	/* size 0 writes nothing and still counts. */
	out[0] = 'Z';
	n = bc_text_sanitise(out, 0, "\x1b", 1, 0);
	ck_assert_uint_eq(n, 4);
	ck_assert_int_eq(out[0], 'Z');
	/* The worst growth that BC_TEXT_GROWTH promises. */
	n = bc_text_sanitise(NULL, 0, "\xf0\x9f\x98\x80", 4, BC_TEXT_ASCII);
	ck_assert_uint_le(n, 4 * BC_TEXT_GROWTH);
	n = bc_text_sanitise(NULL, 0, "\x1b", 1, 0);
	ck_assert_uint_le(n, BC_TEXT_GROWTH);
}
END_TEST

/* The rules library's own messages quote input already escaped, so a
 * program that prints them as they are is safe. */
START_TEST(test_rules_messages)
{
	static const char pgn[] = "[Variant \"Grand Chess\"]\n\n1. e5 "
	    "\033]0;x\007 *\n";
	bc_position pos;
	bc_pgn_game g;
	bc_error err;
	bc_move m;
	size_t offset = 0;

	ck_assert_int_ne(bc_pgn_read(pgn, sizeof pgn - 1, &offset, NULL, 1,
	    &g, &err), BC_OK);
	ck_assert_msg(strstr(err.message, "'\\x1b' is not a move"), "%s",
	    err.message);
	ck_assert_ptr_null(strchr(err.message, '\033'));
	bc_position_start(&pos, bc_variant_find("grand"));
	ck_assert_int_ne(bc_move_parse(&pos, "e3\302\233", &m, &err), BC_OK);
	ck_assert_msg(strstr(err.message, "\\u009b"), "%s", err.message);
	ck_assert_ptr_null(strstr(err.message, "\302\233"));
}
END_TEST

Suite *
text_suite(void)
{
	Suite *s = suite_create("text");
	TCase *tc = tcase_create("core");

	tcase_add_loop_test(tc, test_sanitise_row, 0,
	    (int)(sizeof rows / sizeof rows[0]));
	tcase_add_test(tc, test_every_byte);
	tcase_add_test(tc, test_truncation);
	tcase_add_test(tc, test_rules_messages);
	suite_add_tcase(s, tc);
	return s;
}
