/* scene_panel.c — the numbers panel under the sentence: the current stage's figures for
 * the asking character, with a hand check of one of them; with numbers hidden, words only.
 * Owns: the panel's rows (heading + SCENE_PANEL_ROWS - 1 lines), formatted like --dump.
 * Must not touch: anything outside the panel's rows, ncurses, the engine's arithmetic. */
#include "scene_internal.h"

#include <stdarg.h>
#include <stdio.h>
#include <string.h>
#include "actions.h"
#include "format.h"

#define PANEL_LINE 1024   /* bytes of one panel line */

/* ---------------------------------------------------------------- text helpers */

/* Appends printf-formatted text to buf (NUL-terminated, capacity cap). */
static void append(char *buf, size_t cap, const char *fmt, ...)
    __attribute__((format(printf, 3, 4)));
static void append(char *buf, size_t cap, const char *fmt, ...)
{
    size_t used = strlen(buf);
    if (used + 1 >= cap)
        return;
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(buf + used, cap - used, fmt, ap);
    va_end(ap);
}

/* A number with two decimals, as --dump writes it. */
static const char *fixed2(char *buf, size_t cap, double v)
{
    return format_fixed(buf, cap, v, 2);
}

/* Draws s right-aligned in a field of `cols` columns ending before column x + cols. */
static void put_right(const SceneCtx *c, int x, int y, int cols, const char *s, Style st)
{
    int w = text_width(s);
    grid_put_text(c->g, x + cols - w, y, s, st);
}

/* Left column and right limit of the panel, and the row of body line i (0-based). */
static int panel_left(const SceneCtx *c) { return c->L->panel_x; }
static int panel_limit(const SceneCtx *c) { return c->L->panel_x + c->L->panel_w; }
static int panel_line(const SceneCtx *c, int i) { return c->L->panel_row + 1 + i; }

/* Body line i of the panel, clipped to the panel's width. */
static int put_line(const SceneCtx *c, int i, int x, const char *s, Style st)
{
    if (i < 0 || i >= SCENE_PANEL_ROWS - 1)
        return 0;
    return scene_put_clipped(c->g, x, panel_line(c, i), panel_limit(c), s, st);
}

/* "numbers hidden — press n to show them" on body line i. */
static void put_hidden_note(const SceneCtx *c, int i)
{
    char buf[PANEL_LINE];
    snprintf(buf, sizeof buf, scene_say(c, "numbers hidden%spress %s to show them",
                                        "数字藏起来了%s按 %s 显示"),
             c->gl->dash, action_key_label(ACTION_NUMBERS));
    put_line(c, i, panel_left(c), buf, STYLE_DIM);
}

/* ---------------------------------------------------------------- heading */

/* What the panel shows at this stage, after the stage's own name. */
static void heading_text(const SceneCtx *c, char *buf, size_t cap)
{
    const char *f = c->tr->tokens[c->focus];
    char stage[64];
    scene_stage_label(stage, sizeof stage, c->p->stage, c->lang, c->gl);
    snprintf(buf, cap, "%s%s", stage, c->gl->sep);
    switch (c->p->stage) {
    case STAGE_QKV:
        append(buf, cap, scene_say(c, "x(%s) times Wq, Wk, Wv gives its three roles",
                                   "x(%s) 乘三张矩阵，变出三个角色"), f);
        break;
    case STAGE_SCORE:
        if (c->lang == LANG_ZH)
            append(buf, cap, "Q(%s) 和每个字的 K 做点积，再 %sd", f, c->gl->div_sqrt);
        else
            append(buf, cap, "Q(%s)%sK of every character, then %sd", f, c->gl->dot, c->gl->div_sqrt);
        break;
    case STAGE_SOFTMAX:
        append(buf, cap, scene_say(c, "how much %s looks at each character",
                                   "%s 把注意力分给每个字"), f);
        break;
    default:
        append(buf, cap, scene_say(c, "%s collects every V, weighted by its shares",
                                   "%s 按百分比把每个字的 V 收回来"), f);
        break;
    }
}

