/* view_code_block.c — the code screen on a layered model: nanoGPT's Block, its causal
 * self-attention and its MLP as code (model.py, the batch and dropout left out), each line
 * with its shapes, the chosen (layer, head)'s values for the asker beside the lines inside
 * the head, and "checked against PyTorch" beside the lines outside it.
 * Owns: that body's lines, rows and layout.
 * Must not touch: ncurses, the clock, the engine's arithmetic (it reads the layer's Trace). */
#include <stdio.h>
#include <string.h>
#include "draw.h"
#include "text.h"
#include "lesson.h"
#include "ui.h"
#include "view_code.h"

/* ---------------------------------------------------------------- the lines */

/* nanoGPT's lines, top down. */
typedef enum {
    BL_BLOCK_CLASS = 0,   /* class Block: */
    BL_BLOCK_DEF,         /* def forward(self, x): */
    BL_BLOCK_ATTN,        /* x = x + self.attn(self.ln_1(x)) */
    BL_BLOCK_MLP,         /* x = x + self.mlp(self.ln_2(x)) */
    BL_ATTN_CLASS,        /* class CausalSelfAttention: */
    BL_ATTN_DEF,          /* def forward(self, x): — x is ln_1's output */
    BL_QKV,               /* q, k, v = self.c_attn(x).split(C, dim=1) */
    BL_VIEW,              /* q = q.view(T, self.n_head, C // self.n_head).transpose(0, 1) */
    BL_SCORE,             /* att = (q @ k.transpose(-2, -1)) * (1.0 / math.sqrt(k.size(-1))) */
    BL_MASK,              /* att = att.masked_fill(self.bias[:T, :T] == 0, float('-inf')) */
    BL_SOFTMAX,           /* att = F.softmax(att, dim=-1) */
    BL_ATV,               /* y = att @ v */
    BL_CONCAT,            /* y = y.transpose(0, 1).contiguous().view(T, C) */
    BL_PROJ,              /* return self.c_proj(y) */
    BL_MLP_CLASS,         /* class MLP: */
    BL_MLP_DEF,           /* def forward(self, x): — x is ln_2's output */
    BL_FC,                /* x = self.c_fc(x) */
    BL_GELU,              /* x = self.gelu(x) */
    BL_MLP_PROJ,          /* return self.c_proj(x) */
    BL_COUNT
} BlockLine;

/* What a values row shows for the asker, in the chosen head. */
typedef enum {
    VAL_LN1 = 0,   /* ln_1(霜): the LN₁ output row (the head's x), d values */
    VAL_Q,         /* q(霜) h3: the head's dh columns of Q */
    VAL_RAW,       /* q(霜)·kᵀ h3: the raw scores, every s */
    VAL_ATT,       /* att(霜) h3: ÷√dh, −∞ where masked */
    VAL_SHARES,    /* att(霜) h3 after softmax: the shares */
    VAL_Y,         /* y(霜) h3: Σ share · V over the head's dh columns */
    VAL_COUNT      /* no values row */
} BlockValue;

/* What one line is. */
typedef struct {
    const char *code;   /* the code, with its indent (class at 0, def at 4, the body at 8) */
    Stage stage;        /* the stage whose step runs it (highlighted then), or STAGE_COUNT */
    BlockValue value;   /* its values row, or VAL_COUNT */
    bool checked;       /* outside the head: shapes and "checked against PyTorch", no values */
    int priority;       /* 1: always shown; higher numbers are left out first when rows are
                           short (the MLP's and the def lines last: one row says what they do) */
} BlockLineInfo;

