/*
 * check_pgn.c - game records in PGN (include/bigchess/pgn.h) and the
 * command line that reads them (bigchess --load FILE [--game N]
 * --print fen|pgn).
 *
 * Sources.  The PGN standard (Edwards, revised 1994.03.12), cited by
 * section: 5 commentary ({...} and ;), 6 escape lines (%), 7 strings
 * (\" and \\), 8.1 tag pairs (import: several on a line, spanning lines;
 * export: "[Name "value"]" alone on a line, one empty line after them),
 * 8.1.1 the Seven Tag Roster (Event Site Date Round White Black Result,
 * first and in that order; "?" for an unknown Event, Site, Round, White or
 * Black, "????.??.??" for an unknown Date), 8.2.1 line justification
 * (lines of less than 80 characters, no space first or last), 8.2.2 move
 * number indications (import: zero or more periods, white space allowed
 * before them; export: "12." before White's moves, "12..." before Black's
 * only when no White move precedes it), 8.2.4 NAGs ($n), 8.2.5 RAVs
 * (nested variations), 8.2.6 the game termination marker, equal to the
 * Result tag.  The moves follow shared/rules (grand.md, chad.md, hadean.md); every game below was
 * played out by hand on a board, and its final FEN written down from that
 * (the derivation is beside each game).  The Variant tag names come from
 * pgn.h ("Chad", "Grand Chess", "Hadean Chess").
 */
#include <ctype.h>
#include <errno.h>
#include <stdint.h>
#include <stdio.h>
#include <string.h>
#include <sys/types.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>

#include "pty_board.h"

/* ---- Helpers ---- */

static bc_game *
new_game(const char *key, const char *fen)
{
	bc_game *g = NULL;
	bc_error err;
	int rc = bc_game_new(&g, bc_variant_find(key), fen, &err);

	ck_assert_msg(rc == BC_OK, "%s: %s", fen ? fen : "start", err.message);
	ck_assert_ptr_nonnull(g);
	return g;
}

static void
assert_fen(const bc_game *g, const char *want, const char *what)
{
	char fen[BC_FEN_MAX];

	bc_position_to_fen(bc_game_position(g), fen, sizeof fen);
	ck_assert_msg(strcmp(fen, want) == 0, "%s: FEN\n  %s\nexpected\n  %s",
	    what, fen, want);
}

static void
assert_same_moves(const bc_game *a, const bc_game *b, const char *what)
{
	ck_assert_msg(bc_game_length(a) == bc_game_length(b),
	    "%s: %d moves read back, %d played", what, bc_game_length(b),
	    bc_game_length(a));
	for (int i = 0; i < bc_game_length(a); i++)
		ck_assert_msg(bc_game_move(a, i) == bc_game_move(b, i),
		    "%s: ply %d differs", what, i + 1);
}

static char *
write_ok(const bc_game *g, const bc_pgn_tag *tags, int count)
{
	char *text = NULL;
	int rc = bc_pgn_write(g, tags, count, &text);

	ck_assert_msg(rc == BC_OK, "bc_pgn_write: %s", bc_strerror(rc));
	ck_assert_ptr_nonnull(text);
	return text;
}

/* The movetext: what follows the first empty line, without the final
 * newline(s), in a static buffer. */
static const char *
movetext_of(const char *pgn)
{
	static char buf[1 << 16];
	const char *p = strstr(pgn, "\n\n");
	size_t n;

	ck_assert_msg(p != NULL, "no empty line after the tags:\n%s", pgn);
	p += 2;
	n = strlen(p);
	while (n && p[n - 1] == '\n')
		n--;
	ck_assert_uint_lt(n, sizeof buf);
	memcpy(buf, p, n);
	buf[n] = '\0';
	return buf;
}

/* True if `pgn` has the line `line` (whole, without its newline). */
static bool
has_line(const char *pgn, const char *line)
{
	size_t n = strlen(line);

	for (const char *p = pgn; (p = strstr(p, line)); p++)
		if ((p == pgn || p[-1] == '\n') &&
		    (p[n] == '\n' || p[n] == '\0'))
			return true;
	return false;
}

/* Reads the one game of `text` (NUL-terminated), which must be good. */
static void
read_ok(const char *text, const bc_variant *fallback, bc_pgn_game *out)
{
	size_t offset = 0;
	bc_error err;
	int rc =
	    bc_pgn_read(text, strlen(text), &offset, fallback, 1, out, &err);

	ck_assert_msg(rc == BC_OK, "read: %s (%s) at %zu in:\n%s",
	    bc_strerror(rc), err.message, err.offset, text);
	ck_assert_ptr_nonnull(out->game);
}

static void
assert_tag(const bc_pgn_game *g, const char *name, const char *want)
{
	const char *got = bc_pgn_tag_value(g, name);

	if (!want) {
		ck_assert_msg(
		    got == NULL, "tag %s: \"%s\", expected none", name, got);
		return;
	}
	ck_assert_msg(got != NULL, "tag %s missing", name);
	ck_assert_msg(strcmp(got, want) == 0, "tag %s: \"%s\", expected \"%s\"",
	    name, got, want);
}

static bool
contains(const char *hay, const char *needle)
{
	return strstr(hay, needle) != NULL;
}

/* ---- Round trips of hand-played games ---- */

struct played {
	const char *what;
	const char *key;
	const char *fen; /* NULL: the start position */
	const char *moves[24];
	const char *final_fen;
	const char *movetext;  /* the whole movetext, by hand, or NULL */
	const char *tokens[6]; /* SAN tokens that must appear */
	const char *variant_name;
};

