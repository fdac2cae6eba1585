/*
 * check_lessons.c - the embedded lessons, checked with the rules
 * library: every file parses, its FEN is valid, every solution line is
 * legal move by move and reaches the stated goal (a mate lesson ends in
 * checkmate), every legal reply of the computer is listed, every defence
 * to a mate in two or three loses (exhaustive search), and together the lessons cover every piece and special rule.
 * The parser's error cases come last.
 */
#include <ctype.h>
#include <stdio.h>
#include <string.h>

#include "../src/app/lessons.h"
#include "test_util.h"

enum { MIN_PER_VARIANT = 10, MIN_MATES = 3 };

/* What the player's moves of all lessons did, per variant, for coverage. */
struct coverage {
	int lessons;
	int mates;
	bool moved[BC_MAX_TYPES];    /* a piece of this type moved */
	bool promoted[BC_MAX_TYPES]; /* a pawn or rook became this type */
	bool en_passant, long_pawn, castle;
	bool promote_early;  /* Grand: promotion before the 10th rank */
	bool stay_pawn;      /* Grand: a pawn reached rank 8/9 unpromoted */
	bool wall_capture;   /* Chad: from the enemy wall into its castle */
	bool castle_capture; /* Chad: from the own castle onto the own wall */
	bool king_leap;      /* Chad: the king's knight leap */
	bool three_step;     /* Hadean: a pawn's three-square move */
	bool ninja_side;     /* Hadean: a ninja pawn's sideways move */
	bool ninja_run;      /* Hadean: a ninja pawn's run of 2+ squares */
	bool passing;        /* hadean-ninja: a capture in passing */
	bool passing_two;    /* ... that takes two pieces */
};


static struct lesson *
parse_file(int i)
{
	static struct lesson lesson;
	bc_error err;
	const char *text = lesson_files[i].text;
	int rc = lesson_parse(text, strlen(text), &lesson, &err);

	ck_assert_msg(rc == BC_OK, "%s: %s", lesson_files[i].name,
	    err.message);
	return &lesson;
}

/* Records what player move `m` in `pos` shows. */
static void
note_move(struct coverage *c, const bc_position *pos, bc_move m)
{
	const bc_variant *v = pos->variant;
	int from = BC_MOVE_FROM(m), to = BC_MOVE_TO(m);
	int type = BC_PIECE_TYPE(pos->board[from]);
	int us = pos->side;
	int pawn = bc_variant_piece_type(v, 'P');
	int rank = us == BC_WHITE ? BC_RANK(to) + 1 :
	    bc_variant_ranks(v) - BC_RANK(to);
	unsigned rf = bc_variant_region(v, BC_FILE(from), BC_RANK(from));
	unsigned rt = bc_variant_region(v, BC_FILE(to), BC_RANK(to));
	unsigned own_castle = us == BC_WHITE ? BC_REGION_CASTLE_WHITE :
	    BC_REGION_CASTLE_BLACK;
	unsigned own_wall = us == BC_WHITE ? BC_REGION_WALL_WHITE :
	    BC_REGION_WALL_BLACK;
	unsigned their_castle = us == BC_WHITE ? BC_REGION_CASTLE_BLACK :
	    BC_REGION_CASTLE_WHITE;
	unsigned their_wall = us == BC_WHITE ? BC_REGION_WALL_BLACK :
	    BC_REGION_WALL_WHITE;
	int df = BC_FILE(to) - BC_FILE(from), dr = BC_RANK(to) - BC_RANK(from);

	c->moved[type] = true;
	if (BC_MOVE_KIND(m) == BC_MOVE_PASSING) {
		bc_square taken[BC_MAX_CAPTURES];

		c->passing = true;
		c->passing_two |= bc_move_captures(pos, m, taken,
		    BC_MAX_CAPTURES) >= 2;
	}
	if (BC_MOVE_PROMO(m))
		c->promoted[BC_MOVE_PROMO(m)] = true;
	if (BC_MOVE_KIND(m) == BC_MOVE_EN_PASSANT)
		c->en_passant = true;
	if (BC_MOVE_KIND(m) == BC_MOVE_LONG)
		c->long_pawn = true;
	if (BC_MOVE_KIND(m) == BC_MOVE_LONG && (dr == 3 || dr == -3) &&
	    type == pawn)
		c->three_step = true;
	if (BC_MOVE_KIND(m) == BC_MOVE_CASTLE)
		c->castle = true;
	if (type == pawn && BC_MOVE_PROMO(m) && rank < bc_variant_ranks(v))
		c->promote_early = true;
	if (type == pawn && !BC_MOVE_PROMO(m) && (rank == 8 || rank == 9) &&
	    bc_variant_id_of(v) == BC_VARIANT_GRAND)
		c->stay_pawn = true;
	if (BC_MOVE_KIND(m) == BC_MOVE_CAPTURE && (rf & their_wall) &&
	    (rt & their_castle))
		c->wall_capture = true;
	if (BC_MOVE_KIND(m) == BC_MOVE_CAPTURE && (rf & own_castle) &&
	    (rt & own_wall))
		c->castle_capture = true;
	/* On HexChad's hexes (1,2) and (2,1) are steps across a corner
	 * (hexchad.md, section 4); its leaps are the other four. */
	if (bc_variant_piece_letter(v, type) == 'K' && df * df + dr * dr == 5 &&
	    (bc_variant_id_of(v) != BC_VARIANT_HEXCHAD || df * dr < 0))
		c->king_leap = true;
	if (bc_variant_piece_letter(v, type) == 'J' && dr == 0)
		c->ninja_side = true;
	if (bc_variant_piece_letter(v, type) == 'J' && (dr >= 2 || dr <= -2))
		c->ninja_run = true;
}

