/*
 * check_trust.c - the state folder is trusted only if it is ours:
 * owned by the user, not writable by group or others, and no
 * symbolic link inside it followed (src/app/savegame.c, src/app/learn.c), and a
 * relative HOME ignored like a relative XDG_STATE_HOME (the XDG Base
 * Directory spec: "If an implementation encounters a relative path in
 * any of these variables it should consider the path invalid and ignore
 * it").  Each test works in its own temp folder; another user's files
 * are made with chown, which needs root: as anyone else those tests say
 * so and check what they still can.
 */
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "../src/app/learn.h"
#include "../src/app/savegame.h"
#include "pty_board.h"

/* Not the user running the tests, nor root. */
enum { OTHER_UID = 4242 };

struct place {
	char home[64];   /* the temp folder */
	char dir[96];    /* home/bigchess, the state folder */
	char save[128];  /* its autosave */
	char outside[128]; /* home/outside.pgn, a file links may aim at */
};

static const char precious[] = "precious: not a save file\n";

static void
place_new(struct place *p)
{
	snprintf(p->home, sizeof p->home, "/tmp/bigchess-trust-XXXXXX");
	ck_assert_ptr_nonnull(mkdtemp(p->home));
	snprintf(p->dir, sizeof p->dir, "%s/bigchess", p->home);
	snprintf(p->save, sizeof p->save, "%s/autosave.pgn", p->dir);
	snprintf(p->outside, sizeof p->outside, "%s/outside.pgn", p->home);
	write_file(p->outside, precious);
}

/* An unfinished game of one move, White to play on at move 1...  */
static bc_game *
one_move(struct ui_saved *s)
{
	const char *moves[] = { "e5", NULL };
	bc_game *g = test_game_with("grand", moves);

	memset(s, 0, sizeof *s);
	s->game = g;
	return g;
}

static bool
is_link(const char *path)
{
	struct stat st;

	return lstat(path, &st) == 0 && S_ISLNK(st.st_mode);
}

static bool
exists(const char *path)
{
	struct stat st;

	return lstat(path, &st) == 0;
}

/* A folder we make is 0700 whatever the umask lets through. */
START_TEST(test_made_private)
{
	struct place p;
	struct ui_saved s;
	bc_game *g = one_move(&s);
	char err[512];
	struct stat st;

	place_new(&p);
	umask(022);
	ck_assert_int_eq(savegame_check_dir(p.dir, err, sizeof err), 1);
	ck_assert_int_eq(savegame_write(p.dir, &s, 7, err, sizeof err), 0);
	ck_assert_int_eq(stat(p.dir, &st), 0);
	ck_assert_int_eq(st.st_mode & 0777, 0700);
	ck_assert_int_eq(savegame_check_dir(p.dir, err, sizeof err), 0);
	bc_game_free(g);
	pty_remove_tree(p.home);
}
END_TEST

/* Modes others may write with are refused, with the fix; reading is
 * no threat, so 0755 is fine. */
static const struct {
	mode_t mode;
	bool ok;
} modes[] = {
	{ 0777, false }, { 0770, false }, { 0702, false }, { 0720, false },
	{ 0755, true }, { 0700, true }, { 0500 | 0200, true },
};

START_TEST(test_mode)
{
	struct place p;
	struct ui_saved s;
	bc_game *g = one_move(&s);
	char err[512] = "", want[320];
	int rc;

	place_new(&p);
	ck_assert_int_eq(mkdir(p.dir, 0700), 0);
	ck_assert_int_eq(chmod(p.dir, modes[_i].mode), 0);
	rc = savegame_check_dir(p.dir, err, sizeof err);
	if (modes[_i].ok) {
		ck_assert_msg(rc == 0, "mode %03o: %s", modes[_i].mode, err);
		ck_assert_int_eq(savegame_write(p.dir, &s, 7, err, sizeof err),
		    0);
		ck_assert(exists(p.save));
	} else {
		ck_assert_int_eq(rc, -1);
		snprintf(want, sizeof want, "%s may be written by other users "
		    "(mode %03o); make it private: chmod 700 %s", p.dir,
		    (unsigned)modes[_i].mode, p.dir);
		ck_assert_str_eq(err, want);
		/* Nothing is written in it. */
		ck_assert_int_eq(savegame_write(p.dir, &s, 7, err, sizeof err),
		    -1);
		ck_assert_str_eq(err, want);
		ck_assert(!exists(p.save));
	}
	bc_game_free(g);
	pty_remove_tree(p.home);
}
END_TEST

