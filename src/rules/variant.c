/*
 * variant.c - the variant registry, and the tables derived once from each
 * variant's data: ray steps as cell offsets, relative ranks, regions,
 * promotion zones, reverse attack directions and Zobrist keys.
 *
 * The derived tables are filled exactly once (call_once) and only read
 * afterwards, so the descriptors are safe to share between threads.
 */
#include <ctype.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <threads.h>

#include "bigchess/random.h"
#include "variant_def.h"

static const struct variant_def *const defs[BC_VARIANT_COUNT] = {
	[BC_VARIANT_GRAND] = &grand_def,
	[BC_VARIANT_CHAD] = &chad_def,
	[BC_VARIANT_HADEAN] = &hadean_def,
	[BC_VARIANT_HEXCHAD] = &hexchad_def,
	[BC_VARIANT_HADEAN_NINJA] = &hadean_ninja_def,
};

/* The order lists show: by key.  Every id appears exactly once. */
static const bc_variant_id listed[BC_VARIANT_COUNT] = {
	BC_VARIANT_CHAD,
	BC_VARIANT_GRAND,
	BC_VARIANT_HADEAN,
	BC_VARIANT_HADEAN_NINJA,
	BC_VARIANT_HEXCHAD,
};

/* The mailbox's size when boards had at most 12 ranks. */
enum { OLD_CELLS = 20 * BC_STRIDE };

static struct bc_variant variants[BC_VARIANT_COUNT];
static once_flag variants_once = ONCE_FLAG_INIT;

static bool
differs_ignoring_case(const char *a, const char *b)
{
	for (; *a && *b; a++, b++)
		if (tolower((unsigned char)*a) != tolower((unsigned char)*b))
			return true;
	return *a != *b;
}

static bool
in_rect(const struct rect *r, int file, int rank)
{
	return file >= r->file_min && file <= r->file_max &&
	    rank >= r->rank_min && rank <= r->rank_max;
}

/*
 * The wall: the cells outside the castle that share an edge with it, one
 * of the variant's wall steps away (a square board's are the orthogonal
 * ones, giving the ring round the castle without its four corners).
 */
static bool
in_wall(const struct variant_def *d, const struct rect *r, int file,
    int rank)
{
	static const struct step orthogonal[] = {
		{ 1, 0 }, { -1, 0 }, { 0, 1 }, { 0, -1 }
	};
	const struct step *steps = d->wall_step_count ? d->wall_steps
	                                              : orthogonal;
	int n = d->wall_step_count ? d->wall_step_count : 4;

	if (in_rect(r, file, rank))
		return false;
	for (int i = 0; i < n; i++)
		if (in_rect(r, file + steps[i].df, rank + steps[i].dr))
			return true;
	return false;
}

static void
init_regions(struct bc_variant *v)
{
	const struct variant_def *d = v->def;
	const struct rect *white = &d->castle;

	if (!d->has_castles)
		return;
	/* Black's castle and wall are the half-turn image of White's. */
	for (int r = 0; r < d->ranks; r++)
		for (int f = 0; f < d->files; f++) {
			uint8_t *cell = &v->region[BC_SQUARE(f, r)];
			int bf = d->files - 1 - f, br = d->ranks - 1 - r;

			if (!v->rel_rank[BC_WHITE][BC_SQUARE(f, r)])
				continue;
			if (in_rect(white, f, r))
				*cell |= BC_REGION_CASTLE_WHITE;
			if (in_rect(white, bf, br))
				*cell |= BC_REGION_CASTLE_BLACK;
			if (in_wall(d, white, f, r))
				*cell |= BC_REGION_WALL_WHITE;
			if (in_wall(d, white, bf, br))
				*cell |= BC_REGION_WALL_BLACK;
		}
}

