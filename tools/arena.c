/*
 * arena.c - in-process matches for measuring the engine (a benchmark tool,
 * not a test): the engine against a 1-ply greedy player, or one level of
 * the engine against another, in any variant, with alternating colours
 * and a fixed node budget per move so results are reproducible.
 *
 *   build/arena [--sprt ELO0 ELO1 [--alpha A] [--beta B]]
 *               [--adjudicate N] [--movetime MS]
 *               VARIANT GAMES PLAYER PLAYER [NODES]
 *   build/arena --elo WINS DRAWS LOSSES
 *   build/arena --llr WINS DRAWS LOSSES ELO0 ELO1 [--alpha A] [--beta B]
 *
 * PLAYER is "random" (any legal move), "greedy", "levelN" (N = 1..10) or
 * "uci:COMMAND", an engine that speaks UCI started with /bin/sh -c
 * COMMAND and told "go nodes NODES" (e.g. an older build:
 * "uci:/tmp/old/bigchess --uci"; a pipeline sets options:
 * "uci:(echo 'setoption name Threads value 2'; cat) | bigchess --uci");
 * the arena stays the referee.  NODES 0 plays each level at its own
 * budget (engine_level_limits: what it plays in the game, without the
 * time cap), so a match of levels measures the levels themselves.  With
 * --adjudicate N a game is given to the side N or more points of plain
 * material ahead (pawn 1, queen 9) for 10 plies running, which shortens
 * lost games without changing who wins them.
 *
 * With --movetime MS each move gets MS milliseconds instead of a node
 * budget (NODES is then not given): a UCI engine is told "go movetime
 * MS" (bigchess searches all of it), a level searches MS ms (below
 * level 10 its node budget still caps it).  That is how two builds meet
 * at equal time, when a change alters the speed; the result then
 * depends on the machine's load, which hits both alike, so play more
 * games than at fixed nodes.  The summary names each player's longest
 * move, so that a player that overruns the time shows.
 *
 * Each pair of games starts from the same 4 random plies (both colours),
 * drawn from the game number; an opening after which a depth-5 search
 * sees a forced mate for either side is drawn again, so no game is
 * decided before a player has moved.  The same command plays the same
 * openings; --from N numbers the games from N (odd) instead of 1, so a
 * match stopped after N - 1 games goes on with new openings rather than
 * replaying those.
 *
 * Prints each game's result, then the first player's
 * wins, draws and losses, its score and an Elo estimate with a 95 %
 * interval (--elo prints only that line, for given counts; tools/match
 * prints the same).
 *
 * With --sprt the match is a sequential probability ratio test of H0 "the
 * first player is ELO0 stronger" against H1 "ELO1 stronger" (see sprt.h):
 * after each pair of games it prints the log-likelihood ratio and its
 * bounds, and it stops when one is crossed ("H1 accepted" or "H0
 * accepted") or after GAMES games.  --llr prints that line for counts.
 */
#include <fcntl.h>
#include <inttypes.h>
#include <math.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>

#include "bigchess/bigchess.h"
#include "../src/engine/engine.h"
#include "opening.h"
#include "sprt.h"

enum { MAX_PLIES = 400, OPENING_PLIES = 4, UCI_LINE = 65536,
	ADJUDICATE_PLIES = 10 };

struct player {
	const char *name;
	int level; /* 0: random, greedy or UCI */
	bool random;
	struct engine *eng;
	/* A UCI engine: its process and pipes. */
	pid_t pid;
	FILE *to, *from;
	char *line;
	int64_t longest_ms; /* the longest a move took */
};

/* What each move may take: a node budget, or with movetime_ms > 0 a
 * time. */
struct budget {
	uint64_t nodes;
	int64_t movetime_ms;
};

static int64_t
now_ms(void)
{
	struct timespec ts;

	clock_gettime(CLOCK_MONOTONIC, &ts);
	return (int64_t)ts.tv_sec * 1000 + ts.tv_nsec / 1000000;
}

/*
 * The Elo difference of score fraction p: -400 log10(1/p - 1).  The
 * interval comes from the variance of one game's score (1, 1/2 or 0 with
 * the observed frequencies): the mean score is p +- 1.96 sd/sqrt(n), and
 * its ends are turned into Elo.  An end at 0 or 1 is infinite.  At a
 * score of 0 % or 100 % that variance is zero, so the bound is the exact
 * binomial one: all n games won happens with probability at most 2.5 %
 * when p < 0.025^(1/n).
 */
