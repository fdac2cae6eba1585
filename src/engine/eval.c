/*
 * eval.c - static evaluation: material, piece squares, pawn structure,
 * mobility and king safety, tapered between middle game and ending.
 *
 * Mobility and king attacks come from the rules library's count of each
 * side's pseudo-legal moves (bc_movegen_count: the generator's list,
 * counted piece by piece; for the side to move the list is kept, since
 * the search wants it next), so every fairy piece counts exactly as it
 * moves and nothing about movement is repeated here.  That is the
 * expensive part; the same pass marks on each square the types that
 * reach it, which is all the threat terms need (the cheapest attacker)
 * and all safe checks need (a type that can move to a checking square
 * the enemy does not reach).  When material,
 * squares and pawns already put the score far outside the search window
 * it is skipped (lazy evaluation).  Where
 * the table asks for safe mobility, moves to squares the enemy's pawns
 * attack do not count (a zone weight the rules' counter adds up marks
 * those squares).
 * Every term is computed for both colours by the same code, so the score
 * of a position and of its colour-flipped image are opposite.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "eval.h"

enum {
	PHASE_MAX = 256,
	LAZY_MARGIN = 500,
	KING_DANGER_MUL = 16,
	KING_DANGER_MAX = 600,
	MAX_ATTACKERS = 16,
	MAX_PASSERS = 16,
	MAX_FILES = BC_MAX_FILES,
	/* Weights of e->zone's cells.  A piece's moves into the 12-cell king
	 * zone stay below ZONE_UNSAFE even when a pawn's count once for
	 * each piece it may promote to (Hadean: 9 types, 5 squares). */
	ZONE_KING = 1,
	ZONE_UNSAFE = 64
};

static bool
on_board(const bc_variant *v, int cell)
{
	/* Also false on a cell the board lacks (HexChad's missing ones). */
	return bc_variant_cell_exists(v, BC_FILE(cell), BC_RANK(cell));
}

/* Rings from the edge toward the centre: 0 on the edge. */
static int
centrality(int files, int ranks, int f, int r)
{
	int df = abs(2 * f - (files - 1)), dr = abs(2 * r - (ranks - 1));
	int d = df > dr ? df : dr;
	int edge = (files > ranks ? files : ranks) - 1;

	return (edge - d) / 2;
}

static void
init_pst(struct eval_tables *t)
{
	const struct eval_params *p = t->params;

	for (int c = 0; c < 2; c++)
		for (int type = 1; type <= t->type_count; type++)
			for (int cell = 0; cell < BC_CELLS; cell++) {
				int rel = t->rel_rank[c][cell];
				int f = BC_FILE(cell), r = BC_RANK(cell);
				int centre, weight, mg = 0, eg = 0;
				const struct eval_piece *ep = NULL;

				if (!rel)
					continue;
				for (int i = 0; i < p->piece_count; i++)
					if (bc_variant_piece_type(t->variant,
					        p->pieces[i].letter) == type)
						ep = &p->pieces[i];
				/* A piece missing from the table counts 0. */
				weight = ep ? ep->center : 0;
				centre = centrality(t->files, t->ranks, f, r);
				if (t->flags[type] & EVAL_KING) {
					mg = rel > 2 ? -p->king_rank_mg * (rel - 2) : 0;
					eg = p->king_center_eg * centre;
				} else if (t->flags[type] & EVAL_PAWN) {
					/* Central pawns early, advanced ones late. */
					mg = weight * centrality(t->files, t->files,
					    f, t->files / 2);
					eg = rel > 2 ? p->advance_eg * (rel - 2) : 0;
				} else {
					mg = weight * centre;
					eg = weight * centre / 2 +
					    (ep ? ep->eg_center * centre : 0);
				}
				/* The ending's material beside its squares. */
				if (ep && !(t->flags[type] & EVAL_KING))
					eg += ep->eg_value;
				t->pst_mg[c][type][cell] = (int16_t)mg;
				t->pst_eg[c][type][cell] = (int16_t)eg;
			}
}

/* The evaluation's flags that are the rules' facts about a piece. */
static uint8_t
rules_flags(const bc_variant *v, int type)
{
	unsigned f = bc_variant_piece_flags(v, type);

	return (uint8_t)((f & BC_PIECE_PAWN ? EVAL_PAWN : 0) |
	    (f & BC_PIECE_ROYAL ? EVAL_KING : 0) |
	    (f & BC_PIECE_MINOR ? EVAL_MINOR : 0));
}

/*
 * Fills t->pawn_slot and t->pawn_hits from the rules: on an empty board,
 * which squares within two steps a lone pawn attacks, as the rules
 * library's attack test sees them (rank windows, a ninja pawn's halves).
 * False if there are more pawn types or squares than the table holds.
 */
