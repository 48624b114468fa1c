/* arcs_cache.c — the arcs' dots kept between frames (ArcsCache): each arc walked once into
 * a raster of cells and dots in the order it grows, found again by everything its dots
 * depend on, drawn from there up to any sample; bounded, forgetting what a frame no longer
 * draws. A frame drawn with it is cell for cell the frame drawn without (the tests compare).
 * Owns: the cache's pool and rasters. Must not touch: the arcs' geometry (arcs.c), anything
 * outside the arc area, ncurses, the clock. */
#include "arcs_raster.h"

#include <limits.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

/* ---------------------------------------------------------------- rasters kept between frames */

/* The dots of an arc once walked: entries in the order the arc grows, each the dots `bits`
 * of one cell first reached at sample k (steps + 1: the foot). Kept in the cache's pool;
 * six bytes each. */
typedef struct {
    uint16_t col;    /* grid column */
    uint16_t k;      /* the sample that first reaches these dots */
    uint8_t row;     /* grid row (inside the arc area; arcs below row 256 are not kept) */
    uint8_t bits;    /* the braille dots (draw_braille_bit) it sets; 0 in ASCII */
} ArcDot;

/* Everything an arc's dots depend on: its geometry, the arc area that clips it, ASCII.
 * The theme reaches them only through layers and foot (the contrast theme's thicker floor,
 * ArcsLayout.min_dots), which the key holds. Its colour level is not: the same dots are
 * drawn in whatever colour the share has. */
typedef struct {
    double from;         /* Arc.from */
    double to;           /* Arc.to */
    double height;       /* Arc.height */
    double centre;       /* Arc.centre */
    int layers;          /* Arc.layers */
    int foot;            /* Arc.foot */
    bool loop;           /* Arc.loop */
    bool ascii;          /* drawn in ASCII (one layer, a row of glyphs as its foot) */
    int w;               /* ArcsLayout.w: the columns the arc area has */
    int arc_top;         /* ArcsLayout.arc_top */
    int sentence_row;    /* ArcsLayout.sentence_row: the arc area ends above it */
} RasterKey;

/* One arc's dots in the pool. */
typedef struct {
    RasterKey key;       /* what they are the dots of */
    int steps;           /* the arc's samples (arcs_steps) */
    int first;           /* its first entry in the pool */
    int count;           /* its entries */
    int whole_first;     /* its cells once each, with all their dots (once drawn whole twice) */
    int whole_count;     /* ... their entries (0: not made yet) */
    int whole_draws;     /* frames that drew it whole */
    unsigned long used;  /* the frame that last drew it (0: the slot is free) */
} Raster;

struct ArcsCache {
    ArcTrig *trig[ARCS_TRIG_KEPT];       /* cos and sin of the samples of arcs of so many
                                            steps going one way (arcs_trig_fill), made when
                                            first needed (NULL until then), reused */
    int trig_next;                       /* the slot the next new pair takes (round robin) */
    Raster rasters[ARCS_CACHE_RASTERS];  /* the arcs kept, in the order they were walked */
    int n_rasters;                       /* slots ever used (some may be free again) */
    ArcDot *pool;                        /* every raster's entries, one after another */
    int pool_used;                       /* entries in use */
    int pool_cap;                        /* entries allocated (grows up to ARCS_CACHE_DOTS) */
    unsigned long frame;                 /* frames drawn with this cache */
    int walked;                          /* arcs walked into rasters (for the tests) */
};

ArcsCache *arcs_cache_new(void)
{
    return calloc(1, sizeof(ArcsCache));
}

void arcs_cache_free(ArcsCache *cache)
{
    if (cache) {
        free(cache->pool);
        for (int i = 0; i < ARCS_TRIG_KEPT; i++)
            free(cache->trig[i]);
    }
    free(cache);
}

int arcs_cache_walked(const ArcsCache *cache)
{
    return cache ? cache->walked : 0;
}

size_t arcs_cache_bytes(const ArcsCache *cache)
{
    if (!cache)
        return 0;
    size_t trig = 0;
    for (int i = 0; i < ARCS_TRIG_KEPT; i++)
        trig += cache->trig[i] ? sizeof *cache->trig[i] : 0;
    return sizeof *cache + sizeof *cache->pool * (size_t)cache->pool_cap + trig;
}

