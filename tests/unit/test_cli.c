/* test_cli.c — option parsing and number formatting.
 * Covers: defaults, every option, every bad value's exact one-line message,
 * and the lesson's rounding (half away from zero, no "-0.00"). */
#include <stdarg.h>
#include <stddef.h>
#include <setjmp.h>
#include <stdint.h>
#include <cmocka.h>

#include <string.h>
#include "cli.h"
#include "format.h"
#include "ui.h"

/* Parses a NULL-terminated list of words (argv[0] added); returns cli_parse's result. */
static int parse(Options *o, char *err, const char *words[])
{
    char *argv[32];
    int argc = 0;
    argv[argc++] = (char *)"attn-tui";
    for (int i = 0; words[i]; i++)
        argv[argc++] = (char *)words[i];
    argv[argc] = NULL;
    return cli_parse(argc, argv, o, err, 256);
}

static void test_defaults(void **state)
{
    (void)state;
    Options o;
    char err[256];
    const char *w[] = { NULL };
    assert_int_equal(parse(&o, err, w), 0);
    assert_null(o.sentence);
    assert_null(o.model_path);
    assert_false(o.dump);
    assert_true(o.numbers);
    assert_false(o.autoplay);
    assert_true(o.speed == 1.0);
    assert_int_equal(o.stage, STAGE_SOFTMAX);   /* the opening picture: ③ … */
    assert_int_equal(o.focus, -1);              /* … with the lesson's asker, 等 */
    assert_false(o.tour);
    assert_false(o.predict);
    assert_int_equal(o.lang, LANG_AUTO);
    assert_false(o.ascii);
    assert_false(o.no_ascii);
    assert_false(o.print);
    assert_int_equal(o.print_w, 0);
    assert_int_equal(o.color, COLOR_AUTO);
    assert_int_equal(o.view, -1);
    assert_int_equal(o.mask, 0);
    assert_int_equal(o.heads, 1);
}

static void test_every_option(void **state)
{
    (void)state;
    Options o;
    char err[256];
    const char *w[] = { "--sentence", "十减四等于?", "--model=m.txt", "--dump", "--format", "json",
                        "--no-numbers", "--autoplay", "--speed", "2.5", "--stage", "softmax",
                        "--focus", "4", "--lang", "zh", "--ascii", NULL };
    assert_int_equal(parse(&o, err, w), 0);
    assert_string_equal(o.sentence, "十减四等于?");
    assert_string_equal(o.model_path, "m.txt");
    assert_true(o.dump && o.json && !o.numbers && o.autoplay && o.ascii);
    assert_true(o.speed == 2.5);
    assert_int_equal(o.stage, STAGE_SOFTMAX);
    assert_int_equal(o.focus, 3);
    assert_int_equal(o.lang, LANG_ZH);
    const char *w2[] = { "--stage", "4", "-h", "-V", NULL };
    assert_int_equal(parse(&o, err, w2), 0);
    assert_int_equal(o.stage, STAGE_OUTPUT);
    assert_true(o.help && o.version);
    const char *wt[] = { "--tour", "--predict", NULL };
    assert_int_equal(parse(&o, err, wt), 0);
    assert_true(o.tour && o.predict);
    const char *w3[] = { "--print", "--size", "120x40", "--color", "always", "--view", "matrix",
                         "--mask", "causal", "--heads", "2", NULL };
    assert_int_equal(parse(&o, err, w3), 0);
    assert_true(o.print);
    assert_int_equal(o.print_w, 120);
    assert_int_equal(o.print_h, 40);
    assert_int_equal(o.color, COLOR_ALWAYS);
    assert_int_equal(o.view, VIEW_MATRIX);
    assert_int_equal(o.mask, 1);
    assert_int_equal(o.heads, 2);
    const char *w4[] = { "--print", "--color", "never", "--view", "all", NULL };
    assert_int_equal(parse(&o, err, w4), 0);
    assert_int_equal(o.color, COLOR_NEVER);
    assert_int_equal(o.view, VIEW_ALL);
}

static void expect_error(const char *words[], const char *message)
{
    Options o;
    char err[256] = "";
    assert_int_equal(parse(&o, err, words), -1);
    assert_string_equal(err, message);
}

