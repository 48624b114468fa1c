/* view_code.h — what the code screen's two bodies share: the lesson's five lines
 * (view_code.c) and nanoGPT's Block on a layered model (view_code_block.c); the rows both
 * print (view_code_rows.c): the asker's row of a head's score and share tables, and a
 * vector's values, formatted as the screen prints them.
 * Must not touch: ncurses, the engine's arithmetic (both only read a Trace). */
#ifndef ATTN_VIEW_CODE_H
#define ATTN_VIEW_CODE_H

#include <stdbool.h>
#include "draw.h"

#define CODE_VEC_CELL 6   /* columns of one vector value: "-0.42" and a blank */

/* What frames keep for the code view (its ViewOps.cache_new / cache_free): the rows'
 * numbers formatted and their decimals for the pass, the asker and the head. */
void *code_cache_new(void);
void code_cache_free(void *cache);

/* Which numbers of head h's T × T tables a row shows. */
typedef enum {
    TABLE_RAW = 0,   /* Q·Kᵀ */
    TABLE_SCALED,    /* Q·Kᵀ ÷ √dh, −∞ where the mask hides */
    TABLE_SHARES     /* softmax */
} CodeTableRow;

/* How the asker's rows of the tables are printed. */
typedef struct {
    int head;            /* the head the decimals are found for (-1: every head, so that
                            their columns line up) */
    int scaled_digits;   /* decimals of the ÷√d row: check_share's, so that softmax redone
                            from the row gives the shares (1.432) */
    int raw_digits;      /* decimals of the raw scores: the fewest whose quotients by √d are
                            the ÷√d row as printed (4.0510) */
    int cell_w;          /* columns of one value: at least 7, or the widest and a blank */
    int first;           /* the first column shown (numbers shown): 0, or a window of the
                            row that ends at the asker's own column, after a "…" */
} CodeTable;

/* Finds tab's decimals for tab->head at the asker (kept in the view's cache while the pass,
 * the asker and the head are the same) and the columns of a cell of all three rows. */
void code_table_digits(const ViewCtx *c, CodeTable *tab);

/* The columns of one cell of the shares and of the raw scores (when raw) and the ÷√d row
 * (when scaled). */
void code_table_cells(const ViewCtx *c, CodeTable *tab, bool raw, bool scaled);

/* The asker's row of head h's table `which` from x (up to limit): its values from tab->first
 * to the first `shown`,
 * each after its character when there is room, the largest share bold, masked ones dim;
 * numbers hidden: shades. */
void code_put_table_row(const ViewCtx *c, const CodeTable *tab, int x, int y, int limit, int h,
                        CodeTableRow which, int shown);

/* A vector's first `shown` of n values from x at two decimals ("…" when cut at limit), or
 * with numbers hidden a shade per value. */
void code_put_vector(const ViewCtx *c, int x, int y, int limit, const double *v, int n, int shown);

/* How much of a reveal that runs during stage `at` shows now: nothing before it, all n
 * after it, the transition's share of n during it. */
int code_revealed_at(const ViewCtx *c, Stage at, int n);

/* nanoGPT's Block with the chosen (layer, head)'s values: the code screen's body on a
 * layered model (c->tr->layered). */
void code_block_draw(const ViewCtx *c);

#endif
