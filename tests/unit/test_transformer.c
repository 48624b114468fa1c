/* test_transformer.c — unit tests for a layered model's forward pass, its K/V-cache step and
 * its backward pass (src/transformer.c, src/transformer_backward.c).
 * Owns: the gradient check of every tensor against central differences, the cache step equal to
 * the full pass bit for bit, a forward pass redone by hand, one AdamW step against its formula,
 * picking, the cache's counts and the heads' descriptions. Must not touch: files, the terminal. */
#include <stdarg.h>
#include <stddef.h>
#include <setjmp.h>
#include <stdint.h>
#include <cmocka.h>

#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "format.h"
#include "model.h"
#include "sqrtd.h"
#include "transformer.h"
#include "transformer_backward.h"

/* ---------------------------------------------------------------- a small random model */

/* A layered model of the small shape with random numbers of size `scale` (LN gains 1 ± scale),
 * vocabulary "a", "b", … */
static void random_model(Model *m, int vocab, int d, int layers, int heads, int context, bool learned,
                         uint64_t seed, double scale)
{
    assert_int_equal(model_alloc_layered(m, vocab, d, layers, heads, context, 4 * d, learned), 0);
    for (int i = 0; i < vocab; i++)
        snprintf(m->vocab[i], TEXT_CHAR_BYTES, "%c", 'a' + i);
    SqrtdRng rng = sqrtd_rng(seed);
    for (size_t i = 0; i < m->param_count; i++)
        m->params[i] = scale * sqrtd_rng_normal(&rng);
    for (int l = 0; l < layers; l++)
        for (int i = 0; i < d; i++) {
            m->layer[l].ln1_gain[i] += 1.0;
            m->layer[l].ln2_gain[i] += 1.0;
        }
    for (int i = 0; i < d; i++)
        m->lnf_gain[i] += 1.0;
    snprintf(m->sentence, sizeof m->sentence, "abc");
}

/* The loss of the line ids → targets (weight 1) for the model's current numbers. */
static double line_loss(TransformerTrace *tr, const int *ids, const int *targets, int T)
{
    assert_int_equal(transformer_forward(tr, ids, T), 0);
    double loss = 0.0;
    for (int t = 0; t < T; t++)
        if (targets[t] >= 0)
            loss -= log(TRANSFORMER_ROW(tr->probs, t, tr->vocab)[targets[t]]);
    return loss;
}

/* ---------------------------------------------------------------- the gradient check */

/* Every number of every tensor: the analytic gradient against (L(θ + h) − L(θ − h)) / 2h,
 * |analytic − numeric| ≤ 1e-6 · max(1e-3, |analytic|, |numeric|), h = 1e-5. */
static void check_gradients(bool learned)
{
    Model m, g;
    random_model(&m, 20, 16, 2, 2, 8, learned, 7, 0.3);
    TransformerTrace tr;
    TransformerGrad scratch;
    assert_int_equal(transformer_trace_init(&tr, &m), 0);
    assert_int_equal(transformer_grad_init(&scratch, &m), 0);
    double *gblock = calloc(m.param_count, sizeof *gblock);
    assert_non_null(gblock);
    g = m;
    model_layout(&g, gblock, learned);
    int ids[8] = { 3, 1, 4, 1, 5, 9, 2, 6 }, targets[8] = { 1, 4, 1, 5, 9, 2, 6, -1 };
    line_loss(&tr, ids, targets, 8);
    transformer_backward(&tr, targets, 1.0, &scratch, &g);
    const double h = 1e-5;
    int checked = 0, worst = -1;
    double worst_ratio = 0.0;
    for (size_t i = 0; i < m.param_count; i++) {
        double keep = m.params[i];
        m.params[i] = keep + h;
        double up = line_loss(&tr, ids, targets, 8);
        m.params[i] = keep - h;
        double down = line_loss(&tr, ids, targets, 8);
        m.params[i] = keep;
        double numeric = (up - down) / (2 * h), analytic = gblock[i];
        double scale = fmax(1e-3, fmax(fabs(analytic), fabs(numeric)));
        double ratio = fabs(analytic - numeric) / (1e-6 * scale);
        if (ratio > worst_ratio) {
            worst_ratio = ratio;
            worst = (int)i;
        }
        checked++;
    }
    if (worst_ratio > 1.0)
        fail_msg("parameter %d: analytic %.12g, off by %.3g of the tolerance", worst, gblock[worst], worst_ratio);
    assert_int_equal(checked, (int)m.param_count);
    free(gblock);
    transformer_grad_free(&scratch);
    transformer_trace_free(&tr);
    model_free(&m);
}

