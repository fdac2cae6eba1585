/*
 * check_scroll.c - src/ui/scroll.c, the help screens' scrolling, without
 * a terminal.  The text is 30 lines with 10 shown, so by hand the first
 * line shown runs from 0 to 20 (lines 21-30 are the last page); each row
 * says a key, where the view stood and where it must go.
 */
#include <check.h>

#include "test_util.h"
#include "ui/scroll.h"
#include "ui/terminal.h"

enum { TOTAL = 30, SHOWN = 10 };

static const struct {
	int key, from, to;
} moves[] = {
	{ TK_DOWN, 0, 1 }, { 'j', 5, 6 }, { TK_UP, 5, 4 }, { 'k', 1, 0 },
	{ TK_UP, 0, 0 },          /* at the top already */
	{ TK_DOWN, 20, 20 },      /* the last page: no further */
	{ TK_PGDN, 0, 10 }, { ' ', 10, 20 }, { TK_PGDN, 15, 20 },
	{ TK_PGUP, 20, 10 }, { TK_PGUP, 4, 0 },
};

START_TEST(test_keys)
{
	int top = moves[_i].from;

	ck_assert(scroll_key(&top, moves[_i].key, TOTAL, SHOWN));
	ck_assert_int_eq(top, moves[_i].to);
}
END_TEST

/* Any other key leaves the view alone: the screen closes on it. */
START_TEST(test_other_keys)
{
	static const int keys[] = { 'q', 27 /* Esc */, '?', 'x', TK_LEFT };
	int top = 7;

	for (size_t i = 0; i < sizeof keys / sizeof keys[0]; i++) {
		ck_assert(!scroll_key(&top, keys[i], TOTAL, SHOWN));
		ck_assert_int_eq(top, 7);
	}
}
END_TEST

/* A text shorter than the page never scrolls; a grown page pulls the
 * view back (a resize): 30 lines, 25 shown, so at most line 5. */
START_TEST(test_clamp)
{
	int top = 0;

	ck_assert(scroll_key(&top, TK_PGDN, 4, SHOWN));
	ck_assert_int_eq(top, 0);
	ck_assert_int_eq(scroll_clamp(20, TOTAL, 25), 5);
	ck_assert_int_eq(scroll_clamp(-3, TOTAL, SHOWN), 0);
	ck_assert_int_eq(scroll_clamp(12, TOTAL, SHOWN), 12);
}
END_TEST

Suite *
scroll_suite(void)
{
	Suite *s = suite_create("scroll");
	TCase *tc = tcase_create("core");

	tcase_add_loop_test(tc, test_keys, 0,
	    (int)(sizeof moves / sizeof moves[0]));
	tcase_add_test(tc, test_other_keys);
	tcase_add_test(tc, test_clamp);
	suite_add_tcase(s, tc);
	return s;
}
