/*
 * hosting.c - restricted mode and the settings files, at start.
 *
 * What a forced command gets from sshd: USER, LOGNAME, HOME and SHELL
 * from the password database, PATH, TERM from the client's pty request,
 * SSH_CONNECTION and friends, SSH_ORIGINAL_COMMAND (what the client
 * asked to run, which we never look at), and whatever AcceptEnv,
 * SetEnv or PermitUserEnvironment let through -- Debian accepts LANG and
 * LC_* by default, and a careless `AcceptEnv *` would pass anything.  So
 * in restricted mode the environment is trusted for nothing that names a
 * file or a program: it keeps only the locale, TERM, NO_COLOR and a few
 * informative names, HOME comes from the password entry of our uid, and
 * the state folder is HOME's or the administrator's state-dir, never
 * XDG_STATE_HOME.
 */
#include <pwd.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "hosting.h"
#include "savegame.h"

#ifndef BIGCHESS_RESTRICTED_DEFAULT
#define BIGCHESS_RESTRICTED_DEFAULT 0
#endif
#ifndef BIGCHESS_SYSCONFDIR
#define BIGCHESS_SYSCONFDIR "/etc"
#endif

extern char **environ;

/* The variables restricted mode keeps (a trailing '*': a prefix).  The
 * game rooms to come (BIGCHESS_ROOMS, XDG_RUNTIME_DIR) are not among
 * them: in restricted mode their folder must come from the settings. */
static const char *const kept[] = {
	"TERM", "LANG", "LANGUAGE", "LC_*", "NO_COLOR", "COLORTERM", "USER",
	"LOGNAME", "PATH", "SSH_CONNECTION", "SSH_CLIENT", "SSH_TTY",
	"BIGCHESS_RESTRICTED",
};

bool
hosting_restricted_build(void)
{
	return BIGCHESS_RESTRICTED_DEFAULT != 0;
}

const char *
hosting_system_config(void)
{
	return BIGCHESS_SYSCONFDIR "/bigchess/config";
}

static bool
keep(const char *entry)
{
	size_t name = strcspn(entry, "=");

	for (size_t i = 0; i < sizeof kept / sizeof kept[0]; i++) {
		size_t n = strlen(kept[i]);

		if (kept[i][n - 1] == '*' ? name >= n - 1 &&
		    !strncmp(entry, kept[i], n - 1)
		    : name == n && !strncmp(entry, kept[i], n))
			return true;
	}
	return false;
}

/* Removes every variable not in `kept` (so also PAGER, MANPAGER, MANOPT,
 * LESS, LESSOPEN, EDITOR, VISUAL, BROWSER, SHELL, TERMINFO, LOCPATH,
 * GCONV_PATH, TZ, HOME and the XDG folders). */
static void
clean_environment(void)
{
	for (size_t i = 0; environ && environ[i];) {
		char *name;

		if (keep(environ[i])) {
			i++;
			continue;
		}
		name = strndup(environ[i], strcspn(environ[i], "="));
		if (!name || !*name || unsetenv(name) != 0) {
			/* Out of memory, or no name to unset: drop the
			 * entry by hand, as unsetenv would. */
			for (size_t j = i; environ[j]; j++)
				environ[j] = environ[j + 1];
		}
		free(name);
		/* The entries moved up: look at i again. */
	}
}

/* True if TERM names a terminfo entry and nothing else: no path. */
static bool
plain_term(const char *term)
{
	if (!*term || !strcmp(term, ".") || !strcmp(term, ".."))
		return false;
	for (const char *p = term; *p; p++)
		if (!strchr("abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ"
		    "0123456789.+-_", *p))
			return false;
	return true;
}

int
hosting_setup(struct config *c, bool restricted, const char *system_path,
    FILE *warn, char *err, size_t errsize)
{
	const char *env = getenv("BIGCHESS_RESTRICTED");
	struct passwd *pw = getpwuid(getuid());

	config_defaults(c);
	c->restricted = hosting_restricted_build() || restricted ||
	    (env && *env && strcmp(env, "0"));
	config_read(c, system_path ? system_path : hosting_system_config(),
	    CONFIG_SYSTEM, warn);
	if (c->restricted) {
		const char *term;

		clean_environment();
		/* Curses takes no path from TERM either; the game then
		 * says it has no terminal it can drive. */
		term = getenv("TERM");
		if (term && !plain_term(term)) {
			if (warn)
				fputs("bigchess: TERM is not a terminal name; "
				    "ignored in restricted mode\n", warn);
			unsetenv("TERM");
		}
		if (pw && pw->pw_dir && pw->pw_dir[0] == '/')
			setenv("HOME", pw->pw_dir, 1);
	} else {
		const char *xdg = getenv("XDG_CONFIG_HOME");
		const char *home = getenv("HOME");
		char path[CONFIG_PATH_MAX + 32];
		struct config user;
		int n = -1;

		/* The XDG spec says a relative path is to be ignored. */
		if (xdg && xdg[0] == '/')
			n = snprintf(path, sizeof path, "%s/bigchess/config",
			    xdg);
		else if (home && home[0] == '/')
			n = snprintf(path, sizeof path,
			    "%s/.config/bigchess/config", home);
		/* The person's file sets only what is theirs. */
		user = *c;
		if (n > 0 && (size_t)n < sizeof path &&
		    config_read(&user, path, CONFIG_USER, warn) >= 0) {
			c->idle_ms = user.idle_ms;
			c->history_keep = user.history_keep;
			c->coach = user.coach;
		}
	}
	savegame_keep_history(c->history_keep);
	if (c->state_dir[0]) {
		char dir[CONFIG_PATH_MAX];

		if (!config_expand_dir(c->state_dir, pw ? pw->pw_name : NULL,
		    dir, sizeof dir)) {
			snprintf(err, errsize, "the administrator's state-dir "
			    "cannot be used (an absolute path; %%u is the "
			    "login name, %%%% a %%)");
			return -1;
		}
		savegame_use_dir(dir);
	}
	return 0;
}
