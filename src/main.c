/*
 * main.c - the bigchess program: options, and the non-interactive modes.
 *
 * Exit status: 0 on success, 2 on bad usage, 1 on other errors, with one
 * line on stderr naming the problem.
 */
#include <errno.h>
#include <getopt.h>
#include <inttypes.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "bigchess/bigchess.h"
#include "bench.h"
#include "engine/engine.h"
#include "uci.h"

enum { EXIT_USAGE = 2, PERFT_MAX_DEPTH = 20 };

struct options {
	const bc_variant *variant;
	const char *fen;
	int perft_depth; /* 0: not in perft mode */
	int divide;
	int variant_given;
	int level; /* 0: not given */
	int bench;
	int uci;
};

static const char usage_text[] =
    "Usage: bigchess [OPTION]...\n"
    "Play Chad, Grand Chess and Hadean Chess in a terminal.\n"
    "\n"
    "  -v, --variant=V      the game: chad, grand or hadean (default grand)\n"
    "      --fen=FEN        start from this position\n"
    "      --perft=N        count the leaf nodes of the legal-move tree to\n"
    "                       depth N (1-20) and exit; the last line is\n"
    "                       'Nodes searched: COUNT', the time goes to stderr\n"
    "      --divide         with --perft: first one line 'MOVE: COUNT' for\n"
    "                       each legal move (coordinate notation)\n"
    "      --level=N        the computer's strength and thinking time, 1\n"
    "                       (weakest) to 10 (default 7; with --uci, 10)\n"
    "      --bench          search built-in positions of all variants (or\n"
    "                       of --variant) to a fixed depth; the last lines\n"
    "                       are 'Nodes searched: N' and 'Nodes/second: N'\n"
    "      --uci            speak UCI on stdin/stdout (for GUIs and match\n"
    "                       programs); option UCI_Variant picks the game\n"
    "  -h, --help           show this help and exit\n"
    "  -V, --version        show the version and exit\n"
    "\n"
    "The interactive game is not built yet: for now bigchess is the rules\n"
    "library and its move-generation test (--perft).\n"
    "\n"
    "Exit status: 0 on success, 1 on an error, 2 on bad usage.\n"
    "Manual: man bigchess.\n";

static void usage_error(const char *fmt, ...)
    __attribute__((format(printf, 1, 2), noreturn));

static void
usage_error(const char *fmt, ...)
{
	va_list ap;

	fputs("bigchess: ", stderr);
	va_start(ap, fmt);
	vfprintf(stderr, fmt, ap);
	va_end(ap);
	fputs(" (try 'bigchess --help')\n", stderr);
	exit(EXIT_USAGE);
}

static int
parse_depth(const char *arg)
{
	char *end;
	long n;

	errno = 0;
	n = strtol(arg, &end, 10);
	if (errno || end == arg || *end || n < 1 || n > PERFT_MAX_DEPTH)
		usage_error("--perft wants a depth from 1 to 20, not '%s'", arg);
	return (int)n;
}

static int
parse_level(const char *arg)
{
	char *end;
	long n;

	errno = 0;
	n = strtol(arg, &end, 10);
	if (errno || end == arg || *end || n < ENGINE_LEVEL_MIN ||
	    n > ENGINE_LEVEL_MAX)
		usage_error("--level wants a number from %d to %d, not '%s'",
		    ENGINE_LEVEL_MIN, ENGINE_LEVEL_MAX, arg);
	return (int)n;
}

