/* palette.h — how each Style looks: colours with 256 and with 8 colours, attributes, and
 * the attributes alone that carry the meaning without colour (NO_COLOR, monochrome).
 * Owns: the one style table that the term layer and the ANSI writer both read.
 * Must not touch: ncurses (colours are plain numbers: 0-7 are the eight ANSI colours,
 * the same as curses' COLOR_*; attributes are PALETTE_* flags). */
#ifndef ATTN_PALETTE_H
#define ATTN_PALETTE_H

#include "grid.h"

enum {
    PALETTE_BOLD = 1 << 0,
    PALETTE_DIM = 1 << 1,
    PALETTE_REVERSE = 1 << 2
};

/* The eight ANSI colours, numbered as curses numbers them. */
enum { PAL_BLACK = 0, PAL_RED, PAL_GREEN, PAL_YELLOW, PAL_BLUE, PAL_MAGENTA, PAL_CYAN, PAL_WHITE };

typedef struct {
    short fg256;       /* foreground with 256 colours (-1: the terminal's own) */
    short fg8;         /* foreground with 8 colours (-1: the terminal's own) */
    short bg;          /* background, one of the eight (-1: the terminal's own) */
    unsigned rich;     /* PALETTE_* attributes with 256 colours */
    unsigned basic;    /* PALETTE_* attributes with 8 colours */
    unsigned mono;     /* PALETTE_* attributes without colour: they alone carry the meaning */
} StyleLook;

/* The look of style s (STYLE_NORMAL's for a value out of range). */
const StyleLook *palette_look(Style s);

#endif
