/* view_scale.c — station 3's real model: the demo's 192 trainable numbers against a real
 * model's Wq, Wk and Wv, its 28 query heads sharing 4 groups of K and V (GQA), and what that
 * saves: the K/V cache at a text length the arrows change. Every figure is derived on screen
 * from the shapes (the multiplication shown); with numbers hidden, bars keep the proportions.
 * Owns: the view's layout, its keys and its row of the view table.
 * Must not touch: ncurses, the clock, the arithmetic (realmodel.h and sqrtd.h compute). */
#include <inttypes.h>
#include <stdio.h>
#include <string.h>
#include "draw.h"
#include "format.h"
#include "realmodel.h"
#include "sqrtd.h"
#include "view.h"

#define SCALE_MAX_ROWS 32   /* rows a layout can list */
#define LABEL_W 13          /* columns of a row's label ("  K, V heads") and a gap */
#define LABEL_W_COMPACT 11  /* the same without the indent of a row under another */
#define COMPACT_BELOW 78    /* narrower than this, rows take their shorter forms */

/* ---------------------------------------------------------------- its state and actions */

/* What the view keeps of its own. */
typedef struct {
    int context;   /* index of the text length in realmodel's list (fresh: the first) */
} ScaleState;

/* The view's own actions (view.h: ViewAction). */
#define SCALE_ACTIONS(X)                               \
    X(CONTEXT_UP, "a longer text", "更长的文本")        \
    X(CONTEXT_DOWN, "a shorter text", "更短的文本")

VIEW_ACTIONS_DEFINE(ScaleAction, SCALE_ACTION_BASE, scale_actions, SCALE_ACTIONS);

/* The text length shown: an index into realmodel's list, clamped. */
static int context_shown(const ViewCtx *c)
{
    const ScaleState *st = c->state;
    int i = st->context;
    return i < 0 ? 0 : i >= REALMODEL_CONTEXT_COUNT ? REALMODEL_CONTEXT_COUNT - 1 : i;
}

/* ---------------------------------------------------------------- layout */

/* What one row of the body shows. */
typedef enum {
    ROW_BLANK = 0,      /* nothing */
    ROW_HEAD_PARAMS,    /* "── trainable numbers of Wq, Wk, Wv ──" */
    ROW_DEMO,           /* the demo: 3 × 8 × 8 = 192 */
    ROW_MATRIX,         /* the real Wq, Wk or Wv (`which`): rows × columns = numbers, a bar */
    ROW_TOTAL,          /* Wq + Wk + Wv = … = 16515072 = 86016 × the demo */
    ROW_HEAD_HEADS,     /* "── heads: … GQA ──" */
    ROW_Q_HEADS,        /* 28 × 128 = 3584 and a block per query head, in groups */
    ROW_KV_HEADS,       /* 512 / 128 = 4 and a block per shared K/V head */
    ROW_GROUPS,         /* each K and V serves 28 / 4 = 7 query heads */
    ROW_SQRT,           /* √128 = 11.313708 (the demo: √8 = 2.828427) */
    ROW_HEAD_CACHE,     /* "── the K/V cache ──" */
    ROW_PER_TOKEN,      /* numbers kept per token per layer, with (`which` 1) or without GQA */
    ROW_CONTEXT,        /* the text length and its slider */
    ROW_CACHE,          /* the cache at that length, with (`which` 1) or without GQA, a bar */
    ROW_LAYERS,         /* the same for Qwen2-7B's 28 layers */
    ROW_SAVED           /* the lesson: what is saved is the most expensive part of long texts */
} RowKind;

typedef struct {
    RowKind kind;   /* what the row shows */
    int which;      /* ROW_MATRIX: 0 Wq, 1 Wk, 2 Wv; ROW_PER_TOKEN, ROW_CACHE: 1 with GQA */
    int priority;   /* 1: always; higher numbers are left out first when rows are short */
} ScaleRow;

typedef struct {
    ScaleRow rows[SCALE_MAX_ROWS];  /* what each row shows, top down */
    int n;                          /* rows listed */
    int top;                        /* body row of the first */
    int x;                          /* left column */
    int w;                          /* columns it may use */
    bool compact;                   /* narrow: labels not indented, figures in short forms */
    int label_w;                    /* columns of the label column */
} ScaleLayout;

