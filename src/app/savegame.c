/*
 * savegame.c - the autosave and the history of finished games.
 *
 * The game is PGN with the standard tags plus TimeControl and private
 * ones the reader needs to go on where the game stopped:
 *
 *   [BigchessPlayers "human computer"]   White's and Black's player
 *   [BigchessLevel "7"]                  the computer's level
 *   [BigchessWhiteClock "283000"]        ms left, likewise Black's
 *
 * and the records' own: White and Black (the person's name setting, else
 * the login name, or "bigchess level N"), Site (the host name), Date
 * (the day the game began), Termination ("normal", "time forfeit",
 * "unterminated" while it goes on, "abandoned" once a new game put an
 * unfinished one in the history).
 *
 * Any other PGN reader sees an ordinary game.  Writing goes to a temp file
 * in the same folder (fwrite, fflush, fsync) and is renamed over the old
 * file only when all of it is on disk.
 */
#include <errno.h>
#include <fcntl.h>
#include <inttypes.h>
#include <pwd.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <time.h>
#include <unistd.h>

#include "fileio.h"
#include "history.h"
#include "savegame.h"

/* A month of thinking time is more than any real clock holds; the
 * writer stays within the UI's smaller caps (UI_CLOCK_MAX_MS), the
 * reader takes more from files written elsewhere. */
static const int64_t clock_ms_max = 1000LL * 3600 * 24 * 30;

static const char autosave_name[] = "autosave.pgn";

/*
 * Set once at start from the settings (hosting.c): the administrator's
 * state folder ("" for the usual one) and how many finished games the
 * history folder keeps.
 */
static char dir_override[SAVEGAME_PATH_MAX];
static int history_keep = SAVEGAME_HISTORY_KEEP;
static char player_name[SAVEGAME_PLAYER_MAX]; /* "": the login name */

static const char unterminated[] = "[Termination \"unterminated\"]";
static const char abandoned[] = "[Termination \"abandoned\"]";

static void
fail(char *err, size_t errsize, const char *fmt, ...)
    __attribute__((format(printf, 3, 4)));

static void
fail(char *err, size_t errsize, const char *fmt, ...)
{
	va_list ap;

	va_start(ap, fmt);
	vsnprintf(err, errsize, fmt, ap);
	va_end(ap);
}

int
savegame_dir(char *buf, size_t size, char *err, size_t errsize)
{
	const char *state = getenv("XDG_STATE_HOME");
	const char *home = getenv("HOME");
	int n;

	if (dir_override[0]) {
		if (strlen(dir_override) >= size) {
			fail(err, errsize, "the state folder's path is too "
			    "long");
			return -1;
		}
		memcpy(buf, dir_override, strlen(dir_override) + 1);
		return 0;
	}
	/* The XDG spec says a relative path is invalid and to be ignored;
	 * a relative HOME is as good as none (it would put the games
	 * wherever the program happened to start). */
	if (state && state[0] == '/')
		n = snprintf(buf, size, "%s/bigchess", state);
	else if (home && home[0] == '/')
		n = snprintf(buf, size, "%s/.local/state/bigchess", home);
	else {
		fail(err, errsize, "neither XDG_STATE_HOME nor HOME is set to "
		    "an absolute path");
		return -1;
	}
	if (n < 0 || (size_t)n >= size) {
		fail(err, errsize, "the state folder's path is too long");
		return -1;
	}
	return 0;
}

void
savegame_use_dir(const char *dir)
{
	snprintf(dir_override, sizeof dir_override, "%s", dir);
}

void
savegame_use_name(const char *name)
{
	snprintf(player_name, sizeof player_name, "%s", name ? name : "");
}

/* The person's name for the records: the setting, else the login name. */
static const char *
person(void)
{
	const struct passwd *pw;

	if (player_name[0])
		return player_name;
	pw = getpwuid(getuid());
	return pw && pw->pw_name && pw->pw_name[0] ? pw->pw_name : "Player";
}

void
savegame_keep_history(int keep)
{
	history_keep = keep < 0 ? 0 : keep;
}

void
savegame_autosave_path(const char *dir, char *buf, size_t size)
{
	snprintf(buf, size, "%s/%s", dir, autosave_name);
}

/*
 * Fails unless `dir` is a folder of this user's that nobody else may
 * write: what another user can write in, they can fill with links to
 * make us overwrite or read any file of ours.  `may_be_link`: the state
 * folder itself may be a symbolic link (homes are often moved so), if the
 * link is the user's own and leads to such a folder; a folder inside it
 * may not.  Returns FOLDER_OK, FOLDER_MISSING, or with `err` FOLDER_BAD
 * (not a folder, cannot be looked at) or FOLDER_UNTRUSTED.
 */
