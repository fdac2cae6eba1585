/*
 * hosting.h - restricted mode and the settings, decided once at start,
 * for a shared host where bigchess is the forced command of
 * a game account.
 */
#ifndef BIGCHESS_HOSTING_H
#define BIGCHESS_HOSTING_H

#include <stdbool.h>
#include <stdio.h>

#include "config.h"

/*
 * Whether this build is restricted whatever happens at run time
 * (make RESTRICTED=1), and where the administrator's settings are
 * (make SYSCONFDIR=...).
 */
bool hosting_restricted_build(void);
const char *hosting_system_config(void);

/*
 * Works out the settings into `c`: reads the administrator's file
 * (`system_path`, or NULL for hosting_system_config()), and the person's
 * file unless restricted mode is on, which it is when the build says so,
 * `restricted` (--restricted) is set, BIGCHESS_RESTRICTED is set to
 * anything but "" or "0", or the administrator's file says
 * `restricted = yes`.  In restricted mode it then empties the
 * environment of all but a few harmless variables (so no PAGER, LESS,
 * TERMINFO, LOCPATH, TZ file or XDG folder of the person's choosing is
 * ever used) and sets HOME from the password database.  The state folder
 * becomes state-dir when that is set.  Warnings go to `warn`, one line
 * each; returns 0, or -1 with a reason in `err` (state-dir unusable).
 */
int hosting_setup(struct config *c, bool restricted, const char *system_path,
    FILE *warn, char *err, size_t errsize);

#endif
