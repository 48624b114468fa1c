/* test_model.c — unit tests for the model file parser (src/model.c).
 * Owns: exact values of well-formed models and the exact "NAME:LINE: ..." message of
 * every malformed one. Must not touch: the engine, the terminal, files outside tests/. */
#include <stdarg.h>
#include <stddef.h>
#include <setjmp.h>
#include <stdint.h>
#include <cmocka.h>

#include <locale.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "model.h"

#ifndef TESTS_DIR
#define TESTS_DIR "tests"
#endif

/* ---------------------------------------------------------------- fixtures */

/* A small well-formed model; the line numbers on the right are used below. */
static const char GOOD[] =
    "# tiny model\n"  /*  1 */
    "[vocab]\n"       /*  2 */
    "a b c\n"         /*  3 */
    "[d]\n"           /*  4 */
    "2\n"             /*  5 */
    "[sentence]\n"    /*  6 */
    "cab\n"           /*  7 */
    "[embedding]\n"   /*  8 */
    "a 1 2\n"         /*  9 */
    "b 3 4\n"         /* 10 */
    "c 5 6\n"         /* 11 */
    "[wq]\n"          /* 12 */
    "1 2\n"           /* 13 */
    "3 4\n"           /* 14 */
    "[wk]\n"          /* 15 */
    "0.5 0\n"         /* 16 */
    "0 0.5\n"         /* 17 */
    "[wv]\n"          /* 18 */
    "-1 0\n"          /* 19 */
    "0 -1e-3\n";      /* 20 */

/* A growable byte string, so tests can hold NUL bytes and very long lines. */
typedef struct {
    char *s;
    size_t len;
} Buf;

static void buf_add(Buf *b, const char *s, size_t n)
{
    b->s = realloc(b->s, b->len + n + 1);
    assert_non_null(b->s);
    memcpy(b->s + b->len, s, n);
    b->len += n;
    b->s[b->len] = '\0';
}

static void buf_str(Buf *b, const char *s) { buf_add(b, s, strlen(s)); }

/* GOOD with lines first..last (1-based, inclusive) replaced by n bytes of with. */
static Buf replace_lines_n(int first, int last, const char *with, size_t n)
{
    Buf b = { NULL, 0 };
    buf_add(&b, "", 0);
    const char *p = GOOD;
    for (int line = 1; *p; line++) {
        const char *nl = strchr(p, '\n');
        size_t len = (size_t)(nl - p) + 1;
        if (line == first)
            buf_add(&b, with, n);
        if (line < first || line > last)
            buf_add(&b, p, len);
        p += len;
    }
    return b;
}

static Buf replace_lines(int first, int last, const char *with)
{
    return replace_lines_n(first, last, with, strlen(with));
}

static Buf replace_line(int line, const char *with)
{
    return replace_lines(line, line, with);
}

/* Asserts that parsing text fails with exactly msg and leaves the model empty. */
static void expect_error_n(const char *text, size_t len, const char *msg)
{
    Model m;
    char err[512];
    memset(&m, 0x5A, sizeof m);
    memset(err, 'X', sizeof err);
    assert_int_equal(model_parse(text, len, "t.model", &m, err, sizeof err), -1);
    assert_string_equal(err, msg);
    assert_null(m.vocab);
    assert_null(m.embedding);
    assert_null(m.wq);
    assert_null(m.wk);
    assert_null(m.wv);
    assert_int_equal(m.d, 0);
    assert_int_equal(m.vocab_size, 0);
    model_free(&m);
}

/* GOOD with one line replaced must fail with msg. */
static void expect_line_error(int line, const char *with, const char *msg)
{
    Buf b = replace_line(line, with);
    expect_error_n(b.s, b.len, msg);
    free(b.s);
}

static void parse_ok(const char *text, size_t len, Model *m)
{
    char err[512] = "";
    int r = model_parse(text, len, "t.model", m, err, sizeof err);
    if (r != 0)
        print_error("unexpected parse error: %s\n", err);
    assert_int_equal(r, 0);
}

/* The values of GOOD, whatever its layout. */
static void assert_good_values(const Model *m)
{
    assert_int_equal(m->d, 2);
    assert_int_equal(m->vocab_size, 3);
    assert_string_equal(m->vocab[0], "a");
    assert_string_equal(m->vocab[1], "b");
    assert_string_equal(m->vocab[2], "c");
    assert_string_equal(m->sentence, "cab");
    /* embedding rows follow the vocabulary order, whatever the file's order */
    assert_true(m->embedding[0 * 2 + 0] == 1.0);
    assert_true(m->embedding[0 * 2 + 1] == 2.0);
    assert_true(m->embedding[1 * 2 + 1] == 4.0);
    assert_true(m->embedding[2 * 2 + 0] == 5.0);
    /* row i = input dim i, column j = output dim j: Wq[0][1] is the 2 of "1 2" */
    assert_true(m->wq[0 * 2 + 1] == 2.0);
    assert_true(m->wq[1 * 2 + 0] == 3.0);
    assert_true(m->wk[0] == 0.5);
    assert_true(m->wk[1] == 0.0);
    assert_true(m->wv[0] == -1.0);
    assert_true(m->wv[1 * 2 + 1] == -1e-3);
}

/* ---------------------------------------------------------------- well-formed models */

static void test_good_model(void **state)
{
    (void)state;
    Model m;
    parse_ok(GOOD, strlen(GOOD), &m);
    assert_good_values(&m);
    model_free(&m);
    assert_null(m.vocab);
    assert_int_equal(m.vocab_size, 0);
}

static void test_good_model_file(void **state)
{
    (void)state;
    Model m;
    char err[512] = "";
    int r = model_load_file(TESTS_DIR "/models/tiny.model", &m, err, sizeof err);
    if (r != 0)
        print_error("%s\n", err);
    assert_int_equal(r, 0);
    assert_good_values(&m);
    model_free(&m);
}

