/*
 * check_records.c - your records and your settings (issue #14), through
 * the real program in a pseudo-terminal: :save FILE, the tags of saved
 * games, the settings file, the last game's choices, and the polish the
 * outside test asked for (? on the new-game screen, the too-small
 * message, en passant marked, the game-over box, Chad's castles in
 * ASCII).
 *
 * Expected values are worked out by hand from the rules files: the FEN
 * after 1. e4 e7 in Grand Chess from grand.md's start position (pawns
 * on ranks 3 and 8, step one), Chad's castle c3-e5 and its wall from
 * chad.md, the mate Re5# with rooks on a4 and a6 against a king on j5
 * counted square by square, the host name from gethostname(2) and the
 * date from localtime(3).  Each test has a folder of its own that is
 * HOME, XDG_STATE_HOME and (under config/) XDG_CONFIG_HOME, and runs in
 * it, so relative paths and ~ land there.
 */
#include <dirent.h>
#include <limits.h>
#include <pwd.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <time.h>
#include <unistd.h>

#include "pty_board.h"

struct home {
	struct state s;
	char home_env[96];
	char config_env[128];
	char config[160];        /* the person's settings file */
	const char *env[4];
};

/* A new home folder for the test, which then runs inside it. */
static void
home_new(struct home *h)
{
	char bin[PATH_MAX], cwd[PATH_MAX];
	const char *name = bigchess_bin();

	/* The binary by its full name, before the test leaves the folder
	 * it was named from. */
	if (name[0] != '/') {
		ck_assert_ptr_nonnull(getcwd(cwd, sizeof cwd));
		ck_assert_int_lt(snprintf(bin, sizeof bin, "%s/%s", cwd, name),
		    (int)sizeof bin);
		name = bin;
	}
	setenv("BIGCHESS", name, 1);
	state_new(&h->s);
	snprintf(h->home_env, sizeof h->home_env, "HOME=%s", h->s.home);
	snprintf(h->config_env, sizeof h->config_env,
	    "XDG_CONFIG_HOME=%s/config", h->s.home);
	snprintf(h->config, sizeof h->config, "%s/config/bigchess/config",
	    h->s.home);
	h->env[0] = h->s.env;
	h->env[1] = h->home_env;
	h->env[2] = h->config_env;
	h->env[3] = NULL;
	/* For run_bigchess, which passes our own environment on. */
	setenv("HOME", h->s.home, 1);
	setenv("XDG_STATE_HOME", h->s.home, 1);
	setenv("XDG_CONFIG_HOME", h->config_env + strlen("XDG_CONFIG_HOME="),
	    1);
	ck_assert_int_eq(chdir(h->s.home), 0);
}

static void
start_home(struct pty *p, const struct home *h, const char *const args[])
{
	start_bigchess(p, 30, 100, args, h->env);
}

/* Writes the person's settings file. */
static void
write_config(const struct home *h, const char *text)
{
	char dir[160];

	snprintf(dir, sizeof dir, "%s/config", h->s.home);
	ck_assert_int_eq(mkdir(dir, 0700), 0);
	snprintf(dir, sizeof dir, "%s/config/bigchess", h->s.home);
	ck_assert_int_eq(mkdir(dir, 0700), 0);
	write_file(h->config, text);
}

/* Types `line` at the ':' prompt. */
static void
type_line(struct pty *p, const char *line)
{
	pty_send(p, ":");
	WAIT_FOR(p, ":");
	pty_send(p, line);
	pty_send(p, ENTER);
}

/* Quits a game in progress (it asks) and cleans up. */
static void
quit_game(struct pty *p, const struct home *h)
{
	pty_send(p, "q");
	WAIT_FOR(p, "Leave this game");
	pty_send(p, "y");
	expect_exit(p, 0);
	pty_close(p);
	(void)h;
}

static void
home_free(struct home *h)
{
	pty_remove_tree(h->s.home);
}

/* Today as PGN's Date (pgn) or as the suggested file name writes it. */
static void
today(bool pgn, char *buf, size_t size)
{
	time_t now = time(NULL);
	struct tm tm;

	ck_assert_ptr_nonnull(localtime_r(&now, &tm));
	snprintf(buf, size, pgn ? "%04d.%02d.%02d" : "%04d-%02d-%02d",
	    tm.tm_year + 1900, tm.tm_mon + 1, tm.tm_mday);
}

