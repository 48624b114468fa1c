/* test_svg.c — a grid as SVG (svg.c), on a hand-made 6 × 2 grid, byte for byte; and the
 * shapes the arcs view and the all view report (arcs_geometry.h) for the SVG's paths.
 * Covers: the header (viewBox, title escaped), a reversed style's background, a wide
 * glyph's letter-spacing, a run of text with a blank inside, a rule, a shade, braille dots;
 * an arc per character with the trace's share and a width linear in it; 36 lines; reporting
 * changes no cell of the frame; the contrast theme's strokes 1.8 times the dark theme's. */
#include <stdarg.h>
#include <stddef.h>
#include <setjmp.h>
#include <stdint.h>
#include <cmocka.h>

#include <stdio.h>
#include <stdlib.h>
#include <math.h>
#include <string.h>

#include "arcs_geometry.h"
#include "grid.h"
#include "harness.h"
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
        "<rect x=\"24\" y=\"16\" width=\"8\" height=\"16\" fill=\"#bcbcbc\"/>\n";
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

/* The scene drawn at 80 × 24 with and without shapes reported: the same cells. */
static ArcsGeometry *render_with_shapes(Scene *s)
{
    ArcsGeometry *v = calloc(1, sizeof *v);
    assert_non_null(v);
    Grid plain = scene_render(s, 80, 24), g;
    assert_int_equal(grid_init(&g, 80, 24), 0);
    g.vectors = v;
    FrameInput in = scene_input(s);
    frame_render(&g, &in);
    assert_memory_equal(g.cells, plain.cells, sizeof *g.cells * 80 * 24);
    grid_free(&g);
    grid_free(&plain);
    return v;
}

static void test_arcs_reported(void **state)
{
    (void)state;
    Scene *s = scene_open(NULL, VIEW_ARCS);
    s->p.stage = STAGE_SOFTMAX;
    s->p.focus = 3;   /* 等 */
    ArcsGeometry *v = render_with_shapes(s);
    const Trace *tr = &s->ls->tr;
    assert_int_equal(v->count, tr->T);
    assert_true(v->area_w == 80 && v->area_h > 0);
    double per_share = (v->shapes[0].width - 1.0) / TRACE_HSQ(tr, weights, 0, 3, 0);
    for (int i = 0; i < v->count; i++) {
        const GeomShape *g = &v->shapes[i];
        assert_int_equal(g->kind, GEOM_ARC);
        assert_true(g->share == TRACE_HSQ(tr, weights, 0, 3, i));
        assert_true(fabs(g->width - (1.0 + g->share * per_share)) < 1e-9);   /* linear in the share */
        assert_true(g->height > 0 && g->y1 == g->y0);
        assert_true(i < 3 ? g->x1 < g->x0 : g->x1 >= g->x0);   /* left of 等, its loop, right */
    }
    assert_true(per_share > 30);   /* the foot's scale at 80 × 24 (34 dots for a share of 1) */
    free(v);
    s->p.stage = STAGE_QKV;   /* no arcs at ① */
    v = render_with_shapes(s);
    assert_int_equal(v->count, 0);
    free(v);
    scene_close(s);
}

static void test_all_lines_reported(void **state)
{
    (void)state;
    Scene *s = scene_open(NULL, VIEW_ALL);
    ArcsGeometry *v = render_with_shapes(s);
    const Trace *tr = &s->ls->tr;
    assert_int_equal(v->count, tr->T * tr->T);
    for (int i = 0; i < v->count; i++) {
        const GeomShape *g = &v->shapes[i];
        assert_int_equal(g->kind, GEOM_LINE);
        assert_true(g->y1 > g->y0 && g->lead == 3);
        assert_int_equal(g->style == STYLE_DIM, i < v->count - tr->T);   /* the focus's last */
    }
    free(v);
    scene_close(s);
}

/* The scene's frame (w × h, theme as ui.theme, shapes reported) as SVG written in theme:
 * the text, caller frees. */
static char *svg_of(Scene *s, Theme theme, int w, int h)
{
    s->ui.theme = theme;
    ArcsGeometry *v = calloc(1, sizeof *v);
    assert_non_null(v);
    Grid g;
    assert_int_equal(grid_init(&g, w, h), 0);
    g.vectors = v;
    FrameInput in = scene_input(s);
    frame_render(&g, &in);
    char *buf = NULL;
    size_t len = 0;
    FILE *f = open_memstream(&buf, &len);
    assert_non_null(f);
    assert_int_equal(svg_write(f, &g, "strokes", theme), 0);
    fclose(f);
    grid_free(&g);
    free(v);
    return buf;
}

/* Every stroke-width of svg in order, with the decimals each is printed with: how many. */
static int stroke_widths(const char *svg, double *w, int *decimals, int cap)
{
    int n = 0;
    for (const char *p = strstr(svg, "stroke-width=\""); p && n < cap; p = strstr(p + 1, "stroke-width=\"")) {
        const char *v = p + strlen("stroke-width=\"");
        w[n] = strtod(v, NULL);
        const char *dot = strchr(v, '.'), *end = strchr(v, '"');
        decimals[n] = dot && dot < end ? (int)(end - dot - 1) : 0;
        n++;
    }
    return n;
}

/* The contrast theme (a projector) strokes every line 1.8 times as wide as the dark theme:
 * the arcs' and the all view's paths, the rules and boxes; each stroke of one frame in
 * contrast is 1.8 × the same stroke in dark, to the decimals printed. */
static void test_contrast_strokes_are_wider(void **state)
{
    (void)state;
    const ViewId views[] = { VIEW_ARCS, VIEW_ALL, VIEW_MACHINE };   /* arcs, lines, rules */
    for (size_t k = 0; k < sizeof views / sizeof views[0]; k++) {
        Scene *s = scene_open(NULL, views[k]);
        s->p.stage = STAGE_SOFTMAX;
        s->p.focus = 3;
        char *dark = svg_of(s, THEME_DARK, 120, 40), *contrast = svg_of(s, THEME_CONTRAST, 120, 40);
        enum { MAX = 4096 };
        static double dw[MAX], cw[MAX];
        static int dd[MAX], cd[MAX];
        int nd = stroke_widths(dark, dw, dd, MAX), nc = stroke_widths(contrast, cw, cd, MAX);
        assert_int_equal(nd, nc);
        if (nd == 0)
            fail_msg("%s: no strokes", view_ops(views[k])->name);
        for (int i = 0; i < nd; i++) {
            double slack = 0.5 * pow(10.0, -cd[i]) + 1.8 * 0.5 * pow(10.0, -dd[i]) + 1e-9;
            if (fabs(cw[i] - 1.8 * dw[i]) > slack)
                fail_msg("%s: stroke %d is %g in contrast, %g in dark: not 1.8 times", view_ops(views[k])->name,
                         i, cw[i], dw[i]);
        }
        free(dark);
        free(contrast);
        scene_close(s);
    }
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_small_grid),
        cmocka_unit_test(test_arcs_reported),
        cmocka_unit_test(test_all_lines_reported),
        cmocka_unit_test(test_contrast_strokes_are_wider),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
