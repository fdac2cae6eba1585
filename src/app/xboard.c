/*
 * xboard.c - the Chess Engine Communication Protocol (CECP, "the XBoard
 * protocol"), version 2 with XBoard 4.8's extensions, on standard input
 * and output.
 *
 * The main thread reads commands and keeps the game (a bc_game, so undo,
 * repetitions and results are the rules library's); a search runs in the
 * engine's own thread (engine_start).  One lock guards the game and the
 * output: the main thread holds it while it handles a command, the search
 * thread while it posts thinking or plays its move.  A command that
 * changes the game first stops any search and waits for it, with the lock
 * let go, and a search stopped that way plays nothing.
 *
 * Squares are written as XBoard writes them: files from a, ranks from 1,
 * except on a board of exactly 10 ranks (Grand Chess), where XBoard counts
 * ranks from 0 (engine-intf, "note that on boards with exactly 10 ranks,
 * counting of the ranks starts at 0"): our e10 is XBoard's e9, both ways.
 * Castling is the king's move from its square to its target; Hadean's
 * one-square castling, whose squares a plain king step shares, is written
 * as the king taking its own rook, as XBoard writes Chess960 castling.
 *
 * Chad and Hadean are variants XBoard does not know: after "variant chad"
 * the engine sends a "setup" line with the board size, a piece-to-char
 * table for XBoard's piece images and the start FEN, and it answers
 * "lift" with "highlight", the lifted piece's legal targets, since XBoard
 * cannot know Chad's capture zones or Hadean's flyers.
 *
 * Bad input gets one "Error (...): ..." line and is otherwise ignored; a
 * line holds at most XB_LINE_MAX bytes, and numbers are capped before any
 * arithmetic.
 */
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
#include "xboard.h"

enum {
	XB_LINE_MAX = 1 << 16,
	XB_WORDS_MAX = 64,
	/* Mate scores as XBoard reads them: 100000 + N for mate in N. */
	XB_MATE_SCORE = 100000
};

/* The longest time accepted anywhere (about 11 days), in milliseconds. */
#define XB_TIME_MAX_MS 1000000000LL

/* XBoard's piece types in the order its piece-to-char table lists them;
 * the last one is always the king. */
static const char xb_piece_order[] = "PNBRQFEACWMOHIJGDVLSUK";

struct xb {
	FILE *out;
	pthread_mutex_t lock;
	struct engine *eng;
	const bc_variant *first_variant; /* what "new" goes back to */
	const bc_variant *variant;
	bc_game *game;
	int engine_side;        /* the side the engine plays */
	bool force;             /* play neither side */
	bool post;              /* thinking output */
	bool analyzing;         /* analyze mode: search, never move */
	bool started;           /* a search was started and not collected */
	bool discard;           /* the running search must not move */
	bool result_said;       /* RESULT sent for the current game end */
	bool quit;
	/* Time control: "level", "st", "sd", "time", "otim". */
	int mps;
	int64_t base_ms, inc_ms, st_ms;
	int sd;
	int64_t own_ms, opp_ms;
	bool clock_known;
	/* The piece picked up by "lift", for "put" (0: none). */
	bc_square lifted;
	/* The last thinking report, for "." in analyze mode. */
	int stat_depth;
	int64_t stat_ms;
	uint64_t stat_nodes;
	uint64_t history[ENGINE_MAX_HISTORY];
	char line[XB_LINE_MAX + 1];
};

static void say(struct xb *x, const char *fmt, ...)
    __attribute__((format(printf, 2, 3)));

/*
 * Writes one line of the protocol; the caller holds x->lock.  It may quote
 * what the GUI sent: control characters are escaped (bigchess/text.h), so
 * a peer can neither reach the terminal of a person trying the mode by
 * hand nor split the reply into two lines.
 */
static void
say(struct xb *x, const char *fmt, ...)
{
	va_list ap;
	char *line;

	va_start(ap, fmt);
	line = report_vformat(0, fmt, ap);
	va_end(ap);
	fputs(line ? line : "Error (out of memory): a reply", x->out);
	fputc('\n', x->out);
	fflush(x->out);
	free(line);
}

/* Square (file, rank from 0) as XBoard names it. */
static void
xb_square_text(const bc_variant *v, bc_square sq, char *buf, size_t size)
{
	int rank = BC_RANK(sq) + (bc_variant_ranks(v) == 10 ? 0 : 1);

	snprintf(buf, size, "%c%d", 'a' + BC_FILE(sq), rank);
}

