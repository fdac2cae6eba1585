/*
 * layout.h - where the game screen's parts go for a terminal size: the
 * board (with cells as large as fit), the side panel, the status and hint
 * lines.  Recomputed on every resize; drawing only reads it.
 *
 *   row 0          title
 *   rows 1..       board frame, ranks, frame, file letters  | side panel
 *   rows-2         status line (messages, the ':' prompt)
 *   rows-1         hint line (keys)
 */
#ifndef BIGCHESS_UI_LAYOUT_H
#define BIGCHESS_UI_LAYOUT_H

#include <stdbool.h>

enum { PANEL_MIN_WIDTH = 28, LABEL_WIDTH = 3 };

struct layout {
	int files, ranks;
	int cell_w, cell_h;
	int board_y, board_x;  /* top-left cell of the board proper */
	int frame_y, frame_x;  /* the frame around it */
	int frame_h, frame_w;
	int panel_y, panel_x, panel_w, panel_h;
	int status_y, hint_y;
	int min_rows, min_cols; /* the smallest terminal that fits */
	bool fits;
	bool hex;      /* a hexagonal board: hex_layout.h places it */
	int half_w;    /* hex: columns from one cell to the next row's */
};

/* Lays out a `files` x `ranks` board on a `rows` x `cols` terminal. */
void layout_compute(struct layout *l, int files, int ranks, int rows,
    int cols);

/*
 * The screen position of the centre of square (file, rank) with colour
 * `bottom` at the bottom, and the top-left of its cell.
 */
void layout_cell(const struct layout *l, int bottom, int file, int rank,
    int *y, int *x);

/* The square at screen (y, x); false if none is there. */
bool layout_square_at(const struct layout *l, int bottom, int y, int x,
    int *file, int *rank);

#endif
