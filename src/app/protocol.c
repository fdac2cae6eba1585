/*
 * protocol.c - lines and numbers of the engine protocols (see protocol.h).
 */
#include <errno.h>
#include <stdlib.h>

#include "protocol.h"

int
protocol_read_line(FILE *in, char *buf, size_t max)
{
	size_t len = 0;
	bool too_long = false;
	int c;

	while ((c = getc(in)) != EOF && c != '\n') {
		if (len < max)
			buf[len++] = (char)c;
		else
			too_long = true;
	}
	buf[len] = '\0';
	if (c == EOF && len == 0 && !too_long)
		return 0;
	return too_long ? -1 : 1;
}

bool
protocol_parse_number(const char *text, long long min, long long max,
    long long *out)
{
	char *end;
	long long n;

	errno = 0;
	n = strtoll(text, &end, 10);
	if (errno || end == text || *end || n < min || n > max)
		return false;
	*out = n;
	return true;
}
