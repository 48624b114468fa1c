/* view_matrix.h — the matrix view's own state, for its tests: which T × T table it shows.
 * Owns: nothing outside src/view_matrix.c (its tests, and the tour that names its preset).
 * Must not touch: ncurses, the clock, the engine's arithmetic. */
#ifndef ATTN_VIEW_MATRIX_H
#define ATTN_VIEW_MATRIX_H

#include <stdbool.h>
#include "view.h"

/* The matrix view's three tables. */
typedef enum {
    MATRIX_RAW = 0,     /* Q·Kᵀ */
    MATRIX_SCALED,      /* Q·Kᵀ ÷ √d */
    MATRIX_SHARES,      /* softmax of each row */
    MATRIX_TABLE_COUNT
} MatrixTable;

/* The matrix view's own actions (view.h: ViewAction), exported for its preset: TABLE_SHOW
 * (arg: a MatrixTable) is what a tour stop names (request.h's REQUEST_PRESET). */
#define MATRIX_ACTIONS(X)                                                                  \
    X(TABLE_NEXT, "next table: raw scores, ÷√d, shares", "换一张表：原始分数、÷√d、百分比") \
    X(TABLE_SHOW, "show one table (a preset: the tour's)", "显示某一张表（导览用）")            \
    X(SCORE_TYPE, "what if: type a raw score for the chosen cell (u undoes)",                 \
      "改数试试：给选中的格子输入一个原始分数（u 撤销）")

VIEW_ACTIONS_ENUM(MatrixAction, MATRIX_ACTION_BASE, MATRIX_ACTIONS);

/* What the matrix view keeps of its own (its cell is the player's focus and the shared
 * Ui.answer: the arcs' hand checks work the same pair). */
#define MATRIX_TYPED_BYTES 24   /* the longest score typed, and its NUL */

typedef struct {
    MatrixTable table;  /* which table is shown (fresh: the shares) */
    bool typing;        /* a raw score is being typed for the chosen cell: the view takes
                           raw keys (Enter sets it, Esc cancels) */
    char typed[MATRIX_TYPED_BYTES];   /* it, so far (ASCII) */
} MatrixState;

#endif
