/* view_arcs.c — the arcs view, the lesson's opening picture for one asking character: the
 * sentence, arcs whose thickness is the softmax share, and the numbers panel of the stage.
 * Owns: the view's layout, the sentence row, the ① roles, the values under the characters,
 * the ▲ marker, clicks on characters, and its row of the view table.
 * Must not touch: ncurses, the clock, the engine's arithmetic (it only reads a Trace). */
#include "view_arcs.h"

#include <assert.h>
#include <stdio.h>
#include <string.h>
#include "format.h"
#include "chain.h"
#include "panel.h"
#include "view.h"

/* ---------------------------------------------------------------- layout */

/* Whether each character's number needs two rows, alternating: when the slots are too
 * narrow for "-10.55" or "100.0%" and a blank beside it. */
static int value_rows_for(const ArcsLayout *L)
{
    return L->pitch >= 8 ? 1 : 2;
}

/* Rows from the bottom of the body up: the panel, a gap when there is room, the marker, the
 * values, the sentence; the arcs fill what is left above. The panel grows with the body
 * (up to ARCS_PANEL_LINES_MAX lines), but the arcs keep ARCS_ARC_SHARE % of the rows. */
static void layout_rows(const Rect *body, ArcsLayout *L)
{
    int bottom = body->y + body->h;
    int rest = body->h - 2 - L->value_rows;          /* arcs, gap and panel */
    int arcs_min = rest * ARCS_ARC_SHARE / 100;
    arcs_min = arcs_min < ARCS_ARC_ROWS_MIN ? ARCS_ARC_ROWS_MIN : arcs_min;
    int panel = rest - arcs_min;
    panel = panel > ARCS_PANEL_LINES_MAX + 1 ? ARCS_PANEL_LINES_MAX + 1 : panel < 2 ? 2 : panel;
    int gap = rest - panel - arcs_min >= 2 ? 1 : 0;
    L->panel_row = bottom - panel;
    L->panel_lines = panel - 1;
    L->marker_row = L->panel_row - 1 - gap;
    L->value_row = L->marker_row - L->value_rows;
    L->sentence_row = L->value_row - 1;
    L->arc_top = body->y;
    L->arc_rows = L->sentence_row - L->arc_top;
}

/* Character t as the sentence row writes it: its label when every label leaves a blank in
 * its slot, else its brief label (ASCII mode's "3 + 5" for a long sentence). */
static const char *sentence_label(const ViewCtx *c, const ArcsLayout *L, int t)
{
    return draw_tok(c, t, L->pitch - 1);
}

/* The characters share the width in equal slots, each centred in its own. */
static void layout_sentence(const ViewCtx *c, const Rect *body, ArcsLayout *L)
{
    int T = c->tr->T;
    assert(T >= 1 && T <= MODEL_MAX_TOKENS);   /* engine_forward refuses any other sentence */
    L->tokens = T;
    L->pitch = (body->w - 2) / T;
    int left = body->x + (body->w - L->pitch * T) / 2;
    for (int t = 0; t < T; t++) {
        L->tok_w[t] = text_width(sentence_label(c, L, t));
        L->tok_x[t] = left + t * L->pitch + (L->pitch - L->tok_w[t]) / 2;
    }
}

/* How wide a share draws: a foot of 1 + ⌊share · 8·pitch/3⌋ dots (34 at 80 × 24: any two
 * shares 3 points apart differ; two neighbours' feet never meet, as their shares add up to
 * at most 1), and a band a quarter of that, no thicker than the arc area has rows. The
 * contrast theme (a projector) starts both at ARCS_CONTRAST_MIN_DOTS instead of 1, so that
 * a share of 1% still draws a stroke a room can see; widths still follow the share. */
void arcs_layout_widths(ArcsLayout *L, Theme theme)
{
    L->min_dots = theme == THEME_CONTRAST ? ARCS_CONTRAST_MIN_DOTS : 1;
    int foot = 8 * L->pitch / 3;
    L->foot_scale = foot < 4 ? 4 : foot > 100 ? 100 : foot;
    int band = L->foot_scale / 4;
    band = band > L->arc_rows ? L->arc_rows : band;
    L->band_scale = band < 1 ? 1 : band;
}

