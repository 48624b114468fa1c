/* train_cmd.c — the headless --train: load, train with progress on stderr, save.
 * Owns: the loop of `attn-tui --train`, its progress bar and its last line. Must not
 * touch: the terminal's screen (it only writes lines to a stream), the arithmetic. */
#include "train_cmd.h"

#include <math.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include "dump.h"
#include "engine.h"
#include "model.h"
#include "outfile.h"
#include "progress.h"
#include "text.h"
#include "train.h"

#define TRAIN_CMD_CHUNK 50        /* steps between two redraws of the bar */
#define TRAIN_CMD_LINE_EVERY 1000 /* steps between two plain progress lines */

static double cpu_now(void)
{
    struct timespec ts;
    clock_gettime(CLOCK_PROCESS_CPUTIME_ID, &ts);
    return (double)ts.tv_sec + (double)ts.tv_nsec * 1e-9;
}

/* A loss as the progress lines write it: 4 decimals, or in e-notation where that would take
 * hundreds of digits (a start whose numbers are 1e300: its loss printed 300 digits a line). */
static const char *loss_text(double loss, char *buf, size_t cap)
{
    snprintf(buf, cap, isfinite(loss) && fabs(loss) < 1e9 ? "%.4f" : "%.4e", loss);
    return buf;
}

/* "[#######.........] step 120/5000  loss 0.8123  accuracy 72.7%" redrawn in place, in fewer
 * than cols columns: a line that wraps cannot be redrawn by \r (at 50 columns each redraw
 * left a row behind), so the bar narrows, then goes, then the figures are cut. */
static void show_bar(FILE *f, const TrainRun *r, long total, Lang lang, int cols)
{
    char loss[64], figures[256];
    int step = train_step_count(r);
    snprintf(figures, sizeof figures, LANG_PICK(lang, "step %d/%ld  loss %s  accuracy %.1f%%",
                                                "第 %d/%ld 步  损失 %s  正确率 %.1f%%"),
             step, total, loss_text(train_loss(r), loss, sizeof loss), 100.0 * train_accuracy(r));
    progress_show(f, cols, step, total, figures);
}

static void show_line(FILE *f, const TrainRun *r, Lang lang)
{
    char loss[64];
    fprintf(f, LANG_PICK(lang, "step %d  loss %s  accuracy %.1f%%\n", "第 %d 步  损失 %s  正确率 %.1f%%\n"),
            train_step_count(r), loss_text(train_loss(r), loss, sizeof loss),
            100.0 * train_accuracy(r));
}

/* The training itself: exactly o->steps steps, or until done. */
static void train_loop(TrainRun *r, const Options *o, FILE *progress, bool tty)
{
    int cols = tty ? progress_columns(progress) : 80;
    long total = o->steps >= 0 ? o->steps : train_config(r)->max_steps;
    while (train_step_count(r) < total && !train_failed(r) && (o->steps >= 0 || !train_done(r))) {
        long left = total - train_step_count(r);
        for (long i = 0; i < (left < TRAIN_CMD_CHUNK ? left : TRAIN_CMD_CHUNK); i++)
            if (train_step(r) != 0 || (o->steps < 0 && train_done(r)))
                break;
        if (tty)
            show_bar(progress, r, total, o->lang, cols);
        else if (train_step_count(r) % TRAIN_CMD_LINE_EVERY == 0)
            show_line(progress, r, o->lang);
    }
    if (tty)
        fputc('\n', progress);
}

/* Whether the forward pass refuses m on its own sentence as `attn-tui --model` runs it (a
 * number that overflows): true with the reason in err. */
static bool forward_refuses(const Model *m, int heads, Lang lang, char *err, size_t errlen)
{
    EngineConfig ec = { .mask = MASK_NONE, .heads = heads > 0 ? heads : 1, .lang = lang };
    Trace tr;
    int r = engine_forward_with(m, m->sentence, &ec, &tr, err, errlen);
    if (r == 0)
        engine_free(&tr);
    return r == ENGINE_NOT_FINITE;
}

int train_write_model(const Model *m, const char *path, bool overwrite, Lang lang, char *msg,
                      size_t cap)
{
    char why[512];
    if (forward_refuses(m, m->heads, lang, why, sizeof why)) {   /* never a model attn-tui refuses */
        char quoted[OUTFILE_PATH_BYTES];
        snprintf(msg, cap, LANG_PICK(lang, "%s: not saved: in the trained model, %s", "%s：没有保存：训练出的模型里，%s"),
                 text_escape(path, quoted, sizeof quoted), why);
        return -1;
    }
    OutFile f;
    if (outfile_open(&f, path, OUTFILE_ATOMIC, overwrite, lang, msg, cap) != 0)
        return f.exists ? 1 : -1;
    dump_model(f.fp, m, m->sentence);
    if (outfile_commit(&f, msg, cap) != 0)
        return f.exists ? 1 : -1;
    outfile_where(path, msg, cap);
    return 0;
}

