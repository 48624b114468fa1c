/* test_view_sqrtd.c — unit tests of station 5's machine, the √d view, as a pure function of
 * its inputs. Owns: the two √ figures, the draw's scores and shares as printed, the ÷√d
 * switch, d stepped by its keys, the seed, the plots (the unscaled curve at the top at
 * d = 512, the scaled one below half), hidden numbers, ASCII, every size.
 * Must not touch: golden files, the terminal. */
#include <stdarg.h>
#include <stddef.h>
#include <setjmp.h>
#include <stdint.h>
#include <cmocka.h>

#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "harness.h"
#include "format.h"
#include "keys.h"
#include "sqrtd.h"
#include "view_sqrtd.h"

/* ---------------------------------------------------------------- frames */

/* The state of shot s on the view: its keys never ask for new passes. */
static void shoot(Fixture *fx, const Shot *s, Scene *sc)
{
    assert_false(scene_shoot(sc, fx, VIEW_SQRTD, s) & REACT_RECOMPUTE);
}

static Grid render(Fixture *fx, const Shot *s)
{
    Scene sc;
    shoot(fx, s, &sc);
    return scene_render(&sc, s->w, s->h);
}

/* The view's layout for shot s, its body where the chrome puts it. */
static SqrtdLayout layout_of(Fixture *fx, const Shot *s)
{
    Scene sc;
    shoot(fx, s, &sc);
    ViewCtx c = scene_context(&sc, s->w, s->h);
    SqrtdLayout L;
    sqrtd_layout(&c, &L);
    return L;
}

/* The row of key i ("k1" …) of the draw's table, as text. */
static void key_row(const Grid *g, int i, char *buf, size_t cap)
{
    char want[16], row[4096];   /* " k" and any int */
    snprintf(want, sizeof want, " k%d ", i + 1);
    for (int y = 0; y < g->h; y++) {
        row_text(g, y, row, sizeof row);
        if (strncmp(row, want, strlen(want)) == 0) {
            snprintf(buf, cap, "%s", row);
            return;
        }
    }
    fail_msg("no row of k%d", i + 1);
}

/* Braille dots in a cell (0 when none). */
static int braille(const Cell *cell)
{
    const unsigned char *b = (const unsigned char *)cell->glyph;
    if (b[0] != 0xE2 || b[1] < 0xA0 || b[1] > 0xA3 || b[3] != 0)
        return 0;
    return ((b[1] - 0xA0) << 6) | (b[2] - 0x80);
}

/* ---------------------------------------------------------------- the figures */

/* The acceptance check: at 120 × 40 the two √ figures and the saturation plot. */
static void test_figures_and_plot_at_120x40(void **state)
{
    Fixture *fx = *state;
    Shot s = { .w = 120, .h = 40, .numbers = true };
    Grid g = render(fx, &s);
    assert_has(&g, "√8 ≈ 2.828427 (this demo)");
    assert_has(&g, "√128 ≈ 11.313708 (one head of a real model)");
    assert_has(&g, "largest share, mean of 200 draws");
    assert_joined_has(&g, "not worse: unable to learn (学不动)");
    assert_has(&g, "d = 8 ");
    SqrtdLayout L = layout_of(fx, &s);
    assert_true(L.share.area.h >= 8);
    assert_true(L.gradient.area.h >= 4);   /* room for the gradient's plot too */
    int dots = 0;
    for (int y = L.share.area.y; y < L.share.area.y + L.share.area.h; y++)
        for (int x = L.share.area.x; x < L.share.area.x + L.share.area.w; x++)
            dots += braille(grid_cell(&g, x, y)) != 0;
    assert_true(dots > 60);
    grid_free(&g);
}

/* d = 8, draw 1: the six scores, what softmax is given (÷√8), the shares, the spread beside
 * √8 and its mean over the curve's draws, the largest share, the gradient — as sqrtd.h
 * computes them, pinned. */
