/* view_sqrtd.h — the √d machine's own state and what its layout decides, for its tests:
 * which draw is shown; where the draw, the plots and the lesson's words go, and where a
 * point of a plot lands.
 * Owns: nothing outside src/view_sqrtd.c (its tests, and the tour that names its preset).
 * Must not touch: ncurses, the clock, the engine's arithmetic. */
#ifndef ATTN_VIEW_SQRTD_H
#define ATTN_VIEW_SQRTD_H

#include <stdbool.h>
#include <stdint.h>
#include "draw.h"
#include "view.h"

/* The machine's own actions (view.h: ViewAction), exported for its preset: SCALE_SET (arg:
 * divide by √d or not) is what a tour stop names (request.h's REQUEST_PRESET). */
#define SQRTD_ACTIONS(X)                                                               \
    X(RESEED, "draw new random vectors", "重新随机抽一组向量")                           \
    X(SCALE_TOGGLE, "divide by √d: on or off", "除以 √d：开或关")                        \
    X(SCALE_SET, "divide by √d or not (a preset: the tour's)", "除不除以 √d（导览用）")   \
    X(D_UP, "wider vectors: the next d", "维度加大：下一个 d")                           \
    X(D_DOWN, "narrower vectors: the previous d", "维度减小：上一个 d")

VIEW_ACTIONS_ENUM(SqrtdAction, SQRTD_ACTION_BASE, SQRTD_ACTIONS);

/* What the machine keeps of its own: the draw the student asked for. */
typedef struct {
    int index;        /* index of d in sqrtd's list of widths (fresh: d = 8) */
    uint64_t seed;    /* which random draw (fresh: 1) */
    bool scaled;      /* scores divided by √d before softmax (fresh: true) */
} SqrtdState;

/* One plot against d (log scale): its caption row, its dots, axis and tick labels. */
typedef struct {
    Rect area;        /* the braille cells the curves are drawn in (h = 0: no plot) */
    int caption_row;  /* the row over it */
    int axis_row;     /* the x axis under it; tick labels on the row after */
    int label_x;      /* first column of the curves' names, right of the area */
    double top;       /* the value at the area's top row (the bottom is 0) */
} SqrtdPlot;

/* Where the machine's parts go in the body. */
typedef struct {
    int controls_row;   /* d, the ÷√d switch, the draw */
    Rect draw;          /* one draw: the six scores, shares and measures */
    int bar;            /* columns of a share bar */
    SqrtdPlot share;    /* the largest share against d */
    SqrtdPlot gradient; /* softmax's gradient against d (area.h = 0 when there is no room) */
    Rect words;         /* the lesson's two figures and its point, at the bottom */
} SqrtdLayout;

/* The layout of the body. */
void sqrtd_layout(const ViewCtx *c, SqrtdLayout *L);

/* The cell (column, row) in which the curve's point for width index i at value v lands. */
void sqrtd_plot_cell(const SqrtdPlot *P, int index, double v, int *col, int *row);

#endif
