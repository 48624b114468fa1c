/* engine.c — the self-attention forward pass of lesson 6, in double precision, with lesson
 * 7's causal mask and two heads as options.
 * Owns: computing and keeping x, Q, K, V, scores, shares and output; explaining a number;
 * sort orders and partial sums. Must not touch: parsing, formatting, the terminal, any
 * global state. */
#include "engine.h"

#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* ---------------------------------------------------------------- helpers */

double engine_position(int p, int dim, int d)
{
    int pair = dim / 2;
    double angle = (double)p / pow(10000.0, (2.0 * pair) / (double)d);
    return (dim % 2 == 0) ? sin(angle) : cos(angle);
}

double engine_softmax_exps(const double *in, const bool *visible, double *exps, int n, double *shift)
{
    double max = 0.0, sum = 0.0;
    bool any = false;
    for (int i = 0; i < n; i++)
        if ((!visible || visible[i]) && (!any || in[i] > max)) {
            max = in[i];
            any = true;
        }
    for (int i = 0; i < n; i++) {
        exps[i] = !visible || visible[i] ? exp(in[i] - max) : 0.0;
        sum += exps[i];
    }
    if (shift)
        *shift = max;
    return sum;
}

void engine_softmax_visible(const double *in, const bool *visible, double *out, int n)
{
    double sum = engine_softmax_exps(in, visible, out, n, NULL);
    for (int i = 0; i < n; i++)
        out[i] = sum > 0.0 ? out[i] / sum : 0.0;
}

void engine_softmax(const double *in, double *out, int n)
{
    engine_softmax_visible(in, NULL, out, n);
}

void engine_project(const double *x, const double *w, double *out, int d)
{
    for (int j = 0; j < d; j++) {
        double acc = 0.0;
        for (int i = 0; i < d; i++)
            acc += x[i] * w[(size_t)i * (size_t)d + (size_t)j];
        out[j] = acc;
    }
}

/* out (rows × d) = in (rows × d) · w (d × d) */
static void matmul_rows(const double *in, const double *w, double *out, size_t rows, size_t d)
{
    for (size_t t = 0; t < rows; t++)
        engine_project(in + t * d, w, out + t * d, (int)d);
}

/* ---------------------------------------------------------------- tokens */

static int tokenize(const Model *m, const char *sentence, Trace *tr, char *err, size_t errlen)
{
    Lang lang = tr->lang;
    int n = text_split_chars(sentence, tr->tokens, MODEL_MAX_TOKENS);
    if (n < 0) {
        snprintf(err, errlen, "%s", LANG_PICK(lang, "sentence is not valid UTF-8", "句子不是有效的 UTF-8"));
        return -1;
    }
    if (n == 0) {
        snprintf(err, errlen, LANG_PICK(lang, "sentence is empty: give 1 to %d characters",
                                        "句子是空的：请给 1 到 %d 个字"), MODEL_MAX_SENTENCE);
        return -1;
    }
    if (n > MODEL_MAX_SENTENCE) {
        snprintf(err, errlen, LANG_PICK(lang, "sentence has %d characters: at most %d are allowed",
                                        "句子有 %d 个字：最多只能有 %d 个"), n, MODEL_MAX_SENTENCE);
        return -1;
    }
    for (int t = 0; t < n; t++) {
        tr->ids[t] = model_find_char(m, tr->tokens[t]);
        if (tr->ids[t] < 0) {
            char vocab[1024], shown[32];
            model_vocab_list(m, vocab, sizeof vocab);
            text_format(err, errlen, LANG_PICK(lang, "character '%s' is not in the vocabulary: %s",
                                               "「%s」不在词表里：%s"),
                        text_escape(tr->tokens[t], shown, sizeof shown), vocab);
            return -1;
        }
    }
    tr->T = n;
    return 0;
}

/* ---------------------------------------------------------------- forward */

