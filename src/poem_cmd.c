/* poem_cmd.c — the headless commands of a layered model (poem_cmd.h): training on poems,
 * writing with --generate, and --dump --format model / --export for a layered model.
 * Owns: the training loop's progress and summary, the provenance at the top of a trained model,
 * the exit codes. Must not touch: the terminal's screen (plain stdio only), the arithmetic. */
#include "poem_cmd.h"

#include <errno.h>
#include <math.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include "corpus.h"
#include "export.h"
#include "export_layered.h"
#include "format.h"
#include "model_name.h"
#include "model_write.h"
#include "outfile.h"
#include "poem_check.h"
#include "poem_train.h"
#include "progress.h"
#include "text.h"
#include "transformer.h"

#define EXIT_DATA 1    /* a failed write, out of memory */
#define EXIT_USAGE 2   /* a refused corpus or request */
#define BAR_EVERY 10   /* steps between two redraws of the bar */
#define CONTINUE_PROMPT "床前明月光，"   /* the continuation the summary shows, when it can */

static double wall_now(void)
{
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return (double)ts.tv_sec + (double)ts.tv_nsec * 1e-9;
}

/* A number with `digits` decimals and '.', whatever LC_NUMERIC says. */
static const char *fixed(double v, int digits, char *buf, size_t cap)
{
    return format_fixed(buf, cap, v, digits);
}

/* "4m05s" or "37s". */
static const char *duration(double seconds, char *buf, size_t cap)
{
    long s = seconds > 0 ? (long)(seconds + 0.5) : 0;
    if (s >= 60)
        snprintf(buf, cap, "%ldm%02lds", s / 60, s % 60);
    else
        snprintf(buf, cap, "%lds", s);
    return buf;
}

/* A file name for a command line: as it is when it holds only safe characters, else quoted. */
static void shell_word(char *buf, size_t cap, const char *s)
{
    if (strspn(s, "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789._/-+,:=") == strlen(s)) {
        snprintf(buf, cap, "%s", s);
        return;
    }
    size_t used = 0;
    if (cap < 3)
        return;
    buf[used++] = '\'';
    for (; *s && used + 5 < cap; s++) {
        if (*s == '\'') {
            memcpy(buf + used, "'\\''", 4);
            used += 4;
        } else {
            buf[used++] = *s;
        }
    }
    buf[used++] = '\'';
    buf[used] = '\0';
}

/* ---------------------------------------------------------------- training */

/* What a training run reports and writes at the top of its model. */
typedef struct {
    double train_loss, held_loss;   /* nats per character over the windows */
    double unigram, bigram;         /* the add-one baselines on the held-out windows */
    PoemForm form;                  /* the form test over the corpus's poems */
    char continued[64];             /* 床前明月光， continued greedily by 6, or "" */
} PoemSummary;

/* The lines at the top of a trained model: the exact command, the corpus and its SHA-256, the
 * losses, the form test, the schedule. Only numbers the run computed: the same run writes the
 * same bytes. */
