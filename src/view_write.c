/* view_write.c — a poem written character by character by a layered model, beside its growing
 * K/V cache: Space writes (and stops), → writes one character; each new character's arcs to
 * the characters before it, drawn by the arcs screen's arcs.c (the chosen head; nothing after
 * it: the causal mask), with their shares, the readout's candidates, and per layer and head
 * the K and V rows kept so far, with the multiply-adds of the step with the cache and without
 * it and the cache's bytes, derived on screen from the shapes, for this model and for the
 * scale screen's real model at the same length.
 * Owns: the view's state (its own trace of the poem, grown with transformer_append; the
 * temperature, the seed and its generator, as --generate draws them), layout, keys and row.
 * Must not touch: ncurses, the clock, the arithmetic (transformer.h picks and counts). */
#include <inttypes.h>
#include <stdio.h>
#include <string.h>
#include "corpus.h"
#include "draw.h"
#include "format.h"
#include "keys.h"
#include "ramp.h"
#include "realmodel.h"
#include "view_arcs.h"
#include "text.h"
#include "transformer.h"
#include "view.h"

#define WRITE_TOP 5             /* the readout's candidates shown */
#define WRITE_STEP_MS 180       /* between two characters while writing runs */
#define WRITE_LINES 4           /* line ends that complete the poem's form */
#define WRITE_PITCH_MIN 3       /* columns of a character's slot on the poem's row at least
                                   (a Chinese character and a blank) */
#define WRITE_PITCH_MAX 4       /* ... and at most: a short poem stays compact, and its new
                                   arcs cost less to walk (each written character has all new ones) */
#define WRITE_ARC_ROWS_MIN 2    /* the arcs' rows at least before the earlier characters' list */
#define WRITE_POEM_ROWS_MAX 13  /* the arcs, the poem's row and its shares: rows at most */
#define WRITE_COUNTS_KEEP 8     /* rows a short body keeps for the counts under the arcs (this
                                   model's and the real model's first) */
#define WRITE_SEED 1            /* the first seed: --generate's default */
#define WRITE_ROW_BYTES 512     /* one row of text */
#define WRITE_WIDE 100          /* narrower bodies take the shorter wordings */

/* The temperatures t and T step through: 0 is greedy. */
static const double write_temperatures[] = { 0.0, 0.5, 0.8, 1.0, 1.2 };
#define WRITE_TEMPERATURES ((int)(sizeof write_temperatures / sizeof write_temperatures[0]))

/* ---------------------------------------------------------------- its state and actions */

/* Why writing stopped. */
typedef enum {
    WRITE_GOING = 0,    /* it may write on */
    WRITE_END_MARK,     /* the model wrote the end mark 〓 */
    WRITE_FORM,         /* four lines complete (the prompt's form) */
    WRITE_CONTEXT,      /* the context is full */
    WRITE_NO_MODEL      /* the lesson's model plays: nothing to write with */
} WriteStop;

/* What the view keeps of its own. */
typedef struct {
    const Model *model;          /* the layered model written with (the lesson's), or NULL */
    TransformerTrace tr;         /* the poem so far: the prompt's pass, then each character
                                    appended with the K/V cache */
    bool traced;                 /* tr is allocated */
    char prompt[MODEL_LINE_BYTES];  /* the first line written from (the lesson's line's first) */
    int prompt_n;                /* its characters */
    char err[WRITE_ROW_BYTES];   /* why the prompt cannot be written from, or "" */
    int temperature;             /* index into write_temperatures (fresh: 0, greedy) */
    uint64_t seed;               /* the generator's seed (fresh: WRITE_SEED) */
    SqrtdRng rng;                /* the generator, as --generate draws from it */
    bool running;                /* Space: characters come one by one until it stops */
    long long last_tick;         /* when the last character came (ms) */
    WriteStop stop;              /* why it stopped, or WRITE_GOING */
    int top_n;                   /* the readout's candidates for the next character */
    int top_ids[WRITE_TOP];      /* their vocabulary indices, most probable first */
    double top_p[WRITE_TOP];     /* their probabilities at the temperature */
} WriteState;

#define WRITE_ACTIONS(X)                                                                       \
    X(WRITE_RUN, "write: one character after another, start or stop",                         \
      "写诗：一个字接一个字地写，开始或停下")                                                 \
    X(WRITE_ONE, "write the next character", "写下一个字")                                     \
    X(WRITE_WARMER, "a higher temperature (sampled), written again from the first line",      \
      "提高温度（抽样），从第一行重写")                                                       \
    X(WRITE_COOLER, "a lower temperature (0: greedy), written again from the first line",     \
      "降低温度（0：每次取最可能的字），从第一行重写")                                         \
    X(WRITE_RESEED, "a new seed, written again from the first line", "换一个种子，从第一行重写") \
    X(WRITE_RESTART, "back to the first line", "回到第一行")

VIEW_ACTIONS_DEFINE(WriteAction, WRITE_ACTION_BASE, write_actions, WRITE_ACTIONS);

/* The first line of text into out: up to and including its first line end (，。？！；), or all
 * of it. */
static void write_first_line(const char *text, char *out, size_t cap)
{
    size_t used = 0;
    out[0] = '\0';
    for (const char *s = text; *s;) {
        unsigned char lead = (unsigned char)*s;
        size_t len = lead < 0x80 ? 1 : lead < 0xE0 ? 2 : lead < 0xF0 ? 3 : 4;
        char ch[TEXT_CHAR_BYTES];
        if (strnlen(s, len) < len || used + len >= cap)
            break;
        memcpy(ch, s, len);
        ch[len] = '\0';
        memcpy(out + used, s, len);
        used += len;
        out[used] = '\0';
        s += len;
        if (corpus_line_end(ch))
            break;
    }
}

/* Line ends in the trace's characters. */
static int write_line_ends(const WriteState *st)
{
    int n = 0;
    for (int t = 0; t < st->tr.T; t++)
        n += corpus_line_end(st->model->vocab[st->tr.ids[t]]);
    return n;
}

