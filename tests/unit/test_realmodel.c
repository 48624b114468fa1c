/* test_realmodel.c — unit tests of station 3's sizes (realmodel.h).
 * Covers: the two shapes, every parameter count (demo 192, real 16 515 072), GQA's 4 groups of
 * 7 heads, K/V numbers per token (1024 against 7168, 7×), the cache bytes per layer and for
 * 28 layers at every listed context length, and the context-length index helpers. */
#include <stdarg.h>
#include <stddef.h>
#include <setjmp.h>
#include <stdint.h>
#include <cmocka.h>

#include "realmodel.h"

/* ---------------------------------------------------------------- shapes */

static void test_shapes(void **state)
{
    (void)state;
    RealModel demo = realmodel_demo(), real = realmodel_real();
    assert_string_equal(demo.name, "demo");
    assert_int_equal(demo.d_model, 8);
    assert_int_equal(demo.n_heads, 1);
    assert_int_equal(demo.head_width, 8);
    assert_int_equal(demo.n_kv_heads, 1);
    assert_string_equal(real.name, "real");
    assert_int_equal(real.d_model, 3584);
    assert_int_equal(real.n_heads, 28);
    assert_int_equal(real.head_width, 128);
    assert_int_equal(real.n_kv_heads, 4);
    assert_true(realmodel_valid(&demo));
    assert_true(realmodel_valid(&real));
    RealModel odd = real;
    odd.n_kv_heads = 3;             /* 28 query heads cannot split into 3 groups */
    assert_false(realmodel_valid(&odd));
    odd = real;
    odd.head_width = 0;
    assert_false(realmodel_valid(&odd));
}

/* ---------------------------------------------------------------- parameters */

static void test_demo_parameters(void **state)
{
    (void)state;
    RealModel m = realmodel_demo();
    assert_int_equal(realmodel_q_width(&m), 8);
    assert_int_equal(realmodel_kv_width(&m), 8);
    assert_int_equal(realmodel_wq_params(&m), 64);
    assert_int_equal(realmodel_wk_params(&m), 64);
    assert_int_equal(realmodel_wv_params(&m), 64);
    assert_int_equal(realmodel_qkv_params(&m), 192);
}

static void test_real_parameters(void **state)
{
    (void)state;
    RealModel m = realmodel_real();
    assert_int_equal(realmodel_q_width(&m), 3584);          /* 28 × 128 */
    assert_int_equal(realmodel_kv_width(&m), 512);          /* 4 × 128 */
    assert_int_equal(realmodel_wq_params(&m), 12845056);    /* 3584 × 3584 */
    assert_int_equal(realmodel_wk_params(&m), 1835008);     /* 3584 × 512 */
    assert_int_equal(realmodel_wv_params(&m), 1835008);
    assert_int_equal(realmodel_qkv_params(&m), 16515072);
}

/* ---------------------------------------------------------------- GQA */

static void test_groups(void **state)
{
    (void)state;
    RealModel real = realmodel_real(), demo = realmodel_demo();
    assert_int_equal(realmodel_groups(&real), 4);           /* 512 / 128 */
    assert_int_equal(realmodel_heads_per_group(&real), 7);  /* 28 / 4 */
    assert_int_equal(realmodel_groups(&demo), 1);
    assert_int_equal(realmodel_heads_per_group(&demo), 1);
}

static void test_kv_per_token(void **state)
{
    (void)state;
    RealModel real = realmodel_real(), demo = realmodel_demo();
    assert_int_equal(realmodel_kv_per_token(&real, true), 1024);    /* 2 × 512 */
    assert_int_equal(realmodel_kv_per_token(&real, false), 7168);   /* 2 × 3584 */
    assert_int_equal(realmodel_kv_saving(&real), 7);
    assert_int_equal(realmodel_kv_per_token(&demo, true), 16);
    assert_int_equal(realmodel_kv_per_token(&demo, false), 16);
    assert_int_equal(realmodel_kv_saving(&demo), 1);
}

/* ---------------------------------------------------------------- the K/V cache */