/*
 * True if the side to move in `pos` can force mate within `n` of its own
 * moves, whatever the defence.
 */
static bool
mate_in(bc_position *pos, int n)
{
	bc_move_list *mine = new_move_list(), *theirs = new_move_list();
	bool found = false;

	bc_movegen_legal(pos, mine);
	for (int i = 0; i < mine->count && !found; i++) {
		bc_undo u;

		bc_position_make(pos, mine->moves[i], &u);
		bc_movegen_legal(pos, theirs);
		if (theirs->count == 0)
			found = bc_position_in_check(pos);
		else if (n > 1) {
			found = true;
			for (int j = 0; j < theirs->count && found; j++) {
				bc_undo u2;

				bc_position_make(pos, theirs->moves[j], &u2);
				found = mate_in(pos, n - 1);
				bc_position_unmake(pos, &u2);
			}
		}
		bc_position_unmake(pos, &u);
	}
	free(mine);
	free(theirs);
	return found;
}

/*
 * After a player's move of a mate lesson, with `n` player moves left:
 * every defence, not only the listed reply, still loses in `n`.
 */
static void
check_defences(const char *name, bc_game *g, int n)
{
	bc_position pos = *bc_game_position(g);
	bc_move_list *replies = new_move_list();

	bc_movegen_legal(&pos, replies);
	ck_assert_msg(replies->count > 0, "%s: mate comes too early", name);
	for (int i = 0; i < replies->count; i++) {
		bc_undo u;
		char san[BC_MOVE_TEXT_MAX];

		bc_move_to_san(&pos, replies->moves[i], san, sizeof san);
		bc_position_make(&pos, replies->moves[i], &u);
		ck_assert_msg(mate_in(&pos, n),
		    "%s: the defence %s escapes the mate in %d", name, san, n);
		bc_position_unmake(&pos, &u);
	}
	free(replies);
}

