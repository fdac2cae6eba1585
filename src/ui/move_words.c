/*
 * move_words.c - what a move does, in a few words.
 *
 * "Wins" is said of a capture only when the capturing piece is not
 * attacked on its new square, so that the opponent cannot take back at
 * once: a fact of the position, not a guess at values.  Whether a move
 * stops a mate is asked of the position as if the mover had passed
 * (bc_position_other_side): the opponent mates at once there, and after
 * the move cannot.
 */
#include <stdio.h>
#include <string.h>

#include "move_words.h"

/* True if `pos`, with its side to move, is checkmate. */
static bool
is_mate(const bc_position *pos)
{
	bc_move_list list;

	if (!bc_position_in_check(pos))
		return false;
	bc_movegen_legal(pos, &list);
	return list.count == 0;
}

/* "a rook" or "an elephant": the article and the piece's name. */
static const char *
a_name(const bc_variant *v, int type, char *buf, size_t size)
{
	const char *name = bc_variant_piece_name(v, type);

	if (!name)
		name = "piece";
	snprintf(buf, size, "%s %s", strchr("aeiou", name[0]) ? "an" : "a",
	    name);
	return buf;
}

static void
add(char *buf, size_t size, int *count, const char *phrase)
{
	size_t len = strlen(buf);

	if (*count >= 2 || len >= size)
		return;
	snprintf(buf + len, size - len, "%s%s", *count ? " and " : "",
	    phrase);
	(*count)++;
}

size_t
move_words(const bc_position *pos, bc_move m, char *buf, size_t size)
{
	const bc_variant *v = pos->variant;
	int them = !pos->side;
	int from = BC_MOVE_FROM(m), to = BC_MOVE_TO(m);
	int mover = BC_PIECE_TYPE(pos->board[from]);
	bc_position after = *pos, passed;
	char phrase[96], name[48];
	int count = 0, victim = -1;
	bool safe;
	bc_undo undo;

	if (!size)
		return 0;
	buf[0] = '\0';
	if (BC_MOVE_KIND(m) == BC_MOVE_CAPTURE)
		victim = BC_PIECE_TYPE(pos->board[to]);
	else if (BC_MOVE_KIND(m) == BC_MOVE_EN_PASSANT)
		victim = mover; /* a pawn takes a pawn */
	bc_position_make(&after, m, &undo);
	if (is_mate(&after)) {
		add(buf, size, &count, "gives mate");
		return strlen(buf);
	}
	if (!bc_position_in_check(pos) &&
	    bc_position_other_side(pos, &passed) == BC_OK &&
	    bc_mate_in_one(&passed, NULL) &&
	    !bc_mate_in_one(&after, NULL))
		add(buf, size, &count, "stops a mate");
	safe = !bc_position_attacked(&after, (bc_square)to, them);
	if (victim >= 0 && safe) {
		snprintf(phrase, sizeof phrase, "wins %s",
		    a_name(v, victim, name, sizeof name));
		add(buf, size, &count, phrase);
	}
	if (BC_MOVE_PROMO(m)) {
		snprintf(phrase, sizeof phrase, "promotes to %s",
		    a_name(v, BC_MOVE_PROMO(m), name, sizeof name));
		add(buf, size, &count, phrase);
	}
	if (bc_position_in_check(pos) && count < 2)
		add(buf, size, &count, "gets out of check");
	else if (victim < 0 && safe && bc_position_attacked(pos,
	    (bc_square)from, them) && count < 2) {
		snprintf(phrase, sizeof phrase, "saves the %s",
		    bc_variant_piece_name(v, mover));
		add(buf, size, &count, phrase);
	}
	if (victim >= 0 && !safe && count < 2) {
		snprintf(phrase, sizeof phrase, "takes %s",
		    a_name(v, victim, name, sizeof name));
		add(buf, size, &count, phrase);
	}
	if (count == 0 && bc_position_in_check(&after))
		add(buf, size, &count, "gives check");
	return strlen(buf);
}
