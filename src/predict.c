/* predict.c — predict, then reveal: the two questions, their answers from the engine, the
 * keys a waiting question owns, the tally, and the words of question and verdict.
 * Owns: Ui's predict state (cross-screen). Must not touch: ncurses, the clock, drawing,
 * arithmetic beyond asking the engine (engine_strongest, the raw scores). */
#include "predict.h"

#include <math.h>
#include <stdio.h>
#include <string.h>
#include "format.h"
#include "ui.h"

/* Two raw scores print as one number (the lesson's two decimals) within this. */
#define PREDICT_SAME_SCORE 0.005

/* ---------------------------------------------------------------- the state machine */

void predict_ask(Predict *pr, const Lesson *ls, PredictKind kind, int asker)
{
    predict_ask_in(pr, &ls->tr, kind, asker);
}

void predict_ask_in(Predict *pr, const Trace *tr, PredictKind kind, int asker)
{
    asker = asker < 0 ? 0 : asker >= tr->T ? tr->T - 1 : asker;
    pr->kind = kind;
    pr->revealed = false;
    pr->resume = false;
    pr->asker = asker;
    pr->other = engine_strongest(tr, 0, asker);
    pr->pick = 0;
    pr->answer = PREDICT_UNANSWERED;
    if (kind == PREDICT_LOOK) {
        pr->truth = pr->other;
    } else {
        double there = TRACE_SQ(tr, scores, asker, pr->other);
        double back = TRACE_SQ(tr, scores, pr->other, asker);
        pr->truth = fabs(there - back) < PREDICT_SAME_SCORE ? PREDICT_YES : PREDICT_NO;
    }
}

bool predict_waiting(const Predict *pr)
{
    return pr->kind != PREDICT_NONE && !pr->revealed;
}

void predict_answer(Predict *pr, int answer)
{
    if (!predict_waiting(pr))
        return;
    pr->answer = answer;
    pr->revealed = true;
    pr->tally.asked++;
    if (answer == pr->truth)
        pr->tally.right++;
}

void predict_clear(Predict *pr)
{
    pr->kind = PREDICT_NONE;
    pr->revealed = false;
    pr->resume = false;
}

/* ---------------------------------------------------------------- keys */

/* A character question's keys: the digits, ↑/↓ and Enter; → and Space reveal. */
static const KeyBinding look_keys[] = {
    { '1',           ACTION_PICK,        0, "1-9 0", true  },
    { '2',           ACTION_PICK,        1, "2",     false },
    { '3',           ACTION_PICK,        2, "3",     false },
    { '4',           ACTION_PICK,        3, "4",     false },
    { '5',           ACTION_PICK,        4, "5",     false },
    { '6',           ACTION_PICK,        5, "6",     false },
    { '7',           ACTION_PICK,        6, "7",     false },
    { '8',           ACTION_PICK,        7, "8",     false },
    { '9',           ACTION_PICK,        8, "9",     false },
    { '0',           ACTION_PICK,        9, "0",     false },
    { KEYCODE_UP,    ACTION_PICK_PREV,   0, "↑",     true  },
    { KEYCODE_DOWN,  ACTION_PICK_NEXT,   0, "↓",     true  },
    { KEYCODE_ENTER, ACTION_PICK_CHOOSE, 0, "Enter", true  },
    { '\r',          ACTION_PICK_CHOOSE, 0, "Enter", false },
    { KEYCODE_RIGHT, ACTION_REVEAL,      0, "→",     true  },
    { ' ',           ACTION_REVEAL,      0, "Space", false },
    { 0,             ACTION_NONE,        0, NULL,    false },
};

/* A yes/no question's keys: y and n (n is no here, not numbers); → and Space reveal. */
static const KeyBinding yes_no_keys[] = {
    { 'y',           ACTION_YES,    0, "y",     true  },
    { 'n',           ACTION_NO,     0, "n",     true  },
    { KEYCODE_RIGHT, ACTION_REVEAL, 0, "→",     true  },
    { ' ',           ACTION_REVEAL, 0, "Space", false },
    { 0,             ACTION_NONE,   0, NULL,    false },
};

