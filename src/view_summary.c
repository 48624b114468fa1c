/* view_summary.c — station 9: the lesson in one screen. Each claim of the lesson's summary
 * (similarity is symmetric and content-only; Q, K, V fix it; scores, ÷√d, softmax, a weighted
 * sum; [T, d] in, [T, d] out) with the sentence's own figures, and the view that shows it: a
 * digit key or a click opens that view. Lessons 7 and 8 come next.
 * Owns: the claims, the view's layout, its keys, clicks and its row of the view table.
 * Must not touch: ncurses, the clock, the engine's arithmetic (it only reads a Trace). */
#include <inttypes.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "draw.h"
#include "format.h"
#include "realmodel.h"
#include "text.h"
#include "view.h"
#include "wrap.h"

#define SUMMARY_MAX_ROWS 48    /* rows a layout can list */
#define DETAIL_LINES 3         /* most lines of one claim's detail */
#define KEY_W 4                /* columns of the key column: "[1] " */

/* ---------------------------------------------------------------- the claims */

struct ClaimWords;   /* what a claim's detail is written with (below) */

/* One claim of the summary and the view that shows it. */
typedef struct {
    ViewId view;            /* where its key and a click go */
    const char *title_en;   /* the claim, English */
    const char *title_zh;   /* the claim, Chinese (the lesson's words) */
    const char *title_ascii;/* the English claim in ASCII, where it has symbols (else NULL) */
    /* Writes its detail (claim_detail): a function beside its row, so they cannot part. */
    void (*detail)(const ViewCtx *c, const struct ClaimWords *w, char *buf, size_t cap);
} Claim;

#define N_CLAIMS ((int)(sizeof claims / sizeof claims[0]))

/* The digits that open each claim's view (key i+1 for claim i), in this view only. */
static const KeyBinding summary_keys[] = {
    { '1', ACTION_VIEW_N, VIEW_SIMILARITY, "1-8", true  },
    { '2', ACTION_VIEW_N, VIEW_LIBRARY,    "2",   false },
    { '3', ACTION_VIEW_N, VIEW_MATRIX,     "3",   false },
    { '4', ACTION_VIEW_N, VIEW_SQRTD,      "4",   false },
    { '5', ACTION_VIEW_N, VIEW_ARCS,       "5",   false },
    { '6', ACTION_VIEW_N, VIEW_MACHINE,    "6",   false },
    { '7', ACTION_VIEW_N, VIEW_CODE,       "7",   false },
    { '8', ACTION_VIEW_N, VIEW_SCALE,      "8",   false },
    { 0,   ACTION_NONE,   0,               NULL,  false },
};

/* The key that opens view, as its own character ("3"), or "" when none does. */
static const char *claim_key(ViewId view)
{
    static const char *const digits[] = { "1", "2", "3", "4", "5", "6", "7", "8", "9" };
    for (int i = 0; summary_keys[i].key != 0; i++)
        if (summary_keys[i].arg == (int)view && summary_keys[i].key >= '1' && summary_keys[i].key <= '9')
            return digits[summary_keys[i].key - '1'];
    return "";
}

/* The pair a claim's figures are about: the focused character and the one it looks at most. */
static void claim_pair(const ViewCtx *c, int *asker, int *answer)
{
    *asker = c->focus;
    *answer = engine_strongest(c->tr, 0, c->focus);
}

/* What every claim's detail is written with. */
typedef struct ClaimWords {
    int a, b;              /* the pair: the focused character and the one it looks at most */
    const char *A, *B;     /* ... as written (c->tok) */
    const char *to;        /* "→" (ASCII "->") */
    const char *dot;       /* the dot product's "·" */
    const char *sqrt_d;    /* "√d" (ASCII "sqrt(d)") */
    bool numbers;          /* figures shown */
    bool zh;               /* in Chinese */
    bool brief;            /* the brief form, a line of an 80-column screen */
} ClaimWords;

