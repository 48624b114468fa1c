/* panel.h — the kit the arcs view's panel files share (src/panel*.c): body lines, number
 * tables, vectors, hand checks, wrapped text; and each stage's own panel.
 * Owns: nothing outside src/panel*.c. Must not touch: rows outside the panel, ncurses,
 * the engine's arithmetic. */
#ifndef ATTN_PANEL_H
#define ATTN_PANEL_H

#include "view_arcs.h"

#define PANEL_LINE 1024   /* bytes of one panel line */

/* A number with two decimals, as --dump writes it. */
const char *panel_fixed2(char *buf, size_t cap, double v);

/* Left column and right limit of the panel, and the row of body line i (0-based). */
int panel_left(const ArcsLayout *L);
int panel_limit(const ArcsLayout *L);
int panel_line(const ArcsLayout *L, int i);

/* Body line i of the panel from column x, clipped to the panel's width; returns columns. */
int panel_put_line(const ViewCtx *c, const ArcsLayout *L, int i, int x, const char *s, Style st);

/* "numbers hidden — press n to show them" on body line i. */
void panel_hidden_note(const ViewCtx *c, const ArcsLayout *L, int i);

/* "lhs = t0 + t1 + … = result" on body line `line`, as many terms as the width allows;
 * each term a×b (a as a percentage when share_a). */
void panel_check(const ViewCtx *c, const ArcsLayout *L, int line, const char *lhs,
                 const ExplainTerm *terms, int n, bool share_a, const char *result);

/* How many of d values fit in `room` columns (leaving room for "…" when not all do). */
int panel_values_that_fit(int d, int room);

/* The first n of d values of v on body line `line` from column x; returns columns used. */
int panel_vector(const ViewCtx *c, const ArcsLayout *L, int line, int x, const double *v,
                 int d, int n);

/* Columns of a T-wide table that fit after a label column of lw. */
int panel_columns_that_fit(const ViewCtx *c, const ArcsLayout *L, int lw);

/* The sentence's characters as column heads, the asker marked. */
void panel_table_head(const ViewCtx *c, const ArcsLayout *L, int line, int lw, int ncols);

/* One table row: a label, then the first `shown` of ncols values (percentages or two
 * decimals). */
void panel_table_row(const ViewCtx *c, const ArcsLayout *L, int line, int lw, int ncols,
                     int shown, const char *label, const double *row, bool percent);

/* A note after a table row at column offset dx, only when it fits whole. */
void panel_tail(const ViewCtx *c, const ArcsLayout *L, int line, int dx, const char *s);

/* Writes pieces one after another from body line `line`, wrapping under `indent`; a piece
 * that does not fit on the last allowed line becomes "…". Returns lines used. */
int panel_flow(const ViewCtx *c, const ArcsLayout *L, int line, int max_lines,
               const char *first, const char *const *pieces, int n, int indent);

/* ---------------------------------------------------------------- one per stage */

void panel_qkv(const ViewCtx *c, const ArcsLayout *L);      /* panel_qkv.c */
void panel_score(const ViewCtx *c, const ArcsLayout *L);    /* panel_score.c */
void panel_softmax(const ViewCtx *c, const ArcsLayout *L);  /* panel_softmax.c */
void panel_output(const ViewCtx *c, const ArcsLayout *L);   /* panel_output.c */

#endif
