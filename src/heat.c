/* heat.c — the heatmap kit of the matrix and machine views: levels, swatches, windows,
 * and text in pieces that wraps without being cut.
 * Owns: what heat.h declares. Must not touch: ncurses, the clock, the engine's arithmetic
 * (a level only compares a value with a table's range). */
#include "heat.h"
#include "wrap.h"

#include <math.h>
#include <stdarg.h>
#include <stdio.h>
#include <string.h>

/* ---------------------------------------------------------------- levels */

int heat_share_level(double share)
{
    if (share < 0.05)
        return 1;
    if (share < 0.15)
        return 2;
    if (share < 0.35)
        return 3;
    return 4;
}

/* The bin 1..4 of a fraction 0..1. */
static int bin_of(double f)
{
    int level = 1 + (int)floor(f * 4.0);
    return level < 1 ? 1 : level > HEAT_TOP ? HEAT_TOP : level;
}

int heat_range_level(double v, double lo, double hi)
{
    if (!(hi > lo))
        return HEAT_TOP;
    return bin_of((v - lo) / (hi - lo));
}

int heat_magnitude_level(double v, double top)
{
    if (!(top > 0.0))
        return 1;
    return bin_of(fabs(v) / top);
}

Style heat_style(int level)
{
    static const Style styles[HEAT_TOP + 1] = {
        STYLE_DIM, STYLE_ARC_2, STYLE_ARC_4, STYLE_ARC_6, STYLE_ARC_8,
    };
    return styles[level < 0 ? 0 : level > HEAT_TOP ? HEAT_TOP : level];
}

void heat_table_range(const Trace *tr, const double *mat, int h, double *lo, double *hi)
{
    bool any = false;
    *lo = *hi = 0.0;
    for (int t = 0; t < tr->T; t++)
        for (int s = 0; s < tr->T; s++) {
            if (!engine_visible(tr, t, s))
                continue;
            double v = mat[((size_t)h * (size_t)tr->T + (size_t)t) * (size_t)tr->T + (size_t)s];
            if (!any || v < *lo)
                *lo = v;
            if (!any || v > *hi)
                *hi = v;
            any = true;
        }
}

double heat_table_top(const Trace *tr, const double *mat)
{
    double top = 0.0;
    for (size_t i = 0; i < (size_t)tr->T * (size_t)tr->d; i++)
        if (fabs(mat[i]) > top)
            top = fabs(mat[i]);
    return top;
}

void heat_swatch(const ViewCtx *c, int x, int y, int n, int level, Style st)
{
    if (!c->g)
        return;
    int lv = level < 0 ? 0 : level > HEAT_TOP ? HEAT_TOP : level;
    grid_put_repeat(c->g, x, y, c->gl->shades[lv], n, st);
}

/* ---------------------------------------------------------------- windows */

int heat_window_first(int count, int n, int keep)
{
    if (n >= count)
        return 0;
    int first = keep - n / 2;
    if (first > count - n)
        first = count - n;
    return first < 0 ? 0 : first;
}

/* ---------------------------------------------------------------- text in pieces */

void heat_text_init(HeatText *t, int indent)
{
    t->n = 0;
    t->used = 0;
    t->indent = indent;
}

static bool opens_closed(const char *s);

/* Appends a piece formatted from fmt and ap, glued or not: a piece that opens on closing
 * punctuation ("：并排放不下", "，÷ √8 后") is glued to the one before, so that no line
 * starts with it. */
static void text_add(HeatText *t, Style st, bool glue, const char *fmt, va_list ap)
    __attribute__((format(printf, 4, 0)));
static void text_add(HeatText *t, Style st, bool glue, const char *fmt, va_list ap)
{
    if (t->n >= HEAT_TEXT_PIECES || t->used >= HEAT_TEXT_BYTES - 1)
        return;
    int room = HEAT_TEXT_BYTES - t->used;
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

void heat_text_add(HeatText *t, Style st, const char *fmt, ...)
{
    va_list ap;
    va_start(ap, fmt);
    text_add(t, st, false, fmt, ap);
    va_end(ap);
}

void heat_text_glue(HeatText *t, Style st, const char *fmt, ...)
{
    va_list ap;
    va_start(ap, fmt);
    text_add(t, st, true, fmt, ap);
    va_end(ap);
}

void heat_text_sep(HeatText *t, const char *sep)
{
    heat_text_glue(t, STYLE_DIM, "%s", sep);
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

void heat_text_words(HeatText *t, Style st, const char *s)
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
        heat_text_add(t, st, "%.*s", (int)len, s);
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
static int run_width(const HeatText *t, int i)
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

static int text_layout(const ViewCtx *c, const HeatText *t, int x, int y, int w, int max_lines)
{
    int line = 0, col = 0, line_start = 0, indent = t->indent < w / 2 ? t->indent : 0;
    bool wrapped = false;   /* the line was begun by wrapping and holds nothing yet */
    for (int i = 0; i < t->n; i++) {
        const char *p = t->store + t->start[i];
        if (strcmp(p, HEAT_BREAK) == 0) {   /* a new paragraph, not indented */
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
    return t->n > 0 ? line + 1 : 0;
}

int heat_text_lines(const HeatText *t, int w)
{
    return text_layout(NULL, t, 0, 0, w, 0);
}

int heat_text_draw(const ViewCtx *c, const HeatText *t, int x, int y, int w, int max_lines)
{
    return text_layout(c, t, x, y, w, max_lines);
}
