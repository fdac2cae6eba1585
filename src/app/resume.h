/*
 * resume.h - what the interactive game starts with: the autosave offered
 * or resumed, or a game loaded with --load, and the store that keeps the
 * game on disk while it is played (app layer).
 */
#ifndef BIGCHESS_RESUME_H
#define BIGCHESS_RESUME_H

#include <stdbool.h>

#include "records.h"
#include "savegame.h"
#include "session.h"
#include "ui/ui.h"

enum resume_mode {
	RESUME_OFFER, /* no game options: offer an unfinished autosave */
	RESUME_NOW,   /* --resume */
	RESUME_LOAD,  /* --load FILE */
	RESUME_NONE   /* the options say which game to start */
};

struct resume {
	struct savegame_store store;
	struct savegame game;
	char message[2 * SAVEGAME_PATH_MAX + 400];
	/* --load FILE of several games without --game: the list. */
	struct records_file file;
	struct ui_records records;
	bool computer[2], players_given;
	int64_t clock_base_ms, clock_increment_ms;
	/* The last game's choices (prefs.h), if the state folder had them. */
	bool have_last;
	struct ui_choices last;
};

/*
 * Prepares `u` for ui_run as `mode` says, reading `path` (RESUME_LOAD:
 * game `number`, of `fallback` when it has no Variant tag; `number` 0:
 * the only game, or a list of the games for the UI to pick from).  *level is
 * the --level given (0: none) and becomes the saved one if none was
 * given; `players_given` keeps --white/--black over the saved players.
 * `ses` is the session's slot of the state folder (NULL: slot 1, as with
 * no lock): its autosave is the one offered, resumed and written.
 * Returns 0, or 1 after one line on stderr.  `r` must outlive ui_run;
 * free it with resume_free.
 */
int resume_prepare(struct resume *r, struct ui_options *u,
    enum resume_mode mode, const char *path, int number,
    const bc_variant *fallback, int *level, bool players_given,
    const struct session *ses);

void resume_free(struct resume *r);

#endif
