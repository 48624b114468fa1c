/* panel.c — the arcs view's numbers panel: its kit (lines, tables, vectors, hand checks,
 * wrapping text), its heading, and the dispatch to the stage's own panel (panel_*.c).
 * Owns: the panel's rows (heading + ARCS_PANEL_ROWS - 1 lines), formatted like --dump.
 * Must not touch: anything outside the panel's rows, ncurses, the engine's arithmetic. */
#include "panel.h"

#include <stdio.h>
#include <string.h>
#include "actions.h"
#include "format.h"

/* ---------------------------------------------------------------- text helpers */

/* A number with two decimals, as --dump writes it. */
const char *panel_fixed2(char *buf, size_t cap, double v)
{
    return format_fixed(buf, cap, v, 2);
}

/* Left column and right limit of the panel, and the row of body line i (0-based). */
int panel_left(const ArcsLayout *L) { return L->panel_x; }
int panel_limit(const ArcsLayout *L) { return L->panel_x + L->panel_w; }
int panel_line(const ArcsLayout *L, int i) { return L->panel_row + 1 + i; }

/* Body line i of the panel, clipped to the panel's width. */
int panel_put_line(const ViewCtx *c, const ArcsLayout *L, int i, int x, const char *s, Style st)
{
    if (i < 0 || i >= ARCS_PANEL_ROWS - 1)
        return 0;
    return draw_clipped(c->g, x, panel_line(L, i), panel_limit(L), s, st);
}

/* "numbers hidden — press n to show them" on body line i. */
void panel_hidden_note(const ViewCtx *c, const ArcsLayout *L, int i)
{
    char buf[PANEL_LINE];
    snprintf(buf, sizeof buf, SAY(c, "numbers hidden%spress %s to show them",
                                        "数字藏起来了%s按 %s 显示"),
             c->gl->dash, action_key_label(ACTION_NUMBERS));
    panel_put_line(c, L, i, panel_left(L), buf, STYLE_DIM);
}

/* ---------------------------------------------------------------- heading */

/* What the panel shows at this stage, after the stage's own name. */
static void heading_text(const ViewCtx *c, char *buf, size_t cap)
{
    const char *f = c->tr->tokens[c->focus];
    char stage[64];
    draw_stage_label(stage, sizeof stage, c->stage, c->lang, c->gl);
    snprintf(buf, cap, "%s%s", stage, c->gl->sep);
    switch (c->stage) {
    case STAGE_QKV:
        draw_append(buf, cap, SAY(c, "x(%s) times Wq, Wk, Wv gives its three roles",
                                   "x(%s) 乘三张矩阵，变出三个角色"), f);
        break;
    case STAGE_SCORE:
        if (c->lang == LANG_ZH)
            draw_append(buf, cap, "Q(%s) 和每个字的 K 做点积，再 %sd", f, c->gl->div_sqrt);
        else
            draw_append(buf, cap, "Q(%s)%sK of every character, then %sd", f, c->gl->dot, c->gl->div_sqrt);
        break;
    case STAGE_SOFTMAX:
        draw_append(buf, cap, SAY(c, "how much %s looks at each character",
                                   "%s 把注意力分给每个字"), f);
        break;
    case STAGE_OUTPUT:
        draw_append(buf, cap, SAY(c, "%s collects every V, weighted by its shares",
                                   "%s 按百分比把每个字的 V 收回来"), f);
        break;
    case STAGE_COUNT:
        break;
    }
}

/* "── ③ softmax · how much 等 looks at each character ─────" */
static void panel_heading(const ViewCtx *c, const ArcsLayout *L)
{
    char title[PANEL_LINE];
    heading_text(c, title, sizeof title);
    draw_rule_heading(c->g, c->gl, panel_left(L), L->panel_row, L->panel_w, title);
}

/* ---------------------------------------------------------------- hand checks */

/* "a×b" with a negative factor in parentheses; a as a percentage when share_a. */
static void term_text(const ViewCtx *c, const ExplainTerm *t, bool share_a, char *buf, size_t cap)
{
    char a[32], b[32];
    if (share_a)
        format_percent(a, sizeof a, t->a);
    else
        panel_fixed2(a, sizeof a, t->a);
    panel_fixed2(b, sizeof b, t->b);
    snprintf(buf, cap, "%s%s%s%s%s%s%s", a[0] == '-' ? "(" : "", a, a[0] == '-' ? ")" : "",
             c->gl->times, b[0] == '-' ? "(" : "", b, b[0] == '-' ? ")" : "");
}

/* "lhs = t0 + t1 + … = result", with as many terms as the panel's width allows. */
void panel_check(const ViewCtx *c, const ArcsLayout *L, int line, const char *lhs, const ExplainTerm *terms,
                      int n, bool share_a, const char *result)
{
    char out[PANEL_LINE], term[160];
    int tail = 3 + text_width(result);                     /* " = result" */
    int more = 3 + text_width(c->gl->ellipsis);           /* " + …" */
    snprintf(out, sizeof out, "%s = ", lhs);
    for (int i = 0; i < n; i++) {
        size_t before = strlen(out);
        term_text(c, &terms[i], share_a, term, sizeof term);
        draw_append(out, sizeof out, "%s%s", i ? " + " : "", term);
        if (text_width(out) + (i < n - 1 ? more : 0) + tail > L->panel_w) {
            out[before] = '\0';
            draw_append(out, sizeof out, "%s%s", i ? " + " : "", c->gl->ellipsis);
            break;
        }
    }
    draw_append(out, sizeof out, " = %s", result);
    panel_put_line(c, L, line, panel_left(L), out, STYLE_DIM);
}