/* Another user's folder is refused, even with a safe mode. */
START_TEST(test_other_owner)
{
	struct place p;
	struct ui_saved s;
	bc_game *g = one_move(&s);
	char err[512], want[256];

	if (getuid() != 0) {
		fputs("check_trust: not root, so no folder of another user's "
		    "to test with\n", stderr);
		bc_game_free(g);
		return;
	}
	place_new(&p);
	ck_assert_int_eq(mkdir(p.dir, 0700), 0);
	ck_assert_int_eq(chown(p.dir, OTHER_UID, OTHER_UID), 0);
	snprintf(want, sizeof want, "%s belongs to another user (uid %d); "
	    "set XDG_STATE_HOME to a folder of your own", p.dir, OTHER_UID);
	ck_assert_int_eq(savegame_check_dir(p.dir, err, sizeof err), -1);
	ck_assert_str_eq(err, want);
	ck_assert_int_eq(savegame_write(p.dir, &s, 7, err, sizeof err), -1);
	ck_assert(!exists(p.save));
	ck_assert_int_eq(savegame_read_autosave(p.dir, &(struct savegame){ 0 },
	    err, sizeof err), -1);
	ck_assert_str_eq(err, want);
	bc_game_free(g);
	pty_remove_tree(p.home);
}
END_TEST

/*
 * An autosave that is a link to a file elsewhere: reading refuses it, a
 * save replaces the link and never writes through it, and a new game's
 * first save (which keeps an older autosave in history) drops it.
 */
START_TEST(test_linked_autosave)
{
	struct place p;
	struct ui_saved s;
	bc_game *g = one_move(&s);
	struct savegame back;
	char err[512], hist[160];

	place_new(&p);
	ck_assert_int_eq(mkdir(p.dir, 0700), 0);
	ck_assert_int_eq(symlink(p.outside, p.save), 0);
	ck_assert_int_eq(savegame_read_autosave(p.dir, &back, err, sizeof err),
	    -1);
	ck_assert_msg(strstr(err, "is a symbolic link"), "%s", err);
	ck_assert_int_eq(savegame_write(p.dir, &s, 7, err, sizeof err), 0);
	ck_assert_str_eq(read_file(p.outside), precious);
	ck_assert(!is_link(p.save));
	ck_assert_int_eq(savegame_read_autosave(p.dir, &back, err, sizeof err),
	    0);
	ck_assert_int_eq(bc_game_length(back.game), 1);
	savegame_free(&back);

	/* The first save of a new game moves an old autosave to history;
	 * a link is no game and goes, its target untouched. */
	ck_assert_int_eq(unlink(p.save), 0);
	ck_assert_int_eq(symlink(p.outside, p.save), 0);
	s.first = true;
	ck_assert_int_eq(savegame_write(p.dir, &s, 7, err, sizeof err), 0);
	ck_assert_str_eq(read_file(p.outside), precious);
	ck_assert(!is_link(p.save));
	snprintf(hist, sizeof hist, "%s/history", p.dir);
	ck_assert_msg(!exists(hist), "a link was archived");
	bc_game_free(g);
	pty_remove_tree(p.home);
}
END_TEST

/* A FIFO or a folder in the autosave's place: an error at once, never a
 * read that waits for a writer. */
START_TEST(test_autosave_not_a_file)
{
	struct place p;
	struct savegame back;
	char err[512];

	place_new(&p);
	ck_assert_int_eq(mkdir(p.dir, 0700), 0);
	ck_assert_int_eq(mkfifo(p.save, 0600), 0);
	ck_assert_int_eq(savegame_read_autosave(p.dir, &back, err, sizeof err),
	    -1);
	ck_assert_msg(strstr(err, "is not a regular file"), "%s", err);
	ck_assert_int_eq(unlink(p.save), 0);
	ck_assert_int_eq(mkdir(p.save, 0700), 0);
	ck_assert_int_eq(savegame_read_autosave(p.dir, &back, err, sizeof err),
	    -1);
	ck_assert_msg(strstr(err, "is not a regular file"), "%s", err);
	pty_remove_tree(p.home);
}
END_TEST

