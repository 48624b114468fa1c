/* test_view_write.c — the write screen: the shipped poem model writes 疑是地上霜。 after
 * 床前明月光， greedily, the same characters as --generate for a seed and a temperature, one
 * cache row a character, the counts on screen multiplied out; Space runs and any key stops;
 * it sleeps when not writing; the lesson's model gets one line.
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
#include "view_arcs.h"

#ifndef TESTS_DIR
#define TESTS_DIR "tests"
#endif

/* A scene of the write screen over the fixture's lesson. */
static void write_scene(Scene *s, LayeredFixture *f)
{
    scene_start(s, &f->ls, VIEW_WRITE);
    s->p.focus = 0;
}

/* → six times after 床前明月光，: 疑是地上霜。 with a cache of 12 rows and its counts. */
static void test_writes_the_line(void **state)
{
    LayeredFixture *f = *state;
    Scene s;
    write_scene(&s, f);
    for (int i = 0; i < 6; i++)
        scene_press(&s, KEYCODE_RIGHT);
    char *text = scene_text(&s, 120, 40);
    if (getenv("ATTN_SHOW"))
        fputs(text, stderr);
    assert_true(text_has(text, "[。]"));
    assert_true(text_has(text, "疑"));
    assert_true(text_has(text, "霜"));
    /* 12 characters: Q,K,V 32·96 = 3 072, scores 4·2·8·12 = 768, Wo 32·32 = 1 024 */
    assert_true(text_has(text, "Q,K,V 32·96 = 3072, scores and shares·V 4·2·8·12 = 768, Wo 32·32 = 1024; 3072 + 768 + 1024 = 4864"));
    /* without: 12·(3 072 + 1 024) + 4·2·8·12·13/2 = 49 152 + 4 992 = 54 144 */
    assert_true(text_has(text, "12·(3072 + 1024) + 4·2·8·12·13/2 = 49 152 + 4992 = 54 144"));
    /* the cache: 2·32·12·8 = 6 144 bytes a layer */
    assert_true(text_has(text, "2·32·12·8 bytes = 6144 per layer"));
    /* the real model at the same length: 2·512·12·2 = 24 576 bytes a layer, × 28 layers */
    assert_true(text_has(text, "2·512·12·2 bytes = 24 576 per layer"));
    assert_true(text_has(text, "×28 layers (Qwen2-7B's shape, not in the lesson) = 688 128"));
    free(text);
}

/* The screen and --generate (poem_continue) write the same characters for a seed. */
static void test_same_as_generate(void **state)
{
    LayeredFixture *f = *state;
    Scene s;
    write_scene(&s, f);
    scene_press(&s, 't');   /* 0.5 */
    scene_press(&s, 't');   /* 0.8 */
    scene_press(&s, 'r');   /* seed 2 */
    for (int i = 0; i < 10; i++)
        scene_press(&s, KEYCODE_RIGHT);
    char out[256], err[256];
    int n = poem_continue(&f->m, "床前明月光，", 10, 0.8, 2, NULL, NULL, out, sizeof out, LANG_EN, err, sizeof err);
    assert_true(n > 0);
    char *text = scene_text(&s, 120, 40);
    assert_true(text_has(text, "--temperature 0.8 --seed 2"));
    /* the poem's characters, in order, as the screen shows them */
    char shown[512] = "";
    const char *p = out;
    (void)p;
    char cmd[64];
    snprintf(cmd, sizeof cmd, "%s", "sampled at temperature 0.8, seed 2");
    assert_true(text_has(text, cmd));
    /* each character of the continuation is on screen (the end mark stops both) */
    for (const char *c = out; *c;) {
        int len = ((unsigned char)*c < 0x80) ? 1 : ((unsigned char)*c < 0xE0) ? 2 : ((unsigned char)*c < 0xF0) ? 3 : 4;
        char ch[8];
        memcpy(ch, c, (size_t)len);
        ch[len] = '\0';
        if (strcmp(ch, "〓") != 0)
            assert_true(text_has(text, ch));
        strncat(shown, ch, sizeof shown - strlen(shown) - 1);
        c += len;
    }
    free(text);
}

