/* realmodel.h — station 3's sizes: the demo's 192 trainable numbers against a real model's
 * attention shapes, grouped-query attention (GQA), and the K/V cache it saves.
 * Owns: the two shapes and every figure derived from them, in 64-bit integers.
 * Must not touch: formatting, the terminal, the lesson's model file, any global state. */
#ifndef ATTN_REALMODEL_H
#define ATTN_REALMODEL_H

#include <stdbool.h>
#include <stdint.h>

/* ---------------------------------------------------------------- shapes */

/* The attention shapes of one layer. Wq is d_model × (n_heads · head_width); Wk and Wv are
 * d_model × (n_kv_heads · head_width): n_heads query heads share n_kv_heads heads of K and V,
 * each shared K/V head serving one group of n_heads / n_kv_heads query heads. */
typedef struct {
    const char *name;       /* what the screen calls it: "demo" or "real" */
    int64_t d_model;        /* width of a character's vector x (rows of Wq, Wk, Wv) */
    int64_t n_heads;        /* query heads */
    int64_t head_width;     /* width d of one head: the d of ÷√d */
    int64_t n_kv_heads;     /* K/V heads, shared by the query heads (GQA); = n_heads without sharing */
} RealModel;

/* The lesson's demo: d_model 8, one head of width 8, one K/V head. */
RealModel realmodel_demo(void);

/* The lesson's real model: d_model 3584, 28 query heads of width 128, 4 K/V heads.
 * (These are Qwen2-7B's shapes; the lesson does not name the model.) */
RealModel realmodel_real(void);

/* True when every size is positive and n_kv_heads divides n_heads: the figures below
 * assume it. Both instances above are valid. */
bool realmodel_valid(const RealModel *m);

/* ---------------------------------------------------------------- parameters */
/* Trainable weights of Wq, Wk and Wv only: the output projection Wo and any biases are not
 * counted (the lesson counts neither; Qwen2-7B also has a bias on each of Q, K and V). */

/* Columns of Wq: n_heads × head_width (real 28 × 128 = 3584, demo 8). */
int64_t realmodel_q_width(const RealModel *m);

/* Columns of Wk and of Wv: n_kv_heads × head_width (real 4 × 128 = 512, demo 8). */
int64_t realmodel_kv_width(const RealModel *m);

/* d_model × q_width (real 3584 × 3584 = 12 845 056, demo 8 × 8 = 64). */
int64_t realmodel_wq_params(const RealModel *m);

/* d_model × kv_width, the size of Wk and also of Wv (real 3584 × 512 = 1 835 008, demo 64). */
int64_t realmodel_wk_params(const RealModel *m);
int64_t realmodel_wv_params(const RealModel *m);

/* wq + wk + wv (real 12 845 056 + 2 × 1 835 008 = 16 515 072, demo 192). */
int64_t realmodel_qkv_params(const RealModel *m);

/* ---------------------------------------------------------------- GQA */

/* Groups of query heads, one per shared K/V head: kv_width / head_width (real 512 / 128 = 4). */
int64_t realmodel_groups(const RealModel *m);

/* Query heads per group: n_heads / groups (real 28 / 4 = 7). */
int64_t realmodel_heads_per_group(const RealModel *m);

/* ---------------------------------------------------------------- the K/V cache */
/* While a model writes, every token already read keeps its K and V so that they are not
 * computed again: that cache is what grows with the length of the text. "Per layer" means
 * for one attention layer of the model (a model stacks many; the cache of the whole model
 * is this times its layer count), for one text (batch size 1). */

#define REALMODEL_BYTES_PER_NUMBER 2    /* a number in 16-bit floating point (fp16 / bf16) */
#define REALMODEL_QWEN2_7B_LAYERS 28    /* not in the lesson: Qwen2-7B's layer count, for an extra line */

/* K and V numbers kept per token per layer: 2 × kv_width with GQA (real 2 × 512 = 1024),
 * 2 × q_width without, when every query head has its own K and V (real 2 × 3584 = 7168). */
int64_t realmodel_kv_per_token(const RealModel *m, bool gqa);

/* How many times smaller the cache is with GQA: kv_per_token(without) / kv_per_token(with),
 * equal to heads_per_group (real 7168 / 1024 = 7). */
int64_t realmodel_kv_saving(const RealModel *m);

/* Cache bytes of one layer for a text of `tokens` tokens:
 * tokens × kv_per_token × REALMODEL_BYTES_PER_NUMBER
 * (real at 131 072 tokens: 268 435 456 with GQA = 256 MiB, 1 879 048 192 without = 1792 MiB). */
int64_t realmodel_kv_cache_bytes(const RealModel *m, int64_t tokens, bool gqa);

/* The same for a whole model of `layers` layers: layers × kv_cache_bytes. The lesson gives
 * no layer count; pass REALMODEL_QWEN2_7B_LAYERS only on a line that says so. */
int64_t realmodel_kv_cache_bytes_layers(const RealModel *m, int64_t tokens, bool gqa,
                                        int64_t layers);

/* ---------------------------------------------------------------- context lengths */

#define REALMODEL_CONTEXT_COUNT 8   /* 1K 2K 4K 8K 16K 32K 64K 128K */

/* The context lengths the screen steps through, in tokens, where K = 1024:
 * 1024, 2048, …, 131072. An index out of range is clamped. */
int64_t realmodel_context_at(int index);

/* The index of a listed length, or -1 if it is not in the list. */
int realmodel_context_index(int64_t tokens);

/* The index of the largest listed length not above `tokens` (0 below 1K). */
int realmodel_context_floor_index(int64_t tokens);

/* ---------------------------------------------------------------- units */
/* What a screen writes a size in: context lengths in K (1024 tokens, as "4K" is said) and
 * cache sizes in MiB (2^20 bytes). Every listed length is a whole number of K, and every
 * cache size at a listed length (of either shape, with or without GQA) a whole MiB. */

#define REALMODEL_K 1024           /* tokens in one K of context length */
#define REALMODEL_MIB 1048576      /* bytes in one MiB */

/* tokens / REALMODEL_K, rounded down (4096 → 4, 131072 → 128). */
int64_t realmodel_in_k(int64_t tokens);

/* bytes / REALMODEL_MIB, rounded down (268 435 456 → 256). */
int64_t realmodel_in_mib(int64_t bytes);

/* How many times the demo's trainable numbers fit in the real model's, rounded down:
 * qkv_params(real) / qkv_params(demo) (16 515 072 / 192 = 86 016). */
int64_t realmodel_times_demo(const RealModel *real, const RealModel *demo);

#endif
