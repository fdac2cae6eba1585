/*
 * xboard_board.c - our board as XBoard names it (see xboard_board.h).
 *
 * Squares are written as XBoard writes them: files from a, ranks from 1,
 * except on a board of exactly 10 ranks (Grand Chess), where XBoard counts
 * ranks from 0 (engine-intf, "note that on boards with exactly 10 ranks,
 * counting of the ranks starts at 0"): our e10 is XBoard's e9, both ways.
 * Castling is the king's move from its square to its target; Hadean's
 * one-square castling, whose squares a plain king step shares, is written
 * as the king taking its own rook, as XBoard writes Chess960 castling.
 *
 * Chad and Hadean are variants XBoard does not know: after "variant chad"
 * the engine sends a "setup" line with the board size, a piece-to-char
 * table for XBoard's piece images and the start FEN, and a "piece" line
 * for each piece, since with Test Legality on XBoard checks every move
 * against the moves it believes the piece image has (a Chad king's
 * knight leap would otherwise forfeit the game).  It answers "lift" with
 * "highlight", the lifted piece's legal targets, since XBoard cannot
 * know Chad's capture zones or Hadean's flyers.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "xboard_board.h"

/* XBoard's piece types in the order its piece-to-char table lists them;
 * the last one is always the king.  Of these only the pawn and the lance
 * (L) promote in XBoard's eyes. */
static const char xb_piece_order[] = "PNBRQFEACWMOHIJGDVLSUK";
#define XB_LANCE 'L'

/*
 * XBoard's boards that are also ours, by our key: no "setup" is sent for
 * them.  This lists XBoard's variants, not ours: of XBoard 4.9's own
 * boards only Grand Chess is one of the registry's.  `zone` is how many
 * ranks at the far side XBoard takes every pawn move into for a
 * promotion (moves.c, GenPseudoLegal: Grand's 8th to 10th).
 */
static const struct xb_builtin {
	const char *key;
	int zone;
} xb_builtin[] = { { "grand", 3 } };

/*
 * Our Betza (the rules' descriptions) that XBoard reads otherwise, and
 * what to tell it instead: a description that allows every move of ours,
 * perhaps more (the engine refuses those; XBoard only must not refuse
 * ours).  XBoard's 'j' means "must jump over a piece", where our flyers
 * may jump; it knows no "within its own half" or "up to its 6th rank", and
 * it has no en passant in a description without 'e'.
 */
static const struct {
	const char *ours, *xboard;
} xb_betza[] = {
	{ "FjAjB3", "FAG" },             /* Hadean flying elephant */
	{ "WjDjR3", "WDH" },             /* Hadean flying warmachine */
	{ "fmWfmW2fmW3fcF", "fmW3fceF" }, /* Hadean pawn */
	{ "fsmWfmRfcF", "fmRsWfcF" },    /* Hadean ninja pawn */
};

void
xb_square_text(const bc_variant *v, bc_square sq, char *buf, size_t size)
{
	int rank = BC_RANK(sq) + (bc_variant_ranks(v) == 10 ? 0 : 1);

	snprintf(buf, size, "%c%d", 'a' + BC_FILE(sq), rank);
}

bc_square
xb_square_parse(const bc_variant *v, const char **s)
{
	const char *p = *s;
	int file, rank = 0, digits = 0;

	if (*p < 'a' || *p > 'z')
		return 0;
	file = *p++ - 'a';
	while (*p >= '0' && *p <= '9' && digits < 3) {
		rank = rank * 10 + (*p++ - '0');
		digits++;
	}
	if (!digits || (*p >= '0' && *p <= '9'))
		return 0;
	if (bc_variant_ranks(v) != 10)
		rank--;
	if (file >= bc_variant_files(v) || rank < 0 ||
	    rank >= bc_variant_ranks(v))
		return 0;
	*s = p;
	return BC_SQUARE(file, rank);
}

/* The square of the rook that castling `m` moves: the first piece from
 * the king in the direction it goes. */
