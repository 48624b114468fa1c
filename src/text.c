/* text.c — UTF-8 splitting and column widths, delegated to libunistring.
 * Owns: nothing but pure functions over strings.
 * Must not touch: the terminal, the model, any global state. */
#include "text.h"

#include <stdio.h>
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

/* ---------------------------------------------------------------- escaping */

#define TEXT_ELLIPSIS "\xE2\x80\xA6"                /* "…", ending a cut message */
#define TEXT_ELLIPSIS_BYTES (sizeof TEXT_ELLIPSIS - 1)

/* Takes one character (or one stray byte of invalid UTF-8) from *p and writes what
 * stands for it in a message into piece (room for 8 bytes, not NUL-terminated):
 * itself, or its escape. Advances *p; returns the bytes written. */
static size_t text_escape_piece(const uint8_t **p, const uint8_t *end, char *piece)
{
    ucs4_t uc;
    int n = u8_mbtoucr(&uc, *p, (size_t)(end - *p));
    const uint8_t *at = *p;
    if (n < 0) {                                     /* invalid or cut short */
        *p += 1;
        return (size_t)snprintf(piece, 8, "\\x%02X", at[0]);
    }
    *p += n;
    if (uc == '\n' || uc == '\t' || uc == '\r') {
        piece[0] = '\\';
        piece[1] = uc == '\n' ? 'n' : uc == '\t' ? 't' : 'r';
        return 2;
    }
    if (uc < 0x20 || uc == 0x7F)
        return (size_t)snprintf(piece, 8, "\\x%02X", (unsigned)uc);
    if (uc >= 0x80 && uc <= 0x9F)
        return (size_t)snprintf(piece, 8, "\\u%04X", (unsigned)uc);
    memcpy(piece, at, (size_t)n);
    return (size_t)n;
}

const char *text_escape(const char *s, char *buf, size_t cap)
{
    if (cap == 0)
        return buf;
    const uint8_t *start = (const uint8_t *)s;
    const uint8_t *end = start + strlen(s);
    char piece[8];
    size_t total = 0;
    for (const uint8_t *p = start; p < end;)
        total += text_escape_piece(&p, end, piece);
    bool cut = total >= cap;
    bool mark = cut && cap - 1 > TEXT_ELLIPSIS_BYTES;   /* room for "…" after a character */
    size_t limit = !cut ? total : mark ? cap - 1 - TEXT_ELLIPSIS_BYTES : cap - 1;
    size_t used = 0;
    for (const uint8_t *p = start; p < end;) {
        size_t n = text_escape_piece(&p, end, piece);
        if (used + n > limit)
            break;
        memcpy(buf + used, piece, n);
        used += n;
    }
    if (mark) {
        memcpy(buf + used, TEXT_ELLIPSIS, TEXT_ELLIPSIS_BYTES);
        used += TEXT_ELLIPSIS_BYTES;
    }
    buf[used] = '\0';
    return buf;
}