static void test_gradient_check(void **state)
{
    (void)state;
    check_gradients(false);
}

static void test_gradient_check_learned_position(void **state)
{
    (void)state;
    check_gradients(true);
}

/* Gradients add up: two lines with weight ½ give the sum of each with ½. */
static void test_gradients_add(void **state)
{
    (void)state;
    Model m;
    random_model(&m, 12, 8, 1, 2, 6, false, 3, 0.2);
    TransformerTrace tr;
    TransformerGrad scratch;
    assert_int_equal(transformer_trace_init(&tr, &m), 0);
    assert_int_equal(transformer_grad_init(&scratch, &m), 0);
    double *both = calloc(m.param_count, sizeof *both), *one = calloc(m.param_count, sizeof *one);
    Model gb = m, g1 = m;
    model_layout(&gb, both, false);
    model_layout(&g1, one, false);
    int a[4] = { 1, 2, 3, 4 }, at[4] = { 2, 3, 4, 5 }, b[3] = { 7, 8, 9 }, bt[3] = { 8, 9, 0 };
    transformer_forward(&tr, a, 4);
    transformer_backward(&tr, at, 0.5, &scratch, &gb);
    transformer_forward(&tr, b, 3);
    transformer_backward(&tr, bt, 0.5, &scratch, &gb);
    transformer_forward(&tr, a, 4);
    transformer_backward(&tr, at, 0.5, &scratch, &g1);
    double *second = calloc(m.param_count, sizeof *second);
    Model g2 = m;
    model_layout(&g2, second, false);
    transformer_forward(&tr, b, 3);
    transformer_backward(&tr, bt, 0.5, &scratch, &g2);
    for (size_t i = 0; i < m.param_count; i++)
        assert_true(fabs(both[i] - (one[i] + second[i])) <= 1e-15 * (1.0 + fabs(both[i])));
    free(both);
    free(one);
    free(second);
    transformer_grad_free(&scratch);
    transformer_trace_free(&tr);
    model_free(&m);
}

/* ---------------------------------------------------------------- the K/V cache */

