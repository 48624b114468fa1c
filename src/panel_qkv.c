/* panel_qkv.c — the panel at ① Q K V: x and the three roles it is projected into, and the
 * hand check of the lesson's worked example Q(三)[0].
 * Must not touch: anything outside the panel's rows, ncurses, the engine's arithmetic. */
#include "panel.h"

#include <stdio.h>
#include <string.h>
#include "format.h"

/* ---------------------------------------------------------------- ① Q K V */

/* The rows of stage ①: x and the three roles it is projected into. */
typedef struct {
    const char *name;     /* "x", "Q", "K", "V" */
    const char *role_en;  /* one-line reminder of its role, English */
    const char *role_zh;  /* the same in Chinese */
} RoleRow;

static const RoleRow role_rows[4] = {
    { "x", "word + position", "字向量 + 位置" },
    { "Q", "what I look for", "我在找什么" },
    { "K", "my name tag", "我挂出的名牌" },
    { "V", "what I hand over", "我要交出去的内容" },
};

/* The vector of row r (0 = x, then Q, K, V) of the asker. */
static const double *role_vector(const ViewCtx *c, int r)
{
    const Trace *tr = c->tr;
    const double *m = r == 0 ? tr->x : engine_projection(tr, (Role)(r - 1));
    return m + (size_t)c->focus * (size_t)tr->d;
}

/* The role's one-line reminder. */
static const char *role_text(const ViewCtx *c, int r)
{
    return SAY(c, role_rows[r].role_en, role_rows[r].role_zh);
}

/* Numbers hidden: "Q(等)  = x·Wq   what I look for" (x has no formula, only its reminder). */
static void draw_qkv_words(const ViewCtx *c, const ArcsLayout *L, int lw)
{
    char formula[64], label[64];
    int fw = text_width("= xWq") + text_width(c->gl->dot) + 3;
    for (int r = 0; r < 4; r++) {
        int x = panel_left(L);
        snprintf(label, sizeof label, "%s(%s)", role_rows[r].name, c->tr->tokens[c->focus]);
        panel_put_line(c, L, r, x, label, STYLE_BOLD);
        if (r > 0) {
            snprintf(formula, sizeof formula, "= x%sW%c", c->gl->dot, "qkv"[r - 1]);
            panel_put_line(c, L, r, x + lw, formula, STYLE_NORMAL);
        }
        panel_put_line(c, L, r, x + lw + fw, role_text(c, r), STYLE_DIM);
    }
    panel_hidden_note(c, L, 4);
}

/* Numbers shown: "Q(等)  -0.69 -2.11 …  what I look for", rows appearing one by one. */
static void draw_qkv_numbers(const ViewCtx *c, const ArcsLayout *L, int lw)
{
    char label[64];
    int d = c->tr->d, role_w = 0;
    for (int r = 0; r < 4; r++)
        if (text_width(role_text(c, r)) > role_w)
            role_w = text_width(role_text(c, r));
    int n = panel_values_that_fit(d, L->panel_w - lw - 2 - role_w);
    bool roles = n >= 2;
    if (!roles)
        n = panel_values_that_fit(d, L->panel_w - lw);
    int shown = draw_revealed(c->progress, 4);
    int role_x = panel_left(L) + lw + n * ARCS_VCELL + (n < d ? 2 : 0) + 2;
    for (int r = 0; r < 4; r++) {
        snprintf(label, sizeof label, "%s(%s)", role_rows[r].name, c->tr->tokens[c->focus]);
        panel_put_line(c, L, r, panel_left(L), label, STYLE_BOLD);
        if (r < shown)
            panel_vector(c, L, r, panel_left(L) + lw, role_vector(c, r), d, n);
        if (roles)
            panel_put_line(c, L, r, role_x, role_text(c, r), STYLE_DIM);
    }
}

/* Hand check of the lesson's worked example: Q[0] = Σ x[i]·Wq[i][0]. */
static void draw_qkv_check(const ViewCtx *c, const ArcsLayout *L)
{
    ExplainTerm terms[MODEL_MAX_D];
    int k = engine_explain_projection(c->tr, ROLE_Q, c->focus, 0, terms);
    char lhs[64], result[32];
    snprintf(lhs, sizeof lhs, "Q(%s)[0]", c->tr->tokens[c->focus]);
    panel_check(c, L, 4, lhs, terms, k, false, panel_fixed2(result, sizeof result, role_vector(c, 1)[0]));
}

void panel_qkv(const ViewCtx *c, const ArcsLayout *L)
{
    int lw = text_width("x()") + text_width(c->tr->tokens[c->focus]) + 1;
    if (!c->numbers) {
        draw_qkv_words(c, L, lw + 1);
        return;
    }
    draw_qkv_numbers(c, L, lw);
    if (c->progress >= 1.0)
        draw_qkv_check(c, L);
}