/* Checks that the goal of `l` holds after the player's move `m`. */
static void
check_goal(const char *name, const struct lesson *l, bc_game *g,
    const bc_position *before, bc_move m)
{
	bc_reason reason;
	bc_result result = bc_game_result(g, &reason);

	switch (l->goal) {
	case LESSON_GOAL_MATE:
		ck_assert_msg(reason == BC_REASON_CHECKMATE &&
			result == (before->side == BC_WHITE ?
			BC_RESULT_WHITE_WINS : BC_RESULT_BLACK_WINS),
		    "%s: the line does not end in checkmate", name);
		break;
	case LESSON_GOAL_CAPTURE:
		ck_assert_msg(BC_MOVE_KIND(m) == BC_MOVE_CAPTURE ||
			BC_MOVE_KIND(m) == BC_MOVE_EN_PASSANT ||
			BC_MOVE_KIND(m) == BC_MOVE_PASSING,
		    "%s: the last move does not capture", name);
		break;
	case LESSON_GOAL_PROMOTE:
		ck_assert_msg(BC_MOVE_PROMO(m) != 0,
		    "%s: the last move does not promote", name);
		break;
	case LESSON_GOAL_CHECK:
		ck_assert_msg(bc_position_in_check(bc_game_position(g)),
		    "%s: the last move does not give check", name);
		break;
	default:
		break;
	}
}

/* True if one of the texts of ply `p` names move `m` in `pos`. */
static bool
ply_names(const struct lesson_ply *p, const bc_position *pos, bc_move m)
{
	for (int a = 0; a < p->alt_count; a++) {
		bc_move parsed;

		if (bc_move_parse(pos, p->alt[a], &parsed, NULL) == BC_OK &&
		    parsed == m)
			return true;
	}
	return false;
}

/*
 * True if some solution line of `l` starts with the moves of `g` and then
 * lists `reply`.
 */
static bool
reply_listed(const struct lesson *l, const bc_game *g, bc_move reply)
{
	int played = bc_game_length(g);

	for (int k = 0; k < l->line_count; k++) {
		const struct lesson_line *ln = &l->line[k];
		bc_position pos = *bc_game_start(g);
		bool match = ln->ply_count > played;

		for (int i = 0; i < played && match; i++) {
			bc_undo u;

			match = ply_names(&ln->ply[i], &pos, bc_game_move(g, i));
			bc_position_make(&pos, bc_game_move(g, i), &u);
		}
		if (match && ply_names(&ln->ply[played], &pos, reply))
			return true;
	}
	return false;
}

/*
 * After a player's move that does not end the line: every legal reply is
 * listed, so that a program showing the lesson always knows what comes
 * next, whatever the computer plays.
 */
static void
check_replies_listed(const char *name, const struct lesson *l, bc_game *g)
{
	const bc_position *pos = bc_game_position(g);
	bc_move_list *replies = new_move_list();

	bc_movegen_legal(pos, replies);
	for (int i = 0; i < replies->count; i++) {
		char san[BC_MOVE_TEXT_MAX];

		bc_move_to_san(pos, replies->moves[i], san, sizeof san);
		ck_assert_msg(reply_listed(l, g, replies->moves[i]),
		    "%s: the reply %s after move %d is not listed", name, san,
		    bc_game_length(g));
	}
	free(replies);
}

/*
 * Plays line `ln` of lesson `l` from ply `ply` on, every alternative of
 * every player ply, checking legality and the goal at the end.
 */
static void
play_line(const char *name, const struct lesson *l,
    const struct lesson_line *ln, int ply, bc_game *g, struct coverage *c,
    bool search)
{
	const struct lesson_ply *p = &ln->ply[ply];

	for (int a = 0; a < p->alt_count; a++) {
		bc_position before = *bc_game_position(g);
		bc_error err;
		bc_move m;
		int rc = bc_move_parse(&before, p->alt[a], &m, &err);

		ck_assert_msg(rc == BC_OK, "%s: move %d '%s': %s", name,
		    ply + 1, p->alt[a], err.message);
		ck_assert_int_eq(bc_game_push(g, m), BC_OK);
		if (ply % 2 == 0)
			note_move(c, &before, m);
		if (ply + 1 == ln->ply_count)
			check_goal(name, l, g, &before, m);
		else {
			ck_assert_msg(bc_game_result(g, NULL) ==
				BC_RESULT_NONE,
			    "%s: the game ends before the line does", name);
			play_line(name, l, ln, ply + 1, g, c, search);
		}
		if (ply % 2 == 0 && ply + 1 < ln->ply_count)
			check_replies_listed(name, l, g);
		if (search && l->goal == LESSON_GOAL_MATE && ply % 2 == 0 &&
		    ply + 1 < ln->ply_count)
			check_defences(name, g, (ln->ply_count - ply - 1) / 2);
		ck_assert_int_eq(bc_game_undo(g), BC_OK);
	}
}

