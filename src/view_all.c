/* view_all.c — the lesson's opening picture: every character looks at every other at once.
 * The sentence twice (askers above, the characters looked at below) joined by T × T lines
 * whose thickness is the share; the selected character's lines in front, the rest faded.
 * Owns: the view's layout, the lines (in braille dots, or ASCII), its notes, shares and
 * caption, clicks on characters, and its row of the view table.
 * Must not touch: ncurses, the clock, the engine's arithmetic (it only reads a Trace). */
#include "view_all.h"

#include <assert.h>
#include <limits.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "format.h"
#include "ramp.h"
#include "view.h"
#include "arcs_geometry.h"

/* ---------------------------------------------------------------- words */

/* The lesson's own words for the picture (station 0). */
#define ALL_SAYING_EN "the thicker the line, the more that character is looked at"
#define ALL_SAYING_ZH "线越粗，说明那个字被看得越多"

/* The rows' labels, when there is room beside the sentence. */
#define ALL_ASKS_EN "asking"
#define ALL_ASKS_ZH "提问"
#define ALL_SEEN_EN "looked at"
#define ALL_SEEN_ZH "被看"

/* The note that stands for the share ramp's legend (drawn by ramp.h, not as text). */
static const char all_legend[] = "";

/* The notes above the picture, most important first (the ramp's legend second, while one
 * head's lines are drawn in the ramp's colours); returns how many. */
static int all_notes(const ViewCtx *c, bool labels, const char **out)
{
    int n = 0;
    out[n++] = SAY(c, ALL_SAYING_EN, ALL_SAYING_ZH);
    if (c->tr->heads == 1 || c->ui->head >= 0)
        out[n++] = all_legend;
    if (!labels)
        out[n++] = SAY(c, "top row asks, bottom row is looked at", "上排在提问，下排被看");
    if (c->tr->mask == MASK_CAUSAL)
        out[n++] = SAY(c, "causal mask: no line goes to a later character",
                       "因果掩码：不连向后面的字");
    if (c->tr->heads == 2) {
        if (c->ui->head < 0)
            out[n++] = SAY(c, "two heads: left lines the first head, right the second",
                           "两个头：左边的线是第一个头，右边是第二个");
        else if (c->ui->head == 0)
            out[n++] = SAY(c, "two heads: the first head's lines", "两个头：这里是第一个头的线");
        else
            out[n++] = SAY(c, "two heads: the second head's lines", "两个头：这里是第二个头的线");
    }
    return n;
}

/* ---------------------------------------------------------------- layout */

int all_thickness(int wmax, double share)
{
    return draw_share_size(share, 1, wmax - 1);
}

int all_faded_wmax(int wmax)
{
    int w = wmax / ALL_FADED_RATIO;
    return w < 2 ? 2 : w;
}

/* Which heads are drawn: both side by side, or the one the UI shows. */
static void layout_heads(const ViewCtx *c, AllLayout *L)
{
    if (c->tr->heads == 2 && c->ui->head < 0) {
        L->heads = 2;
        L->head = 0;
    } else {
        L->heads = 1;
        L->head = ui_head_shown(c->ui, c->tr);
    }
}

/* Columns of the side labels (with a blank after them), or 0 when they do not fit. */
static int label_columns(const ViewCtx *c, int T)
{
    int lw = text_width(SAY(c, ALL_ASKS_EN, ALL_ASKS_ZH));
    int sw = text_width(SAY(c, ALL_SEEN_EN, ALL_SEEN_ZH));
    lw = (lw > sw ? lw : sw) + 1;
    return (c->body.w - 2 - lw) / T >= ALL_LABEL_PITCH ? lw : 0;
}

/* The characters share the width in equal slots, each centred in its own. */
static void layout_columns(const ViewCtx *c, AllLayout *L)
{
    int T = L->tokens;
    int lw = label_columns(c, T);
    L->pitch = (c->body.w - 2 - lw) / T;
    int left = c->body.x + (c->body.w - lw - L->pitch * T) / 2;
    L->label_x = lw ? left : -1;
    for (int t = 0; t < T; t++) {
        L->tok_w[t] = text_width(draw_tok(c, t, L->pitch - 1));
        L->tok_x[t] = left + lw + t * L->pitch + (L->pitch - L->tok_w[t]) / 2;
    }
    int across = 2 * L->pitch - 2;   /* a column of blank between neighbouring slots */
    across = across > ALL_MAX_WIDTH_DOTS ? ALL_MAX_WIDTH_DOTS : across;
    L->wmax = across / L->heads;
    if (L->wmax < 2)
        L->wmax = 2;
}