static bool
init_pawn_hits(struct eval_tables *t, const bc_variant *v)
{
	bc_position start;
	uint8_t board[BC_CELLS];
	bc_square by[1];
	int slots = 0;

	bc_position_start(&start, v);
	for (int cell = 0; cell < BC_CELLS; cell++)
		board[cell] = start.board[cell] == BC_OFFBOARD ? BC_OFFBOARD
		                                               : BC_EMPTY;
	for (int type = 0; type < BC_MAX_TYPES; type++) {
		int slot = slots;

		t->pawn_slot[type] = -1;
		if (type < 1 || type > t->type_count ||
		    !(t->flags[type] & EVAL_PAWN))
			continue;
		if (slots++ == EVAL_PAWN_TYPES)
			return false;
		t->pawn_slot[type] = slot;
		for (int c = 0; c < 2; c++)
			for (int cell = BC_SQUARE(0, 0); cell < BC_CELLS; cell++) {
				uint16_t *hits = t->pawn_hits[slot][c][cell];
				int n = 0;

				if (!on_board(v, cell))
					continue;
				board[cell] = BC_PIECE(c, type);
				for (int dr = -2; dr <= 2; dr++)
					for (int df = -2; df <= 2; df++) {
						int to = cell + df + dr * BC_STRIDE;

						if ((!df && !dr) || to < 0 ||
						    to >= BC_CELLS ||
						    board[to] == BC_OFFBOARD ||
						    !bc_board_attackers(v, board,
						        (bc_square)to, c, by, 1))
							continue;
						if (n == EVAL_PAWN_HITS)
							return false;
						hits[n++] = (uint16_t)to;
					}
				board[cell] = BC_EMPTY;
			}
	}
	return true;
}

/* Whether type `a` is a more wanted attacker than `b`: cheaper, or as
 * cheap and a pawn where `b` is not (then by type, so no two tie). */
static bool
wanted_before(const struct eval_tables *t, int a, int b)
{
	bool pawn_a = t->flags[a] & EVAL_PAWN, pawn_b = t->flags[b] & EVAL_PAWN;

	if (t->value[a] != t->value[b])
		return t->value[a] < t->value[b];
	if (pawn_a != pawn_b)
		return pawn_a;
	return a < b;
}

/* Fills t->threat_mark and t->marked_type: the king 1, every other type
 * 2 and up, the most wanted attacker highest. */
static void
init_threat_marks(struct eval_tables *t)
{
	for (int a = 1; a <= t->type_count; a++) {
		int mark = 1;

		if (!(t->flags[a] & EVAL_KING)) {
			mark = 2;
			for (int b = 1; b <= t->type_count; b++)
				if (b != a && !(t->flags[b] & EVAL_KING) &&
				    wanted_before(t, a, b))
					mark++;
		}
		t->threat_mark[a] = (uint8_t)mark;
		t->marked_type[mark] = (uint8_t)a;
	}
}

/* Fills t->space_cells: each side's centre files (all but the two
 * outermost on each side) from its second rank to the middle. */
static void
init_space(struct eval_tables *t)
{
	for (int c = 0; c < 2; c++) {
		int n = 0;

		for (int cell = 0; cell < BC_CELLS; cell++) {
			int f = BC_FILE(cell), rel = t->rel_rank[c][cell];

			if (rel >= 2 && rel <= t->ranks / 2 && f >= 2 &&
			    f < t->files - 2 && n < EVAL_SPACE_CELLS)
				t->space_cells[c][n++] = (uint16_t)cell;
		}
		t->space_count[c] = n;
	}
}

/* Says in t->problem what is wrong with `v`'s table; returns false. */
static bool
incomplete(struct eval_tables *t, const bc_variant *v, const char *what)
{
	snprintf(t->problem, sizeof t->problem,
	    "the engine has no evaluation for %s: %s", bc_variant_name(v),
	    what);
	t->ready = false;
	return false;
}