static double
elo_of(double p)
{
	double e;

	if (p <= 0)
		return -INFINITY;
	if (p >= 1)
		return INFINITY;
	e = -400 * log10(1 / p - 1);
	return fabs(e) < 0.5 ? 0 : e; /* never "-0" */
}

static void
print_elo(int wins, int draws, int losses)
{
	int n = wins + draws + losses;
	double p, var, half, lo, hi;

	if (n <= 0) {
		printf("Elo: no games\n");
		return;
	}
	p = (wins + 0.5 * draws) / n;
	if (p >= 1 || p <= 0) {
		double bound = elo_of(pow(0.025, 1.0 / n));

		printf("+%d =%d -%d: %.1f%%, Elo %s %+.0f (95 %%)\n", wins,
		    draws, losses, 100 * p, p >= 1 ? ">" : "<",
		    p >= 1 ? bound : -bound);
		return;
	}
	var = (wins * (1 - p) * (1 - p) + draws * (0.5 - p) * (0.5 - p) +
	    losses * p * p) / n;
	half = 1.959964 * sqrt(var / n);
	lo = elo_of(p - half);
	hi = elo_of(p + half);
	if (isinf(lo) || isinf(hi))
		printf("+%d =%d -%d: %.1f%%, Elo %+.0f (95 %%: %s%.0f to %s%.0f)\n",
		    wins, draws, losses, 100 * p, elo_of(p),
		    lo < 0 ? "" : "+", lo, hi < 0 ? "" : "+", hi);
	else
		printf("+%d =%d -%d: %.1f%%, Elo %+.0f \u00b1 %.0f "
		       "(95 %%: %+.0f to %+.0f)\n", wins, draws, losses, 100 * p,
		    elo_of(p), (hi - lo) / 2, lo, hi);
}

/* Plain material, by letter: what a greedy beginner counts. */
static int
material(const bc_variant *v, bc_piece p)
{
	switch (bc_variant_piece_letter(v, BC_PIECE_TYPE(p))) {
	case 'P':
	case 'J':
		return 1;
	case 'N': case 'B': case 'E': case 'F': case 'W': case 'S': case 'Z':
		return 3;
	case 'M':
		return 4;
	case 'G':
		return 4;
	case 'T':
		return 5;
	case 'R':
		return 5;
	case 'C': case 'A':
		return 8;
	case 'Q':
		return 9;
	default:
		return 0;
	}
}

/* The greedy player: mate if it can, else the biggest immediate gain
 * (capture plus promotion), ties broken at random. */
static bc_move
greedy_move(const bc_game *g, uint64_t *rng)
{
	const bc_position *pos = bc_game_position(g);
	const bc_variant *v = bc_game_variant(g);
	bc_move_list *list = malloc(sizeof *list);
	bc_move best = BC_MOVE_NONE;
	int best_gain = -1, ties = 0;

	if (!list)
		return BC_MOVE_NONE;
	bc_game_legal_moves(g, list);
	for (int i = 0; i < list->count; i++) {
		bc_move m = list->moves[i];
		bc_position after = *pos;
		bc_move_list *replies = malloc(sizeof *replies);
		bc_undo undo;
		int gain = 0;

		bc_square taken[BC_MAX_CAPTURES];
		int n = bc_move_captures(pos, m, taken, BC_MAX_CAPTURES);

		/* Everything the move takes: en passant, and a flying
		 * ninja's pieces taken in passing, too. */
		for (int k = 0; k < n; k++)
			gain += material(v, pos->board[taken[k]]);
		if (BC_MOVE_PROMO(m))
			gain += material(v, BC_PIECE(0, BC_MOVE_PROMO(m))) - 1;
		bc_position_make(&after, m, &undo);
		if (replies) {
			bc_movegen_legal(&after, replies);
			if (!replies->count && bc_position_in_check(&after))
				gain = 1000;
			free(replies);
		}
		if (gain > best_gain) {
			best_gain = gain;
			best = m;
			ties = 1;
		} else if (gain == best_gain &&
		    bc_random_next(rng) % (uint64_t)++ties == 0) {
			best = m;
		}
	}
	free(list);
	return best;
}