enum { FOLDER_UNTRUSTED = -2, FOLDER_BAD = -1, FOLDER_OK, FOLDER_MISSING };

/* The part of check_folder that looks at the folder `st` says `dir` is. */
static int
check_owner(const char *dir, const struct stat *st, char *err,
    size_t errsize)
{
	if (!S_ISDIR(st->st_mode)) {
		fail(err, errsize, "%s is not a folder", dir);
		return FOLDER_BAD;
	}
	if (st->st_uid != getuid()) {
		fail(err, errsize, "%s belongs to another user (uid %ld); set "
		    "XDG_STATE_HOME to a folder of your own", dir,
		    (long)st->st_uid);
		return FOLDER_UNTRUSTED;
	}
	if (st->st_mode & (S_IWGRP | S_IWOTH)) {
		fail(err, errsize, "%s may be written by other users (mode "
		    "%03o); make it private: chmod 700 %s", dir,
		    (unsigned)(st->st_mode & 0777), dir);
		return FOLDER_UNTRUSTED;
	}
	return FOLDER_OK;
}

static int
check_folder(const char *dir, bool may_be_link, char *err, size_t errsize)
{
	struct stat st;

	if (lstat(dir, &st) != 0) {
		if (errno == ENOENT)
			return FOLDER_MISSING;
		fail(err, errsize, "cannot use %s: %s", dir, strerror(errno));
		return FOLDER_BAD;
	}
	if (S_ISLNK(st.st_mode)) {
		if (!may_be_link) {
			fail(err, errsize, "%s is a symbolic link, which "
			    "bigchess does not follow inside its folder; remove "
			    "it", dir);
			return FOLDER_UNTRUSTED;
		}
		if (st.st_uid != getuid()) {
			fail(err, errsize, "%s is a symbolic link of another "
			    "user's (uid %ld); remove it, or set XDG_STATE_HOME "
			    "to a folder of your own", dir, (long)st.st_uid);
			return FOLDER_UNTRUSTED;
		}
		if (stat(dir, &st) != 0) {
			fail(err, errsize, "cannot use %s: %s", dir,
			    strerror(errno));
			return FOLDER_BAD;
		}
	}
	return check_owner(dir, &st, err, errsize);
}

int
savegame_check_dir(const char *dir, char *err, size_t errsize)
{
	switch (check_folder(dir, true, err, errsize)) {
	case FOLDER_UNTRUSTED:
		return -1;
	case FOLDER_MISSING:
		return 1;
	default:
		/* Not a folder at all: every save says so as it fails. */
		return 0;
	}
}

int
savegame_open(const char *dir, const char *name, char *err, size_t errsize)
{
	char path[SAVEGAME_PATH_MAX + 64];
	struct stat st;
	int dfd, fd, rc, error;

	if ((rc = check_folder(dir, true, err, errsize)) != FOLDER_OK) {
		errno = rc == FOLDER_MISSING ? ENOENT : EPERM;
		return -1;
	}
	snprintf(path, sizeof path, "%s/%s", dir, name);
	/* The file is opened in the folder as it is now, checked again, so
	 * that one swapped in since check_folder cannot serve instead. */
	dfd = open(dir, O_RDONLY | O_DIRECTORY | O_CLOEXEC);
	if (dfd < 0 || fstat(dfd, &st) != 0) {
		error = errno;
		fail(err, errsize, "cannot use %s: %s", dir, strerror(error));
		if (dfd >= 0)
			close(dfd);
		errno = error;
		return -1;
	}
	if (check_owner(dir, &st, err, errsize) != FOLDER_OK) {
		close(dfd);
		errno = EPERM;
		return -1;
	}
	/* O_NOFOLLOW: a link in the folder is refused, never followed;
	 * O_NONBLOCK: a FIFO put there must not hang the program. */
	fd = openat(dfd, name, O_RDONLY | O_NOFOLLOW | O_NONBLOCK | O_CLOEXEC);
	error = errno;
	close(dfd);
	if (fd < 0) {
		if (error == ELOOP)
			fail(err, errsize, "%s is a symbolic link, which "
			    "bigchess does not follow inside its folder", path);
		else
			fail(err, errsize, "cannot open %s: %s", path,
			    strerror(error));
		errno = error;
		return -1;
	}
	if (fstat(fd, &st) != 0 || !S_ISREG(st.st_mode)) {
		fail(err, errsize, "%s is not a regular file", path);
		close(fd);
		errno = EINVAL;
		return -1;
	}
	/* Reading goes on blocking, as for any file. */
	fcntl(fd, F_SETFL, fcntl(fd, F_GETFL) & ~O_NONBLOCK);
	return fd;
}

