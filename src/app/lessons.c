/*
 * lessons.c - parse one lesson file (format: assets/lessons/README).
 *
 * A lesson is a header of "key: value" lines, a blank line, and the
 * explanation.  The parser copies everything into the fixed-size struct
 * lesson, so a lesson outlives the text it came from; anything too long,
 * missing or unknown is an error naming the line.
 */
#include <stdarg.h>
#include <stdio.h>
#include <string.h>

#include "lessons.h"

static const char *const goal_names[] = {
	[LESSON_GOAL_MOVE] = "move",
	[LESSON_GOAL_CAPTURE] = "capture",
	[LESSON_GOAL_PROMOTE] = "promote",
	[LESSON_GOAL_CHECK] = "check",
	[LESSON_GOAL_MATE] = "mate",
};

static const int GOAL_COUNT = (int)(sizeof goal_names / sizeof goal_names[0]);

/* The parser's cursor: the text, and where the current line starts. */
struct reader {
	const char *text;
	size_t len;
	size_t pos;
	int line;
	bc_error *err;
};

const char *
lesson_goal_name(enum lesson_goal goal)
{
	if ((int)goal <= LESSON_GOAL_NONE || (int)goal >= GOAL_COUNT)
		return NULL;
	return goal_names[goal];
}

static int fail(struct reader *r, int code, size_t offset,
    const char *fmt, ...) __attribute__((format(printf, 4, 5)));

static int
fail(struct reader *r, int code, size_t offset, const char *fmt, ...)
{
	va_list ap;
	int n;

	if (r->err) {
		r->err->code = code;
		r->err->offset = offset;
		n = snprintf(r->err->message, sizeof r->err->message,
		    "line %d: ", r->line);
		if (n < 0 || (size_t)n >= sizeof r->err->message)
			n = 0;
		va_start(ap, fmt);
		vsnprintf(r->err->message + n, sizeof r->err->message - n, fmt,
		    ap);
		va_end(ap);
	}
	return code;
}

static bool
is_space(char c)
{
	return c == ' ' || c == '\t' || c == '\r';
}

/*
 * Reads the next line into [*start, *end) without its newline and
 * surrounding blanks.  Returns false at the end of the text.
 */
static bool
next_line(struct reader *r, size_t *start, size_t *end)
{
	size_t s = r->pos, e;

	if (s >= r->len)
		return false;
	e = s;
	while (e < r->len && r->text[e] != '\n')
		e++;
	r->pos = e < r->len ? e + 1 : e;
	r->line++;
	while (s < e && is_space(r->text[s]))
		s++;
	while (e > s && is_space(r->text[e - 1]))
		e--;
	*start = s;
	*end = e;
	return true;
}

/* Copies [s, e) of the text into `buf` of `size` bytes. */
static int
copy_value(struct reader *r, size_t s, size_t e, char *buf, size_t size,
    const char *what)
{
	if (e - s >= size)
		return fail(r, BC_ERANGE, s, "%s longer than %zu characters",
		    what, size - 1);
	memcpy(buf, r->text + s, e - s);
	buf[e - s] = '\0';
	return BC_OK;
}

/* Parses one ply token [s, e): moves separated by '|'. */
static int
parse_ply(struct reader *r, size_t s, size_t e, bool player,
    struct lesson_ply *ply)
{
	size_t a = s;

	ply->alt_count = 0;
	while (a <= e) {
		size_t b = a;

		while (b < e && r->text[b] != '|')
			b++;
		if (b == a)
			return fail(r, BC_ESYNTAX, a, "empty move in '%.*s'",
			    (int)(e - s), r->text + s);
		if (ply->alt_count == LESSON_ALTS_MAX)
			return fail(r, BC_ERANGE, a,
			    "more than %d alternatives", LESSON_ALTS_MAX);
		if (copy_value(r, a, b, ply->alt[ply->alt_count],
			sizeof ply->alt[0], "move") != BC_OK)
			return r->err ? r->err->code : BC_ERANGE;
		ply->alt_count++;
		a = b + 1;
	}
	if (!player && ply->alt_count > 1)
		return fail(r, BC_ESYNTAX, s,
		    "the computer's reply '%.*s' must be one move",
		    (int)(e - s), r->text + s);
	return BC_OK;
}

/* Parses a solution value [s, e): plies separated by blanks. */
static int
parse_solution(struct reader *r, size_t s, size_t e, struct lesson *out)
{
	struct lesson_line *line;
	int rc;

	if (out->line_count == LESSON_LINES_MAX)
		return fail(r, BC_ERANGE, s, "more than %d solutions",
		    LESSON_LINES_MAX);
	line = &out->line[out->line_count];
	line->ply_count = 0;
	while (s < e) {
		size_t t = s;

		while (t < e && !is_space(r->text[t]))
			t++;
		if (line->ply_count == LESSON_PLIES_MAX)
			return fail(r, BC_ERANGE, s, "more than %d moves",
			    LESSON_PLIES_MAX);
		rc = parse_ply(r, s, t, line->ply_count % 2 == 0,
		    &line->ply[line->ply_count]);
		if (rc != BC_OK)
			return rc;
		line->ply_count++;
		s = t;
		while (s < e && is_space(r->text[s]))
			s++;
	}
	if (line->ply_count % 2 == 0)
		return fail(r, BC_ESYNTAX, e, line->ply_count == 0 ?
		    "empty solution" :
		    "a solution must end with the player's move");
	out->line_count++;
	return BC_OK;
}

