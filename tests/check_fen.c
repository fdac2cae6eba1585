/*
 * check_fen.c - reading and writing FEN (shared/rules/README.md, "FEN").
 *
 * Three groups: malformed FENs that must be rejected with the right status
 * code and a message naming the problem; unusual but acceptable FENs; and
 * round trips (read, write, compare with the hand-written text).
 *
 * Status codes follow include/bigchess/error.h: BC_ESYNTAX when the text
 * does not parse, BC_EINVALID when it parses but describes an impossible
 * position, BC_ERANGE for a number out of range.  Where a row could fairly
 * be read either way (a rank of the wrong width is both bad text and an
 * impossible board) it names a second acceptable code.
 */
#include <ctype.h>
#include <stdio.h>
#include <string.h>

#include "test_util.h"

/* Kings only: Grand e10/e1, Hadean g12/g1, Chad i9/d4 (inside both
 * castles). */
#define G0 "4k5/10/10/10/10/10/10/10/10/4K5"
#define H0 "6k5/12/12/12/12/12/12/12/12/12/12/6K5"
#define C0 "12/12/12/8k3/12/12/12/12/3K8/12/12/12"
/* Start positions, copied from grand.md, chad.md and hadean.md. */
#define GS "r8r/1nbqkcabn1/pppppppppp/10/10/10/10/PPPPPPPPPP/1NBQKCABN1/R8R"
#define CS "12/12/7rrr2/7rkr2/7rrr2/12/12/2RRR7/2RKR7/2RRR7/12/12"
#define HS "rzmefqkwemsr/jjjjjbbjjjjj/pppppppppppp/12/12/12/12/12/12/" \
	   "PPPPPPPPPPPP/JJJJJBBJJJJJ/RZMEFQKWEMSR"

/* Case-insensitive substring search (strcasestr is not C11). */
static bool
contains_nocase(const char *hay, const char *needle)
{
	size_t n = strlen(needle);

	for (; *hay; hay++) {
		size_t i = 0;

		while (i < n && hay[i] &&
		    tolower((unsigned char)hay[i]) ==
		        tolower((unsigned char)needle[i]))
			i++;
		if (i == n)
			return true;
	}
	return n == 0;
}

/*
 * The byte range [*lo, *hi] of whitespace-separated field `index` of
 * `fen`; a missing field is the empty range at the end of the text.
 */
static void
field_range(const char *fen, int index, size_t *lo, size_t *hi)
{
	size_t i = 0, len = strlen(fen);

	for (int f = 0;; f++) {
		while (i < len && (fen[i] == ' ' || fen[i] == '\t'))
			i++;
		if (i == len) {
			*lo = *hi = len;
			return;
		}
		*lo = i;
		while (i < len && fen[i] != ' ' && fen[i] != '\t')
			i++;
		*hi = i;
		if (f == index)
			return;
	}
}

/* ---- Malformed FENs ---- */

struct bad_fen {
	const char *why;     /* the kind of error, and its source */
	const char *variant;
	const char *fen;
	int code;            /* expected status */
	int alt_code;        /* another acceptable status, or 0 */
	const char *message; /* the message must contain this (any case) */
	const char *at;      /* if set: the offset is where this text starts */
	int field;           /* else if >= 0: the offset lies in this field */
};