static void add_row(ScaleLayout *L, RowKind kind, int which, int priority)
{
    if (L->n < SCALE_MAX_ROWS)
        L->rows[L->n++] = (ScaleRow){ kind, which, priority };
}

/* Every row the view could show, with its priority; rows of figures only when numbers are. */
static void list_rows(const ViewCtx *c, ScaleLayout *L)
{
    bool nums = c->numbers;
    add_row(L, ROW_HEAD_PARAMS, 0, 1);
    add_row(L, ROW_BLANK, 0, 6);
    add_row(L, ROW_DEMO, 0, 1);
    for (int m = 0; m < 3; m++)
        add_row(L, ROW_MATRIX, m, 1);
    if (nums)
        add_row(L, ROW_TOTAL, 0, 1);
    add_row(L, ROW_BLANK, 0, 5);
    add_row(L, ROW_HEAD_HEADS, 0, 3);
    add_row(L, ROW_BLANK, 0, 6);
    add_row(L, ROW_Q_HEADS, 0, 1);
    add_row(L, ROW_KV_HEADS, 0, 1);
    add_row(L, ROW_GROUPS, 0, 3);
    if (nums)
        add_row(L, ROW_SQRT, 0, 2);
    add_row(L, ROW_BLANK, 0, 5);
    add_row(L, ROW_HEAD_CACHE, 0, 1);
    add_row(L, ROW_BLANK, 0, 6);
    add_row(L, ROW_PER_TOKEN, 1, 2);
    add_row(L, ROW_PER_TOKEN, 0, 2);
    add_row(L, ROW_CONTEXT, 0, 1);
    add_row(L, ROW_CACHE, 1, 1);
    add_row(L, ROW_CACHE, 0, 1);
    if (nums)
        add_row(L, ROW_LAYERS, 0, 4);
    add_row(L, ROW_BLANK, 0, 6);
    add_row(L, ROW_SAVED, 0, 3);
}

/* Leaves out the rows of the lowest priority until the rest fit, centred in the height. */
static void scale_layout(const ViewCtx *c, ScaleLayout *L)
{
    memset(L, 0, sizeof *L);
    list_rows(c, L);
    int h = c->body.h, priority[SCALE_MAX_ROWS], kept[SCALE_MAX_ROWS];
    for (int r = 0; r < L->n; r++)
        priority[r] = L->rows[r].priority;
    int n = draw_fit_rows(priority, L->n, h, kept);
    for (int i = 0; i < n; i++)
        L->rows[i] = L->rows[kept[i]];
    L->n = n;
    L->top = c->body.y + (h - L->n) / 2;
    L->w = c->body.w - 2 < 110 ? c->body.w - 2 : 110;
    L->x = c->body.x + (c->body.w - L->w) / 2;
    L->compact = L->w < COMPACT_BELOW;
    L->label_w = L->compact ? LABEL_W_COMPACT : LABEL_W;
}

/* ---------------------------------------------------------------- pieces */

/* A bar of n full blocks from x (never past limit); 0 cells but a positive size: a speck. */
static int put_bar(const ViewCtx *c, int x, int y, int limit, int n, bool speck, Style st)
{
    if (n <= 0 && speck)
        return grid_put_text(c->g, x, y, c->gl->dot, st);
    int k = 0;
    for (; k < n && x + k < limit; k++)
        grid_put_text(c->g, x + k, y, c->gl->shades[4], st);
    return k;
}

/* Cells of a bar for part of whole, when whole takes `full` cells (at least one for any
 * part above zero that has room). */
static int bar_cells(int64_t part, int64_t whole, int full)
{
    if (whole <= 0 || full <= 0)
        return 0;
    int n = (int)((part * full + whole / 2) / whole);
    return n < 1 && part > 0 && part * full * 4 >= whole ? 1 : n;
}

/* The column labels start at: one in from the left, none when compact. */
static int label_x(const ScaleLayout *L)
{
    return L->x + (L->compact ? 0 : 1);
}

/* The label of a row in its column (its indent dropped when compact); returns the column
 * after it. */