/* The one history file in `dir`/history, read whole (static buffer). */
static char *
history_file(const struct home *h)
{
	char folder[160], path[600];
	struct dirent *e;
	DIR *d;
	int n = 0;

	snprintf(folder, sizeof folder, "%s/history", h->s.dir);
	d = opendir(folder);
	ck_assert_msg(d != NULL, "no history folder %s", folder);
	while ((e = readdir(d)))
		if (e->d_name[0] != '.') {
			snprintf(path, sizeof path, "%s/%s", folder, e->d_name);
			n++;
		}
	closedir(d);
	ck_assert_int_eq(n, 1);
	return read_file(path);
}

static const char after_e4_e7[] =
    "r8r/1nbqkcabn1/pppp1ppppp/4p5/10/10/4P5/PPPP1PPPPP/1NBQKCABN1/R8R "
    "w - - 0 2\n";

/* :save with a relative path with a space; read back by --load. */
START_TEST(test_save_round_trip)
{
	const char *args[] = { "--variant", "grand", "--white", "human",
		"--black", "human", NULL };
	const char *fen[] = { "--load", "my game.pgn", "--print", "fen", NULL };
	const char *pgn[] = { "--load", "my game.pgn", "--print", "pgn", NULL };
	char out[8192], path[200];
	struct home h;
	struct pty p;
	struct stat st;
	char *saved;
	mode_t mask = umask(0);

	umask(mask);
	home_new(&h);
	start_home(&p, &h, args);
	WAIT_GAME(&p);
	type_line(&p, "e3e4");
	WAIT_FOR(&p, "White played e4");
	type_line(&p, "e8e7");
	WAIT_FOR(&p, "Black played e7");
	type_line(&p, "save my game.pgn");
	WAIT_FOR(&p, "Game saved to my game.pgn");
	/* The game goes on. */
	type_line(&p, "d3d4");
	WAIT_FOR(&p, "White played d4");
	quit_game(&p, &h);
	snprintf(path, sizeof path, "%s/my game.pgn", h.s.home);
	ck_assert_int_eq(stat(path, &st), 0);
	/* A file for the person, not one of the private saves. */
	ck_assert_int_eq(st.st_mode & 0777, 0666 & ~mask);
	ck_assert_int_eq(run_bigchess(fen, out, sizeof out), 0);
	ck_assert_str_eq(out, after_e4_e7);
	/* Exactly --print pgn's normalised text. */
	saved = slurp(path);
	ck_assert_ptr_nonnull(saved);
	ck_assert_int_eq(run_bigchess(pgn, out, sizeof out), 0);
	ck_assert_str_eq(out, saved);
	ck_assert_ptr_nonnull(strstr(saved, "\n1. e4 e7 *\n"));
	free(saved);
	home_free(&h);
}
END_TEST

/*
 * A loaded record keeps its own tags when saved again: its roster
 * (Event, Site, Date, Round, White, Black) and the tags we do not write
 * (Annotator, ECO) stay as the file had them, in its order; PlyCount
 * counts the four plies now, Result and Termination are the game's as
 * it stands (going on), and none of our own values (Event "bigchess
 * game", the login as White) appears.  The autosave keeps them too.
 */
