/*
 * check_rules_screen.c - the rules key (R) inside the game: the manual
 * page or, without man(1), the built-in text, with the game as it was
 * afterwards, driven through a pseudo-terminal like check_ui.c; and the
 * built-in rules texts themselves (src/ui/rules_text.c).
 */
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>
#include <signal.h>
#include <sys/stat.h>
#include <sys/wait.h>
#include <unistd.h>

#include "bigchess/bigchess.h"
#include "pty_board.h"
#include "test_util.h"
#include "../src/ui/rules_text.h"

enum { MAX_ARGS = 16 };

static void
start(struct pty *p, const char *const args[], const char *const env[])
{
	const char *argv[MAX_ARGS + 6] = { "--ascii", "--white", "human",
		"--black", "human" };
	int n = 5;

	for (int i = 0; args[i] && n < MAX_ARGS; i++)
		argv[n++] = args[i];
	argv[n] = NULL;
	start_bigchess(p, 24, 80, argv, env);
}

/* A game with one move played, e3-e5, in `variant`, waiting. */
static void
start_with_move(struct pty *p, const char *const env[])
{
	const char *args[] = { "--variant", "grand", NULL };

	start(p, args, env);
	WAIT_GAME(p);
	pty_send(p, ":e3e5" ENTER);
	WAIT_FOR(p, "1. e5");
	WAIT_FOR(p, "Black to move");
}

/* The game screen as it was: the move, the pawn, the side to move. */
static void
assert_same_game(struct pty *p)
{
	WAIT_GAME(p);
	WAIT_FOR(p, "1. e5");
	WAIT_FOR(p, "Black to move");
	ASSERT_PIECE(p, "e5", 'P');
	ASSERT_PIECE(p, "e3", ' ');
	ASSERT_PIECE(p, "a10", 'r');
}

/* The built-in text: forced, or because man(1) is missing (then asked
 * for by its word at the ':' prompt). */
START_TEST(test_rules_builtin)
{
	const char *forced[] = { "BIGCHESS_NO_MAN=1", NULL };
	const char *no_man[] = { "PATH=/nonexistent-bigchess-path", NULL };
	struct pty p;

	start_with_move(&p, _i == 0 ? forced : no_man);
	pty_send(&p, _i == 0 ? "R" : ":rules" ENTER); /* key, prompt word */
	WAIT_FOR(&p, "Grand Chess - the rules (built-in text)");
	WAIT_FOR(&p, "chancellor");
	WAIT_GONE(&p, "q quit");
	/* It scrolls: the first line goes, and comes back. */
	pty_send(&p, "j");
	WAIT_FOR(&p, "lines 2-");
	pty_send(&p, "k");
	WAIT_FOR(&p, "lines 1-");
	pty_send(&p, "q");
	assert_same_game(&p);
	pty_close(&p);
}
END_TEST

/*
 * With man(1) there, R leaves curses, runs it and comes back: a fake man
 * first in PATH answers -w, then, like a pager, takes the alternate
 * screen, clears it, shows a marker and waits for Enter.  The game must
 * then be drawn again in full, and go on after a Ctrl-C in the pager;
 * in the second run the pager also stops itself, as for a Ctrl-Z.
 */
/* True once process `pid` is stopped (state T in /proc). */
static bool
wait_stopped(struct pty *p, pid_t pid)
{
	char path[64], buf[256], *s;

	snprintf(path, sizeof path, "/proc/%d/stat", (int)pid);
	for (int i = 0; i < WAIT_MS / 20; i++) {
		FILE *f = fopen(path, "r");
		size_t n = f ? fread(buf, 1, sizeof buf - 1, f) : 0;

		if (f)
			fclose(f);
		buf[n] = '\0';
		if ((s = strrchr(buf, ')')) && s[1] == ' ' && s[2] == 'T')
			return true;
		pty_pump(p, 20);
	}
	return false;
}

