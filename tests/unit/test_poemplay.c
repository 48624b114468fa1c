/* test_poemplay.c — unit tests for a layered model played by the lesson's screens: the lesson's
 * pass presenting a chosen layer (src/lesson.c, src/transformer_layer.c), its hand checks
 * holding with the layer's biases, the (layer, head) choice (request.h, ui.c: h / H and
 * request_choose_head), the mask that stays on.
 * Must not touch: the terminal, files outside tests/. */
#include <stdarg.h>
#include <stddef.h>
#include <setjmp.h>
#include <stdint.h>
#include <cmocka.h>

#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "actions.h"
#include "frame.h"
#include "grid.h"
#include "harness.h"
#include "lesson.h"
#include "request.h"
#include "text.h"
#include "view.h"
#include "ui.h"

#ifndef TESTS_DIR
#define TESTS_DIR "tests"
#endif

#define TINY TESTS_DIR "/models/layered-tiny.model"

static int poem_setup(void **state)
{
    *state = layered_fixture_open(TINY, NULL);
    return *state ? 0 : -1;
}

static int poem_teardown(void **state)
{
    layered_fixture_close(*state);
    return 0;
}

/* The lesson holds the whole pass and presents layer 1 (0-based 0) as the lesson's pass. */
static void test_lesson_presents_a_layer(void **state)
{
    LayeredFixture *p = *state;
    const Lesson *ls = &p->ls;
    assert_true(ls->has_poem);
    assert_false(ls->has_alt);
    assert_int_equal(ls->poem.T, 12);
    assert_int_equal(ls->tr.T, 12);
    assert_true(ls->tr.layered);
    assert_int_equal(ls->tr.layer, 0);
    assert_int_equal(ls->tr.d, 16);
    assert_int_equal(ls->tr.heads, 2);
    assert_int_equal(ls->tr.dh, 8);
    assert_int_equal(ls->tr.mask, MASK_CAUSAL);
    assert_null(ls->tr.logits);
    assert_int_equal(ls->tr.predicted, -1);
    assert_string_equal(ls->params.sentence, "床前明月光，疑是地上霜。");
    assert_string_equal(ls->tr.tokens[10], "霜");
    assert_int_equal(lesson_asker(ls), 10);   /* 霜: the last before the closing 。 */
    for (int t = 0; t < ls->tr.T; t++)
        for (int i = 0; i < ls->tr.d; i++) {
            assert_true(TRACE_ROW(&ls->tr, x, t)[i] == ls->poem.layer[0].ln1_out[t * 16 + i]);
            assert_true(TRACE_ROW(&ls->tr, output, t)[i] == ls->poem.layer[0].heads[t * 16 + i]);
        }
}

/* Inside a head the lesson's checks hold: Q = Σ x·W + b, score = Σ q·k, share row sums to 1,
 * output = Σ share · V; masked cells have share 0. */
static void test_checks_hold(void **state)
{
    LayeredFixture *p = *state;
    const Trace *tr = &p->ls.tr;
    ExplainTerm terms[MODEL_MAX_D];
    for (int role = 0; role < 3; role++) {
        int n = engine_explain_projection(tr, (Role)role, 7, 11, terms);
        assert_int_equal(n, 17);   /* 16 products and the bias, 1 · b */
        assert_true(terms[16].a == 1.0 && terms[16].b == engine_projection_bias(tr, (Role)role, 11));
        double sum = 0.0;
        for (int i = 0; i < n; i++)
            sum += terms[i].a * terms[i].b;
        assert_true(fabs(sum - engine_projection(tr, (Role)role)[7 * 16 + 11]) < 1e-12);
        assert_true(engine_projection_bias(tr, (Role)role, 11) != 0.0);
    }
    int n = engine_explain_score(tr, 1, 9, 4, terms);
    assert_int_equal(n, 8);
    double score = 0.0;
    for (int i = 0; i < n; i++)
        score += terms[i].a * terms[i].b;
    assert_true(fabs(score - TRACE_HSQ(tr, scores, 1, 9, 4)) < 1e-12);
    assert_true(fabs(TRACE_HSQ(tr, scaled, 1, 9, 4) - score / sqrt(8.0)) < 1e-12);
    assert_true(fabs(engine_row_total(tr, 1, 9) - 1.0) < 1e-12);
    assert_true(TRACE_HSQ(tr, weights, 1, 3, 9) == 0.0);
    assert_false(engine_visible(tr, 3, 9));
    n = engine_explain_output(tr, 9, 8 + 5, terms);
    double out = 0.0;
    for (int i = 0; i < n; i++)
        out += terms[i].a * terms[i].b;
    assert_true(fabs(out - TRACE_ROW(tr, output, 9)[13]) < 1e-12);
}

