/* sqrtd.h — the numbers of station 5's "machine": why scores are divided by √d.
 * Owns: a seeded generator of standard-normal query and keys, one draw's scores, spread,
 * softmax shares and gradient size, and the largest-share curve over d. Pure, no allocation.
 * Must not touch: formatting, the terminal, the lesson's model, any global state. */
#ifndef ATTN_SQRTD_H
#define ATTN_SQRTD_H

#include <stdbool.h>
#include <stdint.h>

/* ---------------------------------------------------------------- sizes */

#define SQRTD_KEYS 6            /* keys per draw: as many as the lesson's sentence has characters */
#define SQRTD_D_MAX 512         /* widest head the machine tries */
#define SQRTD_D_COUNT 18        /* how many widths the screen steps through */
#define SQRTD_CURVE_DRAWS 200   /* draws averaged per width by default for the curve */

/* ---------------------------------------------------------------- the widths d */

/* The widths, ascending: powers of two and the steps halfway between them (×1.5):
 * 1 2 3 4 6 8 12 16 24 32 48 64 96 128 192 256 384 512. 8 is the demo's head, 128 a
 * real model's. Index 0..SQRTD_D_COUNT-1; an index out of range is clamped. */
int sqrtd_d_at(int index);

/* The index of width d in the list, or -1 if d is not in it. */
int sqrtd_d_index(int d);

/* The index of the listed width closest to d on a log scale (ties go to the smaller);
 * d < 1 gives 0. For a width given on the command line that is not in the list. */
int sqrtd_d_nearest_index(int d);

/* √d, the divisor of the lesson: √8 = 2.8284271247461903, √128 = 11.313708498984761. */
double sqrtd_root(int d);

/* ---------------------------------------------------------------- the generator */

/* splitmix64 (Steele, Lea, Flood 2014) for 64-bit integers, and Marsaglia's polar method
 * for normals. The integer stream is the same on every machine; a normal also goes through
 * libm's log() (and the IEEE-exact sqrt), so two C libraries could in principle differ in
 * its last bit. The unit tests pin exact values as glibc computes them (Debian 12). */
typedef struct {
    uint64_t state;     /* splitmix64's counter: the seed, then + 0x9E3779B97F4A7C15 per number */
    bool has_spare;     /* the polar method makes normals in pairs: is the second one waiting? */
    double spare;       /* the waiting second normal, valid when has_spare */
} SqrtdRng;

/* A generator started at seed. */
SqrtdRng sqrtd_rng(uint64_t seed);

/* The next 64 random bits. */
uint64_t sqrtd_rng_bits(SqrtdRng *rng);

/* The next uniform number in [0, 1): the top 53 bits of sqrtd_rng_bits × 2⁻⁵³. */
double sqrtd_rng_uniform(SqrtdRng *rng);

/* The next standard-normal number (mean 0, standard deviation 1). */
double sqrtd_rng_normal(SqrtdRng *rng);

/* The vectors of draw `seed`, at the full width SQRTD_D_MAX: a generator started at seed
 * fills query[0..512), then keys[0][0..512), …, keys[5][0..512), in that order. A draw at
 * width d uses the first d entries of each, so stepping d with the same seed keeps the
 * numbers already on screen and adds dimensions: the scores only gain terms. */
void sqrtd_vectors(uint64_t seed, double query[SQRTD_D_MAX],
                   double keys[SQRTD_KEYS][SQRTD_D_MAX]);

/* ---------------------------------------------------------------- one draw */

/* Softmax's gradient, measured on its Jacobian J = diag(p) − p·pᵀ (J[i][j] = ∂p_i/∂s_j,
 * s being the numbers softmax is given). Every entry of J is at most 1/4 in size; all go to 0
 * as one share goes to 100%: then the scores no longer move the shares, and training no
 * longer moves the scores. The chain factor 1/√d of the ÷√d step itself is NOT included:
 * this measures saturation only. */