/* From the top: notes, askers, lines, the characters looked at, shares, caption. */
static void layout_rows(const ViewCtx *c, AllLayout *L, int wanted_notes)
{
    int h = c->body.h;
    L->staggered = L->pitch < 7;   /* "100.0%" and a blank */
    L->number_rows = L->heads * (L->staggered ? 2 : 1);   /* kept blank when numbers are hidden */
    int fixed = 1 + 1 + L->number_rows + 1;   /* askers, looked at, shares, caption */
    int room = h - fixed - ALL_MIN_LINE_ROWS;
    L->notes = wanted_notes < room ? wanted_notes : room;
    if (L->notes < 0)
        L->notes = 0;
    L->line_rows = h - fixed - L->notes;
    if (L->line_rows > c->body.w / 3)   /* no taller than a third of the width */
        L->line_rows = c->body.w / 3;
    int used = fixed + L->notes + L->line_rows;
    L->note_row = c->body.y + (h - used) / 2;
    L->top_row = L->note_row + L->notes;
    L->line_top = L->top_row + 1;
    L->bottom_row = L->line_top + L->line_rows;
    L->number_row = L->bottom_row + 1;
    L->caption_row = L->number_row + L->number_rows;
}

void all_layout(const ViewCtx *c, AllLayout *L)
{
    memset(L, 0, sizeof *L);
    L->tokens = c->tr->T;
    assert(L->tokens >= 1 && L->tokens <= MODEL_MAX_TOKENS);   /* engine_forward refuses any other sentence */
    layout_heads(c, L);
    layout_columns(c, L);
    const char *notes[ALL_MAX_NOTES];
    layout_rows(c, L, all_notes(c, L->label_x >= 0, notes));
}

/* ---------------------------------------------------------------- dots */

/* The ASCII glyph of a line's style: faded lines are dots, the selected ones the ramp's
 * strokes. */
static const char *ascii_glyph(Style st)
{
    if (st >= STYLE_SHARE_1 && st <= STYLE_SHARE_4)
        return ramp_ascii_stroke(1 + (int)st - STYLE_SHARE_1);
    if (st == STYLE_SERIES_A)
        return "-";
    if (st == STYLE_SERIES_B)
        return "=";
    return ".";
}

/* How far forward a line of style st is: 1 faded, 2.. the selected lines' levels. */
static int style_rank(Style st)
{
    if (st == STYLE_DIM)
        return 1;
    if (st == STYLE_SERIES_A || st == STYLE_SERIES_B)
        return 2;
    return st >= STYLE_SHARE_1 && st <= STYLE_SHARE_4 ? 2 + (int)st - STYLE_SHARE_1 : 0;
}

/* How far forward a cell's line is: 0 nothing, 1 faded, 2.. the selected lines' styles. */
static int cell_rank(const Cell *cell)
{
    if (cell->glyph[0] == ' ' || cell->glyph[0] == '\0')
        return 0;
    if (cell->style == STYLE_DIM)
        return 1;
    return style_rank((Style)cell->style);
}


/* Sets the dots `bits` of cell (col, row) for a line in style st. A selected line covers
 * the faded ones: in a cell it reaches, their dots give way to its own. Setting dots in one
 * call or one at a time gives the same cell. */
static void plot(const ViewCtx *c, const AllLayout *L, int col, int row, int bits, Style st)
{
    if (col < c->body.x || col >= c->body.x + c->body.w ||
        row < L->line_top || row >= L->line_top + L->line_rows)
        return;
    Cell *cell = grid_at(c->g, col, row);
    if (c->ascii) {
        if (style_rank(st) > cell_rank(cell))
            grid_put_char(c->g, col, row, ascii_glyph(st), st);
        return;
    }
    int old = draw_braille_dots(cell);
    bool forward = st != STYLE_DIM;
    if (old) {
        bool old_forward = cell->style != STYLE_DIM;
        if (old_forward && !forward)
            return;
        if (forward && !old_forward)
            old = 0;
        else if (cell->style > st)
            st = (Style)cell->style;
    }
    draw_braille_put(c->g, col, row, old | bits, st);
}

/* ---------------------------------------------------------------- lines */

/* One line, in dot columns: it leaves the asker straight down for a row, bends as a
 * smooth S, and lands straight down on its target for a row. */