/*
 * Makes `dir` and its missing parents, the last one with mode 0700, and
 * checks that it is ours (check_folder) before anything is put in it.
 */
static int
make_dir(const char *dir, char *err, size_t errsize)
{
	char path[SAVEGAME_PATH_MAX];
	size_t len = strlen(dir);

	if (len >= sizeof path) {
		fail(err, errsize, "the state folder's path is too long");
		return -1;
	}
	memcpy(path, dir, len + 1);
	for (char *p = path + 1;; p++) {
		if (*p != '/' && *p != '\0')
			continue;
		{
			char c = *p;

			*p = '\0';
			if (mkdir(path, c ? 0755 : 0700) != 0 &&
			    errno != EEXIST) {
				fail(err, errsize, "cannot make %s: %s", path,
				    strerror(errno));
				return -1;
			}
			*p = c;
			if (!c)
				return check_folder(dir, true, err, errsize) ==
				    FOLDER_OK ? 0 : -1;
		}
	}
}

static int write_atomic_mode(const char *dir, const char *path,
    const char *text, size_t len, bool exclusive, bool public, char *err,
    size_t errsize);

/*
 * Writes `len` bytes of `text` to `path` atomically.  With `exclusive`,
 * an existing `path` is never replaced (link instead of rename).
 */
static int
write_atomic(const char *dir, const char *path, const char *text,
    size_t len, bool exclusive, char *err, size_t errsize)
{
	return write_atomic_mode(dir, path, text, len, exclusive, false, err,
	    errsize);
}

/*
 * Puts the written temp file `tmp` in place as `path`; with `exclusive`
 * never over an existing file (a hard link, and on a filesystem without
 * them a rename after a look).  Returns 0, or -1 with errno.
 */
static int
put_in_place(const char *tmp, const char *path, bool exclusive)
{
	struct stat st;
	int rc, error;

	if (!exclusive) {
		rc = rename(tmp, path);
		error = errno;
		if (rc != 0)
			unlink(tmp);
		errno = error;
		return rc;
	}
	rc = link(tmp, path);
	error = errno;
	if (rc != 0 && (error == EPERM || error == ENOTSUP ||
	    error == EOPNOTSUPP || error == EXDEV)) {
		if (lstat(path, &st) == 0) {
			error = EEXIST;
		} else {
			rc = rename(tmp, path);
			error = errno;
		}
	}
	unlink(tmp);
	errno = error;
	return rc;
}

/* write_atomic, and with `public` the file gets the mode a new file
 * would (0666 less the umask) rather than the saves' private 0600. */
static int
write_atomic_mode(const char *dir, const char *path, const char *text,
    size_t len, bool exclusive, bool public, char *err, size_t errsize)
{
	char tmp[SAVEGAME_PATH_MAX];
	/* A temp file's name means nothing to a person saving a game. */
	const char *shown = public ? path : tmp;
	FILE *f;
	int fd, rc, error;

	if (snprintf(tmp, sizeof tmp, "%s/.save-XXXXXX", dir) >=
	    (int)sizeof tmp) {
		fail(err, errsize, "the state folder's path is too long");
		return -1;
	}
	fd = mkstemp(tmp);
	if (fd < 0) {
		fail(err, errsize, "cannot write in %s: %s", dir,
		    strerror(errno));
		return -1;
	}
	if (public) {
		mode_t mask = umask(0);

		umask(mask);
		fchmod(fd, 0666 & ~mask);
	}
	f = fdopen(fd, "wb");
	if (!f) {
		fail(err, errsize, "cannot write %s: %s", shown,
		    strerror(errno));
		close(fd);
		unlink(tmp);
		return -1;
	}
	if (fwrite(text, 1, len, f) != len || fflush(f) != 0 ||
	    fsync(fileno(f)) != 0) {
		fail(err, errsize, "cannot write %s: %s", shown,
		    strerror(errno));
		fclose(f);
		unlink(tmp);
		return -1;
	}
	if (fclose(f) != 0) {
		fail(err, errsize, "cannot write %s: %s", shown,
		    strerror(errno));
		unlink(tmp);
		return -1;
	}
	rc = put_in_place(tmp, path, exclusive);
	if (rc != 0) {
		error = errno;
		fail(err, errsize, "cannot write %s: %s", path,
		    strerror(error));
		errno = error;
		return -1;
	}
	/* The rename itself reaches the disk with the folder. */
	fd = open(dir, O_RDONLY);
	if (fd >= 0) {
		fsync(fd);
		close(fd);
	}
	return 0;
}

static int64_t
bound(int64_t v, int64_t min, int64_t max)
{
	return v < min ? min : v > max ? max : v;
}

