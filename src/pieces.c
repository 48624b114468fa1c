/* pieces.c — text laid out in unbreakable pieces with indented continuation lines: words of
 * a sentence (a CJK character, a lesson's term, a bracketed group each one piece), terms of
 * a sum, separators glued to what they follow; wrapped only between pieces, never cut.
 * Owns: what pieces.h declares. Must not touch: ncurses, the clock, the engine's arithmetic. */
#include "pieces.h"

#include <stdarg.h>
#include <stdio.h>
#include <string.h>
#include "wrap.h"

/* ---------------------------------------------------------------- building */

void pieces_init(Pieces *t, int indent)
{
    t->n = 0;
    t->used = 0;
    t->indent = indent;
}

static bool opens_closed(const char *s);

/* Appends a piece formatted from fmt and ap, glued or not: a piece that opens on closing
 * punctuation ("：并排放不下", "，÷ √8 后") is glued to the one before, so that no line
 * starts with it. */
static void text_add(Pieces *t, Style st, bool glue, const char *fmt, va_list ap)
    __attribute__((format(printf, 4, 0)));
static void text_add(Pieces *t, Style st, bool glue, const char *fmt, va_list ap)
{
    if (t->n >= PIECES_MAX || t->used >= PIECES_BYTES - 1)
        return;
    int room = PIECES_BYTES - t->used;
    int len = vsnprintf(t->store + t->used, (size_t)room, fmt, ap);
    if (len < 0 || len >= room) {
        t->store[t->used] = '\0';
        return;
    }
    t->start[t->n] = t->used;
    t->style[t->n] = st;
    t->glue[t->n] = (glue || opens_closed(t->store + t->used)) && t->n > 0;
    t->n++;
    t->used += len + 1;
}

void pieces_add(Pieces *t, Style st, const char *fmt, ...)
{
    va_list ap;
    va_start(ap, fmt);
    text_add(t, st, false, fmt, ap);
    va_end(ap);
}

void pieces_glue(Pieces *t, Style st, const char *fmt, ...)
{
    va_list ap;
    va_start(ap, fmt);
    text_add(t, st, true, fmt, ap);
    va_end(ap);
}

void pieces_sep(Pieces *t, const char *sep)
{
    pieces_glue(t, STYLE_DIM, "%s", sep);
}

/* True for punctuation that must not start a line (it stays with what precedes it). */
static bool closes(const char *ch)
{
    static const char *const marks[] = { "，", "。", "：", "；", "、", "）", "！", "？", ",", ".", ":", ";",
                                         ")", "]", "!", "?", "%" };
    for (size_t i = 0; i < sizeof marks / sizeof marks[0]; i++)
        if (strcmp(ch, marks[i]) == 0)
            return true;
    return false;
}

/* Bytes of the UTF-8 character at s. */
static size_t char_len(const char *s)
{
    size_t n = 1;
    while (n < TEXT_CHAR_BYTES - 1 && (s[n] & 0xC0) == 0x80)
        n++;
    return n;
}

/* True when s opens on a full-width closing mark (，：）…), which must not start a line. */
static bool opens_closed(const char *s)
{
    char ch[TEXT_CHAR_BYTES];
    size_t n = char_len(s);
    memcpy(ch, s, n);
    ch[n] = '\0';
    return closes(ch) && text_width(ch) == 2;
}

void pieces_words(Pieces *t, Style st, const char *s)
{
    while (*s) {
        /* a piece: a wide character alone (Chinese breaks between any two), or a run of
           narrow ones up to and including a blank that is not inside brackets */
        size_t len = wrap_term_at(s);   /* a lesson term (对称, 残差连接) is one piece */
        bool term = len > 0;
        int depth = 0;
        char ch[TEXT_CHAR_BYTES];
        while (!term && s[len]) {
            size_t n = char_len(s + len);
            memcpy(ch, s + len, n);
            ch[n] = '\0';
            bool wide = text_width(ch) == 2 && !closes(ch);
            if (wide && len > 0)
                break;
            len += n;
            if (wide)
                break;
            depth += strcmp(ch, "[") == 0 || strcmp(ch, "(") == 0 ? 1 : 0;
            depth -= (strcmp(ch, "]") == 0 || strcmp(ch, ")") == 0) && depth > 0 ? 1 : 0;
            if (strcmp(ch, " ") == 0 && depth == 0)
                break;
        }
        /* closing punctuation right after stays in this piece */
        while (s[len]) {
            size_t n = char_len(s + len);
            memcpy(ch, s + len, n);
            ch[n] = '\0';
            if (!closes(ch) || text_width(ch) != 2)
                break;
            len += n;
        }
        pieces_add(t, st, "%.*s", (int)len, s);
        s += len;
    }
}