typedef struct {
    int top_left;      /* first dot column under the asker */
    int bottom_left;   /* first dot column over the character looked at */
    int width;         /* dots across (all_thickness of its share) */
    Style style;       /* faded, or the selected character's */
} Line;

/* Dot column of the middle of character s. */
static double slot_centre(const AllLayout *L, int s)
{
    return 2.0 * L->tok_x[s] + L->tok_w[s] - 0.5;
}

/* The style of a selected line: the share ramp's with one head, by head with two. */
static Style forward_style(const AllLayout *L, int h, double share)
{
    if (L->heads == 2)
        return h == 0 ? STYLE_SERIES_A : STYLE_SERIES_B;
    return ramp_share_style(share);
}

/* The line from t to s of head h (k-th head drawn). Under the asker the lines leave side
 * by side in the sentence's order, their widths adding up to the whole 100%; each lands
 * centred on its target (with two heads, the first left of the middle, the second right). */
static Line line_of(const ViewCtx *c, const AllLayout *L, int k, int h, int t, int s, bool selected)
{
    const Trace *tr = c->tr;
    double share = TRACE_HSQ(tr, weights, h, t, s);
    int wmax = selected ? L->wmax : all_faded_wmax(L->wmax);
    Line ln = { .width = all_thickness(wmax, share) };
    ln.style = selected ? forward_style(L, h, share) : STYLE_DIM;
    int total = L->heads * wmax;
    int stack = (int)floor(slot_centre(L, t) - (total - 1) / 2.0 + 0.5) + k * wmax;
    double before = engine_share_of(tr, h, t, (1u << s) - 1u);   /* shares of 0 .. s-1 */
    ln.top_left = stack + draw_share_size(before, 0, wmax - 1);   /* the lines before it, by the same rule */
    double centre = slot_centre(L, s);
    if (L->heads == 2)
        centre += k == 0 ? -L->wmax / 2.0 : L->wmax / 2.0;
    ln.bottom_left = (int)floor(centre - (ln.width - 1) / 2.0 + 0.5);
    return ln;
}

/* The dots a line sets in dot row y: from *from to *to. It leaves the asker straight down
 * for a row, bends as a smooth S, and lands straight down on its target for a row, the same
 * thickness across wherever it leans. */
static void line_span(const AllLayout *L, const Line *ln, int y, int *from, int *to)
{
    int y0 = 4 * L->line_top, y1 = 4 * (L->line_top + L->line_rows);   /* dot rows [y0, y1) */
    int ya = y0 + 3, yb = y1 - 4;                /* the bend runs from ya (v = 0) to yb (v = 1) */
    double half_w = (ln->width - 1) / 2.0;
    double top = ln->top_left + half_w, bottom = ln->bottom_left + half_w, move = bottom - top;
    double centre, slope = 0.0;
    if (y <= ya || yb <= ya) {
        centre = y <= ya ? top : bottom;
    } else if (y >= yb) {
        centre = bottom;
    } else {
        double v = (double)(y - ya) / (yb - ya);
        centre = top + move * v * v * (3.0 - 2.0 * v);
        slope = move * 6.0 * v * (1.0 - v) / (yb - ya);
    }
    double half = ln->width / 2.0 * sqrt(1.0 + slope * slope);
    *from = (int)floor(centre - half + 1.0);
    *to = (int)floor(centre + half);
}

/* The dots of cell column col that the spans of a cell row set (a faded line every other
 * dot, where dot column + dot row is even): span r is dot row cy + r. */
static int cell_bits(const int *from, const int *to, int col, int cy, Style st)
{
    int bits = 0, left = 2 * col, right = left + 1;
    for (int r = 0; r < 4; r++) {
        bool even = (cy + r) % 2 == 0;   /* the dim dot of this row is the left one */
        if (left >= from[r] && left <= to[r] && (st != STYLE_DIM || even))
            bits |= draw_braille_bit(0, r);
        if (right >= from[r] && right <= to[r] && (st != STYLE_DIM || !even))
            bits |= draw_braille_bit(1, r);
    }
    return bits;
}

/* Draws the first `rows` dot rows of a line, a cell at a time, from cell row first_row
 * on (0: from its top): each cell row gathers the spans of its four dot rows, and draws
 * only into its own cells. */
