/* view_code.c — station 8: the five lines (Q = x·Wq; K = x·Wk; V = x·Wv;
 * A = softmax(Q·Kᵀ / √d); out = A·V), each with its shapes and the values it gives the
 * focused character, stepped through in time with the four stages; beside them the
 * PyTorch they stand for, with lesson 7's mask and heads; on a layered model the body is
 * nanoGPT's Block instead (view_code_block.c).
 * Owns: the view's layout and its row of the view table.
 * Must not touch: ncurses, the clock, the engine's arithmetic (it only reads a Trace). */
#include <stdio.h>
#include <string.h>
#include "draw.h"
#include "text.h"
#include "chain.h"
#include "view.h"
#include "wrap.h"
#include "view_code.h"

/* ---------------------------------------------------------------- the five lines */

#define CODE_LINES 5          /* Q, K, V, A, out */
#define LINE_A 3              /* the softmax line */
#define LINE_OUT 4            /* the weighted sum */
#define CODE_MAX_ROWS 64      /* rows a layout can list */
#define SENTENCE_LINES 6      /* most lines of the closing sentence */

/* The stage whose step runs line i: ① runs 1–3, ②③ run 4, ④ runs 5. */
static Stage line_stage(int i)
{
    return i < LINE_A ? STAGE_QKV : i == LINE_A ? STAGE_SCORE : STAGE_OUTPUT;
}

/* True when line i is the one the current step runs. */
static bool line_current(const ViewCtx *c, int i)
{
    if (i == LINE_A)
        return c->stage == STAGE_SCORE || c->stage == STAGE_SOFTMAX;
    return line_stage(i) == c->stage;
}

/* The code of line i: "Q   = x·Wq" … "A   = softmax(Q·Kᵀ / √d + M)". */
static void line_code(const ViewCtx *c, int i, char *buf, size_t cap)
{
    const Glyphs *gl = c->gl;
    if (i < LINE_A)
        snprintf(buf, cap, "%c   = x%sW%c", "QKV"[i], gl->dot, "qkv"[i]);
    else if (i == LINE_A)
        snprintf(buf, cap, "A   = softmax(Q%sK%s / %s%s)", gl->dot, gl->transpose,
                 c->ascii ? "sqrt(d)" : "√d", c->tr->mask == MASK_CAUSAL ? " + M" : "");
    else
        snprintf(buf, cap, "out = A%sV", gl->dot);
}

/* "[6, 8]" */
static void shape2(char *buf, size_t cap, int a, int b)
{
    snprintf(buf, cap, "[%d, %d]", a, b);
}

/* The shapes of line i from T, d and the heads: "[6, 8]·[8, 8] → [6, 8]"; with two heads
 * the split: "… → [6, 8] = 2×[6, 4]", "2×[6, 4]·[4, 6] → 2×[6, 6]". */
static void line_shapes(const ViewCtx *c, int i, char *buf, size_t cap)
{
    const Trace *tr = c->tr;
    const Glyphs *gl = c->gl;
    int T = tr->T, d = tr->d, H = tr->heads, dh = tr->dh;
    char a[32], b[32], r[32], heads[16] = "";
    if (H > 1)
        snprintf(heads, sizeof heads, "%d%s", H, gl->by);
    buf[0] = '\0';
    if (i < LINE_A) {
        shape2(a, sizeof a, T, d);
        shape2(b, sizeof b, d, d);
        snprintf(buf, cap, "%s%s%s%s%s", a, gl->dot, b, gl->arrow, a);
        if (H > 1) {
            shape2(r, sizeof r, T, dh);
            draw_append(buf, cap, " = %s%s", heads, r);
        }
    } else if (i == LINE_A) {
        shape2(a, sizeof a, T, dh);
        shape2(b, sizeof b, dh, T);
        shape2(r, sizeof r, T, T);
        snprintf(buf, cap, "%s%s%s%s%s%s%s%s", heads, a, gl->dot, heads, b, gl->arrow, heads, r);
    } else {
        shape2(a, sizeof a, T, T);
        shape2(b, sizeof b, T, dh);
        snprintf(buf, cap, "%s%s%s%s%s%s%s%s", heads, a, gl->dot, heads, b, gl->arrow, heads, b);
        if (H > 1) {
            shape2(r, sizeof r, T, d);
            draw_append(buf, cap, "%s%s", gl->arrow, r);
        }
    }
}