int engine_trace_allocate(Trace *tr)
{
    size_t T = (size_t)tr->T, d = (size_t)tr->d, H = (size_t)tr->heads;
    size_t n = (size_t)tr->model->answers_count, m = (size_t)tr->model->hidden;
    size_t readout = n > 0 ? 2 * d + m + 2 * n : 0;
    size_t layered = tr->layered ? T * d : 0;   /* the layer's input rows */
    size_t total = 7 * T * d + 3 * H * T * T + T * T + readout + layered;
    tr->block = calloc(total, sizeof(double));
    if (!tr->block)
        return -1;
    double *p = tr->block;
    tr->embedding = p; p += T * d;
    tr->position = p;  p += T * d;
    tr->x = p;         p += T * d;
    tr->q = p;         p += T * d;
    tr->k = p;         p += T * d;
    tr->v = p;         p += T * d;
    tr->output = p;    p += T * d;
    tr->scores = p;    p += H * T * T;
    tr->scaled = p;    p += H * T * T;
    tr->weights = p;   p += H * T * T;
    tr->similarity = p; p += T * T;
    if (layered) {
        tr->input = p;
        p += layered;
    }
    if (n > 0) {
        tr->h0 = p;     p += d;
        tr->act = m > 0 ? p : NULL; p += m;
        tr->h = p;      p += d;
        tr->logits = p; p += n;
        tr->probs = p;
    }
    return 0;
}

static void compute_inputs(Trace *tr)
{
    const Model *m = tr->model;
    int d = tr->d;
    for (int t = 0; t < tr->T; t++)
        for (int i = 0; i < d; i++) {
            double e = m->embedding[(size_t)tr->ids[t] * (size_t)d + (size_t)i];
            double p = engine_position(t, i, d);
            TRACE_ROW(tr, embedding, t)[i] = e;
            TRACE_ROW(tr, position, t)[i] = p;
            TRACE_ROW(tr, x, t)[i] = e + p;
        }
}

/* Head h of asking row t: scores, ÷√dh, softmax over the visible columns, and head h's
 * columns of the output. */
static void compute_head_row(Trace *tr, int h, int t)
{
    int T = tr->T, dh = tr->dh, first = h * dh;
    bool visible[MODEL_MAX_TOKENS];
    for (int s = 0; s < T; s++) {
        double acc = 0.0;
        for (int i = first; i < first + dh; i++)
            acc += TRACE_ROW(tr, q, t)[i] * TRACE_ROW(tr, k, s)[i];
        if (tr->score_set.on && tr->score_set.head == h && tr->score_set.row == t &&
            tr->score_set.col == s) {   /* what if: the learner's number instead of Q·K */
            tr->score_was = acc;
            acc = tr->score_set.value;
        }
        TRACE_HSQ(tr, scores, h, t, s) = acc;
        TRACE_HSQ(tr, scaled, h, t, s) = acc / tr->scale;
        visible[s] = engine_visible(tr, t, s);
    }
    engine_softmax_visible(&TRACE_HSQ(tr, scaled, h, t, 0), visible, &TRACE_HSQ(tr, weights, h, t, 0), T);
    for (int j = first; j < first + dh; j++) {
        double acc = 0.0;
        for (int s = 0; s < T; s++)
            acc += TRACE_HSQ(tr, weights, h, t, s) * TRACE_ROW(tr, v, s)[j];
        TRACE_ROW(tr, output, t)[j] = acc;
    }
}

static void compute_attention(Trace *tr)
{
    for (int h = 0; h < tr->heads; h++)
        for (int t = 0; t < tr->T; t++)
            compute_head_row(tr, h, t);
}

/* Lesson 4's table: the dot product of two characters' word vectors. */
static void compute_similarity(Trace *tr)
{
    for (int t = 0; t < tr->T; t++)
        for (int s = 0; s < tr->T; s++) {
            double acc = 0.0;
            for (int i = 0; i < tr->d; i++)
                acc += TRACE_ROW(tr, embedding, t)[i] * TRACE_ROW(tr, embedding, s)[i];
            TRACE_SQ(tr, similarity, t, s) = acc;
        }
}

int engine_forward(const Model *m, const char *sentence, Trace *tr, char *err, size_t errlen)
{
    return engine_forward_with(m, sentence, NULL, tr, err, errlen);
}