/* Appending character by character gives the full pass's numbers bit for bit, row for row. */
static void test_append_equals_forward(void **state)
{
    (void)state;
    Model m;
    random_model(&m, 30, 16, 3, 4, 13, false, 11, 0.3);
    TransformerTrace full, grown;
    assert_int_equal(transformer_trace_init(&full, &m), 0);
    assert_int_equal(transformer_trace_init(&grown, &m), 0);
    int ids[13];
    for (int t = 0; t < 13; t++)
        ids[t] = (t * 7 + 3) % 30;
    assert_int_equal(transformer_forward(&full, ids, 13), 0);
    for (int t = 0; t < 13; t++)
        assert_int_equal(transformer_append(&grown, ids[t]), 0);
    assert_int_equal(transformer_append(&grown, 0), -1);   /* the context is full */
    assert_int_equal(grown.T, 13);
    /* every array of the trace, whole: the same layout, so the same bytes */
    size_t c = 13, d = 16, sq = 4 * c * c;
    for (int l = 0; l < 3; l++) {
        const TransformerLayer *a = &full.layer[l], *b = &grown.layer[l];
        assert_memory_equal(a->input, b->input, c * d * sizeof(double));
        assert_memory_equal(a->ln1_mean, b->ln1_mean, c * sizeof(double));
        assert_memory_equal(a->ln1_std, b->ln1_std, c * sizeof(double));
        assert_memory_equal(a->ln1_out, b->ln1_out, c * d * sizeof(double));
        assert_memory_equal(a->q, b->q, c * d * sizeof(double));
        assert_memory_equal(a->k, b->k, c * d * sizeof(double));
        assert_memory_equal(a->v, b->v, c * d * sizeof(double));
        assert_memory_equal(a->scores, b->scores, sq * sizeof(double));
        assert_memory_equal(a->shares, b->shares, sq * sizeof(double));
        assert_memory_equal(a->heads, b->heads, c * d * sizeof(double));
        assert_memory_equal(a->resid, b->resid, c * d * sizeof(double));
        assert_memory_equal(a->mlp_act, b->mlp_act, c * 64 * sizeof(double));
        assert_memory_equal(a->output, b->output, c * d * sizeof(double));
    }
    assert_memory_equal(full.lnf_out, grown.lnf_out, c * d * sizeof(double));
    assert_memory_equal(full.logits, grown.logits, c * 30 * sizeof(double));
    assert_memory_equal(full.probs, grown.probs, c * 30 * sizeof(double));
    transformer_trace_free(&full);
    transformer_trace_free(&grown);
    model_free(&m);
}

/* ---------------------------------------------------------------- the forward pass by hand */

/* One layer, one head, d = 2, two characters: every number recomputed from the formulas. */
static void test_forward_by_hand(void **state)
{
    (void)state;
    Model m;
    random_model(&m, 3, 2, 1, 1, 4, false, 5, 0.5);
    TransformerTrace tr;
    assert_int_equal(transformer_trace_init(&tr, &m), 0);
    int ids[2] = { 2, 0 };
    assert_int_equal(transformer_forward(&tr, ids, 2), 0);
    const ModelLayer *W = &m.layer[0];
    double x[2][2], ln[2][2], q[2][2], k[2][2], v[2][2];
    for (int t = 0; t < 2; t++) {
        for (int i = 0; i < 2; i++)
            x[t][i] = m.embedding[ids[t] * 2 + i] + (i == 0 ? sin(t) : cos(t));
        double mean = (x[t][0] + x[t][1]) / 2;
        double var = ((x[t][0] - mean) * (x[t][0] - mean) + (x[t][1] - mean) * (x[t][1] - mean)) / 2;
        assert_true(fabs(tr.layer[0].ln1_var[t] - var) < 1e-15);
        for (int i = 0; i < 2; i++)
            ln[t][i] = W->ln1_gain[i] * (x[t][i] - mean) / sqrt(var + 1e-5) + W->ln1_bias[i];
        for (int j = 0; j < 2; j++) {
            q[t][j] = W->bq[j] + ln[t][0] * W->wq[j] + ln[t][1] * W->wq[2 + j];
            k[t][j] = W->bk[j] + ln[t][0] * W->wk[j] + ln[t][1] * W->wk[2 + j];
            v[t][j] = W->bv[j] + ln[t][0] * W->wv[j] + ln[t][1] * W->wv[2 + j];
            assert_true(fabs(tr.layer[0].q[t * 2 + j] - q[t][j]) < 1e-12);
        }
    }
    /* row 1 looks at rows 0 and 1; row 0 at itself only */
    double s0 = (q[1][0] * k[0][0] + q[1][1] * k[0][1]) / sqrt(2.0);
    double s1 = (q[1][0] * k[1][0] + q[1][1] * k[1][1]) / sqrt(2.0);
    double p0 = 1.0 / (1.0 + exp(s1 - s0));
    assert_true(fabs(TRANSFORMER_CELL(&tr, tr.layer[0].shares, 0, 1, 0) - p0) < 1e-12);
    assert_true(TRANSFORMER_CELL(&tr, tr.layer[0].shares, 0, 0, 0) == 1.0);
    assert_true(TRANSFORMER_CELL(&tr, tr.layer[0].shares, 0, 0, 1) == 0.0);
    double head = p0 * v[0][1] + (1 - p0) * v[1][1];
    assert_true(fabs(tr.layer[0].heads[3] - head) < 1e-12);
    double pre = tr.layer[0].mlp_pre[5];
    assert_true(fabs(tr.layer[0].mlp_act[5] - 0.5 * pre * (1 + erf(pre / sqrt(2.0)))) < 1e-15);
    double sum = 0.0;
    for (int c = 0; c < 3; c++)
        sum += tr.probs[3 + c];
    assert_true(fabs(sum - 1.0) < 1e-15);
    char err[128];
    assert_int_equal(transformer_check_finite(&tr, err, sizeof err), 0);
    transformer_trace_free(&tr);
    model_free(&m);
}

