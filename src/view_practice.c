/* view_practice.c — practice: one question at a time about the lesson shown, its
 * operands as printed; the learner types a number and Enter; the answer is graded, a wrong
 * one gets the right value, the worked solution and the mistake named; score and streak.
 * Owns: the view's state (view_practice.h), its answer line (modal while open), its actions,
 * its layout and its row of the view table. Must not touch: ncurses, the clock, the
 * arithmetic (quiz.h makes, grades and solves every question). */
#include <stdio.h>
#include <string.h>
#include "draw.h"
#include "format.h"
#include "quiz_text.h"
#include "text.h"
#include "view.h"
#include "view_practice.h"
#include "wrap.h"

#define PRACTICE_OPERAND_ROWS 12  /* most operand rows a prompt has (an 8 × 8 W and more) */
#define PRACTICE_SENTENCE_ROWS 3  /* most rows the question's sentence wraps into */

/* ---------------------------------------------------------------- actions and keys */

/* The practice view's own actions (view.h: ViewAction). */
#define PRACTICE_ACTIONS(X)                                                               \
    X(PRACTICE_GO, "answer; after the answer, the next question",                       \
      "作答；看过答案后，按它进入下一题")                                                          \
    X(PRACTICE_UP, "scroll the worked solution up", "解题过程往上翻")                     \
    X(PRACTICE_DOWN, "scroll the worked solution down", "解题过程往下翻")                 \
    X(PRACTICE_NUMBERS, "numbers: they stay (hiding them does not apply to practice)",     \
      "数字：留着（练习要看数字，藏数字在这里不起作用）")

VIEW_ACTIONS_DEFINE(PracticeAction, PRACTICE_ACTION_BASE, practice_actions, PRACTICE_ACTIONS);

static const KeyBinding practice_keys[] = {
    { KEYCODE_ENTER,     VIEW_OWN(PRACTICE_GO),   0, "Enter", true  },
    { KEYCODE_UP,        VIEW_OWN(PRACTICE_UP),   1, "↑",     true  },
    { KEYCODE_DOWN,      VIEW_OWN(PRACTICE_DOWN), 1, "↓",     true  },
    { KEYCODE_PAGE_UP,   VIEW_OWN(PRACTICE_UP),   10, "PgUp", false },
    { KEYCODE_PAGE_DOWN, VIEW_OWN(PRACTICE_DOWN), 10, "PgDn", false },
    { 'n',               VIEW_OWN(PRACTICE_NUMBERS), 0, "n",  false },   /* only says why not */
    { 0,                 ACTION_NONE,             0, NULL,    false },
};

static const ViewHint practice_hints[] = {
    { { VIEW_OWN(PRACTICE_GO), ACTION_NONE,  "answer/next", "作答/下一题" }, VIEW_AT_EVERY, false },
    { { ACTION_CLOSE,          ACTION_NONE,  "leave the line", "离开输入行" }, VIEW_AT_EVERY, false },
    { { ACTION_NONE,           ACTION_NONE,  NULL,          NULL }, VIEW_AT_EVERY, false },
};

/* ---------------------------------------------------------------- the question */

PracticeOrder practice_order(const Ui *ui)
{
    return (PracticeOrder){ .seed = ui->seed, .n_due = ui->n_due, .due = ui->due };
}

/* Draws question index of order about tr into *q: a due kind's from its own sequence, or
 * question index − n_due + 1 of the seed's, numbered index + 1; the seed's sequence after it
 * into *seq (for a due kind: the seed's from its start). */
static void practice_replay(QuizSeq *seq, const Trace *tr, const PracticeOrder *order, int index,
                            QuizQuestion *q)
{
    quiz_seq_init(seq, order->seed);
    if (index < order->n_due) {
        QuizSeq kind;
        quiz_seq_init(&kind, quiz_kind_seed(order->seed, order->due[index]));
        quiz_next_of(&kind, tr, order->due[index], q);
    } else {
        for (int i = 0; i <= index - order->n_due; i++)
            quiz_next(seq, tr, q);
    }
    q->number = index + 1;
}

void practice_question_in(const Trace *tr, const PracticeOrder *order, int index, QuizQuestion *q)
{
    QuizSeq seq;
    practice_replay(&seq, tr, order, index, q);
}