static const struct bad_fen bad_fens[] = {
	/* README: "reject ... anything malformed". */
	{ "empty string", "grand", "", BC_ESYNTAX, 0, NULL, NULL, 0 },
	{ "only spaces", "grand", "   ", BC_ESYNTAX, 0, NULL, NULL, -1 },

	/* README: "wrong rank count or width". */
	{ "9 ranks on a 10-rank board", "grand",
	  "4k5/10/10/10/10/10/10/10/4K5 w - - 0 1", BC_EINVALID, BC_ESYNTAX,
	  "rank", NULL, 0 },
	{ "11 ranks on a 10-rank board", "grand",
	  "4k5/10/10/10/10/10/10/10/10/10/4K5 w - - 0 1", BC_EINVALID,
	  BC_ESYNTAX, "rank", NULL, 0 },
	{ "a trailing '/' makes an 11th rank", "grand",
	  G0 "/ w - - 0 1", BC_EINVALID, BC_ESYNTAX, "rank", NULL, 0 },
	{ "11 ranks on a 12-rank board", "chad",
	  "12/12/12/8k3/12/12/12/12/3K8/12/12 w - - 0 1", BC_EINVALID,
	  BC_ESYNTAX, "rank", NULL, 0 },
	{ "rank 10 has 11 squares (4+k+6)", "grand",
	  "4k6/10/10/10/10/10/10/10/10/4K5 w - - 0 1", BC_EINVALID,
	  BC_ESYNTAX, "rank", NULL, 0 },
	{ "rank 1 has 11 squares (a piece past the edge)", "grand",
	  "4k5/10/10/10/10/10/10/10/10/4K5N w - - 0 1", BC_EINVALID,
	  BC_ESYNTAX, "rank", NULL, 0 },
	{ "'55' is one run of 55, not 5+5", "grand",
	  "4k5/10/10/10/10/55/10/10/10/4K5 w - - 0 1", BC_EINVALID,
	  BC_ESYNTAX, "rank", NULL, 0 },
	{ "rank 10 has 9 squares (4+k+4)", "grand",
	  "4k4/10/10/10/10/10/10/10/10/4K5 w - - 0 1", BC_EINVALID,
	  BC_ESYNTAX, "rank", NULL, 0 },
	{ "rank 7 has 11 squares on a 12-file board", "hadean",
	  "6k5/12/12/12/12/11/12/12/12/12/12/6K5 w - - 0 1", BC_EINVALID,
	  BC_ESYNTAX, "rank", NULL, 0 },
	{ "rank 7 has 13 squares on a 12-file board", "hadean",
	  "6k5/12/12/12/12/13/12/12/12/12/12/6K5 w - - 0 1", BC_EINVALID,
	  BC_ESYNTAX, "rank", NULL, 0 },

	/* README: a run is "one decimal number"; none starts with 0. */
	{ "run '05'", "grand", "4k5/10/10/10/10/10/10/10/10/4K05 w - - 0 1",
	  BC_ESYNTAX, 0, NULL, "05", -1 },
	{ "run '010'", "grand", "4k5/10/10/10/10/010/10/10/10/4K5 w - - 0 1",
	  BC_ESYNTAX, 0, NULL, "010", -1 },

	/* README: "unknown letters"; letters per variant (README table). */
	{ "'J' is not a Grand piece", "grand",
	  "4k5/10/10/10/10/4J5/10/10/10/4K5 w - - 0 1", BC_ESYNTAX, 0, "J",
	  "J5", -1 },
	{ "'z' is not a Grand piece", "grand",
	  "4k5/10/10/10/10/4z5/10/10/10/4K5 w - - 0 1", BC_ESYNTAX, 0, "z",
	  "z5", -1 },
	{ "'N' is not a Hadean piece (no knight)", "hadean",
	  "6k5/12/12/12/12/12/6N5/12/12/12/12/6K5 w - - 0 1", BC_ESYNTAX, 0,
	  "N", "N5", -1 },
	{ "'B' is not a Chad piece", "chad",
	  "12/12/12/8k3/12/12/12/1B10/3K8/12/12/12 w - - 0 1", BC_ESYNTAX, 0,
	  "B", "B10", -1 },
	{ "'P' is not a Chad piece", "chad",
	  "12/12/12/8k3/12/12/12/12/3K8/12/P11/12 w - - 0 1", BC_ESYNTAX, 0,
	  "P", "P11", -1 },

	/* README: six fields, the last two optional. */
	{ "no side-to-move field", "grand", G0, BC_ESYNTAX, 0, "side", NULL,
	  1 },
	{ "no castling field", "grand", G0 " w", BC_ESYNTAX, 0, "castling",
	  NULL, 2 },
	{ "no en-passant field", "grand", G0 " w -", BC_ESYNTAX, 0, "passant",
	  NULL, 3 },
	{ "side 'x'", "grand", G0 " x - - 0 1", BC_ESYNTAX, 0, "side", NULL,
	  1 },
	{ "side 'white'", "grand", G0 " white - - 0 1", BC_ESYNTAX, 0, "side",
	  NULL, 1 },

	/* README: "not exactly one king per side". */
	{ "no black king", "grand", "10/10/10/10/10/10/10/10/10/4K5 w - - 0 1",
	  BC_EINVALID, 0, "king", NULL, 0 },
	{ "two white kings (d1, e1)", "grand",
	  "4k5/10/10/10/10/10/10/10/10/3KK5 w - - 0 1", BC_EINVALID, 0, "king",
	  NULL, 0 },
	{ "no white king", "hadean",
	  "6k5/12/12/12/12/12/12/12/12/12/12/12 w - - 0 1", BC_EINVALID, 0,
	  "king", NULL, 0 },
	{ "two black kings (h10, i10, both in the castle)", "chad",
	  "12/12/7kk3/12/12/12/12/12/3K8/12/12/12 w - - 0 1", BC_EINVALID, 0,
	  "king", NULL, 0 },

	/* README: "pawns (and ninja pawns) on their own first or last rank". */
	{ "white pawn on rank 1", "grand",
	  "4k5/10/10/10/10/10/10/10/10/4K4P w - - 0 1", BC_EINVALID, 0, "pawn",
	  NULL, 0 },
	{ "white pawn on rank 10", "grand",
	  "4k4P/10/10/10/10/10/10/10/10/4K5 w - - 0 1", BC_EINVALID, 0, "pawn",
	  NULL, 0 },
	{ "black pawn on rank 10", "grand",
	  "4k4p/10/10/10/10/10/10/10/10/4K5 w - - 0 1", BC_EINVALID, 0, "pawn",
	  NULL, 0 },
	{ "black pawn on rank 1", "grand",
	  "4k5/10/10/10/10/10/10/10/10/4K4p w - - 0 1", BC_EINVALID, 0, "pawn",
	  NULL, 0 },
	{ "white pawn on rank 12", "hadean",
	  "6k4P/12/12/12/12/12/12/12/12/12/12/6K5 w - - 0 1", BC_EINVALID, 0,
	  "pawn", NULL, 0 },
	{ "white ninja pawn on rank 1", "hadean",
	  "6k5/12/12/12/12/12/12/12/12/12/12/J5K5 w - - 0 1", BC_EINVALID, 0,
	  "pawn", NULL, 0 },
	{ "white ninja pawn on rank 12", "hadean",
	  "6k4J/12/12/12/12/12/12/12/12/12/12/6K5 w - - 0 1", BC_EINVALID, 0,
	  "pawn", NULL, 0 },
	{ "black ninja pawn on rank 12", "hadean",
	  "6k4j/12/12/12/12/12/12/12/12/12/12/6K5 w - - 0 1", BC_EINVALID, 0,
	  "pawn", NULL, 0 },
	{ "black ninja pawn on rank 1", "hadean",
	  "6k5/12/12/12/12/12/12/12/12/12/12/j5K5 w - - 0 1", BC_EINVALID, 0,
	  "pawn", NULL, 0 },

	/* chad.md: the king "never leaves" its castle (c3-e5 / h8-j10). */
	{ "white king on d1", "chad",
	  "12/12/12/8k3/12/12/12/12/12/12/12/3K8 w - - 0 1", BC_EINVALID, 0,
	  "castle", NULL, 0 },
	{ "white king on d6, its own wall", "chad",
	  "12/12/12/8k3/12/12/3K8/12/12/12/12/12 w - - 0 1", BC_EINVALID, 0,
	  "castle", NULL, 0 },
	{ "white king on j10, inside the black castle", "chad",
	  "12/12/9K2/12/7k4/12/12/12/12/12/12/12 w - - 0 1", BC_EINVALID, 0,
	  "castle", NULL, 0 },
	{ "black king on a12", "chad",
	  "k11/12/12/12/12/12/12/12/3K8/12/12/12 w - - 0 1", BC_EINVALID, 0,
	  "castle", NULL, 0 },

	/* grand.md, chad.md: "the castling field ... is always -". */
	{ "Grand castling right K", "grand", G0 " w K - 0 1", BC_EINVALID, 0,
	  "castl", NULL, 2 },
	{ "Grand start with KQkq", "grand", GS " w KQkq - 0 1", BC_EINVALID, 0,
	  "castl", NULL, 2 },
	{ "Chad castling right q", "chad", C0 " w q - 0 1", BC_EINVALID, 0,
	  "castl", NULL, 2 },
	/* hadean.md: castling needs the unmoved king (g1) and rook (a1/l1). */
	{ "Hadean K with the king on h1", "hadean",
	  "rzmefqkwemsr/jjjjjbbjjjjj/pppppppppppp/12/12/12/12/12/12/"
	  "PPPPPPPPPPPP/JJJJJBBJJJJJ/RZMEFQ1KEMSR w KQkq - 0 1",
	  BC_EINVALID, 0, "castl", NULL, 2 },
	{ "Hadean K without the rook on l1", "hadean",
	  "rzmefqkwemsr/jjjjjbbjjjjj/pppppppppppp/12/12/12/12/12/12/"
	  "PPPPPPPPPPPP/JJJJJBBJJJJJ/RZMEFQKWEMS1 w KQkq - 0 1",
	  BC_EINVALID, 0, "castl", NULL, 2 },
	{ "Hadean q without the rook on a12", "hadean",
	  "1zmefqkwemsr/jjjjjbbjjjjj/pppppppppppp/12/12/12/12/12/12/"
	  "PPPPPPPPPPPP/JJJJJBBJJJJJ/RZMEFQKWEMSR w KQkq - 0 1",
	  BC_EINVALID, 0, "castl", NULL, 2 },
	{ "Hadean castling letter given twice", "hadean",
	  HS " w KKkq - 0 1", BC_ESYNTAX, BC_EINVALID, "castl", NULL, 2 },
	{ "Hadean castling letter 'x'", "hadean", HS " w KQxq - 0 1",
	  BC_ESYNTAX, 0, "castl", NULL, 2 },

	/* README: "impossible ... en-passant squares". */
	{ "e.p. square e4 holds a knight", "grand",
	  "4k5/10/10/10/10/4P5/4N5/10/10/4K5 b - e4 0 1", BC_EINVALID, 0,
	  "passant", NULL, 3 },
	{ "e.p. e4 but no white pawn on the e-file", "grand",
	  G0 " b - e4 0 1", BC_EINVALID, 0, "e4", NULL, 3 },
	{ "e.p. e4 but e3 is occupied: no pawn came from there", "grand",
	  "4k5/10/10/10/10/4P5/10/4N5/10/4K5 b - e4 0 1", BC_EINVALID, 0,
	  "e4", NULL, 3 },
	{ "e.p. e4 with White to move: Black moved last", "grand",
	  "4k5/10/10/10/10/4P5/10/10/10/4K5 w - e4 0 1", BC_EINVALID, 0,
	  "e4", NULL, 3 },
	{ "e.p. e5: Grand pawns step twice only from rank 3", "grand",
	  "4k5/10/10/10/4P5/10/10/10/10/4K5 b - e5 0 1", BC_EINVALID, 0,
	  "e5", NULL, 3 },
	{ "e.p. behind a ninja pawn (never taken e.p.)", "hadean",
	  "6k5/12/12/12/12/12/4J7/12/12/12/12/6K5 b - e5 0 1", BC_EINVALID, 0,
	  "e5", NULL, 3 },
	{ "e.p. squares a4b5 not on one file", "hadean",
	  "6k5/12/12/12/12/12/P11/12/12/12/12/6K5 b - a4b5 0 1", BC_EINVALID,
	  BC_ESYNTAX, "passant", NULL, 3 },
	{ "e.p. squares a5a4 not in the order skipped", "hadean",
	  "6k5/12/12/12/12/12/P11/12/12/12/12/6K5 b - a5a4 0 1", BC_EINVALID,
	  BC_ESYNTAX, "passant", NULL, 3 },
	{ "e.p. square e11 off a 10-rank board", "grand", G0 " b - e11 0 1",
	  BC_ESYNTAX, 0, NULL, NULL, 3 },
	{ "e.p. square z3", "grand", G0 " b - z3 0 1", BC_ESYNTAX, 0, NULL,
	  NULL, 3 },

	/* README: "the side not to move being in check". */
	{ "Black in check from Re2, White to move", "grand",
	  "4k5/10/10/10/10/10/10/10/4R5/4K5 w - - 0 1", BC_EINVALID, 0, "check",
	  NULL, -1 },
	/* chad.md: check is line of sight, even where no capture is possible
	 * (the rook on d12 stands on no wall). */
	{ "White in check from rd12 down the d-file, Black to move", "chad",
	  "3r8/12/12/8k3/12/12/12/12/3K8/12/12/12 b - - 0 1", BC_EINVALID, 0,
	  "check", NULL, -1 },
	/* hadean.md: the elephant slides d9-e10-f11 onto g12. */
	{ "Black in check from Ed9, White to move", "hadean",
	  "6k5/12/12/3E8/12/12/12/12/12/12/12/6K5 w - - 0 1", BC_EINVALID, 0,
	  "check", NULL, -1 },

	/* README: "numbers out of range"; a move number starts at 1. */
	{ "halfmove clock of 20 digits", "grand",
	  G0 " w - - 99999999999999999999 1", BC_ERANGE, 0, NULL, NULL, 4 },
	{ "halfmove clock -1", "grand", G0 " w - - -1 1", BC_ERANGE,
	  BC_ESYNTAX, NULL, NULL, 4 },
	{ "halfmove clock 'x' is not a number", "grand", G0 " w - - x 1",
	  BC_ESYNTAX, 0, NULL, NULL, 4 },
	{ "fullmove number 0", "grand", G0 " w - - 0 0", BC_ERANGE, 0, NULL,
	  NULL, 5 },
	{ "fullmove number of 20 digits", "grand",
	  G0 " w - - 0 99999999999999999999", BC_ERANGE, 0, NULL, NULL, 5 },
	{ "fullmove number 'one' is not a number", "grand",
	  G0 " w - - 0 one", BC_ESYNTAX, 0, NULL, NULL, 5 },

	{ "text after the six fields", "grand", G0 " w - - 0 1 xyz",
	  BC_ESYNTAX, 0, NULL, "xyz", -1 },
	/* UTF-8 e-acute in the placement. */
	{ "non-ASCII bytes in the placement", "grand",
	  "4k5/10/10/10/10/\xc3\xa9" "10/10/10/10/4K5 w - - 0 1", BC_ESYNTAX,
	  0, NULL, "\xc3\xa9", -1 },
	/* A no-break space (UTF-8 C2 A0) is not a field separator. */
	{ "no-break space after the side", "grand",
	  G0 " w\xc2\xa0- - 0 1", BC_ESYNTAX, 0, NULL, NULL, 1 },

	/* No variant can gain pieces: Grand and Hadean promote a pawn into
	 * a piece, Chad a rook into a queen. */
	{ "Chad: 10 white pieces (start has 9)", "chad",
	  "12/12/7rrr2/7rkr2/7rrr2/12/12/2RRR7/2RKR7/2RRR7/12/R11 w - - 0 1",
	  BC_EINVALID, 0, "piece", NULL, 0 },
	{ "Grand: 21 white pieces (start has 20)", "grand",
	  "r8r/1nbqkcabn1/pppppppppp/10/10/10/4N5/PPPPPPPPPP/1NBQKCABN1/R8R "
	  "w - - 0 1",
	  BC_EINVALID, 0, "piece", NULL, 0 },
	{ "Hadean: 37 white pieces (start has 36)", "hadean",
	  "rzmefqkwemsr/jjjjjbbjjjjj/pppppppppppp/12/12/12/4Q7/12/12/"
	  "PPPPPPPPPPPP/JJJJJBBJJJJJ/RZMEFQKWEMSR w KQkq - 0 1",
	  BC_EINVALID, 0, "piece", NULL, 0 },
};