/* ---------------------------------------------------------------- PyTorch */

/* The PyTorch lines, in the order they are shown. */
typedef enum {
    TORCH_SPLIT = 0,   /* two heads: how Q becomes [heads, T, dh] */
    TORCH_SDPA,        /* F.scaled_dot_product_attention(q, k, v[, is_causal=True]) */
    TORCH_MHA,         /* nn.MultiheadAttention(embed_dim=8, num_heads=1, bias=False) */
    TORCH_CALL,        /* out, A = mha(x, x, x[, attn_mask=causal]) */
    TORCH_COUNT
} TorchLine;

/* PyTorch line k; `terse` leaves out the argument names of nn.MultiheadAttention. */
static void torch_code(const ViewCtx *c, TorchLine k, bool terse, char *buf, size_t cap)
{
    const Trace *tr = c->tr;
    bool causal = tr->mask == MASK_CAUSAL;
    switch (k) {
    case TORCH_SPLIT:
        snprintf(buf, cap, "q, k, v = (m.view(%d, %d, %d).transpose(0, 1) for m in (Q, K, V))",
                 tr->T, tr->heads, tr->dh);
        break;
    case TORCH_SDPA:
        snprintf(buf, cap, "out = F.scaled_dot_product_attention(q, k, v%s)",
                 causal ? ", is_causal=True" : "");
        break;
    case TORCH_MHA:
        snprintf(buf, cap, terse ? "mha = nn.MultiheadAttention(%d, %d, bias=False)"
                                 : "mha = nn.MultiheadAttention(embed_dim=%d, num_heads=%d, bias=False)",
                 tr->d, tr->heads);
        break;
    case TORCH_CALL:
        snprintf(buf, cap, "out, A = mha(x, x, x%s)", causal ? ", attn_mask=causal" : "");
        break;
    case TORCH_COUNT:
        buf[0] = '\0';
        break;
    }
}

/* The comment that follows a PyTorch line when there is room. */
static const char *torch_comment(const ViewCtx *c, TorchLine k)
{
    switch (k) {
    case TORCH_SPLIT: return SAY(c, "# split into heads", "# 分成几个头");
    case TORCH_SDPA:  return SAY(c, "# lines 4 and 5", "# 第 4、5 行");
    case TORCH_MHA:   return SAY(c, "# Wq, Wk, Wv inside", "# 里面就是 Wq、Wk、Wv");
    case TORCH_CALL:  return SAY(c, "# all five, out_proj = identity", "# 五行全做，out_proj 取单位矩阵");
    case TORCH_COUNT: break;
    }
    return "";
}

/* ---------------------------------------------------------------- layout */

/* What one row of the body shows. */
typedef enum {
    ROW_BLANK = 0,     /* nothing */
    ROW_COMMENT,       /* "# x: [6, 8], a row per character of 三加五等于?" */
    ROW_INPUT,         /* x(等) and its values */
    ROW_CODE,          /* line `line`: marker, code, shapes (when they fit beside it) */
    ROW_SHAPES,        /* line `line`'s shapes, under its code */
    ROW_VALUES,        /* line `line`'s values for the focused character (head `head`) */
    ROW_SCORES,        /* line 4's raw scores Q(等)·Kᵀ (head `head`) */
    ROW_SCALED,        /* line 4's scores ÷ √d (head `head`) */
    ROW_MASK,          /* what M hides */
    ROW_TORCH_HEADING, /* "── the same in PyTorch ──" */
    ROW_TORCH,         /* PyTorch line `line` (a TorchLine) */
    ROW_SENTENCE,      /* line `line` of the closing sentence */
    ROW_EXPORT         /* "check every number: attn-tui --export python | python3" */
} RowKind;