static void
init_promotion(struct bc_variant *v)
{
	const struct variant_def *d = v->def;
	int n = 0;

	for (const char *c = d->promo_letters; *c; c++)
		v->promo_types[n++] = v->type_of_letter[(unsigned char)*c];
	for (int color = 0; color < 2; color++)
		for (int sq = 0; sq < BC_CELLS; sq++) {
			int rel = v->rel_rank[color][sq];
			uint8_t *zone = &v->promo_zone[color][sq];

			if (!rel)
				continue;
			if (d->promo_in_enemy_castle)
				*zone = in_own_castle(v, !color, sq)
				    ? ZONE_FORCED
				    : ZONE_NONE;
			else if (rel == d->ranks)
				*zone = ZONE_FORCED;
			else if (d->promo_first_rank &&
			    rel >= d->promo_first_rank)
				*zone = ZONE_OPTIONAL;
		}
}

/* Marks the multiples of (df, dr) and of its half turn in v->line
 * (for Black's rays too, a mirror image: the caller marks both). */
static void
mark_line(struct bc_variant *v, int df, int dr)
{
	for (int k = -LINE_SPAN; k <= LINE_SPAN; k++) {
		int f = k * df, r = k * dr;

		if (k && f >= -LINE_SPAN && f <= LINE_SPAN &&
		    r >= -LINE_SPAN && r <= LINE_SPAN)
			v->line[line_index(f, r)] = 1;
	}
}

/*
 * Groups every capturing ray of every piece type by its reverse step, so
 * that an attack test scans each direction from the target only once.
 */
static void
init_attacks(struct bc_variant *v)
{
	for (int color = 0; color < 2; color++) {
		int *count = &v->attack_count[color];

		for (int t = 1; t <= v->def->type_count; t++)
			for (int i = 0; i < v->ray_count[t]; i++) {
				const struct ray *r =
				    &v->def->pieces[t].rays[i];
				int step = v->gen_ray[color][t][i].step;
				struct attack_dir a = {
					.step = (int16_t)-step,
					/* Black's rays: White's mirrored or
					 * turned, as in v->gen_ray. */
					.df = (int8_t)(color == BC_BLACK &&
					        v->def->rays_half_turn
					    ? r->df : -r->df),
					.dr = (int8_t)(color == BC_BLACK
					    ? r->dr : -r->dr),
					.fly = r->flags & RAY_NINJA ? FLY_NINJA
					    : r->flags & RAY_FLY    ? FLY_JUMP
					                            : FLY_NONE,
					.from_min = r->from_min,
					.from_max = r->from_max,
				};
				int k;

				if (!(r->flags & RAY_CAPTURE))
					continue;
				/* Captures reach one square, to the edge, or fly. */
				if (!a.fly && r->range > 1)
					abort(); /* a descriptor bug */
				for (k = 0; k < *count; k++) {
					struct attack_dir *b =
					    &v->attack[color][k];

					if (b->step == a.step &&
					    b->fly == a.fly &&
					    b->from_min == a.from_min &&
					    b->from_max == a.from_max)
						break;
				}
				if (k == *count) {
					if (*count == MAX_ATTACK_DIRS)
						abort(); /* a descriptor bug */
					v->attack[color][(*count)++] = a;
				}
				if (r->range == 1)
					v->attack[color][k].near_types |=
					    (uint16_t)(1u << t);
				else
					v->attack[color][k].far_types |=
					    (uint16_t)(1u << t);
				if (r->range != 1 && !a.fly) {
					mark_line(v, r->df, r->dr);
					mark_line(v, r->df, -r->dr);
				}
			}
	}
}

/* Fills v->check_dir from v->attack: each type's attacks laid out by
 * where the attacker stands relative to the king it attacks. */
static void
init_check_dirs(struct bc_variant *v)
{
	for (int color = 0; color < 2; color++)
		for (int k = 0; k < v->attack_count[color]; k++) {
			const struct attack_dir *a = &v->attack[color][k];

			for (int t = 1; t <= v->def->type_count; t++) {
				/* Steps from the king: any number, one, or
				 * none (the type does not attack this way). */
				int reach = (a->far_types >> t) & 1 ? LINE_SPAN
				    : (a->near_types >> t) & 1;

				for (int n = 1; n <= reach; n++) {
					int f = n * a->df, r = n * a->dr;
					uint8_t *dir;

					if (f < -LINE_SPAN || f > LINE_SPAN ||
					    r < -LINE_SPAN || r > LINE_SPAN)
						break;
					dir = &v->check_dir[color][t]
					    [line_index(f, r)];
					*dir = a->fly || (*dir && *dir != k + 1)
					    ? CHECK_DIR_MANY
					    : (uint8_t)(k + 1);
				}
			}
		}
}

