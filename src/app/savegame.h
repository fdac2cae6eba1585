/*
 * savegame.h - the autosave: the game being played, kept on disk as PGN
 * after every move so that a closed terminal, a signal or a crash never
 * loses it, and finished games kept in a history folder.
 *
 * Files: $XDG_STATE_HOME/bigchess/autosave.pgn (default
 * ~/.local/state/bigchess/; a second session's is autosave-2.pgn and so
 * on, see session.h) and history/<timestamp>.pgn beside it.  Every
 * file is written atomically: a temp file in the same folder, fsync,
 * rename; a good file is never replaced by a half-written one.
 */
#ifndef BIGCHESS_SAVEGAME_H
#define BIGCHESS_SAVEGAME_H

#include <stdbool.h>
#include <stddef.h>

#include "bigchess/bigchess.h"
#include "ui/ui.h"

enum {
	SAVEGAME_PATH_MAX = 4096,
	SAVEGAME_AUTOSAVE_MAX = 4 << 20, /* bytes: more is not an autosave */
	SAVEGAME_FILE_MAX = 64 << 20,    /* bytes, for --load */
	SAVEGAME_NAME_MAX = 32,          /* an autosave's file name */
	SAVEGAME_HISTORY_KEEP = 1000,    /* history games kept by default */
	SAVEGAME_PLAYER_MAX = 80         /* a White or Black tag, with NUL */
};

/* A game read back from PGN, with what the private tags say. */
struct savegame {
	bc_game *game;           /* owned; ui.game points to it */
	bc_pgn_tag *tags;        /* owned: the record's; ui.tags points to
	                          * them */
	int tag_count;
	struct ui_saved ui;
	int level;               /* BigchessLevel, or 0 */
	bool has_players;        /* the BigchessPlayers tag was there */
	bool finished;           /* a result other than "*" */
};

/* The app's side of struct ui_store: where to save, at what level. */
struct savegame_store {
	char dir[SAVEGAME_PATH_MAX];
	char name[SAVEGAME_NAME_MAX]; /* the autosave: autosave.pgn, or a
	                               * second session's autosave-2.pgn */
	int level;
	struct ui_store seam;    /* what the UI calls; ctx points here */
};

/*
 * The state folder: $XDG_STATE_HOME/bigchess, else ~/.local/state/bigchess.
 * Returns 0, or -1 with a reason in `err` when neither is set.
 */
int savegame_dir(char *buf, size_t size, char *err, size_t errsize);

/*
 * Makes `dir` the state folder whatever the environment says (the
 * administrator's state-dir setting); call it once at start.
 */
void savegame_use_dir(const char *dir);

/*
 * The person's name for the White or Black tag of their games (the name
 * setting); NULL or "": the login name.  Once at start.
 */
void savegame_use_name(const char *name);

/*
 * The history folder keeps only the newest `keep` games (0: none, and
 * finished games are not archived); once at start.
 */
void savegame_keep_history(int keep);

/*
 * Whether `dir`, the state folder, may be trusted with games: a folder
 * (or the user's own symbolic link to one) owned by the user and not
 * writable by group or others.  Returns -1 with a one-line reason and the
 * fix in `err` if it is not; 1 if it does not exist yet (saving makes it,
 * mode 0700); else 0 (when it is no folder at all, each save fails and
 * says so).  Every save checks it again.
 */
int savegame_check_dir(const char *dir, char *err, size_t errsize);

/*
 * Opens file `name` of the state folder `dir` for reading, never through
 * a symbolic link (O_NOFOLLOW) and only if it is a regular file in a
 * folder savegame_check_dir trusts.  Returns the descriptor, or -1 with
 * `err` and errno ENOENT when it (or the folder) does not exist.
 */
int savegame_open(const char *dir, const char *name, char *err,
    size_t errsize);

/* The autosave's path in `dir`. */
void savegame_autosave_path(const char *dir, char *buf, size_t size);

