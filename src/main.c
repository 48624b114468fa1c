/* main.c — attn-tui's entry: options, locale, model, forward pass, then dump or play.
 * Owns: process-level decisions (exit codes, locale, stdout checks).
 * Must not touch: ncurses (the interactive program lives behind app.h / term.h). */
#include <errno.h>
#include <langinfo.h>
#include <locale.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/ioctl.h>
#include <unistd.h>

#include "ansi.h"
#include "app.h"
#include "cli.h"
#include "completion.h"
#include "config.h"
#include "infile.h"
#include "dump.h"
#include "edit.h"
#include "engine.h"
#include "export.h"
#include "frame.h"
#include "keydoc.h"
#include "grid.h"
#include "lesson.h"
#include "model.h"
#include "model_name.h"
#include "outfile.h"
#include "poem_cmd.h"
#include "quiz.h"
#include "spell.h"
#include "snapshot.h"
#include "term.h"
#include "text.h"
#include "worksheet.h"
#include "train_cmd.h"

#define EXIT_USAGE 2   /* bad command line */
#define EXIT_DATA 1    /* bad model, sentence, or environment */

/* What to do instead when there is no terminal to play on. */
#define MAIN_NO_TERMINAL_HINT "use 'attn-tui --dump' to print the tables or 'attn-tui --print' for a frame"
#define MAIN_NO_TERMINAL_HINT_ZH "用 attn-tui --dump 输出各张表，或用 attn-tui --print 输出一个画面"

/* ---------------------------------------------------------------- locale */

/* Makes the character type UTF-8 when possible. Returns a notice to show once
 * when it is not (and sets *ascii), or NULL. */
static const char *main_setup_locale(bool *ascii, Lang lang)
{
    setlocale(LC_ALL, "");
    if (strcmp(nl_langinfo(CODESET), "UTF-8") == 0)
        return NULL;
    if (setlocale(LC_CTYPE, "C.UTF-8") && strcmp(nl_langinfo(CODESET), "UTF-8") == 0)
        return NULL;
    *ascii = true;
    return LANG_PICK(lang, "no UTF-8 locale: drawing ASCII", "没有 UTF-8 的 locale：用 ASCII 画");
}

/* ASCII drawing for a terminal that cannot draw braille or CJK (term_type_ascii), unless
 * --ascii or --no-ascii chose. Writes the notice to show once into notice (cap bytes) and
 * returns true, or returns false when the terminal's type changed nothing. */
static bool main_ascii_for_terminal(Options *o, char *notice, size_t cap)
{
    const char *type = getenv("TERM");
    if (o->ascii || o->no_ascii || !term_type_ascii(type))
        return false;
    o->ascii = true;
    char shown[64];
    /* said in English, as everything will be: this terminal cannot show Chinese */
    snprintf(notice, cap, o->lang == LANG_ZH ? "TERM=%s: ASCII only, so English: Chinese needs a terminal that "
                                               "shows it (--no-ascii to override)"
                                             : "TERM=%s: drawing ASCII (--no-ascii to override)",
             text_escape(type, shown, sizeof shown));
    return true;
}

/* ---------------------------------------------------------------- running */

/* "attn-tui: out of memory" on stderr, in lang. */
static void main_out_of_memory(Lang lang)
{
    fprintf(stderr, "%s", LANG_PICK(lang, "attn-tui: out of memory\n", "attn-tui: 内存不足\n"));
}

/* "attn-tui: cannot write WHAT: REASON" on stderr for the errno of a failed write, in lang. */
static void main_cannot_write(const char *what, Lang lang)
{
    fprintf(stderr, LANG_PICK(lang, "attn-tui: cannot write %s: %s\n", "attn-tui: 写不出%s：%s\n"), what,
            lang_strerror(lang, errno ? errno : EIO).text);
}

/* "attn-tui: OPTION: cannot write to standard output: REASON" for errno e, in lang. */
static void main_stdout_failed(const char *option, int e, Lang lang)
{
    fprintf(stderr, LANG_PICK(lang, "attn-tui: %s: cannot write to standard output: %s\n",
                              "attn-tui: %s：写不进标准输出：%s\n"), option, lang_strerror(lang, e).text);
}

