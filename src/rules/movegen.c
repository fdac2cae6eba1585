/*
 * movegen.c - pseudo-legal and legal move generation, and perft.
 *
 * Pieces move by their rays (variant_def.h).  The same generator lists
 * the moves or only counts them (bc_movegen_count, for the evaluation).
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
 * One generation: into a list (`out`, the next free slot), or, when `out`
 * is NULL, only counted (bc_movegen_count): the moves, the weights of
 * `zone` their landing squares add up to, and those squares marked in
 * `reached` with the moving piece's `mark` bit.
 */
struct gen {
	const bc_position *pos;
	const bc_variant *v;
	bc_move *out;
	int us;
	bool ep; /* en passant may be taken (the side to move's right) */
	const uint8_t *zone;
	uint16_t *reached;
	uint16_t mark;
	int moves, zone_moves;
};

static inline void
mark_reached(const struct gen *g, int to)
{
	g->reached[to] |= g->mark;
}

static inline void
push(struct gen *g, bc_move m)
{
	int to;

	if (g->out) {
		*g->out++ = m;
		return;
	}
	to = BC_MOVE_TO(m);
	g->moves++;
	g->zone_moves += g->zone[to];
	mark_reached(g, to);
}

/*
 * The common ray, a slider's or a leaper's that moves and takes alike,
 * with no rank window, no promotion and no en passant: up to `range`
 * steps of `step` over empty cells, and a capture where an enemy piece
 * stands (if the variant's capture rule allows it).  One loop for each
 * mode, with what it writes kept in locals.
 */
static bc_move *
slide_list(const struct gen *g, bc_move *out, int from, int step, int range,
    int type)
{
	const uint8_t *board = g->pos->board;
	capture_hook hook = g->v->def->can_capture;
	int to = from;

	for (int n = 1; n <= range; n++) {
		bc_piece p = board[to += step];

		if (p == BC_EMPTY) {
			*out++ = BC_MOVE_MAKE(from, to, 0, BC_MOVE_NORMAL);
			continue;
		}
		if (is_enemy(p, g->us) &&
		    (!hook || hook(g->v, g->us, type, from, to)))
			*out++ = BC_MOVE_MAKE(from, to, 0, BC_MOVE_CAPTURE);
		break;
	}
	return out;
}

static void
slide_count(struct gen *g, int from, int step, int range, int type)
{
	const uint8_t *board = g->pos->board;
	const uint8_t *zone = g->zone;
	capture_hook hook = g->v->def->can_capture;
	int to = from, moves = 0, zone_moves = 0;

	for (int n = 1; n <= range; n++) {
		bc_piece p = board[to += step];

		if (p != BC_EMPTY &&
		    (!is_enemy(p, g->us) ||
		        (hook && !hook(g->v, g->us, type, from, to))))
			break;
		moves++;
		zone_moves += zone[to];
		mark_reached(g, to);
		if (p != BC_EMPTY)
			break;
	}
	g->moves += moves;
	g->zone_moves += zone_moves;
}

/* Adds a move of a promoting piece into its zone (`zone`, not ZONE_NONE):
 * every allowed promotion, and the plain move unless promotion is forced
 * there. */
static void
promotions(struct gen *g, int from, int to, int kind, int zone)
{
	const bc_variant *v = g->v;

	if (zone == ZONE_OPTIONAL)
		push(g, BC_MOVE_MAKE(from, to, 0, kind));
	for (const uint8_t *t = v->promo_types; *t; t++)
		if (v->def->promo_rule != PROMO_ONLY_LOST ||
		    g->pos->type_count[g->us][*t] < v->start_count[*t])
			push(g, BC_MOVE_MAKE(from, to, *t, kind));
}

/* Outside the zone (most moves) the plain move, without a call. */
static inline void
push_promotions(struct gen *g, int from, int to, int kind)
{
	int zone = g->v->promo_zone[g->us][to];

	if (zone == ZONE_NONE)
		push(g, BC_MOVE_MAKE(from, to, 0, kind));
	else
		promotions(g, from, to, kind, zone);
}

static bool
ray_starts_here(const struct ray *r, int rel)
{
	return !r->from_min || (rel >= r->from_min && rel <= r->from_max);
}

/* A flyer's three squares along one direction (variant_def.h). */
static void
gen_fly(struct gen *g, int from, int step, bool promotes)
{
	const uint8_t *board = g->pos->board;
	int s1 = from + step, s2 = s1 + step, s3 = s2 + step;
	int sq[3] = { s1, s2, s3 };

	for (int i = 0; i < 3; i++) {
		bc_piece p = board[sq[i]];

		if (p == BC_OFFBOARD)
			return;
		if (i == 2 &&
		    (board[s1] == BC_EMPTY) != (board[s2] == BC_EMPTY))
			return;
		if (p == BC_EMPTY || is_enemy(p, g->us)) {
			int kind =
			    p == BC_EMPTY ? BC_MOVE_NORMAL : BC_MOVE_CAPTURE;

			if (promotes)
				push_promotions(g, from, sq[i], kind);
			else
				push(g, BC_MOVE_MAKE(from, sq[i], 0, kind));
		}
	}
}

