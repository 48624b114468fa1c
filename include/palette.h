/* palette.h — how each Style looks in each theme: its foreground AND background with 256
 * and with 8 colours, attributes, and the attributes alone that carry the meaning without
 * colour (NO_COLOR, monochrome); the 256 colours as RGB.
 * Owns: the one style table that the term layer, the ANSI writer and the SVG writer read.
 * Must not touch: ncurses (colours are plain numbers: 0-7 are the eight ANSI colours,
 * the same as curses' COLOR_*; attributes are PALETTE_* flags). */
#ifndef ATTN_PALETTE_H
#define ATTN_PALETTE_H

#include "grid.h"
#include "theme.h"

enum {
    PALETTE_BOLD = 1 << 0,
    PALETTE_DIM = 1 << 1,
    PALETTE_REVERSE = 1 << 2   /* only in the mono column: it swaps the terminal's own two
                                  colours, never a colour of ours with the terminal's */
};

/* The eight ANSI colours, numbered as curses numbers them. */
enum { PAL_BLACK = 0, PAL_RED, PAL_GREEN, PAL_YELLOW, PAL_BLUE, PAL_MAGENTA, PAL_CYAN, PAL_WHITE };

typedef struct {
    short fg256;       /* foreground with 256 colours (xterm's numbers, always set) */
    short bg256;       /* background with 256 colours (always set: a highlight names both) */
    short fg8;         /* foreground with 8 colours, one of PAL_* */
    short bg8;         /* background with 8 colours, one of PAL_* */
    unsigned rich;     /* PALETTE_* attributes with 256 colours (never REVERSE) */
    unsigned basic;    /* PALETTE_* attributes with 8 colours (never REVERSE) */
    unsigned mono;     /* PALETTE_* attributes without colour: they alone carry the meaning */
} StyleLook;

/* The look of style s in theme t (STYLE_NORMAL's for a style out of range, THEME_DARK's
 * for a theme out of range). */
const StyleLook *palette_look(Theme t, Style s);

/* The theme after t: dark → light → contrast → dark (the live key's cycle). */
Theme palette_next_theme(Theme t);

/* The theme's name: "dark", "light", "contrast". */
const char *palette_theme_name(Theme t);

/* xterm's 256-colour number n as 0-255 red, green, blue (the 16 ANSI colours as xterm
 * paints them, the 6 × 6 × 6 cube, the grey ramp). */
void palette_rgb(int n, int *r, int *g, int *b);

/* The relative luminance (WCAG, 0 black .. 1 white) of colour n. */
double palette_luminance(int n);

#endif
