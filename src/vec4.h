/* vec4.h — four doubles as one value (GCC's and clang's vector extension), for the products
 * of transformer.c and transformer_backward.c; private to them.
 * Owns: loading, storing and broadcasting, and VEC4_HOT, which compiles a hot loop twice (AVX2
 * and the baseline) and picks one when the program starts. Each lane is computed as the scalar
 * code would be, with every product rounded before it is added (no fused multiply-add: ISO C
 * mode compiles with -ffp-contract=off, clang is told so here, and "avx2" does not enable FMA),
 * so either copy gives the same bits.
 * Must not touch: anything else. */
#ifndef ATTN_VEC4_H
#define ATTN_VEC4_H

#include <string.h>

#if defined(__clang__)
#pragma STDC FP_CONTRACT OFF
#elif defined(__GNUC__)
#pragma GCC diagnostic ignored "-Wpsabi"   /* vectors pass between static functions only */
#endif

#if defined(__x86_64__) && (defined(__GNUC__) || defined(__clang__))
#define VEC4_HOT __attribute__((target_clones("avx2", "default")))
#else
#define VEC4_HOT
#endif

typedef double vec4 __attribute__((vector_size(4 * sizeof(double))));

static inline vec4 load4(const double *p)
{
    vec4 v;
    memcpy(&v, p, sizeof v);
    return v;
}

static inline void store4(double *p, vec4 v)
{
    memcpy(p, &v, sizeof v);
}

static inline vec4 splat4(double x)
{
    return (vec4){ x, x, x, x };
}

#endif
