/* transformer.h — a layered model's forward pass: the lesson's heads stacked in blocks as GPT-2
 * and nanoGPT build them, every intermediate number kept for the screens; the step that
 * appends one character with the K/V cache; the next character, greedy or sampled; the cache's
 * counts; what each head learned, said in one line.
 * Owns: the arithmetic of a layered model's forward pass (double precision, in a documented
 * order, so that a full pass and a pass grown one character at a time agree bit for bit).
 * Must not touch: parsing, files, the terminal, formatting numbers, any global state.
 *
 * One block, for the rows t of the line (x: the block's input, T × d):
 *   LN₁:  mean(t) = Σ_i x[t][i] / d, var(t) = Σ_i (x[t][i] − mean)² / d (population),
 *         std(t) = √(var + 1e-5), norm = (x − mean) / std, ln1 = γ₁ · norm + β₁
 *   Q = ln1 · Wq + bq, K = ln1 · Wk + bk, V = ln1 · Wv + bv; head h owns columns h·dh … h·dh+dh−1
 *   per head: score(t, s) = Σ_i Q[t][h·dh+i] · K[s][h·dh+i] for s ≤ t (the causal mask),
 *         scaled = score ÷ √dh, share(t, ·) = softmax of scaled(t, 0..t), heads[t] = Σ_s share · V[s]
 *   proj = heads · Wo + bo, resid = x + proj
 *   LN₂ as LN₁ over resid; pre = ln2 · W1 + b1, act = GELU(pre) = pre · ½ · (1 + erf(pre / √2)),
 *   mlp = act · W2 + b2, output = resid + mlp (the next block's input)
 * and after the last block: ln_f as LN₁, logits = ln_f · lm_head + lm_bias, probs = softmax.
 * The first block's input is x = word vector + position (the learned table, or the lesson's
 * fingerprint engine_position at width d, position 0 at the line's first character).
 *
 * Every sum adds its terms in the order of its index (i, then s): a product row · matrix
 * element is bias + Σ_i in order of i, whatever the number of rows computed at once. */
#ifndef ATTN_TRANSFORMER_H
#define ATTN_TRANSFORMER_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include "engine.h"
#include "lang.h"
#include "model.h"
#include "sqrtd.h"

/* ---------------------------------------------------------------- the trace */

/* One block's numbers. Rows are characters; every T × d array has the trace's cap rows. */
typedef struct {
    double *input;      /* cap × d: the block's input (x for the first block, else the block
                           before's output: the same memory) */
    double *ln1_mean;   /* cap: LN₁'s mean of each row */
    double *ln1_var;    /* cap: its population variance */
    double *ln1_std;    /* cap: √(variance + 1e-5) */
    double *ln1_norm;   /* cap × d: (x − mean) / std */
    double *ln1_out;    /* cap × d: γ₁ · norm + β₁ */
    double *q, *k, *v;  /* cap × d each, biases included: rows < T are the K/V cache */
    double *scores;     /* heads × cap × cap: Q·K of each head, for s ≤ t (0 above: masked) */
    double *scaled;     /* heads × cap × cap: scores ÷ √dh (0 where masked) */
    double *shares;     /* heads × cap × cap: softmax over s ≤ t (0 where masked) */
    double *heads;      /* cap × d: each head's shares · V, side by side: the concat */
    double *proj;       /* cap × d: concat · Wo + bo */
    double *resid;      /* cap × d: input + proj */
    double *ln2_mean, *ln2_var, *ln2_std;   /* cap each: LN₂ over resid */
    double *ln2_norm, *ln2_out;             /* cap × d each */
    double *mlp_pre;    /* cap × m: ln2 · W1 + b1 */
    double *mlp_act;    /* cap × m: GELU(pre) */
    double *mlp_out;    /* cap × d: act · W2 + b2 */
    double *output;     /* cap × d: resid + mlp_out */
} TransformerLayer;

/* A layered model's forward pass over one line of T characters (T ≤ cap, the model's
 * context). Made by transformer_trace_init, filled by transformer_forward or grown by
 * transformer_append. */