static void test_bad_values(void **state)
{
    (void)state;
    const char *a[] = { "--bogus", NULL };
    expect_error(a, "unknown option '--bogus' (try --help)");
    const char *b[] = { "--sentence", NULL };
    expect_error(b, "option '--sentence' needs a value (try --help)");
    const char *c[] = { "--speed", "9", NULL };
    expect_error(c, "--speed: '9' is not a speed: give a number from 0.25 to 4");
    const char *d[] = { "--speed", "fast", NULL };
    expect_error(d, "--speed: 'fast' is not a speed: give a number from 0.25 to 4");
    const char *e[] = { "--stage", "attention", NULL };
    expect_error(e, "--stage: 'attention' is not a stage: use qkv, score, softmax or output (or 1-4)");
    const char *f[] = { "--focus", "0", NULL };
    expect_error(f, "--focus: '0' is not a character number: give 1 to 16");
    const char *g[] = { "--lang", "fr", NULL };
    expect_error(g, "--lang: 'fr' is not a language: use en or zh");
    const char *h[] = { "--format", "xml", "--dump", NULL };
    expect_error(h, "--format: 'xml' is not a format: use text, json, model or svg");
    const char *i[] = { "--format", "json", NULL };
    expect_error(i, "--format goes with --dump (try --dump --format json)");
    const char *j[] = { "extra", NULL };
    expect_error(j, "unexpected argument 'extra' (try --help)");
    const char *k[] = { "-x", NULL };
    expect_error(k, "unknown option '-x' (try --help)");
    const char *l[] = { "--view", "graph", NULL };
    Options o;
    char err[256] = "";
    assert_int_equal(parse(&o, err, l), -1);
    /* every view, in VIEW_LIST's order: these first (train after the machine), any added
     * after them */
    const char *views = "--view: 'graph' is not a screen: use all, library, similarity, arcs, matrix, "
                        "sqrtd, machine, train, code, scale, summary";
    assert_memory_equal(err, views, strlen(views));
    assert_true(err[strlen(views)] == '\0' || err[strlen(views)] == ',');
    const char *m[] = { "--mask", "future", NULL };
    expect_error(m, "--mask: 'future' is not a mask: use none or causal");
    const char *n[] = { "--heads", "3", NULL };
    expect_error(n, "--heads: '3' is not a number of heads: use 1 or 2");
    const char *p[] = { "--print", "--size", "80", NULL };
    expect_error(p, "--size: '80' is not a size: give WxH from 1x1 to 1000x1000, e.g. 120x40");
    const char *q[] = { "--size", "80x24", NULL };
    expect_error(q, "--size and --color go with --print (try --print --size 120x40)");
    const char *r[] = { "--print", "--color", "sometimes", NULL };
    expect_error(r, "--color: 'sometimes' is not a choice: use always, never or auto");
    const char *s2[] = { "--print", "--dump", NULL };
    expect_error(s2, "--dump and --print: choose one");
}

/* One parse after another (as these tests and the fuzzer run them): an error in the
 * middle of a cluster of short options must not leave getopt reading the old argv. */
static void test_parse_after_a_cut_cluster(void **state)
{
    (void)state;
    Options o;
    char err[256];
    const char *cluster[] = { "-xh", NULL };
    assert_int_equal(parse(&o, err, cluster), -1);
    assert_string_equal(err, "unknown option '-xh' (try --help)");
    const char *none[] = { NULL };
    assert_int_equal(parse(&o, err, none), 0);
    assert_false(o.help);
    const char *dump[] = { "--dump", NULL };
    assert_int_equal(parse(&o, err, dump), 0);
    assert_true(o.dump);
}

/* --ascii forces ASCII anywhere, --no-ascii Unicode on TERM=linux; the last of them wins. */
static void test_ascii_options(void **state)
{
    (void)state;
    Options o;
    char err[256];
    const char *no[] = { "--no-ascii", NULL };
    assert_int_equal(parse(&o, err, no), 0);
    assert_true(o.no_ascii && !o.ascii);
    const char *both[] = { "--ascii", "--no-ascii", NULL };
    assert_int_equal(parse(&o, err, both), 0);
    assert_true(o.no_ascii && !o.ascii);
    const char *back[] = { "--no-ascii", "--ascii", NULL };
    assert_int_equal(parse(&o, err, back), 0);
    assert_true(o.ascii && !o.no_ascii);
    const char *arg[] = { "--no-ascii=yes", NULL };
    assert_int_equal(parse(&o, err, arg), -1);
    assert_non_null(strstr(err, "--no-ascii"));
}

static void test_format_rounding(void **state)
{
    (void)state;
    char buf[32];
    assert_string_equal(format_fixed(buf, sizeof buf, 0.125, 2), "0.13");    /* half away */
    assert_string_equal(format_fixed(buf, sizeof buf, -0.125, 2), "-0.13");
    assert_string_equal(format_fixed(buf, sizeof buf, 4.0549, 2), "4.05");
    assert_string_equal(format_fixed(buf, sizeof buf, -0.004, 2), "0.00");   /* no -0.00 */
    assert_string_equal(format_fixed(buf, sizeof buf, 0.98554, 4), "0.9855");
    assert_string_equal(format_percent(buf, sizeof buf, 0.52436), "52.4%");
    assert_string_equal(format_percent(buf, sizeof buf, 0.01449), "1.4%");
    assert_string_equal(format_percent(buf, sizeof buf, 1.0), "100.0%");
    assert_true(format_round(2.5, 0) == 3.0 && format_round(-2.5, 0) == -3.0);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_defaults),
        cmocka_unit_test(test_every_option),
        cmocka_unit_test(test_ascii_options),
        cmocka_unit_test(test_bad_values),
        cmocka_unit_test(test_parse_after_a_cut_cluster),
        cmocka_unit_test(test_format_rounding),
    };
    return cmocka_run_group_tests_name("cli", tests, NULL, NULL);
}