/* The terms a screen prints add up, in order, to the very numbers of the pass. */
static void test_explain(void **state)
{
    (void)state;
    Model m;
    random_model(&m, 12, 16, 2, 2, 8, false, 13, 0.4);
    TransformerTrace tr;
    assert_int_equal(transformer_trace_init(&tr, &m), 0);
    int ids[5] = { 1, 5, 2, 7, 3 };
    transformer_forward(&tr, ids, 5);
    ExplainTerm terms[16];
    double bias;
    assert_int_equal(transformer_explain_projection(&tr, 1, ROLE_K, 3, 9, terms, &bias), 16);
    double sum = bias;
    for (int i = 0; i < 16; i++)
        sum += terms[i].a * terms[i].b;
    assert_true(sum == tr.layer[1].k[3 * 16 + 9]);
    assert_int_equal(transformer_explain_score(&tr, 1, 1, 4, 2, terms), 8);
    sum = 0.0;
    for (int i = 0; i < 8; i++)
        sum += terms[i].a * terms[i].b;
    assert_true(sum == TRANSFORMER_CELL(&tr, tr.layer[1].scores, 1, 4, 2));
    assert_int_equal(transformer_explain_score(&tr, 1, 1, 2, 4, terms), 0);   /* masked */
    assert_int_equal(transformer_explain_head(&tr, 0, 1, 3, 5, terms), 4);
    sum = 0.0;
    for (int s = 0; s < 4; s++)
        sum += terms[s].a * terms[s].b;
    assert_true(sum == tr.layer[0].heads[3 * 16 + 8 + 5]);
    assert_int_equal(transformer_explain_head(&tr, 2, 0, 0, 0, terms), 0);
    transformer_trace_free(&tr);
    model_free(&m);
}

/* ---------------------------------------------------------------- AdamW */

static void test_adamw_formula(void **state)
{
    (void)state;
    double p[3] = { 0.5, -1.0, 2.0 }, g[3] = { 0.1, -0.2, 0.0 }, mm[3] = { 0.01, 0.0, -0.3 },
           vv[3] = { 0.001, 0.0, 0.04 };
    AdamWStep s = { .lr = 3e-3, .beta1 = 0.9, .beta2 = 0.999, .eps = 1e-8, .decay = 0.01, .step = 3 };
    double want[3];
    for (int i = 0; i < 3; i++) {
        double pi = p[i] * (1 - 3e-3 * 0.01);
        double mi = 0.9 * mm[i] + 0.1 * g[i], vi = 0.999 * vv[i] + 0.001 * g[i] * g[i];
        double mhat_step = 3e-3 / (1 - pow(0.9, 3));
        want[i] = pi - mhat_step * mi / (sqrt(vi) / sqrt(1 - pow(0.999, 3)) + 1e-8);
    }
    transformer_adamw(p, g, mm, vv, 3, &s);
    for (int i = 0; i < 3; i++)
        assert_true(fabs(p[i] - want[i]) <= 1e-15 * fabs(want[i]));
    assert_true(mm[1] == (1.0 - 0.9) * -0.2);
}