/* The worked example of docs/model-format.md: Q(一) = (word vector + PE[0]) · Wq = [1, 2]. */
static void test_documented_example(void **state)
{
    (void)state;
    Model m;
    char err[512] = "";
    int r = model_load_file(TESTS_DIR "/models/example-d2.model", &m, err, sizeof err);
    if (r != 0)
        print_error("%s\n", err);
    assert_int_equal(r, 0);
    assert_int_equal(m.d, 2);
    assert_int_equal(m.vocab_size, 3);
    assert_string_equal(m.sentence, "一加二");
    int yi = model_find_char(&m, "一");
    assert_int_equal(yi, 0);
    assert_int_equal(model_find_char(&m, "二"), 2);
    assert_true(m.embedding[2 * 2 + 1] == -0.5);
    const double pe0[2] = { 0.0, 1.0 }; /* sin 0, cos 0 */
    double x[2], q[2];
    for (int i = 0; i < 2; i++)
        x[i] = m.embedding[yi * 2 + i] + pe0[i];
    for (int j = 0; j < 2; j++)
        q[j] = x[0] * m.wq[0 * 2 + j] + x[1] * m.wq[1 * 2 + j];
    assert_true(q[0] == 1.0);
    assert_true(q[1] == 2.0);
    assert_true(m.wk[0 * 2 + 1] == 1.0);
    assert_true(m.wv[1 * 2 + 0] == 0.0);
    model_free(&m);
}

static void test_crlf(void **state)
{
    (void)state;
    Buf b = { NULL, 0 };
    for (const char *p = GOOD; *p; p++)
        buf_add(&b, *p == '\n' ? "\r\n" : p, *p == '\n' ? 2 : 1);
    Model m;
    parse_ok(b.s, b.len, &m);
    assert_good_values(&m);
    model_free(&m);
    /* and an error in a CRLF file still names the right line */
    char *bad = strstr(b.s, "3 4\r\n");
    bad[2] = 'x';
    expect_error_n(b.s, b.len, "t.model:10: \"x\" is not a number");
    free(b.s);
}

static void test_comments_blanks_and_tabs(void **state)
{
    (void)state;
    static const char text[] =
        "\n"
        "   # indented comment\n"
        "[vocab]\n"
        "\t# a comment inside a section\n"
        "a\n"
        "\n"
        "  b\tc   \n"
        "[d]\n"
        "  2  \n"
        "[sentence]\n"
        "\tcab\n"
        "[embedding]\n"
        "c\t5\t6\n"
        "# between rows\n"
        "a 1 2\n"
        "\n"
        "b  3    4\n"
        "[wq]\n1 2\n3 4\n[wk]\n0.5 0\n0 0.5\n[wv]\n-1 0\n0 -1e-3\n"
        "# trailing comment\n";
    Model m;
    parse_ok(text, strlen(text), &m);
    assert_good_values(&m);
    model_free(&m);
}

static void test_sections_in_other_order(void **state)
{
    (void)state;
    static const char text[] =
        "[wv]\n-1 0\n0 -1e-3\n"
        "[embedding]\nb 3 4\nc 5 6\na 1 2\n"
        "[sentence]\ncab\n"
        "[wk]\n0.5 0\n0 0.5\n"
        "[wq]\n1 2\n3 4\n"
        "[d]\n2\n"
        "[vocab]\na b c\n";
    Model m;
    parse_ok(text, strlen(text), &m);
    assert_good_values(&m);
    model_free(&m);
}

static void test_no_final_newline_and_bom(void **state)
{
    (void)state;
    Buf b = { NULL, 0 };
    buf_str(&b, "\xEF\xBB\xBF");
    buf_add(&b, GOOD, strlen(GOOD) - 1); /* without the last "\n" */
    Model m;
    parse_ok(b.s, b.len, &m);
    assert_good_values(&m);
    model_free(&m);
    free(b.s);
}

static void test_d1_model(void **state)
{
    (void)state;
    static const char text[] =
        "[vocab]\n"
        "x\n"
        "[d]\n"
        "1\n"
        "[sentence]\n"
        "xxx\n"
        "[embedding]\n"
        "x 0.25\n"
        "[wq]\n"
        "2\n"
        "[wk]\n"
        "-3.5\n"
        "[wv]\n"
        "+.5\n";
    Model m;
    parse_ok(text, strlen(text), &m);
    assert_int_equal(m.d, 1);
    assert_int_equal(m.vocab_size, 1);
    assert_string_equal(m.sentence, "xxx");
    assert_true(m.embedding[0] == 0.25);
    assert_true(m.wq[0] == 2.0);
    assert_true(m.wk[0] == -3.5);
    assert_true(m.wv[0] == 0.5);
    model_free(&m);
}

static void test_cjk_vocab_over_lines(void **state)
{
    (void)state;
    static const char text[] =
        "[vocab]\n"
        "三 加\n"
        "五  ?\n"
        "[d]\n1\n"
        "[sentence]\n三加五?\n"
        "[embedding]\n?  4\n五 3\n加 2\n三 1\n"
        "[wq]\n1\n[wk]\n1\n[wv]\n1\n";
    Model m;
    parse_ok(text, strlen(text), &m);
    assert_int_equal(m.vocab_size, 4);
    assert_string_equal(m.vocab[2], "五");
    assert_string_equal(m.vocab[3], "?");
    assert_string_equal(m.sentence, "三加五?");
    assert_true(m.embedding[0] == 1.0);
    assert_true(m.embedding[3] == 4.0);
    assert_int_equal(model_find_char(&m, "五"), 2);
    model_free(&m);
}