/* Claim 1: lesson 4's table: one number for both directions of a pair. */
static void detail_symmetric(const ViewCtx *c, const ClaimWords *w, char *buf, size_t cap)
{
    char x[FORMAT_BYTES];
    format_fixed(x, sizeof x, TRACE_SQ(c->tr, similarity, w->a, w->b), 2);
    if (!w->numbers)
        snprintf(buf, cap, "%s", w->zh ? "第 4 课的表里两个方向是同一个数：分不出谁在问、谁在答"
                                    : "lesson 4's table gives both directions of a pair one number: "
                                      "it cannot tell who asks from who answers");
    else if (w->zh && w->brief)
        snprintf(buf, cap, "第 4 课：「%s」看「%s」 = 「%s」看「%s」 = %s，换一句话也一样", w->A, w->B, w->B, w->A, x);
    else if (w->zh)
        snprintf(buf, cap, "第 4 课的表里「%s」看「%s」和「%s」看「%s」是同一个数 %s：分不出谁在问、"
                           "谁在答；而且每一行都不随句子变化", w->A, w->B, w->B, w->A, x);
    else if (w->brief)
        snprintf(buf, cap, "lesson 4's similarity: %s%s%s = %s%s%s = %s, in any sentence", w->A, w->to, w->B, w->B, w->to, w->A, x);
    else
        snprintf(buf, cap, "lesson 4's table gives %s%s%s and %s%s%s one number, %s: it cannot tell "
                           "who asks from who answers, and a row is the same in any sentence",
                 w->A, w->to, w->B, w->B, w->to, w->A, x);
}

/* Claim 2: Q, K, V: the three roles of one vector. */
static void detail_roles(const ViewCtx *c, const ClaimWords *w, char *buf, size_t cap)
{
    if (w->brief)
        snprintf(buf, cap, SAY(c, "Q = x%sWq what I look for, K = x%sWk my name tag, V = x%sWv what I hand over",
                               "Q 我在找什么，K 我挂出的名牌，V 我要交出去的内容"),
                 w->dot, w->dot, w->dot);
    else
        snprintf(buf, cap, SAY(c, "Q = x%sWq what I look for, K = x%sWk my name tag, V = x%sWv what I hand "
                                  "over: one vector times three trainable matrices",
                               "Q = x%sWq 我在找什么，K = x%sWk 我挂出的名牌，V = x%sWv 我要交出去的内容："
                               "同一个 x 乘三张要训练的矩阵"),
                 w->dot, w->dot, w->dot);
}

/* Claim 3: the scores have a direction: a asks b, b asks a. */
static void detail_direction(const ViewCtx *c, const ClaimWords *w, char *buf, size_t cap)
{
    if (w->numbers) {
        char x[FORMAT_BYTES], y[FORMAT_BYTES];
        snprintf(buf, cap, w->brief ? SAY(c, "%s asks %s: %s, %s asks %s: %s",
                                      "「%s」问「%s」得 %s，「%s」问「%s」只有 %s")
                                 : SAY(c, "%s asks %s: %s, %s asks %s: %s; the similarity table can never "
                                          "show that",
                                       "「%s」问「%s」得 %s，「%s」问「%s」只有 %s：相似度表永远给不出这种差别"),
                 w->A, w->B, format_fixed(x, sizeof x, TRACE_SQ(c->tr, scores, w->a, w->b), 2),
                 w->B, w->A, format_fixed(y, sizeof y, TRACE_SQ(c->tr, scores, w->b, w->a), 2));
    } else
        snprintf(buf, cap, SAY(c, "%s asking %s and %s asking %s score differently",
                               "「%s」问「%s」和「%s」问「%s」分数不同"), w->A, w->B, w->B, w->A);
}

/* Claim 4: ÷√d: unscaled, softmax saturates. */
static void detail_scaling(const ViewCtx *c, const ClaimWords *w, char *buf, size_t cap)
{
    if (w->brief)
        snprintf(buf, cap, "%s", SAY(c, "unscaled, softmax saturates: unable to learn",
                                     "不缩放 softmax 会饱和、梯度消失：学不动"));
    else
        snprintf(buf, cap, SAY(c, "a dot product grows like %s; unscaled, softmax saturates and its "
                                  "gradient vanishes: not worse, unable to learn",
                               "点积的量级正比于 %s，不缩放 softmax 会饱和、梯度会消失：不是「效果差一点」，是「学不动」"),
                 w->sqrt_d);
    if (w->numbers) {
        char x[FORMAT_BYTES];
        draw_append(buf, cap, c->ascii ? "%ssqrt(%d) ~ %s" : "%s√%d ≈ %s", w->zh ? "；" : "; ", c->tr->dh,
                    format_fixed(x, sizeof x, c->tr->scale, 6));
    }
}

