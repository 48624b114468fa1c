/* panel.h — the kit the arcs view's panel files share (src/panel*.c): body lines, number
 * tables paged by the worked character, vectors, equations laid out whole over as many
 * lines as they need; and each stage's own panel.
 * Owns: nothing outside src/panel*.c. Must not touch: rows outside the panel, ncurses,
 * the engine's arithmetic. */
#ifndef ATTN_PANEL_H
#define ATTN_PANEL_H

#include "check.h"
#include "pieces.h"
#include "view_arcs.h"

#define PANEL_LINE 1024    /* bytes of one panel line */
#define PANEL_PIECE 96     /* bytes of one cell of a table row ("(-1.68)×(-0.65)") */
#define PANEL_BAR_MAX 20   /* columns of the longest share bar */

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

/* ---------------------------------------------------------------- equations */

/* An equation's pieces ("0.09×(-0.46)", "+ (-1.68)×(-0.65)", "= 7.5123"), laid out by
 * pieces.h: each kept whole on a line. */

/* Empties pp. */
void panel_pieces_clear(Pieces *pp);

/* Appends a printf-formatted piece (a blank after it parts it from the next). */
void panel_piece(Pieces *pp, const char *fmt, ...) __attribute__((format(printf, 2, 3)));

/* The pieces of a checked sum: "a×b", "+ a×b" …, "= sum" and, when the printed operands do
 * not give the value shown elsewhere, "≈ value" (a as a percentage when share_a). */
void panel_sum_pieces(const ViewCtx *c, const CheckedSum *cs, bool share_a, Pieces *pp);

/* Lays out "first" (bold) and the pieces from body line `line`, breaking only between
 * pieces, continuation lines indented under the first piece (two columns in when that
 * does not fit); never cuts anything. Returns the lines it takes; draws them only when
 * draw is true. */
int panel_equation(const ViewCtx *c, const ArcsLayout *L, int line, const char *first,
                   const Pieces *pp, bool draw);

/* Takes `lines` of the panel's *free lines when there are that many (a row a plan shows). */
bool panel_take(int *free, int lines);

/* ---------------------------------------------------------------- vectors */

/* Columns per value of a vector row whose values have at most `digits` decimals (2: the
 * tables' ARCS_VCELL; a hand check that needs more widens its rows). */
int panel_vcell(int digits);

/* How many of d values `cell` columns wide fit in `room` columns. */
int panel_values_that_fit(int d, int room, int cell);

/* The first dimension of the window of n of d values that holds dimension `dim`. */
int panel_window(int d, int n, int dim);

/* Where a vector row's values go and how they are written. */
typedef struct {
    int lw;       /* values start lw columns in */
    int cell;     /* columns per value (panel_vcell) */
    int digits;   /* decimals of this row's values: as the hand check below prints them */
} PanelVec;

/* A vector row on body line `line`: a bold label, then n values of v from dimension `from`
 * (‹ and › where more lie on either side), the value at `mark` bold (-1: none), then a
 * note when it fits whole. */
void panel_vector_row(const ViewCtx *c, const ArcsLayout *L, int line, const PanelVec *pv,
                      const char *label, const double *v, int d, int from, int n, int mark,
                      const char *note);

/* ---------------------------------------------------------------- per-character tables */

/* Where a T-wide table goes: a label column, then the page of characters that holds the
 * anchor (the worked one), then a tail column (Σ …). */
typedef struct {
    int lw;       /* columns of the label column */
    int cell;     /* columns per number */
    int first;    /* first character shown */
    int n;        /* characters shown */
    int tail;     /* column offset of the tail from the panel's left */
    int tail_w;   /* columns the tail may use (0: none) */
} PanelTable;

/* Plans a table with labels lw wide, cells as wide as `widest` and a blank, and a tail of
 * tail_full columns (or at least tail_min): every character when they fit, else the page of
 * them that holds the anchor. */
void panel_table_plan(const ViewCtx *c, const ArcsLayout *L, int lw, int widest, int tail_full,
                      int tail_min, int anchor, PanelTable *t);

/* The sentence's characters as column heads (the asker marked, the anchor bold), with
 * "‹" / "›" and "1-9 of 16" when the table is paged. */
void panel_table_head(const ViewCtx *c, const ArcsLayout *L, const PanelTable *t, int line,
                      int anchor);

/* One row: a label, then the first `shown` cells of the page (cells[s] for character s),
 * each right-aligned; the anchor's bold, a masked character's dim. */
void panel_table_cells(const ViewCtx *c, const ArcsLayout *L, const PanelTable *t, int line,
                       const char *label, char cells[][PANEL_PIECE], int shown, int anchor);

/* Text in the tail column of a row, only when it fits whole; returns whether it did. */
bool panel_table_tail(const ViewCtx *c, const ArcsLayout *L, const PanelTable *t, int line,
                      const char *s);

/* "Σ adds the printed shares: 100.1% is 100% rounded": why the Σ of a row of shares, each
 * rounded to `decimals` decimals of a percent, is total and not 100. */
void panel_total_note(const ViewCtx *c, double total, int decimals, char *buf, size_t cap);

/* "√8 = 2.828427": the scale the scores are divided by, with six decimals. */
void panel_sqrt_text(const ViewCtx *c, char *buf, size_t cap);

/* The head the panel shows as a phrase for headings: "" with one head, " (head 1)" … */
void panel_head_text(const ViewCtx *c, char *buf, size_t cap);

/* The answering character the checks work: ui->answer, or the shown head's largest share. */
int panel_answer(const ViewCtx *c);

/* Decimals of the asker's raw scores in head h as ② prints them: the fewest (2 to 4) with
 * which each printed score ÷ √d gives its ÷√d at two decimals, as the matrix prints it. */
int panel_score_digits(const ViewCtx *c, int h);

/* The dimension the checks work: ui->dim within 0..d-1. */
int panel_dim(const ViewCtx *c);

/* ---------------------------------------------------------------- share bars */

/* A bar of `cols` columns (at most PANEL_BAR_MAX) for the row's largest share, shorter for
 * smaller ones (eighth blocks; '#' in ASCII). */
void panel_bar(const ViewCtx *c, double share, double largest, int cols, char *buf, size_t cap);

/* "── ③ softmax · how much 等 looks at each character ──── ,/. another ──": the panel's
 * heading row, with the keys that choose what the check works. */
void panel_heading(const ViewCtx *c, const ArcsLayout *L);

/* ---------------------------------------------------------------- one per stage */

void panel_qkv(const ViewCtx *c, const ArcsLayout *L);      /* panel_qkv.c */
void panel_score(const ViewCtx *c, const ArcsLayout *L);    /* panel_score.c */
void panel_softmax(const ViewCtx *c, const ArcsLayout *L);  /* panel_softmax.c */
void panel_output(const ViewCtx *c, const ArcsLayout *L);   /* panel_output.c */

#endif
