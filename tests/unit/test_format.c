/* test_format.c — unit tests for number formatting (src/format.c): the lesson's rounding,
 * exponent notation for values no table cell can hold (1.2345e34 was cut into a 31-digit
 * number, 1e307 came out as "inf"), and exact round-trip text for written models.
 * Must not touch: the terminal, files. */
#include <stdarg.h>
#include <stddef.h>
#include <setjmp.h>
#include <stdint.h>
#include <cmocka.h>

#include <float.h>
#include <locale.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "format.h"

/* ---------------------------------------------------------------- fixed */

static void test_fixed_ordinary(void **state)
{
    (void)state;
    char buf[FORMAT_BYTES];
    assert_string_equal(format_fixed(buf, sizeof buf, 0.125, 2), "0.13");
    assert_string_equal(format_fixed(buf, sizeof buf, -0.125, 2), "-0.13");
    assert_string_equal(format_fixed(buf, sizeof buf, -0.004, 2), "0.00");
    assert_string_equal(format_fixed(buf, sizeof buf, 123456.785, 2), "123456.79");
    assert_string_equal(format_fixed(buf, sizeof buf, 999999.994, 2), "999999.99");
    assert_string_equal(format_fixed(buf, sizeof buf, 5e-7, 2), "0.00");
    assert_string_equal(format_fixed(buf, sizeof buf, -999999.4, 0), "-999999");
}

static void test_fixed_large(void **state)
{
    (void)state;
    char buf[FORMAT_BYTES];
    /* the reproducers */
    assert_string_equal(format_fixed(buf, sizeof buf, 1.2345e34, 2), "1.23e34");
    assert_string_equal(format_fixed(buf, sizeof buf, 1e307, 2), "1.00e307");
    /* the switch: rounding up to a million already counts */
    assert_string_equal(format_fixed(buf, sizeof buf, 999999.996, 2), "1.00e6");
    assert_string_equal(format_fixed(buf, sizeof buf, 1e6, 2), "1.00e6");
    assert_string_equal(format_fixed(buf, sizeof buf, -2.5e6, 1), "-2.5e6");
    assert_string_equal(format_fixed(buf, sizeof buf, 4.2e15, 0), "4e15");
    assert_string_equal(format_fixed(buf, sizeof buf, -DBL_MAX, 2), "-1.80e308");
    assert_string_equal(format_fixed(buf, sizeof buf, DBL_MAX, 9), "1.797693135e308");
    assert_string_equal(format_percent(buf, sizeof buf, 1e300), "1.0e302%");
    /* what the engine never lets through is still not printed as a number */
    assert_string_equal(format_fixed(buf, sizeof buf, NAN, 2), "nan");
    assert_string_equal(format_fixed(buf, sizeof buf, -INFINITY, 2), "-inf");
    /* rounding a huge value leaves it alone instead of overflowing to inf */
    assert_true(format_round(1e307, 2) == 1e307);
    assert_true(format_round(DBL_MAX, 9) == DBL_MAX);
    assert_true(format_round(-0x1p52 - 1, 3) == -0x1p52 - 1);
}

/* Every finite value, any digits: fits FORMAT_BYTES and reads back within half a unit
 * of its last printed digit. */
static void test_fixed_sweep(void **state)
{
    (void)state;
    char buf[FORMAT_BYTES + 16];
    const double mantissas[] = { 1.0, -1.0, 1.5, -2.7182818284590452, 9.999999999, 3.3333333333 };
    for (int e = -320; e <= 308; e++)
        for (size_t k = 0; k < sizeof mantissas / sizeof mantissas[0]; k++)
            for (int digits = 0; digits <= 9; digits++) {
                double v = mantissas[k] * pow(10.0, e);
                if (!isfinite(v))
                    continue;
                memset(buf, 'X', sizeof buf);
                buf[sizeof buf - 1] = '\0';
                format_fixed(buf, sizeof buf, v, digits);
                size_t len = strlen(buf);
                if (len >= FORMAT_BYTES)
                    fail_msg("%.17g with %d digits is %zu bytes: %s", v, digits, len, buf);
                double back = strtod(buf, NULL);
                double unit = strchr(buf, 'e') ? fabs(back) * pow(10.0, -digits) * 10.0
                                               : pow(10.0, -digits);
                /* half a unit, plus the double's own rounding of v × 10^digits */
                if (!(fabs(back - v) <= 0.5 * unit * (1 + 1e-9) + 1e-14 * fabs(v)))
                    fail_msg("%.17g with %d digits printed %s", v, digits, buf);
            }
}

