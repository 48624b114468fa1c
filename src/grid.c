/* grid.c — a w × h array of cells holding one glyph each, written by display width.
 * Owns: cell storage, wide-glyph bookkeeping (a CJK glyph's right half), clipping, the runs
 * that differ between two frames, text export.
 * Must not touch: ncurses, the engine, any view's layout decisions. */
#include "grid.h"

#include "arcs_geometry.h"

#include <stdarg.h>
#include <stdbool.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>
#include <unistr.h>

/* ---------------------------------------------------------------- lifetime */

int grid_init(Grid *g, int w, int h)
{
    g->w = w > 0 ? w : 0;
    g->h = h > 0 ? h : 0;
    g->cells = NULL;
    g->vectors = NULL;
    size_t n = (size_t)g->w * (size_t)g->h;
    if (n > 0) {
        g->cells = malloc(n * sizeof *g->cells);
        if (!g->cells) {
            g->w = g->h = 0;
            return -1;
        }
    }
    grid_clear(g);
    return 0;
}

int grid_resize(Grid *g, int w, int h)
{
    grid_free(g);
    return grid_init(g, w, h);
}

void grid_free(Grid *g)
{
    free(g->cells);
    g->cells = NULL;
    g->w = g->h = 0;
}

/* A one-column blank that keeps the given style. */
static void cell_blank(Cell *c, unsigned char style)
{
    memset(c->glyph, 0, sizeof c->glyph);
    c->glyph[0] = ' ';
    c->width = 1;
    c->style = style;
}

void grid_clear(Grid *g)
{
    if (g->vectors) {
        g->vectors->count = 0;
        g->vectors->area_w = g->vectors->area_h = 0;
    }
    if (g->w < 1 || g->h < 1)
        return;
    for (int x = 0; x < g->w; x++)   /* the first row, then copies of it */
        cell_blank(&g->cells[x], STYLE_NORMAL);
    for (int y = 1; y < g->h; y++)
        memcpy(g->cells + (size_t)y * (size_t)g->w, g->cells, sizeof *g->cells * (size_t)g->w);
}

/* ---------------------------------------------------------------- access */

Cell *grid_at(Grid *g, int x, int y)
{
    if (x < 0 || y < 0 || x >= g->w || y >= g->h)
        return NULL;
    return &g->cells[(size_t)y * (size_t)g->w + (size_t)x];
}

const Cell *grid_cell(const Grid *g, int x, int y)
{
    if (x < 0 || y < 0 || x >= g->w || y >= g->h)
        return NULL;
    return &g->cells[(size_t)y * (size_t)g->w + (size_t)x];
}

/* ---------------------------------------------------------------- writing */

/* Before (x, y) is overwritten: if it is one half of a wide glyph, blank the other half. */
static void grid_split_wide(Grid *g, int x, int y)
{
    Cell *c = grid_at(g, x, y);
    if (!c || c->width == 1)   /* the common case, at once: every glyph put passes here */
        return;
    if (c->width == 0) {
        Cell *left = grid_at(g, x - 1, y);
        if (left)
            cell_blank(left, left->style);
    } else if (c->width == 2) {
        Cell *right = grid_at(g, x + 1, y);
        if (right)
            cell_blank(right, right->style);
    }
}

/* The three tests below read a character's bytes in order, b[3] last, so a shorter
 * character's NUL ends the reading before the bytes after it (which may be unset). */

/* True for one braille pattern, U+2800..U+28FF (UTF-8 E2 A0..A3 80..BF): one column. */
static bool glyph_is_braille(const unsigned char *b)
{
    return b[0] == 0xE2 && b[1] >= 0xA0 && b[1] <= 0xA3 && b[2] >= 0x80 && b[2] <= 0xBF &&
           b[3] == 0;
}

/* True for one box-drawing or block element, U+2500..U+259F (UTF-8 E2 94..95 xx, E2 96
 * 80..9F: ─ │ ┌ ░ ▒ ▓ █ ▏ …), one column: none of them is East Asian wide. */
static bool glyph_is_box(const unsigned char *b)
{
    return b[0] == 0xE2 && (b[1] == 0x94 || b[1] == 0x95 || b[1] == 0x96) && b[2] >= 0x80 &&
           b[2] <= 0xBF && (b[1] != 0x96 || b[2] <= 0x9F) && b[3] == 0;
}

/* True for one CJK unified ideograph, U+4E00..U+9FFF (UTF-8 E4 B8..BF xx, E5..E9 xx xx:
 * the sentence's 三 加 五 …), which is East Asian wide: two columns. */
static bool glyph_is_ideograph(const unsigned char *b)
{
    return ((b[0] == 0xE4 && b[1] >= 0xB8) || (b[0] >= 0xE5 && b[0] <= 0xE9)) && b[1] >= 0x80 &&
           b[1] <= 0xBF && b[2] >= 0x80 && b[2] <= 0xBF && b[3] == 0;
}

