/* panel_score.c — the panel at ② score: the asker's raw scores and ÷√d, and the hand check
 * of one score as the d products of Q and K.
 * Must not touch: anything outside the panel's rows, ncurses, the engine's arithmetic. */
#include "panel.h"

#include <stdio.h>
#include <string.h>
#include "format.h"

/* ---------------------------------------------------------------- ② score */

static void draw_score_hidden(const ViewCtx *c, const ArcsLayout *L)
{
    char buf[PANEL_LINE];
    int order[MODEL_MAX_TOKENS];
    engine_share_order(c->tr, 0, c->focus, order);
    snprintf(buf, sizeof buf, "%s", SAY(c, "a good match of Q and K gives a high score; best first:",
                                              "Q 和 K 越对得上，分数越高；从高到低："));
    panel_put_line(c, L, 0, panel_left(L), buf, STYLE_NORMAL);
    buf[0] = '\0';
    for (int i = 0; i < c->tr->T; i++)
        draw_append(buf, sizeof buf, "%s%s", i ? "  " : "", c->tr->tokens[order[i]]);
    panel_put_line(c, L, 1, panel_left(L) + 2, buf, STYLE_TOKEN);
    panel_put_line(c, L, 2, panel_left(L), SAY(c, "the lines stay thin: scores are not shares yet",
                                            "线还是细的：分数还不是百分比"), STYLE_DIM);
    panel_hidden_note(c, L, 4);
}

void panel_score(const ViewCtx *c, const ArcsLayout *L)
{
    if (!c->numbers) {
        draw_score_hidden(c, L);
        return;
    }
    const Trace *tr = c->tr;
    const char *f = tr->tokens[c->focus];
    char raw[64], scaled[64], num[32];
    snprintf(raw, sizeof raw, "Q(%s)%sK", f, c->gl->dot);
    snprintf(scaled, sizeof scaled, "%s%d = %s", c->gl->div_sqrt, tr->d, panel_fixed2(num, sizeof num, tr->scale));
    int lw = (text_width(raw) > text_width(scaled) ? text_width(raw) : text_width(scaled)) + 1;
    int ncols = panel_columns_that_fit(c, L, lw);
    int shown = draw_revealed(c->progress, tr->T);
    panel_table_head(c, L, 0, lw, ncols);
    panel_table_row(c, L, 1, lw, ncols, shown, raw, &TRACE_SQ(tr, scores, c->focus, 0), false);
    panel_table_row(c, L, 2, lw, ncols, shown, scaled, &TRACE_SQ(tr, scaled, c->focus, 0), false);
    if (c->progress < 1.0)
        return;
    int best = engine_strongest(c->tr, 0, c->focus);
    ExplainTerm terms[MODEL_MAX_D];
    int k = engine_explain_score(tr, 0, c->focus, best, terms);
    char lhs[64];
    snprintf(lhs, sizeof lhs, "Q(%s)%sK(%s)", f, c->gl->dot, tr->tokens[best]);
    panel_check(c, L, 3, lhs, terms, k, false, panel_fixed2(num, sizeof num, TRACE_SQ(tr, scores, c->focus, best)));
}