/* history/ as a link to a folder elsewhere: a finished game is not put
 * there; the save fails and says why. */
START_TEST(test_linked_history)
{
	struct place p;
	struct ui_saved s;
	bc_game *g = one_move(&s);
	char err[512], hist[160], elsewhere[128];

	place_new(&p);
	ck_assert_int_eq(mkdir(p.dir, 0700), 0);
	snprintf(elsewhere, sizeof elsewhere, "%s/elsewhere", p.home);
	ck_assert_int_eq(mkdir(elsewhere, 0700), 0);
	snprintf(hist, sizeof hist, "%s/history", p.dir);
	ck_assert_int_eq(symlink(elsewhere, hist), 0);
	ck_assert_int_eq(savegame_write(p.dir, &s, 7, err, sizeof err), 0);
	bc_game_resign(g, BC_BLACK);
	ck_assert_int_eq(savegame_write(p.dir, &s, 7, err, sizeof err), -1);
	ck_assert_msg(strstr(err, "/history is a symbolic link"), "%s", err);
	ck_assert_int_eq(rmdir(elsewhere), 0); /* still empty */
	/* The unfinished game is still there to resume. */
	ck_assert(exists(p.save) && !is_link(p.save));
	bc_game_free(g);
	pty_remove_tree(p.home);
}
END_TEST

/*
 * The state folder itself may be the user's own link to a folder of the
 * user's (a moved home); a link of another user's, or to another user's
 * folder, is refused.
 */
START_TEST(test_linked_state_folder)
{
	struct place p;
	struct ui_saved s;
	bc_game *g = one_move(&s);
	char err[512], real[128], path[192];

	place_new(&p);
	snprintf(real, sizeof real, "%s/real", p.home);
	ck_assert_int_eq(mkdir(real, 0700), 0);
	ck_assert_int_eq(symlink(real, p.dir), 0);
	ck_assert_int_eq(savegame_check_dir(p.dir, err, sizeof err), 0);
	ck_assert_int_eq(savegame_write(p.dir, &s, 7, err, sizeof err), 0);
	snprintf(path, sizeof path, "%s/autosave.pgn", real);
	ck_assert(exists(path));
	if (getuid() == 0) {
		ck_assert_int_eq(chown(real, OTHER_UID, OTHER_UID), 0);
		ck_assert_int_eq(savegame_check_dir(p.dir, err, sizeof err),
		    -1);
		ck_assert_msg(strstr(err, "belongs to another user"), "%s",
		    err);
		ck_assert_int_eq(chown(real, 0, 0), 0);
		ck_assert_int_eq(lchown(p.dir, OTHER_UID, OTHER_UID), 0);
		ck_assert_int_eq(savegame_check_dir(p.dir, err, sizeof err),
		    -1);
		ck_assert_msg(strstr(err, "is a symbolic link of another "
		    "user's"), "%s", err);
	}
	bc_game_free(g);
	pty_remove_tree(p.home);
}
END_TEST

/* lessons-done as a link: not read (a lesson named in its target is not
 * solved) and a warning says why. */
START_TEST(test_linked_lessons_done)
{
	struct place p;
	struct learn_store st;
	char path[160], line[128];

	place_new(&p);
	ck_assert_int_eq(mkdir(p.dir, 0700), 0);
	ck_assert_int_eq(learn_init(&st, p.dir), 0);
	ck_assert_int_gt(st.count, 0);
	snprintf(line, sizeof line, "%s\n", st.name[0]);
	learn_free(&st);
	write_file(p.outside, line);
	snprintf(path, sizeof path, "%s/%s", p.dir, LEARN_PROGRESS_FILE);
	/* The same file, not a link: the lesson counts as solved. */
	write_file(path, line);
	ck_assert_int_eq(learn_init(&st, p.dir), 0);
	ck_assert(st.done[0]);
	learn_free(&st);
	ck_assert_int_eq(unlink(path), 0);
	ck_assert_int_eq(symlink(p.outside, path), 0);
	ck_assert_int_eq(learn_init(&st, p.dir), 0);
	ck_assert(!st.done[0]);
	ck_assert_msg(strstr(st.warning, "is a symbolic link"), "%s",
	    st.warning);
	learn_free(&st);
	pty_remove_tree(p.home);
}
END_TEST