static int put_label(const ViewCtx *c, const ScaleLayout *L, int y, const char *text, Style st)
{
    while (L->compact && *text == ' ')
        text++;
    draw_clipped(c->g, label_x(L), y, L->x + L->w, text, st);
    return label_x(L) + L->label_w;
}

/* Draws the long form of a text at x when it fits before limit, else the short one
 * (clipped). Returns the columns drawn. */
static int put_fitting(const ViewCtx *c, int x, int y, int limit, const char *long_form,
                       const char *short_form, Style st)
{
    const char *text = x + text_width(long_form) <= limit ? long_form : short_form;
    return draw_clipped(c->g, x, y, limit, text, st);
}

/* ---------------------------------------------------------------- parameters */

static void draw_demo(const ViewCtx *c, const ScaleLayout *L, int y, int bar_x)
{
    RealModel demo = realmodel_demo(), real = realmodel_real();
    int limit = L->x + L->w;
    int x = put_label(c, L, y, SAY(c, "the demo", "演示"), STYLE_BOLD);
    if (c->numbers) {
        char buf[160];
        snprintf(buf, sizeof buf, "3 %s %" PRId64 " %s %" PRId64 " = %" PRId64, c->gl->times,
                 demo.d_model, c->gl->times, realmodel_q_width(&demo), realmodel_qkv_params(&demo));
        x += draw_clipped(c->g, x, y, limit, buf, STYLE_NORMAL);
    }
    int bx = bar_x > x ? bar_x : x + 1;
    bx += put_bar(c, bx, y, limit, bar_cells(realmodel_qkv_params(&demo), realmodel_wq_params(&real),
                                             limit - bar_x), true, STYLE_POSITIVE);
    const char *speck = SAY(c, "a speck beside a real model", "和真实模型比只是一个小点");
    if (bx + 2 + text_width(speck) <= limit)
        grid_put_text(c->g, bx + 2, y, speck, STYLE_DIM);
}

/* "Wq  3584 × 3584 = 12 845 056  ████████" */
static void draw_matrix(const ViewCtx *c, const ScaleLayout *L, int y, int m, int bar_x)
{
    RealModel real = realmodel_real();
    static const char *const names[3] = { "Wq", "Wk", "Wv" };
    int64_t cols = m == 0 ? realmodel_q_width(&real) : realmodel_kv_width(&real);
    int64_t params = m == 0 ? realmodel_wq_params(&real)
                   : m == 1 ? realmodel_wk_params(&real) : realmodel_wv_params(&real);
    char label[32];
    snprintf(label, sizeof label, "  %s", names[m]);
    int x = put_label(c, L, y, label, STYLE_BOLD);
    if (c->numbers) {
        char buf[128], n[FORMAT_BYTES];
        snprintf(buf, sizeof buf, "%" PRId64 " %s %-4" PRId64 " = %10s", real.d_model,
                 c->gl->times, cols, format_grouped(n, sizeof n, params));
        draw_clipped(c->g, x, y, L->x + L->w, buf, STYLE_NORMAL);
    }
    int limit = L->x + L->w;
    put_bar(c, bar_x, y, limit, bar_cells(cols, realmodel_q_width(&real), limit - bar_x), true,
            m == 0 ? STYLE_SERIES_B : STYLE_SERIES_A);
}

/* "Wq + Wk + Wv = 12 845 056 + 2 × 1 835 008 = 16 515 072 = 86 016 × the demo's 192" */
static void draw_total(const ViewCtx *c, const ScaleLayout *L, int y)
{
    RealModel real = realmodel_real(), demo = realmodel_demo();
    char buf[192];
    int limit = L->x + L->w;
    int x = put_label(c, L, y, SAY(c, "  all three", "  三张合计"), STYLE_BOLD);
    char a[FORMAT_BYTES], b[FORMAT_BYTES], s[FORMAT_BYTES];
    snprintf(buf, sizeof buf, "%s + 2 %s %s = %s", format_grouped(a, sizeof a, realmodel_wq_params(&real)),
             c->gl->times, format_grouped(b, sizeof b, realmodel_wk_params(&real)),
             format_grouped(s, sizeof s, realmodel_qkv_params(&real)));
    x += draw_clipped(c->g, x, y, limit, buf, STYLE_BOLD);
    if (c->lang == LANG_ZH) {   /* a Chinese reader's figure: （约 1652 万） */
        char wan[FORMAT_BYTES], said[FORMAT_BYTES + 8];
        snprintf(said, sizeof said, "（%s）", format_wan(wan, sizeof wan, realmodel_qkv_params(&real)));
        if (x + text_width(said) <= limit)
            x += grid_put_text(c->g, x, y, said, STYLE_BOLD);
    }
    snprintf(buf, sizeof buf, " = %s %s %" PRId64, format_grouped(a, sizeof a, realmodel_times_demo(&real, &demo)),
             c->gl->times, realmodel_qkv_params(&demo));
    if (x + text_width(buf) <= limit)
        grid_put_text(c->g, x, y, buf, STYLE_DIM);
}