START_TEST(test_save_keeps_loaded_tags)
{
	static const char record[] =
	    "[Event \"Casablanca Open\"]\n[Site \"Casablanca MAR\"]\n"
	    "[Date \"1927.03.05\"]\n[Round \"4\"]\n"
	    "[White \"Capablanca, J.\"]\n[Black \"Alekhine, A.\"]\n"
	    "[Result \"*\"]\n[Variant \"Grand Chess\"]\n"
	    "[Annotator \"Nobody\"]\n[ECO \"A00\"]\n[PlyCount \"2\"]\n"
	    "[Termination \"normal\"]\n\n1. e4 e7 *\n";
	static const char *const kept[] = {
		"[Event \"Casablanca Open\"]\n[Site \"Casablanca MAR\"]\n"
		"[Date \"1927.03.05\"]\n[Round \"4\"]\n"
		"[White \"Capablanca, J.\"]\n[Black \"Alekhine, A.\"]\n"
		"[Result \"*\"]\n[Variant \"Grand Chess\"]\n",
		"[Termination \"unterminated\"]\n",
		"[PlyCount \"4\"]\n[Annotator \"Nobody\"]\n[ECO \"A00\"]\n",
		"\n1. e4 e7 2. d4 d7 *\n"
	};
	const char *args[] = { "--load", "old.pgn", "--black", "human", NULL };
	char path[200];
	struct home h;
	struct pty p;
	char *saved;

	home_new(&h);
	snprintf(path, sizeof path, "%s/old.pgn", h.s.home);
	write_file(path, record);
	start_home(&p, &h, args);
	WAIT_FOR(&p, "Game loaded at move 2");
	type_line(&p, "d3d4");
	WAIT_FOR(&p, "White played d4");
	type_line(&p, "d8d7");
	WAIT_FOR(&p, "Black played d7");
	type_line(&p, "save new.pgn");
	WAIT_FOR(&p, "Game saved to new.pgn");
	quit_game(&p, &h);
	snprintf(path, sizeof path, "%s/new.pgn", h.s.home);
	saved = slurp(path);
	ck_assert_ptr_nonnull(saved);
	for (size_t i = 0; i < sizeof kept / sizeof kept[0]; i++)
		ck_assert_msg(strstr(saved, kept[i]), "no\n%s\nin\n%s",
		    kept[i], saved);
	ck_assert_msg(!strstr(saved, "bigchess game") &&
	    !strstr(saved, "[PlyCount \"2\"]") &&
	    !strstr(saved, "normal"), "%s", saved);
	free(saved);
	/* The autosave was written on the way out, with the same tags. */
	saved = slurp(h.s.save);
	ck_assert_ptr_nonnull(saved);
	ck_assert_msg(strstr(saved, kept[0]) && strstr(saved, kept[2]),
	    "%s", saved);
	free(saved);
	home_free(&h);
}
END_TEST

/* A file that exists is replaced only after a yes; ~ is the home. */
START_TEST(test_save_overwrite)
{
	const char *args[] = { "--variant", "grand", "--white", "human",
		"--black", "human", NULL };
	char path[200], shown[300];
	struct home h;
	struct pty p;

	home_new(&h);
	snprintf(path, sizeof path, "%s/kept.pgn", h.s.home);
	write_file(path, "old text\n");
	start_home(&p, &h, args);
	WAIT_GAME(&p);
	type_line(&p, "e3e4");
	WAIT_FOR(&p, "White played e4");
	type_line(&p, "save ~/kept.pgn");
	WAIT_FOR(&p, "Replace the file?");
	WAIT_FOR(&p, "~/kept.pgn already exists.");
	pty_send(&p, "n");
	WAIT_FOR(&p, "Not saved: ~/kept.pgn is kept as it was.");
	ck_assert_str_eq(read_file(path), "old text\n");
	type_line(&p, "save ~/kept.pgn");
	WAIT_FOR(&p, "Replace the file?");
	pty_send(&p, "y");
	snprintf(shown, sizeof shown, "Game saved to %s.", path);
	WAIT_FOR(&p, shown);
	ck_assert_ptr_nonnull(strstr(read_file(path), "\n1. e4 *\n"));
	quit_game(&p, &h);
	home_free(&h);
}
END_TEST

/* :save alone offers the first free name of the day, to take or edit. */
START_TEST(test_save_suggested)
{
	const char *args[] = { "--variant", "chad", "--white", "human",
		"--black", "human", NULL };
	char day[16], want[400], path[300];
	struct home h;
	struct pty p;

	home_new(&h);
	today(false, day, sizeof day);
	start_home(&p, &h, args);
	WAIT_GAME(&p);
	type_line(&p, "e5e7");
	WAIT_FOR(&p, "White played");
	type_line(&p, "save");
	snprintf(want, sizeof want, ":save ~/bigchess-chad-%s-1.pgn", day);
	WAIT_FOR(&p, want);
	pty_send(&p, ENTER);
	snprintf(path, sizeof path, "%s/bigchess-chad-%s-1.pgn", h.s.home,
	    day);
	snprintf(want, sizeof want, "Game saved to %s.", path);
	WAIT_FOR(&p, want);
	ck_assert_ptr_nonnull(strstr(read_file(path), "[Variant \"Chad\"]"));
	/* The next is -2; edited before Enter, it goes where typed. */
	type_line(&p, "save");
	snprintf(want, sizeof want, ":save ~/bigchess-chad-%s-2.pgn", day);
	WAIT_FOR(&p, want);
	pty_send(&p, "\025save ~/other.pgn" ENTER);
	snprintf(path, sizeof path, "%s/other.pgn", h.s.home);
	snprintf(want, sizeof want, "Game saved to %s.", path);
	WAIT_FOR(&p, want);
	ck_assert_ptr_nonnull(strstr(read_file(path), "[Variant \"Chad\"]"));
	quit_game(&p, &h);
	home_free(&h);
}
END_TEST

