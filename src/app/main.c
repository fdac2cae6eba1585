/*
 * main.c - the bigchess program: options, signals, the non-interactive
 * modes, and the hand-over to the interactive game (src/ui/).
 *
 * Exit status: 0 on success, 2 on bad usage, 1 on other errors, with one
 * line on stderr naming the problem.
 */
#include <errno.h>
#include <getopt.h>
#include <inttypes.h>
#include <math.h>
#include <signal.h>
#include <stdarg.h>
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>
#include <sys/resource.h>
#include <time.h>
#include <unistd.h>

#include "bigchess/bigchess.h"
#include "computer.h"
#include "history.h"
#include "hosting.h"
#include "manual.h"
#include "prefs.h"
#include "learn.h"
#include "lessons.h"
#include "records.h"
#include "report.h"
#include "resume.h"
#include "room_lobby.h"
#include "room_main.h"
#include "room_proto.h"
#include "session.h"
#include "ui/ui.h"
#include "bench.h"
#include "engine/engine.h"
#include "uci.h"
#include "xboard.h"

enum { EXIT_USAGE = 2, PERFT_MAX_DEPTH = 20 };

struct options {
	const bc_variant *variant;
	const char *fen;
	int perft_depth; /* 0: not in perft mode */
	int divide;
	const char *load;  /* a PGN file */
	int game_number;   /* which game of it, from 1 */
	const char *print; /* "fen" or "pgn": print and exit */
	bool variant_given;
	struct ui_options ui;
	int level;         /* 0: not given */
	int players_given; /* bit 0: --white, bit 1: --black */
	int bench;
	int uci;
	int xboard;
	bool resume;       /* --resume */
	bool learn;        /* --learn [VARIANT] */
	const bc_variant *learn_variant; /* NULL: all */
	bool restricted;   /* --restricted */
	const char *config; /* --config FILE: the administrator's file */
	bool idle_given;   /* --idle MIN: ui.idle_ms */
	struct room_options room; /* --host, --join, --watch */
	bool rooms;        /* --rooms */
	bool room_extras;  /* --wait or --side */
	/* What the command line chose itself, over the settings and the
	 * last game (prefs.h); the settings as read. */
	struct prefs_given given;
	struct config settings;
};

/* The one piece of global state: which signal asked us to leave. */
static volatile sig_atomic_t caught_signal;

/* The usage text in parts, one string each: C's longest string literal
 * is 4,095 characters. */
static const char usage_text[] =
    "Usage: bigchess [OPTION]...\n"
    "Play big-board chess variants in a terminal.\n"
    "\n"
    "With no option, opens the new-game screen; --variant, --white, --black\n"
    "or --fen start a game at once.\n"
    "\n"
    "  -v, --variant=V      the game: one of the variants below\n"
    "      --white=P        White's player: human or computer\n"
    "      --black=P        Black's player: human or computer; by default\n"
    "                       a human plays White against the computer, and\n"
    "                       naming one side's player makes the other human\n"
    "      --fen=FEN        start from this position\n"
    "      --clock=M[+S]    a clock: M minutes each (decimals allowed, at\n"
    "                       most 6000), plus S seconds per move (at most\n"
    "                       3600), e.g. --clock 5+3\n"
    "      --ascii          plain ASCII pieces and borders\n"
    "      --no-color       monochrome (also when NO_COLOR is set)\n"
    "      --symbols        chess symbols for K Q R B N P (UTF-8 terminals)\n";