/* Writes text (the help, the version) to stdout. Returns 0, or EXIT_DATA after one
 * line on stderr, in lang, naming what could not be written and why (a full disk, a closed
 * stdout). */
static int main_write_text(const char *text, const char *what, Lang lang)
{
    errno = 0;
    if (fputs(text, stdout) != EOF && fflush(stdout) == 0)
        return 0;
    main_cannot_write(what, lang);
    return EXIT_DATA;
}

/* --completion SHELL: the completion script on standard output. */
static int main_completion(CompletionShell shell, Lang lang)
{
    errno = 0;
    if (completion_write(stdout, shell) == 0 && fflush(stdout) == 0)
        return 0;
    main_cannot_write(LANG_PICK(lang, "the completion", "补全脚本"), lang);
    return EXIT_DATA;
}

/* Reads the config file (--config FILE, else the default path; none with --no-config)
 * into *c and fills the defaults the command line left. Returns 0, or -1 after one line
 * on stderr. */
static int main_config(Options *o, Config *c)
{
    char path[CONFIG_PATH_BYTES], err[2048];
    memset(c, 0, sizeof *c);
    if (o->no_config)
        return 0;
    if (!o->config_path && config_default_path(path, sizeof path) != 0)
        return 0;
    if (config_load_in(c, o->config_path ? o->config_path : path, o->config_path != NULL,
                       o->says, err, sizeof err) != 0) {
        fprintf(stderr, "attn-tui: %s\n", err);
        return -1;
    }
    config_apply(c, o);
    return 0;
}

/* The model --model names (an installed model's name, or a path), else the built-in one. */
static int main_load(const Options *o, Model *m, char *err, size_t errlen)
{
    Lang lang = o->lang != LANG_AUTO ? o->lang : o->says;
    char path[MODEL_NAME_PATH_BYTES];
    if (!o->model_path)
        return model_load_default(m, err, errlen);
    if (model_name_resolve(o->model_path, path, sizeof path, lang, err, errlen) != 0)
        return -1;
    return model_load_file_in(path, lang, m, err, errlen);
}

/* The sentence to run: --sentence decoded (vocabulary characters or the ASCII
 * spelling of spell.h; a full-width form read as the vocabulary writes it, *folded counting
 * them), or the model's own. */
static int main_sentence(const Options *o, const Model *m, char *out, size_t cap,
                         char *err, size_t errlen, int *folded)
{
    *folded = 0;
    if (!o->sentence) {   /* a lesson's model's sentence has at most 16 characters: it fits */
        text_format(out, cap, "%s", m->sentence);
        return 0;
    }
    Lang lang = o->lang != LANG_AUTO ? o->lang : o->says;
    if (spell_decode_folded(m, o->sentence, out, cap, err, errlen, NULL, lang, folded) != 0)
        return -1;
    if (out[0] == '\0') {   /* "" or blanks only: said here, after "--sentence:" */
        snprintf(err, errlen, LANG_PICK(lang, "the sentence is empty: give 1 to %d characters",
                                        "句子是空的：请给 1 到 %d 个字"), MODEL_SENTENCE_LIMIT(m));
        return -1;
    }
    return 0;
}

/* The one line saying that --sentence's full-width forms were read as the vocabulary's
 * (the status line's notice; on standard error where nothing plays). */
static const char *main_folded_note(Lang lang, const char *sentence)
{
    static char note[256];
    snprintf(note, sizeof note, LANG_PICK(lang, "--sentence: full-width and half-width forms read as the vocabulary writes them: %s",
                                          "--sentence：全角、半角字符按词表里的写法读：%s"), sentence);
    return note;
}

/* --dump: writes the tables (or JSON, or the model) and says why when it cannot. */
static int main_dump(const Options *o, const Trace *tr, const char *sentence)
{
    DumpOptions d = { .format = o->json ? DUMP_JSON : o->model_text ? DUMP_MODEL : DUMP_TEXT,
                      .zh = (o->lang == LANG_AUTO ? cli_lang_from_env() : o->lang) == LANG_ZH };
    int e = dump_write(stdout, tr, sentence, &d);
    if (e == 0)
        return 0;
    main_stdout_failed("--dump", e, o->lang);
    return EXIT_DATA;
}

