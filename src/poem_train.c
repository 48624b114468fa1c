/* poem_train.c — training a layered model on a poem corpus (poem_train.h).
 * Owns: the windows, the shuffled batches, the two halves of a batch and their threads, the
 * schedule, AdamW's moments, the evaluations, the baselines and the heads' statistics.
 * Must not touch: files, the terminal, formatting, any global state. */
#include "poem_train.h"

#include <math.h>
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "sqrtd.h"
#include "text.h"
#include "transformer.h"
#include "transformer_backward.h"

#define PARTS 2   /* a batch's halves: the fixed partition every thread count shares */

/* One window: inputs tokens[start .. start + len), targets one further. */
typedef struct {
    int start;   /* index into the corpus's tokens */
    int len;     /* inputs, 1 … context */
    int poem;    /* the poem it belongs to */
    int offset;  /* its first input's place in the poem (0, context, 2·context …) */
} Window;

/* What one half of a batch needs: its own trace, scratch and gradient block. */
typedef struct {
    TransformerTrace tr;      /* the forward pass of the window in hand */
    TransformerGrad scratch;  /* its backward pass's memory */
    double *grad;             /* the half's gradient, laid out as the model */
    Model gview;              /* grad seen as a Model */
    const Window *win;        /* the windows it takes */
    const int *list;          /* their indices into win */
    int n;                    /* how many */
    const int *tokens;        /* the corpus's tokens */
    double weight;            /* 1 / the characters the whole batch predicts */
    bool backward;            /* false: losses only */
    double loss;              /* Σ −log p over its windows */
} Part;

struct PoemTrainRun {
    PoemTrainConfig cfg;      /* the shape and the schedule */
    const Corpus *corpus;     /* the poems (not owned) */
    Model model;              /* the weights (model.params is the block AdamW updates) */
    double *adam_m, *adam_v;  /* AdamW's moments, laid out as the model */
    Window *train, *held;     /* the windows */
    int n_train, n_held;
    int *order;               /* the current shuffle of the training windows */
    int next;                 /* the next place in it */
    int *batch;               /* the last step's windows */
    SqrtdRng rng;             /* the starting numbers, then the shuffles */
    int steps;                /* steps taken */
    Part part[PARTS];         /* the batch's halves */
};

void poem_train_config_default(PoemTrainConfig *c)
{
    c->d = POEM_TRAIN_D;
    c->heads = POEM_TRAIN_HEADS;
    c->layers = POEM_TRAIN_LAYERS;
    c->context = POEM_TRAIN_CONTEXT;
    c->mlp = POEM_TRAIN_MLP;
    c->learned_position = false;
    c->seed = 1;
    c->steps = POEM_TRAIN_STEPS;
    c->batch = POEM_TRAIN_BATCH;
    c->lr = POEM_TRAIN_LR;
    c->warmup = POEM_TRAIN_WARMUP;
    c->lr_floor = POEM_TRAIN_LR_FLOOR;
    c->decay = POEM_TRAIN_DECAY;
    c->threads = POEM_TRAIN_THREADS;
}

/* ---------------------------------------------------------------- windows */

/* Cuts every poem of one kind (held out or not) into windows; returns how many (or -1). */
static int cut_windows(const Corpus *c, int context, bool held_out, Window **out)
{
    int n = 0;
    for (int p = 0; p < c->poems; p++)
        if (c->poem[p].held_out == held_out)
            n += (c->poem[p].length + context - 1) / context;
    *out = calloc((size_t)n + 1, sizeof **out);
    if (!*out)
        return -1;
    int k = 0;
    for (int p = 0; p < c->poems; p++) {
        const CorpusPoem *poem = &c->poem[p];
        if (poem->held_out != held_out)
            continue;
        for (int off = 0; off < poem->length; off += context) {
            Window *w = &(*out)[k++];
            w->start = poem->start + off;
            w->len = poem->length - off < context ? poem->length - off : context;
            w->poem = p;
            w->offset = off;
        }
    }
    return n;
}

int poem_train_window_count(const PoemTrainRun *r, bool held_out)
{
    return held_out ? r->n_held : r->n_train;
}

void poem_train_window(const PoemTrainRun *r, bool held_out, int i, const int **ids, const int **targets,
                       int *len)
{
    const Window *w = held_out ? &r->held[i] : &r->train[i];
    *ids = r->corpus->tokens + w->start;
    *targets = r->corpus->tokens + w->start + 1;
    *len = w->len;
}

/* ---------------------------------------------------------------- the starting numbers */

