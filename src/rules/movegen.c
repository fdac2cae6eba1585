/*
 * movegen.c - pseudo-legal and legal move generation, and perft.
 *
 * Pieces move by their rays (variant_def.h), walked as the variant's
 * gen_ray table has them: a plain ray by a short loop, a pawn's one step
 * by a shorter path, any other with every rule asked.  The generator only
 * lists; the evaluation's counts (bc_movegen_count) are taken from the
 * list, piece by piece.
 *
 * Legality: a move is tested by playing it on a scratch copy of the board
 * and looking for an attack on the king, but only when it could matter -
 * the side is in check, the king or an en-passant pawn moves, the piece
 * stands on a line through its own king and lifting it off the board
 * opens that line (tested once per piece, along that line only), or
 * (against flyers, whose jumps depend on how many pieces stand between)
 * it lands within three squares on such a line, or it takes pieces in
 * passing (a flying ninja), which may open any line.  Every other move is
 * legal at once, which is most of them.  A flying ninja's attacks do not
 * depend on what stands between, so no move but its capture can block or
 * open one.
 */
#include <stdlib.h>
#include <string.h>

#include "internal.h"

/*
 * One generation's fixed facts.  Each generating function takes the next
 * free slot of the list and returns it past the moves it wrote: kept in
 * a local rather than here, since after a store through a field of this
 * struct the compiler would have to read all of it again.
 */
struct gen {
	const bc_position *pos;
	const bc_variant *v;
	int us;
	bool ep; /* en passant may be taken (the side to move's right) */
};

/* May the piece of `type` on `from` take on `to` by the variant's capture
 * rule, if it has one? */
static inline bool
may_take(const struct gen *g, int type, int from, int to)
{
	capture_hook hook = g->v->def->can_capture;

	return !hook || hook(g->v, g->us, type, from, to);
}

/* A plain ray (struct gen_ray): up to its range of steps over empty
 * cells, and a capture where an enemy piece stands. */
static inline bc_move *
slide(const struct gen *g, bc_move *out, int from, const struct gen_ray *r,
    int type)
{
	const uint8_t *board = g->pos->board;
	int step = r->step, to = from;

	for (int n = r->range; n > 0; n--) {
		bc_piece p = board[to += step];

		if (p == BC_EMPTY) {
			*out++ = BC_MOVE_MAKE(from, to, 0, BC_MOVE_NORMAL);
			continue;
		}
		if (is_enemy(p, g->us) && may_take(g, type, from, to))
			*out++ = BC_MOVE_MAKE(from, to, 0, BC_MOVE_CAPTURE);
		break;
	}
	return out;
}

/* Adds a move of a promoting piece into its zone (`zone`, not ZONE_NONE):
 * every allowed promotion, and the plain move unless promotion is forced
 * there. */
static bc_move *
promotions(const struct gen *g, bc_move *out, int from, int to, int kind,
    int zone)
{
	const bc_variant *v = g->v;

	if (zone == ZONE_OPTIONAL)
		*out++ = BC_MOVE_MAKE(from, to, 0, kind);
	for (const uint8_t *t = v->promo_types; *t; t++)
		if (v->def->promo_rule != PROMO_ONLY_LOST ||
		    g->pos->type_count[g->us][*t] < v->start_count[*t])
			*out++ = BC_MOVE_MAKE(from, to, *t, kind);
	return out;
}

/* Outside the zone (most moves) the plain move, without a call. */
static inline bc_move *
push_promotions(const struct gen *g, bc_move *out, int from, int to,
    int kind)
{
	int zone = g->v->promo_zone[g->us][to];

	if (zone != ZONE_NONE)
		return promotions(g, out, from, to, kind, zone);
	*out++ = BC_MOVE_MAKE(from, to, 0, kind);
	return out;
}

