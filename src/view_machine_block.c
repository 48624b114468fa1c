/* view_machine_block.c — the machine view's block of a layered model: the chosen
 * layer flowing [T, d] → LN₁ → Q K V → heads → concat → Wo → + residual → LN₂ → MLP →
 * + residual, every box with its shape, the chosen head's four stages with the current one
 * lit, the asker's LN₁ worked by hand (transformer_check_norm: "=" holds from the printed
 * numbers) and its values after the heads, which the screen does not redo: those are checked
 * against PyTorch by --export python. The stage panel under it is view_machine.c's.
 * Owns: the block's text and its fit. Must not touch: ncurses, the clock, the pass's
 * arithmetic (it reads Lesson.poem and transformer_check_norm's numbers). */
#include "view_machine_block.h"

#include <stdio.h>
#include <string.h>
#include "check.h"
#include "format.h"
#include "transformer.h"
#include "view.h"

/* ---------------------------------------------------------------- words */

/* "[12, 32]" with numbers, "[T, d]" without (cols_name names the width). */
static const char *block_shape(const ViewCtx *c, char *buf, size_t cap, int cols, const char *cols_name)
{
    if (c->numbers)
        snprintf(buf, cap, "[%d, %d]", c->tr->T, cols);
    else
        snprintf(buf, cap, "[T, %s]", cols_name);
    return buf;
}

/* "32×32" with numbers, "d×d" without. */
static const char *block_square(const ViewCtx *c, char *buf, size_t cap)
{
    if (c->numbers)
        snprintf(buf, cap, "%d%s%d", c->tr->d, c->gl->times, c->tr->d);
    else
        snprintf(buf, cap, "d%sd", c->gl->times);
    return buf;
}

/* A printed number of the checks: negative ones in parentheses where they follow an operator. */
static const char *block_num(char *buf, size_t cap, double v, int digits, bool operand)
{
    char n[FORMAT_BYTES];
    format_fixed(n, sizeof n, v, digits);
    snprintf(buf, cap, operand && n[0] == '-' ? "(%s)" : "%s", n);
    return buf;
}

/* An arrow piece, glued to the piece before it so that a line ends with it. */
static void block_arrow(const ViewCtx *c, Pieces *t)
{
    pieces_glue(t, STYLE_DIM, "%s", c->gl->arrow);
}

/* ---------------------------------------------------------------- the flow */

/* x → LN₁ → Q K V → */
static void build_into_heads(const ViewCtx *c, Pieces *t)
{
    const Trace *tr = c->tr;
    char sh[32], sq[32];
    if (tr->layer == 0)
        pieces_add(t, STYLE_BOLD, SAY(c, "x = word vector + position %s", "x = 词向量 + 位置指纹 %s"),
                   block_shape(c, sh, sizeof sh, tr->d, "d"));
    else
        pieces_add(t, STYLE_BOLD, SAY(c, "x = layer %d's output %s", "x = 第 %d 层的输出 %s"), tr->layer,
                   block_shape(c, sh, sizeof sh, tr->d, "d"));
    block_arrow(c, t);
    pieces_add(t, STYLE_NORMAL, "LN₁ %s", block_shape(c, sh, sizeof sh, tr->d, "d"));
    block_arrow(c, t);
    pieces_add(t, STYLE_NORMAL, SAY(c, "Q K V = LN₁%sW + b %s ", "Q K V = LN₁%sW + b %s"), c->gl->dot,
               block_shape(c, sh, sizeof sh, 3 * tr->d, "3d"));
    pieces_add(t, STYLE_DIM, SAY(c, "(Wq Wk Wv: %s + bias each)", "（Wq Wk Wv：各 %s 加偏置）"),
               block_square(c, sq, sizeof sq));
    block_arrow(c, t);
}

/* "4 heads, causal mask:" the chosen one's four stages (the current stage lit), the others by shape. */
static void build_heads(const ViewCtx *c, Pieces *t)
{
    const Trace *tr = c->tr;
    int chosen = ui_head_shown(c->ui, tr);
    char sh[32], tt[32], stage[64];
    block_shape(c, sh, sizeof sh, tr->dh, "dₕ");
    block_shape(c, tt, sizeof tt, tr->T, "T");
    if (c->numbers)
        pieces_add(t, STYLE_NORMAL, SAY(c, "%d heads, causal mask: ", "%d 个头，因果掩码："), tr->heads);
    else
        pieces_add(t, STYLE_NORMAL, "%s", SAY(c, "the heads, causal mask: ", "几个头，因果掩码："));
    pieces_add(t, STYLE_BOLD, SAY(c, "head %d %s: ", "头 %d %s："), chosen + 1, sh);
    for (int s = 0; s < STAGE_COUNT; s++) {
        Style st = s == (int)c->stage ? STYLE_STAGE_LIT : STYLE_NORMAL;
        draw_stage_label(stage, sizeof stage, (Stage)s, c->lang, c->gl);
        bool square = s == STAGE_SCORE || s == STAGE_SOFTMAX;
        pieces_add(t, st, "%s %s", stage, square ? tt : sh);
        if (s + 1 < STAGE_COUNT)
            block_arrow(c, t);
    }
    for (int h = 0; h < tr->heads; h++) {
        if (h == chosen)
            continue;
        pieces_sep(t, c->gl->sep);
        pieces_add(t, STYLE_DIM, SAY(c, "head %d %s", "头 %d %s"), h + 1, sh);
    }
}

