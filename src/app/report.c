/*
 * report.c - sanitised messages on standard error (see report.h).
 */
#include <langinfo.h>
#include <locale.h>
#include <stdbool.h>
#include <stdlib.h>
#include <string.h>

#include "bigchess/text.h"
#include "report.h"

unsigned
report_flags(void)
{
	/* A locale object of its own: setlocale would change how the rest
	 * of the program classifies bytes. */
	locale_t loc = newlocale(LC_CTYPE_MASK, "", (locale_t)0);
	const char *set = loc ? nl_langinfo_l(CODESET, loc) : NULL;
	bool utf8 = set && (strcmp(set, "UTF-8") == 0 ||
	    strcmp(set, "utf8") == 0);

	if (loc)
		freelocale(loc);
	return utf8 ? 0 : BC_TEXT_ASCII;
}

char *
report_vformat(unsigned flags, const char *fmt, va_list ap)
{
	char small[1024], *big = NULL, *clean;
	const char *raw = small;
	va_list copy;
	size_t n;
	int len;

	va_copy(copy, ap);
	len = vsnprintf(small, sizeof small, fmt, copy);
	va_end(copy);
	if (len < 0)
		return NULL;
	if ((size_t)len >= sizeof small) {
		if (!(big = malloc((size_t)len + 1)))
			return NULL;
		vsnprintf(big, (size_t)len + 1, fmt, ap);
		raw = big;
	}
	n = bc_text_sanitise(NULL, 0, raw, (size_t)len, flags);
	if ((clean = malloc(n + 1)))
		bc_text_sanitise(clean, n + 1, raw, (size_t)len, flags);
	free(big);
	return clean;
}

void
report_vprint(FILE *f, const char *fmt, va_list ap)
{
	char *text = report_vformat(report_flags(), fmt, ap);

	fputs(text ? text : "(out of memory)", f);
	free(text);
}

void
report_error(const char *fmt, ...)
{
	va_list ap;

	fputs("bigchess: ", stderr);
	va_start(ap, fmt);
	report_vprint(stderr, fmt, ap);
	va_end(ap);
	fputc('\n', stderr);
}
