/* test_svg_golden.c — the golden SVGs under tests/svg: each frame as `attn-tui --print
 * --format svg` draws it from the same options (cli_parse, app_start_state, snapshot.h): slides,
 * without the view bar (a new view changes none of them); compared byte for byte (make
 * golden-update rewrites them).
 * Covers: the four frames tests/svg/README lists. Must not touch: the terminal, any view's
 * insides; it writes only tests/svg/NAME.svg.actual on a difference. */
#include <stdarg.h>
#include <stddef.h>
#include <setjmp.h>
#include <stdint.h>
#include <cmocka.h>

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "app.h"
#include "cli.h"
#include "harness.h"
#include "snapshot.h"

#ifndef TESTS_DIR
#define TESTS_DIR "tests"
#endif

/* One golden SVG: its file under tests/svg and the options after --print --format svg. */
typedef struct {
    const char *file;       /* tests/svg/FILE */
    const char *args[10];   /* as tests/svg/README's command gives them (NULL ends) */
} SvgGolden;

static const SvgGolden svg_goldens[] = {
    { "arcs-softmax-80x24.svg", { "--size", "80x24", "--stage", "softmax" } },
    { "matrix-zh-light-100x30.svg",
      { "--size", "100x30", "--view", "matrix", "--lang", "zh", "--theme", "light" } },
    { "all-nonumbers-80x24.svg", { "--size", "80x24", "--view", "all", "--no-numbers" } },
    { "arcs-contrast-80x24.svg", { "--size", "80x24", "--stage", "softmax", "--theme", "contrast" } },
};
#define N_SVG (sizeof svg_goldens / sizeof svg_goldens[0])

/* The SVG --print writes for g's options over f's lesson, with the golden view bar (caller
 * frees). */
static char *golden_svg(Fixture *f, const SvgGolden *g)
{
    char *argv[16] = { "attn-tui", "--no-config", "--print", "--format", "svg" };
    int argc = 5;
    for (int i = 0; g->args[i]; i++)
        argv[argc++] = (char *)g->args[i];
    Options o;
    char err[512];
    assert_int_equal(cli_parse(argc, argv, &o, err, sizeof err), 0);
    assert_true(o.svg);
    if (o.lang == LANG_AUTO)   /* what main does without a locale asking for Chinese */
        o.lang = LANG_EN;
    Player p;
    Ui ui;
    assert_int_equal(app_start_state(&o, &f->ls, 0, &p, &ui), 0);
    FrameOptions fo = { .lang = o.lang, .ascii = o.ascii, .notice = NULL, .prog = o.prog };
    FrameInput in = { .lesson = &f->ls, .player = &p, .ui = &ui, .progress = 1.0, .opt = &fo,
                      .bar = golden_bar, .bar_count = golden_bar_count };
    Snapshot shot = { 0 };
    assert_int_equal(snapshot_take(&shot, &in, o.print_w, o.print_h, o.chrome), 0);
    ui_free(&ui);
    char *buf = NULL;
    size_t len = 0;
    FILE *mem = open_memstream(&buf, &len);
    assert_non_null(mem);
    assert_int_equal(snapshot_svg(&shot, mem, o.theme), 0);
    assert_int_equal(fclose(mem), 0);
    snapshot_free(&shot);
    return buf;
}

/* Every golden, and its view bar the fixed one: a view added to the program is not in it. */
static void test_svg_goldens(void **state)
{
    Fixture *f = *state;
    for (size_t i = 0; i < N_SVG; i++) {
        fixture_reset(f);
        char expected[512], actual[512];
        snprintf(expected, sizeof expected, "%s/svg/%s", TESTS_DIR, svg_goldens[i].file);
        snprintf(actual, sizeof actual, "%s/svg/%s.actual", TESTS_DIR, svg_goldens[i].file);
        char *svg = golden_svg(f, &svg_goldens[i]);
        golden_check(expected, actual, svg);
        free(svg);
    }
    char *arcs = golden_svg(f, &svg_goldens[0]);   /* a slide: no view bar */
    assert_null(strstr(arcs, ">[arcs]</text>"));
    assert_null(strstr(arcs, "practice"));
    free(arcs);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test_setup_teardown(test_svg_goldens, fixture_setup, fixture_teardown),
    };
    return cmocka_run_group_tests_name("svg goldens", tests, NULL, NULL);
}
