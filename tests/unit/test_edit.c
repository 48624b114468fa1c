/* test_edit.c — unit tests for "what if" edits (src/edit.c): --set texts read against the
 * built-in model or refused with one line, applied, described and all undone.
 * Must not touch: the terminal, files. */
#include <stdarg.h>
#include <stddef.h>
#include <setjmp.h>
#include <stdint.h>
#include <cmocka.h>

#include <math.h>
#include <string.h>

#include "edit.h"
#include "engine.h"
#include "model.h"

static void test_parse_apply_describe(void **state)
{
    (void)state;
    Model m;
    char err[256], line[128];
    assert_int_equal(model_load_default(&m, err, sizeof err), 0);
    Edit e;
    assert_int_equal(edit_parse(&m, NULL, "wq[2][3]=1.5", &e, err, sizeof err), 0);
    assert_int_equal(e.target, EDIT_WQ);
    assert_int_equal(e.row, 2);
    assert_int_equal(e.col, 3);
    EditLog log = { 0 };
    assert_int_equal(edit_push(&m, NULL, &log, &e), 0);
    assert_true(m.wq[2 * 8 + 3] == 1.5);
    assert_string_equal(edit_describe(&m, &log.e[0], line, sizeof line), "Wq[2][3] 0.58 → 1.50");

    assert_int_equal(edit_parse(&m, NULL, "embedding[加][0]=0.1", &e, err, sizeof err), 0);
    assert_int_equal(e.target, EDIT_EMBEDDING);
    assert_int_equal(e.row, model_find_char(&m, "加"));
    assert_int_equal(edit_push(&m, NULL, &log, &e), 0);
    assert_string_equal(edit_describe(&m, &log.e[1], line, sizeof line), "embedding[加][0] 0.45 → 0.10");

    /* the same cell twice: undo puts back the first number */
    assert_int_equal(edit_parse(&m, NULL, "wq[2][3]=-2", &e, err, sizeof err), 0);
    assert_int_equal(edit_push(&m, NULL, &log, &e), 0);
    assert_string_equal(edit_describe(&m, &log.e[2], line, sizeof line), "Wq[2][3] 1.50 → -2.00");
    assert_int_equal(edit_parse(&m, NULL, "wv[7][7]=0.001", &e, err, sizeof err), 0);
    edit_apply(&m, NULL, &e);
    assert_string_equal(edit_describe(&m, &e, line, sizeof line), "Wv[7][7] 0.010 → 0.001");
    /* a number too small for six decimals is written as it is, not as a zero */
    Edit tiny;
    assert_int_equal(edit_parse(&m, NULL, "wv[7][6]=0.0000001", &tiny, err, sizeof err), 0);
    edit_apply(&m, NULL, &tiny);
    assert_string_equal(edit_describe(&m, &tiny, line, sizeof line), "Wv[7][6] 0.03 → 1e-07");
    *edit_cell(&m, &tiny) = tiny.before;

    /* the forward pass uses the changed model: Q(加)[3] moves by x(加)[2] × (−2 − 0.58) */
    Trace before, after;
    Model fresh;
    assert_int_equal(model_load_default(&fresh, err, sizeof err), 0);
    assert_int_equal(engine_forward(&fresh, "三加五等于?", &before, err, sizeof err), 0);
    assert_int_equal(engine_forward(&m, "三加五等于?", &after, err, sizeof err), 0);
    double dx = TRACE_ROW(&before, x, 2)[2];
    assert_true(fabs((TRACE_ROW(&after, q, 2)[3] - TRACE_ROW(&before, q, 2)[3]) - dx * (-2 - 0.58)) < 1e-12);
    engine_free(&before);
    engine_free(&after);

    edit_undo_all(&m, NULL, &log);
    assert_int_equal(log.n, 0);
    *edit_cell(&m, &e) = e.before;
    assert_memory_equal(m.wq, fresh.wq, 64 * sizeof(double));
    assert_memory_equal(m.wv, fresh.wv, 64 * sizeof(double));
    assert_memory_equal(m.embedding, fresh.embedding, (size_t)m.vocab_size * 8 * sizeof(double));
    model_free(&fresh);
    model_free(&m);
}

