/*
 * config.c - reading the settings files (see config.h for which and why).
 *
 * A file is read through a non-blocking open and taken only if it is a
 * regular file, so a FIFO or a device named as a settings file can never
 * hang the start; at most CONFIG_FILE_MAX bytes of it count.  Warnings
 * never echo the file's text: a key is named only when it is one of
 * ours, so nothing from the file reaches the terminal raw.
 */
#include <errno.h>
#include <fcntl.h>
#include <math.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>
#include <sys/stat.h>
#include <unistd.h>

#include "bigchess/bigchess.h"
#include "config.h"
#include "ui/ui.h"

/* The settings, and whether the person's own file may set them. */
static const struct {
	const char *key;
	bool system_only;
} keys[] = {
	{ "restricted", true },
	{ "state-dir", true },
	{ "idle", false },
	{ "history-keep", false },
	{ "rooms", false },
	{ "name", false },
	{ "variant", false },
	{ "level", false },
	{ "clock", false },
	{ "coach", false },
	{ "glyphs", false },
	{ "colour", false },
	{ "color", false },
	{ "auto-flip", false },
};

void
config_defaults(struct config *c)
{
	memset(c, 0, sizeof *c);
	c->history_keep = CONFIG_HISTORY_KEEP_DEFAULT;
	c->variant = c->level = c->coach = CONFIG_UNSET;
	c->glyphs = c->colour = c->autoflip = CONFIG_UNSET;
}

void
config_take_personal(struct config *c, const struct config *user)
{
	bool restricted = c->restricted;
	char dir[sizeof c->state_dir];

	memcpy(dir, c->state_dir, sizeof dir);
	*c = *user;
	c->restricted = restricted;
	memcpy(c->state_dir, dir, sizeof dir);
}

bool
config_parse_clock(const char *text, int64_t *base_ms, int64_t *increment_ms)
{
	char *end;
	double minutes, seconds = 0;

	errno = 0;
	minutes = strtod(text, &end);
	if (!errno && end != text && *end == '+')
		seconds = strtod(end + 1, &end);
	if (errno || end == text || *end || !isfinite(minutes) ||
	    !isfinite(seconds) || minutes <= 0 ||
	    minutes * 60000.0 > UI_CLOCK_MAX_MS || seconds < 0 ||
	    seconds * 1000.0 > UI_INCREMENT_MAX_MS)
		return false;
	*base_ms = (int64_t)(minutes * 60000.0 + 0.5);
	*increment_ms = (int64_t)(seconds * 1000.0 + 0.5);
	if (*base_ms < 1)
		*base_ms = 1;
	return true;
}

bool
config_parse_idle(const char *text, int64_t *ms)
{
	char *end;
	double minutes;

	errno = 0;
	minutes = strtod(text, &end);
	if (errno || end == text || *end || !isfinite(minutes) ||
	    minutes < 0 || minutes > CONFIG_IDLE_MAX_MINUTES)
		return false;
	*ms = (int64_t)(minutes * 60000.0 + 0.5);
	/* A timeout too short to be measured is still a timeout. */
	if (minutes > 0 && *ms < 1)
		*ms = 1;
	return true;
}

bool
config_parse_keep(const char *text, int *keep)
{
	char *end;
	long n;

	errno = 0;
	n = strtol(text, &end, 10);
	if (errno || end == text || *end || n < 0 ||
	    n > CONFIG_HISTORY_KEEP_MAX)
		return false;
	*keep = (int)n;
	return true;
}

static bool
parse_bool(const char *text, bool *out)
{
	static const char *const yes[] = { "yes", "true", "on", "1" };
	static const char *const no[] = { "no", "false", "off", "0" };

	for (size_t i = 0; i < sizeof yes / sizeof yes[0]; i++) {
		if (!strcasecmp(text, yes[i])) {
			*out = true;
			return true;
		}
		if (!strcasecmp(text, no[i])) {
			*out = false;
			return true;
		}
	}
	return false;
}

