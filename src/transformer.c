/* transformer.c — a layered model's forward pass (transformer.h): the rows of one line through
 * every block, a full line at once or one character at a time over the K/V cache.
 * Owns: the trace's memory, the products, LayerNorm, the heads, GELU, the readout, picking the
 * next character, the cache's counts, a head's one-line description. Must not touch: parsing,
 * files, the terminal, any global state.
 *
 * Speed: the products are computed four rows by eight columns at a time in 4-wide vectors
 * (vec4.h: AVX2 where the processor has it, else two SSE2 instructions each). Each element is
 * still bias + Σ_i in order of i, every product rounded before it is added, so one row or
 * many, one vector width or another, give the same bits. */
#include "transformer.h"

#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "engine.h"
#include "format.h"
#include "text.h"
#include "vec4.h"

/* ---------------------------------------------------------------- products */

/* out[r][j] = b[j] + Σ_i x[r][i] · w[i][j] for four rows r (x and out have strides din and
 * dout), columns j from j0 in steps of eight while they last. Returns the first column left. */
VEC4_HOT static int affine_four_rows(const double *x, int din, const double *w, const double *b, int dout,
                            double *out)
{
    int j = 0;
    for (; j + 8 <= dout; j += 8) {
        vec4 b0 = LOAD4(b + j), b1 = LOAD4(b + j + 4);
        vec4 a00 = b0, a01 = b1, a10 = b0, a11 = b1, a20 = b0, a21 = b1, a30 = b0, a31 = b1;
        const double *wi = w + j;
        for (int i = 0; i < din; i++, wi += dout) {
            vec4 w0 = LOAD4(wi), w1 = LOAD4(wi + 4);
            vec4 x0 = SPLAT4(x[i]), x1 = SPLAT4(x[din + i]);
            vec4 x2 = SPLAT4(x[2 * din + i]), x3 = SPLAT4(x[3 * din + i]);
            a00 += x0 * w0;
            a01 += x0 * w1;
            a10 += x1 * w0;
            a11 += x1 * w1;
            a20 += x2 * w0;
            a21 += x2 * w1;
            a30 += x3 * w0;
            a31 += x3 * w1;
        }
        STORE4(out + j, a00);
        STORE4(out + j + 4, a01);
        STORE4(out + dout + j, a10);
        STORE4(out + dout + j + 4, a11);
        STORE4(out + 2 * dout + j, a20);
        STORE4(out + 2 * dout + j + 4, a21);
        STORE4(out + 3 * dout + j, a30);
        STORE4(out + 3 * dout + j + 4, a31);
    }
    return j;
}

/* The same for one row, columns from j0 to dout. */
VEC4_HOT static void affine_one_row(const double *x, int din, const double *w, const double *b, int dout,
                           double *out, int j0)
{
    int j = j0;
    for (; j + 8 <= dout; j += 8) {
        vec4 a0 = LOAD4(b + j), a1 = LOAD4(b + j + 4);
        const double *wi = w + j;
        for (int i = 0; i < din; i++, wi += dout) {
            vec4 xi = SPLAT4(x[i]);
            a0 += xi * LOAD4(wi);
            a1 += xi * LOAD4(wi + 4);
        }
        STORE4(out + j, a0);
        STORE4(out + j + 4, a1);
    }
    for (; j < dout; j++) {
        double a = b[j];
        for (int i = 0; i < din; i++)
            a += x[i] * w[(size_t)i * (size_t)dout + (size_t)j];
        out[j] = a;
    }
}

/* out[r][j] = b[j] + Σ_i x[r][i] · w[i][j] for rows r in [r0, r1): every element's terms in
 * order of i, whichever path computes it. */
static void affine_rows(const double *x, int r0, int r1, int din, const double *w, const double *b,
                        int dout, double *out)
{
    int r = r0;
    for (; r + 4 <= r1; r += 4) {
        const double *xr = x + (size_t)r * (size_t)din;
        double *outr = out + (size_t)r * (size_t)dout;
        int j = affine_four_rows(xr, din, w, b, dout, outr);
        for (int k = 0; k < 4; k++)
            affine_one_row(xr + (size_t)k * (size_t)din, din, w, b, dout, outr + (size_t)k * (size_t)dout, j);
    }
    for (; r < r1; r++)
        affine_one_row(x + (size_t)r * (size_t)din, din, w, b, dout, out + (size_t)r * (size_t)dout, 0);
}

