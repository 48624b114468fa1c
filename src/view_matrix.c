/* view_matrix.c — stations 4 and 5 all at once: the T × T table of raw scores Q·Kᵀ, of
 * scores ÷ √d, or of shares, as a heatmap with a cell cursor (row: the asking character,
 * column: the answering one), its mirrored cell marked, and the chosen cell's hand check.
 * Owns: the view's layout, cells, legend, mirror line, hand checks, clicks on cells, its
 * keys and its row of the view table.
 * Must not touch: ncurses, the clock, the engine's arithmetic (check.h redoes each check). */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "check.h"
#include "format.h"
#include "heat.h"
#include "pieces.h"
#include "typed.h"
#include "view.h"
#include "view_matrix.h"

#define MATRIX_LABEL_W 4    /* a row's label column at least: a marker, the character, a blank */
#define MATRIX_TABLE_GAP 3  /* blanks between the two heads' tables */
#define MATRIX_SUM_W 7      /* the Σ column of the shares: a blank and "100.0%" */
#define MATRIX_MAX_SW 24    /* widest swatch beside a number (a projector's frame) */
#define MATRIX_MAX_SW_HIDDEN 28 /* widest swatch of a cell without its number */
#define MATRIX_MAX_CH 8     /* most rows of a cell */

/* ---------------------------------------------------------------- actions and keys */

/* Its own actions' help (the list is view_matrix.h's: the tour names its preset). */
VIEW_ACTIONS_TABLE(matrix_actions, MATRIX_ACTIONS);

static const KeyBinding matrix_keys[] = {
    { 't',          VIEW_OWN(TABLE_NEXT),  0, "t", true },
    { KEYCODE_ENTER, VIEW_OWN(SCORE_TYPE), 0, "Enter", true },
    { KEYCODE_LEFT, ACTION_ANSWER_PREV, 0, "←", true },
    { KEYCODE_RIGHT, ACTION_ANSWER_NEXT, 0, "→", true },
    { 0,            ACTION_NONE,        0, NULL, false },
};

/* ---------------------------------------------------------------- layout */

/* Where everything of the matrix view goes. Depends only on the trace, the UI state and
 * the body, so drawing and clicks agree. */
typedef struct {
    int T;                   /* characters */
    MatrixTable table;       /* the table shown */
    int tables;              /* tables side by side: 1, or 2 (both heads) */
    int head[2];             /* the head each table shows */
    bool one_of_two;         /* both heads asked for but only one fits: the text says so */
    int row;                 /* the cursor's row: the asking character (the focus) */
    int col;                 /* the cursor's column: the answering character */
    int numw;                /* columns of the widest number (0: numbers hidden) */
    int sw;                  /* columns of a cell's swatch */
    int pad;                 /* blanks between the swatch and the number */
    int cw;                  /* columns of a cell: a gap, the swatch, the number */
    int ch;                  /* rows of a cell */
    int sumw;                /* columns of the Σ column (0: none) */
    int lw;                  /* columns of the row labels: a marker, the character, a blank */
    bool brief;              /* ASCII: the rows name characters by brief labels ("3", "+") */
    int tw;                  /* columns of one table */
    int table_x[2];          /* first column of each table (its row labels) */
    int col_first;           /* the first column shown */
    int ncols;               /* columns shown */
    int row_first;           /* the first row shown */
    int nrows;               /* rows shown */
    int x;                   /* first column of the text lines */
    int w;                   /* columns of the text lines */
    int tabs_row;            /* the three tables named, the shown one lit */
    int shape_row;           /* shapes, and what rows and columns are */
    int shape_lines;         /* its lines */
    int heads_row;           /* "head 1" over each table, or -1 */
    int head_row;            /* the answering characters over the columns */
    int grid_row;            /* the first row of cells */
    int legend_row;          /* what the shades and marks mean */
    int legend;              /* its level of detail: LEGEND_* (0: none) */
    int legend_lines;        /* its lines */
    int mirror_row;          /* the cell and its mirror side by side */
    int mirror_lines;        /* its lines */
    int check_row;           /* the chosen cell's hand check */
    int check_lines;         /* its lines */
    double lo[ENGINE_MAX_HEADS]; /* each head's visible cells' range in the table shown */
    double hi[ENGINE_MAX_HEADS]; /* (heat_table_range): a cell's shade */
} MatrixLayout;

/* Everything the layout and its texts depend on (the drawn pass by its digest): kept ones
 * are the fresh ones while their key is the same. Zeroed before it is filled, so it
 * compares whole. */
typedef struct {
    uint64_t trace;     /* draw_trace_digest of the pass */
    Rect body;          /* the body */
    int table;          /* the table shown (the state's) */
    int focus;          /* the asking character: the cursor's row */
    int answer;         /* ui->answer: the cursor's column */
    int head;           /* ui->head: the heads shown */
    int tok_cols;       /* the labels' columns */
    int lang;           /* labels' language */
    bool numbers;       /* values shown */
    bool ascii;         /* ASCII drawing */
} MatrixKey;

/* What frames keep for the matrix: the layout and the texts around the tables (measuring
 * every number of the table for its widest, a few times, and breaking four texts into
 * lines), and the cells' numbers formatted. */
typedef struct {
    bool valid;            /* layout and texts are for key */
    MatrixKey key;         /* what they were made for */
    MatrixLayout layout;   /* matrix_layout's result */
    Pieces shape;          /* build_shape's text */
    Pieces legend;         /* build_legend's, at the layout's level */
    Pieces mirror;         /* build_mirror's */
    Pieces check;          /* build_check's */
    DrawNumberMemo numbers;/* the cells' numbers, formatted */
} MatrixCache;

static void *matrix_cache_new(void)
{
    return calloc(1, sizeof(MatrixCache));
}

static void matrix_cache_free(void *cache)
{
    free(cache);
}

/* The numbers the frames' cache keeps formatted (NULL: none). */
static DrawNumberMemo *matrix_numbers(const ViewCtx *c)
{
    MatrixCache *k = c->cache;
    return k ? &k->numbers : NULL;
}

/* ---------------------------------------------------------------- cells */

/* The trace's T × T array of table m. */
static const double *table_array(const Trace *tr, MatrixTable m)
{
    switch (m) {
    case MATRIX_RAW:         return tr->scores;
    case MATRIX_SCALED:      return tr->scaled;
    case MATRIX_SHARES:      return tr->weights;
    case MATRIX_TABLE_COUNT: break;
    }
    return tr->weights;
}

/* Cell (t, s) of head h's table m. */
static double cell_value(const Trace *tr, MatrixTable m, int h, int t, int s)
{
    return table_array(tr, m)[((size_t)h * (size_t)tr->T + (size_t)t) * (size_t)tr->T + (size_t)s];
}

/* The cell as the table prints it: two decimals, a percentage, or −∞ where masked in the
 * ÷√d table (a masked share prints as 0; a raw Q·Kᵀ cell keeps its number: the mask comes
 * after that product). */
static void cell_text(const ViewCtx *c, MatrixTable m, int h, int t, int s, char *buf, size_t cap)
{
    bool visible = engine_visible(c->tr, t, s);
    if (m == MATRIX_SHARES)
        draw_percent_memo(matrix_numbers(c), buf, cap, visible ? cell_value(c->tr, m, h, t, s) : 0.0);
    else if (!visible && m == MATRIX_SCALED)
        snprintf(buf, cap, "%s", c->gl->minus_inf);
    else
        draw_fixed_memo(matrix_numbers(c), buf, cap, cell_value(c->tr, m, h, t, s), 2);
    if (m == MATRIX_RAW && engine_score_set(c->tr, h, t, s, NULL))
        draw_append(buf, cap, "*");   /* what if: set by the learner, not a Q·K */
}

/* The shade level of a cell: 0 where masked, else by share class or by the table's range
 * (L's, taken once a layout). */
