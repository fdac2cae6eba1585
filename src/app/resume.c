/*
 * resume.c - choosing the game the curses client starts with, and
 * where it is saved.
 *
 * A bad autosave never stops the program: it is moved aside to
 * autosave.pgn.bad, or .bad.1 to .bad.9 when that is taken (so the next
 * good save does not destroy what may be recovered by hand), and the
 * new-game screen says so.  A finished game
 * left in the autosave goes to history/.
 */
#include <errno.h>
#include <stdio.h>
#include <string.h>
#include <unistd.h>

#include "engine/engine.h"
#include "report.h"
#include "prefs.h"
#include "resume.h"
#include "saveas.h"

/* How many broken autosaves are kept: NAME.bad and NAME.bad.1 to .9. */
enum { RESUME_BAD_MAX = 10 };

/*
 * A game saved without a clock gets the options' clock (`base_ms` > 0),
 * both sides' time full; a game with its own clock keeps it.
 */
static void
default_clock(struct ui_saved *g, int64_t base_ms, int64_t increment_ms)
{
	if (g->clock_base_ms == 0 && base_ms > 0) {
		g->clock_base_ms = base_ms;
		g->clock_increment_ms = increment_ms;
		g->clock_left_ms[0] = base_ms;
		g->clock_left_ms[1] = base_ms;
	}
}

static void
use_game(struct resume *r, struct ui_options *u, int *level,
    bool players_given)
{
	if (!players_given && r->game.has_players) {
		u->computer[0] = r->game.ui.computer[0];
		u->computer[1] = r->game.ui.computer[1];
	}
	r->game.ui.computer[0] = u->computer[0];
	r->game.ui.computer[1] = u->computer[1];
	default_clock(&r->game.ui, u->clock_base_ms, u->clock_increment_ms);
	if (!*level && r->game.level)
		*level = r->game.level;
	u->resume = &r->game.ui;
}

/*
 * The list's `load`: game `number` of the file, with the players and the
 * clock of the options as use_game would give them.
 */
static int
load_record(void *ctx, int number, const struct ui_saved **out, char *err,
    size_t errsize)
{
	struct resume *r = ctx;
	struct savegame g;

	if (savegame_parse(r->file.text, r->file.len, number,
	    r->file.fallback, &g, err, errsize) != 0)
		return -1;
	savegame_free(&r->game);
	r->game = g;
	if (r->players_given || !g.has_players) {
		r->game.ui.computer[0] = r->computer[0];
		r->game.ui.computer[1] = r->computer[1];
	}
	default_clock(&r->game.ui, r->clock_base_ms, r->clock_increment_ms);
	*out = &r->game.ui;
	return 0;
}

/*
 * --load FILE without --game: with several games in FILE, hands the UI
 * a list of them (returns 1); otherwise 0, and the first game is loaded
 * as with --game 1.  -1 after a line on stderr.
 */
static int
offer_list(struct resume *r, struct ui_options *u, const char *path,
    const bc_variant *fallback, bool players_given)
{
	if (records_scan(path, fallback, &r->file) != 0)
		return -1;
	if (r->file.count < 2)
		return 0;
	r->computer[0] = u->computer[0];
	r->computer[1] = u->computer[1];
	r->players_given = players_given;
	r->clock_base_ms = u->clock_base_ms;
	r->clock_increment_ms = u->clock_increment_ms;
	r->records.ctx = r;
	r->records.name = path;
	r->records.count = r->file.count;
	r->records.more = r->file.more;
	r->records.games = r->file.games;
	r->records.load = load_record;
	u->records = &r->records;
	u->skip_setup = true;
	return 1;
}

/* Adds `text` to the status line's message at start. */
static void
say(struct resume *r, const char *text)
{
	size_t len = strlen(r->message);

	snprintf(r->message + len, sizeof r->message - len, "%s%s",
	    len ? " " : "", text);
}

/*
 * Moves a bad autosave aside and says why on the status line.  It gets
 * the first free name of NAME.bad, NAME.bad.1 ... NAME.bad.9 (link never
 * replaces a file), so an older broken save is never overwritten; with
 * all of them taken it stays where it is, and the next game's first save
 * moves it to history/ like any older autosave.
 */
