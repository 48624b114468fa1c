/* test_termbg.c — what a terminal says of its background: $COLORFGBG, the OSC 11 reply
 * (whole, partial, with either terminator, 1-4 hex digits), and the filter that swallows a
 * late reply among the keys so that none of it is typed, while every real key gets through.
 * Must not touch: the terminal (the parsers are pure). */
#include <stdarg.h>
#include <stddef.h>
#include <setjmp.h>
#include <stdint.h>
#include <cmocka.h>

#include <string.h>
#include "termbg.h"

static void test_colorfgbg(void **state)
{
    (void)state;
    assert_int_equal(termbg_colorfgbg("0;15"), TERMBG_LIGHT);      /* black on white */
    assert_int_equal(termbg_colorfgbg("0;default;7"), TERMBG_LIGHT);
    assert_int_equal(termbg_colorfgbg("15;0"), TERMBG_DARK);       /* white on black */
    assert_int_equal(termbg_colorfgbg("7;8"), TERMBG_DARK);        /* bright black is dark */
    assert_int_equal(termbg_colorfgbg("0;11"), TERMBG_LIGHT);
    assert_int_equal(termbg_colorfgbg(NULL), TERMBG_UNKNOWN);
    assert_int_equal(termbg_colorfgbg(""), TERMBG_UNKNOWN);
    assert_int_equal(termbg_colorfgbg("15"), TERMBG_UNKNOWN);      /* no background */
    assert_int_equal(termbg_colorfgbg("0;default"), TERMBG_UNKNOWN);
    assert_int_equal(termbg_colorfgbg("0;16"), TERMBG_UNKNOWN);
    assert_int_equal(termbg_colorfgbg("0;"), TERMBG_UNKNOWN);
    assert_int_equal(termbg_colorfgbg("0;1x"), TERMBG_UNKNOWN);
}

static TermBg parse(const char *s, size_t *used)
{
    return termbg_osc11_parse((const unsigned char *)s, strlen(s), used);
}

static void test_osc11_reply(void **state)
{
    (void)state;
    size_t used;
    const char *white = "\033]11;rgb:ffff/ffff/ffff\033\\";
    assert_int_equal(parse(white, &used), TERMBG_LIGHT);
    assert_int_equal(used, strlen(white));
    const char *black = "\033]11;rgb:0000/0000/0000\a";    /* BEL-terminated (xterm's echo) */
    assert_int_equal(parse(black, &used), TERMBG_DARK);
    assert_int_equal(used, strlen(black));
    assert_int_equal(parse("\033]11;rgb:1c1c/1c1c/1c1c\033\\", &used), TERMBG_DARK);
    assert_int_equal(parse("\033]11;rgb:fd/f6/e3\a", &used), TERMBG_LIGHT);   /* solarized light */
    assert_int_equal(parse("\033]11;rgb:f/f/f\a", &used), TERMBG_LIGHT);
    /* a key typed after it is not part of it */
    assert_int_equal(parse("\033]11;rgb:ffff/ffff/ffff\aq", &used), TERMBG_LIGHT);
    assert_int_equal(used, strlen("\033]11;rgb:ffff/ffff/ffff\a"));
}

static void test_osc11_partial_or_wrong(void **state)
{
    (void)state;
    size_t used = 99;
    assert_int_equal(parse("\033]11;rgb:ffff/ff", &used), TERMBG_UNKNOWN);   /* partial */
    assert_int_equal(used, 0);
    assert_int_equal(parse("\033]11;rgb:ffff/ffff/ffff", &used), TERMBG_UNKNOWN);  /* no end */
    assert_int_equal(parse("\033]11;rgb:ffff/ffff/ffff\033", &used), TERMBG_UNKNOWN);
    assert_int_equal(parse("\033]10;rgb:ffff/ffff/ffff\a", &used), TERMBG_UNKNOWN);  /* fg */
    assert_int_equal(parse("\033]11;rgb:ffff/ffff\a", &used), TERMBG_UNKNOWN);
    assert_int_equal(parse("\033]11;rgb:fffff/0/0\a", &used), TERMBG_UNKNOWN);  /* 5 digits */
    assert_int_equal(parse("\033]11;rgb:gg/00/00\a", &used), TERMBG_UNKNOWN);
    assert_int_equal(parse("q", &used), TERMBG_UNKNOWN);
    assert_int_equal(parse("", &used), TERMBG_UNKNOWN);
    assert_int_equal(used, 0);
}

