/* view_similarity.c — station 2: why "who is like me" is not enough. Lesson 4's similarity
 * table beside attention, in three troubles: it is symmetric (one number for both
 * directions of 等 and 加), content only (等's row is one row whatever the sentence), and
 * it finds likeness, not need (? resembles nothing, yet looks where the answer comes from).
 * Owns: the view's layout (all troubles at once, or one stepped with its keys), its tables,
 * rows, shades and bars, and its row of the view table.
 * Must not touch: ncurses, the clock, the engine's arithmetic (it reads the Lesson). */
#include "view_similarity.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "check.h"
#include "format.h"
#include "view.h"

/* The trouble the view's state has chosen (0..SIM_TROUBLES-1). */
static int sim_trouble(const ViewCtx *c)
{
    const SimState *st = c->state;
    return st->trouble < 0 || st->trouble >= SIM_TROUBLES ? 0 : st->trouble;
}

/* ---------------------------------------------------------------- the frames' cache */

/* What frames keep for the screen: its paragraphs broken into rows (the layout measures
 * each several times a frame, and they change only with the numbers, the language, the
 * focus or the size). */
typedef struct {
    DrawParagraphMemo paragraphs;   /* keyed on each paragraph's text and width */
    DrawNumberMemo numbers;         /* the tables' numbers formatted, keyed on each value */
} SimCache;

static void *similarity_cache_new(void)
{
    return calloc(1, sizeof(SimCache));
}

static void similarity_cache_free(void *cache)
{
    free(cache);
}

/* draw_paragraph with the screen's kept rows (g NULL only measures). */
static int sim_paragraph(const ViewCtx *c, Grid *g, int x, int y, int w, int max_rows,
                         const char *text, Style style)
{
    SimCache *k = c->cache;
    return draw_paragraph_memo(k ? &k->paragraphs : NULL, g, c->gl, x, y, w, max_rows, text, style);
}

/* The numbers the frames' cache keeps formatted (NULL: none). */
static DrawNumberMemo *sim_numbers(const ViewCtx *c)
{
    SimCache *k = c->cache;
    return k ? &k->numbers : NULL;
}

/* ---------------------------------------------------------------- sizes */

#define SIM_LABEL 3        /* a table's label column: one CJK character (or brief label) and a blank */
#define SIM_GAP 2          /* columns between two tables side by side */
#define SIM_CELL_MIN 6     /* columns per number at least ("-6.23" and a blank) */
#define SIM_CELL_MAX 7     /* and at most */
#define SIM_NOTE_MIN 16    /* columns a note beside a stacked table needs */
#define SIM_MAX_COLS 32    /* characters trouble 2's shared row can hold (two sentences) */
#define SIM_LINE 1024      /* bytes of one line of text */

/* ---------------------------------------------------------------- the characters */

/* The first seat of the character ch in trace tr, or -1. */
static int seat_of(const Trace *tr, const char *ch)
{
    for (int t = 0; t < tr->T; t++)
        if (strcmp(tr->tokens[t], ch) == 0)
            return t;
    return -1;
}

/* The first seat of vocabulary entry id in trace tr, or -1. */
static int seat_of_id(const Trace *tr, int id)
{
    for (int t = 0; t < tr->T; t++)
        if (tr->ids[t] == id)
            return t;
    return -1;
}

/* Character t of trace tr as drawn: its label, or its brief label (draw.h). */
static const char *trace_label(const ViewCtx *c, const Trace *tr, int t, bool brief, char *buf,
                               size_t cap)
{
    if (brief)
        return draw_char_brief(c->ascii, tr->tokens[t], buf, cap);
    return draw_char_label(c->ascii, tr->tokens[t], buf, cap);
}

/* Whether every character of tr has a label of at most cols columns. */
static bool trace_labels_fit(const ViewCtx *c, const Trace *tr, int cols)
{
    char buf[DRAW_LABEL_BYTES];
    for (int t = 0; t < tr->T; t++)
        if (text_width(trace_label(c, tr, t, false, buf, sizeof buf)) > cols)
            return false;
    return true;
}

/* The course character ch as the text names it: itself, or its ASCII label. */
static const char *named(const ViewCtx *c, const char *ch, char *buf, size_t cap)
{
    return draw_char_label(c->ascii, ch, buf, cap);
}

/* ", head 1" when the lesson runs two heads (the one whose numbers are shown), else "". */
static const char *head_note(const ViewCtx *c, const SimFocus *f)
{
    if (c->tr->heads < 2)
        return "";
    if (c->lang == LANG_ZH)
        return f->head == 0 ? "，头 1" : "，头 2";
    return f->head == 0 ? ", head 1" : ", head 2";
}

/* The asker of trouble 3 is the lesson's ? (not just the last character). */
static bool asker_is_mark(const ViewCtx *c, const SimFocus *f)
{
    return strcmp(c->tr->tokens[f->asker], "?") == 0;
}

/* How the view names lesson 4's table: "lesson 4", numbers shown or hidden (hiding numbers
 * hides data values, never the number of a lesson). */
static const char *lesson4(const ViewCtx *c)
{
    return SAY(c, "lesson 4", "第 4 课");
}

void similarity_focus(const ViewCtx *c, SimFocus *f)
{
    const Trace *tr = c->tr;
    const Lesson *ls = c->ls;
    memset(f, 0, sizeof *f);
    f->head = tr->heads > 1 && c->ui->head > 0 ? c->ui->head : 0;
    int deng = seat_of(tr, "等");
    f->subject = deng >= 0 ? deng : c->focus;
    int order[MODEL_MAX_TOKENS];
    engine_share_order(tr, f->head, f->subject, order);
    f->partner = order[0] != f->subject || tr->T < 2 ? order[0] : order[1];
    bool both = deng >= 0 && ls->has_alt && seat_of(&ls->alt, "等") >= 0;
    f->compared = both ? deng : c->focus;
    f->alt_seat = ls->has_alt ? seat_of_id(&ls->alt, tr->ids[f->compared]) : -1;
    int mark = seat_of(tr, "?");
    f->asker = mark >= 0 ? mark : tr->T - 1;
    f->sources = 0;
    if (deng > 0 && deng < f->asker)
        for (int s = 0; s < deng; s++)
            f->sources |= 1u << s;
}

/* ---------------------------------------------------------------- cells */

/* The shade of v on the scale lo..hi, lightest to darkest (never blank: a blank cell
 * would read as a missing one). */
static const char *shade_of(const ViewCtx *c, double v, double lo, double hi)
{
    int level = hi > lo ? 1 + (int)((v - lo) / (hi - lo) * 4.0) : 2;
    level = level < 1 ? 1 : level > 4 ? 4 : level;
    return c->gl->shades[level];
}

/* Whether the grid's cell at (x, y) is a blank (false outside the grid). */
static bool cell_blank(const ViewCtx *c, int x, int y)
{
    const Cell *cell = grid_cell(c->g, x, y);
    return cell && strcmp(cell->glyph, " ") == 0;
}

/* One cell of cw columns at x: text right-aligned. A marked one is lit and bracketed (drawn
 * after its row's other cells, so that the next one is there to see): in its column, "["
 * in its padding and "]" in the next cell's first column, when a blank still parts it from
 * the next number ("3.72 [-0.24] -1.07"); else "[text]" within the cell when it has the
 * room ("7.05[2.08] -2.66", not "[2.08]-2.66"); else only lit. */
static void cell_text(const ViewCtx *c, int x, int y, int cw, const char *text, bool marked, Style st)
{
    int w = text_width(text);
    if (marked && w + 1 <= cw && cell_blank(c, x + cw, y) && cell_blank(c, x + cw + 1, y)) {
        draw_right(c->g, x, y, cw, text, STYLE_FOCUS);
        grid_put_text(c->g, x + cw - w - 1, y, "[", STYLE_FOCUS);
        grid_put_text(c->g, x + cw, y, "]", STYLE_FOCUS);
        return;
    }
    if (marked && w + 2 <= cw) {
        char buf[64];
        snprintf(buf, sizeof buf, "[%s]", text);
        draw_right(c->g, x, y, cw, buf, STYLE_FOCUS);
        return;
    }
    draw_right(c->g, x, y, cw, text, marked ? STYLE_FOCUS : st);
}