static int cell_level(const ViewCtx *c, const MatrixLayout *L, int h, int t, int s)
{
    if (!engine_visible(c->tr, t, s))
        return 0;
    double v = cell_value(c->tr, L->table, h, t, s);
    if (L->table == MATRIX_SHARES)
        return ramp_share_level(v);
    return ramp_range_level(v, L->lo[h], L->hi[h]);
}

/* The columns of the widest number of the tables shown. */
static int widest_number(const ViewCtx *c, const MatrixLayout *L)
{
    char buf[FORMAT_BYTES];
    int w = 2;
    for (int k = 0; k < L->tables; k++)
        for (int t = 0; t < L->T; t++)
            for (int s = 0; s < L->T; s++) {
                cell_text(c, L->table, L->head[k], t, s, buf, sizeof buf);
                if (text_width(buf) > w)
                    w = text_width(buf);
            }
    return w;
}

/* ---------------------------------------------------------------- words */

static const char *div_sign(const ViewCtx *c) { return c->ascii ? "/" : "÷"; }
static const char *to_sign(const ViewCtx *c) { return c->ascii ? "->" : "→"; }

/* "√8" with numbers, "√d" without. */
static void sqrt_d(const ViewCtx *c, char *buf, size_t cap)
{
    if (c->numbers)
        snprintf(buf, cap, "%s%d", c->gl->sqrt, c->tr->dh);
    else
        snprintf(buf, cap, "%sd", c->gl->sqrt);
}

/* A table's name in the row of tabs. */
static void table_name(const ViewCtx *c, MatrixTable m, char *buf, size_t cap)
{
    char root[32];
    sqrt_d(c, root, sizeof root);
    switch (m) {
    case MATRIX_RAW:
        snprintf(buf, cap, SAY(c, "raw Q%sK%s", "原始分数 Q%sK%s"), c->gl->dot, c->gl->transpose);
        break;
    case MATRIX_SCALED:
        snprintf(buf, cap, "%s %s", div_sign(c), root);
        break;
    case MATRIX_SHARES:
    case MATRIX_TABLE_COUNT:
        snprintf(buf, cap, "%s", SAY(c, "shares (softmax)", "百分比（softmax）"));
        break;
    }
}

/* "head 1" with numbers, "head one" without. */
static void head_name(const ViewCtx *c, int h, char *buf, size_t cap)
{
    if (c->numbers)
        snprintf(buf, cap, SAY(c, "head %d", "头 %d"), h + 1);
    else
        snprintf(buf, cap, "%s", h == 0 ? SAY(c, "head one", "第一个头") : SAY(c, "head two", "第二个头"));
}

/* "[6, 8]" with numbers, "[T, d]" without. */
static void shape(const ViewCtx *c, char *buf, size_t cap, int rows, const char *rn, int cols,
                  const char *cn)
{
    if (c->numbers)
        snprintf(buf, cap, "[%d, %d]", rows, cols);
    else
        snprintf(buf, cap, "[%s, %s]", rn, cn);
}

/* The shapes, what rows and columns are, and lesson 7's mask and heads when they are on. */
static void build_shape(const ViewCtx *c, const MatrixLayout *L, Pieces *x)
{
    const Trace *tr = c->tr;
    char q[32], k[32], out[32], root[32];
    shape(c, q, sizeof q, tr->T, "T", tr->dh, "d");
    shape(c, k, sizeof k, tr->dh, "d", tr->T, "T");
    shape(c, out, sizeof out, tr->T, "T", tr->T, "T");
    sqrt_d(c, root, sizeof root);
    pieces_init(x, 2);
    if (tr->heads == 2)
        pieces_add(x, STYLE_NORMAL, "%s", SAY(c, "per head: ", "每个头："));
    pieces_add(x, STYLE_BOLD, "Q %s %s ", q, c->gl->dot);
    pieces_add(x, STYLE_BOLD, "K%s %s ", c->gl->transpose, k);
    pieces_add(x, STYLE_BOLD, "%s %s", to_sign(c), out);
    if (L->table == MATRIX_SCALED)
        pieces_add(x, STYLE_BOLD, " %s %s", div_sign(c), root);
    if (L->table == MATRIX_SHARES)
        pieces_add(x, STYLE_BOLD, SAY(c, " %s %s, softmax of each row", "，%s %s 后每行 softmax"),
                      div_sign(c), root);
    pieces_sep(x, c->gl->sep);
    pieces_add(x, STYLE_NORMAL, "%s", SAY(c, "rows: who asks (its Q)", "行：提问的字（它的 Q）"));
    pieces_sep(x, c->gl->sep);
    pieces_add(x, STYLE_NORMAL, "%s", SAY(c, "columns: who answers (its K)", "列：被问的字（它的 K）"));
    if (tr->mask == MASK_CAUSAL) {
        pieces_sep(x, c->gl->sep);
        if (c->numbers)
            pieces_words(x, STYLE_NORMAL, SAY(c, "causal mask (lesson 7): each character sees itself and those "
                                                    "before it",
                                                 "因果掩码（第 7 课）：每个字只看自己和前面的字"));
        else
            pieces_words(x, STYLE_NORMAL, SAY(c, "causal mask: each character sees itself and those before it",
                                                 "因果掩码：每个字只看自己和前面的字"));
    }
    if (tr->heads == 2) {
        char buf[160];
        pieces_sep(x, c->gl->sep);
        if (c->numbers)
            snprintf(buf, sizeof buf, SAY(c, "two heads of width %d (lesson 7)", "两个头，各宽 %d（第 7 课）"), tr->dh);
        else
            snprintf(buf, sizeof buf, "%s", SAY(c, "two heads", "两个头"));
        pieces_words(x, STYLE_NORMAL, buf);
        if (L->one_of_two) {
            char one[32], two[32];
            head_name(c, 0, one, sizeof one);
            head_name(c, 1, two, sizeof two);
            snprintf(buf, sizeof buf, SAY(c, ": both do not fit, %s shown (%s: %s)", "：并排放不下，先显示%s（按 %s 看%s）"),
                     one, action_key_label(ACTION_HEADS), two);
            pieces_words(x, STYLE_NORMAL, buf);
        }
    }
}

#define LEGEND_FULL 3   /* shades, marks, mask, scrolling, the Σ's rounding */
#define LEGEND_NO_SUM 2 /* without the Σ's rounding (the check says it) */
#define LEGEND_MARKS 1  /* shades, marks and mask */

/* The shades and marks explained at a level of detail (0: nothing); where cells are out
 * of sight, that they scroll. */
