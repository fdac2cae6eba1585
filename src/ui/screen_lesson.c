/*
 * screen_lesson.c - one lesson: the board with the lesson's position,
 * and beside it the task, the explanation (wrapped and scrollable) and a
 * note: why a move was wrong, a hint, or the success text.
 *
 * The player moves as in a game (cursor and Enter, or ':' and a move).
 * lesson_play.c judges each move: a move on one of the lesson's lines is
 * played and the computer answers with the line's reply; a wrong one is
 * explained and not played, and the next hint is offered.  When the
 * lesson is solved, the app is told through opts->lessons->solve.
 */
#include <ctype.h>
#include <stdarg.h>
#include <stdio.h>
#include <string.h>

#include "board_input.h"
#include "hex_layout.h"
#include "lesson.h"
#include "lesson_keys.h"
#include "lesson_play.h"
#include "terminal.h"
#include "ui_state.h"
#include "wrap.h"

static const char *const side_name[2] = { "White", "Black" };

enum { TEXT_GAP = 1 };

/*
 * The lesson on screen: its own state, here and not in struct ui (one
 * terminal, so one lesson at a time; the list is screen_lessons.c's).
 */
static struct lesson_view {
	int cur;                   /* the lesson on screen */
	bool active;               /* `play` holds its board */
	struct play play;
	struct layout layout;
	int hints;                 /* hints shown so far */
	bool solved;
	int text_top;              /* explanation lines scrolled away */
	char note[LEARN_NOTE_MAX]; /* a wrong move's reason, a hint, ... */
	enum role note_role;
} shown;

static const struct lesson *
current(const struct ui *ui)
{
	return &ui->opts->lessons->lesson[shown.cur];
}

static void
note(struct ui *ui, enum role role, const char *fmt, ...)
    __attribute__((format(printf, 3, 4)));

static void
note(struct ui *ui, enum role role, const char *fmt, ...)
{
	va_list ap;

	(void)ui;
	va_start(ap, fmt);
	vsnprintf(shown.note, sizeof shown.note, fmt, ap);
	va_end(ap);
	shown.note_role = role;
}

void
lesson_open(struct ui *ui, int i)
{
	shown.cur = i;
	ui_push(ui, &screen_lesson);
}

void
lesson_close(struct ui *ui)
{
	(void)ui;
	if (shown.active)
		play_free(&shown.play);
	shown.active = false;
}

/* Sets up the board of lesson shown.cur from its FEN. */
static void
lesson_begin(struct ui *ui)
{
	struct lesson_view *l = &shown;
	const struct lesson *ls = current(ui);
	const bc_variant *v = bc_variant_find(ls->variant);
	struct play_setup s;
	bc_position pos;
	bc_error err;

	lesson_close(ui);
	l->hints = 0;
	l->solved = false;
	l->text_top = 0;
	l->note[0] = '\0';
	lessons_follow(ui, l->cur);
	memset(&s, 0, sizeof s);
	if (!v || bc_position_from_fen(&pos, v, ls->fen, &err) != BC_OK) {
		note(ui, ROLE_ERROR, "This lesson cannot be shown: %s",
		    v ? err.message : "unknown variant");
		return;
	}
	s.variant = bc_variant_id_of(v);
	s.fen = ls->fen;
	s.black_at_bottom = pos.side == BC_BLACK;
	if (play_start(&l->play, &s, ui->now, &err) != BC_OK) {
		note(ui, ROLE_ERROR, "This lesson cannot be shown: %s",
		    err.message);
		return;
	}
	l->active = true;
	ui_relayout(ui);
}

static void
lesson_enter(struct ui *ui)
{
	lesson_begin(ui);
}

/* The panel's parts: task, explanation, note (rows from the top). */
struct panel_rows {
	int x, w;
	int task_y, task_n;
	int text_y, text_n;
	int note_y, note_n;
};

static void
panel_rows(const struct ui *ui, struct panel_rows *r)
{
	const struct layout *lay = &shown.layout;
	const struct lesson_view *l = &shown;
	char task[160];
	int bottom = lay->status_y, n;

	lesson_task_text(current(ui), task, sizeof task);
	r->x = lay->panel_x;
	r->w = lay->panel_w - 1;
	r->task_y = lay->panel_y;
	r->task_n = wrap_count(task, r->w);
	r->note_n = 0;
	if (l->note[0]) {
		n = wrap_count(l->note, r->w);
		r->note_n = n < (bottom - r->task_y) / 2 ? n
		    : (bottom - r->task_y) / 2;
	}
	r->note_y = bottom - r->note_n;
	r->text_y = r->task_y + r->task_n + TEXT_GAP;
	r->text_n = r->note_y - r->text_y - (r->note_n ? TEXT_GAP : 0);
	if (r->text_n < 0)
		r->text_n = 0;
}

