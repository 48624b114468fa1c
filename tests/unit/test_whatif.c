/* test_whatif.c — what if, on the machine screen: i opens the editor, arrows choose a number
 * of x, Wq, Wk or Wv, + and - nudge it by 0.5 or Enter types a value; the lesson is computed
 * again and every table follows (Q(t)[3] moves by 0.5 · x(t)[2] when Wq[2][3] does, the
 * shares still sum to 100%, the practice screen's question is made from the changed numbers);
 * u undoes every change; Esc closes; edit_carry_out and edit_pop.
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
#include "edit.h"
#include "keys.h"
#include "quiz.h"
#include "view.h"
#include "view_machine.h"
#include "view_practice.h"

#define ST(s) ((MachineState *)view_state((s)->ui.views, VIEW_MACHINE))

enum { SAN = 0, JIA = 1, WU = 2, DENG = 3, YU = 4, ASK = 5 };

static Scene *editor(void)
{
    Scene *s = scene_open(NULL, VIEW_MACHINE);
    s->p.focus = DENG;
    assert_false(ui_view_modal(&s->ui));
    assert_int_equal(scene_press(s, 'i'), REACT_REDRAW);
    assert_true(ST(s)->editing);
    assert_true(ui_view_modal(&s->ui));
    assert_int_equal(ST(s)->table, MACHINE_EDIT_WQ);
    return s;
}

/* Wq[2][3] 0.58 → 1.08: Q(t)[3] moves by 0.5 · x(t)[2] for every t, nothing else in Q. */
static void test_nudge_wq(void **state)
{
    (void)state;
    Scene *s = editor();
    double q_before[MODEL_MAX_TOKENS][8], x2[MODEL_MAX_TOKENS];
    const Trace *tr = &s->ls->tr;
    for (int t = 0; t < tr->T; t++) {
        x2[t] = tr->x[t * tr->d + 2];
        for (int j = 0; j < 8; j++)
            q_before[t][j] = tr->q[t * tr->d + j];
    }
    assert_true(fabs(tr->model->wq[2 * 8 + 3] - 0.58) < 1e-12);
    scene_press(s, KEYCODE_DOWN);
    scene_press(s, KEYCODE_DOWN);
    for (int i = 0; i < 3; i++)
        scene_press(s, KEYCODE_RIGHT);
    int react = scene_press(s, '+');
    assert_int_equal(react, REACT_REDRAW | REACT_RECOMPUTE);
    assert_int_equal(s->ui.edits, 1);
    assert_int_equal(s->edits.e[0].target, EDIT_WQ);
    char said[128];
    assert_string_equal(edit_describe(s->ls->model, &s->edits.e[0], said, sizeof said),
                        "Wq[2][3] 0.58 → 1.08");
    tr = &s->ls->tr;
    for (int t = 0; t < tr->T; t++)
        for (int j = 0; j < 8; j++) {
            double want = q_before[t][j] + (j == 3 ? 0.5 * x2[t] : 0.0);
            assert_true(fabs(tr->q[t * tr->d + j] - want) < 1e-12);
        }
    /* Q(等)[3]: 0.14 before, 0.14 + 0.5 × (-0.62) after */
    assert_true(fabs(q_before[DENG][3] - 0.14) < 0.005);
    assert_true(fabs(tr->q[DENG * 8 + 3] - (-0.17)) < 0.006);
    /* every row of shares still sums to 1 */
    for (int t = 0; t < tr->T; t++) {
        double sum = 0.0;
        for (int u = 0; u < tr->T; u++)
            sum += tr->weights[t * tr->T + u];
        assert_true(fabs(sum - 1.0) < 1e-12);
    }
    Grid g = scene_render(s, 120, 40);
    assert_has(&g, "what if · Wq (changes in effect: 1)");
    assert_has(&g, "Wq[2][3] = 1.08");
    assert_has(&g, "-0.69  -0.03   0.39   1.08   0.15  -0.32   0.08  -0.01");
    grid_free(&g);
    scene_close(s);
}

/* u undoes every change: the trace is the one the program started with, to the last bit. */
static void test_undo_all(void **state)
{
    (void)state;
    Scene *s = editor();
    double q0 = s->ls->tr.q[DENG * 8 + 0], out0 = s->ls->tr.output[DENG * 8 + 0];
    scene_press(s, '+');
    scene_press(s, '+');
    scene_press(s, 't');        /* Wk */
    scene_press(s, '-');
    assert_int_equal(s->ui.edits, 3);
    assert_true(s->ls->tr.q[DENG * 8 + 0] != q0);
    assert_int_equal(scene_press(s, 'u'), REACT_REDRAW | REACT_RECOMPUTE);
    assert_int_equal(s->ui.edits, 0);
    assert_true(s->ls->tr.q[DENG * 8 + 0] == q0);
    assert_true(s->ls->tr.output[DENG * 8 + 0] == out0);
    scene_close(s);
}

