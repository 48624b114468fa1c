/* test_engine.c — unit tests of the forward pass on small models built in memory.
 * Covers: shapes, softmax rows, shift invariance, asymmetry, a 2×2 case worked by
 * hand, huge scores, T = 1, d = 1, the explain helpers; lesson 7's causal mask and two
 * heads on the built-in model, recomputed independently; the similarity table, sort
 * orders and partial sums; the hand checks that hold as printed (check.h). */
#include <stdarg.h>
#include <stddef.h>
#include <setjmp.h>
#include <stdint.h>
#include <cmocka.h>

#include <math.h>
#include <stdlib.h>
#include <string.h>
#include "check.h"
#include "engine.h"
#include "format.h"

/* ---------------------------------------------------------------- fixtures */

/* A model with vocabulary "ab", d = 2, built so that x(a) = (1, 0) at position 0
 * and x(b) = (0, 1) at position 1 (the fingerprints are subtracted out). */
typedef struct {
    Model m;                          /* the model under test */
    char vocab[2][TEXT_CHAR_BYTES];   /* its vocabulary */
    double emb[4], wq[4], wk[4], wv[4];
} TinyModel;

static void tiny_init(TinyModel *t)
{
    memset(t, 0, sizeof *t);
    strcpy(t->vocab[0], "a");
    strcpy(t->vocab[1], "b");
    /* x = emb + PE; PE(0) = (sin 0, cos 0) = (0, 1); PE(1) = (sin 1, cos 1) */
    double e[4] = { 1.0, -1.0, -sin(1.0), 1.0 - cos(1.0) };
    double wq[4] = { 1, 2, 0, 1 };      /* Q(a) = (1, 2), Q(b) = (0, 1) */
    double wk[4] = { 1, 0, 0, 1 };      /* K = x */
    double wv[4] = { 1, 2, 3, 4 };      /* V(a) = (1, 2), V(b) = (3, 4) */
    memcpy(t->emb, e, sizeof e);
    memcpy(t->wq, wq, sizeof wq);
    memcpy(t->wk, wk, sizeof wk);
    memcpy(t->wv, wv, sizeof wv);
    t->m.d = 2;
    t->m.vocab_size = 2;
    t->m.vocab = t->vocab;
    t->m.embedding = t->emb;
    t->m.wq = t->wq;
    t->m.wk = t->wk;
    t->m.wv = t->wv;
    strcpy(t->m.sentence, "ab");
}

/* A model of any d with pseudo-random values in [-1, 1], vocabulary "abcdefgh". */
typedef struct {
    Model m;
    char vocab[8][TEXT_CHAR_BYTES];
    double *values;
} RandomModel;

static void random_init(RandomModel *r, int d, double amplitude)
{
    memset(r, 0, sizeof *r);
    unsigned long long s = 0x9E3779B97F4A7C15ull;
    size_t n = (size_t)8 * d + 3 * (size_t)d * d;
    r->values = calloc(n, sizeof(double));
    for (size_t i = 0; i < n; i++) {
        s ^= s << 13; s ^= s >> 7; s ^= s << 17;
        r->values[i] = amplitude * ((double)(s % 2001) / 1000.0 - 1.0);
    }
    for (int i = 0; i < 8; i++) {
        r->vocab[i][0] = (char)('a' + i);
        r->vocab[i][1] = '\0';
    }
    r->m.d = d;
    r->m.vocab_size = 8;
    r->m.vocab = r->vocab;
    r->m.embedding = r->values;
    r->m.wq = r->values + 8 * d;
    r->m.wk = r->m.wq + (size_t)d * d;
    r->m.wv = r->m.wk + (size_t)d * d;
}


/* ---------------------------------------------------------------- tests */

