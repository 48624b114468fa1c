/* test_all_cache.c — the all view's faded lines kept between frames (AllCache, src/view_all.c):
 * a frame drawn with the cache is the frame drawn without it, cell for cell, over sizes,
 * sentences, foci, progress, ASCII, mask and heads; while the selected lines grow the faded
 * ones are drawn once and then copied; the cache holds one layer of the lines' area.
 * Must not touch: the terminal, golden files. */
#include <stdarg.h>
#include <stddef.h>
#include <setjmp.h>
#include <stdint.h>
#include <cmocka.h>

#include <stdio.h>

#include "draw.h"
#include "frame.h"
#include "grid.h"
#include "harness.h"
#include "view.h"
#include "view_all.h"

static const double progresses[] = { 0.0, 0.03, 0.1, 0.31, 0.5, 0.77, 0.97, 1.0 };
#define N_PROGRESS (sizeof progresses / sizeof progresses[0])

/* Scene s in the all view: focus, progress, ASCII and the head shown (-1 both). */
static void aim(Scene *s, int focus, double progress, bool ascii, int head)
{
    s->p.focus = focus;
    s->progress = progress;
    s->o.ascii = ascii;
    s->ui.head = head;
}

/* s drawn into g with cache (or NULL). */
static void draw(Grid *g, const Scene *s, FrameCache *cache)
{
    FrameInput in = scene_input(s);
    in.cache = cache;
    frame_render(g, &in);
}

/* s drawn into `with` through cache and into `without` anew: they must be the same. */
static void assert_cache_changes_nothing(Grid *with, Grid *without, const Scene *s,
                                         FrameCache *cache, const char *what)
{
    draw(with, s, cache);
    draw(without, s, NULL);
    assert_same_cells(with, without, what);
}

/* Counts the cells of g that show braille dots. */
static int braille_cells(const Grid *g)
{
    int n = 0;
    for (int y = 0; y < g->h; y++)
        for (int x = 0; x < g->w; x++)
            n += draw_braille_dots(grid_cell(g, x, y)) != 0;
    return n;
}

/* ---------------------------------------------------------------- the same frames */

/* One, six and sixteen characters at five sizes, three foci each, every progress, with one
 * cache kept across all of them: cell for cell the frame without the cache. The size
 * changes from one frame to the next, so a kept layer of another size is never taken. */
static void test_frames_with_and_without_cache_are_the_same(void **state)
{
    Lessons *l = *state;
    Fixture *one = fixture_open("三");
    Lesson *lessons[] = { &one->ls, &l->plain, &l->long16 };
    /* 120 × 30 after 120 × 40: the same lines, fewer rows for them */
    const int sizes[][2] = { { 60, 20 }, { 80, 24 }, { 120, 40 }, { 120, 30 }, { 300, 80 } };
    enum { N_SIZES = sizeof sizes / sizeof sizes[0] };
    Grid with[N_SIZES], without[N_SIZES];
    for (size_t z = 0; z < N_SIZES; z++) {
        assert_int_equal(grid_init(&with[z], sizes[z][0], sizes[z][1]), 0);
        assert_int_equal(grid_init(&without[z], sizes[z][0], sizes[z][1]), 0);
    }
    FrameCache *cache = frame_cache_new();
    assert_non_null(cache);
    int frames = 0;
    for (size_t li = 0; li < 3; li++) {
        Scene s;
        scene_start(&s, lessons[li], VIEW_ALL);
        int T = lessons[li]->tr.T;
        int foci[] = { 0, T / 2, T - 1 };
        for (size_t fi = 0; fi < 3; fi++)
            for (size_t k = 0; k < N_PROGRESS; k++)
                for (size_t z = 0; z < N_SIZES; z++) {
                    char what[128];
                    snprintf(what, sizeof what, "%d chars %dx%d focus %d progress %.2f",
                             T, sizes[z][0], sizes[z][1], foci[fi], progresses[k]);
                    aim(&s, foci[fi], progresses[k], false, -1);
                    assert_cache_changes_nothing(&with[z], &without[z], &s, cache, what);
                    if (T > 1)   /* there were lines to keep */
                        assert_true(braille_cells(&with[z]) > 50);
                    frames++;
                }
    }
    assert_int_equal(frames, 3 * 3 * (int)N_PROGRESS * N_SIZES);
    for (size_t z = 0; z < N_SIZES; z++) {
        grid_free(&with[z]);
        grid_free(&without[z]);
    }
    frame_cache_free(cache);
    fixture_close(one);
}

/* ASCII, the causal mask and two heads (both, the first, the second) the same too. */
static void test_ascii_mask_heads_with_cache_are_the_same(void **state)
{
    Lessons *l = *state;
    FrameCache *cache = frame_cache_new();
    assert_non_null(cache);
    Lesson *lessons[] = { &l->plain, &l->masked, &l->heads };
    for (size_t li = 0; li < 3; li++) {
        Scene s;
        scene_start(&s, lessons[li], VIEW_ALL);
        Grid with, without;
        assert_int_equal(grid_init(&with, 80, 24), 0);
        assert_int_equal(grid_init(&without, 80, 24), 0);
        int heads_shown = lessons[li]->tr.heads == 2 ? 3 : 1;
        for (int hs = 0; hs < heads_shown; hs++)
            for (int focus = 0; focus < lessons[li]->tr.T; focus++)
                for (size_t k = 0; k < N_PROGRESS; k += 2)
                    for (int ascii = 0; ascii < 2; ascii++) {   /* the same lines, then in ASCII */
                        char what[96];
                        snprintf(what, sizeof what, "lesson %zu ascii %d head %d focus %d progress %.2f",
                                 li, ascii, hs - 1, focus, progresses[k]);
                        aim(&s, focus, progresses[k], ascii, hs - 1);
                        assert_cache_changes_nothing(&with, &without, &s, cache, what);
                    }
        grid_free(&with);
        grid_free(&without);
    }
    frame_cache_free(cache);
}

