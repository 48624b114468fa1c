/* typed.c — a number typed on a line: the keys that edit it, reading it without the locale,
 * and the one line saying why a text is not one. Practice's answers and the what-if
 * editor's values are both typed with it; a value is read by number.h's grammar.
 * Owns: nothing but these functions. Must not touch: the terminal, drawing, any state. */
#include "typed.h"

#include <math.h>
#include <stdio.h>
#include <string.h>
#include <unistr.h>
#include "keys.h"
#include "number.h"
#include "text.h"
#include "widthform.h"

#define TYPED_MAX_DIGITS 18   /* digits a typed number may have (an unsigned long long holds them) */
#define TYPED_FOLD_BYTES 256  /* a typed text read as ASCII */

/* Skips one ASCII blank at *p; true when it did. */
static bool skip_blank(const char **p)
{
    if (**p == ' ' || **p == '\t') { (*p)++; return true; }
    return false;
}

/* True when key is a character that can be typed (not a control, not a keys.h code). */
static bool printable(int key)
{
    return key >= 0x20 && key < 0x110000 && key != 0x7F && !(key >= 0x80 && key < 0xA0);
}

/* True when ASCII c may stand in a number of grammar g. */
static bool holds(int c, TypedGrammar g)
{
    if ((c >= '0' && c <= '9') || c == '.' || c == ',' || c == '-' || c == '+' || c == ' ')
        return true;
    return g == TYPED_ANSWER ? c == '%' : (c == 'e' || c == 'E');
}

TypedKey typed_key(char *typed, size_t cap, int key, TypedGrammar g)
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
    if (!printable(key))
        return TYPED_KEY_OTHER;
    int c = widthform_number_char((unsigned)key);
    if (!c || !holds(c, g)) {
        /* A value keeps what was typed, so that Enter refuses the whole text ("0x10" is no
           number: it never becomes 10); an answer leaves it out. */
        if (g == TYPED_VALUE) {
            uint8_t one[8];
            int n = u8_uctomb(one, (ucs4_t)(c ? c : key), (int)sizeof one);
            if (n <= 0 || len + (size_t)n >= cap)
                return TYPED_KEY_FULL;
            memcpy(typed + len, one, (size_t)n);
            typed[len + (size_t)n] = '\0';
        }
        return TYPED_KEY_UNUSABLE;
    }
    if (len + 1 >= cap)
        return TYPED_KEY_FULL;
    typed[len] = (char)c;
    typed[len + 1] = '\0';
    return c == key ? TYPED_KEY_EDITED : TYPED_KEY_FOLDED;
}

TypedRead typed_read(const char *text, TypedNumber *out)
{
    char ascii[TYPED_FOLD_BYTES];
    widthform_fold_number(text, ascii, sizeof ascii);
    const char *p = ascii;
    while (skip_blank(&p)) {}
    if (*p == '\0')
        return strlen(text) < sizeof ascii - 1 ? TYPED_EMPTY : TYPED_JUNK;
    bool negative = false;
    if (*p == '+' || *p == '-') {
        negative = *p == '-';
        p++;
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
    while (skip_blank(&p)) {}
    if (*p != '\0')
        return TYPED_JUNK;
    double v = (double)mantissa / pow(10.0, decimals);
    out->value = negative && v != 0.0 ? -v : v;
    out->percent = percent;
    out->decimals = decimals;
    return TYPED_NUMBER;
}

TypedRead typed_value(const char *text, double *out)
{
    char ascii[TYPED_FOLD_BYTES];   /* blanks only, or a '%' at the end: said apart */
    widthform_fold_number(text, ascii, sizeof ascii);
    size_t n = strlen(ascii);
    while (n > 0 && (ascii[n - 1] == ' ' || ascii[n - 1] == '\t'))
        ascii[--n] = '\0';
    if (strspn(ascii, " \t") == n)
        return n < sizeof ascii - 1 ? TYPED_EMPTY : TYPED_JUNK;
    if (ascii[n - 1] == '%')
        return TYPED_PERCENT;
    return number_read(text, NUMBER_AS_TYPED, out) == NUMBER_OK ? TYPED_NUMBER : TYPED_JUNK;
}

void typed_hint(TypedKey what, int key, TypedGrammar g, Lang lang, char *buf, size_t cap)
{
    char one[TEXT_CHAR_BYTES] = "", shown[32];
    if (printable(key)) {   /* the key as UTF-8, escaped when invisible */
        int n = u8_uctomb((uint8_t *)one, (ucs4_t)key, (int)sizeof one - 1);
        one[n > 0 ? n : 0] = '\0';
    }
    text_escape(one, shown, sizeof shown);
    if (what == TYPED_KEY_FULL) {
        text_format(buf, cap, "%s", LANG_PICK(lang, "the line is full: Backspace erases, Enter answers",
                                              "输入行已经满了：Backspace 删除，Enter 作答"));
        return;
    }
    if (g == TYPED_ANSWER)
        text_format(buf, cap, LANG_PICK(lang, "'%s' is not part of a number: type digits, '.', '-' or '%%'; Esc leaves the line",
                                        "「%s」不能用在数字里：请输入数字、小数点、负号或 %%；Esc 离开输入行"), shown);
    else
        text_format(buf, cap, LANG_PICK(lang, "'%s' is not part of a number: Backspace erases it (digits, '.', '-', 1e-3)",
                                        "「%s」不能用在数字里：按 Backspace 删掉（可用数字、小数点、负号、1e-3）"), shown);
}

void typed_folded_note(Lang lang, char *buf, size_t cap)
{
    text_format(buf, cap, "%s", LANG_PICK(lang, "full-width characters are read as ASCII: －０．６２ is -0.62",
                                          "全角字符按半角读：－０．６２ 就是 -0.62"));
}

void typed_message(const char *text, TypedGrammar g, Lang lang, char *buf, size_t cap)
{
    char q[64];
    text_escape(text, q, sizeof q);
    double v;
    if (g == TYPED_VALUE && typed_value(text, &v) == TYPED_PERCENT)
        text_format(buf, cap, LANG_PICK(lang, "'%s': a value of the model is no percentage: type one such as 0.5",
                                        "「%s」：模型里的数不是百分比：请输入像 0.5 这样的数"), q);
    else if (g == TYPED_ANSWER)
        text_format(buf, cap, LANG_PICK(lang, "'%s' is not a number: type one such as 4.05, -0.69 or 52.4%%",
                                        "「%s」不是数字：请输入像 4.05、-0.69 或 52.4%% 这样的数"), q);
    else
        text_format(buf, cap, LANG_PICK(lang, "'%s' is not a number: type one such as 1.25, -0.69 or 1e-3",
                                        "「%s」不是数字：请输入像 1.25、-0.69 或 1e-3 这样的数"), q);
}
