/* cli.c — turns argv into Options, with one clear line for every bad value.
 * Owns: the options (the rows of cli_options.h: names, values, refusals, help texts, config
 * keys), their defaults, the rules between them, the --help text and shell completion's table.
 * Must not touch: the terminal, the model, the engine. */
#include "cli.h"

#include "completion.h"
#include "export.h"
#include "grid.h"
#include "keydoc.h"
#include "number.h"
#include "player.h"
#include "task.h"
#include "text.h"
#include "view.h"
#include "wrap.h"

#include <errno.h>
#include <getopt.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define CLI_QUOTE_BYTES 160   /* most bytes of a user's word quoted in a message */
#define CLI_OPT_BASE 1000     /* getopt's value of the first row: above every short option */
#define CLI_HELP_COLUMNS 79   /* --help's lines fit an 80-column terminal */
#define CLI_HELP_INDENT 20    /* the column an option's description starts at */
#define CLI_HELP_LINES 32     /* most lines one option's description takes */

/* A message in the language of o's messages (o->says). */
#define CLI_SAY(o, en, zh) LANG_PICK((o)->says, en, zh)

Lang cli_lang_from_env(void)
{
    const char *vars[] = { "LC_ALL", "LC_MESSAGES", "LANG" };
    for (size_t i = 0; i < sizeof vars / sizeof vars[0]; i++) {
        const char *v = getenv(vars[i]);
        if (v && *v)
            return strncmp(v, "zh", 2) == 0 ? LANG_ZH : LANG_EN;
    }
    return LANG_EN;
}

/* The language of the messages about argv, known before any option is applied (a message
 * about the first option comes before a --lang after it): the last --lang zh|en (or
 * --lang=…) in argv, else fallback (the config file's lang), else the locale's. */
static Lang cli_message_lang(int argc, char **argv, Lang fallback)
{
    Lang says = LANG_AUTO;
    for (int i = 1; i < argc; i++) {
        const char *v = NULL;
        if (strcmp(argv[i], "--") == 0)
            break;
        if (strcmp(argv[i], "--lang") == 0 && i + 1 < argc)
            v = argv[++i];
        else if (strncmp(argv[i], "--lang=", 7) == 0)
            v = argv[i] + 7;
        if (v && strcmp(v, "zh") == 0)
            says = LANG_ZH;
        else if (v && strcmp(v, "en") == 0)
            says = LANG_EN;
    }
    if (says == LANG_AUTO)
        says = fallback;
    return says == LANG_AUTO ? cli_lang_from_env() : says;
}

/* ---------------------------------------------------------------- the row */

/* Every option is one row of cli_rows (htop's action table), made from its row of
 * CLI_OPTIONS: its names, the field of Options it sets, the function that reads its value
 * into that field, the words it takes, the message a value it refuses gets, its texts for
 * completion and --help in both languages, its config key. cli_apply finds the row and runs
 * it. */

typedef struct CliOption CliOption;

/* Reads arg (NULL for an option without a value) into the field row sets (and any field
 * that goes with it, named in the function's comment); 0, or -1 when arg is not a value
 * of the option (the row's message says so). */
typedef int (*CliParseFn)(const CliOption *row, Options *o, const char *arg);

/* Writes the end of a refusal that is known only at run time ("use arcs, …") into buf. */
typedef void (*CliUseFn)(const CliOption *row, const Options *o, char *buf, size_t cap);

/* One word of an option that takes one of a few words, and the value it means. */
typedef struct {
    const char *word;   /* the word as typed, e.g. "always" */
    int value;          /* what it sets, e.g. COLOR_ALWAYS */
} CliWord;

/* The words an option takes: a list, or the names another module keeps (each word's value
 * its index: a ViewId, an ExportFormat …); neither for an option of free text. */
typedef struct {
    const CliWord *list;          /* ended by a NULL word, or NULL */
    const char *(*name)(int i);   /* the i-th word, NULL past the last; or NULL */
} CliWords;

struct CliOption {
    char short_name;        /* its one-letter form ('h'), or 0 */
    const char *name;       /* the long name, as its message names it ("size") */
    const char *arg;        /* its value as --help names it ("WxH"), or NULL: no value */
    size_t field;           /* what it sets: the offset of its field in Options */
    CliParseFn parse;       /* reads the value into that field */
    CliWords words;         /* the words it takes (parse, completion, refusal), or none */
    const char *what_en;    /* its refusal "--NAME: 'ARG' is not WHAT: USE": WHAT ("a size"),
                               or NULL for "--NAME: USE" (no value to quote); NULL on a row
                               whose parse never refuses */
    const char *what_zh;    /* the same in Chinese: "--NAME：「ARG」不是WHAT：USE" */
    const char *use_en;     /* USE ("give 1 to 16"), when use is NULL */
    const char *use_zh;     /* USE in Chinese */
    CliUseFn use;           /* or USE written at run time (a limit, a list), else NULL */
    const char *key;        /* the config file's key, or NULL */
    unsigned given;         /* the CLI_GIVEN_* bit it sets in Options.given, or 0 */
    const char *doc;        /* completion's short description */
    const char *help_en;    /* --help's description, or NULL: left out of --help and completion */
    const char *help_zh;    /* the same in Chinese */
};

