/* view_all.c — the lesson's opening picture: every character looks at every other at once.
 * A placeholder until the view is built: it names itself.
 * Must not touch: ncurses, the clock, the engine's arithmetic. */
#include "draw.h"
#include "view.h"

static void all_view_draw(const ViewCtx *c)
{
    draw_centred(c->g, c->body.x, c->body.y + c->body.h / 2, c->body.w,
                 SAY(c, "everyone looks at once", "所有字一起看"), STYLE_BOLD);
}

const ViewOps view_all = {
    .name = "all",
    .tab_en = "all", .tab_zh = "全体",
    .title_en = "everyone looks at once", .title_zh = "所有字一起看",
    .track = TRACK_FOCUS,
    .stages = false,
    .draw = all_view_draw,
};
