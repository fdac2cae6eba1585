/*
 * fuzz_lesson.c - lesson files (src/lessons.c).  The input is a lesson
 * file.  When lesson_parse fails, its error names an offset inside the
 * text and a NUL-terminated message; when it succeeds, every count is in
 * range and every string is NUL-terminated in its field.  A parsed lesson
 * is then set up as a lesson screen would: its variant and FEN start a
 * game, and each solution line is played ply by ply, every spelling of
 * a move parsed; a legal one is written back as SAN, which reads as the
 * same move.  A line stops at its first bad move (the lesson is bad).
 */
#include <string.h>

#include "bigchess/bigchess.h"
#include "../../src/app/lessons.h"
#include "fuzz.h"

enum { MAX_INPUT = 16 * 1024 };

#define TERMINATED(field) (memchr((field), '\0', sizeof(field)) != NULL)

static void
check_fields(const struct lesson *l)
{
	FUZZ_ASSERT(TERMINATED(l->variant) && TERMINATED(l->title) &&
	    TERMINATED(l->fen) && TERMINATED(l->success) &&
	    TERMINATED(l->text));
	FUZZ_ASSERT(lesson_goal_name(l->goal) != NULL);
	FUZZ_ASSERT(l->line_count >= 0 && l->line_count <= LESSON_LINES_MAX);
	FUZZ_ASSERT(l->hint_count >= 0 && l->hint_count <= LESSON_HINTS_MAX);
	for (int h = 0; h < l->hint_count; h++)
		FUZZ_ASSERT(TERMINATED(l->hint[h]));
	for (int k = 0; k < l->line_count; k++) {
		const struct lesson_line *ln = &l->line[k];

		FUZZ_ASSERT(ln->ply_count >= 1 &&
		    ln->ply_count <= LESSON_PLIES_MAX);
		for (int p = 0; p < ln->ply_count; p++) {
			FUZZ_ASSERT(ln->ply[p].alt_count >= 1 &&
			    ln->ply[p].alt_count <= LESSON_ALTS_MAX);
			for (int a = 0; a < ln->ply[p].alt_count; a++)
				FUZZ_ASSERT(TERMINATED(ln->ply[p].alt[a]));
		}
	}
}

/* Plays line `ln` on `g` until a spelling fails; returns the plies made. */
static int
play_line(bc_game *g, const struct lesson_line *ln)
{
	int made = 0;

	for (int p = 0; p < ln->ply_count; p++) {
		const bc_position *pos = bc_game_position(g);
		bc_move first = 0;
		bool ok = false;

		if (bc_game_result(g, NULL) != BC_RESULT_NONE)
			break;
		for (int a = 0; a < ln->ply[p].alt_count; a++) {
			char san[BC_MOVE_TEXT_MAX];
			bc_move m, back;
			bc_error err;

			if (bc_move_parse(pos, ln->ply[p].alt[a], &m, &err) !=
			    BC_OK) {
				FUZZ_ASSERT(TERMINATED(err.message));
				continue;
			}
			FUZZ_ASSERT(bc_move_to_san(pos, m, san, sizeof san) > 0);
			FUZZ_ASSERT(bc_move_parse(pos, san, &back, NULL) ==
			    BC_OK && back == m);
			if (!ok)
				first = m;
			ok = true;
		}
		if (!ok)
			break;
		FUZZ_ASSERT(bc_game_push(g, first) == BC_OK);
		made++;
	}
	return made;
}

static void
play(const struct lesson *l)
{
	const bc_variant *v = bc_variant_find(l->variant);
	bc_game *g;
	bc_error err;

	if (!v || bc_game_new(&g, v, l->fen, &err) != BC_OK)
		return;
	for (int k = 0; k < l->line_count; k++) {
		int made = play_line(g, &l->line[k]);

		for (int i = 0; i < made; i++)
			FUZZ_ASSERT(bc_game_undo(g) == BC_OK);
		FUZZ_ASSERT(bc_game_length(g) == 0);
	}
	bc_game_free(g);
}

int
LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	static struct lesson l;
	bc_error err;
	int rc;

	if (size > MAX_INPUT)
		return 0;
	memset(&err, 0, sizeof err);
	rc = lesson_parse((const char *)data, size, &l, &err);
	if (rc != BC_OK) {
		FUZZ_ASSERT(rc == BC_ESYNTAX || rc == BC_ERANGE);
		FUZZ_ASSERT(err.code == rc && err.offset <= size);
		FUZZ_ASSERT(TERMINATED(err.message));
		return 0;
	}
	check_fields(&l);
	play(&l);
	return 0;
}
