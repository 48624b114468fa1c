/* scene.c — one frame of the lesson: layout, stage line, sentence, status line, help box.
 * Owns: the layout shared with scene_token_at, and every part of the frame but the arcs
 * (scene_arcs.c) and the numbers panel (scene_panel.c).
 * Must not touch: ncurses, the clock, the engine's arithmetic (it only reads a Trace). */
#include "scene_internal.h"

#include <math.h>
#include <stdio.h>
#include <string.h>
#include "actions.h"
#include "format.h"

/* ---------------------------------------------------------------- glyph sets */

static const SceneGlyphs glyphs_unicode = {
    .sep = " · ", .arrow = " → ", .stage_num = { "① ", "② ", "③ ", "④ " },
    .marker = "▲", .packet = "●", .times = "×", .dot = "·", .ellipsis = "…",
    .div_sqrt = "÷√", .sum = "Σ", .dash = " — ", .rule = "─",
    .box_h = "─", .box_v = "│", .box_tl = "┌", .box_tr = "┐", .box_bl = "└", .box_br = "┘",
    .playing = "▶", .paused = "❚❚", .by = "×",
};

static const SceneGlyphs glyphs_ascii = {
    .sep = " - ", .arrow = " -> ", .stage_num = { "", "", "", "" },
    .marker = "^", .packet = "o", .times = "*", .dot = ".", .ellipsis = "...",
    .div_sqrt = "/sqrt", .sum = "sum", .dash = " - ", .rule = "-",
    .box_h = "-", .box_v = "|", .box_tl = "+", .box_tr = "+", .box_bl = "+", .box_br = "+",
    .playing = ">", .paused = "||", .by = "x",
};

static const SceneGlyphs *scene_glyphs(const SceneOptions *o)
{
    return o->ascii ? &glyphs_ascii : &glyphs_unicode;
}

/* Labels are English in ASCII mode: Chinese needs a UTF-8 terminal. */
static Lang scene_lang(const SceneOptions *o)
{
    return o->ascii ? LANG_EN : o->lang;
}

/* The options when the caller passes none. */
static const SceneOptions scene_default_options = { LANG_EN, false, NULL };

/* ---------------------------------------------------------------- shared helpers */

const char *scene_say(const SceneCtx *c, const char *en, const char *zh)
{
    return c->lang == LANG_ZH ? zh : en;
}

int scene_put_clipped(Grid *g, int x, int y, int limit, const char *s, Style style)
{
    char ch[TEXT_CHAR_BYTES];
    int col = x;
    while (*s) {
        size_t n = 1;
        while ((s[n] & 0xC0) == 0x80 && n < TEXT_CHAR_BYTES - 1)
            n++;
        memcpy(ch, s, n);
        ch[n] = '\0';
        int w = text_width(ch) == 2 ? 2 : 1;
        if (col + w > limit)
            break;
        if (col >= 0)
            grid_put_char(g, col, y, ch, style);
        col += w;
        s += n;
    }
    return col - x;
}

int scene_revealed(double progress, int n)
{
    if (progress <= 0.0)
        return 0;
    if (progress >= 1.0)
        return n;
    int k = (int)ceil(progress * n);
    return k < 0 ? 0 : k > n ? n : k;
}

/* The character the asker looks at most: its largest raw score, hence its largest share. */
int scene_strongest(const SceneCtx *c)
{
    int best = 0;
    for (int s = 1; s < c->tr->T; s++)
        if (TRACE_SQ(c->tr, scores, c->focus, s) > TRACE_SQ(c->tr, scores, c->focus, best))
            best = s;
    return best;
}

/* ---------------------------------------------------------------- header texts */

static const char *const stage_names_en[STAGE_COUNT] = { "Q K V", "score", "softmax", "output" };
static const char *const stage_names_zh[STAGE_COUNT] = { "三个分身", "打分", "变百分比", "取货" };

void scene_stage_label(char *buf, size_t cap, int stage, Lang lang, const SceneGlyphs *gl)
{
    const char *name = lang == LANG_ZH ? stage_names_zh[stage] : stage_names_en[stage];
    snprintf(buf, cap, "%s%s", gl->stage_num[stage], name);
}

static int stage_line_width(Lang lang, const SceneGlyphs *gl)
{
    char item[64];
    int w = 0;
    for (int s = 0; s < STAGE_COUNT; s++) {
        scene_stage_label(item, sizeof item, s, lang, gl);
        w += text_width(item) + (s ? text_width(gl->arrow) : 0);
    }
    return w;
}