int engine_forward_with(const Model *m, const char *sentence, const EngineConfig *cfg,
                        Trace *tr, char *err, size_t errlen)
{
    static const EngineConfig lesson6 = { .mask = MASK_NONE, .heads = 1 };
    if (!cfg)
        cfg = &lesson6;
    memset(tr, 0, sizeof *tr);
    tr->lang = cfg->lang == LANG_ZH ? LANG_ZH : LANG_EN;
    if (cfg->heads < 1 || cfg->heads > ENGINE_MAX_HEADS || m->d % cfg->heads != 0) {
        snprintf(err, errlen, LANG_PICK(tr->lang, "%d heads need a width d divisible by %d (d is %d)",
                                        "%d 个头要求宽度 d 能被 %d 整除（d 是 %d）"),
                 cfg->heads, cfg->heads, m->d);
        return -1;
    }
    tr->model = m;
    tr->d = m->d;
    tr->heads = cfg->heads;
    tr->dh = m->d / cfg->heads;
    tr->mask = cfg->mask;
    tr->scale = sqrt((double)tr->dh);
    if (tokenize(m, sentence, tr, err, errlen) != 0)
        return -1;
    const ScoreSet *set = &cfg->score;
    if (set->on && set->head >= 0 && set->head < tr->heads && set->row >= 0 && set->row < tr->T &&
        set->col >= 0 && set->col < tr->T)   /* a cell of this pass: applied, else left out */
        tr->score_set = *set;
    if (engine_trace_allocate(tr) != 0) {
        snprintf(err, errlen, "%s", LANG_PICK(tr->lang, "out of memory", "内存不足"));
        return -1;
    }
    compute_inputs(tr);
    matmul_rows(tr->x, m->wq, tr->q, (size_t)tr->T, (size_t)tr->d);
    matmul_rows(tr->x, m->wk, tr->k, (size_t)tr->T, (size_t)tr->d);
    matmul_rows(tr->x, m->wv, tr->v, (size_t)tr->T, (size_t)tr->d);
    compute_attention(tr);
    compute_similarity(tr);
    tr->predicted = -1;
    if (m->answers_count > 0)
        tr->predicted = engine_readout(m, TRACE_ROW(tr, x, tr->T - 1), TRACE_ROW(tr, output, tr->T - 1),
                                       tr->h0, tr->act, tr->h, tr->logits, tr->probs);
    if (engine_check_finite(tr, err, errlen) != 0) {
        engine_free(tr);
        return ENGINE_NOT_FINITE;
    }
    return 0;
}

/* ---------------------------------------------------------------- the readout */

int engine_readout(const Model *m, const double *x, const double *out, double *h0, double *act,
                   double *h, double *logits, double *probs)
{
    int d = m->d, n = m->answers_count, hid = m->hidden;
    for (int i = 0; i < d; i++)
        h0[i] = x[i] + out[i];
    for (int i = 0; i < d; i++)
        h[i] = h0[i];
    /* Each sum starts from its bias and adds the terms i = 0, 1, … in order; the loops run
     * row by row of the matrix only so that its numbers are read in the order they lie. */
    for (int u = 0; u < hid; u++)
        act[u] = m->b1[u];
    for (int i = 0; i < d; i++)
        for (int u = 0; u < hid; u++)
            act[u] += h0[i] * m->w1[(size_t)i * (size_t)hid + (size_t)u];
    for (int u = 0; u < hid; u++)
        act[u] = act[u] > 0.0 ? act[u] : 0.0;
    for (int u = 0; u < hid; u++)
        for (int i = 0; i < d; i++)
            h[i] += act[u] * m->w2[(size_t)u * (size_t)d + (size_t)i];
    for (int c = 0; c < n; c++)
        logits[c] = m->bo[c];
    for (int i = 0; i < d; i++)
        for (int c = 0; c < n; c++)
            logits[c] += h[i] * m->wo[(size_t)i * (size_t)n + (size_t)c];
    engine_softmax(logits, probs, n);
    int best = 0;
    for (int c = 1; c < n; c++)
        if (probs[c] > probs[best])
            best = c;
    return best;
}

const char *engine_prediction(const Trace *tr, double *p)
{
    if (!tr->model || tr->predicted < 0 || !tr->probs)
        return NULL;
    if (p)
        *p = tr->probs[tr->predicted];
    return tr->model->vocab[tr->model->answers[tr->predicted]];
}