static void test_two_by_two_by_hand(void **state)
{
    (void)state;
    TinyModel t;
    tiny_init(&t);
    Trace tr;
    char err[256];
    assert_int_equal(engine_forward(&t.m, "ab", &tr, err, sizeof err), 0);
    assert_int_equal(tr.T, 2);
    assert_int_equal(tr.d, 2);
    /* x is the identity, so Q = Wq, K = I, V = Wv */
    assert_true(fabs(tr.x[0] - 1.0) < 1e-12 && fabs(tr.x[1]) < 1e-12);
    assert_true(fabs(tr.x[2]) < 1e-12 && fabs(tr.x[3] - 1.0) < 1e-12);
    /* scores = Q·Kᵀ = [[1, 2], [0, 1]] */
    assert_true(fabs(tr.scores[0] - 1.0) < 1e-12);
    assert_true(fabs(tr.scores[1] - 2.0) < 1e-12);
    assert_true(fabs(tr.scores[2] - 0.0) < 1e-12);
    assert_true(fabs(tr.scores[3] - 1.0) < 1e-12);
    /* scaled by √2; both rows differ by 1/√2 between columns */
    double e = exp(1.0 / sqrt(2.0));
    double low = 1.0 / (1.0 + e), high = e / (1.0 + e);   /* 0.330 and 0.670 */
    assert_true(fabs(tr.scale - sqrt(2.0)) < 1e-15);
    assert_true(fabs(tr.weights[0] - low) < 1e-12);
    assert_true(fabs(tr.weights[1] - high) < 1e-12);
    assert_true(fabs(tr.weights[2] - low) < 1e-12);
    assert_true(fabs(tr.weights[3] - high) < 1e-12);
    /* output(a) = low·(1, 2) + high·(3, 4) */
    assert_true(fabs(tr.output[0] - (low * 1 + high * 3)) < 1e-12);
    assert_true(fabs(tr.output[1] - (low * 2 + high * 4)) < 1e-12);
    assert_true(fabs(tr.output[0] - 2.3396) < 1e-4);
    engine_free(&tr);
}

static void test_rows_sum_to_one_and_shapes(void **state)
{
    (void)state;
    RandomModel r;
    random_init(&r, 8, 1.0);
    Trace tr;
    char err[256];
    assert_int_equal(engine_forward(&r.m, "abcdefgh", &tr, err, sizeof err), 0);
    assert_int_equal(tr.T, 8);
    assert_int_equal(tr.d, 8);   /* [T, d] in, [T, d] out */
    for (int t = 0; t < tr.T; t++) {
        double sum = 0.0;
        for (int s = 0; s < tr.T; s++) {
            assert_true(TRACE_SQ(&tr, weights, t, s) > 0.0);
            sum += TRACE_SQ(&tr, weights, t, s);
        }
        assert_true(fabs(sum - 1.0) < 1e-12);
    }
    engine_free(&tr);
    free(r.values);
}

static void test_scores_not_symmetric(void **state)
{
    (void)state;
    RandomModel r;
    random_init(&r, 8, 1.0);
    Trace tr;
    char err[256];
    assert_int_equal(engine_forward(&r.m, "abcd", &tr, err, sizeof err), 0);
    int asymmetric = 0;
    for (int t = 0; t < tr.T; t++)
        for (int s = t + 1; s < tr.T; s++)
            if (fabs(TRACE_SQ(&tr, scores, t, s) - TRACE_SQ(&tr, scores, s, t)) > 1e-6)
                asymmetric++;
    assert_int_equal(asymmetric, 6);
    engine_free(&tr);
    free(r.values);
}

static void test_softmax_shift_invariant(void **state)
{
    (void)state;
    double row[4] = { 0.5, -1.25, 2.0, 0.0 }, shifted[4], a[4], b[4];
    for (int i = 0; i < 4; i++)
        shifted[i] = row[i] + 123.456;
    engine_softmax(row, a, 4);
    engine_softmax(shifted, b, 4);
    for (int i = 0; i < 4; i++)
        assert_true(fabs(a[i] - b[i]) < 1e-12);
    assert_true(a[2] > a[0] && a[0] > a[3] && a[3] > a[1]);   /* order kept */
}

