/* number.h — the one grammar of a number a person types outside practice: a model file's
 * numbers, --set's values, --speed, --lr and the config file's. A decimal in the C locale
 * whatever LC_NUMERIC says (0.5, -1.25e-3, 3., +.5E2): digits with an optional point and
 * exponent; no hex (0x10), no blank, at most NUMBER_MAX_BYTES bytes, and finite (inf, nan
 * and 1e999 are numbers that are not).
 * Owns: that grammar. Must not touch: what a number means (each caller checks its range). */
#ifndef ATTN_NUMBER_H
#define ATTN_NUMBER_H

#define NUMBER_MAX_BYTES 64   /* longest number accepted, in bytes */

typedef enum {
    NUMBER_OK = 0,        /* *out holds the value */
    NUMBER_TOO_LONG,      /* longer than NUMBER_MAX_BYTES */
    NUMBER_NOT_A_NUMBER,  /* empty, hex, a word, a blank, or more than the number */
    NUMBER_NOT_FINITE     /* inf, nan, or a decimal beyond the largest double (1e999) */
} NumberStatus;

/* Reads all of s as a number of the grammar above into *out (left alone unless NUMBER_OK). */
NumberStatus number_parse(const char *s, double *out);

/* Where a number comes from: the grammar it is read by. */
typedef enum {
    NUMBER_AS_FILE = 0,   /* a model file, --set, the options, the config: the grammar above */
    NUMBER_AS_TYPED       /* a value typed on a line (what-if): the same, with blanks around
                             allowed, full-width forms (widthform.h), 。 and − read as ASCII,
                             one decimal comma read as the point ("4,05"); no '%' */
} NumberGrammar;

/* Reads all of s by grammar g into *out (left alone unless NUMBER_OK); number_parse is
 * number_read(s, NUMBER_AS_FILE, out). */
NumberStatus number_read(const char *s, NumberGrammar g, double *out);

#endif
