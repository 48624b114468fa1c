/* view_arcs.h — what the arcs view's files share: its layout inside the body, the arcs
 * (arcs.c) and the numbers panel (panel*.c); the write screen draws its arcs with them too
 * (arcs_draw_row over its own row of characters).
 * Owns: nothing outside src/view_arcs.c, src/arcs*.c, src/panel*.c (and their tests).
 * Must not touch: ncurses, the clock, the engine's arithmetic. */
#ifndef ATTN_VIEW_ARCS_H
#define ATTN_VIEW_ARCS_H

#include "draw.h"
#include "ramp.h"

#define ARCS_PANEL_LINES_MAX 11  /* the panel's body lines on a tall screen (plus a heading) */
#define ARCS_ARC_SHARE 45        /* percent of the rows under the chrome the arcs keep at least */
#define ARCS_ARC_ROWS_MIN 4      /* ... and never fewer rows than this */
#define ARCS_CELL 7              /* columns per number in the panel's per-character tables */
#define ARCS_CELL_NARROW 6       /* ... when seven do not leave room for the Σ column */
#define ARCS_VCELL 6             /* columns per number in the panel's vector rows */
#define ARCS_CONTRAST_MIN_DOTS 2  /* the contrast theme's thinnest arc (a projector): dots */
#define ARCS_LEVELS RAMP_LEVELS   /* colour levels of an arc: the share ramp's (ramp.h) */

/* Where everything of the arcs view goes. Depends only on the trace's characters and the
 * body (and the arcs' widths on the theme), so drawing and hit-testing always agree. */
typedef struct {
    int w;                           /* frame columns */
    int arc_top;                     /* first row of the arc area */
    int arc_rows;                    /* rows of the arc area, which ends above the sentence */
    int sentence_row;                /* row of the sentence */
    int value_row;                   /* first row under the sentence: each character's number */
    int value_rows;                  /* 1, or 2 when the numbers alternate between two rows */
    int marker_row;                  /* row with the ▲ under the asking character */
    int panel_row;                   /* first row of the panel (its heading) */
    int panel_lines;                 /* body lines of the panel under its heading */
    int panel_x;                     /* first column of the panel */
    int panel_w;                     /* columns the panel may use */
    int pitch;                       /* columns from one character's slot to the next */
    int foot_scale;                  /* dots an arc's foot widens by from a share of 0 to 1 */
    int band_scale;                  /* dots an arc's band thickens by from 0 to 1 */
    int min_dots;                    /* an arc's band and foot at a share of 0: 1, or
                                        ARCS_CONTRAST_MIN_DOTS in the contrast theme */
    int tokens;                      /* characters laid out (T) */
    int tok_x[MODEL_MAX_TOKENS];     /* first column of each character */
    int tok_w[MODEL_MAX_TOKENS];     /* columns of each character as written (2 for CJK, 1-5 in ASCII) */
} ArcsLayout;

/* Computes the layout of the arcs view in c->body (the arcs' widths also by c->ui's theme). */
void arcs_layout(const ViewCtx *c, ArcsLayout *L);

/* Sets L's share → width scales (foot_scale, band_scale, min_dots) from its pitch and arc
 * rows, as arcs_layout does: for a screen that lays out its own row of characters. */
void arcs_layout_widths(ArcsLayout *L, Theme theme);

/* The head whose attention the view shows: ui->head with two heads (the first when both
 * are asked for), else 0. */
int arcs_head(const ViewCtx *c);

/* True when both heads are asked for (ui->head -1 with two heads): the arcs of both are
 * drawn at once, head 1's in STYLE_SERIES_A, head 2's in STYLE_SERIES_B, and a legend says
 * which is which. */
bool arcs_both_heads(const ViewCtx *c);

/* ---------------------------------------------------------------- arcs (arcs.c) */


/* Width in braille dots of the foot an arc of this share lands with: min_dots + ⌊share ·
 * foot_scale⌋. At 80 × 24 foot_scale is 34, so shares 3 points apart land with different
 * widths, and a larger share never lands narrower. */
int arcs_foot_dots(const ArcsLayout *L, double share);

/* Thickness in dots of an arc's band along its way: min_dots + ⌊share · band_scale⌋
 * (monotone; coarser than the foot, so that a long arc does not look big for its length). */
int arcs_band_dots(const ArcsLayout *L, double share);

/* Diameter in dots of the V that flows back along an arc at ④. */
int arcs_packet_dots(const ArcsLayout *L, double share);

/* The share an arc is drawn with now: its share, growing from 0 (a thin line at ②) while
 * ② turns into ③, shrinking back on the way from ③ to ②. */
double arcs_drawn_share(const ViewCtx *c, int s);
/* The same for head h. */
double arcs_drawn_share_of(const ViewCtx *c, int h, int s);

/* The arcs above the sentence (and the V's flowing back at OUTPUT). */
void arcs_draw(const ViewCtx *c, const ArcsLayout *L);

/* One asking character's arcs drawn whole over L's characters from a row of shares (to each
 * s with shown[s], carrying share[s]): the arcs view's geometry, widths, colours and cache,
 * for a screen with its own pass (the write screen: the newest character over the poem). */
void arcs_draw_row(const ViewCtx *c, const ArcsLayout *L, int focus, const double *share, const bool *shown);

/* Braille dots set in a cell (0 when it holds no braille glyph). */
int arcs_braille_dots(const Cell *cell);

/* ---------------------------------------------------------------- the arcs' cache (arcs_cache.c) */

#define ARCS_CACHE_RASTERS 64     /* arcs whose dots the cache keeps at once */
#define ARCS_CACHE_DOTS 65536     /* entries (6 bytes) they may take in all: 384 KiB at most */
#define ARCS_CACHE_GROW 1024      /* the pool grows by multiples of this many entries */

/* The arcs' dots kept between frames (FrameInput.cache): each arc is walked once, with its
 * sines and cosines, into the list of its dots in the order it grows; a frame draws the
 * start of that list as far as the arc has grown (an arc drawn whole again, each of its
 * cells once). Bounded: ARCS_CACHE_RASTERS arcs, ARCS_CACHE_DOTS entries; when full it
 * forgets what the frame being drawn does not draw, and grows only when one frame's arcs
 * need more (6 bytes per entry, about 3 entries per cell an arc crosses: 12 KiB at 80 × 24,
 * 24 KiB at 120 × 40, about 90 KiB at 300 × 80). Drawing with or without it gives the same
 * frame. */
typedef struct ArcsCache ArcsCache;

/* An empty cache, or NULL when out of memory. */
ArcsCache *arcs_cache_new(void);
void arcs_cache_free(ArcsCache *cache);
/* How many arcs were walked into the cache so far (0 for NULL). */
int arcs_cache_walked(const ArcsCache *cache);
/* Bytes the cache holds (its pool and its table; 0 for NULL). */
size_t arcs_cache_bytes(const ArcsCache *cache);

#endif
