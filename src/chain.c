/* chain.c — the one panel "where does this number come from": the chosen number's chain of
 * links (origin.h) as lines of text with their numbers and operations, in a box over the
 * bottom of the shown view's body; and the chosen number of a screen that steps the stages.
 * Owns: the panel's words and layout. Must not touch: ncurses, the clock, the arithmetic
 * (origin.c reads every number from the Trace), any particular view. */
#include "chain.h"

#include <math.h>
#include <stdio.h>
#include <string.h>
#include "check.h"
#include "format.h"
#include "text.h"

#define CHAIN_VIEW_ROWS 10    /* rows of the view the panel leaves uncovered when it can */
#define CHAIN_DIVISOR_DIGITS 6 /* √d as a hand check takes it: 2.828427 */
#define CHAIN_MOST_DIGITS 6   /* most decimals of a link's numbers */

/* ---------------------------------------------------------------- the chosen number */

bool chain_cell_by_stage(const void *state, const Ui *ui, const Player *p, const Lesson *ls,
                         OriginCell *cell)
{
    (void)state;
    const Trace *tr = &ls->tr;
    int t = p->focus < 0 ? 0 : p->focus >= tr->T ? tr->T - 1 : p->focus;
    int s = lesson_answer(ls, ui->answer, t);
    int h = ui->head > 0 && ui->head < tr->heads ? ui->head : 0;
    int j = ui->dim >= 0 && ui->dim < tr->d ? ui->dim : 0;
    switch (p->stage) {
    case STAGE_QKV:     *cell = (OriginCell){ ORIGIN_Q, 0, t, j }; break;
    case STAGE_SCORE:   *cell = (OriginCell){ ORIGIN_SCORES, h, t, s }; break;
    case STAGE_SOFTMAX: *cell = (OriginCell){ ORIGIN_WEIGHTS, h, t, s }; break;
    case STAGE_OUTPUT:
    case STAGE_COUNT:   *cell = (OriginCell){ ORIGIN_OUTPUT, 0, t, j }; break;
    }
    return true;
}

bool chain_of_view(const ViewCtx *c, const ViewOps *v, OriginChain *out)
{
    OriginCell cell;
    if (!v->chosen || !v->chosen(c->state, c->ui, c->p, c->ls, &cell))
        return false;
    return origin_trace(c->tr, cell, out) > 0;
}

/* ---------------------------------------------------------------- a link's words */

static bool chain_square(OriginTable t)
{
    return t == ORIGIN_WEIGHTS || t == ORIGIN_SCALED || t == ORIGIN_SCORES;
}

static bool chain_weight(OriginTable t)
{
    return t == ORIGIN_WQ || t == ORIGIN_WK || t == ORIGIN_WV;
}

/* The rows a link uses: its character, "·" for all of them, or the characters joined. */
static void chain_rows(const ViewCtx *c, const OriginChain *ch, const OriginLink *l, char *buf,
                       size_t cap)
{
    if (l->row >= 0) {
        snprintf(buf, cap, "%s", c->tok[l->row]);
        return;
    }
    int used = 0;
    for (int t = 0; t < c->tr->T; t++)
        used += ch->rows[l->table][t];
    buf[0] = '\0';
    if (used == c->tr->T) {
        snprintf(buf, cap, "%s", c->gl->dot);
        return;
    }
    for (int t = 0; t < c->tr->T; t++)
        if (ch->rows[l->table][t])
            draw_append(buf, cap, "%s%s", buf[0] ? "," : "", c->tok[t]);
}

/* The columns a link uses as an index: "[0]", "[4-7]" (one head's), or "" (every one). */
static void chain_cols(const ViewCtx *c, const OriginChain *ch, const OriginLink *l, char *buf,
                       size_t cap)
{
    buf[0] = '\0';
    if (l->col >= 0) {
        snprintf(buf, cap, "[%d]", l->col);
        return;
    }
    int first = -1, last = -1, n = 0;
    for (int j = 0; j < c->tr->d; j++)
        if (ch->cols[l->table][j]) {
            if (first < 0)
                first = j;
            last = j;
            n++;
        }
    if (n > 0 && n < c->tr->d && n == last - first + 1)
        snprintf(buf, cap, "[%d-%d]", first, last);
}

/* A table's name as the chain says it: origin's ("share", "pe"), in Chinese the lesson's
 * (百分比, 位置, 词向量, 输出). */
