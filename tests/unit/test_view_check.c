/* test_view_check.c — the concept check (src/view_check.c, src/concept.c): twelve questions,
 * each aimed at a misconception, four choices each with its reason, the right choice in
 * every slot three times; a wrong choice answered with why and the right one's reason; the
 * result handed to the history once; the first check is "before", the latest "after", the
 * normalized gain (and n/a when before was full marks); Chinese, ASCII and the sizes.
 * Must not touch: golden files, the terminal. */
#include <stdarg.h>
#include <stddef.h>
#include <setjmp.h>
#include <stdint.h>
#include <cmocka.h>

#include <stdlib.h>
#include <string.h>

#include "concept.h"
#include "harness.h"
#include "keys.h"
#include "view.h"

/* Every misconception the issue names has its question; every choice and reason is filled
 * in both languages; the right answers are spread over the four slots. */
static void test_the_questions(void **state)
{
    (void)state;
    static const char *const named[] = {
        "the score table is symmetric", "attention is importance", "softmax changes the order",
        "÷√d is for speed", "the output has a different shape", "Q, K and V are the same vector",
    };
    int found = 0, slots[CONCEPT_CHOICES] = { 0 };
    for (int i = 0; i < CONCEPT_QUESTIONS; i++) {
        const ConceptQuestion *q = concept_question(i);
        assert_non_null(q);
        for (size_t n = 0; n < sizeof named / sizeof named[0]; n++)
            found += strcmp(q->misconception, named[n]) == 0;
        assert_true(strlen(q->en) > 10 && strlen(q->zh) > 10);
        for (int k = 0; k < CONCEPT_CHOICES; k++) {
            assert_true(strlen(q->choice[k].en) > 0 && strlen(q->choice[k].zh) > 0);
            assert_true(strlen(q->choice[k].why_en) > 20 && strlen(q->choice[k].why_zh) > 10);
            assert_int_equal(strncmp(q->choice[k].why_en, "Right:", 6) == 0, k == q->right);
            assert_int_equal(strncmp(q->choice[k].why_zh, "对：", strlen("对：")) == 0, k == q->right);
        }
        slots[concept_right_slot(i)]++;
        bool seen[CONCEPT_CHOICES] = { false };   /* the slots show each choice once */
        for (int slot = 0; slot < CONCEPT_CHOICES; slot++)
            seen[concept_choice_at(i, slot)] = true;
        for (int k = 0; k < CONCEPT_CHOICES; k++)
            assert_true(seen[k]);
    }
    assert_int_equal(found, 6);
    for (int s = 0; s < CONCEPT_CHOICES; s++)
        assert_int_equal(slots[s], 3);
    assert_null(concept_question(CONCEPT_QUESTIONS));
}

/* The key of question i's right choice, or a wrong one. */
static int key_for(int i, bool right)
{
    int slot = concept_right_slot(i);
    return '1' + (right ? slot : (slot + 1) % CONCEPT_CHOICES);
}

/* Answers every question (right ones where right[i]) and goes to the result. */
static void take(Scene *s, const bool *right)
{
    for (int i = 0; i < CONCEPT_QUESTIONS; i++) {
        scene_press(s, key_for(i, right[i]));
        scene_press(s, KEYCODE_ENTER);
    }
}

static void test_a_question_answered(void **state)
{
    (void)state;
    Scene *s = scene_open(NULL, VIEW_CHECK);
    char *text = scene_text(s, 100, 30);
    assert_shows(text, "Concept check · question 1 of 12");
    assert_shows(text, "Is the table of scores Q·Kᵀ symmetric");
    assert_shows(text, "▸ 1  Only after softmax does it stop being symmetric");
    assert_shows(text, "  4  No: A's Q meets B's K, while B's Q meets A's K");
    free(text);
    scene_press(s, '3');                         /* "Yes: it is a dot product": wrong, and why */
    text = scene_text(s, 100, 30);
    assert_shows(text, "✗ 3  Yes: it is a dot product, and a dot product is symmetric");
    assert_shows(text, "✓ 4  No: A's Q meets B's K");
    assert_shows(text, "Not quite: Q(A)·K(B) and Q(B)·K(A) are two different products");
    assert_shows(text, "Right: 等 asking 加 scores 4.05, 加 asking 等 2.08.");
    assert_shows(text, "0 of 1 right");
    free(text);
    scene_press(s, '4');                         /* the first choice counts */
    text = scene_text(s, 100, 30);
    assert_shows(text, "0 of 1 right");
    free(text);
    scene_press(s, KEYCODE_ENTER);
    scene_press(s, KEYCODE_DOWN);                /* question 2 by ↓ and Enter: 加's share */
    scene_press(s, KEYCODE_ENTER);
    text = scene_text(s, 100, 30);
    assert_shows(text, "Concept check · question 2 of 12");
    assert_shows(text, "✓ 2  等's Q matches 加's K best, so 等 takes most from 加's V");
    assert_shows(text, "Right: the highest score gets the largest share");
    assert_shows(text, "1 of 2 right");
    free(text);
    s->o.lang = LANG_ZH;
    text = scene_text(s, 100, 30);
    assert_shows(text, "概念检测 · 第 2 题，共 12 题");
    assert_shows(text, "对：分数最高，分到的百分比就最大");
    free(text);
    scene_close(s);
}

