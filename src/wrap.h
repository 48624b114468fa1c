/* wrap.h — the one line breaker: a paragraph broken into lines that fit a width, for every
 * view that sets text (draw_paragraph draws wrap_balanced's lines: no widow of a few columns
 * under full lines): at blanks in English, between words in Chinese (never inside a lesson
 * term such as 对称, nor before a closing mark ，。）), never inside an equation, a word
 * wider than the width cut where the width ends.
 * Owns: nothing but that (libunistring's line breaking); internal to the views.
 * Must not touch: the grid, ncurses, allocation (a view draws without allocating). */
#ifndef ATTN_WRAP_H
#define ATTN_WRAP_H

#include <stdbool.h>
#include <stddef.h>

#define WRAP_MAX_BYTES 4096   /* longest paragraph wrapped; the rest is left out */

/* One line of a wrapped paragraph: bytes start .. start+len-1 of it, no trailing blank. */
typedef struct {
    int start;   /* first byte */
    int len;     /* bytes */
} WrapLine;

/* Breaks the UTF-8 paragraph s into lines of at most width columns, filled greedily: where
 * UAX #14 allows a break, but never between two ASCII characters that are not blanks (a
 * name, a number or a piece of code stays whole), nor inside a listed term or an equation
 * ("Q(加)·K(等) = 2.08") while it fits a line; a newline ends a line; a word wider than
 * width is cut where the width ends. Stores the first max lines in lines and returns how
 * many lines the whole paragraph takes (0 for ""). */
int wrap_lines(const char *s, int width, WrapLine *lines, int max);

#define WRAP_WIDOW_MIN 10   /* fewest columns a paragraph's last line should have */

/* wrap_lines, but a paragraph whose last line would be a widow (fewer than WRAP_WIDOW_MIN
 * columns: "等." or "(GQA)." alone under full lines) is broken a little narrower, at the
 * widest width down to half of width that keeps the number of lines and gives the last line
 * WRAP_WIDOW_MIN columns (never more rows than wrap_lines; as wrap_lines when none does).
 * The lines depend on s and width only, not on max. Every paragraph is set with it
 * (draw_paragraph, the help, the summary). */
int wrap_balanced(const char *s, int width, WrapLine *lines, int max);

/* The lesson's terms no line may break inside (对称, 词向量, 位置指纹 …), wrap_term_count of them. */
extern const char *const wrap_terms[];
extern const int wrap_term_count;

/* The bytes of the listed term s starts with, or 0. */
size_t wrap_term_at(const char *s);

#endif
