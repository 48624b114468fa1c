/* test_train.c — unit tests of training: the tasks' sentences, the hand-written
 * gradients against central finite differences for every parameter tensor (both tasks, one
 * and two heads), Adam against its formula, determinism, the training forward pass against
 * engine_forward number for number, a run that learns, and the model format's readout
 * sections read back number for number. */
#include <stdarg.h>
#include <stddef.h>
#include <setjmp.h>
#include <stdint.h>
#include <cmocka.h>

#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>
#include "dump.h"
#include "engine.h"
#include "model.h"
#include "task.h"
#include "train.h"
#include "train_cmd.h"

/* ---------------------------------------------------------------- helpers */

static TrainRun *start_run(TaskId task, int heads, uint64_t seed)
{
    TrainConfig c;
    char err[256];
    train_config_default(&c, task);
    c.heads = heads;
    c.seed = seed;
    TrainRun *r = train_new(&c, NULL, err, sizeof err);
    if (!r)
        fail_msg("train_new: %s", err);
    return r;
}

/* One parameter tensor: its name, the weights, the gradient, its size. */
typedef struct {
    const char *name;   /* as in the model format */
    double *w;          /* the weights (writable view of the run) */
    const double *g;    /* their gradient */
    size_t n;           /* entries */
} Tensor;

static int tensors(TrainRun *r, Tensor *out)
{
    Model *m = train_weights(r);
    Model g;
    train_gradient(r, &g);
    size_t d = (size_t)m->d, V = (size_t)m->vocab_size, n = (size_t)m->answers_count;
    size_t h = (size_t)m->hidden;
    int k = 0;
    out[k++] = (Tensor){ "embedding", m->embedding, g.embedding, V * d };
    out[k++] = (Tensor){ "wq", m->wq, g.wq, d * d };
    out[k++] = (Tensor){ "wk", m->wk, g.wk, d * d };
    out[k++] = (Tensor){ "wv", m->wv, g.wv, d * d };
    out[k++] = (Tensor){ "wo", m->wo, g.wo, d * n };
    out[k++] = (Tensor){ "bo", m->bo, g.bo, n };
    if (h) {
        out[k++] = (Tensor){ "w1", m->w1, g.w1, d * h };
        out[k++] = (Tensor){ "b1", m->b1, g.b1, h };
        out[k++] = (Tensor){ "w2", m->w2, g.w2, h * d };
    }
    return k;
}

/* Central differences of sampled entries of every tensor against the gradient. */
static void check_gradients(TaskId task, int heads)
{
    TrainRun *r = start_run(task, heads, 7);
    for (int i = 0; i < 25; i++)   /* away from the start, where shares are all alike */
        train_step(r);
    Tensor t[9];
    int k = tensors(r, t);
    const double eps = 1e-5;
    int checked = 0, zero = 0;
    for (int a = 0; a < k; a++) {
        size_t step = t[a].n / 7 + 1;
        for (size_t i = a % 3; i < t[a].n; i += step) {
            double keep = t[a].w[i];
            t[a].w[i] = keep + eps;
            double up = train_eval_loss(r);
            t[a].w[i] = keep - eps;
            double down = train_eval_loss(r);
            t[a].w[i] = keep;
            double fd = (up - down) / (2 * eps), g = t[a].g[i];
            if (fabs(g - fd) > 1e-6 * fabs(g) + 1e-9)
                fail_msg("%s task, %d heads: d loss / d %s[%zu] = %.12g by hand, %.12g by "
                         "central differences", task_name(task), heads, t[a].name, i, g, fd);
            checked++;
            zero += g == 0.0;
        }
    }
    /* The word vector of 是, which no sentence uses, has a gradient of exactly 0. */
    const Model *m = train_model(r);
    Model g;
    train_gradient(r, &g);
    int shi = model_find_char(m, "是");
    assert_true(shi >= 0);
    for (int i = 0; i < m->d; i++)
        assert_true(g.embedding[(size_t)shi * (size_t)m->d + (size_t)i] == 0.0);
    assert_true(checked >= 30);
    train_free(r);
}

static void test_gradients_add_one_head(void **state) { (void)state; check_gradients(TASK_ADD, 1); }
static void test_gradients_add_two_heads(void **state) { (void)state; check_gradients(TASK_ADD, 2); }
static void test_gradients_all_one_head(void **state) { (void)state; check_gradients(TASK_ALL, 1); }
static void test_gradients_all_two_heads(void **state) { (void)state; check_gradients(TASK_ALL, 2); }

/* ---------------------------------------------------------------- tasks */

