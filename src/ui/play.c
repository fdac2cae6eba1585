/*
 * play.c - the game on screen, kept in step with the rules library.
 *
 * After every change (move, undo, redo, game end) play_sync rebuilds what
 * the screen shows from the game itself: the legal moves, and the SAN and
 * captures of every move, which the game keeps for each ply
 * (bc_game_ply), so nothing is replayed and nothing can drift out of
 * step.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "hex_layout.h"
#include "play.h"

/* Counts the pieces ply `ply` took, in passing too, into `taken`. */
static void
count_taken(int taken[2][BC_MAX_TYPES], const bc_ply *ply)
{
	bc_piece each[3] = { ply->captured, ply->passed[0], ply->passed[1] };

	for (int i = 0; i < 3; i++)
		if (each[i] != BC_EMPTY)
			taken[BC_PIECE_COLOR(each[i])][BC_PIECE_TYPE(each[i])]++;
}

static int
sync(struct play *p)
{
	int n = bc_game_length(p->game);

	bc_game_legal_moves(p->game, p->legal);
	if (n > p->san_capacity) {
		int cap = n < 64 ? 64 : n * 2;
		void *grown = realloc(p->san, (size_t)cap * sizeof *p->san);

		if (!grown)
			return BC_ENOMEM;
		p->san = grown;
		p->san_capacity = cap;
	}
	memset(p->captured, 0, sizeof p->captured);
	for (int i = 0; i < n; i++) {
		bc_ply ply;

		bc_game_ply(p->game, i, &ply);
		snprintf(p->san[i], sizeof p->san[i], "%s", ply.san);
		count_taken(p->captured, &ply);
	}
	p->selected = 0;
	p->list_scroll = 0;
	/* The moves before a review stay; a shorter game ends it. */
	if (p->reviewing && p->review_ply >= n)
		p->reviewing = false;
	return BC_OK;
}

int
play_start(struct play *p, const struct play_setup *setup, int64_t now,
    bc_error *err)
{
	const bc_position *pos;
	int rc;

	memset(p, 0, sizeof *p);
	p->variant = bc_variant_get(setup->variant);
	p->legal = malloc(sizeof *p->legal);
	if (!p->legal)
		return BC_ENOMEM;
	rc = bc_game_new(&p->game, p->variant, setup->fen, err);
	if (rc != BC_OK) {
		play_free(p);
		return rc;
	}
	p->players[BC_WHITE] = setup->players[BC_WHITE];
	p->players[BC_BLACK] = setup->players[BC_BLACK];
	p->black_at_bottom = setup->black_at_bottom;
	p->autoflip = setup->autoflip;
	rc = sync(p);
	if (rc != BC_OK) {
		play_free(p);
		return rc;
	}
	pos = play_position(p);
	for (int c = 0; c < 2; c++) {
		p->side_cursor[c][0] = BC_FILE(pos->king[c]);
		p->side_cursor[c][1] = BC_RANK(pos->king[c]);
	}
	p->cursor_file = p->side_cursor[pos->side][0];
	p->cursor_rank = p->side_cursor[pos->side][1];
	p->clock_base = setup->clock_base;
	clock_setup(&p->clock, setup->clock_base, setup->clock_increment);
	if (!play_over(p))
		clock_start(&p->clock, pos->side, now);
	return BC_OK;
}

