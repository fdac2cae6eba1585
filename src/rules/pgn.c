/*
 * pgn.c - reading and writing PGN game records.
 *
 * The reader is a small hand-written scanner: tag pairs, then movetext in
 * which comments ({...} and ; to the end of the line), NAGs ($n),
 * variations ((...), nested) and escape lines (% in the first column) are
 * skipped, move numbers are ignored, and the game ends at a result token,
 * at the next tag section, or at the end of the text.
 */
#include <ctype.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "bigchess/notation.h"
#include "bigchess/pgn.h"
#include "bigchess/text.h"
#include "internal.h"

enum {
	TAG_TEXT_MAX = BC_PGN_TAG_VALUE_MAX + 1,
	TOKEN_MAX = 64,
	PGN_LINE = 79
};

/* ---- A growable string ---- */

struct sbuf {
	char *data;
	size_t len, cap;
	bool failed;
};

static void
sbuf_add(struct sbuf *b, const char *s, size_t n)
{
	if (b->failed)
		return;
	if (b->len + n + 1 > b->cap) {
		size_t cap = b->cap ? b->cap : 256;
		char *grown;

		while (b->len + n + 1 > cap)
			cap *= 2;
		if (!(grown = realloc(b->data, cap))) {
			b->failed = true;
			return;
		}
		b->data = grown;
		b->cap = cap;
	}
	memcpy(b->data + b->len, s, n);
	b->len += n;
	b->data[b->len] = '\0';
}

static void
sbuf_puts(struct sbuf *b, const char *s)
{
	sbuf_add(b, s, strlen(s));
}

/* ---- Reading ---- */

struct scan {
	const char *text;
	size_t len, at;
	int number; /* the game's number, for messages */
	bc_error *err;
	bool in_tags; /* still in the tag section */
};

static int scan_fail(struct scan *sc, int code, const char *fmt, ...)
    __attribute__((format(printf, 3, 4)));

static int
scan_fail(struct scan *sc, int code, const char *fmt, ...)
{
	va_list ap;
	char what[BC_ERROR_MESSAGE_MAX];

	if (sc->err) {
		va_start(ap, fmt);
		vsnprintf(what, sizeof what, fmt, ap);
		va_end(ap);
		sc->err->code = code;
		sc->err->offset = sc->at;
		snprintf(sc->err->message, sizeof sc->err->message,
		    "game %d: %.140s", sc->number, what);
		error_clean(sc->err);
	}
	return code;
}

static int
peek(const struct scan *sc)
{
	return sc->at < sc->len ? (unsigned char)sc->text[sc->at] : EOF;
}

static bool
at_line_start(const struct scan *sc)
{
	return sc->at == 0 || sc->text[sc->at - 1] == '\n' ||
	    sc->text[sc->at - 1] == '\r';
}

static void
skip_line(struct scan *sc)
{
	while (sc->at < sc->len && sc->text[sc->at] != '\n' &&
	    sc->text[sc->at] != '\r')
		sc->at++;
}

/* Skips white space, comments, NAGs, escape lines and variations. */
static int
skip_filler(struct scan *sc)
{
	size_t opened = 0; /* where the outermost variation began */
	int depth = 0;

	for (;;) {
		int c = peek(sc);

		if (c == EOF) {
			if (!depth)
				return BC_OK;
			sc->at = opened;
			return scan_fail(
			    sc, BC_ESYNTAX, "a variation '(' is never closed");
		}
		if (isspace(c)) {
			sc->at++;
		} else if ((c == '%' && at_line_start(sc)) || c == ';') {
			skip_line(sc);
		} else if (c == '{') {
			const char *end =
			    memchr(sc->text + sc->at, '}', sc->len - sc->at);

			if (!end)
				return scan_fail(sc, BC_ESYNTAX,
				    "a comment '{' is never closed");
			sc->at = (size_t)(end - sc->text) + 1;
		} else if (c == '(') {
			if (!depth++)
				opened = sc->at;
			sc->at++;
		} else if (c == ')' && depth) {
			depth--;
			sc->at++;
		} else if (c == '$' || depth) {
			/* A NAG, or anything inside a variation. */
			sc->at++;
			while (depth == 0 && isdigit(peek(sc)))
				sc->at++;
		} else {
			return BC_OK;
		}
	}
}

