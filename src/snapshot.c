/* snapshot.c — the frame kept as a picture (S, --print --format svg): drawn once with the
 * arcs' vectors, named attn-tui-VIEW[-N].svg, written atomically through outfile.c.
 * Must not touch: ncurses, the UI state, what a frame shows (frame.c draws it). */
#include "snapshot.h"

#include <errno.h>
#include <stdlib.h>
#include <string.h>

#include "engine.h"
#include "outfile.h"
#include "svg.h"
#include "text.h"
#include "view.h"

/* ---------------------------------------------------------------- the kept frame */

void snapshot_free(Snapshot *s)
{
    if (s->grid.cells)
        grid_free(&s->grid);
    free(s->vectors);
    memset(s, 0, sizeof *s);
}

/* Leaves rows `bar` and `status` (-1: none) out of s's grid: the rows under each move up,
 * and the shapes of the arcs and lines with them. Returns 0, or -1 when out of memory. */
static int snapshot_crop(Snapshot *s, int bar, int status)
{
    Grid *g = &s->grid, slide;
    int gone = (bar >= 0) + (status >= 0 && status != bar);
    if (gone == 0 || gone >= g->h)
        return 0;
    if (grid_init(&slide, g->w, g->h - gone) != 0)
        return -1;
    for (int y = 0, to = 0; y < g->h; y++)
        if (y != bar && y != status)
            memcpy(&slide.cells[(size_t)to++ * (size_t)g->w], &g->cells[(size_t)y * (size_t)g->w],
                   (size_t)g->w * sizeof *g->cells);
    ArcsGeometry *v = s->vectors;
    int above = (bar >= 0 && bar < v->area_y) + (status >= 0 && status < v->area_y);
    v->area_y -= above;
    for (int i = 0; i < v->count; i++) {   /* dot rows: four a cell */
        v->shapes[i].y0 -= 4.0 * above;
        v->shapes[i].y1 -= 4.0 * above;
    }
    grid_free(g);
    *g = slide;
    g->vectors = v;
    return 0;
}

int snapshot_take(Snapshot *s, const FrameInput *in, int w, int h, bool chrome)
{
    snapshot_free(s);
    s->vectors = calloc(1, sizeof *s->vectors);
    if (!s->vectors || grid_init(&s->grid, w, h) != 0) {
        snapshot_free(s);
        return -1;
    }
    s->grid.vectors = s->vectors;
    frame_render(&s->grid, in);
    int bar, status;
    if (!chrome && frame_keys_rows(in, w, h, &bar, &status) && snapshot_crop(s, bar, status) != 0) {
        snapshot_free(s);
        return -1;
    }
    const ViewOps *v = view_ops(in->ui->view);
    char sentence[MODEL_SENTENCE_BYTES];
    engine_sentence(&in->lesson->tr, sentence, sizeof sentence);
    snprintf(s->view, sizeof s->view, "%s", v->name);
    s->lang = in->opt && in->opt->lang == LANG_ZH ? LANG_ZH : LANG_EN;   /* the frame's */
    if (s->lang == LANG_ZH)
        snprintf(s->title, sizeof s->title, "attn-tui：「%s」，「%s」画面", sentence, v->tab_zh);
    else
        snprintf(s->title, sizeof s->title, "attn-tui: %s, the %s view", sentence, v->name);
    return 0;
}

int snapshot_svg(const Snapshot *s, FILE *f, Theme theme)
{
    return svg_write(f, &s->grid, s->title, theme, s->lang);
}

/* ---------------------------------------------------------------- names */

int snapshot_default_name(const char *view, SnapshotTaken taken, void *ctx, char *out, size_t cap)
{
    char wanted[128];
    snprintf(wanted, sizeof wanted, "attn-tui-%s.svg", view);
    return outfile_free_name(wanted, taken, ctx, out, cap);
}

/* ---------------------------------------------------------------- writing */

SnapshotResult snapshot_save(const Snapshot *s, const char *path, bool replace, Theme theme,
                             Lang lang, char *msg, size_t cap)
{
    OutFile f;
    if (outfile_open(&f, path, OUTFILE_ATOMIC, replace, lang, msg, cap) != 0)
        return f.exists ? SNAPSHOT_EXISTS : SNAPSHOT_FAILED;
    errno = 0;
    if (snapshot_svg(s, f.fp, theme) != 0) {
        outfile_errno(&f, errno ? errno : EIO, msg, cap);
        outfile_abort(&f);
        return SNAPSHOT_FAILED;
    }
    if (outfile_commit(&f, msg, cap) != 0)
        return f.exists ? SNAPSHOT_EXISTS : SNAPSHOT_FAILED;
    outfile_where(path, msg, cap);
    return SNAPSHOT_SAVED;
}