/*
 * A flying ninja's three squares along one direction: it stops on any of
 * them that is empty or holds an enemy, whatever stands before it, and
 * takes every enemy piece it passed over.
 */
static void
gen_ninja(struct gen *g, int from, int step, bool promotes)
{
	const uint8_t *board = g->pos->board;
	bool passed_enemy = false;
	int sq = from;

	for (int i = 0; i < 3; i++) {
		bc_piece p;

		sq += step;
		p = board[sq];
		if (p == BC_OFFBOARD)
			return;
		if (p == BC_EMPTY || is_enemy(p, g->us)) {
			int kind = passed_enemy ? BC_MOVE_PASSING
			    : p == BC_EMPTY     ? BC_MOVE_NORMAL
			                        : BC_MOVE_CAPTURE;

			if (promotes)
				push_promotions(g, from, sq, kind);
			else
				push(g, BC_MOVE_MAKE(from, sq, 0, kind));
		}
		passed_enemy |= is_enemy(p, g->us);
	}
}

static void
gen_piece(struct gen *g, int from)
{
	const bc_position *pos = g->pos;
	const bc_variant *v = g->v;
	int us = g->us, type = BC_PIECE_TYPE(pos->board[from]);
	const struct piece_def *pd = &v->def->pieces[type];
	const int16_t *delta = v->delta[us][type];
	int rel = v->rel_rank[us][from];
	bool promotes = (pd->flags & PIECE_PROMOTES) != 0;
	bool confined = is_confined(v, type);
	bool takes_ep = g->ep && pos->ep_count &&
	    (pd->flags & PIECE_EN_PASSANT);
	bool simple = !promotes && !confined && !takes_ep;
	capture_hook hook = v->def->can_capture;
	int rays = v->ray_count[type];

	for (int i = 0; i < rays; i++) {
		const struct ray *r = &pd->rays[i];
		int step = delta[i], to = from;
		int range = r->range ? r->range : BC_MAX_RANKS;

		if (!ray_starts_here(r, rel))
			continue;
		if (simple && r->flags == RAY_ANY && !r->to_max) {
			if (g->out)
				g->out = slide_list(g, g->out, from, step,
				    range, type);
			else
				slide_count(g, from, step, range, type);
			continue;
		}
		if (r->flags & RAY_FLY) {
			gen_fly(g, from, step, promotes);
			continue;
		}
		if (r->flags & RAY_NINJA) {
			gen_ninja(g, from, step, promotes);
			continue;
		}
		for (int n = 1; n <= range; n++) {
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
				if (takes_ep && (r->flags & RAY_CAPTURE) &&
				    (to == pos->ep_square[0] ||
				        (pos->ep_count > 1 &&
				            to == pos->ep_square[1])))
					push(g,
					    BC_MOVE_MAKE(from, to, 0,
					        BC_MOVE_EN_PASSANT));
				if (!(r->flags & RAY_MOVE))
					break;
				if (r->flags & RAY_LONG && n == 1)
					continue;
				kind = r->flags & RAY_LONG ? BC_MOVE_LONG
				                           : BC_MOVE_NORMAL;
			} else {
				if (!(r->flags & RAY_CAPTURE) ||
				    !is_enemy(p, us) ||
				    (hook && !hook(v, us, type, from, to)))
					break;
				kind = BC_MOVE_CAPTURE;
			}
			if (promotes)
				push_promotions(g, from, to, kind);
			else
				push(g, BC_MOVE_MAKE(from, to, 0, kind));
			if (kind == BC_MOVE_CAPTURE)
				break;
		}
	}
}

/*
 * Flexible castling: the king goes n squares toward an unmoved rook, the
 * rook lands beside it on the other side.  Here the squares between must
 * be empty and the king not in check, and no square the king crosses may
 * be attacked; the landing square is left to the legality test.
 */
static void
gen_castling(struct gen *g)
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
		return;
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
			return;
		for (sq = king + dir; sq != rook; sq += dir) {
			if (sq != king + dir &&
			    attack_board(
			        v, pos->board, sq - dir, !us, ALL_TYPES))
				break;
			push(g, BC_MOVE_MAKE(king, sq, 0, BC_MOVE_CASTLE));
		}
	}
}

void
bc_movegen_pseudo(const bc_position *pos, bc_move_list *list)
{
	struct gen g = { .pos = pos, .v = pos->variant, .out = list->moves,
		.us = pos->side, .ep = true };
	const uint16_t *squares = pos->piece_list[pos->side];

	for (int i = 0; i < pos->piece_count[pos->side]; i++)
		gen_piece(&g, squares[i]);
	if (pos->castling && g.v->def->castling == CASTLING_FLEXIBLE)
		gen_castling(&g);
	list->count = (int)(g.out - list->moves);
}

/* Counts the moves listed from `start` to g->out as bc_movegen_count
 * would: adds them to piece `i`'s numbers. */