/* A number cell (two decimals), or its shade when numbers are hidden. */
static void cell_value(const ViewCtx *c, int x, int y, int cw, double v, double lo, double hi,
                       bool marked)
{
    char buf[64] = "";
    if (c->numbers) {
        draw_fixed_memo(sim_numbers(c), buf, sizeof buf, v, 2);
    } else {
        const char *s = shade_of(c, v, lo, hi);
        for (int i = 0; i < cw - 3; i++)
            draw_append(buf, sizeof buf, "%s", s);
    }
    cell_text(c, x, y, cw, buf, marked, STYLE_NORMAL);
}

/* A share cell: "52.4%", or a bar from the cell's second column when numbers are hidden. */
static void cell_share(const ViewCtx *c, int x, int y, int cw, double share, bool marked, bool masked)
{
    char buf[64];
    if (masked) {
        draw_right(c->g, x, y, cw, c->numbers ? "0.0%" : "", STYLE_DIM);
        return;
    }
    if (c->numbers) {
        draw_percent_memo(sim_numbers(c), buf, sizeof buf, share);
        cell_text(c, x, y, cw, buf, marked, STYLE_NORMAL);
        return;
    }
    draw_bar_text(c->ascii, share, cw - 1, buf, sizeof buf);
    grid_put_text(c->g, x + 1, y, buf, marked ? STYLE_FOCUS : STYLE_SERIES_B);
}

/* A character as a column head, right-aligned in its cell. */
static void cell_head(const ViewCtx *c, int x, int y, int cw, const char *ch, bool lit)
{
    draw_right(c->g, x, y, cw, ch, lit ? STYLE_FOCUS : STYLE_TOKEN);
}

/* ---------------------------------------------------------------- trouble 1's tables */

typedef enum { TABLE_SIMILARITY, TABLE_VOCABULARY, TABLE_SCORES } TableKind;

/* Rows (and columns) of a table. */
static int table_n(const ViewCtx *c, TableKind k)
{
    return k == TABLE_VOCABULARY ? c->ls->model->vocab_size : c->tr->T;
}

/* Row (and column) i's character as the table writes it: its label or its brief one. */
static const char *table_label(const ViewCtx *c, TableKind k, int i, bool brief, char *buf,
                               size_t cap)
{
    if (k == TABLE_VOCABULARY)
        return draw_char_label(c->ascii, c->ls->model->vocab[i], buf, cap);
    return trace_label(c, c->tr, i, brief, buf, cap);
}

static double table_value(const ViewCtx *c, const SimFocus *f, TableKind k, int r, int s)
{
    switch (k) {
    case TABLE_VOCABULARY: return engine_vocab_similarity(c->ls->model, r, s);
    case TABLE_SIMILARITY: return TRACE_SQ(c->tr, similarity, r, s);
    case TABLE_SCORES:     return TRACE_HSQ(c->tr, scores, f->head, r, s);
    }
    return 0.0;
}

/* The cell is one of the marked pair's two: (subject, partner) or (partner, subject). */
static bool table_marked(const ViewCtx *c, const SimFocus *f, TableKind k, int r, int s)
{
    int a = f->subject, b = f->partner;
    if (k == TABLE_VOCABULARY) {
        a = c->tr->ids[a];
        b = c->tr->ids[b];
    }
    return a != b && ((r == a && s == b) || (r == b && s == a));
}

/* A row label of the vocabulary table is lit when the sentence has that character. */
static bool table_lit(const ViewCtx *c, TableKind k, int i)
{
    return k != TABLE_VOCABULARY || seat_of_id(c->tr, i) >= 0;
}

/* The smallest and largest value of a table: its shades' scale. */
static void table_range(const ViewCtx *c, const SimFocus *f, TableKind k, double *lo, double *hi)
{
    int n = table_n(c, k);
    *lo = *hi = table_value(c, f, k, 0, 0);
    for (int r = 0; r < n; r++)
        for (int s = 0; s < n; s++) {
            double v = table_value(c, f, k, r, s);
            *lo = v < *lo ? v : *lo;
            *hi = v > *hi ? v : *hi;
        }
}

/* Columns table k takes with cells of cw and L's label column. */
static int table_width(const ViewCtx *c, const SimLayout *L, TableKind k, int cw)
{
    return (k == TABLE_VOCABULARY ? SIM_LABEL : L->label) + table_n(c, k) * cw;
}

/* The corner of a table: what its cells are. */
static void table_corner(const ViewCtx *c, TableKind k, char *buf, size_t cap)
{
    if (k == TABLE_SCORES)
        snprintf(buf, cap, "Q%sK", c->gl->dot);
    else
        snprintf(buf, cap, "e%se", c->gl->dot);
}

/* The first row of a table of `rows` rows (its heads included) that shows the marked pair's
 * rows, the pair's first when both do not fit; 0 when every row fits. */
static int table_first_row(const ViewCtx *c, const SimFocus *f, TableKind k, int rows)
{
    int n = table_n(c, k), shown = rows - 1 < 1 ? 1 : rows - 1, lo = -1, hi = -1;
    if (shown >= n)
        return 0;
    for (int r = 0; r < n; r++)
        for (int s = 0; s < n; s++)
            if (table_marked(c, f, k, r, s)) {
                lo = lo < 0 ? r : lo;
                hi = r;
            }
    if (lo < 0)
        return 0;
    int first = hi - (shown - 1) > 0 ? hi - (shown - 1) : 0;
    return first > lo ? lo : first;
}

/* True while predict asks whether the scores are mirrored (the tour's question at this
 * trouble): the Q·K table and its words wait for the answer, so the screen does not give it. */
static bool scores_wait(const ViewCtx *c)
{
    return c->ui->predict.kind == PREDICT_MIRROR && !c->ui->predict.revealed;
}

/* A table at (x, y): column heads, then as many rows (from row `first`) and columns as fit
 * in rows × cols; the Q·K table's cells blank while a question about them waits. Returns
 * the rows drawn. */
static int draw_table(const ViewCtx *c, const SimFocus *f, const SimLayout *L, TableKind k, int x,
                      int y, int rows, int cols, int first)
{
    int n = table_n(c, k), cw = L->cell, lab = k == TABLE_VOCABULARY ? SIM_LABEL : L->label;
    int ncols = (cols - lab) / cw < n ? (cols - lab) / cw : n;
    int nrows = rows - 1 < n - first ? rows - 1 : n - first;
    double lo, hi;
    char corner[32], label[DRAW_LABEL_BYTES];
    table_range(c, f, k, &lo, &hi);
    table_corner(c, k, corner, sizeof corner);
    draw_clipped(c->g, x, y, x + lab + cw - 2, corner, STYLE_DIM);
    bool heads_brief = k != TABLE_VOCABULARY && !trace_labels_fit(c, c->tr, cw - 1);
    for (int s = 0; s < ncols; s++)
        cell_head(c, x + lab + s * cw, y, cw, table_label(c, k, s, heads_brief, label, sizeof label), false);
    for (int i = 0; i < nrows; i++) {
        int r = first + i, row = y + 1 + i;
        grid_put_text(c->g, x, row, table_label(c, k, r, L->brief, label, sizeof label),
                      table_lit(c, k, r) ? STYLE_TOKEN : STYLE_DIM);
        for (int pass = 0; pass < 2; pass++)   /* the marked cells last: they look right */
            for (int s = 0; s < ncols; s++) {
                int cx = x + lab + s * cw;
                bool marked = table_marked(c, f, k, r, s);
                if (marked != (pass == 1))
                    continue;
                if (k == TABLE_SCORES && scores_wait(c))
                    draw_right(c->g, cx, row, cw, "?", STYLE_DIM);
                else if (k == TABLE_SCORES && !engine_visible(c->tr, r, s))
                    draw_right(c->g, cx, row, cw, c->gl->minus_inf, STYLE_DIM);
                else
                    cell_value(c, cx, row, cw, table_value(c, f, k, r, s), lo, hi, marked);
            }
    }
    return 1 + nrows;
}

