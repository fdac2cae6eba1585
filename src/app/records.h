/*
 * records.h - the app's side of game records: reading PGN files.
 */
#ifndef BIGCHESS_RECORDS_H
#define BIGCHESS_RECORDS_H

#include "bigchess/bigchess.h"
#include "ui/ui.h"

enum print_what { PRINT_FEN, PRINT_PGN };

/*
 * Loads game `number` (from 1) of the PGN file `path` and prints its final
 * position's FEN or its normalised PGN on stdout.  Games without a Variant
 * tag are taken to be of `fallback`.  Returns the exit status: 0, or 1
 * after one line on stderr naming the problem.
 */
int records_print(const char *path, int number, enum print_what what,
    const bc_variant *fallback);

/* The most games listed from one file; --game N reads any of them. */
enum { RECORDS_LIST_MAX = 10000 };

/* A PGN file read whole, with a line for each game in it. */
struct records_file {
	char *text;
	size_t len;
	const bc_variant *fallback;
	int count;
	bool more; /* games after the first RECORDS_LIST_MAX, not listed */
	struct ui_record *games;
};

/*
 * Reads the PGN file `path` and describes each game in it, up to the
 * first RECORDS_LIST_MAX (a game that cannot be read gets its error);
 * games without a Variant tag are of `fallback`.  Returns 0, or 1 after
 * one line on stderr.  Free `out` with records_file_free.
 */
int records_scan(const char *path, const bc_variant *fallback,
    struct records_file *out);

void records_file_free(struct records_file *f);

#endif
