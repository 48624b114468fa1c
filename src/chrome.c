/* chrome.c — the frame around every view: the title row (title and stage line, side by side
 * or stacked), the view bar, the status line (notes, key hints generated from the key
 * tables, play state), the help overlay (generated from the same tables) and the notice of
 * a too small to draw. Must not touch: a view's body, ncurses, the clock, arithmetic. */
#include "chrome.h"
#include "palette.h"

#include <math.h>
#include <stdio.h>
#include <string.h>
#include "spell.h"
#include "wrap.h"

/* ---------------------------------------------------------------- title row */

/* The title's forms, from the widest: with the lesson's name, without, and (in ASCII mode)
 * with the characters' brief labels; each with the model in play, then (for the lesson's
 * own model, unedited, only) without it. */
static const struct { bool long_form, brief, model, bare; } title_forms[] = {
    { true, false, true, false }, { false, false, true, false }, { false, false, true, true },
    { true, false, false, false }, { false, false, false, false },
    { false, true, true, false }, { false, true, true, true }, { false, true, false, false },
};
#define TITLE_FORMS ((int)(sizeof title_forms / sizeof title_forms[0]))

/* True when the title may leave the model out: the lesson's own plays, unedited. */
static bool title_model_optional(const ViewCtx *c)
{
    return c->ui->play.kind == PLAY_LESSON && c->ui->marks.cells == 0;
}

/* "attn-tui · self-attention · 三加五等于? · lesson model" (long), "attn-tui · 三加五等于? ·
 * trained · add · seed 1", bare "三加五等于? · lesson model", or "attn-tui · 三加五等于?"; in
 * ASCII mode "attn-tui - san jia wu deng yu ?" or, brief, "attn-tui - 3 + 5 = yu ?". */
static void title_text(const ViewCtx *c, bool long_form, bool brief, bool model, bool bare,
                       char *buf, size_t cap)
{
    char sentence[MODEL_MAX_TOKENS * DRAW_LABEL_BYTES], words[256] = "";
    draw_sentence_text(c->tr, c->ascii, brief, sentence, sizeof sentence);
    if (model) {
        char said[256];
        inplay_words(&c->ui->play, c->ui->marks.cells > 0, c->lang, c->gl->sep, said, sizeof said);
        snprintf(words, sizeof words, "%s", c->gl->sep);
        draw_drawable(c->ascii, said, words + strlen(words), sizeof words - strlen(words));
    }
    if (bare)   /* text_format: cut at a character when a long line overflows */
        text_format(buf, cap, "%s%s", sentence, words);
    else if (long_form)
        text_format(buf, cap, "attn-tui%s%s%s%s%s", c->gl->sep,
                 SAY(c, "self-attention", "自注意力"), c->gl->sep, sentence, words);
    else
        text_format(buf, cap, "attn-tui%s%s%s", c->gl->sep, sentence, words);
}

/* Columns of the title row's right part: the stage line, or the view's own title. */
static int right_width(const ViewCtx *c, const ViewOps *v)
{
    if (!v->stages)
        return text_width(SAY(c, v->title_en, v->title_zh));
    char item[64];
    int w = 0;
    for (int s = 0; s < STAGE_COUNT; s++) {
        draw_stage_label(item, sizeof item, (Stage)s, c->lang, c->gl);
        w += text_width(item) + (s ? text_width(c->gl->arrow) : 0);
    }
    return w;
}

/* Title and right part side by side when they fit, else stacked (or the title left out
 * when rows are short). Returns the rows they take. */
static int layout_title(const ViewCtx *c, const ViewOps *v, ChromeLayout *L)
{
    char title[512];
    int rw = right_width(c, v);
    bool optional = title_model_optional(c);
    for (int f = 0; f < TITLE_FORMS; f++) {
        if (!title_forms[f].model && !optional)
            continue;
        title_text(c, title_forms[f].long_form, title_forms[f].brief, title_forms[f].model,
                   title_forms[f].bare, title, sizeof title);
        if (1 + text_width(title) + 3 + rw + 1 <= L->w) {
            L->title_row = L->right_row = 0;
            L->title_x = 1;
            L->title_long = title_forms[f].long_form;
            L->title_brief = title_forms[f].brief;
            L->title_model = title_forms[f].model;
            L->title_bare = title_forms[f].bare;
            L->right_x = L->w - 1 - rw;
            return 1;
        }
    }
    L->right_x = (L->w - rw) / 2;
    if (L->h < 24 && optional) {
        L->title_row = -1;
        L->right_row = 0;
        return 1;
    }
    for (int f = 0; f < TITLE_FORMS; f++) {   /* stacked: the model named whenever it must be */
        if (!title_forms[f].model && !optional)
            continue;
        title_text(c, title_forms[f].long_form, title_forms[f].brief, title_forms[f].model,
                   title_forms[f].bare, title, sizeof title);
        L->title_long = title_forms[f].long_form;
        L->title_brief = title_forms[f].brief;
        L->title_model = title_forms[f].model;
        L->title_bare = title_forms[f].bare;
        if (text_width(title) + 2 <= L->w)
            break;
    }
    L->title_row = 0;
    L->title_x = (L->w - text_width(title)) / 2;
    L->title_x = L->title_x < 0 ? 0 : L->title_x;
    L->right_row = 1;
    return 2;
}

void chrome_layout(const ViewCtx *c, const ViewOps *v, int w, int h, ChromeLayout *L)
{
    memset(L, 0, sizeof *L);
    L->w = w;
    L->h = h;
    L->title_row = -1;
    L->too_small = w < FRAME_MIN_W || h < FRAME_MIN_H;
    if (L->too_small)
        return;
    int rows = layout_title(c, v, L);
    L->bar_row = rows;
    L->status_row = h - 1;
    L->marker_row = -1;
    L->caption_row = -1;
    if (c->ui->marks.cells > 0 || (c->tr->layered && v->layered_en)) {   /* an edited model says so
                                                                          on every screen; a layered
                                                                          one where it needs a word */
        L->marker_row = rows + 1;
        rows++;
    }
    if (c->ui->tour.on || c->ui->predict.on) {   /* the same rows on every stop */
        L->caption_row = rows + 1;
        rows += CHROME_CAPTION_ROWS;
    }
    L->body = (Rect){ 0, rows + 1, w, L->status_row - (rows + 1) };
}

/* ---------------------------------------------------------------- the edit marker */

