/* view_library.h — the library view's layout and how full each book is drawn, shared by
 * its drawing, its hit-testing and its tests.
 * Owns: nothing outside src/view_library.c (and its tests).
 * Must not touch: ncurses, the clock, the engine's arithmetic. */
#ifndef ATTN_VIEW_LIBRARY_H
#define ATTN_VIEW_LIBRARY_H

#include <stdbool.h>
#include "draw.h"

#define LIBRARY_MIN_CONTENTS 2     /* rows inside a book, at least */
#define LIBRARY_MAX_CONTENTS 60    /* and at most (a projector's frame: the books grow tall) */
#define LIBRARY_MAX_BOOK 32        /* columns of a book, at most (a projector's frame) */
#define LIBRARY_LEGEND_MIN 30      /* columns the legend needs beside the shelf */

/* Where everything of the library view goes. Depends only on the trace's characters and
 * heads, the UI's head and numbers, the language and the body, so drawing and
 * hit-testing agree. A row that is left out is -1. */
typedef struct {
    int tokens;                      /* books on the shelf (T) */
    int slot;                        /* columns from one book to the next */
    bool framed;                     /* books are boxes (else bare columns on narrow screens) */
    int book_x[MODEL_MAX_TOKENS];    /* first column of each book */
    int book_w;                      /* columns of a book, its frame included */
    int tok_x[MODEL_MAX_TOKENS];     /* column of each character (borrowers' row and spines) */
    int tok_w[MODEL_MAX_TOKENS];     /* its columns (1 or 2) */
    int left;                        /* first column of the picture */
    int legend_x;                    /* column of the legend beside the shelf, or -1 (below) */
    int borrower_row;                /* every character as a borrower, the chosen one lit */
    int phrase_row;                  /* the borrower's search phrase, Q */
    int shelf_row;                   /* the books' top edges */
    int spine_row;                   /* each book's spine: its character */
    int label_row;                   /* under it the label K as a strip of shades (framed
                                        books), or -1 */
    int rule_row;                    /* under the label */
    int contents_top;                /* first row inside the books (V) */
    int contents_rows;               /* rows inside the books */
    bool v_numbers;                  /* V's numbers stand inside each book, one a row (numbers
                                        shown and room for them), else its strip on the top row */
    int v_numw;                      /* columns of V's widest number */
    int v_rows;                      /* the top rows inside that show V (its numbers or strip) */
    int fill_rows;                   /* the rows under them the share fills from the bottom */
    int bottom_row;                  /* the books' bottom edges */
    int plank_row;                   /* the shelf's plank */
    int share_row;                   /* first row of the borrower's shares (numbers shown) */
    int share_rows;                  /* rows of shares (blank when numbers are hidden) */
    bool staggered;                  /* shares alternate between two rows (narrow books) */
    int takes_row;                   /* what the borrower takes, in the shares' order */
    int legend_row;                  /* first row of the legend when it is below, or -1 */
    int legend_rows;                 /* its rows there */
    int self_row;                    /* the "self": every character borrows and is a book */
    int self_rows;                   /* its rows (1 to 3, wrapped to the width) */
    int heads;                       /* heads drawn: 1, or 2 (each book split in halves) */
    int head;                        /* the head drawn when heads == 1 */
} LibraryLayout;

/* Computes the layout of the library view in c->body. */
void library_layout(const ViewCtx *c, LibraryLayout *L);

/* Eighths of a cell filled, out of rows × 8, for a book of which this share is taken:
 * ⌊share · rows · 8⌋ (draw_share_size), at least one eighth for any share that is not
 * masked. */
int library_fill_eighths(int rows, double share, bool visible);

#endif
