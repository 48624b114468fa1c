/* view_machine.c — station 7, the whole machine: the sentence through the four tables in
 * order, x [T, d] → ① Q, K, V [T, d] → ② scores [T, T] → ③ shares [T, T] → ④ output
 * [T, d], as a strip of compact heatmaps that fill stage by stage, the stage's own table
 * in full numbers below it, and the lesson's point: [T, d] goes in, [T, d] comes out.
 * What if: i opens the editor (view_machine_edit.c) over the focus tables; a number is
 * chosen and nudged or typed, the lesson is recomputed, every table follows.
 * Owns: the view's layout, the strip, the focus tables, its point line, clicks on rows, its
 * state (view_machine.h: the editor's), its actions and its row of the view table.
 * Must not touch: ncurses, the clock, the engine's arithmetic (it only reads a Trace). */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "check.h"
#include "format.h"
#include "heat.h"
#include "pieces.h"
#include "chain.h"
#include "view.h"
#include "view_machine.h"
#include "view_machine_block.h"
#include "view_machine_edit.h"

#define MACHINE_LABEL_W 4     /* a row's label at least: a marker, the character, a blank */
#define MACHINE_BLOCKS 5      /* x, then the four stages */
#define MACHINE_MAX_CWT 8     /* widest strip cell of a T × T table (a projector's frame) */
#define MACHINE_MAX_CWD 6     /* widest strip cell of a T × d table */
#define MACHINE_MAX_RH 8      /* most rows of a strip cell (a tall frame); never more rows than
                                 a T × T cell has columns and two, so a cell is never a thin bar */
#define MACHINE_SPARE_USED 4  /* spare rows the layout spends on the caption and blank lines */
#define MACHINE_TABLE_GAP 3   /* blanks between focus tables side by side */
#define MACHINE_SUM_W 8       /* the shares' Σ column: blanks and "100.0%" */
#define MACHINE_ROW_LABEL_W 7 /* "Q(三) " in the table of the asking character's rows, at least */

/* The blocks of the strip, in the flow's order. */
enum { BLOCK_X = 0, BLOCK_QKV, BLOCK_SCORE, BLOCK_SHARES, BLOCK_OUTPUT };

/* How ① shows its three tables in full: side by side, Q and K side by side over V (two
 * fit across: fewer rows than stacked, so the strip grows in a frame like 120 × 40), one
 * above the other, or (when none fits) only the asking character's rows x, Q, K, V. */
typedef enum { QKV_SIDE = 0, QKV_PAIR, QKV_STACKED, QKV_ROWS } QkvMode;

/* ---------------------------------------------------------------- layout */

/* Where everything of the machine view goes. Depends only on the trace, the UI state, the
 * stage and the body, so drawing and clicks agree. */
typedef struct {
    int T;                      /* characters */
    int d;                      /* vector width */
    Stage stage;                /* the stage in focus */
    int heads;                  /* T × T tables shown per stage: 1, or 2 (both heads) */
    int head[2];                /* the head of each */
    bool one_of_two;            /* both heads asked for, only one fits the focus area */
    /* the strip */
    bool strip;                 /* the strip is drawn (the lesson's model; a layered model's
                                   block, view_machine_block.c, stands above the panel instead) */
    bool with_x;                /* the input x is shown before ① */
    int arrow_w;                /* columns of " → " between blocks */
    int cwd;                    /* columns of a strip cell of a T × d table */
    int cwt;                    /* columns of a strip cell of a T × T table */
    int strip_x;                /* first column of the strip (its labels) */
    int lw;                     /* columns of a row's label (strip and tables): marker, character, blank */
    bool brief;                 /* ASCII: rows name characters by brief labels ("3", "+") */
    int row_lw;                 /* columns of a label of the asking character's rows: "Q(三) " */
    int block_x[MACHINE_BLOCKS];/* first column of each block (-1: not shown) */
    int block_w[MACHINE_BLOCKS];/* its columns */
    int tcols;                  /* T × T columns shown in the strip */
    int tcol_first;             /* the first of them */
    int caption_row;            /* the stage's caption, or -1 */
    int names_row;              /* the stages' names over the blocks */
    int shapes_row;             /* their shapes */
    int strip_row;              /* the strip's first row of cells */
    int strip_rows;             /* characters of the strip shown */
    int rh;                     /* rows of each character's strip cells (1; more in a tall frame) */
    int row_first;              /* the first character shown (strip and tables) */
    /* the focus area */
    QkvMode qkv;                /* how ① shows its tables */
    int heading_row;            /* "── ② scores = Q·Kᵀ [6, 6] ──" */
    int tables;                 /* focus tables side by side (at ①: across, QKV_PAIR's two) */
    int table_x[3];             /* first column of each table across */
    int table_y[3];             /* the header row of each table (at ①: of Q, K, V) */
    int table_rows;             /* data rows of each shown */
    int numw;                   /* columns of the widest number (0: numbers hidden) */
    int cell_w;                 /* columns of a focus table cell */
    int cols;                   /* columns of each focus table shown */
    int col_first;              /* the first of them */
    int sum_w;                  /* the Σ column (0: none) */
    int point_row;              /* the lesson's point (or the stage's formula) */
    int point_lines;            /* its lines */
    int x;                      /* first column of text lines */
    int w;                      /* their columns */
    double score_lo[ENGINE_MAX_HEADS]; /* each head's visible scores' range (heat_table_range): */
    double score_hi[ENGINE_MAX_HEADS]; /* the shade of a score cell */
} MachineLayout;

/* ---------------------------------------------------------------- words */

/* "head 1" with numbers, "head one" without. */
static void head_name(const ViewCtx *c, int h, char *buf, size_t cap)
{
    if (c->numbers)
        snprintf(buf, cap, SAY(c, "head %d", "头 %d"), h + 1);
    else
        snprintf(buf, cap, "%s", h == 0 ? SAY(c, "head one", "第一个头") : SAY(c, "head two", "第二个头"));
}

/* "[6, 8]" with numbers, "[T, d]" without. */
static void shape(const ViewCtx *c, char *buf, size_t cap, int rows, const char *rn, int cols, const char *cn)
{
    if (c->numbers)
        snprintf(buf, cap, "[%d, %d]", rows, cols);
    else
        snprintf(buf, cap, "[%s, %s]", rn, cn);
}

/* "√8" with numbers, "√d" without. */
static void sqrt_d(const ViewCtx *c, char *buf, size_t cap)
{
    if (c->numbers)
        snprintf(buf, cap, "%s%d", c->gl->sqrt, c->tr->dh);
    else
        snprintf(buf, cap, "%sd", c->gl->sqrt);
}

/* The share ramp's legend (ramp.h) on a line of its own under the point, from ② on, where
 * the strip's squares are coloured: the scores' range at ②, the shares' steps after. */
static void ramp_legend_point(const ViewCtx *c, const MachineLayout *L, Pieces *x)
{
    if (L->stage == STAGE_QKV || L->stage == STAGE_COUNT)
        return;
    pieces_add(x, STYLE_DIM, "%s", PIECES_BREAK);
    if (L->stage != STAGE_SCORE) {
        ramp_pieces_share(c, x);
        return;
    }
    char lo[FORMAT_BYTES], hi[FORMAT_BYTES];
    double vlo, vhi;
    heat_table_range(c->tr, c->tr->scores, L->head[0], &vlo, &vhi);
    ramp_pieces_range(c, x, SAY(c, "score", "分数"), format_fixed(lo, sizeof lo, vlo, 2),
                      format_fixed(hi, sizeof hi, vhi, 2));
}

