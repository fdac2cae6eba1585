/*
 * manual.h - man(1) for the rules key: the app's side of the UI's
 * struct ui_manual seam (processes and signals are the app's business,
 * so the UI never forks).
 */
#ifndef BIGCHESS_MANUAL_H
#define BIGCHESS_MANUAL_H

#include <signal.h>

#include "ui/ui.h"

/*
 * The seam, or NULL when the built-in rules text is wanted: when the
 * environment variable BIGCHESS_NO_MAN is set and not empty.  `leave` is
 * the flag the app's SIGTERM and SIGHUP handler sets: while man runs it
 * ends man and its pager, so that the UI can leave (saving the game).
 */
const struct ui_manual *manual_seam(volatile sig_atomic_t *leave);

#endif
