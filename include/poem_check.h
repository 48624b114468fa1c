/* poem_check.h — what a poem model learned, measured by writing: continuing a text character by
 * character (what --generate prints), and the form test over a corpus's poems (the shipped
 * model's gate).
 * Owns: the generation loop over transformer.h's cache step and the form rule. Must not touch:
 * files, the terminal, formatting numbers, any global state. */
#ifndef ATTN_POEM_CHECK_H
#define ATTN_POEM_CHECK_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include "corpus.h"
#include "lang.h"
#include "model.h"
#include "transformer.h"

/* Called with each character --generate writes, as it comes (UTF-8; the end mark as it is). */
typedef void (*PoemEmit)(const char *ch, void *ctx);

/* Continues prompt (the model's characters, 1 … context) by up to chars characters: greedy when
 * temperature ≤ 0, else sampled with a generator seeded with seed (transformer_pick). Stops after
 * the end mark or when the context is full. Each character goes to emit (may be NULL) and into
 * out (cap bytes, may be NULL). Returns how many it wrote, or -1 with one line in err, in lang
 * (the prompt's unknown character named, or an empty or too long prompt). */
int poem_continue(const Model *m, const char *prompt, int chars, double temperature, uint64_t seed,
                  PoemEmit emit, void *ctx, char *out, size_t cap, Lang lang, char *err, size_t errlen);

/* The form test: for every poem of c whose first line (up to the first of ，。？！；) has 5 or 7
 * characters, greedy continuation from that line with its punctuation must write 5 (7)
 * characters that are not punctuation (nor the end mark), then one of ，。？！；. */
typedef struct {
    int tested;    /* poems with a first line of 5 or 7 characters, all in the model's vocabulary */
    int passed;    /* those whose next line came out in form */
} PoemForm;

/* Runs the form test of model m over corpus c's poems. Returns 0, or -1 out of memory. */
int poem_form_test(const Model *m, const Corpus *c, PoemForm *out);

/* True when the UTF-8 character ch is punctuation (Unicode category P) or the end mark. */
bool poem_is_punctuation(const char *ch);

#endif