static void
count_listed(const struct gen *g, const bc_move *start, int i,
    bc_move_counts *counts)
{
	int zone_moves = 0;

	for (const bc_move *m = start; m < g->out; m++) {
		int to = BC_MOVE_TO(*m);

		zone_moves += g->zone[to];
		mark_reached(g, to);
	}
	counts->moves[i] = (uint16_t)(counts->moves[i] + (g->out - start));
	counts->zone_moves[i] = (uint16_t)(counts->zone_moves[i] + zone_moves);
}

/* The mark bit of the piece on `cell` for struct gen. */
static uint16_t
mark_of(const bc_position *pos, const uint8_t *marks, int cell)
{
	return (uint16_t)(1u << (marks ? marks[BC_PIECE_TYPE(pos->board[cell])]
	                               : 0));
}

void
bc_movegen_pseudo_counted(const bc_position *pos, bc_move_list *list,
    const uint8_t *zone, uint16_t *reached, const uint8_t *marks,
    bc_move_counts *counts)
{
	static const uint8_t no_zone[BC_CELLS];
	uint16_t unmarked[BC_CELLS] = { 0 }; /* written, never read */
	struct gen g = { .pos = pos, .v = pos->variant, .out = list->moves,
		.us = pos->side, .ep = true, .zone = zone ? zone : no_zone,
		.reached = reached ? reached : unmarked };
	const uint16_t *squares = pos->piece_list[pos->side];

	counts->count = pos->piece_count[pos->side];
	for (int i = 0; i < counts->count; i++) {
		const bc_move *start = g.out;

		counts->moves[i] = counts->zone_moves[i] = 0;
		g.mark = mark_of(pos, marks, squares[i]);
		gen_piece(&g, squares[i]);
		count_listed(&g, start, i, counts);
	}
	if (pos->castling && g.v->def->castling == CASTLING_FLEXIBLE) {
		const bc_move *start = g.out;

		g.mark = mark_of(pos, marks, pos->king[pos->side]);
		gen_castling(&g);
		count_listed(&g, start, pos->list_index[pos->king[pos->side]],
		    counts);
	}
	list->count = (int)(g.out - list->moves);
}

void
bc_movegen_count(const bc_position *pos, int color, const uint8_t *zone,
    uint16_t *reached, const uint8_t *marks, bc_move_counts *counts)
{
	static const uint8_t no_zone[BC_CELLS];
	uint16_t unmarked[BC_CELLS] = { 0 }; /* written, never read */
	struct gen g = { .pos = pos, .v = pos->variant, .out = NULL,
		.us = color & 1, .ep = (color & 1) == pos->side,
		.zone = zone ? zone : no_zone,
		.reached = reached ? reached : unmarked };
	const uint16_t *squares = pos->piece_list[g.us];

	counts->count = pos->piece_count[g.us];
	for (int i = 0; i < counts->count; i++) {
		g.moves = g.zone_moves = 0;
		g.mark = mark_of(pos, marks, squares[i]);
		gen_piece(&g, squares[i]);
		counts->moves[i] = (uint16_t)g.moves;
		counts->zone_moves[i] = (uint16_t)g.zone_moves;
	}
	/* Castling is the side to move's, and a move of its king. */
	if (g.ep && pos->castling &&
	    g.v->def->castling == CASTLING_FLEXIBLE) {
		int king = pos->list_index[pos->king[g.us]];

		g.moves = g.zone_moves = 0;
		g.mark = mark_of(pos, marks, pos->king[g.us]);
		gen_castling(&g);
		counts->moves[king] = (uint16_t)(counts->moves[king] + g.moves);
		counts->zone_moves[king] =
		    (uint16_t)(counts->zone_moves[king] + g.zone_moves);
	}
}

int
bc_piece_reach(const bc_variant *v, bc_piece piece, bc_square sq,
    bc_square *out, int max)
{
	int type = BC_PIECE_TYPE(piece), color = BC_PIECE_COLOR(piece);
	bool seen[BC_CELLS] = { false };
	bc_move_list list;
	bc_position pos;
	struct gen g = { .pos = &pos, .v = v, .out = list.moves, .us = color,
		.ep = true };
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
	gen_piece(&g, sq);
	list.count = (int)(g.out - list.moves);
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
	struct gen g = { .pos = pos, .v = pos->variant, .out = list.moves,
		.us = pos->side, .ep = true };
	int from = BC_MOVE_FROM(m);
	bc_piece p;

	if (from <= 0 || from >= BC_CELLS)
		return false;
	p = pos->board[from];
	if (p == BC_EMPTY || p == BC_OFFBOARD || BC_PIECE_COLOR(p) != pos->side)
		return false;
	/* Only the moves of that one piece (or the castlings): the
	 * generator itself decides, so every rule of every variant holds. */
	if (BC_MOVE_KIND(m) == BC_MOVE_CASTLE) {
		if (pos->castling && g.v->def->castling == CASTLING_FLEXIBLE)
			gen_castling(&g);
	} else {
		gen_piece(&g, from);
	}
	list.count = (int)(g.out - list.moves);
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
	if (a->from_min && (v->rel_rank[us][to] < a->from_min ||
	                       v->rel_rank[us][to] > a->from_max))
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