/* Draws `text` wrapped at `w` from line `skip`, at most `n` rows. */
static int
draw_wrapped(const char *text, int y, int x, int w,
    int skip, int n, struct term_style st)
{
	const char *s = text;
	int row = 0, line = 0;

	while (s && row < n) {
		const char *next;
		size_t len = wrap_next(s, w, &next);
		char buf[LEARN_NOTE_MAX];

		if (line++ >= skip) {
			if (len >= sizeof buf)
				len = sizeof buf - 1;
			memcpy(buf, s, len);
			buf[len] = '\0';
			term_put(y + row++, x, st, buf, w);
		}
		s = next;
	}
	return row;
}

static void
default_status(const struct ui *ui, char *buf, size_t size)
{
	const struct lesson_view *l = &shown;
	char at[8];

	(void)ui;
	if (l->solved)
		snprintf(buf, size, "Solved. n: next lesson, r: again, q: the "
		    "list.");
	else if (l->play.selected) {
		bc_square_to_text(l->play.selected, at, sizeof at);
		snprintf(buf, size, "Moving the piece on %s: Enter on a marked "
		    "square; Esc puts it back.", at);
	} else
		snprintf(buf, size, "%s to move: Enter picks up a piece, ':' "
		    "types a move, H a hint.", side_name[play_side(&l->play)]);
}

static void
lesson_draw(const struct ui *ui)
{
	const struct lesson_view *l = &shown;
	const struct lesson *ls = current(ui);
	struct panel_rows r;
	char line[LEARN_NOTE_MAX];
	int n, first = 0, total;

	for (int i = 0; i < ui->opts->lessons->count; i++) {
		if (strcmp(ui->opts->lessons->lesson[i].variant, ls->variant))
			continue;
		if (i < l->cur)
			first++;
	}
	snprintf(line, sizeof line, "%s lesson %d: %s%s",
	    l->active ? bc_variant_name(l->play.variant) : ls->variant,
	    first + 1, ls->title, l->solved ? "  (solved)" : "");
	term_put(0, 1, ui_style(ui, ROLE_TITLE), line, ui->cols - 2);
	if (!l->active) {
		draw_wrapped(l->note, 2, 1, ui->cols - 2, 0, ui->rows - 4,
		    ui_style(ui, ROLE_ERROR));
		return;
	}
	board_view_draw_play(ui, &l->play, &l->layout);
	panel_rows(ui, &r);
	lesson_task_text(ls, line, sizeof line);
	draw_wrapped(line, r.task_y, r.x, r.w, 0, r.task_n,
	    ui_style(ui, ROLE_HEADING));
	total = wrap_count(ls->text, r.w);
	n = draw_wrapped(ls->text, r.text_y, r.x, r.w, l->text_top,
	    r.text_n, ui_style(ui, ROLE_TEXT));
	if (l->text_top + n < total && n > 0) {
		term_fill(r.text_y + n - 1, r.x, r.w, ui_style(ui, ROLE_HINT));
		term_put(r.text_y + n - 1, r.x, ui_style(ui, ROLE_HINT),
		    "(more: PgDn or ])", r.w);
	}
	draw_wrapped(l->note, r.note_y, r.x, r.w, 0, r.note_n,
	    ui_style(ui, l->note_role));
	if (ui->message[0]) {
		term_put(ui->rows - 2, 0, ui_style(ui, ui->message_is_error ?
		    ROLE_ERROR : ROLE_STATUS), ui->message, ui->cols);
	} else {
		default_status(ui, line, sizeof line);
		term_put(ui->rows - 2, 0, ui_style(ui, ROLE_STATUS), line,
		    ui->cols);
	}
	term_fill(ui->rows - 1, 0, ui->cols, ui_style(ui, ROLE_HINT));
	term_put(ui->rows - 1, 0, ui_style(ui, ROLE_HINT),
	    lesson_keys_hint(LESSON_KEYS_LESSON), ui->cols);
}

/* Marks the lesson solved, here and (through the app) on disk. */
static void
solved(struct ui *ui)
{
	const struct ui_lessons *ls = ui->opts->lessons;
	const struct lesson *lesson = current(ui);
	char err[200];

	shown.solved = true;
	note(ui, ROLE_TITLE, "Solved! %s  n: next lesson.", lesson->success[0]
	    ? lesson->success : "Well done.");
	if (ls->solve && ls->solve(ls->ctx, shown.cur, err,
	    sizeof err) != 0)
		ui_error(ui, "Your progress was not saved: %s", err);
	else
		ui_say(ui, "Lesson solved: n for the next one, q for the list.");
}