static int
parse_goal(struct reader *r, size_t s, size_t e, struct lesson *out)
{
	for (int g = LESSON_GOAL_NONE + 1; g < GOAL_COUNT; g++)
		if (strlen(goal_names[g]) == e - s &&
		    memcmp(goal_names[g], r->text + s, e - s) == 0) {
			out->goal = (enum lesson_goal)g;
			return BC_OK;
		}
	return fail(r, BC_ESYNTAX, s, "unknown goal '%.*s'", (int)(e - s),
	    r->text + s);
}

/* Parses one header line "key: value" [s, e). */
static int
parse_header(struct reader *r, size_t s, size_t e, struct lesson *out)
{
	size_t colon = s, v;
	size_t klen;
	const char *key = r->text + s;

	while (colon < e && r->text[colon] != ':')
		colon++;
	if (colon == e)
		return fail(r, BC_ESYNTAX, s, "expected 'key: value'");
	klen = colon - s;
	v = colon + 1;
	while (v < e && is_space(r->text[v]))
		v++;
	if (v == e)
		return fail(r, BC_ESYNTAX, v, "empty value for '%.*s'",
		    (int)klen, key);
#define KEY_IS(name) (klen == strlen(name) && memcmp(key, name, klen) == 0)
	if (KEY_IS("variant"))
		return copy_value(r, v, e, out->variant, sizeof out->variant,
		    "variant");
	if (KEY_IS("title"))
		return copy_value(r, v, e, out->title, sizeof out->title,
		    "title");
	if (KEY_IS("fen"))
		return copy_value(r, v, e, out->fen, sizeof out->fen, "FEN");
	if (KEY_IS("goal"))
		return parse_goal(r, v, e, out);
	if (KEY_IS("solution"))
		return parse_solution(r, v, e, out);
	if (KEY_IS("success"))
		return copy_value(r, v, e, out->success, sizeof out->success,
		    "success");
	if (KEY_IS("hint")) {
		if (out->hint_count == LESSON_HINTS_MAX)
			return fail(r, BC_ERANGE, s, "more than %d hints",
			    LESSON_HINTS_MAX);
		return copy_value(r, v, e, out->hint[out->hint_count++],
		    sizeof out->hint[0], "hint");
	}
#undef KEY_IS
	return fail(r, BC_ESYNTAX, s, "unknown key '%.*s'", (int)klen, key);
}

/* Appends [s, e) to the explanation, with `sep` before it if not first. */
static int
append_text(struct reader *r, size_t s, size_t e, const char *sep,
    struct lesson *out, size_t *used)
{
	size_t seplen = *used ? strlen(sep) : 0;

	if (*used + seplen + (e - s) >= sizeof out->text)
		return fail(r, BC_ERANGE, s,
		    "explanation longer than %zu characters",
		    sizeof out->text - 1);
	memcpy(out->text + *used, sep, seplen);
	*used += seplen;
	memcpy(out->text + *used, r->text + s, e - s);
	*used += e - s;
	out->text[*used] = '\0';
	return BC_OK;
}

int
lesson_parse(const char *text, size_t len, struct lesson *out, bc_error *err)
{
	struct reader r = { text, len, 0, 0, err };
	size_t s, e, used = 0;
	bool blank = false;
	int rc;

	memset(out, 0, sizeof *out);
	/* The header, up to the first blank line. */
	while (next_line(&r, &s, &e) && s < e) {
		if (text[s] == '#')
			continue;
		if ((rc = parse_header(&r, s, e, out)) != BC_OK)
			return rc;
	}
	if (!out->variant[0])
		return fail(&r, BC_ESYNTAX, r.pos, "no 'variant:' line");
	if (!out->title[0])
		return fail(&r, BC_ESYNTAX, r.pos, "no 'title:' line");
	if (!out->fen[0])
		return fail(&r, BC_ESYNTAX, r.pos, "no 'fen:' line");
	if (out->goal == LESSON_GOAL_NONE)
		return fail(&r, BC_ESYNTAX, r.pos, "no 'goal:' line");
	if (out->line_count == 0)
		return fail(&r, BC_ESYNTAX, r.pos, "no 'solution:' line");
	/* The explanation: lines joined by spaces, paragraphs by "\n\n". */
	while (next_line(&r, &s, &e)) {
		if (s == e) {
			blank = true;
			continue;
		}
		rc = append_text(&r, s, e, blank ? "\n\n" : " ", out, &used);
		if (rc != BC_OK)
			return rc;
		blank = false;
	}
	if (used == 0)
		return fail(&r, BC_ESYNTAX, r.pos, "no explanation");
	return BC_OK;
}
