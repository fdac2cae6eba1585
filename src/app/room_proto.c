/*
 * room_proto.c - the rooms' line protocol: one table says each message's
 * words, and one parser and one formatter walk it, so the two cannot
 * disagree.  A line is ASCII words separated by single spaces, except a
 * last TEXT or FEN field, which takes the rest of the line.  Every field
 * has a grammar and a bound, and anything else is refused with a reason.
 */
#include <stdarg.h>
#include <stdio.h>
#include <string.h>

#include "room_proto.h"

/* The field types of the message table. */
enum field {
	F_END,
	F_VERSION,   /* 1 */
	F_ROLE,      /* host guest watcher query */
	F_COLOUR,    /* white black */
	F_COLOUR3,   /* white black none */
	F_LOGIN,     /* a login or a room name -> name */
	F_VARIANT,   /* -> variant */
	F_MS0,       /* a number of ms -> ms[0] */
	F_MS1,       /* -> ms[1] */
	F_COUNT,     /* -> count */
	F_WATCHERS,  /* -> watchers */
	F_COORD,     /* a move -> move */
	F_OFFER,     /* draw takeback */
	F_YESNO,
	F_END_KIND,  /* resignation agreement time */
	F_STATE,     /* waiting playing over */
	F_HERE,      /* here gone */
	F_TEXT,      /* chat: the rest of the line -> text */
	F_FEN        /* the rest of the line -> text */
};

enum { FIELDS_MAX = 9, MS_MAX = 360000000, COUNT_MAX = 10000000 };

struct layout {
	const char *word;
	enum field f[FIELDS_MAX];
};

static const struct layout layouts[RM_KIND_COUNT] = {
	[RM_HELLO] = { "hello", { F_VERSION, F_ROLE } },
	[RM_MOVE] = { "move", { F_COORD } },
	[RM_SAY] = { "say", { F_TEXT } },
	[RM_OFFER] = { "offer", { F_OFFER } },
	[RM_ANSWER] = { "answer", { F_YESNO } },
	[RM_RESIGN] = { "resign", { F_END } },
	[RM_WELCOME] = { "welcome", { F_VERSION, F_ROLE, F_COLOUR3,
	    F_LOGIN } },
	[RM_GAME] = { "game", { F_VARIANT, F_MS0, F_MS1, F_COLOUR } },
	[RM_START] = { "start", { F_FEN } },
	[RM_PLAYED] = { "m", { F_COORD } },
	[RM_CLOCK] = { "clock", { F_MS0, F_MS1 } },
	[RM_SYNCED] = { "synced", { F_END } },
	[RM_MOVED] = { "moved", { F_COORD, F_MS0, F_MS1 } },
	[RM_SAID] = { "said", { F_LOGIN, F_TEXT } },
	[RM_OFFERED] = { "offered", { F_OFFER, F_COLOUR } },
	[RM_DECLINED] = { "declined", { F_OFFER, F_COLOUR } },
	[RM_TAKEBACK] = { "takeback", { F_COUNT, F_MS0, F_MS1 } },
	[RM_RESULT] = { "result", { F_END_KIND, F_COLOUR3 } },
	[RM_PEER] = { "peer", { F_HERE, F_LOGIN } },
	[RM_WATCHERS] = { "watchers", { F_COUNT } },
	[RM_ROOM] = { "room", { F_LOGIN, F_VARIANT, F_MS0, F_MS1, F_COUNT,
	    F_STATE, F_WATCHERS } },
	[RM_ERROR] = { "error", { F_TEXT } },
	[RM_BYE] = { "bye", { F_TEXT } },
};

static const char *const role_words[] = { "host", "guest", "watcher",
	"query", NULL };
static const char *const colour_words[] = { "white", "black", "none",
	NULL };
static const char *const offer_words[] = { "draw", "takeback", NULL };
static const char *const yesno_words[] = { "no", "yes", NULL };
static const char *const end_words[] = { "resignation", "agreement",
	"time", NULL };
static const char *const state_words[] = { "waiting", "playing", "over",
	NULL };