/* The columns of cli_options.h that stand for several fields of the row (function-like
 * even without a parameter: cppcheck's preprocessor expands an object-like one inside a
 * row before it splits the row's columns). */
#define CLI_NO_WORDS() { NULL, NULL }
#define CLI_WORDS(list) { list, NULL }
#define CLI_NAMES(fn) { NULL, fn }
#define CLI_NEVER() NULL, NULL, NULL, NULL, NULL
#define CLI_NOT(what_en, what_zh, use_en, use_zh) what_en, what_zh, use_en, use_zh, NULL
#define CLI_NOT_ONE_OF(what_en, what_zh) what_en, what_zh, NULL, NULL, cli_use_words
#define CLI_NOT_SEE(what_en, what_zh, use) what_en, what_zh, NULL, NULL, use
#define CLI_SAYS(use_en, use_zh) NULL, NULL, use_en, use_zh, NULL
#define CLI_SAYS_SEE(use) NULL, NULL, NULL, NULL, use
#define CLI_NO_FILE() CLI_SAYS("give a file name (it is empty)", "请给一个文件名（这里是空的）")

#define CLI_FIELD(name) offsetof(Options, name)

/* The field row sets in o. */
static void *cli_field(const CliOption *row, Options *o)
{
    return (char *)o + row->field;
}

/* The i-th word row takes, or NULL past the last; *value the value it means. */
static const char *cli_row_word(const CliOption *row, int i, int *value)
{
    if (row->words.list) {
        for (int k = 0; k < i; k++)
            if (!row->words.list[k].word)
                return NULL;
        *value = row->words.list[i].value;
        return row->words.list[i].word;
    }
    *value = i;
    return row->words.name ? row->words.name(i) : NULL;
}

/* *out = the value of the word arg among row's words: 0, or -1 when it is none of them. */
static int cli_word(const CliOption *row, const char *arg, int *out)
{
    int value;
    const char *w;
    for (int i = 0; (w = cli_row_word(row, i, &value)) != NULL; i++)
        if (strcmp(arg, w) == 0) {
            *out = value;
            return 0;
        }
    return -1;
}

/* ---------------------------------------------------------------- values */

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

/* ---------------------------------------------------------------- reading a value */

/* A flag: its bool set. */
static int cli_parse_true(const CliOption *row, Options *o, const char *arg)
{
    (void)arg;
    *(bool *)cli_field(row, o) = true;
    return 0;
}

/* A flag that clears its bool (--no-numbers). */
static int cli_parse_false(const CliOption *row, Options *o, const char *arg)
{
    (void)arg;
    *(bool *)cli_field(row, o) = false;
    return 0;
}

/* A text kept as given (a sentence, a file name). */
static int cli_parse_text(const CliOption *row, Options *o, const char *arg)
{
    *(const char **)cli_field(row, o) = arg;
    return 0;
}

/* A file's name: any text but none (--model '' said ": cannot read: No such file or
 * directory", exit 1, naming no option). */
static int cli_parse_path(const CliOption *row, Options *o, const char *arg)
{
    if (!arg || !*arg)
        return -1;
    return cli_parse_text(row, o, arg);
}

/* One of row's words, into an int. */
static int cli_parse_word(const CliOption *row, Options *o, const char *arg)
{
    return cli_word(row, arg, (int *)cli_field(row, o));
}

/* --color's word, into a ColorWhen. */
static int cli_parse_color(const CliOption *row, Options *o, const char *arg)
{
    int v;
    if (cli_word(row, arg, &v) != 0)
        return -1;
    *(ColorWhen *)cli_field(row, o) = (ColorWhen)v;
    return 0;
}

/* --theme's word, into a Theme; and theme_set. */
static int cli_parse_theme(const CliOption *row, Options *o, const char *arg)
{
    int v;
    if (cli_word(row, arg, &v) != 0)
        return -1;
    *(Theme *)cli_field(row, o) = (Theme)v;
    o->theme_set = true;
    return 0;
}

/* --lang's word, into a Lang. */
static int cli_parse_lang(const CliOption *row, Options *o, const char *arg)
{
    int v;
    if (cli_word(row, arg, &v) != 0)
        return -1;
    *(Lang *)cli_field(row, o) = (Lang)v;
    return 0;
}

/* --format's word: json, model_text, svg and pdf, one of them or none for text. */
enum { CLI_FORMAT_TEXT, CLI_FORMAT_JSON, CLI_FORMAT_MODEL, CLI_FORMAT_SVG, CLI_FORMAT_PDF };
static int cli_parse_format(const CliOption *row, Options *o, const char *arg)
{
    int v;
    if (cli_word(row, arg, &v) != 0)
        return -1;
    o->json = v == CLI_FORMAT_JSON;
    o->model_text = v == CLI_FORMAT_MODEL;
    o->svg = v == CLI_FORMAT_SVG;
    o->pdf = v == CLI_FORMAT_PDF;
    return 0;
}

