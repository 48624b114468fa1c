/* engine.h — the self-attention forward pass, keeping every intermediate number.
 * Owns: x = word vector + position fingerprint, Q K V, scores, ÷√d, softmax, output (with
 * lesson 7's causal mask and heads), the similarity table of lesson 4, and every piece of
 * arithmetic a screen shows: the "explain" helpers that break any single number into the
 * terms of its sum, sort orders, partial sums, cosines.
 * Must not touch: parsing, the terminal, formatting, any global state. */
#ifndef ATTN_ENGINE_H
#define ATTN_ENGINE_H

#include <stdbool.h>
#include <stddef.h>
#include "model.h"

/* The three roles a character's x is projected into. */
typedef enum { ROLE_Q = 0, ROLE_K = 1, ROLE_V = 2 } Role;

/* Lesson 7's causal mask: each character sees only itself and the characters before it. */
typedef enum {
    MASK_NONE = 0,     /* every character sees every character (lesson 6) */
    MASK_CAUSAL = 1    /* row t sees columns 0..t (PyTorch's is_causal=True) */
} Mask;

#define ENGINE_MAX_HEADS 2   /* lesson 7's preview: one head of width d, or two of d/2 */

/* What if on one score: one cell of a head's raw scores Q·Kᵀ (lesson ②, before ÷√d)
 * replaced by a number the learner chose; ÷√d, softmax, the output and the readout follow. */
typedef struct {
    bool on;        /* a score is set (false: every score is Q·K) */
    int head;       /* its head, 0 .. heads−1 */
    int row;        /* the asking character, 0 .. T−1 (a position in the sentence) */
    int col;        /* the character asked, whose K it was scored against */
    double value;   /* the raw score it takes (finite) */
} ScoreSet;

/* How the forward pass runs: lesson 6 is { MASK_NONE, 1 } (English messages, no score set). */
typedef struct {
    Mask mask;        /* which scores are hidden from softmax */
    int heads;        /* 1, or 2 (d must be even): Wq, Wk, Wv split column-wise into heads */
    Lang lang;        /* the language of the pass's messages (0: English) */
    ScoreSet score;   /* what if: one raw score set (applied only when its cell is in the
                         pass: a shorter sentence or fewer heads leave it out) */
} EngineConfig;

/* Everything the forward pass computed for one sentence. Matrices are row-major;
 * a row is one character of the sentence (the asking one, for scores/weights).
 * With H heads, head h owns columns h·dh .. h·dh+dh-1 of Q, K, V and output, and the
 * T × T tables come once per head, head after head. */
typedef struct {
    const Model *model;                            /* the model used (not owned) */
    int T;                                         /* characters in the sentence */
    int d;                                         /* vector width */
    int heads;                                     /* H: 1, or 2 */
    int dh;                                        /* width of one head: d / H */
    Mask mask;                                     /* the mask the pass ran with */
    Lang lang;                                     /* the language of its messages */
    char tokens[MODEL_MAX_TOKENS][TEXT_CHAR_BYTES];/* the characters, UTF-8 */
    int ids[MODEL_MAX_TOKENS];                     /* their vocabulary indices */
    double scale;                                  /* √dh, what the scores are divided by */
    double *embedding;                             /* T × d word vectors */
    double *position;                              /* T × d fingerprints */
    double *x;                                     /* T × d, embedding + position */
    double *q;                                     /* T × d, x · Wq */
    double *k;                                     /* T × d, x · Wk */
    double *v;                                     /* T × d, x · Wv */
    double *scores;                                /* H × T × T, raw Q·Kᵀ of each head
                                                      (computed even where masked), but
                                                      the one cell of score_set */
    ScoreSet score_set;                            /* the score the learner set, when it
                                                      was applied to this pass (else off) */
    double score_was;                              /* that cell's Q·K, which it replaced */
    double *scaled;                                /* H × T × T, scores ÷ √dh (finite even
                                                      where masked: see engine_visible) */
    double *weights;                               /* H × T × T, softmax of each scaled row
                                                      over its visible columns; 0 if masked */
    double *output;                                /* T × d, weights · V, heads side by side */
    double *similarity;                            /* T × T, lesson 4: word vector · word vector */
    /* The readout at the last position T−1, for a model with one (else NULL, -1). */
    double *h0;                                    /* d: x(T−1) + output(T−1), the residual */
    double *act;                                   /* hidden: relu(h0 · W1 + b1) (MLP only) */
    double *h;                                     /* d: h0 + act · W2 (h0 without an MLP) */
    double *logits;                                /* answers_count: h · Wo + bo */
    double *probs;                                 /* answers_count: softmax(logits) */
    int predicted;                                 /* the answer with the largest probability
                                                      (index into model->answers), or -1 */
    /* A layer of a layered model presented as the lesson's pass (transformer_layer_trace):
       x is the layer's LN₁ output, Q, K, V include the biases below, the mask is causal, no
       readout (logits NULL, predicted −1). Zero / NULL for a pass of the lesson's machine. */
    bool layered;                                  /* this trace presents layer `layer` */
    int layer;                                     /* which (0-based) of the model's blocks */
    const double *w_of[3];                         /* Wq, Wk, Wv (d × d) by Role: the layer's */
    const double *b_of[3];                         /* bq, bk, bv (d) by Role: the layer's */
    double *input;                                 /* T × d: the layer's input row, what LN₁
                                                      normalises (layer 1: e + pe; later: the
                                                      block before's output); NULL unlayered */
    double ln_mean[MODEL_MAX_TOKENS];              /* LN₁ of each row: its mean, */
    double ln_var[MODEL_MAX_TOKENS];               /* population variance, */
    double ln_std[MODEL_MAX_TOKENS];               /* and √(variance + 1e-5) */
    const double *ln_gain, *ln_bias;               /* LN₁'s γ and β (d each): the layer's */
    double *block;                                 /* the one allocation behind all arrays */
} Trace;

