/* view_train.c — the train screen: the lesson's machine learning its arithmetic
 * live; loss and accuracy against steps, the chosen sentence's ? row, its prediction, what
 * it learned in words; saving the trained model and playing it on every screen.
 * Owns: its state (view_train.h: the run, play/pause, pace, steps per second from the tick
 * times the app passes in), its actions and keys, its layout and drawing.
 * Must not touch: ncurses, the clock (time comes in as `now`), the arithmetic (train.h
 * computes every number), the file system (w hands the model to the input line's file name:
 * app.c writes it). */
#include "view_train.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "check.h"
#include "draw.h"
#include "format.h"
#include "input.h"
#include "ramp.h"
#include "text.h"
#include "view.h"

/* ---------------------------------------------------------------- actions and keys */

#define TRAIN_ACTIONS(X)                                                                    \
    X(TRAIN_GO, "train: start or pause", "训练：开始或暂停")                                  \
    X(TRAIN_STEP, "one training step", "训练一步")                                           \
    X(TRAIN_RESEED, "start again with a new seed", "换一个种子重新开始")                      \
    X(TRAIN_TASK, "task: add, or all four operations", "任务：加法，或加减乘除")              \
    X(TRAIN_HEADS, "heads: one or two (starts again)", "头：一个或两个（重新开始）")          \
    X(TRAIN_FASTER, "more steps a frame", "每帧多走几步")                                     \
    X(TRAIN_SLOWER, "fewer steps a frame", "每帧少走几步")                                    \
    X(TRAIN_UP, "the previous sentence", "上一句")                                           \
    X(TRAIN_DOWN, "the next sentence", "下一句")                                             \
    X(TRAIN_SAVE, "save the trained model to a file", "把训练好的模型存成文件")               \
    X(TRAIN_USE, "play the trained model on every screen", "让每个画面都用训练好的模型")

VIEW_ACTIONS_DEFINE(TrainAction, TRAIN_ACTION_BASE, train_actions, TRAIN_ACTIONS);

static const KeyBinding train_keys[] = {
    { ' ',           VIEW_OWN(TRAIN_GO),     0, "Space", true  },
    { KEYCODE_RIGHT, VIEW_OWN(TRAIN_STEP),   0, "→",     true  },
    { 'r',           VIEW_OWN(TRAIN_RESEED), 0, "r",     true  },
    { 't',           VIEW_OWN(TRAIN_TASK),   0, "t",     true  },
    { 'h',           VIEW_OWN(TRAIN_HEADS),  0, "h",     true  },
    { '+',           VIEW_OWN(TRAIN_FASTER), 0, "+ =",   true  },
    { '=',           VIEW_OWN(TRAIN_FASTER), 0, "=",     false },
    { '-',           VIEW_OWN(TRAIN_SLOWER), 0, "-",     true  },
    { KEYCODE_UP,    VIEW_OWN(TRAIN_UP),     0, "↑ k",   true  },
    { 'k',           VIEW_OWN(TRAIN_UP),     0, "k",     false },
    { KEYCODE_DOWN,  VIEW_OWN(TRAIN_DOWN),   0, "↓ j",   true  },
    { 'j',           VIEW_OWN(TRAIN_DOWN),   0, "j",     false },
    { 'W',           VIEW_OWN(TRAIN_SAVE),   0, "W",     true  },   /* not w, p: "where from", */
    { 'P',           VIEW_OWN(TRAIN_USE),    0, "P",     true  },   /* "predict" everywhere */
    { 0,             ACTION_NONE,            0, NULL,    false },
};

static const ViewHint train_hints[] = {
    { { VIEW_OWN(TRAIN_GO),     ACTION_NONE,           "train", "训练" }, VIEW_AT_EVERY, false },
    { { VIEW_OWN(TRAIN_STEP),   ACTION_NONE,           "step",  "走一步" }, VIEW_AT_EVERY, false },
    { { VIEW_OWN(TRAIN_TASK),   ACTION_NONE,           "task",  "换任务" }, VIEW_AT_EVERY, false },
    { { VIEW_OWN(TRAIN_RESEED), ACTION_NONE,           "seed",  "换种子" }, VIEW_AT_EVERY, false },
    { { VIEW_OWN(TRAIN_SAVE),   ACTION_NONE,           "save",  "保存" }, VIEW_AT_EVERY, false },
    { { ACTION_NONE,            ACTION_NONE,           NULL,    NULL }, VIEW_AT_EVERY, false },
};

/* The key of one of the view's own actions, as the help names it ("w"). */
static const char *train_key(TrainAction a)
{
    return action_key_label_in(train_keys, (Action)a);
}

/* ---------------------------------------------------------------- speeds */

static const int train_speeds[TRAIN_VIEW_SPEEDS] = { 1, 2, 5, 10, 20, 50, 100 };

int train_view_speed_steps(int i)
{
    i = i < 0 ? 0 : i >= TRAIN_VIEW_SPEEDS ? TRAIN_VIEW_SPEEDS - 1 : i;
    return train_speeds[i];
}

/* ---------------------------------------------------------------- the run */

/* The sentence shown first: the lesson's own. */
#define TRAIN_VIEW_SENTENCE "三加五等于?"

/* Starts the run again with the state's task, seed and heads, showing the sentence whose
 * text is keep (or the lesson's own). The play state is kept. */
