/*
 * uci.c - the Universal Chess Interface on standard input and output.
 *
 * The main thread reads commands; a search runs in the engine's own thread
 * (engine_start), which prints "info" lines after each iteration and the
 * "bestmove" line at its end.  Both threads write through say(), one whole
 * line at a time under a lock.  A command that changes the position or the
 * options while a search runs first lets it finish (an infinite one is
 * stopped), so "go depth 5" then "position ..." from a script behaves;
 * "stop" ends a search at once and "isready" is answered even while
 * searching.  Bad input gets an "info string" reply and is otherwise
 * ignored.
 *
 * Limits, so that no client can make it misbehave: a line holds at most
 * UCI_LINE_MAX bytes (a longer one is refused whole, read past without
 * being kept, and reading goes on at its newline); within a line any
 * number of words is read, so a "position" with any number of moves that
 * fits is played in full; the numbers of "go" are capped before any
 * arithmetic (times at UCI_TIME_MAX_MS, depth and mate at the search's
 * depth, movestogo at 1000), and an overdrawn clock (a negative time or
 * increment) counts as zero.
 *
 * Variants: "setoption name UCI_Variant value grand" (the registry's
 * keys, as Fairy-Stockfish names them), answered as Fairy-Stockfish
 * does with "info string variant NAME files F ranks R pocket 0 template
 * fairy startpos FEN" for adapters such as UCI2WB; moves in coordinate
 * notation (e9e10q; Hadean castling O-O-2 as in our notation).
 *
 * MultiPV N gives N "info ... multipv K ..." lines per iteration, best
 * first.  "go ponder" searches without a time limit until "ponderhit"
 * (then the limits of that go hold, counted from the ponderhit) or
 * "stop" (then the bestmove comes at once).  UCI_AnalyseMode searches
 * at full strength whatever the Level.
 */
#include <ctype.h>
#include <errno.h>
#include <inttypes.h>
#include <pthread.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

#include "engine/engine.h"
#include "protocol.h"
#include "report.h"
#include "uci.h"

enum {
	/* The longest line read, newline excluded: room for a "position"
	 * of some 170,000 plies. */
	UCI_LINE_MAX = 1 << 20,
	FEN_MAX = 1024,
	NAME_MAX_LEN = 256
};

/* Times in "go" are capped here (about 31 years in milliseconds), far
 * below where the engine's time sums could overflow. */
#define UCI_TIME_MAX_MS 1000000000000LL

struct uci {
	FILE *out;
	pthread_mutex_t lock; /* one line at a time on `out` */
	struct engine *eng;
	const bc_variant *variant;
	bc_position pos;
	uint64_t *history; /* hashes of the positions before pos */
	int count, capacity;
	bool searching;
	bool infinite;   /* the search runs until stop: infinite, or pondering */
	bool go_infinite; /* "go infinite": still so after a ponderhit */
	bool pondering;
	bool quit;
	char *line; /* UCI_LINE_MAX + 1 bytes */
	char **tok; /* the words of `line` */
	int tok_capacity;
	/* UCI_LimitStrength and UCI_Elo: the ladder's Elo, in force when
	 * limit_strength; else the Level option's level. */
	bool limit_strength;
	int elo;
	int level;
};

static void say(struct uci *u, const char *fmt, ...)
    __attribute__((format(printf, 2, 3)));

/*
 * Writes one line of the protocol.  It may quote what the GUI sent (a bad
 * line, an option's value): control characters in it are escaped
 * (bigchess/text.h), so a peer cannot reach the terminal of a person
 * running --uci by hand, nor split the reply into two lines.
 */
static void
say(struct uci *u, const char *fmt, ...)
{
	va_list ap;
	char *line;

	va_start(ap, fmt);
	line = report_vformat(0, fmt, ap);
	va_end(ap);
	pthread_mutex_lock(&u->lock);
	fputs(line ? line : "info string error: out of memory", u->out);
	fputc('\n', u->out);
	fflush(u->out);
	pthread_mutex_unlock(&u->lock);
	free(line);
}

