/* fuzz_layered.c — libFuzzer target: a layered model file on any bytes, then what a layered
 * model does with it. model_parse must never crash; a layered model it accepts must run its
 * sentence through transformer_forward, grow it one character at a time to the same numbers,
 * pick a next character, and write itself back to a text that parses to the same numbers.
 * Seeds: tests/fuzz/corpus/layered (tiny shapes), tests/models; run with -max_len 16384. */
#include <stddef.h>
#include <stdint.h>

#include "fuzz.h"
#include "model.h"
#include "model_write.h"
#include "transformer.h"

/* The parsed model written back and read again: the same numbers. */
static void check_round_trip(const Model *m)
{
    char *text = NULL;
    size_t len = 0;
    FILE *f = open_memstream(&text, &len);
    if (!f)
        return;
    model_write_layered(f, m, m->sentence, NULL);
    fclose(f);
    Model back;
    char err[512];
    FUZZ_CHECK(model_parse(text, len, "written", &back, err, sizeof err) == 0, "a written model reads back");
    FUZZ_CHECK(back.param_count == m->param_count, "the same count of numbers");
    FUZZ_CHECK(memcmp(back.params, m->params, m->param_count * sizeof(double)) == 0, "the same numbers");
    model_free(&back);
    free(text);
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    Model m;
    char err[512];
    if (model_parse((const char *)data, size, "fuzz.model", &m, err, sizeof err) != 0) {
        fuzz_check_message(err, sizeof err, 1);
        return 0;
    }
    if (m.layers == 0) {
        model_free(&m);
        return 0;
    }
    FUZZ_CHECK(m.layers <= MODEL_MAX_LAYERS && m.context >= 1 && m.context <= MODEL_MAX_CONTEXT &&
               m.heads >= 1 && m.d % m.heads == 0 && m.mlp >= 1, "a layered model's shape within its limits");
    int ids[MODEL_MAX_CONTEXT];
    int T = transformer_ids(&m, m.sentence, ids, m.context, LANG_EN, err, sizeof err);
    FUZZ_CHECK(T >= 1 && T <= m.context, "the sentence is the model's characters, within its context");
    TransformerTrace full, grown;
    if (transformer_trace_init(&full, &m) == 0 && transformer_trace_init(&grown, &m) == 0) {
        FUZZ_CHECK(transformer_forward(&full, ids, T) == 0, "the forward pass runs");
        for (int t = 0; t < T; t++)
            FUZZ_CHECK(transformer_append(&grown, ids[t]) == 0, "a character appends");
        size_t n = (size_t)T * (size_t)m.vocab_size;
        FUZZ_CHECK(memcmp(full.logits, grown.logits, n * sizeof(double)) == 0 ||
                       transformer_check_finite(&full, err, sizeof err) != 0,
                   "the cache step gives the full pass's logits");
        int next = transformer_pick(&full, 0.0, NULL, NULL);
        FUZZ_CHECK(next >= 0 && next < m.vocab_size, "the next character is in the vocabulary");
    }
    transformer_trace_free(&full);
    transformer_trace_free(&grown);
    check_round_trip(&m);
    model_free(&m);
    return 0;
}