START_TEST(test_fen_rejects)
{
	const struct bad_fen *t = &bad_fens[_i];
	bc_position pos;
	bc_error err;
	int rc;

	memset(&err, 0x5a, sizeof err);
	rc = bc_position_from_fen(&pos, bc_variant_find(t->variant), t->fen,
	    &err);
	ck_assert_msg(rc == t->code || (t->alt_code && rc == t->alt_code),
	    "%s: \"%s\": status %d (%s), expected %d (%s)", t->why, t->fen, rc,
	    bc_strerror(rc), t->code, bc_strerror(t->code));
	ck_assert_msg(err.code == rc, "%s: err.code %d, returned %d", t->why,
	    err.code, rc);
	ck_assert_msg(memchr(err.message, '\0', sizeof err.message) != NULL,
	    "%s: message not NUL-terminated", t->why);
	ck_assert_msg(err.message[0] != '\0', "%s: empty message", t->why);
	if (t->message)
		ck_assert_msg(contains_nocase(err.message, t->message),
		    "%s: message \"%s\" does not mention \"%s\"", t->why,
		    err.message, t->message);
	ck_assert_msg(err.offset <= strlen(t->fen),
	    "%s: offset %zu past the end (%zu)", t->why, err.offset,
	    strlen(t->fen));
	if (t->at) {
		const char *p = strstr(t->fen, t->at);

		ck_assert_ptr_nonnull(p);
		ck_assert_msg(err.offset == (size_t)(p - t->fen),
		    "%s: offset %zu, expected %td (\"%s\"); message \"%s\"",
		    t->why, err.offset, p - t->fen, t->at, err.message);
	} else if (t->field >= 0) {
		size_t lo, hi;

		field_range(t->fen, t->field, &lo, &hi);
		ck_assert_msg(err.offset >= lo && err.offset <= hi,
		    "%s: offset %zu, expected within field %d [%zu, %zu]; "
		    "message \"%s\"",
		    t->why, err.offset, t->field, lo, hi, err.message);
	}
	/* The error details are optional. */
	rc = bc_position_from_fen(&pos, bc_variant_find(t->variant), t->fen,
	    NULL);
	ck_assert_int_lt(rc, 0);
}
END_TEST

