/* cli.c — turns argv into Options, with one clear line for every bad value.
 * Owns: option names, their defaults and validation; the --help text.
 * Must not touch: the terminal, the model, the engine. */
#include "cli.h"

#include "export.h"
#include "keydoc.h"
#include "player.h"
#include "task.h"
#include "ui.h"
#include "view.h"

#include <errno.h>
#include <getopt.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#ifndef ATTN_DOCDIR
#define ATTN_DOCDIR "/usr/local/share/doc/attn-tui" /* where make install puts the docs */
#endif

#include "text.h"

#define CLI_QUOTE_BYTES 160   /* most bytes of a user's word quoted in a message */

/* ---------------------------------------------------------------- usage */

const char *cli_usage(void)
{
    return
        "usage: attn-tui [OPTION]...\n"
        "Plays lesson 6, self-attention, on the sentence 三加五等于? in the terminal.\n"
        "\n"
        "  --sentence TEXT   the sentence to run (1-16 characters of the model's vocabulary,\n"
        "                    or spelled in ASCII: '3+5=?' is 三加五等于?, '5 is how many?')\n"
        "  --model FILE      a model file; default: built in. The format is described in\n"
        "                    " ATTN_DOCDIR "/model-format.md\n"
        "  --dump            print every table (x, Q, K, V, scores, shares, output) and exit\n"
        "  --format FMT      with --dump: text (default), json (full precision) or model\n"
        "                    (the model in use, in the model-file format)\n"
        "  --export FMT      write a script that recomputes the five lines and checks them\n"
        "                    against attn-tui's numbers, and exit: python (run it with python3);\n"
        "                    python-train redoes --train's first steps (--steps, default 10)\n"
        "                    with PyTorch's autograd and Adam and checks the weights\n"
        "  --print           write the frame the other options describe as text, and exit\n"
        "  --size WxH        with --print: the frame's size (default: the terminal's, or 80x24)\n"
        "  --color WHEN      with --print: ANSI colours always, never or auto (default)\n"
        "  --record FILE     record the session as an asciicast v2 file (asciinema play FILE)\n"
        "  --mask M          none (default) or causal: lesson 7's mask (key m)\n"
        "  --heads N         1 (default) or 2: lesson 7's heads (key h)\n"
        "  --view NAME       start on a screen (default: arcs), one of\n"
        "                   " VIEW_NAMES_TEXT "\n"
        "  --no-numbers      start with every number hidden (press n to show them)\n"
        "  --autoplay        start playing at once (press space to pause)\n"
        "  --speed X         autoplay speed, 0.25 to 4 (default 1)\n"
        "  --stage S         start at qkv, score, softmax or output (or 1-4)\n"
        "  --focus N         start with character N asking (1 = first)\n"
        "  --lang L          labels and --dump headings in en or zh (default: from the locale)\n"
        "  --ascii           draw with ASCII characters only, the characters by their pinyin\n"
        "                    (san jia wu deng yu ?); the default on TERM=linux and vt100\n"
        "  --no-ascii        draw braille and CJK even where TERM says linux or vt100\n"
        "  --keys FMT        print every key binding (markdown or man) and exit\n"
        "  --train           train the lesson's machine until ? answers the task's sentences\n"
        "                    (三加五等于? → 八) and write it with --save OUT; --model FILE starts\n"
        "                    from that file's weights\n"
        "  --task T          with --train: add (66 sentences, default) or all (217: 加减乘除)\n"
        "  --seed S          with --train: the seed of the starting weights (default 1)\n"
        "  --steps N         with --train: exactly N steps (default: until 100%, at most 5000\n"
        "                    on add, 10000 on all); 0 writes the starting model\n"
        "  --lr X            with --train: Adam's learning rate (default 0.02)\n"
        "  --save OUT        with --train: the model file to write\n"
        "  --overwrite       let --save replace an existing file\n"
        "  -h, --help        show this help and exit\n"
        "  -V, --version     show the version and exit\n"
        "\n"
        "Keys: space play/pause, arrows step and focus, Tab next screen, n numbers, ? help, q quit.\n";
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
    int stage = stage_from_name(s);
    if (stage < 0)
        return -1;
    *out = (Stage)stage;
    return 0;
}

/* "WxH" with 1 <= W, H <= 1000. */
static int parse_size(const char *s, int *w, int *h)
{
    char *end;
    long a = strtol(s, &end, 10);
    if (end == s || (*end != 'x' && *end != 'X'))
        return -1;
    const char *rest = end + 1;
    long b = strtol(rest, &end, 10);
    if (end == rest || *end != '\0' || a < 1 || b < 1 || a > 1000 || b > 1000)
        return -1;
    *w = (int)a;
    *h = (int)b;
    return 0;
}

