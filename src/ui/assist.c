/*
 * assist.c - the computer's help to the people at the board: "move now"
 * (the computer plays its best move so far), hints (a search for the
 * person to move, shown on the board and the status line, with a few
 * words on what the move does), threats (the same search for the
 * opponent, as if the person passed: what it would do now) and the
 * thinking display (depth, score and expected moves in the side panel).
 *
 * Everything goes through the engine seam of ui.h.  A hint belongs to one
 * position: any move, undo, redo or new game cancels it (assist_cancel),
 * and a search still running for it is stopped.
 */
#include <stdio.h>
#include <string.h>

#include "move_words.h"
#include "terminal.h"
#include "ui_state.h"
#include "wrap.h"

static const char *const side_name[2] = { "White", "Black" };

enum { THINKING_ROWS = 4 }; /* heading, two lines of moves, a gap */

static const struct ui_engine *
seam(const struct ui *ui)
{
	return ui->opts->engine;
}

/* True when a person is to move in a game that goes on. */
static bool
person_to_move(const struct ui *ui)
{
	return ui->playing && !play_over(&ui->play) &&
	    ui->play.players[play_side(&ui->play)] == PLAYER_HUMAN;
}

void
assist_cancel(struct ui *ui)
{
	const struct ui_engine *e = seam(ui);

	if (e && (ui->engine_busy || ui->assist.hint_busy))
		e->stop(e->ctx);
	ui->engine_busy = false;
	ui->assist.hint_busy = false;
	ui->assist.hint = BC_MOVE_NONE;
}

/*
 * The computer's search could not start (no thread: a process limit).
 * Said once on the status line; the computer's sides pass to the people
 * at the keyboard, so the game goes on hot-seat and nothing retries on
 * every tick.  A new game with the computer tries again.
 */
int
assist_engine_failed(struct ui *ui)
{
	const struct ui_engine *e = seam(ui);

	ui->engine_busy = false;
	for (int c = 0; c < 2; c++)
		ui->play.players[c] = PLAYER_HUMAN;
	ui_error(ui, "The computer cannot think: %s; both sides are played "
	    "here now.", e && e->failure ? e->failure(e->ctx)
	    : "its search did not start");
	return UI_DRAW;
}

/* True if `m` is a legal move of `pos` (a PV move is checked first). */
static bool
legal_in(const bc_position *pos, bc_move m)
{
	bc_move_list list;

	bc_movegen_legal(pos, &list);
	for (int i = 0; i < list.count; i++)
		if (list.moves[i] == m)
			return true;
	return false;
}

/* "+0.35" or "White mates in 3": White's view of a score for `side`. */
static int
format_score(const struct ui_engine_info *in, int side, char *buf,
    size_t size)
{
	int cp = side == BC_WHITE ? in->score : -in->score;

	if (in->mate > 0)
		return snprintf(buf, size, "%s mates in %d", side_name[side],
		    in->mate);
	if (in->mate < 0)
		return snprintf(buf, size, "%s mates in %d", side_name[!side],
		    -in->mate);
	return snprintf(buf, size, "%s%d.%02d", cp < 0 ? "-" : "+",
	    (cp < 0 ? -cp : cp) / 100, (cp < 0 ? -cp : cp) % 100);
}

/*
 * Copies the latest report of the search about the current position into
 * the thinking display, its moves in SAN.  Returns UI_DRAW if it changed.
 */
int
assist_update(struct ui *ui)
{
	const struct ui_engine *e = seam(ui);
	struct assist *a = &ui->assist;
	struct ui_engine_info in;
	bc_position pos;
	char line[ASSIST_TEXT];
	size_t len;

	/* A threat search's moves are the opponent's, in another position. */
	if (!a->thinking || !e || !e->info || (a->hint_busy && a->of_threat) ||
	    !(ui->engine_busy || a->hint_busy))
		return 0;
	if (!e->info(e->ctx, &in)) {
		if (!a->have)
			return 0;
		a->have = false;
		return UI_DRAW;
	}
	pos = *play_position(&ui->play);
	len = (size_t)format_score(&in, pos.side, line, sizeof line);
	for (int i = 0; i < in.pv_length && len + BC_MOVE_TEXT_MAX + 2 <
	    sizeof line; i++) {
		char san[BC_MOVE_TEXT_MAX];
		bc_undo undo;

		if (!legal_in(&pos, in.pv[i]))
			break;
		bc_move_to_san(&pos, in.pv[i], san, sizeof san);
		len += (size_t)snprintf(line + len, sizeof line - len, "%s%s",
		    i ? " " : ": ", san);
		bc_position_make(&pos, in.pv[i], &undo);
	}
	if (a->have && a->depth == in.depth && a->nodes == in.nodes &&
	    strcmp(a->line, line) == 0)
		return 0;
	a->have = true;
	a->of_hint = a->hint_busy;
	a->depth = in.depth;
	a->nodes = in.nodes;
	snprintf(a->line, sizeof a->line, "%s", line);
	return UI_DRAW;
}