/* --export FMT: the script on standard output, or what failed on standard error. */
static int main_export(const Options *o, const Model *m, const char *sentence)
{
    char err[2048];
    const char *stdout_name = LANG_PICK(o->lang, "standard output", "标准输出");
    if (o->export_format == EXPORT_PYTHON_TRAIN) {   /* training's first steps */
        TrainConfig cfg;
        if (train_cmd_config(o, o->model_path ? m : NULL, &cfg, err, sizeof err) != 0) {
            fprintf(stderr, "attn-tui: %s\n", err);   /* in o->lang already */
            return EXIT_USAGE;
        }
        if (export_train_write(stdout, stdout_name, &cfg, o->model_path ? m : NULL,
                               o->steps >= 0 ? (int)o->steps : EXPORT_TRAIN_STEPS, err, sizeof err) == 0)
            return 0;
        fprintf(stderr, LANG_PICK(o->lang, "attn-tui: --export python-train: %s\n",
                                  "attn-tui: --export python-train：%s\n"), err);
        return EXIT_DATA;
    }
    if (export_write(stdout, stdout_name, (ExportFormat)o->export_format, m, sentence, o->lang,
                     err, sizeof err) == 0)
        return 0;
    fprintf(stderr, LANG_PICK(o->lang, "attn-tui: --export %s: %s\n", "attn-tui: --export %s：%s\n"),
            export_format_name((ExportFormat)o->export_format), err);
    return EXIT_DATA;
}

/* ---------------------------------------------------------------- practice and what-if */

/* --set NAME[i][j]=VALUE, each in turn, on the loaded model, or (score[A][B]=V) on the
 * pass's score set *score, against the sentence; each change made kept in *log (the
 * screens say what is set). Returns 0, or -1 with err. */
static int main_apply_sets(const Options *o, Model *m, const char *sentence, ScoreSet *score,
                           EditLog *log, char *err, size_t errlen)
{
    log->n = 0;
    for (int i = 0; i < o->n_sets; i++) {
        Edit e;
        if (edit_parse_in(m, sentence, o->sets[i], o->lang, &e, err, errlen) != 0)
            return -1;
        if (e.target == EDIT_SCORE && o->export_format >= 0) {
            snprintf(err, errlen, LANG_PICK(o->lang, "--set: a score set by hand does not combine with --export: "
                                            "the export checks the model's own arithmetic",
                                            "--set：手设的分数不能和 --export 一起用：导出的脚本核对的是模型自己的算术"));
            return -1;
        }
        if (e.target == EDIT_SCORE && score->on) {   /* the pass replaces one Q·K cell */
            snprintf(err, errlen, LANG_PICK(o->lang, "--set: one score at a time: '%s' would drop the score set before it",
                                            "--set：一次只能手设一个分数：「%s」会把前面设的分数换掉"), o->sets[i]);
            return -1;
        }
        edit_apply(m, score, &e);
        if (log->n < EDIT_MAX)
            log->e[log->n++] = e;
    }
    return 0;
}

/* --worksheet N --format pdf: the sheet as a PDF to --output FILE (atomically; an existing
 * file only with --overwrite), or to standard output when that is no terminal; then how many
 * pages, on stderr. Without the PDF module: what to install, exit 2. */