/* → concat → Wo → + residual → LN₂ → MLP → + residual → output → the next layer or the readout. */
static void build_after_heads(const ViewCtx *c, Pieces *t)
{
    const Trace *tr = c->tr;
    char sh[32], sq[32], mlp[64];
    block_shape(c, sh, sizeof sh, tr->d, "d");
    block_square(c, sq, sizeof sq);
    int m = c->ls->poem.mlp;
    if (c->numbers)
        snprintf(mlp, sizeof mlp, "%d%s%d GELU%s%d", tr->d, c->gl->arrow, m, c->gl->arrow, tr->d);
    else
        snprintf(mlp, sizeof mlp, "d%s4d GELU%sd", c->gl->arrow, c->gl->arrow);
    pieces_add(t, STYLE_DIM, "%s", c->gl->arrow + (c->gl->arrow[0] == ' '));
    pieces_glue(t, STYLE_NORMAL, SAY(c, "concat %s", "拼接 %s"), sh);
    block_arrow(c, t);
    pieces_add(t, STYLE_NORMAL, SAY(c, "Wo (%s + bias) %s", "Wo（%s 加偏置）%s"), sq, sh);
    block_arrow(c, t);
    pieces_add(t, STYLE_NORMAL, SAY(c, "+ residual %s", "+ 残差 %s"), sh);
    block_arrow(c, t);
    pieces_add(t, STYLE_NORMAL, "LN₂ %s", sh);
    block_arrow(c, t);
    pieces_add(t, STYLE_NORMAL, SAY(c, "MLP (%s) %s", "MLP（%s）%s"), mlp, sh);
    block_arrow(c, t);
    pieces_add(t, STYLE_NORMAL, "%s", SAY(c, "+ residual", "+ 残差"));
    block_arrow(c, t);
    pieces_add(t, STYLE_BOLD, SAY(c, "output %s", "输出 %s"), sh);
    block_arrow(c, t);
    if (tr->layer + 1 < c->ls->poem.layers)
        pieces_add(t, STYLE_DIM, SAY(c, "layer %d", "第 %d 层"), tr->layer + 2);
    else
        pieces_add(t, STYLE_DIM, "%s", SAY(c, "ln_f and the readout: the next character",
                                             "ln_f 和输出层：下一个字"));
}

/* ---------------------------------------------------------------- the asker's row */

/* The column the checks work: the chosen head's first. */
static int block_column(const ViewCtx *c)
{
    return ui_head_shown(c->ui, c->tr) * c->tr->dh;
}

/* LN₁ of the asker's row by hand: Σx, mean, Σ(x − mean)², variance, std, one column. */
static void build_norm_check(const ViewCtx *c, Pieces *t)
{
    TransformerNormCheck k;
    if (transformer_check_norm(&c->ls->poem, c->tr->layer, c->focus, block_column(c), &k) != 0)
        return;
    int n = k.digits;
    char a[40], b[40], e[40], f[40], g[40];
    pieces_add(t, STYLE_BOLD, SAY(c, "%s's row, LN₁: ", "「%s」这一行的 LN₁："), c->tok[c->focus]);
    pieces_add(t, STYLE_NORMAL, SAY(c, "Σx = %s, ", "Σx = %s，"), block_num(a, sizeof a, k.sum, n, false));
    pieces_add(t, STYLE_NORMAL, SAY(c, "mean = %s ÷ %d = %s", "均值 = %s ÷ %d = %s"), a, k.d,
               block_num(b, sizeof b, k.mean, n, false));
    pieces_sep(t, c->gl->sep);
    pieces_add(t, STYLE_NORMAL, SAY(c, "Σ(x − mean)² = %s, ", "Σ(x − 均值)² = %s，"),
               block_num(a, sizeof a, k.sq_sum, n, false));
    pieces_add(t, STYLE_NORMAL, SAY(c, "variance = %s ÷ %d = %s", "方差 = %s ÷ %d = %s"), a, k.d,
               block_num(b, sizeof b, k.var, n, false));
    pieces_sep(t, c->gl->sep);
    pieces_add(t, STYLE_NORMAL, SAY(c, "std = √(%s + 1e-5) = %s", "标准差 = √(%s + 1e-5) = %s"), b,
               block_num(e, sizeof e, k.std, n, false));
    pieces_sep(t, c->gl->sep);
    pieces_add(t, STYLE_NORMAL, SAY(c, "column %d: (x − mean) ÷ std × γ + β = ",
                                       "第 %d 列：(x − 均值) ÷ 标准差 × γ + β = "),
               k.j);
    pieces_add(t, STYLE_NORMAL, "(%s − %s) ÷ %s × %s + %s ", block_num(a, sizeof a, k.x, n, false),
               block_num(b, sizeof b, k.mean, n, true), e, block_num(f, sizeof f, k.gain, n, true),
               block_num(g, sizeof g, k.bias, n, true));
    pieces_add(t, STYLE_BOLD, k.same ? "= %s " : "≈ %s ", block_num(a, sizeof a, k.out, k.out_digits, false));
    pieces_add(t, STYLE_DIM, SAY(c, "(① below calls it x[%d])", "（下面 ① 管它叫 x[%d]）"), k.j);
}

