/*
 * test_util.c - helpers shared by the Check suites.
 */
#include <ctype.h>
#include <stdio.h>
#include <string.h>

#include "test_util.h"

void
test_move_name(const bc_position *pos, bc_move m, char *buf, size_t size)
{
	int from = BC_MOVE_FROM(m), to = BC_MOVE_TO(m);
	int promo = BC_MOVE_PROMO(m);

	if (BC_MOVE_KIND(m) == BC_MOVE_CASTLE) {
		int n = BC_FILE(to) - BC_FILE(from);

		snprintf(buf, size, "%s-%d", n > 0 ? "O-O" : "O-O-O",
		    n > 0 ? n : -n);
		return;
	}
	snprintf(buf, size, "%c%d%c%d", 'a' + BC_FILE(from), BC_RANK(from) + 1,
	    'a' + BC_FILE(to), BC_RANK(to) + 1);
	if (promo) {
		size_t len = strlen(buf);

		snprintf(buf + len, size - len, "%c",
		    tolower((unsigned char)bc_variant_piece_letter(
		        pos->variant, promo)));
	}
}

bc_move
test_find_move(const bc_position *pos, const char *name)
{
	bc_move_list *list = new_move_list();
	bc_move found = BC_MOVE_NONE;
	char buf[32];

	bc_movegen_legal(pos, list);
	for (int i = 0; i < list->count; i++) {
		test_move_name(pos, list->moves[i], buf, sizeof buf);
		if (strcmp(buf, name) == 0) {
			ck_assert_msg(found == BC_MOVE_NONE,
			    "two legal moves named %s", name);
			found = list->moves[i];
		}
	}
	free(list);
	return found;
}

void
test_play(bc_game *g, const char *name)
{
	bc_move m = test_find_move(bc_game_position(g), name);
	int rc;

	ck_assert_msg(m != BC_MOVE_NONE, "%s is not legal here", name);
	rc = bc_game_push(g, m);
	ck_assert_msg(rc == BC_OK, "%s: status %d (%s)", name, rc,
	    bc_strerror(rc));
}

bc_game *
test_game_with(const char *key, const char *const moves[])
{
	bc_game *g;
	bc_error err;

	ck_assert_int_eq(bc_game_new(&g, bc_variant_find(key), NULL, &err),
	    BC_OK);
	for (int i = 0; moves && moves[i]; i++)
		ck_assert_int_eq(bc_game_push_text(g, moves[i], &err), BC_OK);
	return g;
}