/* The readout's candidates for the next character, from the last row. */
static void write_refresh_top(WriteState *st)
{
    st->top_n = st->tr.T > 0 ? transformer_top(&st->tr, write_temperatures[st->temperature], WRITE_TOP,
                                               st->top_ids, st->top_p)
                             : 0;
}

/* Back to the prompt: its pass run, the generator seeded afresh. */
static void write_restart(WriteState *st)
{
    st->running = false;
    st->rng = sqrtd_rng(st->seed);
    st->top_n = 0;
    if (!st->model) {
        st->stop = WRITE_NO_MODEL;
        return;
    }
    if (!st->traced || st->err[0]) {
        st->stop = WRITE_CONTEXT;
        return;
    }
    int ids[MODEL_MAX_CONTEXT];
    int n = transformer_ids(st->model, st->prompt, ids, st->model->context, LANG_EN, st->err, sizeof st->err);
    if (n < 0 || transformer_forward(&st->tr, ids, n) != 0) {
        transformer_clear(&st->tr);
        st->stop = WRITE_CONTEXT;
        return;
    }
    st->prompt_n = n;
    st->stop = n >= st->tr.cap ? WRITE_CONTEXT : WRITE_GOING;
    write_refresh_top(st);
}

static void write_free(void *state)
{
    WriteState *st = state;
    if (st->traced)
        transformer_trace_free(&st->tr);
    st->traced = false;
}

/* Takes the lesson's layered model and its line's first line; keeps temperature and seed. */
static void write_take_lesson(WriteState *st, const Lesson *ls)
{
    write_free(st);
    st->model = ls && ls->model && ls->model->layers > 0 ? ls->model : NULL;
    st->err[0] = '\0';
    st->prompt[0] = '\0';
    st->prompt_n = 0;
    if (st->model) {
        write_first_line(ls->params.sentence, st->prompt, sizeof st->prompt);
        if (transformer_trace_init(&st->tr, st->model) == 0)
            st->traced = true;
        else
            snprintf(st->err, sizeof st->err, "out of memory");
    }
    write_restart(st);
}

static void write_init(void *state, const Lesson *ls)
{
    WriteState *st = state;
    st->seed = WRITE_SEED;
    write_take_lesson(st, ls);
}

static void write_lesson_changed(void *state, const Ui *ui, const Lesson *ls)
{
    (void)ui;
    WriteState *st = state;
    char first[MODEL_LINE_BYTES] = "";
    const Model *m = ls && ls->model && ls->model->layers > 0 ? ls->model : NULL;
    if (m)
        write_first_line(ls->params.sentence, first, sizeof first);
    if (m != st->model || strcmp(first, st->prompt) != 0)
        write_take_lesson(st, ls);
}

/* Writes one character as --generate does: transformer_pick at the temperature with the
 * generator, then transformer_append (the K/V cache). Returns whether it wrote. */
static bool write_one(WriteState *st)
{
    if (st->stop != WRITE_GOING)
        return false;
    if (st->tr.T >= st->tr.cap) {
        st->stop = WRITE_CONTEXT;
        return false;
    }
    int next = transformer_pick(&st->tr, write_temperatures[st->temperature], &st->rng, NULL);
    if (next < 0)
        return false;
    if (strcmp(st->model->vocab[next], CORPUS_END_MARK) == 0) {
        st->stop = WRITE_END_MARK;
        return true;
    }
    transformer_append(&st->tr, next);
    if (write_line_ends(st) >= WRITE_LINES)
        st->stop = WRITE_FORM;
    else if (st->tr.T >= st->tr.cap)
        st->stop = WRITE_CONTEXT;
    write_refresh_top(st);
    return true;
}

static int write_act(void *state, const ViewCall *call, Action a, int arg)
{
    (void)arg;
    WriteState *st = state;
    if ((int)a < ACTION_VIEW_FIRST)
        return -1;
    switch ((WriteAction)a) {
    case WRITE_ACTION_BASE:
        break;
    case ACTION_WRITE_RUN:
        if (st->running) {
            st->running = false;
        } else {
            if (st->stop != WRITE_GOING && st->model)
                write_restart(st);   /* a finished poem: Space writes it again */
            st->running = st->stop == WRITE_GOING;
            st->last_tick = call->now - WRITE_STEP_MS;
        }
        return REACT_REDRAW;
    case ACTION_WRITE_ONE:
        st->running = false;
        if (!write_one(st))
            request_note_text(call->ask, LANG_PICK(call->ui->want.config.lang, "writing has stopped: Home starts again",
                                                   "已经停笔：Home 从头再写"));
        return REACT_REDRAW;
    case ACTION_WRITE_WARMER:
    case ACTION_WRITE_COOLER: {
        int t = st->temperature + (a == (Action)ACTION_WRITE_WARMER ? 1 : -1);
        st->temperature = t < 0 ? 0 : t >= WRITE_TEMPERATURES ? WRITE_TEMPERATURES - 1 : t;
        write_restart(st);
        return REACT_REDRAW;
    }
    case ACTION_WRITE_RESEED:
        st->seed++;
        write_restart(st);
        return REACT_REDRAW;
    case ACTION_WRITE_RESTART:
        write_restart(st);
        return REACT_REDRAW;
    }
    return -1;
}

/* While writing runs, any key stops it (Space only stops; the others then do their work). */
static bool write_modal(const void *state)
{
    const WriteState *st = state;
    return st->running;
}

static int write_key(void *state, const ViewCall *call, int key)
{
    (void)call;
    WriteState *st = state;
    st->running = false;
    return key == ' ' ? REACT_REDRAW : -1;
}

static int write_tick(void *state, const ViewCall *call)
{
    WriteState *st = state;
    if (!st->running)
        return REACT_NONE;
    st->last_tick = call->now;
    write_one(st);
    if (st->stop != WRITE_GOING)
        st->running = false;
    return REACT_REDRAW;
}

