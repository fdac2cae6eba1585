/*
 * check_coach.c - the coach's mate in two (bc_mate_in_two in
 * src/rules/mate.c, and the coach's box in the real program) and a
 * finished game ending "first" within one run.
 *
 * The mate search is checked against the rules files' and the lessons'
 * mates in two (found by hand, and the lessons' by their own exhaustive
 * checker), and against a plain search written here that tries every
 * move to the full depth: the two must agree on every position of a
 * small corpus, and every first move the coach names must leave each
 * reply a mate at once.
 */
#include <stdbool.h>
#include <stdio.h>
#include <string.h>
#include <sys/stat.h>

#include "../src/ui/ui_state.h"
#include "engine/engine.h"
#include "pty_board.h"

/*
 * True if the side to move in `pos` mates within `n` of its moves
 * whatever the replies, by trying every move and every reply to the
 * end: slow and simple, the yardstick for the real search.  `pos` is
 * restored.
 */
static bool
plain_mate_in(bc_position *pos, int n)
{
	bc_move_list moves;

	bc_movegen_legal(pos, &moves);
	for (int i = 0; i < moves.count; i++) {
		bc_move_list replies;
		bool mates = true;
		bc_undo undo;

		bc_position_make(pos, moves.moves[i], &undo);
		bc_movegen_legal(pos, &replies);
		if (replies.count == 0)
			mates = bc_position_in_check(pos);
		else if (n < 2)
			mates = false;
		for (int k = 0; mates && k < replies.count && n >= 2; k++) {
			bc_undo u2;

			bc_position_make(pos, replies.moves[k], &u2);
			mates = plain_mate_in(pos, n - 1);
			bc_position_unmake(pos, &u2);
		}
		bc_position_unmake(pos, &undo);
		if (mates)
			return true;
	}
	return false;
}

static void
position(bc_position *pos, const char *variant, const char *fen)
{
	const bc_variant *v = bc_variant_find(variant);
	bc_error err;

	ck_assert_ptr_nonnull(v);
	if (!fen) {
		bc_position_start(pos, v);
		return;
	}
	ck_assert_msg(bc_position_from_fen(pos, v, fen, &err) == BC_OK,
	    "%s: %s", fen, err.message);
}

/*
 * Mates in two from the rules files and the lessons, with the first
 * moves the source gives ("|" between several) where it names them all.
 * chad.md: Freeling's diagram, White's unique key and Black's two queen
 * checks.  The lessons (assets/lessons/: chad 11, hadean 18, hexchad 09
 * and 10; their checker proves every defence loses) give one solution,
 * not every key: there the key found is only checked to mate, by the
 * plain search.  The Grand position is the pty test's below, its two
 * keys proved there by hand.
 */
static const struct {
	const char *variant, *fen, *keys;
} mates[] = {
	{ "chad", "12/12/12/3R3rk3/12/7R4/12/12/2RKR7/12/4q7/12 w - - 0 1",
	  "Rxh9=Q+" },
	{ "chad", "12/12/12/3R3rk3/12/7R4/12/12/2RKR7/12/4q7/12 b - - 0 1",
	  "Qd2+|Qd1+" },
	{ "chad", "12/12/2R6r2/7rk3/12/12/12/9R2/3K8/7R4/12/12 w - - 0 1",
	  NULL },
	{ "hadean", "5k6/12/R11/12/12/12/12/12/12/12/12/1R3K6 w - - 0 1",
	  NULL },
	{ "hexchad", "7/8/9/6k3/8r2/12/13/12/11/3K6/8R/8/1R5 w - - 0 1",
	  NULL },
	{ "hexchad", "7/8/1r1R3r1/5k4/11/12/4R8/12/11/2K7/9/8/7 w - - 0 1",
	  NULL },
	{ "grand", "10/10/10/10/10/7r2/10/2k7/10/K9 b - - 0 1",
	  "Kc2|Kb3" },
};

/* True if `san` is one of the "|"-separated `keys`. */
static bool
one_of(const char *keys, const char *san)
{
	size_t n = strlen(san);

	for (const char *k = keys; k; k = strchr(k, '|'), k = k ? k + 1 : k)
		if (!strncmp(k, san, n) && (k[n] == '|' || !k[n]))
			return true;
	return false;
}

/* The key a mate in two was found with leaves every reply mated at
 * once, by the plain search. */