/* A flyer's three squares along one direction (variant_def.h). */
static bc_move *
gen_fly(const struct gen *g, bc_move *out, int from, int step, bool promotes)
{
	const uint8_t *board = g->pos->board;
	int s1 = from + step, s2 = s1 + step, to = from;

	for (int i = 0; i < 3; i++) {
		bc_piece p = board[to += step];

		if (p == BC_OFFBOARD)
			break;
		if (i == 2 &&
		    (board[s1] == BC_EMPTY) != (board[s2] == BC_EMPTY))
			break;
		if (p == BC_EMPTY || is_enemy(p, g->us)) {
			int kind =
			    p == BC_EMPTY ? BC_MOVE_NORMAL : BC_MOVE_CAPTURE;

			if (promotes)
				out = push_promotions(g, out, from, to, kind);
			else
				*out++ = BC_MOVE_MAKE(from, to, 0, kind);
		}
	}
	return out;
}

/*
 * A flying ninja's three squares along one direction: it stops on any of
 * them that is empty or holds an enemy, whatever stands before it, and
 * takes every enemy piece it passed over.
 */
static bc_move *
gen_ninja(const struct gen *g, bc_move *out, int from, int step,
    bool promotes)
{
	const uint8_t *board = g->pos->board;
	bool passed_enemy = false;
	int sq = from;

	for (int i = 0; i < 3; i++) {
		bc_piece p;

		sq += step;
		p = board[sq];
		if (p == BC_OFFBOARD)
			break;
		if (p == BC_EMPTY || is_enemy(p, g->us)) {
			int kind = passed_enemy ? BC_MOVE_PASSING
			    : p == BC_EMPTY     ? BC_MOVE_NORMAL
			                        : BC_MOVE_CAPTURE;

			if (promotes)
				out = push_promotions(g, out, from, sq, kind);
			else
				*out++ = BC_MOVE_MAKE(from, sq, 0, kind);
		}
		passed_enemy |= is_enemy(p, g->us);
	}
	return out;
}

/* Whether ray `r`'s piece may take en passant on the empty square `to`. */
static inline bool
takes_en_passant(const struct gen *g, const struct gen_ray *r, int to)
{
	const bc_position *pos = g->pos;

	return (r->piece_flags & PIECE_EN_PASSANT) &&
	    (r->flags & RAY_CAPTURE) && g->ep && pos->ep_count &&
	    (to == pos->ep_square[0] ||
	        (pos->ep_count > 1 && to == pos->ep_square[1]));
}

/* A WALK_STEP ray: its one square, to move to if empty (or take en
 * passant), to take on if an enemy stands there. */
static inline bc_move *
step_ray(const struct gen *g, bc_move *out, int from, int type,
    const struct gen_ray *r)
{
	const bc_position *pos = g->pos;
	int to = from + r->step, kind;
	bc_piece p = pos->board[to];

	if (p == BC_EMPTY) {
		if (takes_en_passant(g, r, to))
			*out++ = BC_MOVE_MAKE(from, to, 0, BC_MOVE_EN_PASSANT);
		if (!(r->flags & RAY_MOVE))
			return out;
		kind = BC_MOVE_NORMAL;
	} else if ((r->flags & RAY_CAPTURE) && is_enemy(p, g->us) &&
	    may_take(g, type, from, to)) {
		kind = BC_MOVE_CAPTURE;
	} else {
		return out;
	}
	if (r->piece_flags & PIECE_PROMOTES)
		return push_promotions(g, out, from, to, kind);
	*out++ = BC_MOVE_MAKE(from, to, 0, kind);
	return out;
}

/*
 * Ray `r` of the piece of `type` on `from`, every rule asked on every
 * square: rank windows, moves or captures only, a pawn's long move,
 * promotion, en passant, a confined piece, flyers.
 */
