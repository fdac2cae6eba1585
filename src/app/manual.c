/*
 * manual.c - runs man(1) for the game's rules key.
 *
 * `man -w PAGE` (silent, its output thrown away) says whether the page is
 * installed; a missing man program fails the same way, so either falls
 * back to the built-in text.  `man PAGE` then runs on the terminal the UI
 * has handed back, as a shell runs a job: in a process group of its own
 * that is given the terminal (so a Ctrl-C or Ctrl-Z typed in the pager
 * reaches man and its pager, never the game), with default signal
 * actions and nothing blocked.  We wait for it with SIGTERM and SIGHUP
 * let in: either ends man's whole group (man and its pager), and the UI
 * then leaves, saving the game, as for the signal at any other time.
 * When the pager stops for a Ctrl-Z we take the terminal back and stop
 * too, so that the shell sees the whole job stopped; after fg both go on
 * together.  Restricted mode never gets here (the app passes no seam).
 *
 * glibc's posix_spawn can make the child take the terminal itself before
 * it runs man (a GNU extension: hence _GNU_SOURCE, here and in
 * room_sock.c only); else a pager quick enough to read before we give
 * the terminal would be stopped for reading in the background.
 */
#define _GNU_SOURCE /* NOLINT(bugprone-reserved-identifier,cert-dcl37-c,cert-dcl51-cpp) */
#include <errno.h>
#include <fcntl.h>
#include <signal.h>
#include <spawn.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/types.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>

#include "manual.h"

extern char **environ;

/* How long man's group may take to end after SIGTERM before SIGKILL. */
enum { KILL_GRACE_MS = 2000 };

/* Signals the child gets back at their default action. */
static const int child_default[] = { SIGINT, SIGQUIT, SIGTSTP, SIGTERM,
	SIGHUP, SIGWINCH, SIGPIPE, SIGXFSZ, SIGTTIN, SIGTTOU, SIGCHLD };

/* The app's flag for a signal that asks us to leave (see manual_seam). */
static volatile sig_atomic_t *leave_flag;

/*
 * Starts `argv` with a clean signal state; quiet: no terminal I/O.  With
 * `group`, in a new process group of its own.
 */