/* Very long inputs: each must be rejected cleanly (checked under ASan). */
START_TEST(test_fen_rejects_long)
{
	enum { LONG = 10000 };
	static const char *const fills[] = { "1", "10/", "K", "a", "/", " " };
	char *fen = malloc(LONG + 64);

	ck_assert_ptr_nonnull(fen);
	for (size_t k = 0; k < sizeof fills / sizeof fills[0]; k++) {
		size_t step = strlen(fills[k]), n = 0;
		bc_position pos;
		bc_error err;
		int rc;

		/* Fill ... followed by nothing: never a FEN. */
		while (n + step <= LONG) {
			memcpy(fen + n, fills[k], step);
			n += step;
		}
		fen[n] = '\0';
		for (int v = 0; v < BC_VARIANT_COUNT; v++) {
			rc = bc_position_from_fen(&pos, bc_variant_get(v), fen,
			    &err);
			ck_assert_msg(rc < 0, "%zu x \"%s\" accepted", n / step,
			    fills[k]);
			ck_assert_int_eq(err.code, rc);
			ck_assert_msg(err.message[0] != '\0',
			    "%zu x \"%s\": empty message", n / step, fills[k]);
			ck_assert_uint_le(err.offset, n);
		}
	}
	/* A good FEN followed by 10,000 bytes of junk. */
	strcpy(fen, G0 " w - - 0 1 ");
	for (size_t n = strlen(fen); n < LONG; n++)
		fen[n] = 'a';
	fen[LONG] = '\0';
	{
		bc_position pos;
		bc_error err;
		int rc = bc_position_from_fen(&pos, bc_variant_find("grand"),
		    fen, &err);

		ck_assert_int_eq(rc, BC_ESYNTAX);
		ck_assert_uint_eq(err.offset, strlen(G0 " w - - 0 1 "));
		ck_assert_str_ne(err.message, "");
	}
	free(fen);
}
END_TEST

