/*
 * tune_data.c - the tuner's data file: one "FEN ; RESULT" line per
 * position, the result from White's side as PGN writes it, or White's
 * expected result as a number from 0 to 1 (an engine's verdict:
 * tools/label).
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "tune.h"

enum { LINE_MAX_BYTES = 1024, GROW_FIRST = 4096 };

/* The first line tune gen writes, up to the variant's key. */
static const char GEN_HEADER[] = "# build/tune gen --variant ";

const char *
tune_result_text(double result)
{
	if (result > 0.75)
		return "1-0";
	if (result < 0.25)
		return "0-1";
	return "1/2-1/2";
}

static bool
blank(char c)
{
	return c == ' ' || c == '\t' || c == '\r' || c == '\n';
}

/* An expected result for White written as a number from 0 to 1, as
 * tools/label writes an engine's score: "0.7311". */
static bool
parse_expected(const char *text, size_t len, float *out)
{
	char buf[32], *end;
	double x;

	if (len == 0 || len >= sizeof buf)
		return false;
	memcpy(buf, text, len);
	buf[len] = '\0';
	if (strspn(buf, "0123456789.") != len)
		return false;
	x = strtod(buf, &end);
	if (*end != '\0' || !(x >= 0 && x <= 1))
		return false;
	*out = (float)x;
	return true;
}

bool
tune_parse_line(const char *line, const bc_variant *v,
    struct tune_sample *out, char *why, size_t size)
{
	char fen[LINE_MAX_BYTES];
	const char *sep = strstr(line, " ; "), *res, *end;
	size_t len;
	bc_error err;

	if (!sep) {
		snprintf(why, size, "no \" ; \" between the FEN and the "
		    "result");
		return false;
	}
	/* The result: the word after the separator, blanks round it. */
	res = sep + 3;
	while (blank(*res))
		res++;
	end = res + strlen(res);
	while (end > res && blank(end[-1]))
		end--;
	len = (size_t)(end - res);
	if (len == 3 && !strncmp(res, "1-0", 3))
		out->result = 1;
	else if (len == 3 && !strncmp(res, "0-1", 3))
		out->result = 0;
	else if (len == 7 && !strncmp(res, "1/2-1/2", 7))
		out->result = 0.5f;
	else if (!parse_expected(res, len, &out->result)) {
		snprintf(why, size, "the result \"%.*s\" is not 1-0, 0-1, "
		    "1/2-1/2 or a number from 0 to 1",
		    len > 20 ? 20 : (int)len, res);
		return false;
	}
	while (blank(*line))
		line++;
	len = line < sep ? (size_t)(sep - line) : 0;
	if (len == 0 || len >= sizeof fen) {
		snprintf(why, size, len ? "the FEN is too long" : "no FEN");
		return false;
	}
	memcpy(fen, line, len);
	fen[len] = '\0';
	if (bc_position_from_fen(&out->pos, v, fen, &err) != BC_OK) {
		snprintf(why, size, "bad FEN: %s", err.message);
		return false;
	}
	return true;
}

long
tune_read(FILE *f, const char *name, const bc_variant *v,
    struct tune_sample **out)
{
	char line[LINE_MAX_BYTES], why[256];
	struct tune_sample *all = NULL;
	size_t count = 0, cap = 0;
	long number = 0;

	*out = NULL;
	while (fgets(line, sizeof line, f)) {
		number++;
		if (!strchr(line, '\n') && !feof(f)) {
			fprintf(stderr, "tune: %s:%ld: line longer than %d "
			    "bytes\n", name, number, LINE_MAX_BYTES - 2);
			goto fail;
		}
		if (!strncmp(line, GEN_HEADER, sizeof GEN_HEADER - 1)) {
			/* tune gen's header names the variant: data of
			 * another is refused by name, not by its first FEN. */
			const char *key = line + sizeof GEN_HEADER - 1;
			size_t len = strcspn(key, " \t\r\n");

			if (len != strlen(bc_variant_key(v)) ||
			    strncmp(key, bc_variant_key(v), len)) {
				fprintf(stderr, "tune: %s:%ld: the data is of "
				    "%.*s, not %s\n", name, number,
				    len > 32 ? 32 : (int)len, key,
				    bc_variant_key(v));
				goto fail;
			}
		}
		if (line[strspn(line, " \t\r\n")] == '\0' || line[0] == '#')
			continue;
		if (count == cap) {
			size_t n = cap ? 2 * cap : GROW_FIRST;
			struct tune_sample *grown = realloc(all, n * sizeof *all);

			if (!grown) {
				fprintf(stderr, "tune: %s: out of memory at "
				    "line %ld\n", name, number);
				goto fail;
			}
			all = grown;
			cap = n;
		}
		if (!tune_parse_line(line, v, &all[count], why, sizeof why)) {
			fprintf(stderr, "tune: %s:%ld: %s\n", name, number, why);
			goto fail;
		}
		count++;
	}
	if (ferror(f)) {
		fprintf(stderr, "tune: %s: read error\n", name);
		goto fail;
	}
	if (!count) {
		fprintf(stderr, "tune: %s: no positions\n", name);
		goto fail;
	}
	*out = all;
	return (long)count;
fail:
	free(all);
	return -1;
}
