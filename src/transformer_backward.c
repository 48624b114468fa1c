/* transformer_backward.c — the gradient of one line's loss through a layered model
 * (transformer_backward.h), and the AdamW step.
 * Owns: the backward arithmetic of the readout, LayerNorm, the MLP with exact GELU, the
 * output projection, the causal heads and the embedding; its scratch. Must not touch: batches,
 * threads, files, the terminal, any global state.
 *
 * Speed and order: the products run in 4-wide vectors (vec4.h) as in transformer.c. A weight's gradient
 * is Σ_r x[r][i] · dy[r][j] over the line's rows (in order of r, from 0) added to what the
 * block held; an input's gradient Σ_j dy[r][j] · w[i][j] is a dot product whose four lanes take
 * j mod 4, added (l0 + l1) + (l2 + l3), then the last n mod 4 terms in order. Every path uses
 * this one order, so a result depends on the numbers alone, never on threads or timing. */
#include "transformer_backward.h"

#include <math.h>
#include <stdlib.h>
#include <string.h>
#include "vec4.h"

/* ---------------------------------------------------------------- dot products */

/* The lanes of a dot product (s: four lanes) added in the documented order, then the tail
 * a[j]·b[j], j ≥ n4. A macro: a vec4 is not passed to a function (vec4.h). */
#define FINISH_DOT(s, a, b, n4, n) finish_dot_lanes((s)[0], (s)[1], (s)[2], (s)[3], a, b, n4, n)

static inline double finish_dot_lanes(double l0, double l1, double l2, double l3, const double *a,
                                      const double *b, int n4, int n)
{
    double sum = (l0 + l1) + (l2 + l3);
    for (int j = n4; j < n; j++)
        sum += a[j] * b[j];
    return sum;
}

/* Σ_j a[j] · b[j] in the documented lane order. */
static double dot(const double *a, const double *b, int n)
{
    vec4 s = SPLAT4(0.0);
    int n4 = n & ~3;
    for (int j = 0; j < n4; j += 4)
        s += LOAD4(a + j) * LOAD4(b + j);
    return FINISH_DOT(s, a, b, n4, n);
}

/* ---------------------------------------------------------------- products */

/* gw[i][j] += Σ_r x[r][i] · dy[r][j] for i in [i0, i0 + 4), every j. */
VEC4_HOT static void weight_grad_four(const double *x, int rows, int din, const double *dy, int dout,
                             double *gw, int i0)
{
    int j = 0;
    for (; j + 8 <= dout; j += 8) {
        vec4 z = SPLAT4(0.0);
        vec4 a00 = z, a01 = z, a10 = z, a11 = z, a20 = z, a21 = z, a30 = z, a31 = z;
        for (int r = 0; r < rows; r++) {
            const double *xr = x + (size_t)r * (size_t)din + i0;
            vec4 y0 = LOAD4(dy + (size_t)r * (size_t)dout + j), y1 = LOAD4(dy + (size_t)r * (size_t)dout + j + 4);
            vec4 x0 = SPLAT4(xr[0]), x1 = SPLAT4(xr[1]), x2 = SPLAT4(xr[2]), x3 = SPLAT4(xr[3]);
            a00 += x0 * y0;
            a01 += x0 * y1;
            a10 += x1 * y0;
            a11 += x1 * y1;
            a20 += x2 * y0;
            a21 += x2 * y1;
            a30 += x3 * y0;
            a31 += x3 * y1;
        }
        double *g = gw + (size_t)i0 * (size_t)dout + j;
        STORE4(g, LOAD4(g) + a00);
        STORE4(g + 4, LOAD4(g + 4) + a01);
        g += dout;
        STORE4(g, LOAD4(g) + a10);
        STORE4(g + 4, LOAD4(g + 4) + a11);
        g += dout;
        STORE4(g, LOAD4(g) + a20);
        STORE4(g + 4, LOAD4(g + 4) + a21);
        g += dout;
        STORE4(g, LOAD4(g) + a30);
        STORE4(g + 4, LOAD4(g + 4) + a31);
    }
    for (; j < dout; j++)
        for (int k = 0; k < 4; k++) {
            double a = 0.0;
            for (int r = 0; r < rows; r++)
                a += x[(size_t)r * (size_t)din + (size_t)(i0 + k)] * dy[(size_t)r * (size_t)dout + (size_t)j];
            gw[(size_t)(i0 + k) * (size_t)dout + (size_t)j] += a;
        }
}