static void provenance(char *buf, size_t cap, const Options *o, const PoemTrainRun *r, const Corpus *c,
                       const PoemSummary *s, const char *corpus_path)
{
    const PoemTrainConfig *cfg = poem_train_config(r);
    const Model *m = poem_train_model(r);
    char save[1024], corpus[1024], start[1024], lr[32], a[32], b[32], u[32], g[32], decay[32], floor[32];
    shell_word(save, sizeof save, o->save_path);
    shell_word(corpus, sizeof corpus, corpus_path);
    shell_word(start, sizeof start, o->model_path ? o->model_path : "");
    format_exact(lr, sizeof lr, cfg->lr);
    format_exact(floor, sizeof floor, cfg->lr_floor);
    format_exact(decay, sizeof decay, cfg->decay);
    char seed[32];
    snprintf(seed, sizeof seed, "%llu", (unsigned long long)cfg->seed);
    char grouped[32];
    format_grouped(grouped, sizeof grouped, (long long)m->param_count);
    size_t n = (size_t)snprintf(buf, cap,
        "Trained by attn-tui:\n"
        "  attn-tui --train --task poems%s%s%s%s --steps %d --seed %s%s%s --save %s\n"
        "corpus: %s%s, sha256 %s\n"
        "  %d poems, %d held out (poem i with i mod 10 = 9), %d characters with the end mark 〓\n",
        o->corpus_path ? " --corpus " : "", o->corpus_path ? corpus : "",
        o->model_path ? " --model " : "", o->model_path ? start : "",
        poem_train_steps_done(r), seed, o->lr > 0.0 ? " --lr " : "", o->lr > 0.0 ? lr : "", save,
        corpus_path, o->corpus_path ? "" : " (唐诗三百首, Debian's " CORPUS_PACKAGE "; the poems are in the public domain)",
        c->sha256, c->poems, c->held_out, c->vocab_size);
    if (n >= cap)
        return;
    n += (size_t)snprintf(buf + n, cap - n,
        "shape: %d layers × %d heads of width %d, d %d, MLP %d, context %d: %s numbers\n"
        "AdamW: %d steps of %d windows, lr %s (warm-up %d steps, then a cosine to lr × %s), betas 0.9 0.999, "
        "eps 1e-8, weight decay %s\n"
        "loss in nats per character: held out %s, training %s; add-one baselines on the held-out poems: "
        "unigram %s, bigram %s\n",
        m->layers, m->heads, m->d / m->heads, m->d, m->mlp, m->context, grouped,
        poem_train_steps_done(r), cfg->batch, lr, cfg->warmup, floor, decay,
        fixed(s->held_loss, 4, a, sizeof a), fixed(s->train_loss, 4, b, sizeof b),
        fixed(s->unigram, 4, u, sizeof u), fixed(s->bigram, 4, g, sizeof g));
    if (n >= cap)
        return;
    n += (size_t)snprintf(buf + n, cap - n, "form test: %d of %d first lines continued in form",
                          s->form.passed, s->form.tested);
    if (s->continued[0] && n < cap)
        n += (size_t)snprintf(buf + n, cap - n, "; %s → %s", CONTINUE_PROMPT, s->continued);
    if (n < cap && m->head_stats)
        n += (size_t)snprintf(buf + n, cap - n, "\nwhat the heads do on the held-out poems ([head stats]):");
    for (int l = 0; l < m->layers && n < cap; l++)
        for (int h = 0; h < m->heads && n < cap; h++) {
            char said[128];
            if (transformer_head_describe(m, l, h, LANG_EN, said, sizeof said) == 0)
                n += (size_t)snprintf(buf + n, cap - n, "\n  layer %d head %d: %s", l + 1, h + 1, said);
        }
}

/* The bar's figures: step, loss since the last redraw, held-out loss, speed, time left. */
static void show_progress(FILE *f, const PoemTrainRun *r, int total, double loss, double held, double rate,
                          Lang lang, int cols)
{
    char l[32], h[32], v[32], left[32], figures[256];
    int step = poem_train_steps_done(r);
    snprintf(figures, sizeof figures, LANG_PICK(lang, "step %d/%d  loss %s  held-out %s  %s steps/s  %s left",
                                                "第 %d/%d 步  损失 %s  留出 %s  每秒 %s 步  还要 %s"),
             step, total, fixed(loss, 4, l, sizeof l), isnan(held) ? "…" : fixed(held, 4, h, sizeof h),
             fixed(rate, 1, v, sizeof v), duration(rate > 0 ? (total - step) / rate : 0, left, sizeof left));
    progress_show(f, cols, step, total, figures);
}

/* The steps, with the bar (a terminal) or a plain line every POEM_CMD_LINE_EVERY steps. */
static void train_loop(PoemTrainRun *r, int total, FILE *progress, bool tty, Lang lang)
{
    int cols = tty ? progress_columns(progress) : 80;
    double t0 = wall_now(), sum = 0.0, held = NAN;
    int since = 0;
    while (poem_train_steps_done(r) < total) {
        sum += poem_train_step(r);
        since++;
        int step = poem_train_steps_done(r);
        double rate = step / fmax(wall_now() - t0, 1e-9);
        if (tty && (step % POEM_CMD_HELD_EVERY == 0 || step == total))
            held = poem_train_loss(r, true);
        if (tty && (step % BAR_EVERY == 0 || step == total)) {
            show_progress(progress, r, total, sum / since, held, rate, lang, cols);
            sum = 0.0;
            since = 0;
        } else if (!tty && (step % POEM_CMD_LINE_EVERY == 0 || step == total)) {
            char l[32], h[32], v[32];
            fprintf(progress, LANG_PICK(lang, "step %d/%d  loss %s  held-out %s  %s steps/s\n",
                                        "第 %d/%d 步  损失 %s  留出 %s  每秒 %s 步\n"),
                    step, total, fixed(sum / since, 4, l, sizeof l), fixed(poem_train_loss(r, true), 4, h, sizeof h),
                    fixed(rate, 1, v, sizeof v));
            fflush(progress);
            sum = 0.0;
            since = 0;
        }
    }
    if (tty && total > 0)
        fputc('\n', progress);
}

