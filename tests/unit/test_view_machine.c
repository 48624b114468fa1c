/* test_view_machine.c — the machine view (station 7) as a pure function of its inputs, with
 * the lesson's exact figures: the strip fills table by table as the stages and the
 * transition go, each stage's table in full numbers (Q(等), the scores of 等's row with
 * 4.05, its shares with 52.4%, output(等) = [0.52, -0.42, …]), the point that [6, 8] goes
 * in and [6, 8] comes out, mask and heads, hidden numbers, ASCII, Chinese, every size.
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
#include "transformer.h"

enum { SAN = 0, JIA = 1, WU = 2, DENG = 3, YU = 4, ASK = 5 };

/* ---------------------------------------------------------------- a scene */

/* The machine view over sentence (NULL: the model's) at stage and focus (caller closes). */
static Scene *open_at(const char *sentence, Stage stage, int focus)
{
    Scene *s = scene_open(sentence, VIEW_MACHINE);
    s->p.stage = stage;
    s->p.focus = focus;
    return s;
}

/* The scene as it opened, at another stage and focus, without building the lesson anew. */
static void reset_at(Scene *s, Stage stage, int focus)
{
    scene_reset(s);
    s->p.stage = stage;
    s->p.focus = focus;
}

/* ---------------------------------------------------------------- text of a frame */

/* Empty strip cells: the '·' in runs of two or more (a lone '·' is a product or a
 * separator). */
static int empty_cells(const Grid *g)
{
    int n = 0;
    for (int y = 0; y < g->h; y++) {
        int run = 0;
        for (int x = 0; x <= g->w; x++) {
            bool dot = x < g->w && strcmp(grid_cell(g, x, y)->glyph, "·") == 0;
            if (dot) {
                run++;
                continue;
            }
            n += run >= 2 ? run : 0;
            run = 0;
        }
    }
    return n;
}

/* Row t of a T × d table as printed, each number two decimals, in a row_with list. */
static int vector_row(const Trace *tr, const double *m, int t, char nums[][FORMAT_BYTES], const char **want)
{
    snprintf(nums[0], FORMAT_BYTES, "%s", tr->tokens[t]);
    want[0] = nums[0];
    for (int j = 0; j < tr->d; j++) {
        format_fixed(nums[j + 1], FORMAT_BYTES, m[(size_t)t * (size_t)tr->d + (size_t)j], 2);
        want[j + 1] = nums[j + 1];
    }
    return tr->d + 1;
}

/* ---------------------------------------------------------------- the flow fills in order */

/* Empty strip cells are '·'; at 80 × 24 a T × T cell is two columns (so that "③ softmax"
 * fits over its block) and a T × d cell one: ② and ③ are 6 × 12 each and ④ 6 × 8, so ①
 * leaves 192 empty, ② 120, ③ 48, ④ none. */
static void test_strip_fills_stage_by_stage(void **state)
{
    (void)state;
    static const int empty[STAGE_COUNT] = { 192, 120, 48, 0 };
    for (int st = 0; st < STAGE_COUNT; st++) {
        Scene *s = open_at(NULL, (Stage)st, DENG);
        Grid g = scene_render(s, 80, 24);
        if (empty_cells(&g) != empty[st])
            fail_msg("stage %d: %d empty cells, want %d:\n%s", st, empty_cells(&g), empty[st], frame_text(&g));
        grid_free(&g);
        scene_close(s);
    }
}

/* Mid-transition the current table fills row by row: at ② with progress 0.5, 3 of 6 rows
 * (of 12 columns each). */
static void test_progress_fills_the_current_table(void **state)
{
    (void)state;
    Scene *s = open_at(NULL, STAGE_SCORE, DENG);
    s->progress = 0.5;
    Grid g = scene_render(s, 80, 24);
    assert_int_equal(empty_cells(&g), 120 + 3 * 12);
    const char *jia[] = { "加", "6.44", "4.83", "7.05", "2.08", "-2.66", "-1.75" };
    assert_true(row_with(&g, jia, 7) >= 0);   /* row 2 of the scores is there ... */
    const char *deng[] = { "等", "1.26", "4.05" };
    assert_int_equal(row_with(&g, deng, 3), -1);   /* ... row 4 not yet */
    grid_free(&g);
    scene_close(s);
}

/* ---------------------------------------------------------------- nothing moves, big frames fill */

/* The first row (0-based) whose text contains s, or -1. */
static int row_of(const Grid *g, const char *s)
{
    char row[8192];
    for (int y = 0; y < g->h; y++) {
        row_text(g, y, row, sizeof row);
        if (strstr(row, s))
            return y;
    }
    return -1;
}

/* Blank rows of the body (between the view bar and the status line). */
static int blank_body_rows(const Grid *g)
{
    char row[8192];
    int n = 0;
    for (int y = 2; y < g->h - 1; y++) {
        row_trimmed(g, y, row, sizeof row);
        n += row[0] == '\0';
    }
    return n;
}

