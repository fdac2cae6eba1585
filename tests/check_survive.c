/*
 * check_survive.c - a game survives what users and machines do to it
 * through the real binary in a pseudo-terminal:
 *
 *   - a full disk while saving: a warning, play goes on, the last good
 *     autosave stays whole and resumable, no temp file is left, and the
 *     next save after space comes back works (a tmpfs of 64 KiB mounted
 *     in a private mount namespace; skipped, saying so, where mounting is
 *     not allowed);
 *   - a game of 10,000 moves: --load FILE --print fen and the curses
 *     client, which shows it, plays on and saves it;
 *   - a 100,000-character FEN typed at the ':' prompt: refused whole with
 *     a message, the game unchanged;
 *   - found on the way: threefold repetition across Hadean ninja pawns'
 *     sideways steps, and Chad halfmove clocks past 9999 in FEN.
 *
 * The long game is made here with the rules library: random quiet Chad
 * moves from a fixed seed.  Chad has no 100-ply rule (chad.md), so only
 * threefold repetition, mate, stalemate and bare kings can end a game
 * early, and the generator takes back any move that would end it; Grand
 * Chess and Hadean Chess have the 100-ply rule, which with their 20 and
 * 16 pawns caps a game well below 10,000 moves.  The expected FEN is the
 * rules library's own, which the binary must reproduce from the file.
 * Timings are printed, never asserted.
 */
/* unshare(CLONE_NEWNS) and mount(2) are Linux calls. */
/* NOLINTNEXTLINE(bugprone-reserved-identifier,cert-dcl37-c,cert-dcl51-cpp) */
#define _GNU_SOURCE
#include <dirent.h>
#include <errno.h>
#include <fcntl.h>
#include <sched.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mount.h>
#include <sys/stat.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>

#include "../src/app/savegame.h"
#include "pty_board.h"

enum { LONG_WAIT_MS = 60000, LONG_PLIES = 20000 };

static void
start(struct pty *p, const struct state *s, const char *const args[])
{
	start_in(p, 30, 160, s, args);
}

/* Waits until the file `path` holds `text`. */
static bool
wait_file_has(struct pty *p, const char *path, const char *text, int ms)
{
	for (int t = 0; t < ms; t += 50) {
		char *got = slurp(path);
		bool has = got && strstr(got, text);

		free(got);
		if (has)
			return true;
		pty_pump(p, 50);
	}
	return false;
}

/* Names in `dir` beginning ".save-" (the writer's temp files). */
static int
temp_files(const char *dir)
{
	DIR *d = opendir(dir);
	struct dirent *e;
	int n = 0;

	ck_assert_ptr_nonnull(d);
	while ((e = readdir(d)))
		n += strncmp(e->d_name, ".save-", 6) == 0;
	closedir(d);
	return n;
}

static double
seconds_since(const struct timespec *t0)
{
	struct timespec t1;

	clock_gettime(CLOCK_MONOTONIC, &t1);
	return (double)(t1.tv_sec - t0->tv_sec) +
	    (double)(t1.tv_nsec - t0->tv_nsec) / 1e9;
}

/* Quits with q, confirming the question a game in progress asks. */
static void
quit(struct pty *p)
{
	pty_send(p, "q");
	WAIT_FOR(p, "Leave this game");
	pty_send(p, "y");
	expect_exit(p, 0);
}

/*
 * A private mount namespace with a `kib` KiB tmpfs on `dir`.  False, with
 * the reason printed, where this process may not mount.
 */
static bool
mount_small(const char *dir, int kib)
{
	char opts[64];

	snprintf(opts, sizeof opts, "size=%dk,mode=0700", kib);
	if (unshare(CLONE_NEWNS) != 0 ||
	    mount("none", "/", NULL, MS_REC | MS_PRIVATE, NULL) != 0 ||
	    mount("tmpfs", dir, "tmpfs", MS_NOSUID | MS_NODEV, opts) != 0) {
		printf("survive: SKIP full disk: cannot mount a tmpfs here "
		    "(%s); run the tests as root to include it\n",
		    strerror(errno));
		return false;
	}
	return true;
}

