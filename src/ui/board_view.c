/*
 * board_view.c - draws the board: frame, coordinates, squares, pieces and
 * highlights.
 *
 * A cell is cell_w x cell_h characters; its centre holds the piece and
 * the characters either side of the centre hold a marker: [ ] cursor,
 * < > picked-up piece, ! ! king in check, * * a capture the picked-up
 * piece can make (an empty destination shows * in the centre; a flying
 * ninja's that takes in passing is a capture too), x x a piece the move
 * to the square under the cursor would take, + + the squares of a hint.  Colours
 * (or, in monochrome, attributes) come on top from the theme, so every
 * highlight is visible in colour, in monochrome and in plain ASCII.
 */
#include <stdio.h>
#include <string.h>

#include "hex_layout.h"
#include "terminal.h"
#include "ui_state.h"

/* The square's own role: checkered, or the variant's regions (Chad's
 * castles and walls). */
static enum role
square_role(const bc_variant *v, int file, int rank, const char **empty,
    const struct glyphs *g)
{
	unsigned region = bc_variant_region(v, file, rank);

	if (bc_variant_has_regions(v)) {
		if (region & (BC_REGION_CASTLE_WHITE | BC_REGION_CASTLE_BLACK)) {
			*empty = g->empty_castle;
			return ROLE_SQ_CASTLE;
		}
		if (region & (BC_REGION_WALL_WHITE | BC_REGION_WALL_BLACK)) {
			*empty = g->empty_wall;
			return ROLE_SQ_WALL;
		}
		*empty = g->empty_field;
		return ROLE_SQ_FIELD;
	}
	if ((file + rank) % 2 == 0) {
		*empty = g->empty_dark;
		return ROLE_SQ_DARK;
	}
	*empty = g->empty_light;
	return ROLE_SQ_LIGHT;
}

struct cell {
	enum role highlight; /* ROLE_TEXT: none */
	const struct mark *mark;
	bool dest;
};

/* The piece-info key (piece_info.c) marks the game's board only, not a
 * lesson's. */
static bool
info_on(const struct ui *ui, const struct play *p)
{
	return p == &ui->play && ui->info.on;
}

/* The piece drawn on `sq`: piece info may show one piece alone. */
static bc_piece
shown(const struct ui *ui, const struct play *p, bc_square sq)
{
	return p == &ui->play ? piece_info_shown(ui, sq)
	    : play_view(p)->board[sq];
}

/* Which highlight and marker square `sq` gets; the first that applies. */
static struct cell
cell_state(const struct ui *ui, const struct play *p, bc_square sq)
{
	const struct glyphs *g = ui->glyphs;
	const bc_position *pos = play_view(p);
	bool alone = info_on(ui, p) && ui->info.pattern;
	bc_move last = alone ? BC_MOVE_NONE : play_view_last_move(p);
	bool check = !alone && sq == pos->king[pos->side] &&
	    bc_position_in_check(pos);
	struct cell c = { ROLE_TEXT, NULL, false };

	c.dest = play_is_destination(p, sq) ||
	    (info_on(ui, p) && piece_info_marks(ui, sq));
	if (sq == BC_SQUARE(p->cursor_file, p->cursor_rank)) {
		c.highlight = ROLE_CURSOR;
		c.mark = &g->cursor;
	} else if (sq == p->selected ||
	    (info_on(ui, p) && sq == ui->info.sq)) {
		c.highlight = ROLE_SELECTED;
		c.mark = &g->selected;
	} else if (check) {
		c.highlight = ROLE_CHECK;
		c.mark = &g->check;
	} else if (!alone && play_is_taken(p, sq)) {
		/* Taken by the move to the square under the cursor (a
		 * flying ninja takes what it passes over, too). */
		c.highlight = ROLE_CHECK;
		c.mark = &g->taken;
	} else if (c.dest) {
		bc_square taken[BC_MAX_CAPTURES];

		c.highlight = ROLE_DEST;
		if (shown(ui, p, sq) != BC_EMPTY ||
		    play_takes(p, sq, taken, BC_MAX_CAPTURES) > 0)
			c.mark = &g->capture;
	} else if (p == &ui->play && !p->reviewing &&
	    assist_is_hint(ui, sq)) {
		c.highlight = ROLE_SUGGESTED;
		c.mark = &g->suggested;
	} else if (last && (sq == BC_MOVE_FROM(last) ||
	    sq == BC_MOVE_TO(last))) {
		c.highlight = ROLE_LAST_MOVE;
	}
	return c;
}

static struct term_style
merge(const struct ui *ui, struct term_style base, enum role highlight)
{
	struct term_style h = ui_style(ui, highlight);

	if (highlight == ROLE_TEXT)
		return base;
	if (ui->theme->highlight_bg && h.bg != TERM_DEFAULT)
		base.bg = h.bg;
	base.attrs |= h.attrs;
	return base;
}