/* A folder that is not there: one line, and the game goes on; a folder
 * named instead of a file likewise. */
START_TEST(test_save_errors)
{
	const char *args[] = { "--variant", "grand", "--white", "human",
		"--black", "human", NULL };
	struct home h;
	struct pty p;

	home_new(&h);
	start_home(&p, &h, args);
	WAIT_GAME(&p);
	type_line(&p, "save /no/such/folder/x.pgn");
	WAIT_FOR(&p, "Not saved: cannot save in /no/such/folder: no such "
	    "folder.");
	type_line(&p, "save config/");
	WAIT_FOR(&p, "Not saved: config/ names a folder; add a file name.");
	type_line(&p, "e3e4");
	WAIT_FOR(&p, "White played e4");
	quit_game(&p, &h);
	home_free(&h);
}
END_TEST

/* Restricted mode takes no path: nothing is written. */
START_TEST(test_save_restricted)
{
	const char *args[] = { "--restricted", "--variant", "grand",
		"--white", "human", "--black", "human", NULL };
	char path[200];
	struct home h;
	struct pty p;
	struct stat st;

	home_new(&h);
	start_home(&p, &h, args);
	WAIT_GAME(&p);
	type_line(&p, "save x.pgn");
	WAIT_FOR(&p, ":save: not here (restricted mode");
	type_line(&p, "save");
	WAIT_FOR(&p, ":save: not here (restricted mode");
	snprintf(path, sizeof path, "%s/x.pgn", h.s.home);
	ck_assert_int_ne(stat(path, &st), 0);
	pty_send(&p, "q");
	expect_exit(&p, 0);
	pty_close(&p);
	home_free(&h);
}
END_TEST

/* A finished game's record: the name setting, the computer's level, the
 * host, the clock as PGN writes it, the end, the date. */
START_TEST(test_history_tags)
{
	const char *args[] = { "--variant", "grand", "--white", "human",
		"--black", "computer", "--level", "1", "--clock", "10+5",
		NULL };
	char host[256], want[300], day[16];
	struct home h;
	struct pty p;
	const char *text;

	home_new(&h);
	write_config(&h, "name = Ada Tester\n");
	start_home(&p, &h, args);
	WAIT_GAME(&p);
	type_line(&p, "e3e4");
	WAIT_FOR(&p, "Black played");
	type_line(&p, "resign");
	WAIT_FOR(&p, "Resign");
	pty_send(&p, "y");
	WAIT_FOR(&p, "Game over");
	pty_send(&p, "q");
	expect_exit(&p, 0);
	pty_close(&p);
	text = history_file(&h);
	ck_assert_ptr_nonnull(strstr(text, "[White \"Ada Tester\"]\n"));
	ck_assert_ptr_nonnull(strstr(text, "[Black \"bigchess level 1\"]\n"));
	ck_assert_int_eq(gethostname(host, sizeof host), 0);
	snprintf(want, sizeof want, "[Site \"%s\"]\n", host);
	ck_assert_ptr_nonnull(strstr(text, want));
	ck_assert_ptr_nonnull(strstr(text, "[TimeControl \"600+5\"]\n"));
	ck_assert_ptr_nonnull(strstr(text, "[Termination \"normal\"]\n"));
	ck_assert_ptr_nonnull(strstr(text, "[Result \"0-1\"]\n"));
	today(true, day, sizeof day);
	snprintf(want, sizeof want, "[Date \"%s\"]\n", day);
	ck_assert_ptr_nonnull(strstr(text, want));
	home_free(&h);
}
END_TEST

/* A flag fall is a time forfeit; without a name setting, the login
 * name stands for the person. */
START_TEST(test_history_time_forfeit)
{
	const char *args[] = { "--variant", "grand", "--white", "human",
		"--black", "human", "--clock", "0.1", NULL };
	const char *text;
	char want[300];
	struct home h;
	struct pty p;
	const struct passwd *pw = getpwuid(getuid());

	home_new(&h);
	start_home(&p, &h, args);
	WAIT_GAME(&p);
	type_line(&p, "e3e4");
	WAIT_FOR(&p, "Game over");
	pty_send(&p, "q");
	expect_exit(&p, 0);
	pty_close(&p);
	text = history_file(&h);
	ck_assert_ptr_nonnull(strstr(text, "[Termination \"time forfeit\"]\n"));
	/* 0.1 minutes: 6 seconds, no increment. */
	ck_assert_ptr_nonnull(strstr(text, "[TimeControl \"6+0\"]\n"));
	ck_assert_ptr_nonnull(pw);
	snprintf(want, sizeof want, "[White \"%s\"]\n", pw->pw_name);
	ck_assert_msg(strstr(text, want) != NULL, "no %s in\n%s", want,
	    text);
	home_free(&h);
}
END_TEST

