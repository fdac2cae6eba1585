/*
 * autosave.c - keeping the game on disk through the app's store seam.
 *
 * The main loop calls autosave_check after every key and tick: when the
 * game differs from what was saved last (a move, an undo, a redo, the
 * end), it is saved.  A game is known by a hash of its moves, redo list
 * and result, so every way of changing it is caught in one place.  The UI
 * does no file I/O itself: opts->store does.
 */
#include <stdio.h>
#include <string.h>

#include "ui_state.h"

static uint64_t
mix(uint64_t h, uint64_t v)
{
	return (h ^ v) * 0x100000001b3ULL;
}

/* A fingerprint of the game: moves, redo count, result and reason. */
static uint64_t
signature(const struct ui *ui)
{
	const bc_game *g = ui->play.game;
	uint64_t h = 0xcbf29ce484222325ULL;
	bc_reason reason;
	int n = bc_game_length(g);

	for (int i = 0; i < n; i++)
		h = mix(h, (uint64_t)bc_game_move(g, i));
	h = mix(h, (uint64_t)n);
	h = mix(h, (uint64_t)bc_game_redo_count(g));
	h = mix(h, (uint64_t)bc_game_result(g, &reason));
	return mix(h, (uint64_t)reason);
}

void
autosave_mark(struct ui *ui, bool live)
{
	ui->saved_game = ui->play.game;
	ui->saved_sig = signature(ui);
	ui->save_live = live;
}

/* True if the game is kept on disk on its own (there is a state
 * folder). */
static bool
enabled(const struct ui *ui)
{
	return ui->opts->store && ui->opts->store->save;
}

void
autosave_snapshot(const struct ui *ui, struct ui_saved *out)
{
	const struct play *p = &ui->play;
	struct ui_saved s;

	memset(&s, 0, sizeof s);
	s.game = p->game;
	for (int c = 0; c < 2; c++) {
		s.computer[c] = p->players[c] == PLAYER_COMPUTER;
		s.clock_left_ms[c] = clock_left(&p->clock, c, ui->now);
	}
	if (p->clock.enabled) {
		s.clock_base_ms = ui->setup.clock_base;
		s.clock_increment_ms = p->clock.increment;
		if (s.clock_base_ms <= 0)
			s.clock_base_ms = 1;
		if (s.clock_base_ms > UI_CLOCK_MAX_MS)
			s.clock_base_ms = UI_CLOCK_MAX_MS;
	}
	s.level = ui->setup.level;
	s.tags = p->tags;
	s.tag_count = p->tag_count;
	s.first = !ui->save_live;
	s.started = ui->game_started;
	*out = s;
}

static void
save(struct ui *ui)
{
	const struct ui_store *st = ui->opts->store;
	struct ui_saved s;
	char err[200];

	autosave_snapshot(ui, &s);
	if (st->save(st->ctx, &s, err, sizeof err) != 0) {
		/* Said once; the game goes on without the disk. */
		if (!ui->save_failing)
			ui_error(ui, "Not saved: %s", err);
		ui->save_failing = true;
		return;
	}
	ui->save_failing = false;
	ui->save_live = !play_over(&ui->play);
}

int
autosave_check(struct ui *ui)
{
	uint64_t sig;
	bool failing = ui->save_failing;

	if (!ui->playing || !enabled(ui))
		return 0;
	if (ui->play.game != ui->saved_game) {
		/* A new game: nothing to save until it changes. */
		autosave_mark(ui, false);
		return 0;
	}
	sig = signature(ui);
	if (sig == ui->saved_sig)
		return 0;
	ui->saved_sig = sig;
	save(ui);
	return ui->save_failing && !failing ? UI_DRAW : 0;
}

void
autosave_final(struct ui *ui)
{
	if (!ui->playing || !enabled(ui))
		return;
	autosave_check(ui);
	/* Once more for the clocks, if this game is the one on disk. */
	if (ui->play.game == ui->saved_game && ui->save_live &&
	    !play_over(&ui->play))
		save(ui);
}
