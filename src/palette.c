/* palette.c — the style tables of the three themes: one row per Style, in grid.h's order,
 * each naming both its colours; and xterm's 256 colours as RGB.
 * Owns: colours and attributes. Must not touch: ncurses, the grid's contents. */
#include "palette.h"

#include <math.h>
#include <stddef.h>

#define B PALETTE_BOLD
#define D PALETTE_DIM
#define R PALETTE_REVERSE

/* Every row names its foreground and its background, with 256 and with 8 colours, so a
 * highlight reads the same on a white terminal as on a black one (no reverse video of a
 * foreground colour: that takes the terminal's own background). Dimness is a grey, not
 * the faint attribute, except in the mono column.
 *
 * Signs and heatmaps: positive is orange, negative is blue in every theme — the diverging
 * pair that red-green colour-blind readers tell apart (it differs in hue along the blue-
 * yellow axis they keep, and in lightness) — and every negative number is printed with
 * its minus sign. The share ramp (STYLE_SHARE_1..4, ramp.h: every arc, share cell and
 * score cell) moves one way in lightness, away from the page: lighter on the dark and
 * contrast themes, darker on the light one, also as a deuteranope sees it; every step reads
 * at least 3:1 against the page (7:1 on the contrast theme) with 256 colours and with 8,
 * measured from xterm's RGB (tests/unit/test_palette.c). With 8 colours the steps are those
 * of the eight that clear the page: magenta → cyan → yellow → white on black, magenta → red
 * → blue → black on xterm's white (229), green → cyan → yellow → white for the projector.
 * A selection (the asking character, the chosen cell: STYLE_FOCUS; the lit stage and the
 * mirrored cell: STYLE_STAGE_LIT) never takes a sign's colour, so a chosen negative number
 * never looks like any negative number. Without colour the attributes alone carry the
 * ramp: dim → normal → bold. With 8 colours black text on any
 * background is never bold: terminals that brighten bold (xterm's default) paint bold black
 * as grey, unreadable on cyan or yellow (the asking character, the stage) and lighter than
 * plain text on white, so the light theme's emphasis is blue there, not bold black. */

/* dark: light grey on #1c1c1c, the default. */
static const StyleLook palette_dark[STYLE_COUNT] = {
    /*                  fg256 bg256 fg8          bg8        rich basic mono */
    [STYLE_NORMAL]    = { 252, 234, PAL_WHITE,   PAL_BLACK, 0,   0,    0 },
    [STYLE_DIM]       = { 245, 234, PAL_WHITE,   PAL_BLACK, 0,   0,    D },
    [STYLE_BOLD]      = { 255, 234, PAL_WHITE,   PAL_BLACK, B,   B,    B },
    [STYLE_STAGE_LIT] = { 16,  226, PAL_BLACK,   PAL_GREEN, B,   0,    R | B },
    [STYLE_FOCUS]     = { 16,  255, PAL_BLACK,   PAL_WHITE, B,   0,    R | B },
    [STYLE_TOKEN]     = { 255, 234, PAL_WHITE,   PAL_BLACK, B,   B,    B },
    [STYLE_SHARE_1]   = { 68,  234, PAL_MAGENTA, PAL_BLACK, 0,   0,    D },
    [STYLE_SHARE_2]   = { 37,  234, PAL_CYAN,    PAL_BLACK, 0,   0,    0 },
    [STYLE_SHARE_3]   = { 149, 234, PAL_YELLOW,  PAL_BLACK, 0,   0,    B },
    [STYLE_SHARE_4]   = { 220, 234, PAL_WHITE,   PAL_BLACK, B,   B,    B },
    [STYLE_POSITIVE]  = { 214, 234, PAL_YELLOW,  PAL_BLACK, 0,   0,    0 },
    [STYLE_NEGATIVE]  = { 75,  234, PAL_CYAN,    PAL_BLACK, 0,   0,    0 },
    [STYLE_STATUS]    = { 234, 250, PAL_BLACK,   PAL_WHITE, 0,   0,    R },
    [STYLE_HELP]      = { 231, 24,  PAL_WHITE,   PAL_BLUE,  0,   0,    0 },
    [STYLE_ERROR]     = { 203, 234, PAL_RED,     PAL_BLACK, B,   B,    B },
    [STYLE_SERIES_A]  = { 33,  234, PAL_CYAN,    PAL_BLACK, 0,   0,    0 },
    [STYLE_SERIES_B]  = { 208, 234, PAL_YELLOW,  PAL_BLACK, B,   B,    B },
};

