/* train.h — training the lesson's machine: full-batch Adam on a task's sentences
 * until ? answers them, with a hand-written backward pass in double precision.
 * Owns: the parameters while they train, the forward pass at the last position (the engine's
 * arithmetic, number for number), the loss, the gradients, Adam, the seeded initialisation,
 * the history of loss and accuracy. Must not touch: the terminal, files, any global state.
 *
 * The model: x = word vector + position fingerprint; Q K V; shares = softmax(Q·Kᵀ ÷ √dh) per
 * head; out = shares · V; at the last position T−1: h0 = x + out; with an MLP
 * h = h0 + relu(h0 · W1 + b1) · W2 (else h = h0); logits = h · Wo + bo over the answers
 * 零 … 十. Loss: the mean over the sentences of −log softmax(logits)[target].
 *
 * A screen drives it a few steps a frame: train_new, then train_steps(run, n) while it
 * plays, the accessors to draw, train_to_model to keep the result. */
#ifndef ATTN_TRAIN_H
#define ATTN_TRAIN_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include "model.h"
#include "task.h"

#define TRAIN_LR 0.02              /* Adam's default learning rate here */
#define TRAIN_BETA1 0.9            /* Adam's β1 (PyTorch's default) */
#define TRAIN_BETA2 0.999          /* Adam's β2 */
#define TRAIN_EPS 1e-8             /* Adam's ε */
#define TRAIN_HIDDEN 32            /* the MLP's width on task `all` */
#define TRAIN_STUCK_STEPS 1500     /* steps without a better accuracy that make a run stuck */

/* How a run trains. train_config_default fills every field for a task. */
typedef struct {
    TaskId task;          /* which sentences: TASK_ADD or TASK_ALL */
    uint64_t seed;        /* the generator's seed (same seed, same run, bit for bit) */
    double lr;            /* Adam's learning rate, > 0 */
    int heads;            /* 1 or 2 (d must be even for 2) */
    int hidden;           /* MLP width: 0 none; used when the start model has no MLP */
    int max_steps;        /* a run that has not reached 100% stops here */
    double init_qk;       /* Wq, Wk start uniform in ±init_qk / √d (small: ? starts by
                             looking at every character alike) */
    double init_embed;    /* word vectors start normal with this standard deviation (small:
                             the position fingerprints lead at first) */
    double init_out;      /* Wo starts uniform in ±init_out / √d (small: the readout learns
                             to read before attention settles on one number) */
    const Model *vocab_of; /* with no start model: the model whose vocabulary and d the run
                             takes (the train screen's: the model played, not parsed again);
                             NULL: the built-in model's */
    Lang lang;            /* the language of train_new's messages (default LANG_EN) */
} TrainConfig;

/* The defaults for a task: seed 1, lr TRAIN_LR, init_qk 0.1, init_embed 0.03, init_out 0.1,
 * one head, an MLP of TRAIN_HIDDEN on `all`
 * (none on `add`), the task's maximum of steps. */
void train_config_default(TrainConfig *c, TaskId task);

/* The default maximum of steps of a task. */
int train_default_max_steps(TaskId task);

/* A training run (opaque). */
typedef struct TrainRun TrainRun;

/* Starts a run. start NULL: every parameter from the seeded generator, the vocabulary of
 * the built-in model. start given: its vocabulary, word vectors and Wq Wk Wv, and its
 * readout (and MLP) if it has one, else a fresh readout from the generator; a readout without
 * an MLP gets one when cfg->hidden > 0, with W2 = 0 so that it answers as before at step 0;
 * its [heads] is ignored (cfg->heads counts). The vocabulary must hold every character of the task.
 * Returns the run (free with train_free), or NULL with one line in err. On return the loss,
 * accuracy and gradients of the starting weights are computed (step 0). */
TrainRun *train_new(const TrainConfig *cfg, const Model *start, char *err, size_t errlen);

/* Releases a run; safe on NULL. */
void train_free(TrainRun *r);

