/* test_check_one_value.c — check.h's one precision rule with the lesson's exact figures:
 * operands grow the decimals a check needs for its "=" to hold at the result's printed
 * digits (and at the tables' two), a side already exact (a weight of two decimals) keeps
 * its decimals, a softmax row is printed alike whichever share is worked (等's row: 1.432 …
 * e^ 0.3734 … Σ 1.9084, share(加) = 52.4%, share(等) = 1.4%), and output(等)[0] = 0.52.
 * Owns: those facts. Must not touch: drawing, the terminal (only check.c and the engine). */
#include <stdarg.h>
#include <stddef.h>
#include <setjmp.h>
#include <stdint.h>
#include <cmocka.h>

#include <math.h>
#include "check.h"
#include "format.h"
#include "harness.h"

#define SAN 0
#define JIA 1
#define WU 2
#define DENG 3

static const Trace *trace_of(void **state) { return &((Fixture *)*state)->ls.tr; }

/* Q(加)·K(等) = 2.08 (the lesson's mirror cell): from two decimals 2.0733 → 2.07; three
 * decimals give 2.079972 → 2.08, the table's. */
static void test_score_grows_to_three(void **state)
{
    const Trace *tr = trace_of(state);
    ExplainTerm terms[CHECK_MAX_TERMS];
    int n = engine_explain_score(tr, 0, JIA, DENG, terms);
    CheckedSum c;
    check_sum_as_shown(&c, terms, n, 2, 2, TRACE_HSQ(tr, scores, 0, JIA, DENG), 2);
    assert_false(c.same);
    assert_true(fabs(c.sum - 2.0733) < 1e-9);
    check_sum(&c, terms, n, 2, 2, TRACE_HSQ(tr, scores, 0, JIA, DENG), 2);
    assert_true(c.same);
    assert_int_equal(c.digits_a, 3);
    assert_int_equal(c.digits_b, 3);
    assert_int_equal(c.sum_digits, 6);
    assert_true(fabs(c.sum - 2.079972) < 1e-9);
    assert_true(format_round(c.sum, 2) == 2.08);
    /* Q(等)·K(加) = 4.05 holds at two: nothing grows */
    n = engine_explain_score(tr, 0, DENG, JIA, terms);
    check_sum(&c, terms, n, 2, 2, TRACE_HSQ(tr, scores, 0, DENG, JIA), 2);
    assert_true(c.same);
    assert_int_equal(c.digits_a, 2);
    assert_true(fabs(c.sum - 4.0495) < 1e-9);
}

/* Q(加)[0] = x(加)·Wq[:,0] = 2.03: x grows to three decimals (2.0364 → 2.04 at two), Wq's
 * weights are exact at two and keep them: 2.03217. */
static void test_exact_side_keeps_its_decimals(void **state)
{
    const Trace *tr = trace_of(state);
    ExplainTerm terms[CHECK_MAX_TERMS];
    int n = engine_explain_projection(tr, ROLE_Q, JIA, 0, terms);
    CheckedSum c;
    check_sum(&c, terms, n, 2, 2, TRACE_ROW(tr, q, JIA)[0], 2);
    assert_true(c.same);
    assert_int_equal(c.digits_a, 3);
    assert_int_equal(c.digits_b, 2);
    assert_true(fabs(c.sum - 2.03217) < 1e-9);
    assert_true(fabs(c.a[0] - 1.291) < 1e-12);
    assert_true(fabs(c.b[0] - (-0.04)) < 1e-12);
}

/* 等's softmax row, as both the arcs panel and the matrix print it. */
static void test_share_row_of_deng(void **state)
{
    const Trace *tr = trace_of(state);
    CheckedShare c;
    check_share_as_shown(&c, tr, 0, DENG, JIA);   /* the old panel's: 1.000 / 1.911 = 52.3% */
    assert_false(c.same);
    assert_true(fabs(c.sum - 1.911) < 1e-9);
    check_share(&c, tr, 0, DENG, JIA);
    assert_true(c.same);
    assert_int_equal(c.scaled_digits, 3);
    assert_int_equal(c.exp_digits, 4);
    assert_true(fabs(c.scaled[JIA] - 1.432) < 1e-12);
    assert_true(fabs(c.exps[SAN] - 0.3734) < 1e-12);
    assert_true(fabs(c.exps[5] - 0.2742) < 1e-12);
    assert_true(fabs(c.sum - 1.9084) < 1e-9);
    assert_true(format_round(c.share * 100.0, 1) == 52.4);
    /* the same row whichever share is worked: the lesson's least, 1.4% */
    CheckedShare least;
    check_share(&least, tr, 0, DENG, DENG);
    assert_int_equal(least.scaled_digits, 3);
    assert_true(fabs(least.sum - 1.9084) < 1e-9);
    assert_true(fabs(least.exps[DENG] - 0.0264) < 1e-12);
    assert_true(format_round(least.share * 100.0, 1) == 1.4);
}

