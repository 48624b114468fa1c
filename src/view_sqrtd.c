/* view_sqrtd.c — station 5's machine, run by the student: a query and six keys of random
 * numbers, d of them each. Their six scores, what softmax makes of them with or without
 * ÷√d, and the plot of the largest share (and the gradient) against d: unscaled, the scores
 * grow like √d, softmax saturates, the gradient goes to 0 — "not worse: unable to learn".
 * Owns: the machine's layout, its table, bars and braille plots, its keys and its row of the
 * view table. Must not touch: ncurses, the clock, the arithmetic (sqrtd.h computes it all:
 * sqrtd_draw is pure and cheap, the curve is the Lesson's). */
#include "view_sqrtd.h"

#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "check.h"
#include "format.h"
#include "sqrtd.h"
#include "view.h"

/* ---------------------------------------------------------------- sizes */

#define SQ_KEY_W 3         /* "k1 " */
#define SQ_NUM_W 9         /* a score: "-66.1234" and a blank */
#define SQ_PCT_W 7         /* a share: " 99.5%" */
#define SQ_BAR_MIN 4       /* a share bar's columns, at least where there is room */
#define SQ_BAR_LEAST 2     /* and where there is not: the plot keeps its least width */
#define SQ_BAR_MAX 24      /* and at most */
#define SQ_MEASURE_W 30    /* a measure's line: its name and its value */
#define SQ_YLABEL_W 5      /* "100%┤" left of a plot */
#define SQ_PLOT_MIN 12     /* a plot's columns, at least */
#define SQ_PLOT_ROWS_MIN 4 /* a plot's rows, at least */
#define SQ_PLOTS_MAX_W 120 /* the plots' columns, at most (labels included) */
#define SQ_GRADIENT_TOP 0.25   /* the gradient plot's top: the largest p(1 − p) there is */
#define SQ_LINE 512        /* bytes of one line */

/* The widths marked under the x axis: the smallest, the demo's, a real head's, the widest. */
static const int sq_ticks[] = { 1, 8, 128, 512 };
#define SQ_DEMO_D 8
#define SQ_REAL_D 128

/* ---------------------------------------------------------------- what is shown */

/* The index of the shown width in sqrtd's list (clamped). */
static int current_index(const ViewCtx *c)
{
    const SqrtdState *st = c->state;
    int i = st->index;
    return i < 0 ? 0 : i >= SQRTD_D_COUNT ? SQRTD_D_COUNT - 1 : i;
}

/* What frames keep for the machine: one seed's raw scores at every listed width (a draw
 * is 7 × 512 normal numbers, the same until a key changes the seed; → and ← only pick
 * another width's scores, ÷√d only another softmax of them). */
typedef struct {
    bool valid;                                  /* raw holds seed's scores */
    uint64_t seed;                               /* their seed */
    double raw[SQRTD_D_COUNT][SQRTD_KEYS];       /* sqrtd_raw_widths(seed) */
    DrawParagraphMemo words;                     /* the words under the plots, broken into
                                                    lines (keyed on each text and width) */
} SqrtdCache;

static void *sqrtd_cache_new(void)
{
    return calloc(1, sizeof(SqrtdCache));
}

static void sqrtd_cache_free(void *cache)
{
    free(cache);
}

/* The draw on screen: width, seed and switch from the view's state (its scores kept in
 * the cache: the same draw as sqrtd_draw gives, without drawing it again). */
static SqrtdDraw current_draw(const ViewCtx *c)
{
    const SqrtdState *st = c->state;
    int index = current_index(c);
    SqrtdCache *k = c->cache;
    if (!k)
        return sqrtd_draw(sqrtd_d_at(index), st->seed, st->scaled);
    if (!k->valid || k->seed != st->seed) {
        sqrtd_raw_widths(st->seed, k->raw);
        k->seed = st->seed;
        k->valid = true;
    }
    return sqrtd_draw_from_raw(sqrtd_d_at(index), st->seed, st->scaled, k->raw[index]);
}

/* ---------------------------------------------------------------- the lesson's words */

/* "√8 = 2.828427 (this demo) · √128 = 11.313708 (one head of a real model)". */
static void words_figures(const ViewCtx *c, char *buf, size_t cap)
{
    char demo[FORMAT_BYTES], real[FORMAT_BYTES];
    if (!c->numbers) {
        snprintf(buf, cap, "%s", SAY(c, "dividing by the root of the width pulls the scores back to where "
                                        "softmax can still tell heavy from light",
                                     "除以宽度的平方根，就是把分数拉回一个 softmax 还能分辨轻重的区间"));
        return;
    }
    format_fixed(demo, sizeof demo, sqrtd_root(SQ_DEMO_D), 6);
    format_fixed(real, sizeof real, sqrtd_root(SQ_REAL_D), 6);
    const char *approx = c->ascii ? "~" : "≈";   /* a root's decimals */
    snprintf(buf, cap, SAY(c, "%s%d %s %s (this demo)%s%s%d %s %s (one head of a real model)",
                              "%s%d %s %s（演示）%s%s%d %s %s（真实模型的一个头）"),
             c->gl->sqrt, SQ_DEMO_D, approx, demo, c->gl->sep, c->gl->sqrt, SQ_REAL_D, approx, real);
}