/* ---------------------------------------------------------------- drawn once */

/* Draws the all view of s into g, its faded lines through cache (as frame.c passes it). */
static void draw_view(Grid *g, const Scene *s, AllCache *cache)
{
    ViewCtx c = scene_context(s, g->w, g->h);
    c.g = g;
    c.cache = cache;
    grid_clear(g);
    view_ops(VIEW_ALL)->draw(&c);
}

/* A transition of 等 (eleven frames) draws the faded lines once; the next character's
 * transition once more; coming back to 等 draws them again (one layer is kept). */
static void test_faded_lines_are_drawn_once_per_transition(void **state)
{
    Lessons *l = *state;
    Scene s;
    scene_start(&s, &l->plain, VIEW_ALL);
    Grid g;
    assert_int_equal(grid_init(&g, 120, 40), 0);
    AllCache *cache = all_cache_new();
    assert_non_null(cache);
    const int foci[] = { 3, 4 };
    for (int i = 0; i < 2; i++)
        for (int k = 0; k <= 10; k++) {
            aim(&s, foci[i], k / 10.0, false, -1);
            draw_view(&g, &s, cache);
            assert_int_equal(all_cache_drawn(cache), i + 1);
        }
    aim(&s, 3, 0.5, false, -1);
    draw_view(&g, &s, cache);
    assert_int_equal(all_cache_drawn(cache), 3);
    /* the same lines drawn in ASCII (the labels left as they are, so that only that
     * differs): never the kept braille */
    ViewCtx c = scene_context(&s, g.w, g.h);
    c.g = &g;
    c.cache = cache;
    c.ascii = true;
    grid_clear(&g);
    view_ops(VIEW_ALL)->draw(&c);
    assert_int_equal(all_cache_drawn(cache), 4);
    assert_int_equal(braille_cells(&g), 0);
    all_cache_free(cache);
    grid_free(&g);
}

/* With 16 characters at 300 × 80 the cache holds the lines' area once: at most a screen of
 * cells and the key, and no more after a second round of the same frames. */
static void test_cache_is_bounded_and_stops_growing(void **state)
{
    Lessons *l = *state;
    Scene s;
    scene_start(&s, &l->long16, VIEW_ALL);
    Grid g;
    assert_int_equal(grid_init(&g, 300, 80), 0);
    AllCache *cache = all_cache_new();
    assert_non_null(cache);
    size_t warm = 0;
    for (int round = 0; round < 2; round++) {
        for (int focus = 0; focus < l->long16.tr.T; focus += 3)
            for (size_t k = 0; k < N_PROGRESS; k++) {
                aim(&s, focus, progresses[k], false, -1);
                draw_view(&g, &s, cache);
            }
        if (round == 0)
            warm = all_cache_bytes(cache);
    }
    assert_true(warm > 300 * 20 * sizeof(Cell));   /* the lines take many rows */
    assert_true(warm <= 300 * 80 * sizeof(Cell) + 16 * 1024);
    assert_int_equal(all_cache_bytes(cache), warm);
    all_cache_free(cache);
    grid_free(&g);
}

/* The selected lines' rows kept while they grow: at one size, a transition frame by frame
 * (31 steps), then shrinking, then again with the mask's and two heads' lines, each
 * frame with the cache cell for cell the frame without it; and the faded lines drawn once
 * per growing transition. */
static void test_growing_lines_with_cache_are_the_same(void **state)
{
    Lessons *l = *state;
    Lesson *lessons[] = { &l->plain, &l->masked, &l->heads, &l->long16 };
    const int sizes[][2] = { { 120, 40 }, { 300, 80 } };
    for (size_t li = 0; li < 4; li++)
        for (size_t z = 0; z < 2; z++) {
            Scene s;
            scene_start(&s, lessons[li], VIEW_ALL);
            Grid with, without;
            assert_int_equal(grid_init(&with, sizes[z][0], sizes[z][1]), 0);
            assert_int_equal(grid_init(&without, sizes[z][0], sizes[z][1]), 0);
            FrameCache *cache = frame_cache_new();
            assert_non_null(cache);
            int T = lessons[li]->tr.T;
            for (int focus = 0; focus < T; focus += T > 6 ? 7 : 3)
                for (int k = -30; k <= 30; k++) {   /* growing, then shrinking */
                    char what[128];
                    double progress = (30 - (k < 0 ? -k : k)) / 30.0;
                    snprintf(what, sizeof what, "lesson %zu %dx%d focus %d progress %.4f", li,
                             sizes[z][0], sizes[z][1], focus, progress);
                    aim(&s, focus, progress, false, -1);
                    assert_cache_changes_nothing(&with, &without, &s, cache, what);
                }
            frame_cache_free(cache);
            grid_free(&with);
            grid_free(&without);
        }
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_frames_with_and_without_cache_are_the_same),
        cmocka_unit_test(test_ascii_mask_heads_with_cache_are_the_same),
        cmocka_unit_test(test_faded_lines_are_drawn_once_per_transition),
        cmocka_unit_test(test_cache_is_bounded_and_stops_growing),
        cmocka_unit_test(test_growing_lines_with_cache_are_the_same),
    };
    return cmocka_run_group_tests_name("all view cache", tests, lessons_setup, lessons_teardown);
}
