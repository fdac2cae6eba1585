/*
 * lesson_play.c - matching the player's moves against a lesson's lines.
 *
 * A lesson's moves are text (SAN as the file spells it), so a line is
 * matched by replaying it from the lesson's FEN and asking the rules
 * library which legal move each text names; two spellings of one move
 * match alike.  Lines are short (12 plies), so replaying on every move
 * costs nothing.
 */
#include <stdio.h>
#include <stdlib.h>

#include "lesson_play.h"

static const char *const side_name[2] = { "White", "Black" };

/* The lesson's start position in *pos; false if its FEN is bad. */
static bool
lesson_start(const struct lesson *l, bc_position *pos)
{
	const bc_variant *v = bc_variant_find(l->variant);

	return v && bc_position_from_fen(pos, v, l->fen, NULL) == BC_OK;
}

/* True if one of the texts of ply `p` names move `m` in `pos`. */
static bool
ply_names(const struct lesson_ply *p, const bc_position *pos, bc_move m)
{
	for (int a = 0; a < p->alt_count; a++) {
		bc_move x;

		if (bc_move_parse(pos, p->alt[a], &x, NULL) == BC_OK && x == m)
			return true;
	}
	return false;
}

/*
 * True if line `li` goes on after `moves[0 .. n)` and they match it; then
 * *pos holds the position after them.
 */
static bool
line_matches(const struct lesson *l, int li, const bc_move *moves, int n,
    bc_position *pos)
{
	const struct lesson_line *line = &l->line[li];

	if (n >= line->ply_count || !lesson_start(l, pos))
		return false;
	for (int k = 0; k < n; k++) {
		bc_undo u;

		if (!ply_names(&line->ply[k], pos, moves[k]))
			return false;
		bc_position_make(pos, moves[k], &u);
	}
	return true;
}

/* True if legal move `m` in `pos` gives checkmate. */
static bool
mates(const bc_position *pos, bc_move m)
{
	bc_move_list *list = malloc(sizeof *list);
	bc_position after = *pos;
	bc_undo u;
	bool legal = false, mate;

	if (!list)
		return false;
	bc_movegen_legal(pos, list);
	for (int i = 0; i < list->count && !legal; i++)
		legal = list->moves[i] == m;
	if (!legal) {
		free(list);
		return false;
	}
	bc_position_make(&after, m, &u);
	bc_movegen_legal(&after, list);
	mate = list->count == 0 && bc_position_in_check(&after);
	free(list);
	return mate;
}

enum lesson_verdict
lesson_judge(const struct lesson *l, const bc_move *moves, int n, bc_move m,
    bc_move *reply)
{
	bc_position pos, mate_pos;
	bool any = false;

	for (int li = 0; li < l->line_count; li++) {
		const struct lesson_line *line = &l->line[li];
		bc_undo u;

		if (!line_matches(l, li, moves, n, &pos))
			continue;
		if (!any)
			mate_pos = pos;
		any = true;
		if (!ply_names(&line->ply[n], &pos, m))
			continue;
		if (n + 1 >= line->ply_count)
			return LESSON_SOLVED;
		bc_position_make(&pos, m, &u);
		if (bc_move_parse(&pos, line->ply[n + 1].alt[0], reply, NULL) ==
		    BC_OK)
			return LESSON_ON_LINE;
	}
	if (any && l->goal == LESSON_GOAL_MATE && mates(&mate_pos, m))
		return LESSON_SOLVED;
	return LESSON_WRONG;
}

bool
lesson_next_move(const struct lesson *l, const bc_move *moves, int n,
    char *buf, size_t size)
{
	bc_position pos;

	for (int li = 0; li < l->line_count; li++) {
		if (!line_matches(l, li, moves, n, &pos))
			continue;
		snprintf(buf, size, "%s", l->line[li].ply[n].alt[0]);
		return true;
	}
	return false;
}

void
lesson_task_text(const struct lesson *l, char *buf, size_t size)
{
	bc_position pos;
	const char *side = "You";
	int moves = 0;

	if (lesson_start(l, &pos))
		side = side_name[pos.side];
	for (int i = 0; i < l->line_count; i++)
		if ((l->line[i].ply_count + 1) / 2 > moves)
			moves = (l->line[i].ply_count + 1) / 2;
	switch (l->goal) {
	case LESSON_GOAL_MATE:
		snprintf(buf, size, "%s to move: give checkmate in %d move%s.",
		    side, moves, moves == 1 ? "" : "s");
		break;
	case LESSON_GOAL_CAPTURE:
		snprintf(buf, size, "%s to move: make the right capture.", side);
		break;
	case LESSON_GOAL_PROMOTE:
		snprintf(buf, size, "%s to move: promote.", side);
		break;
	case LESSON_GOAL_CHECK:
		snprintf(buf, size, "%s to move: give check.", side);
		break;
	default:
		snprintf(buf, size, "%s to move: find the right move%s.", side,
		    moves == 1 ? "" : "s");
		break;
	}
}