/* The lesson's point: saturated softmax, no gradient, 学不动. */
static void words_point(const ViewCtx *c, char *buf, size_t cap)
{
    const char *to = c->ascii ? " -> " : " → ";
    if (c->lang == LANG_ZH) {
        snprintf(buf, cap, "不除以 √d：维度越高分数越大%ssoftmax 饱和成一个 100%%、其余 0%%%s梯度接近 0%s"
                 "不是「效果差一点」，是「学不动」", to, to, to);
        if (!c->numbers)
            snprintf(buf, cap, "不除以 √d：维度越高分数越大%ssoftmax 饱和%s梯度消失%s"
                     "不是「效果差一点」，是「学不动」", to, to, to);
        return;
    }
    if (c->numbers)
        snprintf(buf, cap, "no %sd: scores grow like %sd%ssoftmax saturates to one 100%% and the rest 0%%%s"
                 "its gradient %s 0%snot worse: unable to learn (%s)", c->gl->div_sqrt, c->gl->sqrt, to, to,
                 c->ascii ? "~" : "≈", to, c->ascii ? "xue bu dong" : "学不动");
    else
        snprintf(buf, cap, "no %sd: the wider the vectors, the bigger the scores%ssoftmax saturates%s"
                 "its gradient vanishes%snot worse: unable to learn (%s)", c->gl->div_sqrt, to, to, to,
                 c->ascii ? "xue bu dong" : "学不动");
}

#define SQ_TERMS 3          /* the measures' names explained, one line each */
#define SQ_TERMS_MIN_H 26   /* body rows from which they are shown under the measures */

/* The measures' names explained, one line each (also the help's, ViewOps.terms_*). */
#define SQ_TERMS_EN "spread: the six scores' standard deviation; it grows like √d\n" \
                    "max p(1−p): a share's largest slope against its own score; 0 = saturated\n" \
                    "Frobenius ‖J‖: all the shares' slopes against all the scores, as one size"
#define SQ_TERMS_ZH "标准差：六个分数散开的程度；它随 √d 变大\n" \
                    "max p(1−p)：每个百分比对自己那个分数的导数（∂p/∂s = p(1−p)），取最大值；接近 0 就说明饱和了\n" \
                    "‖J‖：所有百分比对所有分数的偏导数（雅可比矩阵）合起来的大小"

/* Term k of the measures, one line, drawable. */
static void words_term(const ViewCtx *c, int k, char *buf, size_t cap)
{
    const char *p = SAY(c, SQ_TERMS_EN, SQ_TERMS_ZH);
    for (int i = 0; i < k && strchr(p, '\n'); i++)
        p = strchr(p, '\n') + 1;
    char line[SQ_LINE];
    snprintf(line, sizeof line, "%.*s", (int)strcspn(p, "\n"), p);
    draw_drawable(c->ascii, line, buf, cap);
}

/* Whether the terms get their lines: numbers shown (they name the numbers' rows) and room. */
static bool words_terms_shown(const ViewCtx *c)
{
    return c->numbers && c->body.h >= SQ_TERMS_MIN_H;
}

/* draw_paragraph with the screen's kept lines (g NULL only measures). */
static int sq_paragraph(const ViewCtx *c, Grid *g, int x, int y, int w, int max_rows,
                        const char *text, Style style)
{
    SqrtdCache *k = c->cache;
    return draw_paragraph_memo(k ? &k->words : NULL, g, c->gl, x, y, w, max_rows, text, style);
}

/* Rows the words take at width w. */
static int words_rows(const ViewCtx *c, int w)
{
    char buf[SQ_LINE];
    int rows = 0;
    for (int k = 0; words_terms_shown(c) && k < SQ_TERMS; k++) {
        words_term(c, k, buf, sizeof buf);
        rows += sq_paragraph(c, NULL, 0, 0, w, 2, buf, STYLE_DIM);
    }
    words_figures(c, buf, sizeof buf);
    rows += sq_paragraph(c, NULL, 0, 0, w, 2, buf, STYLE_NORMAL);
    words_point(c, buf, sizeof buf);
    return rows + sq_paragraph(c, NULL, 0, 0, w, 3, buf, STYLE_NORMAL);
}

static void draw_words(const ViewCtx *c, const Rect *r)
{
    char buf[SQ_LINE];
    int used = 0;
    for (int k = 0; words_terms_shown(c) && k < SQ_TERMS; k++) {
        words_term(c, k, buf, sizeof buf);
        used += sq_paragraph(c, c->g, r->x, r->y + used, r->w, 2, buf, STYLE_DIM);
    }
    words_figures(c, buf, sizeof buf);
    used += sq_paragraph(c, c->g, r->x, r->y + used, r->w, 2, buf, STYLE_BOLD);
    words_point(c, buf, sizeof buf);
    sq_paragraph(c, c->g, r->x, r->y + used, r->w, r->h - used, buf, STYLE_NORMAL);
}

/* ---------------------------------------------------------------- layout */

/* Columns of the draw's table with share bars of `bar` columns. */
static int draw_width(int bar)
{
    int table = SQ_KEY_W + 2 * SQ_NUM_W + 1 + bar + SQ_PCT_W;
    return table > SQ_MEASURE_W ? table : SQ_MEASURE_W;
}

