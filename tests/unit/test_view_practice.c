/* test_view_practice.c — the practice view with the lesson's exact figures: the seeded
 * questions of 三加五等于? (seed 1: x(等)[2] = -0.62, Q(加)[0] = 2.03, Q(加)·K(三) = 6.44,
 * its mirror 7.51, … the share 1.3%), a right answer, wrong ones with their mistakes named,
 * Enter on an empty line, junk, Esc, n, score and streak, --seed against --worksheet, a
 * changed lesson, Chinese, ASCII and the sizes.
 * Must not touch: golden files, the terminal. */
#include <stdarg.h>
#include <stddef.h>
#include <setjmp.h>
#include <stdint.h>
#include <cmocka.h>

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "harness.h"
#include "keys.h"
#include "quiz_text.h"
#include "text.h"
#include "view.h"
#include "view_practice.h"
#include "worksheet.h"

/* The scene's practice state. */
#define ST(s) ((PracticeState *)view_state((s)->ui.views, VIEW_PRACTICE))

/* Types text and Enter into the scene's answer line. */
static void answer(Scene *s, const char *text)
{
    for (const char *k = text; *k; k++)
        assert_int_equal(scene_press(s, *k), REACT_REDRAW);
    scene_press(s, KEYCODE_ENTER);
}

/* A wrong answer given at both tries: the first leaves one more try, the second is graded. */
static void answer_twice(Scene *s, const char *text)
{
    answer(s, text);
    assert_int_equal(ST(s)->tries, 1);
    assert_int_equal(ST(s)->phase, PRACTICE_ASKING);
    answer(s, text);
}

/* Enter twice: the question revealed, then the next one asked. */
static void pass_on(Scene *s)
{
    scene_press(s, KEYCODE_ENTER);
    scene_press(s, KEYCODE_ENTER);
}

/* The body of the scene's w × h frame as text (caller frees). */
static char *body(const Scene *s, int w, int h)
{
    char *frame = scene_text(s, w, h);
    char *b = body_of(frame);
    free(frame);
    return b;
}

/* ---------------------------------------------------------------- asking */

static void test_first_question_and_its_operands(void **state)
{
    (void)state;
    Scene *s = scene_open(NULL, VIEW_PRACTICE);
    assert_true(ui_view_modal(&s->ui));   /* the answer line is open from the start */
    Grid g = scene_render(s, 80, 24);
    assert_has(&g, "Practice · question 1");
    assert_has(&g, "0 of 0 right · streak 0 · best 0");
    assert_has(&g, "x(等)[2]: word vector + position fingerprint, component 2. Two decimals.");
    assert_has(&g, "e(等)          0.21   0.01  -0.92  -0.57   0.45  -0.94  -0.51   0.94");
    assert_has(&g, "pe(等)         0.14  -0.99   0.30   0.96   0.03   1.00   0.00   1.00");
    assert_has(&g, "Your answer (two decimals):");
    assert_grid_sound(&g, "practice, question 1");
    grid_free(&g);
    scene_close(s);
}

static void test_typing_shows_the_answer(void **state)
{
    (void)state;
    Scene *s = scene_open(NULL, VIEW_PRACTICE);
    scene_press(s, '-');
    scene_press(s, '0');
    scene_press(s, '.');
    scene_press(s, '6');
    scene_press(s, '3');
    scene_press(s, KEYCODE_BACKSPACE);
    scene_press(s, '2');
    assert_string_equal(ST(s)->typed, "-0.62");
    Grid g = scene_render(s, 80, 24);
    assert_has(&g, "Your answer (two decimals): -0.62");
    grid_free(&g);
    scene_close(s);
}

/* An input method's full-width keys: read as ASCII, and said under the line for as long as
 * the line holds them (a status note would go at the next key); gone once it is emptied. */
static void test_full_width_said_under_the_line(void **state)
{
    (void)state;
    const int keys[] = { 0xFF0D, 0xFF10, 0xFF0E, 0xFF16, 0xFF12 };   /* －０．６２ */
    Scene *s = scene_open(NULL, VIEW_PRACTICE);
    s->o.lang = LANG_ZH;
    for (size_t i = 0; i < sizeof keys / sizeof keys[0]; i++)
        assert_int_equal(scene_press(s, keys[i]), REACT_REDRAW);
    assert_string_equal(ST(s)->typed, "-0.62");
    Grid g = scene_render(s, 80, 24);
    assert_has(&g, "你的答案（保留两位小数）：-0.62");
    assert_has(&g, "全角");
    grid_free(&g);
    for (int i = 0; i < 5; i++)
        scene_press(s, KEYCODE_BACKSPACE);
    g = scene_render(s, 80, 24);
    assert_lacks(&g, "全角");
    grid_free(&g);
    scene_close(s);
}