/* --ascii: ascii set, no_ascii cleared (the last of the two wins). */
static int cli_parse_ascii(const CliOption *row, Options *o, const char *arg)
{
    (void)row; (void)arg;
    o->ascii = true;
    o->no_ascii = false;
    return 0;
}

/* --no-ascii: no_ascii set, ascii cleared. */
static int cli_parse_no_ascii(const CliOption *row, Options *o, const char *arg)
{
    (void)row; (void)arg;
    o->no_ascii = true;
    o->ascii = false;
    return 0;
}

/* --size WxH: print_w and print_h. */
static int cli_parse_size(const CliOption *row, Options *o, const char *arg)
{
    (void)row;
    return parse_size(arg, &o->print_w, &o->print_h);
}

/* --speed X: a number (number.h) from PLAYER_SPEED_MIN to PLAYER_SPEED_MAX. */
static int cli_parse_speed(const CliOption *row, Options *o, const char *arg)
{
    double v;
    if (number_parse(arg, &v) != NUMBER_OK || v < PLAYER_SPEED_MIN || v > PLAYER_SPEED_MAX)
        return -1;
    *(double *)cli_field(row, o) = v;
    return 0;
}

/* --stage: a stage's name or its number 1-4 (stage_from_name). */
static int cli_parse_stage(const CliOption *row, Options *o, const char *arg)
{
    int stage = stage_from_name(arg);
    if (stage < 0)
        return -1;
    *(Stage *)cli_field(row, o) = (Stage)stage;
    return 0;
}

/* --focus N, 1 to 16, kept 0-based. */
static int cli_parse_focus(const CliOption *row, Options *o, const char *arg)
{
    char *end;
    long v = strtol(arg, &end, 10);
    if (end == arg || *end != '\0' || v < 1 || v > 16)
        return -1;
    *(int *)cli_field(row, o) = (int)v - 1;
    return 0;
}

/* --worksheet N, 1 to CLI_MAX_WORKSHEET. */
static int cli_parse_worksheet(const CliOption *row, Options *o, const char *arg)
{
    char *end;
    long n = strtol(arg, &end, 10);
    if (end == arg || *end != '\0' || n < 1 || n > CLI_MAX_WORKSHEET)
        return -1;
    *(int *)cli_field(row, o) = (int)n;
    return 0;
}

/* --seed S; and seed_set. */
static int cli_parse_seed(const CliOption *row, Options *o, const char *arg)
{
    if (parse_seed(arg, (unsigned long long *)cli_field(row, o)) != 0)
        return -1;
    o->seed_set = true;
    return 0;
}

/* --set: one more of sets (n_sets counts them), at most CLI_MAX_SETS. */
static int cli_parse_set(const CliOption *row, Options *o, const char *arg)
{
    (void)row;
    if (o->n_sets >= CLI_MAX_SETS)
        return -1;
    o->sets[o->n_sets++] = arg;
    return 0;
}

/* --steps N, 0 to 100000000. */
static int cli_parse_steps(const CliOption *row, Options *o, const char *arg)
{
    unsigned long long v;
    if (parse_count(arg, 100000000ull, &v) != 0)
        return -1;
    *(long *)cli_field(row, o) = (long)v;
    return 0;
}

/* --lr X, a number (number.h) above 0 and at most 10. */
static int cli_parse_lr(const CliOption *row, Options *o, const char *arg)
{
    double lr;
    if (number_parse(arg, &lr) != NUMBER_OK || lr <= 0.0 || lr > 10.0)
        return -1;
    *(double *)cli_field(row, o) = lr;
    return 0;
}

/* --chars N, 0 to 1000000 (--generate stops at the model's context anyway). */
static int cli_parse_chars(const CliOption *row, Options *o, const char *arg)
{
    unsigned long long v;
    if (parse_count(arg, 1000000ull, &v) != 0)
        return -1;
    *(long *)cli_field(row, o) = (long)v;
    return 0;
}

/* --temperature T, a number (number.h) from 0 (greedy) to 100. */
static int cli_parse_temperature(const CliOption *row, Options *o, const char *arg)
{
    double t;
    if (number_parse(arg, &t) != NUMBER_OK || t < 0.0 || t > 100.0)
        return -1;
    *(double *)cli_field(row, o) = t;
    return 0;
}

/* ---------------------------------------------------------------- the words */

