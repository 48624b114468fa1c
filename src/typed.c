/* typed.c — a number typed on a line: the keys that edit it, reading it without the locale,
 * and the one line saying why a text is not one. Practice's answers and the what-if
 * editor's values are both typed with it.
 * Owns: nothing but these functions. Must not touch: the terminal, drawing, any state. */
#include "typed.h"

#include <math.h>
#include <stdio.h>
#include <string.h>
#include "keys.h"
#include "text.h"

#define TYPED_MAX_DIGITS 18   /* digits a typed number may have (an unsigned long long holds them) */

/* Skips one blank at *p (ASCII space or tab, or U+3000); true when it did. */
static bool skip_blank(const char **p)
{
    if (**p == ' ' || **p == '\t') { (*p)++; return true; }
    if (strncmp(*p, "\u3000", 3) == 0) { *p += 3; return true; }
    return false;
}

TypedKey typed_key(char *typed, size_t cap, int key, bool percent)
{
    size_t len = strlen(typed);
    if (key == KEYCODE_ENTER)
        return TYPED_KEY_ENTER;
    if (key == KEYCODE_ESC)
        return TYPED_KEY_ESC;
    if (key == KEYCODE_BACKSPACE) {
        if (len > 0)
            typed[len - 1] = '\0';
        return TYPED_KEY_EDITED;
    }
    if (key == KEYCODE_KILL) {   /* Ctrl-U: the whole number goes (the cursor is at its end) */
        typed[0] = '\0';
        return TYPED_KEY_EDITED;
    }
    bool number_char = (key >= '0' && key <= '9') || key == '.' || key == ',' || key == '-' ||
                       key == '+' || (percent && (key == '%' || key == ' '));
    if (!number_char)
        return TYPED_KEY_OTHER;
    if (len + 1 < cap) {
        typed[len] = (char)key;
        typed[len + 1] = '\0';
    }
    return TYPED_KEY_EDITED;
}

TypedRead typed_read(const char *text, TypedNumber *out)
{
    const char *p = text;
    while (skip_blank(&p)) {}
    if (*p == '\0')
        return TYPED_EMPTY;
    bool negative = false;
    if (*p == '+' || *p == '-') {
        negative = *p == '-';
        p++;
    } else if (strncmp(p, "\u2212", 3) == 0) {
        negative = true;
        p += 3;
    }
    unsigned long long mantissa = 0;
    int digits = 0, decimals = 0;
    bool point = false;
    for (;; p++) {
        if (*p >= '0' && *p <= '9') {
            if (++digits > TYPED_MAX_DIGITS)
                return TYPED_JUNK;
            mantissa = mantissa * 10ULL + (unsigned long long)(*p - '0');
            decimals += point;
        } else if ((*p == '.' || *p == ',') && !point) {
            point = true;
        } else {
            break;
        }
    }
    if (digits == 0)
        return TYPED_JUNK;
    while (skip_blank(&p)) {}
    bool percent = false;
    if (*p == '%') { percent = true; p++; }
    else if (strncmp(p, "\uFF05", 3) == 0) { percent = true; p += 3; }
    while (skip_blank(&p)) {}
    if (*p != '\0')
        return TYPED_JUNK;
    double v = (double)mantissa / pow(10.0, decimals);
    out->value = negative && v != 0.0 ? -v : v;
    out->percent = percent;
    return TYPED_NUMBER;
}

void typed_message(const char *text, bool percent, Lang lang, char *buf, size_t cap)
{
    char q[64];
    text_escape(text, q, sizeof q);
    if (percent)
        snprintf(buf, cap, LANG_PICK(lang, "'%s' is not a number: type one such as 4.05, -0.69 or 52.4%%",
                                     "「%s」不是数字：请输入像 4.05、-0.69 或 52.4%% 这样的数"), q);
    else
        snprintf(buf, cap, LANG_PICK(lang, "'%s' is not a number: type one such as 1.25 or -0.69",
                                     "「%s」不是数字：请输入像 1.25 或 -0.69 这样的数"), q);
}
