/* wrap.c — breaking a paragraph into lines by display width: libunistring says where a line
 * may break (Unicode's UAX #14), and lines are filled greedily up to the width.
 * Owns: nothing else. Must not touch: the grid, ncurses, allocation. */
#include "wrap.h"

#include <stdbool.h>
#include <stdint.h>
#include <string.h>
#include <unilbrk.h>
#include "text.h"

/* True between two ASCII characters that are not blanks: a word, a name or a piece of code
 * ("F.scaled_dot_product_attention", "--export") stays whole. */
static bool wrap_inside_word(const char *s, size_t i)
{
    unsigned char a = (unsigned char)s[i - 1], b = (unsigned char)s[i];
    return a > ' ' && a < 0x7f && b > ' ' && b < 0x7f;
}

/* The line start .. end, its trailing blanks dropped. */
static WrapLine wrap_trimmed(const char *s, int start, int end)
{
    while (end > start && s[end - 1] == ' ')
        end--;
    return (WrapLine){ start, end - start };
}

/* Bytes of the UTF-8 character at s. */
static size_t wrap_char_len(const char *s)
{
    size_t k = 1;
    while (((unsigned char)s[k] & 0xC0) == 0x80)
        k++;
    return k;
}

int wrap_lines(const char *s, int width, WrapLine *lines, int max)
{
    char breaks[WRAP_MAX_BYTES];
    size_t n = strlen(s);
    if (n > WRAP_MAX_BYTES)
        n = WRAP_MAX_BYTES;
    while (n > 0 && ((unsigned char)s[n] & 0xC0) == 0x80)   /* never cut a character */
        n--;
    if (n == 0)
        return 0;
    u8_possible_linebreaks((const uint8_t *)s, n, "UTF-8", breaks);
    int count = 0, start = 0, cols = 0, last_break = -1;
    for (size_t i = 0; i < n;) {
        size_t k = wrap_char_len(s + i);
        bool may_break = i > (size_t)start && breaks[i] == UC_BREAK_POSSIBLE && !wrap_inside_word(s, i);
        if (may_break)
            last_break = (int)i;
        int w = text_width_n(s + i, k);
        bool blank = s[i] == ' ';
        if (!blank && cols + w > width && i > (size_t)start) {
            int at = last_break > start ? last_break : (int)i;
            if (count < max)
                lines[count] = wrap_trimmed(s, start, at);
            count++;
            start = at;
            while (s[start] == ' ')
                start++;
            cols = text_width_n(s + start, i - (size_t)start);
            last_break = -1;
        }
        cols += w;
        i += k;
    }
    if (start < (int)n) {
        if (count < max)
            lines[count] = wrap_trimmed(s, start, (int)n);
        count++;
    }
    return count;
}
