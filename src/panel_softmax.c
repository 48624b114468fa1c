/* panel_softmax.c — the panel at ③ softmax: ÷√d (with √d's six decimals), e^(s − max) as
 * printed from the printed scores and their Σ, the shares and the Σ of the printed shares,
 * and the hand check of the worked character's share; with numbers hidden, the characters
 * in the order of their shares, each with a bar as long as its share.
 * Must not touch: anything outside the panel's rows, ncurses, the engine's arithmetic. */
#include "panel.h"

#include <stddef.h>
#include <stdio.h>
#include <string.h>
#include "format.h"

/* ---------------------------------------------------------------- numbers hidden */

/* "加 ██████████  三 ████  ? ███ …": every character, largest share first, with its bar. */
static int draw_share_bars(const ViewCtx *c, const ArcsLayout *L, int line, int max_lines)
{
    const Trace *tr = c->tr;
    int h = arcs_head(c), order[MODEL_MAX_TOKENS];
    engine_share_order(tr, h, c->focus, order);
    double largest = TRACE_HSQ(tr, weights, h, c->focus, order[0]);
    int cols = L->panel_w / 3;
    Pieces pp;
    panel_pieces_clear(&pp);
    char bar[PANEL_PIECE];
    for (int i = 0; i < tr->T; i++) {
        int s = order[i];
        if (!engine_visible(tr, c->focus, s))
            continue;
        panel_bar(c, TRACE_HSQ(tr, weights, h, c->focus, s), largest, cols, bar, sizeof bar);
        panel_piece(&pp, "%s %s", c->tok[s], bar);
    }
    int need = panel_equation(c, L, line, "  ", &pp, false);
    if (need > max_lines)
        return 0;
    return panel_equation(c, L, line, "  ", &pp, true);
}

static void draw_softmax_hidden(const ViewCtx *c, const ArcsLayout *L)
{
    panel_put_line(c, L, 0, panel_left(L), SAY(c, "scores become shares of the whole, same order; most first:",
                                            "分数变成百分比，加起来是全部，大小顺序不变；从多到少："), STYLE_NORMAL);
    int note = L->panel_lines > 4 ? 4 : L->panel_lines - 1;
    int used = draw_share_bars(c, L, 1, note - 1);
    panel_put_line(c, L, 1 + used, panel_left(L), SAY(c, "the wider a line lands, the bigger the share",
                                                  "线越粗，说明那个字被看得越多"), STYLE_DIM);
    panel_hidden_note(c, L, 2 + used > note ? 2 + used : note);
}

/* ---------------------------------------------------------------- numbers shown */

/* What the softmax panel shows, decided before drawing so that the check fits whole. */
typedef struct {
    int answer;            /* the worked character */
    int h;                 /* the head shown */
    PanelTable table;      /* the three rows */
    CheckedShare share;    /* the whole row as printed, and the worked share */
    double total;          /* Σ of the printed shares, in percent */
    char lhs[64];          /* "share(加) = " */
    char quotient[PANEL_LINE];   /* "Q(等)·K(加) ÷√8 = 4.05 ÷ 2.828427 = 1.432" */
    int quotient_name;     /* bytes of its left side ("Q(等)·K(加) ÷√8 = "), drawn bold */
    bool quotient_line;    /* that line, under the table (it fits the panel's width) */
    bool sqrt_line;        /* √d = … on a line of its own (it does not fit the tail) */
    bool max_line;         /* the line on subtracting the max */
    bool total_line;       /* the line on why Σ of the printed shares is not 100.0% */
    Pieces pieces;    /* the check's pieces */
} SoftmaxPlan;

/* "e^(2.66-2.66) / Σ", "= 1.000 / 1.875", "= 53.3%", "≈ 53.0%". */
static void share_pieces(const ViewCtx *c, const SoftmaxPlan *sp, Pieces *pp)
{
    const CheckedShare *cs = &sp->share;
    char s[32], m[32], e[32], sum[32], p[32];
    if (!cs->visible[sp->answer]) {
        panel_piece(pp, "%s", format_percent(p, sizeof p, 0.0));
        return;
    }
    format_fixed(s, sizeof s, cs->scaled[sp->answer], cs->scaled_digits);
    format_fixed(m, sizeof m, cs->max, cs->scaled_digits);
    panel_piece(pp, "e^(%s-%s%s%s) / %s", s, m[0] == '-' ? "(" : "", m, m[0] == '-' ? ")" : "",
                c->gl->sum);
    panel_piece(pp, "= %s / %s", format_fixed(e, sizeof e, cs->exps[sp->answer], cs->exp_digits),
                format_fixed(sum, sizeof sum, cs->sum, cs->exp_digits));
    panel_piece(pp, "= %s", format_percent(p, sizeof p, cs->share));
    if (!cs->same)
        panel_piece(pp, "%s %s", c->ascii ? "~" : "≈", format_percent(p, sizeof p, cs->value));
}

