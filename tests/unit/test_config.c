/* test_config.c — the config file (config.c) and the option table completion reads (cli.c).
 * Covers: every key, comments and blanks, each bad line's exact FILE:LINE message, the
 * precedence command line > config, the default path from XDG_CONFIG_HOME and HOME, a byte
 * order mark, files that are not regular (refused without waiting, but /dev/null), and
 * that every option of getopt's table has a description row (completion never drifts). */
#include <stdarg.h>
#include <stddef.h>
#include <setjmp.h>
#include <stdint.h>
#include <cmocka.h>

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "cli.h"
#include "completion.h"
#include "config.h"
#include "ui.h"
#include "view.h"

/* Parses text as the file "c.conf"; returns config_parse's result. */
static int parse(Config *c, const char *text, char *err)
{
    return config_parse(c, text, strlen(text), "c.conf", err, 256);
}

static void test_every_key(void **state)
{
    (void)state;
    Config c;
    char err[256] = "";
    setenv("HOME", "/home/u", 1);
    const char *text = "# defaults\n"
                       "lang = zh\n"
                       "  theme=light  \n"
                       "\n"
                       "view = matrix   # the big table\n"
                       "speed = 2.5\r\n"
                       "ascii = yes\n"
                       "numbers = off\n"
                       "mask = causal\n"
                       "heads = 2\n"
                       "model = ~/models/my#1.model";
    assert_int_equal(parse(&c, text, err), 0);
    assert_int_equal(c.set, CLI_GIVEN_LANG | CLI_GIVEN_THEME | CLI_GIVEN_VIEW | CLI_GIVEN_SPEED |
                                CLI_GIVEN_ASCII | CLI_GIVEN_NUMBERS | CLI_GIVEN_MASK |
                                CLI_GIVEN_HEADS | CLI_GIVEN_MODEL);
    Options o;
    cli_defaults(&o);
    config_apply(&c, &o);
    assert_int_equal(o.lang, LANG_ZH);
    assert_int_equal(o.theme, THEME_LIGHT);
    assert_int_equal(o.view, ui_view_from_name("matrix"));
    assert_true(o.speed == 2.5);
    assert_true(o.ascii && !o.no_ascii);
    assert_false(o.numbers);
    assert_int_equal(o.mask, 1);
    assert_int_equal(o.heads, 2);
    assert_string_equal(o.model_path, "/home/u/models/my#1.model");   /* '#' inside a word stays */
}

static void test_command_line_wins(void **state)
{
    (void)state;
    Config c;
    char err[256] = "";
    assert_int_equal(parse(&c, "lang = zh\nheads = 2\nascii = no\nspeed = 3\n", err), 0);
    char *argv[] = { (char *)"attn-tui", (char *)"--lang", (char *)"en", (char *)"--ascii", NULL };
    Options o;
    assert_int_equal(cli_parse(4, argv, &o, err, sizeof err), 0);
    assert_int_equal(o.given, CLI_GIVEN_LANG | CLI_GIVEN_ASCII);
    config_apply(&c, &o);
    assert_int_equal(o.lang, LANG_EN);       /* the command line's */
    assert_true(o.ascii && !o.no_ascii);     /* the command line's */
    assert_int_equal(o.heads, 2);            /* the config's */
    assert_true(o.speed == 3.0);
    assert_null(o.model_path);               /* the config did not set it */
    assert_int_equal(o.theme, THEME_DARK);
}

/* One bad file, its exact message. */
static void expect_bad(const char *text, const char *want)
{
    Config c;
    char err[256] = "";
    assert_int_equal(parse(&c, text, err), -1);
    assert_string_equal(err, want);
}

