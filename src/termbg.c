/* termbg.c — $COLORFGBG, the OSC 11 reply and the filter that swallows a late one.
 * Owns: those parsers, pure. Must not touch: the terminal, ncurses, the palette. */
#include "termbg.h"

#include <stdlib.h>
#include <string.h>


TermBg termbg_colorfgbg(const char *value)
{
    if (!value || !*value)
        return TERMBG_UNKNOWN;
    const char *last = strrchr(value, ';');
    if (!last || !last[1])
        return TERMBG_UNKNOWN;
    char *end;
    long bg = strtol(last + 1, &end, 10);
    if (*end || end == last + 1 || bg < 0 || bg > 15)
        return TERMBG_UNKNOWN;
    return (bg == 7 || bg >= 9) ? TERMBG_LIGHT : TERMBG_DARK;
}

/* One hex digit's value, or -1. */
static int termbg_hex(unsigned char c)
{
    if (c >= '0' && c <= '9') return c - '0';
    if (c >= 'a' && c <= 'f') return c - 'a' + 10;
    if (c >= 'A' && c <= 'F') return c - 'A' + 10;
    return -1;
}

/* One channel of 1-4 hex digits at buf[*i] as 0..1; advances *i. Returns -1 when none. */
static double termbg_channel(const unsigned char *buf, size_t n, size_t *i)
{
    int digits = 0;
    unsigned v = 0;
    while (*i < n && digits < 4 && termbg_hex(buf[*i]) >= 0) {
        v = v * 16 + (unsigned)termbg_hex(buf[*i]);
        (*i)++;
        digits++;
    }
    if (digits == 0)
        return -1.0;
    return (double)v / (double)((1u << (4 * digits)) - 1);
}

TermBg termbg_osc11_parse(const unsigned char *buf, size_t n, size_t *used)
{
    static const char head[] = "\033]11;rgb:";
    size_t i = sizeof head - 1;
    double rgb[3];
    *used = 0;
    if (n < i || memcmp(buf, head, i) != 0)
        return TERMBG_UNKNOWN;
    for (int k = 0; k < 3; k++) {
        rgb[k] = termbg_channel(buf, n, &i);
        if (rgb[k] < 0.0 || i >= n || (k < 2 && buf[i++] != '/'))
            return TERMBG_UNKNOWN;
    }
    if (buf[i] == '\a') {
        i += 1;
    } else if (buf[i] == '\033' && i + 1 < n && buf[i + 1] == '\\') {
        i += 2;
    } else {
        return TERMBG_UNKNOWN;
    }
    *used = i;
    double luma = 0.2126 * rgb[0] + 0.7152 * rgb[1] + 0.0722 * rgb[2];
    return luma > 0.5 ? TERMBG_LIGHT : TERMBG_DARK;
}

/* A reply ended with ch (BEL or the '\\' of ST): what it says becomes the answer. */
static void termbg_filter_end(TermBgFilter *f, int ch)
{
    size_t used;
    f->reply[f->length++] = (unsigned char)ch;
    f->answer = termbg_osc11_parse(f->reply, (size_t)f->length, &used);
    f->answered = true;
}

bool termbg_filter_feed(TermBgFilter *f, int ch)
{
    switch (f->state) {
    case 0:
        if (ch == 27)
            f->state = 1;
        return false;
    case 1:
        if (ch == ']') {
            f->state = 2;
            f->length = 2;
            f->reply[0] = 27;
            f->reply[1] = ']';
            return true;
        }
        f->state = ch == 27 ? 1 : 0;
        return false;
    case 2:
        if (ch == '\a') {
            f->state = 0;
            termbg_filter_end(f, ch);
            return true;
        }
        if (ch == 27) {
            f->state = 3;
            return true;
        }
        if (ch < 0x20 || ch > 0x7E || f->length >= TERMBG_REPLY_MAX) {
            f->state = 0;   /* no reply holds this: it is a key */
            return false;
        }
        f->reply[f->length++] = (unsigned char)ch;
        return true;
    default:   /* ESC inside the reply: '\\' ends it (ST) */
        f->state = 0;
        if (ch != '\\')
            return false;
        f->reply[f->length++] = 27;
        termbg_filter_end(f, ch);
        return true;
    }
}

bool termbg_filter_answer(TermBgFilter *f, TermBg *bg)
{
    if (!f->answered)
        return false;
    f->answered = false;
    *bg = f->answer;
    return true;
}
