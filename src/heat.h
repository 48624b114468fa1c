/* heat.h — the heatmap kit the matrix, machine and library views share: a value's shade level and
 * its colour, swatches of shade glyphs, windows of rows and columns that keep one in
 * sight, and text laid out in pieces that wrap but are never cut.
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

/* ---------------------------------------------------------------- text in pieces */

#define HEAT_TEXT_BYTES 16384   /* the bytes of all pieces of one text */
#define HEAT_TEXT_PIECES 600    /* pieces of one text: a sum of d ≤ 512 products and more */
#define HEAT_BREAK "\n"          /* a piece that starts a new line */

/* Text as pieces: words, terms of a sum … laid out left to right, a piece never split
 * between lines, continuation lines indented. */
typedef struct {
    char store[HEAT_TEXT_BYTES];     /* the pieces, each NUL-terminated, one after another */
    int start[HEAT_TEXT_PIECES];     /* where each piece begins in store */
    Style style[HEAT_TEXT_PIECES];   /* the style of each piece */
    bool glue[HEAT_TEXT_PIECES];     /* the piece never starts a line: it stays with the one
                                        before (a separator, a closing ";") */
    int n;                           /* pieces */
    int used;                        /* bytes of store used */
    int indent;                      /* columns continuation lines are indented by */
} HeatText;

/* An empty text whose continuation lines are indented by indent columns. */
void heat_text_init(HeatText *t, int indent);

/* Appends a printf-formatted piece in style st (dropped when the store is full). */
void heat_text_add(HeatText *t, Style st, const char *fmt, ...) __attribute__((format(printf, 3, 4)));

/* The same, glued to the piece before it: a line never breaks between them. */
void heat_text_glue(HeatText *t, Style st, const char *fmt, ...) __attribute__((format(printf, 3, 4)));

/* A separator (" · ") glued to the piece before it. */
void heat_text_sep(HeatText *t, const char *sep);

/* Appends one piece per word of s (each but the last keeps its trailing blank), so that
 * a sentence wraps between words. */
void heat_text_words(HeatText *t, Style st, const char *s);

/* Lines the text takes in w columns. */
int heat_text_lines(const HeatText *t, int w);

/* Draws the text from (x, y) in w columns, at most max_lines lines (c->g may be NULL:
 * nothing is drawn). Returns the lines it takes. */
int heat_text_draw(const ViewCtx *c, const HeatText *t, int x, int y, int w, int max_lines);

#endif
