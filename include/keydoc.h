/* keydoc.h — every key binding written out for people: the global key table and each
 * view's own, with what each does, as the help overlay says it (`attn-tui --keys`).
 * Owns: the keys and screens sections of README.md and of the man page, generated from the
 * tables so
 * that the documents and the program never disagree (a test compares them).
 * Must not touch: the terminal, drawing. */
#ifndef ATTN_KEYDOC_H
#define ATTN_KEYDOC_H

#include <stdio.h>
#include "lang.h"

typedef enum {
    KEYDOC_MARKDOWN = 0,   /* a table for README.md */
    KEYDOC_MAN             /* roff .TP entries for docs/attn-tui.1 */
} KeyDocFormat;

/* Writes the global keys, then each view's own keys under its name. Returns 0, or -1 on
 * a write error. */
int keydoc_write(FILE *out, KeyDocFormat format, Lang lang);

/* Writes the table of screens from VIEW_LIST's rows (name, tab, about): README's table, or
 * the man page's .TP list. Returns 0, or -1 on a write error. */
int keydoc_views(FILE *out, KeyDocFormat format);

/* Writes the views' names, one a line, in the view bar's order. Returns 0 or -1. */
int keydoc_view_names(FILE *out);

#endif