static const BlockLineInfo block_lines[BL_COUNT] = {
    [BL_BLOCK_CLASS] = { "class Block:", STAGE_COUNT, VAL_COUNT, false, 2 },
    [BL_BLOCK_DEF]   = { "    def forward(self, x):", STAGE_COUNT, VAL_COUNT, false, 4 },
    [BL_BLOCK_ATTN]  = { "        x = x + self.attn(self.ln_1(x))", STAGE_COUNT, VAL_COUNT, true, 1 },
    [BL_BLOCK_MLP]   = { "        x = x + self.mlp(self.ln_2(x))", STAGE_COUNT, VAL_COUNT, true, 1 },
    [BL_ATTN_CLASS]  = { "class CausalSelfAttention:", STAGE_COUNT, VAL_COUNT, false, 2 },
    [BL_ATTN_DEF]    = { "    def forward(self, x):", STAGE_QKV, VAL_LN1, false, 4 },
    [BL_QKV]         = { "        q, k, v = self.c_attn(x).split(self.n_embd, dim=1)", STAGE_QKV, VAL_Q,
                         false, 1 },
    [BL_VIEW]        = { "        q = q.view(T, self.n_head, C // self.n_head).transpose(0, 1)", STAGE_QKV,
                         VAL_COUNT, false, 1 },
    [BL_SCORE]       = { "        att = (q @ k.transpose(-2, -1)) * (1.0 / math.sqrt(k.size(-1)))",
                         STAGE_SCORE, VAL_RAW, false, 1 },
    [BL_MASK]        = { "        att = att.masked_fill(self.bias[:T, :T] == 0, float('-inf'))",
                         STAGE_SOFTMAX, VAL_ATT, false, 1 },
    [BL_SOFTMAX]     = { "        att = F.softmax(att, dim=-1)", STAGE_SOFTMAX, VAL_SHARES, false, 1 },
    [BL_ATV]         = { "        y = att @ v", STAGE_OUTPUT, VAL_Y, false, 1 },
    [BL_CONCAT]      = { "        y = y.transpose(0, 1).contiguous().view(T, C)", STAGE_OUTPUT, VAL_COUNT,
                         false, 1 },
    [BL_PROJ]        = { "        return self.c_proj(y)", STAGE_COUNT, VAL_COUNT, true, 1 },
    [BL_MLP_CLASS]   = { "class MLP:", STAGE_COUNT, VAL_COUNT, false, 3 },
    [BL_MLP_DEF]     = { "    def forward(self, x):", STAGE_COUNT, VAL_COUNT, false, 4 },
    [BL_FC]          = { "        x = self.c_fc(x)", STAGE_COUNT, VAL_COUNT, false, 3 },
    [BL_GELU]        = { "        x = self.gelu(x)", STAGE_COUNT, VAL_COUNT, false, 3 },
    [BL_MLP_PROJ]    = { "        return self.c_proj(x)", STAGE_COUNT, VAL_COUNT, true, 3 },
};

/* "[12, 32]" */
static void shape2(char *buf, size_t cap, int a, int b)
{
    snprintf(buf, cap, "[%d, %d]", a, b);
}

/* "[4, 12, 8]" */
static void shape3(char *buf, size_t cap, int a, int b, int c)
{
    snprintf(buf, cap, "[%d, %d, %d]", a, b, c);
}

/* The shapes of line i from the trace's T, d, heads, dh and the MLP's width m:
 * "[12, 32]·[32, 96] + b → [12, 96]". */
