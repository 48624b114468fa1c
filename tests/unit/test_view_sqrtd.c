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

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "actions.h"
#include "chrome.h"
#include "format.h"
#include "frame.h"
#include "grid.h"
#include "keys.h"
#include "lesson.h"
#include "model.h"
#include "sqrtd.h"
#include "ui.h"
#include "view.h"
#include "view_sqrtd.h"
#include "ascii_frame.h"

/* ---------------------------------------------------------------- fixture */

typedef struct {
    Model m;      /* the default model */
    Lesson ls;    /* 三加五等于? and the √d curve (200 draws, seed 1) */
} Fixture;

static int setup(void **state)
{
    Fixture *fx = calloc(1, sizeof *fx);
    char err[256];
    if (!fx || model_load_default(&fx->m, err, sizeof err) != 0)
        return -1;
    if (lesson_build(&fx->ls, &fx->m, fx->m.sentence, NULL, err, sizeof err) != 0)
        return -1;
    *state = fx;
    return 0;
}

static int teardown(void **state)
{
    Fixture *fx = *state;
    lesson_free(&fx->ls);
    model_free(&fx->m);
    free(fx);
    return 0;
}

/* One frame: its size, options and the keys pressed on the view before it. */
typedef struct {
    int w, h;           /* frame size */
    bool numbers;       /* numbers shown */
    Lang lang;          /* labels' language */
    bool ascii;         /* ASCII only */
    int keys[16];       /* keys pressed, 0 ends */
} Shot;

static void press(Fixture *fx, const Shot *s, Player *p, Ui *ui)
{
    player_init(p, fx->ls.tr.T, 0);
    ui_init_for(ui, VIEW_SQRTD, &fx->ls);
    ui_set_view(ui, p, VIEW_SQRTD);
    ui->numbers = s->numbers;
    for (int i = 0; i < 16 && s->keys[i]; i++) {
        const KeyBinding *b = ui_binding(ui, s->keys[i]);
        assert_non_null(b);
        assert_false(ui_apply(ui, p, &fx->ls, b->action, b->arg, 0) & REACT_RECOMPUTE);
    }
}

static Grid render(Fixture *fx, const Shot *s)
{
    Player p;
    Ui ui;
    press(fx, s, &p, &ui);
    FrameOptions o = { s->lang, s->ascii, NULL };
    FrameInput in = { .lesson = &fx->ls, .player = &p, .ui = &ui, .progress = 1.0, .opt = &o };
    Grid g;
    assert_int_equal(grid_init(&g, s->w, s->h), 0);
    frame_render(&g, &in);
    return g;
}

/* The view's layout for shot s, its body where the chrome puts it. */
static SqrtdLayout layout_of(Fixture *fx, const Shot *s)
{
    Player p;
    Ui ui;
    press(fx, s, &p, &ui);
    ViewCtx c = {
        .g = NULL, .ls = &fx->ls, .tr = &fx->ls.tr, .p = &p, .ui = &ui,
        .gl = draw_glyphs(s->ascii), .progress = 1.0, .focus = 0, .stage = STAGE_QKV,
        .lang = s->lang, .ascii = s->ascii, .numbers = s->numbers,
    };
    draw_context_labels(&c);
    ChromeLayout cl;
    chrome_layout(&c, view_ops(VIEW_SQRTD), s->w, s->h, &cl);
    c.body = cl.body;
    SqrtdLayout L;
    sqrtd_layout(&c, &L);
    return L;
}

static void row_text(const Grid *g, int y, char *buf, size_t cap)
{
    size_t used = 0;
    buf[0] = '\0';
    for (int x = 0; x < g->w; x++) {
        const Cell *c = grid_cell(g, x, y);
        if (c->width == 0)
            continue;
        size_t n = strlen(c->glyph);
        if (used + n + 1 >= cap)
            break;
        memcpy(buf + used, c->glyph, n);
        used += n;
        buf[used] = '\0';
    }
}

static char *frame_text(const Grid *g)
{
    size_t n = grid_to_text(g, NULL, 0);
    char *buf = malloc(n + 1);
    assert_non_null(buf);
    grid_to_text(g, buf, n + 1);
    return buf;
}

static void assert_has(const Grid *g, const char *s)
{
    char *text = frame_text(g);
    if (!strstr(text, s))
        fail_msg("the frame lacks \"%s\":\n%s", s, text);
    free(text);
}

/* Asserts the frame holds s once its rows are joined by a blank and runs of blanks are
 * one (a paragraph may wrap anywhere). */
static void assert_has_joined(const Grid *g, const char *s)
{
    char *text = frame_text(g);
    size_t out = 0;
    for (size_t i = 0; text[i]; i++) {
        char ch = text[i] == '\n' ? ' ' : text[i];
        if (ch == ' ' && out > 0 && text[out - 1] == ' ')
            continue;
        text[out++] = ch;
    }
    text[out] = '\0';
    if (!strstr(text, s))
        fail_msg("the joined frame lacks \"%s\":\n%s", s, text);
    free(text);
}

