/*
 * test_util.h - small helpers shared by the Check suites.
 */
#ifndef BIGCHESS_TEST_UTIL_H
#define BIGCHESS_TEST_UTIL_H

#include <check.h>
#include <stdlib.h>

#include "bigchess/bigchess.h"

/*
 * ck_assert_msg for loops that check thousands of cases: Check's own
 * asserts write a mark point down a pipe at every call that passes
 * (one write(2) each: 5 million in suite search alone), this one only
 * acts when `expr` fails.
 */
#define REQUIRE(expr, ...) \
	do { \
		if (!(expr)) \
			ck_abort_msg(__VA_ARGS__); \
	} while (0)

/* Reads `fen` of variant `key` into `pos`, failing the test if it is bad. */
#define LOAD_FEN(pos, key, fen) \
	do { \
		bc_error load_err_; \
		int load_rc_ = bc_position_from_fen((pos), \
		    bc_variant_find(key), (fen), &load_err_); \
		ck_assert_msg(load_rc_ == BC_OK, "FEN %s: %s at %zu", (fen), \
		    load_err_.message, load_err_.offset); \
	} while (0)

/* A move list on the heap (they are 8 KiB); free with free(). */
static inline bc_move_list *
new_move_list(void)
{
	bc_move_list *list = malloc(sizeof *list);

	ck_assert_ptr_nonnull(list);
	return list;
}

/* The cell of a square named like "a10". */
static inline bc_square
square_of(const char *name)
{
	return BC_SQUARE(name[0] - 'a', atoi(name + 1) - 1);
}

/* A move's coordinate name, spelt by the tests themselves (not through
 * the notation code under test): from, to, lower-case promotion letter;
 * castling O-O-n / O-O-O-n. */
void test_move_name(const bc_position *pos, bc_move m, char *buf,
    size_t size);
/* The legal move of `pos` named so, or BC_MOVE_NONE; fails the test if
 * two moves share the name. */
bc_move test_find_move(const bc_position *pos, const char *name);
/* Plays the legal move named `name` in `g`, failing the test if none. */
void test_play(bc_game *g, const char *name);
/* A new game of variant `key` from its start, with `moves` (SAN,
 * NULL-terminated; may be NULL) played; fails the test if one is bad. */
bc_game *test_game_with(const char *key, const char *const moves[]);

Suite *perft_suite(void);
Suite *invariants_suite(void);
Suite *fen_suite(void);
Suite *notation_suite(void);
Suite *explain_suite(void);    /* why a move is refused */
Suite *board_input_suite(void); /* moving pieces; refusals on screen */
Suite *game_suite(void);
Suite *crosscheck_suite(void);
Suite *chad_suite(void);
Suite *hadean_suite(void);
Suite *hadean_ninja_suite(void);
Suite *hexchad_suite(void);
Suite *grand_suite(void);
Suite *pgn_suite(void);
Suite *ui_suite(void);
Suite *ui_engine_suite(void);
Suite *analysis_suite(void);
Suite *ui_fen_suite(void);
Suite *term_suite(void);     /* terminal edge cases */
Suite *engine_suite(void);
Suite *uci_suite(void);
Suite *xboard_suite(void);
Suite *save_suite(void);
Suite *resume_suite(void);
Suite *review_suite(void);
Suite *lessons_suite(void);
Suite *rules_screen_suite(void);
Suite *piece_info_suite(void);
Suite *learn_suite(void);
Suite *lesson_play_suite(void);
Suite *survive_suite(void);
Suite *savefail_suite(void);
Suite *game_screen_suite(void);
Suite *attackers_suite(void); /* bc_position_attackers */
Suite *session_suite(void);   /* the session lock */
Suite *autosave_suite(void);  /* src/ui/autosave.c, no terminal */
Suite *actions_suite(void);   /* src/ui/actions.c, no terminal */
Suite *review_unit_suite(void); /* src/ui/review.c, no terminal */
Suite *signals_suite(void);   /* SIGXFSZ, SIGQUIT */
Suite *roundtrip_suite(void); /* every autosave field */
Suite *nothread_suite(void);  /* the engine cannot start */
Suite *settings_suite(void); /* config.c, history.c */
Suite *hosted_suite(void);   /* restricted mode, --idle */
Suite *text_suite(void); /* bc_text_sanitise */
Suite *sanitise_suite(void); /* control bytes, real program */
Suite *trust_suite(void); /* the state folder */
Suite *variant_suite(void);
Suite *registry_suite(void);
Suite *search_suite(void);
/* Game rooms (issue #15). */
Suite *room_proto_suite(void); /* the line protocol */
Suite *rooms_suite(void);      /* host, guest, watcher, a fake peer (pty) */
Suite *records_suite(void); /* :save, records' tags, settings (pty) */
Suite *levels_suite(void); /* level Elo, first game, hint */
/* The levels' table and level 1's beginner (issue #14). */
Suite *ladder_suite(void); /* blunders, never random; node budgets */
/* HexChad's board on the screen (issue #20). */
Suite *hexscreen_suite(void);  /* the hex board in a pty */
/* The UI's parts without a terminal (issue #18). */
Suite *scroll_suite(void);     /* src/ui/scroll.c */
/* The Texel tuner (issue #13). */
Suite *tune_suite(void); /* tools/tune_data.c, tune_fit.c */
/* Issue #14's last gaps. */
Suite *coach_suite(void); /* src/rules/mate.c, the coach (pty) */
/* Grand Chess's evaluation terms, by hand (issue #13). */
Suite *eval_terms_suite(void);

#endif