/* "edited: Wq[2][3] 0.58 → 2.58 · u undoes"; several numbers: "edited: … and 2 more · u
 * undoes the newest"; --set's alone: "… · set by --set" (the command line's, not undone). */
static void marker_text(const ViewCtx *c, char *buf, size_t cap)
{
    const EditMarks *m = &c->ui->marks;
    char cell[256], key[32];
    edit_describe_in(c->ls->model, &m->newest, c->lang, cell, sizeof cell);
    snprintf(key, sizeof key, "%s", action_key_label(ACTION_UNDO));
    if (m->cells == 1)
        snprintf(buf, cap, SAY(c, "edited: %s", "已改：%s"), cell);
    else
        snprintf(buf, cap, SAY(c, "edited: %s and %d more", "已改：%s 等 %d 处"), cell,
                 c->lang == LANG_ZH ? m->cells : m->cells - 1);
    if (m->set_cells == m->cells)
        draw_append(buf, cap, "%s%s", c->gl->sep, SAY(c, "set by --set", "用 --set 设的"));
    else if (m->set_cells > 0)
        draw_append(buf, cap, SAY(c, "%s%s undoes the newest (%d by --set stay)", "%s按 %s 撤销最近一次（--set 设的 %d 处不变）"),
                    c->gl->sep, key, m->set_cells);
    else if (m->cells > 1)
        draw_append(buf, cap, SAY(c, "%s%s undoes the newest", "%s按 %s 撤销最近一次"), c->gl->sep, key);
    else
        draw_append(buf, cap, SAY(c, "%s%s undoes", "%s按 %s 撤销"), c->gl->sep, key);
}

static void draw_marker(const ViewCtx *c, const ViewOps *v, const ChromeLayout *L)
{
    char text[512], shown[1024];
    for (int x = 0; x < L->w; x++)
        grid_put_char(c->g, x, L->marker_row, " ", STYLE_NORMAL);
    if (c->ui->marks.cells > 0)
        marker_text(c, text, sizeof text);
    else
        snprintf(text, sizeof text, "%s", SAY(c, v->layered_en, v->layered_zh));
    draw_drawable(c->ascii, text, shown, sizeof shown);
    draw_clipped(c->g, 1, L->marker_row, L->w - 1, shown, STYLE_FOCUS);
}

/* ---------------------------------------------------------------- caption rows */

/* The tour's caption (and "tour 3/19" at the right), or the question, its verdict, or
 * what predict-then-reveal does, in the rows under the view bar. */
static void draw_caption(const ViewCtx *c, const ChromeLayout *L)
{
    const Ui *ui = c->ui;
    const char *tok[MODEL_MAX_TOKENS];
    char text[1024], where[64], shown[1024];
    int y = L->caption_row, room = L->w - 2;
    for (int t = 0; t < c->tr->T; t++)
        tok[t] = c->tok[t];
    for (int r = 0; r < CHROME_CAPTION_ROWS; r++)
        for (int x = 0; x < L->w; x++)
            grid_put_char(c->g, x, y + r, " ", STYLE_NORMAL);
    if (ui->predict.kind != PREDICT_NONE) {
        char line2[1024];
        predict_text(&ui->predict, c->ls, c->lang, tok, text, line2, sizeof text);
        draw_drawable(c->ascii, text, shown, sizeof shown);
        draw_clipped(c->g, 1, y, L->w - 1, shown, STYLE_BOLD);
        draw_drawable(c->ascii, line2, shown, sizeof shown);
        draw_clipped(c->g, 1, y + 1, L->w - 1, shown, ui->predict.revealed ? STYLE_DIM : STYLE_FOCUS);
        return;
    }
    if (!ui->tour.on) {
        predict_idle_text(&ui->predict, c->lang, text, sizeof text);
        draw_drawable(c->ascii, text, shown, sizeof shown);
        draw_clipped(c->g, 1, y, L->w - 1, shown, STYLE_DIM);
        return;
    }
    tour_caption(&ui->tour, c->ls, c->lang, tok, text, sizeof text, where, sizeof where);
    int ww = text_width(where);
    draw_right(c->g, L->w - 1 - ww, y, ww, where, STYLE_DIM);
    draw_drawable(c->ascii, text, shown, sizeof shown);
    draw_paragraph(c->g, c->gl, 1, y, room - ww - 2, CHROME_CAPTION_ROWS, shown, STYLE_BOLD);
}

static void draw_title_row(const ViewCtx *c, const ViewOps *v, const ChromeLayout *L)
{
    char buf[512];
    if (L->title_row >= 0) {
        title_text(c, L->title_long, L->title_brief, L->title_model, L->title_bare, buf, sizeof buf);
        grid_put_text(c->g, L->title_x, L->title_row, buf, STYLE_BOLD);
    }
    int x = L->right_x;
    if (!v->stages) {
        grid_put_text(c->g, x, L->right_row, SAY(c, v->title_en, v->title_zh), STYLE_DIM);
        return;
    }
    for (int s = 0; s < STAGE_COUNT; s++) {
        if (s)
            x += grid_put_text(c->g, x, L->right_row, c->gl->arrow, STYLE_DIM);
        draw_stage_label(buf, sizeof buf, (Stage)s, c->lang, c->gl);
        Style st = s == (int)c->stage ? STYLE_STAGE_LIT : STYLE_DIM;
        x += grid_put_text(c->g, x, L->right_row, buf, st);
    }
}

/* ---------------------------------------------------------------- view bar */

#define CHROME_BAR_MAX 64   /* most views a bar lists */

/* How many views the bar lists: every view, or the frame's fixed list. */
static int bar_count(const ViewCtx *c)
{
    int n = c->bar ? c->bar_count : VIEW_COUNT;
    return n > CHROME_BAR_MAX ? CHROME_BAR_MAX : n;
}

/* The row of the bar's id-th view. */
static const ViewOps *bar_view(const ViewCtx *c, int id)
{
    return c->bar ? c->bar[id] : view_ops((ViewId)id);
}

/* The bar's place of the current view, or -1 when it is not in the bar's list. */
static int bar_current(const ViewCtx *c)
{
    const ViewOps *shown = view_ops(c->ui->view);
    for (int v = 0; v < bar_count(c); v++)
        if (bar_view(c, v) == shown)
            return v;
    return -1;
}

