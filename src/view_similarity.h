/* view_similarity.h — what the similarity view's layout decides, for its tests: which
 * troubles are on screen and where, which characters each trouble is about.
 * Owns: nothing outside src/view_similarity.c (and its tests).
 * Must not touch: ncurses, the clock, the engine's arithmetic. */
#ifndef ATTN_VIEW_SIMILARITY_H
#define ATTN_VIEW_SIMILARITY_H

#include <stdbool.h>
#include "draw.h"

#define SIM_TROUBLES 3   /* symmetric, content only, like instead of needed */

/* What the view keeps of its own. */
typedef struct {
    int trouble;   /* the trouble shown or lit (0..SIM_TROUBLES-1; fresh: 0) */
} SimState;

/* How trouble 1 lays out its two tables. */
typedef enum {
    SIM_TABLES_VOCABULARY = 0,   /* lesson 4's whole 20 × 20 table beside the scores */
    SIM_TABLES_SIDE,             /* the sentence's two tables side by side */
    SIM_TABLES_STACKED,          /* the similarity table above the scores */
} SimTables;

/* The characters the three troubles are about, found from the lesson and the focus. */
typedef struct {
    int head;          /* the head whose scores and shares are shown (0 with one head) */
    int subject;       /* trouble 1: the asking character of the marked pair (等, else the focus) */
    int partner;       /* trouble 1: the one it gives its largest share (加) */
    int compared;      /* trouble 2: the character compared (等 when both sentences have it,
                          else the focus), a seat of the sentence */
    int alt_seat;      /* trouble 2: its seat in the comparison sentence, or -1 */
    int asker;         /* trouble 3: the answer's seat (?, else the last character) */
    unsigned sources;  /* trouble 3: where the answer comes from, the seats before 等
                          (三加五), a bit each; 0 when the sentence has no 等 before it */
} SimFocus;

/* Where the view puts its troubles in the body. */
typedef struct {
    bool all;                  /* every trouble at once (else only the current one) */
    int first;                 /* the first trouble drawn */
    int count;                 /* troubles drawn: 1 or SIM_TROUBLES */
    int top[SIM_TROUBLES];     /* first body row of each drawn trouble (-1 when not drawn) */
    int rows[SIM_TROUBLES];    /* rows each drawn trouble may use */
    int core[SIM_TROUBLES];    /* rows of each trouble before its paragraph (heading included) */
    SimTables tables;          /* trouble 1's tables */
    int cell;                  /* columns per number in the tables and rows */
    int label;                 /* columns of a table's label column: a character and a blank */
    bool brief;                /* ASCII: the tables' rows name characters by brief labels ("3", "+") */
    int x;                     /* first column the troubles use */
    int w;                     /* columns they use */
} SimLayout;

/* The characters of each trouble. */
void similarity_focus(const ViewCtx *c, SimFocus *f);

/* The layout of the body. */
void similarity_layout(const ViewCtx *c, SimLayout *L);

#endif
