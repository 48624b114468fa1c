/* test_term_paint.c — term_paint on a headless screen (ncurses writing to a file): after
 * every paint, whole or by changed cells only, the screen ncurses holds is the frame; a
 * frame painted again writes nothing; one changed cell writes a few bytes; a repaint
 * request or a frame of another size paints everything again.
 * Must not touch: a real terminal (TERM is set to xterm-256color for the headless screen). */
#include <stdarg.h>
#include <stddef.h>
#include <setjmp.h>
#include <stdint.h>
#include <cmocka.h>

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

#include "frame.h"
#include "grid.h"
#include "lesson.h"
#include "model.h"
#include "player.h"
#include "term.h"
#include "ui.h"

#define W 100
#define H 30

/* ---------------------------------------------------------------- fixture */

typedef struct {
    Model m;        /* the compiled-in model */
    Lesson ls;      /* its sentence */
    FILE *out;      /* what ncurses writes */
    FILE *in;       /* where it would read keys (/dev/null) */
} Fixture;

static int setup_screen(void **state)
{
    Fixture *f = calloc(1, sizeof *f);
    char err[256];
    setenv("TERM", "xterm-256color", 1);
    unsetenv("NO_COLOR");
    if (!f || model_load_default(&f->m, err, sizeof err) != 0 ||
        lesson_build(&f->ls, &f->m, f->m.sentence, NULL, err, sizeof err) != 0)
        return -1;
    f->out = tmpfile();
    f->in = fopen("/dev/null", "r");
    if (!f->out || !f->in || term_open_on(f->out, f->in, W, H, err, sizeof err) != 0)
        return -1;
    *state = f;
    return 0;
}

static int teardown_screen(void **state)
{
    Fixture *f = *state;
    term_close();
    fclose(f->out);
    fclose(f->in);
    lesson_free(&f->ls);
    model_free(&f->m);
    free(f);
    return 0;
}

/* Bytes ncurses has written so far. */
static long written(const Fixture *f)
{
    struct stat st;
    fflush(f->out);
    assert_int_equal(fstat(fileno(f->out), &st), 0);
    return (long)st.st_size;
}

/* Draws the frame of a view at a stage, focus and progress into g. */
static void draw(const Fixture *f, Grid *g, ViewId view, Stage stage, int focus, double progress)
{
    Player p;
    player_init(&p, f->ls.tr.T, 0);
    p.focus = focus;
    p.stage = stage;
    Ui ui;
    ui_init_for(&ui, view, &f->ls);
    FrameInput in = { .lesson = &f->ls, .player = &p, .ui = &ui, .progress = progress };
    frame_render(g, &in);
    ui_free(&ui);
}

/* ---------------------------------------------------------------- tests */

/* Frames of an animation and of other views, one after another: after each paint (the first
 * whole, the others by changed cells) ncurses' screen is exactly the frame. */
static void test_screen_is_the_frame_after_every_paint(void **state)
{
    Fixture *f = *state;
    Grid g;
    assert_int_equal(grid_init(&g, W, H), 0);
    const ViewId views[] = { VIEW_ARCS, VIEW_ALL, VIEW_MATRIX, VIEW_ARCS };
    int paints = 0;
    for (size_t v = 0; v < sizeof views / sizeof views[0]; v++)
        for (int stage = 0; stage < STAGE_COUNT; stage++)
            for (int k = 0; k <= 10; k += 2) {
                draw(f, &g, views[v], (Stage)stage, (int)(v + 2) % f->ls.tr.T, k / 10.0);
                term_paint(&g);
                paints++;
                if (!term_painted_equals(&g))
                    fail_msg("paint %d (view %d, stage %d, progress %d/10): screen differs",
                             paints, (int)views[v], stage, k);
            }
    grid_free(&g);
}

/* The same frame again writes nothing at all; one changed cell writes a few bytes, not a
 * screen; a repaint request writes the whole screen again. */
static void test_only_changes_are_written(void **state)
{
    Fixture *f = *state;
    Grid g;
    assert_int_equal(grid_init(&g, W, H), 0);
    draw(f, &g, VIEW_ARCS, STAGE_SOFTMAX, 3, 1.0);
    term_paint(&g);
    long whole = written(f);
    term_paint(&g);
    long start = written(f);
    term_paint(&g);
    assert_int_equal(written(f), start);   /* paused: 0 bytes */
    grid_put_char(&g, 50, 10, "x", STYLE_BOLD);
    term_paint(&g);
    long one = written(f) - start;
    assert_true(one > 0);
    assert_true(one < 96);   /* 64 today: a move, both colours named (38;5;N 48;5;M), bold, x, back */
    assert_true(term_painted_equals(&g));
    term_request_repaint();
    long before = written(f);
    term_paint(&g);
    assert_true(written(f) - before > 1000);
    assert_true(term_painted_equals(&g));
    assert_true(whole > 1000);
    grid_free(&g);
}

/* A frame that is not the screen's size is painted whole (clipped), and the next frame of the
 * screen's size is painted whole again. */
static void test_other_size_paints_whole(void **state)
{
    Fixture *f = *state;
    Grid small, g;
    assert_int_equal(grid_init(&small, W - 10, H - 5), 0);
    assert_int_equal(grid_init(&g, W, H), 0);
    draw(f, &g, VIEW_ARCS, STAGE_OUTPUT, 1, 1.0);
    term_paint(&g);
    draw(f, &small, VIEW_ARCS, STAGE_SCORE, 2, 1.0);
    term_paint(&small);
    assert_false(term_painted_equals(&small));   /* not the screen's size */
    draw(f, &g, VIEW_ARCS, STAGE_OUTPUT, 1, 1.0);
    term_paint(&g);
    assert_true(term_painted_equals(&g));
    grid_free(&small);
    grid_free(&g);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_screen_is_the_frame_after_every_paint),
        cmocka_unit_test(test_only_changes_are_written),
        cmocka_unit_test(test_other_size_paints_whole),
    };
    return cmocka_run_group_tests_name("term paint (headless)", tests, setup_screen, teardown_screen);
}
