/* arcs_raster.h — what the arcs' drawing (arcs.c) and the dots they keep between frames
 * (arcs_cache.c) share: an arc, the walk over its dots in the order it grows and plotting a
 * cell's dots (both arcs_raster.c's, below the other two); and the cache's two entry points
 * for the drawing. The layers: arcs.c → arcs_cache.c → arcs_raster.c, arcs.c → arcs_raster.c.
 * Owns: nothing outside src/arcs*.c (internal, not a public header).
 * Must not touch: ncurses, the clock, the engine's arithmetic. */
#ifndef ATTN_ARCS_RASTER_H
#define ATTN_ARCS_RASTER_H

#include <stdbool.h>
#include "view_arcs.h"

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

/* Receives an arc's dots in the order the arc grows: dot (dx, dy), first reached at sample k. */
typedef void (*DotVisit)(void *ctx, int dx, int dy, int k);

/* ---------------------------------------------------------------- the dots (arcs_raster.c) */

/* The cell of dot (dx, dy) when it lies inside the arc area, else NULL. */
Cell *arcs_dot_cell(const ViewCtx *c, const ArcsLayout *L, int dx, int dy);

/* Writes braille dots into cell (col, row) (a blank when none are left), in style. */
void arcs_set_braille(const ViewCtx *c, int col, int row, Cell *cell, int dots, Style style);

/* Dot row of the arcs' feet. */
int arcs_base(const ArcsLayout *L);

/* The dot at fraction u (0 = the asker's end) of layer `layer` of arc a over base: false
 * when the arc is too flat or the layer too deep to have one there. */
bool arcs_point(const Arc *a, int base, double layer, double u, int *dx, int *dy);

/* First dot column of a run of n dots centred on dot column `centre`. */
int arcs_centred_run(double centre, int n);

/* The samples of an arc's way, k = 0 .. steps at u = k / steps: under one dot apart. */
int arcs_steps(const Arc *a);

/* cos θ and sin θ of the samples k = 0 .. steps of every arc of `steps` samples going one way
 * (θ = π(1 − k/steps) to the right, π·k/steps to the left), computed as the walk computes
 * them: kept, the walk reads them instead of calling cos and sin (the arcs' costliest part
 * when the shares change every frame, as on the write screen). */
#define ARCS_TRIG_STEPS 256   /* the most samples an ArcTrig keeps (longer arcs compute theirs) */
#define ARCS_TRIG_KEPT 40     /* ArcTrigs an ArcsCache keeps, for as many (steps, way) pairs: a
                                 frame of the write screen's 12-16 arcs finds theirs */

typedef struct {
    int steps;        /* the arcs' samples (arcs_steps, ≤ ARCS_TRIG_STEPS); 0: nothing kept */
    bool rightward;   /* the arcs go right (to >= from, loops too) */
    double cos[ARCS_TRIG_STEPS + 1];   /* cos θ at sample k = 0 .. steps */
    double sin[ARCS_TRIG_STEPS + 1];   /* sin θ at sample k */
} ArcTrig;

/* Fills t for steps (≤ ARCS_TRIG_STEPS) samples going rightward. */
void arcs_trig_fill(ArcTrig *t, int steps, bool rightward);

/* Visits the arc's dots in the order it grows, up to sample last (INT_MAX: the foot too);
 * trig: its samples' cos and sin (its steps, its way), or NULL to compute them. */
void arcs_walk(const ViewCtx *c, const ArcsLayout *L, const Arc *a, int last, DotVisit visit,
               void *ctx, const ArcTrig *trig);

/* Sets the braille dots bits of cell (col, row) in the colour of level (in ASCII, the
 * level's glyph), merging with the dots already there. */
void arcs_plot_bits(const ViewCtx *c, Cell *cell, int col, int row, int bits, int level);

/* ---------------------------------------------------------------- the cache (arcs_cache.c) */

/* Marks the kept rasters of the arcs this frame draws (arcs[s] where shown[s]), before any
 * is walked, so that walking forgets none of them; with more, the arcs of the same frame's
 * other head (marked after the first's, before either is drawn). c->cache is an ArcsCache. */
void arcs_cache_mark(const ViewCtx *c, const ArcsLayout *L, const Arc *arcs, const bool *shown);
void arcs_cache_mark_more(const ViewCtx *c, const ArcsLayout *L, const Arc *arcs, const bool *shown);

/* Draws an arc up to sample last from its raster (walking it into the cache first when it
 * is new). Returns false when it cannot be kept: then draw it dot by dot. */
bool arcs_cache_draw(const ViewCtx *c, const ArcsLayout *L, const Arc *a, int last);

#endif
