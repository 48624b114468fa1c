/* origin.h — where a number comes from: for one number of the forward pass (an output, a
 * share, a score ÷√d, a raw score, a Q/K/V or x component), the chain of links back to the
 * word vectors, the fingerprints and Wq/Wk/Wv (on a layered model's layer, through LN₁ to
 * the layer's input row), each with its actual numbers and operation,
 * and the cells it depends on in every table (for a screen to light them).
 * Owns: that dependency walk. Must not touch: the terminal, formatting, arithmetic (every
 * number is read from the Trace), global state. */
#ifndef ATTN_ORIGIN_H
#define ATTN_ORIGIN_H

#include <stdbool.h>
#include "engine.h"

/* The tables of the forward pass, from the chosen number back to what is given. */
typedef enum {
    ORIGIN_OUTPUT = 0,   /* output, T × d */
    ORIGIN_WEIGHTS,      /* shares, per head T × T */
    ORIGIN_SCALED,       /* scores ÷ √dh, per head T × T */
    ORIGIN_SCORES,       /* raw Q·Kᵀ, per head T × T */
    ORIGIN_V,            /* V = x · Wv, T × d */
    ORIGIN_Q,            /* Q = x · Wq */
    ORIGIN_K,            /* K = x · Wk */
    ORIGIN_X,            /* x = word vector + fingerprint, T × d */
    ORIGIN_INPUT,        /* a layered model's layer input, T × d: x = LN₁ of it */
    ORIGIN_WV,           /* Wv, d × d (given) */
    ORIGIN_WQ,           /* Wq (given) */
    ORIGIN_WK,           /* Wk (given) */
    ORIGIN_EMBEDDING,    /* word vectors of the sentence's characters, T × d (given) */
    ORIGIN_POSITION,     /* position fingerprints, T × d (given) */
    ORIGIN_TABLE_COUNT
} OriginTable;

/* How a link's numbers are made from the links it comes from. */
typedef enum {
    ORIGIN_OP_GIVEN = 0, /* a number of the model, or a fingerprint (lesson 5's formula) */
    ORIGIN_OP_ADD,       /* x = word vector + fingerprint */
    ORIGIN_OP_PROJECT,   /* row · column of W: Σ_i x[i] · W[i][j] */
    ORIGIN_OP_DOT,       /* Q(t) · K(s) over the head's columns */
    ORIGIN_OP_DIVIDE,    /* ÷ √dh */
    ORIGIN_OP_SOFTMAX,   /* e^(s − max) / Σ over the visible columns */
    ORIGIN_OP_COLLECT,   /* Σ_s share(t,s) · V(s)[j] */
    ORIGIN_OP_NORM,      /* LN₁ of the layer's input row: (in − mean) ÷ √(σ² + 1e-5) · γ + β */
    ORIGIN_OP_BLOCK      /* the block before's output (its Wo, residual, MLP: checked
                            against PyTorch, not by hand) */
} OriginOp;

/* The chosen number: a cell of a table (head for the T × T tables, else 0). */
typedef struct {
    OriginTable table;   /* ORIGIN_OUTPUT .. ORIGIN_X */
    int head;            /* the head of a T × T table */
    int row;             /* the row (the asking character for T × T tables) */
    int col;             /* the column */
} OriginCell;

#define ORIGIN_MAX_LINKS ORIGIN_TABLE_COUNT   /* one link per table at most */
#define ORIGIN_MAX_NUMBERS 64                 /* numbers a link keeps (an 8 × 8 block) */

/* One link: the numbers of one table the chosen number depends on (a block of rows and
 * columns), and how they were made. */
typedef struct {
    OriginTable table;                   /* the table */
    int head;                            /* its head (T × T tables and the head's columns) */
    int row;                             /* the one row used, or -1: several (see rows) */
    int col;                             /* the one column used, or -1: several (see cols) */
    OriginOp op;                         /* how they are made */
    int from[2];                         /* the links they are made from (-1: none) */
    double divisor;                      /* ORIGIN_OP_DIVIDE: √dh */
    int total;                           /* numbers in the block */
    int n;                               /* numbers kept: min(total, ORIGIN_MAX_NUMBERS) */
    double numbers[ORIGIN_MAX_NUMBERS];  /* the block's numbers, row after row */
} OriginLink;

/* The chain and the dependency set. */
typedef struct {
    int n;                                          /* links; link[0] is the chosen number */
    OriginLink link[ORIGIN_MAX_LINKS];              /* from the number back to what is given */
    int link_of[ORIGIN_TABLE_COUNT];                /* each table's link, or -1 */
    int head;                                       /* the head the chain runs through */
    bool rows[ORIGIN_TABLE_COUNT][MODEL_MAX_D];     /* rows used of each table */
    bool cols[ORIGIN_TABLE_COUNT][MODEL_MAX_D];     /* columns used of each table */
} OriginChain;

/* Traces cell of tr back into *out. Returns the number of links, or -1 when the cell is not
 * in tr (a table that is given, an index out of range, a head tr does not have). */
int origin_trace(const Trace *tr, OriginCell cell, OriginChain *out);

/* True when the chosen number depends on cell (row, col) of table (head h for the T × T
 * tables; other tables ignore h): what a screen lights. */
bool origin_depends(const OriginChain *c, OriginTable table, int h, int row, int col);

/* The number at (h, row, col) of a table of tr. */
double origin_value(const Trace *tr, OriginTable table, int h, int row, int col);

/* A table's name as a screen writes it: "output", "share", "÷√d", "Q·K", "V", "Q", "K", "x",
 * "in", "Wv", "Wq", "Wk", "e", "pe". */
const char *origin_table_name(OriginTable t);

#endif
