/* vec4.h — four doubles as one value (GCC's and clang's vector extension), for the products
 * of transformer.c and transformer_backward.c; private to them.
 * Owns: loading, storing and broadcasting (macros), and VEC4_HOT, which compiles a hot loop
 * twice (AVX2 and the baseline) and picks one when the program starts. Each lane is computed as
 * the scalar code would be, with every product rounded before it is added (no fused multiply-
 * add: ISO C mode compiles with -ffp-contract=off, clang is told so here, and "avx2" does not
 * enable FMA), so either copy gives the same bits.
 * Must not touch: anything else. */
#ifndef ATTN_VEC4_H
#define ATTN_VEC4_H

#if defined(__clang__)
#pragma STDC FP_CONTRACT OFF
#endif

#if defined(__x86_64__) && (defined(__GNUC__) || defined(__clang__))
#define VEC4_HOT __attribute__((target_clones("avx2", "default")))
#else
#define VEC4_HOT
#endif

typedef double vec4 __attribute__((vector_size(4 * sizeof(double))));

/* The same four doubles anywhere in memory (8-byte aligned, aliasing double): what LOAD4 and
 * STORE4 read and write through. Macros, not functions: a function taking or returning a vec4
 * would be called across the AVX2 and baseline copies, which clang refuses. */
typedef double vec4_unaligned __attribute__((vector_size(4 * sizeof(double)), aligned(sizeof(double)), may_alias));

#define LOAD4(p) (*(const vec4_unaligned *)(const void *)(p))
#define STORE4(p, v) (*(vec4_unaligned *)(void *)(p) = (v))
#define SPLAT4(x) ((vec4){ (x), (x), (x), (x) })

#endif