/* Columns a character takes on screen: 1 or 2 (zero-width and control count as 1; so do
 * one ASCII byte, one braille pattern (the arcs' dots) and one box or block element (the
 * heatmaps' shades, the bars, the boxes), and a CJK ideograph is 2, without asking
 * libunistring). */
static int glyph_columns(const char *ch)
{
    const unsigned char *b = (const unsigned char *)ch;
    if ((b[0] != 0 && b[0] < 0x80 && b[1] == 0) || glyph_is_braille(b) || glyph_is_box(b))
        return 1;
    if (glyph_is_ideograph(b))
        return 2;
    int w = text_width(ch);
    return w == 2 ? 2 : 1;
}

int grid_glyph_columns(const char *ch)
{
    return glyph_columns(ch);
}

/* The cell at (x, y) for a glyph of w columns (1 or 2) in style, or NULL when it does not
 * fit: the wide characters it covers are split, and a wide one's right half is already an
 * empty cell of its style. */
static Cell *claim_cells(Grid *g, int x, int y, int w, Style style)
{
    if (y < 0 || y >= g->h || x < 0 || x + w > g->w)
        return NULL;
    Cell *c = &g->cells[(size_t)y * (size_t)g->w + (size_t)x];
    if (c->width != 1)   /* inside the grid: only half of a wide glyph needs splitting */
        grid_split_wide(g, x, y);
    if (w == 2 && c[1].width != 1)
        grid_split_wide(g, x + 1, y);
    if (w == 2) {
        memset(c[1].glyph, 0, sizeof c[1].glyph);
        c[1].width = 0;
        c[1].style = (unsigned char)style;
    }
    return c;
}

/* Writes ch (w columns) in style into c: at most sizeof glyph - 1 bytes of it, the rest
 * zero, so that whole cells compare. */
static void cell_fill(Cell *c, const char *ch, int w, Style style)
{
    size_t len = 0;
    for (; len < sizeof c->glyph - 1 && ch[len]; len++)
        c->glyph[len] = ch[len];
    for (; len < sizeof c->glyph; len++)
        c->glyph[len] = '\0';
    c->width = (unsigned char)w;
    c->style = (unsigned char)style;
}

static int put_char_columns(Grid *g, int x, int y, const char *ch, int w, Style style)
{
    Cell *c = claim_cells(g, x, y, w, style);
    if (!c)
        return 0;
    cell_fill(c, ch, w, style);
    return w;
}

int grid_put_char(Grid *g, int x, int y, const char *ch, Style style)
{
    return put_char_columns(g, x, y, ch, glyph_columns(ch), style);
}

int grid_put_glyph(Grid *g, int x, int y, const char *ch, int w, Style style)
{
    return put_char_columns(g, x, y, ch, w == 2 ? 2 : 1, style);
}

int grid_put_repeat(Grid *g, int x, int y, const char *ch, int n, Style style)
{
    int w = glyph_columns(ch), written = 0;
    Cell cell;
    cell_fill(&cell, ch, w, style);   /* made once, put n times */
    for (int i = 0; i < n && x + w <= g->w; i++, x += w) {
        Cell *c = x >= 0 ? claim_cells(g, x, y, w, style) : NULL;
        if (c) {
            *c = cell;
            written += w;
        }
    }
    return written;
}

int grid_put_text(Grid *g, int x, int y, const char *s, Style style)
{
    const uint8_t *p = (const uint8_t *)s;
    const uint8_t *end = p + strlen(s);
    int col = x, written = 0;
    while (p < end) {
        if (*p >= 0x20 && *p < 0x7f) {   /* printable ASCII, most of every text: one column */
            if (col + 1 > g->w)
                break;
            if (col >= 0) {
                char one[2] = { (char)*p, '\0' };
                written += put_char_columns(g, col, y, one, 1, style);
            }
            col++;
            p++;
            continue;
        }
        ucs4_t uc;
        char ch[TEXT_CHAR_BYTES] = "?";
        int n = u8_mbtouc(&uc, p, (size_t)(end - p));
        if (n <= 0)
            n = 1;
        if (uc != 0xFFFD && uc >= 0x20) {
            memcpy(ch, p, (size_t)n);
            ch[n] = '\0';
        }
        int w = glyph_columns(ch);
        if (col + w > g->w)
            break;
        if (col >= 0)
            written += put_char_columns(g, col, y, ch, w, style);
        col += w;
        p += n;
    }
    return written;
}

int grid_printf(Grid *g, int x, int y, Style style, const char *fmt, ...)
{
    char small[512];
    va_list ap;
    va_start(ap, fmt);
    int n = vsnprintf(small, sizeof small, fmt, ap);
    va_end(ap);
    if (n < 0)
        return 0;
    if ((size_t)n < sizeof small)
        return grid_put_text(g, x, y, small, style);
    char *big = malloc((size_t)n + 1);
    if (!big)
        return 0;
    va_start(ap, fmt);
    vsnprintf(big, (size_t)n + 1, fmt, ap);
    va_end(ap);
    int cols = grid_put_text(g, x, y, big, style);
    free(big);
    return cols;
}

