/*
 * prefs.h - the choices a new game starts with: the command line's, else
 * the settings' (config.h), else the last game's (kept in the state
 * folder as last-game), else the defaults.
 */
#ifndef BIGCHESS_PREFS_H
#define BIGCHESS_PREFS_H

#include <stdbool.h>

#include "config.h"
#include "savegame.h"
#include "ui/ui.h"

/* The last game's choices, in the state folder. */
#define PREFS_LAST_GAME "last-game"

/* What the command line said itself, which nothing else overrides. */
struct prefs_given {
	bool variant, players, level, clock, glyphs, colour;
};

/*
 * Reads the last game's choices from state folder `dir` into `out`.
 * Returns true if the file was there; lines it cannot use are ignored
 * (the file is ours; a broken one only means the defaults).
 */
bool prefs_read_last(const char *dir, struct ui_choices *out);

/* Writes `c` as the last game's choices in `dir`, atomically; 0, or -1
 * with a reason in `err`. */
int prefs_write_last(const char *dir, const struct ui_choices *c,
    char *err, size_t errsize);

/*
 * Fills what `given` leaves open in `u` and *level (0: none given) from
 * the settings `c`, then the last game `last` (NULL: none).
 */
void prefs_apply(struct ui_options *u, int *level, const struct config *c,
    const struct ui_choices *last, const struct prefs_given *given);

/* Makes st->seam.remember keep the choices in st->dir. */
void prefs_attach(struct savegame_store *st);

#endif