/* ---------------------------------------------------------------- trouble 1's words */

/* "lesson 4: e·eᵀ — who is like whom" over the similarity table. */
static void caption_similarity(const ViewCtx *c, char *buf, size_t cap)
{
    if (c->lang == LANG_ZH)
        snprintf(buf, cap, "%s：相似度 e%se%s（e = 词向量） · 谁像谁", lesson4(c), c->gl->dot, c->gl->transpose);
    else
        snprintf(buf, cap, "%s: e%se%s%swho is like whom", lesson4(c), c->gl->dot, c->gl->transpose, c->gl->dash);
}

/* "scores Q·Kᵀ — whom do I look at" over the scores table (and the head shown). */
static void caption_scores(const ViewCtx *c, const SimFocus *f, char *buf, size_t cap)
{
    if (c->lang == LANG_ZH)
        snprintf(buf, cap, "打分 Q%sK%s · 我该看谁", c->gl->dot, c->gl->transpose);
    else
        snprintf(buf, cap, "scores Q%sK%s%swhom do I look at", c->gl->dot, c->gl->transpose, c->gl->dash);
    if (c->tr->heads > 1)
        draw_append(buf, cap, SAY(c, ", head %d", "，头 %d"), f->head + 1);
}

/* Under the similarity table: the pair's one number, twice. */
static void statement_similarity(const ViewCtx *c, const SimFocus *f, char *buf, size_t cap)
{
    const char *a = c->tok[f->subject], *b = c->tok[f->partner];
    char v[FORMAT_BYTES];
    format_fixed(v, sizeof v, TRACE_SQ(c->tr, similarity, f->subject, f->partner), 2);
    if (!c->numbers)
        snprintf(buf, cap, SAY(c, "%s%s%s and %s%s%s: one shade twice", "%s%s%s 和 %s%s%s：同一个深浅"),
                 a, c->gl->dot, b, b, c->gl->dot, a);
    else
        snprintf(buf, cap, SAY(c, "%s%s%s = %s%s%s = %s: one number twice", "%s%s%s = %s%s%s = %s：同一个数出现两次"),
                 a, c->gl->dot, b, b, c->gl->dot, a, v);
}

/* Under the scores table: the pair's two directions, two numbers. */
static void statement_scores(const ViewCtx *c, const SimFocus *f, char *buf, size_t cap)
{
    const Trace *tr = c->tr;
    const char *a = c->tok[f->subject], *b = c->tok[f->partner];
    double ab = TRACE_HSQ(tr, scores, f->head, f->subject, f->partner);
    double ba = TRACE_HSQ(tr, scores, f->head, f->partner, f->subject);
    if (scores_wait(c)) {
        snprintf(buf, cap, "%s", SAY(c, "answer the question above: then the scores show",
                                        "先回答上面的问题，再看分数"));
        return;
    }
    if (!engine_visible(tr, f->partner, f->subject)) {
        if (c->lang == LANG_ZH)
            snprintf(buf, cap, "掩码让「%s」看不见「%s」（第 7 课）", b, a);
        else
            snprintf(buf, cap, "the mask hides %s from %s (lesson 7)", a, b);
        return;
    }
    if (!c->numbers) {
        if (c->lang == LANG_ZH)
            snprintf(buf, cap, "「%s」问「%s」的分数比「%s」问「%s」%s", a, b, b, a, ab > ba ? "高" : "低");
        else
            snprintf(buf, cap, "%s asking %s scores %s than %s asking %s", a, b,
                     ab > ba ? "higher" : "lower", b, a);
        return;
    }
    char x[FORMAT_BYTES], y[FORMAT_BYTES], nab[64], nba[64];
    format_fixed(x, sizeof x, ab, 2);
    format_fixed(y, sizeof y, ba, 2);
    /* a score the learner set (what if) is named score(a→b), not Q(a)·K(b) */
    draw_score_name(c, f->head, f->subject, f->partner, nab, sizeof nab);
    draw_score_name(c, f->head, f->partner, f->subject, nba, sizeof nba);
    snprintf(buf, cap, SAY(c, "%s = %s, %s = %s: two numbers", "%s = %s，%s = %s：同一对字，两个方向，两个不同的数"),
             nab, x, nba, y);
}

/* The trouble in words: the lesson's own when the pair is its 等 and 加. */
static void paragraph_symmetric(const ViewCtx *c, const SimFocus *f, char *buf, size_t cap)
{
    const char *a = c->tok[f->subject], *b = c->tok[f->partner];
    bool lesson = strcmp(c->tr->tokens[f->subject], "等") == 0 &&
                  strcmp(c->tr->tokens[f->partner], "加") == 0;
    /* while the mirror question waits, only what lesson 4 showed: why symmetry is a
     * trouble would say the answer */
    if (scores_wait(c)) {
        snprintf(buf, cap, "%s", SAY(c, "Lesson 4's table answers \"who is like whom\": one number for both "
                                        "directions of a pair. Will the scores of attention be the same?",
                                        "第 4 课那张表回答的是「谁像谁」：一对字的两个方向是同一个数。"
                                        "注意力的分数也这样吗？"));
        return;
    }
    if (c->lang == LANG_ZH) {
        snprintf(buf, cap, "%s那张表回答的是「谁像谁」，注意力要回答的是「我该看谁一眼」。"
                 "对称意味着「谁在问」和「谁在答」是同一个角色。%s%s",
                 "第 4 课", lesson ? "可「等」需要从「加」那里知道「该做加法了」，而「加」并不需要从「等」那里知道这个。" : "",
                 "Q 和 K 来自两张不同的矩阵，同一对字的两个方向就有了两个分数。");
        return;
    }
    snprintf(buf, cap, "%s table answers \"who is like whom\"; attention must answer \"whom should "
             "I look at\". Symmetric means the one asking and the one answering are one role. ",
             "Lesson 4's");
    if (lesson)
        draw_append(buf, cap, "But %s needs to learn from %s that we are adding, and %s needs nothing of "
                    "the sort from %s. ", a, b, b, a);
    else
        draw_append(buf, cap, "But what %s needs from %s is not what %s needs from %s. ", a, b, b, a);
    draw_append(buf, cap, "Q and K come from two different matrices, so the two directions of a pair get "
                "two numbers.");
}

/* ---------------------------------------------------------------- trouble 1 */

/* Whether a layout of trouble 1 fits w columns with cells of cw. */
static bool symmetric_fits(const ViewCtx *c, const SimLayout *L, SimTables t, int w, int cw)
{
    int sentence = table_width(c, L, TABLE_SIMILARITY, cw);
    switch (t) {
    case SIM_TABLES_VOCABULARY:   /* its characters are the model's, not ASCII: not in ASCII mode */
        return !c->ascii && table_width(c, L, TABLE_VOCABULARY, cw) + SIM_GAP + sentence <= w;
    case SIM_TABLES_SIDE:
        return 2 * sentence + SIM_GAP <= w;
    case SIM_TABLES_STACKED:
        return true;
    }
    return false;
}

/* The left table: the vocabulary's or the sentence's similarity. */
static TableKind left_table(const SimLayout *L)
{
    return L->tables == SIM_TABLES_VOCABULARY ? TABLE_VOCABULARY : TABLE_SIMILARITY;
}