static const CliWord cli_format_words[] = {
    { "text", CLI_FORMAT_TEXT }, { "json", CLI_FORMAT_JSON }, { "model", CLI_FORMAT_MODEL },
    { "svg", CLI_FORMAT_SVG }, { "pdf", CLI_FORMAT_PDF }, { NULL, 0 },
};
static const CliWord cli_color_words[] = {
    { "always", COLOR_ALWAYS }, { "never", COLOR_NEVER }, { "auto", COLOR_AUTO }, { NULL, 0 },
};
static const CliWord cli_mask_words[] = { { "none", 0 }, { "causal", 1 }, { NULL, 0 } };
static const CliWord cli_heads_words[] = { { "1", 1 }, { "2", 2 }, { NULL, 0 } };
static const CliWord cli_keys_words[] = { { "markdown", KEYDOC_MARKDOWN }, { "man", KEYDOC_MAN }, { NULL, 0 } };
static const CliWord cli_theme_words[] = {
    { "dark", THEME_DARK }, { "light", THEME_LIGHT }, { "contrast", THEME_CONTRAST }, { NULL, 0 },
};
static const CliWord cli_lang_words[] = { { "en", LANG_EN }, { "zh", LANG_ZH }, { NULL, 0 } };
static const CliWord cli_shell_words[] = {
    { "bash", COMPLETION_BASH }, { "zsh", COMPLETION_ZSH }, { "fish", COMPLETION_FISH }, { NULL, 0 },
};

/* The names other modules keep, i-th by i, NULL past the last. */
static const char *cli_view_name(int i)
{
    return i >= 0 && i < VIEW_COUNT ? view_ops((ViewId)i)->name : NULL;
}

static const char *cli_stage_name(int i)
{
    return i >= 0 && i < STAGE_COUNT ? stage_info((Stage)i)->cli : NULL;
}

static const char *cli_export_name(int i)
{
    return i >= 0 && i < EXPORT_FORMAT_COUNT ? export_format_name((ExportFormat)i) : NULL;
}

/* The lesson's tasks, then poems (CLI_TASK_POEMS: a layered model on 唐诗三百首). */
_Static_assert(CLI_TASK_POEMS == TASK_COUNT, "--task poems is the word after the lesson's tasks");
static const char *cli_task_name(int i)
{
    return i >= 0 && i < TASK_COUNT ? task_name((TaskId)i) : i == CLI_TASK_POEMS ? "poems" : NULL;
}

/* row's words joined into buf: "a, b or c" ("a、b 或 c" in Chinese) when last is given,
 * else "a<sep>b<sep>c". */
static void cli_join_words(const CliOption *row, const char *sep, const char *last, char *buf, size_t cap)
{
    int value, n = 0;
    while (cli_row_word(row, n, &value))
        n++;
    buf[0] = '\0';
    for (int i = 0; i < n; i++) {
        size_t used = strlen(buf);
        const char *between = i == 0 ? "" : last && i == n - 1 ? last : sep;
        snprintf(buf + used, cap - used, "%s%s", between, cli_row_word(row, i, &value));
    }
}

/* ---------------------------------------------------------------- refusals known at run time */

/* "use a, b or c": the row's words. */
static void cli_use_words(const CliOption *row, const Options *o, char *buf, size_t cap)
{
    char words[256];
    cli_join_words(row, CLI_SAY(o, ", ", "、"), CLI_SAY(o, " or ", " 或 "), words, sizeof words);
    snprintf(buf, cap, CLI_SAY(o, "use %s", "用 %s"), words);
}

/* "use all, library, …": every screen, the list as --view's words. */
static void cli_use_view(const CliOption *row, const Options *o, char *buf, size_t cap)
{
    char names[256];
    cli_join_words(row, CLI_SAY(o, ", ", "、"), NULL, names, sizeof names);
    snprintf(buf, cap, CLI_SAY(o, "use %s", "用 %s"), names);
}

static void cli_use_size(const CliOption *row, const Options *o, char *buf, size_t cap)
{
    (void)row;
    snprintf(buf, cap, CLI_SAY(o, "give WxH from 1x1 to %dx%d, e.g. 120x40", "请写成 宽x高 的形式，从 1x1 到 %dx%d，例如 120x40"),
             GRID_MAX_SIDE, GRID_MAX_SIDE);
}

/* --task: the lesson's two tasks, then poems (a layered model's). */
static void cli_use_task(const CliOption *row, const Options *o, char *buf, size_t cap)
{
    (void)row;
    snprintf(buf, cap, "%s", CLI_SAY(o, "use add, all or poems", "用 add、all 或 poems"));
}

static void cli_use_worksheet(const CliOption *row, const Options *o, char *buf, size_t cap)
{
    (void)row;
    snprintf(buf, cap, CLI_SAY(o, "give 1 to %d", "请给 1 到 %d"), CLI_MAX_WORKSHEET);
}

static void cli_use_set(const CliOption *row, const Options *o, char *buf, size_t cap)
{
    (void)row;
    snprintf(buf, cap, CLI_SAY(o, "more than %d changes", "改动超过 %d 处"), CLI_MAX_SETS);
}

/* ---------------------------------------------------------------- the rows */

#include "cli_options.h"

/* OPT_SENTENCE, OPT_MODEL, …: each row's index in cli_rows (getopt's value CLI_OPT_BASE + it). */
enum {
#define CLI_OPT_ENUM(id, ...) OPT_##id,
    CLI_OPTIONS(CLI_OPT_ENUM)
#undef CLI_OPT_ENUM
    CLI_OPTION_COUNT
};