void practice_question(const Trace *tr, unsigned long long seed, int index, QuizQuestion *q)
{
    PracticeOrder order = { .seed = seed };
    practice_question_in(tr, &order, index, q);
}

/* What the sequence's draws about tr in order depend on. */
static PracticeShape practice_shape(const Trace *tr, const PracticeOrder *order)
{
    const ScoreSet *set = &tr->score_set;
    PracticeShape shape = { .seed = order->seed, .T = tr->T, .d = tr->d, .heads = tr->heads,
                            .mask = (int)tr->mask,
                            .score_cell = set->on ? (set->head * tr->T + set->row) * tr->T + set->col : -1,
                            .n_due = order->n_due };
    for (int i = 0; i < order->n_due; i++)
        shape.due[i] = order->due[i];
    return shape;
}

static bool practice_same_shape(const PracticeShape *a, const PracticeShape *b)
{
    return a->seed == b->seed && a->T == b->T && a->d == b->d && a->heads == b->heads &&
           a->mask == b->mask && a->score_cell == b->score_cell && a->n_due == b->n_due &&
           memcmp(a->due, b->due, (size_t)a->n_due * sizeof a->due[0]) == 0;
}

/* True when st holds question st->index drawn for tr's shape in order. */
static bool practice_holds(const PracticeState *st, const Trace *tr, const PracticeOrder *order)
{
    PracticeShape now = practice_shape(tr, order);
    return st->drawn_ok && st->drawn.number == st->index + 1 &&
           practice_same_shape(&st->shape, &now);
}

void practice_sync(PracticeState *st, const Trace *tr, const PracticeOrder *order)
{
    if (practice_holds(st, tr, order))
        return;
    PracticeShape now = practice_shape(tr, order);
    if (st->drawn_ok && practice_same_shape(&st->shape, &now) && st->drawn.number == st->index &&
        st->index >= order->n_due) {   /* the next question of the seed's: one draw on */
        quiz_next(&st->after, tr, &st->drawn);
        st->drawn.number = st->index + 1;
    } else {
        practice_replay(&st->after, tr, order, st->index, &st->drawn);
    }
    st->shape = now;
    st->drawn_ok = true;
}

void practice_current(const PracticeState *st, const Trace *tr, const PracticeOrder *order,
                      QuizQuestion *q)
{
    if (!practice_holds(st, tr, order)) {   /* a lesson the view has not seen yet */
        practice_question_in(tr, order, st->index, q);
        return;
    }
    const QuizQuestion *c = &st->drawn;
    quiz_make(tr, c->kind, c->role, c->t, c->s, c->j, c->head, c->number, q);
}

/* The fresh state: question 1, the answer line open, drawn for the lesson with the default
 * seed (a --seed given later, the kinds due, or another lesson draw it again at the view's
 * first key or rebuild). */
static void practice_init(void *state, const Lesson *ls)
{
    PracticeState *st = state;
    memset(st, 0, sizeof *st);
    st->typing = true;
    if (ls) {
        PracticeOrder order = { .seed = QUIZ_DEFAULT_SEED };
        practice_sync(st, &ls->tr, &order);
    }
}

/* The lesson was rebuilt: the question is drawn again for it now, not on every frame until
 * the next key. */
static void practice_lesson_changed(void *state, const Ui *ui, const Lesson *ls)
{
    PracticeOrder order = practice_order(ui);
    practice_sync(state, &ls->tr, &order);
}

/* The typed answer graded against q; false when it is not a number (or empty). */
static bool practice_graded(const QuizQuestion *q, const char *typed, QuizGrade *g)
{
    TypedNumber a;
    if (typed_read(typed, &a) != TYPED_NUMBER)
        return false;
    quiz_grade(q, &a, g);
    return true;
}

/* ---------------------------------------------------------------- the answer line */

/* Enter on the line: grades it (a first wrong answer leaves one more try, the line open
 * again and the solution hidden), reveals the solution (empty), or says why it is no number. */