static void train_view_restart_from(TrainViewState *s, const char *keep, const Model *vocab_of)
{
    char text[TASK_LENGTH * 4 + 1];
    snprintf(text, sizeof text, "%s", keep ? keep : TRAIN_VIEW_SENTENCE);
    train_free(s->run);
    TrainConfig cfg;
    train_config_default(&cfg, s->task);
    cfg.seed = s->seed;
    cfg.heads = s->heads;
    cfg.vocab_of = vocab_of;
    cfg.lang = s->lang;
    s->error[0] = '\0';
    s->run = train_new(&cfg, NULL, s->error, sizeof s->error);
    /* A model played whose vocabulary cannot learn the task: s->error says why on the
     * screen, and a restart (r) takes the built-in model's vocabulary. */
    s->rate_since = -1;
    s->rate = 0.0;
    s->sentence = 0;
    s->owed = 0;
    if (!s->run) {
        s->playing = false;
        return;
    }
    int i = train_find_sentence(s->run, text);
    if (i < 0)
        i = train_find_sentence(s->run, TRAIN_VIEW_SENTENCE);
    s->sentence = i < 0 ? 0 : i;
}

/* The same with the built-in model's vocabulary (a key's restart: parsed again, rarely). */
static void train_view_restart(TrainViewState *s, const char *keep)
{
    train_view_restart_from(s, keep, NULL);
}

/* The text of the sentence shown (for keeping it across a restart), or NULL. */
static const char *train_view_text(const TrainViewState *s)
{
    const TaskSentence *ts = s->run ? train_sentence(s->run, s->sentence) : NULL;
    return ts ? ts->text : NULL;
}

/* Restarts keeping the sentence shown. */
static void train_view_restart_keep(TrainViewState *s)
{
    char text[TASK_LENGTH * 4 + 1] = TRAIN_VIEW_SENTENCE;
    const char *now = train_view_text(s);
    if (now)
        snprintf(text, sizeof text, "%s", now);
    train_view_restart(s, text);
}

static void train_view_init(void *state, const Lesson *ls)
{
    TrainViewState *s = state;   /* the run starts when the screen is first opened, from the
                                    seeded generator, over the vocabulary of the model
                                    played then (not parsed again) */
    s->task = TASK_ADD;
    s->seed = 1;
    s->heads = ls && ls->params.config.heads == 2 ? 2 : 1;   /* --heads 2: as the status line says */
    s->speed = TRAIN_VIEW_SPEED_DEFAULT;
    s->run = NULL;
    s->lang = ls && ls->tr.lang == LANG_ZH ? LANG_ZH : LANG_EN;
    train_view_restart_from(s, NULL, ls ? ls->model : NULL);
}

static void train_view_free(void *state)
{
    TrainViewState *s = state;
    train_free(s->run);
    s->run = NULL;
}

/* Steps per second: over each whole window of TRAIN_VIEW_RATE_MS of tick times. */
static void train_view_measure(TrainViewState *s, long long now)
{
    int steps = train_step_count(s->run);
    if (s->rate_since < 0) {
        s->rate_since = now;
        s->rate_steps = steps;
    } else if (now - s->rate_since >= TRAIN_VIEW_RATE_MS) {
        s->rate = (double)(steps - s->rate_steps) * 1000.0 / (double)(now - s->rate_since);
        s->rate_since = now;
        s->rate_steps = steps;
    }
}

/* ---------------------------------------------------------------- the clock */

int train_view_tick_steps(int owed, double work)
{
    if (owed <= 0)
        return 0;
    double fit = work > 0.0 ? TRAIN_VIEW_TICK_WORK / work : (double)owed;
    int most = fit < 1.0 ? 1 : fit >= (double)owed ? owed : (int)fit;
    return most;
}

static int train_view_tick(void *state, const ViewCall *call)
{
    long long now = call->now;
    TrainViewState *s = state;
    if (!s->playing || !s->run)
        return REACT_NONE;
    int asked = train_view_speed_steps(s->speed);
    s->owed = (s->owed > 0 ? s->owed : 0) + asked;
    int take = train_view_tick_steps(s->owed, train_step_work(s->run));
    train_steps(s->run, take);
    s->owed -= take;
    s->owed = s->owed > asked ? asked : s->owed;
    /* ticks fall on a fixed grid of TRAIN_VIEW_FRAME_MS (a late tick does not stretch the
     * period, as app.c paces frames); a tick more than a period late starts it again */
    long long due = s->last_tick + TRAIN_VIEW_FRAME_MS;
    s->last_tick = now - due < TRAIN_VIEW_FRAME_MS ? due : now;
    train_view_measure(s, now);
    if (train_done(s->run))
        s->playing = false;   /* solved, stuck at the maximum, or failed: it sleeps */
    return REACT_REDRAW;
}

static long long train_view_next_tick(const void *state, long long now)
{
    const TrainViewState *s = state;
    if (!s->playing || !s->run)
        return VIEW_TICK_NEVER;
    long long due = s->last_tick + TRAIN_VIEW_FRAME_MS - now;
    return due > 0 ? due : 0;
}

/* ---------------------------------------------------------------- saving and playing */

/* The file name offered first: "add-seed1.model" ("…-2heads" with two heads). */
static void train_view_default_name(const TrainViewState *s, char *buf, size_t cap)
{
    snprintf(buf, cap, "%s-seed%llu%s.model", task_name(s->task), (unsigned long long)s->seed,
             s->heads == 2 ? "-2heads" : "");
}

/* The run's weights as a model of its own (heap-allocated), or NULL (said: out of memory). */
static Model *train_view_model(const TrainViewState *s, Request *ask)
{
    Model *m = malloc(sizeof *m);
    if (!m || train_to_model(s->run, m) != 0) {
        free(m);
        request_note_text(ask, LANG_PICK(s->lang, "out of memory", "内存不足"));
        return NULL;
    }
    return m;
}

/* w: training pauses (the model written is the one shown); it asks for the model to be
 * kept and for the input line to ask its file's name; Enter there has app.c write it
 * (never over a file without asking, never half a file, "saved to PATH"). */