void grid_set_style(Grid *g, int x, int y, int n, Style style)
{
    for (int i = 0; i < n; i++) {
        Cell *c = grid_at(g, x + i, y);
        if (c)
            c->style = (unsigned char)style;
    }
}

void grid_copy_cells(Grid *g, int x, int y, int n, int to_y)
{
    if (x < 0) {
        n += x;
        x = 0;
    }
    if (x + n > g->w)
        n = g->w - x;
    if (n < 1 || y < 0 || y >= g->h || to_y < 0 || to_y >= g->h || to_y == y)
        return;
    if (grid_cell(g, x, to_y)->width == 0)   /* a wide glyph cut at either end: blanked */
        grid_split_wide(g, x, to_y);
    if (grid_cell(g, x + n - 1, to_y)->width == 2)
        grid_split_wide(g, x + n - 1, to_y);
    memcpy(g->cells + (size_t)to_y * (size_t)g->w + (size_t)x, g->cells + (size_t)y * (size_t)g->w + (size_t)x,
           sizeof *g->cells * (size_t)n);
}

/* ---------------------------------------------------------------- differences */

/* True when two cells are the same (glyphs are zero-padded, so they compare whole). */
static bool same_cell(const Cell *a, const Cell *b)
{
    return memcmp(a->glyph, b->glyph, sizeof a->glyph) == 0 && a->width == b->width &&
           a->style == b->style;
}

/* Whether the glyph at column x of a row (before or now) goes on into column x + dir:
 * dir -1 asks whether x is a right half, dir +1 whether it is a wide glyph's left half. */
static bool wide_goes_on(const Cell *before, const Cell *now, int x, int w, int dir)
{
    if (dir < 0)
        return x > 0 && (before[x].width == 0 || now[x].width == 0);
    return x + 1 < w && (before[x].width == 2 || now[x].width == 2);
}

bool grid_next_run(const Grid *before, const Grid *now, int *x, int *y, GridRun *run)
{
    if (before->w != now->w || before->h != now->h || *x < 0 || *y < 0)
        return false;
    int w = now->w;
    for (; *y < now->h; (*y)++, *x = 0) {
        const Cell *a = before->cells + (size_t)*y * (size_t)w;
        const Cell *b = now->cells + (size_t)*y * (size_t)w;
        if (*x >= w || memcmp(a + *x, b + *x, sizeof *a * (size_t)(w - *x)) == 0)
            continue;   /* the rest of the row is the same (most rows do not change at all) */
        int start = *x;
        while (start < w && same_cell(&a[start], &b[start]))
            start++;
        if (start == w)
            continue;
        int end = start + 1;   /* one past the run */
        while (end < w && !same_cell(&a[end], &b[end]))
            end++;
        while (wide_goes_on(a, b, start, w, -1))
            start--;
        while (end < w && wide_goes_on(a, b, end - 1, w, +1))
            end++;
        *run = (GridRun){ .x = start, .y = *y, .n = end - start };
        *x = end;
        return true;
    }
    return false;
}

void grid_copy_run(Grid *dst, const Grid *src, const GridRun *run)
{
    if (dst->w != src->w || dst->h != src->h || run->y < 0 || run->y >= src->h ||
        run->x < 0 || run->n < 1 || run->x + run->n > src->w)
        return;
    size_t at = (size_t)run->y * (size_t)src->w + (size_t)run->x;
    memcpy(dst->cells + at, src->cells + at, sizeof *dst->cells * (size_t)run->n);
}

/* ---------------------------------------------------------------- text export */

/* Appends len bytes to buf when room remains; always counts them. */
static void text_append(char *buf, size_t cap, size_t *used, const char *s, size_t len)
{
    if (buf && *used + len < cap)
        memcpy(buf + *used, s, len);
    else if (buf && *used < cap)
        memcpy(buf + *used, s, cap - 1 - *used);
    *used += len;
}

/* True for a one-column blank (what grid_clear leaves). */
static bool cell_is_blank(const Cell *c)
{
    return c->width == 1 && strcmp(c->glyph, " ") == 0;
}

/* Index one past the last column of row y that is not a blank. */
static int row_end(const Grid *g, int y)
{
    int end = g->w;
    while (end > 0 && cell_is_blank(grid_cell(g, end - 1, y)))
        end--;
    return end;
}

size_t grid_to_text(const Grid *g, char *buf, size_t cap)
{
    size_t used = 0;
    for (int y = 0; y < g->h; y++) {
        int end = row_end(g, y);
        for (int x = 0; x < end; x++) {
            const Cell *c = grid_cell(g, x, y);
            if (c->width == 0)
                continue;
            const char *glyph = c->glyph[0] ? c->glyph : " ";
            text_append(buf, cap, &used, glyph, strlen(glyph));
        }
        text_append(buf, cap, &used, "\n", 1);
    }
    if (buf && cap > 0)
        buf[used < cap ? used : cap - 1] = '\0';
    return used;
}
