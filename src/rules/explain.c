/*
 * explain.c - why a move is refused.
 *
 * The move generator says only yes or no, so the explanation asks again,
 * rule by rule, in the order a player would want to hear them: no piece
 * or not yours; castling's own conditions; then, if the piece does move
 * there by its rays, the promotion asked for and the king's safety
 * (pinned, in check, an attacked square); else the first ray that leads
 * to the target square says what stops it (a blocker, a move-only or
 * capture-only ray, a rank window, the variant's capture hook, a castle
 * the piece never leaves, a flyer's jumping rule, a promotion with
 * nothing to become).  The walk mirrors gen_piece in movegen.c; the
 * generator itself stays the one judge of legality.
 */
#include <ctype.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "bigchess/explain.h"
#include "bigchess/notation.h"
#include "internal.h"

static const char *const side_name[2] = { "White", "Black" };

static bool
on_board(const bc_variant *v, bc_square sq)
{
	return sq > 0 && sq < BC_CELLS && v->rel_rank[BC_WHITE][sq];
}

/* The board after pseudo-legal move `m`, and where the mover's king is. */
static int
board_after(const bc_position *pos, bc_move m, uint8_t *board)
{
	int from = BC_MOVE_FROM(m), to = BC_MOVE_TO(m);
	int king = pos->king[pos->side];

	memcpy(board, pos->board, BC_CELLS);
	if (BC_MOVE_KIND(m) == BC_MOVE_EN_PASSANT)
		board[pos->ep_victim] = BC_EMPTY;
	if (BC_MOVE_KIND(m) == BC_MOVE_CASTLE) {
		int rook_from, rook_to;

		castle_rook_squares(pos, m, &rook_from, &rook_to);
		board[rook_to] = board[rook_from];
		board[rook_from] = BC_EMPTY;
	}
	board[to] = board[from];
	if (from != to)
		board[from] = BC_EMPTY;
	return from == king ? to : king;
}

/* Sets the piece that attacks `sq` of `board` for the side not to move. */
static void
set_attacker(const bc_position *pos, const uint8_t *board, bc_square sq,
    bc_refusal *r)
{
	r->by_sq = attack_board_square(pos->variant, board, sq, !pos->side,
	    ALL_TYPES);
	r->by = r->by_sq ? board[r->by_sq] : BC_EMPTY;
}

/* Flexible castling (Hadean): the king `n` squares toward `dir`. */
static void
explain_castle(const bc_position *pos, int dir, int n, bc_refusal *r)
{
	const bc_variant *v = pos->variant;
	const struct variant_def *d = v->def;
	int us = pos->side, king = pos->king[us];
	int rank = us == BC_WHITE ? 0 : d->ranks - 1;
	int wing = dir > 0 ? 0 : 1;
	int rook = BC_SQUARE(d->castle_rook_file[wing], rank);
	int side_rights = us == BC_WHITE ? BC_CASTLE_WK | BC_CASTLE_WQ
	                                 : BC_CASTLE_BK | BC_CASTLE_BQ;
	int right = wing == 0 ? side_rights & (BC_CASTLE_WK | BC_CASTLE_BK)
	                      : side_rights & (BC_CASTLE_WQ | BC_CASTLE_BQ);
	int to = king + dir * n;
	bc_move m;

	r->castle = dir * n;
	r->from = king;
	r->piece = pos->board[king];
	r->square = rook;
	r->to = on_board(v, to) && BC_RANK(to) == BC_RANK(king) ? to : 0;
	if (d->castling != CASTLING_FLEXIBLE) {
		r->code = BC_REFUSE_NO_CASTLING;
		return;
	}
	if (king != BC_SQUARE(d->castle_king_file, rank) ||
	    !(pos->castling & side_rights)) {
		r->code = BC_REFUSE_CASTLE_KING_MOVED;
		return;
	}
	if (n < 1 || n >= abs(rook - king)) {
		r->code = BC_REFUSE_CASTLE_TOO_FAR;
		r->count = abs(rook - king) - 1;
		return;
	}
	if (!(pos->castling & right) || pos->board[rook] == BC_EMPTY ||
	    BC_PIECE_COLOR(pos->board[rook]) != us) {
		r->code = BC_REFUSE_CASTLE_ROOK_MOVED;
		return;
	}
	for (int sq = king + dir; sq != rook; sq += dir)
		if (pos->board[sq] != BC_EMPTY) {
			r->code = BC_REFUSE_CASTLE_BETWEEN;
			r->by_sq = sq;
			r->by = pos->board[sq];
			return;
		}
	if (bc_position_in_check(pos)) {
		r->code = BC_REFUSE_CASTLE_IN_CHECK;
		set_attacker(pos, pos->board, king, r);
		return;
	}
	/* As gen_castling: the squares passed, on the board as it stands. */
	for (int sq = king + dir; sq != to; sq += dir)
		if (attack_board(v, pos->board, sq, !us, ALL_TYPES)) {
			r->code = BC_REFUSE_CASTLE_THROUGH;
			r->square = sq;
			set_attacker(pos, pos->board, sq, r);
			return;
		}
	m = BC_MOVE_MAKE(king, to, 0, BC_MOVE_CASTLE);
	if (!bc_movegen_is_legal(pos, m)) {
		uint8_t board[BC_CELLS];

		r->code = BC_REFUSE_CASTLE_INTO;
		set_attacker(pos, board, board_after(pos, m, board), r);
	}
}

