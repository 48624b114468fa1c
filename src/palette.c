/* palette.c — the style table: one row per Style, in grid.h's order.
 * Owns: colours and attributes. Must not touch: ncurses, the grid's contents. */
#include "palette.h"

#define B PALETTE_BOLD
#define D PALETTE_DIM
#define R PALETTE_REVERSE

/* The arcs' eight levels (a share in eighths) follow a viridis-like ramp, purple-blue →
 * teal → green → yellow: its lightness grows with the share and it never sets red against
 * green, so colour-blind readers see the same order. With 8 colours: blue → cyan → yellow →
 * white, leaning on dim and bold; without colour the attributes alone: dim → normal → bold. */
static const StyleLook palette_table[STYLE_COUNT] = {
    [STYLE_NORMAL]    = { -1,  -1,          -1,       0,     0,     0 },
    [STYLE_DIM]       = { -1,  -1,          -1,       D,     D,     D },
    [STYLE_BOLD]      = { -1,  -1,          -1,       B,     B,     B },
    [STYLE_STAGE_LIT] = { 220, PAL_YELLOW,  -1,       R | B, R | B, R | B },
    [STYLE_FOCUS]     = { 81,  PAL_CYAN,    -1,       R | B, R | B, R | B },
    [STYLE_TOKEN]     = { -1,  -1,          -1,       B,     B,     B },
    [STYLE_ARC_1]     = { 60,  PAL_BLUE,    -1,       0,     D,     D },
    [STYLE_ARC_2]     = { 61,  PAL_BLUE,    -1,       0,     0,     D },
    [STYLE_ARC_3]     = { 67,  PAL_CYAN,    -1,       0,     D,     D },
    [STYLE_ARC_4]     = { 31,  PAL_CYAN,    -1,       0,     0,     0 },
    [STYLE_ARC_5]     = { 36,  PAL_CYAN,    -1,       0,     B,     0 },
    [STYLE_ARC_6]     = { 71,  PAL_YELLOW,  -1,       0,     0,     B },
    [STYLE_ARC_7]     = { 148, PAL_YELLOW,  -1,       B,     B,     B },
    [STYLE_ARC_8]     = { 220, PAL_WHITE,   -1,       B,     B,     B },
    [STYLE_POSITIVE]  = { 114, PAL_GREEN,   -1,       0,     0,     0 },
    [STYLE_NEGATIVE]  = { 210, PAL_RED,     -1,       0,     0,     0 },
    [STYLE_STATUS]    = { -1,  -1,          -1,       R,     R,     R },
    [STYLE_HELP]      = { 15,  PAL_WHITE,   PAL_BLUE, 0,     0,     0 },
    [STYLE_ERROR]     = { 203, PAL_RED,     -1,       B,     B,     B },
    [STYLE_SERIES_A]  = { 33,  PAL_BLUE,    -1,       0,     0,     0 },
    [STYLE_SERIES_B]  = { 208, PAL_YELLOW,  -1,       B,     B,     B },
};

const StyleLook *palette_look(Style s)
{
    if ((int)s < 0 || s >= STYLE_COUNT)
        s = STYLE_NORMAL;
    return &palette_table[s];
}
