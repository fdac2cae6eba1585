/*
 * lesson_keys.c - the lesson screens' key tables.
 */
#include <stdio.h>

#include "lesson_keys.h"
#include "terminal.h"

#define ESC 0x1b

struct lesson_binding {
	enum lesson_keymap map;
	enum lesson_cmd cmd;
	int key;
	const char *name;
};

static const struct lesson_binding bindings[] = {
	{ LESSON_KEYS_LIST, LC_LIST_UP, TK_UP, "Up" },
	{ LESSON_KEYS_LIST, LC_LIST_UP, 'k', "k" },
	{ LESSON_KEYS_LIST, LC_LIST_DOWN, TK_DOWN, "Down" },
	{ LESSON_KEYS_LIST, LC_LIST_DOWN, 'j', "j" },
	{ LESSON_KEYS_LIST, LC_LIST_FIRST, TK_HOME, "Home" },
	{ LESSON_KEYS_LIST, LC_LIST_FIRST, TK_PGUP, "PgUp" },
	{ LESSON_KEYS_LIST, LC_LIST_FIRST, 'g', "g" },
	{ LESSON_KEYS_LIST, LC_LIST_LAST, TK_END, "End" },
	{ LESSON_KEYS_LIST, LC_LIST_LAST, TK_PGDN, "PgDn" },
	{ LESSON_KEYS_LIST, LC_LIST_LAST, 'G', "G" },
	{ LESSON_KEYS_LIST, LC_VARIANT_PREV, TK_LEFT, "Left" },
	{ LESSON_KEYS_LIST, LC_VARIANT_PREV, 'h', "h" },
	{ LESSON_KEYS_LIST, LC_VARIANT_NEXT, TK_RIGHT, "Right" },
	{ LESSON_KEYS_LIST, LC_VARIANT_NEXT, 'l', "l" },
	{ LESSON_KEYS_LIST, LC_VARIANT_NEXT, '\t', "Tab" },
	{ LESSON_KEYS_LIST, LC_OPEN, TK_ENTER, "Enter" },
	{ LESSON_KEYS_LIST, LC_OPEN, ' ', "Space" },
	{ LESSON_KEYS_LIST, LC_BACK, 'q', "q" },
	{ LESSON_KEYS_LIST, LC_BACK, ESC, "Esc" },
	{ LESSON_KEYS_LIST, LC_HELP, '?', "?" },
	{ LESSON_KEYS_LIST, LC_HELP, TK_F1, "F1" },
	{ LESSON_KEYS_LESSON, LC_HINT, 'H', "H" },
	{ LESSON_KEYS_LESSON, LC_RESTART, 'r', "r" },
	{ LESSON_KEYS_LESSON, LC_NEXT, 'n', "n" },
	{ LESSON_KEYS_LESSON, LC_PREV, 'p', "p" },
	{ LESSON_KEYS_LESSON, LC_SCROLL_UP, TK_PGUP, "PgUp" },
	{ LESSON_KEYS_LESSON, LC_SCROLL_UP, '[', "[" },
	{ LESSON_KEYS_LESSON, LC_SCROLL_DOWN, TK_PGDN, "PgDn" },
	{ LESSON_KEYS_LESSON, LC_SCROLL_DOWN, ']', "]" },
	{ LESSON_KEYS_LESSON, LC_BACK, 'q', "q" },
	{ LESSON_KEYS_LESSON, LC_BACK, ESC, "Esc" },
	{ LESSON_KEYS_LESSON, LC_HELP, '?', "?" },
	{ LESSON_KEYS_LESSON, LC_HELP, TK_F1, "F1" },
};

static const struct {
	enum lesson_keymap map;
	enum lesson_cmd cmd;
	const char *help;
} helps[] = {
	{ LESSON_KEYS_LIST, LC_LIST_UP, "the lesson above" },
	{ LESSON_KEYS_LIST, LC_LIST_DOWN, "the lesson below" },
	{ LESSON_KEYS_LIST, LC_LIST_FIRST, "the first lesson" },
	{ LESSON_KEYS_LIST, LC_LIST_LAST, "the last lesson" },
	{ LESSON_KEYS_LIST, LC_VARIANT_PREV, "the lessons of the variant before" },
	{ LESSON_KEYS_LIST, LC_VARIANT_NEXT, "the lessons of the next variant" },
	{ LESSON_KEYS_LIST, LC_OPEN, "open the lesson" },
	{ LESSON_KEYS_LIST, LC_BACK, "leave the lessons" },
	{ LESSON_KEYS_LIST, LC_HELP, "show this help" },
	{ LESSON_KEYS_LESSON, LC_HINT, "show the next hint (the last one "
	    "names the move)" },
	{ LESSON_KEYS_LESSON, LC_RESTART, "start the lesson again" },
	{ LESSON_KEYS_LESSON, LC_NEXT, "the next lesson" },
	{ LESSON_KEYS_LESSON, LC_PREV, "the previous lesson" },
	{ LESSON_KEYS_LESSON, LC_SCROLL_UP, "scroll the explanation back" },
	{ LESSON_KEYS_LESSON, LC_SCROLL_DOWN, "scroll the explanation on" },
	{ LESSON_KEYS_LESSON, LC_BACK, "put a picked-up piece back (Esc); "
	    "else back to the list" },
	{ LESSON_KEYS_LESSON, LC_HELP, "show this help" },
};

enum lesson_cmd
lesson_keys_lookup(enum lesson_keymap map, int key)
{
	for (size_t i = 0; i < sizeof bindings / sizeof bindings[0]; i++)
		if (bindings[i].map == map && bindings[i].key == key)
			return bindings[i].cmd;
	return LC_NONE;
}

int
lesson_keys_help(enum lesson_keymap map, int i, char *keys, size_t ksize,
    const char **text)
{
	int n = 0;

	for (size_t h = 0; h < sizeof helps / sizeof helps[0]; h++) {
		size_t len = 0;

		if (helps[h].map != map || n++ != i)
			continue;
		keys[0] = '\0';
		for (size_t b = 0; b < sizeof bindings / sizeof bindings[0];
		     b++) {
			if (bindings[b].map != map ||
			    bindings[b].cmd != helps[h].cmd || len >= ksize)
				continue;
			len += (size_t)snprintf(keys + len, ksize - len, "%s%s",
			    len ? " " : "", bindings[b].name);
		}
		*text = helps[h].help;
		return 1;
	}
	return 0;
}

const char *
lesson_keys_hint(enum lesson_keymap map)
{
	return map == LESSON_KEYS_LIST
	    ? "Enter open  Up/Down choose  Left/Right variant  q back  ? help"
	    : "Enter pick/drop  : type  H hint  r restart  n/p next/prev  "
	      "q list  ? help";
}
