/* test_chain.c — "where does this number come from" (src/chain.c): w opens one panel on the
 * matrix, arcs, machine and code screens with the chosen number's chain and the lesson's
 * figures (output(等)[0] = 0.52 ← 等's six shares 19.6% 52.4% 10.1% 1.4% 2.2% 14.4% × V's
 * column 0 ← the scores ÷√8 ← Q(等), the K's ← x, Wq, Wk ← word vectors + fingerprints), the
 * machine's strip lit where the number depends, Esc and w close it, it stays open from screen
 * to screen, other screens say there is nothing to trace, hidden numbers, Chinese, ASCII.
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
#include "chain.h"
#include "keys.h"
#include "view.h"

enum { SAN = 0, JIA = 1, WU = 2, DENG = 3, YU = 4, ASK = 5 };

/* A scene of view with 等 asking at stage, the chain panel opened by w. */
static Scene *traced(ViewId view, Stage stage)
{
    Scene *s = scene_open(NULL, view);
    s->p.focus = DENG;
    s->p.stage = stage;
    assert_int_equal(scene_press(s, 'w'), REACT_REDRAW);
    assert_true(s->ui.origin);
    return s;
}

static void test_output_chain_on_code(void **state)
{
    (void)state;
    Scene *s = traced(VIEW_CODE, STAGE_OUTPUT);
    Grid g = scene_render(s, 120, 40);
    assert_has(&g, "where output(等)[0] = 0.52 comes from");
    assert_has(&g, "output(等)[0] Σ share × V         0.52");
    assert_has(&g, "← share(等,·)   softmax of its row  19.6% 52.4% 10.1% 1.4% 2.2% 14.4%");
    /* the ÷√8 row as the arcs' softmax panel and the code screen's line 4 print it: softmax
     * of 0.45 1.43 … gave 52.3% for 52.4% */
    assert_has(&g, "← ÷√d(等,·)     Q·K ÷√8             0.447 1.432 -0.218 -2.203 -1.728 0.138");
    /* the Q·K with the decimals that ÷ 2.828427 by hand needs, as the code screen's own
     * Q(等)·Kᵀ line prints them: 1.26 gave 0.445 for 0.447 */
    assert_has(&g, "← Q·K(等,·)     Q · K               1.2639 4.0510 -0.6164 -6.2302 -4.8863 0.3915");
    static const double dot[] = { 1.2639, 4.0510, -0.6164, -6.2302, -4.8863, 0.3915 };
    static const double scaled[] = { 0.447, 1.432, -0.218, -2.203, -1.728, 0.138 };
    for (int i = 0; i < 6; i++)
        assert_true(fabs(dot[i] / 2.828427 - scaled[i]) <= 0.0005);
    assert_false(fabs(1.26 / 2.828427 - 0.447) <= 0.0005);   /* the two decimals did not hold */
    assert_has(&g, "← V(·)[0]       x · Wv              0.63 0.57 0.96 1.03 0.03 -0.09");
    assert_has(&g, "← Q(等)         x · Wq              -0.69 -2.10 -1.80 0.14 -0.27 1.92 -0.68 -0.23");
    assert_has(&g, "← K(·)          x · Wk              1.14 -0.36 -0.77 0.58");
    assert_has(&g, "(48 numbers)");
    assert_has(&g, "← Wv[·][0]      given (the model)   0.32 -0.22 -0.14 -0.11 -0.11 0.09 -0.13 0.33");
    assert_has(&g, "← pe(·)         lesson 5's formula  0.00 1.00 0.00 1.00");
    assert_grid_sound(&g, "code, chain open");
    grid_free(&g);
    scene_close(s);
}

/* The matrix's cursor cell: share(等,加) = 52.4%, no V in its chain. */
static void test_share_chain_on_matrix(void **state)
{
    (void)state;
    Scene *s = traced(VIEW_MATRIX, STAGE_QKV);
    s->ui.answer = JIA;
    Grid g = scene_render(s, 120, 40);
    assert_has(&g, "where share(等,加) = 52.4% comes from");
    assert_has(&g, "← ÷√d(等,·)");
    assert_lacks(&g, "← V(");
    grid_free(&g);
    scene_press(s, 't');   /* the raw scores: Q·K(等,加) = 4.05, back to Q(等), K(加) */
    g = scene_render(s, 120, 40);
    assert_has(&g, "where Q·K(等,加) = 4.05 comes from");
    assert_has(&g, "← K(加)");
    assert_has(&g, "← x(加,等)");
    grid_free(&g);
    scene_close(s);
}

