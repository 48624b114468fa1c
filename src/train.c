/* train.c — full-batch Adam on a task's sentences, with the backward pass written by hand.
 * Owns: the flat array of parameters and its Model-shaped views, the seeded initialisation,
 * the forward pass at the last position (the engine's loops, in the engine's order, so every
 * number equals engine_forward's), the gradients, Adam, the history. Must not touch: the
 * terminal, files, formatting, any global mutable state.
 *
 * Speed: every sentence of a task is six characters, and a character at a position has the
 * same x, K and V in every sentence, so they are computed once per (position, character)
 * pair per step; the backward pass gathers their gradients per pair likewise. */
#include "train.h"

#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "engine.h"

/* ---------------------------------------------------------------- the run */

#define TRAIN_MAX_PAIRS (TASK_MAX_SENTENCES * TASK_LENGTH) /* pairs a task can have */
#define TRAIN_MAX_ANSWERS 64                               /* most answers a readout trains */
#define TRAIN_MAX_HIDDEN 4096                              /* widest MLP it trains */

struct TrainRun {
    TrainConfig cfg;                           /* how it trains (heads, lr, seed …) */
    TaskSentence sentences[TASK_MAX_SENTENCES];/* the task's sentences */
    int n;                                     /* how many */
    int ids[TASK_MAX_SENTENCES][TASK_LENGTH];  /* their characters' vocabulary indices */
    int target[TASK_MAX_SENTENCES];            /* the right answer's index in live.answers */
    int pair[TASK_MAX_SENTENCES][TASK_LENGTH]; /* the (position, character) pair of each */
    Model live;                                /* the weights: views into params */
    Model grad;                                /* the gradients: views into grads */
    size_t count;                              /* parameters in all */
    double *params;                            /* every parameter, tensor after tensor */
    double *grads;                             /* ∂loss/∂params, same layout */
    double *adam_m;                            /* Adam's first moments */
    double *adam_v;                            /* Adam's second moments */
    int pairs;                                 /* distinct (position, character) pairs */
    int pair_pos[TRAIN_MAX_PAIRS];             /* each pair's position */
    int pair_id[TRAIN_MAX_PAIRS];              /* each pair's character */
    double position[TASK_LENGTH * MODEL_MAX_D];/* the fingerprints (engine_position), T × d */
    double *px, *pq, *pk, *pv;                 /* pairs × d: x, Q, K, V of each pair */
    double *gx, *gq, *gk, *gv;                 /* pairs × d: their gradients */
    double *shares;                            /* n × heads × T: each sentence's ? row */
    int *predicted;                            /* n: the answer each sentence gets */
    double *confidence;                        /* n: its probability */
    double loss;                               /* loss of the current weights */
    int correct;                               /* sentences answered right */
    int steps;                                 /* Adam steps taken */
    bool failed;                               /* a number overflowed */
    int best_correct;                          /* the most sentences right so far */
    int best_step;                             /* the step that first reached it */
    double *loss_hist;                         /* steps + 1 losses */
    double *acc_hist;                          /* steps + 1 accuracies */
    size_t hist_cap;                           /* room in both */
};

void train_config_default(TrainConfig *c, TaskId task)
{
    c->task = task;
    c->seed = 1;
    c->lr = TRAIN_LR;
    c->heads = 1;
    c->hidden = task == TASK_ALL ? TRAIN_HIDDEN : 0;
    c->max_steps = train_default_max_steps(task);
    c->init_qk = 0.1;
    c->init_embed = 0.03;
    c->init_out = 0.1;
    c->vocab_of = NULL;
    c->lang = LANG_EN;
}

int train_default_max_steps(TaskId task)
{
    return task == TASK_ALL ? 10000 : 5000;
}

/* ---------------------------------------------------------------- the generator */

/* SplitMix64 (Steele, Lea, Flood 2014): the state advances by 0x9E3779B97F4A7C15 and
 * each output is a mix of it; documented in docs/model-format.md's training notes. */
static uint64_t rng_next(uint64_t *state)
{
    uint64_t z = (*state += 0x9E3779B97F4A7C15ull);
    z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9ull;
    z = (z ^ (z >> 27)) * 0x94D049BB133111EBull;
    return z ^ (z >> 31);
}

/* Uniform in [0, 1): the top 53 bits. */
static double rng_uniform(uint64_t *state)
{
    return (double)(rng_next(state) >> 11) * 0x1.0p-53;
}