/* How much an explanation says: the more, the better. */
static int
weight(enum bc_refusal_code code)
{
	switch (code) {
	case BC_REFUSE_NONE:
		return 100;
	case BC_REFUSE_PINNED:
	case BC_REFUSE_KING_ATTACKED:
	case BC_REFUSE_STILL_CHECK:
		return 90;
	case BC_REFUSE_PROMO_UNLOST:
	case BC_REFUSE_PROMO_TYPE:
	case BC_REFUSE_NO_PROMOTION:
		return 80;
	case BC_REFUSE_PROMO_NONE:
	case BC_REFUSE_CAPTURE_RULE:
	case BC_REFUSE_CONFINED:
	case BC_REFUSE_FLY_ONE_BETWEEN:
	case BC_REFUSE_CAPTURE_RANKS:
		return 70;
	case BC_REFUSE_CAPTURE_ONLY:
	case BC_REFUSE_MOVE_ONLY:
		return 60;
	case BC_REFUSE_BLOCKED:
		return 50;
	case BC_REFUSE_OWN_PIECE:
		return 40;
	default:
		return 0;
	}
}

/* Keeps `code` (with its blocker and ranks) in *r if it says more. */
static void
consider(bc_refusal *r, enum bc_refusal_code code, const bc_position *pos,
    int by_sq, const struct ray *ray)
{
	if (weight(code) <= weight(r->code))
		return;
	r->code = code;
	r->by_sq = by_sq;
	r->by = by_sq ? pos->board[by_sq] : BC_EMPTY;
	if (code == BC_REFUSE_CAPTURE_RANKS) {
		r->rank_min = ray->from_min;
		r->rank_max = ray->from_max;
	}
}

/* What a ray that reaches `to` (unblocked, from a rank it may start on)
 * would still stop at. */
static enum bc_refusal_code
ray_verdict(const bc_position *pos, const struct ray *ray, int type,
    int from, int to)
{
	const bc_variant *v = pos->variant;
	int us = pos->side;
	bc_piece target = pos->board[to];
	unsigned flags = v->def->pieces[type].flags;

	if (is_confined(v, type) && !in_own_castle(v, us, to))
		return BC_REFUSE_CONFINED;
	if (target == BC_EMPTY && !(ray->flags & RAY_MOVE))
		return BC_REFUSE_CAPTURE_ONLY;
	if (target != BC_EMPTY && !(ray->flags & RAY_CAPTURE))
		return BC_REFUSE_MOVE_ONLY;
	if (target != BC_EMPTY && v->def->can_capture &&
	    !v->def->can_capture(v, us, type, from, to))
		return BC_REFUSE_CAPTURE_RULE;
	if ((flags & PIECE_PROMOTES) && v->promo_zone[us][to] == ZONE_FORCED &&
	    !bc_position_can_promote(pos, us))
		return BC_REFUSE_PROMO_NONE;
	return BC_REFUSE_NOT_THAT_WAY;
}