static bc_square
castle_rook(const bc_position *pos, bc_move m)
{
	int step = BC_MOVE_TO(m) > BC_MOVE_FROM(m) ? 1 : -1;
	bc_square sq = BC_MOVE_FROM(m) + step;

	while (pos->board[sq] == BC_EMPTY)
		sq += step;
	return sq;
}

/* The XBoard target square of `m`: a one-square castle goes onto the
 * rook; everything else to where the piece lands. */
static bc_square
xb_target(const bc_position *pos, bc_move m)
{
	if (BC_MOVE_KIND(m) == BC_MOVE_CASTLE &&
	    abs(BC_MOVE_TO(m) - BC_MOVE_FROM(m)) == 1)
		return castle_rook(pos, m);
	return BC_MOVE_TO(m);
}

/* XBoard's own board that is `v`, or NULL. */
static const struct xb_builtin *
xb_builtin_of(const bc_variant *v)
{
	for (size_t i = 0; i < sizeof xb_builtin / sizeof xb_builtin[0]; i++)
		if (strcmp(bc_variant_key(v), xb_builtin[i].key) == 0)
			return &xb_builtin[i];
	return NULL;
}

/*
 * Whether `m`, promoting to nothing, is a pawn's move into XBoard's
 * promotion zone: Grand's pawn that stays a pawn on the 8th or 9th rank.
 * XBoard 4.9.1 reads such a move in coordinates as a promotion and, with
 * no letter, makes it a queen (parser.c, a fully given move); in SAN it
 * keeps the pawn (moves.c, Disambiguate: "no default in Grand Chess").
 */
static bool
xb_stays_pawn(const bc_position *pos, bc_move m)
{
	const bc_variant *v = pos->variant;
	const struct xb_builtin *known = xb_builtin_of(v);
	int zone = known ? known->zone : 0;
	int rank = BC_RANK(BC_MOVE_TO(m));
	int type = BC_PIECE_TYPE(pos->board[BC_MOVE_FROM(m)]);

	if (!zone || BC_MOVE_PROMO(m) || BC_MOVE_KIND(m) == BC_MOVE_CASTLE ||
	    !(bc_variant_piece_flags(v, type) & BC_PIECE_PAWN))
		return false;
	return pos->side == BC_WHITE ? rank >= bc_variant_ranks(v) - zone
	                             : rank < zone;
}

void
xb_move_text(const bc_position *pos, bc_move m, char *buf, size_t size)
{
	const bc_variant *v = pos->variant;
	char from[16], to[16];
	int promo = BC_MOVE_PROMO(m);

	xb_square_text(v, BC_MOVE_FROM(m), from, sizeof from);
	xb_square_text(v, xb_target(pos, m), to, sizeof to);
	if (xb_stays_pawn(pos, m)) {
		/* The pawn's SAN: a pawn reaches a square ahead by one
		 * file's push, or diagonally by a capture. */
		if (BC_FILE(BC_MOVE_FROM(m)) == BC_FILE(BC_MOVE_TO(m)))
			snprintf(buf, size, "%s", to);
		else
			snprintf(buf, size, "%cx%s", from[0], to);
	} else if (promo)
		snprintf(buf, size, "%s%s%c", from, to,
		    bc_variant_piece_letter(v, promo) - 'A' + 'a');
	else
		snprintf(buf, size, "%s%s", from, to);
}