/* The engine's and the counting options. */
static const char usage_engine[] =
    "      --perft=N        count the leaf nodes of the legal-move tree to\n"
    "                       depth N (1-20) and exit; the last line is\n"
    "                       'Nodes searched: COUNT', the time goes to stderr\n"
    "      --divide         with --perft: first one line 'MOVE: COUNT' for\n"
    "                       each legal move (coordinate notation)\n"
    "      --level=N        the computer's strength, 1 (weakest) to 10: a\n"
    "                       node budget a move (default 7, 2 for a first\n"
    "                       game of a variant; with --uci, 10)\n"
    "      --bench          search built-in positions of all variants (or\n"
    "                       of --variant) to a fixed depth; the last lines\n"
    "                       are 'Nodes searched: N' and 'Nodes/second: N'\n"
    "      --uci            speak UCI on stdin/stdout (for GUIs and match\n"
    "                       programs); options UCI_Variant (the game),\n"
    "                       Hash, Level, UCI_LimitStrength, UCI_Elo, Move\n"
    "                       Overhead, Threads, MultiPV, Ponder (go ponder,\n"
    "                       ponderhit) and UCI_AnalyseMode\n"
    "      --xboard         speak CECP 2 (XBoard's protocol; pondering on\n"
    "                       hard) on stdin/stdout for XBoard and WinBoard:\n"
    "                       xboard -fcp 'bigchess --xboard' -variant chad\n";

/* Games in files, and the shared host's options. */
static const char usage_files[] =
    "      --load=FILE      load a PGN game: the --game'th, or the only one,\n"
    "                       or pick one from a list of the file's games\n"
    "                       (a regular file of up to 64 MiB; the list\n"
    "                       shows the first 10,000 games)\n"
    "      --game=N         with --load: the Nth game of the file\n"
    "      --print=WHAT     with --load: print the final position's FEN\n"
    "                       (WHAT=fen) or the normalised PGN (WHAT=pgn)\n"
    "                       and exit (without --game, of the first\n"
    "                       game); a game without a Variant tag needs\n"
    "                       --variant; without --print, play the game\n"
    "                       on from its end, its own tags kept\n"
    "      --resume         go on with the unfinished game saved in\n"
    "                       $XDG_STATE_HOME/bigchess/autosave.pgn (the\n"
    "                       game is saved after every move; a second\n"
    "                       session at once saves in autosave-2.pgn)\n"
    "      --learn[=V]      the lessons: of all variants, or of variant V\n"
    "                       (--learn V works too); the solved ones are\n"
    "                       kept in $XDG_STATE_HOME/bigchess/lessons-done\n"
    "      --restricted     for a shared host (also BIGCHESS_RESTRICTED=1):\n"
    "                       start no other program (R shows the built-in\n"
    "                       rules), refuse file paths such as --load, keep\n"
    "                       files only in the state folder, ignore PAGER,\n"
    "                       EDITOR and the like, and read only the\n"
    "                       administrator's settings\n"
    "      --idle=MIN       save the game and leave after MIN minutes\n"
    "                       without a key (decimals allowed; 0: never)\n"
    "      --config=FILE    read FILE as the administrator's settings, in\n"
    "                       place of /etc/bigchess/config (the person's\n"
    "                       own are in ~/.config/bigchess/config)\n";

/* The game rooms' options (a string of its own: C wants them short). */
static const char usage_rooms[] =
    "      --host=NAME      open game room NAME (letters, digits, - and _,\n"
    "                       at most 32) and play the person who joins it;\n"
    "                       with --variant, --clock, --fen and --side;\n"
    "                       without --variant, the new-game screen\n"
    "                       chooses the variant, clock and your colour;\n"
    "                       with --resume, go on with the room's game\n"
    "      --join=NAME      play in room NAME as the host's opponent (again\n"
    "                       after a lost connection: the same game goes on)\n"
    "      --watch=NAME     watch the game in room NAME\n"
    "      --rooms          list the open rooms and exit\n"
    "      --side=S         with --host: the host plays white (default),\n"
    "                       black or random\n"
    "      --wait=MIN       with --host: how long the room waits for an\n"
    "                       opponent who left (default 10; 0: for ever)\n"
    "      --open-seat      with --host --resume: anyone may take the\n"
    "                       opponent's seat (else only its last login)\n"
    "      --list-variants  print the variants' keys, one a line, and exit\n"
    "  -h, --help           show this help and exit\n"
    "  -V, --version        show the version and exit\n";

/* After the variants, which the rules library's registry lists. */
static const char usage_end[] =
    "\n"
    "In the game, ? shows every key; A (or :analyse) analyses the board.\n"
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
	report_vprint(stderr, fmt, ap); /* it quotes the arguments */
	va_end(ap);
	fputs(" (try 'bigchess --help')\n", stderr);
	exit(EXIT_USAGE);
}