static void build_legend(const ViewCtx *c, const MatrixLayout *L, int level, bool scrolls, Pieces *x)
{
    pieces_init(x, 2);
    if (level <= 0)
        return;
    if (L->table == MATRIX_SHARES) {   /* the share ramp's legend (ramp.h) */
        ramp_pieces_share(c, x);
    } else {
        char lo[FORMAT_BYTES], hi[FORMAT_BYTES];
        double vlo, vhi;
        heat_table_range(c->tr, table_array(c->tr, L->table), L->head[0], &vlo, &vhi);
        ramp_pieces_range(c, x, SAY(c, "score", "分数"), format_fixed(lo, sizeof lo, vlo, 2),
                          format_fixed(hi, sizeof hi, vhi, 2));
    }
    pieces_sep(x, c->gl->sep);
    pieces_words(x, STYLE_DIM, SAY(c, "[ ] the chosen cell, ( ) its mirror", "[ ] 选中的格子，( ) 它的镜像"));
    if (c->tr->mask == MASK_CAUSAL) {
        pieces_sep(x, c->gl->sep);
        if (L->table == MATRIX_SHARES) {
            if (c->numbers) {
                pieces_words(x, STYLE_DIM, SAY(c, "grey 0.0%: masked, its score is ", "灰色 0.0%：被遮住，分数是 "));
                pieces_add(x, STYLE_DIM, "%s", c->gl->minus_inf);
            } else {
                pieces_words(x, STYLE_DIM, SAY(c, "blank: masked, no share", "空白：被遮住，分不到"));
            }
        } else if (L->table == MATRIX_SCALED) {
            pieces_add(x, STYLE_DIM, "%s ", c->gl->minus_inf);
            pieces_words(x, STYLE_DIM, SAY(c, "masked: no share", "被遮住：分不到"));
        } else {
            char note[160];
            snprintf(note, sizeof note, SAY(c, "grey: masked after %sd (there it becomes %s)",
                                            "灰色：%sd 之后被遮住（记为 %s）"), c->gl->div_sqrt, c->gl->minus_inf);
            pieces_words(x, STYLE_DIM, note);
        }
    }
    if (scrolls && level >= LEGEND_NO_SUM) {
        pieces_sep(x, c->gl->sep);
        pieces_words(x, STYLE_DIM, c->ascii ? "< > ^ v: more cells, they scroll with the cursor"
                                               : SAY(c, "‹ › ↑ ↓: more cells, they scroll with the cursor",
                                                     "‹ › ↑ ↓：还有格子，随光标滚动"));
    }
    bool off = false;
    for (int k = 0; level >= LEGEND_FULL && k < L->tables && L->table == MATRIX_SHARES && c->numbers; k++)
        for (int t = 0; t < L->T; t++) {
            double total = check_percent_total(&TRACE_HSQ(c->tr, weights, L->head[k], t, 0), L->T);
            off = off || format_round(total, 1) != 100.0;
        }
    if (off) {
        pieces_sep(x, c->gl->sep);
        char buf[256];
        snprintf(buf, sizeof buf, SAY(c, "%s adds the printed shares: 99.9%% or 100.1%% is 100%% rounded",
                                      "%s 是屏幕上显示的百分比之和：99.9%% 或 100.1%% 来自四舍五入，实际正好是 100%%"),
                 c->gl->sum);
        pieces_words(x, STYLE_DIM, buf);
    }
}

/* The printed cells (t, s) and (s, t) of head h, and which is bigger, as a sentence. */
static void build_mirror(const ViewCtx *c, const MatrixLayout *L, Pieces *x)
{
    const Trace *tr = c->tr;
    int t = L->row, s = L->col, h = L->head[0];
    const char *a = c->tok[t], *b = c->tok[s];
    char va[FORMAT_BYTES], vb[FORMAT_BYTES], root[32], buf[512];
    pieces_init(x, 2);
    if (tr->heads == 2) {
        char name[32];
        head_name(c, h, name, sizeof name);
        pieces_add(x, STYLE_DIM, SAY(c, "%s: ", "%s："), name);
    }
    if (t == s) {
        snprintf(buf, sizeof buf, SAY(c, "on the diagonal: %s asks itself, the cell is its own mirror",
                                      "对角线上：「%s」问自己，这一格的镜像就是它自己"), a);
        pieces_words(x, STYLE_NORMAL, buf);
        return;
    }
    bool vis_ts = engine_visible(tr, t, s), vis_st = engine_visible(tr, s, t);
    if (!vis_ts || !vis_st) {
        const char *early = vis_ts ? b : a, *late = vis_ts ? a : b;
        snprintf(buf, sizeof buf, SAY(c, "%s may look at %s, but %s may not look ahead at %s (masked): "
                                         "asking is not answering",
                                      "「%s」可以看「%s」，但「%s」不能往后看「%s」（被遮住）：问和被问不一样"),
                 late, early, early, late);
        pieces_words(x, STYLE_NORMAL, buf);
        return;
    }
    cell_text(c, L->table, h, t, s, va, sizeof va);
    cell_text(c, L->table, h, s, t, vb, sizeof vb);
    double xa = cell_value(tr, L->table, h, t, s), xb = cell_value(tr, L->table, h, s, t);
    sqrt_d(c, root, sizeof root);
    if (!c->numbers) {
        const char *more = L->table == MATRIX_SHARES
            ? (xa > xb ? SAY(c, "more than", "多于") : SAY(c, "less than", "少于"))
            : (xa > xb ? SAY(c, "higher than", "高于") : SAY(c, "lower than", "低于"));
        if (L->table == MATRIX_SHARES)
            snprintf(buf, sizeof buf, SAY(c, "%s gives %s %s %s gives %s: asking is not answering, "
                                             "the table is not symmetric",
                                          "「%s」分给「%s」的%s「%s」分给「%s」的：问和被问不一样，这张表不对称"),
                     a, b, more, b, a);
        else
            snprintf(buf, sizeof buf, SAY(c, "%s asking %s scores %s %s asking %s: asking is not answering, "
                                             "the table is not symmetric",
                                          "「%s」问「%s」的分数%s「%s」问「%s」的：问和被问不一样，这张表不对称"),
                     a, b, more, b, a);
        pieces_words(x, STYLE_NORMAL, buf);
        return;
    }
    if (L->table == MATRIX_SHARES) {
        snprintf(buf, sizeof buf, SAY(c, "%s gives %s %s ", "「%s」分给「%s」%s，"), a, b, va);
        pieces_words(x, STYLE_NORMAL, buf);
        snprintf(buf, sizeof buf, SAY(c, "but %s gives %s %s", "但「%s」分给「%s」%s"), b, a, vb);
        pieces_words(x, STYLE_NORMAL, buf);
    } else {
        const char *tail = "";
        char scaled_tail[48];
        if (L->table == MATRIX_SCALED) {
            snprintf(scaled_tail, sizeof scaled_tail, " %s %s", div_sign(c), root);
            tail = scaled_tail;
        }
        char lhs_a[96], lhs_b[96], name_a[64], name_b[64];   /* a score set: score(a→b) */
        snprintf(lhs_a, sizeof lhs_a, "%s%s", draw_score_name(c, h, t, s, name_a, sizeof name_a), tail);
        snprintf(lhs_b, sizeof lhs_b, "%s%s", draw_score_name(c, h, s, t, name_b, sizeof name_b), tail);
        pieces_add(x, STYLE_BOLD, "%s = %s", lhs_a, va);
        pieces_add(x, STYLE_NORMAL, "%s", SAY(c, " but ", "，但 "));
        pieces_add(x, STYLE_BOLD, "%s = %s", lhs_b, vb);
    }
    if (strcmp(va, vb) == 0)
        pieces_words(x, STYLE_NORMAL, SAY(c, ": equal here by chance, the table is not symmetric in general",
                                              "：这里碰巧相等，这张表一般不对称"));
    else
        pieces_words(x, STYLE_NORMAL, SAY(c, ": asking is not answering, the table is not symmetric",
                                              "：问和被问不一样，这张表不对称"));
}

/* ---------------------------------------------------------------- hand checks */

/* "a×b" with a negative factor in parentheses. */
static void product_text(const ViewCtx *c, double a, int digits_a, double b, int digits_b,
                         char *buf, size_t cap)
{
    char sa[FORMAT_BYTES], sb[FORMAT_BYTES];
    format_fixed(sa, sizeof sa, a, digits_a);
    format_fixed(sb, sizeof sb, b, digits_b);
    snprintf(buf, cap, "%s%s%s%s%s%s%s", sa[0] == '-' ? "(" : "", sa, sa[0] == '-' ? ")" : "",
             c->gl->times, sb[0] == '-' ? "(" : "", sb, sb[0] == '-' ? ")" : "");
}

/* Why a masked cell has no score and no share. */
static void check_masked(const ViewCtx *c, int t, int s, Pieces *x)
{
    char buf[512];
    snprintf(buf, sizeof buf, SAY(c, "%s looks only at itself and the characters before it: its score for %s "
                                     "counts as %s, and e^(%s) = 0, so its share is 0",
                                  "「%s」只看自己和前面的字：它给「%s」的分数算作 %s，e^(%s) = 0，所以分到 0"),
             c->tok[t], c->tok[s], c->gl->minus_inf, c->gl->minus_inf);
    pieces_words(x, STYLE_NORMAL, buf);
}