static RasterKey raster_key(const ViewCtx *c, const ArcsLayout *L, const Arc *a)
{
    RasterKey k = {
        .from = a->from, .to = a->to, .height = a->height, .centre = a->centre,
        .layers = a->layers, .foot = a->foot, .loop = a->loop, .ascii = c->ascii,
        .w = L->w, .arc_top = L->arc_top, .sentence_row = L->sentence_row,
    };
    return k;
}

static bool same_key(const RasterKey *x, const RasterKey *y)
{
    return x->from == y->from && x->to == y->to && x->height == y->height &&
           x->centre == y->centre && x->layers == y->layers && x->foot == y->foot &&
           x->loop == y->loop && x->ascii == y->ascii && x->w == y->w &&
           x->arc_top == y->arc_top && x->sentence_row == y->sentence_row;
}

/* Makes the pool hold at least `need` entries (rounded up to ARCS_CACHE_GROW, at most
 * ARCS_CACHE_DOTS). Returns false when it cannot. */
static bool pool_reserve(ArcsCache *cache, long need)
{
    if (need <= cache->pool_cap)
        return true;
    if (need > ARCS_CACHE_DOTS)
        return false;
    long cap = (need + ARCS_CACHE_GROW - 1) / ARCS_CACHE_GROW * ARCS_CACHE_GROW;
    cap = cap > ARCS_CACHE_DOTS ? ARCS_CACHE_DOTS : cap;
    ArcDot *pool = realloc(cache->pool, sizeof *pool * (size_t)cap);
    if (!pool)
        return false;
    cache->pool = pool;
    cache->pool_cap = (int)cap;
    return true;
}

/* What walking an arc into the pool needs. */
typedef struct {
    const ViewCtx *c;        /* the frame */
    const ArcsLayout *L;     /* its arc area */
    ArcsCache *cache;        /* the pool */
    int first;               /* the raster's first entry */
    bool full;               /* the pool cannot grow: the raster is not kept */
} RasterWalk;

/* Appends dot (dx, dy) of sample k, inside the arc area, to the raster being walked: into the
 * entry before when that is the same cell at the same sample. */
static void raster_visit(void *ctx, int dx, int dy, int k)
{
    RasterWalk *rw = ctx;
    ArcsCache *cache = rw->cache;
    if (rw->full || !arcs_dot_cell(rw->c, rw->L, dx, dy))
        return;
    int col = dx / 2, row = dy / 4, bits = rw->c->ascii ? 0 : draw_braille_bit(dx % 2, dy % 4);
    ArcDot *prev = cache->pool_used > rw->first ? &cache->pool[cache->pool_used - 1] : NULL;
    if (prev && prev->col == col && prev->row == row && prev->k == k) {
        prev->bits = (uint8_t)(prev->bits | bits);
        return;
    }
    if (!pool_reserve(cache, (long)cache->pool_used + 1)) {
        rw->full = true;
        return;
    }
    cache->pool[cache->pool_used++] = (ArcDot){ .col = (uint16_t)col, .k = (uint16_t)k,
                                                 .row = (uint8_t)row, .bits = (uint8_t)bits };
}

/* One run of a raster's entries in the pool: its entries or its whole list. */
typedef struct {
    int *first;   /* where the run starts (the raster's field, moved along) */
    int count;    /* its entries */
} PoolRun;

/* Forgets the rasters this frame has not drawn and moves the others' entries to the front
 * of the pool, in the order they lie there (slots keep their places). */
static void cache_forget_old(ArcsCache *cache)
{
    PoolRun runs[2 * ARCS_CACHE_RASTERS];
    int n = 0;
    for (int i = 0; i < cache->n_rasters; i++) {
        Raster *r = &cache->rasters[i];
        if (r->used != cache->frame) {
            r->used = 0;
            continue;
        }
        runs[n++] = (PoolRun){ &r->first, r->count };
        if (r->whole_count > 0)
            runs[n++] = (PoolRun){ &r->whole_first, r->whole_count };
    }
    for (int i = 1; i < n; i++)   /* by where they lie: a few runs */
        for (int j = i; j > 0 && *runs[j - 1].first > *runs[j].first; j--) {
            PoolRun t = runs[j];
            runs[j] = runs[j - 1];
            runs[j - 1] = t;
        }
    int to = 0;
    for (int i = 0; i < n; i++) {
        memmove(cache->pool + to, cache->pool + *runs[i].first,
                sizeof *cache->pool * (size_t)runs[i].count);
        *runs[i].first = to;
        to += runs[i].count;
    }
    cache->pool_used = to;
}