static int
add_tag(bc_pgn_game *g, const char *name, size_t name_len, const char *value,
    size_t value_len)
{
	bc_pgn_tag *grown =
	    realloc(g->tags, (size_t)(g->tag_count + 1) * sizeof *grown);
	bc_pgn_tag *t;

	if (!grown)
		return BC_ENOMEM;
	g->tags = grown;
	t = &g->tags[g->tag_count];
	t->name = malloc(name_len + 1);
	t->value = malloc(value_len + 1);
	if (!t->name || !t->value) {
		free(t->name);
		free(t->value);
		return BC_ENOMEM;
	}
	memcpy(t->name, name, name_len);
	t->name[name_len] = '\0';
	memcpy(t->value, value, value_len);
	t->value[value_len] = '\0';
	g->tag_count++;
	return BC_OK;
}

/* [Name "value"], with \" and \\ escapes in the value. */
static int
read_tag(struct scan *sc, bc_pgn_game *g)
{
	char value[TAG_TEXT_MAX];
	size_t name_start, name_len, n = 0;
	int c;

	sc->at++; /* [ */
	while (isspace(peek(sc)))
		sc->at++;
	name_start = sc->at;
	while (isalnum(peek(sc)) || peek(sc) == '_')
		sc->at++;
	name_len = sc->at - name_start;
	if (!name_len)
		return scan_fail(sc, BC_ESYNTAX, "a tag has no name");
	if (name_len > BC_PGN_TAG_NAME_MAX)
		return scan_fail(sc, BC_ERANGE, "a tag name is longer than %d "
		    "bytes", BC_PGN_TAG_NAME_MAX);
	if (g->tag_count == BC_PGN_TAGS_MAX)
		return scan_fail(sc, BC_ERANGE, "more than %d tags",
		    BC_PGN_TAGS_MAX);
	while (isspace(peek(sc)))
		sc->at++;
	if (peek(sc) != '"')
		return scan_fail(sc, BC_ESYNTAX, "tag %.*s has no quoted value",
		    (int)name_len, sc->text + name_start);
	sc->at++;
	while ((c = peek(sc)) != '"') {
		if (c == EOF || c == '\n' || c == '\r')
			return scan_fail(sc, BC_ESYNTAX,
			    "the value of tag %.*s is not closed",
			    (int)name_len, sc->text + name_start);
		if (c == '\\' && sc->at + 1 < sc->len) {
			sc->at++;
			c = peek(sc);
		}
		if (n + 1 >= sizeof value)
			return scan_fail(sc, BC_ERANGE,
			    "the value of tag %.*s is too long", (int)name_len,
			    sc->text + name_start);
		value[n++] = (char)c;
		sc->at++;
	}
	sc->at++; /* " */
	while (isspace(peek(sc)))
		sc->at++;
	if (peek(sc) != ']')
		return scan_fail(sc, BC_ESYNTAX,
		    "tag %.*s is not closed by ']'", (int)name_len,
		    sc->text + name_start);
	sc->at++;
	if (add_tag(g, sc->text + name_start, name_len, value, n) != BC_OK)
		return scan_fail(sc, BC_ENOMEM, "out of memory");
	return BC_OK;
}

static bool
is_result(const char *token)
{
	return !strcmp(token, "1-0") || !strcmp(token, "0-1") ||
	    !strcmp(token, "1/2-1/2") || !strcmp(token, "*");
}

