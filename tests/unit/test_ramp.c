/* test_ramp.c — the one share → colour ramp (src/ramp.h): a share's level by its cuts, a
 * level's style, the legend's forms (whole, brief, none; with numbers hidden the ends in
 * words; in Chinese), and on every screen that colours a share or a score the legend drawn
 * with the four swatches in the ramp's styles, in order, on one row.
 * Must not touch: the palette's colours (test_palette.c measures them), the terminal. */
#include <stdarg.h>
#include <stddef.h>
#include <setjmp.h>
#include <stdint.h>
#include <cmocka.h>

#include <stdio.h>
#include <string.h>

#include "harness.h"
#include "keys.h"
#include "ramp.h"
#include "view_train.h"

static void test_levels_and_styles(void **state)
{
    (void)state;
    static const struct { double share; int level; } cuts[] = {
        { 0.0, 1 }, { 0.014, 1 }, { 0.0499, 1 }, { 0.05, 2 }, { 0.101, 2 }, { 0.144, 2 }, { 0.15, 3 },
        { 0.196, 3 }, { 0.3499, 3 }, { 0.35, 4 }, { 0.524, 4 }, { 1.0, 4 },
    };
    for (size_t i = 0; i < sizeof cuts / sizeof cuts[0]; i++) {
        assert_int_equal(ramp_share_level(cuts[i].share), cuts[i].level);
        assert_int_equal(ramp_share_style(cuts[i].share), STYLE_SHARE_1 + cuts[i].level - 1);
    }
    assert_int_equal(ramp_style(0), STYLE_SHARE_1);   /* clamped */
    assert_int_equal(ramp_style(9), STYLE_SHARE_4);
    assert_int_equal(ramp_range_level(-6.23, -6.23, 10.42), 1);
    assert_int_equal(ramp_range_level(4.05, -6.23, 10.42), 3);
    assert_int_equal(ramp_range_level(10.42, -6.23, 10.42), 4);
    assert_int_equal(ramp_range_level(1.0, 2.0, 2.0), 4);
    assert_int_equal(ramp_magnitude_level(-0.5, 2.0), 2);
    assert_int_equal(ramp_magnitude_level(0.3, 0.0), 1);
    assert_string_equal(ramp_ascii_stroke(1), ":");
    assert_string_equal(ramp_ascii_stroke(4), "#");
}

/* The legend on a row of g from column 1, never past limit: its text and its columns. */
static int legend_at(Grid *g, Lang lang, bool ascii, bool numbers, int limit, RampMark mark, char *row, size_t cap)
{
    for (int x = 0; x < g->w; x++)
        grid_put_char(g, x, 0, " ", STYLE_NORMAL);
    ViewCtx c = { .g = g, .gl = draw_glyphs(ascii), .lang = lang, .ascii = ascii, .numbers = numbers };
    int w = ramp_legend_share(&c, 1, 0, limit, mark);
    row_trimmed(g, 0, row, cap);
    return w;
}

static void test_legend_forms(void **state)
{
    (void)state;
    Grid g;
    assert_int_equal(grid_init(&g, 80, 1), 0);
    char row[512];
    assert_int_equal(legend_at(&g, LANG_EN, false, true, 80, RAMP_MARK_LINE, row, sizeof row), 54);
    assert_string_equal(row, " share: ━━ under 5%  ━━ 5-15%  ━━ 15-35%  ━━ 35% and up");
    int styled[RAMP_LEVELS] = { 0 };   /* each swatch in its level's style */
    for (int x = 0; x < g.w; x++) {
        int st = grid_cell(&g, x, 0)->style;
        if (st >= STYLE_SHARE_1 && st <= STYLE_SHARE_4)
            styled[st - STYLE_SHARE_1]++;
    }
    for (int lv = 0; lv < RAMP_LEVELS; lv++)
        assert_int_equal(styled[lv], 2);
    /* too narrow for the words: the brief form; narrower still: nothing */
    assert_int_equal(legend_at(&g, LANG_EN, false, true, 40, RAMP_MARK_LINE, row, sizeof row), 33);
    assert_string_equal(row, " ━━ <5% ━━ 5-15% ━━ 15-35% ━━ ≥35%");
    assert_int_equal(legend_at(&g, LANG_EN, false, true, 30, RAMP_MARK_LINE, row, sizeof row), 0);
    assert_string_equal(row, "");
    /* Chinese; numbers hidden (the ends in words); ASCII */
    legend_at(&g, LANG_ZH, false, true, 80, RAMP_MARK_SHADE, row, sizeof row);
    assert_string_equal(row, " 百分比：░░ 5% 以下  ▒▒ 5%～15%  ▓▓ 15%～35%  ██ 35% 及以上");
    legend_at(&g, LANG_EN, false, false, 80, RAMP_MARK_BLOCK, row, sizeof row);
    assert_string_equal(row, " share: ██ least  ██  ██  ██ most");
    legend_at(&g, LANG_EN, true, true, 40, RAMP_MARK_LINE, row, sizeof row);
    assert_string_equal(row, " :: <5% -- 5-15% == 15-35% ## >=35%");
    grid_free(&g);
}