/* "── ③ softmax · how much 等 looks at each character ─────" */
static void draw_heading(const SceneCtx *c)
{
    char title[PANEL_LINE];
    int y = c->L->panel_row, x = panel_left(c), limit = panel_limit(c);
    heading_text(c, title, sizeof title);
    x += scene_put_clipped(c->g, x, y, limit, c->gl->rule, STYLE_DIM);
    x += scene_put_clipped(c->g, x, y, limit, c->gl->rule, STYLE_DIM);
    x += scene_put_clipped(c->g, x, y, limit, " ", STYLE_DIM);
    x += scene_put_clipped(c->g, x, y, limit, title, STYLE_BOLD);
    x += scene_put_clipped(c->g, x, y, limit, " ", STYLE_DIM);
    while (x < limit && scene_put_clipped(c->g, x, y, limit, c->gl->rule, STYLE_DIM) > 0)
        x++;
}

/* ---------------------------------------------------------------- hand checks */

/* "a×b" with a negative factor in parentheses; a as a percentage when share_a. */
static void term_text(const SceneCtx *c, const ExplainTerm *t, bool share_a, char *buf, size_t cap)
{
    char a[32], b[32];
    if (share_a)
        format_percent(a, sizeof a, t->a);
    else
        fixed2(a, sizeof a, t->a);
    fixed2(b, sizeof b, t->b);
    snprintf(buf, cap, "%s%s%s%s%s%s%s", a[0] == '-' ? "(" : "", a, a[0] == '-' ? ")" : "",
             c->gl->times, b[0] == '-' ? "(" : "", b, b[0] == '-' ? ")" : "");
}

/* "lhs = t0 + t1 + … = result", with as many terms as the panel's width allows. */
static void put_check(const SceneCtx *c, int line, const char *lhs, const ExplainTerm *terms,
                      int n, bool share_a, const char *result)
{
    char out[PANEL_LINE], term[160];
    int tail = 3 + text_width(result);                     /* " = result" */
    int more = 3 + text_width(c->gl->ellipsis);           /* " + …" */
    snprintf(out, sizeof out, "%s = ", lhs);
    for (int i = 0; i < n; i++) {
        size_t before = strlen(out);
        term_text(c, &terms[i], share_a, term, sizeof term);
        append(out, sizeof out, "%s%s", i ? " + " : "", term);
        if (text_width(out) + (i < n - 1 ? more : 0) + tail > c->L->panel_w) {
            out[before] = '\0';
            append(out, sizeof out, "%s%s", i ? " + " : "", c->gl->ellipsis);
            break;
        }
    }
    append(out, sizeof out, " = %s", result);
    put_line(c, line, panel_left(c), out, STYLE_DIM);
}

/* ---------------------------------------------------------------- ① Q K V */

/* The rows of stage ①: x and the three roles it is projected into. */
typedef struct {
    const char *name;     /* "x", "Q", "K", "V" */
    const char *role_en;  /* one-line reminder of its role, English */
    const char *role_zh;  /* the same in Chinese */
} RoleRow;

static const RoleRow role_rows[4] = {
    { "x", "word + position", "字向量 + 位置" },
    { "Q", "what I look for", "我在找什么" },
    { "K", "my name tag", "我挂出的名牌" },
    { "V", "what I hand over", "我要交出去的内容" },
};

/* The vector of row r (0 = x, then Q, K, V) of the asker. */
static const double *role_vector(const SceneCtx *c, int r)
{
    const Trace *tr = c->tr;
    const double *m = r == 0 ? tr->x : engine_projection(tr, (Role)(r - 1));
    return m + (size_t)c->focus * (size_t)tr->d;
}

/* How many of d values fit in `room` columns (leaving room for "…" when not all do). */
static int values_that_fit(int d, int room)
{
    if (d * SCENE_VCELL <= room)
        return d;
    int n = (room - 2) / SCENE_VCELL;
    return n < 0 ? 0 : n;
}