bool
eval_tables_init(struct eval_tables *t, const bc_variant *v,
    const struct eval_params *p)
{
	const char *fen = bc_variant_start_fen(v);
	char what[96];

	memset(t, 0, sizeof *t);
	t->variant = v;
	if (!p)
		return incomplete(t, v, "no table of numbers");
	t->rules_params = *p;
	t->rules_params.fifty_move_rule = bc_variant_fifty_move_rule(v);
	if (!t->rules_params.king_danger_mul)
		t->rules_params.king_danger_mul = KING_DANGER_MUL;
	if (!t->rules_params.king_danger_max)
		t->rules_params.king_danger_max = KING_DANGER_MAX;
	t->params = &t->rules_params;
	t->type_count = bc_variant_piece_types(v);
	t->files = bc_variant_files(v);
	t->ranks = bc_variant_ranks(v);
	for (int i = 0; i < p->piece_count; i++)
		if (!bc_variant_piece_type(v, p->pieces[i].letter)) {
			snprintf(what, sizeof what, "a row for '%c', which is "
			    "not one of its pieces", p->pieces[i].letter);
			return incomplete(t, v, what);
		}
	for (int type = 1; type <= t->type_count; type++) {
		char letter = bc_variant_piece_letter(v, type);
		int found = 0;

		for (int i = 0; i < p->piece_count; i++) {
			const struct eval_piece *ep = &p->pieces[i];

			if (ep->letter != letter)
				continue;
			t->value[type] = ep->value;
			t->mobility[type] = ep->mobility;
			t->mobility_eg[type] =
			    (int16_t)(ep->mobility + ep->eg_mobility);
			t->attack[type] = ep->attack;
			t->flags[type] = (uint8_t)((ep->flags &
			    (EVAL_PAIR | EVAL_FILES)) |
			    rules_flags(v, type));
			found++;
		}
		if (found != 1) {
			snprintf(what, sizeof what, "%s for the %s (%c)",
			    found ? "more than one row" : "no row",
			    bc_variant_piece_name(v, type), letter);
			return incomplete(t, v, what);
		}
		if (t->flags[type] & EVAL_KING)
			t->royal_type = type;
		else if (!(t->flags[type] & EVAL_PAWN))
			t->checker_types |= (uint16_t)(1u << type);
	}
	if (!t->royal_type)
		return incomplete(t, v, "no royal piece");
	for (const char *c = fen; *c && *c != ' '; c++) {
		int type = bc_variant_piece_type(v, *c);

		if (*c >= 'A' && *c <= 'Z' && type &&
		    !(t->flags[type] & (EVAL_PAWN | EVAL_KING)))
			t->start_material += t->value[type];
	}
	for (int cell = 0; cell < BC_CELLS; cell++) {
		if (!on_board(v, cell) || cell < BC_SQUARE(0, 0))
			continue;
		t->rel_rank[BC_WHITE][cell] = (uint8_t)(BC_RANK(cell) + 1);
		t->rel_rank[BC_BLACK][cell] =
		    (uint8_t)(t->ranks - BC_RANK(cell));
		t->region[cell] =
		    (uint8_t)bc_variant_region(v, BC_FILE(cell), BC_RANK(cell));
	}
	init_pst(t);
	init_threat_marks(t);
	if (p->space)
		init_space(t);
	if ((p->safe_mobility || p->space || p->safe_check) &&
	    !init_pawn_hits(t, v))
		return incomplete(t, v, "a pawn that attacks more squares "
		    "than safe mobility looks at");
	t->ready = true;
	return true;
}

bool
eval_init(struct eval *e)
{
	int n = bc_variant_count();

	e->tables = calloc((size_t)n, sizeof *e->tables);
	if (!e->tables)
		return false;
	e->table_count = n;
	for (int i = 0; i < n; i++) {
		const bc_variant *v = bc_variant_at(i);

		eval_tables_init(&e->tables[bc_variant_id_of(v)], v,
		    eval_params_of(bc_variant_id_of(v)));
	}
	memset(e->zone, 0, sizeof e->zone);
	memset(e->pawn_hit, 0, sizeof e->pawn_hit);
	e->have_moves = false;
	return true;
}

void
eval_free(struct eval *e)
{
	if (!e)
		return;
	free(e->tables);
	e->tables = NULL;
	e->table_count = 0;
}

const char *
eval_problem(const struct eval *e, const bc_variant *v)
{
	int id = (int)bc_variant_id_of(v);

	if (id < 0 || id >= e->table_count)
		return "the engine does not know this variant";
	return e->tables[id].ready ? NULL : e->tables[id].problem;
}

const struct eval_tables *
eval_tables_of(const struct eval *e, const bc_position *pos)
{
	return &e->tables[bc_variant_id_of(pos->variant)];
}

struct pawn_files {
	int count[2][MAX_FILES + 2]; /* index file + 1: padding both sides */
	int most_back[2][MAX_FILES + 2]; /* the rank least advanced */
};

/* Rook-like pieces (EVAL_FILES) on files without own pawns. */
static void
files(const struct eval_tables *t, const bc_position *pos,
    const struct pawn_files *pf, int mg[2], int eg[2])
{
	const struct eval_params *p = t->params;

	for (int c = 0; c < 2; c++)
		for (int i = 0; i < pos->piece_count[c]; i++) {
			int cell = pos->piece_list[c][i];
			int f = BC_FILE(cell) + 1, bonus;

			if (!(t->flags[BC_PIECE_TYPE(pos->board[cell])] &
			    EVAL_FILES) || pf->count[c][f])
				continue;
			bonus = pf->count[!c][f] ? p->half_open_file
			                         : p->open_file;
			mg[c] += bonus;
			eg[c] += bonus / 2;
		}
}