/* Standard normal by Box–Muller (one of the pair; u1 in (0, 1]). */
static double rng_normal(uint64_t *state)
{
    double u1 = 1.0 - rng_uniform(state), u2 = rng_uniform(state);
    return sqrt(-2.0 * log(u1)) * cos(2.0 * M_PI * u2);
}

static void fill_uniform(uint64_t *state, double *w, size_t n, double bound)
{
    for (size_t i = 0; i < n; i++)
        w[i] = (2.0 * rng_uniform(state) - 1.0) * bound;
}

/* ---------------------------------------------------------------- layout */

/* Points the Model-shaped view at a flat array laid out as the parameters are. */
static void point_views(Model *v, const Model *shape, double *flat)
{
    size_t d = (size_t)shape->d, V = (size_t)shape->vocab_size;
    size_t n = (size_t)shape->answers_count, h = (size_t)shape->hidden;
    *v = *shape;
    v->embedding = flat;  flat += V * d;
    v->wq = flat;         flat += d * d;
    v->wk = flat;         flat += d * d;
    v->wv = flat;         flat += d * d;
    v->w1 = h ? flat : NULL; flat += d * h;
    v->b1 = h ? flat : NULL; flat += h;
    v->w2 = h ? flat : NULL; flat += h * d;
    v->wo = flat;         flat += d * n;
    v->bo = flat;
}

static size_t param_count(const Model *m)
{
    size_t d = (size_t)m->d, V = (size_t)m->vocab_size;
    size_t n = (size_t)m->answers_count, h = (size_t)m->hidden;
    return V * d + 3 * d * d + d * h + h + h * d + d * n + n;
}

/* Random weights for every tensor, in one fixed order, then those of start over them. */
static void init_weights(TrainRun *r, const Model *start)
{
    Model *m = &r->live;
    size_t d = (size_t)m->d, V = (size_t)m->vocab_size;
    size_t n = (size_t)m->answers_count, h = (size_t)m->hidden;
    double bd = 1.0 / sqrt((double)d);
    uint64_t state = r->cfg.seed;
    for (size_t i = 0; i < V * d; i++)
        m->embedding[i] = r->cfg.init_embed * rng_normal(&state);
    fill_uniform(&state, m->wq, d * d, r->cfg.init_qk * bd);
    fill_uniform(&state, m->wk, d * d, r->cfg.init_qk * bd);
    fill_uniform(&state, m->wv, d * d, bd);
    if (h) {
        fill_uniform(&state, m->w1, d * h, bd);
        fill_uniform(&state, m->b1, h, bd);
        fill_uniform(&state, m->w2, h * d, 1.0 / sqrt((double)h));
    }
    fill_uniform(&state, m->wo, d * n, r->cfg.init_out * bd);
    fill_uniform(&state, m->bo, n, bd);
    if (!start)
        return;
    memcpy(m->embedding, start->embedding, V * d * sizeof *m->embedding);
    memcpy(m->wq, start->wq, d * d * sizeof *m->wq);
    memcpy(m->wk, start->wk, d * d * sizeof *m->wk);
    memcpy(m->wv, start->wv, d * d * sizeof *m->wv);
    if (start->answers_count == 0)
        return;
    memcpy(m->wo, start->wo, d * n * sizeof *m->wo);
    memcpy(m->bo, start->bo, n * sizeof *m->bo);
    if (h && start->hidden == 0) {   /* a new MLP on a trained readout: W2 = 0 leaves its answers */
        memset(m->w2, 0, h * d * sizeof *m->w2);
        return;
    }
    if (h) {
        memcpy(m->w1, start->w1, d * h * sizeof *m->w1);
        memcpy(m->b1, start->b1, h * sizeof *m->b1);
        memcpy(m->w2, start->w2, h * d * sizeof *m->w2);
    }
}

/* ---------------------------------------------------------------- sentences */

/* The task's characters as vocabulary indices, the targets as answer indices, and the
 * (position, character) pairs. */
