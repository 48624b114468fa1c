/* view_matrix.c — stations 4 and 5: the T × T tables of scores and shares.
 * A placeholder until the view is built: it names itself.
 * Must not touch: ncurses, the clock, the engine's arithmetic. */
#include "draw.h"
#include "view.h"

static void matrix_view_draw(const ViewCtx *c)
{
    draw_centred(c->g, c->body.x, c->body.y + c->body.h / 2, c->body.w,
                 SAY(c, "every score at once", "所有分数一次到位"), STYLE_BOLD);
}

const ViewOps view_matrix = {
    .name = "matrix",
    .tab_en = "matrix", .tab_zh = "打分表",
    .title_en = "every score at once", .title_zh = "所有分数一次到位",
    .track = TRACK_FOCUS,
    .stages = false,
    .draw = matrix_view_draw,
};