/* "attn-tui · self-attention · 三加五等于?" (long) or "attn-tui · 三加五等于?". */
static void title_text(char *buf, size_t cap, const Trace *tr, Lang lang,
                       const SceneGlyphs *gl, bool long_form)
{
    char sentence[MODEL_SENTENCE_BYTES] = "";
    for (int t = 0; t < tr->T; t++)
        strncat(sentence, tr->tokens[t], sizeof sentence - strlen(sentence) - 1);
    if (long_form)
        snprintf(buf, cap, "attn-tui%s%s%s%s", gl->sep,
                 lang == LANG_ZH ? "自注意力" : "self-attention", gl->sep, sentence);
    else
        snprintf(buf, cap, "attn-tui%s%s", gl->sep, sentence);
}

/* ---------------------------------------------------------------- layout */

/* Title and stage line: side by side when they fit, else stacked (or the title left out). */
static int layout_header(const Trace *tr, const SceneOptions *o, SceneLayout *L)
{
    char title[256];
    Lang lang = scene_lang(o);
    const SceneGlyphs *gl = scene_glyphs(o);
    int sw = stage_line_width(lang, gl);
    for (int form = 1; form >= 0; form--) {
        title_text(title, sizeof title, tr, lang, gl, form == 1);
        if (1 + text_width(title) + 3 + sw + 1 <= L->w) {
            L->title_row = L->stage_row = 0;
            L->title_x = 1;
            L->title_long = form == 1;
            L->stage_x = L->w - 1 - sw;
            return 1;
        }
    }
    L->stage_x = (L->w - sw) / 2;
    if (L->h < 24) {
        L->title_row = -1;
        L->stage_row = 0;
        return 1;
    }
    title_text(title, sizeof title, tr, lang, gl, true);
    L->title_long = text_width(title) + 2 <= L->w;
    title_text(title, sizeof title, tr, lang, gl, L->title_long);
    L->title_row = 0;
    L->title_x = (L->w - text_width(title)) / 2;
    L->stage_row = 1;
    return 2;
}

/* Rows from the bottom up: status, panel, a gap when there is room, marker, values, sentence. */
static void layout_rows(SceneLayout *L, int header_rows)
{
    L->status_row = L->h - 1;
    L->panel_row = L->status_row - SCENE_PANEL_ROWS;
    int gap = L->h >= 22 ? 1 : 0;
    L->marker_row = L->panel_row - 1 - gap;
    L->value_row = L->marker_row - 1;
    L->sentence_row = L->value_row - 1;
    L->arc_top = header_rows + 1;
    L->arc_rows = L->sentence_row - L->arc_top;
}

/* The characters share the width in equal slots, each centred in its own. */
static void layout_sentence(const Trace *tr, SceneLayout *L)
{
    int T = tr->T < MODEL_MAX_TOKENS ? tr->T : MODEL_MAX_TOKENS;
    L->tokens = T;
    if (T <= 0)
        return;
    L->pitch = (L->w - 2) / T;
    int left = (L->w - L->pitch * T) / 2;
    for (int t = 0; t < T; t++) {
        L->tok_w[t] = text_width(tr->tokens[t]) == 2 ? 2 : 1;
        L->tok_x[t] = left + t * L->pitch + (L->pitch - L->tok_w[t]) / 2;
    }
}

void scene_layout(const Trace *tr, int w, int h, const SceneOptions *o, SceneLayout *L)
{
    if (!o)
        o = &scene_default_options;
    memset(L, 0, sizeof *L);
    L->w = w;
    L->h = h;
    L->title_row = -1;
    L->too_small = w < SCENE_MIN_W || h < SCENE_MIN_H;
    if (L->too_small)
        return;
    layout_rows(L, layout_header(tr, o, L));
    layout_sentence(tr, L);
    L->panel_w = w - 2 < 100 ? w - 2 : 100;
    L->panel_x = (w - L->panel_w) / 2;
}

/* ---------------------------------------------------------------- header */

static void scene_draw_header(const SceneCtx *c)
{
    char buf[256];
    const SceneLayout *L = c->L;
    if (L->title_row >= 0) {
        title_text(buf, sizeof buf, c->tr, c->lang, c->gl, L->title_long);
        grid_put_text(c->g, L->title_x, L->title_row, buf, STYLE_BOLD);
    }
    int x = L->stage_x;
    for (int s = 0; s < STAGE_COUNT; s++) {
        if (s)
            x += grid_put_text(c->g, x, L->stage_row, c->gl->arrow, STYLE_DIM);
        scene_stage_label(buf, sizeof buf, s, c->lang, c->gl);
        Style st = s == (int)c->p->stage ? STYLE_STAGE_LIT : STYLE_DIM;
        x += grid_put_text(c->g, x, L->stage_row, buf, st);
    }
}