static void
assert_key_mates(const bc_position *root, bc_move key)
{
	bc_position pos = *root;
	bc_move_list replies;
	bc_undo undo;

	bc_position_make(&pos, key, &undo);
	bc_movegen_legal(&pos, &replies);
	if (replies.count == 0) {
		ck_assert(bc_position_in_check(&pos));
		return;
	}
	for (int i = 0; i < replies.count; i++) {
		bc_undo u2;

		bc_position_make(&pos, replies.moves[i], &u2);
		ck_assert(plain_mate_in(&pos, 1));
		bc_position_unmake(&pos, &u2);
	}
}

START_TEST(test_mates_in_two)
{
	bc_position pos;
	bc_move key = 0;
	char san[BC_MOVE_TEXT_MAX];

	position(&pos, mates[_i].variant, mates[_i].fen);
	ck_assert_int_eq(bc_mate_in_two(&pos, COACH_MATE_NODES, &key, NULL),
	    BC_MATE_FOUND);
	bc_move_to_san(&pos, key, san, sizeof san);
	assert_key_mates(&pos, key);
	/* The Grand row's keys are the ones proved by hand; the search may
	 * name any of them. */
	ck_assert_msg(!mates[_i].keys || one_of(mates[_i].keys, san),
	    "%s: key %s, not %s", mates[_i].fen, san, mates[_i].keys);
}
END_TEST

/*
 * The corpus: the start of every variant, the mates above with the
 * other side to move, and each position after every move of two of
 * them (the chad.md diagram after each White move, the Grand position
 * after each Black move), so that both answers occur many times.  The
 * real search and the plain one agree on each.
 */
static const struct {
	const char *variant, *fen;
	bool expand;  /* also every position one move on */
} corpus[] = {
	{ "grand", NULL, false },
	{ "chad", NULL, false },
	{ "hadean", NULL, false },
	{ "hadean-ninja", NULL, false },
	{ "hexchad", NULL, false },
	{ "chad", "12/12/12/3R3rk3/12/7R4/12/12/2RKR7/12/4q7/12 w - - 0 1",
	  true },
	{ "chad", "12/12/2R6r2/7rk3/12/12/12/9R2/3K8/7R4/12/12 b - - 0 1",
	  false },
	{ "hadean", "5k6/12/R11/12/12/12/12/12/12/12/12/1R3K6 b - - 0 1",
	  false },
	{ "hexchad", "7/8/1r1R3r1/5k4/11/12/4R8/12/11/2K7/9/8/7 b - - 0 1",
	  false },
	{ "grand", "10/10/10/10/10/7r2/10/2k7/10/K9 b - - 0 1", true },
	{ "grand", "10/10/10/10/10/7r2/10/2k7/10/K9 w - - 0 1", false },
};

static void
agree(bc_position *pos, int *found)
{
	bc_move key = 0;
	bc_mate_answer a = bc_mate_in_two(pos, COACH_MATE_NODES, &key, NULL);
	char fen[BC_FEN_MAX];

	bc_position_to_fen(pos, fen, sizeof fen);
	ck_assert_msg(a != BC_MATE_UNKNOWN, "%s: out of budget", fen);
	ck_assert_msg((a == BC_MATE_FOUND) == plain_mate_in(pos, 2),
	    "%s: the search says %d", fen, a);
	if (a == BC_MATE_FOUND) {
		assert_key_mates(pos, key);
		(*found)++;
	}
}

START_TEST(test_agrees_with_plain_search)
{
	int found = 0, none = 0;

	for (size_t i = 0; i < sizeof corpus / sizeof corpus[0]; i++) {
		bc_position pos;
		bc_move_list moves;
		int before = found;

		position(&pos, corpus[i].variant, corpus[i].fen);
		agree(&pos, &found);
		none += found == before;
		if (!corpus[i].expand)
			continue;
		bc_movegen_legal(&pos, &moves);
		for (int k = 0; k < moves.count; k++) {
			bc_position after = pos;
			bc_undo undo;

			before = found;
			bc_position_make(&after, moves.moves[k], &undo);
			agree(&after, &found);
			none += found == before;
		}
	}
	/* Both answers were asked about, more than once. */
	ck_assert_int_gt(found, 3);
	ck_assert_int_gt(none, 3);
}
END_TEST

