/* view_similarity.c — station 2: three troubles with the similarity table.
 * A placeholder until the view is built: it names itself.
 * Must not touch: ncurses, the clock, the engine's arithmetic. */
#include "draw.h"
#include "view.h"

static void similarity_view_draw(const ViewCtx *c)
{
    draw_centred(c->g, c->body.x, c->body.y + c->body.h / 2, c->body.w,
                 SAY(c, "why \"who is like me\" is not enough", "为什么「谁像我」不够"), STYLE_BOLD);
}

const ViewOps view_similarity = {
    .name = "similarity",
    .tab_en = "similarity", .tab_zh = "相似度",
    .title_en = "why \"who is like me\" is not enough", .title_zh = "为什么「谁像我」不够",
    .track = TRACK_NONE,
    .stages = false,
    .draw = similarity_view_draw,
};