/* ---------------------------------------------------------------- sentence */

static void scene_draw_sentence(const SceneCtx *c)
{
    const SceneLayout *L = c->L;
    for (int t = 0; t < L->tokens; t++) {
        Style st = t == c->focus ? STYLE_FOCUS : STYLE_TOKEN;
        grid_put_char(c->g, L->tok_x[t], L->sentence_row, c->tr->tokens[t], st);
    }
}

/* At ① every character splits into its three roles: "Q K V" over "╲│╱" above it. */
static void scene_draw_roles(const SceneCtx *c)
{
    const SceneLayout *L = c->L;
    if (c->p->stage != STAGE_QKV || L->pitch < 6 || L->arc_rows < 2)
        return;
    const char *branch = c->ascii ? "\\|/" : "╲│╱";
    int shown = scene_revealed(c->progress, L->tokens);
    for (int s = 0; s < shown; s++) {
        int mid = L->tok_x[s] + L->tok_w[s] / 2;
        Style st = s == c->focus ? STYLE_FOCUS : STYLE_DIM;
        grid_put_text(c->g, mid - 1, L->sentence_row - 1, branch, st);
        grid_put_text(c->g, mid - 2, L->sentence_row - 2, "Q K V", st);
    }
}

/* The number a character carries at this stage: its raw score or its share. */
static void token_value(const SceneCtx *c, int s, char *buf, size_t cap)
{
    if (c->p->stage == STAGE_SCORE)
        format_fixed(buf, cap, TRACE_SQ(c->tr, scores, c->focus, s), 2);
    else
        format_percent(buf, cap, TRACE_SQ(c->tr, weights, c->focus, s));
}

/* Under each character its number, centred, when numbers are shown and the stage has one. */
static void scene_draw_values(const SceneCtx *c)
{
    const SceneLayout *L = c->L;
    if (!c->numbers || c->p->stage == STAGE_QKV)
        return;
    int shown = c->p->stage == STAGE_OUTPUT ? L->tokens : scene_revealed(c->progress, L->tokens);
    int strongest = scene_strongest(c);
    int free_from = 0;
    char buf[32];
    for (int s = 0; s < shown; s++) {
        token_value(c, s, buf, sizeof buf);
        int lw = text_width(buf);
        int x = (2 * L->tok_x[s] + L->tok_w[s] - lw) / 2;
        if (x < free_from || x + lw > L->w)
            continue;
        grid_put_text(c->g, x, L->value_row, buf, s == strongest ? STYLE_BOLD : STYLE_NORMAL);
        free_from = x + lw + 1;
    }
}

/* What the asking character is doing at this stage, said under it. */
static void marker_caption(const SceneCtx *c, char *buf, size_t cap)
{
    const char *f = c->tr->tokens[c->focus];
    switch (c->p->stage) {
    case STAGE_QKV:
        snprintf(buf, cap, scene_say(c, "%s makes Q, K and V", "%s 变出 Q、K、V"), f);
        break;
    case STAGE_SCORE:
        snprintf(buf, cap, scene_say(c, "%s asks: whose K fits my Q?", "%s 问：谁的 K 对得上我的 Q"), f);
        break;
    case STAGE_SOFTMAX:
        snprintf(buf, cap, scene_say(c, "thicker line: %s looks more", "线越粗，%s 看得越多"), f);
        break;
    default:
        snprintf(buf, cap, scene_say(c, "%s takes in every V", "%s 把每个 V 取回来"), f);
        break;
    }
}

/* ▲ under the asking character, with its caption on whichever side has more room. */
static void scene_draw_marker(const SceneCtx *c)
{
    const SceneLayout *L = c->L;
    char caption[256];
    marker_caption(c, caption, sizeof caption);
    int mx = L->tok_x[c->focus] + (L->tok_w[c->focus] - 1) / 2;
    int cw = text_width(caption);
    grid_put_text(c->g, mx, L->marker_row, c->gl->marker, STYLE_FOCUS);
    int room_right = L->w - 1 - (mx + 2), room_left = mx - 2;
    if (cw <= room_right || room_right >= room_left)
        scene_put_clipped(c->g, mx + 2, L->marker_row, L->w - 1, caption, STYLE_NORMAL);
    else if (cw <= room_left)
        grid_put_text(c->g, mx - 1 - cw, L->marker_row, caption, STYLE_NORMAL);
    else
        scene_put_clipped(c->g, 1, L->marker_row, mx - 1, caption, STYLE_NORMAL);
}

