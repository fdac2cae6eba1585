/*
 * ui_state.h - the UI's one state struct and its screens.  The screen
 * stack, messages and styles every screen uses are in screen.h.
 */
#ifndef BIGCHESS_UI_STATE_H
#define BIGCHESS_UI_STATE_H

#include <stdbool.h>
#include <stdint.h>

#include "analysis.h"
#include "glyphs.h"
#include "keys.h"
#include "layout.h"
#include "play.h"
#include "screen.h"
#include "theme.h"
#include "ui.h"

extern const struct screen screen_newgame;
extern const struct screen screen_game;
extern const struct screen screen_help;
extern const struct screen screen_dialog;
extern const struct screen screen_prompt;
extern const struct screen screen_small;
extern const struct screen screen_records;
extern const struct screen screen_rules;
extern const struct screen screen_lessons;     /* the lesson list */
extern const struct screen screen_lesson;      /* one lesson */
extern const struct screen screen_rooms;       /* "Join a game" */
extern const struct screen screen_lesson_help;
extern const struct screen screen_newgame_help; /* ? on the new game */

enum { DIALOG_ITEMS_MAX = 16, DIALOG_TEXT = 72, DIALOG_WRAP = 60,
	UI_DEPTH = 8 };

enum dialog_kind {
	DIALOG_MOVE,      /* several legal moves share from and to */
	DIALOG_QUIT,
	DIALOG_RESIGN,
	DIALOG_DRAW,
	DIALOG_GAME_OVER,
	DIALOG_RESUME,    /* go on with the saved game? */
	DIALOG_FEN,       /* shows a long FEN */
	DIALOG_FEN_NEW,   /* leave this game for the typed FEN? */
	DIALOG_TAKE_BACK, /* a move while reviewing: take back to here? */
	DIALOG_ROOM_DRAW, /* a game room: the opponent offers a draw */
	DIALOG_ROOM_TAKEBACK, /* ... asks to take back a move */
	DIALOG_OVERWRITE, /* :save FILE of a file that exists: replace it? */
	DIALOG_DROP_REDO, /* a move that clears the redo list: play it? */
	DIALOG_COACH      /* the coach: take that move back? */
};

enum dialog_action {
	ACT_MOVE,
	ACT_YES,
	ACT_NO,
	ACT_NEW,
	ACT_LOOK,
	ACT_QUIT,
	ACT_RESUME,
	ACT_LIVE,         /* stop reviewing */
	ACT_REVIEW        /* review the game from its last move */
};

struct dialog_item {
	int key; /* its hot key */
	char label[DIALOG_TEXT];
	enum dialog_action action;
	bc_move move;
};

/* What a dialog hands the screen below it once closed (its `answer`). */
struct dialog_answer {
	enum dialog_kind kind;
	enum dialog_action action;
	bc_move move;
};

struct dialog {
	enum dialog_kind kind;
	char title[DIALOG_TEXT];
	char text[BC_FEN_MAX];  /* wrapped at DIALOG_WRAP columns */
	int count, sel;
	struct dialog_item items[DIALOG_ITEMS_MAX];
};

enum { PROMPT_MAX = BC_FEN_MAX + 8, ASSIST_TEXT = 256 };

/* The computer's help to the people playing (assist.c). */
struct assist {
	bool hint_busy;          /* a hint search runs */
	bc_move hint;            /* the hint shown, or BC_MOVE_NONE */
	int hint_ply;            /* the game length it is for */
	bool of_threat;          /* the hint is the opponent's threat */
	char shown[ASSIST_TEXT]; /* the status line of the hint shown */
	bool thinking;           /* the thinking display is on */
	bool have;               /* `depth` and `line` hold a search */
	bool of_hint;            /* ... of a hint search */
	int depth;
	uint64_t nodes;
	char line[ASSIST_TEXT];  /* score and expected moves, in SAN */
};