static const char *chain_name(const ViewCtx *c, OriginTable t)
{
    if (t == ORIGIN_OUTPUT)
        return SAY(c, "output", "输出");
    if (t == ORIGIN_WEIGHTS)
        return SAY(c, "share", "百分比");
    if (t == ORIGIN_POSITION)
        return SAY(c, "pe", "位置");
    if (t == ORIGIN_EMBEDDING)
        return SAY(c, "e", "词向量");   /* beside 位置(·): "e(·)" would be its only Latin letter */
    if (t == ORIGIN_INPUT)
        return SAY(c, "in", "输入");
    return origin_table_name(t);   /* Q, K, V, x, Wq … read alike in both */
}

/* "share(等,·)", "V(·)[0]", "Wv[·][0]", "x(等,加)", "Q(等)[4-7]". */
static void chain_label(const ViewCtx *c, const OriginChain *ch, const OriginLink *l, char *buf,
                        size_t cap)
{
    char rows[128], cols[32];
    const char *name = chain_name(c, l->table);
    chain_cols(c, ch, l, cols, sizeof cols);
    if (chain_weight(l->table)) {
        if (cols[0])
            snprintf(buf, cap, "%s[%s]%s", name, c->gl->dot, cols);
        else
            snprintf(buf, cap, "%s", name);
        return;
    }
    chain_rows(c, ch, l, rows, sizeof rows);
    if (chain_square(l->table))
        snprintf(buf, cap, "%s(%s,%s)", name, rows,
                 l->col >= 0 ? c->tok[l->col] : c->gl->dot);
    else
        snprintf(buf, cap, "%s(%s)%s", name, rows, cols);
}

/* How a link's numbers are made: "Σ share × V", "x · Wq", "Q·K ÷√8", "given". */
static void chain_op(const ViewCtx *c, const OriginChain *ch, const OriginLink *l, char *buf,
                     size_t cap)
{
    const char *from1 = l->from[1] >= 0 ? chain_name(c, ch->link[l->from[1]].table) : "W";
    switch (l->op) {
    case ORIGIN_OP_GIVEN:
        snprintf(buf, cap, "%s", l->table == ORIGIN_POSITION
                 ? SAY(c, "lesson 5's formula", "第 5 课的公式")
                 : SAY(c, "given (the model)", "给定（模型里的数）"));
        break;
    case ORIGIN_OP_ADD:
        snprintf(buf, cap, "%s", SAY(c, "e + pe", "词向量 + 位置指纹"));
        break;
    case ORIGIN_OP_NORM:    /* a layer of a layered model: x is LN₁ of the layer's input */
        snprintf(buf, cap, "%s", SAY(c, "LN₁ of the layer's input row", "这一层输入行的 LN₁"));
        break;
    case ORIGIN_OP_BLOCK:
        snprintf(buf, cap, SAY(c, "layer %d's output (checked against PyTorch)", "第 %d 层的输出（已和 PyTorch 核对）"),
                 c->tr->layer);
        break;
    case ORIGIN_OP_PROJECT:
        snprintf(buf, cap, c->tr->layered ? "x %s %s + b" : "x %s %s", c->gl->dot, from1);
        break;
    case ORIGIN_OP_DOT: {
        const ScoreSet *set = &c->tr->score_set;
        snprintf(buf, cap, "Q %s K", c->gl->dot);
        if (set->on && origin_depends(ch, ORIGIN_SCORES, set->head, set->row, set->col)) {
            char name[64];   /* what if: one of these scores is not a Q·K */
            draw_append(buf, cap, SAY(c, ", but %s set by you", "，但%s是你改的"),
                        draw_score_name(c, set->head, set->row, set->col, name, sizeof name));
        }
        break;
    }
    case ORIGIN_OP_DIVIDE:
        snprintf(buf, cap, "Q%sK %s%d", c->gl->dot, c->gl->div_sqrt, c->tr->dh);
        break;
    case ORIGIN_OP_SOFTMAX:
        snprintf(buf, cap, "%s", SAY(c, "softmax of its row", "这一行做 softmax"));
        break;
    case ORIGIN_OP_COLLECT:
        snprintf(buf, cap, "%s %s %s V", c->gl->sum, SAY(c, "share", "百分比"), c->gl->times);
        break;
    }
}

