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

/* While the editor is open its ←/→ ↑/↓ choose cells: the status line does not offer them
 * as "step" and "who asks" beside the editor's own keys line. */
static void test_editor_hides_the_arrows_hints(void **state)
{
    (void)state;
    Scene *s = scene_open(NULL, VIEW_MACHINE);
    char *before = scene_text(s, 120, 40);
    char *status = line_with(before, "Tab views");
    assert_non_null(strstr(status, "who asks"));
    assert_non_null(strstr(status, "step"));
    free(status);
    free(before);
    scene_press(s, 'i');
    char *open = scene_text(s, 120, 40);
    status = line_with(open, "Tab views");
    assert_null(strstr(status, "who asks"));
    assert_null(strstr(status, "step"));
    assert_non_null(strstr(status, "what if"));
    free(status);
    free(open);
    scene_close(s);
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
    assert_has(&g, "what if · Wq (numbers changed: 1)");
    assert_has(&g, " edited: Wq[2][3] 0.58 → 1.08 · u undoes");   /* every screen, from the loaded */
    assert_has(&g, "三加五等于? · lesson model · edited");
    assert_has(&g, "Wq[2][3] = 1.08");
    assert_has(&g, "-0.69  -0.03   0.39   1.08   0.15  -0.32   0.08  -0.01");
    grid_free(&g);
    scene_close(s);
}

/* u undoes the newest change, one at a time: the marker counts numbers (Wq[0][0] nudged twice
 * is one number, from its value as loaded), then the trace is the one the program started
 * with, to the last bit; u on another screen (the global key) does the same. */
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
    assert_int_equal(s->ui.marks.cells, 2);
    char *text = scene_text(s, 120, 40);
    assert_shows(text, " edited: Wk[0][0] -0.06 → -0.56 and 1 more · u undoes the newest");
    assert_shows(text, "what if · Wk (numbers changed: 2)");
    free(text);
    assert_true(s->ls->tr.q[DENG * 8 + 0] != q0);
    assert_int_equal(scene_press(s, 'u'), REACT_REDRAW | REACT_RECOMPUTE);
    assert_int_equal(s->ui.edits, 2);
    assert_int_equal(s->ui.marks.cells, 1);
    text = scene_text(s, 120, 40);
    assert_shows(text, " edited: Wq[0][0] -0.04 → 0.96 · u undoes");
    free(text);
    scene_press(s, KEYCODE_ESC);   /* the editor closed: u is the global key */
    scene_press(s, KEYCODE_TAB);
    assert_int_equal(scene_press(s, 'u'), REACT_REDRAW | REACT_RECOMPUTE);
    assert_int_equal(scene_press(s, 'u'), REACT_REDRAW | REACT_RECOMPUTE);
    assert_int_equal(s->ui.edits, 0);
    assert_int_equal(s->ui.marks.cells, 0);
    assert_true(s->ls->tr.q[DENG * 8 + 0] == q0);
    assert_true(s->ls->tr.output[DENG * 8 + 0] == out0);
    text = scene_text(s, 120, 40);
    assert_hides(text, "edited");
    free(text);
    assert_int_equal(scene_press(s, 'u'), REACT_REDRAW);   /* nothing left: said */
    assert_int_equal(s->ui.note, NOTE_NOTHING_TO_UNDO);
    scene_close(s);
}

