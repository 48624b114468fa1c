/* edit.h — "what if": changing one number of a model (a cell of Wq, Wk, Wv or of a word
 * vector), saying what changed ("Wq[2][3] 0.86 → 1.36") and undoing every change.
 * Owns: the --set NAME[i][j]=VALUE syntax and the edit log. Must not touch: the terminal,
 * the engine (the caller reruns the forward pass), any global state. */
#ifndef ATTN_EDIT_H
#define ATTN_EDIT_H

#include <stdbool.h>
#include <stddef.h>
#include "model.h"

/* Which matrix of the model a change is in. */
typedef enum {
    EDIT_WQ = 0,       /* Wq: row = input dimension, column = output dimension */
    EDIT_WK,           /* Wk */
    EDIT_WV,           /* Wv */
    EDIT_EMBEDDING     /* the word vectors: row = vocabulary entry, column = dimension */
} EditTarget;

/* One change of one number. */
typedef struct {
    EditTarget target;   /* the matrix */
    int row;             /* its row (for the embedding, the vocabulary index) */
    int col;             /* its column */
    double before;       /* the number before the change (filled by edit_apply) */
    double after;        /* the number after it */
} Edit;

#define EDIT_MAX 64   /* changes one log keeps (and --set accepts) */

/* The changes made so far, in order, so that all can be undone. */
typedef struct {
    int n;               /* changes kept */
    Edit e[EDIT_MAX];    /* them, oldest first */
} EditLog;

/* Reads "wq[2][3]=1.5", "wk[0][7]=-0.2", "wv[i][j]=v" or "embedding[加][0]=0.1" (the names of
 * the model file's sections; the character as in the vocabulary, or its index 0..) against
 * model m into *out (before left 0). Blanks are not allowed; the value is a number as the model
 * file writes them ('.' decimal point, any locale; finite). Returns 0, or -1 with one line in
 * err naming what is wrong (the name, the index and its range, or the value). */
int edit_parse(const Model *m, const char *text, Edit *out, char *err, size_t errlen);

/* The same with the message in lang (edit_parse's is English). */
int edit_parse_in(const Model *m, const char *text, Lang lang, Edit *out, char *err, size_t errlen);

/* The model's number an edit addresses (a cell of m). */
double *edit_cell(Model *m, const Edit *e);

/* Applies e to m: fills e->before with the number there and writes e->after. */
void edit_apply(Model *m, Edit *e);

/* Applies e and records it in log. Returns 0, or -1 when the log is full (nothing changed). */
int edit_push(Model *m, EditLog *log, const Edit *e);

/* Puts back every number the log changed, newest first, and empties it. */
void edit_undo_all(Model *m, EditLog *log);

/* Takes back the newest change (a change the lesson could not be run with). */
void edit_pop(Model *m, EditLog *log);

/* What a screen asks of the model (what-if, Ui.what_if): nothing, one number set, or every
 * change undone. */
typedef enum {
    EDIT_ASK_NONE = 0,   /* nothing asked */
    EDIT_ASK_SET,        /* set one number (Ui.what_if_edit) */
    EDIT_ASK_UNDO        /* undo every change */
} EditAsk;

/* Carries out ask on m and log (e: the change for EDIT_ASK_SET). Returns true when a number
 * of m changed (false: nothing asked, nothing to undo, the log full, or the same value). */
bool edit_carry_out(Model *m, EditLog *log, EditAsk ask, const Edit *e);

/* "Wq[2][3] 0.86 → 1.36" ("embedding[加][0] 0.45 → 0.10" for a word vector), both numbers
 * with the decimals (2 to 6) the more precise of them needs. Returns buf. */
char *edit_describe(const Model *m, const Edit *e, char *buf, size_t cap);

/* The same in lang: in Chinese an embedding's cell is named 词向量[加][0]. */
char *edit_describe_in(const Model *m, const Edit *e, Lang lang, char *buf, size_t cap);

#endif
