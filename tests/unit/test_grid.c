/* test_grid.c — unit tests for the cell grid (src/grid.c).
 * Owns: display-width writing (CJK takes two cells), clipping, wide-glyph halves,
 * exact text export, printf and resize. Must not touch: the views, the terminal. */
#include <stdarg.h>
#include <stddef.h>
#include <setjmp.h>
#include <stdint.h>
#include <cmocka.h>

#include <stdlib.h>
#include <string.h>

#include "grid.h"

/* ---------------------------------------------------------------- helpers */

static int setup_grid(void **state)
{
    Grid *g = malloc(sizeof *g);
    if (!g || grid_init(g, 10, 3) != 0)
        return -1;
    *state = g;
    return 0;
}

static int teardown_grid(void **state)
{
    Grid *g = *state;
    grid_free(g);
    free(g);
    return 0;
}

/* The grid as text (caller frees). */
static char *grid_text(const Grid *g)
{
    size_t n = grid_to_text(g, NULL, 0);
    char *buf = malloc(n + 1);
    assert_non_null(buf);
    assert_int_equal(grid_to_text(g, buf, n + 1), n);
    return buf;
}

static void assert_grid_text(const Grid *g, const char *expected)
{
    char *text = grid_text(g);
    assert_string_equal(text, expected);
    free(text);
}

/* ---------------------------------------------------------------- lifetime */

/* A span of row 0 repeated onto row 2, same columns, styles kept; clipped at the edge. */
static void test_copy_cells(void **state)
{
    Grid *g = *state;
    grid_put_text(g, 0, 0, "ab░▒cd", STYLE_BOLD);
    grid_copy_cells(g, 2, 0, 2, 2);
    assert_grid_text(g, "ab░▒cd\n\n  ░▒\n");
    assert_int_equal(grid_cell(g, 3, 2)->style, STYLE_BOLD);
    assert_int_equal(grid_cell(g, 4, 2)->style, STYLE_NORMAL);
    grid_copy_cells(g, 8, 0, 5, 1);   /* past the right edge: clipped, nothing to copy but blanks */
    grid_copy_cells(g, 0, 0, 6, 9);   /* no such row: nothing */
    assert_grid_text(g, "ab░▒cd\n\n  ░▒\n");
}

static void test_init_is_blank(void **state)
{
    Grid *g = *state;
    assert_int_equal(g->w, 10);
    assert_int_equal(g->h, 3);
    for (int y = 0; y < g->h; y++)
        for (int x = 0; x < g->w; x++) {
            const Cell *c = grid_cell(g, x, y);
            assert_string_equal(c->glyph, " ");
            assert_int_equal(c->width, 1);
            assert_int_equal(c->style, STYLE_NORMAL);
        }
    assert_grid_text(g, "\n\n\n");
}

static void test_cell_outside_is_null(void **state)
{
    Grid *g = *state;
    assert_null(grid_at(g, -1, 0));
    assert_null(grid_at(g, 10, 0));
    assert_null(grid_at(g, 0, 3));
    assert_null(grid_cell(g, 0, -1));
    assert_non_null(grid_at(g, 9, 2));
}

static void test_resize_clears(void **state)
{
    Grid *g = *state;
    grid_put_text(g, 0, 0, "abc", STYLE_BOLD);
    assert_int_equal(grid_resize(g, 4, 2), 0);
    assert_int_equal(g->w, 4);
    assert_int_equal(g->h, 2);
    assert_grid_text(g, "\n\n");
    grid_put_text(g, 0, 1, "wxyz!", STYLE_NORMAL);
    assert_grid_text(g, "\nwxyz\n");
}

/* ---------------------------------------------------------------- characters */