/* Claim 5: the shares and the output most like a V. */
static void detail_shares(const ViewCtx *c, const ClaimWords *w, char *buf, size_t cap)
{
    double cosine;
    int like = engine_closest_value(c->tr, w->a, &cosine);
    if (!w->numbers) {
        snprintf(buf, cap, SAY(c, "the thicker the line, the bigger the share; %s's output is most like V(%s)",
                               "线越粗，说明那个字被看得越多；「%s」的输出最像 V(%s)"), w->A, c->tok[like]);
        return;
    }
    char x[FORMAT_BYTES], y[FORMAT_BYTES];
    snprintf(buf, cap, w->brief ? SAY(c, "%s gives %s %s; output(%s) is most like V(%s), cosine %s",
                                  "「%s」给「%s」%s；输出(%s) 最像 V(%s)，余弦 %s")
                             : SAY(c, "shares add up to 100%%, in the scores' order: %s gives %s %s, and "
                                      "output(%s) is most like V(%s) (cosine %s)",
                                   "百分比加起来正好 100%%、大小顺序不变：「%s」给「%s」%s，"
                                   "输出(%s) 最像 V(%s)（余弦 %s）"),
             w->A, w->B, format_percent(x, sizeof x, TRACE_SQ(c->tr, weights, w->a, w->b)), w->A, c->tok[like],
             format_fixed(y, sizeof y, cosine, 4));
}

/* Claim 6: [T, d] in, [T, d] out. */
static void detail_shape(const ViewCtx *c, const ClaimWords *w, char *buf, size_t cap)
{
    snprintf(buf, cap, "%s", w->brief ? SAY(c, "the shape stays: layers stack, residuals fit (lesson 8)",
                                         "形状不变：能一层层叠，能接残差（第 8 课）")
                                   : SAY(c, "self-attention keeps the shape and only re-mixes each "
                                            "character's content, which is why layers stack and the "
                                            "residual connection (lesson 8) fits",
                                         "自注意力不改形状、不做非线性，只把每个字的内容按「关注度」重新搅拌一遍；"
                                         "因此可以和残差连接（第 8 课）对接"));
    if (w->numbers)
        draw_append(buf, cap, "%s[%d, %d] %s [%d, %d]", w->zh ? "；" : "; ", c->tr->T, c->tr->d, w->to, c->tr->T, c->tr->d);
}

/* Claim 7: the five lines. */
static void detail_code(const ViewCtx *c, const ClaimWords *w, char *buf, size_t cap)
{
    const char *semi = w->zh ? "；" : "; ";   /* a Chinese sentence's own semicolon */
    snprintf(buf, cap, "Q = x%sWq%sK = x%sWk%sV = x%sWv%sA = softmax(Q%sK%s / %s)%sout = A%sV",
             w->dot, semi, w->dot, semi, w->dot, semi, w->dot, c->gl->transpose, w->sqrt_d, semi, w->dot);
    if (!w->brief)
        draw_append(buf, cap, "%s", SAY(c, ", and F.scaled_dot_product_attention too",
                                        "，F.scaled_dot_product_attention 也一样"));
}

