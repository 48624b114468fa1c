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
        { "wx[0][0]=1", "--set: 'wx[0][0]=1': give wq, wk, wv or embedding, then [i][j]=VALUE, e.g. wq[2][3]=1.5 or embedding[加][0]=0.1" },
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
    };
    for (size_t i = 0; i < sizeof bad / sizeof bad[0]; i++) {
        Edit e;
        assert_int_equal(edit_parse(&m, NULL, bad[i].text, &e, err, sizeof err), -1);
        assert_string_equal(err, bad[i].message);
    }
    model_free(&m);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_parse_apply_describe),
        cmocka_unit_test(test_refused),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
