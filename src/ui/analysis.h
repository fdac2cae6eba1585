/*
 * analysis.h - the game screen's analysis (:analyse, A): the engine
 * thinks about the position on the board for as long as it is on, and
 * the side panel shows its depth, its evaluation as a number and a bar,
 * and its best lines in SAN; in review, an evaluation graph of the game,
 * one mark per move, from a quick search of each position.
 *
 * analysis.c runs the searches through the engine seam (ui.h), one at a
 * time and never while the computer player or a hint thinks (the panel
 * shows the computer player's own search then); analysis_view.c draws
 * them.
 */
#ifndef BIGCHESS_UI_ANALYSIS_H
#define BIGCHESS_UI_ANALYSIS_H

#include <stdbool.h>
#include <stdint.h>

#include "keys.h"
#include "ui.h"

struct ui;

enum { ANALYSIS_TEXT = 192 };

/* The evaluation of one position of the game, for the graph. */
struct graph_mark {
	uint64_t hash;  /* the position's, so a changed game is seen */
	int score;      /* centipawns, White's view */
	int mate;       /* 0, or mate in N (N > 0: White mates) */
	bool have;
};

struct analysis {
	bool on;              /* :analyse is on */
	bool running;         /* its search runs */
	bool paused;          /* waiting for a hint's search */
	bool computer;        /* showing the computer player's search */
	uint64_t hash;        /* the position it searches */
	int64_t polled;       /* ms: the last look at its report */
	bool have;            /* the fields below hold a report */
	bool no_moves;        /* the position has no legal move */
	int depth;
	int score, mate;      /* line 1, White's view (mate > 0: White) */
	int lines;
	char text[UI_ANALYSIS_LINES][ANALYSIS_TEXT]; /* score and SAN */

	/* The graph: marks[p] is the position after p moves. */
	bool graph_busy;      /* its search runs */
	bool graph_failed;    /* no search could start: no graph */
	int graph_ply;        /* ... for this ply */
	uint64_t graph_hash;
	struct graph_mark *marks;
	int marks_size;
};

/* :analyse or A: on, or off again.  Flags for the loop. */
int analysis_toggle(struct ui *ui);

/* Before a key's command runs: any command but those that look around
 * (review, the cursor, scrolling, the prompt, flipping) stops it. */
int analysis_before_key(struct ui *ui, enum command cmd);

/*
 * A typed line: "analyse" or "analyze" toggles it (true, with the flags
 * in *flags); a line that only looks around (:goto, :fen, the review
 * words) keeps it, any other stops it (false: the line still runs).
 */
bool analysis_line(struct ui *ui, const char *line, int *flags);

/* Between keys: follows the position on the board, collects reports and
 * graph marks, shows the computer player's search while it thinks.
 * Flags for the loop. */
int analysis_tick(struct ui *ui);

/* True while it wants ticks (it is on, or the graph is being made). */
bool analysis_waiting(const struct ui *ui);

/* Stops its searches and frees the graph (the UI is closing). */
void analysis_close(struct ui *ui);

/* True when the graph is shown: in review, with an engine. */
bool analysis_graph_shown(const struct ui *ui);

/* The plies of the graph's window: marks first .. first + count - 1
 * (from 1), the page of `width` marks that holds the reviewed move. */
void analysis_graph_window(const struct ui *ui, int width, int *first,
    int *count);

/* Panel rows the analysis takes above the move list, and the graph
 * below it (so that entering review moves no line of the list), of at
 * most `room`; and drawing them there. */
int analysis_panel_rows(const struct ui *ui, int room);
void analysis_panel_draw(const struct ui *ui, int y, int rows);
int analysis_graph_rows(const struct ui *ui, int room);
void analysis_graph_draw(const struct ui *ui, int y, int rows);

#endif