/* Fills the filesystem of `dir` with the file `dir`/fill. */
static void
fill_disk(const char *dir)
{
	static const char block[4096];
	char path[256];
	int fd;

	snprintf(path, sizeof path, "%s/fill", dir);
	fd = open(path, O_WRONLY | O_CREAT | O_TRUNC, 0600);
	ck_assert_int_ge(fd, 0);
	/* Pages, then what bytes are left: until ENOSPC. */
	while (write(fd, block, sizeof block) > 0)
		;
	while (write(fd, block, 1) > 0)
		;
	ck_assert_int_eq(errno, ENOSPC);
	close(fd);
}

/* A full disk while saving: warned, play goes on, nothing good is lost. */
START_TEST(test_full_disk)
{
	const char *args[] = { "--variant", "grand", "--white", "human",
		"--black", "human", NULL };
	const char *resume[] = { "--resume", NULL };
	struct state s;
	struct pty p;
	char *before, *after, fill[256], err[256];
	struct savegame back;

	state_new(&s);
	ck_assert_int_eq(mkdir(s.dir, 0700), 0);
	if (!mount_small(s.dir, 64)) {
		pty_remove_tree(s.home);
		return;
	}
	start(&p, &s, args);
	WAIT_FOR(&p, "White to move");
	pty_send(&p, ":e5" ENTER);
	WAIT_FOR(&p, "Black to move");
	ck_assert(wait_file_has(&p, s.save, "1. e5 *", WAIT_MS));
	before = slurp(s.save);

	fill_disk(s.dir);
	pty_send(&p, ":e6" ENTER);
	WAIT_FOR(&p, "Not saved");
	WAIT_FOR(&p, "No space left on device");
	/* The game goes on without the disk. */
	pty_send(&p, ":Nc4" ENTER);
	WAIT_FOR(&p, "2. Nc4");
	after = slurp(s.save);
	ck_assert_str_eq(after, before);
	free(after);
	ck_assert_int_eq(temp_files(s.dir), 0);
	/* What is on disk is a good game, the one before the disk filled. */
	ck_assert_int_eq(savegame_read(s.save, SAVEGAME_AUTOSAVE_MAX, 1, NULL,
	    &back, err, sizeof err), 0);
	ck_assert_int_eq(bc_game_length(back.game), 1);
	ck_assert(!back.finished);
	savegame_free(&back);

	/* Space comes back: the next move saves the whole game. */
	snprintf(fill, sizeof fill, "%s/fill", s.dir);
	ck_assert_int_eq(unlink(fill), 0);
	pty_send(&p, ":Nc7" ENTER);
	ck_assert_msg(wait_file_has(&p, s.save, "1. e5 e6 2. Nc4 Nc7 *",
	    WAIT_MS), "not saved once space came back");
	ck_assert_int_eq(temp_files(s.dir), 0);
	quit(&p);
	pty_close(&p);

	start(&p, &s, resume);
	WAIT_FOR(&p, "White to move");
	WAIT_FOR(&p, "2. Nc4");
	WAIT_FOR(&p, "Nc7");
	quit(&p);
	pty_close(&p);
	free(before);
	umount2(s.dir, MNT_DETACH);
	pty_remove_tree(s.home);
}
END_TEST

static uint64_t
next_random(uint64_t *state)
{
	/* xorshift64 */
	*state ^= *state << 13;
	*state ^= *state >> 7;
	*state ^= *state << 17;
	return *state;
}

/* True if `m` is quiet: no capture, no promotion, not into a castle or
 * onto a wall (where captures happen), so the game stays calm. */
static bool
quiet(const bc_game *g, bc_move m)
{
	int to = BC_MOVE_TO(m);

	return BC_MOVE_KIND(m) != BC_MOVE_CAPTURE && !BC_MOVE_PROMO(m) &&
	    !bc_variant_region(bc_game_variant(g), BC_FILE(to), BC_RANK(to));
}