/* The first row of the parameters' bars: after the longest figures, when they fit. */
static int params_bar_x(const ViewCtx *c, const ScaleLayout *L)
{
    int x = label_x(L) + L->label_w;
    if (c->numbers)
        x += text_width("3584 × 512  = 12 845 056") + 2;
    int room = L->x + L->w - x;
    return room >= 8 ? x : L->x + L->w - 8;
}

/* ---------------------------------------------------------------- heads */

/* One block per head: query heads in their groups, or one K/V head under each group. */
static void put_heads(const ViewCtx *c, int x, int y, int limit, bool query)
{
    RealModel real = realmodel_real();
    int64_t groups = realmodel_groups(&real), per = realmodel_heads_per_group(&real);
    const char *block = c->ascii ? (query ? "q" : "#") : "▮";
    for (int64_t g = 0; g < groups; g++) {
        int gx = x + (int)(g * (per + 1));
        if (gx + per > limit)
            return;
        if (query) {
            for (int64_t h = 0; h < per; h++)
                grid_put_text(c->g, gx + (int)h, y, block, STYLE_SERIES_B);
        } else {
            grid_put_text(c->g, gx + (int)(per / 2), y, block, STYLE_SERIES_A);
        }
    }
}

/* Columns the head blocks take: a block per query head and a gap between groups. */
static int heads_width(void)
{
    RealModel real = realmodel_real();
    return (int)(realmodel_groups(&real) * (realmodel_heads_per_group(&real) + 1)) - 1;
}

static void draw_heads_row(const ViewCtx *c, const ScaleLayout *L, int y, bool query)
{
    RealModel real = realmodel_real();
    char buf[160];
    int x = put_label(c, L, y, query ? SAY(c, "  Q heads", "  Q 的头") : SAY(c, "  K, V heads", "  K、V 的头"),
                      STYLE_BOLD);
    int limit = L->x + L->w;
    put_heads(c, x, y, limit, query);
    if (!c->numbers) {
        draw_clipped(c->g, x + heads_width() + 1, y, limit,
                     query ? SAY(c, "one per query head", "每个查询头一个")
                           : SAY(c, "shared, one per group", "共用，每组一个"), STYLE_DIM);
        return;
    }
    if (query)
        snprintf(buf, sizeof buf, "%" PRId64 " %s %" PRId64 " = %" PRId64, real.n_heads, c->gl->times,
                 real.head_width, realmodel_q_width(&real));
    else
        snprintf(buf, sizeof buf, "%" PRId64 " / %" PRId64 " = %" PRId64, realmodel_kv_width(&real),
                 real.head_width, realmodel_groups(&real));
    x += heads_width() + 1;
    x += draw_clipped(c->g, x, y, limit, buf, STYLE_NORMAL);
    const char *what = query ? SAY(c, " (Wq's columns)", "（Wq 的列数）")
                             : SAY(c, " (Wk's columns / 128)", "（Wk 的列数 / 128）");
    if (x + text_width(what) <= limit)
        grid_put_text(c->g, x, y, what, STYLE_DIM);
}