static void test_refused(void **state)
{
    (void)state;
    Model m;
    char err[256];
    assert_int_equal(model_load_default(&m, err, sizeof err), 0);
    static const struct { const char *text, *message; } bad[] = {
        { "wx[0][0]=1", "--set: 'wx[0][0]=1': give wq, wk, wv, embedding or score, then [i][j]=VALUE, e.g. wq[2][3]=1.5, embedding[加][0]=0.1 or score[等][加]=6" },
        { "wq[8][0]=1", "--set: 'wq[8][0]=1': index out of range: wq has 8 rows (0-7) and 8 columns (0-7)" },
        { "wk[0][8]=1", "--set: 'wk[0][8]=1': index out of range: wk has 8 rows (0-7) and 8 columns (0-7)" },
        { "wq[0][0]=abc", "--set: 'wq[0][0]=abc': 'abc' is not a number" },
        { "wq[0][0]=", "--set: 'wq[0][0]=': '' is not a number" },
        { "wq[0][0]=1e999", "--set: 'wq[0][0]=1e999': '1e999' is not a number" },
        { "wq[0][0]=nan", "--set: 'wq[0][0]=nan': 'nan' is not a number" },
        { "wq[0]=1", "--set: 'wq[0]=1': expected wq[i][j]=VALUE" },
        { "wq[-1][0]=1", "--set: 'wq[-1][0]=1': expected wq[i][j]=VALUE" },
        { "wq[0][0]1", "--set: 'wq[0][0]1': expected wq[i][j]=VALUE" },
        { "embedding[龙][0]=1", "--set: 'embedding[龙][0]=1': '龙' is not in the vocabulary" },
        { "embedding[加][8]=1", "--set: 'embedding[加][8]=1': index out of range: embedding has 20 rows (0-19) and 8 columns (0-7)" },
        { "wq[0][0]=1\n", "--set: 'wq[0][0]=1\\n': '1\\n' is not a number" },
        /* the model file's numbers: no hex, no infinity, no blank */
        { "wq[0][0]=0x10", "--set: 'wq[0][0]=0x10': '0x10' is not a number" },
        { "score[等][加]=0x1p3", "--set: 'score[等][加]=0x1p3': a score needs the sentence" },
        { "wq[0][0]=inf", "--set: 'wq[0][0]=inf': 'inf' is not a number" },
        { "wq[0][0]= 1", "--set: 'wq[0][0]= 1': ' 1' is not a number" },
    };
    for (size_t i = 0; i < sizeof bad / sizeof bad[0]; i++) {
        Edit e;
        assert_int_equal(edit_parse(&m, NULL, bad[i].text, &e, err, sizeof err), -1);
        assert_string_equal(err, bad[i].message);
    }
    Edit e;   /* an exponent is a number, as in a model file */
    assert_int_equal(edit_parse(&m, NULL, "wq[0][0]=1.5e1", &e, err, sizeof err), 0);
    assert_true(e.after == 15.0);
    assert_int_equal(edit_parse(&m, "三加五等于?", "score[等][加]=0x10", &e, err, sizeof err), -1);
    assert_string_equal(err, "--set: 'score[等][加]=0x10': '0x10' is not a number");
    model_free(&m);
}

/* The names as the status line writes them read back: Wq[2][3] (edit_describe's), WK,
 * 词向量[加][0] (the Chinese description's), Score[等][加]. */
