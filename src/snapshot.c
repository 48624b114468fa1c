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

int snapshot_take(Snapshot *s, const FrameInput *in, int w, int h)
{
    snapshot_free(s);
    s->vectors = calloc(1, sizeof *s->vectors);
    if (!s->vectors || grid_init(&s->grid, w, h) != 0) {
        snapshot_free(s);
        return -1;
    }
    s->grid.vectors = s->vectors;
    frame_render(&s->grid, in);
    const char *view = view_ops(in->ui->view)->name;
    char sentence[MODEL_SENTENCE_BYTES];
    engine_sentence(&in->lesson->tr, sentence, sizeof sentence);
    snprintf(s->view, sizeof s->view, "%s", view);
    bool zh = in->opt && in->opt->lang == LANG_ZH;   /* the title in the frame's language */
    snprintf(s->title, sizeof s->title, zh ? "attn-tui：「%s」，%s 画面" : "attn-tui: %s, the %s view",
             sentence, view);
    return 0;
}

int snapshot_svg(const Snapshot *s, FILE *f, Theme theme)
{
    return svg_write(f, &s->grid, s->title, theme);
}

/* ---------------------------------------------------------------- names */

int snapshot_default_name(const char *view, SnapshotTaken taken, void *ctx, char *out, size_t cap)
{
    for (int n = 1; n <= SNAPSHOT_MAX_NUMBER; n++) {
        if (n == 1)
            snprintf(out, cap, "attn-tui-%s.svg", view);
        else
            snprintf(out, cap, "attn-tui-%s-%d.svg", view, n);
        if (!taken(out, ctx))
            return 0;
    }
    snprintf(out, cap, "attn-tui-%s.svg", view);
    return -1;
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
