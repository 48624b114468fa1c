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

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "actions.h"
#include "engine.h"
#include "format.h"
#include "frame.h"
#include "grid.h"
#include "keys.h"
#include "lesson.h"
#include "model.h"
#include "ui.h"
#include "ascii_frame.h"

#define SIXTEEN "三加五等于?十减四等于?几是二乘"   /* 16 characters */
enum { SAN = 0, JIA = 1, WU = 2, DENG = 3, YU = 4, ASK = 5 };

/* ---------------------------------------------------------------- a scene */

/* Everything one frame of the machine view depends on. */
typedef struct {
    Model m;          /* the compiled-in model */
    Lesson ls;        /* its passes over the sentence */
    Player p;         /* stage and focus */
    Ui ui;            /* numbers, heads */
    FrameOptions o;   /* language, ASCII */
    Ui ui0;           /* the UI state it opened with (scene_reset goes back to it) */
    double progress;  /* 0..1 of the stage's transition */
} Scene;

static Scene *scene_open(const char *sentence, Stage stage, int focus)
{
    Scene *s = calloc(1, sizeof *s);
    char err[256];
    assert_non_null(s);
    assert_int_equal(model_load_default(&s->m, err, sizeof err), 0);
    if (lesson_build(&s->ls, &s->m, sentence ? sentence : s->m.sentence, NULL, err, sizeof err) != 0)
        fail_msg("%s", err);
    player_init(&s->p, s->ls.tr.T, 0);
    ui_init_for(&s->ui, VIEW_MACHINE, &s->ls);
    ui_set_view(&s->ui, &s->p, VIEW_MACHINE);
    s->p.stage = stage;
    s->p.focus = focus;
    s->o = (FrameOptions){ LANG_EN, false, NULL };
    s->progress = 1.0;
    s->ui0 = s->ui;
    return s;
}

/* The scene as it opened, at another stage and focus, without building the lesson anew. */
static void scene_reset(Scene *s, Stage stage, int focus)
{
    char err[256];
    s->ui = s->ui0;
    if (lesson_rebuild(&s->ls, &s->ui.want, err, sizeof err) != 0)
        fail_msg("%s", err);
    player_init(&s->p, s->ls.tr.T, 0);
    ui_set_view(&s->ui, &s->p, VIEW_MACHINE);
    s->p.stage = stage;
    s->p.focus = focus;
    s->o = (FrameOptions){ LANG_EN, false, NULL };
    s->progress = 1.0;
}

static void scene_close(Scene *s)
{
    lesson_free(&s->ls);
    model_free(&s->m);
    free(s);
}

/* Presses the keys of the string (a character each; L R U D are the arrows). */
static void scene_keys(Scene *s, const char *keys)
{
    char err[256];
    for (const char *k = keys; *k; k++) {
        int key = *k == 'L' ? KEYCODE_LEFT : *k == 'R' ? KEYCODE_RIGHT : *k == 'U' ? KEYCODE_UP
                : *k == 'D' ? KEYCODE_DOWN : *k;
        const KeyBinding *b = ui_binding(&s->ui, key);
        assert_non_null(b);
        if (ui_apply(&s->ui, &s->p, &s->ls, b->action, b->arg, 0) & REACT_RECOMPUTE) {
            if (lesson_rebuild(&s->ls, &s->ui.want, err, sizeof err) != 0)
                fail_msg("%s", err);
            s->ui.want = s->ls.params;
            player_set_tokens(&s->p, s->ls.tr.T, 0);
        }
    }
}

static FrameInput scene_input(const Scene *s)
{
    return (FrameInput){ .lesson = &s->ls, .player = &s->p, .ui = &s->ui, .progress = s->progress, .opt = &s->o };
}

static Grid scene_render(const Scene *s, int w, int h)
{
    Grid g;
    assert_int_equal(grid_init(&g, w, h), 0);
    FrameInput in = scene_input(s);
    frame_render(&g, &in);
    return g;
}

/* ---------------------------------------------------------------- text of a frame */

