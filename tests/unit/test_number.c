/* test_number.c — the one number grammar (number.c) that model files, --set, --speed, --lr
 * and the config file share: decimals with exponents in any locale; hex, blanks, words and
 * overlong texts refused, inf, nan and 1e999 read as not finite. */
#include <stdarg.h>
#include <stddef.h>
#include <setjmp.h>
#include <stdint.h>
#include <cmocka.h>

#include <locale.h>
#include <string.h>

#include "number.h"

static void test_decimals(void **state)
{
    (void)state;
    static const struct { const char *text; double value; } good[] = {
        { "0", 0.0 }, { "-1.25", -1.25 }, { "+.5", 0.5 }, { "3.", 3.0 }, { "1e3", 1000.0 },
        { "1.5E-2", 0.015 }, { "-2e+1", -20.0 }, { "1e-400", 0.0 },
    };
    for (size_t i = 0; i < sizeof good / sizeof good[0]; i++) {
        double v = -99.0;
        assert_int_equal(number_parse(good[i].text, &v), NUMBER_OK);
        assert_true(v == good[i].value);
    }
    /* a decimal-comma locale changes nothing (the test locale is built under LOCPATH) */
    if (setlocale(LC_NUMERIC, "de_DE.UTF-8")) {
        double v = 0.0;
        assert_int_equal(number_parse("2.5", &v), NUMBER_OK);
        assert_true(v == 2.5);
        assert_int_equal(number_parse("2,5", &v), NUMBER_NOT_A_NUMBER);
        setlocale(LC_NUMERIC, "C");
    }
}

static void test_refused(void **state)
{
    (void)state;
    static const struct { const char *text; NumberStatus status; } bad[] = {
        { "", NUMBER_NOT_A_NUMBER }, { "0x10", NUMBER_NOT_A_NUMBER }, { "0X1p3", NUMBER_NOT_A_NUMBER },
        { " 2", NUMBER_NOT_A_NUMBER }, { "2 ", NUMBER_NOT_A_NUMBER }, { "\t2", NUMBER_NOT_A_NUMBER },
        { "1e", NUMBER_NOT_A_NUMBER }, { "1.2.3", NUMBER_NOT_A_NUMBER }, { "abc", NUMBER_NOT_A_NUMBER },
        { "5%", NUMBER_NOT_A_NUMBER }, { "1,5", NUMBER_NOT_A_NUMBER },
        { "inf", NUMBER_NOT_FINITE }, { "-Infinity", NUMBER_NOT_FINITE }, { "nan", NUMBER_NOT_FINITE },
        { "1e999", NUMBER_NOT_FINITE },
    };
    for (size_t i = 0; i < sizeof bad / sizeof bad[0]; i++) {
        double v = 7.0;
        assert_int_equal(number_parse(bad[i].text, &v), bad[i].status);
        assert_true(v == 7.0);   /* left alone */
    }
    char longest[NUMBER_MAX_BYTES + 2];
    memset(longest, '1', sizeof longest);
    longest[NUMBER_MAX_BYTES] = '\0';
    double v;
    assert_int_equal(number_parse(longest, &v), NUMBER_OK);
    longest[NUMBER_MAX_BYTES] = '1';
    longest[NUMBER_MAX_BYTES + 1] = '\0';
    assert_int_equal(number_parse(longest, &v), NUMBER_TOO_LONG);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_decimals),
        cmocka_unit_test(test_refused),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