/* Columns of the curves' names right of a plot. */
static int curve_names_width(const ViewCtx *c)
{
    char a[64], b[64];
    snprintf(a, sizeof a, SAY(c, "no %sd", "不除%s"), c->ascii || c->lang != LANG_ZH ? c->gl->div_sqrt : "");
    snprintf(b, sizeof b, "%sd", c->gl->div_sqrt);
    return (text_width(a) > text_width(b) ? text_width(a) : text_width(b)) + 1;
}

/* A plot in the rectangle r: caption, area, axis and tick labels. */
static void plot_layout(const ViewCtx *c, Rect r, double top, SqrtdPlot *P)
{
    P->caption_row = r.y;
    P->top = top;
    int names = curve_names_width(c);
    P->area = (Rect){ r.x + SQ_YLABEL_W, r.y + 1, r.w - SQ_YLABEL_W - names, r.h - 3 };
    P->axis_row = P->area.y + P->area.h;
    P->label_x = P->area.x + P->area.w + 1;
    if (P->area.w < 2 || P->area.h < 1)
        P->area.h = 0;
}

void sqrtd_layout(const ViewCtx *c, SqrtdLayout *L)
{
    memset(L, 0, sizeof *L);
    Rect b = c->body;
    int x = b.x + 1, w = b.w - 2;
    L->controls_row = b.y;
    int wr = words_rows(c, w);
    L->words = (Rect){ x, b.y + b.h - wr, w, wr };
    int gaps = b.h >= 21 ? 1 : 0;   /* blank rows under the controls and above the words */
    int top = b.y + 1 + gaps, bottom = L->words.y - gaps;
    /* the draw on the left takes about two fifths, its bar growing with the width */
    int bar = (w * 2 / 5) - (SQ_KEY_W + 2 * SQ_NUM_W + 1 + SQ_PCT_W);
    bar = bar < SQ_BAR_MIN ? SQ_BAR_MIN : bar > SQ_BAR_MAX ? SQ_BAR_MAX : bar;
    int plot_least = SQ_YLABEL_W + SQ_PLOT_MIN + curve_names_width(c);
    while (bar > SQ_BAR_LEAST && draw_width(bar) + 2 + plot_least > w)
        bar--;   /* a narrow frame: the bars give way before the plot does */
    L->bar = bar;
    int dw = draw_width(bar);
    L->draw = (Rect){ x, top, dw, bottom - top };
    Rect right = { x + dw + 2, top, x + w - (x + dw + 2), bottom - top };
    if (right.w > SQ_PLOTS_MAX_W)   /* 18 points stretched wider read no better */
        right.w = SQ_PLOTS_MAX_W;
    int plot_rows = right.h;
    bool two = plot_rows >= 2 * (3 + SQ_PLOT_ROWS_MIN + 4) + 1;
    int first = two ? (plot_rows - 1) * 3 / 5 : plot_rows;
    plot_layout(c, (Rect){ right.x, right.y, right.w, first }, 1.0, &L->share);
    if (two)
        plot_layout(c, (Rect){ right.x, right.y + first + 1, right.w, plot_rows - first - 1 },
                    SQ_GRADIENT_TOP, &L->gradient);
    if (right.w < SQ_YLABEL_W + SQ_PLOT_MIN + curve_names_width(c))
        L->share.area.h = L->gradient.area.h = 0;
}

/* ---------------------------------------------------------------- controls */

/* "d = 8  ····●·············  ÷√d on  draw #1" */
static void draw_controls(const ViewCtx *c, const SqrtdLayout *L)
{
    char buf[SQ_LINE];
    int x = c->body.x + 1, y = L->controls_row, limit = c->body.x + c->body.w - 1, i = current_index(c);
    if (c->numbers)
        snprintf(buf, sizeof buf, "d = %d ", sqrtd_d_at(i));
    else
        snprintf(buf, sizeof buf, "d ");
    x += draw_clipped(c->g, x, y, limit, buf, STYLE_BOLD);
    for (int k = 0; k < SQRTD_D_COUNT; k++)
        x += draw_clipped(c->g, x, y, limit, k == i ? (c->ascii ? "o" : "●") : (c->ascii ? "-" : "·"),
                          k == i ? STYLE_FOCUS : STYLE_DIM);
    const SqrtdState *st = c->state;
    bool on = st->scaled;
    snprintf(buf, sizeof buf, "   %sd %s", c->gl->div_sqrt, on ? SAY(c, "on", "开") : SAY(c, "off", "关"));
    x += draw_clipped(c->g, x, y, limit, buf, on ? STYLE_SERIES_A : STYLE_SERIES_B);
    if (c->numbers) {
        snprintf(buf, sizeof buf, SAY(c, "   draw #%llu", "   第 %llu 次抽取"),
                 (unsigned long long)st->seed);
        draw_clipped(c->g, x, y, limit, buf, STYLE_DIM);
    }
}

/* ---------------------------------------------------------------- one draw */

/* A bar of value/full in cols columns at (x, y). */
static void draw_bar(const ViewCtx *c, int x, int y, int cols, double value, double full, Style st)
{
    char buf[SQ_LINE];
    draw_bar_text(c->ascii, full > 0.0 ? value / full : 0.0, cols, buf, sizeof buf);
    draw_clipped(c->g, x, y, x + cols, buf, st);
}

