/* tour.c — the guided tour: the stop table (one stop per station of the lesson, two where
 * a station makes two points, in the lesson's order: softmax before ÷√d), its two
 * questions each asked before any screen of the tour has shown its answer (the mirrored
 * score before any Q·K, a share in the other sentence before its row shows), the whole
 * state of a stop asked for, its keys and its captions with the engine's figures.
 * Owns: the tour's state (cross-screen, kept in Ui), the questions a stop asks (predict.h).
 * Must not touch: the rest of the UI state (a stop asks ui.c for its view, a fresh state,
 * a cursor and a preset: request.h), ncurses, the clock, drawing, any view's insides (a
 * stop names a view's exported preset, never a key). */
#include "tour.h"

#include <stdio.h>
#include <string.h>
#include "format.h"
#include "sqrtd.h"
#include "ui.h"
#include "view_matrix.h"
#include "view_sqrtd.h"

/* The character a stop chooses, by its part in the lesson. */
typedef enum {
    WHO_ASKER = 0,   /* the lesson's asker (等) */
    WHO_FIRST,       /* the first character (三: x(三)[0] = 0.67, Q(三)[0] = 0.09) */
    WHO_SECOND       /* the second character (减 of 十减四等于?: its row is no cell of
                        三加五等于?, where 等, 于 and ? stand at the same places) */
} Who;

/* The sentence a stop plays. */
typedef enum {
    SENTENCE_HOME = 0,   /* the one the tour started on (三加五等于?) */
    SENTENCE_OTHER       /* the one it is compared with (十减四等于?): a share there is a
                            question no earlier stop has answered */
} TourSentence;

/* What a stop hands the view's set_cursor. */
typedef enum {
    CURSOR_NONE = 0,   /* nothing */
    CURSOR_CELL,       /* (the asker, the character it looks at most) */
    CURSOR_INDEX,      /* (unused, index): a trouble, a width d */
    CURSOR_WIDTH       /* (unused, the index of width d = index in the √d list) */
} TourCursor;

/* A view's own action a stop applies after its cursor: one the view exports as a preset
 * (its header), whatever key it is bound to. */
typedef struct {
    Action action;            /* the view's own action, or ACTION_NONE */
    int arg;                  /* its argument */
} TourPreset;

/* One stop: a screen and its caption. */
typedef struct {
    ViewId view;              /* the screen */
    TourSentence sentence;    /* the sentence it plays */
    Who who;                  /* the asking character */
    Stage stage;              /* the stage */
    TourCursor cursor;        /* what set_cursor is given */
    int index;                /* CURSOR_INDEX's index, CURSOR_WIDTH's width */
    TourPreset preset;        /* the view's preset applied after (e.g. the raw score table) */
    PredictKind ask;          /* a question asked here (the screen before its answer) */
    const char *en;           /* the caption, English: {A} the asker, {B} the character
                                 it looks at most … (tour_fill) */
    const char *zh;           /* the same in Chinese, the lesson's words */
} TourStop;