static void test_names_as_described(void **state)
{
    (void)state;
    Model m;
    char err[256], line[128];
    assert_int_equal(model_load_default(&m, err, sizeof err), 0);
    static const struct { const char *text; EditTarget target; int row, col; } ok[] = {
        { "Wq[2][3]=1.5", EDIT_WQ, 2, 3 },
        { "WK[0][7]=-0.2", EDIT_WK, 0, 7 },
        { "Wv[7][7]=1", EDIT_WV, 7, 7 },
        { "Embedding[加][0]=0.1", EDIT_EMBEDDING, -1, 0 },
        { "词向量[加][0]=0.1", EDIT_EMBEDDING, -1, 0 },
        { "Score[等][加]=6", EDIT_SCORE, 3, 1 },
    };
    for (size_t i = 0; i < sizeof ok / sizeof ok[0]; i++) {
        Edit e;
        assert_int_equal(edit_parse(&m, "三加五等于?", ok[i].text, &e, err, sizeof err), 0);
        assert_int_equal(e.target, ok[i].target);
        assert_int_equal(e.row, ok[i].row >= 0 ? ok[i].row : model_find_char(&m, "加"));
        assert_int_equal(e.col, ok[i].col);
    }
    /* what the Chinese status line says, with "=VALUE", is a --set */
    Edit e;
    assert_int_equal(edit_parse(&m, NULL, "embedding[加][0]=0.1", &e, err, sizeof err), 0);
    edit_apply(&m, NULL, &e);
    edit_describe_in(&m, &e, LANG_ZH, line, sizeof line);
    assert_string_equal(line, "词向量[加][0] 0.45 → 0.10");
    *strchr(line, ' ') = '\0';
    strcat(line, "=0.2");
    assert_int_equal(edit_parse(&m, NULL, line, &e, err, sizeof err), 0);
    assert_true(e.after == 0.2);
    /* a name that only looks like one is still refused */
    assert_int_equal(edit_parse(&m, NULL, "Wqq[0][0]=1", &e, err, sizeof err), -1);
    model_free(&m);
}

/* The same refusals in Chinese (edit_parse_in), and the description of a word vector's cell. */
static void test_refused_in_chinese(void **state)
{
    (void)state;
    Model m;
    char err[512], line[128];
    assert_int_equal(model_load_default(&m, err, sizeof err), 0);
    static const struct { const char *text, *message; } bad[] = {
        { "wx[0][0]=1", "--set：「wx[0][0]=1」：要写 wq、wk、wv、embedding 或 score，再接 [i][j]=数值，例如 wq[2][3]=1.5、embedding[加][0]=0.1 或 score[等][加]=6" },
        { "wq[8][0]=1", "--set：「wq[8][0]=1」：下标超出范围：wq 有 8 行（0-7）、8 列（0-7）" },
        { "wq[0][0]=abc", "--set：「wq[0][0]=abc」：「abc」不是数" },
        { "wq[0]=1", "--set：「wq[0]=1」：应该写成 wq[i][j]=数值" },
        { "embedding[龙][0]=1", "--set：「embedding[龙][0]=1」：「龙」不在词表里" },
    };
    Edit e;
    for (size_t i = 0; i < sizeof bad / sizeof bad[0]; i++) {
        assert_int_equal(edit_parse_in(&m, NULL, bad[i].text, LANG_ZH, &e, err, sizeof err), -1);
        assert_string_equal(err, bad[i].message);
    }
    assert_int_equal(edit_parse_in(&m, NULL, "embedding[加][0]=0.1", LANG_ZH, &e, err, sizeof err), 0);
    EditLog log = { 0 };
    assert_int_equal(edit_push(&m, NULL, &log, &e), 0);
    assert_string_equal(edit_describe_in(&m, &log.e[0], LANG_ZH, line, sizeof line), "词向量[加][0] 0.45 → 0.10");
    assert_string_equal(edit_describe_in(&m, &log.e[0], LANG_EN, line, sizeof line), "embedding[加][0] 0.45 → 0.10");
    /* a score's refusals and its description in Chinese */
    static const struct { const char *text, *message; } score_bad[] = {
        { "score[龙][加]=6", "--set：「score[龙][加]=6」：「龙」不在句子里" },
        { "score[等][6]=1", "--set：「score[等][6]=1」：位置超出范围：句子有 6 个字（0-5）" },
        { "score[等]=6", "--set：「score[等]=6」：要写 score[提问的字][被问的字]=数值，例如 score[等][加]=6（句子里的字，或位置 0-5）" },
        { "score[等][加]=x", "--set：「score[等][加]=x」：「x」不是数" },
    };
    for (size_t i = 0; i < sizeof score_bad / sizeof score_bad[0]; i++) {
        assert_int_equal(edit_parse_in(&m, "三加五等于?", score_bad[i].text, LANG_ZH, &e, err, sizeof err), -1);
        assert_string_equal(err, score_bad[i].message);
    }
    assert_int_equal(edit_parse_in(&m, NULL, "score[3][1]=6", LANG_ZH, &e, err, sizeof err), -1);
    assert_string_equal(err, "--set：「score[3][1]=6」：分数要有句子才能设");
    assert_int_equal(edit_parse_in(&m, "三加五等于?", "score[等][加]=6", LANG_ZH, &e, err, sizeof err), 0);
    e.before = 4.051005174044677;
    assert_string_equal(edit_describe_in(&m, &e, LANG_ZH, line, sizeof line), "分数(等→加) 4.05 → 6.00");
    model_free(&m);
}