/* engine_forward's result when the model's numbers overflow the arithmetic. */
#define ENGINE_NOT_FINITE (-2)

/* Runs the forward pass of model m over the UTF-8 sentence (1..16 characters,
 * each in the vocabulary), as lesson 6 does: one head, no mask. Returns 0 and fills
 * *tr (free with engine_free), or -1 with a one-line message in err (invalid UTF-8,
 * empty, too long, a character not in the vocabulary — naming it and listing the
 * vocabulary), or ENGINE_NOT_FINITE when a result is not a finite number, with err
 * naming the first ("the scores overflow (Q(三)·K(加) is not a finite number)"); *tr is
 * then empty. */
int engine_forward(const Model *m, const char *sentence, Trace *tr,
                   char *err, size_t errlen);

/* The same with a mask and a number of heads (cfg NULL: lesson 6). Two heads need an
 * even d; anything else is an error in err. */
int engine_forward_with(const Model *m, const char *sentence, const EngineConfig *cfg,
                        Trace *tr, char *err, size_t errlen);

/* The readout of a model with one (m->answers_count > 0), at one position: h0 = x + out;
 * with an MLP (m->hidden > 0) act = relu(h0 · W1 + b1) and h = h0 + act · W2, else h = h0;
 * logits = h · Wo + bo; probs = softmax(logits). act may be NULL without an MLP. Returns
 * the index of the largest probability (the first of equals). Training uses it too. */
int engine_readout(const Model *m, const double *x, const double *out, double *h0, double *act,
                   double *h, double *logits, double *probs);

/* The character the trace's readout predicts (UTF-8) with its probability in *p, or NULL
 * when the model has no readout. */
const char *engine_prediction(const Trace *tr, double *p);

/* The trace's characters joined, as the vocabulary spells the sentence ("三加五等于?"). */
void engine_sentence(const Trace *tr, char *buf, size_t cap);

/* Releases a Trace; safe on a zeroed or freed one. */
void engine_free(Trace *tr);

/* Lays out the arrays of a Trace whose model, T, d and heads are set (the readout's too when
 * the model has one), zeroed, in one block (engine_free releases it). Returns 0, or -1 out of
 * memory. The forward pass uses it, and so does a layered model's layer shown as a pass. */
int engine_trace_allocate(Trace *tr);

/* Sinusoidal position fingerprint of lesson 5: PE[p][2i] = sin(p / 10000^(2i/d)),
 * PE[p][2i+1] = cos(p / 10000^(2i/d)). */
double engine_position(int p, int dim, int d);

/* One row projected: out[j] = Σ_i x[i] · w[i][j] (w is d × d), the terms in order of i. Q, K
 * and V are made of these rows; training uses it too. */
void engine_project(const double *x, const double *w, double *out, int d);

/* The one softmax's first half: exp(in[i] − shift) into exps[i] for each visible value (every
 * value when visible is NULL; 0 for the others), shift the largest visible value, so that no
 * exp overflows, whatever the values' size (exps may equal in). Returns the exps' sum, and
 * the shift in *shift unless it is NULL. The hand checks round these exps before adding. */
double engine_softmax_exps(const double *in, const bool *visible, double *exps, int n, double *shift);

/* Softmax of the n values of in whose visible[i] is true (every value when visible is NULL)
 * into out, 0 for the others (out may equal in): engine_softmax_exps, each divided by their
 * sum. */
void engine_softmax_visible(const double *in, const bool *visible, double *out, int n);

/* Softmax of n values into out (out may equal in): engine_softmax_visible of every value. */
void engine_softmax(const double *in, double *out, int n);

/* Row t of a T×d matrix of the trace. */
#define TRACE_ROW(tr, mat, t) ((tr)->mat + (size_t)(t) * (size_t)(tr)->d)
/* Cell (t, s) of head h's T×T table (scores, scaled, weights). */
#define TRACE_HSQ(tr, mat, h, t, s) \
    ((tr)->mat[((size_t)(h) * (size_t)(tr)->T + (size_t)(t)) * (size_t)(tr)->T + (size_t)(s)])