/* The row of g that holds the legend's words, or -1. */
static int legend_row(const Grid *g, const char *words)
{
    char row[4096];
    for (int y = 0; y < g->h; y++) {
        row_text(g, y, row, sizeof row);
        if (strstr(row, words))
            return y;
    }
    return -1;
}

/* Every screen that colours a share or a score shows the ramp's legend: on one row, the
 * four swatches in STYLE_SHARE_1 … 4, left to right (the matrix and the machine in their
 * text, the train screen beside its bars, a column). */
static void test_every_screen_has_the_legend(void **state)
{
    Fixture *f = *state;
    static const struct { ViewId view; Stage stage; int keys[2]; const char *words; } screens[] = {
        { VIEW_ARCS, STAGE_SOFTMAX, { 0 }, "under 5%" },
        { VIEW_ALL, STAGE_SOFTMAX, { 0 }, "under 5%" },
        { VIEW_LIBRARY, STAGE_SOFTMAX, { 0 }, "under 5%" },
        { VIEW_MATRIX, STAGE_SOFTMAX, { 0 }, "under 5%" },
        { VIEW_MATRIX, STAGE_SOFTMAX, { 't' }, "score: " },
        { VIEW_MACHINE, STAGE_SOFTMAX, { 0 }, "under 5%" },
        { VIEW_MACHINE, STAGE_SCORE, { 0 }, "score: " },
    };
    for (size_t i = 0; i < sizeof screens / sizeof screens[0]; i++) {
        Shot shot = { .w = 120, .h = 40, .stage = screens[i].stage, .focus = 3, .numbers = true,
                      .keys = { screens[i].keys[0] } };
        Grid g = shot_render(f, screens[i].view, &shot);
        int y = legend_row(&g, screens[i].words);
        if (y < 0)
            fail_msg("%s: no legend (\"%s\"):\n%s", view_ops(screens[i].view)->name, screens[i].words,
                     frame_text(&g));
        int last = STYLE_SHARE_1 - 1, seen = 0;
        for (int x = 0; x < g.w; x++) {
            int st = grid_cell(&g, x, y)->style;
            if (st < STYLE_SHARE_1 || st > STYLE_SHARE_4)
                continue;
            assert_true(st >= last);   /* left to right, weakest first */
            seen |= 1 << (st - STYLE_SHARE_1);
            last = st;
        }
        if (seen != 15)
            fail_msg("%s: the legend's row lacks a step (%x)", view_ops(screens[i].view)->name, seen);
        grid_free(&g);
    }
    /* the train screen: a column beside the ? row's bars */
    Scene *s = scene_open(NULL, VIEW_TRAIN);
    Grid g = scene_render(s, 120, 40);
    int y = legend_row(&g, "share:");
    assert_true(y > 0);
    for (int lv = 1; lv <= RAMP_LEVELS; lv++) {
        char row[4096];
        row_text(&g, y + lv, row, sizeof row);
        assert_non_null(strstr(row, lv == 1 ? "██ under 5%" : lv == 4 ? "██ 35% and up" : "██ "));
    }
    grid_free(&g);
    scene_close(s);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_levels_and_styles),
        cmocka_unit_test(test_legend_forms),
        cmocka_unit_test_setup_teardown(test_every_screen_has_the_legend, fixture_setup, fixture_teardown),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
