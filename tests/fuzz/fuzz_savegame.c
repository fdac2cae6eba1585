/*
 * fuzz_savegame.c - reading an autosave (src/savegame.c).  The input is a
 * save file, read as the program reads one: savegame_parse, game by game
 * (games without a Variant tag are Grand Chess).  A failure gives a
 * NUL-terminated reason; a game read has a level of 0 (none) or 1-10
 * and clocks in range.  Written back with savegame_format, it reads as
 * the same game: variant, moves, players, level and clocks.
 */
#include <string.h>

#include "bigchess/bigchess.h"
#include "../../src/app/savegame.h"
#include "fuzz.h"

enum { MAX_INPUT = 64 * 1024, MAX_GAMES = 4 };

/* A month in ms: the reader's limit for every clock value. */
static const int64_t month_ms = 1000LL * 3600 * 24 * 30;

static void
check_game(const struct savegame *s)
{
	const struct ui_saved *u = &s->ui;

	FUZZ_ASSERT(s->game && u->game == s->game);
	FUZZ_ASSERT(s->level >= 0 && s->level <= 10);
	FUZZ_ASSERT(u->clock_base_ms >= 0 && u->clock_base_ms <= month_ms);
	FUZZ_ASSERT(u->clock_increment_ms >= 0 &&
	    u->clock_increment_ms <= month_ms);
	for (int c = 0; c < 2; c++) {
		FUZZ_ASSERT(u->clock_left_ms[c] >= 0 &&
		    u->clock_left_ms[c] <= month_ms);
		if (u->clock_base_ms == 0)
			FUZZ_ASSERT(u->clock_left_ms[c] == 0);
	}
	if (u->clock_base_ms == 0)
		FUZZ_ASSERT(u->clock_increment_ms == 0);
}

static void
check_round_trip(const struct savegame *s)
{
	struct savegame again;
	char err[256], *text = NULL;
	int level = s->level ? s->level : 7, n;

	if (savegame_format(&s->ui, level, &text) == BC_ENOMEM)
		return;
	FUZZ_ASSERT(text);
	if (savegame_parse(text, strlen(text), 1, NULL, &again, err,
	        sizeof err) != 0) {
		fprintf(stderr, "%s\n---\n%s\n", err, text);
		FUZZ_ASSERT(!"a written save reads back");
	}
	FUZZ_ASSERT(bc_game_variant(again.game) == bc_game_variant(s->game));
	n = bc_game_length(s->game);
	FUZZ_ASSERT(bc_game_length(again.game) == n);
	for (int i = 0; i < n; i++)
		FUZZ_ASSERT(bc_game_move(again.game, i) ==
		    bc_game_move(s->game, i));
	FUZZ_ASSERT(bc_position_equal(bc_game_position(again.game),
	    bc_game_position(s->game)));
	FUZZ_ASSERT(again.has_players && again.level == level);
	for (int c = 0; c < 2; c++) {
		FUZZ_ASSERT(again.ui.computer[c] == s->ui.computer[c]);
		FUZZ_ASSERT(again.ui.clock_left_ms[c] ==
		    s->ui.clock_left_ms[c]);
	}
	FUZZ_ASSERT(again.ui.clock_base_ms == s->ui.clock_base_ms);
	FUZZ_ASSERT(again.ui.clock_increment_ms == s->ui.clock_increment_ms);
	FUZZ_ASSERT(again.finished == (bc_game_result(s->game, NULL) !=
	    BC_RESULT_NONE));
	savegame_free(&again);
	free(text);
}

int
LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	const bc_variant *fallback = bc_variant_get(BC_VARIANT_GRAND);

	if (size > MAX_INPUT)
		return 0;
	for (int number = 1; number <= MAX_GAMES; number++) {
		struct savegame s;
		char err[256];

		err[0] = '\0';
		if (savegame_parse((const char *)data, size, number, fallback,
		        &s, err, sizeof err) != 0) {
			FUZZ_ASSERT(err[0] && memchr(err, '\0', sizeof err));
			break;
		}
		check_game(&s);
		check_round_trip(&s);
		savegame_free(&s);
	}
	return 0;
}