/* "  0.52 -0.42 …" from column x; returns the columns used. */
static int put_vector(const SceneCtx *c, int line, int x, const double *v, int d, int n)
{
    char num[32];
    for (int j = 0; j < n; j++)
        put_right(c, x + j * SCENE_VCELL, panel_line(c, line), SCENE_VCELL,
                  fixed2(num, sizeof num, v[j]), v[j] < 0 ? STYLE_NEGATIVE : STYLE_POSITIVE);
    int used = n * SCENE_VCELL;
    if (n < d)
        used += 1 + grid_put_text(c->g, x + used + 1, panel_line(c, line), c->gl->ellipsis, STYLE_DIM);
    return used;
}

/* The role's one-line reminder. */
static const char *role_text(const SceneCtx *c, int r)
{
    return scene_say(c, role_rows[r].role_en, role_rows[r].role_zh);
}

/* Numbers hidden: "Q(等)  = x·Wq   what I look for" (x has no formula, only its reminder). */
static void draw_qkv_words(const SceneCtx *c, int lw)
{
    char formula[64], label[64];
    int fw = text_width("= xWq") + text_width(c->gl->dot) + 3;
    for (int r = 0; r < 4; r++) {
        int x = panel_left(c);
        snprintf(label, sizeof label, "%s(%s)", role_rows[r].name, c->tr->tokens[c->focus]);
        put_line(c, r, x, label, STYLE_BOLD);
        if (r > 0) {
            snprintf(formula, sizeof formula, "= x%sW%c", c->gl->dot, "qkv"[r - 1]);
            put_line(c, r, x + lw, formula, STYLE_NORMAL);
        }
        put_line(c, r, x + lw + fw, role_text(c, r), STYLE_DIM);
    }
    put_hidden_note(c, 4);
}

/* Numbers shown: "Q(等)  -0.69 -2.11 …  what I look for", rows appearing one by one. */
static void draw_qkv_numbers(const SceneCtx *c, int lw)
{
    char label[64];
    int d = c->tr->d, role_w = 0;
    for (int r = 0; r < 4; r++)
        if (text_width(role_text(c, r)) > role_w)
            role_w = text_width(role_text(c, r));
    int n = values_that_fit(d, c->L->panel_w - lw - 2 - role_w);
    bool roles = n >= 2;
    if (!roles)
        n = values_that_fit(d, c->L->panel_w - lw);
    int shown = scene_revealed(c->progress, 4);
    int role_x = panel_left(c) + lw + n * SCENE_VCELL + (n < d ? 2 : 0) + 2;
    for (int r = 0; r < 4; r++) {
        snprintf(label, sizeof label, "%s(%s)", role_rows[r].name, c->tr->tokens[c->focus]);
        put_line(c, r, panel_left(c), label, STYLE_BOLD);
        if (r < shown)
            put_vector(c, r, panel_left(c) + lw, role_vector(c, r), d, n);
        if (roles)
            put_line(c, r, role_x, role_text(c, r), STYLE_DIM);
    }
}

/* Hand check of the lesson's worked example: Q[0] = Σ x[i]·Wq[i][0]. */
static void draw_qkv_check(const SceneCtx *c)
{
    ExplainTerm terms[MODEL_MAX_D];
    int k = engine_explain_projection(c->tr, ROLE_Q, c->focus, 0, terms);
    char lhs[64], result[32];
    snprintf(lhs, sizeof lhs, "Q(%s)[0]", c->tr->tokens[c->focus]);
    put_check(c, 4, lhs, terms, k, false, fixed2(result, sizeof result, role_vector(c, 1)[0]));
}

static void draw_qkv(const SceneCtx *c)
{
    int lw = text_width("x()") + text_width(c->tr->tokens[c->focus]) + 1;
    if (!c->numbers) {
        draw_qkv_words(c, lw + 1);
        return;
    }
    draw_qkv_numbers(c, lw);
    if (c->progress >= 1.0)
        draw_qkv_check(c);
}

/* ---------------------------------------------------------------- per-character tables */

/* Columns of a T-wide table that fit after a label column of lw. */
static int columns_that_fit(const SceneCtx *c, int lw)
{
    int T = c->tr->T, room = c->L->panel_w - lw;
    if (T * SCENE_CELL <= room)
        return T;
    int n = (room - 2) / SCENE_CELL;
    return n < 0 ? 0 : n;
}