/*
 * Reads a square as XBoard names it from `*s`, moving `*s` past it.
 * Returns the square, or 0 if the text is not one of the board.
 */
static bc_square
xb_square_parse(const bc_variant *v, const char **s)
{
	const char *p = *s;
	int file, rank = 0, digits = 0;

	if (*p < 'a' || *p > 'z')
		return 0;
	file = *p++ - 'a';
	while (*p >= '0' && *p <= '9' && digits < 3) {
		rank = rank * 10 + (*p++ - '0');
		digits++;
	}
	if (!digits || (*p >= '0' && *p <= '9'))
		return 0;
	if (bc_variant_ranks(v) != 10)
		rank--;
	if (file >= bc_variant_files(v) || rank < 0 ||
	    rank >= bc_variant_ranks(v))
		return 0;
	*s = p;
	return BC_SQUARE(file, rank);
}

/* The square of the rook that castling `m` moves: the first piece from
 * the king in the direction it goes. */
static bc_square
castle_rook(const bc_position *pos, bc_move m)
{
	int step = BC_MOVE_TO(m) > BC_MOVE_FROM(m) ? 1 : -1;
	bc_square sq = BC_MOVE_FROM(m) + step;

	while (pos->board[sq] == BC_EMPTY)
		sq += step;
	return sq;
}

/* The XBoard target square of `m`: a one-square castle goes onto the
 * rook; everything else to where the piece lands. */
static bc_square
xb_target(const bc_position *pos, bc_move m)
{
	if (BC_MOVE_KIND(m) == BC_MOVE_CASTLE &&
	    abs(BC_MOVE_TO(m) - BC_MOVE_FROM(m)) == 1)
		return castle_rook(pos, m);
	return BC_MOVE_TO(m);
}

/* Legal move `m` of `pos` as XBoard writes it ("e8e9q" in Grand). */
static void
xb_move_text(const bc_position *pos, bc_move m, char *buf, size_t size)
{
	const bc_variant *v = pos->variant;
	char from[16], to[16];
	int promo = BC_MOVE_PROMO(m);

	xb_square_text(v, BC_MOVE_FROM(m), from, sizeof from);
	xb_square_text(v, xb_target(pos, m), to, sizeof to);
	if (promo)
		snprintf(buf, size, "%s%s%c", from, to,
		    bc_variant_piece_letter(v, promo) - 'A' + 'a');
	else
		snprintf(buf, size, "%s%s", from, to);
}

/*
 * Finds the legal move that `text` names: XBoard's coordinates (a
 * promotion as a letter after the squares, "=" allowed before it), or
 * else our own notation (O-O-2, SAN).  BC_OK with *out, or an error.
 */
static int
xb_move_parse(const bc_position *pos, const char *text, bc_move *out)
{
	const bc_variant *v = pos->variant;
	const char *p = text;
	bc_square from, to;
	int promo = 0;
	bc_move found = BC_MOVE_NONE;
	bool several = false;
	bc_move_list list;

	from = xb_square_parse(v, &p);
	to = from ? xb_square_parse(v, &p) : 0;
	if (!to)
		return bc_move_parse(pos, text, out, NULL);
	if (*p == '=')
		p++;
	if (*p) {
		promo = bc_variant_piece_type(v, *p);
		if (!promo || p[1])
			return BC_ESYNTAX;
	}
	bc_movegen_legal(pos, &list);
	for (int i = 0; i < list.count; i++) {
		bc_move m = list.moves[i];

		/* A plain king step and a one-square castle share their
		 * squares; the castle is written onto the rook. */
		if (BC_MOVE_FROM(m) != from || xb_target(pos, m) != to)
			continue;
		if (BC_MOVE_PROMO(m) == promo) {
			*out = m;
			return BC_OK;
		}
		/* Without a letter, a promotion with one choice (Chad's
		 * queen, Grand's one lost type) is still the move. */
		if (!*p) {
			several = found != BC_MOVE_NONE;
			found = m;
		}
	}
	if (!*p && found && !several) {
		*out = found;
		return BC_OK;
	}
	return several ? BC_EAMBIGUOUS : BC_EILLEGAL;
}