typedef struct {
    const Model *model;          /* the model (not owned) */
    int T;                       /* characters in the line so far */
    int cap;                     /* rows allocated: the model's context */
    int d, heads, dh, mlp;       /* widths: the model's, dh = d / heads */
    int layers;                  /* blocks */
    int vocab;                   /* the readout's width: the vocabulary */
    double scale;                /* √dh: what scores are divided by */
    int ids[MODEL_MAX_CONTEXT];  /* the characters' vocabulary indices */
    double *embedding;           /* cap × d: word vectors */
    double *position;            /* cap × d: positions (fingerprint or learned) */
    double *x;                   /* cap × d: embedding + position */
    TransformerLayer layer[MODEL_MAX_LAYERS];
    double *lnf_mean, *lnf_var, *lnf_std;   /* cap each: the last LN */
    double *lnf_norm, *lnf_out;             /* cap × d each */
    double *logits;              /* cap × vocab: ln_f · lm_head + lm_bias */
    double *probs;               /* cap × vocab: softmax of each row */
    double *block;               /* the one allocation behind every array */
} TransformerTrace;

/* Row t of a cap × width array of the trace. */
#define TRANSFORMER_ROW(arr, t, width) ((arr) + (size_t)(t) * (size_t)(width))
/* Cell (t, s) of head h's table (scores, scaled, shares) in a trace with cap rows. */
#define TRANSFORMER_CELL(tr, arr, h, t, s) \
    ((arr)[((size_t)(h) * (size_t)(tr)->cap + (size_t)(t)) * (size_t)(tr)->cap + (size_t)(s)])
/* Row t of head h's table: its cells (t, 0), (t, 1), … */
#define TRANSFORMER_HEAD_ROW(tr, arr, h, t) \
    ((arr) + ((size_t)(h) * (size_t)(tr)->cap + (size_t)(t)) * (size_t)(tr)->cap)

/* Allocates a trace for model m (a layered model) with room for its context; T = 0. Returns
 * 0, or -1 out of memory (*tr then empty). */
int transformer_trace_init(TransformerTrace *tr, const Model *m);

/* Releases a trace; safe on a zeroed or freed one. */
void transformer_trace_free(TransformerTrace *tr);

/* Runs the forward pass over T characters (vocabulary indices, 1 ≤ T ≤ cap), replacing what
 * the trace held. Returns 0, or -1 for a bad T or index. */
int transformer_forward(TransformerTrace *tr, const int *ids, int T);

/* Appends one character (T < cap) with the K/V cache: computes only row T of every array (its
 * own Q, K, V, its scores against rows 0..T, its shares …); rows before it are left as they
 * are. After appending a line character by character, every number equals transformer_forward's
 * over the whole line, bit for bit. Returns 0, or -1 when the trace is full or id is bad. */
int transformer_append(TransformerTrace *tr, int id);

/* Forgets the line: T = 0 (the next append is position 0). */
void transformer_clear(TransformerTrace *tr);

/* The UTF-8 text's characters as vocabulary indices into ids (room for max). Returns how many,
 * or -1 with one line in err, in lang: invalid UTF-8, empty, longer than max, or a character
 * not in the vocabulary — named, with its code point. */
int transformer_ids(const Model *m, const char *text, int *ids, int max, Lang lang, char *err,
                    size_t errlen);

/* 0 when every number of the trace's rows is finite; else -1 with err naming the first array
 * in the order computed ("layer 1 scores are not finite numbers"). */
int transformer_check_finite(const TransformerTrace *tr, char *err, size_t errlen);

/* ---------------------------------------------------------------- one layer as the lesson's pass */

/* Presents layer `layer` of pt (T ≥ 1 rows) as a pass of the lesson's machine in *out (free
 * with engine_free), so that the lesson's screens and hand checks read it: x = the layer's
 * LN₁ output, q/k/v = its Q, K, V (biases included: engine_projection_bias), heads = the
 * model's per layer (dh wide), scores/scaled/weights = the layer's per head (the raw scores
 * the causal mask hides computed too, as the lesson's pass keeps them), output = the heads'
 * concat (before Wo), similarity = word vector · word vector, no readout. The numbers are
 * pt's, copied. Returns 0, or -1 (bad layer, empty trace, out of memory: *out then empty). */