static int index_sentences(TrainRun *r, char *err, size_t errlen)
{
    const Model *m = &r->live;
    int pair_of[TASK_LENGTH][MODEL_MAX_VOCAB];
    for (int t = 0; t < TASK_LENGTH; t++)
        for (int v = 0; v < m->vocab_size; v++)
            pair_of[t][v] = -1;
    r->n = task_sentences(r->cfg.task, r->sentences);
    for (int i = 0; i < r->n; i++) {
        char chars[TASK_LENGTH][TEXT_CHAR_BYTES];
        text_split_chars(r->sentences[i].text, chars, TASK_LENGTH);
        for (int t = 0; t < TASK_LENGTH; t++) {
            int id = model_find_char(m, chars[t]);
            if (id < 0) {
                snprintf(err, errlen, LANG_PICK(r->cfg.lang, "the model's vocabulary has no '%s' (the task needs it)",
                                                "模型的词表里没有「%s」（这个任务要用它）"),
                         chars[t]);
                return -1;
            }
            r->ids[i][t] = id;
            if (pair_of[t][id] < 0) {
                pair_of[t][id] = r->pairs;
                r->pair_pos[r->pairs] = t;
                r->pair_id[r->pairs] = id;
                r->pairs++;
            }
            r->pair[i][t] = pair_of[t][id];
        }
        int want = model_find_char(m, task_number_char(r->sentences[i].answer));
        r->target[i] = -1;
        for (int c = 0; c < m->answers_count; c++)
            if (m->answers[c] == want)
                r->target[i] = c;
        if (r->target[i] < 0) {
            snprintf(err, errlen, LANG_PICK(r->cfg.lang, "the model's [answers] have no '%s' (the task needs it)",
                                            "模型的 [answers] 里没有「%s」（这个任务要用它）"),
                     task_number_char(r->sentences[i].answer));
            return -1;
        }
    }
    return 0;
}

/* ---------------------------------------------------------------- forward and backward */

/* x, Q, K, V of every pair, as engine_forward computes them for a sentence. */
static void forward_pairs(TrainRun *r)
{
    const Model *m = &r->live;
    int d = m->d;
    for (int k = 0; k < r->pairs; k++) {
        double *x = r->px + (size_t)k * (size_t)d;
        const double *e = m->embedding + (size_t)r->pair_id[k] * (size_t)d;
        const double *pe = r->position + (size_t)r->pair_pos[k] * (size_t)d;
        for (int i = 0; i < d; i++)
            x[i] = e[i] + pe[i];
        if (r->pair_pos[k] == TASK_LENGTH - 1)   /* only the asking character needs its Q */
            engine_project(x, m->wq, r->pq + (size_t)k * (size_t)d, d);
        engine_project(x, m->wk, r->pk + (size_t)k * (size_t)d, d);
        engine_project(x, m->wv, r->pv + (size_t)k * (size_t)d, d);
    }
}

/* Scratch of one sentence's pass at the last position. */
typedef struct {
    double w[ENGINE_MAX_HEADS][TASK_LENGTH];   /* the ? row of shares, per head */
    double out[MODEL_MAX_D];                   /* attention's output at ? */
    double h0[MODEL_MAX_D];                    /* x + out */
    double h[MODEL_MAX_D];                     /* after the MLP */
    double *act;                               /* hidden: relu(h0 · W1 + b1) */
    double *logits;                            /* answers */
    double *probs;                             /* answers */
} Pass;

/* The ? row of sentence i: shares per head and the output, the engine's arithmetic. */
static void attend(const TrainRun *r, int i, Pass *ps)
{
    int d = r->live.d, H = r->cfg.heads, dh = d / H, T = TASK_LENGTH;
    double scale = sqrt((double)dh);
    const double *q = r->pq + (size_t)r->pair[i][T - 1] * (size_t)d;
    for (int h = 0; h < H; h++) {
        double scaled[TASK_LENGTH];
        for (int s = 0; s < T; s++) {
            const double *k = r->pk + (size_t)r->pair[i][s] * (size_t)d;
            double acc = 0.0;
            for (int c = h * dh; c < h * dh + dh; c++)
                acc += q[c] * k[c];
            scaled[s] = acc / scale;
        }
        engine_softmax(scaled, ps->w[h], T);
        for (int j = h * dh; j < h * dh + dh; j++) {
            double acc = 0.0;
            for (int s = 0; s < T; s++)
                acc += ps->w[h][s] * r->pv[(size_t)r->pair[i][s] * (size_t)d + (size_t)j];
            ps->out[j] = acc;
        }
    }
}