/*
 * The piece-info key (piece_info.c): the piece on `sq` named, and the
 * squares it can reach marked, as the game stands or (`pattern`) with the
 * board otherwise empty.
 */
struct piece_info {
	bool on, pattern;
	bc_square sq;
	bc_piece piece;
	int count;              /* squares marked */
	bool reach[BC_CELLS];
};

enum { LEARN_NOTE_MAX = 512 };

enum { ROOM_CHAT_LINES = 32, ROOM_CHAT_TEXT = 320 };

/* A game room as the screen shows it (remote.c). */
struct room_view {
	bool guest_here;           /* the guest is connected */
	char guest[48];            /* the guest's login, "" before one came */
	char opponent[48];         /* the other player's login, or "" */
	int watchers;
	bool closed;               /* the connection or the room is gone */
	char closed_why[UI_REMOTE_TEXT];
	bool move_sent;            /* our move is on its way */
	bool offer_sent[2];        /* our offers not yet answered */
	int offer_open;            /* the opponent's offer asked, or -1 */
	char chat[ROOM_CHAT_LINES][ROOM_CHAT_TEXT]; /* sanitised */
	int chat_count;
};

struct ui {
	const struct ui_options *opts;
	/* The options as the program gave them, but a room entered on the
	 * new-game screen sets its remote and game here (screen_rooms.c). */
	struct ui_options opts_own;
	const struct theme *theme;
	const struct glyphs *glyphs;
	bool ascii, symbols;
	int rows, cols;
	int need_rows, need_cols;   /* what the screens on the stack need */
	const struct screen *stack[UI_DEPTH];
	int depth;
	bool playing;               /* `play` holds a game */
	struct play play;
	struct layout layout;       /* of the game screen */
	/* The game's setup: what the new-game screen shows and starts a
	 * game from; the clock and level the autosave records. */
	struct play_setup setup;
	char message[BC_FEN_MAX + 16]; /* for the status line */
	char fen[PROMPT_MAX + 1];   /* the FEN to start from, if confirmed */
	struct play_setup start_setup; /* the game UI_START_GAME asks for */
	bool message_is_error;
	int64_t now;                /* ms on a monotonic clock */
	bool engine_busy;
	struct assist assist;
	struct analysis analysis;   /* :analyse and the review's graph */
	const bc_game *saved_game;
	uint64_t saved_sig;         /* the game as last saved (autosave.c) */
	bool save_live;             /* this game is the one on disk */
	bool save_failing;          /* the last save failed, was reported */
	struct piece_info info;     /* the piece-info key */
	char refusal[LEARN_NOTE_MAX]; /* why the last move was refused, for
	                             * the game's panel; "" if none */
	int64_t last_key;           /* ms: when the person last typed */
	bool idle;                  /* left for opts->idle_ms without a key */
	struct room_view room;      /* a game room (opts->remote) */
	/* When this game began (wall clock, seconds), for its records. */
	int64_t game_started;
	bool redo_agreed;           /* the next move may clear the redo list */
	/* This game began as a first of its variant (ui_first_game then):
	 * the coach's "first" holds for all of it, also after its end is
	 * taken back. */
	bool first_game;
	/* It was over when it began (a finished record loaded, a FEN with
	 * no move): an end not played here, which makes no game "not a
	 * first". */
	bool began_over;
};

/* Actions shared by keys, mouse, the prompt and dialogs (actions.c). */
int actions_run(struct ui *ui, enum command cmd);
int actions_fen(struct ui *ui, const char *fen);
int actions_try_moves(struct ui *ui, bc_square from, bc_square to);
/* A move typed over the game (board_input_typed on the game's board). */
int actions_typed(struct ui *ui, const char *line);
int actions_push(struct ui *ui, bc_move m);
int actions_game_changed(struct ui *ui);
/* The game screen's hooks: a click, a dialog's answer (also the
 * new-game screen's), a typed line (game_line.c). */
