/*
 * hex_layout.h - the geometry of a hexagonal board (HexChad) on the
 * screen: where each cell goes, which cell is at a screen position, and
 * which cell is the neighbour in a screen direction.
 *
 * The board is drawn as a "brick" wall: the cells of a file form a
 * screen row (file a at the bottom for White), and each row is shifted
 * half a cell from the next.  This is Freeling's diagram turned a
 * twelfth of a turn, so that the 13 files fit 24 terminal rows with the
 * kings still one above the other's side: White's castle low, Black's
 * high.  In half-cell units a cell (x, y) (file, rank from 0) of a
 * board of radius r = (files - 1) / 2 sits on row R = x and at column
 * H = 2y - x + r; Black's view is the half turn.
 */
#ifndef BIGCHESS_UI_HEX_LAYOUT_H
#define BIGCHESS_UI_HEX_LAYOUT_H

#include <stdbool.h>

#include "bigchess/variant.h"
#include "layout.h"

/* Lays out hex board `v` on a `rows` x `cols` terminal (l->hex is set). */
void hex_layout_compute(struct layout *l, const bc_variant *v, int rows,
    int cols);

/* The screen row and column (half-cell units, see above) of cell
 * (file, rank) with colour `bottom` at the bottom; rows count up. */
void hex_layout_grid(int files, int bottom, int file, int rank, int *row,
    int *col);

/* The cell at grid (row, col), or false if there is none there. */
bool hex_layout_grid_cell(const bc_variant *v, int bottom, int row, int col,
    int *file, int *rank);

/* The top-left character of cell (file, rank) as layout_cell gives it. */
void hex_layout_cell(const struct layout *l, int bottom, int file, int rank,
    int *y, int *x);

/* The cell drawn at screen (y, x); false if none is there. */
bool hex_layout_cell_at(const struct layout *l, const bc_variant *v,
    int bottom, int y, int x, int *file, int *rank);

/*
 * The neighbour of (*file, *rank) in screen direction (dx, dy), each -1,
 * 0 or 1 as keys_direction gives them: left and right along the row, the
 * four slanted keys to the four slanted edge neighbours, and up and down
 * to the cells above or below, zigzagging so that repeated presses keep
 * to one screen column.  False, and nothing changed, at the edge.
 */
bool hex_layout_step(const bc_variant *v, int bottom, int *file, int *rank,
    int dx, int dy);

#endif
