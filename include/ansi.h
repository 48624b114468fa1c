/* ansi.h — a Grid as text with ANSI colour escapes (SGR), for `--print --color always`.
 * Owns: turning styles into SGR sequences through the palette.
 * Must not touch: ncurses, the terminal's state (it only writes a stream). */
#ifndef ATTN_ANSI_H
#define ATTN_ANSI_H

#include <stddef.h>
#include <stdio.h>
#include "grid.h"

/* The SGR sequence that sets style s from any state, e.g. "\033[0;1;38;5;208m". */
void ansi_style_sgr(Style s, char *buf, size_t cap);

/* Writes g to out, one line per row (trailing blanks dropped), each cell's style as 256-
 * colour SGR escapes, every line ending in a reset. Returns 0, or -1 on a write error. */
int ansi_write_grid(FILE *out, const Grid *g);

#endif
