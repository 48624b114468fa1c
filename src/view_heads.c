/* view_heads.c — every head of every layer at a glance (BertViz's model view): each head's
 * attention map over the current line, small and side by side in the matrix's share → colour
 * ramp, the chosen head framed; beside them what each head learned over the held-out poems,
 * read from the model's [head stats]: its one-line description and its offset profile.
 * Owns: the maps' layout and fit, its keys and row; it keeps no state: the maps read the
 * lesson's pass (Lesson.poem), the choice is the shared (layer, head).
 * Must not touch: ncurses, the clock, the arithmetic (transformer.h runs and describes). */
#include <stdio.h>
#include <string.h>
#include "draw.h"
#include "format.h"
#include "keys.h"
#include "ramp.h"
#include "text.h"
#include "transformer.h"
#include "view.h"

#define HEADS_ALL_MAX 16       /* the longest line all eight maps are drawn for */
#define HEADS_SMALL_MAX 12     /* the longest line the chosen layer's maps fit at 80×24 */
#define HEADS_GAP 3            /* columns between two maps */
#define HEADS_ROW_BYTES 512    /* one row of text */
#define HEADS_PROFILE 8        /* offsets a profile shows at most (0 = itself, 1, 2 …) */
#define HEADS_SIDE_MIN 44      /* columns the descriptions need beside the maps */

/* ---------------------------------------------------------------- its state and actions */

#define HEADS_ACTIONS(X)                                                                      \
    X(HEADS_NEXT, "the next head of the layer", "这一层的下一个头")                           \
    X(HEADS_PREV, "the previous head of the layer", "这一层的上一个头")                       \
    X(HEADS_DOWN, "the same head one layer down", "下一层的同一个头")                          \
    X(HEADS_UP, "the same head one layer up", "上一层的同一个头")                              \
    X(HEADS_OPEN, "open the chosen head on the arcs screen", "在连线画面上打开选中的头")

VIEW_ACTIONS_DEFINE(HeadsAction, HEADS_ACTION_BASE, heads_actions, HEADS_ACTIONS);

static int heads_act(void *state, const ViewCall *call, Action a, int arg)
{
    (void)arg;
    (void)state;
    if ((int)a < ACTION_VIEW_FIRST)
        return -1;
    const Model *m = call->ls && call->ls->has_poem ? call->ls->model : NULL;
    int L = m ? m->layers : 1, H = m ? m->heads : 1;
    int layer = call->ui->layer, head = call->ui->head;
    switch ((HeadsAction)a) {
    case HEADS_ACTION_BASE:
        break;
    case ACTION_HEADS_NEXT:
        request_choose_head(call->ask, layer, (head + 1) % H);
        return REACT_REDRAW;
    case ACTION_HEADS_PREV:
        request_choose_head(call->ask, layer, (head + H - 1) % H);
        return REACT_REDRAW;
    case ACTION_HEADS_DOWN:
        request_choose_head(call->ask, (layer + 1) % L, head);
        return REACT_REDRAW;
    case ACTION_HEADS_UP:
        request_choose_head(call->ask, (layer + L - 1) % L, head);
        return REACT_REDRAW;
    case ACTION_HEADS_OPEN:
        request_open(call->ask, VIEW_ARCS);
        return REACT_REDRAW;
    }
    return -1;
}

/* The chosen (layer, head), the one every screen shows (Ui's, clamped to the model's). */
static int heads_layer(const ViewCtx *c)
{
    int l = c->ui->layer;
    return l < 0 || l >= c->ls->poem.layers ? 0 : l;
}

static int heads_head(const ViewCtx *c)
{
    int h = c->ui->head;
    return h < 0 || h >= c->ls->poem.heads ? 0 : h;
}

/* ---------------------------------------------------------------- layout */

/* Which maps are drawn and how big. */
typedef struct {
    bool fits;        /* some maps fit */
    bool all;         /* every layer's maps (else the chosen layer's) */
    int cw;           /* columns of one cell (1 or 2) */
    int label;        /* columns of the row labels left of the first map */
    int map_w;        /* columns of one map, its frame included */
    int map_h;        /* rows of one map (title, frame and cells) */
    int side_x;       /* where the descriptions start (beside the maps), or 0: below them */
} HeadsLayout;