typedef struct {
    RowKind kind;   /* what the row shows */
    int line;       /* which code line, PyTorch line or sentence line */
    int head;       /* which head's values (0 with one head) */
    int priority;   /* 1: always; higher numbers are left out first when rows are short */
} CodeRow;

/* A column of rows: the five lines, or the PyTorch and the closing sentence; one under
 * the other, or side by side when the body is wide. */
typedef struct {
    CodeRow rows[CODE_MAX_ROWS];  /* what each row shows, top down */
    int n;                        /* rows listed */
    int top;                      /* body row of the first */
    int x;                        /* left column */
    int w;                        /* columns it may use */
} CodePane;

typedef struct {
    CodePane panes[2];            /* the five lines; PyTorch and the sentence */
    int n_panes;                  /* 1 (the second pane's rows follow the first's) or 2 */
    int code_w;                   /* columns of the widest code line */
    int shapes_w;                 /* columns of the widest shapes */
    bool shapes_beside;           /* shapes on the code row (else on a row of their own) */
    bool short_torch;             /* nn.MultiheadAttention(8, 1, bias=False): no room for names */
    int label_w;                  /* columns of the widest value label, and a gap */
    int values_dx;                /* values rows start this far right of the code's pane (2,
                                     or 0 when a row of d values would not fit) */
    bool scores_row;              /* line 4 has a row of raw scores as well as its shares */
    CodeTable tab;                /* line 4's rows: their decimals and columns */
    char sentence[WRAP_MAX_BYTES];/* the closing sentence */
    WrapLine sentence_lines[SENTENCE_LINES]; /* it, wrapped */
    int sentence_n;               /* its lines (at most SENTENCE_LINES) */
} CodeLayout;

static void add_row(CodePane *P, RowKind kind, int line, int head, int priority)
{
    if (P->n < CODE_MAX_ROWS)
        P->rows[P->n++] = (CodeRow){ kind, line, head, priority };
}

/* The heads whose values are shown: one head's 0, or ui->head, or both. */
static int heads_shown(const ViewCtx *c, int *first)
{
    if (c->tr->heads == 1 || c->ui->head >= 0) {
        *first = c->tr->heads == 1 ? 0 : c->ui->head;
        return 1;
    }
    *first = 0;
    return c->tr->heads;
}

static void closing_sentence(const ViewCtx *c, char *buf, size_t cap)
{
    snprintf(buf, cap, SAY(c, "That is all: nn.MultiheadAttention and F.scaled_dot_product_attention "
                              "do just these five lines, plus lesson 7's mask and heads (%s, %s here).",
                           "就这五行。真实框架里的 nn.MultiheadAttention、F.scaled_dot_product_attention "
                           "干的就是这五行（再加上第 7 课的掩码和多头：这里按 %s、%s）。"),
             action_key_label(ACTION_MASK), action_key_label(ACTION_HEADS));
}

/* The rows of the five lines, each with its priority. */
static void list_line_rows(const ViewCtx *c, const CodeLayout *L, CodePane *P)
{
    int first, nh = heads_shown(c, &first);
    add_row(P, ROW_COMMENT, 0, 0, 3);
    add_row(P, ROW_INPUT, 0, first, 4);   /* the comment says "the values are 等's row" */
    add_row(P, ROW_BLANK, 0, 0, 5);
    for (int i = 0; i < CODE_LINES; i++) {
        if (i > 0)
            add_row(P, ROW_BLANK, 0, 0, 6);
        add_row(P, ROW_CODE, i, 0, 1);
        if (!L->shapes_beside)
            add_row(P, ROW_SHAPES, i, 0, 1);
        if (i == LINE_A) {
            for (int h = first; h < first + nh; h++)
                add_row(P, ROW_SCORES, i, h, 5);
            for (int h = first; h < first + nh; h++)
                add_row(P, ROW_SCALED, i, h, 7);
            for (int h = first; h < first + nh; h++)
                add_row(P, ROW_VALUES, i, h, h == first ? 1 : 2);
            if (c->tr->mask == MASK_CAUSAL)
                add_row(P, ROW_MASK, i, 0, 3);
        } else {
            add_row(P, ROW_VALUES, i, first, 1);
        }
    }
}