/* The view bar's label of its id-th view, e.g. " arcs " or, for the current one, "[arcs]". */
static void bar_label(const ViewCtx *c, int id, char *buf, size_t cap)
{
    const ViewOps *v = bar_view(c, id);
    bool current = v == view_ops(c->ui->view);
    const char *tab = view_tab(v, c->ascii, c->lang);   /* drawn every frame: no printf */
    size_t len = strlen(tab);
    if (cap < len + 3) {   /* no tab is that long (buffers hold 96 bytes) */
        if (cap > 0)
            buf[0] = '\0';
        return;
    }
    buf[0] = current ? '[' : ' ';
    memcpy(buf + 1, tab, len);
    buf[len + 1] = current ? ']' : ' ';
    buf[len + 2] = '\0';
}

/* The first column of every view's label (-1 when it does not fit): all of them when they
 * fit, else as many as fit around the current one, with ‹ › where some are cut. */
static void bar_positions(const ViewCtx *c, int w, int *xs, bool *cut_left, bool *cut_right)
{
    char buf[96];
    int n = bar_count(c), widths[CHROME_BAR_MAX], total = 0;
    for (int v = 0; v < n; v++) {
        bar_label(c, v, buf, sizeof buf);
        widths[v] = text_width(buf);
        total += widths[v];
    }
    int first = 0, last = n - 1, room = w - 2;
    *cut_left = *cut_right = false;
    if (total > room) {
        room -= 4;   /* "‹ " and " ›" */
        first = last = bar_current(c) < 0 ? 0 : bar_current(c);
        int used = widths[first];
        for (bool grew = true; grew;) {
            grew = false;
            if (last + 1 < n && used + widths[last + 1] <= room) {
                used += widths[++last];
                grew = true;
            }
            if (first > 0 && used + widths[first - 1] <= room) {
                used += widths[--first];
                grew = true;
            }
        }
        *cut_left = first > 0;
        *cut_right = last < n - 1;
    }
    int x = 1 + (*cut_left ? 2 : 0);
    for (int v = 0; v < n; v++) {
        xs[v] = v >= first && v <= last ? x : -1;
        if (xs[v] >= 0)
            x += widths[v];
    }
}

static void draw_view_bar(const ViewCtx *c, const ChromeLayout *L)
{
    int xs[CHROME_BAR_MAX], n = bar_count(c);
    bool cut_left, cut_right;
    char buf[96];
    bar_positions(c, L->w, xs, &cut_left, &cut_right);
    int end = 1;
    for (int v = 0; v < n; v++) {
        if (xs[v] < 0)
            continue;
        bar_label(c, v, buf, sizeof buf);
        Style st = v == bar_current(c) ? STYLE_STAGE_LIT : STYLE_DIM;
        end = xs[v] + grid_put_text(c->g, xs[v], L->bar_row, buf, st);
    }
    if (cut_left)
        grid_put_text(c->g, 1, L->bar_row, c->ascii ? "<" : "‹", STYLE_DIM);
    if (cut_right)
        grid_put_text(c->g, end + 1, L->bar_row, c->ascii ? ">" : "›", STYLE_DIM);
}

int chrome_bar_view_at(const ViewCtx *c, const ChromeLayout *L, int x)
{
    int xs[CHROME_BAR_MAX], n = bar_count(c);
    bool cut_left, cut_right;
    char buf[96];
    bar_positions(c, L->w, xs, &cut_left, &cut_right);
    for (int v = 0; v < n; v++) {
        if (xs[v] < 0)
            continue;
        bar_label(c, v, buf, sizeof buf);
        if (x >= xs[v] && x < xs[v] + text_width(buf))
            return v;
    }
    return -1;
}

/* ---------------------------------------------------------------- status line */

#define CHROME_WELCOME_TOUR_W 100   /* from this width the opening line names the tour's key */

/* True when a waiting question or the tour owns the global key of a (n answers "no" while
 * a yes/no question waits: the bar must not offer it as "numbers"). */
static bool key_taken(const Ui *ui, Action a)
{
    for (const KeyBinding *b = action_keys; b->key != 0; b++)
        if (b->action == a && (predict_binding(&ui->predict, b->key) || tour_binding(&ui->tour, b->key)))
            return true;
    return false;
}

int chrome_status_hints(const ViewCtx *c, const ViewOps *v, const KeyHint **out, int cap, int *own)
{
    const Ui *ui = c->ui;
    int n = 0;
    for (const KeyHint *h = predict_hints(&ui->predict); h && h->first != ACTION_NONE && n < cap; h++)
        out[n++] = h;
    for (const KeyHint *h = tour_hints(&ui->tour); h && h->first != ACTION_NONE && n < cap; h++)
        out[n++] = h;
    bool guided = predict_hints(&ui->predict) || tour_hints(&ui->tour);   /* their keys win */
    bool modal = ui_view_modal(ui);   /* the view takes some keys for itself */
    for (const ViewHint *h = guided ? NULL : v->hints; h && h->hint.first != ACTION_NONE && n < cap; h++)
        if (view_hint_applies(h, c->stage) && !(modal && h->not_modal))
            out[n++] = &h->hint;
    if (own)
        *own = n;
    for (const KeyHint *h = action_hints; h->first != ACTION_NONE && n < cap; h++)
        if (view_global_hint_applies(v, h) && !key_taken(ui, h->first))
            out[n++] = h;
    return n;
}

/* The label of action a's key: the view's binding first, then a question's or the tour's,
 * then the global one. */
static const char *key_label(const ViewCtx *c, const ViewOps *v, Action a)
{
    const char *label = action_key_label_in(v->keys, a);
    if (!*label)
        label = predict_key_label(a);
    if (!*label)
        label = tour_key_label(a);
    return action_key_word(*label ? label : action_key_label(a), c->lang);
}

/* What hint h says it does: its own words, but the lesson's buttons for play and numbers
 * (「自动播放」, 「暂停」 while playing; 「数字：藏起来」, 「数字：显示」 while hidden). */
static const char *hint_word(const ViewCtx *c, const KeyHint *h)
{
    if (h->first == ACTION_PLAY && h->second == ACTION_NONE)
        return c->p->playing ? SAY(c, "pause", "暂停") : SAY(c, h->en, "自动播放");
    if (h->first == ACTION_NUMBERS && c->lang == LANG_ZH)
        return c->ui->numbers ? "数字：藏起来" : "数字：显示";
    return c->lang == LANG_ZH ? h->zh : h->en;
}

