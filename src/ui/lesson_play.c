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

/* "the rook on e3" into `buf`. */
static void
piece_on(const bc_position *pos, bc_square sq, char *buf, size_t size)
{
	char at[8];

	bc_square_to_text(sq, at, sizeof at);
	snprintf(buf, size, "the %s on %s", bc_variant_piece_name(pos->variant,
	    BC_PIECE_TYPE(pos->board[sq])), at);
}

/* Counts the moves from `from` (to `to`, if not 0) in `list`. */
static int
count_from(const bc_move_list *list, bc_square from, bc_square to)
{
	int n = 0;

	for (int i = 0; i < list->count; i++)
		if (BC_MOVE_FROM(list->moves[i]) == from &&
		    (!to || BC_MOVE_TO(list->moves[i]) == to))
			n++;
	return n;
}

/* Capitalises the first letter of a sentence. */
static void
capital(char *buf)
{
	if (buf[0] >= 'a' && buf[0] <= 'z')
		buf[0] = (char)(buf[0] - 'a' + 'A');
}

bool
lesson_why_no_pick(const bc_position *pos, bc_square sq, char *buf,
    size_t size)
{
	bc_move_list *list;
	bc_piece piece = pos->board[sq];
	char what[64], at[8];
	int pseudo;

	bc_square_to_text(sq, at, sizeof at);
	if (piece == BC_EMPTY) {
		snprintf(buf, size, "There is no piece on %s.", at);
		return true;
	}
	piece_on(pos, sq, what, sizeof what);
	if (BC_PIECE_COLOR(piece) != pos->side) {
		snprintf(buf, size, "%s is not your piece: you play %s.", what,
		    side_name[pos->side]);
		capital(buf);
		return true;
	}
	list = malloc(sizeof *list);
	if (!list)
		return false;
	bc_movegen_legal(pos, list);
	if (count_from(list, sq, 0) > 0) {
		free(list);
		return false;
	}
	bc_movegen_pseudo(pos, list);
	pseudo = count_from(list, sq, 0);
	free(list);
	if (pseudo && bc_position_in_check(pos))
		snprintf(buf, size, "Your king is in check, and no move of %s "
		    "gets it out.", what);
	else if (pseudo)
		snprintf(buf, size, "Every move of %s would leave your king in "
		    "check.", what);
	else
		snprintf(buf, size, "%s has no move here: it is blocked.", what);
	capital(buf);
	return true;
}

bool
lesson_why_illegal(const bc_position *pos, bc_square from, bc_square to,
    char *buf, size_t size)
{
	bc_move_list *list = malloc(sizeof *list);
	bc_piece target = pos->board[to];
	char what[64], at[8];
	bool king;
	int pseudo;

	if (!list)
		return false;
	bc_movegen_legal(pos, list);
	if (count_from(list, from, to) > 0) {
		free(list);
		return false;
	}
	bc_movegen_pseudo(pos, list);
	pseudo = count_from(list, from, to);
	free(list);
	piece_on(pos, from, what, sizeof what);
	bc_square_to_text(to, at, sizeof at);
	king = bc_variant_piece_flags(pos->variant,
	    BC_PIECE_TYPE(pos->board[from])) & BC_PIECE_ROYAL;
	if (pseudo && king)
		snprintf(buf, size, "%s cannot go to %s: your king would be in "
		    "check there.", what, at);
	else if (pseudo && bc_position_in_check(pos))
		snprintf(buf, size, "%s to %s does not get your king out of "
		    "check.", what, at);
	else if (pseudo)
		snprintf(buf, size, "%s cannot go to %s: your king would be in "
		    "check.", what, at);
	else if (target != BC_EMPTY && BC_PIECE_COLOR(target) == pos->side)
		snprintf(buf, size, "%s cannot go to %s: your own piece stands "
		    "there.", what, at);
	else if (target != BC_EMPTY)
		snprintf(buf, size, "%s cannot capture on %s: it does not move "
		    "or capture that way here.", what, at);
	else
		snprintf(buf, size, "%s cannot move to %s: it does not move that "
		    "way (or the way is blocked).", what, at);
	capital(buf);
	return true;
}

/* The squares named in `text` ("Rxe4", "e2e4"): up to two, in order. */
static int
squares_in(const bc_position *pos, const char *text, bc_square sq[2])
{
	int n = 0;

	for (const char *s = text; *s; s++) {
		int file = *s - 'a', rank;

		if (file < 0 || file >= bc_variant_files(pos->variant) ||
		    s[1] < '1' || s[1] > '9')
			continue;
		rank = 0;
		for (const char *d = s + 1; *d >= '0' && *d <= '9' &&
		    rank < 100; d++)
			rank = rank * 10 + (*d - '0');
		rank--;
		if (rank >= bc_variant_ranks(pos->variant))
			continue;
		if (n == 2) {
			sq[0] = sq[1];
			n = 1;
		}
		sq[n++] = BC_SQUARE(file, rank);
		while (s[1] >= '0' && s[1] <= '9')
			s++;
	}
	return n;
}

bool
lesson_why_typed(const bc_position *pos, const char *text, char *buf,
    size_t size)
{
	const bc_variant *v = pos->variant;
	bc_square sq[2];
	int n = squares_in(pos, text, sq), type;
	char at[8];
	bc_move_list *list;

	if (n == 0)
		return false;
	if (n == 2) {
		if (lesson_why_no_pick(pos, sq[0], buf, size))
			return true;
		return lesson_why_illegal(pos, sq[0], sq[1], buf, size);
	}
	type = text[0] >= 'A' && text[0] <= 'Z' ? bc_variant_piece_type(v,
	    text[0]) : bc_variant_piece_type(v, 'P');
	if (type <= 0)
		return false;
	list = malloc(sizeof *list);
	if (!list)
		return false;
	bc_movegen_pseudo(pos, list);
	for (int i = 0; i < list->count; i++) {
		bc_square from = BC_MOVE_FROM(list->moves[i]);

		if (BC_MOVE_TO(list->moves[i]) == sq[0] &&
		    BC_PIECE_TYPE(pos->board[from]) == type &&
		    lesson_why_illegal(pos, from, sq[0], buf, size)) {
			free(list);
			return true;
		}
	}
	free(list);
	bc_square_to_text(sq[0], at, sizeof at);
	snprintf(buf, size, "No %s of yours can move to %s.",
	    bc_variant_piece_name(v, type), at);
	return true;
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
