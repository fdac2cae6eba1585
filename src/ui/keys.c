/*
 * keys.c - the command and key tables.
 *
 * The roguelike diagonals y u b n are on the shifted letters (Y U B N),
 * because u and n are undo and new game; the keypad corners work too.
 */
#include <stdio.h>
#include <string.h>
#include <strings.h>

#include "keys.h"
#include "terminal.h"

#define CTRL(c) ((c) & 0x1f)
#define ESC 0x1b

static const struct command_info commands[] = {
	{ CMD_UP, NULL, NULL, "move the cursor up" },
	{ CMD_DOWN, NULL, NULL, "move the cursor down" },
	{ CMD_LEFT, NULL, NULL, "move the cursor left" },
	{ CMD_RIGHT, NULL, NULL, "move the cursor right" },
	{ CMD_UP_LEFT, NULL, NULL, "move the cursor up and left" },
	{ CMD_UP_RIGHT, NULL, NULL, "move the cursor up and right" },
	{ CMD_DOWN_LEFT, NULL, NULL, "move the cursor down and left" },
	{ CMD_DOWN_RIGHT, NULL, NULL, "move the cursor down and right" },
	{ CMD_SELECT, NULL, "pick/drop",
	    "pick up the piece under the cursor, or put it down there" },
	{ CMD_CANCEL, NULL, NULL,
	    "put the piece back; close a dialog; stop reviewing" },
	{ CMD_PROMPT, NULL, "type move",
	    "type a move (SAN or coordinates) or a command" },
	{ CMD_UNDO, "undo", "undo",
	    "take back the last move (reviewing: to the one shown)" },
	{ CMD_REDO, "redo", "redo", "replay a move taken back" },
	{ CMD_FLIP, "flip", "flip", "turn the board round" },
	{ CMD_AUTOFLIP, "autoflip", NULL,
	    "keep the side to move at the bottom (on/off)" },
	{ CMD_SCROLL_UP, NULL, NULL, "scroll the move list back" },
	{ CMD_SCROLL_DOWN, NULL, NULL, "scroll the move list forward" },
	{ CMD_REVIEW_BACK, "back", NULL,
	    "review: step one move back (:goto N jumps to move N)" },
	{ CMD_REVIEW_FORWARD, "forward", NULL,
	    "review: step one move forward" },
	{ CMD_REVIEW_FIRST, "first", NULL,
	    "review: go to the start of the game" },
	{ CMD_REVIEW_LIVE, "live", NULL,
	    "stop reviewing: back to the game's position" },
	{ CMD_RESIGN, "resign", NULL, "resign (in hot-seat: the side to move)" },
	{ CMD_DRAW, "draw", NULL,
	    "agree a draw (the computer only when it stands worse)" },
	{ CMD_HINT, "hint", NULL,
	    "ask the computer for a move; + + marks it on the board" },
	{ CMD_THREATS, "threats", NULL,
	    "what the opponent threatens now, as if it were to move" },
	{ CMD_MOVE_NOW, "now", NULL,
	    "the computer plays its best move so far at once" },
	{ CMD_THINKING, "thinking", NULL,
	    "show the search: depth, score (+ for White), moves" },
	{ CMD_ANALYSE, "analyse", NULL,
	    "analyse (on/off): score, best 3 lines, the computer's search" },
	{ CMD_FEN, "fen", NULL,
	    "show the position's FEN; fen FEN starts a game from FEN" },
	{ CMD_SAVE, "save", NULL,
	    "save FILE: the game as PGN to FILE (alone: offers a name)" },
	{ CMD_INFO, "info", NULL,
	    "name the piece, mark its moves; twice: on an empty board" },
	{ CMD_RULES, "rules", NULL, "read the rules of this variant" },
	{ CMD_NEW, "new", "new", "start a new game" },
	{ CMD_HELP, "help", "help", "show this help" },
	{ CMD_QUIT, "quit", "quit", "leave bigchess (asks during a game)" },
	{ CMD_SAY, NULL, NULL,
	    "in a game room: a line of chat to the room (:say TEXT)" },
};

struct binding {
	int key;
	enum command cmd;
	const char *name;
};