static int practice_submit(PracticeState *st, const ViewCall *call)
{
    const Lesson *ls = call->ls;
    PracticeOrder order = practice_order(call->ui);
    practice_sync(st, &ls->tr, &order);
    QuizQuestion q;
    practice_current(st, &ls->tr, &order, &q);
    TypedNumber a;
    TypedRead r = typed_read(st->typed, &a);
    if (r != TYPED_NUMBER && r != TYPED_EMPTY) {   /* said under the line, in the frame's language */
        st->junk = true;
        return REACT_REDRAW;
    }
    st->scroll = 0;
    if (r == TYPED_EMPTY) {
        st->typing = false;
        st->phase = PRACTICE_REVEALED;
        quiz_tally_add(&st->tally, NULL, st->tries + 1);
        request_practiced(call->ask, q.kind, false);   /* the history: back to box 1 */
        return REACT_REDRAW;
    }
    QuizGrade g;
    quiz_grade(&q, &a, &g);
    st->tries++;
    if (!g.correct && st->tries == 1) {   /* one more try: the verdict names, never solves */
        snprintf(st->first, sizeof st->first, "%s", st->typed);
        st->typed[0] = '\0';
        st->folded = false;
        return REACT_REDRAW;
    }
    st->typing = false;
    st->folded = false;
    st->phase = PRACTICE_GRADED;
    quiz_tally_add(&st->tally, &g, st->tries);
    request_practiced(call->ask, q.kind, g.correct && st->tries == 1);   /* a 2nd try: wrong */
    return REACT_REDRAW;
}

static int practice_key(void *state, const ViewCall *call, int key)
{
    const Ui *ui = call->ui;
    const Lesson *ls = call->ls;
    PracticeState *st = state;
    PracticeOrder order = practice_order(ui);
    practice_sync(st, &ls->tr, &order);   /* the seed may have changed since */
    st->junk = false;
    st->hint = TYPED_KEY_OTHER;
    TypedKey what = typed_key(st->typed, sizeof st->typed, key, TYPED_ANSWER);
    switch (what) {
    case TYPED_KEY_ENTER:
        return practice_submit(st, call);
    case TYPED_KEY_ESC:
        st->typing = false;
        return REACT_REDRAW;
    case TYPED_KEY_EDITED:
        st->folded = st->folded && st->typed[0];   /* emptied: nothing left to explain */
        return REACT_REDRAW;
    case TYPED_KEY_FOLDED:   /* said under the line while it holds what was read */
        st->folded = true;
        return REACT_REDRAW;
    case TYPED_KEY_UNUSABLE:   /* q, e, ?, 加 …: taken, and said under the line */
    case TYPED_KEY_FULL:
        st->hint = what;
        st->hint_key = key;
        return REACT_REDRAW;
    case TYPED_KEY_OTHER:
        break;
    }
    return -1;   /* Tab, the arrows, Ctrl-L …: what they are bound to */
}

static bool practice_modal(const void *state)
{
    const PracticeState *st = state;
    return st->phase == PRACTICE_ASKING && st->typing;
}

/* ---------------------------------------------------------------- actions */

static int practice_act(void *state, const ViewCall *call, Action a, int arg)
{
    const Ui *ui = call->ui;
    const Lesson *ls = call->ls;
    PracticeState *st = state;
    if ((int)a < (int)ACTION_VIEW_FIRST)
        return -1;
    PracticeOrder order = practice_order(ui);
    practice_sync(st, &ls->tr, &order);
    switch ((PracticeAction)a) {
    case ACTION_PRACTICE_GO:
        if (st->phase != PRACTICE_ASKING) {
            st->index++;
            st->phase = PRACTICE_ASKING;
            st->typed[0] = '\0';
            st->first[0] = '\0';
            st->folded = false;
            st->tries = 0;
            st->scroll = 0;
            practice_sync(st, &ls->tr, &order);   /* the new question, drawn once */
        }
        st->typing = true;
        return REACT_REDRAW;
    case ACTION_PRACTICE_UP:
        st->scroll = st->scroll > arg ? st->scroll - arg : 0;
        return REACT_REDRAW;
    case ACTION_PRACTICE_DOWN:
        st->scroll = st->scroll + arg < QUIZ_MAX_LINES ? st->scroll + arg : QUIZ_MAX_LINES;
        return REACT_REDRAW;
    case ACTION_PRACTICE_NUMBERS:   /* the question needs its numbers: n does not apply */
        request_note(call->ask, NOTE_NUMBERS_NEEDED, 0.0);
        return REACT_REDRAW;
    case PRACTICE_ACTION_BASE:
        break;
    }
    return -1;
}

