/* widthform.h — what a Chinese input method types in place of ASCII: the full-width forms
 * (０-９ ． ， － ＋ ％ ？ ＝ Ａ-ｚ …, U+FF01..U+FF5E), the ideographic space U+3000, and in a
 * number the full stop 。 and the minus sign −. Number fields read them as ASCII; sentence
 * fields read a character missing from the vocabulary as its width variant when the
 * vocabulary has that (both directions: a poem model's vocabulary holds ，。？ themselves).
 * × and ÷ are not width variants.
 * Owns: the mapping and folding a string by it. Must not touch: the terminal, the model,
 * any state. */
#ifndef ATTN_WIDTHFORM_H
#define ATTN_WIDTHFORM_H

#include <stdbool.h>
#include <stddef.h>

/* The ASCII character full-width (or ideographic-space) c stands for ('!'..'~', ' '), or 0
 * when c is none. */
int widthform_ascii(unsigned c);

/* The full-width form of ASCII c ('!'..'~' → U+FF01..U+FF5E, ' ' → U+3000), or 0. */
unsigned widthform_full(int c);

/* The width variant of c in either direction (the ASCII of a full-width form, the
 * full-width form of ASCII), or 0. */
unsigned widthform_variant(unsigned c);

/* The ASCII character a number field reads c as: c itself when ASCII, a full-width form's
 * ASCII, 。 (U+3002) as '.', − (U+2212) as '-'; 0 for anything else. */
int widthform_number_char(unsigned c);

/* Copies the UTF-8 string in to out (cap bytes) with every character a number field reads
 * as ASCII (widthform_number_char) so written; the others are kept. Returns how many were
 * changed (0: out is in). out always ends in a NUL (cut at a character when short). */
int widthform_fold_number(const char *in, char *out, size_t cap);

#endif
