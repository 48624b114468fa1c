/* charname.c — a repeated character named with its occurrence (charname.h).
 * Must not touch: the terminal, any state. */
#include "charname.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

int charname_occurrence(const char tokens[][TEXT_CHAR_BYTES], int T, int t)
{
    int before = 0, all = 0;
    for (int u = 0; u < T; u++)
        if (strcmp(tokens[u], tokens[t]) == 0) {
            all++;
            before += u < t;
        }
    return all > 1 ? before + 1 : 0;
}

char *charname_mark(const char *label, int n, bool ascii, char *buf, size_t cap)
{
    if (n <= 0 && cap > 0) {   /* every character of every frame: copied, no printf */
        size_t len = strlen(label);
        len = len < cap - 1 ? len : cap - 1;
        memcpy(buf, label, len);
        buf[len] = '\0';
        text_cut_partial(buf);
        return buf;
    }
    if (n <= 0)
        return buf;
    if (ascii) {
        snprintf(buf, cap, "%s_%d", label, n);
        return buf;
    }
    static const char *const sub[10] = { "₀", "₁", "₂", "₃", "₄", "₅", "₆", "₇", "₈", "₉" };
    char digits[16];
    snprintf(digits, sizeof digits, "%d", n);
    snprintf(buf, cap, "%s", label);
    for (const char *d = digits; *d; d++) {
        size_t used = strlen(buf);
        snprintf(buf + used, cap - used, "%s", sub[*d - '0']);
    }
    text_cut_partial(buf);
    return buf;
}

char *charname_of(const char tokens[][TEXT_CHAR_BYTES], int T, int t, char *buf, size_t cap)
{
    return charname_mark(tokens[t], charname_occurrence(tokens, T, t), false, buf, cap);
}

/* The occurrence written after a character: ASCII digits or subscript digits ("2", "₂"),
 * or 0 for none; -1 for anything else. */
static int charname_number(const char *s)
{
    if (!*s)
        return 0;
    int n = 0, digits = 0;
    while (*s && digits < 3) {
        if (*s >= '0' && *s <= '9') {
            n = n * 10 + (*s - '0');
            s++;
        } else if ((unsigned char)s[0] == 0xE2 && (unsigned char)s[1] == 0x82 &&
                   (unsigned char)s[2] >= 0x80 && (unsigned char)s[2] <= 0x89) {   /* ₀..₉ */
            n = n * 10 + ((unsigned char)s[2] - 0x80);
            s += 3;
        } else {
            return -1;
        }
        digits++;
    }
    return *s || n < 1 ? -1 : n;
}

int charname_find(const char tokens[][TEXT_CHAR_BYTES], int T, const char *name)
{
    for (int t = 0; t < T; t++) {
        size_t len = strlen(tokens[t]);
        if (strncmp(name, tokens[t], len) != 0)
            continue;
        int n = charname_number(name + len);
        if (n < 0)
            continue;
        int seen = 0;
        for (int u = 0; u < T; u++)
            if (strcmp(tokens[u], tokens[t]) == 0 && ++seen == (n ? n : 1))
                return u;
        return -1;
    }
    return -1;
}