/* "one draw: a query and 6 keys, 8 numbers each" and the column heads. */
static void draw_table_head(const ViewCtx *c, const SqrtdLayout *L, const SqrtdDraw *dr)
{
    char buf[SQ_LINE];
    int x = L->draw.x, y = L->draw.y, limit = L->draw.x + L->draw.w;
    if (c->numbers)
        snprintf(buf, sizeof buf, SAY(c, "draw: q and %d keys, d = %d", "抽一次：q 和 %d 个 k，d = %d"),
                 SQRTD_KEYS, dr->d);
    else
        snprintf(buf, sizeof buf, "%s", SAY(c, "one draw: a query and six keys", "一次抽取：一个 q，六个 k"));
    draw_clipped(c->g, x, y, limit, buf, STYLE_BOLD);
    if (!c->numbers)
        return;
    snprintf(buf, sizeof buf, "q%sk", c->gl->dot);
    draw_right(c->g, x + SQ_KEY_W, y + 1, SQ_NUM_W, buf, STYLE_DIM);
    if (dr->scaled)
        snprintf(buf, sizeof buf, "%s%d", c->gl->div_sqrt, dr->d);
    else
        snprintf(buf, sizeof buf, "%s", SAY(c, "as is", "不除"));
    draw_right(c->g, x + SQ_KEY_W + SQ_NUM_W, y + 1, SQ_NUM_W, buf, STYLE_DIM);
    draw_clipped(c->g, x + SQ_KEY_W + 2 * SQ_NUM_W + 1, y + 1, limit, SAY(c, "share", "百分比"), STYLE_DIM);
}

/* Whether every one of the n numbers v fits its column at `digits` decimals. */
static bool digits_fit(const double *v, int n, int digits)
{
    char buf[FORMAT_BYTES];
    for (int i = 0; i < n; i++)
        if (text_width(format_fixed(buf, sizeof buf, v[i], digits)) > SQ_NUM_W - 1)
            return false;
    return true;
}

/* The decimals of the table's two columns, so that the row holds when redone from the
 * printed numbers: softmax of the printed second column gives the printed shares (at 0.1%),
 * and with ÷√d on each printed score ÷ √d (2.828427 below) gives the printed second column.
 * Two decimals where they do; as many more as it takes, up to CHECK_EXTRA_DIGITS more and
 * what the column holds (draw 1 at d = 8: -1.43 ÷ √8 = -0.51, not -0.50; -1.426 is). */
static void table_digits(const SqrtdDraw *dr, int *raw_digits, int *logit_digits)
{
    bool visible[SQRTD_KEYS];
    for (int i = 0; i < SQRTD_KEYS; i++)
        visible[i] = true;
    int most = CHECK_TABLE_DIGITS + CHECK_EXTRA_DIGITS, ld = CHECK_TABLE_DIGITS;
    for (; ld < most && digits_fit(dr->logits, SQRTD_KEYS, ld + 1); ld++) {
        double printed[SQRTD_KEYS];
        for (int i = 0; i < SQRTD_KEYS; i++)
            printed[i] = format_round(dr->logits[i], ld);
        bool all = true;
        for (int i = 0; i < SQRTD_KEYS && all; i++) {
            CheckedShare cs;
            char redone[FORMAT_BYTES], shown[FORMAT_BYTES];
            check_share_printed(&cs, printed, visible, SQRTD_KEYS, i, -1);
            all = strcmp(format_percent(redone, sizeof redone, cs.share),
                         format_percent(shown, sizeof shown, dr->shares[i])) == 0;
        }
        if (all)
            break;
    }
    *logit_digits = ld;
    if (!dr->scaled) {   /* the second column is the first, as is */
        *raw_digits = ld;
        return;
    }
    int rd_most = CHECK_TABLE_DIGITS;
    while (rd_most < most && digits_fit(dr->raw, SQRTD_KEYS, rd_most + 1))
        rd_most++;
    *raw_digits = check_dividend_digits(dr->raw, dr->divided, SQRTD_KEYS, dr->root, 6, ld,
                                        CHECK_TABLE_DIGITS, rd_most);
}

/* Key i's row: its raw score, what softmax is given (rd and ld decimals: table_digits's,
 * found once for the table), its share as a bar and a number. */
static void draw_key_row(const ViewCtx *c, const SqrtdLayout *L, const SqrtdDraw *dr, int i, int rd,
                         int ld, int y)
{
    char buf[FORMAT_BYTES + 8];
    int x = L->draw.x;
    bool top = i == dr->top;
    snprintf(buf, sizeof buf, "k%d", i + 1);
    grid_put_text(c->g, x, y, c->numbers ? buf : "k", top ? STYLE_BOLD : STYLE_DIM);
    if (c->numbers) {
        draw_right(c->g, x + SQ_KEY_W, y, SQ_NUM_W, format_fixed(buf, sizeof buf, dr->raw[i], rd), STYLE_NORMAL);
        draw_right(c->g, x + SQ_KEY_W + SQ_NUM_W, y, SQ_NUM_W, format_fixed(buf, sizeof buf, dr->logits[i], ld),
                   dr->scaled ? STYLE_NORMAL : STYLE_DIM);
    }
    int bx = x + SQ_KEY_W + (c->numbers ? 2 * SQ_NUM_W + 1 : 1);
    int cols = c->numbers ? L->bar : L->draw.x + L->draw.w - bx;   /* hidden: the numbers' room too */
    draw_bar(c, bx, y, cols, dr->shares[i], 1.0, top ? STYLE_SERIES_B : STYLE_SERIES_A);
    if (c->numbers)
        draw_right(c->g, bx + L->bar, y, SQ_PCT_W, format_percent(buf, sizeof buf, dr->shares[i]),
                   top ? STYLE_BOLD : STYLE_NORMAL);
}

