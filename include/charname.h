/* charname.h — a character of the sentence named where it repeats: the second 加 of
 * 1+2+3+4+5+6+7=? is 加₂ (jia_2 in ASCII), everywhere a screen, the tour, --dump's text or
 * a worksheet names it; a character that does not repeat keeps its plain name. JSON and
 * the export scripts keep positions instead. --set's score[加2][等] reads it back.
 * Owns: the occurrence number and the name. Must not touch: the terminal, any state. */
#ifndef ATTN_CHARNAME_H
#define ATTN_CHARNAME_H

#include <stdbool.h>
#include <stddef.h>
#include "text.h"

#define CHARNAME_BYTES 24   /* a name with its occurrence ("cheng_16", "加₁₆") and its NUL */

/* Character t's occurrence among the equal characters of tokens[0..T-1] (1 for the first,
 * 2 …), or 0 when it appears once. */
int charname_occurrence(const char tokens[][TEXT_CHAR_BYTES], int T, int t);

/* label (the character as written: 加, or jia in ASCII) with occurrence n: "加₂", in ASCII
 * "jia_2"; label alone when n is 0. Returns buf. */
char *charname_mark(const char *label, int n, bool ascii, char *buf, size_t cap);

/* Character t of tokens as a sentence names it (Unicode): "加₂", or "加". Returns buf. */
char *charname_of(const char tokens[][TEXT_CHAR_BYTES], int T, int t, char *buf, size_t cap);

/* Reads a named character back: "加", "加₂" or "加2" against tokens: its position, or -1
 * (not a character of the sentence, or no such occurrence). A plain character that repeats
 * is its first place. */
int charname_find(const char tokens[][TEXT_CHAR_BYTES], int T, const char *name);

#endif