/* Reads one movetext token: up to white space or a PGN delimiter. */
static size_t
read_token(struct scan *sc, char *token, size_t size)
{
	size_t n = 0;
	int c;

	while ((c = peek(sc)) != EOF && !isspace(c) && !strchr("{}();[]$", c)) {
		if (n + 1 < size)
			token[n] = (char)c;
		n++;
		sc->at++;
	}
	token[n < size ? n : size - 1] = '\0';
	return n;
}

/*
 * Drops a leading move number from `token`: "12." or "12..." before a
 * move, or a token that is only a number or only periods ("12", "...",
 * as PGN import allows).  No move starts with a digit and a period.
 */
static const char *
strip_move_number(const char *token)
{
	const char *p = token;

	while (isdigit((unsigned char)*p))
		p++;
	if (!*p)
		return p;
	if (*p != '.')
		return token;
	while (*p == '.')
		p++;
	return p;
}

static int
start_game(struct scan *sc, bc_pgn_game *g, const bc_variant *fallback)
{
	const char *name = bc_pgn_tag_value(g, "Variant");
	const char *fen = bc_pgn_tag_value(g, "FEN");
	const bc_variant *v = fallback;
	bc_error fen_err;
	int rc;

	if (name && !(v = bc_variant_find(name)))
		return scan_fail(sc, BC_EVARIANT,
		    "variant \"%s\" is not one bigchess plays",
		    name);
	if (!v)
		return scan_fail(sc, BC_EVARIANT, "no Variant tag");
	rc = bc_game_new(&g->game, v, fen, &fen_err);
	if (rc == BC_ENOMEM)
		return scan_fail(sc, rc, "out of memory");
	if (rc != BC_OK)
		return scan_fail(sc, rc, "bad FEN tag: %s", fen_err.message);
	return BC_OK;
}

static int
read_moves(struct scan *sc, bc_pgn_game *g)
{
	char token[TOKEN_MAX] = "";
	int rc;

	for (;;) {
		const bc_position *pos;
		const char *move;
		size_t token_start, n;
		bc_error move_err;

		if ((rc = skip_filler(sc)) != BC_OK)
			return rc;
		if (peek(sc) == EOF || peek(sc) == '[')
			return BC_OK; /* no result token: lenient */
		token_start = sc->at;
		if (!(n = read_token(sc, token, sizeof token))) {
			sc->at++;
			return scan_fail(sc, BC_ESYNTAX, "unexpected '%c'",
			    sc->text[token_start]);
		}
		if (n >= sizeof token) {
			sc->at = token_start;
			return scan_fail(
			    sc, BC_ESYNTAX, "'%.20s...' is not a move", token);
		}
		if (is_result(token)) {
			snprintf(g->result, sizeof g->result, "%.7s", token);
			return BC_OK;
		}
		move = strip_move_number(token);
		if (!*move)
			continue;
		pos = bc_game_position(g->game);
		rc = bc_game_push_text(g->game, move, &move_err);
		if (rc != BC_OK) {
			sc->at = token_start;
			return scan_fail(sc, rc, "move %lu%s %s: %s",
			    (unsigned long)pos->fullmove,
			    pos->side == BC_WHITE ? "." : "...", move,
			    move_err.message);
		}
	}
}

static bool
line_starts_with_tag(const struct scan *sc, size_t at)
{
	while (at < sc->len && (sc->text[at] == ' ' || sc->text[at] == '\t'))
		at++;
	return at < sc->len && sc->text[at] == '[';
}

static size_t
next_line(const struct scan *sc, size_t at)
{
	while (at < sc->len && sc->text[at] != '\n' && sc->text[at] != '\r')
		at++;
	while (at < sc->len && (sc->text[at] == '\n' || sc->text[at] == '\r'))
		at++;
	return at;
}

/*
 * After an error, finds where the next game starts so that a caller can go
 * on: past the rest of the tag section if the error was in it, then past
 * the movetext to the next line that opens a tag.
 */
