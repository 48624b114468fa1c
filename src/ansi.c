/* ansi.c — a Grid as text with ANSI SGR escapes: both colours of every style from the
 * palette's 256-colour columns, attributes as bold (1), dim (2).
 * Owns: the escape sequences. Must not touch: ncurses, the grid's contents. */
#include "ansi.h"

#include "palette.h"

void ansi_style_sgr(Theme t, Style s, char *buf, size_t cap)
{
    const StyleLook *look = palette_look(t, s);
    size_t used = (size_t)snprintf(buf, cap, "\033[0");
    if (look->rich & PALETTE_BOLD)
        used += (size_t)snprintf(buf + used, cap - used, ";1");
    if (look->rich & PALETTE_DIM)
        used += (size_t)snprintf(buf + used, cap - used, ";2");
    used += (size_t)snprintf(buf + used, cap - used, ";38;5;%d;48;5;%d", look->fg256, look->bg256);
    snprintf(buf + used, cap - used, "m");
}

int ansi_write_grid(FILE *out, const Grid *g, Theme t)
{
    char sgr[64];
    for (int y = 0; y < g->h; y++) {
        int current = -1;
        for (int x = 0; x < g->w; x++) {
            const Cell *c = grid_cell(g, x, y);
            if (c->width == 0)
                continue;
            if (c->style != current) {
                ansi_style_sgr(t, (Style)c->style, sgr, sizeof sgr);
                fputs(sgr, out);
                current = c->style;
            }
            fputs(c->glyph[0] ? c->glyph : " ", out);
        }
        fputs(current >= 0 ? "\033[0m\n" : "\n", out);
    }
    return ferror(out) ? -1 : 0;
}
