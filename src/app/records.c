/*
 * records.c - reading PGN files for --load, and --print.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "fileio.h"
#include "records.h"
#include "report.h"

enum { PGN_FILE_MAX = 64 << 20 };

/* Reads all of `path` into a new buffer; NULL with a line on stderr. */
static char *
read_file(const char *path, size_t *len)
{
	char err[FILEIO_ERROR_MAX];
	char *data = fileio_read(path, PGN_FILE_MAX, len, err, sizeof err);

	if (!data)
		report_error("%s", err);
	return data;
}

/* Writes `g` as PGN with the result its record gave. */
static int
write_with_result(const bc_pgn_game *g, char **pgn)
{
	bc_pgn_tag *tags = malloc((size_t)(g->tag_count + 1) * sizeof *tags);
	char result_name[] = "Result";
	char result[sizeof g->result];
	int n = 0, rc;

	if (!tags)
		return BC_ENOMEM;
	for (int i = 0; i < g->tag_count; i++)
		if (strcmp(g->tags[i].name, "Result"))
			tags[n++] = g->tags[i];
	memcpy(result, g->result, sizeof result);
	tags[n].name = result_name;
	tags[n++].value = result;
	rc = bc_pgn_write(g->game, tags, n, pgn);
	free(tags);
	return rc;
}

int
records_print(const char *path, int number, enum print_what what,
    const bc_variant *fallback)
{
	size_t len;
	char *text = read_file(path, &len);
	bc_pgn_game g;
	bc_error err;
	int status = 1, rc;

	if (!text)
		return 1;
	rc = bc_pgn_read_nth(text, len, fallback, number, &g, &err);
	free(text);
	if (rc == BC_ENOTFOUND) {
		report_error("%s %s", path, err.message);
		return 1;
	}
	if (rc != BC_OK) {
		report_error("%s: %s", path, err.message);
		return 1;
	}
	if (what == PRINT_FEN) {
		char fen[BC_FEN_MAX];

		bc_position_to_fen(bc_game_position(g.game), fen, sizeof fen);
		printf("%s\n", fen);
		status = 0;
	} else {
		char *pgn;

		/* The record's result stands where the rules see none. */
		if (write_with_result(&g, &pgn) == BC_OK) {
			fputs(pgn, stdout);
			free(pgn);
			status = 0;
		} else {
			fputs("bigchess: out of memory\n", stderr);
		}
	}
	bc_pgn_game_free(&g);
	return status;
}

/*
 * Copies tag `name` of `g` (or "") into `buf`, escaped for the screen
 * already (bigchess/text.h) so that the list's columns are laid out with
 * the text as it will show, and cut at a whole character.
 */
static void
copy_tag(const bc_pgn_game *g, const char *name, char *buf, size_t size)
{
	const char *v = bc_pgn_tag_value(g, name);

	bc_text_sanitise(buf, size, v ? v : "", v ? strlen(v) : 0, 0);
}

static void
describe(const bc_pgn_game *g, struct ui_record *r)
{
	copy_tag(g, "White", r->white, sizeof r->white);
	copy_tag(g, "Black", r->black, sizeof r->black);
	copy_tag(g, "Event", r->event, sizeof r->event);
	copy_tag(g, "Date", r->date, sizeof r->date);
	snprintf(r->result, sizeof r->result, "%s", g->result);
	snprintf(r->variant, sizeof r->variant, "%s",
	    bc_variant_name(bc_game_variant(g->game)));
	r->plies = bc_game_length(g->game);
}

int
records_scan(const char *path, const bc_variant *fallback,
    struct records_file *out)
{
	size_t offset = 0;
	int cap = 0;

	memset(out, 0, sizeof *out);
	out->fallback = fallback;
	out->text = read_file(path, &out->len);
	if (!out->text)
		return 1;
	for (;;) {
		size_t before = offset;
		struct ui_record *r;
		bc_pgn_game g;
		bc_error err;
		int rc = bc_pgn_read(out->text, out->len, &offset, fallback,
		    out->count + 1, &g, &err);

		if (rc == BC_ENOTFOUND)
			break;
		if (rc == BC_ENOMEM)
			goto nomem;
		/* A file of a million empty games must not list them all. */
		if (out->count == RECORDS_LIST_MAX) {
			if (rc == BC_OK)
				bc_pgn_game_free(&g);
			out->more = true;
			break;
		}
		if (out->count == cap) {
			void *grown;

			cap = cap ? cap * 2 : 16;
			grown = realloc(out->games, (size_t)cap *
			    sizeof *out->games);
			if (!grown) {
				if (rc == BC_OK)
					bc_pgn_game_free(&g);
				goto nomem;
			}
			out->games = grown;
		}
		r = &out->games[out->count++];
		memset(r, 0, sizeof *r);
		if (rc == BC_OK) {
			describe(&g, r);
			bc_pgn_game_free(&g);
		} else {
			snprintf(r->error, sizeof r->error, "%s",
			    err.message[0] ? err.message : bc_strerror(rc));
		}
		/* A reader that stands still would list one game forever. */
		if (offset <= before)
			break;
	}
	return 0;
nomem:
	fputs("bigchess: out of memory\n", stderr);
	records_file_free(out);
	return 1;
}

void
records_file_free(struct records_file *f)
{
	free(f->text);
	free(f->games);
	memset(f, 0, sizeof *f);
}