/* The random player: any legal move, all alike. */
static bc_move
random_move(const bc_game *g, uint64_t *rng)
{
	bc_move_list *list = malloc(sizeof *list);
	bc_move m = BC_MOVE_NONE;

	if (!list)
		return BC_MOVE_NONE;
	bc_game_legal_moves(g, list);
	if (list->count)
		m = list->moves[bc_random_next(rng) % (uint64_t)list->count];
	free(list);
	return m;
}

/* White's plain material less Black's. */
static int
material_balance(const bc_position *pos)
{
	const bc_variant *v = pos->variant;
	int sum = 0;

	for (int sq = 0; sq < BC_CELLS; sq++) {
		bc_piece p = pos->board[sq];

		if (p == BC_EMPTY || p == BC_OFFBOARD)
			continue;
		sum += BC_PIECE_COLOR(p) == BC_WHITE ? material(v, p)
		                                       : -material(v, p);
	}
	return sum;
}

/* Reads the UCI engine's lines until one starts with `prefix`; exits if
 * the engine dies first. */
static char *
uci_wait(struct player *p, const char *prefix)
{
	size_t n = strlen(prefix);

	for (;;) {
		if (!fgets(p->line, UCI_LINE, p->from)) {
			fprintf(stderr, "arena: %s died\n", p->name);
			exit(1);
		}
		p->line[strcspn(p->line, "\r\n")] = '\0';
		if (!strncmp(p->line, prefix, n))
			return p->line;
	}
}

static void
uci_send(struct player *p, const char *line)
{
	if (fprintf(p->to, "%s\n", line) < 0 || fflush(p->to) != 0) {
		fprintf(stderr, "arena: cannot write to %s\n", p->name);
		exit(1);
	}
}

/* Starts "uci:COMMAND" and sets its variant; -1 if it cannot start. */
static int
uci_start(struct player *p, const char *command, const bc_variant *v)
{
	int in[2], out[2];
	char buf[128];

	if (pipe(in) != 0 || pipe(out) != 0 || !(p->line = malloc(UCI_LINE)))
		return -1;
	/* Our ends close in every player started later: otherwise a
	 * player's copy of the other's input keeps it open after quit, and
	 * a command that waits for the end of its input (a wrapper such as
	 * "cat | ENGINE") never ends. */
	if (fcntl(in[1], F_SETFD, FD_CLOEXEC) != 0 ||
	    fcntl(out[0], F_SETFD, FD_CLOEXEC) != 0)
		return -1;
	p->pid = fork();
	if (p->pid < 0)
		return -1;
	if (p->pid == 0) {
		dup2(in[0], STDIN_FILENO);
		dup2(out[1], STDOUT_FILENO);
		close(in[0]);
		close(in[1]);
		close(out[0]);
		close(out[1]);
		execl("/bin/sh", "sh", "-c", command, (char *)NULL);
		_exit(127);
	}
	close(in[0]);
	close(out[1]);
	p->to = fdopen(in[1], "w");
	p->from = fdopen(out[0], "r");
	if (!p->to || !p->from)
		return -1;
	uci_send(p, "uci");
	uci_wait(p, "uciok");
	snprintf(buf, sizeof buf, "setoption name UCI_Variant value %s",
	    bc_variant_key(v));
	uci_send(p, buf);
	uci_send(p, "isready");
	uci_wait(p, "readyok");
	return 0;
}

static void
uci_stop(struct player *p)
{
	if (!p->to)
		return;
	uci_send(p, "quit");
	fclose(p->to);
	fclose(p->from);
	waitpid(p->pid, NULL, 0);
	free(p->line);
}