static long long write_next_tick(const void *state, long long now)
{
    const WriteState *st = state;
    if (!st->running)
        return VIEW_TICK_NEVER;
    long long due = st->last_tick + WRITE_STEP_MS - now;
    return due > 0 ? due : 0;
}

/* ---------------------------------------------------------------- drawing */

/* The chosen (layer, head), the one every screen shows (Ui's, clamped to the model's). */
static int write_layer(const ViewCtx *c, const WriteState *st)
{
    int l = c->ui->layer;
    return l < 0 || l >= st->model->layers ? 0 : l;
}

static int write_head(const ViewCtx *c, const WriteState *st)
{
    int h = c->ui->head;
    return h < 0 || h >= st->model->heads ? 0 : h;
}

/* A count grouped in threes ("3 072"). */
static const char *grouped(int64_t v, char *buf, size_t cap)
{
    return format_grouped(buf, cap, (long long)v);
}

/* Character t of the poem as written on screen. */
static const char *write_char(const ViewCtx *c, const WriteState *st, int t, char *buf, size_t cap)
{
    return draw_char_label(c->ascii, st->model->vocab[st->tr.ids[t]], buf, cap);
}

/* The header: the model, how it writes (greedy or temperature and seed), how far. */
static int draw_header(const ViewCtx *c, const WriteState *st, int y, int limit)
{
    char buf[WRITE_ROW_BYTES], how[128];
    double temp = write_temperatures[st->temperature];
    if (temp <= 0.0) {
        snprintf(how, sizeof how, "%s", SAY(c, "greedy: the most probable character (t: sample)",
                                            "每次取最可能的字（t：抽样）"));
    } else {
        char t[FORMAT_BYTES];
        snprintf(how, sizeof how, SAY(c, "sampled at temperature %s, seed %" PRIu64 " (t/T, r)",
                                          "按温度 %s 抽样，种子 %" PRIu64 "（t/T、r）"),
                 format_fixed(t, sizeof t, temp, 1), st->seed);
    }
    if (c->body.w < WRITE_WIDE)
        snprintf(buf, sizeof buf, SAY(c, "from %s · %s · %d/%d characters", "从 %s 写起 · %s · %d/%d 个字"),
                 st->prompt, temp <= 0.0 ? SAY(c, "greedy (t: sample)", "取最可能的（t：抽样）") : how, st->tr.T, st->tr.cap);
    else
        snprintf(buf, sizeof buf, SAY(c, "from %s · %s · %d of %d characters (the model's context)",
                                          "从 %s 写起 · %s · 第 %d 个字，最多 %d 个（模型的上下文）"),
                 st->prompt, how, st->tr.T, st->tr.cap);
    draw_clipped(c->g, c->body.x + 1, y, limit, buf, STYLE_BOLD);
    return 1;
}

/* The same characters from the command line, for checking. */
static int draw_command(const ViewCtx *c, const WriteState *st, int y, int limit)
{
    char buf[WRITE_ROW_BYTES];
    double temp = write_temperatures[st->temperature];
    if (temp <= 0.0) {
        snprintf(buf, sizeof buf, SAY(c, "the same characters: %s --model poems --generate %s",
                                          "同样的字：%s --model poems --generate %s"), c->prog, st->prompt);
    } else {
        char t[FORMAT_BYTES];
        snprintf(buf, sizeof buf, SAY(c, "the same characters: %s --model poems --generate %s --temperature %s --seed %" PRIu64,
                                          "同样的字：%s --model poems --generate %s --temperature %s --seed %" PRIu64),
                 c->prog, st->prompt, format_fixed(t, sizeof t, temp, 1), st->seed);
    }
    draw_clipped(c->g, c->body.x + 1, y, limit, buf, STYLE_DIM);
    return 1;
}

/* Where the poem's row goes under the newest character's arcs: the last characters of the
 * poem (all that fit at WRITE_PITCH_MIN columns each), the ones before them listed above. */
typedef struct {
    int first;             /* the trace's first character on the row (earlier: listed above) */
    int earlier_rows;      /* rows of the list of the earlier characters (0: none) */
    int value_rows;        /* rows of the shares under the row: 0 (hidden), 1, or 2 alternating */
    ArcsLayout arcs;       /* the row as the arcs see it: character i is the trace's first + i */
} WriteRow;

/* The newest character's share to each character in the chosen (layer, head): the trace's
 * row, which is 0 after the newest (the causal mask). */
static const double *write_shares(const ViewCtx *c, const WriteState *st)
{
    return TRANSFORMER_HEAD_ROW(&st->tr, st->tr.layer[write_layer(c, st)].shares, write_head(c, st), st->tr.T - 1);
}

/* A share as the row prints it: whole percent ("63%"), made by hand (a row prints up to 64
 * of them a frame). */
static const char *write_percent(double share, char *buf, size_t cap)
{
    int v = (int)(share * 100.0 + 0.5), n = 0;
    char digits[4];
    v = v < 0 ? 0 : v > 100 ? 100 : v;
    do {
        digits[n++] = (char)('0' + v % 10);
        v /= 10;
    } while (v > 0);
    size_t k = 0;
    while (n > 0 && k + 2 < cap)
        buf[k++] = digits[--n];
    if (k + 1 < cap)
        buf[k++] = '%';
    if (cap > 0)
        buf[k < cap ? k : cap - 1] = '\0';
    return buf;
}

/* Lays the row out in `rows` rows from y: the earlier characters' list (when the row cannot
 * hold every character), the arcs, the row of characters, and (with shares) the shares. */
