/* arcs_raster.c — an arc's dots: where each dot of an arc lies in dot space, the walk over
 * them in the order the arc grows (its band layer by layer, then its foot), and plotting a
 * cell's braille dots in an arc's colour (ASCII: its level's glyph). What arcs.c draws with
 * and arcs_cache.c keeps between frames, below both.
 * Owns: arc geometry in dot space. Must not touch: the cache, the layout, anything outside
 * the arc area, ncurses, the clock, the engine's arithmetic. */
#include "arcs_raster.h"

#include <limits.h>
#include <math.h>
#include <string.h>

#ifndef M_PI
#define M_PI 3.14159265358979323846
#endif

#define ARC_TAPER 0.3          /* fraction of an arc over which it swells to its band */
#define ARC_FOOT_DOTS 4        /* dot rows over which the band widens into its foot */
#define ARC_HALVES_MAX 64      /* half-dot layers whose repeated dots a walk skips: a band is
                                  at most 1 + 100 / 4 dots (51 halves): view_arcs.c caps foot_scale at 100 */

/* ---------------------------------------------------------------- braille cells */


int arcs_braille_dots(const Cell *cell)
{
    return draw_braille_dots(cell);
}

/* The arc level an ASCII cell already shows (0 for none): its style's step of the ramp. */
static int ascii_level(const Cell *cell)
{
    if (cell->glyph[0] == '\0' || cell->glyph[1] != '\0' || cell->style < STYLE_SHARE_1 ||
        cell->style > STYLE_SHARE_4)
        return 0;
    return cell->style - STYLE_SHARE_1 + 1;
}

/* The cell of dot (dx, dy) inside the arc area, or NULL. */
Cell *arcs_dot_cell(const ViewCtx *c, const ArcsLayout *L, int dx, int dy)
{
    if (dx < 0 || dy < 0)
        return NULL;
    int col = dx / 2, row = dy / 4;
    if (col >= L->w || row < L->arc_top || row >= L->sentence_row)
        return NULL;
    return grid_at(c->g, col, row);
}

/* Writes braille dots into a cell (a blank when none are left), in style. */
void arcs_set_braille(const ViewCtx *c, int col, int row, Cell *cell, int dots, Style style)
{
    (void)cell;
    if (!dots) {
        grid_put_char(c->g, col, row, " ", STYLE_NORMAL);
        return;
    }
    draw_braille_put(c->g, col, row, dots, style);
}

/* Sets the dots `bits` of cell (col, row) for an arc at colour level `level`; the cell keeps
 * the stronger arc's style. In ASCII the cell shows the strongest arc's glyph. */
void arcs_plot_bits(const ViewCtx *c, Cell *cell, int col, int row, int bits, int level)
{
    Style style = ramp_style(level);
    if (c->ascii) {   /* the level's stroke, as the ramp's legend shows it */
        if (level >= ascii_level(cell))
            grid_put_char(c->g, col, row, ramp_ascii_stroke(level), style);
        return;
    }
    int old = arcs_braille_dots(cell);
    if (old && cell->style > style && cell->style <= STYLE_SHARE_4)
        style = (Style)cell->style;
    int dots = old | bits;
    if (dots != old || cell->style != style)
        arcs_set_braille(c, col, row, cell, dots, style);
}

/* ---------------------------------------------------------------- arc geometry */

/* Dot row of the arcs' feet. */
int arcs_base(const ArcsLayout *L)
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

/* x rounded half away from zero, as (int)lround(x), for |x| well inside int's range, without
 * a call into libm: an arc's walk rounds two coordinates per point. x - (int)x is exact. */
static int round_half_away(double x)
{
    int t = (int)x;   /* towards zero */
    double f = x - t;
    return f >= 0.5 ? t + 1 : f <= -0.5 ? t - 1 : t;
}

/* What every layer of an arc shares at fraction u of its way, computed once for all its
 * layers: where the outer layer is across, how an inset leans, the height's sine, the taper. */
typedef struct {
    bool flat;      /* the arc is under a dot wide: nothing to draw */
    double x0;      /* cx + half · cos θ: the outer layer's dot column */
    double lean;    /* 1 + cos θ · dir: how far an inset moves the layer across (× inset / 2) */
    double dir;     /* +1 for an arc to the right, -1 to the left */
    double sin;     /* sin θ */
    double taper;   /* arc_taper(u) */
} ArcSample;

/* The angle of fraction u of an arc going rightward (0 = the asker's end). */
static double arc_theta(double u, bool rightward)
{
    return rightward ? M_PI * (1.0 - u) : M_PI * u;
}

void arcs_trig_fill(ArcTrig *t, int steps, bool rightward)
{
    t->steps = steps;
    t->rightward = rightward;
    for (int k = 0; k <= steps; k++) {
        double theta = arc_theta((double)k / steps, rightward);
        t->cos[k] = cos(theta);
        t->sin[k] = sin(theta);
    }
}

/* The sample at fraction u (0 = the asker's end, 1 = the target's), with θ's cosine and sine
 * given (their sample's in an ArcTrig) or, when `given` is false, computed. */
