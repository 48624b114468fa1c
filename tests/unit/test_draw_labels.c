/* test_draw_labels.c — how a sentence character is written on screen (draw.h): itself, or in
 * ASCII mode its pinyin ("san"), its brief label ("3") in a narrow slot, "U+732B" or "[]" for
 * a character without a name; the context's labels and widths; the title's sentence; and
 * draw_drawable's ASCII for notes and help (names, arrows, symbols).
 * Must not touch: the terminal, golden files. */
#include <stdarg.h>
#include <stddef.h>
#include <setjmp.h>
#include <stdint.h>
#include <cmocka.h>

#include <stdio.h>
#include <string.h>

#include "draw.h"
#include "engine.h"
#include "model.h"
#include "text.h"

/* ---------------------------------------------------------------- one character */

static void test_label_of_each_kind(void **state)
{
    (void)state;
    char buf[DRAW_LABEL_BYTES];
    assert_string_equal(draw_char_label(false, "三", buf, sizeof buf), "三");
    assert_string_equal(draw_char_label(true, "三", buf, sizeof buf), "san");
    assert_string_equal(draw_char_label(true, "等", buf, sizeof buf), "deng");
    assert_string_equal(draw_char_label(true, "十", buf, sizeof buf), "shi2");
    assert_string_equal(draw_char_label(true, "是", buf, sizeof buf), "shi4");
    assert_string_equal(draw_char_label(true, "乘", buf, sizeof buf), "cheng");
    assert_string_equal(draw_char_label(true, "?", buf, sizeof buf), "?");
    assert_string_equal(draw_char_label(true, "a", buf, sizeof buf), "a");        /* ASCII: itself */
    assert_string_equal(draw_char_label(true, "猫", buf, sizeof buf), "U+732B");   /* no name */
    assert_string_equal(draw_char_label(true, "😀", buf, sizeof buf), "U+1F600");
    assert_string_equal(draw_char_label(false, "猫", buf, sizeof buf), "猫");
}

static void test_brief_of_each_kind(void **state)
{
    (void)state;
    char buf[DRAW_LABEL_BYTES];
    assert_string_equal(draw_char_brief(false, "加", buf, sizeof buf), "加");
    assert_string_equal(draw_char_brief(true, "三", buf, sizeof buf), "3");
    assert_string_equal(draw_char_brief(true, "加", buf, sizeof buf), "+");
    assert_string_equal(draw_char_brief(true, "十", buf, sizeof buf), "10");
    assert_string_equal(draw_char_brief(true, "于", buf, sizeof buf), "yu");
    assert_string_equal(draw_char_brief(true, "a", buf, sizeof buf), "a");
    assert_string_equal(draw_char_brief(true, "猫", buf, sizeof buf), "[]");
    assert_true(text_width(draw_char_brief(true, "猫", buf, sizeof buf)) <= DRAW_BRIEF_COLS);
}

/* ---------------------------------------------------------------- the sentence */

/* The lesson's sentence and the 16-character one, as forward passes. */
typedef struct {
    Model m;        /* the built-in model */
    Trace six;      /* 三加五等于? */
    Trace sixteen;  /* 三加五等于?十减四等于?几是二乘 */
} Fixture;

static int setup(void **state)
{
    static Fixture f;
    char err[256];
    if (model_load_default(&f.m, err, sizeof err) != 0 ||
        engine_forward(&f.m, "三加五等于?", &f.six, err, sizeof err) != 0 ||
        engine_forward(&f.m, "三加五等于?十减四等于?几是二乘", &f.sixteen, err, sizeof err) != 0)
        return -1;
    *state = &f;
    return 0;
}

static int teardown(void **state)
{
    Fixture *f = *state;
    engine_free(&f->six);
    engine_free(&f->sixteen);
    model_free(&f->m);
    return 0;
}