static int chain_digits(const ViewCtx *c, const OriginChain *ch, const OriginLink *l);

/* The decimals of a link of raw scores Q·K under a link of ÷√d: the fewest, from 2, that
 * give each ÷√d number as printed when the printed Q·K is divided by √d = 2.828427 by hand
 * (9.916 ÷ 2.828427 = 3.506, where 9.92 gave 3.507); 2 without such a link. */
static int chain_dot_digits(const ViewCtx *c, const OriginChain *ch, const OriginLink *l)
{
    int at = ch->link_of[ORIGIN_SCALED];
    if (at < 0 || ch->link[at].n != l->n)
        return 2;
    const OriginLink *q = &ch->link[at];
    double dividends[ORIGIN_MAX_NUMBERS], quotients[ORIGIN_MAX_NUMBERS];
    int n = 0;
    for (int i = 0; i < l->n; i++)
        if (isfinite(q->numbers[i]) && isfinite(l->numbers[i])) {   /* a masked one is −∞ */
            dividends[n] = l->numbers[i];
            quotients[n++] = q->numbers[i];
        }
    return check_dividend_digits(dividends, quotients, n, q->divisor, CHAIN_DIVISOR_DIGITS,
                                 chain_digits(c, ch, q), 2, CHAIN_MOST_DIGITS);
}

/* The decimals of a link's numbers: 2, as the tables print them (4.05), but a row of ÷√d
 * that a softmax reads with check_share's: 1.432, as the arcs' and code screens print it
 * (softmax of 1.43 … gave 52.3% for 52.4%), and the Q·K under a ÷√d as many as dividing
 * them by √d by hand needs (chain_dot_digits). */
static int chain_digits(const ViewCtx *c, const OriginChain *ch, const OriginLink *l)
{
    const Trace *tr = c->tr;
    if (l->table == ORIGIN_SCORES)
        return chain_dot_digits(c, ch, l);
    if (l->table != ORIGIN_SCALED || l->row < 0 || l->col >= 0 || l->head < 0 || l->head >= tr->heads)
        return 2;   /* one ÷√d cell, as the ÷√d table prints it */
    return check_scaled_digits(tr, l->head, l->row);
}

/* One number of a link as the tables print it: a share in percent, else with `digits`
 * decimals (chain_digits's, found once per link). */
static void chain_number(const OriginLink *l, int i, int digits, char *buf, size_t cap)
{
    if (l->table == ORIGIN_WEIGHTS)
        format_percent(buf, cap, l->numbers[i]);
    else
        format_fixed(buf, cap, l->numbers[i], digits);
}

/* Appends the link's numbers to line while it stays within cols columns; the rest as "…". */
static void chain_numbers(const ViewCtx *c, const OriginChain *ch, const OriginLink *l, int cols,
                          char *line, size_t cap)
{
    int shown = 0;
    char num[FORMAT_BYTES], more[64];
    snprintf(more, sizeof more, SAY(c, " %s (%d numbers)", " %s（共 %d 个数）"), c->gl->ellipsis,
             l->total);
    int all_w = 0, digits = chain_digits(c, ch, l);   /* every number, when the link keeps them all */
    for (int i = 0; i < l->n; i++) {
        chain_number(l, i, digits, num, sizeof num);
        all_w += (int)strlen(num) + 1;
    }
    int more_w = l->n == l->total && text_width(line) + all_w <= cols ? 0 : text_width(more);
    for (int i = 0; i < l->n; i++) {
        chain_number(l, i, digits, num, sizeof num);
        int room = cols - text_width(line) - more_w;
        if ((int)strlen(num) + 1 > room)
            break;
        draw_append(line, cap, " %s", num);
        shown++;
    }
    if (shown < l->total)
        draw_append(line, cap, "%s", more);
}

/* text padded with blanks to cols columns (at least one blank after it). */
static void chain_pad(char *line, size_t cap, const char *text, int cols)
{
    draw_append(line, cap, "%s", text);
    int w = text_width(text);
    do
        draw_append(line, cap, " ");
    while (++w < cols);
}

/* The given links named on one line of at most cols columns: "← Wv[·][0], Wq, Wk, e(·),
 * pe(·): given (the model's; pe by lesson 5)", without the words in brackets when they do
 * not fit (two heads at 80 columns: "… pe(三,加,五,等): given (the model's;" was cut). */
