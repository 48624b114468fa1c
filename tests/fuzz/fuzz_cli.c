/* fuzz_cli.c — libFuzzer target: cli_parse on any command line. The bytes are split at
 * NUL into words (argv[0] is "attn-tui"); the first byte sets the size of the error
 * buffer. It must never crash, and either gives Options within their ranges or one
 * line of error that fits its buffer. Runs many times in one process, as the unit
 * tests do: getopt's state must not leak from one parse into the next.
 * Seeds: tests/fuzz/corpus/cli. */
#include <stddef.h>
#include <stdint.h>

#include "cli.h"
#include "player.h"
#include "fuzz.h"

#define FUZZ_MAX_WORDS 64   /* most words passed */

/* The options' ranges, as cli.h promises them. */
static void check_options(const Options *o)
{
    FUZZ_CHECK(o->speed >= PLAYER_SPEED_MIN && o->speed <= PLAYER_SPEED_MAX, "speed in range");
    FUZZ_CHECK(o->stage >= STAGE_QKV && o->stage < STAGE_COUNT, "a stage");
    FUZZ_CHECK(o->focus >= -1 && o->focus < 16, "focus -1 (the lesson's default, 等) or 0..15 (--focus takes 1 to 16)");
    FUZZ_CHECK(o->lang >= -1 && o->lang <= 1, "lang -1, 0 or 1");
    FUZZ_CHECK(!o->json || o->dump, "--format json only with --dump");
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    if (size < 1)
        return 0;
    size_t errlen = 1 + data[0];
    char *text = malloc(size);   /* the words, each NUL-terminated */
    char *err = malloc(errlen);
    char *argv[FUZZ_MAX_WORDS + 2];
    if (!text || !err) {
        free(text);
        free(err);
        return 0;
    }
    memcpy(text, data + 1, size - 1);
    text[size - 1] = '\0';
    int argc = 0;
    argv[argc++] = (char *)"attn-tui";
    for (size_t at = 0; at < size - 1 && argc <= FUZZ_MAX_WORDS; at += strlen(text + at) + 1)
        argv[argc++] = text + at;
    argv[argc] = NULL;
    Options o;
    if (cli_parse(argc, argv, &o, err, errlen) != 0)
        fuzz_check_message(err, errlen, 1);
    else
        check_options(&o);
    free(err);
    free(text);
    return 0;
}
