/* fuzz_sentence.c — libFuzzer target: the sentence decoder, engine_forward on the
 * built-in model with any bytes as the sentence (as --sentence passes them). It must
 * never crash; it either runs the forward pass (1 to 16 characters of the vocabulary,
 * softmax rows summing to 1) or gives one line of error.
 * Seeds: tests/fuzz/corpus/sentence. */
#include <stddef.h>
#include <stdint.h>

#include "engine.h"
#include "fuzz.h"
#include "model.h"

/* The built-in model, parsed once for the whole run. */
static const Model *built_in(void)
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

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    char *sentence = malloc(size + 1);
    if (!sentence)
        return 0;
    memcpy(sentence, data, size);
    sentence[size] = '\0';
    Trace tr;
    char err[2048];
    if (engine_forward(built_in(), sentence, &tr, err, sizeof err) != 0) {
        /* engine.c quotes an unknown character as it is: escaping control characters
         * is issue 10 §1 on another branch; until it lands a line break in the
         * sentence may break the message's line, so only other inputs are held to it. */
        fuzz_check_message(err, sizeof err, !fuzz_has_line_break(data, size));
    } else {
        fuzz_check_trace(&tr);
        FUZZ_CHECK(fuzz_trace_finite(&tr), "the built-in model gives finite numbers");
        engine_free(&tr);
    }
    free(sentence);
    return 0;
}
