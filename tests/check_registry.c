/*
 * check_registry.c - every variant of the rules library's registry has
 * everything a variant needs above the rules: the engine's evaluation
 * table, bench positions, lessons, a rules text (assets/rules/<key>.txt),
 * a manual page (man/bigchess-<key>.6) and perft data
 * (tests/data/perft-<key>.epd).  A new descriptor without one of them
 * fails here, with a message naming the variant and what is missing.
 *
 * Also: an incomplete evaluation table switches off only its own variant,
 * and says so by name; Chad's castle terms on HexChad's hexes, by hand.
 */
#include <stdio.h>
#include <string.h>

#include "../src/app/bench.h"
#include "../src/engine/engine.h"
#include "../src/engine/eval.h"
#include "../src/app/lessons.h"
#include "../src/ui/rules_text.h"
#include "test_util.h"

/* Appends `what` to `list`, after `sep` unless it is the first. */
static void
append(char *list, size_t size, const char *sep, const char *what)
{
	size_t len = strlen(list), add = strlen(what), gap = strlen(sep);

	if (len && len + gap < size) {
		memcpy(list + len, sep, gap);
		len += gap;
	}
	if (add > size - len - 1)
		add = size - len - 1; /* cut short rather than overflow */
	memcpy(list + len, what, add);
	list[len + add] = '\0';
}

/* Adds `what` to the list of what a variant lacks. */
static void
missing(char *list, size_t size, const char *what)
{
	append(list, size, "; ", what);
}

static bool
file_exists(const char *path)
{
	FILE *f = fopen(path, "r");

	if (!f)
		return false;
	fclose(f);
	return true;
}

static int
lesson_count(const bc_variant *v)
{
	const char *key = bc_variant_key(v);
	size_t len = strlen(key);
	int n = 0;

	for (int i = 0; i < lesson_file_count; i++) {
		struct lesson l;
		const char *name = lesson_files[i].name;

		if (strncmp(name, key, len) != 0 || name[len] != '/')
			continue;
		if (lesson_parse(lesson_files[i].text,
		        strlen(lesson_files[i].text), &l, NULL) == BC_OK &&
		    strcmp(l.variant, key) == 0)
			n++;
	}
	return n;
}

static bool
has_rules_text(const bc_variant *v)
{
	for (int i = 0; i < rules_text_count; i++)
		if (strcmp(rules_texts[i].variant, bc_variant_key(v)) == 0 &&
		    strlen(rules_texts[i].text) > 100)
			return true;
	return false;
}

START_TEST(test_every_variant_is_complete)
{
	struct engine *eng = engine_new(4);
	char report[2048] = "";

	ck_assert_ptr_nonnull(eng);
	ck_assert_int_ge(bc_variant_count(), 3);
	for (int i = 0; i < bc_variant_count(); i++) {
		const bc_variant *v = bc_variant_at(i);
		const char *key = bc_variant_key(v), *why;
		char list[512] = "", path[128], line[640];

		if ((why = engine_variant_problem(eng, v)))
			missing(list, sizeof list, why);
		if ((why = bench_problem(v)))
			missing(list, sizeof list, why);
		if (lesson_count(v) == 0)
			missing(list, sizeof list, "no lessons (assets/lessons/)");
		if (!has_rules_text(v)) {
			snprintf(path, sizeof path, "no rules text "
			    "(assets/rules/%s.txt)", key);
			missing(list, sizeof list, path);
		}
		snprintf(path, sizeof path, "man/bigchess-%s.6", key);
		if (!file_exists(path)) {
			snprintf(line, sizeof line, "no manual page (%s)", path);
			missing(list, sizeof list, line);
		}
		snprintf(path, sizeof path, "tests/data/perft-%s.epd", key);
		if (!file_exists(path)) {
			snprintf(line, sizeof line, "no perft data (%s)", path);
			missing(list, sizeof list, line);
		}
		if (*list) {
			snprintf(line, sizeof line, "%s: %s", key, list);
			append(report, sizeof report, "\n", line);
		}
	}
	engine_free(eng);
	ck_assert_msg(!*report, "incomplete variants:\n%s", report);
}
END_TEST

/* Hadean's table without its ninja pawn row: Hadean alone is off, the
 * message names the variant and the piece, the others still play. */