/* Stepping moves nothing: the caption (the title of the stage), the stages' names and the
 * heading sit on the same rows at ① ② ③ ④ (at 120 × 40 they moved from row 3 at ① to 11
 * at ② ③ and 10 at ④, 1-based). */
static void test_rows_stay_while_stepping(void **state)
{
    (void)state;
    static const char *const caption[STAGE_COUNT] = { "① Q K V · ", "② score · ", "③ softmax · ", "④ output · " };
    static const char *const heading[STAGE_COUNT] = { "── ① Q K V · ", "── ② score · ", "── ③ softmax · ",
                                                      "── ④ output · " };
    static const struct { int w, h, caption, names, heading; } sizes[] = {
        { 80, 24, 2, 3, 11 }, { 120, 40, 2, 3, 18 }, { 200, 60, 4, 5, 44 }, { 300, 80, 8, 9, 60 },
    };
    for (size_t i = 0; i < sizeof sizes / sizeof sizes[0]; i++)
        for (int st = 0; st < STAGE_COUNT; st++) {
            Scene *s = open_at(NULL, (Stage)st, DENG);
            Grid g = scene_render(s, sizes[i].w, sizes[i].h);
            int cap = row_of(&g, caption[st]), names = row_of(&g, "x in"), head = row_of(&g, heading[st]);
            if (cap != sizes[i].caption || names != sizes[i].names || head != sizes[i].heading)
                fail_msg("%dx%d stage %d: caption row %d, names %d, heading %d; want %d, %d, %d:\n%s",
                         sizes[i].w, sizes[i].h, st, cap, names, head, sizes[i].caption, sizes[i].names,
                         sizes[i].heading, frame_text(&g));
            grid_free(&g);
            scene_close(s);
        }
}

/* With sixteen characters a frame under 60 rows shows a window of them, the same window
 * at every stage, so the heading stays put (at 80 × 24 it was on rows 17, 13, 13, 12 at
 * ① ② ③ ④, 1-based; at 120 × 40 on 21, 21, 20, 20). */
static void test_sixteen_rows_stay_while_stepping(void **state)
{
    (void)state;
    static const char *const heading[STAGE_COUNT] = { "── ① Q K V · ", "── ② score · ", "── ③ softmax · ",
                                                      "── ④ output · " };
    static const struct { int w, h, heading; } sizes[] = {
        { 60, 20, 8 }, { 80, 24, 11 }, { 100, 30, 14 }, { 120, 40, 19 }, { 200, 60, 29 },
    };
    for (size_t i = 0; i < sizeof sizes / sizeof sizes[0]; i++)
        for (int st = 0; st < STAGE_COUNT; st++) {
            Scene *s = open_at(SIXTEEN, (Stage)st, DENG);
            Grid g = scene_render(s, sizes[i].w, sizes[i].h);
            int head = row_of(&g, heading[st]);
            if (head != sizes[i].heading)
                fail_msg("16 characters %dx%d stage %d: heading on row %d, want %d:\n%s", sizes[i].w,
                         sizes[i].h, st, head, sizes[i].heading, frame_text(&g));
            assert_true(row_of(&g, "▸等") > 0);   /* the asking character is in the window */
            grid_free(&g);
            scene_close(s);
        }
}

/* At 80 × 24 every stage's name stands whole over its block (it was cut to "③"). */
static void test_names_whole_at_80x24(void **state)
{
    (void)state;
    Scene *s = open_at(NULL, STAGE_SOFTMAX, DENG);
    Grid g = scene_render(s, 80, 24);
    char row[4096];
    row_text(&g, 3, row, sizeof row);
    assert_non_null(strstr(row, "x in"));
    assert_non_null(strstr(row, "① Q K V"));
    assert_non_null(strstr(row, "② score"));
    assert_non_null(strstr(row, "③ softmax"));
    assert_non_null(strstr(row, "④ output"));
    grid_free(&g);
    scene_close(s);
}

/* A projector's frame is used: at 200 × 60 and 300 × 80 at most 35% of the body rows are
 * blank at every stage (they were 67-68% and 75-77%), the strip's cells grown to 6 and 8
 * rows a character; a click anywhere on a character's grown cells lets it ask. */
