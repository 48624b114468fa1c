/* test_view_scale.c — the scale view (station 3's real model): every figure derived from the
 * shapes as realmodel.h computes it, the context length the arrows change and the cache at
 * it, bars in proportion with numbers hidden, Chinese, ASCII and every size.
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
#include "format.h"
#include "keys.h"
#include "realmodel.h"

static const int sizes[][2] = { { 60, 20 }, { 61, 21 }, { 70, 22 }, { 80, 24 }, { 99, 31 },
                                { 120, 40 }, { 200, 60 }, { 300, 80 } };
#define N_SIZES (sizeof sizes / sizeof sizes[0])

static Shot shot(int w, int h, bool numbers)
{
    return (Shot){ .w = w, .h = h, .stage = STAGE_QKV, .focus = 3, .numbers = numbers, .lang = LANG_EN };
}

/* ---------------------------------------------------------------- figures */

static void test_parameters(void **state)
{
    Fixture *f = *state;
    Shot s = shot(80, 24, true);
    char *frame = shot_text(f, VIEW_SCALE, &s);
    assert_shows(frame, "the demo     3 × 8 × 8 = 192");
    assert_shows(frame, "Wq         3584 × 3584 = 12 845 056");
    assert_shows(frame, "Wk         3584 × 512  =  1 835 008");
    assert_shows(frame, "Wv         3584 × 512  =  1 835 008");
    assert_shows(frame, "all three  12 845 056 + 2 × 1 835 008 = 16 515 072 = 86 016 × 192");
    free(frame);
}

static void test_heads(void **state)
{
    Fixture *f = *state;
    Shot s = shot(80, 24, true);
    char *frame = shot_text(f, VIEW_SCALE, &s);
    char *line = line_with(frame, "Q heads");
    assert_non_null(strstr(line, "▮▮▮▮▮▮▮ ▮▮▮▮▮▮▮ ▮▮▮▮▮▮▮ ▮▮▮▮▮▮▮ 28 × 128 = 3584"));
    free(line);
    line = line_with(frame, "K, V heads");
    assert_non_null(strstr(line, "▮       ▮       ▮       ▮    512 / 128 = 4"));
    free(line);
    assert_shows(frame, "each K, V serves 28 / 4 = 7 query heads");
    assert_shows(frame, "√128 = 11.313708");
    assert_shows(frame, "√8 = 2.828427");
    free(frame);
}

/* K/V numbers kept per token per layer, and the cache at the first length: 1K. */
static void test_cache_at_first_length(void **state)
{
    Fixture *f = *state;
    Shot s = shot(80, 24, true);
    char *frame = shot_text(f, VIEW_SCALE, &s);
    assert_shows(frame, "with GQA   2 × 512  = 1024");
    assert_shows(frame, "without    2 × 3584 = 7168");
    assert_shows(frame, "= 7 × 1024");
    assert_shows(frame, "[1K] 2K  4K  8K  16K  32K  64K  128K  = 1024 tokens");
    assert_shows(frame, "1024 × 1024 × 2 B =     2 097 152 B =    2 MiB");
    assert_shows(frame, "1024 × 7168 × 2 B =    14 680 064 B =   14 MiB");
    assert_shows(frame, "28 layers (Qwen2-7B): 56 MiB against 392 MiB");
    free(frame);
}

/* → twice: 4K; the cache is recomputed from the shapes at that length. */
static void test_arrows_change_the_length(void **state)
{
    Fixture *f = *state;
    Shot s = shot(80, 24, true);
    s.keys[0] = KEYCODE_RIGHT;
    s.keys[1] = KEYCODE_RIGHT;
    char *frame = shot_text(f, VIEW_SCALE, &s);
    assert_shows(frame, " 1K  2K [4K] 8K ");
    assert_shows(frame, "= 4096 tokens");
    assert_shows(frame, "4096 × 1024 × 2 B =     8 388 608 B =    8 MiB");
    assert_shows(frame, "4096 × 7168 × 2 B =    58 720 256 B =   56 MiB");
    free(frame);
    for (int i = 0; i < 8; i++)             /* past the end it stays at 128K */
        s.keys[i] = i < 7 ? KEYCODE_RIGHT : KEYCODE_UP;
    frame = shot_text(f, VIEW_SCALE, &s);
    assert_shows(frame, "[128K] = 131 072 tokens");
    assert_shows(frame, "131 072 × 1024 × 2 B =   268 435 456 B =  256 MiB");
    assert_shows(frame, "131 072 × 7168 × 2 B = 1 879 048 192 B = 1792 MiB");
    assert_shows(frame, "28 layers (Qwen2-7B): 7168 MiB against 50 176 MiB");
    free(frame);
    memset(s.keys, 0, sizeof s.keys);       /* ← and ↓ go back; not below 1K */
    s.keys[0] = KEYCODE_RIGHT;
    s.keys[1] = KEYCODE_RIGHT;
    s.keys[2] = KEYCODE_LEFT;
    s.keys[3] = KEYCODE_DOWN;
    s.keys[4] = KEYCODE_DOWN;
    frame = shot_text(f, VIEW_SCALE, &s);
    assert_shows(frame, "[1K] 2K");
    free(frame);
}

