/*
 * screen_newgame.c - the new-game screen: variant, players, the
 * computer's level, time control, board orientation.  Enter on the defaults starts a game at once.
 * For --host NAME it chooses the room's game instead (variant, clock,
 * the host's colour), and J lists the rooms to join (screen_rooms.c).
 */
#include <stdio.h>
#include <string.h>

#include "terminal.h"
#include "ui_state.h"
#include "wrap.h"

enum form_field {
	FIELD_VARIANT,
	FIELD_WHITE,
	FIELD_BLACK,
	FIELD_LEVEL,
	FIELD_MINUTES,
	FIELD_INCREMENT,
	FIELD_BOARD,
	FIELD_AUTOFLIP,
	FIELD_COLOUR,      /* a room's host: White, Black or random */
	FIELD_COUNT
};

/*
 * The screen's own lines, here and not in struct ui: one terminal, so
 * one new-game screen.  The game they set up is ui->setup, which the
 * game and the autosave read too.
 */
static struct form {
	int sel;           /* the highlighted line */
	int minutes;       /* 0: no clock */
	int increment;     /* seconds */
	bool level_chosen; /* the level was changed here: keep it */
	int colour;        /* FIELD_COLOUR: BC_WHITE, BC_BLACK, UI_SIDE_RANDOM */
} form;

static const int minute_steps[] = { 0, 1, 2, 3, 5, 10, 15, 20, 30, 45, 60,
	90 };
static const int increment_steps[] = { 0, 1, 2, 3, 5, 10, 15, 20, 30, 60 };

static const char *const field_name[FIELD_COUNT] = {
	[FIELD_VARIANT] = "Variant",
	[FIELD_WHITE] = "White",
	[FIELD_BLACK] = "Black",
	[FIELD_LEVEL] = "Computer level",
	[FIELD_MINUTES] = "Minutes each",
	[FIELD_INCREMENT] = "Increment (s)",
	[FIELD_BOARD] = "Board",
	[FIELD_AUTOFLIP] = "Turn board",
	[FIELD_COLOUR] = "Your colour",
};

/* The lines shown: a room has no computer and no board to turn (the
 * host's colour is at the bottom). */
static const int game_fields[] = { FIELD_VARIANT, FIELD_WHITE, FIELD_BLACK,
	FIELD_LEVEL, FIELD_MINUTES, FIELD_INCREMENT, FIELD_BOARD,
	FIELD_AUTOFLIP };
static const int room_fields[] = { FIELD_VARIANT, FIELD_COLOUR,
	FIELD_MINUTES, FIELD_INCREMENT };
static const char *const colour_name[] = { "White", "Black",
	"random (decided when the room opens)" };

enum { FORM_W = 64, FORM_H = 20 };

/* The room --host NAME opens from this screen, or NULL. */
static const char *
hosting(const struct ui *ui)
{
	return ui->opts->rooms && !ui->opts->remote ?
	    ui->opts->rooms->host_name : NULL;
}

static int
fields(const struct ui *ui, const int **list)
{
	if (hosting(ui)) {
		*list = room_fields;
		return (int)(sizeof room_fields / sizeof room_fields[0]);
	}
	*list = game_fields;
	return (int)(sizeof game_fields / sizeof game_fields[0]);
}

/* The line `dir` lines from the highlighted one, round and round. */
static int
next_field(const struct ui *ui, int dir)
{
	const int *list;
	int n = fields(ui, &list), at = 0;

	for (int i = 0; i < n; i++)
		if (list[i] == form.sel)
			at = i;
	return list[(at + n + dir) % n];
}

/*
 * The level a game of `variant` starts at unless one is chosen on the
 * screen: the given one, or an easy one for a variant never played to
 * its end.
 */
int
newgame_default_level(const struct ui *ui, bc_variant_id variant)
{
	const struct ui_options *o = ui->opts;

	if (o->level_given || !ui_first_game(ui, variant))
		return o->level;
	return UI_FIRST_LEVEL < o->level ? UI_FIRST_LEVEL : o->level;
}

void
newgame_init(struct ui *ui)
{
	form.minutes = (int)(ui->setup.clock_base / 60000);
	form.increment = (int)(ui->setup.clock_increment / 1000);
}

/* Whether the level line gets the note on a gentle first game. */
static bool
first_game(const struct ui *ui)
{
	const struct play_setup *s = &ui->setup;
	const struct ui_options *o = ui->opts;

	return !o->level_given && !form.level_chosen &&
	    ui_first_game(ui, s->variant) && s->level == UI_FIRST_LEVEL;
}