/* Rebuilding with layer 2 presents it; a layer beyond the model's is layer 1. */
static void test_rebuild_layer(void **state)
{
    LayeredFixture *p = *state;
    char err[256];
    LessonParams want = p->ls.params;
    want.layer = 1;
    assert_int_equal(lesson_rebuild(&p->ls, &want, err, sizeof err), 0);
    assert_int_equal(p->ls.tr.layer, 1);
    assert_int_equal(lesson_layer(&p->ls), 1);
    assert_true(p->ls.tr.q[5] == p->ls.poem.layer[1].q[5]);
    want.layer = 7;
    assert_int_equal(lesson_rebuild(&p->ls, &want, err, sizeof err), 0);
    assert_int_equal(p->ls.tr.layer, 0);
    want.layer = 0;
    snprintf(want.sentence, sizeof want.sentence, "床前雷");
    assert_int_not_equal(lesson_rebuild(&p->ls, &want, err, sizeof err), 0);
    assert_non_null(strstr(err, "雷"));
    assert_int_equal(p->ls.tr.T, 12);   /* left as it was */
}

/* h / H step L1 H1 … L2 H2 round; the request sets the choice; a new layer recomputes. */
static void test_choice(void **state)
{
    LayeredFixture *p = *state;
    Ui ui;
    Player pl;
    assert_int_equal(ui_init_for(&ui, VIEW_ARCS, &p->ls), 0);
    player_init(&pl, p->ls.tr.T, 0);
    assert_int_equal(ui.head, 0);
    assert_int_equal(ui.layer, 0);
    int r = ui_apply(&ui, &pl, &p->ls, ACTION_HEADS, 0, 0);
    assert_int_equal(ui.head, 1);
    assert_int_equal(ui.layer, 0);
    assert_false(r & REACT_RECOMPUTE);
    r = ui_apply(&ui, &pl, &p->ls, ACTION_HEADS, 0, 0);
    assert_int_equal(ui.head, 0);
    assert_int_equal(ui.layer, 1);
    assert_int_equal(ui.want.layer, 1);
    assert_true(r & REACT_RECOMPUTE);
    r = ui_apply(&ui, &pl, &p->ls, ACTION_HEADS_BACK, 0, 0);
    assert_int_equal(ui.head, 1);
    assert_int_equal(ui.layer, 0);
    r = ui_apply(&ui, &pl, &p->ls, ACTION_HEADS_BACK, 0, 0);
    r = ui_apply(&ui, &pl, &p->ls, ACTION_HEADS_BACK, 0, 0);   /* round: L2 H2 */
    assert_int_equal(ui.head, 1);
    assert_int_equal(ui.layer, 1);
    Request rq;
    memset(&rq, 0, sizeof rq);
    request_choose_head(&rq, 0, 5);   /* clamped to the model's heads */
    r = ui_carry_out(&ui, &pl, &p->ls, &rq, 0);
    assert_int_equal(ui.layer, 0);
    assert_int_equal(ui.head, 1);
    assert_true(r & REACT_RECOMPUTE);
    assert_int_equal(ui_head_shown(&ui, &p->ls.tr), 1);
    /* m: the mask stays on, and says why */
    r = ui_apply(&ui, &pl, &p->ls, ACTION_MASK, 0, 0);
    assert_false(r & REACT_RECOMPUTE);
    assert_int_equal(ui.note, NOTE_TEXT);
    assert_non_null(strstr(ui.note_text, "one character at a time"));
    ui_free(&ui);
}

/* The screens about the lesson's model alone (similarity, summary) show it while the poems
 * play: the stand-in is the compiled-in model on 三加五等于?, kept through a rebuild, and the
 * frame shows its characters under the layered note; other screens show the poem. */
