/* panel_score.c — the panel at ② score: the asker's raw scores (with the decimals that
 * make ③'s ÷√d row redo by hand: ÷√d is softmax's first step, the lesson's 「softmax 前面的
 * 一步」, and is drawn with ③), Q and the worked character's K, and the hand check of that
 * score as the d products of Q and K, whole.
 * Must not touch: anything outside the panel's rows, ncurses, the engine's arithmetic. */
#include "panel.h"

#include <stddef.h>
#include <stdio.h>
#include <string.h>
#include "format.h"

/* ---------------------------------------------------------------- numbers hidden */

static void draw_score_hidden(const ViewCtx *c, const ArcsLayout *L)
{
    char buf[PANEL_LINE];
    int order[MODEL_MAX_TOKENS];
    engine_share_order(c->tr, arcs_head(c), c->focus, order);
    snprintf(buf, sizeof buf, "%s", SAY(c, "a good match of Q and K gives a high score; best first:",
                                              "Q 和 K 越对得上，分数越高；从高到低："));
    panel_put_line(c, L, 0, panel_left(L), buf, STYLE_NORMAL);
    buf[0] = '\0';
    for (int i = 0; i < c->tr->T; i++)
        if (engine_visible(c->tr, c->focus, order[i]))
            draw_append(buf, sizeof buf, "%s%s", i ? "  " : "", c->tok[order[i]]);
    panel_put_line(c, L, 1, panel_left(L) + 2, buf, STYLE_TOKEN);
    panel_put_line(c, L, 2, panel_left(L), SAY(c, "the lines stay thin: scores are not shares yet",
                                            "线还是细的：分数还不是百分比"), STYLE_DIM);
    panel_hidden_note(c, L, L->panel_lines > 4 ? 4 : L->panel_lines - 1);
}

/* ---------------------------------------------------------------- numbers shown */

/* What the score panel shows, decided before drawing so that the check always fits whole. */
typedef struct {
    int answer;            /* the worked character */
    int h;                 /* the head shown */
    int lw;                /* label column */
    PanelTable table;      /* the two score rows */
    bool sqrt_in_tail;     /* √d = … fits in the ÷√d row's tail */
    bool sqrt_line;        /* … else on a line of its own */
    bool q_row;            /* Q(asker) shown */
    bool k_row;            /* K(answer) shown */
    int raw_digits;        /* decimals of the raw scores: enough that each ÷ √d as printed
                              gives the ÷√d row */
    CheckedSum sum;        /* the worked score */
    char lhs[64];          /* "Q(等)·K(加) = " */
    Pieces pieces;    /* its terms and result */
} ScorePlan;

/* The cells of a score row: raw Q·K (with sp->raw_digits decimals), or ÷√d with −∞ where
 * the mask hides a character. */
static void score_cells(const ViewCtx *c, const ScorePlan *sp, bool scaled, char cells[][PANEL_PIECE])
{
    for (int s = 0; s < c->tr->T; s++) {
        if (scaled && !engine_visible(c->tr, c->focus, s))
            snprintf(cells[s], PANEL_PIECE, "%s", c->gl->minus_inf);
        else if (scaled)
            panel_fixed2(cells[s], PANEL_PIECE, TRACE_HSQ(c->tr, scaled, sp->h, c->focus, s));
        else {
            format_fixed(cells[s], PANEL_PIECE, TRACE_HSQ(c->tr, scores, sp->h, c->focus, s), sp->raw_digits);
            if (engine_score_set(c->tr, sp->h, c->focus, s, NULL))   /* what if: not a Q·K */
                draw_append(cells[s], PANEL_PIECE, "*");
        }
    }
}

/* What if: the worked score was set by the learner, so no sum of products gives it: the
 * line says so instead ("score(等→加) = 6.00* set by you (what-if), was Q(等)·K(加) = 4.05"). */
static bool plan_score_set(const ViewCtx *c, ScorePlan *sp)
{
    char note[PANEL_LINE], name[64], now[FORMAT_BYTES];
    if (!draw_score_set_note(c, sp->h, c->focus, sp->answer, note, sizeof note))
        return false;
    snprintf(sp->lhs, sizeof sp->lhs, "%s = ", draw_score_name(c, sp->h, c->focus, sp->answer, name, sizeof name));
    format_fixed(now, sizeof now, TRACE_HSQ(c->tr, scores, sp->h, c->focus, sp->answer), sp->raw_digits);
    panel_piece(&sp->pieces, "%s*:", now);
    /* the note in pieces of words, so that the equation breaks between them */
    char *rest = NULL;
    for (char *w = strtok_r(note, " ", &rest); w; w = strtok_r(NULL, " ", &rest))
        panel_piece(&sp->pieces, "%s", w);
    return true;
}