/* Seconds as PGN's TimeControl writes them: "300", or "0.5". */
static void
format_seconds(int64_t ms, char *buf, size_t size)
{
	if (ms % 1000)
		snprintf(buf, size, "%" PRId64 ".%03d", ms / 1000,
		    (int)(ms % 1000));
	else
		snprintf(buf, size, "%" PRId64, ms / 1000);
}

/* The value of tag `name` in the record `s` was read from, or NULL. */
static char *
record_tag(const struct ui_saved *s, const char *name)
{
	for (int i = 0; i < s->tag_count; i++)
		if (!strcmp(s->tags[i].name, name))
			return s->tags[i].value;
	return NULL;
}

/* True for a tag that a record's copy does not keep: one of the roster,
 * which takes the record's values in its place, or one written from the
 * game as it is now (by us or by bc_pgn_write). */
static bool
written_anew(const char *name)
{
	static const char *const anew[] = { "Event", "Site", "Date",
		"Round", "White", "Black", "Result", "Variant", "SetUp", "FEN",
		"Termination", "PlyCount", "TimeControl" };

	for (size_t i = 0; i < sizeof anew / sizeof anew[0]; i++)
		if (!strcmp(name, anew[i]))
			return true;
	return !strncmp(name, "Bigchess", strlen("Bigchess"));
}

int
savegame_format(const struct ui_saved *s, int level, char **out)
{
	static const char *const kind[2] = { "human", "computer" };
	char date[16], white[SAVEGAME_PLAYER_MAX], black[SAVEGAME_PLAYER_MAX];
	char players[32], levels[16], site[256], ending[24];
	char control[64], base[24], inc[24], clock[2][24];
	char *names[] = { "Event", "Site", "Date", "Round", "White", "Black",
		"TimeControl", "Termination", "BigchessPlayers",
		"BigchessLevel", "BigchessWhiteClock", "BigchessBlackClock" };
	char *values[] = { "bigchess game", site, date, "-", white, black,
		control, ending, players, levels, clock[0], clock[1] };
	enum { ROSTER = 6 }; /* Event ... Black: a record's own stand */
	char plies[24];
	bc_pgn_tag *tags;
	int n = 10, rc;
	time_t when = s->started > 0 ? (time_t)s->started : time(NULL);
	struct tm tm;
	bc_reason reason;

	if (localtime_r(&when, &tm))
		strftime(date, sizeof date, "%Y.%m.%d", &tm);
	else
		snprintf(date, sizeof date, "????.??.??");
	if (gethostname(site, sizeof site) != 0 || !site[0])
		snprintf(site, sizeof site, "?");
	site[sizeof site - 1] = '\0';
	for (int c = 0; c < 2; c++) {
		if (s->computer[c])
			snprintf(c ? black : white, sizeof white,
			    "bigchess level %d", level);
		else
			snprintf(c ? black : white, sizeof white, "%s",
			    person());
	}
	/* PGN's words: a game the rules or a resignation ended is a
	 * "normal" one. */
	if (bc_game_result(s->game, &reason) == BC_RESULT_NONE)
		snprintf(ending, sizeof ending, "unterminated");
	else
		snprintf(ending, sizeof ending, "%s", reason == BC_REASON_TIME
		    ? "time forfeit" : "normal");
	snprintf(players, sizeof players, "%s %s", kind[s->computer[0]],
	    kind[s->computer[1]]);
	snprintf(levels, sizeof levels, "%d", level);
	if (s->clock_base_ms > 0) {
		/* Within the caps, which the reader below accepts, so that
		 * a save is never unreadable for a clock's sake. */
		format_seconds(bound(s->clock_base_ms, 1, UI_CLOCK_MAX_MS),
		    base, sizeof base);
		format_seconds(bound(s->clock_increment_ms, 0,
		    UI_INCREMENT_MAX_MS), inc, sizeof inc);
		snprintf(control, sizeof control, "%s+%s", base, inc);
		for (int c = 0; c < 2; c++)
			snprintf(clock[c], sizeof clock[c], "%" PRId64,
			    bound(s->clock_left_ms[c], 0, UI_CLOCK_MAX_MS));
		n = 12;
	} else {
		snprintf(control, sizeof control, "-");
	}
	tags = malloc(((size_t)n + 1 + (size_t)s->tag_count) * sizeof *tags);
	if (!tags)
		return BC_ENOMEM;
	for (int i = 0; i < n; i++) {
		char *own = i < ROSTER ? record_tag(s, names[i]) : NULL;

		tags[i].name = names[i];
		tags[i].value = own ? own : values[i];
	}
	/* A record's move count is brought up to date, not added. */
	if (record_tag(s, "PlyCount")) {
		snprintf(plies, sizeof plies, "%d", bc_game_length(s->game));
		tags[n].name = "PlyCount";
		tags[n++].value = plies;
	}
	for (int i = 0; i < s->tag_count; i++)
		if (!written_anew(s->tags[i].name))
			tags[n++] = s->tags[i];
	rc = bc_pgn_write(s->game, tags, n, out);
	free(tags);
	return rc;
}

