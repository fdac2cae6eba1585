/*
 * piece_info.c - the piece-info key (i): names the piece under the
 * cursor, says in one line how it moves, and marks the squares it can
 * reach; pressed again on the same piece, the squares it would reach from
 * there with the board otherwise empty; a third time, it is cleared.
 *
 * Every square comes from the rules library's legal moves.  A piece of
 * the side not to move is asked as if it were its turn (the same
 * position with the other side to move).  The empty board cannot be
 * empty, since a position needs both kings: the kings go to squares from
 * a short list (the corners first, and next to them; in Chad, their
 * castles) in every arrangement the rules accept, and the piece's moves
 * are the union over all of them.  A king can only take squares away from
 * a piece, never add one, and with a dozen spots a side some arrangement
 * leaves the way to each square clear, so the union is the empty-board
 * pattern (tests/check_inhelp.c counts some by hand).
 */
#include <ctype.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "terminal.h"
#include "ui_state.h"
#include "wrap.h"

static const char *const side_name[2] = { "White", "Black" };

/* How each piece moves, by variant and letter, in the words of the man
 * pages (bigchess-grand(6), bigchess-chad(6), bigchess-hadean(6)). */
static const struct {
	bc_variant_id variant;
	char letter;
	const char *text;
} moves_text[] = {
	{ BC_VARIANT_GRAND, 'K', "one step in any direction" },
	{ BC_VARIANT_GRAND, 'Q', "slides any distance along ranks, files and "
	    "diagonals" },
	{ BC_VARIANT_GRAND, 'R', "slides any distance along ranks and files" },
	{ BC_VARIANT_GRAND, 'B', "slides any distance along diagonals" },
	{ BC_VARIANT_GRAND, 'N', "leaps two squares one way and one the "
	    "other, over anything" },
	{ BC_VARIANT_GRAND, 'C', "moves as a rook or leaps as a knight" },
	{ BC_VARIANT_GRAND, 'A', "moves as a bishop or leaps as a knight" },
	{ BC_VARIANT_GRAND, 'P', "steps forward (two from its start rank), "
	    "takes diagonally forward; on its last three ranks it may become "
	    "a piece its side has lost" },
	{ BC_VARIANT_CHAD, 'K', "one step in any direction or a knight's "
	    "leap, never out of its castle" },
	{ BC_VARIANT_CHAD, 'R', "slides along ranks and files; takes only "
	    "from the enemy wall into the enemy castle, or from its castle "
	    "onto its own wall; becomes a queen in the enemy castle" },
	{ BC_VARIANT_CHAD, 'Q', "slides along ranks, files and diagonals; "
	    "takes only from the enemy wall into the enemy castle, or from "
	    "its castle onto its own wall" },
	{ BC_VARIANT_HADEAN, 'K', "one step in any direction; castles 1-4 "
	    "squares toward the l-file rook or 1-5 toward the a-file rook" },
	{ BC_VARIANT_HADEAN, 'Q', "slides any distance along ranks, files "
	    "and diagonals" },
	{ BC_VARIANT_HADEAN, 'R', "slides any distance along ranks and "
	    "files" },
	{ BC_VARIANT_HADEAN, 'B', "slides any distance along diagonals" },
	{ BC_VARIANT_HADEAN, 'P', "steps forward, 2 or 3 at once while it "
	    "stays within its 6th rank; takes diagonally forward, and en "
	    "passant; promotes on the last rank" },
	{ BC_VARIANT_HADEAN, 'J', "steps forward or sideways; in its own "
	    "half runs forward up to its 6th rank; takes diagonally forward, "
	    "in the enemy half also sideways; promotes on the last rank" },
	{ BC_VARIANT_HADEAN, 'E', "flies 1-3 squares diagonally: the 2nd over "
	    "anything, the 3rd over two pieces or none" },
	{ BC_VARIANT_HADEAN, 'M', "flies 1-3 squares along ranks and files: "
	    "the 2nd over anything, the 3rd over two pieces or none" },
	{ BC_VARIANT_HADEAN, 'F', "one diagonal step, or a knight's leap" },
	{ BC_VARIANT_HADEAN, 'W', "one step along a rank or file, or a "
	    "knight's leap" },
	{ BC_VARIANT_HADEAN, 'S', "one diagonal step, or a zebra's leap "
	    "(three squares one way, two the other)" },
	{ BC_VARIANT_HADEAN, 'Z', "one step along a rank or file, or a "
	    "zebra's leap (three squares one way, two the other)" },
};