static void draw_line(const ViewCtx *c, const AllLayout *L, const Line *ln, int rows, int first_row)
{
    int y0 = 4 * L->line_top, y1 = 4 * (L->line_top + L->line_rows);   /* dot rows [y0, y1) */
    int end = y1 < y0 + rows ? y1 : y0 + rows;
    int start = y0 < 0 ? 0 : y0;
    if (start < 4 * first_row)
        start = 4 * first_row;
    for (int cy = start; cy < end; cy += 4) {
        int from[4], to[4], lo = INT_MAX, hi = INT_MIN;
        for (int r = 0; r < 4; r++) {
            from[r] = 1;
            to[r] = 0;   /* none */
            if (cy + r < end)
                line_span(L, ln, cy + r, &from[r], &to[r]);
            if (from[r] <= to[r]) {
                lo = from[r] < lo ? from[r] : lo;
                hi = to[r] > hi ? to[r] : hi;
            }
        }
        for (int col = (lo < 0 ? 0 : lo) / 2; lo <= hi && col <= hi / 2; col++) {
            int bits = cell_bits(from, to, col, cy, ln->style);
            if (bits)
                plot(c, L, col, cy / 4, bits, ln->style);
        }
    }
}

/* ---------------------------------------------------------------- the faded lines kept */

/* T × T lines of one head (a layered model's line, up to its context), or of two heads (lesson
 * 7's, on a sentence of at most 16 characters: fewer) */
#define ALL_MAX_LINES (MODEL_MAX_TOKENS * MODEL_MAX_TOKENS)
#define ALL_MAX_SELECTED (MODEL_MAX_TOKENS * 2)                /* the selected character's, two heads */

/* The faded lines of the last frame that drew them, and the cells they left. They do not
 * move while the selected character's lines grow, so a frame with the same faded lines in
 * the same place copies those cells instead of drawing T × T lines again. Everything the
 * cells depend on is in the key: the lines themselves (so a new trace with the same lines
 * draws the same), the area they are clipped to, and ASCII. While the selected character's
 * lines grow, the cell rows they have filled whole are kept over the faded ones too (a
 * cell row draws only into itself, so a later frame draws only the rows below). */
struct AllCache {
    Rect area;                    /* the lines' cells: the body's columns × the line rows */
    bool ascii;                   /* drawn in ASCII */
    int n_lines;                  /* faded lines kept, or -1 when nothing is kept */
    Line *lines;                  /* the faded lines, in the order they were drawn */
    int lines_cap;                /* lines allocated */
    Cell *cells;                  /* area.w × area.h cells, row-major, as those lines left them */
    size_t cap;                   /* cells allocated */
    int drawn;                    /* frames that drew the faded lines (the rest copied them) */
    int sel_rows;                 /* the area's first rows that also hold the selected lines whole
                                     (the rest hold the faded lines only); 0 after a new layer */
    int n_sel;                    /* the selected lines those rows hold (when sel_rows > 0) */
    Line sel[ALL_MAX_SELECTED];   /* them, in the order they were drawn */
};

AllCache *all_cache_new(void)
{
    AllCache *cache = calloc(1, sizeof *cache);
    if (cache)
        cache->n_lines = -1;
    return cache;
}

void all_cache_free(AllCache *cache)
{
    if (cache) {
        free(cache->cells);
        free(cache->lines);
    }
    free(cache);
}

int all_cache_drawn(const AllCache *cache)
{
    return cache ? cache->drawn : 0;
}

size_t all_cache_bytes(const AllCache *cache)
{
    return cache ? sizeof *cache + sizeof(Cell) * cache->cap + sizeof(Line) * (size_t)cache->lines_cap : 0;
}

static bool same_line(const Line *a, const Line *b)
{
    return a->top_left == b->top_left && a->bottom_left == b->bottom_left &&
           a->width == b->width && a->style == b->style;
}

static bool same_area(Rect a, Rect b)
{
    return a.x == b.x && a.y == b.y && a.w == b.w && a.h == b.h;
}

/* True when the cache holds the cells of exactly these lines in this area. */
static bool cache_holds(const AllCache *cache, Rect area, bool ascii, const Line *lines, int n)
{
    if (cache->n_lines != n || cache->ascii != ascii || !same_area(cache->area, area))
        return false;
    for (int i = 0; i < n; i++)
        if (!same_line(&cache->lines[i], &lines[i]))
            return false;
    return true;
}

