/* check.c — hand checks that hold as printed: operands rounded as shown, results
 * recomputed from them. Must not touch: formatting, the terminal, drawing. */
#include "check.h"

#include <math.h>
#include <stdbool.h>
#include <string.h>
#include "format.h"

/* ---------------------------------------------------------------- exact sums */

/* A sum of numbers each exact at `digits` decimals (rounded as printed), kept in whole
 * units of the last decimal so that no rounding drifts into it, for as long as every term
 * is below 2^53 units (exact in a double) and the total below 2^62 (a long long holds it).
 * Past that the numbers have no decimals a screen shows (it writes them in exponent
 * notation), and the plain sum in order is kept instead: it never overflows. */
typedef struct {
    double scale;      /* 10^digits: units per 1 */
    long long units;   /* the sum in units, while exact */
    double plain;      /* the sum as doubles add it, in order */
    bool exact;        /* every term so far fitted in units */
} CheckTally;

#define CHECK_UNITS_TERM 0x1p53    /* a term's units stay exact below this */
#define CHECK_UNITS_TOTAL 0x1p62   /* the total's units stay inside a long long below this */

static void tally_start(CheckTally *t, int digits)
{
    t->scale = pow(10.0, digits);
    t->units = 0;
    t->plain = 0.0;
    t->exact = true;
}

static void tally_add(CheckTally *t, double v)
{
    t->plain += v;
    if (!t->exact)
        return;
    double u = v * t->scale;
    if (fabs(u) < CHECK_UNITS_TERM && fabs((double)t->units + u) < CHECK_UNITS_TOTAL)
        t->units += llround(u);
    else
        t->exact = false;
}

static double tally_sum(const CheckTally *t)
{
    return t->exact ? (double)t->units / t->scale : t->plain;
}

/* The check at exactly these decimals. */
static void check_sum_at(CheckedSum *c, const ExplainTerm *terms, int n, int digits_a,
                         int digits_b, double value, int value_digits)
{
    if (n > CHECK_MAX_TERMS)
        n = CHECK_MAX_TERMS;
    c->n = n;
    c->digits_a = digits_a;
    c->digits_b = digits_b;
    c->sum_digits = digits_a + digits_b;
    CheckTally sum;
    tally_start(&sum, c->sum_digits);
    for (int i = 0; i < n; i++) {
        c->a[i] = format_round(terms[i].a, digits_a);
        c->b[i] = format_round(terms[i].b, digits_b);
        tally_add(&sum, c->a[i] * c->b[i]);
    }
    c->sum = tally_sum(&sum);
    c->value = value;
    c->value_digits = value_digits;
    c->same = format_same_shown(c->sum, value, value_digits);
    if (value_digits > CHECK_TABLE_DIGITS)   /* shown at the tables' decimals too (the arcs' labels) */
        c->same = c->same && format_same_shown(c->sum, value, CHECK_TABLE_DIGITS);
}

void check_sum_as_shown(CheckedSum *c, const ExplainTerm *terms, int n, int digits_a,
                        int digits_b, double value, int value_digits)
{
    check_sum_at(c, terms, n, digits_a, digits_b, value, value_digits);
}

/* Whether every left (side 0) or right (side 1) operand is exactly its value at `digits`
 * decimals (a model weight of two decimals): more decimals would only print zeros. */
static bool side_exact(const ExplainTerm *terms, int n, int side, int digits)
{
    for (int i = 0; i < n && i < CHECK_MAX_TERMS; i++) {
        double v = side ? terms[i].b : terms[i].a;
        if (fabs(v - format_round(v, digits)) > 1e-12)
            return false;
    }
    return true;
}