int
xb_move_parse(const bc_position *pos, const char *text, bc_move *out)
{
	const bc_variant *v = pos->variant;
	const char *p = text;
	bc_square from, to;
	int promo = 0;
	bc_move found = BC_MOVE_NONE;
	bool several = false;
	bc_move_list list;

	from = xb_square_parse(v, &p);
	to = from ? xb_square_parse(v, &p) : 0;
	if (!to)
		return bc_move_parse(pos, text, out, NULL);
	if (*p == '=')
		p++;
	if (*p) {
		promo = bc_variant_piece_type(v, *p);
		if (!promo || p[1])
			return BC_ESYNTAX;
	}
	bc_movegen_legal(pos, &list);
	for (int i = 0; i < list.count; i++) {
		bc_move m = list.moves[i];

		/* A plain king step and a one-square castle share their
		 * squares; the castle is written onto the rook. */
		if (BC_MOVE_FROM(m) != from || xb_target(pos, m) != to)
			continue;
		if (BC_MOVE_PROMO(m) == promo) {
			*out = m;
			return BC_OK;
		}
		/* Without a letter, a promotion with one choice (Chad's
		 * queen, Grand's one lost type) is still the move. */
		if (!*p) {
			several = found != BC_MOVE_NONE;
			found = m;
		}
	}
	if (!*p && found && !several) {
		*out = found;
		return BC_OK;
	}
	return several ? BC_EAMBIGUOUS : BC_EILLEGAL;
}

/* Puts the letter of type `t` of `v` into slot `slot` of `buf` if that
 * slot is free; true if it did. */
static bool
take_slot(const bc_variant *v, int t, char *buf, int slot)
{
	if (buf[slot] != '.')
		return false;
	buf[slot] = bc_variant_piece_letter(v, t);
	return true;
}

/* A pawn of a letter other than P that promotes: XBoard lets only its
 * pawn and its lance promote, so it shows as the lance. */
static bool
wants_lance(const bc_variant *v, int t)
{
	unsigned flags = bc_variant_piece_flags(v, t);

	return (flags & BC_PIECE_PROMOTES) && (flags & BC_PIECE_PAWN) &&
	    bc_variant_piece_letter(v, t) != 'P';
}

/*
 * The piece-to-char table of `v` for "setup": each of XBoard's piece
 * types gets the letter of ours that it shows, or '.'; white, then black.
 * A letter goes to XBoard's type of that letter, a letter XBoard has no
 * piece of to a type the variant leaves unused (never the pawn's).
 */
static void
piece_table(const bc_variant *v, char *buf)
{
	int n = (int)strlen(xb_piece_order);
	int lance = (int)(strchr(xb_piece_order, XB_LANCE) - xb_piece_order);
	bool placed[BC_MAX_TYPES] = { false };

	memset(buf, '.', (size_t)n);
	buf[n - 1] = 'K';
	for (int t = 1; t <= bc_variant_piece_types(v); t++) {
		const char *slot = strchr(xb_piece_order,
		    bc_variant_piece_letter(v, t));

		if (bc_variant_piece_flags(v, t) & BC_PIECE_ROYAL)
			placed[t] = true; /* the king's slot, already set */
		else if (wants_lance(v, t))
			placed[t] = take_slot(v, t, buf, lance);
		else if (slot)
			placed[t] = take_slot(v, t, buf,
			    (int)(slot - xb_piece_order));
	}
	for (int t = 1; t <= bc_variant_piece_types(v); t++)
		for (int i = 1; !placed[t] && i < n - 1; i++)
			if (i != lance)
				placed[t] = take_slot(v, t, buf, i);
	for (int i = 0; i < n; i++)
		buf[n + i] = buf[i] == '.' ? '.' : (char)(buf[i] - 'A' + 'a');
	buf[(size_t)2 * (size_t)n] = '\0';
}

/* The description of type `t` of `v` in XBoard's reading of Betza. */
static const char *
xb_piece_betza(const bc_variant *v, int t)
{
	const char *ours = bc_variant_piece_betza(v, t);

	for (size_t i = 0; i < sizeof xb_betza / sizeof xb_betza[0]; i++)
		if (strcmp(ours, xb_betza[i].ours) == 0)
			return xb_betza[i].xboard;
	return ours;
}

