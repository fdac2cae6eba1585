/*
 * check_perft.c - perft against the reference numbers in tests/data,
 * copied from shared/rules/ (each file names its source).
 *
 * Lines are "FEN ;D1 n ;D2 n ...".  Depths above BC_PERFT_MAX_DEPTH
 * (default 4) are left to the benchmark.
 */
#include <inttypes.h>
#include <stdio.h>
#include <string.h>

#include "test_util.h"

static void
run_epd(const char *variant, const char *file)
{
	char path[512], line[1024];
	const char *dir = getenv("BC_TEST_DATA");
	const char *max_env = getenv("BC_PERFT_MAX_DEPTH");
	int max_depth = max_env ? atoi(max_env) : 4;
	int checked = 0;
	FILE *f;

	snprintf(path, sizeof path, "%s/%s", dir ? dir : "tests/data", file);
	f = fopen(path, "r");
	ck_assert_msg(f != NULL, "cannot open %s", path);
	while (fgets(line, sizeof line, f)) {
		char *fen = line, *field;
		bc_position pos;

		if (line[0] == '#' || line[0] == '\n')
			continue;
		field = strchr(line, ';');
		ck_assert_ptr_nonnull(field);
		*field++ = '\0';
		LOAD_FEN(&pos, variant, fen);
		while (field) {
			int depth;
			uint64_t expected, got;
			char *next = strchr(field, ';');

			if (next)
				*next++ = '\0';
			ck_assert_int_eq(sscanf(field, "D%d %" SCNu64, &depth,
			                     &expected), 2);
			if (depth <= max_depth) {
				got = bc_perft(&pos, depth);
				ck_assert_msg(got == expected,
				    "%s perft(%d) of %s: %" PRIu64 ", expected %" PRIu64,
				    variant, depth, fen, got, expected);
				checked++;
			}
			field = next;
		}
	}
	fclose(f);
	ck_assert_int_gt(checked, 0);
}

/* Every variant of the registry, from tests/data/perft-<key>.epd (suite
 * registry fails when one has no such file). */
START_TEST(test_perft_variant)
{
	const char *key = bc_variant_key(bc_variant_at(_i));
	char file[64];

	snprintf(file, sizeof file, "perft-%s.epd", key);
	run_epd(key, file);
}
END_TEST

Suite *
perft_suite(void)
{
	Suite *s = suite_create("perft");
	TCase *tc = tcase_create("reference");

	tcase_set_timeout(tc, 600);
	tcase_add_loop_test(tc, test_perft_variant, 0, bc_variant_count());
	suite_add_tcase(s, tc);
	return s;
}