/* Claim 8: a real model's sizes, GQA. */
static void detail_scale(const ViewCtx *c, const ClaimWords *w, char *buf, size_t cap)
{
    RealModel real = realmodel_real(), demo = realmodel_demo();
    if (w->numbers)
    {
        char big[FORMAT_BYTES];   /* grouped as the scale screen prints it: 16 515 072 */
        int64_t here = realmodel_qkv_params(&demo), heads = real.n_heads, groups = realmodel_groups(&real);
        format_grouped(big, sizeof big, realmodel_qkv_params(&real));
        if (!w->zh)
            snprintf(buf, cap, "%" PRId64 " here, %s in a real Wq, Wk, Wv; %" PRId64 " heads, %" PRId64
                     " K/V groups (GQA)", here, big, heads, groups);
        else if (w->brief)   /* 74 columns: the full one broke "K、V" over two lines */
            snprintf(buf, cap, "这里 %" PRId64 " 个数，真实模型 %s 个；%" PRId64 " 个头，K、V 分 %" PRId64
                     " 组共用（GQA）", here, big, heads, groups);
        else
            snprintf(buf, cap, "这里只有 %" PRId64 " 个可训练参数，真实模型的 Wq、Wk、Wv 有 %s 个；%" PRId64 " 个头分 %" PRId64
                     " 组共用 K、V（GQA）", here, big, heads, groups);
    } else
        snprintf(buf, cap, "%s", SAY(c, "many heads; groups of them share K and V (GQA)",
                                     "很多个头，几个头一组共用 K、V（GQA）"));
}

static const Claim claims[] = {
    { VIEW_SIMILARITY, "Similarity is symmetric and content-only",
                       "相似度表对称、只认内容", NULL, detail_symmetric },
    { VIEW_LIBRARY,    "Q, K, V fix it: three roles from one vector",
                       "Q、K、V：每个字的三个分身", NULL, detail_roles },
    { VIEW_MATRIX,     "Scores: Q·Kᵀ, a [T, T] table with a direction",
                       "打分：Q 乘 K 的转置，一张 [T, T] 的分数表",
                       "Scores: Q.K^T, a [T, T] table with a direction", detail_direction },
    { VIEW_SQRTD,      "÷√d before softmax",
                       "先除以 √d", "/sqrt(d) before softmax", detail_scaling },
    { VIEW_ARCS,       "Softmax into shares, then a weighted sum of V",
                       "softmax 成百分比，再按百分比把 V 加权平均回来", NULL, detail_shares },
    { VIEW_MACHINE,    "[T, d] in, [T, d] out: layers stack",
                       "输入 [T, d]、输出 [T, d]：形状不变，能一层层叠起来", NULL, detail_shape },
    { VIEW_CODE,       "Five lines: what nn.MultiheadAttention does",
                       "就这五行：nn.MultiheadAttention 干的就是这些", NULL, detail_code },
    { VIEW_SCALE,      "A real model: the same, only bigger",
                       "真实模型：同样的机制，只是大得多", NULL, detail_scale },
};
#define N_CLAIMS ((int)(sizeof claims / sizeof claims[0]))

/* Claim i's detail, with the sentence's own figures when numbers are shown: the full one,
 * or a brief one that fits a line of an 80-column screen (claims[i].detail writes it). */
static void claim_detail(const ViewCtx *c, int i, bool brief, char *buf, size_t cap)
{
    ClaimWords w = { .to = c->ascii ? "->" : "→", .dot = c->gl->dot,
                     .sqrt_d = c->ascii ? "sqrt(d)" : "√d", .numbers = c->numbers,
                     .zh = c->lang == LANG_ZH, .brief = brief };
    claim_pair(c, &w.a, &w.b);
    w.A = c->tok[w.a];
    w.B = c->tok[w.b];
    buf[0] = '\0';
    if (i >= 0 && i < N_CLAIMS)
        claims[i].detail(c, &w, buf, cap);
}

/* "Next: lesson 7, the causal mask and heads (m, h here); lesson 8, residual connections." */
static void next_lessons(const ViewCtx *c, char *buf, size_t cap)
{
    snprintf(buf, cap, SAY(c, "Next: lesson 7, the mask and the heads (try %s and %s here); "
                              "lesson 8, residual connections.",
                           "接下来：第 7 课的掩码和多头（这里先按 %s、%s 试试）；第 8 课的残差连接。"),
             action_key_label(ACTION_MASK), action_key_label(ACTION_HEADS));
}

/* ---------------------------------------------------------------- wrapping */

/* What frames keep for the screen: its texts broken into lines, the full details and the
 * brief ones apart (a short frame's layout tries both, nine texts each; one memo would
 * hold them in turn). Keyed on each text and width, so a kept break is never stale. */
