/* test_arcs_cache.c — the frames' cache (FrameCache; the arcs' dots, src/arcs.c): a frame
 * drawn with it is the frame drawn without it, cell for cell, over sizes, sentences, stages,
 * foci, transitions, progress, ASCII, mask, heads and themes; each arc is walked once and then drawn
 * from its dots; a growing arc only ever gains dots; the cache stays within its bound and
 * stops growing once warm. Must not touch: the terminal, golden files. */
#include <stdarg.h>
#include <stddef.h>
#include <setjmp.h>
#include <stdint.h>
#include <cmocka.h>

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "chrome.h"
#include "draw.h"
#include "frame.h"
#include "grid.h"
#include "harness.h"
#include "lesson.h"
#include "model.h"
#include "palette.h"
#include "player.h"
#include "ui.h"
#include "view.h"
#include "view_arcs.h"
#include "arcs_raster.h"   /* ArcTrig: what the cache keeps besides dots */

/* ---------------------------------------------------------------- fixture */

/* A lesson over the fixture's model (harness.h): sentence (NULL: the model's), config. */
static void build(const Fixture *f, Lesson *ls, const char *sentence, const EngineConfig *cfg)
{
    char err[256];
    if (lesson_build(ls, &f->m, sentence ? sentence : f->m.sentence, cfg, err, sizeof err) != 0)
        fail_msg("%s", err);
}

/* One frame's state: the stage shown, the one the transition leaves, and from where. */
typedef struct {
    Stage stage;        /* shown */
    Stage from_stage;   /* the transition leaves this stage ... */
    bool same_focus;    /* ... of the same asking character (else of another one) */
} Step;

/* Every kind of transition the arcs have: growing (② from ① or from another character),
 * thickening ② → ③ and thinning ③ → ②, settled ③, ④ with the V's flowing back. */
static const Step steps[] = {
    { STAGE_SCORE, STAGE_QKV, true },
    { STAGE_SCORE, STAGE_OUTPUT, false },
    { STAGE_SOFTMAX, STAGE_SCORE, true },
    { STAGE_SCORE, STAGE_SOFTMAX, true },
    { STAGE_SOFTMAX, STAGE_QKV, false },
    { STAGE_OUTPUT, STAGE_SOFTMAX, true },
    { STAGE_QKV, STAGE_OUTPUT, false },
};
#define N_STEPS (sizeof steps / sizeof steps[0])

static const double progresses[] = { 0.0, 0.03, 0.1, 0.31, 0.5, 0.77, 0.97, 1.0 };
#define N_PROGRESS (sizeof progresses / sizeof progresses[0])

/* Draws the arcs view into g in theme: focus, step and progress, with cache (or NULL). */
static void draw_themed(Grid *g, const Lesson *ls, int focus, const Step *st, double progress,
                        bool ascii, Theme theme, FrameCache *cache)
{
    Player p;
    player_init(&p, ls->tr.T, 0);
    p.focus = focus;
    p.stage = st->stage;
    p.from_stage = st->from_stage;
    p.from_focus = st->same_focus ? focus : (focus + 1) % ls->tr.T;
    Ui ui;
    ui_init(&ui, VIEW_ARCS);
    ui.theme = theme;
    FrameOptions o = { .lang = LANG_EN, .ascii = ascii, .notice = NULL };
    FrameInput in = { .lesson = ls, .player = &p, .ui = &ui, .progress = progress, .opt = &o,
                      .cache = cache };
    frame_render(g, &in);
    ui_free(&ui);
}

/* The same in the dark theme. */
static void draw(Grid *g, const Lesson *ls, int focus, const Step *st, double progress,
                 bool ascii, FrameCache *cache)
{
    draw_themed(g, ls, focus, st, progress, ascii, THEME_DARK, cache);
}

/* ---------------------------------------------------------------- the same frames */

/* Every sentence length, size, focus, transition and progress, with one cache kept across
 * all of them (so that it fills, forgets and grows as in a long run): cell for cell the
 * frame without the cache. */