static void test_huge_scores_no_overflow(void **state)
{
    (void)state;
    double row[3] = { 1e4, 1e4 - 1.0, -1e4 }, out[3];
    engine_softmax(row, out, 3);
    assert_false(isnan(out[0]) || isnan(out[1]) || isnan(out[2]));
    assert_true(fabs(out[0] - 1.0 / (1.0 + exp(-1.0))) < 1e-12);
    assert_true(out[2] == 0.0);
    /* and through the whole engine with big weights */
    RandomModel r;
    random_init(&r, 4, 100.0);
    Trace tr;
    char err[256];
    assert_int_equal(engine_forward(&r.m, "abc", &tr, err, sizeof err), 0);
    for (int i = 0; i < tr.T * tr.T; i++)
        assert_false(isnan(tr.weights[i]) || isinf(tr.weights[i]));
    for (int i = 0; i < tr.T * tr.d; i++)
        assert_false(isnan(tr.output[i]));
    engine_free(&tr);
    free(r.values);
}

/* The one softmax with a mask: the shift is the largest *visible* value. A hidden value far
 * above the rest (a masked score) must not be the shift (every exp would underflow to 0 and
 * the row would be 0/0), and values near the largest double must not overflow exp. The hand
 * check redoes the share from printed scores through the same shift. */
static void test_masked_softmax_no_overflow(void **state)
{
    (void)state;
    double row[4] = { 1e308, -1e308, 700.0, 701.0 }, out[4], exps[4], shift = 0.0;
    bool visible[4] = { false, true, true, true };
    engine_softmax_visible(row, visible, out, 4);
    double e = exp(-1.0);
    assert_true(out[0] == 0.0 && out[1] == 0.0);
    assert_true(fabs(out[2] - e / (1.0 + e)) < 1e-15);
    assert_true(fabs(out[3] - 1.0 / (1.0 + e)) < 1e-15);
    double sum = engine_softmax_exps(row, visible, exps, 4, &shift);
    assert_true(shift == 701.0);
    assert_true(exps[3] == 1.0 && exps[2] == e && exps[0] == 0.0);
    assert_true(sum == 1.0 + e);
    double huge[3] = { 1.7e308, 1.6e308, -1.7e308 };   /* exp of any of them is inf */
    engine_softmax(huge, out, 3);
    assert_true(out[0] == 1.0 && out[1] == 0.0 && out[2] == 0.0);
    CheckedShare c;
    bool all[4] = { true, true, true, true };
    double printed[4] = { 1000.0, 999.0, 998.0, -1000.0 };   /* exp(1000) overflows */
    check_share_printed(&c, printed, all, 4, 0, 4);
    assert_true(c.max == 1000.0);
    assert_true(c.exps[0] == 1.0 && c.exps[1] == 0.3679 && c.exps[2] == 0.1353 && c.exps[3] == 0.0);
    assert_true(fabs(c.sum - 1.5032) < 1e-12);
    assert_true(fabs(c.share - 1.0 / 1.5032) < 1e-12);
}

static void test_single_token(void **state)
{
    (void)state;
    RandomModel r;
    random_init(&r, 8, 1.0);
    Trace tr;
    char err[256];
    assert_int_equal(engine_forward(&r.m, "c", &tr, err, sizeof err), 0);
    assert_int_equal(tr.T, 1);
    assert_true(tr.weights[0] == 1.0);
    for (int j = 0; j < tr.d; j++)   /* a lone character takes all of its own V */
        assert_true(fabs(tr.output[j] - tr.v[j]) < 1e-12);
    engine_free(&tr);
    free(r.values);
}

static void test_dimension_one(void **state)
{
    (void)state;
    RandomModel r;
    random_init(&r, 1, 1.0);
    Trace tr;
    char err[256];
    assert_int_equal(engine_forward(&r.m, "ab", &tr, err, sizeof err), 0);
    assert_int_equal(tr.d, 1);
    assert_true(tr.scale == 1.0);
    /* d = 1: the fingerprint is sin(p) only */
    assert_true(fabs(tr.position[1] - sin(1.0)) < 1e-15);
    assert_true(fabs(tr.scores[1] - tr.q[0] * tr.k[1]) < 1e-12);
    engine_free(&tr);
    free(r.values);
}