static void block_shapes(const ViewCtx *c, BlockLine i, int m, char *buf, size_t cap)
{
    const Trace *tr = c->tr;
    const Glyphs *gl = c->gl;
    int T = tr->T, C = tr->d, H = tr->heads, hs = tr->dh;
    char x[32], w[32], r[32], hq[32], hk[32], tt[32];
    shape2(x, sizeof x, T, C);
    shape3(hq, sizeof hq, H, T, hs);
    shape3(hk, sizeof hk, H, hs, T);
    shape3(tt, sizeof tt, H, T, T);
    buf[0] = '\0';
    switch (i) {
    case BL_BLOCK_DEF:
        snprintf(buf, cap, "x: %s", x);
        break;
    case BL_BLOCK_ATTN:
    case BL_BLOCK_MLP:
        snprintf(buf, cap, "%s + %s%s%s", x, x, gl->arrow, x);
        break;
    case BL_ATTN_DEF:
        snprintf(buf, cap, SAY(c, "x: ln_1's output, %s", "x：ln_1 的输出，%s"), x);
        break;
    case BL_QKV:
        shape2(w, sizeof w, C, 3 * C);
        shape2(r, sizeof r, T, 3 * C);
        snprintf(buf, cap, "%s%s%s + b%s%s", x, gl->dot, w, gl->arrow, r);
        break;
    case BL_VIEW:
        snprintf(buf, cap, SAY(c, "%s%s%s (k, v alike)", "%s%s%s（k、v 同样）"), x, gl->arrow, hq);
        break;
    case BL_SCORE:
        snprintf(buf, cap, "%s%s%s%s%s", hq, gl->dot, hk, gl->arrow, tt);
        break;
    case BL_MASK:
    case BL_SOFTMAX:
        snprintf(buf, cap, "%s", tt);
        break;
    case BL_ATV:
        snprintf(buf, cap, "%s%s%s%s%s", tt, gl->dot, hq, gl->arrow, hq);
        break;
    case BL_CONCAT:
        snprintf(buf, cap, "%s%s%s", hq, gl->arrow, x);
        break;
    case BL_PROJ:
        shape2(w, sizeof w, C, C);
        snprintf(buf, cap, "%s%s%s + b%s%s", x, gl->dot, w, gl->arrow, x);
        break;
    case BL_MLP_DEF:
        snprintf(buf, cap, SAY(c, "x: ln_2's output, %s", "x：ln_2 的输出，%s"), x);
        break;
    case BL_FC:
        shape2(w, sizeof w, C, m);
        shape2(r, sizeof r, T, m);
        snprintf(buf, cap, "%s%s%s + b%s%s", x, gl->dot, w, gl->arrow, r);
        break;
    case BL_GELU:
        shape2(r, sizeof r, T, m);
        snprintf(buf, cap, "%s", r);
        break;
    case BL_MLP_PROJ:
        shape2(r, sizeof r, T, m);
        shape2(w, sizeof w, m, C);
        snprintf(buf, cap, "%s%s%s + b%s%s", r, gl->dot, w, gl->arrow, x);
        break;
    case BL_BLOCK_CLASS:
    case BL_ATTN_CLASS:
    case BL_MLP_CLASS:
    case BL_COUNT:
        break;   /* a class line has no shape */
    }
}

/* ---------------------------------------------------------------- the values */

/* "ln_1(霜)", "q(霜) h3", "q(霜)·kᵀ h3", "att(霜) h3", "y(霜) h3". */
static void value_label(const ViewCtx *c, BlockValue v, int head, char *buf, size_t cap)
{
    const char *f = c->tok[c->focus];
    switch (v) {
    case VAL_LN1:    snprintf(buf, cap, "ln_1(%s)", f); return;
    case VAL_Q:      snprintf(buf, cap, "q(%s)", f); break;
    case VAL_RAW:    snprintf(buf, cap, "q(%s)%sk%s", f, c->gl->dot, c->gl->transpose); break;
    case VAL_ATT:
    case VAL_SHARES: snprintf(buf, cap, "att(%s)", f); break;
    case VAL_Y:      snprintf(buf, cap, "y(%s)", f); break;
    case VAL_COUNT:  buf[0] = '\0'; return;
    }
    draw_append(buf, cap, SAY(c, " h%d", " 头 %d"), head + 1);
}

/* ---------------------------------------------------------------- layout */

#define BLOCK_MAX_ROWS 48   /* rows a layout can list */

/* What one row of the body shows. */
typedef enum {
    BR_BLANK = 0,   /* nothing */
    BR_HEADING,     /* "# nanoGPT's model.py, …: layer 1, head 3; the values are 霜's row" */
    BR_CODE,        /* line `line`: marker, code, its shapes beside when they fit */
    BR_SHAPES,      /* line `line`'s shapes, under its code */
    BR_VALUES,      /* line `line`'s values row */
    BR_CHECKED,     /* line `line`'s shapes (unless beside) and "checked against PyTorch" */
    BR_CHECKED_ALL  /* one row for every checked line, when theirs are left out */
} BlockRowKind;

typedef struct {
    BlockRowKind kind;   /* what the row shows */
    int line;            /* which BlockLine */
    int priority;        /* 1: always; higher numbers are left out first when rows are short */
} BlockRow;