/* The tails of the e^ row and the share row: "Σ 1.911", "Σ 100.1% ≈ 100%" (the Σ of the
 * printed shares, with ≈ 100% when it is not exactly 100.0%; `full` false leaves that out). */
static void tail_texts(const ViewCtx *c, const SoftmaxPlan *sp, bool full, char *exps, char *shares,
                       size_t cap)
{
    char num[32];
    snprintf(exps, cap, "%s %s", c->gl->sum, format_fixed(num, sizeof num, sp->share.sum, sp->share.exp_digits));
    snprintf(shares, cap, "%s %s", c->gl->sum, format_percent(num, sizeof num, sp->total / 100.0));
    if (full && format_round(sp->total, 1) != 100.0)
        draw_append(shares, cap, " %s 100%%", c->ascii ? "~" : "≈");
}

/* The tails: √d, Σ of the printed e^, Σ of the printed shares. */
static void softmax_tails(const ViewCtx *c, const ArcsLayout *L, const SoftmaxPlan *sp)
{
    char sq[64], exps[96], shares[96];
    panel_sqrt_text(c, sq, sizeof sq);
    panel_table_tail(c, L, &sp->table, 1, sq);
    tail_texts(c, sp, true, exps, shares, sizeof exps);
    panel_table_tail(c, L, &sp->table, 2, exps);
    if (!panel_table_tail(c, L, &sp->table, 3, shares)) {
        tail_texts(c, sp, false, exps, shares, sizeof exps);
        panel_table_tail(c, L, &sp->table, 3, shares);
    }
}

/* The cells of the three rows. */
static void softmax_cells(const ViewCtx *c, const SoftmaxPlan *sp, int row, char cells[][PANEL_PIECE])
{
    const CheckedShare *cs = &sp->share;
    for (int s = 0; s < c->tr->T; s++) {
        if (row == 0 && !cs->visible[s])
            snprintf(cells[s], PANEL_PIECE, "%s", c->gl->minus_inf);
        else if (row == 0)
            format_fixed(cells[s], PANEL_PIECE, cs->scaled[s], cs->scaled_digits);
        else if (row == 1)
            format_fixed(cells[s], PANEL_PIECE, cs->exps[s], cs->exp_digits);
        else
            format_percent(cells[s], PANEL_PIECE, TRACE_HSQ(c->tr, weights, sp->h, c->focus, s));
    }
}

/* The widest cell of the three rows. */
static int widest_cell(const ViewCtx *c, const SoftmaxPlan *sp)
{
    char cells[MODEL_MAX_TOKENS][PANEL_PIECE];
    int widest = 0;
    for (int row = 0; row < 3; row++) {
        softmax_cells(c, sp, row, cells);
        for (int s = 0; s < c->tr->T; s++)
            widest = text_width(cells[s]) > widest ? text_width(cells[s]) : widest;
    }
    return widest;
}

/* The worked score's ÷√d redone by hand: "Q(等)·K(加) ÷√8 = 4.05 ÷ 2.828427 = 1.432", the
 * score as ② prints it, with more decimals where those do not give the row's number
 * ("1.2647 ÷ 2.828427 = 0.447", where ② prints 1.26); "" when the mask hides it. */
static void quotient_text(const ViewCtx *c, SoftmaxPlan *sp, char *buf, size_t cap)
{
    const Trace *tr = c->tr;
    int s = sp->answer;
    buf[0] = '\0';
    if (!sp->share.visible[s])
        return;
    CheckedQuotient q;
    int shown = panel_score_digits(c, sp->h);
    check_quotient_grow(&q, TRACE_HSQ(tr, scores, sp->h, c->focus, s), shown, tr->scale, 6,
                        TRACE_HSQ(tr, scaled, sp->h, c->focus, s), sp->share.scaled_digits);
    char name[64], a[32], b[32], r[32];
    const char *div = c->ascii ? "/" : "÷";
    snprintf(buf, cap, "%s %s%d = ", draw_score_name(c, sp->h, c->focus, s, name, sizeof name),
             c->gl->div_sqrt, tr->dh);
    sp->quotient_name = (int)strlen(buf);
    draw_append(buf, cap, "%s %s %s = %s", format_fixed(a, sizeof a, q.a, q.digits_a), div,
                format_fixed(b, sizeof b, q.b, 6), format_fixed(r, sizeof r, q.quotient, q.value_digits));
    if (q.digits_a > shown)   /* the score with more decimals than ② gave it: say so */
        draw_append(buf, cap, SAY(c, " (%s rounds it to %s)", "（%s 里四舍五入成 %s）"),
                    c->ascii ? SAY(c, "step 2", "第 2 步") : "②", format_fixed(a, sizeof a, q.a, shown));
}