int transformer_layer_trace(const TransformerTrace *pt, int layer, Lang lang, Trace *out);

/* ---------------------------------------------------------------- a number as its sum */
/* What a screen prints to be checked by hand, for a chosen (layer, head): the terms of a sum in
 * the order the pass adds them (engine.h's ExplainTerm: a · b). */

/* Q, K or V (role) of row t, column j in layer l: Σ_i ln1(t)[i] · W[i][j] + b[j]. Fills d terms
 * and *bias; returns d (0 for a bad index). */
int transformer_explain_projection(const TransformerTrace *tr, int l, Role role, int t, int j,
                                   ExplainTerm *terms, double *bias);

/* Head h's raw score(t, s) in layer l: Σ_i Q(t)[h·dh + i] · K(s)[h·dh + i]. Fills dh terms;
 * returns dh (0 for a bad index or a masked cell, s > t). */
int transformer_explain_score(const TransformerTrace *tr, int l, int h, int t, int s, ExplainTerm *terms);

/* Head h's output at row t, column j of the head (0 … dh − 1) in layer l:
 * Σ_s share(t, s) · V(s)[h·dh + j] over s ≤ t. Fills t + 1 terms; returns t + 1 (0 for a bad index). */
int transformer_explain_head(const TransformerTrace *tr, int l, int h, int t, int j, ExplainTerm *terms);

/* ---------------------------------------------------------------- the next character */

/* The character the last row predicts: greedy (the largest probability, the first of equals)
 * when temperature ≤ 0, else drawn from softmax(logits ÷ temperature) with one uniform number
 * of rng (the first character whose running sum of probabilities passes u · total). Its
 * probability at that temperature goes to *p (may be NULL). -1 when the trace is empty. The
 * write screen and --generate call this one function, so that one seed writes one poem. */
int transformer_pick(const TransformerTrace *tr, double temperature, SqrtdRng *rng, double *p);

/* The k most probable next characters at temperature (≤ 0: 1) from the last row, largest
 * first (ties in vocabulary order): their indices into ids and probabilities into p. Returns
 * how many (≤ k, ≤ vocab). */
int transformer_top(const TransformerTrace *tr, double temperature, int k, int *ids, double *p);

/* ---------------------------------------------------------------- the K/V cache's counts */

/* The shape the cache's counts are derived from: one attention sublayer (one layer). Query
 * heads may share K/V heads (grouped-query attention, as the scale screen's real model does);
 * Wq is d × heads·dh, Wk and Wv d × kv_heads·dh each, Wo heads·dh × d. */
typedef struct {
    int64_t d;          /* the width of a character's vector */
    int64_t heads;      /* query heads */
    int64_t dh;         /* one head's width: the d of ÷√d */
    int64_t kv_heads;   /* K/V heads kept in the cache (= heads without sharing) */
} TransformerCacheShape;

/* Multiply-adds and bytes of one attention sublayer (one layer) for the step that adds the
 * t-th character (t ≥ 1 characters so far, the new one included). The parts are what a screen
 * shows multiplied out: with_cache = qkv + attend + wo, without_cache = t · (qkv + wo) +
 * attend_all. */
typedef struct {
    int64_t qkv;            /* the new row's Q, K, V: d · (heads·dh + 2·kv_heads·dh) (32 · 96) */
    int64_t attend;         /* its scores and shares · V: heads · 2 · dh · t */
    int64_t wo;             /* its output projection: heads·dh · d (32 · 32) */
    int64_t attend_all;     /* every row's scores and shares · V: heads · 2 · dh · t(t + 1)/2 */
    int64_t with_cache;     /* the new row's Q, K, V (d · 3d), its scores and shares · V
                               (heads · 2 · dh · t) and its Wo (d · d) */
    int64_t without_cache;  /* recomputing every row: t · (d · 3d + d · d) +
                               heads · 2 · dh · t(t + 1)/2 */
    int64_t bytes_f64;      /* the cache: K and V rows kept, 2 · kv_heads·dh · t numbers at 8 bytes */
    int64_t bytes_f16;      /* the same at 2 bytes a number, as real models keep it */
} TransformerCacheCounts;

