/*
 * redo_guard.c - moves taken back are not lost by accident.  After u,
 * the moves taken back wait on the redo list (r replays them); a new
 * move would clear that list for good, so a person's move asks first,
 * naming how many moves go, and r is still there instead.  A move the
 * person has already agreed to (this dialog's yes, or "take back to here
 * and play" in review) is not asked about again; the computer's moves
 * never are.
 */
#include <stdio.h>

#include "ui_state.h"

bool
redo_guard_asks(struct ui *ui, bc_move m)
{
	struct play *p = &ui->play;
	int n = bc_game_redo_count(p->game);
	bool agreed = ui->redo_agreed;
	char san[BC_MOVE_TEXT_MAX], text[DIALOG_TEXT * 2], label[DIALOG_TEXT];

	ui->redo_agreed = false;
	if (agreed || n == 0 || play_over(p) ||
	    p->players[play_side(p)] != PLAYER_HUMAN)
		return false;
	bc_move_to_san(play_position(p), m, san, sizeof san);
	snprintf(text, sizeof text, "Playing %s drops the %d move%s taken "
	    "back; r would replay %s.", san, n, n == 1 ? "" : "s",
	    n == 1 ? "it" : "them");
	dialog_open(ui, DIALOG_DROP_REDO, "Moves taken back", text);
	snprintf(label, sizeof label, "Yes, play %s", san);
	dialog_add(ui, 'y', label, ACT_YES, m);
	dialog_add(ui, 'n', "No, keep them", ACT_NO, 0);
	dialog_select(ui, 1);
	return true;
}

void
redo_guard_declined(struct ui *ui)
{
	int n = bc_game_redo_count(ui->play.game);

	ui_say(ui, "Nothing played: r replays the %d move%s taken back.", n,
	    n == 1 ? "" : "s");
}