/* The view's own keys: the arrows mean the text length here, and the help says so. */
static void test_keys(void **state)
{
    Fixture *f = *state;
    Scene sc;
    Shot s = shot(80, 24, true);
    scene_shoot(&sc, f, VIEW_SCALE, &s);
    assert_string_equal(binding_says(&sc.ui, KEYCODE_RIGHT), "a longer text");
    assert_string_equal(binding_says(&sc.ui, KEYCODE_UP), "a longer text");
    assert_string_equal(binding_says(&sc.ui, KEYCODE_LEFT), "a shorter text");
    assert_string_equal(binding_says(&sc.ui, KEYCODE_DOWN), "a shorter text");
    assert_int_equal(ui_binding(&sc.ui, 'n')->action, ACTION_NUMBERS);
    s.keys[0] = '?';
    char *frame = shot_text(f, VIEW_SCALE, &s);
    assert_shows(frame, "a longer text");
    assert_shows(frame, "a shorter text");
    free(frame);
    s.keys[0] = 0;
    frame = shot_text(f, VIEW_SCALE, &s);
    char *status = line_with(frame, "text length  Tab views");
    assert_non_null(strstr(status, "←/→ text length"));
    free(status);
    free(frame);
}

/* ---------------------------------------------------------------- numbers hidden */

/* Cells of the longest run of full blocks on the line holding label. */
static int bar_on(const char *frame, const char *label)
{
    char *line = line_with(frame, label);
    int best = 0, run = 0;
    for (const char *p = line; *p;) {
        if (strncmp(p, "█", strlen("█")) == 0) {
            run++;
            best = run > best ? run : best;
            p += strlen("█");
        } else {
            run = 0;
            p++;
        }
    }
    free(line);
    return best;
}

static void test_numbers_hidden(void **state)
{
    Fixture *f = *state;
    Shot s = shot(80, 24, false);
    char *frame = shot_text(f, VIEW_SCALE, &s);
    char *body = body_of(frame);
    assert_text_no_data_value(body, "numbers hidden");
    /* Wq is 3584 wide, Wk and Wv 512: bars 7 to 1 */
    int wq = bar_on(body, "  Wq "), wk = bar_on(body, "  Wk "), wv = bar_on(body, "  Wv ");
    assert_true(wq >= 40);
    assert_int_equal(wk, wv);
    assert_true(wq >= 7 * wk - 3 && wq <= 7 * wk + 3);
    /* per token (the first rows of each name): 7168 against 1024 numbers, 7 to 1 */
    int with = bar_on(body, "with GQA"), without = bar_on(body, "without");
    assert_int_equal(without, 28);
    assert_int_equal(with, 4);
    assert_shows(body, "▮▮▮▮▮▮▮ ▮▮▮▮▮▮▮ ▮▮▮▮▮▮▮ ▮▮▮▮▮▮▮");
    assert_shows(body, "●─·─·─·─·─·─·─·");
    free(body);
    free(frame);
    s.keys[0] = KEYCODE_RIGHT;              /* the slider and the cache bars move */
    for (int i = 1; i < 7; i++)
        s.keys[i] = KEYCODE_RIGHT;
    frame = shot_text(f, VIEW_SCALE, &s);
    body = body_of(frame);
    assert_shows(body, "·─·─·─·─·─·─·─●");
    free(body);
    free(frame);
}

/* The cache bars grow with the length; without GQA 7 times the one with it. */
static void test_cache_bars(void **state)
{
    Fixture *f = *state;
    Shot s = shot(120, 40, false);
    for (int i = 0; i < 7; i++)
        s.keys[i] = KEYCODE_RIGHT;
    char *frame = shot_text(f, VIEW_SCALE, &s);
    /* the last two "with GQA" / "without" rows are the cache's */
    const char *cache = strstr(frame, "●");
    assert_non_null(cache);
    int with = bar_on(cache, "with GQA"), without = bar_on(cache, "without");
    assert_true(without >= 60);
    assert_true(with >= without / 7 - 1 && with <= without / 7 + 1);
    free(frame);
}

