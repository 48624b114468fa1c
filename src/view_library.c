/* view_library.c — station 1: the library analogy of query, key and value.
 * A placeholder until the view is built: it names itself.
 * Must not touch: ncurses, the clock, the engine's arithmetic. */
#include "draw.h"
#include "view.h"

static void library_view_draw(const ViewCtx *c)
{
    draw_centred(c->g, c->body.x, c->body.y + c->body.h / 2, c->body.w,
                 SAY(c, "a library: query, key, value", "图书馆：检索词、名牌、内容"), STYLE_BOLD);
}

const ViewOps view_library = {
    .name = "library",
    .tab_en = "library", .tab_zh = "图书馆",
    .title_en = "a library: query, key, value", .title_zh = "图书馆：检索词、名牌、内容",
    .track = TRACK_FOCUS,
    .stages = false,
    .draw = library_view_draw,
};
