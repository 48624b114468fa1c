/* arcs.c — the arcs view's arcs from the asking character to every character, in braille dots.
 * Owns: arc geometry (half-ellipses in dot space), thickness by share class, merging dots
 * where arcs meet, the ASCII fallback (. - = #), and the V's flowing back at OUTPUT.
 * Must not touch: anything outside the arc area, ncurses, the clock, the engine's arithmetic. */
#include "view_arcs.h"

#include <math.h>
#include <string.h>

#ifndef M_PI
#define M_PI 3.14159265358979323846
#endif

/* ---------------------------------------------------------------- tuning */

#define ARC_MAX_ASPECT 1.4   /* tallest arc shape: height / half-width */
#define ARC_TAPER 0.3        /* fraction of an arc over which it swells to full thickness */
#define ARC_LOOP_HOLE 5.0    /* dots: the asker's loop stands this high under its thickness */
#define ARC_THICK_ROWS 16    /* arc areas taller than this many rows draw thicker lines ... */
#define ARC_THICK_MAX 2.0    /* ... up to this many times as thick (the thinnest stays 1 dot) */


/* Dot space: grid column x holds dot columns 2x and 2x+1; grid row y holds dot rows 4y..4y+3.
 * Arcs stand on the lowest dot row of the arc area (just above the sentence). */

/* ---------------------------------------------------------------- share classes */

int arcs_share_class(double share)
{
    if (share < 0.05)
        return 1;
    if (share < 0.15)
        return 2;
    if (share < 0.35)
        return 3;
    return 4;
}

/* ASCII glyph of each class, lightest first. */
static const char ascii_weights[] = ".-=#";

/* ---------------------------------------------------------------- braille cells */

int arcs_braille_dots(const Cell *cell)
{
    return draw_braille_dots(cell);
}

/* The arc class an ASCII cell already shows (0 for none). */
static int ascii_class(const Cell *cell)
{
    if (cell->glyph[0] == '\0' || cell->glyph[1] != '\0')
        return 0;
    const char *at = strchr(ascii_weights, cell->glyph[0]);
    return at ? (int)(at - ascii_weights) + 1 : 0;
}

/* Sets one dot of an arc of class cls; the cell keeps the stronger arc's style. */
static void plot_dot(const ViewCtx *c, const ArcsLayout *L, int dx, int dy, int cls)
{
    if (dx < 0 || dy < 0)
        return;
    int col = dx / 2, row = dy / 4;
    if (col >= L->w || row < L->arc_top || row >= L->sentence_row)
        return;
    Cell *cell = grid_at(c->g, col, row);
    Style style = (Style)(STYLE_ARC_1 + cls - 1);
    if (c->ascii) {
        if (cls >= ascii_class(cell)) {
            char glyph[2] = { ascii_weights[cls - 1], '\0' };
            grid_put_char(c->g, col, row, glyph, style);
        }
        return;
    }
    int old = draw_braille_dots(cell);
    if (old && cell->style > style)
        style = (Style)cell->style;
    int dots = old | draw_braille_bit(dx % 2, dy % 4);
    if (dots == old && cell->style == style)
        return;
    draw_braille_put(c->g, col, row, dots, style);
}

/* ---------------------------------------------------------------- arc geometry */

/* One arc: a half-ellipse from the asker to a target, drawn `layers` dots thick. */
typedef struct {
    double from;     /* dot column where it leaves the asking character */
    double to;       /* dot column where it lands on its target */
    double height;   /* apex height in dots above the feet */
    int layers;      /* thickness in dots (1, 2, 4, 6 at 80 × 24; more on big screens) */
    bool loop;       /* the asker's arc to itself: layers stack vertically */
    int cls;         /* share class 1..4: its style and ASCII glyph */
} Arc;

/* Dot row of the arcs' feet. */
static int arc_base(const ArcsLayout *L)
{
    return 4 * L->sentence_row - 1;
}

/* How far inward layer 1 lies at fraction u: 0 where the arc leaves the asker, so that
 * all arcs leave it as one thin fan, growing smoothly to a full dot by ARC_TAPER. */
static double arc_taper(double u)
{
    if (u >= ARC_TAPER)
        return 1.0;
    double t = u / ARC_TAPER;
    return t * t * (3.0 - 2.0 * t);
}

/* Point at fraction u (0 = the asker's end, 1 = the target's) of layer `layer`.
 * An arc's layers are concentric, `layer` dots inside the outer one (tapering to nothing at
 * the asker); a loop's are stacked, `layer` dots lower. */
static bool arc_point(const Arc *a, int base, double layer, double u, int *dx, int *dy)
{
    double inset = a->loop ? 0.0 : layer * arc_taper(u);
    double half = fabs(a->to - a->from) / 2.0;
    double b = a->height - (a->loop ? layer : inset);
    if (half < 0.5 || b < 1.0)
        return false;
    double theta = a->to >= a->from ? M_PI * (1.0 - u) : M_PI * u;
    /* the inset shrinks the ellipse about the target's foot, so the asker's end stays put */
    double cx = (a->from + a->to) / 2.0;
    double dir = a->to >= a->from ? 1.0 : -1.0;
    double x = cx + half * cos(theta) - dir * inset * (1.0 + cos(theta) * dir) / 2.0;
    *dx = (int)lround(x);
    *dy = base - (int)lround(b * sin(theta));
    return true;
}