static size_t
skip_bad_game(const struct scan *sc)
{
	size_t at = sc->at;

	if (sc->in_tags) {
		at = next_line(sc, at);
		while (at < sc->len && line_starts_with_tag(sc, at))
			at = next_line(sc, at);
	} else if (at < sc->len && at > 0 && sc->text[at - 1] != '\n' &&
	    sc->text[at - 1] != '\r') {
		at = next_line(sc, at);
	}
	while (at < sc->len && !line_starts_with_tag(sc, at))
		at = next_line(sc, at);
	return at > sc->at ? at : sc->len;
}

int
bc_pgn_read(const char *text, size_t len, size_t *offset,
    const bc_variant *fallback, int number, bc_pgn_game *out, bc_error *err)
{
	struct scan sc = { text, len, *offset, number, err, false };
	int rc;

	memset(out, 0, sizeof *out);
	strcpy(out->result, "*");
	if (err)
		memset(err, 0, sizeof *err);
	if ((rc = skip_filler(&sc)) != BC_OK)
		goto fail;
	if (peek(&sc) == EOF) {
		*offset = sc.at;
		return BC_ENOTFOUND;
	}
	sc.in_tags = true;
	while (peek(&sc) == '[') {
		if ((rc = read_tag(&sc, out)) != BC_OK ||
		    (rc = skip_filler(&sc)) != BC_OK)
			goto fail;
	}
	sc.in_tags = false;
	{
		const char *tagged = bc_pgn_tag_value(out, "Result");

		if (tagged && is_result(tagged))
			snprintf(out->result, sizeof out->result, "%s", tagged);
	}
	if ((rc = start_game(&sc, out, fallback)) != BC_OK ||
	    (rc = read_moves(&sc, out)) != BC_OK)
		goto fail;
	*offset = sc.at;
	return BC_OK;
fail:
	*offset = skip_bad_game(&sc);
	bc_pgn_game_free(out);
	return rc;
}

int
bc_pgn_read_nth(const char *text, size_t len, const bc_variant *fallback,
    int number, bc_pgn_game *out, bc_error *err)
{
	size_t offset = 0;

	for (int i = 1;; i++) {
		int rc = bc_pgn_read(text, len, &offset, fallback, i, out, err);

		if (rc == BC_ENOTFOUND) {
			if (err) {
				err->code = rc;
				err->offset = len;
				if (i == 1)
					snprintf(err->message, sizeof err->message,
					    "holds no game");
				else
					snprintf(err->message, sizeof err->message,
					    "holds %d game%s, not %d", i - 1,
					    i == 2 ? "" : "s", number);
			}
			return rc;
		}
		if (i == number)
			return rc;
		/* A bad game before the one wanted does not matter. */
		if (rc == BC_OK)
			bc_pgn_game_free(out);
	}
}

void
bc_pgn_game_free(bc_pgn_game *g)
{
	for (int i = 0; i < g->tag_count; i++) {
		free(g->tags[i].name);
		free(g->tags[i].value);
	}
	free(g->tags);
	bc_game_free(g->game);
	memset(g, 0, sizeof *g);
}

const char *
bc_pgn_tag_value(const bc_pgn_game *g, const char *name)
{
	for (int i = 0; i < g->tag_count; i++)
		if (!strcmp(g->tags[i].name, name))
			return g->tags[i].value;
	return NULL;
}

/* ---- Writing ---- */

/*
 * [Name "value"].  A tag is one line of printing characters (PGN 8.1.1),
 * anything else in the value is written as bc_text_sanitise escapes it
 * (a tab as the two characters \t, ESC as \x1b, then PGN's escaping of
 * the backslash): the output is valid PGN, reads back as the same
 * visible text, and shows nothing raw on a terminal.
 */
