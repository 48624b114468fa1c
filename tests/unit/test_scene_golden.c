/* test_scene_golden.c — whole frames of the compiled-in lesson compared with tests/golden/.
 * Owns: the list of golden frames and how a mismatch is reported (NAME.actual beside it);
 * ATTN_GOLDEN_UPDATE=1 rewrites the expected files. Must not touch: the scene's internals. */
#include <stdarg.h>
#include <stddef.h>
#include <setjmp.h>
#include <stdint.h>
#include <cmocka.h>

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "engine.h"
#include "grid.h"
#include "model.h"
#include "scene.h"

#ifndef TESTS_DIR
#define TESTS_DIR "tests"
#endif

/* One expected frame: tests/golden/NAME.txt. */
typedef struct {
    int w;            /* frame columns */
    int h;            /* frame rows */
    Stage stage;      /* stage shown */
    bool numbers;     /* numbers shown */
    Lang lang;        /* labels' language */
    bool ascii;       /* ASCII-only drawing */
    bool help;        /* help overlay open */
} GoldenCase;

/* ---------------------------------------------------------------- files */

/* The whole file at path (NUL-terminated, caller frees), or NULL when unreadable. */
static char *read_file(const char *path)
{
    FILE *f = fopen(path, "rb");
    if (!f)
        return NULL;
    size_t cap = 4096, len = 0;
    char *buf = malloc(cap);
    size_t n;
    while (buf && (n = fread(buf + len, 1, cap - len - 1, f)) > 0) {
        len += n;
        if (len + 1 == cap) {
            char *bigger = realloc(buf, cap *= 2);
            if (!bigger) {
                free(buf);
                buf = NULL;
            }
            buf = bigger;
        }
    }
    fclose(f);
    if (buf)
        buf[len] = '\0';
    return buf;
}

static void write_file(const char *path, const char *text)
{
    FILE *f = fopen(path, "wb");
    assert_non_null(f);
    assert_int_equal(fwrite(text, 1, strlen(text), f), strlen(text));
    assert_int_equal(fclose(f), 0);
}

/* ---------------------------------------------------------------- rendering */

/* The frame as text: the lesson's own sentence, focus on 等 (index 3), paused, progress 1. */
static char *render_case(const GoldenCase *gc)
{
    Model m;
    Trace tr;
    char err[256];
    assert_int_equal(model_load_default(&m, err, sizeof err), 0);
    assert_int_equal(engine_forward(&m, m.sentence, &tr, err, sizeof err), 0);
    Player p = {
        .tokens = tr.T, .focus = 3, .stage = gc->stage, .playing = false,
        .numbers = gc->numbers, .help = gc->help, .speed = 1.0,
    };
    SceneOptions o = { .lang = gc->lang, .ascii = gc->ascii, .notice = NULL };
    Grid g;
    assert_int_equal(grid_init(&g, gc->w, gc->h), 0);
    scene_render(&g, &tr, &p, 1.0, &o);
    size_t n = grid_to_text(&g, NULL, 0);
    char *text = malloc(n + 1);
    assert_non_null(text);
    grid_to_text(&g, text, n + 1);
    grid_free(&g);
    engine_free(&tr);
    model_free(&m);
    return text;
}

/* ---------------------------------------------------------------- the test */

static void test_golden(void **state, const char *name)
{
    const GoldenCase *gc = *state;
    char expected_path[512], actual_path[512];
    snprintf(expected_path, sizeof expected_path, "%s/golden/%s.txt", TESTS_DIR, name);
    snprintf(actual_path, sizeof actual_path, "%s/golden/%s.actual", TESTS_DIR, name);
    char *actual = render_case(gc);
    const char *update = getenv("ATTN_GOLDEN_UPDATE");
    if (update && strcmp(update, "1") == 0) {
        write_file(expected_path, actual);
        remove(actual_path);
        free(actual);
        return;
    }
    char *expected = read_file(expected_path);
    bool same = expected && strcmp(expected, actual) == 0;
    if (same)
        remove(actual_path);
    else
        write_file(actual_path, actual);
    free(expected);
    free(actual);
    if (!same)
        fail_msg("frame differs: diff -u %s %s (make golden-update rewrites the expected frames)",
                 expected_path, actual_path);
}