/* Space runs (a tick due at once, then every step), any key stops: then it sleeps. */
static void test_runs_and_sleeps(void **state)
{
    LayeredFixture *f = *state;
    Scene s;
    write_scene(&s, f);
    const ViewOps *v = view_ops(VIEW_WRITE);
    void *st = view_state_make(s.ui.views, VIEW_WRITE, &f->ls);
    assert_int_equal(v->next_tick(st, 0), VIEW_TICK_NEVER);
    scene_press(&s, ' ');
    assert_true(v->next_tick(st, 1000000) >= 0);
    scene_press(&s, KEYCODE_HOME);   /* any key stops */
    assert_int_equal(v->next_tick(st, 0), VIEW_TICK_NEVER);
}

/* Greedy writing stops after four lines: 疑是地上霜。举头望明月，低头思故乡。 */
static void test_stops_at_the_form(void **state)
{
    LayeredFixture *f = *state;
    Scene s;
    write_scene(&s, f);
    for (int i = 0; i < 30; i++)
        scene_press(&s, KEYCODE_RIGHT);
    char *text = scene_text(&s, 120, 40);
    assert_true(text_has(text, "four lines are written"));
    assert_true(text_has(text, "低"));
    assert_true(text_has(text, "[。]"));
    free(text);
}

/* The lesson's model: one line, and how to get a layered one. */
static void test_lesson_model(void **state)
{
    (void)state;
    Scene *s = scene_open(NULL, VIEW_WRITE);
    char *text = scene_text(s, 80, 24);
    assert_true(text_has(text, "--model poems"));
    free(text);
    scene_close(s);
}

/* ---------------------------------------------------------------- the arcs */

/* Column of the first cell of character ch on row y of g, from column `from`, or -1. */
static int glyph_column(Grid *g, int y, const char *ch, int from)
{
    for (int x = from; x < g->w; x++)
        if (strcmp(grid_at(g, x, y)->glyph, ch) == 0)
            return x;
    return -1;
}

/* Braille dots in the cells x0 .. x1 of row y. */
static int dots_in(Grid *g, int y, int x0, int x1)
{
    int n = 0;
    for (int x = x0 < 0 ? 0 : x0; x <= x1 && x < g->w; x++)
        for (int bits = arcs_braille_dots(grid_at(g, x, y)); bits; bits &= bits - 1)
            n++;
    return n;
}

/* The row of the poem under the arcs: the one with the newest character in [ ]. */
static int poem_row(Grid *g, const char *newest)
{
    for (int y = 0; y < g->h; y++) {
        int x = glyph_column(g, y, newest, 1);
        if (x > 0 && strcmp(grid_at(g, x - 1, y)->glyph, "[") == 0 && strcmp(grid_at(g, x + 2, y)->glyph, "]") == 0)
            return y;
    }
    return -1;
}

/* Each character of the row gets an arc from the newest: a foot on the row just above it;
 * none lands right of the newest (nothing comes after it: the causal mask); and a larger
 * share lands with a wider foot: 床 21% against 前 10% at the prompt (layer 1, head 1). The
 * shares are the lesson's pass over the line: its row 5 (causal) is the prompt's last. */