static const struct played played[] = {
	/*
	 * Grand Chess from the start (grand.md).  1. a3-a5 b8-b6 2. a5xb6
	 * c8-c6 (skipping c7) 3. b6xc7 e.p. (the c6 pawn goes) e8-e6
	 * 4. Ni2-h4 j8-j6 5. Nh4-g6 Qd9xg6 (over the emptied e8 and f7): White
	 * has lost a knight, so 6. c7-c8 on the 8th rank may promote to one,
	 * and declines; h8-h6 7. c8xb9=N takes the knight b9 and promotes on
	 * the 9th rank to the lost type.  No move gives check.
	 * Final board: rank 10 r a10, j10; rank 9 N b9, b c9, k e9, c f9,
	 * a g9, b h9, n i9 (d9 left by the queen); rank 8 pawns a d f g i;
	 * rank 6 p e6, q g6, p h6, p j6; rank 3 pawns b-j; rank 2 without the
	 * i2 knight.  Black to move after White's 7th, last move a capture.
	 */
	{ "Grand: e.p., promotion declined and taken", "grand", NULL,
	    { "a3a5", "b8b6", "a5b6", "c8c6", "b6c7", "e8e6", "i2h4", "j8j6",
	        "h4g6", "d9g6", "c7c8", "h8h6", "c8b9n", NULL },
	    "r8r/1Nb1kcabn1/p2p1pp1p1/10/4p1qp1p/10/10/1PPPPPPPPP/"
	    "1NBQKCAB2/R8R b - - 0 7",
	    "1. a5 b6 2. axb6 c6 3. bxc7 e6 4. Nh4 j6 5. Ng6 Qxg6 6. c8 h6 "
	    "7. cxb9=N *",
	    { "bxc7", "c8", "cxb9=N", NULL }, "Grand Chess" },
	/*
	 * Hadean Chess from the start (hadean.md).  1. e3-e6 (three squares)
	 * a10-a9 2. e6-e7 d10-d7 (three squares, skipping d9 and d8)
	 * 3. e7xd8 e.p. (the pawn on d7 goes).  No check.
	 */
	{ "Hadean: three-square moves, e.p. on the far skipped square",
	    "hadean", NULL, { "e3e6", "a10a9", "e6e7", "d10d7", "e7d8", NULL },
	    "rzmefqkwemsr/jjjjjbbjjjjj/1pp1pppppppp/p11/3P8/12/12/12/12/"
	    "PPPP1PPPPPPP/JJJJJBBJJJJJ/RZMEFQKWEMSR b KQkq - 0 3",
	    "1. e6 a9 2. e7 d7 3. exd8 *", { "exd8", NULL }, "Hadean Chess" },
	/*
	 * Hadean Chess from a position: White K g1, R a1, R l1, P a3, ninja
	 * pawns e2 and j11, P k11; Black K g12, R a12, R l12, P b5, ninja
	 * pawn i11; rights K (White) and q (Black).
	 * 1. a3-a6 (three squares) b5xa4 e.p. 2. Je2-e6 (a ninja pawn's long
	 * move to its 6th rank) O-O-O-2 (Kg12-e12, Ra12-f12; b12-f12 empty,
	 * f12 and e12 unattacked) 3. O-O-3 (Kg1-j1, Rl1-i1; h1-k1 empty, h1
	 * i1 j1 unattacked) Ji11-i7 (Black's long ninja move to rank 7)
	 * 4. k11-k12=M Rl12xk12 (the rook f12 could take too: "Rl") 5. j11-j12=S
	 * (a ninja pawn promotes).  Final: rank 12 k e12, r f12, S j12,
	 * r k12; j i7; J e6; p a4; R a1, R i1, K j1; no rights left; Black to
	 * move after a ninja-pawn move.
	 */
	{ "Hadean: castling both ways, e.p., ninja pawns, promotions", "hadean",
	    "r5k4r/8jJP1/12/12/12/12/12/1p10/12/P11/4J7/R5K4R w Kq - 0 1",
	    { "a3a6", "b5a4", "e2e6", "O-O-O-2", "O-O-3", "i11i7", "k11k12m",
	        "l12k12", "j11j12s", NULL },
	    "4kr3Sr1/12/12/12/12/8j3/4J7/12/p11/12/12/R7RK2 b - - 0 5", NULL,
	    { "bxa4", "O-O-O-2", "O-O-3", "k12=M", "Rlxk12", NULL },
	    "Hadean Chess" },
	/*
	 * Chad from the start (chad.md).  1. Re5-e8 Rh10-h12 2. Re8-g8 (onto
	 * Black's wall; h8 blocks any line to the king) Rh8xg8 (a defender
	 * inside its castle takes on its own wall) 3. Rd5-d7 Rh12-l12
	 * 4. Rd7-i7 (the wall again; i8 blocks) Rl12-l11 5. Ri7xi8=Q+ (from the
	 * wall into the castle: capture allowed, automatic queen, check on
	 * the file) Ki9xi8 (nothing of White's sees i8).  Final: r l11;
	 * r i10 j10; r h9 j9; r g8, k i8, r j8; R c5; R c4 K d4 R e4;
	 * R c3 d3 e3; White to move after a capture.
	 */
	{ "Chad: wall captures, automatic queen", "chad", NULL,
	    { "e5e8", "h10h12", "e8g8", "h8g8", "d5d7", "h12l12", "d7i7",
	        "l12l11", "i7i8q", "i9i8", NULL },
	    "12/11r/8rr2/7r1r2/6r1kr2/12/12/2R9/2RKR7/2RRR7/12/12 w - - 0 6",
	    "1. Re8 Rh12 2. Rg8 Rxg8 3. Rd7 Rl12 4. Ri7 Rl11 5. Rxi8=Q+ Kxi8 *",
	    { "Rxi8=Q+", NULL }, "Chad" },
	/*
	 * Grand from a position with Black to move at move 12 (the start
	 * placement): 12... e8-e6 13. e3-e5 Nb9-c7.  Final: White to move at
	 * 14, one ply since the last pawn move; 8.2.2.2: "12..." opens the
	 * movetext.
	 */
	{ "Grand from a FEN, Black first", "grand",
	    "r8r/1nbqkcabn1/pppppppppp/10/10/10/10/PPPPPPPPPP/1NBQKCABN1/R8R "
	    "b - - 0 12",
	    { "e8e6", "e3e5", "b9c7", NULL },
	    "r8r/2bqkcabn1/pppp1ppppp/2n7/4p5/4P5/10/PPPP1PPPPP/1NBQKCABN1/R8R "
	    "w - - 1 14",
	    "12... e6 13. e5 Nc7 *", { NULL }, "Grand Chess" },
};

START_TEST(test_round_trip)
{
	const struct played *p = &played[_i];
	bc_game *g = new_game(p->key, p->fen);
	const bc_pgn_tag tags[] = {
		{ (char *)"Event", (char *)"Round trip" },
		{ (char *)"White", (char *)"Alice \"A\" \\" },
		{ (char *)"Black", (char *)"Bob" },
		{ (char *)"Annotator", (char *)"check_pgn" },
	};
	bc_pgn_game back;
	char *text, line[BC_FEN_MAX + 16];

	for (int i = 0; p->moves[i]; i++)
		test_play(g, p->moves[i]);
	assert_fen(g, p->final_fen, p->what);
	text = write_ok(g, tags, 4);

	/* What was written. */
	snprintf(line, sizeof line, "[Variant \"%s\"]", p->variant_name);
	ck_assert_msg(
	    has_line(text, line), "%s: no %s in\n%s", p->what, line, text);
	ck_assert_msg(has_line(text, "[White \"Alice \\\"A\\\" \\\\\"]"),
	    "%s: White tag not escaped in\n%s", p->what, text);
	ck_assert_msg(
	    has_line(text, "[Result \"*\"]"), "%s:\n%s", p->what, text);
	if (p->fen) {
		ck_assert_msg(
		    has_line(text, "[SetUp \"1\"]"), "%s:\n%s", p->what, text);
		snprintf(line, sizeof line, "[FEN \"%s\"]", p->fen);
		ck_assert_msg(has_line(text, line), "%s: no %s in\n%s", p->what,
		    line, text);
	} else {
		ck_assert_msg(
		    !contains(text, "[SetUp "), "%s:\n%s", p->what, text);
		ck_assert_msg(
		    !contains(text, "[FEN "), "%s:\n%s", p->what, text);
	}
	if (p->movetext)
		ck_assert_msg(strcmp(movetext_of(text), p->movetext) == 0,
		    "%s: movetext\n  %s\nexpected\n  %s", p->what,
		    movetext_of(text), p->movetext);
	for (int i = 0; p->tokens[i]; i++) {
		const char *mt = movetext_of(text);
		size_t n = strlen(p->tokens[i]);
		bool found = false;

		for (const char *q = mt; (q = strstr(q, p->tokens[i])); q++)
			found |= (q == mt || q[-1] == ' ' || q[-1] == '\n') &&
			    (q[n] == ' ' || q[n] == '\n' || q[n] == '\0');
		ck_assert_msg(
		    found, "%s: no token %s in\n%s", p->what, p->tokens[i], mt);
	}

	/* What is read back: the same game and tags. */
	read_ok(text, NULL, &back);
	ck_assert_int_eq(bc_variant_id_of(bc_game_variant(back.game)),
	    bc_variant_id_of(bc_variant_find(p->key)));
	ck_assert_int_eq(bc_game_from_fen(back.game), p->fen != NULL);
	if (p->fen) {
		char start[BC_FEN_MAX];

		bc_position_to_fen(
		    bc_game_start(back.game), start, sizeof start);
		ck_assert_str_eq(start, p->fen);
	}
	assert_same_moves(g, back.game, p->what);
	assert_fen(back.game, p->final_fen, p->what);
	assert_tag(&back, "Event", "Round trip");
	assert_tag(&back, "Site", "?");
	assert_tag(&back, "Round", "?");
	assert_tag(&back, "White", "Alice \"A\" \\");
	assert_tag(&back, "Black", "Bob");
	assert_tag(&back, "Result", "*");
	assert_tag(&back, "Annotator", "check_pgn");
	assert_tag(&back, "Variant", p->variant_name);
	assert_tag(&back, "SetUp", p->fen ? "1" : NULL);
	assert_tag(&back, "FEN", p->fen);
	ck_assert_str_eq(back.result, "*");
	bc_pgn_game_free(&back);
	free(text);
	bc_game_free(g);
}
END_TEST

/* ---- Writer format ---- */

/* 8.1.1: the roster first and in order, unknown values "?"; 8.1: no space
 * after '[', one space before the value, one per line, one empty line
 * after the last; other tags after the roster. */