/* ---------------------------------------------------------------- picking */

static void test_pick_and_top(void **state)
{
    (void)state;
    Model m;
    random_model(&m, 10, 8, 1, 2, 8, false, 21, 1.0);
    TransformerTrace tr;
    assert_int_equal(transformer_trace_init(&tr, &m), 0);
    assert_int_equal(transformer_pick(&tr, 0.0, NULL, NULL), -1);
    int ids[3] = { 1, 2, 3 };
    transformer_forward(&tr, ids, 3);
    double p;
    int best = transformer_pick(&tr, 0.0, NULL, &p);
    int top[10];
    double tp[10];
    assert_int_equal(transformer_top(&tr, 0.0, 10, top, tp), 10);
    assert_int_equal(top[0], best);
    assert_true(fabs(tp[0] - p) < 1e-15);
    for (int i = 1; i < 10; i++)
        assert_true(tp[i] <= tp[i - 1]);
    /* sampling: the same seed, the same characters; a near-zero temperature is greedy */
    SqrtdRng a = sqrtd_rng(9), b = sqrtd_rng(9);
    for (int i = 0; i < 20; i++)
        assert_int_equal(transformer_pick(&tr, 1.0, &a, NULL), transformer_pick(&tr, 1.0, &b, NULL));
    assert_int_equal(transformer_pick(&tr, 1e-6, &a, NULL), best);
    /* a character not in the vocabulary is named */
    char err[256];
    int out[8];
    assert_int_equal(transformer_ids(&m, "ab", out, 8, LANG_EN, err, sizeof err), 2);
    assert_int_equal(out[1], 1);
    assert_int_equal(transformer_ids(&m, "az", out, 8, LANG_EN, err, sizeof err), -1);
    assert_string_equal(err, "\"z\" (U+007A, character 2) is not in the model's vocabulary of 10 characters");
    assert_int_equal(transformer_ids(&m, "abcdefghi", out, 8, LANG_EN, err, sizeof err), -1);
    assert_string_equal(err, "longer than 8 characters, the model's context");
    transformer_trace_free(&tr);
    model_free(&m);
}

/* ---------------------------------------------------------------- the cache's counts */

static void test_cache_counts(void **state)
{
    (void)state;
    Model m = { .d = 32, .heads = 4, .layers = 2, .context = 64 };
    TransformerCacheCounts c = transformer_cache_step(&m, 6);
    assert_int_equal(c.with_cache, 32 * 96 + 4 * 2 * 8 * 6 + 32 * 32);
    assert_int_equal(c.without_cache, 6 * (32 * 96 + 32 * 32) + 4 * 2 * 8 * 6 * 7 / 2);
    assert_int_equal(c.bytes_f64, 2 * 32 * 6 * 8);
    assert_int_equal(c.bytes_f16, 2 * 32 * 6 * 2);
    TransformerCacheCounts total = transformer_cache_total(&m, 3);
    int64_t with = 0, without = 0;
    for (int t = 1; t <= 3; t++) {
        with += transformer_cache_step(&m, t).with_cache;
        without += transformer_cache_step(&m, t).without_cache;
    }
    assert_int_equal(total.with_cache, with);
    assert_int_equal(total.without_cache, without);
    assert_int_equal(total.bytes_f64, 2 * 32 * 3 * 8);
    /* the parts a screen multiplies out */
    assert_int_equal(c.qkv, 32 * 96);
    assert_int_equal(c.attend, 4 * 2 * 8 * 6);
    assert_int_equal(c.wo, 32 * 32);
    assert_int_equal(c.attend_all, 4 * 2 * 8 * 6 * 7 / 2);
}

/* The scale screen's real model: 28 query heads of 128 sharing 4 K/V heads, d 3584. Its Q, K, V
 * row is realmodel's 16 515 072 weights; its cache keeps 2 · 512 numbers a character. */