/* Moves in coordinate notation, replayed from `root`, appended to `buf`. */
static void
append_moves(const bc_position *root, const bc_move *moves, int n,
    char *buf, size_t size)
{
	bc_position pos = *root;
	size_t len = strlen(buf);

	for (int i = 0; i < n; i++) {
		char text[BC_MOVE_TEXT_MAX];
		bc_undo undo;

		bc_move_to_coord(&pos, moves[i], text, sizeof text);
		if (len + strlen(text) + 2 >= size)
			break;
		len += (size_t)snprintf(buf + len, size - len, " %s", text);
		bc_position_make(&pos, moves[i], &undo);
	}
}

/* Called on the search thread: progress, and at the end the answer. */
static void
on_report(const struct engine_report *r, void *arg)
{
	struct uci *u = arg;
	char line[4096];

	if (r->final) {
		char text[BC_MOVE_TEXT_MAX] = "(none)";

		if (r->best)
			bc_move_to_coord(r->root, r->best, text, sizeof text);
		if (r->best && r->ponder) {
			char reply[BC_MOVE_TEXT_MAX];
			bc_position after = *r->root;
			bc_undo undo;

			bc_position_make(&after, r->best, &undo);
			bc_move_to_coord(&after, r->ponder, reply, sizeof reply);
			say(u, "bestmove %s ponder %s", text, reply);
		} else {
			say(u, "bestmove %s", text);
		}
		return;
	}
	/* One line per root line (MultiPV), best first. */
	for (int i = 0; i < r->multipv; i++) {
		const struct engine_line *l = &r->lines[i];
		char pv[3000] = "";

		if (l->mate)
			snprintf(line, sizeof line, "score mate %d", l->mate);
		else
			snprintf(line, sizeof line, "score cp %d", l->score);
		append_moves(r->root, l->pv, l->pv_length, pv, sizeof pv);
		say(u,
		    "info depth %d seldepth %d multipv %d %s nodes %" PRIu64
		    " nps %" PRIu64 " hashfull %d time %" PRId64 " pv%s",
		    r->depth, r->seldepth, i + 1, line, r->nodes, r->nps,
		    r->hashfull, r->time_ms, pv);
	}
}

/* Lets a running search end (stopping it if it would never end alone)
 * and collects it. */
static void
finish_search(struct uci *u, bool stop)
{
	if (!u->searching)
		return;
	if (stop || u->infinite)
		engine_stop(u->eng);
	engine_wait(u->eng, NULL);
	u->searching = false;
	u->pondering = false;
}

/* True for a check option's "true", false for "false"; else says why
 * and gives false in *ok. */
static bool
parse_check(struct uci *u, const char *name, const char *value, bool *ok)
{
	*ok = true;
	if (strcasecmp(value, "true") == 0)
		return true;
	if (strcasecmp(value, "false") == 0)
		return false;
	*ok = false;
	say(u, "info string error: %s wants true or false, not '%s'", name,
	    value);
	return false;
}

/* What Fairy-Stockfish says when its variant is set, for UCI2WB and
 * other adapters that draw the board from it: no variant of ours has a
 * pocket, and "fairy" is the template of a board they cannot know. */
static void
say_variant(struct uci *u)
{
	say(u, "info string variant %s files %d ranks %d pocket 0 template "
	       "fairy startpos %s", bc_variant_key(u->variant),
	    bc_variant_files(u->variant), bc_variant_ranks(u->variant),
	    bc_variant_start_fen(u->variant));
}

static void
reset_position(struct uci *u)
{
	bc_position_start(&u->pos, u->variant);
	u->count = 0;
}

static bool
push_history(struct uci *u, uint64_t hash)
{
	if (u->count == u->capacity) {
		int cap = u->capacity ? u->capacity * 2 : 256;
		uint64_t *grown = realloc(u->history, (size_t)cap * sizeof *grown);

		if (!grown)
			return false;
		u->history = grown;
		u->capacity = cap;
	}
	u->history[u->count++] = hash;
	return true;
}

/*
 * `text` as a whole number of any number of digits, moved into `min` to
 * `max` (`min` >= 0) before anything computes with it.  False if it is not
 * a number, or if it is negative and `negative_is_min` is false (else a
 * negative value reads as `min`).
 */
static bool
parse_capped(const char *text, long long min, long long max,
    bool negative_is_min, long long *out)
{
	char *end;
	long long n;

	errno = 0;
	n = strtoll(text, &end, 10);
	if (end == text || *end || (errno && errno != ERANGE))
		return false;
	if (n < 0 && !negative_is_min)
		return false;
	*out = n < min ? min : n > max ? max : n;
	return true;
}

