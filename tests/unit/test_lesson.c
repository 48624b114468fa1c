/* test_lesson.c — every figure lesson 6 quotes, checked against the compiled-in model
 * (assets/lesson.model, fitted by scripts/fit-lesson.c) run through the engine.
 * Covers: vocabulary, d, x(三)[0], Q(三)[0], the two directional scores, 等's shares,
 * output(等), its cosine with V(加), ?'s attention, 等's row in 十减四等于?, √8 and √128,
 * the 192 parameters, and that digits' word vectors resemble each other; and the stories the
 * refit asks for (docs/lesson-model.md): whom each row looks at most, outputs that differ and
 * resemble the V their row takes most, ? resembling nothing, and lesson 7's two heads
 * disagreeing on 加.
 * Figures are rounded half away from zero (llround) to the digits the lesson gives. */
#include <stdarg.h>
#include <stddef.h>
#include <setjmp.h>
#include <stdint.h>
#include <cmocka.h>

#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "engine.h"
#include "format.h"
#include "realmodel.h"
#include "sqrtd.h"
#include "model.h"

/* Positions in 三加五等于? (and, for 等, in 十减四等于?). */
enum { P_SAN = 0, P_JIA = 1, P_WU = 2, P_DENG = 3, P_YU = 4, P_ASK = 5 };

typedef struct {
    Model m;     /* the compiled-in default model */
    Trace tr;    /* its forward pass over its own sentence */
} Lesson;

static int setup(void **state)
{
    Lesson *l = calloc(1, sizeof *l);
    char err[512];
    if (!l)
        return -1;
    if (model_load_default(&l->m, err, sizeof err) != 0) {
        fprintf(stderr, "model_load_default: %s\n", err);
        free(l);
        return -1;
    }
    if (engine_forward(&l->m, l->m.sentence, &l->tr, err, sizeof err) != 0) {
        fprintf(stderr, "engine_forward: %s\n", err);
        model_free(&l->m);
        free(l);
        return -1;
    }
    *state = l;
    return 0;
}

static int teardown(void **state)
{
    Lesson *l = *state;
    engine_free(&l->tr);
    model_free(&l->m);
    free(l);
    return 0;
}

/* value rounded half away from zero to `decimals` digits, as an integer count of units */
static long long rounded(double value, int decimals)
{
    return llround(value * pow(10.0, decimals));
}

/* ---------------------------------------------------------------- the model */

static void test_vocabulary_and_width(void **state)
{
    Lesson *l = *state;
    static const char *const vocab[] = {"零", "一", "二", "三", "四", "五", "六", "七", "八", "九",
                                        "十", "加", "减", "乘", "除", "等", "于", "是", "几", "?"};
    assert_int_equal(l->m.vocab_size, 20);
    for (int i = 0; i < 20; i++)
        assert_string_equal(l->m.vocab[i], vocab[i]);
    assert_int_equal(l->m.d, 8);
    assert_string_equal(l->m.sentence, "三加五等于?");
    assert_int_equal(l->tr.T, 6);
    /* three 8 × 8 matrices: 192 trainable numbers, as the scale screen derives them */
    RealModel demo = realmodel_demo();
    assert_int_equal(demo.d_model, l->m.d);
    assert_true(realmodel_qkv_params(&demo) == 192);
}

static void test_values_have_two_decimals(void **state)
{
    Lesson *l = *state;
    int d = l->m.d;
    const double *arrays[4] = {l->m.embedding, l->m.wq, l->m.wk, l->m.wv};
    size_t counts[4] = {(size_t)l->m.vocab_size * d, (size_t)d * d, (size_t)d * d, (size_t)d * d};
    for (int a = 0; a < 4; a++)
        for (size_t n = 0; n < counts[a]; n++) {
            double v = arrays[a][n];
            assert_true(fabs(v * 100.0 - (double)llround(v * 100.0)) < 1e-9);
            assert_true(fabs(v) <= 1.0);
        }
}

