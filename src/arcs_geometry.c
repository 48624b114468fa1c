/* arcs_geometry.c — the list of vector shapes a frame's arcs and lines report (svg.c reads it).
 * Owns: adding to that list. Must not touch: the views' drawing, the grid's cells. */
#include "arcs_geometry.h"

void arcs_geometry_add(ArcsGeometry *g, const GeomShape *s)
{
    if (g->count < ARCS_GEOMETRY_MAX)
        g->shapes[g->count++] = *s;
}

void arcs_geometry_scale(ArcsGeometry *g, double gap, double widest)
{
    g->gap = gap;
    if (widest > g->widest)
        g->widest = widest;
}

void arcs_geometry_area(ArcsGeometry *g, int x, int y, int w, int h)
{
    g->area_x = x;
    g->area_y = y;
    g->area_w = w > 0 ? w : 0;
    g->area_h = h > 0 ? h : 0;
}
