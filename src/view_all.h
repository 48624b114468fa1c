/* view_all.h — the all view's layout and line thickness, shared by its drawing, its
 * hit-testing and its tests.
 * Owns: nothing outside src/view_all.c (and its tests).
 * Must not touch: ncurses, the clock, the engine's arithmetic. */
#ifndef ATTN_VIEW_ALL_H
#define ATTN_VIEW_ALL_H

#include <stdbool.h>
#include "draw.h"

#define ALL_MAX_NOTES 4        /* note rows above the picture, at most */
#define ALL_MIN_LINE_ROWS 6    /* the lines never get fewer rows than this */
#define ALL_MAX_WIDTH_DOTS 64  /* dots across a 100% line, at most (very wide screens) */
#define ALL_FADED_RATIO 4      /* the faded lines are this many times thinner */
#define ALL_LABEL_PITCH 14     /* side labels only when each slot keeps this many columns */

/* Where everything of the all view goes. Depends only on the trace's characters, its
 * heads, the UI's head and numbers, and the body, so drawing and hit-testing agree. */
typedef struct {
    int tokens;                      /* characters laid out (T) */
    int pitch;                       /* columns from one character's slot to the next */
    int tok_x[MODEL_MAX_TOKENS];     /* first column of each character (in both rows) */
    int tok_w[MODEL_MAX_TOKENS];     /* columns of each character as written (2 for CJK, 1-5 in ASCII) */
    int label_x;                     /* column of the rows' labels ("asking" …), or -1 */
    int note_row;                    /* first row of the notes above the picture */
    int notes;                       /* note rows shown */
    int top_row;                     /* the asking characters */
    int line_top;                    /* first row of the lines */
    int line_rows;                   /* rows of the lines */
    int bottom_row;                  /* the characters looked at */
    int number_row;                  /* first row of the selected character's shares */
    int number_rows;                 /* rows of shares (blank when numbers are hidden) */
    bool staggered;                  /* shares alternate between two rows (narrow slots) */
    int caption_row;                 /* the selected character's story in words */
    int heads;                       /* heads drawn: 1, or 2 side by side */
    int head;                        /* the head drawn when heads == 1 */
    int wmax;                        /* dots across a line of share 100% (of one head) */
} AllLayout;

/* Computes the layout of the all view in c->body. */
void all_layout(const ViewCtx *c, AllLayout *L);

/* Dots across a line of this share when 100% is wmax dots: 1 + ⌊share · (wmax − 1)⌋
 * (draw_share_size), so 0% is one dot, 100% is wmax, and each further 1/(wmax − 1) adds a
 * dot. */
int all_thickness(int wmax, double share);

/* Dots across a faded line of share 100%: a quarter of the selected ones' (at least 2). */
int all_faded_wmax(int wmax);

/* ---------------------------------------------------------------- the faded lines kept */

/* The faded lines' cells, kept between frames (frame.c owns one in its FrameCache and
 * passes it in ViewCtx.all_cache): a frame drawn with it is the frame drawn without it. */
typedef struct AllCache AllCache;

/* An empty cache (about 8 kB; it grows to the cells of the lines' area), or NULL. */
AllCache *all_cache_new(void);
void all_cache_free(AllCache *cache);
/* Frames that drew the faded lines rather than copying them (for the tests). */
int all_cache_drawn(const AllCache *cache);
/* Bytes the cache holds. */
size_t all_cache_bytes(const AllCache *cache);

#endif