typedef struct {
    DrawParagraphMemo lines[2];   /* [brief]: the details and the next lessons, broken */
} SummaryCache;

static void *summary_cache_new(void)
{
    return calloc(1, sizeof(SummaryCache));
}

static void summary_cache_free(void *cache)
{
    free(cache);
}

/* wrap_balanced with the screen's kept lines (the brief details' apart). */
static int summary_wrap(const ViewCtx *c, bool brief, const char *text, int w, WrapLine *lines,
                        int max)
{
    SummaryCache *k = c->cache;
    return draw_wrap_memo(k ? &k->lines[brief] : NULL, text, w, lines, max);
}

/* ---------------------------------------------------------------- layout */

/* What one row of the body shows. */
typedef enum {
    ROW_BLANK = 0,   /* nothing */
    ROW_LEAD,        /* "The lesson in one screen: a key or a click opens the screen that shows it" */
    ROW_TITLE,       /* claim `claim`: its key, its title, the view it points to */
    ROW_DETAIL,      /* line `line` of claim `claim`'s detail */
    ROW_NEXT         /* line `line` of the lessons that come next */
} RowKind;

typedef struct {
    RowKind kind;   /* what the row shows */
    int claim;      /* which claim (ROW_TITLE, ROW_DETAIL), else -1 */
    int line;       /* which line of a wrapped text */
} SummaryRow;

typedef struct {
    SummaryRow rows[SUMMARY_MAX_ROWS]; /* what each row shows, top down */
    int n;                             /* rows listed */
    int top;                           /* body row of the first */
    int x;                             /* left column */
    int w;                             /* columns it may use */
    bool brief;                        /* the details are the brief ones */
    int targets_w;                     /* columns of the widest "→ similarity" (targets_width) */
    bool aligned;                      /* the arrows in one column (targets_aligned) */
} SummaryLayout;

static void add_row(SummaryLayout *L, RowKind kind, int claim, int line)
{
    if (L->n < SUMMARY_MAX_ROWS)
        L->rows[L->n++] = (SummaryRow){ kind, claim, line };
}

/* The name of the view a claim points to, as the view bar writes it. */
static const char *target_name(const ViewCtx *c, ViewId v)
{
    return c->tab[v];
}

/* "→ similarity" */
static void target_text(const ViewCtx *c, ViewId v, char *buf, size_t cap)
{
    snprintf(buf, cap, "%s %s", c->ascii ? "->" : "→", target_name(c, v));
}

/* Columns of the widest "→ similarity" of the claims. */
static int targets_width(const ViewCtx *c)
{
    char target[64];
    int w = 0;
    for (int i = 0; i < N_CLAIMS; i++) {
        target_text(c, claims[i].view, target, sizeof target);
        w = text_width(target) > w ? text_width(target) : w;
    }
    return w;
}

/* Claim i's title as drawn (ASCII where asked). */
static void claim_title(const ViewCtx *c, int i, char *buf, size_t cap)
{
    const Claim *cl = &claims[i];
    draw_drawable(c->ascii, c->ascii && cl->title_ascii ? cl->title_ascii : SAY(c, cl->title_en, cl->title_zh),
                  buf, cap);
}

/* How the summary fits the rows it has, from the richest to the barest. */
typedef struct {
    bool details;        /* each claim's detail under it */
    bool brief;          /* the brief details (else the full ones) */
    bool lead;           /* the lead line and the blanks around the claims */
    bool spaced;         /* a blank between claims */
    bool next;           /* the lessons that come next */
} SummaryTier;

static const SummaryTier tiers[] = {
    { true,  false, true,  true,  true  },
    { true,  false, true,  false, true  },
    { true,  true,  true,  true,  true  },
    { true,  true,  true,  false, true  },
    { true,  true,  false, false, true  },
    { false, false, false, false, true  },
    { false, false, false, false, false },
};