static void
write_tag(struct sbuf *b, const char *name, const char *value)
{
	size_t len = strlen(value);
	size_t n = bc_text_sanitise(NULL, 0, value, len, 0);
	char *clean = malloc(n + 1);

	if (!clean) {
		b->failed = true;
		return;
	}
	bc_text_sanitise(clean, n + 1, value, len, 0);
	sbuf_puts(b, "[");
	sbuf_puts(b, name);
	sbuf_puts(b, " \"");
	for (const char *p = clean; *p; p++) {
		if (*p == '"' || *p == '\\')
			sbuf_add(b, "\\", 1);
		sbuf_add(b, p, 1);
	}
	sbuf_puts(b, "\"]\n");
	free(clean);
}

static const char *
given_tag(const bc_pgn_tag *tags, int count, const char *name)
{
	for (int i = 0; i < count; i++)
		if (!strcmp(tags[i].name, name))
			return tags[i].value;
	return NULL;
}

/* Adds a word to the movetext, breaking lines before column 80. */
static void
write_word(struct sbuf *b, size_t *column, const char *word)
{
	size_t n = strlen(word);

	if (*column && *column + 1 + n > PGN_LINE) {
		sbuf_puts(b, "\n");
		*column = 0;
	} else if (*column) {
		sbuf_puts(b, " ");
		(*column)++;
	}
	sbuf_puts(b, word);
	*column += n;
}

int
bc_pgn_write(
    const bc_game *game, const bc_pgn_tag *tags, int tag_count, char **out)
{
	static const char *const roster[] = { "Event", "Site", "Date", "Round",
		"White", "Black" };
	static const char *const ours[] = { "Event", "Site", "Date", "Round",
		"White", "Black", "Result", "Variant", "SetUp", "FEN" };
	const char *result = bc_result_text(bc_game_result(game, NULL));
	const char *given = given_tag(tags, tag_count, "Result");
	bc_position pos = *bc_game_start(game);
	struct sbuf b = { 0 };
	size_t column = 0;
	char word[BC_MOVE_TEXT_MAX + 16];

	*out = NULL;
	/* A result the rules cannot see (resignation, time) comes from the
	 * caller. */
	if (!strcmp(result, "*") && given && is_result(given))
		result = given;
	for (size_t i = 0; i < sizeof roster / sizeof roster[0]; i++) {
		const char *v = given_tag(tags, tag_count, roster[i]);

		/* An unknown date has the standard's own form. */
		write_tag(&b, roster[i],
		    v                                ? v
		        : !strcmp(roster[i], "Date") ? "????.??.??"
		                                     : "?");
	}
	write_tag(&b, "Result", result);
	write_tag(&b, "Variant", bc_variant_name(bc_game_variant(game)));
	if (bc_game_from_fen(game)) {
		char fen[BC_FEN_MAX];

		bc_position_to_fen(&pos, fen, sizeof fen);
		write_tag(&b, "SetUp", "1");
		write_tag(&b, "FEN", fen);
	}
	for (int i = 0; i < tag_count; i++) {
		bool known = false;

		for (size_t k = 0; k < sizeof ours / sizeof ours[0]; k++)
			known |= !strcmp(tags[i].name, ours[k]);
		if (!known)
			write_tag(&b, tags[i].name, tags[i].value);
	}
	sbuf_puts(&b, "\n");
	for (int i = 0; i < bc_game_length(game); i++) {
		bc_move m = bc_game_move(game, i);
		bc_undo undo;
		size_t n = 0;

		if (pos.side == BC_WHITE || i == 0)
			n = (size_t)snprintf(word, sizeof word, "%lu%s ",
			    (unsigned long)pos.fullmove,
			    pos.side == BC_WHITE ? "." : "...");
		bc_move_to_san(&pos, m, word + n, sizeof word - n);
		write_word(&b, &column, word);
		bc_position_make(&pos, m, &undo);
	}
	write_word(&b, &column, result);
	sbuf_puts(&b, "\n");
	if (b.failed) {
		free(b.data);
		return BC_ENOMEM;
	}
	*out = b.data;
	return BC_OK;
}