static void test_lesson_model_stands_in(void **state)
{
    LayeredFixture *p = *state;
    const Lesson *teach = p->ls.teach;
    assert_non_null(teach);
    assert_true(teach->stand_in);
    assert_false(teach->has_poem);
    assert_int_equal(teach->tr.T, 6);
    assert_string_equal(teach->params.sentence, "三加五等于?");
    assert_true(teach->has_alt);
    assert_ptr_equal(view_lesson(view_ops(VIEW_SIMILARITY), &p->ls), teach);
    assert_ptr_equal(view_lesson(view_ops(VIEW_SUMMARY), &p->ls), teach);
    assert_ptr_equal(view_lesson(view_ops(VIEW_ARCS), &p->ls), &p->ls);
    assert_ptr_equal(view_lesson(view_ops(VIEW_SIMILARITY), teach), teach);
    char err[256];
    LessonParams want = p->ls.params;
    want.layer = 1;
    assert_int_equal(lesson_rebuild(&p->ls, &want, err, sizeof err), 0);
    assert_ptr_equal(p->ls.teach, teach);   /* kept, not made again */

    Ui ui;
    Player pl;
    assert_int_equal(ui_init_for(&ui, VIEW_SIMILARITY, &p->ls), 0);
    player_init(&pl, p->ls.tr.T, 0);
    ui_set_view(&ui, &pl, &p->ls, VIEW_SIMILARITY);
    player_set_focus(&pl, 10, 0);   /* the poem's 霜: past the lesson's six */
    FrameInput in = { .lesson = &p->ls, .player = &pl, .ui = &ui, .progress = 1.0 };
    Grid g;
    assert_int_equal(grid_init(&g, 120, 40), 0);
    frame_render(&g, &in);
    char *text = frame_text(&g);
    assert_true(text_has(text, "shows the lesson's model (三加五等于?); L plays it"));
    assert_true(text_has(text, "等·加 = 加·等 = 0.25"));
    assert_true(text_has(text, "layer 2 · head 1"));   /* the status: the layered model plays */
    free(text);
    /* c (its third own action) says that L plays the lesson's model, and asks for no rebuild */
    LessonParams before = ui.want;
    int r = ui_apply(&ui, &pl, &p->ls, (Action)(ACTION_VIEW_FIRST + 2), 0, 0);
    assert_false(r & REACT_RECOMPUTE);
    assert_int_equal(ui.note, NOTE_TEXT);
    assert_non_null(strstr(ui.note_text, "L plays it"));
    assert_string_equal(ui.want.compare, before.compare);
    grid_free(&g);
    ui_free(&ui);
}

/* The arcs screen's frame at stage with w's chain open (120×40), as text (caller frees). */
static char *chain_frame(LayeredFixture *p, Stage stage)
{
    Ui ui;
    Player pl;
    assert_int_equal(ui_init_for(&ui, VIEW_ARCS, &p->ls), 0);
    player_init(&pl, p->ls.tr.T, 0);
    ui_set_view(&ui, &pl, &p->ls, VIEW_ARCS);
    player_set_focus(&pl, 7, 0);
    player_set_stage(&pl, stage, 0);
    ui.origin = true;
    ui.dim = 3;
    FrameInput in = { .lesson = &p->ls, .player = &pl, .ui = &ui, .progress = 1.0 };
    Grid g;
    assert_int_equal(grid_init(&g, 120, 40), 0);
    frame_render(&g, &in);
    char *text = frame_text(&g);
    grid_free(&g);
    ui_free(&ui);
    return text;
}

/* w on a layered model traces x back through LN₁ to the layer's input row: e + pe on the
 * first layer, the first layer's output on the second; LN₁'s hand check holds as printed. */
static void test_chain_reaches_the_input(void **state)
{
    LayeredFixture *p = *state;
    char *text = chain_frame(p, STAGE_QKV);
    assert_true(text_has(text, "LN₁ of the layer's input row"));
    assert_true(text_has(text, "e + pe"));
    const char *line = strstr(text, "   x(");   /* the check's line (a link's is "← x(") */
    assert_non_null(line);
    line += 3;
    double in, mean, std, gain, bias, x;
    int j;
    char tok[16];
    assert_int_equal(sscanf(line, "x(%15[^)])[%d] = (%lf − %lf) ÷ %lf × γ %lf + β %lf = %lf", tok, &j, &in,
                            &mean, &std, &gain, &bias, &x), 8);
    assert_int_equal(j, 3);
    const char *dot = strchr(strstr(line, " = ") + 3, '=');   /* the result's decimals */
    int places = 0;
    for (const char *q = strchr(dot, '.') + 1; *q >= '0' && *q <= '9'; q++)
        places++;
    double unit = pow(10.0, -places);
    assert_true(fabs((in - mean) / std * gain + bias - x) <= unit / 2 + 1e-9);   /* "=" as printed */
    assert_true(fabs(x - TRACE_ROW(&p->ls.tr, x, 7)[3]) <= unit / 2 + 1e-9);
    /* the mean, σ² and std redone from their printed sums */
    double sum, mean2, sq, var, std2;
    int d1, d2, d3, d4;
    const char *m = strstr(text, "mean = Σ in ÷ ");
    assert_non_null(m);
    assert_int_equal(sscanf(m, "mean = Σ in ÷ %d = %lf ÷ %d = %lf", &d1, &sum, &d2, &mean2), 4);
    const char *v = strstr(text, "σ² = Σ(in − mean)² ÷ ");
    assert_non_null(v);
    assert_int_equal(sscanf(v, "σ² = Σ(in − mean)² ÷ %d = %lf ÷ %d = %lf, std = √(σ² + 1e-5) = %lf", &d3, &sq,
                            &d4, &var, &std2), 5);
    assert_int_equal(d1, 16);
    assert_true(mean2 == mean && std2 == std);
    double digit = pow(10.0, -4);   /* the operands have at least four decimals */
    assert_true(fabs(sum / 16 - mean) <= digit / 2 + 1e-12);
    assert_true(fabs(sq / 16 - var) <= digit / 2 + 1e-12);
    assert_true(fabs(sqrt(var + 1e-5) - std) <= digit / 2 + 1e-12);
    free(text);

    char err[256];
    LessonParams want = p->ls.params;
    want.layer = 1;
    assert_int_equal(lesson_rebuild(&p->ls, &want, err, sizeof err), 0);
    text = chain_frame(p, STAGE_SCORE);
    assert_true(text_has(text, "layer 1's output (checked against PyTorch)"));
    assert_false(strstr(text, "e + pe") != NULL);
    free(text);
}