/* Asks the UCI engine for a move in `g` (from the variant's start). */
static bc_move
uci_move(struct player *p, const bc_game *g, const struct budget *b)
{
	bc_position pos = *bc_game_start(g);
	char text[BC_MOVE_TEXT_MAX], *word;
	bc_move m;

	fputs("position startpos", p->to);
	for (int i = 0; i < bc_game_length(g); i++) {
		bc_undo undo;

		bc_move_to_coord(&pos, bc_game_move(g, i), text, sizeof text);
		fprintf(p->to, "%s %s", i ? "" : " moves", text);
		bc_position_make(&pos, bc_game_move(g, i), &undo);
	}
	if (b->movetime_ms > 0)
		fprintf(p->to, "\ngo movetime %" PRId64 "\n", b->movetime_ms);
	else
		fprintf(p->to, "\ngo nodes %" PRIu64 "\n", b->nodes);
	fflush(p->to);
	word = strtok(uci_wait(p, "bestmove") + 8, " ");
	if (!word || bc_move_parse(bc_game_position(g), word, &m, NULL) != BC_OK)
		return BC_MOVE_NONE;
	return m;
}

static bc_move
choose(struct player *p, const bc_game *g, const struct budget *b,
    uint64_t *rng)
{
	struct engine_limits limits = ENGINE_LIMITS_INIT;

	if (p->to)
		return uci_move(p, g, b);
	if (p->random)
		return random_move(g, rng);
	if (!p->level)
		return greedy_move(g, rng);
	if (b->movetime_ms > 0)
		limits.movetime_ms = b->movetime_ms;
	else if (b->nodes)
		limits.nodes = b->nodes;
	else
		engine_level_limits(p->level, &limits);
	return engine_search_game(p->eng, g, &limits, NULL, NULL, NULL);
}

static int
parse_player(const char *text, struct player *p, const bc_variant *v)
{
	p->name = text;
	if (!strcmp(text, "greedy"))
		return 0;
	p->random = !strcmp(text, "random");
	if (p->random)
		return 0;
	if (!strncmp(text, "uci:", 4))
		return uci_start(p, text + 4, v);
	if (!strncmp(text, "level", 5) && (p->level = atoi(text + 5)) >= 1 &&
	    p->level <= 10) {
		p->eng = engine_new(16);
		if (!p->eng)
			return -1;
		engine_set_level(p->eng, p->level);
		return 0;
	}
	return -1;
}

/* A pair's opening: its moves, and the random numbers' state after
 * them (the random and greedy players draw on from there). */
struct opening {
	bc_move moves[OPENING_PLIES];
	int count;
	uint64_t rng;
};

/*
 * True if a short search by `judge` finds a forced mate for either side
 * in `g`: an opening that decides the game before a player has moved.
 * Depth 5 sees mates in two and three (HexChad's open lines give them
 * after four random plies).
 */
static bool
opening_decided(struct engine *judge, const bc_game *g)
{
	struct engine_limits limits = ENGINE_LIMITS_INIT;
	struct engine_report r;

	engine_new_game(judge);
	limits.depth = 5;
	limits.nodes = 200000;
	engine_search_game(judge, g, &limits, NULL, NULL, &r);
	return r.mate != 0;
}

/* Draws the opening of the pair with `seed`: random plies without a mate
 * in one, drawn again (up to 32 times) while `judge` sees a forced mate,
 * so that the opening never decides a game.  Both games of a pair play
 * it, so it is judged once. */
static void
opening_choose(const bc_variant *v, struct engine *judge, uint64_t seed,
    struct opening *o)
{
	bc_move_list *list = malloc(sizeof *list);
	bc_game *g;

	if (!list || bc_game_new(&g, v, NULL, NULL) != BC_OK)
		exit(1);
	o->rng = seed;
	opening_random(g, OPENING_PLIES, &o->rng, list);
	for (int tries = 0; tries < 32 && opening_decided(judge, g);
	    tries++) {
		while (bc_game_length(g) > 0)
			bc_game_undo(g);
		opening_random(g, OPENING_PLIES, &o->rng, list);
	}
	o->count = bc_game_length(g);
	for (int i = 0; i < o->count; i++)
		o->moves[i] = bc_game_move(g, i);
	bc_game_free(g);
	free(list);
}

/* Plays one game from `opening`; returns the score of `first` (1, 0.5 or
 * 0). */