static void test_big_frames_fill(void **state)
{
    (void)state;
    static const struct { int w, h, blank[STAGE_COUNT], rh; } sizes[] = {
        { 200, 60, { 8, 8, 8, 8 }, 6 }, { 300, 80, { 16, 16, 16, 16 }, 8 },
    };
    for (size_t i = 0; i < sizeof sizes / sizeof sizes[0]; i++) {
        int body = sizes[i].h - 3;
        for (int st = 0; st < STAGE_COUNT; st++) {
            Scene *s = open_at(NULL, (Stage)st, DENG);
            Grid g = scene_render(s, sizes[i].w, sizes[i].h);
            int blank = blank_body_rows(&g);
            if (blank != sizes[i].blank[st] || 100 * blank > 35 * body)
                fail_msg("%dx%d stage %d: %d of %d body rows blank, want %d", sizes[i].w, sizes[i].h, st, blank,
                         body, sizes[i].blank[st]);
            grid_free(&g);
            scene_close(s);
        }
        Scene *s = open_at(NULL, STAGE_SCORE, DENG);
        Grid g = scene_render(s, sizes[i].w, sizes[i].h);
        int strip = row_of(&g, "x in") + 2, rh = sizes[i].rh;
        for (int t = 0; t < s->ls->tr.T; t++)
            for (int r = 0; r < rh; r++) {
                FrameInput in = scene_input(s);
                Action a;
                int arg = -1;
                int y = strip + t * rh + r;
                if (!frame_hit(&in, sizes[i].w, sizes[i].h, sizes[i].w / 2, y, &a, &arg))
                    fail_msg("%dx%d: no hit at (%d, %d)", sizes[i].w, sizes[i].h, sizes[i].w / 2, y);
                assert_int_equal(a, ACTION_FOCUS_N);
                assert_int_equal(arg, t);
            }
        char row[8192];   /* each label on the middle row of its cells */
        row_text(&g, strip + DENG * rh + (rh - 1) / 2, row, sizeof row);
        assert_non_null(strstr(row, "▸等"));
        row_text(&g, strip + DENG * rh, row, sizeof row);
        assert_null(rh > 1 ? strstr(row, "等") : NULL);
        grid_free(&g);
        scene_close(s);
    }
}

/* At 120 × 40 ① shows Q and K side by side over V (it stacked all three, 26 rows), so the
 * strip's cells grow to 2 rows a character at every stage and ② ③ ④ leave 12, 11 and 11 of
 * 37 body rows blank, 32%, 30%, 30%, the share ramp's legend under the point (they left 19, 18 and 18: 51%, 49%, 49%; ① leaves 4 where
 * it left 2); the heading stays on one row (test_rows_stay_while_stepping). */
static void test_120x40_fills(void **state)
{
    (void)state;
    static const int blank[STAGE_COUNT] = { 4, 12, 11, 11 }, before[STAGE_COUNT] = { 2, 19, 18, 18 };
    for (int st = 0; st < STAGE_COUNT; st++) {
        Scene *s = open_at(NULL, (Stage)st, DENG);
        Grid g = scene_render(s, 120, 40);
        int n = blank_body_rows(&g), strip = row_of(&g, "x in") + 2;
        if (n != blank[st] || (st > 0 && n >= before[st]))
            fail_msg("120x40 stage %d: %d of 37 body rows blank, want %d:\n%s", st, n, blank[st], frame_text(&g));
        char row[4096];
        row_text(&g, strip, row, sizeof row);       /* 三's first row of cells carries its label, */
        assert_non_null(strstr(row, "三"));
        row_text(&g, strip + 1, row, sizeof row);   /* its second row only its cells */
        assert_null(strstr(row, "三"));
        assert_non_null(strstr(row, "▒"));
        if (st == STAGE_QKV) {   /* Q and K on one row, V under Q: every number of the three */
            int q = row_of(&g, "   0.09 -1.68 -1.10  2.53  0.84  0.85 -0.83  0.81");
            int k = row_of(&g, "   1.14 -0.36 -0.77  0.58  0.48 -0.71 -1.68 -0.78");
            int v = row_of(&g, "   0.63 -0.65  0.49  0.26  0.49  0.01  0.38 -0.43");
            assert_true(q > strip && q == k && v == q + 9);
        }
        grid_free(&g);
        scene_close(s);
    }
}

/* Stepping (→) walks ① → ② → ③ → ④ and stops there; autoplay's track is the stages. */
static void test_steps_walk_the_stages(void **state)
{
    (void)state;
    Scene *s = open_at(NULL, STAGE_QKV, DENG);
    assert_int_equal(s->p.track, TRACK_STAGES);
    for (int st = 1; st < STAGE_COUNT; st++) {
        scene_type(s, "R");
        assert_int_equal(s->p.stage, st);
        assert_int_equal(s->p.focus, DENG);
    }
    scene_type(s, "R");
    assert_int_equal(s->p.stage, STAGE_OUTPUT);
    scene_close(s);
}

/* ---------------------------------------------------------------- each stage's table */

