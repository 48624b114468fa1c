/* fuzz_model.c — libFuzzer target: model_parse on any bytes. It must never crash or
 * read outside the bytes given (they are not NUL-terminated), and it either returns
 * a model within the format's limits or one line of error.
 * Seeds: tests/fuzz/corpus/model (the asset, the test models); dictionary: model.dict. */
#include <stddef.h>
#include <stdint.h>

#include "fuzz.h"
#include "model.h"
#include "text.h"

/* Every entry of the vocabulary is one whole UTF-8 character. */
static void check_vocab(const Model *m)
{
    for (int i = 0; i < m->vocab_size; i++) {
        const char *ch = m->vocab[i];
        size_t n = strnlen(ch, TEXT_CHAR_BYTES);
        FUZZ_CHECK(n > 0 && n < TEXT_CHAR_BYTES, "a vocabulary entry is a short string");
        FUZZ_CHECK(text_char_count(ch) == 1, "a vocabulary entry is one UTF-8 character");
    }
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    Model m;
    char err[512];
    if (model_parse((const char *)data, size, "fuzz.model", &m, err, sizeof err) != 0) {
        fuzz_check_message(err, sizeof err, 1);
        return 0;
    }
    FUZZ_CHECK(m.d >= 1 && m.d <= MODEL_MAX_D, "d within 1..MODEL_MAX_D");
    FUZZ_CHECK(m.vocab_size >= 1 && m.vocab_size <= MODEL_MAX_VOCAB, "vocabulary size within limits");
    int chars = text_char_count(m.sentence);
    FUZZ_CHECK(chars >= 1 && chars <= (m.layers > 0 ? m.context : MODEL_MAX_TOKENS),
               "the sentence has 1 to 16 characters (a layered model's: up to its context)");
    check_vocab(&m);
    model_free(&m);
    return 0;
}
