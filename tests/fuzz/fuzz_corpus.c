/* fuzz_corpus.c — libFuzzer target: corpus_parse on any bytes. It must never crash; a corpus it
 * accepts has at least 10 poems, each closed by the end mark, every token in the vocabulary,
 * every entry one character; a refusal is one line.
 * Seeds: tests/fuzz/corpus/corpus (the tiny test corpus). */
#include <stddef.h>
#include <stdint.h>

#include "corpus.h"
#include "fuzz.h"
#include "text.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    Corpus c;
    char err[512];
    if (corpus_parse((const char *)data, size, "fuzz.txt", LANG_EN, &c, err, sizeof err) != 0) {
        fuzz_check_message(err, sizeof err, 1);
        return 0;
    }
    FUZZ_CHECK(c.poems >= CORPUS_MIN_POEMS, "at least 10 poems");
    FUZZ_CHECK(c.vocab_size >= 2 && c.vocab_size <= CORPUS_MAX_CHARS + 1, "a vocabulary within limits");
    FUZZ_CHECK(c.end_mark == c.vocab_size - 1, "the end mark is last");
    for (int i = 0; i < c.vocab_size; i++)
        FUZZ_CHECK(text_char_count(c.vocab[i]) == 1, "a vocabulary entry is one character");
    for (int i = 0; i < c.tokens_count; i++)
        FUZZ_CHECK(c.tokens[i] >= 0 && c.tokens[i] < c.vocab_size, "a token is in the vocabulary");
    int held = 0;
    for (int p = 0; p < c.poems; p++) {
        FUZZ_CHECK(c.poem[p].length >= 1, "a poem has characters");
        FUZZ_CHECK(c.tokens[c.poem[p].start + c.poem[p].length] == c.end_mark, "a poem ends with the end mark");
        held += c.poem[p].held_out;
    }
    FUZZ_CHECK(held == c.poems / 10 && held == c.held_out, "one poem in ten held out");
    corpus_free(&c);
    return 0;
}
