/* test_view_summary.c — the summary view (station 9): the lesson's claims with the sentence's
 * own figures, each pointing to the view that shows it; its keys and clicks open that view;
 * n, Chinese, ASCII and every size.
 * Must not touch: golden files (test_golden.c), the terminal. */
#include <stdarg.h>
#include <stddef.h>
#include <setjmp.h>
#include <stdint.h>
#include <cmocka.h>

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "harness.h"
#include "text.h"
#include "format.h"
#include "keys.h"
#include "view.h"

static const int sizes[][2] = { { 60, 20 }, { 61, 21 }, { 70, 22 }, { 80, 24 }, { 99, 31 },
                                { 120, 40 }, { 200, 60 }, { 300, 80 } };
#define N_SIZES (sizeof sizes / sizeof sizes[0])

static Shot shot(int w, int h, bool numbers)
{
    return (Shot){ .w = w, .h = h, .stage = STAGE_QKV, .focus = 3, .numbers = numbers, .lang = LANG_EN };
}

/* Each claim's key, the view it opens, and its title. */
static const struct {
    int key;            /* the digit */
    ViewId view;        /* the view it opens */
    const char *title;  /* the claim's title, English */
} expected[] = {
    { '1', VIEW_SIMILARITY, "Similarity is symmetric and content-only" },
    { '2', VIEW_LIBRARY,    "Q, K, V fix it: three roles from one vector" },
    { '3', VIEW_MATRIX,     "Scores: Q·Kᵀ, a [T, T] table with a direction" },
    { '4', VIEW_SQRTD,      "÷√d before softmax" },
    { '5', VIEW_ARCS,       "Softmax into shares, then a weighted sum of V" },
    { '6', VIEW_MACHINE,    "[T, d] in, [T, d] out: layers stack" },
    { '7', VIEW_CODE,       "Five lines: what nn.MultiheadAttention does" },
    { '8', VIEW_SCALE,      "A real model: the same, only bigger" },
};
#define N_EXPECTED (sizeof expected / sizeof expected[0])

/* ---------------------------------------------------------------- claims */

static void test_claims_and_targets(void **state)
{
    Fixture *f = *state;
    Shot s = shot(80, 24, true);
    char *frame = shot_text(f, VIEW_SUMMARY, &s);
    for (size_t i = 0; i < N_EXPECTED; i++) {
        char key[8], target[64];
        snprintf(key, sizeof key, "[%c] ", expected[i].key);
        char *line = line_with(frame, key);
        if (!strstr(line, expected[i].title))
            fail_msg("claim %c: \"%s\" lacks \"%s\"", expected[i].key, line, expected[i].title);
        snprintf(target, sizeof target, "→ %s", view_ops(expected[i].view)->tab_en);
        if (!strstr(line, target))
            fail_msg("claim %c: \"%s\" does not point to %s", expected[i].key, line, target);
        free(line);
    }
    assert_shows(frame, "The lesson in one screen: a key or a click opens the screen of a claim.");
    assert_shows(frame, "Next: lesson 7, the mask and the heads (try m and h here); lesson 8, residual");
    free(frame);
}

/* The sentence's figures, as the trace has them: 等 and the character it looks at most, 加. */
static void test_figures(void **state)
{
    Fixture *f = *state;
    const Trace *tr = &f->ls.tr;
    Shot s = shot(80, 24, true);
    char *frame = shot_text(f, VIEW_SUMMARY, &s);
    char want[128], a[FORMAT_BYTES], b[FORMAT_BYTES];
    assert_int_equal(engine_strongest(tr, 0, 3), 1);
    snprintf(want, sizeof want, "等→加 = 加→等 = %s", format_fixed(a, sizeof a, TRACE_SQ(tr, similarity, 3, 1), 2));
    assert_shows(frame, want);
    assert_shows(frame, "lesson 4's similarity: 等→加 = 加→等 = 0.25, in any sentence");
    assert_shows(frame, "等 asks 加: 4.05, 加 asks 等: 2.08");
    snprintf(want, sizeof want, "等 asks 加: %s, 加 asks 等: %s", format_fixed(a, sizeof a, TRACE_SQ(tr, scores, 3, 1), 2),
             format_fixed(b, sizeof b, TRACE_SQ(tr, scores, 1, 3), 2));
    assert_shows(frame, want);
    assert_shows(frame, "unable to learn; √8 ≈ 2.828427");
    assert_shows(frame, "等 gives 加 52.4%; output(等) is most like V(加), cosine 0.9855");
    assert_shows(frame, "residuals fit (lesson 8); [6, 8] → [6, 8]");
    assert_shows(frame, "Q = x·Wq; K = x·Wk; V = x·Wv; A = softmax(Q·Kᵀ / √d); out = A·V");
    assert_shows(frame, "192 here, 16 515 072 in a real Wq, Wk, Wv; 28 heads, 4 K/V groups (GQA)");
    free(frame);
}