/* ---------------------------------------------------------------- ASCII text */

/* A key label or description in ASCII: arrows spelled out, anything else non-ASCII as '?'. */
static void ascii_text(const char *in, char *out, size_t cap)
{
    static const struct { const char *from, *to; } map[] = {
        { "→", "Right" }, { "←", "Left" }, { "↑", "Up" }, { "↓", "Down" },
    };
    size_t used = 0;
    out[0] = '\0';
    while (*in && used + 6 < cap) {
        const char *rep = NULL;
        size_t skip = 1;
        for (size_t i = 0; i < sizeof map / sizeof map[0]; i++)
            if (strncmp(in, map[i].from, strlen(map[i].from)) == 0) {
                rep = map[i].to;
                skip = strlen(map[i].from);
            }
        if (!rep && (unsigned char)*in >= 0x80) {
            rep = "?";
            while ((in[skip] & 0xC0) == 0x80)
                skip++;
        }
        if (rep) {
            size_t n = strlen(rep);
            if (used + n + 1 >= cap)
                break;
            memcpy(out + used, rep, n);
            used += n;
        } else {
            out[used++] = *in;
        }
        in += skip;
        out[used] = '\0';
    }
}

/* A label or description as this frame can draw it. */
static void drawable_text(const SceneCtx *c, const char *in, char *out, size_t cap)
{
    if (c->ascii)
        ascii_text(in, out, cap);
    else
        snprintf(out, cap, "%s", in);
}

/* ---------------------------------------------------------------- status line */

/* A hint names the keys of one action (or a pair, "←/→") from the key table, so the
 * status line and the table never disagree. */
typedef struct {
    Action first;          /* the action whose key the hint shows */
    Action second;         /* a paired action shown as first/second, or ACTION_NONE */
    const char *en;        /* what it does, English */
    const char *zh;        /* what it does, Chinese */
} KeyHint;

static const KeyHint status_hints[] = {
    { ACTION_PLAY,       ACTION_NONE,       "play",    "播放" },
    { ACTION_PREV,       ACTION_NEXT,       "step",    "单步" },
    { ACTION_FOCUS_PREV, ACTION_FOCUS_NEXT, "focus",   "换字" },
    { ACTION_NUMBERS,    ACTION_NONE,       "numbers", "数字" },
    { ACTION_HELP,       ACTION_NONE,       "help",    "帮助" },
    { ACTION_QUIT,       ACTION_NONE,       "quit",    "退出" },
};

/* "▶ playing ×2" or "❚❚ paused"; only the symbol (and speed) when `terse`. */
static void status_state(const SceneCtx *c, bool terse, char *buf, size_t cap)
{
    const char *sym = c->p->playing ? c->gl->playing : c->gl->paused;
    const char *word = c->p->playing ? scene_say(c, "playing", "播放中") : scene_say(c, "paused", "已暂停");
    snprintf(buf, cap, "%s%s%s", sym, terse ? "" : " ", terse ? "" : word);
    if (c->p->playing && fabs(c->p->speed - 1.0) > 1e-9) {
        size_t used = strlen(buf);
        snprintf(buf + used, cap - used, " %s%g", c->gl->by, c->p->speed);
    }
}

/* Hint i: "Space play", "←/→ step". */
static void status_hint(const SceneCtx *c, size_t i, char *buf, size_t cap)
{
    const KeyHint *h = &status_hints[i];
    char keys[64];
    snprintf(keys, sizeof keys, "%s%s%s", action_key_label(h->first),
             h->second != ACTION_NONE ? "/" : "",
             h->second != ACTION_NONE ? action_key_label(h->second) : "");
    char shown[64];
    drawable_text(c, keys, shown, sizeof shown);
    snprintf(buf, cap, "%s %s", shown, scene_say(c, h->en, h->zh));
}

#define N_HINTS (sizeof status_hints / sizeof status_hints[0])

/* Columns all hints take with `gap` blanks between them. */
static int status_hints_width(const SceneCtx *c, int gap)
{
    char buf[128];
    int w = 0;
    for (size_t i = 0; i < N_HINTS; i++) {
        status_hint(c, i, buf, sizeof buf);
        w += text_width(buf) + (i ? gap : 0);
    }
    return w;
}