/* XDG_STATE_HOME, then HOME, each only if absolute. */
static const struct {
	const char *state, *home; /* NULL: unset */
	const char *dir;          /* NULL: none */
} homes[] = {
	{ "/s", "/h", "/s/bigchess" },
	{ NULL, "/h", "/h/.local/state/bigchess" },
	{ "s", "/h", "/h/.local/state/bigchess" },
	{ "", "/h", "/h/.local/state/bigchess" },
	{ NULL, "h", NULL },
	{ NULL, "./h", NULL },
	{ "s", "h", NULL },
	{ NULL, "", NULL },
	{ NULL, NULL, NULL },
};

START_TEST(test_home)
{
	char dir[256], err[256] = "";
	int rc;

	if (homes[_i].state)
		setenv("XDG_STATE_HOME", homes[_i].state, 1);
	else
		unsetenv("XDG_STATE_HOME");
	if (homes[_i].home)
		setenv("HOME", homes[_i].home, 1);
	else
		unsetenv("HOME");
	rc = savegame_dir(dir, sizeof dir, err, sizeof err);
	if (homes[_i].dir) {
		ck_assert_int_eq(rc, 0);
		ck_assert_str_eq(dir, homes[_i].dir);
	} else {
		ck_assert_int_eq(rc, -1);
		ck_assert_str_eq(err, "neither XDG_STATE_HOME nor HOME is set "
		    "to an absolute path");
	}
}
END_TEST

/*
 * The real program with a folder others may write: it plays on unsaved
 * and says so, naming the folder and the fix; --resume refuses.
 */
START_TEST(test_program_refuses)
{
	const char *args[] = { "--variant", "grand", "--white", "human",
		"--black", "human", NULL };
	const char *resume[] = { "--resume", NULL };
	struct state s;
	struct pty p;
	char want[320];

	state_new(&s);
	ck_assert_int_eq(mkdir(s.dir, 0700), 0);
	ck_assert_int_eq(chmod(s.dir, 0777), 0);
	start_in(&p, 30, 200, &s, args);
	WAIT_FOR(&p, "Games are not saved");
	WAIT_FOR(&p, "may be written by other users");
	pty_send(&p, ":e5" ENTER);
	WAIT_FOR(&p, "Black to move");
	pty_send(&p, "q");
	WAIT_FOR(&p, "Leave this game");
	pty_send(&p, "y");
	expect_exit(&p, 0);
	pty_close(&p);
	ck_assert(!exists(s.save));

	start_in(&p, 30, 200, &s, resume);
	expect_exit(&p, 1);
	snprintf(want, sizeof want, "cannot resume: %s may be written by "
	    "other users (mode 777); make it private: chmod 700 %s", s.dir,
	    s.dir);
	ck_assert_msg(strstr(p.log, want), "%s", p.log);
	pty_close(&p);
	pty_remove_tree(s.home);
}
END_TEST

Suite *
trust_suite(void)
{
	Suite *s = suite_create("trust");
	TCase *tc = tcase_create("trust");

	tcase_set_timeout(tc, 60);
	tcase_add_test(tc, test_made_private);
	tcase_add_loop_test(tc, test_mode, 0,
	    (int)(sizeof modes / sizeof modes[0]));
	tcase_add_test(tc, test_other_owner);
	tcase_add_test(tc, test_linked_autosave);
	tcase_add_test(tc, test_autosave_not_a_file);
	tcase_add_test(tc, test_linked_history);
	tcase_add_test(tc, test_linked_state_folder);
	tcase_add_test(tc, test_linked_lessons_done);
	tcase_add_loop_test(tc, test_home, 0,
	    (int)(sizeof homes / sizeof homes[0]));
	tcase_add_test(tc, test_program_refuses);
	suite_add_tcase(s, tc);
	return s;
}