/* The line under the focus tables: the stage's formula, and at ④ the lesson's point. */
static void build_point(const ViewCtx *c, const MachineLayout *L, Pieces *x)
{
    const Trace *tr = c->tr;
    char in[32], buf[512], root[32];
    shape(c, in, sizeof in, tr->T, "T", tr->d, "d");
    sqrt_d(c, root, sizeof root);
    pieces_init(x, 2);
    switch (L->stage) {
    case STAGE_QKV:
        snprintf(buf, sizeof buf, SAY(c, "Q = x%sWq, K = x%sWk, V = x%sWv: one x, three roles%s, each %s",
                                      "Q = x%sWq，K = x%sWk，V = x%sWv：一个 x，三个分身%s，各是 %s"),
                 c->gl->dot, c->gl->dot, c->gl->dot, c->ascii || c->lang == LANG_ZH ? "" : " (三个分身)", in);
        break;
    case STAGE_SCORE:
        snprintf(buf, sizeof buf, SAY(c, "scores = Q%sK%s: row = who asks, column = who answers",
                                      "分数 = Q%sK%s：行是提问的字，列是被问的字"),
                 c->gl->dot, c->gl->transpose);
        break;
    case STAGE_SOFTMAX:
        snprintf(buf, sizeof buf, SAY(c, "shares = softmax(scores %s %s), row by row: each row adds up to "
                                         "the whole",
                                      "百分比 = softmax(分数 %s %s)，一行一行算：每行加起来正好 100%%"),
                 c->ascii ? "/" : "÷", root);
        break;
    case STAGE_OUTPUT:
    case STAGE_COUNT:
        snprintf(buf, sizeof buf, SAY(c, "%s in, %s out: the shape is kept, each character's content is re-mixed "
                                         "by attention %s so layers stack, and lesson 8's residual connection "
                                         "(x + output) fits",
                                      "输入 %s，输出 %s：形状不变、不做非线性，只把每个字的内容按「关注度」重新搅拌一遍%s"
                                      "所以可以一层层叠起来，也能和第 8 课的残差连接（x + 输出）对接"),
                 in, in, c->ascii ? "-" : c->lang == LANG_ZH ? "——" : "—");
        break;
    }
    pieces_words(x, L->stage == STAGE_OUTPUT ? STYLE_BOLD : STYLE_NORMAL, buf);
    if (tr->heads == 2 && (L->stage == STAGE_QKV || L->stage == STAGE_OUTPUT)) {
        pieces_sep(x, c->gl->sep);
        if (c->numbers)
            snprintf(buf, sizeof buf, SAY(c, "two heads (lesson 7): columns 0-%d are head 1's, %d-%d head 2's",
                                          "两个头（第 7 课）：第 0-%d 列归头 1，第 %d-%d 列归头 2"),
                     tr->dh - 1, tr->dh, tr->d - 1);
        else
            snprintf(buf, sizeof buf, "%s", SAY(c, "two heads: the left half is the first head's, the right half "
                                                   "the second's",
                                                "两个头：左半归第一个头，右半归第二个头"));
        pieces_words(x, STYLE_NORMAL, buf);
    }
    if (tr->mask == MASK_CAUSAL && (L->stage == STAGE_SCORE || L->stage == STAGE_SOFTMAX)) {
        pieces_sep(x, c->gl->sep);
        if (c->numbers)
            snprintf(buf, sizeof buf, SAY(c, "causal mask (lesson 7): the dim cells look ahead; after %sd they "
                                             "get %s, share 0",
                                          "因果掩码（第 7 课）：灰色的格子是往后看的，%sd 之后记 %s，分到 0"),
                     c->gl->div_sqrt, c->gl->minus_inf);
        else
            snprintf(buf, sizeof buf, "%s", SAY(c, "causal mask: a character never looks ahead",
                                                "因果掩码：每个字都不往后看"));
        pieces_words(x, STYLE_NORMAL, buf);
    }
    const ScoreSet *set = &tr->score_set;
    if (set->on && c->numbers && (L->stage == STAGE_SCORE || L->stage == STAGE_SOFTMAX)) {
        char name[64], num[FORMAT_BYTES];   /* what if: the score marked * is not a Q·K */
        pieces_add(x, STYLE_NORMAL, PIECES_BREAK);   /* a line of its own */
        draw_score_set_note(c, set->head, set->row, set->col, buf, sizeof buf);
        pieces_add(x, STYLE_BOLD, "%s = %s*: ", draw_score_name(c, set->head, set->row, set->col, name, sizeof name),
                      format_fixed(num, sizeof num, TRACE_HSQ(tr, scores, set->head, set->row, set->col), 2));
        pieces_words(x, STYLE_NORMAL, buf);
    }
    if (L->sum_w) {   /* the Σ column's 100.1%: the one ≈, explained where it appears */
        pieces_sep(x, c->gl->sep);
        snprintf(buf, sizeof buf, SAY(c, "%s adds the printed shares: 99.9%% or 100.1%% is 100%% rounded",
                                      "%s：屏幕上显示的百分比加起来是 99.9%% 或 100.1%%，来自四舍五入，实际正好是 100%%"),
                 c->gl->sum);
        pieces_words(x, STYLE_NORMAL, buf);
    }
    if (L->one_of_two) {
        pieces_sep(x, c->gl->sep);
        char one[32], two[32];
        head_name(c, 0, one, sizeof one);
        head_name(c, 1, two, sizeof two);
        snprintf(buf, sizeof buf, SAY(c, "both heads do not fit: %s shown (%s: %s)", "两个头并排放不下，先显示%s（按 %s 看%s）"),
                 one, action_key_label(ACTION_HEADS), two);
        pieces_words(x, STYLE_NORMAL, buf);
    }
    ramp_legend_point(c, L, x);
}

/* ---------------------------------------------------------------- values */

/* The T × d table of a block (x, Q, K, V or output), or NULL for a T × T block. */
static const double *block_vectors(const Trace *tr, int block, int part)
{
    switch (block) {
    case BLOCK_X:      return tr->x;
    case BLOCK_QKV:    return part == 0 ? tr->q : part == 1 ? tr->k : tr->v;
    case BLOCK_OUTPUT: return tr->output;
    default:           return NULL;
    }
}

/* The numbers the frames' cache keeps formatted (NULL: none). */
static DrawNumberMemo *machine_numbers(const ViewCtx *c);

/* Cell (t, s) of head h's scores or shares. */
static double square_value(const Trace *tr, bool shares, int h, int t, int s)
{
    return shares ? TRACE_HSQ(tr, weights, h, t, s) : TRACE_HSQ(tr, scores, h, t, s);
}

/* The shade level of a T × T cell: 0 masked, else by share class or the table's range
 * (L's, taken once a layout). */
static int square_level(const Trace *tr, const MachineLayout *L, bool shares, int h, int t, int s)
{
    if (!engine_visible(tr, t, s))
        return 0;
    double v = square_value(tr, shares, h, t, s);
    if (shares)
        return ramp_share_level(v);
    return ramp_range_level(v, L->score_lo[h], L->score_hi[h]);
}

/* A T × T cell as printed: two decimals or a percentage (masked: 0.0%). A masked score is
 * still its number (drawn dim): Q·Kᵀ comes before the mask, which adds −∞ after ÷√d. */
static void square_text(const ViewCtx *c, bool shares, int h, int t, int s, char *buf, size_t cap)
{
    bool visible = engine_visible(c->tr, t, s);
    DrawNumberMemo *kept = machine_numbers(c);
    if (shares)
        draw_percent_memo(kept, buf, cap, visible ? square_value(c->tr, true, h, t, s) : 0.0);
    else
        draw_fixed_memo(kept, buf, cap, square_value(c->tr, false, h, t, s), 2);
    if (!shares && engine_score_set(c->tr, h, t, s, NULL))
        draw_append(buf, cap, "*");   /* what if: set by the learner, not a Q·K */
}

/* How many rows of a block are filled: all before the stage, progress's share at it,
 * none after. x is always there. */
static int block_filled(const ViewCtx *c, int block)
{
    int stage_block = BLOCK_QKV + (int)c->stage;
    if (block == BLOCK_X || block < stage_block)
        return c->tr->T;
    if (block > stage_block)
        return 0;
    return draw_revealed(c->progress, c->tr->T);
}

/* ---------------------------------------------------------------- layout: the strip */

/* Columns of the strip with these choices. */
static int strip_width(const MachineLayout *L, bool with_x, int arrow_w, int cwd, int cwt, int tcols)
{
    int vec = L->d * cwd, sq = L->heads * tcols * cwt + (L->heads - 1);
    int w = L->lw + (3 * vec + 2) + 3 * arrow_w + 2 * sq + vec;
    if (with_x)
        w += vec + arrow_w;
    return w;
}

