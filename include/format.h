/* format.h — how numbers are written for people: fixed decimals rounded half away
 * from zero (as the lesson rounds), percentages, no "-0.00".
 * Owns: number-to-text for the dump and the scene. Must not touch: I/O, the terminal. */
#ifndef ATTN_FORMAT_H
#define ATTN_FORMAT_H

#include <stddef.h>

/* v rounded half away from zero to `digits` decimals (0..9). */
double format_round(double v, int digits);

/* Writes v with `digits` decimals, rounded half away from zero, never "-0.00".
 * Returns buf. */
char *format_fixed(char *buf, size_t cap, double v, int digits);

/* Writes a share 0..1 as a percentage with one decimal and a '%' ("52.4%"). Returns buf. */
char *format_percent(char *buf, size_t cap, double share);

#endif
