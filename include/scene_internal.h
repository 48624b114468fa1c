/* scene_internal.h — what the scene's three files share: one frame's layout, the drawing
 * context, the glyph set (Unicode or ASCII) and small text helpers.
 * Owns: nothing outside src/scene.c, src/scene_arcs.c, src/scene_panel.c (and their tests).
 * Must not touch: ncurses, the clock, the engine's arithmetic. */
#ifndef ATTN_SCENE_INTERNAL_H
#define ATTN_SCENE_INTERNAL_H

#include <stdbool.h>
#include <stddef.h>
#include "scene.h"

/* ---------------------------------------------------------------- layout */

#define SCENE_PANEL_ROWS 6   /* the numbers panel: a heading and five lines */
#define SCENE_CELL 7         /* columns per number in the panel's per-character tables */
#define SCENE_VCELL 6        /* columns per number in the panel's vector rows */

/* Where everything of one frame goes. Depends only on the trace's characters, the
 * frame size and the options, so scene_render and scene_token_at always agree. */
typedef struct {
    int w;                           /* frame columns */
    int h;                           /* frame rows */
    bool too_small;                  /* below SCENE_MIN_W × SCENE_MIN_H: only a notice */
    int title_row;                   /* row of the title, or -1 when left out */
    int title_x;                     /* first column of the title */
    bool title_long;                 /* the title names the lesson ("self-attention") */
    int stage_row;                   /* row of the stage line */
    int stage_x;                     /* first column of the stage line */
    int arc_top;                     /* first row of the arc area */
    int arc_rows;                    /* rows of the arc area, which ends above the sentence */
    int sentence_row;                /* row of the sentence */
    int value_row;                   /* row under the sentence: each character's number */
    int marker_row;                  /* row with the ▲ under the asking character */
    int panel_row;                   /* first row of the panel (its heading) */
    int panel_x;                     /* first column of the panel */
    int panel_w;                     /* columns the panel may use */
    int status_row;                  /* the last row: keys and play state */
    int pitch;                       /* columns from one character's slot to the next */
    int tokens;                      /* characters laid out (T) */
    int tok_x[MODEL_MAX_TOKENS];     /* first column of each character */
    int tok_w[MODEL_MAX_TOKENS];     /* columns of each character (1 or 2) */
} SceneLayout;

/* Computes the layout of a w × h frame for the trace's sentence. */
void scene_layout(const Trace *tr, int w, int h, const SceneOptions *o, SceneLayout *L);

/* ---------------------------------------------------------------- glyphs */

/* Every non-ASCII symbol the scene draws, with its ASCII stand-in. */
typedef struct {
    const char *sep;        /* title separator: " · " */
    const char *arrow;      /* between stages: " → " */
    const char *stage_num[STAGE_COUNT]; /* "① " ... or "" */
    const char *marker;     /* under the asking character: "▲" */
    const char *packet;     /* a V on its way back to the asker: "●" */
    const char *times;      /* product of two numbers: "×" */
    const char *dot;        /* dot product of two vectors: "·" */
    const char *ellipsis;   /* more not shown: "…" */
    const char *div_sqrt;   /* divided by the square root of: "÷√" */
    const char *sum;        /* the sum of a row: "Σ" */
    const char *dash;       /* a pause in a sentence: " — " */
    const char *rule;       /* the panel heading's line: "─" */
    const char *box_h;      /* help box: horizontal */
    const char *box_v;      /* help box: vertical */
    const char *box_tl;     /* help box: top left corner */
    const char *box_tr;     /* help box: top right corner */
    const char *box_bl;     /* help box: bottom left corner */
    const char *box_br;     /* help box: bottom right corner */
    const char *playing;    /* status: "▶" */
    const char *paused;     /* status: "❚❚" */
    const char *by;         /* the × of "60×20" */
} SceneGlyphs;

/* ---------------------------------------------------------------- drawing context */

/* Everything one frame's drawing functions read. */
typedef struct {
    Grid *g;                   /* the frame being drawn */
    const Trace *tr;           /* the forward pass shown */
    const Player *p;           /* stage (clamped), numbers, play state, speed, help */
    const SceneLayout *L;      /* where things go */
    const SceneGlyphs *gl;     /* Unicode or ASCII symbols */
    double progress;           /* 0..1 of the current transition */
    int focus;                 /* the asking character, clamped to 0..T-1 */
    Lang lang;                 /* labels' language (English in ASCII mode) */
    bool ascii;                /* ASCII-only drawing */
    bool numbers;              /* values shown */
    const char *notice;        /* status-line notice or NULL */
} SceneCtx;

/* The English or Chinese variant, by the context's language. */
const char *scene_say(const SceneCtx *c, const char *en, const char *zh);

/* Draws s at (x, y) but no further right than column limit (exclusive); returns columns. */
int scene_put_clipped(Grid *g, int x, int y, int limit, const char *s, Style style);

/* "① Q K V" (or "Q K V" in ASCII): a stage as the stage line names it. */
void scene_stage_label(char *buf, size_t cap, int stage, Lang lang, const SceneGlyphs *gl);

/* How many of n items a transition at progress p has revealed: ceil(p · n), 0..n. */
int scene_revealed(double progress, int n);

/* The character the asker looks at most (largest score, hence largest share). */
int scene_strongest(const SceneCtx *c);

/* ---------------------------------------------------------------- arcs and panel */

/* Share classes: 1 below 5 %, 2 below 15 %, 3 below 35 %, 4 from 35 % up. */
int scene_share_class(double share);

/* The arcs above the sentence (and the V's flowing back at OUTPUT). */
void scene_draw_arcs(const SceneCtx *c);

/* The numbers panel of the current stage. */
void scene_draw_panel(const SceneCtx *c);

/* Braille dots set in a cell (0 when it holds no braille glyph). */
int scene_braille_dots(const Cell *cell);

#endif