/* ---- Accepted inputs ---- */

struct good_fen {
	const char *why;
	const char *variant;
	const char *fen;
	int halfmove, fullmove;
	const char *written; /* what the writer must make of it */
};

static const struct good_fen good_fens[] = {
	/* README: "It may accept a FEN that omits the last two fields
	 * (defaults 0 1)". */
	{ "Grand without clocks", "grand", G0 " w - -", 0, 1,
	  G0 " w - - 0 1" },
	{ "Chad without clocks", "chad", CS " b - -", 0, 1, CS " b - - 0 1" },
	{ "Hadean without clocks", "hadean", HS " w KQkq -", 0, 1,
	  HS " w KQkq - 0 1" },
	/* Extra spaces between fields. */
	{ "Grand with extra spaces", "grand", G0 "  w   -  -   5  20", 5, 20,
	  G0 " w - - 5 20" },
	{ "Hadean with extra spaces", "hadean", HS "   b  Kq    -  0    7", 0,
	  7, HS " b Kq - 0 7" },
};

START_TEST(test_fen_accepts)
{
	const struct good_fen *t = &good_fens[_i];
	bc_position pos;
	char out[BC_FEN_MAX];

	LOAD_FEN(&pos, t->variant, t->fen);
	ck_assert_int_eq(pos.halfmove, t->halfmove);
	ck_assert_int_eq(pos.fullmove, t->fullmove);
	bc_position_to_fen(&pos, out, sizeof out);
	ck_assert_msg(strcmp(out, t->written) == 0,
	    "%s: wrote \"%s\", not \"%s\"", t->why, out, t->written);
}
END_TEST