/* Says "RESULT {reason}" once when the game has ended. */
static void
claim_result(struct xb *x)
{
	bc_reason reason;
	bc_result r = bc_game_result(x->game, &reason);
	const char *winner = r == BC_RESULT_WHITE_WINS ? "White" : "Black";
	char why[64];

	if (r == BC_RESULT_NONE || x->result_said)
		return;
	x->result_said = true;
	switch (reason) {
	case BC_REASON_CHECKMATE:
		snprintf(why, sizeof why, "%s mates", winner);
		break;
	case BC_REASON_STALEMATE:
		if (r == BC_RESULT_DRAW)
			snprintf(why, sizeof why, "Stalemate");
		else
			snprintf(why, sizeof why, "%s wins by stalemate",
			    winner);
		break;
	case BC_REASON_REPETITION:
		snprintf(why, sizeof why, "Draw by repetition");
		break;
	case BC_REASON_FIFTY_MOVES:
		snprintf(why, sizeof why, "Draw by the 100-ply rule");
		break;
	case BC_REASON_MATERIAL:
		snprintf(why, sizeof why, "Draw by insufficient material");
		break;
	default:
		snprintf(why, sizeof why, "%s", bc_reason_text(reason));
		break;
	}
	say(x, "%s {%s}", bc_result_text(r), why);
}

/* Thinking output and, at the end of a search, the engine's move; on the
 * search thread. */
static void
on_report(const struct engine_report *r, void *arg)
{
	struct xb *x = arg;

	pthread_mutex_lock(&x->lock);
	if (!r->final) {
		char pv[3000] = "";
		bc_position pos = *r->root;
		size_t len = 0;
		int score = r->score;

		x->stat_depth = r->depth;
		x->stat_ms = r->time_ms;
		x->stat_nodes = r->nodes;
		for (int i = 0; i < r->pv_length; i++) {
			char text[32];
			bc_undo undo;

			xb_move_text(&pos, r->pv[i], text, sizeof text);
			if (len + strlen(text) + 2 >= sizeof pv)
				break;
			len += (size_t)snprintf(pv + len, sizeof pv - len,
			    "%s%s", len ? " " : "", text);
			bc_position_make(&pos, r->pv[i], &undo);
		}
		if (r->mate > 0)
			score = XB_MATE_SCORE + r->mate;
		else if (r->mate < 0)
			score = -XB_MATE_SCORE + r->mate;
		if (x->post || x->analyzing)
			say(x, "%d %d %" PRId64 " %" PRIu64 " %s", r->depth,
			    score, r->time_ms / 10, r->nodes, pv);
	} else if (!x->discard && !x->analyzing && r->best) {
		char text[32];

		xb_move_text(r->root, r->best, text, sizeof text);
		if (bc_game_push(x->game, r->best) == BC_OK) {
			say(x, "move %s", text);
			claim_result(x);
		}
	}
	pthread_mutex_unlock(&x->lock);
}

/* Stops any search (its move, if `discard`, is not played) and collects
 * it; the caller holds x->lock, which is let go meanwhile. */
static void
halt(struct xb *x, bool discard)
{
	if (!x->started)
		return;
	x->discard = discard;
	pthread_mutex_unlock(&x->lock);
	if (discard)
		engine_stop(x->eng);
	engine_wait(x->eng, NULL);
	pthread_mutex_lock(&x->lock);
	x->started = false;
	x->discard = false;
}

/* Starts a search of the current position: the engine's move, or with
 * x->analyzing an endless analysis. */
static void
think(struct xb *x)
{
	const bc_position *pos = bc_game_position(x->game);
	struct engine_limits limits = ENGINE_LIMITS_INIT;
	int count, rc;

	halt(x, true);
	if (bc_game_result(x->game, NULL) != BC_RESULT_NONE) {
		claim_result(x);
		return;
	}
	if (x->analyzing) {
		limits.infinite = true;
	} else {
		int me = pos->side;

		if (x->sd)
			limits.depth = x->sd;
		if (x->st_ms) {
			limits.movetime_ms = x->st_ms;
		} else if (x->clock_known || x->base_ms) {
			limits.clock_ms[me] =
			    x->clock_known ? x->own_ms : x->base_ms;
			limits.clock_ms[!me] =
			    x->clock_known ? x->opp_ms : x->base_ms;
			limits.inc_ms[0] = limits.inc_ms[1] = x->inc_ms;
			if (x->mps)
				limits.moves_to_go = x->mps -
				    (int)((pos->fullmove - 1) % (unsigned)x->mps);
		}
	}
	count = engine_game_history(x->game, x->history);
	rc = engine_start(x->eng, pos, x->history, count, &limits, on_report,
	    x);
	if (rc != BC_OK) {
		say(x, "Error (cannot search): %s", bc_strerror(rc));
		return;
	}
	x->started = true;
}