/* score[等][加]=6 against the sentence: the pass's score set, described, undone with the rest
 * newest first; one score at a time (a second one replaces it, undo brings the first back). */
static void test_score(void **state)
{
    (void)state;
    Model m;
    char err[256], said[128];
    assert_int_equal(model_load_default(&m, err, sizeof err), 0);
    const char *sentence = "三加五等于?";
    Edit e;
    assert_int_equal(edit_parse(&m, sentence, "score[等][加]=6", &e, err, sizeof err), 0);
    assert_int_equal(e.target, EDIT_SCORE);
    assert_int_equal(e.row, 3);
    assert_int_equal(e.col, 1);
    assert_int_equal(e.head, 0);
    assert_true(e.after == 6.0);
    assert_string_equal(e.names[0], "等");
    assert_string_equal(e.names[1], "加");
    Edit by_place;   /* positions work as well as characters */
    assert_int_equal(edit_parse(&m, sentence, "score[3][1]=6", &by_place, err, sizeof err), 0);
    assert_int_equal(by_place.row, 3);
    assert_int_equal(by_place.col, 1);
    /* the model is not touched: the score lives in the pass's ScoreSet */
    ScoreSet score = { 0 };
    EditLog log = { 0 };
    double wq = m.wq[2 * 8 + 3];
    e.before = 4.051005174044677;   /* the Q·K the caller gives (the machine: the trace's) */
    assert_true(edit_carry_out(&m, &score, &log, EDIT_ASK_SET, &e));
    assert_true(score.on && score.head == 0 && score.row == 3 && score.col == 1 && score.value == 6.0);
    assert_string_equal(edit_describe(&m, &log.e[0], said, sizeof said), "score(等→加) 4.05 → 6.00");
    assert_false(edit_carry_out(&m, &score, &log, EDIT_ASK_SET, &e));   /* the same value again */
    /* nudged: before is the number set, not the Q·K */
    Edit nudge = e;
    nudge.after = 6.5;
    assert_true(edit_carry_out(&m, &score, &log, EDIT_ASK_SET, &nudge));
    assert_string_equal(edit_describe(&m, &log.e[1], said, sizeof said), "score(等→加) 6.00 → 6.50");
    /* a model number between, then another score: it replaces the first */
    Edit w;
    assert_int_equal(edit_parse(&m, sentence, "wq[2][3]=1.5", &w, err, sizeof err), 0);
    assert_true(edit_carry_out(&m, &score, &log, EDIT_ASK_SET, &w));
    Edit other;
    assert_int_equal(edit_parse(&m, sentence, "score[加][等]=-1.25", &other, err, sizeof err), 0);
    other.before = 2.08;
    other.head = 1;
    assert_true(edit_carry_out(&m, &score, &log, EDIT_ASK_SET, &other));
    assert_true(score.row == 1 && score.col == 3 && score.head == 1 && score.value == -1.25);
    assert_string_equal(edit_describe(&m, &log.e[3], said, sizeof said), "score h2(加→等) 2.08 → -1.25");
    assert_true(edit_current(&m, &score, &other) == -1.25);
    /* the marks: the scores replaced one another, Wq[2][3] and score h2(加→等) changed */
    EditMarks marks;
    edit_marks(NULL, &log, &marks);
    assert_int_equal(marks.cells, 2);
    assert_int_equal(marks.set_cells, 0);
    assert_string_equal(edit_describe(&m, &marks.newest, said, sizeof said), "score h2(加→等) 2.08 → -1.25");
    /* popping the newest brings the first score back; u (undo) pops one at a time */
    edit_pop(&m, &score, &log);
    assert_true(score.on && score.row == 3 && score.col == 1 && score.value == 6.5);
    assert_int_equal(log.n, 3);
    edit_marks(NULL, &log, &marks);
    assert_int_equal(marks.cells, 2);   /* the first score, from 4.05 (its Q·K) to 6.50 */
    assert_string_equal(edit_describe(&m, &marks.newest, said, sizeof said), "Wq[2][3] 0.58 → 1.50");
    assert_true(edit_carry_out(&m, &score, &log, EDIT_ASK_UNDO, &e));
    assert_int_equal(log.n, 2);
    assert_true(m.wq[2 * 8 + 3] == wq);
    assert_true(edit_carry_out(&m, &score, &log, EDIT_ASK_UNDO, &e));
    assert_true(edit_carry_out(&m, &score, &log, EDIT_ASK_UNDO, &e));
    assert_false(score.on);
    assert_int_equal(log.n, 0);
    assert_false(edit_carry_out(&m, &score, &log, EDIT_ASK_UNDO, &e));   /* nothing left */
    edit_marks(NULL, &log, &marks);
    assert_int_equal(marks.cells, 0);
    /* without a score set to write to, a score is refused */
    assert_false(edit_carry_out(&m, NULL, &log, EDIT_ASK_SET, &e));
    assert_int_equal(edit_push(&m, NULL, &log, &e), -1);
    assert_int_equal(log.n, 0);
    model_free(&m);
}