/* A budget too small for the answer says so, and counts what it made. */
START_TEST(test_budget)
{
	bc_position pos;
	uint64_t nodes = 0;

	position(&pos, "chad",
	    "12/12/12/3R3rk3/12/7R4/12/12/2RKR7/12/4q7/12 w - - 0 1");
	ck_assert_int_eq(bc_mate_in_two(&pos, 10, NULL, &nodes),
	    BC_MATE_UNKNOWN);
	ck_assert_uint_le(nodes, 11);
	ck_assert_int_eq(bc_mate_in_two(&pos, COACH_MATE_NODES, NULL, &nodes),
	    BC_MATE_FOUND);
	ck_assert_uint_gt(nodes, 10);
}
END_TEST

/*
 * The pty tests' Grand Chess position (shared/rules/grand.md: 10x10,
 * kings and rooks as in chess, no castling here: no rook of White's).
 * White: Kb1.  Black: Kc3, Rh5.  White to move plays Ka1, after which
 * Black mates in two.
 *
 * No mate in one after Ka1: only a rook move can check, Ra5+ along the
 * a-file (the king goes to b1: c3 is two ranks off, the rook on the
 * a-file) or Rh1+ along the first rank (the king goes to a2: two files
 * from c3).  No other rook move reaches the a-file or the first rank.
 *
 * Mate in two, 1...Kc2: White's king on a1 has a2, b1 and b2; b1 and b2
 * touch c2, so 2.Ka2 is the only reply.  Then 2...Ra5# along the fifth
 * rank (b5-g5 empty): the rook checks down the a-file (a4, a3 empty) and
 * holds a3 and a1 (behind the king), c2 holds b1, b2 and b3, and the rook
 * is three squares away.  1...Kb3 mates too: it takes a2 and b2, so
 * 2.Kb1 is forced, and 2...Rh1# checks along the first rank (c1-g1
 * empty), which holds a1 and c1, while b3 holds a2, b2 and c2.  The
 * coach may name either.
 */
static const char blunder_fen[] = "10/10/10/10/10/7r2/10/2k7/10/1K8 w - - 0 1";

/* A lone black king gives no check, so it mates in no number of moves,
 * and stands eight files from White's rook: nothing to warn of. */
static const char safe_fen[] = "9k/10/10/10/10/10/10/10/10/KR8 w - - 0 1";

/* The coach in a first game: Ka1 allows the mate in two, said in the
 * box with its first move; y takes Ka1 back, the king is on b1 again
 * and the computer has not moved. */
START_TEST(test_coach_mate_in_two)
{
	const char *args[] = { "--variant", "grand", "--ascii", "--fen",
		blunder_fen, NULL };
	struct state s;
	struct pty p;

	state_new(&s);
	start_in(&p, 30, 100, &s, args);
	WAIT_FOR(&p, "White to move");
	pty_send(&p, ":Ka1" ENTER);
	WAIT_FOR(&p, "Coach");
	WAIT_FOR(&p, "That allows Black a mate in two");
	ck_assert(!pty_find(&p, "mate at once", NULL, NULL));
	ck_assert(find_row(&p, "starting", "with") ||
	    pty_find(&p, "starting with", NULL, NULL) ||
	    pty_find(&p, "with K", NULL, NULL) ||
	    pty_find(&p, "with R", NULL, NULL));
	pty_send(&p, "y");
	WAIT_FOR(&p, "Move taken back; White to move.");
	ASSERT_PIECE(&p, "b1", 'K');
	ASSERT_PIECE(&p, "c3", 'k');
	ASSERT_PIECE(&p, "h5", 'r');
	pty_close(&p);
	pty_remove_tree(s.home);
}
END_TEST

/* The negative: a quiet rook move with nothing to fear gets no box; the
 * computer's reply is the sign that the coach has had its say. */
START_TEST(test_coach_quiet_move)
{
	const char *args[] = { "--variant", "grand", "--ascii", "--fen",
		safe_fen, NULL };
	struct state s;
	struct pty p;

	state_new(&s);
	start_in(&p, 30, 100, &s, args);
	WAIT_FOR(&p, "White to move");
	pty_send(&p, ":Rb2" ENTER);
	WAIT_FOR(&p, "Black played");
	ck_assert(!pty_find(&p, "Coach", NULL, NULL));
	ck_assert(!pty_find(&p, "mate in two", NULL, NULL));
	pty_close(&p);
	pty_remove_tree(s.home);
}
END_TEST