static void test_cache_per_layer(void **state)
{
    (void)state;
    RealModel m = realmodel_real();
    /* tokens × 1024 × 2 bytes with GQA, tokens × 7168 × 2 without */
    assert_int_equal(realmodel_kv_cache_bytes(&m, 1024, true), 2097152);          /* 2 MiB */
    assert_int_equal(realmodel_kv_cache_bytes(&m, 1024, false), 14680064);        /* 14 MiB */
    assert_int_equal(realmodel_kv_cache_bytes(&m, 32768, true), 67108864);        /* 64 MiB */
    assert_int_equal(realmodel_kv_cache_bytes(&m, 32768, false), 469762048);      /* 448 MiB */
    assert_int_equal(realmodel_kv_cache_bytes(&m, 131072, true), 268435456);      /* 256 MiB */
    assert_int_equal(realmodel_kv_cache_bytes(&m, 131072, false), 1879048192);    /* 1792 MiB */
    for (int i = 0; i < REALMODEL_CONTEXT_COUNT; i++) {
        int64_t tokens = realmodel_context_at(i);
        int64_t with = realmodel_kv_cache_bytes(&m, tokens, true);
        assert_int_equal(with, (int64_t)2048 << (10 + i));          /* 1K × 2048 = 2 MiB, doubling */
        assert_int_equal(realmodel_kv_cache_bytes(&m, tokens, false), 7 * with);
    }
    RealModel demo = realmodel_demo();
    assert_int_equal(realmodel_kv_cache_bytes(&demo, 6, true), 192);  /* 6 characters × 16 × 2 */
}

/* Qwen2-7B's 28 layers, an explicit extra: the sums pass 2³¹ and must stay exact. */
static void test_cache_all_layers(void **state)
{
    (void)state;
    RealModel m = realmodel_real();
    int64_t layers = REALMODEL_QWEN2_7B_LAYERS;
    assert_int_equal(layers, 28);
    assert_int_equal(realmodel_kv_cache_bytes_layers(&m, 131072, true, layers),
                     INT64_C(7516192768));      /* 7 GiB */
    assert_int_equal(realmodel_kv_cache_bytes_layers(&m, 131072, false, layers),
                     INT64_C(52613349376));     /* 49 GiB */
    assert_int_equal(realmodel_kv_cache_bytes_layers(&m, 1024, true, 1),
                     realmodel_kv_cache_bytes(&m, 1024, true));
}

/* ---------------------------------------------------------------- context lengths */

static void test_context_list(void **state)
{
    (void)state;
    static const int64_t expected[REALMODEL_CONTEXT_COUNT] = {
        1024, 2048, 4096, 8192, 16384, 32768, 65536, 131072
    };
    for (int i = 0; i < REALMODEL_CONTEXT_COUNT; i++) {
        assert_int_equal(realmodel_context_at(i), expected[i]);
        assert_int_equal(realmodel_context_index(expected[i]), i);
        assert_int_equal(realmodel_context_floor_index(expected[i]), i);
        assert_int_equal(realmodel_context_floor_index(expected[i] + 1), i);
    }
    assert_int_equal(realmodel_context_at(-1), 1024);
    assert_int_equal(realmodel_context_at(REALMODEL_CONTEXT_COUNT), 131072);
    assert_int_equal(realmodel_context_index(1000), -1);
    assert_int_equal(realmodel_context_index(0), -1);
    assert_int_equal(realmodel_context_floor_index(1), 0);
    assert_int_equal(realmodel_context_floor_index(5000), 2);
    assert_int_equal(realmodel_context_floor_index(INT64_C(1) << 40), 7);
}

/* ---------------------------------------------------------------- units */

static void test_units(void **state)
{
    (void)state;
    RealModel real = realmodel_real(), demo = realmodel_demo();
    static const int64_t k[REALMODEL_CONTEXT_COUNT] = { 1, 2, 4, 8, 16, 32, 64, 128 };
    for (int i = 0; i < REALMODEL_CONTEXT_COUNT; i++) {
        int64_t tokens = realmodel_context_at(i);
        assert_int_equal(realmodel_in_k(tokens), k[i]);
        /* whole MiB at every listed length: 2 MiB per K with GQA, 14 without */
        for (int gqa = 0; gqa < 2; gqa++) {
            int64_t bytes = realmodel_kv_cache_bytes(&real, tokens, gqa);
            assert_int_equal(bytes % REALMODEL_MIB, 0);
            assert_int_equal(realmodel_in_mib(bytes), k[i] * (gqa ? 2 : 14));
        }
    }
    assert_int_equal(realmodel_in_mib(realmodel_kv_cache_bytes(&real, 131072, true)), 256);
    assert_int_equal(realmodel_in_mib(realmodel_kv_cache_bytes(&real, 131072, false)), 1792);
    assert_int_equal(realmodel_in_mib(REALMODEL_MIB - 1), 0);
    assert_int_equal(realmodel_in_k(1023), 0);
    assert_int_equal(realmodel_times_demo(&real, &demo), 86016);
    assert_int_equal(86016 * 192, 16515072);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_shapes),
        cmocka_unit_test(test_demo_parameters),
        cmocka_unit_test(test_real_parameters),
        cmocka_unit_test(test_groups),
        cmocka_unit_test(test_kv_per_token),
        cmocka_unit_test(test_cache_per_layer),
        cmocka_unit_test(test_cache_all_layers),
        cmocka_unit_test(test_context_list),
        cmocka_unit_test(test_units),
    };
    return cmocka_run_group_tests_name("realmodel", tests, NULL, NULL);
}