static void test_score_refused(void **state)
{
    (void)state;
    Model m;
    char err[256];
    assert_int_equal(model_load_default(&m, err, sizeof err), 0);
    static const struct { const char *text, *message; } bad[] = {
        { "score[龙][加]=6", "--set: 'score[龙][加]=6': '龙' is not in the sentence" },
        { "score[等][六]=6", "--set: 'score[等][六]=6': '六' is not in the sentence" },
        { "score[等][6]=1", "--set: 'score[等][6]=1': position out of range: the sentence has 6 characters (0-5)" },
        { "score[等]=6", "--set: 'score[等]=6': expected score[ASKER][ASKED]=VALUE, e.g. score[等][加]=6 (characters of the sentence or positions 0-5)" },
        { "score[等][加]6", "--set: 'score[等][加]6': expected score[ASKER][ASKED]=VALUE, e.g. score[等][加]=6 (characters of the sentence or positions 0-5)" },
        { "score[等][加]=x", "--set: 'score[等][加]=x': 'x' is not a number" },
        { "score[等][加]=inf", "--set: 'score[等][加]=inf': 'inf' is not a number" },
    };
    for (size_t i = 0; i < sizeof bad / sizeof bad[0]; i++) {
        Edit e;
        assert_int_equal(edit_parse(&m, "三加五等于?", bad[i].text, &e, err, sizeof err), -1);
        assert_string_equal(err, bad[i].message);
    }
    Edit e;   /* no sentence: no score */
    assert_int_equal(edit_parse(&m, NULL, "score[3][1]=6", &e, err, sizeof err), -1);
    assert_string_equal(err, "--set: 'score[3][1]=6': a score needs the sentence");
    model_free(&m);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_score),
        cmocka_unit_test(test_score_refused),
        cmocka_unit_test(test_parse_apply_describe),
        cmocka_unit_test(test_refused_in_chinese),
        cmocka_unit_test(test_refused),
        cmocka_unit_test(test_names_as_described),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