static ArcSample arc_sample_with(const Arc *a, double u, bool given, double c, double s_)
{
    bool rightward = a->to >= a->from;
    double half = fabs(a->to - a->from) / 2.0;
    double cx = (a->from + a->to) / 2.0;
    double dir = rightward ? 1.0 : -1.0;
    if (!given) {
        double theta = arc_theta(u, rightward);
        c = cos(theta);
        s_ = sin(theta);
    }
    ArcSample s = { .flat = half < 0.5, .x0 = cx + half * c, .lean = 1.0 + c * dir, .dir = dir,
                    .sin = s_, .taper = arc_taper(u) };
    return s;
}

static ArcSample arc_sample(const Arc *a, double u)
{
    return arc_sample_with(a, u, false, 0.0, 0.0);
}

/* Point of layer `layer` at sample s. An arc's layers are concentric, `layer` dots inside the
 * outer one (tapering to nothing at the asker); a loop's are stacked, `layer` dots lower.
 * The inset shrinks the ellipse about the target's foot, so the asker's end stays put. */
static bool arc_layer_point(const Arc *a, int base, double layer, const ArcSample *s, int *dx,
                            int *dy)
{
    double inset = a->loop ? 0.0 : layer * s->taper;
    double b = a->height - (a->loop ? layer : inset);
    if (s->flat || b < 1.0)
        return false;
    *dx = round_half_away(s->x0 - s->dir * inset * s->lean / 2.0);
    *dy = base - round_half_away(b * s->sin);
    return true;
}

/* Point at fraction u of layer `layer`. */
bool arcs_point(const Arc *a, int base, double layer, double u, int *dx, int *dy)
{
    ArcSample s = arc_sample(a, u);
    return arc_layer_point(a, base, layer, &s, dx, dy);
}

/* First dot column of a run of n dots centred on dot column `centre`. */
int arcs_centred_run(double centre, int n)
{
    return (int)ceil(centre - n / 2.0);
}

/* ---------------------------------------------------------------- an arc's dots, in order */

/* The samples of an arc's way, k = 0 .. steps at u = k / steps: under one dot apart. */
int arcs_steps(const Arc *a)
{
    double size = fmax(fabs(a->to - a->from) / 2.0, a->height);
    return (int)ceil(1.25 * M_PI * size) + 4;
}

/* The foot, visited as sample k: over the lowest ARC_FOOT_DOTS dot rows the band widens to
 * `foot` dots, centred on the target, so every share stands on the same line with its own
 * width; in ASCII one row of cells, as many as the foot's dots fill. */
static void foot_walk(const ViewCtx *c, const ArcsLayout *L, const Arc *a, int k, DotVisit visit,
                      void *ctx)
{
    int base = arcs_base(L);
    if (c->ascii) {
        int cols = (a->foot + 1) / 2;
        int x0 = arcs_centred_run(a->centre / 2.0 - 0.25, cols);
        for (int x = x0; x < x0 + cols; x++)
            visit(ctx, 2 * x, base, k);
        return;
    }
    for (int up = 0; up < ARC_FOOT_DOTS; up++) {   /* dot rows above the base */
        double t = (double)(ARC_FOOT_DOTS - up) / ARC_FOOT_DOTS;
        int n = (int)lround(a->layers + (a->foot - a->layers) * t);
        int x0 = arcs_centred_run(a->centre, n);
        for (int x = x0; x < x0 + n; x++)
            visit(ctx, x, base - up, k);
    }
}

/* Visits the dots of an arc from the asker's end, sample by sample up to sample `last`, each
 * layer of its band at every sample (half-dot steps between layers leave no pinholes in a
 * thick band); then, when `last` is past the samples (the arc has landed), its foot as
 * sample steps + 1. A layer's dot that its previous sample already reached is not visited
 * again. The dots up to any sample are thus the start of the whole arc's: it grows. */
void arcs_walk(const ViewCtx *c, const ArcsLayout *L, const Arc *a, int last, DotVisit visit,
               void *ctx, const ArcTrig *trig)
{
    int base = arcs_base(L);
    int halves = 2 * ((c->ascii ? 1 : a->layers) - 1) + 1;   /* layers, in half dots */
    int steps = arcs_steps(a);
    int prev_x[ARC_HALVES_MAX], prev_y[ARC_HALVES_MAX];      /* each layer's last dot */
    for (int h = 0; h < ARC_HALVES_MAX; h++)
        prev_x[h] = prev_y[h] = INT_MIN;
    if (trig && (trig->steps != steps || trig->rightward != (a->to >= a->from)))
        trig = NULL;   /* another arc's: computed here */
    for (int k = 0; k <= steps && k <= last; k++) {
        ArcSample sample = arc_sample_with(a, (double)k / steps, trig != NULL, trig ? trig->cos[k] : 0.0,
                                           trig ? trig->sin[k] : 0.0);
        for (int h = 0; h < halves; h++) {
            int dx, dy;
            if (!arc_layer_point(a, base, h / 2.0, &sample, &dx, &dy))
                continue;
            if (h < ARC_HALVES_MAX) {
                if (prev_x[h] == dx && prev_y[h] == dy)
                    continue;
                prev_x[h] = dx;
                prev_y[h] = dy;
            }
            visit(ctx, dx, dy, k);
        }
    }
    if (last > steps)
        foot_walk(c, L, a, steps + 1, visit, ctx);
}