const char *
piece_info_describe(const bc_variant *v, int type)
{
	char letter = bc_variant_piece_letter(v, type);

	for (size_t i = 0; i < sizeof moves_text / sizeof moves_text[0]; i++)
		if (moves_text[i].variant == bc_variant_id_of(v) &&
		    moves_text[i].letter == letter)
			return moves_text[i].text;
	return NULL;
}

/* "White Ninja Pawn (J)" */
static void
piece_title(const bc_variant *v, bc_piece piece, char *buf, size_t size)
{
	int type = BC_PIECE_TYPE(piece);
	size_t n;

	n = (size_t)snprintf(buf, size, "%s %s (%c)",
	    side_name[BC_PIECE_COLOR(piece)], bc_variant_piece_name(v, type),
	    bc_variant_piece_letter(v, type));
	for (size_t i = 1; i < n && i < size; i++)
		if (buf[i - 1] == ' ' && buf[i] != '(')
			buf[i] = (char)toupper((unsigned char)buf[i]);
}

void
piece_info_clear(struct ui *ui)
{
	ui->info.on = false;
	ui->info.pattern = false;
}

/* Marks the destinations of the legal moves from `sq` in `pos`. */
static void
mark_moves(struct piece_info *in, const bc_position *pos, bc_square sq)
{
	bc_move_list *list = malloc(sizeof *list);

	if (!list)
		return;
	bc_movegen_legal(pos, list);
	for (int i = 0; i < list->count; i++) {
		int to = BC_MOVE_TO(list->moves[i]);

		if (BC_MOVE_FROM(list->moves[i]) == sq && !in->reach[to]) {
			in->reach[to] = true;
			in->count++;
		}
	}
	free(list);
}

/*
 * `pos` with the other side to move (and no en passant), through FEN so
 * that the rules library checks it; false if it rejects it (the side to
 * move is in check).
 */
static bool
turned(const bc_position *pos, bc_position *out)
{
	char fen[BC_FEN_MAX + 8], *side, *ep, *rest;
	char other[2 * BC_FEN_MAX + 16];

	bc_position_to_fen(pos, fen, sizeof fen);
	if (!(side = strchr(fen, ' ')) || !(ep = strchr(side + 1, ' ')) ||
	    !(ep = strchr(ep + 1, ' ')))
		return false;
	rest = strchr(ep + 1, ' ');
	side[1] = side[1] == 'w' ? 'b' : 'w';
	*ep = '\0';
	snprintf(other, sizeof other, "%s -%s", fen, rest ? rest : "");
	return bc_position_from_fen(out, pos->variant, other, NULL) == BC_OK;
}

enum { SPOTS_MAX = 16 };

/*
 * The squares the kings of colour `color` may stand on for the empty
 * board: Chad's castle, elsewhere the corners and the squares next to
 * them along the edges.
 */
static int
king_spots(const bc_variant *v, int color, bc_square *out)
{
	int files = bc_variant_files(v), ranks = bc_variant_ranks(v), n = 0;
	static const int near[][2] = { { 0, 0 }, { 1, 0 }, { 0, 1 } };

	if (bc_variant_id_of(v) == BC_VARIANT_CHAD) {
		unsigned want = color == BC_WHITE ? BC_REGION_CASTLE_WHITE
		                                  : BC_REGION_CASTLE_BLACK;

		for (int r = 0; r < ranks; r++)
			for (int f = 0; f < files; f++)
				if ((bc_variant_region(v, f, r) & want) &&
				    n < SPOTS_MAX)
					out[n++] = BC_SQUARE(f, r);
		return n;
	}
	for (size_t k = 0; k < sizeof near / sizeof near[0]; k++)
		for (int corner = 0; corner < 4; corner++) {
			int f = corner & 1 ? files - 1 - near[k][0] : near[k][0];
			int r = corner & 2 ? ranks - 1 - near[k][1] : near[k][1];

			out[n++] = BC_SQUARE(f, r);
		}
	return n;
}