/* Feeds s through f: the characters that come out as keys, into keys. */
static void feed(TermBgFilter *f, const char *s, char *keys, size_t cap)
{
    size_t n = strlen(keys);
    for (; *s; s++)
        if (!termbg_filter_feed(f, (unsigned char)*s) && n + 1 < cap) {
            keys[n++] = *s;
            keys[n] = '\0';
        }
}

static void test_filter_swallows_late_reply(void **state)
{
    (void)state;
    TermBgFilter f = { 0 };
    char keys[64] = "";
    /* keys, then the reply arriving late (in two pieces, over SSH), then keys again */
    feed(&f, "jk", keys, sizeof keys);
    feed(&f, "\033]11;rgb:ff", keys, sizeof keys);
    feed(&f, "ff/ffff/ffff\033\\", keys, sizeof keys);
    feed(&f, "4?", keys, sizeof keys);
    assert_string_equal(keys, "jk\0334?");   /* the ESC is passed on: term.c holds it */
    assert_int_equal(f.state, 0);
    /* BEL-terminated */
    TermBgFilter g = { 0 };
    char k2[64] = "";
    feed(&g, "\033]11;rgb:0/0/0\a1", k2, sizeof k2);
    assert_string_equal(k2, "\0331");
}

static void test_filter_lets_keys_through(void **state)
{
    (void)state;
    TermBgFilter f = { 0 };
    char keys[128] = "";
    feed(&f, "q ]11;?\033\033x", keys, sizeof keys);   /* ] alone, Esc Esc, Alt+x */
    assert_string_equal(keys, "q ]11;?\033\033x");
    /* a broken reply: a control character ends the swallowing, the rest are keys */
    TermBgFilter g = { 0 };
    char k2[128] = "";
    feed(&g, "\033]11;rgb\rq", k2, sizeof k2);
    assert_string_equal(k2, "\033\rq");
    /* a function key (code above 255) ends it too */
    TermBgFilter h = { 0 };
    termbg_filter_feed(&h, 27);
    assert_true(termbg_filter_feed(&h, ']'));
    assert_false(termbg_filter_feed(&h, 256 + 5));
    assert_int_equal(h.state, 0);
    /* a runaway: after 64 characters the filter gives up */
    TermBgFilter r = { 0 };
    char k3[128] = "";
    char runaway[100];
    memset(runaway, 'a', 80);
    runaway[80] = '\0';
    feed(&r, "\033]", k3, sizeof k3);
    feed(&r, runaway, k3, sizeof k3);
    assert_true(strlen(k3) > 10);
}

/* The filter reads what a reply says, once it is whole: the program asks and paints at
 * once, and learns the background among the keys. */
static void test_filter_reads_the_answer(void **state)
{
    (void)state;
    TermBgFilter f = { 0 };
    TermBg bg = TERMBG_DARK;
    char keys[64] = "";
    feed(&f, "?\033]11;rgb:ffff/ffff/ff", keys, sizeof keys);
    assert_false(termbg_filter_answer(&f, &bg));   /* not whole yet */
    feed(&f, "ff\033\\j", keys, sizeof keys);
    assert_string_equal(keys, "?\033j");
    assert_true(termbg_filter_answer(&f, &bg));
    assert_int_equal(bg, TERMBG_LIGHT);
    assert_false(termbg_filter_answer(&f, &bg));   /* once */
    feed(&f, "\033]11;rgb:1a1a/1a1a/1a1a\a", keys, sizeof keys);
    assert_true(termbg_filter_answer(&f, &bg));
    assert_int_equal(bg, TERMBG_DARK);
    feed(&f, "\033]10;rgb:ffff/ffff/ffff\a", keys, sizeof keys);   /* OSC 10: not the background */
    assert_true(termbg_filter_answer(&f, &bg));
    assert_int_equal(bg, TERMBG_UNKNOWN);
    assert_string_equal(keys, "?\033j\033\033");   /* each ESC passed on: term.c holds it */
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_colorfgbg),
        cmocka_unit_test(test_osc11_reply),
        cmocka_unit_test(test_osc11_partial_or_wrong),
        cmocka_unit_test(test_filter_swallows_late_reply),
        cmocka_unit_test(test_filter_lets_keys_through),
        cmocka_unit_test(test_filter_reads_the_answer),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