static void test_digits_resemble_each_other(void **state)
{
    Lesson *l = *state;
    int d = l->m.d;
    double dd = 0.0, dop = 0.0;
    int ndd = 0, ndop = 0;
    for (int a = 0; a <= 10; a++) {          /* 零 .. 十 */
        const double *va = l->m.embedding + (size_t)a * d;
        for (int b = a + 1; b <= 10; b++, ndd++)
            dd += engine_cosine(va, l->m.embedding + (size_t)b * d, d);
        for (int o = 11; o <= 14; o++, ndop++) /* 加 减 乘 除 */
            dop += engine_cosine(va, l->m.embedding + (size_t)o * d, d);
    }
    assert_int_equal(ndd, 55);
    assert_int_equal(ndop, 44);
    assert_true(dd / ndd > dop / ndop);
}

/* ---------------------------------------------------------------- station 3: Q K V */

static void test_word_vector_of_san(void **state)
{
    Lesson *l = *state;
    assert_string_equal(l->tr.tokens[P_SAN], "三");
    assert_int_equal(rounded(TRACE_ROW(&l->tr, x, P_SAN)[0], 2), 67);
    assert_int_equal(rounded(TRACE_ROW(&l->tr, embedding, P_SAN)[0], 2), 67);
}

static void test_query_of_san(void **state)
{
    Lesson *l = *state;
    double q = TRACE_ROW(&l->tr, q, P_SAN)[0];
    assert_int_equal(rounded(q, 2), 9);
    /* "the 8 values of x times the 8 values of column 0 of Wq, summed" */
    ExplainTerm terms[8];
    assert_int_equal(engine_explain_projection(&l->tr, ROLE_Q, P_SAN, 0, terms), 8);
    double sum = 0.0;
    for (int i = 0; i < 8; i++)
        sum += terms[i].a * terms[i].b;
    assert_int_equal(rounded(sum, 2), 9);
}

/* ---------------------------------------------------------------- station 4: scores */

static void test_directional_scores(void **state)
{
    Lesson *l = *state;
    assert_string_equal(l->tr.tokens[P_DENG], "等");
    assert_string_equal(l->tr.tokens[P_JIA], "加");
    assert_int_equal(rounded(TRACE_SQ(&l->tr, scores, P_DENG, P_JIA), 2), 405);
    assert_int_equal(rounded(TRACE_SQ(&l->tr, scores, P_JIA, P_DENG), 2), 208);
    char buf[32];
    snprintf(buf, sizeof buf, "%.2f", rounded(TRACE_SQ(&l->tr, scores, P_DENG, P_JIA), 2) / 100.0);
    assert_string_equal(buf, "4.05");
}

/* ---------------------------------------------------------------- station 5: softmax, √d */

static void test_shares_of_deng(void **state)
{
    Lesson *l = *state;
    const double *row = &TRACE_SQ(&l->tr, weights, P_DENG, 0);
    double sum = 0.0, min = row[0];
    int argmax = 0;
    for (int s = 0; s < l->tr.T; s++) {
        sum += row[s];
        if (row[s] > row[argmax])
            argmax = s;
        if (row[s] < min)
            min = row[s];
    }
    assert_true(fabs(sum - 1.0) < 1e-12);
    assert_int_equal(argmax, P_JIA);
    assert_int_equal(rounded(row[P_JIA] * 100.0, 1), 524);  /* 52.4% */
    assert_int_equal(rounded(min * 100.0, 1), 14);          /* 1.4% */
    /* "a character at 1.4%": one character, the others show more */
    int at_min = 0;
    for (int s = 0; s < l->tr.T; s++)
        at_min += rounded(row[s] * 100.0, 1) == 14;
    assert_int_equal(at_min, 1);
}