int
play_resume(struct play *p, const struct play_setup *setup,
    const bc_game *game, const int64_t *left, int64_t now, bc_error *err)
{
	struct play_setup s = *setup;
	char fen[BC_FEN_MAX];
	int rc;

	s.variant = bc_variant_id_of(bc_game_variant(game));
	s.fen = NULL;
	if (bc_game_from_fen(game)) {
		bc_position_to_fen(bc_game_start(game), fen, sizeof fen);
		s.fen = fen;
	}
	rc = play_start(p, &s, now, err);
	for (int i = 0; rc == BC_OK && i < bc_game_length(game); i++) {
		bc_move m = bc_game_move(game, i);

		rc = bc_game_push(p->game, m);
		if (rc == BC_OK) {
			p->side_cursor[!play_side(p)][0] = BC_FILE(BC_MOVE_TO(m));
			p->side_cursor[!play_side(p)][1] = BC_RANK(BC_MOVE_TO(m));
		}
	}
	if (rc == BC_OK)
		rc = sync(p);
	if (rc != BC_OK) {
		if (p->game)
			play_free(p);
		if (err && rc != BC_ENOMEM)
			snprintf(err->message, sizeof err->message,
			    "the saved moves do not replay: %s",
			    bc_strerror(rc));
		return rc;
	}
	p->cursor_file = p->side_cursor[play_side(p)][0];
	p->cursor_rank = p->side_cursor[play_side(p)][1];
	if (left) {
		clock_set_left(&p->clock, BC_WHITE, left[BC_WHITE]);
		clock_set_left(&p->clock, BC_BLACK, left[BC_BLACK]);
	}
	if (play_over(p))
		clock_stop(&p->clock, now);
	else
		clock_start(&p->clock, play_side(p), now);
	return BC_OK;
}

static void
free_tags(struct play *p)
{
	for (int i = 0; i < p->tag_count; i++) {
		free(p->tags[i].name);
		free(p->tags[i].value);
	}
	free(p->tags);
	p->tags = NULL;
	p->tag_count = 0;
}

int
play_keep_tags(struct play *p, const bc_pgn_tag *tags, int count)
{
	free_tags(p);
	if (count <= 0)
		return BC_OK;
	p->tags = calloc((size_t)count, sizeof *p->tags);
	if (!p->tags)
		return BC_ENOMEM;
	p->tag_count = count;
	for (int i = 0; i < count; i++) {
		p->tags[i].name = strdup(tags[i].name);
		p->tags[i].value = strdup(tags[i].value);
		if (!p->tags[i].name || !p->tags[i].value) {
			free_tags(p);
			return BC_ENOMEM;
		}
	}
	return BC_OK;
}

void
play_free(struct play *p)
{
	free_tags(p);
	bc_game_free(p->game);
	free(p->legal);
	free(p->san);
	memset(p, 0, sizeof *p);
}

const bc_position *
play_position(const struct play *p)
{
	return bc_game_position(p->game);
}

int
play_side(const struct play *p)
{
	return play_position(p)->side;
}

bool
play_over(const struct play *p)
{
	return bc_game_result(p->game, NULL) != BC_RESULT_NONE;
}

int
play_bottom(const struct play *p)
{
	if (p->autoflip && !play_over(p))
		return play_side(p);
	return p->black_at_bottom ? BC_BLACK : BC_WHITE;
}

void
play_move_cursor(struct play *p, int dx, int dy)
{
	int sign = play_bottom(p) == BC_WHITE ? 1 : -1;
	int f = p->cursor_file + dx * sign, r = p->cursor_rank + dy * sign;

	if (bc_variant_has_missing_cells(p->variant)) {
		hex_layout_step(p->variant, play_bottom(p), &p->cursor_file,
		    &p->cursor_rank, dx, dy);
		return;
	}
	if (f < 0 || r < 0 || f >= bc_variant_files(p->variant) ||
	    r >= bc_variant_ranks(p->variant))
		return;
	p->cursor_file = f;
	p->cursor_rank = r;
}

bc_move
play_last_move(const struct play *p)
{
	return bc_game_move(p->game, bc_game_length(p->game) - 1);
}

int
play_moves_between(const struct play *p, bc_square from, bc_square to,
    bc_move *out, int max)
{
	int n = 0;

	for (int i = 0; i < p->legal->count; i++) {
		bc_move m = p->legal->moves[i];

		if (BC_MOVE_FROM(m) == from && BC_MOVE_TO(m) == to) {
			if (n < max)
				out[n] = m;
			n++;
		}
	}
	return n;
}

