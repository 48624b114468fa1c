/* arcs.c — the arcs view's arcs from the asking character to every character, in braille dots
 * (and the write screen's, from a row of shares it reads from its own pass: arcs_draw_row).
 * Owns: arc geometry (half-ellipses in dot space), width by share (a thin band along the way
 * and a foot exactly as wide as the share where the arc lands), colour by share, merging dots
 * where arcs meet, the thickening from ② to ③, the ASCII fallback, and the V's flowing back
 * at ④, sized by share.
 * An arc's dots in the order it grows are arcs_raster.c's, the dots kept between frames
 * arcs_cache.c's (arcs_raster.h is what the three share).
 * Must not touch: anything outside the arc area, ncurses, the clock, the engine's arithmetic. */
#include "view_arcs.h"
#include "arcs_raster.h"

#include "arcs_geometry.h"
#include "ramp.h"

#include <limits.h>
#include <math.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#ifndef M_PI
#define M_PI 3.14159265358979323846
#endif

/* ---------------------------------------------------------------- tuning */

#define ARC_MAX_ASPECT 1.4     /* tallest arc shape: height / half-width */
#define ARC_HEIGHT_POWER 0.55  /* heights grow as (half span)^0.55: near arcs stand tall, and
                                  (≥ 0.5) arcs leaving the asker on one side never cross */
#define ARC_LOOP_HOLE 5.0      /* dots: the asker's loop stands this high under its band */
#define ARCS_SECOND_RISE 0.6   /* both heads drawn: head 2's arcs stand this much of head 1's
                                  height, so that the two sets part above their feet */

/* Dot space: grid column x holds dot columns 2x and 2x+1; grid row y holds dot rows 4y..4y+3.
 * Arcs stand on the lowest dot row of the arc area (just above the sentence). */

/* ---------------------------------------------------------------- share → width, colour */

int arcs_foot_dots(const ArcsLayout *L, double share)
{
    return draw_share_size(share, L->min_dots, L->foot_scale);
}

int arcs_band_dots(const ArcsLayout *L, double share)
{
    return draw_share_size(share, L->min_dots, L->band_scale);
}

int arcs_packet_dots(const ArcsLayout *L, double share)
{
    return 2 + arcs_band_dots(L, share);
}

int arcs_head(const ViewCtx *c)
{
    return ui_head_shown(c->ui, c->tr);
}

bool arcs_both_heads(const ViewCtx *c)
{
    return c->tr->heads > 1 && c->ui && c->ui->head < 0;
}

double arcs_drawn_share(const ViewCtx *c, int s)
{
    return arcs_drawn_share_of(c, arcs_head(c), s);
}

double arcs_drawn_share_of(const ViewCtx *c, int h, int s)
{
    double share = TRACE_HSQ(c->tr, weights, h, c->focus, s);
    bool same_row = c->p && c->p->from_focus == c->focus;
    if (c->stage == STAGE_SCORE)   /* scores are no shares yet: thin, unless ③ is leaving */
        return same_row && c->p->from_stage == STAGE_SOFTMAX ? share * (1.0 - c->progress) : 0.0;
    if (c->stage == STAGE_SOFTMAX && same_row && c->p->from_stage == STAGE_SCORE)
        return share * c->progress;
    return share;
}

/* ---------------------------------------------------------------- plotting one dot */

/* Sets one dot of an arc at colour level `level`. */
static void plot_dot(const ViewCtx *c, const ArcsLayout *L, int dx, int dy, int level)
{
    Cell *cell = arcs_dot_cell(c, L, dx, dy);
    if (cell)
        arcs_plot_bits(c, cell, dx / 2, dy / 4, draw_braille_bit(dx % 2, dy % 4), level);
}

/* Clears one dot (a gap around a V flowing back). */
static void clear_dot(const ViewCtx *c, const ArcsLayout *L, int dx, int dy)
{
    Cell *cell = arcs_dot_cell(c, L, dx, dy);
    int old = cell ? arcs_braille_dots(cell) : 0;
    int dots = old & ~draw_braille_bit(dx % 2, dy % 4);
    if (old && dots != old)
        arcs_set_braille(c, dx / 2, dy / 4, cell, dots, (Style)cell->style);
}

/* The last sample drawn of an arc grown to `upto` (0..1): all of it, foot included, at 1. */
static int last_sample(const Arc *a, double upto)
{
    return upto >= 1.0 ? INT_MAX : (int)floor(upto * arcs_steps(a));
}

/* ---------------------------------------------------------------- drawing an arc */