static int train_view_save(TrainViewState *s, Request *ask)
{
    Model *m = train_view_model(s, ask);
    if (!m)
        return REACT_REDRAW;
    s->playing = false;
    request_save(ask, m);
    char name[INPUT_BYTES];
    train_view_default_name(s, name, sizeof name);
    request_file_name(ask, INPUT_FILE_MODEL, name);
    return REACT_REDRAW;
}

/* The trained weights become the model every screen plays (app.c hands it to lesson_adopt
 * on REACT_RECOMPUTE), with the run's heads; the arcs open on it. */
static int train_view_use(TrainViewState *s, Request *ask)
{
    Model *m = train_view_model(s, ask);
    if (!m)
        return REACT_REDRAW;
    ModelInPlay as;
    inplay_trained(&as, task_name(s->task), (unsigned long long)s->seed);
    request_play(ask, m, &as);
    request_heads(ask, s->heads);
    request_open(ask, VIEW_DEFAULT);
    return REACT_REDRAW;
}

/* ---------------------------------------------------------------- actions */

/* What starts a run where the model played cannot (its vocabulary lacks the task's
 * characters): r, over the built-in model's. */
static void train_view_no_run_hint(Lang lang, char *buf, size_t cap)
{
    snprintf(buf, cap, LANG_PICK(lang, "%s trains on the built-in model's characters instead",
                                 "按 %s 改用内置模型的字来训练"), train_key(ACTION_TRAIN_RESEED));
}

/* Space or → once the run is over (learned, stopped at the maximum, failed) or where none
 * could start: the status line says why nothing moves and what starts again, rather than
 * nothing at all. */
static void train_view_note_done(const TrainViewState *s, Request *ask)
{
    char text[UI_NOTE_BYTES];
    if (!s->run)
        train_view_no_run_hint(s->lang, text, sizeof text);
    else if (train_solved(s->run))
        snprintf(text, sizeof text, LANG_PICK(s->lang, "learned in %d steps: %s starts a new seed",
                                              "%d 步就学会了：按 %s 换个种子重新开始"),
                 train_step_count(s->run), train_key(ACTION_TRAIN_RESEED));
    else
        snprintf(text, sizeof text, LANG_PICK(s->lang, "training is over: %s starts a new seed",
                                              "训练结束了：按 %s 换个种子重新开始"),
                 train_key(ACTION_TRAIN_RESEED));
    request_note_text(ask, text);
}

static int train_view_act(void *state, const ViewCall *call, Action a, int arg)
{
    (void)arg;
    Request *ask = call->ask;
    long long now = call->now;
    TrainViewState *s = state;
    if ((int)a < (int)ACTION_VIEW_FIRST)
        return -1;
    switch ((TrainAction)a) {
    case TRAIN_ACTION_BASE:
        return -1;
    case ACTION_TRAIN_GO:
        if (!s->run || train_done(s->run)) {
            s->playing = false;
            train_view_note_done(s, ask);
            return REACT_REDRAW;
        }
        s->playing = !s->playing;
        s->last_tick = now - TRAIN_VIEW_FRAME_MS;   /* the first tick is due at once */
        s->rate_since = -1;
        s->owed = 0;
        return REACT_REDRAW;
    case ACTION_TRAIN_STEP:
        s->playing = false;
        if (!s->run || train_done(s->run))
            train_view_note_done(s, ask);
        else
            train_steps(s->run, 1);
        return REACT_REDRAW;
    case ACTION_TRAIN_RESEED:
        s->seed++;
        train_view_restart_keep(s);
        return REACT_REDRAW;
    case ACTION_TRAIN_TASK:
        s->task = s->task == TASK_ADD ? TASK_ALL : TASK_ADD;
        train_view_restart_keep(s);
        return REACT_REDRAW;
    case ACTION_TRAIN_HEADS:
        s->heads = s->heads == 1 ? 2 : 1;
        train_view_restart_keep(s);
        return REACT_REDRAW;
    case ACTION_TRAIN_FASTER:
    case ACTION_TRAIN_SLOWER: {
        int to = s->speed + ((TrainAction)a == ACTION_TRAIN_FASTER ? 1 : -1);
        if (to < 0 || to >= TRAIN_VIEW_SPEEDS) {
            request_note(ask, to < 0 ? NOTE_SLOWEST : NOTE_FASTEST, train_view_speed_steps(s->speed));
            return REACT_REDRAW;
        }
        s->speed = to;
        s->owed = 0;
        return REACT_REDRAW;
    }
    case ACTION_TRAIN_UP:
    case ACTION_TRAIN_DOWN: {
        int n = s->run ? train_sentence_count(s->run) : 0;
        if (n > 0)
            s->sentence = (s->sentence + ((TrainAction)a == ACTION_TRAIN_UP ? n - 1 : 1)) % n;
        return REACT_REDRAW;
    }
    case ACTION_TRAIN_SAVE:
    case ACTION_TRAIN_USE:
        if (!s->run) {   /* nothing to save or play: say what starts a run */
            train_view_note_done(s, ask);
            return REACT_REDRAW;
        }
        return (TrainAction)a == ACTION_TRAIN_SAVE ? train_view_save(s, ask) : train_view_use(s, ask);
    }
    return -1;
}

/* ---------------------------------------------------------------- layout */

#define TRAIN_AXIS_COLS 6      /* the y axis' labels beside a plot: "2.40 ", "100% " */
#define TRAIN_PLOT_MAX_ROWS 20 /* the tallest plot where that leaves rows for the gaps */
#define TRAIN_BAR_MAX 20       /* columns of a share of 100% in the ? row */
#define TRAIN_PCT_COLS 6       /* a share of the ? row, right-aligned before its bar: "100.0%" */
#define TRAIN_FIXED_ROWS 13    /* every row but the plots (see train_layout) */
#define TRAIN_RULE_COLS 4      /* a rule heading's columns around its title: "── " and " " */