/* " var chad var grand var hadean": the registry's variants that the
 * engine plays. */
static const char *
variant_vars(const struct uci *u, char *buf, size_t size)
{
	size_t len = 0;

	buf[0] = '\0';
	for (int i = 0; i < bc_variant_count(); i++) {
		const bc_variant *v = bc_variant_at(i);

		if (!engine_variant_problem(u->eng, v) && len < size)
			len += (size_t)snprintf(buf + len, size - len, " var %s",
			    bc_variant_key(v));
	}
	return buf;
}

static void
cmd_uci(struct uci *u)
{
	char vars[256];

	say(u, "id name bigchess %s", BIGCHESS_VERSION);
	say(u, "id author the bigchess authors");
	say(u, "option name UCI_Variant type combo default %s%s",
	    bc_variant_key(u->variant), variant_vars(u, vars, sizeof vars));
	say(u, "option name Hash type spin default %d min %d max %d",
	    ENGINE_HASH_DEFAULT_MB, ENGINE_HASH_MIN_MB, ENGINE_HASH_MAX_MB);
	say(u, "option name Level type spin default %d min %d max %d",
	    u->level, ENGINE_LEVEL_MIN, ENGINE_LEVEL_MAX);
	say(u, "option name UCI_LimitStrength type check default false");
	say(u, "option name UCI_Elo type spin default %d min %d max %d",
	    engine_level_elo(ENGINE_LEVEL_DEFAULT),
	    engine_level_elo(ENGINE_LEVEL_MIN),
	    engine_level_elo(engine_level_measured()));
	say(u, "option name Move Overhead type spin default %d min %d max %d",
	    ENGINE_OVERHEAD_DEFAULT_MS, ENGINE_OVERHEAD_MIN_MS,
	    ENGINE_OVERHEAD_MAX_MS);
	say(u, "option name Threads type spin default %d min %d max %d",
	    ENGINE_THREADS_DEFAULT, ENGINE_THREADS_MIN, ENGINE_THREADS_MAX);
	say(u, "option name MultiPV type spin default %d min %d max %d",
	    ENGINE_MULTIPV_DEFAULT, ENGINE_MULTIPV_MIN, ENGINE_MULTIPV_MAX);
	say(u, "option name Ponder type check default false");
	say(u, "option name UCI_AnalyseMode type check default false");
	say(u, "uciok");
}

/* The strength in force: the ladder's UCI_Elo with UCI_LimitStrength
 * (interpolated between levels, level 10's budget included), else the
 * Level option. */
static void
apply_strength(struct uci *u)
{
	engine_set_limit_strength(u->eng, u->limit_strength);
	if (u->limit_strength)
		engine_set_elo(u->eng, u->elo);
	else
		engine_set_level(u->eng, u->level);
}

