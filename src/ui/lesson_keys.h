/*
 * lesson_keys.h - the keys of the lesson list and the lesson screen, with
 * their help text; the lesson help screen and hint lines come from these
 * tables.  On the board the game's cursor, pick/drop and ':' keys work as
 * well (keys.h); the lesson keys come first.
 */
#ifndef BIGCHESS_UI_LESSON_KEYS_H
#define BIGCHESS_UI_LESSON_KEYS_H

#include <stddef.h>

enum lesson_cmd {
	LC_NONE = 0,
	LC_HINT,
	LC_RESTART,
	LC_NEXT,
	LC_PREV,
	LC_BACK,        /* to the list; from the list, out of the lessons */
	LC_SCROLL_UP,   /* the explanation */
	LC_SCROLL_DOWN,
	LC_HELP,
	LC_LIST_UP,     /* the list's keys */
	LC_LIST_DOWN,
	LC_LIST_FIRST,
	LC_LIST_LAST,
	LC_VARIANT_PREV,
	LC_VARIANT_NEXT,
	LC_OPEN
};

enum lesson_keymap { LESSON_KEYS_LIST, LESSON_KEYS_LESSON };

/* The command bound to `key` in `map`, or LC_NONE. */
enum lesson_cmd lesson_keys_lookup(enum lesson_keymap map, int key);

/*
 * Help line `i` of `map` (from 0): the key names into `keys` and what
 * they do into `text`.  Returns false past the last line.
 */
int lesson_keys_help(enum lesson_keymap map, int i, char *keys,
    size_t ksize, const char **text);

/* The short hint for the bottom line of `map`. */
const char *lesson_keys_hint(enum lesson_keymap map);

#endif