/* x(等)[0] typed as 1.5: 等's word vector becomes 1.5 − pe(等)[0] (x = e + pe). */
static void test_type_x(void **state)
{
    (void)state;
    Scene *s = editor();
    for (int i = 0; i < 4; i++)
        scene_press(s, 't');    /* Wq → Wk → Wv → score → x */
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

/* A typed value that is not a number is said on the status line, nothing changes (u then
 * says there is nothing to undo); while a
 * value is typed the keys' line says what Enter and Esc do now; at 80 × 24 the keys' line
 * keeps "Esc closes" (it ended "u undoes …"), in Chinese too. */
static void test_typed_junk_said(void **state)
{
    (void)state;
    Scene *s = editor();
    Grid g = scene_render(s, 80, 24);
    assert_has(&g, "u undo · Esc closes");
    grid_free(&g);
    s->o.lang = LANG_ZH;
    g = scene_render(s, 80, 24);
    assert_has(&g, "u 撤销 · Esc 关闭");
    grid_free(&g);
    s->o.lang = LANG_EN;
    scene_press(s, KEYCODE_ENTER);
    scene_type(s, "1.2.3");
    g = scene_render(s, 80, 24);
    assert_has(&g, "Wq[0][0] = -0.04  new value: 1.2.3_");
    assert_has(&g, "Enter sets the value · Backspace erases · Esc cancels");
    grid_free(&g);
    assert_int_equal(scene_press(s, 'x'), REACT_REDRAW);   /* taken, kept, said */
    assert_string_equal(ST(s)->typed, "1.2.3x");
    assert_string_equal(s->ui.note_text, "'x' is not part of a number: Backspace erases it (digits, '.', '-', 1e-3)");
    g = scene_render(s, 80, 24);
    grid_free(&g);
    assert_int_equal(scene_press(s, KEYCODE_ENTER), REACT_REDRAW);
    assert_false(ST(s)->typing);
    assert_int_equal(s->ui.edits, 0);
    assert_int_equal(s->ui.note, NOTE_TEXT);
    assert_string_equal(s->ui.note_text, "'1.2.3x' is not a number: type one such as 1.25, -0.69 or 1e-3; nothing changed");
    scene_press(s, KEYCODE_ENTER);
    scene_type(s, "-");
    scene_press(s, KEYCODE_ENTER);
    assert_string_equal(s->ui.note_text, "'-' is not a number: type one such as 1.25, -0.69 or 1e-3; nothing changed");
    assert_int_equal(scene_press(s, 'u'), REACT_REDRAW);   /* nothing to undo: said so */
    assert_int_equal(s->ui.note, NOTE_NOTHING_TO_UNDO);
    scene_press(s, KEYCODE_ENTER);   /* Enter on nothing typed: nothing, said nothing */
    s->ui.note = NOTE_NONE;
    scene_press(s, KEYCODE_ENTER);
    assert_int_equal(s->ui.note, NOTE_NONE);
    scene_close(s);
}

/* A value as wide as a cell keeps a blank before it: "-0.57-1.00e7" ran together. */
static void test_wide_value_keeps_apart(void **state)
{
    (void)state;
    Scene *s = editor();
    scene_press(s, KEYCODE_RIGHT);
    scene_press(s, KEYCODE_ENTER);
    scene_type(s, "-9999999");
    scene_press(s, KEYCODE_ENTER);
    assert_int_equal(s->ui.edits, 1);
    Grid g = scene_render(s, 80, 24);
    assert_has(&g, " -0.04 -1.00e7 ");
    assert_lacks(&g, "-0.04-1.00e7");
    assert_grid_sound(&g, "what if, a wide value");
    grid_free(&g);
    g = scene_render(s, 120, 40);
    assert_has(&g, " -0.04 -1.00e7 ");
    grid_free(&g);
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
                assert_has(&g, "改一个数试试");
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
    Edit e = { .target = EDIT_WV, .row = 1, .col = 2, .after = 0.25 };
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

/* The score table: Wq → Wk → Wv → score, 等's row, 加's column. */
static Scene *score_editor(void)
{
    Scene *s = editor();
    for (int i = 0; i < 3; i++)
        scene_press(s, 't');
    assert_int_equal(ST(s)->table, MACHINE_EDIT_SCORE);
    for (int i = 0; i < DENG; i++)
        scene_press(s, KEYCODE_DOWN);
    scene_press(s, KEYCODE_RIGHT);
    assert_int_equal(ST(s)->row, DENG);
    assert_int_equal(ST(s)->col, JIA);
    return s;
}

/* 等's shares as softmax of its row ÷ √8, by hand, with raw score v for 加. */
static double share_by_hand(const Trace *tr, double v, int col)
{
    double row[MODEL_MAX_TOKENS], max = -1e300, sum = 0.0;
    for (int u = 0; u < tr->T; u++) {
        row[u] = (u == JIA ? v : tr->scores[DENG * tr->T + u]) / sqrt(8.0);
        max = fmax(max, row[u]);
    }
    for (int u = 0; u < tr->T; u++)
        sum += exp(row[u] - max);
    return exp(row[col] - max) / sum;
}

/* + on score(等→加): 4.05 → 4.55, softmax redistributes 等's row only; Enter types 6:
 * 加's share 52.4% → 68.7%; u undoes both, to the last bit. */
static void test_score_nudge_type_undo(void **state)
{
    (void)state;
    Scene *s = score_editor();
    Trace *tr = &s->ls->tr;
    double w0[36], was = tr->scores[DENG * 6 + JIA];
    memcpy(w0, tr->weights, sizeof w0);
    assert_int_equal((int)llround(was * 100), 405);
    assert_int_equal((int)llround(w0[DENG * 6 + JIA] * 1000), 524);
    assert_int_equal(scene_press(s, '+'), REACT_REDRAW | REACT_RECOMPUTE);
    tr = &s->ls->tr;
    assert_int_equal(s->ui.edits, 1);
    assert_int_equal(s->edits.e[0].target, EDIT_SCORE);
    char said[128];
    assert_string_equal(edit_describe(s->ls->model, &s->edits.e[0], said, sizeof said),
                        "score(等→加) 4.05 → 4.55");
    assert_true(tr->scores[DENG * 6 + JIA] == was + 0.5);
    double v = 0.0;
    assert_true(engine_score_set(tr, 0, DENG, JIA, &v) && v == was);
    for (int u = 0; u < 6; u++)   /* 等's row as by hand, the others untouched */
        assert_true(fabs(tr->weights[DENG * 6 + u] - share_by_hand(tr, was + 0.5, u)) < 1e-15);
    for (int t = 0; t < 6; t++) {
        double sum = 0.0;
        for (int u = 0; u < 6; u++) {
            sum += tr->weights[t * 6 + u];
            if (t != DENG)
                assert_true(tr->weights[t * 6 + u] == w0[t * 6 + u]);
        }
        assert_true(fabs(sum - 1.0) < 1e-12);
    }
    /* typed: 6 */
    scene_press(s, KEYCODE_ENTER);
    scene_type(s, "6");
    Grid g = scene_render(s, 120, 40);
    assert_has(&g, "score(等→加) = 4.55*: set by you (what-if), was Q(等)·K(加) = 4.05  new value: 6_");
    grid_free(&g);
    scene_press(s, KEYCODE_ENTER);
    tr = &s->ls->tr;
    assert_int_equal(s->ui.edits, 2);
    assert_string_equal(edit_describe(s->ls->model, &s->edits.e[1], said, sizeof said),
                        "score(等→加) 4.55 → 6.00");
    assert_true(tr->scores[DENG * 6 + JIA] == 6.0);
    assert_true(fabs(tr->weights[DENG * 6 + JIA] - share_by_hand(tr, 6.0, JIA)) < 1e-15);
    assert_int_equal((int)llround(tr->weights[DENG * 6 + JIA] * 1000), 687);
    assert_true(s->ui.want.config.score.on);   /* the pass's parameter, kept for the next rebuild */
    /* one number changed, said from its Q·K: 4.05 → 6.00 */
    assert_int_equal(s->ui.marks.cells, 1);
    assert_string_equal(edit_describe(s->ls->model, &s->ui.marks.newest, said, sizeof said),
                        "score(等→加) 4.05 → 6.00");
    /* u twice: everything back */
    assert_int_equal(scene_press(s, 'u'), REACT_REDRAW | REACT_RECOMPUTE);
    assert_int_equal(scene_press(s, 'u'), REACT_REDRAW | REACT_RECOMPUTE);
    tr = &s->ls->tr;
    assert_int_equal(s->ui.edits, 0);
    assert_false(s->ui.want.config.score.on);
    assert_false(engine_score_set(tr, 0, DENG, JIA, NULL));
    assert_memory_equal(tr->weights, w0, sizeof w0);
    assert_true(tr->scores[DENG * 6 + JIA] == was);
    scene_close(s);
}

/* With a score set, no screen prints Q(等)·K(加) = a sum of products that gives 6: the
 * machine, the arcs' ② and the matrix's check say "set by you (what-if), was … 4.05". */
static void test_score_screens_say_so(void **state)
{
    (void)state;
    Scene *s = score_editor();
    scene_press(s, KEYCODE_ENTER);
    scene_type(s, "6");
    scene_press(s, KEYCODE_ENTER);
    scene_press(s, KEYCODE_ESC);
    player_set_stage(&s->p, STAGE_SCORE, 0);
    const char *said = "score(等→加) = 6.00*: set by you (what-if), was Q(等)·K(加) = 4.05";
    Grid g = scene_render(s, 120, 40);
    assert_has(&g, said);
    assert_has(&g, "6.00*");
    grid_free(&g);
    ui_set_view(&s->ui, &s->p, s->ls, VIEW_ARCS);
    player_set_stage(&s->p, STAGE_SCORE, 0);
    g = scene_render(s, 120, 40);
    assert_has(&g, said);
    assert_has(&g, "6.00*");
    assert_lacks(&g, "Q(等)·K(加) = (");   /* no Σ of products for it */
    assert_lacks(&g, "= 6.0000");
    grid_free(&g);
    /* the matrix's raw table at that cell: the check says so too */
    ui_set_view(&s->ui, &s->p, s->ls, VIEW_MATRIX);
    player_set_stage(&s->p, STAGE_SCORE, 0);
    scene_press(s, 't');   /* shares → raw Q·Kᵀ */
    g = scene_render(s, 120, 40);
    assert_has(&g, "6.00*");
    assert_has(&g, said);
    assert_has(&g, "score(等→加) = 6.00* but Q(加)·K(等) = 2.08");   /* the mirror's line */
    grid_free(&g);
    /* where output(等)[0] comes from: the scores' link says one of them is not a Q·K */
    ui_set_view(&s->ui, &s->p, s->ls, VIEW_MACHINE);
    player_set_stage(&s->p, STAGE_OUTPUT, 0);
    scene_press(s, 'w');
    g = scene_render(s, 120, 40);
    assert_has(&g, "Q · K, but score(等→加) set by you");
    grid_free(&g);
    scene_press(s, KEYCODE_ESC);
    /* the practice sequence steps around the questions about it: none is about 等's row
     * of scores or the pair 等/加 */
    QuizSeq seq;
    quiz_seq_init(&seq, QUIZ_DEFAULT_SEED);
    int skipped = 0;
    for (int i = 0; i < 90; i++) {
        QuizQuestion q;
        quiz_next(&seq, &s->ls->tr, &q);
        assert_false(quiz_about_set(&s->ls->tr, &q));
        skipped += q.kind != (QuizKind)(i % QUIZ_KIND_COUNT);
    }
    assert_int_equal(skipped, 0);   /* a redraw of its cells, not another kind */
    scene_close(s);
}

/* A score the mask hides is not set: softmax never sees it (the status line says so). */
static void test_score_masked_refused(void **state)
{
    (void)state;
    Scene *s = score_editor();
    scene_press(s, 'm');   /* causal mask: 等 cannot see 于 */
    assert_int_equal(s->ls->tr.mask, MASK_CAUSAL);
    scene_press(s, KEYCODE_RIGHT);
    scene_press(s, KEYCODE_RIGHT);
    scene_press(s, KEYCODE_RIGHT);
    assert_int_equal(ST(s)->col, YU);
    assert_int_equal(scene_press(s, '+'), REACT_REDRAW);
    assert_int_equal(s->ui.edits, 0);
    assert_false(s->ls->tr.score_set.on);
    scene_close(s);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_editor_hides_the_arrows_hints),
        cmocka_unit_test(test_nudge_wq),
        cmocka_unit_test(test_undo_all),
        cmocka_unit_test(test_type_x),
        cmocka_unit_test(test_typed_junk_said),
        cmocka_unit_test(test_wide_value_keeps_apart),
        cmocka_unit_test(test_practice_follows),
        cmocka_unit_test(test_esc_and_keys_through),
        cmocka_unit_test(test_sizes_languages),
        cmocka_unit_test(test_carry_out),
        cmocka_unit_test(test_score_nudge_type_undo),
        cmocka_unit_test(test_score_screens_say_so),
        cmocka_unit_test(test_score_masked_refused),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