/* A number of seconds ("300", "0.5") as ms; false if it is not one. */
static bool
parse_seconds(const char *text, const char *end, int64_t *ms)
{
	char buf[32], *stop;
	double v;

	if (end - text <= 0 || end - text >= (long)sizeof buf)
		return false;
	memcpy(buf, text, (size_t)(end - text));
	buf[end - text] = '\0';
	errno = 0;
	v = strtod(buf, &stop);
	if (errno || *stop || stop == buf || !(v >= 0) ||
	    v * 1000 > clock_ms_max)
		return false;
	*ms = (int64_t)(v * 1000 + 0.5);
	return true;
}

static bool
parse_ms(const char *text, int64_t *ms)
{
	char *end;
	long long v;

	errno = 0;
	v = strtoll(text, &end, 10);
	if (errno || end == text || *end || v < 0 || v > clock_ms_max)
		return false;
	*ms = v;
	return true;
}

/* A PGN Date ("2026.12.01") as noon of that day, local time; 0 when it
 * is not a whole date (a record may say "2026.??.??"). */
static int64_t
parse_date(const char *text)
{
	struct tm tm;
	int y = 0, m = 0, d = 0;
	time_t t;

	/* Exactly YYYY.MM.DD, digit by digit. */
	if (strlen(text) != 10 || text[4] != '.' || text[7] != '.')
		return 0;
	for (int i = 0; i < 10; i++) {
		if (i == 4 || i == 7)
			continue;
		if (text[i] < '0' || text[i] > '9')
			return 0;
		if (i < 4)
			y = y * 10 + (text[i] - '0');
		else if (i < 7)
			m = m * 10 + (text[i] - '0');
		else
			d = d * 10 + (text[i] - '0');
	}
	if (y < 1900 || m < 1 || m > 12 || d < 1 || d > 31)
		return 0;
	memset(&tm, 0, sizeof tm);
	tm.tm_year = y - 1900;
	tm.tm_mon = m - 1;
	tm.tm_mday = d;
	tm.tm_hour = 12;
	tm.tm_isdst = -1;
	t = mktime(&tm);
	return t == (time_t)-1 ? 0 : (int64_t)t;
}

/* Reads our tags from `g` into `out`; -1 with `err` if one is bad. */
static int
parse_tags(const bc_pgn_game *g, struct savegame *out, char *err,
    size_t errsize)
{
	const char *v;

	if ((v = bc_pgn_tag_value(g, "BigchessPlayers"))) {
		char w[16], b[16], extra;

		if (sscanf(v, "%15s %15s %c", w, b, &extra) != 2 ||
		    (strcmp(w, "human") && strcmp(w, "computer")) ||
		    (strcmp(b, "human") && strcmp(b, "computer"))) {
			fail(err, errsize, "bad BigchessPlayers tag '%s'", v);
			return -1;
		}
		out->ui.computer[0] = !strcmp(w, "computer");
		out->ui.computer[1] = !strcmp(b, "computer");
		out->has_players = true;
	}
	if ((v = bc_pgn_tag_value(g, "Date")))
		out->ui.started = parse_date(v);
	if ((v = bc_pgn_tag_value(g, "BigchessLevel"))) {
		char *end;
		long n = strtol(v, &end, 10);

		if (end == v || *end || n < 1 || n > 10) {
			fail(err, errsize, "bad BigchessLevel tag '%s'", v);
			return -1;
		}
		out->level = (int)n;
	}
	v = bc_pgn_tag_value(g, "TimeControl");
	if (v && strcmp(v, "-") && strcmp(v, "?")) {
		const char *plus = strchr(v, '+');

		if (!parse_seconds(v, plus ? plus : v + strlen(v),
		        &out->ui.clock_base_ms) ||
		    (plus && !parse_seconds(plus + 1, plus + strlen(plus),
		        &out->ui.clock_increment_ms)) ||
		    out->ui.clock_base_ms == 0) {
			fail(err, errsize, "bad TimeControl tag '%s' (this "
			    "program reads SECONDS+INCREMENT)", v);
			return -1;
		}
		for (int c = 0; c < 2; c++) {
			const char *name = c ? "BigchessBlackClock"
			                     : "BigchessWhiteClock";

			out->ui.clock_left_ms[c] = out->ui.clock_base_ms;
			v = bc_pgn_tag_value(g, name);
			if (v && !parse_ms(v, &out->ui.clock_left_ms[c])) {
				fail(err, errsize, "bad %s tag '%s'", name, v);
				return -1;
			}
		}
	}
	return 0;
}