/* The FEN of a board holding only `pieces` (squares and codes). */
static void
fen_of(const bc_variant *v, const bc_square *sq, const bc_piece *pc, int n,
    int side, char *buf, size_t size)
{
	size_t len = 0;

	for (int r = bc_variant_ranks(v) - 1; r >= 0; r--) {
		int empty = 0;

		for (int f = 0; f < bc_variant_files(v); f++) {
			int i = 0;

			while (i < n && sq[i] != BC_SQUARE(f, r))
				i++;
			if (i == n) {
				empty++;
				continue;
			}
			if (empty)
				len += (size_t)snprintf(buf + len, size - len,
				    "%d", empty);
			empty = 0;
			len += (size_t)snprintf(buf + len, size - len, "%c",
			    BC_PIECE_COLOR(pc[i]) == BC_WHITE
			    ? bc_variant_piece_letter(v, BC_PIECE_TYPE(pc[i]))
			    : tolower((unsigned char)bc_variant_piece_letter(v,
			    BC_PIECE_TYPE(pc[i]))));
		}
		if (empty)
			len += (size_t)snprintf(buf + len, size - len, "%d",
			    empty);
		if (r)
			len += (size_t)snprintf(buf + len, size - len, "/");
	}
	snprintf(buf + len, size - len, " %c - - 0 1", side ? 'b' : 'w');
}

/* The union of the piece's moves over the kings' arrangements. */
static void
mark_pattern(struct piece_info *in, const bc_variant *v)
{
	int color = BC_PIECE_COLOR(in->piece);
	int king = bc_variant_piece_type(v, 'K');
	bool royal = BC_PIECE_TYPE(in->piece) == king;
	bc_square own[SPOTS_MAX], enemy[SPOTS_MAX];
	int n_own = royal ? 1 : king_spots(v, color, own);
	int n_enemy = king_spots(v, !color, enemy);

	for (int a = 0; a < n_own; a++)
		for (int b = 0; b < n_enemy; b++) {
			bc_square sq[3] = { in->sq, enemy[b], own[a] };
			bc_piece pc[3] = { in->piece,
				BC_PIECE(!color, king), BC_PIECE(color, king) };
			char fen[BC_FEN_MAX];
			bc_position pos;

			if (enemy[b] == in->sq ||
			    (!royal && (own[a] == in->sq || own[a] == enemy[b])))
				continue;
			fen_of(v, sq, pc, royal ? 2 : 3, color, fen, sizeof fen);
			if (bc_position_from_fen(&pos, v, fen, NULL) == BC_OK)
				mark_moves(in, &pos, in->sq);
		}
}

/* Fills ui->info for the piece on `sq`, as the game stands or alone. */
static void
compute(struct ui *ui, bc_square sq, bool pattern)
{
	struct piece_info *in = &ui->info;
	const bc_position *pos = play_view(&ui->play);
	bc_position other;

	memset(in->reach, 0, sizeof in->reach);
	in->count = 0;
	in->on = true;
	in->pattern = pattern;
	in->sq = sq;
	in->piece = pos->board[sq];
	if (pattern)
		mark_pattern(in, ui->play.variant);
	else if (BC_PIECE_COLOR(in->piece) == pos->side)
		mark_moves(in, pos, sq);
	else if (turned(pos, &other))
		mark_moves(in, &other, sq);
}

