/* transformer_check.c — LN₁ of one row as a hand check prints it: the sums, the mean, the
 * variance, the root and one column's (x − mean) ÷ std × γ + β, each redone from the numbers
 * printed before it, with as many decimals as it takes for every "=" to hold.
 * Owns: that arithmetic. Must not touch: the forward pass (transformer.c), formatting text,
 * the terminal. */
#include "transformer.h"

#include <math.h>
#include "format.h"

/* The check with operands at `digits` decimals; true when the column's result redone from
 * them is the pass's (at its decimals, TRANSFORMER_NORM_OUT_DIGITS or up to `digits` where a
 * last 5 would round elsewhere at the tables' two) and the mean is the pass's. */
static bool norm_at(TransformerNormCheck *c, const double *x, double mean, double var, double std, int digits)
{
    int d = c->d;
    double sum = 0.0, sq = 0.0;
    for (int i = 0; i < d; i++)
        sum += x[i];
    for (int i = 0; i < d; i++)
        sq += (x[i] - mean) * (x[i] - mean);
    c->digits = digits;
    c->sum = format_round(sum, digits);
    c->mean = format_round(c->sum / d, digits);
    c->sq_sum = format_round(sq, digits);
    c->var = format_round(c->sq_sum / d, digits);
    c->std = format_round(sqrt(c->var + MODEL_LN_EPS), digits);
    c->x = format_round(x[c->j], digits);
    c->gain = format_round(c->gain, digits);
    c->bias = format_round(c->bias, digits);
    (void)var; (void)std;
    double out = c->std != 0.0 ? (c->x - c->mean) / c->std * c->gain + c->bias : 0.0;
    for (c->out_digits = TRANSFORMER_NORM_OUT_DIGITS; c->out_digits <= digits; c->out_digits++) {
        c->out = format_round(out, c->out_digits);   /* one more decimal where 2 would read otherwise */
        if (format_same_shown(c->out, c->value, c->out_digits) && format_same_shown(c->out, c->value, 2))
            return format_same_shown(c->mean, mean, digits);
    }
    c->out_digits = digits;
    return false;
}

int transformer_check_norm(const TransformerTrace *tr, int l, int t, int j, TransformerNormCheck *c)
{
    if (!tr || !tr->model || l < 0 || l >= tr->layers || t < 0 || t >= tr->T || j < 0 || j >= tr->d)
        return -1;
    const TransformerLayer *L = &tr->layer[l];
    const ModelLayer *W = &tr->model->layer[l];
    const double *x = TRANSFORMER_ROW(L->input, t, tr->d);
    c->d = tr->d;
    c->j = j;
    c->value = TRANSFORMER_ROW(L->ln1_out, t, tr->d)[j];
    for (int digits = TRANSFORMER_NORM_DIGITS; digits <= TRANSFORMER_NORM_DIGITS + 3; digits++) {
        c->gain = W->ln1_gain[j];
        c->bias = W->ln1_bias[j];
        c->same = norm_at(c, x, L->ln1_mean[t], L->ln1_var[t], L->ln1_std[t], digits);
        if (c->same)
            break;
    }
    return 0;
}