static void test_draw_at_d8(void **state)
{
    Fixture *fx = *state;
    /* with the decimals the row needs to hold as printed: -1.43 ÷ √8 would be -0.51, and
       the shares of -0.21 -0.50 -1.26 0.50 0.57 0.36 are 9.3% 25.2% 27.0% 21.9% */
    static const char *const raw[6] = { "-0.5827", "-1.4274", "-3.5552", "1.4246", "1.6024", "1.0121" };
    static const char *const scaled[6] = { "-0.206", "-0.505", "-1.257", "0.504", "0.567", "0.358" };
    static const char *const shares[6] = { "12.4%", "9.2%", "4.3%", "25.3%", "26.9%", "21.8%" };
    Shot s = { .w = 80, .h = 24, .numbers = true };
    Grid g = render(fx, &s);
    SqrtdDraw dr = sqrtd_draw(8, 1, true);
    char row[4096], num[32];
    for (int i = 0; i < 6; i++) {
        key_row(&g, i, row, sizeof row);
        assert_string_equal(format_fixed(num, sizeof num, dr.raw[i], 4), raw[i]);
        assert_string_equal(format_fixed(num, sizeof num, dr.divided[i], 3), scaled[i]);
        assert_string_equal(format_percent(num, sizeof num, dr.shares[i]), shares[i]);
        const char *a = strstr(row, raw[i]);
        assert_non_null(a);
        const char *b = strstr(a + strlen(raw[i]), scaled[i]);
        assert_non_null(b);
        assert_non_null(strstr(b + strlen(scaled[i]), shares[i]));
    }
    assert_has(&g, "÷√8 share");
    assert_has(&g, "spread (about √8 ≈ 2.83)     2.01");
    assert_has(&g, "spread, mean of 200 draws    2.80");
    assert_has(&g, "largest share               26.9%");
    assert_has(&g, "gradient: max p(1−p)        0.197");
    assert_has(&g, "gradient: Frobenius ‖J‖     0.395");
    assert_has(&g, "÷√d on");
    assert_has(&g, "draw #1");
    grid_free(&g);
}

/* The numbers of one key's row as printed: the score, what softmax is given, the share. */
typedef struct {
    double raw, logit, share;   /* the three numbers as read back */
    int logit_digits;           /* decimals of the second */
    char logit_text[32];        /* the second as printed */
    char share_text[32];        /* the share as printed ("12.4%") */
} PrintedRow;

static void read_row(const Grid *g, int i, PrintedRow *r)
{
    char row[4096], raw[32];
    key_row(g, i, row, sizeof row);
    int end = 0;
    assert_int_equal(sscanf(row, " k%*d %31s %31s%n", raw, r->logit_text, &end), 2);
    const char *pct = strchr(row + end, '%');   /* the share, after its bar */
    assert_non_null(pct);
    const char *from = pct;
    while (from > row && (from[-1] == '.' || (from[-1] >= '0' && from[-1] <= '9')))
        from--;
    snprintf(r->share_text, sizeof r->share_text, "%.*s", (int)(pct + 1 - from), from);
    r->raw = strtod(raw, NULL);
    r->logit = strtod(r->logit_text, NULL);
    r->share = strtod(r->share_text, NULL);
    const char *dot = strchr(r->logit_text, '.');
    r->logit_digits = dot ? (int)strlen(dot + 1) : 0;
}

/* Every row holds when redone from the printed numbers, at every width, with ÷√d on and
 * off, over three draws: score ÷ √d (2.828427 at d = 8, printed with six decimals) rounds
 * to the printed second column, and softmax of that column to the printed shares. */
static void test_table_holds_as_printed(void **state)
{
    Fixture *fx = *state;
    for (int draw = 0; draw < 3; draw++)
        for (int scaled = 0; scaled < 2; scaled++) {
            Shot s = { .w = 80, .h = 24, .numbers = true };
            Scene sc;
            shoot(fx, &s, &sc);
            for (int k = 0; k < draw; k++)
                scene_press(&sc, 'r');
            if (!scaled)
                scene_press(&sc, 'd');
            for (int w = 0; w < SQRTD_D_COUNT; w++)
                scene_press(&sc, KEYCODE_LEFT);   /* from d = 1 */
            for (int w = 0; w < SQRTD_D_COUNT; w++, scene_press(&sc, KEYCODE_RIGHT)) {
                Grid g = scene_render(&sc, s.w, s.h);
                PrintedRow r[SQRTD_KEYS];
                double top = -1e300, sum = 0.0;
                for (int i = 0; i < SQRTD_KEYS; i++) {
                    read_row(&g, i, &r[i]);
                    top = r[i].logit > top ? r[i].logit : top;
                }
                for (int i = 0; i < SQRTD_KEYS; i++)
                    sum += exp(r[i].logit - top);
                double root = format_round(sqrtd_root(sqrtd_d_at(w)), 6);
                for (int i = 0; i < SQRTD_KEYS; i++) {
                    char redone[32];
                    if (scaled) {
                        format_fixed(redone, sizeof redone, r[i].raw / root, r[i].logit_digits);
                        if (strcmp(redone, r[i].logit_text) != 0)
                            fail_msg("d = %d, draw %d, k%d: %g / %.6f = %s, printed %s", sqrtd_d_at(w),
                                     draw, i + 1, r[i].raw, root, redone, r[i].logit_text);
                    } else {
                        assert_true(r[i].raw == r[i].logit);
                    }
                    format_percent(redone, sizeof redone, exp(r[i].logit - top) / sum);
                    if (strcmp(redone, r[i].share_text) != 0)
                        fail_msg("d = %d, draw %d, %s: k%d's share from the printed numbers is %s, "
                                 "printed %s", sqrtd_d_at(w), draw, scaled ? "scaled" : "as is", i + 1,
                                 redone, r[i].share_text);
                }
                grid_free(&g);
            }
        }
}