static int
distance(int a, int b)
{
	int df = abs(BC_FILE(a) - BC_FILE(b)), dr = abs(BC_RANK(a) - BC_RANK(b));

	return df > dr ? df : dr;
}

/* Whether a pawn of side `us` stands on `cell`. */
static bool
own_pawn(const struct eval_tables *t, const bc_position *pos, int us,
    int cell)
{
	bc_piece piece = pos->board[cell];

	return piece != BC_EMPTY && piece != BC_OFFBOARD &&
	    BC_PIECE_COLOR(piece) == us &&
	    (t->flags[BC_PIECE_TYPE(piece)] & EVAL_PAWN);
}

/* Whether side `c`'s pawn on `cell` has an own pawn beside it or
 * diagonally behind it (a chain or a phalanx): pawns that guard each
 * other or can advance side by side. */
static bool
connected(const struct eval_tables *t, const bc_position *pos, int c,
    int cell)
{
	int behind = cell - (c == BC_WHITE ? BC_STRIDE : -BC_STRIDE);

	return own_pawn(t, pos, c, cell - 1) || own_pawn(t, pos, c, cell + 1) ||
	    own_pawn(t, pos, c, behind - 1) || own_pawn(t, pos, c, behind + 1);
}

/* `x` as a passer on relative rank `rel` has it: in full on the rank
 * before the last, falling with the square of the ranks short of it. */
static int
passer_scale(const struct eval_tables *t, int rel, int x)
{
	int span = t->ranks - 3;

	return x * (rel - 2) * (rel - 2) / (span * span);
}

/* What more a passer of side `c` on `cell` is worth than its rank says,
 * before the rank's scale (added to *mg and *eg scaled by it). */
static void
passer_extras(const struct eval_tables *t, const bc_position *pos, int c,
    int cell, int *mg, int *eg)
{
	const struct eval_params *p = t->params;
	int front = cell + (c == BC_WHITE ? BC_STRIDE : -BC_STRIDE);
	int rel = t->rel_rank[c][cell], x_mg = 0, x_eg = 0;
	bc_square guards[MAX_ATTACKERS];
	int n;

	if (pos->board[front] == BC_EMPTY)
		x_eg += p->passed_free;
	if (p->passed_protected) {
		n = bc_position_attackers(pos, (bc_square)cell, c, guards,
		    MAX_ATTACKERS);
		for (int i = 0; i < n && i < MAX_ATTACKERS; i++)
			if (t->flags[BC_PIECE_TYPE(pos->board[guards[i]])] &
			    EVAL_PAWN) {
				x_mg += p->passed_protected;
				x_eg += p->passed_protected;
				break;
			}
	}
	if (pos->board[front] != BC_OFFBOARD)
		x_eg += p->passed_king_far * distance(pos->king[!c], front) -
		    p->passed_king_near * distance(pos->king[c], front);
	*mg += passer_scale(t, rel, x_mg);
	*eg += passer_scale(t, rel, x_eg);
}

/* What the ending's complexity and scale count, found on the way. */
struct pawn_summary {
	int passers, side_pawns[2];
	/* Each side's passers (the first MAX_PASSERS), for passer_ways. */
	bc_square passer[2][MAX_PASSERS];
	int side_passers[2];
	bool promotes[2];
	int side_pieces[2], side_mating[2]; /* mating: not EVAL_MINOR */
	bool both_flanks;
};

/* Pawn structure, passers and material for the cheap part of the score.
 * Adds to mg[] and eg[] per colour. */
