/* view_code.c — station 8: the five lines and the PyTorch they stand for.
 * A placeholder until the view is built: it names itself.
 * Must not touch: ncurses, the clock, the engine's arithmetic. */
#include "draw.h"
#include "view.h"

static void code_view_draw(const ViewCtx *c)
{
    draw_centred(c->g, c->body.x, c->body.y + c->body.h / 2, c->body.w,
                 SAY(c, "five lines of code", "就这五行"), STYLE_BOLD);
}

const ViewOps view_code = {
    .name = "code",
    .tab_en = "code", .tab_zh = "五行代码",
    .title_en = "five lines of code", .title_zh = "就这五行",
    .track = TRACK_STAGES_FOCUS,
    .stages = true,
    .draw = code_view_draw,
};
