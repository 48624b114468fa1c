/* panel_qkv.c — the panel at ① Q K V: x split into its word vector and position
 * fingerprint, the worked column of Wq, the three roles, and the hand check of one entry of
 * Q (the lesson's Q(三)[0] by default; any character, any dimension) as d products, whole.
 * Must not touch: anything outside the panel's rows, ncurses, the engine's arithmetic. */
#include "panel.h"

#include <math.h>
#include <stddef.h>
#include <stdio.h>
#include <string.h>
#include "format.h"

/* ---------------------------------------------------------------- ① Q K V */

/* The rows of stage ①, top to bottom. */
typedef enum {
    QKV_WORD = 0,   /* the word vector */
    QKV_POS,        /* the position fingerprint */
    QKV_X,          /* x = word + position */
    QKV_WQ,         /* the worked column of Wq */
    QKV_Q,          /* the three roles */
    QKV_K,
    QKV_V,
    QKV_ROWS
} QkvRow;

/* Each row's reminder of what it is. */
typedef struct {
    const char *note_en;    /* one-word reminder of what it is, English */
    const char *note_zh;    /* the same in Chinese */
} QkvRowText;

static const QkvRowText qkv_text[QKV_ROWS] = {
    [QKV_WORD] = { "word vector", "词向量" },
    [QKV_POS]  = { "position", "位置指纹" },
    [QKV_X]    = { "word + position", "词向量 + 位置" },
    [QKV_WQ]   = { "a column of Wq", "Wq 的一列" },
    [QKV_Q]    = { "what I look for", "我在找什么" },
    [QKV_K]    = { "my name tag", "我挂出的名牌" },
    [QKV_V]    = { "what I hand over", "我要交出去的内容" },
};

/* The label of row r for the asker: its character, its position or the worked dimension. */
static void row_label(const ViewCtx *c, QkvRow r, int dim, char *buf, size_t cap)
{
    const char *tok = c->tok[c->focus];
    switch (r) {
    case QKV_WORD: snprintf(buf, cap, SAY(c, "word(%s)", "词向量(%s)"), tok); return;
    case QKV_POS:  snprintf(buf, cap, SAY(c, "+pos(%d)", "+位置(%d)"), c->focus); return;
    case QKV_X:    snprintf(buf, cap, "=x(%s)", tok); return;
    case QKV_WQ:   snprintf(buf, cap, "Wq[:,%d]", dim); return;
    case QKV_Q:    snprintf(buf, cap, "Q(%s)", tok); return;
    case QKV_K:    snprintf(buf, cap, "K(%s)", tok); return;
    case QKV_V:    snprintf(buf, cap, "V(%s)", tok); return;
    case QKV_ROWS: break;
    }
    snprintf(buf, cap, "%s", "");
}

/* What the ① panel shows, decided before drawing so that the check fits whole. */
typedef struct {
    int dim;                           /* the worked dimension */
    int lw;                            /* label column */
    bool show[QKV_ROWS];               /* rows shown */
    ExplainTerm terms[MODEL_MAX_D];    /* x(asker)[i] and Wq[i][dim] */
    CheckedSum sum;                    /* Q(asker)[dim] as printed */
    char lhs[64];                      /* "Q(等)[0] = " */
    Pieces pieces;                /* its terms and result */
} QkvPlan;

/* Rows are given up, when the panel is short, in this order: the split of x, the column
 * of Wq (its numbers stay in the check), V, then K. */
static void plan_rows(QkvPlan *qp, int free)
{
    for (int r = 0; r < QKV_ROWS; r++)
        qp->show[r] = true;
    int need = QKV_ROWS;
    if (need > free) {
        qp->show[QKV_WORD] = qp->show[QKV_POS] = false;
        need -= 2;
    }
    static const QkvRow next[] = { QKV_WQ, QKV_V, QKV_K, QKV_X, QKV_Q };
    for (size_t i = 0; i < sizeof next / sizeof next[0] && need > free; i++) {
        qp->show[next[i]] = false;
        need--;
    }
}

static void plan_qkv(const ViewCtx *c, const ArcsLayout *L, QkvPlan *qp)
{
    const Trace *tr = c->tr;
    char label[64];
    memset(qp, 0, offsetof(QkvPlan, pieces));   /* all but the pieces, kept last */
    panel_pieces_clear(&qp->pieces);
    qp->dim = panel_dim(c);
    for (int r = 0; r < QKV_ROWS; r++) {
        row_label(c, (QkvRow)r, qp->dim, label, sizeof label);
        if (text_width(label) + 1 > qp->lw)
            qp->lw = text_width(label) + 1;
    }
    int k = engine_explain_projection(tr, ROLE_Q, c->focus, qp->dim, qp->terms);
    check_sum(&qp->sum, qp->terms, k, 2, 2, TRACE_ROW(tr, q, c->focus)[qp->dim], 2);
    snprintf(qp->lhs, sizeof qp->lhs, "Q(%s)[%d] = ", c->tok[c->focus], qp->dim);
    panel_sum_pieces(c, &qp->sum, false, &qp->pieces);
    plan_rows(qp, L->panel_lines - panel_equation(c, L, 0, qp->lhs, &qp->pieces, false));
}

