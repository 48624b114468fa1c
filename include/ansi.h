/* ansi.h — a Grid as text with ANSI colour escapes (SGR), for `--print --color always`.
 * Owns: turning styles into SGR sequences through the palette.
 * Must not touch: ncurses, the terminal's state (it only writes a stream). */
#ifndef ATTN_ANSI_H
#define ATTN_ANSI_H

#include <stddef.h>
#include <stdio.h>
#include "grid.h"
#include "theme.h"

/* The SGR sequence that sets style s of theme t from any state, both its colours named,
 * e.g. "\033[0;1;38;5;16;48;5;220m" (never reverse video). */
void ansi_style_sgr(Theme t, Style s, char *buf, size_t cap);

/* Writes g to out, one line per row (every column: the theme's background is part of the
 * picture), each cell's style of theme t as 256-colour SGR escapes, every line ending in a
 * reset. Returns 0, or -1 on a write error. */
int ansi_write_grid(FILE *out, const Grid *g, Theme t);

#endif