/* Q(t)·K(s) = the dh products, added: their exact sum as printed. */
static void check_raw(const ViewCtx *c, int h, int t, int s, Pieces *x)
{
    const Trace *tr = c->tr;
    ExplainTerm terms[MODEL_MAX_D];
    CheckedSum cs;
    char term[96], num[FORMAT_BYTES], note[256];
    if (draw_score_set_note(c, h, t, s, note, sizeof note)) {   /* what if: no Σ gives it */
        char name[64];
        pieces_add(x, STYLE_BOLD, "%s = %s*: ", draw_score_name(c, h, t, s, name, sizeof name),
                      format_fixed(num, sizeof num, TRACE_HSQ(tr, scores, h, t, s), 2));
        pieces_words(x, STYLE_NORMAL, note);
        return;
    }
    int n = engine_explain_score(tr, h, t, s, terms);
    check_sum(&cs, terms, n, 2, 2, TRACE_HSQ(tr, scores, h, t, s), 2);
    pieces_add(x, STYLE_BOLD, "Q(%s)%sK(%s) = ", c->tok[t], c->gl->dot, c->tok[s]);
    for (int i = 0; i < cs.n; i++) {
        product_text(c, cs.a[i], cs.digits_a, cs.b[i], cs.digits_b, term, sizeof term);
        pieces_add(x, STYLE_NORMAL, "%s%s", term, i < cs.n - 1 ? " + " : " ");
    }
    pieces_add(x, STYLE_BOLD, "= %s", format_fixed(num, sizeof num, cs.sum, cs.sum_digits));
    if (!cs.same)
        pieces_add(x, STYLE_BOLD, " %s %s", c->ascii ? "~" : "≈", format_fixed(num, sizeof num, cs.value, 2));
}

/* Q(t)·K(s) ÷ √d = the printed score ÷ √d printed with six decimals. */
static void check_scaled(const ViewCtx *c, int h, int t, int s, Pieces *x)
{
    const Trace *tr = c->tr;
    CheckedQuotient q;
    check_quotient_grow(&q, TRACE_HSQ(tr, scores, h, t, s), 2, tr->scale, 6,
                        TRACE_HSQ(tr, scaled, h, t, s), 2);
    char a[FORMAT_BYTES], b[FORMAT_BYTES], r[FORMAT_BYTES], root[32], name[64];
    sqrt_d(c, root, sizeof root);
    pieces_add(x, STYLE_BOLD, "%s %s %s = ", draw_score_name(c, h, t, s, name, sizeof name),
                  div_sign(c), root);
    pieces_add(x, STYLE_NORMAL, "%s %s %s ", format_fixed(a, sizeof a, q.a, q.digits_a), div_sign(c),
                  format_fixed(b, sizeof b, q.b, 6));
    pieces_add(x, STYLE_BOLD, "= %s", format_fixed(r, sizeof r, q.quotient, 2));
    if (!q.same)
        pieces_add(x, STYLE_BOLD, " %s %s", c->ascii ? "~" : "≈", format_fixed(r, sizeof r, q.value, 2));
    pieces_add(x, STYLE_DIM, c->lang == LANG_ZH ? "（%s %s %s）" : " (%s %s %s)", root, c->ascii ? "~" : "≈",
               b);   /* six decimals, as every screen prints √d; a root's decimals: ≈ */
}

/* share(t→s) = e^(s − max) / Σ over the row, with the Σ term by term and the row's total. */
static void check_shares(const ViewCtx *c, int h, int t, int s, Pieces *x)
{
    const Trace *tr = c->tr;
    CheckedShare cs;
    check_share(&cs, tr, h, t, s);
    char v[FORMAT_BYTES], m[FORMAT_BYTES], e[FORMAT_BYTES], sum[FORMAT_BYTES], share[FORMAT_BYTES];
    format_fixed(v, sizeof v, cs.scaled[s], cs.scaled_digits);
    format_fixed(m, sizeof m, cs.max, cs.scaled_digits);
    format_fixed(e, sizeof e, cs.exps[s], cs.exp_digits);
    format_fixed(sum, sizeof sum, cs.sum, cs.exp_digits);
    pieces_add(x, STYLE_BOLD, SAY(c, "share(%s%s%s) = ", "百分比(%s%s%s) = "), c->tok[t], to_sign(c),
                  c->tok[s]);
    pieces_add(x, STYLE_NORMAL, "e^(%s-%s%s%s) ", v, m[0] == '-' ? "(" : "", m, m[0] == '-' ? ")" : "");
    pieces_add(x, STYLE_NORMAL, "/ %s ", c->gl->sum);
    pieces_add(x, STYLE_NORMAL, "= %s / %s ", e, sum);
    pieces_add(x, STYLE_BOLD, "= %s", format_percent(share, sizeof share, cs.share));
    if (!cs.same)
        pieces_add(x, STYLE_BOLD, " %s %s", c->ascii ? "~" : "≈", format_percent(share, sizeof share, cs.value));
    pieces_add(x, STYLE_NORMAL, PIECES_BREAK);
    pieces_add(x, STYLE_NORMAL, SAY(c, "%s = e^(s-max) over %s's row = ", "%s =「%s」这一行的 e^(s-max) = "),
                  c->gl->sum, c->tok[t]);
    for (int u = 0; u < cs.n; u++)
        pieces_add(x, cs.visible[u] ? STYLE_NORMAL : STYLE_DIM, "%s%s",
                      format_fixed(e, sizeof e, cs.exps[u], cs.exp_digits), u < cs.n - 1 ? " + " : " ");
    pieces_add(x, STYLE_BOLD, "= %s", sum);
    pieces_glue(x, STYLE_NORMAL, "%s", SAY(c, "; ", "；"));
    double total = check_percent_total(&TRACE_HSQ(tr, weights, h, t, 0), tr->T);
    format_fixed(share, sizeof share, total, 1);
    char buf[256];
    snprintf(buf, sizeof buf, SAY(c, "the printed shares add to %s%%", "屏幕上显示的百分比加起来是 %s%%"),
             share);
    pieces_words(x, STYLE_NORMAL, buf);
    if (format_round(total, 1) != 100.0) {
        format_percent(share, sizeof share, engine_row_total(tr, h, t));
        pieces_add(x, STYLE_NORMAL, SAY(c, " %s 100%% (%s unrounded)", " %s 100%%（四舍五入前 %s）"),
                      c->ascii ? "~" : "≈", share);
    }
}

/* In words, when the numbers are hidden. */
static void check_hidden(const ViewCtx *c, const MatrixLayout *L, int t, int s, Pieces *x)
{
    const char *a = c->tok[t], *b = c->tok[s];
    char buf[512];
    switch (L->table) {
    case MATRIX_RAW:
        snprintf(buf, sizeof buf, SAY(c, "Q(%s)%sK(%s): multiply Q(%s) and K(%s) dimension by dimension and add "
                                         "the products; the darker the cell, the higher the score",
                                      "Q(%s)%sK(%s)：Q(%s) 和 K(%s) 一维一维相乘再加起来；格子越深，分数越高"),
                 a, c->gl->dot, b, a, b);
        break;
    case MATRIX_SCALED:
        snprintf(buf, sizeof buf, SAY(c, "every score divided by the same %sd: the shades keep their order",
                                      "每个分数都除以同一个 %sd：深浅顺序不变"), c->gl->sqrt);
        break;
    case MATRIX_SHARES:
    case MATRIX_TABLE_COUNT:
        snprintf(buf, sizeof buf, SAY(c, "share(%s%s%s): e^(score - max) over the sum of the row's; "
                                         "each row of shares adds up to the whole",
                                      "百分比(%s%s%s)：e^(分数 - 最大值) 除以这一行的总和；每一行加起来正好 100%%"),
                 a, to_sign(c), b);
        break;
    }
    pieces_words(x, STYLE_NORMAL, buf);
}