static double
play_game(const bc_variant *v, struct player *first, struct player *second,
    bool first_is_white, const struct budget *budget,
    const struct opening *opening, int adjudicate, int *plies)
{
	uint64_t rng = opening->rng;
	bc_game *g;
	bc_result r;
	double score;
	int ahead = 0, run = 0; /* who has been ahead, for how many plies */

	if (bc_game_new(&g, v, NULL, NULL) != BC_OK)
		exit(1);
	for (int i = 0; i < opening->count; i++)
		if (bc_game_push(g, opening->moves[i]) != BC_OK)
			exit(1);
	for (int i = 0; i < 2; i++) {
		struct player *p = i ? second : first;

		if (p->eng)
			engine_new_game(p->eng);
		if (p->to) {
			uci_send(p, "ucinewgame");
			uci_send(p, "isready");
			uci_wait(p, "readyok");
		}
	}
	while (bc_game_result(g, NULL) == BC_RESULT_NONE &&
	    bc_game_length(g) < MAX_PLIES) {
		int white = bc_game_position(g)->side == BC_WHITE;
		struct player *p = white == first_is_white ? first : second;
		int64_t started = now_ms();
		bc_move m = choose(p, g, budget, &rng);

		if (now_ms() - started > p->longest_ms)
			p->longest_ms = now_ms() - started;
		if (m == BC_MOVE_NONE || bc_game_push(g, m) != BC_OK) {
			fprintf(stderr, "arena: %s gave no legal move\n", p->name);
			exit(1);
		}
		if (adjudicate) {
			int b = material_balance(bc_game_position(g));
			int side = b >= adjudicate ? 1 : b <= -adjudicate ? -1 : 0;

			run = side && side == ahead ? run + 1 : side != 0;
			ahead = side;
			if (run >= ADJUDICATE_PLIES)
				break;
		}
	}
	r = bc_game_result(g, NULL);
	*plies = bc_game_length(g);
	if (r == BC_RESULT_NONE && ahead && run >= ADJUDICATE_PLIES)
		r = ahead > 0 ? BC_RESULT_WHITE_WINS : BC_RESULT_BLACK_WINS;
	if (r == BC_RESULT_DRAW || r == BC_RESULT_NONE)
		score = 0.5;
	else
		score = (r == BC_RESULT_WHITE_WINS) == first_is_white ? 1 : 0;
	bc_game_free(g);
	return score;
}

static double
parse_real(const char *text, bool *ok)
{
	char *end;
	double x = strtod(text, &end);

	if (end == text || *end)
		*ok = false;
	return x;
}