/* Where everything of the train screen goes; depends only on the body and the heads. */
typedef struct {
    int x, w;          /* the body's columns */
    int y_head;        /* task, seed, heads, speed, playing */
    int y_stats;       /* step, steps/s, loss, accuracy */
    int y_titles;      /* the plots' titles (0 rows of plot: no plots) */
    int y_plot;        /* the plots' first row */
    int plot_rows;     /* rows of each plot (0: none) */
    int plot_cols;     /* columns of each plot's drawing */
    int x_loss;        /* the loss plot's drawing's first column */
    int x_acc;         /* the accuracy plot's */
    int y_rule;        /* the sentence's heading */
    int y_bars;        /* the first of TASK_LENGTH rows of shares */
    int y_pred;        /* the prediction */
    int y_words;       /* what it learned, or stuck */
    int y_say;         /* what to do once learned: save it, play it */
} TrainLayout;

static TrainLayout train_layout(const ViewCtx *c)
{
    TrainLayout L;
    Rect b = c->body;
    L.x = b.x + 1;   /* a blank column each side, as every screen's text has */
    L.w = b.w - 2;
    int spare = b.h - TRAIN_FIXED_ROWS;
    L.plot_rows = spare < 2 ? 0 : spare > TRAIN_PLOT_MAX_ROWS ? TRAIN_PLOT_MAX_ROWS : spare;
    if (spare > TRAIN_PLOT_MAX_ROWS + 3)   /* a tall frame (200 × 60): the plots take the rows */
        L.plot_rows = spare - 3;           /* but the three gaps, not a blank half screen */
    int gap = spare - L.plot_rows > 2 ? 1 : 0;   /* a blank row between sections when room */
    L.y_head = b.y;
    L.y_stats = b.y + 1;
    L.y_titles = L.y_stats + 1 + gap;
    L.y_plot = L.y_titles + 1;
    L.plot_cols = (b.w - 2 * TRAIN_AXIS_COLS - 2) / 2;
    L.x_loss = b.x + TRAIN_AXIS_COLS;
    L.x_acc = L.x_loss + L.plot_cols + 2 + TRAIN_AXIS_COLS;
    L.y_rule = L.y_plot + L.plot_rows + gap;
    L.y_bars = L.y_rule + 1;
    L.y_pred = L.y_bars + TASK_LENGTH + gap;
    L.y_words = L.y_pred + 1;
    L.y_say = b.y + b.h - 1;
    return L;
}

/* ---------------------------------------------------------------- drawing: text */

/* A sentence's characters as written on screen: as they are; in ASCII their labels with
 * blanks between ("san jia wu deng yu ?"), as draw_sentence_text writes the lesson's. */
static void train_sentence_label(const ViewCtx *c, const char *text, char *buf, size_t cap)
{
    if (!c->ascii) {
        snprintf(buf, cap, "%s", text);
        return;
    }
    char chars[TASK_LENGTH][TEXT_CHAR_BYTES];
    int n = text_split_chars(text, chars, TASK_LENGTH);
    buf[0] = '\0';
    for (int t = 0; t < n; t++) {
        char label[DRAW_LABEL_BYTES];
        draw_append(buf, cap, "%s%s", t ? " " : "", draw_char_label(true, chars[t], label, sizeof label));
    }
}

/* A character as written on screen. */
static const char *train_char(const ViewCtx *c, const char *ch, char *buf, size_t cap)
{
    return draw_char_label(c->ascii, ch, buf, cap);
}

/* The task's name as the screen says it. */
static const char *train_task_words(const ViewCtx *c, TaskId task)
{
    return task == TASK_ADD ? SAY(c, "add", "加法") : SAY(c, "all four operations", "加减乘除");
}

/* Where the run stands, in words: training, paused, learned, stuck, failed. */
static const char *train_state_words(const ViewCtx *c, const TrainViewState *s, Style *style)
{
    *style = STYLE_BOLD;
    if (train_solved(s->run))
        return SAY(c, "learned", "学会了");
    if (train_failed(s->run)) {
        *style = STYLE_ERROR;
        return SAY(c, "failed", "失败");
    }
    if (train_done(s->run)) {
        *style = STYLE_ERROR;
        return SAY(c, "stopped at the maximum of steps", "到了最多的步数");
    }
    return s->playing ? SAY(c, "training", "训练中") : SAY(c, "paused", "已暂停");
}

/* The heading's parts before the state, from the most to the least needed: the task, its
 * count of sentences, the seed, the heads, the pace. */
enum { HEAD_TASK, HEAD_COUNT, HEAD_SEED, HEAD_HEADS, HEAD_SPEED, HEAD_PARTS };

static void train_head_parts(const ViewCtx *c, const TrainViewState *s,
                             char parts[HEAD_PARTS][128])
{
    int steps = train_view_speed_steps(s->speed);
    snprintf(parts[HEAD_TASK], 128, "%s", train_task_words(c, s->task));
    snprintf(parts[HEAD_COUNT], 128, SAY(c, ": %d sentences", "：%d 句"), train_sentence_count(s->run));
    snprintf(parts[HEAD_SEED], 128, SAY(c, "seed %llu", "种子 %llu"), (unsigned long long)s->seed);
    snprintf(parts[HEAD_HEADS], 128, s->heads == 1 ? SAY(c, "%d head", "%d 个头")
                                                   : SAY(c, "%d heads", "%d 个头"), s->heads);
    snprintf(parts[HEAD_SPEED], 128, steps == 1 ? SAY(c, "%d step a frame", "每帧 %d 步")
                                                : SAY(c, "%d steps a frame", "每帧 %d 步"), steps);
}