/* ---------------------------------------------------------------- grading */

static void test_right_answer_says_correct(void **state)
{
    (void)state;
    Scene *s = scene_open(NULL, VIEW_PRACTICE);
    answer(s, "-0.62");
    assert_int_equal(ST(s)->phase, PRACTICE_GRADED);
    assert_int_equal(ST(s)->tally.correct, 1);
    assert_int_equal(ST(s)->tally.asked, 1);
    assert_int_equal(ST(s)->tally.streak, 1);
    assert_false(ui_view_modal(&s->ui));
    char *b = body(s, 80, 24);
    assert_shows(b, "-0.62 is correct!");
    assert_shows(b, "1 of 1 right · streak 1 · best 1");
    assert_shows(b, "x(等)[2] = e(等)[2] + pe(等)[2] = -0.92 + 0.30 = -0.62");
    free(b);
    /* Enter goes on: question 2, Q(加)[0], the line open again */
    scene_press(s, KEYCODE_ENTER);
    assert_int_equal(ST(s)->index, 1);
    assert_true(ui_view_modal(&s->ui));
    b = body(s, 80, 24);
    assert_shows(b, "Practice · question 2");
    assert_shows(b, "Q(加)[0] = Σ_i x(加)[i] × Wq[i][0] (what 加 looks for). Two decimals.");
    free(b);
    answer(s, "2.03");   /* x(加) printed with three decimals: Σ = 2.03217, the table's 2.03 */
    assert_int_equal(ST(s)->tally.streak, 2);
    assert_int_equal(ST(s)->tally.best_streak, 2);
    scene_close(s);
}

static void test_wrong_answer_names_the_mistake(void **state)
{
    (void)state;
    Scene *s = scene_open(NULL, VIEW_PRACTICE);
    answer(s, "-0.92");   /* the first try: named, never solved; the line open again */
    assert_int_equal(ST(s)->phase, PRACTICE_ASKING);
    assert_true(ui_view_modal(&s->ui));
    assert_int_equal(ST(s)->tally.asked, 0);
    char *b = body(s, 80, 24);
    assert_shows(b, "-0.92 is not right yet: one more try.");
    assert_shows(b, "The mistake: position fingerprint left out");
    assert_shows(b, "Your second try, and Enter; Enter on an empty line shows the worked solution");
    assert_hides(b, "-0.62");
    assert_hides(b, "= -0.92 + 0.30");
    free(b);
    answer(s, "-0.92");
    assert_int_equal(ST(s)->phase, PRACTICE_GRADED);
    assert_int_equal(ST(s)->tally.correct, 0);
    assert_int_equal(ST(s)->tally.streak, 0);
    b = body(s, 80, 24);
    assert_shows(b, "-0.92 is wrong: the right value is -0.62.");
    assert_shows(b, "The mistake: position fingerprint left out");
    assert_shows(b, "x(等)[2] = e(等)[2] + pe(等)[2] = -0.92 + 0.30 = -0.62");
    assert_hides(b, "Known mistakes give");   /* the one made is named, not the list */
    free(b);
    scene_close(s);
}

/* An answer that matches no known mistake: the right value and the solution, nothing named. */
static void test_wrong_answer_without_a_known_mistake(void **state)
{
    (void)state;
    Scene *s = scene_open(NULL, VIEW_PRACTICE);
    answer_twice(s, "5");
    char *b = body(s, 80, 24);
    assert_shows(b, "5 is wrong: the right value is -0.62.");
    assert_hides(b, "The mistake:");
    free(b);
    scene_close(s);
}

/* Question 4 is the mirrored score Q(三)·K(加) = 7.51; 6.44 (Q(加)·K(三), asked just before)
 * is both the mirrored score and row and column swapped: both named. */