/* ---------------------------------------------------------------- drawing */

/* Draws one line of quiz text (ASCII when asked), clipped to the body. */
static void practice_line(const ViewCtx *c, int x, int y, const char *text, Style style)
{
    char shown[2 * QUIZ_LINE_BYTES];
    draw_drawable(c->ascii, text, shown, sizeof shown);
    draw_clipped(c->g, x, y, c->body.x + c->body.w, shown, style);
}

/* The heading: "Practice · question 3" and, at the right, "2 of 2 right · streak 2". */
static void practice_heading(const ViewCtx *c, const PracticeState *st, int x, int y, int w)
{
    char left[128], right[128], shown[256];
    snprintf(left, sizeof left, SAY(c, "Practice · question %d", "练习 · 第 %d 题"), st->index + 1);
    practice_line(c, x, y, left, STYLE_BOLD);
    snprintf(right, sizeof right, SAY(c, "%d of %d right", "答对 %d/%d"), st->tally.correct,
             st->tally.asked);
    if (st->tally.second > 0)
        draw_append(right, sizeof right, SAY(c, " · %d on the 2nd try", " · 第二次才对 %d"), st->tally.second);
    draw_append(right, sizeof right, SAY(c, " · streak %d · best %d", " · 连对 %d · 最多连对 %d"),
                st->tally.streak, st->tally.best_streak);
    draw_drawable(c->ascii, right, shown, sizeof shown);
    int rw = text_width(shown);
    if (text_width(left) + 2 + rw <= w)
        draw_right(c->g, x, y, w, shown, STYLE_NORMAL);
}

/* Under the heading, what the practice history asks first this session: "from your practice
 * history, due first: score, share (question 1 of 2)"; once they are asked, when a kind comes
 * back. Nothing without a history (--no-history, --seed: the seed's sequence alone). */
static void practice_due_line(const ViewCtx *c, const PracticeState *st, int x, int y)
{
    const Ui *ui = c->ui;
    char line[512];
    if (ui->n_due > 0) {
        char names[256] = "";
        for (int i = 0; i < ui->n_due; i++)
            draw_append(names, sizeof names, "%s%s", i ? SAY(c, ", ", "、") : "",
                        quiz_kind_name(ui->due[i], c->lang));
        if (st->index < ui->n_due)
            snprintf(line, sizeof line, SAY(c, "from your practice history, due first: %s (%d of %d)",
                                            "练习记录：这次先练到期的题型：%s（第 %d 个，共 %d 个）"),
                     names, st->index + 1, ui->n_due);
        else
            snprintf(line, sizeof line, SAY(c, "the kinds due (%s) are done: new questions now",
                                            "到期的题型（%s）练完了：接着出新题"), names);
    } else if (ui->history_kept && ui->history.sessions > 0) {
        int next = -1;   /* the soonest a kind comes back */
        for (int k = 0; k < QUIZ_KIND_COUNT; k++)
            if (ui->history.kinds[k].box > 0 && (next < 0 || ui->history.kinds[k].due < next))
                next = ui->history.kinds[k].due;
        if (next < 0)
            return;
        snprintf(line, sizeof line, SAY(c, "practice history: nothing due now; the next kind in %d",
                                        "练习记录：现在没有到期的题型；%d 次之后再练"),
                 next - ui->session > 0 ? next - ui->session : 1);
        draw_append(line, sizeof line, "%s", SAY(c, next - ui->session > 1 ? " sessions" : " session", ""));
    } else {
        return;
    }
    practice_line(c, x, y, line, STYLE_DIM);
}