/* "chad, grand or hadean", from the registry. */
static const char *
variant_keys(void)
{
	static char keys[256];

	bc_variant_list_keys(keys, sizeof keys, "or");
	return keys;
}

static void
print_usage(void)
{
	const bc_variant *def = bc_variant_default();

	fputs(usage_text, stdout);
	fputs(usage_engine, stdout);
	fputs(usage_files, stdout);
	fputs(usage_rooms, stdout);
	fputs("\nVariants (V, in any case; UCI_Variant takes the same):\n",
	    stdout);
	for (int i = 0; i < bc_variant_count(); i++) {
		const bc_variant *v = bc_variant_at(i);

		printf("  %-20s %s%s\n", bc_variant_key(v), bc_variant_name(v),
		    v == def ? " (the default)" : "");
	}
	fputs(usage_end, stdout);
}

/* A whole number from `min` to `max`, or a usage error naming `option`. */
static int
parse_number(const char *option, const char *arg, int min, int max)
{
	char *end;
	long n;

	errno = 0;
	n = strtol(arg, &end, 10);
	if (errno || end == arg || *end || n < min || n > max)
		usage_error("%s wants a number from %d to %d, not '%s'", option,
		    min, max, arg);
	return (int)n;
}

static int
parse_depth(const char *arg)
{
	char *end;
	long n;

	errno = 0;
	n = strtol(arg, &end, 10);
	if (errno || end == arg || *end || n < 1 || n > PERFT_MAX_DEPTH)
		usage_error(
		    "--perft wants a depth from 1 to 20, not '%s'", arg);
	return (int)n;
}

static bool
parse_player(const char *arg, const char *opt)
{
	if (strcasecmp(arg, "human") == 0)
		return false;
	if (strcasecmp(arg, "computer") == 0)
		return true;
	usage_error("%s wants human or computer, not '%s'", opt, arg);
}

/* "M[+S]": minutes (decimals allowed) and an increment in seconds. */
static void
parse_clock(const char *arg, struct ui_options *u)
{
	if (!config_parse_clock(arg, &u->clock_base_ms, &u->clock_increment_ms))
		usage_error("--clock wants MINUTES[+SECONDS], e.g. 5+3, not "
		    "'%s'", arg);
}

