/* cli.c — turns argv into Options, with one clear line for every bad value.
 * Owns: option names, their defaults and validation; the --help text.
 * Must not touch: the terminal, the model, the engine. */
#include "cli.h"

#include "completion.h"
#include "export.h"
#include "grid.h"
#include "keydoc.h"
#include "player.h"
#include "task.h"
#include "ui.h"
#include "view.h"

#include <errno.h>
#include <getopt.h>
#include <stddef.h>
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
        "                    (the model in use, in the model-file format); with --print:\n"
        "                    text (default) or svg (a standalone SVG picture, for slides)\n"
        "  --export FMT      write a script that recomputes the five lines and checks them\n"
        "                    against attn-tui's numbers, and exit: python (run it with python3);\n"
        "                    python-train redoes --train's first steps (--steps, default 10)\n"
        "                    with PyTorch's autograd and Adam and checks the weights\n"
        "  --print           write the frame the other options describe as text, and exit\n"
        "  --size WxH        with --print: the frame's size, at most 1000x1000 (default: the\n"
        "                    terminal's, or 80x24)\n"
        "  --color WHEN      with --print: ANSI colours always, never or auto (default)\n"
        "  --record FILE     record the session as an asciicast v2 file (asciinema play FILE);\n"
        "                    an existing file is kept unless --overwrite, a link never followed\n"
        "  --overwrite       let --record (and every file the program writes) replace a file\n"
        "  --mask M          none (default) or causal: lesson 7's mask (key m)\n"
        "  --heads N         1 (default) or 2: lesson 7's heads (key h)\n"
        "  --view NAME       start on a screen (default: arcs), one of\n"
        "                   " VIEW_NAMES_TEXT "\n"
        "  --no-numbers      start with every number hidden (press n to show them)\n"
        "  --autoplay        start playing at once (press space to pause)\n"
        "  --speed X         autoplay speed, 0.25 to 4 (default 1)\n"
        "  --stage S         start at qkv, score, softmax or output (or 1-4; default softmax)\n"
        "  --focus N         start with character N asking (1 = first; default 等, the lesson's)\n"
        "  --tour            walk the lesson stop by stop (→ or space on, ← back, Esc leaves; key g)\n"
        "  --predict         autoplay asks you to predict before ③ and keeps a tally (key p)\n"
        "  --lang L          labels and --dump headings in en or zh (default: from the locale)\n"
        "  --theme T         colours: dark (default), light or contrast\n"
        "  --config FILE     read the defaults from FILE (default:\n"
        "                    $XDG_CONFIG_HOME/attn-tui/config, else ~/.config/attn-tui/config)\n"
        "  --no-config       read no config file\n"
        "  --ascii           draw with ASCII characters only, the characters by their pinyin\n"
        "                    (san jia wu deng yu ?); the default on TERM=linux and vt100\n"
        "  --no-ascii        draw braille and CJK even where TERM says linux or vt100\n"
        "  --keys FMT        print every key binding (markdown or man) and exit\n"
        "  --worksheet N     print N practice questions with their numbers, for paper, and exit\n"
        "  --answers         with --worksheet: the key, each worked solution and its answer\n"
        "  --seed S          the seed of the questions and of --train's starting weights\n"
        "                    (default 1): the same seed, the same questions and model\n"
        "  --set NAME[i][j]=VALUE  change one number of the model before the run: wq, wk, wv\n"
        "                    (row i, column j) or embedding[CHARACTER][j]; repeatable\n"
        "  --train           train the lesson's machine until ? answers the task's sentences\n"
        "                    (三加五等于? → 八) and write it with --save OUT; --model FILE starts\n"
        "                    from that file's weights\n"
        "  --task T          with --train: add (66 sentences, default) or all (217: 加减乘除)\n"
        "  --seed S          with --train: the seed of the starting weights (default 1)\n"
        "  --steps N         with --train: exactly N steps (default: until 100%, at most 5000\n"
        "                    on add, 10000 on all); 0 writes the starting model\n"
        "  --lr X            with --train: Adam's learning rate (default 0.02)\n"
        "  --save OUT        with --train: the model file to write\n"
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

