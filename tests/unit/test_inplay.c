/* test_inplay.c — the model in play, named and swapped (src/inplay.c, app.c's L), and what-if's
 * bounds, as the program runs them (an AppSession): the title names a file, the lesson's
 * model or a trained one and says "edited"; L plays the lesson's model and L again the one
 * before, what-if's changes of the model leaving undone first (its numbers back bit for bit);
 * at 64 changes a further one is refused in one line and u undoes them, newest first.
 * Must not touch: the terminal, files. */
#include <stdarg.h>
#include <stddef.h>
#include <setjmp.h>
#include <stdint.h>
#include <cmocka.h>

#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "app.h"
#include "cli.h"
#include "harness.h"
#include "inplay.h"
#include "keys.h"

static void test_words(void **state)
{
    (void)state;
    ModelInPlay p;
    char buf[256];
    inplay_lesson(&p);
    assert_string_equal(inplay_words(&p, false, LANG_EN, " · ", buf, sizeof buf), "lesson model");
    assert_string_equal(inplay_words(&p, true, LANG_ZH, " · ", buf, sizeof buf), "课上的模型 · 已改");
    inplay_trained(&p, "add", 3);
    assert_string_equal(inplay_words(&p, false, LANG_EN, " · ", buf, sizeof buf), "trained · add · seed 3");
    assert_string_equal(inplay_words(&p, false, LANG_ZH, " - ", buf, sizeof buf), "训练的模型 - 加法 - 种子 3");
    inplay_file(&p, "/home/me/models/poem.model");
    assert_string_equal(inplay_words(&p, true, LANG_EN, " · ", buf, sizeof buf), "file · poem.model · edited");
    inplay_file(&p, "bad\x1b[2J.model");   /* a name that is no text to print */
    assert_string_equal(inplay_words(&p, false, LANG_EN, " · ", buf, sizeof buf), "file · bad\\x1B[2J.model");
    memset(&p, 0, sizeof p);   /* a named model with its shape: the poem screens' */
    p.kind = PLAY_NAMED;
    snprintf(p.name, sizeof p.name, "poems");
    snprintf(p.shape_en, sizeof p.shape_en, "2 layers × 4 heads");
    snprintf(p.shape_zh, sizeof p.shape_zh, "2 层 × 4 个头");
    assert_string_equal(inplay_words(&p, false, LANG_EN, " · ", buf, sizeof buf), "poems · 2 layers × 4 heads");
    assert_string_equal(inplay_words(&p, false, LANG_ZH, " · ", buf, sizeof buf), "poems · 2 层 × 4 个头");
}

/* The frame's row y of s, trimmed. */
static void session_row(const AppSession *s, int y, char *row, size_t cap)
{
    const Grid *g = app_session_grid(s);
    row_trimmed(g, y, row, cap);
}

static int key(AppSession *s, int k)
{
    TermEvent ev = { .key = k };
    int react = app_session_key(s, &ev, 0);
    assert_int_equal(app_session_frame(s, 120, 40, 0), 0);
    return react;
}

/* A file model plays (the title says so); i and + change Wq[0][0]: edited; L: the lesson's
 * model, the change undone on the model left; L again: the file's, unedited, bit for bit. */
static void test_lesson_model_and_back(void **state)
{
    (void)state;
    Model m, original;
    Lesson ls;
    char err[256], row[512];
    assert_int_equal(model_load_default(&m, err, sizeof err), 0);
    assert_int_equal(model_copy(&original, &m), 0);
    assert_int_equal(lesson_build(&ls, &m, m.sentence, NULL, err, sizeof err), 0);
    Options o;
    cli_defaults(&o);
    o.lang = LANG_EN;
    o.view = VIEW_MACHINE;
    o.model_path = "tests/models/mine.model";
    AppSession *s = app_session_new(&o, &ls, 0);
    assert_non_null(s);
    app_session_model(s, &m, NULL);
    assert_int_equal(app_session_frame(s, 120, 40, 0), 0);
    session_row(s, 0, row, sizeof row);
    assert_non_null(strstr(row, "三加五等于? · file · mine.model"));
    key(s, 'i');
    key(s, '+');
    session_row(s, 0, row, sizeof row);
    assert_non_null(strstr(row, "file · mine.model · edited"));
    session_row(s, 2, row, sizeof row);
    assert_string_equal(row, " edited: Wq[0][0] -0.04 → 0.46 · u undoes");
    key(s, KEYCODE_ESC);
    assert_true(key(s, 'L') & REACT_RECOMPUTE);
    session_row(s, 0, row, sizeof row);
    assert_non_null(strstr(row, "三加五等于? · lesson model"));
    assert_null(strstr(row, "edited"));
    session_row(s, 39, row, sizeof row);
    assert_non_null(strstr(row, "the lesson's model plays on every screen: L again goes back"));
    assert_memory_equal(m.wq, original.wq, sizeof(double) * 64);   /* the change undone */
    key(s, 'L');
    session_row(s, 0, row, sizeof row);
    assert_non_null(strstr(row, "file · mine.model"));
    assert_null(strstr(row, "edited"));
    assert_memory_equal(ls.model->wq, original.wq, sizeof(double) * 64);
    session_row(s, 39, row, sizeof row);
    assert_non_null(strstr(row, "the model played before plays again: L for the lesson's"));
    app_session_free(s);
    lesson_free(&ls);
    model_free(&m);
    model_free(&original);
}

/* 64 changes are kept; the 65th is refused in one line; u undoes them newest first. */
static void test_at_most_64_changes(void **state)
{
    (void)state;
    Model m;
    Lesson ls;
    char err[256], row[512];
    assert_int_equal(model_load_default(&m, err, sizeof err), 0);
    assert_int_equal(lesson_build(&ls, &m, m.sentence, NULL, err, sizeof err), 0);
    Options o;
    cli_defaults(&o);
    o.lang = LANG_EN;
    o.view = VIEW_MACHINE;
    AppSession *s = app_session_new(&o, &ls, 0);
    app_session_model(s, &m, NULL);
    key(s, 'i');
    for (int i = 0; i < 64; i++)
        key(s, i % 2 ? KEYCODE_DOWN : '+');   /* 32 changes down column 0's 8 cells … */
    for (int i = 0; i < 32; i++)
        key(s, '+');                          /* … and 32 more on one of them: 64 */
    session_row(s, 2, row, sizeof row);       /* the marker counts numbers: 8 */
    assert_non_null(strstr(row, " and 7 more · u undoes the newest"));
    key(s, '+');
    session_row(s, 39, row, sizeof row);
    assert_non_null(strstr(row, "what if: at most 64 changes at a time: u undoes them, newest first"));
    double kept = m.wq[0];
    key(s, 'u');
    session_row(s, 39, row, sizeof row);
    assert_non_null(strstr(row, "what if: undone; 63 more to undo (u)"));
    assert_true(fabs(m.wq[0] - (kept - 0.5)) < 1e-12);   /* the newest: Wq[0][0]'s last nudge */
    app_session_free(s);
    lesson_free(&ls);
    model_free(&m);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_words),
        cmocka_unit_test(test_lesson_model_and_back),
        cmocka_unit_test(test_at_most_64_changes),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