static void plan_score(const ViewCtx *c, const ArcsLayout *L, ScorePlan *sp)
{
    const Trace *tr = c->tr;
    char raw[64], sq[64];
    memset(sp, 0, offsetof(ScorePlan, pieces));   /* all but the pieces, kept last */
    panel_pieces_clear(&sp->pieces);
    sp->answer = panel_answer(c);
    sp->h = arcs_head(c);
    snprintf(raw, sizeof raw, "Q(%s)%sK", c->tok[c->focus], c->gl->dot);
    sp->lw = text_width(raw) + 2;
    if (sp->lw < text_width("K()") + text_width(c->tok[sp->answer]) + 2)
        sp->lw = text_width("K()") + text_width(c->tok[sp->answer]) + 2;
    panel_sqrt_text(c, sq, sizeof sq);
    sp->raw_digits = panel_score_digits(c, sp->h);
    char cells[MODEL_MAX_TOKENS][PANEL_PIECE];
    int widest = 0;
    for (int scaled = 0; scaled < 2; scaled++) {
        score_cells(c, sp, scaled, cells);
        for (int s = 0; s < tr->T; s++)
            widest = text_width(cells[s]) > widest ? text_width(cells[s]) : widest;
    }
    panel_table_plan(c, L, sp->lw, widest, text_width(sq), 0, sp->answer, &sp->table);
    sp->sqrt_in_tail = text_width(sq) <= sp->table.tail_w;
    ExplainTerm terms[MODEL_MAX_D];
    int k = engine_explain_score(tr, sp->h, c->focus, sp->answer, terms);
    check_sum(&sp->sum, terms, k, 2, 2, TRACE_HSQ(tr, scores, sp->h, c->focus, sp->answer), sp->raw_digits);
    if (!plan_score_set(c, sp)) {
        snprintf(sp->lhs, sizeof sp->lhs, "Q(%s)%sK(%s) = ", c->tok[c->focus], c->gl->dot,
                 c->tok[sp->answer]);
        panel_sum_pieces(c, &sp->sum, false, &sp->pieces);
    }
    /* the table and the check first, then K, Q (÷√d and √d are ③'s) */
    int free = L->panel_lines - 2 - panel_equation(c, L, 0, sp->lhs, &sp->pieces, false);
    sp->sqrt_in_tail = false;
    sp->sqrt_line = false;
    sp->k_row = panel_take(&free, 1);
    sp->q_row = panel_take(&free, 1);
}


/* Q(asker) and K(answer) over the shown head's columns. */
static int draw_operands(const ViewCtx *c, const ArcsLayout *L, const ScorePlan *sp, int line)
{
    const Trace *tr = c->tr;
    char label[64];
    /* Q and K are printed as the check below uses them */
    int widest = sp->sum.digits_a > sp->sum.digits_b ? sp->sum.digits_a : sp->sum.digits_b;
    PanelVec pv = { sp->lw, panel_vcell(widest), sp->sum.digits_a };
    int n = panel_values_that_fit(tr->dh, L->panel_w - sp->lw - 2, pv.cell);
    int from = panel_window(tr->dh, n, 0);
    if (sp->q_row) {
        snprintf(label, sizeof label, "Q(%s)", c->tok[c->focus]);
        panel_vector_row(c, L, line++, &pv, label, TRACE_ROW(tr, q, c->focus) + sp->h * tr->dh,
                         tr->dh, from, n, -1, SAY(c, "what I look for", "我在找什么"));
    }
    if (sp->k_row) {
        snprintf(label, sizeof label, "K(%s)", c->tok[sp->answer]);
        pv.digits = sp->sum.digits_b;
        panel_vector_row(c, L, line++, &pv, label, TRACE_ROW(tr, k, sp->answer) + sp->h * tr->dh,
                         tr->dh, from, n, -1, SAY(c, "its name tag", "它的名牌"));
    }
    return line;
}

void panel_score(const ViewCtx *c, const ArcsLayout *L)
{
    if (!c->numbers) {
        draw_score_hidden(c, L);
        return;
    }
    const Trace *tr = c->tr;
    ScorePlan sp;
    plan_score(c, L, &sp);
    char raw[64], scaled[64], sq[64], cells[MODEL_MAX_TOKENS][PANEL_PIECE];
    snprintf(raw, sizeof raw, "Q(%s)%sK", c->tok[c->focus], c->gl->dot);
    snprintf(scaled, sizeof scaled, "%s%d", c->gl->div_sqrt, tr->dh);
    panel_sqrt_text(c, sq, sizeof sq);
    int shown = tr->T;   /* the panel appears whole: only the arcs above it grow */
    panel_table_head(c, L, &sp.table, 0, sp.answer);
    score_cells(c, &sp, false, cells);
    panel_table_cells(c, L, &sp.table, 1, raw, cells, shown, sp.answer);
    int line = draw_operands(c, L, &sp, 2);
    panel_equation(c, L, line, sp.lhs, &sp.pieces, true);
}