static void row_text(const Grid *g, int y, char *buf, size_t cap)
{
    size_t used = 0;
    buf[0] = '\0';
    for (int x = 0; x < g->w; x++) {
        const Cell *c = grid_cell(g, x, y);
        size_t n = strlen(c->glyph);
        if (c->width == 0 || used + n + 1 >= cap)
            continue;
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

/* The frame's lines joined, runs of blanks made one (caller frees). */
static char *joined_text(const Grid *g)
{
    char *t = frame_text(g), *out = t;
    bool blank = false;
    for (const char *p = t; *p; p++) {
        bool b = *p == ' ' || *p == '\n';
        if (b && blank)
            continue;
        *out++ = b ? ' ' : *p;
        blank = b;
    }
    *out = '\0';
    return t;
}

static void assert_joined_has(const Grid *g, const char *want)
{
    char *t = joined_text(g);
    if (!strstr(t, want))
        fail_msg("the frame lacks \"%s\":\n%s", want, frame_text(g));
    free(t);
}

/* The row whose text holds every string of want in order, or -1. */
static int row_with(const Grid *g, const char *const *want, int n)
{
    char row[8192];
    for (int y = 0; y < g->h; y++) {
        row_text(g, y, row, sizeof row);
        const char *p = row;
        int i = 0;
        while (i < n && (p = strstr(p, want[i])) != NULL)
            p += strlen(want[i++]);
        if (i == n)
            return y;
    }
    return -1;
}

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

/* Occurrences of s in the frame. */
static int count_in(const Grid *g, const char *s)
{
    char *t = frame_text(g);
    int n = 0;
    for (const char *p = t; (p = strstr(p, s)) != NULL; p += strlen(s))
        n++;
    free(t);
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

/* Empty strip cells are '·'; at 80 × 24 the strip's cells are one column: ② and ③ are
 * 6 × 6 each and ④ 6 × 8, so ① leaves 120 empty, ② 84, ③ 48, ④ none. */
static void test_strip_fills_stage_by_stage(void **state)
{
    (void)state;
    static const int empty[STAGE_COUNT] = { 120, 84, 48, 0 };
    for (int st = 0; st < STAGE_COUNT; st++) {
        Scene *s = scene_open(NULL, (Stage)st, DENG);
        Grid g = scene_render(s, 80, 24);
        if (empty_cells(&g) != empty[st])
            fail_msg("stage %d: %d empty cells, want %d:\n%s", st, empty_cells(&g), empty[st], frame_text(&g));
        grid_free(&g);
        scene_close(s);
    }
}

/* Mid-transition the current table fills row by row: at ② with progress 0.5, 3 of 6 rows. */
static void test_progress_fills_the_current_table(void **state)
{
    (void)state;
    Scene *s = scene_open(NULL, STAGE_SCORE, DENG);
    s->progress = 0.5;
    Grid g = scene_render(s, 80, 24);
    assert_int_equal(empty_cells(&g), 84 + 3 * 6);
    const char *jia[] = { "加", "6.44", "4.83", "7.05", "2.08", "-2.66", "-1.75" };
    assert_true(row_with(&g, jia, 7) >= 0);   /* row 2 of the scores is there ... */
    const char *deng[] = { "等", "1.26", "4.05" };
    assert_int_equal(row_with(&g, deng, 3), -1);   /* ... row 4 not yet */
    grid_free(&g);
    scene_close(s);
}

/* Stepping (→) walks ① → ② → ③ → ④ and stops there; autoplay's track is the stages. */
static void test_steps_walk_the_stages(void **state)
{
    (void)state;
    Scene *s = scene_open(NULL, STAGE_QKV, DENG);
    assert_int_equal(s->p.track, TRACK_STAGES);
    for (int st = 1; st < STAGE_COUNT; st++) {
        scene_keys(s, "R");
        assert_int_equal(s->p.stage, st);
        assert_int_equal(s->p.focus, DENG);
    }
    scene_keys(s, "R");
    assert_int_equal(s->p.stage, STAGE_OUTPUT);
    scene_close(s);
}

/* ---------------------------------------------------------------- each stage's table */

static void test_qkv_rows_and_tables(void **state)
{
    (void)state;
    Scene *s = scene_open(NULL, STAGE_QKV, DENG);
    Grid g = scene_render(s, 80, 24);   /* too small for three tables: 等's x, Q, K, V */
    const char *q[] = { "Q(等)", "-0.69", "-2.10", "-1.80", "0.14", "-0.27", "1.92", "-0.68", "-0.23" };
    assert_true(row_with(&g, q, 9) >= 0);
    const char *x[] = { "x(等)", "0.35", "-0.98", "-0.62", "0.39", "0.48", "0.06", "-0.51", "1.94" };
    assert_true(row_with(&g, x, 9) >= 0);
    assert_joined_has(&g, "Q = x·Wq, K = x·Wk, V = x·Wv: one x, three roles (三个分身), each [6, 8]");
    grid_free(&g);
    const Trace *tr = &s->ls.tr;
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
    Scene *s = scene_open(NULL, STAGE_SCORE, DENG);
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
    Scene *s = scene_open(NULL, STAGE_SOFTMAX, DENG);
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
    Scene *s = scene_open(NULL, STAGE_OUTPUT, DENG);
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
    assert_joined_has(&g, "进去 [6, 8]，出来 [6, 8]：形状不变");
    const char *zh[] = { "① 三个分身", "② 打分", "④ 取货" };
    assert_true(row_with(&g, zh, 3) >= 0);
    grid_free(&g);
    scene_close(s);
}

/* ---------------------------------------------------------------- mask, heads, numbers */

static void test_mask(void **state)
{
    (void)state;
    Scene *s = scene_open(NULL, STAGE_SCORE, DENG);
    scene_keys(s, "m");
    Grid g = scene_render(s, 80, 24);
    assert_int_equal(count_in(&g, "−∞"), 15 + 1);   /* the masked scores, and the note */
    const char *san[] = { "三", "3.58", "−∞", "−∞", "−∞", "−∞", "−∞" };
    assert_true(row_with(&g, san, 7) >= 0);
    grid_free(&g);
    scene_keys(s, "R");   /* ③: rows renormalised */
    g = scene_render(s, 80, 24);
    const char *deng[] = { "▸等", "23.5%", "62.8%", "12.1%", "1.7%", "0.0%", "0.0%", "100.1%" };
    assert_true(row_with(&g, deng, 8) >= 0);
    grid_free(&g);
    scene_close(s);
}

static void test_two_heads(void **state)
{
    (void)state;
    Scene *s = scene_open(NULL, STAGE_SOFTMAX, DENG);
    scene_keys(s, "h");
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
    scene_keys(s, "RR");   /* ④: the heads' halves side by side */
    g = scene_render(s, 80, 24);
    assert_joined_has(&g, "two heads (lesson 7): columns 0-3 are head 1's, 4-7 head 2's");
    grid_free(&g);
    scene_close(s);
}

/* ... but the sentence's labels in ASCII mode (tr not NULL): "3 + 5" are characters. */
static void assert_no_digit_above_status(const Grid *g, const char *what, const Trace *tr)
{
    char row[8192];
    for (int y = 0; y < g->h - 1; y++) {
        row_text(g, y, row, sizeof row);
        if (tr)
            blank_sentence_labels(row, tr);
        for (const char *p = row; *p; p++)
            if (*p >= '0' && *p <= '9')
                fail_msg("%s: digit '%c' in row %d: %s", what, *p, y, row);
    }
}

static void test_hidden_numbers(void **state)
{
    (void)state;
    static const char *const keys[] = { "", "m", "h", "mh" };
    static const int sizes[][2] = { { 60, 20 }, { 80, 24 }, { 120, 40 }, { 300, 80 } };
    Scene *s = scene_open(NULL, STAGE_QKV, DENG);
    for (int st = 0; st < STAGE_COUNT; st++)
        for (size_t k = 0; k < sizeof keys / sizeof keys[0]; k++)
            for (size_t z = 0; z < sizeof sizes / sizeof sizes[0]; z++)
                for (int lang = 0; lang < 3; lang++) {
                    scene_reset(s, (Stage)st, DENG);
                    scene_keys(s, keys[k]);
                    s->ui.numbers = false;
                    s->o.lang = lang == 1 ? LANG_ZH : LANG_EN;
                    s->o.ascii = lang == 2;
                    Grid g = scene_render(s, sizes[z][0], sizes[z][1]);
                    char what[64];
                    snprintf(what, sizeof what, "stage %d keys '%s' %dx%d lang %d", st, keys[k], sizes[z][0],
                             sizes[z][1], lang);
                    assert_no_digit_above_status(&g, what, s->o.ascii ? &s->ls.tr : NULL);
                    grid_free(&g);
                }
    s->o.ascii = false;
    scene_reset(s, STAGE_OUTPUT, DENG);
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
    Scene *scenes[2] = { scene_open(sentences[0], STAGE_QKV, DENG), scene_open(sentences[1], STAGE_QKV, DENG) };
    for (size_t z = 0; z < sizeof sizes / sizeof sizes[0]; z++)
        for (int st = 0; st < STAGE_COUNT; st++)
            for (size_t k = 0; k < sizeof keys / sizeof keys[0]; k++)
                for (size_t n = 0; n < 2; n++) {
                    Scene *s = scenes[n];
                    scene_reset(s, (Stage)st, DENG);
                    scene_keys(s, keys[k]);
                    Grid g = scene_render(s, sizes[z][0], sizes[z][1]);
                    char *t = joined_text(&g);
                    if (!strstr(t, ends[st]) || !strstr(t, "▸等") || strstr(t, "…"))
                        fail_msg("%dx%d stage %d keys '%s' T %d:\n%s", sizes[z][0], sizes[z][1], st, keys[k],
                                 s->ls.tr.T, frame_text(&g));
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
    Scene *s = scene_open(NULL, STAGE_SOFTMAX, DENG);
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
            if (strstr(row, s->ls.tr.tokens[arg]) == NULL)
                fail_msg("click (%d, %d) → %s, not on its row: %s", x, y, s->ls.tr.tokens[arg], row);
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
        Scene *s = scene_open(NULL, (Stage)st, DENG);
        s->o.ascii = true;
        Grid g = scene_render(s, 80, 24);
        char what[32];
        snprintf(what, sizeof what, "stage %d", st);
        assert_ascii_frame(&g, what);
        grid_free(&g);
        scene_close(s);
    }
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
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