static void test_mirrored_score_names_both(void **state)
{
    (void)state;
    Scene *s = scene_open(NULL, VIEW_PRACTICE);
    pass_on(s);
    pass_on(s);
    answer(s, "6.44");
    assert_int_equal(ST(s)->tally.correct, 1);   /* question 3, Q(加)·K(三), is 6.44 as the tables */
    scene_press(s, KEYCODE_ENTER);
    answer_twice(s, "6.44");
    char *b = body(s, 80, 24);
    assert_shows(b, "The mirrored score Q(三)·K(加): now 三 asks and 加 answers. Two decimals.");
    assert_shows(b, "6.44 is wrong: the right value is 7.51.");
    assert_shows(b, "The mistake: the mirrored score, or row and column swapped");
    assert_shows(b, "Σ = 7.512179 → 7.51 (two decimals)");
    free(b);
    scene_close(s);
}

/* Question 7, the share 加 gives 于 = 1.3%: "1.3" and "1.3%" are right, 0.013 a fraction. */
static void test_share_as_percentage(void **state)
{
    (void)state;
    Scene *s = scene_open(NULL, VIEW_PRACTICE);
    for (int i = 0; i < 6; i++)
        pass_on(s);
    answer_twice(s, "0.013");
    char *b = body(s, 120, 40);
    assert_shows(b, "The share 加 gives 于");
    assert_shows(b, "0.013 is wrong: the right value is 1.3%.");
    /* 0.013 is the fraction to three decimals; that it rounds to forgetting ÷√d's 0.0% at
       one decimal does not make it that mistake too (both were named) */
    assert_shows(b, "The mistake: a fraction, not a percentage");
    assert_hides(b, "forgot ÷√d");
    assert_shows(b, "share = 0.0323 ÷ 2.5115 ≈ 0.012861 → 1.3% (a percentage with one decimal)");
    free(b);
    /* the same question answered "1.3%" after a fresh start */
    scene_close(s);
    s = scene_open(NULL, VIEW_PRACTICE);
    ST(s)->index = 6;
    answer(s, "1.3%");
    assert_int_equal(ST(s)->tally.correct, 1);
    scene_press(s, KEYCODE_ENTER);
    scene_close(s);
}

/* The 17 lines of the share's solution do not fit 80 × 24: the rest is a key away. */
static void test_long_solution_scrolls(void **state)
{
    (void)state;
    Scene *s = scene_open(NULL, VIEW_PRACTICE);
    ST(s)->index = 6;
    answer(s, "");
    char *b = body(s, 80, 24);
    assert_shows(b, "more lines: ↓ shows them");
    assert_hides(b, "share = 0.0323");
    free(b);
    for (int i = 0; i < 20; i++)
        scene_press(s, KEYCODE_DOWN);
    b = body(s, 80, 24);
    assert_shows(b, "share = 0.0323 ÷ 2.5115 ≈ 0.012861 → 1.3% (a percentage with one decimal)");
    assert_hides(b, "more lines");
    free(b);
    scene_close(s);
}

/* At 60 × 20 the mirrored score's operands (two blocks of four columns, ten lines) do not
 * fit above the answer line: "↓ shows them" must, while the line is open (it showed K(五)'s
 * first block and never Q(?)·K(?)'s columns 4-7, which the answer needs). */
static void test_operands_scroll_while_asking(void **state)
{
    (void)state;
    Scene *s = scene_open(NULL, VIEW_PRACTICE);
    ST(s)->index = 3;   /* the mirrored score Q(三)·K(加) */
    QuizQuestion q;
    practice_question(&s->ls->tr, s->ui.seed, 3, &q);
    assert_int_equal(q.kind, QUIZ_MIRRORED);
    QuizText fit;
    quiz_prompt_fit(&s->ls->tr, &q, LANG_EN, 58, &fit);
    const char *last = fit.line[fit.n - 1];
    char *b = body(s, 60, 20);
    assert_shows(b, "more lines: ↓ shows them");
    assert_hides(b, last);
    free(b);
    for (int i = 0; i < 12; i++)
        assert_int_equal(scene_press(s, KEYCODE_DOWN), REACT_REDRAW);
    assert_true(ui_view_modal(&s->ui));   /* the line stays open */
    b = body(s, 60, 20);
    assert_shows(b, last);
    assert_hides(b, "more lines");
    assert_shows(b, "Your answer (two decimals):");
    free(b);
    for (int i = 0; i < 12; i++)
        scene_press(s, KEYCODE_UP);
    b = body(s, 60, 20);
    assert_shows(b, fit.line[1]);
    free(b);
    scene_close(s);
}