static void test_qkv_rows_and_tables(void **state)
{
    (void)state;
    Scene *s = open_at(NULL, STAGE_QKV, DENG);
    Grid g = scene_render(s, 80, 24);   /* too small for three tables: 等's x, Q, K, V */
    const char *q[] = { "Q(等)", "-0.69", "-2.10", "-1.80", "0.14", "-0.27", "1.92", "-0.68", "-0.23" };
    assert_true(row_with(&g, q, 9) >= 0);
    const char *x[] = { "x(等)", "0.35", "-0.98", "-0.62", "0.39", "0.48", "0.06", "-0.51", "1.94" };
    assert_true(row_with(&g, x, 9) >= 0);
    assert_joined_has(&g, "Q = x·Wq, K = x·Wk, V = x·Wv: one x, three roles (三个分身), each [6, 8]");
    assert_has(&g, " · 等's three roles ");
    grid_free(&g);
    s->o.lang = LANG_ZH;   /* the character named in the heading is quoted */
    g = scene_render(s, 80, 24);
    assert_has(&g, " · 「等」的三个分身 ");
    grid_free(&g);
    s->o.lang = LANG_EN;
    const Trace *tr = &s->ls->tr;
    char nums[MODEL_MAX_D + 1][FORMAT_BYTES];
    const char *want[MODEL_MAX_D + 1];
    int sizes[2][2] = { { 120, 40 }, { 300, 80 } };   /* stacked, then side by side: all rows */
    for (int z = 0; z < 2; z++) {
        g = scene_render(s, sizes[z][0], sizes[z][1]);
        for (int t = 0; t < tr->T; t++) {
            int n = vector_row(tr, tr->q, t, nums, want);
            assert_true(row_with(&g, want, n) >= 0);
            n = vector_row(tr, tr->v, t, nums, want);
            assert_true(row_with(&g, want, n) >= 0);
        }
        grid_free(&g);
    }
    scene_close(s);
}

static void test_scores_table(void **state)
{
    (void)state;
    Scene *s = open_at(NULL, STAGE_SCORE, DENG);
    Grid g = scene_render(s, 80, 24);
    const char *deng[] = { "▸等", "1.26", "4.05", "-0.62", "-6.23", "-4.89", "0.39" };
    assert_true(row_with(&g, deng, 7) >= 0);
    const char *jia[] = { "加", "6.44", "4.83", "7.05", "2.08", "-2.66", "-1.75" };
    assert_true(row_with(&g, jia, 7) >= 0);
    assert_joined_has(&g, "② score · scores = Q·Kᵀ [6, 6]");
    assert_joined_has(&g, "scores = Q·Kᵀ: row = who asks, column = who answers");
    grid_free(&g);
    scene_close(s);
}

static void test_shares_table(void **state)
{
    (void)state;
    Scene *s = open_at(NULL, STAGE_SOFTMAX, DENG);
    Grid g = scene_render(s, 80, 24);
    const char *deng[] = { "▸等", "19.6%", "52.4%", "10.1%", "1.4%", "2.2%", "14.4%", "100.1%" };
    assert_true(row_with(&g, deng, 8) >= 0);
    assert_joined_has(&g, "③ softmax · shares = softmax(scores ÷ √8) [6, 6]");
    grid_free(&g);
    scene_close(s);
}

/* ④ ends the machine: output(等) as the lesson quotes it, and [6, 8] in, [6, 8] out. */
static void test_output_and_the_point(void **state)
{
    (void)state;
    Scene *s = open_at(NULL, STAGE_OUTPUT, DENG);
    Grid g = scene_render(s, 80, 24);
    const char *deng[] = { "▸等", "0.52", "-0.42", "0.13", "-0.17", "0.96", "-0.40", "-0.05", "-0.17" };
    assert_true(row_with(&g, deng, 9) >= 0);
    assert_joined_has(&g, "[6, 8] in, [6, 8] out: the shape is kept, each character's content is re-mixed by "
                          "attention — so layers stack, and lesson 8's residual connection (x + output) fits");
    const char *strip[] = { "x in", "① Q K V", "④ output" };
    assert_true(row_with(&g, strip, 3) >= 0);
    const char *shapes[] = { "[6, 8]", "Q [6, 8]", "K [6, 8]", "V [6, 8]", "[6, 6]", "[6, 6]", "[6, 8]" };
    assert_true(row_with(&g, shapes, 7) >= 0);
    grid_free(&g);
    s->o.lang = LANG_ZH;
    g = scene_render(s, 80, 24);
    assert_joined_has(&g, "输入 [6, 8]，输出 [6, 8]：形状不变");
    const char *zh[] = { "① 三个分身", "② 打分", "④ 取货" };
    assert_true(row_with(&g, zh, 3) >= 0);
    grid_free(&g);
    scene_close(s);
}

/* ---------------------------------------------------------------- mask, heads, numbers */

static void test_mask(void **state)
{
    (void)state;
    Scene *s = open_at(NULL, STAGE_SCORE, DENG);
    scene_type(s, "m");
    Grid g = scene_render(s, 80, 24);
    /* Q·Kᵀ comes before the mask: the masked scores keep their numbers (dim); the note says
     * they get −∞ after ÷√d */
    assert_int_equal(frame_count(&g, "−∞"), 1);
    const char *san[] = { "三", "3.58", "7.51", "5.85", "-3.02", "-3.09", "-2.06" };
    assert_true(row_with(&g, san, 7) >= 0);
    grid_free(&g);
    scene_type(s, "R");   /* ③: rows renormalised */
    g = scene_render(s, 80, 24);
    const char *deng[] = { "▸等", "23.5%", "62.8%", "12.1%", "1.7%", "0.0%", "0.0%", "100.1%" };
    assert_true(row_with(&g, deng, 8) >= 0);
    grid_free(&g);
    scene_close(s);
}