bool
config_expand_dir(const char *pattern, const char *user, char *buf,
    size_t size)
{
	size_t n = 0;

	if (pattern[0] != '/')
		return false;
	for (const char *p = pattern; *p; p++) {
		const char *add = p;
		size_t len = 1;

		if (*p == '%') {
			p++;
			if (*p == 'u') {
				/* A login name becomes one path component. */
				if (!user || !*user || strchr(user, '/') ||
				    !strcmp(user, ".") || !strcmp(user, ".."))
					return false;
				add = user;
				len = strlen(user);
			} else if (*p != '%') {
				return false;
			}
		}
		if (n + len >= size)
			return false;
		memcpy(buf + n, add, len);
		n += len;
	}
	buf[n] = '\0';
	return true;
}

/* The warning for line `line` of `name`; what follows is its reason. */
static void
warn_line(FILE *warn, const char *name, int line, const char *why,
    const char *key)
{
	if (!warn)
		return;
	if (key)
		fprintf(warn, "bigchess: %s:%d: %s '%s' (line ignored)\n",
		    name, line, why, key);
	else
		fprintf(warn, "bigchess: %s:%d: %s (line ignored)\n", name,
		    line, why);
}

/* A name for the records: printable text, no control characters. */
static bool
set_name(struct config *c, const char *value)
{
	size_t len = strlen(value);

	if (!len || len >= sizeof c->name)
		return false;
	for (const char *p = value; *p; p++)
		if ((unsigned char)*p < 0x20 || *p == 0x7f)
			return false;
	memcpy(c->name, value, len + 1);
	return true;
}

/* One of `words` (in any case): its index in *out; false if none. */
static bool
set_word(const char *value, const char *const *words, int n, int *out)
{
	for (int i = 0; i < n; i++)
		if (!strcasecmp(value, words[i])) {
			*out = i;
			return true;
		}
	return false;
}

/* The person's own keys (see struct config). */
static bool
set_personal(struct config *c, const char *key, const char *value)
{
	static const char *const glyphs[] = { "ascii", "utf8", "symbols" };
	static const char *const colour[] = { "never", "auto" };
	bool on;

	if (!strcmp(key, "name"))
		return set_name(c, value);
	if (!strcmp(key, "variant")) {
		const bc_variant *v = bc_variant_find(value);

		if (!v)
			return false;
		c->variant = (int)bc_variant_id_of(v);
		return true;
	}
	if (!strcmp(key, "level")) {
		char *end;
		long n;

		errno = 0;
		n = strtol(value, &end, 10);
		if (errno || end == value || *end || n < 1 || n > 10)
			return false;
		c->level = (int)n;
		return true;
	}
	if (!strcmp(key, "clock")) {
		if (!strcasecmp(value, "none") || !strcmp(value, "0")) {
			c->clock_base_ms = c->clock_increment_ms = 0;
			c->clock_set = true;
			return true;
		}
		if (!config_parse_clock(value, &c->clock_base_ms,
		    &c->clock_increment_ms))
			return false;
		c->clock_set = true;
		return true;
	}
	if (!strcmp(key, "glyphs"))
		return set_word(value, glyphs, 3, &c->glyphs);
	if (!strcmp(key, "colour") || !strcmp(key, "color"))
		return set_word(value, colour, 2, &c->colour);
	if (!strcmp(key, "coach") && !strcmp(value, "first")) {
		c->coach = UI_COACH_FIRST;
		return true;
	}
	if (!parse_bool(value, &on))
		return false;
	if (!strcmp(key, "coach"))
		c->coach = on ? UI_COACH_ON : UI_COACH_OFF;
	else
		c->autoflip = on;
	return true;
}

/* Sets `key` (one of ours) to `value`; false if the value is bad. */
static bool
set(struct config *c, const char *key, const char *value)
{
	if (!strcmp(key, "restricted")) {
		bool on;

		if (!parse_bool(value, &on))
			return false;
		/* Once on, nothing turns it off. */
		c->restricted |= on;
		return true;
	}
	if (!strcmp(key, "state-dir")) {
		size_t len = strlen(value);

		if (value[0] != '/' || len >= sizeof c->state_dir)
			return false;
		memcpy(c->state_dir, value, len + 1);
		return true;
	}
	if (!strcmp(key, "rooms")) {
		size_t len = strlen(value);

		if (value[0] != '/' || len >= sizeof c->rooms)
			return false;
		memcpy(c->rooms, value, len + 1);
		return true;
	}
	if (!strcmp(key, "idle"))
		return config_parse_idle(value, &c->idle_ms);
	if (!strcmp(key, "history-keep"))
		return config_parse_keep(value, &c->history_keep);
	return set_personal(c, key, value);
}