START_TEST(test_write_seven_tag_roster)
{
	static const char *const roster[] = { "Event", "Site", "Date", "Round",
		"White", "Black", "Result" };
	bc_game *g = new_game("grand", NULL);
	/* Given out of order, Site and Date missing. */
	const bc_pgn_tag tags[] = {
		{ (char *)"Black", (char *)"Smith, B." },
		{ (char *)"Annotator", (char *)"Ann" },
		{ (char *)"White", (char *)"Jones, W." },
		{ (char *)"Round", (char *)"4" },
		{ (char *)"PlyCount", (char *)"1" },
		{ (char *)"Event", (char *)"Club" },
	};
	char *text;
	const char *p, *blank;

	test_play(g, "e3e5");
	text = write_ok(g, tags, 6);
	p = text;
	for (size_t i = 0; i < 7; i++) {
		size_t n = strlen(roster[i]);

		ck_assert_msg(p[0] == '[' &&
		        strncmp(p + 1, roster[i], n) == 0 && p[n + 1] == ' ' &&
		        p[n + 2] == '"',
		    "line %zu is not [%s \"...\"]:\n%s", i + 1, roster[i],
		    text);
		p = strchr(p, '\n');
		ck_assert_ptr_nonnull(p);
		ck_assert_msg(p[-1] == ']', "line %zu:\n%s", i + 1, text);
		p++;
	}
	ck_assert(has_line(text, "[Event \"Club\"]"));
	ck_assert(has_line(text, "[Site \"?\"]"));
	ck_assert(has_line(text, "[Round \"4\"]"));
	ck_assert(has_line(text, "[White \"Jones, W.\"]"));
	ck_assert(has_line(text, "[Black \"Smith, B.\"]"));
	ck_assert(has_line(text, "[Result \"*\"]"));
	ck_assert(has_line(text, "[Annotator \"Ann\"]"));
	ck_assert(has_line(text, "[PlyCount \"1\"]"));
	ck_assert(has_line(text, "[Variant \"Grand Chess\"]"));
	/* Every line up to the empty one is a tag pair, each name once. */
	blank = strstr(text, "\n\n");
	ck_assert_ptr_nonnull(blank);
	for (p = text; p <= blank; p = strchr(p, '\n') + 1)
		ck_assert_msg(*p == '[', "not a tag line at %zu:\n%s",
		    (size_t)(p - text), text);
	ck_assert_msg(blank[2] != '\n', "two empty lines:\n%s", text);
	ck_assert_ptr_eq(strstr(text, "[Event "), text);
	ck_assert_ptr_eq(strstr(strstr(text, "[Event ") + 1, "[Event "), NULL);
	ck_assert_ptr_eq(strstr(strstr(text, "[Black ") + 1, "[Black "), NULL);
	ck_assert_str_eq(movetext_of(text), "1. e5 *");
	free(text);
	bc_game_free(g);
}
END_TEST

/* 8.1.1.3: "The Date tag value field always uses a standard ten character
 * format: YYYY.MM.DD ... If any of the digit fields are not known, then
 * question marks are used in place of the digits": an unknown date is
 * "????.??.??", not the single "?" of the other roster tags. */
START_TEST(test_write_unknown_date)
{
	bc_game *g = new_game("chad", NULL);
	char *text = write_ok(g, NULL, 0);

	ck_assert_msg(has_line(text, "[Date \"????.??.??\"]"),
	    "unknown Date is not \"????.??.??\" (PGN 8.1.1.3):\n%s", text);
	free(text);
	bc_game_free(g);
}
END_TEST

/* pgn.h: the Variant tag is the variant's full name, exactly. */
static const struct {
	const char *key, *line;
} variant_lines[] = {
	{ "grand", "[Variant \"Grand Chess\"]" },
	{ "chad", "[Variant \"Chad\"]" },
	{ "hadean", "[Variant \"Hadean Chess\"]" },
};

START_TEST(test_write_variant_name)
{
	bc_game *g = new_game(variant_lines[_i].key, NULL);
	/* A Variant the caller passes in does not replace the game's. */
	const bc_pgn_tag wrong[] = { { (char *)"Variant", (char *)"Shogi" } };
	char *text = write_ok(g, wrong, 1);
	const char *first = strstr(text, "[Variant ");

	ck_assert_msg(has_line(text, variant_lines[_i].line), "%s:\n%s",
	    variant_lines[_i].key, text);
	ck_assert_ptr_nonnull(first);
	ck_assert_msg(strstr(first + 1, "[Variant ") == NULL,
	    "two Variant tags:\n%s", text);
	/* An empty game: the movetext is the result alone (8.2.6). */
	ck_assert_str_eq(movetext_of(text), "*");
	free(text);
	bc_game_free(g);
}
END_TEST

/* 7: "A quote inside a string is represented by the backslash immediately
 * followed by a quote.  A backslash inside a string is represented by two
 * adjacent backslashes." */
START_TEST(test_write_escapes)
{
	bc_game *g = new_game("grand", NULL);
	const bc_pgn_tag tags[] = {
		{ (char *)"Event", (char *)"The \"Big\" Open" },
		{ (char *)"Site", (char *)"C:\\games\\" },
		{ (char *)"Black", (char *)"\\\"" },
		{ (char *)"Comment", (char *)"a ] b { c ; d" },
	};
	char *text = write_ok(g, tags, 4);
	bc_pgn_game back;

	ck_assert_msg(
	    has_line(text, "[Event \"The \\\"Big\\\" Open\"]"), "%s", text);
	ck_assert_msg(has_line(text, "[Site \"C:\\\\games\\\\\"]"), "%s", text);
	ck_assert_msg(has_line(text, "[Black \"\\\\\\\"\"]"), "%s", text);
	ck_assert_msg(
	    has_line(text, "[Comment \"a ] b { c ; d\"]"), "%s", text);
	read_ok(text, NULL, &back);
	assert_tag(&back, "Event", "The \"Big\" Open");
	assert_tag(&back, "Site", "C:\\games\\");
	assert_tag(&back, "Black", "\\\"");
	assert_tag(&back, "Comment", "a ] b { c ; d");
	bc_pgn_game_free(&back);
	free(text);
	bc_game_free(g);
}
END_TEST

/* 7: strings hold printing characters only, so a newline or tab in a value
 * must not reach the output as is: what is written reads back. */
START_TEST(test_write_unprintable_value)
{
	bc_game *g = new_game("grand", NULL);
	const bc_pgn_tag tags[] = {
		{ (char *)"Event", (char *)"two\nlines" },
		{ (char *)"Site", (char *)"a\ttab" },
	};
	char *text, *p;
	bc_pgn_game back;

	test_play(g, "e3e5");
	text = write_ok(g, tags, 2);
	for (p = text; *p; p++)
		ck_assert_msg(*p != '\t', "a tab in the output:\n%s", text);
	ck_assert_msg(strncmp(text, "[Event \"", 8) == 0 &&
	        strchr(text, '\n') != NULL && strchr(text, '\n')[-1] == ']',
	    "the Event tag spans lines:\n%s", text);
	read_ok(text, NULL, &back);
	ck_assert_int_eq(bc_game_length(back.game), 1);
	ck_assert_ptr_eq(strchr(bc_pgn_tag_value(&back, "Event"), '\n'), NULL);
	bc_pgn_game_free(&back);
	free(text);
	bc_game_free(g);
}
END_TEST

/* 8.2.6: the termination marker ends the movetext and equals the Result
 * tag; a decided game gets its real result whatever the caller says. */
static const struct {
	const char *what, *key, *fen, *move, *given, *result, *movetext;
} results[] = {
	/* Grand: K e10 behind its pawns d9 e9 f9, Ra1-a10 over the empty a
	 * file; d10 and f10 are on the rook's rank, nothing can interpose on
	 * b10-d10 or take a10 (hand check). */
	{ "White mates", "grand",
	    "4k5/3ppp4/10/10/10/10/10/10/4K5/R9 w - - 0 1", "a1a10", "1/2-1/2",
	    "1-0", "1. Ra10# 1-0" },
	/* The same mirrored: Ra10-a1 mates K e1 behind d2 e2 f2. */
	{ "Black mates", "grand",
	    "r9/4k5/10/10/10/10/10/10/3PPP4/4K5 b - - 0 1", "a10a1", "*", "0-1",
	    "1... Ra1# 0-1" },
	/* An unfinished game takes the caller's result ... */
	{ "given draw", "grand", NULL, "e3e5", "1/2-1/2", "1/2-1/2",
	    "1. e5 1/2-1/2" },
	/* ... but only a real result token. */
	{ "given garbage", "grand", NULL, "e3e5", "2-0", "*", "1. e5 *" },
};