/* Cell (t, s) of the first head's table, or of the similarity table. */
#define TRACE_SQ(tr, mat, t, s) TRACE_HSQ(tr, mat, 0, t, s)

/* True when head h's score (t, s) was set by the learner (what if) rather than computed:
 * then no Σ of Q·K products equals it, and *was (may be NULL) is the Q·K it replaced. */
bool engine_score_set(const Trace *tr, int h, int t, int s, double *was);

/* True when the learner set a score of head h in asking row t (its shares all follow). */
bool engine_row_set(const Trace *tr, int h, int t);

/* False where the mask hides column s from asking row t. */
bool engine_visible(const Trace *tr, int t, int s);

/* The matrix of a role (model's Wq, Wk or Wv) and the trace's projected rows. */
const double *engine_weights(const Trace *tr, Role role);
const double *engine_projection(const Trace *tr, Role role);

/* One product a·b of a sum that explains a number. */
typedef struct {
    double a;   /* left factor */
    double b;   /* right factor */
} ExplainTerm;

/* role(t)[j] = Σ_i x(t)[i] · W[i][j]: fills d terms, returns d. On a layer of a layered model
 * (tr->layered) the bias is one more term, 1 · b[j] (engine_projection_bias): d + 1 terms, so
 * that the sum of the terms is the number, as everywhere. */
int engine_explain_projection(const Trace *tr, Role role, int t, int j, ExplainTerm *terms);

/* The bias added to column j of role's projection: the layer's (tr->layered), else 0. */
double engine_projection_bias(const Trace *tr, Role role, int j);

/* score_h(t,s) = Σ_i Q(t)[h·dh+i] · K(s)[h·dh+i]: fills dh terms, returns dh. For a score
 * the learner set (engine_score_set) the terms add up to the Q·K it replaced, not to it. */
int engine_explain_score(const Trace *tr, int h, int t, int s, ExplainTerm *terms);

/* output(t)[j] = Σ_s share_h(t,s) · V(s)[j], h the head owning column j: fills T terms
 * (masked ones have share 0), returns T. */
int engine_explain_output(const Trace *tr, int t, int j, ExplainTerm *terms);

/* share_h(t,s) = e^(scaled(t,s) − max) / Σ_u e^(scaled(t,u) − max) over the visible u.
 * Fills exps[0..T) with e^(scaled(t,u) − max) (0 where masked), *sum with their sum,
 * *max with the row maximum, and returns the share. Any of exps/sum/max may be NULL. */
double engine_explain_share(const Trace *tr, int h, int t, int s, double *exps, double *sum,
                            double *max);

/* similarity(t,s) = Σ_i e(t)[i] · e(s)[i], the word vectors only: fills d terms, returns d. */
int engine_explain_similarity(const Trace *tr, int t, int s, ExplainTerm *terms);

/* Cosine similarity of two n-vectors (0 when either is zero), always within [-1, 1]
 * and finite for any finite vectors. */
double engine_cosine(const double *a, const double *b, int n);

/* The character whose V the output of t most resembles (by cosine); its cosine in *cos. */
int engine_closest_value(const Trace *tr, int t, double *cos);

/* ---------------------------------------------------------------- orders and partial sums */

/* The characters in the order of asker t's shares in head h, largest first (ties keep
 * sentence order): fills order[0..T). */
void engine_share_order(const Trace *tr, int h, int t, int *order);

/* The character asker t gives its largest share in head h (its largest visible score). */
int engine_strongest(const Trace *tr, int h, int t);

/* Head h's columns of output(t) as the first n terms of `order` add up:
 * out[j] = Σ_{i<n} share_h(t, order[i]) · V(order[i])[h·dh + j], j < dh. With n = T this
 * is the output itself. */
void engine_partial_output(const Trace *tr, int h, int t, const int *order, int n, double *out);

/* Σ_s share_h(t, s) over the characters in set (a bit per character): e.g. the share
 * ? gives 三, 加 and 五 together. */
double engine_share_of(const Trace *tr, int h, int t, unsigned set);

/* Σ_s share_h(t, s) over the whole row (1 up to rounding: what "Σ 100%" checks). */
double engine_row_total(const Trace *tr, int h, int t);

/* 0 when every result of the forward pass in tr is a finite number; otherwise -1
 * with err naming the first one, in the order they are computed (engine_forward
 * calls it last). */
int engine_check_finite(const Trace *tr, char *err, size_t errlen);

/* ---------------------------------------------------------------- lesson 4's table, whole */

/* Lesson 4's table over the model's vocabulary: e(a)·e(b), the word vectors of vocabulary
 * entries a and b (no position, no sentence). Symmetric; for characters of a sentence it
 * equals the trace's similarity. Pure, no allocation: cheap enough to call per cell. */
double engine_vocab_similarity(const Model *m, int a, int b);

/* How far row t of the trace's similarity table strays from 0 away from itself: the
 * largest |similarity(t, s)| over the characters s that are not t's own character, with
 * that s in *at (may be NULL; -1 and 0 when every character is t's). */
double engine_similarity_peak(const Trace *tr, int t, int *at);

#endif