static int main_worksheet_pdf(const Options *o, const Trace *tr, const WorksheetOptions *w)
{
    Lang lang = w->lang;
    char err[1024];
    if (!o->output_path && isatty(STDOUT_FILENO)) {
        fprintf(stderr, LANG_PICK(lang, "attn-tui: --format pdf: standard output is a terminal: give --output FILE\n",
                                  "attn-tui: --format pdf：标准输出是终端：请用 --output FILE 指定文件\n"));
        return EXIT_USAGE;
    }
    OutFile f;
    if (o->output_path && outfile_open(&f, o->output_path, OUTFILE_ATOMIC, o->overwrite, lang, err, sizeof err) != 0) {
        fprintf(stderr, "attn-tui: --output%s%s\n", LANG_PICK(lang, ": ", "："), err);
        return EXIT_DATA;
    }
    WorksheetPdfPages pages;
    errno = 0;
    WorksheetPdfStatus st = worksheet_write_pdf(o->output_path ? f.fp : stdout, tr, w, &pages, err, sizeof err);
    if (st == WORKSHEET_PDF_OK && !o->output_path && fflush(stdout) != 0) {
        snprintf(err, sizeof err, "%s", lang_strerror(lang, errno ? errno : EIO).text);
        st = WORKSHEET_PDF_FAILED;
    }
    if (st == WORKSHEET_PDF_OK && o->output_path && outfile_commit(&f, err, sizeof err) != 0)
        st = WORKSHEET_PDF_FAILED;
    if (st != WORKSHEET_PDF_OK) {
        if (o->output_path)
            outfile_abort(&f);
        fprintf(stderr, "attn-tui: %s\n", err);
        return st == WORKSHEET_PDF_NO_MODULE ? EXIT_USAGE : EXIT_DATA;
    }
    char where[OUTFILE_PATH_BYTES + 64];
    if (o->output_path)
        outfile_where(o->output_path, where, sizeof where);
    else
        snprintf(where, sizeof where, "%s", LANG_PICK(lang, "standard output", "标准输出"));
    if (w->answers)
        fprintf(stderr, LANG_PICK(lang, "attn-tui: wrote %s: %d pages, %d of questions and %d of the key\n",
                                  "attn-tui: 已写出 %s：共 %d 页，题目 %d 页，答案 %d 页\n"),
                where, pages.pages, pages.question_pages, pages.key_pages);
    else
        fprintf(stderr, LANG_PICK(lang, pages.pages == 1 ? "attn-tui: wrote %s: %d page\n" : "attn-tui: wrote %s: %d pages\n",
                                  "attn-tui: 已写出 %s：共 %d 页\n"), where, pages.pages);
    return 0;
}

/* --worksheet N: the sheet (or its key) on standard output, or as a PDF. */
static int main_worksheet(const Options *o, const Trace *tr)
{
    WorksheetOptions w = { o->worksheet, o->seed_set ? o->seed : QUIZ_DEFAULT_SEED, o->answers,
                           (o->lang == LANG_AUTO ? cli_lang_from_env() : o->lang) };
    if (o->pdf)
        return main_worksheet_pdf(o, tr, &w);
    int e = worksheet_write(stdout, tr, &w);
    if (e == 0)
        return 0;
    main_stdout_failed("--worksheet", e, o->lang);
    return EXIT_DATA;
}

/* The size --print draws at: --size, else the terminal's, else 80 × 24. */
static void main_print_size(const Options *o, int *w, int *h)
{
    struct winsize ws;
    *w = 80;
    *h = 24;
    if (o->print_w > 0) {
        *w = o->print_w;
        *h = o->print_h;
    } else if (isatty(STDOUT_FILENO) && ioctl(STDOUT_FILENO, TIOCGWINSZ, &ws) == 0 &&
               ws.ws_col > 0 && ws.ws_row > 0) {
        *w = ws.ws_col < GRID_MAX_SIDE ? ws.ws_col : GRID_MAX_SIDE;   /* a frame is at */
        *h = ws.ws_row < GRID_MAX_SIDE ? ws.ws_row : GRID_MAX_SIDE;   /* most that big */
    }
}

/* A layered model in ASCII mode: its 2 500 characters have no ASCII spelling. Says so in one
 * line and returns true. */
static bool main_poem_needs_chinese(const Options *o, const Lesson *ls)
{
    if (!ls->has_poem || !o->ascii)
        return false;
    fprintf(stderr, "%s", LANG_PICK(o->lang, "attn-tui: the poem model needs a terminal that shows Chinese "
                                             "(this one draws ASCII: try --no-ascii in a UTF-8 terminal)\n",
                                    "attn-tui：唐诗模型要用能显示中文的终端（这个终端只画 ASCII：在 UTF-8 终端里试试 --no-ascii）\n"));
    return true;
}