/* ---------------------------------------------------------------- rows */

/* LayerNorm of one row: mean, population variance, √(variance + ε), the normalised row and
 * γ · norm + β. */
static void layer_norm_row(const double *x, int d, const double *gain, const double *bias,
                           double *mean, double *var, double *std, double *norm, double *out)
{
    double sum = 0.0;
    for (int i = 0; i < d; i++)
        sum += x[i];
    double mu = sum / d, sq = 0.0;
    for (int i = 0; i < d; i++) {
        double c = x[i] - mu;
        sq += c * c;
    }
    double v = sq / d, sd = sqrt(v + MODEL_LN_EPS);
    for (int i = 0; i < d; i++) {
        norm[i] = (x[i] - mu) / sd;
        out[i] = gain[i] * norm[i] + bias[i];
    }
    *mean = mu;
    *var = v;
    *std = sd;
}

/* LayerNorm of rows [r0, r1) of a cap × d array. */
static void layer_norm_rows(const TransformerTrace *tr, int r0, int r1, const double *x,
                            const double *gain, const double *bias, double *mean, double *var,
                            double *std, double *norm, double *out)
{
    int d = tr->d;
    for (int t = r0; t < r1; t++)
        layer_norm_row(TRANSFORMER_ROW(x, t, d), d, gain, bias, &mean[t], &var[t], &std[t],
                       TRANSFORMER_ROW(norm, t, d), TRANSFORMER_ROW(out, t, d));
}

/* The causal heads of asking row t: scores against rows 0..t, ÷ √dh, softmax, shares · V. */
static void attend_row(const TransformerTrace *tr, TransformerLayer *L, int t)
{
    int d = tr->d, dh = tr->dh;
    const double *q = TRANSFORMER_ROW(L->q, t, d);
    double *out = TRANSFORMER_ROW(L->heads, t, d);
    for (int h = 0; h < tr->heads; h++) {
        double *score = TRANSFORMER_HEAD_ROW(tr, L->scores, h, t);
        double *scaled = TRANSFORMER_HEAD_ROW(tr, L->scaled, h, t);
        double *share = TRANSFORMER_HEAD_ROW(tr, L->shares, h, t);
        for (int s = 0; s <= t; s++) {
            const double *k = TRANSFORMER_ROW(L->k, s, d) + h * dh;
            double sum = 0.0;
            for (int i = 0; i < dh; i++)
                sum += q[h * dh + i] * k[i];
            score[s] = sum;
            scaled[s] = sum / tr->scale;
        }
        for (int s = t + 1; s < tr->cap; s++)
            score[s] = scaled[s] = share[s] = 0.0;
        engine_softmax(scaled, share, t + 1);
        for (int j = 0; j < dh; j++) {
            double sum = 0.0;
            for (int s = 0; s <= t; s++)
                sum += share[s] * L->v[(size_t)s * (size_t)d + (size_t)(h * dh + j)];
            out[h * dh + j] = sum;
        }
    }
}

/* GELU exact, as torch.nn.GELU(): x · ½ · (1 + erf(x / √2)). */
static double gelu(double x)
{
    return x * 0.5 * (1.0 + erf(x * M_SQRT1_2));
}

/* a[i] + b[i] into out for n numbers. */
static void add_rows(const double *a, const double *b, double *out, size_t n)
{
    for (size_t i = 0; i < n; i++)
        out[i] = a[i] + b[i];
}