/* The heading's text before the state with its first `keep` parts (numbers hidden: the task
 * alone), ending in a separator. */
static void train_head_text(const ViewCtx *c, char parts[HEAD_PARTS][128], int keep, char *line,
                            size_t cap)
{
    line[0] = '\0';
    for (int i = 0; i < keep && (i == HEAD_TASK || c->numbers); i++)
        draw_append(line, cap, "%s%s", i > HEAD_COUNT ? c->gl->sep : "", parts[i]);
    draw_append(line, cap, "%s", c->gl->sep);
}

/* "add: 66 sentences · seed 1 · 1 head · 1 step a frame · ❚❚ paused": where it does not fit
 * (all four operations at 80 columns, 60 columns), the pace goes first, then the heads, the
 * seed and the count; the state always stays. */
static void train_draw_head(const ViewCtx *c, const TrainViewState *s, const TrainLayout *L)
{
    Style style;
    const char *state = train_state_words(c, s, &style);
    bool ended = train_solved(s->run) || train_done(s->run);
    char marked[128];
    snprintf(marked, sizeof marked, "%s%s%s", ended ? "" : s->playing ? c->gl->playing : c->gl->paused,
             ended ? "" : " ", state);
    char parts[HEAD_PARTS][128], line[512];
    train_head_parts(c, s, parts);
    int keep = HEAD_PARTS;
    train_head_text(c, parts, keep, line, sizeof line);
    while (keep > 1 && text_width(line) + text_width(marked) > L->w)
        train_head_text(c, parts, --keep, line, sizeof line);
    int col = L->x + draw_clipped(c->g, L->x, L->y_head, L->x + L->w, line, STYLE_NORMAL);
    draw_clipped(c->g, col, L->y_head, L->x + L->w, marked, style);
}

/* "step 92 · 30.3 steps/s · loss 0.4230 · accuracy 97.0% (64/66)"; with_rate false leaves
 * out the steps a second. */
static void train_stats_text(const ViewCtx *c, const TrainViewState *s, bool with_rate, char *line,
                             size_t cap)
{
    char loss[FORMAT_BYTES], acc[FORMAT_BYTES];
    format_fixed(loss, sizeof loss, train_loss(s->run), 4);
    format_percent(acc, sizeof acc, train_accuracy(s->run));
    line[0] = '\0';
    draw_append(line, cap, SAY(c, "step %d", "第 %d 步"), train_step_count(s->run));
    if (with_rate && s->rate > 0.0) {
        char rate[FORMAT_BYTES];
        format_fixed(rate, sizeof rate, s->rate, 1);
        draw_append(line, cap, "%s", c->gl->sep);
        draw_append(line, cap, SAY(c, "%s steps/s", "每秒 %s 步"), rate);
    }
    draw_append(line, cap, "%s", c->gl->sep);
    draw_append(line, cap, SAY(c, "loss %s", "损失 %s"), loss);
    draw_append(line, cap, "%s", c->gl->sep);
    draw_append(line, cap, SAY(c, "accuracy %s (%d/%d)", "正确率 %s（%d/%d）"), acc,
                train_correct(s->run), train_sentence_count(s->run));
}

/* The figures; where they do not fit (60 columns, Chinese, all four operations) the steps a
 * second go, not the accuracy's end. */
static void train_draw_stats(const ViewCtx *c, const TrainViewState *s, const TrainLayout *L)
{
    if (!c->numbers)
        return;
    char line[512];
    train_stats_text(c, s, true, line, sizeof line);
    if (text_width(line) > L->w)
        train_stats_text(c, s, false, line, sizeof line);
    draw_clipped(c->g, L->x, L->y_stats, L->x + L->w, line, STYLE_NORMAL);
}

/* ---------------------------------------------------------------- drawing: plots */

/* The steps a plot's x axis spans: the step count rounded up to 100, 200, 500, 1000 … */
static long train_plot_span(int steps)
{
    static const int mult[3] = { 1, 2, 5 };
    for (long base = 100;; base *= 10)
        for (int i = 0; i < 3; i++)
            if (base * mult[i] >= steps)
                return base * mult[i];
}

/* Plots history[0..steps] (values 0..top) into cols × rows cells from (x, y): braille dots
 * (2 × 4 a cell), joined column to column; in ASCII one '*' a cell. */
static void train_plot(const ViewCtx *c, const double *history, int steps, double top, int x,
                       int y, int cols, int rows, Style style)
{
    if (cols < 2 || rows < 1 || top <= 0.0)
        return;
    long span = train_plot_span(steps);
    int per_col = c->ascii ? 1 : 2, per_row = c->ascii ? 1 : 4;
    int dots_w = cols * per_col, dots_h = rows * per_row;
    int prev = -1;
    for (int dx = 0; dx < dots_w; dx++) {
        long k = (long)dx * span / (dots_w - 1);
        if (k > steps)
            break;
        double v = history[k] / top;
        v = v < 0.0 ? 0.0 : v > 1.0 ? 1.0 : v;
        int dy = (int)((1.0 - v) * (dots_h - 1) + 0.5);
        int from = prev < 0 ? dy : prev, to = dy;
        if (from > to) {
            int t = from; from = to; to = t;
        }
        for (int d = from; d <= to; d++) {
            if (c->ascii) {
                grid_put_char(c->g, x + dx, y + d, d == dy ? "*" : ":", style);
                continue;
            }
            int col = x + dx / 2, row = y + d / 4;
            int dots = draw_braille_dots(grid_cell(c->g, col, row));
            draw_braille_put(c->g, col, row, dots | draw_braille_bit(dx % 2, d % 4), style);
        }
        prev = dy;
    }
}