static bool
engine_ready(const struct ui *ui)
{
	return ui->opts->engine != NULL;
}

/* NULL if the computer plays `variant`, else why not. */
static const char *
engine_problem(const struct ui *ui, bc_variant_id variant)
{
	const struct ui_engine *e = ui->opts->engine;

	return e && e->problem ? e->problem(e->ctx, bc_variant_get(variant))
	                       : NULL;
}

static void
newgame_enter(struct ui *ui)
{
	struct form *f = &form;

	f->sel = FIELD_VARIANT;
	if (ui->playing) {
		ui->setup.variant = bc_variant_id_of(ui->play.variant);
		ui->setup.black_at_bottom = ui->play.black_at_bottom;
		ui->setup.autoflip = ui->play.autoflip;
	}
	ui->setup.fen = NULL;
	/* After a first game of a variant, played out in this run, the
	 * next starts at the usual level (unless one was chosen here). */
	if (ui->playing && ui->first_game && !f->level_chosen)
		ui->setup.level = newgame_default_level(ui, ui->setup.variant);
	if (hosting(ui))
		f->colour = ui->opts->rooms->host_side;
	if (!engine_ready(ui))
		ui->setup.players[0] = ui->setup.players[1] = PLAYER_HUMAN;
}

static void
field_value(const struct ui *ui, int field, char *buf, size_t size)
{
	const struct form *f = &form;
	const struct play_setup *s = &ui->setup;
	int elo;

	switch (field) {
	case FIELD_VARIANT:
		snprintf(buf, size, "%s",
		    bc_variant_name(bc_variant_get(s->variant)));
		break;
	case FIELD_WHITE:
	case FIELD_BLACK:
		snprintf(buf, size, "%s", s->players[field == FIELD_BLACK] ==
		    PLAYER_HUMAN ? "human" : "computer");
		break;
	case FIELD_LEVEL:
		elo = ui->opts->engine && ui->opts->engine->level_elo ?
		    ui->opts->engine->level_elo(ui->opts->engine->ctx,
		    s->level) : -1;
		if (elo > 0)
			snprintf(buf, size, "%d - about %d Elo on our scale",
			    s->level, elo);
		else if (elo == 0)
			snprintf(buf, size, "%d - stronger, not measured yet",
			    s->level);
		else
			snprintf(buf, size, "%d (1 weakest, 10 strongest)",
			    s->level);
		break;
	case FIELD_MINUTES:
		if (f->minutes)
			snprintf(buf, size, "%d", f->minutes);
		else
			snprintf(buf, size, "no clock");
		break;
	case FIELD_INCREMENT:
		snprintf(buf, size, "%d", f->increment);
		break;
	case FIELD_BOARD:
		snprintf(buf, size, "%s at the bottom",
		    s->black_at_bottom ? "Black" : "White");
		break;
	case FIELD_AUTOFLIP:
		snprintf(buf, size, "%s", s->autoflip ? "to the side to move"
		    : "never (f flips it)");
		break;
	case FIELD_COLOUR:
		snprintf(buf, size, "%s", colour_name[f->colour]);
		break;
	}
}

