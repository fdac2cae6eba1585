/*
 * screen.h - the UI's ground floor: the screen stack, the status-line
 * message and the styles.  Every screen uses these and nothing more of
 * the main loop (ui.c), so a screen can be driven without it.
 *
 * A screen is a table of functions.  `key` changes state and returns
 * UI_ flags, and never draws; `draw` reads state and changes nothing;
 * `resize` recomputes the screen's layout and raises ui->need_rows/cols
 * to what it needs; `enter` runs when the screen is pushed.  Screens form
 * a stack: the game at the bottom, dialogs, the prompt and help above it.
 * An overlay screen is drawn over the screens below it.
 *
 * The other hooks are how a screen above hands something to the screen
 * below without knowing which it is: `click` gets a mouse click on the
 * top screen, `line` the line typed at the prompt once it has closed,
 * and `answer` the item picked in a dialog once it has closed.  Any of
 * them may be NULL: the screen takes no clicks, lines or answers.
 */
#ifndef BIGCHESS_UI_SCREEN_H
#define BIGCHESS_UI_SCREEN_H

#include <stdbool.h>

#include "terminal.h"
#include "theme.h"

enum ui_flag {
	UI_DRAW = 1 << 0, /* something to show changed */
	UI_QUIT = 1 << 1, /* leave the program */
	UI_BEEP = 1 << 2,
	UI_MANUAL = 1 << 3, /* hand the terminal to man(1): rules_manual */
	/* The game changed: the main loop opens the game-over dialog if
	 * it has just ended (actions_game_changed), so that the code that
	 * changed it (review.c, game_start.c) need not call the game's
	 * actions. */
	UI_CHANGED = 1 << 4,
	UI_NEW_GAME = 1 << 5, /* the main loop opens the new-game screen */
	/* The main loop starts the game ui->start_setup describes
	 * (actions_start_game), so that the game's commands (":fen")
	 * need not call the code that starts games and pushes the game
	 * screen, which calls them. */
	UI_START_GAME = 1 << 6
};

struct ui;
struct dialog_answer;

struct screen {
	const char *name;
	bool overlay;
	void (*enter)(struct ui *ui);
	void (*draw)(const struct ui *ui);
	int (*key)(struct ui *ui, int key);
	void (*resize)(struct ui *ui);
	int (*click)(struct ui *ui, int y, int x);
	int (*line)(struct ui *ui, const char *line);
	int (*answer)(struct ui *ui, const struct dialog_answer *a);
};

/* The screen stack. */
const struct screen *ui_top(const struct ui *ui);
void ui_push(struct ui *ui, const struct screen *s);
void ui_pop(struct ui *ui);
void ui_relayout(struct ui *ui);

/* Sets the status-line message, printf-style. */
void ui_say(struct ui *ui, const char *fmt, ...)
    __attribute__((format(printf, 2, 3)));
void ui_error(struct ui *ui, const char *fmt, ...)
    __attribute__((format(printf, 2, 3)));

/* Common styles. */
struct term_style ui_style(const struct ui *ui, enum role r);

/*
 * Every command that takes a file path from the person (the coming
 * `:save FILE` and any later one) asks this first: false in
 * restricted mode, with the reason on the status line, so that files
 * are read and written only in the state folder.  `what` names the
 * command for the message.
 */
bool ui_path_allowed(struct ui *ui, const char *what);

#endif