/* Whether output(t)[dim]'s check holds with shares at share_digits and V at v_digits. */
static bool output_holds(CheckedSum *c, const Trace *tr, int t, int dim, int share_digits, int v_digits)
{
    ExplainTerm terms[MODEL_MAX_TOKENS];
    int k = engine_explain_output(tr, t, dim, terms);
    check_sum_at(c, terms, k, share_digits, v_digits, TRACE_ROW(tr, output, t)[dim], CHECK_TABLE_DIGITS);
    return c->same;
}

void check_output(CheckedSum *c, const Trace *tr, int t, int dim)
{
    int share = 3;   /* 52.4%: a share as every table prints it */
    for (; share < 3 + CHECK_EXTRA_DIGITS; share++) {   /* the fewest that serve every dimension */
        bool all = true;
        for (int j = 0; j < tr->d && all; j++) {
            bool some = false;
            for (int v = 2; v <= 2 + CHECK_EXTRA_DIGITS && !some; v++)
                some = output_holds(c, tr, t, j, share, v);
            all = some;
        }
        if (all)
            break;
    }
    for (int v = 2; v <= 2 + CHECK_EXTRA_DIGITS; v++)   /* then the fewest V decimals for dim */
        if (output_holds(c, tr, t, dim, share, v))
            return;
}

void check_sum(CheckedSum *c, const ExplainTerm *terms, int n, int digits_a, int digits_b,
               double value, int value_digits)
{
    bool grow_a = !side_exact(terms, n, 0, digits_a), grow_b = !side_exact(terms, n, 1, digits_b);
    if (!grow_a && !grow_b)
        grow_a = grow_b = true;   /* exact operands: the sum is exact too, nothing to grow */
    for (int extra = 0; extra <= CHECK_EXTRA_DIGITS; extra++) {
        check_sum_at(c, terms, n, digits_a + (grow_a ? extra : 0), digits_b + (grow_b ? extra : 0),
                     value, value_digits);
        if (c->same)
            return;
    }
}

/* The share check with scores at `digits` decimals and exps at one more. */
static void check_share_at(CheckedShare *c, const Trace *tr, int h, int t, int s, int digits)
{
    int T = tr->T;
    c->n = T;
    c->s = s;
    c->scaled_digits = digits;
    c->exp_digits = digits + 1;
    for (int u = 0; u < T; u++) {
        c->visible[u] = engine_visible(tr, t, u);
        c->scaled[u] = format_round(TRACE_HSQ(tr, scaled, h, t, u), digits);
    }
    engine_softmax_exps(c->scaled, c->visible, c->exps, T, &c->max);
    CheckTally sum;
    tally_start(&sum, c->exp_digits);
    for (int u = 0; u < T; u++) {   /* the exps as printed, and their sum as redone by hand */
        c->exps[u] = format_round(c->exps[u], c->exp_digits);
        tally_add(&sum, c->exps[u]);
    }
    c->sum = tally_sum(&sum);
    c->share = c->sum > 0.0 ? c->exps[s] / c->sum : 0.0;
    c->value = TRACE_HSQ(tr, weights, h, t, s);
    c->same = format_round(c->share * 100.0, 1) == format_round(c->value * 100.0, 1);
}

void check_share_as_shown(CheckedShare *c, const Trace *tr, int h, int t, int s)
{
    check_share_at(c, tr, h, t, s, 2);
}

/* Whether every visible share of the row holds at `digits`. */
static bool row_holds(const Trace *tr, int h, int t, int digits)
{
    CheckedShare each;
    for (int u = 0; u < tr->T; u++) {
        if (!engine_visible(tr, t, u))
            continue;
        check_share_at(&each, tr, h, t, u, digits);
        if (!each.same)
            return false;
    }
    return true;
}

void check_share(CheckedShare *c, const Trace *tr, int h, int t, int s)
{
    int digits = 2;
    while (digits < 2 + CHECK_EXTRA_DIGITS && !row_holds(tr, h, t, digits))
        digits++;
    check_share_at(c, tr, h, t, s, digits);
}

double check_percent_total(const double *shares, int n)
{
    return check_percent_total_at(shares, n, 1);
}