static void test_sixteen_character_sentence(void **state)
{
    (void)state;
    Buf b = replace_line(7, "abcabcabcabcabca\n");
    Model m;
    parse_ok(b.s, b.len, &m);
    assert_string_equal(m.sentence, "abcabcabcabcabca");
    model_free(&m);
    free(b.s);
}

static void test_numbers_accepted(void **state)
{
    (void)state;
    Buf b = replace_lines(19, 20, "-0.0 1E2\n1e-999 .5\n");
    Model m;
    parse_ok(b.s, b.len, &m);
    assert_true(m.wv[0] == 0.0);
    assert_true(m.wv[1] == 100.0);
    assert_true(m.wv[2] == 0.0); /* underflow to zero is fine */
    assert_true(m.wv[3] == 0.5);
    model_free(&m);
    free(b.s);
}

/* Under a locale whose decimal separator is ',' numbers still read with '.'. */
static void test_locale_independent(void **state)
{
    (void)state;
    static const char *const names[] = { "de_DE.UTF-8", "de_DE.utf8", "fr_FR.UTF-8",
                                         "fr_FR.utf8", "de_DE", "fr_FR" };
    const char *set = NULL;
    for (size_t i = 0; i < sizeof names / sizeof names[0] && !set; i++)
        set = setlocale(LC_NUMERIC, names[i]);
    if (!set) {
        print_message("no comma-decimal locale installed: skipped\n");
        skip();
    }
    assert_true(strtod("1,5", NULL) == 1.5); /* the locale really is in effect */
    Model m;
    char err[512] = "";
    int r = model_parse(GOOD, strlen(GOOD), "t.model", &m, err, sizeof err);
    setlocale(LC_NUMERIC, "C");
    if (r != 0)
        print_error("%s\n", err);
    assert_int_equal(r, 0);
    assert_good_values(&m);
    model_free(&m);
}

/* ---------------------------------------------------------------- the default model */

static void test_default_model(void **state)
{
    (void)state;
    Model m;
    char err[512] = "";
    int r = model_load_default(&m, err, sizeof err);
    if (r != 0)
        print_error("%s\n", err);
    assert_int_equal(r, 0);
    assert_int_equal(m.vocab_size, 20);
    assert_int_equal(m.d, 8);
    assert_string_equal(m.sentence, "三加五等于?");
    assert_int_equal(model_find_char(&m, "零"), 0);
    assert_int_equal(model_find_char(&m, "?"), 19);
    assert_true(model_find_char(&m, "等") >= 0);
    for (int i = 0; i < 20 * 8; i++)
        assert_true(isfinite(m.embedding[i]));
    for (int i = 0; i < 8 * 8; i++)
        assert_true(isfinite(m.wq[i]) && isfinite(m.wk[i]) && isfinite(m.wv[i]));
    model_free(&m);
}

/* ---------------------------------------------------------------- model_find_char, model_free */

static void test_find_char(void **state)
{
    (void)state;
    Model m;
    parse_ok(GOOD, strlen(GOOD), &m);
    assert_int_equal(model_find_char(&m, "a"), 0);
    assert_int_equal(model_find_char(&m, "c"), 2);
    assert_int_equal(model_find_char(&m, "z"), -1);
    assert_int_equal(model_find_char(&m, "ab"), -1);
    assert_int_equal(model_find_char(&m, ""), -1);
    assert_int_equal(model_find_char(&m, NULL), -1);
    model_free(&m);
    assert_int_equal(model_find_char(&m, "a"), -1);
    assert_int_equal(model_find_char(NULL, "a"), -1);
}

static void test_free_is_safe(void **state)
{
    (void)state;
    Model m;
    memset(&m, 0, sizeof m);
    model_free(&m);
    model_free(NULL);
    parse_ok(GOOD, strlen(GOOD), &m);
    model_free(&m);
    model_free(&m); /* twice: the first call left it zeroed */
    assert_null(m.wq);
}

/* ---------------------------------------------------------------- error reporting itself */

static void test_error_buffer_limits(void **state)
{
    (void)state;
    Model m;
    char err[16];
    /* NULL err: still -1, nothing written */
    assert_int_equal(model_parse("", 0, "t.model", &m, NULL, 0), -1);
    /* a short buffer is cut and terminated */
    memset(err, 'X', sizeof err);
    assert_int_equal(model_parse("", 0, "t.model", &m, err, 8), -1);
    assert_string_equal(err, "t.model");
    assert_int_equal(err[8], 'X');
    /* a cut never leaves half a UTF-8 character: "三三" cut at 5 bytes keeps "三" */
    assert_int_equal(model_parse("", 0, "三三", &m, err, 5), -1);
    assert_string_equal(err, "三");
    /* ... but a whole character at the cut stays: "三三" cut at 7 bytes keeps both */
    assert_int_equal(model_parse("", 0, "三三", &m, err, 7), -1);
    assert_string_equal(err, "三三");
    /* NULL text with len 0 is an empty file */
    char big[128];
    assert_int_equal(model_parse(NULL, 0, "t", &m, big, sizeof big), -1);
    assert_string_equal(big, "t:1: no sections found (the file is empty or only comments)");
}

/* ---------------------------------------------------------------- malformed: structure */

static void test_empty_file(void **state)
{
    (void)state;
    expect_error_n("", 0, "t.model:1: no sections found (the file is empty or only comments)");
    expect_error_n("# a\n\n   # b\n", 12,
                   "t.model:3: no sections found (the file is empty or only comments)");
}

static void test_missing_section(void **state)
{
    (void)state;
    Buf b = replace_lines(18, 20, "");
    expect_error_n(b.s, b.len, "t.model:17: missing section [wv]");
    free(b.s);
    b = replace_lines(2, 3, "");
    expect_error_n(b.s, b.len, "t.model:18: missing section [vocab]");
    free(b.s);
    expect_error_n("[d]\n1", 5, "t.model:2: missing section [vocab]");
}