/* n numbers from N(0, sd) in order. */
static void draw_normal(SqrtdRng *rng, double *w, size_t n, double sd)
{
    for (size_t i = 0; i < n; i++)
        w[i] = sd * sqrtd_rng_normal(rng);
}

/* The seeded start: N(0, 0.02) weights, the output projections at 0.02/√(2·layers), biases 0,
 * LN gains 1; drawn in model_layout's order. */
static void init_weights(PoemTrainRun *r)
{
    Model *m = &r->model;
    size_t d = (size_t)m->d, V = (size_t)m->vocab_size, h = (size_t)m->mlp;
    double sd = POEM_TRAIN_INIT, sd_out = POEM_TRAIN_INIT / sqrt(2.0 * m->layers);
    draw_normal(&r->rng, m->embedding, V * d, sd);
    if (m->position)
        draw_normal(&r->rng, m->position, (size_t)m->context * d, sd);
    for (int l = 0; l < m->layers; l++) {
        ModelLayer *L = &m->layer[l];
        for (size_t i = 0; i < d; i++)
            L->ln1_gain[i] = L->ln2_gain[i] = 1.0;
        draw_normal(&r->rng, L->wq, d * d, sd);
        draw_normal(&r->rng, L->wk, d * d, sd);
        draw_normal(&r->rng, L->wv, d * d, sd);
        draw_normal(&r->rng, L->wo, d * d, sd_out);
        draw_normal(&r->rng, L->w1, d * h, sd);
        draw_normal(&r->rng, L->w2, h * d, sd_out);
    }
    for (size_t i = 0; i < d; i++)
        m->lnf_gain[i] = 1.0;
    draw_normal(&r->rng, m->lm_head, d * V, sd);
}

/* [sentence]: 床前明月光，疑是地上霜。 when every character is in the corpus, else the first
 * poem's opening, up to its second line's end (at most context characters). */
static void choose_sentence(PoemTrainRun *r)
{
    Model *m = &r->model;
    char chars[MODEL_MAX_CONTEXT][TEXT_CHAR_BYTES];
    int n = text_split_chars(POEM_TRAIN_SENTENCE, chars, MODEL_MAX_CONTEXT), ok = n <= m->context;
    for (int i = 0; ok && i < n; i++)
        ok = model_find_char(m, chars[i]) >= 0;
    if (ok) {
        snprintf(m->sentence, sizeof m->sentence, "%s", POEM_TRAIN_SENTENCE);
        return;
    }
    const Corpus *c = r->corpus;
    const CorpusPoem *p = &c->poem[0];
    size_t used = 0;
    int ends = 0;
    m->sentence[0] = '\0';
    for (int i = 0; i < p->length && i < m->context && ends < 2; i++) {
        const char *ch = c->vocab[c->tokens[p->start + i]];
        size_t len = strlen(ch);
        if (used + len >= sizeof m->sentence)
            break;
        memcpy(m->sentence + used, ch, len + 1);
        used += len;
        ends += corpus_line_end(ch);
    }
}

/* ---------------------------------------------------------------- the run */

/* Makes one half's trace, scratch and gradient block. */
static int part_init(Part *p, const Model *m, const int *tokens)
{
    memset(p, 0, sizeof *p);
    p->tokens = tokens;
    p->grad = calloc(m->param_count, sizeof *p->grad);
    if (!p->grad || transformer_trace_init(&p->tr, m) != 0 || transformer_grad_init(&p->scratch, m) != 0)
        return -1;
    p->gview = *m;
    model_layout(&p->gview, p->grad, m->position != NULL);
    return 0;
}

static void part_free(Part *p)
{
    transformer_trace_free(&p->tr);
    transformer_grad_free(&p->scratch);
    free(p->grad);
    memset(p, 0, sizeof *p);
}

/* Starts the weights: a copy of start, checked against the corpus, or the seeded draw. */
static int start_model(PoemTrainRun *r, const Model *start, Lang lang, char *err, size_t errlen)
{
    const Corpus *c = r->corpus;
    const PoemTrainConfig *cfg = &r->cfg;
    if (start) {
        bool same = start->layers > 0 && start->vocab_size == c->vocab_size;
        for (int i = 0; same && i < c->vocab_size; i++)
            same = strcmp(start->vocab[i], c->vocab[i]) == 0;
        if (!same) {
            snprintf(err, errlen, "%s", LANG_PICK(lang, "the model's vocabulary is not the corpus's (training "
                                                  "goes on only over the characters it started with, in the same order)",
                                                  "模型的词表和语料的不同（接着训练要同样的字、同样的顺序）"));
            return -1;
        }
        if (model_copy(&r->model, start) != 0)
            return -1;
        r->cfg.d = start->d;
        r->cfg.heads = start->heads;
        r->cfg.layers = start->layers;
        r->cfg.context = start->context;
        r->cfg.mlp = start->mlp;
        r->cfg.learned_position = start->position != NULL;
        return 0;
    }
    if (model_alloc_layered(&r->model, c->vocab_size, cfg->d, cfg->layers, cfg->heads, cfg->context,
                            cfg->mlp, cfg->learned_position) != 0)
        return -1;
    memcpy(r->model.vocab, c->vocab, (size_t)c->vocab_size * sizeof *c->vocab);
    init_weights(r);
    choose_sentence(r);
    return 0;
}

