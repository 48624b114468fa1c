/* view_machine.h — the machine view's own state, for its tests: the what-if editor (which
 * table's number is chosen — x, Wq, Wk, Wv or a score — which cell, a value being typed).
 * Owns: nothing outside src/view_machine.c (and its tests).
 * Must not touch: ncurses, the clock, the engine's arithmetic. */
#ifndef ATTN_VIEW_MACHINE_H
#define ATTN_VIEW_MACHINE_H

#include <stdbool.h>

#define MACHINE_TYPED_BYTES 24   /* the longest value typed, and its NUL */
#define MACHINE_NUDGE 0.5        /* what + and - add to the chosen number */
#define MACHINE_EDIT_CELL_W 7    /* least columns of a cell of the editor's table */

/* The tables whose numbers what-if changes. */
typedef enum {
    MACHINE_EDIT_X = 0,   /* x: changing x(t)[j] changes t's word vector (x = e + pe) */
    MACHINE_EDIT_WQ,      /* Wq: row i (input dimension), column j (output) */
    MACHINE_EDIT_WK,      /* Wk */
    MACHINE_EDIT_WV,      /* Wv */
    MACHINE_EDIT_SCORE,   /* ② a raw score Q·K (before ÷√d) of the head shown: row = the
                             asking character, column = the asked one (one set at a time) */
    MACHINE_EDIT_COUNT
} MachineEditTable;

/* What the machine view keeps of its own: the what-if editor. */
typedef struct {
    bool editing;                       /* the editor is open: it takes raw keys */
    MachineEditTable table;             /* the table whose number is chosen */
    int row;                            /* the cell: x's character, W's row i, or the
                                           score's asking character */
    int col;                            /* x's dimension, W's column j, or the asked one */
    bool typing;                        /* a value is being typed for the cell */
    char typed[MACHINE_TYPED_BYTES];    /* it, so far (ASCII) */
} MachineState;

#endif