/* "WxH" with 1 <= W, H <= GRID_MAX_SIDE. */
static int parse_size(const char *s, int *w, int *h)
{
    char *end;
    long a = strtol(s, &end, 10);
    if (end == s || (*end != 'x' && *end != 'X'))
        return -1;
    const char *rest = end + 1;
    long b = strtol(rest, &end, 10);
    if (end == rest || *end != '\0' || a < 1 || b < 1 || a > GRID_MAX_SIDE || b > GRID_MAX_SIDE)
        return -1;
    *w = (int)a;
    *h = (int)b;
    return 0;
}

/* The list of view names joined by sep: "arcs, matrix" for messages. */
static void view_names(char *buf, size_t cap, const char *sep)
{
    buf[0] = '\0';
    for (int v = 0; v < VIEW_COUNT; v++) {
        size_t used = strlen(buf);
        snprintf(buf + used, cap - used, "%s%s", v ? sep : "", view_ops((ViewId)v)->name);
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
    OPT_WORKSHEET, OPT_ANSWERS, OPT_SEED, OPT_SET,
    OPT_THEME, OPT_CONFIG, OPT_NO_CONFIG, OPT_COMPLETION,
    /* --train and its options (issue 18) */
    OPT_TRAIN = 1100, OPT_TASK, OPT_STEPS, OPT_LR, OPT_SAVE, OPT_OVERWRITE,
    OPT_TOUR, OPT_PREDICT
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
    { "overwrite",  no_argument,       NULL, OPT_OVERWRITE },
    { "heads",      required_argument, NULL, OPT_HEADS },
    { "export",     required_argument, NULL, OPT_EXPORT },
    { "keys",       required_argument, NULL, OPT_KEYS },
    { "no-ascii",   no_argument,       NULL, OPT_NO_ASCII },
    { "worksheet",  required_argument, NULL, OPT_WORKSHEET },
    { "answers",    no_argument,       NULL, OPT_ANSWERS },
    { "seed",       required_argument, NULL, OPT_SEED },
    { "set",        required_argument, NULL, OPT_SET },
    { "theme",      required_argument, NULL, OPT_THEME },
    { "config",     required_argument, NULL, OPT_CONFIG },
    { "no-config",  no_argument,       NULL, OPT_NO_CONFIG },
    { "completion", required_argument, NULL, OPT_COMPLETION },
    { "train",      no_argument,       NULL, OPT_TRAIN },
    { "task",       required_argument, NULL, OPT_TASK },
    { "steps",      required_argument, NULL, OPT_STEPS },
    { "lr",         required_argument, NULL, OPT_LR },
    { "save",       required_argument, NULL, OPT_SAVE },
    { "tour",       no_argument,       NULL, OPT_TOUR },
    { "predict",    no_argument,       NULL, OPT_PREDICT },
    { "help",       no_argument,       NULL, 'h' },
    { "version",    no_argument,       NULL, 'V' },
    { NULL, 0, NULL, 0 },
};

/* ---------------------------------------------------------------- practice and what-if */

/* A whole number 0 .. 2^64-1 in decimal, nothing else. */
static int parse_seed(const char *s, unsigned long long *out)
{
    char *end;
    if (*s < '0' || *s > '9')
        return -1;
    errno = 0;
    unsigned long long v = strtoull(s, &end, 10);
    if (*end != '\0' || errno == ERANGE)
        return -1;
    *out = v;
    return 0;
}

/* The options of issue 17: --worksheet, --answers, --seed, --set. Returns 0, -1 with err
 * filled, or 1 when c is not one of them. */
static int cli_apply_practice(Options *o, int c, const char *arg, char *err, size_t errlen)
{
    char q[CLI_QUOTE_BYTES];
    switch (c) {
    case OPT_WORKSHEET: {
        char *end;
        long n = strtol(arg, &end, 10);
        if (end != arg && *end == '\0' && n >= 1 && n <= CLI_MAX_WORKSHEET) {
            o->worksheet = (int)n;
            return 0;
        }
        snprintf(err, errlen, "--worksheet: '%s' is not a number of questions: give 1 to %d",
                 text_escape(arg, q, sizeof q), CLI_MAX_WORKSHEET);
        return -1;
    }
    case OPT_ANSWERS: o->answers = true; return 0;
    case OPT_SEED:
        if (parse_seed(arg, &o->seed) == 0) { o->seed_set = true; return 0; }
        snprintf(err, errlen, "--seed: '%s' is not a seed: give a whole number 0 or more",
                 text_escape(arg, q, sizeof q));
        return -1;
    case OPT_SET:
        if (o->n_sets < CLI_MAX_SETS) { o->sets[o->n_sets++] = arg; return 0; }
        snprintf(err, errlen, "--set: more than %d changes", CLI_MAX_SETS);
        return -1;
    }
    return 1;
}

/* What shell completion and the documents say of each option: one row per option of
 * long_options (the order does not matter; test_cli fails on an option without a row).
 * Rows of options another branch adds are kept here ready: an unused row is harmless. */
static const CliOptionDoc option_docs[] = {
    { "sentence",   0,   CLI_VALUE_FREE,   NULL, "the sentence to run", false },
    { "model",      0,   CLI_VALUE_FILE,   NULL, "a model file", false },
    { "dump",       0,   CLI_VALUE_NONE,   NULL, "print every table and exit", false },
    { "format",     0,   CLI_VALUE_WORDS,  "text json model svg",
      "the format of --dump or --print", false },
    { "no-numbers", 0,   CLI_VALUE_NONE,   NULL, "start with every number hidden", false },
    { "autoplay",   0,   CLI_VALUE_NONE,   NULL, "start playing at once", false },
    { "speed",      0,   CLI_VALUE_FREE,   NULL, "autoplay speed, 0.25 to 4", false },
    { "stage",      0,   CLI_VALUE_STAGES, NULL, "the stage to start at", false },
    { "focus",      0,   CLI_VALUE_FREE,   NULL, "the asking character, 1 for the first", false },
    { "lang",       0,   CLI_VALUE_WORDS,  "en zh", "labels in English or Chinese", false },
    { "ascii",      0,   CLI_VALUE_NONE,   NULL, "draw with ASCII characters only", false },
    { "print",      0,   CLI_VALUE_NONE,   NULL, "write one frame and exit", false },
    { "size",       0,   CLI_VALUE_FREE,   NULL, "the size of --print, WxH", false },
    { "color",      0,   CLI_VALUE_WORDS,  "auto always never", "ANSI colours with --print", false },
    { "view",       0,   CLI_VALUE_VIEWS,  NULL, "the screen to start on", false },
    { "mask",       0,   CLI_VALUE_WORDS,  "none causal", "the causal mask of lesson 7", false },
    { "record",     0,   CLI_VALUE_FILE,   NULL, "record the session as an asciicast", false },
    { "heads",      0,   CLI_VALUE_WORDS,  "1 2", "the heads of lesson 7", false },
    { "export",     0,   CLI_VALUE_WORDS,  "python", "write a script that checks the numbers", false },
    { "keys",       0,   CLI_VALUE_WORDS,  "markdown man", "print every key binding and exit", false },
    { "no-ascii",   0,   CLI_VALUE_NONE,   NULL, "draw braille and CJK on any terminal", false },
    { "theme",      0,   CLI_VALUE_WORDS,  "dark light contrast", "the colour theme", false },
    { "config",     0,   CLI_VALUE_FILE,   NULL, "read the defaults from this file", false },
    { "no-config",  0,   CLI_VALUE_NONE,   NULL, "read no config file", false },
    { "completion", 0,   CLI_VALUE_WORDS,  "bash zsh fish", "print a shell completion script", true },
    { "overwrite",  0,   CLI_VALUE_NONE,   NULL, "replace an existing output file", false },
    { "train",      0,   CLI_VALUE_NONE,   NULL, "train the model", false },
    { "save",       0,   CLI_VALUE_FILE,   NULL, "save the trained model to this file", false },
    { "seed",       0,   CLI_VALUE_FREE,   NULL, "the seed of the questions and of training", false },
    { "task",       0,   CLI_VALUE_WORDS,  "add all", "the task to train on", false },
    { "steps",      0,   CLI_VALUE_FREE,   NULL, "the number of training steps", false },
    { "lr",         0,   CLI_VALUE_FREE,   NULL, "the learning rate of training", false },
    { "worksheet",  0,   CLI_VALUE_FREE,   NULL, "print N practice questions and exit", false },
    { "answers",    0,   CLI_VALUE_NONE,   NULL, "with --worksheet the worked answers", false },
    { "set",        0,   CLI_VALUE_FREE,   NULL, "set one number of the model", false },
    { "tour",       0,   CLI_VALUE_NONE,   NULL, "walk the lesson stop by stop", false },
    { "predict",    0,   CLI_VALUE_NONE,   NULL, "autoplay asks you to predict first", false },
    { "help",       'h', CLI_VALUE_NONE,   NULL, "show the help and exit", false },
    { "version",    'V', CLI_VALUE_NONE,   NULL, "show the version and exit", false },
};

int cli_option_doc(int i, CliOptionDoc *out)
{
    int count = (int)(sizeof long_options / sizeof long_options[0]) - 1;
    if (i < 0 || i >= count)
        return -1;
    const struct option *lo = &long_options[i];
    for (size_t k = 0; k < sizeof option_docs / sizeof option_docs[0]; k++)
        if (strcmp(option_docs[k].name, lo->name) == 0) {
            *out = option_docs[k];
            return 0;
        }
    *out = (CliOptionDoc){ lo->name, 0, lo->has_arg == no_argument ? CLI_VALUE_NONE : CLI_VALUE_FREE,
                           NULL, NULL, false };
    return 0;
}

void cli_option_words(const CliOptionDoc *d, char *buf, size_t cap)
{
    buf[0] = '\0';
    if (d->value == CLI_VALUE_WORDS && d->words)
        snprintf(buf, cap, "%s", d->words);
    else if (d->value == CLI_VALUE_VIEWS)
        view_names(buf, cap, " ");
    else if (d->value == CLI_VALUE_STAGES)
        for (int s = 0; s < STAGE_COUNT; s++) {
            size_t used = strlen(buf);
            snprintf(buf + used, cap - used, "%s%s", s ? " " : "", stage_info((Stage)s)->cli);
        }
}

void cli_defaults(Options *o)
{
    memset(o, 0, sizeof *o);
    o->numbers = true;
    o->speed = 1.0;
    o->stage = STAGE_SOFTMAX;   /* the opening picture: 等 asking at ③ */
    o->focus = -1;
    o->view = -1;
    o->heads = 1;
    o->lang = LANG_AUTO;
    o->export_format = -1;
    o->keys = -1;
    o->theme = THEME_DARK;
    o->completion = -1;
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
    bool any = o->task >= 0 || o->steps >= 0 || o->lr > 0.0;
    if (!o->train && o->export_format != EXPORT_PYTHON_TRAIN && (any || o->save_path)) {
        snprintf(err, errlen, "--task, --steps, --lr and --save go with --train "
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

/* ---------------------------------------------------------------- applying one option */

/* Every applier sets one option's fields from its value (NULL for an option without
 * one); returns 0 or -1 with err filled. A bad value is quoted with its control
 * characters escaped (a message is one line, and an escape sequence must not reach the
 * terminal) and cut to CLI_QUOTE_BYTES. */
typedef int (*CliApplyFn)(Options *o, const char *arg, char *err, size_t errlen);

/* One word of an option that takes one of a few words, and the value it means. */
typedef struct {
    const char *word;   /* the word as typed, e.g. "always" */
    int value;          /* what it sets, e.g. COLOR_ALWAYS */
} CliWord;

/* Fills err with "--OPTION: 'ARG' is not WHAT: USE" and returns -1. */
static int cli_bad_value(const char *option, const char *arg, const char *what, const char *use,
                         char *err, size_t errlen)
{
    char q[CLI_QUOTE_BYTES];
    snprintf(err, errlen, "--%s: '%s' is not %s: %s", option, text_escape(arg, q, sizeof q), what, use);
    return -1;
}

/* *out = the value of the word arg among words (ended by a NULL word): 0, or -1 when it
 * is none of them (err not filled: the caller says what the option wanted). */
static int cli_word(const char *arg, const CliWord *words, int *out)
{
    for (const CliWord *w = words; w->word; w++)
        if (strcmp(arg, w->word) == 0) {
            *out = w->value;
            return 0;
        }
    return -1;
}

static int apply_sentence(Options *o, const char *arg, char *err, size_t errlen)
{
    (void)err; (void)errlen;
    o->sentence = arg;
    return 0;
}

static int apply_model(Options *o, const char *arg, char *err, size_t errlen)
{
    (void)err; (void)errlen;
    o->model_path = arg;
    return 0;
}

static int apply_record(Options *o, const char *arg, char *err, size_t errlen)
{
    (void)err; (void)errlen;
    o->record_path = arg;
    return 0;
}

static int apply_config(Options *o, const char *arg, char *err, size_t errlen)
{
    (void)err; (void)errlen;
    o->config_path = arg;
    return 0;
}

static int apply_ascii(Options *o, const char *arg, char *err, size_t errlen)
{
    (void)arg; (void)err; (void)errlen;
    o->ascii = true;
    o->no_ascii = false;
    return 0;
}

static int apply_no_ascii(Options *o, const char *arg, char *err, size_t errlen)
{
    (void)arg; (void)err; (void)errlen;
    o->no_ascii = true;
    o->ascii = false;
    return 0;
}

static int apply_size(Options *o, const char *arg, char *err, size_t errlen)
{
    char use[64];
    if (parse_size(arg, &o->print_w, &o->print_h) == 0)
        return 0;
    snprintf(use, sizeof use, "give WxH from 1x1 to %dx%d, e.g. 120x40", GRID_MAX_SIDE, GRID_MAX_SIDE);
    return cli_bad_value("size", arg, "a size", use, err, errlen);
}

static int apply_color(Options *o, const char *arg, char *err, size_t errlen)
{
    static const CliWord words[] = {
        { "always", COLOR_ALWAYS }, { "never", COLOR_NEVER }, { "auto", COLOR_AUTO }, { NULL, 0 },
    };
    int v;
    if (cli_word(arg, words, &v) == 0) { o->color = (ColorWhen)v; return 0; }
    return cli_bad_value("color", arg, "a choice", "use always, never or auto", err, errlen);
}

static int apply_mask(Options *o, const char *arg, char *err, size_t errlen)
{
    static const CliWord words[] = { { "none", 0 }, { "causal", 1 }, { NULL, 0 } };
    if (cli_word(arg, words, &o->mask) == 0) return 0;
    return cli_bad_value("mask", arg, "a mask", "use none or causal", err, errlen);
}

static int apply_heads(Options *o, const char *arg, char *err, size_t errlen)
{
    static const CliWord words[] = { { "1", 1 }, { "2", 2 }, { NULL, 0 } };
    if (cli_word(arg, words, &o->heads) == 0) return 0;
    return cli_bad_value("heads", arg, "a number of heads", "use 1 or 2", err, errlen);
}

static int apply_view(Options *o, const char *arg, char *err, size_t errlen)
{
    char names[256], use[272];
    o->view = ui_view_from_name(arg);
    if (o->view >= 0) return 0;
    view_names(names, sizeof names, ", ");
    snprintf(use, sizeof use, "use %s", names);
    return cli_bad_value("view", arg, "a screen", use, err, errlen);
}

static int apply_keys(Options *o, const char *arg, char *err, size_t errlen)
{
    static const CliWord words[] = { { "markdown", KEYDOC_MARKDOWN }, { "man", KEYDOC_MAN }, { NULL, 0 } };
    if (cli_word(arg, words, &o->keys) == 0) return 0;
    return cli_bad_value("keys", arg, "a format", "use markdown or man", err, errlen);
}

static int apply_export(Options *o, const char *arg, char *err, size_t errlen)
{
    char use[160];
    o->export_format = export_format_from_name(arg);
    if (o->export_format >= 0) return 0;
    snprintf(use, sizeof use, "use %s", export_format_names());
    return cli_bad_value("export", arg, "a format", use, err, errlen);
}

static int apply_theme(Options *o, const char *arg, char *err, size_t errlen)
{
    static const CliWord words[] = {
        { "dark", THEME_DARK }, { "light", THEME_LIGHT }, { "contrast", THEME_CONTRAST }, { NULL, 0 },
    };
    int v;
    if (cli_word(arg, words, &v) == 0) { o->theme = (Theme)v; o->theme_set = true; return 0; }
    return cli_bad_value("theme", arg, "a theme", "use dark, light or contrast", err, errlen);
}

static int apply_completion(Options *o, const char *arg, char *err, size_t errlen)
{
    o->completion = completion_shell_from_name(arg);
    if (o->completion >= 0) return 0;
    return cli_bad_value("completion", arg, "a shell", "use bash, zsh or fish", err, errlen);
}

static int apply_format(Options *o, const char *arg, char *err, size_t errlen)
{
    o->json = strcmp(arg, "json") == 0;
    o->model_text = strcmp(arg, "model") == 0;
    o->svg = strcmp(arg, "svg") == 0;
    if (o->json || o->model_text || o->svg || strcmp(arg, "text") == 0)
        return 0;
    return cli_bad_value("format", arg, "a format", "use text, json, model or svg", err, errlen);
}

static int apply_speed(Options *o, const char *arg, char *err, size_t errlen)
{
    if (parse_speed(arg, &o->speed) == 0) return 0;
    return cli_bad_value("speed", arg, "a speed", "give a number from 0.25 to 4", err, errlen);
}

static int apply_stage(Options *o, const char *arg, char *err, size_t errlen)
{
    if (parse_stage(arg, &o->stage) == 0) return 0;
    return cli_bad_value("stage", arg, "a stage", "use qkv, score, softmax or output (or 1-4)", err, errlen);
}

static int apply_focus(Options *o, const char *arg, char *err, size_t errlen)
{
    if (parse_focus(arg, &o->focus) == 0) return 0;
    return cli_bad_value("focus", arg, "a character number", "give 1 to 16", err, errlen);
}

static int apply_lang(Options *o, const char *arg, char *err, size_t errlen)
{
    static const CliWord words[] = { { "en", LANG_EN }, { "zh", LANG_ZH }, { NULL, 0 } };
    int v;
    if (cli_word(arg, words, &v) == 0) { o->lang = (Lang)v; return 0; }
    return cli_bad_value("lang", arg, "a language", "use en or zh", err, errlen);
}

/* One option without a value that sets one bool of Options. */
typedef struct {
    int opt;         /* its getopt value */
    size_t field;    /* offsetof the bool in Options */
    bool value;      /* what it sets the bool to */
} CliFlag;

static const CliFlag cli_flags[] = {
    { OPT_DUMP,       offsetof(Options, dump),      true },
    { OPT_NO_NUMBERS, offsetof(Options, numbers),   false },
    { OPT_AUTOPLAY,   offsetof(Options, autoplay),  true },
    { OPT_PRINT,      offsetof(Options, print),     true },
    { OPT_NO_CONFIG,  offsetof(Options, no_config), true },
    { OPT_TOUR,       offsetof(Options, tour),      true },
    { OPT_PREDICT,    offsetof(Options, predict),   true },
    { 'h',            offsetof(Options, help),      true },
    { 'V',            offsetof(Options, version),   true },
};

/* One option with its applier. */
typedef struct {
    int opt;            /* its getopt value */
    CliApplyFn apply;   /* what sets its fields */
} CliApplier;

static const CliApplier cli_appliers[] = {
    { OPT_SENTENCE,   apply_sentence },
    { OPT_MODEL,      apply_model },
    { OPT_ASCII,      apply_ascii },
    { OPT_NO_ASCII,   apply_no_ascii },
    { OPT_SIZE,       apply_size },
    { OPT_COLOR,      apply_color },
    { OPT_RECORD,     apply_record },
    { OPT_MASK,       apply_mask },
    { OPT_HEADS,      apply_heads },
    { OPT_VIEW,       apply_view },
    { OPT_KEYS,       apply_keys },
    { OPT_EXPORT,     apply_export },
    { OPT_THEME,      apply_theme },
    { OPT_CONFIG,     apply_config },
    { OPT_COMPLETION, apply_completion },
    { OPT_FORMAT,     apply_format },
    { OPT_SPEED,      apply_speed },
    { OPT_STAGE,      apply_stage },
    { OPT_FOCUS,      apply_focus },
    { OPT_LANG,       apply_lang },
};

/* Applies one recognised option: a flag, an applier, or one of practice's or --train's
 * options; returns 0 or -1 with err filled. */
static int cli_apply(Options *o, int c, const char *arg, char *err, size_t errlen)
{
    int practice = cli_apply_practice(o, c, arg, err, errlen);
    if (practice <= 0)
        return practice;
    for (size_t i = 0; i < sizeof cli_flags / sizeof cli_flags[0]; i++)
        if (cli_flags[i].opt == c) {
            *(bool *)((char *)o + cli_flags[i].field) = cli_flags[i].value;
            return 0;
        }
    for (size_t i = 0; i < sizeof cli_appliers / sizeof cli_appliers[0]; i++)
        if (cli_appliers[i].opt == c)
            return cli_appliers[i].apply(o, arg, err, errlen);
    if (c >= OPT_TRAIN)
        return cli_apply_train(o, c, arg, err, errlen);
    snprintf(err, errlen, "internal error: option %d", c);
    return -1;
}

/* The CLI_GIVEN_* bit option c sets, or 0. */
static unsigned cli_given_bit(int c)
{
    switch (c) {
    case OPT_LANG:       return CLI_GIVEN_LANG;
    case OPT_THEME:      return CLI_GIVEN_THEME;
    case OPT_VIEW:       return CLI_GIVEN_VIEW;
    case OPT_SPEED:      return CLI_GIVEN_SPEED;
    case OPT_ASCII:
    case OPT_NO_ASCII:   return CLI_GIVEN_ASCII;
    case OPT_NO_NUMBERS: return CLI_GIVEN_NUMBERS;
    case OPT_MASK:       return CLI_GIVEN_MASK;
    case OPT_HEADS:      return CLI_GIVEN_HEADS;
    case OPT_MODEL:      return CLI_GIVEN_MODEL;
    default:             return 0;
    }
}

int cli_apply_named(Options *o, const char *name, const char *value, char *err, size_t errlen)
{
    for (const struct option *lo = long_options; lo->name; lo++) {
        if (strcmp(lo->name, name) != 0)
            continue;
        if ((lo->has_arg == no_argument) != (value == NULL))
            break;
        return cli_apply(o, lo->val, value, err, errlen);
    }
    snprintf(err, errlen, "internal error: option %s", name);
    return -1;
}

int cli_parse(int argc, char **argv, Options *o, char *err, size_t errlen)
{
    cli_defaults(o);
    o->prog = argc > 0 && argv[0] && argv[0][0] ? argv[0] : NULL;
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
        o->given |= cli_given_bit(c);
    }
    if (optind < argc) {
        char word[CLI_QUOTE_BYTES];
        snprintf(err, errlen, "unexpected argument '%s' (try --help)",
                 text_escape(argv[optind], word, sizeof word));
        return -1;
    }
    if (o->svg && !o->print) {
        snprintf(err, errlen, "--format svg goes with --print (try --print --format svg)");
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
    if (o->answers && !o->worksheet) {
        snprintf(err, errlen, "--answers goes with --worksheet (try --worksheet 10 --answers)");
        return -1;
    }
    if (o->worksheet && (o->dump || o->print || o->export_format >= 0)) {
        snprintf(err, errlen, "--worksheet and %s: choose one",
                 o->dump ? "--dump" : o->print ? "--print" : "--export");
        return -1;
    }
    if ((o->print_w || o->color != COLOR_AUTO) && !o->print) {
        snprintf(err, errlen, "--size and --color go with --print (try --print --size 120x40)");
        return -1;
    }
    return cli_check_train(o, err, errlen);
}