/* ---------------------------------------------------------------- empty, junk, Esc, n */

static void test_empty_answer_reveals(void **state)
{
    (void)state;
    Scene *s = scene_open(NULL, VIEW_PRACTICE);
    answer(s, "-0.62");
    scene_press(s, KEYCODE_ENTER);
    answer(s, "");
    assert_int_equal(ST(s)->phase, PRACTICE_REVEALED);
    assert_int_equal(ST(s)->tally.asked, 2);
    assert_int_equal(ST(s)->tally.correct, 1);
    assert_int_equal(ST(s)->tally.streak, 0);   /* not answered breaks the streak */
    assert_int_equal(ST(s)->tally.best_streak, 1);
    assert_int_equal(ST(s)->tally.revealed, 1);
    char *b = body(s, 80, 24);
    assert_shows(b, "Not answered: the answer is 2.03, worked out below.");
    assert_shows(b, "1 of 2 right · streak 0 · best 1");
    assert_shows(b, "  0.520 × 0.43 = 0.22360");
    assert_shows(b, "Σ = 2.03217 → 2.03 (two decimals)");
    free(b);
    scene_close(s);
}

static void test_junk_is_said_and_kept(void **state)
{
    (void)state;
    Scene *s = scene_open(NULL, VIEW_PRACTICE);
    answer(s, "1.2.3");
    assert_int_equal(ST(s)->phase, PRACTICE_ASKING);
    assert_int_equal(ST(s)->tally.asked, 0);
    assert_true(ui_view_modal(&s->ui));
    char *b = body(s, 80, 24);
    assert_shows(b, "is not a number");
    free(b);
    scene_press(s, KEYCODE_BACKSPACE);   /* any key takes the message away */
    b = body(s, 80, 24);
    assert_hides(b, "is not a number");
    free(b);
    scene_close(s);
}

static void test_esc_leaves_the_line_never_quits(void **state)
{
    (void)state;
    Scene *s = scene_open(NULL, VIEW_PRACTICE);
    assert_int_equal(scene_press(s, 'q'), REACT_REDRAW);   /* the open line takes q: a hint */
    char *hint = body(s, 80, 24);
    assert_shows(hint, "'q' is not part of a number: type digits, '.', '-' or '%'; Esc leaves the line");
    free(hint);
    assert_string_equal(ST(s)->typed, "");
    assert_int_equal(scene_press(s, KEYCODE_ESC), REACT_REDRAW);
    assert_false(ui_view_modal(&s->ui));
    assert_int_equal(scene_press(s, KEYCODE_ESC) & REACT_QUIT, 0);
    char *b = body(s, 80, 24);
    assert_shows(b, "Enter opens the answer line again.");
    free(b);
    scene_press(s, KEYCODE_ENTER);         /* Enter opens it again */
    assert_true(ui_view_modal(&s->ui));
    assert_int_equal(ST(s)->index, 0);
    assert_int_equal(scene_press(s, KEYCODE_ESC), REACT_REDRAW);
    assert_int_equal(scene_press(s, 'q') & REACT_QUIT, REACT_QUIT);   /* the line closed: q quits */
    scene_close(s);
}

static void test_n_does_not_apply(void **state)
{
    (void)state;
    Scene *s = scene_open(NULL, VIEW_PRACTICE);
    assert_string_equal(binding_says(&s->ui, 'n'),
                        "numbers: they stay (hiding them does not apply to practice)");
    scene_press(s, KEYCODE_ESC);           /* the line closed: n is the screen's */
    scene_press(s, 'n');
    assert_true(s->ui.numbers);
    assert_int_equal(s->ui.note, NOTE_NUMBERS_NEEDED);
    Grid g = scene_render(s, 80, 24);
    char row[512];
    row_trimmed(&g, 23, row, sizeof row);
    assert_non_null(strstr(row, "n does not apply here: practice needs its numbers"));
    assert_has(&g, "0.21   0.01  -0.92");   /* the numbers stay */
    grid_free(&g);
    s->o.lang = LANG_ZH;
    g = scene_render(s, 80, 24);
    assert_has(&g, "n 在这里不起作用：练习要看数字");
    grid_free(&g);
    scene_close(s);
}

/* ---------------------------------------------------------------- the seed */