void arcs_layout(const ViewCtx *c, ArcsLayout *L)
{
    memset(L, 0, sizeof *L);
    L->w = c->body.x + c->body.w;
    layout_sentence(c, &c->body, L);
    L->value_rows = value_rows_for(L);
    layout_rows(&c->body, L);
    arcs_layout_widths(L, c->ui ? c->ui->theme : THEME_DARK);
    L->panel_w = c->body.w - 2 < 100 ? c->body.w - 2 : 100;
    L->panel_x = c->body.x + (c->body.w - L->panel_w) / 2;
}

/* ---------------------------------------------------------------- sentence */

static void draw_sentence(const ViewCtx *c, const ArcsLayout *L)
{
    for (int t = 0; t < L->tokens; t++) {
        Style st = t == c->focus ? STYLE_FOCUS : STYLE_TOKEN;
        grid_put_text(c->g, L->tok_x[t], L->sentence_row, sentence_label(c, L, t), st);
    }
}

/* At ① every character splits into its three roles: "Q K V" over "╲│╱" above it. */
static void draw_roles(const ViewCtx *c, const ArcsLayout *L)
{
    if (c->stage != STAGE_QKV || L->pitch < 6 || L->arc_rows < 2)
        return;
    const char *branch = c->ascii ? "\\|/" : "╲│╱";
    int shown = draw_revealed(c->progress, L->tokens);
    for (int s = 0; s < shown; s++) {
        int mid = L->tok_x[s] + L->tok_w[s] / 2;
        Style st = s == c->focus ? STYLE_FOCUS : STYLE_DIM;
        grid_put_text(c->g, mid - 1, L->sentence_row - 1, branch, st);
        grid_put_text(c->g, mid - 2, L->sentence_row - 2, "Q K V", st);
    }
}

/* At ① the arcs' area has no line yet: two lines in its middle say why, and when they
 * come ("no lines yet: each character first makes its three roles" / "at ② score, each Q
 * meets every K and the lines appear"), each centred; left out where they do not fit. */
static void draw_roles_caption(const ViewCtx *c, const ArcsLayout *L)
{
    if (c->stage != STAGE_QKV || L->arc_rows < 6)
        return;
    const char *lines[2] = {
        SAY(c, "no lines yet: each character first makes its three roles",
               "还没有线：每个字先变出三个分身"),
        SAY(c, "at ② score, each Q meets every K and the lines appear",
               "到 ② 打分，每个 Q 去碰每个 K，线才出现"),
    };
    if (c->ascii)
        lines[1] = SAY(c, "at the score step, each Q meets every K and the lines appear",
                          "到打分那一步，每个 Q 去碰每个 K，线才出现");
    for (int i = 0; i < 2; i++)
        if (text_width(lines[i]) > c->body.w - 2)
            return;
    int y = L->arc_top + (L->arc_rows - 2) / 2 - 1;
    for (int i = 0; i < 2; i++)
        grid_put_text(c->g, c->body.x + (c->body.w - text_width(lines[i])) / 2, y + i, lines[i], STYLE_DIM);
}

/* The number a character carries at this stage: its raw score or its share (without the
 * % sign when short). */
static void token_value(const ViewCtx *c, int s, bool short_form, char *buf, size_t cap)
{
    int h = arcs_head(c);
    if (c->stage == STAGE_SCORE) {
        format_fixed(buf, cap, TRACE_HSQ(c->tr, scores, h, c->focus, s), 2);
        return;
    }
    format_percent(buf, cap, TRACE_HSQ(c->tr, weights, h, c->focus, s));
    if (short_form && buf[0])
        buf[strlen(buf) - 1] = '\0';
}

/* Under each character its number, centred, when numbers are shown and the stage has one.
 * When the slots are narrow, on two alternating rows, each number then starting right under
 * its own character (without the % sign when even that is too tight), and a "╷" under each
 * character of the second row leads the eye down to its number: which is whose stays plain. */
