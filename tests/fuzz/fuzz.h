/* fuzz.h — what the libFuzzer targets under tests/fuzz/ share: a check that stops
 * the run with a message (libFuzzer then saves the input), the input as a C string, and a
 * Trace's invariants.
 * Owns: nothing but test helpers. Must not touch: the program's own code. */
#ifndef ATTN_FUZZ_H
#define ATTN_FUZZ_H

#include <math.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "engine.h"
#include "model.h"

/* Stops the run when cond is false, naming the broken rule: libFuzzer's deadly
 * signal handler then writes the input as a crash artifact. */
#define FUZZ_CHECK(cond, what) \
    do { \
        if (!(cond)) { \
            fprintf(stderr, "fuzz check failed: %s (%s:%d)\n", what, __FILE__, __LINE__); \
            abort(); \
        } \
    } while (0)

/* The size bytes at data as a C string: a malloc'd copy with a NUL after them (a NUL among
 * them ends the string there, as it would a line typed), or NULL when out of memory (the
 * target then skips the input). The caller frees it. */
static inline char *fuzz_text(const uint8_t *data, size_t size)
{
    char *text = malloc(size + 1);
    if (!text)
        return NULL;
    if (size)
        memcpy(text, data, size);
    text[size] = '\0';
    return text;
}

/* The built-in model, parsed once for the whole run (a fuzz target is one process); a
 * target that edits it (fuzz_set) undoes its edits after each input. */
static inline Model *fuzz_built_in(void)
{
    static Model m;
    static int loaded;
    if (!loaded) {
        char err[512];
        FUZZ_CHECK(model_load_default(&m, err, sizeof err) == 0, "the built-in model loads");
        loaded = 1;
    }
    return &m;
}

/* An error message as the program prints it: filled, NUL-terminated inside its
 * buffer, and (when one_line) one line. */
static inline void fuzz_check_message(const char *err, size_t errlen, int one_line)
{
    size_t n = strnlen(err, errlen);
    FUZZ_CHECK(n < errlen, "the message is NUL-terminated inside its buffer");
    FUZZ_CHECK(errlen < 2 || n > 0, "a failure comes with a message");
    if (one_line)
        FUZZ_CHECK(memchr(err, '\n', n) == NULL && memchr(err, '\r', n) == NULL,
                   "the message is one line");
}

/* True when the n bytes at p hold a line break. */
static inline int fuzz_has_line_break(const void *p, size_t n)
{
    return memchr(p, '\n', n) != NULL || memchr(p, '\r', n) != NULL;
}

/* The largest magnitude among n numbers at v, or INFINITY when one is not finite. */
static inline double fuzz_max_abs(const double *v, size_t n)
{
    double max = 0;
    for (size_t i = 0; i < n; i++) {
        if (!isfinite(v[i]))
            return INFINITY;
        max = fabs(v[i]) > max ? fabs(v[i]) : max;
    }
    return max;
}

/* The largest magnitude of any number the forward pass produced (INFINITY when one
 * is not finite). */
static inline double fuzz_trace_max_abs(const Trace *tr)
{
    size_t td = (size_t)tr->T * (size_t)tr->d;
    size_t tt = (size_t)tr->T * (size_t)tr->T;
    const double *td_arrays[] = { tr->embedding, tr->position, tr->x, tr->q, tr->k, tr->v,
                                  tr->output };
    const double *tt_arrays[] = { tr->scores, tr->scaled, tr->weights };
    double max = isfinite(tr->scale) ? tr->scale : INFINITY;
    for (size_t i = 0; i < sizeof td_arrays / sizeof td_arrays[0]; i++) {
        double m = fuzz_max_abs(td_arrays[i], td);
        max = m > max ? m : max;
    }
    for (size_t i = 0; i < sizeof tt_arrays / sizeof tt_arrays[0]; i++) {
        double m = fuzz_max_abs(tt_arrays[i], tt);
        max = m > max ? m : max;
    }
    return max;
}

/* True when every number the forward pass produced is finite. */
static inline int fuzz_trace_finite(const Trace *tr)
{
    return isfinite(fuzz_trace_max_abs(tr));
}

/* The shape of a successful forward pass, and softmax rows of shares in [0, 1]
 * summing to 1, whenever the numbers are finite. */
static inline void fuzz_check_trace(const Trace *tr)
{
    FUZZ_CHECK(tr->T >= 1 && tr->T <= MODEL_MAX_TOKENS, "1 to 16 characters");
    FUZZ_CHECK(tr->d >= 1 && tr->d <= MODEL_MAX_D, "d within the model's limits");
    if (!fuzz_trace_finite(tr))
        return;   /* the engine's own checks reject such a trace */
    for (int t = 0; t < tr->T; t++) {
        double sum = 0;
        for (int s = 0; s < tr->T; s++) {
            double w = TRACE_SQ(tr, weights, t, s);
            FUZZ_CHECK(w >= 0 && w <= 1, "a share is between 0 and 1");
            sum += w;
        }
        FUZZ_CHECK(fabs(sum - 1) < 1e-9, "a softmax row sums to 1");
    }
}

#endif
