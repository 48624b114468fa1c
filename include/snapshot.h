/* snapshot.h — a frame kept as a picture: S in the program and --print --format svg draw the
 * frame through here, so both write the same bytes: a slide, the picture without the rows
 * that are for the keys (the view bar, the status line with its hints and notes; --chrome
 * keeps them); the picture's default file name
 * (attn-tui-VIEW.svg, then -2, -3 … while a name is taken) and writing it (outfile.h, atomic).
 * Owns: the kept frame (its grid with the arcs' vectors, its title), the names, the write.
 * Must not touch: ncurses, the UI state (the caller asks for names and says what happened). */
#ifndef ATTN_SNAPSHOT_H
#define ATTN_SNAPSHOT_H

#include <stdbool.h>
#include <stddef.h>
#include <stdio.h>

#include "arcs_geometry.h"
#include "frame.h"
#include "grid.h"
#include "theme.h"

#define SNAPSHOT_TITLE_BYTES 512
#define SNAPSHOT_MAX_NUMBER OUTFILE_MAX_NUMBER   /* the default name tries attn-tui-VIEW-2 … -999.svg */

/* One frame as drawn, ready to be written. */
typedef struct {
    Grid grid;                        /* the frame's cells (cells NULL: none kept) */
    ArcsGeometry *vectors;            /* the arcs and lines the frame reported, as paths */
    char view[32];                    /* the view's --view name (for the default file name) */
    char title[SNAPSHOT_TITLE_BYTES]; /* the SVG's <title>: "attn-tui: SENTENCE, the VIEW view"
                                         (in Chinese the view's tab: 「连线」画面) */
    Lang lang;                        /* the frame's language (the picture's own words) */
} Snapshot;

/* What snapshot_save did. */
typedef enum {
    SNAPSHOT_SAVED = 0,   /* written: the message is its full path, escaped */
    SNAPSHOT_EXISTS,      /* refused: a file is there and replace was false (nothing written) */
    SNAPSHOT_FAILED       /* not written: the message says why (nothing half written) */
} SnapshotResult;

/* Asks whether a name is taken (outfile_taken in the program; a list in tests). */
typedef bool (*SnapshotTaken)(const char *path, void *ctx);

/* Draws the frame in describes at w × h into s (settled or not: as in says), freeing what s
 * kept before; without chrome the view bar and the status line left out (the rows close
 * up, the arcs' shapes move with them). Returns 0, or -1 when out of memory (s then keeps
 * nothing). */
int snapshot_take(Snapshot *s, const FrameInput *in, int w, int h, bool chrome);

/* Frees what s keeps; s may be taken again. Safe on a zeroed Snapshot. */
void snapshot_free(Snapshot *s);

/* Writes s as an SVG document (svg.h) in theme's colours to f. Returns 0, or -1 when a
 * write failed (errno set by stdio). */
int snapshot_svg(const Snapshot *s, FILE *f, Theme theme);

/* The first of attn-tui-VIEW.svg, attn-tui-VIEW-2.svg … -SNAPSHOT_MAX_NUMBER.svg that taken
 * says is free, into out. Returns 0, or -1 when every one is taken (out: the first). */
int snapshot_default_name(const char *view, SnapshotTaken taken, void *ctx, char *out, size_t cap);

/* Writes s to path (OUTFILE_ATOMIC; an existing file only when replace). msg gets the full
 * path written (realpath, escaped) or why not (one line, in lang). */
SnapshotResult snapshot_save(const Snapshot *s, const char *path, bool replace, Theme theme,
                             Lang lang, char *msg, size_t cap);

#endif