/* The rows of the PyTorch and the closing sentence. */
static void list_torch_rows(const ViewCtx *c, const CodeLayout *L, CodePane *P, bool after)
{
    if (after)
        add_row(P, ROW_BLANK, 0, 0, 4);
    add_row(P, ROW_TORCH_HEADING, 0, 0, 1);
    if (c->tr->heads > 1)
        add_row(P, ROW_TORCH, TORCH_SPLIT, 0, 2);
    add_row(P, ROW_TORCH, TORCH_SDPA, 0, 1);
    add_row(P, ROW_TORCH, TORCH_MHA, 0, 1);
    add_row(P, ROW_TORCH, TORCH_CALL, 0, 2);
    add_row(P, ROW_BLANK, 0, 0, 4);
    for (int k = 0; k < L->sentence_n; k++)
        add_row(P, ROW_SENTENCE, k, 0, k == 0 ? 1 : 2);
    add_row(P, ROW_EXPORT, 0, 0, 3);
}

/* Leaves out the rows of the lowest priority until the rest fit in h rows, then places
 * the pane's rows in the middle of the body's height. */
static void fit_pane(const ViewCtx *c, CodePane *P)
{
    int h = c->body.h;
    for (int p = 7; p > 1 && P->n > h; p--) {
        int kept = 0;
        for (int r = 0; r < P->n; r++)
            if (P->rows[r].priority != p)
                P->rows[kept++] = P->rows[r];
        P->n = kept;
    }
    if (P->n > h)
        P->n = h;
    P->top = c->body.y + (h - P->n) / 2;
}

/* "x(等)", "Q(等)", "A(等) h2", "Q(等)·Kᵀ", "Q(等)·Kᵀ/√8": what a values row is of. */
static void value_label(const ViewCtx *c, RowKind kind, int line, int h, char *buf, size_t cap)
{
    const char *f = c->tok[c->focus];
    static const char *const names[CODE_LINES] = { "Q", "K", "V", "A", "out" };
    if (kind == ROW_INPUT)
        snprintf(buf, cap, "x(%s)", f);
    else if (kind == ROW_SCORES || kind == ROW_SCALED)
        snprintf(buf, cap, "Q(%s)%sK%s", f, c->gl->dot, c->gl->transpose);
    else
        snprintf(buf, cap, "%s(%s)", names[line], f);
    if (kind == ROW_SCALED)
        draw_append(buf, cap, c->ascii ? "/sqrt(%d)" : "/√%d", c->tr->dh);
    if (c->tr->heads > 1 && line == LINE_A && kind != ROW_INPUT)
        draw_append(buf, cap, SAY(c, " h%d", " 头 %d"), h + 1);
}

/* The widest label of the rows listed (line 4's one row also says "Q(等)·Kᵀ" at ②). */
static int label_width(const ViewCtx *c, const CodePane *P)
{
    char buf[64];
    int w = 0;
    for (int r = 0; r < P->n; r++) {
        const CodeRow *row = &P->rows[r];
        if (row->kind != ROW_VALUES && row->kind != ROW_SCORES && row->kind != ROW_SCALED &&
            row->kind != ROW_INPUT)
            continue;
        value_label(c, row->kind, row->line, row->head, buf, sizeof buf);
        w = text_width(buf) > w ? text_width(buf) : w;
        value_label(c, ROW_SCORES, row->line, row->head, buf, sizeof buf);
        if (row->line == LINE_A)
            w = text_width(buf) > w ? text_width(buf) : w;
    }
    return w + 1;
}

