/* panel.c — the kit of the arcs view's numbers panel (lines, equations laid out whole, tables
 * paged by the worked character, vectors, share bars) and its heading; the stage's own
 * panels (panel_*.c) use it, the arcs view (view_arcs.c) chooses which one draws.
 * Owns: the panel's rows (a heading and L->panel_lines lines), formatted like --dump.
 * Must not touch: anything outside the panel's rows, ncurses, the engine's arithmetic. */
#include "panel.h"

#include <math.h>
#include <stdarg.h>
#include <stdio.h>
#include <string.h>
#include "actions.h"
#include "format.h"
#include "view.h"

/* ---------------------------------------------------------------- text helpers */

const char *panel_fixed2(char *buf, size_t cap, double v)
{
    return format_fixed(buf, cap, v, 2);
}

int panel_left(const ArcsLayout *L) { return L->panel_x; }
int panel_limit(const ArcsLayout *L) { return L->panel_x + L->panel_w; }
int panel_line(const ArcsLayout *L, int i) { return L->panel_row + 1 + i; }

int panel_put_line(const ViewCtx *c, const ArcsLayout *L, int i, int x, const char *s, Style st)
{
    if (i < 0 || i >= L->panel_lines)
        return 0;
    return draw_clipped(c->g, x, panel_line(L, i), panel_limit(L), s, st);
}

void panel_hidden_note(const ViewCtx *c, const ArcsLayout *L, int i)
{
    char buf[PANEL_LINE];
    snprintf(buf, sizeof buf, SAY(c, "numbers hidden%spress %s to show them",
                                        "数字藏起来了%s按 %s 显示"),
             c->lang == LANG_ZH ? "——" : c->gl->dash, action_key_label(ACTION_NUMBERS));
    panel_put_line(c, L, i, panel_left(L), buf, STYLE_DIM);
}

void panel_sqrt_text(const ViewCtx *c, char *buf, size_t cap)
{
    char num[32];
    snprintf(buf, cap, "%s%d = %s", c->gl->sqrt, c->tr->dh, format_fixed(num, sizeof num, c->tr->scale, 6));
}

void panel_head_text(const ViewCtx *c, char *buf, size_t cap)
{
    buf[0] = '\0';
    if (c->tr->heads > 1 && c->numbers)
        snprintf(buf, cap, SAY(c, " (head %d of %d)", "（第 %d 个头，共 %d 个）"), arcs_head(c) + 1,
                 c->tr->heads);
    else if (c->tr->heads > 1)
        snprintf(buf, cap, "%s", SAY(c, " (one of two heads)", "（两个头之一）"));
}

int panel_answer(const ViewCtx *c)
{
    if (c->ui && c->ui->answer >= 0 && c->ui->answer < c->tr->T)
        return c->ui->answer;
    return engine_strongest(c->tr, arcs_head(c), c->focus);
}

int panel_score_digits(const ViewCtx *c, int h)
{
    return check_score_digits(c->tr, h, c->focus, 2, 4);
}

int panel_dim(const ViewCtx *c)
{
    int dim = c->ui ? c->ui->dim : 0;
    return dim < 0 || dim >= c->tr->d ? 0 : dim;
}

/* ---------------------------------------------------------------- heading */

/* What the panel shows at this stage, after the stage's own name. */
static void heading_text(const ViewCtx *c, char *buf, size_t cap)
{
    const char *f = c->tok[c->focus];
    char stage[64], head[64];
    draw_stage_label(stage, sizeof stage, c->stage, c->lang, c->gl);
    panel_head_text(c, head, sizeof head);
    snprintf(buf, cap, "%s%s", stage, c->gl->sep);
    switch (c->stage) {
    case STAGE_QKV:
        draw_append(buf, cap, SAY(c, "x(%s) times Wq, Wk, Wv gives its three roles",
                                   "x(%s) 乘三张矩阵，变出三个角色"), f);
        break;
    case STAGE_SCORE:
        if (c->lang == LANG_ZH)
            draw_append(buf, cap, "Q(%s) 和每个字的 K 做点积%s", f, head);
        else
            draw_append(buf, cap, "Q(%s)%sK of every character%s", f, c->gl->dot, head);
        break;
    case STAGE_SOFTMAX:
        draw_append(buf, cap, SAY(c, "how much %s looks at each character%s",
                                   "「%s」把注意力分给每个字%s"), f, head);
        break;
    case STAGE_OUTPUT:
        draw_append(buf, cap, SAY(c, "%s collects every V, weighted by its shares",
                                   "「%s」按百分比把每个字的 V 收回来"), f);
        break;
    case STAGE_COUNT:
        break;
    }
}