/* The chosen cell's check for every head shown, each its own paragraph. */
static void build_check(const ViewCtx *c, const MatrixLayout *L, Pieces *x)
{
    pieces_init(x, 2);
    int t = L->row, s = L->col;
    if (!c->numbers) {
        check_hidden(c, L, t, s, x);
        return;
    }
    if (!engine_visible(c->tr, t, s) && L->table != MATRIX_RAW) {   /* Q·Kᵀ is still worked */
        check_masked(c, t, s, x);
        return;
    }
    for (int k = 0; k < L->tables; k++) {
        if (k)
            pieces_add(x, STYLE_NORMAL, PIECES_BREAK);
        if (c->tr->heads == 2)
            pieces_add(x, STYLE_DIM, SAY(c, "head %d: ", "头 %d："), L->head[k] + 1);
        switch (L->table) {
        case MATRIX_RAW:         check_raw(c, L->head[k], t, s, x); break;
        case MATRIX_SCALED:      check_scaled(c, L->head[k], t, s, x); break;
        case MATRIX_SHARES:
        case MATRIX_TABLE_COUNT: check_shares(c, L->head[k], t, s, x); break;
        }
    }
}

/* ---------------------------------------------------------------- layout */

/* Columns one table takes with cells of width cw over ncols columns. */
static int table_width(const MatrixLayout *L, int ncols)
{
    return L->lw + ncols * L->cw + 1 + L->sumw;
}

/* Whether the tables fit the room with every column and a swatch of sw. */
static bool try_cells(MatrixLayout *L, int sw, int pad, int room)
{
    L->sw = sw;
    L->pad = L->numw ? pad : 0;
    L->cw = 1 + sw + L->pad + L->numw;
    L->tw = table_width(L, L->T);
    return L->tables * L->tw + (L->tables - 1) * MATRIX_TABLE_GAP <= room;
}

/* The heads shown: ui->head's, or both when asked for (-1). */
static void choose_heads(const ViewCtx *c, MatrixLayout *L, int tables)
{
    int want = c->ui->head;
    L->tables = tables;
    L->head[0] = ui_head_shown(c->ui, c->tr);
    L->head[1] = 1;
    L->one_of_two = c->tr->heads == 2 && want < 0 && tables == 1;
}

/* Cell widths, the heads side by side, the window of columns, with the rows named by the
 * characters' labels or their brief ones. Returns whether every table asked for shows
 * every column. */
static bool layout_columns_with(const ViewCtx *c, MatrixLayout *L, bool brief)
{
    int room = c->body.w - 2;
    bool both = c->tr->heads == 2 && c->ui->head < 0;
    L->brief = brief;
    L->lw = brief || c->tok_cols + 2 < MATRIX_LABEL_W ? MATRIX_LABEL_W : c->tok_cols + 2;
    L->sumw = L->table == MATRIX_SHARES && c->numbers ? MATRIX_SUM_W : 0;
    L->col_first = 0;
    L->ncols = L->T;
    for (int tables = both ? 2 : 1; tables >= 1; tables--) {
        choose_heads(c, L, tables);
        L->numw = c->numbers ? widest_number(c, L) : 0;
        if (!try_cells(L, 2, 1, room) && !try_cells(L, 1, 1, room) && !try_cells(L, 1, 0, room))
            continue;   /* a blank between swatch and number while one fits ("▒ -0.37", not "▒-0.37") */
        int sw = L->sw, pad = L->pad;
        int max_sw = c->numbers ? MATRIX_MAX_SW : MATRIX_MAX_SW_HIDDEN;
        while (sw < max_sw && try_cells(L, sw + 1, 1, room)) {
            sw++;
            pad = 1;
        }
        try_cells(L, sw, pad, room);   /* the widest that fits (a failed try changed L) */
        return tables == (both ? 2 : 1);
    }
    try_cells(L, 1, 0, room);   /* not even one table: a window of its columns */
    int fit = (room - table_width(L, 0)) / L->cw;
    L->ncols = fit < 1 ? 1 : fit > L->T ? L->T : fit;
    L->col_first = heat_window_first(L->T, L->ncols, L->col);
    L->tw = table_width(L, L->ncols);
    return false;
}

/* The columns with the characters' labels, unless brief ones show more tables or columns. */
static void layout_columns(const ViewCtx *c, MatrixLayout *L)
{
    if (layout_columns_with(c, L, false) || c->tok_cols <= DRAW_BRIEF_COLS)
        return;
    int tables = L->tables, ncols = L->ncols;
    layout_columns_with(c, L, true);
    if (L->tables < tables || (L->tables == tables && L->ncols <= ncols))
        layout_columns_with(c, L, false);
}

/* ---------------------------------------------------------------- layout: rows */

/* Lines that pieces of these widths take in w columns, continuation lines indented. */
static int packed_lines(const int *widths, int n, int w, int indent)
{
    int lines = 1, col = 0;
    for (int i = 0; i < n; i++) {
        if (col > 0 && col + widths[i] > w) {
            lines++;
            col = indent;
        }
        col += widths[i];
    }
    return lines;
}

/* Lines of about `cols` columns of words. */
static int words_lines(int cols, int w)
{
    int widths[128], n = 0;
    for (; cols > 0 && n < 128; cols -= 8)
        widths[n++] = 8;
    return packed_lines(widths, n, w, 2);
}

/* The widest "a×b + " of head h's score checks: its operands' widths, with parentheses. */
static int widest_product(const Trace *tr, int h)
{
    char buf[FORMAT_BYTES];
    int wq = 0, wk = 0;
    for (int t = 0; t < tr->T; t++)
        for (int i = h * tr->dh; i < (h + 1) * tr->dh; i++) {
            double q = TRACE_ROW(tr, q, t)[i], k = TRACE_ROW(tr, k, t)[i];
            int a = text_width(format_fixed(buf, sizeof buf, q, 2)) + (q < 0 ? 2 : 0);
            int b = text_width(format_fixed(buf, sizeof buf, k, 2)) + (k < 0 ? 2 : 0);
            wq = a > wq ? a : wq;
            wk = b > wk ? b : wk;
        }
    return wq + 1 + wk + 3;
}

/* The lines a hand check of this table may take, whichever cell is chosen: so that the
 * table does not move while the cursor does. An estimate from the widest pieces. */
static int check_lines_bound(const ViewCtx *c, const MatrixLayout *L)
{
    const Trace *tr = c->tr;
    int w = L->w, lines = 0, widths[MODEL_MAX_D + 40];
    if (!c->numbers)
        return words_lines(150, w);
    int prefix = tr->heads == 2 ? 8 : 0;   /* "head 1: " */
    for (int k = 0; k < L->tables; k++) {
        int n = 0;
        switch (L->table) {
        case MATRIX_RAW: {
            int product = widest_product(tr, L->head[k]);
            widths[n++] = prefix + 14;
            for (int i = 0; i < tr->dh; i++)
                widths[n++] = product;
            widths[n++] = 20;   /* "= -10.0000 ≈ -10.00" */
            lines += packed_lines(widths, n, w, 2);
            break;
        }
        case MATRIX_SCALED: {
            static const int pieces[] = { 19, 18, 16, 17 };
            for (int i = 0; i < 4; i++)
                widths[n++] = pieces[i] + (i == 0 ? prefix : 0);
            lines += packed_lines(widths, n, w, 2);
            break;
        }
        case MATRIX_SHARES:
        case MATRIX_TABLE_COUNT: {
            static const int pieces[] = { 17, 19, 4, 18, 16 };
            for (int i = 0; i < 5; i++)
                widths[n++] = pieces[i] + (i == 0 ? prefix : 0);
            lines += packed_lines(widths, n, w, 2);
            n = 0;
            widths[n++] = 31;
            for (int u = 0; u < tr->T; u++)
                widths[n++] = 8;
            for (int i = 0; i < 8; i++)   /* "= 1.911; the printed shares add to …" in words */
                widths[n++] = 10;
            lines += packed_lines(widths, n, w, 2);
            break;
        }
        }
    }
    if (tr->mask == MASK_CAUSAL) {
        int masked = words_lines(150, w);
        lines = masked > lines ? masked : lines;
    }
    return lines;
}

/* Rows: the text above, the cells, then the legend, the mirror line and the check. The
 * rows given to the mirror and the check do not depend on the chosen cell (a bound), so
 * the table stays put as the cursor moves; what does not fit drops the legend's detail,
 * then rows scroll. */