/* The asker's column after the heads, as the pass has it: shapes and values, no hand sum. */
static void build_after_values(const ViewCtx *c, Pieces *t)
{
    const TransformerTrace *pt = &c->ls->poem;
    const TransformerLayer *L = &pt->layer[c->tr->layer];
    int j = block_column(c), row = c->focus;
    char v[40];
#define BLOCK_AT(arr) block_num(v, sizeof v, TRANSFORMER_ROW(L->arr, row, pt->d)[j], CHECK_TABLE_DIGITS, false)
    pieces_add(t, STYLE_BOLD, SAY(c, "%s's column %d after the heads: ", "「%s」第 %d 列过了注意力之后："),
               c->tok[c->focus], j);
    pieces_add(t, STYLE_NORMAL, SAY(c, "concat %s", "拼接 %s"), BLOCK_AT(heads));
    block_arrow(c, t);
    pieces_add(t, STYLE_NORMAL, "Wo %s", BLOCK_AT(proj));
    block_arrow(c, t);
    pieces_add(t, STYLE_NORMAL, SAY(c, "+ residual %s", "+ 残差 %s"), BLOCK_AT(resid));
    block_arrow(c, t);
    pieces_add(t, STYLE_NORMAL, "LN₂ %s", BLOCK_AT(ln2_out));
    block_arrow(c, t);
    pieces_add(t, STYLE_NORMAL, "MLP %s", BLOCK_AT(mlp_out));
    block_arrow(c, t);
    pieces_add(t, STYLE_BOLD, SAY(c, "output %s", "输出 %s"), BLOCK_AT(output));
#undef BLOCK_AT
}

/* The line that says where the numbers after the heads are checked. */
static void build_pytorch(const ViewCtx *c, Pieces *t)
{
    if (c->numbers)
        pieces_sep(t, c->gl->sep);
    else
        pieces_words(t, STYLE_NORMAL, SAY(c, "LN₁: mean, variance, √(σ² + 1e-5), gain γ, bias β · ",
                                             "LN₁：均值、方差、√(σ² + 1e-5)、增益 γ、偏置 β · "));
    pieces_words(t, STYLE_DIM, SAY(c, "Wo, the residual, LN₂ and the MLP: checked against PyTorch (--export python)",
                                      "Wo、残差、LN₂、MLP：已和 PyTorch 核对（--export python）"));
}