/* --print: the frame the options describe, settled, as plain text (or with colours). */
static int main_print(Options *o, const Lesson *ls, const EditLog *set)
{
    int w, h;
    main_print_size(o, &w, &h);
    if (isatty(STDOUT_FILENO)) {   /* a frame for this terminal: what it can draw; a file gets Unicode */
        char unshown[128];         /* a printed frame shows no notice */
        main_ascii_for_terminal(o, unshown, sizeof unshown);
    }
    setlocale(LC_ALL, "");
    if (o->lang == LANG_AUTO)
        o->lang = cli_lang_from_env();
    if (main_poem_needs_chinese(o, ls))
        return EXIT_USAGE;
    const char *frame_name = LANG_PICK(o->lang, "the frame", "画面");
    Player p;
    Ui ui;
    app_start_state(o, ls, 0, &p, &ui);
    ui_model_in_play(&ui, &ui.play, set, NULL);   /* --set's changes: every screen says so */
    FrameOptions fo = { .lang = o->lang, .ascii = o->ascii, .notice = NULL, .prog = o->prog };
    FrameInput in = { .lesson = ls, .player = &p, .ui = &ui, .progress = 1.0, .opt = &fo };
    if (o->svg) {   /* the picture S writes in the program, drawn the same way */
        Snapshot shot = { 0 };
        int made = snapshot_take(&shot, &in, w, h, o->chrome);
        ui_free(&ui);
        int status = 0;
        errno = 0;
        if (made != 0) {
            main_out_of_memory(o->lang);
            status = EXIT_DATA;
        } else if (snapshot_svg(&shot, stdout, o->theme) != 0 || fflush(stdout) != 0) {
            main_cannot_write(frame_name, o->lang);
            status = EXIT_DATA;
        }
        snapshot_free(&shot);
        return status;
    }
    Grid g;
    if (grid_init(&g, w, h) != 0) {
        main_out_of_memory(o->lang);
        ui_free(&ui);
        return EXIT_DATA;
    }
    frame_render(&g, &in);
    ui_free(&ui);
    const char *no_colour = getenv("NO_COLOR");
    bool colour = !(no_colour && *no_colour) &&   /* NO_COLOR wins over --color always */
                  (o->color == COLOR_ALWAYS || (o->color == COLOR_AUTO && isatty(STDOUT_FILENO)));
    int status = 0;
    if (colour) {
        errno = 0;
        if (ansi_write_grid(stdout, &g, o->theme) != 0 || fflush(stdout) != 0) {
            main_cannot_write(frame_name, o->lang);
            status = EXIT_DATA;
        }
    } else {
        size_t n = grid_to_text(&g, NULL, 0);
        char *text = malloc(n + 1);
        if (!text) {
            main_out_of_memory(o->lang);
            status = EXIT_DATA;
        } else {
            grid_to_text(&g, text, n + 1);
            status = main_write_text(text, frame_name, o->lang);
            free(text);
        }
    }
    grid_free(&g);
    return status;
}

static int main_play(Options *o, Model *m, Lesson *ls, const EditLog *set, const char *sentence_note)
{
    char why[256];
    if (term_check(o->lang, why, sizeof why) != 0) {
        fprintf(stderr, LANG_PICK(o->lang, "attn-tui: %s: " MAIN_NO_TERMINAL_HINT "\n",
                                  "attn-tui: %s：" MAIN_NO_TERMINAL_HINT_ZH "\n"), why);
        return EXIT_DATA;
    }
    char for_terminal[128];
    const char *notice = main_setup_locale(&o->ascii, o->lang);
    if (!notice && main_ascii_for_terminal(o, for_terminal, sizeof for_terminal))
        notice = for_terminal;
    if (!notice)
        notice = sentence_note;
    if (o->lang == LANG_AUTO)
        o->lang = cli_lang_from_env();
    if (main_poem_needs_chinese(o, ls))
        return EXIT_USAGE;
    return app_run(o, m, ls, set, notice);
}

/* The config file's lang (LANG_AUTO when none): what the messages about the command line
 * and the config speak when argv has no --lang, so that `lang = zh` in the config makes them
 * Chinese too. The file --config names, else the default one; none with --no-config. Read
 * leniently: a line "lang = zh" counts wherever it stands, whatever else the file holds. */