static void test_put_char_widths(void **state)
{
    Grid *g = *state;
    assert_int_equal(grid_put_char(g, 0, 0, "a", STYLE_TOKEN), 1);
    assert_int_equal(grid_put_char(g, 1, 0, "三", STYLE_FOCUS), 2);
    assert_int_equal(grid_put_char(g, 3, 0, "?", STYLE_TOKEN), 1);
    const Cell *left = grid_cell(g, 1, 0), *right = grid_cell(g, 2, 0);
    assert_string_equal(left->glyph, "三");
    assert_int_equal(left->width, 2);
    assert_int_equal(left->style, STYLE_FOCUS);
    assert_string_equal(right->glyph, "");
    assert_int_equal(right->width, 0);
    assert_grid_text(g, "a三?\n\n\n");
}

static void test_wide_glyph_clipped_at_right_edge(void **state)
{
    Grid *g = *state;
    assert_int_equal(grid_put_char(g, 9, 0, "加", STYLE_NORMAL), 0);
    assert_string_equal(grid_cell(g, 9, 0)->glyph, " ");
    assert_int_equal(grid_put_char(g, 8, 0, "加", STYLE_NORMAL), 2);
    assert_int_equal(grid_put_char(g, 10, 0, "a", STYLE_NORMAL), 0);
    assert_int_equal(grid_put_char(g, -1, 0, "a", STYLE_NORMAL), 0);
    assert_int_equal(grid_put_char(g, 0, 3, "a", STYLE_NORMAL), 0);
    assert_grid_text(g, "        加\n\n\n");
}

static void test_overwrite_left_half_blanks_right(void **state)
{
    Grid *g = *state;
    grid_put_char(g, 2, 1, "等", STYLE_FOCUS);
    grid_put_char(g, 2, 1, "x", STYLE_NORMAL);
    const Cell *right = grid_cell(g, 3, 1);
    assert_string_equal(right->glyph, " ");
    assert_int_equal(right->width, 1);
    assert_grid_text(g, "\n  x\n\n");
}

static void test_overwrite_right_half_blanks_left(void **state)
{
    Grid *g = *state;
    grid_put_char(g, 2, 1, "等", STYLE_FOCUS);
    grid_put_char(g, 3, 1, "y", STYLE_NORMAL);
    const Cell *left = grid_cell(g, 2, 1);
    assert_string_equal(left->glyph, " ");
    assert_int_equal(left->width, 1);
    assert_grid_text(g, "\n   y\n\n");
}

static void test_wide_over_two_wide_halves(void **state)
{
    Grid *g = *state;
    grid_put_text(g, 0, 0, "三加", STYLE_TOKEN);   /* columns 0-1 and 2-3 */
    grid_put_char(g, 1, 0, "五", STYLE_TOKEN);      /* straddles both */
    assert_string_equal(grid_cell(g, 0, 0)->glyph, " ");
    assert_string_equal(grid_cell(g, 1, 0)->glyph, "五");
    assert_int_equal(grid_cell(g, 2, 0)->width, 0);
    assert_string_equal(grid_cell(g, 3, 0)->glyph, " ");
    assert_int_equal(grid_cell(g, 3, 0)->width, 1);
    assert_grid_text(g, " 五\n\n\n");
}

/* ---------------------------------------------------------------- text */

static void test_put_text_cjk_and_ascii(void **state)
{
    Grid *g = *state;
    assert_int_equal(grid_put_text(g, 1, 2, "三加五等于?", STYLE_TOKEN), 8);
    /* 三加五等 take 8 columns from 1; 于 would need columns 9-10: clipped */
    assert_grid_text(g, "\n\n 三加五等\n");
}

static void test_put_text_clips_ascii(void **state)
{
    Grid *g = *state;
    assert_int_equal(grid_put_text(g, 7, 0, "hello", STYLE_NORMAL), 3);
    assert_int_equal(grid_put_text(g, -2, 1, "abcd", STYLE_NORMAL), 2);
    assert_grid_text(g, "       hel\ncd\n\n");
}

static void test_put_text_invalid_utf8(void **state)
{
    Grid *g = *state;
    assert_int_equal(grid_put_text(g, 0, 0, "a\xFF" "b", STYLE_NORMAL), 3);
    assert_grid_text(g, "a?b\n\n\n");
}

