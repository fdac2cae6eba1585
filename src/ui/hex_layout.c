/*
 * hex_layout.c - hexagonal board geometry (hex_layout.h).
 *
 * Cells grow in steps: one character on a half-cell step of one (the
 * classic text hex board, which fits 80x24 with the panel), three
 * characters on a step of two, five characters by two rows on a step of
 * three.  A ring of slots around the board holds the file letters and
 * rank numbers, so the grid spans rows -1 .. files and columns -2 ..
 * 2 (files - 1) + 2, plus one character for two-digit ranks.
 */
#include <stdlib.h>

#include "hex_layout.h"

static const struct {
	int half, h;
} hex_sizes[] = { { 1, 1 }, { 2, 1 }, { 3, 2 } };

enum { TITLE_ROWS = 1, BOTTOM_ROWS = 2, GAP = 1, MARGIN = 1 };

/* The board's width and height in characters with half-cell step `half`
 * and cell height `h`. */
static void
board_size(int files, int half, int h, int *height, int *width)
{
	int cols = 2 * (files - 1) + 5;

	*height = (files + 2) * h;
	*width = MARGIN + cols * half + 1;
}

void
hex_layout_compute(struct layout *l, const bc_variant *v, int rows, int cols)
{
	int files = bc_variant_files(v), pick = 0, bh, bw;

	l->files = files;
	l->ranks = bc_variant_ranks(v);
	l->hex = true;
	board_size(files, hex_sizes[0].half, hex_sizes[0].h, &bh, &bw);
	l->min_rows = TITLE_ROWS + bh + BOTTOM_ROWS;
	l->min_cols = bw + GAP + PANEL_MIN_WIDTH;
	l->fits = rows >= l->min_rows && cols >= l->min_cols;
	for (int i = 1; i < (int)(sizeof hex_sizes / sizeof hex_sizes[0]);
	     i++) {
		board_size(files, hex_sizes[i].half, hex_sizes[i].h, &bh, &bw);
		if (rows >= TITLE_ROWS + bh + BOTTOM_ROWS &&
		    cols >= bw + GAP + PANEL_MIN_WIDTH)
			pick = i;
	}
	l->half_w = hex_sizes[pick].half;
	l->cell_h = hex_sizes[pick].h;
	l->cell_w = 2 * l->half_w - 1;
	board_size(files, l->half_w, l->cell_h, &bh, &bw);
	l->frame_y = l->frame_x = l->frame_h = l->frame_w = 0;
	l->board_y = TITLE_ROWS;
	l->board_x = MARGIN;
	l->panel_y = TITLE_ROWS;
	l->panel_x = bw + GAP;
	l->panel_w = cols - l->panel_x;
	l->status_y = rows - 2;
	l->hint_y = rows - 1;
	l->panel_h = l->status_y - l->panel_y;
}

void
hex_layout_grid(int files, int bottom, int file, int rank, int *row,
    int *col)
{
	int last = files - 1, r = last / 2;

	if (bottom != 0) {
		file = last - file;
		rank = last - rank;
	}
	*row = file;
	*col = 2 * rank - file + r;
}

bool
hex_layout_grid_cell(const bc_variant *v, int bottom, int row, int col,
    int *file, int *rank)
{
	int last = bc_variant_files(v) - 1, r = last / 2;
	int x = row, twice_y = col + row - r;

	if (twice_y < 0 || twice_y % 2 != 0)
		return false;
	if (bottom != 0) {
		x = last - x;
		twice_y = 2 * last - twice_y;
	}
	if (x < 0 || x > last || twice_y / 2 > last ||
	    !bc_variant_cell_exists(v, x, twice_y / 2))
		return false;
	*file = x;
	*rank = twice_y / 2;
	return true;
}

/* The screen position of grid slot (row, col): the cell's centre. */
static void
slot_centre(const struct layout *l, int row, int col, int *y, int *x)
{
	*y = l->board_y + (l->files - row) * l->cell_h + l->cell_h / 2;
	*x = l->board_x + (col + 2) * l->half_w;
}

void
hex_layout_cell(const struct layout *l, int bottom, int file, int rank,
    int *y, int *x)
{
	int row, col;

	hex_layout_grid(l->files, bottom, file, rank, &row, &col);
	slot_centre(l, row, col, y, x);
	*y -= l->cell_h / 2;
	*x -= l->cell_w / 2;
}

bool
hex_layout_cell_at(const struct layout *l, const bc_variant *v, int bottom,
    int y, int x, int *file, int *rank)
{
	int row, col, cy, cx;

	if (y < l->board_y || x < l->board_x)
		return false;
	row = l->files - (y - l->board_y) / l->cell_h;
	/* Of the two slots either side of x, only one can hold a cell of
	 * this row; a click on the gap between two cells picks neither. */
	for (col = (x - l->board_x) / l->half_w - 2;
	     col <= (x - l->board_x) / l->half_w - 1; col++) {
		slot_centre(l, row, col, &cy, &cx);
		if (abs(x - cx) <= l->half_w - 1 &&
		    hex_layout_grid_cell(v, bottom, row, col, file, rank))
			return true;
	}
	return false;
}

bool
hex_layout_step(const bc_variant *v, int bottom, int *file, int *rank,
    int dx, int dy)
{
	int files = bc_variant_files(v), row, col, f, r;

	hex_layout_grid(files, bottom, *file, *rank, &row, &col);
	if (dy == 0) {
		col += 2 * dx;
	} else if (dx != 0) {
		row += dy;
		col += dx;
	} else {
		/* Straight up or down: alternate the two slanted cells, so
		 * that Up then Down comes back, and at an edge take the
		 * other one. */
		int side = row % 2 == 0 ? 1 : -1;

		if (hex_layout_grid_cell(v, bottom, row + dy, col + side, &f,
		    &r)) {
			*file = f;
			*rank = r;
			return true;
		}
		row += dy;
		col -= side;
	}
	if (!hex_layout_grid_cell(v, bottom, row, col, &f, &r))
		return false;
	*file = f;
	*rank = r;
	return true;
}
