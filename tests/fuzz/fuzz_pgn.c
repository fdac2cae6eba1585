/*
 * fuzz_pgn.c - PGN reading.  The input is a PGN file, read game by game
 * to its end (games without a Variant tag are Grand Chess).  Each game
 * read is written back as PGN, and that text reads as the same game:
 * same variant, moves and final position.
 */
#include <string.h>

#include "bigchess/bigchess.h"
#include "fuzz.h"

enum { MAX_INPUT = 64 * 1024, MAX_GAMES = 256 };

static void
check_round_trip(const bc_pgn_game *g)
{
	bc_pgn_game again;
	bc_error err;
	char *text = NULL;
	size_t offset = 0;
	int rc, n;

	rc = bc_pgn_write(g->game, g->tags, g->tag_count, &text);
	if (rc == BC_ENOMEM)
		return;
	FUZZ_ASSERT(rc == BC_OK && text);
	FUZZ_ASSERT(bc_pgn_read(text, strlen(text), &offset, NULL, 1, &again,
	                &err) == BC_OK);
	FUZZ_ASSERT(bc_game_variant(again.game) == bc_game_variant(g->game));
	n = bc_game_length(g->game);
	FUZZ_ASSERT(bc_game_length(again.game) == n);
	for (int i = 0; i < n; i++)
		FUZZ_ASSERT(bc_game_move(again.game, i) ==
		    bc_game_move(g->game, i));
	FUZZ_ASSERT(bc_position_equal(bc_game_position(again.game),
	    bc_game_position(g->game)));
	bc_pgn_game_free(&again);
	free(text);
}

int
LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	const bc_variant *fallback = bc_variant_get(BC_VARIANT_GRAND);
	size_t offset = 0;

	if (size > MAX_INPUT)
		return 0;
	for (int number = 1; number <= MAX_GAMES; number++) {
		bc_pgn_game g;
		bc_error err;
		size_t before = offset;
		int rc = bc_pgn_read((const char *)data, size, &offset, fallback,
		    number, &g, &err);

		FUZZ_ASSERT(offset <= size);
		if (rc == BC_ENOTFOUND)
			break;
		if (rc == BC_OK) {
			check_round_trip(&g);
			bc_pgn_game_free(&g);
		} else {
			FUZZ_ASSERT(memchr(err.message, '\0',
			    sizeof err.message));
		}
		if (offset == before)
			break; /* no progress: stop rather than loop */
	}
	return 0;
}
