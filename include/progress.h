/* progress.h — a training run's progress line on a terminal: "[####....] figures", redrawn in
 * place with \r, never wider than the terminal (a line that wraps cannot be redrawn).
 * Owns: the bar's cells and the cutting to the terminal's width. Must not touch: what the
 * figures say (callers write them), the screen beyond that one line. */
#ifndef ATTN_PROGRESS_H
#define ATTN_PROGRESS_H

#include <stdio.h>

#define PROGRESS_BAR 24       /* cells of the bar, where they fit */
#define PROGRESS_BAR_MIN 4    /* fewer cells than this: no bar, the figures alone */

/* The columns of the terminal f writes to (TIOCGWINSZ), or 80 where it does not say. */
int progress_columns(FILE *f);

/* Redraws "\r[###.....] figures" in fewer than cols columns, step of total filled: the bar
 * narrows, then goes, then the figures are cut at a character boundary. */
void progress_show(FILE *f, int cols, long step, long total, const char *figures);

#endif