static void
material_and_pawns(const struct eval_tables *t, const bc_position *pos,
    int mg[2], int eg[2], int *phase, struct pawn_summary *ps)
{
	const struct eval_params *p = t->params;
	struct pawn_files pf;
	int npm = 0;
	bool flank[2] = { false, false };

	memset(ps, 0, sizeof *ps);
	for (int c = 0; c < 2; c++)
		for (int f = 0; f < MAX_FILES + 2; f++) {
			pf.count[c][f] = 0;
			pf.most_back[c][f] = c == BC_WHITE ? BC_MAX_RANKS : -1;
		}
	for (int c = 0; c < 2; c++) {
		int pairs = 0;

		for (int i = 0; i < pos->piece_count[c]; i++) {
			int cell = pos->piece_list[c][i];
			int type = BC_PIECE_TYPE(pos->board[cell]);

			mg[c] += t->value[type] + t->pst_mg[c][type][cell];
			eg[c] += t->value[type] + t->pst_eg[c][type][cell];
			if (t->flags[type] & EVAL_PAWN) {
				int f = BC_FILE(cell) + 1, r = BC_RANK(cell);

				pf.count[c][f]++;
				ps->side_pawns[c]++;
				if (c == BC_WHITE ? r < pf.most_back[c][f]
				                  : r > pf.most_back[c][f])
					pf.most_back[c][f] = r;
			} else if (!(t->flags[type] & EVAL_KING)) {
				npm += t->value[type];
				ps->side_pieces[c]++;
				if (!(t->flags[type] & EVAL_MINOR))
					ps->side_mating[c]++;
			}
			if (t->flags[type] & EVAL_PAIR)
				pairs++;
		}
		if (pairs >= 2) {
			mg[c] += p->pair_bonus;
			eg[c] += p->pair_bonus;
		}
	}
	if (p->open_file || p->half_open_file)
		files(t, pos, &pf, mg, eg);
	for (int f = 1; f <= t->files; f++)
		if (pf.count[0][f] || pf.count[1][f])
			flank[f > t->files / 2] = true;
	ps->both_flanks = flank[0] && flank[1];
	*phase = t->start_material
	    ? npm * PHASE_MAX / (2 * t->start_material)
	    : 0;
	if (*phase > PHASE_MAX)
		*phase = PHASE_MAX;

	for (int c = 0; c < 2; c++) {
		int them = !c;
		bool promotes = bc_position_can_promote(pos, c);

		ps->promotes[c] = promotes;
		for (int i = 0; i < pos->piece_count[c]; i++) {
			int cell = pos->piece_list[c][i];
			int type = BC_PIECE_TYPE(pos->board[cell]);
			int f, r, rel, bonus_mg, bonus_eg;
			bool passed = true;

			if (!(t->flags[type] & EVAL_PAWN))
				continue;
			f = BC_FILE(cell) + 1;
			r = BC_RANK(cell);
			if (pf.count[c][f] > 1) {
				mg[c] -= p->doubled;
				eg[c] -= p->doubled;
			}
			if (!pf.count[c][f - 1] && !pf.count[c][f + 1]) {
				mg[c] -= p->isolated;
				eg[c] -= p->isolated;
			}
			if ((p->connected_mg || p->connected_eg) &&
			    connected(t, pos, c, cell)) {
				mg[c] += p->connected_mg * (t->rel_rank[c][cell] - 1);
				eg[c] += p->connected_eg * (t->rel_rank[c][cell] - 1);
			}
			/* Passed: no enemy pawn ahead on this or a next file. */
			for (int df = -1; df <= 1 && passed; df++) {
				int back = pf.most_back[them][f + df];

				if (!pf.count[them][f + df])
					continue;
				passed = c == BC_WHITE ? back <= r : back >= r;
			}
			if (!passed)
				continue;
			ps->passers++;
			if (ps->side_passers[c] < MAX_PASSERS)
				ps->passer[c][ps->side_passers[c]++] =
				    (bc_square)cell;
			rel = t->rel_rank[c][cell];
			bonus_mg = passer_scale(t, rel, p->passed_mg);
			bonus_eg = passer_scale(t, rel, p->passed_eg);
			if (p->passed_free || p->passed_protected ||
			    p->passed_king_far || p->passed_king_near)
				passer_extras(t, pos, c, cell, &bonus_mg,
				    &bonus_eg);
			if (!promotes) {
				bonus_mg = bonus_mg * p->no_promo_percent / 100;
				bonus_eg = bonus_eg * p->no_promo_percent / 100;
			}
			mg[c] += bonus_mg;
			eg[c] += bonus_eg;
		}
	}
}

/* Own pawns just in front of a king still near its first rank. */
static int
shelter(const struct eval_tables *t, const bc_position *pos, int c)
{
	int king = pos->king[c];
	int forward = c == BC_WHITE ? BC_STRIDE : -BC_STRIDE;
	int n = 0;

	if (t->rel_rank[c][king] > 3 || !t->params->shelter)
		return 0;
	for (int df = -1; df <= 1; df++)
		for (int step = 1; step <= 2; step++)
			if (own_pawn(t, pos, c, king + df + step * forward)) {
				n++;
				break;
			}
	return n * t->params->shelter;
}

/* The squares the piece of `them` on `cell` attacks if it is a pawn
 * (ended by 0 when fewer than EVAL_PAWN_HITS), else NULL. */
static const uint16_t *
pawn_hits_at(const struct eval_tables *t, const bc_position *pos, int them,
    int cell)
{
	int slot = t->pawn_slot[BC_PIECE_TYPE(pos->board[cell])];

	return slot < 0 ? NULL : t->pawn_hits[slot][them][cell];
}

/* Lists in e->pawn_hits[them] the squares the pawns of `them` attack
 * (for safe mobility or space); with safe mobility, adds ZONE_UNSAFE to
 * them in the zone, which clear_pawn_hits takes off again. */
