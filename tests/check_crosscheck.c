/*
 * check_crosscheck.c - (to be filled in).
 */
#include "test_util.h"

START_TEST(test_crosscheck_placeholder_start_position)
{
	bc_position pos;

	LOAD_FEN(&pos, "grand", bc_variant_start_fen(bc_variant_find("grand")));
	ck_assert_int_eq(pos.piece_count[BC_WHITE], 20);
}
END_TEST

Suite *
crosscheck_suite(void)
{
	Suite *s = suite_create("crosscheck");
	TCase *tc = tcase_create("core");

	tcase_add_test(tc, test_crosscheck_placeholder_start_position);
	suite_add_tcase(s, tc);
	return s;
}