static void
init_castling(struct bc_variant *v)
{
	const struct variant_def *d = v->def;

	if (d->castling == CASTLING_NONE)
		return;
	for (int color = 0; color < 2; color++) {
		int rank = color == BC_WHITE ? 0 : d->ranks - 1;
		int king_side = color == BC_WHITE ? BC_CASTLE_WK : BC_CASTLE_BK;
		int queen_side =
		    color == BC_WHITE ? BC_CASTLE_WQ : BC_CASTLE_BQ;

		v->castle_mask[BC_SQUARE(d->castle_king_file, rank)] |=
		    (uint8_t)(king_side | queen_side);
		v->castle_mask[BC_SQUARE(d->castle_rook_file[0], rank)] |=
		    (uint8_t)king_side;
		v->castle_mask[BC_SQUARE(d->castle_rook_file[1], rank)] |=
		    (uint8_t)queen_side;
	}
}

/*
 * Flexible castling is written O-O-n toward the king-side rook and
 * O-O-O-n toward the other, n from 1 to one less than the rook's
 * distance (notation.c reads it so).
 */
static void
init_castling_text(struct bc_variant *v)
{
	const struct variant_def *d = v->def;

	if (d->castling != CASTLING_FLEXIBLE)
		return;
	snprintf(v->castling_text, sizeof v->castling_text,
	    "O-O-1 to O-O-%d, O-O-O-1 to O-O-O-%d",
	    abs(d->castle_rook_file[0] - d->castle_king_file) - 1,
	    abs(d->castle_rook_file[1] - d->castle_king_file) - 1);
}

/* Counts each White piece type in the placement field of the start FEN. */
static void
init_start_counts(struct bc_variant *v)
{
	for (const char *c = v->def->start_fen; *c && *c != ' '; c++)
		if (isupper((unsigned char)*c)) {
			v->start_count[v->type_of_letter[(unsigned char)*c]]++;
			v->max_pieces++;
		}
}