/* The largest loss so far: the top of the loss plot. */
static double train_loss_top(const TrainRun *r)
{
    const double *h = train_loss_history(r);
    double top = 0.0;
    for (int i = 0; i <= train_step_count(r); i++)
        top = h[i] > top ? h[i] : top;
    return top;
}

/* One plot: its title, its y axis' ends (with numbers), its curve. */
static void train_draw_plot(const ViewCtx *c, const TrainViewState *s, const TrainLayout *L,
                            int x, const char *title, const double *history, double top,
                            const char *top_label, const char *bottom_label, Style style)
{
    int steps = train_step_count(s->run);
    char t[128];
    if (c->numbers)
        snprintf(t, sizeof t, SAY(c, "%s (steps 0-%ld)", "%s（第 0-%ld 步）"), title,
                 train_plot_span(steps));
    else
        snprintf(t, sizeof t, "%s", title);
    draw_clipped(c->g, x, L->y_titles, x + L->plot_cols, t, STYLE_BOLD);
    if (c->numbers) {
        draw_right(c->g, x - TRAIN_AXIS_COLS, L->y_plot, TRAIN_AXIS_COLS - 1, top_label, STYLE_DIM);
        draw_right(c->g, x - TRAIN_AXIS_COLS, L->y_plot + L->plot_rows - 1, TRAIN_AXIS_COLS - 1,
                   bottom_label, STYLE_DIM);
    }
    for (int r = 0; r < L->plot_rows; r++)   /* the y axis */
        grid_put_char(c->g, x - 1, L->y_plot + r, c->gl->box_v, STYLE_DIM);
    train_plot(c, history, steps, top, x, L->y_plot, L->plot_cols, L->plot_rows, style);
}

static void train_draw_plots(const ViewCtx *c, const TrainViewState *s, const TrainLayout *L)
{
    if (L->plot_rows == 0 || L->plot_cols < 4)
        return;
    double top = train_loss_top(s->run);
    char top_label[FORMAT_BYTES];
    format_fixed(top_label, sizeof top_label, top, 2);
    train_draw_plot(c, s, L, L->x_loss, SAY(c, "loss", "损失"), train_loss_history(s->run), top,
                    top_label, "0", STYLE_SERIES_A);
    train_draw_plot(c, s, L, L->x_acc, SAY(c, "accuracy", "正确率"),
                    train_accuracy_history(s->run), 1.0, "100%", "0%", STYLE_SERIES_B);
}

/* ---------------------------------------------------------------- drawing: the sentence */

/* The sentence's heading: "? row of 三加五等于? (sentence 36 of 66)"; with_count false
 * leaves out which sentence of how many; with two heads, which column is which. */
static void train_rule_title(const ViewCtx *c, const TrainViewState *s, const char *text,
                             bool with_count, char *title, size_t cap)
{
    if (with_count)
        snprintf(title, cap, SAY(c, "? row of %s (sentence %d of %d)",
                                 "「%s」里「?」那一行的百分比（第 %d 句，共 %d 句）"),
                 text, s->sentence + 1, train_sentence_count(s->run));
    else
        snprintf(title, cap, SAY(c, "? row of %s", "「%s」里「?」那一行的百分比"), text);
    if (s->heads == 2)   /* which column of bars is which head */
        draw_append(title, cap, "%s%s", c->gl->sep, SAY(c, "head 1, then head 2", "左边是头 1，右边是头 2"));
}

/* The ? row's columns: its characters' labels, one head's group (shares and bars), a
 * bar of 100%, the shares before the bars (0 when numbers are hidden). */
static void train_bar_columns(const ViewCtx *c, const TrainViewState *s, const TrainLayout *L, int *label_cols,
                              int *group, int *bar_cols, int *pct_cols)
{
    *label_cols = c->ascii ? 6 : 3;
    *group = (L->w - *label_cols) / s->heads;
    *bar_cols = *group - 10 > TRAIN_BAR_MAX ? TRAIN_BAR_MAX : *group - 10;
    *pct_cols = c->numbers ? TRAIN_PCT_COLS + 1 : 0;
}

/* The column the share ramp's legend stands in beside the bars, or -1 when it does not fit
 * there (ramp_legend_column measures). */
static int train_ramp_x(const ViewCtx *c, const TrainViewState *s, const TrainLayout *L)
{
    int label_cols, group, bar_cols, pct_cols;
    train_bar_columns(c, s, L, &label_cols, &group, &bar_cols, &pct_cols);
    int x = L->x + label_cols + (s->heads - 1) * group + pct_cols + bar_cols + 3;
    ViewCtx measure = { .gl = c->gl, .lang = c->lang, .ascii = c->ascii };
    return ramp_legend_column(&measure, x, L->y_bars, L->x + L->w, RAMP_MARK_BLOCK) ? x : -1;
}

