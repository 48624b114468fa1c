/* view_check.c — the concept check: twelve questions about the ideas of the lesson (concept.h),
 * one at a time, four choices each; a choice is answered with why it is right or why not;
 * at the end the score, and with the practice history the first check ("before"), this one
 * ("after") and the normalized gain (after − before) / (max − before). --check opens it.
 * Owns: the view's state (CheckState), its actions, layout, keys and its row of the view
 * table. Must not touch: ncurses, the clock, the engine's arithmetic, the history's file
 * (it asks: request_checked). */
#include <stdio.h>
#include <string.h>
#include "concept.h"
#include "draw.h"
#include "format.h"
#include "history.h"
#include "view.h"

/* ---------------------------------------------------------------- its state */

/* What the view keeps of its own. */
typedef struct {
    int index;                         /* the question shown, 0..; CONCEPT_QUESTIONS: the result */
    int cursor;                        /* the slot the cursor is on (0..CONCEPT_CHOICES-1) */
    int chosen[CONCEPT_QUESTIONS];     /* the slot chosen for each question, -1: not yet */
    bool recorded;                     /* the result was handed to the history */
} CheckState;

/* The view's own actions (view.h: ViewAction): X(ID, English help, Chinese help). */
#define CHECK_ACTIONS(X)                                                                      \
    X(CHECK_PICK, "choose choice 1-4", "选第 1-4 个答案")                                     \
    X(CHECK_UP, "the choice above", "上一个答案")                                             \
    X(CHECK_DOWN, "the choice below", "下一个答案")                                           \
    X(CHECK_GO, "choose the choice marked; once answered, the next question",                 \
      "选中标出的答案；答过之后，到下一题")                                                   \
    X(CHECK_AGAIN, "take the check again from question 1", "从第 1 题起重做一遍")

VIEW_ACTIONS_DEFINE(CheckAction, CHECK_ACTION_BASE, check_actions, CHECK_ACTIONS);

static void check_init(void *state, const Lesson *ls)
{
    (void)ls;
    CheckState *st = state;
    memset(st, 0, sizeof *st);
    for (int i = 0; i < CONCEPT_QUESTIONS; i++)
        st->chosen[i] = -1;
}

/* Questions answered right so far. */
static int check_score(const CheckState *st)
{
    int right = 0;
    for (int i = 0; i < CONCEPT_QUESTIONS; i++)
        right += st->chosen[i] >= 0 && st->chosen[i] == concept_right_slot(i);
    return right;
}

/* Chooses slot for the question shown (once: the first choice counts). */
static int check_choose(CheckState *st, int slot)
{
    if (st->index >= CONCEPT_QUESTIONS || slot < 0 || slot >= CONCEPT_CHOICES)
        return REACT_NONE;
    if (st->chosen[st->index] < 0)
        st->chosen[st->index] = slot;
    st->cursor = slot;
    return REACT_REDRAW;
}

/* On to the next question; after the last, the result, handed once to the history. */
static int check_next(CheckState *st, const ViewCall *call)
{
    if (st->index >= CONCEPT_QUESTIONS)
        return REACT_NONE;
    st->index++;
    st->cursor = 0;
    if (st->index == CONCEPT_QUESTIONS && !st->recorded) {
        st->recorded = true;
        request_checked(call->ask, check_score(st), CONCEPT_QUESTIONS);
    }
    return REACT_REDRAW;
}