/* The list of view names for messages: "arcs, matrix". */
static void view_names(char *buf, size_t cap)
{
    buf[0] = '\0';
    for (int v = 0; v < VIEW_COUNT; v++) {
        size_t used = strlen(buf);
        snprintf(buf + used, cap - used, "%s%s", v ? ", " : "", view_ops((ViewId)v)->name);
    }
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
    OPT_SPEED, OPT_STAGE, OPT_FOCUS, OPT_LANG, OPT_ASCII, OPT_PRINT, OPT_SIZE, OPT_COLOR, OPT_VIEW,
    OPT_MASK, OPT_HEADS, OPT_RECORD, OPT_EXPORT, OPT_KEYS, OPT_NO_ASCII,
    /* --train and its options (issue 18) */
    OPT_TRAIN = 1100, OPT_TASK, OPT_SEED, OPT_STEPS, OPT_LR, OPT_SAVE, OPT_OVERWRITE
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
    { "print",      no_argument,       NULL, OPT_PRINT },
    { "size",       required_argument, NULL, OPT_SIZE },
    { "color",      required_argument, NULL, OPT_COLOR },
    { "view",       required_argument, NULL, OPT_VIEW },
    { "mask",       required_argument, NULL, OPT_MASK },
    { "record",     required_argument, NULL, OPT_RECORD },
    { "heads",      required_argument, NULL, OPT_HEADS },
    { "export",     required_argument, NULL, OPT_EXPORT },
    { "keys",       required_argument, NULL, OPT_KEYS },
    { "no-ascii",   no_argument,       NULL, OPT_NO_ASCII },
    { "train",      no_argument,       NULL, OPT_TRAIN },
    { "task",       required_argument, NULL, OPT_TASK },
    { "seed",       required_argument, NULL, OPT_SEED },
    { "steps",      required_argument, NULL, OPT_STEPS },
    { "lr",         required_argument, NULL, OPT_LR },
    { "save",       required_argument, NULL, OPT_SAVE },
    { "overwrite",  no_argument,       NULL, OPT_OVERWRITE },
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
    o->view = -1;
    o->heads = 1;
    o->lang = LANG_AUTO;
    o->export_format = -1;
    o->keys = -1;
    o->task = -1;
    o->seed = 1;
    o->steps = -1;
}

/* ---------------------------------------------------------------- --train's options */

/* A whole number of digits only, at most max. */
static int parse_count(const char *s, unsigned long long max, unsigned long long *out)
{
    size_t n = strlen(s);
    if (n == 0 || n > 20 || strspn(s, "0123456789") != n)
        return -1;
    errno = 0;
    unsigned long long v = strtoull(s, NULL, 10);
    if (errno != 0 || v > max)
        return -1;
    *out = v;
    return 0;
}

static int cli_apply_train(Options *o, int c, const char *arg, char *err, size_t errlen)
{
    char q[CLI_QUOTE_BYTES];
    unsigned long long v;
    char *end;
    switch (c) {
    case OPT_TRAIN:     o->train = true; return 0;
    case OPT_OVERWRITE: o->overwrite = true; return 0;
    case OPT_SAVE:      o->save_path = arg; return 0;
    case OPT_TASK:
        o->task = task_from_name(arg);
        if (o->task >= 0) return 0;
        snprintf(err, errlen, "--task: '%s' is not a task: use add or all", text_escape(arg, q, sizeof q));
        return -1;
    case OPT_SEED:
        if (parse_count(arg, ~0ull, &o->seed) == 0) return 0;
        snprintf(err, errlen, "--seed: '%s' is not a seed: give a whole number from 0 to %llu",
                 text_escape(arg, q, sizeof q), ~0ull);
        return -1;
    case OPT_STEPS:
        if (parse_count(arg, 100000000ull, &v) == 0) { o->steps = (long)v; return 0; }
        snprintf(err, errlen, "--steps: '%s' is not a number of steps: give 0 to 100000000",
                 text_escape(arg, q, sizeof q));
        return -1;
    case OPT_LR:
        o->lr = strtod(arg, &end);
        if (end != arg && *end == '\0' && isfinite(o->lr) && o->lr > 0.0 && o->lr <= 10.0) return 0;
        snprintf(err, errlen, "--lr: '%s' is not a learning rate: give a number above 0, at most 10",
                 text_escape(arg, q, sizeof q));
        return -1;
    }
    snprintf(err, errlen, "internal error: option %d", c);
    return -1;
}

