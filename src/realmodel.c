/* realmodel.c — parameter counts, GQA groups and K/V cache sizes of one attention layer,
 * derived from its shapes in 64-bit integers.
 * Must not touch: formatting, the terminal, the lesson's model file, any global state. */
#include "realmodel.h"

/* ---------------------------------------------------------------- shapes */

RealModel realmodel_demo(void)
{
    RealModel m = { .name = "demo", .d_model = 8, .n_heads = 1, .head_width = 8, .n_kv_heads = 1 };
    return m;
}

RealModel realmodel_real(void)
{
    RealModel m = { .name = "real", .d_model = 3584, .n_heads = 28, .head_width = 128,
                    .n_kv_heads = 4 };
    return m;
}

bool realmodel_valid(const RealModel *m)
{
    return m->d_model > 0 && m->n_heads > 0 && m->head_width > 0 && m->n_kv_heads > 0
        && m->n_heads % m->n_kv_heads == 0;
}

/* ---------------------------------------------------------------- parameters */

int64_t realmodel_q_width(const RealModel *m)
{
    return m->n_heads * m->head_width;
}

int64_t realmodel_kv_width(const RealModel *m)
{
    return m->n_kv_heads * m->head_width;
}

int64_t realmodel_wq_params(const RealModel *m)
{
    return m->d_model * realmodel_q_width(m);
}

int64_t realmodel_wk_params(const RealModel *m)
{
    return m->d_model * realmodel_kv_width(m);
}

int64_t realmodel_wv_params(const RealModel *m)
{
    return m->d_model * realmodel_kv_width(m);
}

int64_t realmodel_qkv_params(const RealModel *m)
{
    return realmodel_wq_params(m) + realmodel_wk_params(m) + realmodel_wv_params(m);
}

/* ---------------------------------------------------------------- GQA */

int64_t realmodel_groups(const RealModel *m)
{
    return realmodel_kv_width(m) / m->head_width;
}

int64_t realmodel_heads_per_group(const RealModel *m)
{
    return m->n_heads / realmodel_groups(m);
}

/* ---------------------------------------------------------------- the K/V cache */

int64_t realmodel_kv_per_token(const RealModel *m, bool gqa)
{
    return 2 * (gqa ? realmodel_kv_width(m) : realmodel_q_width(m));
}

int64_t realmodel_kv_saving(const RealModel *m)
{
    return realmodel_kv_per_token(m, false) / realmodel_kv_per_token(m, true);
}

int64_t realmodel_kv_cache_bytes(const RealModel *m, int64_t tokens, bool gqa)
{
    return tokens * realmodel_kv_per_token(m, gqa) * REALMODEL_BYTES_PER_NUMBER;
}

int64_t realmodel_kv_cache_bytes_layers(const RealModel *m, int64_t tokens, bool gqa,
                                        int64_t layers)
{
    return layers * realmodel_kv_cache_bytes(m, tokens, gqa);
}

/* ---------------------------------------------------------------- context lengths */

static const int64_t context_list[REALMODEL_CONTEXT_COUNT] = {
    1024, 2048, 4096, 8192, 16384, 32768, 65536, 131072
};

int64_t realmodel_context_at(int index)
{
    if (index < 0)
        index = 0;
    if (index >= REALMODEL_CONTEXT_COUNT)
        index = REALMODEL_CONTEXT_COUNT - 1;
    return context_list[index];
}

int realmodel_context_index(int64_t tokens)
{
    for (int i = 0; i < REALMODEL_CONTEXT_COUNT; i++)
        if (context_list[i] == tokens)
            return i;
    return -1;
}

int realmodel_context_floor_index(int64_t tokens)
{
    int index = 0;
    for (int i = 0; i < REALMODEL_CONTEXT_COUNT; i++)
        if (context_list[i] <= tokens)
            index = i;
    return index;
}

/* ---------------------------------------------------------------- units */

int64_t realmodel_in_k(int64_t tokens)
{
    return tokens / REALMODEL_K;
}

int64_t realmodel_in_mib(int64_t bytes)
{
    return bytes / REALMODEL_MIB;
}

int64_t realmodel_times_demo(const RealModel *real, const RealModel *demo)
{
    return realmodel_qkv_params(real) / realmodel_qkv_params(demo);
}