/* The rows of tier t. */
static void list_rows(const ViewCtx *c, SummaryLayout *L, const SummaryTier *t)
{
    char buf[WRAP_MAX_BYTES];
    WrapLine lines[DETAIL_LINES];
    L->n = 0;
    L->brief = t->brief;
    if (t->lead) {
        add_row(L, ROW_LEAD, -1, 0);
        add_row(L, ROW_BLANK, -1, 0);
    }
    for (int i = 0; i < N_CLAIMS; i++) {
        if (i > 0 && t->spaced)
            add_row(L, ROW_BLANK, -1, 0);
        add_row(L, ROW_TITLE, i, 0);
        if (!t->details)
            continue;
        claim_detail(c, i, t->brief, buf, sizeof buf);
        int n = summary_wrap(c, t->brief, buf, L->w - KEY_W, lines, DETAIL_LINES);
        for (int k = 0; k < n && k < DETAIL_LINES; k++)
            add_row(L, ROW_DETAIL, i, k);
    }
    if (!t->next)
        return;
    if (t->lead)
        add_row(L, ROW_BLANK, -1, 0);
    next_lessons(c, buf, sizeof buf);
    int n = summary_wrap(c, t->brief, buf, L->w, lines, DETAIL_LINES);
    for (int k = 0; k < n && k < DETAIL_LINES; k++)
        add_row(L, ROW_NEXT, -1, k);
}

static bool targets_aligned(const ViewCtx *c, const SummaryLayout *L);

static void summary_layout(const ViewCtx *c, SummaryLayout *L)
{
    memset(L, 0, sizeof *L);
    L->w = c->body.w - 2 < 100 ? c->body.w - 2 : 100;
    L->x = c->body.x + (c->body.w - L->w) / 2;
    int h = c->body.h;
    for (size_t t = 0; t < sizeof tiers / sizeof tiers[0]; t++) {
        list_rows(c, L, &tiers[t]);
        if (L->n <= h)
            break;
    }
    if (L->n > h)
        L->n = h;
    L->top = c->body.y + (h - L->n) / 2;
    L->targets_w = targets_width(c);
    L->aligned = targets_aligned(c, L);
}

/* ---------------------------------------------------------------- drawing */

/* Line k of a text wrapped at width (or a little narrower: wrap_balanced), drawn from x. */
static void draw_wrapped_line(const ViewCtx *c, bool brief, const char *text, int width, int k,
                              int x, int y, int limit, Style st)
{
    WrapLine lines[DETAIL_LINES];
    int n = summary_wrap(c, brief, text, width, lines, DETAIL_LINES);
    if (k >= n || k >= DETAIL_LINES)
        return;
    char line[WRAP_MAX_BYTES + 1];   /* built from the glyph set: ASCII but the sentence's own */
    snprintf(line, sizeof line, "%.*s", lines[k].len, text + lines[k].start);
    draw_clipped(c->g, x, y, limit, line, st);
}

/* True when every title fits before the column of arrows (at 60 columns "three roles from
 * one vector" would be cut to "one vect"). */
static bool targets_aligned(const ViewCtx *c, const SummaryLayout *L)
{
    char title[256];
    int room = L->w - KEY_W - L->targets_w - 1;
    for (int i = 0; i < N_CLAIMS; i++) {
        claim_title(c, i, title, sizeof title);
        if (text_width(title) > room)
            return false;
    }
    return true;
}

static void draw_title(const ViewCtx *c, const SummaryLayout *L, int i, int y)
{
    char key[16], target[64], title[256];
    int limit = L->x + L->w;
    snprintf(key, sizeof key, "[%s]", claim_key(claims[i].view));
    grid_put_text(c->g, L->x, y, key, STYLE_STAGE_LIT);
    target_text(c, claims[i].view, target, sizeof target);
    /* the arrows in one column, the names after them; where a title would not fit beside
     * that column, each name at the right edge, as close as it goes */
    int tx = L->aligned ? limit - L->targets_w : limit - text_width(target);
    claim_title(c, i, title, sizeof title);
    draw_clipped(c->g, L->x + KEY_W, y, tx - 1, title, STYLE_BOLD);
    grid_put_text(c->g, tx, y, target, STYLE_DIM);
}

