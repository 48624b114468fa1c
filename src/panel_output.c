/* panel_output.c — the panel at ④ output: the weighted sum term by term, the vector it
 * makes, the V it most resembles, and the hand check of one entry.
 * Must not touch: anything outside the panel's rows, ncurses, the engine's arithmetic. */
#include "panel.h"

#include <stdio.h>
#include <string.h>
#include "format.h"

/* ---------------------------------------------------------------- ④ output */

static const char *const flow_en[5] = { "", "a trace of", "a little", "some", "mostly" };
static const char *const flow_zh[5] = { "", "一丝", "一点", "不少", "大部分" };

static void draw_output_hidden(const ViewCtx *c, const ArcsLayout *L)
{
    const Trace *tr = c->tr;
    char first[64], text[MODEL_MAX_TOKENS][96];
    const char *pieces[MODEL_MAX_TOKENS];
    int order[MODEL_MAX_TOKENS];
    engine_share_order(c->tr, 0, c->focus, order);
    snprintf(first, sizeof first, "output(%s) = ", tr->tokens[c->focus]);
    for (int i = 0; i < tr->T; i++) {
        int cls = arcs_share_class(TRACE_SQ(tr, weights, c->focus, order[i]));
        snprintf(text[i], sizeof text[i], "%s%s V(%s)", i ? "+ " : "",
                 SAY(c, flow_en[cls], flow_zh[cls]), tr->tokens[order[i]]);
        if (i < tr->T - 1)
            draw_append(text[i], sizeof text[i], " ");
        pieces[i] = text[i];
    }
    int used = panel_flow(c, L, 0, 3, first, pieces, tr->T, text_width(first) - 2);
    char buf[PANEL_LINE];
    int closest = engine_closest_value(tr, c->focus, NULL);
    snprintf(buf, sizeof buf, SAY(c, "a new vector for %s, most like V(%s)",
                                        "%s 的新向量，最像 V(%s)"),
             tr->tokens[c->focus], tr->tokens[closest]);
    panel_put_line(c, L, used, panel_left(L), buf, STYLE_NORMAL);
    panel_hidden_note(c, L, 4);
}

/* "output(等) = 52.4%·V(加) + 16.9%·V(三) + …": the first `shown` terms, largest first.
 * Returns the lines used. */
static int put_output_terms(const ViewCtx *c, const ArcsLayout *L, const int *order, int shown)
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
    return panel_flow(c, L, 0, 2, first, pieces, shown, text_width(first) - 2);
}

/* "most like V(加): cosine 0.9855" and the check of output[0], from body line `line`. */
static void put_output_facts(const ViewCtx *c, const ArcsLayout *L, int line, const int *order, double first)
{
    const Trace *tr = c->tr;
    char buf[PANEL_LINE], num[32], lhs[64];
    double cos;
    int closest = engine_closest_value(tr, c->focus, &cos);
    snprintf(buf, sizeof buf, SAY(c, "most like V(%s): cosine %s", "最像 V(%s)：余弦 %s"),
             tr->tokens[closest], format_fixed(num, sizeof num, cos, 4));
    panel_put_line(c, L, line, panel_left(L), buf, STYLE_NORMAL);
    ExplainTerm terms[MODEL_MAX_TOKENS], sorted[MODEL_MAX_TOKENS];
    int k = engine_explain_output(tr, c->focus, 0, terms);
    for (int i = 0; i < k; i++)
        sorted[i] = terms[order[i]];
    snprintf(lhs, sizeof lhs, "output(%s)[0]", tr->tokens[c->focus]);
    panel_check(c, L, line + 1, lhs, sorted, k, true, panel_fixed2(num, sizeof num, first));
}

/* The weighted sum term by term, the vector it makes, its closest V and a check. */
void panel_output(const ViewCtx *c, const ArcsLayout *L)
{
    if (!c->numbers) {
        draw_output_hidden(c, L);
        return;
    }
    const Trace *tr = c->tr;
    int order[MODEL_MAX_TOKENS], shown = draw_revealed(c->progress, tr->T);
    engine_share_order(c->tr, 0, c->focus, order);
    int used = put_output_terms(c, L, order, shown);
    if (shown == 0)
        return;
    double vec[MODEL_MAX_D];
    engine_partial_output(c->tr, 0, c->focus, order, shown, vec);
    char label[64];
    snprintf(label, sizeof label, "output(%s)", tr->tokens[c->focus]);
    int lw = text_width(label) + 1;
    panel_put_line(c, L, used, panel_left(L), label, STYLE_BOLD);
    panel_vector(c, L, used, panel_left(L) + lw, vec, tr->d, panel_values_that_fit(tr->d, L->panel_w - lw));
    if (c->progress >= 1.0)
        put_output_facts(c, L, used + 1, order, vec[0]);
}