/* The answer line: "Your answer (two decimals): 4.05" and the cursor while it is open. */
static int practice_answer_line(const ViewCtx *c, const PracticeState *st, const QuizQuestion *q,
                                int x, int y)
{
    char buf[256], shown[512];
    int limit = c->body.x + c->body.w;
    snprintf(buf, sizeof buf, SAY(c, "Your answer (%s): ", "你的答案（%s）："),
             quiz_precision_text(q, c->lang));
    draw_drawable(c->ascii, buf, shown, sizeof shown);
    x += draw_clipped(c->g, x, y, limit, shown, STYLE_BOLD);
    x += draw_clipped(c->g, x, y, limit, st->typed, STYLE_NORMAL);
    if (st->typing)
        draw_clipped(c->g, x, y, limit, " ", STYLE_FOCUS);
    return 1;
}

/* The answer as typed without the blanks around it. */
static void practice_trimmed(const char *typed, char *out, size_t cap)
{
    while (*typed == ' ')
        typed++;
    snprintf(out, cap, "%s", typed);
    size_t n = strlen(out);
    while (n > 0 && out[n - 1] == ' ')
        out[--n] = '\0';
}

/* True for a mistake of rounding (it goes with another: "fewer decimals, and cut off"). */
static bool practice_rounding(QuizMistake m)
{
    return m == QUIZ_MISTAKE_FEWER_DECIMALS || m == QUIZ_MISTAKE_TRUNCATED;
}

/* "The mistake: forgot ÷√d, or …" into line (for a grade that names some): known mistakes
 * giving the same value joined by "or", the rounding ones by "and". */
static void practice_named(const ViewCtx *c, const QuizQuestion *q, const QuizGrade *g, char *line)
{
    snprintf(line, QUIZ_LINE_BYTES, "%s", SAY(c, "The mistake: ", "错在："));
    for (int i = 0; i < g->n_named; i++) {
        size_t used = strlen(line);
        const char *name = quiz_mistake_name(g->named[i], c->lang);
        const char *sep = i == 0 ? ""
                        : practice_rounding(g->named[i]) || practice_rounding(g->named[i - 1])
                              ? SAY(c, ", and ", "，而且") : SAY(c, ", or ", "，或者");
        if (g->named[i] == QUIZ_MISTAKE_WRONG_COLUMN && g->column[i] >= 0)
            snprintf(line + used, QUIZ_LINE_BYTES - used, SAY(c, "%s%s (column %d)", "%s%s（第 %d 列）"),
                     sep, name, g->column[i]);
        else if (g->named[i] == QUIZ_MISTAKE_FEWER_DECIMALS)   /* and how many were asked */
            snprintf(line + used, QUIZ_LINE_BYTES - used, SAY(c, "%s%s (%s)", "%s%s（%s）"), sep, name,
                     quiz_precision_text(q, c->lang));
        else
            snprintf(line + used, QUIZ_LINE_BYTES - used, "%s%s", sep, name);
    }
}

/* The verdict of a graded or revealed question into lines (each ≤ QUIZ_LINE_BYTES); returns
 * how many, and the style of the first. While a second try is open (st->tries == 1) it
 * names what went wrong with the first answer and never says the right value. */
static int practice_verdict(const ViewCtx *c, const PracticeState *st, const QuizQuestion *q,
                            char lines[3][QUIZ_LINE_BYTES], Style *style)
{
    char right[FORMAT_BYTES];
    quiz_value_text(q, q->right, right, sizeof right);
    QuizGrade g;
    bool retry = st->phase == PRACTICE_ASKING;
    const char *typed = retry ? st->first : st->typed;
    if (st->phase == PRACTICE_REVEALED || !practice_graded(q, typed, &g)) {
        snprintf(lines[0], QUIZ_LINE_BYTES, SAY(c, "Not answered: the answer is %s, worked out below.",
                                                "没有作答：答案是 %s，解题过程在下面。"), right);
        *style = STYLE_BOLD;
        return 1;
    }
    char yours[PRACTICE_ANSWER_BYTES];
    practice_trimmed(typed, yours, sizeof yours);
    if (g.correct) {
        *style = STYLE_POSITIVE;
        if (st->tries >= 2)
            snprintf(lines[0], QUIZ_LINE_BYTES, SAY(c, "%s is correct, on the 2nd try.", "%s——第二次答对了。"), yours);
        else if (g.verdict == QUIZ_RIGHT_NOTED)
            snprintf(lines[0], QUIZ_LINE_BYTES, SAY(c, "%s is correct: %s were asked, %s.", "%s——答对了：题目要求%s，即 %s。"),
                     yours, quiz_precision_text(q, c->lang), right);
        else
            snprintf(lines[0], QUIZ_LINE_BYTES, SAY(c, "%s is correct!", "%s——答对了！"), yours);
        return 1;
    }
    *style = STYLE_NEGATIVE;
    if (retry)
        snprintf(lines[0], QUIZ_LINE_BYTES, SAY(c, "%s is not right yet: one more try.", "%s 还不对：再试一次。"), yours);
    else
        snprintf(lines[0], QUIZ_LINE_BYTES, SAY(c, "%s is wrong: the right value is %s.",
                                                "%s 不对：正确答案是 %s。"), yours, right);
    if (g.n_named == 0)
        return 1;
    practice_named(c, q, &g, lines[1]);
    return 2;
}