/* Copies the area's rows first .. last-1 (from its top) between the grid and the kept cells. */
static void cache_copy_rows(Grid *g, AllCache *cache, bool to_grid, int first, int last)
{
    Rect a = cache->area;
    for (int y = first; y < last; y++) {
        Cell *row = &g->cells[(size_t)(a.y + y) * (size_t)g->w + (size_t)a.x];
        Cell *kept = &cache->cells[(size_t)y * (size_t)a.w];
        if (to_grid)
            memcpy(row, kept, sizeof(Cell) * (size_t)a.w);
        else
            memcpy(kept, row, sizeof(Cell) * (size_t)a.w);
    }
}

/* Keeps the cells these lines left in the area (nothing when they cannot be allocated). */
static void cache_keep(AllCache *cache, Grid *g, Rect area, bool ascii, const Line *lines, int n)
{
    size_t need = (size_t)area.w * (size_t)area.h;
    cache->n_lines = -1;
    if (need > cache->cap) {
        Cell *cells = realloc(cache->cells, sizeof(Cell) * need);
        if (!cells)
            return;
        cache->cells = cells;
        cache->cap = need;
    }
    if (n > cache->lines_cap) {
        Line *kept = realloc(cache->lines, sizeof *kept * (size_t)n);
        if (!kept)
            return;
        cache->lines = kept;
        cache->lines_cap = n;
    }
    cache->area = area;
    cache->ascii = ascii;
    if (n > 0)
        memcpy(cache->lines, lines, sizeof *lines * (size_t)n);
    cache->n_lines = n;
    cache->sel_rows = 0;
    cache_copy_rows(g, cache, false, 0, area.h);
}

/* The area the lines are drawn in: the body's columns of the line rows, inside the grid. */
static Rect lines_area(const ViewCtx *c, const AllLayout *L)
{
    int x0 = c->body.x < 0 ? 0 : c->body.x, y0 = L->line_top < 0 ? 0 : L->line_top;
    int x1 = c->body.x + c->body.w, y1 = L->line_top + L->line_rows;
    x1 = x1 > c->g->w ? c->g->w : x1;
    y1 = y1 > c->g->h ? c->g->h : y1;
    Rect r = { x0, y0, x1 > x0 ? x1 - x0 : 0, y1 > y0 ? y1 - y0 : 0 };
    return r;
}

/* ---------------------------------------------------------------- drawing the lines */

/* The other askers' lines, faded, in drawing order; returns how many. */
static int faded_lines(const ViewCtx *c, const AllLayout *L, Line *out)
{
    int n = 0;
    for (int t = 0; t < L->tokens; t++) {
        if (t == c->focus)
            continue;
        for (int k = 0; k < L->heads; k++) {
            int h = L->heads == 2 ? k : L->head;
            for (int s = 0; s < L->tokens; s++)
                if (engine_visible(c->tr, t, s))
                    out[n++] = line_of(c, L, k, h, t, s, false);
        }
    }
    return n;
}

/* The selected character's lines, in drawing order; returns how many. */
static int selected_lines(const ViewCtx *c, const AllLayout *L, Line *out)
{
    int n = 0;
    for (int k = 0; k < L->heads; k++) {
        int h = L->heads == 2 ? k : L->head;
        for (int s = 0; s < L->tokens; s++)
            if (engine_visible(c->tr, c->focus, s))
                out[n++] = line_of(c, L, k, h, c->focus, s, true);
    }
    return n;
}

/* The rows of area (from its top) that lines grown `rows` dot rows fill whole. */
static int whole_rows(const AllLayout *L, Rect area, int rows)
{
    int y0 = 4 * L->line_top, y1 = 4 * (L->line_top + L->line_rows);
    int end = y1 < y0 + rows ? y1 : y0 + rows;
    int whole = (end <= 0 ? 0 : end / 4) - area.y;
    return whole < 0 ? 0 : whole > area.h ? area.h : whole;
}

/* True when the kept rows with the selected lines are these lines' and no more than they
 * fill whole now. */
static bool cache_selected_fit(const AllCache *cache, const Line *sel, int n_sel, int whole)
{
    if (cache->sel_rows == 0)
        return true;
    if (cache->n_sel != n_sel || cache->sel_rows > whole)
        return false;
    for (int i = 0; i < n_sel; i++)
        if (!same_line(&cache->sel[i], &sel[i]))
            return false;
    return true;
}

/* The faded lines, whole: copied from the cache when it holds them, else drawn (the area
 * is blank before: nothing else of the view is drawn there first). Rows the cache holds
 * with the selected lines sel (grown `rows` dot rows) are copied with them; returns the
 * first cell row the selected lines still have to be drawn from (0: all of them). */
