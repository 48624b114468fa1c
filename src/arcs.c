/* arcs.c — the arcs view's arcs from the asking character to every character, in braille dots.
 * Owns: arc geometry (half-ellipses in dot space), width by share (a thin band along the way
 * and a foot exactly as wide as the share where the arc lands), colour by share, merging dots
 * where arcs meet, the thickening from ② to ③, the ASCII fallback, and the V's flowing back
 * at ④, sized by share.
 * Must not touch: anything outside the arc area, ncurses, the clock, the engine's arithmetic. */
#include "view_arcs.h"

#include <math.h>
#include <string.h>

#ifndef M_PI
#define M_PI 3.14159265358979323846
#endif

/* ---------------------------------------------------------------- tuning */

#define ARC_MAX_ASPECT 1.4     /* tallest arc shape: height / half-width */
#define ARC_HEIGHT_POWER 0.55  /* heights grow as (half span)^0.55: near arcs stand tall, and
                                  (≥ 0.5) arcs leaving the asker on one side never cross */
#define ARC_TAPER 0.3          /* fraction of an arc over which it swells to its band */
#define ARC_LOOP_HOLE 5.0      /* dots: the asker's loop stands this high under its band */
#define ARC_FOOT_DOTS 4        /* dot rows over which the band widens into its foot */
#define ARC_FOOT_MAX 100       /* widest foot (dots) of a share of 1, however wide the screen */

/* Dot space: grid column x holds dot columns 2x and 2x+1; grid row y holds dot rows 4y..4y+3.
 * Arcs stand on the lowest dot row of the arc area (just above the sentence). */

/* ---------------------------------------------------------------- share → width, colour */

int arcs_share_level(double share)
{
    int level = 1 + (int)floor(share * ARCS_LEVELS + 1e-9);
    return level < 1 ? 1 : level > ARCS_LEVELS ? ARCS_LEVELS : level;
}

/* 1 + ⌊share · scale⌋, for a share clamped into 0..1. */
static int dots_of(double share, int scale)
{
    share = share < 0.0 ? 0.0 : share > 1.0 ? 1.0 : share;
    return 1 + (int)floor(share * scale + 1e-9);
}

int arcs_foot_dots(const ArcsLayout *L, double share)
{
    return dots_of(share, L->foot_scale);
}

int arcs_band_dots(const ArcsLayout *L, double share)
{
    return dots_of(share, L->band_scale);
}

int arcs_packet_dots(const ArcsLayout *L, double share)
{
    return 2 + dots_of(share, L->band_scale);
}

int arcs_head(const ViewCtx *c)
{
    return c->tr->heads > 1 && c->ui && c->ui->head == 1 ? 1 : 0;
}

double arcs_drawn_share(const ViewCtx *c, int s)
{
    double share = TRACE_HSQ(c->tr, weights, arcs_head(c), c->focus, s);
    bool same_row = c->p && c->p->from_focus == c->focus;
    if (c->stage == STAGE_SCORE)   /* scores are no shares yet: thin, unless ③ is leaving */
        return same_row && c->p->from_stage == STAGE_SOFTMAX ? share * (1.0 - c->progress) : 0.0;
    if (c->stage == STAGE_SOFTMAX && same_row && c->p->from_stage == STAGE_SCORE)
        return share * c->progress;
    return share;
}

/* ASCII glyph of each level, lightest first. */
static const char ascii_weights[ARCS_LEVELS + 1] = ".:-=+*#@";

/* ---------------------------------------------------------------- braille cells */

int arcs_braille_dots(const Cell *cell)
{
    return draw_braille_dots(cell);
}

/* The arc level an ASCII cell already shows (0 for none). */
static int ascii_level(const Cell *cell)
{
    if (cell->glyph[0] == '\0' || cell->glyph[1] != '\0' || cell->style < STYLE_ARC_1 ||
        cell->style > STYLE_ARC_8)
        return 0;
    const char *at = strchr(ascii_weights, cell->glyph[0]);
    return at ? (int)(at - ascii_weights) + 1 : 0;
}

/* The cell of dot (dx, dy) inside the arc area, or NULL. */
static Cell *dot_cell(const ViewCtx *c, const ArcsLayout *L, int dx, int dy)
{
    if (dx < 0 || dy < 0)
        return NULL;
    int col = dx / 2, row = dy / 4;
    if (col >= L->w || row < L->arc_top || row >= L->sentence_row)
        return NULL;
    return grid_at(c->g, col, row);
}

/* Writes braille dots into a cell (a blank when none are left), in style. */
static void set_braille(const ViewCtx *c, int col, int row, Cell *cell, int dots, Style style)
{
    (void)cell;
    if (!dots) {
        grid_put_char(c->g, col, row, " ", STYLE_NORMAL);
        return;
    }
    draw_braille_put(c->g, col, row, dots, style);
}

