/* frame.c — one whole frame: the chrome around the body that the current view draws, the
 * help over both; and what a click hits.
 * Owns: joining chrome and view, clamping what is drawn to what exists, the cache frames
 * keep between them (each view's part of it lives with the view).
 * Must not touch: ncurses, the clock, the engine's arithmetic. */
#include "frame.h"

#include <stdlib.h>

#include "chain.h"
#include "chrome.h"
#include "view.h"

/* What frames keep between them: each view's own cache, made by its ViewOps.cache_new. */
struct FrameCache {
    ViewCaches *views;   /* one per view that keeps one */
};

/* The options when the caller passes none. */
static const FrameOptions frame_default_options = { .lang = LANG_EN, .ascii = false };

ViewCtx frame_context(const FrameInput *in, Grid *g)
{
    const FrameOptions *o = in->opt ? in->opt : &frame_default_options;
    const Trace *tr = &in->lesson->tr;
    const Player *p = in->player;
    double progress = in->progress < 0.0 ? 0.0 : in->progress > 1.0 ? 1.0 : in->progress;
    int focus = p->focus < 0 ? 0 : p->focus >= tr->T ? tr->T - 1 : p->focus;
    Stage stage = (int)p->stage < 0 || p->stage >= STAGE_COUNT ? STAGE_QKV : p->stage;
    ViewCtx c = {
        .g = g, .ls = in->lesson, .tr = tr, .p = p, .ui = in->ui,
        .gl = draw_glyphs(o->ascii), .progress = progress, .focus = focus, .stage = stage,
        .lang = o->ascii ? LANG_EN : (o->lang == LANG_ZH ? LANG_ZH : LANG_EN),
        .ascii = o->ascii, .numbers = in->ui->numbers,
        .state = view_state_const(in->ui->views, in->ui->view),
        .keys = view_ops(in->ui->view)->keys,
        .cache = view_cache(in->cache ? in->cache->views : NULL, in->ui->view),
        .bar = in->bar && in->bar_count > 0 ? in->bar : NULL,
        .bar_count = in->bar && in->bar_count > 0 ? in->bar_count : 0,
        .prog = o->prog && o->prog[0] ? o->prog : "attn-tui",
    };
    for (int v = 0; v < VIEW_COUNT; v++)
        c.tab[v] = view_tab(view_ops((ViewId)v), c.ascii, c.lang);
    draw_context_labels(&c);
    return c;
}

/* What view v's body reads: c itself, or, for a screen about the lesson's model alone while
 * a layered model plays, the same with the lesson's model's pass (view_lesson). The chrome
 * keeps c: its title, note and status speak of the model in play. */
static ViewCtx frame_view_context(const ViewCtx *c, const ViewOps *v)
{
    ViewCtx vc = *c;
    const Lesson *ls = view_lesson(v, c->ls);
    if (ls == c->ls)
        return vc;
    vc.ls = ls;
    vc.tr = &ls->tr;
    vc.focus = c->p->focus < 0 ? 0 : c->p->focus >= vc.tr->T ? vc.tr->T - 1 : c->p->focus;
    draw_context_labels(&vc);
    return vc;
}

/* ---------------------------------------------------------------- the cache */

FrameCache *frame_cache_new(void)
{
    FrameCache *cache = calloc(1, sizeof *cache);
    if (!cache)
        return NULL;
    cache->views = view_caches_new();
    if (!cache->views) {
        frame_cache_free(cache);
        return NULL;
    }
    return cache;
}

void frame_cache_free(FrameCache *cache)
{
    if (!cache)
        return;
    view_caches_free(cache->views);
    free(cache);
}

/* ---------------------------------------------------------------- the frame */

/* True when the shown view keeps a state and the UI has none made for it (a Ui made by
 * hand, a view set without being opened, or out of memory). */
static bool frame_state_missing(const FrameInput *in)
{
    return view_ops(in->ui->view)->state_size && !view_state_const(in->ui->views, in->ui->view);
}

/* The same input with the shown view's fresh state, made in fresh (only that view's: the
 * frame draws one). False when out of memory. */
static bool frame_with_fresh(const FrameInput *in, Ui *ui, FrameInput *fresh)
{
    *ui = *in->ui;
    ui->views = view_states_new();
    if (!ui->views || !view_state_make(ui->views, ui->view, in->lesson)) {
        view_states_free(ui->views);
        return false;
    }
    *fresh = *in;
    fresh->ui = ui;
    return true;
}

/* A Ui without the shown view's state: the frame as drawn with that view's fresh state;
 * nothing but the blank grid when even that cannot be made. */
static void frame_render_fresh(Grid *g, const FrameInput *in)
{
    Ui ui;
    FrameInput fresh;
    if (!frame_with_fresh(in, &ui, &fresh))
        return;
    frame_render(g, &fresh);
    view_states_free(ui.views);
}

void frame_render(Grid *g, const FrameInput *in)
{
    const FrameOptions *o = in->opt ? in->opt : &frame_default_options;
    grid_clear(g);
    if (frame_state_missing(in)) {
        frame_render_fresh(g, in);
        return;
    }
    ViewCtx c = frame_context(in, g);
    const ViewOps *v = view_ops(in->ui->view);
    ChromeLayout L;
    chrome_layout(&c, v, g->w, g->h, &L);
    if (L.too_small) {
        chrome_draw_too_small(g, c.gl, c.lang);
        return;
    }
    c.body = L.body;
    ViewCtx vc = frame_view_context(&c, v);
    v->draw(&vc);
    chain_panel_draw(&vc, v);   /* "where does this number come from", when open */
    chrome_draw(&c, v, &L, o->notice);
    if (in->ui->help)
        chrome_draw_help(&c, v, &L);
}

bool frame_keys_rows(const FrameInput *in, int w, int h, int *bar_row, int *status_row)
{
    *bar_row = *status_row = -1;
    ViewCtx c = frame_context(in, NULL);
    ChromeLayout L;
    chrome_layout(&c, view_ops(in->ui->view), w, h, &L);
    if (L.too_small)
        return false;
    *bar_row = L.bar_row;
    *status_row = L.status_row;
    return true;
}

bool frame_hit(const FrameInput *in, int w, int h, int x, int y, Action *action, int *arg)
{
    if (frame_state_missing(in)) {
        Ui ui;
        FrameInput fresh;
        if (!frame_with_fresh(in, &ui, &fresh))
            return false;
        bool hit = frame_hit(&fresh, w, h, x, y, action, arg);
        view_states_free(ui.views);
        return hit;
    }
    ViewCtx c = frame_context(in, NULL);
    const ViewOps *v = view_ops(in->ui->view);
    ChromeLayout L;
    chrome_layout(&c, v, w, h, &L);
    if (L.too_small || in->ui->help)
        return false;
    if (y == L.bar_row) {
        int id = chrome_bar_view_at(&c, &L, x);
        if (id < 0)
            return false;
        if (c.bar) {   /* a fixed list: the row's place in the table */
            const ViewOps *row = c.bar[id];
            id = -1;
            for (int k = 0; k < VIEW_COUNT; k++)
                if (view_ops((ViewId)k) == row)
                    id = k;
            if (id < 0)
                return false;
        }
        *action = ACTION_VIEW_N;
        *arg = id;
        return true;
    }
    c.body = L.body;
    if (!v->hit || y < L.body.y || y >= L.body.y + L.body.h)
        return false;
    ViewCtx vc = frame_view_context(&c, v);
    return v->hit(&vc, x, y, action, arg);
}