/*
 * Checks lesson `i` move by move, noting what its player moves show in
 * `c`; with `search`, proves that mate lessons force mate.
 */
static void
check_lesson(int i, struct coverage *c, bool search)
{
	const char *name = lesson_files[i].name;
	struct lesson *l = parse_file(i);
	const bc_variant *v = bc_variant_find(l->variant);
	bc_game *g;
	bc_error err;
	char dir[LESSON_KEY_MAX + 1];

	ck_assert_msg(v != NULL, "%s: unknown variant '%s'", name,
	    l->variant);
	snprintf(dir, sizeof dir, "%s/", bc_variant_key(v));
	ck_assert_msg(strncmp(name, dir, strlen(dir)) == 0,
	    "%s: variant %s in the wrong directory", name, l->variant);
	ck_assert_msg(l->hint_count > 0, "%s: no hint", name);
	ck_assert_msg(bc_game_new(&g, v, l->fen, &err) == BC_OK,
	    "%s: FEN: %s at %zu", name, err.message, err.offset);
	c += bc_variant_id_of(v);
	c->lessons++;
	if (l->goal == LESSON_GOAL_MATE)
		c->mates++;
	for (int k = 0; k < l->line_count; k++)
		play_line(name, l, &l->line[k], 0, g, c, search);
	if (search && l->goal == LESSON_GOAL_MATE) {
		bc_position pos = *bc_game_position(g);
		int n = (l->line[0].ply_count + 1) / 2;

		ck_assert_msg(mate_in(&pos, n), "%s: no forced mate in %d",
		    name, n);
	}
	bc_game_free(g);
}

START_TEST(test_lesson)
{
	struct coverage c[BC_VARIANT_COUNT];

	memset(c, 0, sizeof c);
	check_lesson(_i, c, true);
}
END_TEST

/* Names are "<variant>/NN-words.txt"; titles differ within a variant. */
START_TEST(test_names)
{
	static struct lesson a, b;
	const char *name = lesson_files[_i].name;
	const char *base = strchr(name, '/');
	size_t len = strlen(name);
	bc_error err;

	ck_assert_msg(base && isdigit((unsigned char)base[1]) &&
		isdigit((unsigned char)base[2]) && base[3] == '-' &&
		len > 4 && strcmp(name + len - 4, ".txt") == 0,
	    "%s: not <variant>/NN-words.txt", name);
	ck_assert_int_eq(lesson_parse(lesson_files[_i].text,
	    strlen(lesson_files[_i].text), &a, &err), BC_OK);
	for (int j = 0; j < lesson_file_count; j++) {
		if (j == _i)
			continue;
		ck_assert_int_eq(lesson_parse(lesson_files[j].text,
		    strlen(lesson_files[j].text), &b, &err), BC_OK);
		ck_assert_msg(strcmp(a.variant, b.variant) != 0 ||
			strcmp(a.title, b.title) != 0,
		    "%s and %s share the title '%s'", name,
		    lesson_files[j].name, a.title);
		ck_assert_msg((strcmp(name, lesson_files[j].name) < 0) == (_i < j),
		    "lesson_files is not sorted at %s", name);
	}
}
END_TEST

/* Every piece type of the variant moves in some lesson. */
static void
check_pieces(const bc_variant *v, const struct coverage *c)
{
	for (int t = 1; t <= bc_variant_piece_types(v); t++)
		ck_assert_msg(c->moved[t], "%s: no lesson moves a %s",
		    bc_variant_key(v), bc_variant_piece_name(v, t));
}