/* Thinks if it is the engine's turn. */
static void
maybe_think(struct xb *x)
{
	if (x->analyzing || (!x->force &&
	    bc_game_position(x->game)->side == x->engine_side))
		think(x);
}

/* Replaces the game by a new one of `v` from `fen` (NULL: the start). */
static bool
new_game(struct xb *x, const bc_variant *v, const char *fen)
{
	bc_game *g;
	bc_error err;
	int rc = bc_game_new(&g, v, fen, &err);

	if (rc != BC_OK) {
		if (rc == BC_ENOMEM)
			say(x, "Error (out of memory): setboard");
		else
			say(x, "tellusererror Illegal position: %s",
			    err.message);
		return false;
	}
	bc_game_free(x->game);
	x->game = g;
	x->variant = v;
	x->result_said = false;
	x->lifted = 0;
	return true;
}

/* The piece-to-char table of `v` for "setup": each of XBoard's piece
 * types gets the letter of ours that it shows, or '.'; white, then
 * black. */
static void
piece_table(const bc_variant *v, char *buf)
{
	int n = (int)strlen(xb_piece_order);
	bool placed[BC_MAX_TYPES] = { false };

	memset(buf, '.', (size_t)n);
	buf[n - 1] = 'K';
	for (int t = 1; t <= bc_variant_piece_types(v); t++) {
		const char *slot = strchr(xb_piece_order,
		    bc_variant_piece_letter(v, t));

		if (slot) {
			buf[slot - xb_piece_order] = bc_variant_piece_letter(v, t);
			placed[t] = true;
		}
	}
	/* A letter XBoard has no piece of gets the image of a type that
	 * this variant leaves unused (never the pawn's). */
	for (int t = 1; t <= bc_variant_piece_types(v); t++) {
		for (int i = 1; !placed[t] && i < n - 1; i++) {
			if (buf[i] == '.') {
				buf[i] = bc_variant_piece_letter(v, t);
				placed[t] = true;
			}
		}
	}
	for (int i = 0; i < n; i++)
		buf[n + i] = buf[i] == '.' ? '.' : (char)(buf[i] - 'A' + 'a');
	buf[(size_t)2 * (size_t)n] = '\0';
}

/*
 * True if XBoard has `v` built in under our key, so no "setup" is sent.
 * This lists XBoard's variants, not ours: of XBoard 4.9's own boards only
 * Grand Chess is one of the registry's.
 */
static bool
xboard_knows(const bc_variant *v)
{
	static const char *const builtin[] = { "grand" };

	for (size_t i = 0; i < sizeof builtin / sizeof builtin[0]; i++)
		if (strcmp(bc_variant_key(v), builtin[i]) == 0)
			return true;
	return false;
}

static void
send_setup(struct xb *x)
{
	char table[64];
	const bc_variant *v = x->variant;

	if (xboard_knows(v))
		return;
	piece_table(v, table);
	say(x, "setup (%s) %dx%d+0_fairy %s", table, bc_variant_files(v),
	    bc_variant_ranks(v), bc_variant_start_fen(v));
}

static void
cmd_protover(struct xb *x)
{
	char variants[256] = "";
	size_t len = 0;

	for (int i = 0; i < bc_variant_count(); i++) {
		const bc_variant *v = bc_variant_at(i);

		if (!engine_variant_problem(x->eng, v) && len < sizeof variants)
			len += (size_t)snprintf(variants + len,
			    sizeof variants - len, "%s%s", len ? "," : "",
			    bc_variant_key(v));
	}
	say(x, "feature done=0");
	say(x, "feature myname=\"bigchess %s\"", BIGCHESS_VERSION);
	say(x, "feature variants=\"%s\"", variants);
	say(x, "feature setboard=1 usermove=1 ping=1 playother=1 san=0 "
	       "time=1 draw=0 sigint=0 sigterm=0 reuse=1 colors=0 analyze=1 "
	       "highlight=1 memory=1 smp=0 exclude=0 pause=0 nps=0 debug=0");
	say(x, "feature option=\"Level -spin %d %d %d\"", engine_level(x->eng),
	    ENGINE_LEVEL_MIN, ENGINE_LEVEL_MAX);
	say(x, "feature option=\"Hash -spin %d %d %d\"", ENGINE_HASH_DEFAULT_MB,
	    ENGINE_HASH_MIN_MB, ENGINE_HASH_MAX_MB);
	say(x, "feature done=1");
}

