/*
 * piece_info.c - the piece-info key (i): names the piece under the
 * cursor, says in one line how it moves, and marks the squares it can
 * reach; pressed again on the same piece, the squares it would reach from
 * there with the board otherwise empty; a third time, it is cleared.
 *
 * Every square comes from the rules library: the legal moves now (for a
 * piece of the side not to move, of the same position with the other
 * side to move, bc_position_other_side), or the piece's reach on an empty
 * board (bc_piece_reach); the sentence on how it moves is the
 * descriptor's (bc_variant_piece_moves).
 */
#include <ctype.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "terminal.h"
#include "ui_state.h"
#include "wrap.h"

static const char *const side_name[2] = { "White", "Black" };

const char *
piece_info_describe(const bc_variant *v, int type)
{
	const char *moves = bc_variant_piece_moves(v, type);

	return *moves ? moves : NULL;
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

/* Marks the squares the piece reaches on an empty board. */
static void
mark_pattern(struct piece_info *in, const bc_variant *v)
{
	bc_square reach[BC_CELLS];
	int n = bc_piece_reach(v, in->piece, in->sq, reach, BC_CELLS);

	for (int i = 0; i < n && i < BC_CELLS; i++)
		if (!in->reach[reach[i]]) {
			in->reach[reach[i]] = true;
			in->count++;
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
	else if (bc_position_other_side(pos, &other) == BC_OK)
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