/* 三's row needs four decimals for one of its shares: the whole row gets them. */
static void test_share_row_of_san(void **state)
{
    const Trace *tr = trace_of(state);
    CheckedShare c;
    check_share(&c, tr, 0, SAN, JIA);
    assert_true(c.same);
    assert_int_equal(c.scaled_digits, 4);
    assert_true(fabs(c.sum - 1.88753) < 1e-9);
    assert_true(fabs(c.exps[WU] - 0.55683) < 1e-12);
    assert_true(format_round(c.share * 100.0, 1) == 53.0);
    for (int s = 0; s < tr->T; s++) {
        CheckedShare each;
        check_share(&each, tr, 0, SAN, s);
        assert_true(each.same);
        assert_int_equal(each.scaled_digits, 4);
    }
}

/* output(等)[0] = Σ share × V(·)[0] = 0.52124 → 0.52 at 0.1% and two decimals; 加's row
 * needs shares at 0.01% for some dimension, so all its dimensions print them so. */
static void test_output(void **state)
{
    const Trace *tr = trace_of(state);
    CheckedSum c;
    check_output(&c, tr, DENG, 0);
    assert_true(c.same);
    assert_int_equal(c.digits_a, 3);
    assert_int_equal(c.digits_b, 2);
    assert_true(fabs(c.sum - 0.52124) < 1e-9);
    check_output(&c, tr, JIA, 0);
    assert_true(c.same);
    assert_int_equal(c.digits_a, 4);
    for (int j = 0; j < tr->d; j++) {
        check_output(&c, tr, JIA, j);
        assert_true(c.same);
        assert_int_equal(c.digits_a, 4);
    }
}

/* The Σ of printed shares: 100.1 at 0.1%, the same row at 0.01%. */
static void test_percent_total(void **state)
{
    const Trace *tr = trace_of(state);
    const double *row = &TRACE_HSQ(tr, weights, 0, DENG, 0);
    assert_true(fabs(check_percent_total(row, tr->T) - 100.1) < 1e-9);
    assert_true(fabs(check_percent_total_at(row, tr->T, 1) - 100.1) < 1e-9);
    const double halves[3] = { 0.33333, 0.33333, 0.33334 };
    assert_true(fabs(check_percent_total_at(halves, 3, 3) - 100.0) < 1e-9);   /* 33.333 + 33.333 + 33.334 */
    assert_true(fabs(check_percent_total_at(halves, 3, 2) - 99.99) < 1e-9);   /* 33.33 three times */
    assert_true(fabs(check_percent_total_at(halves, 3, 0) - 99.0) < 1e-9);
}

/* A sum whose true value sits on a rounding edge at the tables' two decimals: "=" must hold
 * at both the value's decimals and two (3.37538 shows as 3.375 and as 3.38). */
static void test_holds_at_both_decimals(void **state)
{
    (void)state;
    ExplainTerm t[1] = { { 3.374677, 1.0 } };
    CheckedSum c;
    check_sum_as_shown(&c, t, 1, 6, 0, 3.37538, 3);
    assert_false(c.same);   /* 3.375 at three, but 3.37 against 3.38 at two */
    check_sum_as_shown(&c, t, 1, 6, 0, 3.37538, 2);
    assert_false(c.same);
    ExplainTerm u[1] = { { 3.37538, 1.0 } };
    check_sum_as_shown(&c, u, 1, 5, 0, 3.37538, 3);
    assert_true(c.same);
}

/* ? asking 等 ÷ √8: 0.41 ÷ 2.828427 = 0.14 against the table's 0.15 (0.4129… ÷ √8 = 0.14598);
 * the dividend grows to 0.413: 0.1460 → 0.15. */