static void test_context_labels(void **state)
{
    Fixture *f = *state;
    ViewCtx c = { .tr = &f->six, .ascii = true };
    draw_context_labels(&c);
    const char *names[] = { "san", "jia", "wu", "deng", "yu", "?" };
    const char *briefs[] = { "3", "+", "5", "=", "yu", "?" };
    for (int t = 0; t < 6; t++) {
        assert_string_equal(c.tok[t], names[t]);
        assert_string_equal(c.tok_brief[t], briefs[t]);
    }
    assert_int_equal(c.tok_cols, 4);                     /* deng */
    assert_string_equal(draw_tok(&c, 3, 4), "deng");     /* every name fits four columns */
    assert_string_equal(draw_tok(&c, 0, 4), "san");
    assert_string_equal(draw_tok(&c, 3, 3), "=");        /* one does not: all brief */
    assert_string_equal(draw_tok(&c, 0, 3), "3");
    c.ascii = false;
    draw_context_labels(&c);
    assert_string_equal(c.tok[3], "等");
    assert_string_equal(c.tok_brief[3], "等");
    assert_int_equal(c.tok_cols, 2);
    assert_string_equal(draw_tok(&c, 3, 2), "等");
    c.tr = &f->sixteen;   /* in Unicode: 等₁ … 等₂, the others as they are */
    draw_context_labels(&c);
    assert_string_equal(c.tok[3], "等₁");
    assert_string_equal(c.tok[9], "等₂");
    assert_string_equal(c.tok[0], "三");
    assert_int_equal(c.tok_cols, 3);
    c.ascii = true;
    draw_context_labels(&c);
    assert_int_equal(c.tok_cols, 6);                     /* deng_1: 等 repeats */
    assert_string_equal(c.tok[3], "deng_1");             /* 三加五等于?十减四等于?几是二乘 */
    assert_string_equal(c.tok[9], "deng_2");
    assert_string_equal(c.tok[5], "?_1");
    assert_string_equal(c.tok_brief[3], "=");            /* a slot's brief label: no occurrence */
    assert_string_equal(c.tok[14], "er");
    assert_string_equal(c.tok[6], "shi2");
    assert_string_equal(c.tok[13], "shi4");
    assert_string_equal(c.tok_brief[6], "10");
    assert_string_equal(c.tok_brief[13], "is");
}

static void test_sentence_text(void **state)
{
    Fixture *f = *state;
    char buf[MODEL_MAX_TOKENS * DRAW_LABEL_BYTES];
    draw_sentence_text(&f->six, false, false, buf, sizeof buf);
    assert_string_equal(buf, "三加五等于?");
    draw_sentence_text(&f->six, false, true, buf, sizeof buf);
    assert_string_equal(buf, "三加五等于?");
    draw_sentence_text(&f->six, true, false, buf, sizeof buf);
    assert_string_equal(buf, "san jia wu deng yu ?");
    draw_sentence_text(&f->six, true, true, buf, sizeof buf);
    assert_string_equal(buf, "3 + 5 = yu ?");
    draw_sentence_text(&f->sixteen, true, false, buf, sizeof buf);
    assert_string_equal(buf, "san jia wu deng yu ? shi2 jian si deng yu ? ji shi4 er cheng");
    draw_sentence_text(&f->sixteen, true, true, buf, sizeof buf);
    assert_string_equal(buf, "3 + 5 = yu ? 10 - 4 = yu ? ji is 2 *");
}

/* ---------------------------------------------------------------- notes and help */

static void test_drawable(void **state)
{
    (void)state;
    char out[256];
    draw_drawable(false, "三 → 加", out, sizeof out);
    assert_string_equal(out, "三 → 加");
    draw_drawable(true, "sentence 三加五等于? is not in [vocab]", out, sizeof out);
    assert_string_equal(out, "sentence san jia wu deng yu? is not in [vocab]");
    draw_drawable(true, "did you mean ？", out, sizeof out);
    assert_string_equal(out, "did you mean U+FF1F");
    draw_drawable(true, "←/→ step", out, sizeof out);               /* keys */
    assert_string_equal(out, "Left/Right step");
    draw_drawable(true, "next step (Q → score → softmax)", out, sizeof out);   /* a flow */
    assert_string_equal(out, "next step (Q -> score -> softmax)");
    draw_drawable(true, "raw scores, ÷√d, shares · 3 × 4", out, sizeof out);
    assert_string_equal(out, "raw scores, /sqrtd, shares - 3 * 4");   /* a separator */
    draw_drawable(true, "Q·Kᵀ …", out, sizeof out);
    assert_string_equal(out, "Q.K^T ...");
    draw_drawable(true, "e^(2.278 − 2.493) · |v|²", out, sizeof out);   /* a minus, a square */
    assert_string_equal(out, "e^(2.278 - 2.493) - |v|^2");
    draw_drawable(true, "x ▲", out, sizeof out);                      /* any other: ? */
    assert_string_equal(out, "x ?");
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_label_of_each_kind),
        cmocka_unit_test(test_brief_of_each_kind),
        cmocka_unit_test_setup_teardown(test_context_labels, setup, teardown),
        cmocka_unit_test_setup_teardown(test_sentence_text, setup, teardown),
        cmocka_unit_test(test_drawable),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
