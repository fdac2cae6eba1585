/*
 * ui.h - the interactive curses game: what the app hands over and gets
 * back.  The app (src/app/main.c) parses options, owns signals and the
 * environment; the UI owns the terminal while it runs.
 */
#ifndef BIGCHESS_UI_H
#define BIGCHESS_UI_H

#include <signal.h>
#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "bigchess/bigchess.h"

/*
 * The seam for a computer player: the UI asks for a move in the current
 * position and polls for the answer between keys, so the screen stays
 * live while it thinks.  NULL in ui_options means there is no engine, and
 * the new-game screen offers only human players; hurry, hint and info may
 * be NULL.
 */
struct ui_engine_info;
struct ui_analysis_info;

struct ui_engine {
	void *ctx;
	/* Starts thinking about the current position of `game` (its earlier
	 * positions count for repetitions). */
	int (*start)(void *ctx, const bc_game *game);
	/* Sets the computer's level (1-10) for the searches to come. */
	void (*set_level)(void *ctx, int level);
	/* BC_OK with the move once decided; BC_ENOTFOUND while thinking. */
	int (*poll)(void *ctx, bc_move *out);
	/* Stops thinking (an undo, a new game, quit). */
	void (*stop)(void *ctx);
	/* Asks the search to finish now; poll then gives its best move so
	 * far at once ("move now"). */
	void (*hurry)(void *ctx);
	/* Like start, but a short search at full strength for a hint to a
	 * person; poll gives its move. */
	int (*hint)(void *ctx, const bc_game *game);
	/* Like hint, for the side not to move: its best move were it its
	 * turn (a null move), which poll gives, in the position with the
	 * sides swapped.  BC_EINVALID when the side to move is in check.
	 * May be NULL. */
	int (*threat)(void *ctx, const bc_game *game);
	/* Copies the latest progress of the current (or last) search into
	 * `out`; false if it has not reported yet.  Safe while it runs. */
	bool (*info)(void *ctx, struct ui_engine_info *out);
	/* Why the last start or hint failed, as a phrase for "The computer
	 * cannot think: ..." (such as "no thread can be started (Resource
	 * temporarily unavailable)"); may be NULL. */
	const char *(*failure)(void *ctx);
	/* NULL if the computer plays `v`, else a one-line reason naming it
	 * (its tables are incomplete); may itself be NULL: it plays all. */
	const char *(*problem)(void *ctx, const bc_variant *v);
	/* The measured strength of `level` in Elo on the ladder's scale
	 * (README, "Levels"), for the new-game screen; may be NULL. */
	int (*level_elo)(void *ctx, int level);
	/* Analysis (all three may be NULL: none).  A search of an engine
	 * of its own at full strength, apart from the computer player's,
	 * of `pos` after the game positions `history` (their hashes, since
	 * the last irreversible move, oldest first), finding `lines` root
	 * lines (MultiPV), until analyse_stop or for `nodes` nodes (0: no
	 * limit).  One at a time: analyse_stop (which waits) before the
	 * next.  `analysis` copies its latest report, false if none yet. */
	int (*analyse)(void *ctx, const bc_position *pos,
	    const uint64_t *history, int count, int lines, uint64_t nodes);
	bool (*analysis)(void *ctx, struct ui_analysis_info *out);
	void (*analyse_stop)(void *ctx);
};

enum { UI_ENGINE_PV_MAX = 16, UI_FIRST_LEVEL = 2 };

/* The coach setting: on for a first game of a variant (the default),
 * always, or never. */
enum { UI_COACH_FIRST, UI_COACH_ON, UI_COACH_OFF };

/* A search's progress, for the thinking display. */
struct ui_engine_info {
	int depth;    /* completed iterations */
	int side;     /* the side to move in the position searched */
	int score;    /* centipawns, the searched side's view */
	int mate;     /* 0, or mate in N moves (N < 0: mated) */
	uint64_t nodes;
	int pv_length;
	bc_move pv[UI_ENGINE_PV_MAX]; /* from the searched position */
};

enum { UI_ANALYSIS_LINES = 3 };

/* An analysis's progress: its best lines, best first. */
struct ui_analysis_line {
	int score;    /* centipawns, the searched side's view */
	int mate;     /* 0, or mate in N moves (N < 0: mated) */
	int pv_length;
	bc_move pv[UI_ENGINE_PV_MAX];
};