static void
mark_pawn_hits(struct eval *e, const struct eval_tables *t,
    const bc_position *pos, int them)
{
	uint16_t *list = e->pawn_hits[them];
	int n = 0;

	if (t->params->safe_mobility || t->params->space ||
	    t->params->safe_check)
		for (int i = 0; i < pos->piece_count[them]; i++) {
			const uint16_t *hits =
			    pawn_hits_at(t, pos, them, pos->piece_list[them][i]);

			for (int k = 0; hits && k < EVAL_PAWN_HITS && hits[k];
			     k++)
				list[n++] = hits[k];
		}
	e->pawn_hit_count[them] = n;
	if (t->params->safe_mobility)
		for (int i = 0; i < n; i++)
			e->zone[list[i]] |= ZONE_UNSAFE;
}

static void
clear_pawn_hits(struct eval *e, int them)
{
	for (int i = 0; i < e->pawn_hit_count[them]; i++)
		e->zone[e->pawn_hits[them][i]] &= (uint8_t)~ZONE_UNSAFE;
}

/* Side `us`'s pressure on the enemy king: the units its pieces' moves
 * into the king's zone weigh and how many pieces make them. */
struct king_attack {
	int units, attackers;
};

/*
 * Mobility of side `us` and its pressure on the enemy king's zone (the
 * squares round the king and two ranks in front of it), from its
 * pseudo-legal moves as the rules library counts them; Chad's terms also
 * want the squares they reach (`reached`, when not NULL).
 */
static void
activity(struct eval *e, const struct eval_tables *t, const bc_position *pos,
    int us, uint16_t *reached, int *mg, int *eg, struct king_attack *ka)
{
	int king = pos->king[!us];
	int toward = us == BC_WHITE ? -1 : 1; /* from their king toward us */
	int mobility = 0, mobility_eg = 0;
	bc_move_counts *counts = &e->counts;

	/* The zone: files kf-1..kf+1, ranks from one behind the king to
	 * two in front of it, toward us, weighing ZONE_KING; the squares
	 * the enemy's pawns attack weigh ZONE_UNSAFE besides, so each
	 * piece's zone_moves holds both counts.  Cells beyond the edge are
	 * sentinels no move lands on. */
	for (int dr = -1; dr <= 2; dr++)
		for (int df = -1; df <= 1; df++)
			e->zone[king + df + dr * toward * BC_STRIDE] = ZONE_KING;
	mark_pawn_hits(e, t, pos, !us);
	/* The side to move's list is kept for the search. */
	if (us == pos->side)
		bc_movegen_pseudo_counted(pos, &e->scratch[us], e->zone,
		    reached, t->threat_mark, counts);
	else
		bc_movegen_count(pos, us, e->zone, reached, t->threat_mark,
		    counts);
	clear_pawn_hits(e, !us);
	for (int dr = -1; dr <= 2; dr++)
		for (int df = -1; df <= 1; df++)
			e->zone[king + df + dr * toward * BC_STRIDE] = 0;

	for (int i = 0; i < counts->count; i++) {
		int type = BC_PIECE_TYPE(pos->board[pos->piece_list[us][i]]);
		int in_zone = counts->zone_moves[i] % ZONE_UNSAFE;
		int unsafe = counts->zone_moves[i] / ZONE_UNSAFE;
		int moves = counts->moves[i] - unsafe;

		mobility += t->mobility[type] * moves;
		mobility_eg += t->mobility_eg[type] * moves;
		if (t->attack[type] && in_zone) {
			ka->units += t->attack[type] * in_zone;
			ka->attackers++;
		}
	}
	*mg += mobility;
	*eg += mobility_eg;
}

/* Sets (`on` 1) or clears (0) e->pawn_hit on the squares the pawns of
 * `them` attack, as listed in e->pawn_hits. */
static void
mark_pawn_hit(struct eval *e, int them, uint8_t on)
{
	for (int i = 0; i < e->pawn_hit_count[them]; i++)
		e->pawn_hit[e->pawn_hits[them][i]] = on;
}

/*
 * How many of side `us`'s piece types (not pawns or the king) could give
 * a safe check: move to an empty square from which they would attack the
 * enemy king and which no enemy piece reaches and no enemy pawn attacks.
 * Wants both sides' e->reached and the enemy pawns' squares in
 * e->pawn_hit (mark_pawn_hit).
 */