/* x(等)[0] typed as 1.5: 等's word vector becomes 1.5 − pe(等)[0] (x = e + pe). */
static void test_type_x(void **state)
{
    (void)state;
    Scene *s = editor();
    for (int i = 0; i < 3; i++)
        scene_press(s, 't');    /* Wq → Wk → Wv → x */
    assert_int_equal(ST(s)->table, MACHINE_EDIT_X);
    for (int i = 0; i < DENG; i++)
        scene_press(s, KEYCODE_DOWN);
    scene_press(s, KEYCODE_ENTER);
    assert_true(ST(s)->typing);
    scene_type(s, "1.5");
    Grid g = scene_render(s, 120, 40);
    assert_has(&g, "x(等)[0] = 0.35: x = e + pe, so 等's word vector changes  new value: 1.5_");
    grid_free(&g);
    scene_press(s, KEYCODE_ENTER);
    assert_false(ST(s)->typing);
    const Trace *tr = &s->ls->tr;
    assert_true(fabs(tr->x[DENG * 8 + 0] - 1.5) < 1e-12);
    assert_int_equal(s->edits.e[0].target, EDIT_EMBEDDING);
    assert_int_equal(s->edits.e[0].row, tr->ids[DENG]);
    assert_true(fabs(s->edits.e[0].after - (1.5 - tr->position[DENG * 8 + 0])) < 1e-12);
    scene_close(s);
}

/* The practice screen asks about the changed numbers: its right value follows. */
static void test_practice_follows(void **state)
{
    (void)state;
    Scene *s = editor();
    QuizQuestion before, after;
    practice_question(&s->ls->tr, 1, 1, &before);   /* question 2: Q(加)[0] = 2.03, as the tables */
    assert_true(fabs(before.right - 2.03) < 1e-9);
    scene_press(s, '+');                              /* Wq[0][0] += 0.5: x(加)[0] = 1.29 */
    practice_question(&s->ls->tr, 1, 1, &after);
    assert_int_equal(after.kind, QUIZ_PROJECTION);
    assert_true(fabs(after.right - 2.68) < 1e-9);    /* 2.03217 + 0.5 × 1.291 = 2.67767 */
    scene_close(s);
}

static void test_esc_and_keys_through(void **state)
{
    (void)state;
    Scene *s = editor();
    scene_press(s, KEYCODE_ENTER);                    /* typing */
    assert_int_equal(scene_press(s, KEYCODE_ESC), REACT_REDRAW);   /* cancels the value */
    assert_true(ST(s)->editing);
    assert_false(ST(s)->typing);
    assert_int_equal(scene_press(s, 'q') & REACT_QUIT, REACT_QUIT); /* q still quits */
    assert_int_equal(scene_press(s, KEYCODE_ESC), REACT_REDRAW);   /* closes the editor */
    assert_false(ST(s)->editing);
    assert_int_equal(scene_press(s, KEYCODE_ESC) & REACT_QUIT, 0);  /* never quits */
    Grid g = scene_render(s, 80, 24);
    assert_lacks(&g, "what if");
    assert_grid_sound(&g, "machine after the editor");
    grid_free(&g);
    scene_close(s);
}

static void test_sizes_languages(void **state)
{
    (void)state;
    Scene *s = editor();
    static const int sizes[][2] = { { 60, 20 }, { 80, 24 }, { 120, 40 }, { 300, 80 } };
    for (int lang = 0; lang < 3; lang++) {
        s->o.lang = lang == 1 ? LANG_ZH : LANG_EN;
        s->o.ascii = lang == 2;
        for (size_t i = 0; i < sizeof sizes / sizeof sizes[0]; i++) {
            Grid g = scene_render(s, sizes[i][0], sizes[i][1]);
            assert_grid_sound(&g, "what if");
            if (lang == 2)
                assert_ascii_frame(&g, "what if, ASCII");
            if (lang == 1 && sizes[i][1] >= 24)
                assert_has(&g, "假如");
            grid_free(&g);
        }
    }
    scene_close(s);
}

static void test_carry_out(void **state)
{
    (void)state;
    Model m;
    char err[256];
    assert_int_equal(model_load_default(&m, err, sizeof err), 0);
    EditLog log = { 0 };
    Edit e = { EDIT_WV, 1, 2, 0.0, 0.25 };
    double was = m.wv[1 * 8 + 2];
    assert_false(edit_carry_out(&m, NULL, &log, EDIT_ASK_NONE, &e));
    assert_false(edit_carry_out(&m, NULL, &log, EDIT_ASK_UNDO, &e));   /* nothing to undo */
    assert_true(edit_carry_out(&m, NULL, &log, EDIT_ASK_SET, &e));
    assert_true(m.wv[1 * 8 + 2] == 0.25);
    assert_false(edit_carry_out(&m, NULL, &log, EDIT_ASK_SET, &e));    /* the same value again */
    assert_int_equal(log.n, 1);
    edit_pop(&m, NULL, &log);
    assert_int_equal(log.n, 0);
    assert_true(m.wv[1 * 8 + 2] == was);
    model_free(&m);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_nudge_wq),
        cmocka_unit_test(test_undo_all),
        cmocka_unit_test(test_type_x),
        cmocka_unit_test(test_practice_follows),
        cmocka_unit_test(test_esc_and_keys_through),
        cmocka_unit_test(test_sizes_languages),
        cmocka_unit_test(test_carry_out),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