/* The sentence's characters as column heads, the asker marked. */
static void put_table_head(const SceneCtx *c, int line, int lw, int ncols)
{
    int x = panel_left(c) + lw;
    for (int s = 0; s < ncols; s++)
        put_right(c, x + s * SCENE_CELL, panel_line(c, line), SCENE_CELL, c->tr->tokens[s],
                  s == c->focus ? STYLE_FOCUS : STYLE_TOKEN);
    if (ncols < c->tr->T)
        grid_put_text(c->g, x + ncols * SCENE_CELL + 1, panel_line(c, line), c->gl->ellipsis, STYLE_DIM);
}

/* One table row: a label, then the first `shown` of ncols values of the asker's row. */
static void put_table_row(const SceneCtx *c, int line, int lw, int ncols, int shown,
                          const char *label, const double *row, bool percent)
{
    char num[32];
    int x = panel_left(c);
    put_line(c, line, x, label, STYLE_BOLD);
    for (int s = 0; s < ncols && s < shown; s++) {
        if (percent)
            format_percent(num, sizeof num, row[s]);
        else
            fixed2(num, sizeof num, row[s]);
        put_right(c, x + lw + s * SCENE_CELL, panel_line(c, line), SCENE_CELL, num, STYLE_NORMAL);
    }
}

/* Characters ordered by the asker's share, largest first. */
static void by_share(const SceneCtx *c, int *order)
{
    int T = c->tr->T;
    for (int s = 0; s < T; s++)
        order[s] = s;
    for (int i = 1; i < T; i++)
        for (int j = i; j > 0; j--) {
            double a = TRACE_SQ(c->tr, weights, c->focus, order[j - 1]);
            double b = TRACE_SQ(c->tr, weights, c->focus, order[j]);
            if (b <= a)
                break;
            int t = order[j];
            order[j] = order[j - 1];
            order[j - 1] = t;
        }
}

/* ---------------------------------------------------------------- ② score */

static void draw_score_hidden(const SceneCtx *c)
{
    char buf[PANEL_LINE];
    int order[MODEL_MAX_TOKENS];
    by_share(c, order);
    snprintf(buf, sizeof buf, "%s", scene_say(c, "a good match of Q and K gives a high score; best first:",
                                              "Q 和 K 越对得上，分数越高；从高到低："));
    put_line(c, 0, panel_left(c), buf, STYLE_NORMAL);
    buf[0] = '\0';
    for (int i = 0; i < c->tr->T; i++)
        append(buf, sizeof buf, "%s%s", i ? "  " : "", c->tr->tokens[order[i]]);
    put_line(c, 1, panel_left(c) + 2, buf, STYLE_TOKEN);
    put_line(c, 2, panel_left(c), scene_say(c, "the lines stay thin: scores are not shares yet",
                                            "线还是细的：分数还不是百分比"), STYLE_DIM);
    put_hidden_note(c, 4);
}

static void draw_score(const SceneCtx *c)
{
    if (!c->numbers) {
        draw_score_hidden(c);
        return;
    }
    const Trace *tr = c->tr;
    const char *f = tr->tokens[c->focus];
    char raw[64], scaled[64], num[32];
    snprintf(raw, sizeof raw, "Q(%s)%sK", f, c->gl->dot);
    snprintf(scaled, sizeof scaled, "%s%d = %s", c->gl->div_sqrt, tr->d, fixed2(num, sizeof num, tr->scale));
    int lw = (text_width(raw) > text_width(scaled) ? text_width(raw) : text_width(scaled)) + 1;
    int ncols = columns_that_fit(c, lw);
    int shown = scene_revealed(c->progress, tr->T);
    put_table_head(c, 0, lw, ncols);
    put_table_row(c, 1, lw, ncols, shown, raw, &TRACE_SQ(tr, scores, c->focus, 0), false);
    put_table_row(c, 2, lw, ncols, shown, scaled, &TRACE_SQ(tr, scaled, c->focus, 0), false);
    if (c->progress < 1.0)
        return;
    int best = scene_strongest(c);
    ExplainTerm terms[MODEL_MAX_D];
    int k = engine_explain_score(tr, c->focus, best, terms);
    char lhs[64];
    snprintf(lhs, sizeof lhs, "Q(%s)%sK(%s)", f, c->gl->dot, tr->tokens[best]);
    put_check(c, 3, lhs, terms, k, false, fixed2(num, sizeof num, TRACE_SQ(tr, scores, c->focus, best)));
}