/* The worked solution without the list of known mistakes (the one made is named above) and
 * without the sheet's closing "answer N: VALUE" (the verdict says the value). */
static void practice_solution(const ViewCtx *c, const QuizQuestion *q, QuizText *out)
{
    QuizQuestion plain = *q;
    plain.n_mistakes = 0;
    quiz_solution(c->tr, &plain, c->lang, out);
    if (out->n > 0)   /* the key's line, always the last */
        out->n--;
}

#define PRACTICE_WRAP_INDENT 4   /* blanks before a wrapped line's continuation */

/* The lines of in as drawn (ASCII when asked, so that "→ " stays "-> " wherever a line
 * breaks), those that fit w columns as they are, the others wrapped (the one line breaker)
 * with their continuations indented: a worked solution's last line, "cos = … → 0.87 (two
 * decimals)", is 70 columns and was cut at 64. */
static void practice_fit(const ViewCtx *c, const QuizText *in, int w, QuizText *out)
{
    out->n = 0;
    for (int i = 0; i < in->n && out->n < QUIZ_MAX_LINES; i++) {
        char line[QUIZ_LINE_BYTES];
        draw_drawable(c->ascii, in->line[i], line, sizeof line);
        if (text_width(line) <= w || w <= 2 * PRACTICE_WRAP_INDENT) {
            snprintf(out->line[out->n++], QUIZ_LINE_BYTES, "%s", line);
            continue;
        }
        WrapLine parts[8];
        int n = wrap_lines(line, w - PRACTICE_WRAP_INDENT, parts, 8);
        for (int k = 0; k < n && k < 8 && out->n < QUIZ_MAX_LINES; k++)
            snprintf(out->line[out->n++], QUIZ_LINE_BYTES, "%*s%.*s", k ? PRACTICE_WRAP_INDENT : 0, "",
                     parts[k].len, line + parts[k].start);
    }
}

/* Draws lines first.. of t from row y, at most `rows` rows; when some are left over, the last
 * row says how many. Returns the rows used. */
static int practice_lines(const ViewCtx *c, const QuizText *t, int first, int x, int y, int rows)
{
    int n = t->n - first;
    if (n <= 0 || rows <= 0)
        return 0;
    int shown = n <= rows ? n : rows - 1;
    for (int i = 0; i < shown; i++)
        practice_line(c, x, y + i, t->line[first + i], STYLE_NORMAL);
    if (shown < n) {
        char more[128];
        snprintf(more, sizeof more, SAY(c, "… %d more lines: ↓ shows them", "…… 还有 %d 行：↓ 往下看"),
                 n - shown);
        practice_line(c, x, y + shown, more, STYLE_DIM);
    }
    return shown < n ? rows : n;
}

/* The operands, lines 1.. of the prompt, in `rows` rows: scrolled past `scroll` lines (↑/↓)
 * when they do not fit (a short screen), so that every number the answer needs is a key
 * away; the last rows stay in view however far it is scrolled. Returns the rows used. */
static int practice_operands(const ViewCtx *c, const QuizText *prompt, int scroll, int x, int y,
                             int rows)
{
    int n = prompt->n - 1, past = scroll;
    if (past > n - rows)
        past = n - rows;   /* scrolled to the end: the last line in the last row */
    if (past < 0)
        past = 0;
    return practice_lines(c, prompt, 1 + past, x, y, rows);
}