static int draw_faded(const ViewCtx *c, const AllLayout *L, const Line *sel, int n_sel, int rows)
{
    Line lines[ALL_MAX_LINES];
    int n = faded_lines(c, L, lines);
    AllCache *cache = c->cache;
    Rect area = lines_area(c, L);
    if (cache && cache_holds(cache, area, c->ascii, lines, n) &&
        cache_selected_fit(cache, sel, n_sel, whole_rows(L, area, rows))) {
        cache_copy_rows(c->g, cache, true, 0, area.h);
        return cache->sel_rows > 0 ? area.y + cache->sel_rows : 0;
    }
    for (int i = 0; i < n; i++)
        draw_line(c, L, &lines[i], 4 * L->line_rows, 0);
    if (cache) {
        cache->drawn++;
        cache_keep(cache, c->g, area, c->ascii, lines, n);
    }
    return 0;
}

/* Keeps the rows the selected lines now fill whole (over the kept faded layer). */
static void keep_selected(const ViewCtx *c, const AllLayout *L, const Line *sel, int n_sel, int rows)
{
    AllCache *cache = c->cache;
    if (!cache || cache->n_lines < 0)
        return;
    int whole = whole_rows(L, cache->area, rows);
    if (whole <= cache->sel_rows)
        return;
    cache_copy_rows(c->g, cache, false, cache->sel_rows, whole);
    cache->sel_rows = whole;
    cache->n_sel = n_sel;
    memcpy(cache->sel, sel, sizeof *sel * (size_t)n_sel);
}

/* Reports a line as a shape (arcs_geometry.h) for the SVG writer: from its place in its
 * asker's bundle at the picture's scale to its target's centre, with its share (its
 * terminal width all_thickness's rule without rounding). */
static void report_line(const ViewCtx *c, const AllLayout *L, const Line *ln, int k, int h, int t, int s,
                        bool selected)
{
    double share = TRACE_HSQ(c->tr, weights, h, t, s);
    int wmax = selected ? L->wmax : all_faded_wmax(L->wmax);
    /* the picture's scale: an asker's lines (its heads' side by side) leave as one bundle
       as wide as its slot, each where the shares before it end */
    double bundle = 2.0 * L->pitch / L->heads / (selected ? 1 : ALL_FADED_RATIO);
    double before = engine_share_of(c->tr, h, t, (1u << s) - 1u);
    double x0 = slot_centre(L, t) - L->heads * bundle / 2.0 + k * bundle + (before + share / 2.0) * bundle;
    double half_w = (ln->width - 1) / 2.0;
    GeomShape g = { .kind = GEOM_LINE, .x0 = x0, .y0 = 4 * L->line_top,
                    .x1 = ln->bottom_left + half_w, .y1 = 4 * (L->line_top + L->line_rows) - 1,
                    .lead = 3, .width = 1.0 + share * (wmax - 1), .share = share, .style = (int)ln->style,
                    .thinner = selected ? 1 : ALL_FADED_RATIO };
    arcs_geometry_add(c->g->vectors, &g);
}

/* Every line as a shape: the faded ones, then the selected character's. */
static void report_lines(const ViewCtx *c, const AllLayout *L)
{
    Rect area = lines_area(c, L);
    arcs_geometry_area(c->g->vectors, area.x, area.y, area.w, area.h);
    arcs_geometry_scale(c->g->vectors, 2.0 * L->pitch / L->heads, 1.0);
    for (int pass = 0; pass < 2; pass++)
        for (int t = 0; t < L->tokens; t++) {
            if ((t == c->focus) != (pass == 1))
                continue;
            for (int k = 0; k < L->heads; k++) {
                int h = L->heads == 2 ? k : L->head;
                for (int s = 0; s < L->tokens; s++)
                    if (engine_visible(c->tr, t, s)) {
                        Line ln = line_of(c, L, k, h, t, s, pass == 1);
                        report_line(c, L, &ln, k, h, t, s, pass == 1);
                    }
            }
        }
}

/* Every line: the other askers' faded first, then the selected character's, growing
 * downwards while its transition runs. */
static void draw_lines(const ViewCtx *c, const AllLayout *L)
{
    if (c->g->vectors)
        report_lines(c, L);
    Line sel[ALL_MAX_SELECTED] = { { 0 } };
    int n_sel = selected_lines(c, L, sel);
    int grown = (int)lround(c->progress * 4 * L->line_rows);
    int first_row = draw_faded(c, L, sel, n_sel, grown);
    for (int i = 0; i < n_sel; i++)
        draw_line(c, L, &sel[i], grown, first_row);
    keep_selected(c, L, sel, n_sel, grown);
}