static void assert_lacks(const Grid *g, const char *s)
{
    char *text = frame_text(g);
    if (strstr(text, s))
        fail_msg("the frame has \"%s\":\n%s", s, text);
    free(text);
}

/* The row of key i ("k1" …) of the draw's table, as text. */
static void key_row(const Grid *g, int i, char *buf, size_t cap)
{
    char want[8], row[4096];
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
    Shot s = { 120, 40, true, LANG_EN, false, { 0 } };
    Grid g = render(fx, &s);
    assert_has(&g, "√8 = 2.828427 (this demo)");
    assert_has(&g, "√128 = 11.313708 (one head of a real model)");
    assert_has(&g, "largest share, mean of 200 draws");
    assert_has_joined(&g, "not worse: unable to learn (学不动)");
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
    static const char *const raw[6] = { "-0.58", "-1.43", "-3.56", "1.42", "1.60", "1.01" };
    static const char *const scaled[6] = { "-0.21", "-0.50", "-1.26", "0.50", "0.57", "0.36" };
    static const char *const shares[6] = { "12.4%", "9.2%", "4.3%", "25.3%", "26.9%", "21.8%" };
    Shot s = { 80, 24, true, LANG_EN, false, { 0 } };
    Grid g = render(fx, &s);
    SqrtdDraw dr = sqrtd_draw(8, 1, true);
    char row[4096], num[32];
    for (int i = 0; i < 6; i++) {
        key_row(&g, i, row, sizeof row);
        assert_string_equal(format_fixed(num, sizeof num, dr.raw[i], 2), raw[i]);
        assert_string_equal(format_fixed(num, sizeof num, dr.divided[i], 2), scaled[i]);
        assert_string_equal(format_percent(num, sizeof num, dr.shares[i]), shares[i]);
        const char *a = strstr(row, raw[i]);
        assert_non_null(a);
        const char *b = strstr(a + strlen(raw[i]), scaled[i]);
        assert_non_null(b);
        assert_non_null(strstr(b + strlen(scaled[i]), shares[i]));
    }
    assert_has(&g, "÷√8 share");
    assert_has(&g, "spread (√8 = 2.83)         2.01");
    assert_has(&g, "spread, mean of 200 draws  2.80");
    assert_has(&g, "largest share             26.9%");
    assert_has(&g, "gradient: max p(1−p)      0.197");
    assert_has(&g, "gradient: Frobenius ‖J‖   0.395");
    assert_has(&g, "÷√d on");
    assert_has(&g, "draw #1");
    grid_free(&g);
}

/* d switches ÷√d off: softmax is given the raw scores, the shares change (and sharpen). */
static void test_toggle_changes_the_shares(void **state)
{
    Fixture *fx = *state;
    static const char *const shares[6] = { "4.4%", "1.9%", "0.2%", "32.7%", "39.1%", "21.7%" };
    Shot s = { 80, 24, true, LANG_EN, false, { 'd' } };
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
    assert_has(&g, "largest share             39.1%");
    assert_lacks(&g, "25.3%");
    grid_free(&g);
    Shot twice = { 80, 24, true, LANG_EN, false, { 'd', 'd' } };
    g = render(fx, &twice);
    assert_has(&g, "largest share             26.9%");
    grid_free(&g);
}

/* The keys walk d through sqrtd's list, stopping at both ends; r draws again, and the same
 * seed gives the same screen. */
