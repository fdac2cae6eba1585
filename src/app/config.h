/*
 * config.h - the settings files: `key = value` lines, `#` comments.
 *
 * Two files, read in this order: the administrator's (SYSCONFDIR, by
 * default /etc/bigchess/config, or the file named by --config) and the
 * person's ($XDG_CONFIG_HOME/bigchess/config, by default
 * ~/.config/bigchess/config).  Only the administrator's may set what
 * keeps a shared host safe (restricted, state-dir); in restricted mode
 * the person's file is not read at all.  A bad line is a one-line
 * warning naming file:line, never a reason not to start.
 */
#ifndef BIGCHESS_CONFIG_H
#define BIGCHESS_CONFIG_H

#include <stdbool.h>
#include <stdint.h>
#include <stdio.h>

enum {
	CONFIG_LINE_MAX = 1024,        /* bytes in a line, with its newline */
	CONFIG_FILE_MAX = 64 * 1024,   /* bytes read of a file */
	CONFIG_PATH_MAX = 4096,
	CONFIG_HISTORY_KEEP_DEFAULT = 1000,
	CONFIG_HISTORY_KEEP_MAX = 1000000,
	CONFIG_NAME_MAX = 64           /* bytes of a name, with its NUL */
};

/* The person's choices for a game (-1: not set), and how pieces show. */
enum { CONFIG_UNSET = -1 };
enum config_glyphs { CONFIG_GLYPHS_ASCII, CONFIG_GLYPHS_UTF8,
	CONFIG_GLYPHS_SYMBOLS };

/* An idle timeout can be this long at most: a week, in minutes. */
#define CONFIG_IDLE_MAX_MINUTES (7 * 24 * 60.0)

/* Whose file it is: the administrator's may set everything. */
enum config_owner { CONFIG_SYSTEM, CONFIG_USER };

struct config {
	bool restricted;         /* restricted = yes (system file only) */
	int64_t idle_ms;         /* idle = MIN; 0: no idle timeout */
	int history_keep;        /* history-keep = N */
	char state_dir[CONFIG_PATH_MAX]; /* state-dir = PATH, "" if unset */
	char rooms[CONFIG_PATH_MAX];     /* rooms = PATH: the game rooms' folder
	                                  * (shared by a group), "" if unset */
	/* The person's own settings (either file; CONFIG_UNSET if not
	 * given): what the command line does not say, these do. */
	char name[CONFIG_NAME_MAX]; /* name = TEXT, "" if unset */
	int variant;             /* variant = KEY: a bc_variant_id */
	int level;               /* level = 1-10 */
	bool clock_set;          /* clock = M[+S], or none */
	int64_t clock_base_ms;   /* 0: no clock */
	int64_t clock_increment_ms;
	int coach;               /* coach = on|off|first: a UI_COACH_* */
	int glyphs;              /* glyphs = ascii/utf8/symbols */
	int colour;              /* colour = auto/never: 1, 0 */
	int autoflip;            /* auto-flip = yes/no: 1, 0 */
};

/* The settings before any file: nothing restricted, no idle timeout,
 * CONFIG_HISTORY_KEEP_DEFAULT games of history, the usual state folder. */
void config_defaults(struct config *c);

/*
 * Reads the settings file `path` of `owner` into `c`, writing a one-line
 * warning to `warn` for each line it cannot use (an unknown key, a bad
 * value, a key this owner may not set, a line too long) and for a file
 * that exists but cannot be read.  Returns the number of warnings; a
 * missing file is no warning.
 */
int config_read(struct config *c, const char *path, enum config_owner owner,
    FILE *warn);

/*
 * The same for the text of a file: `name` is what warnings call it.
 */
int config_parse(struct config *c, const char *text, size_t len,
    const char *name, enum config_owner owner, FILE *warn);

/*
 * An idle timeout in minutes ("10", "0.5"; 0 is none) as ms, for the
 * setting and --idle alike.  False if `text` is not such a number.
 */
bool config_parse_idle(const char *text, int64_t *ms);

/*
 * A clock as --clock and the clock setting write it, "M[+S]": M minutes
 * each (decimals allowed, more than 0, at most UI_CLOCK_MAX_MS) plus S
 * seconds a move (at most UI_INCREMENT_MAX_MS), into ms.  False if
 * `text` is not such a clock.
 */
bool config_parse_clock(const char *text, int64_t *base_ms,
    int64_t *increment_ms);

/*
 * Copies into `c` what the person's file `user` (read over a copy of
 * `c`) may set: everything but restricted and state-dir.
 */
void config_take_personal(struct config *c, const struct config *user);

/* A number of history games to keep, 0 to CONFIG_HISTORY_KEEP_MAX. */
bool config_parse_keep(const char *text, int *keep);

/*
 * Expands state-dir's %u (the login name `user`) and %% into `buf`.
 * False if the result would not be an absolute path, if `user` is not
 * a safe file name, or if it does not fit.
 */
bool config_expand_dir(const char *pattern, const char *user, char *buf,
    size_t size);

#endif
