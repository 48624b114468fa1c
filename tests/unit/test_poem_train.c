/* test_poem_train.c — unit tests for training a layered model on poems (src/poem_train.c) and
 * for writing with it (src/poem_check.c), on tests/corpus/tiny.txt in a small shape.
 * Owns: windows, determinism for a seed, one thread and two giving the same bits, the schedule,
 * the baselines, the heads' statistics, the form test and continuation. Must not touch: the
 * terminal, files outside tests/. */
#include <stdarg.h>
#include <stddef.h>
#include <setjmp.h>
#include <stdint.h>
#include <cmocka.h>

#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "corpus.h"
#include "poem_check.h"
#include "poem_train.h"
#include "transformer.h"

#ifndef TESTS_DIR
#define TESTS_DIR "tests"
#endif

static Corpus corpus;

static int setup(void **state)
{
    (void)state;
    char err[256];
    return corpus_load_file(TESTS_DIR "/corpus/tiny.txt", LANG_EN, &corpus, err, sizeof err);
}

static int teardown(void **state)
{
    (void)state;
    corpus_free(&corpus);
    return 0;
}

/* A small shape: d 16, two heads of width 8, two layers, context 16 (so the poems of 24
 * characters take two windows), batch 4. */
static void small_config(PoemTrainConfig *c, int threads)
{
    poem_train_config_default(c);
    c->d = 16;
    c->heads = 2;
    c->layers = 2;
    c->context = 16;
    c->mlp = 32;
    c->batch = 4;
    c->steps = 300;
    c->warmup = 5;
    c->lr = 1e-2;
    c->threads = threads;
}

static PoemTrainRun *start(int threads)
{
    PoemTrainConfig cfg;
    small_config(&cfg, threads);
    PoemTrainRun *r;
    char err[256];
    assert_int_equal(poem_train_new(&r, &corpus, &cfg, NULL, LANG_EN, err, sizeof err), 0);
    return r;
}

static void test_windows(void **state)
{
    (void)state;
    PoemTrainRun *r = start(1);
    /* 11 training poems of 24 characters: two windows each (16 + 8); one held out */
    assert_int_equal(poem_train_window_count(r, false), 22);
    assert_int_equal(poem_train_window_count(r, true), 2);
    const int *ids, *targets;
    int len;
    poem_train_window(r, false, 1, &ids, &targets, &len);
    assert_int_equal(len, 8);
    assert_int_equal(targets[len - 1], corpus.end_mark);   /* the poem's last target */
    assert_int_equal(targets[0], ids[1]);
    const Model *m = poem_train_model(r);
    assert_string_equal(m->sentence, "床前明月光，疑是地上霜。");
    assert_int_equal(m->vocab_size, corpus.vocab_size);
    assert_true(m->layer[0].ln1_gain[3] == 1.0 && m->layer[1].b2[0] == 0.0);
    poem_train_free(r);
}

/* One thread and two: the same losses and the same weights, bit for bit; and the same seed
 * twice, the same run. */
static void test_threads_same_bits(void **state)
{
    (void)state;
    PoemTrainRun *one = start(1), *two = start(2), *again = start(2);
    for (int s = 0; s < 25; s++) {
        double a = poem_train_step(one), b = poem_train_step(two), c = poem_train_step(again);
        assert_memory_equal(&a, &b, sizeof a);
        assert_memory_equal(&b, &c, sizeof b);
    }
    const Model *a = poem_train_model(one), *b = poem_train_model(two);
    assert_memory_equal(a->params, b->params, a->param_count * sizeof(double));
    double la = poem_train_loss(one, true), lb = poem_train_loss(two, true);
    assert_memory_equal(&la, &lb, sizeof la);
    int wa[4], wb[4];
    assert_int_equal(poem_train_last_batch(one, wa), 4);
    assert_int_equal(poem_train_last_batch(two, wb), 4);
    assert_memory_equal(wa, wb, sizeof wa);
    poem_train_free(one);
    poem_train_free(two);
    poem_train_free(again);
}

/* Another seed, other weights. */
static void test_seed_matters(void **state)
{
    (void)state;
    PoemTrainConfig cfg;
    small_config(&cfg, 1);
    cfg.seed = 2;
    PoemTrainRun *a = start(1), *b;
    char err[256];
    assert_int_equal(poem_train_new(&b, &corpus, &cfg, NULL, LANG_EN, err, sizeof err), 0);
    assert_memory_not_equal(poem_train_model(a)->params, poem_train_model(b)->params, 64 * sizeof(double));
    poem_train_free(a);
    poem_train_free(b);
}

static void test_schedule(void **state)
{
    (void)state;
    PoemTrainRun *r = start(1);
    assert_true(fabs(poem_train_lr_at(r, 1) - 1e-2 / 5) < 1e-18);
    assert_true(poem_train_lr_at(r, 5) == 1e-2);
    assert_true(fabs(poem_train_lr_at(r, 300) - 1e-3) < 1e-15);
    assert_true(fabs(poem_train_lr_at(r, 1000) - 1e-3) < 1e-15);
    double mid = poem_train_lr_at(r, 5 + 295 / 2);
    assert_true(mid < 1e-2 && mid > 1e-3);
    poem_train_free(r);
}

/* It learns: the training loss falls well below the unigram baseline's level, and the
 * statistics of every head are shares (each within 0 … 1, offset 0 at the top row 1). */