static bc_move *
gen_ray_full(const struct gen *g, bc_move *out, int from, int type,
    const struct gen_ray *r)
{
	const bc_position *pos = g->pos;
	const bc_variant *v = g->v;
	int us = g->us, step = r->step, to = from;
	bool promotes = r->piece_flags & PIECE_PROMOTES;
	bool confined = r->piece_flags & PIECE_CONFINED;

	if (!in_rank_window(v->rel_rank[us][from], r->from_min, r->from_max))
		return out;
	if (r->flags & RAY_FLY)
		return gen_fly(g, out, from, step, promotes);
	if (r->flags & RAY_NINJA)
		return gen_ninja(g, out, from, step, promotes);
	for (int n = 1; n <= r->range; n++) {
		bc_piece p;
		int kind;

		to += step;
		p = pos->board[to];
		if (p == BC_OFFBOARD)
			break;
		if (r->to_max && v->rel_rank[us][to] > r->to_max)
			break;
		if (confined && !in_own_castle(v, us, to)) {
			if (p != BC_EMPTY)
				break;
			continue;
		}
		if (p == BC_EMPTY) {
			if (takes_en_passant(g, r, to))
				*out++ = BC_MOVE_MAKE(from, to, 0,
				    BC_MOVE_EN_PASSANT);
			if (!(r->flags & RAY_MOVE))
				break;
			if (r->flags & RAY_LONG && n == 1)
				continue;
			kind = r->flags & RAY_LONG ? BC_MOVE_LONG
			                           : BC_MOVE_NORMAL;
		} else {
			if (!(r->flags & RAY_CAPTURE) || !is_enemy(p, us) ||
			    !may_take(g, type, from, to))
				break;
			kind = BC_MOVE_CAPTURE;
		}
		if (promotes)
			out = push_promotions(g, out, from, to, kind);
		else
			*out++ = BC_MOVE_MAKE(from, to, 0, kind);
		if (kind == BC_MOVE_CAPTURE)
			break;
	}
	return out;
}

/* The moves of the piece on `from`, ray by ray, each walked as its
 * enum gen_walk says. */
static bc_move *
gen_piece(const struct gen *g, bc_move *out, int from)
{
	const bc_variant *v = g->v;
	int type = BC_PIECE_TYPE(g->pos->board[from]);
	const struct gen_ray *r = v->gen_ray[g->us][type];
	const struct gen_ray *end = r + v->ray_count[type];

	for (; r < end; r++)
		out = r->walk == WALK_PLAIN ? slide(g, out, from, r, type)
		    : r->walk == WALK_STEP  ? step_ray(g, out, from, type, r)
		    : gen_ray_full(g, out, from, type, r);
	return out;
}

/*
 * Flexible castling: the king goes n squares toward an unmoved rook, the
 * rook lands beside it on the other side.  Here the squares between must
 * be empty and the king not in check, and no square the king crosses may
 * be attacked; the landing square is left to the legality test.
 */
static bc_move *
gen_castling(const struct gen *g, bc_move *out)
{
	const bc_position *pos = g->pos;
	const bc_variant *v = g->v;
	const struct variant_def *d = v->def;
	int us = g->us, king = pos->king[us];
	int rank = us == BC_WHITE ? 0 : d->ranks - 1;
	int rights[2] = { us == BC_WHITE ? BC_CASTLE_WK : BC_CASTLE_BK,
		us == BC_WHITE ? BC_CASTLE_WQ : BC_CASTLE_BQ };
	int king_attacked = -1; /* not looked at yet: the costly test */

	if (king != BC_SQUARE(d->castle_king_file, rank))
		return out;
	for (int wing = 0; wing < 2; wing++) {
		int rook = BC_SQUARE(d->castle_rook_file[wing], rank);
		int dir = rook > king ? 1 : -1;
		int sq = king + dir;

		if (!(pos->castling & rights[wing]))
			continue;
		while (sq != rook && pos->board[sq] == BC_EMPTY)
			sq += dir;
		if (sq != rook)
			continue;
		/* Asked only once a wing is open: most positions never get
		 * this far. */
		if (king_attacked < 0)
			king_attacked =
			    attack_board(v, pos->board, king, !us, ALL_TYPES);
		if (king_attacked)
			return out;
		for (sq = king + dir; sq != rook; sq += dir) {
			if (sq != king + dir &&
			    attack_board(
			        v, pos->board, sq - dir, !us, ALL_TYPES))
				break;
			*out++ = BC_MOVE_MAKE(king, sq, 0, BC_MOVE_CASTLE);
		}
	}
	return out;
}

/* Castling, for the side `g` generates: only on its own turn. */
static bool
may_castle(const struct gen *g)
{
	return g->ep && g->pos->castling &&
	    g->v->def->castling == CASTLING_FLEXIBLE;
}

