/* test_model_layered.c — unit tests for a layered model's file (src/model.c, src/model_write.c):
 * reading tests/models/layered-tiny.model, writing it back number for number and byte for byte,
 * copying it, and the one-line message of each malformed layered file.
 * Must not touch: the terminal, files outside tests/ and a temporary directory. */
#include <stdarg.h>
#include <stddef.h>
#include <setjmp.h>
#include <stdint.h>
#include <cmocka.h>

#include <locale.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "model.h"
#include "model_write.h"

#ifndef TESTS_DIR
#define TESTS_DIR "tests"
#endif

#define TINY TESTS_DIR "/models/layered-tiny.model"

/* The model written to text (malloc'd; *len its length). */
static char *written(const Model *m, size_t *len)
{
    char *buf = NULL;
    FILE *f = open_memstream(&buf, len);
    assert_non_null(f);
    model_write_layered(f, m, m->sentence, "made by a test\nsecond line");
    assert_int_equal(fclose(f), 0);
    return buf;
}

static void test_read_tiny(void **state)
{
    (void)state;
    Model m;
    char err[256];
    assert_int_equal(model_load_file(TINY, &m, err, sizeof err), 0);
    assert_int_equal(m.layers, 2);
    assert_int_equal(m.heads, 2);
    assert_int_equal(m.d, 16);
    assert_int_equal(m.context, 16);
    assert_int_equal(m.mlp, 32);
    assert_int_equal(m.vocab_size, 25);
    assert_string_equal(m.sentence, "床前明月光，疑是地上霜。");
    assert_null(m.wq);
    assert_null(m.position);
    assert_non_null(m.head_stats);
    assert_int_equal(m.param_count, (size_t)(25 * 16 + 2 * (4 * 16 + 4 * (16 * 16 + 16) + 16 * 32 + 32 + 32 * 16 + 16)
                                         + 2 * 16 + 16 * 25 + 25));
    /* the first word vector, LN₁'s first gain and the last lm_head row's bias, as written */
    assert_true(m.layer[0].ln1_gain[0] > 0.5 && m.layer[0].ln1_gain[0] < 1.5);
    char line[4096];
    FILE *f = fopen(TINY, "r");
    assert_non_null(f);
    double first = 0.0, last_bias = 0.0;
    bool in_embedding = false, in_head = false;
    while (fgets(line, sizeof line, f)) {
        if (strncmp(line, "[embedding]", 11) == 0)
            in_embedding = true;
        else if (in_embedding && strncmp(line, "床 ", 4) == 0) {
            first = strtod(line + 4, NULL);
            in_embedding = false;
        }
        if (strncmp(line, "[lm_head]", 9) == 0)
            in_head = true;
        else if (in_head && strncmp(line, "〓 ", 4) == 0) {
            char *end = line + strlen(line);
            while (end > line && end[-1] != ' ')
                end--;
            last_bias = strtod(end, NULL);
            in_head = false;
        }
    }
    fclose(f);
    assert_true(m.embedding[0] == first);
    assert_true(m.lm_bias[24] == last_bias);
    model_free(&m);
}

/* Written back and read again: the same numbers, and writing that gives the same bytes. */
static void test_round_trip(void **state)
{
    (void)state;
    Model m, back, copy;
    char err[256];
    assert_int_equal(model_load_file(TINY, &m, err, sizeof err), 0);
    size_t len;
    char *text = written(&m, &len);
    assert_non_null(strstr(text, "# made by a test\n# second line\n"));
    assert_int_equal(model_parse(text, len, "back", &back, err, sizeof err), 0);
    assert_int_equal(back.param_count, m.param_count);
    assert_memory_equal(back.params, m.params, m.param_count * sizeof(double));
    assert_memory_equal(back.head_stats, m.head_stats, 4 * MODEL_STATS_COLS(16) * sizeof(double));
    size_t len2;
    char *again = written(&back, &len2);
    assert_int_equal(len, len2);
    assert_memory_equal(text, again, len);
    /* a copy is deep: the same numbers in its own block */
    assert_int_equal(model_copy(&copy, &m), 0);
    assert_true(copy.params != m.params);
    assert_memory_equal(copy.params, m.params, m.param_count * sizeof(double));
    assert_true(copy.layer[1].w2 == copy.params + (m.layer[1].w2 - m.params));
    assert_true(copy.embedding == copy.params);
    free(text);
    free(again);
    model_free(&m);
    model_free(&back);
    model_free(&copy);
}