static const KeyHint look_hints[] = {
    { ACTION_PICK,      ACTION_NONE,      "answer", "回答" },
    { ACTION_PICK_PREV, ACTION_PICK_NEXT, "choose", "选" },
    { ACTION_REVEAL,    ACTION_NONE,      "reveal", "揭晓" },
    { ACTION_NONE,      ACTION_NONE,      NULL,     NULL },
};

static const KeyHint yes_no_hints[] = {
    { ACTION_YES,    ACTION_NO,   "yes/no", "一样/不一样" },   /* as the question offers them */
    { ACTION_REVEAL, ACTION_NONE, "reveal", "揭晓" },
    { ACTION_NONE,   ACTION_NONE, NULL,     NULL },
};

const KeyBinding *predict_keys(const Predict *pr)
{
    if (!predict_waiting(pr))
        return NULL;
    return pr->kind == PREDICT_LOOK ? look_keys : yes_no_keys;
}

/* Esc on a question autoplay asked: it closes, revealed unanswered, as → does (autoplay goes
 * on). In the tour Esc keeps its meaning there: it leaves the tour. */
static const KeyBinding esc_reveals = { KEYCODE_ESC, ACTION_REVEAL, 0, "Esc", false };

const KeyBinding *predict_binding(const Predict *pr, int key)
{
    const KeyBinding *table = predict_keys(pr);
    if (table && key == KEYCODE_ESC && pr->resume)
        return &esc_reveals;
    return table ? action_find_key(table, key) : NULL;
}

const char *predict_key_label(Action a)
{
    const char *label = action_key_label_in(look_keys, a);
    return *label ? label : action_key_label_in(yes_no_keys, a);
}

const KeyHint *predict_hints(const Predict *pr)
{
    if (!predict_waiting(pr))
        return NULL;
    return pr->kind == PREDICT_LOOK ? look_hints : yes_no_hints;
}

/* ---------------------------------------------------------------- actions */

/* Autoplay asked: the answer shown, it steps on (onto the stage asked about) and plays. */
static void predict_resume(Predict *pr, Player *p, long long now)
{
    if (!pr->resume)
        return;
    pr->resume = false;
    player_step(p, +1, now);
    if (!p->playing)
        player_toggle_play(p, now);
}

/* Answers and, in autoplay, goes on. */
static int predict_give(Predict *pr, Player *p, int answer, long long now)
{
    predict_answer(pr, answer);
    predict_resume(pr, p, now);
    return REACT_REDRAW;
}

int predict_act(Predict *pr, const ViewCall *c, Action a, int arg)
{
    Player *p = c->p;
    long long now = c->now;
    int T = c->ls->tr.T;
    switch ((int)a) {   /* only the question's actions (ui.c hands over no others) */
    case ACTION_PREDICT:
        pr->on = !pr->on;
        if (!pr->on && !c->ui->tour.on) {
            if (predict_waiting(pr))
                predict_give(pr, p, PREDICT_UNANSWERED, now);
            predict_clear(pr);
        }
        return REACT_REDRAW;
    case ACTION_PICK:
        if (arg < 0 || arg >= T) {
            request_note(c->ask, NOTE_NO_CHARACTER, arg + 1);
            return REACT_REDRAW;
        }
        pr->pick = arg;
        return predict_give(pr, p, arg, now);
    case ACTION_PICK_PREV:
        pr->pick = (pr->pick + T - 1) % T;
        return REACT_REDRAW;
    case ACTION_PICK_NEXT:
        pr->pick = (pr->pick + 1) % T;
        return REACT_REDRAW;
    case ACTION_PICK_CHOOSE: return predict_give(pr, p, pr->pick, now);
    case ACTION_YES:         return predict_give(pr, p, PREDICT_YES, now);
    case ACTION_NO:          return predict_give(pr, p, PREDICT_NO, now);
    case ACTION_REVEAL:
        if (c->ui->tour.on) {   /* the tour reveals and goes on to its next stop */
            request_then(c->ask, ACTION_TOUR_NEXT, 0);
            return REACT_REDRAW;
        }
        return predict_give(pr, p, PREDICT_UNANSWERED, now);
    default:
        break;
    }
    return REACT_NONE;
}