int actions_click(struct ui *ui, int y, int x);
int actions_answer(struct ui *ui, const struct dialog_answer *a);
int game_line(struct ui *ui, const char *line);

/* Move now, hints and the thinking display (assist.c). */
int assist_run(struct ui *ui, enum command cmd);
int assist_engine_failed(struct ui *ui);
void assist_cancel(struct ui *ui);
int assist_update(struct ui *ui);
int assist_tick(struct ui *ui);
bool assist_waiting(const struct ui *ui);
bool assist_is_hint(const struct ui *ui, bc_square sq);
int assist_panel_rows(const struct ui *ui);
void assist_panel_draw(const struct ui *ui, int y);
void assist_status(const struct ui *ui, char *buf, size_t size);

/* A game room: its events, the person's requests, its part of the
 * status line and the panel (remote.c); only with opts->remote. */
void remote_start(struct ui *ui);
bool remote_player_line(const struct ui *ui, int side, char *buf,
    size_t size);
int remote_tick(struct ui *ui);
int remote_wait(struct ui *ui, int ms);
int remote_push(struct ui *ui, bc_move m);
bool remote_command(struct ui *ui, enum command cmd, int *flags);
bool remote_answer(struct ui *ui, const struct dialog_answer *a,
    int *flags);
int remote_say(struct ui *ui, const char *text);
bool remote_refuses_fen(struct ui *ui);
void remote_status(const struct ui *ui, char *buf, size_t size);
int remote_panel_rows(const struct ui *ui);
void remote_panel_draw(const struct ui *ui, int y);

/* Stepping through the game's moves (review.c). */
int review_run(struct ui *ui, enum command cmd);
int review_show(struct ui *ui, int ply);
int review_goto(struct ui *ui, const char *arg);
int review_take_back(struct ui *ui, bool keep_cursor);
int review_ask(struct ui *ui, bc_move m);
int review_typed(struct ui *ui, const char *line);

/* `:save [FILE]` and its question (game_save.c); the prompt opened with
 * a line to edit (screen_prompt.c). */
int game_save(struct ui *ui, const char *arg);
int game_save_answer(struct ui *ui, const struct dialog_answer *a);
void prompt_open(struct ui *ui, const char *text);

/* A person's move that would clear the redo list asks first
 * (redo_guard.c): true if it asked (the move waits for the answer:
 * yes sets redo_agreed and plays it; no says so). */
bool redo_guard_asks(struct ui *ui, bc_move m);
void redo_guard_declined(struct ui *ui);
void review_status(const struct ui *ui, char *buf, size_t size);

/* Keeping the game on disk through opts->store (autosave.c). */
void autosave_mark(struct ui *ui, bool live);
int autosave_check(struct ui *ui);
void autosave_final(struct ui *ui);
/* The game as it stands, as a save describes it. */
void autosave_snapshot(const struct ui *ui, struct ui_saved *out);

/* Starting a game (game_start.c): a new one; one from a save (`live`:
 * the autosave itself); the one opts->resume describes. */
int actions_start_game(struct ui *ui, const struct play_setup *setup);
int game_start_saved(struct ui *ui, const struct ui_saved *r, bool live);
int game_resume(struct ui *ui);

/* The lessons: open the list; a move or typed line for the lesson on
 * screen (screen_lesson.c). */
void lessons_open(struct ui *ui, bc_variant_id variant, bool one);
/* Between the list and the lesson: open lesson `i` of opts->lessons; the
 * list's choice follows lesson `i` on screen; only one variant's lessons
 * were asked for (screen_lessons.c). */
void lesson_open(struct ui *ui, int i);
void lessons_follow(struct ui *ui, int i);
bool lessons_one_variant(void);

/* The new-game screen's rooms (screen_rooms.c): open the room --host
 * named with the game of ui->setup, the host playing `colour`; the list
 * of rooms to join, refreshed by rooms_tick every ROOMS_REFRESH_MS while
 * it is on top. */