static int check_act(void *state, const ViewCall *call, Action a, int arg)
{
    CheckState *st = state;
    if ((int)a < ACTION_VIEW_FIRST)
        return -1;   /* a shared action: its shared meaning */
    bool asking = st->index < CONCEPT_QUESTIONS;
    switch ((CheckAction)a) {
    case CHECK_ACTION_BASE:
        break;
    case ACTION_CHECK_PICK:
        return asking ? check_choose(st, arg) : REACT_NONE;
    case ACTION_CHECK_UP:
        st->cursor = (st->cursor + CONCEPT_CHOICES - 1) % CONCEPT_CHOICES;
        return REACT_REDRAW;
    case ACTION_CHECK_DOWN:
        st->cursor = (st->cursor + 1) % CONCEPT_CHOICES;
        return REACT_REDRAW;
    case ACTION_CHECK_GO:
        if (!asking)
            return REACT_NONE;
        if (st->chosen[st->index] < 0)
            return check_choose(st, st->cursor);
        return check_next(st, call);
    case ACTION_CHECK_AGAIN:
        check_init(st, call->ls);
        return REACT_REDRAW;
    }
    return -1;
}

/* ---------------------------------------------------------------- drawing */

/* A paragraph of text wrapped at w from (x, y), at most rows rows; returns the rows used. */
static int check_text(const ViewCtx *c, int x, int y, int w, int rows, const char *text, Style style)
{
    char shown[2048];
    draw_drawable(c->ascii, text, shown, sizeof shown);
    return draw_paragraph(c->g, c->gl, x, y, w, rows, shown, style);
}

/* One question: what it asks, its four choices (the cursor's marked), and once answered the
 * choice's reason (and the right one's when the choice was wrong). */
static void check_draw_question(const ViewCtx *c, const CheckState *st, int x, int y, int w, int bottom)
{
    const ConceptQuestion *q = concept_question(st->index);
    int chosen = st->chosen[st->index], right = concept_right_slot(st->index);
    char buf[1024];
    y += check_text(c, x, y, w, 4, concept_text(q, c->lang), STYLE_BOLD) + 1;
    for (int slot = 0; slot < CONCEPT_CHOICES && y < bottom; slot++) {
        const char *mark = slot == st->cursor && chosen < 0 ? (c->ascii ? ">" : "▸") : " ";
        if (chosen >= 0 && slot == right)
            mark = c->ascii ? "+" : "✓";
        else if (chosen >= 0 && slot == chosen)
            mark = c->ascii ? "x" : "✗";
        snprintf(buf, sizeof buf, "%s %d  %s", mark, slot + 1,
                 concept_choice(q, concept_choice_at(st->index, slot), c->lang));
        Style style = chosen < 0 ? (slot == st->cursor ? STYLE_FOCUS : STYLE_NORMAL)
                    : slot == right ? STYLE_POSITIVE : slot == chosen ? STYLE_NEGATIVE : STYLE_DIM;
        y += check_text(c, x, y, w, 3, buf, style);
    }
    if (chosen < 0 || y + 1 >= bottom)
        return;
    y++;
    if (chosen == right) {
        check_text(c, x, y, w, bottom - y, concept_why(q, concept_choice_at(st->index, chosen), c->lang),
                   STYLE_POSITIVE);
        return;
    }
    snprintf(buf, sizeof buf, SAY(c, "Not quite: %s", "不对：%s"),
             concept_why(q, concept_choice_at(st->index, chosen), c->lang));
    y += check_text(c, x, y, w, bottom - y, buf, STYLE_NEGATIVE);
    if (y < bottom)
        check_text(c, x, y, w, bottom - y, concept_why(q, concept_choice_at(st->index, right), c->lang),
                   STYLE_NORMAL);
}

/* The result: the score, before and after from the history, the normalized gain; then each
 * question's line with its mark. */