static void test_frames_with_and_without_cache_are_the_same(void **state)
{
    const Fixture *f = *state;
    const char *sentences[] = { "三", NULL, SIXTEEN };
    const int sizes[][2] = { { 60, 20 }, { 80, 24 }, { 120, 40 }, { 300, 80 } };
    FrameCache *cache = frame_cache_new();
    assert_non_null(cache);
    int frames = 0;
    for (size_t si = 0; si < 3; si++) {
        Lesson ls;
        build(f, &ls, sentences[si], NULL);
        int T = ls.tr.T;
        int foci[] = { 0, T / 2, T - 1 };
        for (size_t z = 0; z < 4; z++) {
            Grid with, without;
            assert_int_equal(grid_init(&with, sizes[z][0], sizes[z][1]), 0);
            assert_int_equal(grid_init(&without, sizes[z][0], sizes[z][1]), 0);
            for (size_t fi = 0; fi < 3; fi++)
                for (size_t st = 0; st < N_STEPS; st++)
                    for (size_t k = 0; k < N_PROGRESS; k++) {
                        char what[128];
                        snprintf(what, sizeof what, "%d chars %dx%d focus %d step %zu progress %.2f",
                                 T, sizes[z][0], sizes[z][1], foci[fi], st, progresses[k]);
                        draw(&with, &ls, foci[fi], &steps[st], progresses[k], false, cache);
                        draw(&without, &ls, foci[fi], &steps[st], progresses[k], false, NULL);
                        assert_same_cells(&with, &without, what);
                        frames++;
                    }
            grid_free(&with);
            grid_free(&without);
        }
        lesson_free(&ls);
    }
    assert_int_equal(frames, 3 * 4 * 3 * (int)N_STEPS * (int)N_PROGRESS);
    frame_cache_free(cache);
}

/* ASCII, the causal mask and two heads draw the same with the cache too. */
static void test_ascii_mask_heads_with_cache_are_the_same(void **state)
{
    const Fixture *f = *state;
    FrameCache *cache = frame_cache_new();
    assert_non_null(cache);
    const EngineConfig configs[] = { { .mask = MASK_NONE, .heads = 1 }, { .mask = MASK_CAUSAL, .heads = 1 },
                                     { .mask = MASK_CAUSAL, .heads = 2 } };
    for (size_t ci = 0; ci < 3; ci++) {
        Lesson ls;
        build(f, &ls, NULL, &configs[ci]);
        Grid with, without;
        assert_int_equal(grid_init(&with, 80, 24), 0);
        assert_int_equal(grid_init(&without, 80, 24), 0);
        for (int ascii = 0; ascii < 2; ascii++)
            for (int focus = 0; focus < ls.tr.T; focus++)
                for (size_t st = 0; st < N_STEPS; st++)
                    for (size_t k = 0; k < N_PROGRESS; k += 2) {
                        draw(&with, &ls, focus, &steps[st], progresses[k], ascii, cache);
                        draw(&without, &ls, focus, &steps[st], progresses[k], ascii, NULL);
                        assert_same_cells(&with, &without, ascii ? "ascii" : "mask/heads");
                    }
        grid_free(&with);
        grid_free(&without);
        lesson_free(&ls);
    }
    frame_cache_free(cache);
}

/* Whether any cell of a and b (the same size) differs. */
static bool cells_differ(const Grid *a, const Grid *b)
{
    for (int y = 0; y < a->h; y++)
        for (int x = 0; x < a->w; x++)
            if (memcmp(grid_cell(a, x, y), grid_cell(b, x, y), sizeof(Cell)) != 0)
                return true;
    return false;
}

/* The theme changes the arcs' widths (the contrast theme's are thicker): one cache kept
 * while b cycles dark → light → contrast → dark draws each frame as it is drawn without,
 * and the contrast frames differ from the dark ones (a raster of one theme is never
 * drawn for the other). */
