/* scene.h — lays out one frame of the lesson into a Grid: stage line, the sentence,
 * arcs whose thickness is the softmax share, the numbers panel, status line, help.
 * Owns: layout and drawing decisions, as a pure function of
 * (trace, player state, transition progress, grid size, options).
 * Must not touch: ncurses, the clock, the engine's arithmetic (it only reads a Trace). */
#ifndef ATTN_SCENE_H
#define ATTN_SCENE_H

#include <stdbool.h>
#include "engine.h"
#include "grid.h"
#include "player.h"

#define SCENE_MIN_W 60   /* below this many columns the frame says "terminal too small" */
#define SCENE_MIN_H 20   /* below this many rows, likewise */

typedef enum { LANG_EN = 0, LANG_ZH = 1 } Lang;

typedef struct {
    Lang lang;           /* labels in English or Chinese */
    bool ascii;          /* draw with ASCII only (arcs as . - = #) */
    const char *notice;  /* a one-line notice for the status line, or NULL */
} SceneOptions;

/* Draws the whole frame into g (its size is the terminal's). progress (0..1) is how
 * far the current transition has run (player_progress); 1 draws the settled frame.
 * Below SCENE_MIN_W × SCENE_MIN_H draws only the centred line
 * "terminal too small: need 60×20, have w×h". */
void scene_render(Grid *g, const Trace *tr, const Player *p, double progress,
                  const SceneOptions *o);

/* The index of the sentence's character drawn at column x, row y of a w × h frame,
 * or -1 (for mouse clicks). */
int scene_token_at(const Trace *tr, int w, int h, const SceneOptions *o, int x, int y);

#endif