int
lesson_move(struct ui *ui, bc_move m)
{
	struct lesson_view *l = &shown;
	const struct lesson *ls = current(ui);
	bc_move moves[LESSON_PLIES_MAX], reply = 0;
	int n = bc_game_length(l->play.game);
	char san[BC_MOVE_TEXT_MAX], answer[BC_MOVE_TEXT_MAX];
	int cf, cr;

	if (!l->active || l->solved) {
		ui_say(ui, "This lesson is solved: n for the next, r to play "
		    "it again.");
		return UI_DRAW;
	}
	if (n > LESSON_PLIES_MAX)
		n = LESSON_PLIES_MAX;
	for (int i = 0; i < n; i++)
		moves[i] = bc_game_move(l->play.game, i);
	l->play.selected = 0;
	bc_move_to_san(play_position(&l->play), m, san, sizeof san);
	switch (lesson_judge(ls, moves, n, m, &reply)) {
	case LESSON_WRONG:
		if (l->hints < ls->hint_count) {
			note(ui, ROLE_ERROR, "%s is legal, but not the move "
			    "this lesson is after. The position is as before.\n"
			    "Hint: %s", san, ls->hint[l->hints]);
			l->hints++;
		} else {
			note(ui, ROLE_ERROR, "%s is legal, but not the move "
			    "this lesson is after. The position is as before; "
			    "H names the move.", san);
		}
		ui_error(ui, "%s: not the point of this lesson. Try again.",
		    san);
		return UI_DRAW | UI_BEEP;
	case LESSON_SOLVED:
		play_push(&l->play, m, ui->now);
		solved(ui);
		return UI_DRAW;
	case LESSON_ON_LINE:
		break;
	}
	play_push(&l->play, m, ui->now);
	cf = l->play.cursor_file;
	cr = l->play.cursor_rank;
	bc_move_to_san(play_position(&l->play), reply, answer, sizeof answer);
	if (play_push(&l->play, reply, ui->now) != BC_OK) {
		note(ui, ROLE_ERROR, "The lesson's reply %s cannot be played.",
		    answer);
		return UI_DRAW;
	}
	l->play.cursor_file = cf;
	l->play.cursor_rank = cr;
	note(ui, ROLE_TITLE, "Right: %s. %s answered %s. Your move.", san,
	    side_name[!play_side(&l->play)], answer);
	ui_say(ui, "You played %s; %s answered %s.", san,
	    side_name[!play_side(&l->play)], answer);
	return UI_DRAW;
}

/* The lesson's board: a solved lesson takes no move. */
static struct play *
lesson_play(struct ui *ui)
{
	(void)ui;
	return &shown.play;
}

static int
lesson_guard(struct ui *ui)
{
	return shown.solved ? lesson_move(ui, 0) : -1;
}

/* A refusal: the reason in the lesson's note, a short line below. */
static int
lesson_refuse(struct ui *ui, enum board_refusal kind, const char *what,
    const char *why)
{
	switch (kind) {
	case BOARD_PICK:
		note(ui, ROLE_ERROR, "%s", why);
		ui_error(ui, "%s", why);
		break;
	case BOARD_DROP:
		note(ui, ROLE_ERROR, "%s The piece is still picked up.", why);
		ui_error(ui, "%s", why);
		break;
	case BOARD_TYPED:
		ui_error(ui, "%s", why[0] ? why : what);
		if (why[0])
			note(ui, ROLE_ERROR, "%s. %s", what, why);
		else
			note(ui, ROLE_ERROR, "%s", what);
		break;
	}
	return UI_DRAW | UI_BEEP;
}

static const struct board_client lesson_board = {
	.play = lesson_play,
	.guard = lesson_guard,
	.push = lesson_move,
	.refuse = lesson_refuse,
};

int
lesson_prompt(struct ui *ui, const char *line)
{
	struct lesson_view *l = &shown;

	if (!*line || !l->active)
		return UI_DRAW;
	if (l->solved)
		return lesson_move(ui, 0);
	return board_input_typed(ui, &lesson_board, line);
}

/* A mouse click on the lesson's board: the cursor goes there, and Enter. */
int
lesson_click(struct ui *ui, int y, int x)
{
	struct lesson_view *l = &shown;

	if (!l->active)
		return 0;
	return board_input_click(ui, &lesson_board, &l->layout, y, x);
}