static void test_position_fingerprint(void **state)
{
    (void)state;
    assert_true(engine_position(0, 0, 8) == 0.0);
    assert_true(engine_position(0, 1, 8) == 1.0);
    assert_true(fabs(engine_position(3, 2, 8) - sin(3.0 / pow(10000.0, 2.0 / 8.0))) < 1e-15);
    assert_true(fabs(engine_position(3, 3, 8) - cos(3.0 / pow(10000.0, 2.0 / 8.0))) < 1e-15);
}

static void test_explain_sums_match(void **state)
{
    (void)state;
    RandomModel r;
    random_init(&r, 8, 1.0);
    Trace tr;
    char err[256];
    assert_int_equal(engine_forward(&r.m, "hgfedc", &tr, err, sizeof err), 0);
    ExplainTerm terms[16];
    for (int role = ROLE_Q; role <= ROLE_V; role++) {
        int n = engine_explain_projection(&tr, (Role)role, 2, 5, terms);
        assert_int_equal(n, 8);
        double sum = 0;
        for (int i = 0; i < n; i++)
            sum += terms[i].a * terms[i].b;
        assert_true(fabs(sum - engine_projection(&tr, (Role)role)[2 * 8 + 5]) < 1e-12);
    }
    int n = engine_explain_score(&tr, 0, 1, 4, terms);
    double sum = 0;
    for (int i = 0; i < n; i++)
        sum += terms[i].a * terms[i].b;
    assert_true(fabs(sum - TRACE_SQ(&tr, scores, 1, 4)) < 1e-12);
    n = engine_explain_output(&tr, 3, 7, terms);
    assert_int_equal(n, 6);
    sum = 0;
    for (int i = 0; i < n; i++)
        sum += terms[i].a * terms[i].b;
    assert_true(fabs(sum - TRACE_ROW(&tr, output, 3)[7]) < 1e-12);
    double exps[16], total, max;
    double share = engine_explain_share(&tr, 0, 3, 2, exps, &total, &max);
    assert_true(fabs(share - TRACE_SQ(&tr, weights, 3, 2)) < 1e-12);
    assert_true(fabs(exps[2] / total - share) < 1e-12);
    int at_max = 0;
    for (int u = 0; u < 6; u++)
        at_max += exps[u] == 1.0;
    assert_true(at_max >= 1);
    engine_free(&tr);
    free(r.values);
}

static void test_cosine_and_closest(void **state)
{
    (void)state;
    double a[3] = { 1, 0, 0 }, b[3] = { 1, 1, 0 }, z[3] = { 0, 0, 0 };
    assert_true(fabs(engine_cosine(a, b, 3) - 1.0 / sqrt(2.0)) < 1e-15);
    assert_true(engine_cosine(a, z, 3) == 0.0);
    TinyModel t;
    tiny_init(&t);
    Trace tr;
    char err[256];
    assert_int_equal(engine_forward(&t.m, "ab", &tr, err, sizeof err), 0);
    double c;
    assert_int_equal(engine_closest_value(&tr, 0, &c), 1);   /* 67% of V(b) */
    assert_true(c > 0.99 && c <= 1.0);
    engine_free(&tr);
}

static void test_sentence_errors(void **state)
{
    (void)state;
    TinyModel t;
    tiny_init(&t);
    Trace tr;
    char err[256];
    assert_int_equal(engine_forward(&t.m, "", &tr, err, sizeof err), -1);
    assert_string_equal(err, "sentence is empty: give 1 to 16 characters");
    assert_int_equal(engine_forward(&t.m, "abababababababab a", &tr, err, sizeof err), -1);
    assert_string_equal(err, "sentence has 18 characters: at most 16 are allowed");
    assert_int_equal(engine_forward(&t.m, "abx", &tr, err, sizeof err), -1);
    assert_string_equal(err, "character 'x' is not in the vocabulary: a b");
    assert_int_equal(engine_forward(&t.m, "a\xff", &tr, err, sizeof err), -1);
    assert_string_equal(err, "sentence is not valid UTF-8");
    engine_free(&tr);   /* safe after a failure */
}


/* ---------------------------------------------------------------- lesson 7, orders, checks */

