/*
 * wrap.c - word wrapping for the lesson screens and anything else that
 * shows prose in a column.
 */
#include <stdbool.h>

#include "wrap.h"

static bool
is_lead(char c)
{
	return ((unsigned char)c & 0xc0) != 0x80;
}

size_t
wrap_next(const char *s, int width, const char **next)
{
	size_t i = 0, brk = 0, len;
	int cols = 0;

	if (width < 1)
		width = 1;
	while (s[i] && s[i] != '\n') {
		if (is_lead(s[i])) {
			if (cols == width)
				break;
			cols++;
		}
		if (s[i] == ' ')
			brk = i;
		i++;
	}
	if (!s[i] || s[i] == '\n') {
		*next = s[i] && s[i + 1] ? s + i + 1 : NULL;
		return i;
	}
	/* Too long: break at the last blank, or cut a long word. */
	len = s[i] == ' ' || brk == 0 ? i : brk;
	i = len;
	while (s[i] == ' ')
		i++;
	if (s[i] == '\n')
		i++;
	*next = s[i] ? s + i : NULL;
	return len;
}

int
wrap_count(const char *text, int width)
{
	int n = 0;

	while (text) {
		wrap_next(text, width, &text);
		n++;
	}
	return n;
}