/* The autosave says unterminated; once a new game takes its place, the
 * history says abandoned. */
START_TEST(test_history_abandoned)
{
	const char *args[] = { "--variant", "grand", "--white", "human",
		"--black", "human", NULL };
	struct home h;
	struct pty p;

	home_new(&h);
	start_home(&p, &h, args);
	WAIT_GAME(&p);
	type_line(&p, "e3e4");
	WAIT_FOR(&p, "White played e4");
	quit_game(&p, &h);
	ck_assert_ptr_nonnull(strstr(read_file(h.s.save),
	    "[Termination \"unterminated\"]\n"));
	start_home(&p, &h, args);
	WAIT_GAME(&p);
	type_line(&p, "d3d4");
	WAIT_FOR(&p, "White played d4");
	quit_game(&p, &h);
	ck_assert_ptr_nonnull(strstr(history_file(&h),
	    "[Termination \"abandoned\"]\n"));
	home_free(&h);
}
END_TEST

/* The new-game screen opens with the last game's choices. */
START_TEST(test_last_game)
{
	const char *none[] = { NULL };
	const char *level[] = { "--level", "3", NULL };
	char path[200];
	struct home h;
	struct pty p;

	home_new(&h);
	start_home(&p, &h, none);
	WAIT_FOR(&p, "< Grand Chess >");
	/* Variant: Grand -> Hadean (the registry's order by key: chad,
	 * grand, hadean); Black: computer -> human; level 2 (a first game
	 * of the variant is gentle) -> 6; the clock 1 minute + 1 second;
	 * Black at the bottom. */
	pty_key(&p, VTERM_KEY_RIGHT);
	WAIT_FOR(&p, "< Hadean Chess >");
	pty_send(&p, "jjl");
	WAIT_ROW(&p, "Black", "< human >");
	pty_send(&p, "jllll");
	WAIT_FOR(&p, "< 6 - ");
	pty_send(&p, "jljl");
	WAIT_ROW(&p, "Increment", "< 1 >");
	pty_send(&p, "jl");
	WAIT_FOR(&p, "< Black at the bottom >");
	pty_send(&p, ENTER);
	WAIT_GAME(&p);
	WAIT_FOR(&p, "Hadean");
	pty_send(&p, "q");
	expect_exit(&p, 0);
	pty_close(&p);
	/* The next run: the same choices; the command line wins. */
	start_home(&p, &h, level);
	WAIT_FOR(&p, "< Hadean Chess >");
	WAIT_ROW(&p, "White", "< human >");
	WAIT_ROW(&p, "Black", "< human >");
	WAIT_FOR(&p, "< 3 - ");
	WAIT_ROW(&p, "Minutes each", "< 1 >");
	WAIT_ROW(&p, "Increment", "< 1 >");
	WAIT_FOR(&p, "< Black at the bottom >");
	pty_send(&p, "q");
	expect_exit(&p, 0);
	pty_close(&p);
	/* Garbage in the file is no more than no file. */
	snprintf(path, sizeof path, "%s/last-game", h.s.dir);
	write_file(path, "variant = \033]0;x\007\nlevel = 99\nwhite\n\n==\n"
	    "clock-ms = -5+3\n");
	start_home(&p, &h, none);
	WAIT_FOR(&p, "< Grand Chess >");
	/* No level in the file, no game finished: the gentle level. */
	WAIT_FOR(&p, "< 2 - ");
	WAIT_ROW(&p, "Black", "< computer >");
	WAIT_ROW(&p, "Minutes each", "< no clock >");
	pty_send(&p, "q");
	expect_exit(&p, 0);
	pty_close(&p);
	home_free(&h);
}
END_TEST

/* The settings file: good lines set the new-game screen, bad ones are
 * named by line and ignored; the command line still wins. */