/* setoption name <id...> [value <x...>] */
static void
cmd_setoption(struct uci *u, char **tok, int n)
{
	char name[NAME_MAX_LEN] = "", value[NAME_MAX_LEN] = "";
	int i = 1;
	long long number;

	if (i < n && strcasecmp(tok[i], "name") == 0)
		i++;
	for (; i < n && strcasecmp(tok[i], "value") != 0; i++) {
		if (*name)
			strncat(name, " ", sizeof name - strlen(name) - 1);
		strncat(name, tok[i], sizeof name - strlen(name) - 1);
	}
	for (i++; i < n; i++) {
		if (*value)
			strncat(value, " ", sizeof value - strlen(value) - 1);
		strncat(value, tok[i], sizeof value - strlen(value) - 1);
	}
	finish_search(u, false);
	if (strcasecmp(name, "UCI_Variant") == 0) {
		const bc_variant *v = bc_variant_find(value);

		char keys[256];

		if (!v) {
			bc_variant_list_keys(keys, sizeof keys, "or");
			say(u, "info string error: unknown variant '%s' (%s)",
			    value, keys);
			return;
		}
		if (engine_variant_problem(u->eng, v)) {
			say(u, "info string error: %s",
			    engine_variant_problem(u->eng, v));
			return;
		}
		u->variant = v;
		reset_position(u);
		say_variant(u);
	} else if (strcasecmp(name, "MultiPV") == 0) {
		if (!protocol_parse_number(value, ENGINE_MULTIPV_MIN,
		        ENGINE_MULTIPV_MAX, &number))
			say(u, "info string error: MultiPV wants %d to %d, not "
			       "'%s'", ENGINE_MULTIPV_MIN, ENGINE_MULTIPV_MAX,
			    value);
		else
			engine_set_multipv(u->eng, (int)number);
	} else if (strcasecmp(name, "Ponder") == 0) {
		bool ok;

		/* Only a hint that "go ponder" may come: nothing to set. */
		(void)parse_check(u, name, value, &ok);
	} else if (strcasecmp(name, "UCI_AnalyseMode") == 0) {
		bool ok, on = parse_check(u, name, value, &ok);

		if (ok)
			engine_set_analysis(u->eng, on);
	} else if (strcasecmp(name, "Hash") == 0) {
		if (!protocol_parse_number(value, ENGINE_HASH_MIN_MB,
		        ENGINE_HASH_MAX_MB, &number))
			say(u, "info string error: Hash wants %d to %d, not '%s'",
			    ENGINE_HASH_MIN_MB, ENGINE_HASH_MAX_MB, value);
		else if (engine_set_hash(u->eng, (size_t)number) != BC_OK)
			say(u, "info string error: no memory for %lld MB", number);
	} else if (strcasecmp(name, "Level") == 0) {
		if (!protocol_parse_number(value, ENGINE_LEVEL_MIN,
		        ENGINE_LEVEL_MAX, &number))
			say(u, "info string error: Level wants %d to %d, not '%s'",
			    ENGINE_LEVEL_MIN, ENGINE_LEVEL_MAX, value);
		else
			u->level = (int)number;
		apply_strength(u);
	} else if (strcasecmp(name, "UCI_LimitStrength") == 0) {
		if (strcasecmp(value, "true") == 0)
			u->limit_strength = true;
		else if (strcasecmp(value, "false") == 0)
			u->limit_strength = false;
		else
			say(u, "info string error: UCI_LimitStrength wants true "
			       "or false, not '%s'", value);
		apply_strength(u);
	} else if (strcasecmp(name, "UCI_Elo") == 0) {
		if (!protocol_parse_number(value,
		        engine_level_elo(ENGINE_LEVEL_MIN),
		        engine_level_elo(engine_level_measured()), &number))
			say(u, "info string error: UCI_Elo wants %d to %d, not "
			       "'%s'", engine_level_elo(ENGINE_LEVEL_MIN),
			    engine_level_elo(engine_level_measured()), value);
		else
			u->elo = (int)number;
		apply_strength(u);
	} else if (strcasecmp(name, "Move Overhead") == 0) {
		if (!protocol_parse_number(value, ENGINE_OVERHEAD_MIN_MS,
		        ENGINE_OVERHEAD_MAX_MS, &number))
			say(u, "info string error: Move Overhead wants %d to "
			       "%d, not '%s'", ENGINE_OVERHEAD_MIN_MS,
			    ENGINE_OVERHEAD_MAX_MS, value);
		else
			engine_set_move_overhead(u->eng, number);
	} else if (strcasecmp(name, "Threads") == 0) {
		if (!protocol_parse_number(value, ENGINE_THREADS_MIN,
		        ENGINE_THREADS_MAX, &number))
			say(u, "info string error: Threads wants %d to %d, not "
			       "'%s'", ENGINE_THREADS_MIN, ENGINE_THREADS_MAX,
			    value);
		else if (engine_set_threads(u->eng, (int)number) != BC_OK)
			say(u, "info string error: no memory for %lld threads",
			    number);
	} else {
		say(u, "info string error: unknown option '%s'", name);
	}
}

