/*
 * saveas.h - `:save FILE`: the game written as PGN to a file the person
 * names, and the name `:save` alone suggests (app layer, behind the UI's
 * store seam).
 */
#ifndef BIGCHESS_SAVEAS_H
#define BIGCHESS_SAVEAS_H

#include <stdbool.h>
#include <stddef.h>

#include "savegame.h"

/*
 * Expands a path as typed: "~" and "~/..." are the home folder ($HOME,
 * else the password entry's), "~NAME/..." that user's; anything else
 * stays as it is (relative to the current folder).  False, with a reason
 * in `err`, if the home is not known or the result does not fit.
 */
bool saveas_expand(const char *typed, char *buf, size_t size, char *err,
    size_t errsize);

/*
 * Writes `s` (at `level` if it names none) to the file `typed` names, as
 * the store seam's save_as says (ui.h): 0, UI_SAVE_EXISTS, or -1 with a
 * reason in `err`; the expanded path goes to `done`.
 */
int saveas_write(const struct ui_saved *s, int level, const char *typed,
    bool replace, char *done, size_t donesize, char *err, size_t errsize);

/*
 * The first free "~/bigchess-VARIANT-YYYY-MM-DD-N.pgn" of today (N from
 * 1), in the home folder, or without a home in the current one.
 */
void saveas_suggest(const bc_variant *v, char *buf, size_t size);

/* Fills in st->seam's save_as and suggest. */
void saveas_attach(struct savegame_store *st);

#endif