static void
parse_options(int argc, char **argv, struct options *o)
{
	enum { OPT_FEN = 256, OPT_PERFT, OPT_DIVIDE, OPT_LEVEL, OPT_BENCH,
		OPT_UCI };
	static const struct option longopts[] = {
		{ "variant", required_argument, NULL, 'v' },
		{ "fen", required_argument, NULL, OPT_FEN },
		{ "perft", required_argument, NULL, OPT_PERFT },
		{ "divide", no_argument, NULL, OPT_DIVIDE },
		{ "level", required_argument, NULL, OPT_LEVEL },
		{ "bench", no_argument, NULL, OPT_BENCH },
		{ "uci", no_argument, NULL, OPT_UCI },
		{ "help", no_argument, NULL, 'h' },
		{ "version", no_argument, NULL, 'V' },
		{ NULL, 0, NULL, 0 },
	};
	int c;

	o->variant = bc_variant_get(BC_VARIANT_GRAND);
	opterr = 0;
	while ((c = getopt_long(argc, argv, ":v:hV", longopts, NULL)) != -1) {
		switch (c) {
		case 'v':
			o->variant = bc_variant_find(optarg);
			o->variant_given = 1;
			if (!o->variant)
				usage_error("unknown variant '%s': use chad, grand "
				            "or hadean", optarg);
			break;
		case OPT_FEN:
			o->fen = optarg;
			break;
		case OPT_PERFT:
			o->perft_depth = parse_depth(optarg);
			break;
		case OPT_DIVIDE:
			o->divide = 1;
			break;
		case OPT_LEVEL:
			o->level = parse_level(optarg);
			break;
		case OPT_BENCH:
			o->bench = 1;
			break;
		case OPT_UCI:
			o->uci = 1;
			break;
		case 'h':
			fputs(usage_text, stdout);
			exit(0);
		case 'V':
			printf("bigchess %s\n", BIGCHESS_VERSION);
			exit(0);
		case ':':
			usage_error("option '%s' needs a value", argv[optind - 1]);
			break;
		default:
			usage_error("unknown option '%s'", argv[optind - 1]);
		}
	}
	if (optind < argc)
		usage_error("unexpected argument '%s'", argv[optind]);
	if (o->divide && !o->perft_depth)
		usage_error("%s goes with --perft", "--divide");
	if (!!o->perft_depth + o->bench + o->uci > 1)
		usage_error("--perft, --bench and --uci do not go together");
	if (o->fen && (o->bench || o->uci))
		usage_error("--fen does not go with %s",
		    o->bench ? "--bench" : "--uci");
}

static double
seconds_now(void)
{
	struct timespec ts;

	clock_gettime(CLOCK_MONOTONIC, &ts);
	return (double)ts.tv_sec + (double)ts.tv_nsec / 1e9;
}

static int
run_perft(const struct options *o)
{
	bc_position pos;
	bc_error err;
	uint64_t total = 0;
	double start;

	if (o->fen) {
		if (bc_position_from_fen(&pos, o->variant, o->fen, &err) != BC_OK) {
			fprintf(stderr, "bigchess: bad FEN at byte %zu: %s\n",
			    err.offset + 1, err.message);
			return 1;
		}
	} else {
		bc_position_start(&pos, o->variant);
	}
	start = seconds_now();
	if (o->divide) {
		bc_move_list *list = malloc(sizeof *list);

		if (!list) {
			fputs("bigchess: out of memory\n", stderr);
			return 1;
		}
		bc_movegen_legal(&pos, list);
		for (int i = 0; i < list->count; i++) {
			char text[BC_MOVE_TEXT_MAX];
			bc_undo undo;
			uint64_t n;

			bc_move_to_coord(&pos, list->moves[i], text, sizeof text);
			bc_position_make(&pos, list->moves[i], &undo);
			n = bc_perft(&pos, o->perft_depth - 1);
			bc_position_unmake(&pos, &undo);
			printf("%s: %" PRIu64 "\n", text, n);
			total += n;
		}
		free(list);
		printf("\n");
	} else {
		total = bc_perft(&pos, o->perft_depth);
	}
	{
		double elapsed = seconds_now() - start;

		printf("Nodes searched: %" PRIu64 "\n", total);
		fflush(stdout);
		fprintf(stderr, "Time: %.3f s, Nodes/second: %.0f\n", elapsed,
		    elapsed > 0 ? (double)total / elapsed : 0.0);
	}
	return 0;
}

int
main(int argc, char **argv)
{
	struct options o = { 0 };

	parse_options(argc, argv, &o);
	if (o.perft_depth)
		return run_perft(&o);
	if (o.bench)
		return bench_run(o.variant_given ? o.variant : NULL);
	if (o.uci)
		return uci_run(stdin, stdout, o.variant,
		    o.level ? o.level : ENGINE_LEVEL_MAX);
	fputs("bigchess: the interactive game is not built yet; "
	      "try 'bigchess --perft 3' or 'bigchess --help'\n", stderr);
	return 1;
}