static void test_tasks(void **state)
{
    (void)state;
    TaskSentence s[TASK_MAX_SENTENCES];
    assert_int_equal(task_sentences(TASK_ADD, s), 66);
    assert_string_equal(s[0].text, "零加零等于?");
    int n = task_sentences(TASK_ALL, s), ops[4] = { 0, 0, 0, 0 }, found = 0;
    assert_int_equal(n, 217);
    for (int i = 0; i < n; i++) {
        ops[s[i].op]++;
        if (strcmp(s[i].text, "三加五等于?") == 0) {
            assert_int_equal(s[i].answer, 8);
            found++;
        }
        if (strcmp(s[i].text, "十除五等于?") == 0) {
            assert_int_equal(s[i].answer, 2);
            found++;
        }
    }
    assert_int_equal(found, 2);
    assert_int_equal(ops[0], 66);
    assert_int_equal(ops[1], 66);
    assert_int_equal(ops[2], 48);
    assert_int_equal(ops[3], 37);
    assert_int_equal(task_from_name("all"), TASK_ALL);
    assert_int_equal(task_from_name("sub"), -1);
}

/* ---------------------------------------------------------------- Adam */

/* Two steps redone with PyTorch's formula from the gradients the run reported. */
static void test_adam_matches_formula(void **state)
{
    (void)state;
    TrainRun *r = start_run(TASK_ADD, 1, 3);
    Tensor t[9];
    tensors(r, t);
    size_t n = t[1].n;   /* Wq */
    double p[64], g[64], m[64] = { 0 }, v[64] = { 0 };
    double lr = train_config(r)->lr;
    for (int step = 1; step <= 2; step++) {
        memcpy(p, t[1].w, n * sizeof *p);
        memcpy(g, t[1].g, n * sizeof *g);
        train_step(r);
        tensors(r, t);
        double bc1 = 1 - pow(0.9, step), bc2 = 1 - pow(0.999, step);
        for (size_t i = 0; i < n; i++) {
            m[i] = 0.9 * m[i] + 0.1 * g[i];
            v[i] = 0.999 * v[i] + 0.001 * g[i] * g[i];
            double want = p[i] - lr * (m[i] / bc1) / (sqrt(v[i] / bc2) + 1e-8);
            assert_true(fabs(t[1].w[i] - want) <= 1e-15 + 1e-13 * fabs(want));
            if (step == 1)   /* Adam's first step: lr·|g| / (|g| + ε), against g's sign */
                assert_true((p[i] - t[1].w[i]) * g[i] >= 0.0 && fabs(p[i] - t[1].w[i]) <= lr);
        }
    }
    train_free(r);
}

/* ---------------------------------------------------------------- determinism */

static void test_deterministic(void **state)
{
    (void)state;
    TrainRun *a = start_run(TASK_ALL, 2, 5), *b = start_run(TASK_ALL, 2, 5), *c = start_run(TASK_ALL, 2, 6);
    for (int i = 0; i < 40; i++) {
        train_step(a);
        train_step(b);
        train_step(c);
    }
    Tensor ta[9], tb[9], tc[9];
    int k = tensors(a, ta);
    tensors(b, tb);
    tensors(c, tc);
    int differ = 0;
    for (int i = 0; i < k; i++) {
        assert_memory_equal(ta[i].w, tb[i].w, ta[i].n * sizeof(double));
        differ += memcmp(ta[i].w, tc[i].w, ta[i].n * sizeof(double)) != 0;
    }
    assert_int_equal(differ, k);
    assert_true(train_loss(a) == train_loss(b));
    assert_memory_equal(train_loss_history(a), train_loss_history(b), 41 * sizeof(double));
    train_free(a);
    train_free(b);
    train_free(c);
}

/* ---------------------------------------------------------------- the engine's numbers */

/* The run's ? row, prediction and probability equal engine_forward's on the saved model. */
static void check_engine_equal(TaskId task, int heads)
{
    TrainRun *r = start_run(task, heads, 2);
    for (int i = 0; i < 30; i++)
        train_step(r);
    Model m;
    assert_int_equal(train_to_model(r, &m), 0);
    EngineConfig cfg = { .mask = MASK_NONE, .heads = heads };
    for (int i = 0; i < train_sentence_count(r); i += 13) {
        Trace tr;
        char err[256];
        assert_int_equal(engine_forward_with(&m, train_sentence(r, i)->text, &cfg, &tr, err, sizeof err), 0);
        for (int h = 0; h < heads; h++) {
            double w[TASK_LENGTH];
            assert_int_equal(train_shares(r, i, h, w), TASK_LENGTH);
            for (int s = 0; s < TASK_LENGTH; s++)
                assert_true(w[s] == TRACE_HSQ(&tr, weights, h, TASK_LENGTH - 1, s));
        }
        double p, q;
        const char *said = train_prediction(r, i, &p);
        assert_string_equal(said, engine_prediction(&tr, &q));
        assert_true(p == q);
        engine_free(&tr);
    }
    model_free(&m);
    train_free(r);
}