/* Hint h: "Space play", "←/→ step". */
static void hint_text(const ViewCtx *c, const ViewOps *v, const KeyHint *h, char *buf, size_t cap)
{
    char keys[64], shown[64];
    char first[32], second[32];
    snprintf(first, sizeof first, "%s", key_label(c, v, h->first));
    snprintf(second, sizeof second, "%s", h->second != ACTION_NONE ? key_label(c, v, h->second) : "");
    first[strcspn(first, " ")] = '\0';     /* the key, without the aliases the help names */
    second[strcspn(second, " ")] = '\0';
    snprintf(keys, sizeof keys, "%s%s%s", first, second[0] ? "/" : "", second);
    draw_drawable(c->ascii, keys, shown, sizeof shown);
    snprintf(buf, cap, "%s %s", shown, hint_word(c, h));
}

/* "▶ playing ×2" or "❚❚ paused"; only the symbol (and speed) when `terse`. */
/* "lesson 7: causal mask, 2 heads  " when the lesson runs with lesson 7's preview, else "".
 * Terse: "L7: mask, 2h  ". */
static void status_preview(const ViewCtx *c, bool terse, char *buf, size_t cap)
{
    const Trace *tr = c->tr;
    buf[0] = '\0';
    if (tr->layered) {   /* a layered model: the (layer, head) every screen shows */
        int h = c->ui && c->ui->head > 0 && c->ui->head < tr->heads ? c->ui->head : 0;
        snprintf(buf, cap, terse ? SAY(c, "L%d H%d  ", "第 %d 层第 %d 个头  ")
                                 : SAY(c, "layer %d · head %d  ", "第 %d 层 · 第 %d 个头  "),
                 tr->layer + 1, h + 1);
        return;
    }
    if (tr->mask != MASK_CAUSAL && tr->heads == 1)
        return;
    snprintf(buf, cap, "%s", terse ? SAY(c, "L7: ", "第 7 课：") : SAY(c, "lesson 7: ", "第 7 课："));
    if (tr->mask == MASK_CAUSAL)
        draw_append(buf, cap, "%s", terse ? SAY(c, "mask", "掩码") : SAY(c, "causal mask", "因果掩码"));
    if (tr->heads > 1) {
        if (terse)
            draw_append(buf, cap, SAY(c, "%s%dh", "%s%d 个头"), tr->mask == MASK_CAUSAL ? SAY(c, ", ", "、") : "", tr->heads);
        else
            draw_append(buf, cap, SAY(c, "%s%d heads", "%s%d 个头"), tr->mask == MASK_CAUSAL ? SAY(c, ", ", "、") : "",
                        tr->heads);
    }
    draw_append(buf, cap, "  ");
}

static void status_state(const ViewCtx *c, bool terse, char *buf, size_t cap)
{
    /* a view that moves on its own (training) plays while its next tick is due */
    bool own = view_ops(c->ui->view)->tick != NULL;
    bool playing = own ? ui_next_tick(c->ui, 0) != VIEW_TICK_NEVER : c->p->playing;
    const char *sym = playing ? c->gl->playing : c->gl->paused;
    const char *word = playing ? SAY(c, "playing", "播放中") : SAY(c, "paused", "已暂停");
    status_preview(c, terse, buf, cap);
    draw_append(buf, cap, "%s%s%s", sym, terse ? "" : " ", terse ? "" : word);
    if (!own && c->p->playing && fabs(c->p->speed - 1.0) > 1e-9)
        draw_append(buf, cap, " %s%g", c->gl->by, c->p->speed);
}

