/* test_export.c — the script of --export python: it holds the model's inputs and the trace's
 * results at full precision (%.17g), every case (one head, causal mask, two heads), the
 * checks it runs; strings are escaped; a failed write says what failed; --export parses.
 * Must not touch: python (tests/export/run.sh runs the script), the terminal. */
#include <stdarg.h>
#include <stddef.h>
#include <setjmp.h>
#include <stdint.h>
#include <cmocka.h>

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "cli.h"
#include "engine.h"
#include "export.h"
#include "model.h"

/* ---------------------------------------------------------------- fixture */

/* The default model's three passes over 三加五等于?. */
typedef struct {
    Model m;          /* the compiled-in model */
    Trace plain;      /* no mask, one head */
    Trace causal;     /* causal mask, one head */
    Trace two;        /* no mask, two heads */
    char *script;     /* export_python of the three */
} Fixture;

static void run(const Model *m, Mask mask, int heads, Trace *tr)
{
    EngineConfig cfg = { .mask = mask, .heads = heads };
    char err[512];
    if (engine_forward_with(m, "三加五等于?", &cfg, tr, err, sizeof err) != 0)
        fail_msg("%s", err);
}

/* What export_python writes for ps (caller frees). */
static char *script_of(const ExportPasses *ps)
{
    char *buf = NULL;
    size_t len = 0;
    FILE *mem = open_memstream(&buf, &len);
    assert_non_null(mem);
    export_python(mem, ps);
    assert_int_equal(fclose(mem), 0);
    return buf;
}

static int setup(void **state)
{
    Fixture *f = calloc(1, sizeof *f);
    char err[256];
    if (!f || model_load_default(&f->m, err, sizeof err) != 0)
        return -1;
    run(&f->m, MASK_NONE, 1, &f->plain);
    run(&f->m, MASK_CAUSAL, 1, &f->causal);
    run(&f->m, MASK_NONE, 2, &f->two);
    ExportPasses ps = { &f->plain, &f->causal, &f->two, NULL, LANG_EN };
    f->script = script_of(&ps);
    *state = f;
    return 0;
}

static int teardown(void **state)
{
    Fixture *f = *state;
    free(f->script);
    engine_free(&f->plain);
    engine_free(&f->causal);
    engine_free(&f->two);
    model_free(&f->m);
    free(f);
    return 0;
}

/* True when the script holds text. */
static bool holds(const Fixture *f, const char *text)
{
    return strstr(f->script, text) != NULL;
}

/* Fails unless the script holds v written with %.17g. */
static void assert_holds_number(const Fixture *f, double v)
{
    char buf[64];
    snprintf(buf, sizeof buf, "%.17g", v);
    if (!holds(f, buf))
        fail_msg("the script lacks %s", buf);
}

/* ---------------------------------------------------------------- the data */

static void test_inputs(void **state)
{
    Fixture *f = *state;
    assert_true(holds(f, "SENTENCE = \"三加五等于?\"\n"));
    assert_true(holds(f, "TOKENS = [\"三\", \"加\", \"五\", \"等\", \"于\", \"?\"]\n"));
    assert_true(holds(f, "\nT = 6 "));
    assert_true(holds(f, "\nD = 8 "));
    assert_true(holds(f, "\nTOLERANCE = 1e-09\n"));
    /* x(三)[0] is the lesson's 0.67 at full precision; the first row is 三's. */
    assert_true(holds(f, "X = [\n    [0.67"));
    assert_holds_number(f, f->plain.x[0]);
    assert_holds_number(f, f->plain.x[3 * 8 + 7]);
    /* Wq[0][0] opens WQ, and Wk, Wv follow. */
    char first[96];
    snprintf(first, sizeof first, "WQ = [\n    [%.17g, ", f->m.wq[0]);
    assert_true(holds(f, first));
    snprintf(first, sizeof first, "WK = [\n    [%.17g, ", f->m.wk[0]);
    assert_true(holds(f, first));
    snprintf(first, sizeof first, "WV = [\n    [%.17g, ", f->m.wv[0]);
    assert_true(holds(f, first));
    assert_holds_number(f, f->m.wv[8 * 8 - 1]);
}

/* Every number of every row of a [T, d] matrix, in order, on the line of its character. */
static void assert_matrix_rows(const Fixture *f, const char *name, const double *m, int rows,
                               int cols, const Trace *tr)
{
    const char *at = strstr(f->script, name);
    assert_non_null(at);
    for (int r = 0; r < rows; r++) {
        char line[1024] = "[";
        for (int c = 0; c < cols; c++)
            snprintf(line + strlen(line), sizeof line - strlen(line), "%s%.17g", c ? ", " : "",
                     m[r * cols + c]);
        snprintf(line + strlen(line), sizeof line - strlen(line), "],  # %s\n", tr->tokens[r]);
        const char *row = strstr(at, line);
        if (!row)
            fail_msg("%s row %d missing: %s", name, r, line);
        at = row;
    }
}