/* ---------------------------------------------------------------- exact */

static void test_exact(void **state)
{
    (void)state;
    char buf[FORMAT_BYTES];
    assert_string_equal(format_exact(buf, sizeof buf, 0.67), "0.67");
    assert_string_equal(format_exact(buf, sizeof buf, -0.5), "-0.5");
    assert_string_equal(format_exact(buf, sizeof buf, 0.1 + 0.2), "0.30000000000000004");
    assert_string_equal(format_exact(buf, sizeof buf, 1.0 / 3.0), "0.3333333333333333");
    assert_string_equal(format_exact(buf, sizeof buf, DBL_MAX), "1.7976931348623157e+308");
    assert_string_equal(format_exact(buf, sizeof buf, 4.9406564584124654e-324),
                        "4.94065645841247e-324");   /* 15 digits already read back */
    assert_string_equal(format_exact(buf, sizeof buf, -0.0), "-0");
    assert_string_equal(format_exact(buf, sizeof buf, 1e21), "1e+21");
    /* a deterministic sweep of bit patterns: every one reads back exactly */
    uint64_t x = 0x9E3779B97F4A7C15u;
    for (int i = 0; i < 100000; i++) {
        x ^= x << 13;
        x ^= x >> 7;
        x ^= x << 17;
        double v;
        memcpy(&v, &x, sizeof v);
        if (!isfinite(v))
            continue;
        format_exact(buf, sizeof buf, v);
        if (strtod(buf, NULL) != v)
            fail_msg("%s does not read back as %a", buf, v);
    }
}

/* Under a decimal-comma locale the text still uses '.', as the model format wants. */
static void test_exact_locale(void **state)
{
    (void)state;
    if (!setlocale(LC_NUMERIC, "de_DE.UTF-8") && !setlocale(LC_NUMERIC, "de_DE.utf8")) {
        print_message("no comma-decimal locale installed: skipped\n");
        skip();
    }
    char buf[FORMAT_BYTES];
    format_exact(buf, sizeof buf, -12.75);
    setlocale(LC_NUMERIC, "C");
    assert_string_equal(buf, "-12.75");
}

/* Machine-readable numbers (casts, SVG, JSON, models) keep '.' under a decimal-comma locale,
 * while the screen's format_fixed follows it; the caller's locale is untouched after. */
static void test_c_form_locale(void **state)
{
    (void)state;
    if (!setlocale(LC_NUMERIC, "de_DE.UTF-8") && !setlocale(LC_NUMERIC, "de_DE.utf8"))
        fail_msg("no decimal-comma locale (make builds build/locale/de_DE.UTF-8; LOCPATH=build/locale)");
    char buf[64], screen[FORMAT_BYTES];
    assert_string_equal(format_fixed(screen, sizeof screen, 0.125, 2), "0,13");   /* the locale is on */
    assert_int_equal(format_c(buf, sizeof buf, "[%.6f, %.17g, %g, %.2e]", 1.5, 0.1, 1e-9, -4e15), (int)strlen("[1.500000, 0.10000000000000001, 1e-09, -4.00e+15]"));
    assert_string_equal(buf, "[1.500000, 0.10000000000000001, 1e-09, -4.00e+15]");
    char *text = NULL;
    size_t len = 0;
    FILE *mem = open_memstream(&text, &len);
    assert_non_null(mem);
    assert_int_equal(format_c_fprintf(mem, "d=\"M%.2f %.1f\" w=\"%.3f\"", 358.0, 158.25, 75.266), (int)strlen("d=\"M358.00 158.2\" w=\"75.266\""));
    fclose(mem);
    assert_string_equal(text, "d=\"M358.00 158.2\" w=\"75.266\"");
    free(text);
    assert_string_equal(format_exact(buf, sizeof buf, -12.75), "-12.75");
    assert_string_equal(format_exact(buf, sizeof buf, 0.1), "0.1");
    assert_string_equal(format_fixed(screen, sizeof screen, 2.5, 1), "2,5");   /* and still on */
    setlocale(LC_NUMERIC, "C");
}