/* Side by side: the left table's columns, and where the right one starts. */
static void side_columns(const ViewCtx *c, const SimLayout *L, int *lw, int *rx, int *rw)
{
    *lw = table_width(c, L, left_table(L), L->cell);
    *lw = *lw < L->w ? *lw : L->w;
    *rx = L->x + *lw + SIM_GAP;
    *rw = L->x + L->w - *rx;
}

/* Rows of the statements under the tables side by side (at most 2). */
static int side_statement_rows(const ViewCtx *c, const SimFocus *f, const SimLayout *L)
{
    char buf[SIM_LINE];
    int lw, rx, rw;
    side_columns(c, L, &lw, &rx, &rw);
    statement_similarity(c, f, buf, sizeof buf);
    int a = sim_paragraph(c, NULL, 0, 0, lw, 2, buf, STYLE_NORMAL);
    statement_scores(c, f, buf, sizeof buf);
    int b = sim_paragraph(c, NULL, 0, 0, rw, 2, buf, STYLE_NORMAL);
    return a > b ? a : b;
}

static int symmetric_core(const ViewCtx *c, const SimFocus *f, const SimLayout *L)
{
    int T = c->tr->T;
    if (L->tables == SIM_TABLES_STACKED)
        return 1 + 2 * (1 + T);
    return 1 + 1 + 1 + table_n(c, left_table(L)) + side_statement_rows(c, f, L);
}

/* The two tables side by side, each with its caption above and its statement below. */
static void symmetric_side(const ViewCtx *c, const SimFocus *f, const SimLayout *L, int y)
{
    char buf[SIM_LINE];
    int lw, rx, rw, T = c->tr->T;
    side_columns(c, L, &lw, &rx, &rw);
    int n = table_n(c, left_table(L));
    caption_similarity(c, buf, sizeof buf);
    draw_clipped(c->g, L->x, y, L->x + lw, buf, STYLE_BOLD);
    caption_scores(c, f, buf, sizeof buf);
    draw_clipped(c->g, rx, y, rx + rw, buf, STYLE_BOLD);
    draw_table(c, f, L, left_table(L), L->x, y + 1, 1 + n, lw, 0);
    draw_table(c, f, L, TABLE_SCORES, rx, y + 1, 1 + T, rw, 0);
    statement_similarity(c, f, buf, sizeof buf);
    sim_paragraph(c, c->g, L->x, y + 2 + n, lw, 2, buf, STYLE_NORMAL);
    statement_scores(c, f, buf, sizeof buf);
    sim_paragraph(c, c->g, rx, y + 2 + T, rw, 2, buf, STYLE_NORMAL);
}

/* One table of `rows` rows with its caption and statement in a column beside it (when there
 * is room): every row, or those around the marked pair when the body is too short. */
static void symmetric_one_stacked(const ViewCtx *c, const SimFocus *f, const SimLayout *L,
                                  TableKind k, int y, int rows)
{
    char cap[SIM_LINE], said[SIM_LINE];
    int T = rows - 1, tw = table_width(c, L, k, L->cell);
    draw_table(c, f, L, k, L->x, y, rows, L->w, table_first_row(c, f, k, rows));
    if (k == TABLE_SCORES) {
        caption_scores(c, f, cap, sizeof cap);
        statement_scores(c, f, said, sizeof said);
    } else {
        caption_similarity(c, cap, sizeof cap);
        statement_similarity(c, f, said, sizeof said);
    }
    int nx = L->x + tw + SIM_GAP, nw = L->x + L->w - nx;
    if (nw < SIM_NOTE_MIN)
        return;
    int used = sim_paragraph(c, c->g, nx, y, nw, 1 + T, cap, STYLE_BOLD);
    sim_paragraph(c, c->g, nx, y + used, nw, 1 + T - used, said, STYLE_NORMAL);
}

static void symmetric_draw(const ViewCtx *c, const SimFocus *f, const SimLayout *L, int y)
{
    if (L->tables != SIM_TABLES_STACKED) {
        symmetric_side(c, f, L, y + 1);
        return;
    }
    /* both tables whole, or (the body too short for them) as many rows each as it has,
     * around the marked pair: the point of the trouble stays on screen */
    int whole = 1 + c->tr->T, room = (L->rows[0] - 1) / 2;
    int rows = room < whole ? (room < 2 ? 2 : room) : whole;
    symmetric_one_stacked(c, f, L, TABLE_SIMILARITY, y + 1, rows);
    symmetric_one_stacked(c, f, L, TABLE_SCORES, y + 1 + rows, rows);
}

/* ---------------------------------------------------------------- trouble 2 */

/* The characters of both sentences, each once, in order (the row of lesson 4's table
 * that both sentences read from). Returns how many (vocabulary ids in ids). */
static int shared_columns(const ViewCtx *c, int *ids)
{
    int n = 0;
    const Trace *both[2] = { c->tr, c->ls->has_alt ? &c->ls->alt : NULL };
    for (int k = 0; k < 2; k++)
        for (int t = 0; both[k] && t < both[k]->T; t++) {
            bool seen = false;
            for (int i = 0; i < n; i++)
                seen = seen || ids[i] == both[k]->ids[t];
            if (!seen && n < SIM_MAX_COLS)
                ids[n++] = both[k]->ids[t];
        }
    return n;
}

/* The sentence of a trace, joined ("三加五等于?", "san jia wu deng yu ?"). */
static void trace_text(const ViewCtx *c, const Trace *tr, char *buf, size_t cap)
{
    draw_sentence_text(tr, c->ascii, false, buf, cap);
}

/* A character of a row of cells cw wide: its label when it leaves a blank, else its brief. */
static const char *head_label(const ViewCtx *c, const char *ch, int cw, char *buf, size_t cap)
{
    draw_char_label(c->ascii, ch, buf, cap);
    if (text_width(buf) > cw - 1)
        draw_char_brief(c->ascii, ch, buf, cap);
    return buf;
}

/* 等's row of lesson 4's table over the characters of both sentences. */
static void row_fixed(const ViewCtx *c, const SimFocus *f, int x, int y, int w, int cw)
{
    const Model *m = c->ls->model;
    int ids[SIM_MAX_COLS], n = shared_columns(c, ids), me = c->tr->ids[f->compared];
    int lw = c->tok_cols + 1 > SIM_LABEL ? c->tok_cols + 1 : SIM_LABEL, fit = (w - lw) / cw;
    double lo, hi;
    char label[DRAW_LABEL_BYTES];
    table_range(c, f, TABLE_SIMILARITY, &lo, &hi);
    grid_put_text(c->g, x, y + 1, c->tok[f->compared], STYLE_TOKEN);
    for (int i = 0; i < n && i < fit; i++) {
        int cx = x + lw + i * cw;
        cell_head(c, cx, y, cw, head_label(c, m->vocab[ids[i]], cw, label, sizeof label), ids[i] == me);
        cell_value(c, cx, y + 1, cw, engine_vocab_similarity(m, me, ids[i]), lo, hi, false);
    }
}

/* One sentence's attention row of the compared character: its characters, then shares. */
static void row_attention(const ViewCtx *c, const SimFocus *f, const Trace *tr, int seat,
                          int x, int y, int w, int cw, int lw, bool brief)
{
    char text[MODEL_MAX_TOKENS * DRAW_LABEL_BYTES], label[DRAW_LABEL_BYTES];
    draw_sentence_text(tr, c->ascii, brief, text, sizeof text);
    draw_clipped(c->g, x, y, x + lw - 1, text, STYLE_BOLD);
    int fit = (w - lw) / cw;
    bool whole = trace_labels_fit(c, tr, cw - 1);
    for (int s = 0; s < tr->T && s < fit; s++) {
        int cx = x + lw + s * cw;
        cell_head(c, cx, y, cw, trace_label(c, tr, s, !whole, label, sizeof label), s == seat);
        cell_share(c, cx, y + 1, cw, TRACE_HSQ(tr, weights, f->head, seat, s), false,
                   !engine_visible(tr, seat, s));
    }
}

