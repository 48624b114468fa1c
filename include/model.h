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
 * A layered model (the lesson's heads stacked as GPT-2 builds a block; transformer.h runs it)
 * has, instead of [wq] [wk] [wv] and a readout:
 *   [layers] [context]      blocks (1..8) and the longest line (1..64); [heads] 1..8 per layer
 *   [position]              optional: context rows of d, a learned position table
 *   [layer N ln1]           2 rows of d: LN₁'s gain, then its bias
 *   [layer N wq] [layer N bq]   d rows of d; one row of d: Q = LN₁(x) · Wq + bq (also wk bk, wv bv)
 *   [layer N wo] [layer N bo]   the output projection
 *   [layer N ln2]           LN₂
 *   [layer N w1] [layer N b1] [layer N w2] [layer N b2]   the MLP: d rows of m, m, m rows of d, d
 *   [ln_f]                  the last LN: 2 rows of d
 *   [lm_head]               a line per vocabulary character: it, its d weights, its bias
 *   [head stats]            optional: a row per head (layer 1 head 1, layer 1 head 2, …): mean
 *                           entropy, mean share at the same place of the line before, at the
 *                           first character, at offsets 0 .. context−1
 *
 * Sections may come in any order, each exactly once. Blank lines are ignored, and
 * so is a '#' that starts a line or follows a blank, with the rest of its line.
 * Position fingerprints are not stored: the engine computes them. */
#ifndef ATTN_MODEL_H
#define ATTN_MODEL_H

#include <stdbool.h>
#include <stddef.h>
#include "lang.h"
#include "text.h"

#define MODEL_MAX_D 512          /* largest vector width accepted */
#define MODEL_MAX_VOCAB 4096     /* most vocabulary entries accepted */
#define MODEL_MAX_TOKENS 64      /* most characters in any line played: a layered model's
                                    context at most (MODEL_MAX_CONTEXT); arrays hold this */
#define MODEL_MAX_SENTENCE 16    /* most characters in a sentence of the lesson's machine */
/* The most characters model m reads in one line: its context (a layered model), else 16. */
#define MODEL_SENTENCE_LIMIT(m) ((m)->layers > 0 ? (m)->context : MODEL_MAX_SENTENCE)
#define MODEL_MAX_LINE 32768     /* longest line accepted, in bytes */
#define MODEL_MAX_NUMBER 64      /* longest number accepted, in bytes */
#define MODEL_MAX_HIDDEN 4096    /* widest MLP accepted */
#define MODEL_MAX_HEADS 2        /* [heads] is 1 or 2 */
#define MODEL_SENTENCE_BYTES (MODEL_MAX_TOKENS * 4 + 1) /* room for a sentence */
#define MODEL_MAX_LAYERS 8       /* most blocks a layered model stacks */
#define MODEL_MAX_LAYER_HEADS 8  /* most heads in one layer of a layered model */
#define MODEL_MAX_CONTEXT 64     /* longest line a layered model reads, in characters */
#define MODEL_LINE_BYTES (MODEL_MAX_CONTEXT * 4 + 1) /* room for a layered model's line */
#define MODEL_LN_EPS 1e-5        /* LayerNorm's ε: y = γ·(x − mean)/√(variance + ε) + β */
/* Numbers in one head's row of [head stats]: entropy, same place one line up, the first
 * character, offsets 0 … context − 1. */
#define MODEL_STATS_COLS(context) (3 + (context))
#define MODEL_STATS_ENTROPY 0    /* column of the mean entropy (nats) */
#define MODEL_STATS_LINE_UP 1    /* column of the mean share at the same place one line up */
#define MODEL_STATS_FIRST 2      /* column of the mean share at the line's first character */
#define MODEL_STATS_OFFSET 3     /* column of the mean share at offset 0 (itself); offset k at 3 + k */

/* One block of a layered model: pointers into Model.params (row-major; a matrix's row is its
 * input dimension, as the lesson's Wq). Head h of Q, K, V owns columns h·dh .. h·dh + dh − 1. */
typedef struct {
    double *ln1_gain, *ln1_bias;   /* d each: LN₁'s γ and β */
    double *wq, *bq;               /* d × d and d: Q = LN₁(x) · Wq + bq */
    double *wk, *bk;               /* K = LN₁(x) · Wk + bk */
    double *wv, *bv;               /* V = LN₁(x) · Wv + bv */
    double *wo, *bo;               /* d × d and d: the heads' concat · Wo + bo */
    double *ln2_gain, *ln2_bias;   /* d each: LN₂ */
    double *w1, *b1;               /* d × m and m: GELU(LN₂(h) · W1 + b1) */
    double *w2, *b2;               /* m × d and d: · W2 + b2 */
} ModelLayer;

typedef struct {
    int d;                               /* width of every vector and of W* */
    int vocab_size;                      /* number of vocabulary entries */
    char (*vocab)[TEXT_CHAR_BYTES];      /* vocab_size UTF-8 characters */
    double *embedding;                   /* vocab_size × d word vectors, row-major */
    double *wq;                          /* d × d, row = input dim, column = output dim */
    double *wk;                          /* d × d, same convention */
    double *wv;                          /* d × d, same convention */
    char sentence[MODEL_LINE_BYTES];     /* the default sentence (UTF-8): at most
                                            MODEL_MAX_TOKENS characters, or context for a
                                            layered model */
    /* The optional readout at the last position (all NULL / 0 without one). */
    int answers_count;                   /* |answers|: the readout's classes, 0 without a readout */
    int *answers;                        /* answers_count vocabulary indices, in [answers] order */
    double *wo;                          /* d × answers_count: logits = h · Wo + bo */
    double *bo;                          /* answers_count biases */
    int hidden;                          /* m, the MLP's width; 0 without an MLP */
    double *w1;                          /* d × hidden: a = relu(h0 · W1 + b1) */
    double *b1;                          /* hidden biases */
    double *w2;                          /* hidden × d: h = h0 + a · W2 */
    int heads;                           /* [heads]: the heads it was trained with, 0 if absent;
                                            a layered model's heads per layer */
    /* A layered model (layers > 0; wq, wk, wv and the readout above are then NULL / 0). */
    int layers;                          /* [layers]: blocks; 0 for the lesson's machine */
    int context;                         /* [context]: the longest line it reads */
    int mlp;                             /* m, the width of every block's MLP */
    double *position;                    /* context × d learned positions, or NULL: the
                                            fingerprint (engine_position) at width d */
    ModelLayer layer[MODEL_MAX_LAYERS];  /* the blocks, layer[0] first */
    double *lnf_gain, *lnf_bias;         /* d each: the last LN */
    double *lm_head;                     /* d × vocab_size: logits = ln_f(h) · lm_head + lm_bias
                                            (column v: character v; [lm_head] writes it by rows
                                            of characters) */
    double *lm_bias;                     /* vocab_size */
    double *params;                      /* the one allocation every number above lives in,
                                            embedding included (model_layout's order) */
    size_t param_count;                  /* how many numbers it holds */
    double *head_stats;                  /* [head stats]: layers · heads rows of
                                            MODEL_STATS_COLS(context), or NULL */
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

/* The layered model's numbers laid out in one block: with vocab_size, d, layers, context, mlp
 * and position_learned set in *m, points embedding, position (when learned), every layer's
 * tensors, lnf_*, lm_head and lm_bias into block (when not NULL) in this order, which is also
 * the order training draws its starting numbers in: embedding, position, then per layer
 * ln1 gain and bias, wq bq wk bk wv bv wo bo, ln2 gain and bias, w1 b1 w2 b2; ln_f gain and
 * bias; lm_head; lm_bias. Returns the count of numbers. The block is not owned by m unless
 * m->params is set to it. */
size_t model_layout(Model *m, double *block, bool position_learned);

/* Allocates a zeroed layered model of this shape (vocab entries empty, LN gains 0 too): the
 * trainer's start and the converters'. Returns 0, or -1 out of memory (*m then empty). */
int model_alloc_layered(Model *m, int vocab_size, int d, int layers, int heads, int context,
                        int mlp, bool position_learned);

/* Releases what model_parse allocated; safe on a zeroed or freed Model. */
void model_free(Model *m);

#endif