enum { ROOMS_REFRESH_MS = 2000 };
int rooms_host(struct ui *ui, int colour);
int rooms_tick(struct ui *ui);
int rooms_wait(const struct ui *ui, int ms);
int newgame_default_level(const struct ui *ui, bc_variant_id variant);
/* The new-game screen's clock lines from ui->setup's clock, at start. */
void newgame_init(struct ui *ui);
/* True if opts->finished names no finished game of `variant`: a first
 * game, which starts gentle and has the coach (screen.c, so that the
 * coach need not call the new-game screen). */
bool ui_first_game(const struct ui *ui, bc_variant_id variant);
/* A game of `variant` has ended (mate, resignation, draw, time): the next
 * one is no longer a first (screen.c). */
void ui_game_finished(struct ui *ui, bc_variant_id variant);

/*
 * The coach's budget for a mate in two, in moves made: about 0.2 s on a
 * 2-core host at load 21 (HexChad's slowest searches made 0.7 million
 * moves a second, Grand's 5 million on the average), six times what any
 * position after a move of the bench's middle games or of 30 random
 * games needed (23,495 at most; README, the coach).
 */
enum { COACH_MATE_NODES = 150000 };

/* The coach (coach.c): on for this game?  After a person's move from
 * `before`, a question if it blunders; the computer waits while it is
 * open (coach_holding); its yes takes the move back. */
bool coach_on(const struct ui *ui);
bool coach_holding(const struct ui *ui);
int coach_after_move(struct ui *ui, const bc_position *before, bc_move m);
int coach_take_back(struct ui *ui);
int lesson_move(struct ui *ui, bc_move m);
int lesson_prompt(struct ui *ui, const char *line);
int lesson_click(struct ui *ui, int y, int x);
int lesson_answer(struct ui *ui, const struct dialog_answer *a);
void lesson_close(struct ui *ui);

/* Drawing parts of the game screen. */
void board_view_draw(const struct ui *ui);
void board_view_draw_play(const struct ui *ui, const struct play *p,
    const struct layout *l);
void panel_draw(const struct ui *ui);
int panel_list_rows(const struct ui *ui, int *total);
int panel_ply_at(const struct ui *ui, int y, int x);
void statusbar_draw(const struct ui *ui);
void dialog_open(struct ui *ui, enum dialog_kind kind, const char *title,
    const char *text);
void dialog_add(struct ui *ui, int key, const char *label,
    enum dialog_action action, bc_move move);
/* The item highlighted first (from 0; the first by default); the dialog
 * being shown (screen_dialog.c keeps it); whether the top screen is a
 * dialog of `kind`. */
void dialog_select(struct ui *ui, int i);
const struct dialog *dialog_current(const struct ui *ui);
bool dialog_showing(const struct ui *ui, enum dialog_kind kind);
/*
 * Opens the chooser ("Promotion", else "Which move?") between the `n`
 * moves `moves` of `p` that all go from `from` to `to`; `label` names
 * move number `i` of them and picks its key.  Returns UI_DRAW.
 */
typedef void move_label_fn(const struct play *p, bc_move m, int i,
    char *buf, size_t size, int *key);
int dialog_choose_move(struct ui *ui, const struct play *p,
    const bc_move *moves, int n, move_label_fn *label);

/* The rules key and the piece-info key (rules.c, piece_info.c). */
int rules_show(struct ui *ui);
int rules_manual(struct ui *ui);
int piece_info_run(struct ui *ui);
void piece_info_clear(struct ui *ui);
bool piece_info_marks(const struct ui *ui, bc_square sq);
bc_piece piece_info_shown(const struct ui *ui, bc_square sq);
int piece_info_panel_draw(const struct ui *ui, int y, int rows);
void piece_info_status(const struct ui *ui, char *buf, size_t size);
/* One line about piece type `type` of `v`: how it moves. */
const char *piece_info_describe(const bc_variant *v, int type);

#endif