/* ---------------------------------------------------------------- autoplay */

bool predict_before_step(Predict *pr, bool touring, Player *p, const Lesson *ls, long long now)
{
    if (!pr->on || touring || !p->playing || predict_waiting(pr) || ls->tr.T < 2)
        return false;
    Player next = *p;
    if (!player_tick(&next, now) || next.stage == p->stage)
        return false;
    int asker = lesson_asker(ls);
    int partner = engine_strongest(&ls->tr, 0, asker);
    if (next.stage != STAGE_SCORE || p->stage != STAGE_QKV)   /* asked at ①, before ② shows */
        return false;                                       /* the scores that decide it */
    if (next.focus == partner && partner != asker)
        predict_ask(pr, ls, PREDICT_MIRROR, asker);
    else
        predict_ask(pr, ls, PREDICT_LOOK, next.focus);
    pr->resume = true;
    player_toggle_play(p, now);   /* paused while it asks */
    return true;
}

/* ---------------------------------------------------------------- words */

/* Character t as a sentence names it: 等, or 「等」 in Chinese. */
static const char *named(Lang lang, const char *const *tok, int t, char *buf, size_t cap)
{
    snprintf(buf, cap, lang == LANG_ZH ? "「%s」" : "%s", tok[t]);
    return buf;
}

/* "1 三  2 加  3 五 …" with the cursor's character in [ ]. */
static void look_choices(const Predict *pr, const Lesson *ls, const char *const *tok,
                         char *buf, size_t cap)
{
    buf[0] = '\0';
    for (int t = 0; t < ls->tr.T; t++) {
        size_t used = strlen(buf);
        char num[8] = "";   /* its digit: 1-9, 0 for the 10th, none past it */
        if (t < 10)
            snprintf(num, sizeof num, "%d", (t + 1) % 10);
        snprintf(buf + used, cap - used, "%s%s%s%s%s", t ? "  " : "", t == pr->pick ? "[" : "",
                 num, num[0] ? " " : "", tok[t]);
        used = strlen(buf);
        snprintf(buf + used, cap - used, "%s", t == pr->pick ? "]" : "");
    }
}