static void
parse_options(int argc, char **argv, struct options *o)
{
	enum {
		OPT_FEN = 256, OPT_PERFT, OPT_DIVIDE, OPT_LOAD, OPT_GAME,
		OPT_PRINT, OPT_WHITE, OPT_BLACK, OPT_CLOCK, OPT_ASCII,
		OPT_NO_COLOR, OPT_SYMBOLS, OPT_LEVEL, OPT_BENCH, OPT_UCI, OPT_XBOARD,
		OPT_RESUME, OPT_LEARN, OPT_RESTRICTED, OPT_IDLE, OPT_CONFIG,
		OPT_HOST, OPT_JOIN, OPT_WATCH, OPT_ROOMS, OPT_SIDE, OPT_WAIT,
		OPT_OPEN_SEAT,
		OPT_LIST_VARIANTS
	};
	static const struct option longopts[] = {
		{ "variant", required_argument, NULL, 'v' },
		{ "white", required_argument, NULL, OPT_WHITE },
		{ "black", required_argument, NULL, OPT_BLACK },
		{ "clock", required_argument, NULL, OPT_CLOCK },
		{ "ascii", no_argument, NULL, OPT_ASCII },
		{ "no-color", no_argument, NULL, OPT_NO_COLOR },
		{ "symbols", no_argument, NULL, OPT_SYMBOLS },
		{ "fen", required_argument, NULL, OPT_FEN },
		{ "perft", required_argument, NULL, OPT_PERFT },
		{ "divide", no_argument, NULL, OPT_DIVIDE },
		{ "load", required_argument, NULL, OPT_LOAD },
		{ "game", required_argument, NULL, OPT_GAME },
		{ "print", required_argument, NULL, OPT_PRINT },
		{ "level", required_argument, NULL, OPT_LEVEL },
		{ "bench", no_argument, NULL, OPT_BENCH },
		{ "uci", no_argument, NULL, OPT_UCI },
		{ "xboard", no_argument, NULL, OPT_XBOARD },
		{ "resume", no_argument, NULL, OPT_RESUME },
		{ "learn", optional_argument, NULL, OPT_LEARN },
		{ "restricted", no_argument, NULL, OPT_RESTRICTED },
		{ "idle", required_argument, NULL, OPT_IDLE },
		{ "config", required_argument, NULL, OPT_CONFIG },
		{ "host", required_argument, NULL, OPT_HOST },
		{ "join", required_argument, NULL, OPT_JOIN },
		{ "watch", required_argument, NULL, OPT_WATCH },
		{ "rooms", no_argument, NULL, OPT_ROOMS },
		{ "side", required_argument, NULL, OPT_SIDE },
		{ "wait", required_argument, NULL, OPT_WAIT },
		{ "open-seat", no_argument, NULL, OPT_OPEN_SEAT },
		{ "list-variants", no_argument, NULL, OPT_LIST_VARIANTS },
		{ "help", no_argument, NULL, 'h' },
		{ "version", no_argument, NULL, 'V' },
		{ NULL, 0, NULL, 0 },
	};
	const char *arg;
	int c;

	o->variant = bc_variant_default();
	o->ui.color = true;
	o->room.wait_ms = (int64_t)ROOM_WAIT_DEFAULT_MIN * 60000;
	opterr = 0;
	while ((c = getopt_long(argc, argv, ":v:hV", longopts, NULL)) != -1) {
		/* "" for an option without its (optional) argument */
		arg = optarg ? optarg : "";
		switch (c) {
		case 'v':
			o->variant = bc_variant_find(arg);
			o->variant_given = true;
			if (!o->variant)
				usage_error("unknown variant '%s': use %s", arg,
				    variant_keys());
			o->ui.skip_setup = true;
			break;
		case OPT_WHITE:
		case OPT_BLACK:
			o->players_given |= 1 << (c == OPT_BLACK);
			o->ui.computer[c == OPT_BLACK] = parse_player(arg,
			    c == OPT_BLACK ? "--black" : "--white");
			o->ui.skip_setup = true;
			break;
		case OPT_CLOCK:
			parse_clock(arg, &o->ui);
			o->given.clock = true;
			break;
		case OPT_ASCII:
			o->ui.ascii = true;
			o->given.glyphs = true;
			break;
		case OPT_NO_COLOR:
			o->ui.color = false;
			o->given.colour = true;
			break;
		case OPT_SYMBOLS:
			o->ui.symbols = true;
			o->given.glyphs = true;
			break;
		case OPT_FEN:
			o->fen = arg;
			o->ui.skip_setup = true;
			break;
		case OPT_PERFT:
			o->perft_depth = parse_depth(arg);
			break;
		case OPT_DIVIDE:
			o->divide = 1;
			break;
		case OPT_LOAD:
			o->load = arg;
			break;
		case OPT_GAME:
			o->game_number =
			    parse_number("--game", arg, 1, 1000000);
			break;
		case OPT_PRINT:
			if (strcmp(arg, "fen") && strcmp(arg, "pgn"))
				usage_error(
				    "--print wants fen or pgn, not '%s'",
				    arg);
			o->print = arg;
			break;
		case OPT_LEVEL:
			o->level = parse_number("--level", arg,
			    ENGINE_LEVEL_MIN, ENGINE_LEVEL_MAX);
			break;
		case OPT_BENCH:
			o->bench = 1;
			break;
		case OPT_UCI:
			o->uci = 1;
			break;
		case OPT_XBOARD:
			o->xboard = 1;
			break;
		case OPT_RESUME:
			o->resume = true;
			break;
		case OPT_LEARN:
			o->learn = true;
			/* "--learn grand" as well as "--learn=grand". */
			if (!*arg && optind < argc && argv[optind][0] != '-')
				arg = argv[optind++];
			if (*arg && !(o->learn_variant =
			    bc_variant_find(arg)))
				usage_error("unknown variant '%s' for --learn: "
				    "use %s", arg, variant_keys());
			break;
		case OPT_RESTRICTED:
			o->restricted = true;
			break;
		case OPT_IDLE:
			if (!config_parse_idle(arg, &o->ui.idle_ms))
				usage_error("--idle wants minutes (decimals "
				    "allowed, 0 for never, at most a week), "
				    "not '%s'", arg);
			o->idle_given = true;
			break;
		case OPT_CONFIG:
			/*
			 * Safe even in restricted mode: where restricted
			 * mode matters, bigchess is the forced command of
			 * an account (sshd's ForceCommand, or command= in
			 * authorized_keys), and then the whole command
			 * line is the administrator's -- what the client
			 * asks to run only reaches SSH_ORIGINAL_COMMAND,
			 * which we never read.  A person who can choose
			 * our command line has a shell anyway, and the
			 * file is read with their own rights.
			 */
			if (!*arg)
				usage_error("--config wants a file name");
			o->config = arg;
			break;
		case OPT_HOST:
		case OPT_JOIN:
		case OPT_WATCH:
			if (o->room.mode != ROOM_NONE)
				usage_error("--host, --join and --watch do not "
				    "go together");
			if (!room_name_valid(arg))
				usage_error("a room's name is letters, digits, - "
				    "and _ (at most %d), not '%s'",
				    ROOM_NAME_MAX, arg);
			o->room.mode = c == OPT_HOST ? ROOM_HOST : c == OPT_JOIN
			    ? ROOM_JOIN : ROOM_WATCH;
			o->room.name = arg;
			break;
		case OPT_ROOMS:
			o->rooms = true;
			break;
		case OPT_SIDE:
			o->room_extras = true;
			if (!strcasecmp(arg, "white"))
				o->room.side = BC_WHITE;
			else if (!strcasecmp(arg, "black"))
				o->room.side = BC_BLACK;
			else if (!strcasecmp(arg, "random"))
				o->room.side = ROOM_SIDE_RANDOM;
			else
				usage_error("--side wants white, black or "
				    "random, not '%s'", arg);
			break;
		case OPT_WAIT:
			o->room_extras = true;
			if (!config_parse_idle(arg, &o->room.wait_ms))
				usage_error("--wait wants minutes (decimals "
				    "allowed, 0 for ever, at most a week), not "
				    "'%s'", arg);
			break;
		case OPT_OPEN_SEAT:
			o->room.open_seat = true;
			break;
		case 'h':
			print_usage();
			exit(0);
		case 'V':
			printf("bigchess %s\n", BIGCHESS_VERSION);
			exit(0);
		case OPT_LIST_VARIANTS:
			/* For scripts (tools/bench, tools/valgrind, the
			 * monkey): the registry's keys, so that a new variant
			 * needs no edit there. */
			for (int i = 0; i < bc_variant_count(); i++)
				puts(bc_variant_key(bc_variant_at(i)));
			exit(0);
		case ':':
			usage_error(
			    "option '%s' needs a value", argv[optind - 1]);
			break;
		default:
			usage_error("unknown option '%s'", argv[optind - 1]);
		}
	}
	if ((o->room.mode != ROOM_NONE || o->rooms) && (o->load ||
	    o->perft_depth || o->bench || o->uci || o->xboard || o->learn ||
	    o->players_given))
		usage_error("%s does not go with --load, --white, --black, "
		    "--learn, --perft, --bench, --uci or --xboard",
		    o->rooms ? "--rooms" : o->room.mode == ROOM_HOST ? "--host"
		    : o->room.mode == ROOM_JOIN ? "--join" : "--watch");
	if (o->rooms && o->room.mode != ROOM_NONE)
		usage_error("--rooms does not go with --host, --join or "
		    "--watch");
	if (o->room_extras && o->room.mode != ROOM_HOST)
		usage_error("--side and --wait go with --host");
	if (o->room.open_seat && (o->room.mode != ROOM_HOST || !o->resume))
		usage_error("--open-seat goes with --host NAME --resume");
	if ((o->room.mode == ROOM_JOIN || o->room.mode == ROOM_WATCH) &&
	    (o->variant_given || o->fen || o->resume || o->ui.clock_base_ms))
		usage_error("--join and --watch take the room's game: no "
		    "--variant, --fen, --clock or --resume");
	if (o->room.mode == ROOM_HOST && o->resume && (o->fen ||
	    o->ui.clock_base_ms || o->variant_given))
		usage_error("--host --resume goes on with the room's game: "
		    "no --variant, --fen or --clock");
	/* By default a person plays White against the computer; naming one
	 * side's player leaves the other to a person. */
	if (!o->players_given)
		o->ui.computer[BC_BLACK] = true;
	if (optind < argc)
		usage_error("unexpected argument '%s'", argv[optind]);
	if (o->divide && !o->perft_depth)
		usage_error("%s goes with --perft", "--divide");
	if (!!o->perft_depth + o->bench + o->uci + o->xboard > 1)
		usage_error("--perft, --bench, --uci and --xboard do not go "
		    "together");
	if (o->fen && (o->bench || o->uci || o->xboard))
		usage_error("--fen does not go with %s",
		    o->bench ? "--bench" : o->uci ? "--uci" : "--xboard");
	if ((o->game_number || o->print) && !o->load)
		usage_error(
		    "%s goes with --load", o->print ? "--print" : "--game");
	if (o->load && o->fen)
		usage_error("%s", "--load and --fen cannot go together");
	if (o->learn && (o->load || o->fen || o->resume || o->perft_depth ||
	    o->bench || o->uci || o->xboard || o->players_given))
		usage_error("--learn does not go with --load, --fen, --resume, "
		    "--white, --black, --perft, --bench, --uci or --xboard");
	if (o->resume && o->room.mode == ROOM_NONE && (o->load || o->fen ||
	    o->variant_given ||
	    o->perft_depth || o->bench || o->uci || o->xboard))
		usage_error("--resume does not go with --load, --fen, "
		    "--variant, --perft, --bench, --uci or --xboard");
}