/* "── ③ softmax · how much 等 looks at each character ──── ,/. another ──": the keys
 * that choose what the check works, near the right end when the rule has room. */
void panel_heading(const ViewCtx *c, const ArcsLayout *L)
{
    char title[PANEL_LINE], keys[96];
    heading_text(c, title, sizeof title);
    draw_rule_heading(c->g, c->gl, panel_left(L), L->panel_row, L->panel_w, title);
    if (!c->numbers)
        return;
    const KeyBinding *own = c->keys;   /* the arcs' own, as the context gives them */
    bool answer = c->stage == STAGE_SCORE || c->stage == STAGE_SOFTMAX;
    Action prev = answer ? ACTION_ANSWER_PREV : ACTION_DIM_PREV, next = answer ? ACTION_ANSWER_NEXT : ACTION_DIM_NEXT;
    snprintf(keys, sizeof keys, " %s/%s %s ", action_key_label_in(own, prev), action_key_label_in(own, next),
             answer ? SAY(c, "other character", "换被问的字") : SAY(c, "other dim", "换一维"));
    int x = panel_limit(L) - 2 - text_width(keys);
    if (x >= panel_left(L) + 4 + text_width(title) + 2)
        grid_put_text(c->g, x, L->panel_row, keys, STYLE_DIM);
}

/* ---------------------------------------------------------------- equations */

void panel_pieces_clear(Pieces *pp)
{
    pieces_init(pp, 2);
}

void panel_piece(Pieces *pp, const char *fmt, ...)
{
    char piece[PANEL_LINE];
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(piece, sizeof piece, fmt, ap);
    va_end(ap);
    pieces_add(pp, STYLE_NORMAL, "%s ", piece);
}

/* A factor as printed: "(-0.46)" for a negative one. */
static const char *factor(char *buf, size_t cap, const char *num)
{
    if (num[0] == '-')
        snprintf(buf, cap, "(%s)", num);
    else
        snprintf(buf, cap, "%s", num);
    return buf;
}

void panel_sum_pieces(const ViewCtx *c, const CheckedSum *cs, bool share_a, Pieces *pp)
{
    char a[32], b[32], fa[40], fb[40];
    for (int i = 0; i < cs->n; i++) {
        if (share_a)   /* a share printed with digits_a decimals of 1 is a percentage with 2 fewer */
            draw_append(format_fixed(a, sizeof a - 1, cs->a[i] * 100.0, cs->digits_a - 2), sizeof a, "%%");
        else
            format_fixed(a, sizeof a, cs->a[i], cs->digits_a);
        format_fixed(b, sizeof b, cs->b[i], cs->digits_b);
        panel_piece(pp, "%s%s%s%s", i ? "+ " : "", factor(fa, sizeof fa, a), c->gl->times,
                    factor(fb, sizeof fb, b));
    }
    panel_piece(pp, "= %s", format_fixed(a, sizeof a, cs->sum, cs->sum_digits));
    if (!cs->same)
        panel_piece(pp, "%s %s", c->ascii ? "~" : "≈", format_fixed(a, sizeof a, cs->value, cs->value_digits));
}

/* Continuation lines start under the first piece when that fits in the lines left from
 * `line`, else two columns in. */