static void test_missing_section_file(void **state)
{
    (void)state;
    Model m;
    char err[512];
    assert_int_equal(model_load_file(TESTS_DIR "/models/bad-missing-wv.model", &m, err,
                                     sizeof err), -1);
    assert_string_equal(err, TESTS_DIR "/models/bad-missing-wv.model:27: missing section [wv]");
    assert_null(m.wq);
}

static void test_repeated_section(void **state)
{
    (void)state;
    expect_line_error(18, "[wk]\n", "t.model:18: section [wk] appears twice (first on line 15)");
}

static void test_unknown_section(void **state)
{
    (void)state;
    expect_line_error(1, "[foo]\n", "t.model:1: unknown section [foo] (known: [vocab] [d] "
                      "[sentence] [embedding] [wq] [wk] [wv], and for a readout [answers] [wo] [bo] [w1] [b1] "
                      "[w2] [heads])");
    expect_line_error(12, "[WQ]\n", "t.model:12: unknown section [WQ] (known: [vocab] [d] "
                      "[sentence] [embedding] [wq] [wk] [wv], and for a readout [answers] [wo] [bo] [w1] [b1] "
                      "[w2] [heads])");
    expect_line_error(12, "[wq\n",
                      "t.model:12: malformed section header \"[wq\" (write it as [name])");
    expect_line_error(12, "[wq]# weights\n", "t.model:12: malformed section header "
                      "\"[wq]# weights\" (write it as [name])");
    /* full-width look-alikes of a header get a hint, wherever they stand */
    expect_line_error(12, "［wq］\n", "t.model:12: \"［wq］\" is not a section header (did you "
                      "mean \"[wq]\"? \"［\" is U+FF3B, not \"[\")");
    expect_line_error(12, "[ｗｑ]\n", "t.model:12: unknown section [ｗｑ] (did you mean "
                      "\"[wq]\"? \"ｗ\" is U+FF57, not \"w\")");
    expect_line_error(12, "[wq］\n", "t.model:12: malformed section header \"[wq］\" (did you "
                      "mean \"[wq]\"? \"］\" is U+FF3D, not \"]\")");
}

static void test_text_before_first_section(void **state)
{
    (void)state;
    expect_line_error(1, "hello world\n",
                      "t.model:1: text before the first section: \"hello world\"");
}

/* ---------------------------------------------------------------- malformed: bytes and lines */

static void test_not_text(void **state)
{
    (void)state;
    Buf b = replace_lines_n(10, 10, "b 3\0 4\n", 7);
    expect_error_n(b.s, b.len, "t.model:10: NUL byte: this is not a text file");
    free(b.s);
    expect_line_error(10, "b 3 \x01\n", "t.model:10: control byte 0x01: this is not a text file");
    expect_line_error(10, "b 3\r4\n", "t.model:10: stray carriage return (CR) inside a line");
    /* C1 controls are valid UTF-8 but as dangerous on a terminal (U+009B starts a CSI) */
    expect_line_error(3, "a b c \xC2\x9B\n",
                      "t.model:3: control character U+009B: this is not a text file");
    expect_line_error(3, "a b \xC2\x85\n",
                      "t.model:3: control character U+0085: this is not a text file");
    expect_line_error(1, "# \xC2\x80\n",
                      "t.model:1: control character U+0080: this is not a text file");
    expect_line_error(7, "ca\xC2\x9F" "b\n",
                      "t.model:7: control character U+009F: this is not a text file");
    /* U+00A0..: printable, no longer C1 (U+00A0 is a blank look-alike, see below) */
    expect_line_error(3, "a b c \xC2\xA1\n", "t.model:8: no embedding row for \"¡\"");

    Model m;
    char err[512];
    assert_int_equal(model_load_file(TESTS_DIR "/models/bad-not-text.model", &m, err,
                                     sizeof err), -1);
    assert_string_equal(err, TESTS_DIR "/models/bad-not-text.model:4: NUL byte: this is not "
                        "a text file");
}

static void test_invalid_utf8(void **state)
{
    (void)state;
    expect_line_error(3, "a b \xFF\n", "t.model:3: invalid UTF-8 (save the file as UTF-8)");
    expect_line_error(3, "a b \xE4\xB8\n", "t.model:3: invalid UTF-8 (save the file as UTF-8)");
    /* invalid bytes in a comment are still reported */
    expect_line_error(1, "# caf\xE9\n", "t.model:1: invalid UTF-8 (save the file as UTF-8)");
    /* an overlong encoding of '/' */
    expect_line_error(7, "\xC0\xAF\n", "t.model:7: invalid UTF-8 (save the file as UTF-8)");
}

static void test_long_line(void **state)
{
    (void)state;
    Buf ok = { NULL, 0 }, bad = { NULL, 0 };
    char *comment = malloc(MODEL_MAX_LINE + 2);
    assert_non_null(comment);
    memset(comment, ' ', MODEL_MAX_LINE + 1);
    comment[0] = '#';
    comment[MODEL_MAX_LINE + 1] = '\0';
    /* exactly MODEL_MAX_LINE bytes, plus CRLF: accepted */
    buf_add(&ok, comment, MODEL_MAX_LINE);
    buf_str(&ok, "\r\n");
    buf_str(&ok, GOOD);
    Model m;
    parse_ok(ok.s, ok.len, &m);
    assert_good_values(&m);
    model_free(&m);
    /* one byte more: rejected */
    buf_str(&bad, "[vocab]\n");
    buf_add(&bad, comment, MODEL_MAX_LINE + 1);
    buf_str(&bad, "\n");
    buf_str(&bad, GOOD + strlen("# tiny model\n[vocab]\n"));
    expect_error_n(bad.s, bad.len, "t.model:2: line is longer than 32768 bytes");
    free(comment);
    free(ok.s);
    free(bad.s);
}