/* Draws the first `upto` (0..1) of an arc, from the asker's end. */
static void draw_arc(const ViewCtx *c, const ArcsLayout *L, const Arc *a, double upto)
{
    if (upto <= 0.0)
        return;
    int base = arc_base(L);
    int layers = c->ascii ? 1 : a->layers;
    double size = fmax(fabs(a->to - a->from) / 2.0, a->height);
    int steps = (int)ceil(1.25 * M_PI * size) + 4;   /* under one dot per step: no gaps */
    /* half-dot steps between layers leave no pinholes in a thick band */
    for (int half_layer = 0; half_layer <= 2 * (layers - 1); half_layer++)
        for (int k = 0; k <= steps; k++) {
            int dx, dy;
            if (arc_point(a, base, half_layer / 2.0, upto * k / steps, &dx, &dy))
                plot_dot(c, L, dx, dy, a->cls);
        }
}

/* ---------------------------------------------------------------- the asker's arcs */

/* The asker's loop spans its own dot columns [*loop_l, *loop_r] (widened for a
 * one-column character); arcs to the left leave just left of it, to the right just right. */
static void asker_feet(const ViewCtx *c, const ArcsLayout *L, double *loop_l, double *loop_r)
{
    int x = L->tok_x[c->focus], w = L->tok_w[c->focus];
    *loop_l = 2 * x;
    *loop_r = 2 * x + 2 * w - 1;
    if (w == 1) {
        *loop_l -= 1;
        *loop_r += 1;
    }
}

/* Dot column of the outer layer's foot on target s, so that the whole band is
 * centred on the character. */
static double target_foot(const ArcsLayout *L, int s, int layers, bool rightward)
{
    double centre = 2.0 * L->tok_x[s] + L->tok_w[s] - 0.5;
    return rightward ? floor(centre + (layers - 1) / 2.0) : ceil(centre - (layers - 1) / 2.0);
}


/* Dots of thickness of each share class at 80 × 24: 1, 2, 4, 6 — each clearly heavier. */
static const int class_layers[5] = { 0, 1, 2, 4, 6 };


/* Dots of thickness of class cls, scaled up with the arc area so big screens keep the contrast. */
static int arc_layers(const ArcsLayout *L, int cls)
{
    double scale = (double)L->arc_rows / ARC_THICK_ROWS;
    scale = scale < 1.0 ? 1.0 : scale > ARC_THICK_MAX ? ARC_THICK_MAX : scale;
    return cls <= 1 ? 1 : (int)lround(class_layers[cls] * scale);
}

/* Thickness class of the arc to s at this stage (scores are thin: no shares yet). */
static int arc_class(const ViewCtx *c, int s)
{
    if (c->stage == STAGE_SCORE)
        return 1;
    return arcs_share_class(TRACE_SQ(c->tr, weights, c->focus, s));
}

/* Heights grow with distance, as the same shape scaled, so nested arcs never cross;
 * the farthest one fills the area (at most ARC_MAX_ASPECT times as tall as half its span). */
static double arc_aspect(const ViewCtx *c, const ArcsLayout *L, double loop_l, double loop_r)
{
    double widest = 0.0;
    for (int s = 0; s < L->tokens; s++) {
        if (s == c->focus)
            continue;
        bool rightward = s > c->focus;
        double from = rightward ? loop_r + 1 : loop_l - 1;
        double half = fabs(target_foot(L, s, 1, rightward) - from) / 2.0;
        if (half > widest)
            widest = half;
    }
    double room = 4.0 * L->arc_rows - 2.0;
    if (widest <= 0.0 || room >= ARC_MAX_ASPECT * widest)
        return ARC_MAX_ASPECT;
    return room / widest;
}

/* The arc from the asker to character s (to itself: a loop over its head). */
static Arc arc_to(const ViewCtx *c, const ArcsLayout *L, int s, double loop_l, double loop_r, double aspect)
{
    Arc a = { .cls = arc_class(c, s) };
    a.layers = arc_layers(L, a.cls);
    if (s == c->focus) {
        double room = 4.0 * L->arc_rows - 2.0;
        a.loop = true;
        a.from = loop_l;
        a.to = loop_r;
        a.height = ARC_LOOP_HOLE + a.layers < room ? ARC_LOOP_HOLE + a.layers : room;
        return a;
    }
    bool rightward = s > c->focus;
    a.from = rightward ? loop_r + 1 : loop_l - 1;
    a.to = target_foot(L, s, a.layers, rightward);
    a.height = fabs(a.to - a.from) / 2.0 * aspect;
    return a;
}

/* A V travelling back along its arc to the asker: at progress p it is (1 - p) of the way out. */
static void draw_packet(const ViewCtx *c, const ArcsLayout *L, const Arc *a)
{
    int dx, dy;
    if (!arc_point(a, arc_base(L), 0, 1.0 - c->progress, &dx, &dy) || dx < 0)
        return;
    int col = dx / 2, row = dy / 4;
    if (row >= L->arc_top && row < L->sentence_row)
        grid_put_char(c->g, col, row, c->gl->packet, STYLE_BOLD);
}

/* Every arc of the asker, grown to `progress` at ② and ③; at ④ whole, with the V's
 * travelling back along them while the transition runs. */
void arcs_draw(const ViewCtx *c, const ArcsLayout *L)
{
    Stage stage = c->stage;
    if (stage == STAGE_QKV || L->arc_rows <= 0)
        return;
    double loop_l, loop_r;
    asker_feet(c, L, &loop_l, &loop_r);
    double aspect = arc_aspect(c, L, loop_l, loop_r);
    double upto = stage == STAGE_OUTPUT ? 1.0 : c->progress;
    Arc arcs[MODEL_MAX_TOKENS];
    for (int s = 0; s < L->tokens; s++) {
        arcs[s] = arc_to(c, L, s, loop_l, loop_r, aspect);
        draw_arc(c, L, &arcs[s], upto);
    }
    if (stage == STAGE_OUTPUT && c->progress < 1.0)
        for (int s = 0; s < L->tokens; s++)
            draw_packet(c, L, &arcs[s]);
}