static const TourStop tour_stops[] = {
    /* station 0: the opening animation */
    { VIEW_ARCS, SENTENCE_HOME, WHO_ASKER, STAGE_SOFTMAX, CURSOR_NONE, 0, { ACTION_NONE, 0 }, PREDICT_NONE,
      "The opening picture: {A} looks at every character; the thicker a line, the more it "
      "looks. {B} gets {share}.",
      "开场画面：{A}看向每一个字，线越粗，说明那个字被看得越多。{B}分到 {share}。" },
    /* station 1: the library */
    { VIEW_LIBRARY, SENTENCE_HOME, WHO_ASKER, STAGE_SOFTMAX, CURSOR_NONE, 0, { ACTION_NONE, 0 }, PREDICT_NONE,
      "A library: Q is the search phrase {A} brings, K the label on each book, V what is "
      "inside. Every character is a borrower and a book.",
      "图书馆：Q 是{A}带来的检索词，K 是每本书的名牌，V 是书里的内容。每个字既借书，也是一本书。" },
    /* station 2: why similarity is not enough; the mirrored score asked before the Q·K
       table beside it shows (the view keeps it blank while the question waits) */
    { VIEW_SIMILARITY, SENTENCE_HOME, WHO_ASKER, STAGE_QKV, CURSOR_INDEX, 0, { ACTION_NONE, 0 }, PREDICT_MIRROR,
      "A question before the scores' table.",
      "看打分表之前，先问一个问题。" },
    { VIEW_SIMILARITY, SENTENCE_HOME, WHO_ASKER, STAGE_QKV, CURSOR_INDEX, 0, { ACTION_NONE, 0 }, PREDICT_NONE,
      "Lesson 4's table is symmetric: {a}·{b} = {b}·{a} = {sim}, one number. But {A} needs "
      "{B}, and {B} needs nothing from {A}.",
      "第 4 课的相似度表是对称的：{a}·{b} = {b}·{a} = {sim}，只有一个数。可是{A}需要{B}，{B}不需要{A}。" },
    { VIEW_SIMILARITY, SENTENCE_HOME, WHO_ASKER, STAGE_QKV, CURSOR_INDEX, 1, { ACTION_NONE, 0 }, PREDICT_NONE,
      "A row of the similarity table depends on its character alone: {A}'s row is the same "
      "in every sentence.",
      "相似度表的一行只由那个字自己决定：{A}在哪句话里都是同一行。" },
    { VIEW_SIMILARITY, SENTENCE_HOME, WHO_ASKER, STAGE_QKV, CURSOR_INDEX, 2, { ACTION_NONE, 0 }, PREDICT_NONE,
      "Similarity finds the like, not the needed: {Z} resembles nothing, yet it must look "
      "where the answer comes from.",
      "相似度只找「谁像谁」，不找「该看谁」：{Z}谁都不像，可它得看答案从哪里来。" },
    /* station 3: three roles from one vector */
    { VIEW_ARCS, SENTENCE_HOME, WHO_FIRST, STAGE_QKV, CURSOR_NONE, 0, { ACTION_NONE, 0 }, PREDICT_NONE,
      "One vector, three roles: Q = x·Wq, K = x·Wk, V = x·Wv. Q({f})[0] = {q0} is "
      "x({f}) times column 0 of Wq.",
      "一个向量，三个分身：Q = x·Wq，K = x·Wk，V = x·Wv。x({f})[0] = {x0}；"
      "Q({f})[0] = {q0}，是 x 乘 Wq 的第 0 列。" },
    { VIEW_SCALE, SENTENCE_HOME, WHO_ASKER, STAGE_QKV, CURSOR_INDEX, 0, { ACTION_NONE, 0 }, PREDICT_NONE,
      "Three {D} × {D} matrices: {params} trainable numbers. A real model's are far bigger, "
      "and its heads share K and V (GQA).",
      "三张 {D} × {D} 的矩阵：{params} 个可训练参数。真实模型的大得多，它的头共用 K 和 V（GQA）。" },
    /* station 4: scoring, and the mirrored cell the question was about */
    { VIEW_ARCS, SENTENCE_HOME, WHO_ASKER, STAGE_SCORE, CURSOR_NONE, 0, { ACTION_NONE, 0 }, PREDICT_NONE,
      "Scoring: {A} takes the dot product of its Q with every K. {qk} = {score} "
      "is its highest score.",
      "打分：{A}拿自己的 Q 和每个 K 做点积。{qk} = {score}，是{A}这一行里最高的分数。" },
    { VIEW_MATRIX, SENTENCE_HOME, WHO_ASKER, STAGE_SCORE, CURSOR_CELL, 0, { VIEW_OWN(TABLE_SHOW), MATRIX_RAW }, PREDICT_NONE,
      "Scores have a direction: {A} asking {B} scores {score}, {B} asking {A} {only}{mirror}. "
      "The similarity table cannot show that.",
      "分数有方向：{A}问{B}得 {score} 分，{B}问{A}{only} {mirror} 分。相似度表永远看不出来。" },
    /* station 5: softmax, asked in the other sentence at ① (no screen has shown that row),
       then ÷√d */
    { VIEW_ARCS, SENTENCE_OTHER, WHO_SECOND, STAGE_QKV, CURSOR_NONE, 0, { ACTION_NONE, 0 }, PREDICT_LOOK,
      "A question in another sentence, before its scores.",
      "换一句话，看分数之前先问一个问题。" },
    { VIEW_ARCS, SENTENCE_OTHER, WHO_SECOND, STAGE_SOFTMAX, CURSOR_NONE, 0, { ACTION_NONE, 0 }, PREDICT_NONE,
      "Softmax turns {A}'s scores ÷ √{d} into shares adding up to 100%, in the scores' "
      "order: {B} {share}, {L} only {low}.",
      "先把{A}这一行的分数 ÷ √{d}，再用 softmax 变成加起来 100% 的百分比，大小顺序不变：{B}分到 {share}，{L}只有 {low}。" },
    { VIEW_ALL, SENTENCE_HOME, WHO_ASKER, STAGE_SOFTMAX, CURSOR_NONE, 0, { ACTION_NONE, 0 }, PREDICT_NONE,
      "Every character looks at the others at once. With the numbers hidden, the thickness "
      "of the lines still tells the story.",
      "每个字都在同时看别的字。把数字藏起来，只看线的粗细，也能看出谁在看谁。" },
    { VIEW_SQRTD, SENTENCE_HOME, WHO_ASKER, STAGE_SOFTMAX, CURSOR_WIDTH, 8, { ACTION_NONE, 0 }, PREDICT_NONE,
      "÷√d: a dot product adds d products, so scores grow like √d. Here d = {d} and "
      "√{d} = {sqrtd}.",
      "÷√d：点积是 d 个乘积加起来，分数随 √d 变大。这里 d = {d}，√{d} = {sqrtd}。" },
    { VIEW_SQRTD, SENTENCE_HOME, WHO_ASKER, STAGE_SOFTMAX, CURSOR_WIDTH, 128, { VIEW_OWN(SCALE_SET), false }, PREDICT_NONE,
      "Without ÷√d, at d = 128 softmax saturates: one share near 100%, its gradient near 0. "
      "Not worse: unable to learn.",
      "不除以 √d，d = 128 时 softmax 饱和：一个接近 100%，梯度接近 0。不是「效果差一点」，是「学不动」。" },
    /* station 6: collecting */
    { VIEW_ARCS, SENTENCE_HOME, WHO_ASKER, STAGE_OUTPUT, CURSOR_NONE, 0, { ACTION_NONE, 0 }, PREDICT_NONE,
      "Collecting: {A} takes {share} of V({b}), {low} of V({l}), and so on. The sum is "
      "most like V({b}): cosine {cos}.",
      "取货：{A}拿 {share} 的 V({b})、{low} 的 V({l})，其余照此；加权平均最像 V({b})：余弦 {cos}。" },
    /* station 7: the whole machine */
    { VIEW_MACHINE, SENTENCE_HOME, WHO_ASKER, STAGE_OUTPUT, CURSOR_NONE, 0, { ACTION_NONE, 0 }, PREDICT_NONE,
      "The whole machine: ① Q K V, ② scores, ③ shares, ④ output. [{T}, {D}] in, "
      "[{T}, {D}] out: the shape is kept, so layers stack.",
      "整台机器：① 三个分身，② 打分，③ 变百分比，④ 取货。[{T}, {D}] 进，[{T}, {D}] 出："
      "形状不变，所以能一层层叠起来。" },
    /* station 8: five lines */
    { VIEW_CODE, SENTENCE_HOME, WHO_ASKER, STAGE_OUTPUT, CURSOR_NONE, 0, { ACTION_NONE, 0 }, PREDICT_NONE,
      "Five lines: Q = x·Wq; K = x·Wk; V = x·Wv; A = softmax(Q·Kᵀ/√d); out = A·V. That is "
      "nn.MultiheadAttention.",
      "五行：Q = x·Wq；K = x·Wk；V = x·Wv；A = softmax(Q·Kᵀ/√d)；out = A·V。"
      "nn.MultiheadAttention 做的就是这些。" },
    /* station 9: the summary (the status line sums up the questions' tally) */
    { VIEW_SUMMARY, SENTENCE_HOME, WHO_ASKER, STAGE_OUTPUT, CURSOR_NONE, 0, { ACTION_NONE, 0 }, PREDICT_NONE,
      "Similarity is symmetric and content-only; Q, K, V fix that. Scores, ÷√d, softmax, a "
      "weighted sum: [T, d] in, [T, d] out.",
      "相似度表对称、只认内容；Q、K、V 解决了这些。打分、÷√d、softmax、加权平均：[T, d] 进，[T, d] 出。" },
};