void
xb_describe_variant(const bc_variant *v,
    void (*line)(void *arg, const char *text), void *arg)
{
	char table[2 * sizeof xb_piece_order];
	char text[XB_DESCRIBE_LINE];

	if (xb_builtin_of(v))
		return;
	piece_table(v, table);
	snprintf(text, sizeof text, "setup (%s) %dx%d+0_fairy %s", table,
	    bc_variant_files(v), bc_variant_ranks(v), bc_variant_start_fen(v));
	line(arg, text);
	/* A piece whose image is XBoard's piece of its letter and whose
	 * moves are one Betza letter, that same letter (Q, R, B, N, the
	 * king), moves as XBoard's own: no line, which keeps XBoard's
	 * castling for the king. */
	for (int t = 1; t <= bc_variant_piece_types(v); t++) {
		const char *betza = xb_piece_betza(v, t);
		char letter = bc_variant_piece_letter(v, t);
		const char *slot = strchr(xb_piece_order, letter);

		if (!*betza || (betza[0] == letter && !betza[1] && slot &&
		    table[slot - xb_piece_order] == letter))
			continue;
		snprintf(text, sizeof text, "piece %c& %s", letter, betza);
		line(arg, text);
	}
}

void
xb_highlight(const bc_position *pos, bc_square from, char *buf)
{
	const bc_variant *v = pos->variant;
	char mark[BC_CELLS] = { 0 };
	size_t len = 0;
	bc_move_list list;

	bc_movegen_legal(pos, &list);
	for (int i = 0; i < list.count; i++) {
		bc_move m = list.moves[i];
		bc_square to = xb_target(pos, m);
		int kind = BC_MOVE_KIND(m);

		if (BC_MOVE_FROM(m) != from)
			continue;
		if (mark[to])
			mark[to] = 'M';
		else
			mark[to] = kind == BC_MOVE_CAPTURE ||
			        kind == BC_MOVE_EN_PASSANT ||
			        kind == BC_MOVE_PASSING ? 'R' : 'Y';
	}
	for (int r = bc_variant_ranks(v) - 1; r >= 0; r--) {
		int empty = 0;

		for (int f = 0; f < bc_variant_files(v); f++) {
			char c = mark[BC_SQUARE(f, r)];

			if (!c) {
				empty++;
				continue;
			}
			if (empty)
				len += (size_t)snprintf(buf + len,
				    XB_BOARD_TEXT - len, "%d", empty);
			empty = 0;
			buf[len++] = c;
		}
		if (empty)
			len += (size_t)snprintf(buf + len, XB_BOARD_TEXT - len,
			    "%d", empty);
		if (r)
			buf[len++] = '/';
	}
	buf[len] = '\0';
}

int
xb_choice(const bc_position *pos, bc_square from, bc_square to, char *buf)
{
	const bc_variant *v = pos->variant;
	int len = 0;
	bc_move_list list;

	bc_movegen_legal(pos, &list);
	for (int i = 0; from && i < list.count; i++) {
		bc_move m = list.moves[i];

		if (BC_MOVE_FROM(m) != from || xb_target(pos, m) != to)
			continue;
		if (len < BC_MAX_TYPES)
			buf[len++] = BC_MOVE_PROMO(m)
			    ? bc_variant_piece_letter(v, BC_MOVE_PROMO(m))
			    : bc_variant_piece_letter(v,
			          BC_PIECE_TYPE(pos->board[from]));
	}
	buf[len] = '\0';
	return len;
}

bool
xb_fen_from_xboard(const bc_variant *v, char **tok, int n, char *fen,
    size_t size)
{
	size_t len = 0;

	fen[0] = '\0';
	for (int i = 0; i < n; i++) {
		const char *w = tok[i];
		bool ep = i == 3 && bc_variant_ranks(v) == 10;

		if (len + strlen(w) + 8 >= size)
			return false;
		if (len)
			fen[len++] = ' ';
		for (const char *p = w; *p; p++) {
			/* XBoard's e2 is our e3 on a 10-rank board. */
			if (ep && *p >= 'a' && *p <= 'z' && p[1] >= '0' &&
			    p[1] <= '9' && !(p[2] >= '0' && p[2] <= '9')) {
				len += (size_t)snprintf(fen + len, size - len,
				    "%c%d", *p, p[1] - '0' + 1);
				p++;
				continue;
			}
			fen[len++] = *p;
		}
		fen[len] = '\0';
	}
	return true;
}
