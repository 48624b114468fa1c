/* svg.c — writes a grid of cells as SVG: runs of text as <text> (selectable, searchable,
 * with a font list that finds a CJK font), each Style's colour from the palette (its
 * 256-colour number as RGB), shade and bar glyphs as rectangles, box and rule glyphs as
 * lines, braille dots as small circles, except where the arcs and the all view's lines are
 * (Grid.vectors): those are vector paths whose stroke width is the share. Deterministic: no clock, no locale, fixed formats.
 * Owns: the SVG's text. Must not touch: the grid's contents, the palette's table. */
#include "svg.h"

#include "arcs_geometry.h"
#include "format.h"
#include "palette.h"

#include <string.h>

#define SVG_FONT_PX 13.333   /* 0.6 em of it is SVG_CELL_W: a monospace font fills each cell */
#define SVG_BASELINE 12      /* pixels from a row's top to the text's baseline */
#define SVG_DOT_R 1.3        /* radius of a braille dot */
#define SVG_RULE_W 1.2       /* stroke width of box and rule lines */
#define SVG_FONTS "'DejaVu Sans Mono', 'Noto Sans Mono CJK SC', 'Noto Sans CJK SC', " \
                  "'WenQuanYi Zen Hei Mono', 'WenQuanYi Micro Hei Mono', 'Sarasa Mono SC', monospace"

/* ---------------------------------------------------------------- colours */

/* "#rrggbb" of xterm's colour n into buf (8 bytes). */
static void svg_colour256(int n, char *buf)
{
    int r, g, b;
    palette_rgb(n, &r, &g, &b);
    snprintf(buf, 8, "#%02x%02x%02x", r & 255, g & 255, b & 255);
}

/* How much thicker than the share's own width lines are drawn: the contrast theme, for a
 * projector, draws them thick. */
static double svg_stroke_scale(Theme theme)
{
    return theme == THEME_CONTRAST ? 1.8 : 1.0;
}

/* How one style is painted: its text colour, its background (or ""), weight, opacity. */
typedef struct {
    char fg[8];      /* text and shape colour */
    char bg[8];      /* the cell's background, "" for none */
    bool bold;       /* bold text */
    bool dim;        /* faint: drawn at 60 % opacity */
} SvgLook;

static SvgLook svg_look(Style s, Theme theme)
{
    const StyleLook *l = palette_look(theme, s);
    SvgLook k = { .bold = (l->rich & PALETTE_BOLD) != 0, .dim = (l->rich & PALETTE_DIM) != 0 };
    svg_colour256(l->fg256, k.fg);
    if (l->bg256 != palette_look(theme, STYLE_NORMAL)->bg256)   /* the page's own: no rect */
        svg_colour256(l->bg256, k.bg);
    return k;
}

/* ---------------------------------------------------------------- glyphs as shapes */

/* Box and rule glyphs: which of left, right, up, down each joins (bits 1, 2, 4, 8). */
static int svg_box_arms(const char *g)
{
    static const struct { const char *glyph; int arms; } boxes[] = {
        { "─", 3 }, { "━", 3 }, { "═", 3 }, { "│", 12 }, { "┃", 12 }, { "║", 12 },
        { "┌", 10 }, { "╭", 10 }, { "┐", 9 }, { "╮", 9 }, { "└", 6 }, { "╰", 6 },
        { "┘", 5 }, { "╯", 5 }, { "├", 14 }, { "┤", 13 }, { "┬", 11 }, { "┴", 7 }, { "┼", 15 },
    };
    for (size_t i = 0; i < sizeof boxes / sizeof boxes[0]; i++)
        if (strcmp(boxes[i].glyph, g) == 0)
            return boxes[i].arms;
    return 0;
}

/* A shade (░▒▓█: 1-4 quarters of opacity) or a bar's eighth blocks (▁-▇ rising from the
 * bottom, ▏-▉ growing from the left). Fills *x0, *y0, *w, *h in eighths of a cell and
 * *alpha in quarters. Returns false for other glyphs. */