/* At ① the arcs trace Q(等)[dim]: five links, the x, Wq's column, e and pe. */
static void test_q_chain_on_arcs(void **state)
{
    (void)state;
    Scene *s = traced(VIEW_ARCS, STAGE_QKV);
    s->ui.dim = 3;
    OriginChain ch;
    Grid g = scene_render(s, 120, 40);
    assert_has(&g, "where Q(等)[3] = 0.14 comes from");
    assert_has(&g, "← x(等)");
    assert_has(&g, "0.35 -0.98 -0.62 0.39 0.48 0.06 -0.51 1.94");
    assert_has(&g, "← Wq[·][3]");
    grid_free(&g);
    ViewCtx c = scene_context(s, 120, 40);
    assert_true(chain_of_view(&c, view_ops(VIEW_ARCS), &ch));
    assert_int_equal(ch.n, 5);
    scene_close(s);
}

/* The machine's strip: output(等)[0]'s cells lit in every table, the others dimmed. */
static void test_machine_lights_the_cells(void **state)
{
    (void)state;
    Scene *s = traced(VIEW_MACHINE, STAGE_OUTPUT);
    Grid g = scene_render(s, 80, 24);   /* a cell of a T × d table is one column here, of a
                                           T × T table two (room for "③ softmax" over it) */
    ViewCtx c = scene_context(s, 80, 24);
    OriginChain ch;
    assert_true(chain_of_view(&c, view_ops(VIEW_MACHINE), &ch));
    /* find the strip row of 等 (its label ▸等 left of the x block) and of 三 */
    int y_deng = -1, y_san = -1;
    char row[1024];
    for (int y = 0; y < g.h; y++) {
        row_text(&g, y, row, sizeof row);
        if (y_deng < 0 && strstr(row, "▸等 "))
            y_deng = y;
        if (y_san < 0 && strstr(row, " 三 ") && strstr(row, "░"))
            y_san = y;
    }
    assert_true(y_deng > 0 && y_san > 0);
    int lit_deng = 0, lit_san = 0, dim_san = 0;
    for (int x = 0; x < g.w; x++) {
        lit_deng += grid_cell(&g, x, y_deng)->style == STYLE_STAGE_LIT;
        lit_san += grid_cell(&g, x, y_san)->style == STYLE_STAGE_LIT;
        dim_san += grid_cell(&g, x, y_san)->style == STYLE_DIM;
    }
    /* 等's row: x 8 + Q 8 + K 8 + V column 0 + its 6 scores + its 6 shares (two columns
     * each) + output[0] */
    assert_int_equal(lit_deng, 8 + 8 + 8 + 1 + 2 * 6 + 2 * 6 + 1);
    /* 三's row: x 8 + K 8 + V column 0 */
    assert_int_equal(lit_san, 8 + 8 + 1);
    assert_true(dim_san >= 8 + 7 + 12 + 12 + 8);   /* Q, V's other columns, scores, shares, output */
    grid_free(&g);
    s->ui.origin = false;                        /* closed: no cell lit */
    g = scene_render(s, 80, 24);
    int lit = 0;
    for (int x = 0; x < g.w; x++)
        lit += grid_cell(&g, x, y_deng)->style == STYLE_STAGE_LIT;
    assert_int_equal(lit, 0);
    grid_free(&g);
    scene_close(s);
}