/* The change of each seat's share from the sentence to the comparison, in points. */
static void row_change(const ViewCtx *c, const SimFocus *f, int x, int y, int w, int cw, int lw)
{
    const Trace *a = c->tr, *b = &c->ls->alt;
    if (!c->numbers || a->T != b->T || f->alt_seat != f->compared)
        return;
    draw_clipped(c->g, x, y, x + lw - 1, SAY(c, "change", "变化"), STYLE_DIM);
    int fit = (w - lw) / cw;
    char buf[FORMAT_BYTES + 2];
    for (int s = 0; s < a->T && s < fit; s++) {
        double d = check_percent_change(TRACE_HSQ(a, weights, f->head, f->compared, s),
                                        TRACE_HSQ(b, weights, f->head, f->alt_seat, s));
        char num[FORMAT_BYTES];
        format_fixed(num, sizeof num, d, 1);
        snprintf(buf, sizeof buf, "%s%s", d > 0.0 && strcmp(num, "0.0") != 0 ? "+" : "", num);
        draw_right(c->g, x + lw + s * cw, y, cw, buf, STYLE_DIM);
    }
    if (x + lw + a->T * cw + 1 + 6 <= x + w)
        grid_put_text(c->g, x + lw + a->T * cw + 1, y, SAY(c, "points", "个百分点"), STYLE_DIM);
}

/* "in 三加五等于? 等 looks most at 加 (52.4%); in 十减四等于? at 十 (43.1%)". */
static void conclusion_context(const ViewCtx *c, const SimFocus *f, char *buf, size_t cap)
{
    const Trace *a = c->tr, *b = &c->ls->alt;
    char ta[MODEL_MAX_TOKENS * DRAW_LABEL_BYTES], tb[MODEL_MAX_TOKENS * DRAW_LABEL_BYTES];
    char pa[FORMAT_BYTES + 4] = "", pb[FORMAT_BYTES + 4] = "", lb[DRAW_LABEL_BYTES];
    trace_text(c, a, ta, sizeof ta);
    trace_text(c, b, tb, sizeof tb);
    int sa = engine_strongest(a, f->head, f->compared), sb = engine_strongest(b, f->head, f->alt_seat);
    if (c->numbers) {
        char num[FORMAT_BYTES];
        snprintf(pa, sizeof pa, SAY(c, " (%s)", "（%s）"), format_percent(num, sizeof num, TRACE_HSQ(a, weights, f->head, f->compared, sa)));
        snprintf(pb, sizeof pb, SAY(c, " (%s)", "（%s）"), format_percent(num, sizeof num, TRACE_HSQ(b, weights, f->head, f->alt_seat, sb)));
    }
    snprintf(buf, cap, SAY(c, "in %s %s looks most at %s%s; in %s at %s%s",
                              "在「%s」里，「%s」看「%s」最多%s；在「%s」里看「%s」最多%s"),
             ta, c->tok[f->compared], c->tok[sa], pa, tb, trace_label(c, b, sb, false, lb, sizeof lb), pb);
}

static void paragraph_context(const ViewCtx *c, const SimFocus *f, char *buf, size_t cap)
{
    const char *ch = c->tok[f->compared];
    char ta[MODEL_MAX_TOKENS * DRAW_LABEL_BYTES], tb[MODEL_MAX_TOKENS * DRAW_LABEL_BYTES];
    trace_text(c, c->tr, ta, sizeof ta);
    trace_text(c, &c->ls->alt, tb, sizeof tb);
    if (c->lang == LANG_ZH)
        text_format(buf, cap, "相似度表的第 i 行，只由第 i 个字自己决定，跟这句话里有哪些字毫无关系："
                 "「%s」在「%s」里和在「%s」里读的是同一行。可它在这两句里该看的东西完全不同。"
                 "注意力拿 Q(%s) 去碰这句话里每个字的 K，所以它的那一行随句子而变。", ch, ta, tb, ch);
    else
        text_format(buf, cap, "Row i of the similarity table is decided by character i alone, whatever "
                 "sentence it stands in: %s reads the same row in %s and in %s. But what it should look "
                 "at differs. Attention meets Q(%s) with the keys of the sentence's own characters, so "
                 "its row changes with the sentence.", ch, ta, tb, ch);
}

/* The line under the rows: where the compared character looks most in each sentence, or
 * why there is nothing to compare. */
static void context_said(const ViewCtx *c, const SimFocus *f, char *buf, size_t cap)
{
    const Lesson *ls = c->ls;
    char tb[MODEL_MAX_TOKENS * DRAW_LABEL_BYTES];
    if (!ls->has_alt) {   /* the sentence as typed, by its characters' labels in ASCII mode */
        draw_drawable(c->ascii, ls->params.compare[0] ? ls->params.compare : LESSON_COMPARE_SENTENCE,
                      tb, sizeof tb);
        snprintf(buf, cap, SAY(c, "the sentence to compare with (%s) has a character this model does not know",
                                  "用来比较的句子（%s）里有这个模型不认识的字"), tb);
        return;
    }
    if (f->alt_seat < 0) {
        trace_text(c, &ls->alt, tb, sizeof tb);
        snprintf(buf, cap, SAY(c, "%s has no %s: nothing to compare", "「%s」里没有「%s」：没法比"),
                 tb, c->tok[f->compared]);
        return;
    }
    conclusion_context(c, f, buf, cap);
}

/* Rows of trouble 2: heading, the fixed row (caption, heads, values), the attention rows
 * (caption, two sentences of two rows), the change, and the line under them. */
static int context_core(const ViewCtx *c, const SimFocus *f, const SimLayout *L)
{
    char buf[SIM_LINE];
    context_said(c, f, buf, sizeof buf);
    return 1 + 3 + 1 + 4 + 1 + sim_paragraph(c, NULL, 0, 0, L->w, 2, buf, STYLE_NORMAL);
}

static void context_draw(const ViewCtx *c, const SimFocus *f, const SimLayout *L, int y)
{
    char buf[SIM_LINE];
    int x = L->x, w = L->w, cw = L->cell;
    const Lesson *ls = c->ls;
    const char *ch = c->tok[f->compared];
    y++;
    snprintf(buf, sizeof buf, SAY(c, "%s: %s's row, one row in every sentence",
                                     "%s：「%s」的那一行，每句话都一样"), lesson4(c), ch);
    draw_clipped(c->g, x, y, x + w, buf, STYLE_BOLD);
    row_fixed(c, f, x, y + 1, w, cw);
    snprintf(buf, sizeof buf, SAY(c, "attention: %s's shares, a row per sentence%s",
                                     "注意力：「%s」的百分比，每句一行%s"), ch, head_note(c, f));
    draw_clipped(c->g, x, y + 3, x + w, buf, STYLE_BOLD);
    int lw = 0;
    bool brief = false;
    for (int form = 0; form < 2; form++) {   /* the sentences' labels, brief when too wide */
        char ta[MODEL_MAX_TOKENS * DRAW_LABEL_BYTES], tb[MODEL_MAX_TOKENS * DRAW_LABEL_BYTES] = "";
        brief = form == 1;
        draw_sentence_text(c->tr, c->ascii, brief, ta, sizeof ta);
        if (ls->has_alt)
            draw_sentence_text(&ls->alt, c->ascii, brief, tb, sizeof tb);
        lw = (text_width(ta) > text_width(tb) ? text_width(ta) : text_width(tb)) + 2;
        lw = lw < 2 * SIM_LABEL + 1 ? 2 * SIM_LABEL + 1 : lw;
        if (lw + c->tr->T * cw <= w)
            break;
    }
    row_attention(c, f, c->tr, f->compared, x, y + 4, w, cw, lw, brief);
    if (ls->has_alt && f->alt_seat >= 0) {
        row_attention(c, f, &ls->alt, f->alt_seat, x, y + 6, w, cw, lw, brief);
        row_change(c, f, x, y + 8, w, cw, lw);
    }
    context_said(c, f, buf, sizeof buf);
    sim_paragraph(c, c->g, x, y + 9, w, 2, buf, ls->has_alt ? STYLE_NORMAL : STYLE_ERROR);
}

