/* panel_output.c — the panel at ④ output: the weighted sum term by term, the vector it
 * makes, the V it most resembles, the shares and the worked dimension of every V, and the
 * hand check of that entry of the output as T products, whole; with numbers hidden, the
 * V's in the order of their shares, each with a bar as long as its share.
 * Must not touch: anything outside the panel's rows, ncurses, the engine's arithmetic. */
#include "panel.h"

#include <stddef.h>
#include <stdio.h>
#include <string.h>
#include "format.h"

/* ---------------------------------------------------------------- numbers hidden */

static void draw_output_hidden(const ViewCtx *c, const ArcsLayout *L)
{
    const Trace *tr = c->tr;
    int h = arcs_head(c), order[MODEL_MAX_TOKENS];
    char first[64], bar[PANEL_PIECE], buf[PANEL_LINE];
    engine_share_order(tr, h, c->focus, order);
    double largest = TRACE_HSQ(tr, weights, h, c->focus, order[0]);
    Pieces pp;
    panel_pieces_clear(&pp);
    for (int i = 0, n = 0; i < tr->T; i++) {
        if (!engine_visible(tr, c->focus, order[i]))
            continue;
        panel_bar(c, TRACE_HSQ(tr, weights, h, c->focus, order[i]), largest, L->panel_w / 4, bar, sizeof bar);
        panel_piece(&pp, "%s%s%sV(%s)", n++ ? "+ " : "", bar, c->gl->dot, c->tok[order[i]]);
    }
    snprintf(first, sizeof first, SAY(c, "output(%s) = ", "输出(%s) = "), c->tok[c->focus]);
    int note = L->panel_lines > 4 ? 4 : L->panel_lines - 1;
    int used = panel_equation(c, L, 0, first, &pp, false);
    if (used < note)
        panel_equation(c, L, 0, first, &pp, true);
    else
        used = 0;
    int closest = engine_closest_value(tr, c->focus, NULL);
    snprintf(buf, sizeof buf, SAY(c, "a new vector for %s, most like V(%s); the longer the bar, the more of that V",
                                        "「%s」的新向量，最像 V(%s)；条越长，取得越多"),
             c->tok[c->focus], c->tok[closest]);
    panel_put_line(c, L, used, panel_left(L), buf, STYLE_NORMAL);
    panel_hidden_note(c, L, used + 1 > note ? used + 1 : note);
}

/* ---------------------------------------------------------------- numbers shown */

/* What the output panel shows, decided before drawing so that the check fits whole. */
typedef struct {
    int dim;               /* the worked dimension */
    int h;                 /* the head that dimension belongs to */
    int order[MODEL_MAX_TOKENS];   /* the characters by share, largest first (head h) */
    PanelTable table;      /* shares and V(·)[dim] */
    int lw;                /* label column */
    CheckedSum sum;        /* output(asker)[dim] as printed */
    char lhs[64];          /* "output(等)[0] = " */
    bool terms;            /* the weighted sum of V's, term by term */
    bool vectors;          /* the output vector and its closest V */
    bool v_row;            /* the heads and V(·)[dim] */
    bool share_row;        /* the shares */
    bool total_line;       /* why the Σ of the printed shares is not 100%, under the check */
    double total;          /* that Σ, in percent, at the shares' printed decimals */
    Pieces pieces;    /* its terms and result */
} OutputPlan;

/* "output(等) = 52.4%·V(加) + 19.6%·V(三) + …": the first `shown` terms, largest first. */
static void weighted_terms(const ViewCtx *c, const OutputPlan *op, int shown, Pieces *pp)
{
    char num[32];
    for (int i = 0; i < shown; i++) {
        int s = op->order[i];
        if (!engine_visible(c->tr, c->focus, s))
            continue;
        format_percent(num, sizeof num, TRACE_HSQ(c->tr, weights, op->h, c->focus, s));
        panel_piece(pp, "%s%s%sV(%s)", i ? "+ " : "", num, c->gl->dot, c->tok[s]);
    }
}