/* One block over rows [r0, r1); rows before r0 must already hold their K and V. */
static void block_rows(TransformerTrace *tr, int l, int r0, int r1)
{
    const ModelLayer *W = &tr->model->layer[l];
    TransformerLayer *L = &tr->layer[l];
    int d = tr->d, m = tr->mlp;
    size_t from = (size_t)r0 * (size_t)d, n = (size_t)(r1 - r0) * (size_t)d;
    layer_norm_rows(tr, r0, r1, L->input, W->ln1_gain, W->ln1_bias, L->ln1_mean, L->ln1_var,
                    L->ln1_std, L->ln1_norm, L->ln1_out);
    affine_rows(L->ln1_out, r0, r1, d, W->wq, W->bq, d, L->q);
    affine_rows(L->ln1_out, r0, r1, d, W->wk, W->bk, d, L->k);
    affine_rows(L->ln1_out, r0, r1, d, W->wv, W->bv, d, L->v);
    for (int t = r0; t < r1; t++)
        attend_row(tr, L, t);
    affine_rows(L->heads, r0, r1, d, W->wo, W->bo, d, L->proj);
    add_rows(L->input + from, L->proj + from, L->resid + from, n);
    layer_norm_rows(tr, r0, r1, L->resid, W->ln2_gain, W->ln2_bias, L->ln2_mean, L->ln2_var,
                    L->ln2_std, L->ln2_norm, L->ln2_out);
    affine_rows(L->ln2_out, r0, r1, d, W->w1, W->b1, m, L->mlp_pre);
    for (size_t i = (size_t)r0 * (size_t)m; i < (size_t)r1 * (size_t)m; i++)
        L->mlp_act[i] = gelu(L->mlp_pre[i]);
    affine_rows(L->mlp_act, r0, r1, m, W->w2, W->b2, d, L->mlp_out);
    add_rows(L->resid + from, L->mlp_out + from, L->output + from, n);
}

/* Rows [r0, r1) through the whole model; ids[r0..r1) are already in tr->ids. */
static void forward_rows(TransformerTrace *tr, int r0, int r1)
{
    const Model *m = tr->model;
    int d = tr->d, V = tr->vocab;
    for (int t = r0; t < r1; t++) {
        const double *e = m->embedding + (size_t)tr->ids[t] * (size_t)d;
        memcpy(TRANSFORMER_ROW(tr->embedding, t, d), e, (size_t)d * sizeof *e);
        if (m->position)   /* a learned table may change between passes (training) */
            memcpy(TRANSFORMER_ROW(tr->position, t, d), m->position + (size_t)t * (size_t)d,
                   (size_t)d * sizeof *e);
        add_rows(e, TRANSFORMER_ROW(tr->position, t, d), TRANSFORMER_ROW(tr->x, t, d), (size_t)d);
    }
    for (int l = 0; l < tr->layers; l++)
        block_rows(tr, l, r0, r1);
    const double *top = tr->layer[tr->layers - 1].output;
    layer_norm_rows(tr, r0, r1, top, m->lnf_gain, m->lnf_bias, tr->lnf_mean, tr->lnf_var,
                    tr->lnf_std, tr->lnf_norm, tr->lnf_out);
    affine_rows(tr->lnf_out, r0, r1, d, m->lm_head, m->lm_bias, V, tr->logits);
    for (int t = r0; t < r1; t++)
        engine_softmax(TRANSFORMER_ROW(tr->logits, t, V), TRANSFORMER_ROW(tr->probs, t, V), V);
}

/* ---------------------------------------------------------------- the trace */

/* Points *at to the next n numbers of block (when there is one) and counts them. */
static void take(double **at, double *block, size_t *used, size_t n)
{
    *at = block ? block + *used : NULL;
    *used += n;
}

