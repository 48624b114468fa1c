/* format.h — how numbers are written for people: fixed decimals rounded half away
 * from zero (as the lesson rounds), percentages, no "-0.00"; exponent notation for
 * values too wide for a table cell; the shortest text that reads back exactly; and
 * numbers in C-locale form ('.' always) for everything a program reads (format_c).
 * Owns: number-to-text for the dump, the scene and every machine-readable file. Must not
 * touch: the terminal; I/O only where format_c_fprintf writes to a stream it is given. */
#ifndef ATTN_FORMAT_H
#define ATTN_FORMAT_H

#include <stdbool.h>
#include <stddef.h>
#include <stdio.h>

/* A buffer this size holds any result of the functions below (digits 0..9). */
#define FORMAT_BYTES 32

/* From this magnitude on (after rounding) format_fixed writes exponent notation. */
#define FORMAT_FIXED_LIMIT 1e6

/* v rounded half away from zero to `digits` decimals (0..9). Values too large to
 * have decimals (|v| ≥ 2^52) are returned unchanged, never as inf. */
double format_round(double v, int digits);

/* Writes v with `digits` decimals, rounded half away from zero, never "-0.00".
 * When |v| rounds to FORMAT_FIXED_LIMIT or more, writes it in exponent notation
 * with `digits` decimals in the mantissa ("1.23e34", "-5.00e6"). Any finite v fits
 * in FORMAT_BYTES; a non-finite one is written "nan", "inf" or "-inf". Returns buf. */
char *format_fixed(char *buf, size_t cap, double v, int digits);

/* Writes a share 0..1 as a percentage with one decimal and a '%' ("52.4%"). Returns buf. */
char *format_percent(char *buf, size_t cap, double share);

/* Writes a count with its digits grouped in threes by a plain space, as SI writes big
 * numbers: "12 845 056", "-1 835 008"; four digits or fewer stay whole ("3584"). A plain
 * space, not a thin one (U+2009): every terminal font has it at one column, ASCII mode
 * stays ASCII, and in Chinese text it reads as well (a comma would read as a list there,
 * and as a decimal point in much of Europe). Returns buf. */
char *format_grouped(char *buf, size_t cap, long long v);

/* A count of at least 10 000 in 万 (ten thousands), rounded to the nearest, as a Chinese
 * reader says a big number: 16 515 072 → "约 1652 万". Below 10 000: "" (the count says it
 * already). Returns buf. */
char *format_wan(char *buf, size_t cap, long long v);

/* Whether a and b are shown alike with `digits` decimals by format_fixed: the same number
 * rounded, or (from FORMAT_FIXED_LIMIT on) the same mantissa and exponent. A hand check's
 * "=" holds when its result and the tables' value are shown alike. */
bool format_same_shown(double a, double b, int digits);

/* ---------------------------------------------------------------- C-locale form */

/* A number in C-locale form: snprintf into buf (cap bytes) with the C locale's numbers,
 * '.' as the decimal point and no grouping whatever LC_NUMERIC says. Everything another
 * program reads goes through it (or format_c_fprintf): asciicast events, SVG, JSON, model
 * files, the export scripts; the screen formats for people and may follow the locale.
 * Returns what snprintf returns. */
int format_c(char *buf, size_t cap, const char *fmt, ...) __attribute__((format(printf, 3, 4)));

/* The same written to out (fprintf in C-locale form). Returns what fprintf returns. */
int format_c_fprintf(FILE *out, const char *fmt, ...) __attribute__((format(printf, 2, 3)));

/* Writes the shortest text ("%.15g" to "%.17g") that reads back as exactly v,
 * always with '.' as the decimal point ("0.67", "-1e-300", "1.7976931348623157e+308").
 * Returns buf. */
char *format_exact(char *buf, size_t cap, double v);

#endif