static void write_row_layout(const ViewCtx *c, const WriteState *st, int y, int rows, bool shares, WriteRow *R)
{
    memset(R, 0, sizeof *R);
    int T = st->tr.T, width = c->body.w - 3;
    int pitch = width / (T > 0 ? T : 1);
    pitch = pitch < WRITE_PITCH_MIN ? WRITE_PITCH_MIN : pitch > WRITE_PITCH_MAX ? WRITE_PITCH_MAX : pitch;
    int n = width / pitch;
    n = n < 1 ? 1 : n > T ? T : n;
    R->first = T - n;
    ArcsLayout *L = &R->arcs;
    L->w = c->body.x + c->body.w;
    L->tokens = n;
    L->pitch = pitch;
    const double *row = write_shares(c, st);
    if (shares && c->numbers) {
        R->value_rows = 1;
        for (int i = 0; i < n; i++) {
            char p[16];
            if (text_width(write_percent(row[R->first + i], p, sizeof p)) >= pitch)
                R->value_rows = 2;
        }
    }
    if (R->first > 0)
        R->earlier_rows = shares ? 2 : 1;
    int arc_rows = rows - R->earlier_rows - 1 - R->value_rows;
    if (arc_rows < WRITE_ARC_ROWS_MIN) {   /* too few rows: the arcs go first, then the list */
        R->earlier_rows = 0;
        arc_rows = rows - 1 - R->value_rows;
    }
    L->arc_top = y + R->earlier_rows;
    L->arc_rows = arc_rows > 0 ? arc_rows : 0;
    L->sentence_row = L->arc_top + L->arc_rows;
    L->value_row = L->sentence_row + 1;
    L->value_rows = R->value_rows;
    for (int i = 0; i < n; i++) {
        char ch[DRAW_LABEL_BYTES];
        L->tok_w[i] = text_width(write_char(c, st, R->first + i, ch, sizeof ch));
        L->tok_x[i] = c->body.x + 2 + i * pitch;
    }
    arcs_layout_widths(L, c->ui ? c->ui->theme : THEME_DARK);
}

/* The characters before the row, each in its share's colour with its share (numbers shown),
 * in rows from (x, y), "…" where they run out of room. */
static void draw_earlier(const ViewCtx *c, const WriteState *st, const WriteRow *R, int y)
{
    if (R->earlier_rows < 1)
        return;
    const double *row = write_shares(c, st);
    int x0 = c->body.x + 1, limit = c->body.x + c->body.w - 1, x = x0, yy = y;
    char buf[WRITE_ROW_BYTES], ch[DRAW_LABEL_BYTES], p[16];
    snprintf(buf, sizeof buf, SAY(c, "%d before the row:", "这一行前面的 %d 个字："), R->first);
    x += draw_clipped(c->g, x, yy, limit, buf, STYLE_DIM);
    for (int t = 0; t < R->first; t++) {
        if (c->numbers)
            snprintf(buf, sizeof buf, " %s %s", write_char(c, st, t, ch, sizeof ch), write_percent(row[t], p, sizeof p));
        else
            snprintf(buf, sizeof buf, " %s", write_char(c, st, t, ch, sizeof ch));
        int w = text_width(buf);
        if (x + w + 2 > limit) {   /* room for " …" is kept on the last row */
            if (yy + 1 >= y + R->earlier_rows) {
                draw_clipped(c->g, x, yy, limit + 1, c->ascii ? " ..." : " …", STYLE_DIM);
                return;
            }
            yy++;
            x = x0;
        }
        x += draw_clipped(c->g, x, yy, limit, buf, ramp_share_style(row[t]));
    }
}

/* The poem's newest characters in a row under the newest one's arcs to each character before
 * it in the chosen head (nothing after it: the causal mask), drawn as the arcs screen draws
 * them (width and colour by share); the newest in [ ], every other in its share's colour,
 * with shares its share under it (on two alternating rows when the slots are narrow); the
 * characters before the row listed above it. Returns the rows used (at most rows). */
static int draw_poem(const ViewCtx *c, const WriteState *st, int y, int rows, bool shares)
{
    WriteRow R;
    write_row_layout(c, st, y, rows, shares, &R);
    const ArcsLayout *L = &R.arcs;
    int n = L->tokens, newest = st->tr.T - 1, limit = c->body.x + c->body.w;
    const double *row = write_shares(c, st);
    double share[MODEL_MAX_TOKENS];
    bool shown[MODEL_MAX_TOKENS];
    for (int i = 0; i < n; i++) {
        share[i] = row[R.first + i];
        shown[i] = R.first + i <= newest;   /* the causal mask: none after the newest */
    }
    draw_earlier(c, st, &R, y);
    arcs_draw_row(c, L, n - 1, share, shown);
    for (int i = 0; i < n; i++) {
        char ch[DRAW_LABEL_BYTES];
        int t = R.first + i;
        write_char(c, st, t, ch, sizeof ch);
        if (t == newest) {
            char buf[32];
            snprintf(buf, sizeof buf, "[%s]", ch);
            draw_clipped(c->g, L->tok_x[i] - 1, L->sentence_row, limit, buf, STYLE_FOCUS);
        } else {
            draw_clipped(c->g, L->tok_x[i], L->sentence_row, limit, ch, ramp_share_style(share[i]));
        }
        if (R.value_rows > 0) {
            char p[16];
            draw_clipped(c->g, L->tok_x[i], L->value_row + i % R.value_rows, limit,
                         write_percent(share[i], p, sizeof p), ramp_share_style(share[i]));
        }
    }
    return L->value_row + R.value_rows - y;
}