static void layout_rows(const ViewCtx *c, MatrixLayout *L, Pieces *tmp)
{
    int bottom = c->body.y + c->body.h, y = c->body.y;
    build_shape(c, L, tmp);
    L->shape_lines = pieces_lines(tmp, L->w);
    build_mirror(c, L, tmp);
    L->mirror_lines = pieces_lines(tmp, L->w);
    int mirror_bound = words_lines(c->tr->heads == 2 ? 110 : 100, L->w);
    int mirror_rows = L->mirror_lines > mirror_bound ? L->mirror_lines : mirror_bound;
    build_check(c, L, tmp);
    L->check_lines = pieces_lines(tmp, L->w);
    int check_bound = check_lines_bound(c, L);
    int check_rows = L->check_lines > check_bound ? L->check_lines : check_bound;
    L->tabs_row = y++;
    L->shape_row = y;
    y += L->shape_lines;
    L->heads_row = c->tr->heads == 2 ? y++ : -1;
    L->head_row = y++;
    L->grid_row = y;
    bool scrolls = L->ncols < L->T;
    int avail = 0;
    for (L->legend = LEGEND_FULL; L->legend >= 0; L->legend--) {
        build_legend(c, L, L->legend, scrolls, tmp);
        L->legend_lines = pieces_lines(tmp, L->w);
        avail = bottom - L->grid_row - L->legend_lines - mirror_rows - check_rows;
        if (avail >= L->T)
            break;
    }
    if (L->legend < 0) {   /* rows scroll: the fullest legend that leaves three rows */
        for (L->legend = LEGEND_FULL; L->legend > 0; L->legend--) {
            build_legend(c, L, L->legend, true, tmp);
            L->legend_lines = pieces_lines(tmp, L->w);
            avail = bottom - L->grid_row - L->legend_lines - mirror_rows - check_rows;
            if (avail >= 3)
                break;
        }
        if (L->legend == 0)
            L->legend_lines = 0;
        avail = bottom - L->grid_row - L->legend_lines - mirror_rows - check_rows;
    }
    if (avail < 1) {   /* a check too long for the screen (a very wide d): it gives way */
        check_rows += avail - 1;
        avail = 1;
    }
    if (L->check_lines > check_rows)
        L->check_lines = check_rows;
    int ch_max = (L->cw + 2) / 4;   /* cells about as tall as they are wide, on screen */
    ch_max = ch_max < 1 ? 1 : ch_max > MATRIX_MAX_CH ? MATRIX_MAX_CH : ch_max;
    L->ch = 1;
    while (L->ch < ch_max && (L->ch + 1) * L->T + 2 <= avail)
        L->ch++;
    L->nrows = avail / L->ch < L->T ? avail / L->ch : L->T;
    L->row_first = heat_window_first(L->T, L->nrows, L->row);
    int spare = avail - L->nrows * L->ch;
    L->legend_row = L->grid_row + L->nrows * L->ch + (spare >= 1 ? 1 : 0);
    L->mirror_row = L->legend_row + L->legend_lines;
    L->check_row = L->mirror_row + mirror_rows + (spare >= 2 ? 1 : 0);
}

static void matrix_layout_fresh(const ViewCtx *c, MatrixLayout *L, Pieces *tmp)
{
    memset(L, 0, sizeof *L);
    L->T = c->tr->T;
    const MatrixState *st = c->state;
    L->table = st && st->table < MATRIX_TABLE_COUNT ? st->table : MATRIX_SHARES;
    L->row = c->focus;
    L->col = lesson_answer(c->ls, c->ui->answer, c->focus);
    L->x = c->body.x + 1;
    L->w = c->body.w - 2;
    layout_columns(c, L);
    int total = L->tables * L->tw + (L->tables - 1) * MATRIX_TABLE_GAP;
    int left = c->body.x + (c->body.w - total) / 2;
    for (int k = 0; k < L->tables; k++)
        L->table_x[k] = left + k * (L->tw + MATRIX_TABLE_GAP);
    layout_rows(c, L, tmp);
    for (int h = 0; h < c->tr->heads && h < ENGINE_MAX_HEADS; h++)
        heat_table_range(c->tr, table_array(c->tr, L->table), h, &L->lo[h], &L->hi[h]);
}

static void matrix_key_of(const ViewCtx *c, MatrixKey *k)
{
    const MatrixState *st = c->state;
    memset(k, 0, sizeof *k);
    k->trace = draw_trace_digest(c->tr);
    k->body = c->body;
    k->table = st ? (int)st->table : -1;
    k->focus = c->focus;
    k->answer = c->ui->answer;
    k->head = c->ui->head;
    k->tok_cols = c->tok_cols;
    k->lang = (int)c->lang;
    k->numbers = c->numbers;
    k->ascii = c->ascii;
}

/* The layout: the kept one while nothing it depends on changed (made anew, with its texts:
 * shape, legend, mirror, check, into the cache). */
static void matrix_layout(const ViewCtx *c, MatrixLayout *L, Pieces *tmp)
{
    MatrixCache *k = c->cache;
    if (!k) {
        matrix_layout_fresh(c, L, tmp);
        return;
    }
    MatrixKey key;
    matrix_key_of(c, &key);
    if (!k->valid || memcmp(&key, &k->key, sizeof key) != 0) {
        matrix_layout_fresh(c, &k->layout, tmp);
        const MatrixLayout *K = &k->layout;
        build_shape(c, K, &k->shape);
        build_legend(c, K, K->legend, K->ncols < K->T || K->nrows < K->T, &k->legend);
        build_mirror(c, K, &k->mirror);
        build_check(c, K, &k->check);
        k->key = key;
        k->valid = true;
    }
    *L = k->layout;
}

/* First column and row of cell (t, s) of table k. */
static int cell_x(const MatrixLayout *L, int k, int s)
{
    return L->table_x[k] + L->lw + (s - L->col_first) * L->cw;
}

static int cell_y(const MatrixLayout *L, int t)
{
    return L->grid_row + (t - L->row_first) * L->ch;
}

/* ---------------------------------------------------------------- drawing */

/* "[raw Q·Kᵀ]  ÷ √8  shares (softmax)   t next table". */
static void draw_tabs(const ViewCtx *c, const MatrixLayout *L)
{
    char name[64], item[80], hint[96];
    int x = L->x, limit = L->x + L->w;
    for (int m = 0; m < MATRIX_TABLE_COUNT; m++) {
        bool on = m == (int)L->table;
        table_name(c, (MatrixTable)m, name, sizeof name);
        snprintf(item, sizeof item, "%s%s%s", on ? "[" : " ", name, on ? "]" : " ");
        x += draw_clipped(c->g, x, L->tabs_row, limit, item, on ? STYLE_STAGE_LIT : STYLE_DIM) + 1;
    }
    const char *key = action_key_label_in(matrix_keys, VIEW_OWN(TABLE_NEXT));
    snprintf(hint, sizeof hint, SAY(c, " %s next table", " %s 换一张表"), key);
    draw_clipped(c->g, x + 1, L->tabs_row, limit, hint, STYLE_DIM);
}

/* The answering characters over the columns, the Σ over the totals, arrows where columns
 * are out of sight, and "head n" over each table. */
static void draw_heads(const ViewCtx *c, const MatrixLayout *L, int k)
{
    int x0 = L->table_x[k];
    if (L->heads_row >= 0) {
        char title[64];
        head_name(c, L->head[k], title, sizeof title);
        draw_centred(c->g, x0, L->heads_row, L->tw, title, STYLE_BOLD);
    }
    for (int s = L->col_first; s < L->col_first + L->ncols; s++) {
        int x = cell_x(L, k, s);
        Style st = s == L->col ? STYLE_FOCUS : STYLE_TOKEN;
        const char *label = draw_tok(c, s, L->cw - 1);
        int tw = text_width(label);
        grid_put_text(c->g, x + 1 + (L->cw - 1 - tw + (L->numw ? 1 : 0)) / 2, L->head_row, label, st);
    }
    if (L->col_first > 0)
        grid_put_text(c->g, x0 + L->lw - 1, L->head_row, c->ascii ? "<" : "‹", STYLE_DIM);
    if (L->col_first + L->ncols < L->T)
        grid_put_text(c->g, cell_x(L, k, L->col_first + L->ncols), L->head_row, c->ascii ? ">" : "›", STYLE_DIM);
    if (L->sumw)
        draw_right(c->g, cell_x(L, k, L->col_first + L->ncols) + 1, L->head_row, L->sumw - 1, c->gl->sum, STYLE_BOLD);
}