START_TEST(test_coverage)
{
	struct coverage c[BC_VARIANT_COUNT];
	const struct coverage *gc = &c[BC_VARIANT_GRAND];
	const struct coverage *cc = &c[BC_VARIANT_CHAD];
	const struct coverage *xc = &c[BC_VARIANT_HEXCHAD];
	const struct coverage *hc = &c[BC_VARIANT_HADEAN];
	const bc_variant *hadean = bc_variant_get(BC_VARIANT_HADEAN);
	const struct coverage *nc = &c[BC_VARIANT_HADEAN_NINJA];
	const bc_variant *ninja = bc_variant_get(BC_VARIANT_HADEAN_NINJA);
	const char *promos = "QRBEMFWSZ";

	memset(c, 0, sizeof c);
	for (int i = 0; i < lesson_file_count; i++)
		check_lesson(i, c, false);
	for (int id = 0; id < BC_VARIANT_COUNT; id++) {
		const bc_variant *v = bc_variant_get((bc_variant_id)id);

		ck_assert_msg(c[id].lessons >= MIN_PER_VARIANT,
		    "%s: %d lessons", bc_variant_key(v), c[id].lessons);
		ck_assert_msg(c[id].mates >= MIN_MATES, "%s: %d mate lessons",
		    bc_variant_key(v), c[id].mates);
		check_pieces(v, &c[id]);
	}
	/* grand.md: double step, en passant, optional promotion on the
	 * 8th/9th rank (or staying a pawn there), promotion to lost pieces. */
	ck_assert(gc->long_pawn && gc->en_passant);
	ck_assert(gc->promote_early && gc->stay_pawn);
	/* chad.md: the king's leap, both kinds of capture, promotion. */
	ck_assert(cc->king_leap && cc->wall_capture && cc->castle_capture);
	ck_assert(cc->promoted[bc_variant_piece_type(
	    bc_variant_get(BC_VARIANT_CHAD), 'Q')]);
	/* hexchad.md, the same rules on hexes: the king's leap (one of
	 * the four that stay in the castle), both kinds of capture and
	 * promotion. */
	ck_assert(xc->king_leap && xc->wall_capture && xc->castle_capture);
	ck_assert(xc->promoted[bc_variant_piece_type(
	    bc_variant_get(BC_VARIANT_HEXCHAD), 'Q')]);
	/* hadean.md: long pawn moves (three squares), en passant, ninja
	 * pawns sideways and running, flexible castling, all nine
	 * promotions. */
	ck_assert(hc->three_step && hc->en_passant && hc->ninja_side);
	ck_assert(hc->ninja_run);
	ck_assert(hc->castle);
	for (const char *p = promos; *p; p++)
		ck_assert_msg(hc->promoted[bc_variant_piece_type(hadean, *p)],
		    "hadean: no lesson promotes to %c", *p);
	/* hadean.md, flying ninjas: a capture in passing, one of two
	 * pieces, and promotion to the guard and the warrior. */
	ck_assert(nc->passing && nc->passing_two);
	ck_assert(nc->promoted[bc_variant_piece_type(ninja, 'G')]);
	ck_assert(nc->promoted[bc_variant_piece_type(ninja, 'T')]);
}
END_TEST

/* Lesson text that must not parse, and the start of the message. */
static const struct {
	const char *text;
	const char *message;
} bad[] = {
	{ "title: x\n", "line 1: no 'variant:'" },
	{ "variant: chad\ntitel: x\n", "line 2: unknown key 'titel'" },
	{ "variant: chad\ntitle x\n", "line 2: expected 'key: value'" },
	{ "variant: chad\ntitle:\n", "line 2: empty value for 'title'" },
	{ "variant: chad\ngoal: win\n", "line 2: unknown goal 'win'" },
	{ "variant: chad\nsolution: Rd9 Kj10\n",
	    "line 2: a solution must end with the player's move" },
	{ "variant: chad\nsolution: Rd9 Kj10|Kj8 Rd10\n",
	    "line 2: the computer's reply 'Kj10|Kj8' must be one move" },
	{ "variant: chad\nsolution: Rd9||Rd10\n",
	    "line 2: empty move in 'Rd9||Rd10'" },
	{ "variant: chad\ntitle: t\nfen: f\ngoal: move\nsolution: a\n",
	    "line 5: no explanation" },
	{ "variant: chad\ntitle: t\nfen: f\ngoal: move\n\nText.\n",
	    "line 5: no 'solution:'" },
};

