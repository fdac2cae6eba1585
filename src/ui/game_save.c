/*
 * game_save.c - `:save FILE` over the game: the game written as PGN to a
 * file the person names, through the app's store seam (ui.h), which does
 * the file work; here only what the person sees.  `:save` alone opens
 * the prompt again with a free name to accept or edit; a file that
 * exists is replaced only after a yes.  Restricted mode takes no path.
 */
#include <stdio.h>
#include <string.h>

#include "ui_state.h"

/* The file the question asks to replace: this file's own state, not
 * struct ui's (one terminal, so one question at a time). */
static char save_path[PROMPT_MAX + 1];

/* Writes the game to `path`; `replace`: over an existing file. */
static int
write_to(struct ui *ui, const char *path, bool replace)
{
	const struct ui_store *st = ui->opts->store;
	char done[PROMPT_MAX + 256], err[PROMPT_MAX + 256], text[DIALOG_TEXT];
	struct ui_saved s;
	int rc;

	autosave_snapshot(ui, &s);
	rc = st->save_as(st->ctx, &s, path, replace, done, sizeof done, err,
	    sizeof err);
	if (rc == UI_SAVE_EXISTS) {
		snprintf(save_path, sizeof save_path, "%s", path);
		snprintf(text, sizeof text, "%s already exists.", path);
		dialog_open(ui, DIALOG_OVERWRITE, "Replace the file?", text);
		dialog_add(ui, 'y', "Yes, replace it", ACT_YES, 0);
		dialog_add(ui, 'n', "No, keep it", ACT_NO, 0);
		return UI_DRAW;
	}
	if (rc != 0) {
		ui_error(ui, "Not saved: %s.", err);
		return UI_DRAW | UI_BEEP;
	}
	ui_say(ui, "Game saved to %s.", done);
	return UI_DRAW;
}

int
game_save(struct ui *ui, const char *arg)
{
	const struct ui_store *st = ui->opts->store;
	char line[PROMPT_MAX + 1], name[PROMPT_MAX - 8];

	if (!ui_path_allowed(ui, ":save"))
		return UI_DRAW | UI_BEEP;
	if (!st || !st->save_as) {
		ui_error(ui, "Not saved: saving to a file is not available "
		    "here.");
		return UI_DRAW | UI_BEEP;
	}
	while (*arg == ' ')
		arg++;
	if (*arg)
		return write_to(ui, arg, false);
	/* No name: offer one, to take with Enter or to edit. */
	name[0] = '\0';
	if (st->suggest)
		st->suggest(st->ctx, ui->play.variant, name, sizeof name);
	snprintf(line, sizeof line, "save %s", name);
	prompt_open(ui, line);
	ui_say(ui, "Enter saves the game to this file; edit the name first "
	    "if you like (Ctrl-U clears it).");
	return UI_DRAW;
}

int
game_save_answer(struct ui *ui, const struct dialog_answer *a)
{
	if (a->action != ACT_YES) {
		ui_say(ui, "Not saved: %s is kept as it was.", save_path);
		return UI_DRAW;
	}
	return write_to(ui, save_path, true);
}