void engine_sentence(const Trace *tr, char *buf, size_t cap)
{
    size_t used = 0;
    for (int t = 0; t < tr->T; t++) {
        size_t n = strlen(tr->tokens[t]);
        if (used + n < cap) {
            memcpy(buf + used, tr->tokens[t], n);
            used += n;
        }
    }
    if (cap > 0)
        buf[used < cap ? used : cap - 1] = '\0';
}

void engine_free(Trace *tr)
{
    free(tr->block);
    memset(tr, 0, sizeof *tr);
}

/* ---------------------------------------------------------------- explaining */

bool engine_score_set(const Trace *tr, int h, int t, int s, double *was)
{
    const ScoreSet *set = &tr->score_set;
    if (!set->on || set->head != h || set->row != t || set->col != s)
        return false;
    if (was)
        *was = tr->score_was;
    return true;
}

bool engine_row_set(const Trace *tr, int h, int t)
{
    return tr->score_set.on && tr->score_set.head == h && tr->score_set.row == t;
}

bool engine_visible(const Trace *tr, int t, int s)
{
    return tr->mask != MASK_CAUSAL || s <= t;
}

const double *engine_weights(const Trace *tr, Role role)
{
    if (tr->w_of[role])
        return tr->w_of[role];
    return role == ROLE_Q ? tr->model->wq : role == ROLE_K ? tr->model->wk : tr->model->wv;
}

const double *engine_projection(const Trace *tr, Role role)
{
    return role == ROLE_Q ? tr->q : role == ROLE_K ? tr->k : tr->v;
}

int engine_explain_projection(const Trace *tr, Role role, int t, int j, ExplainTerm *terms)
{
    const double *w = engine_weights(tr, role);
    for (int i = 0; i < tr->d; i++) {
        terms[i].a = TRACE_ROW(tr, x, t)[i];
        terms[i].b = w[(size_t)i * (size_t)tr->d + (size_t)j];
    }
    if (!tr->b_of[role])
        return tr->d;
    terms[tr->d] = (ExplainTerm){ 1.0, tr->b_of[role][j] };   /* the bias: a weight on a constant 1 */
    return tr->d + 1;
}

double engine_projection_bias(const Trace *tr, Role role, int j)
{
    return tr->b_of[role] && j >= 0 && j < tr->d ? tr->b_of[role][j] : 0.0;
}

int engine_explain_score(const Trace *tr, int h, int t, int s, ExplainTerm *terms)
{
    int first = h * tr->dh;
    for (int i = 0; i < tr->dh; i++) {
        terms[i].a = TRACE_ROW(tr, q, t)[first + i];
        terms[i].b = TRACE_ROW(tr, k, s)[first + i];
    }
    return tr->dh;
}

int engine_explain_output(const Trace *tr, int t, int j, ExplainTerm *terms)
{
    int h = j / tr->dh;
    for (int s = 0; s < tr->T; s++) {
        terms[s].a = TRACE_HSQ(tr, weights, h, t, s);
        terms[s].b = TRACE_ROW(tr, v, s)[j];
    }
    return tr->T;
}

double engine_explain_share(const Trace *tr, int h, int t, int s, double *exps, double *sum,
                            double *max)
{
    bool visible[MODEL_MAX_TOKENS];
    double each[MODEL_MAX_TOKENS];
    for (int u = 0; u < tr->T; u++)
        visible[u] = engine_visible(tr, t, u);
    double total = engine_softmax_exps(&TRACE_HSQ(tr, scaled, h, t, 0), visible, each, tr->T, max);
    if (exps)
        memcpy(exps, each, (size_t)tr->T * sizeof *exps);
    if (sum)
        *sum = total;
    return visible[s] ? each[s] / total : 0.0;
}

int engine_explain_similarity(const Trace *tr, int t, int s, ExplainTerm *terms)
{
    for (int i = 0; i < tr->d; i++) {
        terms[i].a = TRACE_ROW(tr, embedding, t)[i];
        terms[i].b = TRACE_ROW(tr, embedding, s)[i];
    }
    return tr->d;
}