START_TEST(test_rules_man)
{
	char dir[] = "/tmp/bigchess-man-XXXXXX", path[128], env_path[256];
	const char *env[] = { env_path, _i ? "FAKE_MAN_STOP=1" : NULL, NULL };
	struct pty p;
	FILE *f;

	ck_assert_ptr_nonnull(mkdtemp(dir));
	snprintf(path, sizeof path, "%s/man", dir);
	f = fopen(path, "w");
	ck_assert_ptr_nonnull(f);
	fputs("#!/bin/sh\n"
	      "[ \"$1\" = -w ] && exit 0\n"
	      "trap '' INT\n"
	      "printf '\\033[?1049h\\033[2J\\033[HFAKE-MAN %s\\n' \"$*\"\n"
	      "[ -n \"$FAKE_MAN_STOP\" ] && kill -STOP $$\n"
	      "read line\n"
	      "printf '\\033[?1049l'\n", f);
	fclose(f);
	chmod(path, 0755);
	snprintf(env_path, sizeof env_path, "PATH=%s:/usr/bin:/bin", dir);
	start_with_move(&p, env);
	pty_send(&p, "R");
	WAIT_FOR(&p, "FAKE-MAN bigchess-grand");
	WAIT_GONE(&p, "q quit");
	if (_i) {
		/* The pager stopped itself, as for a Ctrl-Z (SIGSTOP here:
		 * the pty's process group has no shell, so a SIGTSTP would not
		 * stop it).  The game stops too, so a shell would see the whole
		 * job stopped; a SIGCONT to the job (fg) wakes both. */
		ck_assert_msg(wait_stopped(&p, p.pid), "the game did not stop");
		kill(-p.pid, SIGCONT);
	}
	/* A Ctrl-C is the pager's (this one ignores it), not the game's. */
	pty_send(&p, "\003" ENTER);
	WAIT_FOR(&p, "Back from the manual page bigchess-grand(6)");
	assert_same_game(&p);
	pty_send(&p, "?");
	WAIT_FOR(&p, "bigchess - help");
	ck_assert(!p.exited);
	pty_close(&p);
	pty_remove_tree(dir);
}
END_TEST

/* The pid in file `path`, once it is there; -1 if it never is. */
static pid_t
wait_pid_file(struct pty *p, const char *path)
{
	for (int i = 0; i < WAIT_MS / 20; i++) {
		FILE *f = fopen(path, "r");
		int pid = 0;

		if (f) {
			int n = fscanf(f, "%d", &pid);

			fclose(f);
			if (n == 1 && pid > 0)
				return pid;
		}
		pty_pump(p, 20);
	}
	return -1;
}

/*
 * True once process `pid` is gone (or a zombie nobody reaped yet); else
 * `stat` holds its last /proc/PID/stat line (state, parent, group, ...)
 * for the failure message.
 */
static bool
wait_dead(struct pty *p, pid_t pid, char *stat, size_t size)
{
	char path[64], *s;

	snprintf(path, sizeof path, "/proc/%d/stat", (int)pid);
	for (int i = 0; i < WAIT_MS / 20; i++) {
		FILE *f = fopen(path, "r");
		size_t n = f ? fread(stat, 1, size - 1, f) : 0;

		if (!f)
			return true;
		fclose(f);
		stat[n] = '\0';
		if ((s = strrchr(stat, ')')) && s[1] == ' ' && s[2] == 'Z')
			return true;
		pty_pump(p, 20);
	}
	return false;
}

/*
 * SIGTERM (or SIGHUP, or a SIGQUIT from outside) while the manual is
 * open ends the game and the manual both: a fake man starts a fake pager, a child
 * process that waits for a line from the terminal, as less does.  The
 * game must end by the signal, with the move saved, and neither man nor
 * its pager may be left running on the terminal.
 */