/* One cell: its swatch (and number) on ch rows, bracketed when chosen or mirrored. */
static void draw_cell(const ViewCtx *c, const MatrixLayout *L, int k, int t, int s)
{
    int h = L->head[k], x = cell_x(L, k, s), y = cell_y(L, t);
    int level = cell_level(c, L, h, t, s);
    bool chosen = t == L->row && s == L->col, mirror = t == L->col && s == L->row && !chosen;
    int num_row = L->ch / 2;
    char num[FORMAT_BYTES];
    cell_text(c, L->table, h, t, s, num, sizeof num);
    Style num_st = chosen ? STYLE_FOCUS : mirror ? STYLE_STAGE_LIT : level == 0 ? STYLE_DIM : STYLE_NORMAL;
    for (int r = 0; r < L->ch; r++) {
        if (L->numw && r == num_row) {
            heat_swatch(c, x + 1, y + r, L->sw, level, heat_style(level));
            draw_right(c->g, x + 1 + L->sw + L->pad, y + r, L->numw, num, num_st);
        } else {
            heat_swatch(c, x + 1, y + r, L->cw - 1, level, heat_style(level));
        }
        if (chosen || mirror) {
            grid_put_text(c->g, x, y + r, chosen ? "[" : "(", chosen ? STYLE_FOCUS : STYLE_STAGE_LIT);
            grid_put_text(c->g, x + L->cw, y + r, chosen ? "]" : ")", chosen ? STYLE_FOCUS : STYLE_STAGE_LIT);
        }
    }
}

/* A row: its character, its cells, its Σ. */
static void draw_row(const ViewCtx *c, const MatrixLayout *L, int k, int t)
{
    int y = cell_y(L, t), x0 = L->table_x[k], num_row = y + L->ch / 2;
    if (t == L->row)
        grid_put_text(c->g, x0, num_row, c->ascii ? ">" : "▸", STYLE_FOCUS);
    grid_put_text(c->g, x0 + 1, num_row, L->brief ? c->tok_brief[t] : c->tok[t],
                  t == L->row ? STYLE_FOCUS : STYLE_TOKEN);
    for (int s = L->col_first; s < L->col_first + L->ncols; s++)
        draw_cell(c, L, k, t, s);
    if (L->sumw) {
        char num[FORMAT_BYTES], buf[FORMAT_BYTES + 2];
        double total = check_percent_total(&TRACE_HSQ(c->tr, weights, L->head[k], t, 0), L->T);
        size_t n = strlen(draw_fixed_memo(matrix_numbers(c), num, sizeof num, total, 1));
        memcpy(buf, num, n);   /* "100.0%": buf holds num and its "%" */
        memcpy(buf + n, "%", 2);
        draw_right(c->g, cell_x(L, k, L->col_first + L->ncols) + 1, num_row, L->sumw - 1, buf,
                   t == L->row ? STYLE_BOLD : STYLE_DIM);
    }
}

static void draw_table(const ViewCtx *c, const MatrixLayout *L, int k)
{
    draw_heads(c, L, k);
    for (int t = L->row_first; t < L->row_first + L->nrows; t++)
        draw_row(c, L, k, t);
    int last = L->row_first + L->nrows - 1, label_end = L->table_x[k] + L->lw - 1;
    if (L->row_first > 0)
        grid_put_text(c->g, label_end, cell_y(L, L->row_first) + L->ch / 2, c->ascii ? "^" : "↑", STYLE_DIM);
    if (last < L->T - 1)
        grid_put_text(c->g, label_end, cell_y(L, last) + L->ch / 2, c->ascii ? "v" : "↓", STYLE_DIM);
}

/* The head whose score the cell's line sets: the one shown (the first of two shown). */
static int matrix_score_head(const Trace *tr, const Ui *ui)
{
    return ui_head_shown(ui, tr);
}

/* While a score is typed, the body's last row: the chosen cell's raw score, the value typed
 * and what Enter and Esc do. */
static void draw_score_line(const ViewCtx *c, const MatrixLayout *L, const MatrixState *st)
{
    int h = matrix_score_head(c->tr, c->ui), y = c->body.y + c->body.h - 1;
    char num[FORMAT_BYTES], buf[512], shown[1024];
    format_fixed(num, sizeof num, TRACE_HSQ(c->tr, scores, h, L->row, L->col), 2);
    snprintf(buf, sizeof buf, SAY(c, "score(%s→%s) = %s · new value: %s_ · Enter sets it (u undoes) · Esc cancels",
                                  "分数(%s→%s) = %s · 新的值：%s_ · Enter 设定（u 撤销）· Esc 取消"),
             c->tok[L->row], c->tok[L->col], num, st->typed);
    draw_drawable(c->ascii, buf, shown, sizeof shown);
    for (int x = c->body.x; x < c->body.x + c->body.w; x++)
        grid_put_char(c->g, x, y, " ", STYLE_NORMAL);
    draw_clipped(c->g, L->x, y, c->body.x + c->body.w, shown, STYLE_BOLD);
}

static void matrix_view_draw(const ViewCtx *c)
{
    MatrixLayout L;
    Pieces text;
    matrix_layout(c, &L, &text);
    draw_tabs(c, &L);
    MatrixCache *kept = c->cache;   /* the texts: kept with the layout, or built here */
    if (!kept)
        build_shape(c, &L, &text);
    pieces_draw(c, kept ? &kept->shape : &text, L.x, L.shape_row, L.w, L.shape_lines);
    for (int k = 0; k < L.tables; k++)
        draw_table(c, &L, k);
    if (!kept)
        build_legend(c, &L, L.legend, L.ncols < L.T || L.nrows < L.T, &text);
    pieces_draw(c, kept ? &kept->legend : &text, L.x, L.legend_row, L.w, L.legend_lines);
    if (!kept)
        build_mirror(c, &L, &text);
    pieces_draw(c, kept ? &kept->mirror : &text, L.x, L.mirror_row, L.w, L.mirror_lines);
    if (!kept)
        build_check(c, &L, &text);
    pieces_draw(c, kept ? &kept->check : &text, L.x, L.check_row, L.w, L.check_lines);
    const MatrixState *st = c->state;
    if (st && st->typing)
        draw_score_line(c, &L, st);
}

/* ---------------------------------------------------------------- clicks */

/* A click on a cell chooses it; on a row's character, that row at the same column; on a
 * column's character, that column in the same row. */
static bool matrix_view_hit(const ViewCtx *c, int x, int y, Action *action, int *arg)
{
    MatrixLayout L;
    Pieces text;
    matrix_layout(c, &L, &text);
    int t = -1, s = -1;
    for (int k = 0; k < L.tables; k++) {
        int left = cell_x(&L, k, L.col_first), right = cell_x(&L, k, L.col_first + L.ncols);
        if (y >= L.grid_row && y < L.grid_row + L.nrows * L.ch) {
            int row = L.row_first + (y - L.grid_row) / L.ch;
            if (x >= left && x < right) {
                t = row;
                s = L.col_first + (x - left) / L.cw;
            } else if (x >= L.table_x[k] && x < left) {
                t = row;
                s = L.col;
            }
        } else if (y == L.head_row && x >= left && x < right) {
            t = L.row;
            s = L.col_first + (x - left) / L.cw;
        }
    }
    if (t < 0 || s < 0)
        return false;
    *action = ACTION_CELL;
    *arg = t * L.T + s;
    return true;
}

/* ---------------------------------------------------------------- its state */

