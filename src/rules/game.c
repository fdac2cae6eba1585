/*
 * game.c - a game's history, undo and redo, and how it ends.
 *
 * The history keeps each move with its undo record and the hash of the
 * position before it, so repetition is a scan back over hashes as far as
 * the last irreversible move (no position before it can repeat): a
 * capture, a promotion, or a pawn's step forward.  That is not where the
 * halfmove clock was reset: Hadean's ninja pawns step sideways and back,
 * resetting the clock, and a position can repeat across such steps.
 */
#include <stdlib.h>
#include <string.h>

#include "bigchess/game.h"
#include "bigchess/notation.h"
#include "internal.h"

struct ply {
	bc_undo undo;
	uint64_t hash_before;
	int oldest;  /* the first ply whose position may recur from here */
	bool irreversible;
	/* Written when the move is made, so that no one replays the game to
	 * list it. */
	char san[BC_MOVE_TEXT_MAX];
};

struct bc_game {
	bc_position start;
	bc_position pos;
	bool from_fen;
	struct ply *plies;
	int length, capacity;
	bc_move *redo;
	int redo_count, redo_capacity;
	bc_result result;
	bc_reason reason;
	bc_move_list legal; /* legal moves of pos, kept current */
};

static void update_result(bc_game *g);

int
bc_game_new(bc_game **out, const bc_variant *v, const char *fen, bc_error *err)
{
	bc_game *g = calloc(1, sizeof *g);
	int rc;

	*out = NULL;
	if (!g)
		return BC_ENOMEM;
	if (fen) {
		rc = bc_position_from_fen(&g->start, v, fen, err);
		if (rc != BC_OK) {
			free(g);
			return rc;
		}
		g->from_fen = true;
	} else {
		bc_position_start(&g->start, v);
	}
	g->pos = g->start;
	update_result(g);
	*out = g;
	return BC_OK;
}

void
bc_game_free(bc_game *g)
{
	if (!g)
		return;
	free(g->plies);
	free(g->redo);
	free(g);
}

const bc_variant *
bc_game_variant(const bc_game *g)
{
	return g->pos.variant;
}

const bc_position *
bc_game_position(const bc_game *g)
{
	return &g->pos;
}

const bc_position *
bc_game_start(const bc_game *g)
{
	return &g->start;
}

bool
bc_game_from_fen(const bc_game *g)
{
	return g->from_fen;
}

int
bc_game_length(const bc_game *g)
{
	return g->length;
}

bc_move
bc_game_move(const bc_game *g, int i)
{
	return i >= 0 && i < g->length ? g->plies[i].undo.move : BC_MOVE_NONE;
}

void
bc_game_legal_moves(const bc_game *g, bc_move_list *list)
{
	if (g->result != BC_RESULT_NONE) {
		list->count = 0;
		return;
	}
	memcpy(list->moves, g->legal.moves,
	    (size_t)g->legal.count * sizeof list->moves[0]);
	list->count = g->legal.count;
}

static int
repetitions(const bc_game *g)
{
	int count = 1, oldest = g->length ? g->plies[g->length - 1].oldest : 0;

	for (int i = g->length - 2; i >= oldest; i -= 2)
		if (g->plies[i].hash_before == g->pos.hash)
			count++;
	return count;
}

int
bc_game_ply(const bc_game *g, int i, bc_ply *out)
{
	const struct ply *p;

	if (i < 0 || i >= g->length)
		return BC_ERANGE;
	p = &g->plies[i];
	out->move = p->undo.move;
	out->moved = p->undo.moved;
	out->captured = p->undo.captured;
	out->passed[0] = p->undo.passed[0];
	out->passed[1] = p->undo.passed[1];
	out->hash_before = p->hash_before;
	out->irreversible = p->irreversible;
	memcpy(out->san, p->san, sizeof out->san);
	return BC_OK;
}

int
bc_game_position_at(const bc_game *g, int ply, bc_position *out)
{
	if (ply < 0 || ply > g->length)
		return BC_ERANGE;
	*out = g->pos;
	for (int i = g->length - 1; i >= ply; i--)
		bc_position_unmake(out, &g->plies[i].undo);
	return BC_OK;
}

int
bc_game_repeat_start(const bc_game *g)
{
	return g->length ? g->plies[g->length - 1].oldest : 0;
}

static bool
insufficient_material(const bc_position *pos)
{
	const bc_variant *v = pos->variant;
	int others[2];

	for (int c = 0; c < 2; c++)
		others[c] = pos->piece_count[c] - 1;
	if (others[0] + others[1] == 0)
		return true;
	if (others[0] + others[1] > 1)
		return false;
	for (int c = 0; c < 2; c++)
		for (int t = 1; t <= v->def->type_count; t++)
			if (pos->type_count[c][t] && t != v->royal_type)
				return (v->minor_types >> t) & 1;
	return false;
}

bc_reason
bc_position_rule_draw(const bc_position *pos)
{
	if (insufficient_material(pos))
		return BC_REASON_MATERIAL;
	if (pos->variant->def->fifty_move_rule && pos->halfmove >= 100)
		return BC_REASON_FIFTY_MOVES;
	return BC_REASON_NONE;
}