/* One measure: its name, then its value (or, numbers hidden, a bar of value/full). */
static void draw_measure(const ViewCtx *c, const SqrtdLayout *L, int y, const char *name,
                         const char *value, double v, double full)
{
    int x = L->draw.x, w = L->draw.w;
    draw_clipped(c->g, x, y, x + w, name, STYLE_NORMAL);
    if (c->numbers)
        draw_right(c->g, x, y, w, value, STYLE_BOLD);
    else
        draw_bar(c, x + w - 10, y, 10, v, full, STYLE_SERIES_A);
}

/* Under the keys, as many as fit, most telling first: the spread beside √d, the largest
 * share, the gradient (max p(1 − p)); then the spread's mean over the curve's draws and the
 * gradient's other measure (‖J‖). */
static void draw_measures(const ViewCtx *c, const SqrtdLayout *L, const SqrtdDraw *dr, int y)
{
    char name[128], value[FORMAT_BYTES + 8];
    int end = L->draw.y + L->draw.h, i = current_index(c);
    double full = sqrtd_root(SQRTD_D_MAX);   /* the spread bars' scale: √512 */
    for (int k = 0; k < 6 && y < end; k++) {
        switch (k) {
        case 0:   /* "spread (√8 = 2.83)  2.01": the measured spread beside √d */
            if (c->numbers) {
                char root[FORMAT_BYTES];
                format_fixed(root, sizeof root, dr->root, 2);
                snprintf(name, sizeof name, SAY(c, "spread (about %s%d %s %s)", "标准差（理论值约为 %s%d %s %s）"), c->gl->sqrt, dr->d,
                         c->ascii ? "~" : "≈", root);
            } else {
                snprintf(name, sizeof name, "%s", SAY(c, "spread of the scores", "分数的标准差"));
            }
            draw_measure(c, L, y++, name, format_fixed(value, sizeof value, dr->spread, 2), dr->spread, full);
            break;
        case 1:   /* numbers hidden: √d as a bar under the spread's */
            if (c->numbers)
                break;
            snprintf(name, sizeof name, "%sd", c->gl->sqrt);
            draw_measure(c, L, y++, name, "", dr->root, full);
            break;
        case 2:
            draw_measure(c, L, y++, SAY(c, "largest share", "最大的百分比"),
                         format_percent(value, sizeof value, dr->top_share), dr->top_share, 1.0);
            break;
        case 3:
            snprintf(name, sizeof name, SAY(c, "gradient: max p(1%sp)", "梯度：max p(1%sp)"), c->ascii ? "-" : "−");
            if (!c->numbers)
                snprintf(name, sizeof name, "%s", SAY(c, "softmax's gradient", "softmax 的梯度"));
            draw_measure(c, L, y++, name, format_fixed(value, sizeof value, dr->gradient.diag_max, 3),
                         dr->gradient.diag_max, SQ_GRADIENT_TOP);
            break;
        case 4:
            if (!c->numbers)
                break;
            snprintf(name, sizeof name, SAY(c, "spread, mean of %d draws", "%d 次抽取的平均标准差"), c->ls->curve.draws);
            draw_measure(c, L, y++, name, format_fixed(value, sizeof value, c->ls->curve.spread[i], 2), 0.0, 1.0);
            break;
        default:
            if (!c->numbers)
                break;
            snprintf(name, sizeof name, SAY(c, "gradient: Frobenius %sJ%s", "梯度的范数 %sJ%s"),
                     c->ascii ? "|" : "‖", c->ascii ? "|" : "‖");
            draw_measure(c, L, y++, name, format_fixed(value, sizeof value, dr->gradient.frobenius, 3), 0.0, 1.0);
            break;
        }
    }
}

static void draw_one_draw(const ViewCtx *c, const SqrtdLayout *L, const SqrtdDraw *dr)
{
    int y = L->draw.y, end = L->draw.y + L->draw.h;
    draw_table_head(c, L, dr);
    y += c->numbers ? 2 : 1;
    int rd = 2, ld = 2;
    if (c->numbers)
        table_digits(dr, &rd, &ld);
    for (int i = 0; i < SQRTD_KEYS && y < end; i++)
        draw_key_row(c, L, dr, i, rd, ld, y++);
    draw_measures(c, L, dr, end - y > 5 ? y + 1 : y);   /* a blank row first when all five fit */
}

/* ---------------------------------------------------------------- plots */

/* Braille: the bit of dot (column dx 0..1, row dy 0..3) of a cell (U+2800 + bits). */
static const unsigned char sq_braille_bit[4][2] = {
    { 0x01, 0x08 }, { 0x02, 0x10 }, { 0x04, 0x20 }, { 0x40, 0x80 },
};

/* The braille dots a cell holds (0 when it holds no braille pattern). */
static int braille_dots(const Cell *cell)
{
    const unsigned char *b = (const unsigned char *)cell->glyph;
    if (b[0] != 0xE2 || b[1] < 0xA0 || b[1] > 0xA3 || b[2] < 0x80 || b[2] > 0xBF || b[3] != 0)
        return 0;
    return ((b[1] - 0xA0) << 6) | (b[2] - 0x80);
}

