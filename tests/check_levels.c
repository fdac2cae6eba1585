/*
 * check_levels.c - the levels a person sees: the measured Elo of each
 * level on the new-game screen, a gentle first game of a variant, the
 * hint's strength and its words, the threats key, the coach.
 *
 * The words are checked on hand-made Grand Chess positions whose facts
 * were worked out by hand from grand.md (a rook slides along its file, a
 * knight leaps (1,2), a pawn on the 9th rank promotes to a piece its side
 * has lost); the hint's move is compared with a fresh engine searching at
 * the hint's level, whose limits come from the level table.
 */
#include <stdio.h>
#include <string.h>
#include <sys/stat.h>

#include "../src/app/computer.h"
#include "../src/ui/move_words.h"
#include "engine/engine.h"
#include "pty_board.h"

/* Each row: a position, a move of it, and the words it must get. */
static const struct {
	const char *fen, *move, *words;
} word_rows[] = {
	/* The rook on e8 stands alone: no black piece sees e8. */
	{ "9k/10/4r5/10/10/10/10/10/4R5/K9 w - - 0 1", "e2e8",
	  "wins a rook" },
	/* Rc10: the king on a10 is checked along the rank, b10 is the
	 * rook's, a9 and b9 the rook on j9's. */
	{ "k9/9R/10/10/10/10/10/10/10/2R6K w - - 0 1", "c1c10",
	  "gives mate" },
	/* White has lost its queen; e10 is out of the king's reach. */
	{ "7k2/4P5/10/10/10/10/10/10/3p6/K9 w - - 0 1", "e9e10q",
	  "promotes to a queen" },
	/* Were it Black's move, Rc1 would mate (a2, b2 on the j2 rook's
	 * rank); Re1 guards c1, and the e1 rook blocks Rj1. */
	{ "2r6k/10/10/10/10/4R5/10/10/9r/K9 w - - 0 1", "e5e1",
	  "stops a mate" },
	/* The knight on e5 is attacked down the file; on c4 it is not. */
	{ "9k/10/4r5/10/10/4N5/10/10/10/K9 w - - 0 1", "e5c4",
	  "saves the knight" },
	/* Re8 is taken back by the king on f9: taken, not won. */
	{ "10/5k4/4r5/10/10/10/10/10/4R5/K9 w - - 0 1", "e2e8",
	  "takes a rook" },
	/* A quiet move that does nothing of note. */
	{ "9k/10/10/10/10/10/10/10/4R5/K9 w - - 0 1", "e2e3", "" },
};

START_TEST(test_move_words)
{
	bc_position pos;
	bc_move m;
	char words[96];

	LOAD_FEN(&pos, "grand", word_rows[_i].fen);
	ck_assert_int_eq(bc_move_parse(&pos, word_rows[_i].move, &m, NULL),
	    BC_OK);
	move_words(&pos, m, words, sizeof words);
	ck_assert_str_eq(words, word_rows[_i].words);
}
END_TEST

/*
 * UCI_Elo's interpolation: an Elo halfway between the two highest
 * measured levels searches more nodes than the lower level's budget and
 * fewer than the upper's, under a generous time (the node budget ends
 * it); the levels' Elo rise with the level, and engine_level picks the
 * nearer level.
 */
START_TEST(test_elo_between_levels)
{
	int top = engine_level_measured();
	struct engine_limits lo, hi, limits = ENGINE_LIMITS_INIT;
	struct engine *eng = engine_new(ENGINE_HASH_DEFAULT_MB);
	struct engine_report r;
	bc_position pos;

	ck_assert_ptr_nonnull(eng);
	ck_assert_int_ge(top, 2);
	for (int level = 2; level <= top; level++)
		ck_assert_int_gt(engine_level_elo(level),
		    engine_level_elo(level - 1));
	for (int level = top + 1; level <= ENGINE_LEVEL_MAX; level++)
		ck_assert_int_eq(engine_level_elo(level), 0);
	engine_level_limits(top - 1, &lo);
	engine_level_limits(top, &hi);
	bc_position_start(&pos, bc_variant_find("grand"));
	engine_set_limit_strength(eng, true);
	engine_set_elo(eng, (engine_level_elo(top - 1) +
	    engine_level_elo(top)) / 2);
	limits.movetime_ms = 600000;
	engine_search(eng, &pos, NULL, 0, &limits, NULL, NULL, &r);
	ck_assert_uint_gt(r.nodes, lo.nodes);
	ck_assert_uint_lt(r.nodes, hi.nodes);
	engine_set_elo(eng, engine_level_elo(top - 1) + 1);
	ck_assert_int_eq(engine_level(eng), top - 1);
	engine_set_elo(eng, 99999);
	ck_assert_int_eq(engine_level(eng), top);
	engine_free(eng);
}
END_TEST