/* position startpos|fen <fen...> [moves <move>...] */
static void
cmd_position(struct uci *u, char **tok, int n)
{
	bc_position pos;
	int i = 1;

	finish_search(u, false);
	if (i < n && strcmp(tok[i], "startpos") == 0) {
		bc_position_start(&pos, u->variant);
		i++;
	} else if (i < n && strcmp(tok[i], "fen") == 0) {
		char fen[FEN_MAX] = "";
		size_t len = 0;
		bc_error err;

		for (i++; i < n && strcmp(tok[i], "moves") != 0; i++) {
			size_t word = strlen(tok[i]);

			/* A FEN cut short could still read as another. */
			if (len + word + 2 > sizeof fen) {
				say(u, "info string error: bad FEN: longer "
				       "than %d bytes", FEN_MAX - 1);
				return;
			}
			if (len)
				fen[len++] = ' ';
			memcpy(fen + len, tok[i], word + 1);
			len += word;
		}
		if (bc_position_from_fen(&pos, u->variant, fen, &err) != BC_OK) {
			say(u, "info string error: bad FEN '%s': %s", fen,
			    err.message);
			return;
		}
	} else {
		say(u, "info string error: position wants startpos or fen");
		return;
	}
	u->pos = pos;
	u->count = 0;
	if (i < n && strcmp(tok[i], "moves") != 0) {
		say(u, "info string error: unexpected '%s' in position", tok[i]);
		return;
	}
	/* Moves up to the first bad one are played, as other engines do. */
	for (i++; i < n; i++) {
		bc_move m;
		bc_error err;
		bc_undo undo;

		if (bc_move_parse(&u->pos, tok[i], &m, &err) != BC_OK) {
			say(u, "info string error: move '%s': %s", tok[i],
			    err.message);
			return;
		}
		if (!push_history(u, u->pos.hash)) {
			say(u, "info string error: out of memory");
			return;
		}
		bc_position_make(&u->pos, m, &undo);
		/* Nothing before an irreversible move can recur: the
		 * search's repetition scan starts after it. */
		if (bc_position_irreversible(&u->pos, &undo))
			u->count = 0;
	}
}

/* go [depth N] [nodes N] [movetime MS] [wtime MS] [btime MS] [winc MS]
 * [binc MS] [movestogo N] [infinite] */
static void
cmd_go(struct uci *u, char **tok, int n)
{
	/* The clocks may be overdrawn (negative) in what a GUI sends. */
	static const struct {
		const char *name;
		long long max;
		bool negative_is_zero;
	} params[] = {
		{ "depth", ENGINE_MAX_DEPTH, false },
		{ "nodes", INT64_MAX, false },
		{ "movetime", UCI_TIME_MAX_MS, false },
		{ "wtime", UCI_TIME_MAX_MS, true },
		{ "btime", UCI_TIME_MAX_MS, true },
		{ "winc", UCI_TIME_MAX_MS, true },
		{ "binc", UCI_TIME_MAX_MS, true },
		{ "movestogo", 1000, false },
		{ "mate", ENGINE_MAX_DEPTH / 2, false },
	};
	struct engine_limits limits = ENGINE_LIMITS_INIT;
	int rc;

	finish_search(u, false);
	for (int i = 1; i < n; i++) {
		long long value;
		size_t k;

		if (strcmp(tok[i], "infinite") == 0) {
			limits.infinite = true;
			continue;
		}
		if (strcmp(tok[i], "ponder") == 0) {
			limits.ponder = true;
			continue;
		}
		for (k = 0; k < sizeof params / sizeof params[0]; k++)
			if (strcmp(tok[i], params[k].name) == 0)
				break;
		if (k == sizeof params / sizeof params[0]) {
			say(u, "info string error: go: unknown '%s' ignored",
			    tok[i]);
			continue;
		}
		if (++i >= n || !parse_capped(tok[i], 0, params[k].max,
		        params[k].negative_is_zero, &value)) {
			say(u, "info string error: go %s wants a number from "
			       "0", params[k].name);
			continue;
		}
		switch (k) {
		case 0:
			limits.depth = (int)value;
			break;
		case 1:
			limits.nodes = (uint64_t)value;
			break;
		case 2:
			limits.movetime_ms = value;
			break;
		case 3:
		case 4:
			limits.clock_ms[k - 3] = value;
			break;
		case 5:
		case 6:
			limits.inc_ms[k - 5] = value;
			break;
		case 7:
			limits.moves_to_go = (int)value;
			break;
		default: /* mate in N: a search deep enough to find it */
			limits.depth = (int)value * 2;
			break;
		}
	}
	rc = engine_start(u->eng, &u->pos, u->history, u->count, &limits,
	    on_report, u);
	if (rc != BC_OK) {
		say(u, "info string error: cannot start the search: %s",
		    bc_strerror(rc));
		say(u, "bestmove (none)");
		return;
	}
	u->searching = true;
	u->go_infinite = limits.infinite;
	u->pondering = limits.ponder;
	u->infinite = limits.infinite || limits.ponder;
}

