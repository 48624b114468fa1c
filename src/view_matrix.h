/* view_matrix.h — the matrix view's own state, for its tests: which T × T table it shows.
 * Owns: nothing outside src/view_matrix.c (and its tests).
 * Must not touch: ncurses, the clock, the engine's arithmetic. */
#ifndef ATTN_VIEW_MATRIX_H
#define ATTN_VIEW_MATRIX_H

/* The matrix view's three tables. */
typedef enum {
    MATRIX_RAW = 0,     /* Q·Kᵀ */
    MATRIX_SCALED,      /* Q·Kᵀ ÷ √d */
    MATRIX_SHARES,      /* softmax of each row */
    MATRIX_TABLE_COUNT
} MatrixTable;

/* What the matrix view keeps of its own (its cell is the player's focus and the shared
 * Ui.answer: the arcs' hand checks work the same pair). */
typedef struct {
    MatrixTable table;  /* which table is shown (fresh: the shares) */
} MatrixState;

#endif