static void test_keys_step_d_and_reseed(void **state)
{
    Fixture *fx = *state;
    Shot up = { 80, 24, true, LANG_EN, false, { KEYCODE_RIGHT } };
    Grid g = render(fx, &up);
    assert_has(&g, "d = 12 ");
    grid_free(&g);
    Shot up2 = { 80, 24, true, LANG_EN, false, { KEYCODE_UP, KEYCODE_UP, KEYCODE_DOWN } };
    g = render(fx, &up2);
    assert_has(&g, "d = 12 ");
    grid_free(&g);
    Shot bottom = { 80, 24, true, LANG_EN, false, { KEYCODE_LEFT, KEYCODE_LEFT, KEYCODE_LEFT,
                                                    KEYCODE_LEFT, KEYCODE_LEFT, KEYCODE_LEFT } };
    g = render(fx, &bottom);
    assert_has(&g, "d = 1 ");
    assert_has(&g, "spread (√1 = 1.00)");
    grid_free(&g);
    Shot top = { 80, 24, true, LANG_EN, false, { 0 } };
    for (int i = 0; i < 15; i++)
        top.keys[i] = KEYCODE_RIGHT;
    g = render(fx, &top);
    assert_has(&g, "d = 512 ");
    SqrtdDraw dr = sqrtd_draw(512, 1, true);
    char num[32];
    assert_has(&g, format_fixed(num, sizeof num, dr.raw[0], 2));
    assert_string_equal(num, "-26.12");
    grid_free(&g);
    Shot again = { 80, 24, true, LANG_EN, false, { 'r' } };
    Grid a = render(fx, &again), b = render(fx, &again);
    char *ta = frame_text(&a), *tb = frame_text(&b);
    assert_string_equal(ta, tb);                        /* same seed, same screen */
    assert_non_null(strstr(ta, "draw #2"));
    SqrtdDraw two = sqrtd_draw(8, 2, true);
    assert_non_null(strstr(ta, format_fixed(num, sizeof num, two.raw[0], 2)));
    Grid first = render(fx, &top);
    char *tf = frame_text(&first);
    assert_string_not_equal(ta, tf);
    free(ta);
    free(tb);
    free(tf);
    grid_free(&a);
    grid_free(&b);
    grid_free(&first);
    Player p;
    Ui ui;
    press(fx, &again, &p, &ui);
    assert_int_equal(ui_binding(&ui, 'd')->action, ACTION_SCALE_TOGGLE);
    assert_int_equal(ui_binding(&ui, 'r')->action, ACTION_RESEED);
    assert_int_equal(ui_binding(&ui, KEYCODE_RIGHT)->action, ACTION_D_UP);
    assert_int_equal(ui_binding(&ui, KEYCODE_LEFT)->action, ACTION_D_DOWN);
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
        Shot s = { sizes[z][0], sizes[z][1], true, LANG_EN, false, { 0 } };
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
static void test_hidden_numbers_leave_no_digit(void **state)
{
    Fixture *fx = *state;
    for (size_t z = 0; z < N_SIZES; z++)
        for (int lang = 0; lang < 2; lang++)
            for (int k = 0; k < 3; k++) {
                Shot s = { all_sizes[z][0], all_sizes[z][1], false, (Lang)lang, false, { 0 } };
                if (k == 1)
                    s.keys[0] = 'd';
                for (int i = 0; k == 2 && i < 12; i++)
                    s.keys[i] = KEYCODE_RIGHT;
                Grid g = render(fx, &s);
                char row[4096];
                for (int y = 0; y < g.h - 1; y++) {
                    row_text(&g, y, row, sizeof row);
                    if (strpbrk(row, "0123456789"))
                        fail_msg("%dx%d lang %d case %d row %d: %s", s.w, s.h, lang, k, y, row);
                }
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
            Shot s = { all_sizes[z][0], all_sizes[z][1], numbers, LANG_EN, true, { 0 } };
            Grid g = render(fx, &s);
            char what[64];
            snprintf(what, sizeof what, "%dx%d", s.w, s.h);
            assert_ascii_frame(&g, what);
            if (numbers)
                assert_has(&g, "sqrt8 = 2.828427");
            grid_free(&g);
        }
}

/* Every size: the parts inside the body, apart; the plots where there is room. */
static void test_every_size(void **state)
{
    Fixture *fx = *state;
    for (size_t z = 0; z < N_SIZES; z++)
        for (int lang = 0; lang < 2; lang++) {
            Shot s = { all_sizes[z][0], all_sizes[z][1], true, (Lang)lang, false, { 0 } };
            SqrtdLayout L = layout_of(fx, &s);
            assert_true(L.share.area.h > 0);
            assert_true(L.share.area.w >= 12);
            assert_true(L.draw.x + L.draw.w < L.share.area.x);
            assert_true(L.share.axis_row + 1 < L.words.y);
            assert_true(L.words.y + L.words.h <= s.h - 1);
            if (L.gradient.area.h > 0)
                assert_true(L.gradient.caption_row > L.share.axis_row + 1);
            Grid g = render(fx, &s);
            assert_has_joined(&g, lang == LANG_ZH ? "学不动" : "unable to learn");
            grid_free(&g);
        }
    Shot small = { 80, 24, true, LANG_EN, false, { 0 } };
    assert_int_equal(layout_of(fx, &small).gradient.area.h, 0);
}

/* The status line and the help name the machine's keys. */
static void test_hints_and_help(void **state)
{
    Fixture *fx = *state;
    Shot s = { 80, 24, true, LANG_EN, false, { 0 } };
    Grid g = render(fx, &s);
    char status[512];
    row_text(&g, g.h - 1, status, sizeof status);
    assert_non_null(strstr(status, "←/→ d"));
    assert_non_null(strstr(status, "d scaling"));
    assert_non_null(strstr(status, "r new draw"));
    grid_free(&g);
    Shot help = { 80, 24, true, LANG_EN, false, { '?' } };
    g = render(fx, &help);
    assert_has(&g, "divide by √d: on or off");
    assert_has(&g, "wider vectors: the next d");
    assert_has(&g, "draw new random vectors");
    grid_free(&g);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_figures_and_plot_at_120x40),
        cmocka_unit_test(test_draw_at_d8),
        cmocka_unit_test(test_toggle_changes_the_shares),
        cmocka_unit_test(test_keys_step_d_and_reseed),
        cmocka_unit_test(test_plot_saturates_unscaled),
        cmocka_unit_test(test_hidden_numbers_leave_no_digit),
        cmocka_unit_test(test_ascii_only),
        cmocka_unit_test(test_every_size),
        cmocka_unit_test(test_hints_and_help),
    };
    return cmocka_run_group_tests(tests, setup, teardown);
}