static void check_draw_result(const ViewCtx *c, const CheckState *st, int x, int y, int w, int bottom)
{
    const History *h = &c->ui->history;
    char buf[512];
    int score = check_score(st);
    snprintf(buf, sizeof buf, SAY(c, "Done: %d of %d right.", "做完了：%d 题里答对 %d 题。"),
             c->lang == LANG_ZH ? CONCEPT_QUESTIONS : score, c->lang == LANG_ZH ? score : CONCEPT_QUESTIONS);
    y += check_text(c, x, y, w, 2, buf, STYLE_BOLD);
    if (h->n_checks >= 2) {
        const HistoryCheck *before = &h->checks[0], *after = &h->checks[h->n_checks - 1];
        double gain;
        snprintf(buf, sizeof buf, SAY(c, "before (your first check): %d of %d · after (this one): %d of %d",
                                      "课前（第一次）：%d/%d · 课后（这一次）：%d/%d"),
                 before->score, before->max, after->score, after->max);
        y += check_text(c, x, y, w, 2, buf, STYLE_NORMAL);
        if (history_gain(h, &gain)) {
            char g[FORMAT_BYTES];
            format_fixed(g, sizeof g, gain, 2);
            snprintf(buf, sizeof buf, SAY(c, "normalized gain (after − before) / (max − before) = (%d − %d) / (%d − %d) = %s",
                                          "标准化增益（课后 − 课前）/（满分 − 课前）=（%d − %d）/（%d − %d）= %s"),
                     after->score, before->score, before->max, before->score, g);
        } else
            snprintf(buf, sizeof buf, "%s", SAY(c, "normalized gain: n/a (the first check had every answer right)",
                                                "标准化增益：无（第一次就全对了）"));
        y += check_text(c, x, y, w, 2, buf, STYLE_NORMAL);
    } else {
        y += check_text(c, x, y, w, 3, SAY(c, "This is your first check: your \"before\". Take it again after the lesson "
                                              "(attn-tui --check) to see what you gained.",
                                           "这是你的第一次检测，算作「课前」。学完这一课再做一次（attn-tui --check），就能看到进步了多少。"),
                        STYLE_NORMAL);
    }
    if (!c->ui->history_kept)
        y += check_text(c, x, y, w, 2, SAY(c, "(no practice history: nothing is kept after this run)",
                                           "（没有练习记录：这次运行结束后什么也不保存）"), STYLE_DIM);
    y++;
    for (int i = 0; i < CONCEPT_QUESTIONS && y < bottom; i++, y++) {
        /* the question as it was asked (a belief's name beside ✓ would read as true), on
           one row: what does not fit ends in … */
        bool ok = st->chosen[i] == concept_right_slot(i);
        snprintf(buf, sizeof buf, "%s %2d  %s", ok ? (c->ascii ? "+" : "✓") : (c->ascii ? "x" : "✗"), i + 1,
                 concept_text(concept_question(i), c->lang));
        char shown[1024];
        draw_drawable(c->ascii, buf, shown, sizeof shown);
        draw_paragraph(c->g, c->gl, x, y, w, 1, shown, ok ? STYLE_POSITIVE : STYLE_NEGATIVE);
    }
}

static void check_view_draw(const ViewCtx *c)
{
    static const CheckState fresh = { .chosen = { -1, -1, -1, -1, -1, -1, -1, -1, -1, -1, -1, -1 } };
    const CheckState *st = c->state ? c->state : &fresh;
    int x = c->body.x + 1, w = c->body.w - 2, y = c->body.y, bottom = c->body.y + c->body.h;
    char buf[256], right[128];
    if (st->index < CONCEPT_QUESTIONS)
        snprintf(buf, sizeof buf, SAY(c, "Concept check · question %d of %d", "概念检测 · 第 %d 题，共 %d 题"),
                 st->index + 1, CONCEPT_QUESTIONS);
    else
        snprintf(buf, sizeof buf, "%s", SAY(c, "Concept check · the result", "概念检测 · 结果"));
    check_text(c, x, y, w, 1, buf, STYLE_BOLD);
    int answered = 0;
    for (int i = 0; i < CONCEPT_QUESTIONS; i++)
        answered += st->chosen[i] >= 0;
    snprintf(right, sizeof right, SAY(c, "%d of %d right", "答对 %d/%d"), check_score(st), answered);
    if (text_width(buf) + 2 + text_width(right) <= w)
        draw_right(c->g, x, y, w, right, STYLE_NORMAL);
    y += 2;
    if (st->index < CONCEPT_QUESTIONS)
        check_draw_question(c, st, x, y, w, bottom - 2);
    else
        check_draw_result(c, st, x, y, w, bottom - 1);
    const char *hint = st->index >= CONCEPT_QUESTIONS ? SAY(c, "r takes it again · Tab other screens",
                                                          "r 再做一遍 · Tab 换画面")
                     : st->chosen[st->index] < 0 ? SAY(c, "1-4 or ↑/↓ and Enter: choose one",
                                                       "按 1-4，或 ↑/↓ 再按 Enter：选一个答案")
                     : SAY(c, "Enter: the next question", "Enter：下一题");
    check_text(c, x, bottom - 1, w, 1, hint, STYLE_DIM);
}