/* One Adam step on every parameter, then the loss, accuracy and gradients of the new
 * weights. Returns 0, or -1 when a number stopped being finite (the run is then failed
 * and takes no more steps). Steps even when solved or past max_steps. */
int train_step(TrainRun *r);

/* Up to n steps, stopping early once the run is done (solved, failed, or at max_steps).
 * Returns the steps taken. A screen calls it each frame while playing. */
int train_steps(TrainRun *r, int n);

/* About how many multiply-adds one step takes (the forward pass over every sentence, the
 * backward pass, Adam), from the run's sizes: what a screen budgets a frame's training by,
 * without a clock (a step of `add` is ~80 000, one of `all` ~500 000). */
double train_step_work(const TrainRun *r);

/* ---------------------------------------------------------------- state */

int train_step_count(const TrainRun *r);     /* Adam steps taken so far */
double train_loss(const TrainRun *r);        /* the loss of the current weights */
double train_accuracy(const TrainRun *r);    /* share of sentences answered right, 0..1 */
int train_correct(const TrainRun *r);        /* sentences answered right */
bool train_solved(const TrainRun *r);        /* every sentence answered right */
bool train_failed(const TrainRun *r);        /* a number overflowed: the run stopped */
/* No better accuracy for TRAIN_STUCK_STEPS steps and not solved: "stuck: try another
 * seed". */
bool train_stuck(const TrainRun *r);
/* Solved, failed, or max_steps reached: train_steps takes no more steps. */
bool train_done(const TrainRun *r);
const TrainConfig *train_config(const TrainRun *r);

/* Loss and accuracy after each step: entry i is after i steps (0: the start), so there
 * are train_step_count + 1. Pointers valid until the next step. */
const double *train_loss_history(const TrainRun *r);
const double *train_accuracy_history(const TrainRun *r);

/* ---------------------------------------------------------------- sentences */

int train_sentence_count(const TrainRun *r);
const TaskSentence *train_sentence(const TrainRun *r, int i);
/* The index of the sentence with that text, or -1. */
int train_find_sentence(const TrainRun *r, const char *text);

/* Sentence i's ? row in head h: the share the last character gives each character, into
 * shares[0..TASK_LENGTH). Returns TASK_LENGTH, or -1 for a bad i or h. The same numbers as
 * engine_forward's weights row T−1 for the model of train_to_model. */
int train_shares(const TrainRun *r, int i, int h, double *shares);

/* Σ of sentence i's ? shares in head h over the positions in set (a bit per position, 1u << t):
 * what "? now gives 三 and 五 92% of its attention" says with set = (1u << 0) | (1u << 2).
 * -1 for a bad i or h. */
double train_share_of(const TrainRun *r, int i, int h, unsigned set);

/* What the current weights answer sentence i: the answer's character (UTF-8), its
 * probability in *p (may be NULL); NULL for a bad i. */
const char *train_prediction(const TrainRun *r, int i, double *p);

/* ---------------------------------------------------------------- the weights */

/* The current weights as a Model (not owned: valid until the next step or train_free;
 * never model_free it). Its readout and [heads] are set. */
const Model *train_model(const TrainRun *r);

/* The same weights, writable: a change to a number changes the run's weights (for tests:
 * perturb, then train_eval_loss). */
Model *train_weights(TrainRun *r);

/* A copy of the current weights to keep (free with model_free): plays on every screen,
 * saves with dump_model. Its sentence is 三加五等于?. Returns 0, or -1 out of memory. */
int train_to_model(const TrainRun *r, Model *out);

/* The gradient of the loss for the current weights, in train_model's layout: fills the
 * Model-shaped view *g whose arrays are the gradients of the parameters of the same name
 * (not owned, valid until the next step). For tests and the finite-difference check. */
void train_gradient(const TrainRun *r, Model *g);

/* Recomputes the loss of the current weights (after a change through train_weights) without
 * touching the history, the gradient or the accuracy the run reports. */
double train_eval_loss(TrainRun *r);

#endif