/* One UTF-8 character of s into ch; returns its bytes. */
static size_t next_char(const char *s, char ch[TEXT_CHAR_BYTES])
{
    size_t n = char_len(s);
    memcpy(ch, s, n);
    ch[n] = '\0';
    return n;
}

/* Lays the text out in w columns from (x, y), drawing when c and c->g are set and the
 * line is below max_lines; a piece wider than a whole line wraps character by
 * character. Returns the lines used. */
/* Columns of piece i and the glued pieces after it, without the last one's trailing blanks. */
static int run_width(const Pieces *t, int i)
{
    int w = 0;
    do {
        const char *p = t->store + t->start[i];
        size_t len = strlen(p);
        bool last = i + 1 >= t->n || !t->glue[i + 1];
        while (last && len > 0 && p[len - 1] == ' ')
            len--;
        w += text_width_n(p, len);
        i++;
    } while (i < t->n && t->glue[i]);
    return w;
}

static int text_layout(const ViewCtx *c, const Pieces *t, const char *lead, int indent, int x, int y,
                       int w, int max_lines)
{
    int line = 0, col = 0, line_start = 0;
    indent = indent < w / 2 ? indent : 0;
    bool wrapped = false;   /* the line was begun by wrapping and holds nothing yet */
    if (lead) {   /* the lead, bold, where the first line starts (it ends in its own blank) */
        if (c && c->g && max_lines > 0)
            draw_clipped(c->g, x, y, x + w, lead, STYLE_BOLD);
        col = text_width(lead);
    }
    for (int i = 0; i < t->n; i++) {
        const char *p = t->store + t->start[i];
        if (strcmp(p, PIECES_BREAK) == 0) {   /* a new paragraph, not indented */
            line++;
            col = line_start = 0;
            wrapped = false;
            continue;
        }
        if (!t->glue[i] && col > line_start && col + run_width(t, i) > w) {
            line++;
            col = line_start = indent;
            wrapped = true;
        }
        if (wrapped)
            p += strspn(p, " ");        /* blanks do not start a wrapped line */
        char ch[TEXT_CHAR_BYTES];
        while (*p) {
            p += next_char(p, ch);
            int cw = text_width(ch) == 2 ? 2 : 1;
            if (col + cw > w) {
                if (strcmp(ch, " ") == 0)
                    continue;           /* a blank at the end of a line is not carried over */
                line++;
                col = line_start = indent;
            }
            wrapped = false;
            if (c && c->g && line < max_lines)
                grid_put_char(c->g, x + col, y + line, ch, t->style[i]);
            col += cw;
        }
    }
    return t->n > 0 || lead ? line + 1 : 0;
}

int pieces_lines(const Pieces *t, int w)
{
    return text_layout(NULL, t, NULL, t->indent, 0, 0, w, 0);
}

int pieces_draw(const ViewCtx *c, const Pieces *t, int x, int y, int w, int max_lines)
{
    return text_layout(c, t, NULL, t->indent, x, y, w, max_lines);
}

int pieces_lines_after(const Pieces *t, const char *lead, int indent, int w)
{
    return text_layout(NULL, t, lead, indent, 0, 0, w, 0);
}

int pieces_draw_after(const ViewCtx *c, const Pieces *t, const char *lead, int indent, int x, int y, int w,
                      int max_lines)
{
    return text_layout(c, t, lead, indent, x, y, w, max_lines);
}