static void test_theme_cycle_with_cache_is_the_same(void **state)
{
    const Fixture *f = *state;
    FrameCache *cache = frame_cache_new();
    assert_non_null(cache);
    Lesson ls;
    build(f, &ls, NULL, NULL);
    const Theme cycle[] = { THEME_DARK, THEME_LIGHT, THEME_CONTRAST, THEME_DARK, THEME_CONTRAST };
    Grid with, without, dark;
    assert_int_equal(grid_init(&with, 120, 40), 0);
    assert_int_equal(grid_init(&without, 120, 40), 0);
    assert_int_equal(grid_init(&dark, 120, 40), 0);
    int differ = 0;
    for (size_t st = 0; st < N_STEPS; st++)
        for (size_t k = 0; k < N_PROGRESS; k += 3)
            for (size_t t = 0; t < sizeof cycle / sizeof cycle[0]; t++) {
                char what[96];
                snprintf(what, sizeof what, "theme %s step %zu progress %.2f",
                         palette_theme_name(cycle[t]), st, progresses[k]);
                draw_themed(&with, &ls, 3, &steps[st], progresses[k], false, cycle[t], cache);
                draw_themed(&without, &ls, 3, &steps[st], progresses[k], false, cycle[t], NULL);
                assert_same_cells(&with, &without, what);
                draw_themed(&dark, &ls, 3, &steps[st], progresses[k], false, THEME_DARK, NULL);
                if (cycle[t] == THEME_CONTRAST && cells_differ(&with, &dark))
                    differ++;
            }
    assert_true(differ > 0);
    grid_free(&with);
    grid_free(&without);
    grid_free(&dark);
    lesson_free(&ls);
    frame_cache_free(cache);
}

/* ---------------------------------------------------------------- walked once */

/* A context for drawing the arcs alone with an ArcsCache, as frame.c builds it. */
typedef struct {
    Player p;       /* focus and stage */
    Ui ui;          /* the arcs view */
    ViewCtx c;      /* the context */
    ArcsLayout L;   /* the view's layout */
} ArcsShot;

static void arcs_shot(ArcsShot *s, Grid *g, const Lesson *ls, int focus, const Step *st,
                      double progress, ArcsCache *cache)
{
    player_init(&s->p, ls->tr.T, 0);
    s->p.focus = focus;
    s->p.stage = st->stage;
    s->p.from_stage = st->from_stage;
    s->p.from_focus = st->same_focus ? focus : (focus + 1) % ls->tr.T;
    ui_init(&s->ui, VIEW_ARCS);
    ui_free(&s->ui);   /* the arcs view keeps no state of its own */
    s->c = (ViewCtx){ .g = g, .ls = ls, .tr = &ls->tr, .p = &s->p, .ui = &s->ui,
                      .gl = draw_glyphs(false), .progress = progress, .focus = focus,
                      .stage = st->stage, .lang = LANG_EN, .numbers = true, .cache = cache };
    ChromeLayout cl;
    chrome_layout(&s->c, view_ops(VIEW_ARCS), g->w, g->h, &cl);
    s->c.body = cl.body;
    arcs_layout(&s->c, &s->L);
    grid_clear(g);
}

/* ② growing from ① over ten frames, then settled, then ④ with the V's: the six arcs of 等
 * are walked once, on the first frame; ③ thickening walks new arcs (their widths change)
 * and its last frame gives the settled ③ arcs that ④ then draws without walking. */
static void test_each_arc_is_walked_once(void **state)
{
    const Fixture *f = *state;
    Lesson ls;
    build(f, &ls, NULL, NULL);
    Grid g;
    assert_int_equal(grid_init(&g, 120, 40), 0);
    ArcsCache *cache = arcs_cache_new();
    assert_non_null(cache);
    ArcsShot s;
    const Step growing = { STAGE_SCORE, STAGE_QKV, true };
    for (int k = 1; k <= 10; k++) {
        arcs_shot(&s, &g, &ls, 3, &growing, k / 10.0, cache);
        arcs_draw(&s.c, &s.L);
        assert_int_equal(arcs_cache_walked(cache), 6);
    }
    const Step thickening = { STAGE_SOFTMAX, STAGE_SCORE, true };
    arcs_shot(&s, &g, &ls, 3, &thickening, 1.0, cache);
    arcs_draw(&s.c, &s.L);
    int settled = arcs_cache_walked(cache);
    assert_true(settled > 6);
    const Step output = { STAGE_OUTPUT, STAGE_SOFTMAX, true };
    for (int k = 0; k <= 10; k++) {
        arcs_shot(&s, &g, &ls, 3, &output, k / 10.0, cache);
        arcs_draw(&s.c, &s.L);
    }
    assert_int_equal(arcs_cache_walked(cache), settled);
    arcs_cache_free(cache);
    grid_free(&g);
    lesson_free(&ls);
}

