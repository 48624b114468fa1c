/* view_arcs.h — what the arcs view's files share: its layout inside the body, the arcs
 * (arcs.c) and the numbers panel (panel*.c).
 * Owns: nothing outside src/view_arcs.c, src/arcs.c, src/panel*.c (and their tests).
 * Must not touch: ncurses, the clock, the engine's arithmetic. */
#ifndef ATTN_VIEW_ARCS_H
#define ATTN_VIEW_ARCS_H

#include "draw.h"

#define ARCS_PANEL_ROWS 6   /* the numbers panel: a heading and five lines */
#define ARCS_CELL 7         /* columns per number in the panel's per-character tables */
#define ARCS_VCELL 6        /* columns per number in the panel's vector rows */

/* Where everything of the arcs view goes. Depends only on the trace's characters and the
 * body, so drawing and hit-testing always agree. */
typedef struct {
    int w;                           /* frame columns */
    int arc_top;                     /* first row of the arc area */
    int arc_rows;                    /* rows of the arc area, which ends above the sentence */
    int sentence_row;                /* row of the sentence */
    int value_row;                   /* row under the sentence: each character's number */
    int marker_row;                  /* row with the ▲ under the asking character */
    int panel_row;                   /* first row of the panel (its heading) */
    int panel_x;                     /* first column of the panel */
    int panel_w;                     /* columns the panel may use */
    int pitch;                       /* columns from one character's slot to the next */
    int tokens;                      /* characters laid out (T) */
    int tok_x[MODEL_MAX_TOKENS];     /* first column of each character */
    int tok_w[MODEL_MAX_TOKENS];     /* columns of each character (1 or 2) */
} ArcsLayout;

/* Computes the layout of the arcs view in c->body. */
void arcs_layout(const ViewCtx *c, ArcsLayout *L);

/* ---------------------------------------------------------------- arcs (arcs.c) */

/* Share classes: 1 below 5 %, 2 below 15 %, 3 below 35 %, 4 from 35 % up. */
int arcs_share_class(double share);

/* The arcs above the sentence (and the V's flowing back at OUTPUT). */
void arcs_draw(const ViewCtx *c, const ArcsLayout *L);

/* Braille dots set in a cell (0 when it holds no braille glyph). */
int arcs_braille_dots(const Cell *cell);

/* ---------------------------------------------------------------- the panel (panel*.c) */

/* The numbers panel of the current stage. */
void panel_draw(const ViewCtx *c, const ArcsLayout *L);

#endif