static void plan_softmax(const ViewCtx *c, const ArcsLayout *L, SoftmaxPlan *sp)
{
    const Trace *tr = c->tr;
    char sq[64];
    memset(sp, 0, offsetof(SoftmaxPlan, pieces));   /* all but the pieces, kept last */
    panel_pieces_clear(&sp->pieces);
    sp->answer = panel_answer(c);
    sp->h = arcs_head(c);
    check_share(&sp->share, tr, sp->h, c->focus, sp->answer);
    sp->total = check_percent_total(&TRACE_HSQ(tr, weights, sp->h, c->focus, 0), tr->T);
    panel_sqrt_text(c, sq, sizeof sq);
    char exps[96], shares[96];
    int tails[2];   /* with "≈ 100%", and without */
    for (int full = 1; full >= 0; full--) {
        tail_texts(c, sp, full, exps, shares, sizeof exps);
        tails[1 - full] = text_width(exps) > text_width(shares) ? text_width(exps) : text_width(shares);
    }
    if (tails[0] < text_width(sq))
        tails[0] = text_width(sq);
    panel_table_plan(c, L, text_width("e^(s-max)") + 2, widest_cell(c, sp), tails[0], tails[1], sp->answer,
                     &sp->table);
    snprintf(sp->lhs, sizeof sp->lhs, "%s(%s) = ", SAY(c, "share", "百分比"), c->tok[sp->answer]);
    share_pieces(c, sp, &sp->pieces);
    /* the table and the check first, then √d if the tail had no room for it, the max */
    int free = L->panel_lines - 4 - panel_equation(c, L, 0, sp->lhs, &sp->pieces, false);
    sp->sqrt_line = text_width(sq) > sp->table.tail_w && panel_take(&free, 1);
    quotient_text(c, sp, sp->quotient, sizeof sp->quotient);
    sp->quotient_line = sp->quotient[0] && text_width(sp->quotient) <= L->panel_w && panel_take(&free, 1);
    sp->total_line = format_round(sp->total, 1) != 100.0 && panel_take(&free, 1);   /* its ≈ explained */
    sp->max_line = panel_take(&free, 1);
}

/* The lines under the check: √d when the tail had no room, and why the max is taken off. */
static void softmax_notes(const ViewCtx *c, const ArcsLayout *L, const SoftmaxPlan *sp, int line)
{
    char buf[PANEL_LINE];
    if (sp->sqrt_line) {
        char sq[64];
        panel_sqrt_text(c, sq, sizeof sq);
        snprintf(buf, sizeof buf, "%s%d: %s", c->gl->div_sqrt, c->tr->dh, sq);
        panel_put_line(c, L, line++, panel_left(L), buf, STYLE_DIM);
    }
    if (sp->total_line) {
        panel_total_note(c, sp->total, 1, buf, sizeof buf);
        if (text_width(buf) <= L->panel_w)
            panel_put_line(c, L, line++, panel_left(L), buf, STYLE_DIM);
    }
    if (sp->max_line) {
        char m[32];
        snprintf(buf, sizeof buf, SAY(c, "taking off the row's max (%s) changes no share; every e^ stays at most 1",
                                      "先减去这一行最大的 %s：百分比不变，每个 e^ 都不超过 1"),
                 format_fixed(m, sizeof m, sp->share.max, sp->share.scaled_digits));
        if (text_width(buf) <= L->panel_w)
            panel_put_line(c, L, line, panel_left(L), buf, STYLE_DIM);
    }
}

/* Table of ÷√d, e^(s − max) and shares, then the check of the worked share. */
void panel_softmax(const ViewCtx *c, const ArcsLayout *L)
{
    if (!c->numbers) {
        draw_softmax_hidden(c, L);
        return;
    }
    const Trace *tr = c->tr;
    SoftmaxPlan sp;
    plan_softmax(c, L, &sp);
    char label[64], cells[MODEL_MAX_TOKENS][PANEL_PIECE];
    const char *labels[3] = { label, "e^(s-max)", SAY(c, "share", "百分比") };
    snprintf(label, sizeof label, "%s%d", c->gl->div_sqrt, tr->dh);
    int shown = tr->T;   /* the panel appears whole: only the arcs above it grow */
    panel_table_head(c, L, &sp.table, 0, sp.answer);
    for (int row = 0; row < 3; row++) {
        softmax_cells(c, &sp, row, cells);
        panel_table_cells(c, L, &sp.table, 1 + row, labels[row], cells, shown, sp.answer);
    }
    softmax_tails(c, L, &sp);
    int line = 4;
    if (sp.quotient_line) {
        char name[PANEL_LINE];
        snprintf(name, sizeof name, "%.*s", sp.quotient_name, sp.quotient);
        int x = panel_left(L) + panel_put_line(c, L, line, panel_left(L), name, STYLE_BOLD);
        panel_put_line(c, L, line++, x, sp.quotient + sp.quotient_name, STYLE_NORMAL);
    }
    int used = panel_equation(c, L, line, sp.lhs, &sp.pieces, true);
    softmax_notes(c, L, &sp, line + used);
}
