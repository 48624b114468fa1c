/* sqrtd.c — station 5's machine: random query and keys, their scores, and what softmax
 * makes of them with and without ÷√d. Softmax itself is the engine's.
 * Must not touch: formatting, the terminal, the lesson's model, any global state. */
#include "sqrtd.h"

#include <math.h>
#include "engine.h"

/* ---------------------------------------------------------------- the widths d */

static const int d_list[SQRTD_D_COUNT] = {
    1, 2, 3, 4, 6, 8, 12, 16, 24, 32, 48, 64, 96, 128, 192, 256, 384, 512
};

int sqrtd_d_at(int index)
{
    if (index < 0)
        index = 0;
    if (index >= SQRTD_D_COUNT)
        index = SQRTD_D_COUNT - 1;
    return d_list[index];
}

int sqrtd_d_index(int d)
{
    for (int i = 0; i < SQRTD_D_COUNT; i++)
        if (d_list[i] == d)
            return i;
    return -1;
}

int sqrtd_d_nearest_index(int d)
{
    if (d <= d_list[0])
        return 0;
    for (int i = 0; i + 1 < SQRTD_D_COUNT; i++) {
        int lo = d_list[i], hi = d_list[i + 1];
        if (d > hi)
            continue;
        /* on a log scale d is nearer lo when d/lo ≤ hi/d, that is d² ≤ lo·hi */
        return ((long long)d * d <= (long long)lo * hi) ? i : i + 1;
    }
    return SQRTD_D_COUNT - 1;
}

double sqrtd_root(int d)
{
    return sqrt((double)d);
}

/* ---------------------------------------------------------------- the generator */

SqrtdRng sqrtd_rng(uint64_t seed)
{
    SqrtdRng rng = { .state = seed, .has_spare = false, .spare = 0.0 };
    return rng;
}

uint64_t sqrtd_rng_bits(SqrtdRng *rng)
{
    uint64_t z = (rng->state += UINT64_C(0x9E3779B97F4A7C15));
    z = (z ^ (z >> 30)) * UINT64_C(0xBF58476D1CE4E5B9);
    z = (z ^ (z >> 27)) * UINT64_C(0x94D049BB133111EB);
    return z ^ (z >> 31);
}

double sqrtd_rng_uniform(SqrtdRng *rng)
{
    return (double)(sqrtd_rng_bits(rng) >> 11) * 0x1.0p-53;
}

double sqrtd_rng_normal(SqrtdRng *rng)
{
    if (rng->has_spare) {
        rng->has_spare = false;
        return rng->spare;
    }
    double u, v, s;
    do {    /* a point uniform in the unit disc, not its centre */
        u = 2.0 * sqrtd_rng_uniform(rng) - 1.0;
        v = 2.0 * sqrtd_rng_uniform(rng) - 1.0;
        s = u * u + v * v;
    } while (s >= 1.0 || s == 0.0);
    double factor = sqrt(-2.0 * log(s) / s);
    rng->spare = v * factor;
    rng->has_spare = true;
    return u * factor;
}

void sqrtd_vectors(uint64_t seed, double query[SQRTD_D_MAX],
                   double keys[SQRTD_KEYS][SQRTD_D_MAX])
{
    SqrtdRng rng = sqrtd_rng(seed);
    for (int j = 0; j < SQRTD_D_MAX; j++)
        query[j] = sqrtd_rng_normal(&rng);
    for (int i = 0; i < SQRTD_KEYS; i++)
        for (int j = 0; j < SQRTD_D_MAX; j++)
            keys[i][j] = sqrtd_rng_normal(&rng);
}

/* ---------------------------------------------------------------- one draw */

SqrtdGradient sqrtd_gradient(const double *p, int n)
{
    SqrtdGradient g = { 0.0, 0.0 };
    double squares = 0.0;
    for (int i = 0; i < n; i++) {
        double diag = p[i] * (1.0 - p[i]);
        if (diag > g.diag_max)
            g.diag_max = diag;
        for (int j = 0; j < n; j++) {
            double entry = (i == j) ? diag : -p[i] * p[j];
            squares += entry * entry;
        }
    }
    g.frobenius = sqrt(squares);
    return g;
}

/* Sample standard deviation (divisor n − 1) of n ≥ 2 values. */
static double sample_sd(const double *x, int n)
{
    double mean = 0.0;
    for (int i = 0; i < n; i++)
        mean += x[i];
    mean /= n;
    double squares = 0.0;
    for (int i = 0; i < n; i++)
        squares += (x[i] - mean) * (x[i] - mean);
    return sqrt(squares / (n - 1));
}