/* The one-line note of the UI state, worded. */
static void note_text(const ViewCtx *c, char *buf, size_t cap)
{
    const Ui *ui = c->ui;
    buf[0] = '\0';
    switch (ui->note) {
    case NOTE_NONE:
        break;
    case NOTE_AT_FIRST:   /* ← at the tour's first stop, or at the first step */
        snprintf(buf, cap, "%s", ui->tour.on ? SAY(c, "the tour's first stop already", "已经是导览的第一站")
                                             : SAY(c, "first step already", "已经是第一步"));
        break;
    case NOTE_AT_LAST:
        snprintf(buf, cap, SAY(c, "last step: %s starts again", "最后一步：%s 从头开始"),
                 action_key_label(ACTION_FIRST));
        break;
    case NOTE_SPEED:
        snprintf(buf, cap, SAY(c, "speed %s%g", "速度 %s%g"), c->gl->by, ui->note_value);
        break;
    case NOTE_FASTEST:
        snprintf(buf, cap, SAY(c, "fastest already: %s%g", "已经最快：%s%g"), c->gl->by, ui->note_value);
        break;
    case NOTE_SLOWEST:
        snprintf(buf, cap, SAY(c, "slowest already: %s%g", "已经最慢：%s%g"), c->gl->by, ui->note_value);
        break;
    case NOTE_NO_CHARACTER:
        snprintf(buf, cap, SAY(c, "no character %d in this sentence", "句子里没有第 %d 个字"),
                 (int)ui->note_value);
        break;
    case NOTE_NOTHING_PLAYS:
        snprintf(buf, cap, SAY(c, "nothing plays on this screen: %s for one that does",
                                  "这个画面没有可播放的：按 %s 换一个"), action_key_label(ACTION_VIEW_NEXT));
        break;
    case NOTE_WELCOME:
        snprintf(buf, cap, SAY(c, "%s plays each character's four steps · %s/%s step · %s explains this screen",
                                  "%s 自动播放（每个字走完四步） · %s/%s 一步步走 · %s 讲解这个画面"),
                 action_key_word(action_key_label(ACTION_PLAY), c->lang), action_key_label(ACTION_PREV),
                 action_key_label(ACTION_NEXT), action_key_label(ACTION_HELP));
        if (c->g && c->g->w >= CHROME_WELCOME_TOUR_W)   /* room for one more: the whole lesson */
            draw_append(buf, cap, SAY(c, " · %s the whole lesson, guided", " · %s 导览整课"),
                        action_key_label(ACTION_TOUR));
        break;
    case NOTE_TOUR_END: {   /* and the questions' tally, summed up */
        const PredictTally *t = &ui->tour.tally_at[tour_count() - 1];
        if (t->asked > 0)
            snprintf(buf, cap, SAY(c, "the tour's end: you predicted %d of %d right · %s back, %s leaves",
                                      "导览结束：一共猜了 %d 题，猜对 %d 题 · %s 回去，%s 离开"),
                     c->lang == LANG_ZH ? t->asked : t->right, c->lang == LANG_ZH ? t->right : t->asked,
                     tour_key_label(ACTION_TOUR_PREV), tour_key_label(ACTION_TOUR_LEAVE));
        else
            snprintf(buf, cap, SAY(c, "the tour's last stop: %s back, %s leaves",
                                      "导览最后一站：%s 回去，%s 离开"),
                     tour_key_label(ACTION_TOUR_PREV), tour_key_label(ACTION_TOUR_LEAVE));
        break;
    }
    case NOTE_VERDICT: {
        const char *tok[MODEL_MAX_TOKENS];
        for (int t = 0; t < c->tr->T; t++)
            tok[t] = c->tok[t];
        predict_verdict(&ui->tour.verdict, c->ls, c->lang, tok, buf, cap);
        break;
    }
    case NOTE_NO_ORIGIN:
        snprintf(buf, cap, "%s", SAY(c, "no number is chosen here to trace: matrix, arcs, machine and code have one",
                                        "这个画面没有选中的数可追：打分表、连线、机器、五行代码里有"));
        break;
    case NOTE_UNDONE:
        if (ui->note_value == 0)
            snprintf(buf, cap, "%s", SAY(c, "what if: undone; the model is as it was loaded",
                                            "已撤销：模型恢复原样"));
        else
            snprintf(buf, cap, SAY(c, "what if: undone; %d more to undo (%s)", "已撤销：还有 %d 次改动可以撤销（%s）"),
                     (int)ui->note_value, action_key_label(ACTION_UNDO));
        break;
    case NOTE_NOTHING_TO_UNDO:
        snprintf(buf, cap, "%s", SAY(c, "what if: nothing changed yet, nothing to undo",
                                        "还没有改动，没什么可撤销的"));
        break;
    case NOTE_SET_STAYS:
        snprintf(buf, cap, "%s", SAY(c, "the numbers set on the command line (--set) stay: run without --set for the model as it is",
                                        "命令行上设的数（--set）不会撤销：去掉 --set 重新运行，就是原来的模型"));
        break;
    case NOTE_EDITS_FULL:
        snprintf(buf, cap, SAY(c, "what if: at most %d changes at a time: %s undoes them, newest first",
                                  "最多同时改 %d 处：按 %s 从最近的一次起撤销"),
                 EDIT_MAX, action_key_label(ACTION_UNDO));
        break;
    case NOTE_LESSON_MODEL: {
        bool already = ui->note_value != 0.0;
        snprintf(buf, cap, SAY(c, already ? "the lesson's model plays already"
                                          : "the lesson's model plays on every screen: %s again goes back",
                                  already ? "已经是课上的模型了" : "每个画面都换成课上的模型：再按 %s 回到之前的模型"),
                 action_key_label(ACTION_LESSON_MODEL));
        break;
    }
    case NOTE_MODEL_BACK:
        snprintf(buf, cap, SAY(c, "the model played before plays again: %s for the lesson's",
                                  "换回了之前的模型：按 %s 再用课上的模型"), action_key_label(ACTION_LESSON_MODEL));
        break;
    case NOTE_NUMBERS_NEEDED:
        snprintf(buf, cap, SAY(c, "%s does not apply here: practice needs its numbers",
                                  "%s 在这里不起作用：练习要看数字"), action_key_label(ACTION_NUMBERS));
        break;
    case NOTE_THEME: {
        static const char *const zh[THEME_COUNT] = { "深色", "浅色", "高对比（投影仪）" };
        const char *en = ui->theme == THEME_CONTRAST ? "contrast (a projector)"
                         : palette_theme_name(ui->theme);
        snprintf(buf, cap, SAY(c, "colours: %s · %s for the next", "配色：%s · 按 %s 换下一种"),
                 c->lang == LANG_ZH ? zh[ui->theme % THEME_COUNT] : en, action_key_label(ACTION_THEME));
        break;
    }
    case NOTE_SAVED:
        snprintf(buf, cap, SAY(c, "saved to %s", "已存到 %s"), ui->note_text);
        break;
    case NOTE_TEXT:
        snprintf(buf, cap, "%s", ui->note_text);
        break;
    }
}

/* Whether hint i is shown when only the first `keep` of the view's `views` hints are. */
static bool hint_kept(int i, int views, int keep)
{
    return i >= views || i < keep;
}

/* Columns the kept hints take with `gap` blanks between them. */
static int hints_width(const int *widths, int n, int views, int keep, int gap)
{
    int w = 0, shown = 0;
    for (int i = 0; i < n; i++) {
        if (!hint_kept(i, views, keep))
            continue;
        w += widths[i] + (shown++ ? gap : 0);
    }
    return w;
}

/* Note, then as many key hints as fit, then the play state at the right. When room is
 * short the hints close up, then the view's own hints go from the last (the global ones —
 * views, numbers, help, quit — stay), then the state loses its word. */
static void draw_status(const ViewCtx *c, const ViewOps *v, const ChromeLayout *L,
                        const char *notice)
{
    int y = L->status_row, x = 1;
    char buf[UI_NOTE_BYTES + 64];
    for (int col = 0; col < L->w; col++)
        grid_put_char(c->g, col, y, " ", STYLE_STATUS);
    note_text(c, buf, sizeof buf);
    if ((!buf[0] || c->ui->note == NOTE_WELCOME) && notice)   /* the terminal's notice first */
        snprintf(buf, sizeof buf, "%s", notice);
    if (buf[0]) {
        char shown[UI_NOTE_BYTES + 64];
        draw_drawable(c->ascii, buf, shown, sizeof shown);
        bool hint = c->ui->note == NOTE_WELCOME || c->ui->note == NOTE_VERDICT;   /* may take
                                          the room of the hints and of the state's word */
        /* what went well (a file written, the theme, the changes undone) in the line's own
           colour; what went wrong or was refused in the error colour */
        UiNote n = c->ui->note;
        bool news = n == NOTE_SAVED || n == NOTE_THEME || n == NOTE_UNDONE || n == NOTE_SPEED;
        x += draw_clipped(c->g, x, y, L->w - (hint ? 4 : 12), shown,
                          hint ? STYLE_FOCUS : news ? STYLE_STATUS : STYLE_ERROR) + 3;
    }
    const KeyHint *hints[32];
    int views = 0, n = chrome_status_hints(c, v, hints, 32, &views);
    int keep = views, gap = 2;
    char texts[32][128];   /* each hint as written, once: the fitting below measures them often */
    int widths[32];
    for (int i = 0; i < n; i++) {
        hint_text(c, v, hints[i], texts[i], sizeof texts[i]);
        widths[i] = text_width(texts[i]);
    }
    bool terse = false;
    status_state(c, false, buf, sizeof buf);
    for (;;) {
        int room = L->w - 1 - text_width(buf) - 2 - x;
        if (hints_width(widths, n, views, keep, gap) <= room)
            break;
        if (gap == 2)
            gap = 1;
        else if (keep > 0)
            keep--;
        else if (!terse)
            status_state(c, terse = true, buf, sizeof buf);
        else
            break;
    }
    int right = L->w - 1 - text_width(buf);
    grid_put_text(c->g, right, y, buf, STYLE_STATUS);
    for (int i = 0; i < n; i++) {
        if (!hint_kept(i, views, keep))
            continue;
        int w = widths[i];
        if (x + w > right - 1)
            continue;
        grid_put_text(c->g, x, y, texts[i], STYLE_STATUS);
        x += w + gap;
    }
}

