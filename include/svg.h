/* svg.h — a frame as a standalone SVG picture (--print --format svg), for slides and papers.
 * Owns: turning a grid of cells into SVG: text as text, the palette's colours, shade and bar
 * glyphs as rectangles, box and rule glyphs as lines, braille as dots, and the arcs and the
 * all view's lines (Grid.vectors) as paths whose stroke width is the share.
 * Must not touch: what a frame shows (views draw the grid), ncurses, the engine. */
#ifndef ATTN_SVG_H
#define ATTN_SVG_H

#include <stdio.h>

#include "grid.h"
#include "lang.h"
#include "theme.h"

#define SVG_CELL_W 8    /* pixels per column: a monospace glyph of SVG_FONT_PX is 0.6 em */
#define SVG_CELL_H 16   /* pixels per row */

/* Writes g as one SVG document to f: a viewBox of g's columns × rows in cells, title as
 * its <title> (escaped), colours of theme; g->vectors' shapes (when set before the frame was
 * drawn) as paths in place of the braille cells of their area, each share × one scale wide
 * (the widest the gap between neighbouring feet less 2 px), and a row more under the
 * picture stating that scale in lang. The same grid gives the same bytes. Returns 0, or
 * -1 when a write failed (errno set by stdio). */
int svg_write(FILE *f, const Grid *g, const char *title, Theme theme, Lang lang);

#endif