/* --train's options go with --train, and --train with --save and no other action. */
static int cli_check_train(const Options *o, char *err, size_t errlen)
{
    bool any = o->task >= 0 || o->seed != 1 || o->steps >= 0 || o->lr > 0.0;
    if (!o->train && o->export_format != EXPORT_PYTHON_TRAIN && (any || o->save_path)) {
        snprintf(err, errlen, "--task, --seed, --steps, --lr and --save go with --train "
                 "(try --train --save m.model)");
        return -1;
    }
    if (!o->train && o->save_path) {
        snprintf(err, errlen, "--save goes with --train");
        return -1;
    }
    if (o->steps > 100000 && o->export_format == EXPORT_PYTHON_TRAIN) {
        snprintf(err, errlen, "--steps: --export python-train redoes at most 100000 steps");
        return -1;
    }
    if (o->overwrite && !o->save_path && !o->record_path) {
        snprintf(err, errlen, "--overwrite goes with an output file (--save or --record)");
        return -1;
    }
    if (!o->train)
        return 0;
    if (!o->save_path) {
        snprintf(err, errlen, "--train needs --save OUT: the file to write the trained model to");
        return -1;
    }
    if (o->dump || o->print || o->export_format >= 0 || o->record_path) {
        snprintf(err, errlen, "--train and %s: choose one", o->dump ? "--dump" : o->print ? "--print" :
                 o->record_path ? "--record" : "--export");
        return -1;
    }
    return 0;
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
    case OPT_ASCII:      o->ascii = true; o->no_ascii = false; return 0;
    case OPT_NO_ASCII:   o->no_ascii = true; o->ascii = false; return 0;
    case OPT_PRINT:      o->print = true; return 0;
    case OPT_SIZE:
        if (parse_size(arg, &o->print_w, &o->print_h) == 0) return 0;
        snprintf(err, errlen, "--size: '%s' is not a size: give WxH, e.g. 120x40",
                 text_escape(arg, q, sizeof q));
        return -1;
    case OPT_COLOR:
        if (strcmp(arg, "always") == 0) { o->color = COLOR_ALWAYS; return 0; }
        if (strcmp(arg, "never") == 0) { o->color = COLOR_NEVER; return 0; }
        if (strcmp(arg, "auto") == 0) { o->color = COLOR_AUTO; return 0; }
        snprintf(err, errlen, "--color: '%s' is not a choice: use always, never or auto",
                 text_escape(arg, q, sizeof q));
        return -1;
    case OPT_RECORD:     o->record_path = arg; return 0;
    case OPT_MASK:
        if (strcmp(arg, "none") == 0) { o->mask = 0; return 0; }
        if (strcmp(arg, "causal") == 0) { o->mask = 1; return 0; }
        snprintf(err, errlen, "--mask: '%s' is not a mask: use none or causal",
                 text_escape(arg, q, sizeof q));
        return -1;
    case OPT_HEADS:
        if (strcmp(arg, "1") == 0 || strcmp(arg, "2") == 0) {
            o->heads = arg[0] - '0';
            o->heads_set = true;
            return 0;
        }
        snprintf(err, errlen, "--heads: '%s' is not a number of heads: use 1 or 2",
                 text_escape(arg, q, sizeof q));
        return -1;
    case OPT_VIEW: {
        char names[256];
        o->view = ui_view_from_name(arg);
        if (o->view >= 0) return 0;
        view_names(names, sizeof names);
        snprintf(err, errlen, "--view: '%s' is not a screen: use %s",
                 text_escape(arg, q, sizeof q), names);
        return -1;
    }
    case OPT_KEYS:
        if (strcmp(arg, "markdown") == 0) { o->keys = KEYDOC_MARKDOWN; return 0; }
        if (strcmp(arg, "man") == 0) { o->keys = KEYDOC_MAN; return 0; }
        snprintf(err, errlen, "--keys: '%s' is not a format: use markdown or man",
                 text_escape(arg, q, sizeof q));
        return -1;
    case OPT_EXPORT:
        o->export_format = export_format_from_name(arg);
        if (o->export_format >= 0) return 0;
        snprintf(err, errlen, "--export: '%s' is not a format: use %s",
                 text_escape(arg, q, sizeof q), export_format_names());
        return -1;
    case 'h':            o->help = true; return 0;
    case 'V':            o->version = true; return 0;
    case OPT_FORMAT:
        o->json = strcmp(arg, "json") == 0;
        o->model_text = strcmp(arg, "model") == 0;
        if (o->json || o->model_text || strcmp(arg, "text") == 0)
            return 0;
        snprintf(err, errlen, "--format: '%s' is not a format: use text, json or model",
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
        if (strcmp(arg, "en") == 0) { o->lang = LANG_EN; return 0; }
        if (strcmp(arg, "zh") == 0) { o->lang = LANG_ZH; return 0; }
        snprintf(err, errlen, "--lang: '%s' is not a language: use en or zh",
                 text_escape(arg, q, sizeof q));
        return -1;
    }
    if (c >= OPT_TRAIN)
        return cli_apply_train(o, c, arg, err, errlen);
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
    if ((o->json || o->model_text) && !o->dump) {
        snprintf(err, errlen, "--format goes with --dump (try --dump --format json)");
        return -1;
    }
    if (o->record_path && (o->dump || o->print)) {
        snprintf(err, errlen, "--record goes with the interactive program, not --dump or --print");
        return -1;
    }
    if (o->dump && o->print) {
        snprintf(err, errlen, "--dump and --print: choose one");
        return -1;
    }
    if (o->export_format >= 0 && (o->dump || o->print)) {
        snprintf(err, errlen, "--export and %s: choose one", o->dump ? "--dump" : "--print");
        return -1;
    }
    if ((o->print_w || o->color != COLOR_AUTO) && !o->print) {
        snprintf(err, errlen, "--size and --color go with --print (try --print --size 120x40)");
        return -1;
    }
    return cli_check_train(o, err, errlen);
}
