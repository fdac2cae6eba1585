/*
 * ui.c - the interactive game's main loop (the screen stack and the
 * services every screen uses are in screen.c).
 *
 * The loop draws when something changed (once keys typed ahead are all
 * read: a paste of 100,000 keys is one frame), then waits for a key.  It
 * waits forever when nothing moves on its own, and in steps of
 * CLOCK_TICK_MS while a clock runs (or the computer thinks), so an idle
 * game costs no CPU and writes nothing to the terminal.
 */
#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "terminal.h"
#include "ui_state.h"

enum { CLOCK_TICK_MS = 100, ENGINE_TICK_MS = 50 };

static int64_t
now_ms(void)
{
	struct timespec ts;

	clock_gettime(CLOCK_MONOTONIC, &ts);
	return (int64_t)ts.tv_sec * 1000 + ts.tv_nsec / 1000000;
}

static bool
too_small(const struct ui *ui)
{
	return ui->rows < ui->need_rows || ui->cols < ui->need_cols;
}

static void
draw(const struct ui *ui)
{
	int base = ui->depth - 1;

	term_erase();
	term_cursor(false, 0, 0);
	if (too_small(ui)) {
		screen_small.draw(ui);
	} else {
		while (base > 0 && ui->stack[base]->overlay)
			base--;
		for (int i = base; i < ui->depth; i++)
			ui->stack[i]->draw(ui);
	}
	term_refresh();
}

static bool
clock_running(const struct ui *ui)
{
	return ui->playing && ui->play.clock.running >= 0;
}

static bool
computer_to_move(const struct ui *ui)
{
	return ui->playing && !play_over(&ui->play) && ui->opts->engine &&
	    ui->play.players[play_side(&ui->play)] == PLAYER_COMPUTER &&
	    !coach_holding(ui);
}

/* What happens with no key: the clock runs down, the computer moves. */
static int
tick(struct ui *ui)
{
	const struct ui_engine *e = ui->opts->engine;
	int flags = 0;

	/* In a game room the room decides a flag (remote_tick hears it). */
	flags |= remote_tick(ui) | rooms_tick(ui);
	if (clock_running(ui)) {
		flags |= UI_DRAW;
		if (!ui->opts->remote &&
		    clock_flagged(&ui->play.clock, ui->now)) {
			play_flag(&ui->play, ui->now);
			/* The status line shows the result, not old news. */
			ui->message[0] = '\0';
			flags |= actions_game_changed(ui);
		}
	}
	if (computer_to_move(ui)) {
		bc_move m;

		if (!ui->engine_busy) {
			if (e->start(e->ctx, ui->play.game) == BC_OK)
				ui->engine_busy = true;
			else
				flags |= assist_engine_failed(ui);
		} else if (e->poll(e->ctx, &m) == BC_OK) {
			flags |= assist_update(ui); /* its last report */
			ui->engine_busy = false;
			flags |= actions_push(ui, m);
		}
	}
	return flags | assist_tick(ui) | analysis_tick(ui);
}

static int
wait_ms(struct ui *ui)
{
	int ms = -1;

	if (computer_to_move(ui) || assist_waiting(ui) ||
	    analysis_waiting(ui))
		ms = ENGINE_TICK_MS;
	else if (clock_running(ui))
		ms = CLOCK_TICK_MS;
	/* Wake up in time for the idle timeout. */
	if (ui->opts->idle_ms > 0) {
		int64_t left = ui->last_key + ui->opts->idle_ms - ui->now;

		if (left < 0)
			left = 0;
		if (ms < 0 || left < ms)
			ms = left > INT_MAX ? INT_MAX : (int)left;
	}
	return remote_wait(ui, rooms_wait(ui, ms));
}

/* True once opts->idle_ms have passed since the last key. */
static bool
idle_over(const struct ui *ui)
{
	return ui->opts->idle_ms > 0 &&
	    ui->now - ui->last_key >= ui->opts->idle_ms;
}

/*
 * Does what a screen's flags ask of the loop: a game to start; after a
 * change of the game, the game-over dialog if it has just ended; the
 * new-game screen.
 */
static int
requests(struct ui *ui, int flags)
{
	if (flags & UI_START_GAME)
		flags = (flags & ~UI_START_GAME) |
		    actions_start_game(ui, &ui->start_setup);
	if (flags & UI_CHANGED)
		flags = (flags & ~UI_CHANGED) | actions_game_changed(ui);
	if (flags & UI_NEW_GAME) {
		flags &= ~UI_NEW_GAME;
		ui_push(ui, &screen_newgame);
	}
	return flags;
}