static void test_bad_lines(void **state)
{
    (void)state;
    expect_bad("lang = en\ncolour = red\n",
               "c.conf:2: unknown key 'colour' (the keys: lang, theme, view, speed, ascii, numbers, mask, heads, model)");
    expect_bad("\n\n\nlang = fr\n", "c.conf:4: lang: 'fr' is not a language: use en or zh");
    expect_bad("theme = blue", "c.conf:1: theme: 'blue' is not a theme: use dark, light or contrast");
    char names[512] = "", want[640];
    for (int v = 0; v < VIEW_COUNT; v++)   /* the view table's names: a new screen changes no test */
        snprintf(names + strlen(names), sizeof names - strlen(names), "%s%s", v ? ", " : "",
                 view_ops((ViewId)v)->name);
    snprintf(want, sizeof want, "c.conf:1: view: 'nope' is not a screen: use %s", names);
    expect_bad("view = nope\n", want);
    expect_bad("speed = 0.1\n", "c.conf:1: speed: '0.1' is not a speed: give a number from 0.25 to 4");
    expect_bad("speed = 0x2\n", "c.conf:1: speed: '0x2' is not a speed: give a number from 0.25 to 4");
    expect_bad("numbers = maybe\n", "c.conf:1: numbers: 'maybe' is not yes or no");
    expect_bad("ascii = 2\n", "c.conf:1: ascii: '2' is not yes or no (or auto)");
    expect_bad("mask = full\n", "c.conf:1: mask: 'full' is not a mask: use none or causal");
    expect_bad("heads = 3\n", "c.conf:1: heads: '3' is not a number of heads: use 1 or 2");
    expect_bad("lang\n", "c.conf:1: 'lang' is not key = value");
    expect_bad("lang =\n", "c.conf:1: lang has no value");
    expect_bad("lang = # none\n", "c.conf:1: lang has no value");
    expect_bad(" = en\n", "c.conf:1: a value without a key");
    expect_bad("lang = \x1b[31men\n", "c.conf:1: lang: '\\x1B[31men' is not a language: use en or zh");
    Config c;
    char err[256];
    assert_int_equal(config_parse(&c, "lang = en\n\0x\n", 12, "c.conf", err, sizeof err), -1);
    assert_string_equal(err, "c.conf:2: a NUL byte: this is not a text file");
    /* the file's name is escaped: a message is one line */
    assert_int_equal(config_parse(&c, "x\n", 2, "a\nb", err, sizeof err), -1);
    assert_string_equal(err, "a\\nb:1: 'x' is not key = value");
}

/* A file saved with a UTF-8 byte order mark (as Windows editors save) reads as without it;
 * a mark anywhere else is a character of a key. */
static void test_byte_order_mark(void **state)
{
    (void)state;
    Config c;
    char err[256] = "";
    assert_int_equal(parse(&c, "\xEF\xBB\xBFlang = zh\nheads = 2\n", err), 0);
    assert_int_equal(c.set, CLI_GIVEN_LANG | CLI_GIVEN_HEADS);
    assert_int_equal(c.values.lang, LANG_ZH);
    assert_int_equal(parse(&c, "\xEF\xBB\xBF", err), 0);
    assert_int_equal(c.set, 0);
    expect_bad("lang = zh\n\xEF\xBB\xBFheads = 2\n", "c.conf:2: unknown key '\\uFEFFheads' (the keys: lang, theme, view, speed, ascii, numbers, mask, heads, model)");
}

static void test_empty_and_comments(void **state)
{
    (void)state;
    Config c;
    char err[256] = "";
    assert_int_equal(parse(&c, "", err), 0);
    assert_int_equal(c.set, 0);
    assert_int_equal(parse(&c, "# only a comment\n\n   \t\n#lang = zh\n", err), 0);
    assert_int_equal(c.set, 0);
    assert_int_equal(parse(&c, "ascii = auto\n", err), 0);
    assert_int_equal(c.set, CLI_GIVEN_ASCII);
    assert_false(c.values.ascii || c.values.no_ascii);
}

static void test_default_path(void **state)
{
    (void)state;
    char buf[256];
    setenv("XDG_CONFIG_HOME", "/x/conf", 1);
    setenv("HOME", "/home/u", 1);
    assert_int_equal(config_default_path(buf, sizeof buf), 0);
    assert_string_equal(buf, "/x/conf/attn-tui/config");
    setenv("XDG_CONFIG_HOME", "relative", 1);   /* ignored, as the XDG rule says */
    assert_int_equal(config_default_path(buf, sizeof buf), 0);
    assert_string_equal(buf, "/home/u/.config/attn-tui/config");
    unsetenv("XDG_CONFIG_HOME");
    assert_int_equal(config_default_path(buf, sizeof buf), 0);
    assert_string_equal(buf, "/home/u/.config/attn-tui/config");
    unsetenv("HOME");
    assert_int_equal(config_default_path(buf, sizeof buf), -1);
    setenv("HOME", "/home/u", 1);
    assert_int_equal(config_default_path(buf, 10), -1);
}