START_TEST(test_config_file)
{
	const char *none[] = { NULL };
	const char *level[] = { "--level", "9", NULL };
	const char *perft[] = { "--perft", "1", NULL };
	char out[4096], want[400];
	struct home h;
	struct pty p;

	home_new(&h);
	write_config(&h, "# my settings\n"
	    "variant = chad\n"
	    "colour = pink\n"
	    "level = 2\n"
	    "no equals sign here\n"
	    "clock = 5+3\n"
	    "glyphs = ascii\n"
	    "coach = on\n"
	    "auto-flip = yes\n"
	    "level = eleven\n");
	/* The warnings, before any screen: file and line. */
	ck_assert_int_eq(run_bigchess(perft, out, sizeof out), 0);
	snprintf(want, sizeof want, "bigchess: %s:3: bad value for 'colour' "
	    "(line ignored)\n", h.config);
	ck_assert_msg(strstr(out, want) != NULL, "no '%s' in\n%s", want, out);
	snprintf(want, sizeof want, "bigchess: %s:5: not a 'key = value' "
	    "line (line ignored)\n", h.config);
	ck_assert_msg(strstr(out, want) != NULL, "no '%s' in\n%s", want, out);
	snprintf(want, sizeof want, "bigchess: %s:10: bad value for 'level' "
	    "(line ignored)\n", h.config);
	ck_assert_msg(strstr(out, want) != NULL, "no '%s' in\n%s", want, out);
	ck_assert_ptr_null(strstr(out, ":2:"));
	ck_assert_ptr_null(strstr(out, ":4:"));
	ck_assert_ptr_null(strstr(out, ":6:"));
	ck_assert_ptr_nonnull(strstr(out, "Nodes searched: "));
	start_home(&p, &h, none);
	WAIT_FOR(&p, "< Chad >");
	WAIT_FOR(&p, "< 2 - ");
	WAIT_ROW(&p, "Minutes each", "< 5 >");
	WAIT_ROW(&p, "Increment", "< 3 >");
	WAIT_FOR(&p, "< to the side to move >");
	/* glyphs = ascii: plain borders. */
	WAIT_FOR(&p, "+- bigchess - new game ");
	pty_send(&p, "q");
	expect_exit(&p, 0);
	pty_close(&p);
	start_home(&p, &h, level);
	WAIT_FOR(&p, "< Chad >");
	WAIT_FOR(&p, "< 9 - ");
	pty_send(&p, "q");
	expect_exit(&p, 0);
	pty_close(&p);
	home_free(&h);
}
END_TEST

/* The settings beat the last game; the last game fills the rest. */
START_TEST(test_config_over_last_game)
{
	const char *none[] = { NULL };
	char path[200];
	struct home h;
	struct pty p;

	home_new(&h);
	write_config(&h, "variant = grand\n");
	ck_assert_int_eq(mkdir(h.s.dir, 0700), 0);
	snprintf(path, sizeof path, "%s/last-game", h.s.dir);
	write_file(path, "variant = hadean\nwhite = computer\nblack = human\n"
	    "level = 4\nclock-ms = 120000+2000\nbottom = black\n");
	start_home(&p, &h, none);
	WAIT_FOR(&p, "< Grand Chess >");
	WAIT_ROW(&p, "White", "< computer >");
	WAIT_ROW(&p, "Black", "< human >");
	WAIT_FOR(&p, "< 4 - ");
	WAIT_ROW(&p, "Minutes each", "< 2 >");
	WAIT_ROW(&p, "Increment", "< 2 >");
	WAIT_FOR(&p, "< Black at the bottom >");
	pty_send(&p, "q");
	expect_exit(&p, 0);
	pty_close(&p);
	home_free(&h);
}
END_TEST

/* ? on the new-game screen explains it, with a line for each variant
 * (sizes from the rules files). */
START_TEST(test_newgame_help)
{
	const char *none[] = { NULL };
	struct home h;
	struct pty p;

	home_new(&h);
	start_bigchess(&p, 60, 100, none, h.env);
	WAIT_FOR(&p, "< Grand Chess >");
	pty_send(&p, "?");
	WAIT_FOR(&p, "The new-game screen");
	WAIT_FOR(&p, "Minutes each: the clock");
	WAIT_FOR(&p, "Enter: start the game.");
	WAIT_FOR(&p, "Chad (12x12): ");
	WAIT_FOR(&p, "Grand Chess (10x10): ");
	WAIT_FOR(&p, "Hadean Chess (12x12): ");
	pty_send(&p, "q");
	WAIT_FOR(&p, "< Grand Chess >");
	ck_assert(!pty_find(&p, "The new-game screen", NULL, NULL));
	pty_send(&p, "q");
	expect_exit(&p, 0);
	pty_close(&p);
	home_free(&h);
}
END_TEST