static void test_cache_counts_grouped(void **state)
{
    (void)state;
    TransformerCacheShape real = { .d = 3584, .heads = 28, .dh = 128, .kv_heads = 4 };
    TransformerCacheCounts c = transformer_cache_step_shape(&real, 12);
    assert_int_equal(c.qkv, 16515072);
    assert_int_equal(c.attend, 28 * 2 * 128 * 12);
    assert_int_equal(c.wo, 3584LL * 3584);
    assert_int_equal(c.with_cache, 16515072 + 28 * 2 * 128 * 12 + 3584LL * 3584);
    assert_int_equal(c.without_cache, 12 * (16515072 + 3584LL * 3584) + 28 * 2 * 128 * 78);
    assert_int_equal(c.bytes_f16, 2 * 512 * 12 * 2);
    assert_int_equal(c.bytes_f64, 2 * 512 * 12 * 8);
    TransformerCacheCounts total = transformer_cache_total_shape(&real, 2);
    assert_int_equal(total.with_cache, transformer_cache_step_shape(&real, 1).with_cache +
                                           transformer_cache_step_shape(&real, 2).with_cache);
    assert_int_equal(total.without_cache, transformer_cache_step_shape(&real, 1).without_cache +
                                              transformer_cache_step_shape(&real, 2).without_cache);
}

/* ---------------------------------------------------------------- what a head learned */

static void test_head_describe(void **state)
{
    (void)state;
    Model m;
    random_model(&m, 5, 4, 1, 4, 4, false, 1, 0.1);
    char buf[128];
    assert_int_equal(transformer_head_describe(&m, 0, 0, LANG_EN, buf, sizeof buf), -1);
    m.head_stats = calloc(4 * MODEL_STATS_COLS(4), sizeof(double));
    double rows[4][7] = {
        { 0.5, 0.1, 0.05, 0.2, 0.712, 0.05, 0.0 },   /* the character before */
        { 1.93, 0.2, 0.1, 0.25, 0.1, 0.29, 0.1 },    /* nothing reaches 30% */
        { 0.9, 0.38, 0.1, 0.3, 0.1, 0.1, 0.0 },      /* one line up */
        { 0.1, 0.0, 0.2, 0.9, 0.0, 0.0, 0.31 },      /* itself */
    };
    memcpy(m.head_stats, rows, sizeof rows);
    assert_int_equal(transformer_head_describe(&m, 0, 0, LANG_EN, buf, sizeof buf), 0);
    assert_string_equal(buf, "looks at the character before: 71.2%");
    transformer_head_describe(&m, 0, 1, LANG_EN, buf, sizeof buf);
    assert_string_equal(buf, "spreads over the line (entropy 1.93 nats)");
    transformer_head_describe(&m, 0, 1, LANG_ZH, buf, sizeof buf);
    assert_string_equal(buf, "分散在整行上（熵 1.93 奈特）");
    transformer_head_describe(&m, 0, 2, LANG_EN, buf, sizeof buf);
    assert_string_equal(buf, "looks at the same place one line up: 38.0%");
    transformer_head_describe(&m, 0, 2, LANG_ZH, buf, sizeof buf);
    assert_string_equal(buf, "看上一行同一位置的字：38.0%");
    transformer_head_describe(&m, 0, 3, LANG_EN, buf, sizeof buf);
    assert_string_equal(buf, "looks at itself: 90.0%");
    rows[3][3] = 0.0;
    memcpy(m.head_stats, rows, sizeof rows);
    transformer_head_describe(&m, 0, 3, LANG_ZH, buf, sizeof buf);
    assert_string_equal(buf, "看往前第 3 个字：31.0%");
    rows[3][2] = 0.487;
    memcpy(m.head_stats, rows, sizeof rows);
    transformer_head_describe(&m, 0, 3, LANG_EN, buf, sizeof buf);
    assert_string_equal(buf, "looks at the first character: 48.7%");
    transformer_head_describe(&m, 0, 3, LANG_ZH, buf, sizeof buf);
    assert_string_equal(buf, "看第一个字：48.7%");
    assert_int_equal(transformer_head_describe(&m, 1, 0, LANG_EN, buf, sizeof buf), -1);
    model_free(&m);
}

