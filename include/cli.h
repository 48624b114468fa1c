/* cli.h — the command line: options, their validation, and their one-line errors.
 * Owns: turning argv into Options. Must not touch: the terminal, the model's contents. */
#ifndef ATTN_CLI_H
#define ATTN_CLI_H

#include <stdbool.h>
#include <stddef.h>
#include "lang.h"
#include "stage.h"
#include "theme.h"

/* --color: when --print writes ANSI colours. */
typedef enum {
    COLOR_AUTO = 0,    /* when standard output is a terminal and NO_COLOR is unset */
    COLOR_ALWAYS,      /* always */
    COLOR_NEVER        /* never */
} ColorWhen;

#define CLI_MAX_SETS 64       /* --set options accepted (EDIT_MAX) */
#define CLI_MAX_WORKSHEET 500 /* most questions one --worksheet prints */

typedef struct {
    const char *sentence;    /* --sentence, or NULL for the model's own sentence */
    const char *model_path;  /* --model, or NULL for the compiled-in model */
    bool dump;               /* --dump: print every table and exit */
    bool json;               /* --format json (with --dump) */
    bool print;              /* --print: write one frame as text and exit */
    int print_w;             /* --size W (0: the terminal's, or 80) */
    int print_h;             /* --size H (0: the terminal's, or 24) */
    ColorWhen color;         /* --color */
    bool model_text;         /* --format model (with --dump): the model in its file format */
    bool help;               /* --help */
    int keys;                /* --keys: -1, or a KeyDocFormat (print every key binding and exit) */
    bool version;            /* --version */
    bool numbers;            /* start with numbers shown (--no-numbers clears it) */
    bool autoplay;           /* --autoplay: start playing */
    double speed;            /* --speed, PLAYER_SPEED_MIN..MAX */
    Stage stage;             /* --stage qkv|score|softmax|output (or 1-4); ③ softmax by default
                                (the opening picture) */
    int focus;               /* --focus N (1-based on the command line, stored 0-based), or -1:
                                the lesson's asker, 等 (lesson_asker) */
    int view;                /* --view NAME as a ViewId, or -1 for the default */
    const char *record_path; /* --record FILE.cast: record the session (asciicast v2), or NULL */
    bool overwrite;          /* --overwrite: a file the program writes may replace one */
    int mask;                /* --mask: 0 none, 1 causal (lesson 7's preview) */
    int heads;               /* --heads: 1 or 2 (lesson 7's preview) */
    Lang lang;               /* --lang: LANG_AUTO from the locale, LANG_EN, LANG_ZH */
    Lang says;               /* the language of cli_parse's messages: --lang's anywhere in argv
                                (read before the other options), else the locale's */
    bool ascii;              /* --ascii (or ASCII chosen for the terminal): ASCII drawing */
    bool no_ascii;           /* --no-ascii: braille and CJK even on TERM=linux (the last of the two wins) */
    int export_format;       /* --export FMT: an ExportFormat (export.h), or -1 */
    /* practice, worksheets and what-if */
    int worksheet;           /* --worksheet N: print N questions and exit (0: not asked) */
    bool answers;            /* --answers: with --worksheet, the key with worked solutions */
    unsigned long long seed; /* --seed S: the questions' and training's seed (default 1) */
    bool seed_set;           /* --seed was given */
    int n_sets;              /* --set NAME[i][j]=VALUE options given */
    const char *sets[CLI_MAX_SETS]; /* their texts, in order (main applies them to the model) */
    bool svg;                /* --format svg (with --print): the frame as a standalone SVG */
    bool chrome;             /* --chrome (with --print --format svg): keep the view bar and the
                                status line, which a slide leaves out */
    bool pdf;                /* --format pdf (with --worksheet): the sheet as a PDF */
    const char *output_path; /* --output FILE: where --format pdf writes (never a terminal) */
    Theme theme;             /* --theme dark|light|contrast */
    bool theme_set;          /* --theme or the config's theme chose it: the default theme
                                no longer follows the terminal's background */
    const char *config_path; /* --config FILE, or NULL for $XDG_CONFIG_HOME/attn-tui/config */
    bool no_config;          /* --no-config: read no config file */
    int completion;          /* --completion SHELL (hidden): a CompletionShell, or -1 */
    unsigned given;          /* CLI_GIVEN_* bits: which defaults the command line set (the
                                config file and the model's own defaults fill the others) */
    /* --train: train the lesson's machine without a terminal, write the model */
    bool train;              /* --train */
    int task;                /* --task add|all: a TaskId (task.h), -1 for the default (add) */
    long steps;              /* --steps N: exactly N steps; -1: until 100% or the maximum */
    double lr;               /* --lr X (> 0); 0 for the default */
    const char *save_path;   /* --save OUT: where --train writes the model */
    /* the guided tour and predict-then-reveal (issues 15, 17) */
    bool tour;               /* --tour: start the guided tour at its first stop */
    bool predict;            /* --predict: autoplay asks at ①, before the scores show */
    bool check;              /* --check: open the concept check; print its scores on leaving */
    bool no_history;         /* --no-history: read and write no practice history */
    const char *prog;        /* argv[0] as the user typed it ("./attn-tui", "attn-tui"): what
                                text on screen names the command by; NULL: "attn-tui" */
    /* a layered model: training it on poems, writing with it (poem_cmd.h) */
    const char *corpus_path; /* --corpus FILE: the poems --train --task poems reads (NULL: the
                                Debian file, corpus.h) */
    const char *generate;    /* --generate TEXT: continue TEXT with a layered model, or NULL */
    long chars;              /* --chars N: characters --generate writes; -1: to the end mark
                                or the context */
    double temperature;      /* --temperature T: 0 greedy (default), else sampled */
} Options;