typedef struct {
    BlockRow rows[BLOCK_MAX_ROWS];   /* what each row shows, top down */
    int n;                           /* rows listed */
    int top;                         /* body row of the first */
    int x;                           /* left column */
    int w;                           /* columns it may use */
    int head;                        /* the chosen head */
    int mlp;                         /* the MLP's width (128) */
    int code_w;                      /* columns of the widest code line */
    bool shapes_beside;              /* shapes on the code row (else on a row of their own) */
    int label_w;                     /* columns of the widest values label, and a blank */
    int values_x;                    /* column of the values rows' labels */
    bool raw_row;                    /* q·kᵀ has a row: its T values fit whole beside the
                                        others (5 decimals may be needed to redo ÷√8) */
    CodeTable tab;                   /* the score and share rows' decimals and columns */
} BlockLayout;

static void add_row(BlockLayout *L, BlockRowKind kind, int line, int priority)
{
    if (L->n < BLOCK_MAX_ROWS)
        L->rows[L->n++] = (BlockRow){ kind, line, priority };
}

/* The priority of line i's values row. */
static int value_priority(BlockValue v)
{
    return v == VAL_LN1 ? 3 : v == VAL_RAW ? 2 : 1;
}

/* Every row, each with its priority; `per_line`: each checked line with its own row, else
 * one row for them all. */
static void list_rows(BlockLayout *L, bool per_line)
{
    L->n = 0;
    add_row(L, BR_HEADING, 0, 2);
    add_row(L, BR_BLANK, 0, 5);
    for (int i = 0; i < BL_COUNT; i++) {
        if (i == BL_ATTN_CLASS || i == BL_MLP_CLASS)
            add_row(L, BR_BLANK, 0, 5);
        add_row(L, BR_CODE, i, block_lines[i].priority);
        bool checked = block_lines[i].checked;
        if (!L->shapes_beside && !checked && i != BL_BLOCK_CLASS && i != BL_ATTN_CLASS &&
            i != BL_MLP_CLASS)
            add_row(L, BR_SHAPES, i, 6);
        if (checked && per_line)
            add_row(L, BR_CHECKED, i, 3);
        BlockValue v = block_lines[i].value;
        if (v != VAL_COUNT && (v != VAL_RAW || L->raw_row))
            add_row(L, BR_VALUES, i, value_priority(v));
    }
    if (!per_line) {
        add_row(L, BR_BLANK, 0, 5);
        add_row(L, BR_CHECKED_ALL, 0, 1);
    }
}

/* Leaves out the rows of the lowest priority until the rest fit in h rows (draw_fit_rows). */
static void drop_rows(BlockLayout *L, int h)
{
    int priority[BLOCK_MAX_ROWS], kept[BLOCK_MAX_ROWS];
    for (int r = 0; r < L->n; r++)
        priority[r] = L->rows[r].priority;
    int n = draw_fit_rows(priority, L->n, h, kept);
    for (int i = 0; i < n; i++)
        L->rows[i] = L->rows[kept[i]];
    L->n = n;
}

/* The widest values label. */
static int label_width(const ViewCtx *c, int head)
{
    char buf[64];
    int w = 0;
    for (int v = 0; v < VAL_COUNT; v++) {
        value_label(c, (BlockValue)v, head, buf, sizeof buf);
        w = text_width(buf) > w ? text_width(buf) : w;
    }
    return w + 1;
}

/* Columns a row of T cells of the tables wants after the label, with room for a "…". */
static int table_width(const ViewCtx *c, const BlockLayout *L)
{
    return L->label_w + c->tr->T * L->tab.cell_w + 2;
}

/* The q·kᵀ row when all its values fit (else the rows of ÷√8 and shares alone, in narrower
 * cells), and where the values rows start: under the code's body, or further left when a
 * row of T values needs it. */
static void table_fit(const ViewCtx *c, BlockLayout *L)
{
    int limit = L->x + L->w, T = c->tr->T;
    L->raw_row = L->x + 2 + table_width(c, L) <= limit;
    if (!L->raw_row)
        code_table_cells(c, &L->tab, false, true);
    L->values_x = L->x + 10 + table_width(c, L) <= limit || L->x + 2 + table_width(c, L) > limit
                  ? L->x + 10 : L->x + 2;
    int room = limit - 2 - L->values_x - L->label_w;
    if (c->numbers && room < T * L->tab.cell_w) {   /* a window ending at the asker */
        int fit = (room - 2) / L->tab.cell_w;
        int first = c->focus + 1 - (fit > 1 ? fit : 1);
        L->tab.first = first > 0 ? first : 0;
    }
}

