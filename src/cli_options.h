/* cli_options.h — the one list of the command line's options: CLI_OPTIONS, one row each.
 * cli.c makes of it the OPT_* enum, getopt's table, the parse table, the completion table,
 * the config file's keys and both --help texts, so adding an option is one row here and the
 * code that reads its field (the field itself in cli.h's Options).
 * Must not touch: anything but the list (cli.c alone includes it, after the functions and
 * word lists its rows name).
 *
 * X(ID, SHORT, NAME, ARG, FIELD, PARSE, WORDS, REFUSAL, KEY, GIVEN, DOC, HELP_EN, HELP_ZH):
 *   ID       the option as OPT_ID
 *   SHORT    its one-letter form ('h'), or 0
 *   NAME     its long name, without "--"
 *   ARG      its value as --help names it ("FILE"), or NULL for a flag
 *   FIELD    the field of Options it sets (PARSE may set the fields that go with it too)
 *   PARSE    CliParseFn: reads the value into that field; -1 refuses it
 *   WORDS    the values it takes, for cli_parse_word, completion and "use a, b or c":
 *            CLI_WORDS(a CliWord list), CLI_NAMES(a function naming the i-th), CLI_NO_WORDS()
 *   REFUSAL  the one line a refused value gets: CLI_NEVER(), CLI_NOT(what, 什么, use, 用),
 *            CLI_NOT_ONE_OF(what, 什么) (use: its words), CLI_NOT_SEE(what, 什么, CliUseFn),
 *            CLI_SAYS(use, 用) (no value quoted), CLI_SAYS_SEE(CliUseFn), CLI_NO_FILE()
 *   KEY      the config file's key ("lang"), or NULL; a flag's key takes yes or no (--K is yes,
 *            --no-K is no: a flag NAMED no-K that sets K's GIVEN bit needs no KEY of its own)
 *   GIVEN    the CLI_GIVEN_* bit it sets in Options.given (a KEY's bit), or 0
 *   DOC      completion's description: short, no quotes, brackets or colons
 *   HELP_EN  --help's text, wrapped to the columns by cli_usage ("\n" starts a line), or NULL
 *            to leave the option out of --help and completion
 *   HELP_ZH  the same in Chinese
 * The rows are in --help's order; completion lists them in the same order. */
#ifndef ATTN_CLI_OPTIONS_H
#define ATTN_CLI_OPTIONS_H

#include "view_list.h"

/* Glue in a help text where a line must not break (UAX #14 honours both): NB, a no-break
 * space, prints as a blank ("'5 is how many?'", "key m"); WJ, a word joiner, prints as
 * nothing (between two Chinese characters of a name, "score[提问的字]"). */
#define NB "\u00a0"
#define WJ "\u2060"
#define LESSON_SENTENCE "三" WJ "加" WJ "五" WJ "等" WJ "于" WJ "?"   /* the lesson's, on one line */

#ifndef ATTN_DOCDIR
#define ATTN_DOCDIR "/usr/local/share/doc/attn-tui" /* where make install puts the docs */
#endif

