/* fuzz_history.c — libFuzzer target: the practice history file (any bytes, as a damaged or
 * hostile file would hold them) read by history_parse. It must never crash; a refusal is
 * one line naming a line; what reads is written back by history_format and reads back the
 * same, and its schedule stays in range (boxes 0..5, the kinds due at most all of them).
 * Seeds: tests/fuzz/corpus/history. */
#include <stddef.h>
#include <stdint.h>

#include "fuzz.h"
#include "history.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    History h, back;
    char err[256];
    Lang lang = size % 2 ? LANG_ZH : LANG_EN;
    if (history_parse((const char *)data, size, &h, lang, err, sizeof err) != 0) {
        fuzz_check_message(err, sizeof err, 1);
        return 0;
    }
    static char text[HISTORY_MAX_BYTES];
    size_t n = history_format(&h, text, sizeof text);
    FUZZ_CHECK(n > 0, "a history that read is written back");
    FUZZ_CHECK(history_parse(text, n, &back, lang, err, sizeof err) == 0, "what was written reads back");
    FUZZ_CHECK(memcmp(&h, &back, sizeof h) == 0, "and is the same history");
    QuizKind due[QUIZ_KIND_COUNT];
    int d = history_due(&h, h.sessions + 1, due);
    FUZZ_CHECK(d >= 0 && d <= QUIZ_KIND_COUNT, "at most every kind is due");
    for (int k = 0; k < QUIZ_KIND_COUNT; k++) {
        FUZZ_CHECK(h.kinds[k].box >= 0 && h.kinds[k].box <= HISTORY_BOXES, "a box in range");
        FUZZ_CHECK(h.kinds[k].right <= h.kinds[k].asked, "no more right than asked");
        history_answer(&h, (QuizKind)k, k % 2 == 0, h.sessions + 1);
        FUZZ_CHECK(h.kinds[k].box >= 1 && h.kinds[k].box <= HISTORY_BOXES, "an answer keeps it in range");
    }
    double gain;
    if (history_gain(&h, &gain))
        FUZZ_CHECK(isfinite(gain) && gain <= 1.0, "a finite gain, at most 1");
    return 0;
}