/* Every screen's line under the view bar on a layered model fits an 80-column frame (one
 * blank each side) in both languages: the chrome cuts what does not. */
static void test_layered_notes_fit(void **state)
{
    (void)state;
    for (int v = 0; v < VIEW_COUNT; v++) {
        const ViewOps *ops = view_ops((ViewId)v);
        if (!ops->layered_en)
            continue;
        assert_non_null(ops->layered_zh);
        if (text_width(ops->layered_en) > 78 || text_width(ops->layered_zh) > 78)
            fail_msg("%s's note is %d / %d columns: %s / %s", ops->name, text_width(ops->layered_en),
                     text_width(ops->layered_zh), ops->layered_en, ops->layered_zh);
    }
}

/* Every screen draws the poem's pass at every stage, with w's chain open, in both languages,
 * at 80×24 and 120×40, on both layers: no crash, no out-of-bounds (the ASan build runs it). */
static void test_every_view_draws(void **state)
{
    LayeredFixture *p = *state;
    static const int sizes[2][2] = { { 80, 24 }, { 120, 40 } };
    for (int layer = 0; layer < 2; layer++) {
        char err[256];
        LessonParams want = p->ls.params;
        want.layer = layer;
        assert_int_equal(lesson_rebuild(&p->ls, &want, err, sizeof err), 0);
        for (int v = 0; v < VIEW_COUNT; v++)
            for (int stage = 0; stage < 4; stage++)
                for (int i = 0; i < 4; i++) {
                    Ui ui;
                    Player pl;
                    assert_int_equal(ui_init_for(&ui, (ViewId)v, &p->ls), 0);
                    player_init(&pl, p->ls.tr.T, 0);
                    ui_set_view(&ui, &pl, &p->ls, (ViewId)v);
                    player_set_focus(&pl, 7, 0);
                    player_set_stage(&pl, (Stage)stage, 0);
                    ui.head = 1;
                    ui.origin = i & 1;
                    FrameOptions fo = { .lang = i & 2 ? LANG_ZH : LANG_EN };
                    FrameInput in = { .lesson = &p->ls, .player = &pl, .ui = &ui, .progress = 1.0, .opt = &fo };
                    Grid g;
                    assert_int_equal(grid_init(&g, sizes[i & 1][0], sizes[i & 1][1]), 0);
                    frame_render(&g, &in);
                    grid_free(&g);
                    ui_free(&ui);
                }
    }
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test_setup_teardown(test_lesson_presents_a_layer, poem_setup, poem_teardown),
        cmocka_unit_test_setup_teardown(test_checks_hold, poem_setup, poem_teardown),
        cmocka_unit_test_setup_teardown(test_rebuild_layer, poem_setup, poem_teardown),
        cmocka_unit_test_setup_teardown(test_choice, poem_setup, poem_teardown),
        cmocka_unit_test_setup_teardown(test_lesson_model_stands_in, poem_setup, poem_teardown),
        cmocka_unit_test(test_layered_notes_fit),
        cmocka_unit_test_setup_teardown(test_chain_reaches_the_input, poem_setup, poem_teardown),
        cmocka_unit_test_setup_teardown(test_every_view_draws, poem_setup, poem_teardown),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