/*
 * The settings files and restricted mode, after the options: the
 * command line's --idle wins over the files' idle.  In restricted mode
 * a file path from the person is bad usage (exit 2).
 */
static void
setup_hosting(struct options *o)
{
	struct config c;
	char err[256];

	if (hosting_setup(&c, o->restricted, o->config, stderr, err,
	    sizeof err) != 0) {
		report_error("%s", err);
		exit(1);
	}
	static char rooms[CONFIG_PATH_MAX];

	o->restricted = c.restricted;
	o->ui.restricted = c.restricted;
	memcpy(rooms, c.rooms, sizeof rooms);
	o->room.setting = rooms;
	o->settings = c;
	if (!o->idle_given)
		o->ui.idle_ms = c.idle_ms;
	if (c.coach != CONFIG_UNSET)
		o->ui.coach = c.coach;
	if (o->restricted && o->load)
		usage_error("%s is refused in restricted mode (files are read "
		    "only in the state folder)", o->print ? "--load --print"
		    : "--load");
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
		if (bc_position_from_fen(&pos, o->variant, o->fen, &err) !=
		    BC_OK) {
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

			bc_move_to_coord(
			    &pos, list->moves[i], text, sizeof text);
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

static void
on_signal(int sig)
{
	caught_signal = sig;
}

/*
 * SIGINT, SIGTERM, SIGHUP and SIGQUIT only set a flag: the UI's loop sees
 * it (the UI lets signals in only while it waits for a key, and the wait
 * returns on one), saves the game, restores the terminal, and then the
 * signal is raised again with its default action so the parent sees how
 * we ended.  Curses handles SIGTSTP/SIGCONT and SIGWINCH itself.
 */
static void
catch_signals(void)
{
	static const int sigs[] = { SIGINT, SIGTERM, SIGHUP, SIGQUIT };
	struct sigaction sa;

	memset(&sa, 0, sizeof sa);
	sa.sa_handler = on_signal;
	sigemptyset(&sa.sa_mask);
	for (size_t i = 0; i < sizeof sigs / sizeof sigs[0]; i++)
		sigaction(sigs[i], &sa, NULL);
}

/* True if the embedded lessons (assets/lessons/KEY/) have some of `v`. */
static bool
has_lessons(const bc_variant *v)
{
	const char *key = bc_variant_key(v);
	size_t len = strlen(key);

	for (int i = 0; i < lesson_file_count; i++)
		if (strncmp(lesson_files[i].name, key, len) == 0 &&
		    lesson_files[i].name[len] == '/')
			return true;
	return false;
}

static int
run_game(struct options *o)
{
	const char *no_color = getenv("NO_COLOR");
	const bc_variant *shown;
	char err[256];
	bc_position pos;
	bc_error ferr;

	struct computer computer;
	struct resume resume;
	struct learn_store learn;
	struct session session, *ses = NULL;
	struct room_session room;
	struct room_lobby lobby;
	bool choose_room, *finished;
	char dir[SAVEGAME_PATH_MAX], history[SAVEGAME_PATH_MAX + 8];
	int failed, rc;

	if (o->fen && bc_position_from_fen(&pos, o->variant, o->fen, &ferr) !=
	    BC_OK) {
		fprintf(stderr, "bigchess: bad FEN at byte %zu: %s\n",
		    ferr.offset + 1, ferr.message);
		return 1;
	}
	/* A variant without lessons (the registry suite lets none through)
	 * is refused for --learn, before the terminal changes, with a line
	 * saying which have them. */
	shown = o->learn_variant ? o->learn_variant
	    : o->variant_given ? o->variant : NULL;
	if (o->learn && shown && !has_lessons(shown)) {
		fprintf(stderr, "bigchess: there are no %s lessons yet; "
		    "--learn alone lists the lessons there are\n",
		    bc_variant_name(shown));
		return 1;
	}
	if (!isatty(STDIN_FILENO) || !isatty(STDOUT_FILENO)) {
		fputs("bigchess: the interactive game needs a terminal "
		      "(standard input and output must be a tty)\n", stderr);
		return 1;
	}
	/* One session per save slot of the state folder, held until exit:
	 * a second session saves apart (session.h). */
	if (savegame_dir(dir, sizeof dir, err, sizeof err) == 0) {
		session_open(&session, dir, err, sizeof err);
		ses = &session;
	}
	if (no_color && *no_color)
		o->ui.color = false;
	o->ui.variant = bc_variant_id_of(o->variant);
	o->ui.fen = o->fen;
	o->ui.signal_flag = &caught_signal;
	/* The rules key (R); restricted mode starts no program. */
	o->ui.manual = o->restricted ? NULL : manual_seam(&caught_signal);
	if (o->learn) {
		o->ui.learn = true;
		o->ui.learn_one = o->learn_variant || o->variant_given;
		if (o->learn_variant)
			o->ui.variant = bc_variant_id_of(o->learn_variant);
	}
	if (learn_init(&learn, NULL) != 0) {
		fputs("bigchess: out of memory\n", stderr);
		return 1;
	}
	o->ui.lessons = &learn.seam;
	if (resume_prepare(&resume, &o->ui, o->load ? RESUME_LOAD
	        : o->room.mode != ROOM_NONE ? RESUME_NONE
	        : o->resume ? RESUME_NOW : o->learn ? RESUME_NONE
	        : o->ui.skip_setup ? RESUME_NONE
	        : RESUME_OFFER, o->load, o->game_number,
	        o->variant_given ? o->variant : NULL, &o->level,
	        o->players_given != 0, ses) != 0) {
		learn_free(&learn);
		return 1;
	}
	/* What the command line left open: the settings, the last game. */
	o->given.variant = o->variant_given || o->learn_variant;
	o->given.players = o->players_given != 0;
	o->given.level = o->level != 0;
	prefs_apply(&o->ui, &o->level, &o->settings,
	    resume.have_last && !o->ui.skip_setup ? &resume.last : NULL,
	    &o->given);
	resume.store.level = o->level ? o->level : ENGINE_LEVEL_DEFAULT;
	if (computer_init(&computer,
	        o->level ? o->level : ENGINE_LEVEL_DEFAULT) != 0) {
		fputs("bigchess: out of memory\n", stderr);
		resume_free(&resume);
		learn_free(&learn);
		return 1;
	}
	o->ui.engine = &computer.seam;
	o->ui.level = o->level ? o->level : ENGINE_LEVEL_DEFAULT;
	/* --host NAME without its game: the new-game screen chooses it and
	 * opens the room; without a room, the screen lists them to join. */
	choose_room = o->room.mode == ROOM_HOST && !o->variant_given &&
	    !o->fen && !o->resume;
	room_lobby_init(&lobby, &o->room, &o->ui);
	if (choose_room || o->room.mode == ROOM_NONE)
		o->ui.rooms = &lobby.seam;
	if (choose_room) {
		o->ui.engine = NULL;
		o->ui.manual = NULL;
	} else if (o->room.mode != ROOM_NONE) {
		o->room.variant = o->variant;
		o->room.fen = o->fen;
		o->room.resume = o->resume;
		if (room_session_open(&room, &o->room, &o->ui, err,
		    sizeof err) != 0) {
			report_error("%s", err);
			o->ui.engine = NULL;
			computer_free(&computer);
			resume_free(&resume);
			learn_free(&learn);
			if (ses)
				session_close(ses);
			return 1;
		}
		/* A room has no computer player (and gives no hints), and
		 * the rules key shows the built-in text: man(1) would hold
		 * the terminal, and with it the room, while it runs. */
		o->ui.engine = NULL;
		o->ui.manual = NULL;
	}
	/* Without --level (or a saved game's), a first game of a variant
	 * starts easy: the history says which have been played out. */
	o->ui.level_given = o->level != 0;
	/* One entry per registered variant (none without a history, or
	 * without the memory: every variant then counts as played). */
	finished = NULL;
	if (ses && snprintf(history, sizeof history, "%s/history", dir) <
	        (int)sizeof history &&
	    savegame_check_dir(dir, err, sizeof err) >= 0 &&
	    (finished = calloc((size_t)bc_variant_count(), sizeof *finished)))
		history_finished(history, finished);
	o->ui.finished = finished;
	catch_signals();
	rc = ui_run(&o->ui, err, sizeof err);
	o->ui.finished = NULL;
	free(finished);
	if (o->room.mode != ROOM_NONE && !choose_room)
		room_session_close(&room);
	room_lobby_close(&lobby);
	failed = rc < 0;
	o->ui.engine = NULL; /* `computer` dies with this frame */
	computer_free(&computer);
	resume_free(&resume);
	learn_free(&learn);
	if (ses)
		session_close(ses);
	if (failed) {
		report_error("%s", err);
		return 1;
	}
	/* The idle timeout, said after the terminal is restored. */
	if (rc == UI_RUN_IDLE)
		report_error("%s", err);
	if (caught_signal) {
		/* The game is saved and the terminal restored: a core file
		 * of that would help nobody. */
		if (caught_signal == SIGQUIT) {
			struct rlimit none = { 0, 0 };

			setrlimit(RLIMIT_CORE, &none);
		}
		signal(caught_signal, SIG_DFL);
		raise(caught_signal);
	}
	return 0;
}

int
main(int argc, char **argv)
{
	struct options o = { 0 };

	/* Past a file-size limit (RLIMIT_FSIZE) a write fails with EFBIG,
	 * and a save says "Not saved: ...", instead of the signal killing
	 * the game. */
	signal(SIGXFSZ, SIG_IGN);
	parse_options(argc, argv, &o);
	setup_hosting(&o);
	if (o.perft_depth)
		return run_perft(&o);
	if (o.bench)
		return bench_run(o.variant_given ? o.variant : NULL);
	if (o.uci)
		return uci_run(stdin, stdout, o.variant,
		    o.level ? o.level : ENGINE_LEVEL_MAX);
	if (o.xboard)
		return xboard_run(stdin, stdout, o.variant,
		    o.level ? o.level : ENGINE_LEVEL_DEFAULT);
	if (o.rooms)
		return room_list_run(o.room.setting);
	if (o.load && o.print)
		return records_print(o.load, o.game_number ? o.game_number : 1,
		    strcmp(o.print, "fen") ? PRINT_PGN : PRINT_FEN,
		    o.variant_given ? o.variant : NULL);
	return run_game(&o);
}
