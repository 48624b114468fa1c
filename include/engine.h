/* engine.h — the self-attention forward pass, keeping every intermediate number.
 * Owns: x = word vector + position fingerprint, Q K V, scores, ÷√d, softmax, output,
 * and the "explain" helpers that break any single number into the terms of its sum.
 * Must not touch: parsing, the terminal, formatting, any global state. */
#ifndef ATTN_ENGINE_H
#define ATTN_ENGINE_H

#include <stddef.h>
#include "model.h"

/* The three roles a character's x is projected into. */
typedef enum { ROLE_Q = 0, ROLE_K = 1, ROLE_V = 2 } Role;

/* Everything the forward pass computed for one sentence. Matrices are row-major;
 * a row is one character of the sentence (the asking one, for scores/weights). */
typedef struct {
    const Model *model;                            /* the model used (not owned) */
    int T;                                         /* characters in the sentence */
    int d;                                         /* vector width */
    char tokens[MODEL_MAX_TOKENS][TEXT_CHAR_BYTES];/* the characters, UTF-8 */
    int ids[MODEL_MAX_TOKENS];                     /* their vocabulary indices */
    double scale;                                  /* √d */
    double *embedding;                             /* T × d word vectors */
    double *position;                              /* T × d fingerprints */
    double *x;                                     /* T × d, embedding + position */
    double *q;                                     /* T × d, x · Wq */
    double *k;                                     /* T × d, x · Wk */
    double *v;                                     /* T × d, x · Wv */
    double *scores;                                /* T × T, raw Q·Kᵀ */
    double *scaled;                                /* T × T, scores ÷ √d */
    double *weights;                               /* T × T, softmax of each scaled row */
    double *output;                                /* T × d, weights · V */
    double *block;                                 /* the one allocation behind all arrays */
} Trace;

/* engine_forward's result when the model's numbers overflow the arithmetic. */
#define ENGINE_NOT_FINITE (-2)

/* Runs the forward pass of model m over the UTF-8 sentence (1..16 characters,
 * each in the vocabulary). Returns 0 and fills *tr (free with engine_free), or
 * -1 with a one-line message in err (invalid UTF-8, empty, too long, a character
 * not in the vocabulary — naming it and listing the vocabulary), or
 * ENGINE_NOT_FINITE when a result is not a finite number, with err naming the first
 * ("the scores overflow (Q(三)·K(加) is not a finite number)"); *tr is then empty. */
int engine_forward(const Model *m, const char *sentence, Trace *tr,
                   char *err, size_t errlen);

/* Releases a Trace; safe on a zeroed or freed one. */
void engine_free(Trace *tr);

/* Sinusoidal position fingerprint of lesson 5: PE[p][2i] = sin(p / 10000^(2i/d)),
 * PE[p][2i+1] = cos(p / 10000^(2i/d)). */
double engine_position(int p, int dim, int d);

/* Softmax of n values into out (out may equal in), subtracting the maximum first. */
void engine_softmax(const double *in, double *out, int n);

/* Row t of a T×d or T×T matrix of the trace. */
#define TRACE_ROW(tr, mat, t) ((tr)->mat + (size_t)(t) * (size_t)(tr)->d)
#define TRACE_SQ(tr, mat, t, s) ((tr)->mat[(size_t)(t) * (size_t)(tr)->T + (size_t)(s)])

/* The matrix of a role (model's Wq, Wk or Wv) and the trace's projected rows. */
const double *engine_weights(const Trace *tr, Role role);
const double *engine_projection(const Trace *tr, Role role);

/* One product a·b of a sum that explains a number. */
typedef struct {
    double a;   /* left factor */
    double b;   /* right factor */
} ExplainTerm;

/* role(t)[j] = Σ_i x(t)[i] · W[i][j]: fills d terms, returns d. */
int engine_explain_projection(const Trace *tr, Role role, int t, int j, ExplainTerm *terms);

/* score(t,s) = Σ_i Q(t)[i] · K(s)[i]: fills d terms, returns d. */
int engine_explain_score(const Trace *tr, int t, int s, ExplainTerm *terms);

/* output(t)[j] = Σ_s share(t,s) · V(s)[j]: fills T terms, returns T. */
int engine_explain_output(const Trace *tr, int t, int j, ExplainTerm *terms);

/* share(t,s) = e^(scaled(t,s) − max) / Σ_u e^(scaled(t,u) − max). Fills exps[0..T)
 * with e^(scaled(t,u) − max), *sum with their sum, *max with the row maximum, and
 * returns the share. Any of exps/sum/max may be NULL. */
double engine_explain_share(const Trace *tr, int t, int s, double *exps, double *sum, double *max);

/* Cosine similarity of two n-vectors (0 when either is zero), always within [-1, 1]
 * and finite for any finite vectors. */
double engine_cosine(const double *a, const double *b, int n);

/* The character whose V the output of t most resembles (by cosine); its cosine in *cos. */
int engine_closest_value(const Trace *tr, int t, double *cos);

/* 0 when every result of the forward pass in tr is a finite number; otherwise -1
 * with err naming the first one, in the order they are computed (engine_forward
 * calls it last). */
int engine_check_finite(const Trace *tr, char *err, size_t errlen);

#endif