/* True when the cache holds a raster this frame has not drawn: forgetting it loses nothing
 * this frame needs again. */
static bool cache_has_old(const ArcsCache *cache)
{
    for (int i = 0; i < cache->n_rasters; i++)
        if (cache->rasters[i].used != 0 && cache->rasters[i].used != cache->frame)
            return true;
    return false;
}

/* A free slot for a raster, or NULL. */
static Raster *free_slot(ArcsCache *cache)
{
    for (int i = 0; i < cache->n_rasters; i++)
        if (cache->rasters[i].used == 0)
            return &cache->rasters[i];
    return cache->n_rasters < ARCS_CACHE_RASTERS ? &cache->rasters[cache->n_rasters++] : NULL;
}

/* Makes room for `need` more entries in the pool: forgets what this frame does not draw,
 * then grows the pool when that is not enough. Returns false when it cannot. */
static bool pool_room(ArcsCache *cache, int need)
{
    if ((long)cache->pool_used + need <= cache->pool_cap)
        return true;
    if (cache_has_old(cache))
        cache_forget_old(cache);
    return pool_reserve(cache, (long)cache->pool_used + need);
}

/* The cos and sin of arc a's samples: kept from an arc of as many steps going its way, or
 * computed into the next slot; NULL for an arc of more than ARCS_TRIG_STEPS samples or when
 * out of memory (the walk then computes them). */
static const ArcTrig *cache_trig(ArcsCache *cache, const Arc *a)
{
    int steps = arcs_steps(a);
    bool rightward = a->to >= a->from;
    if (steps > ARCS_TRIG_STEPS)
        return NULL;
    for (int i = 0; i < ARCS_TRIG_KEPT; i++)
        if (cache->trig[i] && cache->trig[i]->steps == steps && cache->trig[i]->rightward == rightward)
            return cache->trig[i];
    ArcTrig **slot = &cache->trig[cache->trig_next];
    if (!*slot && !(*slot = malloc(sizeof **slot)))
        return NULL;
    cache->trig_next = (cache->trig_next + 1) % ARCS_TRIG_KEPT;
    arcs_trig_fill(*slot, steps, rightward);
    return *slot;
}

/* Walks an arc whole into a new raster at the end of the pool, growing it as needed.
 * Returns the raster, or NULL when it does not fit (the pool is as it was). */
static Raster *raster_walk(const ViewCtx *c, const ArcsLayout *L, const Arc *a,
                           const RasterKey *key)
{
    ArcsCache *cache = c->cache;
    Raster *r = free_slot(cache);
    if (!r)
        return NULL;
    RasterWalk rw = { .c = c, .L = L, .cache = cache, .first = cache->pool_used };
    arcs_walk(c, L, a, INT_MAX, raster_visit, &rw, cache_trig(cache, a));
    cache->walked++;
    if (rw.full) {
        cache->pool_used = rw.first;
        return NULL;
    }
    *r = (Raster){ .key = *key, .steps = arcs_steps(a), .first = rw.first,
                   .count = cache->pool_used - rw.first, .used = cache->frame };
    return r;
}

/* The raster of an arc drawn now, kept from an earlier frame, or NULL. */
static Raster *raster_find(ArcsCache *cache, const RasterKey *key)
{
    for (int i = 0; i < cache->n_rasters; i++)
        if (cache->rasters[i].used != 0 && same_key(&cache->rasters[i].key, key)) {
            cache->rasters[i].used = cache->frame;
            return &cache->rasters[i];
        }
    return NULL;
}

/* Marks the kept rasters of the arcs this frame draws (before any is walked, so that
 * walking forgets none of them). */
void arcs_cache_mark(const ViewCtx *c, const ArcsLayout *L, const Arc *arcs, const bool *shown)
{
    ((ArcsCache *)c->cache)->frame++;
    arcs_cache_mark_more(c, L, arcs, shown);
}