static int
spawn(char *const argv[], bool quiet, bool group, pid_t *pid)
{
	posix_spawn_file_actions_t fa;
	posix_spawnattr_t attr;
	sigset_t none, dfl;
	short flags = POSIX_SPAWN_SETSIGMASK | POSIX_SPAWN_SETSIGDEF;
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
	if (group) {
		flags |= POSIX_SPAWN_SETPGROUP;
		posix_spawnattr_setpgroup(&attr, 0);
#if defined(__GLIBC__) && (__GLIBC__ > 2 || __GLIBC_MINOR__ >= 35)
		posix_spawn_file_actions_addtcsetpgrp_np(&fa, STDIN_FILENO);
#endif
	}
	posix_spawnattr_setflags(&attr, flags);
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

/* Waits for a quiet child (man -w) to end; its status, or -1. */
static int
wait_quiet(pid_t pid)
{
	int status;

	for (;;) {
		pid_t r = waitpid(pid, &status, 0);

		if (r < 0 && errno == EINTR)
			continue;
		return r < 0 ? -1 : status;
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
	if (spawn(argv, true, false, &pid) != 0)
		return false;
	status = wait_quiet(pid);
	return status != -1 && WIFEXITED(status) && WEXITSTATUS(status) == 0;
}

/*
 * Makes `pgrp` the terminal's foreground group.  SIGTTOU is blocked
 * meanwhile, as a background process asking gets it.
 */
static void
give_terminal(pid_t pgrp)
{
	sigset_t ttou, old;

	sigemptyset(&ttou);
	sigaddset(&ttou, SIGTTOU);
	sigprocmask(SIG_BLOCK, &ttou, &old);
	tcsetpgrp(STDIN_FILENO, pgrp);
	sigprocmask(SIG_SETMASK, &old, NULL);
}

static void
on_child(int sig)
{
	(void)sig;
}

static int64_t
now_ms(void)
{
	struct timespec ts;

	clock_gettime(CLOCK_MONOTONIC, &ts);
	return (int64_t)ts.tv_sec * 1000 + ts.tv_nsec / 1000000;
}

/*
 * Waits for man (`pid`, leader of its group when `group`) to end, and
 * returns its status.  SIGCHLD, SIGTERM, SIGHUP and SIGQUIT are blocked
 * except in sigsuspend, so none is missed between a look and the wait
 * (SIGQUIT is ignored instead when man shares our group).  When the
 * app's flag is set, man's group is ended: SIGTERM (and SIGCONT, should
 * it be stopped), then SIGKILL after KILL_GRACE_MS.
 */
static int
wait_child(pid_t pid, bool group)
{
	struct sigaction sa, old_chld;
	sigset_t block, old, wait_mask;
	int64_t killed_at = 0;
	int status = -1;

	memset(&sa, 0, sizeof sa);
	sa.sa_handler = on_child;
	sigemptyset(&sa.sa_mask);
	sigaction(SIGCHLD, &sa, &old_chld);
	sigemptyset(&block);
	sigaddset(&block, SIGCHLD);
	sigaddset(&block, SIGTERM);
	sigaddset(&block, SIGHUP);
	sigaddset(&block, SIGQUIT);
	sigprocmask(SIG_BLOCK, &block, &old);
	wait_mask = old;
	sigdelset(&wait_mask, SIGCHLD);
	sigdelset(&wait_mask, SIGTERM);
	sigdelset(&wait_mask, SIGHUP);
	sigdelset(&wait_mask, SIGQUIT);
	for (;;) {
		pid_t r = waitpid(pid, &status, WNOHANG | WUNTRACED);

		if (r < 0 && errno == EINTR)
			continue;
		if (r < 0) {
			status = -1;
			break;
		}
		if (r == pid && WIFSTOPPED(status)) {
			int sig = WSTOPSIG(status);

			/* Touched the terminal before it was given the
			 * terminal: give it, and let it go on. */
			if (group && (sig == SIGTTIN || sig == SIGTTOU)) {
				give_terminal(pid);
			} else {
				if (group)
					give_terminal(getpgrp());
				kill(getpid(), SIGSTOP);
				if (group)
					give_terminal(pid);
			}
			kill(group ? -pid : pid, SIGCONT);
			continue;
		}
		if (r == pid)
			break;
		if (leave_flag && *leave_flag) {
			int64_t t = now_ms();

			if (!killed_at) {
				kill(group ? -pid : pid, SIGTERM);
				kill(group ? -pid : pid, SIGCONT);
				killed_at = t;
			} else if (t - killed_at >= KILL_GRACE_MS) {
				kill(group ? -pid : pid, SIGKILL);
			}
		}
		if (killed_at) {
			/* A SIGCHLD ends the wait early; else poll. */
			struct timespec ts = { 0, 50 * 1000000L };

			sigprocmask(SIG_SETMASK, &wait_mask, NULL);
			nanosleep(&ts, NULL);
			sigprocmask(SIG_BLOCK, &block, NULL);
		} else {
			sigsuspend(&wait_mask);
		}
	}
	/* With man gone, its pager may still hold the group: when we are
	 * leaving, end it, even if man ended by itself before we asked. */
	if (group && (killed_at || (leave_flag && *leave_flag)))
		kill(-pid, SIGKILL);
	sigprocmask(SIG_SETMASK, &old, NULL);
	sigaction(SIGCHLD, &old_chld, NULL);
	return status;
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
	/* Its own group, if we have the terminal to give it. */
	bool group = isatty(STDIN_FILENO) &&
	    tcgetpgrp(STDIN_FILENO) == getpgrp();

	(void)ctx;
	snprintf(name, sizeof name, "%s", page);
	memset(&ign, 0, sizeof ign);
	ign.sa_handler = SIG_IGN;
	sigemptyset(&ign.sa_mask);
	/* In its own group man alone gets the terminal's Ctrl-\; a SIGQUIT
	 * that reaches us then came from outside and, like SIGTERM, ends
	 * both (the game saves).  Sharing our group, we ignore it as
	 * system(3) would. */
	for (int i = 0; i < 3; i++)
		if (!(group && ignored[i] == SIGQUIT))
			sigaction(ignored[i], &ign, &old[i]);
	if (spawn(argv, false, group, &pid) == 0) {
		if (group)
			give_terminal(pid);
		status = wait_child(pid, group);
		if (group)
			give_terminal(getpgrp());
	}
	/* Linux keeps an ignored signal pending while it is blocked (and the
	 * UI blocks them); setting SIG_IGN again throws it away. */
	for (int i = 0; i < 3; i++) {
		if (group && ignored[i] == SIGQUIT)
			continue;
		sigaction(ignored[i], &ign, NULL);
		sigaction(ignored[i], &old[i], NULL);
	}
	/* A resize while man had the terminal went to its group only: let
	 * the UI look at the size again. */
	if (group)
		kill(getpid(), SIGWINCH);
	return status != -1 && WIFEXITED(status) && WEXITSTATUS(status) == 0
	    ? 0 : -1;
}

const struct ui_manual *
manual_seam(volatile sig_atomic_t *leave)
{
	static const struct ui_manual seam = { NULL, has_page, show_page };
	const char *no = getenv("BIGCHESS_NO_MAN");

	leave_flag = leave;
	return no && *no ? NULL : &seam;
}