/* Writes the run's model to path with its provenance: a temporary file renamed into place. */
static int save_model(const PoemTrainRun *r, const char *preamble, const Options *o, char *msg, size_t cap)
{
    OutFile f;
    if (outfile_open(&f, o->save_path, OUTFILE_ATOMIC, o->overwrite, o->lang, msg, cap) != 0)
        return -1;
    const Model *m = poem_train_model(r);
    model_write_layered(f.fp, m, m->sentence, preamble);
    if (outfile_commit(&f, msg, cap) != 0)
        return -1;
    outfile_where(o->save_path, msg, cap);
    return 0;
}

/* The file --model names (an installed model's name, or a path) into path; 0, or -1 after one
 * line on f. */
static int resolve_model(const Options *o, char *path, size_t cap, FILE *f)
{
    char err[1024];
    if (model_name_resolve(o->model_path, path, cap, o->lang, err, sizeof err) == 0)
        return 0;
    fprintf(f, "attn-tui: --model: %s\n", err);
    return -1;
}

/* Loads --model FILE (a layered model) to start from, into *m. 0, or 2 after one line. */
static int load_start(const Options *o, Model *m, FILE *progress)
{
    char err[2048], path[4096];
    memset(m, 0, sizeof *m);
    if (!o->model_path)
        return 0;
    if (resolve_model(o, path, sizeof path, progress) != 0)
        return EXIT_USAGE;
    if (model_load_file_in(path, o->lang, m, err, sizeof err) != 0) {
        fprintf(progress, "attn-tui: %s\n", err);
        return EXIT_USAGE;
    }
    if (m->layers == 0) {
        fprintf(progress, LANG_PICK(o->lang, "attn-tui: --train --task poems: %s is the lesson's kind of model, "
                                    "not a layered one\n", "attn-tui: --train --task poems：%s 是课上那种模型，不是分层的模型\n"),
                o->model_path);
        model_free(m);
        return EXIT_USAGE;
    }
    return 0;
}

