/* arcs_geometry.h — the arcs view's arcs and the all view's lines as vectors: what each
 * view draws in braille dots, reported also as shapes (endpoints, height, width by share)
 * for the SVG writer, when the grid carries a place for them (Grid.vectors).
 * Owns: the shapes' list. Must not touch: how the views draw or where they put things
 * (arcs.c and view_all.c report what they draw), ncurses. */
#ifndef ATTN_ARCS_GEOMETRY_H
#define ATTN_ARCS_GEOMETRY_H

#include <stdbool.h>

#include "model.h"

#define ARCS_GEOMETRY_MAX (2 * MODEL_MAX_TOKENS * MODEL_MAX_TOKENS)  /* every line of 2 heads */

typedef enum {
    GEOM_ARC = 0,   /* a half-ellipse over the sentence, from (x0, y0) to (x1, y0) */
    GEOM_LINE       /* the all view's line: straight down from (x0, y0) for `lead` dot rows,
                       an S to x1, straight down for `lead` rows to (x1, y1) */
} GeomKind;

/* One shape, in dot coordinates: dot column dx is grid column dx / 2, dot row dy grid row
 * dy / 4 (a cell is 2 × 4 dots). Coordinates are the dots' own (the centre of dot 0 is 0). */
typedef struct {
    GeomKind kind;     /* arc or line */
    double x0, y0;     /* where it leaves the asker */
    double x1, y1;     /* where it lands (an arc: y1 == y0) */
    double height;     /* an arc's apex height in dots above y0 (0 for a line) */
    double lead;       /* a line's straight rows at each end (0 for an arc) */
    double width;      /* its stroke width in dots as the terminal draws it, without rounding
                          (a picture draws share × the geometry's one scale instead) */
    double share;      /* the softmax share it carries */
    int style;         /* the Style it is drawn in */
    int thinner;       /* a backdrop drawn this many times thinner than its share says (the
                          all view's faded lines); 0 or 1: as its share says */
} GeomShape;

/* The shapes of one frame, and the cells they stand for. */
typedef struct ArcsGeometry {
    int count;                           /* shapes held */
    GeomShape shapes[ARCS_GEOMETRY_MAX]; /* in drawing order */
    int area_x, area_y, area_w, area_h;  /* the cells the shapes replace (braille there is
                                            theirs); w = 0 when none */
    double gap;                          /* dots between the centres of neighbouring feet
                                            (characters): a picture's widest stroke is this
                                            less 2 px, so that no two strokes merge */
    double widest;                       /* the share that widest stroke stands for: the
                                            largest an arc carries, or 1 where each
                                            character's lines leave side by side (all) */
} ArcsGeometry;

/* Appends s (a full list keeps its first ARCS_GEOMETRY_MAX). */
void arcs_geometry_add(ArcsGeometry *g, const GeomShape *s);

/* The picture's one stroke scale: its feet `gap` dots apart, its widest stroke standing for
 * a share of `widest` (the largest of the calls: both heads' arcs report theirs). */
void arcs_geometry_scale(ArcsGeometry *g, double gap, double widest);

/* Marks the cells x .. x+w-1, y .. y+h-1 as drawn by the shapes. */
void arcs_geometry_area(ArcsGeometry *g, int x, int y, int w, int h);

#endif