static void draw_row(const ViewCtx *c, const SummaryLayout *L, const SummaryRow *row, int y)
{
    char buf[WRAP_MAX_BYTES];
    int limit = L->x + L->w;
    switch (row->kind) {
    case ROW_BLANK:
        break;
    case ROW_LEAD:
        draw_clipped(c->g, L->x, y, limit,
                     SAY(c, "The lesson in one screen: a key or a click opens the screen of a claim.",
                         "这一课的要点都在这一屏：按数字键或用鼠标点一下，就能打开讲这一条的画面。"), STYLE_DIM);
        break;
    case ROW_TITLE:
        draw_title(c, L, row->claim, y);
        break;
    case ROW_DETAIL:
        claim_detail(c, row->claim, L->brief, buf, sizeof buf);
        draw_wrapped_line(c, L->brief, buf, L->w - KEY_W, row->line, L->x + KEY_W, y, limit,
                          STYLE_NORMAL);
        break;
    case ROW_NEXT:
        next_lessons(c, buf, sizeof buf);
        draw_wrapped_line(c, L->brief, buf, L->w, row->line, L->x, y, limit, STYLE_BOLD);
        break;
    }
}

static void summary_view_draw(const ViewCtx *outer)
{
    ViewCtx room = draw_prediction_room(outer);   /* a model with a readout: its answer */
    const ViewCtx *c = &room;
    SummaryLayout L;
    summary_layout(c, &L);
    for (int r = 0; r < L.n; r++)
        draw_row(c, &L, &L.rows[r], L.top + r);
    draw_prediction(outer);
}

/* A click on a claim's title or detail opens the view it points to. */
static bool summary_view_hit(const ViewCtx *outer, int x, int y, Action *action, int *arg)
{
    ViewCtx room = draw_prediction_room(outer);
    const ViewCtx *c = &room;
    SummaryLayout L;
    summary_layout(c, &L);
    int r = y - L.top;
    if (r < 0 || r >= L.n || x < L.x || x >= L.x + L.w || L.rows[r].claim < 0)
        return false;
    *action = ACTION_VIEW_N;
    *arg = (int)claims[L.rows[r].claim].view;   /* ACTION_VIEW_N takes the view's number */
    return true;
}

static const ViewHint summary_hints[] = {
    { { ACTION_VIEW_N, ACTION_NONE, "open the screen of a claim", "打开讲这一条的画面" }, VIEW_AT_EVERY, false },
    { { ACTION_NONE,   ACTION_NONE, NULL,                         NULL }, VIEW_AT_EVERY, false },
};

/* Shared keys that do nothing here (no character asks): the help leaves them out. */
static const Action summary_idle[] = { ACTION_FOCUS_PREV, ACTION_FOCUS_NEXT, ACTION_NONE };

const ViewOps view_summary = {
    .name = "summary",
    .layered_en = "poems: this screen shows the lesson's model (三加五等于?); L plays it",
    .layered_zh = "唐诗模型：这里画的是课上的模型（三加五等于?）；按 L 换成它",
    .lesson_model_only = true,
    .tab_en = "summary", .tab_zh = "总结",
    .title_en = "the summary", .title_zh = "总结",
    .help_en = "the lesson's claims; each key opens the screen that shows one",
    .help_zh = "这一课的要点；每个数字键打开讲它的画面",
    .station_en = "Station 9, the summary: the lesson's claims, one line each.\n"
                  "The similarity table is symmetric and content-only; Q, K, V fix that; scores, ÷√d,\n"
                  "softmax, weighted sum; [T, d] in, [T, d] out. A number key opens the screen that shows one.",
    .station_zh = "第 9 站，总结：这一课的要点，一条一条列出来。\n"
                  "相似度表对称、只认内容；Q、K、V 解决了它；打分、除以 √d、softmax、加权平均；\n"
                  "进去 [T, d]，出来 [T, d]。按数字键打开讲那一条的画面。",
    .idle = summary_idle,
    .track = TRACK_NONE,
    .stages = false,
    .about = "station 9: the lesson's claims, each a key away from the screen that shows it",
    .draw = summary_view_draw,
    .hit = summary_view_hit,
    .cache_new = summary_cache_new,
    .cache_free = summary_cache_free,
    .keys = summary_keys,
    .hints = summary_hints,
};