/* ---------------------------------------------------------------- input line */

#define INPUT_HINT_ROWS 3   /* most rows the hint or an error takes above the input line */

/* "type it in ASCII: 3+5=? is 三加五等于? (0-99 + - * / = ? × ÷ is, how many) · vocabulary:
 * 零 一 二 … ?" into buf: the ASCII spelling first (a learner without a Chinese input method
 * reads it before anything is cut), then the vocabulary (in ASCII mode by its labels). */
static void input_vocabulary(const ViewCtx *c, char *buf, size_t cap)
{
    const Model *m = c->ls->model;
    char label[DRAW_LABEL_BYTES];
    if (c->lang == LANG_ZH)   /* the ASCII words explained: is 是, how many 几 */
        snprintf(buf, cap, "也可以用 ASCII 输入：3+5=? 就是「三加五等于?」（可用 0–99、+ - * / = ?、× ÷，"
                           "英文 is 表示「是」，how many 表示「几」）%s词表：", c->gl->sep);
    else
        snprintf(buf, cap, "type it in ASCII: 3+5=? is 三加五等于? (%s)%svocabulary:", spell_summary(LANG_EN), c->gl->sep);
    for (int i = 0; m && i < m->vocab_size && strlen(buf) + 16 < cap; i++)   /* no blank after a "：" */
        draw_append(buf, cap, "%s%s", i == 0 && c->lang == LANG_ZH ? "" : " ",
                    draw_char_label(c->ascii, m->vocab[i], label, sizeof label));
}

/* The typed text from column x with the cursor lit and the character at fault marked;
 * returns the column after it. */
static int input_text(const ViewCtx *c, const InputLine *in, int x, int y, int limit)
{
    const char *s = in->text;
    int i = 0, n = 0;
    char ch[TEXT_CHAR_BYTES], shown[2 * DRAW_LABEL_BYTES];
    while (s[i]) {
        int len = 1;
        while (s[i + len] && ((unsigned char)s[i + len] & 0xC0) == 0x80)
            len++;
        memcpy(ch, s + i, (size_t)len);
        ch[len] = '\0';
        n++;
        Style st = i == in->cursor ? STYLE_FOCUS : n == in->bad ? STYLE_ERROR : STYLE_STATUS;
        draw_drawable(c->ascii, ch, shown, sizeof shown);
        int w = draw_clipped(c->g, x, y, limit, shown, st);
        if (w == 0)
            break;
        x += w;
        i += len;
    }
    if (in->cursor >= i)
        x += draw_clipped(c->g, x, y, limit, " ", STYLE_FOCUS);
    return x;
}

/* The line over the input line for a file name: why the name was refused, or what is
 * written there (the picture S kept, or the model the train screen's w kept). */
static void input_file_about(const ViewCtx *c, const InputLine *in, char *buf, size_t cap)
{
    if (in->exists)
        snprintf(buf, cap, "%s", SAY(c, "a file of that name exists: Enter again replaces it, or change the name",
                                        "这个文件已经有了：再按 Enter 就替换它，或者改个名字"));
    else if (in->error[0])
        snprintf(buf, cap, "%s", in->error);
    else if (in->file == INPUT_FILE_MODEL)
        snprintf(buf, cap, "%s", SAY(c, "the trained model as a model file: attn-tui --model FILE plays it",
                                        "把训练好的模型存成文件：下次启动时用 --model 文件名 加载它"));
    else
        snprintf(buf, cap, SAY(c, "the frame as it was when you pressed %s, as an SVG picture (for slides)",
                                  "把按 %s 那一刻的画面存成 SVG 图片（可以放进幻灯片）"), action_key_label(ACTION_SNAPSHOT));
}

/* The input line in the status row, and over the body's last row the vocabulary (or why the
 * text does not read); for a file name, what is written or why the name was refused. */
static void draw_input(const ViewCtx *c, const ChromeLayout *L)
{
    const InputLine *in = &c->ui->input;
    bool file = in->mode == INPUT_FILE_NAME;
    char buf[1024], shown[1024];
    int y = L->status_row, limit = L->w - 1;
    if (file)
        input_file_about(c, in, buf, sizeof buf);
    else if (in->error[0])
        snprintf(buf, sizeof buf, "%s", in->error);
    else if (in->folded > 0)   /* what an input method typed, read as the vocabulary writes it */
        snprintf(buf, sizeof buf, "%s", SAY(c, "full-width and half-width forms are read as the vocabulary writes them (？ = ?, ３ = 3)",
                                            "全角、半角字符按词表里的写法读（？ = ?，３ = 3）"));
    else
        input_vocabulary(c, buf, sizeof buf);
    bool refused = in->error[0] || (file && in->exists);
    draw_drawable(c->ascii, buf, shown, sizeof shown);
    /* the hint or the error whole, wrapped over the body's last rows (at most 3) */
    int rows = draw_paragraph(NULL, c->gl, 1, 0, limit - 1, INPUT_HINT_ROWS, shown, STYLE_DIM);
    rows = rows < 1 ? 1 : rows;
    for (int col = 0; col < L->w; col++) {
        grid_put_char(c->g, col, y, " ", STYLE_STATUS);
        for (int r = 1; r <= rows; r++)
            grid_put_char(c->g, col, y - r, " ", STYLE_NORMAL);
    }
    draw_paragraph(c->g, c->gl, 1, y - rows, limit - 1, rows, shown, refused ? STYLE_ERROR : STYLE_DIM);
    int x = 1 + draw_clipped(c->g, 1, y, limit, file ? SAY(c, "file: ", "文件：")
                                                     : SAY(c, "sentence: ", "句子："), STYLE_STATUS);
    x = input_text(c, in, x, y, limit);
    if (!file && in->decoded[0] && strcmp(in->decoded, in->text) != 0) {
        snprintf(buf, sizeof buf, "  → %s", in->decoded);
        draw_drawable(c->ascii, buf, shown, sizeof shown);
        x += draw_clipped(c->g, x, y, limit, shown, STYLE_STATUS);
    }
    if (file)
        snprintf(buf, sizeof buf, "%s", SAY(c, "Enter writes it · Esc cancels", "Enter 写出 · Esc 取消"));
    else
        snprintf(buf, sizeof buf, "%s", SAY(c, "Enter runs it · Esc cancels · ↑/↓ earlier sentences",
                                            "Enter 运行 · Esc 取消 · ↑/↓ 之前的句子"));
    draw_drawable(c->ascii, buf, shown, sizeof shown);
    int hw = text_width(shown);
    if (x + 2 + hw <= limit)
        grid_put_text(c->g, limit - hw, y, shown, STYLE_STATUS);
}