static void test_square_roots(void **state)
{
    Lesson *l = *state;
    char buf[32];
    /* the divisor the engine uses, and the two roots the screens print, as they print them */
    assert_string_equal(format_fixed(buf, sizeof buf, l->tr.scale, 6), "2.828427");
    assert_string_equal(format_fixed(buf, sizeof buf, sqrtd_root(8), 6), "2.828427");
    assert_string_equal(format_fixed(buf, sizeof buf, sqrtd_root(128), 6), "11.313708");
    double scaled = TRACE_SQ(&l->tr, scaled, P_DENG, P_JIA);
    assert_true(fabs(scaled * sqrt(8.0) - TRACE_SQ(&l->tr, scores, P_DENG, P_JIA)) < 1e-12);
}

/* ---------------------------------------------------------------- station 6: collecting */

static void test_output_of_deng(void **state)
{
    Lesson *l = *state;
    static const long long expected[8] = {52, -42, 13, -17, 96, -40, -5, -17};
    const double *out = TRACE_ROW(&l->tr, output, P_DENG);
    for (int j = 0; j < 8; j++)
        assert_int_equal(rounded(out[j], 2), expected[j]);
    char buf[128];
    int n = 0;
    for (int j = 0; j < 8; j++)
        n += snprintf(buf + n, sizeof buf - (size_t)n, "%s%.2f", j ? ", " : "[",
                      rounded(out[j], 2) / 100.0);
    snprintf(buf + n, sizeof buf - (size_t)n, "]");
    assert_string_equal(buf, "[0.52, -0.42, 0.13, -0.17, 0.96, -0.40, -0.05, -0.17]");
}

static void test_output_most_like_v_of_jia(void **state)
{
    Lesson *l = *state;
    double cos = 0.0;
    assert_int_equal(engine_closest_value(&l->tr, P_DENG, &cos), P_JIA);
    assert_int_equal(rounded(cos, 4), 9855);
    double direct = engine_cosine(TRACE_ROW(&l->tr, output, P_DENG), TRACE_ROW(&l->tr, v, P_JIA), 8);
    assert_int_equal(rounded(direct, 4), 9855);
}

/* ---------------------------------------------------------------- stations 2 and 0 */

static void test_question_mark_looks_at_the_sum(void **state)
{
    Lesson *l = *state;
    assert_string_equal(l->tr.tokens[P_ASK], "?");
    double share = TRACE_SQ(&l->tr, weights, P_ASK, P_SAN) + TRACE_SQ(&l->tr, weights, P_ASK, P_JIA) +
                   TRACE_SQ(&l->tr, weights, P_ASK, P_WU);
    assert_true(share >= 0.70);
}

/* ---------------------------------------------------------------- the stories */

/* Index of the largest of n values. */
static int argmax(const double *row, int n)
{
    int best = 0;
    for (int s = 1; s < n; s++)
        if (row[s] > row[best])
            best = s;
    return best;
}

static void test_rows_tell_different_stories(void **state)
{
    Lesson *l = *state;
    /* 三 looks at 加, 加 at an operand, 五 at 三, 等 at 加, 于 at 等 (等于), ? at 三 */
    static const int expected[6] = {P_JIA, P_WU, P_SAN, P_JIA, P_DENG, P_SAN};
    for (int t = 0; t < 6; t++)
        assert_int_equal(argmax(&TRACE_SQ(&l->tr, weights, t, 0), 6), expected[t]);
    /* 加's two largest shares are its operands, together the majority */
    const double *jia = &TRACE_SQ(&l->tr, weights, P_JIA, 0);
    for (int s = 0; s < 6; s++)
        if (s != P_SAN && s != P_WU) {
            assert_true(jia[P_SAN] > jia[s]);
            assert_true(jia[P_WU] > jia[s]);
        }
    assert_true(jia[P_SAN] + jia[P_WU] >= 0.50);
}

/* What the lesson says of 等 holds for every row: the output is most like the V it takes most. */
static void test_outputs_most_like_their_largest_share(void **state)
{
    Lesson *l = *state;
    for (int t = 0; t < 6; t++)
        assert_int_equal(engine_closest_value(&l->tr, t, NULL),
                         argmax(&TRACE_SQ(&l->tr, weights, t, 0), 6));
}

static void test_question_mark_takes_from_every_operand(void **state)
{
    Lesson *l = *state;
    for (int s = P_SAN; s <= P_WU; s++)
        assert_true(TRACE_SQ(&l->tr, weights, P_ASK, s) >= 0.15);
}