/* Writes the run's model to --save OUT: a temporary file renamed into place. */
static int save(const TrainRun *r, const Options *o, FILE *progress)
{
    char err[OUTFILE_PATH_BYTES + 256];
    Model m;
    if (train_to_model(r, &m) != 0) {
        fprintf(progress, LANG_PICK(o->lang, "attn-tui: --save: out of memory\n", "attn-tui: --save：内存不足\n"));
        return 1;
    }
    int wrote = train_write_model(&m, o->save_path, o->overwrite, o->lang, err, sizeof err);
    model_free(&m);
    if (wrote == 0)
        return 0;
    fprintf(progress, LANG_PICK(o->lang, "attn-tui: --save: %s\n", "attn-tui: --save：%s\n"), err);
    return 1;
}

/* What the last line adds when the run did not learn: overflowed, or stuck (with a --lr
 * given, that may be the cause: --lr 10 stuck at 12.1% is told so, not only to change the seed). */
static const char *verdict(const TrainRun *r, const Options *o, bool zh)
{
    if (train_failed(r))
        return zh ? "（失败：数溢出了；试试小一点的 --lr）" : " (failed: the numbers overflowed; try a smaller --lr)";
    if (train_solved(r) || o->steps >= 0)
        return "";
    if (o->lr > 0.0)
        return zh ? "（卡住了：换个种子或换个 --lr 试试）" : " (stuck: try another seed or another --lr)";
    return zh ? "（卡住了：换个种子试试）" : " (stuck: try another seed)";
}

int train_cmd_config(const Options *o, const Model *start, TrainConfig *cfg, char *err,
                     size_t errlen)
{
    train_config_default(cfg, o->task >= 0 ? (TaskId)o->task : TASK_ADD);
    cfg->seed = o->seed;
    cfg->lang = o->lang == LANG_ZH ? LANG_ZH : LANG_EN;
    if (o->lr > 0.0)
        cfg->lr = o->lr;
    cfg->heads = (o->given & CLI_GIVEN_HEADS) || !start || start->heads == 0 ? o->heads : start->heads;
    if (start && start->d % cfg->heads != 0) {
        snprintf(err, errlen, LANG_PICK(o->lang, "--heads %d: the model's d = %d is not divisible by %d",
                                        "--heads %d：模型的 d = %d 不能被 %d 整除"), cfg->heads,
                 start->d, cfg->heads);
        return -1;
    }
    return 0;
}

int train_cmd_run(const Options *o, FILE *progress, bool tty)
{
    char err[2048];
    Model start;
    bool have_start = o->model_path != NULL;
    if (have_start && model_load_file_in(o->model_path, o->lang, &start, err, sizeof err) != 0) {
        fprintf(progress, "attn-tui: %s\n", err);
        return 1;
    }
    TrainConfig cfg;
    if (train_cmd_config(o, have_start ? &start : NULL, &cfg, err, sizeof err) != 0) {
        fprintf(progress, "attn-tui: %s\n", err);
        model_free(&start);
        return 2;
    }
    if (have_start && forward_refuses(&start, cfg.heads, o->lang, err, sizeof err)) {   /* as --model */
        char quoted[OUTFILE_PATH_BYTES];
        fprintf(progress, LANG_PICK(o->lang, "attn-tui: %s: %s\n", "attn-tui: %s：%s\n"),
                text_escape(o->model_path, quoted, sizeof quoted), err);
        model_free(&start);
        return 1;
    }
    TrainRun *r = train_new(&cfg, have_start ? &start : NULL, err, sizeof err);
    if (have_start)
        model_free(&start);
    if (!r) {
        fprintf(progress, LANG_PICK(o->lang, "attn-tui: --train: %s\n", "attn-tui: --train：%s\n"), err);
        return 1;
    }
    OutFile f;   /* tried first, so that a file that cannot be written is said before training;
                    closed again, so that an interrupted run leaves no temporary file */
    if (outfile_open(&f, o->save_path, OUTFILE_ATOMIC, o->overwrite, o->lang, err, sizeof err) != 0) {
        fprintf(progress, LANG_PICK(o->lang, "attn-tui: --save: %s\n", "attn-tui: --save：%s\n"), err);
        train_free(r);
        return 1;
    }
    outfile_abort(&f);
    double t0 = cpu_now();
    train_loop(r, o, progress, tty);
    double seconds = cpu_now() - t0;
    bool zh = o->lang == LANG_ZH;
    char loss[64];
    fprintf(progress, zh ? "训练完%s，种子 %llu：%d 步，损失 %s，正确率 %.1f%%（%d/%d），%.2f 秒%s\n"
                         : "trained %s, seed %llu: %d steps, loss %s, accuracy %.1f%% (%d/%d), %.2f s%s\n",
            zh ? (cfg.task == TASK_ADD ? "加法" : "加减乘除") : task_name(cfg.task),
            (unsigned long long)cfg.seed, train_step_count(r), loss_text(train_loss(r), loss, sizeof loss),
            100.0 * train_accuracy(r), train_correct(r), train_sentence_count(r), seconds,
            verdict(r, o, zh));
    int status = save(r, o, progress);
    train_free(r);
    return status;
}
