/* test_cli.c — option parsing and number formatting.
 * Covers: defaults, every option, every bad value's exact one-line message, --help wrapped
 * to the columns in both languages, and the lesson's rounding (half away from zero, no
 * "-0.00"). */
#include <stdarg.h>
#include <stddef.h>
#include <setjmp.h>
#include <stdint.h>
#include <cmocka.h>

#include <stdio.h>
#include <string.h>
#include "cli.h"
#include "format.h"
#include "text.h"
#include "ui.h"

/* Parses a NULL-terminated list of words (argv[0] added); returns cli_parse's result. */
static int parse(Options *o, char *err, const char *words[])
{
    char *argv[2 * CLI_MAX_SETS + 8];   /* room for every --set and a few more words */
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
    assert_string_equal(o.prog, "attn-tui");   /* argv[0] as given */
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
    const char *hex[] = { "--speed", "0x1", NULL };   /* numbers as a model file writes them */
    expect_error(hex, "--speed: '0x1' is not a speed: give a number from 0.25 to 4");
    const char *lr_hex[] = { "--train", "--save", "m.model", "--lr", "0x1", NULL };
    expect_error(lr_hex, "--lr: '0x1' is not a learning rate: give a number above 0, at most 10");
    const char *exponents[] = { "--speed", "2.5e0", "--train", "--save", "m.model", "--lr", "2e-2", NULL };
    Options ox;
    char errx[256] = "";
    assert_int_equal(parse(&ox, errx, exponents), 0);
    assert_true(ox.speed == 2.5 && ox.lr == 0.02);
    const char *e[] = { "--stage", "attention", NULL };
    expect_error(e, "--stage: 'attention' is not a stage: use qkv, score, softmax or output (or 1-4)");
    const char *f[] = { "--focus", "0", NULL };
    expect_error(f, "--focus: '0' is not a character number: give 1 to 16");
    const char *g[] = { "--lang", "fr", NULL };
    expect_error(g, "--lang: 'fr' is not a language: use en or zh");
    const char *h[] = { "--format", "xml", "--dump", NULL };
    expect_error(h, "--format: 'xml' is not a format: use text, json, model, svg or pdf");
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

/* Every option's refusal of a bad value, whole, in English and in Chinese (--lang zh),
 * byte for byte; --export's list and --set's limit by their own checks, --view's list in
 * test_bad_values. */
static void test_every_refusal_in_both_languages(void **state)
{
    (void)state;
    static const struct { const char *opt, *en, *zh; } refusals[] = {
        { "--format", "--format: 'x' is not a format: use text, json, model, svg or pdf",
          "--format：「x」不是格式：用 text、json、model、svg 或 pdf" },
        { "--speed", "--speed: 'x' is not a speed: give a number from 0.25 to 4",
          "--speed：「x」不是速度：请给 0.25 到 4 之间的数" },
        { "--stage", "--stage: 'x' is not a stage: use qkv, score, softmax or output (or 1-4)",
          "--stage：「x」不是步骤：用 qkv、score、softmax 或 output（或 1-4）" },
        { "--focus", "--focus: 'x' is not a character number: give 1 to 16",
          "--focus：「x」不是字的序号：请给出 1 到 16 之间的序号" },
        { "--lang", "--lang: 'x' is not a language: use en or zh",
          "--lang：「x」不是语言：用 en 或 zh" },
        { "--size", "--size: 'x' is not a size: give WxH from 1x1 to 1000x1000, e.g. 120x40",
          "--size：「x」不是尺寸：请写成 宽x高 的形式，从 1x1 到 1000x1000，例如 120x40" },
        { "--color", "--color: 'x' is not a choice: use always, never or auto",
          "--color：「x」不是可选值：用 always、never 或 auto" },
        { "--mask", "--mask: 'x' is not a mask: use none or causal",
          "--mask：「x」不是掩码：用 none 或 causal" },
        { "--heads", "--heads: 'x' is not a number of heads: use 1 or 2",
          "--heads：「x」不是头数：用 1 或 2" },
        { "--keys", "--keys: 'x' is not a format: use markdown or man",
          "--keys：「x」不是格式：用 markdown 或 man" },
        { "--worksheet", "--worksheet: 'x' is not a number of questions: give 1 to 500",
          "--worksheet：「x」不是题目数量：请给 1 到 500" },
        { "--seed", "--seed: 'x' is not a seed: give a whole number 0 or more",
          "--seed：「x」不是种子：请给 0 或更大的整数" },
        { "--theme", "--theme: 'x' is not a theme: use dark, light or contrast",
          "--theme：「x」不是配色：用 dark、light 或 contrast" },
        { "--completion", "--completion: 'x' is not a shell: use bash, zsh or fish",
          "--completion：「x」不是 shell：用 bash、zsh 或 fish" },
        { "--task", "--task: 'x' is not a task: use add, all or poems",
          "--task：「x」不是任务：用 add、all 或 poems" },
        { "--steps", "--steps: 'x' is not a number of steps: give 0 to 100000000",
          "--steps：「x」不是步数：请给出 0 到 100000000 之间的整数" },
        { "--lr", "--lr: 'x' is not a learning rate: give a number above 0, at most 10",
          "--lr：「x」不是学习率：请给大于 0、不超过 10 的数" },
    };
    Options o;
    char err[256];
    for (size_t i = 0; i < sizeof refusals / sizeof refusals[0]; i++) {
        const char *en[] = { "--lang", "en", refusals[i].opt, "x", NULL };
        assert_int_equal(parse(&o, err, en), -1);
        assert_string_equal(err, refusals[i].en);
        const char *zh[] = { refusals[i].opt, "x", "--lang", "zh", NULL };
        assert_int_equal(parse(&o, err, zh), -1);
        assert_string_equal(err, refusals[i].zh);
    }
    const char *ex[] = { "--lang", "zh", "--export", "x", NULL };
    assert_int_equal(parse(&o, err, ex), -1);
    assert_memory_equal(err, "--export：「x」不是格式：用 python", strlen("--export：「x」不是格式：用 python"));
    const char *sets[2 * CLI_MAX_SETS + 6] = { "--lang", "zh" };
    for (int i = 0; i <= CLI_MAX_SETS; i++) {
        sets[2 + 2 * i] = "--set";
        sets[3 + 2 * i] = "wq[0][0]=1";
    }
    sets[2 * CLI_MAX_SETS + 4] = NULL;
    assert_int_equal(parse(&o, err, sets), -1);
    assert_string_equal(err, "--set：改动超过 64 处");
    sets[1] = "en";
    assert_int_equal(parse(&o, err, sets), -1);
    assert_string_equal(err, "--set: more than 64 changes");
    sets[2 * CLI_MAX_SETS + 2] = NULL;   /* 64 of them: all kept */
    assert_int_equal(parse(&o, err, sets), 0);
    assert_int_equal(o.n_sets, CLI_MAX_SETS);
}

/* A file's name that is empty is a bad command line (exit 2, the option named): --model ''
 * said ": cannot read: No such file or directory" (exit 1), --config '' "cannot read the
 * config file : …", --save '' "--save: no file name given" (exit 1). */
static void test_empty_file_names(void **state)
{
    (void)state;
    static const struct { const char *opt, *en, *zh; } rows[] = {
        { "--model", "--model: give a file name (it is empty)", "--model：请给一个文件名（这里是空的）" },
        { "--record", "--record: give a file name (it is empty)", "--record：请给一个文件名（这里是空的）" },
        { "--config", "--config: give a file name (it is empty)", "--config：请给一个文件名（这里是空的）" },
        { "--save", "--save: give a file name (it is empty)", "--save：请给一个文件名（这里是空的）" },
    };
    Options o;
    char err[256];
    for (size_t i = 0; i < sizeof rows / sizeof rows[0]; i++) {
        const char *en[] = { "--lang", "en", rows[i].opt, "", NULL };
        assert_int_equal(parse(&o, err, en), -1);
        assert_string_equal(err, rows[i].en);
        const char *zh[] = { rows[i].opt, "", "--lang", "zh", NULL };
        assert_int_equal(parse(&o, err, zh), -1);
        assert_string_equal(err, rows[i].zh);
        const char *named[] = { rows[i].opt, "m.model", "--lang", "en", NULL };   /* a name is kept */
        err[0] = '\0';
        parse(&o, err, named);
        assert_null(strstr(err, "it is empty"));
    }
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

/* --help in each language: every option of the table once, at the start of its line, in the
 * table's order; every line within 79 display columns (a CJK character takes two) and valid
 * UTF-8; the glue that holds words together printed as a blank or nothing, never as itself;
 * the text whole in CLI_USAGE_BYTES. */
static void test_help_wrapped(void **state)
{
    (void)state;
    for (int l = 0; l < 2; l++) {
        Lang lang = l ? LANG_ZH : LANG_EN;
        char help[CLI_USAGE_BYTES];
        size_t n = cli_usage(lang, help, sizeof help);
        assert_true(n < sizeof help / 2);   /* room for the options still to come */
        assert_int_equal(strlen(help), n);
        assert_true(text_valid_utf8(help, n));
        assert_null(strstr(help, "\u00a0"));   /* the glue: no-break space, word joiner */
        assert_null(strstr(help, "\u2060"));
        char *line = help, *end;
        int widest = 0, lines = 0;
        for (; (end = strchr(line, '\n')) != NULL; line = end + 1, lines++) {
            *end = '\0';
            int w = text_width(line);
            widest = w > widest ? w : widest;
            assert_true(w <= 79);
            assert_true(end == line || end[-1] != ' ');   /* no trailing blank */
            *end = '\n';
        }
        assert_true(widest >= 70 && lines > 60);
        CliOptionDoc d;
        const char *after = help;
        for (int i = 0; cli_option_doc(i, &d) == 0; i++) {
            char head[64];
            if (d.short_name)
                snprintf(head, sizeof head, "\n  -%c, --%s ", d.short_name, d.name);
            else
                snprintf(head, sizeof head, "\n  --%s ", d.name);
            const char *at = strstr(help, head);
            if (d.hidden) {
                assert_null(at);
                continue;
            }
            if (!at)
                fail_msg("--help (%s) has no line for --%s", l ? "zh" : "en", d.name);
            assert_true(at > after);   /* in the table's order */
            after = at;
        }
    }
    char small[40];   /* cut, but terminated, and its whole length said */
    size_t n = cli_usage(LANG_EN, small, sizeof small);
    assert_true(n > sizeof small);
    assert_int_equal(strlen(small), sizeof small - 1);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_defaults),
        cmocka_unit_test(test_every_option),
        cmocka_unit_test(test_ascii_options),
        cmocka_unit_test(test_bad_values),
        cmocka_unit_test(test_every_refusal_in_both_languages),
        cmocka_unit_test(test_empty_file_names),
        cmocka_unit_test(test_parse_after_a_cut_cluster),
        cmocka_unit_test(test_format_rounding),
        cmocka_unit_test(test_help_wrapped),
    };
    return cmocka_run_group_tests_name("cli", tests, NULL, NULL);
}