START_TEST(test_incomplete_table_disables_one_variant)
{
	const bc_variant *h = bc_variant_find("hadean");
	const struct eval_params *full = eval_params_of(bc_variant_id_of(h));
	struct eval_params cut;
	struct eval e;
	int n = 0;

	ck_assert_ptr_nonnull(full);
	cut = *full;
	for (int i = 0; i < full->piece_count; i++)
		if (full->pieces[i].letter != 'J')
			cut.pieces[n++] = full->pieces[i];
	ck_assert_int_eq(n, full->piece_count - 1);
	cut.piece_count = n;

	memset(&e, 0, sizeof e);
	ck_assert(eval_init(&e));
	for (int i = 0; i < bc_variant_count(); i++)
		ck_assert_ptr_null(eval_problem(&e, bc_variant_at(i)));
	ck_assert(!eval_tables_init(&e.tables[bc_variant_id_of(h)], h, &cut));
	ck_assert_ptr_nonnull(eval_problem(&e, h));
	ck_assert_msg(strstr(eval_problem(&e, h), "Hadean Chess") &&
	        strstr(eval_problem(&e, h), "ninja pawn (J)"),
	    "message: %s", eval_problem(&e, h));
	ck_assert_ptr_null(eval_problem(&e, bc_variant_find("grand")));
	ck_assert_ptr_null(eval_problem(&e, bc_variant_find("chad")));
	/* No table at all, and a row for a letter the variant lacks. */
	ck_assert(!eval_tables_init(&e.tables[bc_variant_id_of(h)], h, NULL));
	ck_assert_ptr_nonnull(strstr(eval_problem(&e, h), "Hadean Chess"));
	cut = *full;
	cut.pieces[cut.piece_count].letter = 'X';
	cut.piece_count++;
	ck_assert(!eval_tables_init(&e.tables[bc_variant_id_of(h)], h, &cut));
	ck_assert_ptr_nonnull(strstr(eval_problem(&e, h), "'X'"));
	eval_free(&e);
}
END_TEST

/*
 * Chad's castle terms (eval_chad.c) on HexChad's hexes, counted by hand:
 * White's rooks j4 and c9 against Black's king on the castle corner i11
 * (hexchad.md: walls, castles, the king's 16 offsets).  j4 goes up file j
 * over the wall cell j8 to j9, j10, j11 and the wall cell j12; c9 goes
 * along rank 9 over the wall cell h9 to i9, j9, k9 and the wall cell l9:
 * 4 wall cells, and 5 castle cells, of which the king cannot reach the
 * two corners i9 and k9 (a queen made there is safe).  Neither rook
 * stands on the wall, next to a castle corner or in a castle.
 */
START_TEST(test_hexchad_castle_terms)
{
	const bc_variant *v = bc_variant_find("hexchad");
	const struct eval_tables *t;
	static uint16_t reached[BC_CELLS];
	bc_move_counts counts;
	struct eval e;
	bc_position pos;
	bc_error err;

	ck_assert_int_eq(bc_position_from_fen(&pos, v,
	    "7/8/4k4/10/R10/12/13/12/11/3K5R/9/8/7 w - - 0 1", &err), BC_OK);
	memset(&e, 0, sizeof e);
	ck_assert(eval_init(&e));
	t = eval_tables_of(&e, &pos);
	ck_assert(t->params->castles);
	memset(reached, 0, sizeof reached);
	bc_movegen_count(&pos, BC_WHITE, NULL, reached, NULL, &counts);
	ck_assert_int_eq(eval_chad(t, &pos, BC_WHITE, reached),
	    4 * t->params->wall_control + 2 * t->params->undefended_square);
	eval_free(&e);
}
END_TEST

/* With every table complete, one engine plays every registered variant. */
START_TEST(test_engine_plays_every_variant)
{
	struct engine *eng = engine_new(4);
	struct engine_limits limits = ENGINE_LIMITS_INIT;
	struct engine_report r;
	bc_position pos;

	ck_assert_ptr_nonnull(eng);
	limits.depth = 2;
	for (int i = 0; i < bc_variant_count(); i++) {
		bc_position_start(&pos, bc_variant_at(i));
		ck_assert_uint_ne(engine_search(eng, &pos, NULL, 0, &limits,
		    NULL, NULL, &r), BC_MOVE_NONE);
	}
	engine_free(eng);
}
END_TEST

Suite *
registry_suite(void)
{
	Suite *s = suite_create("registry");
	TCase *tc = tcase_create("registry");

	tcase_set_timeout(tc, 30);
	tcase_add_test(tc, test_every_variant_is_complete);
	tcase_add_test(tc, test_incomplete_table_disables_one_variant);
	tcase_add_test(tc, test_engine_plays_every_variant);
	tcase_add_test(tc, test_hexchad_castle_terms);
	suite_add_tcase(s, tc);
	return s;
}