/* Seconds, perhaps with a fraction ("0.5"), or minutes:seconds when
 * `minutes` ("5", "0:30"), as milliseconds from 0 to XB_TIME_MAX_MS. */
static bool
parse_time(const char *text, bool minutes, int64_t *ms)
{
	char *end;
	double a, b = 0;

	errno = 0;
	a = strtod(text, &end);
	if (errno || end == text || !(a >= 0))
		return false;
	if (minutes && *end == ':') {
		const char *s = end + 1;

		b = strtod(s, &end);
		if (errno || end == s || !(b >= 0))
			return false;
	}
	if (*end)
		return false;
	a = minutes ? a * 60000.0 + b * 1000.0 : a * 1000.0;
	*ms = a > (double)XB_TIME_MAX_MS ? XB_TIME_MAX_MS : (int64_t)a;
	return true;
}

static void
cmd_level(struct xb *x, char **tok, int n)
{
	long long mps;
	int64_t base, inc;

	if (n != 4 || !protocol_parse_number(tok[1], 0, 100000, &mps) ||
	    !parse_time(tok[2], true, &base) || !parse_time(tok[3], false, &inc)) {
		say(x, "Error (level wants MPS BASE INC): level");
		return;
	}
	x->mps = (int)mps;
	x->base_ms = base;
	x->inc_ms = inc;
	x->st_ms = 0;
	x->clock_known = false;
}

/* "time N" and "otim N": a clock in centiseconds, possibly negative. */
static void
cmd_clock(struct xb *x, char **tok, int n, bool own)
{
	char *end;
	long long cs;

	errno = 0;
	cs = n == 2 ? strtoll(tok[1], &end, 10) : 0;
	if (n != 2 || end == tok[1] || *end || errno) {
		say(x, "Error (wants centiseconds): %s", tok[0]);
		return;
	}
	if (cs < 0)
		cs = 0;
	if (cs > XB_TIME_MAX_MS / 10)
		cs = XB_TIME_MAX_MS / 10;
	if (own)
		x->own_ms = cs * 10;
	else
		x->opp_ms = cs * 10;
	x->clock_known = true;
}

static void
set_hash(struct xb *x, const char *text, const char *cmd)
{
	long long mb;

	if (!protocol_parse_number(text, 0, 1LL << 40, &mb)) {
		say(x, "Error (wants megabytes): %s", cmd);
		return;
	}
	if (mb < ENGINE_HASH_MIN_MB)
		mb = ENGINE_HASH_MIN_MB;
	if (mb > ENGINE_HASH_MAX_MB)
		mb = ENGINE_HASH_MAX_MB;
	if (engine_set_hash(x->eng, (size_t)mb) != BC_OK)
		say(x, "Error (out of memory): %s %lld", cmd, mb);
}

/* option NAME=VALUE */
static void
cmd_option(struct xb *x, char **tok, int n)
{
	char *eq = n == 2 ? strchr(tok[1], '=') : NULL;
	long long level;

	if (!eq) {
		say(x, "Error (option wants NAME=VALUE): option");
		return;
	}
	*eq = '\0';
	if (strcasecmp(tok[1], "Hash") == 0) {
		set_hash(x, eq + 1, "option Hash");
	} else if (strcasecmp(tok[1], "Level") == 0) {
		if (protocol_parse_number(eq + 1, ENGINE_LEVEL_MIN,
		        ENGINE_LEVEL_MAX, &level))
			engine_set_level(x->eng, (int)level);
		else
			say(x, "Error (Level wants %d to %d): %.40s",
			    ENGINE_LEVEL_MIN, ENGINE_LEVEL_MAX, eq + 1);
	} else {
		say(x, "Error (unknown option): %.100s", tok[1]);
	}
}

