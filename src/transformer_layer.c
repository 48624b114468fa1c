/* transformer_layer.c — one layer of a layered model's pass presented as the lesson's pass
 * (engine.h's Trace), so that the lesson's screens draw a chosen head of a real model with
 * their own hand checks: x is the layer's LN₁ output, Q, K, V carry the layer's biases, the
 * heads are the layer's, the mask is causal.
 * Owns: copying a TransformerTrace's layer into a Trace (with the layer's input rows and
 * LN₁'s statistics, for the hand check of x) (and the raw scores the causal mask
 * hides, which the lesson's pass keeps too). Must not touch: the forward pass itself
 * (transformer.c), the terminal, formatting. */
#include "transformer.h"

#include <math.h>
#include <stdio.h>
#include <string.h>
#include "engine.h"

/* Copies T rows of width d from a cap-row array. */
static void copy_rows(double *dst, const double *src, int T, int d)
{
    memcpy(dst, src, (size_t)T * (size_t)d * sizeof *dst);
}

/* Head h's tables: the trace's cells for s ≤ t, and for s > t (masked) the raw Q·K and its
 * ÷√dh, which the lesson's pass keeps where the mask hides them. */
static void copy_head_tables(Trace *out, const TransformerTrace *pt, const TransformerLayer *L, int h)
{
    int T = out->T, dh = out->dh;
    for (int t = 0; t < T; t++)
        for (int s = 0; s < T; s++) {
            if (s <= t) {
                TRACE_HSQ(out, scores, h, t, s) = TRANSFORMER_CELL(pt, L->scores, h, t, s);
                TRACE_HSQ(out, scaled, h, t, s) = TRANSFORMER_CELL(pt, L->scaled, h, t, s);
                TRACE_HSQ(out, weights, h, t, s) = TRANSFORMER_CELL(pt, L->shares, h, t, s);
                continue;
            }
            const double *q = TRACE_ROW(out, q, t) + h * dh, *k = TRACE_ROW(out, k, s) + h * dh;
            double sum = 0.0;
            for (int i = 0; i < dh; i++)
                sum += q[i] * k[i];
            TRACE_HSQ(out, scores, h, t, s) = sum;
            TRACE_HSQ(out, scaled, h, t, s) = sum / out->scale;
            TRACE_HSQ(out, weights, h, t, s) = 0.0;
        }
}

int transformer_layer_trace(const TransformerTrace *pt, int layer, Lang lang, Trace *out)
{
    memset(out, 0, sizeof *out);
    const Model *m = pt->model;
    if (!m || layer < 0 || layer >= pt->layers || pt->T < 1 || pt->T > MODEL_MAX_TOKENS)
        return -1;
    out->model = m;
    out->T = pt->T;
    out->d = pt->d;
    out->heads = pt->heads;
    out->dh = pt->dh;
    out->mask = MASK_CAUSAL;
    out->lang = lang == LANG_ZH ? LANG_ZH : LANG_EN;
    out->scale = pt->scale;
    out->predicted = -1;
    out->layered = true;
    out->layer = layer;
    const ModelLayer *W = &m->layer[layer];
    out->w_of[ROLE_Q] = W->wq;
    out->w_of[ROLE_K] = W->wk;
    out->w_of[ROLE_V] = W->wv;
    out->b_of[ROLE_Q] = W->bq;
    out->b_of[ROLE_K] = W->bk;
    out->b_of[ROLE_V] = W->bv;
    out->ln_gain = W->ln1_gain;
    out->ln_bias = W->ln1_bias;
    for (int t = 0; t < pt->T; t++) {
        out->ids[t] = pt->ids[t];
        snprintf(out->tokens[t], sizeof out->tokens[t], "%s", m->vocab[pt->ids[t]]);
    }
    if (engine_trace_allocate(out) != 0)   /* the model has no readout: none laid out */
        return -1;
    const TransformerLayer *L = &pt->layer[layer];
    copy_rows(out->embedding, pt->embedding, pt->T, pt->d);
    copy_rows(out->position, pt->position, pt->T, pt->d);
    copy_rows(out->input, L->input, pt->T, pt->d);
    copy_rows(out->x, L->ln1_out, pt->T, pt->d);
    memcpy(out->ln_mean, L->ln1_mean, (size_t)pt->T * sizeof *out->ln_mean);
    memcpy(out->ln_var, L->ln1_var, (size_t)pt->T * sizeof *out->ln_var);
    memcpy(out->ln_std, L->ln1_std, (size_t)pt->T * sizeof *out->ln_std);
    copy_rows(out->q, L->q, pt->T, pt->d);
    copy_rows(out->k, L->k, pt->T, pt->d);
    copy_rows(out->v, L->v, pt->T, pt->d);
    copy_rows(out->output, L->heads, pt->T, pt->d);
    for (int h = 0; h < out->heads; h++)
        copy_head_tables(out, pt, L, h);
    for (int t = 0; t < out->T; t++)   /* lesson 4's table: word vector · word vector */
        for (int s = 0; s < out->T; s++)
            TRACE_SQ(out, similarity, t, s) = engine_vocab_similarity(m, out->ids[t], out->ids[s]);
    return 0;
}