void
bc_movegen_pseudo(const bc_position *pos, bc_move_list *list)
{
	struct gen g = { .pos = pos, .v = pos->variant, .us = pos->side,
		.ep = true };
	const uint16_t *squares = pos->piece_list[pos->side];
	bc_move *out = list->moves;

	for (int i = 0; i < pos->piece_count[pos->side]; i++)
		out = gen_piece(&g, out, squares[i]);
	if (may_castle(&g))
		out = gen_castling(&g, out);
	list->count = (int)(out - list->moves);
}

/* Adds the moves from `start` to `end`, a piece's, to that piece's
 * numbers (`moves`, `zone_moves`) and marks their landing squares in
 * `reached` (if not NULL) with `mark`. */
static void
count_listed(const bc_move *start, const bc_move *end, const uint8_t *zone,
    uint16_t *reached, uint16_t mark, uint16_t *moves, uint16_t *zone_moves)
{
	int zone_sum = 0;

	for (const bc_move *m = start; m < end; m++) {
		int to = BC_MOVE_TO(*m);

		zone_sum += zone[to];
		if (reached)
			reached[to] |= mark;
	}
	*moves = (uint16_t)(*moves + (end - start));
	*zone_moves = (uint16_t)(*zone_moves + zone_sum);
}

/* The mark bit of the piece on `cell` (bc_movegen_count). */
static uint16_t
mark_of(const bc_position *pos, const uint8_t *marks, int cell)
{
	return (uint16_t)(1u << (marks ? marks[BC_PIECE_TYPE(pos->board[cell])]
	                               : 0));
}

/*
 * Lists the moves of `color` from `moves` on (room for BC_MAX_MOVES) as
 * bc_movegen_count counts them, and counts them so, piece by piece; returns
 * the end of the list.
 */
static bc_move *
gen_counted(const bc_position *pos, int color, bc_move *moves,
    const uint8_t *zone, uint16_t *reached, const uint8_t *marks,
    bc_move_counts *counts)
{
	static const uint8_t no_zone[BC_CELLS];
	struct gen g = { .pos = pos, .v = pos->variant, .us = color & 1,
		.ep = (color & 1) == pos->side };
	const uint16_t *squares = pos->piece_list[g.us];
	bc_move *out = moves;

	if (!zone)
		zone = no_zone;
	counts->count = pos->piece_count[g.us];
	for (int i = 0; i < counts->count; i++) {
		bc_move *start = out;

		counts->moves[i] = counts->zone_moves[i] = 0;
		out = gen_piece(&g, out, squares[i]);
		count_listed(start, out, zone, reached,
		    mark_of(pos, marks, squares[i]), &counts->moves[i],
		    &counts->zone_moves[i]);
	}
	/* Castling is a move of the king. */
	if (may_castle(&g)) {
		int king = pos->list_index[pos->king[g.us]];
		bc_move *start = out;

		out = gen_castling(&g, out);
		count_listed(start, out, zone, reached,
		    mark_of(pos, marks, pos->king[g.us]), &counts->moves[king],
		    &counts->zone_moves[king]);
	}
	return out;
}

void
bc_movegen_pseudo_counted(const bc_position *pos, bc_move_list *list,
    const uint8_t *zone, uint16_t *reached, const uint8_t *marks,
    bc_move_counts *counts)
{
	bc_move *end = gen_counted(pos, pos->side, list->moves, zone, reached,
	    marks, counts);

	list->count = (int)(end - list->moves);
}

void
bc_movegen_count(const bc_position *pos, int color, const uint8_t *zone,
    uint16_t *reached, const uint8_t *marks, bc_move_counts *counts)
{
	bc_move moves[BC_MAX_MOVES]; /* listed, then counted */

	gen_counted(pos, color, moves, zone, reached, marks, counts);
}

