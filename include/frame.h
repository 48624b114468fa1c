/* frame.h — one whole frame as a pure function of (lesson, player, UI state, progress,
 * size, options): the chrome (title, view bar, status line, help, too-small notice)
 * around the body that the current view draws; and what a click at (x, y) hits.
 * Owns: the frame's layout. Must not touch: ncurses, the clock, the engine's arithmetic. */
#ifndef ATTN_FRAME_H
#define ATTN_FRAME_H

#include <stdbool.h>
#include "actions.h"
#include "grid.h"
#include "lang.h"
#include "lesson.h"
#include "player.h"
#include "ui.h"

#define FRAME_MIN_W 60   /* below this many columns the frame says "too small to draw" */
#define FRAME_MIN_H 20   /* below this many rows, likewise */

/* How frames are drawn, for the whole run. */
typedef struct {
    Lang lang;           /* labels in English or Chinese */
    bool ascii;          /* draw with ASCII only */
    const char *notice;  /* a one-line notice for the status line (until a key), or NULL */
    const char *prog;    /* the command as the user started it (argv[0]), or NULL: "attn-tui";
                            text that names a command to type names it so */
} FrameOptions;

/* What frames keep between them to draw faster (the arcs' dots, walked once). Owned by
 * the caller, one per sequence of frames; never changes what a frame shows. Opaque. */
typedef struct FrameCache FrameCache;
struct ViewCtx;
struct ViewOps;

/* Everything a frame depends on. */
typedef struct {
    const Lesson *lesson;      /* the forward passes shown */
    const Player *player;      /* stage, focus, play state */
    const Ui *ui;              /* view, help, numbers, cursors, note */
    double progress;           /* 0..1 of the current transition (player_progress) */
    const FrameOptions *opt;   /* language, ASCII, notice */
    FrameCache *cache;         /* kept between frames, or NULL: everything computed anew */
    const struct ViewOps *const *bar; /* the view bar's rows in order, or NULL: every row of
                                         VIEW_LIST (a test's fixed list, so that a new view
                                         changes no whole-frame golden) */
    int bar_count;             /* how many rows bar has */
} FrameInput;

/* An empty cache (a few kilobytes; it grows with what it keeps, to a bound), or NULL when
 * out of memory. */
FrameCache *frame_cache_new(void);
/* Frees a cache; NULL is fine. */
void frame_cache_free(FrameCache *cache);

/* Draws the whole frame into g (its size is the terminal's). Below FRAME_MIN_W ×
 * FRAME_MIN_H draws only "too small to draw: need 60×20, have w×h". */
void frame_render(Grid *g, const FrameInput *in);

/* The context every draw of the frame in reads (g may be NULL: hit-testing), its body not
 * yet placed: what frame_render and frame_hit give the view, for tests that call a view's
 * layout directly. Needs draw.h for the type. */
struct ViewCtx frame_context(const FrameInput *in, Grid *g);

/* The rows of a w × h frame that are for the keys, not the picture: the view bar and the
 * status line (keys, notes, play state). False when the frame is only the too-small notice
 * (both -1). A slide (snapshot.h) leaves them out. */
bool frame_keys_rows(const FrameInput *in, int w, int h, int *bar_row, int *status_row);

/* What a click at column x, row y of a w × h frame means: a view's name in the view bar,
 * a character, a cell … Returns false when it hits nothing. */
bool frame_hit(const FrameInput *in, int w, int h, int x, int y, Action *action, int *arg);

#endif
