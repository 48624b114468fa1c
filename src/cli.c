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
#include <stddef.h>
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
        "  --seed S          练习题、--train 初始权重和 --generate 抽字的种子\n"
        "                    （默认 1）：种子相同，题目和模型就相同\n"
        "  --set NAME[i][j]=VALUE  运行前改模型里的一个数：wq、wk、wv\n"
        "                    （第 i 行第 j 列）或 embedding[字][j]；或句子里的一个\n"
        "                    原始分数 Q·K：score[提问的字][被问的字]；可以写多次\n"
        "  --train           训练这一课的机器，直到「?」答对任务里的句子\n"
        "                    （三加五等于? → 八），用 --save OUT 写出；--model FILE 从\n"
        "                    那个文件的权重开始\n"
        "  --task T          配合 --train：add（66 句，默认）、all（217 句：加减乘除），或 poems：\n"
        "                    在唐诗三百首上训练一个分层的模型（2 层 × 4 个头）\n"
        "  --corpus FILE     配合 --task poems：用哪些诗（默认 Debian 的 fortunes-zh 里的\n"
        "                    /usr/share/games/fortunes/tang300）\n"
        "  --steps N         配合 --train：正好走 N 步（默认：走到 100%，add 最多 5000 步，\n"
        "                    all 最多 10000 步）；0 写出初始模型\n"
        "  --lr X            配合 --train：Adam 的学习率（默认 0.02）\n"
        "  --save OUT        配合 --train：要写出的模型文件\n"
        "  --generate TEXT   用分层的模型（--model poems）一个字一个字地接着 TEXT 往下写；\n"
        "                    〓（一首诗的结尾）印成换行\n"
        "  --chars N         配合 --generate：最多写 N 个字（默认：写到诗的结尾）\n"
        "  --temperature T   配合 --generate：0 每次取最可能的字（默认），大于 0 用 --seed 的\n"
        "                    随机数抽字\n"
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
        "  --seed S          the seed of the questions, of --train's starting weights and of\n"
        "                    --generate's draws (default 1): the same seed, the same questions\n"
        "                    and model\n"
        "  --set NAME[i][j]=VALUE  change one number of the model before the run: wq, wk, wv\n"
        "                    (row i, column j) or embedding[CHARACTER][j]; or one raw score\n"
        "                    Q·K of the sentence, score[ASKER][ASKED]; repeatable\n"
        "  --train           train the lesson's machine until ? answers the task's sentences\n"
        "                    (三加五等于? → 八) and write it with --save OUT; --model FILE starts\n"
        "                    from that file's weights\n"
        "  --task T          with --train: add (66 sentences, default), all (217: 加减乘除), or\n"
        "                    poems: a layered model (2 layers × 4 heads) trained on 唐诗三百首\n"
        "  --corpus FILE     with --task poems: the poems (default Debian's fortunes-zh file\n"
        "                    /usr/share/games/fortunes/tang300)\n"
        "  --steps N         with --train: exactly N steps (default: until 100%, at most 5000\n"
        "                    on add, 10000 on all); 0 writes the starting model\n"
        "  --lr X            with --train: Adam's learning rate (default 0.02)\n"
        "  --save OUT        with --train: the model file to write\n"
        "  --generate TEXT   continue TEXT with a layered model (--model poems), a character at\n"
        "                    a time; 〓, the end of a poem, as a new line\n"
        "  --chars N         with --generate: at most N characters (default: to the poem's end)\n"
        "  --temperature T   with --generate: 0 takes the likeliest character (default), above 0\n"
        "                    draws one with --seed's generator\n"
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
    OPT_TOUR, OPT_PREDICT,
    /* a layered model: training on poems, writing with it */
    OPT_CORPUS = 1200, OPT_GENERATE, OPT_CHARS, OPT_TEMPERATURE
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
    { "corpus",     required_argument, NULL, OPT_CORPUS },
    { "generate",   required_argument, NULL, OPT_GENERATE },
    { "chars",      required_argument, NULL, OPT_CHARS },
    { "temperature", required_argument, NULL, OPT_TEMPERATURE },
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
    { "export",     0,   CLI_VALUE_WORDS,  "python python-train", "write a script that checks the numbers", false },
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
    { "task",       0,   CLI_VALUE_WORDS,  "add all poems", "the task to train on", false },
    { "corpus",     0,   CLI_VALUE_FILE,   NULL, "the poems --task poems trains on", false },
    { "generate",   0,   CLI_VALUE_FREE,   NULL, "continue this text with a layered model", false },
    { "chars",      0,   CLI_VALUE_FREE,   NULL, "the characters --generate writes", false },
    { "temperature", 0,  CLI_VALUE_FREE,   NULL, "0 for greedy, else the sampling temperature", false },
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
    o->chars = -1;
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

