/* panel_softmax.c — the panel at ③ softmax: ÷√d, e^(s − max), the shares and their sums,
 * and the hand check of one share.
 * Must not touch: anything outside the panel's rows, ncurses, the engine's arithmetic. */
#include "panel.h"

#include <stdio.h>
#include <string.h>
#include "format.h"

/* ---------------------------------------------------------------- ③ softmax */

static const char *const class_en[5] = { "", "hardly", "a little", "some", "most" };
static const char *const class_zh[5] = { "", "几乎不看", "看一点", "看不少", "看得最多" };

static void draw_softmax_hidden(const ViewCtx *c, const ArcsLayout *L)
{
    char buf[PANEL_LINE] = "";
    const Trace *tr = c->tr;
    panel_put_line(c, L, 0, panel_left(L), SAY(c, "scores become shares of the whole, same order",
                                            "分数变成百分比，加起来是全部，大小顺序不变"), STYLE_NORMAL);
    for (int cls = 4; cls >= 1; cls--) {
        bool any = false;
        for (int s = 0; s < tr->T; s++)
            if (arcs_share_class(TRACE_SQ(tr, weights, c->focus, s)) == cls) {
                if (!any)
                    draw_append(buf, sizeof buf, "%s%s%s", buf[0] ? "   " : "",
                           SAY(c, class_en[cls], class_zh[cls]), c->lang == LANG_ZH ? "：" : ":");
                draw_append(buf, sizeof buf, " %s", tr->tokens[s]);
                any = true;
            }
    }
    panel_put_line(c, L, 1, panel_left(L) + 2, buf, STYLE_NORMAL);
    panel_put_line(c, L, 2, panel_left(L), SAY(c, "the thicker the line, the bigger the share",
                                            "线越粗，分到的越多"), STYLE_DIM);
    panel_hidden_note(c, L, 4);
}

/* A note after a table row at column offset dx, only when it fits whole. */
static void put_exp_row(const ViewCtx *c, const ArcsLayout *L, int line, int lw, int ncols, int shown,
                        const char *label, const double *exps, double sum)
{
    char num[32], tail[64];
    panel_table_row(c, L, line, lw, ncols, shown, label, exps, false);
    if (shown < c->tr->T || ncols < c->tr->T)
        return;
    snprintf(tail, sizeof tail, "%s %s", c->gl->sum, panel_fixed2(num, sizeof num, sum));
    panel_tail(c, L, line, lw + ncols * ARCS_CELL + 3, tail);
}

/* "share(加) = e^(1.43-1.43) / Σ = 1.00 / 1.91 = 52.4%" for the largest share. */
static void put_share_check(const ViewCtx *c, const ArcsLayout *L, int line, const char *label)
{
    const Trace *tr = c->tr;
    double exps[MODEL_MAX_TOKENS], sum, max;
    int best = engine_strongest(c->tr, 0, c->focus);
    double share = engine_explain_share(tr, 0, c->focus, best, exps, &sum, &max);
    char s[32], m[32], buf[PANEL_LINE];
    panel_fixed2(s, sizeof s, TRACE_SQ(tr, scaled, c->focus, best));
    panel_fixed2(m, sizeof m, max);
    snprintf(buf, sizeof buf, "%s(%s) = e^(%s-%s%s%s) / %s = ", label, tr->tokens[best], s,
             m[0] == '-' ? "(" : "", m, m[0] == '-' ? ")" : "", c->gl->sum);
    draw_append(buf, sizeof buf, "%s / ", panel_fixed2(s, sizeof s, exps[best]));
    draw_append(buf, sizeof buf, "%s = ", panel_fixed2(s, sizeof s, sum));
    draw_append(buf, sizeof buf, "%s", format_percent(s, sizeof s, share));
    panel_put_line(c, L, line, panel_left(L), buf, STYLE_DIM);
}

/* Table of ÷√d, e^(s − max) and shares, then the check of the largest share. */
void panel_softmax(const ViewCtx *c, const ArcsLayout *L)
{
    if (!c->numbers) {
        draw_softmax_hidden(c, L);
        return;
    }
    const Trace *tr = c->tr;
    double exps[MODEL_MAX_TOKENS], sum;
    engine_explain_share(tr, 0, c->focus, 0, exps, &sum, NULL);
    char scaled[64], num[32], buf[64];
    const char *expl = "e^(s-max)", *sharel = SAY(c, "share", "百分比");
    snprintf(scaled, sizeof scaled, "%s%d", c->gl->div_sqrt, tr->d);
    int lw = text_width(expl) + 2, ncols = panel_columns_that_fit(c, L, lw);
    int shown = draw_revealed(c->progress, tr->T);
    panel_table_head(c, L, 0, lw, ncols);
    panel_table_row(c, L, 1, lw, ncols, shown, scaled, &TRACE_SQ(tr, scaled, c->focus, 0), false);
    put_exp_row(c, L, 2, lw, ncols, shown, expl, exps, sum);
    panel_table_row(c, L, 3, lw, ncols, shown, sharel, &TRACE_SQ(tr, weights, c->focus, 0), true);
    if (c->progress < 1.0)
        return;
    if (ncols == tr->T) {
        double total = engine_row_total(tr, 0, c->focus);
        snprintf(buf, sizeof buf, "%s %s", c->gl->sum, format_percent(num, sizeof num, total));
        panel_tail(c, L, 3, lw + ncols * ARCS_CELL + 3, buf);
    }
    put_share_check(c, L, 4, sharel);
}