/* ---------------------------------------------------------------- text */

static void draw_sentences(const ViewCtx *c, const AllLayout *L)
{
    for (int t = 0; t < L->tokens; t++) {
        Style st = t == c->focus ? STYLE_FOCUS : STYLE_TOKEN;
        const char *label = draw_tok(c, t, L->pitch - 1);   /* brief when the slots are narrow */
        grid_put_text(c->g, L->tok_x[t], L->top_row, label, st);
        grid_put_text(c->g, L->tok_x[t], L->bottom_row, label, STYLE_TOKEN);
    }
    if (L->label_x < 0)
        return;
    grid_put_text(c->g, L->label_x, L->top_row, SAY(c, ALL_ASKS_EN, ALL_ASKS_ZH), STYLE_DIM);
    grid_put_text(c->g, L->label_x, L->bottom_row, SAY(c, ALL_SEEN_EN, ALL_SEEN_ZH), STYLE_DIM);
}

static void draw_notes(const ViewCtx *c, const AllLayout *L)
{
    const char *notes[ALL_MAX_NOTES];
    all_notes(c, L->label_x >= 0, notes);
    for (int i = 0; i < L->notes; i++) {
        if (notes[i] != all_legend) {
            draw_centred(c->g, c->body.x, L->note_row + i, c->body.w, notes[i],
                         i == 0 ? STYLE_BOLD : STYLE_DIM);
            continue;
        }
        ViewCtx measure = { .gl = c->gl, .lang = c->lang, .ascii = c->ascii };
        int limit = c->body.x + c->body.w;
        int w = ramp_legend_share(&measure, c->body.x, L->note_row + i, limit, RAMP_MARK_LINE);
        ramp_legend_share(c, c->body.x + (c->body.w - w) / 2, L->note_row + i, limit, RAMP_MARK_LINE);
    }
}

/* The selected character's shares under the characters looked at, one row per head drawn
 * (alternating between two rows when the slots are narrow). */
static void draw_shares(const ViewCtx *c, const AllLayout *L)
{
    if (!c->numbers)
        return;
    int per_head = L->staggered ? 2 : 1;
    char buf[FORMAT_BYTES], label[32];
    for (int k = 0; k < L->heads; k++) {
        int h = L->heads == 2 ? k : L->head;
        int strongest = engine_strongest(c->tr, h, c->focus);
        int free_from[2] = { c->body.x, c->body.x };
        if (L->label_x >= 0) {
            if (L->heads == 2)
                snprintf(label, sizeof label, SAY(c, "head %d", "头 %d"), h + 1);
            else
                snprintf(label, sizeof label, "%s", SAY(c, "share", "百分比"));
            grid_put_text(c->g, L->label_x, L->number_row + k * per_head, label, STYLE_DIM);
        }
        for (int s = 0; s < L->tokens; s++) {
            bool visible = engine_visible(c->tr, c->focus, s);
            format_percent(buf, sizeof buf, visible ? TRACE_HSQ(c->tr, weights, h, c->focus, s) : 0.0);
            int lane = L->staggered ? s % 2 : 0;
            int y = L->number_row + k * per_head + lane;
            int lw = text_width(buf);
            int x = (2 * L->tok_x[s] + L->tok_w[s] - lw) / 2;
            if (x < free_from[lane] || x + lw > c->body.x + c->body.w)
                continue;
            Style st = !visible ? STYLE_DIM : L->heads == 2 ? forward_style(L, h, 0.0)
                     : s == strongest ? STYLE_BOLD : STYLE_NORMAL;
            grid_put_text(c->g, x, y, buf, st);
            free_from[lane] = x + lw + 1;
        }
    }
}

/* "加, then 三, ?, 五" — the visible characters in the order of t's shares in head h, as
 * many as fit in `cols` columns (then "…"). */