bool
play_is_destination(const struct play *p, bc_square sq)
{
	for (int i = 0; p->selected && i < p->legal->count; i++)
		if (BC_MOVE_FROM(p->legal->moves[i]) == p->selected &&
		    BC_MOVE_TO(p->legal->moves[i]) == sq)
			return true;
	return false;
}

int
play_takes(const struct play *p, bc_square to, bc_square *out, int max)
{
	for (int i = 0; p->selected && i < p->legal->count; i++)
		if (BC_MOVE_FROM(p->legal->moves[i]) == p->selected &&
		    BC_MOVE_TO(p->legal->moves[i]) == to)
			return bc_move_captures(play_position(p),
			    p->legal->moves[i], out, max);
	return 0;
}

bool
play_is_taken(const struct play *p, bc_square sq)
{
	bc_square taken[BC_MAX_CAPTURES];
	int n = play_takes(p, BC_SQUARE(p->cursor_file, p->cursor_rank),
	    taken, BC_MAX_CAPTURES);

	for (int i = 0; i < n; i++)
		if (taken[i] == sq)
			return true;
	return false;
}

void
play_squares_text(const bc_square *sq, int n, char *buf, size_t size)
{
	size_t len = 0;

	buf[0] = '\0';
	for (int i = 0; i < n && len < size; i++) {
		char at[8];

		bc_square_to_text(sq[i], at, sizeof at);
		len += (size_t)snprintf(buf + len, size - len, "%s%s",
		    i ? ", " : "", at);
	}
}

bool
play_drops_on(const struct play *p, bc_square sq)
{
	const bc_position *pos = play_position(p);
	bc_piece piece = pos->board[sq];

	return p->selected && (piece == BC_EMPTY ||
	    BC_PIECE_COLOR(piece) != pos->side || play_is_destination(p, sq));
}

bool
play_can_move_from(const struct play *p, bc_square sq)
{
	for (int i = 0; i < p->legal->count; i++)
		if (BC_MOVE_FROM(p->legal->moves[i]) == sq)
			return true;
	return false;
}

/* After a change of the game: the clock follows the side to move. */
static void
follow_clock(struct play *p, int64_t now)
{
	if (play_over(p))
		clock_stop(&p->clock, now);
	else
		clock_start(&p->clock, play_side(p), now);
}

int
play_push(struct play *p, bc_move m, int64_t now)
{
	int side = play_side(p);
	int rc = bc_game_push(p->game, m);

	if (rc != BC_OK)
		return rc;
	clock_moved(&p->clock, side, now);
	follow_clock(p, now);
	/* In a two-player game each side finds the cursor where it left it:
	 * the mover's on its destination, the other's where it was. */
	p->side_cursor[side][0] = BC_FILE(BC_MOVE_TO(m));
	p->side_cursor[side][1] = BC_RANK(BC_MOVE_TO(m));
	p->cursor_file = p->side_cursor[!side][0];
	p->cursor_rank = p->side_cursor[!side][1];
	return sync(p);
}

/*
 * Resignation, agreement and time are not facts of the board: taking a
 * move back would quietly undo them, so the game is final then.
 */
static bool
final(const struct play *p)
{
	bc_reason reason;

	bc_game_result(p->game, &reason);
	return reason == BC_REASON_RESIGNATION ||
	    reason == BC_REASON_AGREEMENT || reason == BC_REASON_TIME;
}

int
play_undo(struct play *p, int64_t now)
{
	bc_move m = play_last_move(p);
	int rc;

	if (final(p))
		return BC_EGAMEOVER;
	rc = bc_game_undo(p->game);
	if (rc != BC_OK)
		return rc;
	follow_clock(p, now);
	p->announced = false;
	/* The cursor goes to the piece taken back, ready to move again. */
	p->cursor_file = p->side_cursor[play_side(p)][0] =
	    BC_FILE(BC_MOVE_FROM(m));
	p->cursor_rank = p->side_cursor[play_side(p)][1] =
	    BC_RANK(BC_MOVE_FROM(m));
	return sync(p);
}