/* Widens the strip's cells while the strip fits room (a T × T cell at most two columns
 * wider than a T × d one, so the blocks stay alike). */
static void grow_strip_cells(MachineLayout *L, int room)
{
    L->cwd = L->cwt = 1;
    for (bool grew = true; grew;) {
        grew = false;
        if (L->cwt < MACHINE_MAX_CWT && L->cwt < L->cwd + 2 && strip_width(L, L->with_x, L->arrow_w, L->cwd, L->cwt + 1, L->tcols) <= room) {
            L->cwt++;
            grew = true;
        }
        if (L->cwd < MACHINE_MAX_CWD && L->cwd < L->cwt &&
            strip_width(L, L->with_x, L->arrow_w, L->cwd + 1, L->cwt, L->tcols) <= room) {
            L->cwd++;
            grew = true;
        }
    }
}

/* True when every stage's name ("③ softmax") fits over its block and the arrow after. */
static bool strip_names_fit(const ViewCtx *c, const MachineLayout *L)
{
    char name[64];
    const int widths[STAGE_COUNT] = { 3 * L->d * L->cwd + 2, L->heads * L->tcols * L->cwt + (L->heads - 1),
                                      L->heads * L->tcols * L->cwt + (L->heads - 1), L->d * L->cwd };
    for (int s = 0; s < STAGE_COUNT; s++) {
        draw_stage_label(name, sizeof name, (Stage)s, c->lang, c->gl);
        if (text_width(name) > widths[s] + L->arrow_w - 1)
            return false;
    }
    return true;
}

/* Chooses the strip's cells (x shown if it can be with every stage's name whole, the widest
 * cells that fit) and places its blocks, centred. */
static void layout_strip(const ViewCtx *c, MachineLayout *L)
{
    int room = c->body.w - 2;
    static const struct { bool x; int arrow; } tries[] = { { true, 3 }, { true, 2 }, { false, 3 }, { false, 2 } };
    enum { TRIES = sizeof tries / sizeof tries[0] };
    L->lw = MACHINE_LABEL_W;
    L->brief = c->tok_cols > DRAW_BRIEF_COLS;
    L->tcols = L->T;
    L->tcol_first = 0;
    L->cwd = L->cwt = 1;
    int first_fit = -1, chosen = -1;
    for (int i = 0; i < TRIES && chosen < 0; i++) {
        if (strip_width(L, tries[i].x, tries[i].arrow, 1, 1, L->T) > room)
            continue;
        first_fit = first_fit < 0 ? i : first_fit;
        L->with_x = tries[i].x;
        L->arrow_w = tries[i].arrow;
        grow_strip_cells(L, room);
        if (strip_names_fit(c, L))
            chosen = i;
    }
    chosen = chosen >= 0 ? chosen : first_fit;   /* no names whole: x still shown, names short */
    if (chosen >= 0) {
        L->with_x = tries[chosen].x;
        L->arrow_w = tries[chosen].arrow;
    }
    if (chosen < 0) {   /* a long sentence in a narrow frame: the T × T blocks show a window */
        L->with_x = false;
        L->arrow_w = 2;
        int fixed = strip_width(L, false, 2, 1, 1, 0);
        int fit = (room - fixed) / (2 * L->heads);
        L->tcols = fit < 1 ? 1 : fit > L->T ? L->T : fit;
        L->tcol_first = heat_window_first(L->T, L->tcols, c->focus);
    }
    grow_strip_cells(L, room);
    int total = strip_width(L, L->with_x, L->arrow_w, L->cwd, L->cwt, L->tcols);
    if (L->brief && total + c->tok_cols + 2 - MACHINE_LABEL_W <= room) {   /* room for whole labels */
        L->brief = false;
        L->lw = c->tok_cols + 2;
        total = strip_width(L, L->with_x, L->arrow_w, L->cwd, L->cwt, L->tcols);
    }
    L->strip_x = c->body.x + (c->body.w - total) / 2;
    int x = L->strip_x + L->lw, vec = L->d * L->cwd;
    int sq = L->heads * L->tcols * L->cwt + (L->heads - 1);
    const int widths[MACHINE_BLOCKS] = { vec, 3 * vec + 2, sq, sq, vec };
    for (int b = 0; b < MACHINE_BLOCKS; b++) {
        L->block_w[b] = widths[b];
        if (b == BLOCK_X && !L->with_x) {
            L->block_x[b] = -1;
            continue;
        }
        L->block_x[b] = x;
        x += widths[b] + L->arrow_w;
    }
}

/* ---------------------------------------------------------------- layout: the focus area */

/* The widest number of the stage's tables. */
static int focus_numw(const ViewCtx *c, const MachineLayout *L)
{
    const Trace *tr = c->tr;
    char buf[FORMAT_BYTES];
    int w = 2;
    if (L->stage == STAGE_SCORE || L->stage == STAGE_SOFTMAX) {
        for (int k = 0; k < L->heads; k++)
            for (int t = 0; t < tr->T; t++)
                for (int s = 0; s < tr->T; s++) {
                    square_text(c, L->stage == STAGE_SOFTMAX, L->head[k], t, s, buf, sizeof buf);
                    w = text_width(buf) > w ? text_width(buf) : w;
                }
        return w;
    }
    for (int part = 0; part < 4; part++) {   /* the widest is the largest or the most negative */
        const double *v = L->stage == STAGE_QKV ? (part == 3 ? tr->x : block_vectors(tr, BLOCK_QKV, part))
                                                : (part == 0 ? tr->output : NULL);
        if (!v)
            continue;
        double lo = v[0], hi = v[0];
        for (size_t i = 1; i < (size_t)tr->T * (size_t)tr->d; i++) {
            lo = v[i] < lo ? v[i] : lo;
            hi = v[i] > hi ? v[i] : hi;
        }
        format_fixed(buf, sizeof buf, lo, 2);
        w = text_width(buf) > w ? text_width(buf) : w;
        format_fixed(buf, sizeof buf, hi, 2);
        w = text_width(buf) > w ? text_width(buf) : w;
    }
    return w;
}

/* Columns of one focus table over n columns. */
static int focus_table_width(const MachineLayout *L, int n, int label_w)
{
    return label_w + n * L->cell_w + L->sum_w;
}

/* The heads the focus area shows at ② and ③: ui->head's, or both when asked and they fit. */
static void choose_heads(const ViewCtx *c, MachineLayout *L)
{
    int want = c->ui->head;
    L->heads = c->tr->heads == 2 && want < 0 ? 2 : 1;
    L->head[0] = ui_head_shown(c->ui, c->tr);
    L->head[1] = 1;
}

/* Focus tables side by side, their cells, the window of their columns; at ① Q and K over
 * V only when pair_ok (layout_rows_own takes it back when the frame is too short for it). */
static void layout_focus_columns(const ViewCtx *c, MachineLayout *L, bool pair_ok)
{
    int room = c->body.w - 2, n;
    bool square = L->stage == STAGE_SCORE || L->stage == STAGE_SOFTMAX;
    L->numw = c->numbers ? focus_numw(c, L) : 0;
    L->cell_w = c->numbers ? L->numw + 1 : 3;
    L->sum_w = L->stage == STAGE_SOFTMAX && c->numbers ? MACHINE_SUM_W : 0;
    n = square ? L->T : L->d;
    L->cols = n;
    L->col_first = 0;
    int label_w = L->lw;
    int tw = focus_table_width(L, n, label_w);
    L->row_lw = text_width("Q() ") + text_width(c->tok[c->focus]);
    L->row_lw = L->row_lw < MACHINE_ROW_LABEL_W ? MACHINE_ROW_LABEL_W : L->row_lw;
    if (L->stage == STAGE_QKV) {
        bool pair = pair_ok && 2 * tw + MACHINE_TABLE_GAP <= room;
        L->tables = 3 * tw + 2 * MACHINE_TABLE_GAP <= room ? 3 : pair ? 2 : 1;
        L->qkv = L->tables == 3 ? QKV_SIDE : L->tables == 2 ? QKV_PAIR : QKV_STACKED;
        if (L->qkv == QKV_STACKED)
            tw = focus_table_width(L, n, L->row_lw);
    } else if (square) {
        L->tables = L->heads;
        if (L->heads == 2 && 2 * tw + MACHINE_TABLE_GAP > room) {
            L->tables = 1;
            L->one_of_two = true;
        }
    } else {
        L->tables = 1;
    }
    if (L->tables == 1 && tw > room) {   /* a window of the columns */
        int lw = L->stage == STAGE_QKV ? L->row_lw : label_w;
        int fit = (room - lw - L->sum_w) / L->cell_w;
        L->cols = fit < 1 ? 1 : fit > n ? n : fit;
        L->col_first = heat_window_first(n, L->cols, square ? lesson_answer(c->ls, c->ui->answer, c->focus) : 0);
        tw = focus_table_width(L, L->cols, lw);
    }
    int total = L->tables * tw + (L->tables - 1) * MACHINE_TABLE_GAP;
    int left = c->body.x + (c->body.w - total) / 2;
    for (int k = 0; k < L->tables; k++)
        L->table_x[k] = left + k * (tw + MACHINE_TABLE_GAP);
}