int poem_train_new(PoemTrainRun **out, const Corpus *c, const PoemTrainConfig *cfg, const Model *start,
                   Lang lang, char *err, size_t errlen)
{
    *out = NULL;
    if (cfg->batch < PARTS || cfg->batch % PARTS != 0 || cfg->threads < 1 || cfg->threads > PARTS ||
        (!start && (cfg->heads < 1 || cfg->d % cfg->heads != 0 || cfg->layers < 1 || cfg->layers > MODEL_MAX_LAYERS ||
                    cfg->context < 1 || cfg->context > MODEL_MAX_CONTEXT))) {
        snprintf(err, errlen, "%s", LANG_PICK(lang, "a bad training configuration", "训练的设置不对"));
        return -1;
    }
    PoemTrainRun *r = calloc(1, sizeof *r);
    if (!r) {
        snprintf(err, errlen, "%s", LANG_PICK(lang, "out of memory", "内存不足"));
        return -1;
    }
    r->cfg = *cfg;
    r->corpus = c;
    r->rng = sqrtd_rng(cfg->seed);
    if (start_model(r, start, lang, err, errlen) != 0) {
        if (!err[0])
            snprintf(err, errlen, "%s", LANG_PICK(lang, "out of memory", "内存不足"));
        poem_train_free(r);
        return -1;
    }
    r->n_train = cut_windows(c, r->model.context, false, &r->train);
    r->n_held = cut_windows(c, r->model.context, true, &r->held);
    r->order = calloc((size_t)r->n_train + 1, sizeof *r->order);
    r->batch = calloc((size_t)cfg->batch, sizeof *r->batch);
    r->adam_m = calloc(r->model.param_count, sizeof *r->adam_m);
    r->adam_v = calloc(r->model.param_count, sizeof *r->adam_v);
    int ok = r->n_train >= 0 && r->n_held >= 0 && r->order && r->batch && r->adam_m && r->adam_v;
    for (int p = 0; ok && p < PARTS; p++)
        ok = part_init(&r->part[p], &r->model, c->tokens) == 0;
    if (!ok || r->n_train == 0) {
        snprintf(err, errlen, "%s", !ok ? LANG_PICK(lang, "out of memory", "内存不足")
                                        : LANG_PICK(lang, "no training poems", "没有训练用的诗"));
        poem_train_free(r);
        return -1;
    }
    r->next = r->n_train;   /* the first step shuffles */
    *out = r;
    return 0;
}

void poem_train_free(PoemTrainRun *r)
{
    if (!r)
        return;
    for (int p = 0; p < PARTS; p++)
        part_free(&r->part[p]);
    model_free(&r->model);
    free(r->adam_m);
    free(r->adam_v);
    free(r->train);
    free(r->held);
    free(r->order);
    free(r->batch);
    free(r);
}

const Model *poem_train_model(const PoemTrainRun *r)
{
    return &r->model;
}

const PoemTrainConfig *poem_train_config(const PoemTrainRun *r)
{
    return &r->cfg;
}

int poem_train_steps_done(const PoemTrainRun *r)
{
    return r->steps;
}

int poem_train_last_batch(const PoemTrainRun *r, int *windows)
{
    if (r->steps == 0)
        return 0;
    memcpy(windows, r->batch, (size_t)r->cfg.batch * sizeof *windows);
    return r->cfg.batch;
}

/* ---------------------------------------------------------------- the halves */

/* Runs one half: forward (and backward) over its windows. */
static void *part_run(void *arg)
{
    Part *p = arg;
    p->loss = 0.0;
    if (p->backward)
        memset(p->grad, 0, p->gview.param_count * sizeof *p->grad);
    for (int i = 0; i < p->n; i++) {
        const Window *w = &p->win[p->list[i]];
        const int *targets = p->tokens + w->start + 1;
        transformer_forward(&p->tr, p->tokens + w->start, w->len);
        if (p->backward) {
            p->loss += transformer_backward(&p->tr, targets, p->weight, &p->scratch, &p->gview);
            continue;
        }
        for (int t = 0; t < w->len; t++)
            p->loss -= log(TRANSFORMER_ROW(p->tr.probs, t, p->tr.vocab)[targets[t]]);
    }
    return NULL;
}