START_TEST(test_write_result)
{
	bc_game *g = new_game(results[_i].key, results[_i].fen);
	char given[16];
	const bc_pgn_tag tags[] = { { (char *)"Result", given } };
	char *text, line[64];
	bc_pgn_game back;

	snprintf(given, sizeof given, "%s", results[_i].given);
	test_play(g, results[_i].move);
	text = write_ok(g, tags, 1);
	snprintf(line, sizeof line, "[Result \"%s\"]", results[_i].result);
	ck_assert_msg(has_line(text, line), "%s: no %s in\n%s",
	    results[_i].what, line, text);
	ck_assert_msg(strcmp(movetext_of(text), results[_i].movetext) == 0,
	    "%s: movetext\n  %s\nexpected\n  %s", results[_i].what,
	    movetext_of(text), results[_i].movetext);
	read_ok(text, NULL, &back);
	ck_assert_str_eq(back.result, results[_i].result);
	assert_tag(&back, "Result", results[_i].result);
	bc_pgn_game_free(&back);
	free(text);
	bc_game_free(g);
}
END_TEST

/* A resignation is a result the rules know: White resigns, 0-1. */
START_TEST(test_write_resignation)
{
	bc_game *g = new_game("chad", NULL);
	char *text;

	test_play(g, "c3c1");
	bc_game_resign(g, BC_WHITE);
	text = write_ok(g, NULL, 0);
	ck_assert_msg(has_line(text, "[Result \"0-1\"]"), "%s", text);
	ck_assert_str_eq(movetext_of(text), "1. Rc1 0-1");
	free(text);
	bc_game_free(g);
}
END_TEST

/* ---- Reading what others write ---- */

/*
 * The Grand game of played[0] as another program or a person might write
 * it: a % line (6), tags two to a line (8.1), a comment before the first
 * move, numbers stuck to moves and "2..." after a comment (8.2.2.1),
 * NAGs (8.2.4), suffix annotations, ; and {} comments (5), nested RAVs
 * holding a ')' in a comment (8.2.5), a case-insensitive Variant name.
 * The variations are not played (2... e6 3. b7 would be legal, 3. Qd10
 * would not: it is never looked at).
 */
static const char decorated[] =
    "% written by hand after the PGN standard [not a tag]\n"
    "[Event \"Hand \\\"sample\\\"\"]\n"
    "[Site \"Nowhere\"] [Date \"2024.05.06\"]\n"
    "[Round \"3\"]\n"
    "[White \"White, A.\"]\n"
    "[Black \"Black, B.\"]\n"
    "[Result \"*\"]\n"
    "[Variant \"grand chess\"]\n"
    "[Annotator \"me\"]\n"
    "\n"
    "{ A comment before the first move. }\n"
    "1.a5 b6 $1 2. axb6!? ; a line comment ( with a paren\n"
    "2...c6 (2... e6 (2... Nc7 3. Qd10) 3. b7 { a ) in a comment }) "
    "3.bxc7 e6\n"
    "% an escape line: 4. Qd10 would be illegal\n"
    "4. Nh4 $14 j6 5.Ng6 Qxg6!! 6. c8 {declined} h6 7. cxb9=N *\n";

/* Line endings: LF, CR LF, CR (the standard leaves them to the system). */
static const char *const endings[] = { "\n", "\r\n", "\r" };

START_TEST(test_read_decorated)
{
	char text[sizeof decorated * 2];
	size_t n = 0, offset = 0;
	bc_pgn_game g;
	bc_error err;
	int rc;

	for (const char *p = decorated; *p; p++) {
		if (*p == '\n') {
			strcpy(text + n, endings[_i]);
			n += strlen(endings[_i]);
		} else {
			text[n++] = *p;
		}
	}
	text[n] = '\0';
	rc = bc_pgn_read(text, n, &offset, NULL, 1, &g, &err);
	ck_assert_msg(rc == BC_OK, "ending %d: %s", _i, err.message);
	ck_assert_int_eq(g.tag_count, 9);
	ck_assert_str_eq(g.tags[0].name, "Event");
	ck_assert_str_eq(g.tags[0].value, "Hand \"sample\"");
	ck_assert_str_eq(g.tags[2].name, "Date");
	ck_assert_str_eq(g.tags[8].name, "Annotator");
	assert_tag(&g, "Site", "Nowhere");
	assert_tag(&g, "Date", "2024.05.06");
	assert_tag(&g, "Black", "Black, B.");
	ck_assert_int_eq(
	    bc_variant_id_of(bc_game_variant(g.game)), BC_VARIANT_GRAND);
	ck_assert_int_eq(bc_game_length(g.game), 13);
	assert_fen(g.game, played[0].final_fen, "decorated");
	ck_assert_str_eq(g.result, "*");
	bc_pgn_game_free(&g);
	/* Nothing but white space is left. */
	rc = bc_pgn_read(text, n, &offset, NULL, 2, &g, &err);
	ck_assert_int_eq(rc, BC_ENOTFOUND);
}
END_TEST

/* A Grand game from a FEN with Black to move, as Fairy-Stockfish-style
 * programs write it (Variant key in capitals, SetUp and FEN), with the
 * result of played[4]. */
START_TEST(test_read_fen_black_first)
{
	static const char text[] =
	    "[Event \"?\"]\n[Site \"?\"]\n[Date \"????.??.??\"]\n"
	    "[Round \"?\"]\n[White \"?\"]\n[Black \"?\"]\n"
	    "[Result \"1/2-1/2\"]\n[Variant \"GRAND\"]\n[SetUp \"1\"]\n"
	    "[FEN \"r8r/1nbqkcabn1/pppppppppp/10/10/10/10/PPPPPPPPPP/"
	    "1NBQKCABN1/R8R b - - 0 12\"]\n\n"
	    "12... e6 13. e5 Nc7 1/2-1/2\n";
	bc_pgn_game g;

	read_ok(text, NULL, &g);
	ck_assert(bc_game_from_fen(g.game));
	ck_assert_int_eq(bc_game_length(g.game), 3);
	assert_fen(g.game, played[4].final_fen, "black first");
	ck_assert_str_eq(g.result, "1/2-1/2");
	assert_tag(&g, "Variant", "GRAND");
	bc_pgn_game_free(&g);
}
END_TEST

/*
 * Several games in one text, read one after the other with the offset.
 *  1. Grand, "GRAND", no result token (ends at the next tag section):
 *     1. e3-e5 e8-e6 2. Nb2-c4 Nb9-c7 3. Nc4-d6; three plies since the
 *     last pawn move, Black to move at 3.
 *  2. Chad, "chad", coordinate moves: Rc3-c1 (over its wall c2)
 *     Rj10-j12 (over j11); two plies, White at 2.
 *  3. Hadean, "Hadean Chess": played[1] with a 1-0 token.
 *  4. Hadean, "hadean", no moves.
 *  5. Chad, "CHAD": played[3] with "Rxi8" for the automatic queen and
 *     "0-1" though the Result tag says "*" (the token wins, pgn.h).
 */
static const char several[] =
    "[Variant \"GRAND\"]\n\n1. e5 e6 2. Nc4 Nc7 3. Nd6\n\n"
    "[Variant \"chad\"]\n\n1. c3c1 j10j12 *\n\n"
    "[Event \"third\"]\n[Variant \"Hadean Chess\"]\n\n"
    "1. e6 a9 2. e7 d7 3. exd8 1-0\n\n"
    "[Variant \"hadean\"]\n\n*\n"
    "[Variant \"CHAD\"]\n[Result \"*\"]\n"
    "1. Re8 Rh12 2. Rg8 Rxg8 3. Rd7 Rl12 4. Ri7 Rl11 5. Rxi8+ Kxi8 0-1\n";

static const struct {
	bc_variant_id id;
	int plies;
	const char *fen, *result;
} several_games[] = {
	{ BC_VARIANT_GRAND, 5,
	    "r8r/2bqkcabn1/pppp1ppppp/2n7/3Np5/4P5/10/PPPP1PPPPP/2BQKCABN1/"
	    "R8R b - - 3 3",
	    "*" },
	{ BC_VARIANT_CHAD, 2,
	    "9r2/12/7rr3/7rkr2/7rrr2/12/12/2RRR7/2RKR7/3RR7/12/2R9 w - - 2 2",
	    "*" },
	{ BC_VARIANT_HADEAN, 5, NULL, "1-0" }, /* played[1] */
	{ BC_VARIANT_HADEAN, 0,
	    "rzmefqkwemsr/jjjjjbbjjjjj/pppppppppppp/12/12/12/12/12/12/"
	    "PPPPPPPPPPPP/JJJJJBBJJJJJ/RZMEFQKWEMSR w KQkq - 0 1",
	    "*" },
	{ BC_VARIANT_CHAD, 10, NULL, "0-1" }, /* played[3] */
};