#define TOUR_STOPS ((int)(sizeof tour_stops / sizeof tour_stops[0]))

_Static_assert(TOUR_STOPS <= TOUR_MAX_STOPS, "the tour has room for its stops");

int tour_count(void)
{
    return TOUR_STOPS;
}

/* The pass of the sentence stop s plays, over ls as it stands (the other sentence's is
 * ls->alt until the stop's request has made it the lesson's). */
static const Trace *stop_trace(const Tour *t, const TourStop *s, const Lesson *ls)
{
    char now[MODEL_SENTENCE_BYTES];
    engine_sentence(&ls->tr, now, sizeof now);
    const char *want = s->sentence == SENTENCE_OTHER ? t->other : t->home;
    if (!want[0] || strcmp(now, want) == 0 || !ls->has_alt)
        return &ls->tr;
    return &ls->alt;
}

/* The asking character of stop s in the pass tr (its sentence's). */
static int stop_focus_in(const TourStop *s, const Trace *tr)
{
    if (s->who == WHO_FIRST)
        return 0;
    if (s->who == WHO_SECOND)
        return tr->T > 1 ? 1 : 0;
    for (int t = 0; t < tr->T; t++)   /* lesson_asker over a pass */
        if (strcmp(tr->tokens[t], "等") == 0)
            return t;
    return 0;
}