/* Rows a map takes: its title, its frame's two edges and T rows of cells. */
static HeadsLayout heads_layout(const ViewCtx *c, const TransformerTrace *pt)
{
    HeadsLayout L = { 0 };
    int T = pt->T, H = pt->model->heads, layers = pt->model->layers;
    L.label = 3;
    L.map_h = T + 3;
    int avail_h = c->body.h - 2;   /* the legend's row and a blank */
    for (int pass = 0; pass < 2; pass++) {
        bool all = pass == 0;
        if (all && T > HEADS_ALL_MAX)
            continue;
        int bands = all ? layers : 1;
        if (bands * L.map_h > avail_h)
            continue;
        /* the widest cells that leave room for the descriptions beside the maps, else the
         * widest that fit (the descriptions then go below) */
        for (int want_side = 1; want_side >= 0; want_side--)
            for (int cw = 2; cw >= 1; cw--) {
                int map_w = T * cw + 2;
                int maps_w = L.label + H * map_w + (H - 1) * HEADS_GAP;
                bool side = c->body.w - maps_w - 2 >= HEADS_SIDE_MIN;
                if (maps_w > c->body.w - 1 || (want_side && !side))
                    continue;
                L.fits = true;
                L.all = all;
                L.cw = cw;
                L.map_w = map_w;
                L.side_x = side ? c->body.x + maps_w + 2 : 0;
                return L;
            }
    }
    return L;
}

/* ---------------------------------------------------------------- drawing */

/* One head's map at (x, y): its title, a frame (lit when chosen), T × T cells, each shaded
 * and coloured by its share (above the diagonal: masked, blank). */
static void draw_map(const ViewCtx *c, const TransformerTrace *pt, const HeadsLayout *L, int layer, int head,
                     int x, int y)
{
    int T = pt->T;
    bool chosen = layer == heads_layer(c) && head == heads_head(c);
    char buf[64];
    snprintf(buf, sizeof buf, SAY(c, "L%d H%d", "%d层%d头"), layer + 1, head + 1);
    draw_clipped(c->g, x + 1, y, x + L->map_w, buf, chosen ? STYLE_FOCUS : STYLE_BOLD);
    Rect r = { x, y + 1, L->map_w, T + 2 };
    draw_box(c->g, c->gl, r, NULL, chosen ? STYLE_FOCUS : STYLE_DIM);
    for (int t = 0; t < T; t++)   /* the inside on the page: only the frame is lit */
        grid_put_repeat(c->g, x + 1, y + 2 + t, " ", L->map_w - 2, STYLE_NORMAL);
    const double *shares = pt->layer[layer].shares;
    for (int t = 0; t < T; t++)
        for (int s = 0; s <= t; s++) {
            double p = TRANSFORMER_CELL(pt, shares, head, t, s);
            int lv = ramp_share_level(p);
            grid_put_repeat(c->g, x + 1 + s * L->cw, y + 2 + t, c->gl->shades[lv], L->cw, ramp_style(lv));
        }
}

/* The asking characters down the left of a band of maps, the chosen head's asker lit. */
static void draw_row_labels(const ViewCtx *c, const TransformerTrace *pt, int x, int y)
{
    for (int t = 0; t < pt->T; t++) {
        char ch[DRAW_LABEL_BYTES];
        draw_char_brief(c->ascii, pt->model->vocab[pt->ids[t]], ch, sizeof ch);
        draw_clipped(c->g, x, y + 2 + t, x + 3, ch, STYLE_TOKEN);
    }
}

/* Head (layer, head)'s row of [head stats]. */
static const double *head_stats_row(const Model *m, int layer, int head)
{
    return m->head_stats + (size_t)(layer * m->heads + head) * (size_t)MODEL_STATS_COLS(m->context);
}

/* What a head learned, in rows from (x, y) within w columns: its name and description, then
 * its offset profile (mean share at offset 0, 1, 2 …, one line up, the first character) and
 * its mean entropy. Returns rows used. */