START_TEST(test_read_several)
{
	size_t len = strlen(several), offset = 0, last = 0;
	size_t count = sizeof several_games / sizeof several_games[0];
	bc_pgn_game g;
	bc_error err;
	int rc;

	for (size_t i = 0; i < count; i++) {
		char what[32];
		const char *fen = several_games[i].fen;

		snprintf(what, sizeof what, "game %zu", i + 1);
		rc = bc_pgn_read(
		    several, len, &offset, NULL, (int)i + 1, &g, &err);
		ck_assert_msg(rc == BC_OK, "%s: %s", what, err.message);
		ck_assert_msg(offset > last && offset <= len,
		    "%s: offset %zu after %zu", what, offset, last);
		last = offset;
		ck_assert_int_eq(bc_variant_id_of(bc_game_variant(g.game)),
		    several_games[i].id);
		ck_assert_int_eq(
		    bc_game_length(g.game), several_games[i].plies);
		if (!fen)
			fen =
			    i == 2 ? played[1].final_fen : played[3].final_fen;
		assert_fen(g.game, fen, what);
		ck_assert_str_eq(g.result, several_games[i].result);
		bc_pgn_game_free(&g);
	}
	rc = bc_pgn_read(several, len, &offset, NULL, 6, &g, &err);
	ck_assert_int_eq(rc, BC_ENOTFOUND);
	ck_assert_uint_le(offset, len);
	/* And again: still nothing. */
	rc = bc_pgn_read(several, len, &offset, NULL, 6, &g, &err);
	ck_assert_int_eq(rc, BC_ENOTFOUND);
}
END_TEST

/*
 * 8.2.2.1: "PGN import format move number indications may have zero or
 * more period characters following the digit sequence that gives the move
 * number; one or more white space characters may appear between the digit
 * sequence and the period(s)."  Each text is the Grand game of
 * test_read_several's first game.
 */
static const char *const number_styles[] = {
	"1. e5 e6 2. Nc4 Nc7 3. Nd6 *", "1.e5 1...e6 2.Nc4 2...Nc7 3.Nd6 *",
	"1 e5 e6 2 Nc4 Nc7 3 Nd6 *",             /* no periods */
	"1 . e5 1 ... e6 2 . Nc4 Nc7 3 . Nd6 *", /* spaced periods */
	"e5 e6 Nc4 Nc7 Nd6 *",                   /* none at all */
};

START_TEST(test_read_move_numbers)
{
	char text[256];
	size_t offset = 0;
	bc_pgn_game g;
	bc_error err;
	int rc;

	snprintf(text, sizeof text, "[Variant \"Grand Chess\"]\n\n%s\n",
	    number_styles[_i]);
	rc = bc_pgn_read(text, strlen(text), &offset, NULL, 1, &g, &err);
	ck_assert_msg(
	    rc == BC_OK, "\"%s\": %s", number_styles[_i], err.message);
	assert_fen(g.game, several_games[0].fen, number_styles[_i]);
	bc_pgn_game_free(&g);
}
END_TEST

/* 8.1: "PGN import format may have multiple tag pairs on the same line and
 * may even have a tag pair spanning more than a single line"; white space
 * may separate the four tokens of a tag pair. */
START_TEST(test_read_tag_spanning_lines)
{
	static const char text[] =
	    "[ Event\n  \"Spanning\" ]\n[Variant\t\"Chad\"][Site \"x\"]\n\n*\n";
	bc_pgn_game g;

	read_ok(text, NULL, &g);
	assert_tag(&g, "Event", "Spanning");
	assert_tag(&g, "Variant", "Chad");
	assert_tag(&g, "Site", "x");
	bc_pgn_game_free(&g);
}
END_TEST

/* 7: a string holds up to 255 characters; escapes are undone; tag names
 * are case sensitive (8.1), so "variant" is not the Variant tag. */
START_TEST(test_read_tag_values)
{
	char text[1024], value[256];
	bc_pgn_game g;

	memset(value, 'v', 255);
	value[0] = 'A';
	value[254] = 'Z';
	value[255] = '\0';
	snprintf(text, sizeof text,
	    "[Event \"%s\"]\n[White \"\\\\o/ \\\"x\\\"\"]\n"
	    "[Variant \"Grand Chess\"]\n[variant \"Chad\"]\n[Empty "
	    "\"\"]\n\n*\n",
	    value);
	read_ok(text, NULL, &g);
	assert_tag(&g, "Event", value);
	assert_tag(&g, "White", "\\o/ \"x\"");
	assert_tag(&g, "Empty", "");
	assert_tag(&g, "variant", "Chad");
	assert_tag(&g, "VARIANT", NULL);
	assert_tag(&g, "Round", NULL);
	ck_assert_int_eq(
	    bc_variant_id_of(bc_game_variant(g.game)), BC_VARIANT_GRAND);
	ck_assert_int_eq(g.tag_count, 5);
	bc_pgn_game_free(&g);
	/* Freeing twice is harmless: the first free clears the struct. */
	bc_pgn_game_free(&g);
	ck_assert_ptr_eq(g.game, NULL);
	ck_assert_int_eq(g.tag_count, 0);
}
END_TEST

/* pgn.h: a game without a Variant tag takes the fallback; movetext without
 * any tags is a game too. */
START_TEST(test_read_fallback)
{
	static const char text[] = "1. Rc3c1 {no tags at all} Rj10j12 *";
	size_t offset = 0;
	bc_pgn_game g;
	bc_error err;
	int rc;

	rc = bc_pgn_read(
	    text, strlen(text), &offset, bc_variant_find("chad"), 1, &g, &err);
	ck_assert_msg(rc == BC_OK, "%s", err.message);
	ck_assert_int_eq(g.tag_count, 0);
	assert_fen(g.game, several_games[1].fen, "fallback");
	bc_pgn_game_free(&g);
	/* A Variant tag wins over the fallback. */
	offset = 0;
	rc = bc_pgn_read(several, strlen(several), &offset,
	    bc_variant_find("hadean"), 1, &g, &err);
	ck_assert_msg(rc == BC_OK, "%s", err.message);
	ck_assert_int_eq(
	    bc_variant_id_of(bc_game_variant(g.game)), BC_VARIANT_GRAND);
	bc_pgn_game_free(&g);
}
END_TEST

/* ---- Malformed input ---- */

/* Grand with White's queen on d2 and a pawn on a9: Q is not a lost type,
 * C is (grand.md "Promotion"). */
#define GRAND_PROMO_FEN "4k5/P9/10/10/10/10/10/10/3QK5/10 w - - 0 1"
#define GRAND_MATE_FEN "4k5/3ppp4/10/10/10/10/10/10/4K5/R9 w - - 0 1"

static char huge_tag[6000];