static void test_quotient_grows_its_dividend(void **state)
{
    (void)state;
    CheckedQuotient q;
    check_quotient(&q, 0.412900, 2, sqrt(8.0), 6, 0.412900 / sqrt(8.0), 2);
    assert_false(q.same);
    assert_true(q.quotient == 0.14);
    check_quotient_grow(&q, 0.412900, 2, sqrt(8.0), 6, 0.412900 / sqrt(8.0), 2);
    assert_true(q.same);
    assert_int_equal(q.digits_a, 3);
    assert_true(fabs(q.a - 0.413) < 1e-12);
    assert_true(q.quotient == 0.15);
    check_quotient_grow(&q, 4.0510, 2, sqrt(8.0), 6, 4.0510 / sqrt(8.0), 2);   /* 4.05: holds at two */
    assert_int_equal(q.digits_a, 2);
}

static int setup(void **state)
{
    *state = fixture_open(NULL);
    return 0;
}

/* Huge operands (any finite value the model format accepts): no sum overflows (UBSan), and
 * the worked result is the value the tables show. 1e17 × (-0.04) + … = -4.00e15, not the
 * -9.22e8 that a long long of scaled units wrapped to. */
static void test_huge_values_hold(void **state)
{
    (void)state;
    static const double x[8] = { 1e17, 0.67, -0.06, 0.13, 0.77, 0.64, 0.05, 1.82 };
    static const double w[8] = { -0.04, 0.43, -0.69, 0.86, 0.19, 0.88, 0.11, -0.57 };
    ExplainTerm terms[8];
    double truth = 0.0;
    for (int i = 0; i < 8; i++) {
        terms[i].a = x[i];
        terms[i].b = w[i];
        truth += x[i] * w[i];
    }
    CheckedSum c;
    check_sum(&c, terms, 8, 2, 2, truth, 2);
    assert_true(c.same);
    assert_int_equal(c.digits_a, 2);
    assert_true(fabs(c.sum - -4e15) < 1.0);
    check_sum_as_shown(&c, terms, 8, 5, 5, truth, 2);   /* 1e27 units a term: past a long long */
    assert_true(c.same);
    assert_true(fabs(c.sum / -4e15 - 1.0) < 1e-12);
    terms[1].a = -1e300;                                /* opposite huge terms: no inf, no nan */
    terms[1].b = 1e8;
    terms[2].a = 1e300;
    terms[2].b = 1e8;
    check_sum_as_shown(&c, terms, 8, 2, 2, 0.0, 2);
    assert_true(isfinite(c.sum));
    CheckedQuotient q;
    check_quotient(&q, 1e300, 2, 2.828427, 6, 1e300 / 2.828427, 2);
    assert_true(q.same);
    assert_true(isfinite(q.quotient) && fabs(q.quotient / (1e300 / 2.828427) - 1.0) < 1e-9);
    CheckedCosine cos;
    double a[3] = { 1e17, 1.0, 2.0 }, b[3] = { 2e17, -1.0, 0.5 };
    check_cosine_printed(&cos, a, b, 3, 2);
    assert_true(fabs(cos.cosine - 1.0) < 1e-12);
    assert_true(fabs(cos.dot / 2e34 - 1.0) < 1e-12);
    double shares[3] = { 1e18, 0.25, 0.5 };
    assert_true(fabs(check_percent_total(shares, 3) / 1e20 - 1.0) < 1e-12);
    assert_true(fabs(check_percent_change(-1e18, 1e18) / 2e20 - 1.0) < 1e-12);
}

static int teardown(void **state)
{
    fixture_close(*state);
    return 0;
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_score_grows_to_three),
        cmocka_unit_test(test_exact_side_keeps_its_decimals),
        cmocka_unit_test(test_share_row_of_deng),
        cmocka_unit_test(test_share_row_of_san),
        cmocka_unit_test(test_output),
        cmocka_unit_test(test_percent_total),
        cmocka_unit_test(test_holds_at_both_decimals),
        cmocka_unit_test(test_quotient_grows_its_dividend),
        cmocka_unit_test(test_huge_values_hold),
    };
    return cmocka_run_group_tests(tests, setup, teardown);
}