/* The same for the single input row i (what four-at-a-time leaves). */
VEC4_HOT static void weight_grad_one(const double *x, int rows, int din, const double *dy, int dout,
                            double *gw, int i)
{
    for (int j = 0; j < dout; j++) {
        double a = 0.0;
        for (int r = 0; r < rows; r++)
            a += x[(size_t)r * (size_t)din + (size_t)i] * dy[(size_t)r * (size_t)dout + (size_t)j];
        gw[(size_t)i * (size_t)dout + (size_t)j] += a;
    }
}

/* dx[r][i] += Σ_j dy[r][j] · w[i][j] for every row r and input i. */
VEC4_HOT static void input_grad(const double *dy, int rows, int dout, const double *w, int din, double *dx)
{
    int n4 = dout & ~3, r = 0;
    for (; r + 4 <= rows; r += 4) {
        const double *y0 = dy + (size_t)r * (size_t)dout, *y1 = y0 + dout, *y2 = y1 + dout, *y3 = y2 + dout;
        for (int i = 0; i < din; i++) {
            const double *wi = w + (size_t)i * (size_t)dout;
            vec4 s0 = SPLAT4(0.0), s1 = s0, s2 = s0, s3 = s0;
            for (int j = 0; j < n4; j += 4) {
                vec4 wj = LOAD4(wi + j);
                s0 += LOAD4(y0 + j) * wj;
                s1 += LOAD4(y1 + j) * wj;
                s2 += LOAD4(y2 + j) * wj;
                s3 += LOAD4(y3 + j) * wj;
            }
            dx[(size_t)r * (size_t)din + (size_t)i] += FINISH_DOT(s0, y0, wi, n4, dout);
            dx[(size_t)(r + 1) * (size_t)din + (size_t)i] += FINISH_DOT(s1, y1, wi, n4, dout);
            dx[(size_t)(r + 2) * (size_t)din + (size_t)i] += FINISH_DOT(s2, y2, wi, n4, dout);
            dx[(size_t)(r + 3) * (size_t)din + (size_t)i] += FINISH_DOT(s3, y3, wi, n4, dout);
        }
    }
    for (; r < rows; r++)
        for (int i = 0; i < din; i++)
            dx[(size_t)r * (size_t)din + (size_t)i] +=
                dot(dy + (size_t)r * (size_t)dout, w + (size_t)i * (size_t)dout, dout);
}

/* The backward pass of out = x · w + b over rows: gw += xᵀ · dy, gb += Σ_r dy[r], and, when
 * dx is not NULL, dx += dy · wᵀ. */
VEC4_HOT static void affine_backward(const double *x, int rows, int din, const double *w, int dout,
                            const double *dy, double *gw, double *gb, double *dx)
{
    for (int r = 0; r < rows; r++) {
        const double *dyr = dy + (size_t)r * (size_t)dout;
        int j = 0;
        for (; j + 4 <= dout; j += 4)
            STORE4(gb + j, LOAD4(gb + j) + LOAD4(dyr + j));
        for (; j < dout; j++)
            gb[j] += dyr[j];
    }
    int i = 0;
    for (; i + 4 <= din; i += 4)
        weight_grad_four(x, rows, din, dy, dout, gw, i);
    for (; i < din; i++)
        weight_grad_one(x, rows, din, dy, dout, gw, i);
    if (dx)
        input_grad(dy, rows, dout, w, din, dx);
}

/* ---------------------------------------------------------------- LayerNorm */

/* The backward pass of y = γ · norm + β, norm = (x − mean) / std, for each row:
 * gγ += dy · norm, gβ += dy, dx += (dn − mean(dn) − norm · mean(dn · norm)) / std, dn = dy · γ. */
static void layer_norm_backward(int rows, int d, const double *dy, const double *norm,
                                const double *std, const double *gain, double *ggain,
                                double *gbias, double *dx)
{
    for (int t = 0; t < rows; t++) {
        const double *dyt = dy + (size_t)t * (size_t)d, *nt = norm + (size_t)t * (size_t)d;
        double *dxt = dx + (size_t)t * (size_t)d;
        double sum = 0.0, sum_n = 0.0;
        for (int i = 0; i < d; i++) {
            double dn = dyt[i] * gain[i];
            ggain[i] += dyt[i] * nt[i];
            gbias[i] += dyt[i];
            sum += dn;
            sum_n += dn * nt[i];
        }
        double mean = sum / d, mean_n = sum_n / d;
        for (int i = 0; i < d; i++)
            dxt[i] += (dyt[i] * gain[i] - mean - nt[i] * mean_n) / std[t];
    }
}

/* ---------------------------------------------------------------- the heads */