static void test_closing_and_other_screens(void **state)
{
    (void)state;
    Scene *s = traced(VIEW_MACHINE, STAGE_SOFTMAX);
    assert_int_equal(scene_press(s, KEYCODE_ESC), REACT_REDRAW);   /* Esc closes, never quits */
    assert_false(s->ui.origin);
    scene_press(s, 'w');
    scene_press(s, 'w');                                          /* w again closes */
    assert_false(s->ui.origin);
    scene_press(s, 'w');
    ui_set_view(&s->ui, &s->p, s->ls, VIEW_CODE);                        /* code: still open */
    assert_int_equal(s->ui.view, VIEW_CODE);
    Grid g = scene_render(s, 80, 24);
    assert_has(&g, "where share(等,");
    grid_free(&g);
    s->ui.origin = false;
    ui_set_view(&s->ui, &s->p, s->ls, VIEW_LIBRARY);                     /* nothing chosen there */
    scene_press(s, 'w');
    assert_false(s->ui.origin);
    assert_int_equal(s->ui.note, NOTE_NO_ORIGIN);
    g = scene_render(s, 80, 24);
    assert_has(&g, "no number is chosen here to trace");
    grid_free(&g);
    scene_close(s);
}

/* 80 × 24: the given links on one line, so the machine's strip stays in view. */
static void test_small_terminal(void **state)
{
    (void)state;
    Scene *s = traced(VIEW_MACHINE, STAGE_OUTPUT);
    Grid g = scene_render(s, 80, 24);
    assert_has(&g, "← Wv[·][0], Wq, Wk, e(·), pe(·): given (the model's; pe by lesson 5)");
    assert_has(&g, "▸等 ");
    assert_grid_sound(&g, "machine 80x24, chain open");
    grid_free(&g);
    g = scene_render(s, 60, 20);
    assert_grid_sound(&g, "machine 60x20, chain open");
    grid_free(&g);
    scene_close(s);
}

/* Two heads and the mask at 80 × 24: the given line drops its words in brackets rather
 * than be cut at the box ("… pe(三,加,五,等): given (the model's;"), in Chinese too. */
static void test_given_line_fits(void **state)
{
    (void)state;
    Scene *s = traced(VIEW_MATRIX, STAGE_QKV);
    s->ui.answer = JIA;
    scene_press(s, 'm');
    scene_press(s, 'h');
    assert_int_equal(s->ls->tr.heads, 2);
    Grid g = scene_render(s, 80, 24);
    assert_has(&g, "← Wq[·][0-3], Wk[·][0-3], e(三,加,五,等), pe(三,加,五,等): given ");
    assert_lacks(&g, "given (the model's;│");
    assert_grid_sound(&g, "matrix 80x24, two heads, mask, chain open");
    grid_free(&g);
    s->o.lang = LANG_ZH;
    g = scene_render(s, 80, 24);
    assert_has(&g, "位置(三,加,五,等)：给定 ");
    grid_free(&g);
    s->o.lang = LANG_EN;
    scene_press(s, 'm');   /* no mask: every character, e(·), and the words fit */
    g = scene_render(s, 80, 24);
    assert_has(&g, "← Wq[·][0-3], Wk[·][0-3], e(·), pe(·): given (the model's; pe by lesson 5)");
    grid_free(&g);
    scene_close(s);
}

static void test_hidden_chinese_ascii(void **state)
{
    (void)state;
    Scene *s = traced(VIEW_CODE, STAGE_OUTPUT);
    s->ui.numbers = false;
    Grid g = scene_render(s, 120, 40);
    assert_has(&g, "where output(等)[0] comes from");
    assert_lacks(&g, "52.4%");
    grid_free(&g);
    s->ui.numbers = true;
    s->o.lang = LANG_ZH;
    g = scene_render(s, 120, 40);
    assert_has(&g, "输出(等)[0] = 0.52 从哪来");
    assert_has(&g, "这一行做 softmax");
    assert_has(&g, "词向量(·)");   /* beside 位置(·); it said e(·) */
    assert_lacks(&g, "e(·)");
    grid_free(&g);
    s->o.lang = LANG_EN;
    s->o.ascii = true;
    g = scene_render(s, 120, 40);
    assert_ascii_frame(&g, "chain, ASCII");
    assert_has(&g, "<- share(deng,.)");
    grid_free(&g);
    scene_close(s);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_output_chain_on_code),
        cmocka_unit_test(test_share_chain_on_matrix),
        cmocka_unit_test(test_q_chain_on_arcs),
        cmocka_unit_test(test_machine_lights_the_cells),
        cmocka_unit_test(test_closing_and_other_screens),
        cmocka_unit_test(test_small_terminal),
        cmocka_unit_test(test_given_line_fits),
        cmocka_unit_test(test_hidden_chinese_ascii),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