/* The too-small message keeps the size it needs whole, however narrow
 * the terminal. */
START_TEST(test_too_small_whole)
{
	const char *none[] = { NULL };
	char need[32];
	int row, col, w, hgt;
	struct home h;
	struct pty p;

	home_new(&h);
	start_bigchess(&p, 10, 50, none, h.env);
	WAIT_FOR(&p, "need ");
	ck_assert(pty_find(&p, "need ", &row, &col));
	{
		char line[256];

		pty_row(&p, row, line);
		ck_assert_int_eq(sscanf(strstr(line, "need ") + 5, "%dx%d",
		    &w, &hgt), 2);
	}
	snprintf(need, sizeof need, "%dx%d", w, hgt);
	for (int cols = 20; cols >= (int)strlen(need); cols--) {
		pty_resize(&p, 10, cols);
		WAIT_FOR(&p, need);
	}
	/* Narrower still: the two numbers, each whole, one above the
	 * other. */
	pty_resize(&p, 10, 3);
	snprintf(need, sizeof need, "%d", w);
	WAIT_FOR(&p, need);
	snprintf(need, sizeof need, "x%d", hgt);
	WAIT_FOR(&p, need);
	pty_send(&p, "q");
	expect_exit(&p, 0);
	pty_close(&p);
	home_free(&h);
}
END_TEST

/* The marks either side of the centre of square `sq`. */
static void
marks(struct pty *p, const char *sq, char *left, char *right)
{
	char line[512];
	int row, col;

	square_at(p, sq, &row, &col);
	pty_row(p, row, line);
	*left = line[col - 1];
	*right = line[col + 1];
}

/* An en-passant capture shows the capture marks like any capture. */
START_TEST(test_en_passant_marked)
{
	/* White's pawn on e6; Black's d8 pawn steps two, past d7. */
	const char *args[] = { "--variant", "grand", "--white", "human",
		"--black", "human", "--ascii", "--fen",
		"r8r/1nbqkcabn1/pppppppppp/10/4P5/10/10/PPPP1PPPPP/1NBQKCABN1/"
		"R8R b - - 0 1", NULL };
	char l, r;
	struct home h;
	struct pty p;

	home_new(&h);
	start_home(&p, &h, args);
	WAIT_GAME(&p);
	type_line(&p, "d8d6");
	WAIT_FOR(&p, "Black played d6");
	click_square(&p, "e6");
	/* e7 is a plain step: no marks; d7 takes the d6 pawn. */
	WAIT_FOR(&p, "*");
	marks(&p, "e7", &l, &r);
	ck_assert_msg(l == ' ' && r == ' ', "e7 marked '%c%c':\n%s", l, r,
	    pty_dump(&p));
	marks(&p, "d7", &l, &r);
	ck_assert_msg(l == '*' && r == '*', "d7 marked '%c%c':\n%s", l, r,
	    pty_dump(&p));
	/* f7, a pawn's capture square with nothing to take, is no move. */
	marks(&p, "f7", &l, &r);
	ck_assert(l == ' ' && r == ' ');
	pty_send(&p, ESC);
	quit_game(&p, &h);
	home_free(&h);
}
END_TEST

/* The game-over box leaves the mating move in sight, and l puts it
 * away to show the final position. */
START_TEST(test_game_over_box)
{
	/* Black's king on a5; rooks i4 and i6 hold ranks 4 and 6, and
	 * Rj1-j5 gives mate along rank 5.  At 80x24 the board's right
	 * files are where a box in the middle of the screen would be. */
	const char *args[] = { "--variant", "grand", "--white", "human",
		"--black", "human", "--fen",
		"10/10/10/10/8R1/k9/8R1/10/10/4K4R w - - 0 1", NULL };
	struct home h;
	struct pty p;

	home_new(&h);
	start_bigchess(&p, 24, 80, args, h.env);
	WAIT_GAME(&p);
	type_line(&p, "j1j5");
	WAIT_FOR(&p, "Game over");
	WAIT_FOR(&p, "New game");
	ASSERT_PIECE(&p, "j5", 'R');
	ASSERT_PIECE(&p, "j1", ' ');
	ASSERT_PIECE(&p, "a5", 'k');
	pty_send(&p, "l");
	WAIT_GONE(&p, "New game");
	ASSERT_PIECE(&p, "i4", 'R');
	ASSERT_PIECE(&p, "i6", 'R');
	pty_send(&p, "q");
	expect_exit(&p, 0);
	pty_close(&p);
	home_free(&h);
}
END_TEST

