/* heat.h — the heatmap kit the matrix, machine and library views share: a cell's style
 * (levels and colours are the share ramp's, ramp.h), swatches of shade glyphs, windows of rows and columns that keep one in
 * sight (text laid out in pieces is pieces.h's).
 * Owns: nothing outside src/heat.c and the views that include it.
 * Must not touch: ncurses, the clock, the engine's arithmetic (levels only compare). */
#ifndef ATTN_HEAT_H
#define ATTN_HEAT_H

#include <stdbool.h>
#include "draw.h"
#include "ramp.h"

#define HEAT_TOP RAMP_LEVELS   /* the darkest level: c->gl->shades[HEAT_TOP] */

/* ---------------------------------------------------------------- levels */

/* A cell's style: the ramp's for levels 1..HEAT_TOP (ramp.h: the levels come from there
 * too), dim for level 0 (a masked cell). */
Style heat_style(int level);

/* The smallest and largest cell of head h's T × T table mat (scores, scaled or weights)
 * among the cells the mask leaves. */
void heat_table_range(const Trace *tr, const double *mat, int h, double *lo, double *hi);

/* The largest |v| of a T × d table of the trace. */
double heat_table_top(const Trace *tr, const double *mat);

/* n glyphs of the level's shade from (x, y) in style st. */
void heat_swatch(const ViewCtx *c, int x, int y, int n, int level, Style st);

/* ---------------------------------------------------------------- windows */

/* The first of n consecutive items out of count that holds item keep, as centred on it
 * as the ends allow (0 when all fit). */
int heat_window_first(int count, int n, int keep);

#endif