/* What plotting an arc's dots at once needs. */
typedef struct {
    const ViewCtx *c;        /* the frame */
    const ArcsLayout *L;     /* its arc area */
    int level;               /* the arc's colour level */
} DirectPlot;

static void plot_visit(void *ctx, int dx, int dy, int k)
{
    const DirectPlot *d = ctx;
    (void)k;
    plot_dot(d->c, d->L, dx, dy, d->level);
}

/* Draws the first `upto` (0..1) of an arc, from the asker's end; its foot once it lands:
 * from the arc's raster when the frame has a cache, else dot by dot. */
static void draw_arc(const ViewCtx *c, const ArcsLayout *L, const Arc *a, double upto)
{
    if (upto <= 0.0)
        return;
    int last = last_sample(a, upto);
    if (c->cache && arcs_cache_draw(c, L, a, last))
        return;
    DirectPlot d = { c, L, a->level };
    arcs_walk(c, L, a, last, plot_visit, &d, NULL);
}

/* ---------------------------------------------------------------- the asker's arcs */

/* Dot column of character s's centre. */
static double token_centre(const ArcsLayout *L, int s)
{
    return 2.0 * L->tok_x[s] + L->tok_w[s] - 0.5;
}

/* The asker's loop spans [*loop_l, *loop_r]: its own dot columns (at least four), or its
 * foot when that is wider (own: the share it gives itself); arcs to the left leave just left
 * of it, to the right just right. */
static void asker_feet(const ArcsLayout *L, int focus, double own, double *loop_l, double *loop_r)
{
    int foot = arcs_foot_dots(L, own);
    int span = foot > 4 ? foot : 4;
    *loop_l = arcs_centred_run(token_centre(L, focus), span);
    *loop_r = *loop_l + span - 1;
}

/* Dot column of the outer layer's foot on target s, so that the whole band is
 * centred on the character. */
static double target_foot(const ArcsLayout *L, int s, int layers, bool rightward)
{
    int left = arcs_centred_run(token_centre(L, s), layers);
    return rightward ? left + layers - 1 : left;
}

/* Height of an arc of half-width `half` when the widest one has `widest` and may rise `room`
 * dots: as (half / widest)^ARC_HEIGHT_POWER of the room, no taller than ARC_MAX_ASPECT. */
static double arc_height(double half, double widest, double room)
{
    double h = widest > 0.0 ? room * pow(half / widest, ARC_HEIGHT_POWER) : room;
    return fmin(h, ARC_MAX_ASPECT * half);
}

/* Half-width of the widest arc of the asker. */
static double widest_half(const ArcsLayout *L, int focus, double loop_l, double loop_r)
{
    double widest = 0.0;
    for (int s = 0; s < L->tokens; s++) {
        if (s == focus)
            continue;
        bool rightward = s > focus;
        double from = rightward ? loop_r + 1 : loop_l - 1;
        double half = fabs(target_foot(L, s, 1, rightward) - from) / 2.0;
        if (half > widest)
            widest = half;
    }
    return widest;
}

/* The arc from the asker to character s carrying `share` (to itself: a loop over its head). */
static Arc arc_to(const ArcsLayout *L, int focus, int s, double share, double loop_l, double loop_r,
                  double widest, double rise)
{
    Arc a = { .level = ramp_share_level(share), .centre = token_centre(L, s) };
    a.layers = arcs_band_dots(L, share);
    a.foot = arcs_foot_dots(L, share);
    if (a.foot < a.layers)
        a.foot = a.layers;
    double room = 4.0 * L->arc_rows - 2.0;
    if (s == focus) {
        a.loop = true;
        a.from = loop_l;
        a.to = loop_r;
        a.height = ARC_LOOP_HOLE + a.layers < room ? ARC_LOOP_HOLE + a.layers : room;
        return a;
    }
    bool rightward = s > focus;
    a.from = rightward ? loop_r + 1 : loop_l - 1;
    a.to = target_foot(L, s, a.layers, rightward);
    a.height = rise * arc_height(fabs(a.to - a.from) / 2.0, widest, room);
    return a;
}

/* The asker's arcs (arcs[s] where shown[s], carrying share[s]), `rise` as tall as one
 * head's: the one geometry of every screen that draws arcs. */
static void build_arcs(const ArcsLayout *L, int focus, const double *share, const bool *shown, double rise,
                       Arc *arcs)
{
    double loop_l, loop_r;
    asker_feet(L, focus, shown[focus] ? share[focus] : 0.0, &loop_l, &loop_r);
    double widest = widest_half(L, focus, loop_l, loop_r);
    for (int s = 0; s < L->tokens; s++)
        if (shown[s])
            arcs[s] = arc_to(L, focus, s, share[s], loop_l, loop_r, widest, rise);
}

