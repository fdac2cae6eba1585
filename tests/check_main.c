/*
 * check_main.c - the single runner for every Check suite.
 *
 * BC_SUITES="fen perft" runs only the named suites; --list prints every
 * suite's name, one a line, so that the Makefile can check that it runs
 * each (make test runs every suite as a process of its own).
 */
#include <stdio.h>
#include <string.h>

#include "test_util.h"

static const struct {
	const char *name;
	Suite *(*make)(void);
} suites[] = {
	{ "fen", fen_suite },
	{ "notation", notation_suite },
	{ "explain", explain_suite },
	{ "board_input", board_input_suite },
	{ "game", game_suite },
	{ "perft", perft_suite },
	{ "invariants", invariants_suite },
	{ "grand", grand_suite },
	{ "chad", chad_suite },
	{ "hadean", hadean_suite },
	{ "hadean_ninja", hadean_ninja_suite },
	{ "hexchad", hexchad_suite },
	{ "crosscheck", crosscheck_suite },
	{ "pgn", pgn_suite },
	{ "ui", ui_suite },
	{ "ui_engine", ui_engine_suite },
	{ "analysis", analysis_suite },
	{ "ui_fen", ui_fen_suite },
	{ "term", term_suite },
	{ "engine", engine_suite },
	{ "uci", uci_suite },
	{ "xboard", xboard_suite },
	{ "save", save_suite },
	{ "resume", resume_suite },
	{ "review", review_suite },
	{ "lessons", lessons_suite },
	{ "rules_screen", rules_screen_suite },
	{ "piece_info", piece_info_suite },
	{ "learn", learn_suite },
	{ "lesson_play", lesson_play_suite },
	{ "survive", survive_suite },
	{ "savefail", savefail_suite },
	{ "game_screen", game_screen_suite },
	{ "attackers", attackers_suite },
	{ "session", session_suite },
	{ "signals", signals_suite },
	{ "roundtrip", roundtrip_suite },
	{ "nothread", nothread_suite },
	{ "settings", settings_suite },
	{ "hosted", hosted_suite },
	{ "text", text_suite },
	{ "sanitise", sanitise_suite },
	{ "trust", trust_suite },
	{ "variant", variant_suite },
	{ "registry", registry_suite },
	{ "search", search_suite },
	{ "autosave", autosave_suite },
	{ "actions", actions_suite },
	{ "review_unit", review_unit_suite },
	/* Game rooms (issue #15). */
	{ "room_proto", room_proto_suite },
	{ "rooms", rooms_suite },
	{ "records", records_suite },
	{ "levels", levels_suite },
	/* The levels' table and level 1's beginner (issue #14). */
	{ "ladder", ladder_suite },
	/* HexChad's board on the screen (issue #20). */
	{ "hexscreen", hexscreen_suite },
	/* The UI's parts without a terminal (issue #18). */
	{ "scroll", scroll_suite },
	/* The Texel tuner's arithmetic and data (issue #13). */
	{ "tune", tune_suite },
	/* The coach's mate in two, a finished game in the run (issue #14). */
	{ "coach", coach_suite },
	/* Grand Chess's evaluation terms, counted by hand (issue #13). */
	{ "eval_terms", eval_terms_suite },
};

static int
wanted(const char *name)
{
	const char *list = getenv("BC_SUITES");
	size_t len = strlen(name);

	if (!list || !*list)
		return 1;
	for (const char *p = list; (p = strstr(p, name)); p += len)
		if ((p == list || p[-1] == ' ' || p[-1] == ',') &&
		    (p[len] == '\0' || p[len] == ' ' || p[len] == ','))
			return 1;
	return 0;
}

int
main(int argc, char **argv)
{
	SRunner *runner = NULL;
	int failed;

	if (argc == 2 && strcmp(argv[1], "--list") == 0) {
		for (size_t i = 0; i < sizeof suites / sizeof suites[0]; i++)
			puts(suites[i].name);
		return 0;
	}
	if (argc != 1) {
		fputs("usage: check_bigchess [--list]\n", stderr);
		return 2;
	}
	for (size_t i = 0; i < sizeof suites / sizeof suites[0]; i++) {
		if (!wanted(suites[i].name))
			continue;
		if (!runner)
			runner = srunner_create(suites[i].make());
		else
			srunner_add_suite(runner, suites[i].make());
	}
	if (!runner) {
		fputs("check_bigchess: BC_SUITES names no suite\n", stderr);
		return 1;
	}
	srunner_run_all(runner, CK_NORMAL);
	failed = srunner_ntests_failed(runner);
	srunner_free(runner);
	return failed ? 1 : 0;
}