/* The cosine of a and b scaled by their largest magnitudes: finite for any finite
 * vectors, however large or small (their squares would overflow or underflow). */
static double cosine_scaled(const double *a, const double *b, int n)
{
    double sa = 0.0, sb = 0.0;
    for (int i = 0; i < n; i++) {
        sa = fmax(sa, fabs(a[i]));
        sb = fmax(sb, fabs(b[i]));
    }
    if (sa == 0.0 || sb == 0.0 || !isfinite(sa) || !isfinite(sb))
        return 0.0;
    double ab = 0.0, aa = 0.0, bb = 0.0;
    for (int i = 0; i < n; i++) {
        double x = a[i] / sa, y = b[i] / sb;
        ab += x * y;
        aa += x * x;
        bb += y * y;
    }
    return ab / (sqrt(aa) * sqrt(bb));
}

double engine_cosine(const double *a, const double *b, int n)
{
    double ab = 0.0, aa = 0.0, bb = 0.0;
    for (int i = 0; i < n; i++) {
        ab += a[i] * b[i];
        aa += a[i] * a[i];
        bb += b[i] * b[i];
    }
    double c;
    if (aa >= 0x1p-500 && aa <= 0x1p500 && bb >= 0x1p-500 && bb <= 0x1p500)
        c = ab / (sqrt(aa) * sqrt(bb));    /* ordinary sizes: the plain formula */
    else
        c = cosine_scaled(a, b, n);        /* zero, or sums that over- or underflowed */
    return c > 1.0 ? 1.0 : c < -1.0 ? -1.0 : c; /* rounding never leaves [-1, 1] */
}

int engine_closest_value(const Trace *tr, int t, double *cos)
{
    int best = 0;
    double best_cos = engine_cosine(TRACE_ROW(tr, output, t), TRACE_ROW(tr, v, 0), tr->d);
    for (int s = 1; s < tr->T; s++) {
        double c = engine_cosine(TRACE_ROW(tr, output, t), TRACE_ROW(tr, v, s), tr->d);
        if (c > best_cos) {
            best_cos = c;
            best = s;
        }
    }
    if (cos)
        *cos = best_cos;
    return best;
}

/* ---------------------------------------------------------------- orders and partial sums */

void engine_share_order(const Trace *tr, int h, int t, int *order)
{
    int T = tr->T;
    for (int s = 0; s < T; s++)
        order[s] = s;
    for (int i = 1; i < T; i++)   /* insertion sort: stable, and T is at most 16 */
        for (int j = i; j > 0; j--) {
            double a = TRACE_HSQ(tr, weights, h, t, order[j - 1]);
            double b = TRACE_HSQ(tr, weights, h, t, order[j]);
            if (b <= a)
                break;
            int keep = order[j];
            order[j] = order[j - 1];
            order[j - 1] = keep;
        }
}

int engine_strongest(const Trace *tr, int h, int t)
{
    int best = 0;
    for (int s = 1; s < tr->T; s++)
        if (engine_visible(tr, t, s) &&
            TRACE_HSQ(tr, scores, h, t, s) > TRACE_HSQ(tr, scores, h, t, best))
            best = s;
    return best;
}

void engine_partial_output(const Trace *tr, int h, int t, const int *order, int n, double *out)
{
    int first = h * tr->dh;
    for (int j = 0; j < tr->dh; j++) {
        double acc = 0.0;
        for (int i = 0; i < n && i < tr->T; i++)
            acc += TRACE_HSQ(tr, weights, h, t, order[i]) * TRACE_ROW(tr, v, order[i])[first + j];
        out[j] = acc;
    }
}

double engine_share_of(const Trace *tr, int h, int t, unsigned set)
{
    double total = 0.0;
    for (int s = 0; s < tr->T; s++)
        if (set & (1u << s))
            total += TRACE_HSQ(tr, weights, h, t, s);
    return total;
}

double engine_row_total(const Trace *tr, int h, int t)
{
    return engine_share_of(tr, h, t, ~0u);
}

/* ---------------------------------------------------------------- finite check */