int
bc_piece_reach(const bc_variant *v, bc_piece piece, bc_square sq,
    bc_square *out, int max)
{
	int type = BC_PIECE_TYPE(piece), color = BC_PIECE_COLOR(piece);
	bool seen[BC_CELLS] = { false };
	bc_move_list list;
	bc_position pos;
	struct gen g = { .pos = &pos, .v = v, .us = color, .ep = true };
	int n = 0;

	if (sq < 0 || sq >= BC_CELLS || !v->rel_rank[BC_WHITE][sq] ||
	    piece & ~(BC_TYPE_MASK | BC_BLACK_BIT) || type < 1 ||
	    type > v->def->type_count)
		return BC_EINVALID;
	/* The piece alone, its side to move: no king, so no castling, and
	 * the generator asks nothing of kings for a piece's own moves. */
	position_clear(&pos, v);
	position_put(&pos, sq, piece);
	pos.side = (uint8_t)color;
	list.count = (int)(gen_piece(&g, list.moves, sq) - list.moves);
	for (int i = 0; i < list.count; i++) {
		int to = BC_MOVE_TO(list.moves[i]);

		if (seen[to])
			continue;
		seen[to] = true;
		if (n < max)
			out[n] = to;
		n++;
	}
	return n;
}

bool
bc_movegen_is_pseudo(const bc_position *pos, bc_move m)
{
	bc_move_list list;
	struct gen g = { .pos = pos, .v = pos->variant, .us = pos->side,
		.ep = true };
	int from = BC_MOVE_FROM(m);
	bc_piece p;

	if (from <= 0 || from >= BC_CELLS)
		return false;
	p = pos->board[from];
	if (p == BC_EMPTY || p == BC_OFFBOARD || BC_PIECE_COLOR(p) != pos->side)
		return false;
	/* Only the moves of that one piece (or the castlings): the
	 * generator itself decides, so every rule of every variant holds. */
	if (BC_MOVE_KIND(m) == BC_MOVE_CASTLE)
		list.count = may_castle(&g)
		    ? (int)(gen_castling(&g, list.moves) - list.moves)
		    : 0;
	else
		list.count = (int)(gen_piece(&g, list.moves, from) - list.moves);
	for (int i = 0; i < list.count; i++)
		if (list.moves[i] == m)
			return true;
	return false;
}

/* Plays `m` on `board`, a copy of pos's. */
static void
board_after(const bc_position *pos, bc_move m, uint8_t *board)
{
	int us = pos->side, from = BC_MOVE_FROM(m), to = BC_MOVE_TO(m);

	memcpy(board, pos->board, BC_CELLS);
	if (BC_MOVE_KIND(m) == BC_MOVE_EN_PASSANT)
		board[pos->ep_victim] = BC_EMPTY;
	if (BC_MOVE_KIND(m) == BC_MOVE_PASSING) {
		int passed[2], n = passed_squares(from, to, passed);

		for (int k = 0; k < n; k++)
			if (is_enemy(board[passed[k]], us))
				board[passed[k]] = BC_EMPTY;
	}
	if (BC_MOVE_KIND(m) == BC_MOVE_CASTLE) {
		int rook_from, rook_to;

		castle_rook_squares(pos, m, &rook_from, &rook_to);
		board[rook_to] = board[rook_from];
		board[rook_from] = BC_EMPTY;
	}
	board[to] = BC_MOVE_PROMO(m) ? BC_PIECE(us, BC_MOVE_PROMO(m))
	                             : board[from];
	if (from != to)
		board[from] = BC_EMPTY;
}

/* Plays `m` on a copy of the board and looks for an attack on the king. */
static bool
king_safe_after(const bc_position *pos, bc_move m)
{
	uint8_t board[BC_CELLS];
	int from = BC_MOVE_FROM(m), king = pos->king[pos->side];

	board_after(pos, m, board);
	if (from == king)
		king = BC_MOVE_TO(m);
	return !attack_board(pos->variant, board, king, !pos->side,
	    ALL_TYPES);
}

/* The move kinds that can change the attacks on the king in ways other
 * than through their start and landing squares: always tested. */
static bool
special_move(const bc_position *pos, bc_move m)
{
	int kind = BC_MOVE_KIND(m);

	return BC_MOVE_FROM(m) == pos->king[pos->side] ||
	    kind == BC_MOVE_EN_PASSANT || kind == BC_MOVE_CASTLE ||
	    kind == BC_MOVE_PASSING;
}

/* Is `sq` on a line from `king` that a slider could attack along? */
static bool
on_line_from(const bc_variant *v, int king, int sq)
{
	return v->line[line_index(BC_FILE(sq) - BC_FILE(king),
	    BC_RANK(sq) - BC_RANK(king))];
}