/* A learned position table round-trips too, and numbers are written with '.' in any locale. */
static void test_learned_position_and_locale(void **state)
{
    (void)state;
    Model m;
    assert_int_equal(model_alloc_layered(&m, 3, 2, 1, 1, 4, 4, true), 0);
    const char *chars[] = { "a", "b", "c" };
    for (int i = 0; i < 3; i++)
        snprintf(m.vocab[i], TEXT_CHAR_BYTES, "%s", chars[i]);
    for (size_t i = 0; i < m.param_count; i++)
        m.params[i] = 0.25 * (double)i - 1.0 / 3.0;
    snprintf(m.sentence, sizeof m.sentence, "abc");
    const char *was = setlocale(LC_NUMERIC, "de_DE.UTF-8");
    size_t len;
    char *text = written(&m, &len);
    if (was)
        setlocale(LC_NUMERIC, "C");
    assert_non_null(strstr(text, "[position]\n"));
    assert_null(strstr(text, "0,25"));
    Model back;
    char err[256];
    assert_int_equal(model_parse(text, len, "back", &back, err, sizeof err), 0);
    assert_non_null(back.position);
    assert_memory_equal(back.params, m.params, m.param_count * sizeof(double));
    free(text);
    model_free(&m);
    model_free(&back);
}

/* The tiny model's text with `from` replaced by `to` (once), parsed: the error line. */
static void refused(const char *from, const char *to, const char *want)
{
    FILE *f = fopen(TINY, "rb");
    assert_non_null(f);
    static char text[1 << 17];
    size_t len = fread(text, 1, sizeof text - 1, f);
    fclose(f);
    text[len] = '\0';
    char *at = strstr(text, from);
    assert_non_null(at);
    static char changed[1 << 17];
    size_t head = (size_t)(at - text);
    memcpy(changed, text, head);
    snprintf(changed + head, sizeof changed - head, "%s%s", to, at + strlen(from));
    Model m;
    char err[512];
    assert_int_equal(model_parse(changed, strlen(changed), "l.model", &m, err, sizeof err), -1);
    assert_string_equal(err, want);
}

/* The line on which `needle` starts in the tiny model. */
static int line_of(const char *needle)
{
    FILE *f = fopen(TINY, "rb");
    char line[4096];
    int n = 0, found = 0;
    while (fgets(line, sizeof line, f)) {
        n++;
        if (!found && strncmp(line, needle, strlen(needle)) == 0)
            found = n;
    }
    fclose(f);
    return found;
}

static void test_refusal_messages(void **state)
{
    (void)state;
    char want[512];
    snprintf(want, sizeof want, "l.model:%d: [layers] must be a whole number from 1 to 8, got \"9\"",
             line_of("[layers]") + 1);
    refused("[layers]\n2", "[layers]\n9", want);
    snprintf(want, sizeof want, "l.model:%d: [context] must be a whole number from 1 to 64, got \"65\"",
             line_of("[context]") + 1);
    refused("[context]\n16", "[context]\n65", want);
    snprintf(want, sizeof want, "l.model:%d: [layer 3 wq]: the model has 2 layers", line_of("[ln_f]"));
    refused("[ln_f]", "[layer 3 wq]", want);
    snprintf(want, sizeof want, "l.model:%d: [wq] belongs to the lesson's model: a layered model has "
             "[layer 1 wq] and the like", line_of("[ln_f]"));
    refused("[ln_f]", "[wq]", want);
    snprintf(want, sizeof want, "l.model:%d: [heads] is 3, but d = 16 is not divisible by it", line_of("[heads]"));
    refused("[heads]\n2", "[heads]\n3", want);
    snprintf(want, sizeof want, "l.model:%d: the sentence has 18 characters, at most 16 allowed",
             line_of("[sentence]") + 1);
    refused("[sentence]\n床前明月光，疑是地上霜。", "[sentence]\n床前明月光，疑是地上霜。床前明月光，", want);
    snprintf(want, sizeof want, "l.model:%d: lm_head of \"床\": expected 17 numbers, got 1", line_of("[lm_head]") + 1);
    refused("\n[lm_head]\n", "\n[lm_head]\n床 1\n", want);
    snprintf(want, sizeof want, "l.model:%d: second lm_head row for \"床\"", line_of("[lm_head]") + 2);
    refused("\n[lm_head]\n", "\n[lm_head]\n床 1 2 3 4 5 6 7 8 9 10 11 12 13 14 15 16 17\n", want);
    snprintf(want, sizeof want, "l.model:%d: section [context] is a layered model's, but [layers] is missing",
             line_of("[context]") - 2);
    refused("[layers]\n2\n", "", want);
    snprintf(want, sizeof want, "l.model:%d: [layer 2 w2] has only 31 of its 32 rows", line_of("[layer 2 w2]"));
    FILE *f = fopen(TINY, "rb");
    static char text[1 << 17];
    size_t len = fread(text, 1, sizeof text - 1, f);
    fclose(f);
    text[len] = '\0';
    char *w2 = strstr(text, "[layer 2 w2]\n");
    char *row = strchr(w2 + 14, '\n');   /* drop the first row */
    memmove(w2 + 14, row + 1, strlen(row + 1) + 1);
    Model m;
    char err[512];
    assert_int_equal(model_parse(text, strlen(text), "l.model", &m, err, sizeof err), -1);
    assert_string_equal(err, want);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_read_tiny),
        cmocka_unit_test(test_round_trip),
        cmocka_unit_test(test_learned_position_and_locale),
        cmocka_unit_test(test_refusal_messages),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