static void
put_aside(struct resume *r, const char *path, const char *why)
{
	char bad[SAVEGAME_PATH_MAX + 40], text[2 * SAVEGAME_PATH_MAX + 300];
	const char *name = strrchr(path, '/') ? strrchr(path, '/') + 1 : path;
	bool kept = false;

	for (int i = 0; i < RESUME_BAD_MAX && !kept; i++) {
		if (i == 0)
			snprintf(bad, sizeof bad, "%s.bad", path);
		else
			snprintf(bad, sizeof bad, "%s.bad.%d", path, i);
		if (link(path, bad) == 0) {
			kept = true;
			unlink(path);
		} else if (errno != EEXIST) {
			/* A filesystem without hard links: the name is free,
			 * so a rename onto it replaces nothing. */
			kept = rename(path, bad) == 0;
			break;
		}
	}
	if (kept)
		snprintf(text, sizeof text, "The saved game could not be read "
		    "(%s); it is kept as %s.", why, strrchr(bad, '/') ?
		    strrchr(bad, '/') + 1 : bad);
	else if (errno == EEXIST)
		snprintf(text, sizeof text, "The saved game could not be read "
		    "(%s); it stays as %s, for %s.bad to .bad.%d are all "
		    "taken.", why, name, name, RESUME_BAD_MAX - 1);
	else
		snprintf(text, sizeof text, "The saved game could not be read "
		    "(%s).", why);
	say(r, text);
}

int
resume_prepare(struct resume *r, struct ui_options *u,
    enum resume_mode mode, const char *path, int number,
    const bc_variant *fallback, int *level, bool players_given,
    const struct session *ses)
{
	char dir[SAVEGAME_PATH_MAX];
	char autosave[SAVEGAME_PATH_MAX + SAVEGAME_NAME_MAX];
	char err[SAVEGAME_PATH_MAX + 200];
	const char *name = ses ? ses->autosave : "autosave.pgn";
	bool have_dir, have_slot = !ses || ses->slot > 0;
	int rc;

	memset(r, 0, sizeof *r);
	/* A folder that others may write in is not used at all: not read
	 * (it could hold anything), not written (links there could aim the
	 * writes anywhere).  The game goes on unsaved and says so. */
	have_dir = savegame_dir(dir, sizeof dir, err, sizeof err) == 0 &&
	    savegame_check_dir(dir, err, sizeof err) >= 0;
	if (!have_dir) {
		if (mode == RESUME_NOW) {
			report_error("cannot resume: %s", err);
			return 1;
		}
		snprintf(r->message, sizeof r->message, "Games are not saved: "
		    "%s.", err);
	} else {
		snprintf(autosave, sizeof autosave, "%s/%s", dir, name);
		if (ses && ses->note[0])
			say(r, ses->note);
	}
	if (mode == RESUME_NOW && have_dir && !have_slot) {
		report_error("cannot resume: all %d save slots "
		    "of %s are in use (autosave.pgn by %s)", SESSION_SLOTS,
		    dir, ses->holder);
		return 1;
	}
	if (mode == RESUME_LOAD && number == 0 &&
	    (rc = offer_list(r, u, path, fallback, players_given)) != 0) {
		if (rc < 0)
			return 1;
	} else if (mode == RESUME_LOAD) {
		rc = savegame_read(path, SAVEGAME_FILE_MAX,
		    number ? number : 1, fallback,
		    &r->game, err, sizeof err);
		if (rc != 0) {
			if (rc > 0)
				snprintf(err, sizeof err, "cannot open %s: no "
				    "such file", path);
			report_error("%s", err);
			return 1;
		}
		use_game(r, u, level, players_given);
		u->skip_setup = true;
	} else if (have_dir && have_slot && mode != RESUME_NONE) {
		rc = savegame_read_autosave_as(dir, name, &r->game, err,
		    sizeof err);
		if (rc == 0 && r->game.finished) {
			savegame_free(&r->game);
			if (savegame_archive_as(dir, name, err, sizeof err) != 0)
				put_aside(r, autosave, err);
			rc = 1;
		}
		if (mode == RESUME_NOW && rc != 0) {
			if (rc > 0 && ses && ses->slot > 1)
				report_error("no unfinished game to resume in "
				    "%s: autosave.pgn is another session's (%s), "
				    "and this one's, %s, holds none", dir,
				    ses->holder, name);
			else if (rc > 0)
				report_error("no unfinished game to resume "
				    "in %s", dir);
			else
				report_error("cannot resume: %s", err);
			return 1;
		}
		if (rc < 0) {
			put_aside(r, autosave, err);
		} else if (rc == 0) {
			use_game(r, u, level, players_given);
			u->resume_ask = mode == RESUME_OFFER;
			u->resume_live = true;
		}
	}
	/* The store also writes `:save FILE` and the last game's choices,
	 * which need no save slot (nor, for :save, a state folder). */
	savegame_store_init(&r->store, have_dir ? dir : "", name,
	    *level ? *level : ENGINE_LEVEL_DEFAULT);
	if (!have_dir || !have_slot)
		r->store.seam.save = NULL;
	if (have_dir) {
		prefs_attach(&r->store);
		r->have_last = prefs_read_last(dir, &r->last);
	}
	/* Restricted mode takes no path from the person: the UI refuses
	 * :save, and there is nothing here it could write with either. */
	if (!u->restricted)
		saveas_attach(&r->store);
	u->store = &r->store.seam;
	if (r->message[0])
		u->message = r->message;
	return 0;
}

void
resume_free(struct resume *r)
{
	savegame_free(&r->game);
	records_file_free(&r->file);
}
