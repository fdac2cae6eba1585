/*
 * board_input.h - moving pieces on a board, the same on the game screen
 * and on a lesson's: the board's commands (the cursor, Enter on a square,
 * Esc, ':', flip) and their one list, picking up and putting down, the
 * chooser when several moves join two squares (a promotion, a Hadean
 * castling or king step), typed moves, a click, and why a refused move
 * is refused, in the rules library's words (bigchess/explain.h).
 *
 * A screen says through a struct board_client only what differs: which
 * board it is, when the board takes no move (a review, a game over, a
 * solved lesson), what a legal move does, and where a refusal is shown.
 * Nothing here draws.
 */
#ifndef BIGCHESS_UI_BOARD_INPUT_H
#define BIGCHESS_UI_BOARD_INPUT_H

#include <stdbool.h>

#include "ui_state.h"

/* What was refused: a pick-up, a drop, a typed move. */
enum board_refusal { BOARD_PICK, BOARD_DROP, BOARD_TYPED };

struct board_client {
	/* The board's game. */
	struct play *(*play)(struct ui *ui);
	/*
	 * Before a pick-up or a drop: UI flags if the board takes no move
	 * now (and it said why), or -1 to go on.
	 */
	int (*guard)(struct ui *ui);
	/* Plays legal move `m`; returns UI flags. */
	int (*push)(struct ui *ui, bc_move m);
	/*
	 * Shows a refusal: `why` is the explainer's sentence; for a typed
	 * move `what` is the parser's line ("e3e6 is not a legal move
	 * here"), else NULL.  Returns UI flags.
	 */
	int (*refuse)(struct ui *ui, enum board_refusal kind, const char *what,
	    const char *why);
	/* Says that the piece on `sq` is picked up; NULL: "The pawn on e3:
	 * Enter on a marked square moves it; Esc puts it back." */
	void (*picked)(struct ui *ui, bc_square sq);
};

/* The commands of the board, in help order: board_command(0 ..) until
 * CMD_NONE. */
enum command board_command(int i);

/* True if `cmd` is one of them. */
bool board_is_command(enum command cmd);

/*
 * Runs board command `cmd` (board_is_command) on the client's board:
 * the cursor moves, Enter picks up or puts down, Esc puts back, ':'
 * opens the prompt, f turns the board.  Returns UI flags.
 */
int board_input_run(struct ui *ui, const struct board_client *c,
    enum command cmd);

/*
 * Puts the piece on `from` down on `to`: the one legal move between them
 * is pushed, several open the chooser (its answer goes to the screen's
 * `answer` hook), none is refused with the reason.  Returns UI flags.
 */
int board_input_drop(struct ui *ui, const struct board_client *c,
    bc_square from, bc_square to);

/*
 * A click at screen cell (y, x) on the board laid out by `l`: the cursor
 * goes there, then Enter.  Returns 0 if the click is off the board.
 */
int board_input_click(struct ui *ui, const struct board_client *c,
    const struct layout *l, int y, int x);

/*
 * A move typed at the prompt (SAN or coordinates; a move number before
 * it, as copied from a record, is skipped): pushed if legal, the chooser
 * if only the promotion is missing, else refused with the reason.
 */
int board_input_typed(struct ui *ui, const struct board_client *c,
    const char *line);

/* `s` without a move number before it ("12. Nf3", "12...Nf3"), as
 * copied from a record. */
const char *board_move_text(const char *s);

/*
 * Why the side to move cannot pick up the piece on `sq` of `pos`, into
 * `buf` (empty if it can): no piece, not its piece, or none of its moves
 * is legal (pinned, the king in check, blocked).
 */
void board_why_no_pick(const bc_position *pos, bc_square sq, char *buf,
    size_t size);

/* The chooser's label and key for move `m`, one of several between two
 * squares (move_label_fn). */
void board_choice_label(const struct play *p, bc_move m, int i, char *buf,
    size_t size, int *key);

#endif