static void block_layout(const ViewCtx *c, BlockLayout *L)
{
    memset(L, 0, sizeof *L);
    char buf[256];
    L->head = ui_head_shown(c->ui, c->tr);
    L->mlp = c->ls->has_poem ? c->ls->poem.mlp : 4 * c->tr->d;
    L->x = c->body.x + 1;
    L->w = c->body.w - 2;
    int shapes_w = 0;
    for (int i = 0; i < BL_COUNT; i++) {
        L->code_w = text_width(block_lines[i].code) > L->code_w ? text_width(block_lines[i].code) : L->code_w;
        block_shapes(c, (BlockLine)i, L->mlp, buf, sizeof buf);
        shapes_w = text_width(buf) > shapes_w ? text_width(buf) : shapes_w;
    }
    L->shapes_beside = 2 + L->code_w + 3 + shapes_w <= L->w;
    L->label_w = label_width(c, L->head);
    L->tab.head = L->head;
    code_table_digits(c, &L->tab);
    table_fit(c, L);
    list_rows(L, true);
    if (L->n > c->body.h) {
        list_rows(L, false);
        drop_rows(L, c->body.h);
    }
    L->top = c->body.y + (c->body.h - L->n) / 2;
}

/* ---------------------------------------------------------------- rows */

static void draw_heading(const ViewCtx *c, const BlockLayout *L, int y)
{
    char buf[512];
    int layer = lesson_layer(c->ls);
    const char *f = c->tok[c->focus];
    snprintf(buf, sizeof buf,
             SAY(c, "# nanoGPT's model.py, batch and dropout left out · layer %d, head %d · the values are %s's row",
                 "# nanoGPT 的 model.py，去掉了 batch 维和 dropout · 第 %d 层第 %d 个头 · 下面的数是「%s」那一行"),
             layer + 1, L->head + 1, f);
    if (text_width(buf) > L->w)
        snprintf(buf, sizeof buf, SAY(c, "# nanoGPT's model.py, no batch, no dropout · values: %s's row",
                                      "# nanoGPT 的 model.py，无 batch、dropout · 数是「%s」那一行"), f);
    draw_clipped(c->g, L->x, y, L->x + L->w, buf, STYLE_DIM);
}

static void draw_code(const ViewCtx *c, const BlockLayout *L, BlockLine i, int y)
{
    char buf[256];
    Stage at = block_lines[i].stage;
    bool current = at != STAGE_COUNT && at == c->stage;
    bool done = at != STAGE_COUNT && c->stage > at;
    if (current)
        grid_put_text(c->g, L->x, y, c->gl->playing, STYLE_FOCUS);
    draw_clipped(c->g, L->x + 2, y, L->x + L->w, block_lines[i].code,
                 current ? STYLE_BOLD : done || at == STAGE_COUNT ? STYLE_NORMAL : STYLE_DIM);
    if (!L->shapes_beside)
        return;
    block_shapes(c, i, L->mlp, buf, sizeof buf);
    draw_clipped(c->g, L->x + 2 + L->code_w + 3, y, L->x + L->w, buf, STYLE_DIM);
}

static void draw_shapes(const ViewCtx *c, const BlockLayout *L, BlockLine i, int y)
{
    char buf[256];
    block_shapes(c, i, L->mlp, buf, sizeof buf);
    draw_clipped(c->g, L->x + 10, y, L->x + L->w, buf, STYLE_DIM);
}

static const char *checked_text(const ViewCtx *c)
{
    return SAY(c, "checked against PyTorch (--export python)", "已和 PyTorch 核对（--export python）");
}