static void test_two_heads(void **state)
{
    (void)state;
    Scene *s = open_at(NULL, STAGE_SOFTMAX, DENG);
    scene_type(s, "h");
    Grid g = scene_render(s, 80, 24);
    assert_joined_has(&g, "both heads do not fit: head 1 shown (h: head 2)");
    const char *h1[] = { "▸等", "26.4%", "29.9%", "8.9%", "1.7%", "6.5%", "26.7%", "100.1%" };
    assert_true(row_with(&g, h1, 8) >= 0);
    assert_true(row_with(&g, (const char *[]){ "[6, 6]×2", "[6, 6]×2" }, 2) >= 0);
    grid_free(&g);
    g = scene_render(s, 120, 40);
    const char *both[] = { "▸等", "26.4%", "29.9%", "100.1%", "▸等", "14.5%", "51.5%", "100.0%" };
    assert_true(row_with(&g, both, 8) >= 0);
    grid_free(&g);
    scene_type(s, "RR");   /* ④: the heads' halves side by side */
    g = scene_render(s, 80, 24);
    assert_joined_has(&g, "two heads (lesson 7): columns 0-3 are head 1's, 4-7 head 2's");
    grid_free(&g);
    scene_close(s);
}

static void test_hidden_numbers(void **state)
{
    (void)state;
    static const char *const keys[] = { "", "m", "h", "mh" };
    static const int sizes[][2] = { { 60, 20 }, { 80, 24 }, { 120, 40 }, { 300, 80 } };
    Scene *s = open_at(NULL, STAGE_QKV, DENG);
    for (int st = 0; st < STAGE_COUNT; st++)
        for (size_t k = 0; k < sizeof keys / sizeof keys[0]; k++)
            for (size_t z = 0; z < sizeof sizes / sizeof sizes[0]; z++)
                for (int lang = 0; lang < 3; lang++) {
                    reset_at(s, (Stage)st, DENG);
                    scene_type(s, keys[k]);
                    s->ui.numbers = false;
                    s->o.lang = lang == 1 ? LANG_ZH : LANG_EN;
                    s->o.ascii = lang == 2;
                    Grid g = scene_render(s, sizes[z][0], sizes[z][1]);
                    char what[64];
                    snprintf(what, sizeof what, "stage %d keys '%s' %dx%d lang %d", st, keys[k], sizes[z][0],
                             sizes[z][1], lang);
                    assert_no_data_value_above_status(&g, what, s->o.ascii ? &s->ls->tr : NULL);
                    grid_free(&g);
                }
    s->o.ascii = false;
    reset_at(s, STAGE_OUTPUT, DENG);
    s->ui.numbers = false;
    Grid g = scene_render(s, 80, 24);
    assert_joined_has(&g, "[T, d] in, [T, d] out: the shape is kept");
    grid_free(&g);
    scene_close(s);
}

/* ---------------------------------------------------------------- sizes, clicks, ASCII */

/* Every size, stage, sentence length, mask and heads: the stage's heading is there, the
 * asking character's row is in sight, and the point line is whole. */
static void test_every_size(void **state)
{
    (void)state;
    static const int sizes[][2] = { { 60, 20 }, { 61, 21 }, { 70, 22 }, { 80, 24 }, { 99, 31 }, { 120, 40 },
                                    { 200, 60 }, { 300, 80 } };
    static const char *const keys[] = { "", "m", "h" };
    static const char *const sentences[] = { NULL, SIXTEEN };
    static const char *const ends[STAGE_COUNT] = { "each [", "who answers", "the whole", "(x + output) fits" };
    Scene *scenes[2] = { open_at(sentences[0], STAGE_QKV, DENG), open_at(sentences[1], STAGE_QKV, DENG) };
    for (size_t z = 0; z < sizeof sizes / sizeof sizes[0]; z++)
        for (int st = 0; st < STAGE_COUNT; st++)
            for (size_t k = 0; k < sizeof keys / sizeof keys[0]; k++)
                for (size_t n = 0; n < 2; n++) {
                    Scene *s = scenes[n];
                    reset_at(s, (Stage)st, DENG);
                    scene_type(s, keys[k]);
                    Grid g = scene_render(s, sizes[z][0], sizes[z][1]);
                    char *t = joined_text(&g);
                    if (!strstr(t, ends[st]) || !strstr(t, "▸等") || strstr(t, "…"))
                        fail_msg("%dx%d stage %d keys '%s' T %d:\n%s", sizes[z][0], sizes[z][1], st, keys[k],
                                 s->ls->tr.T, frame_text(&g));
                    free(t);
                    grid_free(&g);
                }
    scene_close(scenes[0]);
    scene_close(scenes[1]);
}