int
savegame_parse(const char *text, size_t len, int number,
    const bc_variant *fallback, struct savegame *out, char *err,
    size_t errsize)
{
	bc_pgn_game g;
	bc_error e;
	int rc;

	memset(out, 0, sizeof *out);
	rc = bc_pgn_read_nth(text, len, fallback, number, &g, &e);
	if (rc != BC_OK) {
		fail(err, errsize, rc == BC_ENOTFOUND ? "it %s" : "%s",
		    e.message);
		return -1;
	}
	if (parse_tags(&g, out, err, errsize) != 0) {
		bc_pgn_game_free(&g);
		memset(out, 0, sizeof *out);
		return -1;
	}
	out->finished = strcmp(g.result, "*") != 0 ||
	    bc_game_result(g.game, NULL) != BC_RESULT_NONE;
	out->game = g.game;
	out->ui.game = g.game;
	out->tags = g.tags;
	out->tag_count = g.tag_count;
	out->ui.tags = g.tags;
	out->ui.tag_count = g.tag_count;
	g.game = NULL;
	g.tags = NULL;
	g.tag_count = 0;
	bc_pgn_game_free(&g);
	return 0;
}

/*
 * True if `text`, one of our own files, ends as our writer ends every
 * game: with a result token.  Anything else was cut short.
 */
static bool
complete(const char *text, size_t len)
{
	static const char *const results[] = { "*", "1-0", "0-1", "1/2-1/2" };

	if (!strstr(text, "[BigchessPlayers "))
		return true;
	while (len > 0 && strchr(" \t\r\n", text[len - 1]))
		len--;
	for (size_t i = 0; i < sizeof results / sizeof results[0]; i++) {
		size_t n = strlen(results[i]);

		if (len >= n && !memcmp(text + len - n, results[i], n) &&
		    (len == n || strchr(" \t\r\n", text[len - n - 1])))
			return true;
	}
	return false;
}

/* Reads game `number` of `data`, the file `path`, and frees `data`. */
static int
parse_file(char *data, size_t len, const char *path, int number,
    const bc_variant *fallback, struct savegame *out, char *err,
    size_t errsize)
{
	char why[BC_ERROR_MESSAGE_MAX + 32];
	int rc;

	if (!complete(data, len)) {
		fail(err, errsize, "%s is cut short (it does not end with "
		    "a result)", path);
		rc = -1;
	} else {
		rc = savegame_parse(data, len, number, fallback, out, why,
		    sizeof why);
		if (rc != 0)
			fail(err, errsize, "%s: %s", path, why);
	}
	free(data);
	return rc;
}

int
savegame_read(const char *path, size_t max, int number,
    const bc_variant *fallback, struct savegame *out, char *err,
    size_t errsize)
{
	size_t len;
	char *data;

	memset(out, 0, sizeof *out);
	data = fileio_read(path, max, &len, err, errsize);
	if (!data)
		return errno == ENOENT ? 1 : -1;
	return parse_file(data, len, path, number, fallback, out, err,
	    errsize);
}

int
savegame_read_autosave(const char *dir, struct savegame *out, char *err,
    size_t errsize)
{
	return savegame_read_autosave_as(dir, autosave_name, out, err,
	    errsize);
}

int
savegame_read_autosave_as(const char *dir, const char *name,
    struct savegame *out, char *err, size_t errsize)
{
	char path[SAVEGAME_PATH_MAX + SAVEGAME_NAME_MAX];
	size_t len;
	char *data;
	int fd;

	memset(out, 0, sizeof *out);
	snprintf(path, sizeof path, "%s/%s", dir, name);
	if ((fd = savegame_open(dir, name, err, errsize)) < 0)
		return errno == ENOENT ? 1 : -1;
	data = fileio_read_fd(fd, path, SAVEGAME_AUTOSAVE_MAX, &len, err,
	    errsize);
	if (!data)
		return -1;
	return parse_file(data, len, path, 1, NULL, out, err, errsize);
}

void
savegame_free(struct savegame *g)
{
	for (int i = 0; i < g->tag_count; i++) {
		free(g->tags[i].name);
		free(g->tags[i].value);
	}
	free(g->tags);
	bc_game_free(g->game);
	memset(g, 0, sizeof *g);
}

/*
 * Puts a new file history/<date-time>.pgn in `dir`: `text` written
 * atomically, or else (text NULL) a hard link to the file `from`, which
 * moves it there whatever it holds.  Never replaces an existing file.
 */