/* Notice, then the key hints (as many as fit), then the play state at the right. When
 * room is short the state loses its word and the hints close up before any is dropped. */
static void scene_draw_status(const SceneCtx *c)
{
    const SceneLayout *L = c->L;
    int y = L->status_row, x = 1;
    char buf[256];
    for (int col = 0; col < L->w; col++)
        grid_put_char(c->g, col, y, " ", STYLE_STATUS);
    if (c->notice && c->notice[0]) {
        drawable_text(c, c->notice, buf, sizeof buf);
        x += scene_put_clipped(c->g, x, y, L->w - 12, buf, STYLE_ERROR) + 3;
    }
    status_state(c, false, buf, sizeof buf);
    int gap = 2, room = L->w - 1 - text_width(buf) - 2 - x;
    if (status_hints_width(c, gap) > room) {
        status_state(c, true, buf, sizeof buf);
        room = L->w - 1 - text_width(buf) - 2 - x;
        gap = status_hints_width(c, 2) > room ? 1 : 2;
    }
    int right = L->w - 1 - text_width(buf);
    grid_put_text(c->g, right, y, buf, STYLE_STATUS);
    for (size_t i = 0; i < N_HINTS; i++) {
        status_hint(c, i, buf, sizeof buf);
        int w = text_width(buf);
        if (x + w > right - 2)
            break;
        grid_put_text(c->g, x, y, buf, STYLE_STATUS);
        x += w + gap;
    }
}

/* ---------------------------------------------------------------- help overlay */

/* The widest key label and description among the bindings listed in help. */
static int help_rows(const SceneCtx *c, int *label_w, int *desc_w)
{
    char buf[256];
    int n = 0;
    *label_w = *desc_w = 0;
    for (const KeyBinding *b = action_keys; b->key != 0; b++) {
        if (!b->in_help)
            continue;
        drawable_text(c, b->label, buf, sizeof buf);
        if (text_width(buf) > *label_w)
            *label_w = text_width(buf);
        drawable_text(c, action_describe(b->action, c->lang), buf, sizeof buf);
        if (text_width(buf) > *desc_w)
            *desc_w = text_width(buf);
        n++;
    }
    return n;
}

/* "? closes this help", naming the key bound to ACTION_HELP. */
static void help_footer(const SceneCtx *c, char *buf, size_t cap)
{
    char key[64] = "?";
    for (const KeyBinding *b = action_keys; b->key != 0; b++)
        if (b->action == ACTION_HELP) {
            drawable_text(c, b->label, key, sizeof key);
            break;
        }
    snprintf(buf, cap, scene_say(c, "%s closes this help", "按 %s 关闭帮助"), key);
}

/* What the thickness of a line means (with the class bounds when numbers are shown). */
static void help_legend(const SceneCtx *c, char *buf, size_t cap)
{
    if (!c->numbers)
        snprintf(buf, cap, "%s", scene_say(c, "the thicker the line, the bigger the share",
                                           "线越粗，分到的越多"));
    else if (c->ascii)
        snprintf(buf, cap, "lines: . under 5%%  - 5-15%%  = 15-35%%  # 35%% and more");
    else
        snprintf(buf, cap, "%s", scene_say(c, "four line thicknesses: under 5%, 5-15%, 15-35%, 35% and more",
                                           "线的四种粗细：5% 以下、5-15%、15-35%、35% 以上"));
}

/* Box outline with a title in its top edge; the inside blanked. */
static void help_box(const SceneCtx *c, int x, int y, int w, int h)
{
    const SceneGlyphs *gl = c->gl;
    for (int row = y; row < y + h; row++)
        for (int col = x; col < x + w; col++) {
            const char *ch = " ";
            bool top = row == y, bottom = row == y + h - 1, left = col == x, right = col == x + w - 1;
            if ((top || bottom) && (left || right))
                ch = top ? (left ? gl->box_tl : gl->box_tr) : (left ? gl->box_bl : gl->box_br);
            else if (top || bottom)
                ch = gl->box_h;
            else if (left || right)
                ch = gl->box_v;
            grid_put_char(c->g, col, row, ch, STYLE_HELP);
        }
    char title[64];
    snprintf(title, sizeof title, " %s ", scene_say(c, "keys", "按键"));
    grid_put_text(c->g, x + 2, y, title, STYLE_HELP);
}

