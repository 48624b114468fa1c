/* bench-poems.c — the C half of scripts/bench-poems.sh: training steps of the shipped poem shape
 * on 1 thread (CPU seconds a step, with the batches written out for PyTorch to take the same
 * ones) and on 2 (wall seconds a step), and how long the shipped model takes to read.
 * Owns: nothing but these measurements. Built by bench-poems.sh from the library archive.
 * Usage: bench-poems steps BATCHFILE N    (time N steps, write their batches)
 *        bench-poems load MODELFILE RUNS   (read the model RUNS times) */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include "corpus.h"
#include "model.h"
#include "poem_train.h"
#include "transformer.h"

static double clock_of(clockid_t id)
{
    struct timespec ts;
    clock_gettime(id, &ts);
    return (double)ts.tv_sec + (double)ts.tv_nsec * 1e-9;
}

/* N steps on `threads` threads after 3 to warm up; the batches into f when it is not NULL. */
static void time_steps(const Corpus *c, int threads, int n, FILE *f, double *cpu, double *wall)
{
    PoemTrainConfig cfg;
    poem_train_config_default(&cfg);
    cfg.threads = threads;
    PoemTrainRun *r;
    char err[256];
    if (poem_train_new(&r, c, &cfg, NULL, LANG_EN, err, sizeof err) != 0) {
        fprintf(stderr, "bench-poems: %s\n", err);
        exit(1);
    }
    for (int s = 0; s < 3; s++)
        poem_train_step(r);
    double c0 = clock_of(CLOCK_PROCESS_CPUTIME_ID), w0 = clock_of(CLOCK_MONOTONIC);
    int windows[POEM_TRAIN_BATCH];
    for (int s = 0; s < n; s++) {
        poem_train_step(r);
        if (!f)
            continue;
        int b = poem_train_last_batch(r, windows);
        for (int i = 0; i < b; i++) {   /* one window a line: its inputs, then its targets */
            const int *ids, *targets;
            int len;
            poem_train_window(r, false, windows[i], &ids, &targets, &len);
            for (int t = 0; t < len; t++)
                fprintf(f, "%d ", ids[t]);
            fputs("|", f);
            for (int t = 0; t < len; t++)
                fprintf(f, " %d", targets[t]);
            fputc('\n', f);
        }
        fputs("--\n", f);
    }
    *cpu = (clock_of(CLOCK_PROCESS_CPUTIME_ID) - c0) / n;
    *wall = (clock_of(CLOCK_MONOTONIC) - w0) / n;
    if (f)
        fprintf(f, "vocab %d\n", poem_train_model(r)->vocab_size);
    poem_train_free(r);
}

int main(int argc, char **argv)
{
    char err[512];
    if (argc == 4 && strcmp(argv[1], "steps") == 0) {
        Corpus c;
        if (corpus_load_file(NULL, LANG_EN, &c, err, sizeof err) != 0) {
            fprintf(stderr, "bench-poems: %s\n", err);
            return 1;
        }
        int n = atoi(argv[3]);
        FILE *f = fopen(argv[2], "w");
        double cpu1, wall1, cpu2, wall2;
        time_steps(&c, 1, n, f, &cpu1, &wall1);
        fclose(f);
        time_steps(&c, 2, n, NULL, &cpu2, &wall2);
        printf("%.4f %.4f %.4f %.4f\n", cpu1, wall1, cpu2, wall2);
        corpus_free(&c);
        return 0;
    }
    if (argc == 4 && strcmp(argv[1], "load") == 0) {
        int runs = atoi(argv[3]);
        double best = 1e9;
        for (int i = 0; i < runs; i++) {
            double w0 = clock_of(CLOCK_MONOTONIC);
            Model m;
            if (model_load_file(argv[2], &m, err, sizeof err) != 0) {
                fprintf(stderr, "bench-poems: %s\n", err);
                return 1;
            }
            TransformerTrace tr;
            int ids[MODEL_MAX_CONTEXT];
            int T = transformer_ids(&m, m.sentence, ids, m.context, LANG_EN, err, sizeof err);
            transformer_trace_init(&tr, &m);
            transformer_forward(&tr, ids, T);
            double w = clock_of(CLOCK_MONOTONIC) - w0;
            best = w < best ? w : best;
            transformer_trace_free(&tr);
            model_free(&m);
        }
        printf("%.4f\n", best);
        return 0;
    }
    fprintf(stderr, "usage: bench-poems steps BATCHFILE N | load MODELFILE RUNS\n");
    return 2;
}