/* Between keys: collects a finished hint and refreshes the display. */
int
assist_tick(struct ui *ui)
{
	const struct ui_engine *e = seam(ui);
	struct assist *a = &ui->assist;
	char san[BC_MOVE_TEXT_MAX], words[96];
	int flags;
	bc_move m;

	if (!a->hint_busy || e->poll(e->ctx, &m) != BC_OK)
		return assist_update(ui);
	flags = assist_update(ui); /* its last report, while still busy */
	a->hint_busy = false;
	if (!person_to_move(ui))
		return flags | UI_DRAW; /* the game ended meanwhile */
	a->hint = m;
	a->hint_ply = bc_game_length(ui->play.game);
	if (a->of_threat) {
		const bc_position *pos = play_position(&ui->play);
		bc_position swapped;

		if (bc_position_other_side(pos, &swapped) != BC_OK) {
			a->hint = BC_MOVE_NONE;
			return flags | UI_DRAW;
		}
		bc_move_to_san(&swapped, m, san, sizeof san);
		if (move_words(&swapped, m, words, sizeof words))
			snprintf(a->shown, sizeof a->shown, "%s threatens %s "
			    "(%s; marked + + on the board).",
			    side_name[swapped.side], san, words);
		else
			snprintf(a->shown, sizeof a->shown, "%s threatens %s "
			    "at most (marked + + on the board).",
			    side_name[swapped.side], san);
	} else {
		bc_move_to_san(play_position(&ui->play), m, san, sizeof san);
		if (move_words(play_position(&ui->play), m, words,
		        sizeof words))
			snprintf(a->shown, sizeof a->shown, "Hint: %s (%s; "
			    "marked + + on the board).", san, words);
		else
			snprintf(a->shown, sizeof a->shown, "Hint: %s (marked "
			    "+ + on the board).", san);
	}
	ui_say(ui, "%s", a->shown);
	return flags | UI_DRAW;
}

/* True while a search runs that the main loop must poll. */
bool
assist_waiting(const struct ui *ui)
{
	return ui->assist.hint_busy;
}

/* A hint, or with `threats` the opponent's threat (the X key). */
static int
hint(struct ui *ui, bool threats)
{
	const struct ui_engine *e = seam(ui);
	struct assist *a = &ui->assist;

	if (!e || !(threats ? e->threat : e->hint)) {
		ui_error(ui, "There is no computer to ask for %s.", threats
		    ? "the threats" : "a hint");
		return UI_DRAW;
	}
	if (!person_to_move(ui)) {
		ui_error(ui, play_over(&ui->play) ? "The game is over: n starts "
		    "a new one." : threats ? "Threats are shown on a person's "
		    "move." : "Hints are for a person's move.");
		return UI_DRAW;
	}
	if (a->hint_busy) {
		ui_say(ui, "Still looking...");
		return UI_DRAW;
	}
	a->hint = BC_MOVE_NONE;
	a->of_threat = threats;
	if (threats && bc_position_in_check(play_position(&ui->play))) {
		ui_say(ui, "You are in check: that is the threat.");
		return UI_DRAW;
	}
	if ((threats ? e->threat(e->ctx, ui->play.game)
	             : e->hint(e->ctx, ui->play.game)) != BC_OK) {
		ui_error(ui, "The computer cannot think: %s.", e->failure
		    ? e->failure(e->ctx) : "its search did not start");
		return UI_DRAW;
	}
	a->hint_busy = true;
	ui_say(ui, threats ? "Looking at what the opponent threatens..."
	    : "Looking for a hint...");
	return UI_DRAW;
}