/* LN₁ as a hand check: every printed result redone from the printed operands; the column's
 * result is the pass's at its decimals and at the tables' two, for every row and column of
 * both layers of a random model; bad indices refused. */
static void test_check_norm(void **state)
{
    (void)state;
    Model m;
    random_model(&m, 20, 16, 2, 2, 8, false, 11, 0.8);
    TransformerTrace tr;
    assert_int_equal(transformer_trace_init(&tr, &m), 0);
    int ids[8] = { 3, 1, 4, 1, 5, 9, 2, 6 };
    assert_int_equal(transformer_forward(&tr, ids, 8), 0);
    int grown = 0;
    for (int l = 0; l < 2; l++)
        for (int t = 0; t < 8; t++)
            for (int j = 0; j < 16; j++) {
                TransformerNormCheck c;
                assert_int_equal(transformer_check_norm(&tr, l, t, j, &c), 0);
                const double *x = TRANSFORMER_ROW(tr.layer[l].input, t, 16);
                int n = c.digits;
                assert_true(n >= TRANSFORMER_NORM_DIGITS && n <= TRANSFORMER_NORM_DIGITS + 3);
                grown += n > TRANSFORMER_NORM_DIGITS;
                assert_int_equal(c.d, 16);
                if (!c.same) print_message("l %d t %d j %d: out %.9f value %.12f digits %d\n", l, t, j, c.out, c.value, c.digits);
                assert_true(c.same);
                assert_true(format_same_shown(c.x, x[j], n));
                assert_true(c.mean == format_round(c.sum / 16, n));
                assert_true(format_same_shown(c.mean, tr.layer[l].ln1_mean[t], n));
                assert_true(c.var == format_round(c.sq_sum / 16, n));
                assert_true(c.std == format_round(sqrt(c.var + 1e-5), n));
                assert_true(c.gain == format_round(m.layer[l].ln1_gain[j], n));
                assert_true(c.bias == format_round(m.layer[l].ln1_bias[j], n));
                double redone = format_round((c.x - c.mean) / c.std * c.gain + c.bias, c.out_digits);
                assert_true(c.out == redone);
                assert_true(format_same_shown(c.out, TRANSFORMER_ROW(tr.layer[l].ln1_out, t, 16)[j], c.out_digits));
                assert_true(format_same_shown(c.out, TRANSFORMER_ROW(tr.layer[l].ln1_out, t, 16)[j], 2));
            }
    print_message("LN₁ checks needing more than %d decimals: %d of 256\n", TRANSFORMER_NORM_DIGITS, grown);
    TransformerNormCheck c;
    assert_int_equal(transformer_check_norm(&tr, 2, 0, 0, &c), -1);
    assert_int_equal(transformer_check_norm(&tr, 0, 8, 0, &c), -1);
    assert_int_equal(transformer_check_norm(&tr, 0, 0, 16, &c), -1);
    assert_int_equal(transformer_check_norm(&tr, -1, 0, 0, &c), -1);
    transformer_trace_free(&tr);
    model_free(&m);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_gradient_check),
        cmocka_unit_test(test_gradient_check_learned_position),
        cmocka_unit_test(test_gradients_add),
        cmocka_unit_test(test_append_equals_forward),
        cmocka_unit_test(test_forward_by_hand),
        cmocka_unit_test(test_explain),
        cmocka_unit_test(test_adamw_formula),
        cmocka_unit_test(test_pick_and_top),
        cmocka_unit_test(test_cache_counts),
        cmocka_unit_test(test_cache_counts_grouped),
        cmocka_unit_test(test_head_describe),
        cmocka_unit_test(test_check_norm),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