/* A V travelling back along its arc to the asker: at progress p it is (1 - p) of the way
 * out, a round bead as wide as arcs_packet_dots says, with a ring of clear dots around it. */
static void draw_packet(const ViewCtx *c, const ArcsLayout *L, const Arc *a, double share)
{
    int dx, dy;
    if (!arcs_point(a, arcs_base(L), (a->layers - 1) / 2.0, 1.0 - c->progress, &dx, &dy))
        return;
    int size = arcs_packet_dots(L, share);
    if (c->ascii) {
        Cell *cell = arcs_dot_cell(c, L, dx, dy);
        const char *glyph = size <= 3 ? "." : size <= 5 ? "o" : size <= 7 ? "O" : "@";
        if (cell)
            grid_put_char(c->g, dx / 2, dy / 4, glyph, STYLE_BOLD);
        return;
    }
    double r = size / 2.0, off = size % 2 ? 0.0 : 0.5;   /* even sizes centre between dots */
    int reach = (int)r + 2;
    /* distances compared squared: quarter-integers, exact (as hypot's would be) */
    double inner = r * r, outer = (r + 1.0) * (r + 1.0);
    for (int pass = 0; pass < 2; pass++)   /* first the ring of clear dots, then the bead */
        for (int y = -reach; y <= reach; y++)
            for (int x = -reach; x <= reach; x++) {
                double d2 = (x - off) * (x - off) + (y - off) * (y - off);
                if (pass == 0 && d2 >= inner && d2 < outer)
                    clear_dot(c, L, dx + x, dy + y);
                Cell *cell = pass == 1 && d2 < inner ? arcs_dot_cell(c, L, dx + x, dy + y) : NULL;
                if (cell)
                    arcs_set_braille(c, (dx + x) / 2, (dy + y) / 4, cell,
                                arcs_braille_dots(cell) | draw_braille_bit((dx + x) % 2, (dy + y) % 4),
                                STYLE_BOLD);
            }
}

/* Reports the arcs drawn as shapes (arcs_geometry.h) for the SVG writer: each from where it
 * leaves the asker to its target's centre, as high as drawn, with its share and the
 * picture's one scale (the characters' pitch, the largest share drawn); its terminal width
 * is its foot's rule without rounding (1 + share · foot_scale dots). */
static void report_geometry(const ViewCtx *c, const ArcsLayout *L, const Arc *arcs, const bool *shown,
                            const double *share, Style series)
{
    ArcsGeometry *out = c->g->vectors;
    arcs_geometry_area(out, 0, L->arc_top, L->w, L->sentence_row - L->arc_top);
    double widest = 0.0;
    for (int s = 0; s < L->tokens; s++)
        if (shown[s] && share[s] > widest)
            widest = share[s];
    arcs_geometry_scale(out, 2.0 * L->pitch, widest);
    for (int s = 0; s < L->tokens; s++) {
        if (!shown[s])
            continue;
        const Arc *a = &arcs[s];
        GeomShape g = { .kind = GEOM_ARC, .x0 = a->from, .y0 = arcs_base(L),
                        .x1 = a->loop ? a->to : a->centre, .y1 = arcs_base(L), .height = a->height,
                        .width = 1.0 + share[s] * L->foot_scale, .share = share[s],
                        .style = series != STYLE_NORMAL ? (int)series : (int)ramp_style(a->level) };
        arcs_geometry_add(out, &g);
    }
}

/* Head h's arcs of the asker (arcs[s] where shown[s], carrying share[s] as drawn now),
 * `rise` as tall as one head's. */
static void head_arcs(const ViewCtx *c, const ArcsLayout *L, int h, double rise, Arc *arcs, bool *shown,
                      double *share)
{
    for (int s = 0; s < L->tokens; s++) {
        shown[s] = engine_visible(c->tr, c->focus, s);
        share[s] = arcs_drawn_share_of(c, h, s);
    }
    build_arcs(L, c->focus, share, shown, rise, arcs);
}

/* Head h's arcs (head_arcs, marked in the cache when there is one), grown to `progress` at ②
 * and ③ (whole while ② thickens into ③); at ④ whole, with the V's travelling back along them
 * while the transition runs. With series (not STYLE_NORMAL) the SVG writer's shapes are
 * reported in that style. */
