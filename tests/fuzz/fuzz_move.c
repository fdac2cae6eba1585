/*
 * fuzz_move.c - move text, SAN or coordinates.  The input is read as a
 * move in a few fixed positions of each variant (start positions,
 * promotions, castling, en passant, Chad's freeling).  A move that reads
 * is legal there, and its SAN and coordinate texts read back as it; one
 * that reads as illegal gets a reason (bc_move_explain_text), never
 * "legal", and a sentence.
 */
#include <string.h>

#include "bigchess/bigchess.h"
#include "fuzz.h"

enum { MAX_INPUT = 256 };

static const struct {
	bc_variant_id variant;
	const char *fen; /* NULL: the start position */
} positions[] = {
	{ BC_VARIANT_GRAND, NULL },
	{ BC_VARIANT_GRAND, "3rk5/4P5/10/10/10/10/10/10/10/4K5 w - - 0 1" },
	{ BC_VARIANT_GRAND, "4k5/10/10/10/3pP5/10/10/10/10/4K5 w - d7 0 1" },
	{ BC_VARIANT_GRAND, "9k/4r5/10/10/10/10/2N1N5/10/10/4K5 w - - 0 1" },
	{ BC_VARIANT_CHAD, NULL },
	{ BC_VARIANT_CHAD,
	    "12/12/12/3R3rk3/12/7R4/12/12/2RKR7/12/4q7/12 w - - 0 1" },
	{ BC_VARIANT_HADEAN, NULL },
	{ BC_VARIANT_HADEAN,
	    "6k5/12/12/12/12/12/12/12/12/12/12/R5K4R w KQ - 0 1" },
	{ BC_VARIANT_HADEAN,
	    "8k3/12/12/12/12/12/1Q10/12/12/12/1Q3Q5K/12 w - - 0 1" },
	{ BC_VARIANT_HEXCHAD, NULL },
	{ BC_VARIANT_HEXCHAD,
	    "7/8/6k2/10/5Rr4/12/13/12/11/10/3K5/8/7 w - - 0 1" },
	{ BC_VARIANT_HADEAN_NINJA, NULL },
	{ BC_VARIANT_HADEAN_NINJA,
	    "12/11k/12/12/12/12/12/Tpp9/12/12/12/K11 w - - 0 1" },
};

static bool
is_legal(const bc_position *pos, bc_move m)
{
	static bc_move_list list;

	bc_movegen_legal(pos, &list);
	for (int i = 0; i < list.count; i++)
		if (list.moves[i] == m)
			return true;
	return false;
}

static void
check_text(const bc_position *pos, const char *text)
{
	bc_move m, back;
	bc_error err;
	char san[BC_MOVE_TEXT_MAX], coord[BC_MOVE_TEXT_MAX];
	size_t len;
	int rc = bc_move_parse(pos, text, &m, &err);

	if (rc != BC_OK) {
		int parsed = rc;
		bc_refusal r;
		char why[512];

		FUZZ_ASSERT(err.code != BC_OK);
		FUZZ_ASSERT(memchr(err.message, '\0', sizeof err.message));
		rc = bc_move_explain_text(pos, text, &r, &err);
		/* Illegal by the parser: a reason, never "legal". */
		FUZZ_ASSERT(parsed != BC_EILLEGAL ||
		    (rc == BC_OK && r.code != BC_REFUSE_NONE));
		if (rc == BC_OK) {
			len = bc_refusal_text(pos, &r, why, sizeof why);
			FUZZ_ASSERT(len < sizeof why && strlen(why) == len);
		} else {
			FUZZ_ASSERT(rc == BC_ESYNTAX);
		}
		return;
	}
	FUZZ_ASSERT(is_legal(pos, m));
	len = bc_move_to_san(pos, m, san, sizeof san);
	FUZZ_ASSERT(len > 0 && len < sizeof san && strlen(san) == len);
	FUZZ_ASSERT(bc_move_parse(pos, san, &back, &err) == BC_OK);
	FUZZ_ASSERT(back == m);
	len = bc_move_to_coord(pos, m, coord, sizeof coord);
	FUZZ_ASSERT(len > 0 && len < sizeof coord && strlen(coord) == len);
	FUZZ_ASSERT(bc_move_parse(pos, coord, &back, &err) == BC_OK);
	FUZZ_ASSERT(back == m);
}

int
LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	char *text;

	if (size > MAX_INPUT)
		return 0;
	text = fuzz_string(data, size);
	if (!text)
		return 0;
	for (size_t i = 0; i < sizeof positions / sizeof positions[0]; i++) {
		const bc_variant *v = bc_variant_get(positions[i].variant);
		bc_position pos;
		bc_error err;

		if (!positions[i].fen)
			bc_position_start(&pos, v);
		else if (bc_position_from_fen(&pos, v, positions[i].fen,
		             &err) != BC_OK)
			abort(); /* a fixed position must read */
		check_text(&pos, text);
	}
	free(text);
	return 0;
}