static void test_printf(void **state)
{
    Grid *g = *state;
    assert_int_equal(grid_printf(g, 0, 1, STYLE_BOLD, "%s=%5.2f", "等", 0.5), 8);
    assert_grid_text(g, "\n等= 0.50\n\n");
    assert_int_equal(grid_cell(g, 0, 1)->style, STYLE_BOLD);
}

static void test_printf_long(void **state)
{
    Grid *g = *state;
    char big[2000];
    memset(big, 'z', sizeof big - 1);
    big[sizeof big - 1] = '\0';
    assert_int_equal(grid_printf(g, 0, 0, STYLE_NORMAL, "%s", big), 10);
    assert_grid_text(g, "zzzzzzzzzz\n\n\n");
}

static void test_set_style(void **state)
{
    Grid *g = *state;
    grid_put_text(g, 0, 0, "abc", STYLE_NORMAL);
    grid_set_style(g, 1, 0, 20, STYLE_STATUS);
    assert_int_equal(grid_cell(g, 0, 0)->style, STYLE_NORMAL);
    assert_int_equal(grid_cell(g, 1, 0)->style, STYLE_STATUS);
    assert_int_equal(grid_cell(g, 9, 0)->style, STYLE_STATUS);
    assert_string_equal(grid_cell(g, 1, 0)->glyph, "b");
}

/* ---------------------------------------------------------------- text export */

static void test_to_text_trims_trailing_blanks_only(void **state)
{
    Grid *g = *state;
    grid_put_text(g, 2, 0, "a b", STYLE_NORMAL);
    grid_put_char(g, 8, 2, "于", STYLE_NORMAL);
    assert_grid_text(g, "  a b\n\n        于\n");
}

static void test_to_text_truncates_to_cap(void **state)
{
    Grid *g = *state;
    grid_put_text(g, 0, 0, "abcdef", STYLE_NORMAL);
    char buf[4];
    assert_int_equal(grid_to_text(g, buf, sizeof buf), 9);
    assert_string_equal(buf, "abc");
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test_setup_teardown(test_init_is_blank, setup_grid, teardown_grid),
        cmocka_unit_test_setup_teardown(test_cell_outside_is_null, setup_grid, teardown_grid),
        cmocka_unit_test_setup_teardown(test_resize_clears, setup_grid, teardown_grid),
        cmocka_unit_test_setup_teardown(test_put_char_widths, setup_grid, teardown_grid),
        cmocka_unit_test_setup_teardown(test_wide_glyph_clipped_at_right_edge, setup_grid, teardown_grid),
        cmocka_unit_test_setup_teardown(test_overwrite_left_half_blanks_right, setup_grid, teardown_grid),
        cmocka_unit_test_setup_teardown(test_overwrite_right_half_blanks_left, setup_grid, teardown_grid),
        cmocka_unit_test_setup_teardown(test_wide_over_two_wide_halves, setup_grid, teardown_grid),
        cmocka_unit_test_setup_teardown(test_put_text_cjk_and_ascii, setup_grid, teardown_grid),
        cmocka_unit_test_setup_teardown(test_put_text_clips_ascii, setup_grid, teardown_grid),
        cmocka_unit_test_setup_teardown(test_put_text_invalid_utf8, setup_grid, teardown_grid),
        cmocka_unit_test_setup_teardown(test_printf, setup_grid, teardown_grid),
        cmocka_unit_test_setup_teardown(test_printf_long, setup_grid, teardown_grid),
        cmocka_unit_test_setup_teardown(test_set_style, setup_grid, teardown_grid),
        cmocka_unit_test_setup_teardown(test_copy_cells, setup_grid, teardown_grid),
        cmocka_unit_test_setup_teardown(test_to_text_trims_trailing_blanks_only, setup_grid, teardown_grid),
        cmocka_unit_test_setup_teardown(test_to_text_truncates_to_cap, setup_grid, teardown_grid),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
