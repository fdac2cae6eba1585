/*
 * check_savefail.c - a write error at each step of saving: the
 * autosave and the history of src/app/savegame.c, with mkstemp, fflush,
 * fsync, fclose, rename and link made to fail one at a time.
 *
 * The test binary is linked with -Wl,--wrap=NAME for those calls (see
 * TEST_WRAP in the Makefile), so savegame.o's calls land in the
 * __wrap_NAME functions here, which fail with a chosen errno when armed
 * and pass through to the C library otherwise.  The program itself is
 * not changed.  Whatever step fails: savegame_write returns -1 with the
 * errno's text in its message, the previous autosave is byte for byte as
 * it was and still reads back, no temp file is left, and the next save
 * with the failure gone works.  tests/check_survive.c does the same
 * through the real binary on a genuinely full disk.
 */
#include <dirent.h>
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "../src/app/savegame.h"
#include "pty_board.h"

enum step { STEP_NONE, STEP_MKSTEMP, STEP_FFLUSH, STEP_FSYNC, STEP_FCLOSE,
	STEP_RENAME, STEP_LINK };

static enum step armed = STEP_NONE;
static int armed_errno;
static int hits;        /* how often the armed call was made */

/* The linker's names for the wrapped calls (ld --wrap). */
/* NOLINTBEGIN(bugprone-reserved-identifier,cert-dcl37-c,cert-dcl51-cpp) */
int __real_mkstemp(char *tmpl);
int __real_fflush(FILE *f);
int __real_fsync(int fd);
int __real_fclose(FILE *f);
int __real_rename(const char *from, const char *to);
int __real_link(const char *from, const char *to);
int __wrap_mkstemp(char *tmpl);
int __wrap_fflush(FILE *f);
int __wrap_fsync(int fd);
int __wrap_fclose(FILE *f);
int __wrap_rename(const char *from, const char *to);
int __wrap_link(const char *from, const char *to);
/* NOLINTEND(bugprone-reserved-identifier,cert-dcl37-c,cert-dcl51-cpp) */

/* True (errno set) if `s` is the step armed to fail. */
static bool
fails(enum step s)
{
	if (armed != s)
		return false;
	hits++;
	errno = armed_errno;
	return true;
}

int
__wrap_mkstemp(char *tmpl)
{
	return fails(STEP_MKSTEMP) ? -1 : __real_mkstemp(tmpl);
}

int
__wrap_fflush(FILE *f)
{
	return fails(STEP_FFLUSH) ? EOF : __real_fflush(f);
}

int
__wrap_fsync(int fd)
{
	return fails(STEP_FSYNC) ? -1 : __real_fsync(fd);
}

int
__wrap_fclose(FILE *f)
{
	/* A failing fclose still closes the stream (C11 7.21.5.1). */
	int rc = __real_fclose(f);

	return fails(STEP_FCLOSE) ? EOF : rc;
}

int
__wrap_rename(const char *from, const char *to)
{
	return fails(STEP_RENAME) ? -1 : __real_rename(from, to);
}

int
__wrap_link(const char *from, const char *to)
{
	return fails(STEP_LINK) ? -1 : __real_link(from, to);
}

static const struct {
	enum step step;
	int error;
	const char *name;
} cases[] = {
	{ STEP_MKSTEMP, ENOSPC, "mkstemp" },
	{ STEP_FFLUSH, ENOSPC, "fflush" },
	{ STEP_FSYNC, EIO, "fsync" },
	{ STEP_FCLOSE, EDQUOT, "fclose" },
	{ STEP_RENAME, EACCES, "rename" },
};

static struct ui_saved
saved_of(const bc_game *g)
{
	struct ui_saved s;

	memset(&s, 0, sizeof s);
	s.game = g;
	return s;
}

/* Files in `dir` other than `keep` (NULL: none), "." and "..". */
static int
others(const char *dir, const char *keep)
{
	DIR *d = opendir(dir);
	struct dirent *e;
	int n = 0;

	if (!d)
		return 0;
	while ((e = readdir(d)))
		n += strcmp(e->d_name, ".") && strcmp(e->d_name, "..") &&
		    (!keep || strcmp(e->d_name, keep));
	closedir(d);
	return n;
}