/* The numbers of row r. */
static const double *row_values(const ViewCtx *c, const QkvPlan *qp, QkvRow r, double *column)
{
    const Trace *tr = c->tr;
    switch (r) {
    case QKV_WORD: return TRACE_ROW(tr, embedding, c->focus);
    case QKV_POS:  return TRACE_ROW(tr, position, c->focus);
    case QKV_X:    return TRACE_ROW(tr, x, c->focus);
    case QKV_WQ:
        for (int i = 0; i < tr->d; i++)
            column[i] = qp->terms[i].b;
        return column;
    case QKV_Q:    return TRACE_ROW(tr, q, c->focus);
    case QKV_K:    return TRACE_ROW(tr, k, c->focus);
    case QKV_V:    return TRACE_ROW(tr, v, c->focus);
    case QKV_ROWS: break;
    }
    return column;
}

/* Numbers hidden: "Q(等)  = x·Wq   what I look for" (x has no formula, only its reminder). */
static void draw_qkv_words(const ViewCtx *c, const ArcsLayout *L)
{
    char formula[64], label[64];
    int lw = text_width("x()") + text_width(c->tok[c->focus]) + 2;
    int fw = text_width("= xWq") + text_width(c->gl->dot) + 3;
    static const QkvRow rows[4] = { QKV_X, QKV_Q, QKV_K, QKV_V };
    for (int i = 0; i < 4; i++) {
        int x = panel_left(L);
        snprintf(label, sizeof label, "%c(%s)", "xQKV"[i], c->tok[c->focus]);
        panel_put_line(c, L, i, x, label, STYLE_BOLD);
        if (i > 0) {
            snprintf(formula, sizeof formula, "= x%sW%c", c->gl->dot, "qkv"[i - 1]);
            panel_put_line(c, L, i, x + lw, formula, STYLE_NORMAL);
        }
        panel_put_line(c, L, i, x + lw + fw, SAY(c, qkv_text[rows[i]].note_en, qkv_text[rows[i]].note_zh),
                       STYLE_DIM);
    }
    panel_hidden_note(c, L, L->panel_lines > 4 ? 4 : L->panel_lines - 1);
}

/* Columns a row's numbers need at `digits` decimals: the widest is its largest magnitude,
 * negative (a value of 1e17 is "-1.00e17", wider than the panel's usual cell). */
static int row_cell(const double *v, int d, int digits)
{
    double most = 0.0;
    for (int i = 0; i < d; i++)
        most = fabs(v[i]) > most ? fabs(v[i]) : most;
    char num[FORMAT_BYTES];
    return (int)strlen(format_fixed(num, sizeof num, -most, digits)) + 1;
}

void panel_qkv(const ViewCtx *c, const ArcsLayout *L)
{
    if (!c->numbers) {
        draw_qkv_words(c, L);
        return;
    }
    QkvPlan qp;
    plan_qkv(c, L, &qp);
    /* x and its split, and the column of Wq, are printed as the check below uses them */
    int widest = qp.sum.digits_a > qp.sum.digits_b ? qp.sum.digits_a : qp.sum.digits_b;
    PanelVec pv = { qp.lw, panel_vcell(widest), 2 };
    int d = c->tr->d;
    double column[MODEL_MAX_D];
    for (int r = 0; r < QKV_ROWS; r++) {
        int digits = r == QKV_WQ ? qp.sum.digits_b : r <= QKV_X ? qp.sum.digits_a : 2;
        int need = qp.show[r] ? row_cell(row_values(c, &qp, (QkvRow)r, column), d, digits) : 0;
        pv.cell = need > pv.cell ? need : pv.cell;
    }
    int n = panel_values_that_fit(d, L->panel_w - qp.lw - 2, pv.cell);
    int from = panel_window(d, n, qp.dim), rows = 0, line = 0;
    for (int r = 0; r < QKV_ROWS; r++)
        rows += qp.show[r];
    int shown = rows;   /* the panel appears whole: only the arcs above it grow */
    char label[64];
    for (int r = 0; r < QKV_ROWS && line < shown; r++) {
        if (!qp.show[r])
            continue;
        row_label(c, (QkvRow)r, qp.dim, label, sizeof label);
        const char *note = SAY(c, qkv_text[r].note_en, qkv_text[r].note_zh);
        if (r == QKV_X && !qp.show[QKV_WORD])
            note = SAY(c, "word vector + position", "词向量 + 位置指纹");
        pv.digits = r == QKV_WQ ? qp.sum.digits_b : r <= QKV_X ? qp.sum.digits_a : 2;
        panel_vector_row(c, L, line++, &pv, label, row_values(c, &qp, (QkvRow)r, column), d, from, n,
                         r == QKV_WQ ? -1 : qp.dim, note);
    }
    panel_equation(c, L, line, qp.lhs, &qp.pieces, true);
}
