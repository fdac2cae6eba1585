/*
 * resume.c - choosing the game the curses client starts with, and
 * where it is saved.
 *
 * A bad autosave never stops the program: it is moved aside to
 * autosave.pgn.bad (so the next good save does not destroy what may be
 * recovered by hand) and the new-game screen says so.  A finished game
 * left in the autosave goes to history/.
 */
#include <stdio.h>
#include <string.h>

#include "engine/engine.h"
#include "resume.h"

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

/* Moves a bad autosave aside and says why on the status line. */
static void
put_aside(struct resume *r, const char *path, const char *why)
{
	char bad[SAVEGAME_PATH_MAX + 40];

	snprintf(bad, sizeof bad, "%s.bad", path);
	if (rename(path, bad) == 0)
		snprintf(r->message, sizeof r->message, "The saved game could "
		    "not be read (%s); it is kept as autosave.pgn.bad.", why);
	else
		snprintf(r->message, sizeof r->message, "The saved game could "
		    "not be read (%s).", why);
}

int
resume_prepare(struct resume *r, struct ui_options *u,
    enum resume_mode mode, const char *path, int number,
    const bc_variant *fallback, int *level, bool players_given)
{
	char dir[SAVEGAME_PATH_MAX], autosave[SAVEGAME_PATH_MAX + 32];
	char err[SAVEGAME_PATH_MAX + 200];
	bool have_dir;
	int rc;

	memset(r, 0, sizeof *r);
	have_dir = savegame_dir(dir, sizeof dir, err, sizeof err) == 0;
	if (!have_dir) {
		if (mode == RESUME_NOW) {
			fprintf(stderr, "bigchess: no saved game: %s\n", err);
			return 1;
		}
		snprintf(r->message, sizeof r->message, "Games are not saved: "
		    "%s.", err);
		u->message = r->message;
	} else {
		savegame_autosave_path(dir, autosave, sizeof autosave);
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
			fprintf(stderr, "bigchess: %s\n", err);
			return 1;
		}
		use_game(r, u, level, players_given);
		u->skip_setup = true;
	} else if (have_dir && mode != RESUME_NONE) {
		rc = savegame_read(autosave, SAVEGAME_AUTOSAVE_MAX, 1, NULL,
		    &r->game, err, sizeof err);
		if (rc == 0 && r->game.finished) {
			savegame_free(&r->game);
			if (savegame_archive(dir, err, sizeof err) != 0)
				put_aside(r, autosave, err);
			rc = 1;
		}
		if (mode == RESUME_NOW && rc != 0) {
			if (rc > 0)
				fprintf(stderr, "bigchess: no unfinished game "
				    "to resume in %s\n", dir);
			else
				fprintf(stderr, "bigchess: cannot resume: "
				    "%s\n", err);
			return 1;
		}
		if (rc < 0) {
			put_aside(r, autosave, err);
			u->message = r->message;
		} else if (rc == 0) {
			use_game(r, u, level, players_given);
			u->resume_ask = mode == RESUME_OFFER;
			u->resume_live = true;
		}
	}
	if (have_dir) {
		savegame_store_init(&r->store, dir,
		    *level ? *level : ENGINE_LEVEL_DEFAULT);
		u->store = &r->store.seam;
	}
	return 0;
}

void
resume_free(struct resume *r)
{
	savegame_free(&r->game);
	records_file_free(&r->file);
}