static const struct {
	const char *what;
	const char *text; /* NULL: huge_tag */
	int code, alt;    /* the status; alt: another fair one, or 0 */
	const char *says[3];
} bad[] = {
	{ "illegal move (the d3 pawn blocks the queen)",
	    "[Variant \"Grand Chess\"]\n\n1. e5 e6 2. Qd10 *\n", BC_EILLEGAL, 0,
	    { "move 2.", "Qd10", NULL } },
	{ "illegal Black move (a pawn of rank 8 goes at most to 6)",
	    "[Variant \"Grand Chess\"]\n\n1. e5 e5 *\n", BC_EILLEGAL, 0,
	    { "move 1...", "e5", NULL } },
	{ "promotion to a type not lost",
	    "[Variant \"Grand Chess\"]\n[FEN \"" GRAND_PROMO_FEN "\"]\n\n"
	    "1. a10=Q *\n",
	    BC_EILLEGAL, 0, { "move 1.", "a10=Q", NULL } },
	{ "ambiguous move (either rook reaches e1)",
	    "[Variant \"Grand Chess\"]\n\n1. Re1 *\n", BC_EAMBIGUOUS, 0,
	    { "move 1.", "Re1", NULL } },
	{ "garbage token", "[Variant \"Grand Chess\"]\n\n1. e5 @@@ *\n",
	    BC_ESYNTAX, 0, { "move 1...", "@@@", NULL } },
	{ "a stray closing brace",
	    "[Variant \"Grand Chess\"]\n\n1. e5 } e6 *\n", BC_ESYNTAX, 0,
	    { "}", NULL } },
	{ "a token too long to be a move",
	    "[Variant \"Grand Chess\"]\n\n1. e5 "
	    "e6e6e6e6e6e6e6e6e6e6e6e6e6e6e6e6e6e6e6e6e6e6e6e6e6e6e6e6e6e6e6e6e6"
	    "e6e6e6e6e6 *\n",
	    BC_ESYNTAX, 0, { "e6e6e6", NULL } },
	{ "unknown variant", "[Variant \"Shogi\"]\n\n1. P7f *\n", BC_EVARIANT,
	    0, { "Shogi", NULL } },
	{ "no Variant tag and no fallback", "[Event \"x\"]\n\n1. e5 *\n",
	    BC_EVARIANT, 0, { "Variant", NULL } },
	{ "FEN that does not parse",
	    "[Variant \"Grand Chess\"]\n[SetUp \"1\"]\n[FEN "
	    "\"garbage\"]\n\n*\n",
	    BC_ESYNTAX, BC_EINVALID, { "FEN", NULL } },
	{ "FEN without kings",
	    "[Variant \"Grand Chess\"]\n[SetUp \"1\"]\n"
	    "[FEN \"10/10/10/10/10/10/10/10/10/10 w - - 0 1\"]\n\n*\n",
	    BC_EINVALID, 0, { "FEN", NULL } },
	{ "unclosed comment",
	    "[Variant \"Grand Chess\"]\n\n1. e5 { never closed e6 *\n",
	    BC_ESYNTAX, 0, { "comment", NULL } },
	{ "unclosed variation",
	    "[Variant \"Grand Chess\"]\n\n1. e5 (1. d5 e6 *\n", BC_ESYNTAX, 0,
	    { "variation", NULL } },
	{ "unclosed tag value", "[Event \"no end\n[Variant \"Chad\"]\n\n*\n",
	    BC_ESYNTAX, 0, { "Event", NULL } },
	{ "tag without value", "[Event]\n[Variant \"Chad\"]\n\n*\n", BC_ESYNTAX,
	    0, { "Event", NULL } },
	{ "tag without name", "[\"Chad\"]\n\n*\n", BC_ESYNTAX, 0, { NULL } },
	{ "tag without ]", "[Variant \"Chad\"\n\n*\n", BC_ESYNTAX, 0,
	    { "Variant", NULL } },
	{ "huge tag value", NULL, BC_ERANGE, 0, { "Event", NULL } },
	{ "a move after checkmate",
	    "[Variant \"Grand Chess\"]\n[FEN \"" GRAND_MATE_FEN "\"]\n\n"
	    "1. Ra10# Kd10 *\n",
	    BC_EGAMEOVER, 0, { "move 1...", "Kd10", NULL } },
};

static void
fill_huge_tag(void)
{
	size_t n = sizeof huge_tag - 64;

	strcpy(huge_tag, "[Event \"");
	memset(huge_tag + 8, 'x', n);
	strcpy(huge_tag + 8 + n, "\"]\n[Variant \"Chad\"]\n\n*\n");
}

START_TEST(test_read_bad)
{
	const char *text;
	size_t offset = 0;
	bc_pgn_game g;
	bc_error err;
	int rc;

	fill_huge_tag();
	text = bad[_i].text ? bad[_i].text : huge_tag;
	rc = bc_pgn_read(text, strlen(text), &offset, NULL, 7, &g, &err);
	ck_assert_msg(rc == bad[_i].code || (bad[_i].alt && rc == bad[_i].alt),
	    "%s: %d (%s), expected %d (%s); message \"%s\"", bad[_i].what, rc,
	    bc_strerror(rc), bad[_i].code, bc_strerror(bad[_i].code),
	    err.message);
	ck_assert_int_eq(err.code, rc);
	ck_assert_msg(contains(err.message, "game 7"),
	    "%s: \"%s\" does not name the game", bad[_i].what, err.message);
	for (int k = 0; bad[_i].says[k]; k++)
		ck_assert_msg(contains(err.message, bad[_i].says[k]),
		    "%s: \"%s\" does not say \"%s\"", bad[_i].what, err.message,
		    bad[_i].says[k]);
	ck_assert_uint_le(err.offset, strlen(text));
	/* Nothing is left to free, and freeing is harmless. */
	ck_assert_ptr_eq(g.game, NULL);
	ck_assert_int_eq(g.tag_count, 0);
	bc_pgn_game_free(&g);
	ck_assert_uint_gt(offset, 0);
}
END_TEST

/* error.h: the offset is where the problem is: the bad move's first byte. */
START_TEST(test_read_bad_offset)
{
	static const char text[] =
	    "[Variant \"Grand Chess\"]\n\n1. e5 e6 2. Qd10 *\n";
	size_t offset = 0;
	bc_pgn_game g;
	bc_error err;
	int rc = bc_pgn_read(text, strlen(text), &offset, NULL, 1, &g, &err);

	ck_assert_int_eq(rc, BC_EILLEGAL);
	ck_assert_uint_eq(err.offset, (size_t)(strstr(text, "Qd10") - text));
}
END_TEST

/* No game at all: BC_ENOTFOUND, not an error about a game. */
static const char *const empty_texts[] = {
	"",
	"  \n\r\n\t \n",
	"{ only a comment }\n; and another\n% and an escape line\n",
	"{ a comment (with a paren) }  {another}\r\n",
};

START_TEST(test_read_empty)
{
	const char *text = empty_texts[_i];
	size_t offset = 0;
	bc_pgn_game g;
	bc_error err;
	int rc = bc_pgn_read(
	    text, strlen(text), &offset, bc_variant_find("grand"), 1, &g, &err);

	ck_assert_msg(rc == BC_ENOTFOUND, "text %d: %d (%s) %s", _i, rc,
	    bc_strerror(rc), err.message);
	ck_assert_ptr_eq(g.game, NULL);
	ck_assert_uint_le(offset, strlen(text));
}
END_TEST

/* After a bad game the next one is read, and it is the next game of the
 * text, not the rest of the bad one. */
static const char *const bad_then_good[] = {
	"[Variant \"Grand Chess\"]\n\n1. e5 e5 2. d5 d6 *\n\n",
	"[Event]\n[Variant \"Grand Chess\"]\n\n1. e5 *\n\n",
	"[Event \"open\n[Variant \"Grand Chess\"]\n\n1. e5 *\n\n",
	"[Variant \"Grand Chess\"]\n\n1. e5 { unclosed\n\n",
	"[Variant \"Grand Chess\"]\n\n1. e5 ( e6\n\n",
	"[Variant \"Shogi\"]\n[Site \"x\"]\n\n1. P7f *\n\n",
	"[Variant \"Grand Chess\"]\n[FEN \"" GRAND_MATE_FEN "\"]\n\n"
	"1. Ra10# Kd10 *\n\n",
	NULL, /* the huge tag, with a Variant tag after it */
};

START_TEST(test_read_recovers)
{
	static const char good[] = "[Event \"good\"]\n[Variant \"Chad\"]\n\n"
	                           "1. Rc3c1 Rj10j12 *\n";
	char text[sizeof huge_tag + sizeof good];
	size_t offset = 0, len;
	bc_pgn_game g;
	bc_error err;
	int rc;

	fill_huge_tag();
	snprintf(text, sizeof text, "%s%s",
	    bad_then_good[_i] ? bad_then_good[_i] : huge_tag, good);
	len = strlen(text);
	rc = bc_pgn_read(text, len, &offset, NULL, 1, &g, &err);
	ck_assert_msg(
	    rc < 0 && rc != BC_ENOTFOUND, "bad game %d read: %d", _i, rc);
	rc = bc_pgn_read(text, len, &offset, NULL, 2, &g, &err);
	ck_assert_msg(rc == BC_OK, "bad game %d: the next read gives %d (%s)",
	    _i, rc, err.message);
	assert_tag(&g, "Event", "good");
	assert_fen(g.game, several_games[1].fen, "the good game");
	bc_pgn_game_free(&g);
	rc = bc_pgn_read(text, len, &offset, NULL, 3, &g, &err);
	ck_assert_int_eq(rc, BC_ENOTFOUND);
}
END_TEST