/* What the newest character looks at in the chosen head: its largest shares, in order. */
static int draw_looks(const ViewCtx *c, const WriteState *st, int y, int limit)
{
    int T = st->tr.T, newest = T - 1;
    if (T < 1)
        return 0;
    const double *row = TRANSFORMER_HEAD_ROW(&st->tr, st->tr.layer[write_layer(c, st)].shares, write_head(c, st), newest);
    char buf[WRITE_ROW_BYTES], ch[DRAW_LABEL_BYTES], p[FORMAT_BYTES];
    if (c->body.w < WRITE_WIDE)
        snprintf(buf, sizeof buf, SAY(c, "%s (L%d H%d) looks back at:", "%s（%d层%d头）往前看："),
                 write_char(c, st, newest, ch, sizeof ch), write_layer(c, st) + 1, write_head(c, st) + 1);
    else
        snprintf(buf, sizeof buf, SAY(c, "%s (layer %d · head %d) looks at %d characters, none after it (the causal mask):",
                                          "%s（第 %d 层 · 第 %d 个头）看它和前面的 %d 个字，看不到后面（因果遮挡）："),
                 write_char(c, st, newest, ch, sizeof ch), write_layer(c, st) + 1, write_head(c, st) + 1, T);
    int x = c->body.x + 1;
    x += draw_clipped(c->g, x, y, limit, buf, STYLE_NORMAL);
    bool used[MODEL_MAX_CONTEXT] = { false };
    for (int k = 0; k < 3 && k < T; k++) {
        int best = -1;
        for (int s = 0; s < T; s++)
            if (!used[s] && (best < 0 || row[s] > row[best]))
                best = s;
        if (best < 0)
            break;
        used[best] = true;
        if (c->numbers)
            snprintf(buf, sizeof buf, " %s %s", write_char(c, st, best, ch, sizeof ch),
                     format_percent(p, sizeof p, row[best]));
        else
            snprintf(buf, sizeof buf, " %s", write_char(c, st, best, ch, sizeof ch));
        x += draw_clipped(c->g, x, y, limit, buf, ramp_share_style(row[best]));
    }
    return 1;
}

/* The readout's candidates for the next character, and why writing stopped. */
static int draw_next(const ViewCtx *c, const WriteState *st, int y, int limit)
{
    char buf[WRITE_ROW_BYTES], ch[DRAW_LABEL_BYTES], p[FORMAT_BYTES];
    int x = c->body.x + 1;
    if (st->stop != WRITE_GOING) {
        const char *why = st->stop == WRITE_END_MARK ? SAY(c, "the model wrote the end mark 〓", "模型写了结束记号 〓")
                        : st->stop == WRITE_FORM     ? SAY(c, "four lines are written: the poem's form is complete",
                                                           "四句写完了：诗的格式已满")
                                                     : SAY(c, "the context is full", "上下文写满了");
        snprintf(buf, sizeof buf, SAY(c, "stopped: %s · Home or Space writes again", "停笔：%s · Home 或空格重写"), why);
        draw_clipped(c->g, x, y, limit, buf, STYLE_BOLD);
        return 1;
    }
    x += draw_clipped(c->g, x, y, limit, c->body.w < WRITE_WIDE ? SAY(c, "next:", "下一个字：")
                                         : SAY(c, "the readout's candidates for the next character:",
                                               "读出层给下一个字的候选："), STYLE_NORMAL);
    for (int k = 0; k < st->top_n; k++) {
        draw_char_label(c->ascii, st->model->vocab[st->top_ids[k]], ch, sizeof ch);
        if (c->numbers)
            snprintf(buf, sizeof buf, " %s %s", ch, format_percent(p, sizeof p, st->top_p[k]));
        else
            snprintf(buf, sizeof buf, " %s", ch);
        x += draw_clipped(c->g, x, y, limit, buf, k == 0 ? STYLE_BOLD : STYLE_NORMAL);
    }
    return 1;
}

/* One strip of cached rows: n cells (two rows a cell when they do not fit in cols), the
 * prompt's rows dim, the newest lit. Returns the columns used. */
static int draw_strip(const ViewCtx *c, int x, int y, int cols, int n, int prompt)
{
    int per = n <= cols ? 1 : 2;
    const char *full = c->ascii ? "#" : "█", *half = c->ascii ? ":" : "▌";
    int cells = (n + per - 1) / per;
    for (int i = 0; i < cells && i < cols; i++) {
        int last = i * per + per - 1;   /* the last row this cell stands for */
        bool whole = last < n;
        Style s = (whole ? last : n - 1) == n - 1 ? STYLE_FOCUS : i * per < prompt ? STYLE_DIM : STYLE_SERIES_A;
        grid_put_char(c->g, x + i, y, whole ? full : half, s);
    }
    return cells;
}

/* The cache: per layer and head (per layer when rows are few) the K and V rows kept. */
static int draw_cache(const ViewCtx *c, const WriteState *st, int y, int max_rows, bool per_head)
{
    int T = st->tr.T, L = st->model->layers, H = st->model->heads, dh = st->tr.dh;
    int rows = 0, limit = c->body.x + c->body.w - 1;
    char buf[WRITE_ROW_BYTES];
    if (c->body.w < WRITE_WIDE)
        snprintf(buf, sizeof buf, SAY(c, "the K/V cache: %d rows a layer, one more a character",
                                         "K/V 缓存：每层 %d 行，每写一个字多一行"), T);
    else
        snprintf(buf, sizeof buf, SAY(c, "the K/V cache: each layer keeps every character's K and V (%d rows now); "
                                         "the new character computes only its own row",
                                         "K/V 缓存：每层留着每个字的 K 和 V（现在 %d 行）；新字只算自己那一行"), T);
    draw_rule_heading(c->g, c->gl, c->body.x, y, c->body.w, buf);
    rows++;
    int label = 12;
    int cols = (c->body.w - 2 * label - 4) / 2;
    if (cols < 8)
        return rows;
    for (int l = 0; l < L && rows < max_rows; l++)
        for (int h = 0; h < (per_head ? H : 1) && rows < max_rows; h++) {
            int x = c->body.x + 1, yy = y + rows;
            if (per_head)
                snprintf(buf, sizeof buf, SAY(c, "L%d H%d K %d×%d", "第%d层%d头 K %d×%d"), l + 1, h + 1, T, dh);
            else
                snprintf(buf, sizeof buf, SAY(c, "layer %d K %d×%d", "第 %d 层 K %d×%d"), l + 1, T, st->tr.d);
            x += draw_clipped(c->g, x, yy, x + label + 6, buf, STYLE_NORMAL) + 1;
            x += draw_strip(c, x, yy, cols, T, st->prompt_n) + 1;
            snprintf(buf, sizeof buf, "V %d×%d", T, per_head ? dh : st->tr.d);
            x += draw_clipped(c->g, x, yy, limit, buf, STYLE_NORMAL) + 1;
            draw_strip(c, x, yy, cols, T, st->prompt_n);
            rows++;
        }
    return rows;
}

