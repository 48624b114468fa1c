/* theme.h — the colour themes a user can choose (--theme, the config's `theme`).
 * Owns: the list of themes only. Must not touch: how a theme looks (the palette's job). */
#ifndef ATTN_THEME_H
#define ATTN_THEME_H

typedef enum {
    THEME_DARK = 0,   /* light text on a dark background (the default) */
    THEME_LIGHT,      /* dark text on a light background */
    THEME_CONTRAST,   /* high contrast: bright on black, no dim shades */
    THEME_COUNT
} Theme;

#endif