/* Lays the trace's arrays out in block (NULL: only counts). Returns the count of numbers. */
static size_t trace_layout(TransformerTrace *tr, double *block)
{
    size_t c = (size_t)tr->cap, d = (size_t)tr->d, m = (size_t)tr->mlp, V = (size_t)tr->vocab;
    size_t sq = (size_t)tr->heads * c * c, used = 0;
    take(&tr->embedding, block, &used, c * d);
    take(&tr->position, block, &used, c * d);
    take(&tr->x, block, &used, c * d);
    for (int l = 0; l < tr->layers; l++) {
        TransformerLayer *L = &tr->layer[l];
        L->input = l == 0 ? tr->x : tr->layer[l - 1].output;
        take(&L->ln1_mean, block, &used, c);
        take(&L->ln1_var, block, &used, c);
        take(&L->ln1_std, block, &used, c);
        take(&L->ln1_norm, block, &used, c * d);
        take(&L->ln1_out, block, &used, c * d);
        take(&L->q, block, &used, c * d);
        take(&L->k, block, &used, c * d);
        take(&L->v, block, &used, c * d);
        take(&L->scores, block, &used, sq);
        take(&L->scaled, block, &used, sq);
        take(&L->shares, block, &used, sq);
        take(&L->heads, block, &used, c * d);
        take(&L->proj, block, &used, c * d);
        take(&L->resid, block, &used, c * d);
        take(&L->ln2_mean, block, &used, c);
        take(&L->ln2_var, block, &used, c);
        take(&L->ln2_std, block, &used, c);
        take(&L->ln2_norm, block, &used, c * d);
        take(&L->ln2_out, block, &used, c * d);
        take(&L->mlp_pre, block, &used, c * m);
        take(&L->mlp_act, block, &used, c * m);
        take(&L->mlp_out, block, &used, c * d);
        take(&L->output, block, &used, c * d);
    }
    take(&tr->lnf_mean, block, &used, c);
    take(&tr->lnf_var, block, &used, c);
    take(&tr->lnf_std, block, &used, c);
    take(&tr->lnf_norm, block, &used, c * d);
    take(&tr->lnf_out, block, &used, c * d);
    take(&tr->logits, block, &used, c * V);
    take(&tr->probs, block, &used, c * V);
    return used;
}

int transformer_trace_init(TransformerTrace *tr, const Model *m)
{
    memset(tr, 0, sizeof *tr);
    if (!m || m->layers < 1 || m->layers > MODEL_MAX_LAYERS || m->heads < 1 || m->d % m->heads != 0 ||
        m->context < 1 || m->context > MODEL_MAX_CONTEXT)
        return -1;
    tr->model = m;
    tr->cap = m->context;
    tr->d = m->d;
    tr->heads = m->heads;
    tr->dh = m->d / m->heads;
    tr->mlp = m->mlp;
    tr->layers = m->layers;
    tr->vocab = m->vocab_size;
    tr->scale = sqrt((double)tr->dh);
    tr->block = calloc(trace_layout(tr, NULL), sizeof *tr->block);
    if (!tr->block) {
        memset(tr, 0, sizeof *tr);
        return -1;
    }
    trace_layout(tr, tr->block);
    for (int t = 0; !m->position && t < tr->cap; t++)   /* fingerprints depend on t alone: once */
        for (int i = 0; i < tr->d; i++)
            tr->position[(size_t)t * (size_t)tr->d + (size_t)i] = engine_position(t, i, tr->d);
    return 0;
}

void transformer_trace_free(TransformerTrace *tr)
{
    if (!tr)
        return;
    free(tr->block);
    memset(tr, 0, sizeof *tr);
}

/* True when id is a vocabulary index of the trace's model. */
static bool valid_id(const TransformerTrace *tr, int id)
{
    return id >= 0 && id < tr->vocab;
}

int transformer_forward(TransformerTrace *tr, const int *ids, int T)
{
    if (!tr->block || T < 1 || T > tr->cap)
        return -1;
    for (int t = 0; t < T; t++)
        if (!valid_id(tr, ids[t]))
            return -1;
    memcpy(tr->ids, ids, (size_t)T * sizeof *ids);
    tr->T = T;
    forward_rows(tr, 0, T);
    return 0;
}

int transformer_append(TransformerTrace *tr, int id)
{
    if (!tr->block || tr->T >= tr->cap || !valid_id(tr, id))
        return -1;
    tr->ids[tr->T] = id;
    forward_rows(tr, tr->T, tr->T + 1);
    tr->T++;
    return 0;
}

void transformer_clear(TransformerTrace *tr)
{
    tr->T = 0;
}