static int
write_history(const char *dir, const char *text, const char *from,
    char *err, size_t errsize)
{
	char folder[SAVEGAME_PATH_MAX], path[SAVEGAME_PATH_MAX + 64];
	char stamp[32];
	time_t now = time(NULL);
	struct tm tm;

	if (snprintf(folder, sizeof folder, "%s/history", dir) >=
	    (int)sizeof folder) {
		fail(err, errsize, "the state folder's path is too long");
		return -1;
	}
	/* Keeping no history: nothing is written, and older games go. */
	if (history_keep == 0) {
		history_prune(folder, 0);
		return 0;
	}
	if (make_dir(dir, err, errsize) != 0)
		return -1;
	if (mkdir(folder, 0700) != 0 && errno != EEXIST) {
		fail(err, errsize, "cannot make %s: %s", folder,
		    strerror(errno));
		return -1;
	}
	if (check_folder(folder, false, err, errsize) != FOLDER_OK)
		return -1;
	if (!localtime_r(&now, &tm) ||
	    !strftime(stamp, sizeof stamp, "%Y%m%d-%H%M%S", &tm))
		snprintf(stamp, sizeof stamp, "%lld", (long long)now);
	/* Two games finished in one second get -2, -3, ... */
	for (int i = 1; i < 100; i++) {
		int rc;

		if (i == 1)
			snprintf(path, sizeof path, "%s/%s.pgn", folder, stamp);
		else
			snprintf(path, sizeof path, "%s/%s-%d.pgn", folder,
			    stamp, i);
		if (text) {
			rc = write_atomic(folder, path, text, strlen(text),
			    true, err, errsize);
		} else {
			/* Callers give `text` or `from`. */
			/* NOLINTNEXTLINE(clang-analyzer-core.NonNullParamChecker) */
			rc = link(from, path);
			if (rc != 0)
				fail(err, errsize, "cannot write %s: %s", path,
				    strerror(errno));
		}
		if (rc == 0) {
			history_prune(folder, history_keep);
			return 0;
		}
		if (errno != EEXIST)
			return -1;
	}
	return -1;
}

int
savegame_write(const char *dir, const struct ui_saved *s, int level,
    char *err, size_t errsize)
{
	return savegame_write_as(dir, autosave_name, s, level, err, errsize);
}

int
savegame_write_as(const char *dir, const char *name,
    const struct ui_saved *s, int level, char *err, size_t errsize)
{
	char path[SAVEGAME_PATH_MAX + SAVEGAME_NAME_MAX];
	struct stat st;
	char *text;
	int rc;

	if (make_dir(dir, err, errsize) != 0)
		return -1;
	if (savegame_format(s, level, &text) != BC_OK) {
		fail(err, errsize, "out of memory");
		return -1;
	}
	snprintf(path, sizeof path, "%s/%s", dir, name);
	/* A new game never overwrites an older one: that goes to history. */
	if (s->first && lstat(path, &st) == 0 &&
	    savegame_archive_as(dir, name, err, errsize) != 0) {
		free(text);
		return -1;
	}
	if (bc_game_result(s->game, NULL) == BC_RESULT_NONE) {
		rc = write_atomic(dir, path, text, strlen(text), false, err,
		    errsize);
	} else {
		/* A game without a move is not worth a history file. */
		rc = bc_game_length(s->game) == 0 ? 0
		    : write_history(dir, text, NULL, err, errsize);
		if (rc == 0 && unlink(path) != 0 && errno != ENOENT) {
			fail(err, errsize, "cannot remove %s: %s", path,
			    strerror(errno));
			rc = -1;
		}
	}
	free(text);
	return rc;
}

/*
 * True if the file `path` is a game of ours without a single move (then
 * it is removed, not archived).  A file that cannot be read as a game
 * is kept: it may hold something worth finding by hand.
 */
static bool
moveless(const char *path)
{
	struct savegame g;
	char err[FILEIO_ERROR_MAX];
	bool none;

	if (savegame_read(path, SAVEGAME_AUTOSAVE_MAX, 1, NULL, &g, err,
	    sizeof err) != 0)
		return false;
	none = bc_game_length(g.game) == 0;
	savegame_free(&g);
	return none;
}

/*
 * Puts the autosave `path` into the history.  An unfinished game of ours
 * goes there as "abandoned": a new game took its place.  Anything else
 * is linked as it is.
 */
