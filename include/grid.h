/* grid.h — a screen-sized grid of cells that the scene draws into and the term layer paints.
 * Owns: cells (one glyph, its width, a semantic style), writing text by display width,
 * the runs of cells that differ between two frames, and turning a grid into plain text
 * for golden-frame tests.
 * Must not touch: ncurses (styles are semantic; term maps them to attributes), the engine. */
#ifndef ATTN_GRID_H
#define ATTN_GRID_H

#include <stdbool.h>
#include <stddef.h>
#include <stdio.h>
#include "text.h"

/* What a cell means; the term layer turns this into colour and attributes. */
typedef enum {
    STYLE_NORMAL = 0,   /* plain text */
    STYLE_DIM,          /* secondary text: hints, faint arcs, inactive stages */
    STYLE_BOLD,         /* headings, emphasised values */
    STYLE_STAGE_LIT,    /* the current stage in the stage line */
    STYLE_FOCUS,        /* the focused (asking) character */
    STYLE_TOKEN,        /* the other characters of the sentence */
    STYLE_SHARE_1,      /* a share's or a score's colour on the one ramp (ramp.h), weakest */
    STYLE_SHARE_2,      /* first: below 5 %, 5-15 %, 15-35 %, from 35 % (a score: its table's */
    STYLE_SHARE_3,      /* range in four equal bins). Lightness moves one way along the ramp, */
    STYLE_SHARE_4,      /* away from the page; every step reads at least 3:1 against it */
    STYLE_POSITIVE,     /* a positive value where sign is coloured */
    STYLE_NEGATIVE,     /* a negative value where sign is coloured */
    STYLE_STATUS,       /* the status line */
    STYLE_HELP,         /* the help overlay box */
    STYLE_ERROR,        /* a warning line */
    STYLE_SERIES_A,     /* the first of two things drawn side by side (head 1, ÷√d): blue */
    STYLE_SERIES_B,     /* the second (head 2, no scaling): orange, told apart without red/green */
    STYLE_COUNT
} Style;

typedef struct {
    char glyph[TEXT_CHAR_BYTES]; /* UTF-8 of one character, zero-padded so that cells
                                    compare with memcmp; "" on the right half of a wide one */
    unsigned char width;         /* columns the glyph takes: 1 or 2 (0 on a right half) */
    unsigned char style;         /* a Style */
} Cell;

struct ArcsGeometry;
/* The largest frame the program draws, in columns and in rows: --print's --size, and a
 * bigger terminal (the frame is drawn at this size in its top-left corner). */
#define GRID_MAX_SIDE 1000

typedef struct {
    int w;        /* columns */
    int h;        /* rows */
    Cell *cells;  /* w × h, row-major */
    struct ArcsGeometry *vectors; /* NULL, or where the arcs and the all view's lines are also
                                     reported as shapes (arcs_geometry.h; the SVG writer's);
                                     emptied by grid_clear, owned by the caller */
} Grid;

/* Allocates a w × h grid of blanks. Returns 0, or -1 when out of memory. */
int grid_init(Grid *g, int w, int h);
/* Resizes to w × h, clearing it. Returns 0 or -1. */
int grid_resize(Grid *g, int w, int h);
void grid_free(Grid *g);
/* Fills every cell with a blank of STYLE_NORMAL. */
void grid_clear(Grid *g);

/* The cell at (x, y), or NULL outside the grid. */
Cell *grid_at(Grid *g, int x, int y);
const Cell *grid_cell(const Grid *g, int x, int y);

/* Columns one UTF-8 character (NUL-terminated) takes on screen: 1 or 2, as the grid puts
 * it (text_width, with ASCII, braille, box drawing and CJK ideographs answered at once). */
int grid_glyph_columns(const char *ch);

/* Puts one UTF-8 character at (x, y) with its display width (a wide glyph takes
 * x and x+1; one that would not fit in the row is not drawn). Overwriting half of a
 * wide glyph blanks its other half. Returns the columns used (0 when clipped). */
int grid_put_char(Grid *g, int x, int y, const char *ch, Style style);

/* The same for a glyph whose columns w are known (grid_glyph_columns(ch)): a caller that
 * measured it to clip does not measure it twice. */
int grid_put_glyph(Grid *g, int x, int y, const char *ch, int w, Style style);

/* Puts one UTF-8 character n times from (x, y) rightwards (a swatch, a rule), measured
 * once, clipped at the right edge. Returns the columns written. */
int grid_put_repeat(Grid *g, int x, int y, const char *ch, int n, Style style);

/* Puts a UTF-8 string from (x, y) rightwards, clipped at the right edge.
 * Returns the display columns written. */
int grid_put_text(Grid *g, int x, int y, const char *s, Style style);

/* Same with printf formatting. */
int grid_printf(Grid *g, int x, int y, Style style, const char *fmt, ...)
    __attribute__((format(printf, 5, 6)));

/* Sets the style of n cells from (x, y) without changing their glyphs. */
void grid_set_style(Grid *g, int x, int y, int n, Style style);

/* A run of cells in one row: columns x .. x+n-1 of row y. */
/* Copies the n cells of row y from column x onto row to_y, the same columns (clipped to the
 * grid): a cell drawn once and repeated down, as a tall heatmap cell or a box's inside. A
 * wide glyph of row to_y the span cuts is blanked; the span of row y must start and end on
 * whole glyphs (the caller's). */
void grid_copy_cells(Grid *g, int x, int y, int n, int to_y);

typedef struct {
    int x;   /* first column */
    int y;   /* row */
    int n;   /* cells, >= 1 */
} GridRun;

/* The next run of cells where `now` differs from `before` (a grid of the same size), at
 * or after column *x of row *y in row-major order: fills *run, moves (*x, *y) past it and
 * returns true; returns false when nothing differs any more (or the sizes differ). A run
 * holds both halves of every wide glyph it touches, in either grid, so that painting it
 * never leaves half a glyph behind. Pure: the terminal paints only these runs. */
bool grid_next_run(const Grid *before, const Grid *now, int *x, int *y, GridRun *run);

/* Copies the cells of run from src into dst (same size). */
void grid_copy_run(Grid *dst, const Grid *src, const GridRun *run);

/* Writes the grid as text: h lines, each the glyphs of one row with trailing blanks
 * removed, ending in '\n'. Returns the number of bytes (without NUL) it needs;
 * writes at most cap bytes including a NUL when buf is not NULL. */
size_t grid_to_text(const Grid *g, char *buf, size_t cap);

#endif