static void
update_result(bc_game *g)
{
	const bc_position *pos = &g->pos;

	g->result = BC_RESULT_NONE;
	g->reason = BC_REASON_NONE;
	bc_movegen_legal(pos, &g->legal);
	if (g->legal.count == 0) {
		if (bc_position_in_check(pos)) {
			g->result = pos->side == BC_WHITE
			    ? BC_RESULT_BLACK_WINS
			    : BC_RESULT_WHITE_WINS;
			g->reason = BC_REASON_CHECKMATE;
		} else {
			g->result = BC_RESULT_DRAW;
			g->reason = BC_REASON_STALEMATE;
		}
	} else {
		/* Material first, then repetition, then the 100 plies: the
		 * reason given when more than one applies. */
		bc_reason rule = bc_position_rule_draw(pos);

		if (rule != BC_REASON_MATERIAL && repetitions(g) >= 3)
			rule = BC_REASON_REPETITION;
		g->reason = rule;
		if (rule != BC_REASON_NONE)
			g->result = BC_RESULT_DRAW;
	}
}

static bool
is_legal_now(const bc_game *g, bc_move m)
{
	for (int i = 0; i < g->legal.count; i++)
		if (g->legal.moves[i] == m)
			return true;
	return false;
}

static int
play(bc_game *g, bc_move m)
{
	struct ply *p;

	if (g->result != BC_RESULT_NONE)
		return BC_EGAMEOVER;
	if (!is_legal_now(g, m))
		return BC_EILLEGAL;
	if (g->length == g->capacity) {
		int cap = g->capacity ? g->capacity * 2 : 64;
		struct ply *grown =
		    realloc(g->plies, (size_t)cap * sizeof *grown);

		if (!grown)
			return BC_ENOMEM;
		g->plies = grown;
		g->capacity = cap;
	}
	p = &g->plies[g->length++];
	p->hash_before = g->pos.hash;
	p->oldest = g->length > 1 ? p[-1].oldest : 0;
	bc_move_to_san(&g->pos, m, p->san, sizeof p->san);
	bc_position_make(&g->pos, m, &p->undo);
	p->irreversible = bc_position_irreversible(&g->pos, &p->undo);
	if (p->irreversible)
		p->oldest = g->length;
	update_result(g);
	return BC_OK;
}

int
bc_game_push(bc_game *g, bc_move m)
{
	int rc = play(g, m);

	if (rc == BC_OK)
		g->redo_count = 0;
	return rc;
}

int
bc_game_push_text(bc_game *g, const char *text, bc_error *err)
{
	bc_move m;
	int rc;

	if (g->result != BC_RESULT_NONE) {
		if (err) {
			memset(err, 0, sizeof *err);
			err->code = BC_EGAMEOVER;
			strcpy(err->message, "the game is over");
		}
		return BC_EGAMEOVER;
	}
	rc = bc_move_parse(&g->pos, text, &m, err);
	return rc == BC_OK ? bc_game_push(g, m) : rc;
}

int
bc_game_undo(bc_game *g)
{
	if (g->length == 0)
		return BC_ENOTFOUND;
	if (g->redo_count == g->redo_capacity) {
		int cap = g->redo_capacity ? g->redo_capacity * 2 : 64;
		bc_move *grown = realloc(g->redo, (size_t)cap * sizeof *grown);

		if (!grown)
			return BC_ENOMEM;
		g->redo = grown;
		g->redo_capacity = cap;
	}
	g->length--;
	g->redo[g->redo_count++] = g->plies[g->length].undo.move;
	bc_position_unmake(&g->pos, &g->plies[g->length].undo);
	update_result(g);
	return BC_OK;
}

int
bc_game_redo(bc_game *g)
{
	int rc;

	if (g->redo_count == 0)
		return BC_ENOTFOUND;
	rc = play(g, g->redo[g->redo_count - 1]);
	if (rc == BC_OK)
		g->redo_count--;
	return rc;
}

int
bc_game_redo_count(const bc_game *g)
{
	return g->redo_count;
}

bc_result
bc_game_result(const bc_game *g, bc_reason *reason)
{
	if (reason)
		*reason = g->reason;
	return g->result;
}

static void
end_game(bc_game *g, bc_result result, bc_reason reason)
{
	if (g->result != BC_RESULT_NONE)
		return;
	g->result = result;
	g->reason = reason;
}

void
bc_game_resign(bc_game *g, int color)
{
	end_game(g,
	    color == BC_WHITE ? BC_RESULT_BLACK_WINS : BC_RESULT_WHITE_WINS,
	    BC_REASON_RESIGNATION);
}

void
bc_game_lose_on_time(bc_game *g, int color)
{
	end_game(g,
	    color == BC_WHITE ? BC_RESULT_BLACK_WINS : BC_RESULT_WHITE_WINS,
	    BC_REASON_TIME);
}

void
bc_game_agree_draw(bc_game *g)
{
	end_game(g, BC_RESULT_DRAW, BC_REASON_AGREEMENT);
}

const char *
bc_result_text(bc_result r)
{
	switch (r) {
	case BC_RESULT_WHITE_WINS:
		return "1-0";
	case BC_RESULT_BLACK_WINS:
		return "0-1";
	case BC_RESULT_DRAW:
		return "1/2-1/2";
	default:
		return "*";
	}
}

const char *
bc_reason_text(bc_reason reason)
{
	static const char *const text[] = {
		[BC_REASON_NONE] = "",
		[BC_REASON_CHECKMATE] = "checkmate",
		[BC_REASON_STALEMATE] = "stalemate",
		[BC_REASON_REPETITION] = "threefold repetition",
		[BC_REASON_FIFTY_MOVES] =
		    "100 plies without capture or pawn move",
		[BC_REASON_MATERIAL] = "insufficient material",
		[BC_REASON_RESIGNATION] = "resignation",
		[BC_REASON_AGREEMENT] = "agreement",
		[BC_REASON_TIME] = "time",
	};

	return (unsigned)reason < sizeof text / sizeof text[0] ? text[reason]
	                                                       : "";
}