static void chain_given_line(const ViewCtx *c, const OriginChain *ch, int cols, char *line,
                             size_t cap)
{
    char label[160];
    snprintf(line, cap, "%s ", c->ascii ? "<-" : "←");
    bool any = false;
    for (int i = 0; i < ch->n; i++) {
        if (ch->link[i].op != ORIGIN_OP_GIVEN)
            continue;
        chain_label(c, ch, &ch->link[i], label, sizeof label);
        draw_append(line, cap, "%s%s", any ? SAY(c, ", ", "、") : "", label);
        any = true;
    }
    const char *tail = SAY(c, ": given (the model's; pe by lesson 5)", "：给定（模型里的数；位置指纹按第 5 课）");
    if (text_width(line) + text_width(tail) > cols)
        tail = SAY(c, ": given", "：给定");
    draw_append(line, cap, "%s", tail);
}

/* The row and column LN₁'s hand check works: x's link's own when it has one, else the
 * chosen number's row and column (its table is d wide), else the UI's dimension. */
static void chain_norm_cell(const ViewCtx *c, const OriginChain *ch, int *t, int *j)
{
    const OriginLink *x = &ch->link[ch->link_of[ORIGIN_X]], *first = &ch->link[0];
    bool wide = first->table == ORIGIN_OUTPUT || first->table == ORIGIN_Q || first->table == ORIGIN_K ||
                first->table == ORIGIN_V || first->table == ORIGIN_X;
    *t = x->row >= 0 ? x->row : first->row;
    *j = x->col >= 0 ? x->col : wide && first->col >= 0 ? first->col
       : c->ui->dim >= 0 && c->ui->dim < c->tr->d ? c->ui->dim : 0;
}

/* LN₁'s hand check of the x the chain reaches on a layered model's layer, on two lines:
 * the row's mean, σ² and std; then one x redone from the printed numbers. */
static void chain_norm_lines(const ViewCtx *c, const OriginChain *ch, ChainText *out)
{
    int t, j;
    CheckedNorm n;
    if (!c->tr->layered || !c->numbers || ch->link_of[ORIGIN_X] < 0 || out->n + 2 > CHAIN_MAX_LINES)
        return;
    chain_norm_cell(c, ch, &t, &j);
    if (!check_norm(&n, c->tr, t, j, CHECK_TABLE_DIGITS))
        return;
    char mean[FORMAT_BYTES], var[FORMAT_BYTES], std[FORMAT_BYTES], in[FORMAT_BYTES];
    char gain[FORMAT_BYTES], bias[FORMAT_BYTES], x[FORMAT_BYTES];
    format_fixed(mean, sizeof mean, n.mean, n.digits);
    format_fixed(var, sizeof var, n.var, n.digits);
    format_fixed(std, sizeof std, n.std, n.digits);
    format_fixed(in, sizeof in, n.in, n.digits);
    format_fixed(gain, sizeof gain, n.gain, n.digits);
    format_fixed(bias, sizeof bias, n.bias, n.digits);
    format_fixed(x, sizeof x, n.same ? n.x : n.value, CHECK_TABLE_DIGITS);
    snprintf(out->line[out->n++], CHAIN_LINE_BYTES,
             SAY(c, "   LN₁(%s): mean = Σ in ÷ %d = %s, σ² = %s, %s(σ² + 1e-5) = %s",
                    "   LN₁(%s)：平均 = Σ 输入 ÷ %d = %s，σ² = %s，%s(σ² + 1e-5) = %s"),
             c->tok[t], c->tr->d, mean, var, c->gl->sqrt, std);
    snprintf(out->line[out->n++], CHAIN_LINE_BYTES, "   x(%s)[%d] = (%s − %s) ÷ %s × γ %s + β %s %s %s",
             c->tok[t], j, in, mean, std, gain, bias, n.same ? "=" : "≈", x);
}

