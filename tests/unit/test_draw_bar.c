/* test_draw_bar.c — the one bar renderer (draw_bar_eighths, draw_bar_text) at its edges:
 * 0, 1/16, 15/16 and 1 of one and of several columns, out-of-range fractions, ASCII; and the
 * one rule for which rows fit (draw_fit_rows).
 * Must not touch: any view, golden files, the terminal. */
#include <stdarg.h>
#include <stddef.h>
#include <setjmp.h>
#include <stdint.h>
#include <cmocka.h>

#include <math.h>
#include "draw.h"

/* The bar's text for fraction of cols, Unicode or ASCII. */
static const char *bar(bool ascii, double fraction, int cols)
{
    static char buf[256];
    draw_bar_text(ascii, fraction, cols, buf, sizeof buf);
    return buf;
}

static void test_edges_one_column(void **state)
{
    (void)state;
    assert_int_equal(draw_bar_eighths(0.0, 1), 0);
    assert_string_equal(bar(false, 0.0, 1), "");
    assert_int_equal(draw_bar_eighths(1.0 / 16, 1), 1);        /* half an eighth: up */
    assert_string_equal(bar(false, 1.0 / 16, 1), "▏");
    assert_int_equal(draw_bar_eighths(15.0 / 16, 1), 8);       /* 7.5 eighths: up, whole */
    assert_string_equal(bar(false, 15.0 / 16, 1), "█");
    assert_int_equal(draw_bar_eighths(1.0, 1), 8);
    assert_string_equal(bar(false, 1.0, 1), "█");
    assert_int_equal(draw_bar_eighths(1e-9, 1), 1);            /* any share above 0 is seen */
    assert_string_equal(bar(false, 1e-9, 1), "▏");
}

static void test_edges_many_columns(void **state)
{
    (void)state;
    assert_int_equal(draw_bar_eighths(1.0 / 16, 10), 5);       /* 5 eighths */
    assert_string_equal(bar(false, 1.0 / 16, 10), "▋");
    assert_int_equal(draw_bar_eighths(15.0 / 16, 10), 75);     /* 9 blocks and 3 eighths */
    assert_string_equal(bar(false, 15.0 / 16, 10), "█████████▍");
    assert_string_equal(bar(false, 1.0, 4), "████");
    assert_string_equal(bar(false, 0.5, 3), "█▌");
    assert_string_equal(bar(false, 2.0, 3), "███");             /* clamped */
    assert_string_equal(bar(false, -0.5, 3), "");
    assert_string_equal(bar(false, NAN, 3), "");
    assert_string_equal(bar(false, 0.5, 0), "");
}

static void test_ascii(void **state)
{
    (void)state;
    assert_string_equal(bar(true, 0.0, 4), "");
    assert_string_equal(bar(true, 1.0 / 16, 1), ".");           /* under half a column */
    assert_string_equal(bar(true, 15.0 / 16, 1), "#");
    assert_string_equal(bar(true, 1.0, 4), "####");
    assert_string_equal(bar(true, 15.0 / 16, 4), "####");        /* 30 eighths: 3.75 columns */
    assert_string_equal(bar(true, 1.0 / 16, 4), ".");            /* 2 eighths */
    assert_string_equal(bar(true, 1.0 / 8, 4), "#");             /* 4 eighths: half, up */
}

/* draw_fit_rows: a whole priority goes at a time, the highest first, never priority 1; what
 * still does not fit is cut after the first h. */
static void test_fit_rows(void **state)
{
    (void)state;
    static const int priority[] = { 1, 3, 2, 1, 3, 2, 1 };
    int kept[7];
    assert_int_equal(draw_fit_rows(priority, 7, 7, kept), 7);
    assert_int_equal(kept[6], 6);
    assert_int_equal(draw_fit_rows(priority, 7, 6, kept), 5);   /* both 3s go together */
    static const int after3[] = { 0, 2, 3, 5, 6 };
    assert_memory_equal(kept, after3, sizeof after3);
    assert_int_equal(draw_fit_rows(priority, 7, 4, kept), 3);   /* then both 2s */
    static const int after2[] = { 0, 3, 6 };
    assert_memory_equal(kept, after2, sizeof after2);
    assert_int_equal(draw_fit_rows(priority, 7, 2, kept), 2);   /* priority 1 is cut, not dropped */
    assert_int_equal(kept[0], 0);
    assert_int_equal(kept[1], 3);
    assert_int_equal(draw_fit_rows(priority, 7, 0, kept), 0);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_edges_one_column),
        cmocka_unit_test(test_edges_many_columns),
        cmocka_unit_test(test_ascii),
        cmocka_unit_test(test_fit_rows),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