/* ---------------------------------------------------------------- the view */

static const KeyBinding check_keys[] = {
    { '1',           VIEW_OWN(CHECK_PICK),  0, "1-4",   true  },
    { '2',           VIEW_OWN(CHECK_PICK),  1, "2",     false },
    { '3',           VIEW_OWN(CHECK_PICK),  2, "3",     false },
    { '4',           VIEW_OWN(CHECK_PICK),  3, "4",     false },
    { KEYCODE_UP,    VIEW_OWN(CHECK_UP),    0, "↑",     true  },
    { KEYCODE_DOWN,  VIEW_OWN(CHECK_DOWN),  0, "↓",     true  },
    { KEYCODE_ENTER, VIEW_OWN(CHECK_GO),    0, "Enter", true  },
    { 'r',           VIEW_OWN(CHECK_AGAIN), 0, "r",     true  },
    { 0,             ACTION_NONE,           0, NULL,    false },
};

static const ViewHint check_hints[] = {
    { { VIEW_OWN(CHECK_PICK), ACTION_NONE, "choose", "选" }, VIEW_AT_EVERY, false },
    { { VIEW_OWN(CHECK_GO),   ACTION_NONE, "next",   "下一题" }, VIEW_AT_EVERY, false },
    { { ACTION_NONE,          ACTION_NONE, NULL,     NULL },   VIEW_AT_EVERY, false },
};

/* Shared keys that do nothing here, so the help leaves them out: the steps, the asking
 * character, the mask and heads (the questions are about ideas, not this pass). */
static const Action check_idle[] = { ACTION_FOCUS_N, ACTION_FOCUS_PREV, ACTION_FOCUS_NEXT, ACTION_MASK,
                                     ACTION_HEADS, ACTION_HEADS_BACK, ACTION_NUMBERS, ACTION_NONE };

const ViewOps view_check = {
    .name = "check",
    .tab_en = "check", .tab_zh = "概念检测",
    .title_en = "concept check: the ideas, not the sums", .title_zh = "概念检测：考思路，不考计算",
    .help_en = "twelve questions on the ideas, each choice answered with why; before and after the lesson",
    .help_zh = "十二道关于思路的题，每个选项都说明对在哪里、错在哪里；课前课后各做一次",
    .station_en = "The concept check: twelve questions about the ideas of self-attention, not its arithmetic.\n"
                  "Each is aimed at a common wrong belief; every choice is answered with why.\n"
                  "Take it before the lesson and again after: the second time shows the normalized gain.",
    .station_zh = "概念检测：十二道关于自注意力思路的题，不考计算。\n"
                  "每道题针对一个常见的误解；选了哪个答案，都会告诉你对在哪里、错在哪里。\n"
                  "课前做一次，学完再做一次：第二次会算出标准化增益。",
    .idle = check_idle,
    .track = TRACK_NONE,
    .stages = false,
    .about = "the concept check (--check): twelve multiple-choice questions on the ideas, each aimed at a misconception, every choice answered with why; taken before and after the lesson, the normalized gain",
    .state_size = sizeof(CheckState),
    .init = check_init,
    .draw = check_view_draw,
    .act = check_act,
    .keys = check_keys,
    .hints = check_hints,
    .actions = check_actions,
};