/* Is `from` on a line a slider could attack the king along (a pin)? */
static bool
on_king_line(const bc_position *pos, int from)
{
	return on_line_from(pos->variant, pos->king[pos->side], from);
}

/* Against flyers: does `to` lie within three squares of the king on a
 * line, where filling it may let a flyer jump? */
static bool
near_flyer_line(const bc_position *pos, int to)
{
	int king = pos->king[pos->side];
	int df = abs(BC_FILE(to) - BC_FILE(king));
	int dr = abs(BC_RANK(to) - BC_RANK(king));

	return (df == 0 || dr == 0 || df == dr) && df <= 3 && dr <= 3;
}

/*
 * Is the king of the side to move attacked once the piece on `from` is
 * lifted off the board?  If not (and the king is not in check), no
 * ordinary move of that piece can expose it: putting the piece down
 * elsewhere only blocks lines or takes an attacker, except that it may
 * let a flyer jump (near_flyer_line).
 */
static bool
exposed_without(const bc_position *pos, int from)
{
	uint8_t board[BC_CELLS];

	int king = pos->king[pos->side];

	/* Not in check: only a line through `from` can open. */
	memcpy(board, pos->board, sizeof board);
	board[from] = BC_EMPTY;
	return attack_board_along(pos->variant, board, king, !pos->side,
	    BC_FILE(from) - BC_FILE(king), BC_RANK(from) - BC_RANK(king));
}

bool
bc_movegen_is_legal(const bc_position *pos, bc_move m)
{
	return king_safe_after(pos, m);
}

bool
bc_movegen_is_legal_fast(const bc_position *pos, bc_move m, bool in_check)
{
	if (in_check || special_move(pos, m) ||
	    (pos->variant->has_flyers && near_flyer_line(pos, BC_MOVE_TO(m))))
		return king_safe_after(pos, m);
	/* A piece that opens no line when lifted is free to go. */
	return !on_king_line(pos, BC_MOVE_FROM(m)) ||
	    !exposed_without(pos, BC_MOVE_FROM(m)) || king_safe_after(pos, m);
}

/*
 * Does `sq` lie within the near or flying reach of a piece of colour
 * `by` and of one of `types` (bits by type) attacking `king`?  Rank
 * windows and castles are ignored: "maybe" is always a safe answer.
 */
static bool
in_reach(const bc_variant *v, int king, int sq, int by, unsigned types)
{
	for (int k = 0; k < v->attack_count[by]; k++) {
		const struct attack_dir *a = &v->attack[by][k];

		if ((a->near_types & types) && sq == king + a->step)
			return true;
		if (a->fly && (a->far_types & types))
			for (int n = 1; n <= 3; n++)
				if (sq == king + n * a->step)
					return true;
	}
	return false;
}

bool
bc_movegen_may_check(const bc_position *pos, bc_move m)
{
	const bc_variant *v = pos->variant;
	int from = BC_MOVE_FROM(m), to = BC_MOVE_TO(m), us = pos->side;
	int king = pos->king[!us];

	/* A king's move, castling, en passant, passing and promotion
	 * change more than a piece's two squares, or the piece. */
	if (special_move(pos, m) || BC_MOVE_PROMO(m))
		return true;
	/* A line through `from` may open (a discovered check) and one
	 * through `to` be taken by a slider (a direct one); flyers also
	 * jump according to what stands near the king. */
	if (on_line_from(v, king, from) || on_line_from(v, king, to))
		return true;
	if (v->has_flyers &&
	    (in_reach(v, king, from, us, ALL_TYPES) ||
	        in_reach(v, king, to, us, ALL_TYPES)))
		return true;
	/* Else only a leap from `to` can reach the king. */
	return in_reach(v, king, to, us,
	    1u << BC_PIECE_TYPE(pos->board[from]));
}

/*
 * Does the piece that moves from `from` to `to` attack `king` from `to`,
 * `from` left empty?  By v->check_dir, with a walk along the line for a
 * slider; -1 when the table cannot tell (more than one direction).
 */