double check_percent_total_at(const double *shares, int n, int decimals)
{
    CheckTally sum;
    tally_start(&sum, decimals);
    for (int i = 0; i < n; i++)
        tally_add(&sum, format_round(shares[i] * 100.0, decimals));
    return tally_sum(&sum);
}

/* ---------------------------------------------------------------- changes of a share */

double check_percent_change(double from, double to)
{
    CheckTally change;
    tally_start(&change, 1);
    tally_add(&change, format_round(to * 100.0, 1));
    tally_add(&change, -format_round(from * 100.0, 1));
    return tally_sum(&change);
}

/* ---------------------------------------------------------------- quotients */

/* v rounded to `digits` decimals as a calculator does it from the exact decimal: a half goes
 * away from zero. 10.0148 ÷ 8 = 1.25185 is 1.2519 by hand, while the double nearest
 * 1.25185 lies below it and format_round gives 1.2518; within rounding noise of a half, the
 * half is taken as exact. */
static double check_round_by_hand(double v, int digits)
{
    double scale = pow(10.0, digits), scaled = fabs(v) * scale;
    if (!(scaled < CHECK_UNITS_TERM) || fabs(scaled - floor(scaled) - 0.5) >= 1e-6)
        return format_round(v, digits);   /* not a half (or too large to have one) */
    double r = (floor(scaled) + 1.0) / scale;
    return v < 0 ? -r : r;
}

void check_quotient(CheckedQuotient *c, double a, int digits_a, double b, int digits_b,
                    double value, int value_digits)
{
    c->a = format_round(a, digits_a);
    c->digits_a = digits_a;
    c->b = format_round(b, digits_b);
    c->digits_b = digits_b;
    c->value = value;
    c->value_digits = value_digits;
    if (c->b == 0.0) {
        c->quotient = 0.0;
        c->same = false;
        return;
    }
    c->quotient = check_round_by_hand(c->a / c->b, value_digits);
    c->same = format_same_shown(c->quotient, value, value_digits);
}

void check_quotient_grow(CheckedQuotient *c, double a, int digits_a, double b, int digits_b,
                         double value, int value_digits)
{
    for (int extra = 0; extra <= CHECK_EXTRA_DIGITS; extra++) {
        check_quotient(c, a, digits_a + extra, b, digits_b, value, value_digits);
        if (c->same)
            return;
    }
}

/* ---------------------------------------------------------------- quotients as printed */

int check_dividend_digits(const double *dividends, const double *quotients, int n, double divisor,
                          int divisor_digits, int result_digits, int least, int most)
{
    double shown_divisor = format_round(divisor, divisor_digits);
    for (int digits = least; digits < most; digits++) {
        bool all = true;
        for (int i = 0; i < n && all; i++) {
            double redone = format_round(dividends[i], digits) / shown_divisor;
            all = format_same_shown(check_round_by_hand(redone, result_digits), quotients[i], result_digits);
        }
        if (all)
            return digits;
    }
    return most;
}

int check_scaled_digits(const Trace *tr, int h, int t)
{
    CheckedShare cs;
    check_share(&cs, tr, h, t, engine_strongest(tr, h, t));
    return cs.scaled_digits;
}

int check_score_digits(const Trace *tr, int h, int t, int scaled_digits, int most)
{
    return check_dividend_digits(&TRACE_HSQ(tr, scores, h, t, 0), &TRACE_HSQ(tr, scaled, h, t, 0), tr->T,
                                 tr->scale, 6, scaled_digits, 2, most);
}

/* ---------------------------------------------------------------- from printed numbers */