/* ---------------------------------------------------------------- malformed: [vocab] */

static void test_vocab_entries(void **state)
{
    (void)state;
    expect_line_error(3, "a bc c\n",
                      "t.model:3: vocabulary entry \"bc\" is not exactly one character");
    expect_line_error(3, "a b 三加\n",
                      "t.model:3: vocabulary entry \"三加\" is not exactly one character");
    /* e + combining acute accent: two code points */
    expect_line_error(3, "a b e\xCC\x81\n",
                      "t.model:3: vocabulary entry \"e\xCC\x81\" is not exactly one character");
    expect_line_error(3, "a b a\n", "t.model:3: vocabulary entry \"a\" appears twice");
    Buf b = replace_line(3, "a b\nc b\n");
    expect_error_n(b.s, b.len, "t.model:4: vocabulary entry \"b\" appears twice");
    free(b.s);
    expect_line_error(3, "a b\xE3\x80\x80" "c\n", "t.model:3: full-width space U+3000 in "
                      "\"b\xE3\x80\x80" "c\" (did you mean \"b c\"?)");
    expect_line_error(3, "a b\xC2\xA0" "c\n", "t.model:3: no-break space U+00A0 in "
                      "\"b\xC2\xA0" "c\" (did you mean \"b c\"?)");
    expect_line_error(3, "a b c [\n", "t.model:3: vocabulary entry \"[\" cannot be used: its "
                      "embedding line would read as a section");
    /* characters that take no column: a zero-width space, a lone combining accent */
    expect_line_error(3, "a b c \xE2\x80\x8B\n", "t.model:3: vocabulary entry U+200B cannot "
                      "be used: it takes no room on the screen");
    expect_line_error(3, "a b c \xCC\x81\n", "t.model:3: vocabulary entry U+0301 cannot "
                      "be used: it takes no room on the screen");
    expect_line_error(3, "", "t.model:2: [vocab] is empty");
    /* a long token is shortened in the message */
    expect_line_error(3, "a b c abcdefghijklmnopqrstuvwxyz0123456789\n",
                      "t.model:3: vocabulary entry \"abcdefghijklmnopqrstuvwxyz012345...\" "
                      "is not exactly one character");
}

/* A vocabulary of n distinct CJK characters, d = 1, every row present. */
static Buf big_vocab_model(int n)
{
    Buf b = { NULL, 0 };
    Buf emb = { NULL, 0 };
    buf_str(&b, "[d]\n1\n[wq]\n1\n[wk]\n1\n[wv]\n1\n[vocab]\n");
    buf_str(&emb, "[embedding]\n");
    for (int i = 0; i < n; i++) {
        unsigned cp = 0x4E00u + (unsigned)i;
        char ch[4] = { (char)(0xE0 | (cp >> 12)), (char)(0x80 | ((cp >> 6) & 0x3F)),
                       (char)(0x80 | (cp & 0x3F)), '\0' };
        buf_str(&b, ch);
        buf_str(&b, i % 64 == 63 ? "\n" : " ");
        buf_str(&emb, ch);
        buf_str(&emb, " 0.5\n");
    }
    buf_str(&b, "\n[sentence]\n\xE4\xB8\x80\n"); /* 一, U+4E00 */
    buf_add(&b, emb.s, emb.len);
    free(emb.s);
    return b;
}

static void test_vocab_limit(void **state)
{
    (void)state;
    Buf b = big_vocab_model(MODEL_MAX_VOCAB);
    Model m;
    parse_ok(b.s, b.len, &m);
    assert_int_equal(m.vocab_size, 4096);
    assert_string_equal(m.vocab[4095], "\xE5\xB7\xBF"); /* U+4E00 + 4095 = U+5DFF */
    assert_true(m.embedding[4095] == 0.5);
    model_free(&m);
    free(b.s);
    /* 4097 entries: the 4097th is the first on line 9 + 4096/64 + 1 = 74 */
    b = big_vocab_model(MODEL_MAX_VOCAB + 1);
    expect_error_n(b.s, b.len, "t.model:74: vocabulary has more than 4096 entries");
    free(b.s);
}

/* ---------------------------------------------------------------- malformed: [d] */

static void test_d_values(void **state)
{
    (void)state;
    expect_line_error(5, "0\n", "t.model:5: d must be a whole number from 1 to 512, got \"0\"");
    expect_line_error(5, "513\n",
                      "t.model:5: d must be a whole number from 1 to 512, got \"513\"");
    expect_line_error(5, "-2\n", "t.model:5: d must be a whole number from 1 to 512, got \"-2\"");
    expect_line_error(5, "2.0\n",
                      "t.model:5: d must be a whole number from 1 to 512, got \"2.0\"");
    expect_line_error(5, "99999999999999999999\n", "t.model:5: d must be a whole number from "
                      "1 to 512, got \"99999999999999999999\"");
    expect_line_error(5, "two\n",
                      "t.model:5: d must be a whole number from 1 to 512, got \"two\"");
    expect_line_error(5, "2 2\n", "t.model:5: [d] holds one number, got 2");
    expect_line_error(5, "2\n2\n", "t.model:6: [d] holds one number, but here is another line");
    expect_line_error(5, "", "t.model:4: [d] has no number");
}

/* ---------------------------------------------------------------- malformed: [sentence] */

