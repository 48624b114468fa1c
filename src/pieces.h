/* pieces.h — the one layout of unbreakable pieces with indented continuation lines: the
 * matrix's and machine's sentences and hand checks, the arcs panels' equations. A piece is
 * never split between lines (a piece wider than a line wraps by characters), a glued piece
 * never starts one, continuation lines are indented.
 * Owns: nothing outside src/pieces.c. Must not touch: ncurses, the clock, the engine's
 * arithmetic. */
#ifndef ATTN_PIECES_H
#define ATTN_PIECES_H

#include <stdbool.h>
#include "draw.h"

#define PIECES_BYTES 16384   /* the bytes of all pieces of one text */
#define PIECES_MAX 600    /* pieces of one text: a sum of d ≤ 512 products and more */
#define PIECES_BREAK "\n"          /* a piece that starts a new line */

/* Text as pieces: words, terms of a sum … laid out left to right, a piece never split
 * between lines, continuation lines indented. */
typedef struct {
    char store[PIECES_BYTES];     /* the pieces, each NUL-terminated, one after another */
    int start[PIECES_MAX];     /* where each piece begins in store */
    Style style[PIECES_MAX];   /* the style of each piece */
    bool glue[PIECES_MAX];     /* the piece never starts a line: it stays with the one
                                        before (a separator, a closing ";") */
    int n;                           /* pieces */
    int used;                        /* bytes of store used */
    int indent;                      /* columns continuation lines are indented by */
} Pieces;

/* An empty text whose continuation lines are indented by indent columns. */
void pieces_init(Pieces *t, int indent);

/* Appends a printf-formatted piece in style st (dropped when the store is full). */
void pieces_add(Pieces *t, Style st, const char *fmt, ...) __attribute__((format(printf, 3, 4)));

/* The same, glued to the piece before it: a line never breaks between them. */
void pieces_glue(Pieces *t, Style st, const char *fmt, ...) __attribute__((format(printf, 3, 4)));

/* A separator (" · ") glued to the piece before it. */
void pieces_sep(Pieces *t, const char *sep);

/* Appends one piece per word of s (each but the last keeps its trailing blank), so that
 * a sentence wraps between words. */
void pieces_words(Pieces *t, Style st, const char *s);

/* Lines the text takes in w columns, continuation lines indented by t's indent. */
int pieces_lines(const Pieces *t, int w);

/* Draws the text from (x, y) in w columns, at most max_lines lines (c->g may be NULL:
 * nothing is drawn). Returns the lines it takes. */
int pieces_draw(const ViewCtx *c, const Pieces *t, int x, int y, int w, int max_lines);

/* The same after a bold lead (an equation's left side, ending in its own blank) on the
 * first line, continuation lines indented by indent (0 when that is half of w or more):
 * lines taken; drawn from (x, y), at most max_lines of them. */
int pieces_lines_after(const Pieces *t, const char *lead, int indent, int w);
int pieces_draw_after(const ViewCtx *c, const Pieces *t, const char *lead, int indent, int x, int y, int w,
                      int max_lines);

#endif