static void test_qkv_results(void **state)
{
    Fixture *f = *state;
    assert_matrix_rows(f, "ATTN_TUI_Q = ", f->plain.q, 6, 8, &f->plain);
    assert_matrix_rows(f, "ATTN_TUI_K = ", f->plain.k, 6, 8, &f->plain);
    assert_matrix_rows(f, "ATTN_TUI_V = ", f->plain.v, 6, 8, &f->plain);
    /* the lesson's worked example: Q(三)[0] ≈ 0.09, and Q(等)[0] */
    assert_holds_number(f, TRACE_ROW(&f->plain, q, 0)[0]);
    assert_holds_number(f, TRACE_ROW(&f->plain, q, 3)[0]);
}

static void test_cases(void **state)
{
    Fixture *f = *state;
    assert_true(holds(f, "    \"one head\": {\n        \"heads\": 1,\n        \"causal\": False,\n"));
    assert_true(holds(f, "    \"causal mask\": {\n        \"heads\": 1,\n        \"causal\": True,\n"));
    assert_true(holds(f, "    \"two heads\": {\n        \"heads\": 2,\n        \"causal\": False,\n"));
    /* the scores, shares and outputs of each, in the order of the cases */
    assert_matrix_rows(f, "\"one head\"", f->plain.scores, 6, 6, &f->plain);
    assert_matrix_rows(f, "\"one head\"", f->plain.weights, 6, 6, &f->plain);
    assert_matrix_rows(f, "\"one head\"", f->plain.output, 6, 8, &f->plain);
    assert_matrix_rows(f, "\"causal mask\"", f->causal.weights, 6, 6, &f->causal);
    assert_matrix_rows(f, "\"causal mask\"", f->causal.output, 6, 8, &f->causal);
    assert_matrix_rows(f, "\"two heads\"", f->two.scores, 6, 6, &f->two);
    assert_matrix_rows(f, "],  # head 1\n", f->two.scores + 36, 6, 6, &f->two);   /* head 2 next */
    assert_matrix_rows(f, "\"two heads\"", f->two.weights + 36, 6, 6, &f->two);
    assert_matrix_rows(f, "\"two heads\"", f->two.output, 6, 8, &f->two);
    /* 等's share of 加 is the lesson's 52.4%; output(等)[0] its 0.52 */
    assert_holds_number(f, TRACE_SQ(&f->plain, weights, 3, 1));
    assert_holds_number(f, TRACE_ROW(&f->plain, output, 3)[0]);
    /* 三 sees only itself under the mask: a row of one 1 and five 0 */
    assert_true(holds(f, "[1, 0, 0, 0, 0, 0],  # 三\n"));
    assert_true(holds(f, "],  # head 2\n"));
}

static void test_program(void **state)
{
    Fixture *f = *state;
    assert_true(holds(f, "#!/usr/bin/env python3\n"));
    assert_true(holds(f, "Q = x @ Wq\nK = x @ Wk\nV = x @ Wv\nA = softmax(Q @ K.T / np.sqrt(D))\n"
                         "out = A @ V\n"));
    assert_true(holds(f, "check(\"Q   = x·Wq\", Q, ATTN_TUI_Q)\n"));
    assert_true(holds(f, "is_causal=c[\"causal\"]"));
    assert_true(holds(f, "F.scaled_dot_product_attention(split(q), split(k), split(v),"));
    assert_true(holds(f, "torch.nn.MultiheadAttention(embed_dim=D, num_heads=c[\"heads\"], bias=False,"));
    assert_true(holds(f, "mha.out_proj.weight.copy_(torch.eye(D, dtype=torch.float64))"));
    assert_true(holds(f, "print(say(f\"all five lines match attn-tui"));
    assert_true(holds(f, "    sys.exit(1)\n"));
    /* the script ends with a newline and holds no NUL */
    size_t n = strlen(f->script);
    assert_true(n > 10000);
    assert_int_equal(f->script[n - 1], '\n');
}

static void test_two_heads_skipped(void **state)
{
    Fixture *f = *state;
    ExportPasses ps = { &f->plain, &f->causal, NULL, NULL, LANG_EN };
    char *s = script_of(&ps);
    assert_non_null(strstr(s, "    \"two heads\": None,  # d = 8 is odd: it cannot be split into two heads\n"));
    assert_null(strstr(s, "# head 2"));
    free(s);
}

/* ---------------------------------------------------------------- strings */

/* A model whose characters need escaping in a Python string: " and \. */
static const char QUOTED_MODEL[] =
    "[vocab]\n\" \\ a\n[d]\n2\n[sentence]\na\"\\\n"
    "[embedding]\n\" 1 0\n\\ 0 1\na 1 1\n"
    "[wq]\n1 0\n0 1\n[wk]\n1 0\n0 1\n[wv]\n1 0\n0 1\n";