/*
 * A game may hold 256 tags with names of up to 255 bytes (pgn.h); one
 * more tag, or a longer name, is an error for that game alone, and the
 * game after it still reads.  The tags are counted here by hand: 255
 * numbered ones and the Variant tag make 256.
 */
START_TEST(test_read_tag_bounds)
{
	static const char good[] = "[Variant \"Chad\"]\n\n1. Rc3c1 *\n\n";
	size_t size = 300 * 32 + 2 * 300 + sizeof good * 4, len = 0, offset = 0;
	char *text = malloc(size);
	bc_pgn_game g;
	bc_error err;
	int rc;

	ck_assert_ptr_nonnull(text);
	/* Game 1: 256 tags.  Game 2: 257.  Game 3: a 256-byte name.
	 * Game 4: a 255-byte name.  Game 5: good. */
	for (int game = 1; game <= 2; game++) {
		for (int i = 0; i < 254 + game; i++)
			len += (size_t)snprintf(text + len, size - len,
			    "[T%d \"x\"]\n", i);
		len += (size_t)snprintf(text + len, size - len, "%s", good);
	}
	for (int game = 3; game <= 4; game++) {
		text[len++] = '[';
		memset(text + len, 'N', (size_t)(259 - game));
		len += (size_t)(259 - game);
		len += (size_t)snprintf(text + len, size - len, " \"x\"]\n%s",
		    good);
	}
	len += (size_t)snprintf(text + len, size - len, "%s", good);
	rc = bc_pgn_read(text, len, &offset, NULL, 1, &g, &err);
	ck_assert_msg(rc == BC_OK, "256 tags: %d (%s)", rc, err.message);
	ck_assert_int_eq(g.tag_count, 256);
	bc_pgn_game_free(&g);
	rc = bc_pgn_read(text, len, &offset, NULL, 2, &g, &err);
	ck_assert_int_eq(rc, BC_ERANGE);
	ck_assert_msg(strstr(err.message, "more than 256 tags"), "%s",
	    err.message);
	rc = bc_pgn_read(text, len, &offset, NULL, 3, &g, &err);
	ck_assert_int_eq(rc, BC_ERANGE);
	ck_assert_msg(strstr(err.message, "longer than 255 bytes"), "%s",
	    err.message);
	rc = bc_pgn_read(text, len, &offset, NULL, 4, &g, &err);
	ck_assert_msg(rc == BC_OK, "a 255-byte name: %d (%s)", rc,
	    err.message);
	ck_assert_int_eq((int)strlen(g.tags[0].name), 255);
	bc_pgn_game_free(&g);
	rc = bc_pgn_read(text, len, &offset, NULL, 5, &g, &err);
	ck_assert_msg(rc == BC_OK, "the good game after: %d (%s)", rc,
	    err.message);
	ck_assert_int_eq(bc_game_length(g.game), 1);
	bc_pgn_game_free(&g);
	ck_assert_int_eq(bc_pgn_read(text, len, &offset, NULL, 6, &g, &err),
	    BC_ENOTFOUND);
	free(text);
}
END_TEST

/* ---- A long game ---- */

static uint64_t
next_random(uint64_t *state)
{
	/* xorshift64 */
	*state ^= *state << 13;
	*state ^= *state >> 7;
	*state ^= *state << 17;
	return *state;
}

/*
 * 2,000 plies of random legal Chad moves from a fixed seed (Chad has no
 * 100-ply rule, chad.md): quiet moves that leave nothing to capture are
 * preferred so that the game stays calm, and a move that would end it is
 * taken back and another tried.  Written, the movetext keeps to 8.2.1 (lines under 80
 * characters, no space first or last, each line filled as far as the next
 * "number. move" allows); read back, it is the same game.
 */
START_TEST(test_long_game)
{
	enum { PLIES = 2000 };
	bc_game *g = new_game("chad", NULL);
	bc_move_list *list = new_move_list(), *replies = new_move_list();
	uint64_t seed = 0x9e3779b97f4a7c15u;
	bc_pgn_game back;
	char *text;
	const char *mt, *line;
	clock_t t0;
	double seconds;
	int lines = 0;

	while (bc_game_length(g) < PLIES) {
		bool done = false;
		int start;

		bc_game_legal_moves(g, list);
		ck_assert_int_gt(list->count, 0);
		start = (int)(next_random(&seed) % (uint64_t)list->count);
		/* Pass 0: a quiet move, outside castles and walls, giving no
		 * check, after which the opponent cannot capture, so that the
		 * game stays calm; pass 1: any move that does not end it. */
		for (int pass = 0; pass < 2 && !done; pass++) {
			for (int k = 0; k < list->count && !done; k++) {
				bc_move m =
				    list->moves[(start + k) % list->count];

				int to = BC_MOVE_TO(m);

				if (pass == 0 &&
				    (BC_MOVE_KIND(m) == BC_MOVE_CAPTURE ||
				        BC_MOVE_PROMO(m) ||
				        bc_variant_region(bc_game_variant(g),
				            BC_FILE(to), BC_RANK(to))))
					continue;
				ck_assert_int_eq(bc_game_push(g, m), BC_OK);
				done =
				    bc_game_result(g, NULL) == BC_RESULT_NONE;
				if (done && pass == 0 &&
				    bc_position_in_check(bc_game_position(g)))
					done = false;
				if (done && pass == 0) {
					bc_game_legal_moves(g, replies);
					for (int r = 0; r < replies->count; r++)
						if (BC_MOVE_KIND(
						        replies->moves[r]) ==
						    BC_MOVE_CAPTURE)
							done = false;
				}
				if (!done)
					ck_assert_int_eq(
					    bc_game_undo(g), BC_OK);
			}
		}
		ck_assert_msg(done, "every move ends the game at ply %d",
		    bc_game_length(g));
	}
	free(replies);
	free(list);

	t0 = clock();
	text = write_ok(g, NULL, 0);
	mt = movetext_of(text);
	for (line = mt; *line;) {
		const char *end = strchr(line, '\n');
		size_t n = end ? (size_t)(end - line) : strlen(line);

		lines++;
		ck_assert_msg(n < 80, "line %d has %zu characters", lines, n);
		ck_assert_msg(n > 0 && line[0] != ' ' && line[n - 1] != ' ',
		    "line %d: \"%.*s\"", lines, (int)n, line);
		if (end) {
			/* The next line's first word (with the move after a
			 * number indication) did not fit. */
			const char *next = end + 1;
			size_t w = strcspn(next, " \n");

			if (w && next[w - 1] == '.' && next[w] == ' ')
				w += 1 + strcspn(next + w + 1, " \n");
			ck_assert_msg(n + 1 + w >= 80,
			    "line %d (%zu) could take \"%.*s\"", lines, n,
			    (int)w, next);
		}
		line += n + (end != NULL);
	}
	/* 2,000 plies of at least "R" + square take many lines. */
	ck_assert_int_gt(lines, 2000 * 4 / 80);
	ck_assert(contains(mt, "1000. "));
	read_ok(text, NULL, &back);
	seconds = (double)(clock() - t0) / CLOCKS_PER_SEC;
	assert_same_moves(g, back.game, "long game");
	{
		char fen[BC_FEN_MAX];

		bc_position_to_fen(bc_game_position(g), fen, sizeof fen);
		assert_fen(back.game, fen, "long game");
	}
	ck_assert_msg(
	    seconds < 5.0, "writing and reading took %.2f s", seconds);
	bc_pgn_game_free(&back);
	free(text);
	bc_game_free(g);
}
END_TEST

/* ---- The command line ---- */

/* Writes `text` to a new temporary file; its name goes to `path`. */
static void
temp_file(char *path, size_t size, const char *text)
{
	const char *dir = getenv("TMPDIR");
	FILE *f;
	int fd;

	snprintf(path, size, "%s/check-pgn-XXXXXX", dir && *dir ? dir : "/tmp");
	fd = mkstemp(path);
	ck_assert_msg(fd >= 0, "mkstemp: %s", strerror(errno));
	f = fdopen(fd, "w");
	ck_assert_ptr_nonnull(f);
	ck_assert_int_eq(fputs(text, f) >= 0, 1);
	ck_assert_int_eq(fclose(f), 0);
}