static void draw_checked(const ViewCtx *c, const BlockLayout *L, BlockLine i, int y)
{
    char buf[256];
    buf[0] = '\0';
    if (!L->shapes_beside) {
        block_shapes(c, i, L->mlp, buf, sizeof buf);
        draw_append(buf, sizeof buf, ", ");
    }
    draw_append(buf, sizeof buf, "%s", checked_text(c));
    int x = L->shapes_beside ? L->x + 2 + L->code_w + 3 : L->x + 10;
    draw_clipped(c->g, x, y, L->x + L->w, buf, STYLE_DIM);
}

static void draw_checked_all(const ViewCtx *c, const BlockLayout *L, int y)
{
    char buf[256];
    snprintf(buf, sizeof buf, SAY(c, "c_proj, MLP, x + …: %s", "c_proj、MLP、x + …：%s"), checked_text(c));
    if (text_width(buf) > L->w)
        snprintf(buf, sizeof buf, "%s", checked_text(c));
    draw_clipped(c->g, L->x, y, L->x + L->w, buf, STYLE_DIM);
}

/* A values row: its label, then the values this step has reached. */
static void draw_values(const ViewCtx *c, const BlockLayout *L, BlockLine i, int y)
{
    const Trace *tr = c->tr;
    BlockValue v = block_lines[i].value;
    int t = c->focus, h = L->head, x = L->values_x, limit = L->x + L->w, shown = 0;
    char label[64];
    switch (v) {
    case VAL_LN1: shown = code_revealed_at(c, STAGE_QKV, 2) > 0 ? tr->d : 0; break;
    case VAL_Q:   shown = code_revealed_at(c, STAGE_QKV, 2) > 1 ? tr->dh : 0; break;
    case VAL_RAW: shown = code_revealed_at(c, STAGE_SCORE, tr->T); break;
    case VAL_Y:   shown = code_revealed_at(c, STAGE_OUTPUT, tr->dh); break;
    case VAL_ATT:
    case VAL_SHARES:
    case VAL_COUNT:   shown = code_revealed_at(c, STAGE_SOFTMAX, tr->T); break;
    }
    value_label(c, v, h, label, sizeof label);
    grid_put_text(c->g, x, y, label, shown > 0 ? STYLE_BOLD : STYLE_DIM);
    x += L->label_w;
    limit -= 2;   /* room for the "…" of a cut row */
    switch (v) {
    case VAL_LN1: code_put_vector(c, x, y, limit, TRACE_ROW(tr, x, t), tr->d, shown); break;
    case VAL_Q:
        code_put_vector(c, x, y, limit, engine_projection(tr, ROLE_Q) + (size_t)t * (size_t)tr->d +
                        (size_t)h * (size_t)tr->dh, tr->dh, shown);
        break;
    case VAL_Y:
        code_put_vector(c, x, y, limit, TRACE_ROW(tr, output, t) + (size_t)h * (size_t)tr->dh, tr->dh, shown);
        break;
    case VAL_RAW:    code_put_table_row(c, &L->tab, x, y, limit, h, TABLE_RAW, shown); break;
    case VAL_ATT:    code_put_table_row(c, &L->tab, x, y, limit, h, TABLE_SCALED, shown); break;
    case VAL_SHARES: code_put_table_row(c, &L->tab, x, y, limit, h, TABLE_SHARES, shown); break;
    case VAL_COUNT:  break;
    }
}

static void draw_row(const ViewCtx *c, const BlockLayout *L, const BlockRow *row, int y)
{
    switch (row->kind) {
    case BR_BLANK:       break;
    case BR_HEADING:     draw_heading(c, L, y); break;
    case BR_CODE:        draw_code(c, L, (BlockLine)row->line, y); break;
    case BR_SHAPES:      draw_shapes(c, L, (BlockLine)row->line, y); break;
    case BR_VALUES:      draw_values(c, L, (BlockLine)row->line, y); break;
    case BR_CHECKED:     draw_checked(c, L, (BlockLine)row->line, y); break;
    case BR_CHECKED_ALL: draw_checked_all(c, L, y); break;
    }
}

/* ---------------------------------------------------------------- the body */

void code_block_draw(const ViewCtx *c)
{
    BlockLayout L;
    block_layout(c, &L);
    for (int r = 0; r < L.n; r++)
        draw_row(c, &L, &L.rows[r], L.top + r);
}
