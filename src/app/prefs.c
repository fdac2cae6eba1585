/*
 * prefs.c - the last game's choices and the order in which the choices
 * of a new game are taken (see prefs.h).
 *
 * The last-game file is ours, "key = value" lines such as
 *
 *   variant = chad
 *   white = human
 *   black = computer
 *   level = 4
 *   clock-ms = 600000+5000
 *   bottom = white
 *   auto-flip = no
 *
 * read only through savegame_open (a regular file in a trusted folder,
 * no link followed) and written like every save.  A line it cannot use
 * is skipped without a word: at worst a choice is the default's.
 */
#include <errno.h>
#include <inttypes.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "fileio.h"
#include "prefs.h"

enum { LAST_GAME_MAX = 4096 };

static bool
read_ms(const char *text, int64_t *out, int64_t max)
{
	char *end;
	long long v;

	errno = 0;
	v = strtoll(text, &end, 10);
	if (errno || end == text || v < 0 || v > max)
		return false;
	*out = v;
	return *end == '\0' || *end == '+';
}

/* One "key = value" line of the file, into `out`. */
static void
read_line(char *line, struct ui_choices *out)
{
	char *eq = strchr(line, '='), *key = line, *value, *e;

	if (!eq)
		return;
	*eq = '\0';
	value = eq + 1;
	while (*key == ' ')
		key++;
	for (e = eq; e > key && e[-1] == ' ';)
		*--e = '\0';
	while (*value == ' ')
		value++;
	for (e = value + strlen(value); e > value && (e[-1] == ' ' ||
	    e[-1] == '\r');)
		*--e = '\0';
	if (!strcmp(key, "variant")) {
		const bc_variant *v = bc_variant_find(value);

		if (v)
			out->variant = bc_variant_id_of(v);
	} else if (!strcmp(key, "white") || !strcmp(key, "black")) {
		if (!strcmp(value, "human") || !strcmp(value, "computer"))
			out->computer[key[0] == 'b'] = value[0] == 'c';
	} else if (!strcmp(key, "level")) {
		if (value[0] >= '1' && value[0] <= '9' && !value[1])
			out->level = value[0] - '0';
		else if (!strcmp(value, "10"))
			out->level = 10;
	} else if (!strcmp(key, "clock-ms")) {
		int64_t base, inc = 0;
		const char *plus = strchr(value, '+');

		if (read_ms(value, &base, UI_CLOCK_MAX_MS) && (!plus ||
		    read_ms(plus + 1, &inc, UI_INCREMENT_MAX_MS)) &&
		    (!plus || !strchr(plus + 1, '+'))) {
			out->clock_base_ms = base;
			out->clock_increment_ms = base ? inc : 0;
		}
	} else if (!strcmp(key, "bottom")) {
		if (!strcmp(value, "white") || !strcmp(value, "black"))
			out->black_at_bottom = value[0] == 'b';
	} else if (!strcmp(key, "auto-flip")) {
		if (!strcmp(value, "yes") || !strcmp(value, "no"))
			out->autoflip = value[0] == 'y';
	}
}

bool
prefs_read_last(const char *dir, struct ui_choices *out)
{
	char err[FILEIO_ERROR_MAX], path[SAVEGAME_PATH_MAX + 16];
	char *text, *line, *next;
	size_t len;
	int fd;

	memset(out, 0, sizeof *out);
	out->variant = bc_variant_id_of(bc_variant_default());
	out->computer[BC_BLACK] = true;
	if ((fd = savegame_open(dir, PREFS_LAST_GAME, err, sizeof err)) < 0)
		return false;
	snprintf(path, sizeof path, "%s/%s", dir, PREFS_LAST_GAME);
	text = fileio_read_fd(fd, path, LAST_GAME_MAX, &len, err, sizeof err);
	if (!text)
		return false;
	for (line = text; line; line = next) {
		next = strchr(line, '\n');
		if (next)
			*next++ = '\0';
		/* A NUL inside ends the text early: the rest is ignored. */
		read_line(line, out);
	}
	free(text);
	return true;
}

int
prefs_write_last(const char *dir, const struct ui_choices *c, char *err,
    size_t errsize)
{
	char text[512], level[24] = "";
	int n;

	/* No level line for a game at the first-game default (level 0). */
	if (c->level >= 1 && c->level <= 10)
		snprintf(level, sizeof level, "level = %d\n", c->level);
	n = snprintf(text, sizeof text, "# bigchess: the choices of the last "
	    "game, for the new-game screen\n"
	    "variant = %s\nwhite = %s\nblack = %s\n%s"
	    "clock-ms = %" PRId64 "+%" PRId64 "\nbottom = %s\n"
	    "auto-flip = %s\n",
	    bc_variant_key(bc_variant_get(c->variant)),
	    c->computer[BC_WHITE] ? "computer" : "human",
	    c->computer[BC_BLACK] ? "computer" : "human", level,
	    c->clock_base_ms, c->clock_increment_ms,
	    c->black_at_bottom ? "black" : "white",
	    c->autoflip ? "yes" : "no");
	if (n < 0 || (size_t)n >= sizeof text) {
		snprintf(err, errsize, "the choices do not fit");
		return -1;
	}
	return savegame_write_file(dir, PREFS_LAST_GAME, text, (size_t)n, err,
	    errsize);
}

void
prefs_apply(struct ui_options *u, int *level, const struct config *c,
    const struct ui_choices *last, const struct prefs_given *given)
{
	if (!given->variant) {
		if (c->variant != CONFIG_UNSET)
			u->variant = (bc_variant_id)c->variant;
		else if (last)
			u->variant = last->variant;
	}
	if (!given->players && last) {
		u->computer[BC_WHITE] = last->computer[BC_WHITE];
		u->computer[BC_BLACK] = last->computer[BC_BLACK];
		u->bottom_set = true;
		u->black_at_bottom = last->black_at_bottom;
	}
	if (!given->level && !*level) {
		if (c->level != CONFIG_UNSET)
			*level = c->level;
		else if (last && last->level >= 1 && last->level <= 10)
			*level = last->level;
	}
	if (!given->clock) {
		if (c->clock_set) {
			u->clock_base_ms = c->clock_base_ms;
			u->clock_increment_ms = c->clock_increment_ms;
		} else if (last) {
			u->clock_base_ms = last->clock_base_ms;
			u->clock_increment_ms = last->clock_increment_ms;
		}
	}
	if (c->autoflip != CONFIG_UNSET)
		u->autoflip = c->autoflip;
	else if (last)
		u->autoflip = last->autoflip;
	if (!given->glyphs && c->glyphs != CONFIG_UNSET) {
		u->ascii = c->glyphs == CONFIG_GLYPHS_ASCII;
		u->symbols = c->glyphs == CONFIG_GLYPHS_SYMBOLS;
	}
	if (!given->colour && c->colour == 0)
		u->color = false;
	if (c->coach != CONFIG_UNSET)
		u->coach = c->coach;
}

static void
store_remember(void *ctx, const struct ui_choices *c)
{
	const struct savegame_store *st = ctx;
	char err[SAVEGAME_PATH_MAX + 128];

	/* Only a convenience: a folder that cannot take it is no news. */
	prefs_write_last(st->dir, c, err, sizeof err);
}

void
prefs_attach(struct savegame_store *st)
{
	st->seam.remember = store_remember;
}
