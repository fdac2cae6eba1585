/*
 * saveas.c - `:save FILE` (see saveas.h).
 *
 * The text is the autosave's (savegame_format), which is the normalised
 * PGN that --load FILE --print pgn prints of it, so a saved file reads
 * back as it was written; its private tags let --load go on with the
 * same players and clocks.  The writing is savegame.c's atomic writer.
 */
#include <errno.h>
#include <pwd.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <time.h>
#include <unistd.h>

#include "saveas.h"

/* The home folder of `user` ("" or NULL: ours), or NULL. */
static const char *
home_of(const char *user)
{
	const struct passwd *pw;
	const char *home = getenv("HOME");

	if ((!user || !*user) && home && home[0] == '/')
		return home;
	pw = user && *user ? getpwnam(user) : getpwuid(getuid());
	return pw && pw->pw_dir && pw->pw_dir[0] == '/' ? pw->pw_dir : NULL;
}

bool
saveas_expand(const char *typed, char *buf, size_t size, char *err,
    size_t errsize)
{
	char user[256];
	const char *rest, *home;
	size_t n;
	int len;

	if (typed[0] != '~') {
		len = snprintf(buf, size, "%s", typed);
	} else {
		rest = typed + 1 + strcspn(typed + 1, "/");
		n = (size_t)(rest - typed - 1);
		if (n >= sizeof user) {
			snprintf(err, errsize, "no such user in %s", typed);
			return false;
		}
		memcpy(user, typed + 1, n);
		user[n] = '\0';
		if (!(home = home_of(user))) {
			snprintf(err, errsize, n ? "no such user: %s"
			    : "the home folder is not known%s", user);
			return false;
		}
		/* "/" as the home: "~/x" is "/x", not "//x". */
		if (!strcmp(home, "/") && *rest == '/')
			home = "";
		len = snprintf(buf, size, "%s%s", home, rest);
	}
	if (len < 0 || (size_t)len >= size) {
		snprintf(err, errsize, "the path is too long");
		return false;
	}
	return true;
}

int
saveas_write(const struct ui_saved *s, int level, const char *typed,
    bool replace, char *done, size_t donesize, char *err, size_t errsize)
{
	char path[SAVEGAME_PATH_MAX];
	char *text;
	int rc;

	if (!saveas_expand(typed, path, sizeof path, err, errsize))
		return -1;
	if (done)
		snprintf(done, donesize, "%s", path);
	if (savegame_format(s, s->level ? s->level : level, &text) != BC_OK) {
		snprintf(err, errsize, "out of memory");
		return -1;
	}
	rc = savegame_write_path(path, text, strlen(text), replace, err,
	    errsize);
	free(text);
	return rc == SAVEGAME_EXISTS ? UI_SAVE_EXISTS : rc;
}

void
saveas_suggest(const bc_variant *v, char *buf, size_t size)
{
	const char *home = home_of(NULL);
	char day[16], path[SAVEGAME_PATH_MAX];
	time_t now = time(NULL);
	struct tm tm;
	struct stat st;
	int i;

	if (!localtime_r(&now, &tm) ||
	    !strftime(day, sizeof day, "%Y-%m-%d", &tm))
		snprintf(day, sizeof day, "game");
	for (i = 1; i < 1000; i++) {
		snprintf(path, sizeof path, "%s%sbigchess-%s-%s-%d.pgn",
		    home ? home : "", home ? "/" : "", bc_variant_key(v), day,
		    i);
		if (lstat(path, &st) != 0 && errno == ENOENT)
			break;
	}
	/* Shown as the person would type it. */
	snprintf(buf, size, "%sbigchess-%s-%s-%d.pgn", home ? "~/" : "",
	    bc_variant_key(v), day, i);
}

static int
store_save_as(void *ctx, const struct ui_saved *s, const char *path,
    bool replace, char *done, size_t donesize, char *err, size_t errsize)
{
	const struct savegame_store *st = ctx;

	return saveas_write(s, st->level, path, replace, done, donesize, err,
	    errsize);
}

static void
store_suggest(void *ctx, const bc_variant *v, char *buf, size_t size)
{
	(void)ctx;
	saveas_suggest(v, buf, size);
}

void
saveas_attach(struct savegame_store *st)
{
	st->seam.save_as = store_save_as;
	st->seam.suggest = store_suggest;
}