static void test_load_files(void **state)
{
    (void)state;
    Config c;
    char err[512], path[] = "/tmp/attn-config-XXXXXX";
    assert_int_equal(config_load(&c, "/nonexistent/attn-tui/config", false, err, sizeof err), 0);
    assert_int_equal(c.set, 0);
    assert_int_equal(config_load(&c, "/nonexistent/attn-tui/config", true, err, sizeof err), -1);
    assert_string_equal(err, "cannot read the config file /nonexistent/attn-tui/config: No such file or directory");
    int fd = mkstemp(path);
    assert_true(fd >= 0);
    assert_int_equal(write(fd, "heads = 2\nstage = 2\n", 20), 20);
    close(fd);
    assert_int_equal(config_load(&c, path, true, err, sizeof err), -1);
    char want[512];
    snprintf(want, sizeof want, "%s:2: unknown key 'stage' (the keys: lang, theme, view, speed, ascii, "
             "numbers, mask, heads, model)", path);
    assert_string_equal(err, want);
    unlink(path);
    assert_int_equal(config_load(&c, "/", true, err, sizeof err), -1);
    assert_string_equal(err, "cannot read the config file /: Is a directory");
    /* a FIFO nobody writes to is refused at once (open() would wait for a writer) */
    char fifo[] = "/tmp/attn-config-fifo-XXXXXX";
    assert_non_null(mkdtemp(fifo));
    char fifo_path[64];
    snprintf(fifo_path, sizeof fifo_path, "%s/config", fifo);
    assert_int_equal(mkfifo(fifo_path, 0600), 0);
    assert_int_equal(config_load(&c, fifo_path, false, err, sizeof err), -1);
    snprintf(want, sizeof want, "cannot read the config file %s: not a regular file (a pipe or a device is never read)",
             fifo_path);
    assert_string_equal(err, want);
    unlink(fifo_path);
    rmdir(fifo);
    assert_int_equal(config_load(&c, "/dev/zero", true, err, sizeof err), -1);
    assert_string_equal(err, "cannot read the config file /dev/zero: not a regular file (a pipe or a device is never read)");
    assert_int_equal(config_load(&c, "/dev/null", true, err, sizeof err), 0);   /* the empty config */
    assert_int_equal(c.set, 0);
}

/* Every option of getopt's table has a row of descriptions, and completion lists it. */
static void test_every_option_described(void **state)
{
    (void)state;
    CliOptionDoc d;
    int n = 0;
    for (int i = 0; cli_option_doc(i, &d) == 0; i++, n++) {
        if (!d.help)
            fail_msg("--%s has no completion description in its row of src/cli_options.h", d.name);
        assert_null(strpbrk(d.help, "'[]:\""));   /* safe inside every shell's quotes */
    }
    assert_true(n >= 25);
    assert_int_equal(cli_option_doc(n, &d), -1);
    char words[512], view_list[512] = "";
    for (int v = 0; v < VIEW_COUNT; v++)   /* the view table's names, in its order */
        snprintf(view_list + strlen(view_list), sizeof view_list - strlen(view_list), "%s%s",
                 v ? " " : "", view_ops((ViewId)v)->name);
    assert_non_null(strstr(view_list, "all library similarity arcs matrix sqrtd machine"));
    for (int i = 0; cli_option_doc(i, &d) == 0; i++) {
        cli_option_words(&d, words, sizeof words);
        if (strcmp(d.name, "stage") == 0)
            assert_string_equal(words, "qkv score softmax output");
        if (strcmp(d.name, "view") == 0)
            assert_string_equal(words, view_list);
        if (strcmp(d.name, "format") == 0)
            assert_string_equal(words, "text json model svg");
        if (strcmp(d.name, "model") == 0)
            assert_int_equal(d.value, CLI_VALUE_FILE);
    }
    /* the shells are --completion's words, in the option table */
    char *zsh[] = { (char *)"attn-tui", (char *)"--completion", (char *)"zsh", NULL };
    char *csh[] = { (char *)"attn-tui", (char *)"--completion", (char *)"csh", NULL };
    Options o;
    char err[256];
    assert_int_equal(cli_parse(3, zsh, &o, err, sizeof err), 0);
    assert_int_equal(o.completion, COMPLETION_ZSH);
    assert_int_equal(cli_parse(3, csh, &o, err, sizeof err), -1);
    assert_string_equal(err, "--completion: 'csh' is not a shell: use bash, zsh or fish");
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_every_key),
        cmocka_unit_test(test_command_line_wins),
        cmocka_unit_test(test_bad_lines),
        cmocka_unit_test(test_byte_order_mark),
        cmocka_unit_test(test_empty_and_comments),
        cmocka_unit_test(test_default_path),
        cmocka_unit_test(test_load_files),
        cmocka_unit_test(test_every_option_described),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