/* A click on a character's row of the strip lets it ask. */
static void test_click_on_a_row(void **state)
{
    (void)state;
    Scene *s = open_at(NULL, STAGE_SOFTMAX, DENG);
    Grid g = scene_render(s, 80, 24);
    int hits = 0;
    for (int y = 0; y < g.h; y++)
        for (int x = 0; x < g.w; x++) {
            FrameInput in = scene_input(s);
            Action a;
            int arg;
            if (!frame_hit(&in, 80, 24, x, y, &a, &arg) || a != ACTION_FOCUS_N)
                continue;
            char row[4096];
            row_text(&g, y, row, sizeof row);
            if (strstr(row, s->ls->tr.tokens[arg]) == NULL)
                fail_msg("click (%d, %d) → %s, not on its row: %s", x, y, s->ls->tr.tokens[arg], row);
            hits++;
        }
    assert_true(hits >= 6 * 60);
    grid_free(&g);
    scene_close(s);
}

static void test_ascii_mode(void **state)
{
    (void)state;
    for (int st = 0; st < STAGE_COUNT; st++) {
        Scene *s = open_at(NULL, (Stage)st, DENG);
        s->o.ascii = true;
        Grid g = scene_render(s, 80, 24);
        char what[32];
        snprintf(what, sizeof what, "stage %d", st);
        assert_ascii_frame(&g, what);
        grid_free(&g);
        scene_close(s);
    }
}

/* ---------------------------------------------------------------- the poem model: a layer's block */

/* A scene of the machine over the fixture's lesson on layer `layer`, the asker 霜, at stage. */
static void poem_scene(Scene *s, LayeredFixture *f, int layer, Stage stage)
{
    LessonParams p = f->ls.params;
    char err[256];
    snprintf(p.sentence, sizeof p.sentence, "%s", LESSON_POEM_LINE);
    p.layer = layer;
    assert_int_equal(lesson_rebuild(&f->ls, &p, err, sizeof err), 0);
    scene_start(s, &f->ls, VIEW_MACHINE);
    s->ui.layer = layer;
    s->p.stage = stage;
    s->p.focus = 10;   /* 霜 */
}

/* The frame's joined rows, failing unless they hold want[0], want[1] … in that order. */
static void assert_in_order(const char *text, const char *const *want, int n)
{
    const char *at = text;
    for (int i = 0; i < n; i++) {
        const char *hit = strstr(at, want[i]);
        if (!hit)
            fail_msg("\"%s\" is not after \"%s\" in:\n%s", want[i], i ? want[i - 1] : "(start)", text);
        at = hit + strlen(want[i]);
    }
}

/* The next number of text from *at on (a '-' counts only before a digit), its decimals into
 * *digits; fails when there is none. */
static double next_number(const char **at, int *digits)
{
    const char *p = *at;
    while (*p && !((*p >= '0' && *p <= '9') || (*p == '-' && p[1] >= '0' && p[1] <= '9')))
        p++;
    if (!*p)
        fail_msg("no number after: %s", *at);
    char *end;
    double v = strtod(p, &end);
    const char *dot = memchr(p, '.', (size_t)(end - p));
    *digits = dot ? (int)(end - dot - 1) : 0;
    *at = end;
    return v;
}

/* The numbers after anchor in text (n of them), each with its decimals. */
static void numbers_after(const char *text, const char *anchor, double *v, int *digits, int n)
{
    const char *at = strstr(text, anchor);
    if (!at)
        fail_msg("no \"%s\" in:\n%s", anchor, text);
    at += strlen(anchor);
    for (int i = 0; i < n; i++)
        v[i] = next_number(&at, &digits[i]);
}

/* LN₁'s check as the frame prints it, redone from the printed numbers: every "=" holds, and
 * the result is the pass's LN₁ output (the x of ① in the tables). */
static void assert_norm_check_redoes(const char *text, const LayeredFixture *f, int layer, int t)
{
    double a[6], b[4], r[3], col[7];
    int da[6], db[4], dr[3], dc[7];
    numbers_after(text, "Σx = ", a, da, 4);              /* S, S, 32, mean */
    numbers_after(text, "variance = ", b, db, 3);        /* Q, 32, var */
    numbers_after(text, "std = √(", r, dr, 3);           /* var, 1e-5, std */
    numbers_after(text, "column ", col, dc, 7);          /* j, x, mean, std, γ, β, ln1 */
    assert_true(a[0] == a[1] && a[2] == 32.0 && b[1] == 32.0 && r[0] == b[2] && r[1] == 1e-5);
    assert_true(col[2] == a[3] && col[3] == r[2]);       /* the same mean and std */
    assert_true(format_same_shown(a[3], a[0] / 32.0, da[3]));
    assert_true(format_same_shown(b[2], b[0] / 32.0, db[2]));
    assert_true(format_same_shown(r[2], sqrt(r[0] + r[1]), dr[2]));
    double redone = (col[1] - col[2]) / col[3] * col[4] + col[5];
    if (!format_same_shown(col[6], redone, dc[6]))
        fail_msg("(%g − %g) ÷ %g × %g + %g = %.9f, printed %g", col[1], col[2], col[3], col[4], col[5], redone, col[6]);
    const TransformerTrace *pt = &f->ls.poem;
    int j = (int)col[0];
    assert_true(format_same_shown(col[6], TRANSFORMER_ROW(pt->layer[layer].ln1_out, t, pt->d)[j], dc[6]));
    assert_true(format_same_shown(col[1], TRANSFORMER_ROW(pt->layer[layer].input, t, pt->d)[j], dc[1]));
}