/* True if the side to move in `g` has a capture or is in check. */
static bool
tense(const bc_game *g, bc_move_list *replies)
{
	if (bc_position_in_check(bc_game_position(g)))
		return true;
	bc_game_legal_moves(g, replies);
	for (int r = 0; r < replies->count; r++)
		if (BC_MOVE_KIND(replies->moves[r]) == BC_MOVE_CAPTURE)
			return true;
	return false;
}

/*
 * `plies` random legal Chad moves from a fixed seed: a quiet move after
 * which the game is calm if there is one, else any move that does not end
 * the game.
 */
static bc_game *
long_chad_game(int plies)
{
	bc_game *g;
	bc_move_list *list = new_move_list(), *replies = new_move_list();
	uint64_t seed = 0x2545f4914f6cdd1dULL;
	bc_error err;

	ck_assert_int_eq(bc_game_new(&g, bc_variant_find("chad"), NULL, &err),
	    BC_OK);
	while (bc_game_length(g) < plies) {
		bool done = false;
		int start;

		bc_game_legal_moves(g, list);
		ck_assert_int_gt(list->count, 0);
		start = (int)(next_random(&seed) % (uint64_t)list->count);
		for (int pass = 0; pass < 2 && !done; pass++)
			for (int k = 0; k < list->count && !done; k++) {
				bc_move m = list->moves[(start + k) %
				    list->count];

				if (pass == 0 && !quiet(g, m))
					continue;
				ck_assert_int_eq(bc_game_push(g, m), BC_OK);
				done = bc_game_result(g, NULL) ==
				    BC_RESULT_NONE &&
				    (pass == 1 || !tense(g, replies));
				if (!done)
					ck_assert_int_eq(bc_game_undo(g), BC_OK);
			}
		ck_assert_msg(done, "every move ends the game at ply %d",
		    bc_game_length(g));
	}
	free(replies);
	free(list);
	return g;
}

/* 10,000 moves: --load --print fen, then the curses client plays on. */
START_TEST(test_ten_thousand_moves)
{
	struct state s;
	struct pty p;
	bc_game *g;
	bc_move_list *list = new_move_list();
	bc_pgn_tag tag = { "Event", "10,000 moves" };
	char *text, *saved, fen[BC_FEN_MAX], out[1024], file[256];
	char san[BC_MOVE_TEXT_MAX], cmd[64];
	const char *print[] = { "--load", file, "--print", "fen", NULL };
	const char *load[] = { "--load", file, "--white", "human", "--black",
		"human", NULL };
	struct timespec t0;

	clock_gettime(CLOCK_MONOTONIC, &t0);
	g = long_chad_game(LONG_PLIES);
	printf("survive: made a Chad game of %d plies in %.2f s\n",
	    bc_game_length(g), seconds_since(&t0));
	ck_assert_int_eq(bc_game_length(g), LONG_PLIES);
	ck_assert_int_eq(bc_pgn_write(g, &tag, 1, &text), BC_OK);
	ck_assert_ptr_nonnull(strstr(text, "10000. "));
	ck_assert_ptr_null(strstr(text, "10001. "));
	state_new(&s);
	snprintf(file, sizeof file, "%s/long.pgn", s.home);
	write_file(file, text);
	printf("survive: the PGN has %zu bytes\n", strlen(text));
	free(text);

	bc_position_to_fen(bc_game_position(g), fen, sizeof fen);
	clock_gettime(CLOCK_MONOTONIC, &t0);
	ck_assert_int_eq(run_bigchess(print, out, sizeof out), 0);
	printf("survive: bigchess --load (10,000 moves) --print fen took "
	    "%.2f s\n", seconds_since(&t0));
	ck_assert_msg(strncmp(out, fen, strlen(fen)) == 0 &&
	    strcmp(out + strlen(fen), "\n") == 0, "got %s, expected %s", out,
	    fen);
	{
		/* No capture or promotion in 20,000 plies: the halfmove
		 * clock is 20000, and the FEN printed reads back in. */
		const char *perft[] = { "--perft", "1", "--variant", "chad",
			"--fen", fen, NULL };

		ck_assert_ptr_nonnull(strstr(fen, " 20000 10001"));
		ck_assert_msg(run_bigchess(perft, out, sizeof out) == 0, "%s", out);
	}

	/* The client opens it at its end, White to move in move 10001. */
	clock_gettime(CLOCK_MONOTONIC, &t0);
	start(&p, &s, load);
	/* The numbers' column widens: "10000." whole, not cut to 1000. */
	ck_assert_msg(pty_wait_text(&p, "10000. ", LONG_WAIT_MS), "screen:\n%s",
	    pty_dump(&p));
	WAIT_FOR(&p, " 9999. ");
	WAIT_FOR(&p, "White to move");
	printf("survive: the client showed the 10,000-move game after %.2f "
	    "s\n", seconds_since(&t0));
	bc_game_legal_moves(g, list);
	ck_assert_int_gt(list->count, 0);
	bc_move_to_san(bc_game_position(g), list->moves[0], san, sizeof san);
	snprintf(cmd, sizeof cmd, ":%s" ENTER, san);
	clock_gettime(CLOCK_MONOTONIC, &t0);
	pty_send(&p, cmd);
	ck_assert_msg(pty_wait_text(&p, "10001.", LONG_WAIT_MS), "screen:\n%s",
	    pty_dump(&p));
	printf("survive: one more move, shown and saved, took %.2f s\n",
	    seconds_since(&t0));
	ck_assert(wait_file_has(&p, s.save, "10001. ", LONG_WAIT_MS));
	quit(&p);
	pty_close(&p);
	saved = slurp(s.save);
	ck_assert_ptr_nonnull(saved);
	snprintf(cmd, sizeof cmd, "10001. %s", san);
	ck_assert_msg(strstr(saved, cmd) != NULL, "autosave lacks %s", cmd);
	free(saved);
	free(list);
	bc_game_free(g);
	pty_remove_tree(s.home);
}
END_TEST

