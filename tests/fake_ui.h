/*
 * fake_ui.h - the curses-free terminal the UI unit suites link in
 * place of src/ui/terminal.c, and a struct ui made ready for them.
 */
#ifndef BIGCHESS_FAKE_UI_H
#define BIGCHESS_FAKE_UI_H

#include "ui/ui_state.h"

enum { FAKE_ROWS = 50, FAKE_COLS = 160 };

/* What term_size reports; term_beep counts into fake_term_beeps. */
extern int fake_term_rows, fake_term_cols;
extern int fake_term_beeps;

/*
 * A struct ui on the heap as ui_run sets it up (themes, glyphs, `opts`),
 * with a hot-seat game of variant `key` from its start on the game
 * screen; fails the test if it cannot.  Free with fake_ui_free.
 */
struct ui *fake_ui_new(const struct ui_options *opts, const char *key);
void fake_ui_free(struct ui *ui);
/* Plays the move named `name` (test_find_move) in the game. */
void fake_ui_play(struct ui *ui, const char *name);

#endif
