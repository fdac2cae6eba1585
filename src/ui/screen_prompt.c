/*
 * screen_prompt.c - the ':' line, typed and edited here and handed on
 * Enter to the screen below (its `line` hook: game_line.c for the game).
 * A line longer than PROMPT_MAX is refused whole with a message.
 */
#include <ctype.h>
#include <stdio.h>
#include <string.h>

#include "terminal.h"
#include "ui_state.h"

/*
 * The line being typed: the prompt's own state, here and not in struct
 * ui (one terminal, so one prompt; others open it with prompt_open).
 */
static struct prompt {
	char text[PROMPT_MAX + 1];
	int len;
	bool overflow;           /* keys were lost: the line was full */
} prompt;

static void
prompt_enter(struct ui *ui)
{
	(void)ui;
	prompt.len = 0;
	prompt.text[0] = '\0';
	prompt.overflow = false;
}

/* Opens the prompt with `text` typed already, to run or edit. */
void
prompt_open(struct ui *ui, const char *text)
{
	struct prompt *p = &prompt;

	ui_push(ui, &screen_prompt);
	snprintf(p->text, sizeof p->text, "%s", text);
	p->len = (int)strlen(p->text);
	if (p->len > PROMPT_MAX) {
		p->len = PROMPT_MAX;
		p->text[p->len] = '\0';
	}
}

static void
prompt_draw(const struct ui *ui)
{
	struct term_style st = ui_style(ui, ROLE_STATUS);
	int y = ui->rows - 2, w, skip = prompt.len - (ui->cols - 2);

	term_fill(y, 0, ui->cols, st);
	term_put(y, 0, ui_style(ui, ROLE_TITLE), ":", 1);
	/* A long line (a FEN) shows its end, where the typing is. */
	w = term_put(y, 1, st, prompt.text + (skip > 0 ? skip : 0),
	    ui->cols - 2);
	term_cursor(true, y, 1 + w);
}

static int
prompt_key(struct ui *ui, int key)
{
	struct prompt *p = &prompt;
	char line[PROMPT_MAX + 1];
	char *s = line, *e;
	const struct screen *below;

	switch (key) {
	case 0x1b:
		ui_pop(ui);
		return UI_DRAW;
	case TK_ENTER:
		if (p->overflow) {
			/* Never run what is left of a line cut short. */
			ui_pop(ui);
			ui_error(ui, "Too long: the line holds at most %d "
			    "characters; nothing was done.", PROMPT_MAX);
			return UI_DRAW | UI_BEEP;
		}
		snprintf(line, sizeof line, "%.*s", PROMPT_MAX, p->text);
		while (isspace((unsigned char)*s))
			s++;
		e = s + strlen(s);
		while (e > s && isspace((unsigned char)e[-1]))
			*--e = '\0';
		ui_pop(ui);
		/* The screen below runs it: the game, a lesson. */
		below = ui_top(ui);
		return below->line ? below->line(ui, s) : UI_DRAW;
	case TK_BACKSPACE:
		if (p->len == 0) {
			ui_pop(ui);
			return UI_DRAW;
		}
		p->text[--p->len] = '\0';
		p->overflow = p->overflow && p->len > 0;
		return UI_DRAW;
	case 0x15: /* Ctrl-U */
		p->len = 0;
		p->text[0] = '\0';
		p->overflow = false;
		return UI_DRAW;
	default:
		if (key >= 0x20 && key < 0x7f && p->len < PROMPT_MAX) {
			p->text[p->len++] = (char)key;
			p->text[p->len] = '\0';
			return UI_DRAW;
		}
		if (key >= 0x20 && key < 0x7f) {
			/* A full line: one beep, not one per key lost. */
			bool first = !p->overflow;

			p->overflow = true;
			return first ? UI_BEEP : 0;
		}
		return UI_BEEP;
	}
}

const struct screen screen_prompt = {
	.name = "prompt",
	.overlay = true,
	.enter = prompt_enter,
	.draw = prompt_draw,
	.key = prompt_key,
};