static void draw_head(const ViewCtx *c, const ArcsLayout *L, int h, Style series, const Arc *arcs,
                      const bool *shown, const double *share)
{
    Stage stage = c->stage;
    bool thickening = c->p && c->p->from_focus == c->focus &&
                      ((stage == STAGE_SOFTMAX && c->p->from_stage == STAGE_SCORE) ||
                       (stage == STAGE_SCORE && c->p->from_stage == STAGE_SOFTMAX));
    double upto = stage == STAGE_OUTPUT || thickening ? 1.0 : c->progress;
    if (c->g->vectors)
        report_geometry(c, L, arcs, shown, share, series);
    for (int s = 0; s < L->tokens; s++)
        if (shown[s])
            draw_arc(c, L, &arcs[s], upto);
    if (stage == STAGE_OUTPUT && c->progress < 1.0)
        for (int s = 0; s < L->tokens; s++)
            if (engine_visible(c->tr, c->focus, s))
                draw_packet(c, L, &arcs[s], TRACE_HSQ(c->tr, weights, h, c->focus, s));
}

/* Gives every arc cell of the arc area (a style of the share levels, or a V's bold) the
 * style of one head's series. */
static void paint_series(const ViewCtx *c, const ArcsLayout *L, Style series)
{
    Grid *g = c->g;
    int top = L->arc_top < 0 ? 0 : L->arc_top, end = L->sentence_row < g->h ? L->sentence_row : g->h;
    int w = L->w < g->w ? L->w : g->w;
    for (int y = top; y < end; y++) {   /* row by row: the area is most of a tall frame */
        Cell *row = &g->cells[(size_t)y * (size_t)g->w];
        for (int x = 0; x < w; x++) {
            Cell *cell = &row[x];
            if ((cell->style >= STYLE_SHARE_1 && cell->style <= STYLE_SHARE_4) ||
                (cell->style == STYLE_BOLD && cell->glyph[0] != ' '))
                cell->style = (unsigned char)series;
        }
    }
}

void arcs_draw(const ViewCtx *c, const ArcsLayout *L)
{
    if (c->stage == STAGE_QKV || L->arc_rows <= 0)
        return;
    Arc arcs[ENGINE_MAX_HEADS][MODEL_MAX_TOKENS];
    bool shown[ENGINE_MAX_HEADS][MODEL_MAX_TOKENS];
    double share[ENGINE_MAX_HEADS][MODEL_MAX_TOKENS];
    if (!arcs_both_heads(c)) {
        int h = arcs_head(c);
        head_arcs(c, L, h, 1.0, arcs[0], shown[0], share[0]);
        if (c->cache)
            arcs_cache_mark(c, L, arcs[0], shown[0]);
        draw_head(c, L, h, STYLE_NORMAL, arcs[0], shown[0], share[0]);
        return;
    }
    /* both heads: head 1's arcs as tall as one head's, painted its colour, then head 2's,
     * ARCS_SECOND_RISE as tall (so the two sets part above the feet), over them in its own (a
     * cell both reach takes head 2's); both heads' arcs marked in the cache before either is
     * drawn, so that walking one head's forgets none of the other's */
    head_arcs(c, L, 0, 1.0, arcs[0], shown[0], share[0]);
    head_arcs(c, L, 1, ARCS_SECOND_RISE, arcs[1], shown[1], share[1]);
    if (c->cache) {
        arcs_cache_mark(c, L, arcs[0], shown[0]);
        arcs_cache_mark_more(c, L, arcs[1], shown[1]);
    }
    draw_head(c, L, 0, STYLE_SERIES_A, arcs[0], shown[0], share[0]);
    paint_series(c, L, STYLE_SERIES_A);
    draw_head(c, L, 1, STYLE_SERIES_B, arcs[1], shown[1], share[1]);
    paint_series(c, L, STYLE_SERIES_B);
}

void arcs_draw_row(const ViewCtx *c, const ArcsLayout *L, int focus, const double *share, const bool *shown)
{
    if (L->arc_rows <= 0 || L->tokens < 1 || focus < 0 || focus >= L->tokens)
        return;
    Arc arcs[MODEL_MAX_TOKENS];
    build_arcs(L, focus, share, shown, 1.0, arcs);
    if (c->cache)
        arcs_cache_mark(c, L, arcs, shown);
    if (c->g->vectors)
        report_geometry(c, L, arcs, shown, share, STYLE_NORMAL);
    for (int s = 0; s < L->tokens; s++)
        if (shown[s])
            draw_arc(c, L, &arcs[s], 1.0);
}