static void draw_values(const ViewCtx *c, const ArcsLayout *L)
{
    if (!c->numbers || c->stage == STAGE_QKV)
        return;
    int shown = c->stage == STAGE_OUTPUT ? L->tokens : draw_revealed(c->progress, L->tokens);
    int strongest = engine_strongest(c->tr, arcs_head(c), c->focus);
    bool staggered = L->value_rows == 2;
    int free_from[2] = { 0, 0 };
    char buf[32];
    for (int s = 0; s < shown; s++) {
        int r = staggered ? s % 2 : 0;
        for (int try = 0; try < 4; try++) {   /* with %, without; clear of the next column first */
            int form = try % 2;
            bool clear = staggered && try < 2 && r == 0 && s + 1 < shown;
            token_value(c, s, form == 1, buf, sizeof buf);
            int lw = text_width(buf);
            int x = staggered ? L->tok_x[s] : (2 * L->tok_x[s] + L->tok_w[s] - lw) / 2;
            if (x < free_from[r] || x + lw > L->w || (clear && x + lw > L->tok_x[s + 1]))
                continue;
            grid_put_text(c->g, x, L->value_row + r, buf, s == strongest ? STYLE_BOLD : STYLE_NORMAL);
            free_from[r] = x + lw + 1;
            if (r == 1 && grid_cell(c->g, x, L->value_row)->glyph[0] == ' ')
                grid_put_text(c->g, x, L->value_row, c->ascii ? "|" : "╷", STYLE_DIM);
            break;
        }
    }
}

/* What the asking character is doing at this stage, said under it. */
static void marker_caption(const ViewCtx *c, char *buf, size_t cap)
{
    const char *f = c->tok[c->focus];
    buf[0] = '\0';
    switch (c->stage) {
    case STAGE_QKV:
        snprintf(buf, cap, SAY(c, "%s makes Q, K and V", "「%s」变出 Q、K、V"), f);
        break;
    case STAGE_SCORE:
        snprintf(buf, cap, SAY(c, "%s asks: whose K fits my Q?", "「%s」问：谁的 K 对得上我的 Q？"), f);
        break;
    case STAGE_SOFTMAX:
        snprintf(buf, cap, SAY(c, "thicker line: %s looks more", "线越粗，说明「%s」越看重那个字"), f);
        break;
    case STAGE_OUTPUT:
        snprintf(buf, cap, SAY(c, "%s takes in every V", "「%s」把每个 V 取回来"), f);
        break;
    case STAGE_COUNT:
        break;
    }
}

/* The share ramp's legend (ramp.h) in the columns [from, to) of the marker row, against
 * the end `right` names: from ③ on, when the arcs carry their shares in the ramp's colours
 * (not while both heads are drawn in theirs). */
static void draw_ramp_legend(const ViewCtx *c, const ArcsLayout *L, int from, int to, bool right)
{
    if (c->stage < STAGE_SOFTMAX || arcs_both_heads(c) || to - from < 8)
        return;
    int w = ramp_legend_share(&(ViewCtx){ .gl = c->gl, .lang = c->lang, .ascii = c->ascii }, from,
                              L->marker_row, to, RAMP_MARK_LINE);
    if (w > 0)
        ramp_legend_share(c, right ? to - w : from, L->marker_row, to, RAMP_MARK_LINE);
}

/* ▲ under the asking character, with its caption on whichever side has more room, within
 * the columns [left_end, right_end) the heads' legend leaves (when both heads are drawn);
 * the share ramp's legend on the other side when it fits there. */