/* The backward pass of the causal heads of one block: from dheads (∂loss/∂ concat) to dq, dk
 * and dv (which it fills: zeroed first). */
static void attention_backward(const TransformerTrace *tr, const TransformerLayer *L, TransformerGrad *g)
{
    int T = tr->T, d = tr->d, dh = tr->dh;
    size_t n = (size_t)T * (size_t)d;
    memset(g->dq, 0, n * sizeof *g->dq);
    memset(g->dk, 0, n * sizeof *g->dk);
    memset(g->dv, 0, n * sizeof *g->dv);
    double *ds = g->drow;
    for (int h = 0; h < tr->heads; h++) {
        int c0 = h * dh;
        for (int t = 0; t < T; t++) {
            const double *share = TRANSFORMER_HEAD_ROW(tr, L->shares, h, t);
            const double *dout = g->dheads + (size_t)t * (size_t)d + c0;
            double along = 0.0;
            for (int s = 0; s <= t; s++) {
                const double *vs = L->v + (size_t)s * (size_t)d + c0;
                double *dvs = g->dv + (size_t)s * (size_t)d + c0;
                double sum = 0.0;
                for (int j = 0; j < dh; j++) {
                    sum += dout[j] * vs[j];
                    dvs[j] += share[s] * dout[j];
                }
                ds[s] = sum;
                along += share[s] * sum;
            }
            const double *qt = L->q + (size_t)t * (size_t)d + c0;
            double *dqt = g->dq + (size_t)t * (size_t)d + c0;
            for (int s = 0; s <= t; s++) {
                double dscore = share[s] * (ds[s] - along) / tr->scale;
                const double *ks = L->k + (size_t)s * (size_t)d + c0;
                double *dks = g->dk + (size_t)s * (size_t)d + c0;
                for (int i = 0; i < dh; i++) {
                    dqt[i] += dscore * ks[i];
                    dks[i] += dscore * qt[i];
                }
            }
        }
    }
}

/* ---------------------------------------------------------------- one block */

/* The derivative of exact GELU: ½ · (1 + erf(x/√2)) + x · e^(−x²/2) / √(2π). */
static double gelu_slope(double x)
{
    return 0.5 * (1.0 + erf(x * M_SQRT1_2)) + x * exp(-0.5 * x * x) * (0.5 * M_2_SQRTPI * M_SQRT1_2);
}

/* Block l backward: g->dtop holds ∂loss/∂output on entry and ∂loss/∂input on return. */
static void block_backward(const TransformerTrace *tr, int l, TransformerGrad *g, ModelLayer *G)
{
    const ModelLayer *W = &tr->model->layer[l];
    const TransformerLayer *L = &tr->layer[l];
    int T = tr->T, d = tr->d, m = tr->mlp;
    size_t n = (size_t)T * (size_t)d, nm = (size_t)T * (size_t)m;
    /* output = resid + act · W2 + b2 */
    memset(g->dact, 0, nm * sizeof *g->dact);
    affine_backward(L->mlp_act, T, m, W->w2, d, g->dtop, G->w2, G->b2, g->dact);
    for (size_t i = 0; i < nm; i++)
        g->dact[i] *= gelu_slope(L->mlp_pre[i]);
    memset(g->dln, 0, n * sizeof *g->dln);
    affine_backward(L->ln2_out, T, d, W->w1, m, g->dact, G->w1, G->b1, g->dln);
    memcpy(g->dresid, g->dtop, n * sizeof *g->dresid);
    layer_norm_backward(T, d, g->dln, L->ln2_norm, L->ln2_std, W->ln2_gain, G->ln2_gain, G->ln2_bias,
                        g->dresid);
    /* resid = input + heads · Wo + bo */
    memset(g->dheads, 0, n * sizeof *g->dheads);
    affine_backward(L->heads, T, d, W->wo, d, g->dresid, G->wo, G->bo, g->dheads);
    attention_backward(tr, L, g);
    memset(g->dln, 0, n * sizeof *g->dln);
    affine_backward(L->ln1_out, T, d, W->wq, d, g->dq, G->wq, G->bq, g->dln);
    affine_backward(L->ln1_out, T, d, W->wk, d, g->dk, G->wk, G->bk, g->dln);
    affine_backward(L->ln1_out, T, d, W->wv, d, g->dv, G->wv, G->bv, g->dln);
    memcpy(g->dtop, g->dresid, n * sizeof *g->dtop);
    layer_norm_backward(T, d, g->dln, L->ln1_norm, L->ln1_std, W->ln1_gain, G->ln1_gain, G->ln1_bias,
                        g->dtop);
}

