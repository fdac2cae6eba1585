/*
 * screen_small.c - shown instead of everything else while the terminal is
 * smaller than the screens need; the game goes on underneath.
 */
#include <stdio.h>
#include <string.h>

#include "terminal.h"
#include "ui_state.h"

static void
small_draw(const struct ui *ui)
{
	char line[128];
	int len;

	snprintf(line, sizeof line, "Terminal too small %s need %dx%d",
	    ui->glyphs->dash, ui->need_cols, ui->need_rows);
	len = (int)strlen(line);
	term_put(ui->rows / 2, len < ui->cols ? (ui->cols - len) / 2 : 0,
	    ui_style(ui, ROLE_ERROR), line, ui->cols);
	snprintf(line, sizeof line, "(now %dx%d): please enlarge it.",
	    ui->cols, ui->rows);
	len = (int)strlen(line);
	term_put(ui->rows / 2 + 1, len < ui->cols ? (ui->cols - len) / 2 : 0,
	    ui_style(ui, ROLE_TEXT), line, ui->cols);
	snprintf(line, sizeof line, "q quits (a game is saved).");
	len = (int)strlen(line);
	term_put(ui->rows / 2 + 2, len < ui->cols ? (ui->cols - len) / 2 : 0,
	    ui_style(ui, ROLE_TEXT), line, ui->cols);
}

static int
small_key(struct ui *ui, int key)
{
	(void)ui;
	/* A terminal that cannot grow must not trap the player. */
	return key == 'q' ? UI_QUIT : UI_BEEP;
}

const struct screen screen_small = {
	.name = "too small",
	.overlay = true,
	.draw = small_draw,
	.key = small_key,
};