int transformer_ids(const Model *m, const char *text, int *ids, int max, Lang lang, char *err,
                    size_t errlen)
{
    char chars[MODEL_MAX_CONTEXT + 1][TEXT_CHAR_BYTES];
    int cap = max < MODEL_MAX_CONTEXT ? max : MODEL_MAX_CONTEXT;
    int n = text_split_chars(text, chars, cap + 1);
    if (n < 0) {
        snprintf(err, errlen, "%s", LANG_PICK(lang, "invalid UTF-8", "不是有效的 UTF-8"));
        return -1;
    }
    if (n == 0) {
        snprintf(err, errlen, "%s", LANG_PICK(lang, "the text is empty", "文字是空的"));
        return -1;
    }
    if (n > cap) {
        snprintf(err, errlen, LANG_PICK(lang, "longer than %d characters, the model's context",
                                        "超过 %d 个字（模型的上下文）"), cap);
        return -1;
    }
    for (int i = 0; i < n; i++) {
        ids[i] = model_find_char(m, chars[i]);
        if (ids[i] >= 0)
            continue;
        char shown[64];
        unsigned cp = 0;
        const unsigned char *u = (const unsigned char *)chars[i];
        int len = u[0] < 0x80 ? 1 : u[0] >= 0xF0 ? 4 : u[0] >= 0xE0 ? 3 : 2;
        cp = len == 1 ? u[0] : u[0] & (0x7Fu >> len);
        for (int k = 1; k < len; k++)
            cp = (cp << 6) | (u[k] & 0x3Fu);
        text_format(err, errlen, LANG_PICK(lang, "\"%s\" (U+%04X, character %d) is not in the model's "
                                           "vocabulary of %d characters",
                                           "「%s」（U+%04X，第 %d 个字）不在模型的 %d 个字的词表里"),
                    text_escape(chars[i], shown, sizeof shown), cp, i + 1, m->vocab_size);
        return -1;
    }
    return n;
}

/* -1 with err naming what when any of the n numbers at a is not finite, else 0. */
static int finite_or_say(const double *a, size_t n, const char *what, int layer, char *err, size_t errlen)
{
    for (size_t i = 0; i < n; i++)
        if (!isfinite(a[i])) {
            if (layer > 0)
                snprintf(err, errlen, "layer %d %s are not finite numbers", layer, what);
            else
                snprintf(err, errlen, "%s are not finite numbers", what);
            return -1;
        }
    return 0;
}

int transformer_check_finite(const TransformerTrace *tr, char *err, size_t errlen)
{
    size_t T = (size_t)tr->T, d = (size_t)tr->d, m = (size_t)tr->mlp, V = (size_t)tr->vocab;
    if (finite_or_say(tr->x, T * d, "the inputs x", 0, err, errlen))
        return -1;
    for (int l = 0; l < tr->layers; l++) {
        const TransformerLayer *L = &tr->layer[l];
        const struct { const double *a; size_t n; const char *what; } parts[] = {
            { L->ln1_out, T * d, "LN1 outputs" }, { L->q, T * d, "Q rows" }, { L->k, T * d, "K rows" },
            { L->v, T * d, "V rows" }, { L->scores, (size_t)tr->heads * (size_t)tr->cap * T, "scores" },
            { L->shares, (size_t)tr->heads * (size_t)tr->cap * T, "shares" },
            { L->heads, T * d, "head outputs" }, { L->resid, T * d, "residuals" },
            { L->ln2_out, T * d, "LN2 outputs" }, { L->mlp_act, T * m, "MLP activations" },
            { L->output, T * d, "outputs" },
        };
        for (size_t i = 0; i < sizeof parts / sizeof parts[0]; i++)
            if (finite_or_say(parts[i].a, parts[i].n, parts[i].what, l + 1, err, errlen))
                return -1;
    }
    if (finite_or_say(tr->lnf_out, T * d, "the last LN's outputs", 0, err, errlen) ||
        finite_or_say(tr->logits, T * V, "the logits", 0, err, errlen) ||
        finite_or_say(tr->probs, T * V, "the probabilities", 0, err, errlen))
        return -1;
    return 0;
}

/* ---------------------------------------------------------------- a number as its sum */

/* True when (l, t) names a computed row of a layer of the trace. */
static bool row_ok(const TransformerTrace *tr, int l, int t)
{
    return l >= 0 && l < tr->layers && t >= 0 && t < tr->T;
}

int transformer_explain_projection(const TransformerTrace *tr, int l, Role role, int t, int j,
                                   ExplainTerm *terms, double *bias)
{
    if (!row_ok(tr, l, t) || j < 0 || j >= tr->d)
        return 0;
    const ModelLayer *W = &tr->model->layer[l];
    const double *w = role == ROLE_Q ? W->wq : role == ROLE_K ? W->wk : W->wv;
    const double *b = role == ROLE_Q ? W->bq : role == ROLE_K ? W->bk : W->bv;
    const double *x = TRANSFORMER_ROW(tr->layer[l].ln1_out, t, tr->d);
    for (int i = 0; i < tr->d; i++)
        terms[i] = (ExplainTerm){ x[i], w[(size_t)i * (size_t)tr->d + (size_t)j] };
    *bias = b[j];
    return tr->d;
}

