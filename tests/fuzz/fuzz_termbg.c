/* fuzz_termbg.c — libFuzzer target: any bytes as the terminal's answer to the background
 * query (termbg_osc11_parse), as $COLORFGBG (termbg_colorfgbg) and as keys through the late-
 * reply filter. Never a crash; a reply found is inside the input and starts with OSC 11; the
 * filter always lets a key through once a reply could not go on (64 characters at most are
 * swallowed in a row, and no character outside ESC ] … is swallowed). Seeds:
 * tests/fuzz/corpus/termbg. */
#include <stddef.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "fuzz.h"
#include "termbg.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    size_t used = 0;
    TermBg bg = termbg_osc11_parse(data, size, &used);
    FUZZ_CHECK(used <= size, "the reply is inside the input");
    FUZZ_CHECK((bg == TERMBG_UNKNOWN) == (used == 0), "a verdict comes with a whole reply");
    FUZZ_CHECK(used == 0 || (size >= 5 && memcmp(data, "\033]11;", 5) == 0), "a reply starts OSC 11");
    char *text = fuzz_text(data, size);
    if (!text)
        return 0;
    bg = termbg_colorfgbg(text);
    FUZZ_CHECK(bg == TERMBG_UNKNOWN || bg == TERMBG_DARK || bg == TERMBG_LIGHT, "COLORFGBG's verdict");
    free(text);
    TermBgFilter f = { 0 };
    int run = 0;
    for (size_t i = 0; i < size; i++) {
        int before = f.state;
        bool swallowed = termbg_filter_feed(&f, data[i]);
        FUZZ_CHECK(!swallowed || before != 0, "nothing is swallowed between keys");
        run = swallowed ? run + 1 : 0;
        FUZZ_CHECK(run <= 66, "a reply swallows at most 64 characters and its terminator");
    }
    return 0;
}