void arcs_cache_mark_more(const ViewCtx *c, const ArcsLayout *L, const Arc *arcs, const bool *shown)
{
    for (int s = 0; s < L->tokens; s++)
        if (shown[s]) {
            RasterKey key = raster_key(c, L, &arcs[s]);
            raster_find(c->cache, &key);
        }
}

/* The raster of an arc: kept from an earlier frame, or walked now, after the rasters this
 * frame does not draw are forgotten: the cache holds about what one frame draws, and
 * grows only when that needs more. NULL when the arc cannot be kept: past ARCS_CACHE_DOTS,
 * or beyond the cells and samples an ArcDot holds. */
static Raster *raster_of(const ViewCtx *c, const ArcsLayout *L, const Arc *a)
{
    ArcsCache *cache = c->cache;
    RasterKey key = raster_key(c, L, a);
    Raster *r = raster_find(cache, &key);
    if (r)
        return r;
    if (L->w > UINT16_MAX || L->sentence_row > UINT8_MAX || arcs_steps(a) >= UINT16_MAX)
        return NULL;
    if (cache_has_old(cache))
        cache_forget_old(cache);   /* also frees their slots */
    return raster_walk(c, L, a, &key);
}

/* Makes r's whole list: each of its cells once, with every dot the arc sets there (its
 * entries drawn in any order give the same cells), in the order the walk first reached
 * them. Kept after its entries in the pool; without room, the arc is drawn from its
 * entries. Linear: a scratch table over the cells the arc spans gathers each cell's dots. */
static void raster_make_whole(ArcsCache *cache, Raster *r)
{
    if (r->count < 1 || !pool_room(cache, r->count))
        return;
    const ArcDot *d = cache->pool + r->first;   /* after pool_room: it may move the entries */
    int col0 = INT_MAX, col1 = INT_MIN, row0 = INT_MAX, row1 = INT_MIN;   /* the cells spanned */
    for (int i = 0; i < r->count; i++) {
        col0 = d[i].col < col0 ? d[i].col : col0;
        col1 = d[i].col > col1 ? d[i].col : col1;
        row0 = d[i].row < row0 ? d[i].row : row0;
        row1 = d[i].row > row1 ? d[i].row : row1;
    }
    size_t cols = (size_t)(col1 - col0 + 1);
    uint16_t *seen = calloc(cols * (size_t)(row1 - row0 + 1), sizeof *seen);   /* 0x100 | dots */
    if (!seen)
        return;
    ArcDot *whole = cache->pool + cache->pool_used;
    int n = 0;
    for (int i = 0; i < r->count; i++) {
        uint16_t *cell = &seen[(size_t)(d[i].row - row0) * cols + (size_t)(d[i].col - col0)];
        if (*cell == 0)
            whole[n++] = d[i];
        *cell = (uint16_t)(*cell | 0x100 | d[i].bits);
    }
    for (int i = 0; i < n; i++)
        whole[i].bits = (uint8_t)seen[(size_t)(whole[i].row - row0) * cols +
                                      (size_t)(whole[i].col - col0)];
    free(seen);
    r->whole_first = cache->pool_used;
    r->whole_count = n;
    cache->pool_used += n;
}

/* Draws an arc up to sample `last` from its raster. Returns false when it has none. */
bool arcs_cache_draw(const ViewCtx *c, const ArcsLayout *L, const Arc *a, int last)
{
    Raster *r = raster_of(c, L, a);
    if (!r)
        return false;
    ArcsCache *cache = c->cache;
    if (last > r->steps && r->whole_count == 0 && ++r->whole_draws >= 2)
        raster_make_whole(cache, r);   /* whole: its cells once each, from the second time */
    const ArcDot *d = cache->pool + r->first;
    int n = r->count;
    if (last > r->steps && r->whole_count > 0) {
        d = cache->pool + r->whole_first;
        n = r->whole_count;
    }
    for (int i = 0; i < n && d[i].k <= last; i++) {
        Cell *cell = grid_at(c->g, d[i].col, d[i].row);
        if (cell)
            arcs_plot_bits(c, cell, d[i].col, d[i].row, d[i].bits, a->level);
    }
    return true;
}

