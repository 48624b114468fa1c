/* view_summary.c — station 9: the lesson in a screen.
 * A placeholder until the view is built: it names itself.
 * Must not touch: ncurses, the clock, the engine's arithmetic. */
#include "draw.h"
#include "view.h"

static void summary_view_draw(const ViewCtx *c)
{
    draw_centred(c->g, c->body.x, c->body.y + c->body.h / 2, c->body.w,
                 SAY(c, "the summary", "总结"), STYLE_BOLD);
}

const ViewOps view_summary = {
    .name = "summary",
    .tab_en = "summary", .tab_zh = "总结",
    .title_en = "the summary", .title_zh = "总结",
    .track = TRACK_NONE,
    .stages = false,
    .draw = summary_view_draw,
};