/* The asking character of stop s over ls (the sentence it plays being ls's). */
static int stop_focus(const TourStop *s, const Lesson *ls)
{
    return stop_focus_in(s, &ls->tr);
}

bool tour_stop_screen(int n, const Lesson *ls, int *view, int *focus, int *stage)
{
    if (n < 0 || n >= TOUR_STOPS)
        return false;
    *view = (int)tour_stops[n].view;
    *focus = stop_focus(&tour_stops[n], ls);
    *stage = (int)tour_stops[n].stage;
    return true;
}

/* ---------------------------------------------------------------- applying a stop */

/* The whole state of stop n: its view with a fresh state, its cursor and preset, its
 * character and stage, the shared cursors at their start, help closed, autoplay stopped
 * (asked of ui.c, the player set here); its question asked (or none), the tally as it was
 * on arriving. */
static int apply_stop(Tour *t, Predict *pr, const ViewCall *c, int n)
{
    const TourStop *s = &tour_stops[n];
    const Lesson *ls = c->ls;
    const Trace *tr = stop_trace(t, s, ls);
    int focus = stop_focus_in(s, tr);
    if (c->p->playing)
        player_toggle_play(c->p, c->now);
    t->stop = n;
    if (tr != &ls->tr)   /* the other sentence (or back home): the lesson is rebuilt over it */
        request_sentence(c->ask, s->sentence == SENTENCE_OTHER ? t->other : t->home);
    request_shared_start(c->ask);
    request_fresh(c->ask, s->view);
    request_open(c->ask, s->view);
    player_set_focus(c->p, focus, c->now);
    player_set_stage(c->p, s->stage, c->now);
    if (s->cursor == CURSOR_CELL)
        request_cursor(c->ask, s->view, focus, engine_strongest(tr, 0, focus));
    else if (s->cursor == CURSOR_INDEX)
        request_cursor(c->ask, s->view, 0, s->index);
    else if (s->cursor == CURSOR_WIDTH)
        request_cursor(c->ask, s->view, 0, sqrtd_d_index(s->index));
    if (s->preset.action != ACTION_NONE)
        request_preset(c->ask, s->view, s->preset.action, s->preset.arg);
    pr->tally = t->tally_at[n];
    if (n == TOUR_STOPS - 1)   /* the end: the status line sums up the questions */
        request_note(c->ask, NOTE_TOUR_END, 0.0);
    predict_clear(pr);
    if (s->ask != PREDICT_NONE)
        predict_ask_in(pr, tr, s->ask, focus);
    return REACT_REDRAW;
}

/* Starts the tour at its first stop (the opening picture). */
static int tour_start(Tour *t, Predict *pr, const ViewCall *c)
{
    const Lesson *ls = c->ls;
    memset(t->tally_at, 0, sizeof t->tally_at);
    t->on = true;
    engine_sentence(&ls->tr, t->home, sizeof t->home);   /* the two sentences it plays */
    if (ls->has_alt)
        engine_sentence(&ls->alt, t->other, sizeof t->other);
    else
        snprintf(t->other, sizeof t->other, "%s", t->home);
    return apply_stop(t, pr, c, 0);
}

/* → and Space: a waiting question is revealed (unanswered, said in the status line), then
 * the next stop; at the last one a note. */
