/*
 * fuzz_fen.c - FEN reading.  The input is a FEN, tried in every variant.
 * When a variant accepts it: writing the position back and reading that
 * gives the same position and the same text; the incremental hash is the
 * one computed from scratch; every legal move leaves the mover's king
 * unattacked, and unmaking it restores the position; the first moves'
 * coordinate text reads back as the same move.
 */
#include <string.h>

#include "bigchess/bigchess.h"
#include "fuzz.h"

enum { MAX_INPUT = 1024, TEXT_CHECKS = 32 };

static void
check_moves(const bc_position *start)
{
	static bc_move_list list;
	bc_position pos = *start;
	int mover = start->side;

	bc_movegen_legal(&pos, &list);
	for (int i = 0; i < list.count; i++) {
		bc_move m = list.moves[i], back;
		bc_undo undo;
		bc_error err;
		char text[BC_MOVE_TEXT_MAX];

		if (i < TEXT_CHECKS) {
			FUZZ_ASSERT(bc_move_to_coord(&pos, m, text, sizeof text) > 0);
			FUZZ_ASSERT(bc_move_parse(&pos, text, &back, &err) == BC_OK);
			FUZZ_ASSERT(back == m);
		}
		bc_position_make(&pos, m, &undo);
		FUZZ_ASSERT(pos.side != mover);
		FUZZ_ASSERT(pos.hash == bc_position_compute_hash(&pos));
		FUZZ_ASSERT(!bc_position_attacked(&pos, pos.king[mover], !mover));
		bc_position_unmake(&pos, &undo);
		FUZZ_ASSERT(bc_position_equal(&pos, start));
		FUZZ_ASSERT(pos.hash == start->hash);
	}
}

static void
check_variant(const bc_variant *v, const char *fen)
{
	bc_position pos, again;
	bc_error err;
	char text[BC_FEN_MAX], text2[BC_FEN_MAX];
	size_t len;

	if (bc_position_from_fen(&pos, v, fen, &err) != BC_OK) {
		FUZZ_ASSERT(err.code != BC_OK);
		FUZZ_ASSERT(memchr(err.message, '\0', sizeof err.message));
		return;
	}
	FUZZ_ASSERT(pos.hash == bc_position_compute_hash(&pos));
	len = bc_position_to_fen(&pos, text, sizeof text);
	FUZZ_ASSERT(len > 0 && len < sizeof text && strlen(text) == len);
	FUZZ_ASSERT(bc_position_from_fen(&again, v, text, &err) == BC_OK);
	FUZZ_ASSERT(bc_position_equal(&pos, &again));
	FUZZ_ASSERT(again.hash == pos.hash);
	bc_position_to_fen(&again, text2, sizeof text2);
	FUZZ_ASSERT(strcmp(text, text2) == 0);
	check_moves(&pos);
}

int
LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	char *fen;

	if (size > MAX_INPUT)
		return 0;
	fen = fuzz_string(data, size);
	if (!fen)
		return 0;
	for (int id = 0; id < BC_VARIANT_COUNT; id++)
		check_variant(bc_variant_get((bc_variant_id)id), fen);
	free(fen);
	return 0;
}
