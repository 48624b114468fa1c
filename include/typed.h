/* typed.h — a number typed on a line (practice's answers, the what-if editor's values): the
 * keys that edit it, reading it (blanks, a sign, one decimal point or comma, a percent sign;
 * never the locale), and the one line that says why a text is not a number.
 * Owns: nothing but these functions. Must not touch: the terminal, drawing, any state. */
#ifndef ATTN_TYPED_H
#define ATTN_TYPED_H

#include <stdbool.h>
#include <stddef.h>
#include "lang.h"

/* A number typed, read. */
typedef struct {
    double value;    /* the number as typed (52.4 for "52.4%") */
    bool percent;    /* it ended in '%' */
} TypedNumber;

typedef enum {
    TYPED_NUMBER = 0,     /* a number */
    TYPED_EMPTY,      /* nothing but blanks: reveal the solution */
    TYPED_JUNK        /* not a number */
} TypedRead;

/* Reads typed text. Accepted: blanks (and U+3000) around; a sign '+', '-' or U+2212 '−';
 * digits with at most one decimal point, '.' or ',' (a decimal comma: "4,05" is 4.05; there
 * are no thousands separators); ".5" and "5." ; an optional '%' or '％' at the end (blanks
 * before it allowed). At most 18 digits. No exponents, no locale dependence. */
TypedRead typed_read(const char *text, TypedNumber *out);

/* What one key did to a number being typed (typed_key). */
typedef enum {
    TYPED_KEY_OTHER = 0,   /* not an editing key: the caller's (Tab, ?, q …) */
    TYPED_KEY_EDITED,      /* a character added or Backspace: redraw */
    TYPED_KEY_ENTER,       /* Enter: the caller reads typed (typed_read) */
    TYPED_KEY_ESC          /* Esc: the caller stops typing */
} TypedKey;

/* Applies key (a character or a keys.h code) to typed (cap bytes, ASCII, NUL-terminated):
 * Backspace takes the last character, Ctrl-U all of them, a character a number can hold (digits . , + -, and
 * with percent also % and a blank) is added while it fits. The practice screen's answers
 * and the machine's typed values share it. */
TypedKey typed_key(char *typed, size_t cap, int key, bool percent);

/* One line saying why text is not an answer ("'abc' is not a number: type e.g. 4.05"). */
void typed_message(const char *text, bool percent, Lang lang, char *buf, size_t cap);

#endif