static const char *const here_words[] = { "gone", "here", NULL };

const char *
room_role_name(int role)
{
	return role >= 0 && role < ROLE_COUNT ? role_words[role] : "?";
}

const char *
room_colour_name(int colour)
{
	return colour >= 0 && colour <= ROOM_NO_COLOUR ? colour_words[colour]
	    : "?";
}

static bool
name_char(int c)
{
	return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') ||
	    (c >= '0' && c <= '9') || c == '-' || c == '_';
}

/* Letters, digits, - and _ (and . for logins), 1 to `max` bytes. */
static bool
word_valid(const char *w, size_t len, size_t max, bool dot)
{
	if (len == 0 || len > max)
		return false;
	for (size_t i = 0; i < len; i++)
		if (!name_char((unsigned char)w[i]) && !(dot && w[i] == '.'))
			return false;
	return true;
}

bool
room_name_valid(const char *name)
{
	return word_valid(name, strlen(name), ROOM_NAME_MAX, false);
}

/* No control characters (C0 and DEL); what is left may be UTF-8, which
 * the screen sanitises (bc_text_sanitise) before it shows it. */
static bool
text_valid(const char *t, size_t len, size_t max)
{
	if (len == 0 || len > max)
		return false;
	for (size_t i = 0; i < len; i++) {
		unsigned char c = (unsigned char)t[i];

		if (c < 0x20 || c == 0x7f)
			return false;
	}
	return true;
}

bool
room_text_valid(const char *text)
{
	return text_valid(text, strlen(text), ROOM_TEXT_MAX);
}

static int
word_index(const char *const *words, const char *w, size_t len)
{
	for (int i = 0; words[i]; i++)
		if (strlen(words[i]) == len && !memcmp(words[i], w, len))
			return i;
	return -1;
}

/* A whole number without sign or leading zeros, 0 to `max`. */
static bool
number(const char *w, size_t len, int64_t max, int64_t *out)
{
	int64_t v = 0;

	if (len == 0 || len > 10 || (len > 1 && w[0] == '0'))
		return false;
	for (size_t i = 0; i < len; i++) {
		if (w[i] < '0' || w[i] > '9')
			return false;
		v = v * 10 + (w[i] - '0');
	}
	if (v > max)
		return false;
	*out = v;
	return true;
}

static void
copy(char *dst, size_t size, const char *src, size_t len)
{
	if (len >= size)
		len = size - 1;
	memcpy(dst, src, len);
	dst[len] = '\0';
}

static int fail(char *err, size_t errsize, const char *fmt, ...)
    __attribute__((format(printf, 3, 4)));

static int
fail(char *err, size_t errsize, const char *fmt, ...)
{
	va_list ap;

	if (errsize) {
		va_start(ap, fmt);
		vsnprintf(err, errsize, fmt, ap);
		va_end(ap);
	}
	return -1;
}

