/* view_sqrtd.c — station 5's machine: why scores are divided by √d.
 * A placeholder until the view is built: it names itself.
 * Must not touch: ncurses, the clock, the engine's arithmetic. */
#include "draw.h"
#include "view.h"

static void sqrtd_view_draw(const ViewCtx *c)
{
    draw_centred(c->g, c->body.x, c->body.y + c->body.h / 2, c->body.w,
                 SAY(c, "why divide by √d", "为什么要除以 √d"), STYLE_BOLD);
}

const ViewOps view_sqrtd = {
    .name = "sqrtd",
    .tab_en = "√d", .tab_zh = "√d",
    .title_en = "why divide by √d", .title_zh = "为什么要除以 √d",
    .track = TRACK_NONE,
    .stages = false,
    .draw = sqrtd_view_draw,
};