void check_share_printed(CheckedShare *c, const double *scores, const bool *visible, int n,
                         int s, int exp_digits)
{
    if (n > MODEL_MAX_TOKENS)
        n = MODEL_MAX_TOKENS;
    c->n = n;
    c->s = s;
    c->scaled_digits = 0;
    c->exp_digits = exp_digits;
    for (int u = 0; u < n; u++) {
        c->visible[u] = visible[u];
        c->scaled[u] = scores[u];
    }
    double sum = engine_softmax_exps(c->scaled, c->visible, c->exps, n, &c->max);
    CheckTally rounded;
    tally_start(&rounded, exp_digits >= 0 ? exp_digits : 0);
    for (int u = 0; u < n && exp_digits >= 0; u++) {   /* rounded as printed, summed by hand */
        c->exps[u] = format_round(c->exps[u], exp_digits);
        tally_add(&rounded, c->exps[u]);
    }
    c->sum = exp_digits >= 0 ? tally_sum(&rounded) : sum;
    c->share = c->sum > 0.0 && s >= 0 && s < n ? c->exps[s] / c->sum : 0.0;
    c->value = c->share;
    c->same = true;
}

void check_cosine_printed(CheckedCosine *c, const double *a, const double *b, int n, int digits)
{
    CheckTally dot, aa, bb;   /* exact at 2 · digits decimals */
    tally_start(&dot, 2 * digits);
    tally_start(&aa, 2 * digits);
    tally_start(&bb, 2 * digits);
    for (int i = 0; i < n; i++) {
        double x = format_round(a[i], digits), y = format_round(b[i], digits);
        tally_add(&dot, x * y);
        tally_add(&aa, x * x);
        tally_add(&bb, y * y);
    }
    c->dot = tally_sum(&dot);
    c->aa = tally_sum(&aa);
    c->bb = tally_sum(&bb);
    c->na = sqrt(c->aa);
    c->nb = sqrt(c->bb);
    c->cosine = c->na > 0.0 && c->nb > 0.0 ? c->dot / (c->na * c->nb) : 0.0;
}

int check_cosine_digits(const double *a, const double *b, int n, double value, int value_digits)
{
    int digits = 2;
    for (; digits < 2 + CHECK_EXTRA_DIGITS; digits++) {
        CheckedCosine c;
        check_cosine_printed(&c, a, b, n, digits);
        if (format_round(c.cosine, value_digits) == format_round(value, value_digits))
            break;
    }
    return digits;
}

/* ---------------------------------------------------------------- LN₁ by hand */

/* c at `digits`: the operands rounded, x redone from them; whether both "=" hold. */
static bool check_norm_at(CheckedNorm *c, const Trace *tr, int t, int j, int digits)
{
    c->digits = digits;
    c->in = format_round(TRACE_ROW(tr, input, t)[j], digits);
    c->mean = format_round(tr->ln_mean[t], digits);
    c->var = format_round(tr->ln_var[t], digits);
    c->std = format_round(tr->ln_std[t], digits);
    c->gain = format_round(tr->ln_gain[j], digits);
    c->bias = format_round(tr->ln_bias[j], digits);
    c->x = c->std == 0.0 ? 0.0
         : check_round_by_hand((c->in - c->mean) / c->std * c->gain + c->bias, c->value_digits);
    bool std_holds = format_same_shown(check_round_by_hand(sqrt(c->var + 1e-5), digits), c->std, digits);
    return std_holds && c->std != 0.0 && format_same_shown(c->x, c->value, c->value_digits);
}

bool check_norm(CheckedNorm *c, const Trace *tr, int t, int j, int value_digits)
{
    memset(c, 0, sizeof *c);
    if (!tr->layered || !tr->input || !tr->ln_gain || !tr->ln_bias || t < 0 || t >= tr->T ||
        j < 0 || j >= tr->d)
        return false;
    c->value = TRACE_ROW(tr, x, t)[j];
    c->value_digits = value_digits;
    for (int extra = 0; extra <= CHECK_EXTRA_DIGITS; extra++)
        if ((c->same = check_norm_at(c, tr, t, j, 4 + extra)))
            return true;
    return true;
}