static void
init_variant(struct bc_variant *v, const struct variant_def *d)
{
	uint64_t seed = 0x6269676368657373ULL + (uint64_t)d->id;

	memset(v, 0, sizeof *v);
	v->def = d;
	for (int t = 1; t <= d->type_count; t++) {
		const struct piece_def *p = &d->pieces[t];
		int n = 0;

		while (n < MAX_RAYS && (p->rays[n].df || p->rays[n].dr)) {
			const struct ray *r = &p->rays[n];
			struct gen_ray g = {
				.range = r->range ? r->range : BC_MAX_RANKS,
				.flags = r->flags,
				.from_min = r->from_min,
				.from_max = r->from_max,
				.to_max = r->to_max,
				.piece_flags = (uint8_t)p->flags,
			};
			bool anywhere = !r->from_min && !r->to_max &&
			    !(p->flags & PIECE_CONFINED);

			g.walk = anywhere && r->flags == RAY_ANY &&
			        !(p->flags & (PIECE_PROMOTES | PIECE_EN_PASSANT))
			    ? WALK_PLAIN
			    : anywhere && g.range == 1 && !(r->flags & ~RAY_ANY)
			    ? WALK_STEP
			    : WALK_FULL;

			g.step = (int16_t)(r->df + r->dr * BC_STRIDE);
			v->gen_ray[BC_WHITE][t][n] = g;
			g.step = d->rays_half_turn
			    ? (int16_t)(-r->df - r->dr * BC_STRIDE)
			    : (int16_t)(r->df - r->dr * BC_STRIDE);
			v->gen_ray[BC_BLACK][t][n] = g;
			if (r->flags & RAY_FLY)
				v->has_flyers = true;
			n++;
		}
		v->ray_count[t] = (uint8_t)n;
		v->type_of_letter[(unsigned char)p->letter] = (uint8_t)t;
		v->type_of_letter[tolower((unsigned char)p->letter)] =
		    (uint8_t)t;
		if (p->flags & PIECE_ROYAL)
			v->royal_type = (uint8_t)t;
		if (p->flags & PIECE_CONFINED)
			v->confined_types |= (uint16_t)(1u << t);
	}
	for (const char *c = d->minor_letters; *c; c++)
		v->minor_types |=
		    (uint16_t)(1u << v->type_of_letter[(unsigned char)*c]);
	for (int r = 0; r < d->ranks; r++)
		for (int f = 0; f < d->files; f++) {
			if (d->rank_spans && (f < d->rank_spans[r].first ||
			                         f > d->rank_spans[r].last))
				continue;
			v->rel_rank[BC_WHITE][BC_SQUARE(f, r)] =
			    (uint8_t)(r + 1);
			v->rel_rank[BC_BLACK][BC_SQUARE(f, r)] =
			    (uint8_t)(d->ranks - r);
		}
	init_regions(v);
	init_promotion(v);
	init_attacks(v);
	init_check_dirs(v);
	init_castling(v);
	init_castling_text(v);
	init_start_counts(v);
	/*
	 * The keys of the first 20 rows come first, in the order they had
	 * before the board grew to 13 ranks, so that the 12-rank variants
	 * kept every key (and the bench its node counts).
	 */
	for (int p = 0; p < 32; p++)
		for (int sq = 0; sq < OLD_CELLS; sq++)
			v->zobrist[p][sq] = bc_random_next(&seed);
	v->zobrist_side = bc_random_next(&seed);
	for (int c = 1; c < 16; c++)
		v->zobrist_castling[c] = bc_random_next(&seed);
	for (int p = 0; p < 32; p++)
		for (int sq = OLD_CELLS; sq < BC_CELLS; sq++)
			v->zobrist[p][sq] = bc_random_next(&seed);
}

static void
init_all(void)
{
	for (int i = 0; i < BC_VARIANT_COUNT; i++)
		init_variant(&variants[i], defs[i]);
}

const bc_variant *
bc_variant_get(bc_variant_id id)
{
	if ((int)id < 0 || id >= BC_VARIANT_COUNT)
		return NULL;
	call_once(&variants_once, init_all);
	return &variants[id];
}

int
bc_variant_count(void)
{
	return BC_VARIANT_COUNT;
}

const bc_variant *
bc_variant_at(int i)
{
	if (i < 0 || i >= BC_VARIANT_COUNT)
		return NULL;
	return bc_variant_get(listed[i]);
}

int
bc_variant_index(const bc_variant *v)
{
	int i = 0;

	while (i < BC_VARIANT_COUNT - 1 && listed[i] != v->def->id)
		i++;
	return i;
}

const bc_variant *
bc_variant_default(void)
{
	return bc_variant_get(BC_VARIANT_GRAND);
}

size_t
bc_variant_list_keys(char *buf, size_t size, const char *last)
{
	size_t len = 0;

	if (size)
		buf[0] = '\0';
	for (int i = 0; i < BC_VARIANT_COUNT; i++) {
		bool final = i > 0 && i == BC_VARIANT_COUNT - 1;
		int n = snprintf(len < size ? buf + len : NULL,
		    len < size ? size - len : 0, "%s%s%s%s",
		    i == 0 ? "" : final ? " " : ", ", final ? last : "",
		    final ? " " : "", defs[listed[i]]->key);

		if (n > 0)
			len += (size_t)n;
	}
	return len;
}

const bc_variant *
bc_variant_find(const char *name)
{
	if (!name)
		return NULL;
	for (int i = 0; i < BC_VARIANT_COUNT; i++)
		if (!differs_ignoring_case(name, defs[i]->key) ||
		    !differs_ignoring_case(name, defs[i]->name))
			return bc_variant_get((bc_variant_id)i);
	return NULL;
}