/* ---------------------------------------------------------------- ③ softmax */

static const char *const class_en[5] = { "", "hardly", "a little", "some", "most" };
static const char *const class_zh[5] = { "", "几乎不看", "看一点", "看不少", "看得最多" };

static void draw_softmax_hidden(const SceneCtx *c)
{
    char buf[PANEL_LINE] = "";
    const Trace *tr = c->tr;
    put_line(c, 0, panel_left(c), scene_say(c, "scores become shares of the whole, same order",
                                            "分数变成百分比，加起来是全部，大小顺序不变"), STYLE_NORMAL);
    for (int cls = 4; cls >= 1; cls--) {
        bool any = false;
        for (int s = 0; s < tr->T; s++)
            if (scene_share_class(TRACE_SQ(tr, weights, c->focus, s)) == cls) {
                if (!any)
                    append(buf, sizeof buf, "%s%s%s", buf[0] ? "   " : "",
                           scene_say(c, class_en[cls], class_zh[cls]), c->lang == LANG_ZH ? "：" : ":");
                append(buf, sizeof buf, " %s", tr->tokens[s]);
                any = true;
            }
    }
    put_line(c, 1, panel_left(c) + 2, buf, STYLE_NORMAL);
    put_line(c, 2, panel_left(c), scene_say(c, "the thicker the line, the bigger the share",
                                            "线越粗，分到的越多"), STYLE_DIM);
    put_hidden_note(c, 4);
}

/* A note after a table row at column offset dx, only when it fits whole. */
static void put_tail(const SceneCtx *c, int line, int dx, const char *s)
{
    if (dx + text_width(s) <= c->L->panel_w)
        put_line(c, line, panel_left(c) + dx, s, STYLE_DIM);
}

/* A row of e^(s − max) and, after the table, their sum Σ. */
static void put_exp_row(const SceneCtx *c, int line, int lw, int ncols, int shown,
                        const char *label, const double *exps, double sum)
{
    char num[32], tail[64];
    put_table_row(c, line, lw, ncols, shown, label, exps, false);
    if (shown < c->tr->T || ncols < c->tr->T)
        return;
    snprintf(tail, sizeof tail, "%s %s", c->gl->sum, fixed2(num, sizeof num, sum));
    put_tail(c, line, lw + ncols * SCENE_CELL + 3, tail);
}

/* "share(加) = e^(1.43-1.43) / Σ = 1.00 / 1.91 = 52.4%" for the largest share. */
static void put_share_check(const SceneCtx *c, int line, const char *label)
{
    const Trace *tr = c->tr;
    double exps[MODEL_MAX_TOKENS], sum, max;
    int best = scene_strongest(c);
    double share = engine_explain_share(tr, c->focus, best, exps, &sum, &max);
    char s[32], m[32], buf[PANEL_LINE];
    fixed2(s, sizeof s, TRACE_SQ(tr, scaled, c->focus, best));
    fixed2(m, sizeof m, max);
    snprintf(buf, sizeof buf, "%s(%s) = e^(%s-%s%s%s) / %s = ", label, tr->tokens[best], s,
             m[0] == '-' ? "(" : "", m, m[0] == '-' ? ")" : "", c->gl->sum);
    append(buf, sizeof buf, "%s / ", fixed2(s, sizeof s, exps[best]));
    append(buf, sizeof buf, "%s = ", fixed2(s, sizeof s, sum));
    append(buf, sizeof buf, "%s", format_percent(s, sizeof s, share));
    put_line(c, line, panel_left(c), buf, STYLE_DIM);
}

