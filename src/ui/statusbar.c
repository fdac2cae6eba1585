/*
 * statusbar.c - the status line (the latest message, or what to do next)
 * and the hint line, which is generated from the command table.
 */
#include <stdio.h>
#include <string.h>

#include "terminal.h"
#include "ui_state.h"

static const char *const side_name[2] = { "White", "Black" };

static void
default_status(const struct ui *ui, char *buf, size_t size)
{
	const struct play *p = &ui->play;
	char at[8];

	if (p->reviewing) {
		review_status(ui, buf, size);
	} else if (play_over(p)) {
		play_result_text(p, buf, (int)size);
		snprintf(buf + strlen(buf), size - strlen(buf),
		    " , reviews, n: new game, q: quit.");
	} else if (ui->info.on) {
		piece_info_status(ui, buf, size);
	} else if (p->selected) {
		bc_square cursor = BC_SQUARE(p->cursor_file, p->cursor_rank);
		bc_square taken[BC_MAX_CAPTURES];
		int n = play_takes(p, cursor, taken, BC_MAX_CAPTURES);

		bc_square_to_text(p->selected, at, sizeof at);
		if (n > 1 || (n == 1 && taken[0] != cursor)) {
			char to[8], list[48];

			/* A flying ninja: say what it would take in
			 * passing before it moves (marked x x). */
			bc_square_to_text(cursor, to, sizeof to);
			play_squares_text(taken, n, list, sizeof list);
			snprintf(buf, size, "%s to %s takes %d (%s): Enter "
			    "moves, Esc puts it back.", at, to, n, list);
			return;
		}
		snprintf(buf, size, "Moving the piece on %s: Enter on a marked "
		    "square; Esc puts it back.", at);
	} else if (ui->opts->remote) {
		remote_status(ui, buf, size);
	} else {
		assist_status(ui, buf, size);
		if (!buf[0])
			snprintf(buf, size, "%s to move: Enter picks up a "
			    "piece, ':' types a move.", side_name[play_side(p)]);
	}
}

void
statusbar_draw(const struct ui *ui)
{
	struct term_style hint = ui_style(ui, ROLE_HINT);
	char line[256];
	int x = 0;

	if (ui->message[0]) {
		struct term_style st = ui_style(ui, ui->message_is_error
		    ? ROLE_ERROR : ROLE_STATUS);
		int len = (int)strlen(ui->message);

		/* Too long a message ends in "..." (:fen also opens a box). */
		x = term_put(ui->rows - 2, 0, st, ui->message, len > ui->cols
		    ? ui->cols - 3 : ui->cols);
		if (len > ui->cols)
			term_put(ui->rows - 2, x, st, "...", 3);
		x = 0;
	} else if (ui->playing) {
		default_status(ui, line, sizeof line);
		term_put(ui->rows - 2, 0, ui_style(ui, ROLE_STATUS), line,
		    ui->cols);
	}
	term_fill(ui->rows - 1, 0, ui->cols, hint);
	for (int i = 0; commands_get(i); i++) {
		const struct command_info *c = commands_get(i);
		char key[32];

		if (!c->hint)
			continue;
		keys_names(c->id, 1, key, sizeof key);
		snprintf(line, sizeof line, "%s %s", key, c->hint);
		if (x + (int)strlen(line) > ui->cols)
			break;
		x += term_put(ui->rows - 1, x, hint, line, ui->cols - x) + 2;
	}
}