/*
 * A 100,000-character ":fen" line: a good FEN, then spaces and a word.
 * Cut to what the prompt holds it would be a good FEN; it must be refused
 * whole, and the game goes on unchanged.
 */
START_TEST(test_prompt_long_fen)
{
	const char *args[] = { "--variant", "grand", "--white", "human",
		"--black", "human", NULL };
	static const char head[] =
	    ":fen 4k5/10/10/10/10/10/10/10/5K4/10 w - - 0 1";
	enum { LEN = 100000 };
	struct state s;
	struct pty p;
	char *line = malloc(LEN + 8);
	struct timespec t0;

	ck_assert_ptr_nonnull(line);
	memset(line, ' ', LEN);
	/* A line, not a string: the FEN, blanks, "junk", Enter. */
	memcpy(line, head, sizeof head - 1);
	memcpy(line + LEN - 4, "junk", sizeof "junk" - 1);
	memcpy(line + LEN, ENTER, 2);
	state_new(&s);
	start(&p, &s, args);
	WAIT_FOR(&p, "White to move");
	pty_send(&p, ":e5" ENTER);
	WAIT_FOR(&p, "Black to move");
	clock_gettime(CLOCK_MONOTONIC, &t0);
	pty_send(&p, line);
	ck_assert_msg(pty_wait_text(&p, "Too long", LONG_WAIT_MS),
	    "screen:\n%s", pty_dump(&p));
	printf("survive: a 100,000-character : line took %.2f s\n",
	    seconds_since(&t0));
	/* Still the game of 1. e5: Black's e6 is legal in it only. */
	pty_send(&p, ":e6" ENTER);
	WAIT_FOR(&p, "White to move");
	ck_assert(wait_file_has(&p, s.save, "1. e5 e6 *", WAIT_MS));
	quit(&p);
	pty_close(&p);
	free(line);
	pty_remove_tree(s.home);
}
END_TEST

/*
 * Threefold repetition across moves that reset the halfmove clock but can
 * be taken back: a Hadean ninja pawn steps sideways and back (hadean.md:
 * "one step forward or one step sideways"; the 100-ply count restarts on
 * any pawn or ninja move).  The start position recurs after plies 4 and
 * 8; the third time is a draw.
 */