/* ---------------------------------------------------------------- trouble 3 */

/* "└──── 三加五 82.9% ────┘" under the source seats. */
static void draw_sources(const ViewCtx *c, const SimFocus *f, int x, int y, int cw, int fit)
{
    const Trace *tr = c->tr;
    int first = -1, last = -1;
    double shares[MODEL_MAX_TOKENS];
    int n = 0;
    char names[MODEL_MAX_TOKENS * DRAW_LABEL_BYTES] = "", label[sizeof names + 64];
    for (int s = 0; s < tr->T && s < fit; s++)
        if (f->sources & (1u << s)) {
            first = first < 0 ? s : first;
            last = s;
            shares[n++] = TRACE_HSQ(tr, weights, f->head, f->asker, s);
            draw_append(names, sizeof names, "%s%s", c->ascii && n > 1 ? " " : "", c->tok[s]);
        }
    if (first < 0)
        return;
    snprintf(label, sizeof label, " %s ", names);
    if (c->numbers) {
        double printed = check_percent_total(shares, n);
        double value = engine_share_of(tr, f->head, f->asker, f->sources) * 100.0;
        char num[FORMAT_BYTES];
        format_fixed(num, sizeof num, printed, 1);
        draw_append(label, sizeof label, "%s%% ", num);
        if (format_round(printed, 1) != format_round(value, 1)) {
            format_fixed(num, sizeof num, value, 1);
            draw_append(label, sizeof label, "%s %s%% ", c->ascii ? "~" : "≈", num);
        }
    }
    int x0 = x + first * cw + 1, x1 = x + (last + 1) * cw - 1;
    for (int col = x0; col <= x1; col++)
        grid_put_text(c->g, col, y, c->gl->box_h, STYLE_SERIES_B);
    grid_put_text(c->g, x0, y, c->gl->box_bl, STYLE_SERIES_B);
    grid_put_text(c->g, x1, y, c->gl->box_br, STYLE_SERIES_B);
    int lw = text_width(label), mid = (x0 + x1 + 1 - lw) / 2;
    if (lw <= x1 - x0 - 1)
        grid_put_text(c->g, mid, y, label, STYLE_BOLD);
    else
        grid_put_text(c->g, x1 + 1, y, label, STYLE_BOLD);
}

/* "? resembles nothing: every other character within ±0.24 of 0 (itself 0.61)". */
static void statement_flat(const ViewCtx *c, const SimFocus *f, char *buf, size_t cap)
{
    const char *ch = c->tok[f->asker];
    char who[128];
    if (asker_is_mark(c, f))
        snprintf(who, sizeof who, SAY(c, "%s resembles nothing", "「%s」跟谁都不像"), ch);
    else
        snprintf(who, sizeof who, SAY(c, "%s's row of similarity", "「%s」在相似度表里的那一行"), ch);
    if (!c->numbers) {
        snprintf(buf, cap, SAY(c, "%s: every other character a light shade", "%s：别的字都很浅"), who);
        return;
    }
    char peak[FORMAT_BYTES], self[FORMAT_BYTES];
    format_fixed(peak, sizeof peak, engine_similarity_peak(c->tr, f->asker, NULL), 2);
    format_fixed(self, sizeof self, TRACE_SQ(c->tr, similarity, f->asker, f->asker), 2);
    snprintf(buf, cap, SAY(c, "%s: every other character within %s%s of 0 (itself %s)",
                              "%s：别的字都在 0 附近 %s%s 以内（和它自己是 %s）"),
             who, c->ascii ? "+/-" : "±", peak, self);
}

/* "Yet ? looks where the answer comes from: 三, 加 and 五 get 82.9% of it". */
static void statement_need(const ViewCtx *c, const SimFocus *f, char *buf, size_t cap)
{
    const char *ch = c->tok[f->asker];
    char deng[DRAW_LABEL_BYTES];
    if (!f->sources) {
        snprintf(buf, cap, SAY(c, "%s's attention goes where its Q finds fitting keys, not to look-alikes",
                                  "「%s」的注意力去的是 K 对得上它 Q 的地方，不是长得像的字"), ch);
        return;
    }
    snprintf(buf, cap, SAY(c, "yet %s looks where the answer comes from: the characters before %s",
                              "可「%s」看的是答案该从哪几个字里来：「%s」前面的那几个字"), ch,
             named(c, "等", deng, sizeof deng));
}

static void paragraph_need(const ViewCtx *c, char *buf, size_t cap)
{
    if (c->lang == LANG_ZH)
        snprintf(buf, cap, "每个字只会找「跟我像的字」，不会找「我需要的信息」。「?」这个座位上的字，"
                 "它自己长得跟谁都不像——它需要的不是「像」，而是「答案该从哪几个字里来」。");
    else
        snprintf(buf, cap, "With similarity each character finds the characters like itself, not the "
                 "information it needs. The ? in the answer's seat looks like nothing; what it needs is "
                 "not likeness but where the answer comes from.");
}

/* Rows of trouble 3: heading, the seats, the two rows, the bracket, the two statements. */
static int need_core(const ViewCtx *c, const SimFocus *f, const SimLayout *L)
{
    char buf[SIM_LINE];
    statement_flat(c, f, buf, sizeof buf);
    int rows = sim_paragraph(c, NULL, 0, 0, L->w, 2, buf, STYLE_NORMAL);
    statement_need(c, f, buf, sizeof buf);
    return 1 + 3 + 1 + rows + sim_paragraph(c, NULL, 0, 0, L->w, 2, buf, STYLE_NORMAL);
}

static void need_draw(const ViewCtx *c, const SimFocus *f, const SimLayout *L, int y)
{
    const Trace *tr = c->tr;
    char buf[SIM_LINE], like[64], looks[64];
    const char *ch = c->tok[f->asker];
    snprintf(like, sizeof like, SAY(c, "like %s", "像「%s」"), ch);
    snprintf(looks, sizeof looks, SAY(c, "%s looks at", "「%s」看"), ch);
    if (c->tr->heads > 1)
        snprintf(looks, sizeof looks, SAY(c, "%s, head %d", "「%s」，头 %d"), ch, f->head + 1);
    int x = L->x, cw = L->cell, lw = 2 * SIM_LABEL + 5;
    lw = text_width(like) + 1 > lw ? text_width(like) + 1 : lw;
    lw = text_width(looks) + 1 > lw ? text_width(looks) + 1 : lw;
    int fit = (L->w - lw) / cw;
    double lo, hi;
    table_range(c, f, TABLE_SIMILARITY, &lo, &hi);
    y++;
    for (int s = 0; s < tr->T && s < fit; s++)
        cell_head(c, x + lw + s * cw, y, cw, draw_tok(c, s, cw - 1), s == f->asker);
    grid_put_text(c->g, x, y + 1, like, STYLE_BOLD);
    grid_put_text(c->g, x, y + 2, looks, STYLE_BOLD);
    for (int s = 0; s < tr->T && s < fit; s++) {
        int cx = x + lw + s * cw;
        cell_value(c, cx, y + 1, cw, TRACE_SQ(tr, similarity, f->asker, s), lo, hi, false);
        cell_share(c, cx, y + 2, cw, TRACE_HSQ(tr, weights, f->head, f->asker, s), false,
                   !engine_visible(tr, f->asker, s));
    }
    draw_sources(c, f, x + lw, y + 3, cw, fit);
    statement_flat(c, f, buf, sizeof buf);
    int used = sim_paragraph(c, c->g, x, y + 4, L->w, 2, buf, STYLE_NORMAL);
    statement_need(c, f, buf, sizeof buf);
    sim_paragraph(c, c->g, x, y + 4 + used, L->w, 2, buf, STYLE_NORMAL);
}

