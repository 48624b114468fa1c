/* test_frame_cache.c — what frames keep between them (FrameCache: each view's layout, wrapped
 * text, formatted numbers, the arcs' and the lines' dots) never changes a frame: for every
 * view, a frame drawn through one cache kept across many frames is cell for cell the frame
 * drawn anew, while the lesson, size, stage, focus, heads, answer, numbers, language and
 * ASCII change under it, and when the pass is rebuilt in the same memory (another sentence
 * of the same length, the mask, a what-if score), so a stale cache fails here.
 * Must not touch: the terminal, golden files. */
#include <stdarg.h>
#include <stddef.h>
#include <setjmp.h>
#include <stdint.h>
#include <cmocka.h>

#include <stdio.h>
#include <string.h>

#include "draw.h"
#include "format.h"
#include "frame.h"
#include "grid.h"
#include "harness.h"
#include "view.h"

/* s drawn into g with cache (or NULL: everything anew). */
static void draw(Grid *g, const Scene *s, FrameCache *cache)
{
    FrameInput in = scene_input(s);
    in.cache = cache;
    frame_render(g, &in);
}

/* s drawn at w × h anew, and twice through cache (what the cache held before, then what it
 * kept of this frame): the same cells, or the test fails naming what. */
static void assert_kept_is_fresh(const Scene *s, int w, int h, FrameCache *cache, const char *what)
{
    Grid with, without;
    assert_int_equal(grid_init(&with, w, h), 0);
    assert_int_equal(grid_init(&without, w, h), 0);
    draw(&without, s, NULL);
    for (int i = 0; i < 2; i++) {
        draw(&with, s, cache);
        assert_same_cells(&with, &without, what);
    }
    grid_free(&with);
    grid_free(&without);
}

/* The frame's options and UI knobs that a cache's key must hold: variant i of four. */
static void vary(Scene *s, int i)
{
    s->ui.numbers = i % 4 != 1;
    s->o.lang = i % 4 == 2 ? LANG_ZH : LANG_EN;
    s->o.ascii = i % 4 == 3;
}

/* ---------------------------------------------------------------- every view */

/* Every view at four sizes, every stage, the first and last character asking, a variant of
 * numbers / Chinese / ASCII each, with two heads each head and both, the answer moved, and
 * each of those over the four lessons in turn (so that a kept frame of another lesson is
 * one key away): one cache for all of a view's frames. */
static void test_every_view_kept_frames_are_fresh_frames(void **state)
{
    Lessons *l = *state;
    Lesson *lessons[] = { &l->plain, &l->masked, &l->heads, &l->long16 };
    const int sizes[][2] = { { 120, 40 }, { 80, 24 }, { 300, 80 }, { 120, 30 } };
    for (int v = 0; v < VIEW_COUNT; v++) {
        FrameCache *cache = frame_cache_new();
        assert_non_null(cache);
        Scene s[4];
        for (size_t li = 0; li < 4; li++)
            scene_start(&s[li], lessons[li], (ViewId)v);
        int frame = 0;
        for (size_t z = 0; z < 4; z++)
            for (int stage = 0; stage < STAGE_COUNT; stage++)
                for (int f = 0; f < 2; f++, frame++)
                    for (size_t li = 0; li < 4; li++) {
                        char what[160];
                        Scene *sc = &s[li];
                        int T = lessons[li]->tr.T;
                        sc->p.stage = (Stage)stage;
                        sc->p.focus = f ? T - 1 : 0;
                        sc->ui.head = lessons[li]->tr.heads == 2 ? frame % 3 - 1 : 0;
                        sc->ui.answer = frame % 5 == 4 ? T / 2 : -1;
                        vary(sc, frame);
                        snprintf(what, sizeof what, "%s lesson %zu %dx%d stage %d focus %d head %d "
                                 "answer %d numbers %d lang %d ascii %d", view_ops((ViewId)v)->name, li,
                                 sizes[z][0], sizes[z][1], stage, sc->p.focus, sc->ui.head, sc->ui.answer,
                                 sc->ui.numbers, (int)sc->o.lang, sc->o.ascii);
                        assert_kept_is_fresh(sc, sizes[z][0], sizes[z][1], cache, what);
                    }
        frame_cache_free(cache);
    }
}

/* ---------------------------------------------------------------- a pass rebuilt in place */

/* Every view drawn through one cache over one lesson rebuilt in its own memory: another
 * sentence of the same length (the same shape, other numbers), the mask, two heads, a
 * what-if score on the raw scores; each frame the fresh one. */
static void test_kept_frames_follow_a_lesson_rebuilt_in_place(void **state)
{
    (void)state;
    for (int v = 0; v < VIEW_COUNT; v++) {
        Fixture *fx = fixture_open(NULL);
        FrameCache *cache = frame_cache_new();
        assert_non_null(cache);
        LessonParams p[5];
        p[0] = fx->start;
        p[1] = fx->start;
        snprintf(p[1].sentence, sizeof p[1].sentence, "%s", LESSON_COMPARE_SENTENCE);
        p[2] = p[1];
        p[2].config.mask = MASK_CAUSAL;
        p[3] = p[0];
        p[3].config.heads = 2;
        p[4] = p[0];
        p[4].config.score = (ScoreSet){ .on = true, .head = 0, .row = 3, .col = 1, .value = 7.25 };
        Scene s;
        scene_start(&s, &fx->ls, (ViewId)v);
        for (int z = 0; z < 2; z++)
            for (int stage = 0; stage < STAGE_COUNT; stage++)
                for (int r = 0; r < 5; r++) {   /* only the pass changes from frame to frame */
                    char what[128], err[256];
                    assert_int_equal(lesson_rebuild(&fx->ls, &p[r], err, sizeof err), 0);
                    s.p.stage = (Stage)stage;
                    s.p.focus = 3;
                    snprintf(what, sizeof what, "%s rebuild %d stage %d", view_ops((ViewId)v)->name, r,
                             stage);
                    assert_kept_is_fresh(&s, z ? 300 : 120, z ? 80 : 40, cache, what);
                }
        frame_cache_free(cache);
        fixture_close(fx);
    }
}

