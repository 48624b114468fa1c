/* format.c — numbers for people: the lesson's rounding (half away from zero), no "-0.00".
 * Owns: number formatting only. Must not touch: I/O, the terminal, any global state. */
#include "format.h"

#include <math.h>
#include <stdio.h>

double format_round(double v, int digits)
{
    double scale = pow(10.0, digits);
    double r = floor(fabs(v) * scale + 0.5) / scale;
    return v < 0 ? -r : r;
}

char *format_fixed(char *buf, size_t cap, double v, int digits)
{
    double r = format_round(v, digits);
    if (r == 0.0)
        r = 0.0;  /* turns -0.0 into 0.0 */
    snprintf(buf, cap, "%.*f", digits, r);
    return buf;
}

char *format_percent(char *buf, size_t cap, double share)
{
    char num[32];
    format_fixed(num, sizeof num, share * 100.0, 1);
    snprintf(buf, cap, "%s%%", num);
    return buf;
}