static bool svg_block(const char *g, int *x0, int *y0, int *w, int *h, int *alpha)
{
    static const char *const shades[] = { "░", "▒", "▓", "█" };
    static const char *const lower[] = { "▁", "▂", "▃", "▄", "▅", "▆", "▇" };
    static const char *const left[] = { "▏", "▎", "▍", "▌", "▋", "▊", "▉" };
    *x0 = 0; *y0 = 0; *w = 8; *h = 8; *alpha = 4;
    for (int i = 0; i < 4; i++)
        if (strcmp(g, shades[i]) == 0) {
            *alpha = i + 1;
            return true;
        }
    for (int i = 0; i < 7; i++) {
        if (strcmp(g, lower[i]) == 0) {
            *h = i + 1;
            *y0 = 8 - *h;
            return true;
        }
        if (strcmp(g, left[i]) == 0) {
            *w = i + 1;
            return true;
        }
    }
    return false;
}

/* The braille dots of a glyph U+2800..U+28FF (its low byte), or -1. */
static int svg_braille(const char *g)
{
    const unsigned char *u = (const unsigned char *)g;
    if (u[0] == 0xE2 && (u[1] == 0xA0 || u[1] == 0xA1 || u[1] == 0xA2 || u[1] == 0xA3) && u[2])
        return ((u[1] - 0xA0) << 6) | (u[2] & 0x3F);
    return -1;
}

/* ---------------------------------------------------------------- arcs and lines */

#define SVG_DOT_PX 4.0   /* a braille dot's pitch in pixels, across and down (8 / 2, 16 / 4) */

/* Pixel coordinate of dot column or row d (the centre of the dot). */
static double svg_dot(double d)
{
    return d * SVG_DOT_PX + SVG_DOT_PX / 2.0;
}

/* True when column x of row y is one the shapes stand for. */
static bool svg_in_vectors(const Grid *g, int x, int y)
{
    const ArcsGeometry *v = g->vectors;
    return v && v->count > 0 && x >= v->area_x && x < v->area_x + v->area_w && y >= v->area_y &&
           y < v->area_y + v->area_h;
}

/* The arcs and lines as paths: an arc a half-ellipse, a line straight, an S (a cubic
 * Bézier with the smoothstep's vertical ends), straight again. */
static void svg_vectors(FILE *f, const Grid *g, Theme theme)
{
    const ArcsGeometry *v = g->vectors;
    if (!v)
        return;
    int order[ARCS_GEOMETRY_MAX];   /* lines as drawn; arcs widest first, so thin ones stay seen */
    for (int i = 0; i < v->count; i++) {
        int j = i;
        for (; j > 0 && v->shapes[i].kind == GEOM_ARC &&
               v->shapes[order[j - 1]].width < v->shapes[i].width; j--)
            order[j] = order[j - 1];
        order[j] = i;
    }
    for (int i = 0; i < v->count; i++) {
        const GeomShape *s = &v->shapes[order[i]];
        SvgLook k = svg_look((Style)s->style, theme);
        double x0 = svg_dot(s->x0), y0 = svg_dot(s->y0), x1 = svg_dot(s->x1), y1 = svg_dot(s->y1);
        if (s->kind == GEOM_ARC) {
            format_c_fprintf(f, "<path class=\"arc\" d=\"M%.2f %.2fA%.2f %.2f 0 0 %d %.2f %.2f\"", x0, y0,
                    (x1 > x0 ? x1 - x0 : x0 - x1) / 2.0, s->height * SVG_DOT_PX, x1 > x0 ? 1 : 0, x1, y1);
        } else {
            double ya = y0 + s->lead * SVG_DOT_PX, yb = y1 - s->lead * SVG_DOT_PX;
            format_c_fprintf(f, "<path class=\"line\" d=\"M%.2f %.2fV%.2fC%.2f %.2f %.2f %.2f %.2f %.2fV%.2f\"",
                    x0, y0, ya, x0, ya + (yb - ya) / 3.0, x1, ya + 2.0 * (yb - ya) / 3.0, x1, yb, y1);
        }
        format_c_fprintf(f, " fill=\"none\" stroke=\"%s\" stroke-width=\"%.3f\"%s/>\n", k.fg,
                s->width * SVG_DOT_PX * svg_stroke_scale(theme), k.dim ? " opacity=\"0.6\"" : "");
    }
}