static int tour_next(Tour *t, Predict *pr, const ViewCall *c)
{
    bool revealed = predict_waiting(pr);
    if (revealed) {
        predict_answer(pr, PREDICT_UNANSWERED);
        t->verdict = *pr;
    }
    if (t->stop + 1 >= TOUR_STOPS) {
        request_note(c->ask, NOTE_TOUR_END, 0.0);
        return REACT_REDRAW;
    }
    t->tally_at[t->stop + 1] = pr->tally;
    int react = apply_stop(t, pr, c, t->stop + 1);
    if (revealed)
        request_note(c->ask, NOTE_VERDICT, 0.0);
    return react;
}

static int tour_prev(Tour *t, Predict *pr, const ViewCall *c)
{
    if (t->stop == 0) {
        request_note(c->ask, NOTE_AT_FIRST, 0.0);
        return REACT_REDRAW;
    }
    return apply_stop(t, pr, c, t->stop - 1);
}

int tour_act(Tour *t, Predict *pr, const ViewCall *c, Action a)
{
    switch ((int)a) {   /* only the tour's actions (ui.c hands over no others) */
    case ACTION_TOUR:   /* the key that starts it leaves it */
        if (!t->on)
            return tour_start(t, pr, c);
        return tour_act(t, pr, c, ACTION_TOUR_LEAVE);
    case ACTION_TOUR_LEAVE:
        t->on = false;
        if (!pr->on || predict_waiting(pr))
            predict_clear(pr);
        return REACT_REDRAW;
    case ACTION_TOUR_NEXT: return t->on ? tour_next(t, pr, c) : REACT_NONE;
    case ACTION_TOUR_PREV: return t->on ? tour_prev(t, pr, c) : REACT_NONE;
    default:
        break;
    }
    return REACT_NONE;
}

/* ---------------------------------------------------------------- keys */

static const KeyBinding tour_keys[] = {
    { KEYCODE_RIGHT, ACTION_TOUR_NEXT,  0, "→ Space", true  },
    { ' ',           ACTION_TOUR_NEXT,  0, "Space",   false },
    { KEYCODE_LEFT,  ACTION_TOUR_PREV,  0, "←",       true  },
    { KEYCODE_ESC,   ACTION_TOUR_LEAVE, 0, "Esc",     true  },
    { 0,             ACTION_NONE,       0, NULL,      false },
};

static const KeyHint tour_hint_list[] = {
    { ACTION_TOUR_PREV, ACTION_TOUR_NEXT, "tour", "导览" },
    { ACTION_TOUR_LEAVE, ACTION_NONE,     "leave", "离开" },
    { ACTION_NONE,      ACTION_NONE,      NULL,   NULL },
};

const KeyBinding *tour_keys_of(const Tour *t)
{
    return t->on ? tour_keys : NULL;
}

const KeyBinding *tour_binding(const Tour *t, int key)
{
    return t->on ? action_find_key(tour_keys, key) : NULL;
}

const char *tour_key_label(Action a)
{
    return action_key_label_in(tour_keys, a);
}

const KeyHint *tour_hints(const Tour *t)
{
    return t->on ? tour_hint_list : NULL;
}

/* ---------------------------------------------------------------- captions */

/* The figures a caption quotes, each from the engine. */
typedef struct {
    int asker, partner, first, last, low;   /* characters */
    const Lesson *ls;                       /* the lesson */
} Facts;

