/* text.c — UTF-8 splitting and column widths, delegated to libunistring.
 * Owns: nothing but pure functions over strings.
 * Must not touch: the terminal, the model, any global state. */
#include "text.h"

#include <stdarg.h>
#include <stdio.h>
#include <string.h>
#include <unictype.h>
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
        if (*p >= 0x20 && *p < 0x7f) {   /* printable ASCII, most of every text: one column */
            cols++;
            p++;
            continue;
        }
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

/* ---------------------------------------------------------------- which characters */

bool text_char_allowed(unsigned c)
{
    if (c < 0x20 || c == 0x7F || (c >= 0x80 && c <= 0x9F))
        return false;                                /* C0, DEL, C1 */
    if (c == 0x2028 || c == 0x2029)
        return false;                                /* line and paragraph separators */
    if (c >= 0xD800 && c <= 0xDFFF)
        return false;                                /* surrogates */
    if ((c >= 0xFDD0 && c <= 0xFDEF) || (c & 0xFFFEu) == 0xFFFEu)
        return false;                                /* noncharacters */
    return c <= 0x10FFFF;
}

bool text_char_invisible(unsigned c)
{
    return c == 0x00AD || c == 0x061C || c == 0x180E || (c >= 0x200B && c <= 0x200F) ||
           (c >= 0x202A && c <= 0x202E) || (c >= 0x2060 && c <= 0x2064) ||
           (c >= 0x2066 && c <= 0x2069) || c == 0xFEFF;
}

#define TEXT_PIECE_BYTES 12   /* the longest escape, "\U0010FFFF", and its NUL */

/* True when c is a combining mark that takes no column of its own: non-spacing (Mn) or
 * enclosing (Me). Alone it sits on whatever is printed before it. */
static bool text_char_mark(ucs4_t c)
{
    return uc_is_general_category(c, UC_CATEGORY_Mn) || uc_is_general_category(c, UC_CATEGORY_Me);
}

/* Takes one character (or one stray byte of invalid UTF-8) from *p and writes what
 * stands for it in a message into piece (TEXT_PIECE_BYTES, not NUL-terminated):
 * itself, or its escape. *base says a character printed as itself, not a blank, came
 * just before (a mark may sit on it); it is updated for the next. Advances *p; returns
 * the bytes written. */
static size_t text_escape_piece(const uint8_t **p, const uint8_t *end, char *piece, bool *base)
{
    ucs4_t uc;
    int n = u8_mbtoucr(&uc, *p, (size_t)(end - *p));
    const uint8_t *at = *p;
    bool after_base = *base;
    *base = false;
    if (n < 0) {                                     /* invalid or cut short */
        *p += 1;
        return (size_t)snprintf(piece, TEXT_PIECE_BYTES, "\\x%02X", at[0]);
    }
    *p += n;
    if (uc == '\n' || uc == '\t' || uc == '\r') {
        piece[0] = '\\';
        piece[1] = uc == '\n' ? 'n' : uc == '\t' ? 't' : 'r';
        return 2;
    }
    if (uc < 0x20 || uc == 0x7F)
        return (size_t)snprintf(piece, TEXT_PIECE_BYTES, "\\x%02X", (unsigned)uc);
    if (!text_char_allowed(uc) || text_char_invisible(uc) || (!after_base && text_char_mark(uc)))
        return (size_t)snprintf(piece, TEXT_PIECE_BYTES, uc > 0xFFFF ? "\\U%08X" : "\\u%04X",
                                (unsigned)uc);
    *base = uc != ' ' && uc != 0x3000;   /* a mark after a blank would sit on the blank */
    memcpy(piece, at, (size_t)n);
    return (size_t)n;
}

const char *text_escape(const char *s, char *buf, size_t cap)
{
    if (cap == 0)
        return buf;
    const uint8_t *start = (const uint8_t *)s;
    const uint8_t *end = start + strlen(s);
    char piece[TEXT_PIECE_BYTES];
    size_t total = 0;
    bool base = false;
    for (const uint8_t *p = start; p < end;)
        total += text_escape_piece(&p, end, piece, &base);
    bool cut = total >= cap;
    bool mark = cut && cap - 1 > TEXT_ELLIPSIS_BYTES;   /* room for "…" after a character */
    size_t limit = !cut ? total : mark ? cap - 1 - TEXT_ELLIPSIS_BYTES : cap - 1;
    size_t used = 0;
    base = false;
    for (const uint8_t *p = start; p < end;) {
        size_t n = text_escape_piece(&p, end, piece, &base);
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

/* ---------------------------------------------------------------- ASCII case */

int text_ascii_lower(int c)
{
    return c >= 'A' && c <= 'Z' ? c - 'A' + 'a' : c;
}

int text_ascii_ncasecmp(const char *a, const char *b, size_t n)
{
    for (size_t i = 0; i < n; i++) {
        int x = text_ascii_lower((unsigned char)a[i]), y = text_ascii_lower((unsigned char)b[i]);
        if (x != y || x == 0)
            return x - y;
    }
    return 0;
}

/* ---------------------------------------------------------------- cutting */

void text_cut_partial(char *s)
{
    size_t end = strlen(s), lead = end;
    while (lead > 0 && end - lead < 4 && ((unsigned char)s[lead - 1] & 0xC0) == 0x80)
        lead--;
    if (lead == 0)
        return;
    unsigned char c = (unsigned char)s[lead - 1];
    if (c < 0xC0)
        return;                                      /* ASCII, or stray continuation bytes */
    size_t need = c >= 0xF0 ? 4 : c >= 0xE0 ? 3 : 2;
    if (end - (lead - 1) < need)
        s[lead - 1] = '\0';
}

size_t text_format(char *buf, size_t cap, const char *fmt, ...)
{
    if (cap == 0)
        return 0;
    va_list ap;
    va_start(ap, fmt);
    int n = vsnprintf(buf, cap, fmt, ap);
    va_end(ap);
    if (n < 0) {
        buf[0] = '\0';
        return 0;
    }
    if ((size_t)n >= cap)
        text_cut_partial(buf);
    return strlen(buf);
}