/* True when a cell is drawn as a shape, not text. */
static bool svg_is_shape(const Cell *c)
{
    int a, b, w, h, alpha;
    return svg_box_arms(c->glyph) || svg_block(c->glyph, &a, &b, &w, &h, &alpha) ||
           svg_braille(c->glyph) >= 0;
}

/* ---------------------------------------------------------------- writing */

/* Writes s with XML's five specials escaped and control characters left out. */
static void svg_text_escaped(FILE *f, const char *s)
{
    for (; *s; s++) {
        unsigned char ch = (unsigned char)*s;
        if (ch == '&') fputs("&amp;", f);
        else if (ch == '<') fputs("&lt;", f);
        else if (ch == '>') fputs("&gt;", f);
        else if (ch == '"') fputs("&quot;", f);
        else if (ch == '\'') fputs("&apos;", f);
        else if (ch >= 0x20 && ch != 0x7F) fputc(ch, f);
    }
}

/* The backgrounds of cells whose style has one other than the page's, one rectangle per run of a style. */
static void svg_backgrounds(FILE *f, const Grid *g, Theme theme)
{
    for (int y = 0; y < g->h; y++)
        for (int x = 0; x < g->w;) {
            const Cell *c = grid_cell(g, x, y);
            SvgLook k = svg_look((Style)c->style, theme);
            int n = 1;
            while (x + n < g->w && grid_cell(g, x + n, y)->style == c->style)
                n++;
            if (k.bg[0])
                format_c_fprintf(f, "<rect x=\"%d\" y=\"%d\" width=\"%d\" height=\"%d\" fill=\"%s\"/>\n",
                        x * SVG_CELL_W, y * SVG_CELL_H, n * SVG_CELL_W, SVG_CELL_H, k.bg);
            x += n;
        }
}

/* One cell drawn as a shape in the colour of its style. */
static void svg_shape(FILE *f, const Cell *c, int x, int y, const SvgLook *k, Theme theme)
{
    int px = x * SVG_CELL_W, py = y * SVG_CELL_H, arms = svg_box_arms(c->glyph);
    int bx, by, bw, bh, alpha, dots = svg_braille(c->glyph);
    const char *opacity = k->dim ? " opacity=\"0.6\"" : "";
    if (arms) {
        double cx = px + SVG_CELL_W / 2.0, cy = py + SVG_CELL_H / 2.0;
        format_c_fprintf(f, "<path d=\"");
        if (arms & 1) format_c_fprintf(f, "M%d %.1fH%.1f", px, cy, cx);
        if (arms & 2) format_c_fprintf(f, "M%.1f %.1fH%d", cx, cy, px + SVG_CELL_W);
        if (arms & 4) format_c_fprintf(f, "M%.1f %dV%.1f", cx, py, cy);
        if (arms & 8) format_c_fprintf(f, "M%.1f %.1fV%d", cx, cy, py + SVG_CELL_H);
        format_c_fprintf(f, "\" stroke=\"%s\" stroke-width=\"%.1f\" fill=\"none\"%s/>\n", k->fg,
                SVG_RULE_W * svg_stroke_scale(theme), opacity);
    } else if (svg_block(c->glyph, &bx, &by, &bw, &bh, &alpha)) {
        format_c_fprintf(f, "<rect x=\"%d\" y=\"%d\" width=\"%d\" height=\"%d\" fill=\"%s\" fill-opacity=\"%.2f\"%s/>\n",
                px + bx * SVG_CELL_W / 8, py + by * SVG_CELL_H / 8, bw * SVG_CELL_W / 8,
                bh * SVG_CELL_H / 8, k->fg, alpha / 4.0, opacity);
    } else if (dots > 0) {
        /* braille bits: 0-2 and 6 the left column top to bottom, 3-5 and 7 the right */
        static const int col[8] = { 0, 0, 0, 1, 1, 1, 0, 1 }, row[8] = { 0, 1, 2, 0, 1, 2, 3, 3 };
        format_c_fprintf(f, "<path fill=\"%s\"%s d=\"", k->fg, opacity);
        for (int b = 0; b < 8; b++)
            if (dots & (1 << b)) {
                double cx = px + 2.0 + 4.0 * col[b], cy = py + 2.0 + 4.0 * row[b];
                format_c_fprintf(f, "M%.1f %.1fa%.1f %.1f 0 1 0 %.1f 0a%.1f %.1f 0 1 0 %.1f 0", cx - SVG_DOT_R, cy,
                        SVG_DOT_R, SVG_DOT_R, 2 * SVG_DOT_R, SVG_DOT_R, SVG_DOT_R, -2 * SVG_DOT_R);
            }
        fputs("\"/>\n", f);
    }
}