static void order_words(const ViewCtx *c, int h, int t, int cols, char *buf, size_t cap)
{
    int order[MODEL_MAX_TOKENS];
    engine_share_order(c->tr, h, t, order);
    buf[0] = '\0';
    int n = 0, room = cols - text_width(c->gl->ellipsis) - 1;
    for (int i = 0; i < c->tr->T; i++) {
        if (!engine_visible(c->tr, t, order[i]))
            continue;
        const char *sep = n == 0 ? "" : n == 1 ? SAY(c, ", then ", "，然后依次是") : SAY(c, ", ", "");
        char item[64];
        snprintf(item, sizeof item, SAY(c, "%s%s", "%s「%s」"), sep, c->tok[order[i]]);
        if (n > 0 && text_width(buf) + text_width(item) > room) {
            draw_append(buf, cap, " %s", c->gl->ellipsis);
            return;
        }
        draw_append(buf, cap, "%s", item);
        n++;
    }
}

/* What the selected character does, in words in the shares' real order. */
static void draw_caption(const ViewCtx *c, const AllLayout *L)
{
    const Trace *tr = c->tr;
    const char *f = c->tok[c->focus];
    char line[512], words[256];
    if (L->heads == 2) {
        snprintf(line, sizeof line, SAY(c, "%s: the first head looks most at %s, the second at %s",
                                        "「%s」：第一个头看「%s」最多，第二个头看「%s」最多"),
                 f, c->tok[engine_strongest(tr, 0, c->focus)], c->tok[engine_strongest(tr, 1, c->focus)]);
    } else if (c->focus == 0 && tr->mask == MASK_CAUSAL) {
        snprintf(line, sizeof line, SAY(c, "%s can only look at itself", "「%s」只能看它自己"), f);
    } else {
        snprintf(line, sizeof line, SAY(c, "%s looks most at ", "「%s」看得最多的是"), f);
        order_words(c, L->head, c->focus, c->body.w - 2 - text_width(line), words, sizeof words);
        draw_append(line, sizeof line, "%s", words);
    }
    draw_centred(c->g, c->body.x, L->caption_row, c->body.w, line, STYLE_NORMAL);
}

/* ---------------------------------------------------------------- the view */

static void all_view_draw(const ViewCtx *c)
{
    AllLayout L;
    all_layout(c, &L);
    draw_notes(c, &L);
    draw_lines(c, &L);
    draw_sentences(c, &L);
    draw_shares(c, &L);
    draw_caption(c, &L);
}

/* A click on a character, in either row, selects it. */
static bool all_view_hit(const ViewCtx *c, int x, int y, Action *action, int *arg)
{
    AllLayout L;
    all_layout(c, &L);
    if (y != L.top_row && y != L.bottom_row)
        return false;
    for (int t = 0; t < L.tokens; t++)
        if (x >= L.tok_x[t] && x < L.tok_x[t] + L.tok_w[t]) {
            *action = ACTION_FOCUS_N;
            *arg = t;
            return true;
        }
    return false;
}

static const ViewHint all_hints[] = {
    { { ACTION_PLAY,       ACTION_NONE,       "play",   "播放" }, VIEW_AT_EVERY, false },
    { { ACTION_FOCUS_PREV, ACTION_FOCUS_NEXT, "choose", "选字" }, VIEW_AT_EVERY, false },
    { { ACTION_NONE,       ACTION_NONE,       NULL,     NULL }, VIEW_AT_EVERY, false },
};

/* The frames' cache of the view (AllCache): made and freed through the view's row. */
static void *all_view_cache_new(void)
{
    return all_cache_new();
}

static void all_view_cache_free(void *cache)
{
    all_cache_free(cache);
}

const ViewOps view_all = {
    .name = "all",
    .tab_en = "all", .tab_zh = "开场",
    .title_en = "everyone looks at once", .title_zh = "所有字一起看",
    .help_en = ALL_SAYING_EN,
    .help_zh = ALL_SAYING_ZH,
    .station_en = "Station 0, the opening picture: all six characters look at each other at once.\n"
                  "Each line runs from the character asking to the one it looks at; the thicker the line,\n"
                  "the bigger the share. Hide the numbers and only the thickness is left.",
    .station_zh = "第 0 站，开场画面：一句话里的字同时互相「看一眼」。\n"
                  "每条线从提问的字连到被看的字；线越粗，说明那个字被看得越多。\n"
                  "把数字藏起来，就只剩线的粗细。",
    .track = TRACK_FOCUS,
    .stages = false,
    .about = "the opening picture: every character looking at every other at once; lines as thick as the share",
    .draw = all_view_draw,
    .hit = all_view_hit,
    .cache_new = all_view_cache_new,
    .cache_free = all_view_cache_free,
    .keys = NULL,
    .hints = all_hints,
};