static void test_arcs_follow_the_shares(void **state)
{
    LayeredFixture *f = *state;
    Scene s;
    write_scene(&s, f);
    static const char *const prompt[] = { "床", "前", "明", "月", "光", "，" };
    Grid g = scene_render(&s, 120, 40);
    int row = poem_row(&g, "，");
    assert_true(row > 0);
    int x[6], from = 0;
    for (int i = 0; i < 6; i++) {
        x[i] = glyph_column(&g, row, prompt[i], from);
        assert_true(x[i] >= from);
        from = x[i] + 2;
    }
    const TransformerTrace *tr = &f->ls.poem;
    const double *share = TRANSFORMER_HEAD_ROW(tr, tr->layer[0].shares, 0, 5);
    int feet[6];
    for (int i = 0; i < 5; i++) {   /* each earlier character: a foot over it */
        feet[i] = dots_in(&g, row - 1, x[i] - 1, x[i] + 2);
        assert_true(feet[i] > 0);
    }
    /* nothing right of the newest's loop on any row of the arcs */
    for (int y = 0; y < row; y++)
        assert_int_equal(dots_in(&g, y, x[5] + 4, g.w - 1), 0);
    /* wider where the share is larger, among the characters away from the asker */
    assert_true(share[0] > share[1] + 0.05);
    assert_true(feet[0] > feet[1]);
    for (int a = 0; a < 4; a++)
        for (int b = 0; b < 4; b++)
            if (share[a] > share[b])
                assert_true(feet[a] >= feet[b]);
    grid_free(&g);
    /* after six characters, twelve on the row: an arc to each of the eleven before 。 */
    for (int i = 0; i < 6; i++)
        scene_press(&s, KEYCODE_RIGHT);
    g = scene_render(&s, 120, 40);
    row = poem_row(&g, "。");
    assert_true(row > 0);
    static const char *const line[] = { "床", "前", "明", "月", "光", "，", "疑", "是", "地", "上", "霜" };
    from = 0;
    for (int i = 0; i < 11; i++) {
        int at = glyph_column(&g, row, line[i], from);
        assert_true(at >= from);
        assert_true(dots_in(&g, row - 1, at - 1, at + 2) > 0);
        from = at + 2;
    }
    int asker = glyph_column(&g, row, "。", from);
    for (int y = 0; y < row; y++)
        assert_int_equal(dots_in(&g, y, asker + 4, g.w - 1), 0);
    grid_free(&g);
}

/* The golden bodies: 80×24 and 120×40 after six characters, numbers hidden, Chinese, the
 * poem complete, sampled; ASCII draws without crashing. */
static void test_goldens(void **state)
{
    LayeredFixture *f = *state;
    Scene s;
    write_scene(&s, f);
    scene_body_golden(&s, "write-120x40-prompt", 120, 40);
    for (int i = 0; i < 6; i++)
        scene_press(&s, KEYCODE_RIGHT);
    scene_body_golden(&s, "write-120x40", 120, 40);
    scene_body_golden(&s, "write-80x24", 80, 24);
    s.o.lang = LANG_ZH;
    scene_body_golden(&s, "write-120x40-zh", 120, 40);
    scene_body_golden(&s, "write-80x24-zh", 80, 24);
    s.o.lang = LANG_EN;
    s.ui.numbers = false;
    scene_body_golden(&s, "write-120x40-hidden", 120, 40);
    s.ui.numbers = true;
    for (int i = 0; i < 20; i++)
        scene_press(&s, KEYCODE_RIGHT);
    scene_body_golden(&s, "write-120x40-poem", 120, 40);
    s.o.ascii = true;
    char *text = scene_text(&s, 80, 24);   /* the poem model is refused in ASCII mode: no crash */
    assert_non_null(text);
    free(text);
    s.o.ascii = false;
    scene_press(&s, 't');
    scene_press(&s, 't');
    scene_press(&s, 'r');
    for (int i = 0; i < 10; i++)
        scene_press(&s, KEYCODE_RIGHT);
    scene_body_golden(&s, "write-120x40-sampled", 120, 40);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_writes_the_line),
        cmocka_unit_test(test_same_as_generate),
        cmocka_unit_test(test_runs_and_sleeps),
        cmocka_unit_test(test_stops_at_the_form),
        cmocka_unit_test(test_lesson_model),
        cmocka_unit_test(test_arcs_follow_the_shares),
        cmocka_unit_test(test_goldens),
    };
    return cmocka_run_group_tests(tests, poem_fixture_setup, poem_fixture_teardown);
}
