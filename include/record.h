/* record.h — a session recorded as an asciicast v2 file (the format asciinema plays and
 * embeds on web pages): a header with size, timestamp and title, then every painted frame
 * as the ANSI output that draws it over the previous one (only the cells that changed),
 * with its time, and resizes.
 * Owns: the file, its JSON, and turning frames into ANSI. Must not touch: ncurses, the
 * clock (times are passed in). Costs nothing while nothing is painted. */
#ifndef ATTN_RECORD_H
#define ATTN_RECORD_H

#include <stdbool.h>
#include <stddef.h>
#include <stdio.h>
#include "grid.h"
#include "theme.h"

typedef struct {
    FILE *file;                 /* the .cast file */
    char title[128];            /* the header's title */
    long long unix_time;        /* the header's timestamp */
    long long start_ms;         /* clock at the first frame: event times count from it */
    bool started;               /* the header is written */
    Grid last;                  /* the frame as the recording last left it */
    char *out;                  /* one event's output, reused from frame to frame */
    size_t out_len;             /* bytes of it in use */
    size_t out_cap;             /* bytes allocated */
    int error;                  /* errno of the first failed write, or 0 */
    Theme theme;                /* the colours frames are recorded in (the live theme; the
                                   caller sets it, record_open starts it at dark) */
} Recorder;

/* Creates path for a recording titled title, started at unix_time. Returns 0, or -1 with
 * "PATH: reason" in err. */
int record_open(Recorder *r, const char *path, const char *title, long long unix_time,
                char *err, size_t errlen);

/* Records g, painted at now_ms: the header with g's size before the first frame, a resize
 * event when the size changed, then the cells that differ from the last frame as ANSI
 * (all of them the first time and after a resize). A frame equal to the last records
 * nothing. */
void record_frame(Recorder *r, const Grid *g, long long now_ms);

/* Closes the file. Returns 0, or the errno of the first failed write. */
int record_close(Recorder *r);

#endif