static void draw_marker(const ViewCtx *c, const ArcsLayout *L, int left_end, int right_end)
{
    char caption[256];
    marker_caption(c, caption, sizeof caption);
    int mx = L->tok_x[c->focus] + (L->tok_w[c->focus] - 1) / 2;
    int cw = text_width(caption);
    grid_put_text(c->g, mx, L->marker_row, c->gl->marker, STYLE_FOCUS);
    int limit = right_end < L->w - 1 ? right_end - 1 : L->w - 1;
    int first = left_end > 1 ? left_end + 1 : 1;
    int room_right = limit - (mx + 2), room_left = mx - 1 - first;
    if (cw <= room_right || room_right >= room_left) {
        int end = mx + 2 + draw_clipped(c->g, mx + 2, L->marker_row, limit, caption, STYLE_NORMAL);
        if (room_left >= room_right - cw)
            draw_ramp_legend(c, L, first, mx - 1, false);
        else
            draw_ramp_legend(c, L, end + 2, limit, true);
    } else if (cw <= room_left) {
        grid_put_text(c->g, mx - 1 - cw, L->marker_row, caption, STYLE_NORMAL);
        if (room_left - cw >= room_right)
            draw_ramp_legend(c, L, first, mx - 2 - cw, false);
        else
            draw_ramp_legend(c, L, mx + 2, limit, true);
    } else {
        draw_clipped(c->g, first, L->marker_row, mx - 1, caption, STYLE_NORMAL);
        draw_ramp_legend(c, L, mx + 2, limit, true);
    }
}

/* With both heads drawn: "⣿ head 1 (numbers, panel)  ⣿ head 2" (or, short of room, "⣿ head 1
 * ⣿ head 2") on the marker row, at its right end when there is room right of the ▲, else at
 * its left end; each sample in its head's colour. Sets the columns it leaves free. */
static void draw_heads_legend(const ViewCtx *c, const ArcsLayout *L, int *left_end, int *right_end)
{
    *left_end = 0;
    *right_end = L->w;
    if (!arcs_both_heads(c))
        return;
    const char *sample = c->ascii ? "#" : "⣿";
    const char *long_one = c->numbers ? SAY(c, "head 1 (numbers, panel)", "头 1（数字、面板）")
                                      : SAY(c, "head 1 (panel)", "头 1（面板）");
    char one[64], two[64];
    int mx = L->tok_x[c->focus] + (L->tok_w[c->focus] - 1) / 2;
    snprintf(two, sizeof two, " %s", SAY(c, "head 2", "头 2"));
    for (int form = 0; form < 4; form++) {   /* long, short at the right; long, short at the left */
        snprintf(one, sizeof one, " %s", form % 2 == 0 ? long_one : SAY(c, "head 1", "头 1"));
        int w = 2 * text_width(sample) + text_width(one) + 2 + text_width(two);
        int x = form < 2 ? L->w - 1 - w : 1;
        if (form < 2 ? x < mx + 3 : x + w > mx - 2)
            continue;
        *(form < 2 ? right_end : left_end) = form < 2 ? x : x + w;
        x += grid_put_text(c->g, x, L->marker_row, sample, STYLE_SERIES_A);
        x += grid_put_text(c->g, x, L->marker_row, one, STYLE_NORMAL) + 2;
        x += grid_put_text(c->g, x, L->marker_row, sample, STYLE_SERIES_B);
        grid_put_text(c->g, x, L->marker_row, two, STYLE_NORMAL);
        return;
    }
}

/* ---------------------------------------------------------------- the view */

/* The numbers panel of the current stage: its heading, then the stage's own panel. */
static void draw_panel(const ViewCtx *c, const ArcsLayout *L)
{
    panel_heading(c, L);
    switch (c->stage) {
    case STAGE_QKV:     panel_qkv(c, L); break;
    case STAGE_SCORE:   panel_score(c, L); break;
    case STAGE_SOFTMAX: panel_softmax(c, L); break;
    case STAGE_OUTPUT:  panel_output(c, L); break;
    case STAGE_COUNT:   break;
    }
}

static void arcs_view_draw(const ViewCtx *outer)
{
    ViewCtx room = draw_prediction_room(outer);   /* a model with a readout: its answer */
    const ViewCtx *c = &room;
    ArcsLayout L;
    arcs_layout(c, &L);
    arcs_draw(c, &L);
    draw_roles(c, &L);
    draw_roles_caption(c, &L);
    draw_sentence(c, &L);
    draw_values(c, &L);
    int left_end, right_end;
    draw_heads_legend(c, &L, &left_end, &right_end);
    draw_marker(c, &L, left_end, right_end);
    draw_panel(c, &L);
    draw_prediction(outer);
}