/* The start positions as the rules files print them, piece by piece. */
START_TEST(test_fen_start_positions)
{
	static const struct {
		const char *variant, *fen;
		int pieces;      /* per side: hand count of the diagram */
		unsigned castling;
		struct {
			const char *square;
			char letter; /* upper White, lower Black, '.' empty */
		} probes[6];
	} starts[] = {
		/* grand.md: rooks a1 j1, N B Q K C A B N on b2-i2, pawns on
		 * rank 3: 2 + 8 + 10 = 20. */
		{ "grand", GS " w - - 0 1", 20, 0,
		  { { "a1", 'R' }, { "a2", '.' }, { "e2", 'K' }, { "f2", 'C' },
		    { "g9", 'a' }, { "j10", 'r' } } },
		/* chad.md: king d4 plus eight rooks: 9. */
		{ "chad", CS " w - - 0 1", 9, 0,
		  { { "d4", 'K' }, { "c3", 'R' }, { "e5", 'R' }, { "i9", 'k' },
		    { "h10", 'r' }, { "f6", '.' } } },
		/* hadean.md: 12 pieces on each of ranks 1-3: 36. */
		{ "hadean", HS " w KQkq - 0 1", 36,
		  BC_CASTLE_WK | BC_CASTLE_WQ | BC_CASTLE_BK | BC_CASTLE_BQ,
		  { { "b1", 'Z' }, { "g1", 'K' }, { "f2", 'B' }, { "a2", 'J' },
		    { "k12", 's' }, { "d10", 'p' } } },
	};

	for (size_t i = 0; i < sizeof starts / sizeof starts[0]; i++) {
		const bc_variant *v = bc_variant_find(starts[i].variant);
		bc_position pos, start;
		char out[BC_FEN_MAX];

		ck_assert_ptr_nonnull(v);
		ck_assert_str_eq(bc_variant_start_fen(v), starts[i].fen);
		LOAD_FEN(&pos, starts[i].variant, starts[i].fen);
		bc_position_start(&start, v);
		ck_assert_msg(bc_position_equal(&pos, &start),
		    "%s: FEN and bc_position_start differ", starts[i].variant);
		ck_assert_int_eq(pos.side, BC_WHITE);
		ck_assert_int_eq(pos.piece_count[BC_WHITE], starts[i].pieces);
		ck_assert_int_eq(pos.piece_count[BC_BLACK], starts[i].pieces);
		ck_assert_uint_eq(pos.castling, starts[i].castling);
		ck_assert_int_eq(pos.ep_count, 0);
		for (int k = 0; k < 6; k++) {
			const char *sq = starts[i].probes[k].square;
			char want = starts[i].probes[k].letter;
			bc_square cell = square_of(sq);
			bc_piece p = bc_position_piece_at(&pos, BC_FILE(cell),
			    BC_RANK(cell));

			if (want == '.') {
				ck_assert_msg(p == BC_EMPTY, "%s %s not empty",
				    starts[i].variant, sq);
				continue;
			}
			ck_assert_msg(p == BC_PIECE(isupper((unsigned char)want)
			                      ? BC_WHITE : BC_BLACK,
			                  bc_variant_piece_type(v, want)),
			    "%s %s: piece %#x, expected '%c'",
			    starts[i].variant, sq, p, want);
		}
		bc_position_to_fen(&pos, out, sizeof out);
		ck_assert_str_eq(out, starts[i].fen);
	}
}
END_TEST