/* Sets one dot of an arc at colour level `level`; the cell keeps the stronger arc's style. */
static void plot_dot(const ViewCtx *c, const ArcsLayout *L, int dx, int dy, int level)
{
    Cell *cell = dot_cell(c, L, dx, dy);
    if (!cell)
        return;
    int col = dx / 2, row = dy / 4;
    Style style = (Style)(STYLE_ARC_1 + level - 1);
    if (c->ascii) {
        if (level >= ascii_level(cell)) {
            char glyph[2] = { ascii_weights[level - 1], '\0' };
            grid_put_char(c->g, col, row, glyph, style);
        }
        return;
    }
    int old = arcs_braille_dots(cell);
    if (old && cell->style > style && cell->style <= STYLE_ARC_8)
        style = (Style)cell->style;
    int dots = old | draw_braille_bit(dx % 2, dy % 4);
    if (dots != old || cell->style != style)
        set_braille(c, col, row, cell, dots, style);
}

/* Clears one dot (a gap around a V flowing back). */
static void clear_dot(const ViewCtx *c, const ArcsLayout *L, int dx, int dy)
{
    Cell *cell = dot_cell(c, L, dx, dy);
    int old = cell ? arcs_braille_dots(cell) : 0;
    int dots = old & ~draw_braille_bit(dx % 2, dy % 4);
    if (old && dots != old)
        set_braille(c, dx / 2, dy / 4, cell, dots, (Style)cell->style);
}

/* ---------------------------------------------------------------- arc geometry */

/* One arc: a half-ellipse from the asker to a target, a band `layers` dots thick that
 * widens into a foot `foot` dots wide where it lands. */
typedef struct {
    double from;     /* dot column where it leaves the asking character */
    double to;       /* dot column of its outer layer where it lands on its target */
    double height;   /* apex height in dots above the feet */
    double centre;   /* dot column of the target's centre (where the foot is centred) */
    int layers;      /* band thickness in dots */
    int foot;        /* foot width in dots */
    bool loop;       /* the asker's arc to itself: layers stack vertically */
    int level;       /* colour level 1..ARCS_LEVELS: its style and ASCII glyph */
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

/* First dot column of a run of n dots centred on dot column `centre`. */
static int centred_run(double centre, int n)
{
    return (int)ceil(centre - n / 2.0);
}

/* The foot: over the lowest ARC_FOOT_DOTS dot rows the band widens to `foot` dots, centred
 * on the target, so every share stands on the same line with its own width. */
static void draw_foot(const ViewCtx *c, const ArcsLayout *L, const Arc *a)
{
    int base = arc_base(L);
    if (c->ascii) {   /* one row of the arc's glyph, as many columns as the foot's dots fill */
        int cols = (a->foot + 1) / 2;
        int x0 = centred_run(a->centre / 2.0 - 0.25, cols);
        for (int x = x0; x < x0 + cols; x++)
            plot_dot(c, L, 2 * x, base, a->level);
        return;
    }
    for (int k = 0; k < ARC_FOOT_DOTS; k++) {   /* k dot rows above the base */
        double t = (double)(ARC_FOOT_DOTS - k) / ARC_FOOT_DOTS;
        int n = (int)lround(a->layers + (a->foot - a->layers) * t);
        int x0 = centred_run(a->centre, n);
        for (int x = x0; x < x0 + n; x++)
            plot_dot(c, L, x, base - k, a->level);
    }
}

/* Draws the first `upto` (0..1) of an arc, from the asker's end; its foot once it lands. */
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
                plot_dot(c, L, dx, dy, a->level);
        }
    if (upto >= 1.0)
        draw_foot(c, L, a);
}

/* ---------------------------------------------------------------- the asker's arcs */

/* Dot column of character s's centre. */
static double token_centre(const ArcsLayout *L, int s)
{
    return 2.0 * L->tok_x[s] + L->tok_w[s] - 0.5;
}

/* The asker's loop spans [*loop_l, *loop_r]: its own dot columns (at least four), or its
 * foot when that is wider; arcs to the left leave just left of it, to the right just right. */
static void asker_feet(const ViewCtx *c, const ArcsLayout *L, double *loop_l, double *loop_r)
{
    int foot = arcs_foot_dots(L, arcs_drawn_share(c, c->focus));
    int span = foot > 4 ? foot : 4;
    *loop_l = centred_run(token_centre(L, c->focus), span);
    *loop_r = *loop_l + span - 1;
}

/* Dot column of the outer layer's foot on target s, so that the whole band is
 * centred on the character. */