/* light: near-black on white, for a bright room. */
static const StyleLook palette_light[STYLE_COUNT] = {
    [STYLE_NORMAL]    = { 235, 231, PAL_BLACK,   PAL_WHITE, 0,   0,    0 },
    [STYLE_DIM]       = { 241, 231, PAL_BLACK,   PAL_WHITE, 0,   0,    D },
    [STYLE_BOLD]      = { 16,  231, PAL_BLUE,    PAL_WHITE, B,   0,    B },
    [STYLE_STAGE_LIT] = { 16,  220, PAL_BLACK,   PAL_YELLOW, B,  0,    R | B },
    [STYLE_FOCUS]     = { 16,  219, PAL_BLACK,   PAL_CYAN,  B,   0,    R | B },
    [STYLE_TOKEN]     = { 16,  231, PAL_BLACK,   PAL_WHITE, B,   0,    B },
    [STYLE_SHARE_1]   = { 30,  231, PAL_MAGENTA, PAL_WHITE, 0,   0,    D },
    [STYLE_SHARE_2]   = { 61,  231, PAL_RED,     PAL_WHITE, 0,   0,    0 },
    [STYLE_SHARE_3]   = { 54,  231, PAL_BLUE,    PAL_WHITE, B,   0,    B },
    [STYLE_SHARE_4]   = { 17,  231, PAL_BLACK,   PAL_WHITE, B,   0,    B },
    [STYLE_POSITIVE]  = { 130, 231, PAL_RED,     PAL_WHITE, 0,   0,    0 },
    [STYLE_NEGATIVE]  = { 25,  231, PAL_BLUE,    PAL_WHITE, 0,   0,    0 },
    [STYLE_STATUS]    = { 231, 238, PAL_WHITE,   PAL_BLACK, 0,   0,    R },
    [STYLE_HELP]      = { 16,  153, PAL_BLACK,   PAL_CYAN,  0,   0,    0 },
    [STYLE_ERROR]     = { 160, 231, PAL_RED,     PAL_WHITE, B,   B,    B },
    [STYLE_SERIES_A]  = { 25,  231, PAL_BLUE,    PAL_WHITE, 0,   0,    0 },
    [STYLE_SERIES_B]  = { 130, 231, PAL_RED,     PAL_WHITE, B,   B,    B },
};