/* ---- Round trips ---- */

struct round_trip {
	const char *variant;
	const char *fen; /* canonical: the writer must give it back as is */
};

static const struct round_trip round_trips[] = {
	{ "grand", GS " w - - 0 1" },
	/* grand.md, "More positions": Black just played e8-e6; the pawn on
	 * f6 can take on e7, so e7 stays. */
	{ "grand",
	  "r8r/1nbqkcabn1/ppp2ppppp/3p6/4pP4/10/10/PPPPP1PPPP/1NBQKCABN1/R8R "
	  "w - e7 0 3" },
	{ "grand",
	  "r8r/1nbqkcab2/pppppppp1P/8P1/10/10/10/PPPPPPP3/1NBQKCAB2/R8R "
	  "w - - 0 1" },
	{ "grand", "4k5/10/10/1P8/10/10/10/10/5K4/10 w - - 0 1" },
	/* Hand-made: every Grand piece type, clocks not 0 1. */
	{ "grand", "r1bqk4r/10/10/10/3C2A3/10/10/10/10/R3K3NR w - - 12 30" },
	/* White just played e3-e5; the pawn on d5 can take on e4. */
	{ "grand", "4k5/10/10/10/10/3pP5/10/10/10/4K5 b - e4 0 20" },
	{ "chad", CS " w - - 0 1" },
	/* chad.md: Freeling's diagram, either side to move. */
	{ "chad", "12/12/12/3R3rk3/12/7R4/12/12/2RKR7/12/4q7/12 w - - 0 1" },
	{ "chad", "12/12/12/3R3rk3/12/7R4/12/12/2RKR7/12/4q7/12 b - - 0 1" },
	/* chad.md: the stalemate and a perft position with a queen. */
	{ "chad", "12/12/8k3/6R5/12/7R4/3R1R6/3K8/4R7/12/12/9R2 b - - 0 1" },
	{ "chad",
	  "R4r6/7r4/5r3k2/9Q2/R11/5r6/12/12/2K9/3R8/12/4R7 b - - 37 120" },
	{ "hadean", HS " w KQkq - 0 1" },
	/* Castling rights subsets. */
	{ "hadean", HS " w Kq - 0 1" },
	{ "hadean", HS " b Qk - 3 9" },
	{ "hadean", HS " w K - 0 1" },
	{ "hadean", HS " w q - 0 1" },
	{ "hadean", HS " w - - 0 1" },
	/* hadean.md: after a3-a6 the pawn b5 can take on a4 and b6 on a5,
	 * so both skipped squares stay, in the order skipped. */
	{ "hadean", "6k5/12/12/12/12/12/Pp10/1p10/12/12/12/6K5 b - a4a5 0 7" },
	/* Black j10-j7: i8 can take on j9, k7 on j8. */
	{ "hadean", "6k5/12/12/12/8P3/9pP1/12/12/12/12/12/6K5 w - j9j8 0 12" },
	/* e3-e5 with a black pawn on d5: one square. */
	{ "hadean", "6k5/12/12/12/12/12/12/3pP7/12/12/12/6K5 b - e4 0 9" },
};

