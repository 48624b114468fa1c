/* test_finite.c — unit tests for the numbers that could break the arithmetic (src/engine.c):
 * a model whose values overflow is refused with the first non-finite result named; the
 * cosine stays finite and within [-1, 1] for any finite vectors; a long vocabulary in a
 * message ends in "…". Must not touch: the terminal, files outside tests/. */
#include <stdarg.h>
#include <stddef.h>
#include <setjmp.h>
#include <stdint.h>
#include <cmocka.h>

#include <float.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "engine.h"
#include "model.h"

/* ---------------------------------------------------------------- fixtures */

/* A two-character model, d = 2, with embedding rows a, b and matrices q, k, v. */
static void parse_model(Model *m, const char *a, const char *b, const char *q, const char *k,
                        const char *v)
{
    char text[1024], err[256] = "";
    snprintf(text, sizeof text, "[vocab]\na b\n[d]\n2\n[sentence]\nab\n[embedding]\na %s\nb %s\n"
             "[wq]\n%s\n[wk]\n%s\n[wv]\n%s\n", a, b, q, k, v);
    int r = model_parse(text, strlen(text), "t.model", m, err, sizeof err);
    if (r != 0)
        print_error("%s\n", err);
    assert_int_equal(r, 0);
}

#define IDENTITY "1 0\n0 1"

/* Runs the forward pass and expects it refused with exactly msg. */
static void expect_not_finite(const Model *m, const char *sentence, const char *msg)
{
    Trace tr;
    char err[512] = "";
    memset(&tr, 0x5A, sizeof tr);
    assert_int_equal(engine_forward(m, sentence, &tr, err, sizeof err), ENGINE_NOT_FINITE);
    assert_string_equal(err, msg);
    assert_null(tr.block);      /* nothing to free, nothing left to draw */
    assert_int_equal(tr.T, 0);
}

/* ---------------------------------------------------------------- overflow */

/* 1e200 is a fine number, but 1e200 · 1e200 is not: the scores overflow. */
static void test_scores_overflow(void **state)
{
    (void)state;
    Model m;
    parse_model(&m, "1e200 0", "0 1", IDENTITY, IDENTITY, IDENTITY);
    expect_not_finite(&m, "ab", "the scores overflow (Q(a)·K(a) is not a finite number)");
    expect_not_finite(&m, "ba", "the scores overflow (Q(a)·K(a) is not a finite number)");
    /* without a, nothing overflows */
    Trace tr;
    char err[256] = "";
    assert_int_equal(engine_forward(&m, "bb", &tr, err, sizeof err), 0);
    engine_free(&tr);
    model_free(&m);
}

/* The reproducer: 1e308 in an embedding. */
static void test_projection_overflow(void **state)
{
    (void)state;
    Model m;
    parse_model(&m, "1e308 1e308", "0 1", "1 1\n1 1", IDENTITY, IDENTITY);
    expect_not_finite(&m, "ab", "the queries overflow (Q(a)[0] is not a finite number)");
    model_free(&m);
    parse_model(&m, "0 1", "1e308 -1e308", IDENTITY, "1 0\n-1 0", IDENTITY);
    expect_not_finite(&m, "ab", "the keys overflow (K(b)[0] is not a finite number)");
    model_free(&m);
    parse_model(&m, "1e308 1e308", "0 1", "0 0\n0 0", "0 0\n0 0", "0 1\n0 1");
    expect_not_finite(&m, "ab", "the values overflow (V(a)[1] is not a finite number)");
    model_free(&m);
}

/* Every later result is checked too: poke a non-finite value into a good trace. */
static void test_check_every_result(void **state)
{
    (void)state;
    Model m;
    parse_model(&m, "1 0", "0 1", IDENTITY, IDENTITY, IDENTITY);
    Trace tr;
    char err[256] = "";
    assert_int_equal(engine_forward(&m, "ab", &tr, err, sizeof err), 0);
    assert_int_equal(engine_check_finite(&tr, err, sizeof err), 0);

    TRACE_SQ(&tr, scaled, 1, 0) = INFINITY;
    assert_int_equal(engine_check_finite(&tr, err, sizeof err), -1);
    assert_string_equal(err, "the scaled scores overflow (Q(b)·K(a) ÷ √d is not a finite number)");
    TRACE_SQ(&tr, scaled, 1, 0) = 0.0;

    TRACE_SQ(&tr, weights, 0, 1) = NAN;
    assert_int_equal(engine_check_finite(&tr, err, sizeof err), -1);
    assert_string_equal(err, "the shares are not numbers (softmax of Q(a)·K(b) ÷ √d is not a "
                        "finite number)");
    TRACE_SQ(&tr, weights, 0, 1) = 0.5;

    TRACE_ROW(&tr, output, 1)[1] = -INFINITY;
    assert_int_equal(engine_check_finite(&tr, err, sizeof err), -1);
    assert_string_equal(err, "the outputs overflow (output(b)[1] is not a finite number)");
    TRACE_ROW(&tr, output, 1)[1] = 0.0;

    TRACE_ROW(&tr, x, 0)[0] = NAN;  /* the first in the order of computing wins */
    TRACE_ROW(&tr, output, 0)[0] = NAN;
    assert_int_equal(engine_check_finite(&tr, err, sizeof err), -1);
    assert_string_equal(err, "the inputs overflow (x(a)[0] is not a finite number)");
    engine_free(&tr);
    model_free(&m);
}

/* ---------------------------------------------------------------- cosine */