void
piece_info_status(const struct ui *ui, char *buf, size_t size)
{
	const struct piece_info *in = &ui->info;
	char title[64], at[8];

	buf[0] = '\0';
	if (!in->on)
		return;
	piece_title(ui->play.variant, in->piece, title, sizeof title);
	bc_square_to_text(in->sq, at, sizeof at);
	snprintf(buf, size, "%s on %s: %d square%s %s; i: %s.", title, at,
	    in->count, in->count == 1 ? "" : "s", in->pattern ?
	    "on an empty board" : "now", in->pattern ? "clear"
	    : "on an empty board");
}

int
piece_info_run(struct ui *ui)
{
	struct play *p = &ui->play;
	bc_square sq = BC_SQUARE(p->cursor_file, p->cursor_rank);
	const bc_position *pos = play_view(p);
	char at[8], status[160];

	bc_square_to_text(sq, at, sizeof at);
	if (pos->board[sq] == BC_EMPTY) {
		piece_info_clear(ui);
		ui_say(ui, "%s is empty: i names the piece under the cursor.",
		    at);
		return UI_DRAW;
	}
	if (ui->info.on && ui->info.sq == sq && ui->info.pattern) {
		piece_info_clear(ui);
		ui_say(ui, "Piece info cleared.");
		return UI_DRAW;
	}
	p->selected = 0;
	compute(ui, sq, ui->info.on && ui->info.sq == sq);
	if (!ui->info.pattern && ui->info.count == 0 &&
	    BC_PIECE_COLOR(pos->board[sq]) != pos->side &&
	    bc_position_in_check(pos)) {
		piece_info_status(ui, status, sizeof status);
		ui_say(ui, "%s (while %s is in check, not shown)", status,
		    side_name[pos->side]);
		return UI_DRAW;
	}
	piece_info_status(ui, status, sizeof status);
	ui_say(ui, "%s", status);
	return UI_DRAW;
}

bool
piece_info_marks(const struct ui *ui, bc_square sq)
{
	return ui->info.on && ui->info.reach[sq];
}

bc_piece
piece_info_shown(const struct ui *ui, bc_square sq)
{
	if (ui->info.on && ui->info.pattern)
		return sq == ui->info.sq ? ui->info.piece : BC_EMPTY;
	return play_view(&ui->play)->board[sq];
}

/* Writes `text` word-wrapped into `width` columns from row `y`, at most
 * `rows` rows; returns the rows used. */
static int
wrap(const struct ui *ui, int y, int rows, const char *text)
{
	const struct layout *l = &ui->layout;
	int used = 0, width = l->panel_w;

	while (text && *text && used < rows) {
		const char *next;
		size_t len = wrap_next(text, width, &next);
		char line[256];

		snprintf(line, sizeof line, "%.*s", (int)len, text);
		term_put(y + used, l->panel_x, ui_style(ui, ROLE_TEXT), line,
		    width);
		used++;
		text = next;
	}
	return used;
}

/*
 * The side panel's move list gives way to the piece: its name, how it
 * moves, what is marked.  Returns the rows used from `y`.
 */
int
piece_info_panel_draw(const struct ui *ui, int y, int rows)
{
	const struct piece_info *in = &ui->info;
	const bc_variant *v = ui->play.variant;
	const struct layout *l = &ui->layout;
	const char *moves = piece_info_describe(v, BC_PIECE_TYPE(in->piece));
	char title[64], line[96];
	int n = 0;

	if (!in->on || rows <= 0)
		return 0;
	piece_title(v, in->piece, title, sizeof title);
	term_put(y, l->panel_x, ui_style(ui, ROLE_HEADING), title, l->panel_w);
	n++;
	if (moves)
		n += wrap(ui, y + n, rows - n, moves);
	if (n < rows) {
		snprintf(line, sizeof line, "%d marked: %s", in->count,
		    in->pattern ? "on an empty board" : "its moves now");
		term_put(y + n++, l->panel_x, ui_style(ui, ROLE_COORD), line,
		    l->panel_w);
	}
	return n;
}
