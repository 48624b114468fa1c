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
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#ifndef ATTN_DOCDIR
#define ATTN_DOCDIR "/usr/local/share/doc/attn-tui" /* where make install puts the docs */
#endif

#include "text.h"

#define CLI_QUOTE_BYTES 160   /* most bytes of a user's word quoted in a message */

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
 * --lang=…) in argv, else the locale's. */
static Lang cli_message_lang(int argc, char **argv)
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
    return says == LANG_AUTO ? cli_lang_from_env() : says;
}

/* ---------------------------------------------------------------- usage */

/* The help in Chinese: the same options, in the lesson's words. */
static const char *cli_usage_zh(void)
{
    return
        "用法：attn-tui [选项]...\n"
        "在终端里播放第 6 课「自注意力」，句子是「三加五等于?」。\n"
        "\n"
        "  --sentence TEXT   要跑的句子（1 到 16 个模型词表里的字，\n"
        "                    也可以用 ASCII 拼写：'3+5=?' 就是「三加五等于?」，还有 '5 is how many?'）\n"
        "  --model FILE      模型文件；默认用内置模型。格式说明见\n"
        "                    " ATTN_DOCDIR "/model-format.md\n"
        "  --dump            印出每一张表（x、Q、K、V、分数、百分比、输出）后退出\n"
        "  --format FMT      配合 --dump：text（默认）、json（完整精度）或 model\n"
        "                    （正在用的模型，模型文件格式）；配合 --print：\n"
        "                    text（默认）或 svg（独立的 SVG 图片，可放进幻灯片）\n"
        "  --export FMT      写出一个脚本，重算这五行代码并和 attn-tui 的数逐一核对，然后退出：\n"
        "                    python（用 python3 运行）；python-train 用 PyTorch 的自动求导\n"
        "                    和 Adam 重做 --train 的前几步（--steps，默认 10）并核对权重\n"
        "  --print           把其他选项描述的画面按文本写出后退出\n"
        "  --size WxH        配合 --print：画面大小，最大 1000x1000（默认：终端的大小，\n"
        "                    或 80x24）\n"
        "  --color WHEN      配合 --print：ANSI 颜色 always（总是）、never（从不）或 auto（默认）\n"
        "  --record FILE     把这次操作录成 asciicast v2 文件（asciinema play FILE 回放）；\n"
        "                    已有的文件不覆盖，除非加 --overwrite；从不跟随符号链接\n"
        "  --overwrite       允许 --record（以及程序写的每个文件）覆盖已有的文件\n"
        "  --mask M          none（默认）或 causal：第 7 课的掩码（按键 m）\n"
        "  --heads N         1（默认）或 2：第 7 课的多头（按键 h）\n"
        "  --view NAME       从哪个画面开始（默认：arcs），可选\n"
        "                   " VIEW_NAMES_TEXT "\n"
        "  --no-numbers      一开始就把数字藏起来（按 n 显示）\n"
        "  --autoplay        一开始就自动播放（按空格暂停）\n"
        "  --speed X         自动播放的速度，0.25 到 4（默认 1）\n"
        "  --stage S         从 qkv、score、softmax 或 output（或 1-4）开始；默认 softmax\n"
        "  --focus N         从第 N 个字提问开始（1 是第一个；默认是课文里的「等」）\n"
        "  --tour            一站一站走完这一课（→ 或空格前进，← 后退，Esc 离开；按键 g）\n"
        "  --predict         自动播放在 ③ 之前先请你猜一猜，并记下对错（按键 p）\n"
        "  --lang L          界面和 --dump 的标题用 en（英文）或 zh（中文）（默认：看系统语言）\n"
        "  --theme T         配色：dark（默认）、light 或 contrast\n"
        "  --config FILE     从 FILE 读默认设置（默认：\n"
        "                    $XDG_CONFIG_HOME/attn-tui/config，否则 ~/.config/attn-tui/config）\n"
        "  --no-config       不读配置文件\n"
        "  --ascii           只用 ASCII 字符画，字用拼音表示\n"
        "                    （san jia wu deng yu ?）；TERM=linux 和 vt100 下默认如此\n"
        "  --no-ascii        即使 TERM 是 linux 或 vt100，也画盲文点阵和汉字\n"
        "  --keys FMT        印出所有按键（markdown 或 man）后退出\n"
        "  --worksheet N     印出 N 道带数字的练习题，可以打印在纸上，然后退出\n"
        "  --answers         配合 --worksheet：附上答案和每道题的解题过程\n"
        "  --seed S          练习题和 --train 初始权重的种子\n"
        "                    （默认 1）：种子相同，题目和模型就相同\n"
        "  --set NAME[i][j]=VALUE  运行前改模型里的一个数：wq、wk、wv\n"
        "                    （第 i 行第 j 列）或 embedding[字][j]；或句子里的一个\n"
        "                    原始分数 Q·K：score[提问的字][被问的字]；可以写多次\n"
        "  --train           训练这一课的机器，直到「?」答对任务里的句子\n"
        "                    （三加五等于? → 八），用 --save OUT 写出；--model FILE 从\n"
        "                    那个文件的权重开始\n"
        "  --task T          配合 --train：add（66 句，默认）或 all（217 句：加减乘除）\n"
        "  --seed S          配合 --train：初始权重的种子（默认 1）\n"
        "  --steps N         配合 --train：正好走 N 步（默认：走到 100%，add 最多 5000 步，\n"
        "                    all 最多 10000 步）；0 写出初始模型\n"
        "  --lr X            配合 --train：Adam 的学习率（默认 0.02）\n"
        "  --save OUT        配合 --train：要写出的模型文件\n"
        "  -h, --help        显示这份帮助后退出\n"
        "  -V, --version     显示版本后退出\n"
        "\n"
        "按键：空格 自动播放/暂停，方向键 换步骤、换字，Tab 下一个画面，n 数字：藏起来/显示，\n"
        "? 帮助，q 退出。\n";
}