static void
cmd_variant(struct xb *x, char **tok, int n)
{
	const bc_variant *v = n == 2 ? bc_variant_find(tok[1]) : NULL;

	if (!v || engine_variant_problem(x->eng, v)) {
		say(x, "Error (unsupported variant): %.100s",
		    n >= 2 ? tok[1] : "");
		return;
	}
	if (new_game(x, v, NULL))
		send_setup(x);
}

/* "setboard FEN": ranks translated where XBoard counts them from 0, in
 * the en-passant field. */
static void
cmd_setboard(struct xb *x, char **tok, int n)
{
	char fen[BC_FEN_MAX * 2] = "";
	size_t len = 0;

	if (n < 2) {
		say(x, "tellusererror Illegal position: no FEN");
		return;
	}
	for (int i = 1; i < n; i++) {
		const char *w = tok[i];
		bool ep = i == 4 && bc_variant_ranks(x->variant) == 10;

		if (len + strlen(w) + 8 >= sizeof fen) {
			say(x, "tellusererror Illegal position: FEN too long");
			return;
		}
		if (len)
			fen[len++] = ' ';
		for (const char *p = w; *p; p++) {
			/* XBoard's e2 is our e3 on a 10-rank board. */
			if (ep && *p >= 'a' && *p <= 'z' && p[1] >= '0' &&
			    p[1] <= '9' && !(p[2] >= '0' && p[2] <= '9')) {
				len += (size_t)snprintf(fen + len,
				    sizeof fen - len, "%c%d", *p, p[1] - '0' + 1);
				p++;
				continue;
			}
			fen[len++] = *p;
		}
		fen[len] = '\0';
	}
	new_game(x, x->variant, fen);
}

static void
cmd_usermove(struct xb *x, const char *text)
{
	bc_move m;

	halt(x, true);
	if (bc_game_result(x->game, NULL) != BC_RESULT_NONE ||
	    xb_move_parse(bc_game_position(x->game), text, &m) != BC_OK ||
	    bc_game_push(x->game, m) != BC_OK) {
		say(x, "Illegal move: %.100s", text);
		return;
	}
	x->lifted = 0;
	claim_result(x);
	maybe_think(x);
}

static void
cmd_undo(struct xb *x, int plies)
{
	halt(x, true);
	for (int i = 0; i < plies; i++) {
		if (bc_game_undo(x->game) != BC_OK) {
			say(x, "Error (no move to take back): %s",
			    plies == 1 ? "undo" : "remove");
			break;
		}
	}
	x->result_said = false;
	if (x->analyzing)
		think(x);
}

/* The legal moves of the piece on `from`, as a highlight board: magenta
 * where the move needs a choice (what to promote to, or whether to), else
 * red for captures and yellow for the rest. */
static void
cmd_lift(struct xb *x, char **tok, int n)
{
	const bc_position *pos = bc_game_position(x->game);
	const bc_variant *v = x->variant;
	const char *p = n == 2 ? tok[1] : "";
	bc_square from = xb_square_parse(v, &p);
	char mark[BC_CELLS] = { 0 };
	char board[BC_MAX_RANKS * (BC_MAX_FILES + 1) + 1];
	size_t len = 0;
	bc_move_list list;

	if (!from || *p) {
		say(x, "Error (not a square): lift");
		return;
	}
	x->lifted = from;
	bc_movegen_legal(pos, &list);
	for (int i = 0; i < list.count; i++) {
		bc_move m = list.moves[i];
		bc_square to = xb_target(pos, m);
		int kind = BC_MOVE_KIND(m);

		if (BC_MOVE_FROM(m) != from)
			continue;
		if (mark[to])
			mark[to] = 'M';
		else
			mark[to] = kind == BC_MOVE_CAPTURE ||
			        kind == BC_MOVE_EN_PASSANT ||
			        kind == BC_MOVE_PASSING ? 'R' : 'Y';
	}
	for (int r = bc_variant_ranks(v) - 1; r >= 0; r--) {
		int empty = 0;

		for (int f = 0; f < bc_variant_files(v); f++) {
			char c = mark[BC_SQUARE(f, r)];

			if (!c) {
				empty++;
				continue;
			}
			if (empty)
				len += (size_t)snprintf(board + len,
				    sizeof board - len, "%d", empty);
			empty = 0;
			board[len++] = c;
		}
		if (empty)
			len += (size_t)snprintf(board + len, sizeof board - len,
			    "%d", empty);
		if (r)
			board[len++] = '/';
	}
	board[len] = '\0';
	say(x, "highlight %s", board);
}