void predict_verdict(const Predict *pr, const Lesson *ls, Lang lang, const char *const *tok,
                     char *buf, size_t cap)
{
    const Trace *tr = &ls->tr;
    char a[64], b[64], x[FORMAT_BYTES], y[FORMAT_BYTES], said[96], mark[320], truth[96];
    named(lang, tok, pr->asker, a, sizeof a);
    named(lang, tok, pr->other, b, sizeof b);
    bool zh = lang == LANG_ZH;
    bool wrong = pr->answer != PREDICT_UNANSWERED && pr->answer != pr->truth;
    if (pr->answer == PREDICT_UNANSWERED)
        snprintf(mark, sizeof mark, "%s", zh ? "。这题你没有作答。" : " (not answered)");
    else if (!wrong)
        snprintf(mark, sizeof mark, "%s", zh ? "——猜对了！" : ": right!");
    else if (pr->kind == PREDICT_LOOK)   /* wrong: said, and why, in one sentence */
        snprintf(mark, sizeof mark, zh ? "——猜错了，你猜的是%s。%s的 Q 和%s的 K 点积最大：分数最高的，分到的百分比也最多。"
                                       : ": you said %s. %s's Q meets %s's K best: the highest score gets the largest share.",
                 named(lang, tok, pr->answer, said, sizeof said), a,
                 named(lang, tok, pr->truth, truth, sizeof truth));
    else if (pr->truth == PREDICT_NO)
        snprintf(mark, sizeof mark, "%s", zh ? "——猜错了，你猜的是「一样」。Q 和 K 来自两张不同的矩阵，所以两个方向的分数不一样。"
                                            : ": you said yes. Q and K come from two different matrices, so the two directions score differently.");
    else
        snprintf(mark, sizeof mark, "%s", zh ? "——猜错了，你猜的是「不一样」。这两个方向的乘积恰好加出了同一个分数。"
                                            : ": you said no. Here the two directions' products happen to add up to the same score.");
    if (pr->kind == PREDICT_LOOK) {
        format_percent(x, sizeof x, TRACE_SQ(tr, weights, pr->asker, pr->truth));
        snprintf(buf, cap, zh ? "%s看得最多的是%s（%s）%s" : "%s looks most at %s (%s)%s",
                 a, named(lang, tok, pr->truth, said, sizeof said), x, mark);
        return;
    }
    format_fixed(x, sizeof x, TRACE_SQ(tr, scores, pr->other, pr->asker), 2);
    format_fixed(y, sizeof y, TRACE_SQ(tr, scores, pr->asker, pr->other), 2);
    if (pr->truth == PREDICT_NO)
        snprintf(buf, cap, zh ? "不一样：%s问%s打 %s 分，%s问%s打 %s 分%s"
                              : "No: %s asking %s scores %s, %s asking %s %s%s",
                 b, a, x, a, b, y, mark);
    else
        snprintf(buf, cap, zh ? "一样：%s问%s和%s问%s都是 %s 分%s"
                              : "Yes: %s asking %s and %s asking %s both score %s%s",
                 b, a, a, b, x, mark);
}

/* "tally: 2 of 3 right" */
static void tally_text(const PredictTally *t, Lang lang, char *buf, size_t cap)
{
    if (lang == LANG_ZH)
        snprintf(buf, cap, "一共猜了 %d 题，猜对 %d 题", t->asked, t->right);
    else
        snprintf(buf, cap, "tally: %d of %d right", t->right, t->asked);
}

void predict_text(const Predict *pr, const Lesson *ls, Lang lang, const char *const *tok,
                  char *line1, char *line2, size_t cap)
{
    char a[64], b[64], tally[96];
    bool zh = lang == LANG_ZH;
    line1[0] = line2[0] = '\0';
    if (pr->kind == PREDICT_NONE)
        return;
    named(lang, tok, pr->asker, a, sizeof a);
    named(lang, tok, pr->other, b, sizeof b);
    tally_text(&pr->tally, lang, tally, sizeof tally);
    if (pr->revealed) {
        predict_verdict(pr, ls, lang, tok, line1, cap);
        snprintf(line2, cap, "%s", tally);
        return;
    }
    if (pr->kind == PREDICT_LOOK) {
        snprintf(line1, cap, zh ? "先猜一猜：%s会看谁看得最多？" : "Predict: whom will %s look at most?", a);
        look_choices(pr, ls, tok, line2, cap);
    } else {
        snprintf(line1, cap, zh ? "先猜一猜：%s问%s，和%s问%s，分数一样吗？"
                                : "Predict: will %s asking %s score the same as %s asking %s?",
                 b, a, a, b);
        snprintf(line2, cap, zh ? "%s 一样 · %s 不一样" : "%s yes · %s no",
                 predict_key_label(ACTION_YES), predict_key_label(ACTION_NO));
    }
}

void predict_idle_text(const Predict *pr, Lang lang, char *buf, size_t cap)
{
    char tally[96];
    tally_text(&pr->tally, lang, tally, sizeof tally);
    snprintf(buf, cap, lang == LANG_ZH ? "先猜再看：自动播放到每个字的 ① 时先问，再看它的分数（连线、机器画面） · %s"
                                       : "predict, then reveal: autoplay asks at each character's ①, before its scores "
                                         "show (the arcs and machine screens) · %s", tally);
}