static int draw_learned(const ViewCtx *c, const TransformerTrace *pt, int layer, int head, int x, int y, int w,
                        bool profile)
{
    const Model *m = pt->model;
    bool chosen = layer == heads_layer(c) && head == heads_head(c);
    char desc[256], buf[HEADS_ROW_BYTES];
    int limit = x + w;
    transformer_head_describe(m, layer, head, c->lang, desc, sizeof desc);
    if (!c->numbers)   /* the words without the figure: "looks at the character before" */
        desc[strcspn(desc, ":(\xef")] = '\0';   /* ':', '(', or the full-width '：' '（' */
    for (size_t n = strlen(desc); n > 0 && desc[n - 1] == ' '; n--)
        desc[n - 1] = '\0';
    snprintf(buf, sizeof buf, SAY(c, "%sL%d H%d %s", "%s%d层%d头 %s"), chosen ? (c->ascii ? ">" : "▸") : " ",
             layer + 1, head + 1, desc);
    draw_clipped(c->g, x, y, limit, buf, chosen ? STYLE_FOCUS : STYLE_NORMAL);
    if (!profile)
        return 1;
    const double *row = head_stats_row(m, layer, head);
    double up = row[MODEL_STATS_LINE_UP], first = row[MODEL_STATS_FIRST];
    char tail[HEADS_ROW_BYTES];
    /* the end of the row first: one line up, the first character, the entropy */
    if (c->numbers) {
        char num[FORMAT_BYTES];
        snprintf(tail, sizeof tail, SAY(c, "up:%d%% first:%d%% H %s", "上行:%d%% 首字:%d%% 熵 %s"),
                 (int)(up * 100.0 + 0.5), (int)(first * 100.0 + 0.5),
                 format_fixed(num, sizeof num, row[MODEL_STATS_ENTROPY], 2));
    } else {
        snprintf(tail, sizeof tail, SAY(c, "up%s first%s", "上行%s 首字%s"), c->gl->shades[ramp_share_level(up)],
                 c->gl->shades[ramp_share_level(first)]);
    }
    int xx = x + 2, tail_x = limit - text_width(tail);
    xx += draw_clipped(c->g, xx, y + 1, tail_x, SAY(c, "offset", "距离"), STYLE_DIM) + 1;
    for (int k = 0; k < HEADS_PROFILE && k < m->context; k++) {
        double p = row[MODEL_STATS_OFFSET + k];
        if (c->numbers)
            snprintf(buf, sizeof buf, "%d:%d%% ", k, (int)(p * 100.0 + 0.5));
        else
            snprintf(buf, sizeof buf, "%d%s ", k, c->gl->shades[ramp_share_level(p)]);
        if (xx + text_width(buf) > tail_x)
            break;
        xx += draw_clipped(c->g, xx, y + 1, tail_x, buf, ramp_share_style(p));
    }
    draw_clipped(c->g, xx, y + 1, limit, tail, STYLE_DIM);
    return 2;
}

/* The one line when nothing fits or nothing plays. */
static void draw_note(const ViewCtx *c, const char *text)
{
    draw_paragraph(c->g, c->gl, c->body.x + 1, c->body.y + 1, c->body.w - 2, c->body.h - 1, text, STYLE_NORMAL);
}

static void heads_view_draw(const ViewCtx *c)
{
    const TransformerTrace *pt = &c->ls->poem;
    if (!c->ls->has_poem) {
        draw_note(c, SAY(c, "This screen shows the heads of a layered model; the lesson's model has one layer. "
                            "Start it with --model poems.",
                         "这个画面看分层模型的每一个头；课上的模型只有一层。用 --model poems 启动。"));
        return;
    }
    if (pt->T < 1) {
        draw_note(c, SAY(c, "The line has no characters the model knows.", "这一行没有模型认识的字。"));
        return;
    }
    HeadsLayout L = heads_layout(c, pt);
    if (!L.fits) {
        char buf[HEADS_ROW_BYTES];
        snprintf(buf, sizeof buf, SAY(c, "The maps of a %d-character line do not fit here (up to %d characters at 80×24, "
                                         "%d at 120×40): a larger window, or e for a shorter line.",
                                         "%d 个字的一行，图在这里放不下（80×24 最多 %d 个字，120×40 最多 %d 个）："
                                         "放大窗口，或按 e 换一行短的。"),
                 pt->T, HEADS_SMALL_MAX, HEADS_ALL_MAX);
        draw_note(c, buf);
        return;
    }
    int layers = pt->model->layers, H = pt->model->heads;
    int y = c->body.y, x0 = c->body.x + 1;
    int first = L.all ? 0 : heads_layer(c), last = L.all ? layers - 1 : heads_layer(c);
    for (int l = first; l <= last; l++) {
        draw_row_labels(c, pt, x0, y);
        for (int h = 0; h < H; h++)
            draw_map(c, pt, &L, l, h, x0 + L.label + h * (L.map_w + HEADS_GAP), y);
        y += L.map_h;
    }
    int maps_right = x0 + L.label + H * L.map_w + (H - 1) * HEADS_GAP;
    ramp_legend_share(c, x0, y, L.side_x ? maps_right : c->body.x + c->body.w - 1, RAMP_MARK_SHADE);
    y++;
    /* what each head learned: beside the maps, or below them */
    int dx = L.side_x ? L.side_x : x0;
    int bottom = c->body.y + c->body.h;
    int dy = L.side_x ? c->body.y : y + (bottom - y > H + 2);   /* a blank row when there is room */
    int dw = L.side_x ? c->body.x + c->body.w - L.side_x - 1 : c->body.w - 2;
    if (dy >= bottom)
        return;
    if (!pt->model->head_stats) {
        draw_clipped(c->g, dx, dy, dx + dw, SAY(c, "The model has no [head stats]: what each head learned is not measured.",
                                                "模型文件里没有 [head stats]：没有量过每个头学到了什么。"), STYLE_DIM);
        return;
    }
    if (bottom - dy > H)   /* the heading, when the chosen layer's heads still fit under it */
        draw_clipped(c->g, dx, dy++, dx + dw, SAY(c, "What each head learned (held-out poems):",
                                                  "每个头学到了什么（在留出的诗上）："), STYLE_BOLD);
    /* every head when they fit (with profiles when those fit too), else the chosen layer's,
     * else the chosen head's */
    int room = bottom - dy;
    bool every = room >= layers * H, profile = room >= 2 * layers * H;
    if (!every)
        profile = room >= 2 * H;
    for (int l = 0; l < layers; l++)
        for (int h = 0; h < H; h++) {
            if (!every && l != heads_layer(c))
                continue;
            if (!every && room < H && h != heads_head(c))
                continue;
            if (dy + (profile ? 2 : 1) > bottom)
                return;
            dy += draw_learned(c, pt, l, h, dx, dy, dw, profile);
        }
}