/* A click on a character focuses it. */
static bool arcs_view_hit(const ViewCtx *outer, int x, int y, Action *action, int *arg)
{
    ViewCtx room = draw_prediction_room(outer);
    const ViewCtx *c = &room;
    ArcsLayout L;
    arcs_layout(c, &L);
    if (y != L.sentence_row)
        return false;
    for (int t = 0; t < L.tokens; t++)
        if (x >= L.tok_x[t] && x < L.tok_x[t] + L.tok_w[t]) {
            *action = ACTION_FOCUS_N;
            *arg = t;
            return true;
        }
    return false;
}

/* The view's own keys: which answering character and which dimension the hand checks
 * work (never '[', 'O' or capitals A-D: a split escape sequence arrives as those). */
static const KeyBinding arcs_keys[] = {
    { ',', ACTION_ANSWER_PREV, 0, ",", true  },
    { '.', ACTION_ANSWER_NEXT, 0, ".", true  },
    { '<', ACTION_ANSWER_PREV, 0, "<", false },
    { '>', ACTION_ANSWER_NEXT, 0, ">", false },
    { '{', ACTION_DIM_PREV,    0, "{", true  },
    { '}', ACTION_DIM_NEXT,    0, "}", true  },
    { 0,   ACTION_NONE,        0, NULL, false },
};

static const ViewHint arcs_hints[] = {
    { { ACTION_PLAY,        ACTION_NONE,        "play",   "播放" }, VIEW_AT_EVERY, false },
    { { ACTION_PREV,        ACTION_NEXT,        "step",   "单步" }, VIEW_AT_EVERY, false },
    { { ACTION_FOCUS_PREV,  ACTION_FOCUS_NEXT,  "who asks", "谁来问" }, VIEW_AT_EVERY, false },
    /* the hand check has an answering character at ② ③ (at ④ it only scrolls a table too
       wide for the panel), a dimension at ① and ④: what the panel's heading offers */
    { { ACTION_ANSWER_PREV, ACTION_ANSWER_NEXT, "who answers", "谁来答" }, VIEW_AT(SCORE) | VIEW_AT(SOFTMAX), false },
    { { ACTION_DIM_PREV,    ACTION_DIM_NEXT,    "which number", "第几个数" }, VIEW_AT(QKV) | VIEW_AT(OUTPUT), false },
    { { ACTION_NONE,        ACTION_NONE,        NULL,     NULL }, VIEW_AT_EVERY, false },
};

/* The frames' cache of the view (ArcsCache): made and freed through the view's row. */
static void *arcs_view_cache_new(void)
{
    return arcs_cache_new();
}

static void arcs_view_cache_free(void *cache)
{
    arcs_cache_free(cache);
}

const ViewOps view_arcs = {
    .name = "arcs",
    .tab_en = "arcs", .tab_zh = "连线",
    .title_en = "who looks at whom", .title_zh = "谁看谁",
    .help_en = "the wider a line lands, the bigger the share",
    .help_zh = "线越粗，说明那个字被看得越多",
    .station_en = "Stations 0 and 3-6: one character asks, the arcs show whom it looks at.\n"
                  "Step through ① Q K V (its three roles), ② scores, ③ softmax (the shares, 100% in all)\n"
                  "and ④ collecting (a weighted average of the V's). The panel works one number by hand.",
    .station_zh = "第 0、3～6 站：一个字来问，弧线画出它该看谁。\n"
                  "一步步走：① 三个分身（Q、K、V）、② 打分、③ 变百分比（加起来 100%）、\n"
                  "④ 取货（V 的加权平均）。下面的面板带你亲手把一个数算一遍。",
    .track = TRACK_STAGES_FOCUS,
    .stages = true,
    .about = "the default: one asking character's arcs, and a panel with the stage's numbers and one hand check worked in full",
    .draw = arcs_view_draw,
    .hit = arcs_view_hit,
    .cache_new = arcs_view_cache_new,
    .cache_free = arcs_view_cache_free,
    .keys = arcs_keys,
    .hints = arcs_hints,
    .chosen = chain_cell_by_stage,
};