/* The readout's backward pass for one sentence: accumulates ∂Wo, ∂bo (∂W1, ∂b1, ∂W2) and
 * returns ∂h0 in dh0. dlogits is already divided by the number of sentences. */
static void backward_readout(TrainRun *r, const Pass *ps, const double *dlogits, double *dh0)
{
    const Model *m = &r->live;
    Model *g = &r->grad;
    int d = m->d, n = m->answers_count, hid = m->hidden;
    double dh[MODEL_MAX_D];
    double *restrict gwo = g->wo;          /* the gradients never overlap the weights */
    const double *restrict wo = m->wo;
    for (int a = 0; a < d; a++) {
        double acc = 0.0, ha = ps->h[a];
        for (int c = 0; c < n; c++) {
            gwo[(size_t)a * (size_t)n + (size_t)c] += ha * dlogits[c];
            acc += wo[(size_t)a * (size_t)n + (size_t)c] * dlogits[c];
        }
        dh[a] = acc;
        dh0[a] = acc;
    }
    for (int c = 0; c < n; c++)
        g->bo[c] += dlogits[c];
    for (int u = 0; u < hid; u++) {
        if (ps->act[u] <= 0.0)
            continue;   /* relu's gradient is 0 where it cut */
        double dpre = 0.0;
        for (int a = 0; a < d; a++) {
            g->w2[(size_t)u * (size_t)d + (size_t)a] += ps->act[u] * dh[a];
            dpre += m->w2[(size_t)u * (size_t)d + (size_t)a] * dh[a];
        }
        g->b1[u] += dpre;
        for (int a = 0; a < d; a++) {
            g->w1[(size_t)a * (size_t)hid + (size_t)u] += ps->h0[a] * dpre;
            dh0[a] += m->w1[(size_t)a * (size_t)hid + (size_t)u] * dpre;
        }
    }
}

/* Attention's backward pass for one sentence, from ∂out: into the pairs' ∂Q, ∂K, ∂V. */
static void backward_attention(TrainRun *r, int i, const Pass *ps, const double *dout)
{
    int d = r->live.d, H = r->cfg.heads, dh = d / H, T = TASK_LENGTH;
    double scale = sqrt((double)dh);
    size_t qp = (size_t)r->pair[i][T - 1] * (size_t)d;
    for (int h = 0; h < H; h++) {
        double dw[TASK_LENGTH], dot = 0.0;
        for (int s = 0; s < T; s++) {
            size_t vp = (size_t)r->pair[i][s] * (size_t)d;
            double acc = 0.0;
            for (int j = h * dh; j < h * dh + dh; j++) {
                acc += dout[j] * r->pv[vp + (size_t)j];
                r->gv[vp + (size_t)j] += ps->w[h][s] * dout[j];
            }
            dw[s] = acc;
            dot += ps->w[h][s] * acc;
        }
        for (int s = 0; s < T; s++) {
            double dscore = ps->w[h][s] * (dw[s] - dot) / scale;
            size_t kp = (size_t)r->pair[i][s] * (size_t)d;
            for (int c = h * dh; c < h * dh + dh; c++) {
                r->gq[qp + (size_t)c] += dscore * r->pk[kp + (size_t)c];
                r->gk[kp + (size_t)c] += dscore * r->pq[qp + (size_t)c];
            }
        }
    }
}

/* Pair k's share of ∂Wq, ∂Wk, ∂Wv and its word vector's gradient. Only the asking pair has a
 * Q (forward_pairs): the others' ∂Q is 0, and their ∂Wq and Q terms are skipped. */
static void backward_pair(TrainRun *r, int k)
{
    const Model *m = &r->live;
    Model *g = &r->grad;
    int d = m->d;
    bool asks = r->pair_pos[k] == TASK_LENGTH - 1;
    size_t o = (size_t)k * (size_t)d;
    const double *x = r->px + o, *gq = r->gq + o, *gk = r->gk + o, *gv = r->gv + o;
    double *ge = g->embedding + (size_t)r->pair_id[k] * (size_t)d;
    for (int a = 0; a < d; a++) {
        double dx = r->gx[o + (size_t)a];
        for (int j = 0; j < d; j++) {
            size_t w = (size_t)a * (size_t)d + (size_t)j;
            double qk = m->wk[w] * gk[j];   /* (Wq·∂Q +) Wk·∂K, then + Wv·∂V: one order for all */
            if (asks) {
                g->wq[w] += x[a] * gq[j];
                qk = m->wq[w] * gq[j] + qk;
            }
            g->wk[w] += x[a] * gk[j];
            g->wv[w] += x[a] * gv[j];
            dx += qk + m->wv[w] * gv[j];
        }
        ge[a] += dx;
    }
}

