/* test_sqrtd.c — unit tests of station 5's machine (sqrtd.h).
 * Covers: the list of widths and its index helpers, √8 and √128, the generator (splitmix64's
 * published values, exact normals, mean and spread), one draw (exact scores at seed 1, d = 8;
 * shares summing to 1; scaled against raw), the gradient size, and the curve: spread ≈ √d,
 * raw largest share above 95% at d = 512, scaled below 60% everywhere, gradient → 0. */
#include <stdarg.h>
#include <stddef.h>
#include <setjmp.h>
#include <stdint.h>
#include <cmocka.h>

#include <math.h>
#include <string.h>
#include "format.h"
#include "sqrtd.h"

/* ---------------------------------------------------------------- widths and √d */

static void test_width_list(void **state)
{
    (void)state;
    static const int expected[SQRTD_D_COUNT] = {
        1, 2, 3, 4, 6, 8, 12, 16, 24, 32, 48, 64, 96, 128, 192, 256, 384, 512
    };
    for (int i = 0; i < SQRTD_D_COUNT; i++) {
        assert_int_equal(sqrtd_d_at(i), expected[i]);
        assert_int_equal(sqrtd_d_index(expected[i]), i);
    }
    assert_int_equal(sqrtd_d_at(-1), 1);
    assert_int_equal(sqrtd_d_at(SQRTD_D_COUNT), 512);
    assert_int_equal(sqrtd_d_index(8), 5);
    assert_int_equal(sqrtd_d_index(128), 13);
    assert_int_equal(sqrtd_d_index(5), -1);
    assert_int_equal(sqrtd_d_index(0), -1);
    assert_int_equal(sqrtd_d_index(1024), -1);
}

static void test_width_nearest(void **state)
{
    (void)state;
    assert_int_equal(sqrtd_d_nearest_index(-3), 0);
    assert_int_equal(sqrtd_d_nearest_index(1), 0);
    assert_int_equal(sqrtd_d_nearest_index(5), 4);      /* 5·5 = 25 > 4·6 = 24: nearer 6 */
    assert_int_equal(sqrtd_d_nearest_index(7), 5);      /* 49 ≤ 6·8 = 48? no: 8 */
    assert_int_equal(sqrtd_d_nearest_index(100), 12);   /* 10000 ≤ 96·128: 96 */
    assert_int_equal(sqrtd_d_nearest_index(128), 13);
    assert_int_equal(sqrtd_d_nearest_index(500), 17);
    assert_int_equal(sqrtd_d_nearest_index(100000), 17);
}

static void test_lesson_roots(void **state)
{
    (void)state;
    char buf[32];
    /* sqrt is correctly rounded (IEEE 754), so these hold on every machine */
    assert_true(sqrtd_root(8) == 2.8284271247461903);
    assert_true(sqrtd_root(128) == 11.313708498984761);
    assert_string_equal(format_fixed(buf, sizeof buf, sqrtd_root(8), 6), "2.828427");
    assert_string_equal(format_fixed(buf, sizeof buf, sqrtd_root(128), 6), "11.313708");
}

/* ---------------------------------------------------------------- the generator */

static void test_splitmix64_reference(void **state)
{
    (void)state;
    /* splitmix64 from state 0, as published with Java's SplittableRandom and Vigna's code */
    SqrtdRng rng = sqrtd_rng(0);
    assert_true(sqrtd_rng_bits(&rng) == UINT64_C(0xE220A8397B1DCDAF));
    assert_true(sqrtd_rng_bits(&rng) == UINT64_C(0x6E789E6AA1B965F4));
    assert_true(sqrtd_rng_bits(&rng) == UINT64_C(0x06C45D188009454F));
    rng = sqrtd_rng(1);
    assert_true(sqrtd_rng_bits(&rng) == UINT64_C(10451216379200822465));
}

static void test_normals_exact(void **state)
{
    (void)state;
    SqrtdRng rng = sqrtd_rng(1);
    assert_true(sqrtd_rng_normal(&rng) == 0.42945220538400686);
    assert_true(sqrtd_rng_normal(&rng) == 1.5857725335739927);
    assert_true(sqrtd_rng_normal(&rng) == 0.4564552075888475);
    assert_true(sqrtd_rng_normal(&rng) == -0.053922243417486332);
}

