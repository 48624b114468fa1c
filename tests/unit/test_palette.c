/* test_palette.c — the three themes' style tables: every style names its foreground and its
 * background in every theme, none uses reverse video with colour, text reads against its
 * background (WCAG contrast ratios), the contrast theme has no dim text, and the signs and
 * the arcs' and heatmaps' ramp stay readable for a red-green colour-blind reader
 * (deuteranopia simulated by Machado et al. 2009's matrix on linear RGB).
 * Must not touch: the terminal, the grid's contents. */
#include <stdarg.h>
#include <stddef.h>
#include <setjmp.h>
#include <stdint.h>
#include <cmocka.h>

#include <math.h>
#include "palette.h"

/* ---------------------------------------------------------------- colour helpers */

static double lin(int c)
{
    double v = c / 255.0;
    return v <= 0.04045 ? v / 12.92 : pow((v + 0.055) / 1.055, 2.4);
}

/* Colour n as a deuteranope sees it, linear RGB. */
static void deuteranope(int n, double out[3])
{
    static const double m[3][3] = {
        { 0.367322, 0.860646, -0.227968 },
        { 0.280085, 0.672501, 0.047413 },
        { -0.011820, 0.042940, 0.968881 },
    };
    int r, g, b;
    palette_rgb(n, &r, &g, &b);
    double in[3] = { lin(r), lin(g), lin(b) };
    for (int i = 0; i < 3; i++) {
        out[i] = m[i][0] * in[0] + m[i][1] * in[1] + m[i][2] * in[2];
        out[i] = out[i] < 0 ? 0 : out[i] > 1 ? 1 : out[i];
    }
}

static double sim_luminance(int n)
{
    double c[3];
    deuteranope(n, c);
    return 0.2126 * c[0] + 0.7152 * c[1] + 0.0722 * c[2];
}

/* Distance of two colours as a deuteranope sees them (linear RGB, 0 .. √3). */
static double sim_distance(int a, int b)
{
    double x[3], y[3];
    deuteranope(a, x);
    deuteranope(b, y);
    return sqrt((x[0] - y[0]) * (x[0] - y[0]) + (x[1] - y[1]) * (x[1] - y[1]) +
                (x[2] - y[2]) * (x[2] - y[2]));
}

static double contrast_ratio(int a, int b)
{
    double la = palette_luminance(a), lb = palette_luminance(b);
    return (fmax(la, lb) + 0.05) / (fmin(la, lb) + 0.05);
}

static const char *const theme_names[THEME_COUNT] = { "dark", "light", "contrast" };

/* ---------------------------------------------------------------- tables */

static void test_every_style_names_both_colours(void **state)
{
    (void)state;
    for (int t = 0; t < THEME_COUNT; t++)
        for (int s = 0; s < STYLE_COUNT; s++) {
            const StyleLook *l = palette_look((Theme)t, (Style)s);
            if (l->fg256 < 0 || l->fg256 > 255 || l->bg256 < 0 || l->bg256 > 255)
                fail_msg("%s style %d: 256-colour fg %d bg %d", theme_names[t], s, l->fg256, l->bg256);
            if (l->fg8 < PAL_BLACK || l->fg8 > PAL_WHITE || l->bg8 < PAL_BLACK || l->bg8 > PAL_WHITE)
                fail_msg("%s style %d: 8-colour fg %d bg %d", theme_names[t], s, l->fg8, l->bg8);
            if (l->fg8 == l->bg8 && !(l->basic & PALETTE_BOLD))
                fail_msg("%s style %d: 8-colour text the colour of its background", theme_names[t], s);
            if ((l->rich | l->basic) & PALETTE_REVERSE)
                fail_msg("%s style %d: reverse video of a colour", theme_names[t], s);
            /* xterm brightens bold: bold black is grey, on white lighter than plain text */
            if (l->fg8 == PAL_BLACK && (l->basic & PALETTE_BOLD))
                fail_msg("%s style %d: bold black on 8-colour %d (grey where bold brightens)",
                         theme_names[t], s, l->bg8);
        }
}

/* With 8 colours emphasis still differs from plain text in dark and light (the light
 * theme's is blue: bold black is xterm's grey, lighter than the text around it). */
static void test_emphasis_shows_in_8_colours(void **state)
{
    (void)state;
    for (int t = THEME_DARK; t <= THEME_LIGHT; t++) {
        const StyleLook *n = palette_look((Theme)t, STYLE_NORMAL);
        const StyleLook *e = palette_look((Theme)t, STYLE_BOLD);
        if (n->fg8 == e->fg8 && n->basic == e->basic)
            fail_msg("%s: emphasis looks like plain text in 8 colours", theme_names[t]);
    }
    assert_int_equal(palette_look(THEME_LIGHT, STYLE_BOLD)->fg8, PAL_BLUE);
    assert_int_equal(palette_look(THEME_LIGHT, STYLE_BOLD)->basic & PALETTE_BOLD, 0);
}

static void test_page_is_the_theme_background(void **state)
{
    (void)state;
    assert_true(palette_luminance(palette_look(THEME_DARK, STYLE_NORMAL)->bg256) < 0.05);
    assert_true(palette_luminance(palette_look(THEME_LIGHT, STYLE_NORMAL)->bg256) > 0.9);
    assert_int_equal(palette_look(THEME_CONTRAST, STYLE_NORMAL)->bg256, 16);   /* black */
    assert_int_equal(palette_look(THEME_CONTRAST, STYLE_NORMAL)->fg256, 231);  /* white */
}