/* Once the rows are chosen: without a ÷√d row the raw scores need only the lesson's two
 * decimals (4.05), and the cells only the width of the rows shown. */
static void table_digits_shown(const ViewCtx *c, CodeLayout *L, const CodePane *P)
{
    bool scaled = false;
    for (int r = 0; r < P->n; r++)
        scaled = scaled || P->rows[r].kind == ROW_SCALED;
    if (!scaled)
        L->tab.raw_digits = 2;
    code_table_cells(c, &L->tab, true, scaled);
}

/* Columns the five lines want: code and shapes side by side, a row of d values, a row of
 * T characters with their shares, after the widest label there can be ("Q(等)·Kᵀ/√4 h1"). */
static int lines_width(const ViewCtx *c, const CodeLayout *L)
{
    char label[64];
    value_label(c, ROW_SCALED, LINE_A, 0, label, sizeof label);
    int lw = 2 + text_width(label) + 1;
    int code = 2 + L->code_w + 3 + L->shapes_w;
    int values = lw + c->tr->d * CODE_VEC_CELL;
    int row = lw + c->tr->T * (L->tab.cell_w + 3);
    int w = code > values ? code : values;
    return w > row ? w : row;
}

/* Columns the PyTorch lines want, with their comments. */
static int torch_width(const ViewCtx *c)
{
    char buf[256];
    int w = 0;
    for (int k = 0; k < TORCH_COUNT; k++) {
        torch_code(c, (TorchLine)k, false, buf, sizeof buf);
        int kw = 2 + text_width(buf) + 2 + text_width(torch_comment(c, (TorchLine)k));
        w = kw > w ? kw : w;
    }
    return w;
}

static void code_layout(const ViewCtx *c, CodeLayout *L)
{
    memset(L, 0, sizeof *L);
    char buf[256];
    L->tab.head = -1;
    code_table_digits(c, &L->tab);
    for (int i = 0; i < CODE_LINES; i++) {
        line_code(c, i, buf, sizeof buf);
        L->code_w = text_width(buf) > L->code_w ? text_width(buf) : L->code_w;
        line_shapes(c, i, buf, sizeof buf);
        L->shapes_w = text_width(buf) > L->shapes_w ? text_width(buf) : L->shapes_w;
    }
    int inner = c->body.w - 2, left_w = lines_width(c, L), right_w = torch_width(c);
    int gap = 6, both = left_w + gap + right_w;
    L->n_panes = both <= inner ? 2 : 1;
    CodePane *lines = &L->panes[0], *torch = &L->panes[L->n_panes - 1];
    lines->x = c->body.x + 1 + (L->n_panes == 2 ? (inner - both) / 2 : 0);
    lines->w = L->n_panes == 2 ? left_w : inner;
    torch->x = L->n_panes == 2 ? lines->x + left_w + gap : lines->x;
    torch->w = L->n_panes == 2 ? right_w : inner;
    L->shapes_beside = 2 + L->code_w + 3 + L->shapes_w <= lines->w;
    torch_code(c, TORCH_MHA, false, buf, sizeof buf);
    L->short_torch = 2 + text_width(buf) > torch->w;
    closing_sentence(c, L->sentence, sizeof L->sentence);
    L->sentence_n = wrap_lines(L->sentence, torch->w, L->sentence_lines, SENTENCE_LINES);
    if (L->sentence_n > SENTENCE_LINES)
        L->sentence_n = SENTENCE_LINES;
    list_line_rows(c, L, lines);
    list_torch_rows(c, L, torch, L->n_panes == 1);
    for (int p = 0; p < L->n_panes; p++)
        fit_pane(c, &L->panes[p]);
    L->label_w = label_width(c, lines);
    L->values_dx = 2 + L->label_w + c->tr->d * CODE_VEC_CELL <= lines->w ? 2 : 0;
    for (int r = 0; r < lines->n; r++)
        L->scores_row = L->scores_row || lines->rows[r].kind == ROW_SCORES;
    table_digits_shown(c, L, lines);
}