/* Cuts the blanks (and a CR) around the NUL-terminated `s`. */
static char *
trim(char *s)
{
	char *e = s + strlen(s);

	while (*s == ' ' || *s == '\t')
		s++;
	while (e > s && (e[-1] == ' ' || e[-1] == '\t' || e[-1] == '\r'))
		*--e = '\0';
	return s;
}

/* Reads one line `text` (no newline, NUL-terminated) of the file. */
static int
parse_line(struct config *c, char *text, const char *name, int line,
    enum config_owner owner, FILE *warn)
{
	char *eq, *key, *value;
	size_t k;

	if (strchr(text, '#'))
		*strchr(text, '#') = '\0';
	key = trim(text);
	if (!*key)
		return 0;
	eq = strchr(key, '=');
	if (!eq) {
		warn_line(warn, name, line, "not a 'key = value' line", NULL);
		return 1;
	}
	*eq = '\0';
	key = trim(key);
	value = trim(eq + 1);
	for (k = 0; k < sizeof keys / sizeof keys[0]; k++)
		if (!strcmp(key, keys[k].key))
			break;
	if (k == sizeof keys / sizeof keys[0]) {
		warn_line(warn, name, line, "unknown setting", NULL);
		return 1;
	}
	if (keys[k].system_only && owner != CONFIG_SYSTEM) {
		warn_line(warn, name, line, "only the administrator's file "
		    "may set", keys[k].key);
		return 1;
	}
	if (!set(c, keys[k].key, value)) {
		warn_line(warn, name, line, "bad value for", keys[k].key);
		return 1;
	}
	return 0;
}

int
config_parse(struct config *c, const char *text, size_t len,
    const char *name, enum config_owner owner, FILE *warn)
{
	char buf[CONFIG_LINE_MAX];
	int warnings = 0, line = 0;
	size_t pos = 0;

	while (pos < len) {
		size_t end = pos;

		while (end < len && text[end] != '\n')
			end++;
		line++;
		if (end - pos >= sizeof buf) {
			warn_line(warn, name, line, "line too long", NULL);
			warnings++;
		} else if (memchr(text + pos, '\0', end - pos)) {
			warn_line(warn, name, line, "a NUL byte in the line",
			    NULL);
			warnings++;
		} else {
			memcpy(buf, text + pos, end - pos);
			buf[end - pos] = '\0';
			warnings += parse_line(c, buf, name, line, owner, warn);
		}
		pos = end + 1;
	}
	return warnings;
}

int
config_read(struct config *c, const char *path, enum config_owner owner,
    FILE *warn)
{
	char *text;
	struct stat st;
	ssize_t got;
	size_t len = 0;
	int fd, warnings;

	fd = open(path, O_RDONLY | O_NONBLOCK | O_CLOEXEC | O_NOCTTY);
	if (fd < 0) {
		if (errno == ENOENT || errno == ENOTDIR)
			return 0;
		if (warn)
			fprintf(warn, "bigchess: cannot read %s: %s (settings "
			    "ignored)\n", path, strerror(errno));
		return 1;
	}
	if (fstat(fd, &st) != 0 || !S_ISREG(st.st_mode)) {
		close(fd);
		if (warn)
			fprintf(warn, "bigchess: %s is not a regular file "
			    "(settings ignored)\n", path);
		return 1;
	}
	text = malloc(CONFIG_FILE_MAX);
	if (!text) {
		close(fd);
		if (warn)
			fprintf(warn, "bigchess: out of memory reading %s "
			    "(settings ignored)\n", path);
		return 1;
	}
	while (len < CONFIG_FILE_MAX &&
	    (got = read(fd, text + len, CONFIG_FILE_MAX - len)) != 0) {
		if (got < 0 && errno == EINTR)
			continue;
		if (got < 0)
			break;
		len += (size_t)got;
	}
	close(fd);
	warnings = config_parse(c, text, len, path, owner, warn);
	if (len == CONFIG_FILE_MAX && warn) {
		fprintf(warn, "bigchess: %s: only its first %d KiB are "
		    "read\n", path, CONFIG_FILE_MAX / 1024);
		warnings++;
	}
	free(text);
	return warnings;
}
