/*
 * pgn.h - game records in PGN (Portable Game Notation), extended with a
 * Variant tag: "Chad", "Grand Chess" or "Hadean Chess".
 *
 * Reading is lenient in what PGN allows (comments, NAGs, variations, move
 * numbers, any line endings, several games in one text) and strict about
 * moves: an illegal or malformed move is an error naming the game, the
 * move number and the text.  Everything works on strings; no I/O.
 */
#ifndef BIGCHESS_PGN_H
#define BIGCHESS_PGN_H

#include <stddef.h>

#include "error.h"
#include "game.h"

/*
 * Bounds on one game, so that what a reader keeps grows with the moves of
 * a game and never with what a hostile file repeats: a game with more
 * tags, or a tag with a longer name or value (in bytes), is an error for
 * that game, and the games after it are still read.
 */
enum {
	BC_PGN_TAGS_MAX = 256,
	BC_PGN_TAG_NAME_MAX = 255,
	BC_PGN_TAG_VALUE_MAX = 4095
};

typedef struct bc_pgn_tag {
	char *name;
	char *value;
} bc_pgn_tag;

/* One game read from PGN: its tags in file order, and the game. */
typedef struct bc_pgn_game {
	bc_pgn_tag *tags;
	int tag_count;
	bc_game *game;
	/* The result the record gives ("1-0", "0-1", "1/2-1/2", "*"): the
	 * movetext's result token, else the Result tag, else "*". */
	char result[8];
} bc_pgn_game;

/*
 * Reads the next game from `text` (of `len` bytes) starting at byte
 * *offset, and advances *offset past it.  `fallback` is the variant of a
 * game without a Variant tag (NULL: such a game is an error).  `number` is
 * the game's number (from 1) used in messages.  Returns BC_OK with *out
 * filled (free it with bc_pgn_game_free), BC_ENOTFOUND when no game is
 * left, or an error with `err` naming the game, move number and text.
 */
int bc_pgn_read(const char *text, size_t len, size_t *offset,
    const bc_variant *fallback, int number, bc_pgn_game *out, bc_error *err);

/*
 * Reads game `number` (from 1) of `text`, skipping the games before it,
 * bad ones included.  Returns what bc_pgn_read returns for that game; when
 * the text holds fewer games, BC_ENOTFOUND with `err` saying how many
 * ("holds no game", "holds 2 games, not 3").
 */
int bc_pgn_read_nth(const char *text, size_t len, const bc_variant *fallback,
    int number, bc_pgn_game *out, bc_error *err);

/* Frees what bc_pgn_read put in `g` (not `g` itself). */
void bc_pgn_game_free(bc_pgn_game *g);

/* The value of tag `name` in `g`, or NULL. */
const char *bc_pgn_tag_value(const bc_pgn_game *g, const char *name);

/*
 * Writes `game` as PGN into a new NUL-terminated string in *out (free it
 * with free()).  The Seven Tag Roster comes first, taking values from
 * `tags` (missing ones are "?", the Date "????.??.??"; the Result is the game's, or the given one
 * while the rules see the game as unfinished), then Variant,
 * SetUp and FEN when the game did not start from the start position, then
 * the other `tags` in order.  Moves are SAN, lines at most 79 columns.
 * Returns BC_OK or BC_ENOMEM.
 */
int bc_pgn_write(
    const bc_game *game, const bc_pgn_tag *tags, int tag_count, char **out);

#endif