static void practice_draw(const ViewCtx *c)
{
    static const PracticeState fresh = { .typing = true };
    const PracticeState *st = c->state ? c->state : &fresh;
    const Rect *b = &c->body;
    int x = b->x + 1, w = b->w - 2, y = b->y, bottom = b->y + b->h;
    QuizQuestion q;
    PracticeOrder order = practice_order(c->ui);
    practice_current(st, c->tr, &order, &q);
    QuizText prompt;   /* narrower than the sheet: in fewer columns, every operand shown */
    quiz_prompt_fit(c->tr, &q, c->lang, w, &prompt);

    practice_heading(c, st, x, y, w);
    practice_due_line(c, st, x, y + 1);
    y += 2;
    char sentence[2 * QUIZ_LINE_BYTES];
    draw_drawable(c->ascii, prompt.line[0], sentence, sizeof sentence);
    y += draw_paragraph(c->g, c->gl, x, y, w, PRACTICE_SENTENCE_ROWS, sentence, STYLE_BOLD);
    int operands = prompt.n - 1;

    if (st->phase == PRACTICE_ASKING) {
        char first[3][QUIZ_LINE_BYTES];   /* the second try: what was wrong with the first */
        Style fstyle = STYLE_BOLD;
        int nf = st->tries == 1 ? practice_verdict(c, st, &q, first, &fstyle) : 0;
        int room = bottom - y - 4 - (nf ? nf + 1 : 0);   /* a blank, the answer line, a blank, the hint */
        y += practice_operands(c, &prompt, st->scroll, x, y, operands < room ? operands : room);
        y++;
        for (int i = 0; i < nf && y < bottom; i++)
            practice_line(c, x, y++, first[i], i == 0 ? fstyle : STYLE_BOLD);
        y += nf ? 1 : 0;
        y += practice_answer_line(c, st, &q, x, y);
        if ((st->junk || st->hint != TYPED_KEY_OTHER) && y < bottom) {   /* why, under the line */
            char msg[256];
            if (st->junk)   /* Enter on text that is not a number */
                typed_message(st->typed, TYPED_ANSWER, c->lang, msg, sizeof msg);
            else            /* a key the line cannot take */
                typed_hint(st->hint, st->hint_key, TYPED_ANSWER, c->lang, msg, sizeof msg);
            practice_line(c, x, y, msg, STYLE_ERROR);
        } else if (st->folded && st->typing && y < bottom) {   /* －０．６ on the line: read as -0.6 */
            char msg[UI_NOTE_BYTES];
            typed_folded_note(c->lang, msg, sizeof msg);
            practice_line(c, x, y, msg, STYLE_DIM);
        }
        if (y + 1 < bottom) {
            char hint[256];
            if (st->typing && st->tries == 1)
                snprintf(hint, sizeof hint, SAY(c, "Your second try, and Enter; Enter on an empty line shows the worked solution; %s leaves the line.",
                                                "输入第二次的答案后按 Enter；不填直接按 Enter，可以看解题过程；%s 离开输入行。"),
                         action_key_label(ACTION_CLOSE));
            else if (st->typing)
                snprintf(hint, sizeof hint, SAY(c, "Type the number and Enter; Enter on an empty line shows the worked solution; %s leaves the line.",
                                                "输入数字后按 Enter；不填直接按 Enter，可以看解题过程；%s 离开输入行。"),
                         action_key_label(ACTION_CLOSE));
            else
                snprintf(hint, sizeof hint, SAY(c, "%s opens the answer line again.", "按 %s 重新打开输入行。"),
                         action_key_label_in(practice_keys, VIEW_OWN(PRACTICE_GO)));
            char shown[512];
            draw_drawable(c->ascii, hint, shown, sizeof shown);
            draw_paragraph(c->g, c->gl, x, y + 1, w, bottom - y - 1, shown, STYLE_DIM);
        }
        return;
    }

    char verdict[3][QUIZ_LINE_BYTES];
    Style vstyle = STYLE_BOLD;
    int nv = practice_verdict(c, st, &q, verdict, &vstyle);
    QuizText whole, sol;
    practice_solution(c, &q, &whole);
    practice_fit(c, &whole, w, &sol);
    /* the operands too when everything fits; the solution restates them anyway */
    int need = 1 + operands + 1 + nv + 1 + sol.n;
    if (need <= bottom - y) {
        y += practice_lines(c, &prompt, 1, x, y, operands);
        y++;
        practice_answer_line(c, st, &q, x, y++);
    }
    y++;
    for (int i = 0; i < nv && y < bottom; i++)
        practice_line(c, x, y++, verdict[i], i == 0 ? vstyle : STYLE_BOLD);
    y++;
    int rows = bottom - y;
    int first = st->scroll;
    if (first > sol.n - rows)
        first = sol.n - rows;
    if (first < 0)
        first = 0;
    practice_lines(c, &sol, first, x, y, rows);
}