/* A move of `c` through the seam: the hint, polled until it comes. */
static bc_move
seam_hint(struct computer *c, const bc_game *g)
{
	bc_move m = BC_MOVE_NONE;

	ck_assert_int_eq(c->seam.hint(c->seam.ctx, g), BC_OK);
	while (c->seam.poll(c->seam.ctx, &m) != BC_OK)
		continue;
	return m;
}

/*
 * The hint is never weaker than the computer: at level 7 it searches at
 * a level of 7 or more, and gives the move a new engine at that level
 * gives (the level's node budget, so the same search); at level 10 it is
 * level 10.  Afterwards the computer plays at its own level again.
 */
START_TEST(test_hint_level)
{
	static const char fen[] =
	    "9k/10/4r5/10/3n6/10/10/10/4R5/K9 w - - 0 1";
	struct computer c;
	struct engine *ref;
	bc_game *g;
	bc_position pos;
	bc_move hint, want;

	ck_assert_int_ge(computer_hint_level(7), 7);
	ck_assert_int_eq(computer_hint_level(10), 10);
	for (int level = 1; level <= 10; level++)
		ck_assert_int_ge(computer_hint_level(level), level);
	LOAD_FEN(&pos, "grand", fen);
	ck_assert_int_eq(bc_game_new(&g, pos.variant, fen, NULL), BC_OK);
	ck_assert_int_eq(computer_init(&c, 7), 0);
	hint = seam_hint(&c, g);
	ck_assert_int_eq(engine_level(c.engine), 7);
	ref = engine_new(ENGINE_HASH_DEFAULT_MB);
	ck_assert_ptr_nonnull(ref);
	engine_set_level(ref, computer_hint_level(7));
	want = engine_search_game(ref, g, NULL, NULL, NULL, NULL);
	ck_assert_uint_eq(hint, want);
	engine_free(ref);
	computer_free(&c);
	bc_game_free(g);
}
END_TEST

/* The level line's text for `level`, as the screen should show it. */
static void
level_text(int level, char *buf, size_t size)
{
	snprintf(buf, size, "< %d - about %d Elo on our scale >", level,
	    engine_level_elo(level));
}

/*
 * A first game of Grand Chess (an empty state folder): level 2 with its
 * Elo and the note; Right makes it level 3 and the note goes, and the
 * level stays when the variant changes.
 */
START_TEST(test_first_game_gentle)
{
	struct state s;
	struct pty p;
	char want[96];

	state_new(&s);
	start_in(&p, 30, 100, &s, NULL);
	level_text(UI_FIRST_LEVEL, want, sizeof want);
	WAIT_FOR(&p, want);
	WAIT_FOR(&p, "First Grand Chess game: easy level (Left/Right changes)");
	pty_key(&p, VTERM_KEY_DOWN);
	pty_key(&p, VTERM_KEY_DOWN);
	pty_key(&p, VTERM_KEY_DOWN);
	pty_key(&p, VTERM_KEY_RIGHT);
	level_text(UI_FIRST_LEVEL + 1, want, sizeof want);
	WAIT_FOR(&p, want);
	WAIT_GONE(&p, "First Grand Chess game");
	/* A level chosen here stays with another variant (Hadean Chess,
	 * the next after Grand). */
	pty_key(&p, VTERM_KEY_UP);
	pty_key(&p, VTERM_KEY_UP);
	pty_key(&p, VTERM_KEY_UP);
	pty_key(&p, VTERM_KEY_RIGHT);
	WAIT_FOR(&p, "< Hadean Chess >");
	WAIT_FOR(&p, want);
	ck_assert(!pty_find(&p, "First Hadean Chess game", NULL, NULL));
	pty_send(&p, "q");
	expect_exit(&p, 0);
	pty_close(&p);
	pty_remove_tree(s.home);
}
END_TEST