static void
draw_square(const struct ui *ui, const struct play *p,
    const struct layout *l, int file, int rank)
{
	bc_square sq = BC_SQUARE(file, rank);
	bc_piece piece = shown(ui, p, sq);
	const char *empty;
	struct cell c = cell_state(ui, p, sq);
	struct term_style bg = merge(ui, ui_style(ui, square_role(p->variant,
	    file, rank, &empty, ui->glyphs)), c.highlight);
	struct term_style fg = bg;
	int y, x, cy, cx;
	char text[8];

	if (l->hex) {
		/* Without a checkered pattern a hex board shows every empty
		 * cell, the castles and walls by their own characters. */
		static const char *const hex_empty[] = { ".", ":", "=" };
		enum role role = square_role(p->variant, file, rank, &empty,
		    ui->glyphs);

		empty = hex_empty[role == ROLE_SQ_CASTLE ? 1
		    : role == ROLE_SQ_WALL ? 2 : 0];
		hex_layout_cell(l, play_bottom(p), file, rank, &y, &x);
	} else {
		layout_cell(l, play_bottom(p), file, rank, &y, &x);
	}
	for (int i = 0; i < l->cell_h; i++)
		term_fill(y + i, x, l->cell_w, bg);
	cy = y + l->cell_h / 2;
	cx = x + l->cell_w / 2;
	if (piece != BC_EMPTY) {
		struct term_style ps = ui_style(ui, BC_PIECE_COLOR(piece) ==
		    BC_WHITE ? ROLE_PIECE_WHITE : ROLE_PIECE_BLACK);

		fg.fg = ps.fg;
		fg.attrs |= ps.attrs;
		term_put(cy, cx, fg, glyphs_piece(ui->glyphs, p->variant, piece,
		    ui->symbols, text), 1);
	} else {
		fg.fg = ui_style(ui, ROLE_MARK).fg;
		term_put(cy, cx, fg, c.dest ? ui->glyphs->dest : empty, 1);
	}
	if (c.mark) {
		struct term_style ms = bg;
		char m[2] = { 0, 0 };

		ms.fg = ui_style(ui, ROLE_MARK).fg;
		ms.attrs |= ui_style(ui, ROLE_MARK).attrs;
		m[0] = c.mark->left;
		term_put(cy, cx - 1, ms, m, 1);
		m[0] = c.mark->right;
		term_put(cy, cx + 1, ms, m, 1);
	}
}

/* A label in the ring of slots around a hex board: the slot of the
 * missing cell before the first one of its file or rank.  Two-digit
 * ranks grow away from the board. */
static void
hex_label(const struct ui *ui, const struct layout *l, int bottom,
    int file, int rank, const char *text)
{
	int y, x, len = (int)strlen(text);

	hex_layout_cell(l, bottom, file, rank, &y, &x);
	y += l->cell_h / 2;
	x += l->cell_w / 2;
	if (x - l->board_x < (l->files + 1) * l->half_w)
		x -= len - 1;
	term_put(y, x, ui_style(ui, ROLE_COORD), text, len);
}

static void
draw_hex(const struct ui *ui, const struct play *p, const struct layout *l)
{
	int bottom = play_bottom(p), last = l->files - 1, r = last / 2;
	char label[16];

	for (int f = 0; f < l->files; f++) {
		label[0] = (char)('a' + f);
		label[1] = '\0';
		hex_label(ui, l, bottom, f, (f > r ? f - r : 0) - 1, label);
	}
	for (int rk = 0; rk < l->ranks; rk++) {
		snprintf(label, sizeof label, "%d", rk + 1);
		hex_label(ui, l, bottom, bc_variant_rank_first_file(p->variant,
		    rk) - 1, rk, label);
		for (int f = 0; f < l->files; f++)
			if (bc_variant_cell_exists(p->variant, f, rk))
				draw_square(ui, p, l, f, rk);
	}
}

void
board_view_draw(const struct ui *ui)
{
	board_view_draw_play(ui, &ui->play, &ui->layout);
}

/* Draws the board of `p` (the game's, or a lesson's) as `l` lays it out. */
void
board_view_draw_play(const struct ui *ui, const struct play *p,
    const struct layout *l)
{
	int bottom = play_bottom(p);
	struct term_style coord = ui_style(ui, ROLE_COORD);
	char label[16];

	if (l->hex) {
		draw_hex(ui, p, l);
		return;
	}
	term_box(l->frame_y, l->frame_x, l->frame_h, l->frame_w,
	    ui_style(ui, ROLE_BORDER), ui->glyphs->lines);
	for (int r = 0; r < l->ranks; r++) {
		int y, x;

		layout_cell(l, bottom, 0, r, &y, &x);
		if (bottom == BC_BLACK)
			layout_cell(l, bottom, l->files - 1, r, &y, &x);
		snprintf(label, sizeof label, "%2d", r + 1);
		term_put(y + l->cell_h / 2, 0, coord, label, 2);
		for (int f = 0; f < l->files; f++)
			draw_square(ui, p, l, f, r);
	}
	for (int f = 0; f < l->files; f++) {
		int y, x;

		layout_cell(l, bottom, f, 0, &y, &x);
		label[0] = (char)('a' + f);
		label[1] = '\0';
		term_put(l->frame_y + l->frame_h, x + l->cell_w / 2, coord,
		    label, 1);
	}
}