int transformer_explain_score(const TransformerTrace *tr, int l, int h, int t, int s, ExplainTerm *terms)
{
    if (!row_ok(tr, l, t) || h < 0 || h >= tr->heads || s < 0 || s > t)
        return 0;
    const double *q = TRANSFORMER_ROW(tr->layer[l].q, t, tr->d) + h * tr->dh;
    const double *k = TRANSFORMER_ROW(tr->layer[l].k, s, tr->d) + h * tr->dh;
    for (int i = 0; i < tr->dh; i++)
        terms[i] = (ExplainTerm){ q[i], k[i] };
    return tr->dh;
}

int transformer_explain_head(const TransformerTrace *tr, int l, int h, int t, int j, ExplainTerm *terms)
{
    if (!row_ok(tr, l, t) || h < 0 || h >= tr->heads || j < 0 || j >= tr->dh)
        return 0;
    const double *share = TRANSFORMER_HEAD_ROW(tr, tr->layer[l].shares, h, t);
    for (int s = 0; s <= t; s++)
        terms[s] = (ExplainTerm){ share[s], tr->layer[l].v[(size_t)s * (size_t)tr->d + (size_t)(h * tr->dh + j)] };
    return t + 1;
}

/* ---------------------------------------------------------------- the next character */

int transformer_pick(const TransformerTrace *tr, double temperature, SqrtdRng *rng, double *p)
{
    if (tr->T < 1)
        return -1;
    int V = tr->vocab;
    const double *probs = TRANSFORMER_ROW(tr->probs, tr->T - 1, V);
    if (temperature <= 0.0 || !rng) {
        int best = 0;
        for (int v = 1; v < V; v++)
            if (probs[v] > probs[best])
                best = v;
        if (p)
            *p = probs[best];
        return best;
    }
    const double *logits = TRANSFORMER_ROW(tr->logits, tr->T - 1, V);
    double max = logits[0], total = 0.0;
    for (int v = 1; v < V; v++)
        if (logits[v] > max)
            max = logits[v];
    for (int v = 0; v < V; v++)
        total += exp((logits[v] - max) / temperature);
    double u = sqrtd_rng_uniform(rng) * total, run = 0.0;
    int pick = V - 1;
    for (int v = 0; v < V; v++) {
        double e = exp((logits[v] - max) / temperature);
        run += e;
        if (run > u && e > 0.0) {
            pick = v;
            break;
        }
    }
    if (p)
        *p = exp((logits[pick] - max) / temperature) / total;
    return pick;
}

int transformer_top(const TransformerTrace *tr, double temperature, int k, int *ids, double *p)
{
    if (tr->T < 1 || k < 1)
        return 0;
    int V = tr->vocab, n = 0;
    double temp = temperature > 0.0 ? temperature : 1.0;
    const double *logits = TRANSFORMER_ROW(tr->logits, tr->T - 1, V);
    /* At temperature 1 the pass's own probabilities are the answer (one value of each,
       and no second softmax over the vocabulary); else softmax(logits ÷ temperature). */
    const double *probs = temp == 1.0 ? TRANSFORMER_ROW(tr->probs, tr->T - 1, V) : NULL;
    double max = logits[0], total = 0.0;
    for (int v = 1; v < V; v++)
        if (logits[v] > max)
            max = logits[v];
    for (int v = 0; !probs && v < V; v++)
        total += exp((logits[v] - max) / temp);
    for (int v = 0; v < V; v++) {   /* insertion into the k best so far, ties kept in order */
        int at = n < k ? n : k;
        while (at > 0 && logits[ids[at - 1]] < logits[v])
            at--;
        if (at >= k)
            continue;
        int last = n < k ? n : k - 1;
        for (int i = last; i > at; i--)
            ids[i] = ids[i - 1];
        ids[at] = v;
        if (n < k)
            n++;
    }
    for (int i = 0; i < n; i++)
        p[i] = probs ? probs[ids[i]] : exp((logits[ids[i]] - max) / temp) / total;
    return n;
}

