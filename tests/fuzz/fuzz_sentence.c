/* fuzz_sentence.c — libFuzzer target: a sentence as --sentence and the input line pass it,
 * on the built-in model or on a fuzzed one: the ASCII spelling decoder (spell_decode),
 * then engine_forward on what it decoded, and on the raw bytes too. It must never crash;
 * each step either runs (1 to 16 characters of the vocabulary, softmax rows summing to 1)
 * or gives one line of error that is whole UTF-8 with every control, bidi and zero-width
 * character escaped.
 * Input: the sentence up to the first newline, then a model file (empty: the built-in).
 * Seeds: tests/fuzz/corpus/sentence. */
#include <stddef.h>
#include <stdint.h>
#include <unistr.h>

#include "engine.h"
#include "fuzz.h"
#include "model.h"
#include "spell.h"
#include "text.h"

/* A message a terminal may show: one line of whole UTF-8 whose characters are printable
 * (escapes stand for the rest). */
static void check_clean_message(const char *err, size_t errlen)
{
    fuzz_check_message(err, errlen, 1);
    size_t n = strlen(err);
    FUZZ_CHECK(text_valid_utf8(err, n), "a message is whole UTF-8 (never half a character)");
    const uint8_t *p = (const uint8_t *)err, *end = p + n;
    while (p < end) {
        ucs4_t uc;
        int len = u8_mbtouc(&uc, p, (size_t)(end - p));
        FUZZ_CHECK(text_char_allowed(uc), "no control, separator or noncharacter in a message");
        FUZZ_CHECK(!text_char_invisible(uc), "no bidi or zero-width character in a message");
        p += len;
    }
}

static void run(const Model *m, const char *sentence)
{
    char decoded[MODEL_SENTENCE_BYTES];
    char err[2048];
    Trace tr;
    if (spell_decode(m, sentence, decoded, sizeof decoded, err, sizeof err) != 0) {
        check_clean_message(err, sizeof err);
    } else if (engine_forward(m, decoded, &tr, err, sizeof err) != 0) {
        check_clean_message(err, sizeof err);
    } else {
        fuzz_check_trace(&tr);
        engine_free(&tr);
    }
    if (engine_forward(m, sentence, &tr, err, sizeof err) != 0) {
        check_clean_message(err, sizeof err);
    } else {
        fuzz_check_trace(&tr);
        if (m == fuzz_built_in())
            FUZZ_CHECK(fuzz_trace_finite(&tr), "the built-in model gives finite numbers");
        engine_free(&tr);
    }
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    const char *newline = memchr(data, '\n', size);
    size_t sentence_len = newline ? (size_t)(newline - (const char *)data) : size;
    char *sentence = malloc(sentence_len + 1);
    if (!sentence)
        return 0;
    memcpy(sentence, data, sentence_len);
    sentence[sentence_len] = '\0';
    const char *model_text = newline ? newline + 1 : (const char *)data + size;
    size_t model_len = (size_t)((const char *)data + size - model_text);
    if (model_len == 0) {
        run(fuzz_built_in(), sentence);
    } else {
        Model m;
        char err[512];
        if (model_parse(model_text, model_len, "fuzz.model", &m, err, sizeof err) == 0) {
            run(&m, sentence);
            model_free(&m);
        } else {
            check_clean_message(err, sizeof err);
        }
    }
    free(sentence);
    return 0;
}