/* A check's "=" compares what is shown: equal roundings, or (from 1e6 on) equal mantissas. */
static void test_same_shown(void **state)
{
    (void)state;
    assert_true(format_same_shown(1.234, 1.2349, 2));
    assert_false(format_same_shown(1.234, 1.235, 2));
    assert_true(format_same_shown(-0.001, 0.001, 2));                      /* both 0.00 */
    assert_true(format_same_shown(-4e15, -3.9999999999999971e15, 2));      /* -4.00e15 */
    assert_false(format_same_shown(-4e15, -4.1e15, 2));
    assert_true(format_same_shown(999999.996, 1e6, 2));                    /* 1.00e6 */
    assert_false(format_same_shown(1e17, 1e16, 2));
    assert_true(format_same_shown(1.7976931348623157e308, 1.797e308, 2));
}

/* ---------------------------------------------------------------- main */

/* Big counts in threes with a plain space (the scale screen's 12 845 056), small ones whole. */
static void test_grouped(void **state)
{
    (void)state;
    char buf[FORMAT_BYTES];
    assert_string_equal(format_grouped(buf, sizeof buf, 12845056), "12 845 056");
    assert_string_equal(format_grouped(buf, sizeof buf, 16515072), "16 515 072");
    assert_string_equal(format_grouped(buf, sizeof buf, 1879048192), "1 879 048 192");
    assert_string_equal(format_grouped(buf, sizeof buf, 86016), "86 016");
    assert_string_equal(format_grouped(buf, sizeof buf, 3584), "3584");
    assert_string_equal(format_grouped(buf, sizeof buf, 192), "192");
    assert_string_equal(format_grouped(buf, sizeof buf, 0), "0");
    assert_string_equal(format_grouped(buf, sizeof buf, -1835008), "-1 835 008");
    assert_string_equal(format_grouped(buf, sizeof buf, -9223372036854775807LL - 1), "-9 223 372 036 854 775 808");
    char small[6];
    assert_string_equal(format_grouped(small, sizeof small, 12845056), "12 84");   /* cut, terminated */
}

/* A Chinese reader's 万: rounded to the nearest (16 515 072 is 1651.5072 万), nothing below 万. */
static void test_wan(void **state)
{
    (void)state;
    char buf[FORMAT_BYTES];
    assert_string_equal(format_wan(buf, sizeof buf, 16515072), "约 1652 万");
    assert_string_equal(format_wan(buf, sizeof buf, 12845056), "约 1285 万");
    assert_string_equal(format_wan(buf, sizeof buf, 14999), "约 1 万");
    assert_string_equal(format_wan(buf, sizeof buf, 15000), "约 2 万");
    assert_string_equal(format_wan(buf, sizeof buf, -1835008), "约 -184 万");
    assert_string_equal(format_wan(buf, sizeof buf, 9999), "");
    assert_string_equal(format_wan(buf, sizeof buf, -9223372036854775807LL - 1), "约 -922337203685478 万");
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_fixed_ordinary),
        cmocka_unit_test(test_fixed_large),
        cmocka_unit_test(test_fixed_sweep),
        cmocka_unit_test(test_exact),
        cmocka_unit_test(test_exact_locale),
        cmocka_unit_test(test_grouped),
        cmocka_unit_test(test_wan),
        cmocka_unit_test(test_c_form_locale),
        cmocka_unit_test(test_same_shown),
    };
    return cmocka_run_group_tests_name("format", tests, NULL, NULL);
}