/* ---------------------------------------------------------------- growing */

/* While ② grows, every dot of a frame is still there in the next frame: an arc is the start
 * of the whole arc, longer each frame, and the whole arc at the end. */
static void test_growing_arcs_only_gain_dots(void **state)
{
    const Fixture *f = *state;
    Lesson ls;
    build(f, &ls, NULL, NULL);
    Grid before, now;
    assert_int_equal(grid_init(&before, 120, 40), 0);
    assert_int_equal(grid_init(&now, 120, 40), 0);
    const Step growing = { STAGE_SCORE, STAGE_QKV, true };
    FrameCache *cache = frame_cache_new();
    assert_non_null(cache);
    for (int focus = 0; focus < ls.tr.T; focus++) {
        draw(&before, &ls, focus, &growing, 0.0, false, cache);
        int gained = 0;
        for (int k = 1; k <= 33; k++) {
            draw(&now, &ls, focus, &growing, k / 33.0, false, cache);
            for (int y = 0; y < now.h; y++)
                for (int x = 0; x < now.w; x++) {
                    int was = draw_braille_dots(grid_cell(&before, x, y));
                    int is = draw_braille_dots(grid_cell(&now, x, y));
                    if ((was & is) != was)
                        fail_msg("focus %d, progress %d/33: a dot at (%d, %d) vanished", focus, k, x, y);
                    gained += is != was;
                }
            memcpy(before.cells, now.cells, sizeof(Cell) * (size_t)now.w * (size_t)now.h);
        }
        assert_true(gained > 20);
    }
    frame_cache_free(cache);
    grid_free(&before);
    grid_free(&now);
    lesson_free(&ls);
}

/* ---------------------------------------------------------------- bounded */

/* A long run at 300 × 80 with 16 characters: the cache stays under its bound, and once warm
 * (a second round of the same frames) it does not grow at all: no allocation per frame. */
static void test_cache_is_bounded_and_stops_growing(void **state)
{
    const Fixture *f = *state;
    Lesson ls;
    build(f, &ls, SIXTEEN, NULL);
    Grid g;
    assert_int_equal(grid_init(&g, 300, 80), 0);
    ArcsCache *cache = arcs_cache_new();
    assert_non_null(cache);
    size_t warm = 0;
    for (int round = 0; round < 2; round++) {
        for (int focus = 0; focus < ls.tr.T; focus += 5)
            for (size_t st = 0; st < N_STEPS; st++)
                for (size_t k = 0; k < N_PROGRESS; k++) {
                    ArcsShot s;
                    arcs_shot(&s, &g, &ls, focus, &steps[st], progresses[k], cache);
                    arcs_draw(&s.c, &s.L);
                }
        if (round == 0)
            warm = arcs_cache_bytes(cache);
    }
    assert_true(warm > 0);
    assert_int_equal(arcs_cache_bytes(cache), warm);
    size_t trig = ARCS_TRIG_KEPT * sizeof(ArcTrig);   /* the arcs' cos and sin, kept */
    assert_true(warm <= 120 * 1024 + trig);   /* about one frame's arcs: 16 of them at 300 × 80 */
    assert_true(arcs_cache_bytes(cache) <= 6 * (size_t)ARCS_CACHE_DOTS + 16 * 1024 + trig);
    arcs_cache_free(cache);
    grid_free(&g);
    lesson_free(&ls);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_frames_with_and_without_cache_are_the_same),
        cmocka_unit_test(test_ascii_mask_heads_with_cache_are_the_same),
        cmocka_unit_test(test_theme_cycle_with_cache_is_the_same),
        cmocka_unit_test(test_each_arc_is_walked_once),
        cmocka_unit_test(test_growing_arcs_only_gain_dots),
        cmocka_unit_test(test_cache_is_bounded_and_stops_growing),
    };
    return cmocka_run_group_tests_name("arcs cache", tests, fixture_setup, fixture_teardown);
}