/* The block in a line or two, its heading in front: "layer 1 of 2: x [12, 32] → LN₁ → …". */
static void build_terse(const ViewCtx *c, Pieces *t)
{
    const Trace *tr = c->tr;
    char sh[32], qkv[32], dh[32];
    block_shape(c, sh, sizeof sh, tr->d, "d");
    block_shape(c, qkv, sizeof qkv, 3 * tr->d, "3d");
    block_shape(c, dh, sizeof dh, tr->dh, "dₕ");
    pieces_add(t, STYLE_BOLD, SAY(c, "layer %d of %d: ", "第 %d 层（共 %d 层）："), tr->layer + 1,
               c->ls->poem.layers);
    pieces_add(t, STYLE_NORMAL, "x %s", sh);
    block_arrow(c, t);
    pieces_add(t, STYLE_NORMAL, "LN₁");
    block_arrow(c, t);
    pieces_add(t, STYLE_NORMAL, "Q K V %s", qkv);
    block_arrow(c, t);
    if (c->numbers)
        pieces_add(t, STYLE_NORMAL, SAY(c, "%d heads %s, ", "%d 个头 %s，"), tr->heads, dh);
    else
        pieces_add(t, STYLE_NORMAL, SAY(c, "the heads %s, ", "几个头 %s，"), dh);
    pieces_add(t, STYLE_BOLD, SAY(c, "head %d: ", "头 %d："), ui_head_shown(c->ui, tr) + 1);
    for (int s = 0; s < STAGE_COUNT; s++) {
        pieces_glue(t, s == (int)c->stage ? STYLE_STAGE_LIT : STYLE_NORMAL, "%s", stage_info((Stage)s)->glyph);
        if (s + 1 < STAGE_COUNT)
            pieces_glue(t, STYLE_DIM, "%s", c->gl->arrow);
    }
    static const char *const after_en[] = { "concat", "Wo", "+ residual", "LN₂", "MLP", "+ residual" };
    static const char *const after_zh[] = { "拼接", "Wo", "+ 残差", "LN₂", "MLP", "+ 残差" };
    for (size_t i = 0; i < sizeof after_en / sizeof after_en[0]; i++) {
        block_arrow(c, t);
        pieces_add(t, STYLE_NORMAL, "%s", SAY(c, after_en[i], after_zh[i]));
    }
    block_arrow(c, t);
    pieces_add(t, STYLE_BOLD, SAY(c, "output %s", "输出 %s"), sh);
}

/* The block's text at level. */
static void build_block(const ViewCtx *c, MachineBlockLevel level, Pieces *t)
{
    pieces_init(t, 2);
    if (level == MACHINE_BLOCK_TERSE) {
        build_terse(c, t);
        return;
    }
    build_into_heads(c, t);
    pieces_add(t, STYLE_NORMAL, PIECES_BREAK);
    build_heads(c, t);
    pieces_add(t, STYLE_NORMAL, PIECES_BREAK);
    build_after_heads(c, t);
    if (level != MACHINE_BLOCK_FULL)
        return;
    pieces_add(t, STYLE_NORMAL, PIECES_BREAK);
    if (c->numbers) {
        build_norm_check(c, t);
        pieces_add(t, STYLE_NORMAL, PIECES_BREAK);
        build_after_values(c, t);
    }
    build_pytorch(c, t);
}

/* ---------------------------------------------------------------- fit */

void machine_block_layout(const ViewCtx *c, MachineBlock *b)
{
    b->level = MACHINE_BLOCK_NONE;
    b->heading[0] = '\0';
    b->lines = b->rows = 0;
    if (!c->tr->layered || !c->ls->has_poem || c->tr->layer >= c->ls->poem.layers)
        return;
    char sh[32];
    block_shape(c, sh, sizeof sh, c->tr->d, "d");
    snprintf(b->heading, sizeof b->heading,
             SAY(c, "layer %d of %d: %s in, %s out", "第 %d 层（共 %d 层）：进去 %s，出来 %s"),
             c->tr->layer + 1, c->ls->poem.layers, sh, sh);
    int w = c->body.w - 2, room = c->body.h - MACHINE_BLOCK_PANEL_ROWS;
    for (int level = MACHINE_BLOCK_FULL; level <= MACHINE_BLOCK_TERSE; level++) {
        build_block(c, (MachineBlockLevel)level, &b->text);
        b->lines = pieces_lines(&b->text, w);
        int heading = level == MACHINE_BLOCK_TERSE ? 0 : 1;
        int rows = heading + b->lines + (room - heading - b->lines >= 2 ? 1 : 0);
        if (rows <= room) {
            b->level = (MachineBlockLevel)level;
            b->rows = rows;
            return;
        }
    }
    b->level = MACHINE_BLOCK_NOTE;   /* the stage panel alone, under one line */
    pieces_init(&b->text, 2);
    pieces_words(&b->text, STYLE_DIM, SAY(c, "the layer's block needs 120×40; below, the chosen head:",
                                          "这一层的结构图要 120×40 才放得下；下面是选中的头："));
    b->lines = 1;
    b->rows = 1;
}

void machine_block_draw(const ViewCtx *c, const MachineBlock *b)
{
    int x = c->body.x + 1, w = c->body.w - 2, y = c->body.y;
    if (b->level == MACHINE_BLOCK_NONE)
        return;
    if (b->level == MACHINE_BLOCK_NOTE || b->level == MACHINE_BLOCK_TERSE) {
        pieces_draw(c, &b->text, x, y, w, b->lines);
        return;
    }
    draw_rule_heading(c->g, c->gl, x, y, w, b->heading);
    pieces_draw(c, &b->text, x, y + 1, w, b->lines);
}