/* Dot column of width index i in an area w cells wide: log₂ d over log₂ 512. */
static int dot_x(int index, int w)
{
    double at = log2((double)sqrtd_d_at(index)) / log2((double)SQRTD_D_MAX);
    return (int)lround(at * (2 * w - 1));
}

/* Dot row of value v in an area h cells high whose top row stands for `top`. */
static int dot_y(double v, double top, int h)
{
    double at = top > 0.0 ? v / top : 0.0;
    at = at < 0.0 ? 0.0 : at > 1.0 ? 1.0 : at;
    return (4 * h - 1) - (int)lround(at * (4 * h - 1));
}

void sqrtd_plot_cell(const SqrtdPlot *P, int index, double v, int *col, int *row)
{
    *col = P->area.x + dot_x(index, P->area.w) / 2;
    *row = P->area.y + dot_y(v, P->top, P->area.h) / 4;
}

/* Sets dot (dx, dy) of the area in style st; ASCII draws the cell's glyph instead. */
static void plot_dot(const ViewCtx *c, const SqrtdPlot *P, int dx, int dy, Style st, const char *ascii)
{
    int col = P->area.x + dx / 2, row = P->area.y + dy / 4;
    if (dx < 0 || dy < 0 || dx >= 2 * P->area.w || dy >= 4 * P->area.h)
        return;
    if (c->ascii) {
        grid_put_char(c->g, col, row, ascii, st);
        return;
    }
    Cell *cell = grid_at(c->g, col, row);
    int dots = braille_dots(cell) | sq_braille_bit[dy % 4][dx % 2];
    char glyph[TEXT_CHAR_BYTES] = { 0 };
    glyph[0] = (char)0xE2;
    glyph[1] = (char)(0xA0 | (dots >> 6));
    glyph[2] = (char)(0x80 | (dots & 0x3F));
    grid_put_char(c->g, col, row, glyph, st);
}

/* A curve through the values at every listed width, joined dot by dot. */
static void plot_curve(const ViewCtx *c, const SqrtdPlot *P, const double *values, Style st,
                       const char *ascii)
{
    int w = P->area.w, h = P->area.h;
    for (int i = 0; i + 1 < SQRTD_D_COUNT; i++) {
        int x0 = dot_x(i, w), x1 = dot_x(i + 1, w);
        int y0 = dot_y(values[i], P->top, h), y1 = dot_y(values[i + 1], P->top, h);
        int steps = abs(x1 - x0) > abs(y1 - y0) ? abs(x1 - x0) : abs(y1 - y0);
        for (int k = 0; k <= steps; k++) {
            double u = steps ? (double)k / steps : 0.0;
            plot_dot(c, P, (int)lround(x0 + u * (x1 - x0)), (int)lround(y0 + u * (y1 - y0)), st, ascii);
        }
    }
}

/* The axis at the left with "100%┤" (or "0.25┤") at the top, "50%┤" where half of it lands
 * and "0%┤" at the bottom, numbers shown; and the x axis under the area. */
static void plot_frame(const ViewCtx *c, const SqrtdPlot *P, bool percent)
{
    const Rect *a = &P->area;
    const char *tick = c->ascii ? "+" : "┤", *line = c->ascii ? "|" : "│";
    for (int r = 0; r < a->h; r++)
        grid_put_text(c->g, a->x - 1, a->y + r, line, STYLE_DIM);
    double vals[3] = { P->top, percent ? P->top / 2.0 : -1.0, 0.0 };
    for (int k = 0; k < 3; k++) {
        char buf[FORMAT_BYTES + 4];
        int col, row;
        if (vals[k] < 0.0 || (k == 1 && a->h < 5))
            continue;
        sqrtd_plot_cell(P, 0, vals[k], &col, &row);
        grid_put_text(c->g, a->x - 1, row, tick, STYLE_DIM);
        if (!c->numbers)
            continue;
        if (percent)
            snprintf(buf, sizeof buf, "%d%%", (int)lround(vals[k] * 100.0));
        else if (vals[k] == 0.0)
            snprintf(buf, sizeof buf, "0");
        else
            format_fixed(buf, sizeof buf, vals[k], 2);
        draw_right(c->g, a->x - SQ_YLABEL_W, row, SQ_YLABEL_W - 1, buf, STYLE_DIM);
    }
    grid_put_text(c->g, a->x - 1, P->axis_row, c->ascii ? "+" : "└", STYLE_DIM);
    for (int col = a->x; col < a->x + a->w; col++)
        grid_put_text(c->g, col, P->axis_row, c->ascii ? "-" : "─", STYLE_DIM);
}

/* Under the axis: the marked widths (numbers, or the words demo and real), and ▲ at the
 * width shown. */