/* --seed 7 on the screen asks what --worksheet 3 --seed 7 prints, in that order. */
static void test_seed_matches_the_worksheet(void **state)
{
    (void)state;
    Scene *s = scene_open(NULL, VIEW_PRACTICE);
    s->ui.seed = 7;
    char *sheet = NULL;
    size_t len = 0;
    FILE *f = open_memstream(&sheet, &len);
    assert_non_null(f);
    WorksheetOptions o = { 3, 7, false, LANG_EN };
    assert_int_equal(worksheet_write(f, &s->ls->tr, &o), 0);
    fclose(f);
    const char *want[3] = { "x(加)[5]: word vector", "Q(等)[5] = Σ_i x(等)[i] × Wq[i][5]",
                            "The raw score Q(五)·K(?): 五 asks, ? answers." };
    const char *at = sheet;
    for (int i = 0; i < 3; i++) {
        char *b = body(s, 120, 40);
        assert_shows(b, want[i]);
        free(b);
        at = strstr(at, want[i]);      /* the sheet has it too, after the one before */
        assert_non_null(at);
        pass_on(s);
    }
    free(sheet);
    scene_close(s);
}

/* A solution line wider than the screen wraps instead of being cut: at 64 × 24 the cosine's
 * "cos = -1.59354664 ÷ (1.463623 × 1.750257) ≈ -0.6221 → -0.62 (two decimals)" ended
 * "→ -0.62 (tw". */
static void test_solution_lines_wrap_not_cut(void **state)
{
    (void)state;
    Scene *s = scene_open(NULL, VIEW_PRACTICE);
    ST(s)->index = 8;   /* the cosine of output(五) and V(?) */
    answer(s, "");
    char *b = body(s, 64, 24);
    assert_shows(b, "cos = -1.59354664 ÷ (1.463623 × 1.750257) ≈ -0.6221 →");
    assert_shows(b, "    -0.62 (two decimals)");
    free(b);
    s->o.ascii = true;   /* wrapped as drawn: "->" at the break, not the key name "Right" */
    b = body(s, 64, 24);
    assert_shows(b, "cos = -1.59354664 / (1.463623 * 1.750257) ~ -0.6221 ->");
    assert_hides(b, "Right");
    assert_shows(b, "    sqrt2.14219107 ~ 1.463623");   /* wider in ASCII: wrapped, no number cut */
    free(b);
    scene_close(s);
}

/* Every line of a sheet fits 80 columns, the worked solutions' too: with two heads the
 * Chinese cosine of question 18 (seed 1) took 82. */
static void test_sheet_fits_80_columns_in_chinese(void **state)
{
    (void)state;
    Scene *s = scene_open(NULL, VIEW_PRACTICE);
    LessonParams p = s->ls->params;
    p.config.heads = 2;
    char err[256];
    assert_int_equal(lesson_rebuild(s->ls, &p, err, sizeof err), 0);
    char *sheet = NULL;
    size_t len = 0;
    FILE *f = open_memstream(&sheet, &len);
    assert_non_null(f);
    WorksheetOptions o = { 80, 2, true, LANG_ZH };   /* seed 2 asks, by 80, the cosine below */
    assert_int_equal(worksheet_write(f, &s->ls->tr, &o), 0);
    fclose(f);
    assert_shows(sheet, "余弦 = -0.1950548151 ÷ (1.343185 × 1.425591) ≈ -0.1019");
    for (char *line = strtok(sheet, "\n"); line; line = strtok(NULL, "\n"))
        if (text_width(line) > 80)
            fail_msg("%d columns: %s", text_width(line), line);
    free(sheet);
    scene_close(s);
}

/* ---------------------------------------------------------------- the lesson changes */

/* m while typing is not an answer key: the mask goes on, the question is made anew over the
 * masked lesson, the screen stays sound. */
static void test_changed_lesson_remakes_the_question(void **state)
{
    (void)state;
    Scene *s = scene_open(NULL, VIEW_PRACTICE);
    ST(s)->index = 2;
    scene_press(s, KEYCODE_ESC);   /* the line closed: m is the mask */
    scene_press(s, 'm');
    assert_int_equal(s->ls->tr.mask, MASK_CAUSAL);
    scene_press(s, KEYCODE_ENTER);
    QuizQuestion q;
    practice_question(&s->ls->tr, 1, 2, &q);
    Grid g = scene_render(s, 80, 24);
    assert_grid_sound(&g, "practice after m");
    grid_free(&g);
    char right[32];
    quiz_value_text(&q, q.right, right, sizeof right);
    answer(s, right);
    assert_int_equal(ST(s)->tally.correct, 1);
    scene_close(s);
}