int
play_undo_to(struct play *p, int ply, int64_t now)
{
	bc_move m = BC_MOVE_NONE;
	int rc;

	if (final(p))
		return BC_EGAMEOVER;
	if (ply < 0 || ply >= bc_game_length(p->game))
		return BC_ENOTFOUND;
	while (bc_game_length(p->game) > ply) {
		m = play_last_move(p);
		rc = bc_game_undo(p->game);
		if (rc != BC_OK)
			return rc;
	}
	follow_clock(p, now);
	p->announced = false;
	p->reviewing = false;
	p->cursor_file = p->side_cursor[play_side(p)][0] =
	    BC_FILE(BC_MOVE_FROM(m));
	p->cursor_rank = p->side_cursor[play_side(p)][1] =
	    BC_RANK(BC_MOVE_FROM(m));
	return sync(p);
}

void
play_review(struct play *p, int ply)
{
	int n = bc_game_length(p->game);

	if (ply >= n) {
		p->reviewing = false;
		return;
	}
	if (ply < 0)
		ply = 0;
	memset(p->review_captured, 0, sizeof p->review_captured);
	for (int i = 0; i < ply; i++) {
		bc_ply info;

		bc_game_ply(p->game, i, &info);
		count_taken(p->review_captured, &info);
	}
	bc_game_position_at(p->game, ply, &p->review_pos);
	p->review_ply = ply;
	p->reviewing = true;
	p->selected = 0;
}

const bc_position *
play_view(const struct play *p)
{
	return p->reviewing ? &p->review_pos : play_position(p);
}

int
play_view_ply(const struct play *p)
{
	return p->reviewing ? p->review_ply : bc_game_length(p->game);
}

bc_move
play_view_last_move(const struct play *p)
{
	int ply = play_view_ply(p);

	return ply > 0 ? bc_game_move(p->game, ply - 1) : BC_MOVE_NONE;
}

int
play_redo(struct play *p, int64_t now)
{
	int rc;

	if (final(p))
		return BC_EGAMEOVER;
	rc = bc_game_redo(p->game);
	if (rc != BC_OK)
		return rc;
	follow_clock(p, now);
	return sync(p);
}

int
play_resigner(const struct play *p)
{
	int side = play_side(p);

	if (p->players[side] == PLAYER_COMPUTER &&
	    p->players[!side] == PLAYER_HUMAN)
		return !side;
	return side;
}

void
play_resign(struct play *p, int64_t now)
{
	bc_game_resign(p->game, play_resigner(p));
	follow_clock(p, now);
	sync(p);
}

void
play_agree_draw(struct play *p, int64_t now)
{
	bc_game_agree_draw(p->game);
	follow_clock(p, now);
	sync(p);
}

void
play_settle(struct play *p, int64_t now)
{
	follow_clock(p, now);
	sync(p);
}

void
play_flag(struct play *p, int64_t now)
{
	bc_game_lose_on_time(p->game, play_side(p));
	follow_clock(p, now);
	sync(p);
}

void
play_result_text(const struct play *p, char *buf, int size)
{
	static const char *const side_name[2] = { "White", "Black" };
	bc_reason reason;
	bc_result r = bc_game_result(p->game, &reason);
	const char *why = bc_reason_text(reason);

	switch (r) {
	case BC_RESULT_WHITE_WINS:
	case BC_RESULT_BLACK_WINS:
		snprintf(buf, (size_t)size, "%s wins (%s) by %s.",
		    side_name[r == BC_RESULT_BLACK_WINS], bc_result_text(r), why);
		break;
	case BC_RESULT_DRAW:
		snprintf(buf, (size_t)size, "Draw (%s) by %s.",
		    bc_result_text(r), why);
		break;
	default:
		if (size > 0)
			buf[0] = '\0';
	}
}