/* One count's text from (x, y), wrapped only after " + ", " = ", " · ", ", " or "; " (never
 * inside a grouped number such as 12 845 056), its leading blanks kept as the indent of every
 * row, at most max_rows rows (the last cut when more is left). Returns the rows used. */
static int count_row(const ViewCtx *c, int x, int y, int limit, int max_rows, const char *text)
{
    static const char *const breaks[] = { " + ", " = ", " · ", ", ", "; ", "：", "，", "；" };
    int indent = (int)strspn(text, " ");
    const char *s = text + indent;
    int w = limit - x - indent, rows = 0;
    while (*s && rows < max_rows && w > 0) {
        /* the longest run of whole segments that fits in w columns (each measured once) */
        const char *end = NULL, *p = s;
        int used = 0;
        while (*p) {
            const char *next = NULL;
            size_t blen = 0;
            for (size_t i = 0; i < sizeof breaks / sizeof breaks[0]; i++) {
                const char *q = strstr(p, breaks[i]);
                if (q && (!next || q < next)) {
                    next = q;
                    blen = strlen(breaks[i]);
                }
            }
            const char *seg_end = next ? next + blen : p + strlen(p);
            int seg = text_width_n(p, (size_t)(seg_end - p));
            if (used + seg > w && end)
                break;
            end = seg_end;
            used += seg;
            p = seg_end;
            if (used > w)
                break;
        }
        char line[WRITE_ROW_BYTES];
        size_t n = (size_t)(end - s) < sizeof line - 1 ? (size_t)(end - s) : sizeof line - 1;
        memcpy(line, s, n);
        line[n] = '\0';
        draw_clipped(c->g, x + indent, y + rows, limit, line, STYLE_NORMAL);
        rows++;
        s = end;
    }
    return rows;
}

/* The counts of this step for one shape: with the cache, without, the poem's totals, the
 * cache's bytes; every figure multiplied out from the shape. Returns rows drawn. */
static int draw_counts(const ViewCtx *c, const TransformerCacheShape *s, int t, int layers, bool real,
                       int y, int max_rows)
{
    if (t < 1 || max_rows < 1)
        return 0;
    const char *mul = c->ascii ? "*" : "·";
    TransformerCacheCounts k = transformer_cache_step_shape(s, t);
    TransformerCacheCounts sum = transformer_cache_total_shape(s, t);
    int64_t qcols = s->heads * s->dh + 2 * s->kv_heads * s->dh;
    char a[32], b[32], cc[32], d[32], f[32], g[32], buf[WRITE_ROW_BYTES];
    int rows = 0, x = c->body.x + 1, limit = c->body.x + c->body.w;
    bool n = c->numbers;
    /* with the cache */
    if (n)
        snprintf(buf, sizeof buf, SAY(c, "  with the cache: Q,K,V %" PRId64 "%s%" PRId64 " = %s, scores and shares%sV %" PRId64 "%s2%s%" PRId64 "%s%d = %s, Wo %" PRId64 "%s%" PRId64 " = %s; %s + %s + %s = %s",
                                         "  用缓存：Q,K,V %" PRId64 "%s%" PRId64 " = %s，打分和百分比%sV %" PRId64 "%s2%s%" PRId64 "%s%d = %s，Wo %" PRId64 "%s%" PRId64 " = %s；%s + %s + %s = %s"),
                 s->d, mul, qcols, grouped(k.qkv, a, sizeof a), mul, s->heads, mul, mul, s->dh, mul, t,
                 grouped(k.attend, b, sizeof b), s->heads * s->dh, mul, s->d, grouped(k.wo, cc, sizeof cc),
                 a, b, cc, grouped(k.with_cache, d, sizeof d));
    else
        snprintf(buf, sizeof buf, SAY(c, "  with the cache: Q,K,V %" PRId64 "%s%" PRId64 " + scores and shares%sV %" PRId64 "%s2%s%" PRId64 "%s%d + Wo %" PRId64 "%s%" PRId64,
                                         "  用缓存：Q,K,V %" PRId64 "%s%" PRId64 " + 打分和百分比%sV %" PRId64 "%s2%s%" PRId64 "%s%d + Wo %" PRId64 "%s%" PRId64),
                 s->d, mul, qcols, mul, s->heads, mul, mul, s->dh, mul, t, s->heads * s->dh, mul, s->d);
    rows += count_row(c, x, y + rows, limit, max_rows - rows, buf);
    if (rows >= max_rows)
        return rows;
    /* without it */
    if (n) {
        char e[32];
        snprintf(buf, sizeof buf, SAY(c, "  without (every row again): %d%s(%s + %s) + %" PRId64 "%s2%s%" PRId64 "%s%d%s%d/2 = %s + %s = %s",
                                         "  不用缓存（每一行重算）：%d%s(%s + %s) + %" PRId64 "%s2%s%" PRId64 "%s%d%s%d/2 = %s + %s = %s"),
                 t, mul, grouped(k.qkv, a, sizeof a), grouped(k.wo, b, sizeof b), s->heads, mul, mul, s->dh, mul, t, mul,
                 t + 1, grouped(k.without_cache - k.attend_all, cc, sizeof cc), grouped(k.attend_all, d, sizeof d),
                 grouped(k.without_cache, e, sizeof e));
    } else {
        snprintf(buf, sizeof buf, SAY(c, "  without (every row again): t%s(Q,K,V + Wo) + %" PRId64 "%s2%s%" PRId64 "%st(t+1)/2",
                                         "  不用缓存（每一行重算）：t%s(Q,K,V + Wo) + %" PRId64 "%s2%s%" PRId64 "%st(t+1)/2"),
                 mul, s->heads, mul, mul, s->dh, mul);
    }
    rows += count_row(c, x, y + rows, limit, max_rows - rows, buf);
    if (rows >= max_rows)
        return rows;
    /* the totals and the cache's bytes */
    int bytes = real ? 2 : 8;
    int64_t cache = real ? k.bytes_f16 : k.bytes_f64;
    if (n && real)
        snprintf(buf, sizeof buf, SAY(c, "  so far (steps 1-%d): %s with, %s without · cache 2%s%" PRId64 "%s%d%s%d bytes = %s per layer; "
                                         "%s%d layers (Qwen2-7B's shape, not in the lesson) = %s",
                                         "  到现在（第 1-%d 步）：用缓存 %s，不用 %s · 缓存 2%s%" PRId64 "%s%d%s%d 字节 = 每层 %s；"
                                         "%s%d 层（Qwen2-7B 的形状，课上不讲）= %s"),
                 t, grouped(sum.with_cache, a, sizeof a), grouped(sum.without_cache, b, sizeof b), mul,
                 s->kv_heads * s->dh, mul, t, mul, bytes, grouped(cache, cc, sizeof cc), c->ascii ? "x" : "×",
                 REALMODEL_QWEN2_7B_LAYERS, grouped(cache * REALMODEL_QWEN2_7B_LAYERS, d, sizeof d));
    else if (n)
        snprintf(buf, sizeof buf, SAY(c, "  so far (steps 1-%d): %s with, %s without · cache 2%s%" PRId64 "%s%d%s%d bytes = %s per layer "
                                         "(%s at 2 bytes), %s%d layers = %s",
                                         "  到现在（第 1-%d 步）：用缓存 %s，不用 %s · 缓存 2%s%" PRId64 "%s%d%s%d 字节 = 每层 %s"
                                         "（每个数 2 字节：%s），%s%d 层 = %s"),
                 t, grouped(sum.with_cache, a, sizeof a), grouped(sum.without_cache, b, sizeof b), mul,
                 s->kv_heads * s->dh, mul, t, mul, bytes, grouped(cache, cc, sizeof cc),
                 grouped(k.bytes_f16, f, sizeof f), c->ascii ? "x" : "×", layers,
                 grouped(cache * layers, g, sizeof g));
    else
        snprintf(buf, sizeof buf, SAY(c, "  cache: 2%s%" PRId64 "%st numbers per layer, growing a row per character",
                                         "  缓存：每层 2%s%" PRId64 "%st 个数，每写一个字长一行"),
                 mul, s->kv_heads * s->dh, mul);
    rows += count_row(c, x, y + rows, limit, max_rows - rows, buf);
    return rows;
}