/* Rows the focus area takes below its heading with r rows of characters per table. */
static int area_rows(const MachineLayout *L, int r)
{
    bool titled = L->tables == 2 || (L->stage == STAGE_QKV && L->qkv == QKV_SIDE);
    if (L->stage == STAGE_QKV && L->qkv == QKV_ROWS)
        return 1 + 4;                      /* a header, x Q K V */
    if (L->stage == STAGE_QKV && L->qkv == QKV_PAIR)
        return 2 * (1 + 1 + r) + 1;        /* Q and K titled, a blank, V titled */
    if (L->stage == STAGE_QKV && L->qkv == QKV_STACKED)
        return 3 * (1 + 1 + r) + 2;        /* three titled tables, a blank between */
    return (titled ? 1 : 0) + 1 + r;       /* (a title,) a header, the rows */
}

/* What every stage's rows share, so that nothing moves while you step: the spare rows
 * (caption, blank lines), the strip's row height, the shift that centres the tallest
 * stage in a tall frame, and (when the tallest does not fit) the window of characters. */
typedef struct {
    int need;    /* rows of the tallest stage but its strip: names, shapes, heading, tables, point */
    int spare;   /* rows left over by the tallest stage with one row per character (< 0: too few) */
    int rh;      /* rows of each character's strip cells */
    int shift;   /* rows every stage moves down to sit centred */
    int window;  /* spare < 0: characters the strip and the tables show at every stage (the
                    fewest any stage's rows hold) */
} MachineFit;

/* Rows of the stage's layout but its strip: names and shapes, heading, focus tables, point. */
static int rows_needed(const MachineLayout *L)
{
    return (L->strip ? 2 : 0) + 1 + L->point_lines + area_rows(L, L->T);
}

/* The stage's own choices of rows that depend on nothing else: the point's lines, and ①
 * falling back from stacked tables to the asking character's rows when they cannot fit.
 * Q and K over V stands in for stacked tables only where those would fit: the same tables
 * in fewer rows (the strip grows), never all three where only the asking rows fit (the
 * rows they take would come out of every stage's strip). */
static void layout_rows_own(const ViewCtx *c, MachineLayout *L, Pieces *tmp)
{
    build_point(c, L, tmp);
    L->point_lines = pieces_lines(tmp, L->w);
    MachineLayout stacked = *L;
    stacked.qkv = QKV_STACKED;
    if (L->stage == STAGE_QKV && L->qkv == QKV_PAIR && rows_needed(&stacked) + L->T > c->body.h)
        layout_focus_columns(c, L, false);
    if (L->stage == STAGE_QKV && L->qkv == QKV_STACKED && rows_needed(L) + L->T > c->body.h)
        L->qkv = QKV_ROWS;
}

/* Characters a window of the strip and the tables can show at this stage: the rows left
 * under its names, shapes, heading, point and table headers, over what one character takes
 * (a strip row, and a row in each table stacked under another), at least 1, at most T. */
static int window_rows(const ViewCtx *c, const MachineLayout *L)
{
    bool qkv = L->stage == STAGE_QKV;
    int per = (L->strip ? 1 : 0) + (qkv && L->qkv == QKV_ROWS ? 0 : qkv && L->qkv == QKV_STACKED ? 3
                                                         : qkv && L->qkv == QKV_PAIR ? 2 : 1);
    if (per == 0)
        return L->T;
    int room = c->body.h - ((L->strip ? 2 : 0) + 1 + L->point_lines) - area_rows(L, 0);
    int n = room / per;
    return n < 1 ? 1 : n > L->T ? L->T : n;
}

/* Rows: caption, the strip, the heading and the focus tables, the point line, with the
 * rows every stage shares (fit). When the tallest stage does not fit, the caption and
 * blank lines go, and at every stage the strip and the tables show the same window of
 * characters around the asking one (fit->window), so that the heading stays put. */
static void layout_rows(const ViewCtx *c, MachineLayout *L, const MachineFit *fit)
{
    int T = L->T;
    int spare = fit->spare < 0 ? 0 : fit->spare;
    L->rh = fit->spare < 0 ? 1 : fit->rh;
    L->row_first = 0;
    L->strip_rows = T;
    L->table_rows = L->stage == STAGE_QKV && L->qkv == QKV_ROWS ? 4 : T;
    if (fit->spare < 0) {   /* one window of rows around the asking character, strip and tables */
        L->strip_rows = fit->window;
        L->table_rows = L->stage == STAGE_QKV && L->qkv == QKV_ROWS ? 4 : L->strip_rows;
        L->row_first = heat_window_first(T, L->strip_rows, c->focus);
    }
    int y = c->body.y + fit->shift;
    L->caption_row = spare >= 1 && c->numbers ? y++ : -1;   /* a caption may quote 100% */
    if (L->strip) {
        L->names_row = y++;
        L->shapes_row = y++;
        L->strip_row = y;
        y += L->strip_rows * L->rh + (spare >= 2 ? 1 : 0);
    } else {
        L->names_row = L->shapes_row = L->strip_row = -1;
    }
    L->heading_row = y++;
    y += spare >= 3 ? 1 : 0;
    int below = L->stage != STAGE_QKV ? 0 : L->qkv == QKV_STACKED ? 1 : L->qkv == QKV_PAIR ? 2 : 3;
    for (int k = 0; k < 3; k++)   /* each table's title, header, rows and a blank under the ones above */
        L->table_y[k] = below ? y + k / below * (L->table_rows + 3) : y;
    y += area_rows(L, L->table_rows) + (spare >= 4 ? 1 : 0);
    L->point_row = y;
}

/* Everything of the layout at stage but its rows. */
static void layout_columns(const ViewCtx *c, MachineLayout *L, Stage stage, Pieces *tmp)
{
    memset(L, 0, sizeof *L);
    L->T = c->tr->T;
    L->d = c->tr->d;
    L->stage = stage;
    L->x = c->body.x + 1;
    L->w = c->body.w - 2;
    choose_heads(c, L);
    L->strip = !c->tr->layered;
    L->lw = MACHINE_LABEL_W;
    if (L->strip)
        layout_strip(c, L);
    else if (c->tok_cols + 2 > L->lw)
        L->lw = c->tok_cols + 2;
    layout_focus_columns(c, L, true);
    layout_rows_own(c, L, tmp);
}

/* The rows every stage shares (and each stage's columns into columns[]): the tallest
 * stage decides the spare rows; in a tall frame
 * the strip's cells grow to MACHINE_MAX_RH rows while MACHINE_SPARE_USED rows stay spare,
 * and what is left centres the whole. */