static void test_normals_mean_and_spread(void **state)
{
    (void)state;
    SqrtdRng rng = sqrtd_rng(7);
    enum { N = 200000 };
    double sum = 0.0, squares = 0.0, umin = 1.0, umax = 0.0;
    for (int i = 0; i < N; i++) {
        double z = sqrtd_rng_normal(&rng);
        sum += z;
        squares += z * z;
    }
    double mean = sum / N;
    double var = squares / N - mean * mean;
    assert_true(fabs(mean) < 0.01);          /* standard error 0.0022 */
    assert_true(fabs(var - 1.0) < 0.015);    /* standard error 0.0032 */
    for (int i = 0; i < 10000; i++) {
        double u = sqrtd_rng_uniform(&rng);
        umin = fmin(umin, u);
        umax = fmax(umax, u);
    }
    assert_true(umin >= 0.0 && umin < 0.001);
    assert_true(umax < 1.0 && umax > 0.999);
}

/* ---------------------------------------------------------------- one draw */

static void test_draw_exact_seed_1_d_8(void **state)
{
    (void)state;
    static const double raw[SQRTD_KEYS] = {
        -0.58271507636174646, -1.4274425832823696, -3.5551670898593279,
        1.4245808144602798, 1.6023984192030583, 1.0121262679134559
    };
    static const double shares[SQRTD_KEYS] = {
        0.1242618962896867, 0.092179257372165826, 0.04344392028094337,
        0.25266832829138924, 0.26906303698086775, 0.21838356078494714
    };
    SqrtdDraw dr = sqrtd_draw(8, 1, true);
    assert_int_equal(dr.d, 8);
    assert_true(dr.seed == 1);
    assert_true(dr.scaled);
    assert_true(dr.root == sqrt(8.0));
    for (int i = 0; i < SQRTD_KEYS; i++) {
        assert_true(dr.raw[i] == raw[i]);
        assert_true(dr.divided[i] == raw[i] / sqrt(8.0));
        assert_true(dr.logits[i] == dr.divided[i]);
        assert_true(fabs(dr.shares[i] - shares[i]) < 1e-14);   /* through exp(): libm's last bit */
    }
    assert_true(fabs(dr.spread - 2.0124437283963426) < 1e-14);
    assert_int_equal(dr.top, 4);
    assert_true(dr.top_share == dr.shares[4]);
    assert_true(fabs(dr.gradient.diag_max - 0.19666811911149995) < 1e-14);
    assert_true(fabs(dr.gradient.frobenius - 0.39513592455784574) < 1e-14);
}

/* The same seed gives the same numbers; another seed other numbers. */
static void test_draw_seeded(void **state)
{
    (void)state;
    SqrtdDraw a = sqrtd_draw(64, 42, false), b = sqrtd_draw(64, 42, false);
    SqrtdDraw c = sqrtd_draw(64, 43, false);
    int same = 0;
    for (int i = 0; i < SQRTD_KEYS; i++) {
        assert_true(a.raw[i] == b.raw[i]);
        assert_true(a.shares[i] == b.shares[i]);
        same += (a.raw[i] == c.raw[i]);
    }
    assert_true(a.spread == b.spread);
    assert_true(a.gradient.frobenius == b.gradient.frobenius);
    assert_int_equal(same, 0);
}

/* A draw at width d is the dot product of the first d entries of the seed's vectors. */
static void test_draw_uses_prefix_of_vectors(void **state)
{
    (void)state;
    static double query[SQRTD_D_MAX], keys[SQRTD_KEYS][SQRTD_D_MAX];
    static const int widths[] = { 1, 8, 100, 512 };
    sqrtd_vectors(9, query, keys);
    for (size_t w = 0; w < sizeof widths / sizeof widths[0]; w++) {
        SqrtdDraw dr = sqrtd_draw(widths[w], 9, true);
        for (int i = 0; i < SQRTD_KEYS; i++) {
            double acc = 0.0;
            for (int j = 0; j < widths[w]; j++)
                acc += query[j] * keys[i][j];
            assert_true(dr.raw[i] == acc);
        }
    }
    assert_int_equal(sqrtd_draw(0, 9, true).d, 1);
    assert_int_equal(sqrtd_draw(9999, 9, true).d, 512);
}

static void test_draw_scaled_against_raw(void **state)
{
    (void)state;
    SqrtdDraw on = sqrtd_draw(256, 5, true), off = sqrtd_draw(256, 5, false);
    for (int i = 0; i < SQRTD_KEYS; i++) {
        assert_true(on.raw[i] == off.raw[i]);
        assert_true(on.divided[i] == off.divided[i]);
        assert_true(off.logits[i] == off.raw[i]);
        assert_true(on.logits[i] == on.raw[i] / 16.0);
    }
    assert_true(on.spread == off.spread);
    assert_true(off.top_share > on.top_share);
    /* at d = 1, ÷√1 changes nothing */
    SqrtdDraw one_on = sqrtd_draw(1, 5, true), one_off = sqrtd_draw(1, 5, false);
    for (int i = 0; i < SQRTD_KEYS; i++)
        assert_true(one_on.shares[i] == one_off.shares[i]);
}