static void draw_groups(const ViewCtx *c, const ScaleLayout *L, int y)
{
    RealModel real = realmodel_real();
    char buf[192], brief[160];
    if (c->numbers)
        snprintf(brief, sizeof brief, SAY(c, "each K, V serves %" PRId64 " / %" PRId64 " = %" PRId64
                                             " query heads",
                                          "每组 K、V 给 %" PRId64 " / %" PRId64 " = %" PRId64 " 个查询头共用"),
                 real.n_heads, realmodel_groups(&real), realmodel_heads_per_group(&real));
    else
        snprintf(brief, sizeof brief, "%s", SAY(c, "a group of query heads shares one K and one V",
                                                "一组查询头共用一份 K、V"));
    snprintf(buf, sizeof buf, "%s%s", brief, SAY(c, " (grouped-query attention)", "：分组查询注意力"));
    put_fitting(c, label_x(L) + L->label_w, y, L->x + L->w, buf, brief, STYLE_DIM);
}

/* "÷√d, d = one head's width: √128 = 11.313708 (the demo: √8 = 2.828427)" */
static void draw_sqrt(const ViewCtx *c, const ScaleLayout *L, int y)
{
    RealModel real = realmodel_real(), demo = realmodel_demo();
    char big[FORMAT_BYTES], small[FORMAT_BYTES], buf[192], brief[128];
    format_fixed(big, sizeof big, sqrtd_root((int)real.head_width), 6);
    format_fixed(small, sizeof small, sqrtd_root((int)demo.head_width), 6);
    int x = put_label(c, L, y, c->ascii ? "  /sqrt(d)" : "  ÷√d", STYLE_BOLD);
    char root_big[32], root_small[32];
    snprintf(root_big, sizeof root_big, c->ascii ? "sqrt(%" PRId64 ")" : "√%" PRId64, real.head_width);
    snprintf(root_small, sizeof root_small, c->ascii ? "sqrt(%" PRId64 ")" : "√%" PRId64, demo.head_width);
    snprintf(buf, sizeof buf, SAY(c, "d = a head's width: %s = %s (the demo: %s = %s)",
                                  "d 是每个头的宽度：%s = %s（演示：%s = %s）"),
             root_big, big, root_small, small);
    snprintf(brief, sizeof brief, SAY(c, "%s = %s (demo: %s = %s)", "%s = %s（演示：%s = %s）"),
             root_big, big, root_small, small);
    put_fitting(c, x, y, L->x + L->w, buf, brief, STYLE_NORMAL);
}

/* ---------------------------------------------------------------- the cache */

/* "with GQA   2 × 512 = 1024 a token  ███" (and, without GQA, how many times more). */
static void draw_per_token(const ViewCtx *c, const ScaleLayout *L, int y, bool gqa)
{
    RealModel real = realmodel_real();
    char ratio[96] = "";
    int limit = L->x + L->w;
    int x = put_label(c, L, y, gqa ? SAY(c, "  with GQA", "  用 GQA") : SAY(c, "  without", "  不用 GQA"),
                      STYLE_BOLD);
    int64_t width = gqa ? realmodel_kv_width(&real) : realmodel_q_width(&real);
    int64_t per = realmodel_kv_per_token(&real, gqa);
    if (c->numbers) {
        char buf[160];
        snprintf(buf, sizeof buf, "2 %s %-4" PRId64 " = %4" PRId64, c->gl->times, width, per);
        x += draw_clipped(c->g, x, y, limit, buf, STYLE_NORMAL) + 2;
        if (!gqa)
            snprintf(ratio, sizeof ratio, " = %" PRId64 " %s %" PRId64, realmodel_kv_saving(&real),
                     c->gl->times, realmodel_kv_per_token(&real, true));
    }
    int full = limit - x - (c->numbers ? 12 : 0);
    int n = put_bar(c, x, y, limit, bar_cells(per, realmodel_kv_per_token(&real, false), full > 28 ? 28 : full),
                    true, gqa ? STYLE_SERIES_A : STYLE_SERIES_B);
    if (ratio[0] && x + n + text_width(ratio) <= limit)
        grid_put_text(c->g, x + n, y, ratio, STYLE_DIM);
}