static MachineFit machine_fit(const ViewCtx *c, MachineLayout columns[STAGE_COUNT], Pieces *tmp)
{
    MachineFit fit = { 0, 0, 1, 0, c->tr->T };
    int max_rh = MACHINE_MAX_RH;
    for (int s = 0; s < STAGE_COUNT; s++) {
        MachineLayout *L = &columns[s];
        layout_columns(c, L, (Stage)s, tmp);
        int need = rows_needed(L), window = window_rows(c, L);
        fit.need = need > fit.need ? need : fit.need;
        fit.window = window < fit.window ? window : fit.window;
        max_rh = L->cwt + 2 < max_rh ? L->cwt + 2 : max_rh;
    }
    int h = c->body.h, T = columns[0].strip ? c->tr->T : 0;   /* rows of the strip per row of cells */
    fit.spare = h - fit.need - T;
    while (T > 0 && fit.spare >= 0 && fit.rh < max_rh &&
           h - fit.need - T * (fit.rh + 1) >= MACHINE_SPARE_USED)
        fit.rh++;
    if (fit.spare >= 0)
        fit.spare = h - fit.need - T * fit.rh;
    int used = fit.need + T * fit.rh + (fit.spare < 0 ? 0 : fit.spare < MACHINE_SPARE_USED ? fit.spare
                                                                                           : MACHINE_SPARE_USED);
    if (!c->numbers && fit.spare >= 1)
        used--;   /* no caption without numbers */
    int left = h - used;
    /* a tall frame: the whole centred, not hanging from the top; under a layered model's block
       the panel follows the block (centred, it left a band of empty rows between them) */
    fit.shift = left >= 4 && !c->tr->layered ? left / 2 : 0;
    return fit;
}

/* Everything the stages' layouts depend on but the stage (the drawn pass by its digest):
 * kept layouts are the fresh ones while their key is the same. Zeroed before it is filled,
 * so it compares whole. */
typedef struct {
    uint64_t trace;     /* draw_trace_digest of the pass */
    Rect body;          /* the body (after the prediction's row) */
    int focus;          /* the asking character */
    int head;           /* ui->head: the heads shown */
    int answer;         /* ui->answer: the column window's centre */
    int tok_cols;       /* the labels' columns */
    int lang;           /* labels' language */
    bool numbers;       /* values shown */
    bool ascii;         /* ASCII drawing */
} MachineKey;

/* What frames keep for the machine: every stage's columns and the rows they share
 * (machine_fit lays out all four stages, measuring every number of their tables, to find
 * them), the current stage's whole layout and its point line, and the focus tables'
 * numbers formatted. */
typedef struct {
    bool valid;                           /* fit and columns are for key */
    MachineKey key;                       /* what they were made for */
    MachineFit fit;                       /* the rows every stage shares */
    MachineLayout columns[STAGE_COUNT];   /* each stage's layout but its rows */
    int stage;                            /* the stage of layout and point (-1: none) */
    MachineLayout layout;                 /* that stage's whole layout */
    Pieces point;                         /* its point line, built (build_point) */
    DrawNumberMemo numbers;               /* the focus tables' numbers, formatted */
    bool block_valid;                     /* block is for block_key and block_stage */
    MachineKey block_key;                 /* what the block was laid out for (the body above
                                             the panel's) */
    int block_stage;                      /* ... at this stage (the block lights it) */
    MachineBlock block;                   /* a layered model's block, laid out */
} MachineCache;

static DrawNumberMemo *machine_numbers(const ViewCtx *c)
{
    MachineCache *k = c->cache;
    return k ? &k->numbers : NULL;
}

static void *machine_cache_new(void)
{
    MachineCache *k = calloc(1, sizeof(MachineCache));
    if (k)
        k->stage = -1;
    return k;
}

static void machine_cache_free(void *cache)
{
    free(cache);
}

static void machine_key_of(const ViewCtx *c, MachineKey *k)
{
    memset(k, 0, sizeof *k);
    k->trace = draw_trace_digest(c->tr);
    k->body = c->body;
    k->focus = c->focus;
    k->head = c->ui->head;
    k->answer = c->ui->answer;
    k->tok_cols = c->tok_cols;
    k->lang = (int)c->lang;
    k->numbers = c->numbers;
    k->ascii = c->ascii;
}

/* The stage's whole layout from its columns and the shared rows, and its point line. */
static void machine_layout_stage(const ViewCtx *c, const MachineLayout *columns, const MachineFit *fit,
                                 MachineLayout *L, Pieces *point)
{
    *L = *columns;
    layout_rows(c, L, fit);
    for (int h = 0; h < c->tr->heads && h < ENGINE_MAX_HEADS; h++)
        heat_table_range(c->tr, c->tr->scores, h, &L->score_lo[h], &L->score_hi[h]);
    build_point(c, L, point);
}

/* The layout at the current stage and its point line: the kept ones while nothing they
 * depend on changed (another stage: only its rows and point line are made). */
static void machine_layout(const ViewCtx *c, MachineLayout *L, Pieces *point)
{
    MachineCache *k = c->cache;
    if (!k) {
        MachineLayout columns[STAGE_COUNT];
        MachineFit fit = machine_fit(c, columns, point);
        machine_layout_stage(c, &columns[c->stage], &fit, L, point);
        return;
    }
    MachineKey key;
    machine_key_of(c, &key);
    if (!k->valid || memcmp(&key, &k->key, sizeof key) != 0) {
        k->fit = machine_fit(c, k->columns, &k->point);
        k->key = key;
        k->valid = true;
        k->stage = -1;
    }
    if (k->stage != (int)c->stage) {
        machine_layout_stage(c, &k->columns[c->stage], &k->fit, &k->layout, &k->point);
        k->stage = (int)c->stage;
    }
    *L = k->layout;
    *point = k->point;
}

/* ---------------------------------------------------------------- drawing: the strip */

/* The character of row t at (x, y), marked when it asks. */
static void draw_label(const ViewCtx *c, const MachineLayout *L, int x, int y, int t)
{
    draw_row_label(c, x, y, t, L->brief);
}

/* An empty strip cell: the table is not computed yet. */
static void draw_empty(const ViewCtx *c, int x, int y, int n)
{
    for (int i = 0; i < n; i++)
        grid_put_text(c->g, x + i, y, c->ascii ? "-" : "·", STYLE_DIM);
}

/* A strip cell's style while "where does this number come from" is open (ch not NULL): lit
 * when the chosen number depends on it, dim when not; else st. */
static Style machine_lit(const OriginChain *ch, OriginTable table, int h, int t, int j, Style st)
{
    if (!ch)
        return st;
    return origin_depends(ch, table, h, t, j) ? STYLE_STAGE_LIT : STYLE_DIM;
}

/* The table of the chain a strip block (and its part: Q, K, V) is. */
static OriginTable machine_block_table(int block, int part)
{
    switch (block) {
    case BLOCK_X:      return ORIGIN_X;
    case BLOCK_QKV:    return part == 0 ? ORIGIN_Q : part == 1 ? ORIGIN_K : ORIGIN_V;
    case BLOCK_SCORE:  return ORIGIN_SCORES;
    case BLOCK_SHARES: return ORIGIN_WEIGHTS;
    default:           return ORIGIN_OUTPUT;
    }
}

/* Row t of a T × d block from x: one cell per dimension, shade by size, colour by sign (or lit
 * by the chain ch of table `table`, when not NULL). */
static void draw_vector_cells(const ViewCtx *c, const MachineLayout *L, const double *v, double top,
                              int x, int y, int t, bool filled, const OriginChain *ch,
                              OriginTable table)
{
    for (int j = 0; j < L->d; j++) {
        if (!filled) {
            draw_empty(c, x + j * L->cwd, y, L->cwd);
            continue;
        }
        double val = v[(size_t)t * (size_t)L->d + (size_t)j];
        heat_swatch(c, x + j * L->cwd, y, L->cwd, ramp_magnitude_level(val, top),
                    machine_lit(ch, table, 0, t, j, val < 0 ? STYLE_NEGATIVE : STYLE_POSITIVE));
    }
}