static const CliOption cli_rows[CLI_OPTION_COUNT] = {
#define CLI_ROW(id, short_name, name, arg, field, parse, words, refusal, key, given, doc, en, zh) \
    [OPT_##id] = { short_name, name, arg, CLI_FIELD(field), parse, words, refusal, key, given, doc, en, zh },
    CLI_OPTIONS(CLI_ROW)
#undef CLI_ROW
};

/* A row's given bit is one the config file knows (config.h keeps a slot per bit). */
#define CLI_GIVEN_CHECK(id, short_name, name, arg, field, parse, words, refusal, key, given, ...) \
    _Static_assert((given) < (1u << CLI_GIVEN_COUNT), "--" name ": a CLI_GIVEN_* bit below CLI_GIVEN_COUNT");
CLI_OPTIONS(CLI_GIVEN_CHECK)
#undef CLI_GIVEN_CHECK

/* The row of the long option name, or NULL. */
static const CliOption *cli_row_named(const char *name)
{
    for (int i = 0; i < CLI_OPTION_COUNT; i++)
        if (strcmp(cli_rows[i].name, name) == 0)
            return &cli_rows[i];
    return NULL;
}

/* ---------------------------------------------------------------- completion's table */

int cli_option_doc(int i, CliOptionDoc *out)
{
    if (i < 0 || i >= CLI_OPTION_COUNT)
        return -1;
    const CliOption *row = &cli_rows[i];
    int value;
    CliValueKind kind = !row->arg ? CLI_VALUE_NONE
                      : cli_row_word(row, 0, &value) ? CLI_VALUE_WORDS
                      : row->parse == cli_parse_path ? CLI_VALUE_FILE : CLI_VALUE_FREE;
    *out = (CliOptionDoc){ row->name, row->short_name, kind, row->doc, row->help_en == NULL, i };
    return 0;
}

void cli_option_words(const CliOptionDoc *d, char *buf, size_t cap)
{
    buf[0] = '\0';
    if (d->value == CLI_VALUE_WORDS && d->row >= 0 && d->row < CLI_OPTION_COUNT)
        cli_join_words(&cli_rows[d->row], " ", NULL, buf, cap);
}

/* ---------------------------------------------------------------- the config file's keys */

/* The row whose name is prefix followed by key, with the given bit bit; or NULL. */
static const CliOption *cli_flag_of(const char *prefix, const char *key, unsigned bit)
{
    size_t n = strlen(prefix);
    for (int i = 0; i < CLI_OPTION_COUNT; i++)
        if (cli_rows[i].given == bit && !cli_rows[i].arg && strncmp(cli_rows[i].name, prefix, n) == 0 &&
            strcmp(cli_rows[i].name + n, key) == 0)
            return &cli_rows[i];
    return NULL;
}

int cli_config_key(unsigned bit, CliKey *out)
{
    for (int i = 0; i < CLI_OPTION_COUNT; i++) {
        const CliOption *row = &cli_rows[i];
        if (!row->key || row->given != bit)
            continue;
        const CliOption *yes = row->arg ? NULL : cli_flag_of("", row->key, bit);
        const CliOption *no = row->arg ? NULL : cli_flag_of("no-", row->key, bit);
        *out = (CliKey){ row->key, bit, row->arg ? row->name : NULL, yes ? yes->name : NULL,
                         no ? no->name : NULL, row->parse == cli_parse_path };
        return 0;
    }
    return -1;
}

/* ---------------------------------------------------------------- --help */

/* Appends the printf-formatted text to buf (cap bytes, used so far in *used; what does not
 * fit is counted, not written, as snprintf counts). */
static void cli_put(char *buf, size_t cap, size_t *used, const char *fmt, ...)
    __attribute__((format(printf, 4, 5)));
static void cli_put(char *buf, size_t cap, size_t *used, const char *fmt, ...)
{
    va_list ap;
    va_start(ap, fmt);
    int n = vsnprintf(*used < cap ? buf + *used : NULL, *used < cap ? cap - *used : 0, fmt, ap);
    va_end(ap);
    if (n > 0)
        *used += (size_t)n;
}

/* Appends the len bytes at s, its glue (cli_options.h's NB and WJ) as a blank and as nothing. */
static void cli_put_glued(char *buf, size_t cap, size_t *used, const char *s, int len)
{
    for (int i = 0; i < len;) {
        if (i + 1 < len && strncmp(s + i, NB, 2) == 0) {
            cli_put(buf, cap, used, " ");
            i += 2;
        } else if (i + 2 < len && strncmp(s + i, WJ, 3) == 0) {
            i += 3;
        } else {
            int k = 1;
            while (i + k < len && strncmp(s + i + k, NB, 2) != 0 && strncmp(s + i + k, WJ, 3) != 0)
                k++;
            cli_put(buf, cap, used, "%.*s", k, s + i);
            i += k;
        }
    }
}

/* Appends text wrapped to the help's columns, every line but the first indented by indent
 * columns; the first follows a left part of first columns already written: padded to
 * indent, or two blanks after it when it is wider (its line then holds less). */
static void cli_put_wrapped(char *buf, size_t cap, size_t *used, const char *text, int first, int indent)
{
    WrapLine lines[CLI_HELP_LINES];
    int pad = first + 2 > indent && first > 0 ? 2 : indent - first, at = 0;
    if (first + pad > indent) {
        if (wrap_lines(text, CLI_HELP_COLUMNS - first - pad, lines, 1) > 0) {
            cli_put(buf, cap, used, "%*s", pad, "");
            cli_put_glued(buf, cap, used, text, lines[0].len);
            cli_put(buf, cap, used, "\n");
            at = lines[0].start + lines[0].len;
            while (text[at] == ' ' || text[at] == '\n')
                at++;
            pad = indent;
        }
    }
    int n = wrap_balanced(text + at, CLI_HELP_COLUMNS - indent, lines, CLI_HELP_LINES);
    for (int i = 0; i < n && i < CLI_HELP_LINES; i++) {
        cli_put(buf, cap, used, "%*s", i == 0 ? pad : indent, "");
        cli_put_glued(buf, cap, used, text + at + lines[i].start, lines[i].len);
        cli_put(buf, cap, used, "\n");
    }
    if (n == 0)
        cli_put(buf, cap, used, "\n");
}

size_t cli_usage(Lang lang, char *buf, size_t cap)
{
    size_t used = 0;
    if (cap > 0)
        buf[0] = '\0';
    cli_put_wrapped(buf, cap, &used, LANG_PICK(lang,
        "usage: attn-tui [OPTION]...\n"
        "Plays lesson 6, self-attention, on the sentence " LESSON_SENTENCE " in the terminal.",
        "用法：attn-tui [选项]...\n"
        "在终端里播放第 6 课「自注意力」，句子是「" LESSON_SENTENCE "」。"), 0, 0);
    cli_put(buf, cap, &used, "\n");
    for (int i = 0; i < CLI_OPTION_COUNT; i++) {
        const CliOption *row = &cli_rows[i];
        if (!row->help_en)
            continue;
        char left[64] = "  ";   /* "  -h, --help", "  --size WxH" */
        if (row->short_name)
            snprintf(left + 2, sizeof left - 2, "-%c, ", row->short_name);
        snprintf(left + strlen(left), sizeof left - strlen(left), "--%s%s%s", row->name, row->arg ? " " : "",
                 row->arg ? row->arg : "");
        cli_put(buf, cap, &used, "%s", left);
        cli_put_wrapped(buf, cap, &used, LANG_PICK(lang, row->help_en, row->help_zh), text_width(left),
                        CLI_HELP_INDENT);
    }
    cli_put(buf, cap, &used, "\n");
    cli_put_wrapped(buf, cap, &used, LANG_PICK(lang,
        "Keys: space" NB "play/pause, arrows" NB "step and focus, Tab" NB "next screen, n" NB "numbers, ?" NB "help, "
        "q" NB "quit.",
        "按键：空格" NB "自动播放/暂停，方向键" NB "换步骤、换字，Tab" NB "下一个画面，n" NB "数字：藏起来/显示，"
        "?" NB "帮助，q" NB "退出。"),
        0, 0);
    return used;
}

/* ---------------------------------------------------------------- applying one option */

/* Fills err with row's refusal of arg in o's language: "--NAME: 'ARG' is not WHAT: USE"
 * ("--NAME：「ARG」不是WHAT：USE"), or "--NAME: USE" for a row without WHAT. ARG is quoted
 * with its control characters escaped (a message is one line, and an escape sequence must
 * not reach the terminal) and cut to CLI_QUOTE_BYTES. Returns -1. */
static int cli_refuse(const Options *o, const CliOption *row, const char *arg, char *err, size_t errlen)
{
    char use[320];
    if (row->use)
        row->use(row, o, use, sizeof use);
    else
        snprintf(use, sizeof use, "%s", CLI_SAY(o, row->use_en, row->use_zh));
    if (!row->what_en) {
        snprintf(err, errlen, CLI_SAY(o, "--%s: %s", "--%s：%s"), row->name, use);
        return -1;
    }
    char q[CLI_QUOTE_BYTES];
    snprintf(err, errlen, CLI_SAY(o, "--%s: '%s' is not %s: %s", "--%s：「%s」不是%s：%s"), row->name,
             text_escape(arg, q, sizeof q), CLI_SAY(o, row->what_en, row->what_zh), use);
    return -1;
}

/* Applies one option by its row; returns 0 or -1 with err filled. */
static int cli_apply(Options *o, const CliOption *row, const char *arg, char *err, size_t errlen)
{
    return row->parse(row, o, arg) == 0 ? 0 : cli_refuse(o, row, arg, err, errlen);
}

int cli_apply_named(Options *o, const char *name, const char *value, char *err, size_t errlen)
{
    const CliOption *row = cli_row_named(name);
    if (row && (row->arg == NULL) == (value == NULL))
        return cli_apply(o, row, value, err, errlen);
    snprintf(err, errlen, CLI_SAY(o, "internal error: option %s", "内部错误：选项 %s"), name);
    return -1;
}

/* ---------------------------------------------------------------- the rules between options */

/* Which options go together and which exclude each other: 0, or -1 with the first rule
 * broken in err. */
static int cli_check_rules(const Options *o, char *err, size_t errlen)
{
    if (o->svg && !o->print) {
        snprintf(err, errlen, CLI_SAY(o, "--format svg goes with --print (try --print --format svg)", "--format svg 要和 --print 一起用（试试 --print --format svg）"));
        return -1;
    }
    if (o->chrome && !o->svg) {
        snprintf(err, errlen, CLI_SAY(o, "--chrome goes with --print --format svg", "--chrome 要和 --print --format svg 一起用"));
        return -1;
    }
    if (o->pdf && !o->worksheet) {
        snprintf(err, errlen, CLI_SAY(o, "--format pdf goes with --worksheet (try --worksheet 10 --format pdf --output sheet.pdf)",
                                      "--format pdf 要和 --worksheet 一起用（试试 --worksheet 10 --format pdf --output sheet.pdf）"));
        return -1;
    }
    if (o->output_path && !o->pdf) {
        snprintf(err, errlen, CLI_SAY(o, "--output goes with --worksheet N --format pdf", "--output 要和 --worksheet N --format pdf 一起用"));
        return -1;
    }
    if ((o->json || o->model_text) && !o->dump) {
        snprintf(err, errlen, CLI_SAY(o, "--format goes with --dump (try --dump --format json)", "--format 要和 --dump 一起用（试试 --dump --format json）"));
        return -1;
    }
    if (o->record_path && (o->dump || o->print)) {
        snprintf(err, errlen, CLI_SAY(o, "--record goes with the interactive program, not --dump or --print", "--record 只用于交互界面，不能和 --dump 或 --print 一起用"));
        return -1;
    }
    if (o->dump && o->print) {
        snprintf(err, errlen, CLI_SAY(o, "--dump and --print: choose one", "--dump 和 --print：只能选一个"));
        return -1;
    }
    if (o->export_format >= 0 && (o->dump || o->print)) {
        snprintf(err, errlen, CLI_SAY(o, "--export and %s: choose one", "--export 和 %s：只能选一个"), o->dump ? "--dump" : "--print");
        return -1;
    }
    if (o->answers && !o->worksheet) {
        snprintf(err, errlen, CLI_SAY(o, "--answers goes with --worksheet (try --worksheet 10 --answers)", "--answers 要和 --worksheet 一起用（试试 --worksheet 10 --answers）"));
        return -1;
    }
    if (o->worksheet && (o->dump || o->print || o->export_format >= 0)) {
        snprintf(err, errlen, CLI_SAY(o, "--worksheet and %s: choose one", "--worksheet 和 %s：只能选一个"),
                 o->dump ? "--dump" : o->print ? "--print" : "--export");
        return -1;
    }
    if ((o->print_w || o->color != COLOR_AUTO) && !o->print) {
        snprintf(err, errlen, CLI_SAY(o, "--size and --color go with --print (try --print --size 120x40)", "--size 和 --color 要和 --print 一起用（试试 --print --size 120x40）"));
        return -1;
    }
    /* a layered model's: --corpus with poems to train on, --chars and --temperature with
     * --generate, --generate alone */
    bool poems = o->task == CLI_TASK_POEMS && (o->train || o->export_format == EXPORT_PYTHON_TRAIN);
    if (o->corpus_path && !poems) {
        snprintf(err, errlen, CLI_SAY(o, "--corpus goes with --train --task poems (or --export python-train --task poems)",
                                      "--corpus 要和 --train --task poems（或 --export python-train --task poems）一起用"));
        return -1;
    }
    if ((o->chars >= 0 || o->temperature > 0.0) && !o->generate) {
        snprintf(err, errlen, CLI_SAY(o, "--chars and --temperature go with --generate (try --model poems "
                                      "--generate 床前明月光，)", "--chars 和 --temperature 要和 --generate 一起用"
                                      "（试试 --model poems --generate 床前明月光，）"));
        return -1;
    }
    if (o->generate && (o->train || o->dump || o->print || o->export_format >= 0 || o->worksheet)) {
        snprintf(err, errlen, CLI_SAY(o, "--generate and %s: choose one", "--generate 和 %s：只能选一个"),
                 o->train ? "--train" : o->dump ? "--dump" : o->print ? "--print" : o->worksheet ? "--worksheet" : "--export");
        return -1;
    }
    /* --train's options go with --train, and --train with --save and no other action */
    bool any = o->task >= 0 || o->steps >= 0 || o->lr > 0.0;
    if (!o->train && o->export_format != EXPORT_PYTHON_TRAIN && (any || o->save_path)) {
        snprintf(err, errlen, CLI_SAY(o, "--task, --steps, --lr and --save go with --train "
                 "(try --train --save m.model)", "--task、--steps、--lr 和 --save 要和 --train 一起用（试试 --train --save m.model）"));
        return -1;
    }
    if (!o->train && o->save_path) {
        snprintf(err, errlen, CLI_SAY(o, "--save goes with --train", "--save 要和 --train 一起用"));
        return -1;
    }
    if (o->steps > 100000 && o->export_format == EXPORT_PYTHON_TRAIN) {
        snprintf(err, errlen, CLI_SAY(o, "--steps: --export python-train redoes at most 100000 steps", "--steps：--export python-train 最多重算 100000 步"));
        return -1;
    }
    if (o->overwrite && !o->save_path && !o->record_path && !o->output_path) {
        snprintf(err, errlen, CLI_SAY(o, "--overwrite goes with an output file (--save, --record or --output)", "--overwrite 要和输出文件（--save、--record 或 --output）一起用"));
        return -1;
    }
    if (!o->train)
        return 0;
    if (!o->save_path) {
        snprintf(err, errlen, CLI_SAY(o, "--train needs --save OUT: the file to write the trained model to", "--train 需要 --save OUT：训练好的模型写到哪个文件"));
        return -1;
    }
    if (o->dump || o->print || o->export_format >= 0 || o->record_path) {
        snprintf(err, errlen, CLI_SAY(o, "--train and %s: choose one", "--train 和 %s：只能选一个"), o->dump ? "--dump" : o->print ? "--print" :
                 o->record_path ? "--record" : "--export");
        return -1;
    }
    return 0;
}

/* ---------------------------------------------------------------- parsing */

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
    o->chars = -1;
}