/* The first check is the "before"; the second, the "after", with the normalized gain; the
 * history gets each result once. */
static void test_before_after_gain(void **state)
{
    (void)state;
    Scene *s = scene_open(NULL, VIEW_CHECK);
    bool first[CONCEPT_QUESTIONS] = { true, true, true, true };   /* 4 of 12 */
    take(s, first);
    assert_int_equal(s->ui.history.n_checks, 1);
    assert_int_equal(s->ui.history.checks[0].score, 4);
    assert_int_equal(s->ui.checks_done, 1);
    char *text = scene_text(s, 100, 30);
    assert_shows(text, "Done: 4 of 12 right.");
    assert_shows(text, "This is your first check: your \"before\".");
    assert_shows(text, "✓  1  Is the table of scores Q·Kᵀ symmetric");
    assert_shows(text, "✗  5  ");
    free(text);
    text = scene_text(s, 80, 24);   /* a question longer than the row ends in … */
    assert_shows(text, "✓  3  Softmax turns a row of scores into shares. Can the character with the …");
    free(text);
    scene_press(s, KEYCODE_ENTER);               /* nothing more is handed over */
    assert_int_equal(s->ui.history.n_checks, 1);
    scene_press(s, 'r');                         /* again, after the lesson: 10 of 12 */
    bool second[CONCEPT_QUESTIONS] = { true, true, true, true, true, true, true, true, true, true };
    take(s, second);
    assert_int_equal(s->ui.history.n_checks, 2);
    text = scene_text(s, 100, 30);
    assert_shows(text, "Done: 10 of 12 right.");
    assert_shows(text, "before (your first check): 4 of 12 · after (this one): 10 of 12");
    assert_shows(text, "normalized gain (after − before) / (max − before) = (10 − 4) / (12 − 4) = 0.75");
    free(text);
    s->o.lang = LANG_ZH;
    text = scene_text(s, 100, 30);
    assert_shows(text, "做完了：12 题里答对 10 题。");
    assert_shows(text, "标准化增益（课后 − 课前）/（满分 − 课前）=（10 − 4）/（12 − 4）= 0.75");
    free(text);
    scene_close(s);
    s = scene_open(NULL, VIEW_CHECK);            /* full marks first: the gain is n/a */
    bool all[CONCEPT_QUESTIONS];
    for (int i = 0; i < CONCEPT_QUESTIONS; i++)
        all[i] = true;
    take(s, all);
    scene_press(s, 'r');
    take(s, all);
    text = scene_text(s, 100, 30);
    assert_shows(text, "normalized gain: n/a (the first check had every answer right)");
    free(text);
    scene_close(s);
}

static void test_sizes_ascii(void **state)
{
    (void)state;
    static const int sizes[][2] = { { 60, 20 }, { 80, 24 }, { 120, 40 }, { 200, 60 } };
    for (int lang = 0; lang < 2; lang++)
        for (size_t z = 0; z < sizeof sizes / sizeof sizes[0]; z++)
            for (int ascii = 0; ascii < 2; ascii++) {
                Scene *s = scene_open(NULL, VIEW_CHECK);
                s->o.lang = lang ? LANG_ZH : LANG_EN;
                s->o.ascii = ascii;
                for (int i = 0; i < CONCEPT_QUESTIONS + 1; i++) {
                    Grid g = scene_render(s, sizes[z][0], sizes[z][1]);
                    assert_grid_sound(&g, "the concept check");
                    if (ascii && !lang)
                        assert_ascii_frame(&g, "the concept check in ASCII");
                    grid_free(&g);
                    if (i < CONCEPT_QUESTIONS) {
                        scene_press(s, key_for(i, i % 2));
                        Grid a = scene_render(s, sizes[z][0], sizes[z][1]);
                        assert_grid_sound(&a, "an answered question");
                        grid_free(&a);
                        scene_press(s, KEYCODE_ENTER);
                    }
                }
                scene_close(s);
            }
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_the_questions),
        cmocka_unit_test(test_a_question_answered),
        cmocka_unit_test(test_before_after_gain),
        cmocka_unit_test(test_sizes_ascii),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
