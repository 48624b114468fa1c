/* test_check_quotient.c — the division a screen prints (a score ÷ √d) holds as printed:
 * operands rounded as shown, the quotient redone from them, "≈" only where it differs.
 * Owns: check_quotient's facts on made-up numbers and on every ÷√d cell of 三加五等于?.
 * Must not touch: drawing, the terminal. */
#include <stdarg.h>
#include <stddef.h>
#include <setjmp.h>
#include <stdint.h>
#include <cmocka.h>

#include <stdlib.h>
#include "check.h"
#include "model.h"

/* ---------------------------------------------------------------- made-up numbers */

static void test_operands_rounded_as_printed(void **state)
{
    (void)state;
    CheckedQuotient q;
    check_quotient(&q, 4.0510052, 2, 2.8284271247, 6, 4.0510052 / 2.8284271247, 2);
    assert_true(q.a == 4.05);
    assert_true(q.b == 2.828427);
    assert_int_equal(q.digits_a, 2);
    assert_int_equal(q.digits_b, 6);
    assert_true(q.quotient == 1.43);          /* 4.05 / 2.828427 = 1.4319 */
    assert_true(q.same);
}

static void test_differs_in_the_last_digit(void **state)
{
    (void)state;
    CheckedQuotient q;
    /* 0.412934 prints as 0.41; 0.41 / 2.828427 = 0.14496 → 0.14, the true 0.14599 → 0.15 */
    check_quotient(&q, 0.412934, 2, 2.8284271247, 6, 0.412934 / 2.8284271247, 2);
    assert_true(q.quotient == 0.14);
    assert_false(q.same);
}

static void test_divisor_printing_as_zero(void **state)
{
    (void)state;
    CheckedQuotient q;
    check_quotient(&q, 1.0, 2, 0.0004, 2, 2500.0, 2);
    assert_true(q.quotient == 0.0);
    assert_false(q.same);
}

/* ---------------------------------------------------------------- the lesson's table */

/* √8 printed with six decimals (the lesson's 2.828427) leaves one of the 36 cells of
 * 三加五等于? off in its last digit, ? asking 等; printed as 2.83 it would leave four. */
static void test_every_scaled_cell_of_the_lesson(void **state)
{
    (void)state;
    Model m;
    Trace tr;
    char err[256];
    assert_int_equal(model_load_default(&m, err, sizeof err), 0);
    assert_int_equal(engine_forward(&m, m.sentence, &tr, err, sizeof err), 0);
    int off6 = 0, off2 = 0;
    for (int t = 0; t < tr.T; t++)
        for (int s = 0; s < tr.T; s++) {
            CheckedQuotient q;
            check_quotient(&q, TRACE_SQ(&tr, scores, t, s), 2, tr.scale, 6, TRACE_SQ(&tr, scaled, t, s), 2);
            off6 += !q.same;
            if (!q.same) {
                assert_int_equal(t, 5);
                assert_int_equal(s, 3);
            }
            check_quotient(&q, TRACE_SQ(&tr, scores, t, s), 2, tr.scale, 2, TRACE_SQ(&tr, scaled, t, s), 2);
            off2 += !q.same;
        }
    assert_int_equal(off6, 1);
    assert_int_equal(off2, 4);
    CheckedQuotient q;   /* the lesson's own: Q(等)·K(加) ÷ √8 = 4.05 ÷ 2.828427 = 1.43 */
    check_quotient(&q, TRACE_SQ(&tr, scores, 3, 1), 2, tr.scale, 6, TRACE_SQ(&tr, scaled, 3, 1), 2);
    assert_true(q.a == 4.05 && q.b == 2.828427 && q.quotient == 1.43 && q.same);
    engine_free(&tr);
    model_free(&m);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_operands_rounded_as_printed),
        cmocka_unit_test(test_differs_in_the_last_digit),
        cmocka_unit_test(test_divisor_printing_as_zero),
        cmocka_unit_test(test_every_scaled_cell_of_the_lesson),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