/* The built-in model on 三加五等于? with cfg (NULL: lesson 6). */
static void lesson_trace(Model *m, Trace *tr, const EngineConfig *cfg)
{
    char err[256];
    assert_int_equal(model_load_default(m, err, sizeof err), 0);
    assert_int_equal(engine_forward_with(m, m->sentence, cfg, tr, err, sizeof err), 0);
}

static void test_causal_mask_by_hand(void **state)
{
    (void)state;
    Model m;
    Trace plain, masked;
    char err[256];
    EngineConfig causal = { .mask = MASK_CAUSAL, .heads = 1 };
    lesson_trace(&m, &plain, NULL);
    assert_int_equal(engine_forward_with(&m, m.sentence, &causal, &masked, err, sizeof err), 0);
    for (int t = 0; t < 6; t++) {
        /* softmax over the first t+1 scaled scores, by hand */
        double max = -1e300, sum = 0.0, e[6];
        for (int s = 0; s <= t; s++)
            max = fmax(max, TRACE_SQ(&plain, scaled, t, s));
        for (int s = 0; s <= t; s++)
            sum += e[s] = exp(TRACE_SQ(&plain, scaled, t, s) - max);
        for (int s = 0; s < 6; s++) {
            assert_true(engine_visible(&masked, t, s) == (s <= t));
            double want = s <= t ? e[s] / sum : 0.0;
            assert_true(fabs(TRACE_SQ(&masked, weights, t, s) - want) < 1e-15);
            assert_true(fabs(engine_explain_share(&masked, 0, t, s, NULL, NULL, NULL) - want) < 1e-15);
        }
        assert_true(fabs(engine_row_total(&masked, 0, t) - 1.0) < 1e-12);
    }
    /* 三 sees only itself: 100 %; 等's row is the lesson's figure for the mask */
    assert_true(TRACE_SQ(&masked, weights, 0, 0) == 1.0);
    assert_int_equal((int)llround(TRACE_SQ(&masked, weights, 3, 1) * 1000), 628);
    assert_int_equal(engine_strongest(&masked, 0, 3), 1);
    assert_int_equal(engine_strongest(&masked, 0, 0), 0);
    engine_free(&plain);
    engine_free(&masked);
    model_free(&m);
}

/* What if on one score: Q(等)·K(加) 4.05 set to 6: 等's row of shares is softmax of the
 * row with 6 ÷ √8 in 加's place, by hand (加's share 52.4% → 68.7%); the row still sums to
 * 1; every other row, Q, K and V are the same numbers; 等's output follows its shares; the
 * comparison of a set cell outside the pass (a shorter sentence, head 2 of one) is ignored. */