int panel_values_that_fit(int d, int room)
{
    if (d * ARCS_VCELL <= room)
        return d;
    int n = (room - 2) / ARCS_VCELL;
    return n < 0 ? 0 : n;
}

/* "  0.52 -0.42 …" from column x; returns the columns used. */
int panel_vector(const ViewCtx *c, const ArcsLayout *L, int line, int x, const double *v, int d, int n)
{
    char num[32];
    for (int j = 0; j < n; j++)
        draw_right(c->g, x + j * ARCS_VCELL, panel_line(L, line), ARCS_VCELL,
                  panel_fixed2(num, sizeof num, v[j]), v[j] < 0 ? STYLE_NEGATIVE : STYLE_POSITIVE);
    int used = n * ARCS_VCELL;
    if (n < d)
        used += 1 + grid_put_text(c->g, x + used + 1, panel_line(L, line), c->gl->ellipsis, STYLE_DIM);
    return used;
}

/* The role's one-line reminder. */

/* ---------------------------------------------------------------- per-character tables */

/* Columns of a T-wide table that fit after a label column of lw. */
int panel_columns_that_fit(const ViewCtx *c, const ArcsLayout *L, int lw)
{
    int T = c->tr->T, room = L->panel_w - lw;
    if (T * ARCS_CELL <= room)
        return T;
    int n = (room - 2) / ARCS_CELL;
    return n < 0 ? 0 : n;
}

/* The sentence's characters as column heads, the asker marked. */
void panel_table_head(const ViewCtx *c, const ArcsLayout *L, int line, int lw, int ncols)
{
    int x = panel_left(L) + lw;
    for (int s = 0; s < ncols; s++)
        draw_right(c->g, x + s * ARCS_CELL, panel_line(L, line), ARCS_CELL, c->tr->tokens[s],
                  s == c->focus ? STYLE_FOCUS : STYLE_TOKEN);
    if (ncols < c->tr->T)
        grid_put_text(c->g, x + ncols * ARCS_CELL + 1, panel_line(L, line), c->gl->ellipsis, STYLE_DIM);
}

/* One table row: a label, then the first `shown` of ncols values of the asker's row. */
void panel_table_row(const ViewCtx *c, const ArcsLayout *L, int line, int lw, int ncols, int shown,
                          const char *label, const double *row, bool percent)
{
    char num[32];
    int x = panel_left(L);
    panel_put_line(c, L, line, x, label, STYLE_BOLD);
    for (int s = 0; s < ncols && s < shown; s++) {
        if (percent)
            format_percent(num, sizeof num, row[s]);
        else
            panel_fixed2(num, sizeof num, row[s]);
        draw_right(c->g, x + lw + s * ARCS_CELL, panel_line(L, line), ARCS_CELL, num, STYLE_NORMAL);
    }
}

void panel_tail(const ViewCtx *c, const ArcsLayout *L, int line, int dx, const char *s)
{
    if (dx + text_width(s) <= L->panel_w)
        panel_put_line(c, L, line, panel_left(L) + dx, s, STYLE_DIM);
}

/* A row of e^(s − max) and, after the table, their sum Σ. */

/* Writes pieces one after another from body line `line`, wrapping under `indent`;
 * a piece that does not fit on the last allowed line becomes "…". Returns lines used. */
int panel_flow(const ViewCtx *c, const ArcsLayout *L, int line, int max_lines, const char *first,
                    const char *const *pieces, int n, int indent)
{
    int left = panel_left(L), limit = panel_limit(L), used = 1;
    int x = left + panel_put_line(c, L, line, left, first, STYLE_BOLD);
    for (int i = 0; i < n; i++) {
        int w = text_width(pieces[i]);
        int reserve = i < n - 1 ? 2 : 0;
        if (x + w + reserve > limit) {
            if (used == max_lines) {
                panel_put_line(c, L, line + used - 1, x, c->gl->ellipsis, STYLE_DIM);
                break;
            }
            x = left + indent;
            used++;
        }
        x += panel_put_line(c, L, line + used - 1, x, pieces[i], STYLE_NORMAL);
    }
    return used;
}

/* ---------------------------------------------------------------- the panel */

void panel_draw(const ViewCtx *c, const ArcsLayout *L)
{
    panel_heading(c, L);
    switch (c->stage) {
    case STAGE_QKV:     panel_qkv(c, L); break;
    case STAGE_SCORE:   panel_score(c, L); break;
    case STAGE_SOFTMAX: panel_softmax(c, L); break;
    case STAGE_OUTPUT:  panel_output(c, L); break;
    case STAGE_COUNT:   break;
    }
}