START_TEST(test_fen_round_trip)
{
	const struct round_trip *t = &round_trips[_i];
	bc_position a, b;
	char once[BC_FEN_MAX], twice[BC_FEN_MAX];
	size_t len;

	LOAD_FEN(&a, t->variant, t->fen);
	len = bc_position_to_fen(&a, once, sizeof once);
	ck_assert_uint_eq(len, strlen(once));
	ck_assert_msg(strcmp(once, t->fen) == 0, "read \"%s\", wrote \"%s\"",
	    t->fen, once);
	LOAD_FEN(&b, t->variant, once);
	ck_assert_msg(bc_position_equal(&a, &b), "re-reading \"%s\" differs",
	    once);
	bc_position_to_fen(&b, twice, sizeof twice);
	ck_assert_str_eq(twice, once);
}
END_TEST

/*
 * The writer lists the squares a long pawn move skipped (hadean.md: a3-a6
 * skips a4 and a5; b5 can take on a4, b6 on a5).
 */
START_TEST(test_fen_written_after_long_move)
{
	bc_position pos;
	bc_move_list *list = new_move_list();
	bc_move m = BC_MOVE_NONE;
	bc_undo undo;
	char out[BC_FEN_MAX];

	LOAD_FEN(&pos, "hadean",
	    "6k5/12/12/12/12/12/1p10/1p10/12/P11/12/6K5 w - - 0 7");
	bc_movegen_legal(&pos, list);
	for (int i = 0; i < list->count; i++)
		if (BC_MOVE_FROM(list->moves[i]) == square_of("a3") &&
		    BC_MOVE_TO(list->moves[i]) == square_of("a6"))
			m = list->moves[i];
	free(list);
	ck_assert_msg(m != BC_MOVE_NONE, "a3a6 not generated");
	bc_position_make(&pos, m, &undo);
	bc_position_to_fen(&pos, out, sizeof out);
	ck_assert_str_eq(out,
	    "6k5/12/12/12/12/12/Pp10/1p10/12/12/12/6K5 b - a4a5 0 7");
}
END_TEST

/* README: a reader accepts a shortened e.p. field (a3-a6 written "a4"). */
START_TEST(test_fen_short_en_passant_field)
{
	bc_position full, shortened;

	LOAD_FEN(&full, "hadean",
	    "6k5/12/12/12/12/12/Pp10/1p10/12/12/12/6K5 b - a4a5 0 7");
	LOAD_FEN(&shortened, "hadean",
	    "6k5/12/12/12/12/12/Pp10/1p10/12/12/12/6K5 b - a4 0 7");
	ck_assert_int_eq(shortened.ep_count, 1);
	ck_assert_int_eq(shortened.ep_square[0], square_of("a4"));
	ck_assert_int_eq(full.ep_count, 2);
	ck_assert_int_eq(full.ep_square[0], square_of("a4"));
	ck_assert_int_eq(full.ep_square[1], square_of("a5"));
	/* Either way the pawn that moved is the one on a6. */
	ck_assert_int_eq(full.ep_victim, square_of("a6"));
	ck_assert_int_eq(shortened.ep_victim, square_of("a6"));
}
END_TEST

/* Like snprintf: the length needed, and a NUL-terminated prefix. */
START_TEST(test_fen_write_small_buffer)
{
	bc_position pos;
	char small[8];
	size_t len;

	LOAD_FEN(&pos, "grand", G0 " w - - 0 1");
	memset(small, 'x', sizeof small);
	len = bc_position_to_fen(&pos, small, sizeof small);
	ck_assert_uint_eq(len, strlen(G0 " w - - 0 1"));
	ck_assert_str_eq(small, "4k5/10/");
}
END_TEST

Suite *
fen_suite(void)
{
	Suite *s = suite_create("fen");
	TCase *errors = tcase_create("errors");
	TCase *core = tcase_create("core");

	tcase_add_loop_test(errors, test_fen_rejects, 0,
	    (int)(sizeof bad_fens / sizeof bad_fens[0]));
	tcase_add_test(errors, test_fen_rejects_long);
	tcase_add_loop_test(core, test_fen_accepts, 0,
	    (int)(sizeof good_fens / sizeof good_fens[0]));
	tcase_add_test(core, test_fen_start_positions);
	tcase_add_loop_test(core, test_fen_round_trip, 0,
	    (int)(sizeof round_trips / sizeof round_trips[0]));
	tcase_add_test(core, test_fen_written_after_long_move);
	tcase_add_test(core, test_fen_short_en_passant_field);
	tcase_add_test(core, test_fen_write_small_buffer);
	suite_add_tcase(s, errors);
	suite_add_tcase(s, core);
	return s;
}