static Lang main_config_lang(int argc, char **argv)
{
    const char *path = NULL;
    char def[CONFIG_PATH_BYTES];
    for (int i = 1; i < argc; i++) {
        if (strcmp(argv[i], "--") == 0)
            break;
        if (strcmp(argv[i], "--no-config") == 0)
            return LANG_AUTO;
        if (strcmp(argv[i], "--config") == 0 && i + 1 < argc)
            path = argv[++i];
        else if (strncmp(argv[i], "--config=", 9) == 0)
            path = argv[i] + 9;
    }
    if (!path && config_default_path(def, sizeof def) != 0)
        return LANG_AUTO;
    FILE *f = infile_open(path ? path : def);   /* never a FIFO or a device */
    if (!f)
        return LANG_AUTO;
    Lang lang = LANG_AUTO;
    char line[1024];   /* a line longer than that is no "lang = zh" */
    for (int n = 0; n < 1000 && fgets(line, sizeof line, f); n++) {
        char key[16], value[16];
        line[strcspn(line, "#\n")] = '\0';
        if (sscanf(line, " %15[a-z] = %15s", key, value) == 2 && strcmp(key, "lang") == 0)
            lang = strcmp(value, "zh") == 0 ? LANG_ZH : strcmp(value, "en") == 0 ? LANG_EN : lang;
    }
    fclose(f);
    return lang;
}