START_TEST(test_ninja_repetition)
{
	static const char fen[] =
	    "5k6/12/12/12/12/12/12/4J7/12/12/12/6K5 w - - 0 1";
	static const char *const cycle[] = { "e5d5", "f12g12", "d5e5",
		"g12f12" };
	bc_game *g;
	bc_error err;
	bc_reason why;

	ck_assert_int_eq(bc_game_new(&g, bc_variant_find("hadean"), fen,
	    &err), BC_OK);
	for (int ply = 0; ply < 8; ply++) {
		ck_assert_int_eq(bc_game_result(g, NULL), BC_RESULT_NONE);
		ck_assert_msg(bc_game_push_text(g, cycle[ply % 4], &err) ==
		    BC_OK, "ply %d: %s", ply, err.message);
		ck_assert_int_eq(bc_game_position(g)->halfmove, ply % 2 ? 1 : 0);
	}
	ck_assert_int_eq(bc_game_result(g, &why), BC_RESULT_DRAW);
	ck_assert_int_eq(why, BC_REASON_REPETITION);
	/* Taken back, the game is open again; replayed, drawn again. */
	ck_assert_int_eq(bc_game_undo(g), BC_OK);
	ck_assert_int_eq(bc_game_result(g, NULL), BC_RESULT_NONE);
	ck_assert_int_eq(bc_game_redo(g), BC_OK);
	ck_assert_int_eq(bc_game_result(g, &why), BC_RESULT_DRAW);
	ck_assert_int_eq(why, BC_REASON_REPETITION);
	bc_game_free(g);
}
END_TEST

/*
 * Chad's halfmove clock has no 100-ply limit (chad.md): the FEN reader
 * takes what the 16-bit clock holds, up to 65535, and the clock stops
 * there instead of wrapping to 0.
 */
START_TEST(test_halfmove_past_9999)
{
	bc_position pos;
	bc_undo undo;
	bc_move_list *list = new_move_list();
	bc_error err;
	char out[BC_FEN_MAX];
	const bc_variant *chad = bc_variant_find("chad");
	static const char base[] =
	    "12/12/7rrr2/7rkr2/7rrr2/12/12/2RRR7/2RKR7/2RRR7/12/12 w - - ";
	char fen[sizeof base + 16];

	snprintf(fen, sizeof fen, "%s20000 10001", base);
	LOAD_FEN(&pos, "chad", fen);
	bc_position_to_fen(&pos, out, sizeof out);
	ck_assert_str_eq(out, fen);
	snprintf(fen, sizeof fen, "%s65536 1", base);
	ck_assert_int_eq(bc_position_from_fen(&pos, chad, fen, &err),
	    BC_ERANGE);
	ck_assert_ptr_nonnull(strstr(err.message, "65535"));
	snprintf(fen, sizeof fen, "%s65535 1", base);
	LOAD_FEN(&pos, "chad", fen);
	/* The rook c5-c7 is quiet: the clock stays at its top. */
	bc_movegen_legal(&pos, list);
	for (int i = 0; i < list->count; i++) {
		char name[32];

		test_move_name(&pos, list->moves[i], name, sizeof name);
		if (strcmp(name, "c5c7") == 0) {
			bc_position_make(&pos, list->moves[i], &undo);
			ck_assert_int_eq(pos.halfmove, 65535);
			bc_position_unmake(&pos, &undo);
			ck_assert_int_eq(pos.halfmove, 65535);
			free(list);
			return;
		}
	}
	ck_abort_msg("c5c7 is not legal");
}
END_TEST

Suite *
survive_suite(void)
{
	Suite *s = suite_create("survive");
	TCase *tc = tcase_create("survive");

	tcase_add_test(tc, test_full_disk);
	tcase_add_test(tc, test_ten_thousand_moves);
	tcase_add_test(tc, test_prompt_long_fen);
	tcase_add_test(tc, test_ninja_repetition);
	tcase_add_test(tc, test_halfmove_past_9999);
	tcase_set_timeout(tc, 300);
	suite_add_tcase(s, tc);
	return s;
}