/* 120 × 40, layer 1: the block in its order with every shape, the stage panel under it. */
static void test_poem_block_in_order(void **state)
{
    LayeredFixture *f = *state;
    Scene s;
    poem_scene(&s, f, 0, STAGE_SOFTMAX);
    Grid g = scene_render(&s, 120, 40);
    char *text = joined_text(&g);
    if (getenv("ATTN_SHOW"))
        fputs(text, stderr);
    static const char *const order[] = {
        "layer 1 of 2: [12, 32] in, [12, 32] out", "x = word vector + position [12, 32]", "→ LN₁ [12, 32]",
        "→ Q K V = LN₁·W + b [12, 96]", "(Wq Wk Wv: 32×32 + bias each)", "4 heads, causal mask:",
        "head 1 [12, 8]:", "① Q K V [12, 8]", "→ ② score [12, 12]", "→ ③ softmax [12, 12]", "→ ④ output [12, 8]",
        "head 2 [12, 8]", "head 3 [12, 8]", "head 4 [12, 8]", "→ concat [12, 32]", "→ Wo (32×32 + bias) [12, 32]",
        "→ + residual [12, 32]", "→ LN₂ [12, 32]", "→ MLP (32 → 128 GELU → 32) [12, 32]", "→ + residual",
        "→ output [12, 32]", "→ layer 2", "霜's row, LN₁:", "霜's column 0 after the heads: concat",
        "checked against PyTorch (--export python)", "③ softmax · shares = softmax(scores ÷ √8) [12, 12]",
    };
    assert_in_order(text, order, (int)(sizeof order / sizeof order[0]));
    assert_norm_check_redoes(text, f, 0, 10);
    assert_true(strstr(text, "not drawn") == NULL);
    /* the concat's value is the pass's, two decimals */
    char want[64], num[FORMAT_BYTES];
    snprintf(want, sizeof want, "concat %s →",
             format_fixed(num, sizeof num, TRANSFORMER_ROW(f->ls.poem.layer[0].heads, 10, 32)[0], 2));
    assert_true(text_has(text, want));
    /* the current stage is lit in the block: ③ of head 1's line */
    int lit = 0;
    for (int y = 0; y < g.h; y++) {
        char row[4096];
        row_text(&g, y, row, sizeof row);
        if (!strstr(row, "head 1 [12, 8]:"))
            continue;
        for (int x = 0; x < g.w; x++)
            if (strcmp(grid_cell(&g, x, y)->glyph, "③") == 0)
                lit += grid_cell(&g, x, y)->style == STYLE_STAGE_LIT;
            else if (strcmp(grid_cell(&g, x, y)->glyph, "②") == 0)
                assert_int_not_equal(grid_cell(&g, x, y)->style, STYLE_STAGE_LIT);
    }
    assert_int_equal(lit, 1);
    free(text);
    grid_free(&g);
}

/* Layer 2: its input is layer 1's output, it ends in ln_f and the readout; LN₁'s check holds
 * for every asker. */
static void test_poem_layer_two(void **state)
{
    LayeredFixture *f = *state;
    Scene s;
    poem_scene(&s, f, 1, STAGE_QKV);
    for (int t = 0; t < 12; t++) {
        s.p.focus = t;
        Grid g = scene_render(&s, 120, 40);
        char *text = joined_text(&g);
        static const char *const order[] = {
            "layer 2 of 2", "x = layer 1's output [12, 32]", "→ output [12, 32]",
            "→ ln_f and the readout: the next character", "'s row, LN₁:",
        };
        assert_in_order(text, order, 5);
        assert_norm_check_redoes(text, f, 1, t);
        free(text);
        grid_free(&g);
    }
    poem_scene(&s, f, 0, STAGE_QKV);
}

/* Numbers hidden: shapes by name, no value, no hand check; the PyTorch line stays. */
static void test_poem_hidden_numbers(void **state)
{
    LayeredFixture *f = *state;
    Scene s;
    poem_scene(&s, f, 0, STAGE_SCORE);
    s.ui.numbers = false;
    Grid g = scene_render(&s, 120, 40);
    char *text = joined_text(&g);
    static const char *const order[] = {
        "x = word vector + position [T, d]", "→ LN₁ [T, d]", "[T, 3d]", "head 1 [T, dₕ]:", "→ ② score [T, T]",
        "→ concat [T, d]", "→ MLP (d → 4d GELU → d) [T, d]", "→ output [T, d]", "checked against PyTorch",
    };
    assert_in_order(text, order, (int)(sizeof order / sizeof order[0]));
    assert_true(strstr(text, "Σx =") == NULL);
    assert_true(strstr(text, "[12, 32]") == NULL);
    assert_true(strstr(text, "0.") == NULL);
    free(text);
    grid_free(&g);
}

