/* poem_train.h — training a layered model on a poem corpus: windows at poem starts, seeded
 * batches, the hand-written backward pass, AdamW with warm-up and a cosine schedule, two threads
 * with a fixed partition; the losses, the baselines, and the heads' statistics written into the
 * model's [head stats].
 * Owns: the run (its weights, moments, windows, generator and worker threads). Must not touch:
 * files, the terminal, formatting, any global state (poem_cmd.h prints and saves).
 *
 * Windows: each training poem's characters c0 … c(n−1) followed by the end mark are cut into
 * windows of at most `context` inputs starting at the poem's first character (a longer poem
 * continues in a second window, positions again from 0); an input predicts the character after
 * it, so the last target is the end mark. A step takes `batch` windows in the order of a shuffle
 * of all of them (Fisher–Yates with the run's generator, one shuffle per pass over them); its
 * loss is the mean cross-entropy over every character the batch predicts.
 *
 * Threads: a batch is always split in two halves, each summing its gradient into its own block,
 * and the step adds the second block to the first: with one thread or two, every number is the
 * same, bit for bit. */
#ifndef ATTN_POEM_TRAIN_H
#define ATTN_POEM_TRAIN_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include "corpus.h"
#include "lang.h"
#include "model.h"

#define POEM_TRAIN_D 32            /* the shipped shape: width */
#define POEM_TRAIN_HEADS 4         /* heads per layer (width 8 each, the lesson's head) */
#define POEM_TRAIN_LAYERS 2        /* blocks */
#define POEM_TRAIN_CONTEXT 64      /* a 七言律诗 with its punctuation */
#define POEM_TRAIN_MLP 128         /* 4 · d */
#define POEM_TRAIN_BATCH 32        /* windows a step */
#define POEM_TRAIN_STEPS 4000      /* steps of the shipped model */
#define POEM_TRAIN_LR 5e-3         /* the peak learning rate */
#define POEM_TRAIN_WARMUP 100      /* steps of linear warm-up to it */
#define POEM_TRAIN_LR_FLOOR 0.1    /* the cosine ends at lr × this on the last step */
#define POEM_TRAIN_DECAY 0.1       /* AdamW's weight decay, on every number (torch.optim.AdamW over
                                      model.parameters()): the form test held out gains from it */
#define POEM_TRAIN_INIT 0.02       /* the starting weights' standard deviation */
#define POEM_TRAIN_THREADS 2       /* worker threads (1 gives the same numbers) */
#define POEM_TRAIN_SENTENCE "床前明月光，疑是地上霜。"   /* [sentence], when the corpus has it */

typedef struct {
    int d, heads, layers, context, mlp;   /* the shape */
    bool learned_position;                /* a learned position table instead of the fingerprint */
    uint64_t seed;                        /* the generator's seed */
    int steps;                            /* the schedule's length (the cosine reaches its floor here) */
    int batch;                            /* windows a step, even, ≥ 2 */
    double lr;                            /* peak learning rate */
    int warmup;                           /* warm-up steps */
    double lr_floor;                      /* the last step's rate, as a fraction of lr */
    double decay;                         /* AdamW's weight decay */
    int threads;                          /* 1 or 2 */
} PoemTrainConfig;

/* The shipped model's configuration (the constants above, seed 1). */
void poem_train_config_default(PoemTrainConfig *c);

typedef struct PoemTrainRun PoemTrainRun;

/* Starts a run over corpus c (kept by pointer: it must outlive the run). start NULL: weights
 * drawn from the seeded generator (N(0, 0.02) in model_layout's order: word vectors, then per
 * layer Wq Wk Wv, Wo and W2 at 0.02/√(2·layers), W1; then lm_head; biases 0, LN gains 1);
 * otherwise a copy of start, whose vocabulary must be the corpus's, in the same order, and whose
 * shape replaces cfg's. Returns 0, or -1 with one line in err, in lang. */
int poem_train_new(PoemTrainRun **out, const Corpus *c, const PoemTrainConfig *cfg, const Model *start,
                   Lang lang, char *err, size_t errlen);

/* One AdamW step over the next batch; returns the batch's mean loss (nats per character). */
double poem_train_step(PoemTrainRun *r);

/* The run's configuration (its shape is the model's, when it started from one). */
const PoemTrainConfig *poem_train_config(const PoemTrainRun *r);

/* Steps taken so far. */
int poem_train_steps_done(const PoemTrainRun *r);

/* The learning rate of step s (1-based): lr · s / warmup during warm-up, then a cosine from lr
 * down to lr · lr_floor at step `steps` (and that floor after it). */
double poem_train_lr_at(const PoemTrainRun *r, int s);

/* The mean cross-entropy (nats per character) of the current weights over every training window,
 * or every held-out one. */
double poem_train_loss(PoemTrainRun *r, bool held_out);

/* The held-out loss of add-one (Laplace) unigram and bigram models counted over the training
 * windows' targets (the bigram's context: the input character), over the same held-out targets
 * as poem_train_loss. */
void poem_train_baselines(const PoemTrainRun *r, double *unigram, double *bigram);

/* Computes the heads' statistics over the held-out windows and stores them in the run's model
 * (its [head stats]): per head, the mean entropy of an asking row's shares; the mean share at
 * the same place of the line before (lines end at ，。？！；, counted from the poem's start; over
 * the askers whose line above reaches their column, inside the window); the mean share at the
 * window's first character (over the askers after it); and the mean share at each offset 0 …
 * context − 1 over every asker (0 where it has no character that far back: the offsets add up to
 * 1). Returns 0, or -1 out of memory. */
int poem_train_head_stats(PoemTrainRun *r);

/* The current weights (valid until the next step or poem_train_free; never model_free it). */
const Model *poem_train_model(const PoemTrainRun *r);

/* Windows: how many training (held_out false) or held-out ones, and window i's inputs and
 * targets (len each; the targets are the inputs shifted by one). */
int poem_train_window_count(const PoemTrainRun *r, bool held_out);
void poem_train_window(const PoemTrainRun *r, bool held_out, int i, const int **ids, const int **targets,
                       int *len);

/* The training windows the last step took, in batch order (room for cfg.batch). Returns how many. */
int poem_train_last_batch(const PoemTrainRun *r, int *windows);

void poem_train_free(PoemTrainRun *r);

#endif