/* Why the piece on `from` has no pseudo-legal move to `to`. */
static void
explain_geometry(const bc_position *pos, int from, int to, bc_refusal *r)
{
	const bc_variant *v = pos->variant;
	int us = pos->side, type = BC_PIECE_TYPE(pos->board[from]);
	const struct piece_def *pd = &v->def->pieces[type];
	int rel = v->rel_rank[us][from];

	r->code = BC_REFUSE_NOT_THAT_WAY;
	for (int i = 0; i < v->ray_count[type]; i++) {
		const struct ray *ray = &pd->rays[i];
		int step = v->gen_ray[us][type][i].step, sq = from, blocker = 0;
		int range = ray->range ? ray->range : BC_MAX_RANKS;
		bool starts =
		    in_rank_window(rel, ray->from_min, ray->from_max);

		if (ray->flags & RAY_FLY) {
			int s1 = from + step, s2 = s1 + step;

			if (starts && s2 + step == to &&
			    pos->board[s1] != BC_OFFBOARD &&
			    pos->board[s2] != BC_OFFBOARD &&
			    (pos->board[s1] == BC_EMPTY) !=
			        (pos->board[s2] == BC_EMPTY))
				consider(r, BC_REFUSE_FLY_ONE_BETWEEN, pos,
				    pos->board[s1] != BC_EMPTY ? s1 : s2, ray);
			continue;
		}
		for (int n = 1; n <= range; n++) {
			sq += step;
			if (pos->board[sq] == BC_OFFBOARD ||
			    (ray->to_max && v->rel_rank[us][sq] > ray->to_max))
				break;
			if (sq != to) {
				if (pos->board[sq] != BC_EMPTY && !blocker)
					blocker = sq;
				continue;
			}
			if (!starts) {
				/* A capture ray for other ranks: the
				 * ninja pawn's sideways one. */
				if ((ray->flags & RAY_CAPTURE) &&
				    pos->board[to] != BC_EMPTY && !blocker)
					consider(r, BC_REFUSE_CAPTURE_RANKS,
					    pos, 0, ray);
			} else if (blocker) {
				consider(r, BC_REFUSE_BLOCKED, pos, blocker,
				    ray);
			} else if (!((ray->flags & RAY_LONG) && n == 1)) {
				consider(r, ray_verdict(pos, ray, type, from,
				    to), pos, 0, ray);
			}
			break;
		}
	}
}

/* The piece on `from` goes to `to` by its rays: the promotion asked for,
 * then the king's safety, decide. */
static void
explain_pseudo(const bc_position *pos, const bc_move_list *list, int from,
    int to, int promo, bc_refusal *r)
{
	const bc_variant *v = pos->variant;
	int us = pos->side, type = BC_PIECE_TYPE(pos->board[from]);
	bc_move first = BC_MOVE_NONE;
	bool promotes = false;
	uint8_t board[BC_CELLS];

	for (int i = 0; i < list->count; i++) {
		bc_move m = list->moves[i];

		if (BC_MOVE_FROM(m) != from || BC_MOVE_TO(m) != to)
			continue;
		promotes |= BC_MOVE_PROMO(m) != 0;
		if (promo && BC_MOVE_PROMO(m) != promo)
			continue;
		if (bc_movegen_is_legal(pos, m)) {
			r->code = BC_REFUSE_NONE;
			return;
		}
		if (!first)
			first = m;
	}
	if (!first) {
		bool listed = false;

		for (const uint8_t *t = v->promo_types; *t; t++)
			listed |= *t == promo;
		if ((v->def->pieces[type].flags & PIECE_PROMOTES) &&
		    v->promo_zone[us][to] != ZONE_NONE && listed) {
			r->code = BC_REFUSE_PROMO_UNLOST;
			r->count = pos->type_count[us][promo];
		} else if (promotes || ((v->def->pieces[type].flags &
		    PIECE_PROMOTES) && v->promo_zone[us][to] != ZONE_NONE)) {
			r->code = BC_REFUSE_PROMO_TYPE;
		} else {
			r->code = BC_REFUSE_NO_PROMOTION;
		}
		return;
	}
	set_attacker(pos, board, board_after(pos, first, board), r);
	if (v->def->pieces[type].flags & PIECE_ROYAL)
		r->code = BC_REFUSE_KING_ATTACKED;
	else if (bc_position_in_check(pos))
		r->code = BC_REFUSE_STILL_CHECK;
	else
		r->code = BC_REFUSE_PINNED;
}