int panel_equation(const ViewCtx *c, const ArcsLayout *L, int line, const char *first,
                   const Pieces *pp, bool draw)
{
    int left = panel_left(L), w = panel_limit(L) - left;
    int indent = text_width(first);
    if (indent > L->panel_w / 3 || pieces_lines_after(pp, first, indent, w) > L->panel_lines - line)
        indent = 2;
    if (draw && line >= 0 && line < L->panel_lines)
        return pieces_draw_after(c, pp, first, indent, left, panel_line(L, line), w, L->panel_lines - line);
    return pieces_lines_after(pp, first, indent, w);
}

bool panel_take(int *free, int lines)
{
    if (*free < lines)
        return false;
    *free -= lines;
    return true;
}

/* ---------------------------------------------------------------- vectors */

int panel_vcell(int digits)
{
    return digits > 2 ? ARCS_VCELL + digits - 2 : ARCS_VCELL;
}

int panel_values_that_fit(int d, int room, int cell)
{
    if (d * cell <= room)
        return d;
    int n = (room - 4) / cell;
    return n < 1 ? 1 : n > d ? d : n;
}

int panel_window(int d, int n, int dim)
{
    if (n >= d || n <= 0)
        return 0;
    int from = dim / n * n;
    return from + n > d ? d - n : from;
}

void panel_vector_row(const ViewCtx *c, const ArcsLayout *L, int line, const PanelVec *pv,
                      const char *label, const double *v, int d, int from, int n, int mark,
                      const char *note)
{
    if (line < 0 || line >= L->panel_lines)
        return;
    char num[32];
    int y = panel_line(L, line), x = panel_left(L) + pv->lw, cell = pv->cell;
    panel_put_line(c, L, line, panel_left(L), label, STYLE_BOLD);
    if (from > 0)
        grid_put_text(c->g, x - 1, y, c->ascii ? "<" : "‹", STYLE_DIM);
    for (int j = 0; j < n && from + j < d; j++) {
        Style st = from + j == mark ? STYLE_BOLD : v[from + j] < 0 ? STYLE_NEGATIVE : STYLE_POSITIVE;
        draw_right(c->g, x + j * cell, y, cell, format_fixed(num, sizeof num, v[from + j], pv->digits), st);
    }
    int end = x + n * cell;
    if (from + n < d)
        end += 1 + grid_put_text(c->g, end + 1, y, c->ascii ? ">" : "›", STYLE_DIM);
    if (note && end + 2 + text_width(note) <= panel_limit(L))
        grid_put_text(c->g, end + 2, y, note, STYLE_DIM);
}

/* ---------------------------------------------------------------- per-character tables */

#define PANEL_PAGE_TEXT 10   /* columns of "10-16/16 ›" */

/* Characters per page with cells `cell` wide and `reserve` columns kept for the tail. */
static int table_fits(const ArcsLayout *L, int lw, int cell, int reserve)
{
    int n = (L->panel_w - lw - reserve) / cell;
    return n < 1 ? 1 : n;
}

/* Whether every character fits in cells `cell` wide with `tail` columns of tail after them. */
static bool table_whole(const ViewCtx *c, const ArcsLayout *L, int lw, int cell, int tail)
{
    return lw + c->tr->T * cell + (tail > 0 ? tail + 3 : 0) <= L->panel_w;
}