/* One test function per frame, so that cmocka names each. */
#define GOLDEN(fn, file, ...)                                              \
    static GoldenCase fn##_case = { __VA_ARGS__ };                         \
    static void fn(void **state) { test_golden(state, file); }

GOLDEN(g80_qkv_numbers,      "80x24-qkv-numbers",      80, 24, STAGE_QKV, true, LANG_EN, false, false)
GOLDEN(g80_qkv_hidden,       "80x24-qkv-hidden",       80, 24, STAGE_QKV, false, LANG_EN, false, false)
GOLDEN(g80_score_numbers,    "80x24-score-numbers",    80, 24, STAGE_SCORE, true, LANG_EN, false, false)
GOLDEN(g80_score_hidden,     "80x24-score-hidden",     80, 24, STAGE_SCORE, false, LANG_EN, false, false)
GOLDEN(g80_softmax_numbers,  "80x24-softmax-numbers",  80, 24, STAGE_SOFTMAX, true, LANG_EN, false, false)
GOLDEN(g80_softmax_hidden,   "80x24-softmax-hidden",   80, 24, STAGE_SOFTMAX, false, LANG_EN, false, false)
GOLDEN(g80_output_numbers,   "80x24-output-numbers",   80, 24, STAGE_OUTPUT, true, LANG_EN, false, false)
GOLDEN(g80_output_hidden,    "80x24-output-hidden",    80, 24, STAGE_OUTPUT, false, LANG_EN, false, false)
GOLDEN(g120_qkv_numbers,     "120x40-qkv-numbers",     120, 40, STAGE_QKV, true, LANG_EN, false, false)
GOLDEN(g120_qkv_hidden,      "120x40-qkv-hidden",      120, 40, STAGE_QKV, false, LANG_EN, false, false)
GOLDEN(g120_score_numbers,   "120x40-score-numbers",   120, 40, STAGE_SCORE, true, LANG_EN, false, false)
GOLDEN(g120_score_hidden,    "120x40-score-hidden",    120, 40, STAGE_SCORE, false, LANG_EN, false, false)
GOLDEN(g120_softmax_numbers, "120x40-softmax-numbers", 120, 40, STAGE_SOFTMAX, true, LANG_EN, false, false)
GOLDEN(g120_softmax_hidden,  "120x40-softmax-hidden",  120, 40, STAGE_SOFTMAX, false, LANG_EN, false, false)
GOLDEN(g120_output_numbers,  "120x40-output-numbers",  120, 40, STAGE_OUTPUT, true, LANG_EN, false, false)
GOLDEN(g120_output_hidden,   "120x40-output-hidden",   120, 40, STAGE_OUTPUT, false, LANG_EN, false, false)
GOLDEN(g80_softmax_zh,       "80x24-softmax-zh",       80, 24, STAGE_SOFTMAX, true, LANG_ZH, false, false)
GOLDEN(g80_softmax_ascii,    "80x24-softmax-ascii",    80, 24, STAGE_SOFTMAX, true, LANG_EN, true, false)
GOLDEN(g80_help,             "80x24-help",             80, 24, STAGE_SOFTMAX, true, LANG_EN, false, true)
GOLDEN(g50_too_small,        "50x15-too-small",        50, 15, STAGE_SOFTMAX, true, LANG_EN, false, false)

#define CASE(fn) cmocka_unit_test_prestate(fn, &fn##_case)

int main(void)
{
    const struct CMUnitTest tests[] = {
        CASE(g80_qkv_numbers), CASE(g80_qkv_hidden),
        CASE(g80_score_numbers), CASE(g80_score_hidden),
        CASE(g80_softmax_numbers), CASE(g80_softmax_hidden),
        CASE(g80_output_numbers), CASE(g80_output_hidden),
        CASE(g120_qkv_numbers), CASE(g120_qkv_hidden),
        CASE(g120_score_numbers), CASE(g120_score_hidden),
        CASE(g120_softmax_numbers), CASE(g120_softmax_hidden),
        CASE(g120_output_numbers), CASE(g120_output_hidden),
        CASE(g80_softmax_zh), CASE(g80_softmax_ascii),
        CASE(g80_help), CASE(g50_too_small),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