/* --task poems: the value of Options.task that trains a layered model on a poem corpus, the
 * word after the lesson's tasks (their TaskId values are below it: TASK_COUNT). */
#define CLI_TASK_POEMS 2

/* LANG_ZH when the locale is Chinese (LC_ALL, else LC_MESSAGES, else LANG starts "zh"),
 * else LANG_EN: the language of --lang auto. */
Lang cli_lang_from_env(void);

/* The defaults a config file may set (config.h), one bit each in Options.given once the
 * command line has set them. */
enum {
    CLI_GIVEN_LANG = 1u << 0,     /* --lang */
    CLI_GIVEN_THEME = 1u << 1,    /* --theme */
    CLI_GIVEN_VIEW = 1u << 2,     /* --view */
    CLI_GIVEN_SPEED = 1u << 3,    /* --speed */
    CLI_GIVEN_ASCII = 1u << 4,    /* --ascii or --no-ascii */
    CLI_GIVEN_NUMBERS = 1u << 5,  /* --no-numbers */
    CLI_GIVEN_MASK = 1u << 6,     /* --mask */
    CLI_GIVEN_HEADS = 1u << 7,    /* --heads */
    CLI_GIVEN_MODEL = 1u << 8,    /* --model */
    CLI_GIVEN_COUNT = 9           /* how many bits: a new key's bit is 1u << CLI_GIVEN_COUNT,
                                     and CLI_GIVEN_COUNT one more */
};

/* What an option's value is, for shell completion. */
typedef enum {
    CLI_VALUE_NONE = 0,   /* a flag: no value */
    CLI_VALUE_WORDS,      /* one of a few words (cli_option_words) */
    CLI_VALUE_FILE,       /* a file name */
    CLI_VALUE_FREE        /* anything (a sentence, a number) */
} CliValueKind;

/* One option as completion and the documents describe it. */
typedef struct {
    const char *name;     /* the long name, without "--" */
    char short_name;      /* its one-letter form ('h'), or 0 */
    CliValueKind value;   /* what its value is */
    const char *help;     /* a short description (no quotes, brackets or colons) */
    bool hidden;          /* left out of completion and --help (--completion itself) */
    int row;              /* its row of the option table, for cli_option_words */
} CliOptionDoc;

/* Fills *out with the i-th option of the command line (in --help's order) and returns 0,
 * or returns -1 past the last. */
int cli_option_doc(int i, CliOptionDoc *out);

/* The values an option takes, separated by single spaces, into buf (cap bytes): its words
 * (a view's or a stage's name …); "" for other kinds. */
void cli_option_words(const CliOptionDoc *d, char *buf, size_t cap);

/* One key of the config file: the option (or the two flags) it stands for, from the rows of
 * the option table that name it. */
typedef struct {
    const char *key;      /* as the file writes it: "lang", "numbers" */
    unsigned bit;         /* its CLI_GIVEN_* bit */
    const char *option;   /* the option whose value it takes ("lang"), or NULL: a key of yes or no */
    const char *yes;      /* a key of yes or no: the flag "yes" means ("ascii"), or NULL (the default) */
    const char *no;       /* the flag "no" means ("no-ascii", "no-numbers"), or NULL (the default);
                             with both, "auto" means neither */
    bool path;            /* its value is a file name (a leading ~/ is $HOME/) */
} CliKey;

/* Fills *out with the config key of bit (one CLI_GIVEN_* bit) and returns 0, or returns -1
 * when no option has a key with that bit. */
int cli_config_key(unsigned bit, CliKey *out);

/* Applies one option as the command line's --NAME VALUE would (VALUE NULL for a flag),
 * without marking it given: for the config file. Returns 0, or -1 with the message
 * --NAME's bad value gets on the command line. */
int cli_apply_named(Options *o, const char *name, const char *value, char *err, size_t errlen);

/* The defaults before any option. */
void cli_defaults(Options *o);

/* Parses argv into *o. Returns 0, or -1 with a one-line message in err. */
int cli_parse(int argc, char **argv, Options *o, char *err, size_t errlen);

/* The same, its messages in says (the config file's lang, main_config_lang) when argv has no
 * --lang; LANG_AUTO: the locale's, as cli_parse. */
int cli_parse_says(int argc, char **argv, Lang says, Options *o, char *err, size_t errlen);

#define CLI_USAGE_BYTES 16384   /* room for the --help text in either language */

/* Writes the --help text into buf (cap bytes, always terminated), in Chinese when lang is
 * LANG_ZH (main passes o->says: --lang in argv, else the locale), else in English: every
 * option's row, wrapped to 79 columns (display columns: a CJK character takes two).
 * Returns the text's length; cap or more when it was cut. */
size_t cli_usage(Lang lang, char *buf, size_t cap);

#endif
