/*
 * keys.h - the game's named commands and the keys bound to them.  The help
 * screen, the hint bar and the ':' prompt are all generated from these
 * tables, so they cannot drift apart from what the keys do.
 */
#ifndef BIGCHESS_UI_KEYS_H
#define BIGCHESS_UI_KEYS_H

#include <stdbool.h>
#include <stddef.h>

enum command {
	CMD_NONE = 0,
	CMD_UP,
	CMD_DOWN,
	CMD_LEFT,
	CMD_RIGHT,
	CMD_UP_LEFT,
	CMD_UP_RIGHT,
	CMD_DOWN_LEFT,
	CMD_DOWN_RIGHT,
	CMD_SELECT,
	CMD_CANCEL,
	CMD_PROMPT,
	CMD_UNDO,
	CMD_REDO,
	CMD_FLIP,
	CMD_AUTOFLIP,
	CMD_SCROLL_UP,
	CMD_SCROLL_DOWN,
	CMD_REVIEW_BACK,
	CMD_REVIEW_FORWARD,
	CMD_REVIEW_FIRST,
	CMD_REVIEW_LIVE,
	CMD_RESIGN,
	CMD_DRAW,
	CMD_HINT,
	CMD_THREATS,
	CMD_MOVE_NOW,
	CMD_THINKING,
	CMD_ANALYSE,
	CMD_FEN,
	CMD_SAVE,
	CMD_INFO,
	CMD_RULES,
	CMD_NEW,
	CMD_HELP,
	CMD_QUIT,
	CMD_SAY,
	CMD_COUNT
};

struct command_info {
	enum command id;
	const char *word; /* its name at the ':' prompt, or NULL */
	const char *hint; /* its label in the hint bar, or NULL */
	const char *help; /* one line for the help screen */
};

/* The commands in help order: commands_get(0 .. CMD_COUNT - 2). */
const struct command_info *commands_get(int i);

/* The command bound to `key` on the game screen, or CMD_NONE. */
enum command keys_lookup(int key);

/*
 * If `cmd` moves the cursor (CMD_UP ... CMD_DOWN_RIGHT), true with its
 * screen direction in *dx (+1 right) and *dy (+1 up); otherwise false.
 */
bool keys_direction(enum command cmd, int *dx, int *dy);

/* The command whose prompt word is `word` (in any case), or CMD_NONE. */
enum command keys_command_by_word(const char *word);

/*
 * Writes the names of the keys bound to `cmd` into `buf`, separated by
 * spaces ("Left h"), at most `max` of them.  Returns the number written.
 */
int keys_names(enum command cmd, int max, char *buf, size_t size);

#endif
