/* view_scale.c — station 3: the demo's 192 numbers against a real model.
 * A placeholder until the view is built: it names itself.
 * Must not touch: ncurses, the clock, the engine's arithmetic. */
#include "draw.h"
#include "view.h"

static void scale_view_draw(const ViewCtx *c)
{
    draw_centred(c->g, c->body.x, c->body.y + c->body.h / 2, c->body.w,
                 SAY(c, "a real model's sizes", "真实模型有多大"), STYLE_BOLD);
}

const ViewOps view_scale = {
    .name = "scale",
    .tab_en = "scale", .tab_zh = "真实规模",
    .title_en = "a real model's sizes", .title_zh = "真实模型有多大",
    .track = TRACK_NONE,
    .stages = false,
    .draw = scale_view_draw,
};