/* Two questions are the same: the cells, kind, role, number and the right value. */
static void assert_same_question(const QuizQuestion *a, const QuizQuestion *b)
{
    assert_int_equal(a->kind, b->kind);
    assert_int_equal(a->number, b->number);
    assert_int_equal(a->role, b->role);
    assert_int_equal(a->t, b->t);
    assert_int_equal(a->s, b->s);
    assert_int_equal(a->j, b->j);
    assert_int_equal(a->head, b->head);
    assert_true(a->right == b->right);
    assert_true(a->also_right == b->also_right);
    assert_int_equal(a->n_mistakes, b->n_mistakes);
}

/* The question asked is kept in the state, drawn once as it changes (one draw on from the
 * last): through two rounds of the kinds it is the one the sequence replayed from question 1
 * gives; the frame asks the kept one (a kept cell changed by hand shows on screen); a lesson
 * of another shape is asked afresh at once and drawn again when the lesson is rebuilt
 * (ViewOps.lesson_changed), not on every frame until the view's next key. */
static void test_question_kept_in_the_state(void **state)
{
    (void)state;
    Scene *s = scene_open(NULL, VIEW_PRACTICE);
    QuizQuestion want, got;
    for (int i = 0; i < 2 * QUIZ_KIND_COUNT + 1; i++) {
        assert_int_equal(ST(s)->index, i);
        assert_true(ST(s)->drawn_ok);
        assert_int_equal(ST(s)->drawn.number, i + 1);
        assert_int_equal(ST(s)->after.asked, i + 1);   /* drawn once, not replayed */
        practice_question(&s->ls->tr, s->ui.seed, i, &want);
        assert_same_question(&ST(s)->drawn, &want);
        practice_current(ST(s), &s->ls->tr, &(PracticeOrder){ .seed = s->ui.seed }, &got);
        assert_same_question(&got, &want);
        pass_on(s);
    }
    /* question 1 again, its kept cell moved from x(等)[2] to x(等)[3]: the frame asks that */
    scene_reset(s);
    assert_int_equal(ST(s)->drawn.kind, QUIZ_X);
    ST(s)->drawn.j = 3;
    char *b = body(s, 80, 24);
    assert_shows(b, "x(等)[3]: word vector + position fingerprint, component 3.");
    free(b);
    ST(s)->drawn.j = 2;
    /* another sentence (ten characters): asked as question 1 of that lesson */
    char err[256];
    LessonParams p = s->ls->params;
    snprintf(p.sentence, sizeof p.sentence, "%s", "三加五加四减二等于?");
    assert_int_equal(lesson_rebuild(s->ls, &p, err, sizeof err), 0);
    assert_int_not_equal(s->ls->tr.T, 6);
    practice_question(&s->ls->tr, s->ui.seed, 0, &want);
    practice_current(ST(s), &s->ls->tr, &(PracticeOrder){ .seed = s->ui.seed }, &got);
    assert_same_question(&got, &want);
    ui_lesson_changed(&s->ui, s->ls);   /* the rebuild draws it for the new lesson, at once */
    assert_int_equal(ST(s)->shape.T, s->ls->tr.T);
    assert_same_question(&ST(s)->drawn, &want);
    scene_press(s, '1');   /* and a key keeps it */
    assert_same_question(&ST(s)->drawn, &want);
    scene_close(s);
}

/* ---------------------------------------------------------------- languages, ASCII, sizes */

static void test_chinese(void **state)
{
    (void)state;
    Scene *s = scene_open(NULL, VIEW_PRACTICE);
    s->o.lang = LANG_ZH;
    Grid g = scene_render(s, 80, 24);
    assert_has(&g, "练习 · 第 1 题");
    assert_has(&g, "x(等)[2]：词向量 + 位置指纹，下标为 2 的分量。保留两位小数。");
    assert_has(&g, "你的答案（保留两位小数）：");
    grid_free(&g);
    answer(s, "-0.62");
    g = scene_render(s, 80, 24);
    assert_has(&g, "-0.62——答对了！");
    grid_free(&g);
    scene_press(s, KEYCODE_ENTER);
    answer(s, "2.0");
    g = scene_render(s, 80, 24);
    assert_has(&g, "2.0 还不对：再试一次。");
    assert_has(&g, "错在：小数位数比要求的少（保留两位小数）");
    grid_free(&g);
    answer(s, "2.0");
    g = scene_render(s, 80, 24);
    assert_has(&g, "2.0 不对：正确答案是 2.03。");
    grid_free(&g);
    scene_close(s);
}

