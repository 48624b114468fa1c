/* fuzz_config.c — libFuzzer target: config_parse on any bytes. The first byte sets the
 * size of the error buffer. It must never crash, and either gives values within the
 * options' ranges or one line of error, "c.conf:LINE: ...", that fits its buffer.
 * Seeds: tests/fuzz/corpus/config. */
#include <stddef.h>
#include <stdint.h>

#include "config.h"
#include "player.h"
#include "fuzz.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    if (size < 1)
        return 0;
    size_t errlen = 1 + data[0];
    char *err = malloc(errlen);
    Config *c = malloc(sizeof *c);
    if (!err || !c) {
        free(err);
        free(c);
        return 0;
    }
    if (config_parse(c, (const char *)data + 1, size - 1, "c.conf", err, errlen) != 0) {
        fuzz_check_message(err, errlen, 1);
        FUZZ_CHECK(errlen < 8 || strncmp(err, "c.conf:", strnlen(err, 7)) == 0, "FILE:LINE: first");
    } else {
        Options o;
        cli_defaults(&o);
        config_apply(c, &o);
        FUZZ_CHECK(o.speed >= PLAYER_SPEED_MIN && o.speed <= PLAYER_SPEED_MAX, "speed in range");
        FUZZ_CHECK(o.heads == 1 || o.heads == 2, "one or two heads");
        FUZZ_CHECK(o.mask == 0 || o.mask == 1, "mask none or causal");
        FUZZ_CHECK(o.theme >= THEME_DARK && o.theme < THEME_COUNT, "a theme");
        FUZZ_CHECK(o.view >= -1 && o.view < 64, "a view or the default");
        FUZZ_CHECK(!(o.ascii && o.no_ascii), "not both ascii and no-ascii");
        FUZZ_CHECK(!o.model_path || strlen(o.model_path) < CONFIG_PATH_BYTES, "a model path that fits");
    }
    free(c);
    free(err);
    return 0;
}