/* Plain ASCII marks Chad's empty castle and wall squares, in colour as
 * in monochrome. */
START_TEST(test_chad_ascii_castle)
{
	const char *args[] = { "--variant", "chad", "--white", "human",
		"--black", "human", "--ascii", NULL };
	struct home h;
	struct pty p;

	home_new(&h);
	start_home(&p, &h, args);
	WAIT_GAME(&p);
	/* The rook on e5 (a castle square, chad.md) goes up the e-file
	 * over the wall square e6. */
	type_line(&p, "e5e7");
	WAIT_FOR(&p, "White played");
	ASSERT_PIECE(&p, "e5", '.');
	ASSERT_PIECE(&p, "e6", '=');
	ASSERT_PIECE(&p, "b4", '=');
	ASSERT_PIECE(&p, "a1", ' ');
	ASSERT_PIECE(&p, "e7", 'R');
	quit_game(&p, &h);
	home_free(&h);
}
END_TEST

/* A move after u asks before it drops the moves taken back. */
START_TEST(test_redo_kept)
{
	const char *args[] = { "--variant", "grand", "--white", "human",
		"--black", "human", NULL };
	struct home h;
	struct pty p;

	home_new(&h);
	start_home(&p, &h, args);
	WAIT_GAME(&p);
	type_line(&p, "e3e4");
	WAIT_FOR(&p, "White played e4");
	type_line(&p, "e8e7");
	WAIT_FOR(&p, "Black played e7");
	pty_send(&p, "uu");
	WAIT_FOR(&p, "White to move");
	type_line(&p, "d3d4");
	WAIT_FOR(&p, "Moves taken back");
	WAIT_FOR(&p, "Playing d4 drops the 2 moves taken back");
	pty_send(&p, "n");
	WAIT_FOR(&p, "Nothing played: r replays the 2 moves taken back.");
	ASSERT_PIECE(&p, "d3", 'P');
	pty_send(&p, "r");
	WAIT_FOR(&p, "replayed");
	ASSERT_PIECE(&p, "e4", 'P');
	/* One replayed, one left (e7); yes plays d7 in its place, and
	 * then there is nothing to redo. */
	type_line(&p, "d8d7");
	WAIT_FOR(&p, "Playing d7 drops the 1 move taken back; r would "
	    "replay it.");
	pty_send(&p, "y");
	WAIT_FOR(&p, "Black played d7");
	ASSERT_PIECE(&p, "d7", 'p');
	ASSERT_PIECE(&p, "e8", 'p');
	pty_send(&p, "r");
	WAIT_FOR(&p, "Nothing to redo.");
	quit_game(&p, &h);
	home_free(&h);
}
END_TEST

Suite *
records_suite(void)
{
	Suite *s = suite_create("records");
	TCase *save = tcase_create("save");
	TCase *tags = tcase_create("tags");
	TCase *prefs = tcase_create("settings");
	TCase *polish = tcase_create("polish");

	tcase_set_timeout(save, 60);
	tcase_add_test(save, test_save_round_trip);
	tcase_add_test(save, test_save_overwrite);
	tcase_add_test(save, test_save_keeps_loaded_tags);
	tcase_add_test(save, test_save_suggested);
	tcase_add_test(save, test_save_errors);
	tcase_add_test(save, test_save_restricted);
	suite_add_tcase(s, save);
	tcase_set_timeout(tags, 60);
	tcase_add_test(tags, test_history_tags);
	tcase_add_test(tags, test_history_time_forfeit);
	tcase_add_test(tags, test_history_abandoned);
	suite_add_tcase(s, tags);
	tcase_set_timeout(prefs, 60);
	tcase_add_test(prefs, test_last_game);
	tcase_add_test(prefs, test_config_file);
	tcase_add_test(prefs, test_config_over_last_game);
	suite_add_tcase(s, prefs);
	tcase_set_timeout(polish, 60);
	tcase_add_test(polish, test_newgame_help);
	tcase_add_test(polish, test_too_small_whole);
	tcase_add_test(polish, test_en_passant_marked);
	tcase_add_test(polish, test_game_over_box);
	tcase_add_test(polish, test_chad_ascii_castle);
	tcase_add_test(polish, test_redo_kept);
	suite_add_tcase(s, polish);
	return s;
}