void chain_text(const ViewCtx *c, const OriginChain *ch, int cols, bool brief, ChainText *out)
{
    char label[ORIGIN_MAX_LINKS][160], op[ORIGIN_MAX_LINKS][96], num[FORMAT_BYTES];
    int label_w = 0, op_w = 0;   /* the columns: the widest of each, and a blank */
    for (int i = 0; i < ch->n; i++) {
        chain_label(c, ch, &ch->link[i], label[i], sizeof label[i]);
        chain_op(c, ch, &ch->link[i], op[i], sizeof op[i]);
        if (brief && ch->link[i].op == ORIGIN_OP_GIVEN && i > 0)
            continue;
        if (text_width(label[i]) + 1 > label_w)
            label_w = text_width(label[i]) + 1;
        if (text_width(op[i]) + 1 > op_w)
            op_w = text_width(op[i]) + 1;
    }
    chain_number(&ch->link[0], 0, chain_digits(c, ch, &ch->link[0]), num, sizeof num);
    if (c->numbers)
        snprintf(out->title, sizeof out->title, SAY(c, "where %s = %s comes from", "%s = %s 从哪来"),
                 label[0], num);
    else
        snprintf(out->title, sizeof out->title, SAY(c, "where %s comes from", "%s 从哪来"), label[0]);
    out->n = 0;
    bool given = false;
    for (int i = 0; i < ch->n && out->n < CHAIN_MAX_LINES; i++) {
        const OriginLink *l = &ch->link[i];
        if (brief && l->op == ORIGIN_OP_GIVEN && i > 0) {
            if (!given)
                chain_given_line(c, ch, cols, out->line[out->n++], CHAIN_LINE_BYTES);
            given = true;
            continue;
        }
        char *line = out->line[out->n++];
        line[0] = '\0';
        draw_append(line, CHAIN_LINE_BYTES, "%s ", i == 0 ? " " : c->ascii ? "<-" : "←");
        chain_pad(line, CHAIN_LINE_BYTES, label[i], label_w);
        chain_pad(line, CHAIN_LINE_BYTES, op[i], op_w);
        if (c->numbers)   /* n hides them: the links and their operations still tell it */
            chain_numbers(c, ch, l, cols, line, CHAIN_LINE_BYTES);
    }
    chain_norm_lines(c, ch, out);
}

/* ---------------------------------------------------------------- the panel */

void chain_panel_draw(const ViewCtx *c, const ViewOps *v)
{
    OriginChain ch;
    if (!c->g || !c->ui->origin || !chain_of_view(c, v, &ch))
        return;
    const Rect *b = &c->body;
    int inner = b->w - 4;
    ChainText text;
    chain_text(c, &ch, inner, false, &text);
    if (text.n + 2 > b->h - CHAIN_VIEW_ROWS)   /* leave the view room: the given on one line */
        chain_text(c, &ch, inner, true, &text);
    int rows = text.n + 2;
    if (rows > b->h)
        rows = b->h;
    Rect box = { b->x, b->y + b->h - rows, b->w, rows };
    char title[2 * CHAIN_LINE_BYTES], shown[2 * CHAIN_LINE_BYTES];
    snprintf(title, sizeof title, "%s", text.title);
    draw_drawable(c->ascii, title, shown, sizeof shown);
    draw_box(c->g, c->gl, box, shown, STYLE_HELP);
    char keys[128];
    snprintf(keys, sizeof keys, SAY(c, " %s/%s closes ", " %s/%s 关闭 "),
             action_key_label(ACTION_ORIGIN), action_key_label(ACTION_CLOSE));
    int kw = text_width(keys);
    if (text_width(shown) + kw + 6 <= box.w)
        draw_clipped(c->g, box.x + box.w - 2 - kw, box.y, box.x + box.w - 1, keys, STYLE_HELP);
    int limit = box.x + box.w - 1;
    for (int i = 0; i < text.n && i < rows - 2; i++) {
        draw_drawable(c->ascii, text.line[i], shown, sizeof shown);
        draw_clipped(c->g, box.x + 1, box.y + 1 + i, limit, shown, STYLE_HELP);
    }
    if (text.n > rows - 2 && rows > 2) {   /* the links that do not fit: said on the last row */
        snprintf(title, sizeof title, SAY(c, " %s %d more links (a taller terminal shows them)",
                                          " %s 还有 %d 步（终端再高一些就能看到）"),
                 c->gl->ellipsis, text.n - (rows - 3));
        draw_drawable(c->ascii, title, shown, sizeof shown);
        for (int col = box.x + 1; col < limit; col++)
            grid_put_char(c->g, col, box.y + rows - 2, " ", STYLE_HELP);
        draw_clipped(c->g, box.x + 1, box.y + rows - 2, limit, shown, STYLE_HELP);
    }
}