static void test_score_set_by_hand(void **state)
{
    (void)state;
    Model m;
    Trace plain, set;
    char err[256];
    lesson_trace(&m, &plain, NULL);
    EngineConfig cfg = { .mask = MASK_NONE, .heads = 1,
                         .score = { .on = true, .head = 0, .row = 3, .col = 1, .value = 6.0 } };
    assert_int_equal(engine_forward_with(&m, m.sentence, &cfg, &set, err, sizeof err), 0);
    double was = 0.0;
    assert_true(engine_score_set(&set, 0, 3, 1, &was));
    assert_true(was == TRACE_SQ(&plain, scores, 3, 1));
    assert_int_equal((int)llround(was * 100), 405);
    assert_false(engine_score_set(&set, 0, 1, 3, NULL));   /* the mirror is Q(加)·K(等) still */
    assert_false(engine_score_set(&plain, 0, 3, 1, NULL));
    assert_true(engine_row_set(&set, 0, 3));
    assert_false(engine_row_set(&set, 0, 1));
    assert_true(TRACE_SQ(&set, scores, 3, 1) == 6.0);
    assert_true(TRACE_SQ(&set, scaled, 3, 1) == 6.0 / sqrt(8.0));
    /* 等's row by hand: the plain row's ÷√8 with 6 ÷ √8 for 加 */
    double row[6], max = -1e300, sum = 0.0, e[6];
    for (int s = 0; s < 6; s++) {
        row[s] = s == 1 ? 6.0 / sqrt(8.0) : TRACE_SQ(&plain, scaled, 3, s);
        max = fmax(max, row[s]);
    }
    for (int s = 0; s < 6; s++)
        sum += e[s] = exp(row[s] - max);
    double total = 0.0;
    for (int s = 0; s < 6; s++) {
        assert_true(fabs(TRACE_SQ(&set, weights, 3, s) - e[s] / sum) < 1e-15);
        assert_true(fabs(engine_explain_share(&set, 0, 3, s, NULL, NULL, NULL) - e[s] / sum) < 1e-15);
        total += TRACE_SQ(&set, weights, 3, s);
    }
    assert_true(fabs(total - 1.0) < 1e-12);
    assert_int_equal((int)llround(TRACE_SQ(&plain, weights, 3, 1) * 1000), 524);
    assert_int_equal((int)llround(TRACE_SQ(&set, weights, 3, 1) * 1000), 687);
    /* every other row, and Q, K, V, x: the same numbers, bit for bit */
    for (int t = 0; t < 6; t++)
        for (int s = 0; s < 6; s++)
            if (t != 3) {
                assert_true(TRACE_SQ(&set, scores, t, s) == TRACE_SQ(&plain, scores, t, s));
                assert_true(TRACE_SQ(&set, weights, t, s) == TRACE_SQ(&plain, weights, t, s));
            } else if (s != 1) {
                assert_true(TRACE_SQ(&set, scores, t, s) == TRACE_SQ(&plain, scores, t, s));
            }
    assert_memory_equal(set.q, plain.q, 48 * sizeof(double));
    assert_memory_equal(set.k, plain.k, 48 * sizeof(double));
    assert_memory_equal(set.v, plain.v, 48 * sizeof(double));
    for (int t = 0; t < 6; t++)
        for (int j = 0; j < 8; j++) {
            double want = 0.0;
            for (int s = 0; s < 6; s++)
                want += TRACE_SQ(&set, weights, t, s) * set.v[s * 8 + j];
            assert_true(fabs(set.output[t * 8 + j] - want) < 1e-15);
            if (t != 3)
                assert_true(set.output[t * 8 + j] == plain.output[t * 8 + j]);
        }
    /* the explanation still gives the Q·K terms: they add up to what it replaced */
    ExplainTerm terms[8];
    int n = engine_explain_score(&set, 0, 3, 1, terms);
    double dot = 0.0;
    for (int i = 0; i < n; i++)
        dot += terms[i].a * terms[i].b;
    assert_true(dot == was);
    engine_free(&set);
    /* a cell outside the pass is left out: position 7 of six characters, head 2 of one */
    cfg.score.row = 7;
    assert_int_equal(engine_forward_with(&m, m.sentence, &cfg, &set, err, sizeof err), 0);
    assert_false(set.score_set.on);
    assert_memory_equal(set.weights, plain.weights, 36 * sizeof(double));
    engine_free(&set);
    cfg.score.row = 3;
    cfg.score.head = 1;
    assert_int_equal(engine_forward_with(&m, m.sentence, &cfg, &set, err, sizeof err), 0);
    assert_false(set.score_set.on);
    engine_free(&set);
    engine_free(&plain);
    model_free(&m);
}