static void
newgame_draw(const struct ui *ui)
{
	const struct form *f = &form;
	struct term_style st = ui_style(ui, ROLE_TEXT);
	int y = (ui->rows - FORM_H) / 2, x = (ui->cols - FORM_W) / 2;
	char value[64], line[96];
	const int *list;
	int n = fields(ui, &list);

	if (y < 0)
		y = 0;
	if (x < 0)
		x = 0;
	term_box(y, x, FORM_H, FORM_W, ui_style(ui, ROLE_BORDER), ui->glyphs->lines);
	if (hosting(ui))
		snprintf(line, sizeof line, " bigchess %s game room %s ",
		    ui->glyphs->dash, hosting(ui));
	else
		snprintf(line, sizeof line, " bigchess %s new game ",
		    ui->glyphs->dash);
	term_put(y, x + 2, ui_style(ui, ROLE_TITLE), line, FORM_W - 4);
	for (int i = 0; i < n; i++) {
		int fi = list[i];
		struct term_style vs = fi == f->sel ? ui_style(ui,
		    ROLE_DIALOG_SEL) : st;

		field_value(ui, fi, value, sizeof value);
		term_put(y + 2 + i * 2, x + 3, fi == f->sel ? ui_style(ui,
		    ROLE_TITLE) : st, field_name[fi], 16);
		snprintf(line, sizeof line, "< %s >", value);
		term_put(y + 2 + i * 2, x + 20, vs, line, FORM_W - 22);
	}
	if (hosting(ui)) {
		/* What the opponent needs to know, before the room opens. */
		snprintf(line, sizeof line, "Enter opens room %s; the "
		    "opponent then types", hosting(ui));
		term_put(y + 3 + n * 2, x + 3, st, line, FORM_W - 5);
		snprintf(line, sizeof line, "    bigchess --join %s",
		    hosting(ui));
		term_put(y + 4 + n * 2, x + 3, ui_style(ui, ROLE_HEADING),
		    line, FORM_W - 5);
		term_put(y + FORM_H - 3, x + 3, ui_style(ui, ROLE_HEADING),
		    "?: help on this screen", FORM_W - 5);
		term_put(y + FORM_H - 2, x + 3, st, "Enter: open  Up/Down: "
		    "line  Left/Right: change  Esc: quit", FORM_W - 5);
	} else if (engine_ready(ui) && first_game(ui)) {
		snprintf(line, sizeof line, "First %s game: easy level "
		    "(Left/Right changes)", bc_variant_name(bc_variant_get(
		    ui->setup.variant)));
		term_put(y + 3 + FIELD_LEVEL * 2, x + 3, ui_style(ui,
		    ROLE_HEADING), line, FORM_W - 5);
	}
	if (hosting(ui))
		; /* A room has no computer: nothing to say about it. */
	else if (!engine_ready(ui))
		term_put(y + FORM_H - 4, x + 3, ui_style(ui, ROLE_HEADING),
		    "The computer opponent is not built yet: two players.",
		    FORM_W - 5);
	else if (engine_problem(ui, ui->setup.variant)) {
		/* Its tables are incomplete: Enter says why if asked. */
		snprintf(line, sizeof line, "The computer cannot play %s: "
		    "two players.", bc_variant_name(bc_variant_get(
		    ui->setup.variant)));
		term_put(y + FORM_H - 4, x + 3, ui_style(ui, ROLE_HEADING),
		    line, FORM_W - 5);
	}
	if (!hosting(ui)) {
		snprintf(line, sizeof line, "%s%s?: help", ui->opts->lessons
		    ? "L: Learn - lessons   " : "", ui->opts->rooms &&
		    !ui->opts->remote ? "J: Join a game   " : "");
		term_put(y + FORM_H - 3, x + 3, ui_style(ui, ROLE_HEADING),
		    line, FORM_W - 5);
		term_put(y + FORM_H - 2, x + 3, st, ui->playing ?
		    "Enter: start  Up/Down: line  Left/Right: change  Esc: "
		    "back" : "Enter: start  Up/Down: line  Left/Right: change"
		    "  Esc: quit", FORM_W - 5);
	}
	if (ui->message[0]) {
		/* A long message (a broken autosave's) wraps upwards. */
		const char *s = ui->message, *next;
		int row = ui->rows - wrap_count(s, ui->cols);

		for (; s && row < ui->rows; s = next, row++) {
			size_t len = wrap_next(s, ui->cols, &next);
			char text[sizeof ui->message];

			if (row < 0)
				continue;
			snprintf(text, sizeof text, "%.*s", (int)len, s);
			term_put(row, 0, ui_style(ui,
			    ui->message_is_error ? ROLE_ERROR : ROLE_STATUS),
			    text, ui->cols);
		}
	}
}

static int
step(const int *steps, int n, int value, int dir)
{
	int i = 0;

	while (i < n - 1 && steps[i] < value)
		i++;
	if (steps[i] != value && dir < 0)
		return steps[i > 0 ? i - 1 : 0];
	i += dir;
	if (i < 0)
		i = n - 1;
	if (i >= n)
		i = 0;
	return steps[i];
}