/* The view's cache: one generation of the vectors gives every listed width's draw, each
 * field bit for bit sqrtd_draw's, on and off ÷√d. */
static void test_raw_widths_equal_draws(void **state)
{
    (void)state;
    for (uint64_t seed = 1; seed <= 3; seed++) {
        double raw[SQRTD_D_COUNT][SQRTD_KEYS];
        sqrtd_raw_widths(seed, raw);
        for (int w = 0; w < SQRTD_D_COUNT; w++)
            for (int scaled = 0; scaled <= 1; scaled++) {
                int d = sqrtd_d_at(w);
                SqrtdDraw a = sqrtd_draw(d, seed, scaled);
                SqrtdDraw b = sqrtd_draw_from_raw(d, seed, scaled, raw[w]);
                assert_memory_equal(&a, &b, sizeof a);
            }
    }
}

static void test_shares_sum_to_one(void **state)
{
    (void)state;
    for (uint64_t seed = 1; seed <= 40; seed++)
        for (int w = 0; w < SQRTD_D_COUNT; w++)
            for (int scaled = 0; scaled <= 1; scaled++) {
                SqrtdDraw dr = sqrtd_draw(sqrtd_d_at(w), seed, scaled);
                double sum = 0.0, max = 0.0;
                for (int i = 0; i < SQRTD_KEYS; i++) {
                    assert_true(dr.shares[i] >= 0.0 && dr.shares[i] <= 1.0);
                    sum += dr.shares[i];
                    max = fmax(max, dr.shares[i]);
                }
                assert_true(fabs(sum - 1.0) < 1e-12);
                assert_true(dr.top_share == max);
                assert_true(dr.shares[dr.top] == max);
            }
}

/* ---------------------------------------------------------------- gradient size */

static void test_gradient_by_hand(void **state)
{
    (void)state;
    /* p = (1/2, 1/2): J = [[1/4, -1/4], [-1/4, 1/4]], ‖J‖ = √(4/16) = 1/2 */
    const double half[2] = { 0.5, 0.5 };
    SqrtdGradient g = sqrtd_gradient(half, 2);
    assert_true(g.diag_max == 0.25);
    assert_true(g.frobenius == 0.5);
    /* six equal shares: diag 5/36; ‖J‖² = 6·(5/36)² + 30·(1/36)² = 180/1296 = 5/36 */
    double equal[6];
    for (int i = 0; i < 6; i++)
        equal[i] = 1.0 / 6.0;
    g = sqrtd_gradient(equal, 6);
    assert_true(fabs(g.diag_max - 5.0 / 36.0) < 1e-15);
    assert_true(fabs(g.frobenius - sqrt(5.0) / 6.0) < 1e-15);
    /* one share of 100%: nothing moves */
    const double one[3] = { 0.0, 1.0, 0.0 };
    g = sqrtd_gradient(one, 3);
    assert_true(g.diag_max == 0.0);
    assert_true(g.frobenius == 0.0);
}

/* The gradient is bounded by how far the largest share is from 100%: with ε = 1 − top share,
 * every p_i(1 − p_i) ≤ ε and ‖J‖ ≤ Σ_ij |J[i][j]| = 2 Σ_i p_i(1 − p_i) ≤ 4ε. So a saturated
 * draw (raw scores at d = 512) leaves about nothing to learn from. */
static void test_gradient_vanishes_when_saturated(void **state)
{
    (void)state;
    int saturated = 0;
    for (uint64_t seed = 1; seed <= 200; seed++) {
        SqrtdDraw dr = sqrtd_draw(512, seed, false);
        double eps = 1.0 - dr.top_share;
        assert_true(dr.gradient.diag_max <= eps + 1e-15);
        assert_true(dr.gradient.frobenius <= 4.0 * eps + 1e-15);
        if (eps < 1e-6) {
            saturated++;
            assert_true(dr.gradient.diag_max < 1e-6);
        }
    }
    assert_true(saturated >= 80);   /* 85 of the 200 raw draws at d = 512 */
}

/* ---------------------------------------------------------------- the curve */