/* The opponent played the move pondered on: the search goes on, now
 * under the limits of its go. */
static void
cmd_ponderhit(struct uci *u)
{
	if (!u->searching || !u->pondering) {
		say(u, "info string error: ponderhit while not pondering");
		return;
	}
	engine_ponderhit(u->eng);
	u->pondering = false;
	u->infinite = u->go_infinite;
}

/* Splits u->line into u->tok; the number of words, or -1 when there is
 * no memory for them. */
static int
tokenize(struct uci *u)
{
	int n = 0;

	for (char *p = strtok(u->line, " \t\r"); p; p = strtok(NULL, " \t\r")) {
		if (n == u->tok_capacity) {
			int cap = u->tok_capacity ? u->tok_capacity * 2 : 64;
			char **grown = realloc(u->tok, (size_t)cap * sizeof *grown);

			if (!grown)
				return -1;
			u->tok = grown;
			u->tok_capacity = cap;
		}
		u->tok[n++] = p;
	}
	return n;
}

static void
dispatch(struct uci *u, char **tok, int n)
{
	const char *cmd = tok[0];

	if (strcmp(cmd, "uci") == 0) {
		cmd_uci(u);
	} else if (strcmp(cmd, "isready") == 0) {
		say(u, "readyok");
	} else if (strcmp(cmd, "ucinewgame") == 0) {
		finish_search(u, false);
		engine_new_game(u->eng);
		reset_position(u);
	} else if (strcmp(cmd, "setoption") == 0) {
		cmd_setoption(u, tok, n);
	} else if (strcmp(cmd, "position") == 0) {
		cmd_position(u, tok, n);
	} else if (strcmp(cmd, "go") == 0) {
		cmd_go(u, tok, n);
	} else if (strcmp(cmd, "stop") == 0) {
		finish_search(u, true);
	} else if (strcmp(cmd, "ponderhit") == 0) {
		cmd_ponderhit(u);
	} else if (strcmp(cmd, "debug") == 0) {
		/* No debug output: nothing to do. */
	} else if (strcmp(cmd, "quit") == 0) {
		finish_search(u, true);
		u->quit = true;
	} else {
		say(u, "info string error: unknown command '%.100s'", cmd);
	}
}

int
uci_run(FILE *in, FILE *out, const bc_variant *v, int level)
{
	struct uci u = { 0 };
	int got;

	u.out = out;
	u.variant = v;
	u.eng = engine_new(ENGINE_HASH_DEFAULT_MB);
	u.line = malloc(UCI_LINE_MAX + 1);
	u.tok_capacity = 64;
	u.tok = malloc((size_t)u.tok_capacity * sizeof *u.tok);
	if (!u.eng || !u.line || !u.tok ||
	    pthread_mutex_init(&u.lock, NULL) != 0) {
		fputs("bigchess: out of memory\n", stderr);
		engine_free(u.eng);
		free(u.line);
		free(u.tok);
		return 1;
	}
	if (engine_variant_problem(u.eng, v)) {
		fprintf(stderr, "bigchess: %s\n",
		    engine_variant_problem(u.eng, v));
		engine_free(u.eng);
		free(u.line);
		free(u.tok);
		pthread_mutex_destroy(&u.lock);
		return 1;
	}
	u.level = level;
	u.elo = engine_level_elo(ENGINE_LEVEL_DEFAULT);
	apply_strength(&u);
	reset_position(&u);
	while (!u.quit &&
	    (got = protocol_read_line(in, u.line, UCI_LINE_MAX)) != 0) {
		int n;

		if (got < 0) {
			say(&u, "info string error: line longer than %d bytes "
			        "ignored", UCI_LINE_MAX);
			continue;
		}
		n = tokenize(&u);
		if (n < 0)
			say(&u, "info string error: out of memory for the "
			        "line; ignored");
		else if (n > 0)
			dispatch(&u, u.tok, n);
	}
	finish_search(&u, false);
	engine_free(u.eng);
	pthread_mutex_destroy(&u.lock);
	free(u.history);
	free(u.line);
	free(u.tok);
	return 0;
}