/* ---------------------------------------------------------------- layout */

/* Rows of trouble k before its paragraph, in layout L. */
static int trouble_core(const ViewCtx *c, const SimFocus *f, const SimLayout *L, int k)
{
    return k == 0 ? symmetric_core(c, f, L) : k == 1 ? context_core(c, f, L) : need_core(c, f, L);
}

/* The lesson's words on trouble k. */
static void trouble_paragraph(const ViewCtx *c, const SimFocus *f, int k, char *buf, size_t cap)
{
    if (k == 0)
        paragraph_symmetric(c, f, buf, cap);
    else if (k == 1)
        paragraph_context(c, f, buf, cap);
    else
        paragraph_need(c, buf, cap);
}

/* Rows trouble k's paragraph takes whole at L's width. */
static int paragraph_rows(const ViewCtx *c, const SimFocus *f, const SimLayout *L, int k)
{
    char buf[2 * SIM_LINE];
    if (k == 1 && !c->ls->has_alt)
        return 0;
    trouble_paragraph(c, f, k, buf, sizeof buf);
    return sim_paragraph(c, NULL, 0, 0, L->w, 64, buf, STYLE_DIM);
}

/* The widest cell (up to SIM_CELL_MAX) with which trouble 1's layout t fits w; 0 if none. */
static int cell_for(const ViewCtx *c, const SimLayout *L, SimTables t, int w)
{
    for (int cw = SIM_CELL_MAX; cw >= SIM_CELL_MIN; cw--) {
        bool notes = t != SIM_TABLES_STACKED ||
                     table_width(c, L, TABLE_SIMILARITY, cw) + SIM_GAP + SIM_NOTE_MIN <= w;
        if (symmetric_fits(c, L, t, w, cw) && (notes || cw == SIM_CELL_MIN))
            return cw;
    }
    return 0;
}

/* Rows the troubles L shows need before their paragraphs, with a blank between two. */
static int layout_core(const ViewCtx *c, const SimFocus *f, SimLayout *L)
{
    int need = 0;
    for (int k = L->first; k < L->first + L->count; k++) {
        L->core[k] = trouble_core(c, f, L, k);
        need += L->core[k] + (k > L->first);
    }
    return need;
}

/* Tries all troubles or one, with trouble 1's tables t, with or without side margins, with
 * the characters' labels or their brief ones. */
static bool layout_try(const ViewCtx *c, const SimFocus *f, SimLayout *L, bool all, SimTables t,
                       int margin, bool brief)
{
    L->x = c->body.x + margin;
    L->w = c->body.w - 2 * margin;
    L->brief = brief && c->tok_cols > DRAW_BRIEF_COLS;
    L->label = L->brief || c->tok_cols + 1 < SIM_LABEL ? SIM_LABEL : c->tok_cols + 1;
    L->cell = cell_for(c, L, t, L->w);
    L->tables = t;
    L->all = all;
    L->first = all ? 0 : sim_trouble(c);
    L->count = all ? SIM_TROUBLES : 1;
    return L->cell > 0 && layout_core(c, f, L) <= c->body.h;
}

/* The body's rows for the troubles shown: each its core, then its paragraph where spare
 * rows allow it whole (all at once) or whatever is left (one at a time). */
static void layout_rows(const ViewCtx *c, const SimFocus *f, SimLayout *L)
{
    int spare = c->body.h - layout_core(c, f, L), y = c->body.y;
    for (int k = L->first; k < L->first + L->count; k++) {
        int para = paragraph_rows(c, f, L, k);
        L->top[k] = y;
        int add = L->all ? (para <= spare ? para : 0) : spare;
        L->rows[k] = L->core[k] + add;
        spare -= add;
        y += L->rows[k] + 1;
    }
}

void similarity_layout(const ViewCtx *c, SimLayout *L)
{
    static const SimTables order[] = { SIM_TABLES_VOCABULARY, SIM_TABLES_SIDE, SIM_TABLES_STACKED };
    SimFocus f;
    similarity_focus(c, &f);
    memset(L, 0, sizeof *L);
    for (int k = 0; k < SIM_TROUBLES; k++)
        L->top[k] = -1;
    bool found = false;
    for (int all = 1; all >= 0 && !found; all--)
        for (size_t i = 0; i < sizeof order / sizeof order[0] && !found; i++)
            for (int margin = 1; margin >= 0 && !found; margin--)
                for (int brief = 0; brief < 2 && !found; brief++)
                    found = layout_try(c, &f, L, all, order[i], margin, brief == 1);
    if (!found)   /* nothing fits whole: the smallest, clipped at the bottom */
        layout_try(c, &f, L, false, SIM_TABLES_STACKED, 0, true);
    layout_rows(c, &f, L);
}

/* ---------------------------------------------------------------- the view */

/* The trouble's name, lit when it is the one the keys chose. */
static void trouble_heading(const ViewCtx *c, const SimFocus *f, const SimLayout *L, int k, int y)
{
    char title[256], prefix[32];
    if (L->all)
        snprintf(prefix, sizeof prefix, "%d", k + 1);
    else
        snprintf(prefix, sizeof prefix, SAY(c, "%d of %d", "%d / %d"), k + 1, SIM_TROUBLES);
    const char *ch = c->tok[k == 1 ? f->compared : f->asker];
    switch (k) {
    case 0:
        if (scores_wait(c))   /* the trouble's name would say the answer */
            snprintf(title, sizeof title, SAY(c, "%s%slesson 4's table is symmetric",
                                                 "麻烦 %s%s第 4 课的表是对称的"), prefix, c->gl->sep);
        else
            snprintf(title, sizeof title, SAY(c, "%s%ssymmetric: asking and answering are one role",
                                                 "麻烦 %s%s对称：「谁在问」和「谁在答」是同一个角色"), prefix, c->gl->sep);
        break;
    case 1:
        snprintf(title, sizeof title, SAY(c, "%s%scontent only: %s's row ignores the sentence",
                                             "麻烦 %s%s只认内容：「%s」的那一行跟句子毫无关系"), prefix, c->gl->sep, ch);
        break;
    default:
        if (asker_is_mark(c, f))
            snprintf(title, sizeof title, SAY(c, "%s%slike, not needed: %s resembles nothing",
                                                 "麻烦 %s%s只找像我的，不找我需要的：「%s」跟谁都不像"), prefix, c->gl->sep, ch);
        else
            snprintf(title, sizeof title, SAY(c, "%s%slike, not needed: what %s resembles, where it looks",
                                                 "麻烦 %s%s只找像我的，不找我需要的：「%s」像谁、看谁"), prefix, c->gl->sep, ch);
        break;
    }
    draw_rule_heading(c->g, c->gl, L->x, y, L->w, title);
    if (L->all && k == sim_trouble(c))
        grid_set_style(c->g, L->x + 3, y, text_width(title), STYLE_STAGE_LIT);
}

static void similarity_view_draw(const ViewCtx *c)
{
    SimFocus f;
    SimLayout L;
    char buf[2 * SIM_LINE];
    similarity_focus(c, &f);
    similarity_layout(c, &L);
    for (int k = L.first; k < L.first + L.count; k++) {
        int y = L.top[k];
        trouble_heading(c, &f, &L, k, y);
        if (k == 0)
            symmetric_draw(c, &f, &L, y);
        else if (k == 1)
            context_draw(c, &f, &L, y);
        else
            need_draw(c, &f, &L, y);
        int left = L.rows[k] - L.core[k];
        if (left <= 0 || (k == 1 && !c->ls->has_alt))
            continue;
        trouble_paragraph(c, &f, k, buf, sizeof buf);
        sim_paragraph(c, c->g, L.x, y + L.core[k], L.w, left, buf, STYLE_DIM);
    }
}

