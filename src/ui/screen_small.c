/*
 * screen_small.c - shown instead of everything else while the terminal is
 * smaller than the screens need; the game goes on underneath.
 */
#include <stdio.h>
#include <string.h>

#include "terminal.h"
#include "ui_state.h"

/*
 * Puts the first of `n` texts that fits the width on row `y`, centred:
 * the texts go from the fullest to the shortest, so a tiny terminal
 * still shows the whole of the size it needs, never a cut number.
 */
static void
put_fitting(const struct ui *ui, int y, enum role role,
    const char *const *texts, int n)
{
	for (int i = 0; i < n; i++) {
		int len = (int)strlen(texts[i]);

		if (len <= ui->cols || i == n - 1) {
			term_put(y, len < ui->cols ? (ui->cols - len) / 2 : 0,
			    ui_style(ui, role), texts[i], ui->cols);
			return;
		}
	}
}

static void
small_draw(const struct ui *ui)
{
	char need[3][64], now[2][48];
	const char *needs[3] = { need[0], need[1], need[2] };
	const char *nows[2] = { now[0], now[1] };
	static const char *const quits[] = { "q quits (a game is saved).",
		"q quits." };
	int y = ui->rows / 2 - (ui->rows > 2);

	snprintf(need[0], sizeof need[0], "Terminal too small %s need %dx%d",
	    ui->glyphs->dash, ui->need_cols, ui->need_rows);
	snprintf(need[1], sizeof need[1], "need %dx%d", ui->need_cols,
	    ui->need_rows);
	snprintf(need[2], sizeof need[2], "%dx%d", ui->need_cols,
	    ui->need_rows);
	snprintf(now[0], sizeof now[0], "(now %dx%d): please enlarge it.",
	    ui->cols, ui->rows);
	snprintf(now[1], sizeof now[1], "now %dx%d", ui->cols, ui->rows);
	if (y < 0)
		y = 0;
	if ((int)strlen(need[2]) > ui->cols && ui->rows > 1) {
		/* Narrower than "70x18": the two numbers on two lines. */
		char *x = strchr(need[2], 'x');
		const char *top[1] = { need[2] }, *bottom[1] = { x };

		*x = '\0';
		put_fitting(ui, y, ROLE_ERROR, top, 1);
		*x = 'x';
		put_fitting(ui, y + 1, ROLE_ERROR, bottom, 1);
		return;
	}
	put_fitting(ui, y, ROLE_ERROR, needs, 3);
	if (y + 1 < ui->rows)
		put_fitting(ui, y + 1, ROLE_TEXT, nows, 2);
	if (y + 2 < ui->rows)
		put_fitting(ui, y + 2, ROLE_TEXT, quits, 2);
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