/* ---------------------------------------------------------------- the view */

/* Shared actions that do nothing here: no asking character to choose, the mask always on. */
static const Action heads_idle[] = { ACTION_FOCUS_N, ACTION_MASK, ACTION_NONE };

static const KeyBinding heads_keys[] = {
    { KEYCODE_RIGHT, VIEW_OWN(HEADS_NEXT), 0, "→",     true },
    { KEYCODE_LEFT,  VIEW_OWN(HEADS_PREV), 0, "←",     true },
    { KEYCODE_DOWN,  VIEW_OWN(HEADS_DOWN), 0, "↓",     true },
    { KEYCODE_UP,    VIEW_OWN(HEADS_UP),   0, "↑",     true },
    { KEYCODE_ENTER, VIEW_OWN(HEADS_OPEN), 0, "Enter", true },
    { 0,             ACTION_NONE,          0, NULL,    false },
};

static const ViewHint heads_hints[] = {
    { { VIEW_OWN(HEADS_PREV), VIEW_OWN(HEADS_NEXT), "head", "头" },        VIEW_AT_EVERY, false },
    { { VIEW_OWN(HEADS_UP),   VIEW_OWN(HEADS_DOWN), "layer", "层" },       VIEW_AT_EVERY, false },
    { { VIEW_OWN(HEADS_OPEN), ACTION_NONE,          "open on arcs", "看连线" }, VIEW_AT_EVERY, false },
    { { ACTION_NONE,          ACTION_NONE,          NULL, NULL },          VIEW_AT_EVERY, false },
};

const ViewOps view_heads = {
    .name = "heads",
    .tab_en = "heads", .tab_zh = "各个头",
    .title_en = "every head of every layer at a glance, and what each learned",
    .title_zh = "每一层的每一个头一览，和各自学到了什么",
    .help_en = "every head's attention map over the line, and what each head learned",
    .help_zh = "每个头在这一行上的注意力图，和每个头学到了什么",
    .station_en = "Every head of every layer over the current line, side by side: row t of a map is the shares "
                  "character t gives the characters up to it (the causal mask leaves the upper right empty).\n"
                  "Beside them, what each head learned over the held-out poems: its mean share by offset "
                  "(0 itself, 1 the character before …, one line up) and its mean entropy, from the model file.",
    .station_zh = "当前这一行上，每一层的每一个头并排摆着：图的第 t 行是第 t 个字分给它和前面各字的百分比"
                  "（因果遮挡让右上角空着）。\n"
                  "旁边是每个头在留出的诗上学到了什么：按距离的平均百分比（0 是自己，1 是前一个字……，上一行同一位置）"
                  "和平均熵，从模型文件里读出。",
    .terms_en = "offset: how far back the character looked at is (0: itself)\n"
                "entropy: how spread a row of shares is, in nats (0: all on one character)",
    .terms_zh = "距离：被看的字在前面多远（0：自己）\n"
                "熵：一行百分比分得多散，单位奈特（0：全给一个字）",
    .idle = heads_idle,
    .track = TRACK_NONE,
    .stages = false,
    .about = "every head of every layer of the layered model as a small attention map, and what each head learned (its offset profile)",
    .draw = heads_view_draw,
    .act = heads_act,
    .keys = heads_keys,
    .hints = heads_hints,
    .actions = heads_actions,
};
