/* test_svg.c — a grid as SVG (svg.c), on a hand-made 6 × 2 grid, byte for byte.
 * Covers: the header (viewBox, title escaped), a reversed style's background, a wide
 * glyph's letter-spacing, a run of text with a blank inside, a rule, a shade, braille dots. */
#include <stdarg.h>
#include <stddef.h>
#include <setjmp.h>
#include <stdint.h>
#include <cmocka.h>

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "grid.h"
#include "svg.h"

static void test_small_grid(void **state)
{
    (void)state;
    Grid g;
    assert_int_equal(grid_init(&g, 6, 2), 0);
    grid_put_text(&g, 0, 0, "三a b", STYLE_NORMAL);
    grid_put_char(&g, 5, 0, "▒", STYLE_NORMAL);
    grid_put_text(&g, 0, 1, "─", STYLE_NORMAL);
    grid_put_char(&g, 1, 1, "⠁", STYLE_NORMAL);
    grid_put_text(&g, 3, 1, "&", STYLE_STATUS);
    char *buf = NULL;
    size_t len = 0;
    FILE *f = open_memstream(&buf, &len);
    assert_non_null(f);
    assert_int_equal(svg_write(f, &g, "a <b>", THEME_DARK), 0);
    fclose(f);
    const char *want =
        "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n"
        "<svg xmlns=\"http://www.w3.org/2000/svg\" version=\"1.1\" width=\"48\" height=\"32\" viewBox=\"0 0 48 32\">\n"
        "<title>a &lt;b&gt;</title>\n"
        "<rect width=\"48\" height=\"32\" fill=\"#1c1c1c\"/>\n"
        "<rect x=\"24\" y=\"16\" width=\"8\" height=\"16\" fill=\"#d0d0d0\"/>\n";
    assert_memory_equal(buf, want, strlen(want));
    assert_non_null(strstr(buf, "<text x=\"0\" y=\"12\" fill=\"#d0d0d0\" letter-spacing=\"2.667\">三</text>\n"
                                "<text x=\"16\" y=\"12\" fill=\"#d0d0d0\">a b</text>\n"
                                "<rect x=\"40\" y=\"0\" width=\"8\" height=\"16\" fill=\"#d0d0d0\" fill-opacity=\"0.50\"/>\n"
                                "<path d=\"M0 24.0H4.0M4.0 24.0H8\" stroke=\"#d0d0d0\" stroke-width=\"1.2\" fill=\"none\"/>\n"
                                "<path fill=\"#d0d0d0\" d=\"M8.7 18.0a1.3 1.3 0 1 0 2.6 0a1.3 1.3 0 1 0 -2.6 0\"/>\n"
                                "<text x=\"24\" y=\"28\" fill=\"#1c1c1c\">&amp;</text>\n"));
    assert_non_null(strstr(buf, "</g>\n</svg>\n"));
    free(buf);
    grid_free(&g);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_small_grid),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