typedef struct {
    double diag_max;    /* largest diagonal entry, max_i p_i(1 − p_i): 0.25 at best, 5/36 ≈ 0.139 for six equal shares */
    double frobenius;   /* Frobenius norm of J, √(Σ_ij J[i][j]²): √5 / 6 ≈ 0.373 for six equal shares */
} SqrtdGradient;

/* The gradient size of the n shares p (n ≥ 1). */
SqrtdGradient sqrtd_gradient(const double *p, int n);

/* Everything the screen shows for one draw at one width. */
typedef struct {
    int d;                          /* width of the vectors, 1..SQRTD_D_MAX */
    uint64_t seed;                  /* which draw (sqrtd_vectors) */
    bool scaled;                    /* true: softmax is given raw ÷ √d; false: raw as it is */
    double root;                    /* √d */
    double raw[SQRTD_KEYS];         /* q·k_i over the first d entries, i = 0..5 */
    double spread;                  /* sample standard deviation of raw (divides by 6 − 1 = 5): about √d */
    double divided[SQRTD_KEYS];     /* raw[i] ÷ √d, filled whether or not scaled is on */
    double logits[SQRTD_KEYS];      /* what softmax is given: divided if scaled, else raw */
    double shares[SQRTD_KEYS];      /* softmax of logits, each 0..1, summing to 1 */
    int top;                        /* index of the largest share (the first, on a tie) */
    double top_share;               /* shares[top] */
    SqrtdGradient gradient;         /* softmax's gradient size at these shares */
} SqrtdDraw;

/* Draw `seed` at width d (clamped to 1..SQRTD_D_MAX), with or without ÷√d.
 * The spread uses the sample formula because the six scores share one query: given it, they
 * are independent N(0, |q|²), and E|q|² = d, so the sample variance averages to d exactly
 * while the population variance (÷6) would average to 5d/6. */
SqrtdDraw sqrtd_draw(int d, uint64_t seed, bool scaled);

/* The draw at width d from its six raw scores q·k_i (as sqrtd_raw_widths gives them):
 * sqrtd_draw(d, seed, scaled) without generating the vectors again. */
SqrtdDraw sqrtd_draw_from_raw(int d, uint64_t seed, bool scaled, const double raw[SQRTD_KEYS]);

/* Draw `seed`'s six raw scores at every listed width: raw[w] over the first
 * sqrtd_d_at(w) entries, bit for bit those of sqrtd_draw (one generation of the vectors
 * for all widths). */
void sqrtd_raw_widths(uint64_t seed, double raw[SQRTD_D_COUNT][SQRTD_KEYS]);

/* ---------------------------------------------------------------- the curve */

/* Averages over the draws at each listed width, for one setting of the ÷√d switch. */
typedef struct {
    double top_share[SQRTD_D_COUNT];    /* mean largest share, 0..1, per width of the list */
    double diag_max[SQRTD_D_COUNT];     /* mean gradient diag_max (see SqrtdGradient) */
    double frobenius[SQRTD_D_COUNT];    /* mean gradient Frobenius norm */
} SqrtdCurveSide;

/* The plot of the machine: per listed width, averages over `draws` draws. */
typedef struct {
    uint64_t seed;              /* the draws are seed, seed + 1, …, seed + draws − 1 */
    int draws;                  /* draws averaged per width */
    double spread[SQRTD_D_COUNT];   /* root mean square of the draws' spreads, √(mean spread²): about √d */
    SqrtdCurveSide scaled;      /* with ÷√d: the largest share stays put (about 0.4) */
    SqrtdCurveSide raw;         /* without: the largest share climbs towards 1, the gradient towards 0 */
} SqrtdCurve;

/* Fills *out with the curve over draws seed … seed + draws − 1 (draws < 1 counts as 1).
 * Each draw generates its vectors once at width 512 and reads every width off them, so
 * the curve equals sqrtd_draw averaged over those seeds, exactly. 200 draws take about
 * 8 ms at -O2 (19 ms at -O0) on one core: meant to run once at start-up, the screen only
 * reads it. At 200 draws (seed 1) the spread is within 6% of √d (worst d = 3, +5.3%). */
void sqrtd_curve(SqrtdCurve *out, uint64_t seed, int draws);

#endif