/* From the pairs' gradients to Wq, Wk, Wv and the word vectors. */
static void backward_pairs(TrainRun *r)
{
    for (int k = 0; k < r->pairs; k++)
        backward_pair(r, k);
}

/* −log softmax(logits)[target]: from the probability while it is far from underflow (one
 * log instead of n exps), else from the log-sum-exp. */
static double cross_entropy(const double *logits, const double *probs, int n, int target)
{
    if (probs[target] > 1e-200)
        return -log(probs[target]);
    int top = 0;
    for (int c = 1; c < n; c++)
        if (logits[c] > logits[top])
            top = c;
    double sum = 1.0;   /* e^0, the largest logit's term */
    for (int c = 0; c < n; c++)
        if (c != top)
            sum += exp(logits[c] - logits[top]);
    return log(sum) + logits[top] - logits[target];
}

/* What one pass over the sentences does besides the loss. */
typedef enum {
    PASS_EVAL,   /* the loss only */
    PASS_FULL    /* also gradients, shares, predictions, accuracy */
} PassMode;

/* The loss of the current weights; with PASS_FULL also everything a step needs. Returns
 * the loss (not finite when the numbers overflowed). */
static double run_pass(TrainRun *r, PassMode mode)
{
    const Model *m = &r->live;
    int d = m->d, n = m->answers_count, H = r->cfg.heads, T = TASK_LENGTH;
    double act[TRAIN_MAX_HIDDEN];
    double logits[TRAIN_MAX_ANSWERS], probs[TRAIN_MAX_ANSWERS], dlogits[TRAIN_MAX_ANSWERS];
    Pass ps = { .act = act, .logits = logits, .probs = probs };
    forward_pairs(r);
    if (mode == PASS_FULL) {
        memset(r->grads, 0, r->count * sizeof *r->grads);
        size_t pd = (size_t)r->pairs * (size_t)d;
        memset(r->gx, 0, pd * sizeof *r->gx);
        memset(r->gq, 0, pd * sizeof *r->gq);
        memset(r->gk, 0, pd * sizeof *r->gk);
        memset(r->gv, 0, pd * sizeof *r->gv);
        r->correct = 0;
    }
    double total = 0.0;
    for (int i = 0; i < r->n; i++) {
        attend(r, i, &ps);
        const double *x = r->px + (size_t)r->pair[i][T - 1] * (size_t)d;
        int best = engine_readout(m, x, ps.out, ps.h0, ps.act, ps.h, ps.logits, ps.probs);
        total += cross_entropy(logits, probs, n, r->target[i]);
        if (mode == PASS_EVAL)
            continue;
        r->predicted[i] = best;
        r->confidence[i] = probs[best];
        r->correct += best == r->target[i];
        memcpy(r->shares + (size_t)i * (size_t)H * (size_t)T, ps.w, (size_t)H * (size_t)T * sizeof(double));
        for (int c = 0; c < n; c++)
            dlogits[c] = (probs[c] - (c == r->target[i] ? 1.0 : 0.0)) / (double)r->n;
        double dh0[MODEL_MAX_D];
        backward_readout(r, &ps, dlogits, dh0);
        double *gx = r->gx + (size_t)r->pair[i][T - 1] * (size_t)d;
        for (int a = 0; a < d; a++)
            gx[a] += dh0[a];
        backward_attention(r, i, &ps, dh0);
    }
    if (mode == PASS_FULL)
        backward_pairs(r);
    return total / (double)r->n;
}

/* ---------------------------------------------------------------- history */

static int record(TrainRun *r)
{
    size_t at = (size_t)r->steps;
    if (at >= r->hist_cap) {
        size_t cap = r->hist_cap ? r->hist_cap * 2 : 1024;
        double *l = realloc(r->loss_hist, cap * sizeof *l);
        if (!l)
            return -1;
        r->loss_hist = l;
        double *a = realloc(r->acc_hist, cap * sizeof *a);
        if (!a)
            return -1;
        r->acc_hist = a;
        r->hist_cap = cap;
    }
    r->loss_hist[at] = r->loss;
    r->acc_hist[at] = train_accuracy(r);
    if (r->correct > r->best_correct) {
        r->best_correct = r->correct;
        r->best_step = r->steps;
    }
    return 0;
}