void panel_table_plan(const ViewCtx *c, const ArcsLayout *L, int lw, int widest, int tail_full,
                      int tail_min, int anchor, PanelTable *t)
{
    int T = c->tr->T;
    int wide = widest + 1 > ARCS_CELL ? widest + 1 : ARCS_CELL;
    int narrow = widest + 1 > ARCS_CELL_NARROW ? widest + 1 : ARCS_CELL_NARROW;
    const int tails[2] = { tail_full, tail_min }, cells[2] = { wide, narrow };
    t->lw = lw;
    t->first = 0;
    t->n = 0;
    for (int i = 0; i < 2 && !t->n; i++)       /* every character, the whole tail first */
        for (int j = 0; j < 2 && !t->n; j++)
            if (table_whole(c, L, lw, cells[j], tails[i])) {
                t->cell = cells[j];
                t->n = T;
            }
    if (!t->n) {   /* a page of characters: room for the shortest tail and "10-16/16 ›" */
        int reserve = (tail_min > PANEL_PAGE_TEXT ? tail_min : PANEL_PAGE_TEXT) + 3;
        t->cell = table_fits(L, lw, narrow, reserve) > table_fits(L, lw, wide, reserve) ? narrow : wide;
        int per = table_fits(L, lw, t->cell, reserve);
        anchor = anchor < 0 ? 0 : anchor >= T ? T - 1 : anchor;
        t->first = anchor / per * per;
        t->n = t->first + per > T ? T - t->first : per;
    }
    t->tail = lw + t->n * t->cell + 3;
    t->tail_w = L->panel_w - t->tail;
    if (t->tail_w < 0)
        t->tail_w = 0;
}

void panel_table_head(const ViewCtx *c, const ArcsLayout *L, const PanelTable *t, int line,
                      int anchor)
{
    if (line < 0 || line >= L->panel_lines)
        return;
    int x = panel_left(L) + t->lw, y = panel_line(L, line), T = c->tr->T;
    for (int s = t->first; s < t->first + t->n; s++) {
        Style st = s == c->focus ? STYLE_FOCUS : s == anchor ? STYLE_BOLD : STYLE_TOKEN;
        draw_right(c->g, x + (s - t->first) * t->cell, y, t->cell, draw_tok(c, s, t->cell - 1), st);
    }
    if (t->n >= T)
        return;
    char page[64];
    if (t->first > 0)
        grid_put_text(c->g, x - 2, y, c->ascii ? "<" : "‹", STYLE_DIM);
    snprintf(page, sizeof page, "%d-%d/%d%s", t->first + 1, t->first + t->n, T,
             t->first + t->n < T ? (c->ascii ? " >" : " ›") : "");
    if (!panel_table_tail(c, L, t, line, page) && t->first + t->n < T)
        grid_put_text(c->g, x + t->n * t->cell + 1, y, c->ascii ? ">" : "›", STYLE_DIM);
}

void panel_table_cells(const ViewCtx *c, const ArcsLayout *L, const PanelTable *t, int line,
                       const char *label, char cells[][PANEL_PIECE], int shown, int anchor)
{
    if (line < 0 || line >= L->panel_lines)
        return;
    int x = panel_left(L), y = panel_line(L, line);
    panel_put_line(c, L, line, x, label, STYLE_BOLD);
    for (int s = t->first; s < t->first + t->n && s < shown; s++) {
        Style st = !engine_visible(c->tr, c->focus, s) ? STYLE_DIM : s == anchor ? STYLE_BOLD : STYLE_NORMAL;
        draw_right(c->g, x + t->lw + (s - t->first) * t->cell, y, t->cell, cells[s], st);
    }
}

bool panel_table_tail(const ViewCtx *c, const ArcsLayout *L, const PanelTable *t, int line,
                      const char *s)
{
    if (line < 0 || line >= L->panel_lines || text_width(s) > t->tail_w)
        return false;
    grid_put_text(c->g, panel_left(L) + t->tail, panel_line(L, line), s, STYLE_DIM);
    return true;
}

/* ---------------------------------------------------------------- share bars */

void panel_bar(const ViewCtx *c, double share, double largest, int cols, char *buf, size_t cap)
{
    cols = cols > PANEL_BAR_MAX ? PANEL_BAR_MAX : cols;
    draw_bar_text(c->ascii, largest > 0.0 ? share / largest : 0.0, cols, buf, cap);
}

void panel_total_note(const ViewCtx *c, double total, int decimals, char *buf, size_t cap)
{
    char num[32];
    format_fixed(num, sizeof num, total, decimals);
    snprintf(buf, cap, SAY(c, "%s adds the printed shares: %s%% is 100%% rounded",
                           "%s 把印出来的百分比加起来：%s%% 是 100%% 四舍五入的结果"),
             c->gl->sum, num);
}
