/* wrap.h — a paragraph broken into lines that fit a width, for views that set text: at
 * blanks in English, between characters in Chinese, never before a closing mark (，。）).
 * Owns: nothing but that (libunistring's line breaking); internal to the views.
 * Must not touch: the grid, ncurses, allocation (a view draws without allocating). */
#ifndef ATTN_WRAP_H
#define ATTN_WRAP_H

#define WRAP_MAX_BYTES 1024   /* longest paragraph wrapped; the rest is left out */

/* One line of a wrapped paragraph: bytes start .. start+len-1 of it, no trailing blank. */
typedef struct {
    int start;   /* first byte */
    int len;     /* bytes */
} WrapLine;

/* Breaks the UTF-8 paragraph s into lines of at most width columns (a word wider than
 * width is cut where the width ends). Stores the first max lines in lines and returns how
 * many lines the whole paragraph takes. */
int wrap_lines(const char *s, int width, WrapLine *lines, int max);

#endif
