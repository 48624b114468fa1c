/* wrap.h — a paragraph broken into lines that fit a width, for views that set text: at
 * blanks in English, between words in Chinese (never inside a lesson term such as 对称, nor
 * before a closing mark ，。）), never inside an equation.
 * Owns: nothing but that (libunistring's line breaking); internal to the views.
 * Must not touch: the grid, ncurses, allocation (a view draws without allocating). */
#ifndef ATTN_WRAP_H
#define ATTN_WRAP_H

#include <stdbool.h>
#include <stddef.h>

#define WRAP_MAX_BYTES 1024   /* longest paragraph wrapped; the rest is left out */
#define WRAP_SPAN_BYTES 4096  /* longest paragraph wrap_spans_fit measures (draw_paragraph's) */

/* One line of a wrapped paragraph: bytes start .. start+len-1 of it, no trailing blank. */
typedef struct {
    int start;   /* first byte */
    int len;     /* bytes */
} WrapLine;

/* Breaks the UTF-8 paragraph s into lines of at most width columns (a word wider than
 * width is cut where the width ends). Stores the first max lines in lines and returns how
 * many lines the whole paragraph takes. */
int wrap_lines(const char *s, int width, WrapLine *lines, int max);

/* The lesson's terms no line may break inside (对称, 词向量, 位置指纹 …), wrap_term_count of them. */
extern const char *const wrap_terms[];
extern const int wrap_term_count;

/* The bytes of the listed term s starts with, or 0. */
size_t wrap_term_at(const char *s);

/* Fills o (n bytes, one per byte of s) as libunistring's line-breaking override: UC_BREAK_PROHIBITED
 * inside a listed term, around an equation's " = ", inside "Q(加)·K(等)"; else
 * UC_BREAK_UNDEFINED (UAX #14 decides). Both breakers (wrap_lines, draw_paragraph) use it. */
void wrap_unbreakable(const char *s, size_t n, char *o);

/* True when every span o holds together (a run of UC_BREAK_PROHIBITED and what it joins)
 * fits in width columns; when one does not, the caller breaks s without o. */
bool wrap_spans_fit(const char *s, size_t n, const char *o, int width);

#endif