/* ---------------------------------------------------------------- languages, sizes */

static void test_chinese(void **state)
{
    Fixture *f = *state;
    Shot s = shot(120, 40, true);
    s.lang = LANG_ZH;
    char *frame = shot_text(f, VIEW_SCALE, &s);
    assert_shows(frame, "Wq、Wk、Wv：演示模型对比真实模型");
    assert_shows(frame, "d 是每个头的宽度：√128 = 11.313708");
    assert_shows(frame, "每组 K、V 给 28 / 4 = 7 个查询头共用");
    assert_shows(frame, "省下来的正是「长文本最贵的那部分」");
    assert_shows(frame, "= 1024 个字");
    free(frame);
}

static void test_ascii(void **state)
{
    Fixture *f = *state;
    Shot s = shot(80, 24, true);
    s.ascii = true;
    char *frame = shot_text(f, VIEW_SCALE, &s);
    assert_ascii_text(frame);
    assert_shows(frame, "3584 * 3584 = 12 845 056");
    assert_shows(frame, "sqrt(128) = 11.313708");
    assert_shows(frame, "qqqqqqq qqqqqqq qqqqqqq qqqqqqq");
    free(frame);
}

static void test_sizes(void **state)
{
    Fixture *f = *state;
    for (size_t i = 0; i < N_SIZES; i++) {
        Shot s = shot(sizes[i][0], sizes[i][1], true);
        char *frame = shot_text(f, VIEW_SCALE, &s);
        assert_hides(frame, "too small to draw");
        assert_shows(frame, "= 192");
        assert_shows(frame, "3584 × 3584 = 12 845 056");
        assert_shows(frame, "3584 × 512  =  1 835 008");
        assert_shows(frame, "28 × 128 = 3584");
        assert_shows(frame, "512 / 128 = 4");
        assert_shows(frame, "√128 = 11.313708");
        assert_shows(frame, "1024 × 1024 × 2 B =");
        assert_shows(frame, "   2 MiB");
        assert_shows(frame, "  14 MiB");
        free(frame);
        s.numbers = false;
        frame = shot_text(f, VIEW_SCALE, &s);
        char *body = body_of(frame);
        assert_shows(body, "█");
        char what[64];
        snprintf(what, sizeof what, "%dx%d with numbers hidden", s.w, s.h);
        assert_text_no_data_value(body, what);
        free(body);
        free(frame);
    }
}

/* The help lists only keys that do something here: nothing autoplays (no speed, no
 * predict-then-reveal) and the sizes are the real model's whatever the sentence. */
static void test_help_lists_working_keys(void **state)
{
    (void)state;
    const Action idle[] = { ACTION_FASTER, ACTION_SLOWER, ACTION_PREDICT, ACTION_EDIT,
                            ACTION_SENTENCE_NEXT, ACTION_MASK, ACTION_HEADS, ACTION_FOCUS_N };
    for (size_t i = 0; i < sizeof idle / sizeof idle[0]; i++)
        assert_null(view_describe(view_ops(VIEW_SCALE), idle[i], LANG_EN));
    assert_non_null(view_describe(view_ops(VIEW_SCALE), ACTION_NUMBERS, LANG_EN));
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test_setup_teardown(test_parameters, fixture_setup, fixture_teardown),
        cmocka_unit_test_setup_teardown(test_heads, fixture_setup, fixture_teardown),
        cmocka_unit_test_setup_teardown(test_cache_at_first_length, fixture_setup, fixture_teardown),
        cmocka_unit_test_setup_teardown(test_arrows_change_the_length, fixture_setup, fixture_teardown),
        cmocka_unit_test_setup_teardown(test_keys, fixture_setup, fixture_teardown),
        cmocka_unit_test_setup_teardown(test_numbers_hidden, fixture_setup, fixture_teardown),
        cmocka_unit_test_setup_teardown(test_cache_bars, fixture_setup, fixture_teardown),
        cmocka_unit_test_setup_teardown(test_chinese, fixture_setup, fixture_teardown),
        cmocka_unit_test_setup_teardown(test_ascii, fixture_setup, fixture_teardown),
        cmocka_unit_test_setup_teardown(test_sizes, fixture_setup, fixture_teardown),
        cmocka_unit_test(test_help_lists_working_keys),
    };
    return cmocka_run_group_tests_name("view scale", tests, NULL, NULL);
}