static void train_draw_sentence(const ViewCtx *c, const TrainViewState *s, const TrainLayout *L)
{
    const TaskSentence *ts = train_sentence(s->run, s->sentence);
    if (!ts)
        return;
    char text[128], title[256];
    train_sentence_label(c, ts->text, text, sizeof text);
    train_rule_title(c, s, text, c->numbers, title, sizeof title);
    if (c->numbers && text_width(title) + TRAIN_RULE_COLS > L->w)   /* 60 columns, two heads */
        train_rule_title(c, s, text, false, title, sizeof title);
    draw_rule_heading(c->g, c->gl, L->x, L->y_rule, L->w, title);

    char chars[TASK_LENGTH][TEXT_CHAR_BYTES];
    int n = text_split_chars(ts->text, chars, TASK_LENGTH);
    double shares[2][TASK_LENGTH];
    for (int h = 0; h < s->heads; h++)
        train_shares(s->run, s->sentence, h, shares[h]);
    int label_cols, group, bar_cols, pct_cols;
    train_bar_columns(c, s, L, &label_cols, &group, &bar_cols, &pct_cols);
    for (int t = 0; t < n; t++) {
        char label[DRAW_LABEL_BYTES];
        int y = L->y_bars + t;
        draw_clipped(c->g, L->x, y, L->x + L->w, train_char(c, chars[t], label, sizeof label),
                     t == n - 1 ? STYLE_FOCUS : STYLE_TOKEN);
        for (int h = 0; h < s->heads; h++) {
            char bar[TRAIN_BAR_MAX * 4 + 1];
            int x = L->x + label_cols + h * group;
            if (c->numbers) {
                char pct[FORMAT_BYTES];
                draw_right(c->g, x, y, TRAIN_PCT_COLS, format_percent(pct, sizeof pct, shares[h][t]),
                           STYLE_NORMAL);
            }
            draw_bar_text(c->ascii, shares[h][t], bar_cols, bar, sizeof bar);
            draw_clipped(c->g, x + pct_cols, y, x + pct_cols + bar_cols, bar, ramp_share_style(shares[h][t]));
        }
    }
    /* the share ramp's legend (ramp.h) beside the bars when it fits there (else on the
       last row: train_draw_say) */
    ramp_legend_column(c, train_ramp_x(c, s, L), L->y_bars, L->x + L->w, RAMP_MARK_BLOCK);
}

static void train_draw_prediction(const ViewCtx *c, const TrainViewState *s, const TrainLayout *L)
{
    const TaskSentence *ts = train_sentence(s->run, s->sentence);
    double p = 0.0;
    const char *said = train_prediction(s->run, s->sentence, &p);
    if (!ts || !said)
        return;
    char text[128], ch[DRAW_LABEL_BYTES], line[512];
    train_sentence_label(c, ts->text, text, sizeof text);
    snprintf(line, sizeof line, "%s%s%s", text, c->gl->arrow, train_char(c, said, ch, sizeof ch));
    if (c->numbers) {
        char pct[FORMAT_BYTES];
        draw_append(line, sizeof line, " %s", format_percent(pct, sizeof pct, p));
    }
    const char *target = task_number_char(ts->answer);
    bool ok = strcmp(said, target) == 0;
    draw_append(line, sizeof line, "%s", c->gl->sep);
    if (ok) {
        draw_append(line, sizeof line, "%s", SAY(c, "right", "答对了"));
    } else {
        char right[DRAW_LABEL_BYTES];
        draw_append(line, sizeof line, SAY(c, "wrong: it is %s", "答错了：应是「%s」"),
                    train_char(c, target, right, sizeof right));
    }
    draw_clipped(c->g, L->x, L->y_pred, L->x + L->w, line, ok ? STYLE_BOLD : STYLE_NORMAL);
}

/* Numbers hidden: where ? looks, in words, head by head: "looks at" where the two numbers
 * have more than half of a head's attention (with two heads, head 2 can give them 4%: it
 * said "? now looks at 三 and 五" of both). */
static void train_looks_words(const ViewCtx *c, const TrainViewState *s, const char *a,
                              const char *b, char *line, size_t cap)
{
    bool looks[2] = { false, false };
    for (int h = 0; h < s->heads; h++)
        looks[h] = train_share_of(s->run, s->sentence, h, (1u << 0) | (1u << 2)) > 0.5;
    if (s->heads == 1 || (looks[0] && looks[1]))
        snprintf(line, cap, looks[0] ? SAY(c, "? now looks at %s and %s", "「?」现在看着「%s」和「%s」")
                                     : SAY(c, "? now looks mostly beyond %s and %s",
                                           "「?」现在几乎不看「%s」和「%s」"), a, b);
    else if (looks[0] || looks[1])
        snprintf(line, cap, SAY(c, "? now looks at %s and %s in head %d", "「?」现在在头 %3$d 里看着「%1$s」和「%2$s」"),
                 a, b, looks[0] ? 1 : 2);
    else
        snprintf(line, cap, SAY(c, "? now looks mostly beyond %s and %s", "「?」现在几乎不看「%s」和「%s」"), a, b);
}

/* "? now gives 三 and 五 96.3% of its attention": the two shares printed above, added, in
 * at most cols columns where it can. */
static void train_learned_words(const ViewCtx *c, const TrainViewState *s, int cols, char *line,
                                size_t cap)
{
    const TaskSentence *ts = train_sentence(s->run, s->sentence);
    char a[DRAW_LABEL_BYTES], b[DRAW_LABEL_BYTES];
    train_char(c, task_number_char(ts->a), a, sizeof a);
    train_char(c, task_number_char(ts->b), b, sizeof b);
    if (!c->numbers) {
        train_looks_words(c, s, a, b, line, cap);
        return;
    }
    char pct[2][FORMAT_BYTES];
    for (int h = 0; h < s->heads; h++) {   /* the sum of A's and B's shares as printed above
                                              (38.3% + 58.0% = 96.3%), so that it checks */
        double shares[TASK_LENGTH], ab[2];
        train_shares(s->run, s->sentence, h, shares);
        ab[0] = shares[0];
        ab[1] = shares[2];
        format_fixed(pct[h], sizeof pct[h], check_percent_total(ab, 2), 1);
    }
    if (s->heads == 1)
        snprintf(line, cap, SAY(c, "? now gives %s and %s %s%% of its attention",
                                "「?」现在把 %3$s%% 的注意力给了「%1$s」和「%2$s」"), a, b, pct[0]);
    else
        snprintf(line, cap, SAY(c, "? now gives %s and %s %s%% (head 1) and %s%% (head 2) of its attention",
                                "「?」现在把注意力给了「%1$s」和「%2$s」：头 1 %3$s%%，头 2 %4$s%%"),
                 a, b, pct[0], pct[1]);
    if (s->heads == 2 && text_width(line) > cols)   /* 60 columns: the shares, not "of its" */
        snprintf(line, cap, SAY(c, "? now gives %s and %s %s%% (head 1) and %s%% (head 2)",
                                "「?」把注意力给了「%1$s」和「%2$s」：头 1 %3$s%%，头 2 %4$s%%"),
                 a, b, pct[0], pct[1]);
}