/* The full pass over the current weights, recorded; the run fails on a number that is not
 * finite. */
static int evaluate(TrainRun *r)
{
    r->loss = run_pass(r, PASS_FULL);
    bool finite = isfinite(r->loss);
    for (size_t i = 0; finite && i < r->count; i++)
        finite = isfinite(r->params[i]) && isfinite(r->grads[i]);
    if (!finite)
        r->failed = true;
    if (record(r) != 0)
        r->failed = true;
    return r->failed ? -1 : 0;
}

/* ---------------------------------------------------------------- creating */

/* The vocabulary and answers of the run's model: start's, or the built-in model's. */
static int set_shape(TrainRun *r, const Model *start, char *err, size_t errlen)
{
    Model base;
    memset(&base, 0, sizeof base);
    bool shape_only = !start && r->cfg.vocab_of;   /* its vocabulary and d, nothing else */
    if (shape_only) {
        start = r->cfg.vocab_of;
    } else if (!start) {
        if (model_load_default(&base, err, errlen) != 0)
            return -1;
        start = &base;
    }
    Model *m = &r->live;
    memset(m, 0, sizeof *m);
    m->d = start->d;
    m->vocab_size = start->vocab_size;
    m->vocab = malloc((size_t)m->vocab_size * sizeof *m->vocab);
    m->answers = malloc(TASK_ANSWERS * sizeof *m->answers + (size_t)start->answers_count * sizeof(int));
    int ok = m->vocab && m->answers;
    if (ok) {
        memcpy(m->vocab, start->vocab, (size_t)m->vocab_size * sizeof *m->vocab);
        snprintf(m->sentence, sizeof m->sentence, "三加五等于?");
    }
    if (ok && start->answers_count > 0 && !shape_only) {
        m->answers_count = start->answers_count;
        memcpy(m->answers, start->answers, (size_t)start->answers_count * sizeof(int));
        m->hidden = start->hidden > 0 ? start->hidden : r->cfg.hidden;   /* `all` adds an MLP */
    } else if (ok) {
        m->answers_count = TASK_ANSWERS;
        m->hidden = r->cfg.hidden;
        for (int c = 0; c < TASK_ANSWERS; c++)
            m->answers[c] = model_find_char(m, task_number_char(c));
    }
    m->heads = r->cfg.heads;
    model_free(&base);
    Lang lang = r->cfg.lang;
    if (!ok) {
        snprintf(err, errlen, "%s", LANG_PICK(lang, "out of memory", "内存不足"));
        return -1;
    }
    for (int c = 0; c < m->answers_count; c++)
        if (m->answers[c] < 0) {
            snprintf(err, errlen, LANG_PICK(lang, "the model's vocabulary has no '%s' (the task needs it)",
                                            "模型的词表里没有「%s」（这个任务要用它）"),
                     task_number_char(c));
            return -1;
        }
    if (m->answers_count > TRAIN_MAX_ANSWERS || m->hidden > TRAIN_MAX_HIDDEN) {
        snprintf(err, errlen, LANG_PICK(lang, "the model is too large to train (d %d, %d answers, hidden %d)",
                                        "模型太大，训练不了（d %d，%d 个答案，MLP 宽 %d）"),
                 m->d, m->answers_count, m->hidden);
        return -1;
    }
    return 0;
}

static int check_config(const TrainConfig *c, int d, char *err, size_t errlen)
{
    Lang lang = c->lang;
    if (c->task < 0 || c->task >= TASK_COUNT)
        snprintf(err, errlen, LANG_PICK(lang, "unknown task %d", "不认识的任务 %d"), (int)c->task);
    else if (!(c->lr > 0.0) || !isfinite(c->lr))
        snprintf(err, errlen, "%s", LANG_PICK(lang, "the learning rate must be a number above 0",
                                              "学习率必须是大于 0 的数"));
    else if (c->heads < 1 || c->heads > ENGINE_MAX_HEADS || d % c->heads != 0)
        snprintf(err, errlen, LANG_PICK(lang, "%d heads need a width d divisible by %d (d is %d)",
                                        "%d 个头要求宽度 d 能被 %d 整除（d 是 %d）"), c->heads,
                 c->heads, d);
    else if (c->hidden < 0 || c->hidden > TRAIN_MAX_HIDDEN)
        snprintf(err, errlen, LANG_PICK(lang, "the MLP's width must be 0 to %d", "MLP 的宽度必须是 0 到 %d"),
                 TRAIN_MAX_HIDDEN);
    else if (c->max_steps < 0)
        snprintf(err, errlen, "%s", LANG_PICK(lang, "the maximum of steps must be 0 or more",
                                              "最多步数必须是 0 或更多"));
    else
        return 0;
    return -1;
}

