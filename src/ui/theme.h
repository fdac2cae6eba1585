/*
 * theme.h - colour schemes as tables: one style per role, for 256-colour,
 * 8-colour and monochrome terminals.
 */
#ifndef BIGCHESS_UI_THEME_H
#define BIGCHESS_UI_THEME_H

#include "terminal.h"

enum role {
	ROLE_TEXT,
	ROLE_TITLE,
	ROLE_BORDER,
	ROLE_COORD,
	ROLE_SQ_LIGHT, /* checkered boards */
	ROLE_SQ_DARK,
	ROLE_SQ_FIELD, /* Chad: the plain squares, castles and walls */
	ROLE_SQ_CASTLE,
	ROLE_SQ_WALL,
	ROLE_PIECE_WHITE,
	ROLE_PIECE_BLACK,
	ROLE_MARK,      /* markers beside a piece: cursor, selection, ... */
	ROLE_LAST_MOVE, /* highlights: their background (and attributes) */
	ROLE_CHECK,
	ROLE_CURSOR,
	ROLE_SELECTED,
	ROLE_DEST,
	ROLE_SUGGESTED, /* the squares of a hint */
	ROLE_STATUS,
	ROLE_ERROR,
	ROLE_HINT,
	ROLE_DIALOG,
	ROLE_DIALOG_SEL,
	ROLE_CLOCK_RUNNING,
	ROLE_CLOCK_LOW,
	ROLE_HEADING,
	ROLE_COUNT
};

struct theme {
	const char *name;
	/* Highlight roles replace a square's background when true. */
	bool highlight_bg;
	struct term_style role[ROLE_COUNT];
};

/* The theme for a terminal with `colors` colours (0: monochrome). */
const struct theme *theme_for(int colors);

#endif