static void test_two_heads_by_hand(void **state)
{
    (void)state;
    Model m;
    Trace one, two;
    char err[256];
    EngineConfig heads = { .mask = MASK_NONE, .heads = 2 };
    lesson_trace(&m, &one, NULL);
    assert_int_equal(engine_forward_with(&m, m.sentence, &heads, &two, err, sizeof err), 0);
    assert_int_equal(two.heads, 2);
    assert_int_equal(two.dh, 4);
    assert_true(two.scale == 2.0);
    for (int h = 0; h < 2; h++)
        for (int t = 0; t < 6; t++) {
            double row[6], w[6];
            for (int s = 0; s < 6; s++) {
                double acc = 0.0;
                for (int i = 4 * h; i < 4 * h + 4; i++)
                    acc += TRACE_ROW(&one, q, t)[i] * TRACE_ROW(&one, k, s)[i];
                assert_true(fabs(TRACE_HSQ(&two, scores, h, t, s) - acc) < 1e-12);
                row[s] = acc / 2.0;
            }
            engine_softmax(row, w, 6);
            for (int s = 0; s < 6; s++)
                assert_true(fabs(TRACE_HSQ(&two, weights, h, t, s) - w[s]) < 1e-15);
            for (int j = 4 * h; j < 4 * h + 4; j++) {
                double acc = 0.0;
                for (int s = 0; s < 6; s++)
                    acc += w[s] * TRACE_ROW(&one, v, s)[j];
                assert_true(fabs(TRACE_ROW(&two, output, t)[j] - acc) < 1e-15);
                ExplainTerm terms[16];
                assert_int_equal(engine_explain_output(&two, t, j, terms), 6);
                assert_true(terms[2].a == TRACE_HSQ(&two, weights, h, t, 2));
            }
        }
    ExplainTerm terms[16];
    assert_int_equal(engine_explain_score(&two, 1, 3, 1, terms), 4);
    assert_true(terms[0].a == TRACE_ROW(&two, q, 3)[4]);
    /* the refitted model's two heads look in different places (docs/lesson-model.md) */
    assert_int_equal(engine_strongest(&two, 0, 4), 5);   /* 于, head 1: ? */
    assert_int_equal(engine_strongest(&two, 1, 4), 3);   /* 于, head 2: 等 */
    EngineConfig bad = { .mask = MASK_NONE, .heads = 3 };
    Trace none;
    assert_int_equal(engine_forward_with(&m, m.sentence, &bad, &none, err, sizeof err), -1);
    assert_string_equal(err, "3 heads need a width d divisible by 3 (d is 8)");
    EngineConfig bad_zh = { .mask = MASK_NONE, .heads = 3, .lang = LANG_ZH };   /* the same in Chinese */
    assert_int_equal(engine_forward_with(&m, m.sentence, &bad_zh, &none, err, sizeof err), -1);
    assert_string_equal(err, "3 个头要求宽度 d 能被 3 整除（d 是 8）");
    EngineConfig zh = { .mask = MASK_NONE, .heads = 1, .lang = LANG_ZH };
    assert_int_equal(engine_forward_with(&m, "", &zh, &none, err, sizeof err), -1);
    assert_string_equal(err, "句子是空的：请给 1 到 16 个字");
    assert_int_equal(engine_forward_with(&m, "三加五等于三加五等于三加五等于三加", &zh, &none, err, sizeof err), -1);
    assert_string_equal(err, "句子有 17 个字：最多只能有 16 个");
    engine_free(&one);
    engine_free(&two);
    model_free(&m);
}

static void test_similarity_orders_partials(void **state)
{
    (void)state;
    Model m;
    Trace tr;
    lesson_trace(&m, &tr, NULL);
    for (int t = 0; t < 6; t++)
        for (int s = 0; s < 6; s++) {
            ExplainTerm terms[8];
            double acc = 0.0;
            assert_int_equal(engine_explain_similarity(&tr, t, s, terms), 8);
            for (int i = 0; i < 8; i++)
                acc += terms[i].a * terms[i].b;
            assert_true(fabs(acc - TRACE_SQ(&tr, similarity, t, s)) < 1e-12);
            assert_true(TRACE_SQ(&tr, similarity, t, s) == TRACE_SQ(&tr, similarity, s, t));
        }
    int order[6];
    engine_share_order(&tr, 0, 3, order);      /* 等: 加 52.4, 三 19.6, ? 14.4, 五 10.1, 于, 等 */
    const int want[6] = { 1, 0, 5, 2, 4, 3 };
    for (int i = 0; i < 6; i++)
        assert_int_equal(order[i], want[i]);
    double part[8];
    engine_partial_output(&tr, 0, 3, order, 6, part);
    for (int j = 0; j < 8; j++)
        assert_true(fabs(part[j] - TRACE_ROW(&tr, output, 3)[j]) < 1e-15);
    engine_partial_output(&tr, 0, 3, order, 1, part);
    assert_true(fabs(part[0] - TRACE_SQ(&tr, weights, 3, 1) * TRACE_ROW(&tr, v, 1)[0]) < 1e-15);
    /* ? takes 82.9 % from 三, 加 and 五 together */
    assert_int_equal((int)llround(engine_share_of(&tr, 0, 5, 0x7) * 1000), 829);
    engine_free(&tr);
    model_free(&m);
}