static void test_engine_equal(void **state)
{
    (void)state;
    check_engine_equal(TASK_ADD, 1);
    check_engine_equal(TASK_ALL, 2);
}

/* ---------------------------------------------------------------- learning */

static void test_learns_add(void **state)
{
    (void)state;
    TrainRun *r = start_run(TASK_ADD, 1, 1);
    assert_int_equal(train_step_count(r), 0);
    double first = train_loss(r);
    while (!train_done(r))
        train_steps(r, 100);
    assert_true(train_solved(r));
    assert_false(train_stuck(r));
    assert_true(train_step_count(r) < 1000);
    assert_true(train_loss(r) < first);
    assert_true(train_accuracy_history(r)[train_step_count(r)] == 1.0);
    double p;
    int i = train_find_sentence(r, "三加五等于?");
    assert_string_equal(train_prediction(r, i, &p), "八");
    assert_true(p > 0.5);
    /* ? has learned to look at the two numbers. */
    double w[TASK_LENGTH];
    train_shares(r, i, 0, w);
    assert_true(train_share_of(r, i, 0, 1u | 4u) == w[0] + w[2]);
    assert_true(train_share_of(r, i, 0, 1u | 4u) > 0.9);
    assert_true(train_share_of(r, i, 1, 1u) == -1.0);
    /* Started again from its own model: the same loss. */
    Model m;
    char err[256];
    assert_int_equal(train_to_model(r, &m), 0);
    TrainRun *again = train_new(train_config(r), &m, err, sizeof err);
    assert_non_null(again);
    assert_true(fabs(train_loss(again) - train_loss(r)) < 1e-15);
    assert_true(train_solved(again));
    train_free(again);
    /* Continued on `all`: an MLP is added with W2 = 0, so 三加五等于? gets the same answer. */
    TrainConfig all;
    train_config_default(&all, TASK_ALL);
    again = train_new(&all, &m, err, sizeof err);
    assert_non_null(again);
    assert_int_equal(train_model(again)->hidden, TRAIN_HIDDEN);
    double q;
    assert_string_equal(train_prediction(again, train_find_sentence(again, "三加五等于?"), &q), "八");
    assert_true(q == p);
    train_free(again);
    model_free(&m);
    train_free(r);
}

/* A tiny learning rate cannot get anywhere in the stuck window: the run says so. */
static void test_stuck_flag(void **state)
{
    (void)state;
    TrainConfig c;
    char err[256];
    train_config_default(&c, TASK_ADD);
    c.lr = 1e-9;
    TrainRun *r = train_new(&c, NULL, err, sizeof err);
    assert_non_null(r);
    assert_false(train_stuck(r));
    train_steps(r, TRAIN_STUCK_STEPS + 1);
    assert_false(train_solved(r));
    assert_true(train_stuck(r));
    train_free(r);
    c.lr = -1;
    assert_null(train_new(&c, NULL, err, sizeof err));
    assert_string_equal(err, "the learning rate must be a number above 0");
    c.lang = LANG_ZH;   /* train_new's messages in Chinese */
    assert_null(train_new(&c, NULL, err, sizeof err));
    assert_string_equal(err, "学习率必须是大于 0 的数");
    c.lr = TRAIN_LR;
    c.heads = 3;
    assert_null(train_new(&c, NULL, err, sizeof err));
    assert_string_equal(err, "3 个头要求宽度 d 能被 3 整除（d 是 8）");
}

/* ---------------------------------------------------------------- the model format */

static void test_model_roundtrip(void **state)
{
    (void)state;
    TrainRun *r = start_run(TASK_ALL, 2, 4);
    train_steps(r, 20);
    Model m, back;
    assert_int_equal(train_to_model(r, &m), 0);
    char *text = NULL;
    size_t len = 0;
    FILE *f = open_memstream(&text, &len);
    dump_model(f, &m, m.sentence);
    fclose(f);
    char err[256];
    assert_int_equal(model_parse(text, len, "t", &back, err, sizeof err), 0);
    assert_int_equal(back.answers_count, 11);
    assert_int_equal(back.hidden, TRAIN_HIDDEN);
    assert_int_equal(back.heads, 2);
    size_t d = 8, n = 11, h = TRAIN_HIDDEN;
    assert_memory_equal(back.answers, m.answers, n * sizeof(int));
    assert_memory_equal(back.embedding, m.embedding, (size_t)m.vocab_size * d * sizeof(double));
    assert_memory_equal(back.wo, m.wo, d * n * sizeof(double));
    assert_memory_equal(back.bo, m.bo, n * sizeof(double));
    assert_memory_equal(back.w1, m.w1, d * h * sizeof(double));
    assert_memory_equal(back.b1, m.b1, h * sizeof(double));
    assert_memory_equal(back.w2, m.w2, h * d * sizeof(double));
    model_free(&back);
    /* Without [wo] the readout is refused, with the section named. */
    char *cut = strstr(text, "\n[wo]");
    assert_non_null(cut);
    char *next = strstr(cut + 1, "\n[");
    size_t keep = (size_t)(cut - text);
    char *broken = malloc(len + 1);
    memcpy(broken, text, keep);
    strcpy(broken + keep, next ? next : "");
    assert_int_equal(model_parse(broken, strlen(broken), "t", &back, err, sizeof err), -1);
    assert_non_null(strstr(err, "missing section [wo]"));
    free(broken);
    free(text);
    model_free(&m);
    train_free(r);
    /* The built-in model has no readout and still loads. */
    assert_int_equal(model_load_default(&m, err, sizeof err), 0);
    assert_int_equal(m.answers_count, 0);
    assert_int_equal(m.heads, 0);
    model_free(&m);
}