static void test_strings_escaped(void **state)
{
    (void)state;
    Model m;
    char err[512];
    if (model_parse(QUOTED_MODEL, strlen(QUOTED_MODEL), "q.model", &m, err, sizeof err) != 0)
        fail_msg("%s", err);
    char *buf = NULL;
    size_t len = 0;
    FILE *mem = open_memstream(&buf, &len);
    assert_int_equal(export_write(mem, "memory", EXPORT_PYTHON, &m, "a\"\\", LANG_EN, err, sizeof err), 0);
    assert_int_equal(fclose(mem), 0);
    assert_non_null(strstr(buf, "SENTENCE = \"a\\\"\\\\\"\n"));
    assert_non_null(strstr(buf, "TOKENS = [\"a\", \"\\\"\", \"\\\\\"]\n"));
    assert_non_null(strstr(buf, "],  # \"\n"));       /* in a comment, as it is */
    free(buf);
    model_free(&m);
}

/* ---------------------------------------------------------------- writing */

static void test_write_equals_python(void **state)
{
    Fixture *f = *state;
    char *buf = NULL, err[256];
    size_t len = 0;
    FILE *mem = open_memstream(&buf, &len);
    assert_int_equal(export_write(mem, "memory", EXPORT_PYTHON, &f->m, "三加五等于?", LANG_EN, err, sizeof err), 0);
    assert_int_equal(fclose(mem), 0);
    assert_string_equal(buf, f->script);
    free(buf);
}

static void test_write_error(void **state)
{
    Fixture *f = *state;
    FILE *full = fopen("/dev/full", "w");
    if (!full)
        skip();
    char err[256] = "";
    assert_int_equal(export_write(full, "standard output", EXPORT_PYTHON, &f->m, "三加五等于?", LANG_EN,
                                  err, sizeof err), -1);
    assert_string_equal(err, "cannot write to standard output: No space left on device");
    fclose(full);
}

static void test_bad_sentence(void **state)
{
    Fixture *f = *state;
    char err[1024] = "";
    FILE *null = fopen("/dev/null", "w");
    assert_non_null(null);
    assert_int_equal(export_write(null, "standard output", EXPORT_PYTHON, &f->m, "", LANG_EN, err, sizeof err), -1);
    assert_true(strncmp(err, "one head: ", 10) == 0);
    fclose(null);
}

/* ---------------------------------------------------------------- the option */

static int parse(Options *o, char *err, const char *words[])
{
    char *argv[16];
    int argc = 0;
    argv[argc++] = (char *)"attn-tui";
    for (int i = 0; words[i]; i++)
        argv[argc++] = (char *)words[i];
    argv[argc] = NULL;
    return cli_parse(argc, argv, o, err, 256);
}

static void test_option(void **state)
{
    (void)state;
    Options o;
    char err[256];
    const char *none[] = { NULL };
    assert_int_equal(parse(&o, err, none), 0);
    assert_int_equal(o.export_format, -1);
    const char *py[] = { "--export", "python", "--sentence", "3+5=?", NULL };
    assert_int_equal(parse(&o, err, py), 0);
    assert_int_equal(o.export_format, EXPORT_PYTHON);
    const char *json[] = { "--export=json", NULL };
    assert_int_equal(parse(&o, err, json), -1);
    assert_string_equal(err, "--export: 'json' is not a format: use python or python-train");
    const char *dump[] = { "--export", "python", "--dump", NULL };
    assert_int_equal(parse(&o, err, dump), -1);
    assert_string_equal(err, "--export and --dump: choose one");
    const char *print[] = { "--print", "--export", "python", NULL };
    assert_int_equal(parse(&o, err, print), -1);
    assert_string_equal(err, "--export and --print: choose one");
    assert_int_equal(export_format_from_name("python"), EXPORT_PYTHON);
    assert_int_equal(export_format_from_name("Python"), -1);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test_setup_teardown(test_inputs, setup, teardown),
        cmocka_unit_test_setup_teardown(test_qkv_results, setup, teardown),
        cmocka_unit_test_setup_teardown(test_cases, setup, teardown),
        cmocka_unit_test_setup_teardown(test_program, setup, teardown),
        cmocka_unit_test_setup_teardown(test_two_heads_skipped, setup, teardown),
        cmocka_unit_test(test_strings_escaped),
        cmocka_unit_test_setup_teardown(test_write_equals_python, setup, teardown),
        cmocka_unit_test_setup_teardown(test_write_error, setup, teardown),
        cmocka_unit_test_setup_teardown(test_bad_sentence, setup, teardown),
        cmocka_unit_test(test_option),
    };
    return cmocka_run_group_tests_name("export", tests, NULL, NULL);
}