/* ---------------------------------------------------------------- the K/V cache's counts */

TransformerCacheShape transformer_cache_shape(const Model *m)
{
    int64_t H = m->heads > 0 ? m->heads : 1;
    TransformerCacheShape s = { .d = m->d, .heads = H, .dh = m->d / H, .kv_heads = H };
    return s;
}

TransformerCacheCounts transformer_cache_step_shape(const TransformerCacheShape *s, int t)
{
    int64_t d = s->d, H = s->heads, dh = s->dh, kv = s->kv_heads, T = t;
    TransformerCacheCounts c;
    c.qkv = d * (H * dh + 2 * kv * dh);
    c.attend = H * 2 * dh * T;
    c.wo = H * dh * d;
    c.attend_all = H * 2 * dh * (T * (T + 1) / 2);
    c.with_cache = c.qkv + c.attend + c.wo;
    c.without_cache = T * (c.qkv + c.wo) + c.attend_all;
    c.bytes_f64 = 2 * kv * dh * T * 8;
    c.bytes_f16 = 2 * kv * dh * T * 2;
    return c;
}

TransformerCacheCounts transformer_cache_step(const Model *m, int t)
{
    TransformerCacheShape s = transformer_cache_shape(m);
    return transformer_cache_step_shape(&s, t);
}

TransformerCacheCounts transformer_cache_total_shape(const TransformerCacheShape *s, int t)
{
    TransformerCacheCounts sum = transformer_cache_step_shape(s, t);
    sum.with_cache = sum.without_cache = 0;
    for (int u = 1; u <= t; u++) {
        TransformerCacheCounts c = transformer_cache_step_shape(s, u);
        sum.with_cache += c.with_cache;
        sum.without_cache += c.without_cache;
    }
    return sum;
}

TransformerCacheCounts transformer_cache_total(const Model *m, int t)
{
    TransformerCacheShape s = transformer_cache_shape(m);
    return transformer_cache_total_shape(&s, t);
}

/* ---------------------------------------------------------------- what each head learned */

int transformer_head_describe(const Model *m, int layer, int head, Lang lang, char *buf, size_t cap)
{
    if (cap > 0)
        buf[0] = '\0';
    if (!m || !m->head_stats || layer < 0 || layer >= m->layers || head < 0 || head >= m->heads)
        return -1;
    const double *row = m->head_stats + (size_t)(layer * m->heads + head) * (size_t)MODEL_STATS_COLS(m->context);
    int best = row[MODEL_STATS_FIRST] > row[MODEL_STATS_LINE_UP] ? MODEL_STATS_FIRST : MODEL_STATS_LINE_UP;
    for (int k = 0; k < m->context; k++)
        if (row[MODEL_STATS_OFFSET + k] > row[best])
            best = MODEL_STATS_OFFSET + k;
    char num[FORMAT_BYTES];
    if (row[best] < TRANSFORMER_DESCRIBE_SHARE) {
        format_fixed(num, sizeof num, row[MODEL_STATS_ENTROPY], 2);
        snprintf(buf, cap, LANG_PICK(lang, "spreads over the line (entropy %s nats)",
                                     "分散在整行上（熵 %s 奈特）"), num);
        return 0;
    }
    format_percent(num, sizeof num, row[best]);
    int k = best - MODEL_STATS_OFFSET;
    if (best == MODEL_STATS_LINE_UP)
        snprintf(buf, cap, LANG_PICK(lang, "looks at the same place one line up: %s", "看上一行同一位置的字：%s"), num);
    else if (best == MODEL_STATS_FIRST)
        snprintf(buf, cap, LANG_PICK(lang, "looks at the first character: %s", "看第一个字：%s"), num);
    else if (k == 0)
        snprintf(buf, cap, LANG_PICK(lang, "looks at itself: %s", "看自己：%s"), num);
    else if (k == 1)
        snprintf(buf, cap, LANG_PICK(lang, "looks at the character before: %s", "看前一个字：%s"), num);
    else
        snprintf(buf, cap, LANG_PICK(lang, "looks at the character %d back: %s", "看往前第 %d 个字：%s"), k, num);
    return 0;
}
