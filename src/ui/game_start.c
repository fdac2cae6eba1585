/*
 * game_start.c - starting a game: a new one from the new-game screen's
 * settings, or one from a save (the autosave, a game of a PGN file).
 */
#include <stdio.h>
#include <time.h>

#include "ui_state.h"

static const char *const side_name[2] = { "White", "Black" };

/* Keeps the choices of a game started, for the next new-game screen. */
static void
remember(const struct ui *ui, const struct play_setup *setup)
{
	const struct ui_store *st = ui->opts->store;
	struct ui_choices c;
	int gentle;

	if (!st || !st->remember)
		return;
	c.variant = setup->variant;
	for (int i = 0; i < 2; i++)
		c.computer[i] = setup->players[i] == PLAYER_COMPUTER;
	/* The gentle level of a first game is the default speaking, not
	 * a choice to keep: with none kept, the next run starts gentle
	 * again only while the variant has no game played out.  (A level
	 * 2 chosen for a first game is taken for that default too.)  It is
	 * worked out here as newgame_default_level does: a call to the
	 * new-game screen, which starts games through this file, would
	 * close a circle. */
	gentle = ui->opts->level < UI_FIRST_LEVEL ? ui->opts->level
	                                          : UI_FIRST_LEVEL;
	c.level = !ui->opts->level_given && ui_first_game(ui, setup->variant) &&
	    setup->level == gentle ? 0 : setup->level;
	c.clock_base_ms = setup->clock_base;
	c.clock_increment_ms = setup->clock_base ? setup->clock_increment : 0;
	c.black_at_bottom = setup->black_at_bottom;
	c.autoflip = setup->autoflip;
	st->remember(st->ctx, &c);
}

int
actions_start_game(struct ui *ui, const struct play_setup *setup)
{
	const struct ui_engine *e = ui->opts->engine;
	const char *why = e && e->problem
	    ? e->problem(e->ctx, bc_variant_get(setup->variant))
	    : NULL;
	struct play fresh;
	bc_error err;
	int rc;

	/* A variant the computer cannot play is for two people only.  A
	 * game refused at start-up (--variant) leaves the new-game screen,
	 * where the players can be changed (ui.c opens it). */
	if (why && (setup->players[BC_WHITE] == PLAYER_COMPUTER ||
	    setup->players[BC_BLACK] == PLAYER_COMPUTER)) {
		ui_error(ui, "Cannot start the game: %s.", why);
		return UI_DRAW;
	}
	rc = play_start(&fresh, setup, ui->now, &err);
	if (rc != BC_OK) {
		ui_error(ui, "Cannot start the game: %s",
		    rc == BC_ENOMEM ? bc_strerror(rc) : err.message);
		return UI_DRAW;
	}
	assist_cancel(ui);
	if (ui->opts->engine && setup->level)
		ui->opts->engine->set_level(ui->opts->engine->ctx, setup->level);
	if (ui->playing)
		play_free(&ui->play);
	piece_info_clear(ui);
	ui->play = fresh;
	ui->playing = true;
	ui->game_started = (int64_t)time(NULL);
	ui->first_game = ui_first_game(ui, setup->variant);
	ui->began_over = play_over(&ui->play);
	remember(ui, setup);
	ui->depth = 0;
	ui_push(ui, &screen_game);
	ui_say(ui, "%s to move: Enter picks up a piece, ':' types a move, ? "
	    "shows all keys.", side_name[play_side(&ui->play)]);
	return UI_DRAW | UI_CHANGED;
}

/* Starts the game opts->resume describes, in place of any other. */
int
game_resume(struct ui *ui)
{
	return game_start_saved(ui, ui->opts->resume, ui->opts->resume_live);
}

/* Starts the game `r` describes; `live`: it is the autosave itself. */
int
game_start_saved(struct ui *ui, const struct ui_saved *r, bool live)
{
	struct play_setup setup = ui->setup;
	struct play fresh;
	bc_error err;
	int rc;

	for (int c = 0; c < 2; c++)
		setup.players[c] = r->computer[c] && ui->opts->engine
		    ? PLAYER_COMPUTER : PLAYER_HUMAN;
	setup.clock_base = r->clock_base_ms;
	setup.clock_increment = r->clock_increment_ms;
	rc = play_resume(&fresh, &setup, r->game,
	    r->clock_base_ms > 0 ? r->clock_left_ms : NULL, ui->now, &err);
	if (rc == BC_OK) {
		rc = play_keep_tags(&fresh, r->tags, r->tag_count);
		if (rc != BC_OK)
			play_free(&fresh);
	}
	if (rc != BC_OK) {
		ui_error(ui, "Cannot resume the game: %s",
		    rc == BC_ENOMEM ? bc_strerror(rc) : err.message);
		return UI_DRAW;
	}
	ui->setup.clock_base = setup.clock_base;
	if (ui->playing)
		play_free(&ui->play);
	ui->play = fresh;
	ui->playing = true;
	ui->game_started = r->started > 0 ? r->started : (int64_t)time(NULL);
	ui->first_game = ui_first_game(ui,
	    bc_variant_id_of(ui->play.variant));
	ui->began_over = play_over(&ui->play);
	ui->engine_busy = false;
	ui->depth = 0;
	ui_push(ui, &screen_game);
	ui_say(ui, "Game %s at move %lu: %s to move.", live ? "resumed"
	    : "loaded", (unsigned long)play_position(&ui->play)->fullmove,
	    side_name[play_side(&ui->play)]);
	autosave_mark(ui, live);
	return UI_DRAW | UI_CHANGED;
}