static void test_learns_and_head_stats(void **state)
{
    (void)state;
    PoemTrainRun *r = start(2);
    double first = poem_train_loss(r, false);
    for (int s = 0; s < 300; s++)
        poem_train_step(r);
    double last = poem_train_loss(r, false), uni, bi;
    poem_train_baselines(r, &uni, &bi);
    assert_true(first > 3.0);
    assert_true(last < first / 3);
    assert_true(isfinite(uni) && isfinite(bi) && uni > 2.0);
    assert_int_equal(poem_train_head_stats(r), 0);
    const Model *m = poem_train_model(r);
    assert_non_null(m->head_stats);
    for (int h = 0; h < 4; h++) {
        const double *row = m->head_stats + (size_t)h * MODEL_STATS_COLS(16);
        assert_true(row[MODEL_STATS_ENTROPY] >= 0.0 && row[MODEL_STATS_ENTROPY] < log(16.0));
        for (int k = 0; k < 16; k++)
            assert_true(row[MODEL_STATS_OFFSET + k] >= 0.0 && row[MODEL_STATS_OFFSET + k] <= 1.0);
        assert_true(row[MODEL_STATS_LINE_UP] > 0.0 && row[MODEL_STATS_LINE_UP] < 1.0);
        char text[128];
        assert_int_equal(transformer_head_describe(m, h / 2, h % 2, LANG_EN, text, sizeof text), 0);
        assert_true(strncmp(text, "looks at", 8) == 0 || strncmp(text, "spreads", 7) == 0);
    }
    /* writing: greedy continuation of a training poem's first line, in form */
    PoemForm f;
    assert_int_equal(poem_form_test(m, &corpus, &f), 0);
    assert_int_equal(f.tested, 12);
    assert_true(f.passed >= 1);
    poem_train_free(r);
}

/* A start model whose vocabulary is another corpus's is refused in one line. */
static void test_start_vocabulary(void **state)
{
    (void)state;
    PoemTrainRun *r = start(1);
    Model copy;
    assert_int_equal(model_copy(&copy, poem_train_model(r)), 0);
    snprintf(copy.vocab[0], TEXT_CHAR_BYTES, "%s", "雪");
    PoemTrainConfig cfg;
    small_config(&cfg, 1);
    PoemTrainRun *again;
    char err[256];
    assert_int_equal(poem_train_new(&again, &corpus, &cfg, &copy, LANG_EN, err, sizeof err), -1);
    assert_string_equal(err, "the model's vocabulary is not the corpus's (training goes on only over the "
                        "characters it started with, in the same order)");
    snprintf(copy.vocab[0], TEXT_CHAR_BYTES, "%s", "床");
    assert_int_equal(poem_train_new(&again, &corpus, &cfg, &copy, LANG_EN, err, sizeof err), 0);
    assert_memory_equal(poem_train_model(again)->params, copy.params, copy.param_count * sizeof(double));
    poem_train_free(again);
    model_free(&copy);
    poem_train_free(r);
}

/* poem_continue: greedy is the trace's own pick; a seed gives the same text twice; the end mark
 * stops it; an unknown character is named. */
static void test_continue(void **state)
{
    (void)state;
    PoemTrainRun *r = start(1);
    for (int s = 0; s < 300; s++)
        poem_train_step(r);
    const Model *m = poem_train_model(r);
    char a[256], b[256], err[256];
    int n = poem_continue(m, "床前明月光，", 6, 0.0, 1, NULL, NULL, a, sizeof a, LANG_EN, err, sizeof err);
    assert_true(n >= 1 && n <= 6);
    TransformerTrace tr;
    assert_int_equal(transformer_trace_init(&tr, m), 0);
    int ids[16];
    assert_int_equal(transformer_ids(m, "床前明月光，", ids, 16, LANG_EN, err, sizeof err), 6);
    transformer_forward(&tr, ids, 6);
    char first[TEXT_CHAR_BYTES];
    snprintf(first, sizeof first, "%s", m->vocab[transformer_pick(&tr, 0.0, NULL, NULL)]);
    assert_int_equal(strncmp(a, first, strlen(first)), 0);
    transformer_trace_free(&tr);
    poem_continue(m, "春眠", 10, 1.0, 7, NULL, NULL, a, sizeof a, LANG_EN, err, sizeof err);
    poem_continue(m, "春眠", 10, 1.0, 7, NULL, NULL, b, sizeof b, LANG_EN, err, sizeof err);
    assert_string_equal(a, b);
    assert_int_equal(poem_continue(m, "春雷", 3, 0.0, 1, NULL, NULL, a, sizeof a, LANG_EN, err, sizeof err), -1);
    assert_string_equal(err, "\"雷\" (U+96F7, character 2) is not in the model's vocabulary of 173 characters");
    /* the context is the limit: 16 characters in all */
    n = poem_continue(m, "床前明月光，疑是地上霜。举头望", 50, 0.0, 1, NULL, NULL, a, sizeof a, LANG_EN, err, sizeof err);
    assert_true(n <= 2);
    assert_true(poem_is_punctuation("，") && poem_is_punctuation("、") && poem_is_punctuation("〓"));
    assert_false(poem_is_punctuation("月"));
    poem_train_free(r);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_windows),
        cmocka_unit_test(test_threads_same_bits),
        cmocka_unit_test(test_seed_matters),
        cmocka_unit_test(test_schedule),
        cmocka_unit_test(test_learns_and_head_stats),
        cmocka_unit_test(test_start_vocabulary),
        cmocka_unit_test(test_continue),
    };
    return cmocka_run_group_tests(tests, setup, teardown);
}