/* Table of ÷√d, e^(s − max) and shares, then the check of the largest share. */
static void draw_softmax(const SceneCtx *c)
{
    if (!c->numbers) {
        draw_softmax_hidden(c);
        return;
    }
    const Trace *tr = c->tr;
    double exps[MODEL_MAX_TOKENS], sum;
    engine_explain_share(tr, c->focus, 0, exps, &sum, NULL);
    char scaled[64], num[32], buf[64];
    const char *expl = "e^(s-max)", *sharel = scene_say(c, "share", "百分比");
    snprintf(scaled, sizeof scaled, "%s%d", c->gl->div_sqrt, tr->d);
    int lw = text_width(expl) + 2, ncols = columns_that_fit(c, lw);
    int shown = scene_revealed(c->progress, tr->T);
    put_table_head(c, 0, lw, ncols);
    put_table_row(c, 1, lw, ncols, shown, scaled, &TRACE_SQ(tr, scaled, c->focus, 0), false);
    put_exp_row(c, 2, lw, ncols, shown, expl, exps, sum);
    put_table_row(c, 3, lw, ncols, shown, sharel, &TRACE_SQ(tr, weights, c->focus, 0), true);
    if (c->progress < 1.0)
        return;
    if (ncols == tr->T) {
        double total = 0.0;
        for (int s = 0; s < tr->T; s++)
            total += TRACE_SQ(tr, weights, c->focus, s);
        snprintf(buf, sizeof buf, "%s %s", c->gl->sum, format_percent(num, sizeof num, total));
        put_tail(c, 3, lw + ncols * SCENE_CELL + 3, buf);
    }
    put_share_check(c, 4, sharel);
}

/* ---------------------------------------------------------------- ④ output */

/* Writes pieces one after another from body line `line`, wrapping under `indent`;
 * a piece that does not fit on the last allowed line becomes "…". Returns lines used. */
static int put_flow(const SceneCtx *c, int line, int max_lines, const char *first,
                    const char *const *pieces, int n, int indent)
{
    int left = panel_left(c), limit = panel_limit(c), used = 1;
    int x = left + put_line(c, line, left, first, STYLE_BOLD);
    for (int i = 0; i < n; i++) {
        int w = text_width(pieces[i]);
        int reserve = i < n - 1 ? 2 : 0;
        if (x + w + reserve > limit) {
            if (used == max_lines) {
                put_line(c, line + used - 1, x, c->gl->ellipsis, STYLE_DIM);
                break;
            }
            x = left + indent;
            used++;
        }
        x += put_line(c, line + used - 1, x, pieces[i], STYLE_NORMAL);
    }
    return used;
}

static const char *const flow_en[5] = { "", "a trace of", "a little", "some", "mostly" };
static const char *const flow_zh[5] = { "", "一丝", "一点", "不少", "大部分" };

static void draw_output_hidden(const SceneCtx *c)
{
    const Trace *tr = c->tr;
    char first[64], text[MODEL_MAX_TOKENS][96];
    const char *pieces[MODEL_MAX_TOKENS];
    int order[MODEL_MAX_TOKENS];
    by_share(c, order);
    snprintf(first, sizeof first, "output(%s) = ", tr->tokens[c->focus]);
    for (int i = 0; i < tr->T; i++) {
        int cls = scene_share_class(TRACE_SQ(tr, weights, c->focus, order[i]));
        snprintf(text[i], sizeof text[i], "%s%s V(%s)", i ? "+ " : "",
                 scene_say(c, flow_en[cls], flow_zh[cls]), tr->tokens[order[i]]);
        if (i < tr->T - 1)
            append(text[i], sizeof text[i], " ");
        pieces[i] = text[i];
    }
    int used = put_flow(c, 0, 3, first, pieces, tr->T, text_width(first) - 2);
    char buf[PANEL_LINE];
    int closest = engine_closest_value(tr, c->focus, NULL);
    snprintf(buf, sizeof buf, scene_say(c, "a new vector for %s, most like V(%s)",
                                        "%s 的新向量，最像 V(%s)"),
             tr->tokens[c->focus], tr->tokens[closest]);
    put_line(c, used, panel_left(c), buf, STYLE_NORMAL);
    put_hidden_note(c, 4);
}