int
main(int argc, char **argv)
{
	const bc_variant *v;
	struct player a = { 0 }, b = { 0 };
	struct sprt sprt = SPRT_INIT;
	struct budget budget = { 20000, 0 };
	struct engine *judge;
	struct opening opening;
	bool use_sprt = false, ok = true;
	double total = 0;
	int games, played = 0, wins = 0, draws = 0, losses = 0;
	int verdict = SPRT_CONTINUE, adjudicate = 0, first = 0;

	signal(SIGPIPE, SIG_IGN);
	if (argc == 5 && !strcmp(argv[1], "--elo")) {
		print_elo(atoi(argv[2]), atoi(argv[3]), atoi(argv[4]));
		return 0;
	}
	/* Options first: --sprt ELO0 ELO1, --alpha A, --beta B; --llr
	 * takes counts and bounds and prints one line. */
	while (argc > 1 && !strncmp(argv[1], "--", 2)) {
		if (!strcmp(argv[1], "--sprt") && argc > 3) {
			sprt.elo0 = parse_real(argv[2], &ok);
			sprt.elo1 = parse_real(argv[3], &ok);
			use_sprt = true;
			argc -= 3;
			argv += 3;
		} else if (!strcmp(argv[1], "--llr") && argc > 6) {
			wins = atoi(argv[2]);
			draws = atoi(argv[3]);
			losses = atoi(argv[4]);
			sprt.elo0 = parse_real(argv[5], &ok);
			sprt.elo1 = parse_real(argv[6], &ok);
			use_sprt = true;
			played = -1;
			argc -= 6;
			argv += 6;
		} else if (!strcmp(argv[1], "--movetime") && argc > 2) {
			double ms = parse_real(argv[2], &ok);

			ok = ok && ms >= 1 && ms <= 3600000 && ms == (int)ms;
			budget.movetime_ms = (int64_t)ms;
			argc -= 2;
			argv += 2;
		} else if (!strcmp(argv[1], "--from") && argc > 2) {
			double n = parse_real(argv[2], &ok);

			ok = ok && n >= 1 && n < 1000000000 && n == (int)n &&
			    (int)n % 2 == 1;
			first = ok ? (int)n - 1 : 0;
			argc -= 2;
			argv += 2;
		} else if (!strcmp(argv[1], "--adjudicate") && argc > 2) {
			adjudicate = atoi(argv[2]);
			ok = ok && adjudicate > 0;
			argc -= 2;
			argv += 2;
		} else if ((!strcmp(argv[1], "--alpha") ||
		               !strcmp(argv[1], "--beta")) && argc > 2) {
			*(argv[1][2] == 'a' ? &sprt.alpha : &sprt.beta) =
			    parse_real(argv[2], &ok);
			argc -= 2;
			argv += 2;
		} else {
			ok = false;
			break;
		}
	}
	if (ok && use_sprt && !sprt_valid(&sprt)) {
		fputs("arena: --sprt wants ELO0 < ELO1 and 0 < alpha, beta "
		      "< 0.5\n", stderr);
		return 2;
	}
	if (ok && played < 0) {
		if (argc != 1 || wins < 0 || draws < 0 || losses < 0) {
			fputs("arena: --llr wants W D L ELO0 ELO1\n", stderr);
			return 2;
		}
		sprt_print(&sprt, wins, draws, losses, stdout);
		return 0;
	}
	if (!ok || argc < 5 || (budget.movetime_ms && argc > 5) ||
	    !(v = bc_variant_find(argv[1])) ||
	    (games = atoi(argv[2])) < 1 || parse_player(argv[3], &a, v) ||
	    parse_player(argv[4], &b, v)) {
		fputs("usage: arena [--sprt ELO0 ELO1 [--alpha A] [--beta B]] "
		      "[--adjudicate N]\n"
		      "             [--movetime MS] [--from N] "
		      "VARIANT GAMES PLAYER PLAYER [NODES]\n"
		      "       arena --elo WINS DRAWS LOSSES\n"
		      "       arena --llr WINS DRAWS LOSSES ELO0 ELO1 "
		      "[--alpha A] [--beta B]\n"
		      "  PLAYER: random, greedy, levelN (1-10) or "
		      "uci:COMMAND; NODES 0: each level's own; --movetime "
		      "MS (1-3600000 ms a move) replaces NODES\n",
		    stderr);
		return 2;
	}
	if (argc > 5)
		budget.nodes = strtoull(argv[5], NULL, 10);
	if (!(judge = engine_new(16)))
		return 1;
	for (int i = first; i - first < games && verdict == SPRT_CONTINUE;
	    i++) {
		int plies;
		double s;

		if (i % 2 == 0)
			opening_choose(v, judge, 0x5eed0000u + (uint64_t)(i / 2),
			    &opening);
		s = play_game(v, &a, &b, i % 2 == 0, &budget, &opening,
		    adjudicate, &plies);

		played++;
		total += s;
		wins += s == 1;
		draws += s == 0.5;
		losses += s == 0;
		printf("game %d: %s as %s scores %.1f (%d plies)\n", i + 1,
		    a.name, i % 2 == 0 ? "White" : "Black", s, plies);
		/* Decide only on whole pairs: each opening with both
		 * colours. */
		if (use_sprt && i % 2 == 1)
			verdict = sprt_print(&sprt, wins, draws, losses, stdout);
		fflush(stdout);
	}
	if (budget.movetime_ms > 0)
		printf("%s vs %s, %s, %d games, %" PRId64 " ms/move: %.1f/%d\n"
		       "longest move: %" PRId64 " ms, %" PRId64 " ms\n",
		    a.name, b.name, bc_variant_name(v), played,
		    budget.movetime_ms, total, played, a.longest_ms,
		    b.longest_ms);
	else
		printf("%s vs %s, %s, %d games, %" PRIu64 " nodes/move: "
		       "%.1f/%d\n", a.name, b.name, bc_variant_name(v), played,
		    budget.nodes, total, played);
	print_elo(wins, draws, losses);
	if (use_sprt && verdict == SPRT_CONTINUE)
		puts("SPRT: undecided at the game limit");
	engine_free(judge);
	engine_free(a.eng);
	engine_free(b.eng);
	uci_stop(&a);
	uci_stop(&b);
	return 0;
}