/* ---------------------------------------------------------------- the digest */

/* The digest the caches are keyed on changes with any number a frame shows, and only then. */
static void test_trace_digest_follows_every_number(void **state)
{
    Lessons *l = *state;
    Trace *tr = &l->plain.tr;
    uint64_t was = draw_trace_digest(tr);
    assert_true(draw_trace_digest(tr) == was);   /* the same pass, the same digest */
    double *tables[] = { tr->x, tr->q, tr->k, tr->v, tr->output };
    for (size_t i = 0; i < sizeof tables / sizeof tables[0]; i++) {
        double keep = tables[i][5];
        tables[i][5] += 0.001;
        assert_true(draw_trace_digest(tr) != was);
        tables[i][5] = keep;
    }
    double *squares[] = { tr->scores, tr->scaled, tr->weights, tr->similarity };
    for (size_t i = 0; i < sizeof squares / sizeof squares[0]; i++) {
        double keep = squares[i][tr->T + 2];
        squares[i][tr->T + 2] = -keep - 1.0;
        assert_true(draw_trace_digest(tr) != was);
        squares[i][tr->T + 2] = keep;
    }
    char keep[sizeof tr->tokens[0]];
    memcpy(keep, tr->tokens[1], sizeof keep);
    snprintf(tr->tokens[1], sizeof tr->tokens[1], "%s", "减");
    assert_true(draw_trace_digest(tr) != was);
    memcpy(tr->tokens[1], keep, sizeof keep);
    assert_true(draw_trace_digest(tr) == was);
    assert_true(draw_trace_digest(&l->masked.tr) != was);
    assert_true(draw_trace_digest(&l->heads.tr) != was);
}

/* ---------------------------------------------------------------- the kept pieces */

/* A number memo gives what format_fixed and format_percent give, whatever it held before
 * (slots shared by two numbers, -0, a long number not kept). */
static void test_number_memo_is_format(void **state)
{
    (void)state;
    static DrawNumberMemo memo;
    const double values[] = { 0.0, -0.0, 1.005, -2.345, 99.9999, 0.5, 1e300, -1e-300, 123456789.125 };
    for (int round = 0; round < 3; round++)
        for (size_t i = 0; i < sizeof values / sizeof values[0]; i++)
            for (int digits = 0; digits < 7; digits++) {
                char kept[FORMAT_BYTES], fresh[FORMAT_BYTES];
                draw_fixed_memo(&memo, kept, sizeof kept, values[i], digits);
                format_fixed(fresh, sizeof fresh, values[i], digits);
                assert_string_equal(kept, fresh);
                draw_percent_memo(&memo, kept, sizeof kept, values[i] / 100.0);
                format_percent(fresh, sizeof fresh, values[i] / 100.0);
                assert_string_equal(kept, fresh);
            }
    for (int i = 0; i < 3 * DRAW_NUMBER_SLOTS; i++) {   /* more numbers than slots */
        char kept[FORMAT_BYTES], fresh[FORMAT_BYTES];
        double v = (i % 997) * 0.37 - 120.0;
        draw_fixed_memo(&memo, kept, sizeof kept, v, 2);
        assert_string_equal(kept, format_fixed(fresh, sizeof fresh, v, 2));
    }
    char small[4];
    draw_fixed_memo(&memo, small, sizeof small, 12.5, 2);   /* cut as snprintf cuts */
    assert_string_equal(small, "12.");
}

/* A wrap memo gives wrap_balanced's lines and count, kept or not. */
static void test_wrap_memo_is_wrap_balanced(void **state)
{
    (void)state;
    static DrawParagraphMemo memo;
    const char *texts[] = {
        "lesson 4's table gives 三→加 and 加→三 one number, 1.23: it cannot tell who asks from who answers",
        "第 4 课的表里「三」看「加」和「加」看「三」是同一个数 1.23：分不出谁在问、谁在答；而且每一行都不随句子变化",
        "short",
    };
    for (int round = 0; round < 2; round++)
        for (size_t i = 0; i < 3; i++)
            for (int w = 8; w < 120; w += 7) {
                WrapLine a[3], b[3];
                int na = draw_wrap_memo(&memo, texts[i], w, a, 3);
                int nb = wrap_balanced(texts[i], w, b, 3);
                assert_int_equal(na, nb);
                for (int k = 0; k < na && k < 3; k++) {
                    assert_int_equal(a[k].start, b[k].start);
                    assert_int_equal(a[k].len, b[k].len);
                }
            }
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_every_view_kept_frames_are_fresh_frames),
        cmocka_unit_test(test_kept_frames_follow_a_lesson_rebuilt_in_place),
        cmocka_unit_test(test_trace_digest_follows_every_number),
        cmocka_unit_test(test_number_memo_is_format),
        cmocka_unit_test(test_wrap_memo_is_wrap_balanced),
    };
    return cmocka_run_group_tests_name("frame cache", tests, lessons_setup, lessons_teardown);
}