/* Row t of a T × T block (every head shown) from x. */
static void draw_square_cells(const ViewCtx *c, const MachineLayout *L, bool shares, int x, int y, int t,
                              bool filled, const OriginChain *ch)
{
    for (int k = 0; k < L->heads; k++) {
        int x0 = x + k * (L->tcols * L->cwt + 1);
        for (int s = L->tcol_first; s < L->tcol_first + L->tcols; s++) {
            int cx = x0 + (s - L->tcol_first) * L->cwt;
            if (!filled) {
                draw_empty(c, cx, y, L->cwt);
                continue;
            }
            int level = square_level(c->tr, L, shares, L->head[k], t, s);
            heat_swatch(c, cx, y, L->cwt, level,
                        machine_lit(ch, shares ? ORIGIN_WEIGHTS : ORIGIN_SCORES, L->head[k], t, s,
                                    heat_style(level)));
        }
    }
}

/* The names of the blocks and their shapes, each within its block and the arrow after. */
static void draw_strip_titles(const ViewCtx *c, const MachineLayout *L)
{
    char name[64], buf[96], sh[32];
    const Trace *tr = c->tr;
    for (int b = 0; b < MACHINE_BLOCKS; b++) {
        if (L->block_x[b] < 0)
            continue;
        int x = L->block_x[b], limit = x + L->block_w[b] + L->arrow_w - 1;
        bool lit = b == BLOCK_QKV + (int)c->stage;
        if (b == BLOCK_X)
            snprintf(name, sizeof name, "%s", SAY(c, "x in", "输入 x"));
        else
            draw_stage_label(name, sizeof name, (Stage)(b - BLOCK_QKV), c->lang, c->gl);
        if (text_width(name) > limit - x && b != BLOCK_X)
            snprintf(name, sizeof name, "%s", c->ascii ? stage_info((Stage)(b - BLOCK_QKV))->cli
                                                       : stage_info((Stage)(b - BLOCK_QKV))->glyph);
        draw_clipped(c->g, x, L->names_row, limit, name, lit ? STYLE_STAGE_LIT : STYLE_BOLD);
        bool square = b == BLOCK_SCORE || b == BLOCK_SHARES;
        if (square)
            shape(c, sh, sizeof sh, tr->T, "T", tr->T, "T");
        else
            shape(c, sh, sizeof sh, tr->T, "T", tr->d, "d");
        if (b == BLOCK_QKV) {
            static const char *const roles[3] = { "Q", "K", "V" };
            for (int p = 0; p < 3; p++) {
                int px = x + p * (L->d * L->cwd + 1);
                snprintf(buf, sizeof buf, "%s %s", roles[p], sh);
                if (text_width(buf) > L->d * L->cwd)
                    snprintf(buf, sizeof buf, "%s", roles[p]);
                draw_clipped(c->g, px, L->shapes_row, px + L->d * L->cwd, buf, STYLE_DIM);
            }
            continue;
        }
        if (square && L->heads == 2)
            snprintf(buf, sizeof buf, "%s%s%s", sh, c->gl->by, c->numbers ? "2" : "H");
        else
            snprintf(buf, sizeof buf, "%s", sh);
        draw_clipped(c->g, x, L->shapes_row, limit, buf, STYLE_DIM);
    }
}

/* The arrows between blocks, on the names row and the strip's middle row. */
static void draw_strip_arrows(const ViewCtx *c, const MachineLayout *L)
{
    int mid = L->strip_row + (L->strip_rows * L->rh) / 2;
    for (int b = 0; b < MACHINE_BLOCKS - 1; b++) {
        if (L->block_x[b] < 0)
            continue;
        int x = L->block_x[b] + L->block_w[b] + (L->arrow_w - 1) / 2;
        grid_put_text(c->g, x, mid, c->ascii ? ">" : "→", STYLE_DIM);
    }
}

/* The strip of every table; with ch (the chain panel open) the cells the chosen number
 * depends on lit in each. */
static void draw_strip(const ViewCtx *c, const MachineLayout *L, const OriginChain *ch)
{
    const Trace *tr = c->tr;
    double top[MACHINE_BLOCKS][3] = { { 0 } };
    for (int b = 0; b < MACHINE_BLOCKS; b++)
        for (int p = 0; p < 3; p++)
            if (block_vectors(tr, b, p))
                top[b][p] = heat_table_top(tr, block_vectors(tr, b, p));
    draw_strip_titles(c, L);
    int first = L->block_x[BLOCK_X] >= 0 ? L->block_x[BLOCK_X] : L->block_x[BLOCK_QKV];
    int end = L->block_x[BLOCK_OUTPUT] + L->block_w[BLOCK_OUTPUT];
    for (int t = L->row_first; t < L->row_first + L->strip_rows; t++) {
        int y = L->strip_row + (t - L->row_first) * L->rh;
        draw_label(c, L, L->strip_x, y + (L->rh - 1) / 2, t);   /* on the cells' middle row */
        for (int b = 0; b < MACHINE_BLOCKS; b++) {
            if (L->block_x[b] < 0)
                continue;
            bool filled = t < block_filled(c, b);
            if (b == BLOCK_SCORE || b == BLOCK_SHARES)
                draw_square_cells(c, L, b == BLOCK_SHARES, L->block_x[b], y, t, filled, ch);
            else if (b == BLOCK_QKV)
                for (int p = 0; p < 3; p++)
                    draw_vector_cells(c, L, block_vectors(tr, b, p), top[b][p],
                                      L->block_x[b] + p * (L->d * L->cwd + 1), y, t, filled, ch,
                                      machine_block_table(b, p));
            else
                draw_vector_cells(c, L, block_vectors(tr, b, 0), top[b][0], L->block_x[b], y, t,
                                  filled, ch, machine_block_table(b, 0));
        }
        for (int r = 1; r < L->rh; r++)   /* a tall frame: each row of cells drawn once, repeated down */
            grid_copy_cells(c->g, first, y, end - first, y + r);
    }
    if (L->row_first > 0)
        grid_put_text(c->g, L->strip_x + L->lw - 1, L->strip_row, c->ascii ? "^" : "↑", STYLE_DIM);
    if (L->row_first + L->strip_rows < L->T)
        grid_put_text(c->g, L->strip_x + L->lw - 1, L->strip_row + L->strip_rows * L->rh - 1,
                      c->ascii ? "v" : "↓", STYLE_DIM);
    draw_strip_arrows(c, L);
}

/* ---------------------------------------------------------------- drawing: the focus tables */

/* "── ② scores = Q·Kᵀ [6, 6] ──" */
static void draw_heading(const ViewCtx *c, const MachineLayout *L)
{
    const Trace *tr = c->tr;
    char stage[64], title[256], sh[32], root[32];
    draw_stage_label(stage, sizeof stage, L->stage, c->lang, c->gl);
    sqrt_d(c, root, sizeof root);
    switch (L->stage) {
    case STAGE_QKV:
        shape(c, sh, sizeof sh, tr->T, "T", tr->d, "d");
        snprintf(title, sizeof title, SAY(c, "%s%sQ = x%sWq, K = x%sWk, V = x%sWv, each %s",
                                          "%s%sQ = x%sWq，K = x%sWk，V = x%sWv，各是 %s"),
                 stage, c->gl->sep, c->gl->dot, c->gl->dot, c->gl->dot, sh);
        if (L->qkv == QKV_ROWS)
            draw_append(title, sizeof title, SAY(c, "%s%s's three roles", "%s「%s」的三个分身"), c->gl->sep,
                        c->tok[c->focus]);
        break;
    case STAGE_SCORE:
        shape(c, sh, sizeof sh, tr->T, "T", tr->T, "T");
        snprintf(title, sizeof title, SAY(c, "%s%sscores = Q%sK%s %s", "%s%s分数 = Q%sK%s %s"), stage, c->gl->sep,
                 c->gl->dot, c->gl->transpose, sh);
        break;
    case STAGE_SOFTMAX:
        shape(c, sh, sizeof sh, tr->T, "T", tr->T, "T");
        snprintf(title, sizeof title, SAY(c, "%s%sshares = softmax(scores %s %s) %s",
                                          "%s%s百分比 = softmax(分数 %s %s) %s"),
                 stage, c->gl->sep, c->ascii ? "/" : "÷", root, sh);
        break;
    case STAGE_OUTPUT:
    case STAGE_COUNT:
        shape(c, sh, sizeof sh, tr->T, "T", tr->d, "d");
        snprintf(title, sizeof title, SAY(c, "%s%soutput = shares%sV %s", "%s%s输出 = 百分比%sV %s"), stage,
                 c->gl->sep, c->gl->dot, sh);
        break;
    }
    draw_rule_heading(c->g, c->gl, L->x, L->heading_row, L->w, title);
}