/* A layered model's options: --corpus with poems to train on, --chars and --temperature with
 * --generate, --generate alone. */
static int cli_check_poems(const Options *o, char *err, size_t errlen)
{
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
    return 0;
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

/* ---------------------------------------------------------------- the option table */

/* Every option is one row of cli_table (htop's action table): its name, the field of
 * Options it sets, the function that reads its value into that field, and the message
 * a value it refuses gets, in both languages. cli_apply finds the row and runs it. */

typedef struct CliOption CliOption;

/* Reads arg (NULL for an option without a value) into the field row sets (and any field
 * that goes with it, named in the function's comment); 0, or -1 when arg is not a value
 * of the option (the row's message says so). */
typedef int (*CliParseFn)(const CliOption *row, Options *o, const char *arg);

/* Writes the end of a refusal that is known only at run time ("use arcs, …") into buf. */
typedef void (*CliUseFn)(const Options *o, char *buf, size_t cap);

/* One word of an option that takes one of a few words, and the value it means. */
typedef struct {
    const char *word;   /* the word as typed, e.g. "always" */
    int value;          /* what it sets, e.g. COLOR_ALWAYS */
} CliWord;

struct CliOption {
    int opt;                /* getopt's value: OPT_*, 'h' or 'V' */
    const char *name;       /* the long name, as its message names it ("size") */
    size_t field;           /* what it sets: the offset of its field in Options */
    CliParseFn parse;       /* reads the value into that field */
    const CliWord *words;   /* for cli_parse_word and the like: the words it takes, ended
                               by a NULL word; else NULL */
    const char *what_en;    /* its refusal "--NAME: 'ARG' is not WHAT: USE": WHAT ("a size"),
                               or NULL for "--NAME: USE" (no value to quote); NULL on a row
                               whose parse never refuses */
    const char *what_zh;    /* the same in Chinese: "--NAME：「ARG」不是WHAT：USE" */
    const char *use_en;     /* USE ("use none or causal"), when use is NULL */
    const char *use_zh;     /* USE in Chinese */
    CliUseFn use;           /* or USE written at run time (a limit, a list), else NULL */
};

#define CLI_FIELD(name) offsetof(Options, name)

/* The field row sets in o. */
static void *cli_field(const CliOption *row, Options *o)
{
    return (char *)o + row->field;
}

/* *out = the value of the word arg among row's words: 0, or -1 when it is none of them. */
static int cli_word(const CliOption *row, const char *arg, int *out)
{
    for (const CliWord *w = row->words; w->word; w++)
        if (strcmp(arg, w->word) == 0) {
            *out = w->value;
            return 0;
        }
    return -1;
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

/* --format: json, model_text and svg, one of them or none for text. */
static int cli_parse_format(const CliOption *row, Options *o, const char *arg)
{
    (void)row;
    o->json = strcmp(arg, "json") == 0;
    o->model_text = strcmp(arg, "model") == 0;
    o->svg = strcmp(arg, "svg") == 0;
    return o->json || o->model_text || o->svg || strcmp(arg, "text") == 0 ? 0 : -1;
}

static int cli_parse_speed(const CliOption *row, Options *o, const char *arg)
{
    return parse_speed(arg, (double *)cli_field(row, o));
}

static int cli_parse_stage(const CliOption *row, Options *o, const char *arg)
{
    return parse_stage(arg, (Stage *)cli_field(row, o));
}

static int cli_parse_focus(const CliOption *row, Options *o, const char *arg)
{
    return parse_focus(arg, (int *)cli_field(row, o));
}

/* A name looked up by from_name into an int field, which keeps -1 when it is none. */
static int cli_parse_named(const CliOption *row, Options *o, int (*from_name)(const char *), const char *arg)
{
    int *field = cli_field(row, o);
    *field = from_name(arg);
    return *field >= 0 ? 0 : -1;
}

static int cli_parse_view(const CliOption *row, Options *o, const char *arg)
{
    return cli_parse_named(row, o, ui_view_from_name, arg);
}

static int cli_parse_export(const CliOption *row, Options *o, const char *arg)
{
    return cli_parse_named(row, o, export_format_from_name, arg);
}

static int cli_parse_completion(const CliOption *row, Options *o, const char *arg)
{
    return cli_parse_named(row, o, completion_shell_from_name, arg);
}

/* --task: a lesson's task (a TaskId), or poems (CLI_TASK_POEMS). */
static int cli_parse_task(const CliOption *row, Options *o, const char *arg)
{
    if (strcmp(arg, "poems") == 0) {
        *(int *)cli_field(row, o) = CLI_TASK_POEMS;
        return 0;
    }
    return cli_parse_named(row, o, task_from_name, arg);
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

/* --temperature T, 0 (greedy) to 100. */
static int cli_parse_temperature(const CliOption *row, Options *o, const char *arg)
{
    char *end;
    double *t = cli_field(row, o);
    *t = strtod(arg, &end);
    return end != arg && *end == '\0' && isfinite(*t) && *t >= 0.0 && *t <= 100.0 ? 0 : -1;
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

/* --lr X, above 0 and at most 10 (the field keeps what strtod read). */
static int cli_parse_lr(const CliOption *row, Options *o, const char *arg)
{
    char *end;
    double *lr = cli_field(row, o);
    *lr = strtod(arg, &end);
    return end != arg && *end == '\0' && isfinite(*lr) && *lr > 0.0 && *lr <= 10.0 ? 0 : -1;
}

/* ---------------------------------------------------------------- refusals known at run time */

static void cli_use_size(const Options *o, char *buf, size_t cap)
{
    snprintf(buf, cap, CLI_SAY(o, "give WxH from 1x1 to %dx%d, e.g. 120x40", "请给 宽x高，从 1x1 到 %dx%d，例如 120x40"),
             GRID_MAX_SIDE, GRID_MAX_SIDE);
}

static void cli_use_view(const Options *o, char *buf, size_t cap)
{
    char names[256];
    view_names(names, sizeof names, CLI_SAY(o, ", ", "、"));
    snprintf(buf, cap, CLI_SAY(o, "use %s", "用 %s"), names);
}

static void cli_use_export(const Options *o, char *buf, size_t cap)
{
    snprintf(buf, cap, CLI_SAY(o, "use %s", "用 %s"), export_format_names(o->says));
}

static void cli_use_worksheet(const Options *o, char *buf, size_t cap)
{
    snprintf(buf, cap, CLI_SAY(o, "give 1 to %d", "请给 1 到 %d"), CLI_MAX_WORKSHEET);
}

static void cli_use_set(const Options *o, char *buf, size_t cap)
{
    snprintf(buf, cap, CLI_SAY(o, "more than %d changes", "改动超过 %d 处"), CLI_MAX_SETS);
}

/* ---------------------------------------------------------------- the rows */

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

/* A row that never refuses: an option without a value, or one that keeps any text. */
#define CLI_ROW(opt, name, field, parse) { opt, name, CLI_FIELD(field), parse, NULL, NULL, NULL, NULL, NULL, NULL }
/* A row of a file's name: refused when empty, "--NAME: give a file name (it is empty)". */
#define CLI_PATH_ROW(opt, name, field) { opt, name, CLI_FIELD(field), cli_parse_path, NULL, NULL, NULL, \
    "give a file name (it is empty)", "请给一个文件名（这里是空的）", NULL }

static const CliOption cli_table[] = {
    CLI_ROW(OPT_SENTENCE, "sentence", sentence, cli_parse_text),
    CLI_PATH_ROW(OPT_MODEL, "model", model_path),
    CLI_ROW(OPT_DUMP, "dump", dump, cli_parse_true),
    { OPT_FORMAT, "format", CLI_FIELD(json), cli_parse_format, NULL, "a format", "格式",
      "use text, json, model or svg", "用 text、json、model 或 svg", NULL },
    CLI_ROW(OPT_NO_NUMBERS, "no-numbers", numbers, cli_parse_false),
    CLI_ROW(OPT_AUTOPLAY, "autoplay", autoplay, cli_parse_true),
    { OPT_SPEED, "speed", CLI_FIELD(speed), cli_parse_speed, NULL, "a speed", "速度",
      "give a number from 0.25 to 4", "请给 0.25 到 4 之间的数", NULL },
    { OPT_STAGE, "stage", CLI_FIELD(stage), cli_parse_stage, NULL, "a stage", "步骤",
      "use qkv, score, softmax or output (or 1-4)", "用 qkv、score、softmax 或 output（或 1-4）", NULL },
    { OPT_FOCUS, "focus", CLI_FIELD(focus), cli_parse_focus, NULL, "a character number", "字的序号",
      "give 1 to 16", "请给 1 到 16", NULL },
    { OPT_LANG, "lang", CLI_FIELD(lang), cli_parse_lang, cli_lang_words, "a language", "语言",
      "use en or zh", "用 en 或 zh", NULL },
    CLI_ROW(OPT_ASCII, "ascii", ascii, cli_parse_ascii),
    CLI_ROW(OPT_PRINT, "print", print, cli_parse_true),
    { OPT_SIZE, "size", CLI_FIELD(print_w), cli_parse_size, NULL, "a size", "尺寸", NULL, NULL, cli_use_size },
    { OPT_COLOR, "color", CLI_FIELD(color), cli_parse_color, cli_color_words, "a choice", "可选值",
      "use always, never or auto", "用 always、never 或 auto", NULL },
    { OPT_VIEW, "view", CLI_FIELD(view), cli_parse_view, NULL, "a screen", "画面", NULL, NULL, cli_use_view },
    { OPT_MASK, "mask", CLI_FIELD(mask), cli_parse_word, cli_mask_words, "a mask", "掩码",
      "use none or causal", "用 none 或 causal", NULL },
    CLI_PATH_ROW(OPT_RECORD, "record", record_path),
    CLI_ROW(OPT_OVERWRITE, "overwrite", overwrite, cli_parse_true),
    { OPT_HEADS, "heads", CLI_FIELD(heads), cli_parse_word, cli_heads_words, "a number of heads", "头数",
      "use 1 or 2", "用 1 或 2", NULL },
    { OPT_EXPORT, "export", CLI_FIELD(export_format), cli_parse_export, NULL, "a format", "格式", NULL, NULL,
      cli_use_export },
    { OPT_KEYS, "keys", CLI_FIELD(keys), cli_parse_word, cli_keys_words, "a format", "格式",
      "use markdown or man", "用 markdown 或 man", NULL },
    CLI_ROW(OPT_NO_ASCII, "no-ascii", no_ascii, cli_parse_no_ascii),
    { OPT_WORKSHEET, "worksheet", CLI_FIELD(worksheet), cli_parse_worksheet, NULL, "a number of questions",
      "题目数量", NULL, NULL, cli_use_worksheet },
    CLI_ROW(OPT_ANSWERS, "answers", answers, cli_parse_true),
    { OPT_SEED, "seed", CLI_FIELD(seed), cli_parse_seed, NULL, "a seed", "种子",
      "give a whole number 0 or more", "请给 0 或更大的整数", NULL },
    { OPT_SET, "set", CLI_FIELD(sets), cli_parse_set, NULL, NULL, NULL, NULL, NULL, cli_use_set },
    { OPT_THEME, "theme", CLI_FIELD(theme), cli_parse_theme, cli_theme_words, "a theme", "配色",
      "use dark, light or contrast", "用 dark、light 或 contrast", NULL },
    CLI_PATH_ROW(OPT_CONFIG, "config", config_path),
    CLI_ROW(OPT_NO_CONFIG, "no-config", no_config, cli_parse_true),
    { OPT_COMPLETION, "completion", CLI_FIELD(completion), cli_parse_completion, NULL, "a shell",
      " shell" /* a blank before a Latin word */, "use bash, zsh or fish", "用 bash、zsh 或 fish", NULL },
    CLI_ROW(OPT_TRAIN, "train", train, cli_parse_true),
    { OPT_TASK, "task", CLI_FIELD(task), cli_parse_task, NULL, "a task", "任务",
      "use add or all (or poems: a layered model on 唐诗三百首)", "用 add 或 all（或者 poems：在唐诗三百首上训练分层的模型）", NULL },
    { OPT_STEPS, "steps", CLI_FIELD(steps), cli_parse_steps, NULL, "a number of steps", "步数",
      "give 0 to 100000000", "请给 0 到 100000000", NULL },
    { OPT_LR, "lr", CLI_FIELD(lr), cli_parse_lr, NULL, "a learning rate", "学习率",
      "give a number above 0, at most 10", "请给大于 0、不超过 10 的数", NULL },
    CLI_PATH_ROW(OPT_SAVE, "save", save_path),
    CLI_ROW(OPT_TOUR, "tour", tour, cli_parse_true),
    CLI_ROW(OPT_PREDICT, "predict", predict, cli_parse_true),
    CLI_PATH_ROW(OPT_CORPUS, "corpus", corpus_path),
    CLI_ROW(OPT_GENERATE, "generate", generate, cli_parse_text),
    { OPT_CHARS, "chars", CLI_FIELD(chars), cli_parse_chars, NULL, "a number of characters", "字数",
      "give 0 to 1000000", "请给 0 到 1000000", NULL },
    { OPT_TEMPERATURE, "temperature", CLI_FIELD(temperature), cli_parse_temperature, NULL, "a temperature", "温度",
      "give 0 (greedy) to 100", "请给 0（每次取最可能的字）到 100", NULL },
    CLI_ROW('h', "help", help, cli_parse_true),
    CLI_ROW('V', "version", version, cli_parse_true),
};
_Static_assert(sizeof cli_table / sizeof cli_table[0] == sizeof long_options / sizeof long_options[0] - 1,
               "one row of cli_table per option of long_options");

/* ---------------------------------------------------------------- applying one option */

/* Fills err with row's refusal of arg in o's language: "--NAME: 'ARG' is not WHAT: USE"
 * ("--NAME：「ARG」不是WHAT：USE"), or "--NAME: USE" for a row without WHAT. ARG is quoted
 * with its control characters escaped (a message is one line, and an escape sequence must
 * not reach the terminal) and cut to CLI_QUOTE_BYTES. Returns -1. */
static int cli_refuse(const Options *o, const CliOption *row, const char *arg, char *err, size_t errlen)
{
    char use[320];
    if (row->use)
        row->use(o, use, sizeof use);
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

/* Applies one recognised option by its row of cli_table; returns 0 or -1 with err filled. */
static int cli_apply(Options *o, int c, const char *arg, char *err, size_t errlen)
{
    for (size_t i = 0; i < sizeof cli_table / sizeof cli_table[0]; i++) {
        const CliOption *row = &cli_table[i];
        if (row->opt == c)
            return row->parse(row, o, arg) == 0 ? 0 : cli_refuse(o, row, arg, err, errlen);
    }
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
    if (cli_check_poems(o, err, errlen) != 0)
        return -1;
    return cli_check_train(o, err, errlen);
}