/* "text length  ←/→  1K 2K [4K] 8K … 128K  = 4096 tokens" (or a slider without numbers). */
static void draw_context(const ViewCtx *c, const ScaleLayout *L, int y)
{
    int idx = context_shown(c), limit = L->x + L->w;
    const char *label = SAY(c, "text length", "文本长度");
    int x = put_label(c, L, y, label, STYLE_BOLD);
    if (x < label_x(L) + text_width(label) + 1)
        x = label_x(L) + text_width(label) + 1;
    char keys[32], shown[32], buf[64];
    snprintf(keys, sizeof keys, "%s/%s", action_key_label_in(c->keys, VIEW_OWN(CONTEXT_DOWN)),
             action_key_label_in(c->keys, VIEW_OWN(CONTEXT_UP)));
    draw_drawable(c->ascii, keys, shown, sizeof shown);
    for (int i = 0; i < REALMODEL_CONTEXT_COUNT; i++) {
        bool here = i == idx;
        if (c->numbers) {
            snprintf(buf, sizeof buf, here ? "[%" PRId64 "K]" : " %" PRId64 "K ",
                     realmodel_in_k(realmodel_context_at(i)));
        } else {
            snprintf(buf, sizeof buf, "%s", here ? c->gl->packet : c->gl->dot);
        }
        x += draw_clipped(c->g, x, y, limit, buf, here ? STYLE_STAGE_LIT : STYLE_DIM);
        if (!c->numbers && i + 1 < REALMODEL_CONTEXT_COUNT)
            x += draw_clipped(c->g, x, y, limit, c->gl->rule, STYLE_DIM);
    }
    if (c->numbers) {
        char count[FORMAT_BYTES], brief[48];
        format_grouped(count, sizeof count, realmodel_context_at(idx));   /* 131 072, as 86 016 */
        snprintf(buf, sizeof buf, SAY(c, " = %s tokens", " = %s 个字"), count);
        snprintf(brief, sizeof brief, " = %s", count);
        x += put_fitting(c, x, y, limit, buf, brief, STYLE_BOLD);
    }
    if (x + 2 + text_width(shown) <= limit)
        grid_put_text(c->g, x + 2, y, shown, STYLE_DIM);
}

/* "with GQA   4096 × 1024 × 2 B = 8 388 608 B = 8 MiB  █" */
static void draw_cache(const ViewCtx *c, const ScaleLayout *L, int y, bool gqa, int bar_x)
{
    RealModel real = realmodel_real();
    int64_t tokens = realmodel_context_at(context_shown(c));
    int64_t bytes = realmodel_kv_cache_bytes(&real, tokens, gqa);
    int64_t most = realmodel_kv_cache_bytes(&real, realmodel_context_at(REALMODEL_CONTEXT_COUNT - 1), false);
    int x = put_label(c, L, y, gqa ? SAY(c, "  with GQA", "  用 GQA") : SAY(c, "  without", "  不用 GQA"),
                      STYLE_BOLD);
    if (c->numbers) {
        char buf[192], count[FORMAT_BYTES];
        snprintf(buf, sizeof buf, "%7s %s %4" PRId64 " %s %d B = ", format_grouped(count, sizeof count, tokens),
                 c->gl->times, realmodel_kv_per_token(&real, gqa), c->gl->times, REALMODEL_BYTES_PER_NUMBER);
        if (!L->compact) {
            char n[FORMAT_BYTES];
            draw_append(buf, sizeof buf, "%13s B = ", format_grouped(n, sizeof n, bytes));
        }
        draw_append(buf, sizeof buf, "%4" PRId64 " MiB", realmodel_in_mib(bytes));
        draw_clipped(c->g, x, y, L->x + L->w, buf, STYLE_NORMAL);
    }
    int limit = L->x + L->w;
    put_bar(c, bar_x, y, limit, bar_cells(bytes, most, limit - bar_x), true,
            gqa ? STYLE_SERIES_A : STYLE_SERIES_B);
}

/* Where the cache bars start: after the longest figures, when they leave room. */
static int cache_bar_x(const ViewCtx *c, const ScaleLayout *L)
{
    int x = label_x(L) + L->label_w;
    if (c->numbers)
        x += text_width(L->compact ? "131 072 × 7168 × 2 B = 1792 MiB"
                                   : "131 072 × 7168 × 2 B = 1 879 048 192 B = 1792 MiB") + 2;
    int room = L->x + L->w - x;
    return room >= 8 ? x : L->x + L->w - 8;
}