static void train_draw_words(const ViewCtx *c, const TrainViewState *s, const TrainLayout *L)
{
    char line[512] = "";
    Style style = STYLE_BOLD;
    if (train_solved(s->run)) {
        train_learned_words(c, s, L->w, line, sizeof line);
    } else if (train_failed(s->run)) {
        snprintf(line, sizeof line, SAY(c, "the numbers overflowed: try another seed (%s)",
                                        "数字溢出了：换个种子试试（%s）"),
                 train_key(ACTION_TRAIN_RESEED));
        style = STYLE_ERROR;
    } else if (train_stuck(s->run)) {
        snprintf(line, sizeof line, SAY(c, "stuck: try another seed (%s)", "学不动了：换个种子试试（%s）"),
                 train_key(ACTION_TRAIN_RESEED));
        style = STYLE_ERROR;
    }
    draw_clipped(c->g, L->x, L->y_words, L->x + L->w, line, style);
}

/* The last row, once learned: what to do with the model (w's file name is asked on the input
 * line, where it went said on the status line); before, the share ramp's legend when it
 * has no room beside the bars. */
static void train_draw_say(const ViewCtx *c, const TrainViewState *s, const TrainLayout *L)
{
    char line[256] = "";
    if (!train_solved(s->run)) {
        if (train_ramp_x(c, s, L) < 0)
            ramp_legend_share(c, L->x, L->y_say, L->x + L->w, RAMP_MARK_BLOCK);
        return;
    }
    snprintf(line, sizeof line, SAY(c, "%s saves the model, %s plays it on every screen",
                                    "按 %s 存下模型，按 %s 让每个画面都用它"),
             train_key(ACTION_TRAIN_SAVE), train_key(ACTION_TRAIN_USE));
    draw_clipped(c->g, L->x, L->y_say, L->x + L->w, line, STYLE_DIM);
}

static void train_view_draw(const ViewCtx *c)
{
    TrainViewState fresh;
    const TrainViewState *s = c->state;
    if (!s) {   /* a Ui without states: nothing trains */
        memset(&fresh, 0, sizeof fresh);
        snprintf(fresh.error, sizeof fresh.error, "no training state");
        s = &fresh;
    }
    TrainLayout L = train_layout(c);
    if (!s->run) {
        draw_clipped(c->g, L.x, L.y_head, L.x + L.w, s->error, STYLE_ERROR);
        if (c->state) {   /* a real state: r does start one */
            char hint[256];
            train_view_no_run_hint(c->lang, hint, sizeof hint);
            draw_clipped(c->g, L.x, L.y_stats, L.x + L.w, hint, STYLE_DIM);
        }
        return;
    }
    train_draw_head(c, s, &L);
    train_draw_stats(c, s, &L);
    train_draw_plots(c, s, &L);
    train_draw_sentence(c, s, &L);
    train_draw_prediction(c, s, &L);
    train_draw_words(c, s, &L);
    train_draw_say(c, s, &L);
}

/* ---------------------------------------------------------------- the row */

/* Shared keys that do nothing here: the help leaves them out (the screen shows its own
 * sentences' ? rows, picked with ↑/↓, whatever the lesson's sentence, focus or mask). */
static const Action train_idle[] = { ACTION_FOCUS_N, ACTION_MASK, ACTION_EDIT, ACTION_SENTENCE_NEXT, ACTION_NONE };

const ViewOps view_train = {
    .name = "train",
    .layered_en = "poems: this screen trains the lesson's small model, not the poem model",
    .layered_zh = "唐诗模型：这里训练的是课上的小模型，不是唐诗模型",
    .tab_en = "train", .tab_zh = "训练",
    .title_en = "the machine learns its arithmetic",
    .title_zh = "看机器学会算术",
    .help_en = "trains Wq, Wk, Wv and a readout until ? answers every sentence",
    .help_zh = "训练 Wq、Wk、Wv 和输出层，直到「?」答对每一句",
    .station_en = "Training, after the lesson: the machine learns its arithmetic.\n"
                  "Space trains Wq, Wk, Wv and a readout on the sentences: the loss falls and the\n"
                  "accuracy rises, step by step, until ? answers every sentence.",
    .station_zh = "课后延伸 · 训练：看机器学会算术。\n"
                  "按空格训练 Wq、Wk、Wv 和输出层：损失一步步下降、正确率一步步上升，\n"
                  "直到「?」答对每一句。",
    .idle = train_idle,
    .track = TRACK_NONE,
    .stages = false,
    .about = "the machine learning add (or all four operations) live: loss and accuracy against "
             "steps, the chosen sentence's ? row and prediction (三加五等于? → 八), what ? learned "
             "to look at; W saves the model, P plays it on every screen",
    .state_size = sizeof(TrainViewState),
    .init = train_view_init,
    .free = train_view_free,
    .draw = train_view_draw,
    .act = train_view_act,
    .tick = train_view_tick,
    .next_tick = train_view_next_tick,
    .keys = train_keys,
    .hints = train_hints,
    .actions = train_actions,
};