/* ---------------------------------------------------------------- values */

/* What a values row of line 4 shows now, and from which stage on. */
static CodeTableRow table_row_of(const ViewCtx *c, const CodeLayout *L, const CodeRow *row, Stage *from)
{
    if (row->kind == ROW_SCORES) {
        *from = STAGE_SCORE;
        return TABLE_RAW;
    }
    *from = STAGE_SOFTMAX;
    if (row->kind == ROW_SCALED)
        return TABLE_SCALED;
    if (!L->scores_row && c->stage == STAGE_SCORE) {
        *from = STAGE_SCORE;   /* one row for both: the scores at ②, the shares from ③ */
        return TABLE_RAW;
    }
    return TABLE_SHARES;
}

/* A values row: its label, then the values this step has reached. */
static void draw_values(const ViewCtx *c, const CodeLayout *L, const CodePane *P,
                        const CodeRow *row, int y)
{
    const Trace *tr = c->tr;
    char label[64];
    int line = row->line, t = c->focus, limit = P->x + P->w, x = P->x + L->values_dx;
    if (row->kind == ROW_INPUT) {
        value_label(c, ROW_INPUT, line, row->head, label, sizeof label);
        grid_put_text(c->g, x, y, label, STYLE_DIM);
        code_put_vector(c, x + L->label_w, y, limit, TRACE_ROW(tr, x, t), tr->d, tr->d);
        return;
    }
    if (line == LINE_A) {
        Stage from;
        CodeTableRow which = table_row_of(c, L, row, &from);
        int shown = code_revealed_at(c, from, tr->T);
        value_label(c, which == TABLE_RAW ? ROW_SCORES : row->kind, line, row->head, label, sizeof label);
        grid_put_text(c->g, x, y, label, shown > 0 ? STYLE_BOLD : STYLE_DIM);
        code_put_table_row(c, &L->tab, x + L->label_w, y, limit, row->head, which, shown);
        return;
    }
    int shown = line < LINE_A ? (code_revealed_at(c, STAGE_QKV, LINE_A) > line ? tr->d : 0)
                              : code_revealed_at(c, STAGE_OUTPUT, tr->d);
    value_label(c, row->kind, line, row->head, label, sizeof label);
    grid_put_text(c->g, x, y, label, shown > 0 ? STYLE_BOLD : STYLE_DIM);
    if (shown == 0)
        return;
    const double *v = line < LINE_A ? engine_projection(tr, (Role)line) + (size_t)t * (size_t)tr->d
                                    : TRACE_ROW(tr, output, t);
    code_put_vector(c, x + L->label_w, y, limit, v, tr->d, shown);
}

/* ---------------------------------------------------------------- rows */

static void draw_comment(const ViewCtx *c, const CodePane *P, int y)
{
    char buf[512], sentence[MODEL_MAX_TOKENS * DRAW_LABEL_BYTES], shape[32];
    shape2(shape, sizeof shape, c->tr->T, c->tr->d);
    for (int brief = 0; brief < 2; brief++) {   /* ASCII: "3 + 5 = yu ?" when names do not fit */
        draw_sentence_text(c->tr, c->ascii, brief == 1, sentence, sizeof sentence);
        snprintf(buf, sizeof buf, SAY(c, "# x: %s, a row per character of %s; the values are %s's row",
                                      "# x：%s，句子「%s」每个字一行；下面的数是「%s」那一行"),
                 shape, sentence, c->tok[c->focus]);
        if (text_width(buf) <= P->w)
            break;
    }
    if (text_width(buf) > P->w)   /* below 72 columns: without the sentence, not cut mid-word */
        snprintf(buf, sizeof buf, SAY(c, "# x: %s, a row per character; the values are %s's row",
                                      "# x：%s，每个字一行；下面的数是「%s」那一行"),
                 shape, c->tok[c->focus]);
    draw_clipped(c->g, P->x, y, P->x + P->w, buf, STYLE_DIM);
}