/* "output(等) = 52.4%·V(加) + 16.9%·V(三) + …": the first `shown` terms, largest first.
 * Returns the lines used. */
static int put_output_terms(const SceneCtx *c, const int *order, int shown)
{
    const Trace *tr = c->tr;
    char first[64], text[MODEL_MAX_TOKENS][96], num[32];
    const char *pieces[MODEL_MAX_TOKENS] = { NULL };
    snprintf(first, sizeof first, "output(%s) = ", tr->tokens[c->focus]);
    for (int i = 0; i < shown; i++) {
        format_percent(num, sizeof num, TRACE_SQ(tr, weights, c->focus, order[i]));
        snprintf(text[i], sizeof text[i], "%s%s%sV(%s)%s", i ? "+ " : "", num, c->gl->dot,
                 tr->tokens[order[i]], i < shown - 1 ? " " : "");
        pieces[i] = text[i];
    }
    return put_flow(c, 0, 2, first, pieces, shown, text_width(first) - 2);
}

/* The output vector as the terms shown so far add up (the whole output once all are). */
static void output_so_far(const SceneCtx *c, const int *order, int shown, double *out)
{
    const Trace *tr = c->tr;
    if (shown == tr->T) {
        memcpy(out, TRACE_ROW(tr, output, c->focus), sizeof(double) * (size_t)tr->d);
        return;
    }
    for (int j = 0; j < tr->d; j++) {
        out[j] = 0.0;
        for (int i = 0; i < shown; i++)
            out[j] += TRACE_SQ(tr, weights, c->focus, order[i]) * TRACE_ROW(tr, v, order[i])[j];
    }
}

/* "most like V(加): cosine 0.9855" and the check of output[0], from body line `line`. */
static void put_output_facts(const SceneCtx *c, int line, const int *order, double first)
{
    const Trace *tr = c->tr;
    char buf[PANEL_LINE], num[32], lhs[64];
    double cos;
    int closest = engine_closest_value(tr, c->focus, &cos);
    snprintf(buf, sizeof buf, scene_say(c, "most like V(%s): cosine %s", "最像 V(%s)：余弦 %s"),
             tr->tokens[closest], format_fixed(num, sizeof num, cos, 4));
    put_line(c, line, panel_left(c), buf, STYLE_NORMAL);
    ExplainTerm terms[MODEL_MAX_TOKENS], sorted[MODEL_MAX_TOKENS];
    int k = engine_explain_output(tr, c->focus, 0, terms);
    for (int i = 0; i < k; i++)
        sorted[i] = terms[order[i]];
    snprintf(lhs, sizeof lhs, "output(%s)[0]", tr->tokens[c->focus]);
    put_check(c, line + 1, lhs, sorted, k, true, fixed2(num, sizeof num, first));
}

/* The weighted sum term by term, the vector it makes, its closest V and a check. */
static void draw_output(const SceneCtx *c)
{
    if (!c->numbers) {
        draw_output_hidden(c);
        return;
    }
    const Trace *tr = c->tr;
    int order[MODEL_MAX_TOKENS], shown = scene_revealed(c->progress, tr->T);
    by_share(c, order);
    int used = put_output_terms(c, order, shown);
    if (shown == 0)
        return;
    double vec[MODEL_MAX_D];
    output_so_far(c, order, shown, vec);
    char label[64];
    snprintf(label, sizeof label, "output(%s)", tr->tokens[c->focus]);
    int lw = text_width(label) + 1;
    put_line(c, used, panel_left(c), label, STYLE_BOLD);
    put_vector(c, used, panel_left(c) + lw, vec, tr->d, values_that_fit(tr->d, c->L->panel_w - lw));
    if (c->progress >= 1.0)
        put_output_facts(c, used + 1, order, vec[0]);
}

/* ---------------------------------------------------------------- the panel */

void scene_draw_panel(const SceneCtx *c)
{
    draw_heading(c);
    switch (c->p->stage) {
    case STAGE_QKV:     draw_qkv(c); break;
    case STAGE_SCORE:   draw_score(c); break;
    case STAGE_SOFTMAX: draw_softmax(c); break;
    default:            draw_output(c); break;
    }
}