static int
hint(struct ui *ui)
{
	struct lesson_view *l = &shown;
	const struct lesson *ls = current(ui);
	bc_move moves[LESSON_PLIES_MAX];
	int n = bc_game_length(l->play.game);
	char move[BC_MOVE_TEXT_MAX];

	if (l->solved) {
		ui_say(ui, "This lesson is solved: n for the next one.");
		return UI_DRAW;
	}
	if (l->hints < ls->hint_count) {
		note(ui, ROLE_TITLE, "Hint %d of %d: %s", l->hints + 1,
		    ls->hint_count, ls->hint[l->hints]);
		l->hints++;
		return UI_DRAW;
	}
	if (n > LESSON_PLIES_MAX)
		n = LESSON_PLIES_MAX;
	for (int i = 0; i < n; i++)
		moves[i] = bc_game_move(l->play.game, i);
	if (lesson_next_move(ls, moves, n, move, sizeof move))
		note(ui, ROLE_TITLE, "No more hints: the move is %s.", move);
	return UI_DRAW;
}

/* Goes `dir` lessons on (within the variant, if only one was asked). */
static int
step(struct ui *ui, int dir)
{
	struct lesson_view *l = &shown;
	const struct ui_lessons *ls = ui->opts->lessons;
	int to = l->cur + dir;

	if (to < 0 || to >= ls->count || (lessons_one_variant() &&
	    strcmp(ls->lesson[to].variant, ls->lesson[l->cur].variant))) {
		ui_say(ui, "There is no %s lesson.", dir > 0 ? "next"
		    : "previous");
		return UI_DRAW;
	}
	l->cur = to;
	lesson_begin(ui);
	return UI_DRAW;
}

static int
scroll(struct ui *ui, int dir)
{
	struct lesson_view *l = &shown;
	struct panel_rows r;
	int total, page, max;

	panel_rows(ui, &r);
	total = wrap_count(current(ui)->text, r.w);
	page = r.text_n > 2 ? r.text_n - 2 : 1;
	max = total - r.text_n + 1;
	l->text_top += dir * page;
	if (l->text_top > max)
		l->text_top = max;
	if (l->text_top < 0)
		l->text_top = 0;
	return UI_DRAW;
}

static int
lesson_key(struct ui *ui, int key)
{
	struct lesson_view *l = &shown;
	enum command cmd;

	switch (lesson_keys_lookup(LESSON_KEYS_LESSON, key)) {
	case LC_HINT:
		return hint(ui);
	case LC_RESTART:
		lesson_begin(ui);
		ui_say(ui, "The lesson starts again.");
		return UI_DRAW;
	case LC_NEXT:
		return step(ui, 1);
	case LC_PREV:
		return step(ui, -1);
	case LC_SCROLL_UP:
		return scroll(ui, -1);
	case LC_SCROLL_DOWN:
		return scroll(ui, 1);
	case LC_BACK:
		if (key == 0x1b && l->active && l->play.selected) {
			l->play.selected = 0;
			ui_say(ui, "Put back.");
			return UI_DRAW;
		}
		lesson_close(ui);
		ui_pop(ui);
		return UI_DRAW;
	case LC_HELP:
		ui_push(ui, &screen_lesson_help);
		return UI_DRAW;
	default:
		break;
	}
	if (!l->active)
		return UI_DRAW | UI_BEEP;
	cmd = keys_lookup(key);
	if (board_is_command(cmd))
		return board_input_run(ui, &lesson_board, cmd);
	ui_error(ui, "That key does nothing in a lesson: ? shows the keys.");
	return UI_DRAW | UI_BEEP;
}

static void
lesson_resize(struct ui *ui)
{
	struct lesson_view *l = &shown;
	const bc_variant *v = l->active ? l->play.variant
	    : bc_variant_find(current(ui)->variant);

	if (!v)
		return;
	if (bc_variant_has_missing_cells(v))
		hex_layout_compute(&l->layout, v, ui->rows, ui->cols);
	else
		layout_compute(&l->layout, bc_variant_files(v),
		    bc_variant_ranks(v), ui->rows, ui->cols);
	if (ui->need_rows < l->layout.min_rows)
		ui->need_rows = l->layout.min_rows;
	if (ui->need_cols < l->layout.min_cols)
		ui->need_cols = l->layout.min_cols;
}

/* The move chooser's answer (a promotion): the only dialog over a lesson. */
int
lesson_answer(struct ui *ui, const struct dialog_answer *a)
{
	if (a->action == ACT_MOVE)
		return lesson_move(ui, a->move);
	return UI_DRAW;
}

const struct screen screen_lesson = {
	.name = "lesson",
	.enter = lesson_enter,
	.draw = lesson_draw,
	.key = lesson_key,
	.resize = lesson_resize,
	.click = lesson_click,
	.line = lesson_prompt,
	.answer = lesson_answer,
};
