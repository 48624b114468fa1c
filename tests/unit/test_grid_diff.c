/* test_grid_diff.c — the runs of cells that differ between two frames (grid_next_run,
 * grid_copy_run), which are all term_paint hands ncurses after the first frame.
 * Owns: runs found in row order, each exactly the differing cells, whole wide glyphs, and
 * copying the runs turns the old frame into the new one. Must not touch: the terminal. */
#include <stdarg.h>
#include <stddef.h>
#include <setjmp.h>
#include <stdint.h>
#include <cmocka.h>

#include <stdlib.h>
#include <string.h>

#include "grid.h"

/* ---------------------------------------------------------------- helpers */

#define MAX_RUNS 64

/* Every run from `before` to `now`, in order; returns how many. */
static int all_runs(const Grid *before, const Grid *now, GridRun *runs)
{
    int n = 0, x = 0, y = 0;
    GridRun r;
    while (grid_next_run(before, now, &x, &y, &r)) {
        assert_true(n < MAX_RUNS);
        runs[n++] = r;
    }
    return n;
}

static void assert_run(const GridRun *r, int x, int y, int n)
{
    assert_int_equal(r->x, x);
    assert_int_equal(r->y, y);
    assert_int_equal(r->n, n);
}

static int setup_grids(void **state)
{
    Grid *g = calloc(2, sizeof *g);
    if (!g || grid_init(&g[0], 12, 4) != 0 || grid_init(&g[1], 12, 4) != 0)
        return -1;
    *state = g;
    return 0;
}

static int teardown_grids(void **state)
{
    Grid *g = *state;
    grid_free(&g[0]);
    grid_free(&g[1]);
    free(g);
    return 0;
}

/* ---------------------------------------------------------------- runs */

static void test_same_grids_have_no_run(void **state)
{
    Grid *g = *state;
    grid_put_text(&g[0], 1, 1, "三加五 abc", STYLE_BOLD);
    grid_put_text(&g[1], 1, 1, "三加五 abc", STYLE_BOLD);
    GridRun runs[MAX_RUNS];
    assert_int_equal(all_runs(&g[0], &g[1], runs), 0);
}

static void test_one_changed_cell_is_one_run(void **state)
{
    Grid *g = *state;
    grid_put_char(&g[1], 7, 2, "x", STYLE_NORMAL);
    GridRun runs[MAX_RUNS];
    assert_int_equal(all_runs(&g[0], &g[1], runs), 1);
    assert_run(&runs[0], 7, 2, 1);
}

/* A style alone is a change; neighbouring changes form one run; runs come row by row. */
static void test_runs_in_row_order(void **state)
{
    Grid *g = *state;
    grid_put_text(&g[0], 0, 0, "abcdef", STYLE_NORMAL);
    grid_put_text(&g[1], 0, 0, "abcdef", STYLE_NORMAL);
    grid_set_style(&g[1], 2, 0, 2, STYLE_BOLD);         /* c d: same glyphs, bold */
    grid_put_char(&g[1], 9, 0, "z", STYLE_NORMAL);
    grid_put_text(&g[1], 0, 3, "qq", STYLE_NORMAL);
    grid_put_char(&g[1], 11, 1, "y", STYLE_DIM);
    GridRun runs[MAX_RUNS];
    assert_int_equal(all_runs(&g[0], &g[1], runs), 4);
    assert_run(&runs[0], 2, 0, 2);
    assert_run(&runs[1], 9, 0, 1);
    assert_run(&runs[2], 11, 1, 1);
    assert_run(&runs[3], 0, 3, 2);
}

/* A run that touches half of a wide glyph, before or now, holds both halves. */
static void test_runs_hold_whole_wide_glyphs(void **state)
{
    Grid *g = *state;
    grid_put_char(&g[0], 4, 1, "等", STYLE_TOKEN);        /* columns 4-5 */
    grid_put_char(&g[1], 4, 1, "等", STYLE_TOKEN);
    grid_set_style(&g[1], 5, 1, 1, STYLE_FOCUS);          /* only its right half's style */
    grid_put_char(&g[0], 8, 2, "于", STYLE_TOKEN);        /* before: a wide glyph at 8-9 */
    grid_put_char(&g[1], 8, 2, "a", STYLE_TOKEN);         /* now: a and a blank */
    GridRun runs[MAX_RUNS];
    assert_int_equal(all_runs(&g[0], &g[1], runs), 2);
    assert_run(&runs[0], 4, 1, 2);
    assert_run(&runs[1], 8, 2, 2);
}