#define CLI_OPTIONS(X) \
    X(SENTENCE, 0, "sentence", "TEXT", sentence, cli_parse_text, CLI_NO_WORDS(), CLI_NEVER(), NULL, 0, \
      "the sentence to run", \
      "the sentence to run (1-16 characters of the model's vocabulary, or spelled in ASCII: '3+5=?' " \
      "is " LESSON_SENTENCE ", '5" NB "is" NB "how" NB "many?')", \
      "要跑的句子（1 到 16 个模型词表里的字，也可以用 ASCII 写法：'3+5=?' 就是「" LESSON_SENTENCE "」，" \
      "'5" NB "is" NB "how" NB "many?' 就是「五是几?」）") \
    X(MODEL, 0, "model", "FILE", model_path, cli_parse_path, CLI_NO_WORDS(), CLI_NO_FILE(), \
      "model", CLI_GIVEN_MODEL, \
      "a model file", \
      "a model file; default: built in. The format is described in " ATTN_DOCDIR "/model-format.md", \
      "模型文件；默认用内置模型。格式说明见 " ATTN_DOCDIR "/model-format.md") \
    X(DUMP, 0, "dump", NULL, dump, cli_parse_true, CLI_NO_WORDS(), CLI_NEVER(), NULL, 0, \
      "print every table and exit", \
      "print every table (x, Q, K, V, scores, shares, output) and exit", \
      "印出每一张表（x、Q、K、V、分数、百分比、输出）后退出") \
    X(FORMAT, 0, "format", "FMT", json, cli_parse_format, CLI_WORDS(cli_format_words), \
      CLI_NOT_ONE_OF("a format", "格式"), NULL, 0, \
      "the format of --dump or --print", \
      "with --dump: text (default), json (full precision) or model (the model in use, in the " \
      "model-file format); with --print: text (default) or svg (a standalone SVG picture, for slides); " \
      "with --worksheet: text (default) or pdf (pages to print, with --output" NB "FILE)", \
      "配合 --dump：text（默认）、json（完整精度）或 model（正在用的模型，模型文件格式）；" \
      "配合 --print：text（默认）或 svg（独立的 SVG 图片，可放进幻灯片）；" \
      "配合 --worksheet：text（默认）或 pdf（可打印的页面，要加 --output" NB "FILE）") \
    X(CHROME, 0, "chrome", NULL, chrome, cli_parse_true, CLI_NO_WORDS(), CLI_NEVER(), NULL, 0, \
      "keep the key bar in an SVG", \
      "with --print --format svg: keep the view bar and the status line (keys, messages), which a " \
      "slide leaves out", \
      "配合 --print --format svg：保留画面栏和状态栏（按键、提示），幻灯片默认不要它们") \
    X(OUTPUT, 0, "output", "FILE", output_path, cli_parse_path, CLI_NO_WORDS(), CLI_NO_FILE(), NULL, 0, \
      "the file --format pdf writes", \
      "with --worksheet N --format pdf: the PDF file to write (an existing one only with --overwrite)", \
      "配合 --worksheet N --format pdf：要写出的 PDF 文件（已有的文件要加 --overwrite 才覆盖）") \
    X(EXPORT, 0, "export", "FMT", export_format, cli_parse_word, CLI_NAMES(cli_export_name), \
      CLI_NOT_ONE_OF("a format", "格式"), NULL, 0, \
      "write a script that checks the numbers", \
      "write a script that recomputes the five lines and checks them against attn-tui's numbers, " \
      "and exit: python (run it with python3); python-train redoes --train's first steps (--steps, " \
      "default 10) with PyTorch's autograd and Adam and checks the weights", \
      "写出一个脚本，重算这五行代码并和 attn-tui 的数逐一核对，然后退出：python（用 python3 运行）；" \
      "python-train 用 PyTorch 的自动求导和 Adam 重做 --train 的前几步（--steps，默认 10）并核对权重") \
    X(PRINT, 0, "print", NULL, print, cli_parse_true, CLI_NO_WORDS(), CLI_NEVER(), NULL, 0, \
      "write one frame and exit", \
      "write the frame the other options describe as text, and exit", \
      "按其他选项指定的画面，以纯文本输出后退出") \
    X(SIZE, 0, "size", "WxH", print_w, cli_parse_size, CLI_NO_WORDS(), \
      CLI_NOT_SEE("a size", "尺寸", cli_use_size), NULL, 0, \
      "the size of --print, WxH", \
      "with --print: the frame's size, at most 1000x1000 (default: the terminal's, or 80x24)", \
      "配合 --print：画面大小，最大 1000x1000（默认：终端的大小，或 80x24）") \
    X(COLOR, 0, "color", "WHEN", color, cli_parse_color, CLI_WORDS(cli_color_words), \
      CLI_NOT_ONE_OF("a choice", "可选值"), NULL, 0, \
      "ANSI colours with --print", \
      "with --print: ANSI colours always, never or auto (default)", \
      "配合 --print：ANSI 颜色 always（总是）、never（从不）或 auto（默认）") \
    X(RECORD, 0, "record", "FILE", record_path, cli_parse_path, CLI_NO_WORDS(), CLI_NO_FILE(), NULL, 0, \
      "record the session as an asciicast", \
      "record the session as an asciicast v2 file (asciinema play FILE); an existing file is kept " \
      "unless --overwrite, a link never followed", \
      "把这次操作录成 asciicast v2 文件（asciinema play FILE 回放）；已有的文件不覆盖，除非加 " \
      "--overwrite；不会跟随符号链接") \
    X(OVERWRITE, 0, "overwrite", NULL, overwrite, cli_parse_true, CLI_NO_WORDS(), CLI_NEVER(), NULL, 0, \
      "replace an existing output file", \
      "let --record (and every file the program writes) replace a file", \
      "允许 --record（以及程序写的每个文件）覆盖已有的文件") \
    X(MASK, 0, "mask", "M", mask, cli_parse_word, CLI_WORDS(cli_mask_words), \
      CLI_NOT_ONE_OF("a mask", "掩码"), "mask", CLI_GIVEN_MASK, \
      "the causal mask of lesson 7", \
      "none (default) or causal: lesson 7's mask (key" NB "m)", \
      "none（默认）或 causal：第 7 课的掩码（按键" NB "m）") \
    X(HEADS, 0, "heads", "N", heads, cli_parse_word, CLI_WORDS(cli_heads_words), \
      CLI_NOT_ONE_OF("a number of heads", "头数"), "heads", CLI_GIVEN_HEADS, \
      "the heads of lesson 7", \
      "1 (default) or 2: lesson 7's heads (key" NB "h)", \
      "1（默认）或 2：第 7 课的多头（按键" NB "h）") \
    X(VIEW, 0, "view", "NAME", view, cli_parse_word, CLI_NAMES(cli_view_name), \
      CLI_NOT_SEE("a screen", "画面", cli_use_view), "view", CLI_GIVEN_VIEW, \
      "the screen to start on", \
      "start on a screen (default: arcs), one of\n" VIEW_NAMES_TEXT, \
      "从哪个画面开始（默认：arcs，即「连线」），可选\n" VIEW_NAMES_TEXT) \
    X(NO_NUMBERS, 0, "no-numbers", NULL, numbers, cli_parse_false, CLI_NO_WORDS(), CLI_NEVER(), \
      "numbers", CLI_GIVEN_NUMBERS, \
      "start with every number hidden", \
      "start with every number hidden (press n to show them)", \
      "一开始就把数字藏起来（按 n 显示）") \
    X(AUTOPLAY, 0, "autoplay", NULL, autoplay, cli_parse_true, CLI_NO_WORDS(), CLI_NEVER(), NULL, 0, \
      "start playing at once", \
      "start playing at once (press space to pause)", \
      "一开始就自动播放（按空格暂停）") \
    X(SPEED, 0, "speed", "X", speed, cli_parse_speed, CLI_NO_WORDS(), \
      CLI_NOT("a speed", "速度", "give a number from 0.25 to 4", "请给 0.25 到 4 之间的数"), \
      "speed", CLI_GIVEN_SPEED, \
      "autoplay speed, 0.25 to 4", \
      "autoplay speed, 0.25 to 4 (default 1)", \
      "自动播放的速度，0.25 到 4（默认 1）") \
    X(STAGE, 0, "stage", "S", stage, cli_parse_stage, CLI_NAMES(cli_stage_name), \
      CLI_NOT("a stage", "步骤", "use qkv, score, softmax or output (or 1-4)", \
              "用 qkv、score、softmax 或 output（或 1-4）"), NULL, 0, \
      "the stage to start at", \
      "start at qkv, score, softmax or output (or 1-4; default softmax)", \
      "从 qkv（① 三个分身）、score（② 打分）、softmax（③ 变百分比）或 output（④ 取货）开始，" \
      "也可以写 1-4；默认 softmax") \
    X(FOCUS, 0, "focus", "N", focus, cli_parse_focus, CLI_NO_WORDS(), \
      CLI_NOT("a character number", "字的序号", "give 1 to 16", "请给出 1 到 16 之间的序号"), NULL, 0, \
      "the asking character, 1 for the first", \
      "start with character N asking (1 = first; default 等, the lesson's)", \
      "一开始由第 N 个字来问（1 是第一个；默认是课文里的「等」）") \
    X(TOUR, 0, "tour", NULL, tour, cli_parse_true, CLI_NO_WORDS(), CLI_NEVER(), NULL, 0, \
      "walk the lesson stop by stop", \
      "walk the lesson stop by stop (→ or space on, ← back, Esc leaves; key" NB "g)", \
      "一站一站走完这一课（→ 或空格前进，← 后退，Esc 离开；按键" NB "g）") \
    X(PREDICT, 0, "predict", NULL, predict, cli_parse_true, CLI_NO_WORDS(), CLI_NEVER(), NULL, 0, \
      "autoplay asks you to predict first", \
      "autoplay asks you to predict at ①, before the scores show, and keeps a tally (key" NB "p)", \
      "自动播放到 ① 时先请你猜一猜，再看分数，并记下对错（按键" NB "p）") \
    X(CHECK, 0, "check", NULL, check, cli_parse_true, CLI_NO_WORDS(), CLI_NEVER(), NULL, 0, \
      "take the concept check", \
      "take the concept check: 12 questions about the ideas, before and after the lesson; on leaving, " \
      "both scores and the normalized gain are printed (the practice history keeps them)", \
      "做概念检测：12 道关于思路的题，课前做一次，课后再做一次；退出时印出两次的成绩和标准化增益" \
      "（练习记录会保存它们）") \
    X(NO_HISTORY, 0, "no-history", NULL, no_history, cli_parse_true, CLI_NO_WORDS(), CLI_NEVER(), NULL, 0, \
      "keep no practice history", \
      "keep no practice history (default: $XDG_STATE_HOME/attn-tui/history, else " \
      "~/.local/state/attn-tui/history: the question kinds answered wrongly come back first)", \
      "不保存练习记录（默认保存在 $XDG_STATE_HOME/attn-tui/history，否则 ~/.local/state/attn-tui/history：" \
      "答错的题型下次先出）") \
    X(LANG, 0, "lang", "L", lang, cli_parse_lang, CLI_WORDS(cli_lang_words), \
      CLI_NOT_ONE_OF("a language", "语言"), "lang", CLI_GIVEN_LANG, \
      "labels in English or Chinese", \
      "labels and --dump headings in en or zh (default: from the locale)", \
      "界面和 --dump 的标题用 en（英文）或 zh（中文），默认跟随系统语言") \
    X(THEME, 0, "theme", "T", theme, cli_parse_theme, CLI_WORDS(cli_theme_words), \
      CLI_NOT_ONE_OF("a theme", "配色"), "theme", CLI_GIVEN_THEME, \
      "the colour theme", \
      "colours: dark (default), light or contrast", \
      "配色：dark（深色，默认）、light（浅色）或 contrast（高对比，适合投影）") \
    X(CONFIG, 0, "config", "FILE", config_path, cli_parse_path, CLI_NO_WORDS(), CLI_NO_FILE(), NULL, 0, \
      "read the defaults from this file", \
      "read the defaults from FILE (default: $XDG_CONFIG_HOME/attn-tui/config, else " \
      "~/.config/attn-tui/config)", \
      "从 FILE 读默认设置（默认：$XDG_CONFIG_HOME/attn-tui/config，否则 ~/.config/attn-tui/config）") \
    X(NO_CONFIG, 0, "no-config", NULL, no_config, cli_parse_true, CLI_NO_WORDS(), CLI_NEVER(), NULL, 0, \
      "read no config file", \
      "read no config file", \
      "不读配置文件") \
    X(ASCII, 0, "ascii", NULL, ascii, cli_parse_ascii, CLI_NO_WORDS(), CLI_NEVER(), "ascii", CLI_GIVEN_ASCII, \
      "draw with ASCII characters only", \
      "draw with ASCII characters only, the characters by their pinyin (san jia wu deng yu ?); the " \
      "default on TERM=linux and vt100", \
      "只用 ASCII 字符画，字用拼音表示（san jia wu deng yu ?），界面改用英文（ASCII 显示不了汉字）；" \
      "TERM=linux 和 vt100 下默认如此") \
    X(NO_ASCII, 0, "no-ascii", NULL, no_ascii, cli_parse_no_ascii, CLI_NO_WORDS(), CLI_NEVER(), \
      NULL, CLI_GIVEN_ASCII, \
      "draw braille and CJK on any terminal", \
      "draw braille and CJK even where TERM says linux or vt100", \
      "即使 TERM 是 linux 或 vt100，也画盲文点阵和汉字") \
    X(KEYS, 0, "keys", "FMT", keys, cli_parse_word, CLI_WORDS(cli_keys_words), \
      CLI_NOT_ONE_OF("a format", "格式"), NULL, 0, \
      "print every key binding and exit", \
      "print every key binding (markdown or man) and exit", \
      "印出所有按键（markdown 或 man）后退出") \
    X(WORKSHEET, 0, "worksheet", "N", worksheet, cli_parse_worksheet, CLI_NO_WORDS(), \
      CLI_NOT_SEE("a number of questions", "题目数量", cli_use_worksheet), NULL, 0, \
      "print N practice questions and exit", \
      "print N practice questions with their numbers, for paper, and exit", \
      "印出 N 道带数字的练习题，可以打印在纸上，然后退出") \
    X(ANSWERS, 0, "answers", NULL, answers, cli_parse_true, CLI_NO_WORDS(), CLI_NEVER(), NULL, 0, \
      "with --worksheet the worked answers", \
      "with --worksheet: the key, each worked solution and its answer", \
      "配合 --worksheet：附上答案和每道题的解题过程") \
    X(SEED, 0, "seed", "S", seed, cli_parse_seed, CLI_NO_WORDS(), \
      CLI_NOT("a seed", "种子", "give a whole number 0 or more", "请给 0 或更大的整数"), NULL, 0, \
      "the seed of the questions and of training", \
      "the seed of the questions, of --train's starting weights and of --generate's draws (default " \
      "1): the same seed, the same questions and model", \
      "练习题、--train 初始权重和 --generate 抽字的种子（默认 1）：种子相同，题目和模型就相同") \
    X(SET, 0, "set", "NAME[i][j]=VALUE", sets, cli_parse_set, CLI_NO_WORDS(), CLI_SAYS_SEE(cli_use_set), \
      NULL, 0, \
      "set one number of the model, or one score", \
      "change one number of the model before the run: wq, wk, wv (row i, column j) or " \
      "embedding[CHARACTER][j]; or one raw score Q·K of the sentence, score[ASKER][ASKED]; repeatable", \
      "运行前改模型里的一个数：wq、wk、wv（第 i 行第 j 列）或 embedding[字][j]；或句子里的一个" \
      "原始分数 Q·K：score[提" WJ "问" WJ "的" WJ "字][被" WJ "问" WJ "的" WJ "字]；可以写多次") \
    X(TRAIN, 0, "train", NULL, train, cli_parse_true, CLI_NO_WORDS(), CLI_NEVER(), NULL, 0, \
      "train the model", \
      "train the lesson's machine until ? answers the task's sentences (" LESSON_SENTENCE NB "→" NB "八) and " \
      "write it with --save" NB "OUT; --model" NB "FILE starts from that file's weights", \
      "训练这一课的机器，直到「?」答对任务里的句子（" LESSON_SENTENCE NB "→" NB "八），用 --save" NB "OUT 写出；" \
      "--model" NB "FILE 从那个文件的权重开始") \
    X(TASK, 0, "task", "T", task, cli_parse_word, CLI_NAMES(cli_task_name), \
      CLI_NOT_SEE("a task", "任务", cli_use_task), NULL, 0, \
      "the task to train on", \
      "with --train: add (66 sentences, default), all (217: 加" WJ "减" WJ "乘" WJ "除), or poems: a " \
      "layered model (2 layers × 4 heads) trained on 唐" WJ "诗" WJ "三" WJ "百" WJ "首", \
      "配合 --train：add（66 句，默认）、all（217 句：加减乘除），或 poems：在唐诗三百首上训练" \
      "一个分层的模型（2 层 × 4 个头）") \
    X(CORPUS, 0, "corpus", "FILE", corpus_path, cli_parse_path, CLI_NO_WORDS(), CLI_NO_FILE(), NULL, 0, \
      "the poems --task poems trains on", \
      "with --task poems: the poems (default Debian's fortunes-zh file " \
      "/usr/share/games/fortunes/tang300)", \
      "配合 --task poems：用哪些诗（默认 Debian 的 fortunes-zh 里的 /usr/share/games/fortunes/tang300）") \
    X(STEPS, 0, "steps", "N", steps, cli_parse_steps, CLI_NO_WORDS(), \
      CLI_NOT("a number of steps", "步数", "give 0 to 100000000", "请给出 0 到 100000000 之间的整数"), NULL, 0, \
      "the number of training steps", \
      "with --train: exactly N steps (default: until 100%, at most 5000 on add, 10000 on all); 0 " \
      "writes the starting model", \
      "配合 --train：正好走 N 步（默认：走到 100%，add 最多 5000 步，all 最多 10000 步）；" \
      "0 写出初始模型") \
    X(LR, 0, "lr", "X", lr, cli_parse_lr, CLI_NO_WORDS(), \
      CLI_NOT("a learning rate", "学习率", "give a number above 0, at most 10", "请给大于 0、不超过 10 的数"), \
      NULL, 0, \
      "the learning rate of training", \
      "with --train: Adam's learning rate (default 0.02)", \
      "配合 --train：Adam 的学习率（默认 0.02）") \
    X(SAVE, 0, "save", "OUT", save_path, cli_parse_path, CLI_NO_WORDS(), CLI_NO_FILE(), NULL, 0, \
      "save the trained model to this file", \
      "with --train: the model file to write", \
      "配合 --train：要写出的模型文件") \
    X(GENERATE, 0, "generate", "TEXT", generate, cli_parse_text, CLI_NO_WORDS(), CLI_NEVER(), NULL, 0, \
      "continue this text with a layered model", \
      "continue TEXT with a layered model (--model" NB "poems), a character at a time; 〓, the end of " \
      "a poem, as a new line", \
      "用分层的模型（--model" NB "poems）一个字一个字地接着 TEXT 往下写；〓（一首诗的结尾）印成换行") \
    X(CHARS, 0, "chars", "N", chars, cli_parse_chars, CLI_NO_WORDS(), \
      CLI_NOT("a number of characters", "字数", "give 0 to 1000000", "请给 0 到 1000000"), NULL, 0, \
      "the characters --generate writes", \
      "with --generate: at most N characters (default: to the poem's end)", \
      "配合 --generate：最多写 N 个字（默认：写到诗的结尾）") \
    X(TEMPERATURE, 0, "temperature", "T", temperature, cli_parse_temperature, CLI_NO_WORDS(), \
      CLI_NOT("a temperature", "温度", "give 0 (greedy) to 100", "请给 0（每次取最可能的字）到 100"), NULL, 0, \
      "0 for greedy, else the sampling temperature", \
      "with --generate: 0 takes the likeliest character (default), above 0 draws one with " \
      "--seed's generator", \
      "配合 --generate：0 每次取最可能的字（默认），大于 0 用 --seed 的随机数抽字") \
    X(HELP, 'h', "help", NULL, help, cli_parse_true, CLI_NO_WORDS(), CLI_NEVER(), NULL, 0, \
      "show the help and exit", \
      "show this help and exit", \
      "显示这份帮助后退出") \
    X(VERSION, 'V', "version", NULL, version, cli_parse_true, CLI_NO_WORDS(), CLI_NEVER(), NULL, 0, \
      "show the version and exit", \
      "show the version and exit", \
      "显示版本后退出") \
    X(COMPLETION, 0, "completion", "SHELL", completion, cli_parse_word, CLI_WORDS(cli_shell_words), \
      CLI_NOT_ONE_OF("a shell", " shell" /* a blank before a Latin word */), NULL, 0, \
      "print a shell completion script", \
      NULL, NULL)

#endif