static void plot_ticks(const ViewCtx *c, const SqrtdPlot *P)
{
    char buf[32];
    int y = P->axis_row + 1, free_from = P->area.x - 1;
    for (size_t k = 0; k < sizeof sq_ticks / sizeof sq_ticks[0]; k++) {
        int col = P->area.x + dot_x(sqrtd_d_index(sq_ticks[k]), P->area.w) / 2;
        grid_put_text(c->g, col, P->axis_row, c->ascii ? "+" : "┴", STYLE_DIM);
        if (c->numbers)
            snprintf(buf, sizeof buf, "%d", sq_ticks[k]);
        else if (sq_ticks[k] == SQ_DEMO_D || sq_ticks[k] == SQ_REAL_D)
            snprintf(buf, sizeof buf, "%s", sq_ticks[k] == SQ_DEMO_D ? SAY(c, "demo", "演示") : SAY(c, "real", "真实"));
        else
            continue;
        int x = col - text_width(buf) / 2;
        x = x < free_from ? free_from : x;
        if (x + text_width(buf) <= P->label_x + 4) {
            grid_put_text(c->g, x, y, buf, STYLE_DIM);
            free_from = x + text_width(buf) + 1;
        }
    }
    int col = P->area.x + dot_x(current_index(c), P->area.w) / 2;
    grid_put_text(c->g, col, P->axis_row, c->ascii ? "^" : "▲", STYLE_FOCUS);
}

/* The curves' names at the rows where they end, kept apart. */
static void plot_names(const ViewCtx *c, const SqrtdPlot *P, double raw_end, double scaled_end)
{
    char raw[64], scaled[64];
    snprintf(raw, sizeof raw, SAY(c, "no %sd", "不除%s"), c->ascii || c->lang != LANG_ZH ? c->gl->div_sqrt : "");
    snprintf(scaled, sizeof scaled, "%sd", c->gl->div_sqrt);
    int col, r_raw, r_scaled;
    sqrtd_plot_cell(P, SQRTD_D_COUNT - 1, raw_end, &col, &r_raw);
    sqrtd_plot_cell(P, SQRTD_D_COUNT - 1, scaled_end, &col, &r_scaled);
    if (r_raw == r_scaled)
        r_scaled = r_raw + 1 < P->area.y + P->area.h ? r_raw + 1 : r_raw - 1;
    draw_clipped(c->g, P->label_x, r_raw, c->body.x + c->body.w, raw, STYLE_SERIES_B);
    draw_clipped(c->g, P->label_x, r_scaled, c->body.x + c->body.w, scaled, STYLE_SERIES_A);
}

/* One plot: both curves, the point of the width shown on the curve the switch selects. */
static void draw_plot(const ViewCtx *c, const SqrtdPlot *P, const char *caption, const char *shorter,
                      const double *raw, const double *scaled, bool percent)
{
    if (P->area.h <= 0)
        return;
    int x = P->area.x - SQ_YLABEL_W, limit = c->body.x + c->body.w - 1;
    draw_clipped(c->g, x, P->caption_row, limit, x + text_width(caption) <= limit ? caption : shorter, STYLE_BOLD);
    plot_frame(c, P, percent);
    plot_curve(c, P, scaled, STYLE_SERIES_A, "o");
    plot_curve(c, P, raw, STYLE_SERIES_B, "*");
    int i = current_index(c), col, row;
    const SqrtdState *st = c->state;
    sqrtd_plot_cell(P, i, st->scaled ? scaled[i] : raw[i], &col, &row);
    grid_put_text(c->g, col, row, c->ascii ? "@" : "●", STYLE_FOCUS);
    plot_ticks(c, P);
    plot_names(c, P, raw[SQRTD_D_COUNT - 1], scaled[SQRTD_D_COUNT - 1]);
}

static void draw_plots(const ViewCtx *c, const SqrtdLayout *L)
{
    const SqrtdCurve *cv = &c->ls->curve;
    char caption[SQ_LINE];
    snprintf(caption, sizeof caption, SAY(c, "largest share, mean of %d draws",
                                             "最大的百分比（%d 次抽取的平均）"), cv->draws);
    if (!c->numbers)
        snprintf(caption, sizeof caption, "%s", SAY(c, "largest share as d grows",
                                                       "d 越大，最大的百分比"));
    draw_plot(c, &L->share, caption, SAY(c, "largest share", "最大的百分比"), cv->raw.top_share,
              cv->scaled.top_share, true);
    snprintf(caption, sizeof caption, SAY(c, "softmax's gradient, max p(1%sp): 0 means it cannot learn",
                                             "softmax 的梯度 max p(1%sp)：0 就是学不动"), c->ascii ? "-" : "−");
    if (!c->numbers)
        snprintf(caption, sizeof caption, "%s", SAY(c, "softmax's gradient: at the bottom it cannot learn",
                                                       "softmax 的梯度：落到底就学不动"));
    draw_plot(c, &L->gradient, caption, SAY(c, "softmax's gradient", "softmax 的梯度"), cv->raw.diag_max,
              cv->scaled.diag_max, false);
}

/* ---------------------------------------------------------------- drawing it */

static void sqrtd_view_draw(const ViewCtx *c)
{
    SqrtdLayout L;
    sqrtd_layout(c, &L);
    SqrtdDraw dr = current_draw(c);
    draw_controls(c, &L);
    draw_one_draw(c, &L, &dr);
    draw_plots(c, &L);
    draw_words(c, &L.words);
}

/* ---------------------------------------------------------------- its state and actions */

/* Its own actions' help (the list is view_sqrtd.h's: the tour names its preset). */
VIEW_ACTIONS_TABLE(sqrtd_actions, SQRTD_ACTIONS);

static void sqrtd_init(void *state, const Lesson *ls)
{
    (void)ls;
    SqrtdState *st = state;
    st->index = sqrtd_d_index(SQ_DEMO_D);
    st->seed = 1;
    st->scaled = true;
}

