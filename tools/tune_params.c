/*
 * tune_params.c - a variant's evaluation table as a list of numbers for
 * the tuner, and back to C.
 */
#include <ctype.h>
#include <stddef.h>
#include <stdio.h>
#include <string.h>

#include "tune_params.h"

enum tune_column {
	COL_VALUE, COL_MOBILITY, COL_CENTER, COL_ATTACK,
	COL_EG_VALUE, COL_EG_MOBILITY, COL_EG_CENTER
};

/* The scalar fields, in eval_params.c's order, with their bounds: a
 * percentage stays in 0..100, everything else in -1000..3000 (no term
 * is worth more than a few queens). */
static const struct {
	const char *name;
	size_t offset;
	int min, max, step;
} scalars[] = {
	{ "tempo", offsetof(struct eval_params, tempo), -1000, 3000, 4 },
	{ "pair_bonus", offsetof(struct eval_params, pair_bonus), -1000, 3000,
	  8 },
	{ "passed_mg", offsetof(struct eval_params, passed_mg), -1000, 3000,
	  16 },
	{ "passed_eg", offsetof(struct eval_params, passed_eg), -1000, 3000,
	  16 },
	{ "advance_eg", offsetof(struct eval_params, advance_eg), -1000, 3000,
	  2 },
	{ "doubled", offsetof(struct eval_params, doubled), -1000, 3000, 4 },
	{ "isolated", offsetof(struct eval_params, isolated), -1000, 3000, 4 },
	{ "connected_mg", offsetof(struct eval_params, connected_mg), -1000,
	  3000, 2 },
	{ "connected_eg", offsetof(struct eval_params, connected_eg), -1000,
	  3000, 2 },
	{ "shelter", offsetof(struct eval_params, shelter), -1000, 3000, 4 },
	{ "king_rank_mg", offsetof(struct eval_params, king_rank_mg), -1000,
	  3000, 4 },
	{ "king_center_eg", offsetof(struct eval_params, king_center_eg),
	  -1000, 3000, 2 },
	{ "no_promo_percent", offsetof(struct eval_params, no_promo_percent),
	  0, 100, 10 },
	{ "king_danger_mul", offsetof(struct eval_params, king_danger_mul),
	  1, 3000, 4 },
	{ "king_danger_max", offsetof(struct eval_params, king_danger_max),
	  1, 3000, 64 },
	{ "safe_check", offsetof(struct eval_params, safe_check), -1000, 3000,
	  4 },
	{ "cx_pawn", offsetof(struct eval_params, cx_pawn), -1000, 3000, 2 },
	{ "cx_passer", offsetof(struct eval_params, cx_passer), -1000, 3000,
	  2 },
	{ "cx_flanks", offsetof(struct eval_params, cx_flanks), -1000, 3000,
	  4 },
	{ "cx_outflank", offsetof(struct eval_params, cx_outflank), -1000,
	  3000, 2 },
	{ "cx_pawns_only", offsetof(struct eval_params, cx_pawns_only), -1000,
	  3000, 8 },
	{ "cx_base", offsetof(struct eval_params, cx_base), -1000, 3000, 8 },
	{ "scale_base", offsetof(struct eval_params, scale_base), -1000, 3000,
	  2 },
	{ "scale_pawn", offsetof(struct eval_params, scale_pawn), -1000, 3000,
	  1 },
	{ "threat_pawn", offsetof(struct eval_params, threat_pawn), -1000,
	  3000, 8 },
	{ "threat_lesser", offsetof(struct eval_params, threat_lesser), -1000,
	  3000, 8 },
	{ "hanging", offsetof(struct eval_params, hanging), -1000, 3000, 8 },
	{ "open_file", offsetof(struct eval_params, open_file), -1000, 3000,
	  4 },
	{ "half_open_file", offsetof(struct eval_params, half_open_file),
	  -1000, 3000, 4 },
	{ "passed_free", offsetof(struct eval_params, passed_free), -1000,
	  3000, 8 },
	{ "passed_protected", offsetof(struct eval_params, passed_protected),
	  -1000, 3000, 8 },
	{ "passed_king_far", offsetof(struct eval_params, passed_king_far),
	  -1000, 3000, 4 },
	{ "passed_king_near", offsetof(struct eval_params, passed_king_near),
	  -1000, 3000, 4 },
	{ "passed_safe", offsetof(struct eval_params, passed_safe), -1000,
	  3000, 8 },
	{ "passed_path", offsetof(struct eval_params, passed_path), -1000,
	  3000, 8 },
	{ "space", offsetof(struct eval_params, space), -1000, 3000, 2 },
	{ "wall_rook", offsetof(struct eval_params, wall_rook), -1000, 3000,
	  8 },
	{ "corner_rook", offsetof(struct eval_params, corner_rook), -1000,
	  3000, 8 },
	{ "wall_control", offsetof(struct eval_params, wall_control), -1000,
	  3000, 2 },
	{ "castle_queen", offsetof(struct eval_params, castle_queen), -1000,
	  3000, 16 },
	{ "undefended_square", offsetof(struct eval_params, undefended_square),
	  -1000, 3000, 8 },
	{ "castle_defender", offsetof(struct eval_params, castle_defender),
	  -1000, 3000, 4 },
};