/* The level line's text for `level`, as the new-game screen shows it. */
static void
level_text(int level, char *buf, size_t size)
{
	snprintf(buf, size, "< %d - about %d Elo on our scale >", level,
	    engine_level_elo(level));
}

/*
 * A first game of Grand Chess (an empty history) that ends, here by
 * mate: 1.Rb10# (Black's king on j10 has i9 and j9 on the a9 rook's
 * rank and i10 on the b10 rook's; grand.md's chess rooks), the only
 * White move that mates.  The next new-game screen of the same run
 * starts Grand at level 7, not the gentle 2, without the first game's
 * note; and in the game it starts the coach (coach = first) is off: the
 * mate-in-two blunder above goes unsaid and the computer answers it.
 */
START_TEST(test_finished_game_counts)
{
	const char *args[] = { "--variant", "grand", "--ascii", "--fen",
		"9k/R9/10/10/10/10/10/10/10/KR8 w - - 0 1", NULL };
	char want[96], line[128];
	struct state s;
	struct pty p;

	state_new(&s);
	start_in(&p, 30, 100, &s, args);
	WAIT_FOR(&p, "White to move");
	pty_send(&p, ":Rb10" ENTER);
	WAIT_FOR(&p, "Game over");
	WAIT_FOR(&p, "checkmate");
	pty_send(&p, "n");
	level_text(7, want, sizeof want);
	WAIT_FOR(&p, want);
	ck_assert(!pty_find(&p, "First Grand Chess game", NULL, NULL));
	pty_send(&p, ENTER);
	WAIT_GAME(&p);
	snprintf(line, sizeof line, ":fen %s" ENTER, blunder_fen);
	pty_send(&p, line);
	WAIT_FOR(&p, "White to move");
	ASSERT_PIECE(&p, "h5", 'r');
	pty_send(&p, ":Ka1" ENTER);
	WAIT_FOR(&p, "Black played");
	ck_assert(!pty_find(&p, "Coach", NULL, NULL));
	pty_close(&p);
	pty_remove_tree(s.home);
}
END_TEST

/*
 * A record of a game that was over before it was loaded (the mate above,
 * 1.Rb10#) is looked at, not played: the game-over box shows, but the
 * next new-game screen still has Grand as a first game, at level 2 with
 * its note.
 */
START_TEST(test_loaded_end_not_played)
{
	const char *args[] = { "--load", "mate.pgn", "--ascii", NULL };
	char want[96], path[160];
	struct state s;
	struct pty p;

	state_new(&s);
	snprintf(path, sizeof path, "%s/mate.pgn", s.home);
	write_file(path, "[Event \"?\"]\n[Result \"1-0\"]\n"
	    "[Variant \"Grand Chess\"]\n[SetUp \"1\"]\n"
	    "[FEN \"9k/R9/10/10/10/10/10/10/10/KR8 w - - 0 1\"]\n\n"
	    "1. Rb10# 1-0\n");
	args[1] = path;
	start_in(&p, 30, 100, &s, args);
	WAIT_FOR(&p, "Game over");
	pty_send(&p, "n");
	level_text(2, want, sizeof want); /* README, --level */
	WAIT_FOR(&p, want);
	WAIT_FOR(&p, "First Grand Chess game: easy level");
	pty_close(&p);
	pty_remove_tree(s.home);
}
END_TEST

Suite *
coach_suite(void)
{
	Suite *s = suite_create("coach");
	TCase *unit = tcase_create("unit");
	TCase *pty = tcase_create("pty");

	tcase_add_loop_test(unit, test_mates_in_two, 0,
	    (int)(sizeof mates / sizeof mates[0]));
	tcase_add_test(unit, test_agrees_with_plain_search);
	tcase_add_test(unit, test_budget);
	tcase_set_timeout(unit, 120);
	tcase_add_test(pty, test_coach_mate_in_two);
	tcase_add_test(pty, test_coach_quiet_move);
	tcase_add_test(pty, test_finished_game_counts);
	tcase_add_test(pty, test_loaded_end_not_played);
	tcase_set_timeout(pty, 60);
	suite_add_tcase(s, unit);
	suite_add_tcase(s, pty);
	return s;
}