int cli_parse(int argc, char **argv, Options *o, char *err, size_t errlen)
{
    return cli_parse_says(argc, argv, LANG_AUTO, o, err, errlen);
}

int cli_parse_says(int argc, char **argv, Lang says, Options *o, char *err, size_t errlen)
{
    struct option long_options[CLI_OPTION_COUNT + 1];
    char short_options[2 + 2 * CLI_OPTION_COUNT] = ":";   /* ':' first: a missing value is ':' */
    for (int i = 0; i < CLI_OPTION_COUNT; i++) {
        const CliOption *row = &cli_rows[i];
        long_options[i] = (struct option){ row->name, row->arg ? required_argument : no_argument, NULL,
                                           CLI_OPT_BASE + i };
        if (row->short_name)
            snprintf(short_options + strlen(short_options), sizeof short_options - strlen(short_options),
                     "%c%s", row->short_name, row->arg ? ":" : "");
    }
    long_options[CLI_OPTION_COUNT] = (struct option){ NULL, 0, NULL, 0 };
    cli_defaults(o);
    o->says = cli_message_lang(argc, argv, says);
    o->prog = argc > 0 && argv[0] && argv[0][0] ? argv[0] : NULL;   /* the command as started */
    opterr = 0;
    optind = 0;   /* 0, not 1: getopt forgets all it kept from an earlier parse (an error
                     inside a cluster such as "-xh" leaves it pointing into that argv) */
    for (;;) {
        int previous = optind > 0 ? optind : 1;
        int c = getopt_long(argc, argv, short_options, long_options, NULL);
        if (c == -1)
            break;
        char word[CLI_QUOTE_BYTES];
        text_escape(previous < argc ? argv[previous] : "?", word, sizeof word);
        if (c == '?') {
            snprintf(err, errlen, CLI_SAY(o, "unknown option '%s' (try --help)", "未知选项「%s」（试试 --help）"), word);
            return -1;
        }
        if (c == ':') {
            snprintf(err, errlen, CLI_SAY(o, "option '%s' needs a value (try --help)", "选项「%s」需要一个值（试试 --help）"), word);
            return -1;
        }
        const CliOption *row = NULL;
        if (c >= CLI_OPT_BASE && c < CLI_OPT_BASE + CLI_OPTION_COUNT)
            row = &cli_rows[c - CLI_OPT_BASE];
        for (int i = 0; !row && i < CLI_OPTION_COUNT; i++)
            if (cli_rows[i].short_name == c)
                row = &cli_rows[i];
        if (!row) {
            snprintf(err, errlen, CLI_SAY(o, "internal error: option %d", "内部错误：选项 %d"), c);
            return -1;
        }
        if (cli_apply(o, row, optarg, err, errlen) != 0)
            return -1;
        o->given |= row->given;
    }
    if (optind < argc) {
        char word[CLI_QUOTE_BYTES];
        snprintf(err, errlen, CLI_SAY(o, "unexpected argument '%s' (try --help)", "多余的参数「%s」（试试 --help）"),
                 text_escape(argv[optind], word, sizeof word));
        return -1;
    }
    return cli_check_rules(o, err, errlen);
}