const char *cli_usage(Lang lang)
{
    if (lang == LANG_ZH)
        return cli_usage_zh();
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
        "                    (row i, column j) or embedding[CHARACTER][j]; or one raw score\n"
        "                    Q·K of the sentence, score[ASKER][ASKED]; repeatable\n"
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
        snprintf(err, errlen, CLI_SAY(o, "--worksheet: '%s' is not a number of questions: give 1 to %d", "--worksheet：「%s」不是题目数量：请给 1 到 %d"),
                 text_escape(arg, q, sizeof q), CLI_MAX_WORKSHEET);
        return -1;
    }
    case OPT_ANSWERS: o->answers = true; return 0;
    case OPT_SEED:
        if (parse_seed(arg, &o->seed) == 0) { o->seed_set = true; return 0; }
        snprintf(err, errlen, CLI_SAY(o, "--seed: '%s' is not a seed: give a whole number 0 or more", "--seed：「%s」不是种子：请给 0 或更大的整数"),
                 text_escape(arg, q, sizeof q));
        return -1;
    case OPT_SET:
        if (o->n_sets < CLI_MAX_SETS) { o->sets[o->n_sets++] = arg; return 0; }
        snprintf(err, errlen, CLI_SAY(o, "--set: more than %d changes", "--set：改动超过 %d 处"), CLI_MAX_SETS);
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
    { "set",        0,   CLI_VALUE_FREE,   NULL, "set one number of the model, or one score", false },
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
        snprintf(err, errlen, CLI_SAY(o, "--task: '%s' is not a task: use add or all", "--task：「%s」不是任务：用 add 或 all"), text_escape(arg, q, sizeof q));
        return -1;
    case OPT_STEPS:
        if (parse_count(arg, 100000000ull, &v) == 0) { o->steps = (long)v; return 0; }
        snprintf(err, errlen, CLI_SAY(o, "--steps: '%s' is not a number of steps: give 0 to 100000000", "--steps：「%s」不是步数：请给 0 到 100000000"),
                 text_escape(arg, q, sizeof q));
        return -1;
    case OPT_LR:
        o->lr = strtod(arg, &end);
        if (end != arg && *end == '\0' && isfinite(o->lr) && o->lr > 0.0 && o->lr <= 10.0) return 0;
        snprintf(err, errlen, CLI_SAY(o, "--lr: '%s' is not a learning rate: give a number above 0, at most 10", "--lr：「%s」不是学习率：请给大于 0、不超过 10 的数"),
                 text_escape(arg, q, sizeof q));
        return -1;
    }
    snprintf(err, errlen, CLI_SAY(o, "internal error: option %d", "内部错误：选项 %d"), c);
    return -1;
}

