/* heat.c — the heatmap kit of the matrix and machine views: levels, swatches, windows.
 * Owns: what heat.h declares. Must not touch: ncurses, the clock, the engine's arithmetic
 * (a level only compares a value with a table's range). */
#include "heat.h"

#include <math.h>
#include <stdio.h>
#include <string.h>

/* ---------------------------------------------------------------- levels */

int heat_share_level(double share)
{
    if (share < 0.05)
        return 1;
    if (share < 0.15)
        return 2;
    if (share < 0.35)
        return 3;
    return 4;
}

/* The bin 1..4 of a fraction 0..1. */
static int bin_of(double f)
{
    int level = 1 + (int)floor(f * 4.0);
    return level < 1 ? 1 : level > HEAT_TOP ? HEAT_TOP : level;
}

int heat_range_level(double v, double lo, double hi)
{
    if (!(hi > lo))
        return HEAT_TOP;
    return bin_of((v - lo) / (hi - lo));
}

int heat_magnitude_level(double v, double top)
{
    if (!(top > 0.0))
        return 1;
    return bin_of(fabs(v) / top);
}

Style heat_style(int level)
{
    static const Style styles[HEAT_TOP + 1] = {
        STYLE_DIM, STYLE_ARC_2, STYLE_ARC_4, STYLE_ARC_6, STYLE_ARC_8,
    };
    return styles[level < 0 ? 0 : level > HEAT_TOP ? HEAT_TOP : level];
}

void heat_table_range(const Trace *tr, const double *mat, int h, double *lo, double *hi)
{
    bool any = false;
    *lo = *hi = 0.0;
    for (int t = 0; t < tr->T; t++)
        for (int s = 0; s < tr->T; s++) {
            if (!engine_visible(tr, t, s))
                continue;
            double v = mat[((size_t)h * (size_t)tr->T + (size_t)t) * (size_t)tr->T + (size_t)s];
            if (!any || v < *lo)
                *lo = v;
            if (!any || v > *hi)
                *hi = v;
            any = true;
        }
}

double heat_table_top(const Trace *tr, const double *mat)
{
    double top = 0.0;
    for (size_t i = 0; i < (size_t)tr->T * (size_t)tr->d; i++)
        if (fabs(mat[i]) > top)
            top = fabs(mat[i]);
    return top;
}

void heat_swatch(const ViewCtx *c, int x, int y, int n, int level, Style st)
{
    if (!c->g)
        return;
    int lv = level < 0 ? 0 : level > HEAT_TOP ? HEAT_TOP : level;
    grid_put_repeat(c->g, x, y, c->gl->shades[lv], n, st);
}

/* ---------------------------------------------------------------- windows */

int heat_window_first(int count, int n, int keep)
{
    if (n >= count)
        return 0;
    int first = keep - n / 2;
    if (first > count - n)
        first = count - n;
    return first < 0 ? 0 : first;
}
