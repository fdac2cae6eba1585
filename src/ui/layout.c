/*
 * layout.c - game-screen geometry.
 *
 * Cells grow in steps (3x1, 5x2, 7x3 characters: about square on common
 * fonts) to the largest step that leaves room for the panel.
 */
#include "layout.h"

static const struct {
	int w, h;
} cell_sizes[] = { { 3, 1 }, { 5, 2 }, { 7, 3 } };

enum { TITLE_ROWS = 1, BOTTOM_ROWS = 2, FILE_ROW = 1, GAP = 1 };

static void
size_for(int files, int ranks, int cw, int ch, int *rows, int *cols)
{
	*rows = TITLE_ROWS + ranks * ch + 2 + FILE_ROW + BOTTOM_ROWS;
	*cols = LABEL_WIDTH + files * cw + 2 + GAP + PANEL_MIN_WIDTH;
}

void
layout_compute(struct layout *l, int files, int ranks, int rows, int cols)
{
	int need_rows, need_cols, pick = 0;

	l->files = files;
	l->ranks = ranks;
	l->hex = false;
	l->half_w = 0;
	size_for(files, ranks, cell_sizes[0].w, cell_sizes[0].h, &l->min_rows,
	    &l->min_cols);
	l->fits = rows >= l->min_rows && cols >= l->min_cols;
	for (int i = 1; i < (int)(sizeof cell_sizes / sizeof cell_sizes[0]);
	     i++) {
		size_for(files, ranks, cell_sizes[i].w, cell_sizes[i].h,
		    &need_rows, &need_cols);
		if (rows >= need_rows && cols >= need_cols)
			pick = i;
	}
	l->cell_w = cell_sizes[pick].w;
	l->cell_h = cell_sizes[pick].h;
	l->frame_y = TITLE_ROWS;
	l->frame_x = LABEL_WIDTH;
	l->frame_h = ranks * l->cell_h + 2;
	l->frame_w = files * l->cell_w + 2;
	l->board_y = l->frame_y + 1;
	l->board_x = l->frame_x + 1;
	l->panel_y = TITLE_ROWS;
	l->panel_x = l->frame_x + l->frame_w + GAP;
	l->panel_w = cols - l->panel_x;
	l->status_y = rows - 2;
	l->hint_y = rows - 1;
	l->panel_h = l->status_y - l->panel_y;
}

void
layout_cell(const struct layout *l, int bottom, int file, int rank, int *y,
    int *x)
{
	int col = bottom == 0 ? file : l->files - 1 - file;
	int row = bottom == 0 ? l->ranks - 1 - rank : rank;

	*y = l->board_y + row * l->cell_h;
	*x = l->board_x + col * l->cell_w;
}

bool
layout_square_at(const struct layout *l, int bottom, int y, int x,
    int *file, int *rank)
{
	int col, row;

	if (y < l->board_y || x < l->board_x)
		return false;
	col = (x - l->board_x) / l->cell_w;
	row = (y - l->board_y) / l->cell_h;
	if (col >= l->files || row >= l->ranks)
		return false;
	*file = bottom == 0 ? col : l->files - 1 - col;
	*rank = bottom == 0 ? l->ranks - 1 - row : row;
	return true;
}