/* The shape of model m's attention sublayers: d, its heads, d / heads, no sharing. */
TransformerCacheShape transformer_cache_shape(const Model *m);

/* The counts of the step that adds character t, for shape s (for model m's shape). */
TransformerCacheCounts transformer_cache_step_shape(const TransformerCacheShape *s, int t);
TransformerCacheCounts transformer_cache_step(const Model *m, int t);

/* The running totals over steps 1..t: with_cache and without_cache summed (the parts are the
 * step t's); the bytes are the cache's at t. */
TransformerCacheCounts transformer_cache_total_shape(const TransformerCacheShape *s, int t);
TransformerCacheCounts transformer_cache_total(const Model *m, int t);

/* ---------------------------------------------------------------- what each head learned */

/* What head (layer, head) does, from the model's [head stats], in one line in lang: the
 * largest of its mean shares (offset 0 "itself", 1 "the character before", k "the character k
 * back", the same place one line up, the first character) when it is at least 30% ("looks at the
 * character before: 71.2%"), else "spreads over the line (entropy 1.93 nats)". Returns 0, or -1 when
 * the model has no [head stats] or the head does not exist (buf then ""). */
int transformer_head_describe(const Model *m, int layer, int head, Lang lang, char *buf, size_t cap);

#define TRANSFORMER_DESCRIBE_SHARE 0.30   /* the share a head's largest must reach to be named */

/* ---------------------------------------------------------------- LN₁ as a hand check */

/* LN₁ of row t in layer l, worked at column j as a screen prints it, every number with
 * `digits` decimals but the result: Σx = sum, mean = sum ÷ d, Σ(x − mean)² = sq_sum,
 * variance = sq_sum ÷ d, std = √(variance + ε) (MODEL_LN_EPS), ln1[j] = (x[j] − mean) ÷ std
 * × γ[j] + β[j] with out_digits. Each result is redone from the printed operands before it and
 * rounded as printed (so every "=" holds from the screen's numbers); digits grows from
 * TRANSFORMER_NORM_DIGITS (up to 3 more) until the redone ln1[j] is the pass's rounded (at
 * out_digits and at the tables' two) and the printed mean the pass's. */
typedef struct {
    int d;             /* terms of the row: the model's width */
    int j;             /* the column worked */
    int digits;        /* decimals of every number of the check */
    double sum;        /* Σx, rounded as printed */
    double mean;       /* sum ÷ d of the printed sum, rounded */
    double sq_sum;     /* Σ(x − mean)² (the true mean), rounded */
    double var;        /* sq_sum ÷ d of the printed sq_sum, rounded */
    double std;        /* √(var + ε) of the printed var, rounded */
    double x;          /* x[j] (the layer's input), rounded */
    double gain;       /* γ[j], rounded */
    double bias;       /* β[j], rounded */
    int out_digits;    /* decimals of out: TRANSFORMER_NORM_OUT_DIGITS, or more where its
                          last digit 5 would round elsewhere than the tables' two decimals */
    double out;        /* (x − mean) ÷ std × gain + bias of the printed numbers, rounded */
    double value;      /* the pass's ln1[j] */
    bool same;         /* out is the pass's ln1[j] rounded: false, the screen says ≈ */
} TransformerNormCheck;

#define TRANSFORMER_NORM_DIGITS 4       /* the fewest decimals of the LN₁ check's operands */
#define TRANSFORMER_NORM_OUT_DIGITS 3   /* decimals of its result, ln1[j] */

/* Fills c for row t, column j of layer l's LN₁. Returns 0, or -1 for a bad index. */
int transformer_check_norm(const TransformerTrace *tr, int l, int t, int j, TransformerNormCheck *c);

#endif