bc_variant_id
bc_variant_id_of(const bc_variant *v)
{
	return v->def->id;
}

const char *
bc_variant_key(const bc_variant *v)
{
	return v->def->key;
}

const char *
bc_variant_name(const bc_variant *v)
{
	return v->def->name;
}

const char *
bc_variant_start_fen(const bc_variant *v)
{
	return v->def->start_fen;
}

int
bc_variant_files(const bc_variant *v)
{
	return v->def->files;
}

int
bc_variant_ranks(const bc_variant *v)
{
	return v->def->ranks;
}

int
bc_variant_piece_types(const bc_variant *v)
{
	return v->def->type_count;
}

static bool
valid_type(const bc_variant *v, int type)
{
	return type >= 1 && type <= v->def->type_count;
}

char
bc_variant_piece_letter(const bc_variant *v, int type)
{
	return valid_type(v, type) ? v->def->pieces[type].letter : '?';
}

const char *
bc_variant_piece_name(const bc_variant *v, int type)
{
	return valid_type(v, type) ? v->def->pieces[type].name : "";
}

const char *
bc_variant_piece_betza(const bc_variant *v, int type)
{
	return valid_type(v, type) ? v->def->pieces[type].betza : "";
}

const char *
bc_variant_piece_moves(const bc_variant *v, int type)
{
	return valid_type(v, type) && v->def->pieces[type].moves
	    ? v->def->pieces[type].moves
	    : "";
}

unsigned
bc_variant_piece_flags(const bc_variant *v, int type)
{
	const struct piece_def *p;
	unsigned flags;

	if (!valid_type(v, type))
		return 0;
	p = &v->def->pieces[type];
	flags = p->flags | ((v->minor_types >> type) & 1 ? BC_PIECE_MINOR : 0u);
	for (int i = 0; i < MAX_RAYS && (p->rays[i].df || p->rays[i].dr); i++)
		if (p->rays[i].flags & RAY_NINJA)
			flags |= BC_PIECE_TAKES_PASSED;
	return flags;
}

const uint8_t *
bc_variant_promotion_types(const bc_variant *v)
{
	return v->promo_types;
}

bool
bc_variant_fifty_move_rule(const bc_variant *v)
{
	return v->def->fifty_move_rule;
}

const char *
bc_variant_castling_text(const bc_variant *v)
{
	return v->castling_text[0] ? v->castling_text : NULL;
}

int
bc_variant_piece_type(const bc_variant *v, char letter)
{
	unsigned char c = (unsigned char)letter;

	return c < 128 ? v->type_of_letter[c] : 0;
}

unsigned
bc_variant_region(const bc_variant *v, int file, int rank)
{
	if (!bc_variant_cell_exists(v, file, rank))
		return 0;
	return v->region[BC_SQUARE(file, rank)];
}

bool
bc_variant_cell_exists(const bc_variant *v, int file, int rank)
{
	return file >= 0 && file < v->def->files && rank >= 0 &&
	    rank < v->def->ranks && v->rel_rank[BC_WHITE][BC_SQUARE(file, rank)];
}

bool
bc_variant_has_missing_cells(const bc_variant *v)
{
	return v->def->rank_spans != NULL;
}

int
bc_variant_rank_first_file(const bc_variant *v, int rank)
{
	if (rank < 0 || rank >= v->def->ranks)
		return -1;
	return v->def->rank_spans ? v->def->rank_spans[rank].first : 0;
}

int
bc_variant_rank_width(const bc_variant *v, int rank)
{
	if (rank < 0 || rank >= v->def->ranks)
		return 0;
	return v->def->rank_spans ? v->def->rank_spans[rank].last -
	        v->def->rank_spans[rank].first + 1
	                          : v->def->files;
}

bool
bc_variant_has_regions(const bc_variant *v)
{
	return v->def->has_castles;
}
