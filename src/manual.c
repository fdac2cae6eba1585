/*
 * manual.c - runs man(1) for the game's rules key.
 *
 * `man -w PAGE` (silent, its output thrown away) says whether the page is
 * installed; a missing man program fails the same way, so either falls
 * back to the built-in text.  `man PAGE` then runs on the terminal the UI
 * has handed back, like system(3) with a shell escape's manners: the
 * child starts with default signal actions and nothing blocked; we ignore
 * SIGINT, SIGQUIT and SIGTSTP while it runs (they are the pager's: a
 * Ctrl-C in it must not end the game, and one caught now must not arrive
 * later), and when the pager stops for a Ctrl-Z we stop too, so that the
 * shell sees the whole job stopped; both go on together after fg.
 */
#include <errno.h>
#include <fcntl.h>
#include <signal.h>
#include <spawn.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/types.h>
#include <sys/wait.h>
#include <unistd.h>

#include "manual.h"

extern char **environ;

/* Signals the child gets back at their default action. */
static const int child_default[] = { SIGINT, SIGQUIT, SIGTSTP, SIGTERM,
	SIGHUP, SIGWINCH, SIGPIPE, SIGXFSZ };

/* Starts `argv` with a clean signal state; quiet: no terminal I/O. */
static int
spawn(char *const argv[], bool quiet, pid_t *pid)
{
	posix_spawn_file_actions_t fa;
	posix_spawnattr_t attr;
	sigset_t none, dfl;
	int rc;

	sigemptyset(&none);
	sigemptyset(&dfl);
	for (size_t i = 0; i < sizeof child_default / sizeof child_default[0];
	    i++)
		sigaddset(&dfl, child_default[i]);
	if (posix_spawnattr_init(&attr) != 0)
		return -1;
	if (posix_spawn_file_actions_init(&fa) != 0) {
		posix_spawnattr_destroy(&attr);
		return -1;
	}
	posix_spawnattr_setsigmask(&attr, &none);
	posix_spawnattr_setsigdefault(&attr, &dfl);
	posix_spawnattr_setflags(&attr,
	    POSIX_SPAWN_SETSIGMASK | POSIX_SPAWN_SETSIGDEF);
	if (quiet) {
		posix_spawn_file_actions_addopen(&fa, STDIN_FILENO,
		    "/dev/null", O_RDONLY, 0);
		posix_spawn_file_actions_addopen(&fa, STDOUT_FILENO,
		    "/dev/null", O_WRONLY, 0);
		posix_spawn_file_actions_addopen(&fa, STDERR_FILENO,
		    "/dev/null", O_WRONLY, 0);
	}
	rc = posix_spawnp(pid, argv[0], &fa, &attr, argv, environ);
	posix_spawn_file_actions_destroy(&fa);
	posix_spawnattr_destroy(&attr);
	return rc == 0 ? 0 : -1;
}

/* Waits for `pid` to end; a stopped child stops us too.  Its status. */
static int
wait_child(pid_t pid)
{
	int status;

	for (;;) {
		pid_t r = waitpid(pid, &status, WUNTRACED);

		if (r < 0 && errno == EINTR)
			continue;
		if (r < 0)
			return -1;
		if (WIFSTOPPED(status)) {
			kill(getpid(), SIGSTOP);
			kill(pid, SIGCONT);
			continue;
		}
		return status;
	}
}

static bool
has_page(void *ctx, const char *page)
{
	char name[64], man[] = "man", w[] = "-w";
	char *argv[] = { man, w, name, NULL };
	pid_t pid;
	int status;

	(void)ctx;
	snprintf(name, sizeof name, "%s", page);
	if (spawn(argv, true, &pid) != 0)
		return false;
	status = wait_child(pid);
	return status != -1 && WIFEXITED(status) && WEXITSTATUS(status) == 0;
}

static int
show_page(void *ctx, const char *page)
{
	static const int ignored[] = { SIGINT, SIGQUIT, SIGTSTP };
	struct sigaction ign, old[3];
	char name[64], man[] = "man";
	char *argv[] = { man, name, NULL };
	pid_t pid;
	int status = -1;

	(void)ctx;
	snprintf(name, sizeof name, "%s", page);
	memset(&ign, 0, sizeof ign);
	ign.sa_handler = SIG_IGN;
	sigemptyset(&ign.sa_mask);
	for (int i = 0; i < 3; i++)
		sigaction(ignored[i], &ign, &old[i]);
	if (spawn(argv, false, &pid) == 0)
		status = wait_child(pid);
	/* Linux keeps an ignored signal pending while it is blocked (and the
	 * UI blocks them); setting SIG_IGN again throws it away. */
	for (int i = 0; i < 3; i++) {
		sigaction(ignored[i], &ign, NULL);
		sigaction(ignored[i], &old[i], NULL);
	}
	return status != -1 && WIFEXITED(status) && WEXITSTATUS(status) == 0
	    ? 0 : -1;
}

const struct ui_manual *
manual_seam(void)
{
	static const struct ui_manual seam = { NULL, has_page, show_page };
	const char *no = getenv("BIGCHESS_NO_MAN");

	return no && *no ? NULL : &seam;
}