/* The one line on the lesson's model, or why the prompt cannot be written. */
static void draw_no_model(const ViewCtx *c, const WriteState *st)
{
    char buf[WRITE_ROW_BYTES];
    if (!st->model)
        snprintf(buf, sizeof buf, "%s", SAY(c, "This screen writes with a layered model; the lesson's model has one "
                                               "layer and no readout. Start it with --model poems.",
                                               "这个画面用分层的模型写诗；课上的模型只有一层，没有读出层。"
                                               "用 --model poems 启动。"));
    else
        snprintf(buf, sizeof buf, SAY(c, "Cannot write from %s: %s", "没法从 %s 写起：%s"), st->prompt, st->err);
    draw_paragraph(c->g, c->gl, c->body.x + 1, c->body.y + 1, c->body.w - 2, c->body.h - 1, buf, STYLE_NORMAL);
}

static void write_view_draw(const ViewCtx *c)
{
    const WriteState *st = c->state;
    if (!st || !st->model || !st->traced || st->tr.T < 1) {
        WriteState blank = { 0 };
        draw_no_model(c, st ? st : &blank);
        return;
    }
    int y = c->body.y, bottom = c->body.y + c->body.h, limit = c->body.x + c->body.w - 1;
    bool roomy = c->body.h >= 30;
    int counts_rows = roomy ? 12 : 6;
    y += draw_header(c, st, y, limit);
    if (roomy)
        y += draw_command(c, st, y, limit) + 1;
    /* the arcs and the poem's row: what the looks, the readout, the cache and the counts leave */
    int cache_need = 1 + st->model->layers * (roomy ? st->model->heads : 1);
    int poem_rows = bottom - y - 4 - cache_need - (roomy ? counts_rows : WRITE_COUNTS_KEEP);
    poem_rows = poem_rows > WRITE_POEM_ROWS_MAX ? WRITE_POEM_ROWS_MAX : poem_rows < 1 ? 1 : poem_rows;
    y += draw_poem(c, st, y, poem_rows, roomy) + 1;
    y += draw_looks(c, st, y, limit);
    y += draw_next(c, st, y, limit) + 1;
    int cache_rows = bottom - y - counts_rows;
    bool per_head = cache_rows >= 1 + st->model->layers * st->model->heads;
    if (cache_rows > 1 + st->model->layers * (per_head ? st->model->heads : 1))
        cache_rows = 1 + st->model->layers * (per_head ? st->model->heads : 1);
    if (cache_rows > 1)
        y += draw_cache(c, st, y, cache_rows, per_head);
    if (y >= bottom)
        return;
    char buf[WRITE_ROW_BYTES];
    TransformerCacheShape mine = transformer_cache_shape(st->model);
    if (c->body.w < WRITE_WIDE)
        snprintf(buf, sizeof buf, SAY(c, "multiply-adds per layer for character %d (d %d, %d heads of %d):",
                                         "第 %d 个字每层的乘加次数（d %d，%d 个头，每头 %d）："),
                 st->tr.T, st->tr.d, st->model->heads, st->tr.dh);
    else
        snprintf(buf, sizeof buf, SAY(c, "multiply-adds of the attention sublayer, per layer, for character %d (%d layers × %d heads of %d, d %d):",
                                         "注意力子层每层的乘加次数，第 %d 个字（%d 层 × %d 个头，每头 %d，d %d）："),
                 st->tr.T, st->model->layers, st->model->heads, st->tr.dh, st->tr.d);
    draw_clipped(c->g, c->body.x + 1, y++, limit, buf, STYLE_BOLD);
    y += draw_counts(c, &mine, st->tr.T, st->model->layers, false, y, bottom - y);
    if (y >= bottom)
        return;
    RealModel rm = realmodel_real();
    TransformerCacheShape real = { .d = rm.d_model, .heads = rm.n_heads, .dh = rm.head_width, .kv_heads = rm.n_kv_heads };
    if (c->body.w < WRITE_WIDE)
        snprintf(buf, sizeof buf, SAY(c, "the real model (%d heads, %d K/V groups, %d wide, d %d):",
                                         "真实模型（%d 个头，%d 组 K/V，每头 %d，d %d）："),
                 (int)rm.n_heads, (int)rm.n_kv_heads, (int)rm.head_width, (int)rm.d_model);
    else
        snprintf(buf, sizeof buf, SAY(c, "the real model (the scale screen's: %d heads, %d K/V groups, %d wide, d %d), the same length:",
                                         "真实模型（规模画面上的：%d 个头，%d 组 K/V，每头 %d，d %d），同样长度："),
                 (int)rm.n_heads, (int)rm.n_kv_heads, (int)rm.head_width, (int)rm.d_model);
    draw_clipped(c->g, c->body.x + 1, y++, limit, buf, STYLE_BOLD);
    draw_counts(c, &real, st->tr.T, REALMODEL_QWEN2_7B_LAYERS, true, y, bottom - y);
}