static int
archive_file(const char *dir, const char *path, char *err, size_t errsize)
{
	char why[FILEIO_ERROR_MAX];
	size_t len, head, tail;
	char *text = fileio_read(path, SAVEGAME_AUTOSAVE_MAX, &len, why,
	    sizeof why);
	char *at = text && strlen(text) == len ? strstr(text, unterminated)
	    : NULL;
	char *copy;
	int rc;

	if (!at) {
		free(text);
		return write_history(dir, NULL, path, err, errsize);
	}
	head = (size_t)(at - text);
	tail = len - head - strlen(unterminated);
	copy = malloc(head + strlen(abandoned) + tail + 1);
	if (!copy) {
		free(text);
		return write_history(dir, NULL, path, err, errsize);
	}
	snprintf(copy, head + strlen(abandoned) + tail + 1, "%.*s%s%s",
	    (int)head, text, abandoned, at + strlen(unterminated));
	free(text);
	rc = write_history(dir, copy, NULL, err, errsize);
	free(copy);
	return rc;
}

int
savegame_archive(const char *dir, char *err, size_t errsize)
{
	return savegame_archive_as(dir, autosave_name, err, errsize);
}

int
savegame_archive_as(const char *dir, const char *name, char *err,
    size_t errsize)
{
	char path[SAVEGAME_PATH_MAX + SAVEGAME_NAME_MAX];
	struct stat st;

	snprintf(path, sizeof path, "%s/%s", dir, name);
	/* Only a file is a game to keep; a link (or anything else) in its
	 * place is not followed but dropped, as a save would replace it. */
	if (lstat(path, &st) == 0 && !S_ISREG(st.st_mode)) {
		if (unlink(path) != 0) {
			fail(err, errsize, "cannot remove %s: %s", path,
			    strerror(errno));
			return -1;
		}
		return 0;
	}
	if (!moveless(path) && archive_file(dir, path, err, errsize) != 0)
		return -1;
	if (unlink(path) != 0 && errno != ENOENT) {
		fail(err, errsize, "cannot remove %s: %s", path,
		    strerror(errno));
		return -1;
	}
	return 0;
}

static int
store_save(void *ctx, const struct ui_saved *s, char *err, size_t errsize)
{
	const struct savegame_store *st = ctx;

	return savegame_write_as(st->dir, st->name, s,
	    s->level ? s->level : st->level, err, errsize);
}

void
savegame_store_init(struct savegame_store *st, const char *dir,
    const char *name, int level)
{
	snprintf(st->dir, sizeof st->dir, "%s", dir);
	snprintf(st->name, sizeof st->name, "%s", name ? name : autosave_name);
	st->level = level;
	st->seam.ctx = st;
	st->seam.save = store_save;
}

int
savegame_write_file(const char *dir, const char *name, const char *text,
    size_t len, char *err, size_t errsize)
{
	char path[SAVEGAME_PATH_MAX];

	if (snprintf(path, sizeof path, "%s/%s", dir, name) >=
	    (int)sizeof path) {
		fail(err, errsize, "the state folder's path is too long");
		return -1;
	}
	if (make_dir(dir, err, errsize) != 0)
		return -1;
	return write_atomic(dir, path, text, len, false, err, errsize);
}

int
savegame_make_dir(const char *dir, char *err, size_t errsize)
{
	return make_dir(dir, err, errsize);
}

int
savegame_write_path(const char *path, const char *text, size_t len,
    bool replace, char *err, size_t errsize)
{
	char dir[SAVEGAME_PATH_MAX];
	const char *slash = strrchr(path, '/');
	struct stat st;

	if (!*path || (slash && !slash[1])) {
		fail(err, errsize, "%s names a folder; add a file name", *path
		    ? path : "''");
		return -1;
	}
	if (slash && (size_t)(slash - path) >= sizeof dir) {
		fail(err, errsize, "the path is too long");
		return -1;
	}
	if (!slash)
		snprintf(dir, sizeof dir, ".");
	else if (slash == path)
		snprintf(dir, sizeof dir, "/");
	else
		snprintf(dir, sizeof dir, "%.*s", (int)(slash - path), path);
	if (stat(dir, &st) != 0) {
		fail(err, errsize, "cannot save in %s: %s", dir,
		    errno == ENOENT ? "no such folder" : strerror(errno));
		return -1;
	}
	if (!S_ISDIR(st.st_mode)) {
		fail(err, errsize, "cannot save in %s: it is not a folder", dir);
		return -1;
	}
	if (stat(path, &st) == 0 && S_ISDIR(st.st_mode)) {
		fail(err, errsize, "%s is a folder; add a file name", path);
		return -1;
	}
	if (!replace && lstat(path, &st) == 0)
		return SAVEGAME_EXISTS;
	if (write_atomic_mode(dir, path, text, len, !replace, true, err,
	    errsize) == 0)
		return 0;
	return !replace && errno == EEXIST ? SAVEGAME_EXISTS : -1;
}
