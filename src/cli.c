/* cli.c — turns argv into Options, with one clear line for every bad value.
 * Owns: option names, their defaults and validation; the --help text.
 * Must not touch: the terminal, the model, the engine. */
#include "cli.h"

#include <getopt.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "text.h"

#define CLI_QUOTE_BYTES 160   /* most bytes of a user's word quoted in a message */

/* ---------------------------------------------------------------- usage */

const char *cli_usage(void)
{
    return
        "usage: attn-tui [OPTION]...\n"
        "Plays lesson 6, self-attention, on the sentence 三加五等于? in the terminal.\n"
        "\n"
        "  --sentence TEXT   the sentence to run (1-16 characters of the model's vocabulary)\n"
        "  --model FILE      a model file (format: docs/model-format.md); default: built in\n"
        "  --dump            print every table (x, Q, K, V, scores, shares, output) and exit\n"
        "  --format FMT      with --dump: text (default) or json (full precision)\n"
        "  --no-numbers      start with every number hidden (press n to show them)\n"
        "  --autoplay        start playing at once (press space to pause)\n"
        "  --speed X         autoplay speed, 0.25 to 4 (default 1)\n"
        "  --stage S         start at qkv, score, softmax or output (or 1-4)\n"
        "  --focus N         start with character N asking (1 = first)\n"
        "  --lang L          labels in en or zh (default: from the locale)\n"
        "  --ascii           draw with ASCII characters only\n"
        "  -h, --help        show this help and exit\n"
        "  -V, --version     show the version and exit\n"
        "\n"
        "Keys: space play/pause, arrows step and focus, n numbers, ? help, q quit.\n";
}

/* ---------------------------------------------------------------- values */

static int parse_speed(const char *s, double *out)
{
    char *end;
    double v = strtod(s, &end);
    if (end == s || *end != '\0' || !isfinite(v) || v < PLAYER_SPEED_MIN || v > PLAYER_SPEED_MAX)
        return -1;
    *out = v;
    return 0;
}

static int parse_stage(const char *s, Stage *out)
{
    static const char *names[STAGE_COUNT] = { "qkv", "score", "softmax", "output" };
    for (int i = 0; i < STAGE_COUNT; i++) {
        char digit[2] = { (char)('1' + i), '\0' };
        if (strcmp(s, names[i]) == 0 || strcmp(s, digit) == 0) {
            *out = (Stage)i;
            return 0;
        }
    }
    return -1;
}

static int parse_focus(const char *s, int *out)
{
    char *end;
    long v = strtol(s, &end, 10);
    if (end == s || *end != '\0' || v < 1 || v > 16)
        return -1;
    *out = (int)v - 1;
    return 0;
}

/* ---------------------------------------------------------------- parsing */

enum {
    OPT_SENTENCE = 1000, OPT_MODEL, OPT_DUMP, OPT_FORMAT, OPT_NO_NUMBERS, OPT_AUTOPLAY,
    OPT_SPEED, OPT_STAGE, OPT_FOCUS, OPT_LANG, OPT_ASCII
};

static const struct option long_options[] = {
    { "sentence",   required_argument, NULL, OPT_SENTENCE },
    { "model",      required_argument, NULL, OPT_MODEL },
    { "dump",       no_argument,       NULL, OPT_DUMP },
    { "format",     required_argument, NULL, OPT_FORMAT },
    { "no-numbers", no_argument,       NULL, OPT_NO_NUMBERS },
    { "autoplay",   no_argument,       NULL, OPT_AUTOPLAY },
    { "speed",      required_argument, NULL, OPT_SPEED },
    { "stage",      required_argument, NULL, OPT_STAGE },
    { "focus",      required_argument, NULL, OPT_FOCUS },
    { "lang",       required_argument, NULL, OPT_LANG },
    { "ascii",      no_argument,       NULL, OPT_ASCII },
    { "help",       no_argument,       NULL, 'h' },
    { "version",    no_argument,       NULL, 'V' },
    { NULL, 0, NULL, 0 },
};