/* d switches ÷√d off: softmax is given the raw scores, the shares change (and sharpen). */
static void test_toggle_changes_the_shares(void **state)
{
    Fixture *fx = *state;
    static const char *const shares[6] = { "4.4%", "1.9%", "0.2%", "32.7%", "39.1%", "21.7%" };
    Shot s = { .w = 80, .h = 24, .numbers = true, .keys = { 'd' } };
    Grid g = render(fx, &s);
    SqrtdDraw off = sqrtd_draw(8, 1, false);
    char row[4096], num[32];
    for (int i = 0; i < 6; i++) {
        key_row(&g, i, row, sizeof row);
        assert_string_equal(format_percent(num, sizeof num, off.shares[i]), shares[i]);
        assert_non_null(strstr(row, shares[i]));
    }
    assert_has(&g, "÷√d off");
    assert_has(&g, "as is share");
    assert_has(&g, "largest share               39.1%");
    assert_lacks(&g, "25.3%");
    grid_free(&g);
    Shot twice = { .w = 80, .h = 24, .numbers = true, .keys = { 'd', 'd' } };
    g = render(fx, &twice);
    assert_has(&g, "largest share               26.9%");
    grid_free(&g);
}

/* The keys walk d through sqrtd's list, stopping at both ends; r draws again, and the same
 * seed gives the same screen. */
static void test_keys_step_d_and_reseed(void **state)
{
    Fixture *fx = *state;
    Shot up = { .w = 80, .h = 24, .numbers = true, .keys = { KEYCODE_RIGHT } };
    Grid g = render(fx, &up);
    assert_has(&g, "d = 12 ");
    grid_free(&g);
    Shot up2 = { .w = 80, .h = 24, .numbers = true, .keys = { KEYCODE_UP, KEYCODE_UP, KEYCODE_DOWN } };
    g = render(fx, &up2);
    assert_has(&g, "d = 12 ");
    grid_free(&g);
    Shot bottom = { .w = 80, .h = 24, .numbers = true,
                    .keys = { KEYCODE_LEFT, KEYCODE_LEFT, KEYCODE_LEFT, KEYCODE_LEFT, KEYCODE_LEFT, KEYCODE_LEFT } };
    g = render(fx, &bottom);
    assert_has(&g, "d = 1 ");
    assert_has(&g, "spread (about √1 ≈ 1.00)");
    grid_free(&g);
    Shot top = { .w = 80, .h = 24, .numbers = true };
    for (int i = 0; i < 15; i++)
        top.keys[i] = KEYCODE_RIGHT;
    g = render(fx, &top);
    assert_has(&g, "d = 512 ");
    SqrtdDraw dr = sqrtd_draw(512, 1, true);
    char num[32];
    assert_has(&g, format_fixed(num, sizeof num, dr.raw[0], 2));
    assert_string_equal(num, "-26.12");
    grid_free(&g);
    Shot again = { .w = 80, .h = 24, .numbers = true, .keys = { 'r' } };
    Grid a = render(fx, &again), b = render(fx, &again);
    char *ta = frame_text(&a), *tb = frame_text(&b);
    assert_string_equal(ta, tb);                        /* same seed, same screen */
    assert_non_null(strstr(ta, "draw #2"));
    SqrtdDraw two = sqrtd_draw(8, 2, true);
    PrintedRow k1;
    read_row(&a, 0, &k1);
    char shown[32];
    assert_string_equal(format_fixed(shown, sizeof shown, k1.raw, 2), format_fixed(num, sizeof num, two.raw[0], 2));
    Grid first = render(fx, &top);
    char *tf = frame_text(&first);
    assert_string_not_equal(ta, tf);
    free(ta);
    free(tb);
    free(tf);
    grid_free(&a);
    grid_free(&b);
    grid_free(&first);
    Scene sc;
    shoot(fx, &again, &sc);
    assert_string_equal(binding_says(&sc.ui, 'd'), "divide by √d: on or off");
    assert_string_equal(binding_says(&sc.ui, 'r'), "draw new random vectors");
    assert_string_equal(binding_says(&sc.ui, KEYCODE_RIGHT), "wider vectors: the next d");
    assert_string_equal(binding_says(&sc.ui, KEYCODE_LEFT), "narrower vectors: the previous d");
}

