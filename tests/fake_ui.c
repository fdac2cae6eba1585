/*
 * fake_ui.c - src/ui/terminal.h without curses, for the unit
 * suites that drive UI modules directly (check_autosave.c,
 * check_review_unit.c, check_actions.c): a screen of FAKE_ROWS x
 * FAKE_COLS that takes every call and shows nothing, and never a key.
 */
#include <check.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "fake_ui.h"
#include "test_util.h"
#include "ui/terminal.h"

int fake_term_rows = FAKE_ROWS, fake_term_cols = FAKE_COLS;
int fake_term_beeps;

int
term_open(bool want_color, struct term_caps *caps, char *err,
    size_t errsize)
{
	(void)want_color;
	caps->utf8 = false;
	caps->colors = 0;
	snprintf(err, errsize, "the fake terminal cannot be opened");
	return -1;
}

void
term_close(void)
{
}

void
term_suspend(void)
{
}

void
term_resume(void)
{
}

void
term_size(int *rows, int *cols)
{
	*rows = fake_term_rows;
	*cols = fake_term_cols;
}

void
term_erase(void)
{
}

int
term_put(int y, int x, struct term_style style, const char *text,
    int width)
{
	int n = (int)strlen(text);

	(void)y;
	(void)x;
	(void)style;
	return width >= 0 && n > width ? width : n;
}

void
term_fill(int y, int x, int width, struct term_style style)
{
	(void)y;
	(void)x;
	(void)width;
	(void)style;
}

void
term_box(int y, int x, int h, int w, struct term_style style,
    const char *const box[6])
{
	(void)y;
	(void)x;
	(void)h;
	(void)w;
	(void)style;
	(void)box;
}

void
term_cursor(bool visible, int y, int x)
{
	(void)visible;
	(void)y;
	(void)x;
}

void
term_refresh(void)
{
}

int
term_key(int timeout_ms, int *y, int *x)
{
	(void)timeout_ms;
	(void)y;
	(void)x;
	return TK_NONE;
}

void
term_watch(const struct term_fd *fds, int n)
{
	(void)fds;
	(void)n;
}

bool
term_typeahead(void)
{
	return false;
}

void
term_beep(void)
{
	fake_term_beeps++;
}

struct ui *
fake_ui_new(const struct ui_options *opts, const char *key)
{
	struct ui *ui = calloc(1, sizeof *ui);
	struct play_setup *s;
	const bc_variant *v = bc_variant_find(key);

	ck_assert_ptr_nonnull(ui);
	ck_assert_ptr_nonnull(v);
	ui->opts = opts;
	ui->ascii = true;
	ui->theme = theme_for(0);
	ui->glyphs = glyphs_for(false, false);
	ui->now = 1000;
	ui->last_key = ui->now;
	s = &ui->setup;
	s->variant = bc_variant_id_of(v);
	s->players[BC_WHITE] = s->players[BC_BLACK] = PLAYER_HUMAN;
	s->level = 1;
	actions_start_game(ui, s);
	ck_assert_msg(ui->playing, "the game did not start: %s",
	    ui->message);
	ck_assert_ptr_eq(ui_top(ui), &screen_game);
	return ui;
}

void
fake_ui_free(struct ui *ui)
{
	if (ui->playing)
		play_free(&ui->play);
	free(ui);
}

void
fake_ui_play(struct ui *ui, const char *name)
{
	bc_move m = test_find_move(play_position(&ui->play), name);

	ck_assert_msg(m != BC_MOVE_NONE, "no move %s", name);
	ck_assert_int_eq(play_push(&ui->play, m, ui->now), BC_OK);
}