static void test_grids_of_other_sizes_have_no_runs(void **state)
{
    Grid *g = *state;
    Grid small;
    assert_int_equal(grid_init(&small, 11, 4), 0);
    int x = 0, y = 0;
    GridRun r;
    assert_false(grid_next_run(&g[0], &small, &x, &y, &r));
    grid_free(&small);
}

/* ---------------------------------------------------------------- copying runs */

/* A small deterministic generator (xorshift), so the test is the same every run. */
static unsigned next_random(unsigned *s)
{
    *s ^= *s << 13;
    *s ^= *s >> 17;
    *s ^= *s << 5;
    return *s;
}

/* Writes n random things (ASCII, braille, CJK, styles) at random places. */
static void scribble(Grid *g, unsigned *seed, int n)
{
    static const char *const glyphs[] = { "a", "Z", " ", "⠁", "⣿", "⢸", "三", "加", "等", "▲", "—" };
    for (int i = 0; i < n; i++) {
        int x = (int)(next_random(seed) % (unsigned)g->w);
        int y = (int)(next_random(seed) % (unsigned)g->h);
        const char *ch = glyphs[next_random(seed) % (sizeof glyphs / sizeof glyphs[0])];
        Style st = (Style)(next_random(seed) % STYLE_COUNT);
        if (next_random(seed) % 5 == 0)
            grid_set_style(g, x, y, 1 + (int)(next_random(seed) % 3), st);
        else
            grid_put_char(g, x, y, ch, st);
    }
}

/* Between random frames: every differing cell lies in a run, runs never overlap or go
 * backwards, and copying the runs into the old frame gives the new one exactly. */
static void test_copying_the_runs_gives_the_new_frame(void **state)
{
    (void)state;
    unsigned seed = 12345;
    Grid before, now;
    assert_int_equal(grid_init(&before, 37, 9), 0);
    assert_int_equal(grid_init(&now, 37, 9), 0);
    for (int round = 0; round < 300; round++) {
        scribble(&now, &seed, 1 + (int)(next_random(&seed) % 40));
        bool covered[9][37];
        memset(covered, 0, sizeof covered);
        int x = 0, y = 0, last_y = -1, last_end = 0;
        GridRun r;
        while (grid_next_run(&before, &now, &x, &y, &r)) {
            assert_true(r.n >= 1 && r.x >= 0 && r.x + r.n <= now.w);
            assert_true(r.y > last_y || (r.y == last_y && r.x >= last_end));
            for (int i = r.x; i < r.x + r.n; i++)
                covered[r.y][i] = true;
            last_y = r.y;
            last_end = r.x + r.n;
            grid_copy_run(&before, &now, &r);
        }
        for (int cy = 0; cy < now.h; cy++)
            for (int cx = 0; cx < now.w; cx++)
                if (!covered[cy][cx])   /* left out: it was the same */
                    assert_memory_equal(grid_cell(&before, cx, cy), grid_cell(&now, cx, cy), sizeof(Cell));
        assert_memory_equal(before.cells, now.cells, sizeof(Cell) * 37 * 9);
        if (round % 50 == 49)
            grid_clear(&now);
    }
    grid_free(&before);
    grid_free(&now);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test_setup_teardown(test_same_grids_have_no_run, setup_grids, teardown_grids),
        cmocka_unit_test_setup_teardown(test_one_changed_cell_is_one_run, setup_grids, teardown_grids),
        cmocka_unit_test_setup_teardown(test_runs_in_row_order, setup_grids, teardown_grids),
        cmocka_unit_test_setup_teardown(test_runs_hold_whole_wide_glyphs, setup_grids, teardown_grids),
        cmocka_unit_test_setup_teardown(test_grids_of_other_sizes_have_no_runs, setup_grids, teardown_grids),
        cmocka_unit_test(test_copying_the_runs_gives_the_new_frame),
    };
    return cmocka_run_group_tests_name("grid differences", tests, NULL, NULL);
}