/* --train's options go with --train, and --train with --save and no other action. */
static int cli_check_train(const Options *o, char *err, size_t errlen)
{
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
    if (o->overwrite && !o->save_path && !o->record_path) {
        snprintf(err, errlen, CLI_SAY(o, "--overwrite goes with an output file (--save or --record)", "--overwrite 要和输出文件（--save 或 --record）一起用"));
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

/* Applies one recognised option; returns 0 or -1 with err filled. A bad value is
 * quoted with its control characters escaped (a message is one line, and an escape
 * sequence must not reach the terminal) and cut to CLI_QUOTE_BYTES. */
static int cli_apply(Options *o, int c, const char *arg, char *err, size_t errlen)
{
    char q[CLI_QUOTE_BYTES];
    int practice = cli_apply_practice(o, c, arg, err, errlen);
    if (practice <= 0)
        return practice;
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
        snprintf(err, errlen, CLI_SAY(o, "--size: '%s' is not a size: give WxH from 1x1 to %dx%d, e.g. 120x40",
                                      "--size：「%s」不是尺寸：请给 宽x高，从 1x1 到 %dx%d，例如 120x40"),
                 text_escape(arg, q, sizeof q), GRID_MAX_SIDE, GRID_MAX_SIDE);
        return -1;
    case OPT_COLOR:
        if (strcmp(arg, "always") == 0) { o->color = COLOR_ALWAYS; return 0; }
        if (strcmp(arg, "never") == 0) { o->color = COLOR_NEVER; return 0; }
        if (strcmp(arg, "auto") == 0) { o->color = COLOR_AUTO; return 0; }
        snprintf(err, errlen, CLI_SAY(o, "--color: '%s' is not a choice: use always, never or auto", "--color：「%s」不是可选值：用 always、never 或 auto"),
                 text_escape(arg, q, sizeof q));
        return -1;
    case OPT_RECORD:     o->record_path = arg; return 0;
    case OPT_MASK:
        if (strcmp(arg, "none") == 0) { o->mask = 0; return 0; }
        if (strcmp(arg, "causal") == 0) { o->mask = 1; return 0; }
        snprintf(err, errlen, CLI_SAY(o, "--mask: '%s' is not a mask: use none or causal", "--mask：「%s」不是掩码：用 none 或 causal"),
                 text_escape(arg, q, sizeof q));
        return -1;
    case OPT_HEADS:
        if (strcmp(arg, "1") == 0 || strcmp(arg, "2") == 0) {
            o->heads = arg[0] - '0';
            return 0;
        }
        snprintf(err, errlen, CLI_SAY(o, "--heads: '%s' is not a number of heads: use 1 or 2", "--heads：「%s」不是头数：用 1 或 2"),
                 text_escape(arg, q, sizeof q));
        return -1;
    case OPT_VIEW: {
        char names[256];
        o->view = ui_view_from_name(arg);
        if (o->view >= 0) return 0;
        view_names(names, sizeof names, ", ");
        snprintf(err, errlen, CLI_SAY(o, "--view: '%s' is not a screen: use %s", "--view：「%s」不是画面：用 %s"),
                 text_escape(arg, q, sizeof q), names);
        return -1;
    }
    case OPT_KEYS:
        if (strcmp(arg, "markdown") == 0) { o->keys = KEYDOC_MARKDOWN; return 0; }
        if (strcmp(arg, "man") == 0) { o->keys = KEYDOC_MAN; return 0; }
        snprintf(err, errlen, CLI_SAY(o, "--keys: '%s' is not a format: use markdown or man", "--keys：「%s」不是格式：用 markdown 或 man"),
                 text_escape(arg, q, sizeof q));
        return -1;
    case OPT_EXPORT:
        o->export_format = export_format_from_name(arg);
        if (o->export_format >= 0) return 0;
        snprintf(err, errlen, CLI_SAY(o, "--export: '%s' is not a format: use %s", "--export：「%s」不是格式：用 %s"),
                 text_escape(arg, q, sizeof q), export_format_names());
        return -1;
    case OPT_THEME:
        if (strcmp(arg, "dark") == 0) { o->theme = THEME_DARK; o->theme_set = true; return 0; }
        if (strcmp(arg, "light") == 0) { o->theme = THEME_LIGHT; o->theme_set = true; return 0; }
        if (strcmp(arg, "contrast") == 0) { o->theme = THEME_CONTRAST; o->theme_set = true; return 0; }
        snprintf(err, errlen, CLI_SAY(o, "--theme: '%s' is not a theme: use dark, light or contrast", "--theme：「%s」不是配色：用 dark、light 或 contrast"),
                 text_escape(arg, q, sizeof q));
        return -1;
    case OPT_CONFIG:     o->config_path = arg; return 0;
    case OPT_NO_CONFIG:  o->no_config = true; return 0;
    case OPT_COMPLETION:
        o->completion = completion_shell_from_name(arg);
        if (o->completion >= 0) return 0;
        snprintf(err, errlen, CLI_SAY(o, "--completion: '%s' is not a shell: use bash, zsh or fish", "--completion：「%s」不是 shell：用 bash、zsh 或 fish"),
                 text_escape(arg, q, sizeof q));
        return -1;
    case OPT_TOUR:       o->tour = true; return 0;
    case OPT_PREDICT:    o->predict = true; return 0;
    case 'h':            o->help = true; return 0;
    case 'V':            o->version = true; return 0;
    case OPT_FORMAT:
        o->json = strcmp(arg, "json") == 0;
        o->model_text = strcmp(arg, "model") == 0;
        o->svg = strcmp(arg, "svg") == 0;
        if (o->json || o->model_text || o->svg || strcmp(arg, "text") == 0)
            return 0;
        snprintf(err, errlen, CLI_SAY(o, "--format: '%s' is not a format: use text, json, model or svg", "--format：「%s」不是格式：用 text、json、model 或 svg"),
                 text_escape(arg, q, sizeof q));
        return -1;
    case OPT_SPEED:
        if (parse_speed(arg, &o->speed) == 0) return 0;
        snprintf(err, errlen, CLI_SAY(o, "--speed: '%s' is not a speed: give a number from 0.25 to 4", "--speed：「%s」不是速度：请给 0.25 到 4 之间的数"),
                 text_escape(arg, q, sizeof q));
        return -1;
    case OPT_STAGE:
        if (parse_stage(arg, &o->stage) == 0) return 0;
        snprintf(err, errlen, CLI_SAY(o, "--stage: '%s' is not a stage: use qkv, score, softmax or output (or 1-4)", "--stage：「%s」不是步骤：用 qkv、score、softmax 或 output（或 1-4）"),
                 text_escape(arg, q, sizeof q));
        return -1;
    case OPT_FOCUS:
        if (parse_focus(arg, &o->focus) == 0) return 0;
        snprintf(err, errlen, CLI_SAY(o, "--focus: '%s' is not a character number: give 1 to 16", "--focus：「%s」不是字的序号：请给 1 到 16"),
                 text_escape(arg, q, sizeof q));
        return -1;
    case OPT_LANG:
        if (strcmp(arg, "en") == 0) { o->lang = LANG_EN; return 0; }
        if (strcmp(arg, "zh") == 0) { o->lang = LANG_ZH; return 0; }
        snprintf(err, errlen, CLI_SAY(o, "--lang: '%s' is not a language: use en or zh", "--lang：「%s」不是语言：用 en 或 zh"),
                 text_escape(arg, q, sizeof q));
        return -1;
    }
    if (c >= OPT_TRAIN)
        return cli_apply_train(o, c, arg, err, errlen);
    snprintf(err, errlen, CLI_SAY(o, "internal error: option %d", "内部错误：选项 %d"), c);
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
    snprintf(err, errlen, CLI_SAY(o, "internal error: option %s", "内部错误：选项 %s"), name);
    return -1;
}

int cli_parse(int argc, char **argv, Options *o, char *err, size_t errlen)
{
    cli_defaults(o);
    o->says = cli_message_lang(argc, argv);
    o->prog = argc > 0 && argv[0] && argv[0][0] ? argv[0] : NULL;   /* the command as started */
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
            snprintf(err, errlen, CLI_SAY(o, "unknown option '%s' (try --help)", "未知选项「%s」（试试 --help）"), word);
            return -1;
        }
        if (c == ':') {
            snprintf(err, errlen, CLI_SAY(o, "option '%s' needs a value (try --help)", "选项「%s」需要一个值（试试 --help）"), word);
            return -1;
        }
        if (cli_apply(o, c, optarg, err, errlen) != 0)
            return -1;
        o->given |= cli_given_bit(c);
    }
    if (optind < argc) {
        char word[CLI_QUOTE_BYTES];
        snprintf(err, errlen, CLI_SAY(o, "unexpected argument '%s' (try --help)", "多余的参数「%s」（试试 --help）"),
                 text_escape(argv[optind], word, sizeof word));
        return -1;
    }
    if (o->svg && !o->print) {
        snprintf(err, errlen, CLI_SAY(o, "--format svg goes with --print (try --print --format svg)", "--format svg 要和 --print 一起用（试试 --print --format svg）"));
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
    return cli_check_train(o, err, errlen);
}