int
bc_move_explain(const bc_position *pos, bc_move m, bc_refusal *out)
{
	const bc_variant *v = pos->variant;
	int from = BC_MOVE_FROM(m), to = BC_MOVE_TO(m);
	int promo = BC_MOVE_PROMO(m);
	bc_move_list list;
	bc_piece piece;

	memset(out, 0, sizeof *out);
	out->from = from;
	out->to = to;
	out->promo = promo;
	if (!on_board(v, from) || !on_board(v, to))
		return BC_EINVALID;
	piece = pos->board[from];
	out->piece = piece;
	out->target = pos->board[to];
	if (piece == BC_EMPTY) {
		out->code = BC_REFUSE_NO_PIECE;
		return BC_OK;
	}
	if (BC_PIECE_COLOR(piece) != pos->side) {
		out->code = BC_REFUSE_NOT_YOURS;
		return BC_OK;
	}
	if (BC_MOVE_KIND(m) == BC_MOVE_CASTLE ||
	    (v->def->castling == CASTLING_FLEXIBLE &&
	        from == pos->king[pos->side] &&
	        BC_RANK(from) == BC_RANK(to) && abs(to - from) >= 2 &&
	        BC_FILE(from) == v->def->castle_king_file &&
	        v->rel_rank[pos->side][from] == 1)) {
		explain_castle(pos, to > from ? 1 : -1, abs(to - from), out);
		out->target = out->to ? pos->board[out->to] : BC_EMPTY;
		return BC_OK;
	}
	if (from == to) {
		out->code = BC_REFUSE_NOT_THAT_WAY;
		return BC_OK;
	}
	if (out->target != BC_EMPTY &&
	    BC_PIECE_COLOR(out->target) == pos->side) {
		out->code = BC_REFUSE_OWN_PIECE;
		return BC_OK;
	}
	bc_movegen_pseudo(pos, &list);
	for (int i = 0; i < list.count; i++)
		if (BC_MOVE_FROM(list.moves[i]) == from &&
		    BC_MOVE_TO(list.moves[i]) == to) {
			explain_pseudo(pos, &list, from, to, promo, out);
			return BC_OK;
		}
	explain_geometry(pos, from, to, out);
	return BC_OK;
}

int
bc_piece_explain(const bc_position *pos, bc_square sq, bc_refusal *out)
{
	bc_move_list list;
	int rc;

	memset(out, 0, sizeof *out);
	out->from = sq;
	if (!on_board(pos->variant, sq))
		return BC_EINVALID;
	out->piece = pos->board[sq];
	if (out->piece == BC_EMPTY) {
		out->code = BC_REFUSE_NO_PIECE;
		return BC_OK;
	}
	if (BC_PIECE_COLOR(out->piece) != pos->side) {
		out->code = BC_REFUSE_NOT_YOURS;
		return BC_OK;
	}
	bc_movegen_pseudo(pos, &list);
	for (int i = 0; i < list.count; i++)
		if (BC_MOVE_FROM(list.moves[i]) == sq &&
		    bc_movegen_is_legal(pos, list.moves[i]))
			return BC_OK;
	for (int i = 0; i < list.count; i++) {
		bc_move m = list.moves[i];

		if (BC_MOVE_FROM(m) != sq || BC_MOVE_KIND(m) == BC_MOVE_CASTLE)
			continue;
		rc = bc_move_explain(pos, BC_MOVE_MAKE(sq, BC_MOVE_TO(m),
		    BC_MOVE_PROMO(m), 0), out);
		out->to = 0;
		out->target = BC_EMPTY;
		out->promo = 0;
		return rc;
	}
	/* No move by its rays at all: blocked, unless the one thing in
	 * the way is a promotion with nothing to become (Grand). */
	out->code = BC_REFUSE_NO_MOVE;
	for (int to = 0; to < BC_CELLS; to++) {
		bc_refusal r;

		if (on_board(pos->variant, to) &&
		    bc_move_explain(pos, BC_MOVE_MAKE(sq, to, 0, 0), &r) ==
		        BC_OK && r.code == BC_REFUSE_PROMO_NONE) {
			*out = r;
			break;
		}
	}
	return BC_OK;
}

/* True if the piece on `sq` is one that pattern `p` may mean. */
static bool
may_mean(const bc_position *pos, const struct move_pattern *p, int sq)
{
	const bc_variant *v = pos->variant;
	int type = BC_PIECE_TYPE(pos->board[sq]);

	if (p->type && type != p->type)
		return false;
	if (p->pawn_only && v->def->pieces[type].letter != 'P')
		return false;
	return (p->from_file < 0 || BC_FILE(sq) == p->from_file) &&
	    (p->from_rank < 0 || BC_RANK(sq) == p->from_rank);
}