/* Column heads of a focus table from x + label_w: dimensions (numbers shown) or characters. */
static void draw_col_heads(const ViewCtx *c, const MachineLayout *L, int x, int y, bool square)
{
    char buf[16];
    for (int j = L->col_first; j < L->col_first + L->cols; j++) {
        int cx = x + (j - L->col_first) * L->cell_w;
        if (square) {
            Style st = j == lesson_answer(c->ls, c->ui->answer, c->focus) ? STYLE_BOLD : STYLE_TOKEN;
            draw_right(c->g, cx, y, L->cell_w, draw_tok(c, j, L->cell_w - 1), st);
        } else if (c->numbers) {
            snprintf(buf, sizeof buf, "%d", j);
            draw_right(c->g, cx, y, L->cell_w, buf, STYLE_DIM);
        }
    }
    if (L->col_first > 0)
        grid_put_text(c->g, x - 1, y, c->ascii ? "<" : "‹", STYLE_DIM);
    if (L->col_first + L->cols < (square ? L->T : L->d))
        grid_put_text(c->g, x + L->cols * L->cell_w + 1, y, c->ascii ? ">" : "›", STYLE_DIM);
    if (square && L->sum_w)
        draw_right(c->g, x + L->cols * L->cell_w, y, L->sum_w, c->gl->sum, STYLE_BOLD);
}

/* One cell of a focus table: its number, or (numbers hidden) its shade. */
static void draw_value(const ViewCtx *c, const MachineLayout *L, int x, int y, const char *num, int level,
                       Style st)
{
    if (c->numbers)
        draw_right(c->g, x, y, L->cell_w, num, st);
    else
        heat_swatch(c, x + 1, y, L->cell_w - 1, level, heat_style(level) == STYLE_DIM ? STYLE_DIM : st);
}

/* A T × d table (x, Q, K, V or output) at its place; only `filled` rows have values. */
static void draw_vector_table(const ViewCtx *c, const MachineLayout *L, int x, int y, const char *title,
                              const double *v, int filled)
{
    double top = heat_table_top(c->tr, v);
    if (title)
        grid_put_text(c->g, x + L->lw, y++, title, STYLE_BOLD);
    draw_col_heads(c, L, x + L->lw, y, false);
    char num[FORMAT_BYTES];
    for (int t = L->row_first; t < L->row_first + L->table_rows && t < L->T; t++) {
        int ry = y + 1 + (t - L->row_first);
        draw_label(c, L, x, ry, t);
        if (t >= filled)
            continue;
        for (int j = L->col_first; j < L->col_first + L->cols; j++) {
            double val = v[(size_t)t * (size_t)L->d + (size_t)j];
            draw_fixed_memo(machine_numbers(c), num, sizeof num, val, 2);
            draw_value(c, L, x + L->lw + (j - L->col_first) * L->cell_w, ry, num,
                       ramp_magnitude_level(val, top), val < 0 ? STYLE_NEGATIVE : STYLE_POSITIVE);
        }
    }
}

/* A T × T table of head h (scores or shares, with the shares' Σ). */
static void draw_square_table(const ViewCtx *c, const MachineLayout *L, int x, int y, int h, bool titled,
                              bool shares, int filled)
{
    char num[FORMAT_BYTES], buf[FORMAT_BYTES + 2];
    if (titled) {
        head_name(c, h, buf, sizeof buf);
        grid_put_text(c->g, x + L->lw, y++, buf, STYLE_BOLD);
    }
    draw_col_heads(c, L, x + L->lw, y, true);
    for (int t = L->row_first; t < L->row_first + L->table_rows && t < L->T; t++) {
        int ry = y + 1 + (t - L->row_first);
        draw_label(c, L, x, ry, t);
        if (t >= filled)
            continue;
        for (int s = L->col_first; s < L->col_first + L->cols; s++) {
            square_text(c, shares, h, t, s, num, sizeof num);
            int level = square_level(c->tr, L, shares, h, t, s);
            draw_value(c, L, x + L->lw + (s - L->col_first) * L->cell_w, ry, num, level,
                       level == 0 ? STYLE_DIM : heat_style(level) == heat_style(HEAT_TOP) ? STYLE_BOLD : STYLE_NORMAL);
        }
        if (L->sum_w) {
            double total = check_percent_total(&TRACE_HSQ(c->tr, weights, h, t, 0), L->T);
            size_t n = strlen(draw_fixed_memo(machine_numbers(c), num, sizeof num, total, 1));
            memcpy(buf, num, n);   /* "100.0%": buf holds num and its "%" */
            memcpy(buf + n, "%", 2);
            draw_right(c->g, x + L->lw + L->cols * L->cell_w, ry, L->sum_w, buf, STYLE_DIM);
        }
    }
}

/* ① in the narrowest frames: the asking character's x and its three roles. */
static void draw_qkv_rows(const ViewCtx *c, const MachineLayout *L, int x, int y, int filled)
{
    const Trace *tr = c->tr;
    static const char *const names[4] = { "x", "Q", "K", "V" };
    const double *rows[4] = { tr->x, tr->q, tr->k, tr->v };
    char label[32], num[FORMAT_BYTES];
    draw_col_heads(c, L, x + L->row_lw, y, false);
    int shown = filled > c->focus ? 4 : 1;   /* its roles appear once the fill reaches its row */
    for (int r = 0; r < 4; r++) {
        int ry = y + 1 + r;
        snprintf(label, sizeof label, "%s(%s)", names[r], c->tok[c->focus]);
        grid_put_text(c->g, x, ry, label, r == 0 ? STYLE_TOKEN : STYLE_BOLD);
        if (r >= shown)
            continue;
        double top = heat_table_top(tr, rows[r]);
        for (int j = L->col_first; j < L->col_first + L->cols; j++) {
            double val = rows[r][(size_t)c->focus * (size_t)tr->d + (size_t)j];
            draw_fixed_memo(machine_numbers(c), num, sizeof num, val, 2);
            draw_value(c, L, x + L->row_lw + (j - L->col_first) * L->cell_w, ry, num,
                       ramp_magnitude_level(val, top), val < 0 ? STYLE_NEGATIVE : STYLE_POSITIVE);
        }
    }
}

static void draw_focus(const ViewCtx *c, const MachineLayout *L)
{
    const Trace *tr = c->tr;
    int filled = block_filled(c, BLOCK_QKV + (int)L->stage);
    static const char *const roles[3] = { "Q", "K", "V" };
    draw_heading(c, L);
    switch (L->stage) {
    case STAGE_QKV:
        if (L->qkv == QKV_ROWS) {
            draw_qkv_rows(c, L, L->table_x[0], L->table_y[0], filled);
            break;
        }
        for (int p = 0; p < 3; p++)   /* across: all three, Q and K (V under Q), or one */
            draw_vector_table(c, L, L->table_x[p % L->tables], L->table_y[p], roles[p],
                              block_vectors(tr, BLOCK_QKV, p), filled);
        break;
    case STAGE_SCORE:
    case STAGE_SOFTMAX:
        for (int k = 0; k < L->tables; k++)
            draw_square_table(c, L, L->table_x[k], L->table_y[0], L->head[k], L->tables == 2,
                              L->stage == STAGE_SOFTMAX, filled);
        break;
    case STAGE_OUTPUT:
    case STAGE_COUNT:
        draw_vector_table(c, L, L->table_x[0], L->table_y[0], NULL, tr->output, filled);
        break;
    }
}

/* ---------------------------------------------------------------- the view */

/* "② score · Q·Kᵀ: every asker scores every name tag": the stage table's caption, its
 * symbols spelled out in ASCII mode. */
