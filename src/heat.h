/* heat.h — the heatmap kit the matrix, machine and library views share: a value's shade level and
 * its colour, swatches of shade glyphs, windows of rows and columns that keep one in
 * sight (text laid out in pieces is pieces.h's).
 * Owns: nothing outside src/heat.c and the views that include it.
 * Must not touch: ncurses, the clock, the engine's arithmetic (levels only compare). */
#ifndef ATTN_HEAT_H
#define ATTN_HEAT_H

#include <stdbool.h>
#include "draw.h"

#define HEAT_TOP 4   /* the darkest level: c->gl->shades[HEAT_TOP] */

/* ---------------------------------------------------------------- levels */

/* The level 1..4 of a share, as the arcs class them: below 5 %, 15 %, 35 %, and above. */
int heat_share_level(double share);

/* The level 1..4 of v in four equal bins of [lo, hi] (4 when hi <= lo). */
int heat_range_level(double v, double lo, double hi);

/* The level 1..4 of |v| against the largest magnitude top (four equal bins). */
int heat_magnitude_level(double v, double top);

/* The style a level's glyphs are drawn in: grey → blue → gold → orange (level 0: dim). */
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