static const struct binding bindings[] = {
	{ TK_UP, CMD_UP, "Up" },
	{ 'k', CMD_UP, "k" },
	{ TK_DOWN, CMD_DOWN, "Down" },
	{ 'j', CMD_DOWN, "j" },
	{ TK_LEFT, CMD_LEFT, "Left" },
	{ 'h', CMD_LEFT, "h" },
	{ TK_RIGHT, CMD_RIGHT, "Right" },
	{ 'l', CMD_RIGHT, "l" },
	{ 'Y', CMD_UP_LEFT, "Y" },
	{ TK_A1, CMD_UP_LEFT, "keypad 7" },
	{ TK_HOME, CMD_UP_LEFT, "Home" },
	{ 'U', CMD_UP_RIGHT, "U" },
	{ TK_A3, CMD_UP_RIGHT, "keypad 9" },
	{ 'B', CMD_DOWN_LEFT, "B" },
	{ TK_C1, CMD_DOWN_LEFT, "keypad 1" },
	{ TK_END, CMD_DOWN_LEFT, "End" },
	{ 'N', CMD_DOWN_RIGHT, "N" },
	{ TK_C3, CMD_DOWN_RIGHT, "keypad 3" },
	{ TK_ENTER, CMD_SELECT, "Enter" },
	{ ' ', CMD_SELECT, "Space" },
	{ ESC, CMD_CANCEL, "Esc" },
	{ ':', CMD_PROMPT, ":" },
	{ 'u', CMD_UNDO, "u" },
	{ 'r', CMD_REDO, "r" },
	{ CTRL('r'), CMD_REDO, "Ctrl-R" },
	{ 'f', CMD_FLIP, "f" },
	{ 'a', CMD_AUTOFLIP, "a" },
	{ TK_PGUP, CMD_SCROLL_UP, "PgUp" },
	{ '[', CMD_SCROLL_UP, "[" },
	{ TK_PGDN, CMD_SCROLL_DOWN, "PgDn" },
	{ ']', CMD_SCROLL_DOWN, "]" },
	{ ',', CMD_REVIEW_BACK, "," },
	{ '.', CMD_REVIEW_FORWARD, "." },
	{ '<', CMD_REVIEW_FIRST, "<" },
	{ '>', CMD_REVIEW_LIVE, ">" },
	{ 'H', CMD_HINT, "H" },
	{ 'X', CMD_THREATS, "X" },
	{ 'm', CMD_MOVE_NOW, "m" },
	{ 'T', CMD_THINKING, "T" },
	{ 'A', CMD_ANALYSE, "A" },
	{ 'i', CMD_INFO, "i" },
	{ 'R', CMD_RULES, "R" },
	{ 'n', CMD_NEW, "n" },
	{ '?', CMD_HELP, "?" },
	{ TK_F1, CMD_HELP, "F1" },
	{ 'q', CMD_QUIT, "q" },
	{ 'c', CMD_SAY, "c" },
};

enum { NCOMMANDS = sizeof commands / sizeof commands[0] };

const struct command_info *
commands_get(int i)
{
	return i >= 0 && i < NCOMMANDS ? &commands[i] : NULL;
}

/* The cursor commands and their screen directions. */
static const struct {
	enum command cmd;
	int dx, dy;
} directions[] = {
	{ CMD_UP, 0, 1 },
	{ CMD_DOWN, 0, -1 },
	{ CMD_LEFT, -1, 0 },
	{ CMD_RIGHT, 1, 0 },
	{ CMD_UP_LEFT, -1, 1 },
	{ CMD_UP_RIGHT, 1, 1 },
	{ CMD_DOWN_LEFT, -1, -1 },
	{ CMD_DOWN_RIGHT, 1, -1 },
};

bool
keys_direction(enum command cmd, int *dx, int *dy)
{
	for (size_t i = 0; i < sizeof directions / sizeof directions[0]; i++)
		if (directions[i].cmd == cmd) {
			*dx = directions[i].dx;
			*dy = directions[i].dy;
			return true;
		}
	return false;
}

enum command
keys_lookup(int key)
{
	for (size_t i = 0; i < sizeof bindings / sizeof bindings[0]; i++)
		if (bindings[i].key == key)
			return bindings[i].cmd;
	return CMD_NONE;
}

enum command
keys_command_by_word(const char *word)
{
	for (int i = 0; i < NCOMMANDS; i++)
		if (commands[i].word &&
		    strcasecmp(commands[i].word, word) == 0)
			return commands[i].id;
	return CMD_NONE;
}

int
keys_names(enum command cmd, int max, char *buf, size_t size)
{
	size_t len = 0;
	int n = 0;

	if (size)
		buf[0] = '\0';
	for (size_t i = 0; i < sizeof bindings / sizeof bindings[0]; i++) {
		if (bindings[i].cmd != cmd || n == max || len >= size)
			continue;
		len += (size_t)snprintf(buf + len, size - len, "%s%s",
		    n ? " " : "", bindings[i].name);
		n++;
	}
	return n;
}