static void plan_output(const ViewCtx *c, const ArcsLayout *L, OutputPlan *op)
{
    const Trace *tr = c->tr;
    char label[64];
    memset(op, 0, offsetof(OutputPlan, pieces));   /* all but the pieces, kept last */
    panel_pieces_clear(&op->pieces);
    op->dim = panel_dim(c);
    op->h = op->dim / tr->dh;
    engine_share_order(tr, op->h, c->focus, op->order);
    snprintf(label, sizeof label, SAY(c, "output(%s)", "输出(%s)"), c->tok[c->focus]);
    op->lw = text_width(label) + 1;
    check_output(&op->sum, tr, c->focus, op->dim);
    /* the table's cells are printed as the check uses them: "100.0%" or wider */
    int extra = op->sum.digits_a - 3 > op->sum.digits_b - 2 ? op->sum.digits_a - 3 : op->sum.digits_b - 2;
    int more = op->sum.digits_a - 3;   /* decimals the Σ of the shares has beyond 100.0% */
    panel_table_plan(c, L, op->lw, text_width("100.0%") + extra, text_width("Σ 100.0% ≈ 100%") + more,
                     text_width("Σ 100.0%") + more, panel_answer(c), &op->table);
    snprintf(op->lhs, sizeof op->lhs, SAY(c, "output(%s)[%d] = ", "输出(%s)[%d] = "), c->tok[c->focus], op->dim);
    panel_sum_pieces(c, &op->sum, true, &op->pieces);
    Pieces all;
    panel_pieces_clear(&all);
    weighted_terms(c, op, tr->T, &all);
    snprintf(label, sizeof label, SAY(c, "output(%s) = ", "输出(%s) = "), c->tok[c->focus]);
    /* the check first, then the vector and its closest V, the heads and V(·)[dim], the
     * weighted sum (one head only: two heads each weigh half the columns), the shares */
    int free = L->panel_lines - panel_equation(c, L, 0, op->lhs, &op->pieces, false);
    op->vectors = panel_take(&free, 2);
    op->v_row = op->vectors && panel_take(&free, 2);
    op->terms = op->v_row && tr->heads == 1 && panel_take(&free, panel_equation(c, L, 0, label, &all, false));
    op->share_row = op->v_row && panel_take(&free, 1);
    op->total = check_percent_total_at(&TRACE_HSQ(tr, weights, op->h, c->focus, 0), tr->T, op->sum.digits_a - 2);
    op->total_line = op->share_row && format_round(op->total, op->sum.digits_a - 2) != 100.0 &&
                     panel_take(&free, 1);
}

/* The output vector as the first `shown` terms of each head add up, and its closest V. */
static int draw_vectors(const ViewCtx *c, const ArcsLayout *L, const OutputPlan *op, int line, int shown)
{
    const Trace *tr = c->tr;
    double vec[MODEL_MAX_D];
    int order[MODEL_MAX_TOKENS];
    for (int hh = 0; hh < tr->heads; hh++) {
        engine_share_order(tr, hh, c->focus, order);
        engine_partial_output(tr, hh, c->focus, order, shown, vec + hh * tr->dh);
    }
    char label[64], buf[PANEL_LINE], num[32];
    snprintf(label, sizeof label, SAY(c, "output(%s)", "输出(%s)"), c->tok[c->focus]);
    PanelVec pv = { op->lw, panel_vcell(2), 2 };
    int n = panel_values_that_fit(tr->d, L->panel_w - op->lw - 2, pv.cell);
    panel_vector_row(c, L, line++, &pv, label, vec, tr->d, panel_window(tr->d, n, op->dim), n,
                     op->dim, NULL);
    double cos;
    int closest = engine_closest_value(tr, c->focus, &cos);
    snprintf(buf, sizeof buf, SAY(c, "most like V(%s): cosine %s", "最像 V(%s)：余弦 %s"),
             c->tok[closest], format_fixed(num, sizeof num, cos, 4));
    panel_put_line(c, L, line++, panel_left(L), buf, STYLE_NORMAL);
    return line;
}