void chrome_draw(const ViewCtx *c, const ViewOps *v, const ChromeLayout *L, const char *notice)
{
    draw_title_row(c, v, L);
    draw_view_bar(c, L);
    if (L->marker_row >= 0)
        draw_marker(c, v, L);
    if (L->caption_row >= 0)
        draw_caption(c, L);
    if (c->ui->input.open)
        draw_input(c, L);
    else
        draw_status(c, v, L, notice);
}

/* ---------------------------------------------------------------- help overlay */

#define HELP_MAX_ROWS 64   /* bindings the help can list */

/* True when a waiting question or the tour owns key. */
static bool guided_key(const Ui *ui, int key)
{
    return predict_binding(&ui->predict, key) || tour_binding(&ui->tour, key);
}

int chrome_help_rows(const Ui *ui, const ViewOps *v, ChromeHelpRow *rows, int cap)
{
    int n = 0;
    const KeyBinding *guided[] = { predict_keys(&ui->predict), tour_keys_of(&ui->tour) };
    for (int t = 0; t < 2; t++)
        for (const KeyBinding *b = guided[t]; b && b->key != 0 && n < cap; b++)
            if (b->in_help && !(t == 1 && predict_binding(&ui->predict, b->key)))
                rows[n++] = (ChromeHelpRow){ b->key, b->label, b->action };
    for (const KeyBinding *b = v->keys; b && b->key != 0 && n < cap; b++)
        if (b->in_help && !guided_key(ui, b->key))
            rows[n++] = (ChromeHelpRow){ b->key, b->label, b->action };
    for (const KeyBinding *b = action_keys; b->key != 0 && n < cap; b++)
        if (b->in_help && !action_find_key(v->keys, b->key) && !guided_key(ui, b->key) &&
            view_describe(v, b->action, LANG_EN))
            rows[n++] = (ChromeHelpRow){ b->key, b->label, b->action };
    return n;
}

/* A help line: a binding's key and (the first piece of) its description, or a further piece
 * of a description too wide for the box. */
typedef struct {
    const char *label;       /* the key, or NULL on a continuation line */
    bool whole;              /* a line of the station text: from the box's left, no key column */
    const char *text;        /* drawable description text (in the draw's HelpText) */
} HelpLine;

#define HELP_MAX_LINES (2 * HELP_MAX_ROWS)
#define HELP_TEXT_BYTES 32768   /* every line's text of one help, each line whole */

/* The text of the help's lines, copied whole (a line is as many bytes as its columns need:
 * a fixed buffer per line cut a Chinese line of 182 columns inside a character). */
typedef struct {
    char bytes[HELP_TEXT_BYTES];   /* NUL-terminated lines, one after another */
    size_t used;                   /* bytes taken */
} HelpText;

/* A copy of the n bytes at s in t (whole characters: the line breaker's pieces); "" when t
 * is full. */
static const char *help_keep(HelpText *t, const char *s, size_t n)
{
    if (t->used + n + 1 > sizeof t->bytes)
        return "";
    char *at = t->bytes + t->used;
    memcpy(at, s, n);
    at[n] = '\0';
    t->used += n + 1;
    return at;
}

/* Breaks text into lines of at most `room` columns with the one line breaker (between
 * words, in Chinese too, never before a closing mark nor inside a lesson term); appends them
 * to lines from *n (the first with `label`; an empty text is one empty line), their text
 * kept in t. */
static void help_wrap(const char *label, const char *text, int room, HelpLine *lines, int *n,
                      HelpText *t)
{
    WrapLine wl[HELP_MAX_LINES] = { { 0, 0 } };   /* "" is one empty line */
    int total = wrap_balanced(text, room, wl, HELP_MAX_LINES);
    total = total < 1 ? 1 : total > HELP_MAX_LINES ? HELP_MAX_LINES : total;
    for (int i = 0; i < total && *n < HELP_MAX_LINES; i++) {
        HelpLine *l = &lines[(*n)++];
        l->label = i == 0 ? label : NULL;
        l->whole = false;
        l->text = help_keep(t, text + wl[i].start, (size_t)wl[i].len);
    }
}

/* Appends text broken to `room` columns to lines from *n as whole-width lines. Returns the
 * widest piece's columns. */
static int help_whole(const ViewCtx *c, const char *text, int room, HelpLine *lines, int *n,
                      HelpText *t)
{
    char shown[1024];
    int from = *n, widest = 0;
    draw_drawable(c->ascii, text, shown, sizeof shown);
    help_wrap(NULL, shown, room > 8 ? room : 8, lines, n, t);
    for (int i = from; i < *n; i++) {
        lines[i].whole = true;
        widest = text_width(lines[i].text) > widest ? text_width(lines[i].text) : widest;
    }
    return widest;
}

/* The station text of v as one paragraph (its lines joined: a blank between English ones),
 * then its terms one a line, each broken to `room` columns, then a blank line; appended to
 * lines from *n. Returns the widest line's columns (0 when v has none). */