int poem_cmd_train(const Options *o, FILE *progress, bool tty)
{
    char err[2048];
    Corpus corpus;
    const char *corpus_path = o->corpus_path ? o->corpus_path : CORPUS_DEFAULT_PATH;
    if (corpus_load_file(o->corpus_path, o->lang, &corpus, err, sizeof err) != 0) {
        fprintf(progress, "attn-tui: %s\n", err);
        return EXIT_USAGE;
    }
    Model start;
    int status = load_start(o, &start, progress);
    if (status != 0) {
        corpus_free(&corpus);
        return status;
    }
    PoemTrainConfig cfg;
    poem_train_config_default(&cfg);
    cfg.seed = o->seed;
    if (o->steps >= 0)
        cfg.steps = (int)o->steps;
    if (o->lr > 0.0)
        cfg.lr = o->lr;
    PoemTrainRun *r;
    if (poem_train_new(&r, &corpus, &cfg, o->model_path ? &start : NULL, o->lang, err, sizeof err) != 0) {
        fprintf(progress, LANG_PICK(o->lang, "attn-tui: --train: %s\n", "attn-tui: --train：%s\n"), err);
        model_free(&start);
        corpus_free(&corpus);
        return EXIT_USAGE;
    }
    model_free(&start);
    OutFile f;   /* tried first, so that a file that cannot be written is said before training */
    if (outfile_open(&f, o->save_path, OUTFILE_ATOMIC, o->overwrite, o->lang, err, sizeof err) != 0) {
        fprintf(progress, LANG_PICK(o->lang, "attn-tui: --save: %s\n", "attn-tui: --save：%s\n"), err);
        poem_train_free(r);
        corpus_free(&corpus);
        return EXIT_DATA;
    }
    outfile_abort(&f);
    double t0 = wall_now();
    train_loop(r, cfg.steps, progress, tty, o->lang);
    double seconds = wall_now() - t0;
    PoemSummary s;
    memset(&s, 0, sizeof s);
    s.train_loss = poem_train_loss(r, false);
    s.held_loss = poem_train_loss(r, true);
    poem_train_baselines(r, &s.unigram, &s.bigram);
    poem_train_head_stats(r);
    poem_form_test(poem_train_model(r), &corpus, &s.form);
    char unused[256];
    if (poem_continue(poem_train_model(r), CONTINUE_PROMPT, 6, 0.0, 1, NULL, NULL, s.continued,
                      sizeof s.continued, LANG_EN, unused, sizeof unused) < 0)
        s.continued[0] = '\0';
    char *preamble = malloc(8192);
    if (!preamble) {
        fprintf(progress, "%s", LANG_PICK(o->lang, "attn-tui: out of memory\n", "attn-tui: 内存不足\n"));
        poem_train_free(r);
        corpus_free(&corpus);
        return EXIT_DATA;
    }
    provenance(preamble, 8192, o, r, &corpus, &s, corpus_path);
    char t[32], rate[32], h[32], tl[32], u[32], b[32];
    fprintf(progress, LANG_PICK(o->lang,
            "trained %d steps in %s (%s steps/s): loss %s on the training poems, %s held out "
            "(add-one unigram %s, bigram %s); form test %d of %d",
            "训练了 %d 步，用时 %s（每秒 %s 步）：训练诗上的损失 %s，留出的诗上 %s（加一平滑的一元模型 %s，二元模型 %s）；格律测试 %d/%d"),
            poem_train_steps_done(r), duration(seconds, t, sizeof t),
            fixed(poem_train_steps_done(r) / fmax(seconds, 1e-9), 1, rate, sizeof rate),
            fixed(s.train_loss, 4, tl, sizeof tl), fixed(s.held_loss, 4, h, sizeof h),
            fixed(s.unigram, 4, u, sizeof u), fixed(s.bigram, 4, b, sizeof b), s.form.passed, s.form.tested);
    if (s.continued[0])
        fprintf(progress, "; %s → %s", CONTINUE_PROMPT, s.continued);
    fputc('\n', progress);
    status = 0;
    if (save_model(r, preamble, o, err, sizeof err) != 0) {
        fprintf(progress, LANG_PICK(o->lang, "attn-tui: --save: %s\n", "attn-tui: --save：%s\n"), err);
        status = EXIT_DATA;
    } else {
        fprintf(progress, LANG_PICK(o->lang, "saved to %s\n", "已保存到 %s\n"), err);
    }
    free(preamble);
    poem_train_free(r);
    corpus_free(&corpus);
    return status;
}

/* ---------------------------------------------------------------- a layered model, headless */

/* --generate's characters as they come: the end mark as a new line. */
typedef struct {
    FILE *out;        /* standard output */
    bool at_line;     /* the last thing written ends a line */
    bool failed;      /* a write failed */
} Emitter;

static void emit_char(const char *ch, void *ctx)
{
    Emitter *e = ctx;
    bool end = strcmp(ch, CORPUS_END_MARK) == 0;
    if (fputs(end ? "\n" : ch, e->out) == EOF || fflush(e->out) != 0)
        e->failed = true;
    e->at_line = end;
}

/* --generate TEXT: the continuation on standard output, each character as it is chosen. */
static int run_generate(const Options *o, const Model *m)
{
    char err[512];
    int chars = o->chars >= 0 ? (int)(o->chars < m->context ? o->chars : m->context) : m->context;
    Emitter e = { stdout, true, false };
    errno = 0;
    int n = poem_continue(m, o->generate, chars, o->temperature, o->seed, emit_char, &e, NULL, 0, o->lang,
                          err, sizeof err);
    if (n < 0) {
        fprintf(stderr, LANG_PICK(o->lang, "attn-tui: --generate: %s\n", "attn-tui: --generate：%s\n"), err);
        return EXIT_USAGE;
    }
    if (!e.at_line && (fputc('\n', stdout) == EOF || fflush(stdout) != 0))
        e.failed = true;
    if (e.failed) {
        fprintf(stderr, LANG_PICK(o->lang, "attn-tui: --generate: cannot write to standard output: %s\n",
                                  "attn-tui: --generate：写不进标准输出：%s\n"), lang_strerror(o->lang, errno ? errno : EIO).text);
        return EXIT_DATA;
    }
    return 0;
}