/*
 * With a finished Grand Chess game in the history, Grand starts at the
 * default level 7; Chad, with none, at level 2 and its note.
 */
START_TEST(test_played_variant_default)
{
	struct state s;
	struct pty p;
	char path[256], want[96];
	int row, col;

	state_new(&s);
	ck_assert_int_eq(mkdir(s.dir, 0700), 0);
	snprintf(path, sizeof path, "%s/history", s.dir);
	ck_assert_int_eq(mkdir(path, 0700), 0);
	snprintf(path, sizeof path, "%s/history/20260101-120000.pgn", s.dir);
	write_file(path, "[Event \"bigchess\"]\n[Result \"1-0\"]\n"
	    "[Variant \"Grand Chess\"]\n\n1. e5 1-0\n");
	start_in(&p, 30, 100, &s, NULL);
	level_text(7, want, sizeof want);
	WAIT_FOR(&p, want);
	ck_assert(!pty_find(&p, "First Grand Chess game", &row, &col));
	/* The variant line: Left goes back to the one before, Chad (the
	 * registry's order is by key: chad, grand, hadean). */
	pty_key(&p, VTERM_KEY_LEFT);
	WAIT_FOR(&p, "First Chad game: easy level");
	level_text(UI_FIRST_LEVEL, want, sizeof want);
	WAIT_FOR(&p, want);
	pty_send(&p, "q");
	expect_exit(&p, 0);
	pty_close(&p);
	pty_remove_tree(s.home);
}
END_TEST

/* H on a hand-made position: the hint takes the lone rook, and says so. */
START_TEST(test_hint_words)
{
	const char *args[] = { "--variant", "grand", "--fen",
		"9k/10/4r5/10/10/10/10/10/4R5/K9 w - - 0 1", NULL };
	struct state s;
	struct pty p;

	state_new(&s);
	start_in(&p, 30, 100, &s, args);
	WAIT_FOR(&p, "White to move");
	pty_send(&p, "H");
	WAIT_FOR(&p, "Hint: Rxe8 (wins a rook; marked");
	pty_send(&p, "q");
	expect_exit(&p, 0);
	pty_close(&p);
	pty_remove_tree(s.home);
}
END_TEST

/* The cells either side of square `name` are both `ch`. */
static bool
marked(struct pty *p, const char *name, char ch)
{
	int row, col;

	square_at(p, name, &row, &col);
	return pty_cell(p, row, col - 1).chars[0] == (uint32_t)ch &&
	    pty_cell(p, row, col + 1).chars[0] == (uint32_t)ch;
}

/*
 * X: what Black threatens were it to move.  The black rook on e8 sees the
 * white rook on e2 down the open file, and nothing of White's guards e2,
 * so Rxe2 wins a rook; both squares are marked.  The key is in ? help.
 * In check, the check is the threat.
 */
START_TEST(test_threats_key)
{
	const char *args[] = { "--variant", "grand", "--fen",
		"9k/10/4r5/10/10/10/10/10/4R5/K9 w - - 0 1", "--white",
		"human", "--black", "human", NULL };
	const char *check[] = { "--variant", "grand", "--fen",
		"9k/10/4r5/10/10/10/10/10/10/4K5 w - - 0 1", "--white",
		"human", "--black", "human", NULL };
	struct state s;
	struct pty p;

	state_new(&s);
	start_in(&p, 30, 100, &s, args);
	WAIT_FOR(&p, "White to move");
	pty_send(&p, "X");
	WAIT_FOR(&p, "Black threatens Rxe2 (wins a rook; marked + +");
	ck_assert(marked(&p, "e2", '+'));
	ck_assert(marked(&p, "e8", '+'));
	pty_send(&p, "?");
	WAIT_FOR(&p, "what the opponent threatens now");
	pty_send(&p, "q");
	pty_send(&p, "q");
	pty_close(&p);
	start_in(&p, 30, 100, &s, check);
	WAIT_FOR(&p, "White to move");
	pty_send(&p, "X");
	WAIT_FOR(&p, "You are in check: that is the threat.");
	pty_send(&p, "q");
	pty_close(&p);
	pty_remove_tree(s.home);
}
END_TEST