/* Writes what placeholder name (between { }) stands for into out. */
static void fill(const Facts *f, Lang lang, const char *const *tok, const char *name,
                 char *out, size_t cap)
{
    const Trace *tr = &f->ls->tr;
    int A = f->asker, B = f->partner;
    bool zh = lang == LANG_ZH;
    char num[FORMAT_BYTES];
    out[0] = '\0';
    /* characters: upper case named in a sentence (「」 in Chinese), lower case bare */
    const char *chars = "ABFZL", *bare = "abfzl";
    const int who[] = { A, B, f->first, f->last, f->low };
    for (int i = 0; chars[i]; i++)
        if (name[0] && !name[1] && (name[0] == chars[i] || name[0] == bare[i])) {
            snprintf(out, cap, zh && name[0] == chars[i] ? "「%s」" : "%s", tok[who[i]]);
            return;
        }
    if (strcmp(name, "qk") == 0) {   /* a score the learner set (what if) is no Q·K */
        if (engine_score_set(tr, 0, A, B, NULL))
            snprintf(out, cap, zh ? "分数(%s→%s)（你改的）" : "score(%s→%s) (set by you)", tok[A], tok[B]);
        else
            snprintf(out, cap, "Q(%s)·K(%s)", tok[A], tok[B]);
        return;
    }
    if (strcmp(name, "only") == 0) {   /* the mirror's score is less, or not (十减四等于?: 4.41 > 3.83) */
        bool less = format_round(TRACE_SQ(tr, scores, B, A), 2) < format_round(TRACE_SQ(tr, scores, A, B), 2);
        snprintf(out, cap, "%s", less ? (zh ? "只有" : "only ") : (zh ? "却有" : ""));
        return;
    }
    if (strcmp(name, "score") == 0)
        format_fixed(num, sizeof num, TRACE_SQ(tr, scores, A, B), 2);
    else if (strcmp(name, "mirror") == 0)
        format_fixed(num, sizeof num, TRACE_SQ(tr, scores, B, A), 2);
    else if (strcmp(name, "share") == 0)
        format_percent(num, sizeof num, TRACE_SQ(tr, weights, A, B));
    else if (strcmp(name, "low") == 0)
        format_percent(num, sizeof num, TRACE_SQ(tr, weights, A, f->low));
    else if (strcmp(name, "sim") == 0)
        format_fixed(num, sizeof num, TRACE_SQ(tr, similarity, A, B), 2);
    else if (strcmp(name, "x0") == 0)
        format_fixed(num, sizeof num, TRACE_ROW(tr, x, f->first)[0], 2);
    else if (strcmp(name, "q0") == 0)
        format_fixed(num, sizeof num, TRACE_ROW(tr, q, f->first)[0], 2);
    else if (strcmp(name, "cos") == 0)
        format_fixed(num, sizeof num, engine_cosine(TRACE_ROW(tr, output, A), TRACE_ROW(tr, v, B),
                                                    tr->d), 4);
    else if (strcmp(name, "sqrtd") == 0)
        format_fixed(num, sizeof num, tr->scale, 6);
    else if (strcmp(name, "d") == 0)   /* a head's width: the d of ÷√d */
        snprintf(num, sizeof num, "%d", tr->dh);
    else if (strcmp(name, "D") == 0)   /* the model's width: Wq's size, x's and out's columns */
        snprintf(num, sizeof num, "%d", tr->d);
    else if (strcmp(name, "T") == 0)
        snprintf(num, sizeof num, "%d", tr->T);
    else if (strcmp(name, "params") == 0)
        snprintf(num, sizeof num, "%d", 3 * tr->d * tr->d);
    else
        snprintf(num, sizeof num, "{%s}", name);
    snprintf(out, cap, "%s", num);
}

/* The template with every {name} filled. */
static void expand(const Facts *f, Lang lang, const char *const *tok, const char *tmpl,
                   char *buf, size_t cap)
{
    size_t used = 0;
    buf[0] = '\0';
    for (const char *s = tmpl; *s && used + 1 < cap;) {
        const char *close = *s == '{' ? strchr(s, '}') : NULL;
        if (!close) {
            buf[used++] = *s++;
            buf[used] = '\0';
            continue;
        }
        char name[16], value[64];
        snprintf(name, sizeof name, "%.*s", (int)(close - s - 1), s + 1);
        fill(f, lang, tok, name, value, sizeof value);
        used += (size_t)snprintf(buf + used, cap - used, "%s", value);
        if (used >= cap)
            used = cap - 1;
        s = close + 1;
    }
}

void tour_caption(const Tour *t, const Lesson *ls, Lang lang, const char *const *tok,
                  char *buf, size_t cap, char *where, size_t where_cap)
{
    int n = t->stop < 0 ? 0 : t->stop >= TOUR_STOPS ? TOUR_STOPS - 1 : t->stop;
    const TourStop *s = &tour_stops[n];
    int order[MODEL_MAX_TOKENS];
    Facts f = { .ls = ls, .first = 0, .last = ls->tr.T - 1 };
    f.asker = stop_focus(s, ls);
    f.partner = engine_strongest(&ls->tr, 0, f.asker);
    engine_share_order(&ls->tr, 0, f.asker, order);
    f.low = order[0];   /* the least-looked-at it can see: a masked cell is no share */
    for (int k = ls->tr.T - 1; k >= 0; k--)
        if (engine_visible(&ls->tr, f.asker, order[k])) {
            f.low = order[k];
            break;
        }
    expand(&f, lang, tok, lang == LANG_ZH ? s->zh : s->en, buf, cap);
    snprintf(where, where_cap, lang == LANG_ZH ? "导览 %d/%d" : "tour %d/%d", n + 1, TOUR_STOPS);
}