int main(int argc, char **argv)
{
    Options o;
    char err[2048];
    /* One behaviour for every output over a file-size limit (ulimit -f): the write fails
     * with EFBIG, the program says so and exits 1 (term.c leaves an ignored signal so). */
    signal(SIGXFSZ, SIG_IGN);
    if (cli_parse_says(argc, argv, main_config_lang(argc, argv), &o, err, sizeof err) != 0) {
        fprintf(stderr, "attn-tui: %s\n", err);
        return EXIT_USAGE;
    }
    if (o.help) {
        char help[CLI_USAGE_BYTES];
        cli_usage(o.says, help, sizeof help);
        return main_write_text(help, LANG_PICK(o.says, "the help", "帮助"), o.says);
    }
    if (o.keys >= 0) {
        errno = 0;
        if (keydoc_write(stdout, (KeyDocFormat)o.keys, o.lang == LANG_ZH ? LANG_ZH : LANG_EN) != 0 ||
            fflush(stdout) != 0) {
            main_cannot_write(LANG_PICK(o.says, "the keys", "按键表"), o.says);
            return EXIT_DATA;
        }
        return 0;
    }
    if (o.version && o.says == LANG_ZH)
        return main_write_text("attn-tui " ATTN_VERSION "\n"
                               "版权所有 (c) 2026 attn-tui 的作者们。\n"
                               "MIT 许可证：见 LICENSE 文件（" ATTN_DOCDIR "/copyright）。\n", "版本信息", o.says);
    if (o.version)
        return main_write_text("attn-tui " ATTN_VERSION "\n"
                               "Copyright (c) 2026 the attn-tui authors.\n"
                               "MIT License: see the file LICENSE (" ATTN_DOCDIR "/copyright).\n",
                               "the version", o.says);
    if (o.completion >= 0)
        return main_completion((CompletionShell)o.completion, o.says);
    Config config;   /* kept while o points into it (the config's model path) */
    if (main_config(&o, &config) != 0)
        return EXIT_USAGE;
    if (o.lang == LANG_AUTO)   /* from here on every message speaks it */
        o.lang = o.says;
    if (o.train && o.task == CLI_TASK_POEMS)   /* a layered model on poems */
        return poem_cmd_train(&o, stderr, isatty(STDERR_FILENO));
    if (o.train) {   /* --train: headless, progress on stderr */
        return train_cmd_run(&o, stderr, isatty(STDERR_FILENO));
    }
    if (o.export_format == EXPORT_PYTHON_TRAIN && o.task == CLI_TASK_POEMS && !o.model_path)
        return poem_cmd_export_train(&o, NULL);   /* from the seeded weights of a poem run */
    Model model;
    if (main_load(&o, &model, err, sizeof err) != 0) {
        fprintf(stderr, "attn-tui: %s\n", err);
        return o.model_path && model_name_is_installed(o.model_path) ? EXIT_USAGE : EXIT_DATA;
    }
    bool headless = o.generate || o.dump || o.export_format >= 0 || o.worksheet;
    if ((model.layers > 0 && headless) || o.generate || o.task == CLI_TASK_POEMS) {   /* no lesson to build */
        int status = model.layers > 0 ? poem_cmd_run(&o, &model, o.model_path) : EXIT_USAGE;
        if (model.layers == 0)
            fprintf(stderr, LANG_PICK(o.lang, "attn-tui: %s needs a layered model (try --model poems)\n",
                                      "attn-tui: %s 要用分层的模型（试试 --model poems）\n"),
                    o.generate ? "--generate" : "--task poems");
        model_free(&model);
        return status;
    }
    if (model.layers > 0 && o.n_sets > 0) {   /* what if changes the lesson's machine only */
        fprintf(stderr, LANG_PICK(o.lang, "attn-tui: --set changes the lesson's model, not a layered one\n",
                                  "attn-tui：--set 只能改课上的模型，不能改分层的模型\n"));
        model_free(&model);
        return EXIT_USAGE;
    }
    char sentence[MODEL_SENTENCE_BYTES];
    int folded;
    if (main_sentence(&o, &model, sentence, sizeof sentence, err, sizeof err, &folded) != 0) {
        fprintf(stderr, LANG_PICK(o.lang, "attn-tui: --sentence: %s\n", "attn-tui: --sentence：%s\n"), err);
        model_free(&model);
        return EXIT_DATA;
    }
    EngineConfig cfg = { .mask = o.mask ? MASK_CAUSAL : MASK_NONE, .heads = o.heads, .lang = o.lang };
    static EditLog set;   /* --set's changes (64 of them: kept off the stack) */
    if (main_apply_sets(&o, &model, sentence, &cfg.score, &set, err, sizeof err) != 0) {
        fprintf(stderr, "attn-tui: %s\n", err);
        model_free(&model);
        return EXIT_USAGE;
    }
    if (model.layers > 0)   /* its heads are its layers' (the lesson's --heads is lesson 7's) */
        o.heads = 1;
    else if (!(o.given & CLI_GIVEN_HEADS) && model.heads > 0)   /* a trained model's [heads]; --heads overrides */
        o.heads = model.heads;
    cfg.heads = o.heads;
    bool plays = !(o.worksheet || o.dump || o.export_format >= 0 || o.print);
    if (folded && !plays)   /* said where nothing plays (the status line says it where it does) */
        fprintf(stderr, "attn-tui: %s\n", main_folded_note(o.lang, sentence));
    Lesson lesson;
    int status, r = lesson_build(&lesson, &model, sentence, &cfg, err, sizeof err);
    for (int i = 0; r == 0 && i < set.n; i++)   /* a score set replaced the pass's Q·K: said from it */
        if (set.e[i].target == EDIT_SCORE)
            engine_score_set(&lesson.tr, set.e[i].head, set.e[i].row, set.e[i].col, &set.e[i].before);
    if (r != 0) {
        if (r == ENGINE_NOT_FINITE) {  /* the model's numbers, not the sentence, are at fault */
            char shown[512];
            fprintf(stderr, LANG_PICK(o.lang, "attn-tui: %s: %s\n", "attn-tui: %s：%s\n"),
                    o.model_path ? text_escape(o.model_path, shown, sizeof shown)
                                 : LANG_PICK(o.lang, "built-in model", "内置模型"),
                    err);
        } else {
            fprintf(stderr, "attn-tui: %s\n", err);
        }
        status = EXIT_DATA;
    } else if (o.focus >= lesson.tr.T) {
        fprintf(stderr, LANG_PICK(o.lang, "attn-tui: --focus %d: the sentence has only %d characters\n",
                                  "attn-tui: --focus %d：句子只有 %d 个字\n"),
                o.focus + 1, lesson.tr.T);
        status = EXIT_USAGE;
    } else if (o.worksheet) {
        status = main_worksheet(&o, &lesson.tr);
    } else if (o.dump) {
        status = main_dump(&o, &lesson.tr, sentence);
    } else if (o.export_format >= 0) {
        status = main_export(&o, &model, sentence);
    } else if (o.print) {
        status = main_print(&o, &lesson, &set);
    } else {
        status = main_play(&o, &model, &lesson, &set, folded ? main_folded_note(o.lang, sentence) : NULL);
    }
    lesson_free(&lesson);
    model_free(&model);
    return status;
}