static void test_sentence(void **state)
{
    (void)state;
    expect_line_error(7, "cat\n", "t.model:7: sentence character \"t\" is not in [vocab]");
    expect_line_error(7, "c三\n", "t.model:7: sentence character \"三\" is not in [vocab]");
    expect_line_error(7, "abcabcabcabcabcab\n",
                      "t.model:7: the sentence has 17 characters, at most 16 allowed");
    expect_line_error(7, "ab c\n", "t.model:7: the sentence must not contain blanks");
    expect_line_error(7, "", "t.model:6: [sentence] is empty");
    expect_line_error(7, "cab\nabc\n",
                      "t.model:8: [sentence] holds one line, but here is another");
}

/* ---------------------------------------------------------------- malformed: [embedding] */

static void test_embedding(void **state)
{
    (void)state;
    expect_line_error(10, "z 3 4\n",
                      "t.model:10: embedding row for \"z\", which is not in [vocab]");
    expect_line_error(10, "", "t.model:8: no embedding row for \"b\"");
    expect_line_error(11, "a 5 6\n", "t.model:11: second embedding row for \"a\"");
    expect_line_error(10, "b 3\n", "t.model:10: embedding of \"b\": expected 2 numbers, got 1");
    expect_line_error(10, "b 3 4 5\n",
                      "t.model:10: embedding of \"b\": expected 2 numbers, got 3");
    expect_line_error(10, "b\n", "t.model:10: embedding of \"b\": expected 2 numbers, got 0");
    expect_line_error(10, "3 4\n",
                      "t.model:10: embedding row for \"3\", which is not in [vocab]");
}

/* ---------------------------------------------------------------- malformed: [wq] [wk] [wv] */

static void test_matrix_rows(void **state)
{
    (void)state;
    expect_line_error(13, "1 2 3\n", "t.model:13: [wq] row 1: expected 2 numbers, got 3");
    expect_line_error(17, "0\n", "t.model:17: [wk] row 2: expected 2 numbers, got 1");
    expect_line_error(17, "", "t.model:15: [wk] has only 1 of its 2 rows");
    expect_line_error(13, "", "t.model:12: [wq] has only 1 of its 2 rows");
    expect_line_error(14, "3 4\n5 6\n", "t.model:15: [wq] has more than 2 rows");
    Buf b = replace_lines(19, 20, "");
    expect_error_n(b.s, b.len, "t.model:18: [wv] has only 0 of its 2 rows");
    free(b.s);
}

static void test_numbers_rejected(void **state)
{
    (void)state;
    expect_line_error(14, "3 four\n", "t.model:14: \"four\" is not a number");
    expect_line_error(14, "3 1,5\n", "t.model:14: \"1,5\" is not a number");
    expect_line_error(14, "3 0x10\n", "t.model:14: \"0x10\" is not a number");
    expect_line_error(14, "3 4.0.0\n", "t.model:14: \"4.0.0\" is not a number");
    expect_line_error(14, "3 -\n", "t.model:14: \"-\" is not a number");
    expect_line_error(16, "nan 0\n", "t.model:16: \"nan\" is not a finite number");
    expect_line_error(16, "0 NAN\n", "t.model:16: \"NAN\" is not a finite number");
    expect_line_error(16, "inf 0\n", "t.model:16: \"inf\" is not a finite number");
    expect_line_error(16, "-Infinity 0\n", "t.model:16: \"-Infinity\" is not a finite number");
    expect_line_error(16, "1e999 0\n", "t.model:16: \"1e999\" is not a finite number");
    expect_line_error(16, "0 -1e309\n", "t.model:16: \"-1e309\" is not a finite number");
    expect_line_error(9, "a 1 nan\n", "t.model:9: \"nan\" is not a finite number");
}

/* A number may be long, but not longer than MODEL_MAX_NUMBER: never cut into another. */
static void test_number_length(void **state)
{
    (void)state;
    char num[MODEL_MAX_NUMBER + 2], line[MODEL_MAX_NUMBER + 8];
    memset(num, '0', sizeof num);
    memcpy(num, "0.125", 5);
    num[MODEL_MAX_NUMBER] = '\0';                 /* 64 characters: accepted */
    snprintf(line, sizeof line, "3 %s\n", num);
    Buf b = replace_line(14, line);
    Model m;
    parse_ok(b.s, b.len, &m);
    assert_true(m.wq[1 * 2 + 1] == 0.125);
    model_free(&m);
    free(b.s);
    num[MODEL_MAX_NUMBER] = '1';                  /* 65: rejected, whatever its value */
    num[MODEL_MAX_NUMBER + 1] = '\0';
    snprintf(line, sizeof line, "3 %s\n", num);
    expect_line_error(14, line, "t.model:14: number \"0.125000000000000000000000000000"
                      "...\" is longer than 64 characters");
}

/* ---------------------------------------------------------------- comments after values */

static void test_trailing_comments(void **state)
{
    (void)state;
    static const char text[] =
        "[vocab]   # the characters\n"
        "a b c # three\n"
        "[d]\t# the width\n"
        "2 # d\n"
        "[sentence] #\n"
        "cab\t#the sentence\n"
        "[embedding]\n"
        "a 1 2 # a's vector\n"
        "b 3 4 #\n"
        "c 5 6 ## two marks\n"
        "[wq]\n1 2 # row 0\n3 4\n[wk]\n0.5 0 # \xE6\xB3\xA8\n0 0.5\n[wv]\n-1 0\n0 -1e-3 # last\n";
    Model m;
    parse_ok(text, strlen(text), &m);
    assert_good_values(&m);
    model_free(&m);
    /* a '#' inside a word is not a comment */
    expect_line_error(14, "3 4#\n", "t.model:14: \"4#\" is not a number");
    expect_line_error(7, "cab#\n", "t.model:7: sentence character \"#\" is not in [vocab]");
    /* a comment does not hide a missing number */
    expect_line_error(14, "3 # 4\n", "t.model:14: [wq] row 2: expected 2 numbers, got 1");
}

