/* view_machine.c — station 7: the sentence through the four tables.
 * A placeholder until the view is built: it names itself.
 * Must not touch: ncurses, the clock, the engine's arithmetic. */
#include "draw.h"
#include "view.h"

static void machine_view_draw(const ViewCtx *c)
{
    draw_centred(c->g, c->body.x, c->body.y + c->body.h / 2, c->body.w,
                 SAY(c, "the whole machine: four tables", "整台机器：四张表"), STYLE_BOLD);
}

const ViewOps view_machine = {
    .name = "machine",
    .tab_en = "machine", .tab_zh = "机器",
    .title_en = "the whole machine: four tables", .title_zh = "整台机器：四张表",
    .track = TRACK_STAGES,
    .stages = true,
    .draw = machine_view_draw,
};