/* Text reads: 4.5:1 (WCAG AA) in dark and light, 7:1 (AAA) on the projector's theme, for
 * every style that is text; the arcs' weak levels are meant to be faint and are left out. */
static void test_text_contrast(void **state)
{
    (void)state;
    static const Style text[] = { STYLE_NORMAL, STYLE_DIM, STYLE_BOLD, STYLE_STAGE_LIT,
                                  STYLE_FOCUS, STYLE_TOKEN, STYLE_POSITIVE, STYLE_NEGATIVE,
                                  STYLE_STATUS, STYLE_HELP, STYLE_ERROR, STYLE_SERIES_A,
                                  STYLE_SERIES_B };
    for (int t = 0; t < THEME_COUNT; t++)
        for (size_t i = 0; i < sizeof text / sizeof text[0]; i++) {
            const StyleLook *l = palette_look((Theme)t, text[i]);
            double need = t == THEME_CONTRAST ? 7.0 : 4.5;
            double got = contrast_ratio(l->fg256, l->bg256);
            if (got < need)
                fail_msg("%s style %d: contrast %.2f < %.1f (fg %d on bg %d)", theme_names[t],
                         text[i], got, need, l->fg256, l->bg256);
        }
}

static void test_contrast_has_no_dim_text(void **state)
{
    (void)state;
    for (int s = 0; s < STYLE_COUNT; s++) {
        const StyleLook *l = palette_look(THEME_CONTRAST, (Style)s);
        if ((l->rich | l->basic) & PALETTE_DIM)
            fail_msg("contrast style %d is dim", s);
    }
    /* its "dim" text is a near-white, not a grey */
    assert_true(palette_luminance(palette_look(THEME_CONTRAST, STYLE_DIM)->fg256) > 0.8);
}

/* ---------------------------------------------------------------- colour-blind */

/* Positive orange against negative blue: far apart for a deuteranope in every theme, and
 * each clearly off the page. The old red/green pair (210 against 114) is not. */
static void test_signs_apart_for_deuteranopes(void **state)
{
    (void)state;
    for (int t = 0; t < THEME_COUNT; t++) {
        int pos = palette_look((Theme)t, STYLE_POSITIVE)->fg256;
        int neg = palette_look((Theme)t, STYLE_NEGATIVE)->fg256;
        double d = sim_distance(pos, neg);
        if (d < 0.35)
            fail_msg("%s: positive %d and negative %d are %.3f apart for a deuteranope",
                     theme_names[t], pos, neg, d);
    }
    assert_true(sim_distance(210, 114) < 0.35);   /* the check would catch red against green */
}

/* The arcs' eight levels and so the heatmaps' four (ARC_2, 4, 6, 8): the lightness moves
 * one way with the share, also as a deuteranope sees it — away from the page. */
static void test_ramp_monotonic(void **state)
{
    (void)state;
    for (int t = 0; t < THEME_COUNT; t++) {
        double sign = t == THEME_LIGHT ? -1.0 : 1.0;   /* darker on the white page */
        for (int s = STYLE_ARC_1; s < STYLE_ARC_8; s++) {
            int a = palette_look((Theme)t, (Style)s)->fg256;
            int b = palette_look((Theme)t, (Style)(s + 1))->fg256;
            if (sign * (palette_luminance(b) - palette_luminance(a)) <= 0.0)
                fail_msg("%s: level %d (%d) not past level %d (%d) in luminance", theme_names[t],
                         s - STYLE_ARC_1 + 2, b, s - STYLE_ARC_1 + 1, a);
            if (sign * (sim_luminance(b) - sim_luminance(a)) <= 0.0)
                fail_msg("%s: level %d (%d) not past level %d (%d) for a deuteranope",
                         theme_names[t], s - STYLE_ARC_1 + 2, b, s - STYLE_ARC_1 + 1, a);
        }
    }
}

static void test_theme_cycle_and_names(void **state)
{
    (void)state;
    assert_int_equal(palette_next_theme(THEME_DARK), THEME_LIGHT);
    assert_int_equal(palette_next_theme(THEME_LIGHT), THEME_CONTRAST);
    assert_int_equal(palette_next_theme(THEME_CONTRAST), THEME_DARK);
    assert_string_equal(palette_theme_name(THEME_LIGHT), "light");
    assert_string_equal(palette_theme_name((Theme)99), "dark");
    assert_ptr_equal(palette_look((Theme)99, STYLE_BOLD), palette_look(THEME_DARK, STYLE_BOLD));
    int r, g, b;
    palette_rgb(220, &r, &g, &b);   /* the cube: (4, 3, 0) → ffd700 */
    assert_int_equal(r, 255); assert_int_equal(g, 215); assert_int_equal(b, 0);
    palette_rgb(244, &r, &g, &b);   /* the grey ramp: 8 + 10 × 12 */
    assert_int_equal(r, 128); assert_int_equal(g, 128); assert_int_equal(b, 128);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_every_style_names_both_colours),
        cmocka_unit_test(test_emphasis_shows_in_8_colours),
        cmocka_unit_test(test_page_is_the_theme_background),
        cmocka_unit_test(test_text_contrast),
        cmocka_unit_test(test_contrast_has_no_dim_text),
        cmocka_unit_test(test_signs_apart_for_deuteranopes),
        cmocka_unit_test(test_ramp_monotonic),
        cmocka_unit_test(test_theme_cycle_and_names),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