static void matrix_init(void *state, const Lesson *ls)
{
    (void)ls;
    MatrixState *st = state;
    st->table = MATRIX_SHARES;
}

/* Enter on a typed score: the chosen cell's raw score set (what if: app.c carries it out and
 * every screen follows), unless the mask hides the cell or the text is no number (said). */
static int matrix_set_score(MatrixState *st, const ViewCall *call)
{
    const Trace *tr = &call->ls->tr;
    Lang lang = call->ui->input.lang == LANG_ZH ? LANG_ZH : LANG_EN;
    int t = call->p->focus, s = lesson_answer(call->ls, call->ui->answer, t);
    double v;
    TypedRead read = typed_value(st->typed, &v);
    st->typing = false;
    if (read == TYPED_EMPTY)
        return REACT_REDRAW;
    if (read != TYPED_NUMBER) {
        char why[192];
        typed_message(st->typed, TYPED_VALUE, lang, why, sizeof why);
        request_note_text(call->ask, why);
        return REACT_REDRAW;
    }
    if (!engine_visible(tr, t, s)) {
        request_note_text(call->ask, LANG_PICK(lang, "the mask hides this score: softmax never sees it",
                                               "这个分数被遮住了：softmax 看不到它，改了也没用"));
        return REACT_REDRAW;
    }
    int h = matrix_score_head(tr, call->ui);
    Edit e = { .target = EDIT_SCORE, .row = t, .col = s, .after = v, .head = h,
               .before = TRACE_HSQ(tr, scores, h, t, s) };
    charname_of(tr->tokens, tr->T, t, e.names[0], sizeof e.names[0]);
    charname_of(tr->tokens, tr->T, s, e.names[1], sizeof e.names[1]);
    request_what_if(call->ask, &e);
    return REACT_REDRAW;
}

/* A key while a score is typed: a number's characters (full-width ones read as ASCII),
 * Backspace, Enter, Esc; every other printable key taken and answered with a hint. */
static int matrix_key(void *state, const ViewCall *call, int key)
{
    MatrixState *st = state;
    Lang lang = call->ui->input.lang == LANG_ZH ? LANG_ZH : LANG_EN;
    char note[UI_NOTE_BYTES];
    TypedKey what = typed_key(st->typed, sizeof st->typed, key, TYPED_VALUE);
    switch (what) {
    case TYPED_KEY_ENTER:
        return matrix_set_score(st, call);
    case TYPED_KEY_ESC:
        st->typing = false;
        return REACT_REDRAW;
    case TYPED_KEY_EDITED:
        return REACT_REDRAW;
    case TYPED_KEY_FOLDED:   /* said at each such key: a note lasts until the next */
        typed_folded_note(lang, note, sizeof note);
        request_note_text(call->ask, note);
        return REACT_REDRAW;
    case TYPED_KEY_UNUSABLE:
    case TYPED_KEY_FULL:
        typed_hint(what, key, TYPED_VALUE, lang, note, sizeof note);
        request_note_text(call->ask, note);
        return REACT_REDRAW;
    case TYPED_KEY_OTHER:
        break;
    }
    return key == KEYCODE_TAB || key == KEYCODE_BACKTAB || key == KEYCODE_REDRAW ? -1 : REACT_NONE;
}

static bool matrix_modal(const void *state)
{
    const MatrixState *st = state;
    return st->typing;
}

static int matrix_act(void *state, const ViewCall *call, Action a, int arg)
{
    (void)call;
    MatrixState *st = state;
    if ((int)a < ACTION_VIEW_FIRST)
        return -1;   /* the shared actions keep their shared meaning */
    switch ((MatrixAction)a) {
    case MATRIX_ACTION_BASE:
        break;
    case ACTION_TABLE_NEXT:
        st->table = (MatrixTable)((st->table + 1) % MATRIX_TABLE_COUNT);
        return REACT_REDRAW;
    case ACTION_TABLE_SHOW:
        if (arg < 0 || arg >= MATRIX_TABLE_COUNT)
            return REACT_NONE;
        st->table = (MatrixTable)arg;
        return REACT_REDRAW;
    case ACTION_SCORE_TYPE:
        st->typing = true;
        st->typed[0] = '\0';
        return REACT_REDRAW;
    }
    return -1;
}

/* The cursor is a cell: row the asking character (the focus), col the answering one. */
static int matrix_set_cursor(void *state, const ViewCall *call, int row, int col)
{
    (void)state;
    int T = call->ls->tr.T;
    if (row < 0 || row >= T || col < 0 || col >= T)
        return REACT_NONE;
    if (row != call->p->focus)
        player_set_focus(call->p, row, call->now);
    request_answer(call->ask, col);
    return REACT_REDRAW;
}

/* The chosen number for "where does it come from": the cursor's cell of the table shown
 * (the shown head's, head 1's when both are shown). */
static bool matrix_chosen(const void *state, const Ui *ui, const Player *p, const Lesson *ls,
                          OriginCell *cell)
{
    const MatrixState *st = state;
    static const OriginTable tables[MATRIX_TABLE_COUNT] = {
        [MATRIX_RAW] = ORIGIN_SCORES, [MATRIX_SCALED] = ORIGIN_SCALED,
        [MATRIX_SHARES] = ORIGIN_WEIGHTS,
    };
    int T = ls->tr.T;
    int t = p->focus < 0 ? 0 : p->focus >= T ? T - 1 : p->focus;
    MatrixTable table = st && st->table < MATRIX_TABLE_COUNT ? st->table : MATRIX_SHARES;
    *cell = (OriginCell){ tables[table], ui->head > 0 && ui->head < ls->tr.heads ? ui->head : 0,
                          t, lesson_answer(ls, ui->answer, t) };
    return true;
}

/* ---------------------------------------------------------------- the view */

static const ViewHint matrix_hints[] = {
    { { VIEW_OWN(TABLE_NEXT), ACTION_NONE,        "table",  "换表" }, VIEW_AT_EVERY, false },
    { { ACTION_FOCUS_PREV, ACTION_FOCUS_NEXT,  "who asks", "谁来问" }, VIEW_AT_EVERY, false },
    { { ACTION_ANSWER_PREV, ACTION_ANSWER_NEXT, "who answers", "谁来答" }, VIEW_AT_EVERY, false },
    { { ACTION_NONE,       ACTION_NONE,        NULL,     NULL }, VIEW_AT_EVERY, false },
};

const ViewOps view_matrix = {
    .name = "matrix",
    .tab_en = "matrix", .tab_zh = "打分表",
    .title_en = "every score at once", .title_zh = "所有分数一次到位",
    .help_en = "rows ask, columns answer: the table is not symmetric",
    .help_zh = "行是提问的字，列是被问的字：这张表不对称",
    .station_en = "Stations 4-5, the score table: row = the character asking, column = the one answering.\n"
                  "Q·Kᵀ gives all 36 scores at once; ÷√d scales them; softmax turns each row into shares\n"
                  "that add to 100%. The table is not symmetric: 等 asking 加 is not 加 asking 等.",
    .station_zh = "第 4～5 站，打分表：行是「谁在问」，列是「谁在答」。\n"
                  "Q·Kᵀ 一次算出全部 36 个分数；再除以 √d；softmax 把每一行变成百分比，加起来 100%。\n"
                  "这张表不对称：「等」问「加」和「加」问「等」得到的分数不一样。",
    .track = TRACK_FOCUS,
    .stages = false,
    .about = "stations 4–5: the whole T×T table of raw scores, ÷√d or shares as a heatmap, a cell cursor with its hand check, the mirrored cell beside it",
    .state_size = sizeof(MatrixState),
    .init = matrix_init,
    .draw = matrix_view_draw,
    .hit = matrix_view_hit,
    .cache_new = matrix_cache_new,
    .cache_free = matrix_cache_free,
    .act = matrix_act,
    .modal = matrix_modal,
    .key = matrix_key,
    .set_cursor = matrix_set_cursor,
    .chosen = matrix_chosen,
    .keys = matrix_keys,
    .hints = matrix_hints,
    .actions = matrix_actions,
};
