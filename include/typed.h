/* typed.h — a number typed on a line (practice's answers, the what-if editor's values): the
 * keys that edit it (every printable key is taken while the line is open: what a number
 * cannot hold gets a one-line hint, a full-width form from a Chinese input method is read
 * as its ASCII), reading it (never the locale), and the one line that says why a text is
 * not a number.
 * Two grammars: an answer (practice: a sign, digits with one decimal point or comma, a
 * percent sign; no exponent) and a value of the model (what-if: the model file's numbers,
 * number.h, exponents yes, hex and % no).
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
    int decimals;    /* digits after the decimal point as typed ("0.560" has 3) */
} TypedNumber;

typedef enum {
    TYPED_NUMBER = 0,     /* a number */
    TYPED_EMPTY,      /* nothing but blanks: reveal the solution */
    TYPED_JUNK,       /* not a number */
    TYPED_PERCENT     /* a value of the model typed with '%' (no percentage applies) */
} TypedRead;

/* What is typed on the line. */
typedef enum {
    TYPED_ANSWER = 0,   /* practice's answer: digits . , + - % and blanks */
    TYPED_VALUE         /* a value of the model: digits . , + - e E and blanks */
} TypedGrammar;

/* Reads a typed answer. Accepted: blanks (and U+3000) around; a sign '+', '-' or U+2212 '−';
 * digits with at most one decimal point, '.' or ',' (a decimal comma: "4,05" is 4.05; there
 * are no thousands separators); ".5" and "5." ; an optional '%' at the end (blanks before it
 * allowed). Full-width forms (－０．６２, ０，５, ５０％) and the full stop 。 read as their
 * ASCII. At most 18 digits. No exponents, no locale dependence. */
TypedRead typed_read(const char *text, TypedNumber *out);

/* Reads a typed value of the model: number.h's grammar (exponents, no hex) with blanks
 * around, full-width forms and − read as ASCII, and a decimal comma (4,05); TYPED_PERCENT
 * for a number ending in '%'. */
TypedRead typed_value(const char *text, double *out);

/* What one key did to a number being typed (typed_key). */
typedef enum {
    TYPED_KEY_OTHER = 0,   /* not a printable key: the caller's (Tab, the arrows …) */
    TYPED_KEY_EDITED,      /* a character added or Backspace: redraw */
    TYPED_KEY_FOLDED,      /* a full-width character added as its ASCII: redraw, say so */
    TYPED_KEY_UNUSABLE,    /* a printable key no number of the grammar holds: taken (typed_hint
                              says why); an answer adds nothing, a value keeps it so that
                              Enter refuses the text as typed ("0x10", "50%") */
    TYPED_KEY_FULL,        /* a character that does not fit: nothing added (typed_hint) */
    TYPED_KEY_ENTER,       /* Enter: the caller reads typed */
    TYPED_KEY_ESC          /* Esc: the caller stops typing */
} TypedKey;

/* Applies key (a character or a keys.h code) to typed (cap bytes, ASCII, NUL-terminated):
 * Backspace takes the last character, Ctrl-U all of them, a character a number of grammar g
 * can hold is added (a full-width one as its ASCII) while it fits. Every other printable
 * key is taken (TYPED_KEY_UNUSABLE): while the line is open, q does not quit and e opens
 * no sentence line. */
TypedKey typed_key(char *typed, size_t cap, int key, TypedGrammar g);

/* The one line under the line after typed_key said TYPED_KEY_UNUSABLE or TYPED_KEY_FULL for
 * key: what the line takes ("'q' is not part of a number: digits, '.', '-' and '%'; Esc
 * leaves the line"). */
void typed_hint(TypedKey what, int key, TypedGrammar g, Lang lang, char *buf, size_t cap);

/* The status line's word, once, after a full-width key was read as ASCII. */
void typed_folded_note(Lang lang, char *buf, size_t cap);

/* One line saying why text is not a number of grammar g ("'abc' is not a number: type e.g.
 * 4.05"; for a value typed with '%': that no percentage applies). */
void typed_message(const char *text, TypedGrammar g, Lang lang, char *buf, size_t cap);

#endif