/* Splits list[0..n) into the two halves and runs them (the second on a thread when there are
 * two); returns the two halves' losses added, first then second. */
static double run_parts(PoemTrainRun *r, const Window *win, const int *list, int n, double weight, bool backward)
{
    int half = (n + 1) / 2;
    for (int p = 0; p < PARTS; p++) {
        Part *part = &r->part[p];
        part->win = win;
        part->list = list + (p == 0 ? 0 : half);
        part->n = p == 0 ? half : n - half;
        part->weight = weight;
        part->backward = backward;
    }
    pthread_t thread;
    bool threaded = r->cfg.threads > 1 && pthread_create(&thread, NULL, part_run, &r->part[1]) == 0;
    part_run(&r->part[0]);
    if (threaded)
        pthread_join(thread, NULL);
    else
        part_run(&r->part[1]);
    return r->part[0].loss + r->part[1].loss;
}

/* ---------------------------------------------------------------- a step */

/* The next batch of windows from the shuffle (a new shuffle when one runs out). */
static void next_batch(PoemTrainRun *r)
{
    for (int b = 0; b < r->cfg.batch; b++) {
        if (r->next == r->n_train) {
            for (int i = 0; i < r->n_train; i++)
                r->order[i] = i;
            for (int i = r->n_train - 1; i > 0; i--) {
                int j = (int)(sqrtd_rng_uniform(&r->rng) * (i + 1));
                int keep = r->order[i];
                r->order[i] = r->order[j];
                r->order[j] = keep;
            }
            r->next = 0;
        }
        r->batch[b] = r->order[r->next++];
    }
}

double poem_train_lr_at(const PoemTrainRun *r, int s)
{
    const PoemTrainConfig *c = &r->cfg;
    if (s <= c->warmup)
        return c->lr * s / (c->warmup > 0 ? c->warmup : 1);
    if (s >= c->steps)
        return c->lr * c->lr_floor;
    double progress = (double)(s - c->warmup) / (double)(c->steps - c->warmup);
    return c->lr * (c->lr_floor + (1.0 - c->lr_floor) * 0.5 * (1.0 + cos(M_PI * progress)));
}

double poem_train_step(PoemTrainRun *r)
{
    next_batch(r);
    int chars = 0;
    for (int b = 0; b < r->cfg.batch; b++)
        chars += r->train[r->batch[b]].len;
    double loss = run_parts(r, r->train, r->batch, r->cfg.batch, 1.0 / chars, true);
    double *g = r->part[0].grad;
    const double *g2 = r->part[1].grad;
    for (size_t i = 0; i < r->model.param_count; i++)
        g[i] += g2[i];
    r->steps++;
    AdamWStep s = { .lr = poem_train_lr_at(r, r->steps), .beta1 = 0.9, .beta2 = 0.999, .eps = 1e-8,
                    .decay = r->cfg.decay, .step = r->steps };
    transformer_adamw(r->model.params, g, r->adam_m, r->adam_v, r->model.param_count, &s);
    return loss / chars;
}

/* ---------------------------------------------------------------- evaluation */

double poem_train_loss(PoemTrainRun *r, bool held_out)
{
    const Window *win = held_out ? r->held : r->train;
    int n = held_out ? r->n_held : r->n_train, chars = 0;
    int *list = malloc(((size_t)n + 1) * sizeof *list);
    if (!list)
        return NAN;
    for (int i = 0; i < n; i++) {
        list[i] = i;
        chars += win[i].len;
    }
    double loss = n > 0 ? run_parts(r, win, list, n, 0.0, false) / chars : NAN;
    free(list);
    return loss;
}

void poem_train_baselines(const PoemTrainRun *r, double *unigram, double *bigram)
{
    const Corpus *c = r->corpus;
    size_t V = (size_t)c->vocab_size;
    double *uni = calloc(V, sizeof *uni), *bi = calloc(V * V, sizeof *bi), *ctx = calloc(V, sizeof *ctx);
    *unigram = *bigram = NAN;
    if (uni && bi && ctx) {
        double total = 0.0;
        for (int w = 0; w < r->n_train; w++)
            for (int t = 0; t < r->train[w].len; t++) {
                int x = c->tokens[r->train[w].start + t], y = c->tokens[r->train[w].start + t + 1];
                uni[y] += 1.0;
                bi[(size_t)x * V + (size_t)y] += 1.0;
                ctx[x] += 1.0;
                total += 1.0;
            }
        double lu = 0.0, lb = 0.0;
        int n = 0;
        for (int w = 0; w < r->n_held; w++)
            for (int t = 0; t < r->held[w].len; t++) {
                int x = c->tokens[r->held[w].start + t], y = c->tokens[r->held[w].start + t + 1];
                lu -= log((uni[y] + 1.0) / (total + (double)V));
                lb -= log((bi[(size_t)x * V + (size_t)y] + 1.0) / (ctx[x] + (double)V));
                n++;
            }
        if (n > 0) {
            *unigram = lu / n;
            *bigram = lb / n;
        }
    }
    free(uni);
    free(bi);
    free(ctx);
}