/* The line --export python checks: --sentence (the model's characters), else its [sentence]. */
static int run_export_python(const Options *o, const Model *m)
{
    char err[512];
    int ids[MODEL_MAX_CONTEXT];
    const char *text = o->sentence ? o->sentence : m->sentence;
    int T = transformer_ids(m, text, ids, m->context, o->lang, err, sizeof err);
    if (T < 0) {
        fprintf(stderr, LANG_PICK(o->lang, "attn-tui: --sentence: %s\n", "attn-tui: --sentence：%s\n"), err);
        return EXIT_USAGE;
    }
    errno = 0;
    if (export_layered_python(stdout, m, ids, T, text, o->lang) != 0 || fflush(stdout) != 0 || ferror(stdout)) {
        fprintf(stderr, LANG_PICK(o->lang, "attn-tui: --export python: cannot write to standard output: %s\n",
                                  "attn-tui: --export python：写不进标准输出：%s\n"), lang_strerror(o->lang, errno ? errno : EIO).text);
        return EXIT_DATA;
    }
    return 0;
}

int poem_cmd_export_train(const Options *o, const Model *m)
{
    char err[2048];
    Corpus corpus;
    if (corpus_load_file(o->corpus_path, o->lang, &corpus, err, sizeof err) != 0) {
        fprintf(stderr, "attn-tui: %s\n", err);
        return EXIT_USAGE;
    }
    PoemTrainConfig cfg;
    poem_train_config_default(&cfg);
    cfg.seed = o->seed;
    if (o->lr > 0.0)
        cfg.lr = o->lr;
    int steps = o->steps >= 0 ? (int)o->steps : EXPORT_TRAIN_STEPS;
    PoemTrainRun *r;
    if (poem_train_new(&r, &corpus, &cfg, m, o->lang, err, sizeof err) != 0) {
        fprintf(stderr, LANG_PICK(o->lang, "attn-tui: --export python-train: %s\n", "attn-tui: --export python-train：%s\n"), err);
        corpus_free(&corpus);
        return EXIT_USAGE;
    }
    errno = 0;
    int status = 0;
    if (export_layered_train(stdout, r, steps, o->lang) != 0 || fflush(stdout) != 0 || ferror(stdout)) {
        fprintf(stderr, LANG_PICK(o->lang, "attn-tui: --export python-train: cannot write to standard output: %s\n",
                                  "attn-tui: --export python-train：写不进标准输出：%s\n"), lang_strerror(o->lang, errno ? errno : EIO).text);
        status = EXIT_DATA;
    }
    poem_train_free(r);
    corpus_free(&corpus);
    return status;
}

/* --dump --format model: the model in its file format, [sentence] as given. */
static int dump_model_text(const Options *o, const Model *m)
{
    char err[512];
    int ids[MODEL_MAX_CONTEXT];
    const char *text = o->sentence ? o->sentence : m->sentence;
    if (transformer_ids(m, text, ids, m->context, o->lang, err, sizeof err) < 0) {
        fprintf(stderr, LANG_PICK(o->lang, "attn-tui: --sentence: %s\n", "attn-tui: --sentence：%s\n"), err);
        return EXIT_USAGE;
    }
    errno = 0;
    model_write_layered(stdout, m, text, NULL);
    if (fflush(stdout) != 0 || ferror(stdout)) {
        fprintf(stderr, LANG_PICK(o->lang, "attn-tui: --dump: cannot write to standard output: %s\n",
                                  "attn-tui: --dump：写不进标准输出：%s\n"), lang_strerror(o->lang, errno ? errno : EIO).text);
        return EXIT_DATA;
    }
    return 0;
}

int poem_cmd_run(const Options *o, const Model *m, const char *path)
{
    if (o->generate)
        return run_generate(o, m);
    if (o->dump && o->model_text)
        return dump_model_text(o, m);
    if (o->export_format == EXPORT_PYTHON)
        return run_export_python(o, m);
    if (o->export_format == EXPORT_PYTHON_TRAIN)
        return poem_cmd_export_train(o, m);
    char shown[512];
    text_escape(path, shown, sizeof shown);
    fprintf(stderr, LANG_PICK(o->lang, "attn-tui: %s: a layered model (%d × %d heads): the lesson's screens "
                              "do not play it; try --generate TEXT, --dump --format model or --export python\n",
                              "attn-tui: %s：分层的模型（%d 层 × %d 个头）：课上的画面不播放它；试试 --generate TEXT、"
                              "--dump --format model 或 --export python\n"),
            shown, m->layers, m->heads);
    return EXIT_USAGE;
}