/*
 * A king's move typed as "Kd1" or "g1d1" that bc_move_explain finds
 * legal is castling, which the notation names O-O-O-3 (a king step and a
 * castling may share their squares): says how to write it.
 */
static void
castle_written(bc_refusal *r)
{
	if (r->code == BC_REFUSE_NONE && r->from && r->to) {
		r->code = BC_REFUSE_CASTLE_WRITTEN;
		r->castle = (r->to > r->from ? 1 : -1) * abs(r->to - r->from);
	}
}

int
bc_move_explain_text(const bc_position *pos, const char *text,
    bc_refusal *out, bc_error *err)
{
	const bc_variant *v = pos->variant;
	int us = pos->side, candidates = 0, rc;
	struct move_pattern p;
	size_t len;

	memset(out, 0, sizeof *out);
	if (err)
		memset(err, 0, sizeof *err);
	while (isspace((unsigned char)*text))
		text++;
	len = strlen(text);
	while (len && isspace((unsigned char)text[len - 1]))
		len--;
	if (!len || len > BC_MOVE_TEXT_MAX) {
		if (err) {
			err->code = BC_ESYNTAX;
			snprintf(err->message, sizeof err->message, "%s",
			    len ? "move text too long" : "no move given");
		}
		return BC_ESYNTAX;
	}
	if ((rc = move_scan(v, text, len, &p, err)) != BC_OK)
		return rc;
	if (p.castle) {
		explain_castle(pos, p.castle > 0 ? 1 : -1, abs(p.castle), out);
		out->target = out->to ? pos->board[out->to] : BC_EMPTY;
		return BC_OK;
	}
	if (p.from_file >= 0 && p.from_rank >= 0) {
		rc = bc_move_explain(pos, BC_MOVE_MAKE(BC_SQUARE(p.from_file,
		    p.from_rank), p.to, p.promo, 0), out);
		castle_written(out);
		return rc;
	}
	for (int i = 0; i < pos->piece_count[us]; i++) {
		int sq = pos->piece_list[us][i];
		bc_refusal r;

		if (!may_mean(pos, &p, sq))
			continue;
		bc_move_explain(pos, BC_MOVE_MAKE(sq, p.to, p.promo, 0), &r);
		if (!candidates++ || weight(r.code) > weight(out->code))
			*out = r;
	}
	if (!candidates || out->code == BC_REFUSE_NOT_THAT_WAY) {
		int type = p.type ? p.type : bc_variant_piece_type(v, 'P');

		memset(out, 0, sizeof *out);
		out->code = candidates ? BC_REFUSE_NONE_REACHES
		                       : BC_REFUSE_NO_SUCH_PIECE;
		out->piece = BC_PIECE(us, type);
		out->to = p.to;
		out->target = pos->board[p.to];
		out->promo = p.promo;
	}
	castle_written(out);
	return BC_OK;
}

/* ---- The sentences ---- */

struct out {
	char *buf;
	size_t size, len;
};

static void say(struct out *o, const char *fmt, ...)
    __attribute__((format(printf, 2, 3)));

static void
say(struct out *o, const char *fmt, ...)
{
	va_list ap;
	int n;

	va_start(ap, fmt);
	n = vsnprintf(o->len < o->size ? o->buf + o->len : NULL,
	    o->len < o->size ? o->size - o->len : 0, fmt, ap);
	va_end(ap);
	if (n > 0)
		o->len += (size_t)n;
}

static const char *
name_of(const bc_variant *v, bc_piece p)
{
	return bc_variant_piece_name(v, BC_PIECE_TYPE(p));
}

/* "a" or "an" before `word`. */
static const char *
article(const char *word)
{
	return word[0] && strchr("aeiou", word[0]) ? "an" : "a";
}

/* "rook on e4" */
static void
say_piece(struct out *o, const bc_variant *v, bc_piece p, bc_square sq)
{
	char at[8];

	bc_square_to_text(sq, at, sizeof at);
	say(o, "%s on %s", name_of(v, p), at);
}

static void
say_castle(struct out *o, const bc_refusal *r)
{
	say(o, "%s cannot castle", side_name[BC_PIECE_COLOR(r->piece)]);
	if (r->castle)
		say(o, " %s-%d", r->castle > 0 ? "O-O" : "O-O-O",
		    abs(r->castle));
}