/* "a whole model of 28 layers (Qwen2-7B's count, not the lesson's): 224 MiB against 1568 MiB" */
static void draw_layers(const ViewCtx *c, const ScaleLayout *L, int y)
{
    RealModel real = realmodel_real();
    int64_t tokens = realmodel_context_at(context_shown(c));
    int64_t with = realmodel_kv_cache_bytes_layers(&real, tokens, true, REALMODEL_QWEN2_7B_LAYERS);
    int64_t without = realmodel_kv_cache_bytes_layers(&real, tokens, false, REALMODEL_QWEN2_7B_LAYERS);
    char buf[256], brief[160], a[FORMAT_BYTES], b[FORMAT_BYTES];
    format_grouped(a, sizeof a, realmodel_in_mib(with));       /* 50 176 MiB, as 86 016 */
    format_grouped(b, sizeof b, realmodel_in_mib(without));
    snprintf(brief, sizeof brief, SAY(c, "%d layers (Qwen2-7B): %s MiB against %s MiB",
                                      "%d 层（Qwen2-7B）：%s MiB 对比 %s MiB"), REALMODEL_QWEN2_7B_LAYERS, a, b);
    snprintf(buf, sizeof buf, SAY(c, "%d layers (Qwen2-7B's; the lesson gives none): %s MiB against %s MiB",
                                  "%d 层（Qwen2-7B 的层数，课文未给出）：%s MiB 对比 %s MiB"),
             REALMODEL_QWEN2_7B_LAYERS, a, b);
    put_fitting(c, label_x(L) + L->label_w, y, L->x + L->w, buf, brief, STYLE_DIM);
}

static void draw_saved(const ViewCtx *c, const ScaleLayout *L, int y)
{
    draw_clipped(c->g, L->x + 1, y, L->x + L->w,
                 SAY(c, "What GQA saves is the most expensive part of long texts.",
                     "Wk、Wv 比 Wq 窄：省下来的正是「长文本最贵的那部分」。"), STYLE_NORMAL);
}

/* ---------------------------------------------------------------- the view */

static void draw_heading(const ViewCtx *c, const ScaleLayout *L, int y, const char *title)
{
    char shown[256];
    draw_drawable(c->ascii, title, shown, sizeof shown);
    draw_rule_heading(c->g, c->gl, L->x, y, L->w, shown);
}

static void draw_row(const ViewCtx *c, const ScaleLayout *L, const ScaleRow *row, int y)
{
    char buf[160];
    switch (row->kind) {
    case ROW_BLANK:       break;
    case ROW_HEAD_PARAMS:
        draw_heading(c, L, y, SAY(c, "Wq, Wk, Wv: the demo against a real model",
                                  "Wq、Wk、Wv：演示模型对比真实模型"));
        break;
    case ROW_DEMO:        draw_demo(c, L, y, params_bar_x(c, L)); break;
    case ROW_MATRIX:      draw_matrix(c, L, y, row->which, params_bar_x(c, L)); break;
    case ROW_TOTAL:       draw_total(c, L, y); break;
    case ROW_HEAD_HEADS:
        draw_heading(c, L, y, SAY(c, "heads, and K and V shared by groups (GQA)", "多个头，K、V 分组共用（GQA）"));
        break;
    case ROW_Q_HEADS:     draw_heads_row(c, L, y, true); break;
    case ROW_KV_HEADS:    draw_heads_row(c, L, y, false); break;
    case ROW_GROUPS:      draw_groups(c, L, y); break;
    case ROW_SQRT:        draw_sqrt(c, L, y); break;
    case ROW_HEAD_CACHE:
        if (c->numbers)
            snprintf(buf, sizeof buf, SAY(c, "the K/V cache: per token, per layer, %d bytes a number",
                                          "KV 缓存：每个字、每一层都要存，每个数 %d 字节"),
                     REALMODEL_BYTES_PER_NUMBER);
        else
            snprintf(buf, sizeof buf, "%s", SAY(c, "the K/V cache: per token, per layer",
                                                "KV 缓存：每个字、每一层都要存"));
        draw_heading(c, L, y, buf);
        break;
    case ROW_PER_TOKEN:   draw_per_token(c, L, y, row->which == 1); break;
    case ROW_CONTEXT:     draw_context(c, L, y); break;
    case ROW_CACHE:       draw_cache(c, L, y, row->which == 1, cache_bar_x(c, L)); break;
    case ROW_LAYERS:      draw_layers(c, L, y); break;
    case ROW_SAVED:       draw_saved(c, L, y); break;
    }
}