/* contrast: white on black for a projector: no grey body text, strong colours, bold. */
static const StyleLook palette_contrast[STYLE_COUNT] = {
    [STYLE_NORMAL]    = { 231, 16,  PAL_WHITE,   PAL_BLACK, 0,   B,    0 },
    [STYLE_DIM]       = { 255, 16,  PAL_WHITE,   PAL_BLACK, 0,   0,    0 },
    [STYLE_BOLD]      = { 231, 16,  PAL_WHITE,   PAL_BLACK, B,   B,    B },
    [STYLE_STAGE_LIT] = { 16,  226, PAL_BLACK,   PAL_GREEN, B,   0,    R | B },
    [STYLE_FOCUS]     = { 16,  231, PAL_BLACK,   PAL_WHITE, B,   0,    R | B },
    [STYLE_TOKEN]     = { 231, 16,  PAL_WHITE,   PAL_BLACK, B,   B,    B },
    [STYLE_SHARE_1]   = { 39,  16,  PAL_GREEN,   PAL_BLACK, B,   B,    0 },
    [STYLE_SHARE_2]   = { 49,  16,  PAL_CYAN,    PAL_BLACK, B,   B,    0 },
    [STYLE_SHARE_3]   = { 226, 16,  PAL_YELLOW,  PAL_BLACK, B,   B,    B },
    [STYLE_SHARE_4]   = { 231, 16,  PAL_WHITE,   PAL_BLACK, B,   B,    B },
    [STYLE_POSITIVE]  = { 214, 16,  PAL_YELLOW,  PAL_BLACK, B,   B,    0 },
    [STYLE_NEGATIVE]  = { 45,  16,  PAL_CYAN,    PAL_BLACK, B,   B,    0 },
    [STYLE_STATUS]    = { 16,  231, PAL_BLACK,   PAL_WHITE, B,   0,    R | B },
    [STYLE_HELP]      = { 231, 19,  PAL_WHITE,   PAL_BLUE,  B,   B,    B },
    [STYLE_ERROR]     = { 16,  214, PAL_BLACK,   PAL_YELLOW, B,  0,    R | B },
    [STYLE_SERIES_A]  = { 39,  16,  PAL_CYAN,    PAL_BLACK, B,   B,    0 },
    [STYLE_SERIES_B]  = { 208, 16,  PAL_YELLOW,  PAL_BLACK, B,   B,    B },
};

static const StyleLook *const palette_tables[THEME_COUNT] = {
    [THEME_DARK] = palette_dark,
    [THEME_LIGHT] = palette_light,
    [THEME_CONTRAST] = palette_contrast,
};

const StyleLook *palette_look(Theme t, Style s)
{
    if ((int)t < 0 || t >= THEME_COUNT)
        t = THEME_DARK;
    if ((int)s < 0 || s >= STYLE_COUNT)
        s = STYLE_NORMAL;
    return &palette_tables[t][s];
}

Theme palette_next_theme(Theme t)
{
    return (Theme)(((int)t + 1) % THEME_COUNT);
}

const char *palette_theme_name(Theme t)
{
    static const char *const names[THEME_COUNT] = { "dark", "light", "contrast" };
    return (int)t >= 0 && t < THEME_COUNT ? names[t] : names[THEME_DARK];
}

/* ---------------------------------------------------------------- RGB */

void palette_rgb(int n, int *r, int *g, int *b)
{
    static const unsigned char ansi[16][3] = {
        { 0, 0, 0 }, { 205, 0, 0 }, { 0, 205, 0 }, { 205, 205, 0 }, { 0, 0, 238 }, { 205, 0, 205 },
        { 0, 205, 205 }, { 229, 229, 229 }, { 127, 127, 127 }, { 255, 0, 0 }, { 0, 255, 0 },
        { 255, 255, 0 }, { 92, 92, 255 }, { 255, 0, 255 }, { 0, 255, 255 }, { 255, 255, 255 },
    };
    static const unsigned char cube[6] = { 0, 95, 135, 175, 215, 255 };
    n = n < 0 ? 0 : n > 255 ? 255 : n;
    if (n < 16) {
        *r = ansi[n][0]; *g = ansi[n][1]; *b = ansi[n][2];
    } else if (n < 232) {
        n -= 16;
        *r = cube[n / 36]; *g = cube[n / 6 % 6]; *b = cube[n % 6];
    } else {
        *r = *g = *b = 8 + 10 * (n - 232);
    }
}

/* One sRGB channel 0-255 as linear light 0-1. */
static double palette_linear(int c)
{
    double v = c / 255.0;
    return v <= 0.04045 ? v / 12.92 : pow((v + 0.055) / 1.055, 2.4);
}

double palette_luminance(int n)
{
    int r, g, b;
    palette_rgb(n, &r, &g, &b);
    return 0.2126 * palette_linear(r) + 0.7152 * palette_linear(g) + 0.0722 * palette_linear(b);
}