/* A run of text cells of one style and one width from column x of row y: its glyphs in one
 * <text>, letter-spaced so that each glyph keeps its cell. Returns the columns it covers. */
static int svg_text_run(FILE *f, const Grid *g, int x, int y, Theme theme)
{
    const Cell *first = grid_cell(g, x, y);
    int width = first->width ? first->width : 1, n = 0, last = 0;
    /* the run: same style, same width, no shape; blanks inside it are kept */
    while (x + n < g->w) {
        const Cell *c = grid_cell(g, x + n, y);
        if (c->style != first->style || svg_is_shape(c) || (c->width && c->width != width))
            break;
        if (c->width && strcmp(c->glyph, " ") != 0)
            last = n + c->width;
        n += c->width ? c->width : 1;
    }
    if (last == 0)
        return n ? n : 1;
    SvgLook k = svg_look((Style)first->style, theme);
    double spacing = width * SVG_CELL_W - (width == 2 ? SVG_FONT_PX : 0.6 * SVG_FONT_PX);
    format_c_fprintf(f, "<text x=\"%d\" y=\"%d\" fill=\"%s\"", x * SVG_CELL_W, y * SVG_CELL_H + SVG_BASELINE, k.fg);
    if (k.bold) fputs(" font-weight=\"bold\"", f);
    if (k.dim) fputs(" opacity=\"0.6\"", f);
    if (width == 2) format_c_fprintf(f, " letter-spacing=\"%.3f\"", spacing);
    fputs(">", f);
    for (int i = 0; i < last;) {
        const Cell *c = grid_cell(g, x + i, y);
        if (c->width)
            svg_text_escaped(f, c->glyph[0] ? c->glyph : " ");
        i += c->width ? c->width : 1;
    }
    fputs("</text>\n", f);
    return last;
}

int svg_write(FILE *f, const Grid *g, const char *title, Theme theme)
{
    char page[8];
    svg_colour256(palette_look(theme, STYLE_NORMAL)->bg256, page);
    int W = g->w * SVG_CELL_W, H = g->h * SVG_CELL_H;
    format_c_fprintf(f, "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n"
               "<svg xmlns=\"http://www.w3.org/2000/svg\" version=\"1.1\" width=\"%d\" height=\"%d\" "
               "viewBox=\"0 0 %d %d\">\n<title>", W, H, W, H);
    svg_text_escaped(f, title);
    format_c_fprintf(f, "</title>\n<rect width=\"%d\" height=\"%d\" fill=\"%s\"/>\n", W, H, page);
    svg_backgrounds(f, g, theme);
    svg_vectors(f, g, theme);
    format_c_fprintf(f, "<g font-family=\"%s\" font-size=\"%.3f\" xml:space=\"preserve\">\n", SVG_FONTS, SVG_FONT_PX);
    for (int y = 0; y < g->h; y++)
        for (int x = 0; x < g->w;) {
            const Cell *c = grid_cell(g, x, y);
            if (svg_braille(c->glyph) >= 0 && svg_in_vectors(g, x, y)) {
                x++;   /* the arc or line's own dots: the path above draws it */
            } else if (svg_is_shape(c)) {
                SvgLook k = svg_look((Style)c->style, theme);
                svg_shape(f, c, x, y, &k, theme);
                x += c->width ? c->width : 1;
            } else {
                x += svg_text_run(f, g, x, y, theme);
            }
        }
    fputs("</g>\n</svg>\n", f);
    return ferror(f) ? -1 : 0;
}