START_TEST(test_bad)
{
	struct lesson l;
	bc_error err;
	const char *text = bad[_i].text;

	ck_assert_int_ne(lesson_parse(text, strlen(text), &l, &err), BC_OK);
	ck_assert_msg(strncmp(err.message, bad[_i].message,
			  strlen(bad[_i].message)) == 0,
	    "'%s' gave '%s'", text, err.message);
}
END_TEST

START_TEST(test_good)
{
	static const char text[] =
	    "# a comment\n"
	    "variant: chad\n"
	    "title: Two ways\n"
	    "fen: 12/12 w - - 0 1\n"
	    "goal: mate\n"
	    "solution: Rxh9=Q+ Kj10 Rd10|Qh10\n"
	    "solution: e4e2\n"
	    "hint: One.\n"
	    "hint: Two.\n"
	    "success: Well done.\n"
	    "\n"
	    "First line\n"
	    "  goes on.\n"
	    "\n"
	    "\n"
	    "Second.\n";
	struct lesson l;
	bc_error err;

	ck_assert_int_eq(lesson_parse(text, strlen(text), &l, &err), BC_OK);
	ck_assert_str_eq(l.variant, "chad");
	ck_assert_str_eq(l.title, "Two ways");
	ck_assert_str_eq(l.fen, "12/12 w - - 0 1");
	ck_assert_int_eq(l.goal, LESSON_GOAL_MATE);
	ck_assert_str_eq(lesson_goal_name(l.goal), "mate");
	ck_assert_int_eq(l.line_count, 2);
	ck_assert_int_eq(l.line[0].ply_count, 3);
	ck_assert_str_eq(l.line[0].ply[1].alt[0], "Kj10");
	ck_assert_int_eq(l.line[0].ply[2].alt_count, 2);
	ck_assert_str_eq(l.line[0].ply[2].alt[1], "Qh10");
	ck_assert_int_eq(l.line[1].ply_count, 1);
	ck_assert_int_eq(l.hint_count, 2);
	ck_assert_str_eq(l.hint[1], "Two.");
	ck_assert_str_eq(l.success, "Well done.");
	ck_assert_str_eq(l.text, "First line goes on.\n\nSecond.");
}
END_TEST

/*
 * Every prefix of a lesson, in a buffer of exactly that size (so that
 * AddressSanitizer sees any read past it), parses or fails cleanly; only
 * prefixes that keep the whole header can parse.
 */
START_TEST(test_prefixes)
{
	const char *text = lesson_files[_i].text;
	size_t len = strlen(text);
	const char *body = strstr(text, "\n\n");
	struct lesson *l = malloc(sizeof *l);

	ck_assert_ptr_nonnull(l);
	ck_assert_ptr_nonnull(body);
	for (size_t n = 0; n <= len; n++) {
		char *buf = malloc(n ? n : 1);
		bc_error err;
		int rc;

		ck_assert_ptr_nonnull(buf);
		memcpy(buf, text, n);
		rc = lesson_parse(buf, n, l, &err);
		ck_assert_msg(rc == BC_OK || rc == BC_ESYNTAX || rc == BC_ERANGE,
		    "%s: prefix %zu: status %d", lesson_files[_i].name, n, rc);
		if ((size_t)(body - text) + 2 >= n)
			ck_assert_msg(rc != BC_OK, "%s: prefix %zu parses",
			    lesson_files[_i].name, n);
		free(buf);
	}
	free(l);
}
END_TEST

Suite *
lessons_suite(void)
{
	Suite *s = suite_create("lessons");
	TCase *core = tcase_create("core");
	TCase *errors = tcase_create("errors");

	tcase_set_timeout(core, 60);
	tcase_add_loop_test(core, test_lesson, 0, lesson_file_count);
	tcase_add_loop_test(core, test_names, 0, lesson_file_count);
	tcase_add_test(core, test_coverage);
	tcase_add_test(core, test_good);
	tcase_add_loop_test(errors, test_prefixes, 0, lesson_file_count);
	tcase_add_loop_test(errors, test_bad, 0,
	    (int)(sizeof bad / sizeof bad[0]));
	suite_add_tcase(s, core);
	suite_add_tcase(s, errors);
	return s;
}