/* ---------------------------------------------------------------- the row */

/* Shared keys that do nothing here, so the help leaves them out: the mask and heads, the
 * asking character (the questions do not follow it; 1-9 type the answer). Autoplay's p, +
 * and - are left out by view_describe (nothing plays here). */
static const Action practice_idle[] = { ACTION_MASK, ACTION_HEADS, ACTION_HEADS_BACK, ACTION_FOCUS_N, ACTION_NONE };

const ViewOps view_practice = {
    .name = "practice",
    .layered_en = "poems: questions inside the layer's heads only: scores, ÷√8, shares, outputs",
    .layered_zh = "唐诗模型：只问这一层的头里面的：分数、÷√8、百分比、取货",
    .tab_en = "practice", .tab_zh = "练习",
    .title_en = "practice: compute it yourself", .title_zh = "练习：自己算一遍",
    .help_en = "one number at a time from the printed numbers: graded, the mistake named",
    .help_zh = "一次算一个数，用屏幕上显示的数字：当场批改，指出错在哪里",
    .station_en = "Practice, after the lesson: work one number at a time from the numbers on screen.\n"
                  "Type your answer: it is graded at once, a mistake is named, and the worked solution shown.",
    .station_zh = "课后练习：用屏幕上显示的数字，一次算一个数。\n"
                  "输入你的答案：当场批改，错在哪里会指出来，再给出完整的解题过程。",
    .terms_en = "How an answer is graded (asked: two decimals, e.g. -0.62):\n"
                "-0.62 right · -0.623 right, noted: more decimals than asked, rounding to it\n"
                "-0.6 wrong, named: fewer decimals · -0.61 for -0.618 wrong, named: cut off, not rounded\n"
                "0.524 for 52.4% wrong, named: a fraction · a known mistake, named when the numbers shown make it\n"
                "anything else wrong · a wrong answer gets one more try · Enter on an empty line shows the solution\n"
                "Kinds answered wrongly come back first next time (the practice history; --no-history keeps none)",
    .terms_zh = "怎么批改（题目要求保留两位小数，例如 -0.62）：\n"
                "-0.62 对 · -0.623 对，但会提醒：小数位比要求的多，四舍五入后就是答案\n"
                "-0.6 错，指出：小数位数不够 · -0.618 写成 -0.61 错，指出：直接截断，没有四舍五入\n"
                "52.4% 写成 0.524 错，指出：写成了小数 · 常见错误：题目给出的数能算出它时才指出\n"
                "其他答案算错 · 答错后还有一次机会 · 不填直接按 Enter，可以看解题过程\n"
                "答错的题型下次先出（练习记录；--no-history 不保存）",
    .idle = practice_idle,
    .about = "the exercises after the lesson: one number at a time from the printed numbers (x, Q/K/V, a score and its mirror, ÷√d, e^, a share, an output, a cosine), typed and graded, the mistake named, the worked solution; --seed S asks what --worksheet N --seed S prints",
    .track = TRACK_NONE,
    .stages = false,
    .state_size = sizeof(PracticeState),
    .init = practice_init,
    .lesson_changed = practice_lesson_changed,
    .draw = practice_draw,
    .act = practice_act,
    .modal = practice_modal,
    .key = practice_key,
    .keys = practice_keys,
    .hints = practice_hints,
    .actions = practice_actions,
};