/* The plot: the unscaled curve's point at d = 512 is in the plot's top row (it averages
 * 96.3%), the scaled one below the middle; ▲ stands under the width shown. */
static void test_plot_saturates_unscaled(void **state)
{
    Fixture *fx = *state;
    const SqrtdCurve *cv = &fx->ls.curve;
    assert_true(cv->raw.top_share[SQRTD_D_COUNT - 1] > 0.95);
    assert_true(cv->scaled.top_share[SQRTD_D_COUNT - 1] < 0.6);
    static const int sizes[][2] = { { 60, 20 }, { 80, 24 }, { 120, 40 }, { 300, 80 } };
    for (size_t z = 0; z < sizeof sizes / sizeof sizes[0]; z++) {
        Shot s = { .w = sizes[z][0], .h = sizes[z][1], .numbers = true };
        Grid g = render(fx, &s);
        SqrtdLayout L = layout_of(fx, &s);
        assert_true(L.share.area.h >= SQRTD_D_COUNT / 6);
        int col, row;
        sqrtd_plot_cell(&L.share, SQRTD_D_COUNT - 1, cv->raw.top_share[SQRTD_D_COUNT - 1], &col, &row);
        if (s.h <= 40)
            assert_int_equal(row, L.share.area.y);           /* the top row */
        else
            assert_true(row <= L.share.area.y + L.share.area.h / 20);   /* 96.3% of the height */
        assert_int_equal(col, L.share.area.x + L.share.area.w - 1);
        assert_true(braille(grid_cell(&g, col, row)) != 0);
        assert_int_equal(grid_cell(&g, col, row)->style, STYLE_SERIES_B);
        sqrtd_plot_cell(&L.share, SQRTD_D_COUNT - 1, cv->scaled.top_share[SQRTD_D_COUNT - 1], &col, &row);
        assert_true(row > L.share.area.y + L.share.area.h / 3);
        assert_true(braille(grid_cell(&g, col, row)) != 0);
        /* ▲ on the axis under d = 8 */
        sqrtd_plot_cell(&L.share, sqrtd_d_index(8), 0.0, &col, &row);
        assert_string_equal(grid_cell(&g, col, L.share.axis_row)->glyph, "▲");
        grid_free(&g);
    }
}

/* ---------------------------------------------------------------- every frame */

static const int all_sizes[][2] = { { 60, 20 }, { 70, 22 }, { 80, 24 }, { 100, 30 }, { 120, 40 },
                                    { 200, 60 }, { 300, 80 } };
#define N_SIZES (sizeof all_sizes / sizeof all_sizes[0])

/* With numbers hidden no digit is left above the status line (every size, both languages,
 * d small and large, ÷√d on and off), and the bars and curves are still drawn. */
static void test_hidden_numbers_leave_no_data_value(void **state)
{
    Fixture *fx = *state;
    for (size_t z = 0; z < N_SIZES; z++)
        for (int lang = 0; lang < 2; lang++)
            for (int k = 0; k < 3; k++) {
                Shot s = { .w = all_sizes[z][0], .h = all_sizes[z][1], .numbers = false, .lang = (Lang)lang };
                if (k == 1)
                    s.keys[0] = 'd';
                for (int i = 0; k == 2 && i < 12; i++)
                    s.keys[i] = KEYCODE_RIGHT;
                Grid g = render(fx, &s);
                char what[64];
                snprintf(what, sizeof what, "%dx%d lang %d case %d", s.w, s.h, lang, k);
                assert_no_data_value_above_status(&g, what, NULL);
                char *text = frame_text(&g);
                assert_non_null(strstr(text, "█"));      /* a bar */
                assert_non_null(strstr(text, "▲"));      /* where d is */
                free(text);
                grid_free(&g);
            }
}