static const char *const column_names[] = {
	"value", "mobility", "center", "attack", "eg_value", "eg_mobility",
	"eg_center"
};

/* Whether the fit may move column `col` of piece row `row`: not the
 * unit's value (the scale) nor anything of the king's value, not the
 * ending centre weight of the pawns (row 0 outside Chad) or the king,
 * whose ending squares are advance_eg's and king_center_eg's, and no
 * ending number in Chad, which has no ending (no taper). */
static bool
tunable(const struct eval_params *p, int row, int col)
{
	bool king = p->pieces[row].value == 0;

	if (col >= COL_EG_VALUE && p->castles)
		return false;
	switch (col) {
	case COL_VALUE:
	case COL_EG_CENTER:
		return row != 0 && !king;
	case COL_EG_VALUE:
		return !king;
	default:
		return true;
	}
}

int
tune_params_list(const struct eval_params *p, struct tune_param *out)
{
	int n = 0;

	for (int row = 0; row < p->piece_count; row++)
		for (int col = COL_VALUE; col <= COL_EG_CENTER; col++) {
			struct tune_param *t = &out[n];
			bool value = col == COL_VALUE || col == COL_EG_VALUE;

			if (!tunable(p, row, col))
				continue;
			snprintf(t->name, sizeof t->name, "%c.%s",
			    p->pieces[row].letter, column_names[col]);
			t->row = row;
			t->column = col;
			t->offset = 0;
			/* int16_t values (a piece worth 1 to 50 pawns, its
			 * ending up to 10 more or less), int8_t for the
			 * rest. */
			t->min = col == COL_VALUE ? 1
			    : col == COL_EG_VALUE ? -1000 : -127;
			t->max = col == COL_VALUE ? 5000
			    : col == COL_EG_VALUE ? 1000 : 127;
			t->step = value ? 16 : col == COL_ATTACK ? 1 : 2;
			n++;
		}
	for (size_t i = 0; i < sizeof scalars / sizeof scalars[0]; i++) {
		struct tune_param *t = &out[n++];

		snprintf(t->name, sizeof t->name, "%s", scalars[i].name);
		t->row = -1;
		t->column = 0;
		t->offset = scalars[i].offset;
		t->min = scalars[i].min;
		t->max = scalars[i].max;
		t->step = scalars[i].step;
	}
	return n;
}

int
tune_param_get(const struct eval_params *p, const struct tune_param *t)
{
	const struct eval_piece *e;
	int value;

	if (t->row < 0) {
		memcpy(&value, (const char *)p + t->offset, sizeof value);
		return value;
	}
	e = &p->pieces[t->row];
	switch (t->column) {
	case COL_VALUE:
		return e->value;
	case COL_MOBILITY:
		return e->mobility;
	case COL_CENTER:
		return e->center;
	case COL_ATTACK:
		return e->attack;
	case COL_EG_VALUE:
		return e->eg_value;
	case COL_EG_MOBILITY:
		return e->eg_mobility;
	default:
		return e->eg_center;
	}
}