/* ---------------------------------------------------------------- look-alikes */

static void test_lookalike_numbers(void **state)
{
    (void)state;
    expect_line_error(14, "3 \xEF\xBC\x94\n", "t.model:14: \"４\" is not a number (did you "
                      "mean \"4\"? \"４\" is U+FF14, not \"4\")");
    expect_line_error(14, "3 \xE2\x88\x92" "4\n", "t.model:14: \"−4\" is not a number (did you "
                      "mean \"-4\"? \"−\" is U+2212, not \"-\")");
    expect_line_error(14, "3 4。5\n", "t.model:14: \"4。5\" is not a number (did you mean "
                      "\"4.5\"? \"。\" is U+3002, not \".\")");
    /* no hint when the ASCII reading is no number either */
    expect_line_error(14, "3 １,５\n", "t.model:14: \"１,５\" is not a number");
    expect_line_error(14, "3\xE3\x80\x80" "4\n", "t.model:14: full-width space U+3000 in "
                      "\"3\xE3\x80\x80" "4\" (did you mean \"3 4\"?)");
    expect_line_error(10, "b 3 4\xE3\x80\x80\n", "t.model:10: full-width space U+3000 in "
                      "\"4\xE3\x80\x80\" (did you mean \"4 \"?)");
}

static void test_lookalike_characters(void **state)
{
    (void)state;
    static const char with_question[] =
        "[vocab]\na b ?\n[d]\n1\n[sentence]\nab\xEF\xBC\x9F\n[embedding]\na 1\nb 2\n? 3\n"
        "[wq]\n1\n[wk]\n1\n[wv]\n1\n";
    expect_error_n(with_question, strlen(with_question), "t.model:6: sentence character "
                   "\"？\" is not in [vocab] (did you mean \"?\"? \"？\" is U+FF1F, not \"?\")");
    static const char row[] =
        "[vocab]\na b ?\n[d]\n1\n[sentence]\nab?\n[embedding]\na 1\nb 2\n\xEF\xBC\x9F 3\n"
        "[wq]\n1\n[wk]\n1\n[wv]\n1\n";
    expect_error_n(row, strlen(row), "t.model:10: embedding row for \"？\", which is not in "
                   "[vocab] (did you mean \"?\"? \"？\" is U+FF1F, not \"?\")");
    /* no hint when the ASCII character is not in the vocabulary either */
    expect_line_error(7, "ca\xEF\xBC\x9F\n", "t.model:7: sentence character \"？\" is not "
                      "in [vocab]");
    /* the same character in the vocabulary is fine: look-alikes are only hinted at */
    static const char fullwidth_vocab[] =
        "[vocab]\n\xEF\xBC\x9F\n[d]\n1\n[sentence]\n\xEF\xBC\x9F\n[embedding]\n\xEF\xBC\x9F 3\n"
        "[wq]\n1\n[wk]\n1\n[wv]\n1\n";
    Model m;
    parse_ok(fullwidth_vocab, strlen(fullwidth_vocab), &m);
    assert_string_equal(m.vocab[0], "？");
    model_free(&m);
}

static void test_lookalike_table(void **state)
{
    (void)state;
    assert_int_equal(model_lookalike("？"), '?');
    assert_int_equal(model_lookalike("＋"), '+');
    assert_int_equal(model_lookalike("＝"), '=');
    assert_int_equal(model_lookalike("０"), '0');
    assert_int_equal(model_lookalike("９"), '9');
    assert_int_equal(model_lookalike("！"), '!');   /* U+FF01, the first full-width form */
    assert_int_equal(model_lookalike("～"), '~');   /* U+FF5E, the last */
    assert_int_equal(model_lookalike("\xE3\x80\x80"), ' ');
    assert_int_equal(model_lookalike("\xC2\xA0"), ' ');
    assert_int_equal(model_lookalike("−"), '-');
    assert_int_equal(model_lookalike("。"), '.');
    assert_int_equal(model_lookalike("?"), 0);      /* ASCII is itself, not a look-alike */
    assert_int_equal(model_lookalike("三"), 0);
    assert_int_equal(model_lookalike("\xEF\xBD\x9F"), 0); /* U+FF5F, past the full-width forms */
    assert_int_equal(model_lookalike("？？"), 0);    /* one character only */
    assert_int_equal(model_lookalike(""), 0);
    assert_int_equal(model_lookalike("\xEF\xBC"), 0);   /* a cut sequence is no look-alike */
    assert_int_equal(model_lookalike(NULL), 0);
}

/* ---------------------------------------------------------------- model_load_file */

static void test_load_file_errors(void **state)
{
    (void)state;
    Model m;
    char err[512];
    assert_int_equal(model_load_file(TESTS_DIR "/models/no-such.model", &m, err, sizeof err),
                     -1);
    assert_string_equal(err, TESTS_DIR "/models/no-such.model: cannot read: No such file "
                        "or directory");
    assert_int_equal(model_load_file(TESTS_DIR "/models", &m, err, sizeof err), -1);
    assert_string_equal(err, TESTS_DIR "/models: cannot read: Is a directory");
    assert_null(m.vocab);
}

static void test_load_file_too_big(void **state)
{
    (void)state;
    char path[] = "/tmp/attn-model-XXXXXX";
    int fd = mkstemp(path);
    assert_true(fd >= 0);
    FILE *f = fdopen(fd, "wb");
    assert_non_null(f);
    /* a sparse file of 64 MiB + 1 byte: rejected before it is read */
    assert_int_equal(fseek(f, 64L * 1024 * 1024, SEEK_SET), 0);
    assert_int_equal(fputc('#', f), '#');
    fclose(f);
    Model m;
    char err[512];
    char want[600];
    snprintf(want, sizeof want, "%s: file is larger than 64 MiB, not a model", path);
    int r = model_load_file(path, &m, err, sizeof err);
    remove(path);
    assert_int_equal(r, -1);
    assert_string_equal(err, want);
}

