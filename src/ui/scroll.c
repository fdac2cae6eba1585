/*
 * scroll.c - the help screens' scrolling, written once for all of them.
 */
#include "scroll.h"
#include "terminal.h"

int
scroll_clamp(int top, int total, int shown)
{
	int max = total - shown;

	if (top > max)
		top = max;
	return top < 0 ? 0 : top;
}

bool
scroll_key(int *top, int key, int total, int shown)
{
	int to;

	switch (key) {
	case TK_UP:
	case 'k':
		to = *top - 1;
		break;
	case TK_DOWN:
	case 'j':
		to = *top + 1;
		break;
	case TK_PGUP:
		to = *top - shown;
		break;
	case TK_PGDN:
	case ' ':
		to = *top + shown;
		break;
	default:
		return false;
	}
	*top = scroll_clamp(to, total, shown);
	return true;
}