static int help_station(const ViewCtx *c, const ViewOps *v, int room, HelpLine *lines, int *n,
                        HelpText *t)
{
    const char *station = SAY(c, v->station_en, v->station_zh);
    const char *terms = SAY(c, v->terms_en, v->terms_zh);
    char text[1024], line[256];
    if (!station)
        return 0;
    size_t k = 0;
    for (const char *p = station; *p && k + 2 < sizeof text; p++)
        if (*p != '\n')
            text[k++] = *p;
        else if (c->lang != LANG_ZH)
            text[k++] = ' ';
    text[k] = '\0';
    int widest = help_whole(c, text, room, lines, n, t);
    for (const char *p = terms; p && *p && *n < HELP_MAX_LINES - 1;) {
        size_t len = strcspn(p, "\n");
        snprintf(line, sizeof line, "%.*s", (int)len, p);
        int w = help_whole(c, line, room, lines, n, t);
        widest = w > widest ? w : widest;
        p += len;
        if (*p == '\n')
            p++;
    }
    if (*n < HELP_MAX_LINES) {   /* a blank line before the keys */
        lines[*n].label = NULL;
        lines[*n].whole = true;
        lines[(*n)++].text = "";
    }
    return widest;
}

/* Blanks the column on each side of the box (the box is at most the frame's width less
 * two): no character of the body behind it touches its border ("│─", "│0"). */
static void help_margins(Grid *g, Rect box)
{
    for (int row = box.y; row < box.y + box.h; row++) {
        grid_put_char(g, box.x - 1, row, " ", STYLE_NORMAL);
        grid_put_char(g, box.x + box.w, row, " ", STYLE_NORMAL);
    }
}

void chrome_draw_help(const ViewCtx *c, const ViewOps *v, const ChromeLayout *L)
{
    ChromeHelpRow rows[HELP_MAX_ROWS];
    HelpLine lines[HELP_MAX_LINES];
    HelpText text;
    text.used = 0;
    int nrows = chrome_help_rows(c->ui, v, rows, HELP_MAX_ROWS), n = 0;
    for (int i = 0; i < nrows; i++)   /* the keys' names in the help's language (空格) */
        rows[i].label = action_key_word(rows[i].label, c->lang);
    char buf[256], footer[160], legend[256] = "", title[96];
    int label_w = 0, desc_w = 0;
    for (int i = 0; i < nrows; i++) {
        draw_drawable(c->ascii, rows[i].label, buf, sizeof buf);
        label_w = text_width(buf) > label_w ? text_width(buf) : label_w;
        draw_drawable(c->ascii, view_describe(v, rows[i].action, c->lang), buf, sizeof buf);
        desc_w = text_width(buf) > desc_w ? text_width(buf) : desc_w;
    }
    if (v->help_en && !v->station_en)   /* the station text says more than the one line */
        draw_drawable(c->ascii, SAY(c, v->help_en, v->help_zh), legend, sizeof legend);
    int inner_max = L->w - 6;   /* the box's inside on the widest box the frame holds */
    int room = inner_max - label_w - 3;
    int station_w = help_station(c, v, inner_max, lines, &n, &text);
    for (int i = 0; i < nrows; i++) {   /* descriptions too wide for the box go on */
        draw_drawable(c->ascii, view_describe(v, rows[i].action, c->lang), buf, sizeof buf);
        help_wrap(rows[i].label, buf, room > 8 ? room : 8, lines, &n, &text);
    }
    int bh = n + 4 < L->h - 2 ? n + 4 : L->h - 2;
    int visible = bh - 4, top = c->ui->help_top;
    if (top > n - visible)
        top = n - visible;
    if (top < 0)
        top = 0;
    snprintf(buf, sizeof buf, SAY(c, "%s closes this help", "按 %s 关闭帮助"),
             action_key_label(ACTION_HELP));
    if (visible < n)
        draw_append(buf, sizeof buf, SAY(c, "  %s/%s scroll %d-%d of %d", "  %s/%s 翻动 %d-%d / %d"),
                    "↑", "↓", top + 1, top + visible, n);
    draw_drawable(c->ascii, buf, footer, sizeof footer);
    int inner = label_w + 3 + desc_w;
    inner = text_width(footer) > inner ? text_width(footer) : inner;
    inner = text_width(legend) > inner ? text_width(legend) : inner;
    inner = station_w > inner ? station_w : inner;
    int bw = inner + 4 < L->w - 2 ? inner + 4 : L->w - 2;
    Rect box = { (L->w - bw) / 2, (L->h - bh) / 2, bw, bh };
    snprintf(title, sizeof title, "%s%s%s", SAY(c, "help", "帮助"), c->gl->sep,
             SAY(c, v->tab_en, v->tab_zh));
    draw_drawable(c->ascii, title, buf, sizeof buf);
    help_margins(c->g, box);
    draw_box(c->g, c->gl, box, buf, STYLE_HELP);
    int limit = box.x + box.w - 2;
    for (int i = 0; i < visible; i++) {
        const HelpLine *l = &lines[top + i];
        if (l->whole) {
            draw_clipped(c->g, box.x + 2, box.y + 1 + i, limit, l->text, STYLE_HELP);
            continue;
        }
        if (l->label) {
            draw_drawable(c->ascii, l->label, buf, sizeof buf);
            draw_clipped(c->g, box.x + 2, box.y + 1 + i, limit, buf, STYLE_HELP);
        }
        draw_clipped(c->g, box.x + 2 + label_w + 3, box.y + 1 + i, limit, l->text, STYLE_HELP);
    }
    draw_clipped(c->g, box.x + 2, box.y + box.h - 3, limit, legend, STYLE_HELP);
    draw_clipped(c->g, box.x + 2, box.y + box.h - 2, limit, footer, STYLE_HELP);
}

/* ---------------------------------------------------------------- too small */

void chrome_draw_too_small(Grid *g, const Glyphs *gl, Lang lang)
{
    const char *head = LANG_PICK(lang, "too small to draw:", "画面太小：");
    char need[96], line[128];
    snprintf(need, sizeof need, LANG_PICK(lang, "need %d%s%d, have %d%s%d", "至少要 %d%s%d，现在是 %d%s%d"),
             FRAME_MIN_W, gl->by, FRAME_MIN_H, g->w, gl->by, g->h);
    snprintf(line, sizeof line, LANG_PICK(lang, "%s %s", "%s%s"), head, need);
    if (text_width(line) <= g->w) {
        draw_centred(g, 0, g->h / 2, g->w, line, STYLE_ERROR);
        return;
    }
    int top = g->h >= 2 ? g->h / 2 - 1 : 0;
    draw_centred(g, 0, top, g->w, head, STYLE_ERROR);
    draw_centred(g, 0, top + 1, g->w, need, STYLE_ERROR);
}