/* Fills every field of *dr from d, seed, scaled and raw. */
static void finish_draw(SqrtdDraw *dr)
{
    dr->root = sqrtd_root(dr->d);
    dr->spread = sample_sd(dr->raw, SQRTD_KEYS);
    for (int i = 0; i < SQRTD_KEYS; i++) {
        dr->divided[i] = dr->raw[i] / dr->root;
        dr->logits[i] = dr->scaled ? dr->divided[i] : dr->raw[i];
    }
    engine_softmax(dr->logits, dr->shares, SQRTD_KEYS);
    dr->top = 0;
    for (int i = 1; i < SQRTD_KEYS; i++)
        if (dr->shares[i] > dr->shares[dr->top])
            dr->top = i;
    dr->top_share = dr->shares[dr->top];
    dr->gradient = sqrtd_gradient(dr->shares, SQRTD_KEYS);
}

static int clamp_d(int d)
{
    return d < 1 ? 1 : (d > SQRTD_D_MAX ? SQRTD_D_MAX : d);
}

SqrtdDraw sqrtd_draw(int d, uint64_t seed, bool scaled)
{
    double query[SQRTD_D_MAX], keys[SQRTD_KEYS][SQRTD_D_MAX], raw[SQRTD_KEYS];
    d = clamp_d(d);
    sqrtd_vectors(seed, query, keys);
    for (int i = 0; i < SQRTD_KEYS; i++) {
        double acc = 0.0;
        for (int j = 0; j < d; j++)
            acc += query[j] * keys[i][j];
        raw[i] = acc;
    }
    return sqrtd_draw_from_raw(d, seed, scaled, raw);
}

SqrtdDraw sqrtd_draw_from_raw(int d, uint64_t seed, bool scaled, const double raw[SQRTD_KEYS])
{
    SqrtdDraw dr = { .d = clamp_d(d), .seed = seed, .scaled = scaled };
    for (int i = 0; i < SQRTD_KEYS; i++)
        dr.raw[i] = raw[i];
    finish_draw(&dr);
    return dr;
}

/* The running dot products add the same terms in the same order as sqrtd_draw, so each
 * width's raw scores are bit for bit sqrtd_draw's. */
void sqrtd_raw_widths(uint64_t seed, double raw[SQRTD_D_COUNT][SQRTD_KEYS])
{
    double query[SQRTD_D_MAX], keys[SQRTD_KEYS][SQRTD_D_MAX];
    double acc[SQRTD_KEYS] = { 0 };
    sqrtd_vectors(seed, query, keys);
    int j = 0;
    for (int w = 0; w < SQRTD_D_COUNT; w++) {
        for (; j < d_list[w]; j++)
            for (int i = 0; i < SQRTD_KEYS; i++)
                acc[i] += query[j] * keys[i][j];
        for (int i = 0; i < SQRTD_KEYS; i++)
            raw[w][i] = acc[i];
    }
}

/* ---------------------------------------------------------------- the curve */

/* Adds one draw's figures to the sums of one side at width index w. */
static void add_to_side(SqrtdCurveSide *side, int w, const SqrtdDraw *dr)
{
    side->top_share[w] += dr->top_share;
    side->diag_max[w] += dr->gradient.diag_max;
    side->frobenius[w] += dr->gradient.frobenius;
}

static void divide_side(SqrtdCurveSide *side, int w, int draws)
{
    side->top_share[w] /= draws;
    side->diag_max[w] /= draws;
    side->frobenius[w] /= draws;
}

/* Adds draw `seed` to the curve's sums at every listed width (its raw scores from
 * sqrtd_raw_widths, bit for bit those of sqrtd_draw(d, seed, …)). */
static void add_draw(SqrtdCurve *out, uint64_t seed)
{
    double raw[SQRTD_D_COUNT][SQRTD_KEYS];
    sqrtd_raw_widths(seed, raw);
    for (int w = 0; w < SQRTD_D_COUNT; w++) {
        SqrtdDraw on = sqrtd_draw_from_raw(d_list[w], seed, true, raw[w]);
        SqrtdDraw off = sqrtd_draw_from_raw(d_list[w], seed, false, raw[w]);
        out->spread[w] += on.spread * on.spread;
        add_to_side(&out->scaled, w, &on);
        add_to_side(&out->raw, w, &off);
    }
}

void sqrtd_curve(SqrtdCurve *out, uint64_t seed, int draws)
{
    if (draws < 1)
        draws = 1;
    *out = (SqrtdCurve){ .seed = seed, .draws = draws };
    for (int n = 0; n < draws; n++)
        add_draw(out, seed + (uint64_t)n);
    for (int w = 0; w < SQRTD_D_COUNT; w++) {
        out->spread[w] = sqrt(out->spread[w] / draws);
        divide_side(&out->scaled, w, draws);
        divide_side(&out->raw, w, draws);
    }
}