static int allocate_run(TrainRun *r)
{
    r->count = param_count(&r->live);
    size_t pd = (size_t)r->pairs * (size_t)r->live.d;
    r->params = calloc(r->count, sizeof(double));
    r->grads = calloc(r->count, sizeof(double));
    r->adam_m = calloc(r->count, sizeof(double));
    r->adam_v = calloc(r->count, sizeof(double));
    r->px = calloc(8 * pd + 1, sizeof(double));
    r->shares = calloc((size_t)r->n * (size_t)r->cfg.heads * TASK_LENGTH, sizeof(double));
    r->predicted = calloc((size_t)r->n, sizeof(int));
    r->confidence = calloc((size_t)r->n, sizeof(double));
    if (!r->params || !r->grads || !r->adam_m || !r->adam_v || !r->px || !r->shares ||
        !r->predicted || !r->confidence)
        return -1;
    r->pq = r->px + pd;
    r->pk = r->pq + pd;
    r->pv = r->pk + pd;
    r->gx = r->pv + pd;
    r->gq = r->gx + pd;
    r->gk = r->gq + pd;
    r->gv = r->gk + pd;
    Model shape = r->live;
    point_views(&r->live, &shape, r->params);
    point_views(&r->grad, &shape, r->grads);
    return 0;
}

TrainRun *train_new(const TrainConfig *cfg, const Model *start, char *err, size_t errlen)
{
    TrainRun *r = calloc(1, sizeof *r);
    if (!r) {
        snprintf(err, errlen, "%s", LANG_PICK(cfg->lang, "out of memory", "内存不足"));
        return NULL;
    }
    r->cfg = *cfg;
    if (set_shape(r, start, err, errlen) != 0 || check_config(cfg, r->live.d, err, errlen) != 0 ||
        index_sentences(r, err, errlen) != 0) {
        train_free(r);
        return NULL;
    }
    if (allocate_run(r) != 0) {
        snprintf(err, errlen, "%s", LANG_PICK(cfg->lang, "out of memory", "内存不足"));
        train_free(r);
        return NULL;
    }
    for (int t = 0; t < TASK_LENGTH; t++)
        for (int i = 0; i < r->live.d; i++)
            r->position[t * r->live.d + i] = engine_position(t, i, r->live.d);
    init_weights(r, start);
    r->best_correct = -1;
    if (evaluate(r) != 0 && !isfinite(r->loss)) {
        snprintf(err, errlen, "%s", LANG_PICK(cfg->lang, "the starting model's numbers overflow (the loss is not finite)",
                                              "起始模型的数溢出了（损失不是有限的数）"));
        train_free(r);
        return NULL;
    }
    return r;
}

void train_free(TrainRun *r)
{
    if (!r)
        return;
    free(r->live.vocab);
    free(r->live.answers);
    free(r->params);
    free(r->grads);
    free(r->adam_m);
    free(r->adam_v);
    free(r->px);
    free(r->shares);
    free(r->predicted);
    free(r->confidence);
    free(r->loss_hist);
    free(r->acc_hist);
    free(r);
}

/* ---------------------------------------------------------------- stepping */

/* PyTorch's Adam (torch.optim.Adam, single-tensor path, no weight decay, amsgrad off):
 * m ← lerp(m, g, 1 − β1); v ← β2·v + (1 − β2)·g²; p ← p − (lr / (1 − β1^t)) ·
 * m / (√v / √(1 − β2^t) + ε). */
