/* text.c — UTF-8 splitting and column widths, delegated to libunistring.
 * Owns: nothing but pure functions over strings.
 * Must not touch: the terminal, the model, any global state. */
#include "text.h"

#include <string.h>
#include <unistr.h>
#include <uniwidth.h>

/* ---------------------------------------------------------------- validity */

bool text_valid_utf8(const char *s, size_t len)
{
    return u8_check((const uint8_t *)s, len) == NULL;
}

/* ---------------------------------------------------------------- splitting */

int text_split_chars(const char *s, char out[][TEXT_CHAR_BYTES], int max)
{
    size_t len = strlen(s);
    if (!text_valid_utf8(s, len))
        return -1;
    const uint8_t *p = (const uint8_t *)s;
    const uint8_t *end = p + len;
    int count = 0;
    while (p < end) {
        ucs4_t uc;
        int n = u8_mbtouc(&uc, p, (size_t)(end - p));
        if (n <= 0)
            return -1;
        if (count < max) {
            memcpy(out[count], p, (size_t)n);
            out[count][n] = '\0';
        }
        count++;
        p += n;
    }
    return count;
}

int text_char_count(const char *s)
{
    size_t len = strlen(s);
    if (!text_valid_utf8(s, len))
        return -1;
    return (int)u8_mbsnlen((const uint8_t *)s, len);
}

/* ---------------------------------------------------------------- widths */

int text_width_n(const char *s, size_t n)
{
    const uint8_t *p = (const uint8_t *)s;
    const uint8_t *end = p + n;
    int cols = 0;
    while (p < end) {
        ucs4_t uc;
        int len = u8_mbtouc(&uc, p, (size_t)(end - p));
        if (len <= 0)
            len = 1;
        int w = uc_width(uc, "UTF-8");
        cols += w < 0 ? 1 : w;
        p += len;
    }
    return cols;
}

int text_width(const char *s)
{
    return text_width_n(s, strlen(s));
}

/* ---------------------------------------------------------------- padding */

size_t text_pad(char *buf, size_t cap, const char *s, int columns, int align)
{
    if (cap == 0)
        return 0;
    int gap = columns - text_width(s);
    if (gap < 0)
        gap = 0;
    int left = align > 0 ? gap : align < 0 ? 0 : gap / 2;
    int right = gap - left;
    size_t used = 0;
    size_t slen = strlen(s);
    for (int i = 0; i < left && used + 1 < cap; i++)
        buf[used++] = ' ';
    size_t take = slen < cap - 1 - used ? slen : cap - 1 - used;
    while (take > 0 && take < slen && ((unsigned char)s[take] & 0xC0) == 0x80)
        take--;   /* never cut a character in half */
    memcpy(buf + used, s, take);
    used += take;
    for (int i = 0; i < right && used + 1 < cap; i++)
        buf[used++] = ' ';
    buf[used] = '\0';
    return used;
}