static void draw_caption(const ViewCtx *c, const MachineLayout *L)
{
    const StageInfo *si = stage_info(L->stage);
    const struct { const char *from, *to; } spell[] = {
        { "÷√", c->gl->div_sqrt }, { "√", c->gl->sqrt }, { "·", c->gl->dot }, { "ᵀ", c->gl->transpose },
    };
    char stage[64], buf[256] = "", shown[256];
    draw_stage_label(stage, sizeof stage, L->stage, c->lang, c->gl);
    draw_append(buf, sizeof buf, "%s%s", stage, c->gl->sep);
    for (const char *p = SAY(c, si->caption_en, si->caption_zh); *p;) {
        size_t i = 0, n = sizeof spell / sizeof spell[0];
        while (i < n && strncmp(p, spell[i].from, strlen(spell[i].from)) != 0)
            i++;
        if (i < n) {
            draw_append(buf, sizeof buf, "%s", spell[i].to);
            p += strlen(spell[i].from);
        } else {
            draw_append(buf, sizeof buf, "%c", *p++);
        }
    }
    draw_drawable(c->ascii, buf, shown, sizeof shown);
    draw_clipped(c->g, L->x, L->caption_row, L->x + L->w, shown, STYLE_BOLD);
}

/* ---------------------------------------------------------------- what if */

/* The machine view's own actions (view.h: ViewAction). */
#define MACHINE_ACTIONS(X) \
    X(WHAT_IF, "what if: change a number of x, Wq, Wk, Wv or one score and watch every table follow", \
      "改数试试：改 x、Wq、Wk、Wv 里的一个数或一个分数，看每张表跟着变")

VIEW_ACTIONS_DEFINE(MachineAction, MACHINE_ACTION_BASE, machine_actions, MACHINE_ACTIONS);

static const KeyBinding machine_keys[] = {
    { 'i', VIEW_OWN(WHAT_IF), 0, "i", true },
    { 0,   ACTION_NONE,       0, NULL, false },
};

static void machine_init(void *state, const Lesson *ls)
{
    (void)ls;
    machine_edit_init(state);
}

static int machine_act(void *state, const ViewCall *call, Action a, int arg)
{
    (void)call; (void)arg;
    MachineState *st = state;
    if ((int)a < ACTION_VIEW_FIRST)
        return -1;
    switch ((MachineAction)a) {
    case ACTION_WHAT_IF:
        machine_edit_open(st);
        return REACT_REDRAW;
    case MACHINE_ACTION_BASE:
        break;
    }
    return -1;
}

static bool machine_modal(const void *state)
{
    return machine_edit_modal(state);
}

static int machine_key(void *state, const ViewCall *call, int key)
{
    return machine_edit_key(state, call, key);
}


extern const ViewOps view_machine;

/* The rows under a layered model's block (all of room's body for the lesson's model): the
 * stage panel's, which the layout fills; the block laid out into *b. */
static ViewCtx machine_panel_room(const ViewCtx *room, MachineBlock *b)
{
    ViewCtx panel = *room;
    MachineCache *k = room->cache;
    MachineKey key;
    if (k)
        machine_key_of(room, &key);
    if (k && k->block_valid && k->block_stage == (int)room->stage && memcmp(&key, &k->block_key, sizeof key) == 0) {
        *b = k->block;
    } else {
        machine_block_layout(room, b);
        if (k) {
            k->block = *b;
            k->block_key = key;
            k->block_stage = (int)room->stage;
            k->block_valid = true;
        }
    }
    panel.body.y += b->rows;
    panel.body.h -= b->rows;
    return panel;
}

static void machine_view_draw(const ViewCtx *outer)
{
    ViewCtx room = draw_prediction_room(outer);   /* a model with a readout: its answer */
    MachineBlock block;
    ViewCtx panel = machine_panel_room(&room, &block);
    const ViewCtx *c = &panel;
    machine_block_draw(&room, &block);
    MachineLayout L;
    Pieces text;
    machine_layout(c, &L, &text);
    if (L.caption_row >= 0)
        draw_caption(c, &L);
    OriginChain chain;   /* "where does this number come from": its cells lit in the strip */
    bool traced = c->ui->origin && chain_of_view(c, &view_machine, &chain);
    if (L.strip)
        draw_strip(c, &L, traced ? &chain : NULL);
    const MachineState *st = c->state;
    if (st && st->editing) {   /* what if: the editor takes the focus area */
        MachineEditArea area = { .x = L.x, .w = L.w, .y = L.heading_row, .lw = L.lw, .brief = L.brief };
        machine_edit_draw(c, st, &area);
    } else {
        draw_focus(c, &L);
        pieces_draw(c, &text, L.x, L.point_row, L.w, L.point_lines);
    }
    draw_prediction(outer);
}

/* A click on a character's row (in the strip; on a layered model, which has none, in the
 * stage's table at ② ③ ④) lets it ask. */
static bool machine_view_hit(const ViewCtx *outer, int x, int y, Action *action, int *arg)
{
    ViewCtx room = draw_prediction_room(outer);
    MachineBlock block;
    ViewCtx panel = machine_panel_room(&room, &block);
    const ViewCtx *c = &panel;
    MachineLayout L;
    Pieces text;
    machine_layout(c, &L, &text);
    int t = -1;
    if (L.strip && y >= L.strip_row && y < L.strip_row + L.strip_rows * L.rh && x >= L.strip_x)
        t = L.row_first + (y - L.strip_row) / L.rh;
    bool one_table = L.stage != STAGE_QKV && L.tables == 1;   /* a layered model: a row of it */
    if (!L.strip && one_table && y > L.table_y[0] && y <= L.table_y[0] + L.table_rows && x >= L.table_x[0])
        t = L.row_first + (y - L.table_y[0] - 1);
    if (t < 0 || t >= L.T)
        return false;
    *action = ACTION_FOCUS_N;
    *arg = t;
    return true;
}

static const ViewHint machine_hints[] = {
    { { ACTION_PLAY,       ACTION_NONE,       "play",  "播放" }, VIEW_AT_EVERY, false },
    { { ACTION_PREV,       ACTION_NEXT,       "step",  "单步" }, VIEW_AT_EVERY, true },
    { { ACTION_FOCUS_PREV, ACTION_FOCUS_NEXT, "who asks", "谁来问" }, VIEW_AT_EVERY, true },
    { { VIEW_OWN(WHAT_IF), ACTION_NONE,       "what if", "改数试试" }, VIEW_AT_EVERY, false },
    { { ACTION_NONE,       ACTION_NONE,       NULL,    NULL }, VIEW_AT_EVERY, false },
};

const ViewOps view_machine = {
    .name = "machine",
    .layered_en = "poems: above, the chosen layer (LN₁ to MLP); below, its chosen head's machine",
    .layered_zh = "唐诗模型：上面是选中的这一层（LN₁ 到 MLP），下面是选中的头的机器",
    .tab_en = "machine", .tab_zh = "机器",
    .title_en = "the whole machine: four tables", .title_zh = "整台机器：四张表",
    .help_en = "[T, d] goes in, [T, d] comes out: the shape is kept",
    .help_zh = "进去 [T, d]，出来 [T, d]：形状不变",
    .station_en = "Station 7, the whole machine: the sentence through four tables in order,\n"
                  "① Q K V → ② scores → ③ percentages → ④ collecting.\n"
                  "[6, 8] goes in and [6, 8] comes out: the shape is kept, only the content is re-mixed.",
    .station_zh = "第 7 站，整台机器：整句话按顺序穿过四张表，\n"
                  "① 三个分身 → ② 打分 → ③ 变百分比 → ④ 取货。\n"
                  "进去 [6, 8]，出来 [6, 8]：形状不变，只是按「关注度」重新搅拌一遍。",
    .track = TRACK_STAGES,
    .stages = true,
    .about = "station 7: the sentence through the four tables, [6, 8] in, [6, 8] out (on the poem model: a layer's block, LN₁ to MLP, the chosen head inside it)",
    .state_size = sizeof(MachineState),
    .init = machine_init,
    .draw = machine_view_draw,
    .hit = machine_view_hit,
    .cache_new = machine_cache_new,
    .cache_free = machine_cache_free,
    .act = machine_act,
    .modal = machine_modal,
    .key = machine_key,
    .keys = machine_keys,
    .hints = machine_hints,
    .actions = machine_actions,
    .chosen = chain_cell_by_stage,
};