static void test_curve_equals_averaged_draws(void **state)
{
    (void)state;
    static SqrtdCurve c;
    enum { DRAWS = 7 };
    sqrtd_curve(&c, 100, DRAWS);
    assert_true(c.seed == 100);
    assert_int_equal(c.draws, DRAWS);
    for (int w = 0; w < SQRTD_D_COUNT; w++) {
        double top_on = 0, top_off = 0, diag_on = 0, diag_off = 0, frob_on = 0, frob_off = 0;
        double spread2 = 0;
        for (int n = 0; n < DRAWS; n++) {
            SqrtdDraw on = sqrtd_draw(sqrtd_d_at(w), 100 + (uint64_t)n, true);
            SqrtdDraw off = sqrtd_draw(sqrtd_d_at(w), 100 + (uint64_t)n, false);
            top_on += on.top_share;
            top_off += off.top_share;
            diag_on += on.gradient.diag_max;
            diag_off += off.gradient.diag_max;
            frob_on += on.gradient.frobenius;
            frob_off += off.gradient.frobenius;
            spread2 += on.spread * on.spread;
        }
        assert_true(c.scaled.top_share[w] == top_on / DRAWS);
        assert_true(c.raw.top_share[w] == top_off / DRAWS);
        assert_true(c.scaled.diag_max[w] == diag_on / DRAWS);
        assert_true(c.raw.diag_max[w] == diag_off / DRAWS);
        assert_true(c.scaled.frobenius[w] == frob_on / DRAWS);
        assert_true(c.raw.frobenius[w] == frob_off / DRAWS);
        assert_true(c.spread[w] == sqrt(spread2 / DRAWS));
    }
    sqrtd_curve(&c, 100, 0);
    assert_int_equal(c.draws, 1);
}

/* The default curve (seed 1, 200 draws) as the screen will show it. */
static void test_curve_saturation(void **state)
{
    (void)state;
    static SqrtdCurve c;
    sqrtd_curve(&c, 1, SQRTD_CURVE_DRAWS);
    int last = SQRTD_D_COUNT - 1;
    assert_true(c.raw.top_share[last] > 0.95);            /* d = 512, no scaling: 0.9627 */
    for (int w = 0; w < SQRTD_D_COUNT; w++) {
        assert_true(c.scaled.top_share[w] < 0.60);        /* ÷√d: 0.37 … 0.45 */
        assert_true(c.scaled.top_share[w] > 1.0 / 6.0);
        assert_true(c.raw.top_share[w] >= c.scaled.top_share[w] - 1e-15);
        assert_true(c.scaled.diag_max[w] > 0.19);         /* ÷√d: the gradient stays */
    }
    /* without scaling the largest share climbs and the gradient sinks */
    assert_true(c.raw.top_share[0] < 0.40);
    assert_true(c.raw.top_share[sqrtd_d_index(8)] > 0.60);
    assert_true(c.raw.top_share[sqrtd_d_index(128)] > 0.90);
    assert_true(c.raw.diag_max[last] < 0.03);             /* 0.0261 */
    assert_true(c.raw.frobenius[last] < 0.06);            /* 0.0510 */
    assert_true(c.raw.diag_max[last] < c.scaled.diag_max[last] / 8.0);
    /* and at d = 1 the two settings agree exactly */
    assert_true(c.raw.top_share[0] == c.scaled.top_share[0]);
}

/* Over many draws the spread of the scores is √d to within a few percent. */
static void test_curve_spread_is_root_d(void **state)
{
    (void)state;
    static SqrtdCurve c;
    sqrtd_curve(&c, 1000, 2000);
    for (int w = 0; w < SQRTD_D_COUNT; w++) {     /* worst: d = 3, +1.6% */
        double root = sqrtd_root(sqrtd_d_at(w));
        assert_true(fabs(c.spread[w] / root - 1.0) < 0.03);
    }
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_width_list),
        cmocka_unit_test(test_width_nearest),
        cmocka_unit_test(test_lesson_roots),
        cmocka_unit_test(test_splitmix64_reference),
        cmocka_unit_test(test_normals_exact),
        cmocka_unit_test(test_normals_mean_and_spread),
        cmocka_unit_test(test_draw_exact_seed_1_d_8),
        cmocka_unit_test(test_draw_seeded),
        cmocka_unit_test(test_draw_uses_prefix_of_vectors),
        cmocka_unit_test(test_draw_scaled_against_raw),
        cmocka_unit_test(test_raw_widths_equal_draws),
        cmocka_unit_test(test_shares_sum_to_one),
        cmocka_unit_test(test_gradient_by_hand),
        cmocka_unit_test(test_gradient_vanishes_when_saturated),
        cmocka_unit_test(test_curve_equals_averaged_draws),
        cmocka_unit_test(test_curve_saturation),
        cmocka_unit_test(test_curve_spread_is_root_d),
    };
    return cmocka_run_group_tests_name("sqrtd", tests, NULL, NULL);
}