struct ui_analysis_info {
	int depth;    /* completed iterations */
	int side;     /* the side to move in the position searched */
	uint64_t nodes;
	int lines;    /* filled entries of `line` */
	struct ui_analysis_line line[UI_ANALYSIS_LINES];
	bool done;    /* the search has ended (a node limit) */
};

/*
 * A game as the UI reports it for saving, and as the app hands back a
 * saved game to resume: the game, who plays each side, the clock's
 * settings and each side's time left (ms).
 */
struct ui_saved {
	const bc_game *game;
	bool computer[2];
	int64_t clock_base_ms;     /* 0: no clock */
	int64_t clock_increment_ms;
	int64_t clock_left_ms[2];
	int level;   /* the computer's level */
	bool first;  /* this game's first save: keep an older autosave */
	int64_t started; /* when the game began (seconds since 1970; 0:
	                  * not known), for the record's Date */
	/* The tags of the record the game was read from, in its order
	 * (NULL: a game begun here), kept when it is saved again: only
	 * what the game changes is written anew (savegame_format). */
	const bc_pgn_tag *tags;
	int tag_count;
};

/*
 * The most time a clock holds for a side, and the largest increment (ms):
 * what --clock allows, 100 hours and an hour a move.  The UI's clock never
 * grows past them (increments stop at the cap), so every clock value in a
 * struct ui_saved is within them, and a save file can always say it.
 */
enum {
	UI_CLOCK_MAX_MS = 100 * 3600 * 1000,
	UI_INCREMENT_MAX_MS = 3600 * 1000
};

/*
 * The seam for keeping the game on disk (the app does the file I/O): the
 * UI calls `save` after every change of the game and once more on the
 * way out.  It returns 0, or -1 with a one-line reason in `err`.
 */
struct ui_choices;

enum { UI_SAVE_EXISTS = 1 };

struct ui_store {
	void *ctx;
	/* NULL: there is no state folder, nothing is kept on its own. */
	int (*save)(void *ctx, const struct ui_saved *s, char *err,
	    size_t errsize);
	/*
	 * `:save FILE`: writes the game as PGN to `path` as the person
	 * typed it (~ is their home; relative to the current folder),
	 * atomically.  Returns 0; UI_SAVE_EXISTS, writing nothing, if the
	 * file exists and `replace` is false; -1 with a one-line reason in
	 * `err`.  The path written (expanded) goes to `done` (may be NULL).
	 * May be NULL: the game cannot be saved to a file.
	 */
	int (*save_as)(void *ctx, const struct ui_saved *s, const char *path,
	    bool replace, char *done, size_t donesize, char *err,
	    size_t errsize);
	/* A name for `:save` alone: the first free one of the day for a
	 * game of `v`, such as "~/bigchess-grand-2026-12-01-1.pgn".  May
	 * be NULL. */
	void (*suggest)(void *ctx, const bc_variant *v, char *buf,
	    size_t size);
	/* Keeps the choices a game was started with, for the next
	 * new-game screen; quietly does nothing if it cannot.  May be
	 * NULL. */
	void (*remember)(void *ctx, const struct ui_choices *c);
};

/* The new-game screen's choices, as the last game left them. */
struct ui_choices {
	bc_variant_id variant;
	bool computer[2];
	int level;                 /* 0: a first game's default, not kept */
	int64_t clock_base_ms;     /* 0: no clock */
	int64_t clock_increment_ms;
	bool black_at_bottom;
	bool autoflip;
};

enum { UI_RECORD_NAME = 48, UI_RECORD_ERROR = 160 };

/* One game of a PGN file, as the list of games shows it. */
struct ui_record {
	char white[UI_RECORD_NAME];   /* the tags, or "" */
	char black[UI_RECORD_NAME];
	char event[UI_RECORD_NAME];
	char date[UI_RECORD_NAME];
	char result[8];               /* the record's result */
	char variant[24];
	int plies;                    /* moves of both sides */
	char error[UI_RECORD_ERROR];  /* "": good; else why it cannot load */
};

/*
 * The games of the file given to --load without --game, when it holds
 * more than one: the UI lists them and asks for the one picked (the app
 * does the file I/O).  `load` reads game `number` (from 1) into *out,
 * which stays valid until the next call, and returns 0, or -1 with a
 * one-line reason in `err`.
 */
struct ui_records {
	void *ctx;
	const char *name;             /* the file, for the title */
	int count;
	bool more;                    /* the file holds more than `count` */
	const struct ui_record *games;
	int (*load)(void *ctx, int number, const struct ui_saved **out,
	    char *err, size_t errsize);
};

