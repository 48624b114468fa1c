/* ansi.c — a Grid as text with ANSI SGR escapes: colours from the palette's 256-colour
 * column, attributes as bold (1), dim (2), reverse (7).
 * Owns: the escape sequences. Must not touch: ncurses, the grid's contents. */
#include "ansi.h"

#include <string.h>
#include "palette.h"

void ansi_style_sgr(Style s, char *buf, size_t cap)
{
    const StyleLook *look = palette_look(s);
    size_t used = (size_t)snprintf(buf, cap, "\033[0");
    if (look->rich & PALETTE_BOLD)
        used += (size_t)snprintf(buf + used, cap - used, ";1");
    if (look->rich & PALETTE_DIM)
        used += (size_t)snprintf(buf + used, cap - used, ";2");
    if (look->rich & PALETTE_REVERSE)
        used += (size_t)snprintf(buf + used, cap - used, ";7");
    if (look->fg256 >= 0)
        used += (size_t)snprintf(buf + used, cap - used, ";38;5;%d", look->fg256);
    if (look->bg >= 0)
        used += (size_t)snprintf(buf + used, cap - used, ";4%d", look->bg);
    snprintf(buf + used, cap - used, "m");
}

/* One past the last column of row y that is not a plain blank. */
static int ansi_row_end(const Grid *g, int y)
{
    int end = g->w;
    while (end > 0) {
        const Cell *c = grid_cell(g, end - 1, y);
        if (c->width != 1 || strcmp(c->glyph, " ") != 0 || c->style != STYLE_NORMAL)
            break;
        end--;
    }
    return end;
}

int ansi_write_grid(FILE *out, const Grid *g)
{
    char sgr[64];
    for (int y = 0; y < g->h; y++) {
        int end = ansi_row_end(g, y), current = -1;
        for (int x = 0; x < end; x++) {
            const Cell *c = grid_cell(g, x, y);
            if (c->width == 0)
                continue;
            if (c->style != current) {
                ansi_style_sgr((Style)c->style, sgr, sizeof sgr);
                fputs(sgr, out);
                current = c->style;
            }
            fputs(c->glyph[0] ? c->glyph : " ", out);
        }
        fputs(current >= 0 ? "\033[0m\n" : "\n", out);
    }
    return ferror(out) ? -1 : 0;
}