size_t
bc_refusal_text(const bc_position *pos, const bc_refusal *r, char *buf,
    size_t size)
{
	const bc_variant *v = pos->variant;
	struct out o = { buf, size, 0 };
	int side = BC_PIECE_COLOR(r->piece);
	char to[8], sq[8];

	if (size)
		buf[0] = '\0';
	bc_square_to_text(r->to, to, sizeof to);
	bc_square_to_text(r->square, sq, sizeof sq);
	switch (r->code) {
	case BC_REFUSE_NONE:
		return 0;
	case BC_REFUSE_NO_PIECE: {
		char at[8];

		bc_square_to_text(r->from, at, sizeof at);
		say(&o, "There is no piece on %s.", at);
		return o.len;
	}
	case BC_REFUSE_NOT_YOURS:
		say(&o, "The ");
		say_piece(&o, v, r->piece, r->from);
		say(&o, " is not your piece: it is %s's, and %s is to move.",
		    side_name[side], side_name[!side]);
		return o.len;
	case BC_REFUSE_NO_SUCH_PIECE:
		say(&o, "%s has no %s that could go to %s.", side_name[side],
		    name_of(v, r->piece), to);
		return o.len;
	case BC_REFUSE_NONE_REACHES:
		say(&o, "No %s of yours can go to %s (%s %s: %s).", name_of(v,
		    r->piece), to, article(name_of(v,
		    r->piece)), name_of(v, r->piece),
		    bc_variant_piece_moves(v, BC_PIECE_TYPE(r->piece)));
		return o.len;
	case BC_REFUSE_NO_CASTLING:
		say(&o, "There is no castling in %s.", bc_variant_name(v));
		return o.len;
	case BC_REFUSE_CASTLE_KING_MOVED:
		say_castle(&o, r);
		say(&o, ": the king has moved.");
		return o.len;
	case BC_REFUSE_CASTLE_TOO_FAR:
		say_castle(&o, r);
		say(&o, ": the king castles 1 to %d squares toward the rook on "
		    "%s.", r->count, sq);
		return o.len;
	case BC_REFUSE_CASTLE_ROOK_MOVED:
		say_castle(&o, r);
		say(&o, ": the rook on %s has moved (or been taken).", sq);
		return o.len;
	case BC_REFUSE_CASTLE_BETWEEN:
		say_castle(&o, r);
		say(&o, ": the ");
		say_piece(&o, v, r->by, r->by_sq);
		say(&o, " stands between the king and the rook.");
		return o.len;
	case BC_REFUSE_CASTLE_IN_CHECK:
		say_castle(&o, r);
		say(&o, " out of check (from the ");
		say_piece(&o, v, r->by, r->by_sq);
		say(&o, ").");
		return o.len;
	case BC_REFUSE_CASTLE_THROUGH:
		say_castle(&o, r);
		say(&o, ": the king would pass %s, which the ", sq);
		say_piece(&o, v, r->by, r->by_sq);
		say(&o, " attacks.");
		return o.len;
	case BC_REFUSE_CASTLE_WRITTEN:
		say(&o, "The king's move from ");
		bc_square_to_text(r->from, sq, sizeof sq);
		say(&o, "%s to %s is castling, written %s-%d.", sq, to,
		    r->castle > 0 ? "O-O" : "O-O-O", abs(r->castle));
		return o.len;
	case BC_REFUSE_CASTLE_INTO:
		say_castle(&o, r);
		say(&o, ": the king would land on %s, in check from the ", to);
		say_piece(&o, v, r->by, r->by_sq);
		say(&o, ".");
		return o.len;
	default:
		break;
	}
	/* The rest are about the piece on `from`; without `to`, about all
	 * of its moves (a pick-up). */
	if (!r->to && r->code == BC_REFUSE_STILL_CHECK) {
		say(&o, "Your king is in check from the ");
		say_piece(&o, v, r->by, r->by_sq);
		say(&o, ", and no move of the ");
		say_piece(&o, v, r->piece, r->from);
		say(&o, " gets it out.");
		return o.len;
	}
	say(&o, "The ");
	say_piece(&o, v, r->piece, r->from);
	if (!r->to && r->code == BC_REFUSE_PINNED) {
		say(&o, " is pinned by the ");
		say_piece(&o, v, r->by, r->by_sq);
		say(&o, ": each of its moves would leave your king in check.");
		return o.len;
	}
	if (!r->to && r->code == BC_REFUSE_KING_ATTACKED) {
		say(&o, " has no safe square: each of its moves would put it "
		    "in check.");
		return o.len;
	}
	switch (r->code) {
	case BC_REFUSE_NO_MOVE:
		say(&o, " has no move here: it is blocked.");
		break;
	case BC_REFUSE_OWN_PIECE:
		say(&o, " cannot go to %s: your own %s stands there.", to,
		    name_of(v, r->target));
		break;
	case BC_REFUSE_NOT_THAT_WAY:
		bc_square_to_text(r->from, sq, sizeof sq);
		say(&o, " cannot go to %s: it cannot move to %s from %s (%s "
		    "%s: %s).", to, to, sq, article(name_of(v, r->piece)),
		    name_of(v, r->piece),
		    bc_variant_piece_moves(v, BC_PIECE_TYPE(r->piece)));
		break;
	case BC_REFUSE_BLOCKED:
		say(&o, " cannot go to %s: the ", to);
		say_piece(&o, v, r->by, r->by_sq);
		say(&o, " is in the way.");
		break;
	case BC_REFUSE_MOVE_ONLY:
		say(&o, " cannot take on %s: it goes that way only to an empty "
		    "square.", to);
		break;
	case BC_REFUSE_CAPTURE_ONLY:
		say(&o, " cannot go to %s: it goes that way only to capture.",
		    to);
		break;
	case BC_REFUSE_CAPTURE_RANKS:
		say(&o, " cannot take on %s: it captures that way only on its "
		    "%d%s to %d%s ranks", to, r->rank_min,
		    r->rank_min == 1 ? "st" : r->rank_min == 2 ? "nd"
		    : r->rank_min == 3 ? "rd" : "th", r->rank_max,
		    r->rank_max == 1 ? "st" : r->rank_max == 2 ? "nd"
		    : r->rank_max == 3 ? "rd" : "th");
		if (r->rank_max == bc_variant_ranks(v) &&
		    r->rank_min == bc_variant_ranks(v) / 2 + 1)
			say(&o, " (the enemy half), never in its own half");
		say(&o, ".");
		break;
	case BC_REFUSE_CAPTURE_RULE:
		say(&o, " cannot take on %s: in %s, %s.", to,
		    bc_variant_name(v), v->def->capture_text
		    ? v->def->capture_text : "that capture is not allowed");
		break;
	case BC_REFUSE_CONFINED:
		say(&o, " cannot go to %s: it never leaves its castle.", to);
		break;
	case BC_REFUSE_FLY_ONE_BETWEEN:
		say(&o, " cannot fly to %s: a third square needs two pieces or "
		    "none between, and only the ", to);
		say_piece(&o, v, r->by, r->by_sq);
		say(&o, " is between.");
		break;
	case BC_REFUSE_NO_PROMOTION:
		say(&o, " does not promote on %s.", to);
		break;
	case BC_REFUSE_PROMO_TYPE:
		say(&o, " cannot become %s %s.",
		    article(name_of(v, (bc_piece)r->promo)),
		    name_of(v, (bc_piece)r->promo));
		break;
	case BC_REFUSE_PROMO_UNLOST:
		say(&o, " cannot become %s %s: it may become only a piece "
		    "its side has lost, and %s still has ",
		    article(name_of(v, (bc_piece)r->promo)),
		    name_of(v, (bc_piece)r->promo), side_name[side]);
		if (r->count == 1)
			say(&o, "its %s.", name_of(v, (bc_piece)r->promo));
		else
			say(&o, "%d %ss.", r->count,
			    name_of(v, (bc_piece)r->promo));
		break;
	case BC_REFUSE_PROMO_NONE:
		say(&o, " cannot go to %s: it would have to promote there, and "
		    "%s has lost no piece to promote to.", to,
		    side_name[side]);
		break;
	case BC_REFUSE_PINNED:
		say(&o, " is pinned by the ");
		say_piece(&o, v, r->by, r->by_sq);
		say(&o, ": moving it to %s would leave your king in check.",
		    to);
		break;
	case BC_REFUSE_KING_ATTACKED:
		say(&o, " cannot go to %s: the ", to);
		say_piece(&o, v, r->by, r->by_sq);
		say(&o, " would give check there.");
		break;
	case BC_REFUSE_STILL_CHECK:
		say(&o, " to %s leaves your king in check from the ", to);
		say_piece(&o, v, r->by, r->by_sq);
		say(&o, ".");
		break;
	default:
		say(&o, " cannot go to %s.", to);
		break;
	}
	return o.len;
}