/* Smaller frames: the flow in two lines at 80 × 24, three at 60 × 20, nothing garbled
 * down to 30 × 10; Chinese labels. */
static void test_poem_fit_and_chinese(void **state)
{
    LayeredFixture *f = *state;
    Scene s;
    poem_scene(&s, f, 0, STAGE_OUTPUT);
    Grid g = scene_render(&s, 80, 24);
    char *text = joined_text(&g);
    static const char *const terse[] = { "layer 1 of 2: x [12, 32]", "→ LN₁", "Q K V [12, 96]", "4 heads [12, 8]",
                                         "head 1: ① → ② → ③ → ④", "→ MLP", "→ output [12, 32]",
                                         "④ output · output = shares·V [12, 32]" };
    assert_in_order(text, terse, (int)(sizeof terse / sizeof terse[0]));
    free(text);
    grid_free(&g);
    s.p.stage = STAGE_SOFTMAX;   /* its panel is the tallest: the block is one line */
    g = scene_render(&s, 60, 20);   /* the smallest frame: the flow in three lines, the panel whole */
    text = joined_text(&g);
    assert_in_order(text, terse, (int)(sizeof terse / sizeof terse[0]) - 1);
    assert_true(text_has(text, "③ softmax · shares = softmax(scores ÷ √8) [12, 12]"));
    free(text);
    grid_free(&g);
    for (int w = 30; w <= 200; w += 17)
        for (int h = 10; h <= 60; h += 7) {
            g = scene_render(&s, w, h);
            grid_free(&g);
        }
    s.o.lang = LANG_ZH;
    g = scene_render(&s, 120, 40);
    text = joined_text(&g);
    static const char *const zh[] = { "第 1 层（共 2 层）", "x = 词向量 + 位置指纹 [12, 32]", "4 个头，因果掩码：", "头 1 [12, 8]：",
                                      "→ 拼接 [12, 32]", "+ 残差", "「霜」这一行的 LN₁：", "均值 =", "标准差 = √(",
                                      "已和 PyTorch 核对（--export python）" };
    assert_in_order(text, zh, (int)(sizeof zh / sizeof zh[0]));
    free(text);
    grid_free(&g);
}

/* A click on a row of the stage's table lets its character ask (no strip on this model). */
static void test_poem_click_on_a_row(void **state)
{
    LayeredFixture *f = *state;
    Scene s;
    poem_scene(&s, f, 0, STAGE_SOFTMAX);
    Grid g = scene_render(&s, 120, 40);
    int hits = 0;
    for (int y = 0; y < g.h; y++)
        for (int x = 0; x < g.w; x++) {
            int arg;
            if (scene_click(&s, 120, 40, x, y, &arg) != ACTION_FOCUS_N)
                continue;
            char row[4096];
            row_text(&g, y, row, sizeof row);
            if (strstr(row, s.ls->tr.tokens[arg]) == NULL || strstr(row, "%") == NULL)
                fail_msg("click (%d, %d) → %s, not on its row: %s", x, y, s.ls->tr.tokens[arg], row);
            hits++;
        }
    assert_true(hits >= 12 * 100);
    grid_free(&g);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_strip_fills_stage_by_stage),
        cmocka_unit_test(test_progress_fills_the_current_table),
        cmocka_unit_test(test_steps_walk_the_stages),
        cmocka_unit_test(test_qkv_rows_and_tables),
        cmocka_unit_test(test_scores_table),
        cmocka_unit_test(test_shares_table),
        cmocka_unit_test(test_output_and_the_point),
        cmocka_unit_test(test_mask),
        cmocka_unit_test(test_two_heads),
        cmocka_unit_test(test_hidden_numbers),
        cmocka_unit_test(test_every_size),
        cmocka_unit_test(test_click_on_a_row),
        cmocka_unit_test(test_ascii_mode),
        cmocka_unit_test(test_rows_stay_while_stepping),
        cmocka_unit_test(test_sixteen_rows_stay_while_stepping),
        cmocka_unit_test(test_names_whole_at_80x24),
        cmocka_unit_test(test_big_frames_fill),
        cmocka_unit_test(test_120x40_fills),
    };
    const struct CMUnitTest poem[] = {
        cmocka_unit_test(test_poem_block_in_order),
        cmocka_unit_test(test_poem_layer_two),
        cmocka_unit_test(test_poem_hidden_numbers),
        cmocka_unit_test(test_poem_fit_and_chinese),
        cmocka_unit_test(test_poem_click_on_a_row),
    };
    int failed = cmocka_run_group_tests(tests, NULL, NULL);
    return failed + cmocka_run_group_tests(poem, poem_fixture_setup, poem_fixture_teardown);
}