/* ---------------------------------------------------------------- the line */

double transformer_backward(const TransformerTrace *tr, const int *targets, double weight,
                            TransformerGrad *g, Model *grad)
{
    const Model *m = tr->model;
    int T = tr->T, d = tr->d, V = tr->vocab;
    double loss = 0.0;
    for (int t = 0; t < T; t++) {
        const double *p = TRANSFORMER_ROW(tr->probs, t, V);
        double *dl = TRANSFORMER_ROW(g->dlogits, t, V);
        int y = targets[t];
        if (y < 0) {
            memset(dl, 0, (size_t)V * sizeof *dl);
            continue;
        }
        if (p[y] > 0.0) {
            loss -= log(p[y]);
        } else {   /* the probability underflowed: log-sum-exp from the logits */
            const double *z = TRANSFORMER_ROW(tr->logits, t, V);
            double max = z[0], sum = 0.0;
            for (int v = 1; v < V; v++)
                if (z[v] > max)
                    max = z[v];
            for (int v = 0; v < V; v++)
                sum += exp(z[v] - max);
            /* sum ≥ 1: the largest logit's own term is e⁰ */
            loss += max + log(sum) - z[y];   // cppcheck-suppress invalidFunctionArg
        }
        for (int v = 0; v < V; v++)
            dl[v] = p[v] * weight;
        dl[y] -= weight;
    }
    size_t n = (size_t)T * (size_t)d;
    memset(g->dln, 0, n * sizeof *g->dln);
    affine_backward(tr->lnf_out, T, d, m->lm_head, V, g->dlogits, grad->lm_head, grad->lm_bias, g->dln);
    memset(g->dtop, 0, n * sizeof *g->dtop);
    layer_norm_backward(T, d, g->dln, tr->lnf_norm, tr->lnf_std, m->lnf_gain, grad->lnf_gain,
                        grad->lnf_bias, g->dtop);
    for (int l = tr->layers - 1; l >= 0; l--)
        block_backward(tr, l, g, &grad->layer[l]);
    for (int t = 0; t < T; t++) {
        const double *dx = g->dtop + (size_t)t * (size_t)d;
        double *ge = grad->embedding + (size_t)tr->ids[t] * (size_t)d;
        for (int i = 0; i < d; i++)
            ge[i] += dx[i];
        if (grad->position) {
            double *gp = grad->position + (size_t)t * (size_t)d;
            for (int i = 0; i < d; i++)
                gp[i] += dx[i];
        }
    }
    return loss;
}

/* ---------------------------------------------------------------- scratch */

int transformer_grad_init(TransformerGrad *g, const Model *m)
{
    memset(g, 0, sizeof *g);
    g->cap = m->context;
    g->d = m->d;
    g->mlp = m->mlp;
    g->vocab = m->vocab_size;
    size_t c = (size_t)g->cap, d = (size_t)g->d;
    size_t total = c * (size_t)g->vocab + 7 * c * d + c * (size_t)g->mlp + c;
    g->block = calloc(total, sizeof *g->block);
    if (!g->block)
        return -1;
    double *at = g->block;
    g->dlogits = at;  at += c * (size_t)g->vocab;
    g->dtop = at;     at += c * d;
    g->dresid = at;   at += c * d;
    g->dheads = at;   at += c * d;
    g->dq = at;       at += c * d;
    g->dk = at;       at += c * d;
    g->dv = at;       at += c * d;
    g->dln = at;      at += c * d;
    g->dact = at;     at += c * (size_t)g->mlp;
    g->drow = at;
    return 0;
}

void transformer_grad_free(TransformerGrad *g)
{
    if (!g)
        return;
    free(g->block);
    memset(g, 0, sizeof *g);
}

/* ---------------------------------------------------------------- AdamW */

void transformer_adamw(double *p, const double *g, double *m, double *v, size_t n, const AdamWStep *s)
{
    double bc1 = 1.0 - pow(s->beta1, s->step), bc2 = 1.0 - pow(s->beta2, s->step);
    double step_size = s->lr / bc1, bc2_sqrt = sqrt(bc2), keep = 1.0 - s->lr * s->decay;
    for (size_t i = 0; i < n; i++) {
        p[i] *= keep;
        m[i] = m[i] * s->beta1 + (1.0 - s->beta1) * g[i];
        v[i] = v[i] * s->beta2 + (1.0 - s->beta2) * g[i] * g[i];
        double denom = sqrt(v[i]) / bc2_sqrt + s->eps;
        p[i] += -step_size * (m[i] / denom);
    }
}
