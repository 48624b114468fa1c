/* number.c — reads a number as a model file writes it (number.h's grammar), in the C locale.
 * Must not touch: any global state. */
#define _GNU_SOURCE /* strtod_l, newlocale: numbers always use '.' whatever LC_NUMERIC says */
#include "number.h"

#include <locale.h>
#include <math.h>
#include <stdlib.h>
#include <string.h>
#include "widthform.h"

NumberStatus number_parse(const char *s, double *out)
{
    size_t n = strlen(s);
    if (n > NUMBER_MAX_BYTES)
        return NUMBER_TOO_LONG;
    /* strtod's own grammar but for its hex (0x10, 0x1p3) and the blanks it skips first */
    if (n == 0 || strchr(" \t\n\v\f\r", s[0]) || strpbrk(s, "xX"))
        return NUMBER_NOT_A_NUMBER;
    locale_t c = newlocale(LC_NUMERIC_MASK, "C", (locale_t)0);   /* glibc: its static C locale */
    if (c == (locale_t)0)
        return NUMBER_NOT_A_NUMBER;
    char *end;
    double v = strtod_l(s, &end, c);
    freelocale(c);
    if (end != s + n)
        return NUMBER_NOT_A_NUMBER;
    if (!isfinite(v))   /* 1e999, inf, nan */
        return NUMBER_NOT_FINITE;
    *out = v;
    return NUMBER_OK;
}

/* A typed value's text as the file grammar reads it: full-width forms as ASCII, the blanks
 * around gone, a lone decimal comma as the point. */
static NumberStatus number_typed(const char *s, double *out)
{
    char ascii[4 * NUMBER_MAX_BYTES];
    if (strlen(s) >= sizeof ascii)
        return NUMBER_TOO_LONG;
    widthform_fold_number(s, ascii, sizeof ascii);
    char *p = ascii;
    while (*p == ' ' || *p == '\t')
        p++;
    size_t n = strlen(p);
    while (n > 0 && (p[n - 1] == ' ' || p[n - 1] == '\t'))
        p[--n] = '\0';
    char *comma = strchr(p, ',');
    if (comma && !strchr(p, '.') && !strchr(comma + 1, ','))
        *comma = '.';
    return number_parse(p, out);
}

NumberStatus number_read(const char *s, NumberGrammar g, double *out)
{
    return g == NUMBER_AS_TYPED ? number_typed(s, out) : number_parse(s, out);
}