static int
checks_from(const bc_position *pos, int from, int to, int king)
{
	const bc_variant *v = pos->variant;
	int us = pos->side, type = BC_PIECE_TYPE(pos->board[from]);
	int dir = v->check_dir[us][type][line_index(
	    BC_FILE(to) - BC_FILE(king), BC_RANK(to) - BC_RANK(king))];
	const struct attack_dir *a;
	int sq;

	if (dir == CHECK_DIR_MANY)
		return -1;
	if (!dir)
		return 0;
	a = &v->attack[us][dir - 1];
	if (!in_rank_window(v->rel_rank[us][to], a->from_min, a->from_max))
		return 0;
	for (sq = king + a->step; sq != to; sq += a->step)
		if (pos->board[sq] != BC_EMPTY && sq != from)
			return 0;
	return 1;
}

bool
bc_movegen_gives_check(const bc_position *pos, bc_move m)
{
	const bc_variant *v = pos->variant;
	uint8_t board[BC_CELLS];
	int from = BC_MOVE_FROM(m), to = BC_MOVE_TO(m), us = pos->side;
	int king = pos->king[!us], direct = -1;

	/* A move of more than one piece or of a new one, flyers (whose
	 * jumps depend on what stands between), a confined piece, or one
	 * the table cannot tell: any attacker, on the board after the
	 * move. */
	if (!special_move(pos, m) && !BC_MOVE_PROMO(m) && !v->has_flyers &&
	    !is_confined(v, BC_PIECE_TYPE(pos->board[from])))
		direct = checks_from(pos, from, to, king);
	if (direct < 0) {
		if (!bc_movegen_may_check(pos, m))
			return false;
		board_after(pos, m, board);
		return attack_board(v, board, king, us, ALL_TYPES);
	}
	/* Else the piece moved checks from its landing square, or a line
	 * through its start square opens. */
	if (direct)
		return true;
	if (!on_line_from(v, king, from))
		return false;
	board_after(pos, m, board);
	return attack_board_along(v, board, king, us,
	    BC_FILE(from) - BC_FILE(king), BC_RANK(from) - BC_RANK(king));
}

/*
 * The whole list at once, with bc_movegen_is_legal_fast's answers: a
 * piece on a line through the king is tested once, lifted off the board
 * (exposed_without), rather than once per move.  The generator lists the
 * moves of each piece together, so remembering the last piece asked
 * about is enough.
 */
void
bc_movegen_legal(const bc_position *pos, bc_move_list *list)
{
	bool in_check = bc_position_in_check(pos);
	bool flyers = pos->variant->has_flyers;
	int n = 0, last_from = 0;
	bool last_exposed = false;

	bc_movegen_pseudo(pos, list);
	for (int i = 0; i < list->count; i++) {
		bc_move m = list->moves[i];
		int from = BC_MOVE_FROM(m);
		bool test;

		if (in_check || special_move(pos, m)) {
			test = true;
		} else if (on_king_line(pos, from)) {
			if (from != last_from) {
				last_from = from;
				last_exposed = exposed_without(pos, from);
			}
			test = last_exposed ||
			    (flyers && near_flyer_line(pos, BC_MOVE_TO(m)));
		} else {
			test = flyers && near_flyer_line(pos, BC_MOVE_TO(m));
		}
		if (!test || king_safe_after(pos, m))
			list->moves[n++] = m;
	}
	list->count = n;
}

static uint64_t
perft_recurse(bc_position *pos, int depth, bc_move_list *lists)
{
	bc_move_list *list = &lists[0];
	uint64_t nodes = 0;
	bc_undo undo;

	bc_movegen_legal(pos, list);
	if (depth == 1)
		return (uint64_t)list->count;
	for (int i = 0; i < list->count; i++) {
		bc_position_make(pos, list->moves[i], &undo);
		nodes += perft_recurse(pos, depth - 1, lists + 1);
		bc_position_unmake(pos, &undo);
	}
	return nodes;
}

uint64_t
bc_perft(bc_position *pos, int depth)
{
	bc_move_list *lists;
	uint64_t nodes;

	if (depth <= 0)
		return 1;
	/* One list per ply, allocated once per call, not per node. */
	lists = malloc((size_t)depth * sizeof *lists);
	if (!lists)
		return 0;
	nodes = perft_recurse(pos, depth, lists);
	free(lists);
	return nodes;
}