/*
 * A file of four games: 1 the decorated Grand game; 2 an illegal move;
 * 3 the Chad game of played[3] without a Variant tag; 4 the Hadean game of
 * played[1].
 */
START_TEST(test_cli_load)
{
	char file[256], out[8192], text[4096], want[512];
	const char *mt;
	int rc;

	snprintf(text, sizeof text,
	    "%s\n"
	    "[Event \"bad\"]\n[Variant \"Grand Chess\"]\n\n1. e5 e6 2. Qd10 "
	    "*\n\n"
	    "[Event \"no variant\"]\n\n"
	    "1. Re8 Rh12 2. Rg8 Rxg8 3. Rd7 Rl12 4. Ri7 Rl11 5. Rxi8 Kxi8 *\n\n"
	    "[Variant \"Hadean Chess\"]\n\n1. e6 a9 2. e7 d7 3. exd8 *\n",
	    decorated);
	temp_file(file, sizeof file, text);

	/* The first game by default: its final FEN alone. */
	rc = run_bigchess((const char *[]){ "--load", file, "--print", "fen",
	    NULL }, out, sizeof out);
	snprintf(want, sizeof want, "%s\n", played[0].final_fen);
	ck_assert_msg(rc == 0 && strcmp(out, want) == 0,
	    "--print fen: exit %d, output\n%s", rc, out);

	/* --print pgn: the game again, normalised (tags kept, comments and
	 * variations gone). */
	rc = run_bigchess((const char *[]){ "--load", file, "--game", "1",
	    "--print", "pgn", NULL }, out, sizeof out);
	ck_assert_msg(rc == 0, "--print pgn: exit %d\n%s", rc, out);
	ck_assert_msg(
	    has_line(out, "[Event \"Hand \\\"sample\\\"\"]"), "%s", out);
	ck_assert_msg(has_line(out, "[Variant \"Grand Chess\"]"), "%s", out);
	ck_assert_msg(has_line(out, "[Annotator \"me\"]"), "%s", out);
	ck_assert_msg(has_line(out, "[Result \"*\"]"), "%s", out);
	mt = movetext_of(out);
	ck_assert_msg(strcmp(mt, played[0].movetext) == 0,
	    "--print pgn movetext\n  %s\nexpected\n  %s", mt,
	    played[0].movetext);

	/* The bad game: exit 1 and one line naming file, game, move. */
	rc = run_bigchess((const char *[]){ "--load", file, "--game", "2",
	    "--print", "fen", NULL }, out, sizeof out);
	ck_assert_msg(rc == 1, "game 2: exit %d\n%s", rc, out);
	ck_assert_msg(contains(out, file) && contains(out, "game 2") &&
	        contains(out, "move 2.") && contains(out, "Qd10"),
	    "game 2: %s", out);
	ck_assert_msg(strchr(out, '\n') == out + strlen(out) - 1,
	    "more than one line: %s", out);

	/* A bad game before the wanted one does not matter; a game without
	 * Variant needs --variant. */
	rc = run_bigchess((const char *[]){ "--load", file, "--game", "3",
	    "--print", "fen", NULL }, out, sizeof out);
	ck_assert_msg(
	    rc == 1 && contains(out, "game 3") && contains(out, "Variant"),
	    "game 3 without --variant: exit %d: %s", rc, out);
	rc = run_bigchess((const char *[]){ "--load", file, "--game", "3",
	    "--variant", "chad", "--print", "fen", NULL }, out, sizeof out);
	snprintf(want, sizeof want, "%s\n", played[3].final_fen);
	ck_assert_msg(rc == 0 && strcmp(out, want) == 0,
	    "game 3 with --variant chad: exit %d: %s", rc, out);
	/* --variant does not override a Variant tag. */
	rc = run_bigchess((const char *[]){ "--load", file, "--game", "4",
	    "--variant", "chad", "--print", "fen", NULL }, out, sizeof out);
	snprintf(want, sizeof want, "%s\n", played[1].final_fen);
	ck_assert_msg(
	    rc == 0 && strcmp(out, want) == 0, "game 4: exit %d: %s", rc, out);

	/* Past the end. */
	rc = run_bigchess((const char *[]){ "--load", file, "--game", "5",
	    "--print", "fen", NULL }, out, sizeof out);
	ck_assert_msg(rc == 1 && contains(out, "holds 4 games, not 5"),
	    "game 5: exit %d: %s", rc, out);
	unlink(file);

	/* A file with no game. */
	temp_file(file, sizeof file, "{ nothing here }\n");
	rc = run_bigchess((const char *[]){ "--load", file, "--print", "pgn",
	    NULL }, out, sizeof out);
	ck_assert_msg(rc == 1 && contains(out, "holds no game"),
	    "empty file: exit %d: %s", rc, out);
	unlink(file);
}
END_TEST

/* --print pgn output reads back as the same game (CLI to library). */
START_TEST(test_cli_pgn_reads_back)
{
	char file[256], out[8192];
	bc_pgn_game g;
	int rc;

	temp_file(file, sizeof file, several);
	rc = run_bigchess((const char *[]){ "--load", file, "--game", "5",
	    "--print", "pgn", NULL }, out, sizeof out);
	unlink(file);
	ck_assert_msg(rc == 0, "exit %d: %s", rc, out);
	/* The record's own result stands where the rules see none. */
	ck_assert_msg(has_line(out, "[Result \"0-1\"]"), "%s", out);
	ck_assert_msg(has_line(out, "[Variant \"Chad\"]"), "%s", out);
	ck_assert_str_eq(movetext_of(out),
	    "1. Re8 Rh12 2. Rg8 Rxg8 3. Rd7 Rl12 4. Ri7 Rl11 5. Rxi8=Q+ Kxi8 "
	    "0-1");
	read_ok(out, NULL, &g);
	assert_fen(g.game, played[3].final_fen, "--print pgn read back");
	bc_pgn_game_free(&g);
}
END_TEST

Suite *
pgn_suite(void)
{
	Suite *s = suite_create("pgn");
	TCase *write = tcase_create("write");
	TCase *read = tcase_create("read");
	TCase *errors = tcase_create("errors");
	TCase *big = tcase_create("long");
	TCase *cli = tcase_create("cli");

	tcase_add_loop_test(
	    write, test_round_trip, 0, (int)(sizeof played / sizeof played[0]));
	tcase_add_test(write, test_write_seven_tag_roster);
	tcase_add_test(write, test_write_unknown_date);
	tcase_add_loop_test(write, test_write_variant_name, 0,
	    (int)(sizeof variant_lines / sizeof variant_lines[0]));
	tcase_add_test(write, test_write_escapes);
	tcase_add_test(write, test_write_unprintable_value);
	tcase_add_loop_test(write, test_write_result, 0,
	    (int)(sizeof results / sizeof results[0]));
	tcase_add_test(write, test_write_resignation);

	tcase_add_loop_test(read, test_read_decorated, 0,
	    (int)(sizeof endings / sizeof endings[0]));
	tcase_add_test(read, test_read_fen_black_first);
	tcase_add_test(read, test_read_several);
	tcase_add_loop_test(read, test_read_move_numbers, 0,
	    (int)(sizeof number_styles / sizeof number_styles[0]));
	tcase_add_test(read, test_read_tag_spanning_lines);
	tcase_add_test(read, test_read_tag_values);
	tcase_add_test(read, test_read_fallback);

	tcase_add_loop_test(
	    errors, test_read_bad, 0, (int)(sizeof bad / sizeof bad[0]));
	tcase_add_test(errors, test_read_bad_offset);
	tcase_add_loop_test(errors, test_read_empty, 0,
	    (int)(sizeof empty_texts / sizeof empty_texts[0]));
	tcase_add_loop_test(errors, test_read_recovers, 0,
	    (int)(sizeof bad_then_good / sizeof bad_then_good[0]));

	tcase_add_test(big, test_long_game);
	tcase_add_test(errors, test_read_tag_bounds);
	tcase_set_timeout(big, 60);
	tcase_add_test(cli, test_cli_load);
	tcase_add_test(cli, test_cli_pgn_reads_back);
	tcase_set_timeout(cli, 30);

	suite_add_tcase(s, write);
	suite_add_tcase(s, read);
	suite_add_tcase(s, errors);
	suite_add_tcase(s, big);
	suite_add_tcase(s, cli);
	return s;
}