/* n + delta clamped into 0..count-1. */
static int clamp_step(int n, int delta, int count)
{
    n += delta;
    return n < 0 ? 0 : n >= count ? count - 1 : n;
}

static int sqrtd_act(void *state, const ViewCall *call, Action a, int arg)
{
    (void)call;
    SqrtdState *st = state;
    if ((int)a < ACTION_VIEW_FIRST)
        return -1;
    switch ((SqrtdAction)a) {
    case SQRTD_ACTION_BASE:     break;
    case ACTION_RESEED:         st->seed++; return REACT_REDRAW;
    case ACTION_SCALE_TOGGLE:   st->scaled = !st->scaled; return REACT_REDRAW;
    case ACTION_SCALE_SET:      st->scaled = arg != 0; return REACT_REDRAW;
    case ACTION_D_UP:           st->index = clamp_step(st->index, +1, SQRTD_D_COUNT); return REACT_REDRAW;
    case ACTION_D_DOWN:         st->index = clamp_step(st->index, -1, SQRTD_D_COUNT); return REACT_REDRAW;
    }
    return -1;
}

/* The cursor is the width: col the index of d in sqrtd's list (row is unused). */
static int sqrtd_set_cursor(void *state, const ViewCall *call, int row, int col)
{
    (void)call; (void)row;
    SqrtdState *st = state;
    st->index = clamp_step(col, 0, SQRTD_D_COUNT);
    return REACT_REDRAW;
}

/* ---------------------------------------------------------------- the view */

static const KeyBinding sqrtd_keys[] = {
    { KEYCODE_RIGHT, VIEW_OWN(D_UP),         0, "→", true  },
    { KEYCODE_LEFT,  VIEW_OWN(D_DOWN),       0, "←", true  },
    { KEYCODE_UP,    VIEW_OWN(D_UP),         0, "↑", false },
    { KEYCODE_DOWN,  VIEW_OWN(D_DOWN),       0, "↓", false },
    { 'd',           VIEW_OWN(SCALE_TOGGLE), 0, "d", true  },
    { 'r',           VIEW_OWN(RESEED),       0, "r", true  },
    { 0,             ACTION_NONE,         0, NULL, false },
};

static const ViewHint sqrtd_hints[] = {
    { { VIEW_OWN(D_DOWN),       VIEW_OWN(D_UP), "width", "宽度" }, VIEW_AT_EVERY, false },   /* not "宽度 d d 开/关…" */
    { { VIEW_OWN(SCALE_TOGGLE), ACTION_NONE, "scaling", "开/关缩放" }, VIEW_AT_EVERY, false },
    { { VIEW_OWN(RESEED),       ACTION_NONE, "new numbers", "重新抽一次" }, VIEW_AT_EVERY, false },
    { { ACTION_NONE,         ACTION_NONE, NULL,      NULL }, VIEW_AT_EVERY, false },
};

/* Shared keys that do nothing here: the help leaves them out. */
static const Action sqrtd_idle[] = { ACTION_FOCUS_N, ACTION_MASK, ACTION_HEADS, ACTION_HEADS_BACK, ACTION_EDIT,
                                     ACTION_SENTENCE_NEXT, ACTION_NONE };

const ViewOps view_sqrtd = {
    .name = "sqrtd",
    .layered_en = "poems: this screen does not depend on the model in play",
    .layered_zh = "唐诗模型：这个画面跟正在播放的模型无关",
    .tab_en = "√d", .tab_zh = "√d",
    .title_en = "why divide by sqrt(d)", .title_zh = "为什么要除以 √d",   /* the chrome writes it as is, ASCII too */
    .help_en = "random q and keys of width d: without ÷√d softmax saturates and stops learning",
    .help_zh = "随机的 q 和 k：不除以 √d，softmax 会饱和，学不动",
    .station_en = "Station 5's machine, why ÷√d: random queries and keys of width d, from 1 to 512.\n"
                  "Without ÷√d the scores grow like √d, softmax saturates (one share near 100%, the rest 0%)\n"
                  "and its gradient goes to 0: back-propagation no longer tells those characters they were\n"
                  "wrong, so nothing updates: not a bit worse, unable to learn.",
    .station_zh = "第 5 站的机器，为什么要除以 √d：随机的 q 和 k，宽度 d 从 1 到 512。\n"
                  "不除以 √d，分数随 √d 变大，softmax 饱和（一个接近 100%，其余是 0%），\n"
                  "梯度消失：反向传播时，这几个字收不到「你分错了」的信号，参数就不再更新——\n"
                  "不是「效果差一点」，是「学不动」。",
    .terms_en = SQ_TERMS_EN,
    .terms_zh = SQ_TERMS_ZH,
    .idle = sqrtd_idle,
    .track = TRACK_NONE,
    .stages = false,
    .about = "station 5's machine: random q and keys of width d = 1…512; without ÷√d softmax saturates, its gradient goes to 0 (学不动); √8 ≈ 2.828427, √128 ≈ 11.313708",
    .state_size = sizeof(SqrtdState),
    .init = sqrtd_init,
    .draw = sqrtd_view_draw,
    .hit = NULL,
    .act = sqrtd_act,
    .set_cursor = sqrtd_set_cursor,
    .cache_new = sqrtd_cache_new,
    .cache_free = sqrtd_cache_free,
    .keys = sqrtd_keys,
    .hints = sqrtd_hints,
    .actions = sqrtd_actions,
};
