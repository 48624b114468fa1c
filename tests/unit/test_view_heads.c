/* test_view_heads.c — the heads screen: on the shipped poem model, eight maps and eight
 * descriptions (from [head stats]) at 120×40 for a 12-character line; the chosen layer's four
 * for longer lines; at 80×24 the chosen layer's for up to 12 characters, else one line with the
 * key that helps; arrows move the frame, Enter asks for the arcs; the lesson's model gets one line.
 * Owns: these checks. Must not touch: the view's insides beyond its frames and its keys. */
#include <stdarg.h>
#include <stddef.h>
#include <setjmp.h>
#include <stdint.h>
#include <cmocka.h>

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "harness.h"
#include "keys.h"
#include "poem_check.h"
#include "transformer.h"

#ifndef TESTS_DIR
#define TESTS_DIR "tests"
#endif

/* A scene of the heads screen over the fixture's lesson on line (layer 1 chosen). */
static void heads_scene(Scene *s, LayeredFixture *f, const char *line)
{
    LessonParams p = f->ls.params;
    char err[256];
    snprintf(p.sentence, sizeof p.sentence, "%s", line);
    p.layer = 0;   /* a scene before may have chosen layer 2 */
    assert_int_equal(lesson_rebuild(&f->ls, &p, err, sizeof err), 0);
    scene_start(s, &f->ls, VIEW_HEADS);
}

/* Occurrences of needle in text. */
static int count(const char *text, const char *needle)
{
    int n = 0;
    for (const char *p = strstr(text, needle); p; p = strstr(p + 1, needle))
        n++;
    return n;
}

/* 12 characters at 120×40: eight maps, eight descriptions with their profiles. */
static void test_eight_maps(void **state)
{
    LayeredFixture *f = *state;
    Scene s;
    heads_scene(&s, f, LESSON_POEM_LINE);
    char *text = scene_text(&s, 120, 40);
    if (getenv("ATTN_SHOW"))
        fputs(text, stderr);
    for (int l = 1; l <= 2; l++)
        for (int h = 1; h <= 4; h++) {
            char name[32];
            snprintf(name, sizeof name, "L%d H%d", l, h);
            assert_int_equal(count(text, name), 2);   /* its map's title and its description */
        }
    char desc[256];
    for (int l = 0; l < 2; l++)
        for (int h = 0; h < 4; h++) {
            assert_int_equal(transformer_head_describe(&f->m, l, h, LANG_EN, desc, sizeof desc), 0);
            assert_true(text_has(text, desc));
        }
    assert_true(text_has(text, "share:"));
    assert_int_equal(count(text, "offset "), 8);
    free(text);
}

/* Arrows move the chosen head; Enter asks for the arcs screen. */
static void test_choose_and_open(void **state)
{
    LayeredFixture *f = *state;
    Scene s;
    heads_scene(&s, f, LESSON_POEM_LINE);
    scene_press(&s, KEYCODE_RIGHT);
    scene_press(&s, KEYCODE_DOWN);
    char *text = scene_text(&s, 120, 40);
    assert_true(text_has(text, "▸L2 H2"));
    free(text);
    scene_press(&s, KEYCODE_ENTER);
    assert_int_equal(s.ui.view, VIEW_ARCS);
}

/* 17 characters: the chosen layer's four maps at 120×40; at 80×24 one line and the key. */
static void test_fit(void **state)
{
    LayeredFixture *f = *state;
    Scene s;
    heads_scene(&s, f, "床前明月光，疑是地上霜。举头望明月");   /* 17 */
    char *text = scene_text(&s, 120, 40);
    if (getenv("ATTN_SHOW"))
        fputs(text, stderr);
    assert_int_equal(count(text, "L1 H"), 8);   /* four maps, four descriptions */
    assert_int_equal(count(text, "L2 H"), 4);   /* the other layer's descriptions only */
    free(text);
    text = scene_text(&s, 80, 24);
    assert_true(text_has(text, "do not fit"));
    assert_true(text_has(text, "a larger window"));
    free(text);
    heads_scene(&s, f, LESSON_POEM_LINE);
    text = scene_text(&s, 80, 24);
    if (getenv("ATTN_SHOW"))
        fputs(text, stderr);
    assert_int_equal(count(text, "L1 H"), 8);
    free(text);
    heads_scene(&s, f, LESSON_POEM_LINE);
}

/* The lesson's model: one line, and how to get a layered one. */
static void test_lesson_model(void **state)
{
    (void)state;
    Scene *s = scene_open(NULL, VIEW_HEADS);
    char *text = scene_text(s, 80, 24);
    assert_true(text_has(text, "--model poems"));
    free(text);
    scene_close(s);
}

/* The golden bodies: 80×24 and 120×40, numbers hidden, Chinese, ASCII (no crash). */
static void test_goldens(void **state)
{
    LayeredFixture *f = *state;
    Scene s;
    heads_scene(&s, f, LESSON_POEM_LINE);
    scene_body_golden(&s, "heads-120x40", 120, 40);
    scene_body_golden(&s, "heads-80x24", 80, 24);
    s.o.lang = LANG_ZH;
    scene_body_golden(&s, "heads-120x40-zh", 120, 40);
    scene_body_golden(&s, "heads-80x24-zh", 80, 24);
    s.o.lang = LANG_EN;
    s.ui.numbers = false;
    scene_body_golden(&s, "heads-120x40-hidden", 120, 40);
    s.ui.numbers = true;
    scene_press(&s, KEYCODE_DOWN);
    scene_press(&s, KEYCODE_LEFT);
    scene_body_golden(&s, "heads-120x40-l2h4", 120, 40);
    s.o.ascii = true;
    char *text = scene_text(&s, 80, 24);   /* the poem model is refused in ASCII mode: no crash */
    assert_non_null(text);
    free(text);
    heads_scene(&s, f, "床前明月光，疑是地上霜。举头望明月");
    scene_body_golden(&s, "heads-120x40-seventeen", 120, 40);
    scene_body_golden(&s, "heads-80x24-seventeen", 80, 24);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_eight_maps),
        cmocka_unit_test(test_choose_and_open),
        cmocka_unit_test(test_fit),
        cmocka_unit_test(test_lesson_model),
        cmocka_unit_test(test_goldens),
    };
    return cmocka_run_group_tests(tests, poem_fixture_setup, poem_fixture_teardown);
}