static void
change(struct ui *ui, int dir)
{
	struct form *f = &form;
	struct play_setup *s = &ui->setup;
	int n;

	switch (f->sel) {
	case FIELD_VARIANT:
		/* The registry's order, round and round. */
		n = bc_variant_count();
		s->variant = bc_variant_id_of(bc_variant_at((bc_variant_index(
		    bc_variant_get(s->variant)) + n + dir) % n));
		if (!f->level_chosen)
			s->level = newgame_default_level(ui, s->variant);
		break;
	case FIELD_WHITE:
	case FIELD_BLACK:
		if (!engine_ready(ui)) {
			ui_error(ui, "The computer opponent is not built yet.");
			break;
		}
		s->players[f->sel == FIELD_BLACK] ^= 1;
		/* One person against the computer: that person's side at
		 * the bottom (the Board line still changes it). */
		if (s->players[BC_WHITE] != s->players[BC_BLACK])
			s->black_at_bottom = s->players[BC_BLACK] ==
			    PLAYER_HUMAN;
		break;
	case FIELD_LEVEL:
		s->level += dir;
		if (s->level < 1)
			s->level = 10;
		if (s->level > 10)
			s->level = 1;
		f->level_chosen = true;
		break;
	case FIELD_MINUTES:
		f->minutes = step(minute_steps, (int)(sizeof minute_steps /
		    sizeof minute_steps[0]), f->minutes, dir);
		break;
	case FIELD_INCREMENT:
		f->increment = step(increment_steps, (int)(sizeof
		    increment_steps / sizeof increment_steps[0]), f->increment,
		    dir);
		break;
	case FIELD_BOARD:
		s->black_at_bottom = !s->black_at_bottom;
		break;
	case FIELD_AUTOFLIP:
		s->autoflip = !s->autoflip;
		break;
	case FIELD_COLOUR:
		f->colour = (f->colour + 3 + dir) % 3;
		break;
	}
}

/* Digits type the minutes or the increment directly. */
static void
type_digit(int digit)
{
	struct form *f = &form;
	int *v = f->sel == FIELD_MINUTES ? &f->minutes
	    : f->sel == FIELD_INCREMENT ? &f->increment : NULL;

	if (!v)
		return;
	*v = *v * 10 + digit;
	if (*v > 999)
		*v = digit;
}

static int
newgame_key(struct ui *ui, int key)
{
	struct form *f = &form;

	switch (key) {
	case TK_UP:
	case 'k':
		f->sel = next_field(ui, -1);
		break;
	case TK_DOWN:
	case 'j':
	case '\t':
		f->sel = next_field(ui, 1);
		break;
	case TK_LEFT:
	case 'h':
		change(ui, -1);
		break;
	case TK_RIGHT:
	case 'l':
	case ' ':
		change(ui, 1);
		break;
	case TK_BACKSPACE:
		if (f->sel == FIELD_MINUTES)
			f->minutes /= 10;
		else if (f->sel == FIELD_INCREMENT)
			f->increment /= 10;
		break;
	case TK_ENTER:
		ui->setup.fen = NULL;
		ui->setup.clock_base = (int64_t)f->minutes * 60000;
		ui->setup.clock_increment = (int64_t)f->increment * 1000;
		if (hosting(ui))
			return rooms_host(ui, form.colour);
		return actions_start_game(ui, &ui->setup);
	case 0x1b:
	case 'q':
		if (!ui->playing)
			return UI_QUIT;
		ui_pop(ui);
		break;
	case '?':
		ui_push(ui, &screen_newgame_help);
		break;
	case 'L':
		if (hosting(ui))
			return UI_DRAW | UI_BEEP;
		lessons_open(ui, ui->setup.variant, false);
		break;
	case 'J':
		if (hosting(ui) || !ui->opts->rooms || ui->opts->remote)
			return UI_DRAW | UI_BEEP;
		ui_push(ui, &screen_rooms);
		break;
	default:
		if (key >= '0' && key <= '9')
			type_digit(key - '0');
		else
			return UI_DRAW | UI_BEEP;
	}
	return UI_DRAW;
}

static void
newgame_resize(struct ui *ui)
{
	if (ui->need_rows < FORM_H)
		ui->need_rows = FORM_H;
	if (ui->need_cols < FORM_W)
		ui->need_cols = FORM_W;
}

/* The dialog over it at start: resume the unfinished game? */
static int
newgame_answer(struct ui *ui, const struct dialog_answer *a)
{
	return a->action == ACT_RESUME ? game_resume(ui) : UI_DRAW;
}

const struct screen screen_newgame = {
	.name = "new game",
	.enter = newgame_enter,
	.draw = newgame_draw,
	.key = newgame_key,
	.resize = newgame_resize,
	.answer = newgame_answer,
};