static void draw_code(const ViewCtx *c, const CodeLayout *L, const CodePane *P, int line, int y)
{
    char buf[256];
    bool current = line_current(c, line);
    bool done = c->stage > line_stage(line) && !(line == LINE_A && c->stage == STAGE_SOFTMAX);
    if (current)
        grid_put_text(c->g, P->x, y, c->gl->playing, STYLE_FOCUS);
    line_code(c, line, buf, sizeof buf);
    draw_clipped(c->g, P->x + 2, y, P->x + P->w, buf,
                 current ? STYLE_BOLD : done ? STYLE_NORMAL : STYLE_DIM);
    if (!L->shapes_beside)
        return;
    line_shapes(c, line, buf, sizeof buf);
    draw_clipped(c->g, P->x + 2 + L->code_w + 3, y, P->x + P->w, buf, STYLE_DIM);
}

static void draw_shapes(const ViewCtx *c, const CodePane *P, int line, int y)
{
    char buf[256];
    line_shapes(c, line, buf, sizeof buf);
    draw_clipped(c->g, P->x + 4, y, P->x + P->w, buf, STYLE_DIM);
}

static void draw_mask_note(const ViewCtx *c, const CodePane *P, int y)
{
    char buf[256];
    const char *f = c->tok[c->focus];
    if (c->lang == LANG_ZH)
        snprintf(buf, sizeof buf, "M：「%s」之后的字记 %s（第 7 课的因果掩码），分到 0", f, c->gl->minus_inf);
    else
        snprintf(buf, sizeof buf, "M: %s after %s (lesson 7's causal mask), so their share is 0",
                 c->gl->minus_inf, f);
    draw_clipped(c->g, P->x + 4, y, P->x + P->w, buf, STYLE_DIM);
}

static void draw_torch(const ViewCtx *c, const CodeLayout *L, const CodePane *P, int k, int y)
{
    char buf[256];
    torch_code(c, (TorchLine)k, L->short_torch, buf, sizeof buf);
    int used = draw_clipped(c->g, P->x + 2, y, P->x + P->w, buf, STYLE_NORMAL);
    const char *comment = torch_comment(c, (TorchLine)k);
    char shown[128];
    draw_drawable(c->ascii, comment, shown, sizeof shown);
    int cx = P->x + 2 + used + 2;
    if (cx + text_width(shown) <= P->x + P->w)
        grid_put_text(c->g, cx, y, shown, STYLE_DIM);
}

static void draw_sentence_line(const ViewCtx *c, const CodeLayout *L, const CodePane *P, int k, int y)
{
    char buf[WRAP_MAX_BYTES + 1], shown[WRAP_MAX_BYTES + 1];
    const WrapLine *wl = &L->sentence_lines[k];
    snprintf(buf, sizeof buf, "%.*s", wl->len, L->sentence + wl->start);
    draw_drawable(c->ascii, buf, shown, sizeof shown);
    draw_clipped(c->g, P->x, y, P->x + P->w, shown, STYLE_NORMAL);
}

static void draw_export(const ViewCtx *c, const CodePane *P, int y)
{
    int x = P->x;
    x += draw_clipped(c->g, x, y, P->x + P->w, SAY(c, "Check every number yourself: ", "每个数自己核对："),
                      STYLE_DIM);
    char prog[128], cmd[256], shown[256];   /* the command as the user started it */
    snprintf(cmd, sizeof cmd, "%s --export python | python3", text_escape(c->prog, prog, sizeof prog));
    draw_drawable(c->ascii, cmd, shown, sizeof shown);
    draw_clipped(c->g, x, y, P->x + P->w, shown, STYLE_BOLD);
}

