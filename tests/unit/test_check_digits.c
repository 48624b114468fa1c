/* test_check_digits.c — check.h's choice of decimals for a row of dividends printed beside
 * their quotients (the arcs view's raw scores over ÷√8): enough that every printed dividend
 * ÷ the printed divisor rounds to the printed quotient.
 * Owns: those facts, with exact figures. Must not touch: drawing, the terminal. */
#include <stdarg.h>
#include <stddef.h>
#include <setjmp.h>
#include <stdint.h>
#include <cmocka.h>

#include <math.h>
#include "check.h"
#include "format.h"

/* ?'s row of 三加五等于?: 0.41 ÷ 2.828427 is 0.1450, but the ÷√8 row prints 0.15 (the true
 * score 0.4127… ÷ √8 is 0.1459…): two decimals do not hold, three do. */
static void test_three_decimals_when_two_do_not_hold(void **state)
{
    (void)state;
    const double sq = sqrt(8.0);
    const double raw[2] = { 0.4127, 5.9963 };
    double scaled[2] = { raw[0] / sq, raw[1] / sq };
    assert_true(format_round(format_round(raw[0], 2) / format_round(sq, 6), 2) != format_round(scaled[0], 2));
    assert_int_equal(check_dividend_digits(raw, scaled, 2, sq, 6, 2, 2, 4), 3);
    assert_int_equal(check_dividend_digits(raw + 1, scaled + 1, 1, sq, 6, 2, 2, 4), 2);
}

static void test_two_decimals_when_they_hold(void **state)
{
    (void)state;
    const double sq = sqrt(8.0);
    const double raw[6] = { 1.2614, 4.0510, -0.6158, -6.2269, -4.8873, 0.3862 };
    double scaled[6];
    for (int i = 0; i < 6; i++)
        scaled[i] = raw[i] / sq;
    assert_int_equal(check_dividend_digits(raw, scaled, 6, sq, 6, 2, 2, 4), 2);
    for (int i = 0; i < 6; i++)   /* and they do hold */
        assert_true(format_round(format_round(raw[i], 2) / 2.828427, 2) == format_round(scaled[i], 2));
}

/* When no number of decimals up to `most` holds, `most`. */
static void test_most_when_nothing_holds(void **state)
{
    (void)state;
    const double raw[1] = { 1.0 }, wrong[1] = { 0.9 };
    assert_int_equal(check_dividend_digits(raw, wrong, 1, 1.0, 6, 2, 2, 4), 4);
    assert_int_equal(check_dividend_digits(raw, wrong, 0, 1.0, 6, 2, 2, 4), 2);
}

/* A printed dividend whose quotient is exactly a half at the result's decimals is not taken:
 * 10.0148 ÷ 8 = 1.25185, which a calculator rounds to 1.2519 (the double nearest it rounds
 * to 1.2518, the printed quotient): 10.01478 ÷ 8 = 1.2518475 is. */
static void test_a_tie_is_not_taken(void **state)
{
    (void)state;
    const double raw[1] = { 10.01478 }, scaled[1] = { 10.01478 / 8.0 };   /* 1.2518475 */
    assert_int_equal(check_dividend_digits(raw, scaled, 1, 8.0, 0, 4, 4, 6), 5);
    assert_true(format_round(format_round(raw[0], 5) / 8.0, 4) == format_round(scaled[0], 4));
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_three_decimals_when_two_do_not_hold),
        cmocka_unit_test(test_a_tie_is_not_taken),
        cmocka_unit_test(test_two_decimals_when_they_hold),
        cmocka_unit_test(test_most_when_nothing_holds),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