/* The autosave of a game in progress, failing at step `_i`. */
START_TEST(test_autosave_step_fails)
{
	const char *one[] = { "e5", NULL }, *two[] = { "e5", "e6", NULL };
	bc_game *g1 = test_game_with("grand", one);
	bc_game *g2 = test_game_with("grand", two);
	struct ui_saved s1 = saved_of(g1), s2 = saved_of(g2);
	struct savegame back;
	char dir[64], path[128], err[512], *before, *after;
	int rc;

	snprintf(dir, sizeof dir, "/tmp/bigchess-savefail-XXXXXX");
	ck_assert_ptr_nonnull(mkdtemp(dir));
	snprintf(path, sizeof path, "%s/autosave.pgn", dir);
	ck_assert_int_eq(savegame_write(dir, &s1, 5, err, sizeof err), 0);
	before = slurp(path);
	ck_assert_ptr_nonnull(before);

	armed = cases[_i].step;
	armed_errno = cases[_i].error;
	hits = 0;
	err[0] = '\0';
	rc = savegame_write(dir, &s2, 5, err, sizeof err);
	armed = STEP_NONE;      /* before any ck_assert: Check calls fflush */
	ck_assert_int_eq(rc, -1);
	ck_assert_msg(hits == 1, "%s was called %d times", cases[_i].name,
	    hits);
	ck_assert_msg(strstr(err, strerror(cases[_i].error)) != NULL,
	    "%s: message '%s'", cases[_i].name, err);
	after = slurp(path);
	ck_assert_ptr_nonnull(after);
	ck_assert_str_eq(after, before);
	free(after);
	ck_assert_msg(others(dir, "autosave.pgn") == 0, "%s left a file",
	    cases[_i].name);
	ck_assert_int_eq(savegame_read(path, SAVEGAME_AUTOSAVE_MAX, 1, NULL,
	    &back, err, sizeof err), 0);
	ck_assert_int_eq(bc_game_length(back.game), 1);
	savegame_free(&back);

	/* The failure gone, the next save works. */
	ck_assert_int_eq(savegame_write(dir, &s2, 5, err, sizeof err), 0);
	ck_assert_ptr_nonnull(strstr(after = slurp(path), "1. e5 e6 *"));
	free(after);
	ck_assert_int_eq(others(dir, "autosave.pgn"), 0);
	free(before);
	bc_game_free(g1);
	bc_game_free(g2);
	pty_remove_tree(dir);
}
END_TEST

/*
 * A finished game goes to history/ through link (never replacing a
 * file); when that fails, or writing it does, the autosave stays.
 */
START_TEST(test_history_fails)
{
	static const struct {
		enum step step;
		int error;
	} steps[] = { { STEP_LINK, ENOSPC }, { STEP_FSYNC, EIO } };
	const char *one[] = { "e5", NULL };
	bc_game *g = test_game_with("grand", one);
	struct ui_saved s = saved_of(g);
	char dir[64], path[128], hist[128], err[512], *before, *after;

	snprintf(dir, sizeof dir, "/tmp/bigchess-savefail-XXXXXX");
	ck_assert_ptr_nonnull(mkdtemp(dir));
	snprintf(path, sizeof path, "%s/autosave.pgn", dir);
	snprintf(hist, sizeof hist, "%s/history", dir);
	ck_assert_int_eq(savegame_write(dir, &s, 5, err, sizeof err), 0);
	before = slurp(path);
	bc_game_resign(g, BC_BLACK);
	for (size_t i = 0; i < sizeof steps / sizeof steps[0]; i++) {
		int rc;

		armed = steps[i].step;
		armed_errno = steps[i].error;
		hits = 0;
		rc = savegame_write(dir, &s, 5, err, sizeof err);

		armed = STEP_NONE;
		ck_assert_int_eq(rc, -1);
		ck_assert_int_eq(hits, 1);
		ck_assert_msg(strstr(err, strerror(steps[i].error)) != NULL,
		    "message '%s'", err);
		ck_assert_str_eq(after = slurp(path), before);
		free(after);
		ck_assert_int_eq(others(hist, NULL), 0);
	}
	/* Then it works: the game in history/, no autosave. */
	ck_assert_int_eq(savegame_write(dir, &s, 5, err, sizeof err), 0);
	ck_assert_int_eq(access(path, F_OK), -1);
	ck_assert_int_eq(others(hist, NULL), 1);
	free(before);
	bc_game_free(g);
	pty_remove_tree(dir);
}
END_TEST

Suite *
savefail_suite(void)
{
	Suite *s = suite_create("savefail");
	TCase *tc = tcase_create("steps");

	tcase_add_loop_test(tc, test_autosave_step_fails, 0,
	    (int)(sizeof cases / sizeof cases[0]));
	tcase_add_test(tc, test_history_fails);
	suite_add_tcase(s, tc);
	return s;
}