static double target_foot(const ArcsLayout *L, int s, int layers, bool rightward)
{
    int left = centred_run(token_centre(L, s), layers);
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
static double widest_half(const ViewCtx *c, const ArcsLayout *L, double loop_l, double loop_r)
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
    return widest;
}

/* The arc from the asker to character s (to itself: a loop over its head). */
static Arc arc_to(const ViewCtx *c, const ArcsLayout *L, int s, double loop_l, double loop_r,
                  double widest)
{
    double share = arcs_drawn_share(c, s);
    Arc a = { .level = arcs_share_level(share), .centre = token_centre(L, s) };
    a.layers = arcs_band_dots(L, share);
    a.foot = arcs_foot_dots(L, share);
    if (a.foot < a.layers)
        a.foot = a.layers;
    double room = 4.0 * L->arc_rows - 2.0;
    if (s == c->focus) {
        a.loop = true;
        a.from = loop_l;
        a.to = loop_r;
        a.height = ARC_LOOP_HOLE + a.layers < room ? ARC_LOOP_HOLE + a.layers : room;
        return a;
    }
    bool rightward = s > c->focus;
    a.from = rightward ? loop_r + 1 : loop_l - 1;
    a.to = target_foot(L, s, a.layers, rightward);
    a.height = arc_height(fabs(a.to - a.from) / 2.0, widest, room);
    return a;
}

/* A V travelling back along its arc to the asker: at progress p it is (1 - p) of the way
 * out, a round bead as wide as arcs_packet_dots says, with a ring of clear dots around it. */
static void draw_packet(const ViewCtx *c, const ArcsLayout *L, const Arc *a, double share)
{
    int dx, dy;
    if (!arc_point(a, arc_base(L), (a->layers - 1) / 2.0, 1.0 - c->progress, &dx, &dy))
        return;
    int size = arcs_packet_dots(L, share);
    if (c->ascii) {
        Cell *cell = dot_cell(c, L, dx, dy);
        const char *glyph = size <= 3 ? "." : size <= 5 ? "o" : size <= 7 ? "O" : "@";
        if (cell)
            grid_put_char(c->g, dx / 2, dy / 4, glyph, STYLE_BOLD);
        return;
    }
    double r = size / 2.0, off = size % 2 ? 0.0 : 0.5;   /* even sizes centre between dots */
    int reach = (int)r + 2;
    for (int pass = 0; pass < 2; pass++)   /* first the ring of clear dots, then the bead */
        for (int y = -reach; y <= reach; y++)
            for (int x = -reach; x <= reach; x++) {
                double d = hypot(x - off, y - off);
                if (pass == 0 && d >= r && d < r + 1.0)
                    clear_dot(c, L, dx + x, dy + y);
                Cell *cell = pass == 1 && d < r ? dot_cell(c, L, dx + x, dy + y) : NULL;
                if (cell)
                    set_braille(c, (dx + x) / 2, (dy + y) / 4, cell,
                                arcs_braille_dots(cell) | draw_braille_bit((dx + x) % 2, (dy + y) % 4),
                                STYLE_BOLD);
            }
}

/* Every arc of the asker, grown to `progress` at ② and ③ (whole while ② thickens into ③);
 * at ④ whole, with the V's travelling back along them while the transition runs. */
void arcs_draw(const ViewCtx *c, const ArcsLayout *L)
{
    Stage stage = c->stage;
    if (stage == STAGE_QKV || L->arc_rows <= 0)
        return;
    double loop_l, loop_r;
    asker_feet(c, L, &loop_l, &loop_r);
    double widest = widest_half(c, L, loop_l, loop_r);
    bool thickening = c->p && c->p->from_focus == c->focus &&
                      ((stage == STAGE_SOFTMAX && c->p->from_stage == STAGE_SCORE) ||
                       (stage == STAGE_SCORE && c->p->from_stage == STAGE_SOFTMAX));
    double upto = stage == STAGE_OUTPUT || thickening ? 1.0 : c->progress;
    Arc arcs[MODEL_MAX_TOKENS];
    for (int s = 0; s < L->tokens; s++) {
        if (!engine_visible(c->tr, c->focus, s))
            continue;
        arcs[s] = arc_to(c, L, s, loop_l, loop_r, widest);
        draw_arc(c, L, &arcs[s], upto);
    }
    if (stage == STAGE_OUTPUT && c->progress < 1.0)
        for (int s = 0; s < L->tokens; s++)
            if (engine_visible(c->tr, c->focus, s))
                draw_packet(c, L, &arcs[s], TRACE_HSQ(c->tr, weights, arcs_head(c), c->focus, s));
}