static void test_outputs_differ_visibly(void **state)
{
    Lesson *l = *state;
    int wide = 0;
    for (int j = 0; j < 8; j++) {
        double lo = TRACE_ROW(&l->tr, output, 0)[j], hi = lo;
        for (int t = 1; t < 6; t++) {
            lo = fmin(lo, TRACE_ROW(&l->tr, output, t)[j]);
            hi = fmax(hi, TRACE_ROW(&l->tr, output, t)[j]);
        }
        wide += hi - lo >= 0.50;
    }
    assert_true(wide >= 4);
}

/* Station 2: "? resembles nothing" in lesson 4's table of word-vector dot products. */
static void test_question_mark_resembles_nothing(void **state)
{
    Lesson *l = *state;
    int d = l->m.d, ask = model_find_char(&l->m, "?");
    assert_int_equal(ask, 19);
    const double *e = l->m.embedding + (size_t)ask * d;
    for (int c = 0; c < l->m.vocab_size; c++)
        if (c != ask) {
            double dot = 0.0;
            for (int i = 0; i < d; i++)
                dot += e[i] * l->m.embedding[(size_t)c * d + i];
            assert_true(fabs(dot) <= 0.30 + 1e-12);
        }
}

/* Lesson 7's preview: Wq, Wk split column-wise into two heads of width 4, each ÷ √4. */
static void test_two_heads_read_different_operands(void **state)
{
    Lesson *l = *state;
    static const int expected[2] = {P_SAN, P_WU};   /* 加: head 1 → 三, head 2 → 五 */
    for (int h = 0; h < 2; h++) {
        double row[6];
        for (int s = 0; s < 6; s++) {
            const double *q = TRACE_ROW(&l->tr, q, P_JIA) + 4 * h, *k = TRACE_ROW(&l->tr, k, s) + 4 * h;
            row[s] = (q[0] * k[0] + q[1] * k[1] + q[2] * k[2] + q[3] * k[3]) / sqrt(4.0);
        }
        engine_softmax(row, row, 6);
        assert_int_equal(argmax(row, 6), expected[h]);
    }
}

static void test_deng_depends_on_the_sentence(void **state)
{
    Lesson *l = *state;
    Trace other;
    char err[512];
    assert_int_equal(engine_forward(&l->m, "十减四等于?", &other, err, sizeof err), 0);
    assert_string_equal(other.tokens[P_DENG], "等");
    double most = 0.0;
    for (int s = 0; s < 6; s++) {
        double diff = fabs(TRACE_SQ(&other, weights, P_DENG, s) - TRACE_SQ(&l->tr, weights, P_DENG, s));
        if (diff > most)
            most = diff;
    }
    engine_free(&other);
    assert_true(most >= 0.10);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_vocabulary_and_width),
        cmocka_unit_test(test_values_have_two_decimals),
        cmocka_unit_test(test_digits_resemble_each_other),
        cmocka_unit_test(test_word_vector_of_san),
        cmocka_unit_test(test_query_of_san),
        cmocka_unit_test(test_directional_scores),
        cmocka_unit_test(test_shares_of_deng),
        cmocka_unit_test(test_square_roots),
        cmocka_unit_test(test_output_of_deng),
        cmocka_unit_test(test_output_most_like_v_of_jia),
        cmocka_unit_test(test_question_mark_looks_at_the_sum),
        cmocka_unit_test(test_deng_depends_on_the_sentence),
        cmocka_unit_test(test_rows_tell_different_stories),
        cmocka_unit_test(test_outputs_most_like_their_largest_share),
        cmocka_unit_test(test_question_mark_takes_from_every_operand),
        cmocka_unit_test(test_outputs_differ_visibly),
        cmocka_unit_test(test_question_mark_resembles_nothing),
        cmocka_unit_test(test_two_heads_read_different_operands),
    };
    return cmocka_run_group_tests(tests, setup, teardown);
}