/* ---------------------------------------------------------------- its state and actions */

/* The view's own actions (view.h: ViewAction). */
#define SIM_ACTIONS(X)                                                                   \
    X(TROUBLE_NEXT, "the next trouble with similarity", "相似度的下一个麻烦")             \
    X(TROUBLE_PREV, "the previous trouble with similarity", "相似度的上一个麻烦")         \
    X(COMPARE_NEXT, "compare with the next sentence", "换一句来比较")

VIEW_ACTIONS_DEFINE(SimAction, SIM_ACTION_BASE, similarity_actions, SIM_ACTIONS);

/* The sentences station 2 compares with, in the order c steps through them: the lesson's
 * two, then two more of its vocabulary where 等于? sits in the same seats.
 * The sentences the user typed (the input line's history) follow these. */
static const char *const compare_cycle[] = {
    LESSON_COMPARE_SENTENCE, LESSON_FIRST_SENTENCE, "二乘三等于?", "九除三等于?",
};
#define COMPARE_CYCLE_COUNT ((int)(sizeof compare_cycle / sizeof compare_cycle[0]))

/* True when sentence is one of the fixed comparison sentences. */
static bool in_compare_cycle(const char *sentence)
{
    for (int i = 0; i < COMPARE_CYCLE_COUNT; i++)
        if (strcmp(compare_cycle[i], sentence) == 0)
            return true;
    return false;
}

/* The typed sentences that are not already in the fixed cycle: fills typed[], returns how many. */
static int typed_sentences(const Ui *ui, const char **typed)
{
    int n = 0;
    for (int i = 0; i < ui->input.history_n; i++)
        if (!in_compare_cycle(ui->input.history[i]))
            typed[n++] = ui->input.history[i];
    return n;
}

/* Candidate i of the comparison cycle (0 .. compare_count() - 1). */
static const char *compare_candidate(const Ui *ui, int i)
{
    const char *typed[INPUT_HISTORY];
    if (i < COMPARE_CYCLE_COUNT)
        return compare_cycle[i];
    int n = typed_sentences(ui, typed);
    return i - COMPARE_CYCLE_COUNT < n ? typed[i - COMPARE_CYCLE_COUNT] : compare_cycle[0];
}

static int compare_count(const Ui *ui)
{
    const char *typed[INPUT_HISTORY];
    return COMPARE_CYCLE_COUNT + typed_sentences(ui, typed);
}

/* The next sentence to compare with: the one after the sentence compared now in the
 * cycle, never the sentence itself. */
static int next_compare(const ViewCall *call)
{
    const Ui *ui = call->ui;
    const Lesson *ls = call->ls;
    char now[MODEL_SENTENCE_BYTES] = "";
    if (ls->stand_in) {   /* the lesson's model shown beside a layered one: L plays it */
        request_note_text(call->ask, ui->input.lang == LANG_ZH
                              ? "这里给唐诗模型看的是课上的模型：按 L 换成它，再换比较的句子"
                              : "this is the lesson's model shown beside the poems: L plays it, then compare another sentence");
        return REACT_REDRAW;
    }
    if (ls->has_alt)
        engine_sentence(&ls->alt, now, sizeof now);
    int n = compare_count(ui), at = -1;
    for (int i = 0; i < n; i++)
        if (strcmp(compare_candidate(ui, i), now) == 0)
            at = i;
    for (int k = 1; k <= n; k++) {
        const char *next = compare_candidate(ui, (at + k + n) % n);
        if (strcmp(next, ls->params.sentence) != 0 && strcmp(next, now) != 0) {
            request_compare(call->ask, next);
            return REACT_REDRAW;
        }
    }
    return REACT_REDRAW;
}

static int similarity_act(void *state, const ViewCall *call, Action a, int arg)
{
    (void)arg;
    SimState *st = state;
    if ((int)a < ACTION_VIEW_FIRST)
        return -1;
    switch ((SimAction)a) {
    case SIM_ACTION_BASE:
        break;
    case ACTION_TROUBLE_NEXT:
        st->trouble = (st->trouble + 1) % SIM_TROUBLES;
        return REACT_REDRAW;
    case ACTION_TROUBLE_PREV:
        st->trouble = (st->trouble + SIM_TROUBLES - 1) % SIM_TROUBLES;
        return REACT_REDRAW;
    case ACTION_COMPARE_NEXT:
        return next_compare(call);
    }
    return -1;
}

/* The cursor is the trouble: col 0..SIM_TROUBLES-1 (row is unused). */
static int similarity_set_cursor(void *state, const ViewCall *call, int row, int col)
{
    (void)call; (void)row;
    SimState *st = state;
    if (col < 0 || col >= SIM_TROUBLES)
        return REACT_NONE;
    st->trouble = col;
    return REACT_REDRAW;
}

/* ---------------------------------------------------------------- the view */

static const KeyBinding similarity_keys[] = {
    { KEYCODE_RIGHT, VIEW_OWN(TROUBLE_NEXT), 0, "→", true  },
    { KEYCODE_LEFT,  VIEW_OWN(TROUBLE_PREV), 0, "←", true  },
    { 'c',           VIEW_OWN(COMPARE_NEXT), 0, "c", true  },
    { 0,             ACTION_NONE,         0, NULL, false },
};

static const ViewHint similarity_hints[] = {
    { { VIEW_OWN(TROUBLE_PREV), VIEW_OWN(TROUBLE_NEXT), "trouble", "麻烦" }, VIEW_AT_EVERY, false },
    { { VIEW_OWN(COMPARE_NEXT), ACTION_NONE,         "compare", "换一句比较" }, VIEW_AT_EVERY, false },
    { { ACTION_NONE,         ACTION_NONE,         NULL,      NULL }, VIEW_AT_EVERY, false },
};

/* Shared keys that do nothing here: the help leaves them out (no character asks). */
static const Action similarity_idle[] = { ACTION_FOCUS_PREV, ACTION_FOCUS_NEXT, ACTION_FOCUS_N,
                                          ACTION_NONE };

const ViewOps view_similarity = {
    .name = "similarity",
    .layered_en = "poems: this screen shows the lesson's model (三加五等于?); L plays it",
    .layered_zh = "唐诗模型：这里画的是课上的模型（三加五等于?）；按 L 换成它",
    .lesson_model_only = true,
    .tab_en = "similarity", .tab_zh = "相似度",
    .title_en = "why \"who is like me\" is not enough", .title_zh = "为什么「谁像我」不够",
    .help_en = "lesson 4's table beside attention: symmetric, content only, like instead of needed",
    .help_zh = "第 4 课的相似度表和注意力并排：对称、只认内容、只找像我的",
    .station_en = "Station 2, why similarity is not enough: lesson 4's table beside attention's scores.\n"
                  "Similarity is symmetric (who is like whom), depends on the character alone, and finds\n"
                  "characters like itself; attention asks whom to look at, in one direction.",
    .station_zh = "第 2 站，为什么相似度不够：第 4 课的相似度表和注意力的打分并排。\n"
                  "相似度表是对称的（「谁像谁」），只认字本身，只找像自己的字；\n"
                  "注意力问的是「该看谁」，分「谁在问」「谁在答」。",
    .idle = similarity_idle,
    .track = TRACK_NONE,
    .stages = false,
    .about = "station 2: lesson 4's table beside Q·Kᵀ — symmetric (0.25 twice against 4.05 and 2.08), content-only (等's row in two sentences), like instead of needed (? flat, yet 82.9% to 三加五)",
    .state_size = sizeof(SimState),
    .draw = similarity_view_draw,
    .cache_new = similarity_cache_new,
    .cache_free = similarity_cache_free,
    .hit = NULL,
    .act = similarity_act,
    .set_cursor = similarity_set_cursor,
    .keys = similarity_keys,
    .hints = similarity_hints,
    .actions = similarity_actions,
};