START_TEST(test_rules_man_signal)
{
	char dir[] = "/tmp/bigchess-man-XXXXXX", path[128], env_path[256];
	char man_pid[128], pager_pid[128], save[160], script[1024];
	char stat[256];
	const char *env[] = { env_path, NULL };
	static const int sigs[] = { SIGTERM, SIGHUP, SIGQUIT };
	int sig = sigs[_i];
	pid_t man, pager;
	struct pty p;
	char *text;

	ck_assert_ptr_nonnull(mkdtemp(dir));
	snprintf(path, sizeof path, "%s/man", dir);
	snprintf(man_pid, sizeof man_pid, "%s/man.pid", dir);
	snprintf(pager_pid, sizeof pager_pid, "%s/pager.pid", dir);
	snprintf(script, sizeof script, "#!/bin/sh\n"
	    "[ \"$1\" = -w ] && exit 0\n"
	    "echo $$ >%s\n"
	    "printf '\\033[?1049h\\033[2J\\033[HFAKE-MAN %%s\\n' \"$*\"\n"
	    "sh -c 'echo $$ >%s; read line'\n"
	    "printf '\\033[?1049l'\n", man_pid, pager_pid);
	write_file(path, script);
	chmod(path, 0755);
	snprintf(env_path, sizeof env_path, "PATH=%s:/usr/bin:/bin", dir);
	start_with_move(&p, env);
	pty_send(&p, "R");
	WAIT_FOR(&p, "FAKE-MAN bigchess-grand");
	man = wait_pid_file(&p, man_pid);
	pager = wait_pid_file(&p, pager_pid);
	ck_assert_int_gt(man, 0);
	ck_assert_int_gt(pager, 0);
	kill(p.pid, sig);
	ck_assert_msg(pty_wait_exit(&p, WAIT_MS), "the game still runs "
	    "after signal %d in the manual:\n%s", sig, pty_dump(&p));
	ck_assert_msg(WIFSIGNALED(p.status) && WTERMSIG(p.status) == sig,
	    "status %#x, expected death by signal %d", p.status, sig);
	ck_assert_msg(wait_dead(&p, man, stat, sizeof stat),
	    "man still runs: %s", stat);
	ck_assert_msg(wait_dead(&p, pager, stat, sizeof stat),
	    "the pager still runs (the game was %d): %s", (int)p.pid, stat);
	snprintf(save, sizeof save, "%s/bigchess/autosave.pgn", p.state_dir);
	text = slurp(save);
	ck_assert_msg(text && strstr(text, "1. e5 *"), "autosave: %s",
	    text ? text : "(none)");
	free(text);
	pty_close(&p);
	pty_remove_tree(dir);
}
END_TEST

static bool
contains_nocase(const char *text, const char *word)
{
	for (const char *s = text; *s; s++)
		if (strncasecmp(s, word, strlen(word)) == 0)
			return true;
	return false;
}

/* Every variant has its text, naming every one of its pieces. */
START_TEST(test_rules_texts)
{
	for (int id = 0; id < BC_VARIANT_COUNT; id++) {
		const bc_variant *v = bc_variant_get((bc_variant_id)id);
		const char *text = NULL;

		for (int i = 0; i < rules_text_count; i++)
			if (strcmp(rules_texts[i].variant,
			    bc_variant_key(v)) == 0)
				text = rules_texts[i].text;
		ck_assert_msg(text != NULL, "no rules text for %s",
		    bc_variant_key(v));
		ck_assert_msg(contains_nocase(text, bc_variant_name(v)),
		    "the %s text does not name its variant",
		    bc_variant_key(v));
		for (int t = 1; t <= bc_variant_piece_types(v); t++) {
			const char *name = bc_variant_piece_name(v, t);

			ck_assert_msg(contains_nocase(text, name),
			    "the %s text never names the %s",
			    bc_variant_key(v), name);
		}
	}
	ck_assert_int_eq(rules_text_count, BC_VARIANT_COUNT);
}
END_TEST

Suite *
rules_screen_suite(void)
{
	Suite *s = suite_create("rules_screen");
	TCase *tc = tcase_create("rules_screen");

	tcase_set_timeout(tc, 30);
	tcase_add_test(tc, test_rules_texts);
	tcase_add_loop_test(tc, test_rules_builtin, 0, 2);
	tcase_add_loop_test(tc, test_rules_man, 0, 2);
	tcase_add_loop_test(tc, test_rules_man_signal, 0, 3);
	suite_add_tcase(s, tc);
	return s;
}