/* The heads, the shares (with the Σ of the printed shares) and V(·)[dim]. */
static int draw_table(const ViewCtx *c, const ArcsLayout *L, const OutputPlan *op, int line)
{
    const Trace *tr = c->tr;
    char cells[MODEL_MAX_TOKENS][PANEL_PIECE], label[64];
    int anchor = panel_answer(c);
    panel_table_head(c, L, &op->table, line++, anchor);
    if (op->share_row) {
        for (int s = 0; s < tr->T; s++)   /* as the check prints them: a percentage's decimals */
            draw_append(format_fixed(cells[s], PANEL_PIECE - 1, TRACE_HSQ(tr, weights, op->h, c->focus, s) * 100.0,
                                     op->sum.digits_a - 2), PANEL_PIECE, "%%");
        snprintf(label, sizeof label, "%s", SAY(c, "share", "百分比"));
        if (tr->heads > 1)   /* the shares of the head the worked dimension belongs to */
            draw_append(label, sizeof label, "(h%d)", op->h + 1);
        panel_table_cells(c, L, &op->table, line, label, cells, tr->T, anchor);
        int pd = op->sum.digits_a - 2;   /* decimals of the printed percentages */
        double total = check_percent_total_at(&TRACE_HSQ(tr, weights, op->h, c->focus, 0), tr->T, pd);
        char buf[96], num[32];
        snprintf(buf, sizeof buf, "%s %s%%", c->gl->sum, format_fixed(num, sizeof num, total, pd));
        if (format_round(total, pd) != 100.0)
            draw_append(buf, sizeof buf, " %s 100%%", c->ascii ? "~" : "≈");
        if (!panel_table_tail(c, L, &op->table, line, buf)) {
            snprintf(buf, sizeof buf, "%s %s%%", c->gl->sum, format_fixed(num, sizeof num, total, pd));
            panel_table_tail(c, L, &op->table, line, buf);
        }
        line++;
    }
    for (int s = 0; s < tr->T; s++)
        format_fixed(cells[s], PANEL_PIECE, TRACE_ROW(tr, v, s)[op->dim], op->sum.digits_b);
    snprintf(label, sizeof label, "V(%s)[%d]", c->gl->dot, op->dim);
    panel_table_cells(c, L, &op->table, line++, label, cells, tr->T, anchor);
    return line;
}

/* The weighted sum term by term, the vector it makes, its closest V, the table and the
 * check of output[dim]. */
void panel_output(const ViewCtx *c, const ArcsLayout *L)
{
    if (!c->numbers) {
        draw_output_hidden(c, L);
        return;
    }
    const Trace *tr = c->tr;
    OutputPlan op;
    plan_output(c, L, &op);
    int shown = tr->T, line = 0;   /* the panel appears whole: only the arcs above it grow */
    if (op.terms) {
        Pieces pp;
        panel_pieces_clear(&pp);
        char first[64];
        weighted_terms(c, &op, shown, &pp);
        snprintf(first, sizeof first, SAY(c, "output(%s) = ", "输出(%s) = "), c->tok[c->focus]);
        line += panel_equation(c, L, 0, first, &pp, true);
    }
    if (op.vectors)
        line = draw_vectors(c, L, &op, line, shown);
    if (op.v_row)
        line = draw_table(c, L, &op, line);
    line += panel_equation(c, L, line, op.lhs, &op.pieces, true);
    if (op.total_line) {
        char buf[PANEL_LINE];
        panel_total_note(c, op.total, op.sum.digits_a - 2, buf, sizeof buf);
        if (text_width(buf) <= L->panel_w)
            panel_put_line(c, L, line, panel_left(L), buf, STYLE_DIM);
    }
}