/* "put SQUARE": where the lifted piece would promote, the types it may
 * choose ("choice"), its own letter first where it may stay as it is. */
static void
cmd_put(struct xb *x, char **tok, int n)
{
	const bc_position *pos = bc_game_position(x->game);
	const bc_variant *v = x->variant;
	const char *p = n == 2 ? tok[1] : "";
	bc_square to = xb_square_parse(v, &p);
	char choice[BC_MAX_TYPES + 1];
	int len = 0;
	bc_move_list list;

	if (!to) {
		say(x, "Error (not a square): put");
		return;
	}
	bc_movegen_legal(pos, &list);
	for (int i = 0; x->lifted && i < list.count; i++) {
		bc_move m = list.moves[i];
		char c;

		if (BC_MOVE_FROM(m) != x->lifted || xb_target(pos, m) != to)
			continue;
		c = BC_MOVE_PROMO(m)
		    ? bc_variant_piece_letter(v, BC_MOVE_PROMO(m))
		    : bc_variant_piece_letter(v,
		          BC_PIECE_TYPE(pos->board[x->lifted]));
		if (pos->side == BC_BLACK)
			c = (char)(c - 'A' + 'a');
		if (len < BC_MAX_TYPES)
			choice[len++] = c;
	}
	choice[len] = '\0';
	if (len > 1)
		say(x, "choice %s", choice);
	x->lifted = 0;
}

static void
cmd_new(struct xb *x)
{
	halt(x, true);
	x->analyzing = false;
	if (!new_game(x, x->first_variant, NULL))
		return;
	x->force = false;
	x->engine_side = BC_BLACK;
	x->sd = 0;
	x->clock_known = false;
	engine_new_game(x->eng);
}

/* Commands that need nothing from the engine, or whose information it
 * does not use. */
static const char *const ignored[] = {
	"xboard", "accepted", "rejected", "random", "computer", "name",
	"hard", "easy", "ics", "cores", "egtpath", "draw", "bk", "hint",
	"hover", "nps", NULL
};