/* The first entry of a T×d result that is not a finite number, named in err. */
static int check_vectors(const Trace *tr, const double *m, const char *what, const char *label,
                         char *err, size_t errlen)
{
    for (int t = 0; t < tr->T; t++)
        for (int j = 0; j < tr->d; j++)
            if (!isfinite(m[(size_t)t * (size_t)tr->d + (size_t)j])) {
                snprintf(err, errlen, LANG_PICK(tr->lang, "%s (%s(%s)[%d] is not a finite number)",
                                                "%s（%s(%s)[%d] 不是有限的数）"),
                         what, label, tr->tokens[t], j);
                return -1;
            }
    return 0;
}

/* The first entry of a T×T result of any head (row = asking) that is not a finite number.
 * Masked entries are finite too: the mask is kept apart (engine_visible). */
static int check_squares(const Trace *tr, const double *m, const char *what, const char *before,
                         const char *after, char *err, size_t errlen)
{
    size_t T = (size_t)tr->T, cells = (size_t)tr->heads * T * T;
    for (size_t i = 0; i < cells; i++)
        if (!isfinite(m[i])) {
            snprintf(err, errlen, LANG_PICK(tr->lang, "%s (%sQ(%s)·K(%s)%s is not a finite number)",
                                            "%s（%sQ(%s)·K(%s)%s 不是有限的数）"),
                     what, before, tr->tokens[i / T % T], tr->tokens[i % T], after);
            return -1;
        }
    return 0;
}

int engine_check_finite(const Trace *tr, char *err, size_t errlen)
{
    Lang l = tr->lang;
    if (check_vectors(tr, tr->x, LANG_PICK(l, "the inputs overflow", "输入溢出"), "x", err, errlen) != 0 ||
        check_vectors(tr, tr->q, LANG_PICK(l, "the queries overflow", "检索词溢出"), "Q", err, errlen) != 0 ||
        check_vectors(tr, tr->k, LANG_PICK(l, "the keys overflow", "名牌溢出"), "K", err, errlen) != 0 ||
        check_vectors(tr, tr->v, LANG_PICK(l, "the values overflow", "内容溢出"), "V", err, errlen) != 0 ||
        check_squares(tr, tr->scores, LANG_PICK(l, "the scores overflow", "分数溢出"), "", "", err,
                      errlen) != 0 ||
        check_squares(tr, tr->scaled, LANG_PICK(l, "the scaled scores overflow", "除以 √d 后的分数溢出"),
                      "", " ÷ √d", err, errlen) != 0 ||
        check_squares(tr, tr->weights, LANG_PICK(l, "the shares are not numbers", "百分比不是数"),
                      LANG_PICK(l, "softmax of ", "softmax "), " ÷ √d", err, errlen) != 0 ||
        check_vectors(tr, tr->output, LANG_PICK(l, "the outputs overflow", "输出溢出"),
                      LANG_PICK(l, "output", "输出"), err, errlen) != 0)
        return -1;
    for (int c = 0; tr->logits && c < tr->model->answers_count; c++)
        if (!isfinite(tr->logits[c]) || !isfinite(tr->probs[c])) {
            snprintf(err, errlen, LANG_PICK(l, "the readout overflows (logit of %s is not a finite number)",
                                            "输出层溢出（「%s」的 logit 不是有限的数）"),
                     tr->model->vocab[tr->model->answers[c]]);
            return -1;
        }
    return 0;
}

/* ---------------------------------------------------------------- lesson 4's table, whole */

double engine_vocab_similarity(const Model *m, int a, int b)
{
    const double *ea = m->embedding + (size_t)a * (size_t)m->d;
    const double *eb = m->embedding + (size_t)b * (size_t)m->d;
    double acc = 0.0;
    for (int i = 0; i < m->d; i++)
        acc += ea[i] * eb[i];
    return acc;
}

double engine_similarity_peak(const Trace *tr, int t, int *at)
{
    double peak = 0.0;
    int where = -1;
    for (int s = 0; s < tr->T; s++) {
        double v = fabs(TRACE_SQ(tr, similarity, t, s));
        if (tr->ids[s] != tr->ids[t] && (where < 0 || v > peak)) {
            peak = v;
            where = s;
        }
    }
    if (at)
        *at = where;
    return peak;
}
