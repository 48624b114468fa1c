/* cli.h — the command line: options, their validation, and their one-line errors.
 * Owns: turning argv into Options. Must not touch: the terminal, the model's contents. */
#ifndef ATTN_CLI_H
#define ATTN_CLI_H

#include <stdbool.h>
#include <stddef.h>
#include "lang.h"
#include "stage.h"

/* --color: when --print writes ANSI colours. */
typedef enum {
    COLOR_AUTO = 0,    /* when standard output is a terminal and NO_COLOR is unset */
    COLOR_ALWAYS,      /* always */
    COLOR_NEVER        /* never */
} ColorWhen;

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
    Stage stage;             /* --stage qkv|score|softmax|output (or 1-4) */
    int focus;               /* --focus N (1-based on the command line, stored 0-based) */
    int view;                /* --view NAME as a ViewId, or -1 for the default */
    const char *record_path; /* --record FILE.cast: record the session (asciicast v2), or NULL */
    int mask;                /* --mask: 0 none, 1 causal (lesson 7's preview) */
    int heads;               /* --heads: 1 or 2 (lesson 7's preview) */
    Lang lang;               /* --lang: LANG_AUTO from the locale, LANG_EN, LANG_ZH */
    bool ascii;              /* --ascii (or ASCII chosen for the terminal): ASCII drawing */
    bool no_ascii;           /* --no-ascii: braille and CJK even on TERM=linux (the last of the two wins) */
    int export_format;       /* --export FMT: an ExportFormat (export.h), or -1 */
    /* --train (issue 18): train the lesson's machine without a terminal, write the model */
    bool train;              /* --train */
    int task;                /* --task add|all: a TaskId (task.h), -1 for the default (add) */
    unsigned long long seed; /* --seed S (default 1) */
    long steps;              /* --steps N: exactly N steps; -1: until 100% or the maximum */
    double lr;               /* --lr X (> 0); 0 for the default */
    const char *save_path;   /* --save OUT: where --train writes the model */
    bool overwrite;          /* --overwrite: an existing OUT may be replaced */
    bool heads_set;          /* --heads was given: it overrides a model's [heads] */
} Options;

/* Parses argv into *o. Returns 0, or -1 with a one-line message in err. */
int cli_parse(int argc, char **argv, Options *o, char *err, size_t errlen);

/* The --help text. */
const char *cli_usage(void);

#endif