/* ---------------------------------------------------------------- the heads' statistics */

/* For each input of window w: its line and its column within the line, counted from the poem's
 * first character (lines end after ，。？！；), and the poem place where each line starts. */
static void window_lines(const PoemTrainRun *r, const Window *w, int *line, int *col, int *line_start,
                         int max_lines)
{
    const Corpus *c = r->corpus;
    const CorpusPoem *p = &c->poem[w->poem];
    int ln = 0, cl = 0;
    line_start[0] = 0;
    for (int i = 0; i < w->offset + w->len; i++) {
        if (i >= w->offset) {
            line[i - w->offset] = ln;
            col[i - w->offset] = cl;
        }
        cl++;
        if (corpus_line_end(c->vocab[c->tokens[p->start + i]])) {
            ln++;
            cl = 0;
            if (ln < max_lines)
                line_start[ln] = i + 1;
        }
    }
}

int poem_train_head_stats(PoemTrainRun *r)
{
    Model *m = &r->model;
    int H = m->layers * m->heads, cols = MODEL_STATS_COLS(m->context);
    double *sum = calloc((size_t)H * (size_t)cols, sizeof *sum);
    double *count = calloc((size_t)H * (size_t)cols, sizeof *count);
    if (!m->head_stats)
        m->head_stats = calloc((size_t)H * (size_t)cols, sizeof *m->head_stats);
    int max_lines = 4096;
    int *line_start = calloc((size_t)max_lines, sizeof *line_start);
    if (!sum || !count || !m->head_stats || !line_start) {
        free(sum);
        free(count);
        free(line_start);
        return -1;
    }
    TransformerTrace *tr = &r->part[0].tr;
    const int *tokens = r->corpus->tokens;
    for (int w = 0; w < r->n_held; w++) {
        const Window *win = &r->held[w];
        int line[MODEL_MAX_CONTEXT], col[MODEL_MAX_CONTEXT];
        window_lines(r, win, line, col, line_start, max_lines);
        transformer_forward(tr, tokens + win->start, win->len);
        for (int l = 0; l < m->layers; l++)
            for (int h = 0; h < m->heads; h++) {
                double *s = sum + (size_t)(l * m->heads + h) * (size_t)cols;
                double *n = count + (size_t)(l * m->heads + h) * (size_t)cols;
                for (int t = 0; t < win->len; t++) {
                    const double *share = TRANSFORMER_HEAD_ROW(tr, tr->layer[l].shares, h, t);
                    double entropy = 0.0;
                    for (int u = 0; u <= t; u++) {
                        if (share[u] > 0.0)
                            entropy -= share[u] * log(share[u]);
                        s[MODEL_STATS_OFFSET + (t - u)] += share[u];
                    }
                    for (int k = 0; k < m->context; k++)   /* every asker: the profile sums to 1 */
                        n[MODEL_STATS_OFFSET + k] += 1.0;
                    s[MODEL_STATS_ENTROPY] += entropy;
                    n[MODEL_STATS_ENTROPY] += 1.0;
                    if (t > 0) {   /* the first character, asked by the others */
                        s[MODEL_STATS_FIRST] += share[0];
                        n[MODEL_STATS_FIRST] += 1.0;
                    }
                    /* the same column of the line before, when that line reaches it and it is in the window */
                    if (line[t] > 0 && line[t] < max_lines) {
                        int above = line_start[line[t] - 1] + col[t] - win->offset;
                        bool reaches = line_start[line[t] - 1] + col[t] < line_start[line[t]];
                        if (reaches && above >= 0) {
                            s[MODEL_STATS_LINE_UP] += share[above];
                            n[MODEL_STATS_LINE_UP] += 1.0;
                        }
                    }
                }
            }
    }
    for (int i = 0; i < H * cols; i++)
        m->head_stats[i] = count[i] > 0.0 ? sum[i] / count[i] : 0.0;
    free(sum);
    free(count);
    free(line_start);
    return 0;
}
