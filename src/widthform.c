/* widthform.c — full-width forms and their ASCII (widthform.h).
 * Must not touch: the terminal, the model, any state. */
#include "widthform.h"

#include <string.h>
#include <unistr.h>

#define WIDTHFORM_FIRST 0xFF01u   /* ！, the full-width form of '!' */
#define WIDTHFORM_LAST 0xFF5Eu    /* ～, the full-width form of '~' */
#define WIDTHFORM_SPACE 0x3000u   /* the ideographic space */

int widthform_ascii(unsigned c)
{
    if (c >= WIDTHFORM_FIRST && c <= WIDTHFORM_LAST)
        return (int)(c - WIDTHFORM_FIRST) + '!';
    return c == WIDTHFORM_SPACE ? ' ' : 0;
}

unsigned widthform_full(int c)
{
    if (c >= '!' && c <= '~')
        return WIDTHFORM_FIRST + (unsigned)(c - '!');
    return c == ' ' ? WIDTHFORM_SPACE : 0;
}

unsigned widthform_variant(unsigned c)
{
    int ascii = widthform_ascii(c);
    if (ascii)
        return (unsigned)ascii;
    return c < 0x80 ? widthform_full((int)c) : 0;
}

int widthform_number_char(unsigned c)
{
    if (c > 0 && c < 0x80)
        return (int)c;
    if (c == 0x3002u)   /* 。: the full stop an input method types for '.' */
        return '.';
    if (c == 0x2212u)   /* −: the minus sign */
        return '-';
    return widthform_ascii(c);
}

int widthform_fold_number(const char *in, char *out, size_t cap)
{
    size_t used = 0, n = strlen(in);
    int changed = 0;
    if (cap == 0)
        return 0;
    for (size_t i = 0; i < n;) {
        ucs4_t uc;
        int len = u8_mbtouc(&uc, (const uint8_t *)in + i, n - i);
        if (len < 1)
            len = 1;
        int ascii = uc >= 0x80 ? widthform_number_char(uc) : 0;
        size_t need = ascii ? 1 : (size_t)len;
        if (used + need + 1 > cap)
            break;
        if (ascii) {
            out[used++] = (char)ascii;
            changed++;
        } else {
            memcpy(out + used, in + i, (size_t)len);
            used += (size_t)len;
        }
        i += (size_t)len;
    }
    out[used] = '\0';
    return changed;
}
