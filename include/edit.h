/* edit.h — "what if": changing one number of a model (a cell of Wq, Wk, Wv or of a word
 * vector) or one raw score of the forward pass (the engine's ScoreSet), saying what changed
 * ("Wq[2][3] 0.86 → 1.36", "score(等→加) 4.05 → 6.00") and undoing every change.
 * Owns: the --set NAME[i][j]=VALUE syntax and the edit log. Must not touch: the terminal,
 * the engine's arithmetic (the caller reruns the forward pass), any global state. */
#ifndef ATTN_EDIT_H
#define ATTN_EDIT_H

#include <stdbool.h>
#include <stddef.h>
#include "charname.h"
#include "engine.h"
#include "model.h"

/* Which matrix of the model a change is in. */
typedef enum {
    EDIT_WQ = 0,       /* Wq: row = input dimension, column = output dimension */
    EDIT_WK,           /* Wk */
    EDIT_WV,           /* Wv */
    EDIT_EMBEDDING,    /* the word vectors: row = vocabulary entry, column = dimension */
    EDIT_SCORE         /* a raw score Q·K of the pass (not the model): row = the asking
                          character's position, column = the asked one's, in head `head` */
} EditTarget;

/* One change of one number. */
typedef struct {
    EditTarget target;   /* the matrix */
    int row;             /* its row (for the embedding, the vocabulary index) */
    int col;             /* its column */
    double before;       /* the number before the change (filled by edit_apply; for a score
                            the caller gives the Q·K the pass computed, kept unless a
                            score set earlier was there) */
    double after;        /* the number after it */
    int head;            /* EDIT_SCORE: the head, 0 .. (0 for the others) */
    char names[2][CHARNAME_BYTES]; /* EDIT_SCORE: the asking and the asked character, as
                            the description names them ("等", "加", "加₂" where it repeats) */
    ScoreSet prior;      /* EDIT_SCORE: the score set before (filled by edit_apply), put
                            back by an undo: one score is set at a time */
} Edit;

#define EDIT_MAX 64   /* changes one log keeps (and --set accepts) */

/* The changes made so far, in order, so that all can be undone. */
typedef struct {
    int n;               /* changes kept */
    Edit e[EDIT_MAX];    /* them, oldest first */
} EditLog;

/* Reads "wq[2][3]=1.5", "wk[0][7]=-0.2", "wv[i][j]=v" or "embedding[加][0]=0.1" (the names of
 * the model file's sections, in any case: Wq as the status line writes it; 词向量 for the
 * embedding, as the Chinese one does; the character as in the vocabulary, or its index 0..) against
 * model m into *out (before left 0), or "score[等][加]=6" against the UTF-8 sentence: the
 * raw score Q(等)·K(加) of the first head (each character its first place in the sentence,
 * a repeated one's occurrence written after it, 加2 or 加₂, or a position 0..T−1); sentence NULL refuses score. Blanks are not allowed; the value is a
 * number as the model file writes them ('.' decimal point, any locale; finite). Returns 0,
 * or -1 with one line in err naming what is wrong (the name, the index and its range, or
 * the value). */
int edit_parse(const Model *m, const char *sentence, const char *text, Edit *out, char *err,
               size_t errlen);

/* The same with the message in lang (edit_parse's is English). */
int edit_parse_in(const Model *m, const char *sentence, const char *text, Lang lang, Edit *out,
                  char *err, size_t errlen);

/* The model's number an edit addresses (a cell of m; not for EDIT_SCORE). */
double *edit_cell(Model *m, const Edit *e);

/* The number e addresses as it stands: a cell of m, or for a score the one set in *score
 * when it is that cell, else e->before (the Q·K the caller gave). */
double edit_current(Model *m, const ScoreSet *score, const Edit *e);

/* Applies e to m (a score: to *score, the pass's ScoreSet, which must not be NULL): fills
 * e->before with the number there (and e->prior) and writes e->after. */
void edit_apply(Model *m, ScoreSet *score, Edit *e);

/* Applies e and records it in log. Returns 0, or -1 when the log is full (nothing changed)
 * or e is a score and score is NULL. */
int edit_push(Model *m, ScoreSet *score, EditLog *log, const Edit *e);

/* Puts back every number the log changed (and the score set before), newest first, and
 * empties it. */
void edit_undo_all(Model *m, ScoreSet *score, EditLog *log);

/* Takes back the newest change (a change the lesson could not be run with). */
void edit_pop(Model *m, ScoreSet *score, EditLog *log);

/* What a screen asks of the model (what-if, Ui.what_if): nothing, one number set, or the
 * newest change undone (u). */
typedef enum {
    EDIT_ASK_NONE = 0,   /* nothing asked */
    EDIT_ASK_SET,        /* set one number (Ui.what_if_edit) */
    EDIT_ASK_UNDO        /* undo the newest change */
} EditAsk;

/* Carries out ask on m, the pass's score set and log (e: the change for EDIT_ASK_SET).
 * Returns true when a number changed (false: nothing asked, nothing to undo, the log full,
 * or the same value). */
bool edit_carry_out(Model *m, ScoreSet *score, EditLog *log, EditAsk ask, const Edit *e);

/* What the changes in effect come to, each number once: the line every screen shows while
 * the model is edited ("edited: Wq[2][3] 0.58 → 2.58 · u undoes"). */
typedef struct {
    int cells;          /* numbers that differ from the model as loaded (--set's and what-if's) */
    int set_cells;      /* of them, changed by --set alone (what-if's u does not undo those) */
    Edit newest;        /* the newest of them: before = its value as loaded, after = now */
    bool newest_set;    /* newest was changed by --set alone */
} EditMarks;

/* The marks of the --set changes (set, may be NULL) followed by what-if's (what_if, may be
 * NULL): a cell changed several times counts once, from its first before to its last
 * after; a score set replaces the one set before it (one score at a time); a cell back at
 * its value as loaded does not count. */
void edit_marks(const EditLog *set, const EditLog *what_if, EditMarks *out);

/* "Wq[2][3] 0.86 → 1.36" ("embedding[加][0] 0.45 → 0.10" for a word vector, "score(等→加)
 * 4.05 → 6.00" for a score, "score h2(等→加) …" in a second head), both numbers with the
 * decimals (2 to 6) the more precise of them needs. Returns buf. */
char *edit_describe(const Model *m, const Edit *e, char *buf, size_t cap);

/* The same in lang: in Chinese an embedding's cell is named 词向量[加][0]. */
char *edit_describe_in(const Model *m, const Edit *e, Lang lang, char *buf, size_t cap);

#endif