static void test_ascii(void **state)
{
    (void)state;
    Scene *s = scene_open(NULL, VIEW_PRACTICE);
    s->o.ascii = true;
    Grid g = scene_render(s, 80, 24);
    assert_ascii_frame(&g, "practice, ASCII");
    assert_has(&g, "x(deng)[2]: word vector + position fingerprint");
    grid_free(&g);
    pass_on(s);
    answer_twice(s, "1.10");   /* x(加) · Wq[0][·], x with three decimals */
    g = scene_render(s, 80, 24);
    assert_ascii_frame(&g, "practice, ASCII, wrong");
    assert_has(&g, "The mistake: row and column swapped");
    assert_has(&g, "Q(jia)[0] = sum_i x(jia)[i] * Wq[i][0]:");
    grid_free(&g);
    scene_close(s);
}

static void test_every_size_every_kind(void **state)
{
    (void)state;
    static const int sizes[][2] = { { 60, 20 }, { 80, 24 }, { 120, 40 }, { 300, 80 } };
    Scene *s = scene_open(NULL, VIEW_PRACTICE);
    for (int k = 0; k < QUIZ_KIND_COUNT; k++) {
        for (int phase = 0; phase < 2; phase++) {
            for (size_t i = 0; i < sizeof sizes / sizeof sizes[0]; i++) {
                Grid g = scene_render(s, sizes[i][0], sizes[i][1]);
                assert_grid_sound(&g, "practice");
                grid_free(&g);
            }
            scene_press(s, KEYCODE_ENTER);
        }
    }
    assert_int_equal(ST(s)->index, QUIZ_KIND_COUNT);
    scene_close(s);
}

/* The numbers of a prompt's operand lines (after its sentence), in order, as text. */
static int operand_numbers(const QuizText *t, char nums[][24], int max)
{
    int n = 0;
    for (int i = 1; i < t->n; i++) {
        const char *p = t->line[i];
        while (*p && n < max) {
            if ((*p >= '0' && *p <= '9') || (*p == '-' && p[1] >= '0' && p[1] <= '9')) {
                int k = 0;
                while (k < 23 && ((*p >= '0' && *p <= '9') || *p == '.' || *p == '-' || *p == '%'))
                    nums[n][k++] = *p++;
                nums[n][k] = '\0';
                if (strchr(nums[n], '.'))   /* a value, not a column number or a label's digit */
                    n++;
            } else {
                p++;
            }
        }
    }
    return n;
}

/* Below the sheet's width (60 to 77 columns) the operands are laid out in fewer columns,
 * never cut: every line of the prompt fits and is drawn whole; each value the sheet prints
 * is printed (a projection: x and the column of W its sum takes, as for d > 8); the
 * question at 64 × 24 shows every line with nothing left over. */
static void test_narrow_operands_whole(void **state)
{
    (void)state;
    Scene *s = scene_open(NULL, VIEW_PRACTICE);
    for (int lang = 0; lang < 2; lang++) {
        s->o.lang = lang ? LANG_ZH : LANG_EN;
        for (int k = 0; k < QUIZ_KIND_COUNT; k++) {
            QuizQuestion q;
            practice_question(&s->ls->tr, s->ui.seed, ST(s)->index, &q);
            QuizText sheet, fit;
            quiz_prompt(&s->ls->tr, &q, s->o.lang, &sheet);
            for (int w = 60; w <= 77; w++) {
                quiz_prompt_fit(&s->ls->tr, &q, s->o.lang, w - 2, &fit);
                char want[64][24], got[64][24];
                int nw = operand_numbers(&sheet, want, 64), ng = operand_numbers(&fit, got, 64);
                if (q.kind == QUIZ_PROJECTION && w - 2 < 68) {
                    assert_int_equal(ng, 16);   /* x(t) and W[·][j] */
                    for (int i = 0; i < 8; i++)
                        assert_string_equal(got[i < 4 ? i : i + 4], want[i]);
                } else {
                    assert_int_equal(ng, nw);
                    for (int a = 0; a < nw; a++) {   /* the same values, in some order */
                        bool found = false;
                        for (int b = 0; b < ng && !found; b++)
                            found = strcmp(want[a], got[b]) == 0;
                        assert_true(found);
                    }
                }
                Grid g = scene_render(s, w, 24);
                for (int i = 1; i < fit.n; i++) {
                    if (text_width(fit.line[i]) > w - 2)
                        fail_msg("kind %d at %d columns: '%s' is %d wide", k, w, fit.line[i],
                                 text_width(fit.line[i]));
                    assert_has(&g, fit.line[i]);   /* drawn whole */
                }
                assert_lacks(&g, "more lines");
                grid_free(&g);
            }
            pass_on(s);
        }
        scene_reset(s);
    }
    scene_close(s);
}