static void scale_view_draw(const ViewCtx *c)
{
    ScaleLayout L;
    scale_layout(c, &L);
    for (int r = 0; r < L.n; r++)
        draw_row(c, &L, &L.rows[r], L.top + r);
}

static int scale_act(void *state, const ViewCall *call, Action a, int arg)
{
    (void)call; (void)arg;
    ScaleState *st = state;
    if ((int)a < ACTION_VIEW_FIRST)
        return -1;
    switch ((ScaleAction)a) {
    case SCALE_ACTION_BASE:
        break;
    case ACTION_CONTEXT_UP:
        st->context += st->context + 1 < REALMODEL_CONTEXT_COUNT ? 1 : 0;
        return REACT_REDRAW;
    case ACTION_CONTEXT_DOWN:
        st->context -= st->context > 0 ? 1 : 0;
        return REACT_REDRAW;
    }
    return -1;
}

/* The cursor is the text length: col its index in realmodel's list (row is unused). */
static int scale_set_cursor(void *state, const ViewCall *call, int row, int col)
{
    (void)call; (void)row;
    ScaleState *st = state;
    st->context = col < 0 ? 0 : col >= REALMODEL_CONTEXT_COUNT ? REALMODEL_CONTEXT_COUNT - 1 : col;
    return REACT_REDRAW;
}

/* The arrows change the text length (nothing here steps through stages). */
static const KeyBinding scale_keys[] = {
    { KEYCODE_RIGHT, VIEW_OWN(CONTEXT_UP),   0, "→", true  },
    { KEYCODE_LEFT,  VIEW_OWN(CONTEXT_DOWN), 0, "←", true  },
    { KEYCODE_UP,    VIEW_OWN(CONTEXT_UP),   0, "↑", false },
    { KEYCODE_DOWN,  VIEW_OWN(CONTEXT_DOWN), 0, "↓", false },
    { 0,             ACTION_NONE,         0, NULL, false },
};

static const ViewHint scale_hints[] = {
    { { VIEW_OWN(CONTEXT_DOWN), VIEW_OWN(CONTEXT_UP), "text length", "文本长度" }, VIEW_AT_EVERY, false },
    { { ACTION_NONE,         ACTION_NONE,       NULL,          NULL }, VIEW_AT_EVERY, false },
};

/* Shared keys that do nothing here: the help leaves them out. */
static const Action scale_idle[] = { ACTION_FOCUS_N, ACTION_MASK, ACTION_HEADS, ACTION_HEADS_BACK, ACTION_EDIT,
                                     ACTION_SENTENCE_NEXT, ACTION_NONE };

const ViewOps view_scale = {
    .name = "scale",
    .layered_en = "poems: this screen does not depend on the model in play",
    .layered_zh = "唐诗模型：这个画面跟正在播放的模型无关",
    .tab_en = "scale", .tab_zh = "真实规模",
    .title_en = "a real model's sizes", .title_zh = "真实模型有多大",
    .help_en = "the demo's 192 numbers against a real model; what GQA saves",
    .help_zh = "演示的 192 个数对比真实模型；GQA 省下了什么",
    .station_en = "Station 3's real model: the demo's 192 trainable numbers against a real model's millions.\n"
                  "Its 28 heads share 4 groups of K and V (GQA): what that saves is the cache of long texts.",
    .station_zh = "第 3 站的真实模型：演示的 192 个可训练参数，对比真实模型的上千万个。\n"
                  "它的 28 个头共用 4 组 K 和 V（GQA）：省下的是长文本最贵的那部分缓存。",
    .idle = scale_idle,
    .track = TRACK_NONE,
    .stages = false,
    .about = "station 3's real model: 192 numbers against 16 515 072; 28 heads, 4 K/V groups (GQA) and the cache it saves",
    .state_size = sizeof(ScaleState),
    .draw = scale_view_draw,
    .hit = NULL,
    .act = scale_act,
    .set_cursor = scale_set_cursor,
    .keys = scale_keys,
    .hints = scale_hints,
    .actions = scale_actions,
};