static void test_cosine_bounds(void **state)
{
    (void)state;
    /* rounding makes the plain formula give 1.0000000000000002 here */
    const double a[3] = { 0.08282494558699316, 0.8782983255570211, -0.23759152462357513 };
    const double neg[3] = { -a[0], -a[1], -a[2] };
    double plain = (a[0] * a[0] + a[1] * a[1] + a[2] * a[2]);
    plain = plain / (sqrt(plain) * sqrt(plain));
    assert_true(plain > 1.0);            /* the reproducer still reproduces */
    assert_true(engine_cosine(a, a, 3) == 1.0);
    assert_true(engine_cosine(a, neg, 3) == -1.0);
    /* squares that overflow (1e400) or underflow (1e-400): still exact directions */
    const double big[2] = { 1e200, 1e200 }, big2[2] = { 3e200, 3e200 }, bigneg[2] = { -1e200, 0 };
    assert_true(fabs(engine_cosine(big, big2, 2) - 1.0) < 1e-15);
    assert_true(fabs(engine_cosine(big, bigneg, 2) + sqrt(0.5)) < 1e-15);
    const double tiny[2] = { 1e-200, 0 }, tiny2[2] = { -3e-200, 0 }, huge[2] = { DBL_MAX, DBL_MAX };
    assert_true(engine_cosine(tiny, tiny2, 2) == -1.0);
    assert_true(fabs(engine_cosine(tiny, huge, 2) - sqrt(0.5)) < 1e-15);
    const double sub[2] = { 4.9406564584124654e-324, 0 };  /* the smallest double */
    assert_true(engine_cosine(sub, tiny, 2) == 1.0);
    const double zero[2] = { 0, 0 };
    assert_true(engine_cosine(zero, big, 2) == 0.0);
}

/* engine_closest_value never reports a cosine outside [-1, 1] (not -2 when every cosine is
 * nan), and finds the right V when the squares overflow. */
static void test_closest_value_large(void **state)
{
    (void)state;
    Model m;
    /* V = x: a's V is huge, b's is not; the output leans to a */
    parse_model(&m, "1e200 -1e200", "0 1", "0 0\n0 0", "0 0\n0 0", IDENTITY);
    Trace tr;
    char err[256] = "";
    assert_int_equal(engine_forward(&m, "ab", &tr, err, sizeof err), 0);
    double c = 5.0;
    assert_int_equal(engine_closest_value(&tr, 0, &c), 0);
    assert_true(c > 0.99 && c <= 1.0);
    engine_free(&tr);
    model_free(&m);
    /* all V zero: every cosine is 0, the first character is reported */
    parse_model(&m, "1 0", "0 1", IDENTITY, IDENTITY, "0 0\n0 0");
    assert_int_equal(engine_forward(&m, "ab", &tr, err, sizeof err), 0);
    assert_int_equal(engine_closest_value(&tr, 1, &c), 0);
    assert_true(c == 0.0);
    engine_free(&tr);
    model_free(&m);
}

/* ---------------------------------------------------------------- long vocabulary */

static void test_vocab_list_ellipsis(void **state)
{
    (void)state;
    /* 300 CJK entries U+4E00.., d = 1 */
    size_t cap = 300 * 16 + 256;
    char *text = malloc(cap);
    assert_non_null(text);
    size_t used = (size_t)snprintf(text, cap, "[d]\n1\n[wq]\n1\n[wk]\n1\n[wv]\n1\n[sentence]\n一\n"
                                   "[vocab]\n");
    char chars[300][4];
    for (int i = 0; i < 300; i++) {
        unsigned cp = 0x4E00u + (unsigned)i;
        chars[i][0] = (char)(0xE0 | (cp >> 12));
        chars[i][1] = (char)(0x80 | ((cp >> 6) & 0x3F));
        chars[i][2] = (char)(0x80 | (cp & 0x3F));
        chars[i][3] = '\0';
        used += (size_t)snprintf(text + used, cap - used, "%s\n", chars[i]);
    }
    used += (size_t)snprintf(text + used, cap - used, "[embedding]\n");
    for (int i = 0; i < 300; i++)
        used += (size_t)snprintf(text + used, cap - used, "%s 1\n", chars[i]);
    Model m;
    char err[4096] = "";
    int r = model_parse(text, used, "t.model", &m, err, sizeof err);
    free(text);
    assert_int_equal(r, 0);
    Trace tr;
    assert_int_equal(engine_forward(&m, "x", &tr, err, sizeof err), -1);
    /* the list holds the first 255 (3 + 254 × 4 = 1019 bytes) and then " …" */
    const char *list = strstr(err, ": ");
    assert_non_null(list);
    list += 2;
    assert_int_equal(strlen(list), 1019 + strlen(" …"));
    assert_true(strncmp(list, "一 丁 丂", strlen("一 丁 丂")) == 0);
    char tail[32];
    snprintf(tail, sizeof tail, " %s …", chars[254]);
    assert_string_equal(list + strlen(list) - strlen(tail), tail);
    assert_null(strstr(list, chars[255]));
    model_free(&m);

    /* a list that fits has no mark */
    Model small;
    parse_model(&small, "1 0", "0 1", IDENTITY, IDENTITY, IDENTITY);
    assert_int_equal(engine_forward(&small, "abc", &tr, err, sizeof err), -1);
    assert_string_equal(err, "character 'c' is not in the vocabulary: a b");
    model_free(&small);
}

/* ---------------------------------------------------------------- main */

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_scores_overflow),
        cmocka_unit_test(test_projection_overflow),
        cmocka_unit_test(test_check_every_result),
        cmocka_unit_test(test_cosine_bounds),
        cmocka_unit_test(test_closest_value_large),
        cmocka_unit_test(test_vocab_list_ellipsis),
    };
    return cmocka_run_group_tests_name("finite", tests, NULL, NULL);
}