static void adam_update(TrainRun *r)
{
    double t = (double)(r->steps + 1);
    double bc1 = 1.0 - pow(TRAIN_BETA1, t), bc2 = 1.0 - pow(TRAIN_BETA2, t);
    double step_size = r->cfg.lr / bc1, bc2_sqrt = sqrt(bc2);
    for (size_t i = 0; i < r->count; i++) {
        double g = r->grads[i];
        r->adam_m[i] += (1.0 - TRAIN_BETA1) * (g - r->adam_m[i]);
        r->adam_v[i] = r->adam_v[i] * TRAIN_BETA2 + (1.0 - TRAIN_BETA2) * g * g;
        double denom = sqrt(r->adam_v[i]) / bc2_sqrt + TRAIN_EPS;
        r->params[i] += -step_size * (r->adam_m[i] / denom);
    }
}

int train_step(TrainRun *r)
{
    if (r->failed)
        return -1;
    adam_update(r);
    r->steps++;
    return evaluate(r);
}

int train_steps(TrainRun *r, int n)
{
    int done = 0;
    while (done < n && !train_done(r)) {
        train_step(r);
        done++;
    }
    return done;
}

double train_step_work(const TrainRun *r)
{
    double d = r->live.d, T = TASK_LENGTH, answers = r->live.answers_count, hidden = r->live.hidden;
    double pairs = 3.0 * d * d * r->pairs;   /* each (position, character) pair's x·Wq, Wk, Wv */
    double sentence = 2.0 * T * d + d * answers + 2.0 * d * hidden + d * d;   /* ? row, readout */
    double forward = pairs + sentence * r->n;
    return 3.0 * forward + 8.0 * (double)r->count;   /* backward about twice forward; Adam */
}

/* ---------------------------------------------------------------- state */

int train_step_count(const TrainRun *r) { return r->steps; }
double train_loss(const TrainRun *r) { return r->loss; }
int train_correct(const TrainRun *r) { return r->correct; }
bool train_failed(const TrainRun *r) { return r->failed; }
const TrainConfig *train_config(const TrainRun *r) { return &r->cfg; }
const double *train_loss_history(const TrainRun *r) { return r->loss_hist; }
const double *train_accuracy_history(const TrainRun *r) { return r->acc_hist; }
int train_sentence_count(const TrainRun *r) { return r->n; }

double train_accuracy(const TrainRun *r)
{
    return r->n > 0 ? (double)r->correct / (double)r->n : 0.0;
}

bool train_solved(const TrainRun *r)
{
    return !r->failed && r->correct == r->n;
}

bool train_stuck(const TrainRun *r)
{
    return !train_solved(r) && r->steps - r->best_step >= TRAIN_STUCK_STEPS;
}

bool train_done(const TrainRun *r)
{
    return train_solved(r) || r->failed || r->steps >= r->cfg.max_steps;
}

const TaskSentence *train_sentence(const TrainRun *r, int i)
{
    return i >= 0 && i < r->n ? &r->sentences[i] : NULL;
}

int train_find_sentence(const TrainRun *r, const char *text)
{
    for (int i = 0; text && i < r->n; i++)
        if (strcmp(r->sentences[i].text, text) == 0)
            return i;
    return -1;
}

int train_shares(const TrainRun *r, int i, int h, double *shares)
{
    if (i < 0 || i >= r->n || h < 0 || h >= r->cfg.heads)
        return -1;
    memcpy(shares, r->shares + ((size_t)i * (size_t)r->cfg.heads + (size_t)h) * TASK_LENGTH,
           TASK_LENGTH * sizeof *shares);
    return TASK_LENGTH;
}

double train_share_of(const TrainRun *r, int i, int h, unsigned set)
{
    double w[TASK_LENGTH], total = 0.0;
    if (train_shares(r, i, h, w) < 0)
        return -1.0;
    for (int t = 0; t < TASK_LENGTH; t++)
        if (set & (1u << t))
            total += w[t];
    return total;
}

const char *train_prediction(const TrainRun *r, int i, double *p)
{
    if (i < 0 || i >= r->n)
        return NULL;
    if (p)
        *p = r->confidence[i];
    return r->live.vocab[r->live.answers[r->predicted[i]]];
}

/* ---------------------------------------------------------------- the weights */

const Model *train_model(const TrainRun *r) { return &r->live; }
Model *train_weights(TrainRun *r) { return &r->live; }

int train_to_model(const TrainRun *r, Model *out)
{
    return model_copy(out, &r->live);
}

void train_gradient(const TrainRun *r, Model *g)
{
    *g = r->grad;
}

double train_eval_loss(TrainRun *r)
{
    return run_pass(r, PASS_EVAL);
}