static void test_checks_hold_as_printed(void **state)
{
    (void)state;
    Model m;
    Trace tr;
    lesson_trace(&m, &tr, NULL);
    ExplainTerm terms[8];
    CheckedSum c;
    int n = engine_explain_score(&tr, 0, 3, 1, terms);
    check_sum(&c, terms, n, 2, 2, TRACE_SQ(&tr, scores, 3, 1), 2);
    long long units = 0;    /* the student's sum of the printed products, in 1e-4 */
    for (int i = 0; i < n; i++) {
        assert_true(c.a[i] == format_round(terms[i].a, 2));
        units += llround(format_round(terms[i].a, 2) * 100) * llround(format_round(terms[i].b, 2) * 100);
    }
    assert_true(fabs(c.sum - (double)units / 1e4) < 1e-12);
    assert_int_equal(c.sum_digits, 4);
    assert_true(c.same == (format_round(c.sum, 2) == format_round(c.value, 2)));
    /* a sum whose rounded operands would round elsewhere gets one more decimal */
    ExplainTerm near[2] = { { 1.004, 1.0 }, { 1.004, 1.0 } };   /* 2.008 → 2.01, but 1.00 + 1.00 */
    check_sum(&c, near, 2, 2, 2, 2.008, 2);
    assert_int_equal(c.digits_a, 3);
    assert_true(c.a[0] == 1.004);
    assert_true(fabs(c.sum - 2.008) < 1e-12);
    assert_true(c.same);
    /* 等 → 加: with 2-decimal scores 1.000 / 1.911 = 52.3 %, not the 52.4 % of the lesson:
     * the check prints the scores with 3 decimals, 1.0000 / 1.9083 = 52.4 % */
    CheckedShare cs;
    check_share(&cs, &tr, 0, 3, 1);
    assert_int_equal(cs.scaled_digits, 3);
    assert_int_equal(cs.exp_digits, 4);
    assert_true(cs.max == format_round(TRACE_SQ(&tr, scaled, 3, 1), 3));
    long long e_units = 0;
    for (int u = 0; u < 6; u++) {
        assert_true(cs.exps[u] == format_round(exp(cs.scaled[u] - cs.max), 4));
        e_units += llround(cs.exps[u] * 10000);
    }
    assert_true(cs.sum == (double)e_units / 10000);
    assert_true(cs.share == cs.exps[1] / cs.sum);
    assert_true(cs.same);
    assert_int_equal((int)llround(cs.share * 1000), 524);
    double shares[3] = { 0.3336, 0.3332, 0.3332 };   /* 33.4 + 33.3 + 33.3 */
    assert_true(check_percent_total(shares, 3) == 100.0);
    double over[2] = { 0.5005, 0.5005 };      /* 50.1 % + 50.1 % */
    assert_true(fabs(check_percent_total(over, 2) - 100.2) < 1e-9);
    engine_free(&tr);
    model_free(&m);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_two_by_two_by_hand),
        cmocka_unit_test(test_rows_sum_to_one_and_shapes),
        cmocka_unit_test(test_scores_not_symmetric),
        cmocka_unit_test(test_softmax_shift_invariant),
        cmocka_unit_test(test_huge_scores_no_overflow),
        cmocka_unit_test(test_masked_softmax_no_overflow),
        cmocka_unit_test(test_single_token),
        cmocka_unit_test(test_dimension_one),
        cmocka_unit_test(test_position_fingerprint),
        cmocka_unit_test(test_explain_sums_match),
        cmocka_unit_test(test_cosine_and_closest),
        cmocka_unit_test(test_sentence_errors),
        cmocka_unit_test(test_causal_mask_by_hand),
        cmocka_unit_test(test_two_heads_by_hand),
        cmocka_unit_test(test_score_set_by_hand),
        cmocka_unit_test(test_similarity_orders_partials),
        cmocka_unit_test(test_checks_hold_as_printed),
    };
    return cmocka_run_group_tests_name("engine", tests, NULL, NULL);
}
