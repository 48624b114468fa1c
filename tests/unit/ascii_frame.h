/* ascii_frame.h — the one check every view's tests make of ASCII mode: a frame drawn with
 * --ascii holds ASCII only, the sentence's own characters included (they are written by
 * their ASCII names, "san jia wu deng yu ?", or briefly "3 + 5 = yu ?"), so that the Linux
 * console can show it; and, for the checks that hidden numbers leave no digit, the
 * sentence's labels taken out of a row first (a "3" that names 三 is a character, not a
 * number). Owns: nothing but these checks (header-only, for tests/unit/test_*.c).
 * Must not touch: the frame it checks. */
#ifndef ATTN_TEST_ASCII_FRAME_H
#define ATTN_TEST_ASCII_FRAME_H

#include <stdbool.h>
#include <stddef.h>
#include <string.h>
#include "draw.h"
#include "grid.h"

/* True when every cell of g holds a printable ASCII glyph (or a blank); else *x, *y name
 * the first cell that does not. */
static inline bool ascii_frame_ok(const Grid *g, int *x, int *y)
{
    for (int row = 0; row < g->h; row++)
        for (int col = 0; col < g->w; col++) {
            const Cell *c = grid_cell(g, col, row);
            bool ok = c->width == 1;
            for (const char *q = c->glyph; *q && ok; q++)
                ok = *q >= 0x20 && *q < 0x7F;
            if (!ok) {
                *x = col;
                *y = row;
                return false;
            }
        }
    return true;
}

/* True when every byte of the text s is printable ASCII or a newline; else *at is the
 * offset of the first that is not. */
static inline bool ascii_text_ok(const char *s, size_t *at)
{
    for (size_t i = 0; s[i]; i++)
        if (s[i] != '\n' && (s[i] < 0x20 || s[i] >= 0x7F)) {
            *at = i;
            return false;
        }
    return true;
}

/* True for the bytes of a word that a label's digits may stand in: letters and digits. */
static inline bool label_byte(char ch)
{
    return (ch >= '0' && ch <= '9') || ((ch | 0x20) >= 'a' && (ch | 0x20) <= 'z');
}

/* Blanks out of row (a frame's row as text) every word with a digit that is one of tr's
 * labels in ASCII mode ("3", "10", "shi2"), unless a '.' or '%' beside it makes it part of
 * a number ("2" in "13.2%" stays). */
static inline void blank_sentence_labels(char *row, const Trace *tr)
{
    for (size_t i = 0; row[i];) {
        if (!label_byte(row[i])) {
            i++;
            continue;
        }
        size_t j = i, digits = 0;
        while (label_byte(row[j]))
            digits += row[j] >= '0' && row[j] <= '9', j++;
        bool loose = (i == 0 || (row[i - 1] != '.' && row[i - 1] != '%')) && row[j] != '.' &&
                     row[j] != '%';
        for (int t = 0; t < tr->T && digits && loose; t++) {
            char full[DRAW_LABEL_BYTES], brief[DRAW_LABEL_BYTES];
            draw_char_label(true, tr->tokens[t], full, sizeof full);
            draw_char_brief(true, tr->tokens[t], brief, sizeof brief);
            if ((strlen(full) == j - i && strncmp(row + i, full, j - i) == 0) ||
                (strlen(brief) == j - i && strncmp(row + i, brief, j - i) == 0)) {
                memset(row + i, ' ', j - i);
                break;
            }
        }
        i = j;
    }
}

/* Fails the running cmocka test, naming `what`, unless row y of g writes tr's characters at
 * columns xs[t], ws[t] wide, each by its ASCII label or (all of them alike) by its brief label,
 * with at least a blank between neighbours. */
static inline void assert_label_row(const Grid *g, int y, const Trace *tr, const int *xs,
                                    const int *ws, const char *what)
{
    int form = -1;   /* 0: labels, 1: brief labels */
    for (int t = 0; t < tr->T; t++) {
        char drawn[4 * DRAW_LABEL_BYTES] = "", full[DRAW_LABEL_BYTES], brief[DRAW_LABEL_BYTES];
        for (int i = 0; i < ws[t] && strlen(drawn) + 8 < sizeof drawn; i++)
            strcat(drawn, grid_cell(g, xs[t] + i, y)->glyph);
        draw_char_label(true, tr->tokens[t], full, sizeof full);
        draw_char_brief(true, tr->tokens[t], brief, sizeof brief);
        bool as_full = strcmp(drawn, full) == 0, as_brief = strcmp(drawn, brief) == 0;
        if (!as_full && !as_brief)
            fail_msg("%s: character %d drawn '%s' at %d,%d, not '%s' or '%s'", what, t, drawn,
                     xs[t], y, full, brief);
        if (as_full != as_brief) {   /* "yu", "?": the same either way */
            if (form >= 0 && form != (as_brief ? 1 : 0))
                fail_msg("%s: character %d drawn '%s' at row %d, unlike the others", what, t, drawn, y);
            form = as_brief ? 1 : 0;
        }
        if (t > 0 && xs[t] <= xs[t - 1] + ws[t - 1])
            fail_msg("%s: characters %d and %d touch at row %d", what, t - 1, t, y);
    }
}

/* Fails the running cmocka test, naming `what` and the cell, unless g is all ASCII. */
#define assert_ascii_frame(g, what)                                                          \
    do {                                                                                     \
        int ax_, ay_;                                                                        \
        if (!ascii_frame_ok((g), &ax_, &ay_))                                                \
            fail_msg("%s: non-ASCII '%s' at %d,%d", (what), grid_cell((g), ax_, ay_)->glyph, \
                     ax_, ay_);                                                              \
    } while (0)

/* Fails the running cmocka test, showing the text, unless it is all ASCII. */
#define assert_ascii_text(s)                                                                 \
    do {                                                                                     \
        size_t at_;                                                                          \
        if (!ascii_text_ok((s), &at_))                                                       \
            fail_msg("non-ASCII byte at %zu in:\n%s", at_, (s));                             \
    } while (0)

#endif
