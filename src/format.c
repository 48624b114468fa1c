/* format.c — numbers for people: the lesson's rounding (half away from zero), no "-0.00",
 * exponent notation for what no table cell can hold, exact round-trip text, and numbers in
 * C-locale form for machine-readable output.
 * Owns: number formatting only. Must not touch: the terminal, any global state (the C
 * locale is switched to for one call, on this thread only, with uselocale). */
#define _GNU_SOURCE 1   /* newlocale, uselocale (POSIX 2008) */
#include "format.h"

#include <locale.h>
#include <math.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define EXACT_FROM 0x1p52 /* a double this large is a whole number: nothing to round */

/* ---------------------------------------------------------------- rounding */

double format_round(double v, int digits)
{
    if (!isfinite(v) || fabs(v) >= EXACT_FROM)
        return v;
    double scale = pow(10.0, digits);
    double r = floor(fabs(v) * scale + 0.5) / scale;
    return v < 0 ? -r : r;
}

/* ---------------------------------------------------------------- fixed and exponent */

/* "1.23e+06" → "1.23e6", "-4.00e-07" → "-4.00e-7": the exponent without '+' or
 * leading zeros, so a wide number takes as few columns as it can. */
static void compact_exponent(char *s)
{
    char *e = strchr(s, 'e');
    if (!e)
        return;
    char *src = e + 1, *dst = e + 1;
    if (*src == '+')
        src++;
    else if (*src == '-')
        *dst++ = *src++;
    while (*src == '0' && src[1] != '\0')
        src++;
    memmove(dst, src, strlen(src) + 1);
}

char *format_fixed(char *buf, size_t cap, double v, int digits)
{
    if (!isfinite(v)) {
        snprintf(buf, cap, "%s", isnan(v) ? "nan" : v < 0 ? "-inf" : "inf");
        return buf;
    }
    double r = format_round(v, digits);
    if (r == 0.0)
        r = fabs(r);  /* -0.0 (which equals 0.0) is written 0, without its sign */
    if (fabs(r) < FORMAT_FIXED_LIMIT) {
        snprintf(buf, cap, "%.*f", digits, r);
        return buf;
    }
    snprintf(buf, cap, "%.*e", digits, v);
    compact_exponent(buf);
    return buf;
}

char *format_percent(char *buf, size_t cap, double share)
{
    char num[FORMAT_BYTES];
    format_fixed(num, sizeof num, share * 100.0, 1);
    snprintf(buf, cap, "%s%%", num);
    return buf;
}

bool format_same_shown(double a, double b, int digits)
{
    double ra = format_round(a, digits), rb = format_round(b, digits);
    if (fabs(ra) < FORMAT_FIXED_LIMIT && fabs(rb) < FORMAT_FIXED_LIMIT)
        return ra == rb;   /* the common case, without formatting */
    char x[FORMAT_BYTES], y[FORMAT_BYTES];
    return strcmp(format_fixed(x, sizeof x, a, digits), format_fixed(y, sizeof y, b, digits)) == 0;
}

/* ---------------------------------------------------------------- C-locale form */

/* The C locale for numbers, made for one call (glibc hands out its static C locale: no
 * allocation), or (locale_t)0 when it cannot be made. */
static locale_t c_numbers(void)
{
    return newlocale(LC_NUMERIC_MASK, "C", (locale_t)0);
}

int format_c(char *buf, size_t cap, const char *fmt, ...)
{
    locale_t c = c_numbers();
    locale_t before = c ? uselocale(c) : (locale_t)0;
    va_list ap;
    va_start(ap, fmt);
    int n = vsnprintf(buf, cap, fmt, ap);
    va_end(ap);
    if (c) {
        uselocale(before);
        freelocale(c);
    }
    return n;
}

int format_c_fprintf(FILE *out, const char *fmt, ...)
{
    locale_t c = c_numbers();
    locale_t before = c ? uselocale(c) : (locale_t)0;
    va_list ap;
    va_start(ap, fmt);
    int n = vfprintf(out, fmt, ap);
    va_end(ap);
    if (c) {
        uselocale(before);
        freelocale(c);
    }
    return n;
}

/* ---------------------------------------------------------------- exact */

char *format_exact(char *buf, size_t cap, double v)
{
    if (!isfinite(v))
        return format_fixed(buf, cap, v, 0);
    locale_t c = c_numbers();   /* written and read back with '.' */
    for (int precision = 15; precision <= 17; precision++) {
        format_c(buf, cap, "%.*g", precision, v);
        if ((c ? strtod_l(buf, NULL, c) : strtod(buf, NULL)) == v)
            break;
    }
    if (c)
        freelocale(c);
    return buf;
}

char *format_grouped(char *buf, size_t cap, long long v)
{
    char digits[24];   /* the digits, last first: no printf for what every count prints */
    unsigned long long u = v < 0 ? 0ULL - (unsigned long long)v : (unsigned long long)v;
    int n = 0;
    do {
        digits[n++] = (char)('0' + (int)(u % 10ULL));
        u /= 10ULL;
    } while (u > 0ULL);
    char out[48];
    size_t k = 0;
    if (v < 0)
        out[k++] = '-';
    for (int i = 0; i < n; i++) {
        if (n > 4 && i > 0 && (n - i) % 3 == 0)
            out[k++] = ' ';
        out[k++] = digits[n - 1 - i];
    }
    out[k] = '\0';
    if (cap > 0) {
        size_t m = k < cap - 1 ? k : cap - 1;
        memcpy(buf, out, m);
        buf[m] = '\0';
    }
    return buf;
}

char *format_wan(char *buf, size_t cap, long long v)
{
    unsigned long long u = v < 0 ? 0ULL - (unsigned long long)v : (unsigned long long)v;
    if (u < 10000ULL) {
        snprintf(buf, cap, "%s", "");
        return buf;
    }
    snprintf(buf, cap, "约 %s%llu 万", v < 0 ? "-" : "", (u + 5000ULL) / 10000ULL);
    return buf;
}