/*
 * The seam for the rules key (R): the app runs man(1), the UI hands it
 * the terminal.  `has` says, quietly, whether manual page `page` (such as
 * "bigchess-grand") can be shown; `show` shows it in the pager and
 * returns when the reader quits it, 0 if it ran, -1 if not.  The UI has
 * left curses around `show`.  NULL in ui_options: the UI shows its
 * built-in rules text instead.
 */
struct ui_manual {
	void *ctx;
	bool (*has)(void *ctx, const char *page);
	int (*show)(void *ctx, const char *page);
};

/*
 * The seam for the lessons: the app parses the embedded lesson
 * files and keeps which are solved on disk; the UI shows them and plays
 * them.  `lesson`, `name` and `done` have `count` entries in menu order
 * (variant, then file name); `done` belongs to the app and changes only
 * through `solve`, which marks lesson i solved and saves that.  `solve`
 * returns 0, or -1 with a one-line reason in `err` (the lesson still
 * counts as solved until the program ends).
 */
struct lesson;

struct ui_lessons {
	void *ctx;
	int count;
	const struct lesson *lesson;
	const char *const *name;   /* "grand/01-chancellor" */
	const bool *done;
	int (*solve)(void *ctx, int i, char *err, size_t errsize);
	const char *warning;       /* NULL, or why progress is not kept */
};

/*
 * The seam for a game room (--host, --join, --watch): the other player
 * is a person at another terminal.  The app speaks the room's protocol;
 * the UI sends what its person does and polls for what happened, and
 * never sees a socket.  Every move an event carries is legal in the
 * UI's game as it stands (the app has checked it).
 */
enum ui_remote_kind {
	UI_REMOTE_NONE,      /* nothing new */
	UI_REMOTE_MOVED,     /* `move` was played; clock_ms after it */
	UI_REMOTE_SAID,      /* `who` said `text` */
	UI_REMOTE_OFFERED,   /* `colour` offers `offer` */
	UI_REMOTE_DECLINED,  /* `colour`'s offer was declined */
	UI_REMOTE_TAKEBACK,  /* the game is back to `count` plies */
	UI_REMOTE_RESULT,    /* ended by `end`; `colour` lost (2: drawn) */
	UI_REMOTE_PEER,      /* the opponent `who` came (`here`) or left */
	UI_REMOTE_WATCHERS,  /* `count` watch */
	UI_REMOTE_CLOCK,     /* the clocks stand at clock_ms */
	UI_REMOTE_CLOSED     /* the room is gone: `text` says why */
};

enum ui_remote_offer { UI_OFFER_DRAW, UI_OFFER_TAKEBACK };
enum ui_remote_end { UI_END_RESIGNATION, UI_END_AGREEMENT, UI_END_TIME };
enum { UI_REMOTE_TEXT = 256, UI_REMOTE_WATCHING = 2, UI_REMOTE_SAY_MAX = 200 };

struct ui_remote_event {
	enum ui_remote_kind kind;
	bc_move move;
	int64_t clock_ms[2];
	int offer, end, colour;
	int64_t count;
	bool here;
	bool earlier;              /* SAID: before we came (the backlog) */
	char who[48];
	char text[UI_REMOTE_TEXT];
};

struct ui_remote_fd {
	int fd;
	bool write;
};

struct ui_remote {
	void *ctx;
	int colour;               /* the person's side, or UI_REMOTE_WATCHING */
	const char *room_name;    /* the room's name */
	bool host;                /* this process holds the room */
	const char *join_command; /* host: what the opponent types */
	const char *host_login;   /* who holds the room */
	int host_colour;          /* the side the host plays */
	/* The descriptors to wait on (up to `max`); returns how many. */
	int (*fds)(void *ctx, struct ui_remote_fd *out, int max);
	/* Ms until it needs a poll though nothing arrived; -1: never. */
	int (*timeout)(void *ctx, int64_t now);
	/* The next thing that happened, or UI_REMOTE_NONE. */
	void (*poll)(void *ctx, int64_t now, struct ui_remote_event *ev);
	/* Requests, each answered by an event (or by nothing, if the
	 * room has moved on meanwhile).  `move` is legal in `game`. */
	void (*move)(void *ctx, const bc_game *game, bc_move m);
	void (*say)(void *ctx, const char *text);
	void (*offer)(void *ctx, int offer);
	void (*answer)(void *ctx, bool yes);
	void (*resign)(void *ctx);
};