static void
dispatch(struct xb *x, char **tok, int n)
{
	const char *cmd = tok[0];
	long long number;

	for (int i = 0; ignored[i]; i++)
		if (strcmp(cmd, ignored[i]) == 0)
			return;
	if (strcmp(cmd, "protover") == 0) {
		cmd_protover(x);
	} else if (strcmp(cmd, "new") == 0) {
		cmd_new(x);
	} else if (strcmp(cmd, "variant") == 0) {
		halt(x, true);
		cmd_variant(x, tok, n);
	} else if (strcmp(cmd, "force") == 0 || strcmp(cmd, "result") == 0) {
		/* After a result the engine waits for "new" or "setboard". */
		halt(x, true);
		x->force = true;
	} else if (strcmp(cmd, "go") == 0) {
		x->force = false;
		x->analyzing = false;
		x->engine_side = bc_game_position(x->game)->side;
		think(x);
	} else if (strcmp(cmd, "playother") == 0) {
		halt(x, true);
		x->force = false;
		x->engine_side = !bc_game_position(x->game)->side;
	} else if (strcmp(cmd, "usermove") == 0) {
		if (n == 2)
			cmd_usermove(x, tok[1]);
		else
			say(x, "Error (usermove wants one move): usermove");
	} else if (strcmp(cmd, "setboard") == 0) {
		halt(x, true);
		cmd_setboard(x, tok, n);
		if (x->analyzing)
			think(x);
	} else if (strcmp(cmd, "undo") == 0) {
		cmd_undo(x, 1);
	} else if (strcmp(cmd, "remove") == 0) {
		cmd_undo(x, 2);
	} else if (strcmp(cmd, "ping") == 0) {
		say(x, "pong %s", n >= 2 ? tok[1] : "");
	} else if (strcmp(cmd, "level") == 0) {
		cmd_level(x, tok, n);
	} else if (strcmp(cmd, "st") == 0) {
		int64_t ms;

		if (n == 2 && parse_time(tok[1], false, &ms))
			x->st_ms = ms ? ms : 1;
		else
			say(x, "Error (st wants seconds): st");
	} else if (strcmp(cmd, "sd") == 0) {
		if (n == 2 && protocol_parse_number(tok[1], 1, 1000, &number))
			x->sd = number > ENGINE_MAX_DEPTH ? ENGINE_MAX_DEPTH
			                                  : (int)number;
		else
			say(x, "Error (sd wants a depth): sd");
	} else if (strcmp(cmd, "time") == 0) {
		cmd_clock(x, tok, n, true);
	} else if (strcmp(cmd, "otim") == 0) {
		cmd_clock(x, tok, n, false);
	} else if (strcmp(cmd, "?") == 0) {
		if (x->started && !x->analyzing)
			engine_stop(x->eng);
	} else if (strcmp(cmd, "memory") == 0) {
		if (n == 2)
			set_hash(x, tok[1], "memory");
		else
			say(x, "Error (memory wants megabytes): memory");
	} else if (strcmp(cmd, "option") == 0) {
		cmd_option(x, tok, n);
	} else if (strcmp(cmd, "post") == 0) {
		x->post = true;
	} else if (strcmp(cmd, "nopost") == 0) {
		x->post = false;
	} else if (strcmp(cmd, "analyze") == 0) {
		x->analyzing = true;
		think(x);
	} else if (strcmp(cmd, "exit") == 0) {
		halt(x, true);
		x->analyzing = false;
	} else if (strcmp(cmd, ".") == 0) {
		bc_move_list list;

		bc_game_legal_moves(x->game, &list);
		if (x->analyzing)
			say(x, "stat01: %" PRId64 " %" PRIu64 " %d %d %d",
			    x->stat_ms / 10, x->stat_nodes, x->stat_depth,
			    list.count, list.count);
	} else if (strcmp(cmd, "lift") == 0) {
		cmd_lift(x, tok, n);
	} else if (strcmp(cmd, "put") == 0) {
		cmd_put(x, tok, n);
	} else if (strcmp(cmd, "quit") == 0) {
		halt(x, true);
		x->quit = true;
	} else {
		bc_move m;

		/* A bare move, as protocol version 1 sends them. */
		if (n == 1 && xb_move_parse(bc_game_position(x->game), cmd,
		                  &m) == BC_OK)
			cmd_usermove(x, cmd);
		else
			say(x, "Error (unknown command): %.100s", cmd);
	}
}

int
xboard_run(FILE *in, FILE *out, const bc_variant *v, int level)
{
	struct xb *x = calloc(1, sizeof *x);
	int got;

	if (!x || !(x->eng = engine_new(ENGINE_HASH_DEFAULT_MB)) ||
	    pthread_mutex_init(&x->lock, NULL) != 0) {
		fputs("bigchess: out of memory\n", stderr);
		if (x)
			engine_free(x->eng);
		free(x);
		return 1;
	}
	if (engine_variant_problem(x->eng, v)) {
		fprintf(stderr, "bigchess: %s\n", engine_variant_problem(x->eng, v));
		engine_free(x->eng);
		pthread_mutex_destroy(&x->lock);
		free(x);
		return 1;
	}
	x->out = out;
	x->first_variant = v;
	x->engine_side = BC_BLACK;
	engine_set_level(x->eng, level);
	pthread_mutex_lock(&x->lock);
	if (!new_game(x, v, NULL))
		x->quit = true;
	pthread_mutex_unlock(&x->lock);
	while (!x->quit &&
	    (got = protocol_read_line(in, x->line, XB_LINE_MAX)) != 0) {
		char *tok[XB_WORDS_MAX];
		int n = 0;

		pthread_mutex_lock(&x->lock);
		if (got < 0) {
			say(x, "Error (line longer than %d bytes): ignored",
			    XB_LINE_MAX);
		} else {
			for (char *p = strtok(x->line, " \t\r"); p;
			     p = strtok(NULL, " \t\r"))
				if (n < XB_WORDS_MAX)
					tok[n++] = p;
			if (n > 0)
				dispatch(x, tok, n);
		}
		pthread_mutex_unlock(&x->lock);
	}
	/* The GUI has gone: nobody is left to hear a move. */
	pthread_mutex_lock(&x->lock);
	halt(x, true);
	pthread_mutex_unlock(&x->lock);
	engine_free(x->eng);
	bc_game_free(x->game);
	pthread_mutex_destroy(&x->lock);
	free(x);
	return 0;
}