/* One field of `w` (`len` bytes) into `m`; false if out of grammar. */
static bool
field(enum field f, const char *w, size_t len, struct room_msg *m)
{
	int64_t n;
	int i;

	switch (f) {
	case F_VERSION:
		if (!number(w, len, 999, &n) || n < 1)
			return false;
		m->version = (int)n;
		return true;
	case F_ROLE:
		return (i = word_index(role_words, w, len)) >= 0 &&
		    (m->role = (enum room_role)i, true);
	case F_COLOUR:
		return (i = word_index(colour_words, w, len)) >= 0 &&
		    i < ROOM_NO_COLOUR && (m->colour = i, true);
	case F_COLOUR3:
		return (i = word_index(colour_words, w, len)) >= 0 &&
		    (m->colour = i, true);
	case F_LOGIN:
		if (!word_valid(w, len, ROOM_NAME_MAX, true))
			return false;
		copy(m->name, sizeof m->name, w, len);
		return true;
	case F_VARIANT:
		if (!word_valid(w, len, ROOM_NAME_MAX, false))
			return false;
		copy(m->variant, sizeof m->variant, w, len);
		return true;
	case F_MS0:
	case F_MS1:
		return number(w, len, MS_MAX, &m->ms[f == F_MS1]);
	case F_COUNT:
		return number(w, len, COUNT_MAX, &m->count);
	case F_WATCHERS:
		return number(w, len, COUNT_MAX, &m->watchers);
	case F_COORD:
		if (!word_valid(w, len, ROOM_MOVE_MAX, false) || len < 2)
			return false;
		copy(m->move, sizeof m->move, w, len);
		return true;
	case F_OFFER:
		return (m->offer = word_index(offer_words, w, len)) >= 0;
	case F_YESNO:
		return (i = word_index(yesno_words, w, len)) >= 0 &&
		    (m->yes = i == 1, true);
	case F_END_KIND:
		return (m->end = word_index(end_words, w, len)) >= 0;
	case F_STATE:
		return (m->state = word_index(state_words, w, len)) >= 0;
	case F_HERE:
		return (i = word_index(here_words, w, len)) >= 0 &&
		    (m->here = i == 1, true);
	case F_TEXT:
		if (!text_valid(w, len, ROOM_TEXT_MAX))
			return false;
		copy(m->text, sizeof m->text, w, len);
		return true;
	case F_FEN:
		/* A FEN is printable ASCII; the rules library reads it. */
		if (!text_valid(w, len, ROOM_FEN_MAX))
			return false;
		for (size_t k = 0; k < len; k++)
			if ((unsigned char)w[k] > 0x7e)
				return false;
		copy(m->text, sizeof m->text, w, len);
		return true;
	case F_END:
		break;
	}
	return false;
}

int
room_parse(const char *line, size_t len, struct room_msg *out, char *err,
    size_t errsize)
{
	const struct layout *lay = NULL;
	size_t pos, wlen;
	int kind;

	memset(out, 0, sizeof *out);
	if (len > ROOM_LINE_MAX)
		return fail(err, errsize, "a line longer than %d bytes",
		    ROOM_LINE_MAX);
	if (memchr(line, '\0', len))
		return fail(err, errsize, "a NUL byte in a line");
	for (wlen = 0; wlen < len && line[wlen] != ' '; wlen++)
		;
	for (kind = 0; kind < RM_KIND_COUNT; kind++)
		if (strlen(layouts[kind].word) == wlen &&
		    !memcmp(layouts[kind].word, line, wlen))
			break;
	if (kind == RM_KIND_COUNT)
		return fail(err, errsize, "an unknown message");
	lay = &layouts[kind];
	out->kind = (enum room_kind)kind;
	out->colour = ROOM_NO_COLOUR;
	pos = wlen;
	for (int i = 0; i < FIELDS_MAX && lay->f[i] != F_END; i++) {
		enum field f = lay->f[i];

		if (pos >= len || line[pos] != ' ')
			return fail(err, errsize, "a '%s' message with too "
			    "few words", lay->word);
		pos++;
		if (f == F_TEXT || f == F_FEN)
			wlen = len - pos;
		else
			for (wlen = 0; pos + wlen < len &&
			    line[pos + wlen] != ' '; wlen++)
				;
		if (!field(f, line + pos, wlen, out))
			return fail(err, errsize, "a bad word in a '%s' "
			    "message", lay->word);
		pos += wlen;
	}
	if (pos != len)
		return fail(err, errsize, "a '%s' message with too many "
		    "words", lay->word);
	return 0;
}