/* With room, the full details: the lesson's longer words. */
static void test_full_details(void **state)
{
    Fixture *f = *state;
    Shot s = shot(120, 40, true);
    char *frame = shot_text(f, VIEW_SUMMARY, &s);
    assert_shows(frame, "lesson 4's table gives 等→加 and 加→等 one number, 0.25: it cannot tell who asks");
    assert_shows(frame, "等 asks 加: 4.05, 加 asks 等: 2.08; the similarity table can never show that");
    assert_shows(frame, "softmax saturates and its gradient vanishes: not worse,");
    assert_shows(frame, "unable to learn; √8 ≈ 2.828427");
    assert_shows(frame, "shares add up to 100%, in the scores' order: 等 gives 加 52.4%");
    free(frame);
}

/* ---------------------------------------------------------------- keys and clicks */

static void test_keys_open_views(void **state)
{
    Fixture *f = *state;
    for (size_t i = 0; i < N_EXPECTED; i++) {
        Scene sc;
        Shot s = shot(80, 24, true);
        scene_shoot(&sc, f, VIEW_SUMMARY, &s);
        const KeyBinding *b = ui_binding(&sc.ui, expected[i].key);
        assert_non_null(b);
        assert_int_equal(b->action, ACTION_VIEW_N);
        assert_int_equal(b->arg, expected[i].view);
        assert_int_equal(ui_apply(&sc.ui, &sc.p, sc.ls, b->action, b->arg, 0), REACT_REDRAW);
        assert_int_equal(sc.ui.view, expected[i].view);
        assert_int_equal(sc.p.track, view_ops(expected[i].view)->track);
    }
    /* elsewhere the digits still focus characters */
    Scene sc;
    Shot s = shot(80, 24, true);
    scene_shoot(&sc, f, VIEW_SUMMARY, &s);
    ui_set_view(&sc.ui, &sc.p, sc.ls, VIEW_ARCS);
    assert_int_equal(ui_binding(&sc.ui, '3')->action, ACTION_FOCUS_N);
}

static void test_help_and_status(void **state)
{
    Fixture *f = *state;
    Shot s = shot(80, 24, true);
    s.keys[0] = '?';
    char *frame = shot_text(f, VIEW_SUMMARY, &s);
    char *line = line_with(frame, "1-8");
    assert_non_null(strstr(line, "open a screen"));
    free(line);
    free(frame);
    s.keys[0] = 0;
    frame = shot_text(f, VIEW_SUMMARY, &s);
    assert_shows(frame, " 1-8 open the screen of a claim ");
    free(frame);
}

/* A click anywhere on a claim, at every size, opens its view; elsewhere nothing. */
static void test_clicks(void **state)
{
    Fixture *f = *state;
    for (size_t z = 0; z < N_SIZES; z++) {
        Shot s = shot(sizes[z][0], sizes[z][1], true);
        char *frame = shot_text(f, VIEW_SUMMARY, &s);
        Scene sc;
        scene_shoot(&sc, f, VIEW_SUMMARY, &s);
        FrameInput in = scene_input(&sc);
        int row = 0, found = 0;
        for (const char *line = frame; *line; row++) {
            const char *end = strchr(line, '\n');
            for (size_t i = 0; i < N_EXPECTED; i++) {
                char key[8];
                snprintf(key, sizeof key, " [%c] ", expected[i].key);
                if (strncmp(line, key, strlen(key)) != 0 && !(strstr(line, key) && strstr(line, key) < end))
                    continue;
                int col = (int)(strstr(line, key) - line) + 6;   /* inside the title */
                Action a;
                int arg;
                assert_true(frame_hit(&in, s.w, s.h, col, row, &a, &arg));
                assert_int_equal(a, ACTION_VIEW_N);
                assert_int_equal(arg, expected[i].view);
                found++;
            }
            line = end ? end + 1 : line + strlen(line);
        }
        assert_int_equal(found, N_EXPECTED);
        Action a;
        int arg;
        assert_false(frame_hit(&in, s.w, s.h, 0, s.h - 1, &a, &arg) && a == ACTION_VIEW_N &&
                     arg == VIEW_SUMMARY);
        free(frame);
    }
}

/* ---------------------------------------------------------------- n, languages, sizes */

static void test_numbers_hidden(void **state)
{
    Fixture *f = *state;
    for (int big = 0; big < 2; big++) {
        Shot s = big ? shot(120, 40, false) : shot(80, 24, false);
        char *frame = shot_text(f, VIEW_SUMMARY, &s);
        char *body = body_of(frame);
        static const char *const figures[] = { "0.25", "4.05", "2.08", "2.828427", "52.4", "0.9855",
                                               "[6, 8]", "192", "16 515 072", "28 heads" };
        for (size_t i = 0; i < sizeof figures / sizeof figures[0]; i++)
            assert_hides(body, figures[i]);
        /* the claims stay, and the words of the details */
        assert_shows(body, "[1] Similarity is symmetric and content-only");
        assert_shows(body, "both directions of a pair one number");
        assert_shows(body, "等 asking 加 and 加 asking 等 score differently");
        free(body);
        free(frame);
    }
}

