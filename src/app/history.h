/*
 * history.h - keeping the history folder bounded: only the
 * newest N finished games stay.
 */
#ifndef BIGCHESS_HISTORY_H
#define BIGCHESS_HISTORY_H

#include <stdbool.h>

#include "bigchess/bigchess.h"

/*
 * True if `name` is a file name the history writer makes:
 * YYYYMMDD-HHMMSS.pgn, or YYYYMMDD-HHMMSS-N.pgn for the Nth game of one
 * second (N from 2).  Nothing else in the folder is ever touched.
 */
bool history_is_ours(const char *name);

/*
 * Removes from `folder` all but the newest `keep` of our files (newest by
 * the time in the name, then N).  Returns how many it removed, or -1 if
 * the folder cannot be read (a missing folder removes nothing: 0).
 */
int history_prune(const char *folder, int keep);

/*
 * Sets finished[id] (bc_variant_id_of order, bc_variant_count() entries)
 * for each variant of which `folder` holds a finished game: one of our
 * files whose Variant tag names it and whose Result is not "*".  Only
 * the head of each file is read, never through a symbolic link.  The
 * entries of variants without one are left as they are.  Returns how
 * many files it read, or -1 if the folder cannot be read (a missing one
 * reads none: 0).
 */
int history_finished(const char *folder, bool *finished);

#endif
