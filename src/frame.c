/* frame.c — one whole frame: the chrome around the body that the current view draws, the
 * help over both; and what a click hits.
 * Owns: joining chrome and view, clamping what is drawn to what exists, the cache frames
 * keep between them (each view's part of it lives with the view).
 * Must not touch: ncurses, the clock, the engine's arithmetic. */
#include "frame.h"

#include <stdlib.h>

#include "chrome.h"
#include "view.h"
#include "view_all.h"
#include "view_arcs.h"

/* What frames keep between them: each view's own cache. */
struct FrameCache {
    ArcsCache *arcs;   /* the arcs view's dots (arcs.c) */
    AllCache *all;     /* the all view's faded lines (view_all.c) */
};

/* The options when the caller passes none. */
static const FrameOptions frame_default_options = { LANG_EN, false, NULL };

/* The context every draw of this frame reads, for a w × h frame. */
static ViewCtx frame_context(const FrameInput *in, Grid *g)
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
        .arcs_cache = in->cache ? in->cache->arcs : NULL,
        .all_cache = in->cache ? in->cache->all : NULL,
    };
    draw_context_labels(&c);
    return c;
}

/* ---------------------------------------------------------------- the cache */

FrameCache *frame_cache_new(void)
{
    FrameCache *cache = calloc(1, sizeof *cache);
    if (!cache)
        return NULL;
    cache->arcs = arcs_cache_new();
    cache->all = all_cache_new();
    if (!cache->arcs || !cache->all) {
        frame_cache_free(cache);
        return NULL;
    }
    return cache;
}

void frame_cache_free(FrameCache *cache)
{
    if (!cache)
        return;
    arcs_cache_free(cache->arcs);
    all_cache_free(cache->all);
    free(cache);
}

/* ---------------------------------------------------------------- the frame */

void frame_render(Grid *g, const FrameInput *in)
{
    const FrameOptions *o = in->opt ? in->opt : &frame_default_options;
    grid_clear(g);
    ViewCtx c = frame_context(in, g);
    const ViewOps *v = view_ops(in->ui->view);
    ChromeLayout L;
    chrome_layout(&c, v, g->w, g->h, &L);
    if (L.too_small) {
        chrome_draw_too_small(g, c.gl);
        return;
    }
    c.body = L.body;
    v->draw(&c);
    chrome_draw(&c, v, &L, o->notice);
    if (in->ui->help)
        chrome_draw_help(&c, v, &L);
}

bool frame_hit(const FrameInput *in, int w, int h, int x, int y, Action *action, int *arg)
{
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
        *action = ACTION_VIEW_N;
        *arg = id;
        return true;
    }
    c.body = L.body;
    if (!v->hit || y < L.body.y || y >= L.body.y + L.body.h)
        return false;
    return v->hit(&c, x, y, action, arg);
}