/*
 * The coach, on in a first game: White's rook on e2 guards the knight on
 * e4, which Black's rook on a4 attacks along the rank.  Rh2 leaves the
 * knight unguarded: the coach says so and offers to take the move back;
 * y does, and the computer has not moved meanwhile.  Nc5 (out of the
 * rook's lines) is a good move: no question, the computer answers.
 */
static const char coach_fen[] =
    "9k/10/10/10/10/10/r3N5/10/4R5/2K7 w - - 0 1";

START_TEST(test_coach_hanging)
{
	const char *args[] = { "--variant", "grand", "--ascii", "--fen",
		coach_fen, NULL };
	struct state s;
	struct pty p;

	state_new(&s);
	start_in(&p, 30, 100, &s, args);
	WAIT_FOR(&p, "White to move");
	pty_send(&p, ":Rh2" ENTER);
	WAIT_FOR(&p, "Coach");
	WAIT_FOR(&p, "knight on e4 unguarded");
	WAIT_FOR(&p, "(Rxe4)");
	pty_send(&p, "y");
	WAIT_FOR(&p, "Move taken back; White to move.");
	ck_assert(wait_piece(&p, "e2", 'R'));
	ck_assert(wait_piece(&p, "a4", 'r'));
	/* The good move: the computer replies, so no question held it. */
	pty_send(&p, ":Nc5" ENTER);
	WAIT_FOR(&p, "Black played");
	ck_assert(!pty_find(&p, "Coach", NULL, NULL));
	pty_close(&p);
	pty_remove_tree(s.home);
}
END_TEST

/* coach = off in the person's settings: the same blunder goes unsaid. */
START_TEST(test_coach_off)
{
	const char *args[] = { "--variant", "grand", "--ascii", "--fen",
		coach_fen, NULL };
	char cfg[160], path[256];
	const char *env[3];
	struct state s;
	struct pty p;

	state_new(&s);
	snprintf(cfg, sizeof cfg, "XDG_CONFIG_HOME=%s/cfg", s.home);
	snprintf(path, sizeof path, "%s/cfg", s.home);
	ck_assert_int_eq(mkdir(path, 0700), 0);
	snprintf(path, sizeof path, "%s/cfg/bigchess", s.home);
	ck_assert_int_eq(mkdir(path, 0700), 0);
	snprintf(path, sizeof path, "%s/cfg/bigchess/config", s.home);
	write_file(path, "# no coach\ncoach = off\n");
	env[0] = s.env;
	env[1] = cfg;
	env[2] = NULL;
	start_bigchess(&p, 30, 100, args, env);
	WAIT_FOR(&p, "White to move");
	pty_send(&p, ":Rh2" ENTER);
	WAIT_FOR(&p, "Black played");
	ck_assert(!pty_find(&p, "Coach", NULL, NULL));
	pty_close(&p);
	pty_remove_tree(s.home);
}
END_TEST

Suite *
levels_suite(void)
{
	Suite *s = suite_create("levels");
	TCase *unit = tcase_create("unit");
	TCase *pty = tcase_create("pty");

	tcase_add_loop_test(unit, test_move_words, 0,
	    (int)(sizeof word_rows / sizeof word_rows[0]));
	tcase_add_test(unit, test_hint_level);
	tcase_add_test(unit, test_elo_between_levels);
	tcase_set_timeout(unit, 60);
	tcase_add_test(pty, test_first_game_gentle);
	tcase_add_test(pty, test_played_variant_default);
	tcase_add_test(pty, test_hint_words);
	tcase_add_test(pty, test_threats_key);
	tcase_add_test(pty, test_coach_hanging);
	tcase_add_test(pty, test_coach_off);
	tcase_set_timeout(pty, 60);
	suite_add_tcase(s, unit);
	suite_add_tcase(s, pty);
	return s;
}