static void draw_row(const ViewCtx *c, const CodeLayout *L, const CodePane *P, const CodeRow *row,
                     int y)
{
    switch (row->kind) {
    case ROW_BLANK:         break;
    case ROW_COMMENT:       draw_comment(c, P, y); break;
    case ROW_INPUT:
    case ROW_VALUES:
    case ROW_SCORES:
    case ROW_SCALED:        draw_values(c, L, P, row, y); break;
    case ROW_CODE:          draw_code(c, L, P, row->line, y); break;
    case ROW_SHAPES:        draw_shapes(c, P, row->line, y); break;
    case ROW_MASK:          draw_mask_note(c, P, y); break;
    case ROW_TORCH_HEADING:
        draw_rule_heading(c->g, c->gl, P->x, y, P->w,
                          SAY(c, "the same in PyTorch", "真实框架里的写法"));
        break;
    case ROW_TORCH:         draw_torch(c, L, P, row->line, y); break;
    case ROW_SENTENCE:      draw_sentence_line(c, L, P, row->line, y); break;
    case ROW_EXPORT:        draw_export(c, P, y); break;
    }
}

/* ---------------------------------------------------------------- the view */

static void code_view_draw(const ViewCtx *c)
{
    if (c->tr->layered) {
        code_block_draw(c);
        return;
    }
    CodeLayout L;
    code_layout(c, &L);
    for (int p = 0; p < L.n_panes; p++) {
        const CodePane *P = &L.panes[p];
        for (int r = 0; r < P->n; r++)
            draw_row(c, &L, P, &P->rows[r], P->top + r);
    }
}

static const ViewHint code_hints[] = {
    { { ACTION_PLAY,       ACTION_NONE,       "play",  "播放" }, VIEW_AT_EVERY, false },
    { { ACTION_PREV,       ACTION_NEXT,       "step",  "单步" }, VIEW_AT_EVERY, false },
    { { ACTION_FOCUS_PREV, ACTION_FOCUS_NEXT, "who asks", "谁来问" }, VIEW_AT_EVERY, false },
    { { ACTION_MASK,       ACTION_NONE,       "mask",  "掩码" }, VIEW_AT_EVERY, false },
    { { ACTION_HEADS,      ACTION_NONE,       "heads", "多头" }, VIEW_AT_EVERY, false },
    { { ACTION_NONE,       ACTION_NONE,       NULL,    NULL }, VIEW_AT_EVERY, false },
};

const ViewOps view_code = {
    .name = "code",
    .layered_en = "poems: nanoGPT's Block, the chosen head's values; c_proj, MLP, x + …: shapes",
    .layered_zh = "唐诗模型：nanoGPT 的 Block，配上选中的头的数；c_proj、MLP、x + … 只给形状",
    .tab_en = "code", .tab_zh = "五行代码",
    .title_en = "five lines of code", .title_zh = "就这五行",
    .help_en = "the five lines, their shapes and values, and the PyTorch they stand for",
    .help_zh = "五行代码、它们的形状和数值，以及对应的 PyTorch 写法",
    .station_en = "Station 8, five lines of code: Q = x·Wq, K = x·Wk, V = x·Wv,\n"
                  "A = softmax(Q·Kᵀ/√d), out = A·V; each line with its shape and live values,\n"
                  "and the PyTorch call that does the same.",
    .station_zh = "第 8 站，五行代码：Q = x·Wq、K = x·Wk、V = x·Wv、\n"
                  "A = softmax(Q·Kᵀ/√d)、out = A·V；每行都有形状和实时数值，\n"
                  "以及做同一件事的 PyTorch 写法。",
    .track = TRACK_STAGES_FOCUS,
    .stages = true,
    .about = "station 8: the five lines with their shapes and live values, and the PyTorch they stand for (on the poem model: nanoGPT's Block with the chosen head's values)",
    .draw = code_view_draw,
    .hit = NULL,
    .cache_new = code_cache_new,
    .cache_free = code_cache_free,
    .keys = NULL,
    .hints = code_hints,
    .chosen = chain_cell_by_stage,
};