static void test_chinese(void **state)
{
    Fixture *f = *state;
    Shot s = shot(120, 40, true);
    s.lang = LANG_ZH;
    char *frame = shot_text(f, VIEW_SUMMARY, &s);
    assert_shows(frame, "[1] 相似度表对称、只认内容");
    assert_shows(frame, "→ 相似度");
    assert_shows(frame, "「等」问「加」得 4.05，「加」问「等」只有 2.08");
    assert_shows(frame, "学不动");
    assert_shows(frame, "我在找什么");
    assert_shows(frame, "我挂出的名牌");
    assert_shows(frame, "接下来：第 7 课的掩码和多头");
    free(frame);
}

static void test_ascii(void **state)
{
    Fixture *f = *state;
    Shot s = shot(80, 24, true);
    s.ascii = true;
    char *frame = shot_text(f, VIEW_SUMMARY, &s);
    assert_ascii_text(frame);
    assert_shows(frame, "[3] Scores: Q.K^T, a [T, T] table with a direction");
    assert_shows(frame, "[4] /sqrt(d) before softmax");
    assert_shows(frame, "-> sqrtd");
    assert_shows(frame, "deng->jia = jia->deng = 0.25");
    assert_shows(frame, "sqrt(8) ~ 2.828427");
    free(frame);
}

/* The column of "→" on claim i's line, in display columns. */
static int arrow_column(const char *frame, int key)
{
    char k[8];
    snprintf(k, sizeof k, "[%c] ", key);
    char *line = line_with(frame, k);
    char *arrow = strstr(line, "→");
    assert_non_null(arrow);
    *arrow = '\0';
    int col = text_width(line);
    free(line);
    return col;
}

/* From 80 columns on, the arrows of the claims' screens stand in one column (each name was
 * right-aligned, so each arrow had its own column), in both languages; at 60 every title is
 * still whole (aligned arrows there would cut "one vector" to "one vect"). */
static void test_arrows_aligned(void **state)
{
    Fixture *f = *state;
    for (int lang = 0; lang < 2; lang++)
        for (int big = 0; big < 2; big++) {
            Shot s = big ? shot(120, 40, true) : shot(80, 24, true);
            s.lang = (Lang)lang;
            char *frame = shot_text(f, VIEW_SUMMARY, &s);
            int col = arrow_column(frame, '1');
            for (size_t i = 1; i < N_EXPECTED; i++)
                if (arrow_column(frame, expected[i].key) != col)
                    fail_msg("%dx%d: claim %c's arrow at %d, claim 1's at %d", s.w, s.h,
                             expected[i].key, arrow_column(frame, expected[i].key), col);
            free(frame);
        }
    Shot s = shot(60, 20, true);
    char *frame = shot_text(f, VIEW_SUMMARY, &s);
    for (size_t i = 0; i < N_EXPECTED; i++)
        assert_shows(frame, expected[i].title);
    free(frame);
}

static void test_sizes(void **state)
{
    Fixture *f = *state;
    for (size_t z = 0; z < N_SIZES; z++) {
        for (int n = 0; n < 2; n++) {
            Shot s = shot(sizes[z][0], sizes[z][1], n == 1);
            char *frame = shot_text(f, VIEW_SUMMARY, &s);
            assert_hides(frame, "too small to draw");
            for (size_t i = 0; i < N_EXPECTED; i++) {
                char key[8];
                snprintf(key, sizeof key, "[%c] ", expected[i].key);
                assert_shows(frame, key);
            }
            if (s.h >= 24)
                assert_shows(frame, "residual");
            free(frame);
        }
    }
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test_setup_teardown(test_claims_and_targets, fixture_setup, fixture_teardown),
        cmocka_unit_test_setup_teardown(test_figures, fixture_setup, fixture_teardown),
        cmocka_unit_test_setup_teardown(test_full_details, fixture_setup, fixture_teardown),
        cmocka_unit_test_setup_teardown(test_keys_open_views, fixture_setup, fixture_teardown),
        cmocka_unit_test_setup_teardown(test_help_and_status, fixture_setup, fixture_teardown),
        cmocka_unit_test_setup_teardown(test_clicks, fixture_setup, fixture_teardown),
        cmocka_unit_test_setup_teardown(test_numbers_hidden, fixture_setup, fixture_teardown),
        cmocka_unit_test_setup_teardown(test_chinese, fixture_setup, fixture_teardown),
        cmocka_unit_test_setup_teardown(test_ascii, fixture_setup, fixture_teardown),
        cmocka_unit_test_setup_teardown(test_sizes, fixture_setup, fixture_teardown),
        cmocka_unit_test_setup_teardown(test_arrows_aligned, fixture_setup, fixture_teardown),
    };
    return cmocka_run_group_tests_name("view summary", tests, NULL, NULL);
}