/* Every binding of the key table marked in_help: its label and what it does. */
static void scene_draw_help(const SceneCtx *c)
{
    const SceneLayout *L = c->L;
    int label_w, desc_w;
    int n = help_rows(c, &label_w, &desc_w);
    char footer[128], legend[256], buf[256];
    help_footer(c, footer, sizeof footer);
    help_legend(c, legend, sizeof legend);
    int inner = label_w + 3 + desc_w;
    if (text_width(footer) > inner)
        inner = text_width(footer);
    if (text_width(legend) > inner)
        inner = text_width(legend);
    int bw = inner + 4 < L->w - 2 ? inner + 4 : L->w - 2;
    int bh = n + 5 < L->h - 2 ? n + 5 : L->h - 2;
    int bx = (L->w - bw) / 2, by = (L->h - bh) / 2;
    help_box(c, bx, by, bw, bh);
    int limit = bx + bw - 2, row = by + 1;
    for (const KeyBinding *b = action_keys; b->key != 0 && row < by + bh - 3; b++) {
        if (!b->in_help)
            continue;
        drawable_text(c, b->label, buf, sizeof buf);
        scene_put_clipped(c->g, bx + 2, row, limit, buf, STYLE_HELP);
        drawable_text(c, action_describe(b->action, c->lang), buf, sizeof buf);
        scene_put_clipped(c->g, bx + 2 + label_w + 3, row, limit, buf, STYLE_HELP);
        row++;
    }
    scene_put_clipped(c->g, bx + 2, by + bh - 3, limit, legend, STYLE_HELP);
    scene_put_clipped(c->g, bx + 2, by + bh - 2, limit, footer, STYLE_HELP);
}

/* ---------------------------------------------------------------- too small */

static void scene_put_centred(Grid *g, int y, const char *text)
{
    int x = (g->w - text_width(text)) / 2;
    grid_put_text(g, x > 0 ? x : 0, y, text, STYLE_ERROR);
}

/* One centred line; on a terminal too narrow even for that, two. */
static void scene_draw_too_small(Grid *g, const SceneOptions *o)
{
    const char *head = "terminal too small:";
    char need[96], line[128];
    const char *by = scene_glyphs(o)->by;
    snprintf(need, sizeof need, "need %d%s%d, have %d%s%d",
             SCENE_MIN_W, by, SCENE_MIN_H, g->w, by, g->h);
    snprintf(line, sizeof line, "%s %s", head, need);
    if (text_width(line) <= g->w) {
        scene_put_centred(g, g->h / 2, line);
        return;
    }
    int top = g->h >= 2 ? g->h / 2 - 1 : 0;
    scene_put_centred(g, top, head);
    scene_put_centred(g, top + 1, need);
}

/* ---------------------------------------------------------------- the frame */

void scene_render(Grid *g, const Trace *tr, const Player *p, double progress,
                  const SceneOptions *o)
{
    if (!o)
        o = &scene_default_options;
    grid_clear(g);
    SceneLayout L;
    scene_layout(tr, g->w, g->h, o, &L);
    if (L.too_small) {
        scene_draw_too_small(g, o);
        return;
    }
    Player view = *p;   /* the player as drawn: stage and focus clamped to what exists */
    if ((int)view.stage < 0 || view.stage >= STAGE_COUNT)
        view.stage = STAGE_QKV;
    SceneCtx c = {
        .g = g, .tr = tr, .p = &view, .L = &L, .gl = scene_glyphs(o),
        .progress = progress < 0.0 ? 0.0 : progress > 1.0 ? 1.0 : progress,
        .focus = p->focus < 0 ? 0 : p->focus >= L.tokens ? L.tokens - 1 : p->focus,
        .lang = scene_lang(o), .ascii = o->ascii, .numbers = p->numbers, .notice = o->notice,
    };
    scene_draw_header(&c);
    scene_draw_arcs(&c);
    scene_draw_roles(&c);
    scene_draw_sentence(&c);
    scene_draw_values(&c);
    scene_draw_marker(&c);
    scene_draw_panel(&c);
    scene_draw_status(&c);
    if (p->help)
        scene_draw_help(&c);
}

int scene_token_at(const Trace *tr, int w, int h, const SceneOptions *o, int x, int y)
{
    SceneLayout L;
    scene_layout(tr, w, h, o, &L);
    if (L.too_small || y != L.sentence_row)
        return -1;
    for (int t = 0; t < L.tokens; t++)
        if (x >= L.tok_x[t] && x < L.tok_x[t] + L.tok_w[t])
            return t;
    return -1;
}