static int
start(struct ui *ui)
{
	const struct ui_options *o = ui->opts;
	struct play_setup *s = &ui->setup;
	int flags;

	s->variant = o->variant;
	s->fen = o->fen;
	s->players[BC_WHITE] = o->computer[BC_WHITE] ? PLAYER_COMPUTER
	                                             : PLAYER_HUMAN;
	s->players[BC_BLACK] = o->computer[BC_BLACK] ? PLAYER_COMPUTER
	                                             : PLAYER_HUMAN;
	/* A person playing Black against the computer sits at the bottom. */
	s->black_at_bottom = o->bottom_set ? o->black_at_bottom
	    : s->players[BC_WHITE] == PLAYER_COMPUTER &&
	    s->players[BC_BLACK] == PLAYER_HUMAN;
	s->autoflip = o->autoflip;
	s->level = newgame_default_level(ui, o->variant);
	s->clock_base = o->clock_base_ms;
	s->clock_increment = o->clock_increment_ms;
	newgame_init(ui);
	ui->depth = 0;
	if (o->records) {
		ui_push(ui, &screen_records);
		return 0;
	}
	if (o->learn && o->lessons) {
		lessons_open(ui, o->variant, o->learn_one);
		if (ui->depth)
			return 0;
	}
	if (o->resume && !o->resume_ask) {
		requests(ui, game_resume(ui));
		if (o->remote)
			remote_start(ui);
		if (ui->playing)
			return 0;
	}
	if (!o->skip_setup || o->resume) {
		char text[DIALOG_TEXT];
		const bc_game *g = o->resume ? o->resume->game : NULL;

		if (!ui->message[0] && o->message)
			ui_error(ui, "%s", o->message);
		ui_push(ui, &screen_newgame);
		if (!o->resume_ask || !g)
			return 0;
		snprintf(text, sizeof text, "%s at move %lu, %s to move.",
		    bc_variant_name(bc_game_variant(g)),
		    (unsigned long)bc_game_position(g)->fullmove,
		    bc_game_position(g)->side ? "Black" : "White");
		dialog_open(ui, DIALOG_RESUME, "An unfinished game", text);
		dialog_add(ui, 'r', "Resume it", ACT_RESUME, 0);
		dialog_add(ui, 'n', "New game", ACT_NO, 0);
		return 0;
	}
	flags = requests(ui, actions_start_game(ui, s));
	/* Refused (--variant of a game the computer cannot play): the
	 * new-game screen, where the players can be changed. */
	if (!ui->depth)
		ui_push(ui, &screen_newgame);
	if (flags & UI_QUIT)
		return UI_QUIT;
	if (o->message)
		ui_error(ui, "%s", o->message);
	return 0;
}

static void
run(struct ui *ui)
{
	volatile sig_atomic_t *sig = ui->opts->signal_flag;
	int flags = UI_DRAW, later = 0;

	ui->now = now_ms();
	ui->last_key = ui->now;
	if (start(ui))
		return;
	while (!(flags & UI_QUIT) && !(sig && *sig)) {
		int key, y = 0, x = 0;

		flags |= autosave_check(ui) | later;
		later = 0;
		if (flags & UI_BEEP)
			term_beep();
		/* Keys typed ahead (a paste) first, then one frame for all. */
		if ((flags & UI_DRAW) && term_typeahead())
			later = UI_DRAW;
		else if (flags & UI_DRAW)
			draw(ui);
		if (idle_over(ui)) {
			ui->idle = true;
			break;
		}
		key = term_key(wait_ms(ui), &y, &x);
		ui->now = now_ms();
		if (key == TK_HANGUP)
			break;
		/* Only the person's keys and clicks keep the game open: a
		 * resize or the computer's moves do not. */
		if (key != TK_NONE && key != TK_RESIZE)
			ui->last_key = ui->now;
		if (key == TK_RESIZE) {
			ui_relayout(ui);
			flags = UI_DRAW;
		} else if (key == TK_NONE) {
			flags = tick(ui);
		} else if (too_small(ui)) {
			flags = screen_small.key(ui, key);
		} else {
			const struct screen *top = ui_top(ui);

			ui->message[0] = '\0';
			if (key != TK_MOUSE)
				flags = top->key(ui, key);
			else
				flags = top->click ? top->click(ui, y, x) : 0;
			flags |= UI_DRAW;
			/* Key handlers never touch the terminal: the loop
			 * hands it over for the rules key. */
			if (flags & UI_MANUAL) {
				flags = (flags & ~UI_MANUAL) | rules_manual(ui);
				/* The time spent reading it counts as typing. */
				ui->now = now_ms();
				ui->last_key = ui->now;
			}
		}
		/* A person who keeps typing never lets the wait run out:
		 * the room is heard after every key too. */
		if (key != TK_NONE)
			flags |= remote_tick(ui);
		flags = requests(ui, flags);
	}
}

/* What stderr says after an idle timeout: how long, and what was kept. */
static void
idle_message(const struct ui *ui, char *err, size_t errsize)
{
	double minutes = (double)ui->opts->idle_ms / 60000.0;
	const char *what = "leaving";

	if (ui->playing && ui->opts->store && ui->opts->store->save) {
		if (ui->save_failing)
			what = "the game could not be saved";
		else if (play_over(&ui->play))
			what = "the game is over";
		else if (ui->play.game == ui->saved_game && ui->save_live)
			what = "the game is saved; bigchess --resume goes "
			    "on with it";
		else
			what = "no move was made, so nothing is saved";
	}
	snprintf(err, errsize, "no key for %g minute%s: %s", minutes,
	    minutes == 1 ? "" : "s", what);
}

int
ui_run(const struct ui_options *opts, char *err, size_t errsize)
{
	struct term_caps caps;
	struct ui *ui;
	int rc;

	if (term_open(opts->color, &caps, err, errsize) != 0)
		return -1;
	ui = calloc(1, sizeof *ui);
	if (!ui) {
		term_close();
		snprintf(err, errsize, "out of memory");
		return -1;
	}
	ui->opts_own = *opts;
	ui->opts = &ui->opts_own;
	ui->ascii = opts->ascii || !caps.utf8;
	ui->symbols = opts->symbols && !ui->ascii;
	ui->theme = theme_for(caps.colors);
	ui->glyphs = glyphs_for(!ui->ascii, caps.colors > 0);
	run(ui);
	analysis_close(ui);
	assist_cancel(ui);
	ui->now = now_ms();
	autosave_final(ui);
	if (ui->idle)
		idle_message(ui, err, errsize);
	rc = ui->idle ? UI_RUN_IDLE : 0;
	lesson_close(ui);
	if (ui->playing)
		play_free(&ui->play);
	free(ui);
	term_close();
	return rc;
}
