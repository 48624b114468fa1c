/* test_wrap.c — paragraphs broken into lines by display width (src/wrap.c): at blanks in
 * English, between characters in Chinese but never before a closing mark, names and code
 * kept whole, the count of lines beyond those stored. Must not touch: the grid. */
#include <stdarg.h>
#include <stddef.h>
#include <setjmp.h>
#include <stdint.h>
#include <cmocka.h>

#include <stdio.h>
#include <string.h>
#include "text.h"
#include "wrap.h"

/* Line k of s as wrapped into lines. */
static void line_text(const char *s, const WrapLine *l, char *buf, size_t cap)
{
    snprintf(buf, cap, "%.*s", l->len, s + l->start);
}

static void test_english(void **state)
{
    (void)state;
    const char *s = "That is all: these five lines, plus the mask";
    WrapLine l[8];
    char buf[128];
    assert_int_equal(wrap_lines(s, 20, l, 8), 3);
    line_text(s, &l[0], buf, sizeof buf);
    assert_string_equal(buf, "That is all: these");
    line_text(s, &l[1], buf, sizeof buf);
    assert_string_equal(buf, "five lines, plus the");
    line_text(s, &l[2], buf, sizeof buf);
    assert_string_equal(buf, "mask");
    assert_int_equal(wrap_lines(s, 80, l, 8), 1);
    assert_int_equal(l[0].len, (int)strlen(s));
}

/* "F.scaled_dot_product_attention" stays whole even where UAX #14 would break after '.'. */
static void test_code_kept_whole(void **state)
{
    (void)state;
    const char *s = "and F.scaled_dot_product_attention do";
    WrapLine l[8];
    char buf[128];
    assert_int_equal(wrap_lines(s, 32, l, 8), 3);
    line_text(s, &l[1], buf, sizeof buf);
    assert_string_equal(buf, "F.scaled_dot_product_attention");
    /* wider than the width: cut where the width ends */
    const char *w = "F.scaled_dot_product_attention";
    assert_int_equal(wrap_lines(w, 10, l, 8), 3);
    line_text(w, &l[1], buf, sizeof buf);
    assert_string_equal(buf, "ot_product");
}

static void test_chinese(void **state)
{
    (void)state;
    const char *s = "就这五行。真实框架里的写法，干的就是这五行";
    WrapLine l[8];
    char buf[128];
    int n = wrap_lines(s, 10, l, 8);
    assert_int_equal(n, 5);
    for (int k = 0; k < n; k++) {
        line_text(s, &l[k], buf, sizeof buf);
        assert_true(text_width(buf) <= 10);
        assert_true(strncmp(buf, "，", strlen("，")) != 0);   /* never a line opening on ， */
        assert_true(strncmp(buf, "。", strlen("。")) != 0);
    }
    line_text(s, &l[0], buf, sizeof buf);
    assert_string_equal(buf, "就这五行。");
}

static void test_more_than_stored(void **state)
{
    (void)state;
    WrapLine l[2];
    assert_int_equal(wrap_lines("a b c d e f", 1, l, 2), 6);
    assert_int_equal(l[1].start, 2);
    assert_int_equal(wrap_lines("", 10, l, 2), 0);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_english),
        cmocka_unit_test(test_code_kept_whole),
        cmocka_unit_test(test_chinese),
        cmocka_unit_test(test_more_than_stored),
    };
    return cmocka_run_group_tests_name("wrap", tests, NULL, NULL);
}