/* Appends one field of `m` to `buf`; false if it is out of grammar. */
static bool
put(enum field f, const struct room_msg *m, char *buf, size_t size,
    size_t *pos)
{
	char num[24];
	const char *w = NULL;
	int n;

	switch (f) {
	case F_VERSION:
		snprintf(num, sizeof num, "%d", m->version);
		w = num;
		break;
	case F_ROLE:
		w = m->role < ROLE_COUNT ? role_words[m->role] : NULL;
		break;
	case F_COLOUR:
		w = m->colour >= 0 && m->colour < ROOM_NO_COLOUR
		    ? colour_words[m->colour] : NULL;
		break;
	case F_COLOUR3:
		w = m->colour >= 0 && m->colour <= ROOM_NO_COLOUR
		    ? colour_words[m->colour] : NULL;
		break;
	case F_LOGIN:
		w = m->name;
		break;
	case F_VARIANT:
		w = m->variant;
		break;
	case F_MS0:
	case F_MS1:
		snprintf(num, sizeof num, "%lld", (long long)m->ms[f == F_MS1]);
		w = num;
		break;
	case F_COUNT:
	case F_WATCHERS:
		snprintf(num, sizeof num, "%lld", (long long)(f == F_COUNT
		    ? m->count : m->watchers));
		w = num;
		break;
	case F_COORD:
		w = m->move;
		break;
	case F_OFFER:
		w = m->offer >= 0 && m->offer <= OFFER_TAKEBACK
		    ? offer_words[m->offer] : NULL;
		break;
	case F_YESNO:
		w = yesno_words[m->yes];
		break;
	case F_END_KIND:
		w = m->end >= 0 && m->end <= END_TIME ? end_words[m->end] : NULL;
		break;
	case F_STATE:
		w = m->state >= 0 && m->state <= STATE_OVER
		    ? state_words[m->state] : NULL;
		break;
	case F_HERE:
		w = here_words[m->here];
		break;
	case F_TEXT:
	case F_FEN:
		w = m->text;
		break;
	case F_END:
		return false;
	}
	if (!w)
		return false;
	n = snprintf(buf + *pos, size - *pos, " %s", w);
	if (n < 0 || (size_t)n >= size - *pos)
		return false;
	*pos += (size_t)n;
	return true;
}

int
room_format(const struct room_msg *m, char *buf, size_t size)
{
	const struct layout *lay;
	struct room_msg check;
	size_t pos;
	int n;

	if (m->kind < 0 || m->kind >= RM_KIND_COUNT || size < 2)
		return -1;
	lay = &layouts[m->kind];
	n = snprintf(buf, size, "%s", lay->word);
	if (n < 0 || (size_t)n >= size)
		return -1;
	pos = (size_t)n;
	for (int i = 0; i < FIELDS_MAX && lay->f[i] != F_END; i++)
		if (!put(lay->f[i], m, buf, size, &pos))
			return -1;
	/* What we send must be what a peer reads: check it the same way. */
	if (room_parse(buf, pos, &check, NULL, 0) != 0 || pos + 1 >= size)
		return -1;
	buf[pos++] = '\n';
	buf[pos] = '\0';
	return (int)pos;
}

size_t
room_in_feed(struct room_in *in, const char *data, size_t n)
{
	size_t i;

	if (in->complete || in->too_long)
		return 0;
	for (i = 0; i < n; i++) {
		if (data[i] == '\n') {
			in->complete = true;
			/* A line may end in CR LF (a person on nc -C). */
			if (in->len && in->line[in->len - 1] == '\r')
				in->len--;
			in->line[in->len] = '\0';
			return i + 1;
		}
		if (in->len >= ROOM_LINE_MAX) {
			in->too_long = true;
			return i;
		}
		in->line[in->len++] = data[i];
	}
	return i;
}

bool
room_in_line(const struct room_in *in)
{
	return in->complete;
}

void
room_in_next(struct room_in *in)
{
	in->len = 0;
	in->complete = false;
}

void
room_rate_init(struct room_rate *r, int64_t now)
{
	r->tokens = ROOM_RATE_BURST;
	r->last = now;
}

bool
room_rate_take(struct room_rate *r, int64_t now)
{
	if (now > r->last) {
		int64_t add = (now - r->last) / ROOM_RATE_MS;

		if (add > 0) {
			r->tokens = add >= ROOM_RATE_BURST ? ROOM_RATE_BURST
			    : r->tokens + (int)add > ROOM_RATE_BURST
			    ? ROOM_RATE_BURST : r->tokens + (int)add;
			r->last += add * ROOM_RATE_MS;
		}
	} else if (now < r->last) {
		r->last = now; /* a clock that went back */
	}
	if (r->tokens <= 0)
		return false;
	r->tokens--;
	return true;
}
