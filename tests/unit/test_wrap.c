/* test_wrap.c — paragraphs broken into lines by display width (src/wrap.c): at blanks in
 * English, between characters in Chinese but never before a closing mark, names and code
 * kept whole, the count of lines beyond those stored; and draw_paragraph drawing exactly
 * wrap_lines's lines (one line breaker). Must not touch: golden files, the terminal. */
#include <stdarg.h>
#include <stddef.h>
#include <setjmp.h>
#include <stdint.h>
#include <cmocka.h>

#include <stdio.h>
#include <string.h>
#include "draw.h"
#include "harness.h"
#include "text.h"
#include "wrap.h"

/* Line k of s as wrapped into lines. */
static void line_text(const char *s, const WrapLine *l, char *buf, size_t cap)
{
    snprintf(buf, cap, "%.*s", l->len, s + l->start);
}

/* s wrapped into width columns is the n lines want. */
static void assert_wraps(const char *s, int width, int n, const char *const *want)
{
    WrapLine l[8];
    char buf[512];
    assert_int_equal(wrap_lines(s, width, l, 8), n);
    for (int k = 0; k < n; k++) {
        line_text(s, &l[k], buf, sizeof buf);
        assert_string_equal(buf, want[k]);
    }
}

static void test_english(void **state)
{
    (void)state;
    const char *s = "That is all: these five lines, plus the mask";
    assert_wraps(s, 20, 3, (const char *const[]){ "That is all: these", "five lines, plus the", "mask" });
    assert_wraps(s, 80, 1, &s);
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

/* Where every break of a line is held (an equation's "= b" on both sides) and the held
 * pieces together are wider than the line, it breaks where a hold took a break away rather
 * than cut a number: "= sqrt2.1421910" / "7 ~ 1.463623" at 58 columns. */
static void test_held_breaks_given_back_before_a_cut(void **state)
{
    (void)state;
    const char *s = "|output(wu)| = sqrt(sum_i output(wu)[i]^2) = sqrt2.14219107 ~ 1.463623";
    assert_wraps(s, 58, 2, (const char *const[]){ "|output(wu)| = sqrt(sum_i output(wu)[i]^2) =",
                                                  "sqrt2.14219107 ~ 1.463623" });
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

/* An equation wider than the line breaks where it must, and only it: the lesson term
 * before it in the paragraph (不对称) stays whole. */
static void test_wide_span_alone_breaks(void **state)
{
    (void)state;
    const char *s = "这张表不对称，分数 Q(加)·K(等) = 2.08";
    assert_wraps(s, 11, 5, (const char *const[]){ "这张表", "不对称，", "分数", "Q(加)·K(等)", "= 2.08" });
    assert_wraps(s, 13, 4, (const char *const[]){ "这张表", "不对称，分数", "Q(加)·K(等) =", "2.08" });
    assert_wraps(s, 18, 2, (const char *const[]){ "这张表不对称，分数", "Q(加)·K(等) = 2.08" });
}

/* A newline ends a line; the blanks after it do not open the next. */
static void test_newline(void **state)
{
    (void)state;
    assert_wraps("one two\n  three four five", 11, 3, (const char *const[]){ "one two", "three four", "five" });
}

/* Paragraphs of every kind the views set: English with code and a word wider than narrow
 * widths, Chinese with lesson terms and closing marks, equations, a newline. */
static const char *const same_texts[] = {
    "That is all: these five lines, plus the mask, and F.scaled_dot_product_attention do it",
    "「对称」听起来是个中性词，其实说的是同一个数：这张表不对称，自注意力看的是位置指纹和词向量。",
    "分数 Q(加)·K(等) = 2.08，Q(等)·K(加) = 4.05：两个数",
    "Row i of the similarity table is decided by character i alone, whatever sentence it stands in",
    "no ÷√d: the wider the vectors, the bigger the scores → softmax saturates → its gradient vanishes",
    "arrows choose · +/- add 0.1 · Enter types a value\nt next table · u undoes all · Esc closes",
};

/* The one line breaker: the same text at the same width gives the same lines through
 * wrap_balanced and through draw_paragraph (every row drawn is its line, nothing else), at
 * every width from 2 to 40 columns; and with fewer rows allowed, the same rows and the last
 * one cut to end in "…". */
static void test_draw_paragraph_draws_wrap_lines(void **state)
{
    (void)state;
    const Glyphs *gl = draw_glyphs(false);
    Grid g;
    assert_int_equal(grid_init(&g, 48, 64), 0);
    WrapLine l[64];
    char want[512], got[512];
    for (size_t t = 0; t < sizeof same_texts / sizeof same_texts[0]; t++) {
        const char *s = same_texts[t];
        for (int w = 2; w <= 40; w++) {
            int n = wrap_balanced(s, w, l, 64);
            assert_true(n > 0 && n <= 64);
            grid_clear(&g);
            assert_int_equal(draw_paragraph(&g, gl, 0, 0, w, 64, s, STYLE_NORMAL), n);
            assert_int_equal(draw_paragraph(NULL, gl, 0, 0, w, 64, s, STYLE_NORMAL), n);
            for (int r = 0; r < 64; r++) {
                row_trimmed(&g, r, got, sizeof got);
                if (r < n)
                    line_text(s, &l[r], want, sizeof want);
                else
                    want[0] = '\0';
                if (strcmp(got, want) != 0)
                    fail_msg("text %zu at %d columns, row %d: drawn \"%s\", wrap_lines \"%s\"", t, w, r,
                             got, want);
                assert_true(text_width(got) <= w);
            }
            if (n < 2)
                continue;
            grid_clear(&g);
            assert_int_equal(draw_paragraph(&g, gl, 0, 0, w, n - 1, s, STYLE_NORMAL), n - 1);
            for (int r = 0; r + 1 < n - 1; r++) {
                row_trimmed(&g, r, got, sizeof got);
                line_text(s, &l[r], want, sizeof want);
                assert_string_equal(got, want);
            }
            row_trimmed(&g, n - 2, got, sizeof got);
            size_t len = strlen(got);
            assert_true(len >= strlen("…") && strcmp(got + len - strlen("…"), "…") == 0);
            line_text(s, &l[n - 2], want, sizeof want);
            size_t keep = len - strlen("…");
            while (keep > 0 && got[keep - 1] == ' ')
                keep--;
            assert_true(strncmp(got, want, keep) == 0);   /* the line's own start, then " …" */
        }
    }
    grid_free(&g);
}

/* A paragraph whose last line would be a widow is broken a little narrower, into as many
 * lines: "the thicker a line, the more it" / "looks." becomes two lines of which the last
 * has 10 columns; where no narrower width keeps the lines, as wrap_lines; never more lines,
 * never wider than the width, at every width from 12 to 40 of every text above. */
static void test_balanced_has_no_widow(void **state)
{
    (void)state;
    const char *s = "the thicker a line, the more it looks.";
    assert_wraps(s, 33, 2, (const char *const[]){ "the thicker a line, the more it", "looks." });
    WrapLine l[8], g[64];
    char buf[512];
    assert_int_equal(wrap_balanced(s, 33, l, 8), 2);
    line_text(s, &l[0], buf, sizeof buf);
    assert_string_equal(buf, "the thicker a line, the");
    line_text(s, &l[1], buf, sizeof buf);
    assert_string_equal(buf, "more it looks.");
    assert_int_equal(wrap_balanced("one two", 4, l, 8), 2);   /* "two" can be no longer */
    line_text("one two", &l[1], buf, sizeof buf);
    assert_string_equal(buf, "two");
    for (size_t t = 0; t < sizeof same_texts / sizeof same_texts[0]; t++)
        for (int w = 12; w <= 40; w++) {
            const char *p = same_texts[t];
            int n = wrap_lines(p, w, g, 64), m = wrap_balanced(p, w, g, 64);
            assert_int_equal(m, n);
            for (int k = 0; k < m; k++)
                assert_true(text_width_n(p + g[k].start, (size_t)g[k].len) <= w);
        }
}

/* The tour's captions at 120x40, in English and in Chinese: no second row of a few columns
 * under a full first one (they ended in a lone "等。", "learn." or "(GQA)."). */
static void test_tour_captions_have_no_widow(void **state)
{
    (void)state;
    for (int lang = 0; lang < 2; lang++) {
        Scene *s = scene_open(NULL, VIEW_ARCS);
        s->o.lang = lang ? LANG_ZH : LANG_EN;
        scene_press(s, 'g');
        for (int stop = 0; stop < 19; stop++) {
            Grid g = scene_render(s, 120, 40);
            char row[1024];
            row_trimmed(&g, 3, row, sizeof row);   /* the caption's second row */
            const char *text = row;
            while (*text == ' ')
                text++;
            if (*text && text_width(text) < WRAP_WIDOW_MIN)
                fail_msg("stop %d (%s): the caption ends in \"%s\" alone", stop + 1, lang ? "zh" : "en", text);
            grid_free(&g);
            scene_press(s, KEYCODE_RIGHT);
        }
        scene_close(s);
    }
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_english),
        cmocka_unit_test(test_code_kept_whole),
        cmocka_unit_test(test_held_breaks_given_back_before_a_cut),
        cmocka_unit_test(test_chinese),
        cmocka_unit_test(test_more_than_stored),
        cmocka_unit_test(test_newline),
        cmocka_unit_test(test_wide_span_alone_breaks),
        cmocka_unit_test(test_draw_paragraph_draws_wrap_lines),
        cmocka_unit_test(test_balanced_has_no_widow),
        cmocka_unit_test(test_tour_captions_have_no_widow),
    };
    return cmocka_run_group_tests_name("wrap", tests, NULL, NULL);
}