/* ---------------------------------------------------------------- the view */

/* The arcs' dots kept between frames (arcs_cache.c), as the arcs screen keeps them. */
static void *write_cache_new(void)
{
    return arcs_cache_new();
}

static void write_cache_free(void *cache)
{
    arcs_cache_free(cache);
}

/* Shared actions that do nothing here: no asking character to choose, the mask always on. */
static const Action write_idle[] = { ACTION_FOCUS_N, ACTION_MASK, ACTION_NONE };

static const KeyBinding write_keys[] = {
    { ' ',           VIEW_OWN(WRITE_RUN),      0, "Space", true },
    { KEYCODE_RIGHT, VIEW_OWN(WRITE_ONE),      0, "→",     true },
    { KEYCODE_ENTER, VIEW_OWN(WRITE_ONE),      0, "Enter", false },
    { 't',           VIEW_OWN(WRITE_WARMER),   0, "t",     true },
    { 'T',           VIEW_OWN(WRITE_COOLER),   0, "T",     true },
    { 'r',           VIEW_OWN(WRITE_RESEED),   0, "r",     true },
    { KEYCODE_HOME,  VIEW_OWN(WRITE_RESTART),  0, "Home",  true },
    { 0,             ACTION_NONE,              0, NULL,    false },
};

static const ViewHint write_hints[] = {
    { { VIEW_OWN(WRITE_RUN),    ACTION_NONE,           "write", "写" },         VIEW_AT_EVERY, true },
    { { VIEW_OWN(WRITE_ONE),    ACTION_NONE,           "one", "一个字" },       VIEW_AT_EVERY, true },
    { { VIEW_OWN(WRITE_WARMER), VIEW_OWN(WRITE_COOLER), "temperature", "温度" }, VIEW_AT_EVERY, true },
    { { VIEW_OWN(WRITE_RESEED), ACTION_NONE,           "seed", "种子" },        VIEW_AT_EVERY, true },
    { { ACTION_NONE,            ACTION_NONE,           NULL, NULL },            VIEW_AT_EVERY, false },
};

const ViewOps view_write = {
    .name = "write",
    .tab_en = "write", .tab_zh = "写诗",
    .title_en = "a poem written character by character, with its K/V cache",
    .title_zh = "一个字一个字写诗，旁边是 K/V 缓存",
    .help_en = "a layered model writes a poem; its K/V cache grows a row per character",
    .help_zh = "分层的模型写诗；K/V 缓存每写一个字长一行",
    .station_en = "A model that writes one character at a time: each new character asks the ones before it "
                  "(never the ones after: the causal mask; its arcs show how much of each it takes), and the "
                  "readout picks the next.\n"
                  "Every layer keeps each character's K and V rows (the K/V cache), so a new character computes "
                  "only its own Q, K, V row; the counts below multiply it out, with and without the cache.",
    .station_zh = "一次写一个字的模型：每个新字向前面的字提问（看不到后面的：因果遮挡；连线画出它从每个字拿多少），读出层挑下一个字。\n"
                  "每一层留着每个字的 K 和 V（K/V 缓存），新字只算自己那一行 Q、K、V；下面把用缓存和不用缓存的次数乘出来。",
    .terms_en = "temperature: 0 takes the most probable character; higher spreads the draw\n"
                "seed: the same seed draws the same characters as --generate",
    .terms_zh = "温度：0 每次取最可能的字；越高抽得越散\n"
                "种子：同一个种子抽出和 --generate 一样的字",
    .idle = write_idle,
    .track = TRACK_NONE,
    .stages = false,
    .about = "a poem written character by character by the layered model, the newest character's arcs to the ones before it, beside its growing K/V cache and the multiply-adds it saves",
    .state_size = sizeof(WriteState),
    .init = write_init,
    .free = write_free,
    .draw = write_view_draw,
    .cache_new = write_cache_new,
    .cache_free = write_cache_free,
    .act = write_act,
    .modal = write_modal,
    .key = write_key,
    .tick = write_tick,
    .next_tick = write_next_tick,
    .lesson_changed = write_lesson_changed,
    .keys = write_keys,
    .hints = write_hints,
    .actions = write_actions,
};
