/* model.h — the attention model a lesson runs on: vocabulary, word vectors, Wq/Wk/Wv.
 * Owns: parsing and validating the plain-text model format, and the compiled-in default.
 * Must not touch: the engine's arithmetic, the terminal, any global state.
 *
 * The format (documented for teachers in docs/model-format.md):
 *
 *   # a comment: any line whose first non-blank character is '#'
 *   [vocab]                 one or more lines of characters separated by blanks
 *   零 一 二 三 ...
 *   [d]                     one whole number, 1..512
 *   8
 *   [sentence]              the default sentence, one line, 1..16 characters
 *   三加五等于?
 *   [embedding]             one line per vocabulary entry: the character, then d numbers
 *   三  0.67 -0.12 ...
 *   [wq]                    d lines of d numbers; Q = x · Wq, so row i, column j
 *   ...                     maps input dimension i to output dimension j
 *   [wk]
 *   [wv]
 *
 * Optional, for a model with a readout (written by --train):
 *   [answers]               the readout's characters, from the vocabulary
 *   [wo] [bo]               d rows of |answers| numbers; one row: logits = h · Wo + bo
 *   [w1] [b1] [w2]          the MLP: d rows of m; one row of m; m rows of d
 *   [heads]                 1 or 2: the heads it was trained with
 *
 * Sections may come in any order, each exactly once. Blank lines are ignored, and
 * so is a '#' that starts a line or follows a blank, with the rest of its line.
 * Position fingerprints are not stored: the engine computes them. */
#ifndef ATTN_MODEL_H
#define ATTN_MODEL_H

#include <stddef.h>
#include "lang.h"
#include "text.h"

#define MODEL_MAX_D 512          /* largest vector width accepted */
#define MODEL_MAX_VOCAB 4096     /* most vocabulary entries accepted */
#define MODEL_MAX_TOKENS 16      /* most characters in a sentence */
#define MODEL_MAX_LINE 32768     /* longest line accepted, in bytes */
#define MODEL_MAX_NUMBER 64      /* longest number accepted, in bytes */
#define MODEL_MAX_HIDDEN 4096    /* widest MLP accepted */
#define MODEL_MAX_HEADS 2        /* [heads] is 1 or 2 */
#define MODEL_SENTENCE_BYTES (MODEL_MAX_TOKENS * 4 + 1) /* room for a sentence */

typedef struct {
    int d;                               /* width of every vector and of W* */
    int vocab_size;                      /* number of vocabulary entries */
    char (*vocab)[TEXT_CHAR_BYTES];      /* vocab_size UTF-8 characters */
    double *embedding;                   /* vocab_size × d word vectors, row-major */
    double *wq;                          /* d × d, row = input dim, column = output dim */
    double *wk;                          /* d × d, same convention */
    double *wv;                          /* d × d, same convention */
    char sentence[MODEL_SENTENCE_BYTES]; /* the default sentence (UTF-8) */
    /* The optional readout at the last position (all NULL / 0 without one). */
    int answers_count;                   /* |answers|: the readout's classes, 0 without a readout */
    int *answers;                        /* answers_count vocabulary indices, in [answers] order */
    double *wo;                          /* d × answers_count: logits = h · Wo + bo */
    double *bo;                          /* answers_count biases */
    int hidden;                          /* m, the MLP's width; 0 without an MLP */
    double *w1;                          /* d × hidden: a = relu(h0 · W1 + b1) */
    double *b1;                          /* hidden biases */
    double *w2;                          /* hidden × d: h = h0 + a · W2 */
    int heads;                           /* [heads]: the heads it was trained with, 0 if absent */
} Model;

/* Parses len bytes of model text. name is used in messages ("NAME:LINE: ...").
 * On success fills *out (free with model_free) and returns 0. On failure writes
 * one line "NAME:LINE: what is wrong" (no trailing newline) into err and
 * returns -1; *out is then left empty and needs no freeing. */
int model_parse(const char *text, size_t len, const char *name, Model *out,
                char *err, size_t errlen);

/* The same with the message in lang (model_parse's is English). */
int model_parse_in(const char *text, size_t len, const char *name, Lang lang, Model *out,
                   char *err, size_t errlen);

/* Reads and parses the file at path; errors as model_parse (or "PATH: reason"). */
int model_load_file(const char *path, Model *out, char *err, size_t errlen);

/* The same with the message in lang. */
int model_load_file_in(const char *path, Lang lang, Model *out, char *err, size_t errlen);

/* Parses the default model compiled into the binary (assets/lesson.model). */
int model_load_default(Model *out, char *err, size_t errlen);

/* The compiled-in default model's text and its length (generated at build time). */
extern const char model_default_text[];
extern const size_t model_default_len;

/* The ASCII character that the single UTF-8 character ch is a look-alike of
 * (full-width ？ ０ ＋ ＝ …, the full-width and no-break spaces, − U+2212, 。), or 0.
 * For "did you mean" hints; never used to accept text. */
int model_lookalike(const char *ch);

/* Index of the vocabulary entry equal to the UTF-8 character ch, or -1. */
int model_find_char(const Model *m, const char *ch);

/* Writes "a b c …" listing the vocabulary into buf (cap bytes); when it does not all fit,
 * as many entries as fit followed by " …". */
void model_vocab_list(const Model *m, char *buf, size_t cap);

/* Allocates m's readout, zeroed: answers (indices), Wo, bo, and with hidden > 0 W1, b1,
 * W2 (m->d must be set). Returns 0, or -1 out of memory (model_free releases what was). */
int model_alloc_readout(Model *m, int answers, int hidden);

/* Copies src into *dst (free with model_free). Returns 0, or -1 out of memory (*dst
 * then empty). */
int model_copy(Model *dst, const Model *src);

/* Releases what model_parse allocated; safe on a zeroed or freed Model. */
void model_free(Model *m);

#endif
