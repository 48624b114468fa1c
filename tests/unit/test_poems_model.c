/* test_poems_model.c — the shipped model's gates (assets/poems.model on Debian's 唐诗三百首):
 * greedy continuation of 床前明月光， is 疑是地上霜。, and the form test passes at least 90% of the
 * 301 poems whose first line has 5 or 7 characters; its first lines give the command, the corpus's
 * SHA-256 (the installed file's) and the held-out loss; it carries [head stats] for its 8 heads.
 * Must not touch: the terminal; files outside assets/ and the corpus. */
#include <stdarg.h>
#include <stddef.h>
#include <setjmp.h>
#include <stdint.h>
#include <cmocka.h>

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "corpus.h"
#include "lesson.h"
#include "model.h"
#include "poem_check.h"
#include "transformer.h"

#define SHIPPED "assets/poems.model"

static Model model;

static int setup(void **state)
{
    (void)state;
    char err[512];
    if (model_load_file(SHIPPED, &model, err, sizeof err) != 0) {
        fprintf(stderr, "%s\n", err);
        return -1;
    }
    return 0;
}

static int teardown(void **state)
{
    (void)state;
    model_free(&model);
    return 0;
}

static void test_shape(void **state)
{
    (void)state;
    assert_int_equal(model.layers, 2);
    assert_int_equal(model.heads, 4);
    assert_int_equal(model.d, 32);
    assert_int_equal(model.context, 64);
    assert_int_equal(model.mlp, 128);
    assert_int_equal(model.vocab_size, 2500);
    assert_null(model.position);
    assert_string_equal(model.sentence, "床前明月光，疑是地上霜。");
    assert_non_null(model.head_stats);
    for (int l = 0; l < 2; l++)
        for (int h = 0; h < 4; h++) {
            char line[128];
            assert_int_equal(transformer_head_describe(&model, l, h, LANG_EN, line, sizeof line), 0);
            assert_true(strncmp(line, "looks at ", 9) == 0 || strncmp(line, "spreads over the line", 21) == 0);
        }
}

/* The file's first lines: the exact command, the corpus with its SHA-256, the held-out loss. */
static void test_provenance(void **state)
{
    (void)state;
    FILE *f = fopen(SHIPPED, "r");
    assert_non_null(f);
    char line[4][1024];
    for (int i = 0; i < 4; i++)
        assert_non_null(fgets(line[i], sizeof line[i], f));
    fclose(f);
    assert_string_equal(line[0], "# Trained by attn-tui:\n");
    assert_true(strncmp(line[1], "#   attn-tui --train --task poems --steps ", 42) == 0);
    assert_non_null(strstr(line[1], " --seed 1 --save assets/poems.model\n"));
    assert_true(strncmp(line[2], "# corpus: " CORPUS_DEFAULT_PATH " (唐诗三百首", 10 + strlen(CORPUS_DEFAULT_PATH) + 12) == 0);
    Corpus c;
    char err[512];
    assert_int_equal(corpus_load_file(NULL, LANG_EN, &c, err, sizeof err), 0);
    char sha[128];
    snprintf(sha, sizeof sha, ", sha256 %s\n", c.sha256);
    size_t n = strlen(line[2]), k = strlen(sha);
    assert_true(n > k && strcmp(line[2] + n - k, sha) == 0);
    corpus_free(&c);
}

static void test_continues_the_poem(void **state)
{
    (void)state;
    char out[64], err[256];
    assert_int_equal(poem_continue(&model, "床前明月光，", 6, 0.0, 1, NULL, NULL, out, sizeof out, LANG_EN, err,
                                   sizeof err), 6);
    assert_string_equal(out, "疑是地上霜。");
}

static void test_form(void **state)
{
    (void)state;
    Corpus c;
    char err[512];
    assert_int_equal(corpus_load_file(NULL, LANG_EN, &c, err, sizeof err), 0);
    PoemForm f;
    assert_int_equal(poem_form_test(&model, &c, &f), 0);
    assert_int_equal(f.tested, 301);
    if (f.passed * 10 < f.tested * 9)
        fail_msg("form test: %d of %d, below 90%%", f.passed, f.tested);
    corpus_free(&c);
}

/* The openings s cycles through: every one begins a poem of the corpus the model trained on
 * (not a held-out one), and the model knows each of its characters. */
static void test_openings_are_training_poems(void **state)
{
    (void)state;
    Corpus c;
    char err[512];
    assert_int_equal(corpus_load_file(NULL, LANG_EN, &c, err, sizeof err), 0);
    for (int o = 0; o < LESSON_OPENINGS; o++) {
        const char *line = lesson_openings[o];
        int ids[MODEL_MAX_CONTEXT];
        assert_true(transformer_ids(&model, line, ids, model.context, LANG_EN, err, sizeof err) > 0);
        int found = -1;
        for (int p = 0; p < c.poems && found < 0; p++) {
            char start[256] = "";
            for (int i = 0; i < c.poem[p].length && strlen(start) < strlen(line); i++)
                strcat(start, c.vocab[c.tokens[c.poem[p].start + i]]);
            if (strcmp(start, line) == 0)
                found = p;
        }
        if (found < 0)
            fail_msg("%s begins no poem of the corpus", line);
        if (c.poem[found].held_out)
            fail_msg("%s begins poem %d, held out of training", line, found);
    }
    corpus_free(&c);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_shape),
        cmocka_unit_test(test_provenance),
        cmocka_unit_test(test_continues_the_poem),
        cmocka_unit_test(test_form),
        cmocka_unit_test(test_openings_are_training_poems),
    };
    return cmocka_run_group_tests(tests, setup, teardown);
}