/* ASCII mode draws ASCII only, the sentence's characters (in the title) by their names. */
static void test_ascii_only(void **state)
{
    Fixture *fx = *state;
    for (size_t z = 0; z < N_SIZES; z += 2)
        for (int numbers = 0; numbers < 2; numbers++) {
            Shot s = { .w = all_sizes[z][0], .h = all_sizes[z][1], .numbers = numbers, .ascii = true };
            Grid g = render(fx, &s);
            char what[64];
            snprintf(what, sizeof what, "%dx%d", s.w, s.h);
            assert_ascii_frame(&g, what);
            if (numbers)
                assert_has(&g, "sqrt8 ~ 2.828427");
            grid_free(&g);
        }
}

/* Every size: the parts inside the body, apart; the plots where there is room. */
static void test_every_size(void **state)
{
    Fixture *fx = *state;
    for (size_t z = 0; z < N_SIZES; z++)
        for (int lang = 0; lang < 2; lang++) {
            Shot s = { .w = all_sizes[z][0], .h = all_sizes[z][1], .numbers = true, .lang = (Lang)lang };
            SqrtdLayout L = layout_of(fx, &s);
            assert_true(L.share.area.h > 0);
            assert_true(L.share.area.w >= 12);
            assert_true(L.draw.x + L.draw.w < L.share.area.x);
            assert_true(L.share.axis_row + 1 < L.words.y);
            assert_true(L.words.y + L.words.h <= s.h - 1);
            if (L.gradient.area.h > 0)
                assert_true(L.gradient.caption_row > L.share.axis_row + 1);
            Grid g = render(fx, &s);
            assert_joined_has(&g, lang == LANG_ZH ? "学不动" : "unable to learn");
            grid_free(&g);
        }
    Shot small = { .w = 80, .h = 24, .numbers = true };
    assert_int_equal(layout_of(fx, &small).gradient.area.h, 0);
}

/* The status line and the help name the machine's keys. */
static void test_hints_and_help(void **state)
{
    Fixture *fx = *state;
    Shot s = { .w = 80, .h = 24, .numbers = true };
    Grid g = render(fx, &s);
    char status[512];
    row_text(&g, g.h - 1, status, sizeof status);
    assert_non_null(strstr(status, "←/→ width"));
    assert_non_null(strstr(status, "d scaling"));
    assert_non_null(strstr(status, "r new numbers"));
    grid_free(&g);
    Shot zh = { .w = 80, .h = 24, .numbers = true, .lang = LANG_ZH };
    g = render(fx, &zh);   /* the hint is 宽度, its key d after it: not "宽度 d d 开/关缩放" */
    row_text(&g, g.h - 1, status, sizeof status);
    assert_non_null(strstr(status, "←/→ 宽度 d 开/关缩放"));
    grid_free(&g);
    Shot help = { .w = 80, .h = 24, .numbers = true, .keys = { '?' } };
    g = render(fx, &help);
    assert_has(&g, "divide by √d: on or off");
    assert_has(&g, "wider vectors: the next d");
    assert_has(&g, "draw new random vectors");
    grid_free(&g);
    /* nothing autoplays here: the help lists neither its speed nor predict-then-reveal */
    const Action idle[] = { ACTION_FASTER, ACTION_SLOWER, ACTION_PREDICT, ACTION_EDIT, ACTION_MASK };
    for (size_t i = 0; i < sizeof idle / sizeof idle[0]; i++)
        assert_null(view_describe(view_ops(VIEW_SQRTD), idle[i], LANG_EN));
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_figures_and_plot_at_120x40),
        cmocka_unit_test(test_draw_at_d8),
        cmocka_unit_test(test_table_holds_as_printed),
        cmocka_unit_test(test_toggle_changes_the_shares),
        cmocka_unit_test(test_keys_step_d_and_reseed),
        cmocka_unit_test(test_plot_saturates_unscaled),
        cmocka_unit_test(test_hidden_numbers_leave_no_data_value),
        cmocka_unit_test(test_ascii_only),
        cmocka_unit_test(test_every_size),
        cmocka_unit_test(test_hints_and_help),
    };
    return cmocka_run_group_tests(tests, fixture_setup, fixture_teardown);
}
