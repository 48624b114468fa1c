/* view_machine_edit.h — the machine screen's what-if editor (view_machine_edit.c): its
 * state is the machine's (view_machine.h); the machine opens it (i), hands it the keys
 * while it is open and has it draw over its focus area.
 * Owns: nothing outside src/view_machine*.c. Must not touch: the UI state, ncurses, the
 * clock, the engine's arithmetic. */
#ifndef ATTN_VIEW_MACHINE_EDIT_H
#define ATTN_VIEW_MACHINE_EDIT_H

#include <stdbool.h>
#include "draw.h"
#include "request.h"
#include "view_machine.h"

/* Where the editor draws: columns x .. x+w-1 from row y to the body's bottom; a row that
 * names a character takes lw columns, by its brief label when brief. */
typedef struct {
    int x;        /* first column */
    int w;        /* columns */
    int y;        /* first row (its heading) */
    int lw;       /* columns of a character's row label */
    bool brief;   /* characters by brief labels (ASCII: "3", "+") */
} MachineEditArea;

/* A closed editor on Wq's first cell. */
void machine_edit_init(MachineState *st);

/* i: opens it (no value typed). */
void machine_edit_open(MachineState *st);

/* True while it is open: it takes raw keys. */
bool machine_edit_modal(const MachineState *st);

/* A raw key while open: the arrows choose, + - nudge, Enter types, t the next table, u undo
 * every change, Esc or i close; a change asked through call->ask. REACT_* flags, or -1 for
 * a key it leaves to its binding (Tab, w, q, ? …). */
int machine_edit_key(MachineState *st, const ViewCall *call, int key);

/* The head whose score the editor changes: the one the screen shows (the first of two shown). */
int machine_edit_head(const Trace *tr, const Ui *ui);

/* Draws the editor in area a: the chosen table's numbers with the chosen cell lit, the cell
 * and what it means, the keys. */
void machine_edit_draw(const ViewCtx *c, const MachineState *st, const MachineEditArea *a);

#endif