static void cli_defaults(Options *o)
{
    memset(o, 0, sizeof *o);
    o->numbers = true;
    o->speed = 1.0;
    o->stage = STAGE_QKV;
    o->focus = 0;
    o->lang = -1;
}

/* Applies one recognised option; returns 0 or -1 with err filled. A bad value is
 * quoted with its control characters escaped (a message is one line, and an escape
 * sequence must not reach the terminal) and cut to CLI_QUOTE_BYTES. */
static int cli_apply(Options *o, int c, const char *arg, char *err, size_t errlen)
{
    char q[CLI_QUOTE_BYTES];
    switch (c) {
    case OPT_SENTENCE:   o->sentence = arg; return 0;
    case OPT_MODEL:      o->model_path = arg; return 0;
    case OPT_DUMP:       o->dump = true; return 0;
    case OPT_NO_NUMBERS: o->numbers = false; return 0;
    case OPT_AUTOPLAY:   o->autoplay = true; return 0;
    case OPT_ASCII:      o->ascii = true; return 0;
    case 'h':            o->help = true; return 0;
    case 'V':            o->version = true; return 0;
    case OPT_FORMAT:
        if (strcmp(arg, "json") == 0) { o->json = true; return 0; }
        if (strcmp(arg, "text") == 0) { o->json = false; return 0; }
        snprintf(err, errlen, "--format: '%s' is not a format: use text or json",
                 text_escape(arg, q, sizeof q));
        return -1;
    case OPT_SPEED:
        if (parse_speed(arg, &o->speed) == 0) return 0;
        snprintf(err, errlen, "--speed: '%s' is not a speed: give a number from 0.25 to 4",
                 text_escape(arg, q, sizeof q));
        return -1;
    case OPT_STAGE:
        if (parse_stage(arg, &o->stage) == 0) return 0;
        snprintf(err, errlen, "--stage: '%s' is not a stage: use qkv, score, softmax or output (or 1-4)",
                 text_escape(arg, q, sizeof q));
        return -1;
    case OPT_FOCUS:
        if (parse_focus(arg, &o->focus) == 0) return 0;
        snprintf(err, errlen, "--focus: '%s' is not a character number: give 1 to 16",
                 text_escape(arg, q, sizeof q));
        return -1;
    case OPT_LANG:
        if (strcmp(arg, "en") == 0) { o->lang = 0; return 0; }
        if (strcmp(arg, "zh") == 0) { o->lang = 1; return 0; }
        snprintf(err, errlen, "--lang: '%s' is not a language: use en or zh",
                 text_escape(arg, q, sizeof q));
        return -1;
    }
    snprintf(err, errlen, "internal error: option %d", c);
    return -1;
}

int cli_parse(int argc, char **argv, Options *o, char *err, size_t errlen)
{
    cli_defaults(o);
    opterr = 0;
    optind = 0;   /* 0, not 1: getopt forgets all it kept from an earlier parse (an error
                     inside a cluster such as "-xh" leaves it pointing into that argv) */
    for (;;) {
        int previous = optind > 0 ? optind : 1;
        int c = getopt_long(argc, argv, ":hV", long_options, NULL);
        if (c == -1)
            break;
        char word[CLI_QUOTE_BYTES];
        text_escape(previous < argc ? argv[previous] : "?", word, sizeof word);
        if (c == '?') {
            snprintf(err, errlen, "unknown option '%s' (try --help)", word);
            return -1;
        }
        if (c == ':') {
            snprintf(err, errlen, "option '%s' needs a value (try --help)", word);
            return -1;
        }
        if (cli_apply(o, c, optarg, err, errlen) != 0)
            return -1;
    }
    if (optind < argc) {
        char word[CLI_QUOTE_BYTES];
        snprintf(err, errlen, "unexpected argument '%s' (try --help)",
                 text_escape(argv[optind], word, sizeof word));
        return -1;
    }
    if (o->json && !o->dump) {
        snprintf(err, errlen, "--format goes with --dump (try --dump --format json)");
        return -1;
    }
    return 0;
}