/* The readout sections' own errors, each one line naming the line. */
static void test_readout_errors(void **state)
{
    (void)state;
    Model m;
    char err[512];
    const char *base = model_default_text;
    size_t n = model_default_len;
    struct { const char *extra; const char *want; } cases[] = {
        { "[answers]\n零 x\n[wo]\n[bo]\n", "answer \"x\" is not in [vocab]" },
        { "[answers]\n零 零\n[wo]\n[bo]\n", "answer \"零\" appears twice" },
        { "[answers]\n零\n[bo]\n1\n", "missing section [wo] (a readout has [answers], [wo] and [bo])" },
        { "[answers]\n零 一\n[wo]\n1 2\n[bo]\n1 2\n", "[wo] has only 1 of its 8 rows" },
        { "[answers]\n零 一\n[wo]\n1 2\n1 2\n1 2\n1 2\n1 2\n1 2\n1 2\n1 2\n[bo]\n1\n",
          "[bo] row 1: expected 2 numbers, got 1" },
        { "[heads]\n3\n", "[heads] must be 1 or 2, got \"3\"" },
        { "[w1]\n[b1]\n1\n[w2]\n", "missing section [answers]" },
    };
    for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++) {
        size_t extra = strlen(cases[i].extra);
        char *text = malloc(n + extra + 2);
        memcpy(text, base, n);
        text[n] = '\n';
        memcpy(text + n + 1, cases[i].extra, extra + 1);
        assert_int_equal(model_parse(text, n + 1 + extra, "t", &m, err, sizeof err), -1);
        if (!strstr(err, cases[i].want))
            fail_msg("case %zu: \"%s\" does not say \"%s\"", i, err, cases[i].want);
        assert_null(m.answers);
        free(text);
    }
}

/* A model whose forward pass overflows on its own sentence is never written (--save and
 * the train screen's w share train_write_model): attn-tui would refuse to run it. */
static void test_overflowing_model_not_saved(void **state)
{
    (void)state;
    Model m;
    char err[256], msg[1024], path[] = "/tmp/attn-overflow-XXXXXX";
    assert_int_equal(model_load_default(&m, err, sizeof err), 0);
    for (int i = 0; i < m.d * m.d; i++) {
        m.wq[i] = m.wq[i] < 0 ? -2e153 : 2e153;
        m.wk[i] = m.wk[i] < 0 ? -2e153 : 2e153;
    }
    int fd = mkstemp(path);
    assert_true(fd >= 0);
    close(fd);
    unlink(path);
    assert_int_equal(train_write_model(&m, path, false, LANG_EN, msg, sizeof msg), -1);
    assert_non_null(strstr(msg, ": not saved: in the trained model, the scores overflow ("));
    assert_int_equal(access(path, F_OK), -1);
    assert_int_equal(train_write_model(&m, path, false, LANG_ZH, msg, sizeof msg), -1);
    assert_non_null(strstr(msg, "：没有保存：训练出的模型里，"));
    model_free(&m);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_tasks),
        cmocka_unit_test(test_gradients_add_one_head),
        cmocka_unit_test(test_gradients_add_two_heads),
        cmocka_unit_test(test_gradients_all_one_head),
        cmocka_unit_test(test_gradients_all_two_heads),
        cmocka_unit_test(test_adam_matches_formula),
        cmocka_unit_test(test_deterministic),
        cmocka_unit_test(test_engine_equal),
        cmocka_unit_test(test_learns_add),
        cmocka_unit_test(test_stuck_flag),
        cmocka_unit_test(test_model_roundtrip),
        cmocka_unit_test(test_readout_errors),
        cmocka_unit_test(test_overflowing_model_not_saved),
    };
    return cmocka_run_group_tests_name("train", tests, NULL, NULL);
}