static int
safe_checks(const struct eval *e, const struct eval_tables *t,
    const bc_position *pos, int us)
{
	enum { MAX_CHECK_SQUARES = 128 };
	bc_square squares[MAX_CHECK_SQUARES];
	uint16_t types[MAX_CHECK_SQUARES], checking = 0;
	int n, count = 0;

	n = bc_board_check_squares(pos->variant, pos->board, pos->king[!us],
	    us, squares, types, MAX_CHECK_SQUARES);
	if (n > MAX_CHECK_SQUARES)
		n = MAX_CHECK_SQUARES;
	for (int i = 0; i < n; i++) {
		int sq = squares[i];
		uint16_t fits = types[i] & t->checker_types & (uint16_t)~checking;

		if (!fits || !e->reached[us][sq] || e->reached[!us][sq] ||
		    e->pawn_hit[sq])
			continue;
		for (int type = 1; type <= t->type_count; type++)
			if (((fits >> type) & 1) &&
			    (e->reached[us][sq] >> t->threat_mark[type]) & 1)
				checking |= (uint16_t)(1u << type);
	}
	for (; checking; checking &= (uint16_t)(checking - 1))
		count++;
	return count;
}

/* The middle-game score of side `us`'s king attack: the units squared,
 * once two pieces take part. */
static int
king_danger(const struct eval_tables *t, const struct king_attack *ka)
{
	const struct eval_params *p = t->params;
	int danger;

	if (ka->attackers < 2 || ka->units <= 0)
		return 0;
	danger = ka->units * ka->units * p->king_danger_mul / 64;
	return danger < p->king_danger_max ? danger : p->king_danger_max;
}

/* The highest mark among `bits` (not 0): the cheapest attacker's. */
static int
top_mark(unsigned bits)
{
	int mark = 0;

	while (bits >>= 1)
		mark++;
	return mark;
}

/*
 * Side `us`'s passers whose way the enemy does not bar: the square in
 * front empty and out of the enemy's reach (passed_safe), and every
 * square on to the last rank out of its reach and free of its pieces
 * (passed_path), each scaled by rank as passed_mg is, and as much in the
 * middle game as in the ending.  Wants the enemy's e->reached.
 */
static int
passer_ways(const struct eval *e, const struct eval_tables *t,
    const bc_position *pos, const struct pawn_summary *ps, int us)
{
	const struct eval_params *p = t->params;
	const uint16_t *theirs = e->reached[!us];
	int forward = us == BC_WHITE ? BC_STRIDE : -BC_STRIDE;
	int score = 0;

	for (int i = 0; i < ps->side_passers[us]; i++) {
		int cell = ps->passer[us][i], rel = t->rel_rank[us][cell];
		int front = cell + forward, bonus = 0;
		bool path = true;

		if (pos->board[front] != BC_EMPTY || theirs[front])
			continue;
		bonus += p->passed_safe;
		for (int sq = front; path && pos->board[sq] != BC_OFFBOARD;
		    sq += forward)
			path = !theirs[sq] && (pos->board[sq] == BC_EMPTY ||
			    BC_PIECE_COLOR(pos->board[sq]) == us);
		if (path)
			bonus += p->passed_path;
		bonus = passer_scale(t, rel, bonus);
		if (!ps->promotes[us])
			bonus = bonus * p->no_promo_percent / 100;
		score += bonus;
	}
	return score;
}

/*
 * Side `us`'s threats on the enemy's pieces: `reached` holds, on each
 * square its pseudo-legal moves land on, the mark bits of the pieces
 * that land there (init_threat_marks), so an enemy piece there is
 * attacked, and the highest bit names the cheapest attacker.
 */
static int
threats(const struct eval_tables *t, const bc_position *pos, int us,
    const uint16_t *reached)
{
	const struct eval_params *p = t->params;
	int them = !us, score = 0;

	for (int i = 0; i < pos->piece_count[them]; i++) {
		int cell = pos->piece_list[them][i];
		int type = BC_PIECE_TYPE(pos->board[cell]);
		int by;

		if (!reached[cell] || (t->flags[type] & EVAL_KING))
			continue;
		by = t->marked_type[top_mark(reached[cell])];
		/* The king (attacking alone) takes only what is not
		 * guarded. */
		if ((t->flags[by] & EVAL_PAWN) && !(t->flags[type] & EVAL_PAWN))
			score += p->threat_pawn;
		else if (!(t->flags[by] & EVAL_KING) &&
		    t->value[by] < t->value[type])
			score += p->threat_lesser;
		else if (!bc_position_attacked(pos, (bc_square)cell, them))
			score += p->hanging;
	}
	return score;
}

/* Side `us`'s space (eval_params' space), once both sides' moves are
 * counted: e->pawn_hit marks the enemy pawns' squares (mark_pawn_hit),
 * e->reached the enemy pieces'. */
static int
space(const struct eval *e, const struct eval_tables *t, const bc_position *pos,
    int us)
{
	int them = !us, forward = us == BC_WHITE ? BC_STRIDE : -BC_STRIDE;
	int units = 0, weight = pos->piece_count[us] - 1;

	for (int i = 0; i < t->space_count[us]; i++) {
		int cell = t->space_cells[us][i];

		if (e->pawn_hit[cell] || own_pawn(t, pos, us, cell))
			continue;
		units++;
		if (!e->reached[them][cell] &&
		    (own_pawn(t, pos, us, cell + forward) ||
		        own_pawn(t, pos, us, cell + 2 * forward)))
			units++;
	}
	return units * weight * weight * t->params->space / 256;
}

