/* view_machine_block.h — the machine view's block of a layered model: the chosen layer as
 * [T, d] → LN₁ → Q K V → the heads (the chosen one's four stages) → concat → Wo → + residual
 * → LN₂ → MLP → + residual, with the asker's LN₁ worked by hand and its later values.
 * Owns: nothing outside src/view_machine_block.c and src/view_machine.c (and their tests).
 * Must not touch: ncurses, the clock, the pass's arithmetic (transformer.h computes). */
#ifndef ATTN_VIEW_MACHINE_BLOCK_H
#define ATTN_VIEW_MACHINE_BLOCK_H

#include "pieces.h"

#define MACHINE_BLOCK_PANEL_ROWS 12   /* rows the stage panel keeps under the block, at least */

/* How much of the block a frame shows. */
typedef enum {
    MACHINE_BLOCK_FULL = 0,   /* the flow, the heads, the asker's LN₁ check and later values */
    MACHINE_BLOCK_COMPACT,    /* the flow and the heads only */
    MACHINE_BLOCK_TERSE,      /* the flow in a line or two, the heading in front, no shapes
                                 but the input's, Q K V's, a head's and the output's */
    MACHINE_BLOCK_NOTE,       /* one line: the block does not fit, and what helps */
    MACHINE_BLOCK_NONE        /* not a layered model: no block */
} MachineBlockLevel;

/* The block as laid out for a frame: its level, heading and text, and the rows it takes. */
typedef struct {
    MachineBlockLevel level;   /* what is shown */
    char heading[256];         /* "── layer 1 of 2: [12, 32] in, [12, 32] out ──" */
    Pieces text;               /* the flow, the heads, the checks */
    int lines;                 /* lines text takes in the body's width less two */
    int rows;                  /* rows taken from the body's top: heading, lines, a blank */
} MachineBlock;

/* Lays out c's block (MACHINE_BLOCK_NONE unless c->tr is a layer of a layered model): the
 * most of it that leaves MACHINE_BLOCK_PANEL_ROWS rows of the body to the stage panel. */
void machine_block_layout(const ViewCtx *c, MachineBlock *b);

/* Draws it at the top of c's body. */
void machine_block_draw(const ViewCtx *c, const MachineBlock *b);

#endif