/*
 * The seam for the new-game screen's rooms: with `host_name` (--host
 * NAME without its game) the screen chooses the room's game and `host`
 * opens it; "Join a game" lists the open rooms (`scan`) and `join`s one.
 * `host` and `join` return 0 with the room's seam and its game (both
 * the app's, alive until the program ends), or -1 with a one-line
 * reason in `err`.
 */
enum { UI_ROOMS_MAX = 64, UI_SIDE_RANDOM = 2 };

struct ui_room_entry {
	char name[40], host[40], variant[40];
	long long base_ms, inc_ms, moves, watchers;
	bool playing;
};

struct ui_rooms {
	void *ctx;
	const char *host_name;     /* NULL: not hosting */
	int host_side;             /* --side: the screen's first colour */
	int (*host)(void *ctx, bc_variant_id variant, int64_t base_ms,
	    int64_t inc_ms, int colour, const struct ui_remote **remote,
	    const struct ui_saved **game, char *err, size_t errsize);
	/* Up to `max` open rooms; -1 with `err` if the folder is unusable. */
	int (*scan)(void *ctx, struct ui_room_entry *out, int max, char *err,
	    size_t errsize);
	int (*join)(void *ctx, const char *name, bool watch,
	    const struct ui_remote **remote, const struct ui_saved **game,
	    char *err, size_t errsize);
};

struct ui_options {
	bool skip_setup;           /* start the game at once */
	bc_variant_id variant;
	const char *fen;           /* NULL: the start position */
	bool computer[2];          /* White, Black is the computer */
	int64_t clock_base_ms;     /* 0: no clock */
	int64_t clock_increment_ms;
	bool ascii;                /* ASCII pieces and borders */
	bool color;                /* false: monochrome */
	bool symbols;              /* chess symbols for K Q R B N P */
	int level;                 /* the computer's level, 1-10 */
	/* A first game of a variant is gentle: unless the level was asked
	 * for (level_given), a variant with no finished game in the
	 * history starts at UI_FIRST_LEVEL.  `finished` has one entry per
	 * registered variant (bc_variant_count() of them, indexed by
	 * bc_variant_id_of), true for each with a finished game; NULL
	 * counts every variant as played (no history to read).  Owned by
	 * the app; the UI sets a variant's entry when a game of it ends,
	 * so that within one run the next game of it is not a first. */
	bool level_given;
	bool *finished;
	int coach;                 /* UI_COACH_FIRST, _ON or _OFF */
	const struct ui_engine *engine; /* NULL: none yet */
	const struct ui_store *store;   /* NULL: nothing is saved */
	const struct ui_manual *manual; /* NULL: built-in rules text */
	/* A saved game to go on with: at once, or (resume_ask) offered in
	 * a dialog over the new-game screen.  Owned by the app. */
	const struct ui_saved *resume;
	bool resume_ask;
	bool resume_live;               /* it is the autosave itself */
	const char *message;            /* for the status line at start */
	/* Several games to pick from first (--load FILE), or NULL. */
	const struct ui_records *records;
	/* The lessons (NULL: none); `learn` opens them at once, of
	 * `variant` only if `learn_one`. */
	const struct ui_lessons *lessons;
	bool learn, learn_one;
	/* Set by the app's signal handler: leave at once. */
	volatile sig_atomic_t *signal_flag;
	/* Restricted mode (--restricted): the UI starts no program (the
	 * rules key shows the built-in text whatever `manual` is) and
	 * takes no file path from the person: see ui_path_allowed. */
	bool restricted;
	/* Leave after this many ms without a key (saving the game as on
	 * the way out); 0: never. */
	int64_t idle_ms;
	/* A game room (with `resume` the game as the room has it), or
	 * NULL: both players are here. */
	const struct ui_remote *remote;
	/* The new-game screen's rooms (NULL: none). */
	const struct ui_rooms *rooms;
	/* The board's orientation and turning (the settings or the last
	 * game); without `bottom_set`, the person playing the computer
	 * sits at the bottom. */
	bool bottom_set, black_at_bottom, autoflip;
};

/*
 * Runs the interactive game until the user quits or a signal is flagged,
 * and restores the terminal in every case.  Returns 0 on a normal quit,
 * UI_RUN_IDLE when opts->idle_ms passed without a key (with a one-line
 * message for stderr in `err`: what was saved), and -1 with a one-line
 * reason in `err` if the terminal cannot be used.
 */
enum { UI_RUN_IDLE = 1 };

int ui_run(const struct ui_options *opts, char *err, size_t errsize);

#endif