/*
 * The ending's score `eg` (for the side to move) as the ending's
 * complexity and scale have it: the complexity added in the leader's
 * favour (when negative, never past 0), then the whole scaled by the
 * leader's pawns, unless a piece of the leader's mates the other side's
 * bare king.
 */
static int
ending_score(const struct eval_tables *t, const bc_position *pos,
    const struct pawn_summary *ps, int eg)
{
	const struct eval_params *p = t->params;
	int white = pos->king[BC_WHITE], black = pos->king[BC_BLACK];
	int outflank = abs(BC_FILE(white) - BC_FILE(black)) -
	    abs(BC_RANK(white) - BC_RANK(black));
	int pawns = ps->side_pawns[0] + ps->side_pawns[1];
	int cx = p->cx_pawn * pawns + p->cx_passer * ps->passers +
	    p->cx_flanks * ps->both_flanks + p->cx_outflank * outflank +
	    p->cx_pawns_only * !(ps->side_pieces[0] + ps->side_pieces[1]) +
	    p->cx_base;
	int leader = eg > 0 ? pos->side : !pos->side;
	int scale = p->scale_base + p->scale_pawn * ps->side_pawns[leader];
	bool bare;

	if (cx < -abs(eg))
		cx = -abs(eg);
	eg += eg > 0 ? cx : eg < 0 ? -cx : 0;
	/* A piece that mates alone against a bare king: no scale. */
	bare = !ps->side_pieces[!leader] && !ps->side_pawns[!leader];
	if ((p->scale_base || p->scale_pawn) && scale < 64 &&
	    !(bare && ps->side_mating[leader]))
		eg = eg * (scale > 0 ? scale : 0) / 64;
	return eg;
}

static int
taper(int mg, int eg, int phase)
{
	return (mg * phase + eg * (PHASE_MAX - phase)) / PHASE_MAX;
}

int
eval_position(struct eval *e, const bc_position *pos, int alpha, int beta)
{
	const struct eval_tables *t = eval_tables_of(e, pos);
	const struct eval_params *p = t->params;
	bool threat = p->threat_pawn || p->threat_lesser || p->hanging;
	bool want_reached = p->castles || threat || p->space ||
	    p->safe_check || p->passed_safe || p->passed_path;
	struct king_attack ka[2] = { { 0, 0 }, { 0, 0 } };
	struct pawn_summary ps;
	int mg[2] = { 0, 0 }, eg[2] = { 0, 0 };
	int phase, us = pos->side, score, ending;

	e->have_moves = false;
	material_and_pawns(t, pos, mg, eg, &phase, &ps);
	score = taper(mg[us] - mg[!us], eg[us] - eg[!us], phase);
	if (score + LAZY_MARGIN <= alpha || score - LAZY_MARGIN >= beta)
		return score + p->tempo;
	e->have_moves = true;

	/* Both sides' moves first: space looks at the enemy's. */
	for (int c = 0; c < 2; c++) {
		uint16_t *reached = NULL;

		if (want_reached) {
			memset(e->reached[c], 0, sizeof e->reached[c]);
			reached = e->reached[c];
		}
		activity(e, t, pos, c, reached, &mg[c], &eg[c], &ka[c]);
	}
	for (int c = 0; c < 2; c++) {
		if (p->safe_check || p->space)
			mark_pawn_hit(e, !c, 1);
		if (p->safe_check) {
			int checks = safe_checks(e, t, pos, c);

			ka[c].units += p->safe_check * checks;
			ka[c].attackers += checks;
		}
		mg[c] += king_danger(t, &ka[c]) + shelter(t, pos, c);
		if (p->castles)
			mg[c] += eval_chad(t, pos, c, e->reached[c]);
		if (threat) {
			int s = threats(t, pos, c, e->reached[c]);

			mg[c] += s;
			eg[c] += s;
		}
		if (p->space)
			mg[c] += space(e, t, pos, c);
		if (p->passed_safe || p->passed_path) {
			int s = passer_ways(e, t, pos, &ps, c);

			mg[c] += s;
			eg[c] += s;
		}
		if (p->safe_check || p->space)
			mark_pawn_hit(e, !c, 0);
	}
	if (p->castles) /* Chad has no ending: no taper */
		return mg[us] - mg[!us] + p->tempo;
	ending = ending_score(t, pos, &ps, eg[us] - eg[!us]);
	return taper(mg[us] - mg[!us], ending, phase) + p->tempo;
}