/*
 * Writes `s` as PGN with the bigchess tags into a new string in *out
 * (free it).  A game read from a record (s->tags) keeps the record's
 * tags: its Event, Site, Date, Round, White and Black stand for ours,
 * and its other tags follow in their order; Result, Termination,
 * PlyCount (if it had one), TimeControl and our private tags are the
 * game's as it is now, and Variant, SetUp and FEN the writer's.
 * Returns BC_OK or BC_ENOMEM.
 */
int savegame_format(const struct ui_saved *s, int level, char **out);

/*
 * Reads game `number` (from 1) of PGN `text` into `out`; games without a
 * Variant tag are of `fallback` (NULL: an error).  Returns 0, or -1 with
 * a one-line reason in `err`.  Free `out` with savegame_free.
 */
int savegame_parse(const char *text, size_t len, int number,
    const bc_variant *fallback, struct savegame *out, char *err,
    size_t errsize);

/*
 * Reads game `number` of the file `path`, which may hold at most `max`
 * bytes.  Returns 0, 1 if the file does not exist, or -1 with a reason in
 * `err` (unreadable, too large, empty, not a game of ours).
 */
int savegame_read(const char *path, size_t max, int number,
    const bc_variant *fallback, struct savegame *out, char *err,
    size_t errsize);

/*
 * Reads the autosave of state folder `dir` as savegame_read does, opened
 * with savegame_open: a link in its place is an error, not followed.
 */
int savegame_read_autosave(const char *dir, struct savegame *out,
    char *err, size_t errsize);

/* savegame_read_autosave of the autosave called `name` (a session's slot,
 * such as "autosave-2.pgn"). */
int savegame_read_autosave_as(const char *dir, const char *name,
    struct savegame *out, char *err, size_t errsize);

void savegame_free(struct savegame *g);

/*
 * Saves `s` in folder `dir` (made, mode 0700, if missing): an unfinished
 * game atomically to autosave.pgn; a finished one to a new file in
 * history/, and then the autosave is removed.  Returns 0, or -1 with a
 * one-line reason in `err`; on failure the old autosave stays as it was.
 * A finished game without a move is not archived; after archiving, the
 * history folder is pruned to the newest games (savegame_keep_history).
 */
int savegame_write(const char *dir, const struct ui_saved *s, int level,
    char *err, size_t errsize);

/* Moves the autosave in `dir` (a finished game) into history/, or just
 * removes it if it is a game without a move; returns 0 or -1 with
 * `err`. */
int savegame_archive(const char *dir, char *err, size_t errsize);

/*
 * savegame_write and savegame_archive for the autosave called `name`
 * (such as "autosave-2.pgn", a second session's) in place of
 * autosave.pgn.
 */
int savegame_write_as(const char *dir, const char *name,
    const struct ui_saved *s, int level, char *err, size_t errsize);
int savegame_archive_as(const char *dir, const char *name, char *err,
    size_t errsize);

/* Makes folder `dir` and its missing parents (the last mode 0700);
 * returns 0, or -1 with a one-line reason in `err`. */
int savegame_make_dir(const char *dir, char *err, size_t errsize);

/*
 * Writes `len` bytes of `text` as the file `name` in folder `dir` (made,
 * mode 0700, if missing), atomically like every save.  Returns 0, or -1
 * with a one-line reason in `err`; on failure the old file stays.
 */
int savegame_write_file(const char *dir, const char *name, const char *text,
    size_t len, char *err, size_t errsize);

/*
 * Writes `len` bytes of `text` as the file `path` (anywhere, relative to
 * the current folder) atomically: a temp file in its folder, fsync,
 * rename, fsync of the folder; the file gets the usual mode of a new
 * file (0666 less the umask).  Without `replace` an existing file is
 * never overwritten: SAVEGAME_EXISTS.  Returns 0, SAVEGAME_EXISTS, or -1
 * with a one-line reason in `err` (no such folder, no permission, a full
 * disk: the old file stays as it was).
 */
enum { SAVEGAME_EXISTS = 1 };
int savegame_write_path(const char *path, const char *text, size_t len,
    bool replace, char *err, size_t errsize);

/* Sets up `st` to save into `dir` at `level` through st->seam, its
 * autosave called `name` (NULL: autosave.pgn). */
void savegame_store_init(struct savegame_store *st, const char *dir,
    const char *name, int level);

#endif