/* ---------------------------------------------------------------- main */

/* U+2028, U+2029, noncharacters: libunistring gives them a column, but they go out raw in
 * --print, --dump and the cast, so the vocabulary refuses them. */
static void test_vocab_unprintable(void **state)
{
    (void)state;
    static const struct { const char *bytes; const char *cp; } bad[] = {
        { "\xE2\x80\xA8", "2028" }, { "\xE2\x80\xA9", "2029" }, { "\xEF\xBF\xBF", "FFFF" },
        { "\xEF\xBF\xBE", "FFFE" }, { "\xEF\xB7\x90", "FDD0" }, { "\xEF\xB7\xAF", "FDEF" },
        { "\xF0\x9F\xBF\xBF", "1FFFF" },
    };
    for (size_t i = 0; i < sizeof bad / sizeof bad[0]; i++) {
        char line[32], want[200];
        snprintf(line, sizeof line, "a b c %s\n", bad[i].bytes);
        snprintf(want, sizeof want, "t.model:3: vocabulary entry U+%s cannot be used: it is a "
                 "separator, a control or a noncharacter, not a printable character", bad[i].cp);
        expect_line_error(3, line, want);
    }
}

/* Bidi and zero-width characters in a quoted token are shown escaped, and so are the
 * controls of a file name. */
static void test_messages_escaped(void **state)
{
    (void)state;
    expect_line_error(3, "a b c b\xE2\x80\xAE" "evil\n", "t.model:3: vocabulary entry "
                      "\"b\\u202Eevil\" is not exactly one character");
    expect_line_error(14, "3 -0.5\xE2\x80\xAE\n", "t.model:14: \"-0.5\\u202E\" is not a number");
    expect_line_error(4, "[d\xE2\x80\xAE]\n", "t.model:4: unknown section [d\\u202E] (known: "
                      "[vocab] [d] [sentence] [embedding] [wq] [wk] [wv], and for a readout "
                      "[answers] [wo] [bo] [w1] [b1] [w2] [heads])");
    Model m;
    char err[512];
    Buf b = replace_line(7, "ca\xE2\x81\xA6\n");     /* U+2066, not in [vocab] */
    assert_int_equal(model_parse(b.s, b.len, "/tmp/\033]0;pwned\a\033[31mRED", &m, err,
                                 sizeof err), -1);
    free(b.s);
    assert_string_equal(err, "/tmp/\\x1B]0;pwned\\x07\\x1B[31mRED:7: sentence character "
                        "\"\\u2066\" is not in [vocab]");
    assert_null(strchr(err, '\033'));
    assert_null(strchr(err, '\a'));
}

/* A FIFO with no writer is refused at once, not waited on forever. */
static void test_load_fifo_refused(void **state)
{
    (void)state;
    char dir[] = "/tmp/attn-fifo-XXXXXX", path[64], want[160], err[512];
    assert_non_null(mkdtemp(dir));
    snprintf(path, sizeof path, "%s/m\033[31m.model", dir);
    assert_int_equal(mkfifo(path, 0600), 0);
    Model m;
    assert_int_equal(model_load_file(path, &m, err, sizeof err), -1);
    snprintf(want, sizeof want, "%s/m\\x1B[31m.model: not a regular file (a model is read from "
             "a file, not a pipe or a device)", dir);
    assert_string_equal(err, want);
    unlink(path);
    rmdir(dir);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_good_model),
        cmocka_unit_test(test_good_model_file),
        cmocka_unit_test(test_documented_example),
        cmocka_unit_test(test_crlf),
        cmocka_unit_test(test_comments_blanks_and_tabs),
        cmocka_unit_test(test_sections_in_other_order),
        cmocka_unit_test(test_no_final_newline_and_bom),
        cmocka_unit_test(test_d1_model),
        cmocka_unit_test(test_cjk_vocab_over_lines),
        cmocka_unit_test(test_sixteen_character_sentence),
        cmocka_unit_test(test_numbers_accepted),
        cmocka_unit_test(test_locale_independent),
        cmocka_unit_test(test_default_model),
        cmocka_unit_test(test_find_char),
        cmocka_unit_test(test_free_is_safe),
        cmocka_unit_test(test_error_buffer_limits),
        cmocka_unit_test(test_empty_file),
        cmocka_unit_test(test_missing_section),
        cmocka_unit_test(test_missing_section_file),
        cmocka_unit_test(test_repeated_section),
        cmocka_unit_test(test_unknown_section),
        cmocka_unit_test(test_text_before_first_section),
        cmocka_unit_test(test_not_text),
        cmocka_unit_test(test_invalid_utf8),
        cmocka_unit_test(test_long_line),
        cmocka_unit_test(test_vocab_entries),
        cmocka_unit_test(test_vocab_limit),
        cmocka_unit_test(test_d_values),
        cmocka_unit_test(test_sentence),
        cmocka_unit_test(test_embedding),
        cmocka_unit_test(test_matrix_rows),
        cmocka_unit_test(test_numbers_rejected),
        cmocka_unit_test(test_number_length),
        cmocka_unit_test(test_trailing_comments),
        cmocka_unit_test(test_lookalike_numbers),
        cmocka_unit_test(test_lookalike_characters),
        cmocka_unit_test(test_lookalike_table),
        cmocka_unit_test(test_load_file_errors),
        cmocka_unit_test(test_load_file_too_big),
        cmocka_unit_test(test_vocab_unprintable),
        cmocka_unit_test(test_messages_escaped),
        cmocka_unit_test(test_load_fifo_refused),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
