/*
 * text.c - escaping control characters and bad UTF-8 (see text.h).
 *
 * The input is decoded as strict UTF-8 (RFC 3629: no overlong forms, no
 * surrogates, nothing above U+10FFFF).  A byte that does not start a
 * valid sequence is escaped on its own and decoding goes on at the next
 * byte, so one bad byte never hides the good text after it.
 */
#include <stdbool.h>
#include <stdint.h>
#include <string.h>

#include "bigchess/text.h"

/* The output so far: `len` counts every byte, `dst` takes what fits. */
struct out {
	char *dst;
	size_t size, len;
	size_t stored; /* bytes in dst */
	bool full;     /* a piece did not fit: nothing more is stored */
};

/* Appends `n` bytes as one piece: all of it fits, or none is stored. */
static void
put(struct out *o, const char *s, size_t n)
{
	if (!o->full && o->stored + n < o->size) {
		memcpy(o->dst + o->stored, s, n);
		o->stored += n;
	} else {
		o->full = true;
	}
	o->len += n;
}

/* Appends \`letter` and `digits` lower-case hex digits of `value`. */
static void
put_escape(struct out *o, char letter, int digits, uint32_t value)
{
	static const char hex[] = "0123456789abcdef";
	char buf[2 + 8];

	buf[0] = '\\';
	buf[1] = letter;
	for (int i = 0; i < digits; i++)
		buf[2 + i] = hex[(value >> (4 * (digits - 1 - i))) & 0xf];
	put(o, buf, 2 + (size_t)digits);
}

/*
 * The code point of the UTF-8 sequence at s (n bytes left), and its
 * length in *used; -1 if s does not start a valid sequence.
 */
static int32_t
decode(const unsigned char *s, size_t n, size_t *used)
{
	static const uint32_t min[5] = { 0, 0, 0x80, 0x800, 0x10000 };
	uint32_t cp;
	size_t k;

	if (s[0] < 0x80) {
		*used = 1;
		return s[0];
	}
	if (s[0] >= 0xc2 && s[0] <= 0xdf)
		k = 2, cp = s[0] & 0x1fu;
	else if (s[0] >= 0xe0 && s[0] <= 0xef)
		k = 3, cp = s[0] & 0x0fu;
	else if (s[0] >= 0xf0 && s[0] <= 0xf4)
		k = 4, cp = s[0] & 0x07u;
	else
		return -1;
	if (n < k)
		return -1;
	for (size_t i = 1; i < k; i++) {
		if ((s[i] & 0xc0) != 0x80)
			return -1;
		cp = cp << 6 | (s[i] & 0x3fu);
	}
	if (cp < min[k] || cp > 0x10ffff || (cp >= 0xd800 && cp <= 0xdfff))
		return -1;
	*used = k;
	return (int32_t)cp;
}

/* Characters that change how the terminal shows the rest of the line. */
static bool
is_bidi_control(uint32_t cp)
{
	return (cp >= 0x202a && cp <= 0x202e) || (cp >= 0x2066 && cp <= 0x2069);
}

size_t
bc_text_sanitise(char *dst, size_t size, const char *src, size_t len,
    unsigned flags)
{
	const unsigned char *s = (const unsigned char *)src;
	struct out o = { dst, size, 0, 0, false };
	size_t i = 0;

	while (i < len) {
		size_t used = 1;
		int32_t cp = decode(s + i, len - i, &used);
		bool keep = (cp >= 0x20 && cp < 0x7f) ||
		    ((cp == '\n' || cp == '\t') && (flags & BC_TEXT_LINES));

		if (cp < 0) {
			put_escape(&o, 'x', 2, s[i]);
		} else if (keep) {
			put(&o, (const char *)s + i, 1);
		} else if (cp == '\n' || cp == '\t' || cp == '\r') {
			char esc[2] = { '\\',
				cp == '\n' ? 'n' : cp == '\t' ? 't' : 'r' };

			put(&o, esc, 2);
		} else if (cp < 0x20 || cp == 0x7f) {
			put_escape(&o, 'x', 2, (uint32_t)cp);
		} else if (cp <= 0x9f || is_bidi_control((uint32_t)cp) ||
		    ((flags & BC_TEXT_ASCII) && cp <= 0xffff)) {
			put_escape(&o, 'u', 4, (uint32_t)cp);
		} else if (flags & BC_TEXT_ASCII) {
			put_escape(&o, 'U', 8, (uint32_t)cp);
		} else {
			put(&o, (const char *)s + i, used);
		}
		i += used;
	}
	if (size > 0)
		dst[o.stored] = '\0';
	return o.len;
}