/* What if: a score set while its question is asked draws the question again, and the
 * sequence steps around the questions about it (Q(加)·K(三) set to 9: question 3 is another
 * pair); the answer from the question shown is graded right; undone, question 3 is back. */
static void test_score_set_redraws_the_question(void **state)
{
    (void)state;
    Scene *s = scene_open(NULL, VIEW_PRACTICE);
    pass_on(s);
    pass_on(s);
    QuizQuestion q;
    practice_current(ST(s), &s->ls->tr, &(PracticeOrder){ .seed = s->ui.seed }, &q);
    assert_int_equal(q.kind, QUIZ_SCORE);
    assert_int_equal(q.t, 1);   /* 加 asks 三 */
    assert_int_equal(q.s, 0);
    LessonParams p = s->ls->params;
    p.config.score = (ScoreSet){ .on = true, .head = 0, .row = 1, .col = 0, .value = 9.0 };
    char err[256];
    assert_int_equal(lesson_rebuild(s->ls, &p, err, sizeof err), 0);
    s->ui.want = s->ls->params;
    practice_current(ST(s), &s->ls->tr, &(PracticeOrder){ .seed = s->ui.seed }, &q);
    assert_int_equal(q.number, 3);
    assert_false(quiz_about_set(&s->ls->tr, &q));
    assert_false(q.t == 1 && q.s == 0);
    Grid g = scene_render(s, 80, 24);
    assert_lacks(&g, "Q(加)·K(三)");
    grid_free(&g);
    char right[32];
    quiz_value_text(&q, q.right, right, sizeof right);
    answer(s, right);
    assert_int_equal(ST(s)->tally.correct, 1);
    p.config.score.on = false;
    assert_int_equal(lesson_rebuild(s->ls, &p, err, sizeof err), 0);
    s->ui.want = s->ls->params;
    practice_current(ST(s), &s->ls->tr, &(PracticeOrder){ .seed = s->ui.seed }, &q);
    assert_true(q.kind == QUIZ_SCORE && q.t == 1 && q.s == 0);
    scene_close(s);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_first_question_and_its_operands),
        cmocka_unit_test(test_question_kept_in_the_state),
        cmocka_unit_test(test_typing_shows_the_answer),
        cmocka_unit_test(test_full_width_said_under_the_line),
        cmocka_unit_test(test_right_answer_says_correct),
        cmocka_unit_test(test_wrong_answer_names_the_mistake),
        cmocka_unit_test(test_wrong_answer_without_a_known_mistake),
        cmocka_unit_test(test_mirrored_score_names_both),
        cmocka_unit_test(test_share_as_percentage),
        cmocka_unit_test(test_long_solution_scrolls),
        cmocka_unit_test(test_operands_scroll_while_asking),
        cmocka_unit_test(test_empty_answer_reveals),
        cmocka_unit_test(test_junk_is_said_and_kept),
        cmocka_unit_test(test_esc_leaves_the_line_never_quits),
        cmocka_unit_test(test_n_does_not_apply),
        cmocka_unit_test(test_seed_matches_the_worksheet),
        cmocka_unit_test(test_solution_lines_wrap_not_cut),
        cmocka_unit_test(test_sheet_fits_80_columns_in_chinese),
        cmocka_unit_test(test_changed_lesson_remakes_the_question),
        cmocka_unit_test(test_chinese),
        cmocka_unit_test(test_ascii),
        cmocka_unit_test(test_every_size_every_kind),
        cmocka_unit_test(test_narrow_operands_whole),
        cmocka_unit_test(test_score_set_redraws_the_question),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