/* The computer plays now, even if the main loop has not yet started its
 * search (a key typed at once after the person's move). */
static int
move_now(struct ui *ui)
{
	const struct ui_engine *e = seam(ui);
	bool computer = ui->playing && !play_over(&ui->play) &&
	    ui->play.players[play_side(&ui->play)] == PLAYER_COMPUTER;

	if (e && e->hurry && computer && !ui->engine_busy) {
		if (e->start(e->ctx, ui->play.game) != BC_OK)
			return assist_engine_failed(ui);
		ui->engine_busy = true;
	}
	if (!ui->engine_busy || !e || !e->hurry) {
		ui_error(ui, "The computer is not thinking.");
		return UI_DRAW;
	}
	e->hurry(e->ctx);
	ui_say(ui, "The computer moves now.");
	return UI_DRAW;
}

int
assist_run(struct ui *ui, enum command cmd)
{
	struct assist *a = &ui->assist;

	switch (cmd) {
	case CMD_HINT:
		return hint(ui, false);
	case CMD_THREATS:
		return hint(ui, true);
	case CMD_MOVE_NOW:
		return move_now(ui);
	case CMD_THINKING:
		a->thinking = !a->thinking;
		ui_say(ui, "The thinking display is %s.", a->thinking ? "on"
		    : "off");
		ui_relayout(ui);
		return assist_update(ui) | UI_DRAW;
	default:
		return 0;
	}
}

bool
assist_is_hint(const struct ui *ui, bc_square sq)
{
	const struct assist *a = &ui->assist;

	return a->hint != BC_MOVE_NONE && person_to_move(ui) &&
	    a->hint_ply == bc_game_length(ui->play.game) &&
	    (sq == BC_MOVE_FROM(a->hint) || sq == BC_MOVE_TO(a->hint));
}

/* The status line while a hint is shown ("" if none). */
void
assist_status(const struct ui *ui, char *buf, size_t size)
{
	const struct assist *a = &ui->assist;

	buf[0] = '\0';
	if (a->hint == BC_MOVE_NONE || !person_to_move(ui) ||
	    a->hint_ply != bc_game_length(ui->play.game))
		return;
	snprintf(buf, size, "%s", a->shown);
}

/* Panel rows the thinking display takes above the move list. */
int
assist_panel_rows(const struct ui *ui)
{
	/* A game room has no computer: its chat takes this place. */
	if (ui->opts->remote)
		return remote_panel_rows(ui);
	return ui->assist.thinking ? THINKING_ROWS : 0;
}

/* Writes the first `width` columns' worth of words of `text` in `row`;
 * returns where the rest starts. */
static const char *
put_words(const struct ui *ui, int y, int x, int width, const char *text)
{
	const char *rest;
	size_t len = wrap_next(text, width, &rest);
	char line[256];

	snprintf(line, sizeof line, "%.*s", (int)len, text);
	term_put(y, x, ui_style(ui, ROLE_TEXT), line, width);
	return rest ? rest : "";
}

void
assist_panel_draw(const struct ui *ui, int y)
{
	const struct layout *l = &ui->layout;
	const struct assist *a = &ui->assist;
	bool live = ui->engine_busy || a->hint_busy;
	char head[96];
	const char *rest;

	if (ui->opts->remote) {
		remote_panel_draw(ui, y);
		return;
	}
	if (!a->thinking)
		return;
	if (!a->have) {
		term_put(y, l->panel_x, ui_style(ui, ROLE_HEADING), live
		    ? "Thinking..." : "Thinking: shown while it searches",
		    l->panel_w);
		return;
	}
	snprintf(head, sizeof head, "%s: depth %d, %llu nodes", !live
	    ? "Last search" : a->of_hint ? "Hint search" : "Thinking",
	    a->depth, (unsigned long long)a->nodes);
	term_put(y, l->panel_x, ui_style(ui, ROLE_HEADING), head, l->panel_w);
	rest = put_words(ui, y + 1, l->panel_x, l->panel_w, a->line);
	put_words(ui, y + 2, l->panel_x, l->panel_w, rest);
}