void
tune_param_set(struct eval_params *p, const struct tune_param *t, int value)
{
	struct eval_piece *e;

	if (value < t->min)
		value = t->min;
	if (value > t->max)
		value = t->max;
	if (t->row < 0) {
		memcpy((char *)p + t->offset, &value, sizeof value);
		return;
	}
	e = &p->pieces[t->row];
	switch (t->column) {
	case COL_VALUE:
		e->value = (int16_t)value;
		break;
	case COL_MOBILITY:
		e->mobility = (int8_t)value;
		break;
	case COL_CENTER:
		e->center = (int8_t)value;
		break;
	case COL_ATTACK:
		e->attack = (int8_t)value;
		break;
	case COL_EG_VALUE:
		e->eg_value = (int16_t)value;
		break;
	case COL_EG_MOBILITY:
		e->eg_mobility = (int8_t)value;
		break;
	default:
		e->eg_center = (int8_t)value;
		break;
	}
}

/* The variant's key as a C name: "hadean-ninja" -> "hadean_ninja", and
 * upper case for its enum constant. */
static void
c_name(const bc_variant *v, bool upper, char *buf, size_t size)
{
	size_t i = 0;

	for (const char *k = bc_variant_key(v); *k && i + 1 < size; k++)
		buf[i++] = *k == '-' ? '_' :
		    (char)(upper ? toupper((unsigned char)*k) : *k);
	buf[i] = '\0';
}

void
tune_params_print(FILE *f, const bc_variant *v, const struct eval_params *p)
{
	char lower[64], upper[64];
	struct tune_param list[TUNE_MAX_PARAMS];
	int n = tune_params_list(p, list);

	c_name(v, false, lower, sizeof lower);
	c_name(v, true, upper, sizeof upper);
	fprintf(f, "static const struct eval_params %s = {\n", lower);
	fprintf(f, "\t.variant = BC_VARIANT_%s,\n\t.pieces = {\n", upper);
	for (int i = 0; i < p->piece_count; i++) {
		const struct eval_piece *e = &p->pieces[i];
		const char *sep;
		const char *flags = (e->flags & EVAL_PAIR) ?
		    ((e->flags & EVAL_FILES) ? "EVAL_PAIR | EVAL_FILES"
		                             : "EVAL_PAIR") :
		    ((e->flags & EVAL_FILES) ? "EVAL_FILES" : "0");

		fprintf(f, "\t\t{ '%c', %d, %d, %d, %d, %s,\n\t\t  \"%s\"",
		    e->letter, e->value, e->mobility, e->center, e->attack,
		    flags, e->why ? e->why : "");
		/* The ending's differences, where there are any. */
		sep = ",\n\t\t  ";
		if (e->eg_value) {
			fprintf(f, "%s.eg_value = %d", sep, e->eg_value);
			sep = ", ";
		}
		if (e->eg_mobility) {
			fprintf(f, "%s.eg_mobility = %d", sep, e->eg_mobility);
			sep = ", ";
		}
		if (e->eg_center)
			fprintf(f, "%s.eg_center = %d", sep, e->eg_center);
		fputs(" },\n", f);
	}
	fprintf(f, "\t},\n\t.piece_count = %d,\n", p->piece_count);
	if (p->castles)
		fputs("\t.castles = true,\n", f);
	if (p->safe_mobility)
		fputs("\t.safe_mobility = true,\n", f);
	/* The search's own number: not fitted, but kept. */
	if (p->see_check_margin)
		fprintf(f, "\t.see_check_margin = %d,\n", p->see_check_margin);
	for (int i = 0; i < n; i++)
		if (list[i].row < 0 && tune_param_get(p, &list[i]))
			fprintf(f, "\t.%s = %d,\n", list[i].name,
			    tune_param_get(p, &list[i]));
	fputs("};\n", f);
}
